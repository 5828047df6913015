//! A study as a file, for runs spread over machines and cut short by them: `study new` writes what
//! fixes the games (the definitions by content hash, the settings, the shard count) as TOML; each
//! shard is a deterministic share of the games, written as one JSON line per finished game, so a
//! killed job keeps what it finished and a rerun plays only what is missing; the report reads any
//! set of shard outputs, in any order, and gives the figures of the unsharded run.
//!
//! A game is named by a [`GameKey`]: its definition, the piece kind lacking (imbalance games
//! only) and its index. The study's games, listed in play order ([`LoadedStudy::games`]), are
//! dealt to the shards in turn, so every shard gets the same number of games, give or take one.
//! Nothing here prints: progress goes to a callback; errors are [`StudyError`] values.

// A study error carries the damaged line's text for its diagnostic: larger than clippy likes in a
// `Result`, but it ends the command, so its size costs nothing.
#![allow(clippy::result_large_err)]

use super::play::play_game;
use super::values::{imbalance_game, measurable_kinds};
use super::{
    parallel, AnalysisError, DefinitionStudy, GameRecord, Study, StudyConfig, ValueGames, FORMAT,
};
use crate::engine::Engine;
use crate::rules::PieceKind;
use miette::{NamedSource, SourceSpan};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Format version of the study file.
pub const STUDY_FORMAT: u32 = 1;
/// Largest study file read, in bytes.
pub const MAX_STUDY_BYTES: u64 = 1 << 20;
/// Most definitions in one study.
pub const MAX_DEFINITIONS: usize = 64;
/// Most shards of a study.
pub const MAX_SHARDS: u32 = 10_000;
/// Longest line of a results file, in bytes: a game of [`super::MAX_PLIES`] plies takes well
/// under a tenth of it.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// Most results files one report or status reads.
pub const MAX_RESULT_FILES: usize = 100_000;

/// One definition of a study, as recorded when the study was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct DefinitionRef {
    /// The file (or shipped name) as given to `study new`: the label of its column.
    pub file: String,
    /// Where it is: relative to the study file's folder (`/`-separated), or absolute when it was
    /// given so; absent for a definition built into chimera, named by `file`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The variant's display name.
    pub name: String,
    /// SHA-256 of the file's bytes.
    pub sha256: String,
    /// SHA-256 of the rule set compiled from it, which covers the files it extends too.
    pub rules_sha256: String,
}

/// A study file: everything that fixes the games, and the shard count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct StudyFile {
    /// [`STUDY_FORMAT`].
    pub format: u32,
    /// The study's id: a hash of everything below, written on every result line.
    pub id: String,
    /// The chimera version that made the study (others may search differently).
    pub chimera: String,
    /// How many shards the games are dealt into.
    pub shards: u32,
    /// What is played.
    pub config: StudyConfig,
    /// The definitions, in column order.
    #[serde(rename = "definition")]
    pub definitions: Vec<DefinitionRef>,
}

impl StudyFile {
    /// The id the contents give: SHA-256 of the settings and definitions, first 16 hex digits.
    pub fn computed_id(&self) -> String {
        let body = serde_json::json!({
            "format": self.format,
            "shards": self.shards,
            "config": self.config,
            "definitions": self.definitions,
        });
        hex(&Sha256::digest(body.to_string().as_bytes()))[..16].to_string()
    }
}

