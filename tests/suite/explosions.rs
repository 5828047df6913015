//! Explosions on capture (`explosions spare KIND, ... immune KIND, ...`), on the shipped atomic
//! chess: what a capture removes, the three legality rules it brings (no self-explosion, blowing
//! up the enemy king is always legal, touching kings cannot check each other), en passant and
//! castling rights. Fairy-Stockfish (pyffish, variant `atomic`) lists the same moves and the
//! same positions after them on every position here; `tests/perft/atomic.perft` holds its
//! counts for these and for positions from random games.

use chimera::compile_str;
use chimera::interop::export::export;
use chimera::interop::import::import_section;
use chimera::interop::ini::IniFile;
use chimera::{to_fen, GameResult, Player, Status};
use std::path::Path;

use crate::common;
use common::{after, all_moves, load, strs};

#[test]
fn a_capture_removes_the_capturer_the_victim_and_the_pieces_around_but_pawns() {
    // The Queen takes the Rook on d5: the Queen, the Rook, the Knight on c6 and the Bishop on e6
    // go; the Pawn on c4 stays.
    let e = load("atomic.variant");
    let p = after(&e, "4k3/8/2n1b3/3r4/2P5/8/8/3QK3 w - - 0 1", &["d1d5"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/2P5/8/8/4K3 b - - 0 1");
}

#[test]
fn a_king_may_not_capture_since_it_would_blow_itself_up() {
    // The Pawn on d2 checks the King; taking it would explode the King.
    let e = load("atomic.variant");
    assert_eq!(
        all_moves(&e, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
        strs(&["e1d1", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn blowing_up_the_enemy_king_is_legal_in_check_and_wins() {
    // White is in check from e5; Rxd8 explodes the King on e8 beside the Rook, so it is legal
    // though the check stands, and it ends the game.
    let e = load("atomic.variant");
    let fen = "R2rk3/8/8/4r3/8/8/8/4K3 w - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["a8d8", "e1f1", "e1f2"]));
    let p = after(&e, fen, &["a8d8"]);
    assert_eq!(to_fen(&e, &p), "8/8/8/4r3/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        e.status(&p),
        Status::RoyalCaptured(GameResult::Win(Player::First))
    );
    assert!(e.legal_moves(&p).is_empty());
}

#[test]
fn kings_side_by_side_cannot_check_each_other() {
    // The Queen on e2 attacks d1, but the King there touches Black's King: taking it would blow
    // up the taker's King. White is not in check; its King may step beside Black's King (c1,
    // c2, e1) and may not take the Queen (it would explode).
    let e = load("atomic.variant");
    let fen = "8/8/8/8/8/8/3kq3/3K4 w - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["d1c1", "d1c2", "d1e1"]));
    assert_eq!(
        e.status(&common::pos(&e, fen)),
        Status::Ongoing { check: false }
    );
}

#[test]
fn an_en_passant_capture_explodes_on_the_square_the_pawn_lands_on() {
    let e = load("atomic.variant");
    let p = after(&e, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_rook_blown_up_takes_its_castling_right_with_it() {
    // Bxg2 blows up the Rook on h1: White keeps only its queen-side right.
    let e = load("atomic.variant");
    let p = after(&e, "4k3/1b6/8/8/8/8/6P1/R3K2R b KQ - 0 1", &["b7g2"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 2");
}

#[test]
fn a_king_may_castle_past_squares_next_to_the_enemy_king() {
    // Black's King on f2 touches e1, f1 and g1: none of them counts as attacked.
    let e = load("atomic.variant");
    let moves = all_moves(&e, "8/8/8/8/8/8/5k2/R3K2R w KQ - 0 1");
    assert_eq!(moves.len(), 25);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
}

#[test]
fn an_immune_kind_survives_every_blast_even_when_it_captures() {
    // No royal (`royal-rule capture` has no check to keep); the Guard is immune, the Pawn spared.
    let src = r#"
variant "Blast"
board 4x4
players White, Black
piece Guard G { moves K }
piece Rook R { moves R }
piece Pawn P { moves fmWfcF }
explosions spare Pawn immune Guard
start "4/1rr1/1G1P/4 w - - 0 1"
"#;
    let rules = compile_str("t.variant", src, Path::new(".")).expect("compiles");
    let e = chimera::Engine::new(rules).expect("engine");
    // The Guard takes the Rook on b3: the Rook goes, the Rook on c3 beside it too; the Guard and
    // the Pawn on d2 stay.
    let p = after(&e, "4/1rr1/1G1P/4 w - - 0 1", &["b2b3"]);
    assert_eq!(to_fen(&e, &p), "4/1G2/3P/4 b - - 0 1");
}

#[test]
fn atomic_exports_as_fairy_stockfish_states_it_and_imports_back() {
    let e = load("atomic.variant");
    let out = export(e.rules(), "atomic2");
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    for line in [
        "blastOnCapture = true",
        "extinctionPseudoRoyal = true",
        "extinctionPieceTypes = k",
        "pawn = p",
    ] {
        assert!(out.text.contains(line), "missing `{line}` in\n{}", out.text);
    }
    // Fairy-Stockfish's own `atomic` as a parent, and the exported section, both import with
    // the explosions and nothing about them left out.
    let ini = IniFile::parse(&format!("{}\n[mine:atomic]\n", out.text));
    for name in ["atomic2", "mine"] {
        let imp = import_section(&ini, name);
        let text = imp
            .source
            .unwrap_or_else(|| panic!("{name}: {:?}", imp.refused));
        assert!(
            imp.omissions.iter().all(|o| !o.key.starts_with("blast")),
            "{name}: {:?}",
            imp.omissions
        );
        assert!(text.contains("\nexplosions spare Pawn\n"), "{name}: {text}");
        let rules = compile_str("t.variant", &text, Path::new(".")).expect("the import compiles");
        let back = chimera::Engine::new(rules).expect("engine");
        assert_eq!(back.perft(&back.start_position(), 3), 8902, "{name}");
    }
}

#[test]
fn a_royal_blown_up_by_its_own_capture_loses_under_the_capture_rule() {
    // Found by the catalogue on Fairy-Stockfish's allexplodeatomic: the King on b1 takes the
    // Rook on b2 and blows itself up. The side that just moved has lost; there is no move left.
    let src = r#"variant "Blast"
board 4x4
piece King K { moves K royal }
piece Rook R { moves R }
royal-rule capture
explosions
start "3k/4/1r2/1K2 w - - 0 1"
"#;
    let rules = compile_str("t.variant", src, Path::new(".")).expect("compiles");
    let e = chimera::Engine::new(rules).expect("engine");
    let p = after(&e, "3k/4/1r2/1K2 w - - 0 1", &["b1b2"]);
    assert_eq!(to_fen(&e, &p), "3k/4/4/4 b - - 0 1");
    assert!(e.legal_moves(&p).is_empty());
    assert_eq!(
        e.status(&p),
        Status::RoyalCaptured(GameResult::Win(Player::Second))
    );
}
