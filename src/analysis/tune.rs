//! Tuning a variant's evaluation to game results (Texel's method): positions are sampled from
//! games (self-play or PGN), each labelled with its game's result, and the weights of the
//! evaluation ([`crate::rules::KindWeights`]: piece values on the board and in hand, the scales of
//! the square tables) are fitted so that a logistic function of the evaluation predicts the
//! results: minimise the mean of `(result - σ(K·eval))²`, first over `K` with the weights fixed,
//! then over the weights with `K` fixed.
//!
//! The evaluation is linear in the weights ([`Evaluator::features`]), so a sample is its feature
//! vector and the fit is a smooth minimisation (Adam on the full batch). A weak pull towards the
//! starting weights keeps kinds the games say little about where they were.
//!
//! Like the rest of `analysis`, nothing here prints: progress goes to a callback.

use super::{Budget, Rng};
use crate::engine::{Engine, Game, GameResult, Move, Position};
use crate::geometry::Player;
use crate::notation::pgn::PgnGame;
use crate::rules::{KindWeights, Weights, MAX_WEIGHT_SCALE, MAX_WEIGHT_VALUE};
use crate::search::eval::FEATURES_PER_KIND;
use crate::search::{Evaluator, Score, Searcher};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Most self-play games of one tuning run.
pub const MAX_TUNE_GAMES: u32 = 100_000;
/// Most samples kept (positions); games beyond it add nothing.
pub const MAX_SAMPLES: usize = 2_000_000;
/// Most iterations of the fit.
pub const MAX_ITERATIONS: u32 = 100_000;
/// Random numbers of tuning games (other streams are the study's).
const TUNE_STREAM: u64 = 0x7475_6e65;
/// Positions whose search score is beyond this are not sampled: the game is decided there, and
/// the evaluation is not what decides it.
const DECIDED_CP: i32 = 2_000;

/// How tuning games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayConfig {
    /// Number of games.
    pub games: u32,
    /// Thinking per move.
    pub budget: Budget,
    /// Seed of the random opening plies.
    pub seed: u64,
    /// Plies played at random before the search takes over (not sampled).
    pub random_plies: u32,
    /// A game still going after this many plies is stopped and scored a draw.
    pub max_plies: u32,
    /// Hash table per game, in megabytes.
    pub hash_mb: usize,
    /// Games played at once.
    pub threads: usize,
    /// How much the search's own score for each sampled position counts in its label beside the
    /// game's result (0 to 1; 0: the results alone): the search sees further than the
    /// evaluation it is fitting, and a score is far less noisy than one game's result.
    pub score_weight: f64,
}

/// One labelled position: its features (sparse: index, value) from the side to move's point of
/// view, and the result for the side to move (1 win, ½ draw, 0 loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Nonzero features, as (index into the weight vector, value).
    pub features: Vec<(u16, f32)>,
    /// The game's result for the side to move.
    pub result: f32,
}

impl Sample {
    /// A sample from a dense feature vector ([`Evaluator::features`]).
    pub fn new(features: &[f64], result: f64) -> Sample {
        Sample {
            features: features
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0.0)
                .map(|(i, &v)| (i as u16, v as f32))
                .collect(),
            result: result as f32,
        }
    }

    fn eval(&self, theta: &[f64]) -> f64 {
        self.features
            .iter()
            .map(|&(i, v)| theta.get(i as usize).copied().unwrap_or(0.0) * v as f64)
            .sum()
    }
}

/// How one tuning game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameDone {
    /// The game's number (0-based).
    pub index: u32,
    /// Its result; `None` when stopped at the ply cap (scored a draw).
    pub result: Option<GameResult>,
    /// Plies played.
    pub plies: u32,
    /// Positions sampled from it.
    pub samples: usize,
}

/// A position waiting for its game's result.
struct Pending {
    features: Vec<f64>,
    mover: Player,
    /// The expected score an engine's reported score gives the mover, and its weight in the
    /// label (0: the game's result alone).
    expected: Option<(f64, f64)>,
}

fn score_for(result: Option<GameResult>, mover: Player) -> f64 {
    match result {
        Some(GameResult::Win(p)) if p == mover => 1.0,
        Some(GameResult::Win(_)) => 0.0,
        _ => 0.5,
    }
}

