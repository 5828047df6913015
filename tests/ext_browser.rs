//! The studio in a real browser: `tests/browser/run.mjs` drives Debian's chromium through
//! playwright-core (scripts/setup/30-browser.sh installs both) against `chimera serve` and a page
//! written by `chimera publish`, opened from `file://`. Scenarios: a Cannon's highlighted squares
//! equal the engine's moves; moves played by clicking, with a shogi promotion choice and a
//! crazyhouse drop; moves against the computer (undo takes back the reply with the move); an
//! illegal click explained; an editor error shown at its line, then fixed with the board
//! following; a definition that does not compile at start, fixed in the page; a small analysis
//! with its progress, table and plots, and one stopped; flip, FEN, PGN upload and download, the
//! move list, hint with the engine's lines, stop; the Pieces tab and the zones overlay; the
//! published page's pieces clickable from `file://`. Any JavaScript console error fails.
//! Screenshots go to target/browser-screens/.

use std::path::Path;
use std::process::Command;

#[test]
fn the_studio_and_a_published_page_work_in_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/browser");
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "chromium is not installed: run scripts/setup/30-browser.sh (apt install chromium)"
    );
    assert!(
        dir.join("node_modules/playwright-core").exists(),
        "playwright-core is not installed: run scripts/setup/30-browser.sh (npm ci in tests/browser)"
    );
    let shots = root.join("target/browser-screens");
    let out = Command::new("node")
        .arg("run.mjs")
        .current_dir(&dir)
        .env("CHIMERA_BIN", env!("CARGO_BIN_EXE_chimera"))
        .env("SHOTS", &shots)
        .output()
        .unwrap_or_else(|e| panic!("cannot run node (install nodejs): {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "browser scenarios failed:\n{stdout}\n{stderr}"
    );
    for scenario in [
        "cannon_highlights_equal_the_engines_moves",
        "shogi_promotion_asks_with_the_legal_choices",
        "crazyhouse_drop_from_the_hand",
        "a_few_moves_against_the_computer",
        "editor_shows_the_diagnostic_at_its_line_and_the_board_follows",
        "run_a_small_analysis",
        "a_definition_that_does_not_compile_opens_with_its_errors",
        "flip_fen_pgn_hint_and_stop",
        "published_page_from_file_url",
    ] {
        assert!(
            stdout.contains(&format!("ok {scenario} (")),
            "{scenario}:\n{stdout}"
        );
    }
    assert!(shots.join("studio-xiang-fu.png").exists());
}
