//! Properties that hold in every position of every shipped definition, checked along seeded
//! random games: the incremental hash equals the hash computed from scratch; FEN text → position →
//! FEN text is stable and gives the same hash; no legal move leaves the mover's royals attacked
//! (under the variant's royal rule); the sum of `divide` equals `perft`; undoing every move of a
//! game gives back the start exactly.
//!
//! The generator is a fixed-seed splitmix64, so a failure names a definition, a game and a ply
//! that reproduce it.

use crate::common;

use chimera::compile_file;
use chimera::RoyalRule;
use chimera::{move_text, parse_fen, to_fen};
use chimera::{Engine, Game, Position};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Games per definition and plies per game: about 15,000 positions in all, a few seconds.
const GAMES: u64 = 8;
const PLIES: usize = 120;
/// `divide` against `perft` every this many plies (depth 2).
const DIVIDE_EVERY: usize = 20;

/// A seeded pseudo-random generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every shipped definition, by path, sorted.
fn definitions() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 19,
        "expected the shipped definitions in {}",
        dir.display()
    );
    files
}

fn engine(path: &Path) -> Engine {
    let rules = compile_file(path)
        .unwrap_or_else(|d| panic!("{}: {:?}", path.display(), miette::Report::new(d)));
    Engine::new(rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Checks the per-position properties; `at` names the position in a failure.
fn check_position(e: &Engine, pos: &Position, at: &str) {
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "{at}: the incremental hash differs from the hash computed from scratch"
    );
    let fen = to_fen(e, pos);
    let back =
        parse_fen(e, &fen).unwrap_or_else(|err| panic!("{at}: `{fen}` does not read back: {err}"));
    assert_eq!(to_fen(e, &back), fen, "{at}: FEN round trip is not stable");
    assert_eq!(
        back.hash(),
        pos.hash(),
        "{at}: `{fen}` read back hashes differently"
    );

    if e.rules().end.royal_rule != RoyalRule::Capture {
        for mv in e.legal_moves(pos) {
            let mut after = e.play(pos, mv);
            after.set_side_to_move(pos.side_to_move());
            assert!(
                !e.in_check(&after),
                "{at}: the legal move {} leaves the mover's royals attacked",
                move_text(e, pos, mv)
            );
        }
    }
}

#[test]
fn every_position_of_random_games_keeps_hash_fen_legality_and_perft_consistent() {
    let mut positions = 0u64;
    for path in definitions() {
        let e = Arc::new(engine(&path));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for g in 0..GAMES {
            let mut rng = Rng(0x5EED ^ (g << 32) ^ name.len() as u64);
            let start = e.start_position();
            let mut game = Game::new(e.clone(), start.clone());
            for ply in 0..PLIES {
                let pos = game.position().clone();
                let at = format!("{name} game {g} ply {ply} ({})", to_fen(&e, &pos));
                check_position(&e, &pos, &at);
                positions += 1;
                if ply % DIVIDE_EVERY == 0 {
                    let divided: u64 = e.divide(&pos, 2).iter().map(|(_, n)| n).sum();
                    assert_eq!(
                        divided,
                        e.perft(&pos, 2),
                        "{at}: divide 2 does not sum to perft 2"
                    );
                }
                if game.status().is_over() {
                    break;
                }
                let moves = e.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len())]);
            }
            let played = game.moves().len();
            for _ in 0..played {
                assert!(
                    game.undo(),
                    "{name} game {g}: undo refused before the start"
                );
            }
            assert_eq!(
                to_fen(&e, game.position()),
                to_fen(&e, &start),
                "{name} game {g}: undoing every move does not give back the start"
            );
            assert_eq!(
                game.position().hash(),
                start.hash(),
                "{name} game {g}: hash after undoing all"
            );
        }
    }
    assert!(positions > 1000, "only {positions} positions checked");
}

#[test]
fn the_start_position_keeps_exactly_the_castling_rights_a_fen_of_the_same_text_keeps() {
    // No Rook stands on h1 or h8, so the king-side rights in `KQkq` are stale. The start
    // position used to keep them while `fen` of the same text dropped them, with another hash.
    let fen = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/chess.variant");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let text = text.replace(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        fen,
    );
    let rules = chimera::compile_str("chess-d1.variant", &text, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).unwrap_or_else(|err| panic!("{err}"));
    let start = e.start_position();
    let read = parse_fen(&e, fen).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(
        to_fen(&e, &start),
        "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qq - 0 1"
    );
    assert_eq!(to_fen(&e, &start), to_fen(&e, &read));
    assert_eq!(start.hash(), read.hash());
}

#[test]
fn an_empty_square_count_too_large_for_a_number_says_it_is_too_large() {
    let e = common::load("chess.variant");
    let err = match parse_fen(&e, "8/8/4294967296/8/8/8/8/8 w - - 0 1") {
        Ok(_) => panic!("a rank of 4294967296 empty squares was read"),
        Err(err) => err,
    };
    assert_eq!(
        err.message,
        "rank 6 of the FEN has more than 9999 squares; the board has 8 files"
    );
    assert_eq!((err.offset, err.len), (4, 10));
}

#[test]
fn pieces_in_hand_read_from_a_fen_are_written_back_in_a_variant_without_drops() {
    // Found by the `fen` fuzz target: chess read `[PPPqp]` into the hands (and the hash) but
    // wrote no hands, so the round trip changed the position.
    let e = common::load("chess.variant");
    let fen = "1n1r3r/pkp2b2/2P2p1q/1n1N3p/P6P/P2KbPPB/4PPB1/R2R1N2[PPPqp] b - - 0 48";
    let pos = parse_fen(&e, fen).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(to_fen(&e, &pos), fen);
    let back = parse_fen(&e, &to_fen(&e, &pos)).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(back.hash(), pos.hash());
    // Without pieces in hand, chess FEN keeps its usual form.
    assert_eq!(
        to_fen(&e, &e.start_position()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}
