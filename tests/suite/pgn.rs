//! PGN: games written and read back on every shipped definition, files in the forms XBoard and
//! Fairy-Stockfish-based tools write, tolerant reading, located errors, bounds, and no panic on
//! garbage.

use crate::common;

use chimera::compile_file;
use chimera::{parse_move, to_fen};
use chimera::{parse_pgn, read_pgn, write_pgn, Tags, MAX_PGN_PLIES as MAX_PLIES};
use chimera::{Engine, Game, Move};
use common::load;
use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pgn")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The board and hands field of the FEN after the game's moves.
fn end_board(e: &Engine, g: &chimera::PgnGame) -> String {
    let mut p = g.start.clone();
    for m in &g.moves {
        p = e.play(&p, *m);
    }
    to_fen(e, &p).split(' ').next().unwrap_or("").to_string()
}

#[test]
fn an_xboard_crazyhouse_file_opens_with_both_games() {
    let e = load("crazyhouse.variant");
    let games = read_pgn(&e, &fixture("xboard-crazyhouse.pgn")).expect("reads");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.len(), 60);
    assert_eq!(games[0].tag("White"), Some("Fairy-Max 5.0b"));
    // The position Fairy-Stockfish reaches after the same 60 moves.
    assert_eq!(
        end_board(&e, &games[0]),
        "rq6/pbpb2kr/n1nPp2q/1p1pP2B/3P1p1P/2Pb1NP1/PR3PP1/2N1K2R[p]"
    );
    // The second game starts from its FEN (move 40), promotes and drops; the variation is skipped.
    assert_eq!(games[1].moves.len(), 9);
    assert_eq!(games[1].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].start.fullmove_number(), 40);
}

#[test]
fn an_xboard_xiangqi_file_opens_with_its_ranks_from_zero_and_its_letters() {
    // Saved by real XBoard 4.9.1 (Chimera against Chimera, tests/ext_xboard.rs's setup): ranks
    // 0-9, the Horse written H and the Elephant E (its `Variant "xiangqi"` letters).
    let e = load("xiangqi.variant");
    let text = fixture("xboard-xiangqi.pgn");
    assert!(text.contains("Kd0") && text.contains("1. Hc2"), "{text}");
    let games = read_pgn(&e, &text).expect("reads");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 155);
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    // The last move mates: the game is over for Chimera too.
    let mut g = Game::new(std::sync::Arc::new(e), games[0].start.clone());
    for m in &games[0].moves {
        g.play(*m);
    }
    assert!(g.status().is_over(), "{:?}", g.status());
}

#[test]
fn fairy_stockfish_san_files_open() {
    // Xiangqi as Fairy-Stockfish writes it: `H` horse, `E` elephant, soldiers with a `P`.
    let xq = load("xiangqi.variant");
    let games = read_pgn(&xq, &fixture("fsf-xiangqi.pgn")).expect("reads");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 40);
    assert_eq!(
        end_board(&xq, &games[0]),
        "r3kab1r/9/b2a4n/4p3p/2p1c4/pN4p2/1cP5P/1C2B3N/4A4/2RA1KB1R"
    );
    let zh = load("crazyhouse.variant");
    let games = read_pgn(&zh, &fixture("fsf-crazyhouse.pgn")).expect("reads");
    assert_eq!(games[0].moves.len(), 60);
    assert_eq!(
        end_board(&zh, &games[0]),
        "rq6/pbpb2kr/n1nPp2q/1p1pP2B/3P1p1P/2Pb1NP1/PR3PP1/2N1K2R[p]"
    );
}

