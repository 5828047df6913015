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
            if mv.promotion.is_none() && self.loses_to_recapture(pos, mv, mover, gain) {
                // After the quiet moves: a capture that gives more back than it takes seldom
                // refutes anything.
                return LOSING_CAPTURE_BASE + gain;
            }
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

    /// Whether capturing `gain` with a piece of kind `mover` loses material: the mover is worth
    /// more than what it takes, and the opponent attacks the square it lands on (the attack is
    /// seen from before the move, so pieces behind the mover are not counted).
    pub(super) fn loses_to_recapture(
        &self,
        pos: &Position,
        mv: Move,
        mover: PieceKind,
        gain: i32,
    ) -> bool {
        self.victim_value(mover) > gain + 50
            && self
                .engine
                .square_attacked(pos, mv.to, pos.side_to_move().other(), mover)
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

/// Where captures that lose material to the recapture are ordered (plus their gain): below every
/// quiet move, whose history scores lie in `0..=HISTORY_MAX`.
pub(super) const LOSING_CAPTURE_BASE: i32 = -(1 << 24);

#[cfg(test)]
mod tests {
    use super::*;

    /// The order score of the move `text` (in `fen`, chess) beside those of every quiet move.
    fn capture_and_quiets(fen: &str, text: &str) -> (i32, Vec<i32>) {
        let rules = crate::check_named(std::path::Path::new("chess"))
            .expect("chess compiles")
            .rules;
        let engine = Arc::new(Engine::new(rules).expect("chess is playable"));
        let pos = crate::parse_fen(&engine, fen).expect("a legal FEN");
        let searcher = Searcher::new(engine.clone(), 1);
        let moves = engine.legal_moves(&pos);
        let mut capture = None;
        let mut quiets = Vec::new();
        for &mv in &moves {
            let score = searcher.order_score(&pos, mv, None, 0);
            if crate::move_text(&engine, &pos, mv) == text {
                capture = Some(score);
            } else if searcher.capture_gain(&pos, mv).is_none() && mv.promotion.is_none() {
                quiets.push(score);
            }
        }
        (capture.expect("the capture is legal"), quiets)
    }

    /// Chess: the queen taking a pawn that a pawn defends gives the queen back; it is tried after
    /// every quiet move.
    #[test]
    fn a_capture_that_loses_to_the_recapture_comes_after_the_quiet_moves() {
        let (capture, quiets) = capture_and_quiets("4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1", "d1d6");
        assert!(!quiets.is_empty());
        assert!(quiets.iter().all(|&q| capture < q), "{capture} {quiets:?}");
    }

    /// The same capture of an undefended pawn wins it: it is tried before every quiet move.
    #[test]
    fn a_capture_of_an_undefended_piece_comes_before_the_quiet_moves() {
        let (capture, quiets) = capture_and_quiets("4k3/8/3p4/8/8/8/8/3QK3 w - - 0 1", "d1d6");
        assert!(quiets.iter().all(|&q| capture > q), "{capture} {quiets:?}");
        assert!(capture >= CAPTURE_BASE);
    }
}
