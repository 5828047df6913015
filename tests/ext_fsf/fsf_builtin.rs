//! The pyffish driver and the move-name mapping, proved on Fairy-Stockfish's built-in variants:
//! Chimera's shipped chess, crazyhouse, xiangqi, shogi and minishogi have the same legal moves
//! as Fairy-Stockfish's variants of those names, at every node two plies deep from the start
//! and from positions of random games.

use crate::common;
use common::fsf::{compare_tree, random_lines, Fsf};

/// Compares `definition` with Fairy-Stockfish's built-in `variant`: the start position to
/// `depth`, then `games` random games of up to `plies` moves, each to depth 2.
fn agrees(definition: &str, variant: &str, depth: u32, games: usize, plies: usize) -> Vec<u64> {
    let engine = common::load(definition);
    let mut fsf = Fsf::start();
    let mut counts = vec![
        compare_tree(&engine, &mut fsf, variant, &[], depth).unwrap_or_else(|e| panic!("{e}"))
    ];
    for line in random_lines(&engine, 15, games, plies) {
        counts.push(
            compare_tree(&engine, &mut fsf, variant, &line, 2).unwrap_or_else(|e| panic!("{e}")),
        );
    }
    counts
}

#[test]
fn chess_agrees_with_fairy_stockfish() {
    // perft 3 of chess from the start is 8902 in every program.
    assert_eq!(agrees("chess.variant", "chess", 3, 8, 60)[0], 8902);
}

#[test]
fn crazyhouse_agrees_with_fairy_stockfish() {
    assert_eq!(
        agrees("crazyhouse.variant", "crazyhouse", 3, 8, 60)[0],
        8902
    );
}

#[test]
fn xiangqi_agrees_with_fairy_stockfish() {
    // perft 2 of xiangqi from the start: 44 * 44 = 1920 (the cannons' screens change some counts).
    assert_eq!(agrees("xiangqi.variant", "xiangqi", 2, 8, 60)[0], 1920);
}

#[test]
fn shogi_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("shogi.variant", "shogi", 2, 8, 60)[0], 900);
}

#[test]
fn minishogi_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("minishogi.variant", "minishogi", 3, 8, 60)[0], 2512);
}

#[test]
fn a_wrong_move_name_is_an_error_not_a_crash() {
    let mut fsf = Fsf::start();
    let fen = fsf.start_fen("chess");
    let err = fsf
        .legal_moves("chess", &fen, &["e2e5".to_string()])
        .expect_err("e2e5 is illegal");
    assert!(err.contains("e2e5"), "{err}");
    // the driver is still there after the error
    assert_eq!(fsf.legal_moves("chess", &fen, &[]).map(|m| m.len()), Ok(20));
}
