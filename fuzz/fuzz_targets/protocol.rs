#![no_main]
//! XBoard and UCI protocol lines: the first byte picks the protocol, the rest are the GUI's lines.
//! Lines that start a search are left out (a search is bounded by time, not input, and would make
//! every run slow); everything else must be answered or refused without a panic, and `quit` ends
//! the loop.

use chimera::protocol::{uci, xboard, Catalog};
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;
use std::path::Path;

const SEARCHES: &[&str] = &["go", "playother", "new", "analyze", "hint", "ponderhit", "white", "black"];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let def = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions/xiang-fu.variant");
    let Ok(catalog) = Catalog::load(&[def]) else { return };
    let mut script = String::from(if which % 2 == 0 { "xboard\nprotover 2\nforce\n" } else { "uci\n" });
    for line in text.lines().take(32) {
        let word = line.split_whitespace().next().unwrap_or("");
        if !SEARCHES.iter().any(|w| word.eq_ignore_ascii_case(w)) {
            script.push_str(line);
            script.push('\n');
        }
    }
    script.push_str("quit\n");
    let input = Cursor::new(script.into_bytes());
    if which % 2 == 0 {
        xboard::run(catalog, input, Box::new(std::io::sink()));
    } else {
        uci::run(catalog, input, Box::new(std::io::sink()));
    }
});
