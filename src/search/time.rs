//! Time management: how long to think about one move, from the clock or a fixed move time.
//!
//! A pure function of the limits ([`budget`]), so its figures are unit-tested exactly. The search
//! scales the `target` by how settled its answer is ([`Stability`]), stops deepening once that
//! has mostly gone or the next iteration would likely overrun `deadline` ([`Budget::start_next`]),
//! and abandons an iteration at `deadline` (checked with the wall clock every [`CHECK_EVERY`]
//! nodes). The move is sent well before the clock runs out: the
//! deadline never exceeds a fifth of what is left, and [`MOVE_OVERHEAD`] is kept back for the pipe
//! and the scheduler (a GUI's clock runs until it has read the move).

use super::{Clock, Limits};
use crate::engine::Move;
use std::time::Duration;

/// Time kept back from the clock for each move: the latency between the search ending and the GUI
/// reading the move, on a busy machine. Never more than half the time left.
pub(crate) const MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// The moves a clock without a move count (sudden death, or increment only) is shared over.
/// Measured with [`Stability`] at 2 s + 0.02 s (the README's strength log): 30 played no
/// differently, 16 lost heavily (the ending, played on the increment, misses the time).
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 22;

/// The wall clock is read once per this many nodes (a power of two).
pub(crate) const CHECK_EVERY: u64 = 1024;

/// How long one search may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time the move should take: no new iteration starts after most of it has gone.
    pub target: Duration,
    /// The search is abandoned here, whatever it is doing; the best move found so far is played.
    pub deadline: Duration,
}

impl Budget {
    /// Whether to start another iteration `elapsed` into the search, the last one having taken
    /// `last`. Each iteration usually takes a few times the one before: one that starts after
    /// 60% of the target, or that would likely run past the deadline, is not begun.
    pub fn start_next(&self, elapsed: Duration, last: Duration) -> bool {
        elapsed < self.target.mul_f64(0.6) && elapsed + last * 2 < self.deadline
    }

    /// The budget with its target scaled by `factor` (the deadline stays: it is the hard limit).
    /// A budget whose target is its deadline (a fixed move time, a low clock) is kept as it is.
    pub fn scaled(self, factor: f64) -> Budget {
        if self.target >= self.deadline {
            return self;
        }
        Budget {
            target: self.target.mul_f64(factor).min(self.deadline),
            ..self
        }
    }
}

/// How settled the search's answer is, iteration by iteration: a search whose best move keeps
/// changing, or whose score falls, is given more of its time; one whose best move stays is given
/// less, and the time saved goes to later moves.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stability {
    /// Changes of the best move, each halved at every later iteration.
    changes: f64,
    last: Option<(Move, i32)>,
}

impl Stability {
    /// Records a completed iteration's best move and score, and returns the factor the budget's
    /// target is scaled by: 0.75 when the best move has not changed lately, 1.35 just after a
    /// change, up to 2 while it keeps changing; 1.3 times that when the score fell more than a
    /// quarter pawn since the last iteration.
    pub(crate) fn update(&mut self, best: Move, score: i32) -> f64 {
        let mut factor = 1.0;
        if let Some((last_best, last_score)) = self.last {
            if best != last_best {
                self.changes += 1.0;
            }
            factor = 0.75 + 0.6 * self.changes;
            if last_score - score > 25 {
                factor *= 1.3;
            }
            self.changes *= 0.5;
        }
        self.last = Some((best, score));
        factor.clamp(0.6, 2.0)
    }
}

/// The time budget for a search within `limits`, or `None` when no time limit applies (depth,
/// nodes, infinite).
pub(crate) fn budget(limits: &Limits) -> Option<Budget> {
    if limits.infinite {
        return None;
    }
    let from_clock = limits.clock.map(|c| clock_budget(&c));
    let from_movetime = limits.movetime.map(|t| {
        let deadline = t.saturating_sub(MOVE_OVERHEAD.min(t / 4));
        Budget {
            // A fixed move time is meant to be used.
            target: deadline,
            deadline,
        }
    });
    match (from_clock, from_movetime) {
        (Some(a), Some(b)) => Some(Budget {
            target: a.target.min(b.target),
            deadline: a.deadline.min(b.deadline),
        }),
        (a, b) => a.or(b),
    }
}

