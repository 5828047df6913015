//! The game rules beyond check and mate: `pass`, `bare-royal`, `extinction`, `goal`,
//! `check-limit`, `no-check`, `must-capture` and `promotion-limit` (merged by keyword in
//! [`super::merge`]).

use super::{in_range, player_named, score, Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::geometry::Player;
use crate::rules::{
    Connect, Counted, Explosions, Extinction, Flip, FlipRule, GameEnd, Goal, Outcome, PassRule,
    PieceKind,
};
use crate::syntax::Statement;

/// Most checks a side may have to give (`check-limit`): the FEN counts them in one digit group.
const MAX_CHECK_LIMIT: u64 = 99;

/// Fills the end rules into `end`; returns the promotion limits per kind.
pub(super) fn compile(
    ctx: &mut Ctx,
    m: &Merged,
    end: &mut GameEnd,
    kinds: usize,
    royals: &[PieceKind],
    env: &mut Env,
) -> Vec<Option<u8>> {
    let mut limits = vec![None; kinds];
    for st in m.game_rules.values() {
        let span = st.span;
        match &st.node {
            Statement::Pass(twice, when_stuck) => {
                end.pass = Some(PassRule {
                    twice: twice.as_ref().map(|s| score(ctx, env, s)),
                    when_stuck: *when_stuck,
                });
            }
            Statement::BareRoyal(s) => {
                if royals.is_empty() {
                    needs_royal(ctx, span, "`bare-royal`");
                }
                end.bare_royal = Some(score(ctx, env, s));
            }
            Statement::Extinction {
                kinds,
                all,
                down_to,
                score: result,
            } => {
                let down_to = match down_to {
                    Some(n) => in_range(ctx, n, 0, u8::MAX as u64, "the extinction count")
                        .map_or(0, |n| n as u8),
                    None => 0,
                };
                let score = result
                    .as_ref()
                    .map_or(Outcome::Loss, |s| score(ctx, env, s));
                let rule = |counted| Extinction {
                    counted,
                    down_to,
                    score,
                };
                end.extinction = if all.is_some() {
                    vec![rule(Counted::All)]
                } else {
                    kinds
                        .iter()
                        .filter_map(|n| env.kind(ctx, n, Code::PieceUnknown, "piece"))
                        .map(|k| rule(Counted::Kind(k)))
                        .collect()
                };
            }
            Statement::Goal {
                kinds,
                any,
                zone,
                count,
                or_full,
                safe,
                reply,
                held,
                player,
            } => {
                let only = match player {
                    Some(n) => match player_named(ctx, env, n) {
                        Some(p) => Some(p),
                        None => continue,
                    },
                    None => None,
                };
                if let Some(g) = goal(ctx, env, kinds, any.is_some(), zone, count, or_full, only) {
                    end.goal = Some(Goal {
                        safe: safe.is_some(),
                        reply: reply.is_some(),
                        held: held.is_some(),
                        ..g
                    });
                }
                // `reply` is racing kings' rule (one king each, arriving by a move); the other
                // side's answer with more pieces or safety is `held`.
                if let Some(r) = reply {
                    let with = match (count.as_ref().filter(|n| n.node != 1), safe) {
                        (Some(n), _) => Some((n.span, "`count`")),
                        (None, Some(s)) => Some((*s, "`safe`")),
                        (None, None) => None,
                    };
                    if let Some((at, what)) = with {
                        let e = ctx
                            .error(
                                Code::GoalCombination,
                                *r,
                                format!("`reply` cannot be combined with {what}"),
                            )
                            .with_label("`reply` here")
                            .with_note(at.start, at.end, format!("{what} here"))
                            .with_help("`reply` lets the second player answer a single arrival by arriving too (racing kings); for an arrival confirmed after either side's reply write `held`, like `goal any in camp safe held`");
                        ctx.report(e);
                    }
                }
            }
            Statement::Connect {
                n,
                regions,
                lines,
                kinds,
                square,
                gaps,
                score: result,
            } => {
                let n = match n {
                    Some(n) => in_range(ctx, n, 2, 16, "the number in a row"),
                    None => Some(0),
                };
                let regions = match regions {
                    Some((a, b)) => match (env.inline_zone(ctx, a), env.inline_zone(ctx, b)) {
                        (Some(a), Some(b)) => Some((a, b)),
                        _ => continue,
                    },
                    None => None,
                };
                let square = match square {
                    Some(m) => match in_range(ctx, m, 2, 16, "the side of the square") {
                        Some(m) => Some(m as u8),
                        None => continue,
                    },
                    None => None,
                };
                let kinds = env.kinds(ctx, kinds, Code::PieceUnknown, "piece");
                let has = |w: &str| lines.is_empty() || lines.iter().any(|l| l.node == w);
                let score = result.as_ref().map_or(Outcome::Win, |s| score(ctx, env, s));
                if let (Some(n), Some(kinds)) = (n, kinds) {
                    end.connect = Some(Connect {
                        n: n as u8,
                        horizontal: has("horizontal"),
                        vertical: has("vertical"),
                        diagonal: has("diagonal"),
                        kinds,
                        square,
                        gaps: *gaps,
                        regions,
                        score,
                    });
                }
            }
            Statement::CheckLimit(n) => {
                if royals.is_empty() {
                    needs_royal(ctx, span, "`check-limit`");
                }
                if (1..=MAX_CHECK_LIMIT).contains(&n.node) {
                    end.check_limit = Some(n.node as u8);
                } else {
                    let e = ctx
                        .error(
                            Code::NumberRange,
                            n.span,
                            format!("the check limit must be from 1 to {MAX_CHECK_LIMIT}"),
                        )
                        .with_label("out of range")
                        .with_help("`check-limit 3`: the side that gives the third check wins");
                    ctx.report(e);
                }
            }
            Statement::CastlingWins(sides, player) => {
                if m.castling.is_none() {
                    let e = ctx
                        .error(
                            Code::StatementMissing,
                            span,
                            "`castling-wins` needs castling, and the variant has none".to_string(),
                        )
                        .with_label("castling that no move can make")
                        .with_help("add a `castling KING ROOK` statement, or remove this one");
                    ctx.report(e);
                }
                let players: Vec<Player> = match player {
                    Some(n) => match player_named(ctx, env, n) {
                        Some(p) => vec![p],
                        None => continue,
                    },
                    None => Player::BOTH.to_vec(),
                };
                let mut wins = crate::geometry::ByPlayer::both([false; 2]);
                for p in players {
                    for s in sides {
                        wins[p][usize::from(!s.node)] = true;
                    }
                }
                end.castling_wins = Some(wins);
            }
            Statement::NoCheck => {
                if royals.is_empty() {
                    needs_royal(ctx, span, "`no-check`");
                }
                end.no_check = true;
            }
            Statement::MustCapture => end.must_capture = true,
            Statement::CheckedRoyalTakesOnly => end.checked_royal_takes_only = true,
            Statement::BoardFull(s) => {
                end.board_full = Some(s.as_ref().map_or(Outcome::Draw, |s| score(ctx, env, s)));
            }
            Statement::DrawsByCount => end.draws_by_count = true,
            Statement::Counting {
                without,
                board,
                board_up_to,
                bare_without,
                rows,
                otherwise,
                from_pieces,
            } => {
                // Limits in moves; the count runs in plies, in 16 bits.
                let moves = |ctx: &mut Ctx, n: &Option<crate::syntax::Number>| match n {
                    Some(n) => in_range(ctx, n, 1, 10_000, "a counting limit").map(|v| v as u16),
                    None => Some(0),
                };
                let without = env.kinds(ctx, without, Code::PieceUnknown, "piece");
                let bare_without = env.kinds(ctx, bare_without, Code::PieceUnknown, "piece");
                let board = moves(ctx, board);
                let up_to = match board_up_to {
                    Some(n) => in_range(ctx, n, 1, 255, "a piece count").map(|v| Some(v as u8)),
                    None => Some(None),
                };
                let otherwise = moves(ctx, otherwise);
                let mut bare = Vec::new();
                let mut ok = true;
                for (m, kind, limit) in rows {
                    let at_least = match m {
                        Some(m) => in_range(ctx, m, 1, 255, "a piece count"),
                        None => Some(1),
                    };
                    let kind = env.kind(ctx, kind, Code::PieceUnknown, "piece");
                    let limit = moves(ctx, &Some(limit.clone()));
                    match (at_least, kind, limit) {
                        (Some(a), Some(k), Some(l)) => bare.push(crate::rules::CountRow {
                            at_least: a as u8,
                            kind: k,
                            limit: l,
                        }),
                        _ => ok = false,
                    }
                }
                if let (
                    Some(without),
                    Some(board),
                    Some(otherwise),
                    Some(bare_without),
                    Some(board_up_to),
                    true,
                ) = (without, board, otherwise, bare_without, up_to, ok)
                {
                    end.counting = Some(crate::rules::Counting {
                        without,
                        board,
                        board_up_to,
                        bare_without,
                        bare,
                        otherwise,
                        from_pieces: *from_pieces,
                    });
                }
            }
            Statement::Explosions { spare, immune } => {
                let spare = env.kinds(ctx, spare, Code::PieceUnknown, "piece");
                let immune = env.kinds(ctx, immune, Code::PieceUnknown, "piece");
                if let (Some(spare), Some(immune)) = (spare, immune) {
                    end.explosions = Some(Explosions { spare, immune });
                }
            }
            Statement::Petrify(names) => {
                let Some(kinds) = env.kinds(ctx, names, Code::PieceUnknown, "piece") else {
                    continue;
                };
                // A royal piece that turned to stone would leave its side without it: refused.
                for (k, n) in kinds.iter().zip(names) {
                    if royals.contains(k) {
                        let e = ctx
                            .error(
                                Code::PetrifyRoyal,
                                n.span,
                                format!("`{}` is royal and cannot turn to stone", n.node),
                            )
                            .with_label("a royal kind")
                            .with_help("name only kinds that are not royal in `petrify`");
                        ctx.report(e);
                    }
                }
                end.petrify = kinds;
            }
            Statement::PromotionLimit(list) => {
                for (name, n) in list {
                    let Some(k) = env.kind(ctx, name, Code::PieceUnknown, "piece") else {
                        continue;
                    };
                    if n.node > u8::MAX as u64 {
                        let e = ctx
                            .error(
                                Code::NumberRange,
                                n.span,
                                "a promotion limit must be from 0 to 255",
                            )
                            .with_label("out of range")
                            .with_help("`promotion-limit Queen 1`: no promotion to a queen while the player has one");
                        ctx.report(e);
                        continue;
                    }
                    if let Some(slot) = limits.get_mut(k.index()) {
                        *slot = Some(n.node as u8);
                    }
                }
            }
            _ => {}
        }
    }
    // No limit at all: an empty list (a rule set without the rule carries nothing for it).
    if limits.iter().all(Option::is_none) {
        limits.clear();
    }
    limits
}

/// The `flip` rule, if the definition states one: refused with a royal piece, which turned
/// over would hand its royalty to the other side.
pub(super) fn flip(ctx: &mut Ctx, m: &Merged, royals: &[PieceKind]) -> Option<Flip> {
    let st = m.game_rules.get("flip")?;
    let Statement::Flip { rule, supported } = &st.node else {
        return None;
    };
    if !royals.is_empty() {
        let e = ctx
            .error(
                Code::FlipRoyal,
                st.span,
                "`flip` cannot be used in a variant with a royal piece",
            )
            .with_label("flip here")
            .with_help("a royal piece turned over would change sides with its royalty; flipping games (reversi, ataxx) have no royal piece: remove `royal`, or the `flip` statement");
        ctx.report(e);
        return None;
    }
    Some(Flip {
        rule: if rule.node == "lines" {
            FlipRule::Lines
        } else {
            FlipRule::Adjacent
        },
        supported: *supported,
    })
}

/// The kinds, zone and count of a `goal`, checked (`safe`, `reply` and `held` left false);
/// with `only`, the other player's zone is empty (a goal for one side).
#[allow(clippy::too_many_arguments)]
fn goal(
    ctx: &mut Ctx,
    env: &mut Env,
    kinds: &[crate::syntax::Name],
    any: bool,
    zone: &crate::syntax::ZoneExpr,
    count: &Option<crate::syntax::Number>,
    or_full: &Option<crate::syntax::Span>,
    only: Option<Player>,
) -> Option<Goal> {
    let mut listed: Vec<PieceKind> = Vec::new();
    let mut known = true;
    for n in kinds {
        match env.kind(ctx, n, Code::PieceUnknown, "goal piece") {
            Some(k) if listed.contains(&k) => {
                let e = ctx
                    .error(
                        Code::NameDuplicate,
                        n.span,
                        format!("{} is listed twice in `goal`", n.node),
                    )
                    .with_label("listed again")
                    .with_help("name each kind once: `goal King, Queen in hill`");
                ctx.report(e);
            }
            Some(k) => listed.push(k),
            None => known = false,
        }
    }
    let mut zone = env.inline_zone(ctx, zone)?;
    if let Some(p) = only {
        zone[p.other()] = Default::default();
    }
    // The count is bounded by the zone of each player that has the goal.
    let smallest = [Player::First, Player::Second]
        .into_iter()
        .filter(|p| only.is_none_or(|o| o == *p))
        .map(|p| zone[p].len())
        .min()
        .unwrap_or(0);
    let count = match count {
        None => 1,
        Some(n) => {
            // With `or-full` a full zone wins with fewer, so a count above its size still means something.
            let hi = if or_full.is_some() {
                u8::MAX as u64
            } else {
                (smallest as u64).clamp(1, u8::MAX as u64)
            };
            if (1..=hi).contains(&n.node) {
                n.node as u8
            } else {
                let e = ctx
                    .error(
                        Code::NumberRange,
                        n.span,
                        if or_full.is_some() {
                            format!("the goal count must be from 1 to {hi}")
                        } else {
                            format!("the goal count must be from 1 to {hi}, the squares of the goal zone")
                        },
                    )
                    .with_label("out of range")
                    .with_help("`count N`: N pieces of the goal kinds must stand in the zone at once, like `goal Pawn in camp count 3`");
                ctx.report(e);
                return None;
            }
        }
    };
    if let (Some(at), 1) = (or_full, count) {
        let e = ctx
            .error(
                Code::GoalCombination,
                *at,
                "`or-full` needs a count above 1",
            )
            .with_label("one piece already reaches the goal")
            .with_help("`count N or-full`: fewer than N pieces also win when the zone has no empty square left, like `goal Pawn in camp count 7 or-full`");
        ctx.report(e);
    }
    if !known {
        return None;
    }
    Some(Goal {
        kinds: (!any).then_some(listed),
        zone,
        count,
        or_full: or_full.is_some(),
        safe: false,
        reply: false,
        held: false,
    })
}

fn needs_royal(ctx: &mut Ctx, span: crate::syntax::Span, what: &str) {
    let e = ctx
        .error(
            Code::RoyalMissing,
            span,
            format!("{what} needs a royal piece, and no piece is royal"),
        )
        .with_label("needs a royal piece")
        .with_help("add `royal` to the body of the piece whose safety decides the game");
    ctx.report(e);
}
