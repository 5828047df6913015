//! The search: mates found at the depth they need, deterministic results, limits obeyed.

use crate::common;

use chimera::move_text;
use chimera::Game;
use chimera::{piece_values, Limits, Score, Searcher};
use common::{load, pos};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Searches `fen` in `file` to `depth` plies; returns the best move as text and the score.
fn best(file: &str, fen: &str, depth: u32) -> (String, Score, Vec<String>) {
    let e = Arc::new(load(file));
    let p = pos(&e, fen);
    let game = Game::new(e.clone(), p.clone());
    let mut s = Searcher::new(e.clone(), 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    let mv = r.best.expect("a move");
    let mut q = p.clone();
    let mut pv = Vec::new();
    for m in &r.info.pv {
        pv.push(move_text(&e, &q, *m));
        q = e.play(&q, *m);
    }
    (move_text(&e, &p, mv), r.info.score, pv)
}

#[test]
fn chess_scholars_mate_in_one() {
    let (mv, score, _) = best(
        "chess.variant",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        2,
    );
    assert_eq!(mv, "h5f7");
    assert_eq!(score, Score::Mate(1));
}

/// An end rule's result is the score of the position it ends, not checkmate or stalemate: a
/// king one step from the hill wins at once (it used to score the hill as the stalemate's draw).
#[test]
fn reaching_the_goal_zone_is_a_win_in_one() {
    let (mv, score, _) = best("kingofthehill.variant", "8/8/8/8/8/4K3/8/k7 w - - 0 1", 3);
    assert!(["e3d4", "e3e4"].contains(&mv.as_str()), "{mv}");
    assert_eq!(score, Score::Mate(1));
}

/// Racing kings: the king one step from the last rank, the other far off, wins in one.
#[test]
fn reaching_the_last_rank_first_is_a_win_in_one() {
    let (mv, score, _) = best("racingkings.variant", "8/6K1/8/8/8/8/k7/8 w - - 0 1", 3);
    assert!(mv.starts_with("g7") && mv.ends_with('8'), "{mv}");
    assert_eq!(score, Score::Mate(1));
}

/// The same search from a fresh searcher gives the same move, score, PV and node count.
#[test]
fn fixed_depth_and_node_searches_are_deterministic() {
    for f in [
        "chess.variant",
        "xiangqi.variant",
        "shogi.variant",
        "xiang-fu.variant",
    ] {
        let e = Arc::new(load(f));
        let game = Game::new(e.clone(), e.start_position());
        for limits in [
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
            Limits {
                nodes: Some(3000),
                ..Limits::default()
            },
        ] {
            let run = || {
                let mut s = Searcher::new(e.clone(), 4);
                let r = s.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
                (r.best, r.info.pv, r.info.score, r.info.nodes, r.info.depth)
            };
            let a = run();
            assert!(a.0.is_some(), "{}: a move", f);
            assert_eq!(a, run(), "{}: {:?}", f, limits);
        }
    }
}

/// A small variant whose Knight is given a value by the designer.
const VALUED: &str = r#"
variant "Valued"
board 5x5
players White, Black
piece King K { moves K royal }
piece Knight N { moves N value 3.5 }
piece Rook R { moves R }
start "r1k1n/5/5/5/N1K1R w - 0 1"
"#;

fn compile(text: &str) -> Result<chimera::RuleSet, chimera::Diagnostics> {
    chimera::compile_str("valued.variant", text, std::path::Path::new("."))
}

#[test]
fn a_value_in_the_definition_overrides_the_derived_one() {
    let rules = compile(VALUED).unwrap_or_else(|d| panic!("{}", d.render_plain()));
    let knight = rules.kind_by_name("Knight").expect("Knight");
    assert_eq!(rules.piece(knight).value, Some(350));
    let e = chimera::Engine::new(rules).expect("engine");
    let values = piece_values(&e);
    assert!(values.contains(&(knight, 350)), "{:?}", values);
    let rook = e.rules().kind_by_name("Rook").expect("Rook");
    let king = e.rules().kind_by_name("King").expect("King");
    assert!(values.iter().any(|&(k, v)| k == rook && v > 0 && v != 350));
    assert!(values.contains(&(king, 0)), "royals carry no material");
}

#[test]
fn a_value_out_of_range_or_too_fine_is_an_error_at_the_number() {
    for (bad, message) in [
        ("value 1000.5", "value `1000.5` is too large"),
        ("value 99999999999", "value `99999999999` is too large"),
        (
            "value 0.125",
            "value `0.125` is finer than a hundredth of a pawn",
        ),
    ] {
        let text = VALUED.replace("value 3.5", bad);
        let d = compile(&text)
            .err()
            .unwrap_or_else(|| panic!("{} accepted", bad));
        let plain = d.render_plain();
        assert!(plain.contains(message), "{}", plain);
        assert!(plain.contains("at most two decimals"), "{}", plain);
    }
    let twice = VALUED.replace("value 3.5", "value 3.5 value 3");
    let Err(d) = compile(&twice) else {
        panic!("value twice is refused")
    };
    assert!(d.render_plain().contains("`value` is stated twice"));
    for good in ["value 0", "value 1000", "value 0.05", "value 2.50"] {
        let text = VALUED.replace("value 3.5", good);
        assert!(compile(&text).is_ok(), "{} refused", good);
    }
}

/// Every position of `tests/mates/mates.txt` is solved: at depth 2N-1 the score is mate in N,
/// and the first move is the one given (when one is).
#[test]
fn mate_in_n_positions_are_solved_at_the_depth_they_need() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mates/mates.txt");
    let text = std::fs::read_to_string(&path).expect("tests/mates/mates.txt");
    let mut solved = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let [file, fen, n, first] = f.as_slice() else {
            panic!("malformed line: {}", line)
        };
        let n: i32 = n.parse().expect("N");
        let (mv, score, pv) = best(file, fen, 2 * n as u32 - 1);
        assert_eq!(score, Score::Mate(n), "{}: {} (pv {:?})", file, fen, pv);
        if *first != "-" {
            assert_eq!(&mv, first, "{}: {} (pv {:?})", file, fen, pv);
        }
        assert_eq!(pv.len(), 2 * n as usize - 1, "the PV is the mate: {:?}", pv);
        solved += 1;
    }
    assert!(solved >= 8);
}

