#![no_main]
//! Definition text: compile, build the engine, generate moves from the start. Never a panic; a
//! definition that compiles builds an engine whose start position lists its moves, and a move
//! played from it keeps the incremental hash equal to the one computed from scratch.
//!
//! Perft 2 from the start used to run on every input that compiled: on a large board that is
//! thousands of positions, and it held the target to a few thousand executions a second. One line
//! two plies deep (a move chosen by the input, then the reply's moves and the status) reaches the
//! same code (move generation, playing a move, the game-end test) at a fraction of the cost;
//! full-tree counts are the perft tests' and the property tests' job.

use chimera::compile_bytes;
use chimera::Engine;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    // A directory with no files: `extends` cannot reach the disk.
    let nowhere = Path::new("/nonexistent-chimera-fuzz");
    let Ok(rules) = compile_bytes("fuzz.variant", data, nowhere) else {
        return;
    };
    let Ok(engine) = Engine::new(rules) else {
        return;
    };
    let start = engine.start_position();
    assert_eq!(
        start.hash(),
        start.hash_from_scratch(),
        "hash of the start position"
    );
    let moves = engine.legal_moves(&start);
    let _ = engine.status(&start);
    if moves.is_empty() {
        return;
    }
    // Which move: from the input's bytes, so that the fuzzer can steer it.
    let pick = data
        .iter()
        .fold(0usize, |a, &b| a.wrapping_mul(31).wrapping_add(b as usize));
    let next = engine.play(&start, moves[pick % moves.len()]);
    assert_eq!(next.hash(), next.hash_from_scratch(), "hash after one move");
    let _ = engine.legal_moves(&next);
    let _ = engine.status(&next);
});