/// Why a study could not be made, run, reported or read.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum StudyError {
    /// A file could not be read or written.
    #[error("cannot {action} {path}: {reason}")]
    #[diagnostic(code(chimera::study::io))]
    Io {
        /// What was tried (`read`, `write`, ...).
        action: &'static str,
        /// The file.
        path: String,
        /// What the system said.
        reason: String,
    },
    /// The study file is not a study.
    #[error("{path} is not a study file: {reason}")]
    #[diagnostic(
        code(chimera::study::not_a_study),
        help("a study file is written by `chimera study new FILE... -o STUDY.toml`")
    )]
    NotAStudy {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
        /// Its text, for the label.
        #[source_code]
        src: NamedSource<String>,
        /// Where.
        #[label("here")]
        at: Option<SourceSpan>,
    },
    /// The study file's contents do not give its id: it was edited by hand.
    #[error(
        "{path} was edited after it was made: its id is {recorded}, its contents give {computed}"
    )]
    #[diagnostic(
        code(chimera::study::edited),
        help(
            "results already played belong to the settings the id names; to change games, \
             limits or definitions make a new study with `chimera study new`"
        )
    )]
    Edited {
        /// The study file.
        path: String,
        /// The id written in it.
        recorded: String,
        /// The id of its contents.
        computed: String,
    },
    /// A definition's file is not the one the study was made with.
    #[error("{file} changed since the study was made")]
    #[diagnostic(
        code(chimera::study::definition_changed),
        help(
            "its {what} was {was} and is now {now}; playing on would mix games of two rule sets. \
             Put back the version the study was made with (for example with `git checkout`), or \
             make a new study with `chimera study new`"
        )
    )]
    DefinitionChanged {
        /// The definition as named in the study.
        file: String,
        /// Which hash differs (`SHA-256`, or `compiled rules' SHA-256` when a file it extends
        /// changed or another chimera reads it otherwise).
        what: &'static str,
        /// The hash recorded.
        was: String,
        /// The hash now.
        now: String,
    },
    /// A definition does not compile.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Definition(#[from] crate::diagnostics::Diagnostics),
    /// A definition compiles but no engine can be built for it.
    #[error("{file}: {reason}")]
    #[diagnostic(code(chimera::study::engine))]
    Engine {
        /// The definition.
        file: String,
        /// Why.
        reason: String,
    },
    /// Settings out of range.
    #[error("{0}")]
    #[diagnostic(code(chimera::study::settings))]
    Settings(String),
    /// A results line that cannot be read.
    #[error("{path}, line {line}: {reason}")]
    #[diagnostic(
        code(chimera::study::bad_line),
        help(
            "a results file holds one JSON object per line, written by `chimera study run`; \
             remove the damaged line (a shard run again plays the games it loses)"
        )
    )]
    BadLine {
        /// The results file.
        path: String,
        /// Line number, from 1.
        line: u64,
        /// What is wrong.
        reason: String,
        /// The line (cut to a few hundred characters).
        #[source_code]
        src: NamedSource<String>,
        /// Where in it.
        #[label("here")]
        at: Option<SourceSpan>,
    },
    /// A results line longer than [`MAX_LINE_BYTES`].
    #[error("{path}, line {line}: longer than {max} bytes, so not a game of a study")]
    #[diagnostic(
        code(chimera::study::line_too_long),
        help("give the results files that `chimera study run` wrote")
    )]
    LineTooLong {
        /// The results file.
        path: String,
        /// Line number, from 1.
        line: u64,
        /// [`MAX_LINE_BYTES`].
        max: usize,
    },
    /// Results of another study.
    #[error("{path}, line {line}: a result of study {theirs}, not of this study ({ours})")]
    #[diagnostic(
        code(chimera::study::other_study),
        help(
            "each study writes its id on every line; give only the results of this study (its \
             shards write `STUDY.shard-I.jsonl` beside it unless told `-o`)"
        )
    )]
    OtherStudy {
        /// The results file.
        path: String,
        /// Line number, from 1.
        line: u64,
        /// The id on the line.
        theirs: String,
        /// This study's id.
        ours: String,
    },
    /// Another process is writing the same results file.
    #[error("{path} is being written by another `chimera study run`")]
    #[diagnostic(
        code(chimera::study::busy),
        help("wait for it, or give this run another file with `-o`")
    )]
    Busy {
        /// The results file.
        path: String,
    },
    /// The games could not be played.
    #[error(transparent)]
    #[diagnostic(code(chimera::study::play))]
    Analysis(#[from] AnalysisError),
}

