//! The game-playing search: iterative deepening principal-variation search over the engine's legal
//! moves, with a transposition table, quiescence, move ordering and the variant's own game end.
//!
//! Everything comes from the [`Engine`]: the moves, the check rule, the end of the game and, through
//! [`eval`], the piece values. The search never prints; progress reaches the caller through the
//! `on_info` callback of [`Searcher::search`]. At a fixed depth or node count, from a cleared
//! searcher, the result is deterministic (no threads, no clock in the decisions).

pub mod eval;
pub mod time;
mod tt;

pub use eval::{evaluate, piece_values, Evaluator};
pub use time::{budget, clock_budget, Budget, MOVE_OVERHEAD};

use crate::engine::{Engine, Game, Move, MoveKind, Position};
use crate::geometry::Player;
use crate::rules::{PieceKind, Score as Outcome};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Table};

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
    pv: Vec<Vec<Move>>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    start: Instant,
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// Checks of the clock and stop flag happen when enabled (after the first iteration).
    may_abort: bool,
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
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            start: Instant::now(),
            hard_deadline: None,
            node_limit: None,
            may_abort: false,
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
            if let Some(b) = budget {
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

    /// The game end at a node that has no legal move or is over by the rules (royal lost, move
    /// limit, repetition); `Ongoing` otherwise. `no_moves` tells whether the legal move list is empty.
    fn terminal(&self, pos: &Position, ply: usize, in_check: bool, no_moves: bool) -> Terminal {
        let end = &self.engine.rules().end;
        if self.engine.royals_gone(pos) {
            return Terminal::Score(-(MATE - ply as i32));
        }
        if no_moves {
            let s = if in_check {
                end.checkmate
            } else {
                end.stalemate
            };
            return Terminal::Score(outcome_score(s, ply));
        }
        if let Some(ml) = &end.move_limit {
            if self.at_move_limit(pos) {
                return Terminal::Score(outcome_score(ml.score, ply));
            }
        }
        Terminal::Ongoing
    }

    /// Whether the position has reached the rules' move limit (the game ends there unless the side
    /// to move has no legal move).
    #[inline]
    fn at_move_limit(&self, pos: &Position) -> bool {
        self.engine
            .rules()
            .end
            .move_limit
            .as_ref()
            .is_some_and(|ml| pos.halfmove_clock() >= ml.moves.saturating_mul(2))
    }

    /// The result of a repetition of the current position (the last entry of `path`), if it repeats.
    fn repetition(&self, pos: &Position, ply: usize) -> Option<i32> {
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
                        let s = outcome_score(perpetual, ply);
                        // `outcome_score` is for the side to move; the rule's score is the checker's.
                        return Some(if checker == pos.side_to_move() { s } else { -s });
                    }
                }
                return Some(outcome_score(score, ply));
            }
            i += 2;
        }
        None
    }

    /// The one side that gave check with every move since `path[from]`, if any. `side` moves at the
    /// last entry of the path.
    fn perpetual_checker(&self, from: usize, side: Player) -> Option<Player> {
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

    fn root(
        &mut self,
        root: &Position,
        depth: i32,
        in_check: bool,
        prev: i32,
        stop: &AtomicBool,
    ) -> i32 {
        // Aspiration window around the previous score from depth 5 on.
        if depth >= 5 && prev.abs() < MATE_BOUND {
            let mut delta = 30;
            let (mut alpha, mut beta) = (prev - delta, prev + delta);
            loop {
                let s = self.node(root, depth, 0, alpha, beta, in_check, true, stop);
                if self.aborted {
                    return s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                } else {
                    return s;
                }
                delta *= 3;
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            }
        }
        self.node(root, depth, 0, -INF, INF, in_check, true, stop)
    }

    /// Principal-variation search of `pos`, `depth` plies deep.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        in_check: bool,
        null_ok: bool,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 && self.tick(stop) {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let pv_node = beta - alpha > 1;
        self.path.push((pos.hash(), in_check));
        let s = self.node_inner(
            pos, depth, ply, alpha, beta, in_check, null_ok, pv_node, stop,
        );
        self.path.pop();
        s
    }

    #[allow(clippy::too_many_arguments)]
    fn node_inner(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        null_ok: bool,
        pv_node: bool,
        stop: &AtomicBool,
    ) -> i32 {
        if ply > 0 {
            if self.engine.royals_gone(pos) {
                return -(MATE - ply as i32);
            }
            if let Some(s) = self.repetition(pos, ply) {
                return s;
            }
            // Mate distance: nothing here can beat a mate already found nearer the root.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return a;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, ply, alpha, beta, 0, in_check, stop);
        }
        let key = pos.hash();
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.mv;
            if !pv_node && ply > 0 && e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        if self.at_move_limit(pos) {
            // Ended by the move limit, unless this is mate or stalemate, which come first.
            let mut moves = std::mem::take(&mut self.moves[ply]);
            self.engine.legal_into(pos, &mut moves);
            let none = moves.is_empty();
            self.moves[ply] = moves;
            if let Terminal::Score(s) = self.terminal(pos, ply, in_check, none) {
                return s;
            }
        }
        let static_eval = if in_check {
            -INF
        } else {
            self.eval.evaluate(pos)
        };
        // The pruning below comes before the move generation, which it saves; it may miss a
        // stalemate (no legal move, not in check), as it may miss any other reply.
        // Reverse futility: far above beta near the leaves, a quiet move will not fall below it.
        if !pv_node
            && !in_check
            && depth <= 3
            && beta.abs() < MATE_BOUND
            && static_eval - 120 * depth >= beta
        {
            return static_eval;
        }
        // Null move: if passing still beats beta, a real move will too (not in zugzwang-prone
        // positions: the side needs material besides royals).
        if null_ok
            && !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < MATE_BOUND
            && self.has_material(pos)
        {
            let mut null = pos.clone();
            null.set_ep(None);
            null.set_side_to_move(pos.side_to_move().other());
            // No repetition reaches across a pass.
            null.set_clocks(0, pos.fullmove_number());
            let r = 2 + depth / 4;
            let s = -self.node(
                &null,
                depth - 1 - r,
                ply + 1,
                -beta,
                -beta + 1,
                false,
                false,
                stop,
            );
            if self.aborted {
                return 0;
            }
            if s >= beta {
                return if s > MATE_BOUND { beta } else { s };
            }
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.engine.legal_into(pos, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return match self.terminal(pos, ply, in_check, true) {
                Terminal::Score(s) => s,
                Terminal::Ongoing => 0,
            };
        }

        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(pos, m, hash_move, ply))
            .collect();
        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        // Near the leaves, quiet moves that cannot bring the static evaluation up to alpha
        // (futility) and the last quiet moves of a long list (move count) are not searched.
        let prune_quiets = !pv_node && !in_check && depth <= 3 && alpha.abs() < MATE_BOUND;
        let futile = prune_quiets && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha;
        let late_limit = 3 + 2 * (depth * depth) as usize;
        let mut quiets_tried = 0usize;
        for i in 0..moves.len() {
            // Selection sort step: the next best-ordered move.
            let mut bi = i;
            for j in i + 1..moves.len() {
                if scores[j] > scores[bi] {
                    bi = j;
                }
            }
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            let quiet = mv.promotion.is_none() && self.capture_gain(pos, mv).is_none();
            let killer = scores[i] == KILLER_SCORE || scores[i] == KILLER_SCORE - 1;
            let child = self.engine.play(pos, mv);
            let gives_check = self.engine.in_check(&child);
            if quiet
                && i > 0
                && prune_quiets
                && !gives_check
                && best > -MATE_BOUND
                && (futile || quiets_tried >= late_limit)
            {
                continue;
            }
            if quiet {
                quiets_tried += 1;
            }
            let extend = (gives_check && ply < 2 * MAX_DEPTH as usize / 3) as i32;
            let new_depth = depth - 1 + extend;
            let mut s;
            if i == 0 {
                s = -self.node(
                    &child,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    gives_check,
                    true,
                    stop,
                );
            } else {
                // Late quiet moves are searched shallower first: the later and the deeper, the
                // more; less at PV nodes and for killers.
                let mut r = 0;
                if depth >= 3 && i >= 2 && quiet && !in_check && !gives_check {
                    r = lmr(depth, i) - pv_node as i32 - killer as i32;
                    r = r.clamp(0, new_depth - 1);
                }
                s = -self.node(
                    &child,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    gives_check,
                    true,
                    stop,
                );
                if s > alpha && r > 0 {
                    s = -self.node(
                        &child,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        gives_check,
                        true,
                        stop,
                    );
                }
                if s > alpha && s < beta {
                    s = -self.node(
                        &child,
                        new_depth,
                        ply + 1,
                        -beta,
                        -alpha,
                        gives_check,
                        true,
                        stop,
                    );
                }
            }
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(mv);
                if s > alpha {
                    alpha = s;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if s >= beta {
                        if quiet {
                            self.reward(pos, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    /// Captures and promotions until the position is quiet; all moves when in check.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
        in_check: bool,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.engine.royals_gone(pos) {
            return -(MATE - ply as i32);
        }
        let evasions = in_check && qply < 4;
        let stand = self.eval.evaluate(pos);
        // Standing pat before generating the moves saves the generation at most leaves; a
        // stalemate there goes unseen (checkmate needs check, and in check all moves are tried).
        if !evasions && !self.at_move_limit(pos) && (stand >= beta || ply >= MAX_PLY - 1) {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.engine.legal_into(pos, &mut moves);
        if let Terminal::Score(s) = self.terminal(pos, ply, in_check, moves.is_empty()) {
            self.moves[ply] = moves;
            return s;
        }
        let mut best = if evasions { -INF } else { stand };
        if !evasions {
            if stand >= beta || ply >= MAX_PLY - 1 {
                self.moves[ply] = moves;
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
        }
        let mut list: Vec<(Move, i32)> = moves
            .iter()
            .filter_map(|&m| {
                let gain = self.capture_gain(pos, m);
                if evasions || gain.is_some() || m.promotion.is_some() {
                    Some((m, self.order_score(pos, m, None, ply)))
                } else {
                    None
                }
            })
            .collect();
        self.moves[ply] = moves;
        list.sort_by_key(|m| std::cmp::Reverse(m.1));
        for (mv, _) in list {
            if !evasions && mv.promotion.is_none() {
                // Delta pruning: even winning the piece outright would not reach alpha.
                let gain = self.capture_gain(pos, mv).unwrap_or(0);
                if stand + gain + 200 < alpha {
                    continue;
                }
                // A capture by a piece worth more than its victim, on a defended square, loses
                // material to the recapture: not a way to quiet the position.
                let mover = Self::mover_kind(pos, mv);
                if self.victim_value(mover) > gain + 50
                    && self
                        .engine
                        .square_attacked(pos, mv.to, pos.side_to_move().other(), mover)
                {
                    continue;
                }
            }
            if self.tick(stop) {
                return 0;
            }
            let child = self.engine.play(pos, mv);
            let check = self.engine.in_check(&child);
            let s = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1, check, stop);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether the side to move has material other than royals and its weakest kind (so passing
    /// is unlikely to be a zugzwang mistake).
    fn has_material(&self, pos: &Position) -> bool {
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

    /// The material a move captures (`None` for a non-capture).
    fn capture_gain(&self, pos: &Position, mv: Move) -> Option<i32> {
        let mut gain = None;
        if !mv.is_drop() && !mv.is_castle() {
            if let Some(v) = pos.piece_at(mv.to) {
                gain = Some(self.victim_value(v.kind));
            }
        }
        if let Some(x) = mv.side_capture() {
            if let Some(v) = pos.piece_at(x) {
                gain = Some(gain.unwrap_or(0) + self.victim_value(v.kind));
            }
        }
        gain
    }

    /// What capturing a kind is worth: its value (royals: a lot, where they may be captured), plus
    /// the piece it becomes in the captor's hand.
    fn victim_value(&self, kind: PieceKind) -> i32 {
        let def = self.engine.rules().piece(kind);
        let mut v = if def.royal {
            20 * eval::PAWN
        } else {
            self.eval.value(kind)
        };
        if let Some(h) = self
            .engine
            .to_hand(crate::engine::Piece::new(Player::First, kind))
        {
            v += self.eval.hand_value(h);
        }
        v
    }

    fn mover_kind(pos: &Position, mv: Move) -> PieceKind {
        match mv.kind {
            MoveKind::Drop(k) => mv.promotion.unwrap_or(k),
            _ => pos.piece_at(mv.from).map_or(PieceKind(0), |p| p.kind),
        }
    }

    fn order_score(&self, pos: &Position, mv: Move, hash_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == hash_move {
            return HASH_SCORE;
        }
        let mover = Self::mover_kind(pos, mv);
        if let Some(gain) = self.capture_gain(pos, mv) {
            let promo = mv.promotion.map_or(0, |k| self.eval.value(k));
            return CAPTURE_BASE + gain * 16 + promo - self.eval.value(mover) / 8;
        }
        if let Some(k) = mv.promotion {
            return CAPTURE_BASE + self.eval.value(k) - self.eval.value(mover);
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return KILLER_SCORE;
        }
        if killers[1] == Some(mv) {
            return KILLER_SCORE - 1;
        }
        self.history[self.history_index(pos.side_to_move(), mover, mv)]
    }

    #[inline]
    fn history_index(&self, side: Player, kind: PieceKind, mv: Move) -> usize {
        (side.index() * self.kinds + kind.index()) * 256 + mv.to.index()
    }

    fn reward(&mut self, pos: &Position, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.history_index(pos.side_to_move(), Self::mover_kind(pos, mv), mv);
        let h = &mut self.history[i];
        *h = (*h + depth * depth).min(HISTORY_MAX);
        if *h >= HISTORY_MAX {
            for h in self.history.iter_mut() {
                *h /= 2;
            }
        }
    }
}

const HASH_SCORE: i32 = 2_000_000_000;
/// Futility margins by remaining depth (index 0 unused): what a quiet move may gain at most.
const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 450];

/// The late-move reduction for the `i`th move (from 0) at `depth`: about ln(depth) ln(i) / 2.
fn lmr(depth: i32, i: usize) -> i32 {
    let d = (depth.max(1) as f64).ln();
    let m = (i.max(1) as f64).ln();
    (0.5 + d * m / 2.0) as i32
}

const CAPTURE_BASE: i32 = 1_000_000_000;
const KILLER_SCORE: i32 = 900_000_000;
const HISTORY_MAX: i32 = 1 << 20;

/// The search score of a game result for the side to move, `ply` plies from the root.
fn outcome_score(o: Outcome, ply: usize) -> i32 {
    match o {
        Outcome::Win => MATE - ply as i32,
        Outcome::Loss => -(MATE - ply as i32),
        Outcome::Draw => 0,
    }
}

/// Mate scores are stored relative to the node, so they stay right wherever the node recurs.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The interface score of a search score.
fn to_score(s: i32) -> Score {
    if s > MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s < -MATE_BOUND {
        Score::Mate(-((MATE + s) / 2))
    } else {
        Score::Cp(s)
    }
}
