//! `chimera tune`: evaluation weights fitted to game results (Texel's method), saved beside the
//! definition as `NAME.weights`, and read back into the rule set that play, hints, protocols and
//! `analyze` use.

use crate::common;
use chimera::analysis::tune::{self, FitConfig, Params, Sample};
use chimera::Code;
use chimera::Engine;
use chimera::FEATURES_PER_KIND;
use chimera::{check_file, compile_file, weights};
use chimera::{Evaluator, Searcher};
use chimera::{KindWeights, Weights};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn definitions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions")
}

/// A fresh folder holding a copy of `definitions/minishogi.variant`.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-tune-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::copy(
        definitions().join("minishogi.variant"),
        dir.join("minishogi.variant"),
    )
    .expect("copy");
    dir
}

/// A small deterministic generator (the synthetic data must not depend on a crate's version).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn between(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[test]
fn the_fit_recovers_known_weights_from_results_they_predict() {
    // Two kinds; every sample's result is exactly what the true weights predict.
    let truth = [
        KindWeights {
            value: 300,
            hand: 420,
            centrality: 150,
            advancement: 60,
            mobility: 130,
            shelter: 20,
            exposure: 10,
            pair: 40,
            passed: 90,
            danger: 7,
        },
        KindWeights {
            value: 520,
            hand: 610,
            centrality: 80,
            advancement: 200,
            mobility: 40,
            shelter: -5,
            exposure: 30,
            pair: -10,
            passed: 150,
            danger: -3,
        },
    ];
    let theta = tune::to_vector(&Params::kinds_only(truth.to_vec()));
    let k = 0.004;
    let mut rng = Lcg(7);
    let samples: Vec<Sample> = (0..3000)
        .map(|_| {
            let f: Vec<f64> = (0..2 * FEATURES_PER_KIND)
                .map(|i| match i % FEATURES_PER_KIND {
                    0 | 1 => rng.between(-2, 2) as f64,
                    _ => rng.between(-300, 300) as f64 / 100.0,
                })
                .collect();
            let e: f64 = f.iter().zip(&theta).map(|(a, b)| a * b).sum();
            Sample::new(&f, sigmoid(k * e))
        })
        .collect();
    let start = [KindWeights {
        value: 100,
        hand: 100,
        centrality: 100,
        advancement: 100,
        mobility: 100,
        shelter: 0,
        exposure: 0,
        pair: 0,
        passed: 0,
        danger: 0,
    }; 2];
    let config = FitConfig {
        iterations: 2000,
        prior: 0.0,
        k: Some(k),
    };
    let fit = tune::fit(
        &samples,
        &Params::kinds_only(start.to_vec()),
        &config,
        &mut |_, _| {},
    );
    for (got, want) in fit.weights.kinds.iter().zip(&truth) {
        for (g, w) in [
            (got.value, want.value),
            (got.hand, want.hand),
            (got.centrality, want.centrality),
            (got.advancement, want.advancement),
            (got.mobility, want.mobility),
            (got.pair, want.pair),
            (got.passed, want.passed),
            (got.danger, want.danger),
        ] {
            assert!((g - w).abs() <= 3, "fitted {got:?}, true {want:?}");
        }
    }
    assert!(fit.error_after < 1e-5, "error {}", fit.error_after);
    assert!(fit.error_before > 100.0 * fit.error_after);
    // With the true weights, the logistic scale that fits best is the true one.
    let fitted_k = tune::fit_k(&samples, &theta);
    assert!((fitted_k - k).abs() < k * 0.01, "K {fitted_k}");
}

#[test]
fn the_evaluation_is_the_features_times_the_weights() {
    // Minishogi: drops and promotion; chess: riders, whose mobility depends on the board.
    for name in ["minishogi.variant", "chess.variant"] {
        features_times_weights(name);
    }
}

fn features_times_weights(name: &str) {
    let engine = Arc::new(common::load(name));
    let eval = Evaluator::new(&engine);
    features_times_weights_in_a_game(&engine, &eval);
}

