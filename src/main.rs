//! The `chimera` command line: each subcommand lives in its own module under `src/cli/`.

use chimera::cli;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "chimera",
    version,
    about = "Chess-variant definitions: check, play, perft, render"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate definition files; print one summary line per valid file.
    Check(cli::check::Args),
    /// Count the leaf nodes of the legal move tree.
    Perft(cli::perft::PerftArgs),
    /// Perft per root move.
    Divide(cli::perft::PerftArgs),
    /// Nodes per second on the start positions of some definitions.
    Bench(cli::perft::BenchArgs),
    /// Interactive session (or script) on a variant.
    Repl(cli::repl::Args),
    /// Draw a position or a piece's moves as SVG or PNG.
    Render(cli::render::Args),
    /// Write a definition in another program's format (Fairy-Stockfish `variants.ini`).
    Export(cli::export::Args),
    /// Play through the XBoard/WinBoard protocol (CECP 2) on standard input and output.
    Xboard(cli::protocol::Args),
    /// Play through the UCI protocol (with Fairy-Stockfish's UCI_Variant) on standard input and output.
    Uci(cli::protocol::Args),
    /// Convert Fairy-Stockfish variants.ini sections into definition files.
    Import(cli::import::Args),
    /// Check a PGN file: every move of every game legal in the variant.
    Pgn(cli::pgn::Args),
    /// The rules sheet of a definition: every piece, move, zone and rule in words.
    Rules(cli::rules::Args),
    /// List the definitions built into chimera (usable by name from any folder).
    List,
    /// Self-play statistics of definitions side by side: balance, draws, length, branching, values.
    Analyze(cli::analyze::Args),
    /// Studies as files, for many machines: new, run a shard (resumable), report, status.
    Study(cli::study::Args),
    /// Engine-versus-engine games refereed by a definition: Chimera, UCI and CECP engines.
    Match(cli::matches::Args),
    /// Fit the evaluation's weights to self-play (or PGN) results; writes FILE.weights beside it.
    Tune(cli::tune::Args),
    /// Rewrite definitions in the canonical layout (`--check`: only report unformatted files).
    Fmt(cli::fmt::Args),
    /// The language server for editors (Language Server Protocol on standard input and output).
    Lsp,
    /// The studio in the browser: board, moves, editor and computer on a local web page.
    #[cfg(feature = "web")]
    Serve(cli::serve::Args),
    /// Write a static page of a variant (rules, clickable start position, piece explorer).
    #[cfg(feature = "web")]
    Publish(cli::serve::PublishArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check(a) => cli::check::run(a),
        Command::Perft(a) => cli::perft::run_perft(a, false),
        Command::Divide(a) => cli::perft::run_perft(a, true),
        Command::Bench(a) => cli::perft::run_bench(a),
        Command::Repl(a) => cli::repl::run(a),
        Command::Render(a) => cli::render::run(a),
        Command::Export(a) => cli::export::run(a),
        Command::Xboard(a) => cli::protocol::run(a, cli::protocol::Protocol::Xboard),
        Command::Uci(a) => cli::protocol::run(a, cli::protocol::Protocol::Uci),
        Command::Import(a) => cli::import::run(a),
        Command::Pgn(a) => cli::pgn::run(a),
        Command::Rules(a) => cli::rules::run(a),
        Command::List => cli::list::run(),
        Command::Analyze(a) => cli::analyze::run(a),
        Command::Study(a) => cli::study::run(a),
        Command::Match(a) => cli::matches::run(a),
        Command::Tune(a) => cli::tune::run(a),
        Command::Fmt(a) => cli::fmt::run(a),
        Command::Lsp => match chimera::lsp::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("chimera lsp: {e}");
                ExitCode::FAILURE
            }
        },
        #[cfg(feature = "web")]
        Command::Serve(a) => cli::serve::run(a),
        #[cfg(feature = "web")]
        Command::Publish(a) => cli::serve::publish(a),
    }
}
