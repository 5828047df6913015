//! The engine protocols GUIs speak: CECP ([`xboard`], XBoard/WinBoard, version 2) and [`uci`].
//!
//! Both share what is here: the loaded definitions ([`Catalog`]), the search run on its own thread
//! (`Thinker`) so that the protocol keeps answering (`?`, `stop`, `ping`, `quit`) while it thinks,
//! and the event loop that merges the GUI's lines with the search's reports. A protocol is a front
//! end: it reads lines and writes lines, and never panics on what the GUI sends.

pub mod uci;
pub mod xboard;

use crate::compile::check_named;
use crate::engine::{Engine, Game, GameResult, Move, Position, Status};
use crate::geometry::Player;
use crate::search::{Info, Limits, SearchResult, Searcher};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The hash table size a protocol starts with, in megabytes.
pub const DEFAULT_HASH_MB: usize = 64;
/// The largest hash table a GUI may ask for, in megabytes (`memory`, `Hash`).
pub const MAX_HASH_MB: usize = 4096;
/// Longest input line a protocol reads; longer lines are refused (a GUI never sends them).
pub const MAX_LINE: usize = 64 * 1024;
/// Most definitions one protocol session may hold.
pub const MAX_DEFINITIONS: usize = 256;

/// Bounds a protocol session puts on its searches and its hash table, whatever the GUI asks.
/// The default is what a GUI gets; [`Settings::capped`] is for tests and fuzzing, where a search
/// bounded by the clock (`go`, `analyze`, a time control) makes every run slow and its result
/// depend on the machine, and a 64 MB table costs more than the few nodes searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The hash table at the start, in megabytes.
    pub hash_mb: usize,
    /// The largest hash table `memory` or `Hash` may set, in megabytes.
    pub max_hash_mb: usize,
    /// Most nodes of any search, infinite ones included (`None`: as the GUI asks).
    pub max_nodes: Option<u64>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            max_hash_mb: MAX_HASH_MB,
            max_nodes: None,
        }
    }
}

impl Settings {
    /// Every search stops after `nodes` nodes, with a 1 MB table.
    pub fn capped(nodes: u64) -> Settings {
        Settings {
            hash_mb: 1,
            max_hash_mb: 1,
            max_nodes: Some(nodes.max(1)),
        }
    }
}

/// One loaded definition: the name the GUI knows it by and its engine.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The file name without `.variant`.
    pub name: String,
    /// The compiled engine.
    pub engine: Arc<Engine>,
}

/// The definitions a protocol session plays.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    defs: Vec<Definition>,
}

impl Catalog {
    /// Loads every path: a `.variant` file, or a folder whose `.variant` files are all loaded.
    /// The first failure is returned as a printable message (with the diagnostics).
    pub fn load(paths: &[PathBuf]) -> Result<Catalog, String> {
        let mut catalog = Catalog::default();
        for p in paths {
            catalog.add_path(p)?;
        }
        Ok(catalog)
    }

    /// Adds one file or folder; returns the names added. A name already loaded is replaced.
    pub fn add_path(&mut self, path: &Path) -> Result<Vec<String>, String> {
        let files = if path.is_dir() {
            let entries = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "variant"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(format!(
                    "the folder {} has no .variant files",
                    path.display()
                ));
            }
            files
        } else {
            vec![path.to_path_buf()]
        };
        let mut names = Vec::new();
        for f in files {
            names.push(self.add_file(&f)?);
        }
        Ok(names)
    }

    fn add_file(&mut self, path: &Path) -> Result<String, String> {
        // A path, or the name of a shipped definition (`chimera xboard chess`).
        let rules = check_named(path).map_err(|d| d.render_plain())?.rules;
        let engine = Engine::new(rules)
            .map_err(|e| format!("{}: the engine cannot be built: {e}", path.display()))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic() && c != ','))
            .ok_or_else(|| {
                format!(
                    "{}: a protocol names a variant by its file name, which must be printable \
                     ASCII without commas or spaces",
                    path.display()
                )
            })?;
        let def = Definition {
            name: name.clone(),
            engine: Arc::new(engine),
        };
        if let Some(old) = self.defs.iter_mut().find(|d| d.name == name) {
            *old = def;
        } else if self.defs.len() >= MAX_DEFINITIONS {
            return Err(format!(
                "at most {MAX_DEFINITIONS} definitions may be loaded at once"
            ));
        } else {
            self.defs.push(def);
        }
        Ok(name)
    }

    /// The definitions, in loading order.
    pub fn definitions(&self) -> &[Definition] {
        &self.defs
    }

    /// The index of the definition with this name (case-insensitive).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.defs
            .iter()
            .position(|d| d.name.eq_ignore_ascii_case(name))
    }

    /// Whether nothing is loaded.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }
}

