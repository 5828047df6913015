//! Chess960: a start drawn at random within stated constraints (`start "FEN" random rank 1 {
//! opposite-colours Bishop  between King Rook }`), numbered as Scharnagl numbers them, and
//! castling that puts king and rook on the files they reach in chess from wherever they start
//! (`castling King Rook to c g`). In coordinates a castling is the king taking its own rook
//! (`g1h1`), as UCI writes it with `UCI_Chess960`; in SAN `O-O` and `O-O-O`.

use crate::common::{after, all_moves, load, moves_of, pos, strs};
use crate::gui::{definition, Gui};
use chimera::{compile_str, parse_move, san, to_fen, Engine};
use std::path::Path;
use std::time::Duration;

fn chess960() -> Engine {
    load("chess960.variant")
}

/// The back rank of the first player in a FEN.
fn back_rank(fen: &str) -> &str {
    fen.split(' ')
        .next()
        .and_then(|b| b.rsplit('/').next())
        .unwrap_or("")
}

#[test]
fn the_starts_are_numbered_0_to_959_and_518_is_chess() {
    let e = chess960();
    assert_eq!(e.start_count(), Some(960));
    let fen = |n: u64| to_fen(&e, &e.numbered_start(n).expect("a start"));
    assert_eq!(
        fen(518),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The first, the last and one between, as Scharnagl's table has them.
    assert_eq!(back_rank(&fen(0)), "BBQNNRKR");
    assert_eq!(back_rank(&fen(1)), "BQNBNRKR");
    assert_eq!(back_rank(&fen(100)), "QBBNRNKR");
    assert_eq!(back_rank(&fen(959)), "RKRNNQBB");
    assert!(e.numbered_start(960).is_none());
    // The definition's own start is number 518.
    assert_eq!(e.start_number(&e.start_position()), Some(518));
}

#[test]
fn every_start_keeps_the_constraints_and_each_arrangement_has_one_number() {
    let e = chess960();
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let p = e.numbered_start(n).expect("a start");
        let fen = to_fen(&e, &p);
        let rank = back_rank(&fen).to_string();
        // Bishops on squares of both colours: one on an even file (a, c, ...), one on an odd.
        let bishops: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
        assert_eq!(bishops.len(), 2, "{n}: {rank}");
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: {rank}");
        // The king between the rooks.
        let king = rank.find('K').expect("a king");
        let rooks: Vec<usize> = rank.match_indices('R').map(|(i, _)| i).collect();
        assert!(rooks[0] < king && king < rooks[1], "{n}: {rank}");
        // The second player's rank mirrors the first's.
        assert!(fen.starts_with(&rank.to_ascii_lowercase()), "{n}: {fen}");
        assert!(seen.insert(rank), "{n} repeats an arrangement");
        assert_eq!(e.start_number(&p), Some(n));
        // Both may castle both ways.
        assert!(fen.contains(" w KQkq - 0 1"), "{n}: {fen}");
    }
}

