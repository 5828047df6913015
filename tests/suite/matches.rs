//! `chimera match`: the arithmetic of results (against values worked out by hand from the
//! formulas, with Python 3's `math` module), Chimera against Chimera refereed by the definition,
//! adjudication, and engines that crash, hang, send garbage, run out of time or never finish
//! their handshake: each loses its game with the reason recorded, and the match goes on.

use chimera::compile_file;
use chimera::matches::stats::{elo_from_score, erf, Sprt, SprtDecision, Tally};
use chimera::matches::{
    run_match, DrawRule, EngineSpec, GameRecord, MatchConfig, Openings, ResignRule, Termination,
    TimeControl, TurnLimits,
};
use chimera::read_pgn;
use chimera::Player;
use chimera::{Engine, Game, GameResult};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() < eps
}

#[test]
fn score_elo_interval_and_los_of_10_wins_20_draws_5_losses() {
    let t = Tally {
        wins: 10,
        draws: 20,
        losses: 5,
    };
    // Score 20/35; Elo -400 log10(1/s - 1) = -400 log10(0.75).
    assert!(close(t.score(), 20.0 / 35.0, 1e-12));
    assert!(close(t.variance(), 0.102_040_816_326_530_6, 1e-12));
    let e = t.elo().unwrap();
    assert!(close(e.elo, 49.975_494_643_319_976, 1e-9));
    assert!(close(e.low, -23.941_067_429_359_578, 1e-6));
    assert!(close(e.high, 128.758_413_426_518_47, 1e-6));
    // LOS = (1 + erf(5 / √30)) / 2.
    assert!(close(t.los(), 0.901_647_198_770_526_6, 1e-6));
}

#[test]
fn elo_of_even_and_one_sided_scores() {
    assert_eq!(elo_from_score(0.5), 0.0);
    assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
    assert_eq!(elo_from_score(1.0), f64::INFINITY);
    assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    assert_eq!(Tally::default().elo(), None);
    assert_eq!(
        Tally {
            wins: 0,
            draws: 3,
            losses: 0
        }
        .los(),
        0.5
    );
}

#[test]
fn erf_matches_the_tabulated_values() {
    assert!(close(erf(1.0), 0.842_700_792_949_714_9, 2e-7));
    assert!(close(erf(0.5), 0.520_499_877_813_046_5, 2e-7));
    assert!(close(erf(-2.0), -0.995_322_265_018_952_7, 2e-7));
    assert!(close(erf(0.0), 0.0, 2e-7));
}

#[test]
fn sprt_bounds_and_log_likelihood_ratio() {
    let s = Sprt::parse("elo0=0,elo1=10").unwrap();
    assert_eq!((s.alpha, s.beta), (0.05, 0.05));
    let (lo, hi) = s.bounds();
    // ln(0.05 / 0.95) and ln(0.95 / 0.05).
    assert!(close(lo, -2.944_438_979_166_440_3, 1e-12));
    assert!(close(hi, 2.944_438_979_166_440_3, 1e-12));
    // n (s1 - s0)(2 x̄ - s0 - s1) / (2 σ²) with s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)).
    let t = Tally {
        wins: 10,
        draws: 20,
        losses: 5,
    };
    assert!(close(s.llr(&t), 0.316_987_043_866_146_9, 1e-9));
    assert_eq!(s.decide(&t), None);
    let t = Tally {
        wins: 60,
        draws: 20,
        losses: 20,
    };
    assert!(close(s.llr(&t), 1.733_713_311_929_099_7, 1e-9));
    assert_eq!(
        s.decide(&Tally {
            wins: 120,
            draws: 40,
            losses: 40
        }),
        Some(SprtDecision::H1)
    );
    assert_eq!(
        s.decide(&Tally {
            wins: 40,
            draws: 40,
            losses: 120
        }),
        Some(SprtDecision::H0)
    );
    // All draws: no evidence either way.
    assert_eq!(
        s.llr(&Tally {
            wins: 0,
            draws: 50,
            losses: 0
        }),
        0.0
    );
}

