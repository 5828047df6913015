//! `chimera check FILE... [--json]`: one summary line per valid file and exit 0; diagnostics on
//! stderr and exit 1 otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

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
    // The JSON is the rule set itself: it reads back.
    let back: chimera::rules::RuleSet = serde_json::from_str(&stdout).expect("a RuleSet");
    assert_eq!(back.pieces.len(), 6);
}

#[test]
fn the_fixture_compiles_through_the_library_too() {
    let r = chimera::compile::compile_file(&fixture("chess.variant")).expect("valid");
    assert_eq!(
        chimera::cli::check::summary("chess.variant", &r),
        "chess.variant: Chess, 8x8, 6 piece kinds, royal: King"
    );
}
