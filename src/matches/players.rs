//! The engines of a match: Chimera in this process, and programs speaking UCI or CECP (XBoard
//! protocol 2) as child processes. A player receives the game so far (the referee's [`Game`]) and
//! answers with a legal move or a [`Fault`] that loses the game.

use super::process::{EngineProcess, ProcessError};
use super::{EngineKind, EngineSpec, TurnLimits};
use crate::engine::{Engine, Game, Move, Position};
use crate::geometry::{ByPlayer, Player as Side};
use crate::notation::{move_text, parse_move, to_fen};
use crate::protocol::xboard::notation as xb;
use crate::search::{Clock, Limits, Score, Searcher};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A score reported for a mate, in centipawns (beyond any material score).
pub const MATE_CP: i32 = 100_000;

/// Why a player loses its game without the rules deciding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Spawn(String),
    /// The program did not finish its handshake (`uciok`, `feature done=1`, `readyok`) in time.
    NoHandshake(String),
    /// The program exited or crashed (how, in words).
    Died(String),
    /// No move came before the deadline, with no clock running (a hang).
    Hung(Duration),
    /// The clock ran out.
    TimeForfeit,
    /// The move sent is unreadable or not legal here.
    IllegalMove(String),
    /// The engine refused a legal move it was sent (its `Illegal move` answer).
    RejectedMove(String),
    /// The engine resigned.
    Resigned,
    /// The engine cannot play this game as configured.
    Setup(String),
}

impl Fault {
    /// The fault in words, after the player's name ("crashed (killed by signal 11)").
    pub fn describe(&self) -> String {
        match self {
            Fault::Spawn(e) => format!("could not be started ({e})"),
            Fault::NoHandshake(what) => format!("never answered {what}"),
            Fault::Died(how) => format!("crashed ({how})"),
            Fault::Hung(d) => format!("hung (no move in {:.1} s)", d.as_secs_f64()),
            Fault::TimeForfeit => "lost on time".into(),
            Fault::IllegalMove(m) => format!("played an illegal or unreadable move `{m}`"),
            Fault::RejectedMove(line) => format!("refused a legal move (`{line}`)"),
            Fault::Resigned => "resigned".into(),
            Fault::Setup(e) => format!("cannot play this game ({e})"),
        }
    }
}

/// What a player is told when it is to move.
pub struct Turn<'a> {
    /// The game so far; its last position is the one to move in.
    pub game: &'a Game,
    /// This player's limits.
    pub limits: &'a TurnLimits,
    /// Time left on each side's clock (when the limits have a clock).
    pub clocks: ByPlayer<Duration>,
    /// Each side's increment.
    pub increments: ByPlayer<Duration>,
    /// When the turn began (the referee's clock started).
    pub began: Instant,
    /// When the referee stops waiting.
    pub deadline: Instant,
}

/// A player's move and the score it gave it (centipawns, its own point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move, legal in the turn's position.
    pub mv: Move,
    /// The engine's last reported score for it, if it reported one.
    pub score: Option<i32>,
}

/// The facts about the game every player needs at its start.
#[derive(Clone, Debug)]
pub struct Setting {
    /// The definition's engine.
    pub engine: Arc<Engine>,
    /// The definition file as given (a Chimera subprocess loads it).
    pub definition: String,
    /// The definition's file name without `.variant` (protocols name variants by it).
    pub stem: String,
    /// How long a handshake may take.
    pub handshake: Duration,
}

/// One side of a match game.
pub trait Player: Send {
    /// The name in the PGN and the report.
    fn name(&self) -> String;
    /// Starts the engine (if it is a program) and sets up a new game from `start`.
    fn start(&mut self, setting: &Setting, start: &Position) -> Result<(), Fault>;
    /// The move in the game's current position.
    fn think(&mut self, turn: &Turn) -> Result<Reply, Fault>;
}

