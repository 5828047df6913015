//! Royalty and the end of the game: the royal rule, rules that need a royal piece, stalemate,
//! checkmate, repetition, the move limit, and castling.

use super::{in_range, score, Ctx, Env};
use crate::compile::merge::Merged;
use crate::diagnostics::Code;
use crate::geometry::Dimensions;
use crate::rules::{Castling, GameEnd, MoveLimit, Outcome, PieceKind, RoyalRule};
use crate::syntax::{DropItem, PieceDecl, PieceItem, RoyalRuleName, Span};

/// Without a royal piece, rules about royalty and check mean nothing: each one is an error.
pub(super) fn rules_needing_royals(
    ctx: &mut Ctx,
    m: &Merged,
    decls: &[&PieceDecl],
    royals: &[PieceKind],
) {
    if royals.is_empty() {
        if let Some(r) = &m.royal_rule {
            let word = match r.node {
                RoyalRuleName::Check => "check",
                RoyalRuleName::Duple => "duple",
                RoyalRuleName::Capture => "capture",
            };
            let e = ctx
                .error(
                    Code::RoyalMissing,
                    r.span,
                    format!("`royal-rule {word}` needs a royal piece, and no piece is royal"),
                )
                .with_label("needs a royal piece")
                .with_help("add `royal` to the body of the piece whose loss decides the game");
            ctx.report(e);
        }
        if let Some(f) = m.facing {
            let e = ctx
                .error(
                    Code::RoyalMissing,
                    f,
                    "`facing` needs a royal piece, and no piece is royal",
                )
                .with_label("needs royal pieces to face each other")
                .with_help("add `royal` to the body of the pieces that may not face each other");
            ctx.report(e);
        }
        // Rules about check mean nothing without a royal piece to be checked.
        let mut needs_check = |span: Span, what: &str| {
            let e = ctx
                .error(
                    Code::RoyalMissing,
                    span,
                    format!("{what} needs a royal piece, and no piece is royal"),
                )
                .with_label("there is no check without a royal piece")
                .with_help(
                    "add `royal` to the body of the piece that can be checked, or remove this rule",
                );
            ctx.report(e);
        };
        if let Some(c) = &m.checkmate {
            needs_check(c.span, "`checkmate`");
        }
        if let Some((_, _, Some(p))) = &m.repetition {
            needs_check(p.span, "`perpetual-check`");
        }
        for item in m.drops.values() {
            if let DropItem::NoMate(_) = item.node {
                needs_check(item.span, "`no-mate`");
            }
        }
        // A move that may capture only a royal piece (`k`) could never capture.
        for d in decls {
            for item in &d.items {
                if let PieceItem::Moves { betza, .. } = &item.node {
                    let Ok(patterns) = crate::betza::parse(&betza.node) else {
                        continue;
                    };
                    if let Some(p) = patterns.iter().find(|p| p.royal_only) {
                        let (s, e) = p.span;
                        needs_check(betza.span.sub(s, e), "a `k` move (captures only royals)");
                    }
                }
            }
        }
    }
}

/// How the game ends.
pub(super) fn game_end(ctx: &mut Ctx, m: &Merged, env: &Env) -> GameEnd {
    let royal_rule = match m.royal_rule.as_ref().map(|r| r.node) {
        None | Some(RoyalRuleName::Check) => RoyalRule::Check,
        Some(RoyalRuleName::Duple) => RoyalRule::Duple,
        Some(RoyalRuleName::Capture) => RoyalRule::Capture,
    };
    let repetition = m.repetition.as_ref().and_then(|(n, s, _)| {
        in_range(ctx, n, 2, u8::MAX as u64, "the repetition count")
            .map(|n| (n as u8, score(ctx, env, s)))
    });
    let perpetual_check = m
        .repetition
        .as_ref()
        .and_then(|(_, _, p)| p.as_ref())
        .map(|s| score(ctx, env, s));
    let move_limit = m.move_limit.as_ref().and_then(|(n, s, resets)| {
        let moves = in_range(ctx, n, 1, u16::MAX as u64, "the move limit");
        let reset_by = env.kinds(ctx, resets, Code::PieceUnknown, "piece");
        Some(MoveLimit {
            moves: moves? as u16,
            score: score(ctx, env, s),
            reset_by: reset_by?,
        })
    });
    let facing_ends = m.facing_ends.as_ref().map(|s| score(ctx, env, s));
    GameEnd {
        royal_rule,
        // `facing ends` replaces the ban: royals may face each other.
        facing: m.facing.is_some() && facing_ends.is_none(),
        stalemate: m
            .stalemate
            .as_ref()
            .map(|(s, _)| score(ctx, env, s))
            .unwrap_or(Outcome::Draw),
        stalemate_by_count: m.stalemate.as_ref().is_some_and(|(_, by_count)| *by_count),
        checkmate: m
            .checkmate
            .as_ref()
            .map(|s| score(ctx, env, s))
            .unwrap_or(Outcome::Loss),
        repetition,
        perpetual_check,
        move_limit,
        facing_ends,
        // The rules of `game_rules.rs`, filled in by it.
        pass: None,
        bare_royal: None,
        extinction: Vec::new(),
        goal: None,
        check_limit: None,
        castling_wins: None,
        connect: None,
        no_check: false,
        must_capture: false,
        checked_royal_takes_only: false,
        explosions: None,
        petrify: Vec::new(),
        board_full: None,
        draws_by_count: false,
        counting: None,
    }
}

/// `castling KING ROOK [STEPS | to FILE FILE]`.
pub(super) fn castling(ctx: &mut Ctx, m: &Merged, env: &Env, dims: Dimensions) -> Option<Castling> {
    m.castling.as_ref().and_then(|(king, rook, form, _)| {
        let k = env.kind(ctx, king, Code::PieceUnknown, "castling piece");
        let r = env.kind(ctx, rook, Code::PieceUnknown, "castling partner");
        let mut to_files = None;
        if let Some((left, right)) = &form.to {
            let last = crate::geometry::file_letter(dims.files.saturating_sub(1));
            let off = [left, right].into_iter().find(|f| f.node >= dims.files);
            if let Some(f) = off {
                let e = ctx
                    .error(Code::CastlingFiles, f.span, "this file is not on the board")
                    .with_label("off the board")
                    .with_help(format!("the files are `a` to `{last}`"));
                ctx.report(e);
                return None;
            }
            // The rook lands beside the king on the inner side, so each side needs a file there.
            if left.node + 1 >= right.node {
                let e = ctx
                    .error(
                        Code::CastlingFiles,
                        right.span,
                        "the king's file castling to the right must be at least two files right of its file castling to the left",
                    )
                    .with_label("not right of the first file")
                    .with_help("write the left file first, as in `castling King Rook to c g` (the rooks land on d and f)");
                ctx.report(e);
                return None;
            }
            to_files = Some([left.node, right.node]);
        }
        let steps = &form.steps;
        let s = match steps {
            Some(n) => in_range(
                ctx,
                n,
                1,
                dims.files.saturating_sub(1).max(1) as u64,
                "the king's castling steps",
            ),
            None => Some(2),
        };
        Some(Castling {
            king: k?,
            rook: r?,
            king_steps: s? as u8,
            to_files,
            opposite: form.opposite,
        })
    })
}
