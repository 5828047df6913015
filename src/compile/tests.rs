//! Compiler semantics: what each construct compiles to.

use super::compile_str;
use crate::geometry::{ByPlayer, Player, PlayerSquares, SquareSet};
use crate::rules::{
    Confinement, Outcome, PieceKind, PromotionMode, RoyalRule, RuleSet, ZoneId, ZoneRef,
};
use std::path::Path;

/// A test that stops at the first missing value or failed step, naming it.
type TestResult = Result<(), Box<dyn std::error::Error>>;

/// A small chess-like game that the tests extend with one statement at a time.
const MINI: &str = r#"
variant "Mini"
board 5x6
players White, Black
zone last = rank 6
piece King K { moves K royal }
piece Rook R { moves R }
piece Pawn P { moves mfWcfF promotes to Rook in last }
start "rpkpr/5/5/5/5/RPKPR w - - 0 1"
"#;

fn compile(text: &str) -> RuleSet {
    match compile_str("t.variant", text, Path::new(".")) {
        Ok(r) => r,
        Err(d) => panic!("{}", d.render_plain()),
    }
}

/// Square names of a set, in index order.
fn names(r: &RuleSet, s: &SquareSet) -> Vec<String> {
    s.iter().map(|q| r.board.dims.name(q)).collect()
}

fn zone(r: &RuleSet, name: &str) -> PlayerSquares {
    r.zones[name]
}

#[test]
fn an_eight_by_eight_definition_compiles_with_defaults() -> TestResult {
    let r = compile(MINI);
    assert_eq!(r.name, "Mini");
    assert_eq!((r.board.dims.files, r.board.dims.ranks), (5, 6));
    assert_eq!(r.board.squares.len(), 30);
    assert_eq!(
        r.players,
        ByPlayer::new("White".to_string(), "Black".to_string())
    );
    assert_eq!(
        r.pieces
            .iter()
            .map(|p| p.letter.as_str())
            .collect::<Vec<_>>(),
        ["K", "R", "P"]
    );
    assert!(r.pieces[0].royal);
    let promo = r.pieces[2]
        .promotion
        .as_ref()
        .ok_or("the Pawn has no promotion")?;
    assert_eq!(promo.to, vec![PieceKind::from_index(1)]);
    assert_eq!(promo.mode, PromotionMode::Forced);
    assert_eq!(r.end.royal_rule, RoyalRule::Check);
    assert_eq!(r.end.stalemate, Outcome::Draw);
    assert_eq!(r.end.checkmate, Outcome::Loss);
    assert!(r.castling.is_none());
    assert_eq!(r.drops.zones.len(), 3);
    assert!(r.drops.to_hand.is_empty());
    assert_eq!(r.start_fen, "rpkpr/5/5/5/5/RPKPR w - - 0 1");
    Ok(())
}

#[test]
fn relative_zone_is_mirrored_for_the_second_player() {
    let r = compile(MINI);
    let last = zone(&r, "last");
    assert_eq!(
        names(&r, &last[Player::First]),
        ["a6", "b6", "c6", "d6", "e6"]
    );
    assert_eq!(
        names(&r, &last[Player::Second]),
        ["a1", "b1", "c1", "d1", "e1"]
    );
}

#[test]
fn absolute_per_player_and_enemy_zones() {
    let r = compile(&format!(
        "{MINI}\nzone ring = absolute b2-c3\nzone qfile = White: file a, Black: file e + b1\nzone home = ranks 1-2\nzone away = enemy home & file c\n"
    ));
    let ring = zone(&r, "ring");
    assert_eq!(ring[Player::First], ring[Player::Second]);
    assert_eq!(names(&r, &ring[Player::First]), ["b2", "c2", "b3", "c3"]);
    let q = zone(&r, "qfile");
    assert_eq!(
        names(&r, &q[Player::First]),
        ["a1", "a2", "a3", "a4", "a5", "a6"]
    );
    assert_eq!(
        names(&r, &q[Player::Second]),
        ["b1", "e1", "e2", "e3", "e4", "e5", "e6"]
    );
    // For White, `enemy home` is Black's home (ranks 5-6); literals are mirrored for Black only.
    let away = zone(&r, "away");
    assert_eq!(names(&r, &away[Player::First]), ["c5", "c6"]);
    assert_eq!(names(&r, &away[Player::Second]), ["c1", "c2"]);
}

#[test]
fn operators_apply_left_to_right_and_parentheses_group() {
    let r = compile(&format!(
        "{MINI}\nzone a = rank 1 + rank 2 & file a\nzone b = rank 1 + (rank 2 & file a)\n"
    ));
    assert_eq!(names(&r, &zone(&r, "a")[Player::First]), ["a1", "a2"]);
    assert_eq!(
        names(&r, &zone(&r, "b")[Player::First]),
        ["a1", "b1", "c1", "d1", "e1", "a2"]
    );
}

