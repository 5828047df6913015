#![no_main]
//! Move text: each word is parsed in the current position and, when it reads, must be one of the
//! legal moves; it is then played.

use chimera::parse_move;
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
    let mut pos = engine.start_position();
    for word in text.split_whitespace().take(64) {
        if let Ok(mv) = parse_move(engine, &pos, word) {
            assert!(
                engine.legal_moves(&pos).contains(&mv),
                "`{word}` read as an illegal move"
            );
            pos = engine.play(&pos, mv);
        }
    }
});
