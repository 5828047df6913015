//! Shoxiang 108 (RULES.md §1): every rule of both armies and their sub-variants, each proven on a
//! position built for it, asserting the exact legal moves of the piece or side concerned. The perft
//! regressions of each definition file are in `tests/perft/shoxiang108-*.perft`.
//!
//! Boards are 9x12: FEN ranks run from 12 (Black's back rank) down to 1. The river lies between
//! ranks 6 and 7; the XQ-heavy Fortresses are d1-f4 (White) and d9-f12 (Black); the Shogi-heavy
//! promotion zone is ranks 9-12 for White.

use chimera::Player;
use chimera::{parse_move, to_fen};
use chimera::{Engine, Game, GameResult, Position, Status};
use std::sync::Arc;

use crate::common;
use common::{after, all_moves, load, moves_of, pos, strs};

const SHOGI: &str = "shoxiang108-shogi.variant";
const SHOGI_WEAK: &str = "shoxiang108-shogi-weak.variant";
const SHOGI_STANDARD: &str = "shoxiang108-shogi-standard.variant";
const SHOGI_CENTREWISE: &str = "shoxiang108-shogi-centrewise.variant";
const SHOGI_STRONG: &str = "shoxiang108-shogi-strong.variant";
const XQ: &str = "shoxiang108-xq.variant";
const XQ_WEAK: &str = "shoxiang108-xq-weak.variant";
const XQ_STANDARD: &str = "shoxiang108-xq-standard.variant";
const XQ_CENTREWISE: &str = "shoxiang108-xq-centrewise.variant";
const XQ_STRONG: &str = "shoxiang108-xq-strong.variant";

/// The squares of `file` where a piece with this letter may be dropped, as rank numbers.
fn drop_ranks(e: &Engine, fen: &str, letter: &str, file: char) -> Vec<u32> {
    let prefix = format!("{}@{}", letter, file);
    let mut ranks: Vec<u32> = all_moves(e, fen)
        .iter()
        .filter_map(|m| m.strip_prefix(&prefix).map(|r| r.parse().expect("rank")))
        .collect();
    ranks.sort();
    ranks
}

/// The board part of the FEN of a position, without the hands.
fn board(e: &Engine, p: &Position) -> String {
    let fen = to_fen(e, p);
    let first = fen.split(' ').next().expect("board");
    first.split('[').next().expect("board").to_string()
}

/// A player's hand as a sorted string of letters, one per piece ("PS", "" when empty).
fn hand(e: &Engine, p: &Position, player: Player) -> String {
    let mut letters: Vec<String> = p
        .hand_contents(player)
        .into_iter()
        .flat_map(|(k, n)| std::iter::repeat_n(e.rules().piece(k).letter.clone(), n as usize))
        .collect();
    letters.sort();
    letters.concat()
}

fn ranks(r: std::ops::RangeInclusive<u32>) -> Vec<u32> {
    r.collect()
}

// ---------------------------------------------------------------------------------------------
// Helm, Knight, Elephant, Tusk: blockability by sub-variant (RULES.md 1.2, 1.3)
// ---------------------------------------------------------------------------------------------

#[test]
fn weak_helm_is_blocked_by_the_square_straight_ahead() {
    // White Helm e5, a White Point straight ahead on e6.
    let blocked = "8k/9/9/9/9/9/4P4/4H4/9/9/9/K8 w - - 0 1";
    let open = "8k/9/9/9/9/9/9/4H4/9/9/9/K8 w - - 0 1";
    let e = load(SHOGI_WEAK);
    assert_eq!(moves_of(&e, blocked, "e5"), strs(&[]));
    assert_eq!(moves_of(&e, open, "e5"), strs(&["e5d7", "e5f7"]));
    // The same in the XQ-heavy army (where the Helm promotes on crossing the river).
    let e = load(XQ_WEAK);
    let blocked = "5k3/9/9/9/9/9/4P4/4H4/9/9/9/3K5 w - - 0 1";
    let open = "5k3/9/9/9/9/9/9/4H4/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, blocked, "e5"), strs(&[]));
    assert_eq!(moves_of(&e, open, "e5"), strs(&["e5d7+", "e5f7+"]));
}

