//! One self-play game: random opening plies, then the search for both sides until the rules (or
//! the study's ply cap) end it.

use super::measure::{FORCED_CP, LEAD_CP};
use super::{GameRecord, Rng, StudyConfig, StudyEnding, Winner};
use crate::engine::{Ending as EndRule, Engine, Game, GameResult, Position, Status};
use crate::rules::RoyalRule;
use crate::search::{Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Stream of the start games' random numbers (imbalance games use others).
pub(crate) const START_STREAM: u64 = 0;

/// Plays game `index` of a study from `start`.
pub(crate) fn play_game(
    engine: &Arc<Engine>,
    start: &Position,
    config: &StudyConfig,
    index: u32,
) -> GameRecord {
    play_from(engine, start, config, index, START_STREAM)
}

/// Plays game `index` from `start` with the random numbers of `stream`.
pub(crate) fn play_from(
    engine: &Arc<Engine>,
    start: &Position,
    config: &StudyConfig,
    index: u32,
    stream: u64,
) -> GameRecord {
    let mut rng = Rng::for_game(config.seed, index, stream);
    let mut game = Game::new(engine.clone(), start.clone());
    let mut searcher = Searcher::new(engine.clone(), config.hash_mb);
    let stop = AtomicBool::new(false);
    let limits = config.budget.limits();
    let first = start.side_to_move();
    let mut rec = GameRecord {
        index,
        winner: Winner::Draw,
        ending: StudyEnding::PlyCap,
        plies: 0,
        branching: Vec::new(),
        captures: 0,
        drops: 0,
        lead_changes: 0,
        decided_at: None,
        evals: Vec::new(),
        nodes: 0,
    };
    let mut moves = Vec::new();
    let mut leader: Option<bool> = None;
    loop {
        let status = game.status();
        if let Some(result) = status.result() {
            rec.ending = ending(engine, game.position(), &status);
            rec.winner = match result {
                GameResult::Draw => Winner::Draw,
                GameResult::Win(p) if p == first => Winner::First,
                GameResult::Win(_) => Winner::Second,
            };
            break;
        }
        if rec.plies >= config.max_plies {
            break;
        }
        let pos = game.position().clone();
        engine.legal_into(&pos, &mut moves);
        if moves.is_empty() {
            // The status above says the game goes on, so there is a move; stop rather than loop.
            break;
        }
        rec.branching.push(moves.len() as u32);
        let mv = if rec.plies < config.random_plies {
            moves[rng.below(moves.len())]
        } else {
            let r = searcher.search(&game, &limits, &stop, &mut |_| {});
            rec.nodes += r.info.nodes;
            let mover_cp = match r.info.score {
                Score::Cp(cp) => cp.clamp(-FORCED_CP, FORCED_CP),
                Score::Mate(n) if n > 0 => FORCED_CP,
                Score::Mate(_) => -FORCED_CP,
            };
            let cp = if pos.side_to_move() == first {
                mover_cp
            } else {
                -mover_cp
            };
            rec.evals.push((rec.plies, cp));
            if cp.abs() >= LEAD_CP {
                let ahead = cp > 0;
                if leader.is_some_and(|l| l != ahead) {
                    rec.lead_changes += 1;
                }
                leader = Some(ahead);
            }
            r.best.filter(|m| moves.contains(m)).unwrap_or(moves[0])
        };
        if mv.is_drop() {
            rec.drops += 1;
        } else if !mv.is_castle() && (pos.piece_at(mv.to).is_some() || mv.side_capture().is_some())
        {
            rec.captures += 1;
        }
        game.play(mv);
        rec.plies += 1;
    }
    rec.decided_at = decided_at(&rec);
    rec
}

/// How the engine's status reads as a study ending.
fn ending(engine: &Engine, pos: &Position, status: &Status) -> StudyEnding {
    match status {
        Status::Checkmate(_) => {
            let side = pos.side_to_move();
            let royals = pos
                .pieces()
                .filter(|(_, p)| p.player == side && engine.rules().pieces[p.kind.index()].royal)
                .count();
            if engine.rules().end.royal_rule == RoyalRule::Duple && royals > 1 {
                StudyEnding::DupleCheckmate
            } else {
                StudyEnding::Checkmate
            }
        }
        Status::Stalemate(_) => StudyEnding::Stalemate,
        Status::RoyalCaptured(_) => StudyEnding::RoyalCaptured,
        Status::Repetition(_) => StudyEnding::Repetition,
        Status::PerpetualCheck(..) => StudyEnding::PerpetualCheck,
        Status::MoveLimit(_) => StudyEnding::MoveLimit,
        Status::Ended(rule, _) => match rule {
            EndRule::Goal => StudyEnding::GoalReached,
            EndRule::BareRoyal => StudyEnding::BareRoyal,
            EndRule::Extinction => StudyEnding::Extinction,
            EndRule::CheckLimit => StudyEnding::CheckLimit,
            EndRule::Passes => StudyEnding::PassTwice,
            EndRule::Facing => StudyEnding::FacingEnds,
            EndRule::Connect => StudyEnding::Connect,
            EndRule::BoardFull => StudyEnding::BoardFull,
            EndRule::CastlingWins => StudyEnding::CastlingWins,
        },
        Status::Ongoing { .. } => StudyEnding::PlyCap,
    }
}

/// The ply from which the winner's evaluation stayed a pawn or more ahead to the end.
fn decided_at(rec: &GameRecord) -> Option<u32> {
    let sign = match rec.winner {
        Winner::First => 1,
        Winner::Second => -1,
        Winner::Draw => return None,
    };
    let mut at = rec.plies;
    for &(ply, cp) in rec.evals.iter().rev() {
        if cp * sign >= LEAD_CP {
            at = ply;
        } else {
            break;
        }
    }
    Some(at)
}
