//! Betza / XBetza move strings, as specified in grammar/README.md ("Betza (move strings)") and the
//! worked examples of the rules reference. Steps are (df, dr) from the first player: df > 0 is to
//! the right (higher files), dr > 0 is forward.

use chimera::Offset;
use chimera::{parse_betza, BetzaError};
use chimera::{Hop, Leg, LegMode, MovePattern};
use std::collections::BTreeSet;

const U: u8 = Leg::UNLIMITED;

fn ok(text: &str) -> Vec<MovePattern> {
    match parse_betza(text) {
        Ok(p) => p,
        Err(e) => panic!("`{text}` should parse, got {e:?}"),
    }
}

fn err(text: &str) -> Vec<BetzaError> {
    match parse_betza(text) {
        Ok(p) => panic!("`{text}` should be rejected, got {p:?}"),
        Err(e) => e,
    }
}

/// The one error of a string: (span, message).
fn one_err(text: &str) -> (std::ops::Range<usize>, String) {
    let e = err(text);
    assert_eq!(e.len(), 1, "`{text}`: {e:?}");
    assert!(e[0].help.is_some(), "every error has a help line: {e:?}");
    (e[0].span.0..e[0].span.1, e[0].message.clone())
}

/// Steps of single-leg patterns, as (df, dr) in order.
fn steps(ps: &[MovePattern]) -> Vec<(i8, i8)> {
    ps.iter()
        .map(|p| {
            assert_eq!(p.legs.len(), 1, "{p:?}");
            (p.legs[0].step.df, p.legs[0].step.dr)
        })
        .collect()
}

fn step_set(ps: &[MovePattern]) -> BTreeSet<(i8, i8)> {
    steps(ps).into_iter().collect()
}

fn set(v: &[(i8, i8)]) -> BTreeSet<(i8, i8)> {
    v.iter().copied().collect()
}

/// A pattern without its span, comparable across strings.
type Shape = (Vec<Leg>, bool, bool, bool);

fn shapes(ps: &[MovePattern]) -> BTreeSet<String> {
    ps.iter()
        .map(|p| {
            let s: Shape = (p.legs.clone(), p.initial, p.en_passant, p.royal_only);
            format!("{s:?}")
        })
        .collect()
}

/// Multi-leg patterns as lists of steps.
fn paths(ps: &[MovePattern]) -> BTreeSet<Vec<(i8, i8)>> {
    ps.iter()
        .map(|p| p.legs.iter().map(|l| (l.step.df, l.step.dr)).collect())
        .collect()
}

const BOTH: LegMode = LegMode {
    to_empty: true,
    to_enemy: true,
    over_piece: false,
    hop: Hop::None,
};
const MOVE: LegMode = LegMode {
    to_empty: true,
    to_enemy: false,
    over_piece: false,
    hop: Hop::None,
};
const CAPTURE: LegMode = LegMode {
    to_empty: false,
    to_enemy: true,
    over_piece: false,
    hop: Hop::None,
};

fn leap(df: i8, dr: i8, mode: LegMode) -> Leg {
    Leg {
        step: Offset::new(df, dr),
        min: 1,
        max: 1,
        mode,
    }
}

// ---- Atoms and ranges ----

#[test]
fn knight_is_eight_leaps_that_move_or_capture() {
    let ps = ok("N");
    assert_eq!(
        step_set(&ps),
        set(&[
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2)
        ])
    );
    for p in &ps {
        assert_eq!(p.legs[0].min, 1);
        assert_eq!(p.legs[0].max, 1);
        assert_eq!(p.legs[0].mode, BOTH);
        assert_eq!(p.span, (0, 1));
        assert!(!p.initial && !p.en_passant && !p.royal_only);
    }
}

#[test]
fn leap_counts_of_every_atom() {
    for (text, n) in [
        ("W", 4),
        ("F", 4),
        ("D", 4),
        ("N", 8),
        ("A", 4),
        ("H", 4),
        ("C", 8),
        ("L", 8),
        ("Z", 8),
        ("J", 8),
        ("G", 4),
        ("K", 8),
        ("R", 4),
        ("B", 4),
        ("Q", 8),
        ("(4,1)", 8),
        ("(0,2)", 4),
        ("(3,3)", 4),
    ] {
        assert_eq!(ok(text).len(), n, "{text}");
    }
    assert_eq!(step_set(&ok("L")), step_set(&ok("C")));
    assert_eq!(step_set(&ok("J")), step_set(&ok("Z")));
    assert_eq!(step_set(&ok("(1,3)")), step_set(&ok("C")));
    assert_eq!(step_set(&ok("(2,0)")), step_set(&ok("D")));
}

