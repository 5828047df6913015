//! Engine-versus-engine matches under a definition's rules: Chimera in this process or as a
//! subprocess, and external engines speaking UCI (Fairy-Stockfish with `UCI_Variant` and
//! `VariantPath`) or CECP (Fairy-Max, MaxQi).
//!
//! Chimera referees every game with the one game model ([`Game`]): each engine's move is read
//! against the legal moves of the position, the variant's own rules end the game, and an engine
//! that plays an illegal or unreadable move, crashes, hangs, runs out of time or never finishes its
//! handshake loses that game with the reason recorded, while the match goes on. [`run_match`] plays
//! the games (several at a time), reports each finished one to the caller and stops early when an
//! [SPRT](stats::Sprt) decides; [`stats`] holds the arithmetic. Nothing here prints.

pub mod players;
pub mod process;
pub mod stats;

use crate::engine::{Engine, Game, GameResult, Move, Position};
use crate::geometry::{ByPlayer, Player as Side};
use crate::notation::pgn::{movetext_words, read_pgn, wrap_words};
use crate::notation::{parse_fen, to_fen};
use players::{Fault, Player, Setting, Turn};
use stats::{Sprt, SprtDecision, Tally};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most games one match may play.
pub const MAX_GAMES: u32 = 1_000_000;
/// Most games played at once.
pub const MAX_CONCURRENCY: usize = 256;
/// Most openings read from a file.
pub const MAX_OPENINGS: usize = 100_000;
/// Most random opening plies.
pub const MAX_RANDOM_PLIES: u32 = 200;

/// A clock: time for the game and the time added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the clock at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `SECONDS[+INCREMENT]` (`10+0.1`, `60`), both in seconds, at most a day.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |t: &str| -> Result<Duration, String> {
            let v: f64 = t
                .trim()
                .parse()
                .map_err(|_| format!("`{t}` is not a number of seconds"))?;
            if !(0.0..=86_400.0).contains(&v) {
                return Err(format!("`{t}` seconds is out of range (0 to 86400)"));
            }
            Ok(Duration::from_secs_f64(v))
        };
        let tc = TimeControl {
            base: secs(base)?,
            increment: secs(inc)?,
        };
        if tc.base.is_zero() && tc.increment.is_zero() {
            return Err("a time control needs some time".into());
        }
        Ok(tc)
    }

    /// The PGN `TimeControl` value (`10+0.1`).
    pub fn pgn(&self) -> String {
        format!(
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// How long an engine may think about a move: a clock, or fixed nodes, depth or time per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnLimits {
    /// The game clock.
    pub tc: Option<TimeControl>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// Depth per move, in plies.
    pub depth: Option<u32>,
    /// Time per move.
    pub movetime: Option<Duration>,
}

impl TurnLimits {
    /// These limits with every limit `over` sets taking precedence.
    pub fn overridden_by(&self, over: &TurnLimits) -> TurnLimits {
        if over.is_empty() {
            return *self;
        }
        *over
    }

    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        self.tc.is_none() && self.nodes.is_none() && self.depth.is_none() && self.movetime.is_none()
    }
}

/// What kind of program an engine is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// Chimera's search in this process.
    Chimera,
    /// A Chimera binary as a subprocess, spoken to through UCI (`chimera:PATH`).
    ChimeraProcess(String),
    /// A UCI engine (`uci:PATH`).
    Uci(String),
    /// A CECP engine (`cecp:PATH`).
    Cecp(String),
}

/// One engine of a match, as `--engine` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program.
    pub kind: EngineKind,
    /// The name in the PGN (default: what the engine calls itself).
    pub name: Option<String>,
    /// Arguments for the program (`arg=...`, repeatable).
    pub args: Vec<String>,
    /// UCI options set before each game (`option.NAME=VALUE`).
    pub options: Vec<(String, String)>,
    /// The variant name to ask for (default: the definition's section or file name).
    pub variant: Option<String>,
    /// A `variants.ini` for Fairy-Stockfish's `VariantPath`.
    pub ini: Option<PathBuf>,
    /// Hash table of an in-process Chimera, in megabytes.
    pub hash_mb: usize,
    /// This engine's own limits (override the match's).
    pub limits: TurnLimits,
    /// Evaluation weights of an in-process Chimera (`weights=FILE`, or `weights=none` for the
    /// ones derived from the rules); default: the definition's own.
    pub weights: Option<PathBuf>,
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("`{key}={v}`: `{v}` is not a valid number"))
}

