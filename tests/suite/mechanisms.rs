//! Every mechanism of the language, each on a small position built for it, asserting the exact
//! legal moves (MECHANISMS.md sections 3 to 7). The definitions are written inline so each test
//! states the whole rule it depends on.

use chimera::compile_str;
use chimera::{move_text, parse_fen, parse_move, to_fen};
use chimera::{ByPlayer, Player};
use chimera::{Engine, Game, GameResult, Status};
use std::path::Path;
use std::sync::Arc;

use crate::common;
use common::{all_moves, moves_of, sorted, strs};

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// A 8x8 board with a King and whatever pieces the test adds.
fn with_pieces(pieces: &str, extra: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard 8x8\nplayers White, Black\npiece King K {{ moves K royal }}\n{}\n{}\nstart \"{}\"\n",
        pieces, extra, fen
    ))
}

#[test]
fn leaper_and_rider_compounds() {
    let e = with_pieces(
        "piece Nightrider X { moves NN }",
        "",
        "7k/8/8/8/3X4/8/8/K7 w - - 0 1",
    );
    let m = moves_of(&e, "7k/8/8/8/3X4/8/8/K7 w - - 0 1", "d4");
    // Knight leaps repeated in a line until the edge: two in six directions, one in the other four... 12 in all.
    assert!(
        m.contains(&"d4f5".to_string())
            && m.contains(&"d4h6".to_string())
            && m.contains(&"d4b8".to_string())
    );
    assert_eq!(m.len(), 12, "{:?}", m);
}

#[test]
fn ranged_rider_stops_after_its_range() {
    let e = with_pieces(
        "piece Short S { moves fW2 }",
        "",
        "7k/8/8/8/8/8/3S4/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "7k/8/8/8/8/8/3S4/K7 w - - 0 1", "d2"),
        strs(&["d2d3", "d2d4"])
    );
}

#[test]
fn move_only_and_capture_only() {
    let e = with_pieces(
        "piece Pawn P { moves mfWcfF }",
        "",
        "7k/8/8/8/2pp4/3P4/8/K7 w - - 0 1",
    );
    // d4 is blocked (move only forward), c4 can be captured (capture only diagonally).
    assert_eq!(
        moves_of(&e, "7k/8/8/8/2pp4/3P4/8/K7 w - - 0 1", "d3"),
        strs(&["d3c4"])
    );
}

#[test]
fn lame_leaper_is_blocked_on_its_orthogonal_first_step() {
    let e = with_pieces(
        "piece Horse H { moves nN }",
        "",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
    );
    let fen = "7k/8/8/8/3H4/3H4/8/K7 w - - 0 1";
    let m = moves_of(&e, fen, "d3");
    // d4 blocks the two forward leaps c5 and e5; the others are open.
    assert!(!m.contains(&"d3c5".to_string()) && !m.contains(&"d3e5".to_string()));
    assert_eq!(m, strs(&["d3b2", "d3b4", "d3c1", "d3e1", "d3f2", "d3f4"]));
}

#[test]
fn hopper_captures_only_over_one_screen() {
    let e = with_pieces(
        "piece Cannon C { moves mRcpR }",
        "",
        "k7/8/8/8/3c4/3C4/3C4/K2c4 w - - 0 1",
    );
    let fen = "k7/3c4/8/8/3C4/8/3C4/K7 w - - 0 1";
    let m = moves_of(&e, fen, "d2");
    // Forward: d3 quiet; d4 is a friendly screen; d7 is captured over it (d5, d6 empty beyond the screen are not moves).
    assert!(m.contains(&"d2d3".to_string()));
    assert!(m.contains(&"d2d7".to_string()));
    assert!(!m.contains(&"d2d5".to_string()));
    assert!(!m.contains(&"d2d4".to_string()));
}

#[test]
fn grasshopper_lands_just_beyond_the_first_piece() {
    let e = with_pieces(
        "piece Hopper G { moves gR }",
        "",
        "k7/8/8/3G4/8/8/3G4/K7 w - - 0 1",
    );
    let fen = "k7/8/8/3G4/8/8/3G4/K7 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "d2"), strs(&["d2d6"]));
}

#[test]
fn locust_captures_the_midpoint_and_the_destination() {
    let e = with_pieces(
        "piece Elephant E { moves afFcafF }",
        "",
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
    );
    let fen = "k7/8/4e3/3e4/2E5/8/8/K7 w - - 0 1";
    let m = moves_of(&e, fen, "c4");
    // Over the enemy on d5 to e6, capturing both; the other diagonals are plain two-step moves.
    assert!(m.contains(&"c4e6xd5".to_string()), "{:?}", m);
    assert!(
        m.contains(&"c4a6".to_string())
            && m.contains(&"c4e2".to_string())
            && m.contains(&"c4a2".to_string())
    );
    let pos = parse_fen(&e, fen).unwrap();
    let mv = parse_move(&e, &pos, "c4e6").expect("short form accepted when unambiguous");
    let after = e.play(&pos, mv);
    assert_eq!(
        to_fen(&e, &after).split(' ').next().unwrap(),
        "k7/8/4E3/8/8/8/8/K7"
    );
}

#[test]
fn locust_is_blocked_by_a_friendly_midpoint() {
    let e = with_pieces(
        "piece Elephant E { moves afFcafF }",
        "",
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
    );
    let fen = "k7/8/4e3/3E4/2E5/8/8/K7 w - - 0 1";
    assert!(!moves_of(&e, fen, "c4")
        .iter()
        .any(|m| m.starts_with("c4e6")));
}

#[test]
fn zone_dependent_moves_apply_only_inside_the_zone() {
    let e = with_pieces(
        "zone own_half = ranks 1-4\npiece Soldier S { moves fW moves sW in enemy own_half }",
        "",
        "7k/8/8/3S4/8/3S4/8/K7 w - - 0 1",
    );
    let fen = "7k/8/8/3S4/8/3S4/8/K7 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "d3"), strs(&["d3d4"]));
    assert_eq!(moves_of(&e, fen, "d5"), strs(&["d5c5", "d5d6", "d5e5"]));
}

