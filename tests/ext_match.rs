//! `chimera match` against real engines: Fairy-Max and MaxQi (CECP) and Fairy-Stockfish (UCI,
//! `UCI_Variant`), and a Chimera binary as a subprocess. (Debian's Fairy-Stockfish 11.1 cannot
//! read the `variants.ini` of Xiang Fu, and crashes on the exported chess section, so `VariantPath`
//! is not exercised here.) Short games at fixed
//! depth or nodes; every game must end by the rules, by adjudication, or by a fault of the
//! external engine that is recorded as its loss (Debian's Fairy-Max 5.0b sometimes crashes), never
//! by a hang of the runner. Install the engines with `scripts/setup/50-match.sh`.

use chimera::compile_file;
use chimera::matches::{
    run_match, EngineSpec, GameRecord, MatchConfig, Openings, Termination, TurnLimits,
};
use chimera::read_pgn;
use chimera::Player;
use chimera::{Engine, Game, GameResult};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";
const FAIRY_MAX: &str = "/usr/games/fairymax";
const MAXQI: &str = "/usr/games/maxqi";

fn need(program: &str) {
    assert!(
        Path::new(program).exists(),
        "{program} is missing: run scripts/setup/50-match.sh (apt-get install fairy-stockfish fairymax)"
    );
}

fn config(variant: &str, a: &str, b: &str, games: u32, limits: TurnLimits) -> MatchConfig {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(format!("{variant}.variant"));
    let engine = Arc::new(Engine::new(compile_file(&path).unwrap()).unwrap());
    let mut c = MatchConfig::new(
        engine,
        path.display().to_string(),
        variant.to_string(),
        [EngineSpec::parse(a).unwrap(), EngineSpec::parse(b).unwrap()],
    );
    c.games = games;
    c.limits = limits;
    c.openings = Openings::Random { plies: 2, seed: 3 };
    c.move_timeout = Duration::from_secs(20);
    c.max_plies = 300;
    c.validate().unwrap();
    c
}

/// Plays the match and checks every game: legal moves, the rules' result (or a recorded fault of
/// an engine in `may_fail`), PGN that reads back. Returns the games.
fn play(c: &MatchConfig, may_fail: &str) -> Vec<GameRecord> {
    let mut games = Vec::new();
    run_match(c, &mut |g, _| games.push(g.clone()));
    assert_eq!(games.len() as u32, c.games);
    for g in &games {
        let mut game = Game::new(c.engine.clone(), g.start.clone());
        for &m in &g.moves {
            game.play(m);
        }
        match g.termination {
            Termination::Normal => {
                assert_eq!(game.status().result(), Some(g.result), "{}", g.reason)
            }
            Termination::Adjudication => assert_eq!(g.moves.len(), c.max_plies as usize),
            _ => {
                // A fault: the loser is the engine allowed to fail, and it says how.
                let GameResult::Win(w) = g.result else {
                    panic!("{g:?}")
                };
                let loser = &g.names[w.other()];
                assert!(
                    !may_fail.is_empty()
                        && loser.contains(may_fail)
                        && g.reason.contains("crashed"),
                    "game {}: {}",
                    g.number,
                    g.reason
                );
            }
        }
        let text = g.pgn(&c.engine, "ext_match", "2026.12.02");
        let back = read_pgn(&c.engine, &text).unwrap();
        assert_eq!(back[0].moves, g.moves);
        assert!(back[0].tag("Variant").is_some());
    }
    games
}

fn depth(d: u32) -> TurnLimits {
    TurnLimits {
        depth: Some(d),
        ..TurnLimits::default()
    }
}

fn nodes(n: u64) -> TurnLimits {
    TurnLimits {
        nodes: Some(n),
        ..TurnLimits::default()
    }
}

#[test]
fn chimera_plays_fairy_max_in_chess_over_cecp() {
    need(FAIRY_MAX);
    let c = config(
        "chess",
        "chimera nodes=3000",
        &format!("cecp:{FAIRY_MAX}"),
        2,
        depth(3),
    );
    let games = play(&c, "Fairy-Max");
    assert!(games
        .iter()
        .all(|g| g.names[Player::First].contains("Chimera")
            || g.names[Player::First].contains("Fairy-Max")));
}

#[test]
fn chimera_plays_maxqi_in_xiangqi_over_cecp() {
    need(MAXQI);
    let c = config(
        "xiangqi",
        "chimera nodes=3000",
        &format!("cecp:{MAXQI}"),
        2,
        depth(3),
    );
    play(&c, "MaxQi");
}

#[test]
fn chimera_plays_fairy_stockfish_in_xiangqi_and_chess_over_uci() {
    need(FAIRY_STOCKFISH);
    for variant in ["xiangqi", "chess"] {
        let c = config(
            variant,
            "chimera",
            &format!("uci:{FAIRY_STOCKFISH}"),
            2,
            nodes(3000),
        );
        let games = play(&c, "");
        assert!(games
            .iter()
            .all(|g| g.names[Player::First].contains("Fairy-Stockfish")
                || g.names[Player::Second].contains("Fairy-Stockfish")));
    }
}

#[test]
fn a_chimera_binary_plays_through_uci_as_a_subprocess() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let c = config(
        "chess",
        "chimera",
        &format!("chimera:{bin} name=Sub"),
        2,
        nodes(500),
    );
    let games = play(&c, "");
    assert_eq!(
        games
            .iter()
            .filter(|g| g.names[Player::First] == "Sub")
            .count(),
        1
    );
}
