//! The REPL and script runner.
//!
//! [`Session`] is the command interpreter: a plain value that executes one command line and returns
//! its output or a [`ReplError`], and never prints. The interactive loop ([`interactive`], line
//! editing with rustyline) and the script runner ([`script`]) are thin layers over it. The
//! commands themselves (their table and handlers, one file per group) are in [`commands`], which
//! says how to add one.

pub mod board;
pub mod commands;
pub mod completion;
pub(crate) use crate::describe;
#[cfg(feature = "cli")]
pub mod interactive;
mod parse;
pub mod script;

pub use board::BoardStyle;
pub use commands::ComputerSides;
pub use completion::CompletionContext;

use crate::engine::{Engine, Game, Status};
use crate::notation;
use crate::rules::RuleSet;
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A command that failed: what was wrong, where (lines shown under the message), and what would be right.
/// The session is unchanged after an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplError {
    /// What was wrong, in one line.
    pub message: String,
    /// Lines that show the fault (a FEN with a caret under it, a diagnostic, the legal moves).
    pub context: Vec<String>,
    /// What would be right.
    pub help: Option<String>,
}

impl ReplError {
    /// An error with a message only.
    pub fn new(message: impl Into<String>) -> ReplError {
        ReplError {
            message: message.into(),
            context: Vec::new(),
            help: None,
        }
    }
    /// Adds what would be right.
    pub fn with_help(mut self, help: impl Into<String>) -> ReplError {
        self.help = Some(help.into());
        self
    }
    /// Adds a line that shows the fault.
    pub fn with_context(mut self, line: impl Into<String>) -> ReplError {
        self.context.push(line.into());
        self
    }
}

impl fmt::Display for ReplError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", shown(&self.message, 0))?;
        let mut lines = self.context.iter().peekable();
        while let Some(line) = lines.next() {
            match lines.peek().filter(|next| is_caret_line(next)) {
                // A line with a caret under it: both are cut to the same window around the caret.
                Some(marks) => {
                    let at = marks.chars().take_while(|&c| c == ' ').count();
                    let from = at.saturating_sub(MAX_SHOWN_CHARS / 3);
                    write!(f, "\n  {}", shown(line, from))?;
                    write!(f, "\n  {}", shown(marks, from))?;
                    lines.next();
                }
                None => write!(f, "\n  {}", shown(line, 0))?,
            }
        }
        if let Some(h) = &self.help {
            write!(f, "\n  help: {}", shown(h, 0))?;
        }
        Ok(())
    }
}

/// Most characters of one line of an error shown to the user; a longer line (a 1 MB bad line
/// quoted back) is cut, around the caret where it has one.
pub const MAX_SHOWN_CHARS: usize = 200;

/// Whether `line` is a caret line drawn by [`caret`].
fn is_caret_line(line: &str) -> bool {
    line.contains('^') && line.chars().all(|c| c == ' ' || c == '^')
}

/// Characters `from..` of a line, at most [`MAX_SHOWN_CHARS`] of them, made [`printable`]; `…`
/// marks what was cut at either end (a cut start becomes one `…` in place of one character, so
/// a caret line cut the same way stays aligned).
fn shown(line: &str, from: usize) -> String {
    let total = line.chars().count();
    let from = from.min(total);
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    let skip = if from > 0 { from + 1 } else { 0 };
    out.extend(line.chars().skip(skip).take(MAX_SHOWN_CHARS));
    if total > skip + MAX_SHOWN_CHARS {
        out.push('…');
    }
    printable(&out)
}

/// `text` as it is safe to show on a terminal: each control character other than a line break or
/// a tab becomes one visible character (C0 controls their Unicode control picture, `␛` for ESC;
/// DEL and C1 controls `�`), so input cannot send escape sequences to the terminal and carets
/// stay aligned.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\t' => c,
            '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
            '\u{7f}'..='\u{9f}' => '\u{fffd}',
            _ => c,
        })
        .collect()
}

impl std::error::Error for ReplError {}

type Result<T> = std::result::Result<T, ReplError>;

