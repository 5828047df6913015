//! Pictures: SVG and PNG diagrams of positions, zones and piece moves.
//!
//! [`render_position`] draws a position (optionally with one piece's legal moves),
//! [`render_piece`] a piece's movement diagram on an empty board; both return SVG text.
//! [`svg_to_png`] rasterises in-process with resvg (the `render` feature), and [`write_picture`] writes SVG or PNG by
//! the file's extension. The CLI (`chimera render`) and the REPL (`render OUT`) are thin callers.
//!
//! Zones are shaded as the first player sees them (the way the definition states them); palace
//! diagonals are drawn for both players.

mod draw;
mod layout;
mod marks;
mod style;
mod svg;

use crate::engine::{DiagramMark, Engine, Piece, Position, TableMove};
use crate::geometry::{Player, PlayerSquares, Square, SquareSet};
use crate::rules::{Hop, MoveRule, PieceKind, RuleSet};
use draw::{Canvas, LegendItem, Trace};
use layout::{Layout, HAND_COLUMNS};
pub(crate) use marks::Mark;
use std::path::Path;

use style::Palette;

#[cfg(feature = "render")]
mod png;
#[cfg(all(test, feature = "render"))]
use png::rasterise;
#[cfg(feature = "render")]
pub use png::{fonts_available, svg_to_png};
#[cfg(feature = "render")]
pub use resvg::tiny_skia;
#[cfg(all(test, feature = "render"))]
use resvg::usvg;

/// Without the `render` feature there are no fonts to draw text with.
#[cfg(not(feature = "render"))]
pub fn fonts_available() -> bool {
    false
}

/// Without the `render` feature PNG output is refused; SVG needs no feature.
#[cfg(not(feature = "render"))]
pub fn svg_to_png(_svg: &str) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Png(
        "this build has no PNG output (it was built without the `render` feature); write .svg"
            .to_string(),
    ))
}

/// What to draw besides the board and pieces.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// Positions: overlay the legal moves of the piece on this square.
    pub moves_from: Option<Square>,
    /// Piece diagrams: the square the piece stands on (`None`: chosen by [`diagram_square`]).
    pub diagram_square: Option<Square>,
    /// Piece diagrams: whose piece it is (moves are mirrored for the second player).
    pub diagram_player: Player,
    /// Shade the zones and list them in the legend.
    pub zones: bool,
    /// Pixels per square, overriding the definition's `cell` hint.
    pub cell: Option<u32>,
    /// Positions: the last move played, marked on the square it left and the one it reached
    /// (the same square twice for a drop).
    pub last_move: Option<(Square, Square)>,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            moves_from: None,
            diagram_square: None,
            diagram_player: Player::First,
            zones: true,
            cell: None,
            last_move: None,
        }
    }
}

/// Why a picture could not be made or saved, or an argument naming a piece or square is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// No piece kind has this name or letter.
    #[error("unknown piece `{name}`{}; pieces: {known}", did_you_mean(.suggestion))]
    UnknownPiece {
        /// What was asked for.
        name: String,
        /// The closest name, if one is close.
        suggestion: Option<String>,
        /// Every piece name, comma-separated.
        known: String,
    },
    /// Not a square of this board.
    #[error("unknown square `{text}`: the board has files a-{last_file} and ranks 1-{ranks}")]
    UnknownSquare {
        /// What was asked for.
        text: String,
        /// Letter of the last file.
        last_file: char,
        /// Number of ranks.
        ranks: u8,
    },
    /// The square is a hole in the board.
    #[error("square `{0}` is a hole in this board")]
    Hole(String),
    /// `--moves` names an empty square.
    #[error("no piece on {0}")]
    NoPiece(String),
    /// The SVG could not be read back for rasterising (a bug, if it happens).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The PNG could not be made.
    #[error("cannot make the PNG: {0}")]
    Png(String),
    /// The words of a `render` command do not fit its usage.
    #[error("{0}; usage: render [--moves SQUARE] OUT  or  render --piece NAME [--at SQUARE] OUT")]
    Usage(String),
    /// The output name ends in neither `.svg` nor `.png`.
    #[error("cannot tell the picture format of {0}: the name must end in .svg or .png")]
    UnknownFormat(String),
    /// The file could not be written.
    #[error("cannot write {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        message: String,
    },
}

fn did_you_mean(s: &Option<String>) -> String {
    match s {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None => String::new(),
    }
}

