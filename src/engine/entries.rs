//! The entries of the move tables: a piece's leaps, rays and multi-leg paths from one square, as
//! the flat records the table walk ([`super::tables`]) and the 64-bit words
//! ([`super::words`]) are both built from. Below both, so neither needs the other's types.
//!
//! The records are read through typed accessors ([`MoveLists`], [`MoveFlags`], [`Need`]), never
//! by slicing index ranges or testing raw bits by hand.

use crate::geometry::{Dimensions, Square, SquareSet};
use crate::rules::{Hop, KindSet};
use std::ops::{BitAnd, BitOr, BitOrAssign, Range};

/// What a compiled move may do: where it may end and how it treats the squares it passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveFlags(u8);

impl MoveFlags {
    /// No flag.
    pub(crate) const NONE: MoveFlags = MoveFlags(0);
    /// The move may end on an empty square.
    pub(crate) const MOVE: MoveFlags = MoveFlags(1);
    /// The move may end on an enemy piece, capturing it.
    pub(crate) const CAPTURE: MoveFlags = MoveFlags(2);
    /// A capture may be en passant.
    pub(crate) const EP: MoveFlags = MoveFlags(4);
    /// A non-capturing move that lets the opponent capture en passant on the square passed.
    pub(crate) const SETS_EP: MoveFlags = MoveFlags(8);
    /// A lame leap: blocked when `Leap::block` is occupied.
    pub(crate) const BLOCKED: MoveFlags = MoveFlags(16);
    /// A plain leap: to an empty square or onto any enemy, never blocked, setting no en passant.
    pub(crate) const PLAIN: MoveFlags = MoveFlags(32);
    /// Either end: [`MoveFlags::MOVE`] and [`MoveFlags::CAPTURE`].
    pub(crate) const ENDS: MoveFlags = MoveFlags(3);

    /// Whether any flag of `f` is set.
    #[inline(always)]
    pub(crate) fn has(self, f: MoveFlags) -> bool {
        self.0 & f.0 != 0
    }
    /// It may end on an empty square.
    #[inline(always)]
    pub(crate) fn moves(self) -> bool {
        self.has(MoveFlags::MOVE)
    }
    /// It may end on an enemy, capturing it.
    #[inline(always)]
    pub(crate) fn captures(self) -> bool {
        self.has(MoveFlags::CAPTURE)
    }
    /// It may capture en passant.
    #[inline(always)]
    pub(crate) fn en_passant(self) -> bool {
        self.has(MoveFlags::EP)
    }
    /// It sets an en-passant target (a double step).
    #[inline(always)]
    pub(crate) fn sets_ep(self) -> bool {
        self.has(MoveFlags::SETS_EP)
    }
    /// It is a lame leap, blocked on its block square.
    #[inline(always)]
    pub(crate) fn blocked(self) -> bool {
        self.has(MoveFlags::BLOCKED)
    }
    /// It is a plain leap.
    #[inline(always)]
    pub(crate) fn plain(self) -> bool {
        self.has(MoveFlags::PLAIN)
    }
    /// Only its ends: [`MoveFlags::MOVE`], [`MoveFlags::CAPTURE`], both or none.
    #[inline(always)]
    pub(crate) fn ends(self) -> MoveFlags {
        MoveFlags(self.0 & MoveFlags::ENDS.0)
    }
    /// These flags without those of `f`.
    #[inline(always)]
    pub(crate) fn without(self, f: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 & !f.0)
    }
    /// The flags `MOVE` and/or `CAPTURE` as two answers.
    #[inline]
    pub(crate) fn of_ends(empty: bool, enemy: bool) -> MoveFlags {
        MoveFlags(u8::from(empty) | u8::from(enemy) << 1)
    }
    /// `f` when `yes`, else none.
    #[inline]
    pub(crate) fn when(yes: bool, f: MoveFlags) -> MoveFlags {
        if yes {
            f
        } else {
            MoveFlags::NONE
        }
    }
}

impl BitOr for MoveFlags {
    type Output = MoveFlags;
    #[inline(always)]
    fn bitor(self, o: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 | o.0)
    }
}

impl BitOrAssign for MoveFlags {
    #[inline(always)]
    fn bitor_assign(&mut self, o: MoveFlags) {
        self.0 |= o.0;
    }
}

impl BitAnd for MoveFlags {
    type Output = MoveFlags;
    #[inline(always)]
    fn bitand(self, o: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 & o.0)
    }
}

/// What a square a multi-leg path passes may hold (a set of the three), or what one holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Need(u8);

