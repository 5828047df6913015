//! `chimera import FILE.ini [SECTION...] -o DIR [--strict]`.

use crate::interop::import::import_section;
use crate::interop::ini::IniFile;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera import`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A Fairy-Stockfish `variants.ini` file.
    pub file: PathBuf,
    /// Sections to import (default: all).
    pub sections: Vec<String>,
    /// Directory for the `.variant` files (created if missing).
    #[arg(short = 'o', long = "out")]
    pub out: PathBuf,
    /// Skip a section with keys that cannot be converted instead of writing it without them.
    #[arg(long)]
    pub strict: bool,
}

/// Runs `chimera import`: one `.variant` file per section; per section a line on stdout
/// (`imported`, `imported with omissions`, `refused`), each key not converted on stderr as
/// `file:line: ...`, and a count at the end. Exit 1 when a section was refused or not found.
pub fn run(args: Args) -> ExitCode {
    let name = args.file.display().to_string();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read `{name}`: {e}");
            return ExitCode::FAILURE;
        }
    };
    let ini = IniFile::parse(&text);
    for m in &ini.malformed {
        eprintln!(
            "{name}:{}: not a section or `key = value` line: {}",
            m.line, m.text
        );
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("error: cannot create `{}`: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    let wanted: Vec<String> = if args.sections.is_empty() {
        let mut seen = Vec::new();
        for s in &ini.sections {
            if !seen.contains(&s.name) {
                seen.push(s.name.clone());
            }
        }
        seen
    } else {
        args.sections.clone()
    };
    let (mut ok, mut partial, mut refused) = (0, 0, 0);
    for sec in &wanted {
        let r = import_section(&ini, sec);
        for o in &r.omissions {
            let at = o
                .line
                .map(|l| format!("{name}:{l}"))
                .unwrap_or_else(|| format!("{name}:{} (from the built-in parent)", r.line));
            eprintln!(
                "{at}: [{sec}] `{} = {}` not converted: {}",
                o.key, o.value, o.why
            );
        }
        let status = match (&r.refused, &r.source) {
            (Some(why), _) => {
                refused += 1;
                format!("refused: {why}")
            }
            (None, Some(_)) if args.strict && !r.omissions.is_empty() => {
                refused += 1;
                format!(
                    "refused (--strict): {} keys not converted",
                    r.omissions.len()
                )
            }
            (None, Some(src)) => {
                let file = args.out.join(format!("{}.variant", file_stem(sec)));
                if let Err(e) = std::fs::write(&file, src) {
                    eprintln!("error: cannot write `{}`: {e}", file.display());
                    return ExitCode::FAILURE;
                }
                if r.omissions.is_empty() {
                    ok += 1;
                    format!("imported: {}", file.display())
                } else {
                    partial += 1;
                    format!(
                        "imported with {} omission{}: {}",
                        r.omissions.len(),
                        if r.omissions.len() == 1 { "" } else { "s" },
                        file.display()
                    )
                }
            }
            (None, None) => {
                refused += 1;
                "refused".to_string()
            }
        };
        println!("[{sec}] {status}");
    }
    println!("{ok} imported, {partial} imported with omissions, {refused} refused");
    if refused > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A file name for a section name: letters, digits, `-` and `_` kept, the rest `_`.
fn file_stem(section: &str) -> String {
    section
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
