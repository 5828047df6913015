//! `chimera tune FILE`: fits the evaluation's weights to game results (self-play or PGN) and
//! writes them beside the definition (`FILE.weights`), where play, hints, the protocols, the
//! studio and `analyze` find them.

use crate::analysis::tune::{self, FitConfig, GameDone, Params, PlayConfig, MAX_ITERATIONS};
use crate::analysis::{
    Budget, MAX_NODES, MAX_PLIES, MAX_RANDOM_PLIES, MAX_STUDY_DEPTH, MAX_THREADS,
};
use crate::compile::{check_named, weights};
use crate::diagnostics::{Code, Diagnostics, SourceError, SourceFile};
use crate::engine::{Engine, GameResult};
use crate::geometry::Player;
use crate::notation::pgn::{read_pgn, MAX_BYTES};
use crate::rules::{KindWeights, RuleSet};
use crate::search::Evaluator;
use clap::value_parser;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Arguments of `chimera tune`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The definition file whose evaluation is tuned.
    pub file: PathBuf,
    /// Self-play games to learn from (0 to 100000; 0 with --pgn: only the PGN games).
    #[arg(long, default_value_t = 200, value_parser = value_parser!(u32).range(0..=tune::MAX_TUNE_GAMES as i64))]
    pub games: u32,
    /// Nodes a move in the self-play games (1 to 100000000).
    #[arg(long, default_value_t = 1_000, conflicts_with = "depth",
          value_parser = value_parser!(u64).range(1..=MAX_NODES))]
    pub nodes: u64,
    /// Search depth a move in the self-play games instead of nodes (1 to 30).
    #[arg(long, value_parser = value_parser!(u32).range(1..=MAX_STUDY_DEPTH as i64))]
    pub depth: Option<u32>,
    /// Games read from PGN files (played in this variant) to learn from as well.
    #[arg(long, num_args = 1..)]
    pub pgn: Vec<PathBuf>,
    /// How much the engines' scores count in a position's label beside the game's result (0 to
    /// 1; 0: the results alone): the self-play searches' own scores, and those in the PGN
    /// comments (`{+0.35/9}`, as `chimera match` and other match programs write them).
    #[arg(long, default_value_t = 0.0, value_parser = parse_fraction)]
    pub score_weight: f64,
    /// Where to write the weights (default: beside the definition, FILE.weights).
    #[arg(short = 'o', long)]
    pub out: Option<PathBuf>,
    /// Seed of the random opening plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies played at random at the start of each game (0 to 40).
    #[arg(long, default_value_t = 8, value_parser = value_parser!(u32).range(0..=MAX_RANDOM_PLIES as i64))]
    pub random_plies: u32,
    /// Stop a game after this many plies and score it a draw (1 to 2000).
    #[arg(long, default_value_t = 300, value_parser = value_parser!(u32).range(1..=MAX_PLIES as i64))]
    pub max_plies: u32,
    /// Games played at once (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..=MAX_THREADS as u64))]
    pub threads: u64,
    /// Rounds of self-play and fit (1 to 10): each round plays --games games with the weights
    /// the round before fitted, then fits all the rounds' positions again from those weights.
    /// Two rounds gained where one did not (README, the tuning section).
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=MAX_ROUNDS as i64))]
    pub rounds: u32,
    /// Steps of the fit (1 to 100000).
    #[arg(long, default_value_t = 600, value_parser = value_parser!(u32).range(1..=MAX_ITERATIONS as i64))]
    pub iterations: u32,
    /// Start from the weights derived from the rules, not from the weights file in use.
    #[arg(long)]
    pub fresh: bool,
    /// Also fit a table of centipawns per kind and square (where each kind stands well), on top
    /// of the derived square tables: many more weights, so give it thousands of games. A weights
    /// file that holds such tables has them fitted again without it.
    #[arg(long)]
    pub squares: bool,
    /// The pull towards the starting weights (0 to 1, per (100 units)² of change). Default: chosen
    /// among 0.0001 to 0.03 by the error on the last fifth of the positions, held out.
    #[arg(long, value_parser = parse_fraction)]
    pub prior: Option<f64>,
}

/// The most rounds of self-play and fit one command runs.
const MAX_ROUNDS: u32 = 10;

/// A prior strength or a score weight: a number from 0 to 1.
fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("`{text}` is not a number from 0 to 1")),
    }
}

/// Runs `chimera tune`.
pub fn run(args: Args) -> ExitCode {
    match tune_file(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::FAILURE
        }
    }
}

