//! Walls (`walls moved|anywhere|arrow|trail [in ZONE]`): every move also puts a wall on a square.
//! On the shipped duck chess, amazons, isolation, snailtrail and joust, and on test variants
//! with royal pieces (chess and xiangqi with walls, `tests/fixtures/walls/`). Fairy-Stockfish
//! (pyffish, with `wallingRule`) lists the same moves on every position here; the perft files
//! of the same names hold its counts for positions from random games.

use chimera::interop::export::export;
use chimera::interop::import::import_section;
use chimera::interop::ini::IniFile;
use chimera::{compile_file, parse_move, san, to_fen, Engine, GameResult, Player, Status};
use std::collections::BTreeSet;
use std::path::Path;

use crate::common;
use common::{after, all_moves, load, pos, strs};

/// The moves of `fen` without their walls, each once, sorted; and how many moves there are.
fn bases(e: &Engine, fen: &str) -> (usize, Vec<String>) {
    let moves = all_moves(e, fen);
    let set: BTreeSet<String> = moves
        .iter()
        .map(|m| m.split(',').next().unwrap_or("").to_string())
        .collect();
    (moves.len(), set.into_iter().collect())
}

fn fixture(name: &str) -> Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/walls")
        .join(name);
    let rules =
        compile_file(&path).unwrap_or_else(|d| panic!("{name}: {:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

#[test]
fn the_duck_blocks_a_rook_and_no_move_leaves_it_where_it_is() {
    // The duck on d4 stops the Rook on a4 at c4; every one of the 14 moves puts the duck on one
    // of the 60 squares empty afterwards, never back on d4: 840 moves.
    let e = load("duck.variant");
    let fen = "4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1";
    let (n, b) = bases(&e, fen);
    assert_eq!(n, 840);
    assert_eq!(
        b,
        strs(&[
            "a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4", "e1d1", "e1d2",
            "e1e2", "e1f1", "e1f2"
        ])
    );
    assert!(all_moves(&e, fen).iter().all(|m| !m.ends_with("d4")));
}

#[test]
fn moving_the_duck_empties_its_square_and_the_fen_writes_it_as_a_star() {
    let e = load("duck.variant");
    let p = after(&e, "4k3/8/8/8/R2*4/8/8/4K3 w - - 0 1", &["a4c4,c4c5"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/2*5/2R5/8/8/4K3 b - - 1 1");
    assert_eq!(p.hash(), p.hash_from_scratch());
}

#[test]
fn capturing_the_king_wins_duck_chess() {
    let e = load("duck.variant");
    let p = after(&e, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", &["e1e8,e8a1"]);
    assert_eq!(to_fen(&e, &p), "4R3/8/8/8/8/8/8/*5K1 b - - 0 1");
    assert!(
        matches!(
            e.status(&p),
            Status::Ended(_, GameResult::Win(Player::First))
        ),
        "{:?}",
        e.status(&p)
    );
    assert!(e.legal_moves(&p).is_empty());
}

#[test]
fn a_move_names_its_wall_in_coordinates_and_in_san() {
    // Fairy-Stockfish's notation: `e2e4,e4e5`, SAN `e4,e5`; both name the same move.
    let e = load("duck.variant");
    let start = e.start_position();
    let mv = parse_move(&e, &start, "e2e4,e4e5").expect("coordinates");
    assert_eq!(parse_move(&e, &start, "e4,e5").expect("SAN"), mv);
    assert_eq!(san(&e, &start, mv), "e4,e5");
    let err = parse_move(&e, &start, "e2e4").expect_err("no wall");
    assert!(
        err.message.contains("does not say where the wall goes"),
        "{}",
        err.message
    );
    let err = parse_move(&e, &start, "e2e4,e4e7").expect_err("e7 holds a pawn");
    assert!(
        err.message.contains("no legal move may put its wall on e7"),
        "{}",
        err.message
    );
}

#[test]
fn an_amazon_shoots_its_arrow_along_a_queen_line_from_where_it_landed() {
    // The Amazon on a1, walled in but for the a-file, moves up it; from each landing square its
    // arrow flies along any queen line, back down through a1 too: 229 moves, as Fairy-Stockfish.
    let e = load("amazons.variant");
    let fen = "10/10/10/10/10/10/10/10/1**7/Q*8 w - - 0 1";
    let (n, b) = bases(&e, fen);
    assert_eq!(n, 229);
    assert_eq!(b.len(), 9);
    let from_a2: Vec<String> = all_moves(&e, fen)
        .into_iter()
        .filter(|m| m.starts_with("a1a2,"))
        .collect();
    assert_eq!(
        from_a2,
        strs(&[
            "a1a2,a2a1",
            "a1a2,a2a3",
            "a1a2,a2b3",
            "a1a2,a2a4",
            "a1a2,a2c4",
            "a1a2,a2a5",
            "a1a2,a2d5",
            "a1a2,a2a6",
            "a1a2,a2e6",
            "a1a2,a2a7",
            "a1a2,a2f7",
            "a1a2,a2a8",
            "a1a2,a2g8",
            "a1a2,a2a9",
            "a1a2,a2h9",
            "a1a2,a2a10",
            "a1a2,a2i10"
        ])
    );
}

#[test]
fn isolation_never_blocks_the_two_start_squares() {
    // `walls anywhere in open`, where `open` is every square but c1 and d8: 5 steps times the 45
    // other empty squares.
    let e = load("isolation.variant");
    let moves = all_moves(&e, "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    assert_eq!(moves.len(), 225);
    assert!(moves
        .iter()
        .all(|m| !m.ends_with("c1") && !m.ends_with("d8")));
}

#[test]
fn a_snail_leaves_a_wall_behind_and_the_one_that_cannot_move_loses() {
    let e = load("snailtrail.variant");
    let p = after(&e, "6p/7/7/7/7/7/P6 w - - 0 1", &["a1b1,b1a1"]);
    assert_eq!(to_fen(&e, &p), "6p/7/7/7/7/7/*P5 b - - 1 1");
    // Walled into the corner, White cannot move, and loses.
    let stuck = pos(&e, "7/7/7/7/7/**5/P*5 w - - 0 1");
    assert!(e.legal_moves(&stuck).is_empty());
    assert_eq!(
        e.status(&stuck),
        Status::Stalemate(GameResult::Win(Player::Second))
    );
}

#[test]
fn a_wall_is_a_cannons_screen() {
    // Trail xiangqi: the Cannon on b3 takes the Rook on h3 over the wall on d3, as over a piece.
    let e = fixture("trailxiangqi.variant");
    let (_, b) = bases(&e, "3k5/9/9/9/9/9/9/1C1*3r1/9/4K4 w - - 0 1");
    assert_eq!(
        b,
        strs(&[
            "b3a3", "b3b1", "b3b10", "b3b2", "b3b4", "b3b5", "b3b6", "b3b7", "b3b8", "b3b9",
            "b3c3", "b3h3", "e1d1", "e1e2", "e1f1"
        ])
    );
}

#[test]
fn the_royal_rule_judges_a_move_before_its_wall_goes_up() {
    // Wall chess: the Rook on e8 checks the King on e1. A wall on the e-file would block it, but
    // only the King's four steps are legal, each with any of the 60 empty squares for its wall.
    let e = fixture("wallchess.variant");
    let (n, b) = bases(&e, "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(n, 240);
    assert_eq!(b, strs(&["e1d1", "e1d2", "e1f1", "e1f2"]));
}

#[test]
fn walls_export_as_walling_rules_and_import_back() {
    for (file, rule) in [
        ("duck.variant", "duck"),
        ("amazons.variant", "arrow"),
        ("isolation.variant", "static"),
        ("snailtrail.variant", "past"),
    ] {
        let e = load(file);
        let ex = export(e.rules(), "x");
        assert!(ex.problems.is_empty(), "{file}: {:?}", ex.problems);
        assert!(
            ex.text.contains(&format!("wallingRule = {rule}")),
            "{file}: {}",
            ex.text
        );
        let imp = import_section(&IniFile::parse(&ex.text), "x");
        let text = imp
            .source
            .unwrap_or_else(|| panic!("{file}: {:?}", imp.refused));
        assert!(
            imp.omissions.iter().all(|o| !o.key.starts_with("walling")),
            "{file}: {:?}",
            imp.omissions
        );
        assert!(text.contains("\nwalls "), "{file}: no walls in\n{text}");
        let again = chimera::compile_str("x.variant", &text, Path::new("."))
            .unwrap_or_else(|d| panic!("{file}: {:?}\n{text}", miette::Report::new(d)));
        let e2 = Engine::new(again).expect("engine");
        let start = e.start_position();
        assert_eq!(
            e2.perft(&e2.start_position(), 2),
            e.perft(&start, 2),
            "{file}"
        );
    }
}

#[test]
fn a_side_walled_in_passes_under_pass_when_stuck() {
    // Snail trail with `pass when-stuck`: White, walled into the corner, passes (its one move,
    // with no wall), and Black moves on.
    let src = "variant \"Test\"\nboard 7x7\npiece Snail P { moves mK }\nwalls trail\n\
               pass when-stuck\nstart \"6p/7/7/7/7/7/P6 w - - 0 1\"\n";
    let rules = chimera::compile_str("test.variant", src, std::path::Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).expect("engine");
    let stuck = "7/7/7/7/7/**5/P*5 w - - 0 1";
    assert_eq!(all_moves(&e, stuck), strs(&["a1a1"]));
    assert!(!e.status(&pos(&e, stuck)).is_over());
}

// ---- petrify ------------------------------------------------------------------------------

fn petrify_engine(rules: &str, fen: &str) -> Engine {
    let src = format!(
        "variant \"P\"\nboard 8x8\npiece King K {{ moves K royal }}\npiece Rook R {{ moves R }}\npiece Pawn P {{ moves fW }}\n{rules}\nstart \"{fen}\"\n"
    );
    let rules = chimera::compile_str("p.variant", &src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// `petrify Rook`: a rook that captures turns to stone where it took, and the stone blocks; a
/// pawn that captures stays a pawn. The FEN writes the stone as `*`.
#[test]
fn a_petrified_capturer_leaves_a_wall_where_it_took() {
    let fen = "k7/8/8/8/r7/8/8/R3K3 w - - 0 1";
    let e = petrify_engine("petrify Rook", fen);
    let p = after(&e, fen, &["a1a4"]);
    assert_eq!(to_fen(&e, &p), "k7/8/8/8/*7/8/8/4K3 b - - 0 1");
    // The stone stands in the a-file: nothing passes it, nothing takes it.
    let fen2 = "k7/8/8/8/*7/8/8/R3K3 w - - 0 1";
    let moves: Vec<String> = all_moves(&e, fen2)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(moves, strs(&["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]));
    // Without the rule the rook stays.
    let plain = petrify_engine("", fen);
    assert_eq!(
        to_fen(&plain, &after(&plain, fen, &["a1a4"])),
        "k7/8/8/8/R7/8/8/4K3 b - - 0 1"
    );
    // Exported as Fairy-Stockfish's key.
    let out = export(e.rules(), "p");
    assert!(
        out.text.contains("petrifyOnCaptureTypes = r\n"),
        "{}",
        out.text
    );
}

/// With `explosions` (nuclear chess) the capturer is blown up and its stone stands on the square
/// of the capture. The stone shields a king: taking the pawn that blocks the e-file is legal only
/// because the stone takes its place. And a stone stands through a later blast.
#[test]
fn a_stone_survives_blasts_and_shields_a_king() {
    let fen = "4r2k/8/8/8/R3p3/8/8/4K3 w - - 0 1";
    let nuclear = petrify_engine("petrify Rook\nexplosions", fen);
    let atomic = petrify_engine("explosions", fen);
    assert!(all_moves(&nuclear, fen).contains(&"a4e4".to_string()));
    assert!(!all_moves(&atomic, fen).contains(&"a4e4".to_string()));
    let p = after(&nuclear, fen, &["a4e4"]);
    assert_eq!(to_fen(&nuclear, &p), "4r2k/8/8/8/4*3/8/8/4K3 b - - 0 1");
    assert!(!nuclear.in_check(&p));
    // A blast beside a stone leaves it standing.
    let fen = "7k/8/8/2p5/3*4/8/8/2R1K3 w - - 0 1";
    let p = after(&nuclear, fen, &["c1c5"]);
    assert_eq!(to_fen(&nuclear, &p), "7k/8/8/2*5/3*4/8/8/4K3 b - - 0 1");
}

/// Atomic duck chess (`walls moved` with `explosions`): the royal rule judges each move with its
/// wall up and the duck gone from where it stood, as Fairy-Stockfish judges its pseudo-royal
/// kings. The Rook on d2 sees d3 to d8: the King on e8 may step to d8 or d7 only with the duck
/// between them. A blast leaves walls standing.
#[test]
fn under_explosions_the_royal_rule_judges_a_move_with_its_wall_up() {
    let fen = "4k3/8/8/8/8/8/3R4/4K2* b - - 0 1";
    let e = petrify_engine("walls moved\nexplosions", fen);
    let onto_d: Vec<String> = all_moves(&e, fen)
        .into_iter()
        .filter(|m| m.starts_with("e8d"))
        .collect();
    assert_eq!(
        onto_d,
        strs(&[
            "e8d7,d7d3",
            "e8d7,d7d4",
            "e8d7,d7d5",
            "e8d7,d7d6",
            "e8d8,d8d3",
            "e8d8,d8d4",
            "e8d8,d8d5",
            "e8d8,d8d6",
            "e8d8,d8d7"
        ])
    );
    // The King's three safe steps (e7, f7, f8), each with the duck on any of the 60 squares
    // empty once it has moved (not h1, which the duck must leave), and the nine above.
    assert_eq!(all_moves(&e, fen).len(), 3 * 60 + 9);
    // Without explosions a wall never shields the King: no step to d8 at all.
    let plain = petrify_engine("walls moved", fen);
    assert!(all_moves(&plain, fen)
        .iter()
        .all(|m| !m.starts_with("e8d8")));
    // A capture blows up the pieces around it, but not the wall beside it.
    let fen2 = "4k3/8/8/8/8/2p5/3*4/2R1K3 w - - 0 1";
    let e = petrify_engine("walls anywhere\nexplosions", fen2);
    let p = after(&e, fen2, &["c1c3,c3a8"]);
    assert_eq!(to_fen(&e, &p), "*3k3/8/8/8/8/8/3*4/4K3 b - - 0 1");
}

#[test]
fn a_royal_kind_cannot_turn_to_stone() {
    let src = "variant \"P\"\nboard 8x8\npiece King K { moves K royal }\npetrify King\nstart \"k7/8/8/8/8/8/8/K7 w - - 0 1\"\n";
    let err = chimera::compile_str("p.variant", src, Path::new(".")).expect_err("refused");
    let text = format!("{:?}", miette::Report::new(err));
    assert!(
        text.contains("`King` is royal and cannot turn to stone"),
        "{text}"
    );
}
