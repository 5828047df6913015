//! Endings the position decides by itself, beyond mate and stalemate: extinction, a bare royal,
//! a goal zone reached, the N-th check, two passes in a row, royals left facing. A position that
//! ends the game this way has no legal moves, so perft stops there (as Fairy-Stockfish's does).

use super::attacks::NO_SQUARE;
use super::outcome::{result, GameResult};
use super::position::{kind_of, CastleSide, Position};
use super::Engine;
use crate::geometry::{Player, Square, SquareSet};
use crate::rules::{Connect, Counted, Goal, Outcome, PieceKind};

/// Which end rule finished the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `extinction`: a player has too few pieces of a listed kind, or in all, left.
    Extinction,
    /// `bare-royal`: a player has only royal pieces left.
    BareRoyal,
    /// `goal`: a piece of the goal kind reached the goal zone.
    Goal,
    /// `check-limit`: a player gave the last check allowed.
    CheckLimit,
    /// `pass twice`: both players passed in a row.
    Passes,
    /// `facing ends`: the royals still face each other after the reply.
    Facing,
    /// `connect`: the side that just moved has its pieces in a row.
    Connect,
    /// `full-board`: no empty square is left.
    BoardFull,
    /// `castling-wins`: a side castled to a winning side, or can no longer.
    CastlingWins,
}

impl Ending {
    /// The ending in words, for the status line.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Extinction => "a side's pieces have died out",
            Ending::BareRoyal => "a royal piece stands bare",
            Ending::Goal => "the goal is reached",
            Ending::CheckLimit => "the last check is given",
            Ending::Passes => "both sides passed",
            Ending::Facing => "the royals still face each other",
            Ending::Connect => "pieces stand in a row",
            Ending::BoardFull => "the board is full",
            Ending::CastlingWins => "a castling decides the game",
        }
    }
}

impl Engine {
    /// Whether the rules have an end rule that may finish a game before a side runs out of moves
    /// (a goal, extinction, a bare royal, a check limit, ...): only then can [`Engine::ending`]
    /// say anything.
    pub fn has_end_rules(&self) -> bool {
        self.tables.has_endings
    }

    /// Whether an end rule finishes the game in this position, and the result.
    pub fn ending(&self, pos: &Position) -> Option<(Ending, GameResult)> {
        let (ending, r) = self.ending_as_scored(pos)?;
        // `draws by-count`: a drawn end goes to the side with more pieces.
        let r = match r {
            GameResult::Draw => result(self.settle(pos, Outcome::Draw), pos.side),
            won => won,
        };
        Some((ending, r))
    }