fn labelled(pending: Vec<Pending>, result: Option<GameResult>) -> Vec<Sample> {
    pending
        .into_iter()
        .map(|p| {
            let r = score_for(result, p.mover);
            let label = match p.expected {
                Some((e, w)) => (1.0 - w) * r + w * e,
                None => r,
            };
            Sample::new(&p.features, label)
        })
        .collect()
}

/// Whether a move leaves the position as it is but for one piece's place (no capture,
/// promotion, drop or gating): the position before it is quiet enough to sample.
fn is_quiet(pos: &Position, mv: &Move) -> bool {
    !mv.is_drop()
        && mv.promotion.is_none()
        && mv.gate.is_none()
        && mv.side_capture().is_none()
        && (mv.is_castle() || pos.piece_at(mv.to).is_none())
}

/// Plays one self-play game with `eval` on both sides and returns its samples.
fn play_one(
    engine: &Arc<Engine>,
    eval: &Evaluator,
    config: &PlayConfig,
    index: u32,
) -> (GameDone, Vec<Sample>) {
    let mut rng = Rng::for_game(config.seed, index, TUNE_STREAM);
    let start = engine.start_position();
    let mut game = Game::new(engine.clone(), start);
    let mut searcher = Searcher::new(engine.clone(), config.hash_mb);
    searcher.set_evaluator(eval.clone());
    let stop = AtomicBool::new(false);
    let limits = config.budget.limits();
    let mut moves = Vec::new();
    let mut pending = Vec::new();
    let mut plies = 0u32;
    let result = loop {
        if let Some(r) = game.status().result() {
            break Some(r);
        }
        if plies >= config.max_plies {
            break None;
        }
        let pos = game.position().clone();
        engine.legal_into(&pos, &mut moves);
        if moves.is_empty() {
            break None;
        }
        let mv = if plies < config.random_plies {
            moves[rng.below(moves.len())]
        } else {
            let r = searcher.search(&game, &limits, &stop, &mut |_| {});
            let mv = r.best.filter(|m| moves.contains(m)).unwrap_or(moves[0]);
            let undecided = matches!(r.info.score, Score::Cp(cp) if cp.abs() < DECIDED_CP);
            if undecided && is_quiet(&pos, &mv) && !engine.in_check(&pos) {
                let w = config.score_weight.clamp(0.0, 1.0);
                pending.push(Pending {
                    features: eval.features(engine, &pos),
                    mover: pos.side_to_move(),
                    expected: match r.info.score {
                        Score::Cp(cp) if w > 0.0 => Some((expected_score(cp), w)),
                        _ => None,
                    },
                });
            }
            mv
        };
        game.play(mv);
        plies += 1;
    };
    let samples = labelled(pending, result);
    let done = GameDone {
        index,
        result,
        plies,
        samples: samples.len(),
    };
    (done, samples)
}

/// Plays `config.games` self-play games with `eval` for both sides and samples their quiet,
/// undecided positions (after the random plies). `on_game` hears of each game as it ends.
pub fn self_play(
    engine: &Arc<Engine>,
    eval: &Evaluator,
    config: &PlayConfig,
    on_game: &(dyn Fn(GameDone) + Sync),
) -> Vec<Sample> {
    let games = config.games.min(MAX_TUNE_GAMES);
    let run = || {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let (done, samples) = play_one(engine, eval, config, i);
                on_game(done);
                samples
            })
            .collect::<Vec<_>>()
    };
    let threads = config.threads.clamp(1, super::MAX_THREADS);
    let per_game = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    let mut all: Vec<Sample> = per_game.into_iter().flatten().collect();
    all.truncate(MAX_SAMPLES);
    all
}

/// The expected score (0 to 1) of a score in centipawns: 1 / (1 + 10^(-cp/400)).
pub fn expected_score(cp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp as f64 / 400.0))
}

