//! `chimera uci` spoken to as a UCI GUI does, with Fairy-Stockfish's variant extensions; the
//! engine's lines checked, bad input included. `isready` / `readyok` marks where an answer ends.

use crate::gui;

use gui::{definition, Gui};
use std::time::{Duration, Instant};

fn uci(names: &[&str]) -> Gui {
    let files: Vec<_> = names.iter().map(|n| definition(n)).collect();
    Gui::start("uci", &files)
}

fn say(g: &mut Gui, line: &str) -> Vec<String> {
    g.exchange(line, "isready", "readyok")
}

/// Sends `go ...` and returns the lines up to and including `bestmove`.
fn go(g: &mut Gui, args: &str) -> Vec<String> {
    g.send(&format!("go {args}"));
    g.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"))
}

#[test]
fn uci_lists_the_variants_and_options() {
    let mut g = uci(&["chess", "xiangqi", "xiang-fu"]);
    let l = say(&mut g, "uci");
    assert!(l[0].starts_with("id name Chimera "), "{l:?}");
    assert!(
        l.contains(
            &"option name UCI_Variant type combo default chess var chess var xiangqi var xiang-fu"
                .to_string()
        ),
        "{l:?}"
    );
    assert!(
        l.contains(&"option name VariantPath type string default <empty>".to_string()),
        "{l:?}"
    );
    assert!(
        l.iter()
            .any(|x| x.starts_with("option name Hash type spin")),
        "{l:?}"
    );
    assert_eq!(l.last().map(String::as_str), Some("uciok"));
    g.quit(Duration::from_secs(5));
}

#[test]
fn choosing_a_variant_prints_fairy_stockfish_s_line() {
    let mut g = uci(&["chess", "xiangqi", "xiang-fu"]);
    say(&mut g, "uci");
    assert_eq!(
        say(&mut g, "setoption name UCI_Variant value xiangqi"),
        vec![
            "info string variant xiangqi files 9 ranks 10 pocket 0 template fairy startpos \
             rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        ]
    );
    // Xiang Fu: every kind but the Champion can be in hand.
    let l = say(&mut g, "setoption name UCI_Variant value xiang-fu");
    assert!(
        l[0].starts_with(
            "info string variant xiang-fu files 9 ranks 9 pocket 7 template fairy startpos 2rbm4/"
        ),
        "{l:?}"
    );
    assert_eq!(
        say(&mut g, "setoption name UCI_Variant value nosuch"),
        vec!["info string Error (unknown variant): nosuch"]
    );
    g.quit(Duration::from_secs(5));
}

#[test]
fn position_and_go_with_depth_nodes_and_clock() {
    let mut g = uci(&["xiangqi"]);
    say(&mut g, "uci");
    say(&mut g, "ucinewgame");
    assert_eq!(
        say(&mut g, "position startpos moves h3e3 h10g8"),
        Vec::<String>::new()
    );
    let l = go(&mut g, "depth 3");
    let infos: Vec<&String> = l.iter().filter(|x| x.starts_with("info depth")).collect();
    assert!(!infos.is_empty(), "{l:?}");
    for i in &infos {
        for field in [
            " seldepth ",
            " score ",
            " nodes ",
            " nps ",
            " time ",
            " pv ",
        ] {
            assert!(i.contains(field), "{field} missing in {i}");
        }
    }
    assert!(
        infos.last().is_some_and(|i| i.starts_with("info depth 3 ")),
        "{l:?}"
    );
    let best = l.last().cloned().unwrap_or_default();
    assert!(best.starts_with("bestmove "), "{l:?}");
    // The best move is legal: it can be played.
    let mv = best.split_whitespace().nth(1).unwrap_or("");
    assert_eq!(
        say(&mut g, &format!("position startpos moves h3e3 h10g8 {mv}")),
        Vec::<String>::new()
    );
    let l = go(&mut g, "nodes 2000");
    assert!(
        l.last().is_some_and(|b| b.starts_with("bestmove ")),
        "{l:?}"
    );
    let t = Instant::now();
    let l = go(&mut g, "wtime 2000 btime 2000 winc 0 binc 0");
    assert!(
        l.last().is_some_and(|b| b.starts_with("bestmove ")),
        "{l:?}"
    );
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    let t = Instant::now();
    go(&mut g, "movetime 300");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    g.quit(Duration::from_secs(5));
}

#[test]
fn stop_and_isready_are_answered_while_thinking() {
    let mut g = uci(&["chess"]);
    say(&mut g, "uci");
    say(&mut g, "position startpos");
    g.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    g.send("isready");
    g.read_until(Duration::from_secs(2), |l| l == "readyok");
    g.send("stop");
    let l = g.read_until(Duration::from_secs(2), |l| l.starts_with("bestmove"));
    assert!(t.elapsed() < Duration::from_secs(2), "{l:?}");
    // quit while thinking exits at once.
    g.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    g.quit(Duration::from_secs(3));
}

#[test]
fn bad_input_is_answered_and_the_position_kept() {
    let mut g = uci(&["chess"]);
    say(&mut g, "uci");
    say(&mut g, "position startpos moves e2e4");
    assert_eq!(
        say(&mut g, "frobnicate"),
        vec!["info string Error (unknown command): frobnicate"]
    );
    let l = say(&mut g, "position startpos moves e2e4 e7e5 e1e3");
    assert_eq!(l.len(), 1, "{l:?}");
    assert!(l[0].starts_with("info string Illegal move: e1e3"), "{l:?}");
    let l = say(&mut g, "position fen rnbqkbnr/pppppppp/8 w KQkq - 0 1");
    assert!(l[0].starts_with("info string Illegal position"), "{l:?}");
    let l = say(&mut g, "position sideways");
    assert!(l[0].starts_with("info string Error"), "{l:?}");
    let l = say(&mut g, "go depth banana");
    assert!(
        l[0].starts_with("info string Error (bad go argument)"),
        "{l:?}"
    );
    assert!(say(&mut g, "setoption name Hash value 0")[0].starts_with("info string Error"));
    assert!(say(&mut g, "setoption name Nonsense value 3")[0].starts_with("info string Error"));
    // Still after 1. e4: Black to move.
    assert_eq!(
        say(&mut g, "d"),
        vec!["info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
    );
    g.quit(Duration::from_secs(5));
}

#[test]
fn variant_path_loads_another_definition() {
    let mut g = uci(&["chess"]);
    say(&mut g, "uci");
    let path = definition("xiang-fu");
    assert_eq!(
        say(
            &mut g,
            &format!("setoption name VariantPath value {}", path.display())
        ),
        vec!["info string loaded xiang-fu"]
    );
    let l = say(&mut g, "setoption name UCI_Variant value xiang-fu");
    assert!(l[0].starts_with("info string variant xiang-fu "), "{l:?}");
    // Drops in Chimera's notation.
    say(
        &mut g,
        "position fen 2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[N] w - - 0 1 moves N@a2",
    );
    let l = say(&mut g, "d");
    assert!(l[0].contains("/N3NWC2/"), "{l:?}");
    // A file that does not exist or does not compile: an error, nothing else changes.
    let l = say(
        &mut g,
        "setoption name VariantPath value /no/such/file.variant",
    );
    assert!(
        !l.is_empty() && l.iter().all(|x| x.starts_with("info string")),
        "{l:?}"
    );
    let l = say(&mut g, "setoption name UCI_Variant value chess");
    assert!(
        l[0].starts_with("info string variant chess files 8 ranks 8 pocket 0"),
        "{l:?}"
    );
    g.quit(Duration::from_secs(5));
}
