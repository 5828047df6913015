//! `chimera perft`, `chimera divide` and `chimera bench`.

use crate::compile::check_named;
use crate::engine::{default_perft_threads, Engine, Position, MAX_PERFT_DEPTH, MAX_PERFT_THREADS};
use crate::notation::{move_text, parse_fen};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `chimera perft` and `chimera divide`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Definition file.
    pub file: PathBuf,
    /// Depth in plies (at most 30).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    pub depth: u32,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Threads to count on (1 to 256; default: one per core). The counts do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_PERFT_THREADS as u64))]
    pub threads: Option<u64>,
}

/// The thread count asked for, else one per core.
pub fn threads_or_cores(threads: Option<u64>) -> usize {
    threads.map_or_else(default_perft_threads, |n| n as usize)
}

/// Arguments of `chimera bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Definition files with depths and optionally the expected node count, as `FILE:DEPTH[:NODES]`
    /// (`cargo bench` runs the standard set).
    #[arg(required = true)]
    pub targets: Vec<String>,
}

/// Loads a definition and builds its engine, printing diagnostics on failure.
pub fn load_engine(file: &Path) -> Result<Engine, ExitCode> {
    let rules = check_named(file).map(|c| c.rules).map_err(|d| {
        eprintln!("{:?}", miette::Report::new(d));
        ExitCode::FAILURE
    })?;
    Engine::new(rules).map_err(|e| {
        eprintln!("error: {}: {}", file.display(), e);
        ExitCode::FAILURE
    })
}

/// Reads `--fen`, printing a labelled diagnostic on failure.
pub fn load_position(engine: &Engine, fen: Option<&str>) -> Result<Position, ExitCode> {
    match fen {
        None => Ok(engine.start_position()),
        Some(f) => parse_fen(engine, f).map_err(|e| {
            eprintln!("{:?}", e.report("--fen"));
            ExitCode::FAILURE
        }),
    }
}

/// Runs perft (or divide).
pub fn run_perft(args: PerftArgs, divide: bool) -> ExitCode {
    let engine = match load_engine(&args.file) {
        Ok(e) => e,
        Err(c) => return c,
    };
    let pos = match load_position(&engine, args.fen.as_deref()) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let threads = threads_or_cores(args.threads);
    let start = Instant::now();
    // A reader that stops early (`| head`) closes the pipe: the output then ends quietly.
    let mut out = std::io::stdout().lock();
    let nodes = if divide && args.depth > 0 {
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let rows = engine
            .divide_parallel(&pos, args.depth, threads, &cancel, &mut |_, _| {})
            .unwrap_or_default();
        let mut total = 0;
        for (mv, n) in rows {
            if writeln!(out, "{}: {}", move_text(&engine, &pos, mv), n).is_err() {
                return ExitCode::SUCCESS;
            }
            total += n;
        }
        total
    } else {
        engine.perft_parallel(&pos, args.depth, threads)
    };
    let secs = start.elapsed().as_secs_f64();
    if writeln!(out, "Nodes searched: {}", nodes)
        .and_then(|_| out.flush())
        .is_err()
    {
        return ExitCode::SUCCESS;
    }
    eprintln!(
        "time {:.3} s, {:.2} million nodes/s, {} thread{}",
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6,
        threads,
        if threads == 1 { "" } else { "s" }
    );
    ExitCode::SUCCESS
}

/// Runs the benchmark: perft on each target, printing nodes per second and checking the count.
pub fn run_bench(args: BenchArgs) -> ExitCode {
    let mut ok = true;
    for t in args.targets {
        let parts: Vec<&str> = t.rsplitn(3, ':').collect();
        let parsed = match parts.as_slice() {
            [n, d, f] if n.parse::<u64>().is_ok() => d
                .parse::<u32>()
                .ok()
                .map(|d| (PathBuf::from(f), d, n.parse::<u64>().ok())),
            [d, f] | [d, f, _] => {
                // FILE:DEPTH, or a path that itself contains a colon.
                let file = if parts.len() == 3 {
                    format!("{}:{}", parts[2], f)
                } else {
                    f.to_string()
                };
                d.parse::<u32>()
                    .ok()
                    .map(|d| (PathBuf::from(file), d, None))
            }
            _ => None,
        };
        let Some((file, depth, expected)) = parsed else {
            eprintln!("error: `{}` is not FILE:DEPTH[:NODES]", t);
            return ExitCode::FAILURE;
        };
        if depth > MAX_PERFT_DEPTH {
            eprintln!("error: `{t}`: depth {depth} is too deep; perft counts at most {MAX_PERFT_DEPTH} plies");
            return ExitCode::FAILURE;
        }
        let engine = match load_engine(&file) {
            Ok(e) => e,
            Err(c) => return c,
        };
        let pos = engine.start_position();
        let start = Instant::now();
        let nodes = engine.perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        let line = format!(
            "{:<36} depth {} nodes {:>11} time {:>7.3} s {:>7.2} million nodes/s",
            file.display(),
            depth,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9) / 1e6
        );
        if writeln!(std::io::stdout(), "{line}").is_err() {
            return ExitCode::SUCCESS;
        }
        if let Some(n) = expected {
            if n != nodes {
                eprintln!(
                    "error: {} depth {}: expected {} nodes, counted {}",
                    file.display(),
                    depth,
                    n,
                    nodes
                );
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
