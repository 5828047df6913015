//! Helpers shared by the rule tests: load a definition, read a FEN, list legal moves as sorted text.
#![allow(dead_code)]

pub mod fsf;

use chimera::compile_file;
use chimera::{move_text, parse_fen, parse_move};
use chimera::{Engine, Position};
use std::path::Path;

/// The definition `definitions/<name>`, compiled.
pub fn load(name: &str) -> Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    let rules =
        compile_file(&path).unwrap_or_else(|d| panic!("{}: {:?}", name, miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// A position from a FEN, which the test knows to be valid.
pub fn pos(e: &Engine, fen: &str) -> Position {
    parse_fen(e, fen).unwrap_or_else(|err| panic!("{}: {}", fen, err))
}

/// The list, sorted.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Move texts, sorted, for comparing with a move list.
pub fn strs(v: &[&str]) -> Vec<String> {
    sorted(v.iter().map(|s| s.to_string()).collect())
}

/// The legal moves in `p`, as text, sorted.
pub fn moves_in(e: &Engine, p: &Position) -> Vec<String> {
    sorted(
        e.legal_moves(p)
            .into_iter()
            .map(|m| move_text(e, p, m))
            .collect(),
    )
}

/// The legal moves of the piece on `sq`, as text, sorted.
pub fn moves_of(e: &Engine, fen: &str, sq: &str) -> Vec<String> {
    let p = pos(e, fen);
    let s = e.rules().board.dims.parse_square(sq).expect("square");
    sorted(
        e.legal_moves_from(&p, s)
            .into_iter()
            .map(|m| move_text(e, &p, m))
            .collect(),
    )
}

/// All legal moves of the side to move, as text, sorted.
pub fn all_moves(e: &Engine, fen: &str) -> Vec<String> {
    moves_in(e, &pos(e, fen))
}

/// Plays the moves in order from `fen` and returns the position reached.
pub fn after(e: &Engine, fen: &str, moves: &[&str]) -> Position {
    let mut p = pos(e, fen);
    for m in moves {
        let mv = parse_move(e, &p, m).unwrap_or_else(|err| panic!("{}: {}", m, err));
        p = e.play(&p, mv);
    }
    p
}

/// Whether the report names `file:line:column` for `file`.
pub fn located_in(stderr: &str, file: &str) -> bool {
    stderr.split(&format!("{file}:")).skip(1).any(|rest| {
        let mut parts = rest.splitn(3, ':');
        let line = parts.next().unwrap_or("");
        let col: String = parts
            .next()
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit()) && !col.is_empty()
    })
}
