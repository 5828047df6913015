//! Diagnostics: each kind of error a definition can have, with its message and where it points;
//! several errors in one run; and robustness: mangled definitions never panic and every error
//! renders with a line and column.

use chimera::compile::{compile_bytes, compile_file, compile_str};
use chimera::diagnostics::Diagnostics;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::located_in;

/// A small chess-like game, one statement per line so that errors are easy to place.
/// Tests append lines (line 9 onwards) or replace a line.
const MINI: &str = "variant \"Mini\"
board 5x6
players White, Black
zone last = rank 6
piece King K { moves K royal }
piece Rook R { moves R }
piece Pawn P { moves mfWcfF promotes to Rook in last }
start \"rpkpr/5/5/5/5/RPKPR w - - 0 1\"
";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// One error as a test sees it.
#[derive(Debug, Clone)]
struct Found {
    code: String,
    message: String,
    /// 1-based line and column of the labelled span.
    at: (usize, usize),
    /// The text under the span.
    snippet: String,
    help: Option<String>,
    file: String,
}

fn found(d: &Diagnostics) -> Vec<Found> {
    d.source_errors()
        .map(|e| Found {
            code: e.code.to_string(),
            message: e.message.clone(),
            at: e.line_col(),
            snippet: e.snippet().to_string(),
            help: e.help.clone(),
            file: e.source.name.clone(),
        })
        .collect()
}

fn errors(text: &str) -> Vec<Found> {
    match compile_str("t.variant", text, &fixtures()) {
        Ok(_) => panic!("expected errors in:\n{text}"),
        Err(d) => {
            assert_eq!(d.errors.len(), d.source_errors().count());
            let f = found(&d);
            // Every diagnostic says how to fix it.
            for e in &f {
                assert!(
                    e.help.as_deref().is_some_and(|h| !h.is_empty()),
                    "no help line: {e:#?}"
                );
            }
            f
        }
    }
}

/// The only error of a definition.
fn only(text: &str) -> Found {
    let all = errors(text);
    assert_eq!(all.len(), 1, "{all:#?}");
    all.into_iter().next().unwrap()
}

/// MINI with lines appended (from line 9).
fn with(extra: &str) -> String {
    format!("{MINI}{extra}\n")
}