/// Along a game of first legal captures (else last moves), the evaluation is the features times
/// the weights, up to rounding.
fn features_times_weights_in_a_game(engine: &Arc<Engine>, eval: &Evaluator) {
    let theta = tune::to_vector(&Params::of(eval, engine.rules().board.dims.len()));
    let mut game = chimera::Game::new(engine.clone(), engine.start_position());
    // A game of first legal moves with captures: pieces move, get captured, go to hand.
    for _ in 0..30 {
        if game.status().result().is_some() {
            break;
        }
        let pos = game.position();
        let f = eval.features(engine, pos);
        let linear: f64 =
            f.iter().zip(&theta).map(|(a, b)| a * b).sum::<f64>() + chimera::TEMPO as f64;
        // Each piece's square bonus is rounded to a whole centipawn, and each side's mobility.
        let pieces = pos.pieces().count() as f64;
        assert!(
            (linear - eval.evaluate(engine, pos) as f64).abs() <= pieces + 2.0,
            "features say {linear}, the evaluation {}",
            eval.evaluate(engine, pos)
        );
        let moves = engine.legal_moves(pos);
        let capture = moves
            .iter()
            .find(|m| !m.is_drop() && pos.piece_at(m.to).is_some());
        let mv = *capture.or(moves.last()).expect("a move");
        game.play(mv);
    }
}

#[test]
fn a_weights_file_reads_back_as_written() {
    let rules = compile_file(&definitions().join("minishogi.variant")).expect("compiles");
    let kinds: Vec<Option<KindWeights>> = (0..rules.pieces.len())
        .map(|k| {
            (k % 3 != 2).then_some(KindWeights {
                value: 100 * k as i32,
                hand: 7 + k as i32,
                centrality: -40 + k as i32,
                advancement: 250,
                mobility: 90 - k as i32,
                // Written and read for royals only (others have none).
                shelter: if rules.pieces[k].royal {
                    12 + k as i32
                } else {
                    0
                },
                exposure: if rules.pieces[k].royal { -3 } else { 0 },
                // Written only when not 0: a kind without them reads back 0.
                pair: if k % 2 == 0 { 25 + k as i32 } else { 0 },
                passed: if k == 0 { 130 } else { 0 },
                danger: if rules.pieces[k].royal { 6 } else { 0 },
            })
        })
        .collect();
    let w = Weights {
        kinds,
        squares: Vec::new(),
    };
    let text = weights::to_text(&rules, &w, &["a note".to_string()]);
    assert!(text.starts_with("# a note\nformat = 1\n"), "{text}");
    let read = weights::parse("x.weights", &text, &rules)
        .unwrap_or_else(|_| panic!("the written file reads:\n{text}"));
    assert_eq!(read.weights, w);
    assert!(read.warnings.is_empty());
}

/// The text the diagnostic points at.
fn pointed<'a>(text: &'a str, e: &chimera::SourceError) -> &'a str {
    let start = e.offset();
    let len: usize = e.span.len();
    &text[start..start + len]
}

#[test]
fn a_weights_file_without_mobility_keeps_the_derived_mobility() {
    // Files written before mobility had a weight: 100% of the derived bonus.
    let rules = compile_file(&definitions().join("minishogi.variant")).expect("compiles");
    let fp = weights::rules_fingerprint(&rules);
    let text = format!(
        "format = 1\nrules = \"{fp}\"\n[pieces.Rook]\nvalue = 900\nhand = 950\ncentrality = 80\nadvancement = 100\n"
    );
    let read = weights::parse("m.weights", &text, &rules).expect("reads");
    let rook = rules.kind_by_name("Rook").expect("a rook");
    let w = read.weights.kinds[rook.index()].expect("the rook's weights");
    assert_eq!((w.value, w.mobility), (900, 100));
}

#[test]
fn mobility_counts_the_squares_a_piece_reaches() {
    // The rook on a1 reaches b1-d1 behind its own pawn on a2, and a2-a8 too with the pawn on
    // b2: seven squares more, the same pieces. What mobility adds (the evaluation at 100% of the
    // derived mobility less that at 0%) differs by seven times the rook's bonus per square.
    let engine = Arc::new(common::load("chess.variant"));
    let derived = Evaluator::derived(&engine);
    let rook = engine.rules().kind_by_name("Rook").expect("a rook");
    let mut kinds: Vec<Option<KindWeights>> = derived.weights().iter().copied().map(Some).collect();
    if let Some(w) = kinds[rook.index()].as_mut() {
        w.mobility = 0;
    }
    let without = Evaluator::with_weights(
        &engine,
        &Weights {
            kinds,
            ..Weights::default()
        },
    );
    let added = |fen: &str| {
        let pos = common::pos(&engine, fen);
        derived.evaluate(&engine, &pos) - without.evaluate(&engine, &pos)
    };
    let shut = added("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1");
    let open = added("4k3/8/8/8/8/8/1P6/R3K3 w - - 0 1");
    let per_square = (open - shut) / 7;
    assert_eq!(open - shut, 7 * per_square, "open {open}, shut {shut}");
    assert!(
        (1..=5).contains(&per_square),
        "{per_square} centipawns a square"
    );
}

