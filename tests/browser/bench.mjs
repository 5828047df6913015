// The studio's speed, measured in Debian's chromium (a benchmark run by hand, not a test):
//   cargo build --release && node tests/browser/bench.mjs [target/release/chimera]
// For each of the largest shipped definitions: page load (navigation to the page ready, board
// drawn), click-to-highlight (a click on a piece to its legal moves marked and painted), a move's
// round trip (a click on a destination to the new position drawn, through the server), and a
// recompile-and-redraw after an edit (the new text sent, compiled, the board redrawn). Goals:
// highlight under 50 ms, recompile-and-redraw under 100 ms. Prints the median of RUNS runs.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const BIN = resolve(process.argv[2] || process.env.CHIMERA_BIN || "../../target/release/chimera");
const DEFINITIONS = ["grand", "shoxiang108-xq", "shoxiang108-shogi", "xiang-fu", "chess"];
const RUNS = 15;

function serve(name) {
  return new Promise((ok, fail) => {
    const p = spawn(BIN, ["serve", name, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/[^\s]+)/);
      if (m) ok({ url: m[1], process: p });
    });
    p.on("error", fail);
    p.on("exit", (c) => fail(new Error(`chimera serve exited with ${c}`)));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const profile = mkdtempSync(join(tmpdir(), "chimera-bench-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});

// In the page: clicks square `sq` of #board and resolves with the milliseconds until `done()`
// holds and a frame has been painted after it.
async function timedClick(page, sq, done) {
  return page.evaluate(async ([sq, done]) => {
    const at = ChimeraBoard.screenPoint("board", sq);
    const target = document.elementFromPoint(at.x, at.y);
    const check = new Function("return (" + done + ")()");
    const t0 = performance.now();
    target.dispatchEvent(new MouseEvent("click", { clientX: at.x, clientY: at.y, bubbles: true }));
    while (!check()) await new Promise((r) => setTimeout(r, 1));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  }, [sq, done.toString()]);
}

console.log("definition            load ms  highlight ms  move ms  recompile+redraw ms");
for (const name of DEFINITIONS) {
  const server = await serve(name);
  const page = await browser.newPage();
  const load = [], highlight = [], move = [], edit = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = Date.now();
    await page.goto(server.url);
    await page.waitForSelector("body[data-ready=true]");
    load.push(Date.now() - t0);
  }
  // The piece with the most moves of the side to move, and one of its destinations.
  const [from, to] = await page.evaluate(() => {
    const count = new Map();
    return fetch("/api/state").then((r) => r.json()).then(({ game }) => {
      for (const m of game.board.moves) if (m.from) count.set(m.from, (count.get(m.from) || 0) + 1);
      const best = [...count].sort((a, b) => b[1] - a[1])[0][0];
      return [best, game.board.moves.find((m) => m.from === best).to];
    });
  });
  for (let i = 0; i < RUNS; i++) {
    highlight.push(await timedClick(page, from, () => document.querySelectorAll("#board .hl").length > 2));
    // Unselect (a second click on the piece).
    await timedClick(page, from, () => document.querySelectorAll("#board .hl").length <= 2);
  }
  for (let i = 0; i < RUNS; i++) {
    await timedClick(page, from, () => document.querySelectorAll("#board .hl").length > 2);
    move.push(await timedClick(page, to, () => document.querySelectorAll("#history li").length === 1));
    await page.evaluate(() => fetch("/api/undo", { method: "POST" }));
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
  }
  for (let i = 0; i < RUNS; i++) {
    // A harmless edit (a comment at the end), as the editor sends it after its pause.
    edit.push(await page.evaluate(async (i) => {
      const text = document.getElementById("text").value + `\n# edit ${i}\n`;
      const t0 = performance.now();
      const r = await fetch("/api/definition", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }),
      });
      const d = await r.json();
      ChimeraBoard.show(document.getElementById("board"), d.game.board, false);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    }, i));
  }
  console.log(`${name.padEnd(20)} ${String(median(load)).padStart(8)} ${median(highlight).toFixed(1).padStart(13)} ` +
    `${median(move).toFixed(1).padStart(8)} ${median(edit).toFixed(1).padStart(20)}`);
  await page.close();
  server.process.kill();
}
await browser.close();
rmSync(profile, { recursive: true, force: true });