#[test]
fn leaping_helm_is_not_blocked_by_the_square_straight_ahead() {
    let blocked = "8k/9/9/9/9/9/4P4/4H4/9/9/9/K8 w - - 0 1";
    for name in [SHOGI, SHOGI_STANDARD, SHOGI_CENTREWISE, SHOGI_STRONG] {
        let e = load(name);
        assert_eq!(
            moves_of(&e, blocked, "e5"),
            strs(&["e5d7", "e5f7"]),
            "{}",
            name
        );
    }
    let blocked = "5k3/9/9/9/9/9/4P4/4H4/9/9/9/3K5 w - - 0 1";
    for name in [XQ, XQ_STANDARD, XQ_CENTREWISE, XQ_STRONG] {
        let e = load(name);
        assert_eq!(
            moves_of(&e, blocked, "e5"),
            strs(&["e5d7+", "e5f7+"]),
            "{}",
            name
        );
    }
}

#[test]
fn stepping_knight_is_blocked_on_its_orthogonal_first_step() {
    // White Knight e5; White Points on e6 and d5 block the first steps up and left.
    let fen = "8k/9/9/9/9/9/4P4/3PN4/9/9/9/K8 w - - 0 1";
    for name in [SHOGI_WEAK, SHOGI_STANDARD] {
        let e = load(name);
        assert_eq!(
            moves_of(&e, fen, "e5"),
            strs(&["e5d3", "e5f3", "e5g4", "e5g6"]),
            "{}",
            name
        );
    }
    let fen = "5k3/9/9/9/9/9/4P4/3PN4/9/9/9/3K5 w - - 0 1";
    for name in [XQ_WEAK, XQ_STANDARD] {
        let e = load(name);
        assert_eq!(
            moves_of(&e, fen, "e5"),
            strs(&["e5d3", "e5f3", "e5g4", "e5g6"]),
            "{}",
            name
        );
    }
}

#[test]
fn leaping_knight_is_not_blocked() {
    let fen = "8k/9/9/9/9/9/4P4/3PN4/9/9/9/K8 w - - 0 1";
    let all = strs(&[
        "e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6",
    ]);
    for name in [SHOGI_CENTREWISE, SHOGI_STRONG] {
        assert_eq!(moves_of(&load(name), fen, "e5"), all, "{}", name);
    }
    let fen = "5k3/9/9/9/9/9/4P4/3PN4/9/9/9/3K5 w - - 0 1";
    for name in [XQ_CENTREWISE, XQ_STRONG] {
        assert_eq!(moves_of(&load(name), fen, "e5"), all, "{}", name);
    }
}

#[test]
fn elephant_is_blocked_at_its_midpoint() {
    // White Elephant e3; a White Point on d4 and a Black Point on f4 stand on two midpoints.
    let fen = "8k/9/9/9/9/9/9/9/3P1p3/4E4/9/K8 w - - 0 1";
    for name in [SHOGI_WEAK, SHOGI_STANDARD, SHOGI_CENTREWISE] {
        assert_eq!(
            moves_of(&load(name), fen, "e3"),
            strs(&["e3c1", "e3g1"]),
            "{}",
            name
        );
    }
    let fen = "5k3/9/9/9/9/9/9/9/3P1p3/4E4/9/3K5 w - - 0 1";
    for name in [XQ_WEAK, XQ_STANDARD, XQ_CENTREWISE] {
        assert_eq!(
            moves_of(&load(name), fen, "e3"),
            strs(&["e3c1", "e3g1"]),
            "{}",
            name
        );
    }
}

#[test]
fn strong_elephant_passes_over_an_enemy_but_a_friendly_midpoint_still_blocks() {
    // As above: over the Black Point on f4 to g5 (capturing it); the White Point on d4 blocks c5.
    let fen = "8k/9/9/9/9/9/9/9/3P1p3/4E4/9/K8 w - - 0 1";
    assert_eq!(
        moves_of(&load(SHOGI_STRONG), fen, "e3"),
        strs(&["e3c1", "e3g1", "e3g5xf4"])
    );
    let fen = "5k3/9/9/9/9/9/9/9/3P1p3/4E4/9/3K5 w - - 0 1";
    assert_eq!(
        moves_of(&load(XQ_STRONG), fen, "e3"),
        strs(&["e3c1", "e3g1", "e3g5xf4"])
    );
    // A friendly piece on the destination: no move there, not even capturing the midpoint.
    let fen = "8k/9/9/9/9/9/9/6P2/5p3/4E4/9/K8 w - - 0 1";
    assert_eq!(
        moves_of(&load(SHOGI_STRONG), fen, "e3"),
        strs(&["e3c1", "e3c5", "e3g1"])
    );
}