/// MINI with line `n` (from 1) replaced.
fn replacing(n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = MINI.lines().collect();
    lines[n - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn the_base_definition_is_valid() {
    if let Err(d) = compile_str("t.variant", MINI, &fixtures()) {
        panic!("{}", d.render_plain());
    }
    if let Err(d) = compile_file(&fixtures().join("chess.variant")) {
        panic!("{}", d.render_plain());
    }
}

// ---- the data-driven suite -----------------------------------------------------------------

/// Every error of a definition as the suite writes it: `CODE at LINE:COLUMN on `SNIPPET``, then
/// the message and the help line (and the file, when the error is in another one).
fn expected_text(name: &str, d: &Diagnostics) -> String {
    let mut out = String::new();
    for e in d.source_errors() {
        let (line, col) = e.line_col();
        let file = if e.source.name == name {
            String::new()
        } else {
            format!("{}:", e.source.name)
        };
        out.push_str(&format!(
            "{} at {file}{line}:{col} on `{}`\n  {}\n",
            e.code,
            e.snippet(),
            e.message
        ));
        if let Some(h) = &e.help {
            out.push_str(&format!("  help: {h}\n"));
        }
    }
    out
}

/// `tests/diagnostics/NAME.variant` gives exactly the errors in `NAME.expected`; with
/// `CHIMERA_BLESS=1` the expected files are written from what the compiler says (then read the
/// diff). The definitions are compiled with `tests/fixtures/` as their folder, so `extends` finds
/// the fixtures.
#[test]
fn every_case_in_tests_diagnostics_gives_its_expected_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let bless = std::env::var_os("CHIMERA_BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", dir.display());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(case).expect("a case");
        let got = match compile_str(&name, &text, &fixtures()) {
            Ok(_) => "(no error)\n".to_string(),
            Err(d) => expected_text(&name, &d),
        };
        let expected_path = case.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).expect("write the expected file");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} has no .expected file: run with CHIMERA_BLESS=1", name));
        if got != expected {
            failures.push(format!("{name}:\n--- expected\n{expected}--- got\n{got}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

// ---- syntax ---------------------------------------------------------------------------------

#[test]
fn syntax_error_at_an_unknown_statement_lists_statements() {
    let e = only(&with("pice Ferz F { moves F }"));
    assert_eq!(
        e.message,
        "expected a statement (`variant`, `extends`, `board`, ...) or the end of the file, found `pice`"
    );
    assert_eq!(e.at, (9, 1));
}

#[test]
fn syntax_error_at_the_end_of_the_file() {
    let e = only(&with("piece Ferz F { moves F"));
    assert_eq!(
        e.message,
        "expected `}`, a piece statement (`moves`, `rides`, `royal`, ...), `in`, `capturing`, `not-over`, `not-capturing` or `unconfined`, found the end of the file"
    );
    assert_eq!(e.at, (10, 1));
}

/// (message, line:column, help) of each error, in reading order.
fn syntax_rows(text: &str) -> Vec<(String, (usize, usize), String)> {
    errors(text)
        .into_iter()
        .map(|e| {
            assert_eq!(e.code, "chimera::syntax", "{e:?}");
            (e.message, e.at, e.help.unwrap_or_default())
        })
        .collect()
}

fn syntax_row(m: &str, at: (usize, usize), help: &str) -> (String, (usize, usize), String) {
    (m.to_string(), at, help.to_string())
}

#[test]
fn three_syntax_errors_in_three_statements_are_all_reported_in_order() {
    // Line 2, inside the multi-line block of line 5, and line 12; each as it would be alone.
    let text = "variant \"Mini\"
board 5 6
players White, Black
zone last = rank 6
piece King K {
  moves K
  royal
  mvoes W
  moves F
}
piece Rook R { moves R }
stalemate lose
piece Pawn P { moves mfWcfF promotes to Rook in last }
start \"rpkpr/5/5/5/5/RPKPR w - - 0 1\"
";
    assert_eq!(
        syntax_rows(text),
        [
            syntax_row(
                "expected `x` (as in `8x8`), found `6`",
                (2, 9),
                "`board` is written `board FILESxRANKS`, like `board 8x8`"
            ),
            syntax_row(
                "expected `}` or a piece statement (`moves`, `rides`, `royal`, ...), found `mvoes`",
                (8, 3),
                "did you mean `moves`?"
            ),
            syntax_row(
                "expected `win`, `loss` or `draw`, found `lose`",
                (12, 11),
                "`stalemate` is written `stalemate win`, `loss` or `draw`"
            ),
        ]
    );
}

#[test]
fn an_error_inside_a_block_hides_the_rest_of_that_block() {
    // After `mvoes` the block's other lines (one of them broken too) are not read: one error.
    let e = only(&with(
        "piece Ferz F {\n  mvoes F\n  moves W in\n  promotes Rook\n}\nstalemate draw",
    ));
    assert_eq!(e.at, (10, 3));
    assert_eq!(e.help.as_deref(), Some("did you mean `moves`?"));
    // `zone` inside a broken drops block is a drops item, not where reading resumes.
    let e = only(&with(
        "drops {\n  kinds all\n  zone Pawn rank 2 3\n  zone Rook: rank 2 3\n}",
    ));
    assert_eq!(e.at, (11, 13));
}

#[test]
fn a_forgotten_brace_does_not_hide_the_statements_after_it() {
    let text = with("piece Ferz F {\n  moves F\npiece Wazir W { moves W }\ncheckmate lose");
    assert_eq!(
        syntax_rows(&text),
        [
            syntax_row(
                "expected `}`, a piece statement (`moves`, `rides`, `royal`, ...), `in`, `capturing`, `not-over`, `not-capturing` or `unconfined`, found `piece`",
                (11, 1),
                "a `piece` block holds: moves, rides, royal, immobile, confined, promotes, captured, value, glyph; it ends with `}`"
            ),
            syntax_row(
                "expected `win`, `loss` or `draw`, found `lose`",
                (12, 11),
                "`checkmate` is written `checkmate win`, `loss` or `draw`"
            ),
        ]
    );
}

#[test]
fn at_most_twenty_syntax_errors_are_reported() {
    let all = errors(&with(&"stalemate lose\n".repeat(25)));
    assert_eq!(all.len(), 20);
    assert_eq!(all[19].at, (28, 11));
}

// ---- names ----------------------------------------------------------------------------------

#[test]
fn a_ride_of_up_to_no_steps_is_refused() {
    let e = only(&with(
        "path col = a1-a6\npiece Spider S { moves K rides col up-to 0 }",
    ));
    assert_eq!(e.code, "chimera::path::limit");
    assert_eq!(e.message, "`up-to 0`: a ride of no steps never moves");
    assert_eq!(e.at, (10, 42));
    assert_eq!(
        e.help.as_deref(),
        Some("write `up-to 1` or more, or leave `up-to` out to ride as far as the path goes")
    );
}

#[test]
fn a_ride_limit_longer_than_the_path_is_refused() {
    let e = only(&with(
        "path col = a1-a6\npiece Spider S { moves K rides col up-to 6 }",
    ));
    assert_eq!(e.code, "chimera::path::limit");
    assert_eq!(e.message, "`up-to 6` is more steps than path `col` has (5)");
    assert_eq!(e.at, (10, 42));
    assert_eq!(
        e.help.as_deref(),
        Some("write a limit from 1 to 5, or leave `up-to` out to ride as far as the path goes")
    );
}

#[test]
fn a_ride_direction_no_step_of_the_path_goes_is_refused() {
    let e = only(&with(
        "path edge = a1-e1\npiece Spider S { moves K rides edge forward }",
    ));
    assert_eq!(e.code, "chimera::path::direction");
    assert_eq!(e.message, "`forward`: path `edge` never leaves its rank");
    assert_eq!(e.at, (10, 32));
    assert_eq!(e.snippet, "edge");
    let e = only(&with(
        "path col = a1-a6\npiece Spider S { moves K rides col sideways }",
    ));
    assert_eq!(e.code, "chimera::path::direction");
    assert_eq!(e.message, "`sideways`: path `col` never runs along a rank");
    assert_eq!(e.at, (10, 32));
}

#[test]
fn not_over_on_a_ride_that_does_not_hop_is_refused() {
    let e = only(&with(
        "path col = a1-a6\npiece Spider S { moves K rides col not-over Rook }",
    ));
    assert_eq!(e.code, "chimera::path::not_over_plain");
    assert_eq!(e.message, "`not-over` on a ride that does not hop");
    assert_eq!(e.at, (10, 45));
    assert!(e
        .help
        .as_deref()
        .is_some_and(|h| h.contains("add `hopping`")));
    // With `hopping` the same words are a cannon's.
    let ok = with("path col = a1-a6\npiece Spider S { moves K rides col hopping not-over Rook }");
    if let Err(d) = compile_str("t.variant", &ok, &fixtures()) {
        panic!("{}", d.render_plain());
    }
}

#[test]
fn unknown_path_in_a_ride_with_words_suggests_a_close_name() {
    let e = only(&with(
        "path palace1 = a1-c3\npiece Guard G { moves K rides palace2 up-to 1 forward }",
    ));
    assert_eq!(e.code, "chimera::path::unknown");
    assert_eq!(e.message, "unknown path `palace2`");
    assert_eq!(e.help.as_deref(), Some("did you mean `palace1`?"));
}

#[test]
fn unknown_player_in_a_per_player_zone() {
    let e = only(&with("zone q = White: file a, Blak: file e"));
    assert_eq!(e.code, "chimera::player::unknown");
    assert_eq!(e.message, "unknown player `Blak`");
    assert_eq!(e.at, (9, 25));
    assert_eq!(e.help.as_deref(), Some("did you mean `Black`?"));
}

#[test]
fn unknown_parent_file_suggests_a_sibling() {
    let e = only("variant \"Child\"\nextends \"chess.varaint\"\n");
    assert_eq!(e.code, "chimera::extends::missing");
    assert_eq!(
        e.message,
        "cannot find the parent definition `chess.varaint`"
    );
    assert_eq!(e.at, (2, 10));
    assert_eq!(e.snippet, "chess.varaint");
    assert_eq!(e.help.as_deref(), Some("did you mean `chess.variant`?"));
}

#[test]
fn missing_parent_file_from_a_fixture() {
    let d = compile_file(&fixtures().join("bad/missing_parent.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(
        f[0].message,
        "cannot find the parent definition `../chss.variant`"
    );
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(
        f[0].help.as_deref(),
        Some("did you mean `../chess.variant`?")
    );
}

#[test]
fn duplicate_piece_name_points_at_both() {
    let e = only(&with("piece Rook T { moves W }"));
    assert_eq!(e.code, "chimera::name::duplicate");
    assert_eq!(e.message, "piece `Rook` is stated twice");
    assert_eq!(e.at, (9, 7));
    let d = compile_str("t.variant", &with("piece Rook T { moves W }"), &fixtures()).unwrap_err();
    let err = d.source_errors().next().unwrap();
    assert_eq!(err.notes.len(), 1);
    assert_eq!(err.notes[0].label, "first stated here");
    assert_eq!(
        chimera::diagnostics::line_col(MINI, err.notes[0].span.offset()),
        (6, 7)
    );
}

#[test]
fn duplicate_letter() {
    let e = only(&with("piece Rider R { moves NN }"));
    assert_eq!(e.code, "chimera::name::duplicate");
    assert_eq!(
        e.message,
        "pieces `Rook` and `Rider` both have the letter `R`"
    );
    assert_eq!(e.at, (9, 13));
}

#[test]
fn duplicate_setting_in_one_file() {
    let e = only(&with("board 6x6"));
    assert_eq!(e.message, "`board` is stated twice");
    assert_eq!(e.at, (9, 1));
}

#[test]
fn lower_case_piece_letter() {
    let e = only(&with("piece Ferz f { moves F }"));
    assert_eq!(e.code, "chimera::piece::letter");
    assert_eq!(e.message, "piece letter `f` must be one upper-case letter");
    assert_eq!(e.at, (9, 12));
}

// ---- board and zones ------------------------------------------------------------------------

#[test]
fn square_outside_the_board() {
    let e = only(&with("zone z = a1 + f2"));
    assert_eq!(e.code, "chimera::board::outside");
    assert_eq!(e.message, "square `f2` is outside the board");
    assert_eq!(e.at, (9, 15));
    assert_eq!(
        e.help.as_deref(),
        Some("the board is 5x6: files a-e, ranks 1-6")
    );
}

#[test]
fn rank_outside_the_board() {
    let e = only(&with("zone z = ranks 5-7"));
    assert_eq!(e.message, "rank 7 is outside the board");
    assert_eq!(e.at, (9, 18));
    assert_eq!(e.help.as_deref(), Some("ranks go from 1 to 6"));
}

#[test]
fn file_outside_the_board() {
    let e = only(&with("zone z = file g"));
    assert_eq!(e.message, "file g is outside the board");
    assert_eq!(e.at, (9, 15));
}

#[test]
fn board_too_large() {
    let e = only(&replacing(2, "board 17x6").replace("rpkpr/5/5/5/5/RPKPR", "17/17/17/17/17/17"));
    // The FEN is not checked against a board that is wrong itself.
    assert_eq!(e.code, "chimera::number::range");
    assert_eq!(
        e.message,
        "the number of files must be from 1 to 16, not 17"
    );
    assert_eq!(e.at, (2, 7));
}

#[test]
fn empty_zone() {
    let e = only(&with("zone nothing = rank 1 & rank 2"));
    assert_eq!(e.code, "chimera::zone::empty");
    assert_eq!(e.message, "zone `nothing` is empty");
    assert_eq!(e.at, (9, 6));
}

#[test]
fn zone_empty_for_one_player_only() {
    let e = only(&with("zone z = White: a1, Black: a1 - a1"));
    assert_eq!(e.message, "zone `z` is empty for Black");
}

#[test]
fn zone_defined_in_terms_of_itself() {
    let e = only(&with("zone a = b + a1\nzone b = a"));
    assert_eq!(e.code, "chimera::zone::cycle");
    assert_eq!(e.message, "zone `a` is defined in terms of itself");
    assert_eq!(e.at, (10, 10));
}

#[test]
fn path_segment_must_be_straight() {
    let e = only(&with("path p = a1-b3"));
    assert_eq!(e.code, "chimera::path::not_straight");
    assert_eq!(
        e.message,
        "the segment a1-b3 of path `p` is not a straight line"
    );
    assert_eq!(e.at, (9, 10));
    assert_eq!(e.snippet, "a1-b3");
}

// ---- Betza ----------------------------------------------------------------------------------

#[test]
fn bad_betza_points_inside_the_string() {
    // `mfWcfF` is at line 7, column 22; the stray `x` is its 7th character.
    let e = only(&replacing(
        7,
        "piece Pawn P { moves mfWcfFx promotes to Rook in last }",
    ));
    assert_eq!(e.code, "chimera::betza");
    assert_eq!(e.at, (7, 28));
    assert_eq!(e.snippet, "x");
    assert!(e.message.contains('x'), "{}", e.message);
}

#[test]
fn bad_betza_atom_points_at_the_atom() {
    let e = only(&with("piece Ferz F { moves fmY }"));
    assert_eq!(e.code, "chimera::betza");
    assert_eq!(e.at, (9, 24));
    assert_eq!(e.snippet, "Y");
}

// ---- start position -------------------------------------------------------------------------

#[test]
fn fen_with_too_few_ranks() {
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/RPKPR w\""));
    assert_eq!(e.code, "chimera::fen::ranks");
    assert_eq!(e.message, "the start FEN has 5 ranks; the board has 6");
    assert_eq!(e.at, (8, 8));
    assert_eq!(e.snippet, "rpkpr/5/5/5/RPKPR");
}

#[test]
fn fen_with_too_many_ranks_points_at_the_extra_ones() {
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/5/RPKPR w\""));
    assert_eq!(e.message, "the start FEN has 7 ranks; the board has 6");
    assert_eq!(e.snippet, "RPKPR");
}

