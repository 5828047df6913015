//! Drawing: the board, zones, labels, pieces, hands, marks and the legend, as SVG elements.
//!
//! Every drawn thing that tests or other tools may look for carries a stable class and `data-*`
//! attributes: `square`, `zone-square` (`data-zone`, `data-square`), `piece` (`data-square`,
//! `data-player`, `data-kind`, `data-letter`, `data-promoted`), `hand-piece` (`data-count`),
//! `mark` (`data-mark`, `data-square`), `legend-item`.

use super::layout::{Layout, HAND_COLUMNS, HAND_HEADER_H, HAND_ROW_H};
use super::style::{self, marks as mc, Palette};
use super::svg::{centred_text, circle, group, left_text, line, num, polygon, rect, Element};
use crate::engine::{Piece, Position};
use crate::geometry::{Player, Square, SquareSet};
use crate::rules::{Glyph, RuleSet, SvgGlyph};

use super::marks::ring;
pub(super) use super::marks::{Mark, Trace};

/// Fonts tried in order; DejaVu Sans is common on Linux, the others elsewhere.
const FONTS: &str = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
/// Fonts for chess figurines (DejaVu Sans has them, from Debian's fonts-dejavu-core).
const FIGURINE_FONTS: &str =
    "DejaVu Sans, Noto Sans Symbols 2, Segoe UI Symbol, Apple Symbols, sans-serif";
/// Fonts for Chinese characters and kanji (Noto CJK, from Debian's fonts-noto-cjk), serif
/// first: the brush-like strokes pieces are carved with.
const CJK_FONTS: &str = "Noto Serif CJK TC, Noto Serif CJK JP, Noto Sans CJK TC, \
    Noto Sans CJK JP, Source Han Serif, Songti SC, SimSun, MS Mincho, serif";
/// Piece disc radius, in cells.
const DISC_R: f32 = 0.42;
/// Width of the border around a zone where a move applies, in cells.
const APPLIES_WIDTH: f32 = 0.12;
/// Title font size, in cells.
const TITLE_SIZE: f32 = 0.34;

/// Estimated width of the title line (bold text is about 0.62 em a character), so the picture
/// can be made wide enough without measuring fonts.
pub(super) fn title_width(title: &str, cell: f32) -> f32 {
    title.chars().count() as f32 * 0.62 * TITLE_SIZE * cell
}

/// One entry of the legend.
#[derive(Clone, Debug)]
pub(super) enum LegendItem {
    /// A shaded zone: name and colour.
    Zone(String, String),
    /// An overlay or diagram mark.
    Mark(Mark),
    /// A kind of line in a movement diagram.
    Trace(Trace),
    /// The border around the zone where a zone-dependent move applies, with what applies there.
    Applies(String),
    /// Plain text (a note, such as the piece's Betza).
    Note(String),
}

/// A picture being drawn: the rule set, its colours and its layout.
pub(super) struct Canvas<'a> {
    /// The variant.
    pub rules: &'a RuleSet,
    /// Its colours.
    pub palette: Palette,
    /// Where things go.
    pub layout: Layout,
}

impl<'a> Canvas<'a> {
    /// The root `<svg>` element with a white background and the title line.
    pub(super) fn root(&self, legend_rows: usize, title: &str) -> Element {
        let l = &self.layout;
        let (w, h) = (l.width.ceil(), l.height(legend_rows).ceil());
        Element::new("svg")
            .attr("xmlns", "http://www.w3.org/2000/svg")
            .attr("width", w)
            .attr("height", h)
            .attr("viewBox", format!("0 0 {} {}", w, h))
            .attr("font-family", FONTS)
            .attr("class", "chimera-picture")
            .attr("data-variant", &self.rules.name)
            .child(
                rect(0.0, 0.0, w, h)
                    .attr("fill", style::PAPER)
                    .attr("class", "background"),
            )
            .child(
                left_text(l.legend_x(), l.board_y / 2.0, TITLE_SIZE * l.cell, title)
                    .attr("class", "title")
                    .attr("font-weight", "bold")
                    .attr("fill", style::INK),
            )
    }

    /// Whether a square exists (is not a hole).
    fn exists(&self, s: Square) -> bool {
        self.rules.board.squares.contains(s)
    }

