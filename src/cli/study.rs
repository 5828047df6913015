//! `chimera study`: a study as a file, its shards run anywhere (GNU parallel, Slurm, by hand),
//! resumed after a kill, merged into the report of `analyze`.

use crate::analysis::study::{self as st, LoadedStudy, StudyError, MAX_SHARDS};
use crate::cli::analyze::{present, PlayOptions};
use clap::value_parser;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `chimera study`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to do with the study.
    #[command(subcommand)]
    pub command: Sub,
}

/// The study subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// Write a study file: the definitions (by content hash), settings and shard count.
    New(NewArgs),
    /// Play one shard of a study (or all of it), resuming what an earlier run left.
    Run(RunArgs),
    /// Merge shard results into the table, JSON and plots of `analyze --report`.
    Report(ReportArgs),
    /// Games done per shard and an estimate of the time left.
    Status(StatusArgs),
}

/// Arguments of `chimera study new`.
#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// Definition files (or names of shipped definitions).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// What is played: games, limits, seed.
    #[command(flatten)]
    pub play: PlayOptions,
    /// How many shards (jobs) the games are dealt into (1 to 10000).
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=MAX_SHARDS as i64))]
    pub shards: u32,
    /// The study file to write (TOML).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

/// Arguments of `chimera study run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The study file.
    pub study: PathBuf,
    /// Which shard to play, 1 to the study's count (default: every game).
    #[arg(long, value_parser = value_parser!(u32).range(1..=MAX_SHARDS as i64))]
    pub shard: Option<u32>,
    /// Results file, JSON Lines (default: STUDY.shard-I.jsonl beside the study).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Worker threads (default: one per core). The games do not depend on it.
    #[arg(long, value_parser = value_parser!(u64).range(1..=crate::analysis::MAX_THREADS as u64))]
    pub threads: Option<u64>,
}

/// Arguments of `chimera study report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The study file.
    pub study: PathBuf,
    /// Results files, in any order, duplicates allowed (default: the shards' files beside the
    /// study).
    pub results: Vec<PathBuf>,
    /// Write the report (index.html, SVG plots, study.json) into this folder.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Print the games and figures as JSON instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `chimera study status`.
#[derive(clap::Args, Debug)]
pub struct StatusArgs {
    /// The study file.
    pub study: PathBuf,
    /// Results files (default: the shards' files beside the study).
    pub results: Vec<PathBuf>,
}

/// Runs `chimera study`.
pub fn run(args: Args) -> ExitCode {
    let r = match args.command {
        Sub::New(a) => new(a),
        Sub::Run(a) => run_shard(a),
        Sub::Report(a) => report(a),
        Sub::Status(a) => status(a),
    };
    r.unwrap_or_else(|c| c)
}

fn fail(e: StudyError) -> ExitCode {
    eprintln!("{:?}", miette::Report::new(e));
    ExitCode::FAILURE
}

fn new(a: NewArgs) -> Result<ExitCode, ExitCode> {
    let config = a.play.config();
    let study = st::create(&a.files, &config, a.shards, &a.output).map_err(fail)?;
    let text = st::to_toml(&study).map_err(fail)?;
    std::fs::write(&a.output, text).map_err(|e| {
        fail(StudyError::Io {
            action: "write",
            path: a.output.display().to_string(),
            reason: e.to_string(),
        })
    })?;
    if !config.budget.is_deterministic() {
        eprintln!(
            "warning: a time limit depends on each machine's speed and load: shards and reruns \
             will not replay the same games (use --nodes or --depth)"
        );
    }
    eprintln!(
        "wrote {} (study {}): {} definitions, {} games each, {} shards",
        a.output.display(),
        study.id,
        study.definitions.len(),
        config.games,
        study.shards
    );
    Ok(ExitCode::SUCCESS)
}

fn load(path: &std::path::Path) -> Result<LoadedStudy, ExitCode> {
    let study = st::load(path).map_err(fail)?;
    if study.file.chimera != env!("CARGO_PKG_VERSION") {
        eprintln!(
            "warning: {} was made by chimera {}, this is {}: its search may play other moves",
            path.display(),
            study.file.chimera,
            env!("CARGO_PKG_VERSION")
        );
    }
    Ok(study)
}

