//! Runs every scripted scenario in `tests/scripts/*.chs`: each must finish without an error
//! (every `expect` holds). Add a scenario by adding a file; see tests/scripts/README.md.

use chimera::repl::script::{run_script, ScriptOptions};
use chimera::repl::{BoardStyle, Session};
use std::path::{Path, PathBuf};

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scripts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "chs"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_scripted_scenario_passes() {
    // Definitions are found from the crate root (`load chess` → definitions/chess.variant).
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let all = scripts();
    assert!(!all.is_empty(), "no scenarios in tests/scripts");
    let mut failures = Vec::new();
    for path in &all {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let mut session = Session::new();
        session.set_style(BoardStyle::Ascii);
        session.add_search_dir(path.parent().unwrap());
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let report = run_script(
            &mut session,
            &name,
            &mut text.as_bytes(),
            &mut out,
            &mut err,
            ScriptOptions { keep_going: true },
        )
        .expect("writing to memory");
        if !report.ok() {
            failures.push(format!(
                "== {name}: {} failed of {}\n{}\n-- transcript --\n{}",
                report.failed_lines.len(),
                report.commands,
                String::from_utf8_lossy(&err),
                String::from_utf8_lossy(&out)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}