/// The budget for one move on `clock`: the time left (less the overhead) shared over the moves to
/// go, plus three quarters of the increment; the deadline is three times that, and neither is
/// more than a fifth of the time left (with fewer than four moves to the next control: a share
/// of what is left that leaves time for every one of them).
pub fn clock_budget(clock: &Clock) -> Budget {
    let left = clock
        .remaining
        .saturating_sub(MOVE_OVERHEAD.min(clock.remaining / 2));
    let moves = clock
        .moves_to_go
        .unwrap_or(DEFAULT_MOVES_TO_GO)
        .clamp(1, 1000);
    let cap = left / (moves + 1).min(5);
    let share = left / moves + clock.increment * 3 / 4;
    let target = share.min(cap);
    Budget {
        target,
        deadline: (target * 3).min(cap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining: ms(remaining),
            increment: ms(increment),
            moves_to_go,
        }
    }

    #[test]
    fn ten_seconds_and_a_tenth_share_the_time_over_twenty_two_moves() {
        // 10 s - 50 ms = 9950 ms; 9950/22 = 452.272 ms, + 75 ms; a fifth is 1990 ms.
        let b = clock_budget(&clock(10_000, 100, None));
        assert_eq!(b.target, Duration::from_nanos(527_272_727));
        assert_eq!(b.deadline, Duration::from_nanos(1_581_818_181));
    }

    fn mv(from: u8, to: u8) -> Move {
        Move::normal(
            crate::geometry::Square::from_index(from),
            crate::geometry::Square::from_index(to),
        )
    }

    #[test]
    fn an_unsettled_search_is_given_more_time_and_a_settled_one_less() {
        let mut s = Stability::default();
        // The first iteration has nothing to compare with.
        assert_eq!(s.update(mv(12, 28), 20), 1.0);
        // The same move, the same score: settled.
        assert_eq!(s.update(mv(12, 28), 20), 0.75);
        // A new best move: 0.75 + 0.6.
        assert!((s.update(mv(6, 21), 20) - 1.35).abs() < 1e-9);
        // Another change while the last one still counts half: 0.75 + 0.6 * 1.5.
        assert!((s.update(mv(12, 28), 20) - 1.65).abs() < 1e-9);
        // Then a change with the score falling 40: capped at twice the target.
        assert_eq!(s.update(mv(6, 21), -20), 2.0);
        // Settling again: the changes fade by half an iteration.
        let mut f = 0.0;
        for _ in 0..8 {
            f = s.update(mv(6, 21), -20);
        }
        assert!((f - 0.75).abs() < 0.01, "{f}");
        // The score falling alone: 1.3 times the settled factor.
        assert!((s.update(mv(6, 21), -60) - 0.75 * 1.3).abs() < 0.01);
    }

    #[test]
    fn a_scaled_target_never_passes_the_deadline() {
        let b = Budget {
            target: ms(400),
            deadline: ms(600),
        };
        assert_eq!(b.scaled(0.75).target, ms(300));
        assert_eq!(b.scaled(2.0).target, ms(600));
        assert_eq!(b.scaled(2.0).deadline, ms(600));
        // A fixed move time is used whatever the search's stability.
        let fixed = Budget {
            target: ms(950),
            deadline: ms(950),
        };
        assert_eq!(fixed.scaled(0.75), fixed);
    }

    #[test]
    fn a_low_clock_is_capped_at_a_fifth_of_what_is_left() {
        // 300 ms - 50 = 250 ms; 250/30 + 75 = 83.3 ms, but a fifth of 250 ms is 50 ms.
        let b = clock_budget(&clock(300, 100, None));
        assert_eq!(b.target, ms(50));
        assert_eq!(b.deadline, ms(50));
        // 100 ms: half is kept back (50 ms), a fifth of the rest is 10 ms.
        let b = clock_budget(&clock(100, 100, None));
        assert_eq!((b.target, b.deadline), (ms(10), ms(10)));
        // Nothing left: think for no time at all (the search still returns a move).
        let b = clock_budget(&clock(0, 0, None));
        assert_eq!((b.target, b.deadline), (ms(0), ms(0)));
    }

    #[test]
    fn a_move_count_shares_the_time_over_the_moves_to_the_control() {
        // 40 moves in 5 minutes, 10 to go with 60 s left: 59950/10 = 5995 ms, deadline a fifth.
        let b = clock_budget(&clock(60_000, 0, Some(10)));
        assert_eq!(b.target, ms(5_995));
        assert_eq!(b.deadline, ms(11_990));
        // The last move before the control may use up to half of what is left.
        let b = clock_budget(&clock(10_050, 0, Some(1)));
        assert_eq!((b.target, b.deadline), (ms(5_000), ms(5_000)));
        // Two to go: a third.
        let b = clock_budget(&clock(9_050, 0, Some(2)));
        assert_eq!((b.target, b.deadline), (ms(3_000), ms(3_000)));
    }

    #[test]
    fn the_deadline_never_exceeds_a_fifth_of_the_clock() {
        for remaining in [
            0u64, 1, 10, 49, 50, 99, 100, 101, 250, 1_000, 10_000, 600_000,
        ] {
            for inc in [0u64, 10, 100, 1_000, 5_000] {
                let b = clock_budget(&clock(remaining, inc, None));
                assert!(b.target <= b.deadline, "{remaining} {inc}");
                assert!(b.deadline <= ms(remaining) / 5, "{remaining} {inc}: {b:?}");
            }
        }
    }

    #[test]
    fn a_move_time_is_used_less_the_overhead() {
        let limits = Limits {
            movetime: Some(ms(1_000)),
            ..Limits::default()
        };
        assert_eq!(
            budget(&limits),
            Some(Budget {
                target: ms(950),
                deadline: ms(950)
            })
        );
        // Short move times keep back a quarter at most.
        let limits = Limits {
            movetime: Some(ms(100)),
            ..Limits::default()
        };
        assert_eq!(budget(&limits).map(|b| b.deadline), Some(ms(75)));
        // With a clock as well, the tighter of the two.
        let limits = Limits {
            movetime: Some(ms(1_000)),
            clock: Some(clock(3_050, 0, None)),
            ..Limits::default()
        };
        // 3000 ms / 22 moves, and three times that.
        assert_eq!(
            budget(&limits),
            Some(Budget {
                target: Duration::from_nanos(136_363_636),
                deadline: Duration::from_nanos(409_090_908)
            })
        );
        assert_eq!(
            budget(&Limits {
                infinite: true,
                ..limits
            }),
            None
        );
        assert_eq!(budget(&Limits::default()), None);
    }

    #[test]
    fn an_iteration_starts_only_when_it_can_likely_finish() {
        let b = Budget {
            target: ms(400),
            deadline: ms(1_200),
        };
        assert!(b.start_next(ms(100), ms(50)));
        // 60% of the target has gone.
        assert!(!b.start_next(ms(240), ms(10)));
        // The next one would take about twice the last: past the deadline.
        assert!(!b.start_next(ms(200), ms(500)));
    }
}
