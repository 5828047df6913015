//! What the page shows, as data: the board picture with the centre of every square, the legal
//! moves with what each captures and hops over, the move list, the status. Computed from the one
//! session ([`Session`]) for `chimera serve`, and from an engine alone for `chimera publish`.

use crate::engine::{Engine, Game, Move, Position, Status};
use crate::geometry::Player;
use crate::notation;
use crate::render::{self, RenderOptions};
use crate::repl::{ComputerSides, Session};
use crate::rules::{PieceKind, RuleSet};
use serde::Serialize;
use std::sync::Arc;

/// One square of the picture: its name and centre in picture coordinates.
#[derive(Clone, Debug, Serialize)]
pub struct SquareView {
    /// Like `e4`.
    pub name: String,
    /// Centre, x.
    pub x: f32,
    /// Centre, y.
    pub y: f32,
}

/// One legal move as the page offers it.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The square it leaves (`None` for a drop).
    pub from: Option<String>,
    /// For a drop: the dropped piece's name.
    pub drop: Option<String>,
    /// The square it lands on.
    pub to: String,
    /// The move in the engine's coordinates (what `play` reads back).
    pub text: String,
    /// The move in SAN.
    pub san: String,
    /// The kind it promotes to, by name.
    pub promotion: Option<String>,
    /// Squares whose pieces it captures other than `to` (locust victims, en passant).
    pub victims: Vec<String>,
    /// Whether it captures on `to`.
    pub capture: bool,
    /// Squares it hops over (a cannon's screen).
    pub screens: Vec<String>,
    /// Where it puts a wall (`walls`).
    pub wall: Option<String>,
}

/// The board of one position: picture, squares and the moves of the side to move.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The SVG picture from Chimera's renderer.
    pub svg: String,
    /// Every square of the board with its centre.
    pub squares: Vec<SquareView>,
    /// Size of a square in picture units.
    pub cell: f32,
    /// The position as FEN.
    pub fen: String,
    /// The side to move, by name.
    pub side: String,
    /// The status in words ("white to move", "black is checkmated: white wins").
    pub status: String,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The legal moves of the side to move (none when the game is over).
    pub moves: Vec<MoveView>,
}

/// One move of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// Its number as a game record writes it (`1.`, `1...`).
    pub number: String,
    /// SAN.
    pub san: String,
}

/// Everything the studio page shows of the session.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The variant's name.
    pub variant: String,
    /// The board now.
    pub board: BoardView,
    /// The moves of the current stretch of play.
    pub history: Vec<PlyView>,
    /// The last move's squares (from, to), when there is one.
    pub last: Option<(String, String)>,
    /// Which sides the computer plays: `off`, `both`, or a side's name.
    pub computer: String,
    /// The players' names, first first.
    pub players: [String; 2],
    /// The designer's introduction, author and link, for the page's header block.
    pub about: crate::rules::About,
}

/// The legal moves of `pos` as the page offers them.
pub fn move_views(engine: &Engine, pos: &Position) -> Vec<MoveView> {
    let rules = engine.rules();
    let dims = rules.board.dims;
    let legal = engine.legal_moves(pos);
    legal
        .iter()
        .map(|&mv| {
            let detail = engine.move_detail(pos, mv);
            MoveView {
                from: (!mv.is_drop()).then(|| dims.name(mv.from)),
                drop: mv.dropped_kind().map(|k| rules.piece(k).name.clone()),
                to: dims.name(mv.to),
                text: notation::move_text(engine, pos, mv),
                san: notation::san::san_among(engine, pos, &legal, mv),
                promotion: mv.promotion.map(|k| rules.piece(k).name.clone()),
                capture: detail.captured.contains(&mv.to),
                victims: detail
                    .captured
                    .iter()
                    .filter(|&&s| s != mv.to)
                    .map(|&s| dims.name(s))
                    .collect(),
                screens: detail.screens.iter().map(|&s| dims.name(s)).collect(),
                wall: mv.wall.map(|s| dims.name(s)),
            }
        })
        .collect()
}

/// The squares of the board with their centres in pictures drawn with `opts`.
pub fn square_views(rules: &RuleSet, opts: &RenderOptions) -> Vec<SquareView> {
    let dims = rules.board.dims;
    rules
        .board
        .squares
        .iter()
        .map(|s| {
            let (x, y) = render::square_centre(rules, opts, s);
            SquareView {
                name: dims.name(s),
                x,
                y,
            }
        })
        .collect()
}

/// The size of a square in pictures drawn with `opts`: the distance between two neighbours'
/// centres.
fn cell_of(rules: &RuleSet, opts: &RenderOptions) -> f32 {
    let dims = rules.board.dims;
    let a = dims.square(0, 0);
    let b = dims.square(1, 0);
    match (a, b) {
        (Some(a), Some(b)) => {
            let (ax, _) = render::square_centre(rules, opts, a);
            let (bx, _) = render::square_centre(rules, opts, b);
            (bx - ax).abs()
        }
        _ => rules.render.cell.unwrap_or(48) as f32,
    }
}

/// The board view of `pos` with `status` (a game's status counts repetitions).
pub fn board_view(engine: &Engine, pos: &Position, status: &Status) -> BoardView {
    board_view_with(engine, pos, status, |_| {
        render::render_position(engine, pos, &RenderOptions::default())
    })
}