/// Samples the quiet positions of games read from PGN: each position whose next move is quiet
/// and whose side to move is not in check, labelled with the game's result (`1-0`: the first
/// player won). Games without a result (`*`) are left out. Where the move's comment gives the
/// engine's score (`{+0.35/9}`), the label is `score_weight` of its expected score
/// ([`expected_score`]) and the rest the result: a search's judgement of the position is far less
/// noisy than one game's result (0: results only).
pub fn from_pgn(
    engine: &Arc<Engine>,
    eval: &Evaluator,
    games: &[PgnGame],
    score_weight: f64,
) -> Vec<Sample> {
    let score_weight = score_weight.clamp(0.0, 1.0);
    let mut all = Vec::new();
    for g in games {
        let result = match g.result.as_deref().or(g.tag("Result")) {
            Some("1-0") => Some(GameResult::Win(Player::First)),
            Some("0-1") => Some(GameResult::Win(Player::Second)),
            Some("1/2-1/2") => Some(GameResult::Draw),
            _ => continue,
        };
        let mut game = Game::new(engine.clone(), g.start.clone());
        let mut pending = Vec::new();
        for (i, mv) in g.moves.iter().enumerate() {
            let pos = game.position();
            if is_quiet(pos, mv) && !engine.in_check(pos) {
                let score = g.scores.get(i).copied().flatten();
                pending.push(Pending {
                    features: eval.features(engine, pos),
                    mover: pos.side_to_move(),
                    expected: score
                        .filter(|_| score_weight > 0.0)
                        .map(|cp| (expected_score(cp), score_weight)),
                });
            }
            game.play(*mv);
        }
        // A draw is stored as `None` (½ for both).
        let result = result.filter(|r| *r != GameResult::Draw);
        all.extend(labelled(pending, result));
        if all.len() >= MAX_SAMPLES {
            all.truncate(MAX_SAMPLES);
            break;
        }
    }
    all
}

/// How the fit runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Steps of the minimisation.
    pub iterations: u32,
    /// Strength of the pull towards the starting weights (0: none), per (100 units)² of change.
    pub prior: f64,
    /// The logistic scale `K`, when known; `None`: fitted to the starting weights first.
    pub k: Option<f64>,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            iterations: 600,
            prior: 1e-4,
            k: None,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Params,
    /// The logistic scale used: `σ(K·eval)` with the evaluation in centipawns.
    pub k: f64,
    /// Mean squared error of the starting weights.
    pub error_before: f64,
    /// Mean squared error of the fitted weights (as rounded).
    pub error_after: f64,
    /// Positions fitted.
    pub samples: usize,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions `σ(k·eval)`.
