//! `chimera xboard` spoken to as XBoard does: the lines XBoard sends, the engine's answers
//! checked line by line, bad input included. `ping N` / `pong N` marks where an answer ends.

use crate::gui;

use gui::{definition, Gui};
use std::time::{Duration, Instant};

fn xboard(names: &[&str]) -> Gui {
    let files: Vec<_> = names.iter().map(|n| definition(n)).collect();
    let mut g = Gui::start("xboard", &files);
    g.send("xboard");
    g.send("protover 2");
    g.read_until(Duration::from_secs(10), |l| l.contains("done=1"));
    g
}

/// Sends one line and returns what the engine answered before the next pong.
fn say(g: &mut Gui, line: &str) -> Vec<String> {
    g.exchange(line, "ping 999", "pong 999")
}

#[test]
fn handshake_names_the_engine_and_every_definition() {
    let mut g = Gui::start(
        "xboard",
        &[
            definition("chess"),
            definition("xiang-fu"),
            definition("xiangqi"),
            definition("shogi"),
        ],
    );
    g.send("xboard");
    g.send("protover 2");
    let lines = g.read_until(Duration::from_secs(10), |l| l.contains("done=1"));
    let all = lines.join("\n");
    assert!(all.contains("myname=\"Chimera "), "{all}");
    // Chess under XBoard's own name, the others under their file names.
    assert!(
        all.contains("variants=\"normal,xiang-fu,xiangqi,shogi\""),
        "{all}"
    );
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "playother=1",
        "highlight=1",
        "memory=1",
    ] {
        assert!(all.contains(f), "feature {f} missing:\n{all}");
    }
    g.quit(Duration::from_secs(5));
}

#[test]
fn an_unknown_variant_is_taught_with_setup_and_piece_lines() {
    let mut g = xboard(&["chess", "xiang-fu", "shogi"]);
    let lines = say(&mut g, "variant xiang-fu");
    let setup: Vec<&String> = lines.iter().filter(|l| l.starts_with("setup (")).collect();
    assert_eq!(setup.len(), 1, "{lines:?}");
    // Board size, seven kinds in the holdings, the fairy parent, and the start position.
    assert!(
        setup[0]
            .ends_with(") 9x9+7_fairy 2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[] w - - 0 1"),
        "{}",
        setup[0]
    );
    for piece in [
        "piece +G& K",
        "piece G& K",
        "piece N& nN",
        "piece R& R",
        "piece C& mRcpR",
        "piece W& mBcpB",
        "piece M& nAnD",
        "piece B& B",
    ] {
        assert!(
            lines.iter().any(|l| l == piece),
            "{piece} missing: {lines:?}"
        );
    }
    // The table maps every letter; the Champion is the promoted Pupil (^G).
    assert!(
        setup[0].contains("^G") && setup[0].contains("^g"),
        "{}",
        setup[0]
    );
    // XBoard knows shogi itself: nothing to teach.
    assert_eq!(say(&mut g, "variant shogi"), Vec::<String>::new());
    // An unknown name is refused.
    assert_eq!(
        say(&mut g, "variant nosuchgame"),
        vec!["Error (unsupported variant): nosuchgame"]
    );
    g.quit(Duration::from_secs(5));
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut g = xboard(&["chess"]);
    say(&mut g, "new");
    say(&mut g, "force");
    assert_eq!(
        say(&mut g, "frobnicate 3"),
        vec!["Error (unknown command): frobnicate 3"]
    );
    // Illegal moves in force mode: refused with XBoard's words (and a reason for people).
    let l = say(&mut g, "usermove e2e5");
    assert_eq!(l[0], "Illegal move: e2e5", "{l:?}");
    let l = say(&mut g, "usermove e7e5");
    assert_eq!(l[0], "Illegal move: e7e5", "{l:?}");
    let l = say(&mut g, "usermove zz99");
    assert_eq!(l[0], "Illegal move: zz99", "{l:?}");
    // A bare move (no usermove prefix) is read as one.
    assert_eq!(say(&mut g, "e2e4"), Vec::<String>::new());
    // A malformed FEN is refused and the position kept: Black is still to move after e2e4.
    let l = say(&mut g, "setboard rnbqkbnr/pppppppp/8 w KQkq - 0 1");
    assert_eq!(l.len(), 1, "{l:?}");
    assert!(l[0].starts_with("tellusererror Illegal position"), "{l:?}");
    assert_eq!(say(&mut g, "usermove e7e5"), Vec::<String>::new());
    // Arguments out of range.
    assert_eq!(
        say(&mut g, "level x y z"),
        vec!["Error (bad argument): level x y z"]
    );
    assert_eq!(say(&mut g, "sd 0"), vec!["Error (bad argument): sd 0"]);
    assert_eq!(say(&mut g, "st -3"), vec!["Error (bad argument): st -3"]);
    assert!(say(&mut g, "memory 99999999")[0].starts_with("Error (memory"));
    assert_eq!(
        say(&mut g, "time lots"),
        vec!["Error (bad argument): time lots"]
    );
    // Nothing to take back beyond the start.
    say(&mut g, "remove");
    assert_eq!(
        say(&mut g, "undo"),
        vec!["Error (command not legal now): undo"]
    );
    // A huge line and bytes that are not UTF-8.
    let long = "x".repeat(100_000);
    assert_eq!(say(&mut g, &long), vec!["Error (line too long): ..."]);
    let l = say(&mut g, "\u{fffd}\u{0}\u{7f}");
    assert!(l[0].starts_with("Error (unknown command)"), "{l:?}");
    // Still alive and still at the start position.
    assert_eq!(say(&mut g, "usermove e2e4"), Vec::<String>::new());
    g.quit(Duration::from_secs(5));
}

