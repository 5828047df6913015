//! `chimera xboard [FILE...]` and `chimera uci [FILE...]`: a GUI talks to the engine on
//! standard input and output.

use crate::protocol::{uci, xboard, Catalog};
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera xboard` and `chimera uci`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition files to play (or folders of them); each is named by its file name.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Which protocol to speak.
#[derive(Clone, Copy, Debug)]
pub enum Protocol {
    /// CECP version 2 (XBoard, WinBoard).
    Xboard,
    /// UCI with Fairy-Stockfish's variant options.
    Uci,
}

/// Loads the definitions, then speaks the protocol until `quit` or the end of input.
pub fn run(args: Args, protocol: Protocol) -> ExitCode {
    let catalog = match Catalog::load(&args.files) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let input = BufReader::new(io::stdin());
    let output = Box::new(io::stdout());
    match protocol {
        Protocol::Xboard => xboard::run(catalog, input, output),
        Protocol::Uci => uci::run(catalog, input, output),
    }
    ExitCode::SUCCESS
}
