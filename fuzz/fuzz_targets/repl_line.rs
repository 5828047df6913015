#![no_main]
//! REPL command lines in a session on a shipped definition: every line gives output or an error,
//! never a panic. Commands that legitimately run long (deep perft, search) or touch the file system
//! are left out so the fuzzer measures robustness, not patience.

use chimera::repl::Session;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

const SLOW_OR_FILES: &[&str] = &[
    "perft", "divide", "go", "hint", "computer", "bench", "load", "reload", "render", "save",
    "open", "variants", "analyze",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut session = Session::new();
    let def = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions/xiang-fu.variant");
    if session.load(&def).is_err() {
        return;
    }
    for line in text.lines().take(32) {
        let word = line.split_whitespace().next().unwrap_or("");
        if SLOW_OR_FILES.iter().any(|w| word.eq_ignore_ascii_case(w)) {
            continue;
        }
        let _ = session.execute(line);
    }
});