/// The first line of an answer (the `# reason` line after an illegal move is for people).
fn first(lines: Vec<String>) -> String {
    lines.into_iter().next().unwrap_or_default()
}

#[test]
fn promotions_drops_and_ten_rank_coordinates() {
    let mut g = xboard(&["chess", "xiang-fu", "shogi", "xiangqi"]);
    // Chess promotion: the suffix names the piece; without it the move is ambiguous.
    say(&mut g, "new");
    say(&mut g, "force");
    assert_eq!(
        say(&mut g, "setboard k7/4P3/8/8/8/8/8/4K3 w - - 0 1"),
        Vec::<String>::new()
    );
    assert_eq!(first(say(&mut g, "usermove e7e8")), "Illegal move: e7e8");
    assert_eq!(say(&mut g, "usermove e7e8n"), Vec::<String>::new());

    // Shogi: `+` promotes, no suffix or `=` declines.
    say(&mut g, "variant shogi");
    let fen = "4k4/9/9/4P4/9/9/9/9/4K4[-] w - - 0 1";
    for m in ["e6e7+", "e6e7", "e6e7="] {
        assert_eq!(
            say(&mut g, &format!("setboard {fen}")),
            Vec::<String>::new()
        );
        assert_eq!(
            say(&mut g, &format!("usermove {m}")),
            Vec::<String>::new(),
            "{m}"
        );
    }
    // Promoted, the Tokin moves as a Gold (sideways); unpromoted, the Pawn cannot.
    say(&mut g, &format!("setboard {fen}"));
    say(&mut g, "usermove e6e7+");
    say(&mut g, "usermove e9d9");
    assert_eq!(say(&mut g, "usermove e7d7"), Vec::<String>::new());
    say(&mut g, &format!("setboard {fen}"));
    say(&mut g, "usermove e6e7=");
    say(&mut g, "usermove e9d9");
    assert_eq!(first(say(&mut g, "usermove e7d7")), "Illegal move: e7d7");

    // Xiang Fu drops: a Horse in hand goes to the home ranks, once.
    say(&mut g, "variant xiang-fu");
    let fen = "2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[N] w - - 0 1";
    assert_eq!(
        say(&mut g, &format!("setboard {fen}")),
        Vec::<String>::new()
    );
    assert_eq!(first(say(&mut g, "usermove N@a5")), "Illegal move: N@a5");
    assert_eq!(say(&mut g, "usermove N@a2"), Vec::<String>::new());
    say(&mut g, "usermove c8c7");
    assert_eq!(first(say(&mut g, "usermove N@b2")), "Illegal move: N@b2");

    // Xiangqi: XBoard numbers the ten ranks from 0, so the cannon on h3 is on its h2.
    say(&mut g, "variant xiangqi");
    assert_eq!(first(say(&mut g, "usermove h3e3")), "Illegal move: h3e3");
    assert_eq!(say(&mut g, "usermove h2e2"), Vec::<String>::new());
    // The engine answers in the same coordinates: a move between ranks 0 and 9 (the pong
    // waits for the move).
    say(&mut g, "sd 2");
    let l = say(&mut g, "go");
    let mv = l
        .iter()
        .find(|l| l.starts_with("move "))
        .cloned()
        .unwrap_or_default();
    assert!(
        mv.len() == 9 && !mv.contains("10"),
        "a xiangqi move in XBoard's 0-9 ranks: {l:?}"
    );
    g.quit(Duration::from_secs(5));
}

