//! Pieces and rules in words, from the compiled [`RuleSet`] (never from the source text).

use crate::geometry::{Dimensions, Offset, Player, PlayerSquares, SquareSet};
use crate::rules::{
    Confinement, Hop, Leg, LegMode, MovePattern, MoveRule, PathRide, PieceKind, PromotionMode,
    RideDirection, RuleSet,
};

/// A `rides` statement in words, after the word "rides": the paths, the direction, the step
/// limit, how it passes pieces and what it may take.
pub(crate) fn ride_words(rules: &RuleSet, ride: &PathRide) -> String {
    let names: Vec<String> = ride
        .paths
        .iter()
        .map(|&p| format!("`{}`", rules.path_name(p)))
        .collect();
    let kinds = |ks: &[PieceKind]| -> String {
        let names: Vec<&str> = ks.iter().map(|&k| rules.piece(k).name.as_str()).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => (*one).to_string(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        }
    };
    let mut s = match names.as_slice() {
        [one] => format!("along path {one}, "),
        [init @ .., last] => format!(
            "along whichever of the paths {} and {last} it stands on, ",
            init.join(", ")
        ),
        [] => "along no path, ".to_string(),
    };
    match ride.limit {
        Some(1) => s.push_str("1 square "),
        Some(n) => s.push_str(&format!("up to {n} squares ")),
        None => {}
    }
    s.push_str(match ride.direction {
        None => "in either direction",
        Some(RideDirection::Forward) => "forward only (every step towards the opponent)",
        Some(RideDirection::Backward) => "backward only (every step towards its own side)",
        Some(RideDirection::Sideways) => "sideways only (every step along a rank)",
    });
    if ride.hopping {
        s.push_str(", hopping over exactly one piece on the way");
        if !ride.not_over.is_empty() {
            s.push_str(&format!(" (never a {})", kinds(&ride.not_over)));
        }
        s.push_str(": to an empty square beyond it or capturing the first piece beyond it if it is an enemy");
    } else if ride.limit == Some(1) {
        s.push_str(": to an empty square or capturing an enemy there");
    } else {
        s.push_str(": through empty squares, to an empty square or capturing the first piece met if it is an enemy");
    }
    if !ride.not_capturing.is_empty() {
        s.push_str(&format!(
            "; never captures a {}",
            kinds(&ride.not_capturing)
        ));
    }
    s
}

/// The name of a zone with exactly these squares, if one is declared.
pub(crate) fn zone_name<'a>(rules: &'a RuleSet, squares: &PlayerSquares) -> Option<&'a str> {
    rules
        .zones
        .iter()
        .find(|(_, z)| *z == squares)
        .map(|(n, _)| n.as_str())
}

/// A set of squares in words: a zone's name, or a short list of squares.
pub(crate) fn squares_text(rules: &RuleSet, squares: &PlayerSquares, player: Player) -> String {
    if let Some(n) = zone_name(rules, squares) {
        return n.to_string();
    }
    // A zone stated for the second player's view ("enemy palace") matches when mirrored.
    let swapped = squares.swapped();
    if let Some(n) = zone_name(rules, &swapped) {
        return format!("enemy {n}");
    }
    square_list(rules.board.dims, &squares[player])
}

/// A square set as a list (shortened past twelve squares).
pub(crate) fn square_list(dims: Dimensions, set: &SquareSet) -> String {
    let names: Vec<String> = set.iter().map(|s| dims.name(s)).collect();
    if names.len() > 12 {
        format!(
            "{} ... {} ({} squares)",
            names[..6].join(" "),
            names[names.len() - 3..].join(" "),
            names.len()
        )
    } else {
        names.join(" ")
    }
}