impl Need {
    /// Nothing may stand there (no way through).
    pub(crate) const NONE: Need = Need(0);
    /// An empty square.
    pub(crate) const EMPTY: Need = Need(1);
    /// An enemy piece.
    pub(crate) const ENEMY: Need = Need(2);
    /// A friendly piece.
    pub(crate) const FRIEND: Need = Need(4);

    /// Whether the two share a possibility (a square's content meets a need).
    #[inline(always)]
    pub(crate) fn meets(self, o: Need) -> bool {
        self.0 & o.0 != 0
    }
    /// Either.
    #[inline(always)]
    pub(crate) fn or(self, o: Need) -> Need {
        Need(self.0 | o.0)
    }
}

/// An index range into one of the lists of [`MoveLists`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The items from `start` up to (not including) `end`.
    #[inline]
    pub(crate) fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
    /// Whether it holds no item.
    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.start == self.end
    }
    #[inline(always)]
    pub(crate) fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A leap, possibly lame (blocked when `block` is occupied).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leap {
    pub to: Square,
    pub block: Square,
    pub flags: MoveFlags,
    /// Kinds this move may capture (bit per kind).
    pub victims: KindSet,
}

impl Leap {
    /// The square that blocks it when occupied, for a lame leap.
    #[inline]
    pub(crate) fn blocker(&self) -> Option<Square> {
        self.flags.blocked().then_some(self.block)
    }
}

/// A ride along a list of squares (a straight ray or a path).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// Its squares in [`MoveLists`], nearest first.
    pub squares: Span,
    pub flags: MoveFlags,
    pub hop: Hop,
    pub victims: KindSet,
    /// Kinds that may serve as the screen of a hop (bit per kind; `not-over` clears bits).
    pub screens: KindSet,
    /// The step of a straight ray, in files and ranks; (0, 0) for a ray along a named path.
    pub step: (i8, i8),
    /// Whether `step` is straight and primitive, so [`Ray::may_pass`] can rule squares out.
    pub primitive: bool,
    /// A plain slide: it may stop on every square, moving or capturing any enemy, and sets no
    /// en passant, so generation needs no test but the board's.
    pub plain: bool,
}

impl Ray {
    /// Whether the ray could pass the square `(df, dr)` files and ranks away from its start: for
    /// a straight ray with a step that is no multiple of a smaller one, whether that square lies
    /// in its direction; another ray (a named path, a step like (2, 2)) may pass anything.
    #[inline]
    pub(crate) fn may_pass(&self, df: i32, dr: i32) -> bool {
        let (sf, sr) = (self.step.0 as i32, self.step.1 as i32);
        if !self.primitive {
            return true;
        }
        // Collinear and pointing the same way; a primitive step reaches every such square.
        df * sr == dr * sf && df * sf + dr * sr > 0
    }
}

/// A square of a ray; `land` is false where the piece may pass but not stop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RaySquare {
    pub sq: Square,
    pub land: bool,
}

/// A multi-leg move with fixed squares: every step's requirement, then the destination.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathMove {
    /// Its steps in [`MoveLists`], in order.
    pub steps: Span,
    pub to: Square,
    pub flags: MoveFlags,
    pub victims: KindSet,
    /// Kinds a step that passes over a piece may pass over (bit per kind).
    pub screens: KindSet,
}

/// One square a [`PathMove`] passes, with what must stand there; `capture` marks a locust capture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathStep {
    pub sq: Square,
    pub need: Need,
    pub capture: bool,
}

/// Index ranges of one piece's moves from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SquareMoves {
    pub leaps: Span,
    pub rays: Span,
    pub paths: Span,
    /// Two entries may produce the same move: generation must remove duplicates.
    pub may_repeat: bool,
    /// A kind without promotion, with only leaps from here, each to an empty square or onto any
    /// enemy, none blocked: the moves are the reach (`Tables::reach`) less the mover's pieces.
    pub plain_leaper: bool,
}

impl SquareMoves {
    /// Whether the piece has no move at all from here.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.leaps.is_empty() && self.rays.is_empty() && self.paths.is_empty()
    }
    /// Whether all its moves are leaps.
    #[inline]
    pub(crate) fn leaps_only(&self) -> bool {
        self.rays.is_empty() && self.paths.is_empty()
    }
}