fn io_err(action: &'static str, path: &Path, e: std::io::Error) -> StudyError {
    StudyError::Io {
        action,
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A game of a study: its definition (index in the study), the piece kind lacking in an
/// imbalance game (index into the definition's measurable kinds; `None` for a game from the
/// start), and its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameKey {
    /// The definition, from 0.
    pub definition: usize,
    /// The measured kind, for an imbalance game.
    pub kind: Option<usize>,
    /// The game's index (its seed).
    pub index: u32,
}

/// A study loaded with its definitions' engines, checked against the hashes it recorded.
pub struct LoadedStudy {
    /// The study file's contents.
    pub file: StudyFile,
    /// Where the study file is.
    pub path: PathBuf,
    /// One engine per definition.
    pub engines: Vec<Arc<Engine>>,
    /// Per definition, the kinds its imbalance games measure (empty unless values are measured).
    pub kinds: Vec<Vec<PieceKind>>,
}

/// How a definition is read: its bytes, and how to compile it.
enum Source {
    File(PathBuf),
    Shipped(crate::shipped::Shipped),
}

fn source_of(given: &Path) -> Source {
    if given.is_file() {
        return Source::File(given.to_path_buf());
    }
    let bare = given.parent().is_none_or(|p| p.as_os_str().is_empty());
    match given
        .to_str()
        .filter(|_| bare)
        .and_then(crate::shipped::get)
    {
        Some(s) => Source::Shipped(s),
        None => Source::File(given.to_path_buf()),
    }
}

/// Reads, hashes and compiles one definition: (sha256 of the bytes, sha256 of the rules, engine).
fn read_definition(src: &Source, label: &str) -> Result<(String, String, Engine), StudyError> {
    let (bytes, checked) = match src {
        Source::File(p) => {
            let bytes = std::fs::read(p).map_err(|e| io_err("read", p, e))?;
            (bytes, crate::compile::check_file(p)?)
        }
        Source::Shipped(s) => (
            s.text.as_bytes().to_vec(),
            crate::compile::check_shipped(s)?,
        ),
    };
    let rules_json = serde_json::to_string(&checked.rules).map_err(|e| StudyError::Engine {
        file: label.to_string(),
        reason: e.to_string(),
    })?;
    let engine = Engine::new(checked.rules).map_err(|e| StudyError::Engine {
        file: label.to_string(),
        reason: e.to_string(),
    })?;
    Ok((
        hex(&Sha256::digest(&bytes)),
        hex(&Sha256::digest(rules_json.as_bytes())),
        engine,
    ))
}

/// `target` relative to the folder `base` (both made absolute), `/`-separated.
fn relative_to(target: &Path, base: &Path) -> Result<String, StudyError> {
    let t = std::fs::canonicalize(target).map_err(|e| io_err("find", target, e))?;
    let b = std::fs::canonicalize(base).map_err(|e| io_err("find", base, e))?;
    let tc: Vec<Component> = t.components().collect();
    let bc: Vec<Component> = b.components().collect();
    let common = tc.iter().zip(&bc).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); bc.len() - common];
    parts.extend(
        tc[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Ok(parts.join("/"))
}

/// The folder a study file's relative paths start from.
fn study_dir(study_path: &Path) -> PathBuf {
    match study_path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Makes a study of `files` (paths, or names of shipped definitions) with `config` dealt into
/// `shards` shards, to be written at `out`. Compiles every definition (its errors come back).
pub fn create(
    files: &[PathBuf],
    config: &StudyConfig,
    shards: u32,
    out: &Path,
) -> Result<StudyFile, StudyError> {
    if files.is_empty() || files.len() > MAX_DEFINITIONS {
        return Err(StudyError::Settings(format!(
            "a study has 1 to {MAX_DEFINITIONS} definitions"
        )));
    }
    if shards == 0 || shards > MAX_SHARDS {
        return Err(StudyError::Settings(format!(
            "a study has 1 to {MAX_SHARDS} shards"
        )));
    }
    let dir = study_dir(out);
    std::fs::create_dir_all(&dir).map_err(|e| io_err("create", &dir, e))?;
    let mut definitions = Vec::new();
    for f in files {
        let label = f.display().to_string();
        let src = source_of(f);
        let (sha256, rules_sha256, engine) = read_definition(&src, &label)?;
        let path = match &src {
            Source::File(p) if p.is_absolute() => Some(p.display().to_string()),
            Source::File(p) => Some(relative_to(p, &dir)?),
            Source::Shipped(_) => None,
        };
        definitions.push(DefinitionRef {
            file: label,
            path,
            name: engine.rules().name.clone(),
            sha256,
            rules_sha256,
        });
    }
    let mut study = StudyFile {
        format: STUDY_FORMAT,
        id: String::new(),
        chimera: env!("CARGO_PKG_VERSION").to_string(),
        shards,
        config: config.clone(),
        definitions,
    };
    study.id = study.computed_id();
    Ok(study)
}

/// The study as TOML text.
pub fn to_toml(study: &StudyFile) -> Result<String, StudyError> {
    let body = toml::to_string(study).map_err(|e| StudyError::Settings(e.to_string()))?;
    Ok(format!(
        "# A chimera study: `chimera study run` plays its shards, `chimera study report` merges \
         them.\n# Do not edit: the id is a hash of what follows (make a new study instead).\n{body}"
    ))
}

/// Reads a study file and checks its id; does not look at the definitions.
pub fn read_study_file(path: &Path) -> Result<StudyFile, StudyError> {
    let text = read_bounded(path, MAX_STUDY_BYTES)?;
    let name = path.display().to_string();
    let study: StudyFile = toml::from_str(&text).map_err(|e| StudyError::NotAStudy {
        path: name.clone(),
        reason: e.message().to_string(),
        at: e.span().map(|r| SourceSpan::from(r.start..r.end)),
        src: NamedSource::new(name.clone(), text.clone()),
    })?;
    let not = |reason: String| StudyError::NotAStudy {
        path: name.clone(),
        reason,
        src: NamedSource::new(name.clone(), String::new()),
        at: None,
    };
    if study.format != STUDY_FORMAT {
        return Err(not(format!(
            "it is format {}, this chimera reads format {STUDY_FORMAT}",
            study.format
        )));
    }
    if study.shards == 0 || study.shards > MAX_SHARDS {
        return Err(not(format!("it has {} shards", study.shards)));
    }
    if study.definitions.is_empty() || study.definitions.len() > MAX_DEFINITIONS {
        return Err(not(format!(
            "it has {} definitions (1 to {MAX_DEFINITIONS})",
            study.definitions.len()
        )));
    }
    let c = &study.config;
    if c.games == 0
        || c.games > super::MAX_GAMES
        || c.value_games > super::MAX_GAMES
        || c.max_plies == 0
        || c.max_plies > super::MAX_PLIES
        || c.random_plies > super::MAX_RANDOM_PLIES
        || c.hash_mb == 0
        || c.hash_mb > super::MAX_STUDY_HASH_MB
        || !budget_in_range(c.budget)
    {
        return Err(not("its settings are out of range".into()));
    }
    let computed = study.computed_id();
    if computed != study.id {
        return Err(StudyError::Edited {
            path: name,
            recorded: study.id,
            computed,
        });
    }
    Ok(study)
}

fn budget_in_range(b: super::Budget) -> bool {
    match b {
        super::Budget::Depth(d) => (1..=super::MAX_STUDY_DEPTH).contains(&d),
        super::Budget::Nodes(n) => (1..=super::MAX_NODES).contains(&n),
        super::Budget::TimeMs(t) => (1..=super::MAX_MOVETIME_MS).contains(&t),
    }
}

fn read_bounded(path: &Path, max: u64) -> Result<String, StudyError> {
    let f = File::open(path).map_err(|e| io_err("read", path, e))?;
    let mut bytes = Vec::new();
    f.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_err("read", path, e))?;
    if bytes.len() as u64 > max {
        return Err(StudyError::Settings(format!(
            "{} is larger than {max} bytes, so not a study file",
            path.display()
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| StudyError::Settings(format!("{} is not UTF-8 text", path.display())))
}

/// Reads a study file and its definitions, refusing a definition whose content changed.
pub fn load(path: &Path) -> Result<LoadedStudy, StudyError> {
    let file = read_study_file(path)?;
    let dir = study_dir(path);
    let mut engines = Vec::new();
    let mut kinds = Vec::new();
    for d in &file.definitions {
        let src = match &d.path {
            Some(p) => Source::File(dir.join(p)),
            None => match crate::shipped::get(&d.file) {
                Some(s) => Source::Shipped(s),
                None => Source::File(PathBuf::from(&d.file)),
            },
        };
        let (sha256, rules_sha256, engine) = read_definition(&src, &d.file)?;
        if sha256 != d.sha256 {
            return Err(StudyError::DefinitionChanged {
                file: d.file.clone(),
                what: "SHA-256",
                was: d.sha256.clone(),
                now: sha256,
            });
        }
        if rules_sha256 != d.rules_sha256 {
            return Err(StudyError::DefinitionChanged {
                file: d.file.clone(),
                what: "compiled rules' SHA-256 (a file it extends changed, or this chimera reads it otherwise)",
                was: d.rules_sha256.clone(),
                now: rules_sha256,
            });
        }
        kinds.push(if file.config.value_games > 0 {
            measurable_kinds(&engine)
        } else {
            Vec::new()
        });
        engines.push(Arc::new(engine));
    }
    Ok(LoadedStudy {
        file,
        path: path.to_path_buf(),
        engines,
        kinds,
    })
}

impl LoadedStudy {
    /// Every game of the study, in play order (per definition, the games from the start, then
    /// each kind's imbalance games), with the shard (1 to N) it is dealt to.
    pub fn all_games(&self) -> Vec<(GameKey, u32)> {
        let c = &self.file.config;
        let mut keys = Vec::new();
        for (d, kinds) in self.kinds.iter().enumerate() {
            keys.extend((0..c.games).map(|index| GameKey {
                definition: d,
                kind: None,
                index,
            }));
            for k in 0..kinds.len() {
                keys.extend((0..c.value_games).map(|index| GameKey {
                    definition: d,
                    kind: Some(k),
                    index,
                }));
            }
        }
        let n = self.file.shards as usize;
        keys.into_iter()
            .enumerate()
            .map(|(i, k)| (k, (i % n) as u32 + 1))
            .collect()
    }

    /// The games of one shard (of the whole study with `None`), in play order.
    pub fn games(&self, shard: Option<u32>) -> Vec<GameKey> {
        self.all_games()
            .into_iter()
            .filter(|&(_, s)| shard.is_none_or(|want| want == s))
            .map(|(k, _)| k)
            .collect()
    }

    /// The results file a shard writes unless told otherwise: `STUDY.shard-I.jsonl` beside the
    /// study (`STUDY.all.jsonl` for the whole study in one run).
    pub fn default_output(&self, shard: Option<u32>) -> PathBuf {
        let stem = self
            .path
            .file_stem()
            .map_or_else(|| "study".into(), |s| s.to_string_lossy().into_owned());
        let name = match shard {
            Some(i) => format!("{stem}.shard-{i}.jsonl"),
            None => format!("{stem}.all.jsonl"),
        };
        study_dir(&self.path).join(name)
    }

    /// The results files of this study's shards that exist beside it.
    pub fn existing_outputs(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = (1..=self.file.shards)
            .map(|i| self.default_output(Some(i)))
            .chain([self.default_output(None)])
            .filter(|p| p.is_file())
            .collect();
        v.truncate(MAX_RESULT_FILES);
        v
    }

    /// Plays one game.
    fn play(&self, key: GameKey) -> Outcome {
        let engine = &self.engines[key.definition];
        let start = engine.start_position();
        match key.kind {
            None => Outcome::Game(play_game(engine, &start, &self.file.config, key.index)),
            Some(k) => Outcome::Value(imbalance_game(
                engine,
                &start,
                &self.file.config,
                self.kinds[key.definition][k],
                key.index,
            )),
        }
    }

    fn kind_name(&self, d: usize, k: usize) -> &str {
        &self.engines[d].rules().pieces[self.kinds[d][k].index()].name
    }
}

/// What a game gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A game from the start.
    Game(GameRecord),
    /// An imbalance game: the half-points of the side that kept all its pieces.
    Value(u8),
}

/// An imbalance game on a results line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueLine {
    kind: String,
    game: u32,
    points: u8,
}

/// One line of a results file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    study: String,
    definition: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game: Option<GameRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<ValueLine>,
    /// Milliseconds the game took (for time estimates only; not part of the figures).
    ms: u64,
}

/// A game read from a results file.
#[derive(Clone, Debug)]
pub struct Found {
    /// Which game.
    pub key: GameKey,
    /// What it gave.
    pub outcome: Outcome,
    /// Milliseconds it took.
    pub ms: u64,
}

/// What one results file holds.
#[derive(Clone, Debug, Default)]
pub struct ResultsFile {
    /// The games, in file order.
    pub games: Vec<Found>,
    /// Bytes of the complete lines (where a cut last line starts).
    pub complete_bytes: u64,
    /// Bytes of a last line cut short (a job killed while writing it), 0 if none.
    pub cut_bytes: u64,
}

/// Reads a results file of `study`: every complete line must be a game of this study; a last
/// line without its newline is reported as cut, not read.
pub fn read_results(study: &LoadedStudy, path: &Path) -> Result<ResultsFile, StudyError> {
    let f = File::open(path).map_err(|e| io_err("read", path, e))?;
    read_results_from(study, path, BufReader::new(f))
}

fn read_results_from(
    study: &LoadedStudy,
    path: &Path,
    mut reader: impl BufRead,
) -> Result<ResultsFile, StudyError> {
    let name = path.display().to_string();
    let mut out = ResultsFile::default();
    let mut buf = Vec::new();
    let mut line_no = 0u64;
    loop {
        buf.clear();
        let n = reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(|e| io_err("read", path, e))?;
        if n == 0 {
            break;
        }
        line_no += 1;
        if buf.last() != Some(&b'\n') {
            if n > MAX_LINE_BYTES {
                return Err(StudyError::LineTooLong {
                    path: name,
                    line: line_no,
                    max: MAX_LINE_BYTES,
                });
            }
            // The end of the file without a newline: a line cut short.
            out.cut_bytes = n as u64;
            break;
        }
        let text = &buf[..n - 1];
        if !text.iter().all(u8::is_ascii_whitespace) {
            out.games.push(parse_line(study, &name, line_no, text)?);
        }
        out.complete_bytes += n as u64;
    }
    Ok(out)
}

fn parse_line(
    study: &LoadedStudy,
    name: &str,
    line_no: u64,
    text: &[u8],
) -> Result<Found, StudyError> {
    let shown: String = String::from_utf8_lossy(text).chars().take(400).collect();
    let bad = |reason: String, at: Option<usize>| StudyError::BadLine {
        path: name.to_string(),
        line: line_no,
        reason,
        at: at.map(|a| SourceSpan::from(a.min(shown.len())..a.min(shown.len()))),
        src: NamedSource::new(format!("{name}:{line_no}"), shown.clone()),
    };
    let line: Line = serde_json::from_slice(text).map_err(|e| {
        bad(
            format!("not a result line: {e}"),
            Some(e.column().saturating_sub(1)),
        )
    })?;
    if line.study != study.file.id {
        return Err(StudyError::OtherStudy {
            path: name.to_string(),
            line: line_no,
            theirs: line.study.chars().take(64).collect(),
            ours: study.file.id.clone(),
        });
    }
    let c = &study.file.config;
    let d = line.definition;
    if d >= study.engines.len() {
        return Err(bad(
            format!(
                "definition {d} is not in the study (it has {})",
                study.engines.len()
            ),
            None,
        ));
    }
    let (key, outcome) = match (line.game, line.value) {
        (Some(g), None) => {
            if g.index >= c.games {
                return Err(bad(
                    format!("game {} is beyond the study's {} games", g.index, c.games),
                    None,
                ));
            }
            (
                GameKey {
                    definition: d,
                    kind: None,
                    index: g.index,
                },
                Outcome::Game(g),
            )
        }
        (None, Some(v)) => {
            let Some(k) = (0..study.kinds[d].len()).find(|&k| study.kind_name(d, k) == v.kind)
            else {
                return Err(bad(
                    format!("the study measures no piece kind `{}` here", v.kind),
                    None,
                ));
            };
            if v.game >= c.value_games || v.points > 2 {
                return Err(bad(
                    format!(
                        "imbalance game {} ({} half-points) is not one of the study's {}",
                        v.game, v.points, c.value_games
                    ),
                    None,
                ));
            }
            (
                GameKey {
                    definition: d,
                    kind: Some(k),
                    index: v.game,
                },
                Outcome::Value(v.points),
            )
        }
        _ => {
            return Err(bad(
                "a line holds either a `game` or a `value`".to_string(),
                None,
            ))
        }
    };
    Ok(Found {
        key,
        outcome,
        ms: line.ms,
    })
}

fn line_text(study: &LoadedStudy, key: GameKey, outcome: Outcome, ms: u64) -> String {
    let (game, value) = match outcome {
        Outcome::Game(g) => (Some(g), None),
        Outcome::Value(points) => (
            None,
            key.kind.map(|k| ValueLine {
                kind: study.kind_name(key.definition, k).to_string(),
                game: key.index,
                points,
            }),
        ),
    };
    let line = Line {
        study: study.file.id.clone(),
        definition: key.definition,
        game,
        value,
        ms,
    };
    // A line of plain numbers and strings always serialises.
    let mut s = serde_json::to_string(&line).unwrap_or_default();
    s.push('\n');
    s
}

/// What a shard run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// The shard's games.
    pub total: usize,
    /// Games already in the results file.
    pub already: usize,
    /// Games played now.
    pub played: usize,
    /// Bytes of a cut last line removed before playing (its game was played again).
    pub cut_bytes: u64,
}