#[test]
fn strong_elephant_captures_the_midpoint_and_the_destination_both_to_hand() {
    let e = load(SHOGI_STRONG);
    // Black Point on f4 (midpoint) and Black Silver on g5 (destination): both reintroducible.
    let fen = "8k/9/9/9/9/9/9/6s2/5p3/4E4/9/K8 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e3"),
        strs(&["e3c1", "e3c5", "e3g1", "e3g5xf4"])
    );
    let p = after(&e, fen, &["e3g5xf4"]);
    assert_eq!(board(&e, &p), "8k/9/9/9/9/9/9/6E2/9/9/9/K8");
    assert_eq!(hand(&e, &p, Player::First), "PS");
    // A Black Knight on the midpoint leaves the board too, but Knights are never reintroduced.
    let fen = "8k/9/9/9/9/9/9/6g2/5n3/4E4/9/K8 w - - 0 1";
    let p = after(&e, fen, &["e3g5xf4"]);
    assert_eq!(board(&e, &p), "8k/9/9/9/9/9/9/6E2/9/9/9/K8");
    assert_eq!(hand(&e, &p, Player::First), "G");
}

#[test]
fn strong_tusk_captures_like_the_strong_elephant_forward_only() {
    // XQ-heavy strong: White Tusk e3; Black Point d4 (midpoint) and Black Cross c5 (destination);
    // a White Point on f4 blocks the other forward diagonal. No backward moves.
    let fen = "5k3/9/9/9/9/9/9/2x6/3p1P3/4T4/9/3K5 w - - 0 1";
    let e = load(XQ_STRONG);
    assert_eq!(moves_of(&e, fen, "e3"), strs(&["e3c5xd4"]));
    let p = after(&e, fen, &["e3c5xd4"]);
    assert_eq!(board(&e, &p), "5k3/9/9/9/9/9/9/2T6/5P3/9/9/3K5");
    assert_eq!(hand(&e, &p, Player::First), "PX");
    // The stepping Tusk is blocked by the enemy on its midpoint.
    for name in [XQ_WEAK, XQ_STANDARD, XQ_CENTREWISE] {
        assert_eq!(moves_of(&load(name), fen, "e3"), strs(&[]), "{}", name);
    }
    // On an open board the Tusk has only its two forward moves.
    let open = "5k3/9/9/9/9/9/9/9/9/4T4/9/3K5 w - - 0 1";
    for name in [XQ, XQ_STRONG] {
        assert_eq!(
            moves_of(&load(name), open, "e3"),
            strs(&["e3c5", "e3g5"]),
            "{}",
            name
        );
    }
}

#[test]
fn elephants_never_cross_the_river() {
    let fen = "8k/9/9/9/9/9/9/4E4/9/9/9/K8 w - - 0 1";
    for name in [
        SHOGI,
        SHOGI_WEAK,
        SHOGI_STANDARD,
        SHOGI_CENTREWISE,
        SHOGI_STRONG,
    ] {
        assert_eq!(
            moves_of(&load(name), fen, "e5"),
            strs(&["e5c3", "e5g3"]),
            "{}",
            name
        );
    }
    // Not even to capture two enemies at once (strong).
    let fen = "8k/9/9/9/9/6s2/5p3/4E4/9/9/9/K8 w - - 0 1";
    assert_eq!(
        moves_of(&load(SHOGI_STRONG), fen, "e5"),
        strs(&["e5c3", "e5g3"])
    );
    let fen = "5k3/9/9/9/9/6x2/5p3/4E4/9/9/9/3K5 w - - 0 1";
    for name in [XQ, XQ_WEAK, XQ_STANDARD, XQ_CENTREWISE, XQ_STRONG] {
        assert_eq!(
            moves_of(&load(name), fen, "e5"),
            strs(&["e5c3", "e5g3"]),
            "{}",
            name
        );
    }
    // Black's Elephants keep to ranks 7-12 likewise.
    let fen = "5k3/9/9/9/4e4/9/9/9/9/9/9/3K5 b - - 0 1";
    assert_eq!(moves_of(&load(XQ), fen, "e8"), strs(&["e8c10", "e8g10"]));
}

