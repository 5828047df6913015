//! Real XBoard (Debian's `xboard`, headless under `xvfb-run`) plays short matches in its match
//! mode: Chimera against itself in every seed variant, and Chimera against Fairy-Max in chess.
//! From XBoard's saved PGN and its debug log: every game ended with a result, no move was called
//! illegal by either side or by XBoard, and nothing lost on time.
//!
//! `scripts/setup.sh` installs the programs (`xboard xvfb fairymax`, scripts/setup/00-base.sh);
//! run with `cargo test --features ext --test ext_xboard`. Fixed depth keeps each game to seconds
//! while the clock (five minutes) can never run out.
//!
//! Reliability: XBoard, Xvfb and the engines run in a process group of their own, killed whole on
//! every way out of a run (a guard's `Drop`, so also when an assertion panics). XBoard's messages
//! say which engine died (`Error writing to second chess program`, `... exited unexpectedly`); the
//! run stops as soon as one appears. Debian's Fairy-Max 5.0b crashes now and then (it segfaults
//! after `computer` in about one run in two): a game whose opponent died is recorded (printed)
//! and replayed, a bounded number of times; a Chimera that dies fails the test at once.

mod gui;

use gui::definition;
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A program from the PATH or Debian's `/usr/games`; panics with how to install it.
fn program(name: &str) -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!(
                "`{name}` is not installed; install the real components with \
                 `bash scripts/setup.sh` (it runs `apt-get install -y xboard xvfb fairymax`)"
            )
        })
}

/// The twelve seed definitions (RULES.md): Shoxiang 108's eight sub-variants, Octal XiangQi and
/// its two children, Xiang Fu.
const SEEDS: [&str; 12] = [
    "shoxiang108-xq-weak",
    "shoxiang108-xq-standard",
    "shoxiang108-xq-centrewise",
    "shoxiang108-xq-strong",
    "shoxiang108-shogi-weak",
    "shoxiang108-shogi-standard",
    "shoxiang108-shogi-centrewise",
    "shoxiang108-shogi-strong",
    "octal-xiangqi",
    "spiderqi",
    "queen-perquisites-xiangqi",
    "xiang-fu",
];

/// How often a game whose opponent (not Chimera) crashed is played again before the test gives up.
const MAX_REPLAYS: usize = 20;

/// The longest one XBoard run may take before it is killed and the test fails.
const RUN_LIMIT: Duration = Duration::from_secs(240);

/// How long XBoard may stay silent, with one of its engines gone, before that engine counts as
/// dead. XBoard 4.9 does not always notice: after Fairy-Max segfaulted on its first move it spun
/// without a word until the run limit (CI, 5 December), so the run also watches the processes.
const SILENCE: Duration = Duration::from_secs(15);

/// One process, from `/proc/PID/stat`.
struct Proc {
    pid: i32,
    ppid: i32,
    pgrp: i32,
    zombie: bool,
    comm: String,
}

fn processes() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let pid = e.file_name().to_str()?.parse().ok()?;
        let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
        // The command name is in parentheses and may hold spaces: the fields follow the last `)`.
        let (head, tail) = stat.rsplit_once(')')?;
        let comm = head.split_once('(')?.1.to_string();
        let mut fields = tail.split_whitespace();
        let zombie = fields.next()? == "Z";
        let ppid = fields.next()?.parse().ok()?;
        let pgrp = fields.next()?.parse().ok()?;
        Some(Proc {
            pid,
            ppid,
            pgrp,
            zombie,
            comm,
        })
    })
    .collect()
}

/// The kernel's name for an engine's process: its program's file name, cut to 15 bytes.
fn comm_of(command: &str) -> String {
    let program = command.split_whitespace().next().unwrap_or("");
    let name = Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(program);
    name.chars().take(15).collect()
}

