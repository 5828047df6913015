//! The engine: a compiled [`RuleSet`] made executable.
//!
//! [`Engine::new`] compiles the rule set into per-square move tables once; move generation reads
//! only those tables. Positions are plain values ([`Position`]); [`Game`] adds history for undo,
//! redo and repetition.

/// Runs `$body` with `$g` bound to the engine's move generator ([`MoveGen`]) in the width of
/// set its board was built with: the one place the width is looked at, at the engine's entry
/// points; everything below is compiled once per width.
macro_rules! by_width {
    ($engine:expr, $g:ident => $body:expr) => {{
        let engine: &$crate::engine::Engine = $engine;
        match &engine.tables.words {
            $crate::engine::words::Words::Narrow(words) => {
                let $g = $crate::engine::MoveGen::new(engine, words);
                $body
            }
            $crate::engine::words::Words::Middle(words) => {
                let $g = $crate::engine::MoveGen::new(engine, words);
                $body
            }
            $crate::engine::words::Words::Wide(words) => {
                let $g = $crate::engine::MoveGen::new(engine, words);
                $body
            }
        }
    }};
}

mod attacks;
mod bitboard;
mod compulsory;
mod diagram;
mod endings;
mod entries;
mod explosions;
pub(crate) mod fen;
mod game;
mod gating;
mod make;
mod mobility;
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
mod walls;
mod words;
mod zobrist;

pub use diagram::{DiagramMark, MoveDetail};
pub use endings::Ending;
pub(crate) use fen::FenError;
pub use game::{Game, GameResult, Status, StepTaken, Stretch, MAX_EDITS};
pub(crate) use mobility::ThreatRanks;
pub use moves::{Gate, Move, MoveKind};
pub use perft::{default_perft_threads, MAX_PERFT_DEPTH, MAX_PERFT_THREADS};
pub use position::{CastleSide, CastlingRights, Piece, Position};
pub use visit::TableMove;

