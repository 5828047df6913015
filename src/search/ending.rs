//! The game's end inside the search: the variant's own end rules, repetition and perpetual check,
//! the move limit, and how results and mate distances become scores.

use super::*;

impl Searcher {
    /// The game end at a node that has no legal move or is over by the rules (royal lost, move
    /// limit, repetition); `Ongoing` otherwise. `no_moves` tells whether the legal move list is empty.
    pub(super) fn terminal(
        &self,
        pos: &Position,
        ply: usize,
        in_check: bool,
        no_moves: bool,
    ) -> Terminal {
        let end = &self.engine.rules().end;
        if let Some(loser) = self.engine.royal_loser(pos) {
            return Terminal::Score(super::alphabeta::royal_loss_score(pos, loser, ply));
        }
        if no_moves {
            // The generator lists no move once an end rule has finished the game: its result,
            // not checkmate or stalemate, is the score.
            if let Some(s) = self.rule_end(pos, ply) {
                return Terminal::Score(s);
            }
            let s = if in_check {
                end.checkmate
            } else {
                self.engine.settle(pos, self.engine.stalemate_outcome(pos))
            };
            let stm = pos.side_to_move();
            return Terminal::Score(outcome_score(s, stm, stm, ply));
        }
        if let Some(ml) = &end.move_limit {
            if self.at_move_limit(pos) && !self.engine.count_passed(pos) {
                let stm = pos.side_to_move();
                let score = self.engine.settle(pos, ml.score);
                return Terminal::Score(outcome_score(score, stm, stm, ply));
            }
        }
        if self.engine.count_passed(pos) {
            let stm = pos.side_to_move();
            let score = self.engine.settle(pos, crate::rules::Outcome::Draw);
            return Terminal::Score(outcome_score(score, stm, stm, ply));
        }
        Terminal::Ongoing
    }

    /// The score of an end rule that has finished the game in `pos` (a goal reached, a kind
    /// extinct, a bare royal, the last check given), for the side to move.
    #[inline]
    pub(super) fn rule_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        if !self.engine.has_end_rules() {
            return None;
        }
        let (_, result) = self.engine.ending(pos)?;
        Some(match result {
            GameResult::Win(p) if p == pos.side_to_move() => MATE - ply as i32,
            GameResult::Win(_) => -(MATE - ply as i32),
            GameResult::Draw => 0,
        })
    }

    /// Whether the position has reached the rules' move limit (the game ends there unless the side
    /// to move has no legal move).
    #[inline]
    pub(super) fn at_move_limit(&self, pos: &Position) -> bool {
        self.engine
            .rules()
            .end
            .move_limit
            .as_ref()
            .is_some_and(|ml| pos.halfmove_clock() >= ml.moves.saturating_mul(2))
            || self.engine.count_passed(pos)
    }

    /// The result of a repetition of the current position (the last entry of `path`), if it repeats.
    pub(super) fn repetition(&self, pos: &Position, ply: usize) -> Option<i32> {
        let (_, score) = self.engine.rules().end.repetition?;
        let key = pos.hash();
        let n = self.path.len();
        let window = (pos.halfmove_clock() as usize).min(n.saturating_sub(1));
        // Same side to move: every second position back.
        let mut i = 2;
        while i <= window {
            let (h, _) = self.path[n - 1 - i];
            if h == key {
                let end = &self.engine.rules().end;
                if let Some(perpetual) = end.perpetual_check {
                    if let Some(checker) = self.perpetual_checker(n - 1 - i, pos.side_to_move()) {
                        // The perpetual-check rule's score is the checker's.
                        let stm = pos.side_to_move();
                        return Some(outcome_score(perpetual, checker, stm, ply));
                    }
                }
                let stm = pos.side_to_move();
                let score = self.engine.settle(pos, score);
                return Some(outcome_score(score, stm, stm, ply));
            }
            i += 2;
        }
        None
    }

    /// The one side that gave check with every move since `path[from]`, if any. `side` moves at the
    /// last entry of the path.
    pub(super) fn perpetual_checker(&self, from: usize, side: Player) -> Option<Player> {
        let n = self.path.len();
        // path[j].1: the side to move at j is in check, i.e. the previous mover gave check.
        // The side to move at the last entry is `side`; at entry j it is `side` when (n-1-j) is even.
        let mut always = [true, true];
        for j in from + 1..n {
            let mover = if (n - 1 - j).is_multiple_of(2) {
                side.other()
            } else {
                side
            };
            always[mover.index()] &= self.path[j].1;
        }
        match (always[0], always[1]) {
            (true, false) => Some(Player::First),
            (false, true) => Some(Player::Second),
            _ => None,
        }
    }

    /// Whether the side to move has material other than royals and its weakest kind (so passing
    /// is unlikely to be a zugzwang mistake).
    pub(super) fn has_material(&self, pos: &Position) -> bool {
        let us = pos.side_to_move();
        let mut n = 0;
        for s in pos.occupied_by(us).iter() {
            if let Some(p) = pos.piece_at(s) {
                if self.eval.value(p.kind) >= 2 * eval::PAWN {
                    n += 1;
                }
            }
        }
        n >= 1 || !pos.hand_contents(us).is_empty()
    }
}

/// The search score, for the side to move `stm`, of a rule's outcome `o` that happens to `side`,
/// `ply` plies from the root.
pub(super) fn outcome_score(o: Outcome, side: Player, stm: Player, ply: usize) -> i32 {
    let winner = match o {
        Outcome::Win => side,
        Outcome::Loss => side.other(),
        Outcome::WonBy(p) => p,
        Outcome::Draw => return 0,
    };
    if winner == stm {
        MATE - ply as i32
    } else {
        -(MATE - ply as i32)
    }
}

/// Mate scores are stored relative to the node, so they stay right wherever the node recurs.
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The interface score of a search score.
pub(super) fn to_score(s: i32) -> Score {
    if s > MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s < -MATE_BOUND {
        Score::Mate(-((MATE + s) / 2))
    } else {
        Score::Cp(s)
    }
}