/// A fresh player for one game, as the spec says.
pub fn player(spec: &EngineSpec, setting: &Setting) -> Box<dyn Player> {
    match &spec.kind {
        EngineKind::Chimera => Box::new(ChimeraPlayer {
            name: spec.name.clone().unwrap_or_else(|| "Chimera".into()),
            hash_mb: spec.hash_mb,
            weights: spec.weights.clone(),
            searcher: None,
        }),
        EngineKind::ChimeraProcess(program) => Box::new(UciPlayer::new(
            spec,
            program.clone(),
            vec!["uci".into(), setting.definition.clone()],
            Some(setting.stem.clone()),
        )),
        EngineKind::Uci(program) => Box::new(UciPlayer::new(
            spec,
            program.clone(),
            spec.args.clone(),
            spec.variant.clone(),
        )),
        EngineKind::Cecp(program) => Box::new(CecpPlayer {
            name: spec.name.clone(),
            program: program.clone(),
            args: spec.args.clone(),
            variant: spec.variant.clone(),
            proc: None,
            usermove: false,
            sent: 0,
            engine: None,
        }),
    }
}

fn mate_cp(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE_CP - n,
        Score::Mate(n) => -MATE_CP - n,
    }
}

/// Chimera's own search, in this process.
struct ChimeraPlayer {
    name: String,
    hash_mb: usize,
    /// `weights=`: a weights file, or `none` for the derived evaluation.
    weights: Option<std::path::PathBuf>,
    searcher: Option<Searcher>,
}

impl Player for ChimeraPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn start(&mut self, setting: &Setting, _start: &Position) -> Result<(), Fault> {
        let mut searcher = Searcher::new(setting.engine.clone(), self.hash_mb);
        match &self.weights {
            None => {}
            Some(p) if p.as_os_str() == "none" => {
                searcher.set_evaluator(crate::search::Evaluator::derived(&setting.engine))
            }
            Some(p) => {
                let read = crate::compile::weights::read_file(p, setting.engine.rules()).map_err(
                    |errors| {
                        Fault::Setup(
                            crate::diagnostics::Diagnostics::new(&p.display().to_string(), errors)
                                .render_plain(),
                        )
                    },
                )?;
                searcher.set_evaluator(crate::search::Evaluator::with_weights(
                    &setting.engine,
                    &read.weights,
                ));
            }
        }
        self.searcher = Some(searcher);
        Ok(())
    }
    fn think(&mut self, turn: &Turn) -> Result<Reply, Fault> {
        let searcher = self
            .searcher
            .as_mut()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        let side = turn.game.position().side_to_move();
        let l = turn.limits;
        let limits = Limits {
            depth: l.depth,
            nodes: l.nodes,
            movetime: l.movetime,
            clock: l.tc.map(|_| Clock {
                remaining: turn.clocks[side],
                increment: turn.increments[side],
                moves_to_go: None,
            }),
            infinite: false,
        };
        let stop = AtomicBool::new(false);
        let r = searcher.search(turn.game, &limits, &stop, &mut |_| {});
        match r.best {
            Some(mv) => Ok(Reply {
                mv,
                score: Some(mate_cp(r.info.score)),
            }),
            None => Err(Fault::IllegalMove("(none)".into())),
        }
    }
}

fn process_error(e: ProcessError, turn_limit: Option<Duration>) -> Fault {
    match e {
        ProcessError::Died(how) => Fault::Died(how),
        ProcessError::Timeout => match turn_limit {
            Some(d) => Fault::Hung(d),
            None => Fault::TimeForfeit,
        },
    }
}

/// Numbers each temporary `variants.ini`, so concurrent games never share one.
static INI_COUNTER: AtomicU64 = AtomicU64::new(0);

/// An engine speaking UCI, with Fairy-Stockfish's `UCI_Variant` and `VariantPath`.
struct UciPlayer {
    name: Option<String>,
    program: String,
    args: Vec<String>,
    options: Vec<(String, String)>,
    variant: Option<String>,
    ini: Option<PathBuf>,
    proc: Option<EngineProcess>,
    /// `startpos`, or `fen ...` when the game starts elsewhere.
    start: String,
    engine: Option<Arc<Engine>>,
}

impl UciPlayer {
    fn new(spec: &EngineSpec, program: String, args: Vec<String>, variant: Option<String>) -> Self {
        UciPlayer {
            name: spec.name.clone(),
            program,
            args,
            options: spec.options.clone(),
            variant,
            ini: spec.ini.clone(),
            proc: None,
            start: "startpos".into(),
            engine: None,
        }
    }

