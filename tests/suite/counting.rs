//! Makruk's counting (`counting ... from-pieces`) and ASEAN chess's (`counting` without it),
//! each rule on a position built for it, with the FEN Fairy-Stockfish (pyffish 0.0.90) gives
//! after the same moves: the count's limit in plies stands where the en-passant square does, the
//! plies counted so far where the half-move clock does.

use chimera::{compile_str, to_fen, Engine, GameResult, Status};
use std::path::Path;

use crate::common;
use common::{after, load, pos};

/// The shipped makruk and ASEAN chess (its B is the khon, its Q the met).
fn makruk() -> Engine {
    load("makruk.variant")
}

fn asean() -> Engine {
    load("asean.variant")
}

fn fen_after(e: &Engine, fen: &str, moves: &[&str]) -> String {
    to_fen(e, &after(e, fen, moves))
}

#[test]
fn with_no_pawn_left_a_side_with_more_than_its_king_counts_to_64_moves() {
    // Rook and king each: the board's honour, 128 plies, from 0, for the side to move.
    let e = makruk();
    assert_eq!(
        fen_after(&e, "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/3r4/8/8/R7/4K3 b - 128 0 1"
    );
}

#[test]
fn a_pawn_on_the_board_stops_every_count() {
    let e = makruk();
    assert_eq!(
        fen_after(&e, "4k3/8/8/3r4/8/4P3/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/3r4/8/4P3/R7/4K3 b - - 1 1"
    );
}

#[test]
fn a_bare_king_counts_to_the_limit_the_strongest_enemy_pieces_set_from_the_pieces_on_the_board() {
    // Two rooks: 8 moves (16 plies); four pieces on the board: the count starts at 8 plies.
    let e = makruk();
    assert_eq!(
        fen_after(&e, "k7/8/8/8/8/8/8/RR2K3 w - - 0 1", &["e1e2"]),
        "k7/8/8/8/8/8/4K3/RR6 b - 16 8 1"
    );
}

#[test]
fn a_bare_king_that_takes_the_last_pawn_starts_its_count_at_once() {
    // One rook: 16 moves (32 plies); three pieces after the capture: 2 x 3 - 1 plies.
    let e = makruk();
    let fen = "8/8/8/8/8/8/2kP4/R5K1 b - - 0 1";
    assert_eq!(
        fen_after(&e, fen, &["c2d2"]),
        "8/8/8/8/8/8/3k4/R5K1 w - 32 5 2"
    );
    assert_eq!(
        fen_after(&e, fen, &["c2d2", "g1g2"]),
        "8/8/8/8/8/8/3k2K1/R7 b - 32 6 2"
    );
    // ASEAN chess: the count waits for the bare side's turn, and starts at 0.
    let a = asean();
    assert_eq!(
        fen_after(&a, fen, &["c2d2"]),
        "8/8/8/8/8/8/3k4/R5K1 w - - 0 2"
    );
    assert_eq!(
        fen_after(&a, fen, &["c2d2", "g1g2"]),
        "8/8/8/8/8/8/3k2K1/R7 b - 32 0 2"
    );
}

#[test]
fn a_count_that_passes_its_limit_draws() {
    let e = makruk();
    let at_limit = after(&e, "k7/8/8/8/8/8/8/2RRK3 b - 16 15 40", &["a8a7"]);
    assert_eq!(to_fen(&e, &at_limit), "8/k7/8/8/8/8/8/2RRK3 w - 16 16 41");
    assert_eq!(e.status(&at_limit), Status::Ongoing { check: false });
    let past = after(&e, "k7/8/8/8/8/8/8/2RRK3 b - 16 16 40", &["a8a7"]);
    assert_eq!(to_fen(&e, &past), "8/k7/8/8/8/8/8/2RRK3 w - 16 17 41");
    assert_eq!(e.status(&past), Status::MoveLimit(GameResult::Draw));
}

#[test]
fn a_checkmate_on_the_move_that_passes_the_limit_still_wins() {
    // White's rook mates on the 17th ply of a 16-ply count.
    let e = makruk();
    let p = after(&e, "k7/8/1R6/8/8/8/8/2R1K3 w - 16 16 40", &["c1a1"]);
    assert_eq!(to_fen(&e, &p), "k7/8/1R6/8/8/8/8/R3K3 b - 16 17 40");
    assert_eq!(
        e.status(&p),
        Status::Checkmate(GameResult::Win(chimera::Player::First))
    );
}

#[test]
fn a_count_read_from_a_fen_is_written_back_and_a_plain_fen_keeps_its_clock() {
    let e = makruk();
    for fen in [
        "2K5/8/8/5m1k/8/8/8/8 w - 128 10 93",
        "8/4N3/5k1s/4M3/8/6K1/8/8 b - 128 12 57",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    ] {
        assert_eq!(to_fen(&e, &pos(&e, fen)), fen);
    }
}

#[test]
fn makpong_a_king_in_check_moves_only_to_take_its_single_checker() {
    // `checked-royal takes-only` over makruk: Fairy-Stockfish's `makpong` lists the same moves
    // (pyffish 0.0.90); makruk itself lets the king step away too.
    let src = "variant \"makpong\"\nextends \"makruk.variant\"\nchecked-royal takes-only\n";
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let rules = compile_str("makpong.variant", src, &dir)
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).expect("engine");
    let m = makruk();
    let cases: [(&str, &[&str], &[&str]); 4] = [
        // Not in check: every king move.
        (
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            &["e1d2", "e1f1"],
            &["e1d2", "e1f1"],
        ),
        // In check by a rook it may take: only the capture.
        (
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
            &["e1e2"],
            &["e1d1", "e1e2", "e1f1"],
        ),
        // Two checkers: the king may not move at all (mate here).
        (
            "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1",
            &[],
            &["e1d1", "e1e2", "e1f1"],
        ),
        (
            "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1",
            &["e1e2"],
            &["e1d1", "e1e2", "e1f1"],
        ),
    ];
    for (fen, makpong, plain) in cases {
        assert_eq!(common::all_moves(&e, fen), common::strs(makpong), "{fen}");
        assert_eq!(common::all_moves(&m, fen), common::strs(plain), "{fen}");
    }
    let mate = pos(&e, "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1");
    assert_eq!(
        e.status(&mate),
        Status::Checkmate(GameResult::Win(chimera::Player::Second))
    );
    // Counted the general way in perft too: the quick count agrees with the list.
    assert_eq!(e.perft(&mate, 1), 0);
}