/// The last board picture drawn for a game view, by engine and FEN: the page asks for the state
/// after every action, and most answers (a refused move, a status poll, a reset to the start it
/// shows) show the board it already has. The FEN says everything the picture shows.
#[derive(Default)]
pub struct BoardPictures {
    last: Option<(Arc<Engine>, String, String)>,
}

impl BoardPictures {
    /// The picture of `pos` (whose FEN is `fen`) in `engine`'s variant: the last one when both
    /// are the same, else drawn anew.
    fn picture(&mut self, engine: &Arc<Engine>, pos: &Position, fen: &str) -> String {
        if let Some((e, f, svg)) = &self.last {
            if Arc::ptr_eq(e, engine) && f == fen {
                return svg.clone();
            }
        }
        let svg = render::render_position(engine, pos, &RenderOptions::default());
        self.last = Some((engine.clone(), fen.to_string(), svg.clone()));
        svg
    }
}

/// The board view, its picture drawn by `picture` from the position's FEN.
fn board_view_with(
    engine: &Engine,
    pos: &Position,
    status: &Status,
    picture: impl FnOnce(&str) -> String,
) -> BoardView {
    let rules = engine.rules();
    let opts = RenderOptions::default();
    let side = pos.side_to_move();
    let fen = notation::to_fen(engine, pos);
    BoardView {
        svg: picture(&fen),
        squares: square_views(rules, &opts),
        cell: cell_of(rules, &opts),
        fen,
        side: rules.players[side].clone(),
        status: status.describe(&rules.players, side),
        // A mated side is in check too (the status then says mate, not check).
        check: matches!(status, Status::Ongoing { check: true }) || engine.in_check(pos),
        over: status.is_over(),
        moves: if status.is_over() {
            Vec::new()
        } else {
            move_views(engine, pos)
        },
    }
}

/// The move list of the current stretch of play of `game`.
pub fn history(engine: &Engine, game: &Game) -> Vec<PlyView> {
    game.positions()
        .iter()
        .zip(game.moves())
        .enumerate()
        .map(|(i, (pos, &mv))| PlyView {
            number: if pos.side_to_move() == Player::First {
                format!("{}.", pos.fullmove_number())
            } else if i == 0 {
                format!("{}...", pos.fullmove_number())
            } else {
                String::new()
            },
            san: notation::san(engine, pos, mv),
        })
        .collect()
}

/// The view of the session's game, or `None` when no variant is loaded; its board picture comes
/// from `pictures` when it shows the same board as the last view.
pub fn game_view(session: &Session, pictures: &mut BoardPictures) -> Option<GameView> {
    let engine = session.engine()?;
    let game = session.game()?;
    let rules = engine.rules();
    let dims = rules.board.dims;
    let last = game.moves().last().map(|m: &Move| {
        let from = if m.is_drop() { m.to } else { m.from };
        (dims.name(from), dims.name(m.to))
    });
    Some(GameView {
        variant: rules.name.clone(),
        board: board_view_with(engine, game.position(), &game.status(), |fen| {
            pictures.picture(engine, game.position(), fen)
        }),
        history: history(engine, game),
        last,
        computer: match session.computer_sides() {
            ComputerSides::Off => "off".to_string(),
            ComputerSides::Both => "both".to_string(),
            ComputerSides::One(p) => rules.players[p].clone(),
        },
        players: [
            rules.players[Player::First].clone(),
            rules.players[Player::Second].clone(),
        ],
        about: rules.about.clone(),
    })
}

/// One piece for the pieces panel: its movement diagram and its rules-sheet text.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Name.
    pub name: String,
    /// FEN letter.
    pub letter: String,
    /// The movement diagram (SVG).
    pub diagram: String,
    /// Its section of the rules sheet, one line each.
    pub rules: Vec<String>,
}

/// Every piece of the variant with its diagram and rules text.
pub fn piece_views(engine: &Engine) -> Vec<PieceView> {
    let rules = engine.rules();
    let sheet = crate::sheet::Sheet::new(rules);
    (0..rules.pieces.len())
        .map(|k| {
            let kind = PieceKind::from_index(k);
            let def = rules.piece(kind);
            let lines = sheet
                .sections
                .iter()
                .find(|s| s.piece == Some(kind))
                .map(|s| {
                    s.lines
                        .iter()
                        .map(|(d, l)| format!("{}{l}", "  ".repeat(*d as usize)))
                        .collect()
                })
                .unwrap_or_default();
            PieceView {
                name: def.name.clone(),
                letter: def.letter.clone(),
                diagram: render::render_piece(engine, kind, &RenderOptions::default()),
                rules: lines,
            }
        })
        .collect()
}

/// One diagnostic of the definition editor: where, and what `chimera check` says.
#[derive(Clone, Debug, Serialize)]
pub struct DiagnosticView {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// Like `chimera::zone::unknown`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The label on the span.
    pub label: String,
}

/// The diagnostics of a compile as the editor shows them.
pub fn diagnostic_views<'a>(
    errors: impl Iterator<Item = &'a crate::diagnostics::SourceError>,
) -> Vec<DiagnosticView> {
    errors
        .map(|e| {
            let (line, column) = e.line_col();
            DiagnosticView {
                severity: if e.is_warning() { "warning" } else { "error" },
                code: e.code.as_str(),
                message: e.message.clone(),
                help: e.help.clone(),
                line,
                column,
                label: e.label.clone(),
            }
        })
        .collect()
}
