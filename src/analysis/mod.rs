//! Self-play analysis of a definition: plays seeded games with the search, records how each went,
//! and turns the records into the figures a designer compares (balance, draws, decisiveness, game
//! length, branching, captures, drops, lead changes, piece values), as numbers, a table and plots.
//!
//! Every game is a function of (definition, [`StudyConfig`], game index) alone: its random opening
//! plies come from a generator seeded by the study seed and the index, and its searcher starts
//! cleared. So at a fixed depth or node budget the same study gives the same games whatever the
//! number of threads or shards; [`merge`] of the shards' [`Study`]s equals the unsharded study.
//! Nothing here prints: progress goes to a callback, text and SVG come back as strings.

mod measure;
pub mod metrics;
mod play;
#[cfg(feature = "study")]
pub mod plots;
#[cfg(feature = "study")]
pub mod study;
pub mod tune;
pub mod values;

pub use metrics::{summarize, table, Interval, Metrics, Table};
pub use values::{piece_values, Measured, PieceValue};

use crate::engine::{Engine, Position};
use crate::search::{Limits, MAX_DEPTH};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// Most games a study plays per definition.
pub const MAX_GAMES: u32 = 100_000;
/// Most nodes per move.
pub const MAX_NODES: u64 = 100_000_000;
/// Longest time per move, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Deepest fixed search depth a study may ask for.
pub const MAX_STUDY_DEPTH: u32 = if MAX_DEPTH < 30 { MAX_DEPTH } else { 30 };
/// Most random plies at the start of a game.
pub const MAX_RANDOM_PLIES: u32 = 40;
/// Longest game, in plies, before it is stopped and scored a draw.
pub const MAX_PLIES: u32 = 2_000;
/// Most threads.
pub const MAX_THREADS: usize = 256;
/// Largest hash table per game, in megabytes.
pub const MAX_STUDY_HASH_MB: usize = 1024;
/// Format version of the JSON a study is saved as.
pub const FORMAT: u32 = 1;

/// How long the engine thinks for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Budget {
    /// A fixed depth in plies (deterministic).
    Depth(u32),
    /// A fixed number of nodes (deterministic).
    Nodes(u64),
    /// A fixed time in milliseconds (depends on the machine's speed and load: not reproducible).
    TimeMs(u64),
}

impl Budget {
    /// The search limits for one move.
    pub fn limits(self) -> Limits {
        match self {
            Budget::Depth(d) => Limits {
                depth: Some(d),
                ..Limits::default()
            },
            Budget::Nodes(n) => Limits {
                nodes: Some(n),
                ..Limits::default()
            },
            Budget::TimeMs(ms) => Limits {
                movetime: Some(Duration::from_millis(ms)),
                ..Limits::default()
            },
        }
    }

    /// Whether the same seed gives the same games on any machine.
    pub fn is_deterministic(self) -> bool {
        !matches!(self, Budget::TimeMs(_))
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Depth(d) => write!(f, "depth {d}"),
            Budget::Nodes(n) => write!(f, "{n} nodes"),
            Budget::TimeMs(ms) => write!(f, "{ms} ms"),
        }
    }
}

/// What a study plays: the same for every shard of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudyConfig {
    /// Games per definition.
    pub games: u32,
    /// Thinking per move.
    pub budget: Budget,
    /// Seed of the random opening plies.
    pub seed: u64,
    /// Plies played at random (uniformly among the legal moves) before the engine takes over.
    pub random_plies: u32,
    /// A game still going after this many plies is stopped and scored a draw ([`StudyEnding::PlyCap`]).
    pub max_plies: u32,
    /// Hash table of each game's searcher, in megabytes.
    pub hash_mb: usize,
    /// Games per piece kind for the measured piece values (0: values not measured).
    pub value_games: u32,
}

/// One share of a study's games: game `g` belongs to shard `index` (1-based) of `count` when
/// `g % count == index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which share, 1 to `count`.
    pub index: u32,
    /// How many shares.
    pub count: u32,
}

impl Shard {
    /// Whether game `g` is in this shard.
    pub fn contains(self, g: u32) -> bool {
        g % self.count == self.index - 1
    }
}

