//! Octal XiangQi, SpiderQi and Queen Perquisites XiangQi (RULES.md §2): every rule proven on a
//! position built for it, asserting the exact legal moves of the piece or side concerned. The perft
//! counts of all three are in `tests/perft/`.
//!
//! Boards are 8x8, Red (uppercase, `w`) below; the river lies between ranks 4 and 5.

use chimera::Player;
use chimera::{GameResult, Status};

use crate::common;
use common::{all_moves, load, moves_of, pos, strs};

const OCTAL: &str = "octal-xiangqi.variant";
const SPIDER: &str = "spiderqi.variant";
const QUEEN: &str = "queen-perquisites-xiangqi.variant";

// ---------------------------------------------------------------------------------------------
// Octal XiangQi (RULES.md 2.3, 2.4)
// ---------------------------------------------------------------------------------------------

#[test]
fn mao_is_blocked_at_its_first_step() {
    let e = load(OCTAL);
    // Red Mao e4; a Red Soldier on e5 blocks the step up, so d6 and f6 are out of reach.
    let fen = "3k4/8/8/4P3/4H3/8/8/4K3 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e4"),
        strs(&["e4c3", "e4c5", "e4d2", "e4f2", "e4g3", "e4g5"])
    );
}

#[test]
fn minister_is_blocked_at_its_first_step() {
    let e = load(OCTAL);
    // Red Minister e3; a Red Soldier on d4 blocks the way to c5.
    let fen = "3k4/8/8/8/3P4/4E3/8/4K3 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e3"), strs(&["e3c1", "e3g1", "e3g5"]));
}

#[test]
fn minister_may_cross_the_river_and_gains_the_sideways_step_beyond_it() {
    let e = load(OCTAL);
    // Red Ministers on c3 (own half) and c6 (beyond the river).
    let fen = "3k4/8/2E5/8/8/2E5/8/7K w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "c3"),
        strs(&["c3a1", "c3a5", "c3e1", "c3e5"])
    );
    assert_eq!(
        moves_of(&e, fen, "c6"),
        strs(&["c6a4", "c6a8", "c6b6", "c6d6", "c6e4", "c6e8"])
    );
}

#[test]
fn advisor_moves_diagonally_and_captures_only_as_a_wide_knight() {
    let e = load(OCTAL);
    // Red Advisor d3; Black Soldiers on c4 (diagonal: not capturable) and b4 (a wide-knight leap:
    // captured). The empty wide-knight squares b2, f2, f4 are not moves.
    let fen = "3k4/8/8/8/1pp5/3A4/8/4K3 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "d3"),
        strs(&["d3b4", "d3c2", "d3e2", "d3e4"])
    );
}

#[test]
fn advisor_never_crosses_the_river() {
    let e = load(OCTAL);
    // Red Advisor d4; c5 and e5 are empty, Black Soldiers on b5 and f5 stand a wide knight away:
    // all beyond the river.
    let fen = "3k4/8/8/1p3p2/3A4/8/8/4K3 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "d4"), strs(&["d4c3", "d4e3"]));
}

#[test]
fn general_never_crosses_the_river_except_to_capture_the_enemy_general() {
    let e = load(OCTAL);
    // Red General e4; a Black Soldier on d6 shuts the d-file to the Black General d8.
    let fen = "3k4/8/3p4/8/4K3/8/8/8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4d4", "e4e3", "e4f4"]));
    // Not even to capture an ordinary piece: the Black Minister on e5 is safe.
    let fen = "3k4/8/3p4/4e3/4K3/8/8/8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4d4", "e4e3", "e4f4"]));
    // Nor to a General behind a screen: the Black Soldier on e6 closes the file.
    let fen = "4k3/8/4p3/8/4K3/8/8/8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4d4", "e4e3", "e4f4"]));
    // With the Black General on e8 and the file open, the General captures it across the river;
    // e3 keeps the Generals facing and is illegal.
    let fen = "4k3/8/8/8/4K3/8/8/8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4d4", "e4e8", "e4f4"]));
}

#[test]
fn a_move_that_opens_the_file_between_the_generals_is_illegal() {
    let e = load(OCTAL);
    // Generals e1 and e8; the Red Cannon e4 is all that stands between them.
    let fen = "4k3/8/8/8/4C3/8/8/4K3 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e4"),
        strs(&["e4e2", "e4e3", "e4e5", "e4e6", "e4e7"])
    );
}

#[test]
fn soldier_gains_the_sideways_step_beyond_the_river() {
    let e = load(OCTAL);
    // Red Soldiers e4 (own half), b5 (beyond the river), g8 (last rank: no promotion).
    let fen = "3k2P1/8/8/1P6/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4e5"]));
    assert_eq!(moves_of(&e, fen, "b5"), strs(&["b5a5", "b5b6", "b5c5"]));
    assert_eq!(moves_of(&e, fen, "g8"), strs(&["g8f8", "g8h8"]));
}

#[test]
fn stalemate_loses() {
    let e = load(OCTAL);
    // Black General a8, not attacked; a7 and b8 are covered by the Red Rooks.
    let fen = "k7/7R/8/8/8/8/8/1R2K3 b - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&[]));
    assert!(!e.in_check(&pos(&e, fen)));
    assert_eq!(
        e.status(&pos(&e, fen)),
        Status::Stalemate(GameResult::Win(Player::First))
    );
}

