//! Pictures: SVG and PNG diagrams of positions, zones and piece moves.
//! `chimera render FILE [--fen FEN] [--moves SQUARE] [--last MOVE] [--piece NAME [--at SQUARE]] -o OUT`.

use crate::compile::check_named;
use crate::engine::Engine;
use crate::notation::parse_fen;
use crate::render::{self, RenderOptions};
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
    /// Mark the last move played, by its squares (`e2e4`, `P@e4`); with --fen, the move that
    /// led to that position.
    #[arg(long)]
    pub last: Option<String>,
    /// Draw this piece's movement diagram (name or FEN letter) on an empty board instead of a position.
    #[arg(long)]
    pub piece: Option<String>,
    /// With --piece: the square to put the piece on (default: chosen to show the most moves).
    #[arg(long)]
    pub at: Option<String>,
    /// Output file: `.svg`, or `.png` to rasterise.
    #[arg(short, long)]
    pub output: PathBuf,
}

/// Runs `chimera render`: prints the error and exits 1 on any bad input.
pub fn run(args: Args) -> ExitCode {
    match render_to_file(&args) {
        Ok(()) => {
            let size = std::fs::metadata(&args.output)
                .map(|m| m.len())
                .unwrap_or(0);
            let what = if args.piece.is_some() {
                "a movement diagram"
            } else {
                "the position"
            };
            println!("wrote {} ({what}, {size} bytes)", args.output.display());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Draws what the arguments ask for and writes it; errors come back as printable text.
fn render_to_file(args: &Args) -> Result<(), String> {
    let rules = check_named(&args.file)
        .map(|c| c.rules)
        .map_err(|d| format!("{:?}", miette::Report::new(d)))?;
    let engine = Engine::new(rules).map_err(|e| format!("error: {}: {e}", args.file.display()))?;
    let rules = engine.rules();
    let svg = match &args.piece {
        Some(name) => {
            if args.fen.is_some() || args.moves.is_some() || args.last.is_some() {
                return Err("error: --piece draws the piece alone on an empty board; --fen and --moves do not apply \
                            (use --at SQUARE to choose its square)"
                    .to_string());
            }
            let kind = render::find_piece(rules, name).map_err(|e| format!("error: {e}"))?;
            let at = args
                .at
                .as_deref()
                .map(|s| render::parse_square(rules, s))
                .transpose()
                .map_err(|e| format!("error: {e}"))?;
            render::render_piece(
                &engine,
                kind,
                &RenderOptions {
                    diagram_square: at,
                    ..Default::default()
                },
            )
        }
        None => {
            if args.at.is_some() {
                return Err(
                    "error: --at chooses the square of a --piece diagram; give --piece NAME too"
                        .to_string(),
                );
            }
            let pos = match &args.fen {
                Some(fen) => {
                    parse_fen(&engine, fen).map_err(|e| format!("{:?}", e.report("--fen")))?
                }
                None => engine.start_position(),
            };
            let moves_from = match &args.moves {
                Some(text) => {
                    let s = render::parse_square(rules, text).map_err(|e| format!("error: {e}"))?;
                    if pos.piece_at(s).is_none() {
                        return Err(format!(
                            "error: {}",
                            render::RenderError::NoPiece(rules.board.dims.name(s))
                        ));
                    }
                    Some(s)
                }
                None => None,
            };
            let last_move = args
                .last
                .as_deref()
                .map(|m| render::parse_last_move(rules, m))
                .transpose()
                .map_err(|e| format!("error: {e}"))?;
            render::render_position(
                &engine,
                &pos,
                &RenderOptions {
                    moves_from,
                    last_move,
                    ..Default::default()
                },
            )
        }
    };
    render::write_picture(&svg, &args.output).map_err(|e| format!("error: {e}"))
}