impl EngineSpec {
    /// Reads `chimera [nodes=N depth=D movetime=MS tc=S+I hash=MB weights=FILE name=X]`, `chimera:PATH ...`,
    /// `uci:PATH [option.NAME=VALUE ...] [variant=NAME] [ini=FILE] ...` or `cecp:PATH ...`.
    /// An option name may hold spaces (`option.Skill Level=5`): it runs up to the `=`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut words = text.split_whitespace();
        let head = words.next().ok_or("an engine spec is empty")?;
        let kind = if head == "chimera" {
            EngineKind::Chimera
        } else if let Some(p) = head.strip_prefix("chimera:") {
            EngineKind::ChimeraProcess(p.to_string())
        } else if let Some(p) = head.strip_prefix("uci:") {
            EngineKind::Uci(p.to_string())
        } else if let Some(p) = head.strip_prefix("cecp:") {
            EngineKind::Cecp(p.to_string())
        } else {
            return Err(format!(
                "`{head}` is not an engine: write `chimera`, `chimera:PATH`, `uci:PATH` or `cecp:PATH`"
            ));
        };
        if matches!(&kind, EngineKind::ChimeraProcess(p) | EngineKind::Uci(p) | EngineKind::Cecp(p) if p.is_empty())
        {
            return Err(format!("`{head}` names no program"));
        }
        let mut spec = EngineSpec {
            kind,
            name: None,
            args: Vec::new(),
            options: Vec::new(),
            variant: None,
            ini: None,
            hash_mb: 16,
            limits: TurnLimits::default(),
            weights: None,
        };
        let mut pending: Option<String> = None;
        for w in words {
            let field = match pending.take() {
                Some(p) => format!("{p} {w}"),
                None => w.to_string(),
            };
            let Some((key, value)) = field.split_once('=') else {
                if field.starts_with("option.") {
                    pending = Some(field);
                    continue;
                }
                return Err(format!("`{field}` is not KEY=VALUE"));
            };
            match key {
                "name" => spec.name = Some(value.to_string()),
                "arg" => spec.args.push(value.to_string()),
                "variant" => spec.variant = Some(value.to_string()),
                "ini" => spec.ini = Some(PathBuf::from(value)),
                "weights" => spec.weights = Some(PathBuf::from(value)),
                "hash" => {
                    spec.hash_mb = number::<usize>(key, value)?.clamp(1, crate::search::MAX_HASH_MB)
                }
                "nodes" => spec.limits.nodes = Some(number(key, value)?),
                "depth" => {
                    spec.limits.depth =
                        Some(number::<u32>(key, value)?.clamp(1, crate::search::MAX_DEPTH))
                }
                "movetime" => {
                    spec.limits.movetime = Some(Duration::from_millis(number(key, value)?))
                }
                "tc" => spec.limits.tc = Some(TimeControl::parse(value)?),
                k => match k.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(format!(
                        "unknown engine field `{k}` (name, arg, variant, ini, weights, hash, nodes, depth, movetime, tc, option.NAME)"
                    ))
                    }
                },
            }
        }
        if let Some(p) = pending {
            return Err(format!("`{p}` has no `=VALUE`"));
        }
        // Only the in-process Chimera's evaluation can be set here: a field another engine would
        // silently ignore would make two "different" engines play the same games.
        if spec.weights.is_some() && spec.kind != EngineKind::Chimera {
            return Err(format!(
                "`weights=` sets the evaluation of the in-process `chimera`, not of `{head}`: write `chimera weights=FILE`, or put the weights beside a copy of the definition that the program reads"
            ));
        }
        Ok(spec)
    }
}

/// Draw adjudication: from move `movenumber` on, when both engines' last `movecount` scores lie
/// within `score` centipawns of zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which a draw may be adjudicated.
    pub movenumber: u32,
    /// Consecutive scores of each engine needed.
    pub movecount: u32,
    /// Largest absolute score, centipawns.
    pub score: i32,
}

