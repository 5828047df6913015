//! The REPL's commands and error paths, driven through `Session` (no terminal) and through the
//! `chimera repl` binary in script mode.

use chimera::repl::script::{run_script, ScriptOptions};
use chimera::repl::{BoardStyle, ReplError, Session};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

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
    e
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-repl-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ----- the board and the position ----------------------------------------------------------

#[test]
fn show_draws_labels_side_to_move_and_last_move() {
    let mut s = session("chess");
    ok(&mut s, "play e2e4");
    assert_eq!(
        ok(&mut s, "show"),
        "  +-------------------------+\n\
         8 |  r  n  b  q  k  b  n  r |\n\
         7 |  p  p  p  p  p  p  p  p |\n\
         6 |  .  .  .  .  .  .  .  . |\n\
         5 |  .  .  .  .  .  .  .  . |\n\
         4 |  .  .  .  .  P  .  .  . |\n\
         3 |  .  .  .  .  .  .  .  . |\n\
         2 |  P  P  P  P  .  P  P  P |\n\
         1 |  R  N  B  Q  K  B  N  R |\n\
         \x20 +-------------------------+\n\
         \x20    a  b  c  d  e  f  g  h\n\
         \x20 zone last_rank not marked here: `zones` draws it\n\
         Black to move\n\
         Last move: e2e4"
    );
    let unicode = ok(&mut s, "show --unicode");
    assert!(
        unicode.starts_with("  ┌───") && unicode.contains("4 │  ·  ·  ·  ·  P"),
        "{unicode}"
    );
}

#[test]
fn show_marks_the_river_the_highlighted_zones_and_check() {
    let mut s = session("xiangqi");
    ok(&mut s, "fen 4k4/9/9/9/9/9/9/9/9/4RK3 b - - 0 1");
    let board = ok(&mut s, "show");
    // The river lies between ranks 5 and 6; the palace's empty squares are `+`.
    assert!(
        board.contains(" 6 |  .  .  .  .  .  .  .  .  . |\n   |  ~  ~  ~"),
        "{board}"
    );
    assert!(
        board.contains(" 9 |  .  .  .  :  :  :  .  .  . |"),
        "{board}"
    );
    assert!(board.contains(": marks palace"), "{board}");
    assert!(board.ends_with("Black to move, in check"), "{board}");
}

#[test]
fn show_marks_each_highlighted_zone_with_its_own_symbol() {
    let mut s = session("xiang-fu");
    ok(&mut s, "fen 9/9/2+g1+g4/9/9/9/4+G1+G2/9/9[] w - - 0 1");
    let board = ok(&mut s, "show");
    // The Ring (c3-g7) is `:`, the home ranks (1-2 and 8-9) are `=`.
    assert!(
        board.contains("\n5 |  .  .  :  :  :  :  :  .  . |\n"),
        "{board}"
    );
    assert!(
        board.contains("\n1 |  =  =  =  =  =  =  =  =  = |\n"),
        "{board}"
    );
    assert!(board.contains(": marks ring   = marks home"), "{board}");
}

#[test]
fn show_lists_the_hands_in_drop_variants() {
    let mut s = session("minishogi");
    ok(&mut s, "hand gote +2P +S");
    let board = ok(&mut s, "show");
    assert!(
        board.contains("Sente hand: -\nGote hand: s, p x2\nSente to move"),
        "{board}"
    );
}

