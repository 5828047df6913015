//! Real XBoard (Debian's `xboard`, run headless under `xvfb-run`) plays short matches between
//! engines in match mode. From XBoard's saved PGN and its debug log: every game ended with a
//! result, no move was called illegal by either side or by XBoard, and nothing lost on time.
//!
//! `.ci/run` installs the programs (`apt-get install -y xboard xvfb fairymax`). Fixed depth keeps
//! each game to seconds while the clock (five minutes) can never run out.

mod gui;

use gui::definition;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A program from the PATH or Debian's `/usr/games`; panics with how to install it.
fn program(name: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "`{name}` is not installed; install the real components with \
                 `apt-get update && apt-get install -y xboard xvfb fairymax` (as .ci/run does)"
            )
        })
}

fn chimera(variant: &str) -> String {
    format!(
        "{} xboard {}",
        env!("CARGO_BIN_EXE_chimera"),
        definition(variant).display()
    )
}

/// What XBoard saved.
struct Played {
    pgn: String,
    debug: String,
}

/// Plays `games` games between two engine commands in XBoard's match mode.
fn xboard_match(
    label: &str,
    display: u32,
    first: &str,
    second: &str,
    variant: Option<&str>,
    games: u32,
    depth: u32,
) -> Played {
    let dir = std::env::temp_dir().join(format!("chimera-xboard-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {dir:?}: {e}"));
    let pgn = dir.join("games.pgn");
    let debug = dir.join("xboard.debug");
    let p = |x: &Path| x.display().to_string();
    let mut cmd = Command::new(program("xvfb-run"));
    cmd.arg("-a")
        .args(["-n", &display.to_string()])
        .arg(program("xboard"))
        .args([
            "-ini",
            &p(&dir.join("xboard.ini")),
            "-saveSettingsOnExit",
            "false",
        ])
        .args([
            "-fcp",
            first,
            "-fd",
            &p(&dir),
            "-scp",
            second,
            "-sd",
            &p(&dir),
        ])
        .args(["-mm", "-mg", &games.to_string()])
        .args([
            "-tc",
            "5",
            "-depth",
            &depth.to_string(),
            "-autoflag",
            "-xponder",
        ])
        .args([
            "-sgf",
            &p(&pgn),
            "-debug",
            "-nameOfDebugFile",
            &p(&debug),
            "-xexit",
        ]);
    if let Some(v) = variant {
        cmd.args(["-variant", v]);
    }
    // Chimera against Chimera: XBoard knows a taught variant only from its `piece` lines and
    // cannot state drop zones or the variant's other rules, so the receiving engine is the
    // referee: it answers `Illegal move` to a wrong move, and `assert_clean` fails on that line.
    if first == second {
        cmd.args(["-testLegality", "false"]);
    }
    let mut child = cmd
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start xvfb-run xboard: {e}"));
    let limit = Duration::from_secs(600);
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(200)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "{label}: XBoard did not finish the match within {limit:?}; PGN so far:\n{}",
                    std::fs::read_to_string(&pgn).unwrap_or_default()
                );
            }
        }
    }
    Played {
        pgn: std::fs::read_to_string(&pgn)
            .unwrap_or_else(|e| panic!("{label}: XBoard saved no PGN ({e})")),
        debug: std::fs::read_to_string(&debug)
            .unwrap_or_else(|e| panic!("{label}: XBoard wrote no debug log ({e})")),
    }
}

/// Every game has a result, nobody called a move illegal, nothing was lost on time.
fn assert_clean(label: &str, played: &Played, games: usize) {
    let results: Vec<&str> = played
        .pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[Result \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect();
    assert_eq!(
        results.len(),
        games,
        "{label}: games played\n{}",
        played.pgn
    );
    for r in &results {
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(r),
            "{label}: a game without a result ({r})\n{}",
            played.pgn
        );
    }
    let pgn = played.pgn.to_lowercase();
    for bad in [
        "on time",
        "time forfeit",
        "illegal",
        "forfeit",
        "abort",
        "unfinished",
    ] {
        assert!(
            !pgn.contains(bad),
            "{label}: the PGN says `{bad}`\n{}",
            played.pgn
        );
    }
    for line in played.debug.lines() {
        let l = line.to_lowercase();
        // Engine output arrives as `<first :` / `<second:`; XBoard's own verdicts as plain text.
        assert!(
            !l.contains("illegal move") && !l.contains("forfeit"),
            "{label}: {line}"
        );
        assert!(!l.contains("loses on time"), "{label}: {line}");
    }
}

fn chimera_against_itself(variant: &str, display: u32) {
    let engine = chimera(variant);
    let played = xboard_match(variant, display, &engine, &engine, Some(variant), 2, 3);
    assert_clean(variant, &played, 2);
    // The variant XBoard played is the definition's (taught by setup, or XBoard's own).
    assert!(
        played.pgn.contains(&format!("[Variant \"{variant}\"]"))
            || !played.pgn.contains("[Variant"),
        "{}",
        played.pgn
    );
}

#[test]
fn xiang_fu_chimera_against_chimera() {
    chimera_against_itself("xiang-fu", 311);
}

#[test]
fn shogi_chimera_against_chimera() {
    chimera_against_itself("shogi", 322);
}

#[test]
fn xiangqi_chimera_against_chimera() {
    chimera_against_itself("xiangqi", 333);
}

#[test]
fn octal_xiangqi_chimera_against_chimera() {
    chimera_against_itself("octal-xiangqi", 344);
}

#[test]
fn shoxiang108_shogi_standard_chimera_against_chimera() {
    // The shogi-heavy subvariant: XBoard reads its drops. (In shoxiang108-xq-strong XBoard
    // forfeits the legal Cannonball drop `U@e6` as an invalid move: a letter it cannot drop.)
    chimera_against_itself("shoxiang108-shogi-standard", 355);
}

#[test]
fn chess_chimera_against_fairy_max() {
    let fairymax = program("fairymax").display().to_string();
    let played = xboard_match("chess", 366, &chimera("chess"), &fairymax, None, 2, 3);
    assert_clean("chess", &played, 2);
    assert!(played.pgn.contains("Fairy-Max"), "{}", played.pgn);
}
