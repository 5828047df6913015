//! A piece's moves as bit sets, one bit per square: counted by bit operations at perft's last
//! ply and read by the attack tests, instead of walking the tables square by square.
//!
//! The sets are as wide as the board needs ([`BitBoard`]: a `u64` on a board of at most 64
//! squares, [`Wide`] otherwise), chosen once when the engine is built ([`Words`]). A ride is cut
//! at its first blocker with one bit scan. Only moves that are one landing each are held this
//! way: leaps and slides that end on an empty square, an enemy of any kind or either, lame
//! leaps, double steps. A piece with anything else from a square (hops, multi-leg paths,
//! captures restricted by kind, promotion, en passant while a target is set) keeps the table
//! walk.

use super::bitboard::{BitBoard, Wide};
use super::entries::{Leap, MoveFlags, Ray, Span, SquareMoves, TableArrays};
use super::position::Position;
use crate::geometry::{Player, Square};
use crate::rules::{Hop, KindSet, PromotionMode, RuleSet};

/// One piece's moves from one square as words; `countable` false when the table walk must do.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WordMoves<B> {
    /// Every move from here is a leap or a slide the words hold (so its attacks are in them).
    pub simple: bool,
    /// Simple, and no move from here promotes: the moves are counted from the words.
    pub countable: bool,
    /// Where an en-passant capture may land: the walk does the piece's moves while the
    /// position's en-passant target is one of these.
    pub ep_to: B,
    /// Unblockable leaps ending on an empty square or an enemy; on an empty square only; on an
    /// enemy only.
    pub plain: B,
    pub quiet: B,
    pub capture: B,
    /// Index range of the slides in [`WordTables::rays`] and of the lame leaps in
    /// [`WordTables::lame`] (read through [`WordTables::rays_of`] and [`WordTables::lame_of`]).
    rays: Span,
    lame: Span,
}

/// A slide as a word: its squares, whether they run towards higher square numbers, and where it
/// may end (its [`MoveFlags::ends`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WordRay<B> {
    pub mask: B,
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

/// The word tables of a board, in sets of one width.
#[derive(Debug, Default)]
pub(crate) struct WordTables<B> {
    /// Indexed like [`super::tables::Tables::entries`].
    moves: Vec<WordMoves<B>>,
    rays: Vec<WordRay<B>>,
    lame: Vec<WordLame>,
}

/// The word tables in the width the board needs, chosen once when the engine is built: the
/// generator is compiled for each width, and the engine's entry points pick the one built.
#[derive(Debug)]
pub(crate) enum Words {
    /// A board of at most 64 squares.
    Narrow(WordTables<u64>),
    /// A board of 65 to 128 squares.
    Middle(WordTables<u128>),
    /// A larger board, or a small one built wide for tests.
    Wide(WordTables<Wide>),
}

/// How to build the word tables: the engine's own choice, or another for tests that every way
/// gives the same answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Build {
    /// As narrow as the board allows: the engine's choice.
    Fit,
    /// In the wide sets, whatever the board's size.
    Wide,
    /// As narrow as the board allows, but no piece simple: every move, count and attack test
    /// walks the move tables.
    WalkOnly,
}

impl Words {
    /// The word tables of `t`, built as `how` says.
    pub(crate) fn build(rules: &RuleSet, t: &TableArrays<'_>, how: Build) -> Words {
        let squares = t.dims.files as usize * t.dims.ranks as usize;
        let walk = how == Build::WalkOnly;
        if squares <= u64::SQUARES && how != Build::Wide {
            Words::Narrow(WordTables::build(rules, t, walk))
        } else if squares <= u128::SQUARES && how != Build::Wide {
            Words::Middle(WordTables::build(rules, t, walk))
        } else {
            Words::Wide(WordTables::build(rules, t, walk))
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Words::Narrow(w) => w.bytes(),
            Words::Middle(w) => w.bytes(),
            Words::Wide(w) => w.bytes(),
        }
    }
}

