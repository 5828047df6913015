//! `chimera study`: shards written as JSON lines survive a kill and a cut last line, are merged in
//! any order with duplicates counted once, refuse another study's results and a changed
//! definition, and give byte for byte the report of a one-process `analyze` run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chimera");

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/analysis")
        .join(name)
        .display()
        .to_string()
}

/// A fresh folder for one test (tests run in parallel).
fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chimera-study-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&d).ok();
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(BIN).args(args).output().expect("run chimera");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "chimera {args:?} panicked: {err}"
    );
    out
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "chimera {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The diagnostic of a refused command, as one line: miette wraps long messages and marks the
/// continuation with `|`.
fn refused(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "chimera {args:?} should fail");
    String::from_utf8_lossy(&out.stderr)
        .split_whitespace()
        .filter(|w| *w != "|")
        .collect::<Vec<_>>()
        .join(" ")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The settings of the small studies here: two tiny games, imbalance games too.
const SETTINGS: [&str; 6] = ["--games", "7", "--nodes", "150", "--value-games", "2"];

fn files() -> Vec<String> {
    vec![fixture("gardner.variant"), fixture("no-capture.variant")]
}

/// Writes the study of [`files`] with `shards` shards into `dir`.
fn new_study(dir: &Path, shards: u32, extra: &[&str]) -> PathBuf {
    let study = dir.join("study.toml");
    let files = files();
    let n = shards.to_string();
    let mut args: Vec<&str> = vec!["study", "new"];
    args.extend(files.iter().map(String::as_str));
    args.extend(SETTINGS);
    args.extend(extra);
    args.extend(["--shards", &n, "-o", s(&study)]);
    ok(&args);
    study
}

/// The report folder and table of the same games played by `analyze` in one process.
fn one_process(dir: &Path) -> (PathBuf, String) {
    let report = dir.join("one-process");
    let files = files();
    let mut args: Vec<&str> = vec!["analyze"];
    args.extend(files.iter().map(String::as_str));
    args.extend(SETTINGS);
    args.extend(["--report", s(&report)]);
    let table = ok(&args);
    (report, table)
}

