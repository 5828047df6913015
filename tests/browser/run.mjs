// The studio in a real browser: Debian's chromium driven by playwright-core. Run by
// tests/ext_browser.rs with CHIMERA_BIN (the chimera binary) and SHOTS (a folder for
// screenshots). Each scenario throws on failure; any JavaScript console error fails the run.
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";

const BIN = process.env.CHIMERA_BIN;
const SHOTS = process.env.SHOTS || join(tmpdir(), "chimera-shots");
mkdirSync(SHOTS, { recursive: true });
const servers = [];

// Starts `chimera serve ARGS --port 0` and resolves to its address.
function serve(...args) {
  return new Promise((resolve, reject) => {
    const p = spawn(BIN, ["serve", ...args, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    servers.push(p);
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/[^\s]+)/);
      if (m) resolve(m[1]);
    });
    p.on("exit", (code) => reject(new Error(`chimera serve exited with ${code}: ${out}`)));
  });
}

const profile = mkdtempSync(join(tmpdir(), "chimera-chromium-"));
// A fresh profile each run (playwright passes it as --user-data-dir).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const errors = [];

async function open(url) {
  const page = await browser.newPage();
  // A refused move is answered 422 on purpose; the browser logs every 4xx as a console error.
  page.on("console", (m) => {
    if (m.type() === "error" && !(page.expectRefusal && /status of 422/.test(m.text()))) errors.push(`${url}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`${url}: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  return page;
}

// Clicks the centre of square `sq` of the board in `#id`.
async function clickSquare(page, sq, id = "board") {
  const box = await page.evaluate(([sq, id]) => ChimeraBoard.screenPoint(id, sq), [sq, id]);
  assert.ok(box, `no square ${sq} on #${id}`);
  await page.mouse.click(box.x, box.y);
}

async function marked(page, kinds, id = "board") {
  return page.evaluate(([kinds, id]) => [...document.querySelectorAll(`#${id} .hl`)]
    .filter((e) => kinds.includes(e.dataset.mark)).map((e) => e.dataset.square).sort(), [kinds, id]);
}

async function state(page) {
  return page.evaluate(async () => (await (await fetch("/api/state")).json()).game);
}

// Waits until no request of the page is in flight.
async function idle(page) {
  await page.waitForFunction(() => !document.body.classList.contains("busy"), null, { timeout: 20000 });
}

async function historyLength(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length === n, n, { timeout: 20000 }).catch(async (e) => {
    throw new Error(`${e.message}; history: ${await page.textContent("#history")}; message: ${await page.textContent("#message")}`);
  });
}

const scenarios = {
  async cannon_highlights_equal_the_engines_moves() {
    const page = await open(await serve("xiang-fu"));
    // The designer's introduction, author and link from the definition, under the header.
    assert.ok(await page.isVisible("#about"));
    const about = await page.textContent("#about");
    assert.ok(about.startsWith("Xiang Fu, winner of the PyChess Variant Design Contest"), about);
    assert.ok(about.includes("By Eventlesstew."), about);
    assert.equal(await page.getAttribute("#about a", "href"), "https://www.pychess.org/variants/xiangfu");
    const st = await state(page);
    const sq = await page.evaluate(() => document.querySelector('#board .piece[data-kind="Cannon"][data-player="first"]').dataset.square);
    await clickSquare(page, sq);
    const engine = [...new Set(st.board.moves.filter((m) => m.from === sq).map((m) => m.to))].sort();
    assert.ok(engine.length > 0);
    assert.deepEqual(await marked(page, ["quiet", "capture"]), engine);
    await page.screenshot({ path: join(SHOTS, "studio-xiang-fu.png") });
    // The Pieces tab: every kind's diagram and rules text.
    await page.click('.tabs button[data-tab="pieces"]');
    const pieces = await page.$$eval("#pieces > .piece", (ps) => ps.map((p) => [p.dataset.kind, !!p.querySelector("svg"), p.querySelector("pre").textContent.length > 0]));
    const kinds = [...new Set(await page.$$eval("#board .piece", (ps) => ps.map((p) => p.dataset.kind)))];
    for (const k of kinds) assert.deepEqual(pieces.find((p) => p[0] === k), [k, true, true], k);
    // The zones overlay comes and goes.
    assert.ok(await page.$$eval("#board .zone-square, #board .zone-border", (z) => z.length) > 0);
    await page.uncheck("#zones");
    assert.ok(await page.$eval("#board", (b) => b.classList.contains("nozones")));
    await page.check("#zones");
    await page.click('.tabs button[data-tab="editor"]');
    // Play the first of them by clicking.
    await clickSquare(page, engine[0]);
    await historyLength(page, 1);
    await page.close();
  },

  async shogi_promotion_asks_with_the_legal_choices() {
    const page = await open(await serve("shogi"));
    for (const [a, b, n] of [["c3", "c4", 1], ["g7", "g6", 2]]) {
      await clickSquare(page, a);
      await clickSquare(page, b);
      await historyLength(page, n);
    }
    await clickSquare(page, "b2");
    await clickSquare(page, "h8");
    await page.waitForSelector("#promotion:not([hidden]) button");
    const choices = await page.$$eval("#promotion button", (bs) => bs.map((b) => b.textContent).sort());
    const st = await state(page);
    const legal = st.board.moves.filter((m) => m.from === "b2" && m.to === "h8").map((m) => m.promotion || "no promotion").sort();
    assert.deepEqual(choices, legal);
    assert.equal(choices.length, 2);
    await page.screenshot({ path: join(SHOTS, "studio-shogi-promotion.png") });
    const promoted = choices.find((c) => c !== "no promotion");
    await page.click(`#promotion button:text("${promoted}")`);
    await historyLength(page, 3);
    const after = await state(page);
    assert.match(after.history[2].san, /\+/);
    await page.close();
  },

  async crazyhouse_drop_from_the_hand() {
    const page = await open(await serve("crazyhouse"));
    let n = 0;
    for (const [a, b] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"], ["d8", "d5"]]) {
      await clickSquare(page, a);
      await clickSquare(page, b);
      await historyLength(page, ++n);
    }
    await page.click('#board .hand-piece[data-player="first"]');
    const targets = await marked(page, ["quiet"]);
    assert.ok(targets.includes("e6"), targets.join(" "));
    await clickSquare(page, "e6");
    await historyLength(page, 5);
    const st = await state(page);
    assert.match(st.history[4].san, /@e6/);
    await page.close();
  },

  async a_few_moves_against_the_computer() {
    const page = await open(await serve("chess"));
    await page.fill("#think", "100");
    await page.press("#think", "Tab");
    await idle(page);
    await page.selectOption("#computer", "Black");
    await idle(page);
    await clickSquare(page, "e2");
    await clickSquare(page, "e4");
    await historyLength(page, 2).catch(async (e) => {
      await page.screenshot({ path: join(SHOTS, "computer-failed.png") });
      throw new Error(`${e.message}; message: ${await page.textContent("#message")}; computer: ${await page.inputValue("#computer")}; history: ${await page.textContent("#history")}`);
    });
    await clickSquare(page, "g1");
    await clickSquare(page, "f3");
    await historyLength(page, 4);
    await page.click("#undo");
    await historyLength(page, 2);
    await page.close();
  },

  async illegal_click_says_why() {
    const page = await open(await serve("chess"));
    page.expectRefusal = true;
    await clickSquare(page, "e2");
    await clickSquare(page, "e5");
    await page.waitForSelector("#message.error");
    const text = await page.textContent("#message");
    assert.match(text, /the Pawn on e2 cannot move to e5/);
    assert.match(text, /legal moves of this Pawn: e2e3 e2e4/);
    await page.close();
  },

  async editor_shows_the_diagnostic_at_its_line_and_the_board_follows() {
    const page = await open(await serve("chess"));
    const text = await page.inputValue("#text");
    const line = text.split("\n").findIndex((l) => l.startsWith("piece Knight")) + 1;
    await page.fill("#text", text.replace("piece Knight N", "piece Knight N N"));
    await page.dispatchEvent("#text", "input");
    await page.waitForSelector("#diagnostics li.error");
    const at = await page.getAttribute("#diagnostics li.error", "data-line");
    assert.equal(Number(at), line);
    assert.equal(await page.getAttribute(`#gutter span[data-line="${line}"]`, "class"), "err");
    await page.screenshot({ path: join(SHOTS, "studio-editor-error.png") });
    await page.fill("#text", text.replace(/Knight/g, "Horse"));
    await page.dispatchEvent("#text", "input");
    await page.waitForSelector('#board .piece[data-kind="Horse"]');
    await page.waitForFunction(() => document.querySelectorAll("#diagnostics li.error").length === 0);
    await page.close();
  },

  async run_a_small_analysis() {
    const page = await open(await serve("chess"));
    await page.click('.tabs button[data-tab="analysis"]');
    await page.fill("#an-games", "2");
    await page.fill("#an-nodes", "100");
    await page.fill("#an-plies", "30");
    await page.click("#an-run");
    await page.waitForSelector("body[data-analysis=done]", { timeout: 60000 });
    assert.equal(await page.getAttribute("#an-progress", "value"), await page.getAttribute("#an-progress", "max"));
    assert.equal(await page.textContent("#an-status"), "2 games played");
    const games = await page.$eval("#an-table table", (t) => [...t.rows].find((r) => r.cells[0].textContent === "games").cells[1].textContent);
    assert.equal(games, "2");
    const figures = await page.$$eval("#an-plots figure", (fs) => fs.map((f) => [f.querySelector("figcaption").textContent, !!f.querySelector("svg")]));
    assert.deepEqual(figures, [["Game length", true], ["Branching factor per ply", true], ["Outcomes", true], ["Piece values", true]]);
    await page.screenshot({ path: join(SHOTS, "studio-analysis.png"), fullPage: true });
    // Stopped from the page: a longer run ends early and says so.
    await page.fill("#an-games", "50");
    await page.click("#an-run");
    await page.waitForSelector("body[data-analysis=running]");
    await page.click("#an-stop");
    await page.waitForSelector("body[data-analysis=stopped]", { timeout: 60000 });
    assert.equal(await page.textContent("#an-status"), "stopped");
    await page.close();
  },

  async a_definition_that_does_not_compile_opens_with_its_errors() {
    const dir = mkdtempSync(join(tmpdir(), "chimera-broken-"));
    const good = 'variant "Tiny"\nboard 3x3\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\nstart "k2/3/K1R w - - 0 1"\n';
    const file = join(dir, "tiny.variant");
    writeFileSync(file, good.replace("moves R }", "moves Zq }"));
    const page = await open(await serve(file));
    await page.waitForSelector("#board .nogame");
    const li = await page.$("#diagnostics li.error");
    assert.equal(await li.getAttribute("data-line"), "5");
    assert.equal(await li.getAttribute("data-code"), "chimera::betza");
    assert.match(await li.textContent(), /^5:23 error chimera::betza: modifiers `q` have no atom after them/);
    assert.equal(await page.getAttribute('#gutter span[data-line="5"]', "class"), "err");
    await page.screenshot({ path: join(SHOTS, "studio-broken-at-start.png") });
    await page.fill("#text", good);
    await page.dispatchEvent("#text", "input");
    await page.waitForSelector('#board .piece[data-kind="Rook"]');
    assert.equal(await page.$$eval("#diagnostics li", (l) => l.length), 0);
    await clickSquare(page, "c1");
    await clickSquare(page, "c3");
    await historyLength(page, 1);
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  },

  async flip_fen_pgn_hint_and_stop() {
    const page = await open(await serve("chess"));
    // Flipped, Black's side is at the bottom and clicks still find their squares.
    const before = await page.evaluate(() => ChimeraBoard.screenPoint("board", "e2").y);
    await page.click("#flip");
    const e2 = await page.evaluate(() => ChimeraBoard.screenPoint("board", "e2").y);
    const e7 = await page.evaluate(() => ChimeraBoard.screenPoint("board", "e7").y);
    assert.ok(e2 < e7 && e2 < before, `e2 at ${e2}, e7 at ${e7}`);
    await clickSquare(page, "e2");
    await clickSquare(page, "e4");
    await historyLength(page, 1);
    // The FEN field follows the game and sets a position.
    assert.equal(await page.inputValue("#fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    await page.fill("#fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    await page.click("#setfen");
    await page.waitForSelector('#board .piece[data-square="h1"]');
    assert.equal((await state(page)).board.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert.equal(await page.$$eval("#board .piece", (p) => p.length), 3);
    // A PGN opened from a file, then downloaded.
    await page.setInputFiles("#pgn-upload", { name: "game.pgn", mimeType: "application/x-chess-pgn", buffer: Buffer.from("1. e4 e5 2. Nf3 Nc6 *\n") });
    await historyLength(page, 4);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#pgn-download")]);
    const pgn = readFileSync(await download.path(), "utf8");
    assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6/);
    assert.match(pgn, /^\[Event /);
    // A hint streams the engine's lines, then names a move.
    await page.click("#hint");
    await page.waitForFunction(() => /depth \d+ score/.test(document.getElementById("lines").textContent), null, { timeout: 20000 });
    await page.waitForFunction(() => /hint: try/.test(document.getElementById("message").textContent), null, { timeout: 20000 });
    // Stop ends a long think of the computer: as Ctrl-C in the REPL, it leaves the side unplayed.
    // (The thinking time is sent when the field is left; then the side.)
    await page.fill("#think", "20000");
    await page.press("#think", "Tab");
    await idle(page);
    const t = Date.now();
    await page.selectOption("#computer", "White");
    await page.waitForFunction(() => /depth \d+ score/.test(document.getElementById("lines").textContent), null, { timeout: 20000 });
    await page.click("#stop");
    await page.waitForFunction(() => /stopped; the computer plays no side/.test(document.getElementById("message").textContent), null, { timeout: 15000 });
    assert.ok(Date.now() - t < 15000, `the computer took ${Date.now() - t} ms to stop`);
    assert.equal(await page.inputValue("#computer"), "off");
    await historyLength(page, 4);
    // The move list: a click on a move goes back to it.
    await page.click('#history li[data-ply="2"]');
    await historyLength(page, 2);
    assert.equal((await state(page)).board.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    await page.close();
  },

  async published_page_from_file_url() {
    const dir = mkdtempSync(join(tmpdir(), "chimera-publish-"));
    execFileSync(BIN, ["publish", "xiang-fu", "-o", dir]);
    const page = await open("file://" + join(dir, "index.html"));
    const sq = await page.evaluate(() => document.querySelector('#start .piece[data-kind="Cannon"][data-player="first"]').dataset.square);
    await clickSquare(page, sq, "start");
    const shown = await marked(page, ["quiet", "capture"], "start");
    const data = await page.evaluate(() => JSON.parse(document.getElementById("data").textContent));
    const expected = [...new Set(data.start.moves.filter((m) => m.from === sq).map((m) => m.to))].sort();
    assert.ok(expected.length > 0);
    assert.deepEqual(shown, expected);
    // The explorer: the Cannon on a square of the empty board shows its moves there.
    const cannon = data.pieces.findIndex((p) => p.name === "Cannon");
    await page.selectOption("#explorer-piece", String(cannon));
    await clickSquare(page, "e4", "explorer");
    const explored = await page.evaluate(() => document.querySelectorAll("#explorer .hl").length);
    assert.equal(explored, data.pieces[cannon].moves[0]["e4"].length);
    await page.screenshot({ path: join(SHOTS, "published-xiang-fu.png"), fullPage: true });
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  },
};

let failed = 0;
const only = process.argv[2];
for (const [name, run] of Object.entries(scenarios)) {
  if (only && !name.includes(only)) continue;
  const t = Date.now();
  try {
    await run();
    console.log(`ok ${name} (${Date.now() - t} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAILED ${name}: ${e.stack || e}`);
  }
}
await browser.close();
for (const p of servers) p.kill();
rmSync(profile, { recursive: true, force: true });
if (errors.length) {
  console.log("JavaScript console errors:\n" + errors.join("\n"));
  failed++;
}
process.exit(failed ? 1 : 0);