/// Finds a piece kind by name (any case) or by FEN letter (`N`, `n`, `+P`).
pub fn find_piece(rules: &RuleSet, text: &str) -> Result<PieceKind, RenderError> {
    if let Some(k) = rules
        .kind_by_name(text)
        .or_else(|| rules.kind_by_letter(&text.to_uppercase()))
    {
        return Ok(k);
    }
    let suggestion = crate::suggest::closest(text, rules.pieces.iter().map(|p| p.name.as_str()))
        .map(str::to_string);
    let known = rules
        .pieces
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    Err(RenderError::UnknownPiece {
        name: text.to_string(),
        suggestion,
        known,
    })
}

/// Reads a square name (`e4`) that must exist on this board (not off it, not a hole).
pub(crate) fn parse_square(rules: &RuleSet, text: &str) -> Result<Square, RenderError> {
    let dims = rules.board.dims;
    let s = dims
        .parse_square(text.trim())
        .ok_or_else(|| RenderError::UnknownSquare {
            text: text.to_string(),
            last_file: crate::geometry::file_letter(dims.files - 1),
            ranks: dims.ranks,
        })?;
    if rules.board.squares.contains(s) {
        Ok(s)
    } else {
        Err(RenderError::Hole(dims.name(s)))
    }
}

/// The cell size: the option, else the definition's hint, else the default.
fn cell_size(rules: &RuleSet, opts: &RenderOptions) -> f32 {
    opts.cell
        .or(rules.render.cell)
        .unwrap_or(style::DEFAULT_CELL)
        .clamp(16, 256) as f32
}

/// Zone legend entries, in declaration order, and a note on the dashed borders when some zone
/// differs between the players.
fn zone_legend(rules: &RuleSet) -> Vec<LegendItem> {
    let mut items: Vec<LegendItem> = Palette::of(rules)
        .zones
        .iter()
        .map(|(n, c)| LegendItem::Zone(n.clone(), c.clone()))
        .collect();
    let board = rules.board.squares;
    if rules
        .zones
        .values()
        .any(|z| z[Player::First].intersect(&board) != z[Player::Second].intersect(&board))
    {
        items.push(LegendItem::Note(format!(
            "zones as {} has them; dashed: as {} has them",
            rules.players[Player::First],
            rules.players[Player::Second]
        )));
    }
    items
}

/// Legend entries for the kinds of marks present, in a fixed order.
fn mark_legend(marks: &[(Square, Mark)]) -> Vec<LegendItem> {
    let mut kinds: Vec<Mark> = marks.iter().map(|&(_, m)| m).collect();
    kinds.sort();
    kinds.dedup();
    kinds.into_iter().map(LegendItem::Mark).collect()
}

/// Draws a position: the board as the definition describes it, shaded zones with a legend, the
/// pieces, both hands, and the legal moves of the piece on `opts.moves_from` if set.
///
/// ```
/// use chimera::{render_position, RenderOptions};
///
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = chimera::Engine::new(rules)?;
/// let svg = render_position(&engine, &engine.start_position(), &RenderOptions::default());
/// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_position(engine: &Engine, pos: &Position, opts: &RenderOptions) -> String {
    let rules = engine.rules();
    let mut marks = opts
        .moves_from
        .map(|s| move_marks(engine, pos, s))
        .unwrap_or_default();
    if let Some((from, to)) = opts.last_move {
        marks.push((from, Mark::Last));
        marks.push((to, Mark::Last));
        marks.sort();
        marks.dedup();
    }
    let title = format!(
        "{}: {} to move",
        rules.name,
        rules.players[pos.side_to_move()]
    );
    let mut legend = if opts.zones {
        zone_legend(rules)
    } else {
        Vec::new()
    };
    legend.extend(mark_legend(&marks));
    picture(rules, pos, opts, &title, &marks, &[], &[], legend, true)
}

