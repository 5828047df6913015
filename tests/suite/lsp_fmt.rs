//! `chimera fmt`: every shipped definition is formatted, formatting keeps the compiled rule set
//! and is idempotent; and the diagnostics fixes that live checking asked for.

use chimera::check_str;
use chimera::{format_definition, format_tokens};
use std::path::{Path, PathBuf};

fn shipped() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("definitions/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

/// The rule set as `chimera check --json` prints it (warnings' codes too).
fn meaning(name: &str, text: &str, dir: &Path) -> String {
    match check_str(name, text, dir) {
        Ok(c) => {
            let codes: Vec<&str> = c.warnings.iter().map(|w| w.code.as_str()).collect();
            format!(
                "{}\n{codes:?}",
                serde_json::to_string_pretty(&c.rules).unwrap_or_default()
            )
        }
        Err(d) => panic!("{name} does not compile: {}", d.render_plain()),
    }
}

/// The same tokens laid out differently: every gap without a comment becomes one space or a
/// line break and some indentation, by turns.
fn relayout(text: &str) -> String {
    let toks = format_tokens(text).expect("a shipped definition parses");
    let mut out = String::new();
    let mut from = 0;
    for (i, t) in toks.iter().enumerate() {
        let gap = &text[from..t.start];
        if gap.contains('#') || (gap.is_empty() && i > 0) {
            out.push_str(gap);
        } else if i % 3 == 0 {
            out.push_str("\n     ");
        } else {
            out.push_str("   ");
        }
        out.push_str(&text[t.start..t.end]);
        from = t.end;
    }
    out.push_str(&text[from..]);
    out
}

#[test]
fn every_shipped_definition_is_formatted_and_keeps_its_rule_set() {
    let files = shipped();
    assert!(files.len() >= 20, "{files:?}");
    for path in files {
        let name = path.display().to_string();
        let dir = path.parent().expect("a folder");
        let text = std::fs::read_to_string(&path).expect("readable");
        let formatted = format_definition(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            formatted == text,
            "{name} is not formatted: run `chimera fmt {name}`"
        );
        let other = relayout(&text);
        assert_ne!(other, text);
        let again = format_definition(&other).unwrap_or_else(|e| panic!("{name} relaid: {e}"));
        assert_eq!(
            format_definition(&again).ok().as_deref(),
            Some(again.as_str()),
            "{name}: twice"
        );
        let want = meaning(&name, &text, dir);
        assert_eq!(meaning(&name, &other, dir), want, "{name}: relaid");
        assert_eq!(meaning(&name, &again, dir), want, "{name}: formatted");
    }
}

#[test]
fn fmt_check_passes_on_the_shipped_definitions_and_fails_on_an_unformatted_file() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let defs = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let out = std::process::Command::new(bin)
        .args(["fmt", "--check"])
        .arg(&defs)
        .output()
        .expect("chimera fmt runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let dir = std::env::temp_dir().join(format!("chimera-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("t.variant");
    std::fs::write(&file, "variant \"T\" board 3x3\n").expect("write");
    let out = std::process::Command::new(bin)
        .args(["fmt", "--check"])
        .arg(&file)
        .output()
        .expect("chimera fmt runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}: not formatted\n", file.display())
    );
    let out = std::process::Command::new(bin)
        .arg("fmt")
        .arg(&file)
        .output()
        .expect("chimera fmt runs");
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "variant \"T\"\nboard 3x3\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const ROYAL: &str =
    "variant \"T\"\nboard 5x5\npiece King K { moves K royal }\npiece Caravan C { moves W }\n";

fn warnings(text: &str) -> Vec<String> {
    match check_str("t.variant", text, Path::new(".")) {
        Ok(c) => c.warnings.iter().map(|w| w.message.clone()).collect(),
        Err(d) => panic!("{}", d.render_plain()),
    }
}

#[test]
fn a_zone_used_only_by_goal_or_gating_is_used() {
    let text = format!(
        "{ROYAL}zone oasis = c3\ngoal Caravan in oasis\nstart \"k4/5/5/5/K1C2 w - - 0 1\"\n"
    );
    let w = warnings(&text);
    assert!(!w.iter().any(|m| m.contains("oasis")), "{w:?}");
    let text = format!(
        "{ROYAL}zone back = rank 1\ngating in back\nstart \"k4/5/5/5/K1C2[C] w - - 0 1\"\n"
    );
    let w = warnings(&text);
    assert!(!w.iter().any(|m| m.contains("back")), "{w:?}");
    // Still reported when nothing uses it.
    let text = format!("{ROYAL}zone oasis = c3\nstart \"k4/5/5/5/K1C2 w - - 0 1\"\n");
    assert!(warnings(&text)
        .iter()
        .any(|m| m == "zone `oasis` is declared but nothing uses it"));
}

fn errors(text: &str) -> Vec<(String, String, Option<String>)> {
    match check_str("t.variant", text, Path::new(".")) {
        Ok(_) => panic!("accepted: {text}"),
        Err(d) => d
            .source_errors()
            .map(|e| (e.snippet().to_string(), e.message.clone(), e.help.clone()))
            .collect(),
    }
}

#[test]
fn a_stray_space_in_the_start_fen_is_one_error_at_the_space() {
    let text = format!("{ROYAL}start \"k4/5/5 /5/K1C2 w - - 0 1\"\n");
    let e = errors(&text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, " ");
    assert_eq!(e[0].1, "the start FEN has a space inside its board field");
    // In the last rank too.
    let e = errors(&format!("{ROYAL}start \"k4/5/5/5/K1 C2 w - - 0 1\"\n"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, " ");
}

#[test]
fn rank_with_a_range_suggests_ranks() {
    let text = "variant \"T\"\nboard 5x10\nzone far = rank 6-10\n";
    let e = errors(text);
    assert_eq!(
        e[0].2.as_deref(),
        Some("did you mean `ranks 6-10`? (`rank` names one rank, `ranks A-B` a range)")
    );
}