#[test]
fn promoted_tusk_that_crossed_never_recrosses() {
    let e = load(XQ);
    // The Tusk on e5 crosses and must promote; then, as an Elephant beyond the river, it keeps there.
    let fen = "5k3/9/9/9/9/9/9/4T4/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5c7+", "e5g7+"]));
    let p = after(&e, fen, &["e5c7+", "f12e12"]);
    let fen = to_fen(&e, &p);
    assert!(fen.starts_with("4k4/9/9/9/9/2+T6/"), "{}", fen);
    assert_eq!(moves_of(&e, &fen, "c7"), strs(&["c7a9", "c7e9"]));
    let fen = "5k3/9/9/9/9/4+T4/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e7"), strs(&["e7c9", "e7g9"]));
}

// ---------------------------------------------------------------------------------------------
// XQ-heavy: Fortress, facing Generals, Points and Crosses (RULES.md 1.2, 1.4, 1.6)
// ---------------------------------------------------------------------------------------------

#[test]
fn general_and_ferz_are_confined_to_their_fortress() {
    let e = load(XQ);
    // White General f4 and Ferz d1 (Fortress d1-f4); Black General d12 and Ferz f9 (d9-f12).
    let white = "3k5/9/9/5a3/9/9/9/9/5K3/9/9/3A5 w - - 0 1";
    assert_eq!(moves_of(&e, white, "f4"), strs(&["f4e4", "f4f3"]));
    assert_eq!(moves_of(&e, white, "d1"), strs(&["d1e2"]));
    let black = "3k5/9/9/5a3/9/9/9/9/5K3/9/9/3A5 b - - 0 1";
    assert_eq!(moves_of(&e, black, "d12"), strs(&["d12d11", "d12e12"]));
    assert_eq!(moves_of(&e, black, "f9"), strs(&["f9e10"]));
}

#[test]
fn generals_may_not_face_on_an_open_file() {
    let e = load(XQ);
    // White General e2, Black General d12: stepping to d2 would face it along the empty d-file.
    let open = "3k5/9/9/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
    assert_eq!(moves_of(&e, open, "e2"), strs(&["e2e1", "e2e3", "e2f2"]));
    // A White Point on d7 stands between them: d2 is allowed.
    let shielded = "3k5/9/9/9/9/3P5/9/9/9/9/4K4/9 w - - 0 1";
    assert_eq!(
        moves_of(&e, shielded, "e2"),
        strs(&["e2d2", "e2e1", "e2e3", "e2f2"])
    );
    // Generals e2 and e12 with only a White Point on e7 between: its sideways steps would open
    // the file, so it may only go forward.
    let fen = "4k4/9/9/9/9/4P4/9/9/9/9/4K4/9 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e7"), strs(&["e7e8"]));
}

#[test]
fn point_and_cross_gain_the_sideways_step_beyond_the_river() {
    let e = load(XQ);
    // Points on e5 (own half) and a7 (beyond); Crosses on b5 (own half) and h7 (beyond).
    let fen = "5k3/9/9/9/9/P6X1/9/1X2P4/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5e6"]));
    assert_eq!(moves_of(&e, fen, "a7"), strs(&["a7a8", "a7b7"]));
    assert_eq!(moves_of(&e, fen, "b5"), strs(&["b5a6", "b5c6"]));
    assert_eq!(
        moves_of(&e, fen, "h7"),
        strs(&["h7g7", "h7g8", "h7i7", "h7i8"])
    );
}

#[test]
fn point_becomes_a_wazir_and_cross_a_ferz_in_the_enemy_fortress_confined_there() {
    let e = load(XQ);
    // Cross c8 and Point e8, one step from Black's Fortress d9-f12: entering it promotes (forced).
    let fen = "5k3/9/9/9/2X1P4/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e8"), strs(&["e8d8", "e8e9+", "e8f8"]));
    assert_eq!(
        moves_of(&e, fen, "c8"),
        strs(&["c8b8", "c8b9", "c8d8", "c8d9+"])
    );
    // The Wazir (promoted Point) on d9 and the Ferz (promoted Cross) on f11 stay in that Fortress.
    let fen = "5k3/5+X3/9/3+P5/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "d9"), strs(&["d9d10", "d9e9"]));
    assert_eq!(moves_of(&e, fen, "f11"), strs(&["f11e10", "f11e12"]));
    // A sideways step into the Fortress promotes as well.
    let fen = "5k3/9/9/2P6/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "c9"), strs(&["c9b9", "c9c10", "c9d9+"]));
}

