//! Walls (`walls RULE [in ZONE]`): every move also puts a wall on a square, chosen by the mover
//! among those the rule allows. Each generated move is copied once per square its wall may take;
//! a move with no such square is not legal.

use super::make::apply_raw;
use super::position::{kind_of, Position};
use super::{Engine, Move};
use crate::geometry::SquareSet;
use crate::rules::WallRule;

impl Engine {
    /// Replaces the moves in `out[first..]` by their copies with a wall, one per square the
    /// rule lets the wall take once the move is made.
    pub(super) fn place_walls(&self, pos: &Position, out: &mut Vec<Move>, first: usize) {
        let Some(walls) = &self.rules.walls else {
            return;
        };
        let us = pos.side;
        let zone = walls.zone[us];
        let base: Vec<Move> = out.drain(first..).collect();
        let mut scratch = pos.clone();
        let mut reach = Vec::new();
        for mv in base {
            // The board once the piece has moved: the old walls still stand (the duck, too,
            // cannot stay where it is), the square left is free, captured pieces are gone.
            let undo = apply_raw(&mut scratch, mv);
            let free = |s: crate::geometry::Square| scratch.board[s.index()] == 0;
            let spots: SquareSet = match walls.rule {
                WallRule::Moved | WallRule::Anywhere => zone.iter().filter(|&s| free(s)).collect(),
                WallRule::Trail => [mv.from]
                    .into_iter()
                    .filter(|&s| !mv.is_drop() && free(s) && zone.contains(s))
                    .collect(),
                WallRule::Arrow => {
                    // Where the piece could now move without capturing.
                    reach.clear();
                    let code = scratch.board[mv.to.index()];
                    if code != 0 {
                        self.piece_moves(&scratch, mv.to, us, kind_of(code), &mut reach);
                    }
                    reach
                        .iter()
                        .filter(|m| m.side_capture().is_none() && free(m.to) && zone.contains(m.to))
                        .map(|m| m.to)
                        .collect()
                }
            };
            super::make::revert_raw(&mut scratch, mv, undo);
            for s in spots.iter() {
                out.push(Move {
                    wall: Some(s),
                    ..mv
                });
            }
        }
    }
}