/// Resign adjudication: when one engine's last `movecount` scores are all at most `-score` and its
/// opponent's all at least `score` (both agree), the first loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive scores of each engine needed.
    pub movecount: u32,
    /// The score margin, centipawns.
    pub score: i32,
}

fn fields(text: &str) -> Result<Vec<(String, i64)>, String> {
    text.split([',', ' '])
        .filter(|f| !f.is_empty())
        .map(|f| {
            let (k, v) = f
                .split_once('=')
                .ok_or_else(|| format!("`{f}` is not KEY=VALUE"))?;
            Ok((k.to_string(), number::<i64>(k, v)?))
        })
        .collect()
}

impl DrawRule {
    /// Reads `movenumber=40,movecount=8,score=10`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let mut r = DrawRule {
            movenumber: 40,
            movecount: 8,
            score: 10,
        };
        for (k, v) in fields(text)? {
            let v = v.clamp(0, 1_000_000);
            match k.as_str() {
                "movenumber" => r.movenumber = v as u32,
                "movecount" => r.movecount = (v as u32).max(1),
                "score" => r.score = v as i32,
                _ => {
                    return Err(format!(
                        "unknown draw field `{k}` (movenumber, movecount, score)"
                    ))
                }
            }
        }
        Ok(r)
    }
}

impl ResignRule {
    /// Reads `movecount=3,score=600`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let mut r = ResignRule {
            movecount: 3,
            score: 600,
        };
        for (k, v) in fields(text)? {
            let v = v.clamp(0, 1_000_000);
            match k.as_str() {
                "movecount" => r.movecount = (v as u32).max(1),
                "score" => r.score = v as i32,
                _ => return Err(format!("unknown resign field `{k}` (movecount, score)")),
            }
        }
        Ok(r)
    }
}

/// A start for a pair of games: a position and moves played from it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Where the opening starts.
    pub start: Position,
    /// The opening's moves.
    pub moves: Vec<Move>,
}

/// Where the games start.
#[derive(Clone, Debug)]
pub enum Openings {
    /// Every game from the variant's start position.
    Start,
    /// `plies` random legal moves from the start, the same for both games of a pair; the pair's
    /// number and `seed` fix them.
    Random {
        /// Random plies per opening.
        plies: u32,
        /// The seed.
        seed: u64,
    },
    /// Openings read from a file, used in turn.
    List(Vec<Opening>),
}

/// SplitMix64: a small, well-mixed generator, enough to pick opening moves reproducibly.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