    /// The board itself: squares, or the ground of an intersection board.
    pub(super) fn board(&self) -> Element {
        let l = &self.layout;
        let c = l.cell;
        let mut g = group("board");
        let dims = l.dims;
        if l.intersections {
            // The board's wood under the lines: half a cell beyond the outer lines on every side.
            g.push(
                rect(l.board_x, l.board_y, l.board_width(), l.board_height())
                    .attr("fill", &self.palette.light)
                    .attr("class", "board-ground"),
            );
        } else {
            // A board of one colour (shogi) needs lines between its squares.
            let mut squares = group("squares");
            if self.palette.light.eq_ignore_ascii_case(&self.palette.dark) {
                squares = squares
                    .attr("stroke", style::INK)
                    .attr("stroke-width", (0.02 * c).max(1.0));
            }
            for s in dims.squares().filter(|&s| self.exists(s)) {
                let (x, y) = l.corner(s);
                let dark = (dims.file(s) + dims.rank(s)).is_multiple_of(2);
                squares.push(
                    rect(x, y, c, c)
                        .attr("class", if dark { "square dark" } else { "square light" })
                        .attr("data-square", dims.name(s))
                        .attr(
                            "fill",
                            if dark {
                                &self.palette.dark
                            } else {
                                &self.palette.light
                            },
                        ),
                );
            }
            g.push(squares);
        }
        g
    }

    /// The river band, if the definition declares one (drawn over the zone shading).
    pub(super) fn river(&self) -> Option<Element> {
        let l = &self.layout;
        let r = l.river?;
        let (top, bottom) = if l.intersections {
            (l.rank_y(r), l.rank_y(r - 1))
        } else {
            (l.rank_y(r) + l.cell / 2.0, l.rank_y(r - 1) - l.cell / 2.0)
        };
        let (left, right) = if l.intersections {
            (l.file_x(0), l.file_x(l.dims.files - 1))
        } else {
            (l.board_x, l.board_x + l.board_width())
        };
        Some(
            rect(left, top, right - left, bottom - top)
                .attr("fill", style::RIVER)
                .attr("class", "river"),
        )
    }

    /// The lines of an intersection board (drawn over the zone shading): runs of existing points;
    /// inner files stop at the river. `None` on a board of squares.
    pub(super) fn grid(&self) -> Option<Element> {
        let l = &self.layout;
        if !l.intersections {
            return None;
        }
        let dims = l.dims;
        let mut g = group("grid")
            .attr("stroke", style::INK)
            .attr("stroke-width", (0.03 * l.cell).max(1.0));
        let connected = |a: Option<Square>, b: Option<Square>| matches!((a, b), (Some(a), Some(b)) if self.exists(a) && self.exists(b));
        for r in 0..dims.ranks {
            let steps: Vec<bool> = (0..dims.files.saturating_sub(1))
                .map(|f| {
                    connected(
                        dims.square(f as i32, r as i32),
                        dims.square(f as i32 + 1, r as i32),
                    )
                })
                .collect();
            for (a, b) in runs(&steps) {
                g.push(line(l.file_x(a), l.rank_y(r), l.file_x(b), l.rank_y(r)));
            }
        }
        for f in 0..dims.files {
            let edge = f == 0 || f + 1 == dims.files;
            let steps: Vec<bool> = (0..dims.ranks.saturating_sub(1))
                .map(|r| {
                    let crosses_river = l.river == Some(r + 1);
                    (edge || !crosses_river)
                        && connected(
                            dims.square(f as i32, r as i32),
                            dims.square(f as i32, r as i32 + 1),
                        )
                })
                .collect();
            for (a, b) in runs(&steps) {
                g.push(line(l.file_x(f), l.rank_y(a), l.file_x(f), l.rank_y(b)));
            }
        }
        Some(g)
    }