#[test]
fn the_king_that_stands_on_its_destination_castles_without_moving() {
    // King on g1, rooks on b1 and h1: short castling leaves the king on g1 and puts the rook on
    // f1; long castling takes the king to c1 and the rook to d1. (h2 is the h8 rook's.)
    let e = chess960();
    let fen = "1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1";
    assert_eq!(
        moves_of(&e, fen, "g1"),
        strs(&["g1b1", "g1f1", "g1f2", "g1g2", "g1h1"])
    );
    let p = pos(&e, fen);
    assert_eq!(
        san(&e, &p, parse_move(&e, &p, "g1h1").expect("legal")),
        "O-O"
    );
    assert_eq!(
        san(&e, &p, parse_move(&e, &p, "g1b1").expect("legal")),
        "O-O-O"
    );
    assert_eq!(
        to_fen(&e, &after(&e, fen, &["O-O"])),
        "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1"
    );
    assert_eq!(
        to_fen(&e, &after(&e, fen, &["O-O-O"])),
        "1r4kr/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
}

#[test]
fn a_rook_on_the_king_s_destination_makes_way_for_it() {
    // Rooks on c1 and g1, the king's destinations: each castling swaps places around them.
    let e = chess960();
    let fen = "2r1k1r1/pppppppp/8/8/8/8/PPPPPPPP/2R1K1R1 w CGcg - 0 1";
    assert_eq!(
        to_fen(&e, &after(&e, fen, &["O-O"])),
        "2r1k1r1/pppppppp/8/8/8/8/PPPPPPPP/2R2RK1 b kq - 1 1"
    );
    assert_eq!(
        to_fen(&e, &after(&e, fen, &["O-O-O"])),
        "2r1k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1"
    );
    // Written as the king taking its rook, which here is also the king's destination.
    assert!(moves_of(&e, fen, "e1").contains(&"e1g1".to_string()));
}

#[test]
fn the_king_may_castle_away_from_its_rook() {
    // King b1, rook a1: long castling takes the king to c1 (right) and the rook to d1.
    let e = chess960();
    let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let p = after(&e, fen, &["b1a1"]);
    assert_eq!(to_fen(&e, &p), "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let p = pos(&e, fen);
    assert_eq!(
        san(&e, &p, parse_move(&e, &p, "b1a1").expect("legal")),
        "O-O-O"
    );
}

#[test]
fn every_square_both_pieces_cross_must_be_empty_but_their_own() {
    // A bishop on c1 stands on the long castling's king destination: no long castling. The
    // short one (king f1 to g1, rook h1 to f1) crosses only squares that are empty or theirs.
    let e = chess960();
    let fen = "4k3/8/8/8/8/8/8/1RB2K1R w HB - 0 1";
    assert_eq!(
        moves_of(&e, fen, "f1"),
        strs(&["f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1"])
    );
    // A knight on d1, the rook's destination, blocks long castling too.
    let fen = "4k3/8/8/8/8/8/8/1R1NK2R w HB - 0 1";
    assert!(!moves_of(&e, fen, "e1").contains(&"e1b1".to_string()));
    assert!(moves_of(&e, fen, "e1").contains(&"e1h1".to_string()));
}

#[test]
fn the_king_may_not_castle_out_of_through_or_into_attack() {
    // The bishop on b4 attacks e1: short castling from c1 would cross it. Long castling keeps the
    // king on c1, which is safe.
    let e = chess960();
    let fen = "r3k2r/8/8/8/1b6/8/8/R1K4R w HAha - 0 1";
    assert_eq!(
        moves_of(&e, fen, "c1"),
        strs(&["c1a1", "c1b1", "c1b2", "c1c2", "c1d1"])
    );
    // In check, no castling at all.
    let fen = "4k3/8/8/8/8/8/8/R1K2r1R w HA - 0 1";
    assert!(!all_moves(&e, fen)
        .iter()
        .any(|m| m == "c1a1" || m == "c1h1"));
    // A rook that passes an attacked square is no matter: only the king's path counts.
    let fen = "1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1";
    assert!(moves_of(&e, fen, "e1").contains(&"e1a1".to_string()));
}

#[test]
fn castling_rights_read_as_files_or_as_the_outermost_rooks_and_write_as_x_fen() {
    let e = chess960();
    // Shredder-FEN letters for the outermost rooks come back as KQkq.
    let p = pos(
        &e,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    );
    assert_eq!(
        to_fen(&e, &p),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // An inner rook keeps its file letter: the rook on c1 castles short, not the one on h1.
    let fen = "4k3/8/8/8/8/8/8/RKR4R w CA - 0 1";
    let p = pos(&e, fen);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/8/8/RKR4R w CQ - 0 1");
    assert_eq!(to_fen(&e, &pos(&e, &to_fen(&e, &p))), to_fen(&e, &p));
    assert!(moves_of(&e, fen, "b1").contains(&"b1c1".to_string()));
    assert!(!moves_of(&e, fen, "b1").contains(&"b1h1".to_string()));
    // A right whose rook is not there is dropped.
    let p = pos(&e, "4k3/8/8/8/8/8/8/RK6 w HA - 0 1");
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/8/8/RK6 w Q - 0 1");
    // Moving a rook takes its right away, the other stays.
    let p = after(&e, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", &["h1h2"]);
    assert_eq!(to_fen(&e, &p), "r3k2r/8/8/8/8/8/7R/R3K3 b Qkq - 1 1");
}

#[test]
fn castling_may_be_written_as_the_king_s_move_when_that_names_nothing_else() {
    let e = chess960();
    let fen = "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1";
    let p = pos(&e, fen);
    assert_eq!(parse_move(&e, &p, "e1g1"), parse_move(&e, &p, "e1h1"));
    assert_eq!(parse_move(&e, &p, "e1c1"), parse_move(&e, &p, "O-O-O"));
    // Orthodox chess keeps writing castling as the king's move.
    let chess = load("chess.variant");
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(moves_of(&chess, fen, "e1").contains(&"e1g1".to_string()));
}

#[test]
fn the_language_refuses_files_and_constraints_that_cannot_hold() {
    let game = |castling: &str, start: &str| {
        format!(
            "variant \"T\"\nboard 8x8\npiece King K {{ moves K royal }}\npiece Rook R {{ moves R }}\n\
             piece Bishop B {{ moves B }}\n{castling}\nstart \"rbkbr3/8/8/8/8/8/8/RBKBR3 w - - 0 1\" {start}\n"
        )
    };
    let code = |text: &str| {
        let err = compile_str("t.variant", text, Path::new(".")).expect_err("refused");
        format!("{err:?}")
    };
    let ok = game(
        "castling King Rook to c g",
        "random rank 1 { between King Rook }",
    );
    assert!(compile_str("t.variant", &ok, Path::new(".")).is_ok());
    assert!(code(&game("castling King Rook to g c", "")).contains("castling::files"));
    assert!(code(&game("castling King Rook to c z", "")).contains("castling::files"));
    // The written start's bishops both stand on light squares (b1, d1): the constraint is on the
    // numbered arrangements, which the rank's squares of both colours allow.
    let both = game(
        "",
        "random rank 1 { opposite-colours Bishop between King Rook }",
    );
    assert!(compile_str("t.variant", &both, Path::new(".")).is_ok());
    // Three rooks cannot stand two outside one king.
    assert!(code(&game("", "random rank 1 { between Rook King }")).contains("start::random"));
    assert!(code(&game("", "random rank 2 { }")).contains("start::random"));
}

#[test]
fn uci_writes_castling_as_the_king_taking_its_rook_under_uci_chess960() {
    // The only legal move is short castling with the king staying on g1.
    let fen = "k4r2/8/8/8/8/7p/7P/6KR w K - 0 1";
    let mut g = Gui::start("uci", &[definition("chess960")]);
    let l = g.exchange("uci", "isready", "readyok");
    assert!(
        l.contains(&"option name UCI_Chess960 type check default false".to_string()),
        "{l:?}"
    );
    g.send("setoption name UCI_Chess960 value true");
    g.send(&format!("position fen {fen}"));
    g.send("go depth 2");
    let l = g.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    let best = l.last().map(String::as_str).unwrap_or("");
    assert!(
        best == "bestmove g1h1" || best.starts_with("bestmove g1h1 "),
        "{l:?}"
    );
    assert!(l.iter().any(|x| x.contains(" pv g1h1")), "{l:?}");
    // Either way of writing is read: the king's move, or the king taking its rook.
    let l = g.exchange(
        "position fen 4k3/8/8/8/8/8/8/R3K2R w HA - 0 1 moves e1g1 e8d8 f1f2",
        "isready",
        "readyok",
    );
    assert!(l.iter().all(|x| !x.contains("Error")), "{l:?}");
    g.quit(Duration::from_secs(5));
}

#[test]
fn xboard_knows_chess960_as_fischerandom_and_writes_o_o() {
    let mut g = Gui::start("xboard", &[definition("chess960")]);
    g.send("xboard");
    g.send("protover 2");
    let l = g.read_until(Duration::from_secs(10), |l| l.contains("done=1"));
    assert!(l.join("\n").contains("fischerandom"), "{l:?}");
    g.send("variant fischerandom");
    g.send("setboard k4r2/8/8/8/8/7p/7P/6KR w K - 0 1");
    g.send("go");
    let l = g.read_until(Duration::from_secs(60), |l| l.starts_with("move "));
    assert_eq!(l.last().map(String::as_str), Some("move O-O"), "{l:?}");
    g.quit(Duration::from_secs(5));
}
