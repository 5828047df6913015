//! Chimera as an installed tool: the shipped definitions are built into the binary, so they work
//! by name from any folder; `chimera list` shows them; a file path always wins over a name.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh empty folder outside the repository, to run the binary in.
fn elsewhere(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-installed-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// Runs the binary in `dir`; returns (exit code, stdout, stderr).
fn chimera_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run chimera");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The stems of `definitions/*.variant`, sorted.
fn shipped_names() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("definitions/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

#[test]
fn list_shows_every_shipped_definition_on_one_line() {
    let dir = elsewhere("list");
    let (code, stdout, stderr) = chimera_in(&dir, &["list"]);
    assert_eq!(code, 0, "{stderr}");
    let firsts: Vec<&str> = stdout
        .lines()
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(firsts, shipped_names());
    let chess = stdout
        .lines()
        .find(|l| l.starts_with("chess "))
        .expect("chess");
    assert!(
        chess.ends_with("Chess (FIDE rules), the orthodox game."),
        "{chess}"
    );
}

#[test]
fn shipped_definitions_work_by_name_from_another_folder() {
    let dir = elsewhere("names");
    let (code, stdout, stderr) = chimera_in(&dir, &["check", "shogi", "crazyhouse.variant"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "shogi: Shogi, 9x9, 14 piece kinds, royal: King\n\
         crazyhouse.variant: Crazyhouse, 8x8, 10 piece kinds, royal: King\n"
    );
    // Every shipped definition, including those that extend another.
    for name in shipped_names() {
        let (code, _, stderr) = chimera_in(&dir, &["check", "--deny-warnings", &name]);
        assert_eq!(code, 0, "{name}: {stderr}");
    }
    let (code, stdout, stderr) = chimera_in(&dir, &["perft", "chess", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("400"), "{stdout}");
}

#[test]
fn a_file_path_wins_over_a_shipped_name() {
    let dir = elsewhere("path-wins");
    std::fs::write(
        dir.join("chess.variant"),
        "variant \"Wazir Chess\"\nboard 6x6\npiece King K { moves K royal }\npiece Wazir W { moves W }\n\
         start \"kw4/6/6/6/6/4WK w - - 0 1\"\n",
    )
    .expect("write a definition");
    let (code, stdout, stderr) = chimera_in(&dir, &["check", "chess.variant"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "chess.variant: Wazir Chess, 6x6, 2 piece kinds, royal: King\n"
    );
    // A name that is neither a file nor shipped is the missing file's error.
    let (code, _, stderr) = chimera_in(&dir, &["check", "no-such-game"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot read `no-such-game`"), "{stderr}");
}

#[test]
fn the_repl_opens_a_shipped_definition_by_name_from_the_home_folder() {
    // As after `cargo install --path .`: the binary started in the user's home folder (here a
    // fresh folder standing in for it), with HOME pointing there so the REPL's history file
    // lands there too, and no repository in sight.
    let home = elsewhere("home");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(&home)
        .env("HOME", &home)
        .args(["repl", "xiang-fu"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run chimera");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(b"show\nmoves\nquit\n")
            .expect("write commands");
    }
    let out = child.wait_with_output().expect("wait for chimera");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("Xiang Fu"), "{stdout}");
    assert!(stdout.contains("legal moves"), "{stdout}");
    assert!(!stderr.contains("error"), "{stderr}");
}