#[test]
fn reading_skips_comments_nags_variations_and_escapes() {
    let e = load("chess.variant");
    let text = "% a line for the program only\n\
        [Event \"t\"]\n[White \"a \\\"quoted\\\" name\"]\n\n\
        1.e4 {a comment (with a paren} e5 ; to the end of the line\n\
        2. Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) Nc6!? 3. Bb5 a6 1/2-1/2\n\
        \n1... e5 *\n";
    // The second game has no tags and starts with black's move: it cannot be played in chess.
    let games = parse_pgn(text).expect("splits");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("a \"quoted\" name"));
    let texts: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
    let err = read_pgn(&e, text).expect_err("e5 is not a white move");
    assert!(
        err.message.starts_with("game 2, move 1. e5: "),
        "{}",
        err.message
    );
    let help = err.help.expect("legal moves listed");
    assert!(help.contains("legal moves for White: "), "{help}");
    assert!(help.contains("Nf3"), "{help}");
}

#[test]
fn a_bad_move_names_game_move_number_and_alternatives() {
    let e = load("chess.variant");
    let text = "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ke3 *\n";
    let err = read_pgn(&e, text).expect_err("Ke3 is illegal");
    assert!(
        err.message.starts_with("game 2, move 3. Ke3: "),
        "{}",
        err.message
    );
    assert_eq!(err.game, Some(2));
    assert_eq!(&text[err.offset..err.offset + err.len], "Ke3");
    assert!(err.help.as_deref().unwrap_or("").contains("Bc4"));
    // Black's move is numbered with dots.
    let err = read_pgn(&e, "1. e4 e5 2. d4 Ke6 *").expect_err("the king cannot reach e6");
    assert!(
        err.message.starts_with("game 1, move 2... Ke6: "),
        "{}",
        err.message
    );
    // Moves after a mate.
    let err = read_pgn(&e, "1. f3 e5 2. g4 Qh4# 3. a3 *").expect_err("game over");
    assert!(
        err.message.contains("the game is already over"),
        "{}",
        err.message
    );
}

#[test]
fn broken_pgn_is_reported_where_it_breaks() {
    let cases: &[(&str, &str)] = &[
        (
            "1. e4 {never closed",
            "this comment is never closed with `}`",
        ),
        ("1. e4 (1. d4 d5", "this variation is never closed with `)`"),
        ("1. e4 ) e5", "`)` closes no variation"),
        (
            "[Event \"x]\n1. e4",
            "the value of the tag `Event` is never closed with `\"`",
        ),
        ("[Event x]", "the tag `Event` needs a quoted value"),
        ("[ \"x\"]", "a tag needs a name after `[`"),
    ];
    for (text, want) in cases {
        let err = parse_pgn(text).expect_err(text);
        assert_eq!(err.message, *want, "{text}");
        assert!(err.offset + err.len <= text.len().max(1), "{text}");
    }
}

#[test]
fn game_sizes_are_bounded() {
    let many = "a3 ".repeat(MAX_PLIES + 1);
    let err = parse_pgn(&many).expect_err("too many moves");
    assert_eq!(
        err.message,
        format!("more than {MAX_PLIES} moves in one game")
    );
    let games = "* ".repeat(chimera::MAX_PGN_GAMES + 1);
    let err = parse_pgn(&games).expect_err("too many games");
    assert!(
        err.message.starts_with("more than 10000 games"),
        "{}",
        err.message
    );
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

#[test]
fn random_games_saved_and_reopened_give_the_same_positions_on_every_definition() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("definitions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    assert!(files.len() >= 19);
    for path in &files {
        let rules = compile_file(path).unwrap_or_else(|d| panic!("{}: {:?}", path.display(), d));
        let e = std::sync::Arc::new(Engine::new(rules).expect("engine"));
        let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ path.as_os_str().len() as u64);
        let mut text = String::new();
        let mut played: Vec<(String, Vec<Move>)> = Vec::new();
        for game_no in 0..4 {
            // Every other game starts some moves in, so it needs SetUp and FEN.
            let mut start = e.start_position();
            if game_no % 2 == 1 {
                for _ in 0..6 {
                    let legal = e.legal_moves(&start);
                    if legal.is_empty() {
                        break;
                    }
                    start = e.play(&start, legal[rng.below(legal.len())]);
                }
            }
            let mut g = Game::new(e.clone(), start.clone());
            for _ in 0..80 {
                if g.status().is_over() {
                    break;
                }
                let legal = e.legal_moves(g.position());
                g.play(legal[rng.below(legal.len())]);
            }
            let pgn = write_pgn(&e, &start, g.moves(), &Tags::default(), &g.status());
            assert_eq!(pgn.contains("[SetUp \"1\"]"), game_no % 2 == 1, "{pgn}");
            text.push_str(&pgn);
            text.push('\n');
            played.push((to_fen(&e, g.position()), g.moves().to_vec()));
        }
        let games = read_pgn(&e, &text)
            .unwrap_or_else(|err| panic!("{}: {err}\n{:?}\n{text}", path.display(), err.help));
        assert_eq!(games.len(), played.len(), "{}", path.display());
        for (g, (fen, moves)) in games.iter().zip(&played) {
            assert_eq!(&g.moves, moves, "{}", path.display());
            let mut p = g.start.clone();
            for m in &g.moves {
                p = e.play(&p, *m);
            }
            assert_eq!(&to_fen(&e, &p), fen, "{}", path.display());
            assert_eq!(g.tag("Variant"), Some(e.rules().name.as_str()));
        }
    }
}

