//! What a move or a piece's movement looks like: the squares a move captures on and hops over,
//! and a piece's movement diagram on an empty board.

use super::position::Position;
use super::visit::{Ends, TableMove};
use super::{Engine, Move};
use crate::geometry::{Player, Square};
use crate::rules::{Hop, PieceKind};

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
    /// The piece moves here when the way is clear, or lands here by hopping a screen (a cannon).
    MoveOrHop,
    /// A square that blocks a lame leap when occupied.
    Blocker,
    /// A multi-leg move captures an enemy standing here in passing (a locust capture).
    CapturedInPassing,
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
    /// The squares a move captures on and hops over.
    pub fn move_detail(&self, pos: &Position, mv: Move) -> MoveDetail {
        let mut d = MoveDetail::default();
        if mv.is_drop() {
            return d;
        }
        if !mv.is_castle() && pos.piece_at(mv.to).is_some() {
            d.captured.push(mv.to);
        }
        if let Some(x) = mv.side_capture() {
            d.captured.push(x);
        }
        // Screens: pieces strictly between from and to on a straight line, when the move is a hop.
        let dims = self.t().dims;
        let (ff, fr) = (dims.file(mv.from) as i32, dims.rank(mv.from) as i32);
        let (tf, tr) = (dims.file(mv.to) as i32, dims.rank(mv.to) as i32);
        let (df, dr) = (tf - ff, tr - fr);
        let n = df.abs().max(dr.abs());
        if n > 1 && (df == 0 || dr == 0 || df.abs() == dr.abs()) {
            let (sf, sr) = (df.signum(), dr.signum());
            for i in 1..n {
                if let Some(s) = dims.square(ff + sf * i, fr + sr * i) {
                    if pos.piece_at(s).is_some() && Some(s) != mv.third_square() {
                        d.screens.push(s);
                    }
                }
            }
        }
        d
    }

    /// A piece's movement diagram from `from` on an otherwise empty board, for `player`.
    pub fn diagram(
        &self,
        kind: PieceKind,
        player: Player,
        from: Square,
    ) -> Vec<(Square, DiagramMark)> {
        let mut marks: Vec<(Square, DiagramMark)> = Vec::new();
        let mut add = |s: Square, m: DiagramMark| match marks.iter_mut().find(|(q, _)| *q == s) {
            Some((_, old)) => {
                let merged = match (*old, m) {
                    (a, b) if a == b => a,
                    (DiagramMark::MoveOnly, DiagramMark::CaptureOnly)
                    | (DiagramMark::CaptureOnly, DiagramMark::MoveOnly) => {
                        DiagramMark::MoveOrCapture
                    }
                    (DiagramMark::MoveOnly, DiagramMark::Hop)
                    | (DiagramMark::Hop, DiagramMark::MoveOnly) => DiagramMark::MoveOrHop,
                    (
                        DiagramMark::MoveOrHop,
                        DiagramMark::Hop | DiagramMark::MoveOnly | DiagramMark::Blocker,
                    ) => DiagramMark::MoveOrHop,
                    (DiagramMark::Hop, b) => b,
                    (a, DiagramMark::Hop) => a,
                    (DiagramMark::Blocker, b) => b,
                    (a, DiagramMark::Blocker) => a,
                    _ => DiagramMark::MoveOrCapture,
                };
                *old = merged;
            }
            None => marks.push((s, m)),
        };
        let mut passed: Vec<Square> = Vec::new();
        let mark_of = |e: Ends| match (e.empty, e.enemy) {
            (true, true) => DiagramMark::MoveOrCapture,
            (true, false) => DiagramMark::MoveOnly,
            _ => DiagramMark::CaptureOnly,
        };
        // Each compiled move marks where it may land; a hop only beyond its first square, since a
        // screen must stand before it.
        for m in self.table_moves(kind, player, from) {
            let mark = match &m {
                TableMove::Ride { hop, .. } if *hop != Hop::None => DiagramMark::Hop,
                TableMove::Leap { ends, .. }
                | TableMove::Ride { ends, .. }
                | TableMove::Path { ends, .. } => mark_of(*ends),
            };
            for s in m.landings() {
                add(s, mark);
            }
            if let TableMove::Leap {
                blocker: Some(b), ..
            } = m
            {
                add(b, DiagramMark::Blocker);
            }
            if let TableMove::Path { steps, .. } = &m {
                passed.extend(steps.iter().filter(|s| s.captures).map(|s| s.square));
            }
        }
        // A square captured in passing is drawn as such only where no move lands or is blocked:
        // a landing says more about the square.
        for s in passed {
            if !marks.iter().any(|(q, _)| *q == s) {
                marks.push((s, DiagramMark::CapturedInPassing));
            }
        }
        marks
    }
}