impl Openings {
    /// Reads a file of openings: PGN games (when it holds a `[` tag or a move number `1.`) or one
    /// FEN per line (`#` starts a comment line).
    pub fn read(engine: &Engine, text: &str) -> Result<Openings, String> {
        let pgn = text.trim_start().starts_with('[') || text.trim_start().starts_with("1.");
        let mut list = Vec::new();
        if pgn {
            for g in read_pgn(engine, text).map_err(|e| e.to_string())? {
                list.push(Opening {
                    start: g.start,
                    moves: g.moves,
                });
            }
        } else {
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let start = parse_fen(engine, line)
                    .map_err(|e| format!("line {}: {}", i + 1, e.message))?;
                list.push(Opening {
                    start,
                    moves: Vec::new(),
                });
            }
        }
        if list.is_empty() {
            return Err("the file holds no openings".into());
        }
        if list.len() > MAX_OPENINGS {
            return Err(format!("more than {MAX_OPENINGS} openings"));
        }
        Ok(Openings::List(list))
    }

    /// The opening of pair `pair`.
    pub fn opening(&self, engine: &Arc<Engine>, pair: u32) -> Opening {
        match self {
            Openings::Start => Opening {
                start: engine.start_position(),
                moves: Vec::new(),
            },
            Openings::List(list) => list[pair as usize % list.len()].clone(),
            Openings::Random { plies, seed } => {
                let mut rng = SplitMix(seed ^ (pair as u64).wrapping_mul(0xD134_2543_DE82_EF95));
                // A few tries for an opening whose random moves do not end the game.
                let mut best = Vec::new();
                for _ in 0..20 {
                    let mut game = Game::new(engine.clone(), engine.start_position());
                    let mut moves = Vec::new();
                    while moves.len() < *plies as usize && !game.status().is_over() {
                        let legal = engine.legal_moves(game.position());
                        let mv = legal[rng.below(legal.len())];
                        game.play(mv);
                        moves.push(mv);
                    }
                    let whole = moves.len() == *plies as usize && !game.status().is_over();
                    if whole {
                        best = moves;
                        break;
                    }
                }
                Opening {
                    start: engine.start_position(),
                    moves: best,
                }
            }
        }
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The definition's engine: the rules every game is refereed by.
    pub engine: Arc<Engine>,
    /// The definition file as given.
    pub definition: String,
    /// Its file name without `.variant`.
    pub stem: String,
    /// The two engines; statistics are the first's.
    pub engines: [EngineSpec; 2],
    /// The limits of both engines (each engine's own limits override them).
    pub limits: TurnLimits,
    /// Games to play.
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// Where the games start.
    pub openings: Openings,
    /// Whether the two games of a pair share an opening (colours swapped). Unpaired, every game
    /// has its own: for data, where deterministic engines at fixed nodes would play a pair's two
    /// games move for move alike.
    pub paired: bool,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// The test that may stop the match early.
    pub sprt: Option<Sprt>,
    /// How long an engine may take for its handshake.
    pub handshake: Duration,
    /// Without a clock: how long a move may take before the engine is called hung (beyond any
    /// fixed move time).
    pub move_timeout: Duration,
    /// With a clock: how far past zero a clock may run before the move is a time forfeit.
    pub time_margin: Duration,
    /// A game that reaches this many plies is adjudicated a draw.
    pub max_plies: u32,
    /// The `Event` tag.
    pub event: String,
}

impl MatchConfig {
    /// A configuration with defaults: the start position, one game at a time, no adjudication.
    pub fn new(
        engine: Arc<Engine>,
        definition: String,
        stem: String,
        engines: [EngineSpec; 2],
    ) -> Self {
        MatchConfig {
            engine,
            definition,
            stem,
            engines,
            limits: TurnLimits::default(),
            games: 2,
            concurrency: 1,
            openings: Openings::Start,
            paired: true,
            draw: None,
            resign: None,
            sprt: None,
            handshake: Duration::from_secs(10),
            move_timeout: Duration::from_secs(60),
            time_margin: Duration::from_millis(100),
            max_plies: 1000,
            event: "chimera match".into(),
        }
    }

    /// Checks that every engine has a limit it understands.
    pub fn validate(&self) -> Result<(), String> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(format!("--games must be 1 to {MAX_GAMES}"));
        }
        if self.concurrency == 0 || self.concurrency > MAX_CONCURRENCY {
            return Err(format!("--concurrency must be 1 to {MAX_CONCURRENCY}"));
        }
        for spec in &self.engines {
            let l = self.limits.overridden_by(&spec.limits);
            if l.is_empty() {
                return Err(
                    "every engine needs a limit: --tc, --nodes, --movetime or --depth (or its own tc=, nodes=, ...)"
                        .into(),
                );
            }
            if matches!(spec.kind, EngineKind::Cecp(_))
                && l.nodes.is_some()
                && l.tc.is_none()
                && l.depth.is_none()
                && l.movetime.is_none()
            {
                return Err(
                    "a CECP engine cannot be limited by nodes: give it tc=, depth= or movetime="
                        .into(),
                );
            }
        }
        Ok(())
    }
}

/// How a game ended, for the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The variant's rules ended it.
    Normal,
    /// Adjudicated by scores or the ply cap.
    Adjudication,
    /// A clock ran out.
    TimeForfeit,
    /// An engine broke the rules or the protocol (illegal move, crash, hang, resignation aside).
    RulesInfraction,
    /// An engine resigned.
    Resignation,
}

