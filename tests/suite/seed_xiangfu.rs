//! Xiang Fu (RULES.md §3): every rule proven on a position built for it, asserting the exact legal
//! moves of the piece or side concerned. Its perft is in tests/perft/xiang-fu.perft.
//!
//! The board is 9x9, Red (uppercase, `w`) below. The Champion is written `+G` (a promoted Pupil),
//! so a captured Champion enters the captor's hand as a Pupil `G`. The Ring is c3-g7.

use chimera::compile_file;
use chimera::Player;
use chimera::{parse_move, to_fen};
use chimera::{Engine, Game, GameResult, Status};
use std::path::Path;
use std::sync::Arc;

use crate::common;
use common::{after, moves_in, moves_of, pos, sorted, strs};

/// The Xiang Fu definition, compiled.
fn load() -> Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/xiang-fu.variant");
    let rules = compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// The drop moves of the side to move, as text, sorted.
fn drops(e: &Engine, fen: &str) -> Vec<String> {
    moves_in(e, &pos(e, fen))
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect()
}

#[test]
fn champions_are_confined_to_the_ring() {
    let e = load();
    // A Champion in each corner of the Ring c3-g7: Red c3 and g7, Black c7 and g3.
    let red = "9/9/2+g3+G2/9/9/9/2+G3+g2/9/9 w - - 0 1";
    assert_eq!(moves_of(&e, red, "c3"), strs(&["c3c4", "c3d3", "c3d4"]));
    assert_eq!(moves_of(&e, red, "g7"), strs(&["g7f6", "g7f7", "g7g6"]));
    let black = "9/9/2+g3+G2/9/9/9/2+G3+g2/9/9 b - - 0 1";
    assert_eq!(moves_of(&e, black, "c7"), strs(&["c7c6", "c7d6", "c7d7"]));
    assert_eq!(moves_of(&e, black, "g3"), strs(&["g3f3", "g3f4", "g3g4"]));
}

#[test]
fn with_two_champions_a_move_is_legal_when_one_champion_is_not_attacked_afterwards() {
    let e = load();
    // Red Champions e3 and g3; Black Chariots on e9 (the e-file) and a4 (rank 4).
    let fen = "4r4/9/2+g3+g2/9/9/r8/4+G1+G2/9/9 w - - 0 1";
    // e3 is attacked already; g3 may only go where it stays unattacked (f3), since g4 and f4
    // are on the Chariot's rank.
    assert_eq!(moves_of(&e, fen, "g3"), strs(&["g3f3"]));
    // One Champion attacked out of two is not check.
    assert!(!e.in_check(&pos(&e, fen)));
    // While g3 is safe, e3 may step anywhere, even onto attacked squares (d4, e4, f4).
    assert_eq!(
        moves_of(&e, fen, "e3"),
        strs(&["e3d3", "e3d4", "e3e4", "e3f3", "e3f4"])
    );
}

#[test]
fn duple_checkmate_ends_the_game() {
    let e = load();
    // Red Champions c3 and g3, both attacked by Chariots on c9 and g9; every square they could
    // step to is attacked (Chariots d9 and f9, Black Champion e5). Red has nothing else.
    let fen = "2rr1rr2/9/4+g4/9/4+g4/9/2+G3+G2/9/9 w - - 0 1";
    let p = pos(&e, fen);
    assert!(e.in_check(&p));
    assert_eq!(moves_in(&e, &p), strs(&[]));
    assert_eq!(
        e.status(&p),
        Status::Checkmate(GameResult::Win(Player::Second))
    );
}

#[test]
fn captured_champion_goes_to_hand_as_a_pupil_and_the_last_champion_is_an_ordinary_royal() {
    let e = load();
    // The Red Chariot e1 captures the Black Champion e7; the other stands on c7.
    let fen = "9/9/2+g1+g4/9/6+G2/9/6+G2/9/4R4 w - - 0 1";
    let p = after(&e, fen, &["e1e7"]);
    assert_eq!(
        to_fen(&e, &p).split(' ').next().unwrap(),
        "9/9/2+g1R4/9/6+G2/9/6+G2/9/9[G]"
    );
    // The lone Champion c7 is in check from the Chariot along rank 7 and must leave it: d7 stays
    // on the rank, c6 and d6 are safe.
    assert!(e.in_check(&p));
    assert_eq!(e.status(&p), Status::Ongoing { check: true });
    assert_eq!(moves_in(&e, &p), strs(&["c7c6", "c7d6"]));
}

