//! Evaluation derived from the rule set: piece values from how the pieces move, square tables from
//! centrality and advancement, pieces in hand, each piece's mobility and the threats against it in
//! the position, and the royals' safety (shelter and exposure while the enemy is armed, the
//! centre as its material goes).
//!
//! Nothing here knows a variant. A kind's value comes from the squares it reaches on an empty
//! board, averaged over the squares it may stand on (so confinement, zone-dependent moves and the
//! board's edges count), with far rider squares discounted (real boards are not empty), lame leaps
//! and hopping captures discounted, and promotion adding part of what the piece may become.

use crate::engine::{DiagramMark, Engine, Position, ThreatRanks};
use crate::geometry::{ByPlayer, Dimensions, Player, Square, SquareSet, MAX_SQUARES};
use crate::rules::{
    Confinement, KindWeights, PieceKind, Weights, DERIVED_EXPOSURE, DERIVED_SHELTER,
    MAX_PIECE_KINDS, MAX_WEIGHT_SCALE, MAX_WEIGHT_VALUE,
};

/// A pawn's worth, the unit of `value` in definitions.
pub(crate) const PAWN: i32 = 100;

/// Everything evaluation needs, computed once per engine.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value of each kind on the board, centipawns (royals: 0).
    values: Vec<i32>,
    /// Value of a piece of each kind in hand.
    hand: Vec<i32>,
    /// Per player, kind and square: material plus square bonus.
    pst: Vec<i32>,
    /// Per kind, hundredths of a centipawn per square a piece may move to (0: not counted).
    mobility: Vec<i32>,
    /// Per kind, its worth as an attacker in the threats term (royals: above every piece, so
    /// they threaten only what is undefended) and as a victim (royals: 0, never threatened); the
    /// royals' danger with it when a royal kind weighs it.
    threats: ThreatRanks,
    /// The same, always counting the royals' danger: for [`Evaluator::features`].
    danger_ranks: ThreatRanks,
    kinds: usize,
    /// The weights the tables were built from, per kind.
    weights: Vec<KindWeights>,
    /// Per kind, the tuned centipawns per square folded into `pst` (first player's view; empty:
    /// none).
    squares: Vec<Vec<i32>>,
    /// Per kind and square (first player's view): the square tables' two parts at 100%, the
    /// basis the weights scale. Evaluation is linear in the weights over this basis.
    centrality: Vec<f32>,
    advancement: Vec<f32>,
    /// Per kind, the derived mobility bonus: centipawns per square reached, and the squares a
    /// piece of the kind reaches on a typical board (its bonus there is folded into `pst`, so
    /// that the kind's value stays what it is).
    mobility_basis: Vec<(i32, f64)>,
    dims: Dimensions,
    /// Per kind, whether it is royal: royals are valued by the royal-safety term, not by
    /// material and the square tables.
    royal: Vec<bool>,
    /// Per player, the non-royal material of the start position (board and hand): how much of it
    /// a side keeps is the game phase the royal-safety term weighs by.
    start_material: ByPlayer<i32>,
    /// Per square, the squares next to it (a royal's shelter is its side's pieces there).
    rings: Vec<SquareSet>,
    /// Per kind, the bonus for holding two or more on the board (all 0: the count is skipped).
    pair: Vec<i32>,
    /// The passed-piece term's tables (see [`Passers`]) and, per player, kind and square, the
    /// weighted bonus (none: every `passed` weight is 0, and the term is skipped).
    passers: Passers,
    passed_bonus: Option<Vec<i32>>,
}

/// Where passed pieces are: a promoting pawn-like kind (its mobility is not counted, it is not
/// royal) is passed when no enemy pawn-like piece stands on the squares its quiet moves lead
/// through to the zone, or can capture onto them or onto the piece itself. Masks built from the
/// movement diagrams, so any variant's pawns and soldiers get theirs.
#[derive(Clone, Debug)]
struct Passers {
    /// Per kind: whether it can be passed.
    passer: Vec<bool>,
    /// Per kind: whether it stops an enemy passer.
    stopper: Vec<bool>,
    /// Per player, kind and square: the squares where an enemy stopper makes the piece not
    /// passed, and the bonus at 100% when none stands there (0: never counts there).
    masks: Vec<(SquareSet, f32)>,
}

/// Number of weights per kind in [`Evaluator::features`]: value, hand, centrality, advancement,
/// mobility, shelter, exposure, pair, passed, danger.
pub const FEATURES_PER_KIND: usize = 10;

