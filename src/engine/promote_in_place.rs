//! `promotes ... in-place`: promotion as a move of its own (sittuyin's pawn). Instead of moving,
//! a piece standing in its zone, or its player's only piece of its kind anywhere, turns into a
//! target kind where it stands (written `d5d5f`) or on an empty square the new kind attacks from
//! there (`d5e6f`). The new piece may not attack an enemy piece, and the move may not give check.

use super::attacks::NO_SQUARE;
use super::make::{apply_raw, revert_raw};
use super::position::{kind_of, Piece, Position};
use super::{Engine, Move, MoveKind};
use crate::geometry::Square;
use crate::rules::PromotionMode;

impl Engine {
    /// Pushes the side to move's in-place promotions (the royal rule's filter comes after).
    pub(super) fn in_place_promotions(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let them = us.other();
        let mut scratch = pos.clone();
        for from in pos.occupied[us].iter() {
            let kind = kind_of(pos.board[from.index()]);
            let Some(pr) = &self.rules.pieces[kind.index()].promotion else {
                continue;
            };
            if pr.mode != PromotionMode::InPlace {
                continue;
            }
            let in_zone = pr.zone[us].contains(from);
            if !in_zone && self.count_on_board(pos, us, kind) > 1 {
                continue;
            }
            for &to_kind in &pr.to {
                if let Some(Some(n)) = self.rules.promotion_limits.get(to_kind.index()) {
                    if self.count_on_board(pos, us, to_kind) >= *n as usize {
                        continue;
                    }
                }
                // Its own square, and the empty squares the new kind attacks from it.
                let steps = self
                    .t()
                    .reach(us, to_kind, from)
                    .iter()
                    .filter(|&s| {
                        pos.board[s.index()] == 0
                            && self.piece_attacks(
                                pos,
                                from,
                                Piece::new(us, to_kind),
                                s,
                                to_kind,
                                NO_SQUARE,
                            )
                    })
                    .collect::<Vec<Square>>();
                for to in std::iter::once(from).chain(steps) {
                    let mv = Move {
                        from,
                        to,
                        kind: MoveKind::Normal,
                        promotion: Some(to_kind),
                        gate: None,
                        wall: None,
                    };
                    let undo = apply_raw(&mut scratch, mv);
                    let attacks_enemy = scratch.occupied[them].iter().any(|e| {
                        self.t().reach(us, to_kind, to).contains(e)
                            && self.piece_attacks(
                                &scratch,
                                to,
                                Piece::new(us, to_kind),
                                e,
                                kind_of(scratch.board[e.index()]),
                                NO_SQUARE,
                            )
                    });
                    let checks = !attacks_enemy && {
                        let theirs = self.royal_squares(&scratch, them);
                        self.royals_in_danger(&scratch, them, &theirs)
                    };
                    revert_raw(&mut scratch, mv, undo);
                    if !attacks_enemy && !checks {
                        out.push(mv);
                    }
                }
            }
        }
    }
}
