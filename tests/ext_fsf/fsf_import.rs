//! `chimera import`: small `variants.ini` sections written for the purpose (inheritance from a
//! section and from a built-in, templates, each mapped key) convert to definitions the compiler
//! accepts, keys that cannot be converted are reported with their line, and every imported
//! section here has the same legal moves as Fairy-Stockfish running the original section.

use crate::common;
use chimera::compile_str;
use chimera::interop::import::{import_section, Imported};
use chimera::interop::ini::IniFile;
use chimera::Engine;
use common::fsf::{compare_tree, random_lines, Fsf};
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn small() -> (String, IniFile) {
    let text = std::fs::read_to_string(root().join("tests/fsf/ini/small.ini")).expect("small.ini");
    let ini = IniFile::parse(&text);
    (text, ini)
}

fn imported(ini: &IniFile, name: &str) -> Imported {
    let r = import_section(ini, name);
    assert!(r.refused.is_none(), "[{name}] refused: {:?}", r.refused);
    r
}

fn engine_of(r: &Imported) -> Engine {
    let src = r.source.as_deref().expect("source");
    let rules = compile_str(&r.name, src, root())
        .unwrap_or_else(|d| panic!("{src}\n{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// The imported definition against Fairy-Stockfish on the original section: the start to
/// `depth`, then random games, each to depth 2. Returns perft `depth`.
fn agrees(fsf: &mut Fsf, r: &Imported, depth: u32) -> u64 {
    let e = engine_of(r);
    let n = compare_tree(&e, fsf, &r.name, &[], depth).unwrap_or_else(|err| panic!("{err}"));
    for line in random_lines(&e, 11, 6, 40) {
        compare_tree(&e, fsf, &r.name, &line, 2).unwrap_or_else(|err| panic!("{err}"));
    }
    n
}

#[test]
fn every_section_written_for_the_tests_imports_and_agrees_with_fairy_stockfish() {
    let (text, ini) = small();
    let mut fsf = Fsf::start();
    let known = fsf.load(&text);
    for (name, depth) in [
        ("minichess", 3),
        ("minichess-archbishop", 3),
        ("tinyhouse", 2),
        ("pocketshogi", 3),
        ("palaceqi", 3),
        ("starthand", 3),
        ("longcastle", 2),
        ("onecheckhouse", 3),
        ("flipside", 3),
        ("cannonwall", 3),
        ("drawodds", 3),
        ("whiterepeats", 3),
        ("hordepawns", 2),
        ("palacelines", 3),
        ("stuckpawns", 3),
        ("rightstep", 4),
        ("stonequeens", 4),
        ("firstleaps", 4),
    ] {
        assert!(
            known.iter().any(|k| k == name),
            "pyffish did not load [{name}]"
        );
        let r = imported(&ini, name);
        assert_eq!(r.omissions, vec![], "[{name}]");
        let n = agrees(&mut fsf, &r, depth);
        assert!(n > 0, "[{name}]");
    }
}

/// Each of these keys becomes the rule the language has for it, with nothing left out.
#[test]
fn start_hands_castling_files_check_counts_demotion_and_janggi_pieces_convert() {
    let (_, ini) = small();
    for (name, wants) in [
        (
            "starthand",
            &[
                "zone drop_region = rank 1",
                "drops {\n  zone drop_region\n}",
            ][..],
        ),
        ("longcastle", &["castling King Rook to b g"][..]),
        ("onecheckhouse", &["check-limit 1", "kinds all"][..]),
        (
            "flipside",
            &[
                "promotes to PromotedFers in promo forced-start-or-end",
                "piece PromotedFers +F {\n  moves R\n  promotes to Fers in promo forced-start-or-end",
                "drop-promoted Fers, Soldier",
            ][..],
        ),
        (
            "drawodds",
            &[
                "stalemate win for Black",
                "repetition 3 win for Black",
                "move-limit 50 win for Black",
            ][..],
        ),
        (
            "whiterepeats",
            &["stalemate loss by-count", "repetition 3 loss for White"][..],
        ),
        (
            "hordepawns",
            &[
                "en-passant in en_passant_squares",
                "zone en_passant_squares = rank 3",
                "confined mob_knight",
            ][..],
        ),
        (
            "palacelines",
            &[
                "path diagonal1 = d1-f3",
                "path diagonal4 = d10-f8",
                "rides diagonal1, diagonal2, diagonal3, diagonal4 up-to 1 forward",
                "rides diagonal1, diagonal2, diagonal3, diagonal4 hopping not-over JanggiCannon not-capturing JanggiCannon",
                "facing ends draw",
                "pass twice draw",
            ][..],
        ),
        (
            "stuckpawns",
            &["confined all - promo", "moves kcfF unconfined"][..],
        ),
        ("stonequeens", &["petrify Queen, Rook"][..]),
        (
            "firstleaps",
            &[
                "moves mfsN first-move not-in-check lost-when-aimed-by Rook",
                "moves mfD first-move",
                "counting board 63 up-to 3 bare without Pawn 2 Rook 7, Rook 15, 2 Khon 21, 2 Knight 31, Khon 43, else 63 from-pieces",
                "w DEde - 0 1",
            ][..],
        ),
        ("rightstep", &["piece CustomPiece1 S {\n  moves fWrW\n  turned\n}"][..]),
        (
            "cannonwall",
            &[
                "moves pR not-over JanggiCannon not-capturing JanggiCannon",
                "moves nZ",
                "piece Immobile W {\n  immobile\n}",
            ][..],
        ),
    ] {
        let r = imported(&ini, name);
        assert_eq!(r.omissions, vec![], "[{name}]");
        let src = r.source.as_deref().unwrap_or_default();
        for want in wants {
            assert!(src.contains(want), "[{name}] lacks {want:?}:\n{src}");
        }
    }
}

/// Fairy-Stockfish gives a lame camel no move: the import keeps the leap its Betza names and
/// says so, so the difference is never silent.
#[test]
fn a_lame_camel_imports_as_its_betza_names_it_and_is_announced() {
    let (_, ini) = small();
    let r = imported(&ini, "lamecamel");
    assert_eq!(r.omissions.len(), 1, "{:?}", r.omissions);
    assert_eq!(r.omissions[0].key, "customPiece1");
    assert!(
        r.omissions[0].why.contains("no move at all"),
        "{:?}",
        r.omissions
    );
    let src = r.source.as_deref().unwrap_or_default();
    assert!(src.contains("moves nC"), "{src}");
    let e = engine_of(&r);
    // From f1 on the start position its leaps to e4 and g4 pass f2, a pawn: no move.
    assert_eq!(e.perft(&e.start_position(), 1), 20);
}

#[test]
fn inheritance_takes_the_parents_keys_and_a_later_letter_replaces_a_piece() {
    let (_, ini) = small();
    let r = imported(&ini, "minichess-archbishop");
    let src = r.source.expect("source");
    // From the parent: the board, the pawn's promotion; from the child: q is now BN.
    assert!(src.contains("board 5x6"), "{src}");
    assert!(
        src.contains("piece CustomPiece1 Q {\n  moves BN\n}"),
        "{src}"
    );
    assert!(!src.contains("piece Queen"), "{src}");
    assert!(src.contains("stalemate win"), "{src}");
    assert!(src.contains("move-limit 20 draw resets Pawn"), "{src}");
    // variantTemplate and pieceToCharTable are display settings: read, not reported.
    assert!(r.omissions.is_empty());
}

#[test]
fn a_built_in_parent_gives_chess_and_its_drops() {
    let (_, ini) = small();
    let r = imported(&ini, "tinyhouse");
    let src = r.source.clone().expect("source");
    assert!(src.contains("castling King Rook 2"), "{src}");
    assert!(src.contains("zone Pawn: all - rank 1 - promo"), "{src}");
    assert!(
        src.contains("piece PromotedQueen +Q {\n  moves Q\n  captured as Pawn\n}"),
        "{src}"
    );
    let e = engine_of(&r);
    assert_eq!(e.perft(&e.start_position(), 3), 8902);
}

#[test]
fn shogi_keys_become_promotions_and_drop_rules() {
    let (_, ini) = small();
    let src = imported(&ini, "pocketshogi").source.expect("source");
    for want in [
        "piece ShogiPawn P {\n  moves fW\n  promotes to PromotedShogiPawn in promo optional\n}",
        "piece PromotedShogiPawn +P {\n  moves WfF\n}",
        "one-per-file ShogiPawn",
        "no-mate ShogiPawn",
        "must-move",
        "repetition 4 draw perpetual-check loss",
        "stalemate loss",
    ] {
        assert!(src.contains(want), "missing {want:?} in\n{src}");
    }
}

#[test]
fn xiangqi_keys_become_confinement_soldier_zones_and_facing() {
    let (_, ini) = small();
    let src = imported(&ini, "palaceqi").source.expect("source");
    for want in [
        "zone mob_king = b1 + c1 + d1 + b2 + c2 + d2",
        "confined mob_king",
        "zone soldier_rank = ranks 4-6",
        "moves sW in soldier_rank",
        "facing",
        "moves mRcpR",
    ] {
        assert!(src.contains(want), "missing {want:?} in\n{src}");
    }
}

#[test]
fn keys_that_cannot_be_converted_are_listed_with_their_lines_at_the_top() {
    let (text, ini) = small();
    let r = imported(&ini, "stony");
    let line_of = |k: &str| text.lines().position(|l| l.starts_with(k)).map(|i| i + 1);
    let keys: Vec<(&str, Option<usize>)> = r
        .omissions
        .iter()
        .map(|o| (o.key.as_str(), o.line))
        .collect();
    assert_eq!(
        keys,
        vec![(
            "dropOppositeColoredBishop",
            line_of("dropOppositeColoredBishop")
        )]
    );
    let src = r.source.expect("written with the omissions listed");
    assert!(
        src.contains("\nmust-capture\n"),
        "mustCapture converts:\n{src}"
    );
    assert!(src.contains("# Not converted"), "{src}");
    assert!(
        src.contains("#   dropOppositeColoredBishop = true (line"),
        "{src}"
    );
}

#[test]
fn the_cli_writes_one_file_per_section_and_strict_skips_omissions() {
    let dir = std::env::temp_dir().join(format!("chimera-import-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = env!("CARGO_BIN_EXE_chimera");
    let ini = root().join("tests/fsf/ini/small.ini");
    let o = Command::new(bin)
        .arg("import")
        .arg(&ini)
        .arg("-o")
        .arg(&dir)
        .output()
        .expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("[stony] imported with 1 omission:"), "{out}");
    assert!(
        out.ends_with("18 imported, 2 imported with omissions, 0 refused\n"),
        "{out}"
    );
    assert!(
        err.contains("small.ini:")
            && err.contains("`dropOppositeColoredBishop = true` not converted"),
        "{err}"
    );
    for s in ["minichess", "tinyhouse", "pocketshogi", "palaceqi", "stony"] {
        assert!(dir.join(format!("{s}.variant")).exists(), "{s}");
    }
    let o = Command::new(bin)
        .args(["import", "--strict"])
        .arg(&ini)
        .arg("stony")
        .arg("-o")
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("[stony] refused (--strict)"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fairy-Stockfish's own `src/variants.ini`: GPL text, so not committed, and no registry package
/// ships it (not pyffish's sdist, nor Debian's fairy-stockfish, nor npm's ffish): give its path in
/// `FSF_VARIANTS_INI` and run `cargo test --features ext --test ext_fsf -- --ignored survey`.
///
/// Imports every section and compares the legal moves with pyffish running that section at every
/// node to depth 2 (3 when perft 2 is at most 2,000) from the start. Fails when a section that
/// imported without an announced omission differs; prints imported / complete / perft-equal.
#[test]
#[ignore = "needs Fairy-Stockfish's variants.ini in FSF_VARIANTS_INI (GPL, not committed, no package ships it)"]
fn survey_of_fairy_stockfish_variants_ini() {
    let path = std::env::var("FSF_VARIANTS_INI").unwrap_or_else(|_| {
        panic!(
            "FSF_VARIANTS_INI=path/to/Fairy-Stockfish/src/variants.ini is needed (clone \
             Fairy-Stockfish's repository; the file is GPL and not committed here)"
        )
    });
    let text = std::fs::read_to_string(&path).expect("read variants.ini");
    let ini = IniFile::parse(&text);
    let mut fsf = Fsf::start();
    let known = fsf.load(&text);
    let mut names: Vec<String> = Vec::new();
    for s in &ini.sections {
        if !names.contains(&s.name) {
            names.push(s.name.clone());
        }
    }
    let (mut imported_n, mut complete, mut refused) = (0, 0, Vec::new());
    let (mut equal, mut announced, mut unannounced) = (Vec::new(), Vec::new(), Vec::new());
    // Sections this pyffish does not know (keys newer than its release): nothing to compare.
    let mut unloaded: Vec<String> = Vec::new();
    for n in &names {
        let r = import_section(&ini, n);
        if let Some(why) = &r.refused {
            refused.push(format!("{n}: {why}"));
            continue;
        }
        imported_n += 1;
        if r.omissions.is_empty() {
            complete += 1;
        }
        if !known.contains(&r.name) {
            unloaded.push(n.clone());
            continue;
        }
        let e = engine_of(&r);
        let depth = if e.perft(&e.start_position(), 2) <= 2_000 {
            3
        } else {
            2
        };
        match compare_tree(&e, &mut fsf, &r.name, &[], depth) {
            Ok(_) => equal.push(n.clone()),
            Err(x) if r.omissions.is_empty() => unannounced.push(format!("{n}: {x}")),
            Err(x) => announced.push(format!(
                "{n} ({} omissions: {}): {}",
                r.omissions.len(),
                r.omissions
                    .iter()
                    .map(|o| o.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                x.lines().next().unwrap_or("")
            )),
        }
    }
    println!(
        "{} sections: {imported_n} imported ({complete} complete, {} with omissions), {} refused; \
         {} perft-equal with pyffish",
        names.len(),
        imported_n - complete,
        refused.len(),
        equal.len()
    );
    println!("not loaded by pyffish: {unloaded:?}");
    println!("refused:");
    for r in &refused {
        println!("  {r}");
    }
    println!("differ, with omissions announced:");
    for d in &announced {
        println!("  {d}");
    }
    assert!(
        unannounced.is_empty(),
        "sections imported without an omission that differ from pyffish:\n{}",
        unannounced.join("\n")
    );
}