fn kind_names(rules: &RuleSet, kinds: &[PieceKind]) -> String {
    kinds
        .iter()
        .map(|k| rules.piece(*k).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The classic name of a leap, if it has one.
fn atom_name(a: u8, b: u8) -> Option<&'static str> {
    crate::betza::named_leap(a, b).map(|l| l.name)
}

/// The leap a step belongs to, as (longer, shorter) absolute coordinates.
fn atom(o: Offset) -> (u8, u8) {
    let (x, y) = (o.df.unsigned_abs(), o.dr.unsigned_abs());
    (x.max(y), x.min(y))
}

/// The direction of a step in words, seen from the first player (forward = up the board).
fn direction(o: Offset) -> String {
    let v = if o.dr > 0 {
        "forward"
    } else if o.dr < 0 {
        "backward"
    } else {
        ""
    };
    let h = if o.df > 0 {
        "right"
    } else if o.df < 0 {
        "left"
    } else {
        ""
    };
    match (v, h) {
        ("", h) => h.to_string(),
        (v, "") => v.to_string(),
        (v, h) => format!("{v}-{h}"),
    }
}

/// Directions of a group of steps of one atom, in words.
fn directions_text(steps: &[Offset]) -> String {
    let has = |df: i8, dr: i8| {
        steps
            .iter()
            .any(|o| o.df.signum() == df && o.dr.signum() == dr)
    };
    let (a, b) = atom(steps[0]);
    let n = steps.len();
    if b == 0 {
        let f = has(0, 1);
        let bk = has(0, -1);
        let s = has(1, 0) && has(-1, 0);
        return match (f, bk, s, n) {
            (true, true, true, 4) => "orthogonally".into(),
            (true, false, false, 1) => "straight forward".into(),
            (false, true, false, 1) => "straight backward".into(),
            (true, true, false, 2) => "forward or backward".into(),
            (false, false, true, 2) => "sideways".into(),
            (true, false, true, 3) => "forward or sideways".into(),
            (false, true, true, 3) => "backward or sideways".into(),
            _ => steps
                .iter()
                .map(|o| direction(*o))
                .collect::<Vec<_>>()
                .join(" or "),
        };
    }
    if a == b {
        let fwd = has(1, 1) && has(-1, 1);
        let back = has(1, -1) && has(-1, -1);
        return match (fwd, back, n) {
            (true, true, 4) => "diagonally".into(),
            (true, false, 2) => "diagonally forward".into(),
            (false, true, 2) => "diagonally backward".into(),
            _ => steps
                .iter()
                .map(|o| format!("diagonally {}", direction(*o)))
                .collect::<Vec<_>>()
                .join(" or "),
        };
    }
    if n == 8 {
        return "in all 8 directions".into();
    }
    let forward = steps.iter().all(|o| o.dr > 0);
    let backward = steps.iter().all(|o| o.dr < 0);
    let narrow = steps
        .iter()
        .all(|o| o.dr.unsigned_abs() > o.df.unsigned_abs());
    let wide = steps
        .iter()
        .all(|o| o.dr.unsigned_abs() < o.df.unsigned_abs());
    let side = if forward {
        "forward"
    } else if backward {
        "backward"
    } else {
        ""
    };
    let shape = if narrow {
        "narrow"
    } else if wide {
        "wide"
    } else {
        ""
    };
    let mut words: Vec<&str> = vec![side, shape]
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        words.push("in");
    }
    format!("{} ({} of 8 directions)", words.join(" "), n)
}

/// One leg's distance and atom in words: "1 square", "any distance", "a knight leap".
fn reach_text(leg: &Leg) -> String {
    let (a, b) = atom(leg.step);
    let unit = match (a, b) {
        (1, 0) | (1, 1) => String::new(),
        _ => match atom_name(a, b) {
            Some(n) => format!("{n} ({a},{b}) "),
            None => format!("({a},{b}) "),
        },
    };
    let count = if leg.max == Leg::UNLIMITED {
        if leg.min > 1 {
            format!("at least {} ", leg.min)
        } else {
            "any number of ".into()
        }
    } else if leg.min == leg.max {
        format!("{} ", leg.max)
    } else {
        format!("{} to {} ", leg.min, leg.max)
    };
    let noun = if unit.is_empty() {
        if leg.max == 1 {
            "square".to_string()
        } else {
            "squares".to_string()
        }
    } else if leg.max == 1 {
        format!("{unit}leap").replace("  ", " ")
    } else {
        format!("{unit}leaps").replace("  ", " ")
    };
    if leg.max == 1 && leg.min == 1 {
        if unit.is_empty() {
            "1 square".into()
        } else {
            format!("a {noun}")
        }
    } else {
        format!("{count}{noun}")
    }
}

