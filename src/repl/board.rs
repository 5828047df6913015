//! Text boards: positions, zones and movement diagrams, in Unicode or ASCII.

use crate::engine::{DiagramMark, Piece, Position};
use crate::geometry::{file_letter, Player, Square, SquareSet};
use crate::rules::RuleSet;

/// How boards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// Box-drawing frame and a middle dot for empty squares.
    Unicode,
    /// Only ASCII characters.
    Ascii,
}

impl BoardStyle {
    fn empty(self) -> &'static str {
        match self {
            BoardStyle::Unicode => "·",
            BoardStyle::Ascii => ".",
        }
    }
}

/// The FEN letter of a piece: upper case for the first player, lower case for the second.
pub fn piece_letter(rules: &RuleSet, piece: Piece) -> String {
    let l = &rules.piece(piece.kind).letter;
    match piece.player {
        Player::First => l.clone(),
        Player::Second => l.to_ascii_lowercase(),
    }
}

/// Draws a board whose cells are given by `cell` (at most 2 characters; `None` = an empty square).
/// Holes are left blank and the river (if the definition draws one) is a row of `~`.
pub fn grid(rules: &RuleSet, style: BoardStyle, cell: &dyn Fn(Square) -> Option<String>) -> String {
    let dims = rules.board.dims;
    let files = dims.files as usize;
    let label_w = dims.ranks.to_string().len();
    let inner = 3 * files + 1;
    let (tl, tr, bl, br, h, v) = match style {
        BoardStyle::Unicode => ("┌", "┐", "└", "┘", "─", "│"),
        BoardStyle::Ascii => ("+", "+", "+", "+", "-", "|"),
    };
    let pad = " ".repeat(label_w + 1);
    let mut out = String::new();
    out.push_str(&format!("{pad}{tl}{}{tr}\n", h.repeat(inner)));
    for rank in (0..dims.ranks).rev() {
        let mut row = format!("{:>label_w$} {v}", rank + 1);
        for file in 0..dims.files {
            let sq = dims.square(file as i32, rank as i32);
            let text = match sq {
                Some(s) if rules.board.squares.contains(s) => {
                    cell(s).unwrap_or_else(|| style.empty().to_string())
                }
                _ => String::new(),
            };
            row.push_str(&format!("{text:>3}"));
        }
        row.push_str(&format!(" {v}\n"));
        out.push_str(&row);
        if rules.render.river_after_rank == Some(rank) && rank > 0 {
            // The river lies between this rank and the one below it (1-based rank `rank`).
            out.push_str(&format!("{pad}{v}{}{v}\n", river(inner)));
        }
    }
    out.push_str(&format!("{pad}{bl}{}{br}\n", h.repeat(inner)));
    let mut labels = pad.clone();
    labels.push(' ');
    for f in 0..dims.files {
        labels.push_str(&format!("{:>3}", file_letter(f)));
    }
    out.push_str(labels.trim_end());
    out
}

fn river(width: usize) -> String {
    (0..width)
        .map(|i| if i % 3 == 2 { '~' } else { ' ' })
        .collect::<String>()
}

/// The symbols empty squares of highlighted zones are drawn with, one per zone in order.
/// Never `+`, which starts a promoted piece's letter (`+P`), nor a diagram mark.
const ZONE_SYMBOLS: &[&str] = &[":", "=", "%", "$", "'"];

/// The zones the definition asks to highlight (`render { colour ... diagonals ... }`), each with
/// its squares for both players, in the order the render section names them.
pub fn highlighted_zones(rules: &RuleSet) -> Vec<(String, SquareSet)> {
    let mut names: Vec<String> = rules.render.zone_colours.keys().cloned().collect();
    for d in &rules.render.diagonals {
        if !names.contains(d) {
            names.push(d.clone());
        }
    }
    names
        .into_iter()
        .filter_map(|n| {
            let z = rules.zones.get(&n)?;
            let set = z[Player::First].union(&z[Player::Second]);
            Some((n, set))
        })
        .collect()
}