fn session(variant: &str) -> chimera::repl::Session {
    let mut s = chimera::repl::Session::new();
    ok(&mut s, &format!("load definitions/{variant}"));
    s
}

fn ok(s: &mut chimera::repl::Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("`{line}` failed: {e}"))
}

#[test]
fn repl_go_prints_move_score_pv_and_speed() {
    let mut s = session("chess.variant");
    ok(&mut s, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let out = ok(&mut s, "go depth 3");
    assert!(
        out.starts_with("best move a1a8\nscore mate in 1"),
        "{}",
        out
    );
    assert!(
        out.contains("nodes") && out.contains("knps") && out.contains("pv a1a8"),
        "{}",
        out
    );
    assert!(ok(&mut s, "hint").starts_with("hint: try a1a8"));
    assert!(ok(&mut s, "expect best a1a8 depth 2").starts_with("ok: best a1a8"));
    assert!(ok(&mut s, "expect mate 1").starts_with("ok: mate in 1"));
    let e = s
        .execute("expect mate 2 depth 3")
        .expect_err("mate in 1, not 2");
    assert!(
        e.to_string()
            .contains("expected mate in 2 at depth 3, found a1a8 (mate in 1"),
        "{}",
        e
    );
    for bad in [
        "go depth 0",
        "go depth 101",
        "go nodes 0",
        "go time 86401",
        "go depth",
        "go speed 3",
        "go depth 99999999999999999999",
    ] {
        assert!(s.execute(bad).is_err(), "{} accepted", bad);
    }
}

#[test]
fn repl_computer_answers_moves_and_the_prompt_says_so() {
    let mut s = session("chess.variant");
    let out = ok(&mut s, "computer black");
    assert_eq!(out, "the computer plays Black");
    assert!(
        s.prompt().contains("computer plays Black"),
        "{}",
        s.prompt()
    );
    let out = ok(&mut s, "play e2e4");
    assert!(out.contains("Black plays"), "{}", out);
    assert!(
        s.prompt().contains("(White, computer plays Black)"),
        "{}",
        s.prompt()
    );
    ok(&mut s, "computer off");
    assert!(!s.prompt().contains("computer"));
    assert!(s.execute("computer purple").is_err());
    let values = ok(&mut s, "values");
    assert!(
        values.contains("Queen") && values.contains("royal: not material"),
        "{}",
        values
    );
    let piece = ok(&mut s, "piece Knight");
    assert!(piece.contains("Value: "), "{}", piece);
}

/// With a clock, the search returns within the deadline its budget gives (plus a generous (1 s)
/// allowance for a loaded machine), with a legal move, even when almost no time is left.
#[test]
fn a_search_on_the_clock_returns_within_its_budget() {
    use chimera::{clock_budget, Clock};
    use std::time::{Duration, Instant};
    let slack = Duration::from_millis(1000);
    for (file, fen) in [
        (
            "chess.variant",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
        ),
        (
            "xiangqi.variant",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        (
            "shogi.variant",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1",
        ),
    ] {
        let e = Arc::new(load(file));
        let p = pos(&e, fen);
        let game = Game::new(e.clone(), p.clone());
        let mut s = Searcher::new(e.clone(), 16);
        for (remaining, increment) in [(1_000u64, 0u64), (300, 100), (60, 0), (0, 0), (10_000, 100)]
        {
            let clock = Clock {
                remaining: Duration::from_millis(remaining),
                increment: Duration::from_millis(increment),
                moves_to_go: None,
            };
            let limits = Limits {
                clock: Some(clock),
                ..Limits::default()
            };
            let budget = clock_budget(&clock);
            let t = Instant::now();
            let r = s.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
            let took = t.elapsed();
            let mv = r.best.expect("a move even without time");
            assert!(e.legal_moves(&p).contains(&mv), "{file}: a legal move");
            assert!(
                took <= budget.deadline + slack,
                "{file}, {remaining} ms + {increment} ms: took {took:?}, deadline {:?}",
                budget.deadline
            );
        }
    }
}

/// The threats term: a piece attacked by a lesser one (the rook on d5 by the knight, the knight
/// on b4 by the pawn, the queen on d1 by the rook), or attacked and undefended (the bishop on h4
/// by the rook), is threatened, defended or not. The royals are never threatened, and nothing
/// else is attacked.
#[test]
fn pieces_attacked_by_lesser_ones_or_undefended_are_threatened() {
    let e = load("chess.variant");
    let p = pos(&e, "4k3/8/4p3/p2r4/1n5b/P1N5/8/3Q2KR w - - 0 1");
    let eval = chimera::Evaluator::new(&e);
    let dims = e.rules().board.dims;
    let names: Vec<String> = eval
        .threatened(&e, &p)
        .into_iter()
        .map(|s| dims.name(s))
        .collect();
    assert_eq!(names, ["d1", "b4", "h4", "d5"]);
    // A pawn on g5 defends the bishop, and the rook attacking it is worth more: it leaves the
    // list, the rest stay.
    let p = pos(&e, "4k3/8/4p3/p2r2p1/1n5b/P1N5/8/3Q2KR w - - 0 1");
    let names: Vec<String> = eval
        .threatened(&e, &p)
        .into_iter()
        .map(|s| dims.name(s))
        .collect();
    assert_eq!(names, ["d1", "b4", "d5"]);
}

/// The evaluation with the king's royal-safety weights set: `shelter`, `exposure` and the
/// centrality scale (the derived ones are 0: README, twenty-first session).
fn king_weighted(
    e: &chimera::Engine,
    shelter: i32,
    exposure: i32,
    centrality: i32,
) -> chimera::Evaluator {
    let derived = chimera::Evaluator::new(e);
    let king = e.rules().kind_by_name("King").expect("a king");
    let mut kinds: Vec<_> = derived.weights().iter().copied().map(Some).collect();
    if let Some(w) = kinds[king.index()].as_mut() {
        (w.shelter, w.exposure, w.centrality) = (shelter, exposure, centrality);
    }
    chimera::Evaluator::with_weights(
        e,
        &chimera::Weights {
            kinds,
            ..Default::default()
        },
    )
}

/// Royal safety, while the enemy keeps all its material: the king on g1 behind its three pawns
/// against the same king walked out to g3 in front of them (still three pieces beside it, two
/// ranks up) loses two ranks of exposure, and nothing else changes.
#[test]
fn a_royal_walked_out_while_the_enemy_is_armed_is_exposed() {
    let e = load("chess.variant");
    let derived = chimera::Evaluator::derived(&e);
    let king = e.rules().kind_by_name("King").expect("a king");
    let w = derived.weights()[king.index()];
    assert_eq!((w.shelter, w.exposure, w.centrality), (0, 0, 0));
    let eval = king_weighted(&e, 10, 15, 100);
    let home = pos(&e, "rnbqkbnr/pppppppp/8/8/8/8/5PPP/6K1 w - - 0 1");
    let out = pos(&e, "rnbqkbnr/pppppppp/8/8/8/6K1/5PPP/8 w - - 0 1");
    assert_eq!(eval.evaluate(&e, &home) - eval.evaluate(&e, &out), 2 * 15);
    // At the derived weights the two are worth the same.
    assert_eq!(derived.evaluate(&e, &home), derived.evaluate(&e, &out));
}

/// Shelter: each side's pieces beside its king count, while the enemy is armed. With White
/// castled (every piece still on the board), White's king has four (the rook on f1, three pawns)
/// and Black's five (queen, bishop, three pawns): at 10 centipawns a piece, White (to move) loses
/// the ten that Black's one more piece is worth.
#[test]
fn the_pieces_beside_a_royal_shelter_it_while_the_enemy_is_armed() {
    let e = load("chess.variant");
    let p = pos(
        &e,
        "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPPBPPP/RNBQ1RK1 w kq - 0 1",
    );
    let bare = king_weighted(&e, 0, 0, 0);
    let sheltered = king_weighted(&e, 10, 0, 0);
    assert_eq!(sheltered.evaluate(&e, &p) - bare.evaluate(&e, &p), -10);
}

/// As the enemy's material goes, the royal's own reach table takes over: with a pawn each, the
/// king in the centre is worth more than the king in the corner, by its centrality.
#[test]
fn a_royal_seeks_the_centre_when_the_enemy_has_almost_nothing_left() {
    let e = load("chess.variant");
    let eval = king_weighted(&e, 10, 15, 100);
    let corner = pos(&e, "7k/p7/8/8/8/8/7P/K7 w - - 0 1");
    let centre = pos(&e, "7k/p7/8/8/3K4/8/7P/8 w - - 0 1");
    let gain = eval.evaluate(&e, &centre) - eval.evaluate(&e, &corner);
    assert!((20..=40).contains(&gain), "{gain}");
}
