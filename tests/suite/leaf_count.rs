//! Perft's last ply counts moves without listing them: on boards of at most 64 squares from
//! 64-bit words (leaps, slides cut at their first blocker, lame leaps, double steps), and it
//! answers most legality tests from the attackers' words. The count must equal the length of
//! the legal move list in every position: here in the positions of seeded random games of every
//! shipped definition, and of small-board definitions built to exercise each kind of move.

use crate::common;

use chimera::compile_str;
use chimera::to_fen;
use chimera::{Engine, Position};
use std::path::Path;

/// A fixed pseudo-random sequence (the games must be the same on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays `games` random games of up to `plies` moves; in every position reached, compares
/// perft 1 (the leaf count) with the number of legal moves listed. Returns the positions seen.
fn compare_in_random_games(name: &str, e: &Engine, games: usize, plies: usize) -> usize {
    let mut rng = Lcg(0x5eed ^ name.len() as u64);
    let mut seen = 0;
    for game in 0..games {
        let mut pos: Position = e.start_position();
        for ply in 0..plies {
            let moves = e.legal_moves(&pos);
            let counted = e.perft(&pos, 1);
            assert_eq!(
                counted,
                moves.len() as u64,
                "{name}, game {game}, ply {ply}: the leaf count differs from the move list in {}",
                to_fen(e, &pos)
            );
            seen += 1;
            if moves.is_empty() {
                break;
            }
            pos = e.play(&pos, moves[rng.below(moves.len())]);
        }
    }
    seen
}

#[test]
fn the_leaf_count_equals_the_move_list_in_random_games_of_every_shipped_definition() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("definitions/")
        .flatten()
        .map(|f| f.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".variant"))
        .collect();
    names.sort();
    assert!(names.len() >= 30, "{names:?}");
    for name in &names {
        let e = common::load(name);
        let seen = compare_in_random_games(name, &e, 24, 100);
        assert!(seen >= 12, "{name}: only {seen} positions");
    }
}

/// An 8x8 game whose pieces use every move the words hold, and some they do not.
const SMALL: &str = r#"
variant "Word moves"
board 8x8
players White, Black
zone last_rank = rank 8
piece King K { moves K royal }
piece Horse H { moves nN }
piece Elephant E { moves nA }
piece Mover M { moves mRcB }
piece Nightrider S { moves NN }
piece Cannon C { moves mRcpR }
piece Grasshopper G { moves gQ }
piece Pawn P {
  moves fmWfceFifmnD
  promotes to Horse, Mover in last_rank forced
}
start "k1s1ecgh/ppmpppp1/8/8/8/8/1PPPPMPP/HGCE1S1K w - - 0 1"
"#;

fn small() -> Engine {
    let rules = compile_str("word-moves.variant", SMALL, Path::new("."))
        .unwrap_or_else(|d| panic!("{}", d.render_plain()));
    Engine::new(rules).expect("engine")
}

#[test]
fn the_leaf_count_equals_the_move_list_with_lame_leaps_riders_hoppers_and_one_way_slides() {
    let e = small();
    let seen = compare_in_random_games("word-moves", &e, 40, 120);
    assert!(seen > 1000, "{seen} positions");
}

#[test]
fn a_slide_that_only_moves_and_a_diagonal_that_only_captures_count_apart() {
    // The Mover on d4: `mR` to the empty squares of its rank and file up to the first piece
    // (d5 blocked by the pawn: d1 d2 d3, a4 b4 c4 e4 f4 g4 h4 -> 10), `cB` only onto an enemy
    // it reaches diagonally (the pawn on f6; g7 lies beyond it; b6's pawn is its own): 1.
    let e = small();
    let p = common::pos(&e, "k7/8/1P3p2/3P4/3M4/8/8/7K w - - 0 1");
    let from_d4 = common::moves_of(&e, "k7/8/1P3p2/3P4/3M4/8/8/7K w - - 0 1", "d4");
    assert_eq!(
        common::sorted(from_d4),
        common::strs(&[
            "d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4e4", "d4f4", "d4f6", "d4g4", "d4h4"
        ])
    );
    assert_eq!(e.perft(&p, 1), e.legal_moves(&p).len() as u64);
}

#[test]
fn a_pawn_beside_an_en_passant_target_is_counted_with_the_capture() {
    // After ...e7e5 the pawn on d5 may take en passant on e6; the one on a2 may not, and is
    // counted from the words. d5: d6, e6 en passant -> 2; a2: a3, a4 -> 2; king h1: g1 g2 h2.
    let e = common::load("chess.variant");
    let p = common::pos(&e, "k7/8/8/3Pp3/8/8/P7/7K w - e6 0 2");
    assert_eq!(e.perft(&p, 1), 7);
    assert_eq!(e.legal_moves(&p).len(), 7);
}

#[test]
fn a_pinned_piece_and_castling_are_tested_from_the_words() {
    // The knight on e2 is pinned by the rook on e8: it has no move. Castling king side passes
    // f1, which the bishop on h3 attacks: not allowed, nor is the king's step there; queen
    // side is free.
    let e = common::load("chess.variant");
    let fen = "k3r3/8/8/8/8/7b/4N3/R3K2R w KQ - 0 1";
    let p = common::pos(&e, fen);
    let listed = common::all_moves(&e, fen);
    assert!(!listed.iter().any(|m| m.starts_with("e2")), "{listed:?}");
    assert!(listed.contains(&"e1c1".to_string()), "{listed:?}");
    assert!(!listed.contains(&"e1g1".to_string()), "{listed:?}");
    assert!(!listed.contains(&"e1f1".to_string()), "{listed:?}");
    assert_eq!(e.perft(&p, 1), listed.len() as u64);
    assert_eq!(e.perft(&p, 2), {
        e.legal_moves(&p)
            .into_iter()
            .map(|m| e.legal_moves(&e.play(&p, m)).len() as u64)
            .sum::<u64>()
    });
}