use crate::rules::RuleSet;
use bitboard::BitBoard;
use std::sync::Arc;
use words::WordTables;

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
    ///
    /// ```
    /// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
    /// let engine = chimera::Engine::new(rules)?;
    /// let start = engine.start_position();
    /// assert_eq!(engine.legal_moves(&start).len(), 20);
    /// assert_eq!(engine.perft(&start, 3), 8_902);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: RuleSet) -> Result<Engine, EngineError> {
        Engine::can_play(&rules)?;
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

    /// Whether [`Engine::new`] accepts `rules`, without building the tables: the engine's own
    /// limits, for an editor that checks a definition on every change.
    ///
    /// ```
    /// let rules = chimera::check_named(std::path::Path::new("xiangqi"))?.rules;
    /// assert!(chimera::Engine::can_play(&rules).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_play(rules: &RuleSet) -> Result<(), EngineError> {
        if rules.pieces.len() > zobrist::MAX_KINDS {
            return Err(EngineError::TooManyKinds(rules.pieces.len()));
        }
        Ok(())
    }

    /// `start ... random rank N { ... }`: how many numbered starts there are (960 in Chess960),
    /// or `None` when the start is not drawn at random.
    pub fn start_count(&self) -> Option<u64> {
        self.rules.random_start.as_ref().map(|r| r.count())
    }

    /// `start ... random rank N { ... }`: the start numbered `n`, from 0 ([`Engine::start_count`]
    /// of them; in Chess960, 518 is the orthodox start). The start FEN with the first player's
    /// pieces of the shuffled rank placed as the number says, and the second player's the same
    /// on the mirror rank; `None` past the last number or without a random start.
    ///
    /// ```
    /// let rules = chimera::check_named(std::path::Path::new("chess960"))?.rules;
    /// let engine = chimera::Engine::new(rules)?;
    /// let pos = engine.numbered_start(0).expect("a start");
    /// assert_eq!(
    ///     chimera::to_fen(&engine, &pos),
    ///     "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    /// );
    /// assert_eq!(engine.start_number(&engine.start_position()), Some(518));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn numbered_start(&self, n: u64) -> Option<Position> {
        let r = self.rules.random_start.as_ref()?;
        let kinds = r.arrangement(n)?;
        let dims = self.rules.board.dims;
        let mirror = dims.ranks - 1 - r.rank;
        let mut setup = self.rules.start.clone();
        for p in setup.board.iter_mut() {
            let rank = dims.rank(p.square);
            let on_rank = match p.player {
                crate::geometry::Player::First => rank == r.rank,
                crate::geometry::Player::Second => rank == mirror,
            };
            let at = r.files.iter().position(|&f| f == dims.file(p.square));
            if let (true, Some(i)) = (on_rank, at) {
                p.kind = kinds[i].index();
            }
        }
        Some(self.position_from_setup(&setup))
    }

    /// `start ... random rank N { ... }`: the number of the arrangement of a position's shuffled
    /// rank (the first player's), if it is one of the numbered starts'.
    pub fn start_number(&self, pos: &Position) -> Option<u64> {
        let r = self.rules.random_start.as_ref()?;
        let dims = self.rules.board.dims;
        let kinds: Option<Vec<crate::rules::PieceKind>> = r
            .files
            .iter()
            .map(|&f| {
                let sq = dims.square(f as i32, r.rank as i32)?;
                pos.piece_at(sq)
                    .filter(|p| p.player == crate::geometry::Player::First)
                    .map(|p| p.kind)
            })
            .collect();
        r.number_of(&kinds?)
    }

    /// Reads a FEN for this variant: the placement, hands and fields, with castling rights whose
    /// king or rook is not on its square dropped. The start position is read this way too.
    pub fn position_from_fen(&self, text: &str) -> Result<Position, FenError> {
        Ok(self.position_from_setup(&fen::read_setup(&self.rules, text)?))
    }

    /// The position a FEN's reading gives in this variant (see [`Engine::position_from_fen`]).
    pub fn position_from_setup(&self, setup: &crate::fen::Setup) -> Position {
        let mut pos = fen::position_from_setup(&self.rules, setup);
        self.place_castling(&mut pos, setup);
        self.drop_stale_castling(&mut pos);
        self.read_gates(&mut pos);
        self.read_first_rights(&mut pos, setup);
        pos
    }

    /// The same engine computing in the wide bit sets of boards over 64 squares, whatever its
    /// board's size: for tests that the move generator, compiled for each width, gives the same
    /// moves, counts and attack tests in both. The engine built by [`Engine::new`] is unchanged
    /// by it.
    #[doc(hidden)]
    pub fn with_wide_sets(mut self) -> Engine {
        self.tables.rebuild_words(&self.rules, words::Build::Wide);
        self
    }

    /// The same engine answering every move, count and attack test by walking its move tables,
    /// none from the bit sets: for tests that both give the same answers. The engine built by
    /// [`Engine::new`] is unchanged by it.
    #[doc(hidden)]
    pub fn with_table_walk(mut self) -> Engine {
        self.tables
            .rebuild_words(&self.rules, words::Build::WalkOnly);
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

/// The move generator: the engine with its word tables in one width of bit set `B` (see
/// [`bitboard`]). Legal moves, perft's leaf count, the legality filter and the attack tests run
/// here, compiled once for each width; [`by_width!`] picks the one the engine was built with.
/// Reads the rest of the engine through `Deref`.
#[derive(Clone, Copy)]
pub(crate) struct MoveGen<'e, B> {
    engine: &'e Engine,
    words: &'e WordTables<B>,
}

impl<'e, B: BitBoard> MoveGen<'e, B> {
    /// The generator of `engine` over its word tables `words`.
    #[inline(always)]
    fn new(engine: &'e Engine, words: &'e WordTables<B>) -> MoveGen<'e, B> {
        MoveGen { engine, words }
    }

    /// The words of a piece of `player`'s `kind` on `from`.
    #[inline(always)]
    fn word_moves(
        self,
        player: crate::geometry::Player,
        kind: crate::rules::PieceKind,
        from: crate::geometry::Square,
    ) -> &'e words::WordMoves<B> {
        let t = &self.engine.tables;
        self.words.moves(t.ki(player, kind) * 256 + from.index())
    }
}

impl<B> std::ops::Deref for MoveGen<'_, B> {
    type Target = Engine;
    #[inline(always)]
    fn deref(&self) -> &Engine {
        self.engine
    }
}
