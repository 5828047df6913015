//! The tree search: the root, principal-variation nodes with null-move, futility and late-move
//! pruning, and quiescence over captures.

use super::*;
use std::ops::ControlFlow;

impl Searcher {
    pub(super) fn root(
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
    pub(super) fn node(
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
    pub(super) fn node_inner(
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
        let (hash_move, static_eval) = match self.before_moves(
            pos, depth, ply, alpha, beta, in_check, null_ok, pv_node, stop,
        ) {
            ControlFlow::Continue(v) => v,
            ControlFlow::Break(score) => return score,
        };

        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.engine.legal_into(pos, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return match self.terminal(pos, ply, in_check, true) {
                Terminal::Score(s) => s,
                Terminal::Ongoing => 0,
            };
        }

        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        scores.extend(
            moves
                .iter()
                .map(|&m| self.order_score(pos, m, hash_move, ply)),
        );
        let mut best = -INF;
        let mut best_move = None;
        let original_alpha = alpha;
        // Near the leaves, quiet moves that cannot bring the static evaluation up to alpha
        // (futility) and the last quiet moves of a long list (move count) are not searched.
        let prune_quiets = !pv_node && !in_check && depth <= 3 && alpha.abs() < MATE_BOUND;
        let futile = prune_quiets && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha;
        let late_limit = 3 + 2 * (depth * depth) as usize;
        let improving = self.improving(ply, in_check);
        let mut quiets_tried = 0usize;
        for i in 0..moves.len() {
            select_next(&mut moves, &mut scores, i);
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
            let s = if i == 0 {
                -self.node(
                    &child,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    gives_check,
                    true,
                    stop,
                )
            } else {
                // Late quiet moves are searched shallower first: the later and the deeper, the
                // more; less at PV nodes and for killers.
                let mut r = 0;
                if depth >= 3 && i >= 2 && quiet && !in_check && !gives_check {
                    // One ply more where the evaluation is falling, and for the long tail of
                    // a node off the principal variation.
                    r = lmr(depth, i) - pv_node as i32 - killer as i32
                        + !improving as i32
                        + (!pv_node && i >= 6) as i32;
                    r = r.clamp(0, new_depth - 1);
                }
                self.zero_window(&child, new_depth, r, ply, alpha, beta, gives_check, stop)
            };
            if self.aborted {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
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
        self.scores[ply] = scores;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(pos.hash(), best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    /// What a node settles before generating its moves: an early score (mate distance,
    /// repetition, the horizon, the table, the move limit, reverse futility, a null move) as
    /// `Break`, else the table's move and the static evaluation.
    #[allow(clippy::too_many_arguments)]
    fn before_moves(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        in_check: bool,
        null_ok: bool,
        pv_node: bool,
        stop: &AtomicBool,
    ) -> ControlFlow<i32, (Option<Move>, i32)> {
        if ply > 0 {
            if let Some(loser) = self.engine.royal_loser(pos) {
                return ControlFlow::Break(royal_loss_score(pos, loser, ply));
            }
            if let Some(s) = self.rule_end(pos, ply) {
                return ControlFlow::Break(s);
            }
            if let Some(s) = self.repetition(pos, ply) {
                return ControlFlow::Break(s);
            }
            // Mate distance: nothing here can beat a mate already found nearer the root.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return ControlFlow::Break(a);
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return ControlFlow::Break(self.quiesce(pos, ply, alpha, beta, 0, in_check, stop));
        }
        let (cut, hash_move) = self.tt_cut(pos.hash(), depth, ply, alpha, beta, pv_node);
        if let Some(s) = cut {
            return ControlFlow::Break(s);
        }

        if self.at_move_limit(pos) {
            // Ended by the move limit, unless this is mate or stalemate, which come first.
            let mut moves = std::mem::take(&mut self.moves[ply]);
            self.engine.legal_into(pos, &mut moves);
            let none = moves.is_empty();
            self.moves[ply] = moves;
            if let Terminal::Score(s) = self.terminal(pos, ply, in_check, none) {
                return ControlFlow::Break(s);
            }
        }
        let static_eval = if in_check {
            -INF
        } else {
            self.eval.evaluate(&self.engine, pos)
        };
        self.evals[ply] = static_eval;
        let improving = self.improving(ply, in_check);
        // The pruning below comes before the move generation, which it saves; it may miss a
        // stalemate (no legal move, not in check), as it may miss any other reply.
        // Reverse futility: far above beta near the leaves, a quiet move will not fall below it;
        // the margin is a ply smaller when the evaluation has been rising.
        if !pv_node
            && !in_check
            && depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - reverse_futility_margin(depth, improving) >= beta
        {
            return ControlFlow::Break(static_eval);
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
            if let Some(s) = self.null_move_cut(pos, depth, ply, beta, stop) {
                return ControlFlow::Break(s);
            }
        }
        ControlFlow::Continue((hash_move, static_eval))
    }

    /// The transposition table's word on this node: a score that ends it (away from the PV, when
    /// the entry is deep enough and its bound decides), and the move it remembers best.
    fn tt_cut(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> (Option<i32>, Option<Move>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        if !pv_node && ply > 0 && e.depth as i32 >= depth {
            let s = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return (Some(s), e.mv);
            }
        }
        (None, e.mv)
    }

    /// Whether the static evaluation at `ply` beats the one two plies up (the same side to move);
    /// never in check, always near the root or after a check.
    fn improving(&self, ply: usize, in_check: bool) -> bool {
        !in_check && (ply < 2 || self.evals[ply] > self.evals[ply - 2])
    }

    /// Null move: if passing the turn still beats beta, a real move will too. The score to return
    /// when it does (or 0 when the search was stopped), `None` to search on.
    fn null_move_cut(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        beta: i32,
        stop: &AtomicBool,
    ) -> Option<i32> {
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
            return Some(0);
        }
        (s >= beta).then_some(if s > MATE_BOUND { beta } else { s })
    }

    /// A move after the first: a zero-window search reduced by `r`, searched again at full depth
    /// when it beats alpha despite the reduction, and with the full window when it lands inside it.
    #[allow(clippy::too_many_arguments)]
    fn zero_window(
        &mut self,
        child: &Position,
        new_depth: i32,
        r: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        gives_check: bool,
        stop: &AtomicBool,
    ) -> i32 {
        let mut s = -self.node(
            child,
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
                child,
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
                child,
                new_depth,
                ply + 1,
                -beta,
                -alpha,
                gives_check,
                true,
                stop,
            );
        }
        s
    }

    /// Captures and promotions until the position is quiet; all moves when in check.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce(
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
        if let Some(loser) = self.engine.royal_loser(pos) {
            return royal_loss_score(pos, loser, ply);
        }
        if let Some(s) = self.rule_end(pos, ply) {
            return s;
        }
        let evasions = in_check && qply < 4;
        let stand = self.eval.evaluate(&self.engine, pos);
        // Standing pat before generating the moves saves the generation at most leaves; a
        // stalemate there goes unseen (checkmate needs check, and in check all moves are tried).
        if !evasions && !self.at_move_limit(pos) && (stand >= beta || ply >= MAX_PLY - 1) {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        if evasions || in_check || self.at_move_limit(pos) {
            self.engine.legal_into(pos, &mut moves);
            if let Terminal::Score(s) = self.terminal(pos, ply, in_check, moves.is_empty()) {
                self.moves[ply] = moves;
                return s;
            }
        } else {
            // Only captures and promotions are tried here: the generator lists no other move.
            // A stalemate goes unseen, as it does when standing pat above.
            self.engine.tactical_into(pos, &mut moves);
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
        // The moves worth trying, best-ordered first, in this ply's lists (no allocation).
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if evasions || m.promotion.is_some() || self.capture_gain(pos, m).is_some() {
                moves[kept] = m;
                scores.push(self.order_score(pos, m, None, ply));
                kept += 1;
            }
        }
        moves.truncate(kept);
        sort_stable(&mut moves, &mut scores);
        for i in 0..moves.len() {
            let (mv, order) = (moves[i], scores[i]);
            if !evasions && mv.promotion.is_none() {
                // Delta pruning: even winning the piece outright would not reach alpha.
                let gain = self.capture_gain(pos, mv).unwrap_or(0);
                if stand + gain + 200 < alpha {
                    continue;
                }
                // A capture by a piece worth more than its victim, on a defended square, loses
                // material to the recapture: not a way to quiet the position. The ordering has
                // already tested it (`loses_to_recapture`) and scored it below zero.
                if order < 0 {
                    continue;
                }
            }
            if self.tick(stop) {
                break;
            }
            let child = self.engine.play(pos, mv);
            let check = self.engine.in_check(&child);
            let s = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1, check, stop);
            if self.aborted {
                break;
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
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if self.aborted {
            return 0;
        }
        best
    }
}

/// The deepest remaining depth at which reverse futility prunes.
pub(super) const REVERSE_FUTILITY_DEPTH: i32 = 7;

/// How far above beta the static evaluation must stand for reverse futility to cut at `depth`:
/// 85 a ply, 60 less when the evaluation is rising.
pub(super) fn reverse_futility_margin(depth: i32, improving: bool) -> i32 {
    85 * depth - 60 * improving as i32
}

/// Futility margins by remaining depth (index 0 unused): what a quiet move may gain at most.
pub(super) const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 450];

/// The late-move reduction for the `i`th move (from 0) at `depth`: about ln(depth) ln(i) / 2.
pub(super) fn lmr(depth: i32, i: usize) -> i32 {
    let d = (depth.max(1) as f64).ln();
    let m = (i.max(1) as f64).ln();
    (0.5 + d * m / 2.0) as i32
}

/// Sorts `moves` by `scores`, best first, keeping the generation order among equals (an
/// insertion sort: quiescence's lists are short).
fn sort_stable(moves: &mut [Move], scores: &mut [i32]) {
    for i in 1..moves.len() {
        let (m, s) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < s {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = m;
        scores[j] = s;
    }
}

/// A selection-sort step: brings the best-ordered of the moves from `i` on to `i`.
fn select_next(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut bi = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[bi] {
            bi = j;
        }
    }
    moves.swap(i, bi);
    scores.swap(i, bi);
}

/// The score, for the side to move, of a position where `loser` has lost its last royal piece:
/// mated at `ply` when it is the side to move, else (its own capture blew it up) a win.
pub(super) fn royal_loss_score(pos: &Position, loser: Player, ply: usize) -> i32 {
    let s = MATE - ply as i32;
    if loser == pos.side_to_move() {
        -s
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_searcher(fen: &str) -> (Searcher, Position) {
        let rules = crate::check_named(std::path::Path::new("chess"))
            .expect("chess compiles")
            .rules;
        let engine = Arc::new(Engine::new(rules).expect("chess is playable"));
        let pos = crate::parse_fen(&engine, fen).expect("a legal FEN");
        (Searcher::new(engine, 1), pos)
    }

    /// Chess, White a queen up, a zero window at +1.00 off the principal variation: within
    /// seven plies of the horizon the static evaluation alone answers (one node); eight plies
    /// from it the moves are searched.
    #[test]
    fn a_node_far_above_beta_near_the_horizon_is_cut_by_its_static_evaluation() {
        let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        let stop = AtomicBool::new(false);
        for depth in [1, 4, 7] {
            let (mut s, pos) = chess_searcher(fen);
            let stand = s.eval.evaluate(&s.engine, &pos);
            assert!(
                stand - reverse_futility_margin(depth, false) >= 100,
                "{stand}"
            );
            let score = s.node(&pos, depth, 1, 99, 100, false, false, &stop);
            assert_eq!((score, s.nodes), (stand, 1), "depth {depth}");
        }
        let (mut s, pos) = chess_searcher(fen);
        s.node(&pos, 8, 1, 99, 100, false, false, &stop);
        assert!(s.nodes > 1);
    }

    /// Reverse futility's margin: 85 centipawns a ply, 60 less while the evaluation rises.
    #[test]
    fn the_reverse_futility_margin_is_a_ply_less_when_improving() {
        assert_eq!(reverse_futility_margin(1, false), 85);
        assert_eq!(reverse_futility_margin(1, true), 25);
        assert_eq!(reverse_futility_margin(7, false), 595);
        assert_eq!(reverse_futility_margin(7, true), 535);
    }

    /// A node improves when its static evaluation beats the one two plies up; in check it never
    /// does, and within two plies of the root it always does.
    #[test]
    fn improving_compares_the_static_evaluation_two_plies_up() {
        let (mut s, _) = chess_searcher("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        s.evals[2] = 10;
        s.evals[4] = 11;
        assert!(s.improving(4, false));
        assert!(!s.improving(4, true));
        s.evals[4] = 10;
        assert!(!s.improving(4, false));
        s.evals[3] = -INF;
        s.evals[5] = -500;
        assert!(
            s.improving(5, false),
            "after a check, any evaluation improves"
        );
        assert!(s.improving(1, false) && s.improving(0, false));
    }
}