    /// Zone shading: every zone of the rule set as the first player sees it, each square a
    /// translucent cell in the zone's colour. Larger zones are drawn first, so a small zone inside a
    /// large one (a palace inside a half) shows as its own tint on top.
    pub(super) fn zones(&self) -> Element {
        let l = &self.layout;
        let c = l.cell;
        let mut g = group("zones");
        let board = self.rules.board.squares;
        let mut zones: Vec<(&String, SquareSet)> = self
            .rules
            .zones
            .iter()
            .map(|(n, sq)| (n, sq[Player::First].intersect(&board)))
            .collect();
        zones.sort_by_key(|(_, sq)| std::cmp::Reverse(sq.len()));
        for (name, squares) in &zones {
            for s in squares.iter() {
                let (x, y) = l.corner(s);
                // The declared colour as written; on a dark square of a chequered board a shade
                // of it, so the pattern still shows.
                let colour = self.palette.zone(name);
                let dark = !l.intersections
                    && (l.dims.file(s) + l.dims.rank(s)).is_multiple_of(2)
                    && !self.palette.light.eq_ignore_ascii_case(&self.palette.dark);
                let fill = if dark {
                    style::mix(colour, "#000000", style::ZONE_DARK_SHADE)
                } else {
                    colour.to_string()
                };
                g.push(
                    rect(x, y, c, c)
                        .attr("class", "zone-square")
                        .attr("data-zone", *name)
                        .attr("data-square", l.dims.name(s))
                        .attr("fill", fill),
                );
            }
        }
        // Borders in a darker shade of the zone's colour, so a zone shows where it meets another
        // of a near colour. The second player's view of a zone, when it differs, is a dashed
        // border only, so both palaces show.
        let mut borders = group("zone-borders")
            .attr("fill", "none")
            .attr("stroke-width", 0.06 * c)
            .attr("stroke-linecap", "square");
        for (name, first) in &zones {
            let colour = &style::mix(self.palette.zone(name), "#000000", style::ZONE_BORDER_SHADE);
            borders.push(
                self.outline(first)
                    .attr("class", "zone-border")
                    .attr("data-zone", *name)
                    .attr("data-player", player_name(Player::First))
                    .attr("stroke", colour),
            );
            let second = self.rules.zones[*name][Player::Second].intersect(&board);
            if second != *first {
                borders.push(
                    self.outline(&second)
                        .attr("class", "zone-border")
                        .attr("data-zone", *name)
                        .attr("data-player", player_name(Player::Second))
                        .attr("stroke", colour)
                        .attr("stroke-dasharray", dashes(0.16 * c, 0.1 * c)),
                );
            }
        }
        g.push(borders);
        g
    }

    /// The border of a set of squares, as one `<path>`: every cell side that does not touch
    /// another square of the set.
    pub(super) fn outline(&self, set: &SquareSet) -> Element {
        let l = &self.layout;
        let (c, dims) = (l.cell, l.dims);
        let n = super::svg::num;
        let mut d = String::new();
        for s in set.iter() {
            let (x, y) = l.corner(s);
            let (f, r) = (dims.file(s) as i32, dims.rank(s) as i32);
            let inside =
                |df: i32, dr: i32| dims.square(f + df, r + dr).is_some_and(|q| set.contains(q));
            if !inside(0, 1) {
                d += &format!("M{},{}H{}", n(x), n(y), n(x + c));
            }
            if !inside(0, -1) {
                d += &format!("M{},{}H{}", n(x), n(y + c), n(x + c));
            }
            if !inside(-1, 0) {
                d += &format!("M{},{}V{}", n(x), n(y), n(y + c));
            }
            if !inside(1, 0) {
                d += &format!("M{},{}V{}", n(x + c), n(y), n(y + c));
            }
        }
        Element::new("path").attr("d", d)
    }

    /// Palace diagonals for the zones the render hints name, for both players: from each corner of
    /// the zone's bounding box that lies in the zone, inwards while the squares stay in the zone.
    pub(super) fn diagonals(&self) -> Element {
        let l = &self.layout;
        let dims = l.dims;
        let mut g = group("diagonals")
            .attr("stroke", style::INK)
            .attr("stroke-width", (0.03 * l.cell).max(1.0));
        let mut drawn: Vec<(Square, Square)> = Vec::new();
        for name in &self.rules.render.diagonals {
            let Some(per_player) = self.rules.zones.get(name) else {
                continue;
            };
            for set in per_player {
                for (a, b) in diagonal_segments(dims, set) {
                    let key = if a <= b { (a, b) } else { (b, a) };
                    if drawn.contains(&key) {
                        continue;
                    }
                    drawn.push(key);
                    let ((x1, y1), (x2, y2)) = (l.centre(a), l.centre(b));
                    g.push(
                        line(x1, y1, x2, y2)
                            .attr("class", "diagonal")
                            .attr("data-zone", name),
                    );
                }
            }
        }
        g
    }