#[test]
fn a_stale_or_broken_weights_file_is_reported_at_its_place() {
    let rules = compile_file(&definitions().join("minishogi.variant")).expect("compiles");
    let good = weights::to_text(&rules, &Weights::default(), &[]);

    // Fitted to other rules: a warning at the fingerprint, the weights still used.
    let stale = good.replace(&weights::rules_fingerprint(&rules), "0000000000000000");
    let read = weights::parse("m.weights", &stale, &rules).expect("a warning only");
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(read.warnings[0].code, Code::WarningWeightsStale);
    assert!(read.warnings[0].is_warning());
    assert_eq!(pointed(&stale, &read.warnings[0]), "\"0000000000000000\"");

    // A piece the definition does not have: a warning naming the near one.
    let extra =
        format!("{good}\n[pieces.Goldd]\nvalue = 1\nhand = 1\ncentrality = 1\nadvancement = 1\n");
    let read = weights::parse("m.weights", &extra, &rules).expect("a warning only");
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(pointed(&extra, &read.warnings[0]), "Goldd");
    assert!(read.warnings[0]
        .help
        .as_deref()
        .is_some_and(|h| h.contains("did you mean `Gold`?")));

    // A value out of bounds: an error at the value.
    let bad =
        format!("{good}\n[pieces.Rook]\nvalue = -5\nhand = 1\ncentrality = 1\nadvancement = 1\n");
    let errors = weights::parse("m.weights", &bad, &rules).expect_err("refused");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, Code::Weights);
    assert_eq!(pointed(&bad, &errors[0]), "-5");

    // Not TOML of the right shape: an error where the reading stopped.
    let broken = "format = 1\n[pieces.Rook]\nvalue = 5\nspeed = 3\n";
    let errors = weights::parse("m.weights", broken, &rules).expect_err("refused");
    assert_eq!(errors[0].code, Code::Weights);
    assert!(errors[0].message.contains("speed"), "{}", errors[0].message);

    // Beside a definition, the compile step reads it: a broken file refuses the definition.
    let dir = folder("broken");
    let def = dir.join("minishogi.variant");
    std::fs::write(dir.join("minishogi.weights"), broken).expect("write");
    let d = check_file(&def).expect_err("the broken weights refuse the definition");
    let text = d.render_plain();
    assert!(
        text.contains("chimera::weights") && text.contains("minishogi.weights"),
        "{text}"
    );
    std::fs::write(dir.join("minishogi.weights"), &stale).expect("write");
    let checked = check_file(&def).expect("a stale file is a warning");
    assert!(checked.rules.weights.is_some());
    assert!(checked
        .warnings
        .iter()
        .any(|w| w.code == Code::WarningWeightsStale));
    let _ = std::fs::remove_dir_all(&dir);
}

fn chimera(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .output()
        .expect("chimera runs")
}

