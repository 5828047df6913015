//! The bit sets the move generator computes with: one bit per square, as wide as the board
//! needs. A board of at most 64 squares uses a `u64`, one of at most 128 (xiangqi's 90, shogi's
//! 81, a 10x10 board) a `u128`, and a larger one (up to 256 squares) the wide set [`Wide`]. The engine picks the width once, when it is built, and the generator is compiled
//! once for each width, so no move, count or attack test asks the board's size again.

use crate::geometry::{Square, SquareSet};
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares, one bit per square number, of a fixed width.
pub(crate) trait BitBoard:
    Copy
    + Default
    + Eq
    + Debug
    + Send
    + Sync
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + BitOrAssign
    + BitAndAssign
    + Not<Output = Self>
    + 'static
{
    /// How many square numbers it holds: a board of more squares needs a wider set.
    const SQUARES: usize;
    /// No square.
    const EMPTY: Self;
    /// The squares of `set` (those this width holds).
    fn of(set: &SquareSet) -> Self;
    /// The same squares as a [`SquareSet`].
    fn to_set(self) -> SquareSet;
    /// The one square `s`.
    fn bit(s: Square) -> Self;
    /// Whether `s` is in the set.
    fn has(self, s: Square) -> bool;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// How many squares it holds.
    fn count(self) -> u32;
    /// Whether it holds exactly one square.
    fn is_single(self) -> bool;
    /// Every square numbered below `s`.
    fn below(s: Square) -> Self;
    /// Every square numbered above `s`.
    fn above(s: Square) -> Self;
    /// Every square up to and including its lowest (a non-empty set).
    fn through_first(self) -> Self;
    /// Every square from its highest on (a non-empty set).
    fn through_last(self) -> Self;
    /// Takes out its lowest square.
    fn pop_first(&mut self) -> Option<Square>;

    /// The squares a slide along `mask` reaches with `occupied` on the board: up to and
    /// including the first occupied square, counted from the start of the ride (towards higher
    /// square numbers when `up`).
    #[inline(always)]
    fn ray_attack(mask: Self, up: bool, occupied: Self) -> Self {
        let blockers = mask & occupied;
        if blockers.is_empty() {
            mask
        } else if up {
            mask & blockers.through_first()
        } else {
            mask & blockers.through_last()
        }
    }
}

impl BitBoard for u64 {
    const SQUARES: usize = 64;
    const EMPTY: u64 = 0;
    #[inline(always)]
    fn of(set: &SquareSet) -> u64 {
        set.0[0]
    }
    #[inline]
    fn to_set(self) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        s.0[0] = self;
        s
    }
    /// Every square of a board of this width is below 64.
    #[inline(always)]
    fn bit(s: Square) -> u64 {
        1u64 << (s.byte() & 63)
    }
    #[inline(always)]
    fn has(self, s: Square) -> bool {
        self >> (s.byte() & 63) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
    #[inline(always)]
    fn below(s: Square) -> u64 {
        u64::bit(s) - 1
    }
    #[inline(always)]
    fn above(s: Square) -> u64 {
        !(u64::bit(s) | (u64::bit(s) - 1))
    }
    #[inline(always)]
    fn through_first(self) -> u64 {
        u64::MAX >> (63 - self.trailing_zeros())
    }
    #[inline(always)]
    fn through_last(self) -> u64 {
        u64::MAX << (63 - self.leading_zeros())
    }
    #[inline(always)]
    fn pop_first(&mut self) -> Option<Square> {
        if *self == 0 {
            return None;
        }
        let s = Square::from_index(self.trailing_zeros() as u8);
        *self &= *self - 1;
        Some(s)
    }
}

