//! A game: positions with history, for undo, redo, repetition and the result.

use super::outcome::result;
pub use super::outcome::GameResult;
use super::{Engine, Move, Position};
use crate::geometry::{ByPlayer, Player};
use crate::rules::Outcome;
use std::sync::Arc;

/// The state of play in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on; `check` tells whether the side to move is in check.
    Ongoing {
        /// The side to move is in check.
        check: bool,
    },
    /// The side to move has no legal move and is in check.
    Checkmate(GameResult),
    /// The side to move has no legal move and is not in check.
    Stalemate(GameResult),
    /// The side to move has lost its last royal piece.
    RoyalCaptured(GameResult),
    /// A position occurred for the N-th time.
    Repetition(GameResult),
    /// A position occurred for the N-th time and the given player had checked with every move since
    /// it first stood.
    PerpetualCheck(Player, GameResult),
    /// The move-count limit was reached.
    MoveLimit(GameResult),
    /// An end rule of the variant finished the game (`goal`, `bare-royal`, `check-limit`, ...).
    Ended(super::Ending, GameResult),
}

/// A game in progress: the positions so far, the moves between them, the earlier stretches of
/// play that an edit of the position ended, and the steps undone.
///
/// The game is a timeline of steps, moves and edits alike. An edit (a piece put on the board, a
/// FEN set up) ends the current stretch of play and starts a new one from the edited position;
/// [`Game::undo`] walks back over moves and edits alike, and [`Game::redo`] forward again, so no
/// step destroys the moves before it. [`Game::positions`] and [`Game::moves`] are the current
/// stretch only (repetition never counts across an edit); [`Game::earlier`] holds the rest.
#[derive(Clone, Debug)]
pub struct Game {
    engine: Arc<Engine>,
    positions: Vec<Position>,
    moves: Vec<Move>,
    undone: Vec<Step>,
    earlier: Vec<Stretch>,
}

/// Most earlier stretches a game keeps (one per edit); beyond that the oldest are forgotten, so a
/// script of a million `put` lines cannot exhaust memory.
pub const MAX_EDITS: usize = 1000;

/// A stretch of play that an edit ended: its positions and moves, and the edit.
#[derive(Clone, Debug)]
pub struct Stretch {
    /// The positions of the stretch, its start first.
    pub positions: Vec<Position>,
    /// The moves played in it.
    pub moves: Vec<Move>,
    /// The edit that ended it, in words (the command that made it, like `put N e4`).
    pub edit: String,
}

/// What one step of the timeline was, as [`Game::undo_step`] and [`Game::redo_step`] report it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepTaken {
    /// A move of the game.
    Move(Move),
    /// An edit of the position (a setup, a piece put or removed), in words.
    Edit(String),
}

/// A step taken back, to be taken again by [`Game::redo`].
#[derive(Clone, Debug)]
enum Step {
    Move(Move),
    Edit { start: Box<Position>, edit: String },
}

