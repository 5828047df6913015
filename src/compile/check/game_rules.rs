//! The game rules beyond check and mate: `pass`, `bare-royal`, `extinction`, `goal`,
//! `check-limit`, `no-check`, `must-capture` and `promotion-limit` (merged by keyword in
//! [`super::merge`]).

use super::{in_range, score, Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::rules::{Counted, Extinction, GameEnd, Goal, Outcome, PassRule, PieceKind};
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
            Statement::Pass(twice) => {
                end.pass = Some(PassRule {
                    twice: twice.as_ref().map(|s| score(&s.node)),
                });
            }
            Statement::BareRoyal(s) => {
                if royals.is_empty() {
                    needs_royal(ctx, span, "`bare-royal`");
                }
                end.bare_royal = Some(score(&s.node));
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
                let score = result.as_ref().map_or(Outcome::Loss, |s| score(&s.node));
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
            Statement::Goal { kind, zone, reply } => {
                let k = env.kind(ctx, kind, Code::PieceUnknown, "goal piece");
                let z = env.inline_zone(ctx, zone);
                if let (Some(kind), Some(zone)) = (k, z) {
                    end.goal = Some(Goal {
                        kind,
                        zone,
                        reply: *reply,
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
            Statement::NoCheck => {
                if royals.is_empty() {
                    needs_royal(ctx, span, "`no-check`");
                }
                end.no_check = true;
            }
            Statement::MustCapture => end.must_capture = true,
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
