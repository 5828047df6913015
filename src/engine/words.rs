//! Boards of at most 64 squares: a piece's moves as 64-bit square sets, counted by bit
//! operations at perft's last ply instead of walking the tables square by square.
//!
//! A square set of the engine holds 256 squares (boards up to 16x16); on a board of 64 squares
//! or fewer every square is a bit of the first word, and a ride is cut at its first blocker with
//! one bit scan. Only moves that are one landing each are counted this way: leaps and slides
//! that end on an empty square, an enemy of any kind or either, lame leaps, double steps. A
//! piece with anything else from a square (hops, multi-leg paths, captures restricted by kind,
//! promotion, en passant while a target is set) keeps the table walk.

use super::entries::{Leap, Ray, SquareMoves, TableArrays, BLOCKED, CAPTURE, EP, MOVE, SETS_EP};
use super::position::Position;
use crate::geometry::{Player, Square};
use crate::rules::{Hop, KindSet, PromotionMode, RuleSet};

/// One piece's moves from one square as words; `countable` false when the table walk must do.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WordMoves {
    /// Every move from here is a leap or a slide the words hold (so its attacks are in them).
    pub simple: bool,
    /// Simple, and no move from here promotes: the moves are counted from the words.
    pub countable: bool,
    /// Where an en-passant capture may land: the walk does the piece's moves while the
    /// position's en-passant target is one of these.
    pub ep_to: u64,
    /// Unblockable leaps ending on an empty square or an enemy; on an empty square only; on an
    /// enemy only.
    pub plain: u64,
    pub quiet: u64,
    pub capture: u64,
    /// Index range of the slides in [`WordTables::rays`] and of the lame leaps in
    /// [`WordTables::lame`].
    pub rays: (u32, u32),
    pub lame: (u32, u32),
}

/// A slide as a word: its squares, whether they run towards higher square numbers, and where it
/// may end ([`MOVE`], [`CAPTURE`] or both).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordRay {
    pub mask: u64,
    pub up: bool,
    pub flags: u8,
}

/// A leap blocked when `block` is occupied, or a double step (which passes `block`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordLame {
    pub to: u8,
    pub block: u8,
    pub flags: u8,
}

/// The word tables of a board of at most 64 squares (empty otherwise).
#[derive(Debug, Default)]
pub(crate) struct WordTables {
    /// Indexed like [`super::tables::Tables::entries`].
    pub moves: Vec<WordMoves>,
    pub rays: Vec<WordRay>,
    pub lame: Vec<WordLame>,
}

/// The occupancy of one position from the mover's side, as words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occupancy {
    own: u64,
    enemy: u64,
}

impl Occupancy {
    /// Every occupied square of `pos`, on a board of at most 64 squares.
    #[inline]
    pub(crate) fn all(pos: &Position) -> u64 {
        pos.occupied[Player::First].0[0] | pos.occupied[Player::Second].0[0]
    }

    /// The occupancy of `pos` for `us`, on a board of at most 64 squares.
    #[inline]
    pub(crate) fn of(pos: &Position, us: Player) -> Occupancy {
        Occupancy {
            own: pos.occupied[us].0[0],
            enemy: pos.occupied[us.other()].0[0],
        }
    }
}