/// Draws a position's board: pieces by letter, the empty squares of each highlighted zone with its
/// own symbol (`:`, `=`, ...; a square in several zones shows the first), and a key to the symbols.
/// Zones the definition does not highlight are named under the board.
pub fn position_board(rules: &RuleSet, pos: &Position, style: BoardStyle) -> String {
    let mut zones = highlighted_zones(rules);
    // More zones than symbols: the last symbol stands for the rest.
    let last = ZONE_SYMBOLS.len() - 1;
    if zones.len() > ZONE_SYMBOLS.len() {
        let rest: Vec<(String, SquareSet)> = zones.split_off(last);
        let names: Vec<String> = rest.iter().map(|(n, _)| n.clone()).collect();
        let set = rest
            .iter()
            .fold(SquareSet::EMPTY, |acc, (_, z)| acc.union(z));
        zones.push((names.join(", "), set));
    }
    let mut s = grid(rules, style, &|sq| match pos.piece_at(sq) {
        Some(p) => Some(piece_letter(rules, p)),
        // `walls`: written `*`, as the FEN writes them.
        None if pos.walls().contains(sq) => Some("*".to_string()),
        None => zones
            .iter()
            .position(|(_, z)| z.contains(sq))
            .map(|i| ZONE_SYMBOLS[i].to_string()),
    });
    if !zones.is_empty() {
        let key: Vec<String> = zones
            .iter()
            .enumerate()
            .map(|(i, (n, _))| format!("{} marks {n}", ZONE_SYMBOLS[i]))
            .collect();
        s.push_str(&format!("\n  {}", key.join("   ")));
    }
    let others: Vec<&str> = rules
        .zones
        .keys()
        .filter(|k| {
            !zones
                .iter()
                .any(|(n, _)| n.split(", ").any(|x| x == k.as_str()))
        })
        .map(|k| k.as_str())
        .collect();
    if !others.is_empty() {
        s.push_str(&format!(
            "\n  zone{} {} not marked here: `zones` draws {}",
            if others.len() == 1 { "" } else { "s" },
            others.join(", "),
            if others.len() == 1 { "it" } else { "them" }
        ));
    }
    s
}

/// Draws a set of squares as `*`.
pub fn zone_board(rules: &RuleSet, squares: &SquareSet, style: BoardStyle) -> String {
    grid(rules, style, &|sq| {
        if squares.contains(sq) {
            Some("*".into())
        } else {
            None
        }
    })
}

/// The character a diagram mark is drawn with.
pub fn mark_symbol(m: DiagramMark) -> &'static str {
    match m {
        DiagramMark::MoveOrCapture => "*",
        DiagramMark::MoveOnly => "o",
        DiagramMark::CaptureOnly => "x",
        DiagramMark::Hop => "^",
        DiagramMark::MoveOrHop => "&",
        DiagramMark::Blocker => "-",
        DiagramMark::CapturedInPassing => "%",
    }
}

/// What the diagram symbols mean, for the marks that occur.
pub fn diagram_legend(marks: &[(Square, DiagramMark)]) -> String {
    let all = [
        (DiagramMark::MoveOrCapture, "move or capture"),
        (DiagramMark::MoveOnly, "move only"),
        (DiagramMark::CaptureOnly, "capture only"),
        (DiagramMark::Hop, "by hopping over a piece"),
        (
            DiagramMark::MoveOrHop,
            "move when the way is clear, or hop over one piece",
        ),
        (DiagramMark::Blocker, "blocks the move when occupied"),
        (
            DiagramMark::CapturedInPassing,
            "an enemy here is captured in passing",
        ),
    ];
    all.iter()
        .filter(|(m, _)| marks.iter().any(|(_, x)| x == m))
        .map(|(m, t)| format!("{} {t}", mark_symbol(*m)))
        .collect::<Vec<_>>()
        .join("   ")
}

/// Combines the marks one square gets into the one drawn (a square reached both by a move-only and
/// a capture-only move is a plain move-or-capture square).
pub fn combine_marks(marks: &[(Square, DiagramMark)]) -> Vec<(Square, DiagramMark)> {
    let mut out: Vec<(Square, DiagramMark)> = Vec::new();
    for &(s, m) in marks {
        match out.iter_mut().find(|(q, _)| *q == s) {
            None => out.push((s, m)),
            Some((_, old)) => {
                *old = match (*old, m) {
                    (a, b) if a == b => a,
                    (DiagramMark::MoveOnly, DiagramMark::CaptureOnly)
                    | (DiagramMark::CaptureOnly, DiagramMark::MoveOnly) => {
                        DiagramMark::MoveOrCapture
                    }
                    (DiagramMark::MoveOrCapture, _) | (_, DiagramMark::MoveOrCapture) => {
                        DiagramMark::MoveOrCapture
                    }
                    (DiagramMark::Blocker, b) => b,
                    (a, DiagramMark::Blocker) => a,
                    (DiagramMark::MoveOrHop, _) | (_, DiagramMark::MoveOrHop) => {
                        DiagramMark::MoveOrHop
                    }
                    (DiagramMark::MoveOnly, DiagramMark::Hop)
                    | (DiagramMark::Hop, DiagramMark::MoveOnly) => DiagramMark::MoveOrHop,
                    (DiagramMark::Hop, _) | (_, DiagramMark::Hop) => DiagramMark::Hop,
                    (a, _) => a,
                };
            }
        }
    }
    out
}

/// Draws a movement diagram: the piece's letter on `from`, the marks elsewhere.
pub fn diagram_board(
    rules: &RuleSet,
    letter: &str,
    from: Square,
    marks: &[(Square, DiagramMark)],
    style: BoardStyle,
) -> String {
    grid(rules, style, &|sq| {
        if sq == from {
            Some(letter.to_string())
        } else {
            marks
                .iter()
                .find(|(s, _)| *s == sq)
                .map(|(_, m)| mark_symbol(*m).to_string())
        }
    })
}
