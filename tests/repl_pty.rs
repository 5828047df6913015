//! The interactive REPL under a pseudo-terminal: the prompt shows the variant and the side to move,
//! Tab completes command names and legal moves, and history is kept in a file across sessions.

use expectrl::session::OsSession;
use expectrl::{ControlCode, Expect, Session};
use std::path::PathBuf;
use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

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

/// Gives rustyline time to finish asking the terminal for the cursor position after a prompt,
/// so that the keys sent next are not taken for the answer.
fn settle() {
    sleep(Duration::from_millis(300));
}

#[test]
fn without_a_variant_the_prompt_is_plain_and_commands_complete() {
    let dir = scratch("plain");
    let history = dir.join("history");
    let mut p = spawn(&[], &history);
    p.expect("chimera> ").unwrap();
    settle();
    // "hel<Tab>" completes to "help", " pla<Tab>" to "play": the help of `play` proves both.
    p.send("hel\t").unwrap();
    settle();
    p.send(" pla\t").unwrap();
    settle();
    p.send("\r").unwrap();
    p.expect("play MOVE...").unwrap();
    p.expect("chimera> ").unwrap();
    settle();
    p.send(ControlCode::EndOfTransmission).unwrap();
    sleep(Duration::from_millis(500));
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
    settle();
    // g1f<Tab> has one completion among the legal moves: g1f3.
    p.send("play g1f\t").unwrap();
    settle();
    p.send("\r").unwrap();
    p.expect("1. g1f3").unwrap();
    p.expect("Chess (Black)> ").unwrap();
    settle();
    p.send("quit\r").unwrap();
    sleep(Duration::from_millis(500));
    let saved = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(
        saved.lines().any(|l| l == "play g1f3"),
        "history file: {saved:?}"
    );

    // A new session reads the history: Up twice brings back `play g1f3` (the last entry is `quit`).
    let mut p = spawn(&["definitions/chess.variant"], &history);
    p.expect("Chess (White)> ").unwrap();
    settle();
    p.send("\x1b[A").unwrap();
    settle();
    p.send("\x1b[A").unwrap();
    settle();
    p.send("\r").unwrap();
    p.expect("Chess (Black)> ").unwrap();
}

#[test]
fn ctrl_c_stops_a_long_perft_without_leaving_the_repl() {
    let dir = scratch("perft");
    let mut p = spawn(&["definitions/chess.variant"], &dir.join("history"));
    p.expect("Chess (White)> ").unwrap();
    settle();
    // Depth 7 takes minutes: a progress bar counts the root moves until Ctrl-C stops it.
    p.send("perft 7\r").unwrap();
    p.expect("root moves").unwrap();
    p.send(ControlCode::EndOfText).unwrap();
    p.expect("perft 7 interrupted; nothing was counted")
        .unwrap();
    p.expect("Chess (White)> ").unwrap();
    settle();
    p.send("perft 1\r").unwrap();
    p.expect("Nodes searched: 20").unwrap();
}
