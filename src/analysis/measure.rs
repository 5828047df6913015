//! What a study measures with: the evaluation thresholds of a recorded game and a proportion
//! with its interval. Below the game player (`play`), the piece values (`values`) and the figures
//! (`metrics`), which all use them.

use serde::{Deserialize, Serialize};

/// An evaluation at least this far ahead (centipawns) means a side leads.
pub const LEAD_CP: i32 = 100;
/// The evaluation recorded for a forced result (a mate or other forced game end).
pub const FORCED_CP: i32 = 10_000;
/// Normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// A proportion with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Interval {
    /// The Wilson score interval of `points` out of `n` (a draw counts half a point; the interval
    /// then is a little wider than needed, never narrower). Sound at 0% and 100%, unlike the
    /// normal approximation.
    pub fn wilson(points: f64, n: u32) -> Interval {
        if n == 0 {
            return Interval {
                value: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = n as f64;
        let p = (points / n).clamp(0.0, 1.0);
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        Interval {
            value: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// Whether `x` lies within the interval.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}