/// The occupancy of one position from the mover's side, as words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occupancy<B> {
    own: B,
    enemy: B,
}

impl<B: BitBoard> Occupancy<B> {
    /// Every occupied square of `pos`.
    #[inline]
    pub(crate) fn all(pos: &Position) -> B {
        B::of(&pos.occupied[Player::First])
            | B::of(&pos.occupied[Player::Second])
            | B::of(&pos.walls)
    }

    /// The occupancy of `pos` for `us`.
    #[inline]
    pub(crate) fn of(pos: &Position, us: Player) -> Occupancy<B> {
        // Walls count as the mover's own: no move lands on them, and they block.
        Occupancy {
            own: B::of(&pos.occupied[us]) | B::of(&pos.walls),
            enemy: B::of(&pos.occupied[us.other()]),
        }
    }
}

impl<B: BitBoard> WordTables<B> {
    /// The slides of `m`.
    #[inline(always)]
    fn rays_of(&self, m: &WordMoves<B>) -> &[WordRay<B>] {
        &self.rays[m.rays.range()]
    }

    /// The lame leaps and double steps of `m`.
    #[inline(always)]
    fn lame_of(&self, m: &WordMoves<B>) -> &[WordLame] {
        &self.lame[m.lame.range()]
    }

    /// The moves of the piece of entry `i` (indexed like the tables' entries).
    #[inline(always)]
    pub(crate) fn moves(&self, i: usize) -> &WordMoves<B> {
        &self.moves[i]
    }