/// Draws a piece's movement diagram on an empty board of the variant: the piece on
/// `opts.diagram_square` (or the square [`diagram_square`] chooses), with its moves marked by
/// kind (move only, capture only, both, hop, lame-leap blockers) and lines along its rides.
pub fn render_piece(engine: &Engine, kind: PieceKind, opts: &RenderOptions) -> String {
    let rules = engine.rules();
    let player = opts.diagram_player;
    let from = opts
        .diagram_square
        .unwrap_or_else(|| diagram_square(engine, kind, player));
    let mut pos = Position::empty();
    pos.set_side_to_move(player);
    pos.set_piece(from, Some(Piece::new(player, kind)));
    let diagram = engine.diagram(kind, player, from);
    let marks = diagram_marks(engine, kind, player, from);
    let traces = traces(engine, kind, player, from, &diagram, |s| {
        Canvas::centre_of(rules, opts, s)
    });
    let def = rules.piece(kind);
    let title = format!(
        "{}: {} ({}) on {}, {}'s moves",
        rules.name,
        def.name,
        def.letter,
        rules.board.dims.name(from),
        rules.players[player]
    );
    let mut legend = if opts.zones {
        zone_legend(rules)
    } else {
        Vec::new()
    };
    // Each zone-dependent rule that applies where the piece stands: the zone is outlined, so the
    // picture says where those moves hold.
    let board = rules.board.squares;
    let mut applies: Vec<(String, SquareSet)> = Vec::new();
    for rule in &def.moves {
        let Some(zone) = rule.only_in.as_ref() else {
            continue;
        };
        if zone[player].contains(from) {
            legend.push(LegendItem::Applies(format!(
                "{} (in {}) applies inside this border",
                rule.betza,
                rule_zone_name(rules, rule)
            )));
            applies.push((rule.betza.clone(), zone[player].intersect(&board)));
        }
    }
    legend.extend(mark_legend(&marks));
    let mut trace_kinds: Vec<&Trace> = Vec::new();
    for t in &traces {
        if !trace_kinds
            .iter()
            .any(|k| std::mem::discriminant(*k) == std::mem::discriminant(t))
        {
            trace_kinds.push(t);
        }
    }
    legend.extend(
        trace_kinds
            .into_iter()
            .map(|t| LegendItem::Trace(t.clone())),
    );
    legend.push(LegendItem::Note(format!(
        "Betza: {}",
        betza_summary(rules, kind)
    )));
    // No hands: a diagram is about one piece's moves, and both hands would only read "none".
    picture(
        rules, &pos, opts, &title, &marks, &traces, &applies, legend, false,
    )
}

/// Assembles a picture: layout, board, zones, lines, labels, marks, pieces, hands (when `hands`
/// and the variant has them), legend.
/// Longest title drawn, in characters; longer ones end in `…`.
pub(crate) const MAX_TITLE_CHARS: usize = 80;

/// `title`, cut to [`MAX_TITLE_CHARS`] characters.
fn shorten_title(title: &str) -> String {
    if title.chars().count() <= MAX_TITLE_CHARS {
        return title.to_string();
    }
    let mut cut: String = title.chars().take(MAX_TITLE_CHARS - 1).collect();
    cut.push('…');
    cut
}

#[allow(clippy::too_many_arguments)]
fn picture(
    rules: &RuleSet,
    pos: &Position,
    opts: &RenderOptions,
    title: &str,
    marks: &[(Square, Mark)],
    traces: &[Trace],
    applies: &[(String, SquareSet)],
    legend: Vec<LegendItem>,
    hands: bool,
) -> String {
    let counts = [Player::First, Player::Second].map(|p| pos.hand_contents(p).len());
    let show_hands = hands && (!rules.drops.to_hand.is_empty() || counts.iter().any(|&n| n > 0));
    let hand_rows = show_hands.then(|| counts.map(|n| n.div_ceil(HAND_COLUMNS)));
    let mut layout = Layout::new(rules, cell_size(rules, opts), hand_rows);
    // The picture widens to fit its title; a shortened title keeps its size bounded whatever the
    // variant's name.
    let title = &shorten_title(title);
    layout.fit_width(draw::title_width(title, layout.cell));
    let canvas = Canvas {
        rules,
        palette: Palette::of(rules),
        layout,
    };
    let (legend_rows, legend) = canvas.legend(&legend);
    let (marks_under, marks_over) = canvas.marks(marks);
    let mut root = canvas.root(legend_rows, title);
    root.push(canvas.board());
    if opts.zones {
        root.push(canvas.zones());
    }
    root.extend(canvas.river());
    root.extend(canvas.grid());
    root.push(canvas.diagonals());
    root.push(canvas.applies(applies));
    root.push(canvas.labels());
    root.push(marks_under);
    root.push(canvas.traces(traces));
    root.push(canvas.pieces(pos));
    root.extend(canvas.hands(pos));
    root.push(marks_over);
    root.push(legend);
    root.to_xml()
}

