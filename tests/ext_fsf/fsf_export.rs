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

#[test]
fn every_shipped_definition_exports_exactly_and_agrees_or_is_refused_with_reasons() {
    let mut fsf = Fsf::start();
    let mut exact = Vec::new();
    let mut refused = Vec::new();
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
            let depth = if big { 2 } else { 3 };
            agrees(&mut fsf, &path, depth, 6).unwrap_or_else(|e| panic!("{stem}: {e}"));
            exact.push(stem);
        } else {
            for p in &out.problems {
                assert!(!p.message.is_empty());
            }
            refused.push(stem);
        }
    }
    eprintln!("export exactly: {exact:?}\nrefused: {refused:?}");
    for must in [
        "chess",
        "crazyhouse",
        "kingofthehill",
        "minishogi",
        "minixiangqi",
        "racingkings",
        "shogi",
        "xiangqi",
    ] {
        assert!(
            exact.iter().any(|e| e == must),
            "{must} should export exactly: {exact:?}"
        );
    }
    for must in ["spiderqi", "octal-xiangqi", "shoxiang108-xq"] {
        assert!(
            refused.iter().any(|e| e == must),
            "{must} should be refused"
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
fn a_rule_the_exporter_does_not_know_is_named_in_the_language_at_its_statement() {
    // Janggi's `pass` and `facing ends` (bikjang): refused by their keywords, each pointed at
    // its own statement, never by an internal path like `end.pass`.
    let path = root().join("definitions/janggi.variant");
    let out = export(
        &compile_file(&path).unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d))),
        "janggi",
    );
    for (kw, words) in [("pass", "pass"), ("facing", "facing ends")] {
        assert!(
            out.problems
                .iter()
                .any(|p| p.subject == Subject::Statement(kw)
                    && p.message.starts_with(&format!("`{words}`:"))),
            "{words}: {:?}",
            out.problems
        );
    }
    assert!(
        !out.problems.iter().any(|p| p.message.contains("end.")),
        "{:?}",
        out.problems
    );
    let o = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["export", "fsf"])
        .arg(&path)
        .output()
        .expect("run chimera");
    let err = String::from_utf8_lossy(&o.stderr);
    let pass_line = std::fs::read_to_string(&path)
        .expect("janggi.variant")
        .lines()
        .position(|l| l.trim_start().starts_with("pass"))
        .expect("a pass statement")
        + 1;
    assert!(
        err.contains(&format!("janggi.variant:{pass_line}:")),
        "line {pass_line}: {err}"
    );
}