#[test]
fn holes_leave_the_board_and_every_zone() {
    let text = MINI
        .replace("board 5x6", "board 5x6\nholes a3 + e3")
        .replace("5/5/5/5", "5/5/*3*/5");
    let r = compile(&format!("{text}\nzone mid = rank 3\n"));
    assert_eq!(r.board.squares.len(), 28);
    assert_eq!(
        names(&r, &zone(&r, "mid")[Player::First]),
        ["b3", "c3", "d3"]
    );
    // Black's rank 3 is rank 4 of the board, which has no holes.
    assert_eq!(
        names(&r, &zone(&r, "mid")[Player::Second]),
        ["a4", "b4", "c4", "d4", "e4"]
    );
}

#[test]
fn path_corners_expand_to_every_square_in_order() {
    let r = compile(&format!(
        "{MINI}\npath ring = a1-c1-c3-a3 cyclic\npath diag = a1-c3\n"
    ));
    let ring = &r.paths["ring"];
    assert!(ring.cyclic);
    let got: Vec<String> = ring.squares.iter().map(|&s| r.board.dims.name(s)).collect();
    assert_eq!(got, ["a1", "b1", "c1", "c2", "c3", "b3", "a3", "a2"]);
    let diag = &r.paths["diag"];
    assert!(!diag.cyclic);
    assert_eq!(
        diag.squares
            .iter()
            .map(|&s| r.board.dims.name(s))
            .collect::<Vec<_>>(),
        ["a1", "b2", "c3"]
    );
}

#[test]
fn a_rule_carries_the_identity_of_the_zone_it_names() {
    let text = MINI.replace(
        "piece Rook R { moves R }",
        "zone home = ranks 1-3\nzone far = rank 5\npiece Rook R { moves R in far\n moves W in enemy home\n moves F in a1 + b1 }",
    );
    let r = compile(&text);
    let far = r.zones.get_index_of("far").map(|i| ZoneId(i as u16));
    let home = r.zones.get_index_of("home").map(|i| ZoneId(i as u16));
    let moves = &r.pieces[1].moves;
    let refs: Vec<Option<ZoneRef>> = moves.iter().map(|m| m.zone).collect();
    assert_eq!(
        refs,
        [
            far.map(|zone| ZoneRef { zone, enemy: false }),
            home.map(|zone| ZoneRef { zone, enemy: true }),
            None,
        ]
    );
    let names: Vec<String> = refs.iter().flatten().map(|z| r.zone_ref_name(*z)).collect();
    assert_eq!(names, ["far", "enemy home"]);
}