    /// File letters under the board and rank numbers to its left.
    pub(super) fn labels(&self) -> Element {
        let l = &self.layout;
        let size = 0.28 * l.cell;
        let mut g = group("labels").attr("fill", style::INK);
        let bottom = l.board_y + l.board_height() + 0.25 * l.cell;
        for f in 0..l.dims.files {
            let letter = crate::geometry::file_letter(f).to_string();
            g.push(centred_text(l.file_x(f), bottom, size, &letter).attr("class", "file-label"));
        }
        for r in 0..l.dims.ranks {
            let x = l.board_x - 0.25 * l.cell;
            g.push(
                centred_text(x, l.rank_y(r), size, &(r as u32 + 1).to_string())
                    .attr("class", "rank-label"),
            );
        }
        g
    }

    /// The text on a piece: its FEN letter as its owner writes it.
    fn letter(&self, piece: Piece) -> String {
        let letter = &self.rules.piece(piece.kind).letter;
        match piece.player {
            Player::First => letter.clone(),
            Player::Second => letter.to_lowercase(),
        }
    }

    /// A piece centred on (x, y), `r` its radius: its glyph as the definition names it (a chess
    /// figurine alone, filled in its player's colour; other characters on a disc or a wedge; an
    /// SVG picture), else its letter on a disc. With `render { wedges }` every piece is a wedge
    /// pointing at the opponent, the second player's turned round. The group carries
    /// `data-glyph` (the text, or `svg`) and the box the glyph is drawn in (`data-glyph-box`:
    /// x, y, width, height), so tools can tell what covers it.
    fn piece_shape(&self, piece: Piece, x: f32, y: f32, r: f32, class: &str) -> Element {
        let def = self.rules.piece(piece.kind);
        let letter = self.letter(piece);
        let promoted = def.letter.starts_with('+');
        let glyph = def.glyph.as_ref().map(|g| &g[piece.player]);
        let side = self.palette.side(piece.player).to_string();
        let ink = self.palette.side_ink(piece.player);
        let mut g = group(class)
            .attr("data-player", player_name(piece.player))
            .attr("data-kind", &def.name)
            .attr("data-letter", &letter)
            .attr("data-promoted", if promoted { "true" } else { "false" })
            .attr_opt(
                "data-glyph",
                glyph.map(|g| match g {
                    Glyph::Text(t) => t.clone(),
                    Glyph::Svg(_) => "svg".to_string(),
                }),
            );
        let wedges = self.rules.render.wedges;
        // What is drawn, and the half-size of the square box the glyph is drawn in.
        let mut body = group("piece-body");
        let half;
        match glyph {
            Some(Glyph::Text(t)) if !wedges && is_figurine(t) => {
                // The figurine's ink, not its whole em box (which reaches the cell's corners).
                half = 0.8 * r;
                body.push(
                    circle(x, y, 0.95 * r)
                        .attr("class", "piece-disc piece-hit")
                        .attr("fill", &side)
                        .attr("fill-opacity", 0),
                );
                // The figurine filled in the player's colour, outlined in a contrasting ink
                // (drawn under the fill, so the outline does not eat the drawing).
                body.push(
                    centred_text(x, y + 0.06 * r, 1.95 * r, t)
                        .attr("class", "piece-glyph figurine")
                        .attr("font-family", FIGURINE_FONTS)
                        .attr("fill", &side)
                        .attr("stroke", ink)
                        .attr("stroke-width", (0.1 * r).max(1.0))
                        .attr("stroke-linejoin", "round")
                        .attr("paint-order", "stroke"),
                );
            }
            Some(Glyph::Svg(svg)) if !wedges => {
                half = 0.85 * r;
                body.push(
                    circle(x, y, 0.95 * r)
                        .attr("class", "piece-disc piece-hit")
                        .attr("fill", &side)
                        .attr("fill-opacity", 0),
                );
                body.push(self.svg_glyph(svg, x, y, half, &side));
            }
            _ if wedges => {
                half = 0.55 * r;
                body.push(
                    polygon(&wedge(x, y, r))
                        .attr("class", "piece-disc piece-wedge")
                        .attr("fill", style::WEDGE)
                        .attr("stroke", side_edge(&side))
                        .attr("stroke-width", (0.08 * r).max(1.0))
                        .attr("stroke-linejoin", "round"),
                );
                // Promoted faces in red, as shogi pieces have them.
                let colour = if promoted {
                    style::PROMOTED_INK
                } else {
                    "#111111"
                };
                body.push(match glyph {
                    Some(Glyph::Svg(svg)) => self.svg_glyph(svg, x, y + 0.1 * r, half, colour),
                    Some(Glyph::Text(t)) => glyph_text(x, y + 0.1 * r, 1.15 * r, t, colour),
                    // The letter on the wedge (one `class` only: a second is invalid SVG).
                    None => centred_text(
                        x,
                        y + 0.1 * r,
                        letter_size(1.0 * r, &def.letter),
                        &def.letter,
                    )
                    .attr("class", "piece-letter")
                    .attr("font-family", FONTS)
                    .attr("font-weight", "bold")
                    .attr("fill", colour),
                });
            }
            Some(Glyph::Text(t)) => {
                half = 0.62 * r;
                // A character on a disc: on a dark player's colour, an ivory disc with the
                // character and a rim in that colour (a xiangqi piece); on a light one, a disc in
                // that colour with dark ink.
                let dark = style::parse_hex(&side).is_some_and(|c| style::luminance(c) < 0.6);
                let (disc, ink) = if dark {
                    (style::IVORY.to_string(), side.clone())
                } else {
                    (side.clone(), ink.to_string())
                };
                body.push(
                    circle(x, y, r)
                        .attr("class", "piece-disc")
                        .attr("fill", &disc)
                        .attr("stroke", side_edge(&side))
                        .attr("stroke-width", (0.08 * r).max(1.0)),
                );
                body.push(
                    circle(x, y, 0.74 * r)
                        .attr("class", "piece-rim")
                        .attr("fill", "none")
                        .attr("stroke", &ink)
                        .attr("stroke-width", (0.04 * r).max(0.5)),
                );
                body.push(glyph_text(x, y, 1.05 * r, t, &ink));
            }
            _ => {
                half = 0.6 * r;
                let size = if letter.chars().count() > 1 {
                    0.95 * r
                } else {
                    1.2 * r
                };
                body.push(
                    circle(x, y, r)
                        .attr("class", "piece-disc")
                        .attr("fill", &side)
                        .attr("stroke", "#111111")
                        .attr("stroke-width", (0.06 * r).max(1.0)),
                );
                body.push(
                    centred_text(x, y, size, &letter)
                        .attr("class", "piece-letter")
                        .attr("font-weight", "bold")
                        .attr("fill", ink),
                );
            }
        }
        if wedges && piece.player == Player::Second {
            // Turned round on the group, not on the text: the studio's flipped board turns
            // its texts back with CSS, which would undo a turn written on the text itself.
            body = body.attr("transform", format!("rotate(180 {} {})", num(x), num(y)));
        }
        g = g.attr(
            "data-glyph-box",
            format!(
                "{} {} {} {}",
                num(x - half),
                num(y - half),
                num(2.0 * half),
                num(2.0 * half)
            ),
        );
        g.push(body);
        // A wedge shows promotion by its red face; other pieces get a gold dot.
        if promoted && !wedges {
            g.push(
                circle(x + 0.72 * r, y - 0.72 * r, 0.24 * r)
                    .attr("class", "promoted-mark")
                    .attr("fill", mc::PROMOTED)
                    .attr("stroke", "#111111")
                    .attr("stroke-width", (0.04 * r).max(0.5)),
            );
        }
        g
    }

