//! The transposition table: search results keyed by the position's Zobrist hash.

use crate::engine::Move;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value (a PV node).
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    age: 0,
};

/// Buckets of two entries: the first keeps the deepest result, the second the newest.
pub(crate) struct Table {
    slots: Vec<[Entry; 2]>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket; the bucket count is a power of two).
    pub(super) fn new(mb: usize) -> Table {
        let bytes = mb.clamp(1, super::MAX_HASH_MB) << 20;
        let per = std::mem::size_of::<[Entry; 2]>();
        let mut n = 1usize;
        while n * 2 * per <= bytes {
            n *= 2;
        }
        Table {
            slots: vec![[EMPTY; 2]; n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        for b in self.slots.iter_mut() {
            *b = [EMPTY; 2];
        }
        self.age = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub(super) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.slots[key as usize & self.mask];
        b.iter().find(|e| e.key == key && e.depth >= 0).copied()
    }

    /// Stores a result.
    #[inline]
    pub(super) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i16,
        bound: Bound,
    ) {
        let age = self.age;
        let b = &mut self.slots[key as usize & self.mask];
        // Keep the old move when the new result has none (an upper bound at the same position).
        let keep = |e: &Entry| {
            if mv.is_none() && e.key == key {
                e.mv
            } else {
                mv
            }
        };
        let new = |e: &Entry| Entry {
            key,
            mv: keep(e),
            score,
            depth,
            bound,
            age,
        };
        if b[0].key == key || b[0].depth <= depth || b[0].age != age {
            if b[0].key != key && b[0].depth > b[1].depth {
                b[1] = b[0];
            }
            b[0] = new(&b[0]);
        } else {
            b[1] = new(&b[1]);
        }
    }
}