#[test]
fn riders_step_by_the_unit_leap_without_limit() {
    let r = ok("R");
    assert_eq!(steps(&r), vec![(0, 1), (1, 0), (0, -1), (-1, 0)]);
    assert!(r.iter().all(|p| p.legs[0].min == 1 && p.legs[0].max == U));
    assert_eq!(shapes(&ok("WW")), shapes(&r));
    assert_eq!(shapes(&ok("W0")), shapes(&r));
    assert_eq!(shapes(&ok("FF")), shapes(&ok("B")));
    assert_eq!(shapes(&ok("Q")), shapes(&ok("RB")));
    let nn = ok("NN");
    assert_eq!(nn.len(), 8);
    assert!(nn
        .iter()
        .all(|p| p.legs[0].max == U && p.legs[0].step.df.abs() + p.legs[0].step.dr.abs() == 3));
}

#[test]
fn range_digits_limit_the_ride() {
    let w3 = ok("W3");
    assert!(w3.iter().all(|p| p.legs[0].min == 1 && p.legs[0].max == 3));
    let w03 = ok("W03");
    assert!(w03.iter().all(|p| p.legs[0].min == 3 && p.legs[0].max == 3));
    let f2 = ok("F2");
    assert!(f2
        .iter()
        .all(|p| p.legs[0].step.df.abs() == 1 && p.legs[0].max == 2));
}

#[test]
fn king_is_wazir_plus_ferz() {
    assert_eq!(shapes(&ok("K")), shapes(&ok("WF")));
    assert_eq!(step_set(&ok("fK")), set(&[(-1, 1), (0, 1), (1, 1)]));
}

// ---- Directions ----

#[test]
fn gold_general_wff_is_six_steps() {
    assert_eq!(
        steps(&ok("WfF")),
        vec![(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, 1)]
    );
}

#[test]
fn silver_general_ffw_is_five_steps() {
    assert_eq!(
        step_set(&ok("FfW")),
        set(&[(1, 1), (1, -1), (-1, -1), (-1, 1), (0, 1)])
    );
}

#[test]
fn shogi_knight_fn_is_the_narrow_forward_pair() {
    assert_eq!(steps(&ok("fN")), vec![(1, 2), (-1, 2)]);
    assert_eq!(steps(&ok("ffN")), vec![(1, 2), (-1, 2)]);
}

#[test]
fn oblique_direction_groups() {
    assert_eq!(step_set(&ok("fsN")), set(&[(2, 1), (-2, 1)]));
    assert_eq!(step_set(&ok("sfN")), set(&[(2, 1), (-2, 1)]));
    assert_eq!(
        step_set(&ok("fhN")),
        set(&[(1, 2), (2, 1), (-1, 2), (-2, 1)])
    );
    assert_eq!(
        step_set(&ok("sN")),
        set(&[(2, 1), (2, -1), (-2, 1), (-2, -1)])
    );
    assert_eq!(
        step_set(&ok("vN")),
        set(&[(1, 2), (1, -2), (-1, 2), (-1, -2)])
    );
    assert_eq!(steps(&ok("frN")), vec![(1, 2)]);
    assert_eq!(steps(&ok("rfN")), vec![(2, 1)]);
    assert_eq!(step_set(&ok("lN")), set(&[(-2, 1), (-2, -1)]));
}

#[test]
fn wide_knight_sn_is_four_wide_leaps() {
    assert_eq!(
        step_set(&ok("sN")),
        set(&[(2, 1), (2, -1), (-2, 1), (-2, -1)])
    );
}

#[test]
fn diagonal_letters_name_pairs_and_two_letters_one_move() {
    assert_eq!(step_set(&ok("fF")), set(&[(1, 1), (-1, 1)]));
    assert_eq!(steps(&ok("frF")), vec![(1, 1)]);
    assert_eq!(steps(&ok("rfF")), vec![(1, 1)]);
    assert_eq!(steps(&ok("blF")), vec![(-1, -1)]);
    assert_eq!(step_set(&ok("lF")), set(&[(-1, 1), (-1, -1)]));
    assert_eq!(step_set(&ok("fbF")), step_set(&ok("F")));
}

