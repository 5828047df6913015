//! First moves (`moves ... first-move`) and Cambodian chess's counting (`board N up-to M`,
//! `bare without KIND`), each on a position built for it, with the moves and the FEN
//! Fairy-Stockfish (pyffish 0.0.90, variant `cambodian`) gives for the same position.

use chimera::{to_fen, Engine};

use crate::common;
use common::{after, all_moves, load, pos, strs};

fn cambodian() -> Engine {
    load("cambodian.variant")
}

fn fen_after(e: &Engine, fen: &str, moves: &[&str]) -> String {
    to_fen(e, &after(e, fen, moves))
}

#[test]
fn an_unmoved_king_out_of_check_may_leap_two_files_aside_onto_the_rank_in_front() {
    let e = cambodian();
    assert_eq!(
        all_moves(&e, "4k3/8/8/8/8/8/8/3K4 w D - 0 1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f2"])
    );
    // Without its right (no `D`), only the steps.
    assert_eq!(
        all_moves(&e, "4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
        strs(&["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"])
    );
}

#[test]
fn a_king_in_check_keeps_its_right_but_may_not_leap() {
    let e = cambodian();
    let fen = "4k3/8/8/8/8/4n3/8/3K4 w D - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["d1c1", "d1d2", "d1e1", "d1e2"]));
    assert_eq!(to_fen(&e, &pos(&e, fen)), fen);
}

#[test]
fn an_unmoved_met_may_leap_two_squares_forward_onto_an_empty_square_only() {
    let e = cambodian();
    assert_eq!(
        all_moves(&e, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2"])
    );
    // A black pawn on e3: no leap onto it (first moves never capture), and d2 and f2 attacked.
    assert_eq!(
        all_moves(&e, "4k3/8/8/8/8/4p3/8/3KM3 w DE - 0 1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1e2", "e1d2", "e1f2"])
    );
}

#[test]
fn moving_takes_the_right_and_the_fen_names_the_rights_by_file() {
    let e = cambodian();
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(
        fen_after(&e, start, &["d1b2"]),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
    );
    assert_eq!(
        fen_after(&e, start, &["d1f2", "e8g7"]),
        "rnsm1snr/6k1/pppppppp/8/8/PPPPPPPP/5K2/RNS1MSNR w Ed - 2 2"
    );
    // The met's leap takes its right (and Black, bare, starts counting from the pieces).
    assert_eq!(
        fen_after(&e, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1", &["e1e3"]),
        "4k3/8/8/8/8/4M3/8/3K4 b D 126 6 1"
    );
    // A letter whose file holds no unmoved piece of that side gives nothing.
    assert_eq!(
        to_fen(&e, &pos(&e, "4k3/8/8/8/8/8/8/R2K4 b Dd - 0 1")),
        "4k3/8/8/8/8/8/8/R2K4 b D - 0 1"
    );
}

#[test]
fn a_rook_landing_on_the_kings_file_or_rank_takes_its_right_even_behind_a_piece() {
    let e = cambodian();
    let fen = "r3k3/8/8/8/8/3P4/8/3K4 b D - 0 1";
    // On the d-file behind the white pawn: the right is gone (the count starts: two pieces).
    assert_eq!(
        fen_after(&e, fen, &["a8d8"]),
        "3rk3/8/8/8/8/3P4/8/3K4 w - 126 0 2"
    );
    // On the king's rank, giving check.
    assert_eq!(
        fen_after(&e, fen, &["a8a1"]),
        "4k3/8/8/8/8/3P4/8/r2K4 w - 126 0 2"
    );
    // A knight's move does nothing to it.
    let fen = "n3k3/8/8/8/8/3P4/8/3K4 b D - 0 1";
    assert_eq!(
        fen_after(&e, fen, &["a8b6"]),
        "4k3/8/1n6/8/8/3P4/8/3K4 w D 126 0 2"
    );
}

#[test]
fn the_boards_honour_counts_for_two_or_three_pieces_even_with_pawns_on_the_board() {
    let e = cambodian();
    // Black, with king and rook, counts to 63 moves (126 plies) though a pawn stands.
    assert_eq!(
        fen_after(&e, "4k3/8/8/3r4/8/4P3/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/3r4/8/4P3/R7/4K3 b - 126 0 1"
    );
    // With four pieces, no count.
    assert_eq!(
        fen_after(&e, "4k3/3s4/3n4/3r4/8/4P3/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/3s4/3n4/3r4/8/4P3/R7/4K3 b - - 1 1"
    );
}

#[test]
fn a_bare_king_counts_from_the_pieces_once_no_pawn_is_left() {
    let e = cambodian();
    // A pawn on the board: no pieces' honour.
    assert_eq!(
        fen_after(&e, "4k3/8/8/8/8/4P3/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/8/8/4P3/R7/4K3 b - - 1 1"
    );
    // No pawn: 15 moves against one rook, 7 against two, counted from the 3 (or 4) pieces.
    assert_eq!(
        fen_after(&e, "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/8/8/8/R7/4K3 b - 30 6 1"
    );
    assert_eq!(
        fen_after(&e, "4k3/8/8/8/8/8/3RR3/4K3 w - - 0 1", &["d2a2"]),
        "4k3/8/8/8/8/8/R3R3/4K3 b - 14 8 1"
    );
}