#[test]
fn wing_helm_tusk_and_cannonball_promote_on_crossing_the_river() {
    let e = load(XQ);
    // Wing a6 (Black Point a9 to capture), Cannonball c6 (screen c9, Black Point c11),
    // Helm e5, Tusk g5. Every move that ends beyond the river promotes, compulsorily.
    let fen = "5k3/2p6/9/p1p6/9/9/L1U6/4H1T2/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "a6"), strs(&["a6a7+", "a6a8+", "a6a9+"]));
    assert_eq!(moves_of(&e, fen, "c6"), strs(&["c6c11+", "c6c7+", "c6c8+"]));
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5d7+", "e5f7+"]));
    assert_eq!(moves_of(&e, fen, "g5"), strs(&["g5e7+", "g5i7+"]));
    // They become Rook, Knight, Elephant and Cannon.
    let p = after(&e, fen, &["a6a9+"]);
    assert!(board(&e, &p).contains("+L1p6"), "{}", board(&e, &p));
}

#[test]
fn promoted_wing_helm_and_cannonball_move_as_rook_knight_and_cannon() {
    let e = load(XQ);
    // Rook-from-Wing on b8, alone on its lines: 7 down, 4 up, 8 along the rank.
    let fen = "5k3/9/9/9/1+L7/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "b8").len(), 19);
    assert!(moves_of(&e, fen, "b8").contains(&"b8b1".to_string()));
    // Cannon-from-Cannonball on e8: moves back too, and captures e3 over the screen on e5.
    let fen = "5k3/9/9/9/4+U4/9/9/4p4/9/4p4/9/3K5 w - - 0 1";
    let m = moves_of(&e, fen, "e8");
    assert_eq!(m.len(), 15, "{:?}", m);
    assert!(m.contains(&"e8e3".to_string()) && m.contains(&"e8e6".to_string()));
    assert!(!m.contains(&"e8e5".to_string()) && !m.contains(&"e8e4".to_string()));
    // Knight-from-Helm on e8 with a Black Point on e9: the same blockability as the Knight.
    let fen = "5k3/9/9/4p4/4+H4/9/9/9/9/9/9/3K5 w - - 0 1";
    let stepping = strs(&["e8c7", "e8c9", "e8d6", "e8f6", "e8g7", "e8g9"]);
    for name in [XQ_WEAK, XQ_STANDARD] {
        assert_eq!(moves_of(&load(name), fen, "e8"), stepping, "{}", name);
    }
    let leaping = strs(&[
        "e8c7", "e8c9", "e8d10", "e8d6", "e8f10", "e8f6", "e8g7", "e8g9",
    ]);
    for name in [XQ_CENTREWISE, XQ_STRONG] {
        assert_eq!(moves_of(&load(name), fen, "e8"), leaping, "{}", name);
    }
}

#[test]
fn xq_heavy_bishop_promotes_to_primate_on_crossing_the_river() {
    let e = load(XQ);
    let fen = "5k3/9/9/9/9/9/4B4/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e6"),
        strs(&[
            "e6d7+", "e6c8+", "e6b9+", "e6a10+", "e6f7+", "e6g8+", "e6h9+", "e6i10+", "e6d5",
            "e6c4", "e6b3", "e6a2", "e6f5", "e6g4", "e6h3", "e6i2",
        ])
    );
    // The Primate: Bishop plus one orthogonal step; 4 + 4 + 4 + 4 diagonal and 4 steps from e6.
    let fen = "5k3/9/9/9/9/9/4+B4/9/9/9/9/3K5 w - - 0 1";
    let m = moves_of(&e, fen, "e6");
    assert_eq!(m.len(), 20, "{:?}", m);
    assert!(m.iter().all(|t| !t.ends_with('+')));
}

// ---------------------------------------------------------------------------------------------
// Shogi-heavy promotion (RULES.md 1.4)
// ---------------------------------------------------------------------------------------------