/// Boards of 65 to 128 squares: two machine words, which the compiler keeps in registers (the
/// four-word [`Wide`] set costs xiangqi about a tenth more instructions in perft).
impl BitBoard for u128 {
    const SQUARES: usize = 128;
    const EMPTY: u128 = 0;
    #[inline(always)]
    fn of(set: &SquareSet) -> u128 {
        set.0[0] as u128 | (set.0[1] as u128) << 64
    }
    #[inline]
    fn to_set(self) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        s.0[0] = self as u64;
        s.0[1] = (self >> 64) as u64;
        s
    }
    /// Every square of a board of this width is below 128. Built from one 64-bit shift and a
    /// word select, not a 128-bit shift (several dependent instructions on x86-64).
    #[inline(always)]
    fn bit(s: Square) -> u128 {
        let b = s.byte() & 127;
        let one = 1u64 << (b & 63);
        let high = ((b >> 6) as u64).wrapping_neg();
        (one & !high) as u128 | ((one & high) as u128) << 64
    }
    #[inline(always)]
    fn has(self, s: Square) -> bool {
        let b = s.byte() & 127;
        let word = if b < 64 {
            self as u64
        } else {
            (self >> 64) as u64
        };
        word >> (b & 63) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
    #[inline(always)]
    fn below(s: Square) -> u128 {
        u128::bit(s) - 1
    }
    #[inline(always)]
    fn above(s: Square) -> u128 {
        !(u128::bit(s) | (u128::bit(s) - 1))
    }
    /// The bits up to the lowest: no bit scan needed.
    #[inline(always)]
    fn through_first(self) -> u128 {
        self ^ self.wrapping_sub(1)
    }
    #[inline(always)]
    fn through_last(self) -> u128 {
        let top = Square::from_index(127 - self.leading_zeros() as u8);
        !u128::below(top)
    }
    #[inline(always)]
    fn pop_first(&mut self) -> Option<Square> {
        if *self == 0 {
            return None;
        }
        let s = Square::from_index(self.trailing_zeros() as u8);
        *self &= *self - 1;
        Some(s)
    }
}