#[test]
fn sprt_and_engine_specs_refuse_bad_text() {
    assert!(Sprt::parse("elo0=10,elo1=0").is_err());
    assert!(Sprt::parse("elo1=10").is_err());
    assert!(Sprt::parse("elo0=0,elo1=10,alpha=0.7").is_err());
    assert!(Sprt::parse("elo0=0,elo1=x").is_err());
    assert!(EngineSpec::parse("stockfish").is_err());
    assert!(EngineSpec::parse("uci:").is_err());
    assert!(EngineSpec::parse("chimera nodes=lots").is_err());
    assert!(EngineSpec::parse("chimera colour=red").is_err());
    // Weights set only the in-process Chimera: a process would ignore them and play as the other.
    assert!(EngineSpec::parse("chimera weights=none").is_ok());
    let e = EngineSpec::parse("chimera:/usr/bin/chimera weights=x.weights").unwrap_err();
    assert!(e.contains("in-process"), "{e}");
    assert!(EngineSpec::parse("uci:/usr/games/fairy-stockfish weights=x.weights").is_err());
    assert!(TimeControl::parse("10+x").is_err());
    assert!(TimeControl::parse("0+0").is_err());
    let s =
        EngineSpec::parse("uci:/usr/games/fairy-stockfish option.Skill Level=-5 name=FSF").unwrap();
    assert_eq!(s.options, [("Skill Level".to_string(), "-5".to_string())]);
    assert_eq!(s.name.as_deref(), Some("FSF"));
    let s = EngineSpec::parse("chimera nodes=2000 depth=3").unwrap();
    assert_eq!(s.limits.nodes, Some(2000));
    assert_eq!(s.limits.depth, Some(3));
    let tc = TimeControl::parse("10+0.1").unwrap();
    assert_eq!(tc.base, Duration::from_secs(10));
    assert_eq!(tc.increment, Duration::from_millis(100));
}

fn engine(name: &str) -> Arc<Engine> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(format!("{name}.variant"));
    Arc::new(Engine::new(compile_file(&path).unwrap()).unwrap())
}

fn config(variant: &str, a: &str, b: &str) -> MatchConfig {
    let e = engine(variant);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(format!("{variant}.variant"));
    let mut c = MatchConfig::new(
        e,
        path.display().to_string(),
        variant.to_string(),
        [EngineSpec::parse(a).unwrap(), EngineSpec::parse(b).unwrap()],
    );
    c.handshake = Duration::from_secs(5);
    c.move_timeout = Duration::from_secs(2);
    c
}

fn play(c: &MatchConfig) -> (Vec<GameRecord>, chimera::matches::MatchReport) {
    c.validate().unwrap();
    let mut games = Vec::new();
    let report = run_match(c, &mut |g, _| games.push(g.clone()));
    games.sort_by_key(|g| g.number);
    (games, report)
}

fn fake(script: &str, args: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/match_engines")
        .join(script);
    format!("uci:{} arg={}", path.display(), args)
}

fn fake_cecp(mode: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/match_engines/fake_cecp.sh");
    format!("cecp:{} arg={mode}", path.display())
}

#[test]
fn chimera_against_chimera_plays_legal_games_to_the_end_the_rules_give() {
    let mut c = config("chess", "chimera nodes=300", "chimera depth=1");
    c.games = 4;
    c.concurrency = 2;
    c.openings = Openings::Random { plies: 4, seed: 7 };
    c.max_plies = 120;
    let (games, report) = play(&c);
    assert_eq!(games.len(), 4);
    assert_eq!(report.tally.games(), 4);
    let e = &c.engine;
    for g in &games {
        // Colours alternate; a pair shares its opening (its first four plies).
        assert_eq!(g.first_engine, ((g.number - 1) % 2) as usize);
        // The referee's result is the rules' result of the final position (or the ply cap).
        let mut game = Game::new(e.clone(), g.start.clone());
        for &m in &g.moves {
            assert!(e.legal_moves(game.position()).contains(&m));
            game.play(m);
        }
        match game.status().result() {
            Some(r) => {
                assert_eq!(g.result, r);
                assert_eq!(g.termination, Termination::Normal);
            }
            None => {
                assert_eq!(g.moves.len(), 120);
                assert_eq!(g.result, GameResult::Draw);
                assert_eq!(g.termination, Termination::Adjudication);
            }
        }
        // The PGN reads back: the same moves, the Variant and Termination tags, the result.
        let text = g.pgn(e, "test", "2026.12.02");
        let back = read_pgn(e, &text).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves, g.moves);
        assert_eq!(back[0].tag("Variant"), Some("Chess"));
        assert_eq!(back[0].tag("Termination"), Some(g.termination.tag()));
        assert_eq!(back[0].tag("White"), Some(g.names[Player::First].as_str()));
        assert_eq!(back[0].result.as_deref(), Some(g.result_token()));
        assert!(text.contains(&format!("{{{}}}", g.reason)));
        // Each engine move's score is a comment after it (`{+0.35}`), read back as the move's
        // score; the opening's random plies have none.
        assert_eq!(back[0].scores, g.scores);
        assert!(g.scores[..4].iter().all(Option::is_none));
        assert!(g.scores[4..].iter().all(Option::is_some), "{:?}", g.scores);
    }
    assert_eq!(games[0].moves[..4], games[1].moves[..4]);
    assert_eq!(games[0].names[Player::First], "Chimera #1");
    assert_eq!(games[1].names[Player::First], "Chimera #2");
}

