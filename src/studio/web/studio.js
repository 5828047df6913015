// The studio page: every action is a request to the server, which runs it on the one session
// (the REPL's) and answers with the new state. The page holds no game of its own.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let game = null; // the server's GameView
  let board = null; // ChimeraBoard handle
  let flipped = false;
  let selected = null; // {from} or {drop}
  let busy = 0;

  async function api(path, body) {
    const opts = body === undefined ? { method: path.startsWith("GET ") ? "GET" : "POST" } :
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const url = path.replace(/^GET /, "");
    busy++;
    document.body.classList.add("busy");
    try {
      const r = await fetch(url, opts);
      const data = await r.json();
      if (!r.ok) {
        const err = new Error(data.error || r.statusText);
        err.data = data;
        throw err;
      }
      return data;
    } finally {
      if (--busy === 0) document.body.classList.remove("busy");
    }
  }

  function say(text, error) {
    const m = $("message");
    m.textContent = text || "";
    m.classList.toggle("error", !!error);
  }

  // The designer's introduction (`description`, `author`, `link`) under the header; text only,
  // and a link only to an http(s) address (the compiler checks it too).
  let aboutShown = null;
  function showAbout(about) {
    const key = JSON.stringify(about || {});
    if (key === aboutShown) return;
    aboutShown = key;
    const box = $("about");
    box.replaceChildren();
    const a = about || {};
    for (const text of a.description || []) {
      const p = document.createElement("p");
      p.textContent = text;
      box.append(p);
    }
    const credits = document.createElement("p");
    credits.className = "credits";
    if (a.author) credits.append("By " + a.author + ".");
    if (a.link && /^https?:\/\//.test(a.link)) {
      if (a.author) credits.append(" ");
      const link = document.createElement("a");
      link.href = a.link;
      link.textContent = a.link;
      link.rel = "noopener noreferrer";
      link.target = "_blank";
      credits.append("Source: ", link);
    }
    if (credits.childNodes.length) box.append(credits);
    box.hidden = box.childNodes.length === 0;
  }

  function sayError(e) {
    const d = e.data || {};
    let text = e.message;
    if (d.context && d.context.length) text += "\n" + d.context.join("\n");
    if (d.help) text += "\nhelp: " + d.help;
    say(text, true);
  }

  function apply(data) {
    // A selection stays while the position does (changing the thinking time keeps it).
    if (data.game) {
      if (!game || game.board.fen !== data.game.board.fen) selected = null;
      game = data.game;
    } else if ("game" in data) {
      // The open definition does not compile: no game until it does.
      game = null;
      selected = null;
    }
    if (data.message !== undefined) say(data.message);
    draw();
  }

  async function act(path, body) {
    try {
      apply(await api(path, body));
    } catch (e) {
      sayError(e);
    }
  }

  function draw() {
    if (!game) {
      board = null;
      const note = document.createElement("p");
      note.className = "nogame";
      note.textContent = "The definition does not compile: fix the errors shown in the editor and the board appears.";
      $("board").replaceChildren(note);
      $("status").textContent = "";
      $("history").innerHTML = "";
      return;
    }
    const b = game.board;
    board = ChimeraBoard.show($("board"), b, flipped);
    $("board").classList.toggle("check", b.check);
    $("board").classList.toggle("nozones", !$("zones").checked);
    if (game.last) {
      ChimeraBoard.mark(board, game.last[0], "last");
      ChimeraBoard.mark(board, game.last[1], "last");
    }
    if (selected) {
      if (selected.from) ChimeraBoard.mark(board, selected.from, "from");
      ChimeraBoard.markMoves(board, selectedMoves());
    }
    $("variant").textContent = game.variant;
    showAbout(game.about);
    $("status").textContent = b.status;
    $("fen").value = b.fen;
    const comp = $("computer");
    if (comp.options.length !== 4) {
      comp.innerHTML = "";
      for (const v of ["off", game.players[0], game.players[1], "both"]) {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = v === "off" ? "no side" : v;
        comp.appendChild(o);
      }
    }
    comp.value = game.computer;
    const h = $("history");
    h.innerHTML = "";
    game.history.forEach((p, i) => {
      const li = document.createElement("li");
      li.textContent = (p.number ? p.number + " " : "") + p.san;
      li.dataset.ply = i + 1;
      if (i === game.history.length - 1) li.classList.add("current");
      li.onclick = () => {
        const back = game.history.length - (i + 1);
        if (back > 0) act("/api/undo", { n: back });
      };
      h.appendChild(li);
    });
  }

  function selectedMoves() {
    if (!selected) return [];
    // Choosing a wall: its squares are the ones to mark.
    if (selected.walls) {
      return selected.walls.map((m) => Object.assign({}, m, { to: m.wall, capture: false, victims: [], screens: [] }));
    }
    return game.board.moves.filter((m) =>
      selected.from ? m.from === selected.from : m.drop === selected.drop && m.from === null);
  }

  function choosePromotion(moves) {
    const d = $("promotion");
    d.innerHTML = "<p>Promote to:</p>";
    for (const m of moves) {
      const btn = document.createElement("button");
      btn.textContent = m.promotion || "no promotion";
      btn.dataset.move = m.text;
      btn.onclick = () => {
        d.hidden = true;
        play(m.text);
      };
      d.appendChild(btn);
    }
    d.hidden = false;
  }

  // A move in flight (the computer may be answering it): clicks wait for the new position.
  let moving = false;
  async function play(text) {
    selected = null;
    moving = true;
    $("lines").textContent = "";
    try {
      await act("/api/move", { move: text });
    } finally {
      moving = false;
    }
  }

  function onBoardClick(evt) {
    if (!game || moving) return;
    $("promotion").hidden = true;
    const handPiece = evt.target.closest && evt.target.closest(".hand-piece");
    const sideIndex = game.board.side === game.players[0] ? "first" : "second";
    if (handPiece) {
      if (handPiece.dataset.player !== sideIndex) {
        say(`that piece is in ${game.board.side === game.players[0] ? game.players[1] : game.players[0]}'s hand; ${game.board.side} is to move`, true);
        return;
      }
      selected = { drop: handPiece.dataset.kind };
      say(`drop the ${selected.drop}: click a square`);
      draw();
      return;
    }
    const sq = ChimeraBoard.squareAt(board, evt);
    if (!sq) return;
    if (selected && selected.walls) {
      // `walls`: the second click says where the wall goes.
      const w = selected.walls.filter((m) => m.wall === sq);
      selected = null;
      if (w.length === 1) return play(w[0].text);
      if (w.length > 1) return choosePromotion(w);
      say(`${sq} is no square for the wall; pick the move again`, true);
      return draw();
    }
    if (selected) {
      const to = selectedMoves().filter((m) => m.to === sq);
      if (to.some((m) => m.wall)) {
        selected = { from: selected.from, drop: selected.drop, walls: to };
        say(`now click the square for the wall`);
        return draw();
      }
      if (to.length === 1) return play(to[0].text);
      if (to.length > 1) return choosePromotion(to);
      if (selected.from === sq) {
        selected = null;
        return draw();
      }
    }
    const own = game.board.moves.some((m) => m.from === sq);
    const piece = board.svg.querySelector(`.piece[data-square="${sq}"]`);
    if (own) {
      selected = { from: sq };
      say("");
      return draw();
    }
    if (selected && selected.from) {
      // Not a legal move: let the engine say why.
      return play(selected.from + sq);
    }
    if (selected && selected.drop) {
      const letter = game.board.moves.find((m) => m.drop === selected.drop);
      return play((letter ? letter.text.split("@")[0] : selected.drop) + "@" + sq);
    }
    if (piece) {
      say(piece.dataset.player === sideIndex ? `the ${piece.dataset.kind} on ${sq} has no legal move` : `${game.board.side} is to move`, true);
    }
  }

  // The definition editor.
  let editTimer = null;
  function lineNumbers(text, diags) {
    const n = text.split("\n").length;
    const marks = new Map();
    for (const d of diags || []) if (!marks.has(d.line) || d.severity === "error") marks.set(d.line, d.severity);
    const g = $("gutter");
    g.innerHTML = "";
    for (let i = 1; i <= n; i++) {
      const s = document.createElement("span");
      s.textContent = i + "\n";
      s.dataset.line = i;
      if (marks.has(i)) s.className = marks.get(i) === "error" ? "err" : "warn";
      g.appendChild(s);
    }
    $("text").style.height = n * 18 + 12 + "px";
  }

  function showDefinition(d) {
    const list = $("diagnostics");
    list.innerHTML = "";
    for (const x of d.diagnostics || []) {
      const li = document.createElement("li");
      li.className = x.severity;
      li.dataset.line = x.line;
      li.dataset.code = x.code;
      li.textContent = `${x.line}:${x.column} ${x.severity} ${x.code}: ${x.message}`;
      if (x.help) {
        const h = document.createElement("span");
        h.className = "help";
        h.textContent = "help: " + x.help;
        li.appendChild(h);
      }
      li.onclick = () => goToLine(x.line);
      list.appendChild(li);
    }
    lineNumbers($("text").value, d.diagnostics);
    $("save").disabled = !d.writable;
    $("saved").textContent = d.writable ? (d.edited ? "edited" : "saved") : "built in: cannot be saved";
    if (d.pieces) showPieces(d.pieces);
  }

  function goToLine(n) {
    const t = $("text");
    const lines = t.value.split("\n");
    let at = 0;
    for (let i = 0; i < n - 1 && i < lines.length; i++) at += lines[i].length + 1;
    t.focus();
    t.setSelectionRange(at, at + (lines[n - 1] || "").length);
  }

  function showPieces(pieces) {
    const p = $("pieces");
    p.innerHTML = "";
    for (const x of pieces) {
      const div = document.createElement("div");
      div.className = "piece";
      div.dataset.kind = x.name;
      div.innerHTML = x.diagram;
      const h = document.createElement("h3");
      h.textContent = `${x.name} (${x.letter})`;
      const pre = document.createElement("pre");
      pre.textContent = x.rules.join("\n");
      div.appendChild(h);
      div.appendChild(pre);
      p.appendChild(div);
    }
  }

  async function loadDefinition() {
    const d = await api("GET /api/definition");
    $("text").value = d.text;
    showDefinition(d);
  }

  async function recompile() {
    try {
      const d = await api("/api/definition", { text: $("text").value });
      showDefinition(d);
      if ("game" in d) {
        game = d.game;
        selected = null;
        draw();
      }
      if (d.message) say(d.message);
    } catch (e) {
      sayError(e);
    }
  }

  // The analysis panel. Answers may cross (an event and a fetch): only the latest asked is shown.
  let analysisSeq = 0;
  function showAnalysis(a, seq) {
    if (seq !== analysisSeq) return;
    const p = $("an-progress");
    p.max = a.total || 1;
    p.value = a.running ? a.done || 0 : a.report ? p.max : a.done || 0;
    $("an-run").disabled = !!a.running;
    $("an-stop").disabled = !a.running;
    $("an-status").textContent = a.running ? `${a.done} of ${a.total} games played` :
      a.error ? a.error : a.report ? `${a.total} games played` : "";
    document.body.dataset.analysis = a.running ? "running" : a.report ? "done" : a.error ? "stopped" : "idle";
    if (a.running) return;
    // The table and plots are the server's own HTML and SVG (`chimera analyze --report`'s).
    $("an-table").innerHTML = a.report ? a.report.table_html : "";
    const plots = $("an-plots");
    plots.innerHTML = "";
    for (const x of a.report ? a.report.plots : []) {
      const fig = document.createElement("figure");
      const cap = document.createElement("figcaption");
      cap.textContent = x.title;
      fig.innerHTML = x.svg;
      fig.prepend(cap);
      plots.appendChild(fig);
    }
  }

  async function refreshAnalysis() {
    const seq = ++analysisSeq;
    try {
      showAnalysis(await api("GET /api/analysis"), seq);
    } catch (e) {
      sayError(e);
    }
  }

  async function runAnalysis() {
    try {
      const r = await api("/api/analysis", {
        games: Number($("an-games").value), nodes: Number($("an-nodes").value),
        max_plies: Number($("an-plies").value), all: $("an-all").checked,
      });
      say(r.message);
      await refreshAnalysis();
    } catch (e) {
      sayError(e);
    }
  }

  async function init() {
    $("board").addEventListener("click", onBoardClick);
    $("undo").onclick = () => act("/api/undo", {});
    $("redo").onclick = () => act("/api/redo", {});
    $("reset").onclick = () => act("/api/reset", {});
    $("flip").onclick = () => { flipped = !flipped; draw(); };
    $("zones").onchange = () => draw();
    $("setfen").onclick = () => act("/api/fen", { fen: $("fen").value });
    $("computer").onchange = () => {
      $("lines").textContent = "";
      act("/api/computer", { sides: $("computer").value, time_ms: Number($("think").value) || 1000 });
    };
    $("think").onchange = () => act("/api/computer", { sides: $("computer").value, time_ms: Number($("think").value) || 1000 });
    $("hint").onclick = () => { $("lines").textContent = ""; act("/api/hint", {}); };
    $("stop").onclick = () => api("/api/stop", {}).catch(sayError);
    $("pgn-download").onclick = async () => {
      try {
        const d = await api("GET /api/pgn");
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([d.pgn], { type: "application/x-chess-pgn" }));
        a.download = (game ? game.variant : "game").replace(/[^A-Za-z0-9_-]+/g, "-") + ".pgn";
        a.click();
        URL.revokeObjectURL(a.href);
      } catch (e) {
        sayError(e);
      }
    };
    $("pgn-upload").onchange = async (e) => {
      const f = e.target.files[0];
      if (f) act("/api/pgn", { pgn: await f.text() });
      e.target.value = "";
    };
    $("text").addEventListener("input", () => {
      lineNumbers($("text").value, []);
      clearTimeout(editTimer);
      editTimer = setTimeout(recompile, 300);
    });
    $("save").onclick = async () => {
      try {
        const d = await api("/api/save", {});
        say(d.message);
        $("saved").textContent = "saved";
      } catch (e) {
        sayError(e);
      }
    };
    for (const b of document.querySelectorAll(".tabs button")) {
      b.onclick = () => {
        for (const x of document.querySelectorAll(".tabs button")) x.classList.toggle("active", x === b);
        for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== "tab-" + b.dataset.tab;
      };
    }
    const defs = await api("GET /api/definitions");
    const sel = $("definitions");
    defs.definitions.forEach((d, i) => {
      const o = document.createElement("option");
      o.value = i;
      o.textContent = d.name;
      sel.appendChild(o);
    });
    sel.value = defs.current;
    sel.hidden = defs.definitions.length < 2;
    sel.onchange = async () => {
      await act("/api/select", { index: Number(sel.value) });
      await loadDefinition();
    };
    $("an-run").onclick = runAnalysis;
    $("an-stop").onclick = () => api("/api/analysis/stop", {}).catch(sayError);
    // A page closed mid-analysis stops it (the server also stops when no page listens).
    window.addEventListener("pagehide", () => {
      if (document.body.dataset.analysis === "running") navigator.sendBeacon("/api/analysis/stop");
    });
    const events = new EventSource("/api/events");
    events.addEventListener("analysis", async (e) => {
      const d = JSON.parse(e.data);
      if (d.finished) await refreshAnalysis();
      else showAnalysis({ running: true, done: d.done, total: d.total }, ++analysisSeq);
    });
    events.onmessage = (e) => {
      const l = $("lines");
      if (e.data === "done") return;
      l.textContent = e.data + "\n" + l.textContent.split("\n").slice(0, 20).join("\n");
    };
    apply(await api("GET /api/state"));
    await loadDefinition();
    $("an-all-label").hidden = defs.definitions.length < 2;
    await refreshAnalysis();
    document.body.dataset.ready = "true";
  }

  init().catch(sayError);
})();
