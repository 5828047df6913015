//! `chimera xboard`: the Chess Engine Communication Protocol, version 2 (XBoard, WinBoard).
//!
//! The engine announces every loaded definition in `feature variants=...` under its file name
//! (XBoard's own names kept for the games XBoard knows), and answers `variant NAME` with the
//! `setup` and `piece` lines XBoard needs to run a variant it has never heard of. The search runs
//! on its own thread (`Thinker`), so `?`, `force`, `quit` and the rest are answered while
//! it thinks. Bad input is answered (`Error (...)`, `Illegal move: ...`) and changes nothing.

pub(crate) mod notation;

use super::{
    bounded, end_reason, events, pv_text, result_text, shorten, spawn_reader, Catalog, Event,
    InfoFormat, Out, Settings, Thinker, MAX_HASH_MB,
};
use crate::engine::{Engine, Game};
use crate::geometry::Player;
use crate::search::{Clock, Info, Limits, Score, SearchResult, MAX_DEPTH};
use notation::{move_text, parse_move, xboard_builtin, xboard_name, Coords};
use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

/// The time control set by `level`: moves per session (0: the whole game), base time, increment.
#[derive(Clone, Copy, Debug, Default)]
struct TimeControl {
    moves: u32,
    base: Duration,
    increment: Duration,
}

/// One XBoard session: the loaded definitions, the game, the modes and the clocks.
struct Session {
    catalog: Catalog,
    current: usize,
    game: Game,
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Player,
    post: bool,
    tc: TimeControl,
    /// `st`: a fixed time per move.
    per_move: Option<Duration>,
    /// `sd`: a depth limit.
    depth: Option<u32>,
    /// The engine's clock, from `time` (XBoard sends it before each of the engine's moves).
    my_time: Option<Duration>,
    /// The game has ended (a result was claimed or received); no more thinking until it changes.
    game_over: bool,
    /// `ping`s that arrived while the engine was thinking about its move: answered after it moves.
    pending_pongs: Vec<String>,
    thinker: Thinker,
    /// The running search is for the engine's move (not stale).
    search_id: Option<u64>,
    tx: Sender<Event>,
    out: Out,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static>(catalog: Catalog, input: R, output: Box<dyn Write + Send>) {
    run_with(catalog, input, output, Settings::default());
}

/// [`run`] with bounds on the searches and the hash table (tests, fuzzing).
pub fn run_with<R: BufRead + Send + 'static>(
    catalog: Catalog,
    input: R,
    output: Box<dyn Write + Send>,
    settings: Settings,
) {
    let (tx, rx) = events();
    spawn_reader(input, tx.clone());
    let Some(mut session) = Session::new(catalog, tx, Out::new(output), settings) else {
        return;
    };
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if !session.command(&line) {
                    break;
                }
            }
            Event::TooLong => session.out.line("Error (line too long): ..."),
            Event::Eof => break,
            Event::Output(id, text) => {
                if session.search_id == Some(id) {
                    session.out.line(&text);
                }
            }
            Event::Done(id) => session.search_finished(id),
        }
    }
    session.thinker.stop();
}

impl Session {
    fn new(catalog: Catalog, tx: Sender<Event>, out: Out, settings: Settings) -> Option<Session> {
        let current = default_variant(&catalog)?;
        let engine = catalog.definitions()[current].engine.clone();
        let game = Game::new(engine.clone(), engine.start_position());
        Some(Session {
            catalog,
            current,
            game,
            force: false,
            engine_side: Player::Second,
            post: false,
            tc: TimeControl::default(),
            per_move: None,
            depth: None,
            my_time: None,
            game_over: false,
            pending_pongs: Vec::new(),
            thinker: Thinker::new(engine, settings),
            search_id: None,
            tx,
            out,
        })
    }

    fn engine(&self) -> Arc<Engine> {
        self.game.engine().clone()
    }