/// How a game ended: the engine's game-end kinds, and the study's own ply cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StudyEnding {
    /// The side to move had no legal move and was in check.
    Checkmate,
    /// Checkmate under the duple rule, with more than one royal left to the mated side.
    DupleCheckmate,
    /// The side to move had no legal move and was not in check.
    Stalemate,
    /// A side lost its last royal piece.
    RoyalCaptured,
    /// A position occurred for the N-th time.
    Repetition,
    /// A repetition in which one side checked with every move.
    PerpetualCheck,
    /// The definition's move-count limit.
    MoveLimit,
    /// `goal`: a piece of the goal kind reached the goal zone.
    GoalReached,
    /// `bare-royal`: a side was left with only royal pieces.
    BareRoyal,
    /// `extinction`: a side lost every piece of a listed kind.
    Extinction,
    /// `check-limit`: a side gave its last check.
    CheckLimit,
    /// `pass twice`: both sides passed in a row.
    PassTwice,
    /// `facing ends`: the royals still faced each other after the reply.
    FacingEnds,
    /// `connect`: a side stood N in a row.
    Connect,
    /// `full-board`: no empty square was left.
    BoardFull,
    /// `castling-wins`: a castling decided the game.
    CastlingWins,
    /// The study's own limit on a game's length ([`StudyConfig::max_plies`]); scored a draw.
    PlyCap,
}

impl StudyEnding {
    /// Every ending, in table order.
    pub const ALL: [StudyEnding; 17] = [
        StudyEnding::Checkmate,
        StudyEnding::DupleCheckmate,
        StudyEnding::Stalemate,
        StudyEnding::RoyalCaptured,
        StudyEnding::Repetition,
        StudyEnding::PerpetualCheck,
        StudyEnding::MoveLimit,
        StudyEnding::GoalReached,
        StudyEnding::BareRoyal,
        StudyEnding::Extinction,
        StudyEnding::CheckLimit,
        StudyEnding::PassTwice,
        StudyEnding::FacingEnds,
        StudyEnding::Connect,
        StudyEnding::BoardFull,
        StudyEnding::CastlingWins,
        StudyEnding::PlyCap,
    ];

    /// The ending in words: for an end rule, the words the definition language writes it with.
    pub fn label(self) -> &'static str {
        match self {
            StudyEnding::Checkmate => "checkmate",
            StudyEnding::DupleCheckmate => "duple checkmate",
            StudyEnding::Stalemate => "stalemate",
            StudyEnding::RoyalCaptured => "royal captured",
            StudyEnding::Repetition => "repetition",
            StudyEnding::PerpetualCheck => "perpetual check",
            StudyEnding::MoveLimit => "move limit",
            StudyEnding::GoalReached => "goal reached",
            StudyEnding::BareRoyal => "bare-royal",
            StudyEnding::Extinction => "extinction",
            StudyEnding::CheckLimit => "check-limit",
            StudyEnding::PassTwice => "pass twice",
            StudyEnding::FacingEnds => "facing ends",
            StudyEnding::Connect => "connect",
            StudyEnding::BoardFull => "full-board",
            StudyEnding::CastlingWins => "castling-wins",
            StudyEnding::PlyCap => "ply cap",
        }
    }
}

/// Who won a game, by the order of moving: `First` is the side that moves first at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Winner {
    /// The side that moved first won.
    First,
    /// The other side won.
    Second,
    /// Nobody won.
    Draw,
}

impl Winner {
    /// The first player's points: 1, ½ or 0.
    pub fn first_points(self) -> f64 {
        match self {
            Winner::First => 1.0,
            Winner::Draw => 0.5,
            Winner::Second => 0.0,
        }
    }
}

/// One self-play game, as much of it as the metrics need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the study (its seed).
    pub index: u32,
    /// Who won.
    pub winner: Winner,
    /// How it ended.
    pub ending: StudyEnding,
    /// Plies played.
    pub plies: u32,
    /// Legal moves in the position before each ply.
    pub branching: Vec<u32>,
    /// Moves that captured.
    pub captures: u32,
    /// Drops.
    pub drops: u32,
    /// Times the side ahead by the engine's evaluation changed (ahead: a pawn or more).
    pub lead_changes: u32,
    /// The ply from which the winner stayed ahead to the end (decisive games only).
    pub decided_at: Option<u32>,
    /// The search's score after each engine move, centipawns from the first player's view, with
    /// its ply; forced results count as ±[`metrics::FORCED_CP`].
    pub evals: Vec<(u32, i32)>,
    /// Nodes searched in the game.
    pub nodes: u64,
}