/// How one kind moves on an empty board, summarised.
#[derive(Clone, Debug)]
struct Mobility {
    /// Weighted number of squares reached, per square the piece stands on (`None`: may not stand there).
    per_square: Vec<Option<f64>>,
    /// Average over the squares it may stand on.
    average: f64,
}

/// The weights derived from the rules alone, and the square-table basis they scale.
struct Derived {
    weights: Vec<KindWeights>,
    /// Per kind: centipawns per square reached in a position, and the squares a piece of the
    /// kind reaches on a typical board.
    mobility: Vec<(i32, f64)>,
    centrality: Vec<f32>,
    advancement: Vec<f32>,
}

fn derive(engine: &Engine) -> Derived {
    let rules = engine.rules();
    let kinds = rules.pieces.len();
    let mobility: Vec<Mobility> = (0..kinds)
        .map(|k| mobility(engine, PieceKind::from_index(k)))
        .collect();
    // In drop variants a captured piece comes back: every piece is worth more than its moves.
    let drop_bonus = if rules.drops.to_hand.is_empty() {
        0.0
    } else {
        60.0
    };
    let base: Vec<f64> = mobility
        .iter()
        .map(|m| mobility_value(m.average) + drop_bonus)
        .collect();
    // Where a side may lose one royal and play on (duple check), a royal is also material.
    let spare_royals = rules.end.royal_rule == crate::rules::RoyalRule::Duple;
    let mut values: Vec<i32> = (0..kinds)
        .map(|k| {
            let def = &rules.pieces[k];
            if let Some(v) = def.value {
                return v;
            }
            if def.royal {
                return if spare_royals {
                    (base[k] + 3.0 * PAWN as f64).round() as i32
                } else {
                    0
                };
            }
            let mut v = base[k];
            if let Some(pr) = &def.promotion {
                // Part of what it may become: more when the promotion gains a lot.
                let best = pr.to.iter().map(|t| base[t.index()]).fold(0.0f64, f64::max);
                if best > v {
                    v += (best - v) * 0.03;
                }
            }
            v.round() as i32
        })
        .collect();
    for v in values.iter_mut() {
        *v = (*v).clamp(0, MAX_WEIGHT_VALUE);
    }
    let dims = rules.board.dims;
    let mut centrality = vec![0f32; kinds * MAX_SQUARES];
    let mut advancement = vec![0f32; kinds * MAX_SQUARES];
    for k in 0..kinds {
        let def = &rules.pieces[k];
        let m = &mobility[k];
        for s in dims.squares() {
            if let Some(here) = m.per_square[s.index()] {
                // Centrality: a square where the piece reaches more is worth more (a royal's
                // only as the enemy's material goes: reach is not what keeps it safe).
                centrality[k * MAX_SQUARES + s.index()] = ((here - m.average) * 6.0) as f32;
            }
            if let Some(pr) = &def.promotion {
                let best = pr.to.iter().map(|t| values[t.index()]).max().unwrap_or(0);
                let gain = (best - values[k]).max(0) as f64;
                let zone = pr.zone[Player::First];
                if let Some(d) = rank_distance(dims, s, &zone) {
                    // Advancement: the nearer the zone, the more of the gain is in reach.
                    advancement[k * MAX_SQUARES + s.index()] =
                        (gain * 0.35 / (1.0 + d as f64).powf(1.5)) as f32;
                }
            }
        }
    }
    let weights = (0..kinds)
        .map(|k| KindWeights {
            value: values[k],
            hand: values[k] + values[k] / 10,
            centrality: if rules.pieces[k].royal { 0 } else { 100 },
            advancement: 100,
            mobility: 100,
            shelter: if rules.pieces[k].royal {
                DERIVED_SHELTER
            } else {
                0
            },
            exposure: if rules.pieces[k].royal {
                DERIVED_EXPOSURE
            } else {
                0
            },
            // Left to `chimera tune`: a fixed passed bonus lost 18 Elo in chess self-play
            // (README, seventeenth session); fitted to an engine's scores it may do better.
            pair: 0,
            passed: 0,
            danger: 0,
        })
        .collect();
    // Mobility in a position: a short-range piece gains more per square than a long rider (a
    // knight about 5 centipawns, a queen 1). Pawn-like kinds (fewer than 3 squares on average)
    // and royals are not counted: their squares are not what they are worth.
    let mobility = (0..kinds)
        .map(|k| {
            let avg = mobility[k].average;
            if rules.pieces[k].royal || avg < 3.0 {
                return (0, 0.0);
            }
            // Real boards are not empty: most pieces reach about four fifths of what they
            // reach on an empty one (their far squares already discounted).
            ((25.0 / avg).round().clamp(1.0, 5.0) as i32, avg * 0.8)
        })
        .collect();
    Derived {
        weights,
        mobility,
        centrality,
        advancement,
    }
}