/// Plays a shard (all games with `None`) into the results file `out`, on `threads` threads:
/// games already in it are skipped, a cut last line is removed and its game played again, each
/// finished game is appended as one line and flushed. `progress(done, total)` after each game.
pub fn run(
    study: &LoadedStudy,
    shard: Option<u32>,
    out: &Path,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<RunSummary, StudyError> {
    if let Some(s) = shard {
        if s == 0 || s > study.file.shards {
            return Err(StudyError::Settings(format!(
                "the shard must be 1 to {}",
                study.file.shards
            )));
        }
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(out)
        .map_err(|e| io_err("open", out, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(StudyError::Busy {
                path: out.display().to_string(),
            })
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io_err("lock", out, e)),
    }
    let existing = read_results_from(study, out, BufReader::new(&file))?;
    if existing.cut_bytes > 0 {
        file.set_len(existing.complete_bytes)
            .map_err(|e| io_err("truncate", out, e))?;
    }
    file.seek(SeekFrom::End(0))
        .map_err(|e| io_err("write", out, e))?;
    let done: BTreeSet<GameKey> = existing.games.iter().map(|f| f.key).collect();
    let all = study.games(shard);
    let todo: Vec<GameKey> = all.iter().copied().filter(|k| !done.contains(k)).collect();
    let already = all.len() - todo.len();
    let writer = Mutex::new(file);
    let failed: Mutex<Option<StudyError>> = Mutex::new(None);
    let stop = AtomicBool::new(false);
    let count = std::sync::atomic::AtomicUsize::new(already);
    parallel(threads, &todo, &|key| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let t = Instant::now();
        let outcome = study.play(key);
        let text = line_text(study, key, outcome, t.elapsed().as_millis() as u64);
        let written = match writer.lock() {
            Ok(mut f) => f.write_all(text.as_bytes()).and_then(|_| f.flush()),
            Err(_) => Err(std::io::Error::other("a writer thread failed")),
        };
        if let Err(e) = written {
            stop.store(true, Ordering::Relaxed);
            if let Ok(mut slot) = failed.lock() {
                slot.get_or_insert(io_err("write", out, e));
            }
            return;
        }
        let n = count.fetch_add(1, Ordering::Relaxed) + 1;
        progress(n, all.len());
    })?;
    if let Some(e) = failed.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(RunSummary {
        total: all.len(),
        already,
        played: todo.len(),
        cut_bytes: existing.cut_bytes,
    })
}

/// Games missing from a collection: per definition and kind (`None`: from the start), the
/// indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The definition as named in the study.
    pub file: String,
    /// The kind lacking, for imbalance games.
    pub kind: Option<String>,
    /// Missing game indices.
    pub games: Vec<u32>,
    /// The shards they belong to.
    pub shards: Vec<u32>,
}

