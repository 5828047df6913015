//! Chimera: an interpreter for declarative chess-variant definitions.
//!
//! Layers, in the order data flows: text → syntax tree → [`compile_str`] (checks, AST →
//! [`RuleSet`]) → [`Engine`] (move tables, [`Position`], move generation, outcome, perft, [`Game`])
//! → [`Searcher`] (the computer player), [`to_fen`] and [`move_text`] (notation), [`Sheet`] (the
//! rules in words), [`render_position`] (pictures) → tools ([`analysis`], [`interop`]) and front
//! ends ([`repl`], [`protocol`], [`studio`], [`matches`](mod@matches), the CLI). A layer uses only the layers
//! before it; `ARCHITECTURE.md` is the map.
//!
//! # Example
//!
//! Compile a definition, list the legal moves of its start position, play one and count the
//! replies (perft 1):
//!
//! ```
//! use chimera::{compile_str, move_text, parse_move, to_fen, Engine};
//!
//! let text = r#"variant "Tiny"
//! board 3x3
//! players White, Black
//! piece King K { moves K royal }
//! piece Rook R { moves R }
//! start "k2/3/K1R w - - 0 1"
//! "#;
//! let rules = compile_str("tiny.variant", text, std::path::Path::new("."))?;
//! let engine = Engine::new(rules)?;
//! let start = engine.start_position();
//! let mut moves: Vec<String> = engine
//!     .legal_moves(&start)
//!     .into_iter()
//!     .map(|m| move_text(&engine, &start, m))
//!     .collect();
//! moves.sort();
//! // The white king may not step next to the black one.
//! assert_eq!(moves, ["a1b1", "c1b1", "c1c2", "c1c3"]);
//! let played = engine.play(&start, parse_move(&engine, &start, "c1c3")?);
//! assert_eq!(to_fen(&engine, &played), "k1R/3/K2 b - - 1 1");
//! // Checkmate: the black king has no move.
//! assert_eq!(engine.perft(&played, 1), 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]
#![warn(unreachable_pub)]

// The public API, and the rule that keeps it small:
//
// - The core (layers 1-6 of ARCHITECTURE.md: foundations, syntax, rule-set vocabulary, compiler,
//   engine, and the engine's users search, notation and render) is private modules. What a caller
//   may use of it is the `pub use` list below, flat at the crate root as shakmaty's is; an item
//   not in the list is `pub(crate)` at most (`unreachable_pub` holds us to it). Names in the list
//   are unique: two things of one name are renamed at their definition.
// - Tools and front ends (layers 7-9: `analysis`, `interop`, `repl`, `protocol`, `studio`, `lsp`,
//   `matches`, `cli`) are programs built on the core. Each is one public module, whole, used by the
//   binary and the tests; their items are not re-exported at the root.
//
// A new core entry point goes into the list with a doctest; a new front end becomes a `pub mod`.

mod betza;
mod compile;
mod describe;
mod diagnostics;
mod engine;
mod fen;
mod geometry;
mod markup;
mod notation;
mod render;
mod rules;
mod search;
mod sheet;
mod shipped;
mod suggest;
mod syntax;

pub mod analysis;
#[cfg(feature = "cli")]
pub mod cli;
pub mod interop;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod matches;
pub mod protocol;
pub mod repl;
pub mod studio;

// Foundations: squares and players, diagnostics, the shipped definitions.
pub use diagnostics::{line_col, Code, Diagnostics, Note, SourceError, SourceFile};
pub use geometry::{
    ByPlayer, Dimensions, Offset, Player, PlayerSquares, Square, SquareSet, MAX_SIDE, MAX_SQUARES,
};
pub use shipped::Shipped;

// Syntax: the formatter (a definition's text in its canonical layout).
pub use syntax::format::{
    format as format_definition, tokens as format_tokens, FormatError, Token,
};

// The rule-set vocabulary: what the compiler makes and the engine reads.
pub use betza::{parse as parse_betza, BetzaError};
pub use fen::{FenError, HandPiece, Setup, SetupPiece, MAX_IN_HAND};
pub use rules::{
    About, Board, Castling, Confinement, DropRules, GameEnd, Gating, Glyph, Goal, Hop, KindSet,
    Leg, LegMode, MoveLimit, MovePattern, MoveRule, Outcome, PassRule, PathDef, PathId, PathRide,
    PieceDef, PieceKind, Promotion, PromotionMode, RenderHints, RideDirection, RoyalRule, RuleSet,
    SvgGlyph, ZoneId, ZoneRef, MAX_GLYPH_CHARS, MAX_PIECE_KINDS,
};
// Tuned evaluation weights (`chimera tune`): the values, and the `NAME.weights` file they live in.
pub use compile::weights;
pub use rules::{KindWeights, Weights};
pub use sheet::{Section, Sheet};

// The compiler: text → checked `RuleSet`, or every error.
pub use compile::{
    check_file, check_named, check_str, compile_bytes, compile_file, compile_str, looks_like_url,
    Checked,
};

// The engine: positions, moves, games.
pub use engine::{
    default_perft_threads, CastleSide, CastlingRights, DiagramMark, Ending, Engine, EngineError,
    Game, GameResult, Gate, Move, MoveDetail, MoveKind, Piece, Position, Status, StepTaken,
    Stretch, TableMove, MAX_EDITS, MAX_PERFT_DEPTH, MAX_PERFT_THREADS,
};

// The engine's users: the computer player, notation, pictures.
pub use notation::pgn::{
    parse_pgn, play_raw, read_pgn, write_pgn, PgnError, PgnGame, RawGame, RawMove, Tags,
    MAX_BYTES as MAX_PGN_BYTES, MAX_GAMES as MAX_PGN_GAMES, MAX_PLIES as MAX_PGN_PLIES,
    MAX_TAGS as MAX_PGN_TAGS,
};
pub use notation::san::{san, san_among};
pub use notation::{move_text, parse_fen, parse_move, to_fen, MoveError};
#[cfg(feature = "render")]
pub use render::tiny_skia;
pub use render::{
    diagram_square, find_piece, fonts_available, parse_last_move, render_piece, render_position,
    square_centre, svg_to_png, write_picture, RenderError, RenderOptions,
};
pub use search::eval::{FEATURES_PER_KIND, TEMPO};
pub use search::{
    clock_budget, evaluate, piece_values, Budget, Clock, Evaluator, Info, Limits, Score,
    SearchResult, Searcher, MAX_DEPTH, MAX_HASH_MB,
};