// ---------------------------------------------------------------------------------------------
// SpiderQi (RULES.md 2.5)
// ---------------------------------------------------------------------------------------------

#[test]
fn spider_steps_as_a_king_and_rides_its_ring_both_ways_round_corners_to_the_first_piece() {
    let e = load(SPIDER);
    // Red Spider c3 on the ring c3-f3-f6-c6; a Black Soldier on e6 and a Red Soldier on c5.
    // One way: d3 e3 f3, round the corner f4 f5 f6, round again to e6 (capture, stop).
    // The other way: c4, then c5 is friendly. Plus the King steps.
    let fen = "3k4/8/4p3/2P5/8/2S5/8/4K3 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "c3"),
        strs(&[
            "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4", "c3e3", "c3f3", "c3f4",
            "c3f5", "c3f6", "c3e6",
        ])
    );
}

#[test]
fn spider_on_the_outer_ring_stops_at_the_first_piece_either_way() {
    let e = load(SPIDER);
    // Red Spider h4 on the ring a1-h1-h8-a8: up to h8, round to g8, captures on f8;
    // down to h1, round to g1 and f1, stopped by its own General on e1.
    let fen = "3k1p2/8/8/8/7S/8/8/4K3 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "h4"),
        strs(&[
            "h4f1", "h4f8", "h4g1", "h4g3", "h4g4", "h4g5", "h4g8", "h4h1", "h4h2", "h4h3", "h4h5",
            "h4h6", "h4h7", "h4h8",
        ])
    );
}

#[test]
fn spider_off_every_ring_has_only_its_king_steps() {
    let e = load(SPIDER);
    let fen = "3k4/8/8/8/3S4/8/8/7K w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "d4"),
        strs(&["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"])
    );
}

// ---------------------------------------------------------------------------------------------
// Queen Perquisites XiangQi (RULES.md 2.6): the Querquisite moves by the file it starts from
// ---------------------------------------------------------------------------------------------

#[test]
fn querquisite_on_the_a_and_h_files_moves_as_a_rook() {
    let e = load(QUEEN);
    // Generals g1 and f8 are off every line; 4 up, 3 down, 7 along the rank.
    let m = moves_of(&e, "5k2/8/8/8/U7/8/8/6K1 w - - 0 1", "a4");
    assert_eq!(m.len(), 14, "{:?}", m);
    assert!(m.contains(&"a4a8".to_string()) && m.contains(&"a4h4".to_string()));
    assert!(!m.contains(&"a4b5".to_string()));
    let m = moves_of(&e, "5k2/8/8/8/7U/8/8/6K1 w - - 0 1", "h4");
    assert_eq!(m.len(), 14, "{:?}", m);
}

#[test]
fn querquisite_on_the_b_and_g_files_moves_as_a_leaping_knight() {
    let e = load(QUEEN);
    // Surrounded by its own Soldiers on b5 and c4 it still leaps.
    assert_eq!(
        moves_of(&e, "5k2/8/8/1P6/1UP5/8/8/6K1 w - - 0 1", "b4"),
        strs(&["b4a2", "b4a6", "b4c2", "b4c6", "b4d3", "b4d5"])
    );
    assert_eq!(
        moves_of(&e, "5k2/8/8/8/6U1/8/8/3K4 w - - 0 1", "g4"),
        strs(&["g4e3", "g4e5", "g4f2", "g4f6", "g4h2", "g4h6"])
    );
}

#[test]
fn querquisite_on_the_c_and_f_files_moves_as_a_bishop() {
    let e = load(QUEEN);
    assert_eq!(
        moves_of(&e, "5k2/8/8/8/2U5/8/8/6K1 w - - 0 1", "c4"),
        strs(&[
            "c4a2", "c4a6", "c4b3", "c4b5", "c4d3", "c4d5", "c4e2", "c4e6", "c4f1", "c4f7", "c4g8",
        ])
    );
}

#[test]
fn querquisite_is_a_queen_on_its_own_file_and_a_king_on_its_generals_file_swapped_for_black() {
    let e = load(QUEEN);
    // Red on d4: a Queen. Rook lines 7 + 7; diagonals a1-c3 (3), e3-f2 (2, g1 is its General),
    // a7-c5 (3), e5-h8 (4).
    let m = moves_of(&e, "5k2/8/8/8/3U4/8/8/6K1 w - - 0 1", "d4");
    assert_eq!(m.len(), 26, "{:?}", m);
    // Red on e4: a King.
    assert_eq!(
        moves_of(&e, "5k2/8/8/8/4U3/8/8/6K1 w - - 0 1", "e4"),
        strs(&["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"])
    );
    // Black on d5: a King.
    assert_eq!(
        moves_of(&e, "5k2/8/8/3u4/8/8/8/6K1 b - - 0 1", "d5"),
        strs(&["d5c4", "d5c5", "d5c6", "d5d4", "d5d6", "d5e4", "d5e5", "d5e6"])
    );
    // Black on e5: a Queen. Rook lines 7 + 7; diagonals a1-d4 (4), f4-h2 (3), b8-d6 (3), f6-h8 (3).
    let m = moves_of(&e, "5k2/8/8/4u3/8/8/8/6K1 b - - 0 1", "e5");
    assert_eq!(m.len(), 27, "{:?}", m);
}