#[test]
fn pupil_is_a_non_royal_king_mover_free_of_the_ring() {
    let e = load();
    // Red Pupil a1 (outside the Ring); a Black Chariot on i2 attacks a2 and b2: a royal piece
    // could not go there, the Pupil may.
    let fen = "9/9/2+g3+g2/9/9/9/4+G1+G2/8r/G8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "a1"), strs(&["a1a2", "a1b1", "a1b2"]));
}

#[test]
fn drops_only_on_the_droppers_first_two_ranks() {
    let e = load();
    let two_ranks = |ranks: [u32; 2], letter: &str| -> Vec<String> {
        let mut v = Vec::new();
        for r in ranks {
            for f in "abcdefghi".chars() {
                v.push(format!("{}@{}{}", letter, f, r));
            }
        }
        sorted(v)
    };
    // Red holds a Chariot: all 18 empty squares of ranks 1-2, nowhere else.
    let fen = "9/9/2+g3+g2/9/9/9/4+G1+G2/9/9[Rr] w - - 0 1";
    assert_eq!(drops(&e, fen), two_ranks([1, 2], "R"));
    // Black holds one too: ranks 8-9.
    let fen = "9/9/2+g3+g2/9/9/9/4+G1+G2/9/9[Rr] b - - 0 1";
    assert_eq!(drops(&e, fen), two_ranks([8, 9], "R"));
}

#[test]
fn crossbow_captures_diagonally_over_exactly_one_screen() {
    let e = load();
    // Red Crossbow d4. North-east: e5 empty, f6 a Black Chariot (screen), g7 empty, h8 a Black
    // Horse (captured). North-west: a Black Cannon on c5 with no screen before it (not captured).
    // South-east: the Red Horse e3 (screen), f2 empty, g1 a Black Bishop (captured).
    // South-west: c3, b2, a1 empty.
    let fen = "9/7n1/3+g+g4/5r3/2c6/3W2+G2/4N1+G2/9/6b2 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "d4"),
        strs(&["d4a1", "d4b2", "d4c3", "d4e5", "d4g1", "d4h8"])
    );
}

#[test]
fn mahout_moves_two_squares_any_direction_and_is_blocked_by_the_middle_square() {
    let e = load();
    // Red Mahout e5; the Red Horse e6 blocks e7, the Black Bishop d4 blocks c3.
    let fen = "9/9/3+g1+g3/4N4/4M4/3b5/3+G1+G3/9/9 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e5"),
        strs(&["e5c5", "e5c7", "e5e3", "e5g3", "e5g5", "e5g7"])
    );
}

#[test]
fn bishop_is_blocked_like_a_chess_bishop() {
    let e = load();
    // Red Bishop e5; the Red Horse f6 blocks north-east, the Black Cannon c3 is captured and stops
    // it south-west.
    let fen = "9/9/4+G4/5N+g2/4B1+g2/9/2c1+G4/9/9 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e5"),
        strs(&["e5a9", "e5b8", "e5c3", "e5c7", "e5d4", "e5d6", "e5f4", "e5g3", "e5h2", "e5i1",])
    );
}

#[test]
fn stalemate_is_a_draw() {
    let e = load();
    // Black's last Champion c7 is not attacked; c6, d6 and d7 are (Chariots a6 and d1).
    let fen = "9/9/2+g6/R8/9/9/4+G1+G2/9/3R5 b - - 0 1";
    let p = pos(&e, fen);
    assert!(!e.in_check(&p));
    assert_eq!(moves_in(&e, &p), strs(&[]));
    assert_eq!(e.status(&p), Status::Stalemate(GameResult::Draw));
}

#[test]
fn threefold_repetition_is_a_draw() {
    let e = Arc::new(load());
    let start = pos(&e, "8r/9/2+g3+g2/9/9/9/4+G1+G2/9/R8 w - - 0 1");
    let mut g = Game::new(e.clone(), start);
    for (i, m) in [
        "a1a2", "i9i8", "a2a1", "i8i9", "a1a2", "i9i8", "a2a1", "i8i9",
    ]
    .iter()
    .enumerate()
    {
        assert!(!g.status().is_over(), "over too early, before ply {}", i);
        let mv = parse_move(&e, g.position(), m).unwrap_or_else(|err| panic!("{}: {}", m, err));
        g.play(mv);
    }
    // The position after the eighth ply is the start position, seen for the third time.
    assert_eq!(g.status(), Status::Repetition(GameResult::Draw));
}