impl Termination {
    /// The tag's value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Resignation => "normal",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The game's number, from 1.
    pub number: u32,
    /// The engine (0 or 1) that played the first side.
    pub first_engine: usize,
    /// The players' names by side.
    pub names: ByPlayer<String>,
    /// The start position (the opening's moves are part of `moves`).
    pub start: Position,
    /// Every move, the opening's first.
    pub moves: Vec<Move>,
    /// Per move of `moves`, the score its engine reported for it (centipawns for the mover;
    /// `None` for the opening's moves and when it reported none).
    pub scores: Vec<Option<i32>>,
    /// The result.
    pub result: GameResult,
    /// The kind of ending.
    pub termination: Termination,
    /// Why it ended, in words ("Fairy-Max crashed (killed by signal 11)").
    pub reason: String,
    /// The first side's clock setting, for the PGN.
    pub time_control: Option<TimeControl>,
}

impl GameRecord {
    /// The score of engine 0 (the first `--engine`): 1, ½ or 0.
    pub fn score_of_first_engine(&self) -> f64 {
        match self.result {
            GameResult::Draw => 0.5,
            GameResult::Win(side) => {
                let winner = if side == Side::First {
                    self.first_engine
                } else {
                    1 - self.first_engine
                };
                if winner == 0 {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }

    /// The PGN token of the result.
    pub fn result_token(&self) -> &'static str {
        match self.result {
            GameResult::Win(Side::First) => "1-0",
            GameResult::Win(Side::Second) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The game as PGN: tags (with `Variant`, `Termination` and the start `FEN` when it is not the
    /// variant's), SAN moves, and the reason it ended as a comment before the result.
    pub fn pgn(&self, engine: &Engine, event: &str, date: &str) -> String {
        let q = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
        let rules = engine.rules();
        let mut out = String::new();
        let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", q(v)));
        tag("Event", event);
        tag("Site", "chimera match");
        tag("Date", date);
        tag("Round", &self.number.to_string());
        tag("White", &self.names[Side::First]);
        tag("Black", &self.names[Side::Second]);
        tag("Result", self.result_token());
        tag("Variant", &rules.name);
        let fen = to_fen(engine, &self.start);
        if fen != to_fen(engine, &engine.start_position()) {
            tag("SetUp", "1");
            tag("FEN", &fen);
        }
        if let Some(tc) = self.time_control {
            tag("TimeControl", &tc.pgn());
        }
        tag("PlyCount", &self.moves.len().to_string());
        tag("Termination", self.termination.tag());
        out.push('\n');
        let words = movetext_words(engine, &self.start, &self.moves);
        // Each engine move's score as a comment after it (`{+0.35}`, pawns for the mover), as
        // match programs write them and `chimera tune --pgn` reads them.
        let mut with_scores = Vec::with_capacity(words.len() + self.scores.len());
        let mut ply = 0;
        for w in words {
            let is_move = !w.ends_with('.');
            with_scores.push(w);
            if is_move {
                if let Some(Some(cp)) = self.scores.get(ply) {
                    with_scores.push(format!("{{{:+.2}}}", *cp as f64 / 100.0));
                }
                ply += 1;
            }
        }
        let mut words = with_scores;
        words.push(format!("{{{}}}", self.reason.replace('}', ")")));
        words.push(self.result_token().to_string());
        out.push_str(&wrap_words(&words));
        out.push_str("\n\n");
        out
    }
}

/// The state of a match, as the caller sees it after each game.
#[derive(Clone, Debug, Default)]
pub struct MatchReport {
    /// Engine 0's wins, draws and losses.
    pub tally: Tally,
    /// The SPRT's log-likelihood ratio, when a test runs.
    pub llr: Option<f64>,
    /// The SPRT's decision, once it has one.
    pub decision: Option<SprtDecision>,
    /// Games lost by each engine for a fault (crash, hang, illegal move, time), by engine.
    pub faults: [u32; 2],
}

/// Plays the match: `on_game` hears of every finished game (in the order they finish) with the
/// report so far. Stops after `games` games, or as soon as the SPRT decides (games still running
/// then are abandoned and not counted).
pub fn run_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord, &MatchReport),
) -> MatchReport {
    let stop = AtomicBool::new(false);
    let next = AtomicU32::new(0);
    let mut report = MatchReport::default();
    let workers = config.concurrency.min(config.games as usize).max(1);
    std::thread::scope(|scope| {
        let (tx, rx) = channel::<GameRecord>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (stop, next) = (&stop, &next);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= config.games {
                    break;
                }
                if let Some(rec) = play_game(config, i, stop) {
                    if tx.send(rec).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for rec in rx {
            if report.decision.is_some() {
                continue;
            }
            let score = rec.score_of_first_engine();
            if score > 0.75 {
                report.tally.wins += 1;
            } else if score < 0.25 {
                report.tally.losses += 1;
            } else {
                report.tally.draws += 1;
            }
            if rec.termination == Termination::RulesInfraction
                || rec.termination == Termination::TimeForfeit
            {
                if let GameResult::Win(w) = rec.result {
                    let loser_side = w.other();
                    let loser = if loser_side == Side::First {
                        rec.first_engine
                    } else {
                        1 - rec.first_engine
                    };
                    report.faults[loser] += 1;
                }
            }
            if let Some(sprt) = &config.sprt {
                report.llr = Some(sprt.llr(&report.tally));
                report.decision = sprt.decide(&report.tally);
                if report.decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            on_game(&rec, &report);
        }
    });
    report
}

/// Plays game `index` (from 0): pair `index / 2` (opening `index` when unpaired), engine 0 on
/// the first side in even games. `None` when the match stopped during the game.
pub fn play_game(config: &MatchConfig, index: u32, stop: &AtomicBool) -> Option<GameRecord> {
    let engine = &config.engine;
    let opening = config
        .openings
        .opening(engine, if config.paired { index / 2 } else { index });
    let first_engine = (index % 2) as usize;
    let by_side = ByPlayer([first_engine, 1 - first_engine]);
    let setting = Setting {
        engine: engine.clone(),
        definition: config.definition.clone(),
        stem: config.stem.clone(),
        handshake: config.handshake,
    };
    let mut players: ByPlayer<Box<dyn Player>> = ByPlayer([
        players::player(&config.engines[by_side[Side::First]], &setting),
        players::player(&config.engines[by_side[Side::Second]], &setting),
    ]);
    let limits = ByPlayer([
        config
            .limits
            .overridden_by(&config.engines[by_side[Side::First]].limits),
        config
            .limits
            .overridden_by(&config.engines[by_side[Side::Second]].limits),
    ]);
    let mut game = Game::new(engine.clone(), opening.start.clone());
    for &mv in &opening.moves {
        game.play(mv);
    }
    let mut record = GameRecord {
        number: index + 1,
        first_engine,
        names: ByPlayer([players[Side::First].name(), players[Side::Second].name()]),
        start: opening.start.clone(),
        moves: Vec::new(),
        scores: vec![None; opening.moves.len()],
        result: GameResult::Draw,
        termination: Termination::Normal,
        reason: String::new(),
        time_control: limits[Side::First].tc,
    };
    let finish = |record: &mut GameRecord, game: &Game, result, termination, reason: String| {
        record.moves = game.moves().to_vec();
        record.result = result;
        record.termination = termination;
        record.reason = reason;
    };
    for side in [Side::First, Side::Second] {
        let started = players[side].start(&setting, &opening.start);
        record.names[side] = players[side].name();
        if let Err(f) = started {
            let reason = format!("{} {}", record.names[side], f.describe());
            finish(
                &mut record,
                &game,
                GameResult::Win(side.other()),
                fault_termination(&f),
                reason,
            );
            return Some(record);
        }
    }
    if record.names[Side::First] == record.names[Side::Second] {
        // Two engines of one name: tell them apart by their place on the command line.
        for side in [Side::First, Side::Second] {
            record.names[side] = format!("{} #{}", record.names[side], by_side[side] + 1);
        }
    }
    let mut clocks = ByPlayer([
        limits[Side::First].tc.map_or(Duration::ZERO, |t| t.base),
        limits[Side::Second].tc.map_or(Duration::ZERO, |t| t.base),
    ]);
    let increments = ByPlayer([
        limits[Side::First]
            .tc
            .map_or(Duration::ZERO, |t| t.increment),
        limits[Side::Second]
            .tc
            .map_or(Duration::ZERO, |t| t.increment),
    ]);
    let mut scores: ByPlayer<Vec<Option<i32>>> = ByPlayer([Vec::new(), Vec::new()]);
    let rules = engine.rules();
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let status = game.status();
        if let Some(result) = status.result() {
            let side = game.position().side_to_move();
            let reason = status.describe(&rules.players, side);
            finish(&mut record, &game, result, Termination::Normal, reason);
            return Some(record);
        }
        if game.moves().len() >= config.max_plies as usize {
            let reason = format!("draw by adjudication: {} plies played", config.max_plies);
            finish(
                &mut record,
                &game,
                GameResult::Draw,
                Termination::Adjudication,
                reason,
            );
            return Some(record);
        }
        if let Some((result, reason)) = adjudicate(config, &game, &scores, &record.names) {
            finish(
                &mut record,
                &game,
                result,
                Termination::Adjudication,
                reason,
            );
            return Some(record);
        }
        let side = game.position().side_to_move();
        let l = &limits[side];
        let began = Instant::now();
        let deadline = match l.tc {
            Some(_) => began + clocks[side] + config.time_margin,
            None => began + config.move_timeout + l.movetime.unwrap_or(Duration::ZERO),
        };
        let turn = Turn {
            game: &game,
            limits: l,
            clocks,
            increments,
            began,
            deadline,
        };
        let reply = players[side].think(&turn);
        let spent = began.elapsed();
        let reply = match reply {
            Ok(_) if l.tc.is_some() && spent > clocks[side] + config.time_margin => {
                Err(Fault::TimeForfeit)
            }
            other => other,
        };
        match reply {
            Ok(r) => {
                if !engine.legal_moves(game.position()).contains(&r.mv) {
                    let reason = format!(
                        "{} {}",
                        record.names[side],
                        Fault::IllegalMove("?".into()).describe()
                    );
                    finish(
                        &mut record,
                        &game,
                        GameResult::Win(side.other()),
                        Termination::RulesInfraction,
                        reason,
                    );
                    return Some(record);
                }
                if l.tc.is_some() {
                    clocks[side] = clocks[side].saturating_sub(spent) + increments[side];
                }
                scores[side].push(r.score);
                record.scores.push(r.score);
                game.play(r.mv);
            }
            Err(f) => {
                let reason = format!("{} {}", record.names[side], f.describe());
                finish(
                    &mut record,
                    &game,
                    GameResult::Win(side.other()),
                    fault_termination(&f),
                    reason,
                );
                return Some(record);
            }
        }
    }
}

fn fault_termination(f: &Fault) -> Termination {
    match f {
        Fault::TimeForfeit => Termination::TimeForfeit,
        Fault::Resigned => Termination::Resignation,
        _ => Termination::RulesInfraction,
    }
}

/// The result by agreed scores, if the draw or resign rule applies now.
fn adjudicate(
    config: &MatchConfig,
    game: &Game,
    scores: &ByPlayer<Vec<Option<i32>>>,
    names: &ByPlayer<String>,
) -> Option<(GameResult, String)> {
    let last = |side: Side, n: u32| -> Option<Vec<i32>> {
        let s = &scores[side];
        if s.len() < n as usize {
            return None;
        }
        s[s.len() - n as usize..].iter().copied().collect()
    };
    if let Some(d) = config.draw {
        if u32::from(game.position().fullmove_number()) >= d.movenumber {
            let within = |side| {
                last(side, d.movecount).is_some_and(|v| v.iter().all(|s| s.abs() <= d.score))
            };
            if within(Side::First) && within(Side::Second) {
                return Some((
                    GameResult::Draw,
                    format!(
                        "draw by adjudication: both scores within {} cp for {} moves",
                        d.score, d.movecount
                    ),
                ));
            }
        }
    }
    if let Some(r) = config.resign {
        for loser in [Side::First, Side::Second] {
            let lost = last(loser, r.movecount).is_some_and(|v| v.iter().all(|s| *s <= -r.score));
            let won =
                last(loser.other(), r.movecount).is_some_and(|v| v.iter().all(|s| *s >= r.score));
            if lost && won {
                return Some((
                    GameResult::Win(loser.other()),
                    format!(
                        "{} loses by adjudication: both scores agree it is {} cp or more behind",
                        names[loser], r.score
                    ),
                ));
            }
        }
    }
    None
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
