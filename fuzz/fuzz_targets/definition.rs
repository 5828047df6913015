#![no_main]
//! Definition text: compile, build the engine, generate moves from the start. Never a panic,
//! and a definition that compiles always builds an engine whose start position has moves listed.

use chimera::compile::compile_bytes;
use chimera::engine::Engine;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    // A directory with no files: `extends` cannot reach the disk.
    let nowhere = Path::new("/nonexistent-chimera-fuzz");
    if let Ok(rules) = compile_bytes("fuzz.variant", data, nowhere) {
        if let Ok(engine) = Engine::new(rules) {
            let start = engine.start_position();
            let _ = engine.perft(&start, 2);
            let _ = engine.status(&start);
        }
    }
});