#[test]
fn orthogonal_letters_join() {
    assert_eq!(steps(&ok("fW")), vec![(0, 1)]);
    assert_eq!(step_set(&ok("fsW")), set(&[(0, 1), (1, 0), (-1, 0)]));
    assert_eq!(step_set(&ok("flW")), set(&[(0, 1), (-1, 0)]));
    assert_eq!(step_set(&ok("vR")), set(&[(0, 1), (0, -1)]));
    assert_eq!(steps(&ok("lW")), vec![(-1, 0)]);
    assert_eq!(steps(&ok("rW")), vec![(1, 0)]);
}

#[test]
fn lance_and_wing_fr_is_a_forward_rider() {
    let ps = ok("fR");
    assert_eq!(ps.len(), 1);
    assert_eq!(
        ps[0].legs,
        vec![Leg {
            step: Offset::new(0, 1),
            min: 1,
            max: U,
            mode: BOTH
        }]
    );
}

#[test]
fn cross_ff_and_point_fw() {
    assert_eq!(steps(&ok("fF")), vec![(1, 1), (-1, 1)]);
    assert_eq!(steps(&ok("fW")), vec![(0, 1)]);
    assert_eq!(
        step_set(&ok("fFsW")),
        set(&[(1, 1), (-1, 1), (1, 0), (-1, 0)])
    );
}

// ---- Modes ----

#[test]
fn advisor_mfcsn_moves_diagonally_and_captures_as_a_wide_knight() {
    let ps = ok("mFcsN");
    assert_eq!(ps.len(), 8);
    for p in &ps[..4] {
        assert_eq!(p.legs[0].mode, MOVE);
        assert_eq!(p.span, (0, 2));
    }
    for p in &ps[4..] {
        assert_eq!(p.legs[0].mode, CAPTURE);
        assert_eq!(p.legs[0].step.df.abs(), 2);
        assert_eq!(p.span, (2, 5));
    }
}

#[test]
fn cannon_mrcpr_moves_as_rook_and_captures_by_hopping() {
    let ps = ok("mRcpR");
    assert_eq!(ps.len(), 8);
    for p in &ps[..4] {
        assert_eq!(p.legs[0].mode, MOVE);
        assert_eq!(p.legs[0].max, U);
    }
    for p in &ps[4..] {
        assert_eq!(
            p.legs[0].mode,
            LegMode {
                to_empty: false,
                to_enemy: true,
                over_piece: false,
                hop: Hop::Screen
            }
        );
        assert_eq!(p.span, (2, 5));
    }
}

#[test]
fn crossbow_mbcpb_is_a_diagonal_cannon() {
    let ps = ok("mBcpB");
    assert_eq!(ps.len(), 8);
    assert!(ps[4..].iter().all(|p| p.legs[0].mode.hop == Hop::Screen
        && p.legs[0].mode.to_enemy
        && !p.legs[0].mode.to_empty
        && p.legs[0].step.df.abs() == 1
        && p.legs[0].step.dr.abs() == 1));
}

#[test]
fn cannonball_fmrfcpr_is_a_forward_cannon() {
    let ps = ok("fmRfcpR");
    assert_eq!(ps.len(), 2);
    assert!(ps.iter().all(|p| p.legs[0].step == Offset::new(0, 1)));
    assert_eq!(ps[1].legs[0].mode.hop, Hop::Screen);
}

#[test]
fn janggi_cannon_and_grasshopper() {
    assert!(ok("pR").iter().all(|p| p.legs[0].mode
        == LegMode {
            to_empty: true,
            to_enemy: true,
            over_piece: false,
            hop: Hop::Screen
        }));
    let g = ok("gQ");
    assert_eq!(g.len(), 8);
    assert!(g.iter().all(|p| p.legs[0].mode.hop == Hop::Grasshopper));
}

#[test]
fn general_wkr_captures_only_royals_along_the_file() {
    let ps = ok("WkR");
    assert_eq!(ps.len(), 8);
    assert!(ps[..4].iter().all(|p| !p.royal_only));
    assert!(ps[4..].iter().all(|p| p.royal_only && p.legs[0].max == U));
}

