//! One FEN reader: a definition's `start` FEN (checked by `chimera check`) and a FEN given to the
//! REPL's `fen` are read by the same code, so they accept the same text and say the same thing,
//! at the same place, about the same fault.

use chimera::compile_str;
use chimera::repl::{ReplError, Session};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A 5x5 game with a king and a pawn that promotes; `START` is replaced by the FEN under test.
const GAME: &str = "variant \"Five\"
board 5x5
players White, Black
zone last = rank 5
piece King K { moves K royal }
piece Rook R { moves R }
piece Pawn P { moves mfWcfF promotes to Rook in last }
start \"START\"
";

const GOOD: &str = "k4/5/2p2/5/4K w - - 0 1";

fn definition(fen: &str) -> String {
    GAME.replace("START", fen)
}

/// Writes `text` to a file of its own: tests run in parallel, and two writing one path
/// let a reader see it truncated.
fn scratch_file(name: &str, text: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("chimera-fen-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a scratch file");
    path
}

/// A REPL session on the game (its start position is a good one).
fn session() -> Session {
    let path = scratch_file("five.variant", &definition(GOOD));
    let mut s = Session::new();
    s.load(&path).unwrap_or_else(|e| panic!("load: {e}"));
    s
}

fn repl_fen(s: &mut Session, fen: &str) -> Result<String, ReplError> {
    s.execute(&format!("fen {fen}"))
}

#[test]
fn a_pending_promotion_mark_and_empty_hands_pass_check_and_open_in_the_repl() {
    let fen = "k4/5/1P!3/5/4K[] w - - 0 1";
    let text = definition(fen);
    if let Err(d) = compile_str("five.variant", &text, Path::new(".")) {
        panic!("check refused the start FEN: {}", d.render_plain());
    }
    // The start position the checker accepted is the position `fen` reads from the same text.
    let mut opened = Session::new();
    opened
        .load(&scratch_file("pending.variant", &text))
        .unwrap_or_else(|e| panic!("load: {e}"));
    let start = opened.execute("fen").expect("fen");
    let mut s = session();
    repl_fen(&mut s, fen).unwrap_or_else(|e| panic!("fen refused it: {e}"));
    let read = s.execute("fen").expect("fen");
    assert_eq!(start, read);
    assert!(read.starts_with("k4/5/1P!3/5/4K w"), "{read}");
}

#[test]
fn the_same_bad_fen_reads_the_same_in_check_and_in_the_repl() {
    let bad = [
        // a letter no piece has
        "k4/5/1Q3/5/4K w - - 0 1",
        // a rank of six squares
        "k4/5/6/5/4K w - - 0 1",
        // four ranks on a board of five
        "k4/5/5/4K w - - 0 1",
        // no such side
        "k4/5/5/5/4K x - - 0 1",
        // not a castling right
        "k4/5/5/5/4K w Hq - 0 1",
        // a run of no squares
        "k4/0/5/5/4K w - - 0 1",
        // a hand never closed
        "k4/5/5/5/4K[P w - - 0 1",
        // a move number too large
        "k4/5/5/5/4K w - - 0 70000",
        // an en-passant square off the board
        "k4/5/5/5/4K w - z9 0 1",
    ];
    let mut s = session();
    for fen in bad {
        let text = definition(fen);
        let d = match compile_str("five.variant", &text, Path::new(".")) {
            Ok(_) => panic!("check accepted {fen}"),
            Err(d) => d,
        };
        // The REPL stops at the first fault; the checker reports it first.
        let checked = d.source_errors().next().expect("an error");
        let repl = repl_fen(&mut s, fen).expect_err(fen);
        assert_eq!(
            repl.message,
            format!(
                "bad FEN: {}",
                checked.message.replace("the start FEN", "the FEN")
            ),
            "{fen}"
        );
        assert_eq!(repl.help, checked.help, "{fen}");
        assert!(checked.code.as_str().starts_with("chimera::fen::"), "{fen}");
        // The caret under the FEN stands where the checker's span starts inside the string.
        let fen_at = text.find(fen).expect("the FEN in the definition");
        let caret = &repl.context[1];
        assert_eq!(
            caret.chars().take_while(|&c| c == ' ').count(),
            checked.offset() - fen_at,
            "{fen}: {caret}"
        );
    }
    // The game is unchanged by the refused FENs.
    assert!(s
        .execute("fen")
        .expect("fen")
        .starts_with("k4/5/2p2/5/4K w"));
}

#[test]
fn chimera_check_prints_the_fault_the_repl_names() {
    let fen = "k4/5/6/5/4K w - - 0 1";
    let path = scratch_file("wide.variant", &definition(fen));
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("run chimera");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("rank 3 of the start FEN has 6 squares; the board has 5 files"),
        "{stderr}"
    );
    assert!(stderr.contains("chimera::fen::width"), "{stderr}");
    let e = repl_fen(&mut session(), fen).expect_err(fen);
    assert_eq!(
        e.message,
        "bad FEN: rank 3 of the FEN has 6 squares; the board has 5 files"
    );
}

/// A shipped definition's engine.
fn shipped(name: &str) -> chimera::Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    let rules = chimera::compile_file(&path).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    chimera::Engine::new(rules).expect("engine")
}

#[test]
fn gates_in_the_castling_field_read_and_write_back() {
    let e = shipped("seirawan.variant");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let p = chimera::parse_fen(&e, start).expect("the start FEN");
    assert_eq!(chimera::to_fen(&e, &p), start);
    // K and Q name the king's and rooks' gates too: all eight back-rank squares of each side.
    assert_eq!(p.gates().iter().count(), 16);
    // After castling the king and the h-rook have moved: Q is gone with the king, and the
    // a-rook's gate, no longer named by Q, is written by its file (as Fairy-Stockfish writes it).
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1";
    let p = chimera::parse_fen(&e, fen).expect("FEN");
    let mv = chimera::parse_move(&e, &p, "e1g1").expect("castling");
    assert_eq!(
        chimera::to_fen(&e, &e.play(&p, mv)),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1[HEhe] b Akq - 1 1"
    );
}

#[test]
fn a_letter_that_is_no_right_nor_gate_is_named() {
    let e = shipped("seirawan.variant");
    let err = chimera::parse_fen(
        &e,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBZkq - 0 1",
    )
    .expect_err("Z is no file of the board");
    assert_eq!(err.code, "chimera::fen::castling");
    assert_eq!(err.message, "`Z` is not a castling right or a gate");
    assert_eq!(
        err.label,
        "expected `K`, `Q`, `k`, `q` or a file letter `A`-`H` / `a`-`h`"
    );
    assert_eq!(err.offset, 55);
    // Without gating, file letters are no rights at all.
    let chess = shipped("chess.variant");
    let err = chimera::parse_fen(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQBCDFGkqbcdfg - 0 1",
    )
    .expect_err("no gating in chess");
    assert_eq!(err.message, "`B` is not a castling right");
    assert!(err
        .help
        .as_deref()
        .is_some_and(|h| h.contains("file letters name gates only in a variant with `gating`")));
}