/// The flat lists every table entry points into: leaps, rays and their squares, paths and their
/// steps. All reading goes through the accessors, which take the entry a range belongs to.
#[derive(Debug, Default)]
pub(crate) struct MoveLists {
    leaps: Vec<Leap>,
    rays: Vec<Ray>,
    ray_squares: Vec<RaySquare>,
    paths: Vec<PathMove>,
    path_steps: Vec<PathStep>,
}

/// Where each list stands: an entry's ranges are the lists' growth between two marks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    leaps: usize,
    rays: usize,
    paths: usize,
}

impl MoveLists {
    /// The leaps of an entry.
    #[inline(always)]
    pub(crate) fn leaps(&self, e: &SquareMoves) -> &[Leap] {
        &self.leaps[e.leaps.range()]
    }
    /// The rays of an entry.
    #[inline(always)]
    pub(crate) fn rays(&self, e: &SquareMoves) -> &[Ray] {
        &self.rays[e.rays.range()]
    }
    /// The multi-leg paths of an entry.
    #[inline(always)]
    pub(crate) fn paths(&self, e: &SquareMoves) -> &[PathMove] {
        &self.paths[e.paths.range()]
    }
    /// The squares of a ray, nearest first.
    #[inline(always)]
    pub(crate) fn squares(&self, r: &Ray) -> &[RaySquare] {
        &self.ray_squares[r.squares.range()]
    }
    /// The steps of a path, in order.
    #[inline(always)]
    pub(crate) fn steps(&self, p: &PathMove) -> &[PathStep] {
        &self.path_steps[p.steps.range()]
    }

    /// Where the lists stand now, to make an entry of what is pushed after.
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            leaps: self.leaps.len(),
            rays: self.rays.len(),
            paths: self.paths.len(),
        }
    }
    /// The entry of everything pushed since `m`.
    pub(crate) fn since(&self, m: Mark) -> SquareMoves {
        SquareMoves {
            leaps: Span::new(m.leaps, self.leaps.len()),
            rays: Span::new(m.rays, self.rays.len()),
            paths: Span::new(m.paths, self.paths.len()),
            may_repeat: false,
            plain_leaper: false,
        }
    }
    /// Adds a leap.
    pub(crate) fn push_leap(&mut self, l: Leap) {
        self.leaps.push(l);
    }
    /// Adds a ray over `squares` (its `squares` span is set here).
    pub(crate) fn push_ray(&mut self, mut r: Ray, squares: impl IntoIterator<Item = RaySquare>) {
        let start = self.ray_squares.len();
        self.ray_squares.extend(squares);
        r.squares = Span::new(start, self.ray_squares.len());
        self.rays.push(r);
    }
    /// Adds a path through `steps` (its `steps` span is set here).
    pub(crate) fn push_path(&mut self, mut p: PathMove, steps: &[PathStep]) {
        let start = self.path_steps.len();
        self.path_steps.extend_from_slice(steps);
        p.steps = Span::new(start, self.path_steps.len());
        self.paths.push(p);
    }
    /// Every leap and every ray, to mark the plain ones once all are built.
    pub(crate) fn mark_plain(
        &mut self,
        leap: impl Fn(&Leap) -> bool,
        ray: impl Fn(&Ray, &[RaySquare]) -> bool,
    ) {
        for l in &mut self.leaps {
            if leap(l) {
                l.flags |= MoveFlags::PLAIN;
            }
        }
        for r in &mut self.rays {
            r.plain = ray(r, &self.ray_squares[r.squares.range()]);
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.leaps.capacity() * size_of::<Leap>()
            + self.rays.capacity() * size_of::<Ray>()
            + self.ray_squares.capacity() * size_of::<RaySquare>()
            + self.paths.capacity() * size_of::<PathMove>()
            + self.path_steps.capacity() * size_of::<PathStep>()
    }
}

/// Per (player, kind) facts used by generation.
#[derive(Clone, Debug, Default)]
pub(crate) struct KindInfo {
    /// Squares from which the piece has no move at all (must promote there, may not be dropped there).
    pub stuck: SquareSet,
    /// Promotion zone (empty if none).
    pub promo_zone: SquareSet,
    /// Drop zone for this kind (all squares when unrestricted).
    pub drop_zone: SquareSet,
    /// Squares where the kind stands in the start position (for `i` moves).
    pub initial: SquareSet,
}

/// The parts of [`super::tables::Tables`] the word tables are built from.
pub(crate) struct TableArrays<'a> {
    pub dims: Dimensions,
    pub kinds: usize,
    pub entries: &'a [SquareMoves],
    pub lists: &'a MoveLists,
    pub info: &'a [KindInfo],
}
