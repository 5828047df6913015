//! Tests against Fairy-Stockfish through its Python bindings (pyffish, installed in `.venv` by
//! `scripts/setup.sh`): `cargo test --features ext --test ext_fsf`.

#[path = "../common/mod.rs"]
mod common;

mod differential_fsf;
mod fsf_builtin;
mod fsf_export;
mod fsf_import;
mod fsf_language;
