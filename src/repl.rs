//! The REPL and script runner.