impl Game {
    /// A game starting from `pos`.
    ///
    /// ```
    /// use chimera::{parse_move, Game, GameResult, Player, Status};
    /// use std::sync::Arc;
    ///
    /// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
    /// let engine = Arc::new(chimera::Engine::new(rules)?);
    /// let mut game = Game::new(engine.clone(), engine.start_position());
    /// // Fool's mate.
    /// for text in ["f3", "e5", "g4", "Qh4"] {
    ///     let mv = parse_move(&engine, game.position(), text)?;
    ///     game.play(mv);
    /// }
    /// assert_eq!(game.status(), Status::Checkmate(GameResult::Win(Player::Second)));
    /// assert!(game.undo());
    /// assert_eq!(game.status(), Status::Ongoing { check: false });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(engine: Arc<Engine>, pos: Position) -> Game {
        Game {
            engine,
            positions: vec![pos],
            moves: Vec::new(),
            undone: Vec::new(),
            earlier: Vec::new(),
        }
    }
    /// The engine.
    pub fn engine(&self) -> &Arc<Engine> {
        &self.engine
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        // `positions` is never empty: `new` and `reset_to` put the start in, `undo` never removes it.
        &self.positions[self.positions.len() - 1]
    }
    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The positions so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    /// Plays a legal move (the caller checked it); clears the redo list.
    pub fn play(&mut self, mv: Move) {
        let next = self.engine.play(self.position(), mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.undone.clear();
    }
    /// Takes back the last step, a move or an edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.undo_step().is_some()
    }
    /// Takes back the last step and says what it was; `None` when there is nothing to take back.
    pub fn undo_step(&mut self) -> Option<StepTaken> {
        if let Some(m) = self.moves.pop() {
            self.positions.pop();
            self.undone.push(Step::Move(m));
            return Some(StepTaken::Move(m));
        }
        let back = self.earlier.pop()?;
        let start = std::mem::replace(&mut self.positions, back.positions);
        self.moves = back.moves;
        let start = start.into_iter().next()?;
        self.undone.push(Step::Edit {
            start: Box::new(start),
            edit: back.edit.clone(),
        });
        Some(StepTaken::Edit(back.edit))
    }
    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.redo_step().is_some()
    }
    /// Takes again the last step taken back and says what it was, as [`Game::undo_step`] does.
    pub fn redo_step(&mut self) -> Option<StepTaken> {
        match self.undone.pop()? {
            Step::Move(m) => {
                let next = self.engine.play(self.position(), m);
                self.positions.push(next);
                self.moves.push(m);
                Some(StepTaken::Move(m))
            }
            Step::Edit { start, edit } => {
                self.begin_stretch(*start, edit.clone());
                Some(StepTaken::Edit(edit))
            }
        }
    }
    /// Whether the timeline holds an edit, done or taken back.
    pub fn has_edits(&self) -> bool {
        !self.earlier.is_empty() || self.undone.iter().any(|s| matches!(s, Step::Edit { .. }))
    }
    /// An edit of the position (described in words, like `put N e4`): the moves so far become an
    /// earlier stretch that [`Game::undo`] returns to, and play goes on from `pos`. Clears the
    /// steps taken back, as a move does.
    pub fn edit(&mut self, pos: Position, edit: impl Into<String>) {
        self.begin_stretch(pos, edit.into());
        self.undone.clear();
    }
    fn begin_stretch(&mut self, pos: Position, edit: String) {
        let positions = std::mem::replace(&mut self.positions, vec![pos]);
        let moves = std::mem::take(&mut self.moves);
        self.earlier.push(Stretch {
            positions,
            moves,
            edit,
        });
        if self.earlier.len() > MAX_EDITS {
            self.earlier.remove(0);
        }
    }
    /// The stretches of play before the last edit, oldest first (each with the edit that ended it).
    pub fn earlier(&self) -> &[Stretch] {
        &self.earlier
    }
    /// Replaces the whole game, earlier stretches included, by a new start position (a new game).
    pub fn reset_to(&mut self, pos: Position) {
        self.positions = vec![pos];
        self.moves.clear();
        self.undone.clear();
        self.earlier.clear();
    }
    /// The status of the current position, counting repetitions over the game's history.
    pub fn status(&self) -> Status {
        let pos = self.position();
        let end = &self.engine.rules().end;
        let base = self.engine.status(pos);
        if !matches!(base, Status::Ongoing { .. }) {
            return base;
        }
        let side = pos.side_to_move();
        if let Some((n, score)) = end.repetition {
            let seen = self
                .positions
                .iter()
                .filter(|p| p.hash() == pos.hash())
                .count();
            if seen >= n as usize {
                if let Some(perpetual) = end.perpetual_check {
                    if let Some(checker) = self.perpetual_checker(pos.hash()) {
                        return Status::PerpetualCheck(checker, result(perpetual, checker));
                    }
                }
                return Status::Repetition(result(self.engine.settle(pos, score), side));
            }
        }
        base
    }
}

