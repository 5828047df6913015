//! `chimera analyze`: self-play statistics of definitions, side by side, as a table, JSON or a
//! report with plots; shards of a study and their merge.

use crate::analysis::{
    self, plots, summarize, table, Budget, Metrics, Shard, Study, StudyConfig, FORMAT, MAX_GAMES,
    MAX_MOVETIME_MS, MAX_NODES, MAX_PLIES, MAX_RANDOM_PLIES, MAX_STUDY_DEPTH, MAX_STUDY_HASH_MB,
    MAX_THREADS,
};
use crate::cli::perft::load_engine;
use clap::value_parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Nodes a move when no limit is given: quick enough for 40 games of four large variants in a few
/// minutes on two cores, and, being a node count, the same games on any machine.
pub const DEFAULT_NODES: u64 = 2_000;
/// Most shards of a study.
pub const MAX_SHARDS: u32 = 10_000;

/// Arguments of `chimera analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition files (or names of shipped definitions).
    #[arg(required_unless_present = "merge")]
    pub files: Vec<PathBuf>,
    /// What is played: games, limits, seed.
    #[command(flatten)]
    pub play: PlayOptions,
    /// Worker threads (1 to 256; default: one per core). The games do not depend on it.
    #[arg(long, value_parser = value_parser!(u64).range(1..=MAX_THREADS as u64))]
    pub threads: Option<u64>,
    /// Play only share I of N of the games (e.g. 2/3), for a study spread over machines.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Combine the JSON of a study's shards (written with --json) instead of playing.
    #[arg(long, num_args = 1.., conflicts_with_all = ["files", "shard", "depth", "nodes", "time", "value_games"])]
    pub merge: Vec<PathBuf>,
    /// Print the games and figures as JSON (the input of --merge) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write a report (index.html, SVG plots, study.json) into this folder.
    #[arg(long)]
    pub report: Option<PathBuf>,
}

/// The options that fix a study's games (shared by `analyze` and `study new`).
#[derive(clap::Args, Debug, Clone)]
pub struct PlayOptions {
    /// Self-play games per definition (1 to 100000).
    #[arg(long, default_value_t = 20, value_parser = value_parser!(u32).range(1..=MAX_GAMES as i64))]
    pub games: u32,
    /// Search depth a move, in plies (1 to 30); reproducible.
    #[arg(long, conflicts_with_all = ["nodes", "time"],
          value_parser = value_parser!(u32).range(1..=MAX_STUDY_DEPTH as i64))]
    pub depth: Option<u32>,
    /// Nodes a move (1 to 100000000; default 2000); reproducible.
    #[arg(long, conflicts_with = "time",
          value_parser = value_parser!(u64).range(1..=MAX_NODES))]
    pub nodes: Option<u64>,
    /// Milliseconds a move (1 to 60000); depends on the machine and its load, so not reproducible.
    #[arg(long, value_parser = value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    pub time: Option<u64>,
    /// Seed of the random opening plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies played at random at the start of each game, for diverse games (0 to 40).
    #[arg(long, default_value_t = 4, value_parser = value_parser!(u32).range(0..=MAX_RANDOM_PLIES as i64))]
    pub random_plies: u32,
    /// Stop a game after this many plies and score it a draw (1 to 2000).
    #[arg(long, default_value_t = 300, value_parser = value_parser!(u32).range(1..=MAX_PLIES as i64))]
    pub max_plies: u32,
    /// Hash table of each game's search, in megabytes (1 to 1024).
    #[arg(long, default_value_t = 8, value_parser = value_parser!(u64).range(1..=MAX_STUDY_HASH_MB as u64))]
    pub hash: u64,
    /// Also measure piece values by imbalance self-play: this many games per kind (1 to 100000).
    #[arg(long, value_parser = value_parser!(u32).range(1..=MAX_GAMES as i64))]
    pub value_games: Option<u32>,
}

impl PlayOptions {
    /// The study settings these options ask for.
    pub fn config(&self) -> StudyConfig {
        let budget = match (self.depth, self.nodes, self.time) {
            (Some(d), _, _) => Budget::Depth(d),
            (_, Some(n), _) => Budget::Nodes(n),
            (_, _, Some(t)) => Budget::TimeMs(t),
            _ => Budget::Nodes(DEFAULT_NODES),
        };
        StudyConfig {
            games: self.games,
            budget,
            seed: self.seed,
            random_plies: self.random_plies,
            max_plies: self.max_plies,
            hash_mb: self.hash as usize,
            value_games: self.value_games.unwrap_or(0),
        }
    }
}

/// Reads `I/N` with 1 <= I <= N <= [`MAX_SHARDS`].
fn parse_shard(s: &str) -> Result<Shard, String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}` is not I/N (for example 2/3)"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{t}` in `{s}` is not a whole number"))
    };
    let (index, count) = (num(i)?, num(n)?);
    if count == 0 || count > MAX_SHARDS {
        return Err(format!("the shard count must be 1 to {MAX_SHARDS}"));
    }
    if index == 0 || index > count {
        return Err(format!("the shard must be 1 to {count}"));
    }
    Ok(Shard { index, count })
}