impl WordTables {
    /// Whether the board has at most 64 squares, so these tables are built.
    #[inline]
    pub(crate) fn small(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The word tables of `tables`, or none when the board has more than 64 squares.
    pub(crate) fn build(rules: &RuleSet, t: &TableArrays<'_>) -> WordTables {
        let mut w = WordTables::default();
        if t.dims.files as usize * t.dims.ranks as usize > 64 {
            return w;
        }
        let all = KindSet::first(t.kinds);
        let squares = t.dims.files as usize * t.dims.ranks as usize;
        w.moves = vec![WordMoves::default(); t.entries.len()];
        for (i, e) in t.entries.iter().enumerate() {
            let kind = (i / 256) % t.kinds;
            let from = Square((i % 256) as u8);
            // The entries of squares off the board are empty and never read.
            if from.index() >= squares {
                continue;
            }
            let zone = match &rules.pieces[kind].promotion {
                None => 0,
                Some(pr) if pr.mode == PromotionMode::InPlace => 0,
                Some(_) => t.info[i / 256].promo_zone.0[0],
            };
            w.moves[i] = w.entry(t, e, from, zone, all);
        }
        w
    }

    /// The words of one table entry; not countable when a move needs the walk.
    fn entry(
        &mut self,
        t: &TableArrays<'_>,
        e: &SquareMoves,
        from: Square,
        zone: u64,
        all: KindSet,
    ) -> WordMoves {
        let mut m = WordMoves {
            rays: (self.rays.len() as u32, self.rays.len() as u32),
            lame: (self.lame.len() as u32, self.lame.len() as u32),
            ..WordMoves::default()
        };
        // Entries exist for all 256 square numbers; those past the 64-bit word have no bit.
        let bit = |s: u8| 1u64.checked_shl(u32::from(s)).unwrap_or(0);
        // Promotion: a move from the zone, or into it, may promote.
        let mut landings = 0u64;
        let leaps = &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize];
        let rays = &t.rays[e.rays.0 as usize..e.rays.1 as usize];
        let countable_leap = |l: &Leap| {
            (l.flags & CAPTURE == 0 || l.victims == all)
                && (l.flags & SETS_EP == 0 || !e.may_repeat)
                && l.flags & (MOVE | CAPTURE | EP) != 0
        };
        if e.paths.0 != e.paths.1 || !leaps.iter().all(countable_leap) {
            return m;
        }
        for l in leaps {
            landings |= bit(l.to);
            if l.flags & EP != 0 {
                m.ep_to |= bit(l.to);
            }
            let ends = l.flags & (MOVE | CAPTURE);
            if l.flags & (BLOCKED | SETS_EP) != 0 {
                self.lame.push(WordLame {
                    to: l.to,
                    block: l.block,
                    flags: l.flags,
                });
            } else if ends == MOVE | CAPTURE {
                m.plain |= bit(l.to);
            } else if ends == MOVE {
                m.quiet |= bit(l.to);
            } else if ends == CAPTURE {
                m.capture |= bit(l.to);
            }
        }
        for r in rays {
            let Some(ray) = word_ray(t, r, all) else {
                self.rays.truncate(m.rays.0 as usize);
                self.lame.truncate(m.lame.0 as usize);
                return m;
            };
            landings |= ray.mask;
            self.rays.push(ray);
        }
        m.rays.1 = self.rays.len() as u32;
        m.lame.1 = self.lame.len() as u32;
        m.simple = true;
        m.countable = zone & (landings | bit(from.0)) == 0;
        m
    }

    /// Whether the simple piece `m` attacks `target` with `occupied` on the board.
    #[inline]
    pub(crate) fn attacks(&self, m: &WordMoves, target: Square, occupied: u64) -> bool {
        let bit = 1u64 << target.0;
        if (m.plain | m.capture) & bit != 0 {
            return true;
        }
        self.rays[m.rays.0 as usize..m.rays.1 as usize]
            .iter()
            .any(|r| r.flags & CAPTURE != 0 && r.mask & bit != 0 && between(r, bit) & occupied == 0)
            || self.lame[m.lame.0 as usize..m.lame.1 as usize]
                .iter()
                .any(|l| {
                    l.to == target.0
                        && l.flags & CAPTURE != 0
                        && (l.flags & BLOCKED == 0 || occupied >> l.block & 1 == 0)
                })
    }