fn tune_file(args: &Args) -> Result<(), String> {
    let started = Instant::now();
    let checked = check_named(&args.file).map_err(|d| format!("{:?}", miette::Report::new(d)))?;
    let out = match &args.out {
        Some(o) => o.clone(),
        None if args.file.is_file() => weights::path_beside(&args.file),
        None => {
            return Err(format!(
                "`{}` is a shipped definition, not a file: give -o FILE.weights, or tune a copy of it (`chimera list`)",
                args.file.display()
            ))
        }
    };
    let had_weights = checked.rules.weights.is_some();
    let engine = Arc::new(
        Engine::new(checked.rules).map_err(|e| format!("error: {}: {e}", args.file.display()))?,
    );
    let rules = engine.rules().clone();
    if args.rounds > 1 && args.games == 0 {
        return Err(
            "--rounds needs self-play games (--games N): each round plays with the weights the one before fitted"
                .to_string(),
        );
    }
    let mut eval = if args.fresh {
        Evaluator::derived(&engine)
    } else {
        Evaluator::new(&engine)
    };
    let board = rules.board.dims.len();
    let start = Params::of(&eval, board);
    let start = if args.squares {
        start.with_squares(board)
    } else {
        start
    };
    eprintln!(
        "tuning {} from the {} weights",
        rules.name,
        if had_weights && !args.fresh {
            "tuned"
        } else {
            "derived"
        }
    );

    let mut samples = Vec::new();
    for p in &args.pgn {
        let games = read_games(&engine, p)?;
        let before = samples.len();
        samples.extend(tune::from_pgn(&engine, &eval, &games, args.score_weight));
        eprintln!(
            "{}: {} games, {} positions",
            p.display(),
            games.len(),
            samples.len() - before
        );
    }
    // Each round plays with the weights the round before fitted and fits every round's
    // positions again: a position's features do not depend on the weights, only its label
    // (the searches' scores) on who played it.
    let mut from = start.clone();
    let mut last = None;
    for round in 1..=args.rounds {
        if args.games > 0 {
            if args.rounds > 1 {
                eprintln!("round {round} of {}", args.rounds);
            }
            samples.extend(play_round(&engine, &eval, args, round));
            samples.truncate(tune::MAX_SAMPLES);
        }
        if samples.is_empty() {
            return Err(
                "no positions to learn from: play some games (--games N) or give games (--pgn FILE)"
                    .to_string(),
            );
        }
        eprintln!("fitting {} positions", samples.len());
        let (fit, note) = fit_round(&samples, &from, args);
        from = fit.weights.clone();
        eval = Evaluator::with_weights(&engine, &tune::as_rules_weights(&from));
        last = Some((fit, note));
    }
    let Some((fit, prior_note)) = last else {
        return Err("no round was run".to_string());
    };
    eprintln!("{prior_note}");
    println!("{}", table(&rules, &start.kinds, &fit.weights.kinds));
    if let Some(moved) = square_change(&start, &fit.weights) {
        println!("square tables: {moved}");
    }
    println!(
        "K = {:.6}; mean squared error {:.6} -> {:.6} over {} positions",
        fit.k, fit.error_before, fit.error_after, fit.samples
    );
    let notes = [
        format!("Evaluation weights for {}, written by `chimera tune`.", rules.name),
        format!(
            "Fitted to {} positions ({}{} self-play games at {}, {} PGN files, scores weighing {}); error {:.6} -> {:.6}.",
            fit.samples,
            if args.rounds > 1 {
                format!("{} rounds of ", args.rounds)
            } else {
                String::new()
            },
            args.games,
            match args.depth {
                Some(d) => format!("depth {d}"),
                None => format!("{} nodes", args.nodes),
            },
            args.pgn.len(),
            args.score_weight,
            fit.error_before,
            fit.error_after
        ),
        format!("The pull towards the starting weights: {prior_note}."),
        "value and hand: centipawns; centrality and advancement: percent of the derived square tables; mobility: percent of the derived bonus per square reached; shelter and exposure (royals): centipawns per piece beside the royal and per rank from home, while the enemy is armed; pair: centipawns for two or more of the kind; passed (promoting pawn-like kinds): percent of the derived passed bonus; danger (royals): centipawns per attacked square beside the royal, squared; squares: centipawns on each square, the last rank first.".to_string(),
    ];
    let text = weights::to_text(&rules, &tune::as_rules_weights(&fit.weights), &notes);
    std::fs::write(&out, text).map_err(|e| format!("cannot write `{}`: {e}", out.display()))?;
    println!(
        "wrote {} ({:.1} s)",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One round's self-play games with `eval` on both sides, reported game by game.
fn play_round(
    engine: &Arc<Engine>,
    eval: &Evaluator,
    args: &Args,
    round: u32,
) -> Vec<tune::Sample> {
    let rules = engine.rules();
    let config = PlayConfig {
        games: args.games,
        budget: match args.depth {
            Some(d) => Budget::Depth(d),
            None => Budget::Nodes(args.nodes),
        },
        // A new seed each round, so that the rounds open differently.
        seed: args.seed.wrapping_add(u64::from(round - 1)),
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        hash_mb: 8,
        threads: args.threads as usize,
        score_weight: args.score_weight,
    };
    eprintln!("self-play: {} games at {}", config.games, config.budget);
    let done = AtomicU32::new(0);
    let tally = Mutex::new([0u32; 3]);
    let total = config.games;
    let on_game = |g: GameDone| {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Ok(mut t) = tally.lock() {
            let i = match g.result {
                Some(GameResult::Win(Player::First)) => 0,
                Some(GameResult::Win(Player::Second)) => 2,
                _ => 1,
            };
            t[i] += 1;
            eprintln!(
                "game {n}/{total}: {} in {} plies, {} positions  (first +{} ={} second +{})",
                match g.result {
                    Some(GameResult::Win(p)) => format!("{} wins", rules.players[p]),
                    Some(GameResult::Draw) => "draw".to_string(),
                    None => "stopped (draw)".to_string(),
                },
                g.plies,
                g.samples,
                t[0],
                t[1],
                t[2]
            );
        }
    };
    tune::self_play(engine, eval, &config, &on_game)
}

/// One fit of `samples` from the weights `from`: with the prior given, or chosen on held-out
/// positions. Returns the fit and a line saying which prior it used.
fn fit_round(samples: &[tune::Sample], from: &Params, args: &Args) -> (tune::Fit, String) {
    let config = FitConfig {
        iterations: args.iterations,
        ..FitConfig::default()
    };
    let mut on_step = |t: u32, e: f64| eprintln!("  step {t}: error {e:.6}");
    match args.prior {
        Some(prior) => {
            let fit = tune::fit(samples, from, &FitConfig { prior, ..config }, &mut on_step);
            (fit, format!("prior {prior} (given)"))
        }
        None => {
            let v = tune::fit_validated(samples, from, &config, &mut on_step);
            for (prior, e) in &v.tried {
                eprintln!("  prior {prior}: held-out error {e:.6}");
            }
            let note = match v.prior {
                Some(p) => format!(
                    "prior {p}, chosen on {} held-out positions (error {:.6} -> {:.6})",
                    v.held_out,
                    v.held_out_before,
                    v.tried
                        .iter()
                        .find(|t| t.0 == p)
                        .map_or(v.held_out_before, |t| t.1)
                ),
                None => format!(
                    "no prior improved on the starting weights over {} held-out positions \
                     (error {:.6}): they are kept",
                    v.held_out, v.held_out_before
                ),
            };
            (v.fit, note)
        }
    }
}

/// How far the square tables moved: the mean and largest change of an entry, in centipawns
/// (`None` when they were not fitted).
fn square_change(before: &Params, after: &Params) -> Option<String> {
    if after.squares.is_empty() {
        return None;
    }
    let changes: Vec<i32> = before
        .squares
        .iter()
        .flatten()
        .zip(after.squares.iter().flatten())
        .map(|(b, a)| (a - b).abs())
        .collect();
    let n = changes.len().max(1);
    Some(format!(
        "{} entries, mean change {:.1} cp, largest {} cp",
        changes.len(),
        changes.iter().map(|&c| c as f64).sum::<f64>() / n as f64,
        changes.iter().max().copied().unwrap_or(0)
    ))
}

/// The before/after table, one row per kind.
fn table(rules: &RuleSet, before: &[KindWeights], after: &[KindWeights]) -> String {
    let width = rules
        .pieces
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = format!(
        "{:<width$}  {:>13}  {:>13}  {:>13}  {:>13}  {:>13}\n",
        "piece", "value", "hand", "centrality %", "advancement %", "mobility %"
    );
    for ((p, b), a) in rules.pieces.iter().zip(before).zip(after) {
        let cell = |x: i32, y: i32| format!("{x} -> {y}");
        out.push_str(&format!(
            "{:<width$}  {:>13}  {:>13}  {:>13}  {:>13}  {:>13}\n",
            p.name,
            cell(b.value, a.value),
            cell(b.hand, a.hand),
            cell(b.centrality, a.centrality),
            cell(b.advancement, a.advancement),
            cell(b.mobility, a.mobility)
        ));
    }
    // The royal-safety weights, for the royal kinds only (the others have none).
    for ((p, b), a) in rules.pieces.iter().zip(before).zip(after) {
        if p.royal {
            out.push_str(&format!(
                "{}: shelter {} -> {}, exposure {} -> {}, danger {} -> {}\n",
                p.name, b.shelter, a.shelter, b.exposure, a.exposure, b.danger, a.danger
            ));
        }
    }
    // Pairs and passed pieces, for the kinds where either moved.
    for ((p, b), a) in rules.pieces.iter().zip(before).zip(after) {
        if (b.pair, b.passed) != (a.pair, a.passed) {
            out.push_str(&format!(
                "{}: pair {} -> {}, passed {}% -> {}%\n",
                p.name, b.pair, a.pair, b.passed, a.passed
            ));
        }
    }
    out.pop();
    out
}

/// Reads and plays the games of a PGN file, with a located diagnostic for a bad one.
fn read_games(engine: &Engine, path: &Path) -> Result<Vec<crate::notation::pgn::PgnGame>, String> {
    let name = path.display().to_string();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() > MAX_BYTES {
        return Err(format!(
            "{name}: larger than {MAX_BYTES} bytes; split it into smaller files"
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
    read_pgn(engine, &text).map_err(|e| {
        let src = SourceFile::new(name.clone(), text.clone());
        let err = SourceError::new(Code::Pgn, &src, e.offset, e.offset + e.len, e.message)
            .with_label("here")
            .with_help_opt(e.help);
        format!(
            "{:?}",
            miette::Report::new(Diagnostics::new(&name, vec![err]))
        )
    })
}
