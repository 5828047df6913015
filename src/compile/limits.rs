//! Length limits on the names and strings of a definition, so that no name can make a picture, a
//! table or a message unbounded. Checked on the merged AST, before anything else uses the names.

use super::merge::Merged;
use super::Ctx;
use crate::diagnostics::Code;
use crate::syntax::Span;

/// Most characters in the variant's name (`variant "..."`).
pub(crate) const MAX_VARIANT_NAME_CHARS: usize = 100;
/// Most characters in the name of a player, zone, path or piece.
pub(crate) const MAX_NAME_CHARS: usize = 64;
/// Most characters in the start FEN.
pub(crate) const MAX_FEN_CHARS: usize = 4096;

/// Reports every name or string over its limit; `true` when all are within.
pub(crate) fn check(ctx: &mut Ctx, m: &Merged) -> bool {
    let mut items: Vec<(&str, &str, Span, usize)> = Vec::new();
    if let Some(v) = &m.variant {
        items.push((
            "the variant's name",
            v.as_str(),
            v.span,
            MAX_VARIANT_NAME_CHARS,
        ));
    }
    if let Some((a, b)) = &m.players {
        for p in [a, b] {
            items.push((
                "a player's name",
                p.name.as_str(),
                p.name.span,
                MAX_NAME_CHARS,
            ));
        }
    }
    for z in m.zones.values() {
        items.push((
            "a zone's name",
            z.name.as_str(),
            z.name.span,
            MAX_NAME_CHARS,
        ));
    }
    for p in m.paths.values() {
        items.push((
            "a path's name",
            p.name.as_str(),
            p.name.span,
            MAX_NAME_CHARS,
        ));
    }
    for p in m.pieces.values() {
        items.push((
            "a piece's name",
            p.name.as_str(),
            p.name.span,
            MAX_NAME_CHARS,
        ));
    }
    if let Some(s) = &m.start {
        items.push(("the start FEN", s.as_str(), s.span, MAX_FEN_CHARS));
    }
    let mut ok = true;
    for (what, text, span, max) in items {
        let n = text.chars().count();
        if n > max {
            let e = ctx
                .error(
                    Code::LimitTooLong,
                    span,
                    format!("{what} is {n} characters long; at most {max} are allowed"),
                )
                .with_label("too long")
                .with_help(format!("shorten it to {max} characters or fewer"));
            ctx.report(e);
            ok = false;
        }
    }
    ok
}