#[test]
fn piece_clauses_compile_to_move_rules_and_confinement() {
    let text = MINI.replace(
        "piece Rook R { moves R }",
        "zone home = ranks 1-3\npath edge = a1-e1\npiece Rook R { moves R in home capturing King, Pawn unconfined\n moves W rides edge confined home | enemy home }",
    );
    let r = compile(&text);
    let rook = &r.pieces[1];
    assert_eq!(rook.moves.len(), 2);
    let m = &rook.moves[0];
    assert_eq!(m.betza, "R");
    assert!(m.unconfined);
    assert_eq!(
        m.capturing,
        Some(vec![PieceKind::from_index(0), PieceKind::from_index(2)])
    );
    assert_eq!(m.only_in, Some(zone(&r, "home")));
    assert_eq!(rook.rides.len(), 1);
    assert_eq!(r.path_name(rook.rides[0].paths[0]), "edge");
    match &rook.confinement {
        Confinement::Regions(v) => {
            assert_eq!(v.len(), 2);
            assert_eq!(v[0], zone(&r, "home"));
            assert_eq!(v[1], zone(&r, "home").swapped());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn captured_as_defaults_to_the_kind_a_promoted_form_came_from() -> TestResult {
    let text = MINI
        .replace("promotes to Rook in last", "promotes to Tokin in last optional")
        .replace("piece Rook R { moves R }", "piece Rook R { moves R }\npiece Tokin +P { moves W }\npiece Dragon +R { moves K captured as Pawn }");
    let r = compile(&text);
    let kind = |n: &str| r.kind_by_name(n).ok_or(format!("no piece kind `{n}`"));
    assert_eq!(r.piece(kind("Tokin")?).captured_as, kind("Pawn")?);
    assert_eq!(r.piece(kind("Dragon")?).captured_as, kind("Pawn")?);
    assert_eq!(r.piece(kind("Rook")?).captured_as, kind("Rook")?);
    // A native kind that something promotes to is not a promoted form: it stays itself.
    let native = compile(MINI);
    let rook = native.kind_by_name("Rook").ok_or("no piece kind `Rook`")?;
    assert_eq!(native.piece(rook).captured_as, rook);
    assert_eq!(
        r.piece(kind("Pawn")?).promotion.as_ref().map(|p| p.mode),
        Some(PromotionMode::Optional)
    );
    Ok(())
}

#[test]
fn drops_compile_per_kind() -> TestResult {
    let r = compile(&format!(
        "{MINI}\ndrops {{ kinds all  zone ranks 1-4  zone Pawn: ranks 2-4  must-move  one-per-file Pawn  no-mate Pawn  promote-after-move rank 5 }}\n"
    ));
    let d = &r.drops;
    assert_eq!(d.to_hand.len(), 3);
    assert_eq!(d.zones.len(), 3);
    let rook_zone = d.zones[1].ok_or("the Rook has no drop zone")?;
    assert_eq!(rook_zone[Player::First].len(), 20);
    let pawn_zone = d.zones[2].ok_or("the Pawn has no drop zone")?;
    assert_eq!(names(&r, &pawn_zone[Player::Second])[0], "a3");
    assert!(d.must_have_move);
    assert_eq!(d.one_per_file, vec![PieceKind::from_index(2)]);
    assert_eq!(d.no_drop_mate, vec![PieceKind::from_index(2)]);
    assert_eq!(
        names(
            &r,
            &d.promote_after_move.ok_or("no promote-after-move zone")?[Player::Second]
        ),
        ["a2", "b2", "c2", "d2", "e2"]
    );
    Ok(())
}

#[test]
fn players_may_declare_their_colours() {
    let r = compile(&MINI.replace("players White, Black", "players White \"#fff8e0\", Black"));
    assert_eq!(
        r.players,
        ByPlayer::new("White".to_string(), "Black".to_string())
    );
    assert_eq!(
        r.render.side_colours,
        ByPlayer::new(Some("#fff8e0".to_string()), None)
    );
    let bad = MINI.replace("players White, Black", "players White \"ivory\", Black");
    let d = compile_str("t.variant", &bad, Path::new(".")).unwrap_err();
    assert!(
        d.render_plain().contains("`ivory` is not a colour"),
        "{}",
        d.render_plain()
    );
}

#[test]
fn game_end_rules_castling_and_render() -> TestResult {
    let r = compile(&format!(
        "{MINI}\nroyal-rule duple\nfacing\nstalemate loss\ncheckmate win\nrepetition 3 draw perpetual-check loss\nmove-limit 50 draw resets Pawn\ncastling King Rook 1\nrender {{ intersections cell 40 river 3 diagonals last colour last \"#aabbcc\" light \"#fff\" dark \"#000000\" }}\n"
    ));
    assert_eq!(r.end.royal_rule, RoyalRule::Duple);
    assert!(r.end.facing);
    assert_eq!(r.end.stalemate, Outcome::Loss);
    assert_eq!(r.end.checkmate, Outcome::Win);
    assert_eq!(r.end.repetition, Some((3, Outcome::Draw)));
    assert_eq!(r.end.perpetual_check, Some(Outcome::Loss));
    let ml = r.end.move_limit.as_ref().ok_or("no move limit")?;
    assert_eq!(
        (ml.moves, ml.score, ml.reset_by.clone()),
        (50, Outcome::Draw, vec![PieceKind::from_index(2)])
    );
    let c = r.castling.as_ref().ok_or("no castling")?;
    assert_eq!(
        (c.king, c.rook, c.king_steps),
        (PieceKind::from_index(0), PieceKind::from_index(1), 1)
    );
    assert!(r.render.intersections);
    assert_eq!(r.render.cell, Some(40));
    assert_eq!(r.render.river_after_rank, Some(3));
    assert_eq!(r.render.diagonals, vec!["last".to_string()]);
    assert_eq!(r.render.zone_colours["last"], "#aabbcc");
    assert_eq!(r.render.light.as_deref(), Some("#fff"));
    Ok(())
}

#[test]
fn extends_replaces_by_name_and_keeps_the_order() -> TestResult {
    let dir = std::env::temp_dir().join(format!("chimera-extends-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    std::fs::write(
        dir.join("parent.variant"),
        format!("{MINI}\nstalemate loss\ndrops {{ kinds all must-move }}\n"),
    )?;
    let child = "variant \"Child\"\nextends \"parent.variant\"\npiece Rook R { moves W }\npiece Ferz F { moves F }\nstalemate win\ndrops { kinds Pawn }\nstart \"rpkpr/5/5/5/5/RPKPF w\"\n";
    let r = match compile_str("child.variant", child, &dir) {
        Ok(r) => r,
        Err(d) => panic!("{}", d.render_plain()),
    };
    assert_eq!(r.name, "Child");
    assert_eq!(
        r.pieces.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        ["King", "Rook", "Pawn", "Ferz"]
    );
    assert_eq!(r.pieces[1].moves[0].betza, "W");
    assert_eq!(r.end.stalemate, Outcome::Win);
    assert_eq!(r.drops.to_hand, vec![PieceKind::from_index(2)]);
    assert!(
        r.drops.must_have_move,
        "entries the child does not restate stay"
    );
    assert_eq!(r.start_fen, "rpkpr/5/5/5/5/RPKPF w");
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[test]
fn zones_are_indexed_by_player() {
    let r = compile(MINI);
    let last = zone(&r, "last");
    assert!(last[Player::Second]
        .iter()
        .all(|s| r.board.dims.rank(s) == 0));
}