impl Evaluator {
    /// Computes values and square tables for an engine's rule set: its tuned weights
    /// ([`crate::rules::RuleSet::weights`]) when it has them, else the ones derived from the rules.
    pub fn new(engine: &Engine) -> Evaluator {
        let d = derive(engine);
        let (weights, squares) = match &engine.rules().weights {
            Some(w) => (merged(&d.weights, w), merged_squares(engine, w)),
            None => (d.weights.clone(), Vec::new()),
        };
        Evaluator::build(engine, d, weights, squares)
    }

    /// The evaluation derived from the rules alone, whatever tuned weights the rule set holds.
    pub fn derived(engine: &Engine) -> Evaluator {
        let d = derive(engine);
        let weights = d.weights.clone();
        Evaluator::build(engine, d, weights, Vec::new())
    }

    /// The evaluation with the given weights (kinds it does not cover keep the derived ones).
    pub fn with_weights(engine: &Engine, weights: &Weights) -> Evaluator {
        let d = derive(engine);
        let squares = merged_squares(engine, weights);
        let weights = merged(&d.weights, weights);
        Evaluator::build(engine, d, weights, squares)
    }

    fn build(
        engine: &Engine,
        d: Derived,
        weights: Vec<KindWeights>,
        squares: Vec<Vec<i32>>,
    ) -> Evaluator {
        let rules = engine.rules();
        let kinds = rules.pieces.len();
        let dims = rules.board.dims;
        let values: Vec<i32> = weights.iter().map(|w| w.value).collect();
        let hand: Vec<i32> = weights.iter().map(|w| w.hand).collect();
        let mut pst = vec![0i32; 2 * kinds * MAX_SQUARES];
        for (k, w) in weights.iter().enumerate() {
            for s in dims.squares() {
                let i = k * MAX_SQUARES + s.index();
                let (per_square, typical) = d.mobility[k];
                // A royal's centrality is the royal-safety term's (it depends on the phase).
                let centrality = if rules.pieces[k].royal {
                    0.0
                } else {
                    d.centrality[i] as f64 * w.centrality as f64 / 100.0
                };
                let bonus = centrality + d.advancement[i] as f64 * w.advancement as f64 / 100.0;
                let mobility = per_square as f64 * w.mobility as f64 / 100.0 * typical;
                let tuned = squares
                    .get(k)
                    .and_then(|t| t.get(s.index()))
                    .copied()
                    .unwrap_or(0);
                let v = w.value + bonus.round() as i32 - mobility.round() as i32 + tuned;
                pst[i] = v;
                let mirrored = dims.mirror(s);
                pst[(kinds + k) * MAX_SQUARES + mirrored.index()] = v;
            }
        }
        let royal = |k: usize| rules.pieces[k].royal;
        let attacker_values: Vec<i32> = (0..kinds)
            .map(|k| if royal(k) { i32::MAX } else { values[k] })
            .collect();
        let threat_values: Vec<i32> = (0..kinds)
            .map(|k| if royal(k) { 0 } else { values[k].max(0) })
            .collect();
        let royal: Vec<bool> = (0..kinds).map(royal).collect();
        // The royal danger's attackers: the kinds whose mobility counts (not pawn-like, not royal).
        let danger_attacker: Vec<bool> = d.mobility.iter().map(|m| m.0 != 0).collect();
        let start_material = side_material(&engine.start_position(), &royal, &values, &hand);
        let rings: Vec<SquareSet> = (0..MAX_SQUARES)
            .map(|i| {
                let mut ring = SquareSet::EMPTY;
                if i < dims.len() {
                    for n in dims.neighbours(Square::from_index(i as u8)) {
                        ring.insert(n);
                    }
                }
                ring
            })
            .collect();
        let ranks = ThreatRanks::new(&attacker_values, &threat_values);
        let danger_ranks = ranks.clone().with_danger(
            (0..kinds)
                .map(|k| royal[k].then_some(weights[k].danger))
                .collect(),
            danger_attacker,
            rings.clone(),
        );
        // The danger costs a pass over the royals' rings: only counted when weighed.
        let threats = if weights.iter().any(|w| w.danger != 0) {
            danger_ranks.clone()
        } else {
            ranks
        };
        let passers = passers(engine, &d.mobility, &values);
        let passed_bonus = weights.iter().any(|w| w.passed != 0).then(|| {
            passers
                .masks
                .iter()
                .enumerate()
                .map(|(i, &(_, b))| {
                    let k = (i / MAX_SQUARES) % kinds;
                    (b as f64 * weights[k].passed as f64 / 100.0).round() as i32
                })
                .collect()
        });
        Evaluator {
            pair: weights.iter().map(|w| w.pair).collect(),
            passers,
            passed_bonus,
            rings,
            royal,
            start_material,
            danger_ranks,
            threats,
            values,
            hand,
            pst,
            mobility: d
                .mobility
                .iter()
                .zip(&weights)
                .map(|(m, w)| m.0 * w.mobility)
                .collect(),
            mobility_basis: d.mobility,
            kinds,
            weights,
            squares,
            centrality: d.centrality,
            advancement: d.advancement,
            dims,
        }
    }

