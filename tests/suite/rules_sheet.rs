//! The rules sheet (`chimera rules FILE`, `rules` in the REPL) of every shipped definition, as a
//! golden file: `tests/golden/rules/NAME.txt`. After a deliberate change to the sheet or to a
//! definition, regenerate them with
//!
//!     CHIMERA_BLESS=1 cargo test --release --test rules_sheet
//!
//! and read the diff before committing it.

use chimera::compile_file;
use chimera::Sheet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn definitions() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("definitions"))
        .expect("definitions/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_shipped_sheet_matches_its_golden_file() {
    let bless = std::env::var_os("CHIMERA_BLESS").is_some();
    let golden_dir = root().join("tests/golden/rules");
    let mut wrong = Vec::new();
    for def in definitions() {
        let rules = match compile_file(&def) {
            Ok(r) => r,
            Err(d) => panic!("{}", d.render_plain()),
        };
        let text = Sheet::new(&rules).text();
        let stem = def.file_stem().expect("a file name").to_string_lossy();
        let golden = golden_dir.join(format!("{stem}.txt"));
        if bless {
            std::fs::create_dir_all(&golden_dir).expect("create tests/golden/rules");
            std::fs::write(&golden, &text).expect("write a golden file");
            continue;
        }
        match std::fs::read_to_string(&golden) {
            Ok(g) if g == text => {}
            Ok(g) => {
                let line = g
                    .lines()
                    .zip(text.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(g.lines().count().min(text.lines().count()));
                wrong.push(format!(
                    "{}: differs from line {}:\n  golden: {:?}\n  now:    {:?}",
                    golden.display(),
                    line + 1,
                    g.lines().nth(line).unwrap_or(""),
                    text.lines().nth(line).unwrap_or("")
                ));
            }
            Err(_) => wrong.push(format!("{}: missing", golden.display())),
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\n(after a deliberate change: CHIMERA_BLESS=1 cargo test --release --test rules_sheet, then read the diff)",
        wrong.join("\n")
    );
}

#[test]
fn the_sheet_says_every_condition_of_a_move() {
    let rules = compile_file(&root().join("definitions/octal-xiangqi.variant")).expect("compiles");
    let text = Sheet::new(&rules).text();
    // The General's river crossing: only to capture the General, exempt from its confinement.
    assert!(
        text.contains("(only to capture a General (never to an empty square); may leave its confinement (unconfined)):"),
        "{text}"
    );
    assert!(text.contains("only while it stands in"), "{text}");
    assert!(text.contains("confined: never leaves"), "{text}");
}

/// Runs `chimera rules NAME --markdown DIR`; returns the folder.
fn markdown_page(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-rules-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root())
        .args([
            "rules",
            &format!("definitions/{name}.variant"),
            "--markdown",
        ])
        .arg(&dir)
        .output()
        .expect("run chimera");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("wrote "), "{stdout}");
    dir
}

/// Every picture `index.md` shows, in order.
fn pictures(md: &str) -> Vec<String> {
    md.lines()
        .filter_map(|l| l.strip_prefix("!["))
        .filter_map(|l| {
            l.split_once("](")
                .map(|(_, r)| r.trim_end_matches(')').to_string())
        })
        .collect()
}

fn check_page(name: &str, kinds: usize) {
    let dir = markdown_page(name);
    let md = std::fs::read_to_string(dir.join("index.md")).expect("index.md");
    let pics = pictures(&md);
    assert_eq!(
        pics.len(),
        kinds + 1,
        "one per piece and the start position: {pics:?}"
    );
    assert_eq!(pics.last().map(String::as_str), Some("start.svg"));
    for p in &pics {
        let svg = std::fs::read_to_string(dir.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{p}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_xiang_fu_rules_page_has_a_parsing_svg_per_piece_and_the_start() {
    check_page("xiang-fu", 8);
}

#[test]
fn the_shoxiang108_xq_strong_rules_page_has_a_parsing_svg_per_piece_and_the_start() {
    check_page("shoxiang108-xq-strong", 20);
}
