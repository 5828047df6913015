//! Playing against the computer in the one session model (REPL and studio alike): `undo` takes
//! back the player's move with the computer's reply, and a saved game names who played.

use chimera::repl::Session;
use std::time::Duration;

fn ok(s: &mut Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("`{line}` failed: {e}"))
}

/// Chess with the computer as Black thinking 20 ms a move.
fn against_black() -> Session {
    let mut s = Session::new();
    ok(&mut s, "load chess");
    s.set_computer_time(Duration::from_millis(20));
    ok(&mut s, "computer black");
    s
}

#[test]
fn undo_against_the_computer_takes_back_the_players_move_with_the_reply() {
    let mut s = against_black();
    let out = ok(&mut s, "play e2e4");
    assert!(out.contains("Black plays"), "{out}");
    assert_eq!(s.game().map(|g| g.moves().len()), Some(2));
    let out = ok(&mut s, "undo");
    assert_eq!(out, "White to move");
    assert_eq!(
        ok(&mut s, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The game goes on: the computer answers the next move.
    let out = ok(&mut s, "play d2d4");
    assert!(out.contains("Black plays"), "{out}");
    assert_eq!(s.game().map(|g| g.moves().len()), Some(2));
}

#[test]
fn undo_with_the_computer_off_takes_back_one_move() {
    let mut s = Session::new();
    ok(&mut s, "load chess");
    ok(&mut s, "play e2e4 e7e5");
    assert_eq!(ok(&mut s, "undo"), "Black to move");
}

#[test]
fn a_saved_game_names_the_computer_and_the_human() {
    let mut s = against_black();
    ok(&mut s, "play e2e4");
    let pgn = s.pgn_text().unwrap_or_else(|e| panic!("{e}"));
    assert!(pgn.contains("[White \"Human\"]"), "{pgn}");
    assert!(
        pgn.contains(&format!(
            "[Black \"Chimera {}\"]",
            env!("CARGO_PKG_VERSION")
        )),
        "{pgn}"
    );
}

#[test]
fn a_pgn_text_opens_as_one_step_that_undo_takes_back() {
    let mut s = Session::new();
    ok(&mut s, "load chess");
    let out = s
        .open_pgn_text("upload", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n", 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.starts_with("opened upload: 3 moves"), "{out}");
    assert_eq!(ok(&mut s, "undo 3"), "White to move");
    assert_eq!(ok(&mut s, "undo"), "took back `open upload`; White to move");
}