#[test]
fn per_player_zones_give_file_dependent_moves() {
    let e = with_pieces(
        "zone qfile = White: file d, Black: file e\npiece Q Q { moves W moves R in qfile }",
        "",
        "7k/8/8/8/8/8/8/K2Q4 w - - 0 1",
    );
    // On d1 White's Q rides: up 7, left 2 (a1 holds the king), right 4; the W steps add nothing new.
    assert_eq!(
        moves_of(&e, "7k/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1").len(),
        13
    );
    // The same piece on e1 for White has only its W steps.
    assert_eq!(
        moves_of(&e, "7k/8/8/8/8/8/8/K3Q3 w - - 0 1", "e1"),
        strs(&["e1d1", "e1e2", "e1f1"])
    );
}

#[test]
fn path_ride_goes_around_corners_and_stops_at_the_first_piece() {
    let e = with_pieces(
        "path ring = b2-g2-g7-b7 cyclic\npiece Spider S { moves K rides ring }",
        "",
        "k7/8/8/8/8/8/1S6/K7 w - - 0 1",
    );
    let fen = "k7/1s6/8/8/8/8/1S4S1/K7 w - - 0 1";
    let m = moves_of(&e, fen, "b2");
    // Along the ring: c2..f2 (g2 friendly stops it); b3..b6 and capture on b7.
    for sq in ["c2", "d2", "e2", "f2", "b3", "b4", "b5", "b6", "b7"] {
        assert!(
            m.contains(&format!("b2{}", sq)),
            "missing b2{} in {:?}",
            sq,
            m
        );
    }
    assert!(!m.contains(&"b2g2".to_string()) && !m.contains(&"b2c7".to_string()));
    // King steps and ride squares overlap (b3, c2): each move is listed once.
    let mut d = m.clone();
    d.dedup();
    assert_eq!(d.len(), m.len());
}

/// Two crossing diagonals through d2, like a palace's: c1-d2-e3 and e1-d2-c3.
const DIAGONALS: &str = "zone fort = c1-e3\npath diag1 = c1-e3\npath diag2 = e1-c3";

#[test]
fn path_ride_up_to_one_takes_one_step_each_way_along_the_paths_it_stands_on() {
    let e = with_pieces(
        "piece Guard G { moves W rides diag1, diag2 up-to 1 confined fort }",
        DIAGONALS,
        "k7/8/8/8/8/8/3G4/K7 w - - 0 1",
    );
    // From the crossing: four orthogonal steps and one step to each corner.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/8/8/3G4/K7 w - - 0 1", "d2"),
        strs(&["d2c1", "d2c2", "d2c3", "d2d1", "d2d3", "d2e1", "d2e2", "d2e3"])
    );
    // From a corner: the one step to the crossing, not on to the far corner e3.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/8/8/8/K1G5 w - - 0 1", "c1"),
        strs(&["c1c2", "c1d1", "c1d2"])
    );
    // The tables hold the ride as the engine plays it: four rides of one square from d2.
    let guard = e.rules().kind_by_letter("G").expect("Guard");
    let d2 = e.rules().board.dims.parse_square("d2").expect("d2");
    let rides: Vec<usize> = e
        .table_moves(guard, Player::First, d2)
        .iter()
        .filter_map(|m| match m {
            chimera::TableMove::Ride { squares, .. } => Some(squares.len()),
            _ => None,
        })
        .collect();
    assert_eq!(rides, vec![1, 1, 1, 1]);
}

#[test]
fn forward_path_ride_takes_only_the_steps_towards_the_opponent() {
    let e = with_pieces(
        "path long = a1-h8\npiece Lancer L { rides long forward }",
        "",
        "k7/8/8/8/3L4/8/8/7K w - - 0 1",
    );
    // Up the diagonal for White, down it for Black; never back.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/3L4/8/8/7K w - - 0 1", "d4"),
        strs(&["d4e5", "d4f6", "d4g7", "d4h8"])
    );
    assert_eq!(
        moves_of(&e, "k7/8/8/4l3/8/8/8/7K b - - 0 1", "e5"),
        strs(&["e5a1", "e5b2", "e5c3", "e5d4"])
    );
    // The palace soldier: sideways and forward steps, and forward along the diagonals only.
    let e = with_pieces(
        "piece Soldier S { moves fsW rides diag1, diag2 up-to 1 forward }",
        DIAGONALS,
        "k7/8/8/8/8/8/3S4/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "k7/8/8/8/8/8/3S4/K7 w - - 0 1", "d2"),
        strs(&["d2c2", "d2c3", "d2d3", "d2e2", "d2e3"])
    );
}

#[test]
fn sideways_path_ride_stops_where_the_path_turns_forward() {
    let e = with_pieces(
        "path hook = a1-c1-c3\npiece Crab C { rides hook sideways }",
        "",
        "k7/8/8/8/8/8/8/1C5K w - - 0 1",
    );
    // a1 and c1 along the rank; the turn up the c file is not sideways.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/8/8/8/1C5K w - - 0 1", "b1"),
        strs(&["b1a1", "b1c1"])
    );
}

