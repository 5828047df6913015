//! Betza strings in hover and completion: each part in words, the compiled moves, and a text
//! diagram of where the piece goes from the middle of an empty board.

use crate::compile::compile_str;
use crate::engine::Engine;
use crate::geometry::Player;
use crate::repl::board::{diagram_legend, mark_symbol};

/// The atoms: letter and meaning.
const ATOMS: &[(&str, &str)] = &[
    ("W", "Wazir: one step orthogonally (1,0)"),
    ("F", "Ferz: one step diagonally (1,1)"),
    ("D", "Dabbaba: leap two orthogonally (2,0)"),
    ("N", "Knight: leap (2,1)"),
    ("A", "Alfil: leap two diagonally (2,2)"),
    ("H", "leap three orthogonally (3,0)"),
    ("C", "Camel: leap (3,1)"),
    ("L", "Camel: leap (3,1)"),
    ("Z", "Zebra: leap (3,2)"),
    ("J", "Zebra: leap (3,2)"),
    ("G", "leap three diagonally (3,3)"),
    ("K", "King: one step any way (W + F)"),
    ("R", "Rook: slide orthogonally (WW)"),
    ("B", "Bishop: slide diagonally (FF)"),
    ("Q", "Queen: slide any way (RB)"),
];

/// The lower-case letters: modifier and meaning.
const MODIFIERS: &[(&str, &str)] = &[
    ("m", "move only (to an empty square)"),
    ("c", "capture only"),
    ("n", "lame: blocked by a piece on the way"),
    ("p", "hopper: must jump exactly one piece"),
    ("g", "grasshopper: lands just beyond the first piece"),
    ("j", "must jump over an occupied square"),
    ("i", "only from the piece's initial squares"),
    ("e", "may capture en passant"),
    ("k", "may capture only a royal"),
    (
        "a",
        "then another leg (directions relative to the previous leg)",
    ),
    ("f", "forward"),
    ("b", "backward"),
    ("l", "left"),
    ("r", "right"),
    ("v", "vertical: forward and backward"),
    ("s", "sideways: left and right"),
    (
        "h",
        "half: with `f`, all four forward leaps of an oblique atom",
    ),
];

/// Completion candidates for a Betza string: the atoms' letters, then the modifiers'.
pub fn completions() -> (Vec<&'static str>, Vec<&'static str>) {
    (
        ATOMS.iter().map(|(a, _)| *a).collect(),
        MODIFIERS.iter().map(|(m, _)| *m).collect(),
    )
}

/// What an atom or modifier means, for completion details.
pub fn meaning(word: &str) -> Option<&'static str> {
    ATOMS
        .iter()
        .chain(MODIFIERS)
        .find(|(w, _)| *w == word)
        .map(|(_, m)| *m)
}

/// The parts of a Betza string, each `(text, words)`: modifiers, atoms, ranges, leaps.
fn parts(betza: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let chars: Vec<char> = betza.chars().collect();
    let mut i = 0;
    while i < chars.len() && out.len() < 64 {
        let c = chars[i];
        if c == '(' {
            let end = chars[i..]
                .iter()
                .position(|&d| d == ')')
                .map_or(chars.len(), |p| i + p + 1);
            let text: String = chars[i..end].iter().collect();
            out.push((text.clone(), format!("leap {text}")));
            i = end;
        } else if c.is_ascii_digit() {
            let end = chars[i..]
                .iter()
                .position(|d| !d.is_ascii_digit())
                .map_or(chars.len(), |p| i + p);
            let text: String = chars[i..end].iter().collect();
            let words = match text.as_str() {
                "0" => "unlimited range".to_string(),
                t if t.len() > 1 && t.starts_with('0') => format!("exactly {} steps", &t[1..]),
                t => format!("up to {t} steps"),
            };
            out.push((text, words));
            i = end;
        } else if c.is_ascii_uppercase() && i > 0 && chars[i - 1] == c {
            out.push((
                c.to_string(),
                "doubled atom: rides (repeats the leap)".into(),
            ));
            i += 1;
        } else {
            let s = c.to_string();
            let words = meaning(&s).unwrap_or("not a Betza letter").to_string();
            out.push((s, words));
            i += 1;
        }
    }
    out
}

