//! `start "FEN" random rank N { opposite-colours KIND  between INNER OUTER }`: which pieces of
//! the start are drawn at random, and whether the constraints can hold for them.

use super::{in_range, Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::fen::Setup;
use crate::geometry::Player;
use crate::rules::{PieceKind, RandomStart};
use crate::syntax::{RandomItem, Span};

/// The random start, checked against the start position's reading.
pub(super) fn random_start(
    ctx: &mut Ctx,
    m: &Merged,
    env: &Env,
    start: &Setup,
) -> Option<RandomStart> {
    let r = m.random_start.as_ref()?;
    let dims = env.dims;
    let rank = in_range(ctx, &r.rank, 1, dims.ranks as u64, "the shuffled rank")? as u8 - 1;
    let mirror = dims.ranks - 1 - rank;
    let at = |player: Player, file: u8, rank: u8| {
        start
            .board
            .iter()
            .find(|p| {
                p.player == player && dims.file(p.square) == file && dims.rank(p.square) == rank
            })
            .map(|p| PieceKind::from_index(p.kind))
    };
    let files: Vec<u8> = (0..dims.files)
        .filter(|&f| at(Player::First, f, rank).is_some())
        .collect();
    let kinds: Vec<PieceKind> = files
        .iter()
        .filter_map(|&f| at(Player::First, f, rank))
        .collect();
    let fail = |ctx: &mut Ctx, span: Span, message: String, help: &str| {
        let e = ctx
            .error(Code::StartRandom, span, message)
            .with_label("cannot hold")
            .with_help(help.to_string());
        ctx.report(e);
    };
    if files.len() < 2 {
        fail(
            ctx,
            r.rank.span,
            format!(
                "the start puts fewer than two of the first player's pieces on rank {}",
                r.rank.node
            ),
            "name the rank on which the start FEN puts the pieces to shuffle, like `random rank 1`",
        );
        return None;
    }
    // The second player's pieces stand on the same files of the mirror rank, kind for kind.
    let mirrored = files
        .iter()
        .zip(&kinds)
        .all(|(&f, &k)| at(Player::Second, f, mirror) == Some(k));
    if !mirrored {
        fail(
            ctx,
            r.rank.span,
            format!(
                "the second player's pieces on rank {} are not the first player's on rank {}, file for file",
                mirror + 1,
                r.rank.node
            ),
            "a random start gives both players the same arrangement: write the start with the second player's back rank the mirror of the first's",
        );
        return None;
    }
    let count = |k: PieceKind| kinds.iter().filter(|&&x| x == k).count();
    let mut opposite_colours = Vec::new();
    let mut between = None;
    let mut ok = true;
    for item in &r.items {
        match &item.node {
            RandomItem::OppositeColours(name) => {
                let Some(k) = env.kind(ctx, name, Code::PieceUnknown, "`opposite-colours` piece")
                else {
                    ok = false;
                    continue;
                };
                if count(k) != 2 || opposite_colours.contains(&k) {
                    fail(
                        ctx,
                        item.span,
                        format!("`opposite-colours {}` needs exactly two of it on the shuffled rank; the start has {}", name.node, count(k)),
                        "name a kind the start puts twice on the rank, like `opposite-colours Bishop`",
                    );
                    ok = false;
                    continue;
                }
                opposite_colours.push(k);
            }
            RandomItem::Between(inner, outer) => {
                let i = env.kind(ctx, inner, Code::PieceUnknown, "`between` piece");
                let o = env.kind(ctx, outer, Code::PieceUnknown, "`between` piece");
                let (Some(i), Some(o)) = (i, o) else {
                    ok = false;
                    continue;
                };
                let taken = |k| opposite_colours.contains(&k);
                if between.is_some()
                    || i == o
                    || count(i) == 0
                    || count(o) != 2
                    || taken(i)
                    || taken(o)
                {
                    fail(
                        ctx,
                        item.span,
                        format!(
                            "`between {} {}` needs one `between`, some {} and exactly two {} on the shuffled rank, in no other constraint",
                            inner.node, outer.node, inner.node, outer.node
                        ),
                        "like `between King Rook`: the king stands between the two rooks",
                    );
                    ok = false;
                    continue;
                }
                between = Some((i, o));
            }
        }
    }
    if !ok {
        return None;
    }
    let rs = RandomStart {
        rank,
        files,
        kinds,
        opposite_colours,
        between,
    };
    // Each opposite-colours pair needs a light and a dark square left for it.
    if rs.count() == 0 {
        fail(
            ctx,
            r.rank.span,
            "no arrangement satisfies these constraints on this rank".to_string(),
            "`opposite-colours` needs squares of both colours on the rank for each kind it names",
        );
        return None;
    }
    Some(rs)
}
