//! Time management: how long to think about one move, from the clock or a fixed move time.
//!
//! A pure function of the limits ([`budget`]), so its figures are unit-tested exactly. The search
//! stops deepening once the `target` has mostly gone or the next iteration would likely overrun
//! `deadline` ([`Budget::start_next`]), and abandons an iteration at `deadline` (checked with the
//! wall clock every [`CHECK_EVERY`] nodes). The move is sent well before the clock runs out: the
//! deadline never exceeds a fifth of what is left, and [`MOVE_OVERHEAD`] is kept back for the pipe
//! and the scheduler (a GUI's clock runs until it has read the move).

use super::{Clock, Limits};
use std::time::Duration;

/// Time kept back from the clock for each move: the latency between the search ending and the GUI
/// reading the move, on a busy machine. Never more than half the time left.
pub(crate) const MOVE_OVERHEAD: Duration = Duration::from_millis(50);

/// The moves a clock without a move count (sudden death, or increment only) is shared over.
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 30;

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
    fn ten_seconds_and_a_tenth_share_the_time_over_thirty_moves() {
        // 10 s - 50 ms = 9950 ms; 9950/30 = 331.666 ms, + 75 ms; a fifth is 1990 ms.
        let b = clock_budget(&clock(10_000, 100, None));
        assert_eq!(b.target, Duration::from_nanos(406_666_666));
        assert_eq!(b.deadline, Duration::from_nanos(1_219_999_998));
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
        assert_eq!(
            budget(&limits),
            Some(Budget {
                target: ms(100),
                deadline: ms(300)
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