/// What a long command shows while it runs, supplied by the front end: the interactive loop draws
/// progress bars, scripts and tests show nothing. The session itself never prints.
pub trait Progress: Send {
    /// A perft or divide to `depth` has counted `done` of its `total` root moves.
    fn perft(&mut self, depth: u32, done: usize, total: usize);
    /// A search reports where it is (depth, score, nodes, speed, principal variation).
    fn search(&mut self, line: &str);
    /// The command has ended: take down whatever was shown.
    fn finish(&mut self);
}

/// The loaded variant and the game being played in it.
#[derive(Clone)]
struct Loaded {
    path: PathBuf,
    engine: Arc<Engine>,
    game: Game,
}

/// An interactive session: the loaded variant, the game, and display settings.
pub struct Session {
    loaded: Option<Loaded>,
    style: BoardStyle,
    cancel: Arc<AtomicBool>,
    /// Where long commands report their progress (none: they report nothing). A cell, because
    /// commands that only read the session still report.
    progress: RefCell<Option<Box<dyn Progress>>>,
    /// Threads `perft` and `divide` count on.
    perft_threads: usize,
    search_dirs: Vec<PathBuf>,
    quit: bool,
    /// The computer player's searcher, kept between searches of the same variant.
    searcher: Option<crate::search::Searcher>,
    /// Which sides the computer plays.
    computer: commands::ComputerSides,
    /// The PGN file last saved or opened: `save` may replace it without `--force`.
    record_file: Option<PathBuf>,
    /// The computer's thinking time per move when it plays a side.
    computer_time: std::time::Duration,
    /// Most nodes of any search, whatever the command asks (`None`: as asked).
    search_cap: Option<u64>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

/// Where shipped definitions live, relative to the working directory.
const DEFINITIONS_DIR: &str = "definitions";
/// The extension of definition files.
const EXTENSION: &str = "variant";

fn no_variant() -> ReplError {
    ReplError::new("no variant is loaded")
        .with_help("load one with `load FILE` (for example `load my-game` for definitions/my-game.variant); `variants` lists the shipped definitions")
}

/// Draws a caret line under `len` characters from `offset` of `text` (byte offsets).
fn caret(text: &str, offset: usize, len: usize) -> String {
    let offset = offset.min(text.len());
    let before = text
        .get(..offset)
        .map(|s| s.chars().count())
        .unwrap_or(offset);
    let width = text
        .get(offset..(offset + len).min(text.len()))
        .map(|s| s.chars().count())
        .unwrap_or(1)
        .max(1);
    format!("{}{}", " ".repeat(before), "^".repeat(width))
}

/// Joins words into lines of at most `width` characters, each indented by `indent`.
fn wrap(words: &[String], indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for w in words {
        if line.len() > indent.len() && line.len() + 1 + w.len() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(line.trim_end());
    out
}

impl Session {
    /// A session with no variant loaded, Unicode boards, no progress bars.
    pub fn new() -> Session {
        Session {
            loaded: None,
            style: BoardStyle::Unicode,
            cancel: Arc::new(AtomicBool::new(false)),
            progress: RefCell::new(None),
            perft_threads: crate::engine::default_perft_threads(),
            search_dirs: Vec::new(),
            quit: false,
            searcher: None,
            computer: commands::ComputerSides::Off,
            record_file: None,
            computer_time: commands::COMPUTER_TIME,
            search_cap: None,
        }
    }

    /// Caps every search this session runs (`go`, `hint`, the computer's moves, `expect best`)
    /// at `nodes` nodes, whatever its own limit, with a small hash table. For tests and fuzzing:
    /// a search bounded by the clock makes every run slow and its result depend on the machine,
    /// while a node count is cheap and repeatable.
    pub fn cap_searches(&mut self, nodes: u64) {
        self.search_cap = Some(nodes.max(1));
        self.searcher = None;
    }

    /// Sets the computer's thinking time per move when it plays a side (at least 10 ms, at most
    /// a minute).
    pub fn set_computer_time(&mut self, time: std::time::Duration) {
        self.computer_time = time.clamp(
            std::time::Duration::from_millis(10),
            std::time::Duration::from_secs(60),
        );
    }

    /// Which sides the computer plays.
    pub fn computer_sides(&self) -> commands::ComputerSides {
        self.computer
    }

    /// Lets the computer play `sides` from now on; when it is to move, it plays at once. What it
    /// played, if anything.
    pub fn set_computer_sides(&mut self, sides: commands::ComputerSides) -> Result<Option<String>> {
        self.loaded()?;
        self.computer = sides;
        self.computer_replies()
    }

    /// The file (or built-in name) the loaded variant came from.
    pub fn path(&self) -> Option<&Path> {
        self.loaded.as_ref().map(|l| l.path.as_path())
    }

    /// Sets how boards are drawn.
    pub fn set_style(&mut self, style: BoardStyle) {
        self.style = style;
    }

    /// Reports the progress of long perft runs and searches to `progress` (the interactive loop
    /// passes progress bars); `None` reports nothing.
    pub fn set_progress(&mut self, progress: Option<Box<dyn Progress>>) {
        self.progress = RefCell::new(progress);
    }

    /// Passes one report to the front end's [`Progress`], if it gave one.
    fn report(&self, f: impl FnOnce(&mut dyn Progress)) {
        if let Some(p) = self.progress.borrow_mut().as_deref_mut() {
            f(p);
        }
    }

    /// Sets the threads `perft` and `divide` count on (at least 1; default one per core).
    pub fn set_perft_threads(&mut self, threads: usize) {
        self.perft_threads = threads.clamp(1, crate::engine::MAX_PERFT_THREADS);
    }

    /// The flag that stops a running perft when set (by a Ctrl-C handler).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Adds a folder where `load` looks for definition files (a script's folder).
    pub fn add_search_dir(&mut self, dir: &Path) {
        if !self.search_dirs.iter().any(|d| d == dir) {
            self.search_dirs.push(dir.to_path_buf());
        }
    }

    /// Whether `quit` was given.
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// The prompt: the variant and the side to move, like `Chess (White)> `.
    pub fn prompt(&self) -> String {
        match &self.loaded {
            None => "chimera> ".to_string(),
            Some(l) => {
                let rules = l.engine.rules();
                let side = l.game.position().side_to_move();
                format!(
                    "{} ({}{})> ",
                    rules.name,
                    rules.players[side],
                    self.computer_note()
                )
            }
        }
    }

    /// The engine of the loaded variant.
    pub fn engine(&self) -> Option<&Arc<Engine>> {
        self.loaded.as_ref().map(|l| &l.engine)
    }

    /// The game in progress.
    pub fn game(&self) -> Option<&Game> {
        self.loaded.as_ref().map(|l| &l.game)
    }

    fn loaded(&self) -> Result<&Loaded> {
        self.loaded.as_ref().ok_or_else(no_variant)
    }

    fn rules(&self) -> Result<&RuleSet> {
        Ok(self.loaded()?.engine.rules())
    }

    /// Executes one command line and returns what it prints. Blank lines and `#` comments do nothing.
    pub fn execute(&mut self, line: &str) -> Result<String> {
        let line = match line.find('#') {
            Some(i) => &line[..i],
            None => line,
        };
        let line = line.trim();
        if line.is_empty() {
            return Ok(String::new());
        }
        let (word, rest) = match line.find(char::is_whitespace) {
            Some(i) => (&line[..i], &line[i..]),
            None => (line, ""),
        };
        let Some(cmd) = commands::find(word) else {
            let mut e = ReplError::new(format!("unknown command `{}`", shortened(word)));
            let s = commands::suggest(word);
            e = if s.is_empty() {
                e.with_help("`help` lists the commands")
            } else {
                e.with_help(format!(
                    "did you mean {}? (`help` lists the commands)",
                    s.join(" or ")
                ))
            };
            return Err(e);
        };
        let out = (cmd.run)(self, &commands::Args::new(rest))?;
        // The computer answers a move played for the other side.
        if cmd.command == commands::Command::Play {
            if let Some(reply) = self.computer_replies()? {
                return Ok(format!("{out}\n{reply}"));
            }
        }
        Ok(out)
    }

    /// The words and lists the interactive line editor completes from, for the current state.
    pub fn completion_context(&self) -> CompletionContext {
        let mut c = CompletionContext {
            files: self
                .definition_files()
                .iter()
                .map(|p| p.display().to_string())
                .collect(),
            ..Default::default()
        };
        c.files.extend(
            self.definition_files()
                .iter()
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned())),
        );
        let Some(l) = &self.loaded else { return c };
        let rules = l.engine.rules();
        let d = rules.board.dims;
        c.squares = rules.board.squares.iter().map(|s| d.name(s)).collect();
        c.pieces = rules.pieces.iter().map(|p| p.name.clone()).collect();
        c.letters = rules.pieces.iter().map(|p| p.letter.clone()).collect();
        c.sides = rules.players.0.to_vec();
        c.zones = rules.zones.keys().cloned().collect();
        c.hand_letters = commands::hand_kinds(rules, &l.engine.start_position())
            .iter()
            .map(|k| rules.piece(*k).letter.clone())
            .collect();
        c.game = Some(l.game.clone());
        let pos = l.game.position();
        if matches!(l.game.status(), Status::Ongoing { .. }) {
            c.moves = l
                .engine
                .legal_moves(pos)
                .iter()
                .map(|m| notation::move_text(&l.engine, pos, *m))
                .collect();
        }
        c
    }
}

