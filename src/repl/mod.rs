//! The REPL and script runner.
//!
//! [`Session`] is the command interpreter: a plain value that executes one command line and returns
//! its output or a [`ReplError`], and never prints. The interactive loop ([`interactive`], line
//! editing with rustyline) and the script runner ([`script`]) are thin layers over it.

pub mod board;
pub mod commands;
pub mod completion;
pub mod describe;
mod expect;
pub mod interactive;
mod parse;
pub mod script;

pub use board::BoardStyle;
pub use completion::CompletionContext;

use crate::compile;
use crate::engine::{Engine, Game, Move, MoveKind, Piece, Position, Status};
use crate::geometry::{Player, Square, SquareSet};
use crate::notation;
use crate::rules::{Confinement, RuleSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
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
        write!(f, "{}", self.message)?;
        for line in &self.context {
            write!(f, "\n  {line}")?;
        }
        if let Some(h) = &self.help {
            write!(f, "\n  help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReplError {}

type Result<T> = std::result::Result<T, ReplError>;

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
    progress: bool,
    search_dirs: Vec<PathBuf>,
    quit: bool,
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
            progress: false,
            search_dirs: Vec::new(),
            quit: false,
        }
    }

    /// Sets how boards are drawn.
    pub fn set_style(&mut self, style: BoardStyle) {
        self.style = style;
    }

    /// Shows progress bars for long perft runs (on an interactive terminal).
    pub fn set_progress(&mut self, on: bool) {
        self.progress = on;
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
                format!("{} ({})> ", rules.name, rules.players[side.index()])
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
            Some(i) => (&line[..i], line[i..].trim()),
            None => (line, ""),
        };
        let args: Vec<&str> = rest.split_whitespace().collect();
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
        match cmd.name {
            "help" => self.help(&args),
            "load" => match args.as_slice() {
                [] => Err(ReplError::new("`load` needs a file")
                    .with_help("for example `load my-game`; `variants` lists them")),
                _ => self.load_named(rest),
            },
            "variants" => self.variants(),
            "reload" => self.reload(),
            "show" => self.show(&args),
            "fen" => self.fen(rest),
            "reset" => self.reset(),
            "moves" => self.moves(&args),
            "play" => self.play(&args),
            "undo" => self.undo_redo(&args, true),
            "redo" => self.undo_redo(&args, false),
            "history" => self.history(),
            "put" => self.put(&args),
            "remove" => self.remove(&args),
            "hand" => self.hand(&args),
            "turn" => self.turn(&args),
            "clear" => self.clear(),
            "status" => self.status(),
            "perft" => self.perft_command(&args, false),
            "divide" => self.perft_command(&args, true),
            "piece" => self.piece(&args),
            "zones" => self.zones(&args),
            "rules" => Ok(describe::rules_text(self.rules()?)),
            "render" => self.render(&args),
            "expect" => self.expect_command(rest),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            other => Err(ReplError::new(format!("`{other}` is not implemented"))),
        }
    }

    fn help(&self, args: &[&str]) -> Result<String> {
        if args.len() > 1 {
            return Err(ReplError::new(format!(
                "`help` takes one command, not `{}`",
                args.join(" ")
            ))
            .with_help("for example `help play`; `help` alone lists the commands"));
        }
        match args.first() {
            None => Ok(commands::overview()),
            Some(w) => match commands::find(w) {
                Some(c) => Ok(commands::describe(c)),
                None => {
                    let s = commands::suggest(w);
                    let mut e = ReplError::new(format!("there is no command `{w}`"));
                    e = if s.is_empty() {
                        e.with_help("`help` lists the commands")
                    } else {
                        e.with_help(format!("did you mean {}?", s.join(" or ")))
                    };
                    Err(e)
                }
            },
        }
    }

    // ----- variants -------------------------------------------------------------------------

    /// Folders searched for definition files, in order.
    fn definition_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![PathBuf::from(".")];
        if let Some(l) = &self.loaded {
            if let Some(p) = l.path.parent() {
                dirs.push(p.to_path_buf());
            }
        }
        dirs.extend(self.search_dirs.iter().cloned());
        dirs.push(PathBuf::from(DEFINITIONS_DIR));
        for d in self.search_dirs.clone() {
            dirs.push(d.join(DEFINITIONS_DIR));
        }
        dirs
    }

    /// Finds a definition file by path or short name.
    fn resolve(&self, name: &str) -> Result<PathBuf> {
        let given = Path::new(name);
        if given.is_dir() {
            return Err(
                ReplError::new(format!("`{name}` is a folder, not a definition file")).with_help(
                    format!(
                "give a `.{EXTENSION}` file, like `load {}`; `variants` lists the definitions",
                given.join(format!("my-game.{EXTENSION}")).display()
            ),
                ),
            );
        }
        if given.is_absolute() && given.is_file() {
            return Ok(given.to_path_buf());
        }
        for dir in self.definition_dirs() {
            for cand in [dir.join(name), dir.join(format!("{name}.{EXTENSION}"))] {
                if cand.is_file() {
                    return Ok(cand);
                }
            }
        }
        let known: Vec<String> = self
            .definition_files()
            .iter()
            .filter_map(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        let mut e = ReplError::new(format!("cannot find the definition file `{name}`"));
        let stem = given
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let best = known
            .iter()
            .map(|k| (strsim::jaro_winkler(&stem, k), k))
            .filter(|(s, _)| *s > 0.8)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        e = match best {
            Some((_, k)) => e.with_help(format!(
                "did you mean `{k}`? `variants` lists the definitions"
            )),
            None if known.is_empty() => e.with_help("give the path of a `.variant` file"),
            None => e.with_help(format!("known definitions: {}", known.join(", "))),
        };
        Err(e)
    }

    /// Every `.variant` file in ./definitions, next to the loaded file and in the search folders.
    fn definition_files(&self) -> Vec<PathBuf> {
        let mut dirs = vec![PathBuf::from(DEFINITIONS_DIR)];
        if let Some(l) = &self.loaded {
            if let Some(p) = l.path.parent() {
                dirs.push(if p.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    p.to_path_buf()
                });
            }
        }
        for d in &self.search_dirs {
            dirs.push(d.join(DEFINITIONS_DIR));
        }
        let mut seen = Vec::new();
        let mut files = Vec::new();
        for d in dirs {
            let Ok(rd) = std::fs::read_dir(&d) else {
                continue;
            };
            let mut here: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == EXTENSION) && p.is_file())
                .collect();
            here.sort();
            for p in here {
                let canon = p.canonicalize().unwrap_or_else(|_| p.clone());
                if !seen.contains(&canon) {
                    seen.push(canon);
                    files.push(p);
                }
            }
        }
        files
    }

    fn load_named(&mut self, name: &str) -> Result<String> {
        let path = self.resolve(name)?;
        self.load(&path)
    }

    /// Compiles a definition file (a path, or a short name found like `load` finds it) and starts
    /// a game from its start position.
    pub fn load(&mut self, path: &Path) -> Result<String> {
        let resolved;
        let path = if path.is_file() {
            path
        } else {
            resolved = self.resolve(&path.to_string_lossy())?;
            resolved.as_path()
        };
        let engine = compile_engine(path)?;
        let pos = engine.start_position();
        let game = Game::new(engine.clone(), pos);
        let rules = engine.rules();
        let d = rules.board.dims;
        let msg = format!(
            "loaded {} ({}): {}x{} board, {} kinds of piece, {} to move",
            rules.name,
            path.display(),
            d.files,
            d.ranks,
            rules.pieces.len(),
            rules.players[game.position().side_to_move().index()]
        );
        self.loaded = Some(Loaded {
            path: path.to_path_buf(),
            engine,
            game,
        });
        Ok(msg)
    }

    fn variants(&self) -> Result<String> {
        let files = self.definition_files();
        if files.is_empty() {
            return Err(ReplError::new("no definition files found")
                .with_help(format!("definitions are `.{EXTENSION}` files in ./{DEFINITIONS_DIR} or next to the loaded file")));
        }
        let width = files
            .iter()
            .map(|p| p.display().to_string().len())
            .max()
            .unwrap_or(0);
        let mut out = Vec::new();
        for f in files {
            let line = match compile::compile_file(&f) {
                Ok(r) => {
                    let d = r.board.dims;
                    let mut s = format!(
                        "{}: {}x{}, {} vs {}, {} kinds of piece",
                        r.name,
                        d.files,
                        d.ranks,
                        r.players[0],
                        r.players[1],
                        r.pieces.len()
                    );
                    if !r.drops.to_hand.is_empty() {
                        s.push_str(", drops");
                    }
                    s
                }
                Err(d) => format!("does not compile: {}", d.summary),
            };
            out.push(format!("  {:<width$}  {line}", f.display().to_string()));
        }
        Ok(out.join("\n"))
    }

    fn reload(&mut self) -> Result<String> {
        let old = self.loaded()?.clone();
        let engine = compile_engine(&old.path)?;
        let rules = engine.rules();
        // Replay the game under the new rules; fall back to the current position, then to the start.
        let replay = || -> Option<Game> {
            let start = notation::to_fen(&old.engine, &old.game.positions()[0]);
            let pos = notation::parse_fen(&engine, &start).ok()?;
            let mut g = Game::new(engine.clone(), pos);
            for (i, mv) in old.game.moves().iter().enumerate() {
                let text = notation::move_text(&old.engine, &old.game.positions()[i], *mv);
                let m = notation::parse_move(&engine, g.position(), &text).ok()?;
                g.play(m);
            }
            Some(g)
        };
        let (game, how) = match replay() {
            Some(g) => {
                let n = g.moves().len();
                (
                    g,
                    if n == 0 {
                        "position kept".to_string()
                    } else {
                        format!(
                            "position and {n} move{} kept",
                            if n == 1 { "" } else { "s" }
                        )
                    },
                )
            }
            None => {
                let fen = notation::to_fen(&old.engine, old.game.position());
                match notation::parse_fen(&engine, &fen) {
                    Ok(p) => (
                        Game::new(engine.clone(), p),
                        "position kept, history dropped (a move is no longer legal)".to_string(),
                    ),
                    Err(e) => (
                        Game::new(engine.clone(), engine.start_position()),
                        format!(
                            "the position is not valid any more ({}), back to the start",
                            e.message
                        ),
                    ),
                }
            }
        };
        let msg = format!("reloaded {} ({}): {how}", rules.name, old.path.display());
        self.loaded = Some(Loaded {
            path: old.path,
            engine,
            game,
        });
        Ok(msg)
    }

    // ----- the position -------------------------------------------------------------------

    fn show(&self, args: &[&str]) -> Result<String> {
        let mut style = self.style;
        for a in args {
            match *a {
                "--ascii" | "ascii" => style = BoardStyle::Ascii,
                "--unicode" | "unicode" => style = BoardStyle::Unicode,
                other => {
                    return Err(ReplError::new(format!("`show` has no option `{other}`"))
                        .with_help("use `show`, `show --ascii` or `show --unicode`"))
                }
            }
        }
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        let mut out = board::position_board(rules, pos, style);
        let hands_matter = !rules.drops.to_hand.is_empty()
            || Player::BOTH
                .iter()
                .any(|p| !pos.hand_contents(*p).is_empty());
        if hands_matter {
            for p in Player::BOTH {
                out.push_str(&format!(
                    "\n{} hand: {}",
                    rules.players[p.index()],
                    hand_text(rules, pos, p)
                ));
            }
        }
        out.push('\n');
        out.push_str(&self.status_line(l));
        if let Some(last) = self.last_move_text(l) {
            out.push_str(&format!("\nLast move: {last}"));
        }
        Ok(out)
    }

    fn status_line(&self, l: &Loaded) -> String {
        let rules = l.engine.rules();
        let side = l.game.position().side_to_move();
        match l.game.status() {
            Status::Ongoing { check } => {
                format!(
                    "{} to move{}",
                    rules.players[side.index()],
                    if check { ", in check" } else { "" }
                )
            }
            st => format!("Game over: {}", st.describe(&rules.players, side)),
        }
    }

    fn last_move_text(&self, l: &Loaded) -> Option<String> {
        let moves = l.game.moves();
        let mv = *moves.last()?;
        let before = &l.game.positions()[moves.len() - 1];
        Some(notation::move_text(&l.engine, before, mv))
    }

    fn fen(&mut self, rest: &str) -> Result<String> {
        let l = self.loaded()?;
        if rest.is_empty() {
            return Ok(notation::to_fen(&l.engine, l.game.position()));
        }
        let pos = notation::parse_fen(&l.engine, rest).map_err(|e| {
            let mut err = ReplError::new(format!("bad FEN: {}", e.message))
                .with_context(rest.to_string())
                .with_context(caret(rest, e.offset, e.len));
            err.help = e.help.clone();
            err
        })?;
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        l.game.reset_to(pos);
        Ok(self.status_line(self.loaded()?))
    }

    fn reset(&mut self) -> Result<String> {
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        let pos = l.engine.start_position();
        l.game.reset_to(pos);
        Ok(format!(
            "start position; {}",
            self.status_line(self.loaded()?)
        ))
    }

    // ----- moves ----------------------------------------------------------------------------

    /// The legal moves the `moves` command would list for its arguments, with a title.
    fn select_moves(&self, args: &[&str]) -> Result<(String, Vec<Move>)> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        let side = pos.side_to_move();
        let side_name = &rules.players[side.index()];
        if args.is_empty() {
            return Ok((
                format!("legal moves for {side_name}"),
                l.engine.legal_moves(pos),
            ));
        }
        if args == ["drops"] {
            let drops = l
                .engine
                .legal_moves(pos)
                .into_iter()
                .filter(|m| m.is_drop())
                .collect();
            return Ok((format!("legal drops for {side_name}"), drops));
        }
        if args.len() == 1 && parse::looks_like_square(args[0]) {
            let sq = parse::square(rules, args[0])?;
            let Some(piece) = pos.piece_at(sq) else {
                return Err(ReplError::new(format!("there is no piece on {}", args[0]))
                    .with_help("give a square with a piece of the side to move, or a piece name like `moves Knight`"));
            };
            let name = format!(
                "{} {} on {}",
                rules.players[piece.player.index()],
                rules.piece(piece.kind).name,
                args[0]
            );
            if piece.player != side {
                return Err(ReplError::new(format!(
                    "the {name} cannot move: it is {side_name}'s turn"
                ))
                .with_help(format!(
                    "`turn {}` gives the move to that side",
                    rules.players[piece.player.index()]
                )));
            }
            return Ok((
                format!("legal moves of the {name}"),
                l.engine.legal_moves_from(pos, sq),
            ));
        }
        let (spec, used) = parse::piece_tokens(rules, args)?;
        if used < args.len() {
            return Err(ReplError::new(format!(
                "`moves` takes one square or piece, not `{}`",
                args.join(" ")
            ))
            .with_help("for example `moves`, `moves e2` or `moves Knight`"));
        }
        // A side named in words must be the side to move; a letter's case is not checked here.
        if let (2, Some(s)) = (used, spec.side) {
            if s != side {
                return Err(ReplError::new(format!(
                    "it is {side_name}'s turn, not {}'s",
                    rules.players[s.index()]
                ))
                .with_help(format!(
                    "`turn {}` gives the move to that side",
                    rules.players[s.index()]
                )));
            }
        }
        let kind = spec.kind;
        let moves = l
            .engine
            .legal_moves(pos)
            .into_iter()
            .filter(|m| match m.kind {
                MoveKind::Drop(k) => k == kind,
                _ => pos.piece_at(m.from).is_some_and(|p| p.kind == kind),
            })
            .collect();
        Ok((
            format!("legal moves of {side_name}'s {}", rules.piece(kind).name),
            moves,
        ))
    }

    fn moves(&self, args: &[&str]) -> Result<String> {
        let (title, mut moves) = self.select_moves(args)?;
        let l = self.loaded()?;
        let d = l.engine.rules().board.dims;
        let pos = l.game.position();
        if moves.is_empty() {
            return Ok(format!("no {title}"));
        }
        let key = |m: &Move| {
            (
                m.is_drop(),
                d.file(m.from),
                d.rank(m.from),
                d.file(m.to),
                d.rank(m.to),
            )
        };
        moves.sort_by_key(key);
        let n = moves.len();
        let mut out = format!(
            "{n} {}",
            if n == 1 {
                title
                    .replacen("moves", "move", 1)
                    .replacen("drops", "drop", 1)
            } else {
                title
            }
        );
        out.push(':');
        let label_w = if moves.iter().any(|m| m.is_drop()) {
            5
        } else {
            moves
                .iter()
                .map(|m| d.name(m.from).len())
                .max()
                .unwrap_or(2)
        };
        let mut i = 0;
        while i < moves.len() {
            let drop = moves[i].is_drop();
            let from = moves[i].from;
            let mut j = i;
            while j < moves.len() && moves[j].is_drop() == drop && (drop || moves[j].from == from) {
                j += 1;
            }
            let texts: Vec<String> = moves[i..j]
                .iter()
                .map(|m| notation::move_text(&l.engine, pos, *m))
                .collect();
            let label = if drop {
                "drops".to_string()
            } else {
                d.name(from)
            };
            let body = wrap(&texts, "", 70);
            let mut lines = body.lines();
            out.push_str(&format!(
                "\n  {label:>label_w$}: {}",
                lines.next().unwrap_or("")
            ));
            for rest in lines {
                out.push_str(&format!("\n  {:label_w$}  {rest}", ""));
            }
            i = j;
        }
        Ok(out)
    }

    /// Explains why a move text is not legal, pointing at the fault and listing what is legal.
    fn move_error(
        &self,
        engine: &Engine,
        pos: &Position,
        text: &str,
        e: notation::MoveError,
    ) -> ReplError {
        let rules = engine.rules();
        let mut err = ReplError::new(format!("illegal move `{text}`: {}", e.message));
        if e.len > 0 || e.offset > 0 {
            err = err
                .with_context(text.to_string())
                .with_context(caret(text, e.offset, e.len));
        }
        if let Some(h) = e.help {
            return err.with_help(h);
        }
        // Fall back to listing the moves of the piece on the square the text starts with.
        let end = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(text.len());
        let from = rules
            .board
            .dims
            .parse_square(&text[..end])
            .filter(|s| rules.board.squares.contains(*s));
        let help = match from.and_then(|s| pos.piece_at(s).map(|p| (s, p))) {
            Some((s, p)) if p.player == pos.side_to_move() => {
                let ms: Vec<String> = engine.legal_moves_from(pos, s).iter().map(|m| notation::move_text(engine, pos, *m)).collect();
                if ms.is_empty() {
                    format!("the {} on {} has no legal move", rules.piece(p.kind).name, &text[..end])
                } else {
                    format!("the {} on {} can play {}", rules.piece(p.kind).name, &text[..end], ms.join(" "))
                }
            }
            _ => "`moves` lists the legal moves; moves are written like e2e4, e7e8q (promotion) or P@e4 (drop)".to_string(),
        };
        err.with_help(help)
    }

    fn play(&mut self, args: &[&str]) -> Result<String> {
        let l = self.loaded()?;
        if args.is_empty() {
            return Err(ReplError::new("`play` needs a move")
                .with_help("for example `play e2e4`; `moves` lists the legal moves"));
        }
        let mut game = l.game.clone();
        let engine = l.engine.clone();
        let rules = engine.rules();
        let mut played = Vec::new();
        for (i, text) in args.iter().enumerate() {
            let status = game.status();
            if !matches!(status, Status::Ongoing { .. }) {
                let side = game.position().side_to_move();
                return Err(ReplError::new(format!(
                    "cannot play `{text}`: the game is over ({}){}",
                    status.describe(&rules.players, side),
                    if i > 0 { "; nothing was played" } else { "" }
                ))
                .with_help("`undo` takes moves back; `reset` or `fen` set up a new position"));
            }
            let pos = game.position().clone();
            match notation::parse_move(&engine, &pos, text) {
                Ok(mv) => {
                    played.push(numbered(
                        &pos,
                        &notation::move_text(&engine, &pos, mv),
                        i == 0,
                    ));
                    game.play(mv);
                }
                Err(e) => {
                    let mut err = self.move_error(&engine, &pos, text, e);
                    if args.len() > 1 {
                        err.message = format!(
                            "move {} of {}: {}; nothing was played",
                            i + 1,
                            args.len(),
                            err.message
                        );
                    }
                    return Err(err);
                }
            }
        }
        let mut out = played.join(" ");
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        l.game = game;
        let l = self.loaded()?;
        match l.game.status() {
            Status::Ongoing { check: false } => {}
            _ => {
                out.push('\n');
                out.push_str(&self.status_line(l));
            }
        }
        Ok(out)
    }

    fn undo_redo(&mut self, args: &[&str], undo: bool) -> Result<String> {
        let n = match args {
            [] => 1,
            [x] => match parse::number(x, "the number of moves")? {
                0 => {
                    return Err(ReplError::new(format!(
                        "`{} 0` would do nothing",
                        if undo { "undo" } else { "redo" }
                    ))
                    .with_help(if undo {
                        "give at least 1: `undo` takes back one move, `undo 3` three"
                    } else {
                        "give at least 1: `redo` replays one move, `redo 3` three"
                    }))
                }
                n => usize::try_from(n).unwrap_or(usize::MAX),
            },
            _ => {
                return Err(ReplError::new("too many arguments").with_help(if undo {
                    "`undo` or `undo 3`"
                } else {
                    "`redo` or `redo 3`"
                }))
            }
        };
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        let mut g = l.game.clone();
        for done in 0..n {
            let ok = if undo { g.undo() } else { g.redo() };
            if !ok {
                let what = if undo { "to undo" } else { "to redo" };
                let msg = if done == 0 {
                    format!("there is no move {what}")
                } else {
                    format!(
                        "only {done} move{} {what}, not {n}",
                        if done == 1 { "" } else { "s" }
                    )
                };
                return Err(ReplError::new(msg).with_help(if undo {
                    "`history` shows the moves played"
                } else {
                    "`redo` replays moves taken back with `undo`, until a new move is played"
                }));
            }
        }
        l.game = g;
        let l = self.loaded()?;
        Ok(self.status_line(l))
    }

    fn history(&self) -> Result<String> {
        let l = self.loaded()?;
        let moves = l.game.moves();
        if moves.is_empty() {
            return Ok("no moves played yet".into());
        }
        let mut lines: Vec<String> = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            let pos = &l.game.positions()[i];
            let text = notation::move_text(&l.engine, pos, *mv);
            match pos.side_to_move() {
                Player::First => lines.push(format!("{}. {text}", pos.fullmove_number())),
                Player::Second => match lines.last_mut() {
                    Some(last) if i > 0 => {
                        last.push(' ');
                        last.push_str(&text)
                    }
                    _ => lines.push(format!("{}... {text}", pos.fullmove_number())),
                },
            }
        }
        Ok(lines.join("\n"))
    }

    // ----- setting up positions -------------------------------------------------------------

    /// Applies an edit to a copy of the position, then starts a new game from it.
    fn edit(
        &mut self,
        f: impl FnOnce(&RuleSet, &mut Position) -> Result<String>,
    ) -> Result<String> {
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        let mut pos = l.game.position().clone();
        let msg = f(l.engine.rules(), &mut pos)?;
        // A set-up position has no en-passant capture left over from a game.
        pos.set_ep(None);
        l.game.reset_to(pos);
        Ok(msg)
    }

    fn put(&mut self, args: &[&str]) -> Result<String> {
        let usage = "`put PIECE SQUARE`, like `put N e4`, `put n e5` or `put Black Knight e5`";
        let rules = self.rules()?;
        if args.len() < 2 {
            return Err(ReplError::new("`put` needs a piece and a square").with_help(usage));
        }
        let (spec, used) = parse::piece_tokens(rules, &args[..args.len() - 1])?;
        if used != args.len() - 1 {
            return Err(ReplError::new(format!(
                "cannot read `{}` as a piece",
                args[..args.len() - 1].join(" ")
            ))
            .with_help(usage));
        }
        let sq_text = args[args.len() - 1];
        let sq = parse::square(rules, sq_text)?;
        let side = spec.side.unwrap_or_else(|| {
            self.loaded
                .as_ref()
                .map(|l| l.game.position().side_to_move())
                .unwrap_or(Player::First)
        });
        let piece = Piece::new(side, spec.kind);
        if let Confinement::Within(z) = &rules.piece(spec.kind).confinement {
            if !z[side.index()].contains(sq) {
                return Err(ReplError::new(format!(
                    "a {} cannot stand on {sq_text}: it never leaves {}",
                    rules.piece(spec.kind).name,
                    describe::squares_text(rules, z, side)
                ))
                .with_help(format!(
                    "its squares for {}: {}",
                    rules.players[side.index()],
                    describe::square_list(rules.board.dims, &z[side.index()])
                )));
            }
        }
        let letter = board::piece_letter(rules, piece);
        let name = format!(
            "{} {}",
            rules.players[side.index()],
            rules.piece(spec.kind).name
        );
        self.edit(|rules, pos| {
            let old = pos.piece_at(sq);
            pos.set_piece(sq, Some(piece));
            Ok(match old {
                Some(o) => format!(
                    "{name} ({letter}) on {sq_text}, replacing {}",
                    board::piece_letter(rules, o)
                ),
                None => format!("{name} ({letter}) on {sq_text}"),
            })
        })
    }

    fn remove(&mut self, args: &[&str]) -> Result<String> {
        let rules = self.rules()?;
        let [sq_text] = args else {
            return Err(
                ReplError::new("`remove` needs one square").with_help("for example `remove e2`")
            );
        };
        let sq = parse::square(rules, sq_text)?;
        let sq_text = sq_text.to_string();
        self.edit(|rules, pos| match pos.piece_at(sq) {
            None => Err(ReplError::new(format!("{sq_text} is already empty"))
                .with_help("`show` draws the board")),
            Some(p) => {
                pos.set_piece(sq, None);
                Ok(format!(
                    "removed {} from {sq_text}",
                    board::piece_letter(rules, p)
                ))
            }
        })
    }

    fn hand(&mut self, args: &[&str]) -> Result<String> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        if args.is_empty() {
            return Ok(Player::BOTH
                .iter()
                .map(|p| {
                    format!(
                        "{} hand: {}",
                        rules.players[p.index()],
                        hand_text(rules, pos, *p)
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"));
        }
        let side = parse::side(rules, args[0])?;
        if args.len() == 1 {
            return Ok(format!(
                "{} hand: {}",
                rules.players[side.index()],
                hand_text(rules, pos, side)
            ));
        }
        if rules.drops.to_hand.is_empty() {
            return Err(ReplError::new(format!(
                "{} has no pieces in hand: captured pieces leave the game",
                rules.name
            ))
            .with_help("only variants with a `drops` section have hands"));
        }
        let mut changes = Vec::new();
        for tok in &args[1..] {
            let (sign, body) = match tok.chars().next() {
                Some('+') => (1i32, &tok[1..]),
                Some('-') => (-1i32, &tok[1..]),
                _ => {
                    return Err(ReplError::new(format!("`{tok}` is not a change to a hand"))
                        .with_help(
                            "write `+P` to add a piece, `-P` to take one away, `+2P` to add two",
                        ))
                }
            };
            let digits = body.chars().take_while(|c| c.is_ascii_digit()).count();
            let count: i32 = if digits == 0 {
                1
            } else {
                match body[..digits].parse::<i32>() {
                    Ok(n) if n <= 63 => n,
                    _ => {
                        return Err(ReplError::new(format!(
                            "`{tok}`: at most 63 pieces of a kind fit in a hand"
                        ))
                        .with_help("give a count from 1 to 63, like `+2P`"))
                    }
                }
            };
            let spec = parse::piece(rules, &body[digits..])?;
            let kinds = hand_kinds(rules, &l.engine.start_position());
            if !kinds.contains(&spec.kind) {
                let allowed: Vec<&str> = kinds
                    .iter()
                    .map(|k| rules.piece(*k).name.as_str())
                    .collect();
                return Err(ReplError::new(format!(
                    "a {} never goes to a hand in {}",
                    rules.piece(spec.kind).name,
                    rules.name
                ))
                .with_help(format!("pieces in hand can be: {}", allowed.join(", "))));
            }
            changes.push((sign * count, spec.kind));
        }
        let side_name = rules.players[side.index()].clone();
        self.edit(|rules, pos| {
            for (delta, kind) in changes {
                let now = pos.hand(side, kind) as i32 + delta;
                if now < 0 {
                    return Err(ReplError::new(format!(
                        "{side_name} has only {} {} in hand",
                        pos.hand(side, kind),
                        rules.piece(kind).name
                    )));
                }
                if now > 63 {
                    return Err(ReplError::new(format!(
                        "{side_name} would hold {now} {}: at most 63 pieces of a kind fit in a hand",
                        rules.piece(kind).name
                    ))
                    .with_help(format!("{side_name} holds {} now", pos.hand(side, kind))));
                }
                pos.set_hand(side, kind, now as u8);
            }
            Ok(format!("{side_name} hand: {}", hand_text(rules, pos, side)))
        })
    }

    fn turn(&mut self, args: &[&str]) -> Result<String> {
        let rules = self.rules()?;
        let side = match args {
            [] => {
                let l = self.loaded()?;
                return Ok(format!(
                    "{} to move",
                    rules.players[l.game.position().side_to_move().index()]
                ));
            }
            [s] => parse::side(rules, s)?,
            _ => {
                return Err(ReplError::new("`turn` takes one side")
                    .with_help(format!("a side is {}", parse::side_names(rules))))
            }
        };
        self.edit(|rules, pos| {
            pos.set_side_to_move(side);
            Ok(format!("{} to move", rules.players[side.index()]))
        })
    }

    fn clear(&mut self) -> Result<String> {
        self.edit(|_, pos| {
            pos.clear();
            Ok("the board and the hands are empty; `put` sets up pieces".into())
        })
    }

    // ----- game state and counting ----------------------------------------------------------

    fn status(&self) -> Result<String> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let side = l.game.position().side_to_move();
        let st = l.game.status();
        Ok(match st {
            Status::Ongoing { check } => format!(
                "the game goes on: {} to move{}",
                rules.players[side.index()],
                if check { ", in check" } else { "" }
            ),
            // The engine's words as they stand ("black is checkmated: red wins").
            other => other.describe(&rules.players, side),
        })
    }

    /// Runs divide, with a progress bar when asked and interruptible through the cancel flag.
    fn run_divide(&self, depth: u32) -> Result<Vec<(Move, u64)>> {
        let l = self.loaded()?;
        self.cancel.store(false, Ordering::SeqCst);
        let bar = if self.progress && depth >= 6 {
            let b = indicatif::ProgressBar::new(0);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "perft {msg} [{bar:40}] {pos}/{len} root moves, {elapsed}",
            ) {
                b.set_style(style.progress_chars("=> "));
            }
            b.set_message(depth.to_string());
            Some(b)
        } else {
            None
        };
        let mut progress = |done: usize, total: usize| {
            if let Some(b) = &bar {
                b.set_length(total as u64);
                b.set_position(done as u64);
            }
        };
        let res =
            l.engine
                .divide_cancellable(l.game.position(), depth, &self.cancel, &mut progress);
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        res.ok_or_else(|| ReplError::new(format!("perft {depth} interrupted; nothing was counted")))
    }

    fn perft_command(&self, args: &[&str], divide: bool) -> Result<String> {
        let name = if divide { "divide" } else { "perft" };
        let [d] = args else {
            return Err(ReplError::new(format!("`{name}` needs a depth"))
                .with_help(format!("for example `{name} 3`")));
        };
        let depth = parse::number(d, "the depth")?;
        let depth =
            u32::try_from(depth).map_err(|_| ReplError::new(format!("depth {d} is too large")))?;
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

    fn perft_count(&self, depth: u32) -> Result<u64> {
        if depth == 0 {
            self.loaded()?;
            return Ok(1);
        }
        Ok(self.run_divide(depth)?.iter().map(|(_, n)| n).sum())
    }

    // ----- describing the variant -----------------------------------------------------------

    fn piece(&self, args: &[&str]) -> Result<String> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        if args.is_empty() {
            return Ok(format!(
                "pieces: {}\n`piece NAME` describes one",
                parse::piece_list(rules)
            ));
        }
        let (spec, used) = parse::piece_tokens(rules, args)?;
        if used < args.len() {
            return Err(ReplError::new(format!(
                "`piece` takes one piece, not `{}`",
                args.join(" ")
            ))
            .with_help("for example `piece Knight`"));
        }
        let side = spec.side.unwrap_or(Player::First);
        let mut out = describe::piece_text(rules, spec.kind).join("\n");
        let from = diagram_square(rules, spec.kind, side);
        let marks = board::combine_marks(&l.engine.diagram(spec.kind, side, from));
        let letter = board::piece_letter(rules, Piece::new(side, spec.kind));
        out.push_str(&format!(
            "\nFrom {} on an empty board ({}):\n",
            rules.board.dims.name(from),
            rules.players[side.index()]
        ));
        out.push_str(&board::diagram_board(
            rules, &letter, from, &marks, self.style,
        ));
        let legend = board::diagram_legend(&marks);
        if !legend.is_empty() {
            out.push_str(&format!("\n  {legend}"));
        }
        Ok(out)
    }

    fn zones(&self, args: &[&str]) -> Result<String> {
        let rules = self.rules()?;
        if rules.zones.is_empty() {
            return Ok(format!("{} declares no zones", rules.name));
        }
        let selected: Vec<(&String, &crate::geometry::PlayerSquares)> = match args {
            [] => rules.zones.iter().collect(),
            [name] => match rules.zones.get_key_value(*name) {
                Some(z) => vec![z],
                None => {
                    let names: Vec<&str> = rules.zones.keys().map(|k| k.as_str()).collect();
                    return Err(ReplError::new(format!("there is no zone `{name}`"))
                        .with_help(format!("the zones are {}", names.join(", "))));
                }
            },
            _ => {
                return Err(ReplError::new("`zones` takes at most one zone name")
                    .with_help("for example `zones` or `zones home`"))
            }
        };
        let mut parts = Vec::new();
        for (name, z) in selected {
            if z[0] == z[1] {
                parts.push(format!(
                    "zone {name} ({} squares, the same for both players):\n{}",
                    z[0].len(),
                    board::zone_board(rules, &z[0], self.style)
                ));
            } else {
                for p in Player::BOTH {
                    parts.push(format!(
                        "zone {name} for {} ({} squares):\n{}",
                        rules.players[p.index()],
                        z[p.index()].len(),
                        board::zone_board(rules, &z[p.index()], self.style)
                    ));
                }
            }
        }
        Ok(parts.join("\n"))
    }

    fn render(&self, args: &[&str]) -> Result<String> {
        let l = self.loaded()?;
        let path =
            crate::render::render_command(&l.engine, l.game.position(), args).map_err(|e| {
                ReplError::new(format!("cannot render: {e}")).with_help(
                    "for example `render start.svg`, `render --moves b1 knight.png` or \
                     `render --piece Cannon --at e5 cannon.svg`",
                )
            })?;
        Ok(format!("saved {}", path.display()))
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
        c.sides = rules.players.to_vec();
        c.zones = rules.zones.keys().cloned().collect();
        c.hand_letters = hand_kinds(rules, &l.engine.start_position())
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

/// Compiles a definition file into an engine, or explains why not.
fn compile_engine(path: &Path) -> Result<Arc<Engine>> {
    let rules = compile::compile_file(path).map_err(|d| {
        // The summary names the file already (`game.variant: 2 errors`); say it once.
        let shown = path.display().to_string();
        let summary = d
            .summary
            .strip_prefix(&format!("{shown}: "))
            .map(|rest| format!("{shown} does not compile ({rest})"))
            .unwrap_or_else(|| format!("{shown} does not compile: {}", d.summary));
        let d_summary = d.summary.clone();
        let rendered = format!("{:?}", miette::Report::new(d));
        let mut e = ReplError::new(summary);
        // The report's first line repeats the summary: show the errors themselves.
        let mut lines = rendered.lines().peekable();
        if lines.peek().is_some_and(|l| l.contains(&d_summary)) {
            lines.next();
            if lines.peek().is_some_and(|l| l.trim().is_empty()) {
                lines.next();
            }
        }
        for line in lines {
            e = e.with_context(line.to_string());
        }
        e.with_help("fix the definition and `load` or `reload` it")
    })?;
    let engine = Engine::new(rules)
        .map_err(|e| ReplError::new(format!("{} cannot be played: {e}", path.display())))?;
    Ok(Arc::new(engine))
}

/// A move with its number, as in a game record: `1. e2e4`, `1... e7e5`, or bare within a line.
fn numbered(pos: &Position, text: &str, first_in_line: bool) -> String {
    match pos.side_to_move() {
        Player::First => format!("{}. {text}", pos.fullmove_number()),
        Player::Second if first_in_line => format!("{}... {text}", pos.fullmove_number()),
        Player::Second => text.to_string(),
    }
}

/// The kinds a hand can hold: those a capture puts there (after `captured_as`), and those in a
/// hand at the start.
fn hand_kinds(rules: &RuleSet, start: &Position) -> Vec<crate::rules::PieceKind> {
    (0..rules.pieces.len())
        .map(|i| crate::rules::PieceKind(i as u8))
        .filter(|k| {
            (rules.drops.to_hand.contains(k) && rules.pieces.iter().any(|p| p.captured_as == *k))
                || Player::BOTH.iter().any(|p| start.hand(*p, *k) > 0)
        })
        .collect()
}

/// At most 40 characters of the text, with `…` when cut, to quote user input in a message.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A hand in words: `P x2, N` or `-`.
fn hand_text(rules: &RuleSet, pos: &Position, side: Player) -> String {
    let items: Vec<String> = pos
        .hand_contents(side)
        .into_iter()
        .map(|(k, n)| {
            let l = board::piece_letter(rules, Piece::new(side, k));
            if n == 1 {
                l
            } else {
                format!("{l} x{n}")
            }
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// The square a movement diagram is drawn from: the middle of the board, or of the piece's
/// confinement, or of the zone its moves depend on; always a square the piece may stand on.
fn diagram_square(rules: &RuleSet, kind: crate::rules::PieceKind, side: Player) -> Square {
    let d = rules.board.dims;
    let mut allowed = rules.board.squares;
    if let Confinement::Within(z) = &rules.piece(kind).confinement {
        let inside = allowed.intersect(&z[side.index()]);
        if !inside.is_empty() {
            allowed = inside;
        }
    }
    // The middle of the squares allowed: the board, or the zone the piece is confined to.
    let n = allowed.len().max(1) as f64;
    let cf = allowed.iter().map(|s| d.file(s) as f64).sum::<f64>() / n;
    let cr = allowed.iter().map(|s| d.rank(s) as f64).sum::<f64>() / n;
    // A piece that rides paths shows them only from a square on one: prefer those.
    let on_paths: SquareSet = rules
        .piece(kind)
        .rides
        .iter()
        .filter_map(|r| rules.paths.get(&r.path))
        .flat_map(|p| p.squares.iter().copied())
        .collect();
    let on_paths = allowed.intersect(&on_paths);
    if !on_paths.is_empty() {
        allowed = on_paths;
    }
    allowed
        .iter()
        .min_by(|a, b| {
            let da = (d.file(*a) as f64 - cf).powi(2) + (d.rank(*a) as f64 - cr).powi(2);
            let db = (d.file(*b) as f64 - cf).powi(2) + (d.rank(*b) as f64 - cr).powi(2);
            // Prefer the player's own side of the middle, where its pieces start from.
            let by_rank = match side {
                Player::First => d.rank(*a).cmp(&d.rank(*b)),
                Player::Second => d.rank(*b).cmp(&d.rank(*a)),
            };
            da.total_cmp(&db)
                .then(by_rank)
                .then(d.file(*a).cmp(&d.file(*b)))
        })
        .unwrap_or(Square(0))
}

#[cfg(test)]
mod tests {
    use super::*;

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
