//! Where things go: the board, its labels, the hands panel and the legend, in pixels.

use crate::geometry::{Dimensions, Square};
use crate::rules::RuleSet;

/// Sizes in cells (multiplied by the cell size).
const MARGIN: f32 = 0.25;
const TITLE_H: f32 = 0.8;
const LABEL_W: f32 = 0.5;
const LABEL_H: f32 = 0.5;
/// Extra space a river takes on a board of squares (on intersections the river is a row of cells already).
const RIVER_GAP: f32 = 0.5;
/// Width of the panel that shows the hands.
const HANDS_W: f32 = 2.8;
/// Height of one hand entry, and of the header above each hand.
pub(super) const HAND_ROW_H: f32 = 0.75;
pub(super) const HAND_HEADER_H: f32 = 0.55;
/// Hand entries per row.
pub(super) const HAND_COLUMNS: usize = 2;
/// Height of one legend row.
const LEGEND_ROW_H: f32 = 0.5;

/// The geometry of one picture.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// Pixels per square.
    pub cell: f32,
    /// Board size.
    pub dims: Dimensions,
    /// Pieces stand on the lines.
    pub intersections: bool,
    /// 0-based index of the first rank above the river, if there is one.
    pub river: Option<u8>,
    /// Extra vertical space the river takes.
    pub gap: f32,
    /// Top-left corner of the board area.
    pub board_x: f32,
    /// Top of the board area.
    pub board_y: f32,
    /// Left edge of the hands panel, when hands are drawn.
    pub hands_x: Option<f32>,
    /// Top of the first player's hand panel (the second player's starts at `board_y`).
    pub first_hand_y: f32,
    /// Top of the legend.
    pub legend_y: f32,
    /// Width of the picture.
    pub width: f32,
}

impl Layout {
    /// The layout of a board of this rule set; `hand_rows` is the number of entry rows each hand needs
    /// (`None`: no hands panel).
    pub(super) fn new(rules: &RuleSet, cell: f32, hand_rows: Option<[usize; 2]>) -> Layout {
        let dims = rules.board.dims;
        let hints = &rules.render;
        let river = hints.river_after_rank.filter(|&r| r >= 1 && r < dims.ranks);
        let gap = if river.is_some() && !hints.intersections {
            RIVER_GAP * cell
        } else {
            0.0
        };
        let board_x = (MARGIN + LABEL_W) * cell;
        let board_y = (MARGIN + TITLE_H) * cell;
        let board_w = dims.files as f32 * cell;
        let board_h = dims.ranks as f32 * cell + gap;
        let panel_h = |rows: usize| (HAND_HEADER_H + rows.max(1) as f32 * HAND_ROW_H) * cell;
        let (hands_x, first_hand_y, hands_bottom) = match hand_rows {
            Some([first, second]) => {
                let y = (board_y + board_h / 2.0).max(board_y + panel_h(second) + 0.2 * cell);
                (Some(board_x + board_w + 0.3 * cell), y, y + panel_h(first))
            }
            None => (None, board_y, board_y),
        };
        let right = match hands_x {
            Some(x) => x + HANDS_W * cell,
            None => board_x + board_w,
        };
        let below_board = board_y + board_h + LABEL_H * cell;
        let legend_y = below_board.max(hands_bottom) + 0.1 * cell;
        Layout {
            cell,
            dims,
            intersections: hints.intersections,
            river,
            gap,
            board_x,
            board_y,
            hands_x,
            first_hand_y,
            legend_y,
            width: right + MARGIN * cell,
        }
    }

    /// Widens the picture so that content of this width fits between the margins.
    pub(super) fn fit_width(&mut self, content: f32) {
        self.width = self.width.max(content + 2.0 * MARGIN * self.cell);
    }

    /// Width of the board area.
    pub(super) fn board_width(&self) -> f32 {
        self.dims.files as f32 * self.cell
    }

    /// Height of the board area, river included.
    pub(super) fn board_height(&self) -> f32 {
        self.dims.ranks as f32 * self.cell + self.gap
    }

    /// X of the centre of a file (0-based).
    pub(super) fn file_x(&self, file: u8) -> f32 {
        self.board_x + (file as f32 + 0.5) * self.cell
    }

    /// Y of the centre of a rank (0-based); rank 0 is at the bottom.
    pub(super) fn rank_y(&self, rank: u8) -> f32 {
        let below_river = self.river.is_some_and(|r| rank < r);
        let gap = if below_river { self.gap } else { 0.0 };
        self.board_y + (self.dims.ranks - 1 - rank) as f32 * self.cell + self.cell / 2.0 + gap
    }

    /// Centre of a square (or intersection).
    pub(super) fn centre(&self, s: Square) -> (f32, f32) {
        (
            self.file_x(self.dims.file(s)),
            self.rank_y(self.dims.rank(s)),
        )
    }

    /// Top-left corner of the cell around a square.
    pub(super) fn corner(&self, s: Square) -> (f32, f32) {
        let (x, y) = self.centre(s);
        (x - self.cell / 2.0, y - self.cell / 2.0)
    }

    /// Y of the top of the legend row `i`.
    pub(super) fn legend_row_y(&self, i: usize) -> f32 {
        self.legend_y + i as f32 * LEGEND_ROW_H * self.cell
    }

    /// Height of the whole picture with this many legend rows.
    pub(super) fn height(&self, legend_rows: usize) -> f32 {
        self.legend_row_y(legend_rows) + MARGIN * self.cell
    }

    /// Height of one legend row.
    pub(super) fn legend_row_h(&self) -> f32 {
        LEGEND_ROW_H * self.cell
    }

    /// Left edge of the legend (aligned with the board labels).
    pub(super) fn legend_x(&self) -> f32 {
        MARGIN * self.cell
    }
}