#[test]
fn fen_rank_of_the_wrong_width() {
    let e = only(&replacing(8, "start \"rpkpr/5/6/5/5/RPKPR w\""));
    assert_eq!(e.code, "chimera::fen::width");
    assert_eq!(
        e.message,
        "rank 4 of the start FEN has 6 squares; the board has 5 files"
    );
    assert_eq!(e.at, (8, 16));
    assert_eq!(e.snippet, "6");
}

#[test]
fn fen_letter_no_piece_declares() {
    let e = only(&replacing(8, "start \"rqkpr/5/5/5/5/RPKPR w\""));
    assert_eq!(e.code, "chimera::fen::letter");
    assert_eq!(e.message, "no piece has the letter `Q`");
    assert_eq!(e.at, (8, 9));
    assert_eq!(e.snippet, "q");
    assert_eq!(
        e.help.as_deref(),
        Some("declared letters: K R P (lower case for the second player)")
    );
}

#[test]
fn fen_hand_letter_no_piece_declares() {
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR[Pz] w\""));
    assert_eq!(e.message, "no piece has the letter `Z`");
    assert_eq!(e.snippet, "z");
}

#[test]
fn fen_side_to_move() {
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR x\""));
    assert_eq!(e.code, "chimera::fen::side");
    assert_eq!(e.message, "`x` is not a side to move");
    assert_eq!(e.at, (8, 28));
}

#[test]
fn fen_multi_digit_runs_count_as_one_number() {
    let text =
        replacing(2, "board 12x6").replace("rpkpr/5/5/5/5/RPKPR", "rpkpr7/12/12/12/12/RPKPR7");
    assert!(compile_str("t.variant", &text, &fixtures()).is_ok());
}

// ---- pieces, royalty, drops -----------------------------------------------------------------

#[test]
fn promotion_target_that_does_not_exist() {
    let e = only(&replacing(
        7,
        "piece Pawn P { moves mfWcfF promotes to Rook, Quen in last }",
    ));
    assert_eq!(e.code, "chimera::promotion::unknown_target");
    assert_eq!(e.message, "promotion target `Quen` is not a declared piece");
    assert_eq!(e.at, (7, 47));
    assert_eq!(e.help.as_deref(), Some("declared pieces: King, Rook, Pawn"));
}

#[test]
fn royal_rule_needs_a_royal_piece() {
    let e = only(
        &replacing(5, "piece King K { moves K }").replace("start", "royal-rule capture\nstart"),
    );
    assert_eq!(e.code, "chimera::royal::missing");
    assert_eq!(
        e.message,
        "`royal-rule capture` needs a royal piece, and no piece is royal"
    );
    assert_eq!(e.at, (8, 12));
}

#[test]
fn facing_needs_a_royal_piece() {
    let e = only(&format!(
        "{}facing\n",
        replacing(5, "piece King K { moves K }")
    ));
    assert_eq!(e.code, "chimera::royal::missing");
    assert_eq!(
        e.message,
        "`facing` needs a royal piece, and no piece is royal"
    );
    assert_eq!(e.at, (9, 1));
}

#[test]
fn castling_king_must_exist() {
    let e = only(&with("castling Emperor Rook"));
    assert_eq!(e.code, "chimera::piece::unknown");
    assert_eq!(
        e.message,
        "castling piece `Emperor` is not a declared piece"
    );
    assert_eq!(e.at, (9, 10));
}

#[test]
fn drop_rule_for_a_kind_that_never_reaches_a_hand() {
    let e = only(&with("drops { kinds Rook  one-per-file Pawn }"));
    assert_eq!(e.code, "chimera::drops::never_in_hand");
    assert_eq!(
        e.message,
        "`Pawn` never reaches a hand, so `one-per-file` cannot apply to it"
    );
    assert_eq!(e.at, (9, 34));
    assert_eq!(
        e.help.as_deref(),
        Some("`Pawn` is not among the drops `kinds`, and none is in hand at the start")
    );
}

#[test]
fn a_kind_in_hand_at_the_start_reaches_a_hand() {
    let text = with("drops { zone Pawn: ranks 2-5 }").replace("RPKPR w", "RPKPR[P] w");
    assert!(compile_str("t.variant", &text, &fixtures()).is_ok());
}

// ---- files and extends ----------------------------------------------------------------------

#[test]
fn extends_cycle() {
    let d = compile_file(&fixtures().join("bad/cycle_a.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].code, "chimera::extends::cycle");
    assert_eq!(f[0].message, "`extends \"cycle_a.variant\"` makes a cycle");
    assert!(f[0].file.ends_with("cycle_b.variant"), "{}", f[0].file);
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].help.as_deref(), Some("the chain is cycle_a.variant -> cycle_b.variant -> cycle_a.variant; remove one `extends`"));
}

