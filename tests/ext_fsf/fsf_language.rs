//! The definitions of issue 14 against Fairy-Stockfish's built-in variants of the same name:
//! the same legal moves at every node to depth 3 (2 for the large boards) from the start, and to
//! depth 2 from positions of random games. Positions reach Fairy-Stockfish as its start FEN plus
//! the move line, so history-dependent rules (passes, bikjang, checks given) are compared too.

use crate::common;
use common::fsf::{compare_tree, random_lines, Fsf};

/// Compares `definition` with Fairy-Stockfish's `variant`: the start position to `depth`, then
/// `games` random games of up to `plies` moves, each to depth 2; returns the leaf counts.
fn agrees(definition: &str, variant: &str, depth: u32, games: usize, plies: usize) -> Vec<u64> {
    let engine = common::load(definition);
    let mut fsf = Fsf::start();
    // Variants Fairy-Stockfish defines in its variants.ini rather than in its code.
    let ini = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fsf/ini/catalogue.ini");
    let text = std::fs::read_to_string(&ini).unwrap_or_else(|e| panic!("{}: {e}", ini.display()));
    assert!(fsf.load(&text).iter().any(|v| v == "shogun"));
    let mut counts = vec![
        compare_tree(&engine, &mut fsf, variant, &[], depth).unwrap_or_else(|e| panic!("{e}"))
    ];
    for line in random_lines(&engine, 14, games, plies) {
        counts.push(
            compare_tree(&engine, &mut fsf, variant, &line, 2).unwrap_or_else(|e| panic!("{e}")),
        );
    }
    counts
}

#[test]
fn shatranj_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("shatranj.variant", "shatranj", 3, 8, 80)[0], 4176);
}

#[test]
fn kingofthehill_agrees_with_fairy_stockfish() {
    assert_eq!(
        agrees("kingofthehill.variant", "kingofthehill", 3, 8, 60)[0],
        8902
    );
}

#[test]
fn three_check_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("3check.variant", "3check", 3, 8, 60)[0], 8902);
}

#[test]
fn racingkings_agrees_with_fairy_stockfish() {
    assert_eq!(
        agrees("racingkings.variant", "racingkings", 3, 8, 60)[0],
        11264
    );
}

#[test]
fn spartan_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("spartan.variant", "spartan", 3, 8, 60)[0], 14244);
}

#[test]
fn grand_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("grand.variant", "grand", 2, 6, 60)[0], 4225);
}

#[test]
fn janggi_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("janggi.variant", "janggi", 3, 8, 60)[0], 33000);
}

#[test]
fn kyotoshogi_agrees_with_fairy_stockfish() {
    assert_eq!(
        agrees("kyotoshogi.variant", "kyotoshogi", 3, 10, 80)[0],
        1636
    );
}

#[test]
fn seirawan_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("seirawan.variant", "seirawan", 3, 10, 60)[0], 24830);
}

#[test]
fn shogun_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("shogun.variant", "shogun", 3, 10, 80)[0], 8978);
}

#[test]
fn chak_agrees_with_fairy_stockfish() {
    assert_eq!(agrees("chak.variant", "chak", 3, 10, 100)[0], 37526);
}

#[test]
fn sittuyin_agrees_with_fairy_stockfish() {
    // The random games run past the setup phase (16 drops) into promotions.
    assert_eq!(agrees("sittuyin.variant", "sittuyin", 2, 10, 120)[0], 7744);
}