    fn wait_for(
        &mut self,
        word: &str,
        what: &str,
        deadline: Instant,
    ) -> Result<Vec<String>, Fault> {
        let proc = self
            .proc
            .as_mut()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        let mut lines = Vec::new();
        loop {
            match proc.recv(deadline) {
                Ok(l) if l.trim() == word => return Ok(lines),
                Ok(l) => {
                    if lines.len() < 10_000 {
                        lines.push(l)
                    }
                }
                Err(ProcessError::Timeout) => return Err(Fault::NoHandshake(what.into())),
                Err(ProcessError::Died(how)) => return Err(Fault::Died(how)),
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let proc = self
            .proc
            .as_mut()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        proc.send(line).map_err(|e| process_error(e, None))
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| stem_of(&self.program))
    }

    fn start(&mut self, setting: &Setting, start: &Position) -> Result<(), Fault> {
        let engine = &setting.engine;
        self.engine = Some(engine.clone());
        self.proc = Some(
            EngineProcess::spawn(&self.program, &self.args)
                .map_err(|e| Fault::Spawn(format!("{}: {e}", self.program)))?,
        );
        let deadline = Instant::now() + setting.handshake;
        self.send("uci")?;
        let lines = self.wait_for("uciok", "`uci` with `uciok`", deadline)?;
        let mut variants: Vec<String> = Vec::new();
        for l in &lines {
            if let Some(n) = l.strip_prefix("id name ") {
                if self.name.is_none() {
                    self.name = Some(n.trim().to_string());
                }
            }
            if l.starts_with("option name UCI_Variant ") {
                let words: Vec<&str> = l.split_whitespace().collect();
                for w in words.windows(2) {
                    if w[0] == "var" {
                        variants.push(w[1].to_string());
                    }
                }
            }
        }
        let wanted = self
            .variant
            .clone()
            .unwrap_or_else(|| crate::interop::export::section_name(&engine.rules().name));
        let mut temp_ini = None;
        if let Some(ini) = &self.ini {
            let ini = ini.display().to_string();
            self.send(&format!("setoption name VariantPath value {ini}"))?;
        } else if !variants.is_empty() && !variants.contains(&wanted) {
            // The engine does not know the variant: teach it with `chimera export fsf`'s section.
            let out = crate::interop::export::export(engine.rules(), &wanted);
            if !out.problems.is_empty() {
                return Err(Fault::Setup(format!(
                    "Fairy-Stockfish cannot state {} of its rules: {}",
                    out.problems.len(),
                    out.problems[0].message
                )));
            }
            let n = INI_COUNTER.fetch_add(1, Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("chimera-match-{}-{n}.ini", std::process::id()));
            std::fs::write(&path, &out.text)
                .map_err(|e| Fault::Setup(format!("cannot write {}: {e}", path.display())))?;
            self.send(&format!(
                "setoption name VariantPath value {}",
                path.display()
            ))?;
            temp_ini = Some(path);
        }
        for (k, v) in self.options.clone() {
            self.send(&format!("setoption name {k} value {v}"))?;
        }
        if !variants.is_empty() || self.variant.is_some() {
            self.send(&format!("setoption name UCI_Variant value {wanted}"))?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        let ready = self.wait_for("readyok", "`isready` with `readyok`", deadline);
        if let Some(p) = temp_ini {
            let _ = std::fs::remove_file(p);
        }
        ready?;
        let fen = to_fen(engine, start);
        self.start = if fen == to_fen(engine, &engine.start_position()) {
            "startpos".into()
        } else {
            format!("fen {fen}")
        };
        Ok(())
    }

    fn think(&mut self, turn: &Turn) -> Result<Reply, Fault> {
        let engine = self
            .engine
            .clone()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        let game = turn.game;
        let mut cmd = format!("position {}", self.start);
        if !game.moves().is_empty() {
            cmd.push_str(" moves");
            for (p, m) in game.positions().iter().zip(game.moves()) {
                cmd.push(' ');
                cmd.push_str(&move_text(&engine, p, *m));
            }
        }
        self.send(&cmd)?;
        let l = turn.limits;
        let mut go = String::from("go");
        if l.tc.is_some() {
            let ms = |d: Duration| d.as_millis();
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                ms(turn.clocks[Side::First]),
                ms(turn.clocks[Side::Second]),
                ms(turn.increments[Side::First]),
                ms(turn.increments[Side::Second])
            ));
        }
        if let Some(n) = l.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(d) = l.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(t) = l.movetime {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        self.send(&go)?;
        let hang =
            l.tc.is_none()
                .then(|| turn.deadline.saturating_duration_since(turn.began));
        let proc = self
            .proc
            .as_mut()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        let mut score = None;
        loop {
            let line = proc
                .recv(turn.deadline)
                .map_err(|e| process_error(e, hang))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"info") => {
                    if let Some(i) = words.iter().position(|w| *w == "score") {
                        let v = words.get(i + 2).and_then(|v| v.parse::<i32>().ok());
                        score = match (words.get(i + 1), v) {
                            (Some(&"cp"), Some(v)) => {
                                Some(v.clamp(-MATE_CP + 1000, MATE_CP - 1000))
                            }
                            (Some(&"mate"), Some(v)) if v > 0 => Some(MATE_CP - v),
                            (Some(&"mate"), Some(v)) => Some(-MATE_CP - v),
                            _ => score,
                        };
                    }
                }
                Some(&"bestmove") => {
                    let text = words.get(1).copied().unwrap_or("");
                    let pos = game.position();
                    return match parse_coordinate(&engine, pos, text) {
                        Some(mv) => Ok(Reply { mv, score }),
                        None => Err(Fault::IllegalMove(shorten(text))),
                    };
                }
                _ => {}
            }
        }
    }
}

