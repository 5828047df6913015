//! The engine: a compiled [`RuleSet`] made executable.
//!
//! [`Engine::new`] compiles the rule set into per-square move tables once; move generation reads
//! only those tables. Positions are plain values ([`Position`]); [`Game`] adds history for undo,
//! redo and repetition.

mod attacks;
mod compulsory;
mod diagram;
mod endings;
mod entries;
pub mod fen;
mod game;
mod gating;
mod make;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod promote_in_place;
mod tables;
#[cfg(test)]
mod tests;
mod visit;
mod words;
mod zobrist;

pub use diagram::{DiagramMark, MoveDetail};
pub use endings::Ending;
pub use fen::FenError;
pub use game::{Game, GameResult, Status, StepTaken, Stretch, MAX_EDITS};
pub use moves::{Gate, Move, MoveKind};
pub use perft::{default_perft_threads, MAX_PERFT_DEPTH, MAX_PERFT_THREADS};
pub use position::{CastleSide, CastlingRights, Piece, Position};
pub use visit::{Ends, PathStep, RideSquare, StepNeed, TableMove};

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
        // The tables learn the castling squares from where the pieces stand at the start; then the
        // start position is read again the one way every FEN is read, so it keeps exactly the
        // castling rights `fen` of the same text keeps.
        let placed = fen::position_from_setup(&rules, &rules.start);
        let tables = tables::Tables::build(&rules, &placed)?;
        let mut engine = Engine {
            rules: Arc::new(rules),
            tables,
            start: placed,
        };
        engine.start = engine.position_from_setup(&engine.rules.start);
        Ok(engine)
    }

    /// Reads a FEN for this variant: the placement, hands and fields, with castling rights whose
    /// king or rook is not on its square dropped. The start position is read this way too.
    pub fn position_from_fen(&self, text: &str) -> Result<Position, FenError> {
        Ok(self.position_from_setup(&fen::read_setup(&self.rules, text)?))
    }

    /// The position a FEN's reading gives in this variant (see [`Engine::position_from_fen`]).
    pub fn position_from_setup(&self, setup: &crate::fen::Setup) -> Position {
        let mut pos = fen::position_from_setup(&self.rules, setup);
        self.drop_stale_castling(&mut pos);
        self.read_gates(&mut pos);
        pos
    }

    /// The same engine without its 64-bit word tables: on a board of at most 64 squares every
    /// move, count and attack test then walks the move tables, as on a larger board. For tests
    /// that both paths agree; the engine built by [`Engine::new`] is unchanged by it.
    pub fn without_words(mut self) -> Engine {
        self.tables.words = words::WordTables::default();
        self
    }

    /// Whether `by` attacks `target`, taken as holding a piece of kind `victim` (some pieces
    /// capture only some kinds): the attack test of the royal rule.
    pub fn attacks(
        &self,
        pos: &Position,
        target: crate::geometry::Square,
        by: crate::geometry::Player,
        victim: crate::rules::PieceKind,
    ) -> bool {
        self.square_attacked(pos, target, by, victim)
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
