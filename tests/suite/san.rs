//! SAN on every shipped definition: what is written for the familiar cases, and random legal games
//! whose every legal move is written as SAN and read back as the same move, no string naming two.

use crate::common;

use chimera::compile_file;
use chimera::{move_text, parse_move, san};
use chimera::{Engine, Move};
use common::{after, load, pos};
use std::path::Path;

const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The SAN of the move given as coordinates in `fen`.
fn san_of(e: &Engine, fen: &str, coords: &str) -> String {
    let p = pos(e, fen);
    let mv = parse_move(e, &p, coords).unwrap_or_else(|err| panic!("{coords}: {err}"));
    san(e, &p, mv)
}

/// The coordinates of the move the SAN names in `fen`.
fn read(e: &Engine, fen: &str, text: &str) -> String {
    let p = pos(e, fen);
    let mv = parse_move(e, &p, text).unwrap_or_else(|err| panic!("{text}: {err}"));
    move_text(e, &p, mv)
}

#[test]
fn chess_moves_are_written_as_in_pgn() {
    let e = load("chess.variant");
    assert_eq!(san_of(&e, CHESS, "e2e4"), "e4");
    assert_eq!(san_of(&e, CHESS, "g1f3"), "Nf3");
    assert_eq!(read(&e, CHESS, "Nf3"), "g1f3");
    assert_eq!(read(&e, CHESS, "e4"), "e2e4");
    // Knights on b1 and f3 both reach d2: the file decides.
    let two = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(san_of(&e, two, "b1d2"), "Nbd2");
    assert_eq!(san_of(&e, two, "f3d2"), "Nfd2");
    // Rooks on a1 and a5 both reach a3: the rank decides.
    let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(&e, rooks, "a1a3"), "R1a3");
    assert_eq!(read(&e, rooks, "R5a3"), "a5a3");
    // Pawn captures name the file; en passant is a capture.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(san_of(&e, ep, "e5f6"), "exf6");
    assert_eq!(read(&e, ep, "exf6"), "e5f6");
    // Castling, promotion with check, mate.
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(&e, castle, "e1g1"), "O-O");
    assert_eq!(san_of(&e, castle, "e1c1"), "O-O-O");
    assert_eq!(read(&e, castle, "O-O-O"), "e1c1");
    let promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(&e, promo, "b7b8q"), "b8=Q+");
    assert_eq!(san_of(&e, promo, "b7b8n"), "b8=N");
    assert_eq!(read(&e, promo, "b8=R"), "b7b8r");
    let mate = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    assert_eq!(san_of(&e, mate, "h1h8"), "Rh8#");
    // Check marks, annotations and an omitted `x` are tolerated when reading.
    assert_eq!(read(&e, mate, "Rh8"), "h1h8");
    assert_eq!(read(&e, mate, "Rh1h8#!"), "h1h8");
    assert_eq!(read(&e, ep, "ef6"), "e5f6");
}

#[test]
fn ambiguous_and_wrong_san_is_refused_with_the_choices() {
    let e = load("chess.variant");
    let two = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    let p = pos(&e, two);
    let err = parse_move(&e, &p, "Nd2").expect_err("two knights reach d2");
    assert_eq!(err.message, "`Nd2` could be 2 moves");
    assert_eq!(err.help.as_deref(), Some("write one of: Nbd2 Nfd2"));
    let err = parse_move(&e, &p, "Nc4").expect_err("no knight reaches c4");
    assert_eq!(err.message, "no Knight of White can move to c4");
    let promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let err = parse_move(&e, &pos(&e, promo), "b8").expect_err("four promotions");
    assert_eq!(err.message, "`b8` promotes: say to what");
    assert_eq!(
        err.help.as_deref(),
        Some("write one of: b8=Q+ b8=R+ b8=B b8=N")
    );
    let err = parse_move(&e, &pos(&e, CHESS), "Zf3").expect_err("no such letter");
    assert_eq!(err.message, "no piece has the letter `Z`");
}

#[test]
fn drops_and_promoted_forms() {
    let zh = load("crazyhouse.variant");
    let fen = "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3";
    assert_eq!(san_of(&zh, fen, "P@e4"), "P@e4");
    assert_eq!(read(&zh, fen, "P@e6"), "P@e6");
    // A crazyhouse promotion to the promoted queen (+Q) is written as FSF and XBoard write it.
    let promo = "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";
    assert_eq!(san_of(&zh, promo, "b7b8+q"), "b8=Q+");
    assert_eq!(read(&zh, promo, "b8=Q"), "b7b8+q");

    let shogi = load("shogi.variant");
    // Sente's rook on h8 deep in the zone: promoting is `+`, declining is plain.
    let fen = "9/7R1/9/9/4k4/9/9/9/4K4[-] w - - 0 1";
    assert_eq!(san_of(&shogi, fen, "h8h9+"), "Rh9+");
    assert_eq!(san_of(&shogi, fen, "h8h9"), "Rh9");
    assert_eq!(read(&shogi, fen, "Rh9"), "h8h9");
    assert_eq!(read(&shogi, fen, "Rh9+"), "h8h9+");
    // Along rank 5 the move checks: declining needs `=`, or the `+` would read as the promotion.
    assert_eq!(san_of(&shogi, fen, "h8h5+"), "Rh5++");
    assert_eq!(san_of(&shogi, fen, "h8h5"), "Rh5=+");
    assert_eq!(read(&shogi, fen, "Rh5=+"), "h8h5");
    assert_eq!(read(&shogi, fen, "Rh5++"), "h8h5+");
}

