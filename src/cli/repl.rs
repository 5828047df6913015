//! `chimera repl [FILE] [--script SCRIPT] [--keep-going] [--ascii]`.

use crate::repl::script::{run_script, ScriptOptions};
use crate::repl::{interactive, BoardStyle, Session};
use std::io::{self, BufReader, IsTerminal};
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
    /// Draw boards with ASCII characters only.
    #[arg(long)]
    pub ascii: bool,
}

/// Runs the REPL: a script (`--script`, or commands piped to standard input) or the interactive loop.
pub fn run(args: Args) -> ExitCode {
    let mut session = Session::new();
    if args.ascii {
        session.set_style(BoardStyle::Ascii);
    }
    let interactive = args.script.is_none() && io::stdin().is_terminal();
    if let Some(script) = &args.script {
        if let Some(dir) = script.parent() {
            session.add_search_dir(dir);
        }
    }
    if let Some(file) = &args.file {
        match session.load(file) {
            Ok(msg) if interactive => println!("{msg}"),
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {e}");
                if !interactive {
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    if interactive {
        return interactive::run(&mut session);
    }
    let opts = ScriptOptions {
        keep_going: args.keep_going,
    };
    let stdout = io::stdout();
    let stderr = io::stderr();
    let result = match &args.script {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => run_script(
                &mut session,
                &path.display().to_string(),
                &mut BufReader::new(f),
                &mut stdout.lock(),
                &mut stderr.lock(),
                opts,
            ),
            Err(e) => {
                eprintln!("error: cannot read the script {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => run_script(
            &mut session,
            "<stdin>",
            &mut io::stdin().lock(),
            &mut stdout.lock(),
            &mut stderr.lock(),
            opts,
        ),
    };
    match result {
        Ok(report) if report.ok() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
