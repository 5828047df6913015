//! `chimera match DEFINITION --engine SPEC --engine SPEC`: engine-versus-engine games refereed by
//! the definition, with PGN, a progress line per game, and the score, Elo, LOS and SPRT at the end.

use crate::matches::stats::Sprt;
use crate::matches::stats::{EloEstimate, SprtDecision};
use crate::matches::{
    pgn_date, run_match, DrawRule, EngineSpec, MatchConfig, MatchReport, Openings, ResignRule,
    TimeControl, TurnLimits, MAX_RANDOM_PLIES,
};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `chimera match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The definition file (or the name of a shipped definition) whose rules referee every game.
    pub definition: PathBuf,
    /// An engine, twice: `chimera [nodes=N depth=D movetime=MS tc=S+I hash=MB weights=FILE|none]`,
    /// `chimera:PATH` (a Chimera binary through UCI), `uci:PATH [option.NAME=VALUE] [variant=NAME]
    /// [ini=VARIANTS.INI]`, `cecp:PATH [variant=NAME]`; any may add `name=NAME`. Statistics are the
    /// first engine's.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Games to play (pairs share an opening, colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Time control `SECONDS+INCREMENT`, e.g. `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds per move.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Depth per move, in plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Random plies from the start position to open each pair of games.
    #[arg(long)]
    pub random_plies: Option<u32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A file of openings: one FEN per line, or PGN games (their moves are played first).
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Give every game its own opening instead of one per pair of games (for tuning data:
    /// deterministic engines at fixed nodes play a pair's two games alike).
    #[arg(long)]
    pub unpaired: bool,
    /// Write every game here as PGN.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Draw adjudication, `movenumber=40,movecount=8,score=10` (give `--draw ""` for these).
    #[arg(long)]
    pub draw: Option<String>,
    /// Resign adjudication, `movecount=3,score=600` (give `--resign ""` for these).
    #[arg(long)]
    pub resign: Option<String>,
    /// Stop when a sequential probability ratio test decides: `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Seconds an engine may take to answer `uci` / `protover 2` and `isready`.
    #[arg(long, default_value_t = 10.0)]
    pub handshake_timeout: f64,
    /// Without a clock, seconds a move may take before the engine counts as hung.
    #[arg(long, default_value_t = 60.0)]
    pub move_timeout: f64,
    /// Milliseconds a clock may run past zero before the move is a time forfeit.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// No progress line per game.
    #[arg(long, short)]
    pub quiet: bool,
}

fn seconds(what: &str, v: f64) -> Result<Duration, String> {
    if !(0.001..=86_400.0).contains(&v) {
        return Err(format!("{what} must be 0.001 to 86400 seconds"));
    }
    Ok(Duration::from_secs_f64(v))
}

fn config(args: &Args) -> Result<MatchConfig, String> {
    if args.engines.len() != 2 {
        return Err(format!(
            "give exactly two engines with --engine (got {})",
            args.engines.len()
        ));
    }
    let engine = super::perft::load_engine(&args.definition).map_err(|_| String::new())?;
    let engine = Arc::new(engine);
    let specs = [
        EngineSpec::parse(&args.engines[0]).map_err(|e| format!("--engine: {e}"))?,
        EngineSpec::parse(&args.engines[1]).map_err(|e| format!("--engine: {e}"))?,
    ];
    let stem = args
        .definition
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut c = MatchConfig::new(
        engine.clone(),
        args.definition.display().to_string(),
        stem,
        specs,
    );
    c.limits = TurnLimits {
        tc: args
            .tc
            .as_deref()
            .map(TimeControl::parse)
            .transpose()
            .map_err(|e| format!("--tc: {e}"))?,
        nodes: args.nodes,
        depth: args.depth.map(|d| d.clamp(1, crate::search::MAX_DEPTH)),
        movetime: args.movetime.map(Duration::from_millis),
    };
    c.games = args.games;
    c.concurrency = args.concurrency;
    c.paired = !args.unpaired;
    if let Some(k) = args.random_plies {
        if k > MAX_RANDOM_PLIES {
            return Err(format!("--random-plies must be at most {MAX_RANDOM_PLIES}"));
        }
        c.openings = Openings::Random {
            plies: k,
            seed: args.seed,
        };
    }
    if let Some(f) = &args.openings {
        let text =
            std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
        c.openings = Openings::read(&engine, &text).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    c.draw = args
        .draw
        .as_deref()
        .map(DrawRule::parse)
        .transpose()
        .map_err(|e| format!("--draw: {e}"))?;
    c.resign = args
        .resign
        .as_deref()
        .map(ResignRule::parse)
        .transpose()
        .map_err(|e| format!("--resign: {e}"))?;
    c.sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| format!("--sprt: {e}"))?;
    c.handshake = seconds("--handshake-timeout", args.handshake_timeout)?;
    c.move_timeout = seconds("--move-timeout", args.move_timeout)?;
    c.time_margin = Duration::from_millis(args.time_margin.min(60_000));
    c.max_plies = args.max_plies.max(1);
    c.validate()?;
    Ok(c)
}

