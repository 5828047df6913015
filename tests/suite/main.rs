//! The pure-Rust tests, one module per subject, in one binary: each test binary links the whole
//! crate, so one binary builds far faster than thirty. `cargo test --test suite` runs them.

#[path = "../common/mod.rs"]
mod common;
#[path = "../gui/mod.rs"]
mod gui;

mod about;
mod analysis;
mod architecture;
mod betza;
mod capture_and_extinction;
mod check_cli;
mod chess960;
mod computer_side;
mod counting;
mod diagnostics;
mod engine_bugs;
mod engine_limits;
mod explosions;
mod fast_path;
mod fen;
mod first_move;
mod flag_rules;
mod flipping;
mod fuzz_findings;
mod game_rules;
mod installed;
mod leaf_count;
mod lsp;
mod lsp_fmt;
mod mangle;
mod matches;
mod mechanisms;
mod perft;
mod perft_threads;
mod pgn;
mod properties;
mod publish;
mod records;
mod render;
mod repl;
mod repl_pty;
mod repl_scripts;
mod rules_sheet;
mod san;
mod search;
mod seed_octal;
mod seed_shoxiang;
mod seed_xiangfu;
mod studio_http;
mod study;
mod tune;
mod uci_protocol;
mod walls;
mod xboard_protocol;