#[test]
fn hopping_path_ride_jumps_one_screen_but_never_a_not_over_kind() {
    let e = with_pieces(
        "path long = a1-h8\npiece Cannon C { rides long hopping not-over Cannon not-capturing Cannon }\npiece Pawn P { moves fW }",
        "",
        "k7/8/8/8/8/8/8/C6K w - - 0 1",
    );
    // Over the pawn on c3: d4 and e5 empty, the pawn on f6 captured; b2 before the screen is no move.
    assert_eq!(
        moves_of(&e, "k7/8/5p2/8/8/2P5/8/C6K w - - 0 1", "a1"),
        strs(&["a1d4", "a1e5", "a1f6"])
    );
    // A cannon is no screen.
    assert_eq!(
        moves_of(&e, "k7/8/5p2/8/8/2C5/8/C6K w - - 0 1", "a1"),
        strs(&[])
    );
    // Nor is it captured: the enemy cannon on f6 ends the ride.
    assert_eq!(
        moves_of(&e, "k7/8/5c2/8/8/2P5/8/C6K w - - 0 1", "a1"),
        strs(&["a1d4", "a1e5"])
    );
}

#[test]
fn a_path_ride_gives_check_as_far_as_its_limit() {
    let e = with_pieces(
        "path long = a1-h8\npiece Guard G { rides long up-to 2 }\npiece Pawn P { moves fW }",
        "",
        "8/7p/8/8/8/2k5/8/G6K b - - 0 1",
    );
    // The guard reaches b2 and c3: the king on c3 is in check, the pawn may not move, and the
    // king may not step to b2; d4, three steps away, is safe.
    let fen = "8/7p/8/8/8/2k5/8/G6K b - - 0 1";
    assert!(e.in_check(&common::pos(&e, fen)));
    assert_eq!(
        all_moves(&e, fen),
        strs(&["c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4"])
    );
    assert!(!e.in_check(&common::pos(&e, "8/7p/8/8/3k4/8/8/G6K b - - 0 1")));
}

#[test]
fn a_hopping_path_ride_gives_check_over_its_screen() {
    let e = with_pieces(
        "path long = a1-h8\npiece Cannon C { rides long hopping }\npiece Pawn P { moves fW }",
        "",
        "8/8/8/8/3k4/8/1P6/C6K b - - 0 1",
    );
    // Over the pawn on b2 the cannon attacks c3, d4 and e5: the king leaves the diagonal.
    let fen = "8/8/8/8/3k4/8/1P6/C6K b - - 0 1";
    assert!(e.in_check(&common::pos(&e, fen)));
    assert_eq!(
        all_moves(&e, fen),
        strs(&["d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4"])
    );
}

#[test]
fn capture_of_a_given_kind_only_and_unconfined() {
    let e = engine(
        "variant \"T\"\nboard 8x8\nplayers White, Black\nzone own_half = ranks 1-4\n\
         piece General K {\n moves W\n moves cR capturing General unconfined\n royal\n confined own_half\n}\n\
         piece Rook R { moves R }\nstart \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n",
    );
    // The Generals face each other on the e-file: the capture is legal (and crosses the river).
    assert!(moves_of(&e, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1").contains(&"e1e8".to_string()));
    // A Rook on the file cannot be captured by the long move.
    assert!(!moves_of(&e, "4r3/8/8/8/8/8/8/4K3 w - - 0 1", "e1").contains(&"e1e8".to_string()));
    // The W step never leaves its own half.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/4K3/8/8/8 w - - 0 1", "e4"),
        strs(&["e4d4", "e4e3", "e4f4"])
    );
}

#[test]
fn confinement_within_a_zone() {
    let e = with_pieces(
        "zone palace = d1-f3\npiece Advisor A { moves F confined palace }",
        "",
        "7k/8/8/8/8/8/4A3/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "7k/8/8/8/8/8/4A3/K7 w - - 0 1", "e2"),
        strs(&["e2d1", "e2d3", "e2f1", "e2f3"])
    );
    assert_eq!(
        moves_of(&e, "7k/8/8/8/8/4A3/8/K7 w - - 0 1", "e3"),
        strs(&["e3d2", "e3f2"])
    );
}

#[test]
fn confinement_to_whichever_region_the_piece_stands_in() {
    let e = with_pieces(
        "zone own_half = ranks 1-4\npiece Elephant E { moves nA confined own_half | enemy own_half }",
        "",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "7k/8/8/8/2E5/8/8/K7 w - - 0 1", "c4"),
        strs(&["c4a2", "c4e2"])
    );
    assert_eq!(
        moves_of(&e, "7k/8/8/2E5/8/8/8/K7 w - - 0 1", "c5"),
        strs(&["c5a7", "c5e7"])
    );
}

#[test]
fn promotion_choice_is_forced_in_the_zone() {
    let e = with_pieces(
        "zone last = rank 8\npiece Queen Q { moves Q }\npiece Knight N { moves N }\n\
         piece Pawn P { moves fmWcfF promotes to Queen, Knight in last forced }",
        "",
        "k7/4P3/8/8/8/8/8/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7"),
        strs(&["e7e8n", "e7e8q"])
    );
}

