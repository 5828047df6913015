//! Perft: counting the leaves of the legal move tree, whole or per root move, cancellable.

use super::bitboard::BitBoard;
use super::position::Position;
use super::{Engine, Move, MoveGen};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;

/// The deepest perft the engine counts. Front ends refuse a deeper request with this number in
/// the message; the engine itself cuts a deeper `depth` to it rather than recurse without end.
pub const MAX_PERFT_DEPTH: u32 = 30;

impl Engine {
    /// Number of leaf nodes of the legal move tree `depth` plies deep (at most
    /// [`MAX_PERFT_DEPTH`]).
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut bufs = Vec::new();
        self.perft_rec(pos, depth.min(MAX_PERFT_DEPTH), &mut bufs, 0, None)
            .unwrap_or(0)
    }

    /// Counts `depth >= 1` plies below `pos` (see [`MoveGen::perft_rec`]).
    fn perft_rec(
        &self,
        pos: &Position,
        depth: u32,
        bufs: &mut Vec<Vec<Move>>,
        ply: usize,
        cancel: Option<&AtomicBool>,
    ) -> Option<u64> {
        by_width!(self, g => g.perft_rec(pos, depth, bufs, ply, cancel))
    }

    /// Perft per legal root move, in generation order.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        let cancel = AtomicBool::new(false);
        self.divide_cancellable(pos, depth, &cancel, &mut |_, _| {})
            .unwrap_or_default()
    }

    /// Perft that stops early (returning `None`) when `cancel` becomes true; `progress` is called
    /// after each root move with (done, total).
    pub fn divide_cancellable(
        &self,
        pos: &Position,
        depth: u32,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Vec<(Move, u64)>> {
        let depth = depth.min(MAX_PERFT_DEPTH);
        let moves = self.legal_moves(pos);
        let total = moves.len();
        let mut out = Vec::with_capacity(total);
        let mut bufs = Vec::new();
        for (i, mv) in moves.into_iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let n = if depth <= 1 {
                1
            } else {
                let next = self.play(pos, mv);
                self.perft_rec(&next, depth - 1, &mut bufs, 0, Some(cancel))?
            };
            out.push((mv, n));
            progress(i + 1, total);
        }
        Some(out)
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    /// Counts `depth >= 1` plies below `pos`. One move buffer per ply, allocated when the tree
    /// first reaches that ply: a position without moves costs nothing, whatever the depth.
    fn perft_rec(
        self,
        pos: &Position,
        depth: u32,
        bufs: &mut Vec<Vec<Move>>,
        ply: usize,
        cancel: Option<&AtomicBool>,
    ) -> Option<u64> {
        if bufs.len() <= ply {
            bufs.push(Vec::with_capacity(256));
        }
        let mut buf = std::mem::take(&mut bufs[ply]);
        if depth == 1 {
            let n = self.count_legal(pos, &mut buf);
            bufs[ply] = buf;
            return Some(n);
        }
        self.legal_into(pos, &mut buf);
        let count = if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            None
        } else {
            let mut n = 0;
            let mut whole = true;
            for &mv in buf.iter() {
                let next = self.play(pos, mv);
                match self.perft_rec(&next, depth - 1, bufs, ply + 1, cancel) {
                    Some(k) => n += k,
                    None => {
                        whole = false;
                        break;
                    }
                }
            }
            whole.then_some(n)
        };
        bufs[ply] = buf;
        count
    }
}

/// Most threads a parallel perft spreads over.
pub const MAX_PERFT_THREADS: usize = 256;

/// One thread per core (1 when the number of cores is unknown), at most [`MAX_PERFT_THREADS`].
pub fn default_perft_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_PERFT_THREADS))
}

/// One subtree of a parallel perft: a position two plies (or one) below the root, and the root
/// move it descends from.
struct Subtree {
    root: usize,
    pos: Position,
    depth: u32,
}

impl Engine {
    /// Perft over `threads` threads (1 to [`MAX_PERFT_THREADS`]): the same count as
    /// [`Engine::perft`].
    pub fn perft_parallel(&self, pos: &Position, depth: u32, threads: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let cancel = AtomicBool::new(false);
        self.divide_parallel(pos, depth, threads, &cancel, &mut |_, _| {})
            .map_or(0, |rows| rows.iter().map(|(_, n)| n).sum())
    }

    /// [`Engine::divide_cancellable`] over `threads` threads: the tree is split below the root
    /// moves (one ply deeper from depth 3 on, so a few large root subtrees still spread over every
    /// thread), and the counts are summed per root move, in generation order. `progress` runs on
    /// the calling thread as root moves complete. When no thread pool can be built, counts on the
    /// calling thread.
    pub fn divide_parallel(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Vec<(Move, u64)>> {
        let depth = depth.min(MAX_PERFT_DEPTH);
        let threads = threads.clamp(1, MAX_PERFT_THREADS);
        if threads == 1 || depth <= 2 {
            return self.divide_cancellable(pos, depth, cancel, progress);
        }
        let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
            return self.divide_cancellable(pos, depth, cancel, progress);
        };
        let moves = self.legal_moves(pos);
        let total = moves.len();
        let mut items = Vec::new();
        let mut pending = vec![0usize; total];
        for (i, &mv) in moves.iter().enumerate() {
            let next = self.play(pos, mv);
            for reply in self.legal_moves(&next) {
                items.push(Subtree {
                    root: i,
                    pos: self.play(&next, reply),
                    depth: depth - 2,
                });
                pending[i] += 1;
            }
        }
        let counts: Vec<AtomicU64> = (0..total).map(|_| AtomicU64::new(0)).collect();
        let pending: Vec<AtomicUsize> = pending.into_iter().map(AtomicUsize::new).collect();
        // Root moves without replies count 0 and are done before any thread starts.
        let mut done = pending
            .iter()
            .filter(|p| p.load(Ordering::Relaxed) == 0)
            .count();
        let stopped = AtomicBool::new(false);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let work = |bufs: &mut Vec<Vec<Move>>, item: &Subtree, tx: &Sender<()>| {
                if stopped.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
                match self.perft_rec(&item.pos, item.depth, bufs, 0, Some(cancel)) {
                    Some(n) => {
                        counts[item.root].fetch_add(n, Ordering::Relaxed);
                        if pending[item.root].fetch_sub(1, Ordering::AcqRel) == 1 {
                            // The receiver lives until every sender is gone.
                            let _ = tx.send(());
                        }
                    }
                    None => stopped.store(true, Ordering::Relaxed),
                }
            };
            let items = &items;
            let pool = &pool;
            // The sender moves into the worker, so the loop below ends when the work does.
            scope.spawn(move || {
                pool.install(|| {
                    items
                        .par_iter()
                        .for_each_init(Vec::new, |bufs, item| work(bufs, item, &tx))
                });
            });
            progress(done, total);
            for () in rx {
                done += 1;
                progress(done, total);
            }
        });
        if stopped.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
            return None;
        }
        Some(
            moves
                .into_iter()
                .zip(counts)
                .map(|(mv, n)| (mv, n.into_inner()))
                .collect(),
        )
    }
}