    /// The weights in use, per kind.
    pub fn weights(&self) -> &[KindWeights] {
        &self.weights
    }

    /// The tuned square tables in use, per kind (first player's view, by square index; an empty
    /// list, or an empty table for a kind: none).
    pub fn squares(&self) -> &[Vec<i32>] {
        &self.squares
    }

    /// Number of features of [`Evaluator::features`]: [`FEATURES_PER_KIND`] per kind, then one
    /// per kind and square.
    pub fn feature_count(&self) -> usize {
        self.kinds * (FEATURES_PER_KIND + self.dims.len())
    }

    /// The position's features, from the side to move's point of view: per kind
    /// ([`FEATURES_PER_KIND`] each, in kind order) the difference in pieces on the board, in
    /// pieces in hand, in the centrality and advancement tables and in the mobility bonus (these
    /// three at 1%). The evaluation is their dot product with the weights (`value, hand,
    /// centrality, advancement, mobility` per kind) plus [`TEMPO`], up to rounding. After them,
    /// per kind and square (first player's view), the difference in pieces standing there: the
    /// features of the tuned square tables ([`Evaluator::squares`]).
    pub fn features(&self, engine: &Engine, pos: &Position) -> Vec<f64> {
        let mut f = vec![0f64; self.feature_count()];
        let tables = self.kinds * FEATURES_PER_KIND;
        let n = self.dims.len();
        let us = pos.side_to_move();
        let phase = self.phases(pos);
        for (at, p) in pos.pieces() {
            let sign = if p.player == us { 1.0 } else { -1.0 };
            let s = if p.player == Player::First {
                at
            } else {
                self.dims.mirror(at)
            };
            let k = p.kind.index();
            let i = k * MAX_SQUARES + s.index();
            f[k * FEATURES_PER_KIND] += sign;
            f[tables + k * n + s.index()] += sign;
            if self.royal[k] {
                let armed = phase[p.player] as f64;
                f[k * FEATURES_PER_KIND + 2] +=
                    sign * (1.0 - armed) * self.centrality[i] as f64 / 100.0;
                f[k * FEATURES_PER_KIND + 5] +=
                    sign * armed * self.shelter(pos, p.player, at) as f64;
                f[k * FEATURES_PER_KIND + 6] -= sign * armed * self.dims.rank(s) as f64;
            } else {
                f[k * FEATURES_PER_KIND + 2] += sign * self.centrality[i] as f64 / 100.0;
            }
            f[k * FEATURES_PER_KIND + 3] += sign * self.advancement[i] as f64 / 100.0;
            let (per_square, typical) = self.mobility_basis[k];
            f[k * FEATURES_PER_KIND + 4] -= sign * per_square as f64 * typical / 100.0;
        }
        let per_square: Vec<i32> = self.mobility_basis.iter().map(|m| m.0).collect();
        for p in Player::BOTH {
            let sign = if p == us { 1.0 } else { -1.0 };
            for k in 0..self.kinds {
                f[k * FEATURES_PER_KIND + 1] += sign * pos.hand(p, PieceKind::from_index(k)) as f64;
            }
            engine.each_mobility(pos, p, &per_square, |k, n| {
                let k = k.index();
                f[k * FEATURES_PER_KIND + 4] += sign * (per_square[k] as f64 * n as f64) / 100.0;
            });
        }
        let counts = kind_counts(pos);
        for p in Player::BOTH {
            let sign = if p == us { 1.0 } else { -1.0 };
            for k in 0..self.kinds {
                if counts[p.index()][k] >= 2 {
                    f[k * FEATURES_PER_KIND + 7] += sign;
                }
            }
        }
        self.each_passed(pos, |p, k, s| {
            let sign = if p == us { 1.0 } else { -1.0 };
            let basis = self.passers.masks[self.passer_index(p, k, s)].1;
            f[k * FEATURES_PER_KIND + 8] += sign * basis as f64 / 100.0;
        });
        engine.each_royal_danger(pos, &self.danger_ranks, |p, k, n2| {
            let sign = if p == us { 1.0 } else { -1.0 };
            f[k.index() * FEATURES_PER_KIND + 9] -= sign * n2 as f64;
        });
        // A threatened piece counts as 1 - 1/THREAT_DIVISOR of a piece: the threats term is its
        // value over the divisor (which pieces are threatened is taken as given).
        engine.each_threatened(pos, &self.threats, |p, k, _| {
            let sign = if p == us { 1.0 } else { -1.0 };
            f[k.index() * FEATURES_PER_KIND] -= sign / THREAT_DIVISOR as f64;
        });
        f
    }