fn elo_text(e: Option<EloEstimate>) -> String {
    let f = |v: f64| {
        if v.is_infinite() {
            if v > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        } else {
            // `+0`, never `-0`, for a difference that rounds to nothing.
            let r = v.round();
            format!("{:+}", if r == 0.0 { 0 } else { r as i64 })
        }
    };
    match e {
        Some(e) => format!("Elo {} (95% {} to {})", f(e.elo), f(e.low), f(e.high)),
        None => "Elo -".into(),
    }
}

/// The summary lines printed at the end.
pub fn summary(config: &MatchConfig, names: &[String; 2], report: &MatchReport) -> Vec<String> {
    let t = &report.tally;
    let mut lines = vec![
        format!(
            "{} vs {}: {} games, +{} ={} -{}, score {:.1}%",
            names[0],
            names[1],
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        ),
        format!("{}, LOS {:.1}%", elo_text(t.elo()), 100.0 * t.los()),
    ];
    if let Some(s) = &config.sprt {
        let (lo, hi) = s.bounds();
        let verdict = match report.decision {
            Some(SprtDecision::H0) => "H0 accepted",
            Some(SprtDecision::H1) => "H1 accepted",
            None => "no decision",
        };
        lines.push(format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            report.llr.unwrap_or(0.0),
            lo,
            hi
        ));
    }
    if report.faults != [0, 0] {
        lines.push(format!(
            "games lost by a fault (illegal move, crash, hang, time): {} {}, {} {}",
            names[0], report.faults[0], names[1], report.faults[1]
        ));
    }
    lines
}

/// Runs `chimera match`.
pub fn run(args: Args) -> ExitCode {
    let config = match config(&args) {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let mut pgn = match &args.pgn {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    let date = pgn_date();
    let mut names = [String::new(), String::new()];
    let mut write_error = None;
    let report = run_match(&config, &mut |rec, report| {
        let first = rec.first_engine;
        names[first] = rec.names[crate::geometry::Player::First].clone();
        names[1 - first] = rec.names[crate::geometry::Player::Second].clone();
        if let Some(w) = pgn.as_mut() {
            let text = rec.pgn(&config.engine, &config.event, &date);
            if let Err(e) = w.write_all(text.as_bytes()).and_then(|_| w.flush()) {
                write_error.get_or_insert(e.to_string());
            }
        }
        if !args.quiet {
            let t = &report.tally;
            eprintln!(
                "game {}/{}: {} - {} {} ({}); {} +{} ={} -{} ({:.1}%){}",
                rec.number,
                config.games,
                rec.names[crate::geometry::Player::First],
                rec.names[crate::geometry::Player::Second],
                rec.result_token(),
                rec.reason,
                names[0],
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score(),
                report
                    .llr
                    .map(|l| format!(", LLR {l:.2}"))
                    .unwrap_or_default()
            );
        }
    });
    for line in summary(&config, &names, &report) {
        println!("{line}");
    }
    if let Some(e) = write_error {
        eprintln!("error: writing the PGN failed: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
