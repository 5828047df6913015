//! `chimera pgn FILE.variant GAME.pgn`: checks that every move of every game in a PGN file is legal.

use crate::compile::check_named;
use crate::diagnostics::Code;
use crate::diagnostics::{Diagnostics, SourceError, SourceFile};
use crate::engine::Engine;
use crate::notation::pgn::{read_pgn, MAX_BYTES};
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `chimera pgn`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition file of the variant the games are played in.
    pub variant: PathBuf,
    /// PGN file (one or more games).
    pub pgn: PathBuf,
}

/// Reads a file of at most `limit` bytes as text.
fn read_bounded(path: &PathBuf, limit: usize) -> Result<String, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{}: {}", path.display(), e))?;
    let mut bytes = Vec::new();
    f.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{}: {}", path.display(), e))?;
    if bytes.len() > limit {
        return Err(format!(
            "{}: larger than {} bytes; split it into smaller files",
            path.display(),
            limit
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 text (byte {} is not valid)",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// The check's report: one line per game on success, a located diagnostic for the first bad move.
pub fn check(args: &Args) -> Result<String, String> {
    let rules = check_named(&args.variant)
        .map_err(|d| d.render_plain())?
        .rules;
    let engine = Engine::new(rules).map_err(|e| format!("{}: {}", args.variant.display(), e))?;
    let text = read_bounded(&args.pgn, MAX_BYTES)?;
    let name = args.pgn.display().to_string();
    let games = read_pgn(&engine, &text).map_err(|e| {
        let src = SourceFile::new(name.clone(), text.clone());
        let err = SourceError::new(Code::Pgn, &src, e.offset, e.offset + e.len, e.message)
            .with_label("here")
            .with_help_opt(e.help);
        let diags = Diagnostics::new(&name, vec![err]);
        if std::io::stderr().is_terminal() {
            format!("{:?}", miette::Report::new(diags))
        } else {
            diags.render_plain()
        }
    })?;
    let mut out = String::new();
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase()
    };
    for (i, g) in games.iter().enumerate() {
        let who = match (g.tag("White"), g.tag("Black")) {
            (Some(w), Some(b)) => format!(", {w} - {b}"),
            _ => String::new(),
        };
        out.push_str(&format!(
            "game {}: {} moves, result {}{}\n",
            i + 1,
            g.moves.len(),
            g.result.as_deref().unwrap_or("not given"),
            who
        ));
        if let Some(v) = g.tag("Variant") {
            if norm(v) != norm(&engine.rules().name) {
                out.push_str(&format!(
                    "  note: its Variant tag is \"{}\"; checked as {}\n",
                    v,
                    engine.rules().name
                ));
            }
        }
    }
    out.push_str(&format!(
        "{}: {} game{}, every move legal in {}\n",
        name,
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        engine.rules().name
    ));
    Ok(out)
}

/// Runs `chimera pgn`: exit 0 when every move of every game is legal, else 1 with the first fault.
pub fn run(args: Args) -> ExitCode {
    match check(&args) {
        Ok(text) => {
            let _ = write!(std::io::stdout().lock(), "{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            let _ = writeln!(std::io::stderr().lock(), "{}", text.trim_end());
            ExitCode::FAILURE
        }
    }
}
