//! How a finished game ended: below the position's own endings (`endings`) and the game's
//! history (`game`), which both decide results.

use crate::geometry::Player;
use crate::rules::Outcome;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// The game result when `score` applies to `side`.
pub(crate) fn result(score: Outcome, side: Player) -> GameResult {
    match score {
        Outcome::Win => GameResult::Win(side),
        Outcome::Loss => GameResult::Win(side.other()),
        Outcome::Draw => GameResult::Draw,
        Outcome::WonBy(p) => GameResult::Win(p),
    }
}
