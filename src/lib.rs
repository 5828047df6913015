//! Chimera: an interpreter for declarative chess-variant definitions.
//!
//! Layers, in the order data flows: [`syntax`] (text → AST with spans) → [`compile`] (semantic
//! checks, AST → [`rules::RuleSet`]) → [`engine`] (move tables, positions, move generation,
//! outcome, perft) → [`search`] (game-playing search and evaluation) → [`notation`] (FEN and move
//! text) → front ends ([`repl`], [`render`], the CLI).
//! A layer uses only the layers before it.
//!
//! # Example
//!
//! Compile a definition, list the legal moves of its start position, play one and count the
//! replies (perft 1):
//!
//! ```
//! use chimera::compile::compile_str;
//! use chimera::engine::Engine;
//! use chimera::notation::{move_text, parse_move, to_fen};
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

pub mod analysis;
pub mod betza;
#[cfg(feature = "cli")]
pub mod cli;
pub mod compile;
pub mod describe;
pub mod diagnostics;
pub mod engine;
pub mod fen;
pub mod geometry;
pub mod interop;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod markup;
pub mod matches;
pub mod notation;
pub mod protocol;
pub mod render;
pub mod repl;
pub mod rules;
pub mod search;
pub mod sheet;
pub mod shipped;
pub mod studio;
pub mod suggest;
pub mod syntax;