/// The legal move whose coordinate text (as [`move_text`] writes it) is `text`, ignoring case.
fn parse_coordinate(engine: &Engine, pos: &Position, text: &str) -> Option<Move> {
    if text.is_empty()
        || text.len() > 32
        || text.starts_with(|c: char| c.is_ascii_uppercase() && !text.contains('@'))
    {
        return None;
    }
    parse_move(engine, pos, text).ok()
}

fn shorten(text: &str) -> String {
    text.chars().take(40).collect()
}

fn stem_of(program: &str) -> String {
    std::path::Path::new(program)
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| program.to_string())
}

/// An engine speaking CECP (the XBoard protocol, version 2): Fairy-Max, MaxQi.
struct CecpPlayer {
    name: Option<String>,
    program: String,
    args: Vec<String>,
    variant: Option<String>,
    proc: Option<EngineProcess>,
    usermove: bool,
    /// How many of the game's moves the engine knows.
    sent: usize,
    engine: Option<Arc<Engine>>,
}

impl CecpPlayer {
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let proc = self
            .proc
            .as_mut()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        proc.send(line).map_err(|e| process_error(e, None))
    }
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
fn features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.trim_start_matches("feature").trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            match q.find('"') {
                Some(end) => (q[..end].to_string(), &q[end + 1..]),
                None => (q.to_string(), ""),
            }
        } else {
            let end = after.find(' ').unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, value));
        rest = next.trim_start();
    }
    out
}

