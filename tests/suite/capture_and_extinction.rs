//! Compulsory capture (`must-capture`) and extinction generalised (`extinction all`, `down-to
//! N`, a result other than a loss), each on a position built for the rule, and the shipped
//! Antichess that combines them with `stalemate win`.

use chimera::Player;
use chimera::{compile_file, compile_str};
use chimera::{Ending, Engine, GameResult, Status};
use std::path::Path;

use crate::common::{after, all_moves, moves_of, pos, strs};

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// Chess-like pieces on 8x8 with a royal King, and the rules under test.
fn chessish(rules: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard 8x8\npiece King K {{ moves K royal }}\npiece Queen Q {{ moves Q }}\n\
         piece Rook R {{ moves R }}\npiece Bishop B {{ moves B }}\npiece Pawn P {{ moves fmWfcF }}\n\
         {rules}\nstart \"{fen}\"\n"
    ))
}

fn antichess() -> Engine {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = compile_file(&dir.join("definitions/antichess.variant"))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

#[test]
fn a_legal_capture_makes_every_other_move_illegal() {
    // The Rook on d2 can take the pawn on d5: that is the one legal move.
    let fen = "7k/8/8/3p4/8/8/3R4/4K3 w - - 0 1";
    let e = chessish("must-capture", fen);
    assert_eq!(all_moves(&e, fen), strs(&["d2d5"]));
    // Without the rule the King and the Rook have 4 + 11 moves.
    assert_eq!(all_moves(&chessish("", fen), fen).len(), 15);
}

#[test]
fn a_capture_the_royal_rule_forbids_does_not_compel() {
    // The Rook on d2 is pinned by the Bishop on a5: Rxd5 would leave the King attacked, so it
    // is no legal capture and the King's four steps stay legal.
    let fen = "7k/8/8/b2p4/8/8/3R4/4K3 w - - 0 1";
    let e = chessish("must-capture", fen);
    assert_eq!(all_moves(&e, fen), strs(&["e1d1", "e1e2", "e1f1", "e1f2"]));
}

#[test]
fn several_captures_leave_the_choice_among_them() {
    let fen = "7k/8/8/3p4/8/1p6/3R4/4K3 w - - 0 1";
    let e = chessish("must-capture", fen);
    assert_eq!(all_moves(&e, fen), strs(&["d2d5"]));
    let fen = "7k/8/8/3p4/8/8/p2R4/4K3 w - - 0 1";
    let e = chessish("must-capture", fen);
    assert_eq!(all_moves(&e, fen), strs(&["d2a2", "d2d5"]));
}

#[test]
fn en_passant_is_a_capture_that_compels() {
    // Black's d7-d5 passed d6: exd6 is White's one legal move in Antichess.
    let e = antichess();
    let fen = "k7/8/8/3pP3/8/8/8/7K w - d6 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["e5d6"]));
}

#[test]
fn losing_every_piece_wins_in_antichess() {
    let e = antichess();
    // The King must take the last Black piece; then Black has none and wins.
    let fen = "8/8/8/8/8/8/3p4/4K3 w - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["e1d2"]));
    let p = after(&e, fen, &["e1d2"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Extinction, GameResult::Win(Player::Second))
    );
    assert!(e.legal_moves(&p).is_empty());
}

#[test]
fn having_no_move_wins_in_antichess() {
    let e = antichess();
    let p = pos(&e, "8/8/8/8/8/4p3/4P3/8 b - - 0 1");
    assert_eq!(
        e.status(&p),
        Status::Stalemate(GameResult::Win(Player::Second))
    );
}

#[test]
fn antichess_kings_are_ordinary_pieces_and_pawns_may_become_kings() {
    let e = antichess();
    let fen = "8/4P3/8/8/8/8/8/k7 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "e7"),
        strs(&["e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r"])
    );
    // A King may be left attacked, and taken.
    let fen = "8/8/8/8/8/8/1q6/K7 w - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["a1b2"]));
}

#[test]
fn a_count_other_than_zero_ends_the_game_with_the_rule_result() {
    // Losers-like: a side down to its last piece (its King) wins.
    let fen = "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let e = chessish("must-capture\nextinction all down-to 1 win", fen);
    assert_eq!(all_moves(&e, fen), strs(&["d1d8"]));
    let p = after(&e, fen, &["d1d8"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Extinction, GameResult::Win(Player::Second))
    );
    // The same count scored a draw.
    let e = chessish("extinction all down-to 1 draw", fen);
    let p = after(&e, fen, &["d1d8"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Extinction, GameResult::Draw)
    );
}

