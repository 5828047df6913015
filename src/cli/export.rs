//! `chimera export fsf FILE.variant [--approximate] [--section NAME]`.

use crate::compile::check_named;
use crate::interop::export::{export, section_name};
use crate::interop::locate::Sources;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// The formats `chimera export` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Format {
    /// A Fairy-Stockfish `variants.ini` section.
    Fsf,
}

/// Arguments of `chimera export`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to write.
    pub format: Format,
    /// The definition file.
    pub file: PathBuf,
    /// Write what Fairy-Stockfish cannot state as an approximation (with comments) and exit 0.
    #[arg(long)]
    pub approximate: bool,
    /// The section name (default: the variant's name in lower case).
    #[arg(long)]
    pub section: Option<String>,
}

/// Runs `chimera export`: the section on stdout; what cannot be stated on stderr, one line each
/// as `file:line:column: ...`; exit 1 when anything cannot be stated, unless `--approximate`.
pub fn run(args: Args) -> ExitCode {
    let rules = match check_named(&args.file) {
        Ok(c) => c.rules,
        Err(d) => {
            // As `check` prints it: miette's drawing on a terminal, plain lines otherwise.
            if std::io::stderr().is_terminal() {
                eprint!("{:?}", miette::Report::new(d));
            } else {
                eprint!("{}", d.render_plain());
            }
            return ExitCode::FAILURE;
        }
    };
    let Format::Fsf = args.format;
    let section = args.section.unwrap_or_else(|| section_name(&rules.name));
    let out = export(&rules, &section);
    let sources = Sources::read(&args.file);
    let name = args.file.display().to_string();
    for p in &out.problems {
        let at = sources
            .locate(&p.subject)
            .map(|l| format!("{}:{}:{}", l.file, l.line, l.column))
            .unwrap_or_else(|| name.clone());
        eprintln!("{at}: Fairy-Stockfish cannot state: {}", p.message);
    }
    if out.problems.is_empty() || args.approximate {
        print!("{}", out.text);
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "{name}: {} rule{} Fairy-Stockfish cannot state; nothing written",
            out.problems.len(),
            if out.problems.len() == 1 { "" } else { "s" }
        );
        eprintln!("help: `--approximate` writes the section anyway, with these as comments");
        ExitCode::FAILURE
    }
}
