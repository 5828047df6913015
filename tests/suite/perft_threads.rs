//! Parallel perft: the same counts on one thread and on several, whole and per root move, on
//! definitions with drops, hoppers, palaces, multi-leg moves and end rules; and `--threads` out of
//! range is refused with a clear message and a failing exit.

use crate::common;

use chimera::Engine;
use std::process::Command;
use std::sync::atomic::AtomicBool;

/// (definition, FEN or the start position, depth, the reference count from `tests/perft/`)
const CASES: &[(&str, Option<&str>, u32, u64)] = &[
    ("chess.variant", None, 4, 197_281),
    (
        "chess.variant",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        3,
        97_862,
    ),
    ("xiangqi.variant", None, 3, 79_666),
    ("shogi.variant", None, 3, 25_470),
    (
        "crazyhouse.variant",
        Some("1N2k1r1/rbpR~N3/p1PN4/1p4p1/PPP2Q1p/3PBP1p/B1QPPp2/R2K1BRn[] b - - 0 42"),
        4,
        153_239,
    ),
    ("xiang-fu.variant", None, 4, 152_394),
    ("janggi.variant", None, 3, 33_000),
    ("3check.variant", None, 3, 8_902),
];

fn start(e: &Engine, fen: Option<&str>) -> chimera::Position {
    fen.map_or_else(|| e.start_position(), |f| common::pos(e, f))
}

#[test]
fn perft_counts_the_same_on_one_thread_and_on_two() {
    for &(file, fen, depth, expected) in CASES {
        let e = common::load(file);
        let pos = start(&e, fen);
        let one = e.perft(&pos, depth);
        assert_eq!(one, expected, "{file} depth {depth} on one thread");
        for threads in [1, 2, 3] {
            assert_eq!(
                e.perft_parallel(&pos, depth, threads),
                one,
                "{file} depth {depth} on {threads} threads"
            );
        }
    }
}

#[test]
fn divide_on_two_threads_lists_the_same_root_moves_and_counts_in_order() {
    for &(file, fen, depth, _) in CASES {
        let e = common::load(file);
        let pos = start(&e, fen);
        let cancel = AtomicBool::new(false);
        let mut calls = Vec::new();
        let two = e
            .divide_parallel(&pos, depth, 2, &cancel, &mut |done, total| {
                calls.push((done, total))
            })
            .expect("not cancelled");
        assert_eq!(two, e.divide(&pos, depth), "{file} depth {depth}");
        // Progress reaches every root move, counting up.
        assert_eq!(calls.last(), Some(&(two.len(), two.len())), "{file}");
        assert!(
            calls.windows(2).all(|w| w[0].0 < w[1].0),
            "{file}: {calls:?}"
        );
    }
}

#[test]
fn a_cancelled_parallel_perft_counts_nothing() {
    let e = common::load("chess.variant");
    let cancel = AtomicBool::new(true);
    let res = e.divide_parallel(&e.start_position(), 5, 2, &cancel, &mut |_, _| {});
    assert_eq!(res, None);
}

fn chimera(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run chimera");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn perft_and_divide_on_the_command_line_count_the_same_with_any_thread_count() {
    for cmd in ["perft", "divide"] {
        let (code1, out1, _) = chimera(&[cmd, "definitions/chess.variant", "4", "--threads", "1"]);
        let (code2, out2, err2) =
            chimera(&[cmd, "definitions/chess.variant", "4", "--threads", "2"]);
        assert_eq!((code1, code2), (0, 0), "{err2}");
        assert_eq!(out1, out2, "{cmd}");
        assert!(out2.ends_with("Nodes searched: 197281\n"), "{out2}");
        assert!(err2.contains("2 threads"), "{err2}");
    }
}

#[test]
fn threads_out_of_range_are_refused_with_the_range() {
    for bad in ["0", "257", "many"] {
        let (code, out, err) =
            chimera(&["perft", "definitions/chess.variant", "3", "--threads", bad]);
        assert_ne!(code, 0, "--threads {bad}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("--threads"), "--threads {bad}: {err}");
        if bad != "many" {
            assert!(err.contains("1..=256"), "--threads {bad}: {err}");
        }
    }
}
