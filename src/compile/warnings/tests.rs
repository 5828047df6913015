//! Each warning: a small definition that triggers it, the exact message, and the exact place.

use crate::compile::check_str;
use std::path::Path;

/// A small chess-like game without a warning; each test changes one thing.
const MINI: &str = r#"variant "Mini"
board 5x6
players White, Black
zone last = rank 6
piece King K { moves K royal }
piece Rook R { moves R }
piece Pawn P { moves mfWcfF promotes to Rook in last }
start "rpkpr/5/5/5/5/RPKPR w - - 0 1"
"#;

/// Every warning of a definition as (code, message, the text under its span, line:column).
fn warnings(text: &str) -> Vec<(String, String, String, String)> {
    match check_str("t.variant", text, Path::new(".")) {
        Ok(c) => c
            .warnings
            .iter()
            .map(|w| {
                assert!(w.is_warning(), "{w:?} is not a warning");
                assert!(w.help.is_some(), "{w:?} has no help");
                let (l, c) = w.line_col();
                (
                    w.code.to_string(),
                    w.message.clone(),
                    w.snippet().to_string(),
                    format!("{l}:{c}"),
                )
            })
            .collect(),
        Err(d) => panic!("does not compile:\n{}", d.render_plain()),
    }
}

/// The one warning of a definition.
fn one(text: &str) -> (String, String, String, String) {
    let mut w = warnings(text);
    assert_eq!(w.len(), 1, "expected one warning, got {w:?}");
    w.remove(0)
}

fn w(code: &str, msg: &str, snippet: &str, at: &str) -> (String, String, String, String) {
    (code.into(), msg.into(), snippet.into(), at.into())
}

#[test]
fn the_base_definition_has_no_warning() {
    assert_eq!(warnings(MINI), vec![]);
}

#[test]
fn a_side_without_a_royal_piece_is_warned() {
    let text = MINI.replace("rpkpr/", "rp1pr/");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::no_royal",
            "Black has no royal piece in the start position, but the rules need one (King is royal)",
            "rp1pr/5/5/5/5/RPKPR w - - 0 1",
            "8:8"
        )
    );
}

#[test]
fn a_side_without_a_royal_piece_that_can_die_out_is_not_warned() {
    // Horde: a side with no king loses when it has no piece left.
    let text = MINI.replace("rpkpr/", "rp1pr/") + "extinction all\n";
    assert_eq!(warnings(&text), vec![]);
}

#[test]
fn a_promotion_whose_zone_the_piece_never_reaches_is_warned() {
    // Confined to ranks 1-3 (4-6 for Black), the Pawn never reaches rank 6 (rank 1).
    let text = MINI
        .replace(
            "zone last = rank 6",
            "zone last = rank 6\nzone low = ranks 1-3",
        )
        .replace(
            "promotes to Rook in last",
            "confined low promotes to Rook in last",
        );
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::promotion_never",
            "`Pawn` can never promote: no move of it ends in `last`",
            "promotes to Rook in last",
            "8:42"
        )
    );
}

#[test]
fn a_promotion_the_piece_never_moves_towards_is_warned() {
    // Sideways only: it never leaves rank 2 (rank 5 for Black).
    let text = MINI.replace("moves mfWcfF", "moves sW");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::promotion_never",
            "`Pawn` can never promote: no move of it ends in `last`",
            "promotes to Rook in last",
            "7:25"
        )
    );
}

#[test]
fn a_piece_in_its_forced_promotion_zone_at_the_start_is_warned() {
    // A White Pawn on e6, in rank 6: it promotes only when a move ends there.
    let text = MINI.replace("rpkpr/", "rpk1P/");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::start_in_promotion_zone",
            "the White Pawn on e6 stands in its forced-promotion zone in the start position",
            "P",
            "8:12"
        )
    );
}

#[test]
fn a_kind_with_no_move_from_any_square_is_warned() {
    let text = MINI.replace("piece Rook R { moves R }", "piece Rook R { moves (6,0) }");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::no_move",
            "piece `Rook` has no move from any square it can stand on",
            "Rook",
            "6:7"
        )
    );
}

#[test]
fn a_piece_with_no_move_from_its_start_square_is_warned() {
    // Stepping diagonally inside a1, e1 and b2 (a6, e6 and b5 for Black), the Rook on a1 may go
    // to b2, the one on e1 nowhere.
    let text = MINI
        .replace(
            "zone last = rank 6",
            "zone last = rank 6\nzone corners = a1 + e1 + b2",
        )
        .replace(
            "piece Rook R { moves R }",
            "piece Rook R { moves F confined corners }",
        );
    let all = warnings(&text);
    assert_eq!(
        all,
        vec![
            w(
                "chimera::warning::no_move",
                "the Black Rook on e6 has no move from its start square",
                "r",
                "9:12"
            ),
            w(
                "chimera::warning::no_move",
                "the White Rook on e1 has no move from its start square",
                "R",
                "9:26"
            ),
        ]
    );
}

