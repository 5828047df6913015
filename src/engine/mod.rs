//! The engine: a compiled [`RuleSet`] made executable.
//!
//! [`Engine::new`] compiles the rule set into per-square move tables once; move generation reads
//! only those tables. Positions are plain values ([`Position`]); [`Game`] adds history for undo,
//! redo and repetition.

mod attacks;
mod diagram;
pub mod fen;
mod game;
mod make;
mod movegen;
mod moves;
mod perft;
mod position;
mod tables;
mod zobrist;

pub use diagram::{DiagramMark, MoveDetail};
pub use fen::FenError;
pub use game::{Game, GameResult, Status};
pub use moves::{Move, MoveKind};
pub use perft::MAX_PERFT_DEPTH;
pub use position::{Piece, Position};

use crate::rules::RuleSet;
use std::sync::Arc;

/// Why a rule set could not be turned into an engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The rule set has more piece kinds than the engine supports.
    #[error("too many piece kinds ({0}); at most {max} are supported", max = crate::rules::MAX_PIECE_KINDS)]
    TooManyKinds(usize),
    /// The start position does not parse.
    #[error("the start position is not valid: {0}")]
    BadStart(String),
}

/// A rule set compiled into move tables, ready to generate moves.
#[derive(Debug)]
pub struct Engine {
    rules: Arc<RuleSet>,
    tables: tables::Tables,
    start: Position,
}

impl Engine {
    /// Compiles the move tables of a rule set.
    pub fn new(rules: RuleSet) -> Result<Engine, EngineError> {
        if rules.pieces.len() > zobrist::MAX_KINDS {
            return Err(EngineError::TooManyKinds(rules.pieces.len()));
        }
        let start = fen::parse_fen(&rules, &rules.start_fen)
            .map_err(|e| EngineError::BadStart(e.message))?;
        let tables = tables::Tables::build(&rules, &start)?;
        let mut engine = Engine {
            rules: Arc::new(rules),
            tables,
            start,
        };
        // The start position is read like any FEN: a castling right whose king or rook is not
        // where it needs to be is dropped, as `notation::parse_fen` drops it.
        let mut start = engine.start.clone();
        engine.drop_stale_castling(&mut start);
        engine.start = start;
        Ok(engine)
    }

    /// The rule set this engine runs.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Memory held by the compiled move tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tables.bytes()
    }

    /// The rule set, shared.
    pub fn rules_arc(&self) -> Arc<RuleSet> {
        self.rules.clone()
    }

    /// The compiled move tables.
    #[inline]
    fn t(&self) -> &tables::Tables {
        &self.tables
    }
}
