//! `chimera perft`, `chimera divide` and `chimera bench`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera perft` and `chimera divide`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Definition file.
    pub file: PathBuf,
    /// Depth in plies.
    pub depth: u32,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
}

/// Arguments of `chimera bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Definition files with depths, as FILE:DEPTH.
    pub targets: Vec<String>,
}

/// Runs perft (or divide).
pub fn run_perft(args: PerftArgs, divide: bool) -> ExitCode {
    let _ = (args, divide);
    ExitCode::FAILURE
}

/// Runs the benchmark.
pub fn run_bench(args: BenchArgs) -> ExitCode {
    let _ = args;
    ExitCode::FAILURE
}