/// At most 40 characters of the text, with `…` when cut, to quote user input in a message.
pub(crate) fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_of_the_input_are_shown_visible_not_sent_to_the_terminal() {
        let mut s = Session::new();
        let e = s.execute("fr\u{1b}[31mob\u{7}").unwrap_err();
        let shown = e.to_string();
        assert!(
            !shown.chars().any(|c| c == '\u{1b}' || c == '\u{7}'),
            "{shown:?}"
        );
        assert!(
            shown.starts_with("unknown command `fr␛[31mob␇`"),
            "{shown:?}"
        );
    }

    #[test]
    fn a_very_long_bad_line_is_shown_cut_around_the_fault_with_the_caret_on_it() {
        let e = ReplError::new("bad FEN: `x` is not a side")
            .with_context(format!("{}x{}", "a".repeat(500_000), "b".repeat(500_000)))
            .with_context(caret(&format!("{}x", "a".repeat(500_000)), 500_000, 1));
        let shown = e.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 3, "{shown}");
        assert!(
            lines[1].chars().count() <= MAX_SHOWN_CHARS + 4,
            "{}",
            lines[1].len()
        );
        let caret_at = lines[2].chars().position(|c| c == '^');
        assert_eq!(
            lines[1].chars().nth(caret_at.unwrap_or(0)),
            Some('x'),
            "{shown}"
        );
    }

    #[test]
    fn unknown_commands_suggest_the_closest() {
        let mut s = Session::new();
        let e = s.execute("paly e2e4").unwrap_err();
        assert_eq!(e.message, "unknown command `paly`");
        assert!(e.help.is_some_and(|h| h.contains("did you mean play")));
    }

    #[test]
    fn commands_need_a_variant() {
        let mut s = Session::new();
        for cmd in [
            "show",
            "moves",
            "play e2e4",
            "fen",
            "perft 1",
            "put K e1",
            "status",
            "undo",
        ] {
            let e = s.execute(cmd).unwrap_err();
            assert_eq!(e.message, "no variant is loaded", "{cmd}");
        }
    }

    #[test]
    fn comments_and_blank_lines_do_nothing() {
        let mut s = Session::new();
        assert_eq!(s.execute("   # a comment"), Ok(String::new()));
        assert_eq!(s.execute(""), Ok(String::new()));
    }

    #[test]
    fn caret_points_at_the_fault() {
        assert_eq!(caret("abcdef", 2, 3), "  ^^^");
        assert_eq!(caret("abc", 3, 0), "   ^");
    }

    #[test]
    fn wrap_breaks_long_lists() {
        let words: Vec<String> = (0..30).map(|i| format!("m{i:02}")).collect();
        let w = wrap(&words, "", 20);
        assert!(w.lines().all(|l| l.len() <= 20));
        assert_eq!(w.split_whitespace().count(), 30);
    }
}
