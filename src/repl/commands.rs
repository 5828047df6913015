//! The command table: names, aliases and help texts, and finding a command by (part of) its name.

/// One REPL command as `help` describes it.
#[derive(Debug)]
pub struct CommandInfo {
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
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: "help",
        aliases: &["h", "?"],
        args: "[COMMAND]",
        summary: "list the commands, or describe one",
        details: "Without an argument, lists every command with one line each. With a command name \
                  (or alias), shows its arguments, what it does and an example.",
        examples: &["help", "help play"],
    },
    CommandInfo {
        name: "load",
        aliases: &["l", "open"],
        args: "FILE",
        summary: "switch to another variant; the position resets",
        details: "Compiles a definition file and starts from its start position. FILE may omit the \
                  `.variant` extension; it is looked for as given, next to the current file and the \
                  script, and in ./definitions.",
        examples: &["load definitions/my-game.variant", "load my-game"],
    },
    CommandInfo {
        name: "variants",
        aliases: &["vars"],
        args: "",
        summary: "list the definitions in ./definitions and next to the loaded file",
        details: "Lists every `.variant` file in ./definitions and in the loaded file's folder, with \
                  one line each: its name, board and players, or why it does not compile.",
        examples: &["variants"],
    },
    CommandInfo {
        name: "reload",
        aliases: &["rl"],
        args: "",
        summary: "re-read the definition file, keeping the game when it is still legal",
        details: "Compiles the loaded file again (after you edited it). The moves played so far are \
                  replayed under the new rules; if one of them is no longer legal, the current position \
                  is kept without its history; if even that is not valid, the game restarts.",
        examples: &["reload"],
    },
    CommandInfo {
        name: "show",
        aliases: &["board", "d"],
        args: "[--ascii | --unicode]",
        summary: "draw the board",
        details: "Draws the position with rank and file labels, holes, the river and highlighted zones, \
                  then the hands, the side to move, check and the last move. Upper-case letters are the \
                  first player's pieces, lower-case the second's; `+` marks a promoted piece.",
        examples: &["show", "show --ascii"],
    },
    CommandInfo {
        name: "fen",
        aliases: &[],
        args: "[FEN]",
        summary: "print the position as FEN, or set it",
        details: "Without an argument, prints the position in FEN (Fairy-Stockfish style, hands in \
                  `[...]`). With a FEN, sets up that position and starts a new history from it.",
        examples: &["fen", "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
    },
    CommandInfo {
        name: "reset",
        aliases: &["new"],
        args: "",
        summary: "go back to the variant's start position",
        details: "Sets up the start position and forgets the moves played.",
        examples: &["reset"],
    },
    CommandInfo {
        name: "moves",
        aliases: &["m", "ls"],
        args: "[SQUARE | PIECE | drops]",
        summary: "list the legal moves: all, one piece's, one kind's, or the drops",
        details: "Without an argument, lists every legal move of the side to move, grouped by the square \
                  they start from (drops last). With a square, the moves of the piece there. With a piece \
                  (a name like `Knight` or a letter like `N`), the moves of every piece of that kind, \
                  drops included. `moves drops` lists the drops only.",
        examples: &["moves", "moves g1", "moves Knight", "moves drops"],
    },
    CommandInfo {
        name: "play",
        aliases: &["p", "mv"],
        args: "MOVE...",
        summary: "play one or several moves",
        details: "Plays the moves in order, in the project's move text: `e2e4`, promotion `e7e8q`, \
                  drop `P@e4`. If one of them is not legal nothing is played, and the error lists the \
                  legal moves of that piece.",
        examples: &["play e2e4", "play e2e4 e7e5 g1f3", "play P@e5"],
    },
    CommandInfo {
        name: "undo",
        aliases: &["u", "back"],
        args: "[N]",
        summary: "take back the last move (or N moves)",
        details: "Takes back N moves (default 1). They can be played again with `redo`.",
        examples: &["undo", "undo 2"],
    },
    CommandInfo {
        name: "redo",
        aliases: &["r"],
        args: "[N]",
        summary: "replay a move taken back (or N)",
        details: "Plays again the last N moves taken back with `undo` (default 1). Playing a new move \
                  forgets them.",
        examples: &["redo", "redo 2"],
    },
    CommandInfo {
        name: "history",
        aliases: &["hist"],
        args: "",
        summary: "the moves so far, numbered",
        details: "Lists the moves played since the position was set up, numbered as in a game record.",
        examples: &["history"],
    },
    CommandInfo {
        name: "put",
        aliases: &["set"],
        args: "PIECE SQUARE",
        summary: "put a piece on a square",
        details: "PIECE is a letter (upper case: first player, lower case: second, `+P` promoted), or a \
                  name with an optional side before it (`Black Knight`; a bare name is the side to \
                  move's). Replaces what stood there. The moves so far are forgotten.",
        examples: &["put N e4", "put n e5", "put Black Cannon b8"],
    },
    CommandInfo {
        name: "remove",
        aliases: &["rm", "del"],
        args: "SQUARE",
        summary: "empty a square",
        details: "Removes the piece on SQUARE. The moves so far are forgotten.",
        examples: &["remove e2"],
    },
    CommandInfo {
        name: "hand",
        aliases: &[],
        args: "[SIDE [+P | -P | +2P]...]",
        summary: "show or change the pieces in hand",
        details: "Without changes, shows the hands. `+P` adds one piece of that kind to SIDE's hand, \
                  `-P` takes one away, `+2P` adds two. Kinds are letters or names. Only kinds that can \
                  go to a hand in this variant are allowed.",
        examples: &["hand", "hand white +P", "hand black +2Pawn -N"],
    },
    CommandInfo {
        name: "turn",
        aliases: &["side"],
        args: "[SIDE]",
        summary: "show or set the side to move",
        details: "SIDE is a player's name from the definition, or white/black, w/b, first/second.",
        examples: &["turn black", "turn"],
    },
    CommandInfo {
        name: "clear",
        aliases: &[],
        args: "",
        summary: "empty the board and the hands",
        details: "Removes every piece from the board and the hands (the side to move stays), to set up \
                  a position from scratch with `put`.",
        examples: &["clear"],
    },
    CommandInfo {
        name: "status",
        aliases: &["st"],
        args: "",
        summary: "check, mate, stalemate, repetition, the result in words",
        details: "Tells whether the game goes on (and whether the side to move is in check), or how it \
                  ended and who won.",
        examples: &["status"],
    },
    CommandInfo {
        name: "perft",
        aliases: &[],
        args: "DEPTH",
        summary: "count the leaf nodes of the legal move tree",
        details: "Counts the positions DEPTH plies deep. Prints `Nodes searched: N`. From depth 6 on, an \
                  interactive terminal shows a progress bar; Ctrl-C stops the count.",
        examples: &["perft 3"],
    },
    CommandInfo {
        name: "divide",
        aliases: &[],
        args: "DEPTH",
        summary: "perft per legal move",
        details: "Like perft, but prints one `MOVE: COUNT` line per legal move first.",
        examples: &["divide 2"],
    },
    CommandInfo {
        name: "piece",
        aliases: &["pc"],
        args: "[NAME]",
        summary: "a piece's moves in words and a diagram",
        details: "Describes how the piece moves, where it may stand, how it promotes, and draws where it \
                  can go from a central square of an empty board. Without a name, lists the pieces.",
        examples: &["piece Knight", "piece N"],
    },
    CommandInfo {
        name: "zones",
        aliases: &["zone"],
        args: "[NAME]",
        summary: "draw each zone (or one) on the board",
        details: "Draws the squares of each named zone, for each player when they differ.",
        examples: &["zones", "zones home"],
    },
    CommandInfo {
        name: "rules",
        aliases: &["info"],
        args: "",
        summary: "a summary of the variant's rules",
        details: "Board, players, pieces, drops, royalty, how the game ends, castling and the start position.",
        examples: &["rules"],
    },
    CommandInfo {
        name: "render",
        aliases: &["draw"],
        args: "[--moves SQUARE | --piece NAME [--at SQUARE]] OUT",
        summary: "save a picture of the position or of a piece's moves (SVG or PNG)",
        details: "Draws the current position, like `chimera render`, into OUT: SVG, or PNG when the name \
                  ends in `.png`. `--moves SQUARE` overlays the legal moves of the piece there; \
                  `--piece NAME` draws that piece's moves on an empty board instead (`--at SQUARE` \
                  chooses its square).",
        examples: &["render start.svg", "render --moves b1 knight.png", "render --piece Cannon cannon.svg"],
    },
    CommandInfo {
        name: "expect",
        aliases: &["assert"],
        args: "WHAT ...",
        summary: "check a fact about the position (for scripts)",
        details: "Fails, saying what was expected and what was found, when the fact does not hold:\n\
                  \x20 expect status ongoing|check|checkmate|stalemate|repetition|move-limit|royal-captured|over\n\
                  \x20 expect result SIDE|draw|none     who won (none: the game goes on)\n\
                  \x20 expect moves N                   N legal moves in all\n\
                  \x20 expect moves SQUARE N            the piece on SQUARE has N legal moves\n\
                  \x20 expect moves PIECE N             the pieces of a kind have N legal moves\n\
                  \x20 expect fen FEN                   the position (only the fields given are compared)\n\
                  \x20 expect legal MOVE...             each move is legal\n\
                  \x20 expect illegal MOVE...           each move is illegal\n\
                  \x20 expect piece SQUARE PIECE        that piece stands there\n\
                  \x20 expect empty SQUARE              nothing stands there\n\
                  \x20 expect hand SIDE PIECE N         SIDE holds N of that kind\n\
                  \x20 expect turn SIDE                 SIDE is to move\n\
                  \x20 expect perft DEPTH N             perft gives N\n\
                  \x20 expect error COMMAND...          the command fails (and changes nothing)",
        examples: &["expect status checkmate", "expect moves e4 3", "expect perft 2 400"],
    },
    CommandInfo {
        name: "quit",
        aliases: &["q", "exit"],
        args: "",
        summary: "leave (Ctrl-D does too)",
        details: "Ends the session; in a script, stops it successfully.",
        examples: &["quit"],
    },
];

/// Finds a command by its name or one of its aliases (case-insensitive).
pub fn find(word: &str) -> Option<&'static CommandInfo> {
    let w = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w.as_str()))
}

/// The closest command names to a misspelt one, best first (at most three).
pub fn suggest(word: &str) -> Vec<&'static str> {
    let w = word.to_ascii_lowercase();
    let mut scored: Vec<(f64, &'static str)> = COMMANDS
        .iter()
        .flat_map(|c| {
            std::iter::once(c.name)
                .chain(c.aliases.iter().copied())
                .map(move |n| (n, c.name))
        })
        .filter(|(n, _)| n.len() > 1)
        .map(|(n, name)| (strsim::jaro_winkler(&w, n), name))
        .filter(|(s, _)| *s >= 0.75)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out = Vec::new();
    for (_, n) in scored {
        if !out.contains(&n) {
            out.push(n);
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
    let mut s = format!("{} {}\n  {}\n", c.name, c.args, c.summary);
    s = s.replace(" \n", "\n");
    for line in c.details.lines() {
        s.push_str(&format!("  {line}\n"));
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
    }
}