    /// One piece alone, centred on (0, 0) in a cell of `cell` units, as the board draws it.
    pub(super) fn piece_markup(&self, piece: Piece, cell: f32) -> String {
        self.piece_shape(piece, 0.0, 0.0, DISC_R * cell, "piece-shape")
            .to_xml()
    }

    /// An SVG glyph drawn in the square of half-size `half` centred on (x, y); `currentColor`
    /// in it is `colour`. In a group the studio turns back upright on a flipped board.
    fn svg_glyph(&self, svg: &SvgGlyph, x: f32, y: f32, half: f32, colour: &str) -> Element {
        let [vx, vy, vw, vh] = svg.view_box;
        group("piece-glyph glyph-picture").child(
            Element::new("svg")
                .attr("x", x - half)
                .attr("y", y - half)
                .attr("width", 2.0 * half)
                .attr("height", 2.0 * half)
                .attr(
                    "viewBox",
                    format!("{} {} {} {}", num(vx), num(vy), num(vw), num(vh)),
                )
                .attr("color", colour)
                .raw(&svg.body),
        )
    }

    /// Every piece on the board; pieces that promote after their next move get a dashed ring.
    pub(super) fn pieces(&self, pos: &Position) -> Element {
        let l = &self.layout;
        let r = DISC_R * l.cell;
        let pending = pos.pending_promotions();
        let mut g = group("pieces");
        // `walls`: a wall is a dark block filling most of its square, no one's colour.
        for s in pos.walls().iter().filter(|&s| self.exists(s)) {
            let (x, y) = l.corner(s);
            let inset = 0.08 * l.cell;
            g.push(
                rect(
                    x + inset,
                    y + inset,
                    l.cell - 2.0 * inset,
                    l.cell - 2.0 * inset,
                )
                .attr("class", "wall")
                .attr("data-square", l.dims.name(s))
                .attr("rx", num(0.1 * l.cell))
                .attr("fill", style::INK),
            );
        }
        for (s, piece) in pos.pieces().filter(|&(s, _)| self.exists(s)) {
            let (x, y) = l.centre(s);
            let mut disc = self
                .piece_shape(piece, x, y, r, "piece")
                .attr("data-square", l.dims.name(s));
            if pending.contains(s) {
                disc.push(
                    ring(x, y, r * 1.12, mc::PROMOTED, 0.05 * l.cell)
                        .attr("class", "pending-promotion")
                        .attr(
                            "stroke-dasharray",
                            format!(
                                "{} {}",
                                super::svg::num(0.1 * l.cell),
                                super::svg::num(0.06 * l.cell)
                            ),
                        ),
                );
            }
            g.push(disc);
        }
        g
    }