/// The names of the live (not zombie) engines started by a process of the group `pgid`.
fn live_engines(pgid: i32, names: &[String; 2]) -> Vec<String> {
    let procs = processes();
    let group: std::collections::HashSet<i32> = procs
        .iter()
        .filter(|p| p.pgrp == pgid)
        .map(|p| p.pid)
        .collect();
    procs
        .into_iter()
        .filter(|p| group.contains(&p.ppid) && !p.zombie && names.contains(&p.comm))
        .map(|p| p.comm)
        .collect()
}

fn chimera(variant: &str) -> String {
    format!(
        "{} xboard {}",
        env!("CARGO_BIN_EXE_chimera"),
        definition(variant).display()
    )
}

extern "C" {
    /// POSIX `kill(2)`; a negative pid signals the whole process group.
    fn kill(pid: i32, sig: i32) -> i32;
}
const SIGKILL: i32 = 9;

/// A child started as the leader of a new process group; dropping it kills the whole group
/// (xvfb-run, Xvfb, XBoard and the engines XBoard started) and reaps the leader.
struct Group(Child);

impl Group {
    fn spawn(cmd: &mut Command) -> std::io::Result<Group> {
        cmd.process_group(0).spawn().map(Group)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Ok(pid) = i32::try_from(self.0.id()) {
            // SAFETY: kill(2) takes plain integers and touches no memory of ours.
            unsafe {
                kill(-pid, SIGKILL);
            }
        }
        let _ = self.0.wait();
    }
}

/// One of the two engines of an XBoard match, as XBoard names them in its messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    First,
    Second,
}

