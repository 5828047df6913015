//! The REPL's commands: the typed [`Command`] enum, the table of names, aliases and help texts
//! ([`COMMANDS`]), and the handlers, one file per group of commands.
//!
//! Every handler has the same shape, `fn(&mut Session, &Args) -> Result<String, ReplError>`: it
//! returns what the command prints, or an error that leaves the session unchanged. The table row
//! names the handler, so [`Session::execute`] dispatches through the table and never matches
//! command names; completion ([`super::completion`]) matches on [`Command`].
//!
//! # Adding a command
//!
//! 1. Add a variant to [`Command`].
//! 2. Add its row to [`COMMANDS`] in `table.rs` (name, aliases, arguments, help texts, examples,
//!    and `run: Session::your_handler`); the row's place is its place in `help`.
//! 3. Write the handler in its group's file (a new group gets a new file here and a `mod` line
//!    below), as `pub(super) fn your_handler(&mut self, args: &Args) -> Result<String>` in an
//!    `impl Session` block. `args.words` are the words after the command, `args.rest` the
//!    unsplit text (for a FEN or a command line).
//! 4. If its arguments can be completed, add an arm for the variant in
//!    `CompletionContext::candidates` (completion.rs).
//!
//! The groups: `help.rs` (help, quit), `variants.rs` (load, variants, reload), `position.rs`
//! (show, fen, reset, status), `moves.rs` (moves, play, undo, redo, history), `records.rs` (save, open), `setup.rs` (put,
//! remove, hand, turn, clear), `perft.rs` (perft, divide), `about.rs` (piece, zones, rules,
//! render), `expect.rs` (expect), `search.rs` (go, hint, computer, values; `expect best`/`mate`).

mod about;
mod expect;
mod help;
mod moves;
mod perft;
mod position;
mod records;
mod search;
mod setup;
mod table;
mod variants;

pub use search::ComputerSides;
pub(crate) use search::COMPUTER_TIME;
pub use table::COMMANDS;

pub(crate) use expect::{STATUS_WORDS, WHATS as EXPECT_WHATS};
pub(crate) use setup::hand_kinds;

use super::{ReplError, Session};

/// A REPL command, as the first word of a line names it (by its name or an alias).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `help [COMMAND]`
    Help,
    /// `load FILE`
    Load,
    /// `variants`
    Variants,
    /// `reload`
    Reload,
    /// `show [--ascii | --unicode]`
    Show,
    /// `fen [FEN]`
    Fen,
    /// `reset`
    Reset,
    /// `moves [SQUARE | PIECE | drops]`
    Moves,
    /// `play MOVE...`
    Play,
    /// `undo [N]`
    Undo,
    /// `redo [N]`
    Redo,
    /// `history [--coordinates]`
    History,
    /// `save FILE`
    Save,
    /// `open FILE [N]`
    Open,
    /// `put PIECE SQUARE`
    Put,
    /// `remove SQUARE`
    Remove,
    /// `hand [SIDE [+P | -P]...]`
    Hand,
    /// `turn [SIDE]`
    Turn,
    /// `clear`
    Clear,
    /// `status`
    Status,
    /// `perft DEPTH`
    Perft,
    /// `divide DEPTH`
    Divide,
    /// `piece [NAME]`
    Piece,
    /// `zones [NAME]`
    Zones,
    /// `rules`
    Rules,
    /// `render [...] OUT`
    Render,
    /// `expect WHAT ...`
    Expect,
    /// `go [depth N | nodes N | time SECONDS]`
    Go,
    /// `hint`
    Hint,
    /// `computer SIDE|both|off`
    Computer,
    /// `values`
    Values,
    /// `quit`
    Quit,
}

/// The arguments of a command line: the text after the command word, whole and split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args<'a> {
    /// The text after the command word, trimmed (comments already removed).
    pub rest: &'a str,
    /// `rest` split at whitespace.
    pub words: Vec<&'a str>,
}

impl<'a> Args<'a> {
    /// Splits the text after the command word.
    pub fn new(rest: &'a str) -> Args<'a> {
        let rest = rest.trim();
        Args {
            rest,
            words: rest.split_whitespace().collect(),
        }
    }
}

/// What runs a command: returns what it prints, or an error (and then changes nothing).
pub type Handler = fn(&mut Session, &Args<'_>) -> Result<String, ReplError>;

/// One REPL command: its name, aliases, help texts and handler.
#[derive(Debug)]
pub struct CommandInfo {
    /// Which command this row describes.
    pub command: Command,
    /// The command's name.
    pub name: &'static str,
    /// Short aliases.
    pub aliases: &'static [&'static str],
    /// Arguments, as shown in `help` (`MOVE...`).
    pub args: &'static str,
    /// One line for the command list.
    pub summary: &'static str,
    /// The longer description for `help COMMAND`.
    pub details: &'static str,
    /// Example lines.
    pub examples: &'static [&'static str],
    /// The handler that runs it.
    pub run: Handler,
}

