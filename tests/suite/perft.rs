//! Perft against reference counts: every `tests/perft/*.perft` file names a definition and lists
//! positions (`epd FEN`, or `epd start` for the definition's start position) with
//! `perft DEPTH NODES` lines. Run in release mode (`cargo test --release`).

use chimera::compile_file;
use chimera::parse_fen;
use chimera::Engine;
use std::path::Path;

fn run_file(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(dir.join("tests/perft").join(name)).expect("perft file");
    let mut engine: Option<Engine> = None;
    let mut pos = None;
    let mut id = String::new();
    let mut failures = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "variant" => {
                // A bare name is a shipped definition; a path is from the repository's root.
                let path = if rest.contains('/') {
                    dir.join(rest)
                } else {
                    dir.join("definitions").join(rest)
                };
                let rules = compile_file(&path)
                    .unwrap_or_else(|e| panic!("{}: {:?}", rest, miette::Report::new(e)));
                engine = Some(Engine::new(rules).expect("engine"));
            }
            "id" => id = rest.to_string(),
            "epd" => {
                let e = engine.as_ref().expect("variant line first");
                pos = Some(if rest == "start" {
                    e.start_position()
                } else {
                    parse_fen(e, rest).unwrap_or_else(|err| panic!("{}: bad FEN: {}", id, err))
                });
            }
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
                let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                let got = engine
                    .as_ref()
                    .unwrap()
                    .perft(pos.as_ref().expect("epd first"), d);
                if got != n {
                    failures.push(format!(
                        "{} {} depth {}: expected {}, got {}",
                        name, id, d, n, got
                    ));
                }
            }
            other => panic!("unknown line `{}`", other),
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn chess_matches_published_counts() {
    run_file("chess.perft");
}

#[test]
fn xiangqi_matches_published_counts() {
    run_file("xiangqi.perft");
}

#[test]
fn shogi_matches_published_counts() {
    run_file("shogi.perft");
}

#[test]
fn minishogi_matches_reference_counts() {
    run_file("minishogi.perft");
}

#[test]
fn crazyhouse_matches_reference_counts() {
    run_file("crazyhouse.perft");
}

#[test]
fn xiang_fu_matches_reference_counts() {
    run_file("xiang-fu.perft");
}

#[test]
fn octal_xiangqi_matches_reference_counts() {
    run_file("octal-xiangqi.perft");
}

#[test]
fn asean_matches_fairy_stockfish() {
    run_file("asean.perft");
}

#[test]
fn makruk_matches_fairy_stockfish() {
    run_file("makruk.perft");
}

#[test]
fn cambodian_matches_fairy_stockfish() {
    run_file("cambodian.perft");
}

#[test]
fn torishogi_matches_fairy_stockfish() {
    run_file("torishogi.perft");
}

#[test]
fn shatranj_matches_fairy_stockfish() {
    run_file("shatranj.perft");
}

#[test]
fn kingofthehill_matches_fairy_stockfish() {
    run_file("kingofthehill.perft");
}

#[test]
fn three_check_matches_fairy_stockfish() {
    run_file("3check.perft");
}

#[test]
fn racingkings_matches_fairy_stockfish() {
    run_file("racingkings.perft");
}

#[test]
fn spartan_matches_fairy_stockfish() {
    run_file("spartan.perft");
}

#[test]
fn grand_matches_fairy_stockfish() {
    run_file("grand.perft");
}

#[test]
fn janggi_matches_fairy_stockfish() {
    run_file("janggi.perft");
}

#[test]
fn minixiangqi_matches_fairy_stockfish() {
    run_file("minixiangqi.perft");
}

#[test]
fn kyotoshogi_matches_fairy_stockfish() {
    run_file("kyotoshogi.perft");
}

#[test]
fn shogun_matches_fairy_stockfish() {
    run_file("shogun.perft");
}

#[test]
fn chak_matches_fairy_stockfish() {
    run_file("chak.perft");
}

#[test]
fn sittuyin_matches_fairy_stockfish() {
    run_file("sittuyin.perft");
}

#[test]
fn seirawan_matches_fairy_stockfish() {
    run_file("seirawan.perft");
}

#[test]
fn chess960_matches_fairy_stockfish() {
    run_file("chess960.perft");
}

/// The seed definitions without an outside reference: counts computed with `chimera perft FILE 3`
/// when they were written, kept as regressions.
#[test]
fn seed_definitions_keep_their_regression_counts() {
    for name in [
        "shoxiang108-shogi",
        "shoxiang108-shogi-weak",
        "shoxiang108-shogi-standard",
        "shoxiang108-shogi-centrewise",
        "shoxiang108-shogi-strong",
        "shoxiang108-xq",
        "shoxiang108-xq-weak",
        "shoxiang108-xq-standard",
        "shoxiang108-xq-centrewise",
        "shoxiang108-xq-strong",
        "spiderqi",
        "queen-perquisites-xiangqi",
    ] {
        run_file(&format!("{name}.perft"));
    }
}

#[test]
fn antichess_matches_fairy_stockfish() {
    run_file("antichess.perft");
}

#[test]
fn giveaway_matches_fairy_stockfish() {
    run_file("giveaway.perft");
}

#[test]
fn dobutsu_matches_fairy_stockfish() {
    run_file("dobutsu.perft");
}

#[test]
fn jesonmor_matches_fairy_stockfish() {
    run_file("jesonmor.perft");
}

#[test]
fn alapo_matches_fairy_stockfish() {
    run_file("alapo.perft");
}

#[test]
fn kono_matches_fairy_stockfish() {
    run_file("kono.perft");
}

#[test]
fn atomic_matches_fairy_stockfish() {
    run_file("atomic.perft");
}

#[test]
fn duck_chess_matches_fairy_stockfish() {
    run_file("duck.perft");
}

#[test]
fn amazons_matches_fairy_stockfish() {
    run_file("amazons.perft");
}

#[test]
fn isolation_matches_fairy_stockfish() {
    run_file("isolation.perft");
}

#[test]
fn snailtrail_matches_fairy_stockfish() {
    run_file("snailtrail.perft");
}

#[test]
fn joust_matches_fairy_stockfish() {
    run_file("joust.perft");
}

#[test]
fn walls_with_royals_match_fairy_stockfish() {
    // Chess and xiangqi with each wall rule, royals judged before the wall goes up.
    run_file("wallchess.perft");
    run_file("arrowchess.perft");
    run_file("trailxiangqi.perft");
}

#[test]
fn horde_matches_fairy_stockfish() {
    // Double steps from the first two ranks; only those passing the third rank may be taken
    // en passant (`en-passant in rank 3`); a side with no piece left loses (`extinction all`).
    run_file("horde.perft");
}

#[test]
fn flipping_games_match_fairy_stockfish() {
    // Reversi: drops that must enclose, lines turned over, a pass when stuck; ataxx: clones from
    // an unlimited supply next to an own stone, jumps, neighbours turned over.
    run_file("flipello.perft");
    run_file("ataxx.perft");
}

#[test]
fn torpedo_matches_fairy_stockfish() {
    // Double steps from any rank that set en passant (`sets-en-passant`), promoting on the last.
    run_file("torpedo.perft");
}