impl Seat {
    fn word(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

/// What XBoard saved of a finished run.
struct Played {
    pgn: String,
    debug: String,
}

/// An engine died during a run: which one, and XBoard's words.
#[derive(Debug)]
struct Died {
    seat: Seat,
    message: String,
}

/// XBoard's line saying an engine died (or could not be written to or started), and which.
fn engine_died(line: &str) -> Option<Seat> {
    const DEATH: [&str; 5] = [
        "exited unexpectedly",
        "Error writing to",
        "Error reading from",
        "Failed to start",
        "program exits in draw position",
    ];
    if !DEATH.iter().any(|d| line.contains(d)) {
        return None;
    }
    if line.contains("second chess program") || line.contains("second program") {
        Some(Seat::Second)
    } else if line.contains("first chess program") || line.contains("first program") {
        Some(Seat::First)
    } else {
        None
    }
}

/// A file read as it grows.
struct Tail {
    path: PathBuf,
    offset: u64,
    text: String,
}

impl Tail {
    fn new(path: PathBuf) -> Tail {
        Tail {
            path,
            offset: 0,
            text: String::new(),
        }
    }

    /// Reads what was appended since the last call; returns the new complete lines' start.
    fn poll(&mut self) -> usize {
        let start = self.text.rfind('\n').map_or(0, |i| i + 1);
        if let Ok(mut f) = std::fs::File::open(&self.path) {
            if f.seek(SeekFrom::Start(self.offset)).is_ok() {
                let mut buf = Vec::new();
                if let Ok(n) = f.read_to_end(&mut buf) {
                    self.offset += n as u64;
                    self.text.push_str(&String::from_utf8_lossy(&buf));
                }
            }
        }
        start
    }

    /// The first line (from byte `start` on) in which an engine dies.
    fn death_since(&self, start: usize) -> Option<Died> {
        self.text[start..].lines().find_map(|l| {
            engine_died(l).map(|seat| Died {
                seat,
                message: l.trim().to_string(),
            })
        })
    }
}

/// One XBoard match-mode run.
struct Run<'a> {
    label: &'a str,
    display: u32,
    first: &'a str,
    second: &'a str,
    variant: Option<&'a str>,
    games: u32,
    depth: u32,
}

impl Run<'_> {
    /// Plays the match; `Err` as soon as XBoard says an engine died (the group is killed then).
    fn play(&self, attempt: usize) -> Result<Played, Died> {
        let label = self.label;
        let dir = std::env::temp_dir().join(format!(
            "chimera-xboard-{label}-{}-{attempt}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {dir:?}: {e}"));
        let pgn = dir.join("games.pgn");
        let debug = dir.join("xboard.debug");
        let stderr = dir.join("xboard.stderr");
        let p = |x: &Path| x.display().to_string();
        let mut cmd = Command::new(program("xvfb-run"));
        cmd.args(["-a", "-n", &self.display.to_string()])
            .arg(program("xboard"))
            .args(["-ini", &p(&dir.join("xboard.ini"))])
            .args(["-saveSettingsOnExit", "false"])
            // A fatal error ends XBoard instead of waiting on a dialog nobody can click.
            .args(["-popupExitMessage", "false"])
            // No sound player on a headless machine: every move would run `play` and fail.
            .args(["-soundProgram", "true"])
            .args(["-fcp", self.first, "-fd", &p(&dir)])
            .args(["-scp", self.second, "-sd", &p(&dir)])
            .args(["-mm", "-mg", &self.games.to_string()])
            .args(["-tc", "5", "-depth", &self.depth.to_string()])
            .args(["-autoflag", "-xponder"])
            // Long shuffles end as draws: the test is about the protocol, not the endgame.
            .args(["-adjudicateDrawMoves", "150"])
            .args(["-sgf", &p(&pgn), "-debug", "-nameOfDebugFile", &p(&debug)])
            .arg("-xexit");
        if let Some(v) = self.variant {
            cmd.args(["-variant", v]);
        }
        // Chimera against Chimera: XBoard knows a taught variant only from its `piece` lines and
        // cannot state drop zones or the variant's other rules, so the receiving engine is the
        // referee: it answers `Illegal move` to a wrong move, and `assert_clean` fails on that.
        if self.first == self.second {
            cmd.args(["-testLegality", "false"]);
        }
        let err_file = std::fs::File::create(&stderr)
            .unwrap_or_else(|e| panic!("cannot create {stderr:?}: {e}"));
        cmd.current_dir(&dir)
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(err_file);
        let mut group =
            Group::spawn(&mut cmd).unwrap_or_else(|e| panic!("cannot start xvfb-run xboard: {e}"));
        let mut logs = [Tail::new(stderr), Tail::new(debug.clone())];
        let start = Instant::now();
        let pgid = i32::try_from(group.0.id()).unwrap_or(i32::MAX);
        let names = [comm_of(self.first), comm_of(self.second)];
        // When XBoard last wrote a line.
        let mut said = Instant::now();
        loop {
            let exited = !matches!(group.0.try_wait(), Ok(None));
            let before: usize = logs.iter().map(|l| l.text.len()).sum();
            for log in logs.iter_mut() {
                let from = log.poll();
                if let Some(died) = log.death_since(from) {
                    drop(group);
                    return Err(died);
                }
            }
            if exited {
                break;
            }
            if logs.iter().map(|l| l.text.len()).sum::<usize>() != before {
                said = Instant::now();
            }
            let live = live_engines(pgid, &names);
            let count = |list: &[String], name: &String| list.iter().filter(|n| *n == name).count();
            // An engine fewer alive than XBoard runs (two of one name when Chimera plays itself).
            let gone = names.iter().find(|n| count(&live, n) < count(&names, n));
            let over = logs.iter().any(|l| l.text.contains("final score"));
            if let (Some(gone), true, false) = (gone, said.elapsed() > SILENCE, over) {
                // Two Chimeras are both Chimera.
                let seat = if names[0] != names[1] && *gone == names[1] {
                    Seat::Second
                } else {
                    Seat::First
                };
                drop(group);
                return Err(Died {
                    seat,
                    message: format!(
                        "the {} engine ({}) is gone and XBoard has said nothing for {SILENCE:?}",
                        seat.word(),
                        names[usize::from(seat == Seat::Second)]
                    ),
                });
            }
            if start.elapsed() > RUN_LIMIT {
                drop(group);
                panic!(
                    "{label}: XBoard did not finish the match within {RUN_LIMIT:?}; PGN so far:\n{}",
                    std::fs::read_to_string(&pgn).unwrap_or_default()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        drop(group);
        let pgn_text = std::fs::read_to_string(&pgn).unwrap_or_default();
        // A death XBoard only wrote into the game's result (`{Error writing to ...}`).
        if let Some(died) = pgn_text.lines().find_map(|l| {
            engine_died(l).map(|seat| Died {
                seat,
                message: l.trim().to_string(),
            })
        }) {
            return Err(died);
        }
        let played = Played {
            pgn: pgn_text,
            debug: std::fs::read_to_string(&debug)
                .unwrap_or_else(|e| panic!("{label}: XBoard wrote no debug log ({e})")),
        };
        let _ = std::fs::remove_dir_all(&dir);
        Ok(played)
    }

    /// Plays the match, replaying it when `opponent` (the seat that is not Chimera) died, up to
    /// `MAX_REPLAYS` times; each crash is printed and returned. Chimera's death fails the test.
    fn play_replaying(&self, opponent: Option<Seat>) -> (Played, Vec<String>) {
        let mut crashes = Vec::new();
        for attempt in 0..=MAX_REPLAYS {
            match self.play(attempt) {
                Ok(played) => return (played, crashes),
                Err(died) if Some(died.seat) == opponent => {
                    let note = format!(
                        "{}: attempt {}: the opponent ({} engine) died: {}; replaying",
                        self.label,
                        attempt + 1,
                        died.seat.word(),
                        died.message
                    );
                    eprintln!("{note}");
                    crashes.push(note);
                }
                Err(died) => panic!(
                    "{}: Chimera ({} engine) died: {}",
                    self.label,
                    died.seat.word(),
                    died.message
                ),
            }
        }
        panic!(
            "{}: the opponent crashed {} times in a row:\n{}",
            self.label,
            crashes.len(),
            crashes.join("\n")
        );
    }
}

/// XBoard 4.9 puts a captured piece in the capturer's hand only when it stood on the destination
/// square (its `ApplyMove` credits the destination's occupant, never the piece a capture-and-
/// continue move removes on the way), so after such a move in a game with drops its holdings are
/// one piece short, and it refuses the drop of that piece as an "invalid move". That is XBoard's
/// bookkeeping, not Chimera's rule, and no move text can make XBoard credit it.
///
/// Returns the refused move when a game's forfeit is exactly that: the refused move is a drop of
/// a kind the definition lets that side drop, and that side had made a capture on a square it then
/// left (`Ed11xc10-b9`). Any other forfeit returns `None`. (The game is not replayed: XBoard's PGN
/// of a taught variant leaves out promotions, `Bxf4` for a Bishop that promoted there.)
fn forfeit_from_xboard_holdings(variant: &str, game: &str) -> Option<String> {
    let refused = game
        .split("Forfeit due to invalid move: ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .to_string();
    let (letter, square) = refused.split_once('@')?;
    let rules = chimera::check_file(&definition(variant)).ok()?.rules;
    let droppable = rules
        .drops
        .to_hand
        .iter()
        .any(|&k| rules.piece(k).letter.eq_ignore_ascii_case(letter));
    let on_board = rules.board.dims.parse_square(square).is_some();
    let raw = chimera::parse_pgn(game).ok()?.into_iter().next()?;
    // The side that tried the drop moved at every other ply, counting back from the last.
    let n = raw.moves.len();
    let locust = raw
        .moves
        .iter()
        .enumerate()
        .filter(|(i, _)| (n - i) % 2 == 0)
        .any(|(_, m)| {
            m.text
                .split_once('x')
                .is_some_and(|(_, rest)| rest.contains('-'))
        });
    (droppable && on_board && locust).then_some(refused)
}

/// Every game has a result, nobody called a move illegal, nothing was lost on time.
fn assert_clean(label: &str, played: &Played, games: usize) {
    let results: Vec<&str> = played
        .pgn
        .lines()
        .filter_map(|l| l.strip_prefix("[Result \""))
        .map(|l| l.trim_end_matches("\"]"))
        .collect();
    assert_eq!(
        results.len(),
        games,
        "{label}: games played\n{}",
        played.pgn
    );
    for r in &results {
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(r),
            "{label}: a game without a result ({r})\n{}",
            played.pgn
        );
    }
    // Games whose forfeit is XBoard's holdings bookkeeping (above) are reported, not failed.
    let mut excused = Vec::new();
    let mut kept = String::new();
    for game in played.pgn.split("[Event ").filter(|g| !g.trim().is_empty()) {
        let game = format!("[Event {game}");
        match forfeit_from_xboard_holdings(label, &game) {
            Some(refused) => {
                eprintln!(
                    "{label}: XBoard refused the drop {refused} after a capture-and-continue \
                     move it did not credit to the hand (XBoard's bookkeeping; the drop is legal)"
                );
                excused.push(refused);
            }
            None => kept.push_str(&game),
        }
    }
    let pgn = kept.to_lowercase();
    for bad in [
        "on time",
        "time forfeit",
        "illegal",
        "forfeit",
        "abort",
        "unfinished",
    ] {
        assert!(
            !pgn.contains(bad),
            "{label}: the PGN says `{bad}`\n{}",
            played.pgn
        );
    }
    for line in played.debug.lines() {
        if excused.iter().any(|m| line.contains(m.as_str())) {
            continue;
        }
        let l = line.to_lowercase();
        // Engine output arrives as `<first :` / `<second:`; XBoard's own verdicts as plain text.
        assert!(
            !l.contains("illegal move") && !l.contains("forfeit"),
            "{label}: {line}"
        );
        assert!(!l.contains("loses on time"), "{label}: {line}");
    }
}

fn chimera_against_itself(variant: &str, display: u32) {
    let engine = chimera(variant);
    let run = Run {
        label: variant,
        display,
        first: &engine,
        second: &engine,
        variant: Some(variant),
        games: 2,
        depth: 2,
    };
    let (played, _) = run.play_replaying(None);
    assert_clean(variant, &played, 2);
    // The variant XBoard played is the definition's (taught by setup, or XBoard's own).
    assert!(
        played.pgn.contains(&format!("[Variant \"{variant}\"]"))
            || !played.pgn.contains("[Variant"),
        "{}",
        played.pgn
    );
}

#[test]
fn every_seed_variant_chimera_against_chimera() {
    // Four at a time, each on its own display: the machine has few cores, and each match is
    // mostly waiting for XBoard and the pipes.
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<Vec<(usize, &str)>> = (0..4)
            .map(|t| {
                SEEDS
                    .iter()
                    .copied()
                    .enumerate()
                    .skip(t)
                    .step_by(4)
                    .collect()
            })
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    let mut failed = Vec::new();
                    for (i, v) in chunk {
                        let r = std::panic::catch_unwind(|| {
                            chimera_against_itself(v, 400 + 10 * i as u32)
                        });
                        if r.is_err() {
                            failed.push(v.to_string());
                        }
                    }
                    failed
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec!["a thread".into()]))
            .collect()
    });
    assert!(failures.is_empty(), "failed: {failures:?}");
}

