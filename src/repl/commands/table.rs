//! The command table: one row per command, in the order `help` lists them.

use super::{Command, CommandInfo};
use crate::repl::Session;

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        command: Command::Help,
        name: "help",
        aliases: &["h", "?"],
        args: "[COMMAND]",
        summary: "list the commands, or describe one",
        details: "Without an argument, lists every command with one line each. With a command name \
                  (or alias), shows its arguments, what it does and an example.",
        examples: &["help", "help play"],
        run: Session::help,
    },
    CommandInfo {
        command: Command::Load,
        name: "load",
        aliases: &["l"],
        args: "FILE",
        summary: "switch to another variant; the position resets",
        details: "Compiles a definition file and starts from its start position. FILE may omit the \
                  `.variant` extension; it is looked for as given, next to the current file and the \
                  script, and in ./definitions.",
        examples: &["load definitions/my-game.variant", "load my-game"],
        run: Session::load_command,
    },
    CommandInfo {
        command: Command::Variants,
        name: "variants",
        aliases: &["vars"],
        args: "",
        summary: "list the definitions in ./definitions and next to the loaded file",
        details: "Lists every `.variant` file in ./definitions and in the loaded file's folder, with \
                  one line each: its name, board and players, or why it does not compile.",
        examples: &["variants"],
        run: Session::variants,
    },
    CommandInfo {
        command: Command::Reload,
        name: "reload",
        aliases: &["rl"],
        args: "",
        summary: "re-read the definition file, keeping the game when it is still legal",
        details: "Compiles the loaded file again (after you edited it). The moves played so far are \
                  replayed under the new rules; if one of them is no longer legal, the current position \
                  is kept without its history; if even that is not valid, the game restarts.",
        examples: &["reload"],
        run: Session::reload,
    },
    CommandInfo {
        command: Command::Show,
        name: "show",
        aliases: &["board", "d"],
        args: "[--ascii | --unicode]",
        summary: "draw the board",
        details: "Draws the position with rank and file labels, holes, the river and highlighted zones, \
                  then the hands, the side to move, check and the last move. Upper-case letters are the \
                  first player's pieces, lower-case the second's; `+` marks a promoted piece.",
        examples: &["show", "show --ascii"],
        run: Session::show,
    },
    CommandInfo {
        command: Command::Fen,
        name: "fen",
        aliases: &[],
        args: "[FEN]",
        summary: "print the position as FEN, or set it",
        details: "Without an argument, prints the position in FEN (Fairy-Stockfish style, hands in \
                  `[...]`). With a FEN, sets up that position: an edit, which `undo` takes back.",
        examples: &["fen", "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"],
        run: Session::fen,
    },
    CommandInfo {
        command: Command::Reset,
        name: "reset",
        aliases: &["new"],
        args: "[NUMBER]",
        summary: "go back to the variant's start position (or to a numbered one)",
        details: "Sets up the start position. It is an edit like the others: `undo` goes back to the \
                  game before it. In a variant whose start is drawn at random (`start ... random`), \
                  `reset N` sets up start number N (in Chess960, 0 to 959; 518 is chess's).",
        examples: &["reset", "reset 518"],
        run: Session::reset,
    },
    CommandInfo {
        command: Command::Moves,
        name: "moves",
        aliases: &["m", "ls"],
        args: "[SQUARE | PIECE | drops]",
        summary: "list the legal moves: all, one piece's, one kind's, or the drops",
        details: "Without an argument, lists every legal move of the side to move, grouped by the square \
                  they start from (drops last). With a square, the moves of the piece there. With a piece \
                  (a name like `Knight` or a letter like `N`), the moves of every piece of that kind, \
                  drops included. `moves drops` lists the drops only.",
        examples: &["moves", "moves g1", "moves Knight", "moves drops"],
        run: Session::moves,
    },
    CommandInfo {
        command: Command::Play,
        name: "play",
        aliases: &["p", "mv"],
        args: "MOVE...",
        summary: "play one or several moves",
        details: "Plays the moves in order, in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or in coordinates \
                  (`e2e4`, promotion `e7e8q`, drop `P@e4`). Move numbers and results are skipped, so \
                  the text `history` prints plays back. If one move is not legal nothing is played, \
                  and the error says why and lists the legal moves of that piece.",
        examples: &["play e2e4", "play e2e4 e7e5 g1f3", "play P@e5"],
        run: Session::play,
    },
    CommandInfo {
        command: Command::Undo,
        name: "undo",
        aliases: &["u", "back"],
        args: "[N]",
        summary: "take back the last move or edit (or N steps)",
        details: "Takes back N steps (default 1). Moves and edits of the position (`put`, `remove`, \
                  `hand`, `turn`, `clear`, `fen`, `reset`, `open`) are steps alike: after `put N e4`, \
                  `undo` removes the Knight again, and a further `undo` takes back the moves played \
                  before it. The steps can be taken again with `redo`.",
        examples: &["undo", "undo 2"],
        run: Session::undo,
    },
    CommandInfo {
        command: Command::Redo,
        name: "redo",
        aliases: &["r"],
        args: "[N]",
        summary: "take again a step taken back (or N)",
        details: "Takes again the last N steps (moves or edits) taken back with `undo` (default 1). \
                  A new move or edit forgets them.",
        examples: &["redo", "redo 2"],
        run: Session::redo,
    },
    CommandInfo {
        command: Command::History,
        name: "history",
        aliases: &["hist"],
        args: "[--coordinates]",
        summary: "the moves and edits so far, as a game record",
        details: "Prints the moves in SAN with their numbers, like `1. e4 e5 2. Nf3`, on one line that \
                  `play` reads back (it skips move numbers and results). `--coordinates` prints them as \
                  `1. e2e4 e7e5 2. g1f3`. An edit of the position (`put`, `remove`, `hand`, `turn`, \
                  `clear`, `fen`, `reset`, `open`) gets a line of its own, between the moves before it \
                  and the moves after it.",
        examples: &["history", "history --coordinates"],
        run: Session::history,
    },
    CommandInfo {
        command: Command::Save,
        name: "save",
        aliases: &[],
        args: "[--force] FILE",
        summary: "write the game as PGN",
        details: "Writes the game since the last edit as a PGN file (`.pgn` is added to a name without \
                  an extension): the seven standard tags, `Variant`, `SetUp` and `FEN` when it did not \
                  start from the variant's start position, the moves in SAN and the result. A file that \
                  exists is replaced only when this session saved or opened it, or with `--force`.",
        examples: &["save game.pgn", "save --force game"],
        run: Session::save,
    },
    CommandInfo {
        command: Command::Open,
        name: "open",
        aliases: &[],
        args: "FILE [N]",
        summary: "read a PGN game and replay it",
        details: "Reads the first game (or game N) of a PGN file and replays it move by move in the \
                  loaded variant, from its `FEN` tag when it has one. Comments, NAGs and variations are \
                  skipped. A move that is not legal is shown with its line and column, and the session \
                  is unchanged. Opening is a step like an edit: `undo` walks back over the game's moves, \
                  then to the game before it. (`load` reads a definition.)",
        examples: &["open game.pgn", "open games.pgn 3"],
        run: Session::open,
    },
    CommandInfo {
        command: Command::Put,
        name: "put",
        aliases: &["set"],
        args: "PIECE SQUARE",
        summary: "put a piece on a square",
        details: "PIECE is a letter (upper case: first player, lower case: second, `+P` promoted), or a \
                  name with an optional side before it (`Black Knight`; a bare name is the side to \
                  move's). Replaces what stood there. An edit: `undo` takes it back, and the moves \
                  before it stay in `history`.",
        examples: &["put N e4", "put n e5", "put Black Cannon b8"],
        run: Session::put,
    },
    CommandInfo {
        command: Command::Remove,
        name: "remove",
        aliases: &["rm", "del"],
        args: "SQUARE",
        summary: "empty a square",
        details: "Removes the piece on SQUARE. An edit: `undo` takes it back.",
        examples: &["remove e2"],
        run: Session::remove,
    },
    CommandInfo {
        command: Command::Hand,
        name: "hand",
        aliases: &[],
        args: "[SIDE [+P | -P | +2P]...]",
        summary: "show or change the pieces in hand",
        details: "Without changes, shows the hands. `+P` adds one piece of that kind to SIDE's hand, \
                  `-P` takes one away, `+2P` adds two. Kinds are letters or names. Only kinds that can \
                  go to a hand in this variant are allowed.",
        examples: &["hand", "hand white +P", "hand black +2Pawn -N"],
        run: Session::hand,
    },
    CommandInfo {
        command: Command::Turn,
        name: "turn",
        aliases: &["side"],
        args: "[SIDE]",
        summary: "show or set the side to move",
        details: "SIDE is a player's name from the definition, or white/black, w/b, first/second.",
        examples: &["turn black", "turn"],
        run: Session::turn,
    },
    CommandInfo {
        command: Command::Clear,
        name: "clear",
        aliases: &[],
        args: "",
        summary: "empty the board and the hands",
        details: "Removes every piece from the board and the hands (the side to move stays), to set up \
                  a position from scratch with `put`. An edit: `undo` puts everything back.",
        examples: &["clear"],
        run: Session::clear,
    },
    CommandInfo {
        command: Command::Status,
        name: "status",
        aliases: &["st"],
        args: "",
        summary: "check, mate, stalemate, repetition, the result in words",
        details: "Tells whether the game goes on (and whether the side to move is in check), or how it \
                  ended and who won.",
        examples: &["status"],
        run: Session::status,
    },
    CommandInfo {
        command: Command::Perft,
        name: "perft",
        aliases: &[],
        args: "DEPTH",
        summary: "count the leaf nodes of the legal move tree",
        details: "Counts the positions DEPTH plies deep. Prints `Nodes searched: N`. From depth 6 on, an \
                  interactive terminal shows a progress bar; Ctrl-C stops the count.",
        examples: &["perft 3"],
        run: Session::perft,
    },
    CommandInfo {
        command: Command::Divide,
        name: "divide",
        aliases: &[],
        args: "DEPTH",
        summary: "perft per legal move",
        details: "Like perft, but prints one `MOVE: COUNT` line per legal move first.",
        examples: &["divide 2"],
        run: Session::divide,
    },
    CommandInfo {
        command: Command::Piece,
        name: "piece",
        aliases: &["pc"],
        args: "[NAME]",
        summary: "a piece's moves in words and a diagram",
        details: "Describes how the piece moves, where it may stand, how it promotes, and draws where it \
                  can go from a central square of an empty board. Without a name, lists the pieces.",
        examples: &["piece Knight", "piece N"],
        run: Session::piece,
    },
    CommandInfo {
        command: Command::Zones,
        name: "zones",
        aliases: &["zone"],
        args: "[NAME]",
        summary: "draw each zone (or one) on the board",
        details: "Draws the squares of each named zone, for each player when they differ.",
        examples: &["zones", "zones home"],
        run: Session::zones,
    },
    CommandInfo {
        command: Command::Rules,
        name: "rules",
        aliases: &["info"],
        args: "",
        summary: "a summary of the variant's rules",
        details: "Board, players, pieces, drops, royalty, how the game ends, castling and the start position.",
        examples: &["rules"],
        run: Session::rules_command,
    },
    CommandInfo {
        command: Command::Render,
        name: "render",
        aliases: &["draw"],
        args: "[--moves SQUARE | --piece NAME [--at SQUARE]] OUT",
        summary: "save a picture of the position or of a piece's moves (SVG or PNG)",
        details: "Draws the current position, like `chimera render`, into OUT: SVG, or PNG when the name \
                  ends in `.png`. `--moves SQUARE` overlays the legal moves of the piece there; \
                  `--piece NAME` draws that piece's moves on an empty board instead (`--at SQUARE` \
                  chooses its square).",
        examples: &["render start.svg", "render --moves b1 knight.png", "render --piece Cannon cannon.svg"],
        run: Session::render,
    },
    CommandInfo {
        command: Command::Expect,
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
                  \x20 expect error COMMAND...          the command fails (and changes nothing)\n\
                  \x20 expect best MOVE [depth N]        the search (default 6 plies) chooses MOVE\n\
                  \x20 expect mate N [depth N]          the search (default 2N-1 plies) finds mate in N",
        examples: &["expect status checkmate", "expect moves e4 3", "expect perft 2 400"],
        run: Session::expect_command,
    },
    CommandInfo {
        command: Command::Go,
        name: "go",
        aliases: &[],
        args: "[depth N | nodes N | time SECONDS]",
        summary: "let the computer find the best move (not played)",
        details: "Searches the current position and prints the best move, its score (centipawns for the \
                  side to move, or mate in N), the principal variation, depth, nodes and speed. Without \
                  a limit it searches 5 seconds; `time` is in seconds (at most 600), or in \
                  milliseconds written `500ms`. An interactive terminal shows a live progress line; \
                  Ctrl-C stops the search and prints the best move so far.",
        examples: &["go depth 6", "go time 10", "go time 500ms", "go nodes 200000"],
        run: Session::go,
    },
    CommandInfo {
        command: Command::Hint,
        name: "hint",
        aliases: &[],
        args: "",
        summary: "suggest a move (up to one second of search)",
        details: "Searches for up to one second (it begins no new iteration that would not finish in \
                  time) and prints the move it would play, with its score and line.",
        examples: &["hint"],
        run: Session::hint,
    },
    CommandInfo {
        command: Command::Computer,
        name: "computer",
        aliases: &[],
        args: "SIDE|both|off",
        summary: "let the computer play a side (or both, or none)",
        details: "From now on the computer answers every move for that side (two seconds a move) as \
                  soon as it is that side's turn; the prompt says which side it plays. `both` plays the \
                  game out (Ctrl-C stops and turns the computer off); `off` stops.",
        examples: &["computer black", "computer both", "computer off"],
        run: Session::computer,
    },
    CommandInfo {
        command: Command::Values,
        name: "values",
        aliases: &[],
        args: "",
        summary: "list the piece values the computer uses",
        details: "For every kind, its value in pawns on the board and in hand, and where it comes from: \
                  a weights file beside the definition (`chimera tune`), the definition's `value`, or derived from \
                  its moves (royals are not material).",
        examples: &["values"],
        run: Session::values,
    },
    CommandInfo {
        command: Command::Quit,
        name: "quit",
        aliases: &["q", "exit"],
        args: "",
        summary: "leave (Ctrl-D does too)",
        details: "Ends the session; in a script, stops it successfully.",
        examples: &["quit"],
        run: Session::quit,
    },
];
