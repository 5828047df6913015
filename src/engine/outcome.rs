//! How a finished game ended: below the position's own endings (`endings`) and the game's
//! history (`game`), which both decide results.

use crate::geometry::Player;
use crate::rules::Score;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// The game result when `score` applies to `side`.
pub(crate) fn result(score: Score, side: Player) -> GameResult {
    match score {
        Score::Win => GameResult::Win(side),
        Score::Loss => GameResult::Win(side.other()),
        Score::Draw => GameResult::Draw,
    }
}