impl Canvas<'_> {
    /// Centre of a square in a picture of this rule set with these options (traces are computed
    /// before the canvas exists; the board's position does not depend on the hands or legend).
    fn centre_of(rules: &RuleSet, opts: &RenderOptions, s: Square) -> (f32, f32) {
        Layout::new(rules, cell_size(rules, opts), None).centre(s)
    }
}

/// Reads the last move for [`RenderOptions::last_move`] from a move as written (`e2e4`, `h10h8`,
/// `P@e4`, `e7e8q`): its squares, the first and the last (a drop's one square twice).
pub fn parse_last_move(rules: &RuleSet, text: &str) -> Result<(Square, Square), RenderError> {
    let mut squares = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase() && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            let mut j = i + 1;
            while chars.get(j).is_some_and(char::is_ascii_digit) {
                j += 1;
            }
            let name: String = chars[i..j].iter().collect();
            squares.push(parse_square(rules, &name)?);
            i = j;
        } else {
            i += 1;
        }
    }
    match squares.as_slice() {
        [to] => Ok((*to, *to)),
        [from, to] => Ok((*from, *to)),
        _ => Err(RenderError::Usage(format!(
            "`{text}` is not a move: write it as its squares, like `e2e4` or `P@e4`"
        ))),
    }
}

/// The SVG markup of `piece` as pictures of `rules` draw it (glyph, disc or wedge), centred on
/// (0, 0) in a square `cell` units wide: for pages that put a piece where the picture has none
/// (the published page's piece explorer).
pub(crate) fn piece_markup(rules: &RuleSet, piece: Piece, cell: f32) -> String {
    let canvas = Canvas {
        rules,
        palette: Palette::of(rules),
        layout: Layout::new(rules, cell, None),
    };
    canvas.piece_markup(piece, cell)
}

/// The centre of square `s` in a picture of `rules` drawn with `opts`, in picture coordinates:
/// where a tool reading the SVG or PNG finds that square.
pub fn square_centre(rules: &RuleSet, opts: &RenderOptions, s: Square) -> (f32, f32) {
    Canvas::centre_of(rules, opts, s)
}

/// The overlay of the legal moves of the piece on `from`. The piece's owner is put to move, so
/// the moves of either side's pieces can be shown.
fn move_marks(engine: &Engine, pos: &Position, from: Square) -> Vec<(Square, Mark)> {
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut pos = pos.clone();
    if pos.side_to_move() != piece.player {
        pos.set_side_to_move(piece.player);
        pos.set_ep(None);
    }
    let mut marks = vec![(from, Mark::From)];
    for mv in engine.legal_moves_from(&pos, from) {
        let detail = engine.move_detail(&pos, mv);
        let landing = if detail.captured.contains(&mv.to) {
            Mark::Capture
        } else {
            Mark::Quiet
        };
        marks.push((mv.to, landing));
        marks.extend(
            detail
                .captured
                .iter()
                .filter(|&&s| s != mv.to)
                .map(|&s| (s, Mark::Captured)),
        );
        marks.extend(detail.screens.iter().map(|&s| (s, Mark::Screen)));
    }
    marks.sort();
    marks.dedup();
    marks
}

/// The marks of a movement diagram: what a piece of `kind` and `player` alone on an empty board
/// at `from` may do on each square (move, capture, blocker, locust victim); zone-dependent moves
/// are included where they apply. A hopping move needs a piece to hop over, so each of its lines
/// gets an example hurdle ([`Mark::Hurdle`]) with the squares it may land on beyond it
/// ([`Mark::Hop`]): every square beyond for a cannon's hop, only the next one for a
/// grasshopper's. The studio's piece explorer shows them.
pub(crate) fn diagram_marks(
    engine: &Engine,
    kind: PieceKind,
    player: Player,
    from: Square,
) -> Vec<(Square, Mark)> {
    let diagram = engine.diagram(kind, player, from);
    let mut marks: Vec<(Square, Mark)> = diagram
        .iter()
        .filter_map(|&(s, m)| diagram_mark(m).map(|k| (s, k)))
        .collect();
    for (hurdle, landings) in hop_examples(engine, kind, player, from, &diagram) {
        marks.push((hurdle, Mark::Hurdle));
        marks.extend(landings.into_iter().map(|s| (s, Mark::Hop)));
    }
    marks.extend(
        locust_squares(engine, kind, player, from, &diagram)
            .into_iter()
            .map(|s| (s, Mark::Locust)),
    );
    marks.sort();
    marks.dedup();
    marks
}

