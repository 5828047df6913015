//! Legal move generation, making moves, check and perft.

use super::{Engine, Move, Piece, Position};
use crate::geometry::{Player, Square};
use crate::rules::PieceKind;
use std::sync::atomic::AtomicBool;

/// What a square means in a piece's movement diagram (`piece NAME`, `render --piece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramMark {
    /// The piece may move here without capturing only.
    MoveOnly,
    /// The piece may only capture here.
    CaptureOnly,
    /// The piece may move or capture here.
    MoveOrCapture,
    /// A hopping move (over a screen) may land here.
    Hop,
    /// A square that blocks a lame leap when occupied.
    Blocker,
}

/// The squares a move touches, for pictures and descriptions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveDetail {
    /// Squares whose pieces the move captures.
    pub captured: Vec<Square>,
    /// Squares of pieces the move hops over without capturing (cannon screens).
    pub screens: Vec<Square>,
}

impl Engine {
    /// The start position of the variant.
    pub fn start_position(&self) -> Position {
        todo!()
    }

    /// All legal moves in a position (empty when the game is over by loss of the last royal).
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let _ = pos;
        todo!()
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, pos: &Position, from: Square) -> Vec<Move> {
        self.legal_moves(pos).into_iter().filter(|m| !m.is_drop() && m.from == from).collect()
    }

    /// Plays a move known to be legal and returns the new position.
    pub fn play(&self, pos: &Position, mv: Move) -> Position {
        let _ = (pos, mv);
        todo!()
    }

    /// Whether the side to move is in check (all its royals attacked under duple check).
    pub fn in_check(&self, pos: &Position) -> bool {
        let _ = pos;
        todo!()
    }

    /// The squares a move captures on and hops over.
    pub fn move_detail(&self, pos: &Position, mv: Move) -> MoveDetail {
        let _ = (pos, mv);
        todo!()
    }

    /// A piece's movement diagram from `from` on an otherwise empty board, for `player`.
    pub fn diagram(&self, kind: PieceKind, player: Player, from: Square) -> Vec<(Square, DiagramMark)> {
        let _ = (kind, player, from);
        todo!()
    }

    /// Number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let _ = (pos, depth);
        todo!()
    }

    /// Perft per legal root move, in generation order.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        let _ = (pos, depth);
        todo!()
    }

    /// Perft that stops early (returning `None`) when `cancel` becomes true; `progress` is called
    /// after each root move with (done, total).
    pub fn divide_cancellable(
        &self,
        pos: &Position,
        depth: u32,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Vec<(Move, u64)>> {
        let _ = (pos, depth, cancel, progress);
        todo!()
    }

    /// The piece a player would have in hand after capturing `victim` (demotion, conversion), if it goes to hand.
    pub fn to_hand(&self, victim: Piece) -> Option<PieceKind> {
        let _ = victim;
        todo!()
    }
}
