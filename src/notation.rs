//! Notation: FEN in and out, and move text (`e2e4`, `e7e8q`, `7g7f+`-style `b2h8+`, `P@e4`).

use crate::engine::{Engine, Move, Position};

/// A FEN that could not be read: what is wrong and where (byte offset and length in the FEN text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the fault in the FEN text.
    pub offset: usize,
    /// Length of the faulty part (at least 1 where there is text to point at).
    pub len: usize,
    /// What would be right.
    pub help: Option<String>,
}

/// Move text that does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the fault in the move text.
    pub offset: usize,
    /// Length of the faulty part.
    pub len: usize,
    /// What would be right (for example the legal moves of that piece).
    pub help: Option<String>,
}

/// Reads a FEN for this engine's variant.
pub fn parse_fen(engine: &Engine, fen: &str) -> Result<Position, FenError> {
    let _ = (engine, fen);
    todo!()
}

/// Writes a position as FEN.
pub fn to_fen(engine: &Engine, pos: &Position) -> String {
    let _ = (engine, pos);
    todo!()
}

/// The text of a move in a position.
pub fn move_text(engine: &Engine, pos: &Position, mv: Move) -> String {
    let _ = (engine, pos, mv);
    todo!()
}

/// Reads move text and finds the legal move it names.
pub fn parse_move(engine: &Engine, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let _ = (engine, pos, text);
    todo!()
}