#[test]
fn unpaired_games_each_get_their_own_opening_where_paired_ones_repeat() {
    // The same deterministic engine on both sides at fixed nodes: a pair's two games are one
    // game played twice, which is why tuning data is made unpaired.
    let mut c = config("chess", "chimera nodes=200", "chimera nodes=200");
    c.games = 4;
    c.openings = Openings::Random { plies: 4, seed: 7 };
    c.max_plies = 16;
    let (paired, _) = play(&c);
    assert_eq!(paired[0].moves, paired[1].moves);
    assert_eq!(paired[2].moves, paired[3].moves);
    c.paired = false;
    let (unpaired, _) = play(&c);
    let openings: std::collections::HashSet<_> =
        unpaired.iter().map(|g| g.moves[..4].to_vec()).collect();
    assert_eq!(openings.len(), 4, "four games, four openings");
    // Game 1 keeps pair 0's opening, and colours still alternate.
    assert_eq!(unpaired[0].moves[..4], paired[0].moves[..4]);
    assert_eq!(unpaired[1].first_engine, 1);
}

#[test]
fn a_draw_is_adjudicated_when_both_scores_stay_near_zero() {
    let mut c = config("chess", "chimera depth=1", "chimera depth=1");
    c.games = 1;
    c.draw = Some(DrawRule::parse("movenumber=1,movecount=1,score=100000").unwrap());
    let (games, _) = play(&c);
    assert_eq!(games[0].result, GameResult::Draw);
    assert_eq!(games[0].termination, Termination::Adjudication);
    // One move each, then the rule applies.
    assert_eq!(games[0].moves.len(), 2);
    assert!(
        games[0].reason.contains("draw by adjudication"),
        "{}",
        games[0].reason
    );
}

#[test]
fn resign_adjudication_needs_both_engines_to_agree() {
    let mut c = config("chess", "chimera depth=1", "chimera depth=1");
    c.games = 1;
    // Any score is at most +100000 and at least -100000: the first side is "lost" by both.
    c.resign = Some(ResignRule {
        movecount: 1,
        score: -100_000,
    });
    let (games, _) = play(&c);
    assert_eq!(games[0].result, GameResult::Win(Player::Second));
    assert_eq!(games[0].termination, Termination::Adjudication);
    assert!(
        games[0]
            .reason
            .starts_with("Chimera #1 loses by adjudication"),
        "{}",
        games[0].reason
    );
}

/// Plays one game of the fake engine (first side) against Chimera and returns it.
fn fake_game(spec: &str, limits: TurnLimits) -> (GameRecord, Duration) {
    fake_game_within(spec, limits, Duration::from_secs(20))
}

/// [`fake_game`] with this move timeout.
fn fake_game_within(
    spec: &str,
    limits: TurnLimits,
    move_timeout: Duration,
) -> (GameRecord, Duration) {
    let mut c = config("chess", spec, "chimera depth=1");
    c.games = 1;
    c.limits = limits;
    c.move_timeout = move_timeout;
    c.handshake = Duration::from_secs(3);
    let began = Instant::now();
    let (games, report) = play(&c);
    assert_eq!(report.tally.losses, 1, "{:?}", games[0]);
    // A resignation is no fault; everything else here is.
    let fault = u32::from(games[0].termination != Termination::Resignation);
    assert_eq!(report.faults, [fault, 0]);
    assert_eq!(games[0].result, GameResult::Win(Player::Second));
    (games[0].clone(), began.elapsed())
}

fn depth1() -> TurnLimits {
    TurnLimits {
        depth: Some(1),
        ..TurnLimits::default()
    }
}

