//! Betza / XBetza move strings → typed [`MovePattern`]s (grammar `grammar/betza.pest`).

use crate::rules::MovePattern;

/// A fault in a Betza string, located inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range inside the Betza string.
    pub span: (usize, usize),
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}

/// Parses a Betza string into concrete patterns seen from the first player.
pub fn parse(text: &str) -> Result<Vec<MovePattern>, Vec<BetzaError>> {
    let _ = text;
    todo!()
}
