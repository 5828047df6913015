//! Game records in the REPL: `history` in SAN that `play` reads back, edits as undoable steps,
//! `save` and `open` of PGN files, and move errors that say why. Driven through `Session`, with
//! the exact output of each command.

use chimera::repl::{BoardStyle, ReplError, Session};
use std::path::PathBuf;

fn session(variant: &str) -> Session {
    let mut s = Session::new();
    s.set_style(BoardStyle::Ascii);
    ok(&mut s, &format!("load {variant}"));
    s
}

fn ok(s: &mut Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("`{line}` failed: {e}"))
}

/// Runs a command that must fail, and checks that it left the position and history unchanged.
fn fails(s: &mut Session, line: &str) -> ReplError {
    let before = (s.execute("fen").ok(), s.execute("history").ok());
    let e = s.execute(line).expect_err(line);
    let after = (s.execute("fen").ok(), s.execute("history").ok());
    assert_eq!(
        before, after,
        "`{line}` changed the game although it failed"
    );
    assert!(!e.to_string().contains("``"), "empty quotes in: {e}");
    e
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn cd_root() {
    // Definitions are found from the crate root (`load chess` → definitions/chess.variant).
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
}

// ----- history ---------------------------------------------------------------------------------

#[test]
fn history_is_san_on_one_line_and_play_reads_it_back() {
    cd_root();
    let mut s = session("chess");
    ok(&mut s, "play e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1");
    let san = ok(&mut s, "history");
    assert_eq!(san, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O");
    assert_eq!(
        ok(&mut s, "history --coordinates"),
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1"
    );
    let fen = ok(&mut s, "fen");
    // Pasted into `play` in a new session, either form replays the same game.
    for text in [san, ok(&mut s, "history --coordinates")] {
        let mut t = session("chess");
        ok(&mut t, &format!("play {text}"));
        assert_eq!(ok(&mut t, "fen"), fen, "play {text}");
        assert_eq!(
            ok(&mut t, "history"),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O"
        );
    }
    // Glued numbers, black's numbers and results are skipped too.
    let mut t = session("chess");
    assert_eq!(
        ok(&mut t, "play 1.e4 1... e5 2.Nf3 *"),
        "1. e2e4 e7e5 2. g1f3"
    );
}

#[test]
fn history_from_a_position_with_black_to_move_starts_with_dots() {
    cd_root();
    let mut s = session("chess");
    ok(&mut s, "fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 7");
    ok(&mut s, "play Kd7 e4 Kc6");
    assert_eq!(
        ok(&mut s, "history"),
        "fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\n7... Kd7 8. e4 Kc6"
    );
}

// ----- edits are steps -----------------------------------------------------------------------

#[test]
fn put_is_a_step_undo_takes_back_and_the_moves_before_it_stay() {
    cd_root();
    let mut s = session("chess");
    ok(&mut s, "play e4 e5");
    assert_eq!(ok(&mut s, "put N d4"), "White Knight (N) on d4");
    ok(&mut s, "play Nf5");
    assert_eq!(ok(&mut s, "history"), "1. e4 e5\nput N d4\n2. Nf5");
    assert_eq!(ok(&mut s, "undo"), "White to move");
    assert_eq!(ok(&mut s, "undo"), "took back `put N d4`; White to move");
    assert_eq!(ok(&mut s, "expect empty d4"), "ok: d4 is empty");
    assert_eq!(ok(&mut s, "history"), "1. e4 e5");
    assert_eq!(ok(&mut s, "undo 2"), "White to move");
    assert_eq!(
        ok(&mut s, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let e = fails(&mut s, "undo");
    assert_eq!(e.message, "there is nothing to undo");
    // Redo walks forward over the moves, the edit and the move after it.
    assert_eq!(ok(&mut s, "redo 3"), "did again `put N d4`; White to move");
    assert_eq!(ok(&mut s, "redo"), "Black to move");
    assert_eq!(ok(&mut s, "history"), "1. e4 e5\nput N d4\n2. Nf5");
    let e = fails(&mut s, "redo");
    assert_eq!(e.message, "there is nothing to redo");
    // A new edit forgets the steps taken back, as a new move does.
    ok(&mut s, "undo");
    ok(&mut s, "remove a2");
    let e = fails(&mut s, "redo");
    assert_eq!(e.message, "there is nothing to redo");
    assert_eq!(ok(&mut s, "history"), "1. e4 e5\nput N d4\nremove a2");
}

#[test]
fn clear_then_undo_restores_the_position() {
    cd_root();
    let mut s = session("crazyhouse");
    ok(&mut s, "play e4 d5 exd5");
    let before = ok(&mut s, "fen");
    ok(&mut s, "clear");
    assert_eq!(ok(&mut s, "fen"), "8/8/8/8/8/8/8/8[] b - - 0 1");
    assert_eq!(ok(&mut s, "undo"), "took back `clear`; Black to move");
    assert_eq!(ok(&mut s, "fen"), before);
    // Every edit command is a step: hand, turn, fen, reset.
    ok(&mut s, "hand black +N");
    ok(&mut s, "turn white");
    ok(&mut s, "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    ok(&mut s, "reset");
    assert_eq!(
        ok(&mut s, "history"),
        "1. e4 d5 2. exd5\nhand black +N\nturn white\nfen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nreset"
    );
    assert_eq!(ok(&mut s, "undo 4"), "took back 4 edits; Black to move");
    assert_eq!(ok(&mut s, "fen"), before);
}

// ----- save and open -----------------------------------------------------------------------

#[test]
fn save_writes_pgn_and_open_replays_it() {
    cd_root();
    let dir = scratch("save");
    let file = dir.join("game.pgn");
    let mut s = session("chess");
    ok(
        &mut s,
        "play e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#",
    );
    assert_eq!(
        ok(&mut s, &format!("save {}", dir.join("game").display())),
        format!(
            "saved 14 moves of Chess from the start position to {}",
            file.display()
        )
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "[Event \"Chimera REPL\"]");
    assert!(
        lines[2].starts_with("[Date \"20") && lines[2].len() == "[Date \"2026.12.01\"]".len(),
        "{}",
        lines[2]
    );
    let without_date: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with("[Date"))
        .collect();
    assert_eq!(
        without_date.join("\n"),
        "[Event \"Chimera REPL\"]\n\
         [Site \"?\"]\n\
         [Round \"?\"]\n\
         [White \"Human\"]\n\
         [Black \"Human\"]\n\
         [Result \"0-1\"]\n\
         [Variant \"Chess\"]\n\
         \n\
         1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#\n\
         0-1"
    );
    let fen = ok(&mut s, "fen");

    let mut t = session("chess");
    ok(&mut t, "play d4");
    assert_eq!(
        ok(&mut t, &format!("open {}", file.display())),
        format!(
            "opened {}: 14 moves, result 0-1; Game over: White is checkmated: Black wins",
            file.display()
        )
    );
    assert_eq!(ok(&mut t, "fen"), fen);
    assert_eq!(
        ok(&mut t, "history"),
        format!(
            "1. d4\nopen {}\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#",
            file.display()
        )
    );
    // Opening is a step: undo walks back over the game, then to the game before it.
    ok(&mut t, "undo 14");
    assert_eq!(
        ok(&mut t, "undo"),
        format!("took back `open {}`; Black to move", file.display())
    );
    assert_eq!(ok(&mut t, "history"), "1. d4");
}

#[test]
fn a_game_from_a_set_up_position_gets_setup_and_fen_tags() {
    cd_root();
    let dir = scratch("setup");
    let file = dir.join("ending.pgn");
    let mut s = session("chess");
    ok(&mut s, "play e4");
    ok(&mut s, "fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    ok(&mut s, "play Kd7 e4");
    assert_eq!(
        ok(&mut s, &format!("save {}", file.display())),
        format!(
            "saved 2 moves of Chess from a set-up position (FEN tag) to {}; the game starts after \
             the last edit (`fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1`): `history` shows what came before",
            file.display()
        )
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *\n"
        ),
        "{text}"
    );
    // Saving again to the file this session wrote replaces it.
    ok(&mut s, "play Ke6");
    assert!(ok(&mut s, &format!("save {}", file.display())).starts_with("saved 3 moves"));
    let mut t = session("chess");
    ok(&mut t, &format!("open {}", file.display()));
    assert_eq!(ok(&mut t, "fen"), ok(&mut s, "fen"));
}

#[test]
fn save_does_not_replace_a_file_it_did_not_write() {
    cd_root();
    let dir = scratch("replace");
    let file = dir.join("notes.pgn");
    std::fs::write(&file, "my notes").unwrap();
    let mut s = session("chess");
    ok(&mut s, "play e4");
    let e = fails(&mut s, &format!("save {}", file.display()));
    assert_eq!(
        e.message,
        format!(
            "{} exists already; `save` does not replace a file this session did not write or open",
            file.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my notes");
    ok(&mut s, &format!("save --force {}", file.display()));
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .ends_with("1. e4 *\n"));
}

#[test]
fn a_bad_move_in_a_pgn_is_shown_with_its_line_and_column_and_changes_nothing() {
    cd_root();
    let dir = scratch("bad");
    let file = dir.join("bad.pgn");
    std::fs::write(
        &file,
        "[Event \"test\"]\n[Variant \"Chess\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6\n3. Bb5 Ke6 *\n",
    )
    .unwrap();
    let mut s = session("chess");
    ok(&mut s, "play d4");
    let e = fails(&mut s, &format!("open {}", file.display()));
    assert_eq!(
        e.message,
        format!(
            "{}:5:8: game 1, move 3... Ke6: no King of Black can move to e6",
            file.display()
        )
    );
    assert_eq!(e.context, vec!["3. Bb5 Ke6 *", "       ^^^"]);
    assert_eq!(
        e.help.as_deref(),
        Some(
            "legal King moves: Ke7; legal moves for Black: Ba3 Bb4 Bc5 Bd6 Be7 Ke7 Na5 Nb4 Nb8 Nce7 \
             Nd4 Nf6 Nge7 Nh6 Qe7 Qf6 Qg5 Qh4 Rb8 a5 a6 b6 d5 d6 f5 f6 g5 g6 h5 h6"
        )
    );
}

#[test]
fn open_reads_other_programs_files_and_picks_a_game() {
    cd_root();
    let mut s = session("crazyhouse");
    let out = ok(&mut s, "open tests/fixtures/pgn/xboard-crazyhouse.pgn");
    assert_eq!(
        out,
        "opened tests/fixtures/pgn/xboard-crazyhouse.pgn (game 1 of 2): 60 moves, result *; White to move"
    );
    // XBoard's xiangqi: ranks from 0, its own letters (H, E) for the Horse and Elephant.
    let mut x = session("xiangqi");
    let out = ok(&mut x, "open tests/fixtures/pgn/xboard-xiangqi.pgn");
    assert!(
        out.starts_with("opened tests/fixtures/pgn/xboard-xiangqi.pgn: 155 moves, result 1-0"),
        "{out}"
    );
    // The second game starts from its FEN tag, with a variation and a NAG skipped.
    let out = ok(&mut s, "open tests/fixtures/pgn/xboard-crazyhouse.pgn 2");
    assert_eq!(
        out,
        "opened tests/fixtures/pgn/xboard-crazyhouse.pgn (game 2 of 2): 9 moves, result 1-0; Black to move, in check"
    );
    // SAN as Chimera writes it: the queen promoted on b8 is a `+Q`, so `Qf7` needs no file.
    let history = ok(&mut s, "history");
    let lines: Vec<&str> = history.lines().collect();
    assert_eq!(lines.len(), 4, "{history}");
    assert_eq!(lines[0], "open tests/fixtures/pgn/xboard-crazyhouse.pgn");
    assert!(
        lines[1].starts_with("1. Nc3 f5 2. e4 h5 3. Qf3 d5 4. Bb5+ Kf7"),
        "{history}"
    );
    assert!(
        lines[1].ends_with("29. P@g3 Bg6 30. P@d6 Bxd3"),
        "{history}"
    );
    assert_eq!(lines[2], "open tests/fixtures/pgn/xboard-crazyhouse.pgn 2");
    assert_eq!(
        lines[3],
        "40. b8=Q+ Kd7 41. Q@c7+ Ke6 42. +Qe8+ Kf5 43. Qf7+ Kg5 44. Qg6+"
    );
    let e = fails(&mut s, "open tests/fixtures/pgn/xboard-crazyhouse.pgn 3");
    assert_eq!(
        e.message,
        "tests/fixtures/pgn/xboard-crazyhouse.pgn holds 2 games, so there is no game 3"
    );
    let e = fails(&mut s, "open no-such-game");
    assert_eq!(e.message, "cannot find the PGN file `no-such-game`");
    // `open` reads games; definitions are loaded with `load`.
    let e = fails(&mut s, "open definitions/chess.variant");
    assert!(e.message.starts_with("definitions/chess.variant:"), "{e}");
}

#[test]
fn open_bounds_the_moves_of_a_game() {
    cd_root();
    let dir = scratch("long");
    let file = dir.join("long.pgn");
    let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(2501);
    std::fs::write(&file, format!("[Event \"long\"]\n\n{moves}*\n")).unwrap();
    let mut s = session("chess");
    let e = fails(&mut s, &format!("open {}", file.display()));
    assert_eq!(
        e.message,
        format!(
            "{}:3:40001: more than 10000 moves in one game",
            file.display()
        )
    );
}

// ----- move errors say why -----------------------------------------------------------------

#[test]
fn move_errors_say_why() {
    cd_root();
    let mut s = session("chess");
    let cases = [
        ("play e3e4", "illegal move `e3e4`: there is no piece on e3"),
        (
            "play e7e5",
            "illegal move `e7e5`: the Pawn on e7 belongs to Black, but White is to move",
        ),
        (
            "play g1g3",
            "illegal move `g1g3`: the Knight on g1 cannot move to g3: a Knight does not move that way from there",
        ),
        (
            "play e1e2",
            "illegal move `e1e2`: the King on e1 cannot move to e2: e2 is occupied by White's own Pawn",
        ),
    ];
    for (line, message) in cases {
        assert_eq!(fails(&mut s, line).message, message, "{line}");
    }
    // A pinned Bishop.
    ok(&mut s, "fen 4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        fails(&mut s, "play e2d3").message,
        "illegal move `e2d3`: the Bishop on e2 cannot move to d3: that would leave White's King in check"
    );
    assert_eq!(
        fails(&mut s, "play Bd3").message,
        "illegal move `Bd3`: a Bishop of White could move to d3, but that would leave White's King in check"
    );
    // Promotion: a choice is needed, and must be one of the kinds it may become.
    ok(&mut s, "fen 8/4P2k/8/8/8/8/8/4K3 w - - 0 1");
    let e = fails(&mut s, "play e7e8");
    assert_eq!(
        e.message,
        "illegal move `e7e8`: `e7e8` promotes: say to what"
    );
    assert_eq!(e.help.as_deref(), Some("write one of: e8=Q e8=R e8=B e8=N"));
    assert_eq!(
        fails(&mut s, "play e7e8k").message,
        "illegal move `e7e8k`: the Pawn on e7 cannot promote to a King on e8"
    );
    assert_eq!(
        fails(&mut s, "play e1e2q").message,
        "illegal move `e1e2q`: e1e2 is not a promotion: `q` has no place after it"
    );
}

#[test]
fn on_every_shipped_definition_history_replays_and_save_then_open_gives_the_same_game() {
    cd_root();
    let dir = scratch("every");
    let mut files: Vec<PathBuf> = std::fs::read_dir("definitions")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut seed: u64 = 12;
    for file in &files {
        let load = format!("load {}", file.display());
        let mut s = Session::new();
        ok(&mut s, &load);
        // 40 plies of a seeded random game, each move played by its SAN text.
        for _ in 0..40 {
            let (engine, game) = (s.engine().unwrap().clone(), s.game().unwrap().clone());
            if game.status().is_over() {
                break;
            }
            let legal = engine.legal_moves(game.position());
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(seed >> 33) as usize % legal.len()];
            let san = chimera::san(&engine, game.position(), mv);
            ok(&mut s, &format!("play {san}"));
        }
        let fen = ok(&mut s, "fen");
        let history = ok(&mut s, "history");
        let coordinates = ok(&mut s, "history --coordinates");
        for text in [&history, &coordinates] {
            let mut t = Session::new();
            ok(&mut t, &load);
            ok(&mut t, &format!("play {text}"));
            assert_eq!(ok(&mut t, "fen"), fen, "{}: play {text}", file.display());
        }
        let pgn = dir.join(format!(
            "{}.pgn",
            file.file_stem().unwrap().to_string_lossy()
        ));
        ok(&mut s, &format!("save {}", pgn.display()));
        let mut t = Session::new();
        ok(&mut t, &load);
        ok(&mut t, &format!("open {}", pgn.display()));
        assert_eq!(ok(&mut t, "fen"), fen, "{}", file.display());
        assert_eq!(
            ok(&mut t, "history"),
            format!("open {}\n{history}", pgn.display()),
            "{}",
            file.display()
        );
    }
}

#[test]
fn open_refuses_a_file_larger_than_it_reads() {
    cd_root();
    let dir = scratch("huge");
    let file = dir.join("huge.pgn");
    // Sparse: no disk is used for the zeros.
    std::fs::File::create(&file)
        .unwrap()
        .set_len(chimera::MAX_PGN_BYTES as u64 + 1)
        .unwrap();
    let mut s = session("chess");
    let e = fails(&mut s, &format!("open {}", file.display()));
    assert_eq!(
        e.message,
        format!(
            "{} is larger than 67108864 bytes, the most `open` reads",
            file.display()
        )
    );
}

#[test]
fn no_move_error_shows_empty_quotes_on_any_shipped_definition() {
    cd_root();
    let bad = [
        "+", "#", "=", "@", "x", "P@", "@e4", "e2e4=", "e7e8=", "O-O-O-O", "Z@e4", "e2", "e2e",
        "e2e4e6", "a1a1", "Kx", "=Q", "e8=", "1.", "N@", "+P", "e2-e4", "xe4",
    ];
    let mut files: Vec<PathBuf> = std::fs::read_dir("definitions")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    for file in &files {
        let mut s = Session::new();
        ok(&mut s, &format!("load {}", file.display()));
        for text in bad {
            // The message, the lines under it and the help: never an empty pair of backticks.
            if let Err(e) = s.execute(&format!("play {text}")) {
                assert!(
                    !e.to_string().contains("``"),
                    "{}: play {text}: {e}",
                    file.display()
                );
            } else {
                ok(&mut s, "undo");
            }
        }
    }
}
