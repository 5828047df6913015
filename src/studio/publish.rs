//! `chimera publish`: a static page of a variant that opens from `file://` with no server. The
//! rules sheet, the start position whose pieces show their legal moves when clicked, and a piece
//! explorer (one piece on any square of an empty board shows its moves there), all computed by
//! the engine at publish time and embedded in the page as data.

use super::view::{self, BoardView, MoveView};
use crate::engine::{Engine, Piece, Position};
use crate::geometry::Player;
use crate::render::{self, RenderOptions};
use crate::rules::PieceKind;
use serde::Serialize;
use std::collections::BTreeMap;

const PAGE_HTML: &str = include_str!("web/publish.html");
const STUDIO_CSS: &str = include_str!("web/studio.css");
const BOARD_JS: &str = include_str!("web/board.js");
const PUBLISH_JS: &str = include_str!("web/publish.js");

/// A piece of the explorer: what it may do from every square, for each player.
#[derive(Serialize)]
struct ExplorerPiece {
    name: String,
    letter: String,
    /// Its section of the rules sheet.
    rules: Vec<String>,
    /// The piece as the pictures draw it, for each player: SVG markup centred on 0,0 in a square
    /// of 100 units.
    shapes: [String; 2],
    /// By player index (0, 1), then by square name: the marks `[square, mark]`.
    moves: [BTreeMap<String, Vec<(String, &'static str)>>; 2],
}

/// Everything the published page shows.
#[derive(Serialize)]
struct PageData {
    variant: String,
    players: [String; 2],
    /// The rules sheet: sections with a heading and lines.
    sheet: Vec<(String, Vec<String>)>,
    /// The start position, with the legal moves of both sides' pieces (each side as if to move).
    start: BoardView,
    /// The empty board of the explorer.
    empty: BoardView,
    pieces: Vec<ExplorerPiece>,
}

/// The legal moves of both sides in `pos`, each side's as if it were to move.
fn both_sides_moves(engine: &Engine, pos: &Position) -> Vec<MoveView> {
    let mut out = Vec::new();
    for p in Player::BOTH {
        let mut q = pos.clone();
        if q.side_to_move() != p {
            q.set_side_to_move(p);
            q.set_ep(None);
        }
        out.extend(view::move_views(engine, &q));
    }
    out
}

/// The page of `engine`'s variant, as one self-contained HTML text.
pub fn page(engine: &Engine) -> String {
    let rules = engine.rules();
    let dims = rules.board.dims;
    let start_pos = engine.start_position();
    let mut start = view::board_view(engine, &start_pos, &engine.status(&start_pos));
    start.moves = both_sides_moves(engine, &start_pos);
    let empty_pos = Position::empty();
    let empty = view::BoardView {
        svg: render::render_position(engine, &empty_pos, &RenderOptions::default()),
        moves: Vec::new(),
        ..view::board_view(engine, &start_pos, &engine.status(&start_pos))
    };
    let sheet = crate::sheet::Sheet::new(rules);
    let pieces = (0..rules.pieces.len())
        .map(|k| {
            let kind = PieceKind::from_index(k);
            let def = rules.piece(kind);
            let moves = Player::BOTH.map(|p| {
                rules
                    .board
                    .squares
                    .iter()
                    .map(|from| {
                        let marks = render::diagram_marks(engine, kind, p, from)
                            .into_iter()
                            .map(|(s, m)| (dims.name(s), m.name()))
                            .collect();
                        (dims.name(from), marks)
                    })
                    .collect()
            });
            ExplorerPiece {
                name: def.name.clone(),
                letter: def.letter.clone(),
                rules: sheet
                    .sections
                    .iter()
                    .find(|s| s.piece == Some(kind))
                    .map(|s| s.lines.iter().map(|(_, l)| l.clone()).collect())
                    .unwrap_or_default(),
                moves,
                shapes: Player::BOTH
                    .map(|p| render::piece_markup(rules, Piece::new(p, kind), 100.0)),
            }
        })
        .collect();
    let data = PageData {
        variant: rules.name.clone(),
        players: Player::BOTH.map(|p| rules.players[p].clone()),
        sheet: sheet
            .sections
            .iter()
            .map(|s| {
                (
                    s.heading.clone(),
                    s.lines
                        .iter()
                        .map(|(d, l)| format!("{}{l}", "  ".repeat(*d as usize)))
                        .collect(),
                )
            })
            .collect(),
        start,
        empty,
        pieces,
    };
    // JSON inside a script element: `</` would end it early.
    let json = serde_json::to_string(&data)
        .unwrap_or_else(|_| "{}".to_string())
        .replace("</", "<\\/");
    PAGE_HTML
        .replace("{{TITLE}}", &html_escape(&rules.name))
        .replace("{{CSS}}", STUDIO_CSS)
        .replace("{{BOARD_JS}}", BOARD_JS)
        .replace("{{PUBLISH_JS}}", PUBLISH_JS)
        .replace("{{DATA}}", &json)
        .replace("{{ABOUT}}", &about_html(&rules.about))
}

/// The designer's introduction, author and link as an HTML block (empty when the definition
/// states none of them).
pub fn about_html(about: &crate::rules::About) -> String {
    let mut body = String::new();
    for p in &about.description {
        body.push_str(&format!("  <p>{}</p>\n", html_escape(p)));
    }
    let mut credits = Vec::new();
    if let Some(a) = &about.author {
        credits.push(format!("By {}.", html_escape(a)));
    }
    // The compiler accepts only http(s) addresses without quotes or brackets.
    if let Some(l) = about
        .link
        .as_ref()
        .filter(|l| crate::compile::looks_like_url(l))
    {
        let l = html_escape(l);
        credits.push(format!(
            "Source: <a href=\"{l}\" rel=\"noopener noreferrer\">{l}</a>"
        ));
    }
    if !credits.is_empty() {
        body.push_str(&format!(
            "  <p class=\"credits\">{}</p>\n",
            credits.join(" ")
        ));
    }
    if body.is_empty() {
        return String::new();
    }
    // No `{{...}}` of the template can come from the designer's text.
    let body = body.replace('{', "&#123;");
    format!("<section id=\"about\" class=\"about\">\n{body}</section>")
}

/// Text safe inside HTML.
pub fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
