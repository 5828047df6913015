//! Gating (`gating in ZONE`): a piece leaving a gate square for the first time may bring a piece
//! from its player's hand onto the square it leaves. The generated moves, the rights a move
//! takes away, and the rights a FEN's castling field gives.

use super::position::{CastleSide, CastlingRights, Position};
use super::{Engine, Gate, Move, MoveKind};
use crate::geometry::{Player, Square};
use crate::rules::PieceKind;

impl Engine {
    /// Adds to `out` the gated versions of its moves: one per kind in the mover's hand, for a move
    /// whose piece leaves a square with its gate right (castling: the king's or the rook's
    /// square, unless the king or rook lands on it).
    pub(super) fn gated_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let hand = &pos.hands[us];
        let mine = pos.gates.intersect(&pos.occupied[us]);
        if mine.is_empty() || hand.iter().all(|&n| n == 0) {
            return;
        }
        let kinds: Vec<PieceKind> = (0..self.t().kinds)
            .filter(|&k| hand[k] > 0)
            .map(PieceKind::from_index)
            .collect();
        for i in 0..out.len() {
            let mv = out[i];
            if mv.is_drop() || mv.from == mv.to {
                continue;
            }
            let mut spots = [None, None];
            if let MoveKind::Castle { rook } = mv.kind {
                let landing = self.t().castles[us]
                    .iter()
                    .flatten()
                    .find(|c| c.rook_from == rook)
                    .map(|c| [c.king_to, c.rook_to]);
                let free = |s: Square| landing.is_some_and(|l| !l.contains(&s));
                if mine.contains(mv.from) && free(mv.from) {
                    spots[0] = Some(false);
                }
                if mine.contains(rook) && free(rook) {
                    spots[1] = Some(true);
                }
            } else if mine.contains(mv.from) {
                spots[0] = Some(false);
            }
            for on_rook in spots.into_iter().flatten() {
                for &kind in &kinds {
                    out.push(Move {
                        gate: Some(Gate { kind, on_rook }),
                        ..mv
                    });
                }
            }
        }
    }

    /// Takes away the gate rights `mv` ends, in `next` (the position after it, from `pos`): of
    /// the pieces it moves and captures, and all of the mover's when its hand is empty and no
    /// capture can fill it again.
    pub(super) fn close_gates(&self, pos: &Position, next: &mut Position, mv: Move) {
        for s in [Some(mv.from), Some(mv.to), mv.third_square()]
            .into_iter()
            .flatten()
        {
            next.set_gate(s, false);
        }
        let us = pos.side;
        let refillable = self.t().to_hand.iter().any(Option::is_some);
        // (A first-move right, the other use of the same squares, needs no hand.)
        if self.rules.gating.is_some() && !refillable && next.hands[us].iter().all(|&n| n == 0) {
            for s in next.gates.intersect(&next.occupied[us]).iter() {
                next.set_gate(s, false);
            }
        }
    }

    /// The gate rights a FEN gives beside its file letters: `K` and `Q` also name the king's and
    /// the rook's squares; a king and a castling rook that both hold gates, with no castling
    /// right written, may castle (as Fairy-Stockfish reads `EHeh`). Rights of a player with
    /// nothing in hand that no capture can fill are dropped: they could never be used.
    pub(super) fn read_gates(&self, pos: &mut Position) {
        let Some(g) = &self.rules.gating else {
            return;
        };
        let castles = &self.t().castles;
        if self.rules.castling.is_some() {
            let mut rights = pos.castling;
            for p in Player::BOTH {
                if CastleSide::BOTH.iter().any(|&side| rights.has(p, side)) {
                    continue;
                }
                for side in CastleSide::BOTH {
                    if let Some(cs) = castles[p][side.index()] {
                        if pos.gates.contains(cs.king_from) && pos.gates.contains(cs.rook_from) {
                            rights = rights.union(CastlingRights::one(p, side));
                        }
                    }
                }
            }
            pos.set_castling_rights(rights);
            self.drop_stale_castling(pos);
            for p in Player::BOTH {
                for side in CastleSide::BOTH {
                    let Some(cs) = castles[p][side.index()] else {
                        continue;
                    };
                    if pos.castling.has(p, side) {
                        for s in [cs.king_from, cs.rook_from] {
                            if g.zone[p].contains(s) {
                                pos.set_gate(s, true);
                            }
                        }
                    }
                }
            }
        }
        let refillable = self.t().to_hand.iter().any(Option::is_some);
        for p in Player::BOTH {
            if !refillable && pos.hands[p].iter().all(|&n| n == 0) {
                for s in pos.gates.intersect(&pos.occupied[p]).iter() {
                    pos.set_gate(s, false);
                }
            }
        }
    }

    /// `first-move`: the rights a FEN's file letters give (on the start squares of the kinds
    /// with first moves, held by such a piece of the player's own), and the moved piece's
    /// attack that takes a right (`lost-when-aimed-by`).
    pub(super) fn read_first_rights(&self, pos: &mut Position, setup: &crate::fen::Setup) {
        let t = self.t();
        if t.first_entries.is_empty() {
            return;
        }
        let dims = t.dims;
        for &(player, file) in &setup.gates {
            let square = t.first_zone[player].iter().find(|&s| dims.file(s) == file);
            if let Some(s) = square {
                let holds = pos.piece_at(s).is_some_and(|p| {
                    p.player == player && self.rules.piece(p.kind).first_move.is_some()
                });
                if holds {
                    pos.set_gate(s, true);
                }
            }
        }
    }

    /// Takes, in `next`, the first-move rights of the enemy pieces that the piece which just
    /// landed on `to` (of a kind their `lost-when-aimed-by` names) is aimed at: its moves would
    /// reach them from there on an empty board, whatever stands between (Fairy-Stockfish's
    /// reading of Cambodian chess: a rook on the king's file or rank).
    pub(super) fn lose_attacked_rights(&self, next: &mut Position, to: Square) {
        let Some(mover) = next.piece_at(to) else {
            return;
        };
        let t = self.t();
        let them = mover.player.other();
        let reach = &t.reach[t.ki(mover.player, mover.kind) * 256 + to.index()];
        for s in next
            .gates
            .intersect(&next.occupied[them])
            .intersect(reach)
            .iter()
        {
            let aimed = next.piece_at(s).is_some_and(|p| {
                self.rules
                    .piece(p.kind)
                    .first_move
                    .as_ref()
                    .is_some_and(|fm| fm.lost_by.contains(&mover.kind))
            });
            if aimed {
                next.set_gate(s, false);
            }
        }
    }
}
