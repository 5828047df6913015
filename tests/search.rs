//! The search: mates found at the depth they need, deterministic results, limits obeyed.

mod common;

use chimera::engine::Game;
use chimera::notation::move_text;
use chimera::search::{Limits, Score, Searcher};
use common::{load, pos};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Searches `fen` in `file` to `depth` plies; returns the best move as text and the score.
fn best(file: &str, fen: &str, depth: u32) -> (String, Score, Vec<String>) {
    let e = Arc::new(load(file));
    let p = pos(&e, fen);
    let game = Game::new(e.clone(), p.clone());
    let mut s = Searcher::new(e.clone(), 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    let mv = r.best.expect("a move");
    let mut q = p.clone();
    let mut pv = Vec::new();
    for m in &r.info.pv {
        pv.push(move_text(&e, &q, *m));
        q = e.play(&q, *m);
    }
    (move_text(&e, &p, mv), r.info.score, pv)
}

#[test]
fn chess_scholars_mate_in_one() {
    let (mv, score, _) = best(
        "chess.variant",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        2,
    );
    assert_eq!(mv, "h5f7");
    assert_eq!(score, Score::Mate(1));
}

/// The same search from a fresh searcher gives the same move, score, PV and node count.
#[test]
fn fixed_depth_and_node_searches_are_deterministic() {
    for f in [
        "chess.variant",
        "xiangqi.variant",
        "shogi.variant",
        "xiang-fu.variant",
    ] {
        let e = Arc::new(load(f));
        let game = Game::new(e.clone(), e.start_position());
        for limits in [
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
            Limits {
                nodes: Some(3000),
                ..Limits::default()
            },
        ] {
            let run = || {
                let mut s = Searcher::new(e.clone(), 4);
                let r = s.search(&game, &limits, &AtomicBool::new(false), &mut |_| {});
                (r.best, r.info.pv, r.info.score, r.info.nodes, r.info.depth)
            };
            let a = run();
            assert!(a.0.is_some(), "{}: a move", f);
            assert_eq!(a, run(), "{}: {:?}", f, limits);
        }
    }
}
