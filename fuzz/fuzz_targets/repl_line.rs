#![no_main]
//! REPL command lines in a session on a shipped definition: every line gives output or an error,
//! never a panic.
//!
//! The definition is compiled once and handed to each input's fresh session (`load_engine`):
//! compiling it from disk for every input was most of the cost. Searches (`go`, `hint`, the
//! computer's moves, `expect best`) are capped at a few hundred nodes by the session's own cap
//! (`Session::cap_searches`) rather than left out, and perft runs on one thread. Left out: perft
//! and divide deeper than 2 (their cost grows with the depth the input types, up to 30),
//! `computer both` (the computer then plays a whole game, up to 1000 searches, in one line; one
//! side is kept: a reply per move) and the commands that touch the file system.

use chimera::compile_str;
use chimera::Engine;
use chimera::repl::{commands, Session};
use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const FILES: &[&str] = &["load", "reload", "render", "save", "open", "variants"];
/// Nodes per search.
const NODES: u64 = 300;

fn engine() -> Option<&'static (PathBuf, Arc<Engine>)> {
    static ENGINE: OnceLock<Option<(PathBuf, Arc<Engine>)>> = OnceLock::new();
    ENGINE
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions");
            let path = dir.join("xiang-fu.variant");
            let text = std::fs::read_to_string(&path).ok()?;
            let rules = compile_str("xiang-fu.variant", &text, &dir).ok()?;
            Some((path, Arc::new(Engine::new(rules).ok()?)))
        })
        .as_ref()
}

/// Whether the session would run a left-out command for this line: the command is found as the
/// REPL finds it (aliases included: `l` is `load`, `assert` is `expect`) after the comment is cut.
fn left_out(line: &str) -> bool {
    let line = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(cmd) = words.first().and_then(|w| commands::find(w)) else {
        return false;
    };
    // A depth that does not read is refused by the command itself; only a readable one above 2
    // is left out (`perft N`, `divide N`, `expect perft N COUNT`).
    let deeper_than_2 = |at: usize| {
        words
            .get(at)
            .and_then(|d| d.parse::<u64>().ok())
            .is_some_and(|d| d > 2)
    };
    FILES.contains(&cmd.name)
        || (cmd.name == "computer" && words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("both")))
        || (matches!(cmd.name, "perft" | "divide") && deeper_than_2(1))
        || (cmd.name == "expect"
            && words
                .get(1)
                .is_some_and(|w| w.eq_ignore_ascii_case("perft"))
            && deeper_than_2(2))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((path, engine)) = engine() else {
        return;
    };
    let mut session = Session::new();
    session.load_engine(path, engine.clone());
    session.cap_searches(NODES);
    session.set_perft_threads(1);
    for line in text.lines().take(32) {
        if left_out(line) {
            continue;
        }
        let _ = session.execute(line);
        if session.finished() {
            break;
        }
    }
});
