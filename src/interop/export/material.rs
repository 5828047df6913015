//! `must-capture` and `extinction` as Fairy-Stockfish's `mustCapture` and `extinction*` keys.

use super::{score_word, Exporter, Slot, Subject};
use crate::rules::{Counted, Explosions, PieceKind, RoyalRule};

impl Exporter<'_> {
    /// `explosions` as `blastOnCapture`: Fairy-Stockfish spares exactly its `pawn` type around a
    /// blast, and `blastImmuneTypes` cannot go with a royal piece.
    fn explosions(&mut self, ex: &Explosions) {
        self.line("blastOnCapture", "true");
        let pawns: Vec<PieceKind> = self
            .kinds()
            .filter(
                |k| matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "pawn"),
            )
            .collect();
        let mut spare = ex.spare.clone();
        spare.sort();
        if spare != pawns {
            let names: Vec<String> = ex
                .spare
                .iter()
                .map(|k| self.piece(*k).name.clone())
                .collect();
            self.problem(
                Subject::Statement("explosions"),
                format!(
                    "explosions spare {}; Fairy-Stockfish spares exactly the kind it plays as its pawn (left as its rule)",
                    if names.is_empty() { "nothing".to_string() } else { names.join(", ") }
                ),
            );
        }
        if ex.immune.is_empty() {
            return;
        }
        if self.rules.royal_kinds().next().is_some()
            && self.rules.end.royal_rule != RoyalRule::Capture
        {
            self.problem(
                Subject::Statement("explosions"),
                "`immune` kinds beside a royal piece: Fairy-Stockfish's `blastImmuneTypes` goes only with `royal-rule capture` (left out)",
            );
            return;
        }
        let mut letters = String::new();
        for &k in &ex.immune {
            match self.fsf_letter(k) {
                Some(c) => letters.push(c),
                None => {
                    let name = self.piece(k).name.clone();
                    self.problem(
                        Subject::Statement("explosions"),
                        format!("explosions: {name} has no letter in the section (left out)"),
                    );
                    return;
                }
            }
        }
        self.line("blastImmuneTypes", letters);
    }

    /// `mustCapture`, and the `extinction` rule: its kinds (`*` for `all`) as
    /// `extinctionPieceTypes`, `down-to N` as `extinctionPieceCount`, its result as
    /// `extinctionValue` (both for the side left with too few).
    pub(super) fn material_rules(&mut self) {
        let end = self.rules.end.clone();
        if end.must_capture {
            self.line("mustCapture", "true");
        }
        // Fairy-Stockfish's rule is its king's: the royal kind must be in the king slot.
        if end.checked_royal_takes_only {
            let king = self.kinds().any(
                |k| matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "king"),
            );
            if king && self.rules.royal_kinds().count() == 1 {
                self.line("makpongRule", "true");
            } else {
                self.problem(
                    Subject::Statement("checked-royal"),
                    "`checked-royal takes-only`: Fairy-Stockfish's rule holds for its single king type only (left out)",
                );
            }
        }
        if let Some(ex) = &end.explosions {
            self.explosions(ex);
        }
        // `petrify`: Fairy-Stockfish's `petrifyOnCaptureTypes`.
        if !end.petrify.is_empty() {
            let letters: Option<String> = end.petrify.iter().map(|k| self.fsf_letter(*k)).collect();
            match letters {
                Some(l) => self.line("petrifyOnCaptureTypes", l),
                None => self.problem(
                    Subject::Statement("petrify"),
                    "petrify: a kind named has no letter in the section (left out)",
                ),
            }
        }
        let Some(first) = end.extinction.first() else {
            return;
        };
        let royal_by_extinction =
            end.royal_rule != RoyalRule::Check && self.rules.royal_kinds().next().is_some();
        if royal_by_extinction {
            self.problem(
                Subject::Statement("extinction"),
                "`extinction` beside a royal rule that Fairy-Stockfish states by extinction too; it has one extinction rule (left out)",
            );
            return;
        }
        let mut types = String::new();
        for ex in &end.extinction {
            match ex.counted {
                Counted::All => types.push('*'),
                Counted::Kind(k) => match self.fsf_letter(k) {
                    Some(c) => types.push(c),
                    None => {
                        let name = self.piece(k).name.clone();
                        self.problem(
                            Subject::Statement("extinction"),
                            format!("extinction: {name} has no letter in the section (left out)"),
                        );
                        return;
                    }
                },
            }
        }
        self.line("extinctionValue", score_word(first.score));
        self.line("extinctionPieceTypes", types);
        if first.down_to > 0 {
            self.line("extinctionPieceCount", first.down_to);
        }
    }
}
