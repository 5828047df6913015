//! `drops { ... }`: which captured pieces go to a hand, and where and how they may be dropped.

use super::{Ctx, Env};
use crate::compile::merge::DropKey;
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::rules::{DropRules, PieceDef, PieceKind};
use crate::syntax::{DropItem, Name};

/// The drop rules.
pub(super) fn drops(
    ctx: &mut Ctx,
    env: &mut Env,
    m: &Merged,
    pieces: &[PieceDef],
    in_hand_at_start: &[usize],
) -> DropRules {
    let n = pieces.len();
    let mut rules = DropRules {
        zones: vec![None; n],
        ..DropRules::default()
    };
    // Kinds first: the other entries are checked against what reaches a hand.
    if let Some(item) = m.drops.get(&DropKey::Kinds) {
        match &item.node {
            DropItem::KindsAll => rules.to_hand = (0..n).map(PieceKind::from_index).collect(),
            DropItem::Kinds(names) => {
                rules.to_hand = env
                    .kinds(ctx, names, Code::PieceUnknown, "piece")
                    .unwrap_or_default()
            }
            _ => {}
        }
    }
    // `unlimited` kinds next: their supply is a hand that never runs out.
    if let Some(item) = m.drops.get(&DropKey::Unlimited) {
        if let DropItem::Unlimited(names) = &item.node {
            rules.unlimited = env
                .kinds(ctx, names, Code::PieceUnknown, "piece")
                .unwrap_or_default()
        }
    }
    // A kind reaches a hand when the captor keeps it (`kinds`) and some piece is captured as it,
    // when it is in a hand in the start position, or when its supply is unlimited.
    let reaches: Vec<bool> = (0..n)
        .map(|k| {
            let kind = PieceKind::from_index(k);
            (rules.to_hand.contains(&kind) && pieces.iter().any(|p| p.captured_as == kind))
                || in_hand_at_start.contains(&k)
                || rules.unlimited.contains(&kind)
        })
        .collect();
    let check_reaches = |ctx: &mut Ctx, env: &Env, name: &Name, rule: &str| -> Option<PieceKind> {
        let k = env.kind(ctx, name, Code::PieceUnknown, "piece")?;
        if !reaches[k.index()] {
            let why = if rules.to_hand.contains(&k) {
                format!(
                    "no piece is captured as `{}` and none is in hand at the start",
                    name.node
                )
            } else {
                format!(
                    "`{}` is not among the drops `kinds`, and none is in hand at the start",
                    name.node
                )
            };
            let e = ctx
                .error(
                    Code::DropsNeverInHand,
                    name.span,
                    format!(
                        "`{}` never reaches a hand, so `{rule}` cannot apply to it",
                        name.node
                    ),
                )
                .with_label("never in a hand")
                .with_help(why);
            ctx.report(e);
            return None;
        }
        Some(k)
    };
    for (key, item) in &m.drops {
        match &item.node {
            DropItem::KindsAll | DropItem::Kinds(_) | DropItem::Unlimited(_) => {}
            DropItem::Zone(z) => {
                if let Some(set) = env.inline_zone(ctx, z) {
                    for (k, slot) in rules.zones.iter_mut().enumerate() {
                        // Per-kind zones are applied after, whatever the order in the file.
                        if !m
                            .drops
                            .contains_key(&DropKey::KindZone(pieces[k].name.clone()))
                        {
                            *slot = Some(set);
                        }
                    }
                }
            }
            DropItem::KindZone(name, z) => {
                let k = check_reaches(ctx, env, name, "zone");
                let set = env.inline_zone(ctx, z);
                if let (Some(k), Some(set)) = (k, set) {
                    rules.zones[k.index()] = Some(set);
                }
                let _ = key;
            }
            DropItem::MustMove => rules.must_have_move = true,
            DropItem::MustDrop => rules.must_drop = true,
            DropItem::NoCheck => rules.no_check = true,
            DropItem::Gravity => rules.gravity = true,
            DropItem::Enclosing => rules.enclosing = true,
            DropItem::Adjacent => rules.adjacent = true,
            DropItem::Apart => rules.apart = true,
            DropItem::Opening(z) => rules.opening = env.inline_zone(ctx, z),
            DropItem::OnePerFile(names) => {
                rules.one_per_file = names
                    .iter()
                    .filter_map(|nm| check_reaches(ctx, env, nm, "one-per-file"))
                    .collect()
            }
            DropItem::PerFile(n, names) => {
                if let Some(n) = super::in_range(ctx, n, 0, 16, "the pieces per file") {
                    rules.per_file = n as u8;
                }
                rules.one_per_file = names
                    .iter()
                    .filter_map(|nm| check_reaches(ctx, env, nm, "per-file"))
                    .collect()
            }
            DropItem::NoMate(names) => {
                rules.no_drop_mate = names
                    .iter()
                    .filter_map(|nm| check_reaches(ctx, env, nm, "no-mate"))
                    .collect()
            }
            DropItem::PromoteAfterMove(z) => rules.promote_after_move = env.inline_zone(ctx, z),
            DropItem::DropPromoted(names) => {
                let mut kinds = Vec::new();
                for nm in names {
                    let Some(k) = check_reaches(ctx, env, nm, "drop-promoted") else {
                        continue;
                    };
                    if pieces[k.index()].promotion.is_none() {
                        let e = ctx
                            .error(
                                Code::DropsNoPromotedFace,
                                nm.span,
                                format!(
                                    "`{}` does not promote, so it has no other face to drop",
                                    nm.node
                                ),
                            )
                            .with_label("never promotes")
                            .with_help("`drop-promoted` names kinds with a `promotes to` line; the piece may be dropped as any kind it promotes to");
                        ctx.report(e);
                        continue;
                    }
                    kinds.push(k);
                }
                rules.drop_promoted = kinds;
            }
        }
    }
    rules
}
