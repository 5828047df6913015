//! Board geometry: squares, players, offsets and square sets.
//!
//! Boards are at most 16x16, so a square fits in a byte and a set of squares in 256 bits.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;
/// Number of square indices a 16x16 board needs.
pub const MAX_SQUARES: usize = 256;

/// One of the two players. `First` moves from rank 1 upwards and is written in upper case in FEN (`w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The player at the bottom (White, Red, Sente); FEN side `w`, upper-case letters.
    First = 0,
    /// The player at the top (Black, Gote); FEN side `b`, lower-case letters.
    Second = 1,
}

impl Player {
    /// Both players, first player first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];
    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
    /// 0 for the first player, 1 for the second; for indexing per-player tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A square index `rank * files + file` on a board of known width. Files and ranks count from 0.
/// Closed: a square comes from a board ([`Dimensions::square`], [`Square::new`],
/// [`Dimensions::squares`]), so none lies off every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Square(u8);

impl Square {
    /// The square numbered `index` (`rank * files + file`) on a board of `dims`, if it is on it.
    pub fn new(index: usize, dims: Dimensions) -> Option<Square> {
        (index < dims.len()).then_some(Square(index as u8))
    }

    /// The square numbered `index`, which the caller knows to be below 256 and on its board.
    #[inline(always)]
    pub(crate) const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The index for per-square tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a byte (every square number is below 256).
    #[inline(always)]
    pub(crate) const fn byte(self) -> u8 {
        self.0
    }
}

/// A displacement in files and ranks, seen from the first player (`dr > 0` is forward for `First`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Offset {
    /// Change of file (positive: towards higher files, "right" for the first player).
    pub df: i8,
    /// Change of rank (positive: forward for the first player).
    pub dr: i8,
}

/// The eight one-square steps along ranks, files and diagonals: a king's, and the directions of
/// a queen's lines; the four orthogonal ones first.
pub(crate) const KING_STEPS: [Offset; 8] = [
    Offset { df: 1, dr: 0 },
    Offset { df: -1, dr: 0 },
    Offset { df: 0, dr: 1 },
    Offset { df: 0, dr: -1 },
    Offset { df: 1, dr: 1 },
    Offset { df: 1, dr: -1 },
    Offset { df: -1, dr: 1 },
    Offset { df: -1, dr: -1 },
];

impl Offset {
    /// A new offset.
    pub const fn new(df: i8, dr: i8) -> Offset {
        Offset { df, dr }
    }
    /// The same offset as the given player sees it: the second player's forward is down the board.
    #[inline]
    pub fn for_player(self, p: Player) -> Offset {
        match p {
            Player::First => self,
            Player::Second => Offset::new(self.df, -self.dr),
        }
    }

    /// As [`Offset::for_player`], or for a `turned` piece the second player's offset turned
    /// through 180 degrees: its left is the first player's right.
    #[inline]
    pub fn oriented(self, p: Player, turned: bool) -> Offset {
        match p {
            Player::Second if turned => Offset::new(-self.df, -self.dr),
            _ => self.for_player(p),
        }
    }
}

/// Board dimensions and the mapping between squares, files, ranks and names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dimensions {
    /// Number of files (columns), 1..=16.
    pub files: u8,
    /// Number of ranks (rows), 1..=16.
    pub ranks: u8,
}

impl Dimensions {
    /// Number of squares (including holes).
    #[inline]
    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// Whether the board has no squares (never true for a valid board).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
    /// The square at a file and rank (both from 0), if on the board.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(Square((rank * self.files as i32 + file) as u8))
        }
    }
    /// File of a square, from 0.
    #[inline]
    pub fn file(self, s: Square) -> u8 {
        s.0 % self.files
    }
    /// Rank of a square, from 0.
    #[inline]
    pub fn rank(self, s: Square) -> u8 {
        s.0 / self.files
    }
    /// The square reached from `s` by `o` (already oriented for the mover), if on the board.
    #[inline]
    pub fn offset(self, s: Square, o: Offset) -> Option<Square> {
        self.square(
            self.file(s) as i32 + o.df as i32,
            self.rank(s) as i32 + o.dr as i32,
        )
    }
    /// The up to eight squares around `s` (a king's step away).
    pub fn neighbours(self, s: Square) -> impl Iterator<Item = Square> {
        KING_STEPS
            .into_iter()
            .filter_map(move |o| self.offset(s, o))
    }
    /// The square mirrored top to bottom (the second player's view of the same place).
    #[inline]
    pub fn mirror(self, s: Square) -> Square {
        Square((self.ranks - 1 - self.rank(s)) * self.files + self.file(s))
    }
    /// Every square index of the board, in index order (rank 1 first).
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(|i| Square(i as u8))
    }
    /// The name of a square, like `a1` or `i12`.
    pub fn name(self, s: Square) -> String {
        format!("{}{}", file_letter(self.file(s)), self.rank(s) as u32 + 1)
    }
    /// Parses a square name like `e4` or `a10`; `None` when malformed or off the board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let (file, rank) = split_square_name(text)?;
        self.square(file as i32, rank as i32)
    }
}