#[test]
fn optional_promotion_starts_or_ends_in_the_zone_and_is_forced_when_stuck() {
    let e = with_pieces(
        "zone far = ranks 6-8\npiece Gold +P { moves WfF }\npiece Pawn P { moves fW promotes to Gold in far optional }",
        "",
        "k7/8/8/4P3/8/8/8/K7 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "k7/8/8/4P3/8/8/8/K7 w - - 0 1", "e5"),
        strs(&["e5e6", "e5e6+"])
    );
    assert_eq!(
        moves_of(&e, "k7/8/4P3/8/8/8/8/K7 w - - 0 1", "e6"),
        strs(&["e6e7", "e6e7+"])
    );
    // From rank 7 to rank 8 the pawn would have no move left: promotion is forced.
    assert_eq!(
        moves_of(&e, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", "e7"),
        strs(&["e7e8+"])
    );
}

#[test]
fn captured_promoted_piece_returns_to_hand_unpromoted_and_conversion() {
    let e = engine(
        "variant \"T\"\nboard 5x5\nplayers White, Black\nzone far = rank 5\n\
         piece King K { moves K royal }\npiece Gold +P { moves WfF }\npiece Pawn P { moves fW promotes to Gold in far optional }\n\
         piece Champion +C { moves K captured as Pupil }\npiece Pupil C { moves K }\n\
         drops { kinds all }\nstart \"k4/5/5/5/K4[] w - - 0 1\"\n",
    );
    let pos = parse_fen(&e, "k4/5/1+p3/1K3/5[] w - - 0 1").unwrap();
    let after = e.play(&pos, parse_move(&e, &pos, "b2b3").unwrap());
    assert!(to_fen(&e, &after).contains("[P]"), "{}", to_fen(&e, &after));
    let pos = parse_fen(&e, "k4/5/1+c3/1K3/5[] w - - 0 1").unwrap();
    let after = e.play(&pos, parse_move(&e, &pos, "b2b3").unwrap());
    assert!(to_fen(&e, &after).contains("[C]"), "{}", to_fen(&e, &after));
}

#[test]
fn fairy_stockfish_tilde_reads_as_the_promoted_kind() {
    // Fairy-Stockfish writes a promoted piece as `P~` (a crazyhouse `Q~`); it is the kind
    // lettered `+P` when the variant has one, so a capture sends a Pawn to hand, not a Gold.
    let e = engine(
        "variant \"T\"\nboard 5x5\nplayers White, Black\nzone far = rank 5\n\
         piece King K { moves K royal }\npiece Gold +P { moves WfF }\npiece Pawn P { moves fW promotes to Gold in far optional }\n\
         drops { kinds all }\nstart \"k4/5/5/5/K4[] w - - 0 1\"\n",
    );
    let pos = parse_fen(&e, "k4/5/1p~3/1K3/5[] w - - 0 1").unwrap();
    assert_eq!(to_fen(&e, &pos), "k4/5/1+p3/1K3/5[] w - - 0 1");
    let after = e.play(&pos, parse_move(&e, &pos, "b2b3").unwrap());
    assert_eq!(to_fen(&e, &after), "k4/5/1K3/5/5[P] b - - 0 1");
    // A kind without a `+` form keeps its plain letter; the mark is dropped.
    let pos = parse_fen(&e, "k~4/5/5/1K3/5[] w - - 0 1").unwrap();
    assert_eq!(to_fen(&e, &pos), "k4/5/5/1K3/5[] w - - 0 1");
}

#[test]
fn drops_respect_zone_must_move_and_one_per_file() {
    let e = engine(
        "variant \"T\"\nboard 3x4\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Pawn P { moves fW }\n\
         drops { kinds all zone ranks 1-3 must-move one-per-file Pawn }\nstart \"2k/3/3/K2[P] w - - 0 1\"\n",
    );
    // Drop zone ranks 1-3 (rank 4 excluded by the zone and by must-move anyway); no pawn yet.
    let fen = "2k/3/1P1/K2[P] w - - 0 1";
    let drops: Vec<String> = all_moves(&e, fen)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    // File b already holds a White pawn: no drop there.
    assert_eq!(drops, strs(&["P@a2", "P@a3", "P@c1", "P@c2", "P@c3"]));
}

#[test]
fn no_checkmate_by_pawn_drop() {
    let e = engine(
        "variant \"T\"\nboard 3x3\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Pawn P { moves fW }\npiece Gold G { moves WfF }\n\
         drops { kinds all no-mate Pawn }\nstart \"k2/3/K2[P] w - - 0 1\"\n",
    );
    // Black king a3; the white Gold on c2 covers b3 and b2; a pawn dropped on a2 is guarded by the king on a1.
    let fen = "k2/2G/K2[P] w - - 0 1";
    let pos = parse_fen(&e, fen).unwrap();
    let drop = parse_move(&e, &pos, "P@a2");
    assert!(drop.is_err(), "pawn-drop mate must be illegal");
}

#[test]
fn pawn_drop_mate_stays_illegal_when_the_only_capturer_is_pinned() {
    let e = engine(
        "variant \"T\"\nboard 5x5\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Pawn P { moves fW }\npiece Gold G { moves WfF }\n\
         piece Silver S { moves FfW }\npiece Rook R { moves R }\npiece Lance L { moves fR }\n\
         drops { kinds all no-mate Pawn }\nstart \"k4/5/5/5/4K[] w - - 0 1\"\n",
    );
    // Black king a5, its gold b5 pinned by the rook on d5, its silver on b4; the lance on a1
    // guards a4. P@a4 checks, the king cannot take (guarded) or step aside, and the gold may
    // not take (pinned): a mate by pawn drop, so the drop is illegal. Fairy-Stockfish generates
    // it (and scores it as a loss), so its perft counts one more leaf here.
    let pinned = "kg1R1/1s3/5/5/L3K[P] w - - 0 1";
    let drops: Vec<String> = all_moves(&e, pinned)
        .into_iter()
        .filter(|m| m.starts_with("P@a"))
        .collect();
    assert_eq!(drops, strs(&["P@a2", "P@a3"]));
    // Without the rook the gold takes the pawn: the same drop is only a check, and legal.
    let free = "kg3/1s3/5/5/L3K[P] w - - 0 1";
    let drops: Vec<String> = all_moves(&e, free)
        .into_iter()
        .filter(|m| m.starts_with("P@a"))
        .collect();
    assert_eq!(drops, strs(&["P@a2", "P@a3", "P@a4"]));
}

/// King and Rooks on an 8x8 board with chess castling.
fn castling_engine() -> Engine {
    engine(
        "variant \"T\"\nboard 8x8\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Rook R { moves R }\ncastling King Rook\n\
         start \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"\n",
    )
}

#[test]
fn castling_through_unattacked_empty_squares() {
    let e = castling_engine();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let m = moves_of(&e, fen, "e1");
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    // A rook on f8 attacks f1: no king-side castling.
    let m = moves_of(&e, "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1");
    assert!(!m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    let pos = parse_fen(&e, fen).unwrap();
    let after = e.play(&pos, parse_move(&e, &pos, "e1g1").unwrap());
    assert_eq!(to_fen(&e, &after), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn en_passant_after_an_initial_double_step() {
    let e = with_pieces(
        "piece Pawn P { moves fmWfceFifmnD }",
        "",
        "k7/3p4/8/8/8/8/4P3/K7 w - - 0 1",
    );
    let fen = "k7/3p4/8/4P3/8/8/8/K7 b - - 0 1";
    let pos = parse_fen(&e, fen).unwrap();
    let pos = e.play(&pos, parse_move(&e, &pos, "d7d5").unwrap());
    assert_eq!(
        pos.ep_square().map(|s| e.rules().board.dims.name(s)),
        Some("d6".to_string())
    );
    let m: Vec<String> = e
        .legal_moves_from(&pos, e.rules().board.dims.parse_square("e5").unwrap())
        .into_iter()
        .map(|mv| move_text(&e, &pos, mv))
        .collect();
    assert_eq!(sorted(m), strs(&["e5d6", "e5e6"]));
    let after = e.play(&pos, parse_move(&e, &pos, "e5d6").unwrap());
    assert_eq!(
        to_fen(&e, &after).split(' ').next().unwrap(),
        "k7/8/3P4/8/8/8/8/K7"
    );
}

#[test]
fn a_sets_en_passant_double_step_from_any_rank_may_be_taken_en_passant() {
    // Torpedo's pawn: the double step from any square of the zone, here ranks 2 to 6, sets en
    // passant as an initial one would; a pawn that stepped to d6 double-steps from there.
    let e = with_pieces(
        "zone below7 = ranks 2-6\npiece Pawn P { moves fmWfceF\n moves fmnD in below7 sets-en-passant }",
        "",
        "k7/8/8/8/8/8/4P3/K7 w - - 0 1",
    );
    let fen = "k7/8/3p4/8/4P3/8/8/K7 b - - 0 1";
    assert_eq!(moves_of(&e, fen, "d6"), strs(&["d6d4", "d6d5"]));
    let pos = common::after(&e, fen, &["d6d4"]);
    assert_eq!(
        pos.ep_square().map(|s| e.rules().board.dims.name(s)),
        Some("d5".to_string())
    );
    let e4 = e.rules().board.dims.parse_square("e4").unwrap();
    let m: Vec<String> = e
        .legal_moves_from(&pos, e4)
        .into_iter()
        .map(|mv| move_text(&e, &pos, mv))
        .collect();
    assert_eq!(sorted(m), strs(&["e4d5", "e4e5", "e4e6"]));
    // Outside the zone (White's first rank; Black's zone is the mirror, ranks 3-7) there is no
    // double step.
    assert_eq!(
        moves_of(&e, "k7/8/8/8/8/8/8/3PK3 w - - 0 1", "d1"),
        strs(&["d1d2"])
    );
    // The same double step without the clause leaves no en passant square.
    let plain = with_pieces(
        "zone below7 = ranks 2-6\npiece Pawn P { moves fmWfceF\n moves fmnD in below7 }",
        "",
        "k7/8/8/8/8/8/4P3/K7 w - - 0 1",
    );
    let pos = common::after(&plain, fen, &["d6d4"]);
    assert_eq!(pos.ep_square(), None);
}

#[test]
fn sets_en_passant_on_a_move_that_passes_no_square_is_an_error_at_its_betza() {
    let src = "variant \"T\"\nboard 8x8\nplayers White, Black\npiece King K { moves K royal }\n\
               piece Pawn P { moves fmW sets-en-passant }\nstart \"k7/8/8/8/8/8/4P3/K7 w - - 0 1\"\n";
    let err = compile_str("t.variant", src, Path::new(".")).expect_err("refused");
    let text = format!("{:?}", miette::Report::new(err));
    assert!(
        text.contains("`fmW` has no quiet move that passes a square"),
        "{text}"
    );
}

#[test]
fn duple_check_allows_leaving_one_royal_attacked() {
    let e = engine(
        "variant \"T\"\nboard 6x6\nplayers White, Black\n\
         piece Champion C { moves K royal }\npiece Rook R { moves R }\nroyal-rule duple\n\
         start \"5c/6/6/6/6/C4C w - - 0 1\"\n",
    );
    // Rook on a6 attacks a1 only: moving the f1 champion is legal, a1 stays attacked.
    let fen = "r4c/6/6/6/6/C4C w - - 0 1";
    assert!(moves_of(&e, fen, "f1").contains(&"f1f2".to_string()));
    // Both attacked by two rooks: in check, and every legal move saves at least one champion.
    let fen = "r4r/6/6/6/6/C4C w - - 0 1";
    let pos = parse_fen(&e, fen).unwrap();
    assert!(e.in_check(&pos));
    assert_eq!(all_moves(&e, fen), strs(&["a1b1", "a1b2", "f1e1", "f1e2"]));
}

#[test]
fn capture_the_royal_has_no_check_rule_and_ends_on_capture() {
    let e = engine(
        "variant \"T\"\nboard 4x4\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Rook R { moves R }\nroyal-rule capture\n\
         start \"3k/4/4/K2R w - - 0 1\"\n",
    );
    // The king may step into the rook's line (no check rule).
    let fen = "3k/4/4/K2R b - - 0 1";
    assert!(moves_of(&e, fen, "d4").contains(&"d4d3".to_string()));
    let pos = parse_fen(&e, "3k/4/3R/K3 w - - 0 1").unwrap();
    let after = e.play(&pos, parse_move(&e, &pos, "d2d4").unwrap());
    assert!(e.legal_moves(&after).is_empty());
    assert_eq!(
        e.status(&after),
        Status::RoyalCaptured(GameResult::Win(Player::First))
    );
}

#[test]
fn bare_facing_is_illegal() {
    let e = engine(
        "variant \"T\"\nboard 5x5\nplayers Red, Black\n\
         piece General K { moves W royal }\npiece Soldier P { moves fW }\nfacing\n\
         start \"2k2/5/2P2/5/1K3 w - - 0 1\"\n",
    );
    // Generals on b1 and c5: stepping to c1 faces the other on the open c-file; a soldier on c3 shields it.
    let fen = "2k2/5/5/5/1K3 w - - 0 1";
    assert!(!moves_of(&e, fen, "b1").contains(&"b1c1".to_string()));
    let fen = "2k2/5/2P2/5/1K3 w - - 0 1";
    assert!(moves_of(&e, fen, "b1").contains(&"b1c1".to_string()));
}

#[test]
fn stalemate_is_scored_by_the_definition() {
    for (score, expected) in [
        ("draw", GameResult::Draw),
        ("loss", GameResult::Win(Player::First)),
    ] {
        let e = engine(&format!(
            "variant \"T\"\nboard 3x3\nplayers White, Black\npiece King K {{ moves K royal }}\npiece Queen Q {{ moves Q }}\n\
             stalemate {}\nstart \"k2/2Q/1K1 b - - 0 1\"\n",
            score
        ));
        let pos = parse_fen(&e, "k2/2Q/1K1 b - - 0 1").unwrap();
        assert_eq!(
            e.status(&pos),
            Status::Stalemate(expected),
            "stalemate {}",
            score
        );
    }
}

#[test]
fn checkmate_ends_the_game() {
    let e = engine(
        "variant \"T\"\nboard 3x3\nplayers White, Black\npiece King K { moves K royal }\npiece Queen Q { moves Q }\n\
         start \"k2/1Q1/1K1 b - - 0 1\"\n",
    );
    let pos = parse_fen(&e, "k2/1Q1/1K1 b - - 0 1").unwrap();
    let s = e.status(&pos);
    assert_eq!(s, Status::Checkmate(GameResult::Win(Player::First)));
    assert_eq!(
        s.describe(&e.rules().players, Player::Second),
        "Black is checkmated: White wins"
    );
}

/// Plays `moves` in a new game from the start of `e`, checking that none ends the game early.
fn play_out(e: &Arc<Engine>, moves: &[&str]) -> Game {
    let mut g = Game::new(e.clone(), e.start_position());
    for (i, m) in moves.iter().enumerate() {
        assert!(!g.status().is_over(), "over too early, before ply {}", i);
        let mv = parse_move(e, g.position(), m).unwrap();
        g.play(mv);
    }
    g
}

#[test]
fn perpetual_check_loses_the_repetition_for_the_checking_side() {
    let rules = "variant \"T\"\nboard 6x6\nplayers White, Black\npiece King K { moves K royal }\n\
                 piece Rook R { moves R }\nrepetition 3 draw perpetual-check loss\n\
                 start \"5k/6/6/R5/6/K5 w - - 0 1\"\n";
    let e = Arc::new(engine(rules));
    // White checks with every move after the first a6+; the position after a6+ stands a third time.
    let g = play_out(
        &e,
        &[
            "a3a6", "f6f5", "a6a5", "f5f6", "a5a6", "f6f5", "a6a5", "f5f6", "a5a6",
        ],
    );
    assert_eq!(
        g.status(),
        Status::PerpetualCheck(Player::First, GameResult::Win(Player::Second))
    );
    assert_eq!(
        g.status().describe(
            &ByPlayer::new("White".into(), "Black".into()),
            Player::Second
        ),
        "White has given perpetual check: Black wins"
    );
    // The same repetition without checks is an ordinary draw.
    let g = play_out(
        &e,
        &[
            "a3b3", "f6f5", "b3a3", "f5f6", "a3b3", "f6f5", "b3a3", "f5f6",
        ],
    );
    assert_eq!(g.status(), Status::Repetition(GameResult::Draw));
    // Without the clause, perpetual check is an ordinary repetition too.
    let e = Arc::new(engine(&rules.replace(" perpetual-check loss", "")));
    let g = play_out(
        &e,
        &[
            "a3a6", "f6f5", "a6a5", "f5f6", "a5a6", "f6f5", "a6a5", "f5f6", "a5a6",
        ],
    );
    assert_eq!(g.status(), Status::Repetition(GameResult::Draw));
}

#[test]
fn threefold_repetition_and_move_limit() {
    let e = Arc::new(engine(
        "variant \"T\"\nboard 4x4\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\n\
         repetition 3 draw\nstart \"3k/4/4/KR2 w - - 0 1\"\n",
    ));
    let g = play_out(
        &e,
        &[
            "b1b2", "d4c4", "b2b1", "c4d4", "b1b2", "d4c4", "b2b1", "c4d4",
        ],
    );
    // The start position has now occurred for the third time.
    assert_eq!(g.status(), Status::Repetition(GameResult::Draw));
    // The move limit: 2 moves each (4 plies) without capture.
    let e = engine(
        "variant \"T\"\nboard 4x4\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\n\
         move-limit 2 draw\nstart \"3k/4/4/KR2 w - - 0 1\"\n",
    );
    assert_eq!(
        e.status(&parse_fen(&e, "3k/4/4/KR2 w - - 3 3").unwrap()),
        Status::Ongoing { check: false }
    );
    let pos = parse_fen(&e, "3k/4/4/KR2 w - - 4 3").unwrap();
    assert_eq!(e.status(&pos), Status::MoveLimit(GameResult::Draw));
}

#[test]
fn delayed_promotion_after_a_drop_beyond_the_river() {
    let e = engine(
        "variant \"T\"\nboard 5x6\nplayers White, Black\nzone own_half = ranks 1-3\n\
         piece King K { moves K royal }\npiece Tokin +P { moves WfF }\npiece Pawn P { moves fW promotes to Tokin in rank 6 forced }\n\
         drops { kinds all promote-after-move enemy own_half }\nstart \"4k/5/5/5/5/K4[P] w - - 0 1\"\n",
    );
    let pos = e.start_position();
    let pos = e.play(&pos, parse_move(&e, &pos, "P@c4").unwrap());
    assert!(
        to_fen(&e, &pos).starts_with("4k/5/2P!2/"),
        "{}",
        to_fen(&e, &pos)
    );
    let pos = e.play(&pos, parse_move(&e, &pos, "e6d6").unwrap());
    // Its next move promotes whatever it is: the only move to c5 is the promoting one.
    // A promotion with one possible result needs no suffix (issue 12): the plain text reads as it.
    assert_eq!(
        parse_move(&e, &pos, "c4c5").ok(),
        parse_move(&e, &pos, "c4c5+").ok()
    );
    let pos = e.play(&pos, parse_move(&e, &pos, "c4c5+").unwrap());
    assert!(
        to_fen(&e, &pos).starts_with("3k1/2+P2/"),
        "promoted at the end of its next move: {}",
        to_fen(&e, &pos)
    );
}

#[test]
fn holes_are_not_squares() {
    let e = engine(
        "variant \"T\"\nboard 3x3\nholes b2\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\n\
         start \"k2/1*1/R1K w - - 0 1\"\n",
    );
    // The rook on a1 rides up the a-file; the king on c1 cannot step onto the hole b2.
    assert_eq!(
        moves_of(&e, "k2/1*1/R1K w - - 0 1", "c1"),
        strs(&["c1b1", "c1c2"])
    );
}

#[test]
fn castling_rights_without_their_rook_are_dropped_from_a_fen() {
    let e = castling_engine();
    let pos = parse_fen(&e, "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(to_fen(&e, &pos), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
}

#[test]
fn a_start_fen_with_a_pending_promotion_compiles_and_opens() {
    // `P!` on b3: the Pawn promotes at the end of its next move. The checker reads the FEN as the
    // engine does, so the definition is valid and the start position has the mark.
    let e = engine(
        "variant \"T\"\nboard 5x5\nplayers White, Black\nzone third = rank 3\n\
         piece King K { moves K royal }\npiece Tokin +P { moves WfF }\npiece Pawn P { moves fW promotes to Tokin in rank 5 forced }\n\
         drops { kinds all promote-after-move third }\nstart \"k4/5/1P!3/5/4K[] w - - 0 1\"\n",
    );
    let pos = e.start_position();
    assert_eq!(to_fen(&e, &pos), "k4/5/1P!3/5/4K[] w - - 0 1");
    // Its next move promotes whatever it is.
    assert_eq!(
        parse_move(&e, &pos, "b3b4").ok(),
        parse_move(&e, &pos, "b3b4+").ok()
    );
    let pos = e.play(&pos, parse_move(&e, &pos, "b3b4+").unwrap());
    assert!(
        to_fen(&e, &pos).starts_with("k4/1+P3/"),
        "{}",
        to_fen(&e, &pos)
    );
}

#[test]
fn the_start_position_keeps_exactly_the_castling_rights_fen_keeps() {
    // Black has no rook on h8, so its king-side right is dropped, at the start as by `fen`.
    let text = "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let e = engine(&format!(
        "variant \"T\"\nboard 8x8\nplayers White, Black\n\
         piece King K {{ moves K royal }}\npiece Rook R {{ moves R }}\ncastling King Rook\n\
         start \"{text}\"\n"
    ));
    let start = e.start_position();
    let read = parse_fen(&e, text).unwrap();
    assert_eq!(to_fen(&e, &start), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert_eq!(to_fen(&e, &start), to_fen(&e, &read));
    assert_eq!(start.hash(), read.hash());
    assert_eq!(start.hash(), start.hash_from_scratch());
    assert_eq!(start.castling_rights(), read.castling_rights());
}

/// A gating game: King, Rook and Knight on the board, Hawk and Elephant entering by gating on
/// the first rank.
fn gating(fen: &str) -> Engine {
    with_pieces(
        "piece Rook R { moves R }\npiece Knight N { moves N }\npiece Hawk H { moves BN }\npiece Elephant E { moves RN }",
        "castling King Rook\ngating in rank 1",
        fen,
    )
}

#[test]
fn a_first_move_from_a_gate_also_brings_each_kind_in_hand() {
    let fen = "4k3/8/8/8/8/8/8/1N2K3[HE] w B - 0 1";
    let e = gating(fen);
    assert_eq!(
        moves_of(&e, fen, "b1"),
        strs(&["b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h", "b1d2", "b1d2e", "b1d2h"])
    );
    // The king's file letter is not in the castling field: it has no gate.
    assert_eq!(
        moves_of(&e, fen, "e1"),
        strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn a_piece_without_the_right_or_a_hand_without_pieces_gates_nothing() {
    let no_right = "4k3/8/8/8/8/8/8/1N2K3[HE] w - - 0 1";
    let e = gating(no_right);
    assert_eq!(
        moves_of(&e, no_right, "b1"),
        strs(&["b1a3", "b1c3", "b1d2"])
    );
    // Nothing in hand: the right is of no use, and the FEN written back drops it.
    let empty = "4k3/8/8/8/8/8/8/1N2K3[] w B - 0 1";
    assert_eq!(moves_of(&e, empty, "b1"), strs(&["b1a3", "b1c3", "b1d2"]));
    assert_eq!(
        to_fen(&e, &common::pos(&e, empty)),
        "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1"
    );
}

#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let fen = "4k3/8/8/8/8/8/8/4K2R[H] w K - 0 1";
    let e = gating(fen);
    // `e1g1h`: the Hawk on e1; `h1e1h`: on h1 (written from the rook's square, as
    // Fairy-Stockfish writes it).
    assert_eq!(
        moves_of(&e, fen, "e1"),
        strs(&[
            "e1d1", "e1d1h", "e1d2", "e1d2h", "e1e2", "e1e2h", "e1f1", "e1f1h", "e1f2", "e1f2h",
            "e1g1", "e1g1h", "h1e1h"
        ])
    );
    let p = common::after(&e, fen, &["h1e1h"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/8/8/5RKH[] b - - 1 1");
}

#[test]
fn after_its_first_move_a_piece_has_no_gate_and_the_gated_piece_none() {
    let fen = "4k3/8/8/8/8/8/8/1N2K1N1[HE] w BG - 0 1";
    let e = gating(fen);
    let p = common::after(&e, fen, &["b1c3h"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/2N5/8/1H2K1N1[E] b G - 1 1");
    // The Hawk that entered on b1 moves, but opens no gate.
    let p = common::after(&e, fen, &["b1c3h", "e8e7", "c3b5", "e7e8"]);
    let b1 = e.rules().board.dims.parse_square("b1").expect("b1");
    let hawk = e.legal_moves_from(&p, b1);
    assert!(!hawk.is_empty() && hawk.iter().all(|m| m.gate.is_none()));
    assert!(!p.gates().contains(b1));
    // The last piece in hand gated: no gate is left to use, and the FEN says so.
    let p = common::after(&e, fen, &["b1c3h", "e8e7", "g1f3e"]);
    assert_eq!(to_fen(&e, &p), "8/4k3/8/8/8/2N2N2/8/1H2K1E1[] b - - 3 2");
}

#[test]
fn a_gated_piece_shields_its_king() {
    // The knight on d1 is pinned along the first rank; moving it alone is illegal, but the Hawk
    // it leaves on d1 blocks the rook.
    let fen = "4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1";
    let e = gating(fen);
    assert_eq!(
        moves_of(&e, fen, "d1"),
        strs(&["d1b2h", "d1c3h", "d1e3h", "d1f2h"])
    );
}

#[test]
fn a_gating_zone_holds_one_square_per_file() {
    let src = "variant \"Test\"\nboard 8x8\npiece King K { moves K royal }\ngating in ranks 1-2\nstart \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let err = compile_str("test.variant", src, Path::new(".")).expect_err("two squares per file");
    let text = err.render_plain();
    assert!(
        text.contains("the gating zone has two squares on the a-file (a1 and a2)"),
        "{text}"
    );
}

#[test]
fn a_double_step_region_beyond_the_start_rank_imports_as_sets_en_passant_and_exports_back() {
    use chimera::interop::import::import_section;
    use chimera::interop::ini::IniFile;
    // Semi-torpedo: pawns double-step from the second and third ranks, and set en passant.
    let ini = "[semi:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\n";
    let semi = import_section(&IniFile::parse(ini), "semi");
    let text = semi.source.expect("imported");
    assert!(
        text.contains("moves fmnD in double_step sets-en-passant"),
        "{text}"
    );
    assert!(
        !semi
            .omissions
            .iter()
            .any(|o| o.key.starts_with("doubleStep")),
        "{:?}",
        semi.omissions
    );
    let e = engine(&text);
    // A pawn that stepped to e3 double-steps from there; d5 may not, being outside the region.
    let fen = "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e3"), strs(&["e3e4", "e3e5"]));
    let pos = common::after(&e, fen, &["e3e5"]);
    assert_eq!(
        pos.ep_square().map(|s| e.rules().board.dims.name(s)),
        Some("e4".to_string())
    );
    assert_eq!(
        moves_of(&e, "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1", "d5"),
        strs(&["d5d4"])
    );
    // Exported, the zone is Fairy-Stockfish's region again.
    let out = chimera::interop::export::export(e.rules(), "semi");
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert!(
        out.text.contains("doubleStepRegionWhite = *2 *3"),
        "{}",
        out.text
    );
}

/// `turned`: the second player's moves are the first player's turned through 180 degrees, so a
/// piece that steps forward and to its right steps, for Black, down the board and to Black's own
/// right (White's left). Without `turned` Black's moves are mirrored top to bottom: down and to
/// White's right. Checked on an 8x8 board and a 9x9 one (the wide board tables).
#[test]
fn turned_pieces_swap_left_and_right_for_the_second_player() {
    for (board, fen, sq) in [
        ("8x8", "k7/8/8/3s4/8/8/8/K7 b - - 0 1", "d5"),
        ("9x9", "k8/9/9/9/4s4/9/9/9/K8 b - - 0 1", "e5"),
    ] {
        let def = |turned: &str| {
            engine(&format!(
                "variant \"T\"\nboard {board}\npiece King K {{ moves K royal }}\npiece Step S {{ moves fWrW {turned} }}\nstart \"{fen}\"\n"
            ))
        };
        let (down, left, right) = if board == "8x8" {
            ("d5d4", "d5c5", "d5e5")
        } else {
            ("e5e4", "e5d5", "e5f5")
        };
        assert_eq!(
            moves_of(&def("turned"), fen, sq),
            sorted(strs(&[down, left])),
            "{board}"
        );
        assert_eq!(
            moves_of(&def(""), fen, sq),
            sorted(strs(&[down, right])),
            "{board}"
        );
        // White's moves are the same either way.
        let white = fen.replace(" b ", " w ").replace('s', "S");
        assert_eq!(
            moves_of(&def("turned"), &white, sq),
            moves_of(&def(""), &white, sq),
            "{board}"
        );
        // Fairy-Stockfish turns every piece: the turned one exports, the mirrored one is refused.
        let out = chimera::interop::export::export(def("turned").rules(), "t");
        assert!(out.problems.is_empty(), "{:?}", out.problems);
        assert!(out.text.contains("customPiece1 = s:"), "{}", out.text);
        let out = chimera::interop::export::export(def("").rules(), "t");
        assert_eq!(out.problems.len(), 1, "{:?}", out.problems);
        assert!(out.problems[0]
            .message
            .starts_with("Step: not left-right symmetric"));
    }
}
