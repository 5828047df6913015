//! `chimera repl [FILE] [--script SCRIPT] [--keep-going]`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera repl`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition file to open.
    pub file: Option<PathBuf>,
    /// Run the commands of this script instead of reading the terminal.
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// In a script, report errors and go on instead of stopping at the first.
    #[arg(long)]
    pub keep_going: bool,
}

/// Runs the REPL.
pub fn run(args: Args) -> ExitCode {
    let _ = args;
    ExitCode::FAILURE
}