    /// Both hands beside the board: the second player's at the top, the first player's below.
    pub(super) fn hands(&self, pos: &Position) -> Option<Element> {
        let l = &self.layout;
        let x0 = l.hands_x?;
        let c = l.cell;
        let mut g = group("hands");
        for (player, top) in [(Player::Second, l.board_y), (Player::First, l.first_hand_y)] {
            let mut hand = group("hand").attr("data-player", player_name(player));
            hand.push(
                left_text(
                    x0,
                    top + HAND_HEADER_H * c / 2.0,
                    0.28 * c,
                    &format!("{} in hand", self.rules.players[player]),
                )
                .attr("class", "hand-title")
                .attr("fill", style::INK),
            );
            let contents = pos.hand_contents(player);
            if contents.is_empty() {
                hand.push(
                    left_text(
                        x0 + 0.1 * c,
                        top + (HAND_HEADER_H + HAND_ROW_H / 2.0) * c,
                        0.28 * c,
                        "none",
                    )
                    .attr("fill", "#777777"),
                );
            }
            for (i, (kind, count)) in contents.into_iter().enumerate() {
                let (row, col) = (i / HAND_COLUMNS, i % HAND_COLUMNS);
                let x = x0 + 0.35 * c + col as f32 * 1.35 * c;
                let y = top + (HAND_HEADER_H + (row as f32 + 0.5) * HAND_ROW_H) * c;
                hand.push(
                    self.piece_shape(Piece::new(player, kind), x, y, 0.3 * c, "hand-piece")
                        .attr("data-count", count)
                        .child(
                            left_text(x + 0.38 * c, y, 0.28 * c, &format!("\u{d7}{}", count))
                                .attr("class", "hand-count")
                                .attr("fill", style::INK),
                        ),
                );
            }
            g.push(hand);
        }
        Some(g)
    }

    /// Marks on squares; those drawn under the pieces come first in `under`, the rest in `over`.
    pub(super) fn marks(&self, marks: &[(Square, Mark)]) -> (Element, Element) {
        let l = &self.layout;
        let mut under = group("marks-under");
        let mut over = group("marks");
        for &(s, m) in marks.iter().filter(|(s, _)| self.exists(*s)) {
            let (x, y) = l.centre(s);
            let e = group(&format!("mark mark-{}", m.name()))
                .attr("data-mark", m.name())
                .attr("data-square", l.dims.name(s))
                .child(m.shape(x, y, l.cell));
            if m.under_pieces() {
                under.push(e);
            } else {
                over.push(e);
            }
        }
        (under, over)
    }

    /// Borders around the zones where the diagram's zone-dependent moves apply.
    pub(super) fn applies(&self, zones: &[(String, SquareSet)]) -> Element {
        let c = self.layout.cell;
        let mut g = group("rule-zones")
            .attr("fill", "none")
            .attr("stroke", mc::APPLIES)
            .attr("stroke-width", APPLIES_WIDTH * c)
            .attr("stroke-opacity", 0.6)
            .attr("stroke-linecap", "square");
        for (betza, set) in zones {
            g.push(
                self.outline(set)
                    .attr("class", "rule-zone")
                    .attr("data-betza", betza),
            );
        }
        g
    }

