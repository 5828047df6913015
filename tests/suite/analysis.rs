//! `chimera analyze`: the self-play figures are right on definitions built so that the answer is
//! known, the games do not depend on the thread count, shards merge into the whole study, and the
//! report's plots show the table's numbers.

use chimera::analysis::{
    self, metrics::short_name, plots, summarize, table, Budget, Metrics, StudyConfig, StudyEnding,
    Winner,
};
use chimera::Engine;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/analysis")
        .join(name)
}

fn engine(name: &str) -> Arc<Engine> {
    let rules = chimera::check_named(&fixture(name))
        .unwrap_or_else(|d| panic!("{name} does not compile: {d:?}"))
        .rules;
    Arc::new(Engine::new(rules).expect("engine"))
}

fn config(games: u32, budget: Budget, random_plies: u32) -> StudyConfig {
    StudyConfig {
        games,
        budget,
        seed: 7,
        random_plies,
        max_plies: 200,
        hash_mb: 1,
        value_games: 0,
    }
}

fn study(name: &str, config: &StudyConfig, threads: usize) -> Metrics {
    let d = analysis::study_definition(&engine(name), name, config, None, threads, &|| {})
        .expect("study");
    summarize(&d)
}

fn chimera(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .output()
        .expect("run chimera");
    assert!(
        out.status.success(),
        "chimera {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn a_first_player_who_mates_at_once_scores_100_percent() {
    // k3/ss2/4/2KR w: Rd4 is mate; with no random plies the search plays it in every game.
    let m = study("mate-at-once.variant", &config(10, Budget::Depth(2), 0), 2);
    assert_eq!(m.games, 10);
    assert_eq!(m.first_wins, 10);
    assert_eq!(m.first_score.value, 1.0);
    // Wilson's interval for 10/10 stays below 100% at its lower end, and includes it.
    assert!(
        m.first_score.high > 0.9999 && (m.first_score.low - 0.7225).abs() < 0.001,
        "{:?}",
        m.first_score
    );
    assert_eq!(m.endings.get(&StudyEnding::Checkmate), Some(&10));
    assert_eq!((m.length_min, m.length_max), (1, 1));
    assert_eq!(m.captures_per_game, 0.0);
    assert_eq!(m.draw_rate, 0.0);
    // Ahead from the first engine move: the game was decided at ply 0.
    assert_eq!(m.decided_at, Some(0.0));
}

#[test]
fn where_nothing_can_capture_every_game_is_drawn_by_move_limit_or_repetition() {
    let m = study("no-capture.variant", &config(12, Budget::Nodes(200), 4), 2);
    assert_eq!(m.games, 12);
    assert_eq!(m.draw_rate, 1.0);
    assert_eq!(m.draws, 12);
    assert_eq!(m.captures_per_game, 0.0);
    assert_eq!(m.first_score.value, 0.5);
    let ended: u32 = [StudyEnding::MoveLimit, StudyEnding::Repetition]
        .iter()
        .map(|e| m.endings.get(e).copied().unwrap_or(0))
        .sum();
    assert_eq!(ended, 12, "endings: {:?}", m.endings);
    // move-limit 15: no game outlasts 30 plies.
    assert!(m.length_max <= 30, "longest game {}", m.length_max);
    assert_eq!(m.lead_changes_per_game, 0.0);
    assert!(m.branching_mean > 1.0);
}

#[test]
fn a_study_reports_the_first_players_score_with_its_interval() {
    let m = study("gardner.variant", &config(60, Budget::Nodes(300), 4), 2);
    assert_eq!(m.games, 60);
    let s = m.first_score;
    // Gardner's array is symmetric, but moving first is worth something (at 300 nodes a move
    // the first player scores 66% with the mobility evaluation; before it, the score was within
    // its interval of 50%): the score is within reach of an even one, and the interval says how
    // sure that is.
    assert!(
        (0.35..=0.8).contains(&s.value) && s.contains(s.value),
        "first player score {:.3} with interval {:.3}-{:.3}",
        s.value,
        s.low,
        s.high
    );
    // The interval is a real one: neither empty nor everything.
    assert!(s.low < s.value && s.value < s.high && s.high - s.low < 0.3);
    assert!(m.decisive_rate > 0.0, "some games are won");
    assert!(m.captures_per_game > 1.0);
    // The branching factor at the first ply is the start position's move count: 5 pawn steps and
    // 2 knight moves... in Gardner's array only the pawns and the knight on b1 can move: 5 + 2.
    assert_eq!(m.branching_per_ply[0], 7.0);
}

#[test]
fn the_games_do_not_depend_on_the_thread_count() {
    let f = fixture("gardner.variant");
    let f = f.to_str().expect("utf-8 path");
    let args = |t: &'static str| {
        vec![
            "analyze",
            f,
            "--games",
            "6",
            "--nodes",
            "200",
            "--seed",
            "3",
            "--threads",
            t,
            "--json",
        ]
    };
    let one = chimera(&args("1"));
    let two = chimera(&args("2"));
    assert!(one.contains("\"first_score\""));
    assert_eq!(one, two);
}