#[test]
fn each_listed_kind_is_counted_on_its_own() {
    // Down to one Rook or one Bishop loses; the Queen is not counted.
    let e = chessish(
        "extinction Rook, Bishop down-to 1",
        "k7/1rrbb3/8/8/8/8/8/KRRBB3 w - - 0 1",
    );
    let both = pos(&e, "k7/1rrbb3/8/8/8/8/8/KRRBB3 w - - 0 1");
    assert_eq!(e.status(&both), Status::Ongoing { check: false });
    // Black is down to one Bishop; White's extra Queen changes nothing.
    let one_bishop = pos(&e, "k7/1rrb4/8/8/8/8/8/KRRBBQ2 w - - 0 1");
    assert_eq!(
        e.status(&one_bishop),
        Status::Ended(Ending::Extinction, GameResult::Win(Player::First))
    );
}

#[test]
fn antichess_exports_its_rules_as_fairy_stockfish_keys() {
    let ex = chimera::interop::export::export(antichess().rules(), "antichess");
    assert!(ex.problems.is_empty(), "{:?}", ex.problems);
    for line in [
        "mustCapture = true",
        "extinctionValue = win",
        "extinctionPieceTypes = *",
        "stalemateValue = win",
        "castling = false",
    ] {
        assert!(
            ex.text.lines().any(|l| l == line),
            "no `{line}` in\n{}",
            ex.text
        );
    }
}

#[test]
fn fairy_stockfish_extinction_and_capture_keys_import_as_statements() {
    use chimera::interop::import::import_section;
    use chimera::interop::ini::IniFile;
    // Losers' rules on chess: a side down to one piece (its king) wins, captures compulsory.
    let ini = IniFile::parse(
        "[losers2:chess]\nmustCapture = true\nextinctionValue = win\n\
         extinctionPieceTypes = *\nextinctionPieceCount = 1\n\
         [queenless:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\n",
    );
    let losers = import_section(&ini, "losers2");
    let text = losers.source.expect("imported");
    assert!(text.lines().any(|l| l == "must-capture"), "{text}");
    assert!(
        text.lines().any(|l| l == "extinction all down-to 1 win"),
        "{text}"
    );
    assert!(losers
        .omissions
        .iter()
        .all(|o| !o.key.starts_with("extinction")));
    let queenless = import_section(&ini, "queenless").source.expect("imported");
    assert!(
        queenless.lines().any(|l| l == "extinction Queen"),
        "{queenless}"
    );
}

#[test]
fn a_move_refused_because_a_capture_is_due_says_so() {
    let e = antichess();
    let p = pos(&e, "8/8/8/3p4/4P3/8/8/K7 w - - 0 1");
    let err = chimera::parse_move(&e, &p, "e4e5")
        .expect_err("exd5 is due")
        .to_string();
    assert!(err.contains("capturing is compulsory"), "{err}");
}

/// `extinctionPseudoRoyal`: a lone piece of an extinction kind is royal (it may not be left
/// attacked) and no game ends by extinction. Where no side can hold two, the import writes
/// `royal`; where one can (two at the start, or another kind promoting into it), `royal when-last`.
#[test]
fn a_pseudo_royal_extinction_kind_imports_as_royal_or_royal_when_last() {
    use chimera::interop::import::import_section;
    use chimera::interop::ini::IniFile;
    let ini = "[lone:chess]\namazon = m\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\n\
               extinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n\
               [pair:lone]\nstartFen = 3mm3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\n";
    let file = IniFile::parse(ini);
    let lone = import_section(&file, "lone");
    let text = lone.source.expect("imported");
    assert!(lone.omissions.is_empty(), "{:?}", lone.omissions);
    assert!(text.contains("royal-rule check"), "{text}");
    assert!(!text.contains("extinction"), "{text}");
    let rules = chimera::compile_str("lone.variant", &text, std::path::Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}\n{text}", miette::Report::new(d)));
    let amazon = rules
        .pieces
        .iter()
        .find(|p| p.name == "Amazon")
        .expect("Amazon");
    assert!(amazon.royal);
    // Royal: the Amazon may not step onto the a-file, which the rook on a8 sweeps.
    let e = chimera::Engine::new(rules).expect("engine");
    let pos = e
        .position_from_fen("r3k3/8/8/8/8/8/8/4M3 w - - 0 1")
        .expect("fen");
    let moves: Vec<String> = e
        .legal_moves(&pos)
        .iter()
        .map(|&m| chimera::move_text(&e, &pos, m))
        .collect();
    assert!(moves.contains(&"e1b1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1a1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e1a5".to_string()), "{moves:?}");
    // Where a side holds two, each is royal only while it is the last: `royal when-last`.
    let pair = import_section(&file, "pair");
    assert!(pair.omissions.is_empty(), "{:?}", pair.omissions);
    let text = pair.source.expect("imported");
    assert!(text.contains("royal when-last"), "{text}");
}