    /// Lines of a movement diagram.
    pub(super) fn traces(&self, traces: &[Trace]) -> Element {
        let mut g = group("traces");
        for t in traces {
            g.push(
                t.shape(self.layout.cell)
                    .attr("class", format!("trace trace-{}", t.class())),
            );
        }
        g
    }

    /// Lays out legend items in rows across the picture's width; returns the rows used and the group.
    pub(super) fn legend(&self, items: &[LegendItem]) -> (usize, Element) {
        let l = &self.layout;
        let c = l.cell;
        let size = 0.26 * c;
        let swatch = 0.36 * c;
        let max_x = l.width - l.legend_x();
        let mut g = group("legend");
        let (mut row, mut x) = (0usize, l.legend_x());
        let mut used_rows = 0;
        for item in items {
            let label = match item {
                LegendItem::Zone(name, _) => name.clone(),
                LegendItem::Mark(m) => m.meaning().to_string(),
                LegendItem::Trace(t) => t.meaning().to_string(),
                LegendItem::Applies(t) | LegendItem::Note(t) => t.clone(),
            };
            let has_swatch = !matches!(item, LegendItem::Note(_));
            // Text width is estimated: the picture is laid out without measuring fonts.
            let w = if has_swatch { swatch + 0.12 * c } else { 0.0 }
                + label.chars().count() as f32 * 0.58 * size
                + 0.4 * c;
            if x > l.legend_x() && x + w > max_x {
                row += 1;
                x = l.legend_x();
            }
            used_rows = row + 1;
            let cy = l.legend_row_y(row) + l.legend_row_h() / 2.0;
            let mut e = group("legend-item");
            let text_x = if has_swatch { x + swatch + 0.12 * c } else { x };
            match item {
                LegendItem::Zone(name, colour) => {
                    e = e.attr("data-zone", name);
                    e.push(
                        rect(x, cy - swatch / 2.0, swatch, swatch)
                            .attr("fill", colour)
                            .attr(
                                "stroke",
                                style::mix(colour, "#000000", style::ZONE_BORDER_SHADE),
                            )
                            .attr("stroke-width", 0.06 * c),
                    );
                }
                LegendItem::Mark(m) => {
                    e = e.attr("data-mark", m.name());
                    e.push(m.legend_shape(x + swatch / 2.0, cy, swatch));
                }
                LegendItem::Trace(t) => {
                    let points = vec![(x, cy + swatch / 3.0), (x + swatch, cy - swatch / 3.0)];
                    let sample = match t {
                        Trace::Ride(_) => Trace::Ride(points),
                        Trace::HopRide(_) => Trace::HopRide(points),
                        Trace::Path(_) => Trace::Path(points),
                    };
                    e = e.attr("data-trace", t.class());
                    e.push(sample.shape(c));
                }
                LegendItem::Applies(_) => {
                    e = e.attr("data-applies", "true");
                    e.push(
                        rect(x, cy - swatch / 2.0, swatch, swatch)
                            .attr("fill", "none")
                            .attr("stroke", mc::APPLIES)
                            .attr("stroke-opacity", 0.6)
                            .attr("stroke-width", APPLIES_WIDTH * c),
                    );
                }
                LegendItem::Note(_) => {}
            }
            e.push(left_text(text_x, cy, size, &label).attr("fill", style::INK));
            g.push(e);
            x += w;
        }
        (used_rows, g)
    }
}

/// Whether a text glyph is a chess figurine (the Miscellaneous Symbols' chess pieces or the
/// Chess Symbols block): a picture of a piece in itself, drawn without a disc.
pub(super) fn is_figurine(text: &str) -> bool {
    let mut chars = text
        .chars()
        .filter(|c| !matches!(c, '\u{fe0e}' | '\u{fe0f}'));
    matches!(
        (chars.next(), chars.next()),
        (Some('\u{2654}'..='\u{265f}' | '\u{1fa00}'..='\u{1fa6f}'), None)
    )
}

/// The font list for a text glyph: figurines, Chinese characters and kana, or letters.
fn glyph_fonts(text: &str) -> &'static str {
    if is_figurine(text) {
        FIGURINE_FONTS
    } else if text.chars().any(|c| c >= '\u{2e80}') {
        CJK_FONTS
    } else {
        FONTS
    }
}