/// The mark of a diagram square; `None` for a hop's (the example hurdle places those).
fn diagram_mark(m: DiagramMark) -> Option<Mark> {
    Some(match m {
        DiagramMark::MoveOnly | DiagramMark::MoveOrHop => Mark::MoveOnly,
        DiagramMark::CaptureOnly => Mark::CaptureOnly,
        DiagramMark::MoveOrCapture => Mark::MoveOrCapture,
        DiagramMark::Hop => return None,
        DiagramMark::Blocker => Mark::Blocker,
        DiagramMark::CapturedInPassing => Mark::Locust,
    })
}

/// For each hopping ride of the piece, read from the engine's tables: an example hurdle on its
/// line and the squares the hop may land on beyond it. The hurdle stands on the line's second
/// square when the line is long enough (the squares before a hurdle need only be empty), else on
/// the first. A cannon's hop (`p`) lands anywhere beyond, a grasshopper's (`g`) only on the
/// square just beyond; landings the diagram does not show (outside a confinement) are left out.
fn hop_examples(
    engine: &Engine,
    kind: PieceKind,
    player: Player,
    from: Square,
    diagram: &[(Square, DiagramMark)],
) -> Vec<(Square, Vec<Square>)> {
    let mut out = Vec::new();
    for m in engine.table_moves(kind, player, from) {
        let landings = m.landings();
        let TableMove::Ride { squares, hop, .. } = m else {
            continue;
        };
        if hop == Hop::None {
            continue;
        }
        let line: Vec<Square> = squares.iter().map(|s| s.square).collect();
        let at = if line.len() >= 3 { 1 } else { 0 };
        let Some(&hurdle) = line.get(at) else {
            continue;
        };
        let beyond = line.iter().skip(at + 1).copied();
        let lands: Vec<Square> = match hop {
            Hop::Grasshopper => beyond.take(1).collect::<Vec<_>>(),
            _ => beyond.collect(),
        }
        .into_iter()
        .filter(|&s| landings.contains(&s) && shown(diagram, s))
        .collect();
        if !lands.is_empty() {
            out.push((hurdle, lands));
        }
    }
    out
}

/// Whether a move rule applies to a piece of `player` standing on `s`.
fn applies(only_in: &Option<PlayerSquares>, player: Player, s: Square) -> bool {
    only_in.as_ref().is_none_or(|z| z[player].contains(s))
}

/// The square a movement diagram shows the piece on, for `player`: among the squares the piece
/// may stand on, the one where the most of its move rules apply (so zone-dependent moves show),
/// then with the most destinations, then nearest the centre, then the lowest square index.
pub fn diagram_square(engine: &Engine, kind: PieceKind, player: Player) -> Square {
    let rules = engine.rules();
    let dims = rules.board.dims;
    let def = rules.piece(kind);
    let allowed = |s: Square| match &def.confinement {
        crate::rules::Confinement::Within(z) => z[player].contains(s),
        _ => true,
    };
    let score = |s: Square| {
        let rules_here = def
            .moves
            .iter()
            .filter(|r| applies(&r.only_in, player, s))
            .count();
        let reach = engine
            .diagram(kind, player, s)
            .iter()
            .filter(|(_, m)| *m != DiagramMark::Blocker)
            .count();
        let df = 2 * dims.file(s) as i32 - (dims.files as i32 - 1);
        let dr = 2 * dims.rank(s) as i32 - (dims.ranks as i32 - 1);
        (rules_here, reach, -(df * df + dr * dr), -(s.index() as i32))
    };
    let board = rules.board.squares;
    board
        .iter()
        .filter(|&s| allowed(s))
        .max_by_key(|&s| score(s))
        .or_else(|| board.iter().next())
        .unwrap_or(Square::from_index(0))
}

/// Whether the diagram shows the piece reaching `s` (any mark but a blocker).
fn shown(diagram: &[(Square, DiagramMark)], s: Square) -> bool {
    diagram
        .iter()
        .any(|&(q, m)| q == s && m != DiagramMark::Blocker)
}