#[test]
fn a_kind_that_can_never_appear_is_warned() {
    let text = MINI.replace(
        "piece Rook R { moves R }",
        "piece Rook R { moves R }\npiece Ghost G { moves W }",
    );
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::never_appears",
            "piece `Ghost` can never appear in a game",
            "Ghost",
            "7:7"
        )
    );
}

#[test]
fn an_unused_zone_and_an_unused_path_are_warned() {
    let text = MINI.replace(
        "zone last = rank 6",
        "zone last = rank 6\nzone centre = b2-d5\npath edge = a1-e1",
    );
    assert_eq!(
        warnings(&text),
        vec![
            w(
                "chimera::warning::unused_zone",
                "zone `centre` is declared but nothing uses it",
                "centre",
                "5:6"
            ),
            w(
                "chimera::warning::unused_path",
                "path `edge` is declared but no piece rides it",
                "edge",
                "6:6"
            ),
        ]
    );
}

#[test]
fn a_zone_used_only_by_a_used_zone_is_used() {
    let text = MINI.replace("zone last = rank 6", "zone top = rank 6\nzone last = top");
    assert_eq!(warnings(&text), vec![]);
}

#[test]
fn a_drop_zone_that_must_move_empties_is_warned() {
    // Pawns may only be dropped on the last rank, where a Pawn has no move.
    let text = MINI.replace(
        "start",
        "drops { kinds Pawn zone Pawn: rank 6 must-move }\nstart",
    );
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::drop_zone_stuck",
            "`must-move` leaves `Pawn` no square to be dropped on",
            "zone Pawn: rank 6",
            "8:20"
        )
    );
}

#[test]
fn a_confined_piece_that_starts_outside_its_confinement_is_warned() {
    let text = MINI
        .replace(
            "zone last = rank 6",
            "zone last = rank 6\nzone home = ranks 1-3",
        )
        .replace(
            "piece King K { moves K royal }",
            "piece King K { moves K royal confined home }",
        )
        // Black's home is ranks 4-6 (mirrored): its King on c3 is outside.
        .replace("rpkpr/5/5/5/5/RPKPR", "rp1pr/5/5/2k2/5/RPKPR");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::starts_outside_confinement",
            "the Black King on c3 starts outside its confinement",
            "k",
            "9:19"
        )
    );
}

#[test]
fn a_piece_in_a_start_hand_without_drops_is_warned() {
    let text = MINI.replace("RPKPR w", "RPKPR[Pp] w");
    assert_eq!(
        warnings(&text),
        vec![
            w(
                "chimera::warning::never_dropped",
                "the White Pawn in hand can never be dropped",
                "P",
                "8:28"
            ),
            w(
                "chimera::warning::never_dropped",
                "the Black Pawn in hand can never be dropped",
                "p",
                "8:29"
            ),
        ]
    );
}

#[test]
fn shipped_definitions_have_no_warning() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = match entry {
            Ok(e) => e.path(),
            Err(e) => panic!("{e}"),
        };
        if path.extension().and_then(|e| e.to_str()) != Some("variant") {
            continue;
        }
        let c = match crate::compile::check_file(&path) {
            Ok(c) => c,
            Err(d) => panic!("{}", d.render_plain()),
        };
        let shown: Vec<String> = c.warnings.iter().map(|w| format!("{w:?}")).collect();
        assert!(shown.is_empty(), "{}: {shown:#?}", path.display());
        checked += 1;
    }
    assert!(checked >= 19, "only {checked} definitions found");
}

#[test]
fn an_extinction_rule_that_holds_at_the_start_is_warned() {
    // Each side starts with five pieces: down to five is already too few.
    let text = format!("{MINI}extinction all down-to 5 win\n");
    assert_eq!(
        one(&text),
        w(
            "chimera::warning::extinct_at_start",
            "White starts with 5 pieces, which this `extinction` rule already counts as too few: the game is over before the first move",
            "extinction all down-to 5 win",
            "9:1"
        )
    );
    // Down to four is a rule the game can reach.
    assert_eq!(
        warnings(&format!("{MINI}extinction all down-to 4 win\n")),
        vec![]
    );
    assert_eq!(warnings(&format!("{MINI}extinction Rook\n")), vec![]);
}