impl Game {
    /// The one player whose every move since the position `hash` first stood gave check, if any.
    fn perpetual_checker(&self, hash: u64) -> Option<Player> {
        let first = self.positions.iter().position(|p| p.hash() == hash)?;
        let mut always = ByPlayer::both(true);
        let mut moved = ByPlayer::both(false);
        for pair in self.positions[first..].windows(2) {
            let mover = pair[0].side_to_move();
            moved[mover] = true;
            always[mover] &= self.engine.in_check(&pair[1]);
        }
        let checkers: Vec<Player> = [Player::First, Player::Second]
            .into_iter()
            .filter(|&p| moved[p] && always[p])
            .collect();
        // Both sides checking throughout is an ordinary repetition.
        match checkers.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

impl Engine {
    /// The stalemate rule's outcome for the side to move in `pos`, stalemated: `stalemate`, or
    /// under `by-count` that or its reverse by who has fewer pieces on the board.
    pub fn stalemate_outcome(&self, pos: &Position) -> Outcome {
        let end = &self.rules().end;
        if !end.stalemate_by_count {
            return end.stalemate;
        }
        let us = pos.side_to_move();
        let ours = pos.occupied_by(us).len();
        let theirs = pos.occupied_by(us.other()).len();
        match ours.cmp(&theirs) {
            std::cmp::Ordering::Less => end.stalemate,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Greater => end.stalemate.reversed(),
        }
    }

    /// The status of a position on its own (no repetition: that needs a [`Game`]'s history).
    pub fn status(&self, pos: &Position) -> Status {
        let end = &self.rules().end;
        let side = pos.side_to_move();
        if let Some(loser) = self.royal_loser(pos) {
            return Status::RoyalCaptured(GameResult::Win(loser.other()));
        }
        if let Some((ending, r)) = self.ending(pos) {
            return Status::Ended(ending, r);
        }
        let check = self.in_check(pos);
        if self.legal_moves(pos).is_empty() {
            return if check {
                Status::Checkmate(result(end.checkmate, side))
            } else {
                Status::Stalemate(result(self.settle(pos, self.stalemate_outcome(pos)), side))
            };
        }
        if let Some(ml) = &end.move_limit {
            if pos.halfmove_clock() >= ml.moves.saturating_mul(2) {
                return Status::MoveLimit(result(self.settle(pos, ml.score), side));
            }
        }
        if self.count_passed(pos) {
            return Status::MoveLimit(result(self.settle(pos, Outcome::Draw), side));
        }
        Status::Ongoing { check }
    }

    /// `counting`: whether the count that runs has passed its limit (a draw, unless the side to
    /// move has no legal move).
    pub fn count_passed(&self, pos: &Position) -> bool {
        self.rules().end.counting.is_some() && pos.count().is_some_and(|(limit, n)| n > limit)
    }
}

impl Status {
    /// The status in words, the players named as the definition writes them, e.g.
    /// "Black is checkmated: Red wins".
    pub fn describe(&self, players: &ByPlayer<String>, side_to_move: Player) -> String {
        let name = |p: Player| players[p].clone();
        let mover = name(side_to_move);
        let outcome = |r: &GameResult| match r {
            GameResult::Win(p) => format!("{} wins", name(*p)),
            GameResult::Draw => "draw".to_string(),
        };
        match self {
            Status::Ongoing { check: true } => format!("{} is in check; {} to move", mover, mover),
            Status::Ongoing { check: false } => format!("{} to move", mover),
            Status::Checkmate(r) => format!("{} is checkmated: {}", mover, outcome(r)),
            Status::Stalemate(r) => format!("{} is stalemated: {}", mover, outcome(r)),
            Status::RoyalCaptured(r) => {
                format!("{} has lost its last royal piece: {}", mover, outcome(r))
            }
            Status::Repetition(r) => format!("the position has repeated: {}", outcome(r)),
            Status::PerpetualCheck(p, r) => {
                format!("{} has given perpetual check: {}", name(*p), outcome(r))
            }
            Status::MoveLimit(r) => format!("the move limit is reached: {}", outcome(r)),
            Status::Ended(e, r) => format!("{}: {}", e.describe(), outcome(r)),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing { .. })
    }

    /// The result, when the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self {
            Status::Ongoing { .. } => None,
            Status::Checkmate(r)
            | Status::Stalemate(r)
            | Status::RoyalCaptured(r)
            | Status::Repetition(r)
            | Status::PerpetualCheck(_, r)
            | Status::MoveLimit(r)
            | Status::Ended(_, r) => Some(*r),
        }
    }
}