    /// Handles one line from XBoard; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "" => {}
            "quit" => return false,
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "put" | "hover" | "nps" | "cores"
            | "egtpath" | "option" | "pause" | "resume" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => self.variant(rest),
            "force" => {
                self.abandon_search();
                self.force = true;
            }
            "go" => {
                self.abandon_search();
                self.force = false;
                self.engine_side = self.game.position().side_to_move();
                self.think();
            }
            "playother" => {
                self.abandon_search();
                self.force = false;
                self.engine_side = self.game.position().side_to_move().other();
            }
            "white" | "black" => {
                // Protocol version 1: the named side moves, the engine plays the other.
                self.abandon_search();
                self.engine_side = if word == "white" {
                    Player::Second
                } else {
                    Player::First
                };
            }
            "usermove" => self.user_move(rest),
            "?" => self.move_now(),
            "ping" => {
                let pong = format!("pong {rest}");
                if self.search_id.is_some() {
                    self.pending_pongs.push(pong);
                } else {
                    self.out.line(&pong);
                }
            }
            "result" => {
                self.abandon_search();
                self.game_over = true;
            }
            "setboard" => self.setboard(rest),
            "undo" => self.take_back(1, line),
            "remove" => self.take_back(2, line),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "level" => self.level(rest, line),
            "st" => match rest.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 && s <= 1e6 => {
                    self.per_move = Some(Duration::from_secs_f64(s))
                }
                _ => self.bad_argument(line),
            },
            "sd" => match bounded::<u32>(rest, MAX_DEPTH) {
                Some(d) if d > 0 => self.depth = Some(d),
                _ => self.bad_argument(line),
            },
            "time" => match bounded::<u64>(rest, 1_000_000_000) {
                Some(cs) => self.my_time = Some(Duration::from_millis(cs * 10)),
                None => self.bad_argument(line),
            },
            "otim" => {
                if bounded::<u64>(rest, 1_000_000_000).is_none() {
                    self.bad_argument(line);
                }
            }
            "memory" => match bounded::<usize>(rest, MAX_HASH_MB) {
                Some(mb) if mb > 0 => {
                    if mb != self.thinker.hash_mb() {
                        self.abandon_search();
                        self.thinker.reset(self.engine(), mb);
                    }
                }
                _ => self.out.line(&format!(
                    "Error (memory must be 1 to {MAX_HASH_MB} MB): {line}"
                )),
            },
            "lift" => {
                let engine = self.engine();
                let c = Coords::new(engine.rules().board.dims);
                match c.parse(rest) {
                    Some(sq) => {
                        let h = notation::highlight(&engine, self.game.position(), sq);
                        self.out.line(&h);
                    }
                    None => self.bad_argument(line),
                }
            }
            "hint" => {}
            _ => {
                if looks_like_move(word) && rest.is_empty() {
                    self.user_move(word);
                } else {
                    self.out
                        .line(&format!("Error (unknown command): {}", shorten(line)));
                }
            }
        }
        true
    }

    fn bad_argument(&mut self, line: &str) {
        self.out
            .line(&format!("Error (bad argument): {}", shorten(line)));
    }

    fn features(&mut self) {
        let names: Vec<String> = self
            .catalog
            .definitions()
            .iter()
            .map(|d| xboard_name(&d.name))
            .collect();
        self.out.line(&format!(
            "feature myname=\"Chimera {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.out.line(
            "feature setboard=1 usermove=1 ping=1 playother=1 san=0 time=1 draw=0 sigint=0 \
             sigterm=0 reuse=1 analyze=0 colors=0 name=0 nps=0 debug=1 memory=1 smp=0 \
             exclude=0 highlight=1",
        );
        self.out.line("feature done=1");
    }

    /// `new`: the start position of the default variant; the engine plays the second player.
    fn new_game(&mut self) {
        self.abandon_search();
        let index = default_variant(&self.catalog).unwrap_or(self.current);
        let one = self.catalog.definitions().len() == 1;
        self.select(index);
        self.force = false;
        self.engine_side = Player::Second;
        self.per_move = None;
        self.depth = None;
        self.my_time = None;
        self.thinker.clear();
        if one {
            self.send_setup();
        }
    }

    /// `variant NAME`: switch to that definition and describe it to XBoard.
    fn variant(&mut self, name: &str) {
        let found = self
            .catalog
            .definitions()
            .iter()
            .position(|d| xboard_name(&d.name).eq_ignore_ascii_case(name));
        match found {
            Some(i) => {
                self.abandon_search();
                self.select(i);
                self.thinker.clear();
                self.send_setup();
            }
            None => self
                .out
                .line(&format!("Error (unsupported variant): {}", shorten(name))),
        }
    }

    fn select(&mut self, index: usize) {
        let engine = self.catalog.definitions()[index].engine.clone();
        if index != self.current {
            self.thinker.reset(engine.clone(), self.thinker.hash_mb());
        }
        self.current = index;
        self.game = Game::new(engine.clone(), engine.start_position());
        self.game_over = false;
    }

    /// The `setup` and `piece` lines, unless XBoard knows the variant by its own rules.
    fn send_setup(&mut self) {
        let def = &self.catalog.definitions()[self.current];
        if xboard_builtin(&xboard_name(&def.name)) {
            return;
        }
        for line in notation::setup_lines(&def.engine) {
            self.out.line(&line);
        }
    }

    fn setboard(&mut self, fen: &str) {
        let engine = self.engine();
        match crate::notation::parse_fen(&engine, fen) {
            Ok(pos) => {
                self.abandon_search();
                self.game = Game::new(engine, pos);
                self.game_over = false;
            }
            Err(e) => self.out.line(&format!(
                "tellusererror Illegal position: {}",
                one_line(&e.to_string())
            )),
        }
    }

    fn take_back(&mut self, plies: usize, line: &str) {
        if self.game.moves().len() < plies {
            self.out
                .line(&format!("Error (command not legal now): {}", shorten(line)));
            return;
        }
        self.abandon_search();
        for _ in 0..plies {
            self.game.undo();
        }
        self.game_over = false;
    }

    /// `level MPS BASE INC`, BASE in minutes or `minutes:seconds`.
    fn level(&mut self, args: &str, line: &str) {
        let parts: Vec<&str> = args.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [mps, base, inc] => (|| {
                let moves = bounded::<u32>(mps, 10_000)?;
                let base = match base.split_once(':') {
                    Some((m, s)) => bounded::<u64>(m, 100_000)? * 60 + bounded::<u64>(s, 59)?,
                    None => bounded::<u64>(base, 100_000)? * 60,
                };
                let inc = inc
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0 && *x <= 1e5)?;
                Some(TimeControl {
                    moves,
                    base: Duration::from_secs(base),
                    increment: Duration::from_secs_f64(inc),
                })
            })(),
            _ => None,
        };
        match parsed {
            Some(tc) => {
                self.tc = tc;
                self.per_move = None;
            }
            None => self.bad_argument(line),
        }
    }

    fn user_move(&mut self, text: &str) {
        let engine = self.engine();
        let pos = self.game.position().clone();
        let Some(mv) = parse_move(&engine, &pos, text) else {
            self.out.line(&format!("Illegal move: {}", shorten(text)));
            if let Err(e) = crate::notation::parse_move(&engine, &pos, text) {
                self.out.line(&format!("# {}", one_line(&e.message)));
            }
            return;
        };
        // A move from XBoard while the engine thinks (it should not happen) replaces the search.
        self.abandon_search();
        self.game.play(mv);
        if !self.claim_if_over() {
            self.think();
        }
    }

    /// Claims the result when the game has ended (outside force mode); true when it has ended.
    fn claim_if_over(&mut self) -> bool {
        let status = self.game.status();
        let Some(result) = status.result() else {
            return false;
        };
        if !self.force && !self.game_over {
            let reason = end_reason(&self.game, &status);
            self.out
                .line(&format!("{} {{{}}}", result_text(result), reason));
        }
        self.game_over = true;
        true
    }

    /// Starts thinking when it is the engine's move.
    fn think(&mut self) {
        if self.force
            || self.game_over
            || self.search_id.is_some()
            || self.game.position().side_to_move() != self.engine_side
        {
            return;
        }
        if self.game.status().is_over() {
            self.claim_if_over();
            return;
        }
        let limits = self.limits();
        let format = info_format(self.post);
        let id = self
            .thinker
            .start(&self.game, limits, format, self.tx.clone());
        self.search_id = Some(id);
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
        } else {
            // The search keeps back time for the pipe and the scheduler itself
            // (`search::MOVE_OVERHEAD`): XBoard's clock runs until it has read the move.
            let remaining = self.my_time.unwrap_or(self.tc.base);
            if remaining > Duration::ZERO || self.tc.increment > Duration::ZERO {
                let moves_to_go = (self.tc.moves > 0).then(|| {
                    let done = self.game.position().fullmove_number().saturating_sub(1) as u32;
                    self.tc.moves - done % self.tc.moves
                });
                limits.clock = Some(Clock {
                    remaining,
                    increment: self.tc.increment,
                    moves_to_go,
                });
            } else if self.depth.is_none() {
                // No time control at all: a few seconds a move.
                limits.movetime = Some(Duration::from_secs(5));
            }
        }
        limits
    }

    /// The search ended by itself: play its move.
    fn search_finished(&mut self, id: u64) {
        if self.search_id != Some(id) {
            // A stale search (already stopped and discarded).
            let _ = self.thinker.finished(id);
            return;
        }
        let result = self.thinker.finished(id).flatten();
        self.search_id = None;
        self.play_result(result);
    }

    /// `?`: stop thinking and play the best move found so far.
    fn move_now(&mut self) {
        if self.search_id.take().is_some() {
            let result = self.thinker.stop().and_then(|(_, r)| r);
            self.play_result(result);
        }
    }

    fn play_result(&mut self, result: Option<SearchResult>) {
        let best = result.and_then(|r| r.best).or_else(|| {
            // No result (the search failed): any legal move rather than none.
            self.engine()
                .legal_moves(self.game.position())
                .first()
                .copied()
        });
        match best {
            Some(mv) => {
                let engine = self.engine();
                let text = move_text(&engine, self.game.position(), mv);
                self.game.play(mv);
                self.out.line(&format!("move {text}"));
                self.claim_if_over();
            }
            None => {
                self.claim_if_over();
            }
        }
        for pong in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&pong);
        }
    }

    /// Stops a running search and forgets it.
    fn abandon_search(&mut self) {
        if self.search_id.take().is_some() {
            self.thinker.stop();
        }
        for pong in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&pong);
        }
    }
}

/// The variant a session starts with and `new` returns to: the only one, or XBoard's `normal`.
fn default_variant(catalog: &Catalog) -> Option<usize> {
    let defs = catalog.definitions();
    if defs.is_empty() {
        return None;
    }
    Some(
        defs.iter()
            .position(|d| xboard_name(&d.name) == "normal")
            .filter(|_| defs.len() > 1)
            .unwrap_or(0),
    )
}

/// XBoard's thinking line: `ply score time nodes pv`, the score in centipawns (mates as
/// 100000 + moves), the time in centiseconds.
fn info_format(post: bool) -> InfoFormat {
    Box::new(move |game: &Game, info: &Info| {
        if !post {
            return None;
        }
        let score = match info.score {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 + n,
            Score::Mate(n) => -100_000 + n,
        };
        Some(format!(
            "{} {} {} {} {}",
            info.depth,
            score,
            info.time.as_millis() / 10,
            info.nodes,
            pv_text(game.engine(), game.position(), &info.pv, move_text)
        ))
    })
}

/// Whether a word has the shape of a move (`e2e4`, `P@e4`, `a0a1`), so it is answered as one.
fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    if b.len() >= 4 && b[1] == b'@' {
        return b[0].is_ascii_alphabetic();
    }
    b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
