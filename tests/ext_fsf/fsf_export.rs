//! `chimera export fsf`: every shipped definition either exports exactly and then has the same
//! legal moves in Fairy-Stockfish (pyffish) at every node of the tree from the start and from
//! positions of random games, or is refused with its reasons; golden texts for a chess-like,
//! a drop and a xiangqi-like definition.

use crate::common;
use chimera::compile::compile_file;
use chimera::engine::Engine;
use chimera::interop::export::{export, Subject};
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
    for must in ["chess", "crazyhouse", "minishogi", "shogi", "xiangqi"] {
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
    // `moves cR capturing General unconfined` is line 26 of octal-xiangqi.variant.
    assert!(err.contains("octal-xiangqi.variant:26:"), "{err}");
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
