//! `chimera list`: the shipped definitions, one line each.

use crate::shipped;
use std::process::ExitCode;

/// The lines `chimera list` prints: each shipped definition's name (what `chimera repl NAME`
/// takes) and what it is.
pub fn lines() -> Vec<String> {
    let width = shipped::all().map(|s| s.name.len()).max().unwrap_or(0);
    shipped::all()
        .map(|s| format!("{:<width$}  {}", s.name, shipped::describe(&s)))
        .collect()
}

/// Runs `chimera list`.
pub fn run() -> ExitCode {
    for l in lines() {
        println!("{l}");
    }
    ExitCode::SUCCESS
}