#[test]
fn fide_pawn_fmwfcefifmnd() {
    let ps = ok("fmWfceFifmnD");
    assert_eq!(ps.len(), 4);
    assert_eq!(ps[0].legs, vec![leap(0, 1, MOVE)]);
    assert!(!ps[0].en_passant && !ps[0].initial);
    assert_eq!(ps[1].legs, vec![leap(1, 1, CAPTURE)]);
    assert_eq!(ps[2].legs, vec![leap(-1, 1, CAPTURE)]);
    assert!(ps[1].en_passant && ps[2].en_passant);
    // The double step is a lame D: the square in between must be empty.
    assert_eq!(ps[3].legs, vec![leap(0, 1, MOVE), leap(0, 1, MOVE)]);
    assert!(ps[3].initial && !ps[3].en_passant);
    assert_eq!(ps[3].span, (7, 12));
}

// ---- Lame leapers and multi-leg moves ----

#[test]
fn xiangqi_horse_nn_is_a_wazir_step_then_an_outward_ferz_step() {
    let ps = ok("nN");
    assert_eq!(ps.len(), 8);
    let forward_right = ps
        .iter()
        .find(|p| {
            p.legs.last().map(|l| l.step) == Some(Offset::new(1, 1))
                && p.legs[0].step == Offset::new(0, 1)
        })
        .expect("the (1,2) leap");
    assert_eq!(forward_right.legs, vec![leap(0, 1, MOVE), leap(1, 1, BOTH)]);
    let right_forward = ps
        .iter()
        .find(|p| p.legs[0].step == Offset::new(1, 0) && p.legs[1].step == Offset::new(1, 1))
        .expect("the (2,1) leap");
    assert_eq!(right_forward.legs, vec![leap(1, 0, MOVE), leap(1, 1, BOTH)]);
}

#[test]
fn nn_equals_afsw() {
    assert_eq!(shapes(&ok("nN")), shapes(&ok("afsW")));
}

#[test]
fn xiangqi_elephant_na_equals_aff() {
    let ps = ok("nA");
    assert_eq!(ps.len(), 4);
    assert!(ps
        .iter()
        .all(|p| p.legs.len() == 2 && p.legs[0] == p.legs[1].clone_with(MOVE)));
    assert_eq!(shapes(&ps), shapes(&ok("afF")));
}

trait WithMode {
    fn clone_with(&self, mode: LegMode) -> Leg;
}
impl WithMode for Leg {
    fn clone_with(&self, mode: LegMode) -> Leg {
        Leg { mode, ..*self }
    }
}

#[test]
fn mahout_nand_is_eight_two_leg_patterns() {
    let ps = ok("nAnD");
    assert_eq!(ps.len(), 8);
    assert_eq!(
        paths(&ps),
        [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1)
        ]
        .iter()
        .map(|&(a, b)| vec![(a, b), (a, b)])
        .collect()
    );
    assert!(ps
        .iter()
        .all(|p| p.legs[0].mode == MOVE && p.legs[1].mode == BOTH));
    assert_eq!(shapes(&ps), shapes(&ok("afK")));
}

