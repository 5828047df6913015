//! The game-playing search: iterative deepening principal-variation search over the engine's legal
//! moves, with a transposition table, quiescence, move ordering and the variant's own game end.
//!
//! Everything comes from the [`Engine`]: the moves, the check rule, the end of the game and, through
//! [`eval`], the piece values. The search never prints; progress reaches the caller through the
//! `on_info` callback of [`Searcher::search`]. At a fixed depth or node count, from a cleared
//! searcher, the result is deterministic (no threads, no clock in the decisions).

mod alphabeta;
mod ending;
pub(crate) mod eval;
mod ordering;
pub(crate) mod time;
mod tt;

pub use eval::Evaluator;
pub use eval::{evaluate, piece_values};
pub use time::{clock_budget, Budget};

use crate::engine::{Engine, Game, GameResult, Move, MoveKind, Position};
use crate::geometry::Player;
use crate::rules::{Outcome, PieceKind};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Table};

use ending::{from_tt, to_score, to_tt};
use ordering::KILLER_SCORE;

/// Largest depth a search may be asked for (plies).
pub const MAX_DEPTH: u32 = 100;
/// Largest transposition table, in megabytes.
pub const MAX_HASH_MB: usize = 4096;
/// Deepest ply the search reaches, extensions and quiescence included.
const MAX_PLY: usize = 128;
/// The score of a mate at the root; a mate `n` plies away scores `MATE - n`.
const MATE: i32 = 30_000;
/// Scores beyond this are mates (or other forced game ends).
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = MATE + 1;

/// A time control for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, when the control has one (`level 40 ...`).
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. All limits that are set apply; with none set (and not `infinite`) the
/// search stops at [`MAX_DEPTH`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The side to move's clock; the search budgets its own time from it.
    pub clock: Option<Clock>,
    /// Search until the stop flag is raised (the other limits are ignored).
    pub infinite: bool,
}

/// A search score, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// The game is won by force: positive, the side to move wins in N moves; negative, it loses in
    /// N moves (0: it has lost now). Covers every forced game end the rules give, not only mate.
    Mate(i32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{:+.2}", *cp as f64 / 100.0),
            Score::Mate(n) if *n > 0 => write!(f, "mate in {}", n),
            Score::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// Progress of a search, reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score of the best move.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / us) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The reply expected after `best` (the second move of the PV).
    pub ponder: Option<Move>,
    /// The last completed iteration.
    pub info: Info,
}

/// A game-playing searcher for one engine, keeping its hash table between searches.
pub struct Searcher {
    engine: Arc<Engine>,
    eval: Evaluator,
    tt: Table,
    /// Two killer moves per ply.
    killers: Vec<[Option<Move>; 2]>,
    /// History scores by player, moving kind and destination.
    history: Vec<i32>,
    kinds: usize,
    /// Hashes of the positions on the way to the current node (game history first), and whether
    /// the side to move was in check there.
    path: Vec<(u64, bool)>,
    /// Where the current search's own path begins in `path` (positions before it are the game's).
    root_index: usize,
    moves: Vec<Vec<Move>>,
    /// Per ply, the order scores of `moves` (kept, like the lists, so no node allocates).
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    start: Instant,
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// Checks of the clock and stop flag happen when enabled (after the first iteration).
    may_abort: bool,
    /// Per ply of the current path, the static evaluation (`-INF` in check): a node is
    /// "improving" when its own beats the one two plies up, and is then pruned less.
    evals: Vec<i32>,
}

/// How the search sees the end of the game at a node.
enum Terminal {
    Score(i32),
    Ongoing,
}