/// What the event loop receives: a GUI line, the end of input, or news from the search thread.
pub(crate) enum Event {
    /// One line from the GUI, without its line ending.
    Line(String),
    /// A line that was too long to read; it is answered with an error.
    TooLong,
    /// The GUI closed our input.
    Eof,
    /// A progress line the search `id` produced.
    Output(u64, String),
    /// The search `id` finished (on its own or after the stop flag).
    Done(u64),
}

/// Starts the thread that reads the GUI's lines and forwards them as events.
pub(crate) fn spawn_reader<R: BufRead + Send + 'static>(mut input: R, tx: Sender<Event>) {
    std::thread::spawn(move || loop {
        let mut buf = Vec::new();
        let read = input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        match read {
            Ok(0) | Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(_) => {
                let event = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
                    // Skip the rest of the over-long line.
                    let mut rest = Vec::new();
                    let _ = input.read_until(b'\n', &mut rest);
                    Event::TooLong
                } else {
                    let text = String::from_utf8_lossy(&buf);
                    Event::Line(text.trim_end_matches(['\n', '\r']).to_string())
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
        }
    });
}

/// Where a protocol writes: every line is flushed at once, as GUIs expect.
pub(crate) struct Out {
    w: Box<dyn Write + Send>,
}

impl Out {
    pub(crate) fn new(w: Box<dyn Write + Send>) -> Out {
        Out { w }
    }
    /// Writes one line; a closed output is ignored (the GUI went away; `quit` or EOF follows).
    pub(crate) fn line(&mut self, text: &str) {
        let _ = writeln!(self.w, "{text}");
        let _ = self.w.flush();
    }
}

/// A search running on its own thread.
struct Running {
    id: u64,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(Searcher, SearchResult)>,
}

/// Runs searches on a thread, one at a time, keeping the searcher (and its hash table) between them.
pub(crate) struct Thinker {
    searcher: Option<Searcher>,
    running: Option<Running>,
    next_id: u64,
    hash_mb: usize,
    settings: Settings,
}

/// Formats a progress report for the GUI; `None` prints nothing.
pub(crate) type InfoFormat = Box<dyn Fn(&Game, &Info) -> Option<String> + Send>;

impl Thinker {
    /// A thinker for an engine, with the hash table and search bounds of `settings`.
    pub(crate) fn new(engine: Arc<Engine>, settings: Settings) -> Thinker {
        let hash_mb = settings.hash_mb.min(settings.max_hash_mb);
        Thinker {
            searcher: Some(Searcher::new(engine, hash_mb)),
            running: None,
            next_id: 1,
            hash_mb,
            settings,
        }
    }

    /// Replaces the searcher (another variant, or another hash size, at most the settings'
    /// largest); stops any search first.
    pub(crate) fn reset(&mut self, engine: Arc<Engine>, hash_mb: usize) {
        self.stop();
        self.hash_mb = hash_mb.min(self.settings.max_hash_mb);
        self.searcher = Some(Searcher::new(engine, self.hash_mb));
    }

