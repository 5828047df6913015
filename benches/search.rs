//! `cargo bench --bench search`: search speed (nodes per second) and the nodes a fixed-depth search
//! needs, from the start positions of chess, xiangqi, shogi and Xiang Fu and a few middle-game
//! positions. The node counts are deterministic (a fresh searcher, no clock in the decisions), so
//! they compare search versions; the speed depends on the machine and its load.
//! `cargo bench --bench search -- quick` searches one ply less.

use chimera::compile_file;
use chimera::{move_text, parse_fen};
use chimera::{Engine, Game};
use chimera::{Limits, Searcher};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// (definition, FEN or `-` for the start position, depth)
const TARGETS: &[(&str, &str, u32)] = &[
    ("chess.variant", "-", 8),
    ("xiangqi.variant", "-", 7),
    ("shogi.variant", "-", 7),
    ("xiang-fu.variant", "-", 6),
    // The Italian game after 4 moves, and a middle game with both sides castled.
    (
        "chess.variant",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5",
        8,
    ),
    (
        "chess.variant",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
        7,
    ),
];

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for &(file, fen, depth) in TARGETS {
        let depth = if quick { depth - 1 } else { depth };
        let rules = match compile_file(&dir.join(file)) {
            Ok(r) => r,
            Err(d) => {
                eprintln!("{:?}", miette::Report::new(d));
                std::process::exit(1);
            }
        };
        let engine = Arc::new(Engine::new(rules).unwrap_or_else(|e| panic!("{}: {}", file, e)));
        let pos = if fen == "-" {
            engine.start_position()
        } else {
            parse_fen(&engine, fen).unwrap_or_else(|e| panic!("{}: {}", fen, e))
        };
        let game = Game::new(engine.clone(), pos.clone());
        let mut searcher = Searcher::new(engine.clone(), 64);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
        let secs = r.info.time.as_secs_f64();
        all_nodes += r.info.nodes;
        all_secs += secs;
        let best = r
            .best
            .map_or("-".to_string(), |m| move_text(&engine, &pos, m));
        println!(
            "{:<17} {:<5} depth {:>2} nodes {:>10} time {:>7.3} s {:>7.0} knps  best {:<6} score {}",
            file,
            if fen == "-" { "start" } else { "mid" },
            depth,
            r.info.nodes,
            secs,
            r.info.nodes as f64 / secs.max(1e-6) / 1e3,
            best,
            r.info.score
        );
    }
    println!(
        "total nodes {} time {:.3} s {:.0} knps",
        all_nodes,
        all_secs,
        all_nodes as f64 / all_secs.max(1e-6) / 1e3
    );
}