impl Searcher {
    /// A searcher for `engine` with a hash table of about `hash_mb` megabytes (1 to [`MAX_HASH_MB`]).
    pub fn new(engine: Arc<Engine>, hash_mb: usize) -> Searcher {
        let eval = Evaluator::new(&engine);
        let kinds = engine.rules().pieces.len();
        Searcher {
            eval,
            tt: Table::new(hash_mb),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * kinds * 256],
            kinds,
            path: Vec::new(),
            root_index: 0,
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            start: Instant::now(),
            hard_deadline: None,
            node_limit: None,
            may_abort: false,
            evals: vec![-INF; MAX_PLY + 1],
            engine,
        }
    }

    /// The engine searched.
    pub fn engine(&self) -> &Arc<Engine> {
        &self.engine
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Replaces the evaluation (other weights than the rule set's, say); the hash table is
    /// cleared, since its scores came from the old one.
    pub fn set_evaluator(&mut self, eval: Evaluator) {
        self.eval = eval;
        self.clear();
    }

    /// Forgets everything learnt (a new game): hash table, killers and history.
    pub fn clear(&mut self) {
        self.tt.clear();
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for h in self.history.iter_mut() {
            *h = 0;
        }
    }

    /// Searches the game's current position within `limits`, or until `stop` becomes true.
    /// `on_info` is called after each completed iteration.
    ///
    /// ```
    /// use chimera::{move_text, parse_fen, Game, Limits, Score, Searcher};
    /// use std::sync::{atomic::AtomicBool, Arc};
    ///
    /// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
    /// let engine = Arc::new(chimera::Engine::new(rules)?);
    /// // White mates in one on the back rank.
    /// let pos = parse_fen(&engine, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
    /// let game = Game::new(engine.clone(), pos.clone());
    /// let mut searcher = Searcher::new(engine.clone(), 1);
    /// let limits = Limits { depth: Some(3), ..Limits::default() };
    /// let found = searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    /// let best = found.best.expect("a move");
    /// assert_eq!(move_text(&engine, &pos, best), "a1a8");
    /// assert_eq!(found.info.score, Score::Mate(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start = Instant::now();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.may_abort = false;
        self.tt.new_search();
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let root = game.position().clone();
        // The game's positions since the last irreversible move, for repetitions.
        self.path.clear();
        let positions = game.positions();
        let window = root.halfmove_clock() as usize + 1;
        let first = positions.len().saturating_sub(window);
        for p in &positions[first..positions.len() - 1] {
            self.path.push((p.hash(), self.engine.in_check(p)));
        }
        self.root_index = self.path.len();

        let budget = time::budget(limits);
        self.hard_deadline = budget.map(|b| self.start + b.deadline);
        self.node_limit = if limits.infinite { None } else { limits.nodes };
        let max_depth = if limits.infinite {
            MAX_DEPTH
        } else {
            limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
        };

        let mut root_moves = Vec::new();
        self.engine.legal_into(&root, &mut root_moves);
        let root_check = self.engine.in_check(&root);
        let mut result = SearchResult {
            best: None,
            ponder: None,
            info: Info {
                depth: 0,
                seldepth: 0,
                score: Score::Cp(0),
                nodes: 0,
                time: Duration::ZERO,
                pv: Vec::new(),
            },
        };
        if root_moves.is_empty() {
            let s = match self.terminal(&root, 0, root_check, true) {
                Terminal::Score(s) => s,
                Terminal::Ongoing => 0,
            };
            result.info.score = to_score(s);
            return result;
        }
        result.best = Some(root_moves[0]);

        let mut score = 0;
        let mut iteration_start = Duration::ZERO;
        let mut stability = time::Stability::default();
        for depth in 1..=max_depth {
            let s = self.root(&root, depth as i32, root_check, score, stop);
            if self.aborted {
                // A root move that raised alpha in the abandoned iteration was searched in full
                // at the new depth, the previous best first: it is at least as good. Play it.
                if let Some(&mv) = self.pv[0].first() {
                    if result.best != Some(mv) || result.info.pv.is_empty() {
                        result.best = Some(mv);
                        result.ponder = self.pv[0].get(1).copied();
                        result.info.pv = self.pv[0].clone();
                    }
                }
                break;
            }
            score = s;
            let pv = self.pv[0].clone();
            result.best = pv.first().copied().or(result.best);
            result.ponder = pv.get(1).copied();
            let elapsed = self.start.elapsed();
            result.info = Info {
                depth,
                seldepth: self.seldepth as u32,
                score: to_score(score),
                nodes: self.nodes,
                time: elapsed,
                pv,
            };
            on_info(&result.info);
            self.may_abort = true;
            if stop.load(Ordering::Relaxed) || self.limit_reached() {
                break;
            }
            let factor = result.best.map_or(1.0, |b| stability.update(b, score));
            if let Some(b) = budget.map(|b| b.scaled(factor)) {
                // One legal move: nothing to think about when the clock is running.
                if root_moves.len() == 1 || !b.start_next(elapsed, elapsed - iteration_start) {
                    break;
                }
            }
            iteration_start = elapsed;
            // A forced result found at this depth will not change deeper, except to get shorter.
            if score.abs() > MATE_BOUND && depth as i32 > (MATE - score.abs()) + 2 {
                break;
            }
        }
        result.info.nodes = self.nodes;
        result.info.time = self.start.elapsed();
        result
    }

    fn limit_reached(&self) -> bool {
        if let Some(n) = self.node_limit {
            if self.nodes >= n {
                return true;
            }
        }
        if let Some(d) = self.hard_deadline {
            if Instant::now() >= d {
                return true;
            }
        }
        false
    }

    /// Counts a node and decides whether to abandon the search: at the deadline (the wall clock
    /// is read every [`time::CHECK_EVERY`] nodes), and after the first iteration also at the node
    /// limit or the stop flag (so a move is always ready: the first iteration's).
    #[inline]
    fn tick(&mut self, stop: &AtomicBool) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        if self.nodes & (time::CHECK_EVERY - 1) == 0 {
            if let Some(d) = self.hard_deadline {
                if Instant::now() >= d {
                    self.aborted = true;
                    return true;
                }
            }
        }
        if !self.may_abort {
            return false;
        }
        if let Some(n) = self.node_limit {
            if self.nodes >= n {
                self.aborted = true;
                return true;
            }
        }
        if self.nodes & (time::CHECK_EVERY - 1) == 0 && stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
        self.aborted
    }
}