fn run_shard(a: RunArgs) -> Result<ExitCode, ExitCode> {
    let started = Instant::now();
    let study = load(&a.study)?;
    let out = a
        .output
        .clone()
        .unwrap_or_else(|| study.default_output(a.shard));
    let threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let bar = ProgressBar::hidden();
    let progress = |done: usize, total: usize| {
        if bar.length() != Some(total as u64) {
            bar.set_length(total as u64);
        }
        bar.set_position(done as u64);
    };
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} (about {eta} left)",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    }
    let r = st::run(&study, a.shard, &out, threads, &progress);
    bar.finish_and_clear();
    let s = r.map_err(fail)?;
    let which = a.shard.map_or("whole study".to_string(), |i| {
        format!("shard {i}/{}", study.file.shards)
    });
    if s.cut_bytes > 0 {
        eprintln!(
            "{}: its last line was cut ({} bytes, a job killed while writing): removed and played again",
            out.display(),
            s.cut_bytes
        );
    }
    eprintln!(
        "{which} of study {}: {} games, {} already done, {} played; {} in {:.1} s",
        study.file.id,
        s.total,
        s.already,
        s.played,
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn results_of(study: &LoadedStudy, given: Vec<PathBuf>) -> Result<Vec<PathBuf>, ExitCode> {
    if !given.is_empty() {
        return Ok(given);
    }
    let found = study.existing_outputs();
    if found.is_empty() {
        eprintln!(
            "{:?}",
            miette::miette!(
                help = "run its shards first (`chimera study run STUDY --shard I`), or name the \
                        results files",
                "no results files of {} beside it",
                study.path.display()
            )
        );
        return Err(ExitCode::FAILURE);
    }
    Ok(found)
}

/// Prints what is missing; true when nothing is.
fn tell_missing(c: &st::Collected) -> bool {
    for f in &c.cut {
        eprintln!("note: {f}: the last line was cut (a job killed while writing): not read");
    }
    if c.duplicates > 0 {
        eprintln!(
            "note: {} games were in more than one results file (each counted once)",
            c.duplicates
        );
    }
    for x in &c.conflicts {
        eprintln!("warning: {x} differs between results files (the first read was kept)");
    }
    let total: usize = c.missing.iter().map(|m| m.games.len()).sum();
    if total == 0 {
        return true;
    }
    eprintln!("{total} games are still missing:");
    for m in &c.missing {
        let what = m.kind.as_ref().map_or("games".to_string(), |k| {
            format!("imbalance games without a {k}")
        });
        eprintln!(
            "  {}: {} {} (shards {})",
            m.file,
            what,
            ranges(&m.games),
            ranges(&m.shards)
        );
    }
    false
}

/// `0-3, 7, 9-10`.
fn ranges(v: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            v[i].to_string()
        } else {
            format!("{}-{}", v[i], v[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

fn report(a: ReportArgs) -> Result<ExitCode, ExitCode> {
    let study = load(&a.study)?;
    let files = results_of(&study, a.results)?;
    let c = st::collect(&study, &files).map_err(fail)?;
    let complete = tell_missing(&c);
    present(&c.study, a.json, a.output.as_deref())?;
    if complete {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("the figures above are of the games present only");
        Ok(ExitCode::from(2))
    }
}

fn status(a: StatusArgs) -> Result<ExitCode, ExitCode> {
    let study = load(&a.study)?;
    let files = results_of(&study, a.results)?;
    let c = st::collect(&study, &files).map_err(fail)?;
    tell_missing(&c);
    let (mut done, mut total, mut ms) = (0usize, 0usize, 0u64);
    let mut most_left = 0usize;
    println!("study {} ({} shards)", study.file.id, study.file.shards);
    for (i, &(d, t, m)) in c.shards.iter().enumerate() {
        println!("shard {:>4}: {d}/{t} games", i + 1);
        done += d;
        total += t;
        ms += m;
        most_left = most_left.max(t - d);
    }
    println!("total: {done}/{total} games");
    if done == total {
        println!("complete");
    } else if done > 0 {
        let per_game = ms as f64 / done as f64 / 1000.0;
        println!(
            "about {} of one core left ({:.1} s a game); with every shard running at once, about {}",
            duration((total - done) as f64 * per_game),
            per_game,
            duration(most_left as f64 * per_game)
        );
    } else {
        println!("no game finished yet: no estimate");
    }
    Ok(ExitCode::SUCCESS)
}

fn duration(s: f64) -> String {
    if s < 90.0 {
        format!("{s:.0} s")
    } else if s < 5400.0 {
        format!("{:.0} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}
