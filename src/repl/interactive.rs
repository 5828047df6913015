//! The interactive loop: rustyline line editing, history across sessions, completion, Ctrl-C.

use super::completion::ReplHelper;
use super::script::execute_guarded;
use super::Session;
use rustyline::config::Config;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Editor};
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
    session.set_progress(true);

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