#[test]
fn chimera_tune_writes_weights_that_check_and_play_then_use() {
    let dir = folder("cli");
    let def = dir.join("minishogi.variant");
    let out = chimera(&[
        "tune",
        def.to_str().expect("utf-8 path"),
        "--games",
        "3",
        "--nodes",
        "150",
        "--iterations",
        "100",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The table names every kind with its weights before and after.
    assert!(stdout.contains("piece") && stdout.contains("Rook") && stdout.contains(" -> "));
    let file = dir.join("minishogi.weights");
    assert!(
        stdout.contains(&format!("wrote {}", file.display())),
        "{stdout}"
    );

    // `chimera check` accepts it without a warning.
    let check = chimera(&["check", def.to_str().expect("utf-8")]);
    assert!(check.status.success());
    assert!(!String::from_utf8_lossy(&check.stderr).contains("weights"));

    // The rule set carries the file's weights, and the search plays with them.
    let text = std::fs::read_to_string(&file).expect("written");
    let rules = compile_file(&def).expect("compiles");
    let read = weights::parse("w", &text, &rules).expect("reads");
    assert_eq!(rules.weights.as_ref(), Some(&read.weights));
    let engine = Arc::new(Engine::new(rules).expect("engine"));
    let searcher = Searcher::new(engine.clone(), 1);
    let rook = engine.rules().kind_by_name("Rook").expect("a rook");
    let tuned_rook = read.weights.kinds[rook.index()].expect("every kind written");
    assert_eq!(searcher.evaluator().value(rook), tuned_rook.value);

    // The evaluation differs as the weights say: a rook worth 2000 more on the board. (The
    // royals' safety, which weighs each side's material, is set to nothing in both.)
    let mut plain = read.weights.clone();
    for (k, w) in plain.kinds.iter_mut().enumerate() {
        if let Some(w) = w.as_mut().filter(|_| engine.rules().pieces[k].royal) {
            (w.shelter, w.exposure, w.centrality) = (0, 0, 0);
        }
    }
    let mut doubled = plain.clone();
    if let Some(w) = doubled.kinds[rook.index()].as_mut() {
        w.value += 2000;
    }
    let evaluate = |weights: &chimera::Weights, fen: &str| {
        std::fs::write(&file, weights::to_text(engine.rules(), weights, &[])).expect("write");
        let e = Engine::new(compile_file(&def).expect("compiles")).expect("engine");
        let pos = common::pos(&e, fen);
        Evaluator::new(&e).evaluate(&e, &pos)
    };
    let fen = "1bsgk/4p/5/P4/KGSBR[-] w - - 0 1";
    assert_eq!(evaluate(&doubled, fen) - evaluate(&plain, fen), 2000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn chimera_tune_rounds_play_again_with_the_weights_the_round_before_fitted() {
    let dir = folder("rounds");
    let def = dir.join("minishogi.variant");
    let def = def.to_str().expect("utf-8 path");
    let out = chimera(&[
        "tune",
        def,
        "--rounds",
        "2",
        "--games",
        "2",
        "--nodes",
        "100",
        "--iterations",
        "50",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // Two rounds of two games each: the second fit sees both rounds' positions.
    assert!(
        stderr.contains("round 1 of 2") && stderr.contains("round 2 of 2"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("self-play: 2 games").count(), 2, "{stderr}");
    let fits: Vec<usize> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("fitting ")?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(fits.len(), 2, "{stderr}");
    assert!(fits[1] > fits[0], "{fits:?}");
    let text = std::fs::read_to_string(dir.join("minishogi.weights")).expect("written");
    assert!(text.contains("2 rounds of 2 self-play games"), "{text}");
    assert!(check_file(Path::new(def)).is_ok());

    // A round needs games to play: rounds over PGN files alone are refused, and so are more
    // than ten.
    let refused = chimera(&["tune", def, "--rounds", "2", "--games", "0"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--rounds needs self-play games"));
    let refused = chimera(&["tune", def, "--rounds", "11"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--rounds"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Samples of one kind's material balance (-2..2 pieces) whose results say it is worth `value`
/// centipawns at the logistic scale 0.004.
fn material_samples(rng: &mut Lcg, n: usize, value: f64) -> Vec<Sample> {
    (0..n)
        .map(|_| {
            let mut f = vec![0.0; FEATURES_PER_KIND];
            f[0] = rng.between(-2, 2) as f64;
            Sample::new(&f, sigmoid(0.004 * value * f[0]))
        })
        .collect()
}

#[test]
fn the_held_out_positions_choose_the_prior() {
    let start = [KindWeights {
        value: 300,
        hand: 300,
        centrality: 100,
        advancement: 100,
        mobility: 100,
        shelter: 0,
        exposure: 0,
        pair: 0,
        passed: 0,
        danger: 0,
    }];
    let config = FitConfig {
        iterations: 600,
        prior: 0.0,
        k: Some(0.004),
    };
    let mut rng = Lcg(11);
    // Every game says the kind is worth 500: the weakest pull lets the fit get there, and it is
    // the one the held-out fifth prefers.
    let agree = material_samples(&mut rng, 2000, 500.0);
    let start = Params::kinds_only(start.to_vec());
    let v = tune::fit_validated(&agree, &start, &config, &mut |_, _| {});
    assert_eq!(v.held_out, 400);
    assert_eq!(v.tried.len(), tune::PRIORS.len());
    assert_eq!(v.prior, Some(tune::PRIORS[0]), "{:?}", v.tried);
    assert!(
        (v.fit.weights.kinds[0].value - 500).abs() <= 25,
        "{:?}",
        v.fit.weights
    );
    // The games learnt from say 900, the held-out ones 300 (the start): whatever the fit learns
    // is noise to the held-out fifth, so the starting weights are kept.
    let mut noise = material_samples(&mut rng, 1600, 900.0);
    noise.extend(material_samples(&mut rng, 400, 300.0));
    let v = tune::fit_validated(&noise, &start, &config, &mut |_, _| {});
    assert_eq!(v.prior, None, "{:?}", v.tried);
    assert_eq!(v.fit.weights, start);
    assert_eq!(v.fit.error_after, v.fit.error_before);
}

#[test]
fn values_name_the_weights_file_as_the_origin_of_the_values_it_sets() {
    // A weights file beside the definition setting the Rook alone: `values` says the Rook's
    // value is tuned, and the Gold's still derived from its moves.
    let dir = folder("values-origin");
    let path = dir.join("minishogi.variant");
    let rules = compile_file(&path).expect("compiles");
    let fp = weights::rules_fingerprint(&rules);
    std::fs::write(
        dir.join("minishogi.weights"),
        format!(
            "format = 1\nrules = \"{fp}\"\n[pieces.Rook]\nvalue = 900\nhand = 950\ncentrality = 100\nadvancement = 100\nmobility = 100\n"
        ),
    )
    .expect("writes the weights");
    let mut s = chimera::repl::Session::new();
    s.execute(&format!("load {}", path.display()))
        .expect("loads");
    let values = s.execute("values").expect("values");
    let line = |name: &str| {
        values
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} in {values}"))
            .to_string()
    };
    assert!(
        line("Rook").contains("9.00 /   9.50  tuned: from the weights file"),
        "{values}"
    );
    assert!(line("Gold").ends_with("derived from its moves"), "{values}");
    let rook = s.execute("piece Rook").expect("piece Rook");
    assert!(
        rook.contains("Value: 9.00 pawns (tuned: from the weights file)"),
        "{rook}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The weights of every kind as derived, with a square table for `kind` alone (0 but `cp` on
/// `square`, first player's view).
fn one_square(engine: &Engine, kind: &str, square: &str, cp: i32) -> Weights {
    let rules = engine.rules();
    let derived = Evaluator::derived(engine);
    let k = rules.kind_by_name(kind).expect("the kind").index();
    let s = rules.board.dims.parse_square(square).expect("a square");
    let mut squares = vec![Vec::new(); rules.pieces.len()];
    squares[k] = vec![0; rules.board.dims.len()];
    squares[k][s.index()] = cp;
    Weights {
        kinds: derived.weights().iter().copied().map(Some).collect(),
        squares,
    }
}

#[test]
fn a_tuned_square_table_adds_its_centipawns_where_the_piece_stands() {
    // Chess, 40 centipawns for a knight on e4: the first player's knight there gains them, the
    // second's gains them on e5 (its mirror), and a knight elsewhere gains nothing.
    let engine = common::load("chess.variant");
    let derived = Evaluator::derived(&engine);
    let tuned = Evaluator::with_weights(&engine, &one_square(&engine, "Knight", "e4", 40));
    let gained = |fen: &str| {
        let pos = common::pos(&engine, fen);
        tuned.evaluate(&engine, &pos) - derived.evaluate(&engine, &pos)
    };
    assert_eq!(gained("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"), 40);
    assert_eq!(gained("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1"), -40);
    assert_eq!(gained("4k3/8/8/4n3/8/8/8/4K3 b - - 0 1"), 40);
    assert_eq!(gained("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 0);
}

#[test]
fn the_evaluation_is_the_features_times_the_weights_with_square_tables() {
    // The square tables' features are the pieces on each square: with a table for every kind,
    // the evaluation is still the features times the weights.
    let engine = Arc::new(common::load("chess.variant"));
    let n = engine.rules().board.dims.len();
    let mut w = one_square(&engine, "Knight", "e4", 40);
    w.squares = (0..engine.rules().pieces.len())
        .map(|k| {
            (0..n)
                .map(|s| ((s * 7 + k * 13) % 41) as i32 - 20)
                .collect()
        })
        .collect();
    let eval = Evaluator::with_weights(&engine, &w);
    let theta = tune::to_vector(&Params::of(&eval, n));
    assert_eq!(theta.len(), eval.feature_count());
    features_times_weights_in_a_game(&engine, &eval);
}

#[test]
fn the_fit_learns_a_square_a_kind_stands_well_on() {
    // Samples where the side with a knight on e4 (index 28) wins more often than material says:
    // the fitted table rates e4 above the other squares.
    let engine = Arc::new(common::load("chess.variant"));
    let eval = Evaluator::derived(&engine);
    let n = engine.rules().board.dims.len();
    let start = Params::of(&eval, n).with_squares(n);
    let knight = engine
        .rules()
        .kind_by_name("Knight")
        .expect("a knight")
        .index();
    let e4 = engine
        .rules()
        .board
        .dims
        .parse_square("e4")
        .expect("e4")
        .index();
    let index = eval.feature_count() - (engine.rules().pieces.len() - knight) * n + e4;
    let mut rng = Lcg(5);
    let samples: Vec<Sample> = (0..3000)
        .map(|_| {
            let mut f = vec![0.0; eval.feature_count()];
            let on = rng.between(-1, 1) as f64;
            f[index] = on;
            let other = index - 1 - rng.between(0, 20) as usize;
            f[other] = rng.between(-1, 1) as f64;
            Sample::new(&f, sigmoid(0.004 * 120.0 * on))
        })
        .collect();
    let config = FitConfig {
        iterations: 300,
        prior: 0.0,
        k: Some(0.004),
    };
    let fit = tune::fit(&samples, &start, &config, &mut |_, _| {});
    let table = &fit.weights.squares[knight];
    assert!((table[e4] - 120).abs() <= 10, "e4: {}", table[e4]);
    assert!(
        table
            .iter()
            .enumerate()
            .all(|(s, &x)| s == e4 || x.abs() < 30),
        "{table:?}"
    );
}

#[test]
fn a_weights_file_with_square_tables_reads_back_as_written() {
    let rules = compile_file(&definitions().join("minishogi.variant")).expect("compiles");
    let engine = Engine::new(rules.clone()).expect("playable");
    let mut w = one_square(&engine, "Rook", "c3", -35);
    let silver = rules.kind_by_name("Silver").expect("a silver").index();
    w.squares[silver] = (0..rules.board.dims.len() as i32).collect();
    let text = weights::to_text(&rules, &w, &[]);
    assert!(
        text.contains("squares = [\n  [20, 21, 22, 23, 24],\n"),
        "{text}"
    );
    let read = weights::parse("x.weights", &text, &rules)
        .unwrap_or_else(|_| panic!("the written file reads:\n{text}"));
    assert_eq!(read.weights, w);

    // A table of the wrong shape is an error at the table.
    let bad = text.replacen("  [20, 21, 22, 23, 24],\n", "", 1);
    let errors = weights::parse("x.weights", &bad, &rules).expect_err("refused");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, Code::Weights);
    assert!(
        errors[0].message.contains("4 rows"),
        "{}",
        errors[0].message
    );
    assert!(pointed(&bad, &errors[0]).starts_with("[\n  [15, 16"));
}

#[test]
fn scores_in_the_pgn_comments_weigh_in_the_labels() {
    // White won; the engine said +0.50 before 1. e4 and -0.50 (for Black) before 1... e5. With
    // the scores weighing a half, each label is half the result and half the expected score.
    let engine = Arc::new(common::load("chess.variant"));
    let eval = Evaluator::derived(&engine);
    let games = chimera::read_pgn(&engine, "1. e4 {+0.50} e5 {-0.50} 1-0").expect("a game");
    let labels = |w: f64| -> Vec<f32> {
        tune::from_pgn(&engine, &eval, &games, w)
            .iter()
            .map(|s| s.result)
            .collect()
    };
    let e = tune::expected_score(50);
    assert!((e - 0.5715).abs() < 1e-3, "{e}");
    assert_eq!(labels(0.0), vec![1.0, 0.0]);
    let half = labels(0.5);
    assert!((half[0] as f64 - (0.5 + 0.5 * e)).abs() < 1e-6, "{half:?}");
    assert!((half[1] as f64 - 0.5 * (1.0 - e)).abs() < 1e-6, "{half:?}");
}

#[test]
fn shipped_weights_are_read_with_their_shipped_definition_by_name_and_by_path() {
    // `definitions/chess.weights` is built into the program beside `chess.variant`: `chimera play
    // chess` plays with the same weights as `chimera play definitions/chess.variant`, and every
    // shipped weights file fits the rules of its definition (no stale warning).
    let shipped: Vec<_> = chimera::Shipped::all()
        .filter(|s| s.weights.is_some())
        .collect();
    assert!(
        shipped.iter().any(|s| s.name == "chess"),
        "chess ships its weights"
    );
    for s in shipped {
        let by_name = chimera::check_named(Path::new(s.name)).expect("compiles by name");
        assert!(
            by_name.warnings.is_empty(),
            "{}: {:?}",
            s.name,
            by_name.warnings
        );
        let by_path = check_file(&definitions().join(s.file)).expect("compiles by path");
        assert!(
            by_path.warnings.is_empty(),
            "{}: {:?}",
            s.file,
            by_path.warnings
        );
        let w = by_name
            .rules
            .weights
            .as_ref()
            .expect("the shipped weights are read");
        assert_eq!(Some(w), by_path.rules.weights.as_ref(), "{}", s.name);
        // The weights change the evaluation: some kind's value differs from the derived one.
        let engine = Engine::new(by_name.rules.clone()).expect("builds");
        let derived = Evaluator::derived(&engine);
        let tuned = Evaluator::new(&engine);
        assert_ne!(derived.weights(), tuned.weights(), "{}", s.name);
    }
    // A definition that ships none reads none.
    let mini = chimera::check_named(Path::new("minishogi")).expect("compiles");
    assert!(mini.rules.weights.is_none());
}

#[test]
fn self_play_labels_blend_the_searches_own_scores_when_asked() {
    // Chess self-play at 300 nodes, cut at 40 plies (a draw). With the results alone every label
    // is ½; with the scores weighing 1 each label is the expected score of the search's own
    // judgement of its position, so the labels spread around ½ and stay strictly inside (0, 1).
    let engine = Arc::new(common::load("chess.variant"));
    let eval = Evaluator::derived(&engine);
    let play = |score_weight: f64| -> Vec<f32> {
        let config = tune::PlayConfig {
            games: 2,
            budget: chimera::analysis::Budget::Nodes(300),
            seed: 3,
            random_plies: 4,
            max_plies: 40,
            hash_mb: 1,
            threads: 1,
            score_weight,
        };
        tune::self_play(&engine, &eval, &config, &|_| {})
            .iter()
            .map(|s| s.result)
            .collect()
    };
    let results = play(0.0);
    assert!(!results.is_empty());
    assert!(results.iter().all(|&r| r == 0.5), "{results:?}");
    let scores = play(1.0);
    assert_eq!(
        scores.len(),
        results.len(),
        "the same games, the same positions"
    );
    assert!(scores.iter().all(|&r| r > 0.0 && r < 1.0), "{scores:?}");
    assert!(scores.iter().any(|&r| r != 0.5), "{scores:?}");
}

/// The derived weights with `pair`, `passed` and `danger` set, as (kind, pair, passed, danger).
fn derived_with(engine: &Engine, set: &[(&str, i32, i32, i32)]) -> Evaluator {
    let rules = engine.rules();
    let derived = Evaluator::derived(engine);
    let mut kinds: Vec<Option<KindWeights>> = derived.weights().iter().copied().map(Some).collect();
    for &(name, pair, passed, danger) in set {
        let k = rules.kind_by_name(name).expect("the kind").index();
        if let Some(w) = kinds[k].as_mut() {
            (w.pair, w.passed, w.danger) = (pair, passed, danger);
        }
    }
    Evaluator::with_weights(
        engine,
        &Weights {
            kinds,
            squares: Vec::new(),
        },
    )
}

/// What `tuned` scores above the derived evaluation in the position `fen`, for the side to move.
fn gain_over_derived(engine: &Engine, tuned: &Evaluator, fen: &str) -> i32 {
    let pos = common::pos(engine, fen);
    tuned.evaluate(engine, &pos) - Evaluator::derived(engine).evaluate(engine, &pos)
}

#[test]
fn a_pair_of_a_kind_earns_its_pair_weight_and_a_single_piece_does_not() {
    // Chess, 40 centipawns for two bishops: White's pair gains them, one bishop nothing, and
    // a pair on each side cancels.
    let engine = common::load("chess.variant");
    let derived = Evaluator::derived(&engine);
    assert!(derived
        .weights()
        .iter()
        .all(|w| w.pair == 0 && w.passed == 0));
    let tuned = derived_with(&engine, &[("Bishop", 40, 0, 0)]);
    let gained = |fen: &str| gain_over_derived(&engine, &tuned, fen);
    assert_eq!(gained("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 40);
    assert_eq!(gained("4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1"), -40);
    assert_eq!(gained("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), 0);
    assert_eq!(gained("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1"), 0);
}

#[test]
fn a_pawn_no_enemy_pawn_can_stop_is_passed_and_gains_more_nearer_the_zone() {
    // Chess, pawns' passed bonus at 100%: a lone pawn on e5 gains it, more on e6; an enemy pawn
    // ahead on its file, or one that can capture onto its way (d7 takes on e6), stops it (that
    // pawn is then stopped too: e5 takes on d6), and a pawn behind it on a far file does not.
    let engine = common::load("chess.variant");
    let tuned = derived_with(&engine, &[("Pawn", 0, 100, 0)]);
    let gained = |fen: &str| gain_over_derived(&engine, &tuned, fen);
    let e5 = gained("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
    let e6 = gained("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
    assert!(e5 > 0 && e6 > e5, "e5 {e5}, e6 {e6}");
    assert_eq!(gained("4k3/8/8/4P3/8/8/8/4K3 b - - 0 1"), -e5);
    assert_eq!(gained("4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1"), 0);
    assert_eq!(gained("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1"), 0);
    // Black's h2 pawn is passed as well, a rank from its zone: the difference is the two bonuses.
    let h2 = gained("4k3/8/8/8/8/8/7p/4K3 w - - 0 1");
    assert!(h2 < -e6, "h2 {h2}");
    assert_eq!(gained("4k3/8/8/4P3/8/8/7p/4K3 w - - 0 1"), e5 + h2);
}

#[test]
fn the_evaluation_is_the_features_times_the_weights_with_pairs_and_passed_pieces() {
    // Chess and minishogi (whose pawns promote), with pairs and passed pieces weighted.
    let chess = Arc::new(common::load("chess.variant"));
    let eval = derived_with(
        &chess,
        &[
            ("Bishop", 45, 0, 0),
            ("Knight", -20, 0, 0),
            ("Pawn", 5, 140, 0),
        ],
    );
    features_times_weights_in_a_game(&chess, &eval);
    let shogi = Arc::new(common::load("minishogi.variant"));
    let eval = derived_with(&shogi, &[("Pawn", 30, 120, 0)]);
    features_times_weights_in_a_game(&shogi, &eval);
}

#[test]
fn a_royal_pays_its_danger_weight_for_each_attacked_square_beside_it_squared() {
    // Chess, 5 centipawns a unit. Black's queen on h4 reaches two of the squares beside White's
    // king on g1 (h2 up the file, f2 through g3): 2² = 4 units. White has no attacker (pawns and
    // kings are not), so Black's king is in no danger.
    let engine = common::load("chess.variant");
    let derived = Evaluator::derived(&engine);
    assert!(derived.weights().iter().all(|w| w.danger == 0));
    let tuned = derived_with(&engine, &[("King", 0, 0, 5)]);
    let gained = |fen: &str| gain_over_derived(&engine, &tuned, fen);
    assert_eq!(gained("4k3/8/8/8/7q/8/5PPP/6K1 w - - 0 1"), -20);
    assert_eq!(gained("4k3/8/8/8/7q/8/5PPP/6K1 b - - 0 1"), 20);
    // The queen on a4 reaches no square beside the king.
    assert_eq!(gained("4k3/8/8/8/q7/8/5PPP/6K1 w - - 0 1"), 0);
    // The queen on h3 reaches g2 and h2, a rook on f8 reaches f2 (not f1, behind the pawn):
    // 3² = 9 units.
    assert_eq!(gained("4kr2/8/8/8/8/7q/5PPP/6K1 w - - 0 1"), -45);
}
