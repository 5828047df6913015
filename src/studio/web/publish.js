// The published page: everything was computed by the engine when the page was written and is
// embedded as data; nothing here knows the rules.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("data").textContent);

  // The start position: a click on a piece marks its legal moves.
  const start = ChimeraBoard.show($("start"), data.start, false);
  $("start").addEventListener("click", (evt) => {
    const sq = ChimeraBoard.squareAt(start, evt);
    ChimeraBoard.clear(start);
    if (!sq) return;
    const moves = data.start.moves.filter((m) => m.from === sq);
    const piece = start.svg.querySelector(`.piece[data-square="${sq}"]`);
    if (!piece) {
      $("start-note").textContent = `${sq} is empty`;
      return;
    }
    ChimeraBoard.mark(start, sq, "from");
    ChimeraBoard.markMoves(start, moves);
    const names = [...new Set(moves.map((m) => m.san))];
    $("start-note").textContent = `${piece.dataset.kind} on ${sq}: ` +
      (names.length ? names.join(" ") : "no legal move in the start position");
  });

  // The explorer: one piece on an empty board.
  const pieceSel = $("explorer-piece");
  data.pieces.forEach((p, i) => {
    const o = document.createElement("option");
    o.value = i;
    o.textContent = `${p.name} (${p.letter})`;
    pieceSel.appendChild(o);
  });
  const playerSel = $("explorer-player");
  data.players.forEach((p, i) => {
    const o = document.createElement("option");
    o.value = i;
    o.textContent = p;
    playerSel.appendChild(o);
  });
  const explorer = ChimeraBoard.show($("explorer"), data.empty, false);
  let at = null;
  function explore() {
    ChimeraBoard.clear(explorer);
    const p = data.pieces[Number(pieceSel.value)];
    const player = Number(playerSel.value);
    $("explorer-rules").textContent = p.rules.join("\n");
    if (!at) return;
    for (const [sq, kind] of p.moves[player][at] || []) ChimeraBoard.mark(explorer, sq, kind);
    ChimeraBoard.piece(explorer, at, p.letter, player, p.shapes && p.shapes[player]);
  }
  $("explorer").addEventListener("click", (evt) => {
    const sq = ChimeraBoard.squareAt(explorer, evt);
    if (sq) {
      at = sq;
      explore();
    }
  });
  pieceSel.onchange = explore;
  playerSel.onchange = explore;
  at = data.start.squares.length ? data.start.squares[Math.floor(data.start.squares.length / 2)].name : null;
  explore();

  // The rules sheet.
  const sheet = $("sheet");
  for (const [heading, lines] of data.sheet) {
    const h = document.createElement("h3");
    h.textContent = heading;
    const pre = document.createElement("pre");
    pre.textContent = lines.join("\n");
    sheet.appendChild(h);
    sheet.appendChild(pre);
  }
  document.body.dataset.ready = "true";
})();