#[test]
fn an_engine_that_crashes_loses_at_once_with_its_signal_recorded() {
    let (g, took) = fake_game(&fake("fake_uci.sh", "crash"), depth1());
    assert_eq!(g.reason, "Fake crash crashed (killed by signal 11)");
    assert_eq!(g.termination, Termination::RulesInfraction);
    // Detected when its output closed, not after the 20 s move timeout.
    assert!(took < Duration::from_secs(10), "{took:?}");
    let (g, _) = fake_game(&fake("fake_uci.sh", "exit"), depth1());
    assert_eq!(g.reason, "Fake exit crashed (exited with code 3)");
}

#[test]
fn an_engine_that_hangs_loses_and_its_whole_process_group_is_killed() {
    let pid_file =
        std::env::temp_dir().join(format!("chimera-match-hang-{}.pid", std::process::id()));
    let _ = std::fs::remove_file(&pid_file);
    let spec = format!("{} arg={}", fake("fake_uci.sh", "hang"), pid_file.display());
    let (g, took) = fake_game_within(&spec, depth1(), Duration::from_secs(2));
    assert!(
        g.reason.starts_with("Fake hang hung (no move in "),
        "{}",
        g.reason
    );
    assert!(took >= Duration::from_secs(2));
    // The `sleep` the engine started went with it.
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let stat = format!("/proc/{}/stat", pid.trim());
    std::thread::sleep(Duration::from_millis(200));
    let alive = std::fs::read_to_string(&stat).is_ok_and(|s| !s.contains(") Z "));
    assert!(!alive, "the engine's child {} still runs", pid.trim());
    let _ = std::fs::remove_file(&pid_file);
}

#[test]
fn an_engine_that_sends_garbage_loses_for_an_illegal_move() {
    let (g, _) = fake_game(&fake("fake_uci.sh", "garbage"), depth1());
    assert_eq!(
        g.reason,
        "Fake garbage played an illegal or unreadable move `zz99`"
    );
    assert!(g.moves.is_empty());
}

#[test]
fn an_engine_whose_clock_runs_out_loses_on_time() {
    let tc = TurnLimits {
        tc: Some(TimeControl {
            base: Duration::from_millis(500),
            increment: Duration::ZERO,
        }),
        ..TurnLimits::default()
    };
    let (g, _) = fake_game(&fake("fake_uci.sh", "slow"), tc);
    assert_eq!(g.reason, "Fake slow lost on time");
    assert_eq!(g.termination, Termination::TimeForfeit);
}

#[test]
fn engines_that_never_finish_their_handshake_lose() {
    let (g, _) = fake_game(&fake("fake_uci.sh", "silent"), depth1());
    assert_eq!(g.reason, "fake_uci.sh never answered `uci` with `uciok`");
    let (g, _) = fake_game(&fake_cecp("mute"), depth1());
    assert_eq!(
        g.reason,
        "fake_cecp.sh never answered `protover 2` with `feature done=1`"
    );
}

#[test]
fn a_cecp_engine_that_resigns_or_crashes_loses() {
    let (g, _) = fake_game(&fake_cecp("resign"), depth1());
    assert_eq!(g.reason, "Fake CECP resigned");
    assert_eq!(g.termination, Termination::Resignation);
    let (g, _) = fake_game(&fake_cecp("crash"), depth1());
    assert_eq!(g.reason, "Fake CECP crashed (killed by signal 11)");
}

#[test]
fn the_match_goes_on_after_each_fault_and_the_sprt_stops_it_when_it_decides() {
    // The crashing engine loses every game; the SPRT accepts H0 (it is not 10 Elo stronger) once
    // the LLR, with the variance of the results plus one draw, falls below ln(0.05 / 0.95).
    let mut c = config("chess", &fake("fake_uci.sh", "crash"), "chimera depth=1");
    c.limits = depth1();
    c.games = 40;
    c.sprt = Some(Sprt::parse("elo0=0,elo1=10").unwrap());
    let (games, report) = play(&c);
    assert_eq!(report.decision, Some(SprtDecision::H0));
    let n = games.len() as u32;
    assert!(n > 4 && n < 40, "{n} games");
    assert_eq!(
        report.tally,
        Tally {
            wins: 0,
            draws: 0,
            losses: n
        }
    );
    assert!(report.llr.unwrap() <= -2.944);
    // One game fewer had not decided.
    let fewer = Tally {
        wins: 0,
        draws: 0,
        losses: n - 1,
    };
    assert_eq!(c.sprt.unwrap().decide(&fewer), None);
}
