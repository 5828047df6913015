//! Engine limits: a 16x16 variant with 30 piece kinds compiles into tables under 16 MB, perft on it
//! runs, and the perft/divide command line reports bad input with its position and exit 1.

use crate::common;

use chimera::compile_str;
use chimera::Engine;
use std::path::Path;
use std::process::Command;

/// Thirty kinds on 16x16: riders, leapers, hoppers, lame and multi-leg pieces, each with a letter A..Z or +A..+D.
fn big_variant() -> String {
    let moves = [
        "K", "Q", "R", "B", "N", "NN", "mRcpR", "mBcpB", "nN", "nA", "afFcafF", "W3", "F2", "gQ",
        "C", "Z", "fmWfcF", "WfF", "FfW", "fR", "fN", "sNvR", "nAnD", "(4,1)", "BN", "RN", "afsW",
        "H", "G", "RF",
    ];
    let letters: Vec<String> = (b'A'..=b'Z')
        .map(|c| (c as char).to_string())
        .chain(["+A", "+B", "+C", "+D"].map(String::from))
        .collect();
    let mut s =
        String::from("variant \"Big\"\nboard 16x16\nplayers White, Black\nzone half = ranks 1-8\n");
    for (i, m) in moves.iter().enumerate() {
        let royal = if i == 0 { " royal" } else { "" };
        s.push_str(&format!(
            "piece P{} {} {{ moves {}{} }}\n",
            i, letters[i], m, royal
        ));
    }
    s.push_str("start \"ABCDEFGHIJKLMNOP/16/16/16/16/16/16/16/16/16/16/16/16/16/16/abcdefghijklmnop w - - 0 1\"\n");
    s
}

#[test]
fn a_16x16_variant_with_30_kinds_compiles_under_16_mb() {
    let rules = compile_str("big.variant", &big_variant(), Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    assert_eq!(rules.pieces.len(), 30);
    let e = Engine::new(rules).expect("engine");
    let bytes = e.table_bytes();
    eprintln!("16x16, 30 kinds: {} bytes of tables", bytes);
    assert!(bytes < 16 << 20, "tables take {} bytes", bytes);
    // Perft runs on it (start position: both sides' first-rank pieces only).
    assert!(e.perft(&e.start_position(), 2) > 0);
}

fn chimera(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run chimera");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn perft_prints_the_node_count_last() {
    let (code, out, _) = chimera(&["perft", "definitions/chess.variant", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes searched: 8902"));
}

#[test]
fn divide_prints_one_line_per_move_then_the_total() {
    let (code, out, _) = chimera(&["divide", "definitions/chess.variant", "2"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 20"), "{:?}", lines);
    assert_eq!(lines[20], "Nodes searched: 400");
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    // `chimera divide ... | head -1`: the pipe is closed before (or while) divide writes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["divide", "definitions/chess.variant", "3"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run chimera");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for chimera");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{}", err);
    assert_eq!(out.status.code(), Some(0), "{}", err);
}

#[test]
fn divide_at_depth_zero_is_the_position_itself() {
    let (code, out, _) = chimera(&["divide", "definitions/chess.variant", "0"]);
    assert_eq!(code, 0);
    assert_eq!(out, "Nodes searched: 1\n");
}

#[test]
fn divide_from_a_fen() {
    let (code, out, _) = chimera(&[
        "divide",
        "definitions/chess.variant",
        "1",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("e1g1: 1"));
    assert_eq!(out.lines().last(), Some("Nodes searched: 15"));
}

#[test]
fn a_bad_fen_names_the_fault_and_its_position() {
    let (code, out, err) = chimera(&[
        "perft",
        "definitions/chess.variant",
        "1",
        "--fen",
        "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("no piece has the letter `X`"), "{}", err);
    // The label points at column 14 of the FEN (the X).
    assert!(err.contains("--fen:1:14"), "{}", err);
}

#[test]
fn a_fen_with_too_few_ranks_is_refused() {
    let (code, _, err) = chimera(&[
        "perft",
        "definitions/xiangqi.variant",
        "1",
        "--fen",
        "9/9 w - - 0 1",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the FEN has 2 ranks; the board has 10"),
        "{}",
        err
    );
}

#[test]
fn a_missing_definition_is_an_error_not_a_panic() {
    let (code, _, err) = chimera(&["perft", "definitions/no-such.variant", "1"]);
    assert_eq!(code, 1);
    assert!(!err.contains("panicked"), "{}", err);
}

/// Black to move, not in check, no legal move.
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

#[test]
fn a_perft_depth_beyond_the_limit_is_refused_with_the_limit_not_an_abort() {
    // It used to allocate a move buffer per ply up front and abort the process (SIGABRT).
    let (code, out, err) = chimera(&["perft", "definitions/chess.variant", "4294967295"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("4294967295 is not in 0..=30"), "{err}");
    assert!(out.is_empty(), "{out}");
    let (code, _, err) = chimera(&["divide", "definitions/chess.variant", "31"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("31 is not in 0..=30"), "{err}");
    let (code, _, err) = chimera(&["bench", "definitions/chess.variant:31"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("depth 31 is too deep; perft counts at most 30 plies"),
        "{err}"
    );
}

#[test]
fn the_deepest_perft_allowed_on_a_stalemate_costs_nothing() {
    // 54 s and 10 GB before move buffers were allocated only when the tree reaches their ply.
    let (code, out, err) = chimera(&[
        "perft",
        "definitions/chess.variant",
        "30",
        "--fen",
        STALEMATE,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("Nodes searched: 0\n"), "{out}");
    let e = common::load("chess.variant");
    let p = common::pos(&e, STALEMATE);
    assert_eq!(e.perft(&p, 5_000_000), 0);
}

/// Nine royal Kings for the first player, a Rook and a King for the second.
const NINE_KINGS: &str = "variant \"Nine Kings\"\nboard 9x9\nplayers White, Black\n\
piece King K { moves K royal }\npiece Rook R { moves R }\n\
start \"k7r/9/9/9/9/9/9/9/KKKKKKKKK w - - 0 1\"\n";

#[test]
fn with_nine_royals_an_attack_on_the_ninth_is_check() {
    // Royal squares used to be kept in an array of eight: the King on i1 was not seen, so the
    // side was "not in check" with 19 moves that all left i1 attacked.
    let rules = compile_str("nine.variant", NINE_KINGS, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).expect("engine");
    let p = e.start_position();
    assert!(e.in_check(&p), "the Rook on i9 attacks the King on i1");
    assert_eq!(common::moves_in(&e, &p), ["i1h2"]);
}