impl Player for CecpPlayer {
    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| stem_of(&self.program))
    }

    fn start(&mut self, setting: &Setting, start: &Position) -> Result<(), Fault> {
        let engine = &setting.engine;
        self.engine = Some(engine.clone());
        self.proc = Some(
            EngineProcess::spawn(&self.program, &self.args)
                .map_err(|e| Fault::Spawn(format!("{}: {e}", self.program)))?,
        );
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + setting.handshake;
        let mut setboard = false;
        loop {
            let proc = self
                .proc
                .as_mut()
                .ok_or_else(|| Fault::Setup("not started".into()))?;
            let line = match proc.recv(deadline) {
                Ok(l) => l,
                Err(ProcessError::Timeout) => {
                    return Err(Fault::NoHandshake(
                        "`protover 2` with `feature done=1`".into(),
                    ))
                }
                Err(ProcessError::Died(how)) => return Err(Fault::Died(how)),
            };
            if !line.starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (k, v) in features(&line) {
                match k.as_str() {
                    "myname" if self.name.is_none() => self.name = Some(v.clone()),
                    "usermove" => self.usermove = v == "1",
                    "setboard" => setboard = v == "1",
                    "done" => done = v == "1",
                    _ => {}
                }
            }
            if done {
                break;
            }
        }
        self.send("new")?;
        let variant = self
            .variant
            .clone()
            .unwrap_or_else(|| xb::xboard_name(&setting.stem));
        if variant != "normal" {
            self.send(&format!("variant {variant}"))?;
        }
        self.send("easy")?;
        self.send("post")?;
        self.send("force")?;
        if to_fen(engine, start) != to_fen(engine, &engine.start_position()) {
            if !setboard {
                return Err(Fault::Setup(
                    "it cannot set up a position (no `setboard`)".into(),
                ));
            }
            self.send(&format!("setboard {}", xb::xboard_fen(engine, start)))?;
        }
        self.sent = 0;
        Ok(())
    }

    fn think(&mut self, turn: &Turn) -> Result<Reply, Fault> {
        let engine = self
            .engine
            .clone()
            .ok_or_else(|| Fault::Setup("not started".into()))?;
        let game = turn.game;
        let l = turn.limits;
        if self.sent == 0 {
            // The limits, once per game, before the first `go`.
            if let Some(tc) = l.tc {
                let secs = tc.base.as_secs();
                let inc = tc.increment.as_secs_f64();
                self.send(&format!("level 0 {}:{:02} {}", secs / 60, secs % 60, inc))?;
            }
            if let Some(d) = l.depth {
                self.send(&format!("sd {d}"))?;
            }
            if let Some(t) = l.movetime {
                self.send(&format!("st {}", t.as_secs().max(1)))?;
            }
        }
        let unsent = game.positions().iter().zip(game.moves()).skip(self.sent);
        for (pos, &mv) in unsent {
            let text = xb::move_text(&engine, pos, mv);
            let line = if self.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.send(&line)?;
        }
        self.sent = game.moves().len();
        let side = game.position().side_to_move();
        if l.tc.is_some() {
            let cs = |d: Duration| d.as_millis() / 10;
            self.send(&format!("time {}", cs(turn.clocks[side])))?;
            self.send(&format!("otim {}", cs(turn.clocks[side.other()])))?;
        }
        self.send("go")?;
        let hang =
            l.tc.is_none()
                .then(|| turn.deadline.saturating_duration_since(turn.began));
        let mut score = None;
        let reply = loop {
            let proc = self
                .proc
                .as_mut()
                .ok_or_else(|| Fault::Setup("not started".into()))?;
            let line = proc
                .recv(turn.deadline)
                .map_err(|e| process_error(e, hang))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            let lower = line.to_ascii_lowercase();
            let text = if words.first() == Some(&"move") {
                words.get(1).copied()
            } else if lower.starts_with("my move is") {
                line.split([':', ' ']).filter(|w| !w.is_empty()).nth(3)
            } else {
                None
            };
            if let Some(text) = text {
                let mv = xb::parse_move(&engine, game.position(), text)
                    .ok_or_else(|| Fault::IllegalMove(shorten(text)))?;
                break Reply { mv, score };
            }
            if words.first() == Some(&"resign") {
                return Err(Fault::Resigned);
            }
            if lower.starts_with("illegal move") {
                return Err(Fault::RejectedMove(shorten(&line)));
            }
            // Thinking output: `depth score time nodes pv...`.
            if words.len() >= 4 {
                let depth = words[0].trim_end_matches(['.', '&', '\'']).parse::<u32>();
                let cp = words[1].parse::<i32>();
                if let (Ok(_), Ok(cp)) = (depth, cp) {
                    score = Some(cp.clamp(-MATE_CP, MATE_CP));
                }
            }
        };
        // Back to force mode: the engine waits for the opponent's move and the next `go`.
        self.send("force")?;
        self.sent = game.moves().len() + 1;
        Ok(reply)
    }
}

impl Drop for CecpPlayer {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            let _ = p.send("quit");
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            let _ = p.send("quit");
        }
    }
}