#[test]
fn a_promotion_with_one_result_needs_no_suffix() {
    let shogi = load("shogi.variant");
    // A pawn reaching the last rank must promote, to its one promoted form.
    let fen = "4k4/2P6/9/9/9/9/9/9/4K4[-] w - - 0 1";
    assert_eq!(read(&shogi, fen, "c8c9"), "c8c9+");
    assert_eq!(read(&shogi, fen, "c9"), "c8c9+");
}

#[test]
fn bare_destinations_suggest_the_full_move() {
    let xq = load("xiangqi.variant");
    let p = xq.start_position();
    // In xiangqi the soldiers are `P`; a horse move written as a square is not a soldier move.
    let err = parse_move(&xq, &p, "c3").expect_err("no soldier reaches c3");
    assert!(
        err.help
            .as_deref()
            .unwrap_or("")
            .contains("did you mean `b1c3`"),
        "{:?}",
        err
    );
    let _ = after(&xq, &xq.rules().start_fen, &["e4e5"]);
}

/// A small deterministic random generator, so failures replay.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every legal move of every position of some random games: its SAN reads back as itself, and no
/// two legal moves share a SAN.
#[test]
fn random_games_round_trip_through_san_on_every_definition() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("definitions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    assert!(files.len() >= 19, "the shipped definitions are found");
    let mut checked = 0usize;
    for path in &files {
        let rules = compile_file(path).unwrap_or_else(|d| panic!("{}: {:?}", path.display(), d));
        let e = Engine::new(rules).expect("engine");
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ path.as_os_str().len() as u64);
        for _game in 0..3 {
            let mut p = e.start_position();
            for ply in 0..120 {
                let legal = e.legal_moves(&p);
                if legal.is_empty() {
                    break;
                }
                let sans: Vec<String> = legal
                    .iter()
                    .map(|m| chimera::san_among(&e, &p, &legal, *m))
                    .collect();
                for (m, s) in legal.iter().zip(&sans) {
                    let back: Move = parse_move(&e, &p, s).unwrap_or_else(|err| {
                        panic!(
                            "{}: ply {ply}: `{s}` ({}) does not read back: {err}",
                            path.display(),
                            move_text(&e, &p, *m)
                        )
                    });
                    assert_eq!(
                        back,
                        *m,
                        "{}: `{s}` read as {}",
                        path.display(),
                        move_text(&e, &p, back)
                    );
                    checked += 1;
                }
                let mut sorted = sans.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    sans.len(),
                    "{}: duplicate SAN",
                    path.display()
                );
                // Prefer captures and drops now and then, so hands fill and promotions come.
                p = e.play(&p, legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(checked > 100_000, "{checked} moves checked");
}

#[test]
fn gating_is_written_after_a_slash_as_fairy_stockfish_writes_it() {
    let e = load("seirawan.variant");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1";
    assert_eq!(san_of(&e, fen, "e1g1h"), "O-O/He1");
    assert_eq!(san_of(&e, fen, "h1e1e"), "O-O/Eh1");
    assert_eq!(san_of(&e, fen, "a1e1h"), "O-O-O/Ha1");
    assert_eq!(san_of(&e, fen, "a1d1h"), "Rd1/H");
    assert_eq!(san_of(&e, fen, "a1d1"), "Rd1");
    assert_eq!(read(&e, fen, "O-O/Hh1"), "h1e1h");
    assert_eq!(read(&e, fen, "Rd1/E"), "a1d1e");
    assert_eq!(read(&e, fen, "Rd1"), "a1d1");
    assert_eq!(read(&e, fen, "O-O"), "e1g1");
}

#[test]
fn xboards_locust_san_names_the_victim_before_the_destination() {
    // Shoxiang 108's strong Elephant takes the White pawn on c10 and goes on to b9. Chimera writes
    // the victim last (`Eb9xc10`); XBoard's PGN writes the move in the order it is made, from the
    // origin (`Ed11xc10-b9`). Both name the one move.
    let e = load("shoxiang108-shogi-strong.variant");
    let fen = "lhsgkgshl/1rnebenr1/2P1p1c2/p1ppppppp/9/9/9/9/PPPPPPPPP/2C1P1C2/1RNEBENR1/LHSGKGSHL b - - 0 1";
    let ours = read(&e, fen, "Eb9xc10");
    assert!(ours.starts_with("d11b9"), "{ours}");
    assert_eq!(read(&e, fen, "Ed11xc10-b9"), ours);
    assert_eq!(read(&e, fen, "Ed11xc10-b9+"), ours, "with a check mark");
    // The plain move to b9 over an empty c10 is not what XBoard's form names.
    let empty = fen.replace("2P1p1c2", "4p1c2");
    assert!(parse_move(&e, &pos(&e, &empty), "Ed11xc10-b9").is_err());
}
