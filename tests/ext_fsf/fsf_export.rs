//! `chimera export fsf`: every shipped definition either exports exactly and then has the same
//! legal moves in Fairy-Stockfish (pyffish) at every node of the tree from the start and from
//! positions of random games, or is refused with its reasons; golden texts for a chess-like,
//! a drop and a xiangqi-like definition.

use crate::common;
use chimera::compile_file;
use chimera::interop::export::{export, Subject};
use chimera::Engine;
use common::fsf::{compare_tree, random_lines, Fsf};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("definitions"))
        .expect("definitions/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

/// The section name used in tests: Fairy-Stockfish ignores a section named like a built-in.
fn test_section(path: &Path) -> String {
    format!(
        "chimera-{}",
        path.file_stem().and_then(|s| s.to_str()).unwrap_or("x")
    )
}

/// Exports `path`, loads the section into Fairy-Stockfish and compares: the start position to
/// `depth`, then `games` random games of up to 40 moves, each to depth 2. Returns perft `depth`.
fn agrees(fsf: &mut Fsf, path: &Path, depth: u32, games: usize) -> Result<u64, String> {
    let rules = compile_file(path).map_err(|d| format!("{:?}", miette::Report::new(d)))?;
    let section = test_section(path);
    let out = export(&rules, &section);
    assert!(
        out.problems.is_empty(),
        "{}: {:?}",
        path.display(),
        out.problems
    );
    let known = fsf.load(&out.text);
    assert!(
        known.contains(&section),
        "pyffish did not load:\n{}",
        out.text
    );
    let engine = Engine::new(rules).map_err(|e| format!("{e:?}"))?;
    let n = compare_tree(&engine, fsf, &section, &[], depth)?;
    for line in random_lines(&engine, 7, games, 40) {
        compare_tree(&engine, fsf, &section, &line, 2)?;
    }
    Ok(n)
}

/// The shipped definitions Fairy-Stockfish cannot state, each with the reason the export gives
/// first (a part of its message). Every other shipped definition must export exactly and agree.
const REFUSED: &[(&str, &str)] = &[
    ("ataxx", "`unlimited`"),
    ("chak", "several royal kinds (King, DivineKing)"),
    ("dobutsu", "Chick: a forced promotion with drops"),
    ("janggi", "`not-capturing`"),
    ("kono", "`goal ... or-full`"),
    ("kyotoshogi", "Lance: a forced promotion with drops"),
    ("octal-xiangqi", "General: `cR` only capturing some kinds"),
    (
        "queen-perquisites-xiangqi",
        "General: `cR` only capturing some kinds",
    ),
    ("shoxiang108-shogi", "the board is 9x12"),
    ("shoxiang108-shogi-centrewise", "the board is 9x12"),
    ("shoxiang108-shogi-standard", "the board is 9x12"),
    ("shoxiang108-shogi-strong", "the board is 9x12"),
    ("shoxiang108-shogi-weak", "the board is 9x12"),
    ("shoxiang108-xq", "the board is 9x12"),
    ("shoxiang108-xq-centrewise", "the board is 9x12"),
    ("shoxiang108-xq-standard", "the board is 9x12"),
    ("shoxiang108-xq-strong", "the board is 9x12"),
    ("shoxiang108-xq-weak", "the board is 9x12"),
    ("sittuyin", "Pawn: an in-place promotion"),
    (
        "spartan",
        "Hoplite: promotes to other kinds than another pawn",
    ),
    ("spiderqi", "Spider rides path `ring1`"),
];

#[test]
fn every_shipped_definition_exports_exactly_and_agrees_or_is_refused_with_reasons() {
    let mut fsf = Fsf::start();
    let mut exact = Vec::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    for path in shipped() {
        let rules = compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
        let out = export(&rules, &test_section(&path));
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if out.problems.is_empty() {
            let big = rules.board.dims.len() > 64 || !rules.drops.to_hand.is_empty();
            // Walls multiply the moves by the empty squares: one ply less.
            let depth = match (rules.walls.is_some(), big) {
                (true, true) => 1,
                (true, false) | (false, true) => 2,
                (false, false) => 3,
            };
            agrees(&mut fsf, &path, depth, 4).unwrap_or_else(|e| panic!("{stem}: {e}"));
            exact.push(stem);
        } else {
            refused.push((stem, out.problems[0].message.clone()));
        }
    }
    eprintln!("export exactly: {exact:?}\nrefused: {refused:#?}");
    refused.sort();
    let names: Vec<&str> = refused.iter().map(|(s, _)| s.as_str()).collect();
    let expected: Vec<&str> = REFUSED.iter().map(|(s, _)| *s).collect();
    assert_eq!(names, expected, "the refused shipped definitions changed");
    for ((stem, message), (_, want)) in refused.iter().zip(REFUSED) {
        assert!(message.contains(want), "{stem}: {message}");
    }
    for must in [
        "3check",
        "alapo",
        "amazons",
        "asean",
        "atomic",
        "cambodian",
        "chess",
        "chess960",
        "crazyhouse",
        "duck",
        "flipello",
        "grand",
        "horde",
        "isolation",
        "jesonmor",
        "joust",
        "kingofthehill",
        "makruk",
        "minishogi",
        "minixiangqi",
        "racingkings",
        "seirawan",
        "shatranj",
        "shogi",
        "shogun",
        "snailtrail",
        "torishogi",
        "torpedo",
        "xiang-fu",
        "xiangqi",
    ] {
        assert!(
            exact.iter().any(|e| e == must),
            "{must} should export exactly: {exact:?}"
        );
    }
}

#[test]
fn exported_chess_has_perft_3_of_8902_in_fairy_stockfish() {
    let mut fsf = Fsf::start();
    let path = root().join("definitions/chess.variant");
    assert_eq!(agrees(&mut fsf, &path, 3, 0), Ok(8902));
    let start = fsf.start_fen("chimera-chess");
    assert_eq!(fsf.perft("chimera-chess", &start, &[], 3), 8902);
}

#[test]
fn exported_xiangqi_has_perft_3_of_79666_in_fairy_stockfish() {
    let mut fsf = Fsf::start();
    let path = root().join("definitions/xiangqi.variant");
    assert_eq!(agrees(&mut fsf, &path, 3, 0), Ok(79666));
}

fn golden(name: &str) {
    let path = root().join(format!("definitions/{name}.variant"));
    let rules = compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let out = export(&rules, name);
    let want = std::fs::read_to_string(root().join(format!("tests/fsf/golden/{name}.ini")))
        .expect("golden file");
    assert_eq!(
        out.text, want,
        "export of {name} changed; if on purpose, update tests/fsf/golden/{name}.ini"
    );
}

#[test]
fn golden_chess() {
    golden("chess");
}

#[test]
fn golden_crazyhouse() {
    golden("crazyhouse");
}

#[test]
fn golden_xiangqi() {
    golden("xiangqi");
}

#[test]
fn refusals_name_the_rule_and_the_cli_points_at_its_line() {
    let path = root().join("definitions/spiderqi.variant");
    let rules = compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let out = export(&rules, "spiderqi");
    assert!(
        out.problems
            .iter()
            .any(|p| matches!(&p.subject, Subject::Piece(_)) && p.message.contains("path")),
        "{:?}",
        out.problems
    );
    let bin = env!("CARGO_BIN_EXE_chimera");
    let o = Command::new(bin)
        .args(["export", "fsf"])
        .arg(root().join("definitions/octal-xiangqi.variant"))
        .output()
        .expect("run chimera");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stdout.is_empty(),
        "nothing is written without --approximate"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    // The line of `moves cR capturing General unconfined` in octal-xiangqi.variant.
    let text = std::fs::read_to_string(root().join("definitions/octal-xiangqi.variant"))
        .expect("read octal-xiangqi.variant");
    let line = 1 + text
        .lines()
        .position(|l| l.trim_start().starts_with("moves cR capturing General"))
        .expect("the General's capture line");
    assert!(
        err.contains(&format!("octal-xiangqi.variant:{line}:")),
        "{err}"
    );
    assert!(err.contains("only capturing some kinds"), "{err}");
    let o = Command::new(bin)
        .args(["export", "fsf", "--approximate"])
        .arg(root().join("definitions/octal-xiangqi.variant"))
        .output()
        .expect("run chimera");
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("# not exact: General: `cR` only capturing some kinds"),
        "{text}"
    );
    assert!(text.contains("\n[octal-xiangqi]\n"), "{text}");
}