impl Command {
    /// The command's row in the table (every command has one; `None` only for a variant added
    /// without its row).
    pub fn info(self) -> Option<&'static CommandInfo> {
        COMMANDS.iter().find(|c| c.command == self)
    }
}

/// Finds a command by its name or one of its aliases (case-insensitive).
pub fn find(word: &str) -> Option<&'static CommandInfo> {
    let w = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w.as_str()))
}

/// The closest command names to a misspelt one, best first (at most three).
pub fn suggest(word: &str) -> Vec<&'static str> {
    // Names and aliases (of two letters or more) are matched; the command's name is suggested.
    let spellings = COMMANDS.iter().flat_map(|c| {
        std::iter::once(c.name)
            .chain(c.aliases.iter().copied())
            .filter(|n| n.len() > 1)
    });
    let mut out = Vec::new();
    for n in crate::suggest::ranked(word, spellings) {
        if let Some(c) = find(n) {
            if !out.contains(&c.name) {
                out.push(c.name);
            }
        }
    }
    out.truncate(3);
    out
}

/// The command list `help` prints.
pub fn overview() -> String {
    let width = COMMANDS
        .iter()
        .map(|c| c.name.len() + 1 + c.args.len())
        .max()
        .unwrap_or(0);
    let mut s = String::from("Commands (`help COMMAND` for details and an example):\n");
    for c in COMMANDS {
        let head = if c.args.is_empty() {
            c.name.to_string()
        } else {
            format!("{} {}", c.name, c.args)
        };
        s.push_str(&format!("  {head:<width$}  {}\n", c.summary));
    }
    s.push_str("Scripts: one command per line, `#` starts a comment.");
    s
}

/// The help text of one command.
pub fn describe(c: &CommandInfo) -> String {
    describe_in(c, help_width())
}

/// The width `help` wraps its text to: the terminal's, or 80 columns when the output is not a
/// terminal (scripts, pipes), so that what a script prints does not depend on a window.
#[cfg(feature = "cli")]
fn help_width() -> usize {
    terminal_size::terminal_size()
        .map(|(w, _)| usize::from(w.0))
        .unwrap_or(80)
        .clamp(40, 200)
}

/// Without the `cli` feature there is no terminal to ask: 80 columns.
#[cfg(not(feature = "cli"))]
fn help_width() -> usize {
    80
}

/// A command's help, its details wrapped to `width` columns.
fn describe_in(c: &CommandInfo, width: usize) -> String {
    let mut s = format!("{} {}\n  {}\n", c.name, c.args, c.summary);
    s = s.replace(" \n", "\n");
    let wrap = textwrap::Options::new(width)
        .initial_indent("  ")
        .subsequent_indent("  ");
    for line in c.details.lines() {
        for part in textwrap::wrap(line, &wrap) {
            s.push_str(&part);
            s.push('\n');
        }
    }
    if !c.aliases.is_empty() {
        s.push_str(&format!("  aliases: {}\n", c.aliases.join(", ")));
    }
    let label = if c.examples.len() == 1 {
        "example"
    } else {
        "examples"
    };
    s.push_str(&format!("  {label}: {}", c.examples.join("  |  ")));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_wraps_long_details_to_the_width() {
        for c in COMMANDS {
            let text = describe_in(c, 60);
            let details = text
                .lines()
                .skip(2)
                .take_while(|l| !l.starts_with("  aliases:"));
            for line in details.filter(|l| !l.starts_with("  example")) {
                assert!(line.chars().count() <= 60, "help {}: {line:?}", c.name);
            }
        }
        let play = COMMANDS
            .iter()
            .find(|c| c.name == "play")
            .map(|c| describe_in(c, 60));
        assert!(play.is_some_and(|t| t.lines().count() > 4));
    }

    #[test]
    fn aliases_find_their_command() {
        assert_eq!(find("p").map(|c| c.name), Some("play"));
        assert_eq!(find("SHOW").map(|c| c.name), Some("show"));
        assert!(find("castle").is_none());
    }

    #[test]
    fn misspelt_commands_get_suggestions() {
        assert_eq!(suggest("paly").first(), Some(&"play"));
        assert_eq!(suggest("mvoes").first(), Some(&"moves"));
        assert_eq!(suggest("hsitory").first(), Some(&"history"));
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut all: Vec<&str> = COMMANDS
            .iter()
            .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
        let commands: std::collections::HashSet<Command> =
            COMMANDS.iter().map(|c| c.command).collect();
        assert_eq!(commands.len(), COMMANDS.len(), "a command has two rows");
    }
}