#[test]
fn error_in_a_parent_points_into_the_parent() {
    let d = compile_file(&fixtures().join("bad/child_of_bad_parent.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(
        f[0].file.ends_with("bad_parent.variant") && !f[0].file.contains("child"),
        "{}",
        f[0].file
    );
    assert_eq!(f[0].message, "rank 9 is outside the board");
    assert_eq!(f[0].at, (4, 21));
    assert!(
        d.render_plain().contains("bad_parent.variant:4:21"),
        "{}",
        d.render_plain()
    );
}

#[test]
fn file_that_is_not_utf8() {
    let d = compile_file(&fixtures().join("bad/not_utf8.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::not_utf8");
    assert!(
        f[0].message
            .ends_with("not_utf8.variant` is not UTF-8 text"),
        "{}",
        f[0].message
    );
    assert_eq!(f[0].at, (1, 13));
    let d = compile_bytes("x.variant", b"variant \"\xc3\x28\"", Path::new(".")).unwrap_err();
    assert_eq!(d.source_errors().next().unwrap().offset(), 9);
}

#[test]
fn empty_file() {
    let d = compile_file(&fixtures().join("bad/empty.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::empty");
    assert!(
        f[0].message.ends_with("empty.variant` is empty"),
        "{}",
        f[0].message
    );
    assert_eq!(f[0].at, (1, 1));
    let e = only("  # only a comment\n\n");
    assert_eq!(e.message, "`t.variant` holds only comments");
    assert_eq!(e.at, (1, 1));
    assert!(e.help.is_some());
}

#[test]
fn missing_required_statements() {
    let all = errors("variant \"Bare\"\npiece King K { moves K royal }\n");
    let messages: Vec<&str> = all.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the definition has no `board` statement",
            "the definition has no `start` position"
        ]
    );
}

// ---- several errors -------------------------------------------------------------------------

#[test]
fn semantic_checks_report_every_error_in_reading_order() {
    let text = with("zone z = a1 + f2\npiece Ferz F { moves F in lats }\ncastling Kng Rook")
        .replace("RPKPR w", "RPKPQ w");
    let all = errors(&text);
    let got: Vec<(&str, (usize, usize))> = all.iter().map(|e| (e.message.as_str(), e.at)).collect();
    assert_eq!(
        got,
        [
            ("no piece has the letter `Q`", (8, 26)),
            ("square `f2` is outside the board", (9, 15)),
            ("unknown zone `lats`", (10, 27)),
            ("castling piece `Kng` is not a declared piece", (11, 10)),
        ]
    );
    let d = compile_str("t.variant", &text, &fixtures()).unwrap_err();
    assert_eq!(d.summary, "t.variant: 4 errors");
    let report = format!("{:?}", miette::Report::new(d));
    assert!(report.contains("t.variant:11:10"), "{report}");
}

// ---- robustness -----------------------------------------------------------------------------

/// Compiles a mangled text; it must not panic, and if it fails every error must render with
/// `name:line:column`.
fn survives(text: &str) {
    let name = "mangled.variant";
    let result = std::panic::catch_unwind(|| compile_str(name, text, Path::new("/nonexistent")));
    let result = match result {
        Ok(r) => r,
        Err(_) => panic!("compile_str panicked on:\n{text}"),
    };
    if let Err(d) = result {
        assert!(!d.errors.is_empty(), "no error for:\n{text}");
        let rendered = d.render_plain();
        for e in d.source_errors() {
            let (line, col) = e.line_col();
            let at = format!("{name}:{line}:{col}");
            assert!(
                rendered.contains(&at),
                "missing {at} in\n{rendered}\nfor:\n{text}"
            );
        }
    }
}

#[test]
fn truncated_definitions_never_panic() {
    let text = with("zone z = (ranks 1-2 - a1) & enemy last\npath p = a1-e1-e6 cyclic\ndrops { kinds all zone Pawn: ranks 2-4 }\nrender { cell 40 colour z \"#ffffff\" }");
    for cut in 0..=text.len() {
        survives(&text[..cut]);
    }
}

#[test]
fn definitions_with_a_line_deleted_never_panic() {
    let text =
        with("zone z = (ranks 1-2 - a1) & enemy last\nroyal-rule capture\ncastling King Rook");
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..lines.len() {
        let mut l = lines.clone();
        l.remove(i);
        survives(&l.join("\n"));
    }
}

#[test]
fn definitions_with_a_letter_changed_never_panic() {
    let text = with("zone z = (ranks 1-2 - a1) & enemy last\nmove-limit 50 draw resets Pawn");
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() && !b"\"{}()-+&:,".contains(&bytes[i]) {
            continue;
        }
        for replacement in [b'x', b'Q', b'9', b'"', b'{'] {
            if bytes[i] == replacement {
                continue;
            }
            let mut m = bytes.to_vec();
            m[i] = replacement;
            survives(&String::from_utf8(m).unwrap());
        }
    }
}

/// A small deterministic generator for random bytes (xorshift).
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn random_bytes_never_panic() {
    for seed in 1..200u64 {
        let bytes = random_bytes(seed, (seed as usize * 7) % 300);
        let r = std::panic::catch_unwind(|| {
            compile_bytes("random.variant", &bytes, Path::new("/nonexistent"))
        });
        assert!(r.is_ok(), "panic on seed {seed}");
        if let Ok(Err(d)) = r {
            assert!(!d.errors.is_empty());
            let _ = d.render_plain();
        }
    }
}

/// Runs `chimera check` on bytes written to a temporary file.
fn check_bytes(tag: &str, bytes: &[u8]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("chimera-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.variant"));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_binary_rejects_mangled_files_with_a_located_diagnostic() {
    let text = with("zone z = ranks 1-2");
    let cases: Vec<(String, Vec<u8>)> = vec![
        (
            "truncated".into(),
            text.as_bytes()[..text.len() / 2].to_vec(),
        ),
        (
            "no_start".into(),
            text.replace("start", "# start").into_bytes(),
        ),
        (
            "letter".into(),
            text.replacen("Rook", "Rokk", 1).into_bytes(),
        ),
        ("random1".into(), random_bytes(7, 200)),
        ("random2".into(), random_bytes(99, 1000)),
        ("empty".into(), Vec::new()),
    ];
    for (tag, bytes) in cases {
        let (code, stdout, stderr) = check_bytes(&tag, &bytes);
        assert_eq!(code, 1, "{tag}: {stderr}");
        assert!(stdout.is_empty(), "{tag}: {stdout}");
        assert!(!stderr.contains("panicked"), "{tag}: {stderr}");
        assert!(
            located_in(&stderr, &format!("{tag}.variant")),
            "{tag}: no line:column in\n{stderr}"
        );
    }
}

#[test]
fn absurd_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("zone z = {}a1{}", "(".repeat(10_000), ")".repeat(10_000));
    let e = only(&with(&deep));
    assert_eq!(e.code, "chimera::syntax");
    assert_eq!(e.message, "parentheses nested more than 64 deep");
    assert_eq!(e.at, (9, 74));
    // Each zone refers to the next, so resolving the first goes 2000 deep.
    let chain: String = (0..2000)
        .map(|i| format!("zone z_{i} = z_{}\n", i + 1))
        .collect();
    let all = errors(&with(&format!("{chain}zone z_2000 = a1")));
    assert!(
        all.iter().all(|e| e.code == "chimera::zone::cycle"),
        "{:?}",
        all.first()
    );
}

#[test]
fn a_zone_named_like_a_square_is_an_error() {
    let e = only(&with("zone e4 = rank 4"));
    assert_eq!(e.code, "chimera::zone::name");
    assert_eq!(e.message, "zone name `e4` reads as a square");
    assert_eq!(e.at, (9, 6));
}

