//! `must-capture` and `extinction` as Fairy-Stockfish's `mustCapture` and `extinction*` keys.

use super::{score_word, Exporter, Subject};
use crate::rules::{Counted, RoyalRule};

impl Exporter<'_> {
    /// `mustCapture`, and the `extinction` rule: its kinds (`*` for `all`) as
    /// `extinctionPieceTypes`, `down-to N` as `extinctionPieceCount`, its result as
    /// `extinctionValue` (both for the side left with too few).
    pub(super) fn material_rules(&mut self) {
        let end = self.rules.end.clone();
        if end.must_capture {
            self.line("mustCapture", "true");
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
