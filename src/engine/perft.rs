//! Perft: counting the leaves of the legal move tree, whole or per root move, cancellable.

use super::position::Position;
use super::{Engine, Move};
use std::sync::atomic::{AtomicBool, Ordering};

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

    /// Counts `depth >= 1` plies below `pos`. One move buffer per ply, allocated when the tree
    /// first reaches that ply: a position without moves costs nothing, whatever the depth.
    fn perft_rec(
        &self,
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
        self.legal_into(pos, &mut buf);
        let count = if depth == 1 {
            Some(buf.len() as u64)
        } else if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
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