fn final_mode_text(mode: LegMode) -> &'static str {
    match (mode.to_empty, mode.to_enemy) {
        (true, true) => "",
        (true, false) => ", only to an empty square",
        (false, true) => ", only to capture",
        (false, false) => ", without landing",
    }
}

fn hop_text(hop: Hop) -> &'static str {
    match hop {
        Hop::None => "",
        Hop::Screen => ", hopping over exactly one piece on the way",
        Hop::Grasshopper => ", landing just beyond the first piece met",
    }
}

fn flags_text(p: &MovePattern) -> String {
    let mut s = String::new();
    if p.initial {
        s.push_str(", only from its initial squares");
    }
    if p.en_passant {
        s.push_str(", may capture en passant");
    }
    if p.royal_only {
        s.push_str(", may capture only a royal piece");
    }
    s
}

fn turn_text(prev: Offset, next: Offset) -> &'static str {
    let a1 = (prev.dr as f64).atan2(prev.df as f64);
    let a2 = (next.dr as f64).atan2(next.df as f64);
    let mut d = (a2 - a1).to_degrees().abs();
    if d > 180.0 {
        d = 360.0 - d;
    }
    match d.round() as i32 {
        0 => "straight on",
        1..=60 => "turning 45 degrees",
        61..=120 => "turning 90 degrees",
        121..=170 => "turning back 135 degrees",
        _ => "straight back",
    }
}

fn middle_leg_text(mode: LegMode) -> &'static str {
    match (mode.to_empty, mode.to_enemy, mode.over_piece) {
        (true, false, false) => " to an empty square",
        (true, true, false) => " to an empty square or an enemy (captured)",
        (false, true, false) => " onto an enemy, capturing it",
        (false, false, true) => " onto a piece, jumping it",
        (true, _, true) => " whatever stands there",
        _ => "",
    }
}

/// Key for grouping patterns that differ only in direction.
fn shape_key(p: &MovePattern) -> String {
    let legs: Vec<String> = p
        .legs
        .iter()
        .map(|l| format!("{:?}{}-{}{:?}", atom(l.step), l.min, l.max, l.mode))
        .collect();
    format!(
        "{}|{}{}{}",
        legs.join(";"),
        p.initial,
        p.en_passant,
        p.royal_only
    )
}

/// A rule's patterns in words, one phrase per group of patterns that differ only in direction.
pub(crate) fn patterns_text(patterns: &[MovePattern]) -> Vec<String> {
    let mut groups: Vec<(String, Vec<&MovePattern>)> = Vec::new();
    for p in patterns {
        if p.legs.is_empty() {
            continue;
        }
        let k = shape_key(p);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, v)) => v.push(p),
            None => groups.push((k, vec![p])),
        }
    }
    groups
        .into_iter()
        .map(|(_, ps)| {
            let first = ps[0];
            if first.legs.len() == 1 {
                let leg = &first.legs[0];
                let steps: Vec<Offset> = ps.iter().map(|p| p.legs[0].step).collect();
                let verb = if leg.max == 1 && atom(leg.step).0 > 1 {
                    "leaps"
                } else {
                    "goes"
                };
                format!(
                    "{verb} {} {}{}{}{}",
                    reach_text(leg),
                    directions_text(&steps),
                    hop_text(leg.mode.hop),
                    final_mode_text(leg.mode),
                    flags_text(first)
                )
            } else {
                let firsts: Vec<Offset> = ps.iter().map(|p| p.legs[0].step).collect();
                let mut s = format!(
                    "goes {} {}{}",
                    reach_text(&first.legs[0]),
                    directions_text(&dedup(firsts)),
                    middle_leg_text(first.legs[0].mode)
                );
                for i in 1..first.legs.len() {
                    let leg = &first.legs[i];
                    let last = i + 1 == first.legs.len();
                    s.push_str(&format!(
                        ", then {} {}",
                        reach_text(leg),
                        turn_text(first.legs[i - 1].step, leg.step)
                    ));
                    if last {
                        s.push_str(hop_text(leg.mode.hop));
                        s.push_str(final_mode_text(leg.mode));
                    } else {
                        s.push_str(middle_leg_text(leg.mode));
                    }
                }
                s.push_str(&flags_text(first));
                if ps.len() > 1 {
                    s.push_str(&format!(" ({} ways)", ps.len()));
                }
                s
            }
        })
        .collect()
}