#[test]
fn goal_and_no_check_are_written_as_flag_rules_and_checking() {
    // King of the Hill: the King's flag region is the centre, for both players, and the game
    // is won on arrival; Racing Kings: the eighth rank, the second player may still answer
    // (`reply`, Fairy-Stockfish's flag move), and no move may give check.
    let hill = export(
        &compile_file(&root().join("definitions/kingofthehill.variant")).expect("compiles"),
        "hill",
    );
    assert!(hill.problems.is_empty(), "{:?}", hill.problems);
    for line in ["flagPiece = k\n", "flagMove = false\n"] {
        assert!(hill.text.contains(line), "{line} in\n{}", hill.text);
    }
    assert!(!hill.text.contains("checking"), "{}", hill.text);
    let racing = export(
        &compile_file(&root().join("definitions/racingkings.variant")).expect("compiles"),
        "racing",
    );
    assert!(racing.problems.is_empty(), "{:?}", racing.problems);
    for line in ["flagPiece = k\n", "flagMove = true\n", "checking = false\n"] {
        assert!(racing.text.contains(line), "{line} in\n{}", racing.text);
    }
}

#[test]
fn a_kind_dropped_in_another_zone_is_named_alone() {
    // Rook, Bishop and Queen share the first three ranks; only the Knight has a zone of its
    // own, and the region written is the shared one.
    let src = "variant \"Z\" board 8x8 \
               piece King K { moves K royal } piece Rook R { moves R } piece Bishop B { moves B } \
               piece Queen Q { moves Q } piece Knight N { moves N } \
               drops { kinds all zone ranks 1-3 zone Knight: ranks 1-2 } \
               start \"rbqnk3/8/8/8/8/8/8/RBQNK3 w - - 0 1\"";
    let rules = chimera::compile_str("z.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let out = export(&rules, "z");
    let drops: Vec<&str> = out
        .problems
        .iter()
        .filter(|p| p.subject == Subject::Drops)
        .map(|p| p.message.as_str())
        .collect();
    assert_eq!(drops.len(), 1, "{drops:?}");
    assert!(
        drops[0].starts_with("Knight dropped in another zone than Rook, Bishop, Queen;"),
        "{drops:?}"
    );
}

#[test]
fn janggi_pass_and_bikjang_are_written_and_what_remains_is_named_in_the_language() {
    // Janggi's `pass twice draw` is Fairy-Stockfish's `pass` (a draw after two passes) and
    // `facing ends draw` its bikjang; the palace lines (path riders) and `not-over` /
    // `not-capturing` remain, named as the language writes them, never by an internal path.
    let path = root().join("definitions/janggi.variant");
    let out = export(
        &compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d))),
        "janggi",
    );
    for line in ["pass = true\n", "bikjangRule = true\n"] {
        assert!(out.text.contains(line), "{line} in\n{}", out.text);
    }
    for kw in ["pass", "facing"] {
        assert!(
            !out.problems
                .iter()
                .any(|p| p.subject == Subject::Statement(kw)),
            "{kw}: {:?}",
            out.problems
        );
    }
    for words in ["`not-over`:", "`not-capturing`:", "rides path `palace1`"] {
        assert!(
            out.problems.iter().any(|p| p.message.contains(words)),
            "{words}: {:?}",
            out.problems
        );
    }
    assert!(
        !out.problems.iter().any(|p| p.message.contains("end.")),
        "{:?}",
        out.problems
    );
}