    /// The word tables of `tables`, on a board of at most [`BitBoard::SQUARES`] squares; with no
    /// piece simple when `walk` (every answer then comes from the table walk).
    fn build(rules: &RuleSet, t: &TableArrays<'_>, walk: bool) -> WordTables<B> {
        let mut w = WordTables {
            moves: Vec::new(),
            rays: Vec::new(),
            lame: Vec::new(),
        };
        let all = KindSet::first(t.kinds);
        let squares = (t.dims.files as usize * t.dims.ranks as usize).min(B::SQUARES);
        w.moves = vec![WordMoves::default(); t.entries.len()];
        if walk {
            return w;
        }
        for (i, e) in t.entries.iter().enumerate() {
            let kind = (i / 256) % t.kinds;
            let from = Square::from_index((i % 256) as u8);
            // The entries of squares off the board are empty and never read.
            if from.index() >= squares {
                continue;
            }
            let zone = match &rules.pieces[kind].promotion {
                None => B::EMPTY,
                Some(pr) if pr.mode == PromotionMode::InPlace => B::EMPTY,
                Some(_) => B::of(&t.info[i / 256].promo_zone),
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
        zone: B,
        all: KindSet,
    ) -> WordMoves<B> {
        let (rays_from, lame_from) = (self.rays.len(), self.lame.len());
        let mut m = WordMoves {
            rays: Span::new(rays_from, rays_from),
            lame: Span::new(lame_from, lame_from),
            ..WordMoves::default()
        };
        let bit = B::bit;
        // Promotion: a move from the zone, or into it, may promote.
        let mut landings = B::EMPTY;
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
        m.countable = (zone & (landings | bit(from))).is_empty();
        m
    }

    /// Whether the simple piece `m` attacks `target` with `occupied` on the board.
    #[inline]
    pub(crate) fn attacks(&self, m: &WordMoves<B>, target: Square, occupied: B) -> bool {
        if (m.plain | m.capture).has(target) {
            return true;
        }
        self.rays_of(m).iter().any(|r| {
            r.flags.captures() && r.mask.has(target) && (between(r, target) & occupied).is_empty()
        }) || self.lame_of(m).iter().any(|l| {
            l.to == target && l.flags.captures() && (!l.flags.blocked() || !occupied.has(l.block))
        })
    }

    /// The squares of `occupied` whose piece alone keeps the simple piece `m` from attacking
    /// `target` (the one blocker of a slide, the block of a lame leap); `None` when it attacks.
    pub(crate) fn shields(&self, m: &WordMoves<B>, target: Square, occupied: B) -> Option<B> {
        if (m.plain | m.capture).has(target) {
            return None;
        }
        let mut out = B::EMPTY;
        for r in self.rays_of(m) {
            if !r.flags.captures() || !r.mask.has(target) {
                continue;
            }
            let blockers = between(r, target) & occupied;
            if blockers.is_empty() {
                return None;
            }
            if blockers.is_single() {
                out |= blockers;
            }
        }
        for l in self.lame_of(m) {
            if l.to == target && l.flags.captures() {
                if !l.flags.blocked() || !occupied.has(l.block) {
                    return None;
                }
                out |= B::bit(l.block);
            }
        }
        Some(out)
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.moves.capacity() * size_of::<WordMoves<B>>()
            + self.rays.capacity() * size_of::<WordRay<B>>()
            + self.lame.capacity() * size_of::<WordLame>()
    }

    /// [`WordTables::count`], and the squares the piece attacks: where it could capture, own
    /// pieces included (so they count as defended).
    #[inline(always)]
    pub(crate) fn count_attacks(&self, m: &WordMoves<B>, occ: Occupancy<B>) -> (u32, B) {
        let all = occ.own | occ.enemy;
        let mut plain = m.plain;
        let mut quiet = m.quiet;
        let mut capture = m.capture;
        for r in self.rays_of(m) {
            let a = B::ray_attack(r.mask, r.up, all);
            match r.flags.ends() {
                MoveFlags::MOVE => quiet |= a,
                MoveFlags::CAPTURE => capture |= a,
                _ => plain |= a,
            }
        }
        let mut doubles = 0;
        for l in self.lame_of(m) {
            if l.flags.blocked() && all.has(l.block) {
                continue;
            }
            let to = B::bit(l.to);
            if l.flags.captures() {
                capture |= to;
            }
            if (all & to).is_empty() && l.flags.moves() {
                if l.flags.sets_ep() {
                    doubles += 1;
                } else {
                    quiet |= to;
                }
            }
        }
        let n = (plain & !occ.own | quiet & !all | capture & occ.enemy).count() + doubles;
        (n, plain | capture)
    }

    /// The squares the simple piece `m` attacks with `all` occupied: where it could capture,
    /// own pieces included (the part of [`WordTables::count_attacks`] without the count).
    pub(crate) fn attack_set(&self, m: &WordMoves<B>, all: B) -> B {
        let mut att = m.plain | m.capture;
        for r in self.rays_of(m) {
            if r.flags.captures() {
                att |= B::ray_attack(r.mask, r.up, all);
            }
        }
        for l in self.lame_of(m) {
            if l.flags.captures() && !(l.flags.blocked() && all.has(l.block)) {
                att |= B::bit(l.to);
            }
        }
        att
    }

    /// How many moves the piece `m` has in `occ`: one per square it may end on, plus its
    /// double steps (moves of their own kind).
    #[inline(always)]
    pub(crate) fn count(&self, m: &WordMoves<B>, occ: Occupancy<B>) -> u32 {
        // The attack set is left unused, and the compiler drops what only it needs.
        self.count_attacks(m, occ).0
    }
}

/// The squares of the slide `r` before the square `target` on it.
#[inline(always)]
fn between<B: BitBoard>(r: &WordRay<B>, target: Square) -> B {
    if r.up {
        r.mask & B::below(target)
    } else {
        r.mask & B::above(target)
    }
}

/// A table ray as a word: a plain slide (no hop, may stop anywhere, any victim, no en passant)
/// whose squares run one way in square numbers, so its first blocker is one bit scan away.
fn word_ray<B: BitBoard>(t: &TableArrays<'_>, r: &Ray, all: KindSet) -> Option<WordRay<B>> {
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
        mask: squares.iter().fold(B::EMPTY, |m, s| m | B::bit(s.sq)),
        up,
        flags: ends,
    })
}
