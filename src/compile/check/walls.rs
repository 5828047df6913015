//! `walls RULE [in ZONE]`: every move also places a wall, where the rule says.

use super::{Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::geometry::{ByPlayer, SquareSet};
use crate::rules::{WallRule, Walls};
use crate::syntax::Statement;

/// The walls rule, if the definition states one. `squares`: the board's squares; `has_drops`:
/// pieces reach a hand (by capture or at the start).
pub(super) fn walls(
    ctx: &mut Ctx,
    m: &Merged,
    env: &mut Env,
    squares: &SquareSet,
    has_drops: bool,
) -> Option<Walls> {
    let st = m.game_rules.get("walls")?;
    let Statement::Walls { rule, zone } = &st.node else {
        return None;
    };
    let rule_of = match rule.node.as_str() {
        "moved" => WallRule::Moved,
        "anywhere" => WallRule::Anywhere,
        "arrow" => WallRule::Arrow,
        _ => WallRule::Trail,
    };
    // A move places one wall after it; a drop or a gated piece would need a rule of its own for
    // where that wall goes. A blast leaves walls standing, as it leaves stones (`petrify`).
    let clash = if has_drops {
        Some((
            "drops",
            "a drop would need a rule of its own for where its wall goes",
        ))
    } else if m.game_rules.contains_key("gating") {
        Some((
            "`gating`",
            "a gated piece would need a rule of its own for its wall",
        ))
    } else {
        None
    };
    if let Some((what, why)) = clash {
        let e = ctx
            .error(
                Code::WallsCombination,
                st.span,
                format!("`walls` cannot be combined with {what}"),
            )
            .with_label("walls here")
            .with_help(format!("{why}; remove one of the two"));
        ctx.report(e);
        return None;
    }
    let zone = match zone {
        Some(z) => env.inline_zone(ctx, z)?,
        None => ByPlayer::both(*squares),
    };
    Some(Walls {
        rule: rule_of,
        zone,
    })
}