/// A piece kind's imbalance games: in game `g` the side that moves first lacks one piece of the
/// kind when `g` is even, the other side when `g` is odd.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueGames {
    /// The kind's name.
    pub kind: String,
    /// Its letter.
    pub letter: String,
    /// The evaluation's value of it, centipawns.
    pub static_cp: i32,
    /// Per game index, the half-points (0, 1, 2) of the side that kept all its pieces.
    pub games: Vec<(u32, u8)>,
}

/// All games of one definition in a study (or one shard of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefinitionStudy {
    /// The variant's display name.
    pub name: String,
    /// The file (or shipped name) as given.
    pub file: String,
    /// Static piece values of the evaluation: name, letter, centipawns (royals and absent kinds
    /// included).
    pub static_values: Vec<(String, String, i32)>,
    /// The self-play games from the start, by index.
    pub games: Vec<GameRecord>,
    /// The imbalance games per kind (empty unless values are measured).
    pub values: Vec<ValueGames>,
}

/// A study: its settings, its shard (none when whole), and every definition's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    /// [`FORMAT`].
    pub format: u32,
    /// What was played.
    pub config: StudyConfig,
    /// Which share of the games this is; `None` for the whole study.
    pub shard: Option<Shard>,
    /// One entry per definition, in the order given.
    pub definitions: Vec<DefinitionStudy>,
}

/// Why a study could not be run or merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The worker threads could not be started.
    #[error("could not start {threads} worker threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
    /// Shard results that do not belong to one study.
    #[error("cannot merge: {0}")]
    Merge(String),
    /// A plot could not be drawn.
    #[error("could not draw the {chart} plot: {reason}")]
    Plot {
        /// Which plot.
        chart: &'static str,
        /// What went wrong.
        reason: String,
    },
}

/// Runs `work(i)` for each item on a pool of `threads` threads, results in item order.
pub(crate) fn parallel<I: Copy + Sync, T: Send>(
    threads: usize,
    items: &[I],
    work: &(dyn Fn(I) -> T + Sync),
) -> Result<Vec<T>, AnalysisError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.clamp(1, MAX_THREADS))
        .build()
        .map_err(|e| AnalysisError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    Ok(pool.install(|| items.par_iter().map(|&i| work(i)).collect()))
}

/// The game indices of a study that a shard plays.
pub fn shard_games(games: u32, shard: Option<Shard>) -> Vec<u32> {
    (0..games)
        .filter(|&g| shard.is_none_or(|s| s.contains(g)))
        .collect()
}

/// How many games [`study_definition`] plays for one definition (progress total): the start
/// games, and the imbalance games for `kinds` kinds.
pub fn games_to_play(config: &StudyConfig, shard: Option<Shard>, kinds: usize) -> u64 {
    shard_games(config.games, shard).len() as u64
        + kinds as u64 * shard_games(config.value_games, shard).len() as u64
}

