//! `chimera check FILE... [--json]`: one summary line per valid file and exit 0; diagnostics on
//! stderr and exit 1 otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;
use common::located_in;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Runs the binary from the crate directory; returns (exit code, stdout, stderr).
fn chimera(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run chimera");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_valid_file_prints_one_summary_line_and_exits_0() {
    let (code, stdout, stderr) = chimera(&["check", "tests/fixtures/chess.variant"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "tests/fixtures/chess.variant: Chess, 8x8, 6 piece kinds, royal: King\n"
    );
    assert_eq!(stderr, "");
}

#[test]
fn several_valid_files_print_one_line_each() {
    let (code, stdout, _) = chimera(&[
        "check",
        "tests/fixtures/chess.variant",
        "tests/fixtures/chess.variant",
    ]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 2);
}

#[test]
fn an_invalid_file_gives_located_diagnostics_on_stderr_and_exit_1() {
    let (code, stdout, stderr) = chimera(&[
        "check",
        "tests/fixtures/chess.variant",
        "tests/fixtures/bad/child_of_bad_parent.variant",
    ]);
    assert_eq!(code, 1);
    // The valid file is still summarised.
    assert_eq!(
        stdout,
        "tests/fixtures/chess.variant: Chess, 8x8, 6 piece kinds, royal: King\n"
    );
    assert!(stderr.contains("rank 9 is outside the board"), "{stderr}");
    assert!(
        stderr.contains("tests/fixtures/bad/bad_parent.variant:4:21"),
        "{stderr}"
    );
    assert!(stderr.contains("chimera::board::outside"), "{stderr}");
    assert!(stderr.contains("help: ranks go from 1 to 8"), "{stderr}");
    assert!(
        stderr.contains("tests/fixtures/bad/child_of_bad_parent.variant: 1 error"),
        "{stderr}"
    );
}

#[test]
fn a_missing_file_is_an_error_not_a_panic() {
    let (code, stdout, stderr) = chimera(&["check", "tests/fixtures/no-such.variant"]);
    assert_eq!(code, 1);
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("cannot read `tests/fixtures/no-such.variant`"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"));
}

#[test]
fn json_prints_the_compiled_rule_set() {
    let (code, stdout, stderr) = chimera(&["check", "--json", "tests/fixtures/chess.variant"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
    assert_eq!(v["name"], "Chess");
    assert_eq!(v["board"]["dims"]["files"], 8);
    assert_eq!(v["pieces"].as_array().map(Vec::len), Some(6));
    assert_eq!(v["pieces"][0]["name"], "King");
    assert_eq!(v["pieces"][0]["royal"], true);
    assert_eq!(v["pieces"][5]["promotion"]["mode"], "Forced");
    assert_eq!(v["castling"]["king_steps"], 2);
    assert_eq!(v["end"]["move_limit"]["moves"], 50);
    assert_eq!(
        v["start_fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // The JSON is written for other tools; it is not read back as a `RuleSet`: a rule set comes
    // only from the checks (its squares and kinds are closed types), so it has no `Deserialize`.
    assert_eq!(
        v["pieces"][5]["promotion"]["to"].as_array().map(Vec::len),
        Some(4)
    );
}

#[test]
fn the_fixture_compiles_through_the_library_too() {
    let r = chimera::compile_file(&fixture("chess.variant")).expect("valid");
    assert_eq!(
        chimera::cli::check::summary("chess.variant", &r),
        "chess.variant: Chess, 8x8, 6 piece kinds, royal: King"
    );
}

/// `(exit code, stdout, stderr)` of `chimera check` on the given paths.
fn check(paths: &[&str]) -> (i32, String, String) {
    let mut args = vec!["check"];
    args.extend_from_slice(paths);
    chimera(&args)
}

#[test]
fn odd_paths_are_errors_with_a_location_and_help_never_a_panic() {
    let dir = std::env::temp_dir().join(format!("chimera-check-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("binary.variant");
    std::fs::write(
        &binary,
        b"\x7fELF\x02\x01\x01\x00\x1b[2J\xff\xfe\x00garbage",
    )
    .unwrap();
    let empty = dir.join("empty.variant");
    std::fs::write(&empty, b"").unwrap();
    let comments = dir.join("comments.variant");
    std::fs::write(&comments, b"# nothing but\n  # comments\n\n").unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("tests/fixtures".to_string(), "this is a directory"),
        (binary.display().to_string(), "is not UTF-8 text"),
        (empty.display().to_string(), "is empty"),
        (comments.display().to_string(), "holds only comments"),
        ("/dev/null".to_string(), "is empty"),
        ("tests/fixtures/no-such.variant".to_string(), "cannot read"),
    ];
    for (path, what) in &cases {
        let (code, stdout, stderr) = check(&[path]);
        assert_eq!(code, 1, "{path}: {stderr}");
        assert_eq!(stdout, "", "{path}");
        assert!(stderr.contains(what), "{path}: {stderr}");
        assert!(
            located_in(&stderr, path),
            "{path}: no line:column in {stderr}"
        );
        assert!(stderr.contains("help:"), "{path}: {stderr}");
        assert!(!stderr.contains("panicked"), "{path}: {stderr}");
        // Nothing from a binary file reaches the terminal raw.
        assert!(
            !stderr.contains('\u{1b}') && !stderr.contains('\0'),
            "{path}"
        );
        assert!(!stderr.contains("garbage"), "{path}: {stderr}");
    }
}

#[test]
fn good_files_are_summarised_even_when_others_are_bad() {
    let (code, stdout, stderr) = check(&[
        "tests/fixtures/bad/empty.variant",
        "tests/fixtures/chess.variant",
        "/dev/null",
        "definitions/xiangqi.variant",
        "tests/fixtures/bad/cycle3_a.variant",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "tests/fixtures/chess.variant: Chess, 8x8, 6 piece kinds, royal: King\n\
         definitions/xiangqi.variant: Xiangqi, 9x10, 7 piece kinds, royal: General\n"
    );
    assert!(
        stderr.contains("tests/fixtures/bad/empty.variant: 1 error"),
        "{stderr}"
    );
    assert!(stderr.contains("/dev/null: 1 error"), "{stderr}");
    assert!(stderr.contains("makes a cycle"), "{stderr}");
}

#[test]
fn every_shipped_definition_checks() {
    let mut files: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".variant"))
            .map(|n| format!("definitions/{n}"))
            .collect();
    files.sort();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = check(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), files.len());
    for (line, file) in stdout.lines().zip(&files) {
        assert!(line.starts_with(&format!("{file}: ")), "{line}");
        assert!(line.contains(" piece kind"), "{line}");
        assert!(line.contains(", royal: "), "{line}");
    }
}

#[test]
fn mangled_shipped_definitions_exit_1_with_a_located_diagnostic() {
    let dir = std::env::temp_dir().join(format!("chimera-check-mangled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let defs = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut paths: Vec<String> = Vec::new();
    for e in std::fs::read_dir(&defs).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".variant") {
            continue;
        }
        let text = std::fs::read_to_string(e.path()).unwrap();
        // Cut just after the last `{` (an unclosed block), a FEN with an extra rank, a
        // misspelt keyword: each must be an error.
        let cut = match text.rfind('{') {
            Some(i) => text[..=i].to_string(),
            None => format!("{text}\npiece"),
        };
        let fen = match text.find("\nstart \"") {
            Some(_) => text.replacen("\nstart \"", "\nstart \"/", 1),
            None => format!("{text}\nstart \"1/1 w\"\n"),
        };
        let variants = [
            ("cut", cut),
            ("fen", fen),
            ("letter", text.replacen("variant \"", "varaint \"", 1)),
        ];
        for (tag, mangled) in variants {
            let stem = name.trim_end_matches(".variant");
            let p = dir.join(format!("{stem}-{tag}.variant"));
            // A parent named in `extends` is looked up next to the file.
            let mangled = mangled.replace("extends \"", &format!("extends \"{}/", defs.display()));
            std::fs::write(&p, mangled).unwrap();
            paths.push(p.display().to_string());
        }
    }
    for p in &paths {
        let (code, stdout, stderr) = check(&[p]);
        assert_eq!(code, 1, "{p}: {stdout}");
        assert_eq!(stdout, "", "{p}");
        assert!(!stderr.contains("panicked"), "{p}: {stderr}");
        assert!(located_in(&stderr, p), "{p}: no line:column in {stderr}");
        assert!(stderr.contains("help:"), "{p}: {stderr}");
    }
}

#[test]
fn a_warning_is_printed_with_its_place_and_help_and_exits_0() {
    let (code, stdout, stderr) = chimera(&["check", "tests/fixtures/warning.variant"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "tests/fixtures/warning.variant: Mini, 5x6, 3 piece kinds, royal: King\n"
    );
    assert!(
        stderr.contains("zone `centre` is declared but nothing uses it"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tests/fixtures/warning.variant:6:6"),
        "{stderr}"
    );
    assert!(stderr.contains("chimera::warning::unused_zone"), "{stderr}");
    assert!(stderr.contains("help: use it in a piece"), "{stderr}");
    assert!(
        stderr.contains("tests/fixtures/warning.variant: 1 warning"),
        "{stderr}"
    );
}

#[test]
fn deny_warnings_makes_a_warning_exit_1() {
    let (code, _, stderr) =
        chimera(&["check", "--deny-warnings", "tests/fixtures/warning.variant"]);
    assert_eq!(code, 1, "{stderr}");
    let (code, _, stderr) = chimera(&["check", "--deny-warnings", "tests/fixtures/chess.variant"]);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn no_shipped_definition_has_a_warning() {
    let mut args = vec!["check".to_string(), "--deny-warnings".to_string()];
    for e in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions"))
        .expect("definitions/")
    {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "variant") {
            args.push(format!(
                "definitions/{}",
                p.file_name().expect("name").to_string_lossy()
            ));
        }
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stdout, stderr) = chimera(&refs);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr, "");
    assert_eq!(stdout.lines().count(), args.len() - 2);
}