    /// The squares of the pieces the threats term counts: attacked by a piece worth less, or
    /// attacked and not defended (royals never; pieces with multi-leg or hopping moves neither
    /// attack nor defend), in square order.
    pub fn threatened(&self, engine: &Engine, pos: &Position) -> Vec<Square> {
        let mut out = Vec::new();
        engine.each_threatened(pos, &self.threats, |_, _, s| out.push(s));
        out.sort();
        out
    }

    /// The material value of a kind (0 for royals).
    #[inline]
    pub fn value(&self, kind: PieceKind) -> i32 {
        self.values[kind.index()]
    }

    /// The value of a kind in hand.
    #[inline]
    pub fn hand_value(&self, kind: PieceKind) -> i32 {
        self.hand[kind.index()]
    }

    /// The values of all kinds, in kind order.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Material and square bonus of a piece on a square.
    #[inline]
    pub fn square_value(&self, player: Player, kind: PieceKind, s: Square) -> i32 {
        self.pst[(player.index() * self.kinds + kind.index()) * MAX_SQUARES + s.index()]
    }

    /// The position's value for the side to move, in centipawns: material and square tables,
    /// pieces in hand, and each piece's mobility (the squares it may move to, weighted by kind,
    /// less what mobility is worth on a typical board, which the square tables hold), threats
    /// (a piece attacked by a lesser one, or attacked and undefended, loses an eighth of its
    /// value), the royals' safety, and [`TEMPO`] for having the move.
    pub fn evaluate(&self, engine: &Engine, pos: &Position) -> i32 {
        self.material(pos) + self.dynamic(engine, pos)
    }

    /// The part of [`Evaluator::evaluate`] that needs no look at the pieces' moves: material,
    /// square tables, pieces in hand, the royals' safety and [`TEMPO`].
    pub fn material(&self, pos: &Position) -> i32 {
        let mut score = ByPlayer::both(0i32);
        let mut material = ByPlayer::both(0i32);
        // The royals, seen while counting: the safety term needs every side's material first.
        let mut royals = [(Player::First, Square::from_index(0), 0usize); 4];
        let mut count = 0;
        for (s, p) in pos.pieces() {
            score[p.player] += self.square_value(p.player, p.kind, s);
            let k = p.kind.index();
            if !self.royal[k] {
                material[p.player] += self.values[k].max(0);
            } else if count < royals.len() {
                royals[count] = (p.player, s, k);
                count += 1;
            }
        }
        for p in Player::BOTH {
            for (k, v) in self.hand.iter().enumerate() {
                let n = pos.hand(p, PieceKind::from_index(k)) as i32;
                score[p] += v * n;
                material[p] += v.max(&0) * n;
            }
        }
        for &(p, s, k) in &royals[..count] {
            let armed = self.phase(material[p.other()], p.other());
            score[p] += self.royal_safety(pos, p, s, k, armed);
        }
        if self.pair.iter().any(|&w| w != 0) {
            let counts = kind_counts(pos);
            for p in Player::BOTH {
                for (k, w) in self.pair.iter().enumerate() {
                    if counts[p.index()][k] >= 2 {
                        score[p] += w;
                    }
                }
            }
        }
        if let Some(bonus) = &self.passed_bonus {
            self.each_passed(pos, |p, k, s| {
                score[p] += bonus[self.passer_index(p, k, s)];
            });
        }
        let us = pos.side_to_move();
        score[us] - score[us.other()] + TEMPO
    }