#[test]
fn lame_three_leapers() {
    assert_eq!(
        paths(&ok("fnH")),
        [vec![(0, 1), (0, 1), (0, 1)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("frnG")),
        [vec![(1, 1), (1, 1), (1, 1)]].into_iter().collect()
    );
}

#[test]
fn strong_elephant_aff_caff_is_four_plain_and_four_locust() {
    let ps = ok("afFcafF");
    assert_eq!(ps.len(), 8);
    for (i, p) in ps.iter().enumerate() {
        assert_eq!(p.legs.len(), 2);
        // The final leg goes straight on.
        assert_eq!(p.legs[0].step, p.legs[1].step);
        assert_eq!(p.legs[0].step.df.abs(), 1);
        assert_eq!(p.legs[0].step.dr.abs(), 1);
        assert_eq!(p.legs[1].mode, BOTH);
        assert_eq!(p.legs[0].mode, if i < 4 { MOVE } else { CAPTURE });
        assert_eq!(p.span, if i < 4 { (0, 3) } else { (3, 7) });
    }
    assert_eq!(shapes(&ok("mcafF")).len(), 4);
}

#[test]
fn strong_tusk_faff_fcaff_is_two_plain_and_two_locust_forward() {
    let ps = ok("fafFfcafF");
    assert_eq!(ps.len(), 4);
    assert_eq!(
        paths(&ps),
        [vec![(1, 1), (1, 1)], vec![(-1, 1), (-1, 1)]]
            .into_iter()
            .collect()
    );
    assert_eq!(ps.iter().filter(|p| p.legs[0].mode == MOVE).count(), 2);
    assert_eq!(ps.iter().filter(|p| p.legs[0].mode == CAPTURE).count(), 2);
    assert_eq!(shapes(&ok("fnA")), shapes(&ok("fafF")));
}

#[test]
fn weak_helm_fafsw_is_lame_while_the_helm_fn_leaps() {
    let weak = ok("fafsW");
    assert_eq!(
        paths(&weak),
        [vec![(0, 1), (1, 1)], vec![(0, 1), (-1, 1)]]
            .into_iter()
            .collect()
    );
    assert!(weak.iter().all(|p| p.legs[0].mode == MOVE));
    assert_eq!(shapes(&weak), shapes(&ok("nfN")));
    let leaping = ok("fN");
    assert!(leaping.iter().all(|p| p.legs.len() == 1));
}

#[test]
fn continuation_directions_are_relative() {
    // Straight on, 90° turns, 45° and 135° bends; bends turn W into F.
    assert_eq!(
        paths(&ok("fafW")),
        [vec![(0, 1), (0, 1)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("farW")),
        [vec![(0, 1), (1, 0)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("falW")),
        [vec![(0, 1), (-1, 0)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("rafrW")),
        [vec![(1, 0), (1, -1)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("fabrW")),
        [vec![(0, 1), (1, -1)]].into_iter().collect()
    );
    // `b` turns straight back (`fabW` alone would return without capturing: an error, see
    // strings_that_can_never_move_are_errors; capturing on the way makes it a move).
    assert_eq!(
        paths(&ok("fcabW")),
        [vec![(0, 1), (0, -1)]].into_iter().collect()
    );
    assert_eq!(
        paths(&ok("frafsF")),
        [vec![(1, 1), (1, 0)], vec![(1, 1), (0, 1)]]
            .into_iter()
            .collect()
    );
    // D bends into A.
    assert_eq!(
        paths(&ok("fafsD")),
        [vec![(0, 2), (2, 2)], vec![(0, 2), (-2, 2)]]
            .into_iter()
            .collect()
    );
    // Default continuation: everything but straight back.
    assert_eq!(ok("fafW").len(), 1);
    assert_eq!(ok("faW").len(), 7);
}

#[test]
fn non_final_leg_modes() {
    let locust = ok("fcafmF");
    assert_eq!(locust.len(), 2);
    assert_eq!(locust[0].legs[0].mode, CAPTURE);
    assert_eq!(locust[0].legs[1].mode, MOVE);
    let over = ok("fpafW");
    assert_eq!(
        over[0].legs[0].mode,
        LegMode {
            to_empty: false,
            to_enemy: false,
            over_piece: true,
            hop: Hop::None
        }
    );
    let either = ok("fmpafW");
    assert_eq!(
        either[0].legs[0].mode,
        LegMode {
            to_empty: true,
            to_enemy: false,
            over_piece: true,
            hop: Hop::None
        }
    );
}

#[test]
fn j_leaper_must_jump_an_occupied_square() {
    let ps = ok("fjD");
    assert_eq!(
        ps[0].legs,
        vec![
            leap(
                0,
                1,
                LegMode {
                    to_empty: false,
                    to_enemy: false,
                    over_piece: true,
                    hop: Hop::None
                }
            ),
            leap(0, 1, BOTH)
        ]
    );
}

#[test]
fn duplicates_are_removed_keeping_the_first() {
    let ps = ok("KW");
    assert_eq!(ps.len(), 8);
    assert!(ps.iter().all(|p| p.span == (0, 1)));
    assert_eq!(ok("WfF").len(), 6);
    assert_eq!(ok("RR").len(), 4);
}

#[test]
fn spans_cover_each_component() {
    let ps = ok("WfFifmnD");
    assert_eq!(ps[0].span, (0, 1));
    assert_eq!(ps[4].span, (1, 3));
    assert_eq!(ps.last().map(|p| p.span), Some((3, 8)));
}

// ---- Errors ----

#[test]
fn unknown_atom_is_named() {
    assert_eq!(one_err("fX"), (1..2, "unknown atom `X`".to_string()));
    assert_eq!(one_err("WM"), (1..2, "unknown atom `M`".to_string()));
}

#[test]
fn modifiers_without_an_atom() {
    assert_eq!(
        one_err("fm"),
        (0..2, "modifiers `fm` have no atom after them".to_string())
    );
    assert_eq!(
        one_err("Wfm"),
        (1..3, "modifiers `fm` have no atom after them".to_string())
    );
}

#[test]
fn a_at_the_end() {
    assert_eq!(
        one_err("afsWa"),
        (
            4..5,
            "`a` must be followed by the next leg and the atom".to_string()
        )
    );
}

#[test]
fn empty_string() {
    assert_eq!(one_err(""), (0..0, "empty move string".to_string()));
}

#[test]
fn unbalanced_parentheses() {
    assert_eq!(one_err("W(3,1"), (1..2, "unbalanced `(`".to_string()));
    assert_eq!(one_err("W)"), (1..2, "unbalanced `)`".to_string()));
    assert_eq!(
        one_err("(3;1)"),
        (0..5, "malformed coordinate leap `(3;1)`".to_string())
    );
    assert_eq!(
        one_err("(0,0)"),
        (0..5, "`(0,0)` does not move".to_string())
    );
    assert_eq!(one_err("(40,1)"), (1..3, "leap too long".to_string()));
}

#[test]
fn unsupported_and_unknown_modifiers() {
    assert_eq!(
        one_err("yafsW"),
        (0..1, "unsupported modifier `y`".to_string())
    );
    assert_eq!(
        one_err("oR"),
        (0..1, "unsupported modifier `o`".to_string())
    );
    assert_eq!(
        one_err("uW"),
        (0..1, "unsupported modifier `u`".to_string())
    );
    assert_eq!(
        one_err("wW"),
        (0..1, "unsupported modifier `w`".to_string())
    );
}

#[test]
fn bad_range_digits() {
    assert_eq!(one_err("W300"), (1..4, "bad range `300`".to_string()));
    assert_eq!(one_err("W00"), (1..3, "bad range `00`".to_string()));
    assert_eq!(
        one_err("3W"),
        (0..1, "range `3` has no atom before it".to_string())
    );
}

#[test]
fn unsupported_combinations() {
    assert_eq!(
        one_err("n(4,1)"),
        (0..6, "`n` (lame) is not supported on `leap`".to_string())
    );
    assert_eq!(
        one_err("nR"),
        (0..1, "`n` applies to leapers, not riders".to_string())
    );
    assert_eq!(
        one_err("pW"),
        (
            0..1,
            "hopping (`p`, `g`) needs a rider, not the leaper `W`".to_string()
        )
    );
    assert_eq!(
        one_err("hN"),
        (0..1, "`h` (half) needs a direction next to it".to_string())
    );
    assert_eq!(
        one_err("pgR"),
        (0..1, "`p` and `g` exclude each other".to_string())
    );
    assert_eq!(
        one_err("afsN"),
        (
            0..1,
            "multi-leg moves (`a`) are not supported with the oblique atom `N`".to_string()
        )
    );
}

#[test]
fn other_characters() {
    assert_eq!(
        one_err("W$"),
        (1..2, "unexpected character `$`".to_string())
    );
    assert_eq!(
        one_err("W F"),
        (1..2, "unexpected space in a move string".to_string())
    );
    assert_eq!(
        one_err("Wé"),
        (1..3, "unexpected character `é`".to_string())
    );
}

#[test]
fn several_errors_in_one_string() {
    let e = err("XfmYq$");
    let msgs: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        msgs,
        vec![
            "unknown atom `X`",
            "unknown atom `Y`",
            "modifiers `q` have no atom after them",
            "unexpected character `$`"
        ]
    );
}

#[test]
fn garbage_never_panics() {
    let alphabet: Vec<char> = "fanpWN(3,)0 KyéR".chars().collect();
    let mut count = 0;
    let mut inputs = vec![String::new()];
    for _ in 0..3 {
        let mut next = Vec::new();
        for s in &inputs {
            for c in &alphabet {
                let t = format!("{s}{c}");
                let _ = parse_betza(&t);
                count += 1;
                next.push(t);
            }
        }
        inputs = next;
    }
    assert!(count > 4000);
    // Longer random strings over every printable ASCII character (a fixed-seed generator).
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..2000 {
        let len = (seed % 12) as usize;
        let mut s = String::new();
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push((b' ' + (seed % 95) as u8) as char);
        }
        if let Ok(ps) = parse_betza(&s) {
            assert!(ps.iter().all(|p| !p.legs.is_empty() && p.span.1 <= s.len()));
        }
        if let Err(es) = parse_betza(&s) {
            assert!(es
                .iter()
                .all(|e| e.span.0 <= e.span.1 && e.span.1 <= s.len()));
        }
    }
}

/// The lame leap of `betza` whose legs step as `steps`: each leg but the last must find its
/// square empty, the last moves or captures.
fn assert_lame_path(betza: &str, steps: &[(i8, i8)]) {
    let ps = ok(betza);
    assert_eq!(ps.len(), 8, "{betza}");
    let path = ps
        .iter()
        .find(|p| {
            p.legs
                .iter()
                .map(|l| (l.step.df, l.step.dr))
                .collect::<Vec<_>>()
                == steps
        })
        .unwrap_or_else(|| panic!("{betza}: no leap stepping {steps:?}"));
    let (last, before) = path.legs.split_last().expect("legs");
    assert!(before.iter().all(|l| l.mode == MOVE), "{betza}");
    assert_eq!(last.mode, BOTH, "{betza}");
}

#[test]
fn lame_z_is_a_wazir_step_then_two_outward_ferz_steps() {
    // The janggi elephant: (3,2) blocked on the orthogonal square and on the diagonal one after it.
    assert_lame_path("nZ", &[(0, 1), (1, 1), (1, 1)]);
    assert_eq!(shapes(&ok("nJ")), shapes(&ok("nZ")));
}

#[test]
fn lame_camel_is_two_wazir_steps_then_one_outward_ferz_step() {
    // The same rule as `nN` and `nZ` (Fairy-Stockfish's path for every lame leap): the orthogonal
    // steps along the longer component first, then the diagonal one outward.
    assert_lame_path("nC", &[(0, 1), (0, 1), (1, 1)]);
    assert_lame_path("nC", &[(1, 0), (1, 0), (1, -1)]);
    assert_eq!(shapes(&ok("nL")), shapes(&ok("nC")));
}

#[test]
fn capture_and_return_is_two_legs_back_to_the_start() {
    let ps = ok("cabW");
    assert_eq!(ps.len(), 4);
    assert!(ps.iter().all(|p| p.legs.len() == 2
        && p.legs[0].step.df == -p.legs[1].step.df
        && p.legs[0].step.dr == -p.legs[1].step.dr
        && p.legs[0].mode == CAPTURE));
}

#[test]
fn strings_that_can_never_move_are_errors() {
    // Back to the start without capturing: changes nothing.
    let (span, msg) = one_err("mabW");
    assert_eq!(span, 0..4);
    assert_eq!(
        msg,
        "`mabW` can never make a move: it comes back to its own square without capturing, \
         which changes nothing"
    );
    // Capturing on the square the piece left, which is empty by then.
    assert_eq!(
        one_err("cabcW").1,
        "`cabcW` can never make a move: it can only capture on the square the piece left, \
         which is empty then"
    );
    // Jumping a piece on the square the piece left.
    assert!(one_err("mapbafW").1.contains("a leg must stop on a piece"));
    // Located: the second component of `WmabF` is the one at fault.
    assert_eq!(one_err("WmabF").0, 1..5);
    // Only the useless directions go: `mavW` keeps the straight two-step and drops the return.
    let ps = ok("mavW");
    assert_eq!(ps.len(), 4);
    assert!(ps.iter().all(|p| p.legs[0].step == p.legs[1].step));
}

#[test]
fn chiral_hl_and_hr_are_four_leaps_closed_under_quarter_turns() {
    let leaps = |b: &str| -> BTreeSet<(i8, i8)> {
        ok(b)
            .iter()
            .map(|p| (p.legs[0].step.df, p.legs[0].step.dr))
            .collect()
    };
    // `hrN` holds the narrow forward-right leap and its quarter turns clockwise.
    assert_eq!(
        leaps("hrN"),
        BTreeSet::from([(1, 2), (2, -1), (-1, -2), (-2, 1)])
    );
    // `hlN` holds the wide forward-right leap and its quarter turns.
    assert_eq!(
        leaps("hlN"),
        BTreeSet::from([(2, 1), (1, -2), (-2, -1), (-1, 2)])
    );
    // With `h` second it is still a half: `lhN` the four leaps to the left.
    assert_eq!(
        leaps("lhN"),
        BTreeSet::from([(-1, 2), (-2, 1), (-2, -1), (-1, -2)])
    );
    // Neither chiral set is left-right symmetric; both together are the knight.
    assert_eq!(leaps("hlNhrN"), leaps("N"));
}