/// The JSON document: the study with its figures.
#[derive(serde::Serialize)]
struct Output<'a> {
    #[serde(flatten)]
    study: &'a Study,
    summary: &'a [Metrics],
}

/// Runs `chimera analyze`.
pub fn run(args: Args) -> ExitCode {
    let started = Instant::now();
    let study = if args.merge.is_empty() {
        match play(&args) {
            Ok(s) => s,
            Err(c) => return c,
        }
    } else {
        let mut parts = Vec::new();
        for f in &args.merge {
            match read_study(f) {
                Ok(s) => parts.push(s),
                Err(c) => return c,
            }
        }
        match analysis::merge(parts) {
            Ok(s) => s,
            Err(e) => {
                eprintln!(
                    "{:?}",
                    miette::miette!(
                        help = "merge the JSON of every shard of one study (`--shard I/N --json`)",
                        "{e}"
                    )
                );
                return ExitCode::FAILURE;
            }
        }
    };
    if let Err(c) = present(&study, args.json, args.report.as_deref()) {
        return c;
    }
    let c = &study.config;
    eprintln!(
        "{} games per definition, {} a move, {} random plies, seed {}{}; {:.1} s",
        c.games,
        c.budget,
        c.random_plies,
        c.seed,
        study.shard.map_or(String::new(), |s| format!(
            ", shard {}/{}",
            s.index, s.count
        )),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Prints a study's figures (the table, or the JSON with `json_out`) and writes its report folder
/// when asked: the same for a played, merged or collected study.
pub(crate) fn present(
    study: &Study,
    json_out: bool,
    report: Option<&Path>,
) -> Result<(), ExitCode> {
    let metrics: Vec<Metrics> = study.definitions.iter().map(summarize).collect();
    let json = match serde_json::to_string_pretty(&Output {
        study,
        summary: &metrics,
    }) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: could not write the JSON: {e}");
            return Err(ExitCode::FAILURE);
        }
    };
    if let Some(dir) = report {
        write_report(dir, &study.config, &metrics, &json)?;
    }
    let mut out = std::io::stdout().lock();
    let text = if json_out {
        json + "\n"
    } else {
        let mut t = table(&metrics).to_text();
        for m in &metrics {
            if m.piece_values.iter().any(|v| v.measured.is_some()) {
                t.push_str(&format!(
                    "\npiece values, {} (pawns)\n",
                    analysis::metrics::short_name(&m.file)
                ));
                t.push_str(&plots::values_table(m).to_text());
            }
        }
        t
    };
    // A reader that stops early (`| head`) closes the pipe: the output then ends quietly.
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return Ok(());
    }
    Ok(())
}

/// Plays the study the arguments describe.
fn play(args: &Args) -> Result<Study, ExitCode> {
    let config = args.play.config();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let mut engines = Vec::new();
    for f in &args.files {
        engines.push((Arc::new(load_engine(f)?), f.display().to_string()));
    }
    let total: u64 = engines
        .iter()
        .map(|(e, _)| {
            let kinds = if config.value_games > 0 {
                analysis::values::measurable_kinds(e).len()
            } else {
                0
            };
            analysis::games_to_play(&config, args.shard, kinds)
        })
        .sum();
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (about {eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut definitions = Vec::new();
    for (engine, file) in &engines {
        match analysis::study_definition(engine, file, &config, args.shard, threads, &|| bar.inc(1))
        {
            Ok(d) => definitions.push(d),
            Err(e) => {
                bar.finish_and_clear();
                eprintln!("error: {e}");
                return Err(ExitCode::FAILURE);
            }
        }
    }
    bar.finish_and_clear();
    Ok(Study {
        format: FORMAT,
        config,
        shard: args.shard,
        definitions,
    })
}

/// Reads one shard's JSON.
fn read_study(path: &Path) -> Result<Study, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::FAILURE
    })?;
    serde_json::from_str(&text).map_err(|e| {
        let line_start: usize = text
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let at = (line_start + e.column().saturating_sub(1)).min(text.len());
        let report = miette::miette!(
            labels = vec![miette::LabeledSpan::at(at..at, "here")],
            help = "give files written by `chimera analyze --json`",
            "{} is not a study: {e}",
            path.display()
        )
        .with_source_code(miette::NamedSource::new(
            path.display().to_string(),
            text.clone(),
        ));
        eprintln!("{report:?}");
        ExitCode::FAILURE
    })
}

/// Writes the report folder: index.html, the plots and the study's JSON.
fn write_report(
    dir: &Path,
    config: &StudyConfig,
    metrics: &[Metrics],
    json: &str,
) -> Result<(), ExitCode> {
    let fail = |what: &Path, e: std::io::Error| {
        eprintln!("error: cannot write {}: {e}", what.display());
        ExitCode::FAILURE
    };
    std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
    let ps = plots::plots(metrics).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })?;
    for p in &ps {
        let path = dir.join(p.file);
        std::fs::write(&path, &p.svg).map_err(|e| fail(&path, e))?;
    }
    let index = dir.join("index.html");
    std::fs::write(&index, plots::index_html(config, metrics, &ps)).map_err(|e| fail(&index, e))?;
    let data = dir.join("study.json");
    std::fs::write(&data, json).map_err(|e| fail(&data, e))?;
    eprintln!("wrote {}", index.display());
    Ok(())
}
