//! `chimera check FILE... [--json]`.

use crate::compile::check_named;
use crate::diagnostics::Code;
use crate::diagnostics::{Diagnostics, SourceError, SourceFile};
use crate::engine::Engine;
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
    /// Exit with status 1 when any file has a warning (warnings alone exit 0).
    #[arg(long)]
    pub deny_warnings: bool,
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

/// The report for a definition the compiler accepts but the engine cannot play, located at the
/// start of the file (the engine's limits are not tied to one place in it).
fn engine_refusal(name: &str, why: &str) -> Diagnostics {
    let text = std::fs::read_to_string(name).unwrap_or_default();
    let src = SourceFile::new(name, text);
    let e = SourceError::new(
        Code::Engine,
        &src,
        0,
        0,
        format!("the engine cannot play this definition: {why}"),
    )
    .with_label("this definition")
    .with_help("stay within the engine's limits (grammar/README.md, \"Checks and defaults\")");
    Diagnostics::new(name, vec![e])
}

/// Runs `chimera check`: a summary line (or the JSON rule set) per valid file on stdout, the
/// diagnostics of invalid ones and the warnings on stderr; exit 1 when any file is invalid, or
/// has a warning under `--deny-warnings`.
pub fn run(args: Args) -> ExitCode {
    let mut ok = true;
    let mut warned = false;
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let colour = stderr.is_terminal();
    let report = |diags: Diagnostics| {
        let text = if colour {
            format!("{:?}", miette::Report::new(diags))
        } else {
            diags.render_plain()
        };
        let _ = write!(stderr.lock(), "{text}");
    };
    for path in &args.files {
        let name = path.display().to_string();
        // A valid definition is one the engine can play: the engine has limits of its own (how
        // many piece kinds it holds), so it is built too.
        let engine = match check_named(path) {
            Ok(checked) => {
                if !checked.warnings.is_empty() {
                    warned = true;
                    report(Diagnostics::warnings(&name, checked.warnings));
                }
                Engine::new(checked.rules)
            }
            Err(diags) => {
                ok = false;
                report(diags);
                continue;
            }
        };
        let rules = match &engine {
            Ok(engine) => engine.rules(),
            Err(e) => {
                ok = false;
                report(engine_refusal(&name, &e.to_string()));
                continue;
            }
        };
        let line = if args.json {
            match serde_json::to_string_pretty(rules) {
                Ok(j) => j,
                Err(e) => {
                    ok = false;
                    let _ = writeln!(stderr.lock(), "{name}: cannot write JSON: {e}");
                    continue;
                }
            }
        } else {
            summary(&name, rules)
        };
        let _ = writeln!(stdout.lock(), "{line}");
    }
    if ok && !(warned && args.deny_warnings) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
