#![no_main]
//! PGN text for several rule sets, with a round-trip oracle: splitting any text into games never
//! panics; a game whose moves all read is written back as PGN, and that text reads back to the
//! same start position and the same moves.

use chimera::{parse_pgn, play_raw, read_pgn, write_pgn, Tags};
use chimera::to_fen;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((engine, rest)) = common::split(data) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(games) = parse_pgn(text) else { return };
    for (i, raw) in games.into_iter().enumerate() {
        let Ok(game) = play_raw(engine, i + 1, raw) else {
            continue;
        };
        let end = game
            .moves
            .iter()
            .fold(game.start.clone(), |p, mv| engine.play(&p, *mv));
        let written = write_pgn(
            engine,
            &game.start,
            &game.moves,
            &Tags::default(),
            &engine.status(&end),
        );
        let back = match read_pgn(engine, &written) {
            Ok(b) => b,
            Err(e) => {
                panic!("a game read from `{text}` wrote\n{written}\nwhich does not read: {e}")
            }
        };
        assert_eq!(
            back.len(),
            1,
            "one game written, {} read:\n{written}",
            back.len()
        );
        assert_eq!(
            back[0].moves, game.moves,
            "moves after the round trip of\n{written}"
        );
        assert_eq!(
            to_fen(engine, &back[0].start),
            to_fen(engine, &game.start),
            "start after the round trip of\n{written}"
        );
    }
});
