#![no_main]
//! FEN text for several rule sets, with a round-trip oracle: a FEN that reads gives a position
//! whose FEN reads back to the same text and the same hash, and whose hash equals the one
//! computed from scratch.

use chimera::{parse_fen, to_fen};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((engine, rest)) = common::split(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(pos) = parse_fen(engine, text) {
        assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash of `{text}`");
        let fen = to_fen(engine, &pos);
        let back = match parse_fen(engine, &fen) {
            Ok(p) => p,
            Err(e) => panic!("`{text}` wrote `{fen}`, which does not read: {e}"),
        };
        assert_eq!(to_fen(engine, &back), fen, "round trip of `{text}`");
        assert_eq!(
            back.hash(),
            pos.hash(),
            "hash after the round trip of `{text}`"
        );
        let _ = engine.legal_moves(&pos);
    }
});