#[test]
fn shogi_heavy_promotion_is_optional_in_the_four_deepest_ranks_and_forced_where_stuck() {
    let e = load(SHOGI);
    // Points b8, c11, e5; Silver e10; Helms a9, g8; Wing i9. Zone = ranks 9-12.
    let fen = "k8/2P6/4S4/H7L/1P4H2/9/9/4P4/9/9/9/K8 w - - 0 1";
    // Outside the zone: no promotion.
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5e6"]));
    // Entering the zone: optional.
    assert_eq!(moves_of(&e, fen, "b8"), strs(&["b8b9", "b8b9+"]));
    assert_eq!(
        moves_of(&e, fen, "g8"),
        strs(&["g8f10", "g8f10+", "g8h10", "g8h10+"])
    );
    // Starting in the zone, even moving out of it: optional.
    assert_eq!(
        moves_of(&e, fen, "e10"),
        strs(&[
            "e10d11", "e10d11+", "e10e11", "e10e11+", "e10f11", "e10f11+", "e10d9", "e10d9+",
            "e10f9", "e10f9+",
        ])
    );
    // Forced where the piece would have no further move: Point/Wing on the last rank,
    // Helm on the last two.
    assert_eq!(moves_of(&e, fen, "c11"), strs(&["c11c12+"]));
    assert_eq!(moves_of(&e, fen, "a9"), strs(&["a9b11+"]));
    assert_eq!(
        moves_of(&e, fen, "i9"),
        strs(&["i9i10", "i9i10+", "i9i11", "i9i11+", "i9i12+"])
    );
    // The promoted forms move as Gold.
    let p = after(&e, fen, &["b8b9+"]);
    assert!(board(&e, &p).contains("/H+P6L/6H2/"), "{}", board(&e, &p));
}

#[test]
fn shogi_heavy_point_has_no_sideways_step_beyond_the_river() {
    let e = load(SHOGI);
    let fen = "8k/9/9/9/9/4P4/9/9/9/9/9/K8 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e7"), strs(&["e7e8"]));
}

#[test]
fn shogi_heavy_bishop_promotes_to_primate() {
    let e = load(SHOGI);
    let fen = "4k4/9/9/9/4B4/9/9/9/9/9/9/K8 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e8"),
        strs(&[
            "e8d9", "e8d9+", "e8c10", "e8c10+", "e8b11", "e8b11+", "e8a12", "e8a12+", "e8f9",
            "e8f9+", "e8g10", "e8g10+", "e8h11", "e8h11+", "e8i12", "e8i12+", "e8d7", "e8c6",
            "e8b5", "e8a4", "e8f7", "e8g6", "e8h5", "e8i4",
        ])
    );
    // The Primate on e8: the four diagonals (4+4+4+4) and four orthogonal steps.
    let fen = "4k4/9/9/9/4+B4/9/9/9/9/9/9/K8 w - - 0 1";
    let m = moves_of(&e, fen, "e8");
    assert_eq!(m.len(), 20, "{:?}", m);
    assert!(m.contains(&"e8e9".to_string()) && m.contains(&"e8d8".to_string()));
}

#[test]
fn shogi_heavy_xq_pieces_gold_and_king_never_promote() {
    let e = load(SHOGI);
    // Rook a10, Knight e8, Cannon i9, Gold c9, King a1: none ever has a promoting move.
    let fen = "4k4/9/R8/2G5C/4N4/9/9/9/9/9/9/K8 w - - 0 1";
    let rook = moves_of(&e, fen, "a10");
    assert_eq!(rook.len(), 18, "{:?}", rook); // a2-a9, a11, a12, b10-i10
    assert_eq!(
        moves_of(&e, fen, "e8"),
        strs(&["e8c7", "e8d10", "e8d6", "e8f10", "e8f6", "e8g7", "e8g9"]) // c9 holds the Gold
    );
    let cannon = moves_of(&e, fen, "i9");
    assert_eq!(cannon.len(), 16, "{:?}", cannon); // i1-i8, i10-i12, h9-d9 (c9 is the Gold)
    assert_eq!(
        moves_of(&e, fen, "c9"),
        strs(&["c9b10", "c9b9", "c9c10", "c9c8", "c9d10", "c9d9"])
    );
    assert_eq!(moves_of(&e, fen, "a1"), strs(&["a1a2", "a1b1", "a1b2"]));
}

