//! `chimera uci`: the Universal Chess Interface, with Fairy-Stockfish's variant extensions.
//!
//! `UCI_Variant` lists the loaded definitions (by file name); `VariantPath` loads another
//! definition file (or folder) while running. Choosing a variant prints
//! `info string variant NAME files F ranks R pocket P template fairy startpos FEN`, as
//! Fairy-Stockfish does. Moves are written in Chimera's notation (`e2e4`, `e7e8q`, `b2h8+`,
//! `P@e4`, `c1e3xd2`); in a variant that castles as Chess960 does (`castling ... to`), castling is
//! the king taking its own rook (`e1h1`) when `UCI_Chess960` is on, the king's move (`e1g1`)
//! otherwise, and either is read. The search runs on its own thread, so `stop`, `isready` and `quit` are
//! answered while it thinks. Bad input is answered with an `info string` and changes nothing.

use super::{
    bounded, events, pv_text, shorten, spawn_reader, Catalog, Event, InfoFormat, Out, Settings,
    Thinker, DEFAULT_HASH_MB, MAX_HASH_MB,
};
use crate::engine::{Engine, Game, Move, Position};
use crate::geometry::Player;
use crate::notation::{move_text, parse_fen, parse_move};
use crate::search::{Clock, Info, Limits, Score, SearchResult, MAX_DEPTH};
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

/// Most moves a `position` command may list.
const MAX_POSITION_MOVES: usize = 10_000;

struct Session {
    catalog: Catalog,
    current: usize,
    game: Game,
    thinker: Thinker,
    search_id: Option<u64>,
    tx: Sender<Event>,
    out: Out,
    /// `UCI_Chess960`: castling written as the king taking its rook.
    chess960: bool,
}

/// A move as this protocol writes it: Chimera's notation, but a castling of a `castling ... to`
/// variant as the king's move unless `UCI_Chess960` is on (or the king does not move).
fn uci_move_text(engine: &Engine, pos: &Position, mv: Move, chess960: bool) -> String {
    if mv.is_castle()
        && !chess960
        && mv.from != mv.to
        && crate::notation::castles_anywhere(engine.rules())
    {
        crate::notation::king_move_text(engine, mv)
    } else {
        move_text(engine, pos, mv)
    }
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
    if catalog.is_empty() {
        return;
    }
    let (tx, rx) = events();
    spawn_reader(input, tx.clone());
    let engine = catalog.definitions()[0].engine.clone();
    let mut s = Session {
        current: 0,
        game: Game::new(engine.clone(), engine.start_position()),
        thinker: Thinker::new(engine, settings),
        search_id: None,
        catalog,
        tx,
        out: Out::new(output),
        chess960: false,
    };
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if !s.command(&line) {
                    break;
                }
            }
            Event::TooLong => s.out.line("info string Error (line too long)"),
            Event::Eof => break,
            Event::Output(id, text) => {
                if s.search_id == Some(id) {
                    s.out.line(&text);
                }
            }
            Event::Done(id) => {
                if s.search_id == Some(id) {
                    let result = s.thinker.finished(id).flatten();
                    s.search_id = None;
                    s.bestmove(result);
                } else {
                    let _ = s.thinker.finished(id);
                }
            }
        }
    }
    s.thinker.stop();
}

impl Session {
    fn engine(&self) -> Arc<Engine> {
        self.game.engine().clone()
    }

    fn command(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match word {
            "" => {}
            "quit" => return false,
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "debug" | "ponderhit" | "register" => {}
            "ucinewgame" => {
                self.stop_and_report();
                self.thinker.clear();
                let engine = self.engine();
                self.game = Game::new(engine.clone(), engine.start_position());
            }
            "setoption" => self.setoption(rest),
            "position" => self.position(rest),
            "go" => self.go(rest),
            "stop" => self.stop_and_report(),
            "d" => {
                let engine = self.engine();
                let fen = crate::notation::to_fen(&engine, self.game.position());
                self.out.line(&format!("info string fen {fen}"));
            }
            _ => self.out.line(&format!(
                "info string Error (unknown command): {}",
                shorten(line)
            )),
        }
        true
    }

