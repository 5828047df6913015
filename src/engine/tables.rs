//! Move tables: every piece's moves, per player and square, computed once from the rule set.

use super::EngineError;
use crate::rules::RuleSet;

/// The compiled move tables.
#[derive(Debug)]
pub(crate) struct Tables {}

impl Tables {
    /// Compiles the tables of a rule set.
    pub(crate) fn build(rules: &RuleSet) -> Result<Tables, EngineError> {
        let _ = rules;
        Ok(Tables {})
    }
}