#[test]
fn xiang_fu_exports_as_a_promoted_pupil_confined_to_the_ring_and_agrees_with_pyffish() {
    // The Champion is written `+G` and captured as a Pupil, and nothing promotes to it: it is the
    // Pupil's promoted form (`promotedPieceType`, so a captured Champion reaches the hand as a
    // Pupil), a type of its own that the Ring confines; two royals under duple check are
    // Fairy-Stockfish's pseudo-royal extinction with duple check.
    let path = root().join("definitions/xiang-fu.variant");
    let rules = compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let out = export(&rules, "chimera-xiang-fu");
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let ring = "c3 d3 e3 f3 g3 c4 d4 e4 f4 g4 c5 d5 e5 f5 g5 c6 d6 e6 f6 g6 c7 d7 e7 f7 g7";
    for line in [
        "extinctionPseudoRoyal = true\n",
        "dupleCheck = true\n",
        "startFen = 2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[] w - - 0 1\n",
    ] {
        assert!(out.text.contains(line), "{line} in\n{}", out.text);
    }
    assert!(
        out.text.contains("mobilityRegionWhiteCustomPiece") && out.text.contains(ring),
        "{}",
        out.text
    );
    assert!(out.text.contains("promotedPieceType = g:"), "{}", out.text);
    let mut fsf = Fsf::start();
    let n = agrees(&mut fsf, &path, 2, 8).unwrap_or_else(|e| panic!("xiang-fu: {e}"));
    // The same count as the project's hand-written section for pychess.
    let hand =
        std::fs::read_to_string(root().join("tests/fsf/ini/xiangfu.ini")).expect("xiangfu.ini");
    assert!(fsf.load(&hand).contains(&"xiangfu".to_string()));
    let start = fsf.start_fen("xiangfu");
    assert_eq!(fsf.perft("xiangfu", &start, &[], 2), n);
}
