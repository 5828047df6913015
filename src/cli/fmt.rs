//! `chimera fmt FILE... [--check]`: rewrites definitions in the canonical layout
//! ([`crate::format_definition`]).

use crate::syntax::format::{format, FormatError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `chimera fmt`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition files, or folders (every `.variant` file in them).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Change nothing; list the files that are not formatted and exit 1 if there is one.
    #[arg(long)]
    pub check: bool,
}

/// The definition files named: files as given, folders expanded to their `.variant` files
/// (sorted, not recursive).
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "variant"))
                .collect();
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Formats one file: `Ok(true)` when it was (or, with `check`, would be) changed.
fn one(path: &Path, check: bool) -> Result<bool, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let formatted = match format(&text) {
        Ok(f) => f,
        Err(FormatError::Syntax(errors)) => {
            let first = errors.first();
            let (line, col) = first
                .map(|e| crate::diagnostics::line_col(&text, e.span.start))
                .unwrap_or((1, 1));
            let msg = first.map_or("syntax error", |e| e.message.as_str());
            return Err(format!(
                "{name}:{line}:{col}: {msg} (run `chimera check {name}`; only a definition without syntax errors is formatted)"
            ));
        }
        Err(e) => return Err(format!("{name}: {e}")),
    };
    if formatted == text {
        return Ok(false);
    }
    if !check {
        std::fs::write(path, &formatted).map_err(|e| format!("{name}: cannot write: {e}"))?;
    }
    Ok(true)
}

/// Runs `chimera fmt`: exit 1 when a file cannot be read or parsed, or with `--check` when a file
/// is not formatted.
pub fn run(args: Args) -> ExitCode {
    let files = match expand(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut ok = true;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for f in &files {
        match one(f, args.check) {
            Ok(true) if args.check => {
                let _ = writeln!(out, "{}: not formatted", f.display());
                ok = false;
            }
            Ok(true) => {
                let _ = writeln!(out, "{}: formatted", f.display());
            }
            Ok(false) => {}
            Err(e) => {
                eprintln!("{e}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
