//! Engine bugs found on positions that show them, each kept as the position and the exact
//! legal moves (the move list and perft's leaf count, which takes other paths, both).

use crate::common;

use chimera::compile_str;
use chimera::Engine;
use std::path::Path;

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// The legal moves of `fen`, sorted, after checking that perft 1 counts as many.
fn listed(e: &Engine, fen: &str) -> Vec<String> {
    let moves = common::all_moves(e, fen);
    let p = common::pos(e, fen);
    assert_eq!(e.perft(&p, 1), moves.len() as u64, "{fen}: {moves:?}");
    moves
}

/// Two generals that may not face each other on an open file, and a knight.
fn facing(board: &str, start: &str) -> Engine {
    engine(&format!(
        "variant \"F\" board {board} piece General K {{ moves W royal }} \
         piece Knight N {{ moves N }} facing start \"{start}\""
    ))
}

#[test]
fn facing_pins_the_piece_between_the_royals_on_a_small_board() {
    // The knight on e7 is all that stands between the generals on the e-file: it may not leave
    // it, so Black has only the general's two side steps (e7 is its own knight's).
    let e = facing("8x8", "4k3/4n3/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        listed(&e, "4k3/4n3/8/8/8/8/8/4K3 b - - 0 1"),
        common::strs(&["e8d8", "e8f8"])
    );
    // Perft 2, counted at the last ply without listing, equals the sum of the listed replies.
    let p = common::pos(&e, "4k3/4n3/8/8/8/8/8/4K3 b - - 0 1");
    let by_list: u64 = e
        .legal_moves(&p)
        .into_iter()
        .map(|m| e.legal_moves(&e.play(&p, m)).len() as u64)
        .sum();
    assert_eq!(e.perft(&p, 2), by_list);
}

#[test]
fn facing_pins_the_same_way_on_a_large_board() {
    let e = facing("9x9", "4k4/4n4/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(
        listed(&e, "4k4/4n4/9/9/9/9/9/9/4K4 b - - 0 1"),
        common::strs(&["e9d9", "e9f9"])
    );
}

#[test]
fn a_general_may_not_step_onto_the_open_file_of_the_other() {
    // White's general on d1 may not step to e1: the e-file is open up to Black's general on e8.
    // Its other steps, c1 and d2, remain.
    let e = facing("8x8", "4k3/4n3/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        listed(&e, "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
        common::strs(&["d1c1", "d1d2"])
    );
}

#[test]
fn duple_check_allows_a_promotion_to_a_second_king_that_leaves_the_first_attacked() {
    // Spartan Chess: the hoplite on g2 shields Black's king on g1 from the queen on g4. Its
    // promotion to a king on h1 opens the g-file onto g1, but under duple check only both kings
    // attacked is check, and h1 is not: the move is legal (Fairy-Stockfish lists it too, 13
    // moves in all).
    let e = common::load("spartan.variant");
    let fen = "8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1";
    let moves = listed(&e, fen);
    assert!(moves.contains(&"g2h1k".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 13, "{moves:?}");
    // Its other promotions on h1 leave the one king attacked: refused.
    assert!(!moves.contains(&"g2h1g".to_string()), "{moves:?}");
}

#[test]
fn a_promotion_to_a_royal_onto_an_attacked_square_is_refused_without_duple_check() {
    // Under the plain royal rule every royal must be safe: the pawn may not become a second
    // king on e8, which the rook on h8 attacks along the rank; it may become a rook there.
    let e = engine(
        "variant \"R\" board 8x8 zone last_rank = rank 8 \
         piece King K { moves K royal } piece Rook R { moves R } \
         piece Pawn P { moves fmW promotes to King, Rook in last_rank forced } \
         start \"k6r/4P3/8/8/8/8/8/K7 w - - 0 1\"",
    );
    let moves = listed(&e, "k6r/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert!(!moves.contains(&"e7e8k".to_string()), "{moves:?}");
    assert!(moves.contains(&"e7e8r".to_string()), "{moves:?}");
    assert_eq!(moves, common::strs(&["a1a2", "a1b1", "a1b2", "e7e8r"]));
}
