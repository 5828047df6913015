//! The entries of the move tables: a piece's leaps, rays and multi-leg paths from one square, as
//! the flat records the table walk ([`super::tables`]) and the 64-bit words
//! ([`super::words`]) are both built from. Below both, so neither needs the other's types.

use crate::geometry::{Dimensions, SquareSet};
use crate::rules::{Hop, KindSet};

/// The move may end on an empty square.
pub(crate) const MOVE: u8 = 1;
/// The move may end on an enemy piece, capturing it.
pub(crate) const CAPTURE: u8 = 2;
/// A capture may be en passant.
pub(crate) const EP: u8 = 4;
/// A non-capturing move that lets the opponent capture en passant on the square passed.
pub(crate) const SETS_EP: u8 = 8;
/// A lame leap: blocked when `Leap::block` is occupied.
pub(crate) const BLOCKED: u8 = 16;
/// A plain leap: to an empty square or onto any enemy, never blocked, setting no en passant.
pub(crate) const PLAIN: u8 = 32;

/// Requirements on a square a multi-leg path passes.
pub(crate) const NEED_EMPTY: u8 = 1;
pub(crate) const NEED_ENEMY: u8 = 2;
pub(crate) const NEED_FRIEND: u8 = 4;

/// A leap, possibly lame (with [`BLOCKED`], it is blocked when `block` is occupied).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Leap {
    pub to: u8,
    pub block: u8,
    pub flags: u8,
    /// Kinds this move may capture (bit per kind).
    pub victims: KindSet,
}

/// A ride along a list of squares (a straight ray or a path).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub start: u32,
    pub len: u16,
    pub flags: u8,
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
    pub sq: u8,
    pub land: bool,
}

/// A multi-leg move with fixed squares: every step's requirement, then the destination.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathMove {
    pub start: u32,
    pub len: u8,
    pub to: u8,
    pub flags: u8,
    pub victims: KindSet,
    /// Kinds a step that passes over a piece may pass over (bit per kind).
    pub screens: KindSet,
}

/// One square a [`PathMove`] passes, with what must stand there; `capture` marks a locust capture.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathStep {
    pub sq: u8,
    pub need: u8,
    pub capture: bool,
}

/// Index ranges of one piece's moves from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SquareMoves {
    pub leaps: (u32, u32),
    pub rays: (u32, u32),
    pub paths: (u32, u32),
    /// Two entries may produce the same move: generation must remove duplicates.
    pub may_repeat: bool,
    /// A kind without promotion, with only leaps from here, each to an empty square or onto any
    /// enemy, none blocked: the moves are the reach (`Tables::reach`) less the mover's pieces.
    pub plain_leaper: bool,
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

/// The arrays of the table walk the word tables are built from, borrowed from
/// [`super::tables::Tables`] (the fields keep their names there).
pub(crate) struct TableArrays<'a> {
    pub dims: Dimensions,
    pub kinds: usize,
    pub entries: &'a [SquareMoves],
    pub leaps: &'a [Leap],
    pub rays: &'a [Ray],
    pub ray_squares: &'a [RaySquare],
    pub info: &'a [KindInfo],
}
