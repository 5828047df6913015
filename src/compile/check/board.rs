//! The board and what is named on it: the variant's name, the board's size, the players, the
//! holes, the zones, and the start position.

use super::{in_range, Ctx};
use crate::compile::fen;
use crate::compile::merge::Merged;
use crate::compile::zones::{board_help, Zones};
use crate::diagnostics::Code;
use crate::fen::Setup;
use crate::geometry::{ByPlayer, Dimensions, Player, PlayerSquares, SquareSet, MAX_SIDE};
use crate::syntax::{Span, Spanned};
use indexmap::IndexMap;

/// The variant's name (empty after an error).
pub(super) fn variant_name(ctx: &mut Ctx, m: &Merged, root: Span) -> String {
    match &m.variant {
        Some(v) if v.node.trim().is_empty() => {
            let e = ctx
                .error(Code::VariantName, v.span, "the variant's name is empty")
                .with_label("empty name")
                .with_help("name the variant, like `variant \"My Variant\"`");
            ctx.report(e);
            String::new()
        }
        Some(v) => v.node.clone(),
        None => {
            let e = ctx
                .error(
                    Code::StatementMissing,
                    root,
                    "the definition has no `variant` statement",
                )
                .with_label("expected `variant \"NAME\"` first")
                .with_help("start the file with `variant \"My Variant\"`");
            ctx.report(e);
            String::new()
        }
    }
}

/// The board's size, and whether it was stated correctly. After an error, a board that fits, so
/// later checks still run.
pub(super) fn dimensions(ctx: &mut Ctx, m: &Merged, root: Span) -> (Dimensions, bool) {
    let board_ok;
    let dims = match &m.board {
        Some((f, r, _)) => {
            let files = in_range(ctx, f, 1, MAX_SIDE as u64, "the number of files");
            let ranks = in_range(ctx, r, 1, MAX_SIDE as u64, "the number of ranks");
            board_ok = files.is_some() && ranks.is_some();
            let clamp = |n: &Spanned<u64>| n.node.clamp(1, MAX_SIDE as u64) as u8;
            Dimensions {
                files: clamp(f),
                ranks: clamp(r),
            }
        }
        None => {
            board_ok = false;
            let e = ctx
                .error(
                    Code::StatementMissing,
                    root,
                    "the definition has no `board` statement",
                )
                .with_label("expected `board FILESxRANKS`")
                .with_help("add for example `board 8x8`");
            ctx.report(e);
            Dimensions { files: 8, ranks: 8 }
        }
    };
    (dims, board_ok)
}

/// The two players' names.
pub(super) fn players(ctx: &mut Ctx, m: &Merged) -> ByPlayer<String> {
    match &m.players {
        Some((a, b)) => {
            let (a, b) = (&a.name, &b.name);
            if a.node == b.node {
                let e = ctx
                    .error(
                        Code::NameDuplicate,
                        b.span,
                        format!("both players are called `{}`", b.node),
                    )
                    .with_label("same name as the first player")
                    .with_note(a.span.start, a.span.end, "first player")
                    .with_help("give the two players different names, like `players White, Black`");
                ctx.report(e);
            }
            ByPlayer::new(a.node.clone(), b.node.clone())
        }
        None => ByPlayer::new("White".to_string(), "Black".to_string()),
    }
}

/// The holes: squares taken out of the board.
pub(super) fn holes(
    ctx: &mut Ctx,
    zones: &mut Zones,
    m: &Merged,
    dims: Dimensions,
    full: SquareSet,
) -> SquareSet {
    match &m.holes {
        Some(h) => {
            let set = zones
                .eval(ctx, h, Player::First, false)
                .unwrap_or(SquareSet::EMPTY);
            if set == full {
                let e = ctx
                    .error(
                        Code::BoardNoSquares,
                        h.span,
                        "the holes remove every square of the board",
                    )
                    .with_label("every square")
                    .with_help(format!(
                        "holes are squares taken out of the board; {}",
                        board_help(dims)
                    ));
                ctx.report(e);
            }
            set
        }
        None => SquareSet::EMPTY,
    }
}

/// The declared zones, holes removed; a zone that is empty for a player is an error.
pub(super) fn zone_sets(
    ctx: &mut Ctx,
    zones: &mut Zones,
    m: &Merged,
    players: &ByPlayer<String>,
    dims: Dimensions,
    holes: SquareSet,
) -> IndexMap<String, PlayerSquares> {
    let mut zone_sets: IndexMap<String, PlayerSquares> = IndexMap::new();
    for (zname, decl) in &m.zones {
        if crate::geometry::split_square_name(zname).is_some() {
            let e = ctx
                .error(
                    Code::ZoneName,
                    decl.name.span,
                    format!("zone name `{zname}` reads as a square"),
                )
                .with_label("a square name")
                .with_help("in a zone expression this would mean the square; choose another name");
            ctx.report(e);
            continue;
        }
        let Some(raw) = zones.declared(ctx, zname) else {
            continue;
        };
        let set = raw.map(|s| s.minus(&holes));
        let empty: Vec<&str> = Player::BOTH
            .iter()
            .filter(|&&p| set[p].is_empty())
            .map(|&p| players[p].as_str())
            .collect();
        if !empty.is_empty() {
            let whom = if empty.len() == 2 {
                String::new()
            } else {
                format!(" for {}", empty[0])
            };
            let e = ctx
                .error(
                    Code::ZoneEmpty,
                    decl.name.span,
                    format!("zone `{zname}` is empty{whom}"),
                )
                .with_label("has no squares")
                .with_help(format!(
                    "a zone must hold at least one square of the board; {}",
                    board_help(dims)
                ));
            ctx.report(e);
            continue;
        }
        zone_sets.insert(zname.clone(), set);
    }
    zone_sets
}

/// The start FEN, checked against the board and the piece letters: its text, its reading, and the
/// kinds in a hand in it.
pub(super) fn start(
    ctx: &mut Ctx,
    m: &Merged,
    root: Span,
    (dims, board_ok): (Dimensions, bool),
    holes: SquareSet,
    letters: &[String],
) -> (String, Setup, Vec<usize>) {
    let mut in_hand_at_start: Vec<usize> = Vec::new();
    let mut setup = Setup::default();
    // With `gating`, file letters in the castling field name gates.
    // With `castling ... to`, file letters in the castling field name the rooks (Shredder-FEN).
    // With `first-move` lines, file letters name the pieces that still hold their rights.
    let first_moves = m.pieces.values().any(|d| {
        d.items.iter().any(|i| {
            matches!(
                &i.node,
                crate::syntax::PieceItem::Moves {
                    first_move: Some(_),
                    ..
                }
            )
        })
    });
    let gating = m.game_rules.contains_key("gating")
        || first_moves
        || m.castling.as_ref().is_some_and(|c| c.2.to.is_some());
    let walls = m.game_rules.contains_key("walls");
    let start_fen = match &m.start {
        Some(s) => {
            // Against a board that is itself wrong, every rank would be reported too.
            if board_ok {
                let facts = fen::read_start(ctx, s, dims, holes, letters, gating, walls);
                in_hand_at_start = facts.in_hand;
                setup = facts.setup;
            }
            s.node.trim().to_string()
        }
        None => {
            let e = ctx
                .error(Code::StatementMissing, root, "the definition has no `start` position")
                .with_label("expected `start \"FEN\"`")
                .with_help("add `start \"FEN\"`: the ranks from the top separated by `/`, then the side to move");
            ctx.report(e);
            String::new()
        }
    };
    (start_fen, setup, in_hand_at_start)
}
