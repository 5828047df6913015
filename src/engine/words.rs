//! Boards of at most 64 squares: a piece's moves as 64-bit square sets, counted by bit
//! operations at perft's last ply instead of walking the tables square by square.
//!
//! A square set of the engine holds 256 squares (boards up to 16x16); on a board of 64 squares
//! or fewer every square is a bit of the first word, and a ride is cut at its first blocker with
//! one bit scan. Only moves that are one landing each are counted this way: leaps and slides
//! that end on an empty square, an enemy of any kind or either, lame leaps, double steps. A
//! piece with anything else from a square (hops, multi-leg paths, captures restricted by kind,
//! promotion, en passant while a target is set) keeps the table walk.

use super::entries::{Leap, MoveFlags, Ray, Span, SquareMoves, TableArrays};
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
    /// [`WordTables::lame`] (read through [`WordTables::rays_of`] and [`WordTables::lame_of`]).
    rays: Span,
    lame: Span,
}

/// A slide as a word: its squares, whether they run towards higher square numbers, and where it
/// may end (its [`MoveFlags::ends`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordRay {
    pub mask: u64,
    pub up: bool,
    pub flags: MoveFlags,
}

/// A leap blocked when `block` is occupied, or a double step (which passes `block`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordLame {
    pub to: Square,
    pub block: Square,
    pub flags: MoveFlags,
}

/// The word tables of a board of at most 64 squares (empty otherwise).
#[derive(Debug, Default)]
pub(crate) struct WordTables {
    /// Indexed like [`super::tables::Tables::entries`].
    pub moves: Vec<WordMoves>,
    rays: Vec<WordRay>,
    lame: Vec<WordLame>,
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
    /// The slides of `m`.
    #[inline(always)]
    fn rays_of(&self, m: &WordMoves) -> &[WordRay] {
        &self.rays[m.rays.range()]
    }

    /// The lame leaps and double steps of `m`.
    #[inline(always)]
    fn lame_of(&self, m: &WordMoves) -> &[WordLame] {
        &self.lame[m.lame.range()]
    }

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
        let (rays_from, lame_from) = (self.rays.len(), self.lame.len());
        let mut m = WordMoves {
            rays: Span::new(rays_from, rays_from),
            lame: Span::new(lame_from, lame_from),
            ..WordMoves::default()
        };
        // Entries exist for all 256 square numbers; those past the 64-bit word have no bit.
        let bit = |s: Square| 1u64.checked_shl(u32::from(s.0)).unwrap_or(0);
        // Promotion: a move from the zone, or into it, may promote.
        let mut landings = 0u64;
        let leaps = t.lists.leaps(e);
        let rays = t.lists.rays(e);
        let countable_leap = |l: &Leap| {
            (!l.flags.captures() || l.victims == all)
                && (!l.flags.sets_ep() || !e.may_repeat)
                && l.flags.has(MoveFlags::ENDS | MoveFlags::EP)
        };
        if !e.paths.is_empty() || !leaps.iter().all(countable_leap) {
            return m;
        }
        for l in leaps {
            landings |= bit(l.to);
            if l.flags.en_passant() {
                m.ep_to |= bit(l.to);
            }
            let ends = l.flags.ends();
            if l.flags.has(MoveFlags::BLOCKED | MoveFlags::SETS_EP) {
                self.lame.push(WordLame {
                    to: l.to,
                    block: l.block,
                    flags: l.flags,
                });
            } else if ends == MoveFlags::ENDS {
                m.plain |= bit(l.to);
            } else if ends == MoveFlags::MOVE {
                m.quiet |= bit(l.to);
            } else if ends == MoveFlags::CAPTURE {
                m.capture |= bit(l.to);
            }
        }
        for r in rays {
            let Some(ray) = word_ray(t, r, all) else {
                self.rays.truncate(rays_from);
                self.lame.truncate(lame_from);
                return m;
            };
            landings |= ray.mask;
            self.rays.push(ray);
        }
        m.rays = Span::new(rays_from, self.rays.len());
        m.lame = Span::new(lame_from, self.lame.len());
        m.simple = true;
        m.countable = zone & (landings | bit(from)) == 0;
        m
    }

    /// Whether the simple piece `m` attacks `target` with `occupied` on the board.
    #[inline]
    pub(crate) fn attacks(&self, m: &WordMoves, target: Square, occupied: u64) -> bool {
        let bit = 1u64 << target.0;
        if (m.plain | m.capture) & bit != 0 {
            return true;
        }
        self.rays_of(m)
            .iter()
            .any(|r| r.flags.captures() && r.mask & bit != 0 && between(r, bit) & occupied == 0)
            || self.lame_of(m).iter().any(|l| {
                l.to == target
                    && l.flags.captures()
                    && (!l.flags.blocked() || occupied >> l.block.0 & 1 == 0)
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
        for r in self.rays_of(m) {
            if !r.flags.captures() || r.mask & bit == 0 {
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
        for l in self.lame_of(m) {
            if l.to == target && l.flags.captures() {
                if !l.flags.blocked() || occupied >> l.block.0 & 1 == 0 {
                    return None;
                }
                out |= 1 << l.block.0;
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
        for r in self.rays_of(m) {
            let a = ray_attack(r.mask, r.up, all);
            match r.flags.ends() {
                MoveFlags::MOVE => quiet |= a,
                MoveFlags::CAPTURE => capture |= a,
                _ => plain |= a,
            }
        }
        let mut doubles = 0;
        for l in self.lame_of(m) {
            if l.flags.blocked() && all >> l.block.0 & 1 != 0 {
                continue;
            }
            let to = 1u64 << l.to.0;
            if all & to == 0 {
                if l.flags.moves() {
                    if l.flags.sets_ep() {
                        doubles += 1;
                    } else {
                        quiet |= to;
                    }
                }
            } else if l.flags.captures() {
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
    let squares = t.lists.squares(r);
    let ends = r.flags.ends();
    let simple = r.hop == Hop::None
        && r.flags == ends
        && ends != MoveFlags::NONE
        && (!ends.captures() || r.victims == all)
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
        mask: squares.iter().fold(0, |m, s| m | 1u64 << s.sq.0),
        up,
        flags: ends,
    })
}
