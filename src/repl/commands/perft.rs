//! Counting the move tree: `perft`, `divide`.

use super::Args;
use crate::engine::{Move, MAX_PERFT_DEPTH};
use crate::notation;
use crate::repl::{parse, ReplError, Result, Session};
use std::sync::atomic::Ordering;

/// Reads a perft depth, refusing more than the engine counts.
pub(super) fn perft_depth(text: &str) -> Result<u32> {
    let depth = parse::number(text, "the depth")?;
    match u32::try_from(depth) {
        Ok(d) if d <= MAX_PERFT_DEPTH => Ok(d),
        _ => Err(ReplError::new(format!(
            "depth {text} is too deep; perft counts at most {MAX_PERFT_DEPTH} plies"
        ))
        .with_help("for example `perft 4`; deep counts take long: Ctrl-C stops one")),
    }
}

impl Session {
    /// Runs divide, reporting progress to the front end and interruptible through the cancel flag.
    fn run_divide(&self, depth: u32) -> Result<Vec<(Move, u64)>> {
        let l = self.loaded()?;
        self.cancel.store(false, Ordering::SeqCst);
        let mut progress = |done: usize, total: usize| {
            self.report(|p| p.perft(depth, done, total));
        };
        let res = l.engine.divide_parallel(
            l.game.position(),
            depth,
            self.perft_threads,
            &self.cancel,
            &mut progress,
        );
        self.report(|p| p.finish());
        res.ok_or_else(|| ReplError::new(format!("perft {depth} interrupted; nothing was counted")))
    }

    pub(super) fn perft(&mut self, args: &Args) -> Result<String> {
        self.perft_command(&args.words, false)
    }

    pub(super) fn divide(&mut self, args: &Args) -> Result<String> {
        self.perft_command(&args.words, true)
    }

    fn perft_command(&self, args: &[&str], divide: bool) -> Result<String> {
        let name = if divide { "divide" } else { "perft" };
        let [d] = args else {
            return Err(ReplError::new(format!("`{name}` needs a depth"))
                .with_help(format!("for example `{name} 3`")));
        };
        let depth = perft_depth(d)?;
        let l = self.loaded()?;
        if depth == 0 {
            if divide {
                return Err(ReplError::new("divide needs a depth of at least 1")
                    .with_help("for example `divide 1`"));
            }
            return Ok("Nodes searched: 1".into());
        }
        let res = self.run_divide(depth)?;
        let total: u64 = res.iter().map(|(_, n)| n).sum();
        let mut out = String::new();
        if divide {
            let pos = l.game.position();
            for (m, n) in &res {
                out.push_str(&format!(
                    "{}: {n}\n",
                    notation::move_text(&l.engine, pos, *m)
                ));
            }
        }
        out.push_str(&format!("Nodes searched: {total}"));
        Ok(out)
    }

    pub(super) fn perft_count(&self, depth: u32) -> Result<u64> {
        if depth == 0 {
            self.loaded()?;
            return Ok(1);
        }
        Ok(self.run_divide(depth)?.iter().map(|(_, n)| n).sum())
    }
}