    /// The hash size in use.
    pub(crate) fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets the hash table (a new game).
    pub(crate) fn clear(&mut self) {
        self.stop();
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// The id of the running search.
    pub(crate) fn running_id(&self) -> Option<u64> {
        self.running.as_ref().map(|r| r.id)
    }

    /// Starts searching `game` within `limits`; progress and the end arrive as events on `tx`.
    /// Stops a search already running first. Returns the new search's id.
    pub(crate) fn start(
        &mut self,
        game: &Game,
        limits: Limits,
        format: InfoFormat,
        tx: Sender<Event>,
    ) -> u64 {
        self.stop();
        let mut limits = limits;
        if let Some(cap) = self.settings.max_nodes {
            // An infinite search (analysis, `go infinite`) ignores every other limit: under a cap
            // it ends at the cap too, as if the GUI had said `stop`.
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
            limits.infinite = false;
        }
        let id = self.next_id;
        self.next_id += 1;
        let engine = game.engine().clone();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(engine, self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let game = game.clone();
        let handle = std::thread::spawn(move || {
            let out = tx.clone();
            let mut on_info = |info: &Info| {
                if let Some(line) = format(&game, info) {
                    let _ = out.send(Event::Output(id, line));
                }
            };
            let result = searcher.search(&game, &limits, &flag, &mut on_info);
            let _ = tx.send(Event::Done(id));
            (searcher, result)
        });
        self.running = Some(Running { id, stop, handle });
        id
    }

    /// Waits for the running search to end (after its own limits, or at once when `stop`), takes
    /// the searcher back and returns the result with the search's id.
    fn join(&mut self, stop: bool) -> Option<(u64, Option<SearchResult>)> {
        let running = self.running.take()?;
        if stop {
            running.stop.store(true, Ordering::Relaxed);
        }
        match running.handle.join() {
            Ok((searcher, result)) => {
                self.searcher = Some(searcher);
                Some((running.id, Some(result)))
            }
            // A panicking search loses its searcher; the next search builds a fresh one.
            Err(_) => Some((running.id, None)),
        }
    }

    /// Stops the running search, if any, and returns what it found so far.
    pub(crate) fn stop(&mut self) -> Option<(u64, Option<SearchResult>)> {
        self.join(true)
    }

    /// Collects the result of a search that reported `Done(id)`; `None` when `id` is stale.
    pub(crate) fn finished(&mut self, id: u64) -> Option<Option<SearchResult>> {
        if self.running_id() != Some(id) {
            return None;
        }
        self.join(false).map(|(_, r)| r)
    }
}

/// A channel for a protocol's events.
pub(crate) fn events() -> (Sender<Event>, Receiver<Event>) {
    channel()
}

/// The result text of a finished game: `1-0`, `0-1` or `1/2-1/2`.
pub(crate) fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Player::First) => "1-0",
        GameResult::Win(Player::Second) => "0-1",
        GameResult::Draw => "1/2-1/2",
    }
}

/// The reason a game ended, in words, capitalised: "Black is checkmated", "The position has repeated".
pub(crate) fn end_reason(game: &Game, status: &Status) -> String {
    let rules = game.engine().rules();
    let text = status.describe(&rules.players, game.position().side_to_move());
    let reason = text.split(':').next().unwrap_or(&text).trim().to_string();
    let mut chars = reason.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => reason,
    }
}

/// Parses a non-negative whole number a GUI typed, bounded by `max`.
pub(crate) fn bounded<T: std::str::FromStr + PartialOrd>(text: &str, max: T) -> Option<T> {
    text.parse::<T>().ok().filter(|v| *v <= max)
}

/// A principal variation as text, each move written by `text` in the position it is played in;
/// it stops at the first move that is not legal there.
pub(crate) fn pv_text(
    engine: &Engine,
    start: &Position,
    pv: &[Move],
    text: impl Fn(&Engine, &Position, Move) -> String,
) -> String {
    let mut pos = start.clone();
    let mut words = Vec::new();
    for &mv in pv {
        if !engine.legal_moves(&pos).contains(&mv) {
            break;
        }
        words.push(text(engine, &pos, mv));
        pos = engine.play(&pos, mv);
    }
    words.join(" ")
}

/// A GUI's text on one line and shortened, for an error message.
pub(crate) fn shorten(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.chars().count() > 80 {
        format!("{}...", t.chars().take(80).collect::<String>())
    } else {
        t
    }
}

/// The kinds a hand can hold: what captured (non-royal) pieces become, when the variant sends
/// them to the captor's hand.
pub(crate) fn hand_kinds(rules: &crate::rules::RuleSet) -> Vec<crate::rules::PieceKind> {
    let mut kinds: Vec<crate::rules::PieceKind> = rules
        .pieces
        .iter()
        .filter(|p| !p.royal)
        .map(|p| p.captured_as)
        .filter(|k| rules.drops.to_hand.contains(k))
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}