fn dedup(mut v: Vec<Offset>) -> Vec<Offset> {
    v.sort();
    v.dedup();
    v
}

fn rule_conditions(rules: &RuleSet, r: &MoveRule) -> String {
    let mut s = String::new();
    if let Some(z) = &r.only_in {
        let zone = match r.zone {
            Some(named) => rules.zone_ref_name(named),
            None => squares_text(rules, z, Player::First),
        };
        s.push_str(&format!("; only while standing in {zone}"));
    }
    if let Some(k) = &r.capturing {
        s.push_str(&format!(
            "; only to capture a {}",
            kind_names(rules, k).replace(", ", " or ")
        ));
    }
    if r.unconfined {
        s.push_str("; may leave its confinement");
    }
    if r.sets_en_passant {
        s.push_str("; may be taken en passant on the squares it passes");
    }
    s
}

/// A piece described in words, one statement per line.
pub(crate) fn piece_text(rules: &RuleSet, kind: PieceKind) -> Vec<String> {
    let p = rules.piece(kind);
    let mut lines = vec![format!(
        "{} ({}, {} for the second player)",
        p.name,
        p.letter,
        p.letter.to_ascii_lowercase()
    )];
    for r in &p.moves {
        let parts = patterns_text(&r.patterns);
        let words = if parts.is_empty() {
            "no move".to_string()
        } else {
            parts.join("; or ")
        };
        lines.push(format!(
            "  {}: {}{}",
            r.betza,
            words,
            rule_conditions(rules, r)
        ));
    }
    if let Some(fm) = &p.first_move {
        let r = &fm.rule;
        let mut cond = rule_conditions(rules, r);
        if fm.not_in_check {
            cond.push_str("; not while in check");
        }
        if !fm.lost_by.is_empty() {
            cond.push_str(&format!(
                "; the right is lost to an enemy {} aimed at it",
                kind_names(rules, &fm.lost_by).replace(", ", " or ")
            ));
        }
        lines.push(format!(
            "  {} (first move only): {}{}",
            r.betza,
            patterns_text(&r.patterns).join("; or "),
            cond
        ));
    }
    for ride in &p.rides {
        lines.push(format!("  rides {}", ride_words(rules, ride)));
    }
    if p.moves.is_empty() && p.rides.is_empty() {
        lines.push("  has no moves".into());
    }
    if p.royal {
        lines.push("  royal".into());
    }
    match &p.confinement {
        Confinement::None => {}
        Confinement::Within(z) => lines.push(format!(
            "  never leaves {}",
            squares_text(rules, z, Player::First)
        )),
        Confinement::Regions(rs) => lines.push(format!(
            "  stays within whichever of {} it stands in",
            rs.iter()
                .map(|z| squares_text(rules, z, Player::First))
                .collect::<Vec<_>>()
                .join(" | ")
        )),
    }
    if let Some(pr) = &p.promotion {
        let mode = match pr.mode {
            PromotionMode::Forced => "must promote when a move ends in",
            PromotionMode::Optional => "may promote when a move starts or ends in",
            PromotionMode::ForcedStartOrEnd => "must promote when a move starts or ends in",
            PromotionMode::InPlace => "may promote in place or by a step, instead of moving, in",
        };
        lines.push(format!(
            "  {mode} {}, to {}",
            squares_text(rules, &pr.zone, Player::First),
            kind_names(rules, &pr.to).replace(", ", " or ")
        ));
    }
    let promoted_from: Vec<&str> = rules
        .pieces
        .iter()
        .filter(|q| q.promotion.as_ref().is_some_and(|pr| pr.to.contains(&kind)))
        .map(|q| q.name.as_str())
        .collect();
    if !promoted_from.is_empty() {
        lines.push(format!(
            "  what a {} may promote to",
            promoted_from.join(" or a ")
        ));
    }
    if !rules.drops.to_hand.is_empty() {
        let to = p.captured_as;
        if rules.drops.to_hand.contains(&to) {
            if to == kind {
                lines.push("  when captured, goes to the captor's hand".into());
            } else {
                lines.push(format!(
                    "  when captured, goes to the captor's hand as a {}",
                    rules.piece(to).name
                ));
            }
        } else {
            lines.push("  when captured, leaves the game".into());
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Hop;

    fn leg(df: i8, dr: i8, max: u8, to_empty: bool, to_enemy: bool) -> Leg {
        Leg {
            step: Offset::new(df, dr),
            min: 1,
            max,
            mode: LegMode {
                to_empty,
                to_enemy,
                over_piece: false,
                hop: Hop::None,
            },
        }
    }

    fn pat(legs: Vec<Leg>) -> MovePattern {
        MovePattern {
            legs,
            initial: false,
            en_passant: false,
            passable: false,
            royal_only: false,
            span: (0, 1),
        }
    }

    #[test]
    fn a_rook_slides_orthogonally() {
        let ps: Vec<MovePattern> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .map(|&(f, r)| pat(vec![leg(f, r, Leg::UNLIMITED, true, true)]))
            .collect();
        assert_eq!(
            patterns_text(&ps),
            vec!["goes any number of squares orthogonally"]
        );
    }

    #[test]
    fn a_pawn_steps_forward_and_captures_diagonally() {
        let ps = vec![
            pat(vec![leg(0, 1, 1, true, false)]),
            pat(vec![leg(1, 1, 1, false, true)]),
            pat(vec![leg(-1, 1, 1, false, true)]),
        ];
        assert_eq!(
            patterns_text(&ps),
            vec![
                "goes 1 square straight forward, only to an empty square",
                "goes 1 square diagonally forward, only to capture"
            ]
        );
    }

    #[test]
    fn a_lame_horse_is_two_legs() {
        let mut ps = Vec::new();
        for (w, f) in [
            ((0, 1), [(1, 1), (-1, 1)]),
            ((0, -1), [(1, -1), (-1, -1)]),
            ((1, 0), [(1, 1), (1, -1)]),
            ((-1, 0), [(-1, 1), (-1, -1)]),
        ] {
            for d in f {
                ps.push(pat(vec![
                    leg(w.0, w.1, 1, true, false),
                    leg(d.0, d.1, 1, true, true),
                ]));
            }
        }
        assert_eq!(
            patterns_text(&ps),
            vec!["goes 1 square orthogonally to an empty square, then 1 square turning 45 degrees (8 ways)"]
        );
    }

    #[test]
    fn a_knight_leaps() {
        let ps: Vec<MovePattern> = [(1, 2), (-1, 2)]
            .iter()
            .map(|&(f, r)| pat(vec![leg(f, r, 1, true, true)]))
            .collect();
        assert_eq!(
            patterns_text(&ps),
            vec!["leaps a knight (2,1) leap forward narrow (2 of 8 directions)"]
        );
    }
}