#[test]
fn xq_heavy_xq_pieces_never_promote() {
    let e = load(XQ);
    // Rook a5, Knight e5, Cannon i5 on an open board: they cross the river unchanged.
    let fen = "5k3/9/9/9/9/9/9/R3N3C/9/9/9/3K5 w - - 0 1";
    let all: Vec<String> = ["a5", "e5", "i5"]
        .iter()
        .flat_map(|s| moves_of(&e, fen, s))
        .collect();
    assert!(all.iter().all(|t| !t.ends_with('+')), "{:?}", all);
    assert!(all.contains(&"a5a12".to_string()) && all.contains(&"e5d7".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Reintroduction (drops) (RULES.md 1.5)
// ---------------------------------------------------------------------------------------------

#[test]
fn captured_promoted_piece_goes_to_hand_unpromoted() {
    let e = load(SHOGI);
    // White Rooks e2 and a2 take a Black promoted Point (e8) and a Black Primate (a8).
    let fen = "4k4/9/9/9/+b3+p4/9/9/9/9/9/R3R4/8K w - - 0 1";
    let p = after(&e, fen, &["e2e8"]);
    assert_eq!(hand(&e, &p, Player::First), "P");
    let p = after(&e, fen, &["a2a8"]);
    assert_eq!(hand(&e, &p, Player::First), "B");
    let e = load(XQ);
    // XQ-heavy: Rook-from-Wing (a8), Cannon-from-Cannonball (c8), Wazir-from-Point (e9).
    let fen = "5k3/9/9/4+p4/+l1+u6/9/9/9/9/9/R1R1R4/3K5 w - - 0 1";
    assert_eq!(hand(&e, &after(&e, fen, &["a2a8"]), Player::First), "L");
    assert_eq!(hand(&e, &after(&e, fen, &["c2c8"]), Player::First), "U");
    assert_eq!(hand(&e, &after(&e, fen, &["e2e9"]), Player::First), "P");
}

#[test]
fn rook_knight_cannon_and_elephant_never_go_to_hand() {
    for letter in ["r", "n", "c", "e"] {
        let e = load(SHOGI);
        let fen = format!("8k/9/9/9/4{}4/9/9/9/9/9/4R4/K8 w - - 0 1", letter);
        let p = after(&e, &fen, &["e2e8"]);
        assert_eq!(hand(&e, &p, Player::First), "", "Shogi-heavy {}", letter);
        let e = load(XQ);
        let fen = format!("5k3/9/9/4{}4/9/9/9/9/9/9/4R4/3K5 w - - 0 1", letter);
        let p = after(&e, &fen, &["e2e9"]);
        assert_eq!(hand(&e, &p, Player::First), "", "XQ-heavy {}", letter);
    }
    // Nor the XQ-heavy Ferz.
    let e = load(XQ);
    let p = after(&e, "5k3/9/9/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1", &["e2e9"]);
    assert_eq!(hand(&e, &p, Player::First), "");
}

#[test]
fn drop_must_leave_the_piece_a_move() {
    let e = load(SHOGI);
    let fen = "8k/9/9/9/9/9/9/9/9/9/9/K8[PLHSGB] w - - 0 1";
    assert_eq!(drop_ranks(&e, fen, "P", 'e'), ranks(1..=11));
    assert_eq!(drop_ranks(&e, fen, "L", 'e'), ranks(1..=11));
    assert_eq!(drop_ranks(&e, fen, "H", 'e'), ranks(1..=10));
    for letter in ["S", "G", "B"] {
        assert_eq!(
            drop_ranks(&e, fen, letter, 'e'),
            ranks(1..=12),
            "{}",
            letter
        );
    }
    let e = load(XQ);
    let fen = "5k3/9/9/9/9/9/9/9/9/9/9/3K5[PXTHLUB] w - - 0 1";
    for letter in ["P", "X", "L", "U"] {
        assert_eq!(
            drop_ranks(&e, fen, letter, 'e'),
            ranks(1..=11),
            "{}",
            letter
        );
    }
    for letter in ["T", "H"] {
        assert_eq!(
            drop_ranks(&e, fen, letter, 'e'),
            ranks(1..=10),
            "{}",
            letter
        );
    }
    assert_eq!(drop_ranks(&e, fen, "B", 'e'), ranks(1..=12));
}

#[test]
fn piece_dropped_beyond_the_river_promotes_at_the_end_of_its_next_move() {
    let e = load(SHOGI);
    let fen = "8k/9/9/9/9/9/9/9/9/9/9/K8[PS] w - - 0 1";
    // A Point dropped on e7 (beyond the river, outside the zone) is marked, and promotes on e8.
    let p = after(&e, fen, &["P@e7"]);
    assert_eq!(board(&e, &p), "8k/9/9/9/9/4P!4/9/9/9/9/9/K8");
    let p = after(&e, fen, &["P@e7", "i12h12", "e7e8+"]);
    assert_eq!(board(&e, &p), "7k1/9/9/9/4+P4/9/9/9/9/9/9/K8");
    // Dropped in its own half it stays a Point.
    let p = after(&e, fen, &["P@e5", "i12h12", "e5e6"]);
    assert_eq!(board(&e, &p), "7k1/9/9/9/9/9/4P4/9/9/9/9/K8");
    // A Silver dropped on c7 promotes after stepping back to b6, out of every zone.
    let p = after(&e, fen, &["S@c7", "i12h12", "c7b6+"]);
    assert_eq!(board(&e, &p), "7k1/9/9/9/9/9/1+S7/9/9/9/9/K8");
    // XQ-heavy: a Bishop dropped on e7 becomes a Primate even when its next move returns home.
    let e = load(XQ);
    let fen = "5k3/9/9/9/9/9/9/9/9/9/9/3K5[B] w - - 0 1";
    let p = after(&e, fen, &["B@e7", "f12e12", "e7d6+"]);
    assert_eq!(board(&e, &p), "4k4/9/9/9/9/9/3+B5/9/9/9/9/3K5");
}

#[test]
fn dropped_piece_due_to_promote_has_no_promotion_choice_when_entering_the_zone() {
    let e = load(SHOGI);
    // A Point dropped on e8 (beyond the river) must promote at the end of its next move. Moving
    // into the zone (e9) the Shogi rule would make promotion optional, but here both choices end
    // in a promoted Point on e9: that is one move, not two.
    let fen = "8k/9/9/9/9/9/9/9/9/9/9/K8[P] w - - 0 1";
    let p = after(&e, fen, &["P@e8", "i12h12"]);
    assert_eq!(board(&e, &p), "7k1/9/9/9/4P!4/9/9/9/9/9/9/K8");
    let fen = to_fen(&e, &p);
    let m = moves_of(&e, &fen, "e8");
    assert_eq!(m.len(), 1, "one move to e9, promoted: {:?}", m);
    let p = after(&e, &fen, &[&m[0]]);
    assert_eq!(board(&e, &p), "7k1/9/9/4+P4/9/9/9/9/9/9/9/K8");
}

// ---------------------------------------------------------------------------------------------
// Game end (RULES.md 1.6)
// ---------------------------------------------------------------------------------------------

#[test]
fn stalemate_is_a_draw() {
    // Shogi-heavy: the Black King a12 is not attacked, but a11, b11 and b12 are.
    let e = load(SHOGI);
    let fen = "k8/1P7/G8/9/9/9/9/9/9/9/9/8K b - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&[]));
    assert_eq!(e.status(&pos(&e, fen)), Status::Stalemate(GameResult::Draw));
    // XQ-heavy: the Black General e12 may not go to e11, f12 (Rooks) or d12 (facing).
    let e = load(XQ);
    let fen = "4k4/R8/9/9/9/9/9/9/9/9/5R3/3K5 b - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&[]));
    assert_eq!(e.status(&pos(&e, fen)), Status::Stalemate(GameResult::Draw));
}

#[test]
fn threefold_repetition_is_a_draw() {
    // [DECISION] in both armies (RULES.md 1.6).
    for (name, fen, moves) in [
        (
            SHOGI,
            "8k/9/9/9/9/9/9/9/9/9/9/K8 w - - 0 1",
            ["a1a2", "i12i11", "a2a1", "i11i12"],
        ),
        (
            XQ,
            "5k3/9/9/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            ["d1d2", "f12f11", "d2d1", "f11f12"],
        ),
    ] {
        let e = Arc::new(load(name));
        let mut g = Game::new(e.clone(), pos(&e, fen));
        for (i, m) in moves.iter().chain(moves.iter()).enumerate() {
            assert!(!g.status().is_over(), "{}: over before ply {}", name, i);
            let mv = parse_move(&e, g.position(), m).unwrap_or_else(|err| panic!("{}: {}", m, err));
            g.play(mv);
        }
        assert_eq!(g.status(), Status::Repetition(GameResult::Draw), "{}", name);
    }
}