/// A text glyph centred on (x, y), its size shrunk when it has several characters.
/// The font size of a text of several characters fitted where one of `size` would go.
fn letter_size(size: f32, text: &str) -> f32 {
    let n = text.chars().count().max(1) as f32;
    if n > 1.0 {
        size * 1.5 / (n + 0.5)
    } else {
        size
    }
}

fn glyph_text(x: f32, y: f32, size: f32, text: &str, colour: &str) -> Element {
    centred_text(x, y, letter_size(size, text), text)
        .attr("class", "piece-glyph")
        .attr("font-family", glyph_fonts(text))
        .attr("font-weight", "bold")
        .attr("fill", colour)
}

/// The corners of a wedge (a shogi piece) of radius `r` centred on (x, y), pointing up.
fn wedge(x: f32, y: f32, r: f32) -> [(f32, f32); 5] {
    [
        (x, y - 0.98 * r),
        (x + 0.62 * r, y - 0.66 * r),
        (x + 0.8 * r, y + 0.92 * r),
        (x - 0.8 * r, y + 0.92 * r),
        (x - 0.62 * r, y - 0.66 * r),
    ]
}

/// The edge drawn round a piece of this colour: the colour itself when it stands out on a
/// pale board, else a dark ink.
fn side_edge(colour: &str) -> String {
    match style::parse_hex(colour) {
        Some(c) if style::luminance(c) < 0.75 => colour.to_string(),
        _ => "#3b2a1a".to_string(),
    }
}

/// A `stroke-dasharray` value: dash and gap lengths.
pub(super) fn dashes(dash: f32, gap: f32) -> String {
    format!("{} {}", super::svg::num(dash), super::svg::num(gap))
}

/// `"first"` or `"second"`, for `data-player`.
pub(super) fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// Maximal runs of `true` in `steps` (step i joins point i and i+1), as (first point, last point).
fn runs(steps: &[bool]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, &on) in steps.iter().chain(std::iter::once(&false)).enumerate() {
        match (on, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s as u8, i as u8));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The diagonals of a zone: from each corner of its bounding box that lies in the zone, the longest
/// diagonal run inwards through squares of the zone (at least one step).
fn diagonal_segments(dims: crate::geometry::Dimensions, set: &SquareSet) -> Vec<(Square, Square)> {
    let files: Vec<u8> = set.iter().map(|s| dims.file(s)).collect();
    let ranks: Vec<u8> = set.iter().map(|s| dims.rank(s)).collect();
    let (Some(&f0), Some(&f1), Some(&r0), Some(&r1)) = (
        files.iter().min(),
        files.iter().max(),
        ranks.iter().min(),
        ranks.iter().max(),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (f, r, df, dr) in [
        (f0, r0, 1, 1),
        (f1, r0, -1, 1),
        (f0, r1, 1, -1),
        (f1, r1, -1, -1),
    ] {
        let Some(start) = dims.square(f as i32, r as i32) else {
            continue;
        };
        if !set.contains(start) {
            continue;
        }
        let mut end = start;
        let mut k = 1;
        while let Some(next) = dims.square(f as i32 + k * df, r as i32 + k * dr) {
            if !set.contains(next) {
                break;
            }
            end = next;
            k += 1;
        }
        if end != start {
            out.push((start, end));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dimensions;

    #[test]
    fn runs_join_consecutive_steps() {
        assert_eq!(runs(&[true, true, false, true]), vec![(0, 2), (3, 4)]);
        assert_eq!(runs(&[false, false]), vec![]);
    }

    #[test]
    fn a_three_by_three_palace_gets_an_x() {
        let d = Dimensions {
            files: 9,
            ranks: 10,
        };
        let palace: SquareSet = ["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"]
            .iter()
            .filter_map(|n| d.parse_square(n))
            .collect();
        let mut segs: Vec<(String, String)> = diagonal_segments(d, &palace)
            .into_iter()
            .map(|(a, b)| (d.name(a), d.name(b)))
            .collect();
        segs.sort();
        assert_eq!(
            segs,
            vec![
                ("d1".into(), "f3".into()),
                ("d3".into(), "f1".into()),
                ("f1".into(), "d3".into()),
                ("f3".into(), "d1".into())
            ]
        );
    }
}
