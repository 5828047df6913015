//! `chimera render FILE [--fen FEN] [--moves SQUARE] [--piece NAME] -o OUT`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition file.
    pub file: PathBuf,
    /// Position to draw (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Overlay the legal moves of the piece on this square.
    #[arg(long)]
    pub moves: Option<String>,
    /// Draw this piece's movement diagram on an empty board instead of a position.
    #[arg(long)]
    pub piece: Option<String>,
    /// Output file: `.svg`, or `.png` to rasterise.
    #[arg(short, long)]
    pub output: PathBuf,
}

/// Runs `chimera render`.
pub fn run(args: Args) -> ExitCode {
    let _ = args;
    ExitCode::FAILURE
}
