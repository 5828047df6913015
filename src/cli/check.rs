//! `chimera check FILE... [--json]`.

use crate::compile::compile_file;
use crate::rules::RuleSet;
use std::io::{IsTerminal, Write};
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

/// One line describing a valid definition: `chess.variant: Chess, 8x8, 6 piece kinds, royal: King`.
pub fn summary(file: &str, rules: &RuleSet) -> String {
    let royals: Vec<&str> = rules
        .royal_kinds()
        .map(|k| rules.piece(k).name.as_str())
        .collect();
    let royal = if royals.is_empty() {
        "none".to_string()
    } else {
        royals.join(", ")
    };
    let n = rules.pieces.len();
    format!(
        "{file}: {}, {}x{}, {n} piece kind{}, royal: {royal}",
        rules.name,
        rules.board.dims.files,
        rules.board.dims.ranks,
        if n == 1 { "" } else { "s" }
    )
}

/// Runs `chimera check`: a summary line (or the JSON rule set) per valid file on stdout, the
/// diagnostics of invalid ones on stderr; exit 1 when any file is invalid.
pub fn run(args: Args) -> ExitCode {
    let mut ok = true;
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let colour = stderr.is_terminal();
    for path in &args.files {
        let name = path.display().to_string();
        match compile_file(path) {
            Ok(rules) => {
                let line = if args.json {
                    match serde_json::to_string_pretty(&rules) {
                        Ok(j) => j,
                        Err(e) => {
                            ok = false;
                            let _ = writeln!(stderr.lock(), "{name}: cannot write JSON: {e}");
                            continue;
                        }
                    }
                } else {
                    summary(&name, &rules)
                };
                let _ = writeln!(stdout.lock(), "{line}");
            }
            Err(diags) => {
                ok = false;
                let text = if colour {
                    format!("{:?}", miette::Report::new(diags))
                } else {
                    diags.render_plain()
                };
                let _ = write!(stderr.lock(), "{text}");
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
