//! Move ordering: the hash move, captures by gain, killers and the history table.

use super::*;

impl Searcher {
    /// The material a move captures (`None` for a non-capture).
    pub(super) fn capture_gain(&self, pos: &Position, mv: Move) -> Option<i32> {
        let mut gain = None;
        if !mv.is_drop() && !mv.is_castle() {
            if let Some(v) = pos.piece_at(mv.to) {
                gain = Some(self.victim_value(v.kind));
            }
        }
        if let Some(x) = mv.side_capture() {
            if let Some(v) = pos.piece_at(x) {
                gain = Some(gain.unwrap_or(0) + self.victim_value(v.kind));
            }
        }
        gain
    }

    /// What capturing a kind is worth: its value (royals: a lot, where they may be captured), plus
    /// the piece it becomes in the captor's hand.
    pub(super) fn victim_value(&self, kind: PieceKind) -> i32 {
        let def = self.engine.rules().piece(kind);
        let mut v = if def.royal {
            20 * eval::PAWN
        } else {
            self.eval.value(kind)
        };
        if let Some(h) = self
            .engine
            .to_hand(crate::engine::Piece::new(Player::First, kind))
        {
            v += self.eval.hand_value(h);
        }
        v
    }

    pub(super) fn mover_kind(pos: &Position, mv: Move) -> PieceKind {
        match mv.kind {
            MoveKind::Drop(k) => mv.promotion.unwrap_or(k),
            _ => pos
                .piece_at(mv.from)
                .map_or(PieceKind::from_index(0), |p| p.kind),
        }
    }

    pub(super) fn order_score(
        &self,
        pos: &Position,
        mv: Move,
        hash_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == hash_move {
            return HASH_SCORE;
        }
        let mover = Self::mover_kind(pos, mv);
        if let Some(gain) = self.capture_gain(pos, mv) {
            let promo = mv.promotion.map_or(0, |k| self.eval.value(k));
            return CAPTURE_BASE + gain * 16 + promo - self.eval.value(mover) / 8;
        }
        if let Some(k) = mv.promotion {
            return CAPTURE_BASE + self.eval.value(k) - self.eval.value(mover);
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return KILLER_SCORE;
        }
        if killers[1] == Some(mv) {
            return KILLER_SCORE - 1;
        }
        self.history[self.history_index(pos.side_to_move(), mover, mv)]
    }

    #[inline]
    pub(super) fn history_index(&self, side: Player, kind: PieceKind, mv: Move) -> usize {
        (side.index() * self.kinds + kind.index()) * 256 + mv.to.index()
    }

    pub(super) fn reward(&mut self, pos: &Position, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.history_index(pos.side_to_move(), Self::mover_kind(pos, mv), mv);
        let h = &mut self.history[i];
        *h = (*h + depth * depth).min(HISTORY_MAX);
        if *h >= HISTORY_MAX {
            for h in self.history.iter_mut() {
                *h /= 2;
            }
        }
    }
}

pub(super) const HASH_SCORE: i32 = 2_000_000_000;

pub(super) const CAPTURE_BASE: i32 = 1_000_000_000;

pub(super) const KILLER_SCORE: i32 = 900_000_000;

pub(super) const HISTORY_MAX: i32 = 1 << 20;