#[test]
fn locust_moves_are_two_legs_and_lift_is_answered_with_highlight() {
    let mut g = xboard(&["shoxiang108-xq-strong"]);
    say(&mut g, "new");
    say(&mut g, "force");
    // A Strong Elephant on c1 may step over (and capture) the Point on d2 to land on e3.
    let fen = "3k5/9/9/9/9/9/9/9/9/9/3p5/2E1K4 w - - 0 1";
    assert_eq!(
        say(&mut g, &format!("setboard {fen}")),
        Vec::<String>::new()
    );
    // Its destinations: a3 (quiet, yellow) and e3 (a capture, red).
    assert_eq!(
        say(&mut g, "lift c1"),
        vec!["highlight 9/9/9/9/9/9/9/9/9/Y3R4/9/9"]
    );
    // Nothing to highlight for an empty square or the opponent's piece.
    assert_eq!(
        say(&mut g, "lift d2"),
        vec!["highlight 9/9/9/9/9/9/9/9/9/9/9/9"]
    );
    assert_eq!(
        first(say(&mut g, "lift z99")),
        "Error (bad argument): lift z99"
    );
    assert_eq!(say(&mut g, "usermove c1d2,d2e3"), Vec::<String>::new());
    // The Point is gone: it cannot move.
    assert_eq!(first(say(&mut g, "usermove d2d1")), "Illegal move: d2d1");
    g.quit(Duration::from_secs(5));
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut g = xboard(&["chess"]);
    say(&mut g, "new");
    say(&mut g, "force");
    say(&mut g, "usermove e2e4");
    say(&mut g, "usermove e7e5");
    assert_eq!(say(&mut g, "undo"), Vec::<String>::new());
    // Black to move again: e7e6 is legal only if e7e5 was taken back.
    assert_eq!(say(&mut g, "usermove e7e6"), Vec::<String>::new());
    assert_eq!(say(&mut g, "remove"), Vec::<String>::new());
    // Back at the start: White moves.
    assert_eq!(first(say(&mut g, "usermove e7e5")), "Illegal move: e7e5");
    assert_eq!(say(&mut g, "usermove d2d4"), Vec::<String>::new());
    g.quit(Duration::from_secs(5));
}

#[test]
fn results_are_claimed_by_the_variants_rules() {
    let mut g = xboard(&["chess"]);
    // The engine mates: after 1. f3 e5 2. g4, Black (the engine) plays Qh4#.
    say(&mut g, "new");
    say(&mut g, "force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        say(&mut g, &format!("usermove {m}"));
    }
    say(&mut g, "sd 3");
    g.send("go");
    let l = g.read_until(Duration::from_secs(30), |l| l.contains('{'));
    assert_eq!(
        l[l.len() - 2..].to_vec(),
        vec!["move d8h4", "0-1 {White is checkmated}"],
        "{l:?}"
    );
    // The opponent mates: the engine plays White and claims when Black's move ends the game.
    say(&mut g, "new");
    say(&mut g, "force");
    say(
        &mut g,
        "setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
    );
    say(&mut g, "playother");
    assert_eq!(
        say(&mut g, "usermove d8h4"),
        vec!["0-1 {White is checkmated}"]
    );
    g.quit(Duration::from_secs(5));
}

#[test]
fn the_engine_answers_while_it_thinks() {
    let mut g = xboard(&["chess"]);
    say(&mut g, "new");
    say(&mut g, "post");
    say(&mut g, "level 0 10 0");
    say(&mut g, "time 60000");
    say(&mut g, "otim 60000");
    // Ten minutes on the clock: the engine would think for many seconds.
    g.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(300));
    // A ping while it thinks is answered after its move; `?` makes it move now.
    g.send("ping 5");
    let asked = Instant::now();
    g.send("?");
    let l = g.read_until(Duration::from_secs(5), |l| l == "pong 5");
    assert!(asked.elapsed() < Duration::from_secs(3), "{l:?}");
    let moved = l
        .iter()
        .position(|x| x.starts_with("move "))
        .unwrap_or(usize::MAX);
    assert!(moved < l.len() - 1, "move before pong: {l:?}");
    // Thinking output: ply score time nodes pv.
    let thought = l
        .iter()
        .find(|x| x.split_whitespace().count() >= 5 && x.starts_with(char::is_numeric));
    assert!(thought.is_some(), "{l:?}");
    // Quit while thinking ends the process at once.
    g.send("usermove d2d4");
    std::thread::sleep(Duration::from_millis(200));
    g.quit(Duration::from_secs(3));
}