    fn passer_index(&self, p: Player, k: usize, s: Square) -> usize {
        (p.index() * self.kinds + k) * MAX_SQUARES + s.index()
    }

    /// Calls `f(player, kind, square)` for every passed piece (see [`Passers`]).
    fn each_passed(&self, pos: &Position, mut f: impl FnMut(Player, usize, Square)) {
        let mut stoppers = ByPlayer::both(SquareSet::EMPTY);
        let mut any = false;
        for (s, p) in pos.pieces() {
            let k = p.kind.index();
            if self.passers.stopper[k] {
                stoppers[p.player].insert(s);
            }
            any |= self.passers.passer[k];
        }
        if !any {
            return;
        }
        for (s, p) in pos.pieces() {
            let k = p.kind.index();
            if !self.passers.passer[k] {
                continue;
            }
            let (mask, basis) = &self.passers.masks[self.passer_index(p.player, k, s)];
            if *basis != 0.0 && mask.intersect(&stoppers[p.player.other()]).is_empty() {
                f(p.player, k, s);
            }
        }
    }

    /// How much of its start material `player` keeps (`material`), from 0 to 1: how armed it
    /// is against the other side's royals.
    fn phase(&self, material: i32, player: Player) -> f32 {
        let full = self.start_material[player];
        if full > 0 {
            (material as f32 / full as f32).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Per player, how armed the enemy of its royals is ([`Evaluator::phase`] of the other side).
    fn phases(&self, pos: &Position) -> ByPlayer<f32> {
        let material = side_material(pos, &self.royal, &self.values, &self.hand);
        let mut out = ByPlayer::both(0f32);
        for p in Player::BOTH {
            out[p] = self.phase(material[p.other()], p.other());
        }
        out
    }

    /// The pieces of `player` (royals aside) on the squares next to `royal`.
    fn shelter(&self, pos: &Position, player: Player, royal: Square) -> i32 {
        let ring = self.rings[royal.index()].intersect(&pos.occupied_by(player));
        // A second royal beside it is no shelter (a set of bits, then the few pieces in it).
        let royals = ring
            .iter()
            .filter(|&n| pos.piece_at(n).is_some_and(|q| self.royal[q.kind.index()]))
            .count();
        ring.len() as i32 - royals as i32
    }

    /// The royal-safety term of `player`'s royal of kind `k` on `s`, when the enemy keeps the
    /// fraction `armed` of its material: its shelter less its exposure while the enemy is armed,
    /// its centrality as the enemy's material goes.
    fn royal_safety(&self, pos: &Position, player: Player, s: Square, k: usize, armed: f32) -> i32 {
        let w = &self.weights[k];
        // The derived weights are 0: no work at every evaluation for nothing.
        if w.shelter == 0 && w.exposure == 0 && w.centrality == 0 {
            return 0;
        }
        let seen = if player == Player::First {
            s
        } else {
            self.dims.mirror(s)
        };
        let guarded = (w.shelter * self.shelter(pos, player, s)
            - w.exposure * self.dims.rank(seen) as i32) as f32;
        let centre = self.centrality[k * MAX_SQUARES + seen.index()] * w.centrality as f32 / 100.0;
        (armed * guarded + (1.0 - armed) * centre).round() as i32
    }

    /// The part of [`Evaluator::evaluate`] from the pieces' moves: mobility and threats.
    pub fn dynamic(&self, engine: &Engine, pos: &Position) -> i32 {
        let d = engine.mobility_threats(pos, &self.mobility, &self.threats);
        let side = |p: Player| d[p].mobility / 100 - d[p].threatened / THREAT_DIVISOR - d[p].danger;
        let us = pos.side_to_move();
        side(us) - side(us.other())
    }
}

/// Per player and kind, the pieces on the board.
fn kind_counts(pos: &Position) -> [[u8; MAX_PIECE_KINDS]; 2] {
    let mut counts = [[0u8; MAX_PIECE_KINDS]; 2];
    for (_, p) in pos.pieces() {
        let c = &mut counts[p.player.index()][p.kind.index()];
        *c = c.saturating_add(1);
    }
    counts
}

/// The passed-piece tables of an engine's rules (see [`Passers`]); `mobility` is the derived
/// mobility bonus per kind (0: pawn-like), `values` the piece values (the promotion's gain).
fn passers(engine: &Engine, mobility: &[(i32, f64)], values: &[i32]) -> Passers {
    let rules = engine.rules();
    let kinds = rules.pieces.len();
    let dims = rules.board.dims;
    let board = rules.board.squares;
    let stopper: Vec<bool> = (0..kinds)
        .map(|k| !rules.pieces[k].royal && mobility[k].0 == 0)
        .collect();
    let passer: Vec<bool> = (0..kinds)
        .map(|k| stopper[k] && rules.pieces[k].promotion.is_some())
        .collect();
    let mut masks = vec![(SquareSet::EMPTY, 0f32); 2 * kinds * MAX_SQUARES];
    if !passer.contains(&true) {
        return Passers {
            passer,
            stopper,
            masks,
        };
    }
    for p in Player::BOTH {
        // Where each enemy stopper, standing on a square, captures.
        let mut captures: Vec<(Square, SquareSet)> = Vec::new();
        for ek in (0..kinds).filter(|&k| stopper[k]) {
            for f in board.iter() {
                let mut c = SquareSet::EMPTY;
                for (to, mark) in engine.diagram(PieceKind::from_index(ek), p.other(), f) {
                    if matches!(mark, DiagramMark::CaptureOnly | DiagramMark::MoveOrCapture) {
                        c.insert(to);
                    }
                }
                if !c.is_empty() {
                    captures.push((f, c));
                }
            }
        }
        for k in (0..kinds).filter(|&k| passer[k]) {
            let Some(pr) = &rules.pieces[k].promotion else {
                continue;
            };
            let best = pr.to.iter().map(|t| values[t.index()]).max().unwrap_or(0);
            let gain = (best - values[k]).max(0) as f64;
            let zone = pr.zone[p];
            for s in board.iter().filter(|s| !zone.contains(*s)) {
                // The squares its quiet moves lead through, up to the zone.
                let mut path = SquareSet::EMPTY;
                let mut frontier = vec![s];
                while let Some(q) = frontier.pop() {
                    for (to, mark) in engine.diagram(PieceKind::from_index(k), p, q) {
                        if matches!(mark, DiagramMark::MoveOnly | DiagramMark::MoveOrCapture)
                            && !path.contains(to)
                        {
                            path.insert(to);
                            if !zone.contains(to) {
                                frontier.push(to);
                            }
                        }
                    }
                }
                if path.intersect(&zone).is_empty() {
                    continue;
                }
                let mut guarded = path;
                guarded.insert(s);
                let mut mask = guarded;
                for (f, c) in &captures {
                    if !c.intersect(&guarded).is_empty() {
                        mask.insert(*f);
                    }
                }
                let seen = if p == Player::First {
                    s
                } else {
                    dims.mirror(s)
                };
                let d = rank_distance(dims, seen, &pr.zone[Player::First])
                    .unwrap_or(0)
                    .max(1);
                // A third of the gain a rank from the zone, about half as much each rank back.
                let basis = gain * 0.3 * 0.55f64.powi(d as i32 - 1);
                masks[(p.index() * kinds + k) * MAX_SQUARES + s.index()] = (mask, basis as f32);
            }
        }
    }
    Passers {
        passer,
        stopper,
        masks,
    }
}

/// Per player, the material of its pieces other than royals, on the board and in hand (negative
/// values count as 0): [`Evaluator::phase`]'s measure.
fn side_material(pos: &Position, royal: &[bool], values: &[i32], hand: &[i32]) -> ByPlayer<i32> {
    let mut material = ByPlayer::both(0i32);
    for (_, p) in pos.pieces() {
        if !royal[p.kind.index()] {
            material[p.player] += values[p.kind.index()].max(0);
        }
    }
    for p in Player::BOTH {
        for (k, v) in hand.iter().enumerate() {
            material[p] += v.max(&0) * pos.hand(p, PieceKind::from_index(k)) as i32;
        }
    }
    material
}

/// A threatened piece (attacked by a lesser piece, or attacked and undefended) costs its side its
/// value over this: it may be lost, or must move.
pub(crate) const THREAT_DIVISOR: i32 = 8;

/// What having the move is worth, centipawns: the side to move can improve its position first.
/// A constant of [`Evaluator::evaluate`] outside the weights (`chimera tune` leaves it alone).
pub const TEMPO: i32 = 15;

/// `tuned` where it covers a kind, `derived` elsewhere; every weight clamped to its bounds.
/// The tuned square tables of `tuned`, per kind of the engine's rules, each entry within the
/// bounds of a piece value (a table of the wrong size is left out: the weights file reader
/// refuses one).
fn merged_squares(engine: &Engine, tuned: &Weights) -> Vec<Vec<i32>> {
    let n = engine.rules().board.dims.len();
    (0..engine.rules().pieces.len())
        .map(|k| match tuned.square_table(k) {
            Some(t) if t.len() == n => t
                .iter()
                .map(|x| x.clamp(&-MAX_WEIGHT_VALUE, &MAX_WEIGHT_VALUE))
                .copied()
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn merged(derived: &[KindWeights], tuned: &Weights) -> Vec<KindWeights> {
    derived
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let w = tuned.kinds.get(k).copied().flatten().unwrap_or(*d);
            KindWeights {
                value: w.value.clamp(-MAX_WEIGHT_VALUE, MAX_WEIGHT_VALUE),
                hand: w.hand.clamp(-MAX_WEIGHT_VALUE, MAX_WEIGHT_VALUE),
                centrality: w.centrality.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                advancement: w.advancement.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                mobility: w.mobility.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                shelter: w.shelter.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                exposure: w.exposure.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                pair: w.pair.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                passed: w.passed.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
                danger: w.danger.clamp(-MAX_WEIGHT_SCALE, MAX_WEIGHT_SCALE),
            }
        })
        .collect()
}

/// Converts an average weighted mobility into centipawns. Calibrated so that an orthodox knight
/// on 8x8 (5.25 squares) is about 3 pawns and a queen (17.2 weighted squares) about 9.6.
fn mobility_value(m: f64) -> f64 {
    56.0 * m.max(0.0)
}

/// Rank steps from `s` to the nearest square of `zone` (seen from the first player), or `None`
/// when the zone is empty.
fn rank_distance(dims: Dimensions, s: Square, zone: &SquareSet) -> Option<u32> {
    let r = dims.rank(s) as i32;
    zone.iter()
        .map(|z| (dims.rank(z) as i32 - r).unsigned_abs())
        .min()
}

/// The squares a kind may stand on (for the first player).
fn standing_squares(engine: &Engine, kind: PieceKind) -> SquareSet {
    let rules = engine.rules();
    let all = rules.board.squares;
    match &rules.piece(kind).confinement {
        Confinement::None => all,
        Confinement::Within(z) => z[Player::First].intersect(&all),
        Confinement::Regions(rs) => {
            // A piece standing in none of the regions is free; its moves decide where it gets.
            let _ = rs;
            all
        }
    }
}

fn mobility(engine: &Engine, kind: PieceKind) -> Mobility {
    let dims = engine.rules().board.dims;
    let stand = standing_squares(engine, kind);
    let mut per_square = vec![None; MAX_SQUARES];
    let mut total = 0.0;
    let mut n = 0usize;
    for s in stand.iter() {
        let marks = engine.diagram(kind, Player::First, s);
        let (sf, sr) = (dims.file(s) as i32, dims.rank(s) as i32);
        let mut m = 0.0;
        for (to, mark) in marks {
            let d = (dims.file(to) as i32 - sf)
                .abs()
                .max((dims.rank(to) as i32 - sr).abs());
            // Far squares of a rider are often blocked on a real board.
            let w = if d <= 2 { 1.0 } else { 0.7f64.powi(d - 2) };
            m += w * match mark {
                DiagramMark::MoveOrCapture => 1.0,
                DiagramMark::MoveOnly => 0.45,
                DiagramMark::CaptureOnly => 0.55,
                DiagramMark::Hop => 0.3,
                DiagramMark::MoveOrHop => 0.6,
                DiagramMark::Blocker => -0.25,
                // Already counted at the move's landing square.
                DiagramMark::CapturedInPassing => 0.0,
            };
        }
        let m = f64::max(m, 0.0);
        per_square[s.index()] = Some(m);
        total += m;
        n += 1;
    }
    Mobility {
        per_square,
        average: if n == 0 { 0.0 } else { total / n as f64 },
    }
}

/// The evaluation of a position for the side to move, in centipawns. Computes the tables on each
/// call: a searcher keeps an [`Evaluator`] instead.
pub fn evaluate(engine: &Engine, pos: &Position) -> i32 {
    Evaluator::new(engine).evaluate(engine, pos)
}

/// The material value in use for every kind (royals 0), in kind order.
pub fn piece_values(engine: &Engine) -> Vec<(PieceKind, i32)> {
    Evaluator::new(engine)
        .values
        .iter()
        .enumerate()
        .map(|(k, &v)| (PieceKind::from_index(k), v))
        .collect()
}
