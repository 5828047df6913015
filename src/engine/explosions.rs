//! Explosions on capture (`explosions`, atomic chess): a capture removes the capturer and every
//! piece on the eight squares around the square of the capture, but the spared kinds around it
//! and the immune kinds anywhere.
//!
//! Legality under the royal rule then differs from a plain "is a royal attacked" in three ways,
//! which are Fairy-Stockfish's `blastOnCapture` with pseudo-royal kings:
//! - a move that blows up one of the mover's own royals is illegal;
//! - a move that blows up an enemy royal is legal whatever it leaves attacked (it wins);
//! - a royal standing next to an enemy royal is never attacked: taking it would blow up the
//!   taker's own royal.

use super::attacks::Royals;
use super::bitboard::BitBoard;
use super::make::apply_raw;
use super::position::{kind_of, Position, WALL};
use super::{Engine, Move, MoveGen};
use crate::geometry::{Player, Square, SquareSet};

impl Engine {
    /// Removes what a capture on `at` blows up from `p` (the capturer already stands there);
    /// returns the squares emptied.
    pub(super) fn explode(&self, p: &mut Position, at: Square) -> SquareSet {
        let blasted = self.blast_squares(p, at);
        for s in blasted.iter() {
            p.set_piece(s, None);
        }
        blasted
    }

    /// The squares a capture on `at` empties, in `p` as it stands after the capture: the
    /// capturer's unless it is immune, and those around it whose piece is neither spared nor
    /// immune. Empty without `explosions`.
    pub(super) fn blast_squares(&self, p: &Position, at: Square) -> SquareSet {
        let Some(b) = &self.t().blast else {
            return SquareSet::EMPTY;
        };
        let mut out = SquareSet::EMPTY;
        let code = p.board[at.index()];
        if code != 0 && code != WALL && !b.immune.contains(kind_of(code)) {
            out.insert(at);
        }
        // A wall (`petrify`'s stones) stands through a blast.
        for s in b.around[at.index()].iter() {
            let code = p.board[s.index()];
            if code != 0 && code != WALL {
                let k = kind_of(code);
                if !b.spare.contains(k) && !b.immune.contains(k) {
                    out.insert(s);
                }
            }
        }
        out
    }

    /// Whether a royal of `us` on `s` stands next to a royal of the other side, which makes it
    /// safe from attack under `explosions`.
    pub(super) fn touches_enemy_royal(&self, pos: &Position, s: Square, us: Player) -> bool {
        match &self.t().blast {
            Some(b) => {
                let theirs = self.royal_squares(pos, us.other());
                !b.around[s.index()].intersect(&theirs.set).is_empty()
            }
            None => false,
        }
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    /// Whether the royal rule allows `mv`, a pseudo-legal move in `pos`, under `explosions`
    /// (see the module's documentation).
    /// `facing`: the royals face each other now and the move must break the line.
    pub(super) fn legal_with_blast(self, pos: &Position, mv: Move, facing: bool) -> bool {
        let us = pos.side;
        let them = us.other();
        let captures = !mv.is_castle()
            && ((mv.to != mv.from && pos.board[mv.to.index()] != 0)
                || mv.side_capture().is_some_and(|x| pos.board[x.index()] != 0));
        let mut after = pos.clone();
        apply_raw(&mut after, mv);
        // `walls`: the move's wall stands and a moved wall has left its square.
        if let Some(w) = mv.wall {
            if self.rules.walls.as_ref().map(|w| w.rule) == Some(crate::rules::WallRule::Moved) {
                for s in pos.walls.iter() {
                    after.put_code(s, 0);
                }
            }
            after.put_code(w, WALL);
        }
        let ours = self.royal_squares(&after, us);
        let theirs = self.royal_squares(&after, them);
        if captures {
            let blasted = self.blast_squares(&after, mv.to);
            if !ours.set.intersect(&blasted).is_empty() {
                return false;
            }
            if !theirs.set.intersect(&blasted).is_empty() {
                return true;
            }
            for s in blasted.iter() {
                after.put_code(s, 0);
            }
            // `petrify`: a stone where the capturer took, blown up or not, blocks as a wall.
            let mover = pos
                .piece_at(mv.from)
                .map(|p| mv.promotion.unwrap_or(p.kind));
            if mover.is_some_and(|k| self.rules.end.petrify.contains(&k)) {
                after.put_code(mv.to, WALL);
            }
        }
        if self.royals_attacked_unless_touching(&after, us, &ours) {
            return false;
        }
        if self.rules.end.no_check && self.royals_attacked_unless_touching(&after, them, &theirs) {
            return false;
        }
        !(facing && self.royals_face(&after))
    }

    /// Whether a royal of `us` is attacked (all of them under duple check), a royal next to an
    /// enemy royal counting as safe.
    pub(super) fn royals_attacked_unless_touching(
        self,
        pos: &Position,
        us: Player,
        royals: &Royals,
    ) -> bool {
        let attacked = |s: Square| {
            !self.engine.touches_enemy_royal(pos, s, us)
                && self.square_attacked(pos, s, us.other(), kind_of(pos.board[s.index()]))
        };
        match self.rules.end.royal_rule {
            crate::rules::RoyalRule::Duple if royals.n > 1 => royals.iter().all(attacked),
            crate::rules::RoyalRule::Capture => false,
            _ => royals.n > 0 && royals.iter().any(attacked),
        }
    }
}
