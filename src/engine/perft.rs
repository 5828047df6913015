//! Perft: counting the leaves of the legal move tree, whole or per root move, cancellable.

use super::position::Position;
use super::{Engine, Move};
use std::sync::atomic::{AtomicBool, Ordering};

impl Engine {
    /// Number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_rec(pos, &mut bufs, None).unwrap_or(0)
    }

    fn perft_rec(
        &self,
        pos: &Position,
        bufs: &mut [Vec<Move>],
        cancel: Option<&AtomicBool>,
    ) -> Option<u64> {
        let Some((buf, rest)) = bufs.split_first_mut() else {
            return Some(1);
        };
        self.legal_into(pos, buf);
        if rest.is_empty() {
            return Some(buf.len() as u64);
        }
        if let Some(c) = cancel {
            if c.load(Ordering::Relaxed) {
                return None;
            }
        }
        let mut n = 0;
        for &mv in buf.iter() {
            let next = self.play(pos, mv);
            n += self.perft_rec(&next, rest, cancel)?;
        }
        Some(n)
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
        let moves = self.legal_moves(pos);
        let total = moves.len();
        let mut out = Vec::with_capacity(total);
        let mut bufs: Vec<Vec<Move>> = (0..depth.saturating_sub(1))
            .map(|_| Vec::with_capacity(256))
            .collect();
        for (i, mv) in moves.into_iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let n = if depth <= 1 {
                1
            } else {
                let next = self.play(pos, mv);
                self.perft_rec(&next, &mut bufs, Some(cancel))?
            };
            out.push((mv, n));
            progress(i + 1, total);
        }
        Some(out)
    }
}