/// Squares where a multi-leg move captures an enemy in passing (a locust capture), for moves
/// whose landing the diagram shows, read from the engine's tables.
fn locust_squares(
    engine: &Engine,
    kind: PieceKind,
    player: Player,
    from: Square,
    diagram: &[(Square, DiagramMark)],
) -> Vec<Square> {
    let mut out = Vec::new();
    for m in engine.table_moves(kind, player, from) {
        if let TableMove::Path { steps, to, .. } = m {
            if shown(diagram, to) {
                out.extend(steps.iter().filter(|s| s.captures).map(|s| s.square));
            }
        }
    }
    out
}

/// Lines of a movement diagram, read from the engine's move tables: each straight ride from the
/// piece to the last square it reaches, a ride along a declared path through its squares as far as
/// the piece goes, each multi-leg move and lame leap through its turning points. Free leaps get no
/// line: their mark alone shows them.
fn traces(
    engine: &Engine,
    kind: PieceKind,
    player: Player,
    from: Square,
    diagram: &[(Square, DiagramMark)],
    centre: impl Fn(Square) -> (f32, f32),
) -> Vec<Trace> {
    let reached = |s: Square, hop: bool| {
        diagram
            .iter()
            .any(|&(q, m)| q == s && m != DiagramMark::Blocker && (hop || m != DiagramMark::Hop))
    };
    let examples = hop_examples(engine, kind, player, from, diagram);
    let mut out = Vec::new();
    for m in engine.table_moves(kind, player, from) {
        match m {
            // A lame leap goes through the square that blocks it: drawn as a path, as the
            // multi-leg move it is written as (`nN` is `afsW`). A free leap's mark alone shows it.
            TableMove::Leap {
                to,
                blocker: Some(block),
                ..
            } => {
                if reached(to, false) || reached(to, true) {
                    let line = [centre(from), centre(block), centre(to)];
                    out.push(Trace::Path(turning_points(&line)));
                }
            }
            TableMove::Leap { .. } => {}
            TableMove::Ride { squares, hop, .. } if hop != Hop::None => {
                // Over the example hurdle to the last square the example lands on, round the
                // corners of a path.
                let line: Vec<Square> = squares.iter().map(|s| s.square).collect();
                let last = examples
                    .iter()
                    .filter_map(|(_, lands)| lands.last())
                    .filter_map(|s| line.iter().position(|q| q == s))
                    .max();
                if let Some(i) = last {
                    let points: Vec<(f32, f32)> = std::iter::once(from)
                        .chain(line[..=i].iter().copied())
                        .map(&centre)
                        .collect();
                    out.push(Trace::HopRide(turning_points(&points)));
                }
            }
            TableMove::Ride { squares, hop, .. } => {
                let hopping = hop != Hop::None;
                let line: Vec<(f32, f32)> = std::iter::once(from)
                    .chain(squares.iter().map(|s| s.square))
                    .map(&centre)
                    .collect();
                if turning_points(&line).len() <= 2 {
                    let end = squares.iter().rev().find(|s| reached(s.square, hopping));
                    if let Some(end) = end {
                        let points = vec![centre(from), centre(end.square)];
                        out.push(if hopping {
                            Trace::HopRide(points)
                        } else {
                            Trace::Ride(points)
                        });
                    }
                } else if hopping {
                    // Round corners over the screen to the last square it may land on.
                    if let Some(i) = squares.iter().rposition(|s| reached(s.square, true)) {
                        let points = std::iter::once(from)
                            .chain(squares[..=i].iter().map(|s| s.square))
                            .map(&centre)
                            .collect();
                        out.push(Trace::HopRide(points));
                    }
                } else {
                    let mut points = vec![centre(from)];
                    for s in &squares {
                        if s.square == from || !reached(s.square, false) {
                            break;
                        }
                        points.push(centre(s.square));
                    }
                    if points.len() > 1 {
                        out.push(Trace::Ride(points));
                    }
                }
            }
            TableMove::Path { steps, to, .. } => {
                if reached(to, false) || reached(to, true) {
                    let line: Vec<(f32, f32)> = std::iter::once(from)
                        .chain(steps.iter().map(|s| s.square))
                        .chain(std::iter::once(to))
                        .map(&centre)
                        .collect();
                    out.push(Trace::Path(turning_points(&line)));
                }
            }
        }
    }
    out
}

