// The board of the studio and of published pages: Chimera's own SVG picture, with marks drawn
// over it and clicks turned into square names. Shared by studio.js and publish.js.
"use strict";
const ChimeraBoard = (() => {
  const NS = "http://www.w3.org/2000/svg";

  // Shows `view` (svg, squares, cell) in `el`; returns the board handle.
  function show(el, view, flipped) {
    el.innerHTML = view.svg;
    const svg = el.querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.classList.toggle("flipped", !!flipped);
    const overlay = document.createElementNS(NS, "g");
    overlay.setAttribute("class", "overlay");
    svg.appendChild(overlay);
    const squares = new Map(view.squares.map((s) => [s.name, s]));
    const b = { el, svg, overlay, squares, cell: view.cell, flipped: !!flipped };
    shown[el.id] = b;
    return b;
  }

  // The boards on the page by their element's id (tests and tools find squares through it).
  const shown = {};

  // Where square `name` of the board in element `id` is on the screen (client coordinates).
  function screenPoint(id, name) {
    const b = shown[id];
    const s = b && b.squares.get(name);
    if (!s) return null;
    const r = b.svg.getBoundingClientRect();
    const vb = b.svg.viewBox.baseVal;
    let x = s.x, y = s.y;
    if (b.flipped) {
      x = vb.x + vb.width - (x - vb.x);
      y = vb.y + vb.height - (y - vb.y);
    }
    return { x: r.left + ((x - vb.x) / vb.width) * r.width, y: r.top + ((y - vb.y) / vb.height) * r.height };
  }

  // The square name under a mouse event, or null.
  function squareAt(b, evt) {
    const r = b.svg.getBoundingClientRect();
    const vb = b.svg.viewBox.baseVal;
    let x = ((evt.clientX - r.left) / r.width) * vb.width + vb.x;
    let y = ((evt.clientY - r.top) / r.height) * vb.height + vb.y;
    if (b.flipped) {
      x = vb.x + vb.width - (x - vb.x);
      y = vb.y + vb.height - (y - vb.y);
    }
    let best = null;
    let dist = b.cell * 0.6;
    for (const s of b.squares.values()) {
      const d = Math.hypot(s.x - x, s.y - y);
      if (d < dist) {
        dist = d;
        best = s.name;
      }
    }
    return best;
  }

  function el(name, attrs) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  // Draws one mark of `kind` on square `name`: each kind its own shape, none covering the
  // piece's letter (screens and victims are marked in the corners).
  function mark(b, name, kind) {
    const s = b.squares.get(name);
    if (!s) return;
    const c = b.cell;
    const cls = { class: "hl hl-" + kind, "data-square": name, "data-mark": kind };
    let e;
    switch (kind) {
      case "from":
      case "last":
        e = el("rect", { ...cls, x: s.x - c / 2, y: s.y - c / 2, width: c, height: c });
        b.overlay.insertBefore(e, b.overlay.firstChild);
        return;
      case "quiet":
      case "move-only":
        e = el("circle", { ...cls, cx: s.x, cy: s.y, r: c * 0.15 });
        break;
      case "capture":
      case "capture-only":
        e = el("circle", { ...cls, cx: s.x, cy: s.y, r: c * 0.44, fill: "none" });
        break;
      case "move-or-capture":
        e = el("circle", { ...cls, cx: s.x, cy: s.y, r: c * 0.2 });
        break;
      case "screen":
      case "hop": {
        // In the corner, clear of the box a piece's glyph (a figurine too) is drawn in.
        const x = s.x + c * 0.41, y = s.y - c * 0.41, d = c * 0.085;
        e = el("polygon", { ...cls, points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}` });
        break;
      }
      case "captured":
      case "locust": {
        const x = s.x - c * 0.41, y = s.y + c * 0.41, d = c * 0.07;
        e = el("path", { ...cls, d: `M${x - d},${y - d}L${x + d},${y + d}M${x - d},${y + d}L${x + d},${y - d}` });
        break;
      }
      case "hurdle":
        e = el("circle", { ...cls, cx: s.x, cy: s.y, r: c * 0.36 });
        b.overlay.insertBefore(e, b.overlay.firstChild);
        return;
      case "blocker":
        e = el("rect", { ...cls, x: s.x - c * 0.1, y: s.y - c * 0.1, width: c * 0.2, height: c * 0.2 });
        break;
      default:
        e = el("circle", { ...cls, cx: s.x, cy: s.y, r: c * 0.1 });
    }
    b.overlay.appendChild(e);
  }

  function clear(b) {
    while (b.overlay.firstChild) b.overlay.removeChild(b.overlay.firstChild);
  }

  // Marks the moves among `moves` (MoveView) that `pick` selects: landing squares by kind,
  // screens and victims apart.
  function markMoves(b, moves) {
    const done = new Set();
    const put = (sq, kind) => {
      const key = sq + " " + kind;
      if (!done.has(key)) {
        done.add(key);
        mark(b, sq, kind);
      }
    };
    for (const m of moves) {
      put(m.to, m.capture ? "capture" : "quiet");
      for (const v of m.victims) put(v, "captured");
      for (const s of m.screens) put(s, "screen");
    }
  }

  // A piece drawn by the page itself (the explorer's piece on an empty board): `markup` is the
  // renderer's own drawing of it (glyph, disc or wedge) centred on 0,0 in a square of 100 units,
  // made by Chimera from the checked definition; without it, its letter on a disc.
  function piece(b, name, letter, player, markup) {
    const s = b.squares.get(name);
    if (!s) return;
    if (markup) {
      const g = el("g", { class: "explorer-piece", "data-square": name, transform: `translate(${s.x} ${s.y}) scale(${b.cell / 100})` });
      g.innerHTML = markup;
      b.overlay.appendChild(g);
      return;
    }
    const g = el("g", { class: "explorer-piece", "data-square": name });
    g.appendChild(el("circle", { cx: s.x, cy: s.y, r: b.cell * 0.4, fill: player ? "#222" : "#fafafa", stroke: "#111" }));
    const t = el("text", { x: s.x, y: s.y, "font-size": b.cell * 0.45, "text-anchor": "middle", "dominant-baseline": "central", fill: player ? "#fafafa" : "#111", "font-weight": "bold" });
    t.textContent = player ? letter.toLowerCase() : letter;
    g.appendChild(t);
    b.overlay.appendChild(g);
  }

  return { show, squareAt, screenPoint, mark, clear, markMoves, piece };
})();