#[test]
fn a_path_that_visits_a_square_twice_is_refused() {
    // Accepted before, and riding a 10,000-corner loop then took minutes.
    let e = only(&with("path loop = a1-e1-e3-a3-a1-e1"));
    assert_eq!(e.code, "chimera::path::revisits");
    assert_eq!(e.message, "path `loop` visits a1 twice");
    assert_eq!(e.at, (9, 6));
    assert_eq!(e.snippet, "loop = a1-e1-e3-a3-a1-e1");
    // A cyclic path that repeats its first corner to close is still one visit each.
    let ring = with("path ring = a1-e1-e3-a3-a1 cyclic\npiece Spider S { moves K rides ring }");
    if let Err(d) = compile_str("t.variant", &ring, &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
}

#[test]
fn a_cyclic_path_needs_three_corners() {
    let e = only(&with("path line = a1-e1 cyclic"));
    assert_eq!(e.message, "cyclic path `line` needs at least three corners");
    assert_eq!(e.at, (9, 6));
}

#[test]
fn a_missing_zone_is_reported_where_it_is_missing() {
    // Statement keywords are reserved, so `piece` is not taken for a zone name.
    let e = only(&replacing(4, "zone last ="));
    assert_eq!(
        e.message,
        "expected a name, `absolute` or a zone, found `piece`"
    );
    assert_eq!(e.at, (5, 1));
}

#[test]
fn a_per_player_zone_needs_commas() {
    let e = only(&with("zone q = White: a1 Black: a2"));
    assert_eq!(
        e.message,
        "expected `,` or an operator (`+`, `-`, `&`), found `Black:`"
    );
    assert_eq!(e.at, (9, 20));
}

#[test]
fn a_rendered_diagnostic_shows_code_message_location_label_and_help() {
    let d = compile_str(
        "t.variant",
        &with("piece Ferz F { moves F in lats }"),
        &fixtures(),
    )
    .unwrap_err();
    let expected = "chimera::zone::unknown

  × unknown zone `lats`
   ╭─[t.variant:9:27]
 8 │ start \"rpkpr/5/5/5/5/RPKPR w - - 0 1\"
 9 │ piece Ferz F { moves F in lats }
   ·                           ──┬─
   ·                             ╰── no zone has this name
   ╰────
  help: did you mean `last`?
t.variant: 1 error
";
    assert_eq!(d.render_plain(), expected);
}

// ---- every kind, in every place it can occur ------------------------------------------------

/// (message, line:column, snippet, help) of each error, in reading order.
fn located(text: &str) -> Vec<(String, (usize, usize), String, String)> {
    errors(text)
        .into_iter()
        .map(|e| (e.message, e.at, e.snippet, e.help.unwrap_or_default()))
        .collect()
}

fn row(
    m: &str,
    at: (usize, usize),
    snippet: &str,
    help: &str,
) -> (String, (usize, usize), String, String) {
    (m.to_string(), at, snippet.to_string(), help.to_string())
}

#[test]
fn syntax_errors_suggest_the_keyword_or_show_how_the_statement_is_written() {
    let e = only(&with("pice Ferz F { moves F }"));
    assert_eq!(e.at, (9, 1));
    assert_eq!(e.help.as_deref(), Some("did you mean `piece`?"));
    let e = only(&with("piece Ferz F { mvoes F }"));
    assert_eq!(
        e.message,
        "expected `}` or a piece statement (`moves`, `rides`, `royal`, ...), found `mvoes`"
    );
    assert_eq!(e.at, (9, 16));
    assert_eq!(e.help.as_deref(), Some("did you mean `moves`?"));
    let e = only(&replacing(2, "board 5 6"));
    assert_eq!(
        e.help.as_deref(),
        Some("`board` is written `board FILESxRANKS`, like `board 8x8`")
    );
    let e = only(&with("piece Ferz F { promotes Rook in last }"));
    assert_eq!(e.message, "expected `to`, found `Rook`");
    assert_eq!(e.at, (9, 25));
    assert_eq!(
        e.help.as_deref(),
        Some("`promotes` is written `promotes to KIND, ... in ZONE [optional | forced | forced-start-or-end | in-place]`, like `promotes to Queen in rank 8`")
    );
    let e = only(&with("stalemate lose"));
    assert_eq!(e.message, "expected `win`, `loss` or `draw`, found `lose`");
    assert_eq!(e.at, (9, 11));
    assert_eq!(
        e.help.as_deref(),
        Some("`stalemate` is written `stalemate win`, `loss` or `draw`")
    );
    let e = only(&with("render { cel 40 }"));
    assert_eq!(e.help.as_deref(), Some("did you mean `cell`?"));
    let e = only(&with("foo"));
    assert!(
        e.help.as_deref().is_some_and(
            |h| h.starts_with("a statement starts with one of: variant, extends, board,")
        ),
        "{e:?}"
    );
    let e = only(&with("piece Königin Q { moves Q }"));
    assert_eq!(
        e.message,
        "expected a piece letter like `N` or `+P`, found `önigin`"
    );
    assert_eq!(e.at, (9, 8));
    assert_eq!(
        e.help.as_deref(),
        Some("names, keywords and letters are written in ASCII: letters, digits and `_`")
    );
    // The `}` is inside the comment, so the piece is still open at the end of the file.
    let e = only(&with("piece Ferz F { moves W#x }"));
    assert_eq!(e.at, (10, 1));
    assert_eq!(
        e.help.as_deref(),
        Some("`moves` is written `moves BETZA [in ZONE] [capturing KIND, ...] [unconfined]`, like `moves mfWcfF`")
    );
    let e = only(&with("piece Ferz F { moves F blah }"));
    assert_eq!(e.at, (9, 24));
    assert_eq!(
        e.help.as_deref(),
        Some("a `piece` block holds: moves, rides, royal, immobile, confined, promotes, captured, value, glyph; it ends with `}`")
    );
}

#[test]
fn unknown_zone_anywhere_a_zone_is_used() {
    let text = with(
        "holes lsat
piece Ferz F { moves F in lats confined lst promotes to Rook in lasst }
drops { kinds all zone lst zone Pawn: enemy lsat promote-after-move lats }
render { colour lst \"#fff\" diagonals lastt }",
    );
    let m = "did you mean `last`?";
    assert_eq!(
        located(&text),
        [
            row("unknown zone `lsat`", (9, 7), "lsat", m),
            row("unknown zone `lats`", (10, 27), "lats", m),
            row("unknown zone `lst`", (10, 41), "lst", m),
            row("unknown zone `lasst`", (10, 65), "lasst", m),
            row("unknown zone `lst`", (11, 24), "lst", m),
            row("unknown zone `lsat`", (11, 45), "lsat", m),
            row("unknown zone `lats`", (11, 69), "lats", m),
            row("unknown zone `lst`", (12, 17), "lst", m),
            row("unknown zone `lastt`", (12, 38), "lastt", m),
        ]
    );
    // With nothing close, the help lists what is declared.
    let e = only(&with("piece Ferz F { moves F in palace }"));
    assert_eq!(e.help.as_deref(), Some("declared zones: last"));
}

#[test]
fn unknown_piece_anywhere_a_piece_is_named() {
    let text = with(
        "piece Ferz F { moves cF capturing Kng promotes to Quen, Rok in last captured as Pwn }
drops { kinds Rok, Pawn one-per-file Pawnn no-mate Pwn }
move-limit 50 draw resets Pwn
castling King Rk",
    );
    let got = located(&text);
    let want = [
        row(
            "captured piece `Kng` is not a declared piece",
            (9, 35),
            "Kng",
            "did you mean `King`?",
        ),
        row(
            "promotion target `Quen` is not a declared piece",
            (9, 51),
            "Quen",
            "declared pieces: King, Rook, Pawn, Ferz",
        ),
        row(
            "promotion target `Rok` is not a declared piece",
            (9, 57),
            "Rok",
            "did you mean `Rook`?",
        ),
        row(
            "`captured as` piece `Pwn` is not a declared piece",
            (9, 81),
            "Pwn",
            "did you mean `Pawn`?",
        ),
        row(
            "piece `Rok` is not a declared piece",
            (10, 15),
            "Rok",
            "did you mean `Rook`?",
        ),
        row(
            "piece `Pawnn` is not a declared piece",
            (10, 38),
            "Pawnn",
            "did you mean `Pawn`?",
        ),
        row(
            "piece `Pwn` is not a declared piece",
            (10, 52),
            "Pwn",
            "did you mean `Pawn`?",
        ),
        row(
            "piece `Pwn` is not a declared piece",
            (11, 27),
            "Pwn",
            "did you mean `Pawn`?",
        ),
        row(
            "castling partner `Rk` is not a declared piece",
            (12, 15),
            "Rk",
            "declared pieces: King, Rook, Pawn, Ferz",
        ),
    ];
    assert_eq!(got, want);
}

#[test]
fn squares_ranks_and_files_outside_the_board_everywhere() {
    let text = with(
        "holes f1
path p = a1-e1-e7-a7 cyclic
zone z = b2-f9 + ranks 0-2 + files a-k + rank 99999999999999999999
castling King Rook 5",
    );
    let b = "the board is 5x6: files a-e, ranks 1-6";
    assert_eq!(
        located(&text),
        [
            row("square `f1` is outside the board", (9, 7), "f1", b),
            row("square `e7` is outside the board", (10, 16), "e7", b),
            row("square `a7` is outside the board", (10, 19), "a7", b),
            row("square `f9` is outside the board", (11, 13), "f9", b),
            row(
                "rank 0 is outside the board",
                (11, 24),
                "0",
                "ranks go from 1 to 6"
            ),
            row(
                "file k is outside the board",
                (11, 38),
                "k",
                "files go from a to e"
            ),
            row(
                "rank 99999999999999999999 is outside the board",
                (11, 47),
                "99999999999999999999",
                "ranks go from 1 to 6"
            ),
            row(
                "the king's castling steps must be from 1 to 4, not 5",
                (12, 20),
                "5",
                "write a number from 1 to 4"
            ),
        ]
    );
}

#[test]
fn duplicate_names_of_every_sort() {
    let text = with(
        "zone last = rank 1
path p = a1-e1
path p = a2-e2
piece Ferz F { moves F promotes to Rook in last promotes to King in last }
players White, Black",
    );
    let got = located(&text);
    let messages: Vec<(&str, (usize, usize))> = got.iter().map(|r| (r.0.as_str(), r.1)).collect();
    assert_eq!(
        messages,
        [
            ("zone `last` is stated twice", (9, 6)),
            ("path `p` is stated twice", (11, 6)),
            ("`promotes` is stated twice for piece `Ferz`", (12, 49)),
            ("`players` is stated twice", (13, 1)),
        ]
    );
    let helps: Vec<&str> = got.iter().map(|r| r.3.as_str()).collect();
    assert_eq!(
        helps,
        [
            "remove one of them",
            "remove one of them",
            "state it once",
            "remove one of them"
        ]
    );
    let e = only(&replacing(3, "players White, White"));
    assert_eq!(e.message, "both players are called `White`");
    assert_eq!(e.at, (3, 16));
    let e = only(&with("piece rook T { moves W }"));
    assert_eq!(e.message, "two pieces are named `Rook` and `rook`");
    assert_eq!(e.at, (9, 7));
}

#[test]
fn empty_zones_inline_and_declared() {
    let e = only(&with("piece Ferz F { moves F in rank 1 - rank 1 }"));
    assert_eq!(e.code, "chimera::zone::empty");
    assert_eq!(e.message, "this zone has no squares");
    assert_eq!(e.at, (9, 27));
    assert_eq!(e.snippet, "rank 1 - rank 1");
    let e = only(&with("zone nothing = rank 1 & rank 2"));
    assert_eq!(
        e.help.as_deref(),
        Some("a zone must hold at least one square of the board; the board is 5x6: files a-e, ranks 1-6")
    );
}

#[test]
fn betza_errors_deep_inside_multi_leg_strings() {
    // The string starts at column 22 of line 9.
    let cases: &[(&str, (usize, usize), &str, &str)] = &[
        ("afsWafsWaqW", (9, 31), "q", "unsupported modifier `q`"),
        (
            "afFcafFx",
            (9, 29),
            "x",
            "modifiers `x` have no atom after them",
        ),
        ("mRcpRafzW", (9, 29), "z", "unsupported modifier `z`"),
        ("fafFfcafF(1,", (9, 31), "(", "unbalanced `(`"),
        (
            "mfWcfFfbF2a",
            (9, 32),
            "a",
            "`a` must be followed by the next leg and the atom",
        ),
        (
            "mRcpRnW",
            (9, 27),
            "nW",
            "`n` (lame) is not supported on `W`",
        ),
        ("KfY", (9, 24), "Y", "unknown atom `Y`"),
    ];
    for (betza, at, snippet, message) in cases {
        let e = only(&with(&format!("piece Ferz F {{ moves {betza} }}")));
        assert_eq!(e.code, "chimera::betza", "{betza}");
        assert_eq!(&e.message, message, "{betza}");
        assert_eq!(e.at, *at, "{betza}");
        assert_eq!(&e.snippet, snippet, "{betza}");
        assert_eq!(e.file, "t.variant");
    }
    let e = only(&with("piece Ferz F { moves afsWafsWaqW }"));
    assert_eq!(
        e.help.as_deref(),
        Some("circular and zig-zag riders (`q`, `z`) are not supported")
    );
}

/// A bad start FEN: (FEN, message, labelled span in the FEN, label, help).
type FenCase<'a> = (&'a str, &'a str, (usize, usize), &'a str, &'a str);

#[test]
fn fen_that_does_not_fit_the_board() {
    let cases: &[FenCase] = &[
        (
            "rpkpr/5/5/5/5/5/5/RPKPR w",
            "the start FEN has 8 ranks; the board has 6",
            (8, 24),
            "5/RPKPR",
            "write one rank per board rank, from the top, separated by `/`",
        ),
        (
            "rpkpr/5/55/5/5/RPKPR w",
            "rank 4 of the start FEN has 55 squares; the board has 5 files",
            (8, 16),
            "55",
            "count digits as that many empty squares; each piece letter is one square",
        ),
        (
            "rpkpr/5/5/4/5/RPKPR w",
            "rank 3 of the start FEN has 4 squares; the board has 5 files",
            (8, 18),
            "4",
            "count digits as that many empty squares; each piece letter is one square",
        ),
        (
            "rpkpr/5/5/5/99999999999999999999999/RPKPR w",
            "rank 2 of the start FEN has more than 9999 squares; the board has 5 files",
            (8, 20),
            "99999999999999999999999",
            "count digits as that many empty squares; each piece letter is one square",
        ),
        (
            "rpkpr/5/5/5/5/RPKPR[QRp] w",
            "no piece has the letter `Q`",
            (8, 28),
            "Q",
            "declared letters: K R P (lower case for the second player)",
        ),
        (
            "rpkpr/5/5/5/5/RPKPR w - z9",
            "`z9` is not an en-passant square of the board",
            (8, 32),
            "z9",
            "the en-passant field is the square a pawn skipped, like `e3`, or `-`",
        ),
    ];
    for (fen, message, at, snippet, help) in cases {
        let e = only(&replacing(8, &format!("start \"{fen}\"")));
        assert_eq!(&e.message, message, "{fen}");
        assert_eq!(e.at, *at, "{fen}");
        assert_eq!(&e.snippet, snippet, "{fen}");
        assert_eq!(e.help.as_deref(), Some(*help), "{fen}");
    }
    // A trailing `/` makes a seventh, empty rank.
    let all = located(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR/ w\""));
    assert_eq!(all[0].0, "the start FEN has 7 ranks; the board has 6");
    assert_eq!(
        all[1].0,
        "the 7th rank from the top of the start FEN has 0 squares; the board has 5 files"
    );
}

#[test]
fn royal_and_drop_rules_with_their_help() {
    let e = only(&format!(
        "{}facing\n",
        replacing(5, "piece King K { moves K }")
    ));
    assert_eq!(
        e.help.as_deref(),
        Some("add `royal` to the body of the pieces that may not face each other")
    );
    let e = only(&with("drops { kinds Pawn  no-mate Rook }"));
    assert_eq!(
        e.message,
        "`Rook` never reaches a hand, so `no-mate` cannot apply to it"
    );
    assert_eq!(e.at, (9, 29));
    // In `kinds`, but nothing is ever captured as it: a promoted form returns to hand demoted.
    let e = only(&with(
        "piece Tokin +P { moves K captured as Pawn }\ndrops { kinds all  zone Tokin: ranks 2-5 }",
    ));
    assert_eq!(
        e.message,
        "`Tokin` never reaches a hand, so `zone` cannot apply to it"
    );
    assert_eq!(e.at, (10, 25));
    assert_eq!(
        e.help.as_deref(),
        Some("no piece is captured as `Tokin` and none is in hand at the start")
    );
}

#[test]
fn extends_of_itself_and_a_three_file_cycle() {
    let d = compile_file(&fixtures().join("bad/self_extends.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].code, "chimera::extends::cycle");
    assert_eq!(
        f[0].message,
        "`extends \"self_extends.variant\"` makes a cycle"
    );
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(
        f[0].help.as_deref(),
        Some("the chain is self_extends.variant -> self_extends.variant; remove one `extends`")
    );
    let d = compile_file(&fixtures().join("bad/cycle3_a.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(f[0].file.ends_with("cycle3_c.variant"), "{}", f[0].file);
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].snippet, "cycle3_a.variant");
    assert_eq!(
        f[0].help.as_deref(),
        Some("the chain is cycle3_a.variant -> cycle3_b.variant -> cycle3_c.variant -> cycle3_a.variant; remove one `extends`")
    );
    let e = only("variant \"Child\"\nextends \"\"\n");
    assert_eq!(e.message, "`extends` needs a file name");
    assert_eq!(e.at, (2, 10));
}

#[test]
fn many_independent_errors_are_all_reported_in_one_run() {
    let text = with(
        "zone z = a1 + f2
zone empty = rank 1 - rank 1
piece Ferz F { moves fmY in lats promotes to Quen in last }
drops { kinds Pawn  one-per-file Rook }
castling Kng Rook
render { colour z \"#12\" }",
    )
    .replace("RPKPR w", "RPKPQ w")
    .replace("rpkpr/5", "rpkpr/6");
    let got: Vec<(String, (usize, usize))> =
        located(&text).into_iter().map(|r| (r.0, r.1)).collect();
    let want: Vec<(String, (usize, usize))> = [
        (
            "rank 5 of the start FEN has 6 squares; the board has 5 files",
            (8, 14),
        ),
        ("no piece has the letter `Q`", (8, 26)),
        ("square `f2` is outside the board", (9, 15)),
        ("zone `empty` is empty", (10, 6)),
        ("unknown atom `Y`", (11, 24)),
        ("unknown zone `lats`", (11, 29)),
        ("promotion target `Quen` is not a declared piece", (11, 46)),
        (
            "`Rook` never reaches a hand, so `one-per-file` cannot apply to it",
            (12, 34),
        ),
        ("castling piece `Kng` is not a declared piece", (13, 10)),
        ("`#12` is not a colour", (14, 20)),
    ]
    .iter()
    .map(|(m, at)| (m.to_string(), *at))
    .collect();
    assert_eq!(got, want);
}

#[test]
fn files_that_cannot_be_read() {
    let d = compile_file(&fixtures().join("bad")).unwrap_err();
    let f = found(&d);
    assert_eq!(f[0].code, "chimera::file::unreadable");
    assert_eq!(f[0].at, (1, 1));
    assert!(
        f[0].help
            .as_deref()
            .is_some_and(|h| h.starts_with("this is a directory")),
        "{f:?}"
    );
    let d = compile_file(&fixtures().join("no-such.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f[0].at, (1, 1));
    assert_eq!(
        f[0].help.as_deref(),
        Some("give the path of a definition file (`.variant`)")
    );
}

#[test]
fn a_binary_file_shows_only_the_text_before_the_first_bad_byte() {
    let mut bytes = b"variant \"\x1b[2J\"\n".to_vec();
    bytes.extend_from_slice(b"\xff\x00\x01binary");
    let d = compile_bytes("b.variant", &bytes, Path::new(".")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::not_utf8");
    assert_eq!(f[0].at, (2, 1));
    assert_eq!(f[0].help.as_deref(), Some("save the definition as UTF-8"));
    let shown = d.render_plain();
    assert!(
        !shown.contains('\u{1b}') && !shown.contains("binary"),
        "{shown}"
    );
    assert!(shown.contains("[b.variant:2:1]"), "{shown}");
}

// ---- the language reference ------------------------------------------------------------------

/// The backticked examples of the "example" column of each table in grammar/README.md, by
/// section heading.
fn readme_examples() -> Vec<(String, String)> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/README.md"))
            .unwrap();
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.to_string();
            continue;
        }
        if !line.starts_with('|') || line.starts_with("|---") {
            continue;
        }
        let cells: Vec<&str> = line.replace("\\|", "\u{1}").leak().split('|').collect();
        let Some(example) = cells.get(2) else {
            continue;
        };
        for (i, part) in example.split('`').enumerate() {
            if i % 2 == 1 {
                out.push((section.clone(), part.replace('\u{1}', "|")));
            }
        }
    }
    out
}

/// A 9x10 game with the names the reference's examples use.
const REFERENCE_BASE: &str = "variant \"Base\"
board 9x10
players White, Black
zone palace = d1-f3
zone own_half = ranks 1-5
zone enemy_half = ranks 6-10
path ring1 = a2-h2-h8-a8 cyclic
path ring2 = b2-g2-g7-b7 cyclic
path ring3 = c3-f3-f6-c6 cyclic
path palace1 = d1-f3
path palace2 = f1-d3
path palace3 = d8-f10
path palace4 = f8-d10
piece King K { moves K royal }
piece General G { moves W }
piece Queen Q { moves Q }
piece Rook R { moves R }
piece Bishop B { moves B }
piece Knight N { moves N }
piece Pawn P { moves fW promotes to Tokin in enemy_half }
piece Tokin +P { moves WfF }
piece Pupil U { moves K }
piece Point O { moves fW }
piece Cross X { moves fF }
piece Cannon C { moves pR }
start \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"
";

#[test]
fn every_example_of_the_language_reference_compiles() {
    let examples = readme_examples();
    assert!(examples.len() > 60, "{}", examples.len());
    let mut checked = 0;
    for (section, ex) in &examples {
        let replaced = |keyword: &str, line: &str| -> String {
            REFERENCE_BASE
                .lines()
                .map(|l| if l.starts_with(keyword) { line } else { l })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        };
        let text = if section.starts_with("Statements") {
            let first = ex.split_whitespace().next().unwrap_or("");
            match first {
                // Extending is shown by the shipped definitions (spiderqi.variant and others).
                "extends" => continue,
                "variant" | "board" | "players" => replaced(first, ex),
                "start" => replaced("start", ex)
                    .replace("board 9x10", "board 8x8")
                    .replace(
                        "zone enemy_half = ranks 6-10",
                        "zone enemy_half = ranks 5-8",
                    )
                    .replace("zone own_half = ranks 1-5", "zone own_half = ranks 1-4")
                    .replace("path palace3 = d8-f10\npath palace4 = f8-d10\n", ""),
                // A statement that declares a name the base declares replaces it.
                _ => {
                    let head: Vec<&str> = ex.split_whitespace().take(2).collect();
                    let head = head.join(" ") + " ";
                    if REFERENCE_BASE.lines().any(|l| l.starts_with(&head)) {
                        replaced(&head, ex)
                    } else {
                        format!("{REFERENCE_BASE}{ex}\n")
                    }
                }
            }
        } else if section.starts_with("Zones") {
            format!("{REFERENCE_BASE}zone example = {ex}\n")
        } else if section.starts_with("Pieces") {
            format!("{REFERENCE_BASE}piece Example E {{ {ex} }}\n")
        } else if section.starts_with("Betza") {
            // The atom table's first column holds leaps like (1,0), not examples.
            if ex.starts_with('(') && !ex.contains(',') {
                continue;
            }
            if !ex.starts_with(|c: char| c.is_ascii_alphabetic() || c == '(') {
                continue;
            }
            format!("{REFERENCE_BASE}piece Example E {{ moves {ex} }}\n")
        } else if section.starts_with("Drops") {
            if ex.starts_with("kinds") {
                format!("{REFERENCE_BASE}drops {{ {ex} }}\n")
            } else {
                format!("{REFERENCE_BASE}drops {{ kinds all {ex} }}\n")
            }
        } else if section.starts_with("Rendering") {
            format!("{REFERENCE_BASE}render {{ {ex} }}\n")
        } else {
            continue;
        };
        if let Err(d) = compile_str("reference.variant", &text, &fixtures()) {
            panic!(
                "the example `{ex}` ({section}) does not compile:\n{}",
                d.render_plain()
            );
        }
        checked += 1;
    }
    assert!(checked > 55, "{checked}");
}

#[test]
fn rules_about_check_need_a_royal_piece() {
    let text = format!(
        "{}checkmate win\nrepetition 3 draw perpetual-check loss\ndrops {{ kinds all  no-mate Pawn }}\n",
        replacing(5, "piece King K { moves K }")
    );
    let got = located(&text);
    let help = "add `royal` to the body of the piece that can be checked, or remove this rule";
    assert_eq!(
        got,
        [
            row(
                "`checkmate` needs a royal piece, and no piece is royal",
                (9, 11),
                "win",
                help
            ),
            row(
                "`perpetual-check` needs a royal piece, and no piece is royal",
                (10, 35),
                "loss",
                help
            ),
            row(
                "`no-mate` needs a royal piece, and no piece is royal",
                (11, 20),
                "no-mate Pawn",
                help
            ),
        ]
    );
    let e = only(&with("piece General G { moves WkR }").replace("moves K royal", "moves K"));
    assert_eq!(
        e.message,
        "a `k` move (captures only royals) needs a royal piece, and no piece is royal"
    );
    assert_eq!(e.at, (9, 26));
    assert_eq!(e.snippet, "kR");
}

#[test]
fn parentheses_in_comments_and_strings_do_not_count_as_nesting() {
    let smileys = ":(".repeat(100);
    let text = with(&format!("# {smileys}\nvariant \"{smileys}\""));
    let e = only(&text);
    assert_eq!(e.message, "`variant` is stated twice");
}

#[test]
fn a_very_long_chain_of_extends_is_an_error_not_a_cycle() {
    let dir = std::env::temp_dir().join(format!("chimera-chain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..40 {
        std::fs::write(
            dir.join(format!("c{i}.variant")),
            format!("variant \"C{i}\"\nextends \"c{}.variant\"\n", i + 1),
        )
        .unwrap();
    }
    std::fs::write(dir.join("c40.variant"), MINI).unwrap();
    let d = compile_file(&dir.join("c0.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].message, "more than 32 files extend one another");
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].help.as_deref(), Some("shorten the chain of `extends`"));
}

#[test]
fn fen_fields_after_the_side_are_read_as_the_engine_reads_them() {
    // The castling field may be left out; counters alone are fine.
    for tail in [
        "w",
        "w -",
        "w - -",
        "w - 0 1",
        "w KQkq c3 0 1",
        "w c3 0 1",
        "w 0 1",
    ] {
        let text = replacing(8, &format!("start \"rpkpr/5/5/5/5/RPKPR {tail}\""));
        assert!(
            compile_str("t.variant", &text, &fixtures()).is_ok(),
            "{tail}"
        );
    }
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w Hq - 0 1\""));
    assert_eq!(e.code, "chimera::fen::castling");
    assert_eq!(e.message, "`H` is not a castling right");
    assert_eq!(e.at, (8, 30));
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w - - 0 70000\""));
    assert_eq!(e.message, "the move number `70000` is too large");
    assert_eq!(e.at, (8, 36));
    assert_eq!(e.help.as_deref(), Some("the move number is at most 65535"));
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w - - 0 1 2\""));
    assert_eq!(e.message, "unexpected `2` after the move number");
}

