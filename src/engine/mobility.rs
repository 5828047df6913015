//! Mobility: how many squares each piece may move to or capture on, counted from the word
//! tables, for the evaluation's dynamic term.

use super::bitboard::BitBoard;
use super::position::kind_of;
use super::words::Occupancy;
use super::{Engine, MoveGen, Position};
use crate::geometry::Player;
use crate::rules::PieceKind;

impl Engine {
    /// The sum over `player`'s pieces of `weights[kind]` times the number of squares the piece
    /// may move to or capture on (pseudo-legal, as if it were `player`'s turn). Kinds weighted 0
    /// are skipped, and so are pieces whose moves the word tables do not hold whole (multi-leg
    /// paths, hops): for them the count would be a guess.
    pub fn weighted_mobility(&self, pos: &Position, player: Player, weights: &[i32]) -> i32 {
        let mut sum = 0;
        by_width!(self, g => g.each_mobility(pos, player, weights, |_, w, n| sum += w * n as i32));
        sum
    }

    /// Calls `f` with the kind and square count of each of `player`'s pieces that
    /// [`Engine::weighted_mobility`] counts (weighted non-zero in `weights`, moves held whole).
    pub fn each_mobility(
        &self,
        pos: &Position,
        player: Player,
        weights: &[i32],
        mut f: impl FnMut(PieceKind, u32),
    ) {
        by_width!(self, g => g.each_mobility(pos, player, weights, |k, _, n| f(k, n)));
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    #[inline(always)]
    fn each_mobility(
        self,
        pos: &Position,
        player: Player,
        weights: &[i32],
        mut f: impl FnMut(PieceKind, i32, u32),
    ) {
        let occ = Occupancy::<B>::of(pos, player);
        for from in pos.occupied[player].iter() {
            let kind = kind_of(pos.board[from.index()]);
            let w = weights.get(kind.index()).copied().unwrap_or(0);
            if w == 0 {
                continue;
            }
            let m = self.word_moves(player, kind, from);
            if m.simple {
                f(kind, w, self.words.count(m, occ));
            }
        }
    }
}
