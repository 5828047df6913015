//! `chimera check FILE... [--json]`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print the compiled rule set as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `chimera check`.
pub fn run(args: Args) -> ExitCode {
    let _ = args;
    ExitCode::FAILURE
}