#[test]
fn fen_prints_and_sets_the_position() {
    let mut s = session("chess");
    assert_eq!(
        ok(&mut s, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    ok(&mut s, "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(ok(&mut s, "fen"), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    ok(&mut s, "reset");
    assert_eq!(
        ok(&mut s, "fen"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

// ----- moves, play, undo, redo, history ----------------------------------------------------

#[test]
fn moves_lists_all_one_square_or_one_kind() {
    let mut s = session("chess");
    let all = ok(&mut s, "moves");
    assert!(
        all.starts_with("20 legal moves for White:\n  a2: a2a3 a2a4\n  b1: b1a3 b1c3\n"),
        "{all}"
    );
    assert_eq!(
        ok(&mut s, "moves g1"),
        "2 legal moves of the White Knight on g1:\n  g1: g1f3 g1h3"
    );
    assert_eq!(
        ok(&mut s, "moves Knight"),
        "4 legal moves of White's Knight:\n  b1: b1a3 b1c3\n  g1: g1f3 g1h3"
    );
    assert_eq!(ok(&mut s, "moves N"), ok(&mut s, "moves knight"));
    assert_eq!(
        ok(&mut s, "moves e1"),
        "no legal moves of the White King on e1"
    );
}

#[test]
fn moves_include_drops() {
    let mut s = session("minishogi");
    ok(&mut s, "fen rbsgk/4p/5/P4/KGSBR[P] w - - 0 1");
    let drops = ok(&mut s, "moves drops");
    assert!(
        drops.starts_with("11 legal drops for Sente:\n  drops: P@b2 P@b3"),
        "{drops}"
    );
    let pawns = ok(&mut s, "moves Pawn");
    assert!(
        pawns.starts_with("12 legal moves of Sente's Pawn:\n     a2: a2a3\n  drops: P@b2"),
        "{pawns}"
    );
}

#[test]
fn play_undo_redo_and_history() {
    let mut s = session("chess");
    assert_eq!(ok(&mut s, "play e2e4 e7e5 g1f3"), "1. e2e4 e7e5 2. g1f3");
    assert_eq!(ok(&mut s, "play b8c6"), "2... b8c6");
    assert_eq!(ok(&mut s, "history"), "1. e4 e5 2. Nf3 Nc6");
    assert_eq!(
        ok(&mut s, "history --coordinates"),
        "1. e2e4 e7e5 2. g1f3 b8c6"
    );
    assert_eq!(ok(&mut s, "undo 3"), "Black to move");
    assert_eq!(ok(&mut s, "history --coordinates"), "1. e2e4");
    assert_eq!(ok(&mut s, "redo 2"), "Black to move");
    assert_eq!(ok(&mut s, "history --coordinates"), "1. e2e4 e7e5 2. g1f3");
    assert_eq!(s.prompt(), "Chess (Black)> ");
    // A new move forgets what was taken back.
    ok(&mut s, "undo");
    ok(&mut s, "play d2d4");
    let e = fails(&mut s, "redo");
    assert_eq!(e.message, "there is no move to redo");
    // Asking for more than there is takes nothing back.
    let e = fails(&mut s, "undo 999");
    assert_eq!(e.message, "only 3 moves to undo, not 999");
    ok(&mut s, "undo 2");
    let e = fails(&mut s, "redo 999");
    assert_eq!(e.message, "only 2 moves to redo, not 999");
    // `load` starts a new game: nothing before it can be taken back.
    ok(&mut s, "load chess");
    ok(&mut s, "play e2e4");
    let e = fails(&mut s, "undo 2");
    assert_eq!(e.message, "only 1 move to undo, not 2");
}

#[test]
fn completion_offers_the_moves_of_the_position_a_play_line_reaches() {
    let s = session("chess");
    let c = s.completion_context();
    assert_eq!(c.candidates("play e2", 7).1, vec!["e2e3", "e2e4"]);
    // After `e2e4` it is Black's move: its pawn moves complete.
    assert_eq!(c.candidates("play e2e4 e7", 12).1, vec!["e7e5", "e7e6"]);
    assert_eq!(
        c.candidates("play e2e4 e7e5 g1", 18).1,
        vec!["g1e2", "g1f3", "g1h3"]
    );
    // After a move that is not legal nothing completes.
    assert!(c.candidates("play e2e5 e7", 12).1.is_empty());
    // Hands complete only the kinds that can be in a hand; `moves` offers `drops`.
    // (a captured Xiang Fu Champion returns as a Pupil: the Champion `+G` is never in a hand).
    let mut s = session("xiang-fu");
    let c = s.completion_context();
    let hand = c.candidates("hand red +", 10).1;
    assert!(hand.contains(&"+G".to_string()), "{hand:?}");
    assert!(!hand.contains(&"++G".to_string()), "{hand:?}");
    assert_eq!(c.candidates("moves dr", 8).1, vec!["drops"]);
    // `hand` refuses the same kinds, and counts that do not fit.
    let e = fails(&mut s, "hand red +Champion");
    assert_eq!(e.message, "a Champion never goes to a hand in Xiang Fu");
    let e = fails(&mut s, "hand red +99999999999G");
    assert_eq!(
        e.message,
        "`+99999999999G`: at most 127 pieces of a kind fit in a hand"
    );
    ok(&mut s, "hand red +124G");
    let e = fails(&mut s, "hand red +4G");
    assert_eq!(
        e.message,
        "Red would hold 128 Pupil: at most 127 pieces of a kind fit in a hand"
    );
}

#[test]
fn render_saves_a_picture_of_the_position_or_a_piece() {
    let dir = scratch("render");
    let mut s = session("xiangqi");
    let svg = dir.join("start.svg");
    assert_eq!(
        ok(&mut s, &format!("render {}", svg.display())),
        format!("saved {}", svg.display())
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let cannon = dir.join("cannon.svg");
    ok(
        &mut s,
        &format!("render --piece Cannon --at e5 {}", cannon.display()),
    );
    assert!(cannon.is_file());
    let moves = dir.join("moves.svg");
    ok(&mut s, &format!("render --moves b1 {}", moves.display()));
    assert!(moves.is_file());
    let e = fails(
        &mut s,
        &format!("render {}", dir.join("no/such/x.svg").display()),
    );
    assert!(e.message.starts_with("cannot render: "), "{e}");
    let nowhere = dir.join("never.svg");
    for (line, start) in [
        ("render".to_string(), "cannot render: no output file"),
        (
            format!("render --glow {}", nowhere.display()),
            "cannot render: unknown option `--glow`",
        ),
        (
            format!("render --moves e5 {}", nowhere.display()),
            "cannot render: ",
        ),
    ] {
        let e = fails(&mut s, &line);
        assert!(e.message.starts_with(start) && e.help.is_some(), "{e}");
    }
    assert!(!nowhere.exists());
}

#[test]
fn play_reports_check_and_the_end_of_the_game() {
    let mut s = session("chess");
    assert_eq!(
        ok(&mut s, "play f2f3 e7e5 g2g4 d8h4"),
        "1. f2f3 e7e5 2. g2g4 d8h4\nGame over: White is checkmated: Black wins"
    );
    assert_eq!(ok(&mut s, "status"), "White is checkmated: Black wins");
    let e = fails(&mut s, "play e2e4");
    assert!(
        e.message
            .starts_with("cannot play `e2e4`: the game is over"),
        "{e}"
    );
    ok(&mut s, "fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(ok(&mut s, "play a1a8"), "1. a1a8\nBlack to move, in check");
    assert_eq!(
        ok(&mut s, "status"),
        "the game goes on: Black to move, in check"
    );
}

#[test]
fn perft_and_divide_print_like_the_cli() {
    let mut s = session("chess");
    assert_eq!(ok(&mut s, "perft 3"), "Nodes searched: 8902");
    assert_eq!(ok(&mut s, "perft 0"), "Nodes searched: 1");
    let d = ok(&mut s, "divide 2");
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 21, "{d}");
    assert!(lines[..20].iter().all(|l| l.ends_with(": 20")), "{d}");
    assert!(lines.contains(&"e2e4: 20"));
    assert_eq!(lines[20], "Nodes searched: 400");
}

// ----- setting up positions -----------------------------------------------------------------

#[test]
fn put_remove_turn_clear_and_hand_set_up_positions() {
    let mut s = session("chess");
    ok(&mut s, "clear");
    assert_eq!(ok(&mut s, "fen"), "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(ok(&mut s, "put K e1"), "White King (K) on e1");
    assert_eq!(ok(&mut s, "put k e8"), "Black King (k) on e8");
    assert_eq!(ok(&mut s, "put Black Queen e2"), "Black Queen (q) on e2");
    assert_eq!(
        ok(&mut s, "put Rook e2"),
        "White Rook (R) on e2, replacing q"
    );
    assert_eq!(ok(&mut s, "remove e2"), "removed R from e2");
    assert_eq!(ok(&mut s, "turn b"), "Black to move");
    assert_eq!(ok(&mut s, "fen"), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");

    let mut s = session("minishogi");
    assert_eq!(ok(&mut s, "hand sente +2P +Silver"), "Sente hand: S, P x2");
    assert_eq!(ok(&mut s, "hand first -P"), "Sente hand: S, P");
    assert_eq!(ok(&mut s, "hand"), "Sente hand: S, P\nGote hand: -");
}

#[test]
fn put_refuses_squares_that_do_not_exist_and_says_why() {
    let mut s = session("chess");
    let e = fails(&mut s, "put Q e9");
    assert_eq!(
        e.message,
        "there is no square e9: the board has ranks 1-8 only"
    );
    assert_eq!(
        e.help.as_deref(),
        Some("squares are a file a-h and a rank 1-8, like a1")
    );
    let e = fails(&mut s, "put Q j1");
    assert_eq!(
        e.message,
        "there is no square j1: the board has files a-h only"
    );
    let e = fails(&mut s, "put Q 4e");
    assert_eq!(e.message, "`4e` is not a square");
}

#[test]
fn put_refuses_a_square_outside_the_pieces_confinement() {
    let mut s = session("xiangqi");
    let e = fails(&mut s, "put K e5");
    assert_eq!(
        e.message,
        "a General cannot stand on e5: it never leaves palace"
    );
    assert_eq!(
        e.help.as_deref(),
        Some("its squares for Red: d1 e1 f1 d2 e2 f2 d3 e3 f3")
    );
}

#[test]
fn holes_are_not_squares() {
    let dir = scratch("holes");
    let file = dir.join("holey.variant");
    std::fs::write(
        &file,
        "variant \"Holey\"\nboard 5x5\nholes a1 + e5\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Rook R { moves R }\n\
         start \"k4/5/5/5/1R2K w - - 0 1\"\n",
    )
    .unwrap();
    let mut s = Session::new();
    s.set_style(BoardStyle::Ascii);
    ok(&mut s, &format!("load {}", file.display()));
    let e = fails(&mut s, "put R a1");
    assert_eq!(
        e.message,
        "there is no square a1: it is a hole in this board"
    );
    let board = ok(&mut s, "show");
    assert!(board.contains("1 |     R  .  .  K |"), "{board}");
}

// ----- describing the variant ---------------------------------------------------------------

#[test]
fn the_diagram_of_a_locust_marks_the_square_it_captures_in_passing() {
    // `cafF`: over an enemy diagonally next to it, capturing it, to the square beyond (a
    // checkers capture). From d4 it lands on b2, b6, f2, f6 and takes what stands between.
    let dir = std::env::temp_dir().join(format!("chimera-locust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("locust.variant");
    std::fs::write(
        &file,
        "variant \"Locust\"\nboard 8x8\nplayers White, Black\n\
         piece King K { moves K royal }\npiece Checker C { moves cafF }\n\
         start \"k7/8/8/8/3C4/8/8/K7 w - - 0 1\"\n",
    )
    .unwrap();
    let mut s = session(file.to_str().unwrap());
    let text = ok(&mut s, "piece Checker");
    assert!(text.contains("\n6 |  .  *  .  .  .  *  .  . |"), "{text}");
    assert!(text.contains("\n5 |  .  .  %  .  %  .  .  . |"), "{text}");
    assert!(
        text.contains("% an enemy here is captured in passing"),
        "{text}"
    );
    assert!(!text.contains("blocks the move when occupied"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn piece_describes_moves_in_words_with_a_diagram() {
    let mut s = session("xiangqi");
    let text = ok(&mut s, "piece Horse");
    assert!(text.starts_with("Horse (N, n for the second player)\n  nN: goes 1 square orthogonally to an empty square, then 1 square turning 45 degrees (8 ways)\n"), "{text}");
    assert!(text.contains("From e5 on an empty board (Red):"), "{text}");
    assert!(text.contains(" 5 |  .  .  .  -  N  -  .  .  . |"), "{text}");
    // Xiangqi ships tuned weights (`definitions/xiangqi.weights`): the Horse is worth 2.63, not
    // the 2.72 derived from its moves.
    assert!(
        text.contains("* move or capture   - blocks the move when occupied\nValue: 2.63 pawns (tuned: from the weights file)"),
        "{text}"
    );

    let text = ok(&mut s, "piece General");
    assert!(text.contains("never leaves palace"), "{text}");
    assert!(text.contains("From e2 on an empty board"), "{text}");
    assert!(text.contains(" 2 |  .  .  .  *  K  *  .  .  . |"), "{text}");

    // A path rider is drawn from a square of its path, so that the ride shows.
    let mut s = session("spiderqi");
    let spider = ok(&mut s, "piece Spider");
    assert!(
        spider.contains("From d1 on an empty board (Red):"),
        "{spider}"
    );
    assert!(spider.contains("8 |  *  *  *  *  *  *  *  * |"), "{spider}");

    let mut s = session("chess");
    let pawn = ok(&mut s, "piece p");
    assert!(
        pawn.contains(
            "must promote when a move ends in last_rank, to Queen or Rook or Bishop or Knight"
        ),
        "{pawn}"
    );
    assert!(
        pawn.contains("From d7 on an empty board (Black):"),
        "{pawn}"
    );
    assert!(
        pawn.contains("o move only   x capture only\nValue: "),
        "{pawn}"
    );
}

#[test]
fn zones_are_drawn_per_player() {
    let mut s = session("xiangqi");
    let z = ok(&mut s, "zones palace");
    assert!(z.starts_with("zone palace for Red (9 squares):\n"), "{z}");
    assert!(z.contains("zone palace for Black (9 squares):\n"), "{z}");
    assert!(z.contains(" 1 |  .  .  .  *  *  *  .  .  . |"), "{z}");
    let e = fails(&mut s, "zones castle");
    assert!(e.help.unwrap().starts_with("the zones are "));
}

#[test]
fn rules_summarise_the_variant() {
    let mut s = session("chess");
    let r = ok(&mut s, "rules");
    for line in [
        "Chess",
        "  8 files (a-h) x 8 ranks (1-8), 64 squares",
        "Knight (N, n for Black)",
        "  moves `N`:",
        "  royal: King",
        "  a move may not leave one of the mover's royal pieces attacked (check); a side in check with no legal move is checkmated",
        "  when a position stands for the 3rd time, the side to move draws",
        "  the King moves 2 files towards a Rook on its rank, neither having moved; the Rook lands on the square next to the King, on the side it came from",
    ] {
        assert!(r.lines().any(|l| l == line), "missing {line:?} in\n{r}");
    }
}

#[test]
fn help_describes_each_command_with_an_example() {
    let mut s = Session::new();
    let all = ok(&mut s, "help");
    for c in chimera::repl::commands::COMMANDS {
        assert!(
            all.contains(&format!("  {}", c.name)),
            "{} missing from help",
            c.name
        );
        let one = ok(&mut s, &format!("help {}", c.name));
        assert!(one.contains("example"), "help {} has no example", c.name);
    }
    assert_eq!(ok(&mut s, "help p"), ok(&mut s, "help play"));
}

// ----- bad input ----------------------------------------------------------------------------

#[test]
fn an_unknown_command_gets_a_did_you_mean() {
    let mut s = session("chess");
    let e = fails(&mut s, "hsow");
    assert_eq!(e.message, "unknown command `hsow`");
    assert!(e.help.unwrap().starts_with("did you mean show"));
}

#[test]
fn an_illegal_move_lists_what_that_piece_can_do() {
    let mut s = session("chess");
    let e = fails(&mut s, "play g1g3");
    assert!(e.message.starts_with("illegal move `g1g3`"), "{e}");
    assert!(
        e.help
            .as_deref()
            .is_some_and(|h| h.contains("g1f3") && h.contains("g1h3")),
        "{e}"
    );
    let e = fails(&mut s, "play e2e4 e7e5 e4e6");
    assert!(
        e.message.starts_with("move 3 of 3: illegal move `e4e6`"),
        "{e}"
    );
    assert!(e.message.ends_with("nothing was played"), "{e}");
    assert_eq!(ok(&mut s, "history"), "no moves played yet");
}

#[test]
fn a_bad_fen_points_at_the_fault() {
    let mut s = session("chess");
    let e = fails(
        &mut s,
        "fen rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert!(e.message.starts_with("bad FEN: "), "{e}");
    assert_eq!(
        e.context[0],
        "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(e.context[1], "             ^");
    assert!(e.help.is_some());
}

#[test]
fn other_bad_input_says_what_would_be_right() {
    let mut s = session("chess");
    let cases: &[(&str, &str)] = &[
        ("moves e5", "there is no piece on e5"),
        (
            "moves e7",
            "the Black Pawn on e7 cannot move: it is White's turn",
        ),
        ("moves Dragon", "there is no piece `Dragon` in Chess"),
        ("put K", "`put` needs a piece and a square"),
        ("remove e4", "e4 is already empty"),
        ("undo", "there is no move to undo"),
        ("undo x", "`x` is not a number"),
        ("turn green", "`green` is not a side"),
        (
            "hand white +P",
            "Chess has no pieces in hand: captured pieces leave the game",
        ),
        ("perft", "`perft` needs a depth"),
        ("divide 0", "divide needs a depth of at least 1"),
        ("piece Dragon", "there is no piece `Dragon` in Chess"),
        ("load nosuch", "cannot find the definition file `nosuch`"),
        ("show --fancy", "`show` has no option `--fancy`"),
        ("play", "`play` needs a move"),
        ("expect bogus", "`expect` cannot check `bogus`"),
        ("undo 0", "`undo 0` would do nothing"),
        ("redo 0", "`redo 0` would do nothing"),
        (
            "perft 99999999999999999999",
            "`99999999999999999999` is too large",
        ),
        // The REPL session used to die here: a buffer per ply was allocated before counting.
        (
            "perft 4294967295",
            "depth 4294967295 is too deep; perft counts at most 30 plies",
        ),
        (
            "divide 31",
            "depth 31 is too deep; perft counts at most 30 plies",
        ),
        (
            "expect perft 31 1",
            "depth 31 is too deep; perft counts at most 30 plies",
        ),
        (
            "help play moves",
            "`help` takes one command, not `play moves`",
        ),
        (
            "load definitions",
            "`definitions` is a folder, not a definition file",
        ),
    ];
    for (line, message) in cases {
        let e = fails(&mut s, line);
        assert_eq!(&e.message, message, "for `{line}`");
        assert!(e.help.is_some(), "`{line}` gives no help");
    }
}

#[test]
fn nothing_panics_on_garbage() {
    let mut s = session("minishogi");
    let garbage = [
        "play",
        "play @",
        "play P@",
        "play P@z9",
        "play +",
        "play a1a1a1a1",
        "play 💥",
        "moves 💥",
        "put 💥 a1",
        "put + a1",
        "put ++P a1",
        "hand",
        "hand x",
        "hand sente +",
        "hand sente +99P",
        "hand sente -P",
        "hand sente +0P",
        "fen",
        "fen /",
        "fen [",
        "fen ////// w",
        "fen 5/5/5/5/5[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP] w",
        "fen 99/5/5/5/5 w",
        "perft 99999999999999999999",
        "undo 99999999999",
        "redo -",
        "expect",
        "expect moves",
        "expect moves x",
        "expect piece",
        "expect hand a b c",
        "expect perft 1",
        "expect error",
        "expect fen",
        "zones a b",
        "piece",
        "piece a b",
        "turn",
        "turn a b",
        "load",
        "rules",
        "status",
        "show ascii",
        "history",
        "\u{0}",
        "   ",
        "#",
        "expect error expect error frob",
    ];
    for line in garbage {
        let _ = s.execute(line);
    }
    // A very long word is quoted shortened.
    let long = "x".repeat(100_000);
    let e = s.execute(&long).unwrap_err();
    assert_eq!(e.message, format!("unknown command `{}…`", "x".repeat(40)));
}

// ----- expect -------------------------------------------------------------------------------

#[test]
fn expect_passes_quietly_and_fails_with_expected_and_found() {
    let mut s = session("chess");
    assert_eq!(
        ok(&mut s, "expect moves 20"),
        "ok: 20 legal moves for White"
    );
    assert_eq!(
        ok(&mut s, "expect moves g1 2"),
        "ok: 2 legal moves of the White Knight on g1"
    );
    assert_eq!(ok(&mut s, "expect perft 2 400"), "ok: perft 2 = 400");
    assert_eq!(ok(&mut s, "expect piece e1 King"), "ok: White King on e1");
    assert_eq!(ok(&mut s, "expect status ongoing"), "ok: ongoing");
    assert_eq!(
        ok(&mut s, "expect result none"),
        "ok: none (the game goes on)"
    );

    let e = fails(&mut s, "expect moves 19");
    assert_eq!(e.message, "expected 19 legal moves for White, found 20");
    let e = fails(&mut s, "expect moves g1 3");
    assert_eq!(
        e.message,
        "expected 3 legal moves of the White Knight on g1, found 2"
    );
    assert_eq!(e.context.len(), 1);
    assert!(e.context[0].starts_with("found: g1"), "{e}");
    let e = fails(&mut s, "expect status checkmate");
    assert_eq!(
        e.message,
        "expected status checkmate, found ongoing (White to move)"
    );
    let e = fails(&mut s, "expect piece e1 Queen");
    assert_eq!(e.message, "expected Queen on e1, found White King");
    let e = fails(&mut s, "expect empty e1");
    assert_eq!(e.message, "expected e1 to be empty, found White King");
    let e = fails(&mut s, "expect legal e2e5");
    assert!(
        e.message
            .starts_with("expected e2e5 to be legal, found it is not"),
        "{e}"
    );
    let e = fails(&mut s, "expect illegal e2e4");
    assert_eq!(e.message, "expected e2e4 to be illegal, found it is legal");
    let e = fails(&mut s, "expect perft 1 21");
    assert_eq!(e.message, "expected perft 1 = 21, found 20");
    let e = fails(&mut s, "expect turn black");
    assert_eq!(e.message, "expected Black to move, found White to move");
    let e = fails(&mut s, "expect fen 8/8/8/8/8/8/8/8 w");
    assert_eq!(e.message, "the position differs from the expected FEN");
    assert_eq!(
        e.context[1],
        "found:    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"
    );
    let e = fails(&mut s, "expect result white");
    assert_eq!(
        e.message,
        "expected result White wins, found none (the game goes on)"
    );

    let mut s = session("minishogi");
    ok(&mut s, "hand gote +P");
    assert_eq!(ok(&mut s, "expect hand gote P 1"), "ok: Gote holds 1 Pawn");
    let e = fails(&mut s, "expect hand black Pawn 2");
    assert_eq!(e.message, "expected Gote to hold 2 Pawn, found 1");
}

#[test]
fn expect_error_succeeds_only_when_the_command_fails_and_undoes_a_success() {
    let mut s = session("chess");
    assert!(ok(&mut s, "expect error play e2e5").starts_with("ok, it fails: illegal move `e2e5`"));
    let e = fails(&mut s, "expect error play e2e4");
    assert_eq!(e.message, "expected `play e2e4` to fail, found it succeeds");
    assert_eq!(ok(&mut s, "history"), "no moves played yet");
}

// ----- reload and variants -----------------------------------------------------------------

#[test]
fn reload_keeps_the_game_when_it_is_still_legal() {
    let dir = scratch("reload");
    let file = dir.join("mini.variant");
    let write = |rook: &str| {
        std::fs::write(
            &file,
            format!(
                "variant \"Mini\"\nboard 4x4\nplayers White, Black\n\
                 piece King K {{ moves K royal }}\n{rook}\
                 start \"k3/4/4/R2K w - - 0 1\"\n"
            ),
        )
        .unwrap()
    };
    write("piece Rook R { moves R }\n");
    let mut s = Session::new();
    ok(&mut s, &format!("load {}", file.display()));
    ok(&mut s, "play a1a2");
    // Still legal: the game and its history are kept.
    write("piece Rook R { moves Q }\n");
    assert!(ok(&mut s, "reload").ends_with(": position and 1 move kept"));
    assert_eq!(ok(&mut s, "history --coordinates"), "1. a1a2");
    // The move a1a2 is no longer possible: the position is kept without history.
    write("piece Rook R { moves F }\n");
    assert!(ok(&mut s, "reload")
        .ends_with(": position kept, history dropped (a move is no longer legal)"));
    assert_eq!(ok(&mut s, "fen"), "k3/4/R3/3K b - - 1 1");
    // A definition that does not compile leaves everything as it was.
    std::fs::write(&file, "variant \"Mini\"\nboard 4x4 oops\n").unwrap();
    let e = fails(&mut s, "reload");
    assert_eq!(
        e.message,
        format!("{} does not compile (1 error)", file.display())
    );
    assert!(!e.context.is_empty(), "the diagnostic is shown");
    assert!(
        !e.context.iter().any(|l| l.contains("1 error")),
        "the summary is said once: {e}"
    );
    // `variants` lists the definitions next to the loaded file too.
    let v = ok(&mut s, "variants");
    assert!(
        v.contains("mini.variant") && v.contains("does not compile"),
        "{v}"
    );
    assert!(
        v.contains("definitions/chess.variant") && v.contains("Chess: 8x8, White vs Black"),
        "{v}"
    );
    // A definition that compiles but cannot hold the position (the Rook is gone): back to the start.
    std::fs::write(
        &file,
        "variant \"Mini\"\nboard 4x4\nplayers White, Black\n\
         piece King K { moves K royal }\nstart \"k3/4/4/3K w - - 0 1\"\n",
    )
    .unwrap();
    let msg = ok(&mut s, "reload");
    assert!(
        msg.contains("the position is not valid any more") && msg.ends_with("back to the start"),
        "{msg}"
    );
    assert_eq!(ok(&mut s, "fen"), "k3/4/4/3K w - - 0 1");
}

// ----- scripts through the binary -----------------------------------------------------------

fn chimera(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chimera"));
    cmd.arg("repl")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        // The process may exit (and close its end) before reading: a broken pipe is fine here.
        let _ = input.write_all(text.as_bytes());
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write_script(name: &str, text: &str) -> PathBuf {
    let dir = scratch(name);
    let p = dir.join(format!("{name}.chs"));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_script_echoes_each_command_before_its_output() {
    let p = write_script(
        "echo",
        "# a comment\nplay e2e4   # trailing comment\n\nfen\n",
    );
    let (code, out, err) = chimera(
        &["definitions/chess.variant", "--script", p.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Chess (White)> play e2e4\n1. e2e4\nChess (Black)> fen\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
    );
    assert_eq!(err, "");
}

#[test]
fn a_script_stops_at_the_first_error_with_its_line_number() {
    let p = write_script(
        "stop",
        "play e2e4\n\n# next is wrong\nexpect moves 21\nplay e7e5\n",
    );
    let (code, out, err) = chimera(
        &["definitions/chess.variant", "--script", p.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 1);
    assert!(
        err.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("  found: a7a6 ") || l.starts_with("  found: ")),
        "{err}"
    );
    assert!(
        err.starts_with(&format!(
            "error: {}:4: expected 21 legal moves for Black, found 20",
            p.display()
        )),
        "{err}"
    );
    assert!(!out.contains("e7e5"), "{out}");
}

#[test]
fn keep_going_reports_every_error_then_fails() {
    let p = write_script("keep", "frob\nplay e2e4\nplay e2e4\nplay e7e5\n");
    let (code, out, err) = chimera(
        &[
            "definitions/chess.variant",
            "--script",
            p.to_str().unwrap(),
            "--keep-going",
        ],
        None,
    );
    assert_eq!(code, 1);
    assert!(
        out.ends_with("Chess (Black)> play e7e5\n1... e7e5\n"),
        "{out}"
    );
    assert!(err.contains(":1: unknown command `frob`"), "{err}");
    assert!(err.contains(":3: illegal move `e2e4`"), "{err}");
    assert!(err.contains("2 of 4 commands failed in "), "{err}");
}

#[test]
fn commands_piped_to_stdin_run_as_a_script() {
    let (code, out, err) = chimera(
        &["definitions/chess.variant"],
        Some("play e2e4\nexpect turn black\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Chess (White)> play e2e4\n1. e2e4\nChess (Black)> expect turn black\nok: Black to move\n"
    );
    let (code, _, err) = chimera(&["definitions/chess.variant"], Some("play e2e5\n"));
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: <stdin>:1: illegal move `e2e5`"),
        "{err}"
    );
}

#[test]
fn a_definition_that_does_not_load_fails_the_script() {
    let (code, _, err) = chimera(&["no/such.variant"], Some("show\n"));
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: cannot find the definition file `no/such.variant`"),
        "{err}"
    );
}

#[test]
fn scripts_load_definitions_by_short_name_from_their_folder() {
    let dir = scratch("short");
    std::fs::write(
        dir.join("tiny.variant"),
        "variant \"Tiny\"\nboard 3x3\nplayers White, Black\npiece King K { moves K royal }\nstart \"k2/3/2K w - - 0 1\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("t.chs"), "load tiny\nexpect moves 2\n").unwrap();
    let mut s = Session::new();
    s.add_search_dir(&dir);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let text = std::fs::read_to_string(dir.join("t.chs")).unwrap();
    let r = run_script(
        &mut s,
        "t.chs",
        &mut text.as_bytes(),
        &mut out,
        &mut err,
        ScriptOptions::default(),
    )
    .unwrap();
    assert!(r.ok(), "{}", String::from_utf8_lossy(&err));
}

#[test]
fn every_command_works_on_every_shipped_definition() {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/definitions"))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "variant"))
            .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in files {
        let mut s = Session::new();
        ok(&mut s, &format!("load {}", f.display()));
        let names: Vec<String> = s
            .engine()
            .unwrap()
            .rules()
            .pieces
            .iter()
            .map(|p| p.name.clone())
            .collect();
        for name in names {
            let text = ok(&mut s, &format!("piece {name}"));
            assert!(text.starts_with(&name), "{}: {text}", f.display());
        }
        for cmd in [
            "show",
            "show --ascii",
            "rules",
            "zones",
            "moves",
            "status",
            "history",
            "hand",
            "fen",
            "perft 2",
            "divide 1",
            "variants",
        ] {
            ok(&mut s, cmd);
        }
        // Play the first legal move and take it back.
        let first = s.completion_context().moves.first().cloned();
        if let Some(m) = first {
            ok(&mut s, &format!("play {m}"));
            ok(&mut s, "undo");
        }
    }
}

#[test]
fn a_fen_whose_side_not_to_move_is_in_check_is_set_up_with_a_note() {
    let mut s = session("chess");
    // The Rook on e2 attacks Black's King on e8 with White to move: no legal game gets here, and
    // the capture of the King is listed; the REPL says so (such positions still show a pin rule).
    let out = ok(&mut s, "fen 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert!(
        out.starts_with(
            "note: this position cannot arise in a game: Black is in check with White to move"
        ),
        "{out}"
    );
    // With Black to move it is an ordinary check, without a note.
    let out = ok(&mut s, "fen 4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
    assert!(!out.contains("note:"), "{out}");
}

#[test]
fn go_time_is_in_seconds_and_bounded_or_in_milliseconds() {
    let mut s = session("chess");
    let e = fails(&mut s, "go time 1000");
    assert!(
        e.message
            .contains("the time is in seconds, 1 to 600 (or in milliseconds written like `500ms`)"),
        "{}",
        e.message
    );
    let start = std::time::Instant::now();
    let out = ok(&mut s, "go time 300ms");
    assert!(out.starts_with("best move "), "{out}");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn hint_thinks_at_most_the_second_its_help_says() {
    let mut s = session("chess");
    let help = ok(&mut s, "help hint");
    assert!(help.contains("up to one second"), "{help}");
    let start = std::time::Instant::now();
    let out = ok(&mut s, "hint");
    assert!(out.starts_with("hint: try "), "{out}");
    assert!(
        start.elapsed() < std::time::Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
}