#[test]
fn xboard_says_which_engine_died() {
    // XBoard's words (backend.c), as XBoard prints them on stderr or in the game's result.
    let cases = [
        (
            "xboard: Error writing to second chess program: Broken pipe",
            Some(Seat::Second),
        ),
        (
            "xboard: Error: first chess program (chimera xboard) exited unexpectedly",
            Some(Seat::First),
        ),
        (
            "1. Nc3 {Error writing to second chess program} 1-0",
            Some(Seat::Second),
        ),
        (
            "Failed to start first chess program chimera on localhost",
            Some(Seat::First),
        ),
        (
            "xboard: Match Chimera 0.1.0 vs. Fairy-Max 5.0b: final score 1-0-0",
            None,
        ),
    ];
    for (line, seat) in cases {
        assert_eq!(engine_died(line), seat, "{line}");
    }
}

#[test]
fn shogi_chimera_against_chimera() {
    chimera_against_itself("shogi", 322);
}

#[test]
fn xiangqi_chimera_against_chimera() {
    chimera_against_itself("xiangqi", 333);
}

#[test]
fn chess_chimera_against_fairy_max() {
    let fairymax = program("fairymax").display().to_string();
    let engine = chimera("chess");
    let mut crashes = Vec::new();
    // One game a run, Chimera White then Black, so a crash replays just its own game.
    for (game, chimera_first) in [(1, true), (2, false)] {
        let (first, second, opponent) = if chimera_first {
            (engine.as_str(), fairymax.as_str(), Seat::Second)
        } else {
            (fairymax.as_str(), engine.as_str(), Seat::First)
        };
        let label = format!("chess-fairymax-{game}");
        let run = Run {
            label: &label,
            display: 366 + game,
            first,
            second,
            variant: None,
            games: 1,
            depth: 3,
        };
        let (played, c) = run.play_replaying(Some(opponent));
        crashes.extend(c);
        assert_clean(&label, &played, 1);
        assert!(played.pgn.contains("Fairy-Max"), "{}", played.pgn);
    }
    eprintln!(
        "Fairy-Max crashes seen and replayed: {}{}",
        crashes.len(),
        crashes
            .iter()
            .map(|c| format!("\n  {c}"))
            .collect::<String>()
    );
}

