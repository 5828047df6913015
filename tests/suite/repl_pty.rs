//! The interactive REPL under a pseudo-terminal: the prompt shows the variant and the side to move,
//! Tab completes command names and legal moves, and history is kept in a file across sessions.

use expectrl::process::Healthcheck;
use expectrl::session::OsSession;
use expectrl::{ControlCode, Expect, Session};
use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn spawn(args: &[&str], history: &PathBuf) -> OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chimera"));
    cmd.arg("repl").args(args);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.env("CHIMERA_HISTORY", history)
        .env("TERM", "xterm")
        .env_remove("NO_COLOR");
    let mut p = Session::spawn(cmd).expect("spawn chimera under a pty");
    p.set_expect_timeout(Some(Duration::from_secs(30)));
    p
}

/// Waits (up to 30 s) for the REPL to exit, so that what it wrote to disk can be read.
fn wait_for_exit(p: &OsSession) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while p.is_alive().unwrap_or(false) {
        assert!(Instant::now() < deadline, "the REPL did not exit");
        sleep(Duration::from_millis(20));
    }
}

// Keys are sent only after the prompt is seen: rustyline asks the terminal for the cursor position
// before it draws the prompt, so once the prompt is there no key can be taken for the answer.

#[test]
fn without_a_variant_the_prompt_is_plain_and_commands_complete() {
    let dir = scratch("plain");
    let history = dir.join("history");
    let mut p = spawn(&[], &history);
    p.expect("chimera> ").unwrap();
    // "hel<Tab>" completes to "help", " pla<Tab>" to "play": the help of `play` proves both.
    p.send("hel\t").unwrap();
    p.send(" pla\t").unwrap();
    p.send("\r").unwrap();
    p.expect("play MOVE...").unwrap();
    p.expect("chimera> ").unwrap();
    p.send(ControlCode::EndOfTransmission).unwrap();
    wait_for_exit(&p);
    let saved = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(
        saved.lines().any(|l| l == "help play"),
        "history file: {saved:?}"
    );
}

#[test]
fn the_prompt_shows_the_side_to_move_and_moves_complete() {
    let dir = scratch("chess");
    let history = dir.join("history");
    let mut p = spawn(&["definitions/chess.variant"], &history);
    p.expect("Chess (White)> ").unwrap();
    // g1f<Tab> has one completion among the legal moves: g1f3.
    p.send("play g1f\t").unwrap();
    p.send("\r").unwrap();
    p.expect("1. g1f3").unwrap();
    p.expect("Chess (Black)> ").unwrap();
    p.send("quit\r").unwrap();
    wait_for_exit(&p);
    let saved = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(
        saved.lines().any(|l| l == "play g1f3"),
        "history file: {saved:?}"
    );

    // A new session reads the history: Up twice brings back `play g1f3` (the last entry is `quit`).
    let mut p = spawn(&["definitions/chess.variant"], &history);
    p.expect("Chess (White)> ").unwrap();
    p.send("\x1b[A").unwrap();
    p.send("\x1b[A").unwrap();
    p.send("\r").unwrap();
    p.expect("Chess (Black)> ").unwrap();
    // Definition files complete after `load` (xiang-f<Tab> → xiang-fu); the prompt follows the variant.
    p.send("load xiang-f\t").unwrap();
    p.send("\r").unwrap();
    p.expect("loaded Xiang Fu").unwrap();
    p.expect("Xiang Fu (Red)> ").unwrap();
    // Piece names complete too: `put Mah<Tab> d5` puts a Mahout on d5.
    p.send("put Mah\t d5\r").unwrap();
    p.expect("Red Mahout (M) on d5").unwrap();
    p.expect("Xiang Fu (Red)> ").unwrap();
}

#[test]
fn ctrl_c_stops_a_long_perft_without_leaving_the_repl() {
    let dir = scratch("perft");
    let mut p = spawn(&["definitions/chess.variant"], &dir.join("history"));
    p.expect("Chess (White)> ").unwrap();
    // Depth 7 takes minutes: a progress bar counts the root moves until Ctrl-C stops it.
    p.send("perft 7\r").unwrap();
    p.expect("root moves").unwrap();
    p.send(ControlCode::EndOfText).unwrap();
    p.expect("perft 7 interrupted; nothing was counted")
        .unwrap();
    p.expect("Chess (White)> ").unwrap();
    p.send("perft 1\r").unwrap();
    p.expect("Nodes searched: 20").unwrap();
}
