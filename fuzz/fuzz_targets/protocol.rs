#![no_main]
//! XBoard and UCI protocol lines: the first byte picks the protocol, the rest are the GUI's lines.
//! Everything must be answered or refused without a panic, and `quit` ends the loop.
//!
//! The definitions are compiled once (compiling them for every input was most of the cost), and
//! the session runs with `Settings::capped`: every search, `go`, `analyze` and `go infinite`
//! included, stops after a few hundred nodes, with a 1 MB hash table instead of 64 MB (allocating
//! it was the rest of the cost). So the lines that start a search are fuzzed too, cheaply and
//! repeatably, rather than left out.

use chimera::protocol::{uci, xboard, Catalog, Settings};
use libfuzzer_sys::fuzz_target;
use std::io::Cursor;
use std::path::Path;
use std::sync::OnceLock;

/// Nodes per search: enough for a few iterations, so a move and a PV are reported.
const NODES: u64 = 300;

fn catalog() -> Option<&'static Catalog> {
    static CATALOG: OnceLock<Option<Catalog>> = OnceLock::new();
    CATALOG
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions");
            // A drop variant and a Xiangqi-like one: holdings, promotions, ten ranks.
            Catalog::load(&[dir.join("xiang-fu.variant"), dir.join("crazyhouse.variant")]).ok()
        })
        .as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Some(catalog) = catalog() else { return };
    let mut script = String::from(if which % 2 == 0 {
        "xboard\nprotover 2\n"
    } else {
        "uci\n"
    });
    for line in text.lines().take(32) {
        script.push_str(line);
        script.push('\n');
    }
    script.push_str("quit\n");
    let input = Cursor::new(script.into_bytes());
    let settings = Settings::capped(NODES);
    if which % 2 == 0 {
        xboard::run_with(catalog.clone(), input, Box::new(std::io::sink()), settings);
    } else {
        uci::run_with(catalog.clone(), input, Box::new(std::io::sink()), settings);
    }
});