    fn identify(&mut self) {
        self.out
            .line(&format!("id name Chimera {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Chimera authors");
        let names: Vec<String> = self
            .catalog
            .definitions()
            .iter()
            .map(|d| format!(" var {}", d.name))
            .collect();
        self.out.line(&format!(
            "option name UCI_Variant type combo default {}{}",
            self.catalog.definitions()[self.current].name,
            names.concat()
        ));
        self.out
            .line("option name VariantPath type string default <empty>");
        self.out.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.out.line("option name Clear Hash type button");
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out.line("uciok");
    }

    fn setoption(&mut self, args: &str) {
        // setoption name NAME [value VALUE]; names may contain spaces.
        let Some(args) = args.strip_prefix("name") else {
            self.out.line(&format!(
                "info string Error (bad option): {}",
                shorten(args)
            ));
            return;
        };
        let (name, value) = match args.find(" value ") {
            Some(i) => (args[..i].trim(), args[i + 7..].trim()),
            None => (args.trim().trim_end_matches(" value").trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.catalog.find(value) {
                Some(i) => {
                    self.stop_and_report();
                    self.select(i);
                    self.announce();
                }
                None => self.out.line(&format!(
                    "info string Error (unknown variant): {}",
                    shorten(value)
                )),
            },
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                match self.catalog.add_path(Path::new(value)) {
                    Ok(names) => {
                        self.out
                            .line(&format!("info string loaded {}", names.join(" ")));
                        // A reloaded current definition takes effect now.
                        let name = self.catalog.definitions()[self.current].name.clone();
                        if names.contains(&name) {
                            self.stop_and_report();
                            self.select(self.current);
                        }
                    }
                    Err(e) => {
                        for l in e.lines().filter(|l| !l.trim().is_empty()) {
                            self.out.line(&format!("info string {l}"));
                        }
                    }
                }
            }
            "hash" => match bounded::<usize>(value, MAX_HASH_MB) {
                Some(mb) if mb > 0 => {
                    self.stop_and_report();
                    self.thinker.reset(self.engine(), mb);
                }
                _ => self.out.line(&format!(
                    "info string Error (Hash must be 1 to {MAX_HASH_MB}): {}",
                    shorten(value)
                )),
            },
            "uci_chess960" => match value.to_ascii_lowercase().as_str() {
                "true" => self.chess960 = true,
                "false" => self.chess960 = false,
                _ => self.out.line(&format!(
                    "info string Error (UCI_Chess960 is true or false): {}",
                    shorten(value)
                )),
            },
            "clear hash" => {
                self.stop_and_report();
                self.thinker.clear();
            }
            _ => self.out.line(&format!(
                "info string Error (unknown option): {}",
                shorten(name)
            )),
        }
    }

    fn select(&mut self, index: usize) {
        let engine = self.catalog.definitions()[index].engine.clone();
        self.thinker.reset(engine.clone(), self.thinker.hash_mb());
        self.current = index;
        self.game = Game::new(engine.clone(), engine.start_position());
    }

    /// Fairy-Stockfish's variant line.
    fn announce(&mut self) {
        let def = &self.catalog.definitions()[self.current];
        let rules = def.engine.rules();
        let pocket = super::hand_kinds(rules);
        let line = format!(
            "info string variant {} files {} ranks {} pocket {} template fairy startpos {}",
            def.name,
            rules.board.dims.files,
            rules.board.dims.ranks,
            pocket.len(),
            crate::notation::to_fen(&def.engine, &def.engine.start_position())
        );
        self.out.line(&line);
    }

    /// `position startpos|fen FEN [moves M...]`: all or nothing, the old position kept on error.
    fn position(&mut self, args: &str) {
        let engine = self.engine();
        let (setup, moves) = match args.find(" moves") {
            Some(i) => (&args[..i], args[i + 6..].trim()),
            None => (args, ""),
        };
        let setup = setup.trim();
        let start = if setup == "startpos" {
            engine.start_position()
        } else if let Some(fen) = setup.strip_prefix("fen") {
            match parse_fen(&engine, fen.trim()) {
                Ok(p) => p,
                Err(e) => {
                    self.out.line(&format!(
                        "info string Illegal position: {}",
                        shorten(&e.to_string())
                    ));
                    return;
                }
            }
        } else {
            self.out.line(&format!(
                "info string Error (position needs startpos or fen): {}",
                shorten(args)
            ));
            return;
        };
        let words: Vec<&str> = moves.split_whitespace().collect();
        if words.len() > MAX_POSITION_MOVES {
            self.out.line(&format!(
                "info string Error (more than {MAX_POSITION_MOVES} moves)"
            ));
            return;
        }
        let mut game = Game::new(engine.clone(), start);
        for w in words {
            match parse_move(&engine, game.position(), w) {
                Ok(m) => game.play(m),
                Err(e) => {
                    self.out.line(&format!(
                        "info string Illegal move: {} ({})",
                        shorten(w),
                        shorten(&e.message)
                    ));
                    return;
                }
            }
        }
        self.stop_and_report();
        self.game = game;
    }

    fn go(&mut self, args: &str) {
        self.stop_and_report();
        let side = self.game.position().side_to_move();
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, None, None, None);
        let mut words = args.split_whitespace();
        while let Some(w) = words.next() {
            let mut num = |max: u64| words.next().and_then(|v| bounded::<u64>(v, max));
            let ok = match w {
                "depth" => num(MAX_DEPTH as u64).map(|d| limits.depth = Some(d as u32)),
                "nodes" => num(u64::MAX).map(|n| limits.nodes = Some(n)),
                "movetime" => num(1 << 40).map(|ms| limits.movetime = Some(ms_dur(ms))),
                "wtime" => num(1 << 40).map(|ms| wtime = Some(ms_dur(ms))),
                "btime" => num(1 << 40).map(|ms| btime = Some(ms_dur(ms))),
                "winc" => num(1 << 40).map(|ms| winc = Some(ms_dur(ms))),
                "binc" => num(1 << 40).map(|ms| binc = Some(ms_dur(ms))),
                "movestogo" => num(10_000).map(|n| togo = Some(n as u32)),
                "infinite" => {
                    limits.infinite = true;
                    Some(())
                }
                "ponder" => Some(()),
                _ => None,
            };
            if ok.is_none() {
                self.out.line(&format!(
                    "info string Error (bad go argument): {}",
                    shorten(args)
                ));
                return;
            }
        }
        let (time, inc) = match side {
            Player::First => (wtime, winc),
            Player::Second => (btime, binc),
        };
        if let Some(remaining) = time {
            limits.clock = Some(Clock {
                remaining,
                increment: inc.unwrap_or_default(),
                moves_to_go: togo.filter(|&n| n > 0),
            });
        }
        let id = self.thinker.start(
            &self.game,
            limits,
            info_format(self.chess960),
            self.tx.clone(),
        );
        self.search_id = Some(id);
    }