/// The letter of a file index (0 = `a`).
pub(crate) fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

/// Splits a square name into (file, rank) counting from 0, without checking a board. `"a10"` → (0, 9).
pub(crate) fn split_square_name(text: &str) -> Option<(u8, u8)> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let rest = chars.as_str();
    if rest.is_empty()
        || rest.len() > 2
        || !rest.bytes().all(|b| b.is_ascii_digit())
        || rest.starts_with('0')
    {
        return None;
    }
    let rank: u32 = rest.parse().ok()?;
    if rank == 0 || rank > 99 {
        return None;
    }
    Some((f as u8 - b'a', (rank - 1) as u8))
}

/// A set of squares on a board of up to 16x16, as a 256-bit bitset.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);
    /// All squares of a board with `n` squares.
    pub fn first_n(n: usize) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for i in 0..n {
            s.insert(Square(i as u8));
        }
        s
    }
    /// Whether the square is in the set.
    #[inline]
    pub fn contains(&self, s: Square) -> bool {
        self.0[(s.0 >> 6) as usize] >> (s.0 & 63) & 1 != 0
    }
    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, s: Square) {
        self.0[(s.0 >> 6) as usize] |= 1 << (s.0 & 63);
    }
    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, s: Square) {
        self.0[(s.0 >> 6) as usize] &= !(1 << (s.0 & 63));
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// Number of squares in the set.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Union.
    #[inline]
    pub fn union(&self, o: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
    /// Intersection.
    #[inline]
    pub fn intersect(&self, o: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
    /// Difference: squares of `self` not in `o`.
    #[inline]
    pub fn minus(&self, o: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
            self.0[3] & !o.0[3],
        ])
    }
    /// The squares in index order.
    #[inline]
    pub fn iter(&self) -> SquareIter {
        let w = self.0;
        let end = if w[3] != 0 {
            4
        } else if w[2] != 0 {
            3
        } else if w[1] != 0 {
            2
        } else {
            1
        };
        SquareIter {
            words: w,
            word: 0,
            end,
        }
    }
    /// The set mirrored top to bottom on a board of the given dimensions.
    pub fn mirrored(&self, d: Dimensions) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        for s in self.iter() {
            out.insert(d.mirror(s));
        }
        out
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// Iterator over the squares of a [`SquareSet`].
pub struct SquareIter {
    words: [u64; 4],
    word: usize,
    /// One past the last word with a square in it: a set on a small board stops after its first
    /// word instead of reading three empty ones.
    end: usize,
}

impl Iterator for SquareIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < self.end {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros();
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word as u32 * 64 + bit) as u8));
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for q in iter {
            s.insert(q);
        }
        s
    }
}

/// One value for each player, indexed by [`Player`]: hands, occupancy, zones resolved per player,
/// names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ByPlayer<T>(pub [T; 2]);

impl<T> ByPlayer<T> {
    /// The first player's value, then the second's.
    pub const fn new(first: T, second: T) -> ByPlayer<T> {
        ByPlayer([first, second])
    }
    /// Each player's value from `f`.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer([f(Player::First), f(Player::Second)])
    }
    /// Each player's value mapped by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }
    /// The two values with the players exchanged (a zone seen from the other side).
    pub fn swapped(self) -> ByPlayer<T> {
        let [a, b] = self.0;
        ByPlayer([b, a])
    }
    /// The two values, first player first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
    /// The two values, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }
}

impl<T: Copy> ByPlayer<T> {
    /// The same value for both players.
    pub const fn both(v: T) -> ByPlayer<T> {
        ByPlayer([v, v])
    }
}

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, p: Player) -> &T {
        &self.0[p as usize]
    }
}

impl<T> std::ops::IndexMut<Player> for ByPlayer<T> {
    #[inline(always)]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p as usize]
    }
}

impl<'a, T> IntoIterator for &'a ByPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// A square set for each player (a zone resolved for both sides).
pub type PlayerSquares = ByPlayer<SquareSet>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_tall_boards() {
        let d = Dimensions {
            files: 9,
            ranks: 12,
        };
        assert_eq!(
            d.parse_square("i12").map(|s| d.name(s)).as_deref(),
            Some("i12")
        );
        assert_eq!(
            d.parse_square("a10").map(|s| (d.file(s), d.rank(s))),
            Some((0, 9))
        );
        assert_eq!(d.parse_square("j1"), None);
        assert_eq!(d.parse_square("a13"), None);
        assert_eq!(d.parse_square("a0"), None);
    }

    #[test]
    fn mirror_flips_ranks_only() {
        let d = Dimensions { files: 8, ranks: 8 };
        assert_eq!(
            d.parse_square("b2").map(|s| d.name(d.mirror(s))).as_deref(),
            Some("b7")
        );
    }
}