/// Everything the results files hold, each game once.
#[derive(Clone, Debug)]
pub struct Collected {
    /// The study of the games present (the whole study when nothing is missing).
    pub study: Study,
    /// What is missing.
    pub missing: Vec<Missing>,
    /// Games read more than once (counted once).
    pub duplicates: usize,
    /// Games read twice with different results (the first kept): only possible with a time
    /// budget, or with files that were edited.
    pub conflicts: Vec<String>,
    /// Files whose last line was cut (not read).
    pub cut: Vec<String>,
    /// Per shard (index 0 = shard 1): games done, games in it, milliseconds spent on the done.
    pub shards: Vec<(usize, usize, u64)>,
}

/// Reads results files of `study` in any order, each game once, into the study they make.
pub fn collect(study: &LoadedStudy, files: &[PathBuf]) -> Result<Collected, StudyError> {
    if files.len() > MAX_RESULT_FILES {
        return Err(StudyError::Settings(format!(
            "at most {MAX_RESULT_FILES} results files at once"
        )));
    }
    let mut found: BTreeMap<GameKey, Found> = BTreeMap::new();
    let mut duplicates = 0;
    let mut conflicts = Vec::new();
    let mut cut = Vec::new();
    for f in files {
        let r = read_results(study, f)?;
        if r.cut_bytes > 0 {
            cut.push(f.display().to_string());
        }
        for g in r.games {
            match found.get(&g.key) {
                None => {
                    found.insert(g.key, g);
                }
                Some(first) => {
                    duplicates += 1;
                    if first.outcome != g.outcome {
                        conflicts.push(describe(study, g.key));
                    }
                }
            }
        }
    }
    let all = study.all_games();
    let mut shards = vec![(0usize, 0usize, 0u64); study.file.shards as usize];
    for &(key, shard) in &all {
        let s = &mut shards[(shard - 1) as usize];
        s.1 += 1;
        if let Some(f) = found.get(&key) {
            s.0 += 1;
            s.2 += f.ms;
        }
    }
    let mut missing: Vec<Missing> = Vec::new();
    for &(key, shard) in &all {
        if found.contains_key(&key) {
            continue;
        }
        let file = study.file.definitions[key.definition].file.clone();
        let kind = key
            .kind
            .map(|k| study.kind_name(key.definition, k).to_string());
        match missing.last_mut() {
            Some(m) if m.file == file && m.kind == kind => {
                m.games.push(key.index);
                if !m.shards.contains(&shard) {
                    m.shards.push(shard);
                }
            }
            _ => missing.push(Missing {
                file,
                kind,
                games: vec![key.index],
                shards: vec![shard],
            }),
        }
    }
    for m in &mut missing {
        m.shards.sort_unstable();
    }
    let definitions = study
        .engines
        .iter()
        .enumerate()
        .map(|(d, engine)| definition_study(study, d, engine, &found))
        .collect();
    Ok(Collected {
        study: Study {
            format: FORMAT,
            config: study.file.config.clone(),
            shard: None,
            definitions,
        },
        missing,
        duplicates,
        conflicts,
        cut,
        shards,
    })
}