    /// Stops a running search and prints its `bestmove` (UCI wants one for every `go`).
    fn stop_and_report(&mut self) {
        if self.search_id.take().is_some() {
            let result = self.thinker.stop().and_then(|(_, r)| r);
            self.bestmove(result);
        }
    }

    fn bestmove(&mut self, result: Option<SearchResult>) {
        let engine = self.engine();
        let pos = self.game.position().clone();
        let best = result.as_ref().and_then(|r| r.best);
        let Some(best) = best.or_else(|| engine.legal_moves(&pos).first().copied()) else {
            self.out.line("bestmove (none)");
            return;
        };
        let c960 = self.chess960;
        let mut line = format!("bestmove {}", uci_move_text(&engine, &pos, best, c960));
        if let Some(p) = result.and_then(|r| r.ponder) {
            let next = engine.play(&pos, best);
            if engine.legal_moves(&next).contains(&p) {
                line.push_str(&format!(
                    " ponder {}",
                    uci_move_text(&engine, &next, p, c960)
                ));
            }
        }
        self.out.line(&line);
    }
}

fn ms_dur(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// `info depth D seldepth S score cp X|mate N nodes N nps N time MS pv ...`.
fn info_format(chess960: bool) -> InfoFormat {
    Box::new(move |game: &Game, info: &Info| {
        let score = match info.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        Some(format!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            score,
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pv_text(game.engine(), game.position(), &info.pv, |e, p, m| {
                uci_move_text(e, p, m, chess960)
            })
        ))
    })
}
