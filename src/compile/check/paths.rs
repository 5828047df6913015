//! Paths: the corners of each declared path joined by straight segments over existing squares.

use super::Ctx;
use crate::compile::merge::Merged;
use crate::compile::zones::Zones;
use crate::diagnostics::Code;
use crate::geometry::{Dimensions, Square, SquareSet};
use crate::rules::PathDef;
use crate::syntax::Span;
use indexmap::IndexMap;

/// Every declared path that is well formed (the others are reported).
pub(super) fn paths(
    ctx: &mut Ctx,
    zones: &mut Zones,
    m: &Merged,
    dims: Dimensions,
    holes: SquareSet,
) -> IndexMap<String, PathDef> {
    let mut paths: IndexMap<String, PathDef> = IndexMap::new();
    for (pname, p) in &m.paths {
        let corners: Vec<Option<Square>> = p.corners.iter().map(|c| zones.square(ctx, c)).collect();
        let mut ok = true;
        for (c, sq) in p.corners.iter().zip(&corners) {
            if let Some(sq) = sq {
                if holes.contains(*sq) {
                    let e = ctx
                        .error(
                            Code::PathHole,
                            c.span,
                            format!("path `{pname}` passes the hole {}", dims.name(*sq)),
                        )
                        .with_label("a hole")
                        .with_help(
                            "a path runs over existing squares only; route it around the hole",
                        );
                    ctx.report(e);
                    ok = false;
                }
            } else {
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        let corners: Vec<(Square, Span)> = corners
            .into_iter()
            .flatten()
            .zip(p.corners.iter().map(|c| c.span))
            .collect();
        let mut distinct: Vec<Square> = corners.iter().map(|c| c.0).collect();
        distinct.sort();
        distinct.dedup();
        if p.cyclic && distinct.len() < 3 {
            let e = ctx
                .error(Code::PathNotStraight, p.name.span, format!("cyclic path `{pname}` needs at least three corners"))
                .with_label("goes out and back along one line")
                .with_help("list the corners of a closed figure, like `a1-h1-h8-a8 cyclic`, or drop `cyclic`");
            ctx.report(e);
            continue;
        }
        let mut squares_on: Vec<Square> = vec![corners[0].0];
        let mut segments: Vec<(usize, usize)> =
            (0..corners.len() - 1).map(|i| (i, i + 1)).collect();
        let closes = p.cyclic && corners.len() > 2 && corners[0].0 != corners[corners.len() - 1].0;
        if closes {
            segments.push((corners.len() - 1, 0));
        }
        for (si, (i, j)) in segments.iter().enumerate() {
            let (a, sa) = corners[*i];
            let (b, sb) = corners[*j];
            let df = dims.file(b) as i32 - dims.file(a) as i32;
            let dr = dims.rank(b) as i32 - dims.rank(a) as i32;
            if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
                let e = ctx
                    .error(
                        Code::PathNotStraight,
                        sa.to(sb),
                        format!("the segment {}-{} of path `{pname}` is not a straight line", dims.name(a), dims.name(b)),
                    )
                    .with_label(if closes && si == segments.len() - 1 { "closing segment (cyclic)" } else { "this segment" })
                    .with_help("each segment runs along a rank, a file or a diagonal; add the corner between");
                ctx.report(e);
                ok = false;
                continue;
            }
            let steps = df.abs().max(dr.abs());
            let (sf, sr) = (df.signum(), dr.signum());
            for k in 1..=steps {
                if let Some(s) =
                    dims.square(dims.file(a) as i32 + sf * k, dims.rank(a) as i32 + sr * k)
                {
                    if holes.contains(s) {
                        let e = ctx
                            .error(
                                Code::PathHole,
                                sa.to(sb),
                                format!("path `{pname}` passes the hole {}", dims.name(s)),
                            )
                            .with_label("this segment")
                            .with_help(
                                "a path runs over existing squares only; route it around the hole",
                            );
                        ctx.report(e);
                        ok = false;
                    }
                    // The closing segment ends where the path began.
                    if !(closes && si == segments.len() - 1 && k == steps) {
                        squares_on.push(s);
                    }
                }
            }
        }
        let mut cyclic = p.cyclic;
        if p.cyclic && squares_on.len() > 1 && squares_on.first() == squares_on.last() {
            squares_on.pop();
            cyclic = true;
        }
        // A path visits each square once (a cyclic one closes on its first): a path that crosses
        // or retraces itself has no one next square to ride to, and riding it would cost time
        // without bound.
        let mut seen = SquareSet::EMPTY;
        if let Some(&twice) = squares_on.iter().find(|&&s| {
            let again = seen.contains(s);
            seen.insert(s);
            again
        }) {
            let last = p.corners.last().map(|c| c.span).unwrap_or(p.name.span);
            let e = ctx
                .error(
                    Code::PathRevisits,
                    p.name.span.to(last),
                    format!("path `{pname}` visits {} twice", dims.name(twice)),
                )
                .with_label("this path")
                .with_help("a path passes each square once; split a figure that crosses itself into two paths, or close a loop with `cyclic` instead of repeating its first corner");
            ctx.report(e);
            ok = false;
        }
        if ok {
            paths.insert(
                pname.clone(),
                PathDef {
                    squares: squares_on,
                    cyclic,
                },
            );
        }
    }
    paths
}
