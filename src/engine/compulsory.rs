//! Compulsory capture (`must-capture`): when the side to move has a legal capture, its other
//! moves are not legal. A filter over the legal moves, after the royal rule's.

use super::position::Position;
use super::{Engine, Move, MoveKind};

impl Engine {
    /// Whether `mv` captures: it lands on an enemy piece (not a castling move, nor a move back to
    /// its own square), or takes one on the way or en passant. Drops and passes capture nothing.
    pub fn is_capture(&self, pos: &Position, mv: Move) -> bool {
        if mv.side_capture().is_some() {
            return true;
        }
        match mv.kind {
            MoveKind::Drop(_) | MoveKind::Castle { .. } => false,
            _ => {
                mv.to != mv.from
                    && pos
                        .piece_at(mv.to)
                        .is_some_and(|p| p.player != pos.side_to_move())
            }
        }
    }

    /// Whether `mv` captures or promotes: the moves a quiescence search tries.
    pub fn is_tactical(&self, pos: &Position, mv: Move) -> bool {
        mv.promotion.is_some() || self.is_capture(pos, mv)
    }

    /// `checked-royal takes-only`: in check, a royal piece's only moves are those that take the
    /// single piece giving check.
    pub(super) fn keep_royal_takes_only(&self, pos: &Position, out: &mut Vec<Move>) {
        if !self.rules.end.checked_royal_takes_only || !self.in_check(pos) {
            return;
        }
        let us = pos.side;
        let them = us.other();
        out.retain(|&m| {
            if m.is_drop() {
                return true;
            }
            let Some(royal) = pos
                .piece_at(m.from)
                .filter(|p| self.rules.piece(p.kind).royal)
            else {
                return true;
            };
            let mut checkers = pos.occupied[them].iter().filter(|&s| {
                pos.piece_at(s).is_some_and(|a| {
                    self.piece_attacks(pos, s, a, m.from, royal.kind, super::attacks::NO_SQUARE)
                })
            });
            checkers.next() == Some(m.to) && checkers.next().is_none()
        });
    }

    /// `must-capture`: keeps only the captures of `out` when there is one.
    pub(super) fn keep_compulsory_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.rules.end.must_capture && out.iter().any(|&m| self.is_capture(pos, m)) {
            out.retain(|&m| self.is_capture(pos, m));
        }
    }
}
