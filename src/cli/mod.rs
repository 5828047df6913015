//! Front ends of the command line: they parse arguments, print and choose the exit code.

pub mod analyze;
pub mod check;
pub mod export;
pub mod fmt;
pub mod import;
pub mod list;
pub mod matches;
pub mod perft;
pub mod pgn;
pub mod protocol;
pub mod render;
pub mod repl;
pub mod rules;
#[cfg(feature = "web")]
pub mod serve;
pub mod study;
pub mod tune;
