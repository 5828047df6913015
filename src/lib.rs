//! Chimera: an interpreter for declarative chess-variant definitions.
//!
//! Layers, in the order data flows: [`syntax`] (text → AST with spans) → [`compile`] (semantic
//! checks, AST → [`rules::RuleSet`]) → [`engine`] (move tables, positions, move generation,
//! outcome, perft) → [`search`] (game-playing search and evaluation) → [`notation`] (FEN and move text) → front ends ([`repl`], [`render`], the CLI).
//! A layer uses only the layers before it.

pub mod analysis;
pub mod betza;
pub mod cli;
pub mod compile;
pub mod diagnostics;
pub mod engine;
pub mod fen;
pub mod geometry;
pub mod interop;
pub mod notation;
pub mod protocol;
pub mod render;
pub mod repl;
pub mod rules;
pub mod search;
pub mod sheet;
pub mod shipped;
pub mod syntax;