fn describe(study: &LoadedStudy, key: GameKey) -> String {
    let file = &study.file.definitions[key.definition].file;
    match key.kind {
        None => format!("{file}: game {}", key.index),
        Some(k) => format!(
            "{file}: imbalance game {} without a {}",
            key.index,
            study.kind_name(key.definition, k)
        ),
    }
}

/// One definition's games as `analyze` would have them: the same fields, games by index.
fn definition_study(
    study: &LoadedStudy,
    d: usize,
    engine: &Arc<Engine>,
    found: &BTreeMap<GameKey, Found>,
) -> DefinitionStudy {
    let games: Vec<GameRecord> = found
        .range(
            GameKey {
                definition: d,
                kind: None,
                index: 0,
            }..=GameKey {
                definition: d,
                kind: None,
                index: u32::MAX,
            },
        )
        .filter_map(|(_, f)| match &f.outcome {
            Outcome::Game(g) => Some(g.clone()),
            Outcome::Value(_) => None,
        })
        .collect();
    let statics = crate::search::piece_values(engine);
    let values = study.kinds[d]
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            let def = &engine.rules().pieces[kind.index()];
            ValueGames {
                kind: def.name.clone(),
                letter: def.letter.clone(),
                static_cp: statics
                    .iter()
                    .find(|(x, _)| x == kind)
                    .map_or(0, |(_, v)| *v),
                games: found
                    .range(
                        GameKey {
                            definition: d,
                            kind: Some(k),
                            index: 0,
                        }..=GameKey {
                            definition: d,
                            kind: Some(k),
                            index: u32::MAX,
                        },
                    )
                    .filter_map(|(key, f)| match f.outcome {
                        Outcome::Value(p) => Some((key.index, p)),
                        Outcome::Game(_) => None,
                    })
                    .collect(),
            }
        })
        .collect();
    DefinitionStudy {
        name: engine.rules().name.clone(),
        file: study.file.definitions[d].file.clone(),
        static_values: statics
            .into_iter()
            .map(|(k, v)| {
                let def = &engine.rules().pieces[k.index()];
                (def.name.clone(), def.letter.clone(), v)
            })
            .collect(),
        games,
        values,
    }
}
