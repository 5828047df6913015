//! Piece values two ways: the static values the evaluation uses, and values measured by imbalance
//! self-play (one side plays without one piece of a kind), turned into pawns through the engine's
//! own curve from evaluation to result, fitted on the study's games from the start.

use super::measure::{Interval, FORCED_CP};
use super::play::play_from;
use super::{
    parallel, shard_games, without_piece, AnalysisError, DefinitionStudy, Shard, StudyConfig,
    ValueGames, Winner,
};
use crate::engine::Engine;
use crate::rules::PieceKind;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A kind's measured value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    /// Imbalance games played.
    pub games: u32,
    /// The score of the side that kept the piece, with its 95% interval.
    pub score: Interval,
    /// The value in pawns, with the bounds the score's interval gives; `None` when the games
    /// from the start give no curve from evaluation to result (no game was won).
    pub pawns: Option<Interval>,
}

/// One kind's values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceValue {
    /// The kind's name.
    pub name: String,
    /// Its letter.
    pub letter: String,
    /// The evaluation's value, pawns.
    pub static_pawns: f64,
    /// Measured by imbalance self-play, when the study did.
    pub measured: Option<Measured>,
}

/// The kinds worth measuring: not royal, and on both sides of the start position.
pub(crate) fn measurable_kinds(engine: &Engine) -> Vec<PieceKind> {
    let start = engine.start_position();
    let rules = engine.rules();
    (0..rules.pieces.len())
        .map(PieceKind::from_index)
        .filter(|k| !rules.pieces[k.index()].royal)
        .filter(|k| {
            [
                crate::geometry::Player::First,
                crate::geometry::Player::Second,
            ]
            .iter()
            .all(|&pl| start.pieces().any(|(_, p)| p.player == pl && p.kind == *k))
        })
        .collect()
}

/// Plays the imbalance games of every measurable kind (this shard's share).
pub(crate) fn imbalance_games(
    engine: &Arc<Engine>,
    config: &StudyConfig,
    shard: Option<Shard>,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<ValueGames>, AnalysisError> {
    let kinds = measurable_kinds(engine);
    let start = engine.start_position();
    let indices = shard_games(config.value_games, shard);
    let items: Vec<(usize, u32)> = (0..kinds.len())
        .flat_map(|k| indices.iter().map(move |&g| (k, g)))
        .collect();
    let results = parallel(threads, &items, &|(k, g)| {
        let points = imbalance_game(engine, &start, config, kinds[k], g);
        progress();
        (k, g, points)
    })?;
    let values = crate::search::piece_values(engine);
    Ok(kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let def = &engine.rules().pieces[kind.index()];
            ValueGames {
                kind: def.name.clone(),
                letter: def.letter.clone(),
                static_cp: values
                    .iter()
                    .find(|(k, _)| k == kind)
                    .map_or(0, |(_, v)| *v),
                games: results
                    .iter()
                    .filter(|(k, _, _)| *k == i)
                    .map(|&(_, g, p)| (g, p))
                    .collect(),
            }
        })
        .collect())
}

/// Imbalance game `g` of `kind` from `start`: the half-points (0, 1, 2) of the side that kept
/// all its pieces.
pub(crate) fn imbalance_game(
    engine: &Arc<Engine>,
    start: &crate::engine::Position,
    config: &StudyConfig,
    kind: PieceKind,
    g: u32,
) -> u8 {
    let first = start.side_to_move();
    let lacking = if g.is_multiple_of(2) {
        first
    } else {
        first.other()
    };
    match without_piece(engine, start, lacking, kind) {
        Some(pos) => {
            let rec = play_from(engine, &pos, config, g, 1 + kind.index() as u64);
            let full_first = lacking != first;
            match (rec.winner, full_first) {
                (Winner::Draw, _) => 1,
                (Winner::First, true) | (Winner::Second, false) => 2,
                _ => 0,
            }
        }
        None => 1,
    }
}

/// Every kind's values: static for each kind, measured for the kinds the study measured.
pub fn piece_values(d: &DefinitionStudy) -> Vec<PieceValue> {
    let scale = eval_scale(d);
    d.static_values
        .iter()
        .map(|(name, letter, cp)| {
            let measured = d.values.iter().find(|v| &v.kind == name).map(|v| {
                let n = v.games.len() as u32;
                let points: f64 = v.games.iter().map(|&(_, p)| p as f64 / 2.0).sum();
                let score = Interval::wilson(points, n);
                let pawns = scale.map(|k| {
                    let to_pawns = |s: f64| k * logit(s, n) / 100.0;
                    Interval {
                        value: to_pawns(score.value),
                        low: to_pawns(score.low),
                        high: to_pawns(score.high),
                    }
                });
                Measured {
                    games: n,
                    score,
                    pawns,
                }
            });
            PieceValue {
                name: name.clone(),
                letter: letter.clone(),
                static_pawns: *cp as f64 / 100.0,
                measured,
            }
        })
        .collect()
}

/// ln(s / (1 - s)), with `s` kept half a game away from 0 and 1 so certain results stay finite.
fn logit(s: f64, n: u32) -> f64 {
    let eps = 0.5 / (n.max(1) as f64 + 1.0);
    let s = s.clamp(eps, 1.0 - eps);
    (s / (1.0 - s)).ln()
}

/// The engine's centipawns per unit of log-odds of winning: the `k` for which the first player's
/// expected score after an evaluation `cp` is best fitted by 1 / (1 + e^(-cp/k)), over every
/// engine move of the games from the start. `None` when the games say nothing: none was won, or
/// no engine move was evaluated short of a forced result.
pub fn eval_scale(d: &DefinitionStudy) -> Option<f64> {
    if d.games.iter().all(|g| g.winner == Winner::Draw) {
        return None;
    }
    let samples: Vec<(f64, f64)> = d
        .games
        .iter()
        .flat_map(|g| {
            let y = g.winner.first_points();
            g.evals
                .iter()
                .filter(|(_, cp)| cp.abs() < FORCED_CP)
                .map(move |&(_, cp)| (cp as f64, y))
        })
        .collect();
    if samples.is_empty() {
        return None;
    }
    let loss = |k: f64| -> f64 {
        samples
            .iter()
            .map(|&(cp, y)| {
                let p = (1.0 / (1.0 + (-cp / k).exp())).clamp(1e-9, 1.0 - 1e-9);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum()
    };
    // A geometric grid from 25 to 5000 centipawns, then the best point.
    let mut best = (f64::INFINITY, 400.0);
    let mut k = 25.0f64;
    while k <= 5000.0 {
        let l = loss(k);
        if l < best.0 {
            best = (l, k);
        }
        k *= 1.05;
    }
    Some(best.1)
}