#[test]
fn garbage_never_panics() {
    let e = load("shogi.variant");
    let seed = fixture("xboard-crazyhouse.pgn");
    let alphabet = b"[]{}()\";%$.!?+#=@-x/ 1234567890abcdefghiKQRBNP\n\t*\xc3\xa9";
    let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
    for round in 0..3000 {
        let mut bytes = seed.as_bytes().to_vec();
        for _ in 0..1 + round % 12 {
            let i = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(err) = parse_pgn(&text) {
            assert!(err.offset <= text.len(), "offset inside the text");
        }
        let _ = read_pgn(&e, &text);
    }
}

#[test]
fn chimera_pgn_checks_a_game_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |variant: &str, pgn: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("pgn")
            .arg(root.join("definitions").join(variant))
            .arg(pgn)
            .output()
            .expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let good = root.join("tests/fixtures/pgn/xboard-crazyhouse.pgn");
    let (code, out, err) = run("crazyhouse.variant", &good);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("game 1: 60 moves, result *, Fairy-Max 5.0b - Chimera"),
        "{out}"
    );
    assert!(out.contains("game 2: 9 moves, result 1-0"), "{out}");
    assert!(
        out.contains("2 games, every move legal in Crazyhouse"),
        "{out}"
    );
    // The same file is not a chess game: the first drop is refused, located and explained.
    let (code, _, err) = run("chess.variant", &good);
    assert_eq!(code, 1);
    assert!(err.contains("game 1, move 8. P@d4"), "{err}");
    assert!(err.contains("xboard-crazyhouse.pgn:"), "{err}");
    assert!(err.contains("help:"), "{err}");
}

#[test]
fn coordinates_still_read_everywhere_san_does() {
    let e = load("chess.variant");
    let games = read_pgn(&e, "1. e2e4 e7e5 2. g1f3 *").expect("coordinates in PGN");
    let p = e.start_position();
    assert_eq!(games[0].moves[0], parse_move(&e, &p, "e4").expect("e4"));
}

#[test]
fn scores_in_move_comments_are_read_as_the_moves_scores() {
    // A comment after a main-line move that begins with a signed number of pawns is that move's
    // score (as match programs write it); other comments, and those inside variations, are not.
    let e = load("chess.variant");
    let text = "1. e4 {+0.35/9 0.12s} e5 {-0.20} 2. Nf3 {book} Nc6 {+1.5 (the main line)} \
                3. Bb5 (3. Bc4 {+9.99}) {-M3} a6 {3.5 hours} *";
    let games = read_pgn(&e, text).expect("reads");
    assert_eq!(
        games[0].scores,
        vec![Some(35), Some(-20), None, Some(150), None, None]
    );
}