/// A set of up to 256 squares (boards up to 16x16), as four 64-bit words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wide([u64; 4]);

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl BitBoard for Wide {
    const SQUARES: usize = 256;
    const EMPTY: Wide = Wide([0; 4]);
    #[inline(always)]
    fn of(set: &SquareSet) -> Wide {
        Wide(set.0)
    }
    #[inline(always)]
    fn to_set(self) -> SquareSet {
        SquareSet(self.0)
    }
    #[inline(always)]
    fn bit(s: Square) -> Wide {
        let mut w = Wide::EMPTY;
        w.0[s.index() >> 6] = 1 << (s.byte() & 63);
        w
    }
    #[inline(always)]
    fn has(self, s: Square) -> bool {
        self.0[s.index() >> 6] >> (s.byte() & 63) & 1 != 0
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn is_single(self) -> bool {
        self.count() == 1
    }
    #[inline(always)]
    fn below(s: Square) -> Wide {
        let (i, b) = (s.index() >> 6, s.byte() & 63);
        Wide(std::array::from_fn(|j| match j.cmp(&i) {
            std::cmp::Ordering::Less => u64::MAX,
            std::cmp::Ordering::Equal => (1u64 << b) - 1,
            std::cmp::Ordering::Greater => 0,
        }))
    }
    #[inline(always)]
    fn above(s: Square) -> Wide {
        !(Wide::below(s) | Wide::bit(s))
    }
    #[inline(always)]
    fn through_first(self) -> Wide {
        match self.0.iter().position(|&w| w != 0) {
            Some(i) => {
                let b = self.0[i].trailing_zeros() as u8;
                Wide::below(Square::from_index((i as u8) << 6 | b))
                    | Wide::bit(Square::from_index((i as u8) << 6 | b))
            }
            None => Wide::EMPTY,
        }
    }
    #[inline(always)]
    fn through_last(self) -> Wide {
        match self.0.iter().rposition(|&w| w != 0) {
            Some(i) => {
                let b = 63 - self.0[i].leading_zeros() as u8;
                !Wide::below(Square::from_index((i as u8) << 6 | b))
            }
            None => Wide::EMPTY,
        }
    }
    #[inline(always)]
    fn pop_first(&mut self) -> Option<Square> {
        let i = self.0.iter().position(|&w| w != 0)?;
        let w = self.0[i];
        self.0[i] = w & (w - 1);
        Some(Square::from_index(
            (i as u8) << 6 | w.trailing_zeros() as u8,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wide set's operations give, on every square of the first word, what the `u64`'s give.
    #[test]
    fn the_wide_set_agrees_with_the_u64_on_the_first_64_squares() {
        let sets = [1u64, 0x8000_0000_0000_0001, 0x00f0_0000_1000_0100, u64::MAX];
        for s in 0..64u8 {
            let sq = Square::from_index(s);
            let lo = |w: Wide| w.0[0];
            assert_eq!(lo(Wide::bit(sq)), u64::bit(sq));
            assert_eq!(lo(Wide::below(sq)), u64::below(sq));
            assert_eq!(lo(Wide::above(sq)), u64::above(sq));
            assert_eq!(Wide::above(sq).0[1..], [u64::MAX; 3]);
            for &x in &sets {
                let w = Wide::of(&u64::to_set(x));
                assert_eq!(lo(w.through_first()), x.through_first());
                assert_eq!(w.through_first().0[1..], [0; 3]);
                assert_eq!(lo(w.through_last()), x.through_last());
                assert_eq!(w.through_last().0[1..], [u64::MAX; 3]);
                assert_eq!(w.count(), x.count());
                assert_eq!(w.is_single(), x.is_single());
            }
        }
    }

    /// Across word boundaries: a slide's reach is cut at its first blocker, whichever word
    /// holds it.
    #[test]
    fn a_wide_slide_stops_at_its_first_blocker_across_words() {
        let mask: Wide = [10u8, 70, 130, 200]
            .iter()
            .fold(Wide::EMPTY, |m, &s| m | Wide::bit(Square::from_index(s)));
        let occupied = Wide::bit(Square::from_index(130));
        let up = Wide::ray_attack(mask, true, occupied);
        assert_eq!(
            up,
            Wide::bit(Square::from_index(10)) | Wide::bit(Square::from_index(70)) | occupied
        );
        let down = Wide::ray_attack(mask, false, occupied);
        assert_eq!(down, Wide::bit(Square::from_index(200)) | occupied);
        let mut all = mask;
        let mut seen = Vec::new();
        while let Some(s) = all.pop_first() {
            seen.push(s.byte());
        }
        assert_eq!(seen, [10, 70, 130, 200]);
    }
    /// The `u128` agrees with the wide set on every square below 128.
    #[test]
    fn the_u128_agrees_with_the_wide_set_on_the_first_128_squares() {
        let sets: [u128; 5] = [
            1,
            1 << 64 | 1,
            1 << 127,
            0x00f0_0000_1000_0100 << 40,
            u128::MAX,
        ];
        for s in 0..128u8 {
            let sq = Square::from_index(s);
            let low = |w: Wide| w.0[0] as u128 | (w.0[1] as u128) << 64;
            assert_eq!(low(Wide::bit(sq)), u128::bit(sq));
            assert_eq!(low(Wide::below(sq)), u128::below(sq));
            assert_eq!(low(Wide::above(sq)), u128::above(sq));
            for &x in &sets {
                let w = Wide::of(&x.to_set());
                assert_eq!(u128::of(&w.to_set()), x);
                assert_eq!(low(w.through_first()), x.through_first());
                assert_eq!(low(w.through_last()), x.through_last());
                assert_eq!(w.count(), x.count());
                assert_eq!(w.is_single(), x.is_single());
                assert_eq!(w.has(sq), x.has(sq));
            }
        }
        let mut all: u128 = 1 | 1 << 63 | 1 << 64 | 1 << 127;
        let mut seen = Vec::new();
        while let Some(s) = all.pop_first() {
            seen.push(s.byte());
        }
        assert_eq!(seen, [0, 63, 64, 127]);
    }
}