    /// The squares of `occupied` whose piece alone keeps the simple piece `m` from attacking
    /// `target` (the one blocker of a slide, the block of a lame leap); `None` when it attacks.
    pub(crate) fn shields(&self, m: &WordMoves, target: Square, occupied: u64) -> Option<u64> {
        let bit = 1u64 << target.0;
        if (m.plain | m.capture) & bit != 0 {
            return None;
        }
        let mut out = 0;
        for r in &self.rays[m.rays.0 as usize..m.rays.1 as usize] {
            if r.flags & CAPTURE == 0 || r.mask & bit == 0 {
                continue;
            }
            let blockers = between(r, bit) & occupied;
            if blockers == 0 {
                return None;
            }
            if blockers & (blockers - 1) == 0 {
                out |= blockers;
            }
        }
        for l in &self.lame[m.lame.0 as usize..m.lame.1 as usize] {
            if l.to == target.0 && l.flags & CAPTURE != 0 {
                if l.flags & BLOCKED == 0 || occupied >> l.block & 1 == 0 {
                    return None;
                }
                out |= 1 << l.block;
            }
        }
        Some(out)
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.moves.capacity() * size_of::<WordMoves>()
            + self.rays.capacity() * size_of::<WordRay>()
            + self.lame.capacity() * size_of::<WordLame>()
    }

    /// How many moves the piece `m` has in `occ`: one per square it may end on, plus its
    /// double steps (moves of their own kind).
    #[inline(always)]
    pub(crate) fn count(&self, m: &WordMoves, occ: Occupancy) -> u32 {
        let all = occ.own | occ.enemy;
        let mut plain = m.plain;
        let mut quiet = m.quiet;
        let mut capture = m.capture;
        for r in &self.rays[m.rays.0 as usize..m.rays.1 as usize] {
            let a = ray_attack(r.mask, r.up, all);
            match r.flags & (MOVE | CAPTURE) {
                MOVE => quiet |= a,
                CAPTURE => capture |= a,
                _ => plain |= a,
            }
        }
        let mut doubles = 0;
        for l in &self.lame[m.lame.0 as usize..m.lame.1 as usize] {
            if l.flags & BLOCKED != 0 && all >> l.block & 1 != 0 {
                continue;
            }
            let to = 1u64 << l.to;
            if all & to == 0 {
                if l.flags & MOVE != 0 {
                    if l.flags & SETS_EP != 0 {
                        doubles += 1;
                    } else {
                        quiet |= to;
                    }
                }
            } else if l.flags & CAPTURE != 0 {
                capture |= to;
            }
        }
        (plain & !occ.own | quiet & !all | capture & occ.enemy).count_ones() + doubles
    }
}

/// The squares of the slide `r` before the square `bit` on it.
#[inline(always)]
fn between(r: &WordRay, bit: u64) -> u64 {
    if r.up {
        r.mask & (bit - 1)
    } else {
        r.mask & !(bit | (bit - 1))
    }
}

/// The squares a slide along `mask` reaches with `occupied` on the board: up to and including
/// the first occupied square, counted from the start of the ride.
#[inline(always)]
fn ray_attack(mask: u64, up: bool, occupied: u64) -> u64 {
    let blockers = mask & occupied;
    if blockers == 0 {
        mask
    } else if up {
        mask & (u64::MAX >> (63 - blockers.trailing_zeros()))
    } else {
        mask & (u64::MAX << (63 - blockers.leading_zeros()))
    }
}

/// A table ray as a word: a plain slide (no hop, may stop anywhere, any victim, no en passant)
/// whose squares run one way in square numbers, so its first blocker is one bit scan away.
fn word_ray(t: &TableArrays<'_>, r: &Ray, all: KindSet) -> Option<WordRay> {
    let squares = &t.ray_squares[r.start as usize..r.start as usize + r.len as usize];
    let ends = r.flags & (MOVE | CAPTURE);
    let simple = r.hop == Hop::None
        && r.flags & !(MOVE | CAPTURE) == 0
        && ends != 0
        && (ends & CAPTURE == 0 || r.victims == all)
        && squares.iter().all(|s| s.land);
    if !simple {
        return None;
    }
    let up = squares.windows(2).all(|w| w[0].sq < w[1].sq);
    let down = squares.windows(2).all(|w| w[0].sq > w[1].sq);
    if !up && !down {
        return None;
    }
    Some(WordRay {
        mask: squares.iter().fold(0, |m, s| m | 1u64 << s.sq),
        up,
        flags: ends,
    })
}