    /// `draws by-count`: a draw becomes the win of the side with more pieces on the board (a
    /// draw still when both have as many); any other outcome, or without the rule, stays.
    pub fn settle(&self, pos: &Position, o: Outcome) -> Outcome {
        if o != Outcome::Draw || !self.rules.end.draws_by_count {
            return o;
        }
        let first = pos.occupied[Player::First].len();
        let second = pos.occupied[Player::Second].len();
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::WonBy(Player::First),
            std::cmp::Ordering::Less => Outcome::WonBy(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The end rule that finishes the game, with the result its rule states.
    fn ending_as_scored(&self, pos: &Position) -> Option<(Ending, GameResult)> {
        let end = &self.rules.end;
        let us = pos.side;
        let them = us.other();
        // The side that just moved first, as Fairy-Stockfish judges it.
        for p in [them, us] {
            for ex in &end.extinction {
                let n = match ex.counted {
                    Counted::Kind(k) => self.count_with_hand(pos, p, k),
                    Counted::All => self.count_all_with_hand(pos, p),
                };
                if n <= usize::from(ex.down_to) {
                    return Some((Ending::Extinction, result(ex.score, p)));
                }
            }
        }
        if let Some(score) = end.bare_royal {
            let (ours, theirs) = (self.non_royal(pos, us), self.non_royal(pos, them));
            // The side that just moved left the other bare: done. A bare side to move still has
            // its move unless the other has two or more pieces left (it cannot bare them at once).
            if theirs == 0 && ours > 0 {
                return Some((Ending::BareRoyal, result(score, them)));
            }
            if ours == 0 && theirs >= 2 {
                return Some((Ending::BareRoyal, result(score, us)));
            }
        }
        if let Some(goal) = &end.goal {
            if let Some(r) = self.goal_ending(pos, goal) {
                return Some((Ending::Goal, r));
            }
        }
        if let Some(c) = &end.connect {
            // Only the side that just moved, as Fairy-Stockfish judges it.
            if self.connected(pos, them, c) {
                return Some((Ending::Connect, result(c.score, them)));
            }
        }
        if let Some(wins) = &end.castling_wins {
            // The castling just made first: it also took the castler's rights.
            if pos.castled.is_some_and(|s| wins[them][s.index()]) {
                return Some((Ending::CastlingWins, GameResult::Win(them)));
            }
            // Then a player who can castle to no winning side any more, the side that just moved
            // first (a rook taking a rook may end both players' rights).
            for p in [them, us] {
                let named = |s: &CastleSide| wins[p][s.index()];
                let can_still = |s: &CastleSide| named(s) && pos.castling.has(p, *s);
                if CastleSide::BOTH.iter().any(named) && !CastleSide::BOTH.iter().any(can_still) {
                    return Some((Ending::CastlingWins, GameResult::Win(p.other())));
                }
            }
        }
        if let Some(n) = end.check_limit {
            if pos.checks[them] >= n {
                return Some((Ending::CheckLimit, GameResult::Win(them)));
            }
        }
        if let Some(score) = end.pass.as_ref().and_then(|p| p.twice) {
            if pos.passes >= 2 {
                return Some((Ending::Passes, result(score, us)));
            }
        }
        if let Some(score) = end.facing_ends {
            if pos.facing_before && self.royals_face(pos) {
                return Some((Ending::Facing, result(score, us)));
            }
        }
        if let Some(score) = end.board_full {
            let filled = pos.occupied[us]
                .union(&pos.occupied[them])
                .union(&pos.walls);
            if self.rules.board.squares.minus(&filled).is_empty() {
                return Some((Ending::BoardFull, result(score, us)));
            }
        }
        None
    }

    /// Whether `side` has `c.n` of its pieces of the counted kinds on adjacent squares in a row
    /// along one of the rule's lines.
    fn connected(&self, pos: &Position, side: Player, c: &Connect) -> bool {
        let dims = self.rules.board.dims;
        let counts = |s: Square| {
            pos.piece_at(s).is_some_and(|p| {
                p.player == side && (c.kinds.is_empty() || c.kinds.contains(&p.kind))
            })
        };
        let mut dirs: Vec<(i32, i32)> = Vec::new();
        if c.horizontal {
            dirs.push((1, 0));
        }
        if c.vertical {
            dirs.push((0, 1));
        }
        if c.diagonal {
            dirs.extend([(1, 1), (1, -1)]);
        }
        if let Some((from, to)) = &c.regions {
            if self.chained(pos, side, &counts, &dirs, from[side], to[side]) {
                return true;
            }
            if c.n == 0 {
                return false;
            }
        }
        let n = i32::from(c.n);
        let span = i32::from(dims.files.max(dims.ranks));
        pos.occupied_by(side)
            .iter()
            .filter(|&s| counts(s))
            .any(|s| {
                let (f, r) = (dims.file(s) as i32, dims.rank(s) as i32);
                let at = |df: i32, dr: i32| dims.square(f + df, r + dr).is_some_and(counts);
                // `gaps`: the pieces on the whole line through `s`, each way.
                let in_row = |df: i32, dr: i32| {
                    if c.gaps {
                        1 + (1..span)
                            .flat_map(|i| [at(i * df, i * dr), at(-i * df, -i * dr)])
                            .filter(|&b| b)
                            .count() as i32
                            >= n
                    } else {
                        (1..n).all(|i| at(i * df, i * dr))
                    }
                };
                let block = |m: i32| (0..m).all(|i| (0..m).all(|j| at(i, j)));
                dirs.iter().any(|&(df, dr)| in_row(df, dr))
                    || c.square.is_some_and(|m| block(i32::from(m)))
            })
    }

    /// `connect ZONE to ZONE`: whether a chain of `side`'s counted pieces, each a step along
    /// `dirs` (either way) from the last, runs from a piece in `from` to one in `to`.
    fn chained(
        &self,
        pos: &Position,
        side: Player,
        counts: &dyn Fn(Square) -> bool,
        dirs: &[(i32, i32)],
        from: SquareSet,
        to: SquareSet,
    ) -> bool {
        let dims = self.rules.board.dims;
        let mut seen: SquareSet = pos
            .occupied_by(side)
            .iter()
            .filter(|&s| from.contains(s) && counts(s))
            .collect();
        let mut frontier: Vec<Square> = seen.iter().collect();
        while let Some(s) = frontier.pop() {
            if to.contains(s) {
                return true;
            }
            let (f, r) = (dims.file(s) as i32, dims.rank(s) as i32);
            for &(df, dr) in dirs {
                for sign in [1, -1] {
                    if let Some(n) = dims.square(f + sign * df, r + sign * dr) {
                        if !seen.contains(n) && counts(n) {
                            seen.insert(n);
                            frontier.push(n);
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether a goal finishes the game, as Fairy-Stockfish's flag rules judge it (the side to
    /// move's goal first, then the goal of the side that just moved).
    fn goal_ending(&self, pos: &Position, goal: &Goal) -> Option<GameResult> {
        let us = pos.side;
        let them = us.other();
        if goal.reply {
            // Racing kings: the second player answers the first player's arrival once, by
            // arriving too (a draw) if it can; its own arrival wins at once.
            if self.goal_reached(pos, goal, us, false) {
                let r = if us == Player::First && self.goal_reached(pos, goal, them, false) {
                    GameResult::Draw
                } else {
                    GameResult::Win(us)
                };
                return Some(r);
            }
            if self.goal_reached(pos, goal, them, false)
                && !(us == Player::Second && self.can_reach_goal(pos, goal))
            {
                return Some(GameResult::Win(them));
            }
            return None;
        }
        // The side to move still stands on its goal: it arrived a move ago and the goal held
        // through the reply (`held`; not asked to be safe now), or it was not safe on arrival
        // and is now (`safe`; a draw if the side that just moved has safely arrived too).
        if (goal.held || goal.safe) && self.goal_reached(pos, goal, us, goal.safe && !goal.held) {
            let draw = goal.safe && !goal.held && self.goal_reached(pos, goal, them, true);
            return Some(if draw {
                GameResult::Draw
            } else {
                GameResult::Win(us)
            });
        }
        // The side that just moved arrived: it wins at once unless the arrival must be held
        // through the reply (with `safe`, only an unsafe arrival must).
        if (!goal.held || goal.safe) && self.goal_reached(pos, goal, them, goal.safe) {
            return Some(GameResult::Win(them));
        }
        None
    }

    /// Whether player `p` has reached its goal: a piece of the goal kinds in its zone, and
    /// `count` of them or (`or-full`) no empty square left there; with `safe`, when exactly
    /// `count` stand there, none of them attacked by the other side.
    fn goal_reached(&self, pos: &Position, goal: &Goal, p: Player, safe: bool) -> bool {
        let zone = &goal.zone[p];
        let on = |s: Square| goal.counts(kind_of(pos.board[s.index()]));
        let standing = pos.occupied[p].intersect(zone);
        let n = standing.iter().filter(|&s| on(s)).count();
        if n == 0 {
            return false;
        }
        let count = usize::from(goal.count);
        if n < count && !(goal.or_full && zone.iter().all(|s| pos.board[s.index()] != 0)) {
            return false;
        }
        if safe && n == count {
            let by = p.other();
            return standing
                .iter()
                .filter(|&s| on(s))
                .all(|s| !self.square_attacked(pos, s, by, kind_of(pos.board[s.index()])));
        }
        true
    }

    /// Whether the side to move (the second player, answering an arrival under `reply`) can
    /// bring a piece of a goal kind into its goal zone with a legal move (not a drop).
    fn can_reach_goal(&self, pos: &Position, goal: &Goal) -> bool {
        if self.in_check(pos) {
            return false;
        }
        let zone = goal.zone[pos.side];
        let mut moves = Vec::new();
        self.legal_unended(pos, &mut moves);
        moves.iter().any(|m| {
            !m.is_drop()
                && zone.contains(m.to)
                && goal.counts(m.promotion.unwrap_or(kind_of(pos.board[m.from.index()])))
        })
    }

    /// A player's pieces of one kind, on the board and in hand.
    fn count_with_hand(&self, pos: &Position, p: Player, k: PieceKind) -> usize {
        self.count_on_board(pos, p, k) + pos.hand(p, k) as usize
    }

    /// All a player's pieces, on the board and in hand.
    fn count_all_with_hand(&self, pos: &Position, p: Player) -> usize {
        let hand: usize = pos.hands[p].iter().map(|&n| n as usize).sum();
        pos.occupied[p].len() as usize + hand
    }

    /// A player's pieces that are not royal, on the board and in hand.
    fn non_royal(&self, pos: &Position, p: Player) -> usize {
        let mask = self.t().royal_mask;
        let board = pos.occupied[p]
            .iter()
            .filter(|s| !mask.contains(kind_of(pos.board[s.index()])))
            .count();
        let hand: usize = pos.hands[p]
            .iter()
            .enumerate()
            .filter(|(k, _)| !mask.contains(PieceKind::from_index(*k)))
            .map(|(_, &n)| n as usize)
            .sum();
        board + hand
    }

    /// Whether a royal of each player stands on one file with nothing between.
    pub(super) fn royals_face(&self, pos: &Position) -> bool {
        let royals = self.royal_squares(pos, Player::First);
        royals
            .iter()
            .any(|r| self.faces_royal(pos, r, Player::Second, NO_SQUARE))
    }
}