/// Plays one definition's share of a study on `threads` threads, calling `progress` after each
/// game. `file` is how the definition was named (kept for the report).
pub fn study_definition(
    engine: &Arc<Engine>,
    file: &str,
    config: &StudyConfig,
    shard: Option<Shard>,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<DefinitionStudy, AnalysisError> {
    let start = engine.start_position();
    let indices = shard_games(config.games, shard);
    let games = parallel(threads, &indices, &|g| {
        let r = play::play_game(engine, &start, config, g);
        progress();
        r
    })?;
    let values = if config.value_games > 0 {
        values::imbalance_games(engine, config, shard, threads, progress)?
    } else {
        Vec::new()
    };
    Ok(DefinitionStudy {
        name: engine.rules().name.clone(),
        file: file.to_string(),
        static_values: crate::search::piece_values(engine)
            .into_iter()
            .map(|(k, v)| {
                let def = &engine.rules().pieces[k.index()];
                (def.name.clone(), def.letter.clone(), v)
            })
            .collect(),
        games,
        values,
    })
}

/// Combines the shards of one study into the whole study: the same settings and definitions, and
/// together every game exactly once.
pub fn merge(parts: Vec<Study>) -> Result<Study, AnalysisError> {
    let err = |m: String| Err(AnalysisError::Merge(m));
    let Some(first) = parts.first() else {
        return err("no study to merge".into());
    };
    let config = first.config.clone();
    let names: Vec<(String, String)> = first
        .definitions
        .iter()
        .map(|d| (d.name.clone(), d.file.clone()))
        .collect();
    for (i, p) in parts.iter().enumerate() {
        if p.format != FORMAT {
            return err(format!(
                "part {} is format {}, this chimera reads format {}",
                i + 1,
                p.format,
                FORMAT
            ));
        }
        if p.config != config {
            return err(format!(
                "part {} was played with other settings than part 1 (games, limits, seed, plies \
                 and hash must agree)",
                i + 1
            ));
        }
        let theirs: Vec<(String, String)> = p
            .definitions
            .iter()
            .map(|d| (d.name.clone(), d.file.clone()))
            .collect();
        if theirs != names {
            return err(format!(
                "part {} studies other definitions than part 1",
                i + 1
            ));
        }
    }
    let mut definitions: Vec<DefinitionStudy> = first
        .definitions
        .iter()
        .map(|d| DefinitionStudy {
            games: Vec::new(),
            values: d
                .values
                .iter()
                .map(|v| ValueGames {
                    games: Vec::new(),
                    ..v.clone()
                })
                .collect(),
            ..d.clone()
        })
        .collect();
    for p in &parts {
        for (whole, part) in definitions.iter_mut().zip(&p.definitions) {
            whole.games.extend(part.games.iter().cloned());
            if whole.values.len() != part.values.len() {
                return err(format!(
                    "{}: the parts measured different piece kinds",
                    whole.file
                ));
            }
            for (wv, pv) in whole.values.iter_mut().zip(&part.values) {
                wv.games.extend(pv.games.iter().copied());
            }
        }
    }
    for d in definitions.iter_mut() {
        d.games.sort_by_key(|g| g.index);
        let got: Vec<u32> = d.games.iter().map(|g| g.index).collect();
        check_complete(&d.file, "games", &got, config.games)?;
        for v in d.values.iter_mut() {
            v.games.sort_by_key(|g| g.0);
            let got: Vec<u32> = v.games.iter().map(|g| g.0).collect();
            check_complete(&d.file, &v.kind, &got, config.value_games)?;
        }
    }
    Ok(Study {
        format: FORMAT,
        config,
        shard: None,
        definitions,
    })
}

/// Every index below `n` exactly once in the sorted `got`.
fn check_complete(file: &str, what: &str, got: &[u32], n: u32) -> Result<(), AnalysisError> {
    for (want, have) in (0..n).zip(got.iter().copied().chain(std::iter::repeat(u32::MAX))) {
        if have != want {
            let why = if have < want {
                format!("game {have} is in more than one part")
            } else {
                format!("game {want} is in no part (is a shard missing?)")
            };
            return Err(AnalysisError::Merge(format!("{file} ({what}): {why}")));
        }
    }
    if got.len() > n as usize {
        return Err(AnalysisError::Merge(format!(
            "{file} ({what}): more games than the study's {n}"
        )));
    }
    Ok(())
}

/// A deterministic generator for the random opening plies (SplitMix64): small, fast, and the
/// same on every platform, so a seed means the same games everywhere.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of game `index` of a study seeded `seed`.
    pub(crate) fn for_game(seed: u64, index: u32, stream: u64) -> Rng {
        let mut r = Rng(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let s = r.next() ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Rng(s)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// The start position with one piece of `kind` taken from `player`, when it has one there.
pub(crate) fn without_piece(
    engine: &Engine,
    start: &Position,
    player: crate::geometry::Player,
    kind: crate::rules::PieceKind,
) -> Option<Position> {
    let dims = engine.rules().board.dims;
    let theirs: Vec<crate::geometry::Square> = start
        .pieces()
        .filter(|(_, p)| p.player == player && p.kind == kind)
        .map(|(s, _)| s)
        .collect();
    // The same piece for both sides where the array is mirrored: the first player's first one.
    let first_player_sq = start
        .pieces()
        .find(|(_, p)| p.player == crate::geometry::Player::First && p.kind == kind)
        .map(|(s, _)| s);
    let sq = match first_player_sq {
        Some(s) if player == crate::geometry::Player::First => s,
        Some(s) if theirs.contains(&dims.mirror(s)) => dims.mirror(s),
        _ => *theirs.first()?,
    };
    let mut pos = start.clone();
    pos.set_piece(sq, None);
    engine.drop_stale_castling(&mut pos);
    Some(pos)
}