/// Every file of two report folders, byte for byte.
fn assert_same_report(a: &Path, b: &Path) {
    let mut names: Vec<_> = std::fs::read_dir(a)
        .expect("report folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    names.sort();
    assert!(names.iter().any(|n| n == "study.json"), "{names:?}");
    assert!(names.iter().any(|n| n == "index.html"), "{names:?}");
    for n in &names {
        let x = std::fs::read(a.join(n)).expect("read");
        let y = std::fs::read(b.join(n)).unwrap_or_else(|_| panic!("{n:?} missing"));
        assert!(x == y, "{n:?} differs between {a:?} and {b:?}");
    }
    assert_eq!(
        std::fs::read_dir(b).expect("report folder").count(),
        names.len()
    );
}

fn lines(p: &Path) -> Vec<String> {
    std::fs::read_to_string(p)
        .expect("results")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn three_shards_in_any_order_with_a_duplicate_give_the_one_process_report() {
    let dir = temp("merge");
    let study = new_study(&dir, 3, &[]);
    let text = std::fs::read_to_string(&study).expect("study");
    assert!(text.contains("shards = 3"), "{text}");
    assert!(text.contains("sha256 = "), "{text}");
    let outs: Vec<PathBuf> = (1..=3).map(|i| dir.join(format!("s{i}.jsonl"))).collect();
    for i in [3usize, 1, 2] {
        ok(&[
            "study",
            "run",
            s(&study),
            "--shard",
            &i.to_string(),
            "-o",
            s(&outs[i - 1]),
            "--threads",
            "2",
        ]);
    }
    // 7 games and 2 x (kinds) imbalance games per definition, dealt evenly.
    let counts: Vec<usize> = outs.iter().map(|o| lines(o).len()).collect();
    assert!(
        counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1,
        "{counts:?}"
    );
    let report = dir.join("report");
    let out = run(&[
        "study",
        "report",
        s(&study),
        s(&outs[2]),
        s(&outs[0]),
        s(&outs[1]),
        s(&outs[0]),
        "-o",
        s(&report),
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("counted once"), "{err}");
    let (one, table) = one_process(&dir);
    assert_same_report(&report, &one);
    assert_eq!(String::from_utf8_lossy(&out.stdout), table);
    // Status: every shard complete.
    let status = ok(&[
        "study",
        "status",
        s(&study),
        s(&outs[0]),
        s(&outs[1]),
        s(&outs[2]),
    ]);
    assert!(status.contains("complete"), "{status}");
    for i in 1..=3 {
        let want = format!("shard    {i}: {0}/{0} games", counts[i - 1]);
        assert!(status.contains(&want), "{status}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_shard_is_named_and_the_report_says_so() {
    let dir = temp("missing");
    let study = new_study(&dir, 2, &[]);
    // Default output beside the study.
    ok(&["study", "run", s(&study), "--shard", "1", "--threads", "1"]);
    assert!(dir.join("study.shard-1.jsonl").is_file());
    let out = run(&["study", "report", s(&study)]);
    assert_eq!(out.status.code(), Some(2), "a partial report exits 2");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("games are still missing"), "{err}");
    assert!(err.contains("(shards 2)"), "{err}");
    let status = ok(&["study", "status", s(&study)]);
    assert!(status.contains("shard    2: 0/"), "{status}");
    assert!(status.contains("left"), "{status}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_cut_last_line_is_redone_and_nothing_is_played_twice() {
    let dir = temp("cut");
    let study = new_study(&dir, 2, &[]);
    let out = dir.join("s1.jsonl");
    ok(&[
        "study",
        "run",
        s(&study),
        "--shard",
        "1",
        "-o",
        s(&out),
        "--threads",
        "1",
    ]);
    let full = std::fs::read(&out).expect("results");
    let whole = lines(&out);
    // A job killed while writing its last line: half of it is there, no newline.
    let last = whole.last().expect("a line").len();
    std::fs::write(&out, &full[..full.len() - 1 - last / 2]).expect("cut");
    // The report does not read the cut line: its game is missing.
    let r = run(&["study", "report", s(&study), s(&out)]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("last line was cut"), "{err}");
    let rerun = run(&["study", "run", s(&study), "--shard", "1", "-o", s(&out)]);
    assert!(rerun.status.success());
    let err = String::from_utf8_lossy(&rerun.stderr);
    assert!(err.contains("removed and played again"), "{err}");
    assert!(
        err.contains(&format!("{} already done, 1 played", whole.len() - 1)),
        "{err}"
    );
    // The same games, the redone one last, byte for byte (the time taken aside).
    let strip = |l: &str| l[..l.rfind(",\"ms\":").expect("ms")].to_string();
    let again: Vec<String> = lines(&out).iter().map(|l| strip(l)).collect();
    let before: Vec<String> = whole.iter().map(|l| strip(l)).collect();
    assert_eq!(again, before);
    // A third run has nothing to do.
    let err = String::from_utf8_lossy(
        &run(&["study", "run", s(&study), "--shard", "1", "-o", s(&out)]).stderr,
    )
    .into_owned();
    assert!(err.contains("0 played"), "{err}");
    assert_eq!(lines(&out).len(), whole.len());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_shard_killed_mid_game_and_run_again_loses_and_repeats_nothing() {
    let dir = temp("kill");
    let study = new_study(&dir, 2, &[]);
    let out = dir.join("s2.jsonl");
    let args = [
        "study",
        "run",
        s(&study),
        "--shard",
        "2",
        "-o",
        s(&out),
        "--threads",
        "1",
    ];
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    // Kill it (SIGKILL) as soon as its first game is written: the second is being played.
    let started = Instant::now();
    while std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) == 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no game written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    let status = child.wait().expect("wait");
    assert!(!status.success(), "the run was killed, not finished");
    let kept = lines(&out).len();
    let rerun = ok(&["study", "run", s(&study), "--shard", "2", "-o", s(&out)]);
    assert!(rerun.is_empty());
    let all = lines(&out);
    assert!(all.len() > kept, "the rerun played the rest");
    let mut keys: Vec<String> = all
        .iter()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            match (&v["game"], &v["value"]) {
                (g, serde_json::Value::Null) => format!("{} g{}", v["definition"], g["index"]),
                (_, x) => format!("{} {} v{}", v["definition"], x["kind"], x["game"]),
            }
        })
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "no game twice");
    // With shard 1 played too, the merge is the one-process study.
    let s1 = dir.join("s1.jsonl");
    ok(&["study", "run", s(&study), "--shard", "1", "-o", s(&s1)]);
    let report = dir.join("report");
    ok(&[
        "study",
        "report",
        s(&study),
        s(&out),
        s(&s1),
        "-o",
        s(&report),
    ]);
    let (one, _) = one_process(&dir);
    assert_same_report(&report, &one);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn results_of_another_study_are_refused() {
    let dir = temp("other");
    let a = dir.join("a");
    let b = dir.join("b");
    std::fs::create_dir_all(&a).expect("dir");
    std::fs::create_dir_all(&b).expect("dir");
    let study_a = new_study(&a, 2, &[]);
    let study_b = new_study(&b, 2, &["--seed", "99"]);
    ok(&["study", "run", s(&study_b), "--shard", "1"]);
    let theirs = b.join("study.shard-1.jsonl");
    let err = refused(&["study", "report", s(&study_a), s(&theirs)]);
    assert!(err.contains("a result of study"), "{err}");
    assert!(err.contains("not of this study"), "{err}");
    // Nor does a shard write into another study's results.
    let err = refused(&[
        "study",
        "run",
        s(&study_a),
        "--shard",
        "1",
        "-o",
        s(&theirs),
    ]);
    assert!(err.contains("a result of study"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_definition_changed_since_the_study_was_made_is_refused() {
    let dir = temp("changed");
    // A child that extends a parent: a change to either is caught.
    let parent = dir.join("parent.variant");
    std::fs::copy(fixture("gardner.variant"), &parent).expect("copy");
    let child = dir.join("child.variant");
    std::fs::write(
        &child,
        "variant \"Child\"\nextends \"parent.variant\"\nmove-limit 30 draw resets Pawn\n",
    )
    .expect("write");
    let study = dir.join("sub/study.toml");
    // Given relative to the current folder, recorded relative to the study's folder.
    let made = Command::new(BIN)
        .args([
            "study",
            "new",
            "child.variant",
            "--games",
            "2",
            "--nodes",
            "50",
            "-o",
            "sub/study.toml",
        ])
        .current_dir(&dir)
        .output()
        .expect("run");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let text = std::fs::read_to_string(&study).expect("study");
    assert!(text.contains("file = \"child.variant\""), "{text}");
    assert!(text.contains("path = \"../child.variant\""), "{text}");
    ok(&["study", "run", s(&study)]);
    // A comment changes the bytes.
    let original = std::fs::read_to_string(&child).expect("read");
    std::fs::write(&child, format!("{original}# one more line\n")).expect("write");
    let err = refused(&["study", "run", s(&study)]);
    assert!(err.contains("changed since the study was made"), "{err}");
    assert!(err.contains("SHA-256"), "{err}");
    let err = refused(&["study", "report", s(&study)]);
    assert!(err.contains("changed since the study was made"), "{err}");
    std::fs::write(&child, &original).expect("restore");
    ok(&["study", "report", s(&study)]);
    // The parent's rules change: the compiled rules differ.
    let p = std::fs::read_to_string(&parent).expect("read");
    std::fs::write(&parent, p.replace("stalemate draw", "stalemate loss")).expect("write");
    let err = refused(&["study", "run", s(&study)]);
    assert!(err.contains("compiled rules"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_hand_edited_study_file_is_refused() {
    let dir = temp("edited");
    let study = new_study(&dir, 2, &[]);
    let text = std::fs::read_to_string(&study).expect("read");
    std::fs::write(&study, text.replace("games = 7", "games = 8")).expect("write");
    let err = refused(&["study", "run", s(&study), "--shard", "1"]);
    assert!(err.contains("was edited after it was made"), "{err}");
    std::fs::write(&study, "format = [").expect("write");
    let err = refused(&["study", "status", s(&study)]);
    assert!(err.contains("is not a study file"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn damaged_results_files_get_a_diagnostic_not_a_panic() {
    let dir = temp("damaged");
    let study = new_study(&dir, 1, &[]);
    let good = dir.join("good.jsonl");
    ok(&["study", "run", s(&study), "-o", s(&good)]);
    // Lines come in the order the threads finish; take a game's line, not a piece value's.
    let first = lines(&good)
        .into_iter()
        .find(|l| l.contains(",\"game\":{"))
        .expect("a game line");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "garbage",
            format!("{first}\nthis is not json\n"),
            "line 2: not a result line",
        ),
        (
            "binary",
            "\u{0}\u{1}\u{2}\n".to_string(),
            "line 1: not a result line",
        ),
        (
            "huge",
            format!("{}\n", "x".repeat(3 << 20)),
            "longer than 1048576 bytes",
        ),
        ("huge-cut", "{".repeat(2 << 20), "longer than 1048576 bytes"),
        (
            "wrong-id",
            first.replacen("\"study\":\"", "\"study\":\"0", 1) + "\n",
            "a result of study",
        ),
        (
            "no-game",
            first[..first.find(",\"game\":{").expect("game")].to_string() + ",\"ms\":1}\n",
            "either a `game` or a `value`",
        ),
        (
            "bad-def",
            first.replacen("\"definition\":0", "\"definition\":7", 1) + "\n",
            "definition 7 is not in the study",
        ),
    ];
    for (name, text, want) in cases {
        let p = dir.join(format!("{name}.jsonl"));
        std::fs::write(&p, text).expect("write");
        let err = refused(&["study", "report", s(&study), s(&p)]);
        assert!(err.contains(want), "{name}: {err}");
        let err = refused(&["study", "run", s(&study), "-o", s(&p)]);
        assert!(err.contains(want), "{name}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_report_names_a_goal_win_in_the_language_s_words() {
    let dir = temp("goal");
    let study = dir.join("study.toml");
    let goal = fixture("goal-race.variant");
    ok(&[
        "study",
        "new",
        &goal,
        "--games",
        "3",
        "--random-plies",
        "0",
        "--nodes",
        "50",
        "-o",
        s(&study),
    ]);
    ok(&["study", "run", s(&study)]);
    let table = ok(&["study", "report", s(&study)]);
    let row = table
        .lines()
        .find(|l| l.starts_with("ended by"))
        .expect("an ending row");
    assert_eq!(
        row.split_whitespace().collect::<Vec<_>>(),
        ["ended", "by", "goal", "reached", "3"]
    );
    assert!(!table.contains("variant rule"));
    std::fs::remove_dir_all(&dir).ok();
}