#[test]
fn a_drop_xboard_refuses_after_an_uncredited_locust_capture_is_xboards_bookkeeping() {
    // A game of CI's (XBoard 4.9.1, Chimera against itself): Black's Elephant took a pawn on c10
    // and went on to b9; XBoard left that pawn out of Black's hand and refused Black's third drop.
    let game = include_str!("fixtures/pgn/xboard-locust-holdings.pgn");
    let variant = "shoxiang108-shogi-strong";
    assert_eq!(
        forfeit_from_xboard_holdings(variant, game).as_deref(),
        Some("P@f4")
    );
    // A refused drop of a kind that is never dropped, off the board, or a refused board move is
    // Chimera's fault and stays a failure.
    for other in ["R@e5", "P@z4", "Hg7"] {
        let changed = game.replace("invalid move: P@f4", &format!("invalid move: {other}"));
        assert_eq!(
            forfeit_from_xboard_holdings(variant, &changed),
            None,
            "{other}"
        );
    }
    // Without the capture-and-continue move, the same refusal is not excused.
    let no_locust = game.replace("Ed11xc10-b9", "Ed11-b9");
    assert_eq!(forfeit_from_xboard_holdings(variant, &no_locust), None);
}

#[test]
fn an_engine_is_watched_by_its_process_name_in_the_group() {
    assert_eq!(comm_of("/usr/games/fairymax"), "fairymax");
    assert_eq!(
        comm_of("/x/target/ci/chimera xboard /x/chess.variant"),
        "chimera"
    );
    assert_eq!(comm_of("a-program-with-a-long-name -x"), "a-program-with-");
    // A shell leading its own group, with a child as XBoard has its engines.
    let mut cmd = Command::new("sh");
    cmd.args(["-c", "sleep 30; :"]);
    let group = Group::spawn(&mut cmd).unwrap_or_else(|e| panic!("cannot start sh: {e}"));
    let pgid = i32::try_from(group.0.id()).unwrap_or(i32::MAX);
    let names = ["sleep".to_string(), "fairymax".to_string()];
    let start = Instant::now();
    let mut live = Vec::new();
    while live.is_empty() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
        live = live_engines(pgid, &names);
    }
    assert_eq!(live, ["sleep"]);
    let sleeper = processes()
        .into_iter()
        .find(|p| p.pgrp == pgid && p.comm == "sleep")
        .map(|p| p.pid)
        .unwrap_or_else(|| panic!("no sleep in the group"));
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe {
        kill(sleeper, SIGKILL);
    }
    let start = Instant::now();
    while !live.is_empty() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
        live = live_engines(pgid, &names);
    }
    assert!(
        live.is_empty(),
        "a killed engine still counts as alive: {live:?}"
    );
}
