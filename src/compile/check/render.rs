//! `render { ... }` and the players' colours: hints for pictures.

use super::{in_range, Ctx};
use crate::compile::merge::Merged;
use crate::compile::zones::report_unknown_zone;
use crate::diagnostics::Code;
use crate::geometry::{Dimensions, Player, PlayerSquares};
use crate::rules::RenderHints;
use crate::syntax::{Name, RenderItem, Spanned};
use indexmap::IndexMap;

/// The render hints.
pub(super) fn render(
    ctx: &mut Ctx,
    m: &Merged,
    dims: Dimensions,
    zones: &IndexMap<String, PlayerSquares>,
) -> RenderHints {
    let mut r = RenderHints::default();
    let zone_exists = |ctx: &mut Ctx, n: &Name| -> bool {
        if m.zones.contains_key(&n.node) {
            return true;
        }
        report_unknown_zone(ctx, n, m.zones.keys().map(String::as_str));
        false
    };
    let colour = |ctx: &mut Ctx, s: &Spanned<String>| -> Option<String> {
        let c = s.node.as_str();
        let hex = c.strip_prefix('#').unwrap_or("");
        if (hex.len() == 6 || hex.len() == 3) && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            Some(c.to_string())
        } else {
            let e = ctx
                .error(Code::RenderColour, s.span, format!("`{c}` is not a colour"))
                .with_label("expected `#rrggbb`")
                .with_help("write colours as `#` and six hexadecimal digits, like `#f0d9b5`");
            ctx.report(e);
            None
        }
    };
    if let Some((a, b)) = &m.players {
        for (player, p) in Player::BOTH.into_iter().zip([a, b]) {
            r.side_colours[player] = p.colour.as_ref().and_then(|c| colour(ctx, c));
        }
    }
    for item in m.render.values() {
        match &item.node {
            RenderItem::Intersections => r.intersections = true,
            RenderItem::Cell(n) => {
                r.cell = in_range(ctx, n, 8, 512, "the cell size").map(|v| v as u32)
            }
            RenderItem::River(n) => {
                r.river_after_rank = in_range(
                    ctx,
                    n,
                    1,
                    dims.ranks.saturating_sub(1).max(1) as u64,
                    "the river's rank",
                )
                .map(|v| v as u8)
            }
            RenderItem::Diagonals(names) => {
                for n in names {
                    if zone_exists(ctx, n) && zones.contains_key(&n.node) {
                        r.diagonals.push(n.node.clone());
                    }
                }
            }
            RenderItem::Colour(z, c) => {
                let ok = zone_exists(ctx, z);
                if let (true, Some(c)) = (ok, colour(ctx, c)) {
                    r.zone_colours.insert(z.node.clone(), c);
                }
            }
            RenderItem::Light(c) => r.light = colour(ctx, c),
            RenderItem::Dark(c) => r.dark = colour(ctx, c),
            RenderItem::Wedges => r.wedges = true,
        }
    }
    r
}
