//! `cargo bench`: perft speed on the chess, xiangqi and shogi start positions (and the seed
//! variants with reference counts), checking the node count it times. Compare with
//! Fairy-Stockfish's figures in README.md (`scripts/compare-perft.sh` times both side by side).
//! `cargo bench -- quick` runs one ply less; each target is counted on one thread, then on every
//! core, and both counts are checked.

use chimera::compile_file;
use chimera::{default_perft_threads, Engine};
use std::path::Path;
use std::time::Instant;

/// (definition, depth, published node count)
const TARGETS: &[(&str, u32, u64)] = &[
    ("chess.variant", 6, 119_060_324),
    ("xiangqi.variant", 5, 133_312_995),
    ("shogi.variant", 5, 19_861_490),
    ("xiang-fu.variant", 5, 4_449_493),
    ("minishogi.variant", 6, 8_276_188),
];

const QUICK: &[(&str, u32, u64)] = &[
    ("chess.variant", 5, 4_865_609),
    ("xiangqi.variant", 4, 3_290_240),
    ("shogi.variant", 4, 719_731),
    ("xiang-fu.variant", 4, 152_394),
    ("minishogi.variant", 5, 533_203),
];

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut failed = false;
    for &(file, depth, expected) in if quick { QUICK } else { TARGETS } {
        let rules = match compile_file(&dir.join(file)) {
            Ok(r) => r,
            Err(d) => {
                eprintln!("{:?}", miette::Report::new(d));
                std::process::exit(1);
            }
        };
        let engine = Engine::new(rules).unwrap_or_else(|e| panic!("{}: {}", file, e));
        let pos = engine.start_position();
        let threads = default_perft_threads();
        for n in [1, threads] {
            let start = Instant::now();
            let nodes = engine.perft_parallel(&pos, depth, n);
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{:<20} depth {} nodes {:>11} time {:>7.3} s {:>6.2} million nodes/s, {} thread{}",
                file,
                depth,
                nodes,
                secs,
                nodes as f64 / secs / 1e6,
                n,
                if n == 1 { "" } else { "s" }
            );
            if nodes != expected {
                eprintln!("{}: expected {} nodes, counted {}", file, expected, nodes);
                failed = true;
            }
            if threads == 1 {
                break;
            }
        }
    }
    if failed {
        std::process::exit(1);
    }
}
