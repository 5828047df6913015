//! The interactive loop: rustyline line editing, history across sessions, completion, Ctrl-C.

use super::commands::{self, Command};
use super::completion::CompletionContext;
use super::script::execute_guarded;
use super::Session;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::config::Config;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Editor};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Where the command history is kept: `CHIMERA_HISTORY` if set, else the user's data directory.
pub fn history_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHIMERA_HISTORY") {
        return Some(PathBuf::from(p));
    }
    dirs::data_dir().map(|d| d.join("chimera").join("repl_history.txt"))
}

/// Runs the session on the terminal until `quit` or Ctrl-D.
pub fn run(session: &mut Session) -> ExitCode {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot use the terminal: {e}");
            return ExitCode::FAILURE;
        }
    };
    editor.set_helper(Some(ReplHelper::new()));
    let history = history_path();
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(h);
    }
    // Ctrl-C while a command runs stops a perft; at the prompt rustyline reads it as a key.
    let cancel = session.cancel_flag();
    let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::SeqCst));
    session.set_progress(Some(Box::new(Bars::default())));

    println!("Chimera: `help` lists the commands, Tab completes, Ctrl-D leaves.");
    loop {
        if let Some(h) = editor.helper_mut() {
            h.context = session.completion_context();
        }
        let line = match editor.readline(&session.prompt()) {
            Ok(l) => l,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: cannot read the terminal: {e}");
                return ExitCode::FAILURE;
            }
        };
        if !line.trim().is_empty() {
            let _ = editor.add_history_entry(line.as_str());
            if let Some(h) = &history {
                let _ = editor.save_history(h);
            }
        }
        match execute_guarded(session, &line) {
            Ok(out) if !out.is_empty() => println!("{}", super::printable(&out)),
            Ok(_) => {}
            Err(e) => eprintln!("error: {e}"),
        }
        if session.finished() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// Progress on the terminal: a bar over the root moves for perft from depth 6 on (shallower counts
/// end before a bar would help), a spinner with the current line for searches.
#[derive(Default)]
struct Bars {
    bar: Option<indicatif::ProgressBar>,
}

impl super::Progress for Bars {
    fn perft(&mut self, depth: u32, done: usize, total: usize) {
        if depth < 6 {
            return;
        }
        let b = self.bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new(0);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "perft {msg} [{bar:40}] {pos}/{len} root moves, {elapsed}",
            ) {
                b.set_style(style.progress_chars("=> "));
            }
            b.set_message(depth.to_string());
            b
        });
        b.set_length(total as u64);
        b.set_position(done as u64);
    }

    fn search(&mut self, line: &str) {
        let b = self.bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new_spinner();
            b.enable_steady_tick(std::time::Duration::from_millis(200));
            b
        });
        b.set_message(format!("{line} (Ctrl-C stops)"));
    }

    fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

/// The rustyline helper: completion from a [`CompletionContext`], plus file names after `load`.
#[derive(Helper, Hinter, Highlighter, Validator)]
pub struct ReplHelper {
    /// The current completion data.
    pub context: CompletionContext,
    files: FilenameCompleter,
}

impl ReplHelper {
    /// A helper with empty completion data.
    pub fn new() -> ReplHelper {
        ReplHelper {
            context: CompletionContext::default(),
            files: FilenameCompleter::new(),
        }
    }
}

impl Default for ReplHelper {
    fn default() -> Self {
        ReplHelper::new()
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, words) = self.context.candidates(line, pos);
        let mut pairs: Vec<Pair> = words
            .into_iter()
            .map(|w| Pair {
                display: w.clone(),
                replacement: w,
            })
            .collect();
        let first = line
            .split_whitespace()
            .next()
            .and_then(commands::find)
            .map(|c| c.command);
        if matches!(first, Some(Command::Load | Command::Save | Command::Open))
            && line[..pos.min(line.len())].split_whitespace().count() >= 1
            && line[..start].trim() != ""
        {
            if let Ok((fstart, fpairs)) = self.files.complete(line, pos, ctx) {
                if fstart == start {
                    for p in fpairs {
                        if !pairs.iter().any(|q| q.replacement == p.replacement) {
                            pairs.push(p);
                        }
                    }
                }
            }
        }
        Ok((start, pairs))
    }
}