/// The first and last points of a line and every point where it changes direction or step.
fn turning_points(line: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let mut pts: Vec<(f32, f32)> = Vec::new();
    for &p in line {
        if pts.last() != Some(&p) {
            pts.push(p);
        }
    }
    let delta = |a: (f32, f32), b: (f32, f32)| (b.0 - a.0, b.1 - a.1);
    let mut out = Vec::new();
    for (i, &p) in pts.iter().enumerate() {
        let turns = i == 0 || i + 1 == pts.len() || delta(pts[i - 1], p) != delta(p, pts[i + 1]);
        if turns {
            out.push(p);
        }
    }
    out
}

/// The piece's Betza, rule by rule, with the zone each zone-dependent rule applies in.
fn betza_summary(rules: &RuleSet, kind: PieceKind) -> String {
    let def = rules.piece(kind);
    let mut parts: Vec<String> = def
        .moves
        .iter()
        .map(|r| match &r.only_in {
            None => r.betza.clone(),
            Some(_) => format!("{} in {}", r.betza, rule_zone_name(rules, r)),
        })
        .collect();
    parts.extend(def.rides.iter().map(|r| rules.ride_text(r)));
    if parts.is_empty() {
        "no moves".to_string()
    } else {
        parts.join("; ")
    }
}

/// The zone a zone-dependent rule names, from the identity the compiler gave it (`a zone` when
/// the rule wrote its squares out).
fn rule_zone_name(rules: &RuleSet, rule: &MoveRule) -> String {
    rule.zone
        .map_or_else(|| "a zone".to_string(), |z| rules.zone_ref_name(z))
}

/// The REPL's `render` command, given the words after `render`: `OUT` draws the position (with
/// `last_move`, the game's last move, marked),
/// `--moves SQUARE OUT` adds that piece's legal moves, `--piece NAME [--at SQUARE] OUT` draws a
/// piece's movement diagram. Writes the picture (SVG, or PNG for `.png`) and returns its path.
pub(crate) fn render_command(
    engine: &Engine,
    pos: &Position,
    last_move: Option<(Square, Square)>,
    words: &[&str],
) -> Result<std::path::PathBuf, RenderError> {
    let rules = engine.rules();
    let (mut piece, mut at, mut moves, mut out) = (None, None, None, None);
    let mut it = words.iter();
    while let Some(&w) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .copied()
                .ok_or_else(|| RenderError::Usage(format!("{flag} needs a value")))
        };
        match w {
            "--piece" => piece = Some(value(w)?),
            "--at" => at = Some(value(w)?),
            "--moves" => moves = Some(value(w)?),
            _ if w.starts_with("--") => {
                return Err(RenderError::Usage(format!("unknown option `{w}`")))
            }
            _ if out.is_some() => {
                return Err(RenderError::Usage(format!(
                    "one output file only, not `{w}`"
                )))
            }
            _ => out = Some(w),
        }
    }
    let out = Path::new(out.ok_or_else(|| RenderError::Usage("no output file".to_string()))?);
    let svg = match piece {
        Some(name) => {
            if moves.is_some() {
                return Err(RenderError::Usage(
                    "--moves shows a piece of the position; a --piece diagram has its own"
                        .to_string(),
                ));
            }
            let kind = find_piece(rules, name)?;
            let square = at.map(|s| parse_square(rules, s)).transpose()?;
            render_piece(
                engine,
                kind,
                &RenderOptions {
                    diagram_square: square,
                    ..Default::default()
                },
            )
        }
        None => {
            if at.is_some() {
                return Err(RenderError::Usage(
                    "--at chooses the square of a --piece diagram".to_string(),
                ));
            }
            let from = moves.map(|s| parse_square(rules, s)).transpose()?;
            if let Some(s) = from.filter(|&s| pos.piece_at(s).is_none()) {
                return Err(RenderError::NoPiece(rules.board.dims.name(s)));
            }
            render_position(
                engine,
                pos,
                &RenderOptions {
                    moves_from: from,
                    last_move,
                    ..Default::default()
                },
            )
        }
    };
    write_picture(&svg, out)?;
    Ok(out.to_path_buf())
}

/// Writes SVG text to `path`, rasterised to PNG when the name ends in `.png` (any case); any
/// other ending than `.svg` or `.png` is an error, so `out.jpg` never silently holds SVG.
pub fn write_picture(svg: &str, path: &Path) -> Result<(), RenderError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("png") => svg_to_png(svg)?,
        Some("svg") => svg.as_bytes().to_vec(),
        _ => return Err(RenderError::UnknownFormat(path.display().to_string())),
    };
    std::fs::write(path, bytes).map_err(|e| RenderError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests;