#[test]
fn three_shards_merged_equal_the_unsharded_study() {
    let dir = std::env::temp_dir().join(format!("chimera-analysis-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let g = fixture("gardner.variant");
    let n = fixture("no-capture.variant");
    let (g, n) = (g.to_str().expect("path"), n.to_str().expect("path"));
    let common = [
        "analyze",
        g,
        n,
        "--games",
        "7",
        "--nodes",
        "150",
        "--value-games",
        "4",
        "--json",
    ];
    let whole = chimera(&common);
    let mut parts = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let mut args = common.to_vec();
        args.extend(["--shard", &shard]);
        let out = chimera(&args);
        let path = dir.join(format!("part{i}.json"));
        std::fs::write(&path, out).expect("write shard");
        parts.push(path.to_str().expect("path").to_string());
    }
    let mut args = vec!["analyze", "--json", "--merge"];
    args.extend(parts.iter().map(String::as_str));
    let merged = chimera(&args);
    assert_eq!(merged, whole);
    // The table reads the same from the merge.
    let mut args = vec!["analyze", "--merge"];
    args.extend(parts.iter().map(String::as_str));
    let table = chimera(&args);
    assert!(table.contains("first player score"));
    // Two shards are not the whole study: the merge says which game is missing.
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["analyze", "--merge", &parts[0], &parts[2]])
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1 is in no part"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every text node of an SVG document, parsed with a real XML parser.
fn svg_texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "text")
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_report_plots_parse_and_show_the_tables_numbers() {
    let dir = std::env::temp_dir().join(format!("chimera-analysis-report-{}", std::process::id()));
    let g = fixture("gardner.variant");
    let n = fixture("no-capture.variant");
    let json = chimera(&[
        "analyze",
        g.to_str().expect("path"),
        n.to_str().expect("path"),
        "--games",
        "8",
        "--nodes",
        "200",
        "--value-games",
        "6",
        "--json",
        "--report",
        dir.to_str().expect("path"),
    ]);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let ms: Vec<Metrics> = serde_json::from_value(doc["summary"].clone()).expect("summary");
    assert_eq!(ms.len(), 2);
    let t = table(&ms);
    let cell = |label: &str, col: usize| {
        t.rows
            .iter()
            .find(|r| r.0.trim() == label)
            .unwrap_or_else(|| panic!("no row {label}"))
            .1[col]
            .clone()
    };
    let index = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    for p in ["lengths.svg", "branching.svg", "outcomes.svg", "values.svg"] {
        assert!(index.contains(&format!("src=\"{p}\"")), "index links {p}");
    }
    let read = |f: &str| svg_texts(&std::fs::read_to_string(dir.join(f)).expect(f));
    let has = |texts: &[String], needle: &str| texts.iter().any(|t| t.contains(needle));
    let lengths = read("lengths.svg");
    let branching = read("branching.svg");
    let outcomes = read("outcomes.svg");
    let values = read("values.svg");
    for (col, m) in ms.iter().enumerate() {
        let name = short_name(&m.file);
        let mean = cell("length mean (plies)", col);
        let median = cell("length median", col);
        assert!(
            has(
                &lengths,
                &format!("{name}: mean {mean} plies, median {median}")
            ),
            "{lengths:?}"
        );
        let b = cell("branching mean", col);
        assert!(
            has(&branching, &format!("{name}: mean {b}")),
            "{branching:?}"
        );
        let score = cell("first player score", col);
        assert!(has(&outcomes, &format!("score {score}")), "{outcomes:?}");
        let wins = cell("wins first/draws/second", col);
        let parts: Vec<&str> = wins.split('/').collect();
        if parts[1] != "0" {
            assert!(
                has(&outcomes, &format!("draws {}", parts[1])),
                "{outcomes:?}"
            );
        }
        // Piece values: the values table's static and measured figures are on the plot.
        let vt = plots::values_table(m);
        for (kind, cells) in &vt.rows {
            let v = m
                .piece_values
                .iter()
                .find(|v| &v.name == kind)
                .expect("kind");
            if v.static_pawns > 0.0 {
                assert!(has(&values, &cells[1]), "static {kind} {}", cells[1]);
            }
            if v.measured.as_ref().is_some_and(|x| x.pawns.is_some()) {
                assert!(has(&values, &cells[2]), "measured {kind} {}", cells[2]);
            }
        }
    }
    // The Gardner study measured its kinds (Queen, Rook, Bishop, Knight, Pawn) with 6 games each.
    let measured: Vec<&str> = ms[0]
        .piece_values
        .iter()
        .filter(|v| v.measured.as_ref().is_some_and(|x| x.games == 6))
        .map(|v| v.letter.as_str())
        .collect();
    assert_eq!(measured, ["Q", "R", "B", "N", "P"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_size_a_user_types_is_bounded() {
    for (args, says) in [
        (vec!["--games", "0"], "--games"),
        (vec!["--games", "100001"], "--games"),
        (vec!["--depth", "31"], "--depth"),
        (vec!["--nodes", "0"], "--nodes"),
        (vec!["--threads", "257"], "--threads"),
        (vec!["--time", "60001"], "--time"),
        (vec!["--max-plies", "2001"], "--max-plies"),
        (vec!["--random-plies", "41"], "--random-plies"),
        (vec!["--shard", "4/3"], "the shard must be 1 to 3"),
        (vec!["--shard", "1/0"], "the shard count"),
        (vec!["--shard", "x"], "is not I/N"),
        (vec!["--depth", "2", "--nodes", "5"], "cannot be used with"),
    ] {
        let f = fixture("gardner.variant");
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("analyze")
            .arg(&f)
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?} is refused");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_winner_is_named_by_the_order_of_moving() {
    assert_eq!(Winner::First.first_points(), 1.0);
    assert_eq!(Winner::Draw.first_points(), 0.5);
    assert_eq!(Winner::Second.first_points(), 0.0);
}

#[test]
fn a_side_without_its_queen_scores_less_so_the_queen_measures_above_zero() {
    // Gardner's array: in each imbalance game one side (alternately the first and the second to
    // move) starts without its queen; the other side's score gives the queen's measured value.
    let mut c = config(24, Budget::Nodes(300), 4);
    c.value_games = 24;
    let d = analysis::study_definition(&engine("gardner.variant"), "gardner", &c, None, 2, &|| {})
        .expect("study");
    let m = summarize(&d);
    let queen = m
        .piece_values
        .iter()
        .find(|v| v.letter == "Q")
        .expect("a queen");
    let measured = queen.measured.as_ref().expect("measured");
    assert_eq!(measured.games, 24);
    assert!(
        measured.score.low > 0.5,
        "the side with the queen scores {:?}",
        measured.score
    );
    let pawns = measured.pawns.expect("a scale from the games");
    assert!(pawns.low > 0.0 && pawns.low <= pawns.value && pawns.value <= pawns.high);
    // The king is royal: never removed, so only its static value is shown.
    let king = m
        .piece_values
        .iter()
        .find(|v| v.letter == "K")
        .expect("king");
    assert!(king.measured.is_none());
    assert!(queen.static_pawns > 0.0);
}