pub fn error(samples: &[Sample], theta: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .par_iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(k * s.eval(theta));
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The `K` minimising the error of the weights `theta` (golden-section search on `ln K`).
pub fn fit_k(samples: &[Sample], theta: &[f64]) -> f64 {
    let (mut a, mut b) = ((1e-5f64).ln(), (1.0f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| error(samples, theta, x.exp());
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The weights a fit works on: per kind, and (when fitted) per kind and square.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    /// Per kind, in kind order.
    pub kinds: Vec<KindWeights>,
    /// Per kind, centipawns on each square (first player's view, by square index), all of one
    /// length; empty: the square tables are not fitted.
    pub squares: Vec<Vec<i32>>,
}

impl Params {
    /// Weights per kind only: the square tables are not fitted.
    pub fn kinds_only(kinds: Vec<KindWeights>) -> Params {
        Params {
            kinds,
            squares: Vec::new(),
        }
    }

    /// The weights an evaluation uses: its square tables are fitted too when it has any.
    pub fn of(eval: &Evaluator, squares: usize) -> Params {
        let p = Params {
            kinds: eval.weights().to_vec(),
            squares: eval.squares().to_vec(),
        };
        if p.squares.iter().any(|t| !t.is_empty()) {
            p.with_squares(squares)
        } else {
            Params::kinds_only(p.kinds)
        }
    }

    /// The same weights with a square table of `n` entries for every kind (0 where there was
    /// none): the fit learns them.
    pub fn with_squares(mut self, n: usize) -> Params {
        self.squares.resize(self.kinds.len(), Vec::new());
        for t in &mut self.squares {
            t.resize(n, 0);
        }
        self
    }
}

/// The weights as one vector: [`FEATURES_PER_KIND`] per kind in the order of
/// [`Evaluator::features`], then the square tables (when fitted) kind after kind.
pub fn to_vector(params: &Params) -> Vec<f64> {
    let mut theta = kind_vector(&params.kinds);
    theta.extend(params.squares.iter().flatten().map(|&x| x as f64));
    theta
}

fn kind_vector(weights: &[KindWeights]) -> Vec<f64> {
    weights
        .iter()
        .flat_map(|w| {
            [
                w.value as f64,
                w.hand as f64,
                w.centrality as f64,
                w.advancement as f64,
                w.mobility as f64,
                w.shelter as f64,
                w.exposure as f64,
                w.pair as f64,
                w.passed as f64,
                w.danger as f64,
            ]
        })
        .collect()
}

/// The weights of a vector of `kinds` kinds (rounded and kept within bounds: piece values not
/// negative), with square tables when the vector holds them.
pub fn from_vector(theta: &[f64], kinds: usize) -> Params {
    let cut = (kinds * FEATURES_PER_KIND).min(theta.len());
    let (per_kind, tables) = theta.split_at(cut);
    let n = tables.len().checked_div(kinds).unwrap_or(0);
    let bounded = |x: &f64| {
        (x.round() as i64).clamp(-(MAX_WEIGHT_VALUE as i64), MAX_WEIGHT_VALUE as i64) as i32
    };
    Params {
        kinds: kinds_from_vector(per_kind),
        squares: if n == 0 {
            Vec::new()
        } else {
            tables
                .chunks(n)
                .map(|t| t.iter().map(bounded).collect())
                .collect()
        },
    }
}

fn kinds_from_vector(theta: &[f64]) -> Vec<KindWeights> {
    let v = |x: f64| (x.round() as i64).clamp(0, MAX_WEIGHT_VALUE as i64) as i32;
    let s = |x: f64| {
        (x.round() as i64).clamp(-(MAX_WEIGHT_SCALE as i64), MAX_WEIGHT_SCALE as i64) as i32
    };
    theta
        .chunks(FEATURES_PER_KIND)
        .filter(|c| c.len() == FEATURES_PER_KIND)
        .map(|c| KindWeights {
            value: v(c[0]),
            hand: v(c[1]),
            centrality: s(c[2]),
            advancement: s(c[3]),
            mobility: s(c[4]),
            shelter: s(c[5]),
            exposure: s(c[6]),
            pair: s(c[7]),
            passed: s(c[8]),
            danger: s(c[9]),
        })
        .collect()
}

/// Fits the weights to the samples, from `start`. `on_step` hears (iteration, current error)
/// every so often.
pub fn fit(
    samples: &[Sample],
    start: &Params,
    config: &FitConfig,
    on_step: &mut dyn FnMut(u32, f64),
) -> Fit {
    let theta0 = to_vector(start);
    let n = theta0.len();
    let kinds = start.kinds.len();
    let k = config.k.unwrap_or_else(|| fit_k(samples, &theta0));
    let error_before = error(samples, &theta0, k);
    let mut theta = theta0.clone();
    // Adam on the full batch; steps in weight units (centipawns, percent).
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let mut m = vec![0f64; n];
    let mut v = vec![0f64; n];
    let iterations = config.iterations.min(MAX_ITERATIONS);
    let count = samples.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = samples
            .par_iter()
            .fold(
                || vec![0f64; n],
                |mut g, s| {
                    let p = sigmoid(k * s.eval(&theta));
                    let common = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * k / count;
                    for &(i, x) in &s.features {
                        if let Some(gi) = g.get_mut(i as usize) {
                            *gi += common * x as f64;
                        }
                    }
                    g
                },
            )
            .reduce(
                || vec![0f64; n],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        for ((g, x), x0) in grad.iter_mut().zip(&theta).zip(&theta0) {
            *g += 2.0 * config.prior * (x - x0) / 10_000.0;
        }
        // Large steps first, small at the end.
        let lr = 4.0 * (1.0 - 0.9 * t as f64 / iterations as f64);
        for (((x, g), mi), vi) in theta.iter_mut().zip(&grad).zip(&mut m).zip(&mut v) {
            *mi = b1 * *mi + (1.0 - b1) * g;
            *vi = b2 * *vi + (1.0 - b2) * g * g;
            let mh = *mi / (1.0 - b1.powi(t as i32));
            let vh = *vi / (1.0 - b2.powi(t as i32));
            if vh > 0.0 {
                *x -= lr * mh / (vh.sqrt() + eps);
            }
        }
        // Piece values stay non-negative.
        for (i, x) in theta.iter_mut().enumerate().take(kinds * FEATURES_PER_KIND) {
            if i % FEATURES_PER_KIND < 2 && *x < 0.0 {
                *x = 0.0;
            }
        }
        if t % 50 == 0 || t == iterations {
            on_step(t, error(samples, &theta, k));
        }
    }
    let weights = from_vector(&theta, kinds);
    let error_after = error(samples, &to_vector(&weights), k);
    Fit {
        weights,
        k,
        error_before,
        error_after,
        samples: samples.len(),
    }
}

/// The pulls towards the starting weights [`fit_validated`] tries, weakest first (per
/// (100 units)² of change, as [`FitConfig::prior`]).
pub const PRIORS: [f64; 5] = [1e-4, 1e-3, 3e-3, 1e-2, 3e-2];

/// One in this many positions is held out to choose the prior: the last ones, so that (but for
/// the game cut in two) whole games are held out and no game is both learnt and judged.
pub const HOLD_OUT: usize = 5;

/// A fit whose prior was chosen on positions it did not learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct Validated {
    /// The final fit, on every position, with the chosen prior; its weights are the starting
    /// ones when no prior did better on the held-out positions than no change at all.
    pub fit: Fit,
    /// The chosen prior; `None`: the starting weights were kept.
    pub prior: Option<f64>,
    /// Positions held out.
    pub held_out: usize,
    /// The held-out error of the starting weights.
    pub held_out_before: f64,
    /// Each prior tried, with the held-out error of the weights fitted with it.
    pub tried: Vec<(f64, f64)>,
}

/// Fits the weights as [`fit`] does, choosing the strength of the pull towards the starting
/// weights (`config.prior` is not used) by the error on held-out positions: a fit free to move
/// far learns the noise of a few hundred games (a kind's value set to 0), one held too close
/// learns nothing. Each of [`PRIORS`] is fitted on the first four fifths of the positions and
/// judged on the last fifth; the best is fitted again on all of them. When no prior beats the
/// starting weights on the held-out fifth, the starting weights are kept. Needs at least
/// [`HOLD_OUT`] positions; fewer are fitted with `config.prior` as given.
pub fn fit_validated(
    samples: &[Sample],
    start: &Params,
    config: &FitConfig,
    on_step: &mut dyn FnMut(u32, f64),
) -> Validated {
    let theta0 = to_vector(start);
    let k = config.k.unwrap_or_else(|| fit_k(samples, &theta0));
    let cut = samples.len() - samples.len() / HOLD_OUT;
    let (learn, judge) = samples.split_at(cut);
    if judge.is_empty() || learn.is_empty() {
        let fit = fit(samples, start, config, on_step);
        return Validated {
            prior: Some(config.prior),
            held_out: 0,
            held_out_before: fit.error_before,
            tried: Vec::new(),
            fit,
        };
    }
    let held_out_before = error(judge, &theta0, k);
    let tried: Vec<(f64, f64)> = PRIORS
        .iter()
        .map(|&prior| {
            let c = FitConfig {
                prior,
                k: Some(k),
                ..*config
            };
            let f = fit(learn, start, &c, &mut |_, _| {});
            (prior, error(judge, &to_vector(&f.weights), k))
        })
        .collect();
    let best = tried
        .iter()
        .copied()
        .filter(|&(_, e)| e < held_out_before)
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let fit = match best {
        Some((prior, _)) => fit(
            samples,
            start,
            &FitConfig {
                prior,
                k: Some(k),
                ..*config
            },
            on_step,
        ),
        None => {
            let e = error(samples, &theta0, k);
            Fit {
                weights: start.clone(),
                k,
                error_before: e,
                error_after: e,
                samples: samples.len(),
            }
        }
    };
    Validated {
        fit,
        prior: best.map(|(p, _)| p),
        held_out: judge.len(),
        held_out_before,
        tried,
    }
}

/// The weights of a fit as a rule set holds them (every kind covered).
pub fn as_rules_weights(weights: &Params) -> Weights {
    Weights {
        kinds: weights.kinds.iter().copied().map(Some).collect(),
        squares: weights.squares.clone(),
    }
}