/// How a diagram is shown in hover: as a picture (a markdown image of the SVG diagram, for
/// clients that render images in hovers) or as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DiagramStyle {
    /// A text board in a code block (every client shows it).
    #[default]
    Text,
    /// A markdown image whose address is a `data:` URI of the SVG diagram.
    Image,
}

/// Markdown for hovering over a Betza string, its diagram drawn as `style` says.
pub fn explain(betza: &str, style: DiagramStyle) -> String {
    let mut out = format!("**Betza `{betza}`**\n\n");
    for (text, words) in parts(betza) {
        out.push_str(&format!("- `{text}`: {words}\n"));
    }
    match crate::betza::parse(betza) {
        Err(errors) => {
            out.push_str("\n**does not compile:**\n");
            for e in errors {
                out.push_str(&format!("- {}\n", e.message));
            }
        }
        Ok(patterns) => {
            out.push_str("\n**compiles to:**\n");
            for p in crate::repl::describe::patterns_text(&patterns) {
                out.push_str(&format!("- {p}\n"));
            }
            let image = match style {
                DiagramStyle::Image => image(betza),
                DiagramStyle::Text => None,
            };
            if let Some(uri) = image {
                out.push_str(&format!("\n![the moves of `{betza}`]({uri})\n"));
            } else if let Some(d) = diagram(betza) {
                out.push_str(&format!("\n```text\n{d}\n```\n"));
            }
        }
    }
    out
}

/// The side of the empty board diagrams are drawn on.
const SIZE: usize = 9;

/// A one-piece variant on an empty 9x9 board whose piece `Probe` moves as `betza`, with the
/// piece's kind and the centre square.
fn probe(betza: &str) -> Option<(Engine, crate::rules::PieceKind, crate::geometry::Square)> {
    let empty = ["9"; SIZE].join("/");
    let text = format!(
        "variant \"{betza}\"\nboard {SIZE}x{SIZE}\npiece Probe X {{ moves {betza} }}\nstart \"{empty} w - - 0 1\"\n"
    );
    let rules = compile_str("hover.variant", &text, std::path::Path::new(".")).ok()?;
    let engine = Engine::new(rules).ok()?;
    let kind = engine.rules().kind_by_name("Probe")?;
    let centre = engine
        .rules()
        .board
        .dims
        .square(SIZE as i32 / 2, SIZE as i32 / 2)?;
    Some((engine, kind, centre))
}

/// The piece's moves from the middle of an empty 9x9 board as `chimera render` draws them, as a
/// `data:image/svg+xml;base64,` URI (for a markdown image).
pub fn image(betza: &str) -> Option<String> {
    use base64::Engine as _;
    let (engine, kind, centre) = probe(betza)?;
    let opts = crate::render::RenderOptions {
        diagram_square: Some(centre),
        cell: Some(24),
        ..Default::default()
    };
    let svg = crate::render::render_piece(&engine, kind, &opts);
    Some(format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    ))
}

/// The piece's moves from the middle of an empty 9x9 board, for the first player (forward is
/// up), as text: `X` the piece, then one symbol per kind of move.
pub fn diagram(betza: &str) -> Option<String> {
    let (engine, kind, centre) = probe(betza)?;
    let rules = engine.rules();
    let dims = rules.board.dims;
    let marks = engine.diagram(kind, Player::First, centre);
    let mut s = String::new();
    for rank in (0..SIZE as i32).rev() {
        for file in 0..SIZE as i32 {
            let sq = dims.square(file, rank)?;
            let cell = if sq == centre {
                "X"
            } else {
                marks
                    .iter()
                    .find(|(q, _)| *q == sq)
                    .map_or(".", |(_, m)| mark_symbol(*m))
            };
            s.push_str(cell);
            if file + 1 < SIZE as i32 {
                s.push(' ');
            }
        }
        s.push('\n');
    }
    s.push_str(&diagram_legend(&marks));
    Some(s)
}