// ---- Length limits: each limit is accepted, one more is refused ------------------------------

#[test]
fn the_variant_name_is_at_most_100_characters() {
    let named = |n: usize| {
        MINI.replace(
            "variant \"Mini\"",
            &format!("variant \"{}\"", "V".repeat(n)),
        )
    };
    if let Err(d) = compile_str("t.variant", &named(100), &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
    let e = only(&named(101));
    assert_eq!(e.code, "chimera::limit::too_long");
    assert_eq!(
        e.message,
        "the variant's name is 101 characters long; at most 100 are allowed"
    );
    assert_eq!(e.at, (1, 10));
}

#[test]
fn a_piece_name_is_at_most_64_characters() {
    let named = |n: usize| MINI.replace("piece King K", &format!("piece K{} K", "i".repeat(n - 1)));
    if let Err(d) = compile_str("t.variant", &named(64), &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
    let e = only(&named(65));
    assert_eq!(
        e.message,
        "a piece's name is 65 characters long; at most 64 are allowed"
    );
    assert_eq!(e.at, (5, 7));
}

#[test]
fn a_zone_name_is_at_most_64_characters() {
    let long = format!("z{}", "o".repeat(64));
    let e = only(&MINI.replace(
        "zone last = rank 6",
        &format!("zone {long} = rank 6\nzone last = rank 6"),
    ));
    assert_eq!(
        e.message,
        "a zone's name is 65 characters long; at most 64 are allowed"
    );
}

// ---- limits ---------------------------------------------------------------------------------

/// MINI with `n` more pieces (letters A..Z then +A..+Z, skipping K, R and P), each a Wazir.
fn with_pieces(n: usize) -> String {
    let letters: Vec<String> = ('A'..='Z')
        .filter(|c| !"KRP".contains(*c))
        .map(String::from)
        .chain(('A'..='Z').map(|c| format!("+{c}")))
        .chain(std::iter::once("Q".to_string()))
        .take(n)
        .collect();
    let extra: Vec<String> = letters
        .iter()
        .enumerate()
        .map(|(i, l)| format!("piece Extra{i} {l} {{ moves W }}"))
        .collect();
    with(&extra.join("\n"))
}

#[test]
fn fifty_two_piece_kinds_is_the_limit() {
    // 3 + 49 = 52 kinds, one per letter: valid, and the engine takes it.
    let text = with_pieces(49);
    let rules = match compile_str("t.variant", &text, &fixtures()) {
        Ok(r) => r,
        Err(d) => panic!("{}", d.render_plain()),
    };
    assert_eq!(rules.pieces.len(), 52);
    assert_eq!(rules.pieces.len(), chimera::rules::MAX_PIECE_KINDS);
    if let Err(e) = chimera::engine::Engine::new(rules) {
        panic!("52 kinds: {e}");
    }
    // A 53rd kind is one too many (its letter repeats one, which is reported too).
    let all = errors(&with_pieces(50));
    let e = all
        .iter()
        .find(|e| e.code == "chimera::piece::too_many")
        .unwrap_or_else(|| panic!("no too_many error: {all:#?}"));
    assert_eq!(e.message, "more than 52 piece kinds");
    assert_eq!(e.snippet, "Extra49");
    assert_eq!(e.at.0, 9 + 49);
}
