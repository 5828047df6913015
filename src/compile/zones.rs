//! Zone expressions → square sets, per player.
//!
//! A zone is resolved for "the player in question" P: a zone name gives that zone's set for P,
//! `enemy NAME` gives it for P's opponent. Literal squares, ranks and rectangles are mirrored top
//! to bottom for the second player in player-relative contexts (`zone X = ...`, and every zone
//! written inside a piece, a drop rule or `promotes`); in `absolute` and per-player zones they are
//! taken as written. Holes are removed by the caller.

use super::{unknown_help, Ctx};
use crate::diagnostics::Code;
use crate::geometry::{ByPlayer, Dimensions, Player, PlayerSquares, Square, SquareSet};
use crate::syntax::{Span, Spanned, SquareRef, ZoneDecl, ZoneDef, ZoneExpr, ZoneOp, ZoneTerm};
use indexmap::IndexMap;
use std::collections::HashMap;

/// How many zones deep a zone's definition may refer (keeps recursion shallow on absurd input).
const MAX_DEPTH: usize = 64;

/// Resolves zone expressions against the declared zones, remembering each declared zone.
pub(crate) struct Zones<'a> {
    dims: Dimensions,
    players: ByPlayer<String>,
    decls: &'a IndexMap<String, ZoneDecl>,
    cache: HashMap<String, Option<PlayerSquares>>,
    active: Vec<String>,
}

impl<'a> Zones<'a> {
    /// A resolver for a board of `dims` (holes not yet removed).
    pub(super) fn new(
        dims: Dimensions,
        players: ByPlayer<String>,
        decls: &'a IndexMap<String, ZoneDecl>,
    ) -> Zones<'a> {
        Zones {
            dims,
            players,
            decls,
            cache: HashMap::new(),
            active: Vec::new(),
        }
    }

    /// A square reference on this board, or an error at it.
    pub(super) fn square(&self, ctx: &mut Ctx, sq: &Spanned<SquareRef>) -> Option<Square> {
        let d = self.dims;
        let ok = (sq.file as u32) < d.files as u32 && sq.rank >= 1 && sq.rank <= d.ranks as u64;
        if ok {
            d.square(sq.file as i32, (sq.rank - 1) as i32)
        } else {
            let text = match ctx.text(sq.span) {
                "" => square_text(sq),
                t => t.to_string(),
            };
            let e = ctx
                .error(
                    Code::BoardOutside,
                    sq.span,
                    format!("square `{text}` is outside the board"),
                )
                .with_label("not on the board")
                .with_help(board_help(d));
            ctx.report(e);
            None
        }
    }

    /// The set of a declared zone for both players (before holes are removed); `None` after an error.
    pub(super) fn declared(&mut self, ctx: &mut Ctx, name: &str) -> Option<PlayerSquares> {
        if let Some(v) = self.cache.get(name) {
            return *v;
        }
        let decls = self.decls;
        let decl = decls.get(name)?;
        self.active.push(name.to_string());
        let result = match &decl.def {
            ZoneDef::Relative(e) => {
                let a = self.eval(ctx, e, Player::First, true);
                let b = self.eval(ctx, e, Player::Second, true);
                a.zip(b).map(|(a, b)| PlayerSquares::new(a, b))
            }
            ZoneDef::Absolute(e) => self
                .eval(ctx, e, Player::First, false)
                .map(PlayerSquares::both),
            ZoneDef::PerPlayer(list) => self.per_player(ctx, &decl.name, list),
        };
        self.active.pop();
        self.cache.insert(name.to_string(), result);
        result
    }

    fn per_player(
        &mut self,
        ctx: &mut Ctx,
        zone: &Spanned<String>,
        list: &[(Spanned<String>, ZoneExpr)],
    ) -> Option<PlayerSquares> {
        let mut sets: [Option<SquareSet>; 2] = [None, None];
        let mut seen: [Option<Span>; 2] = [None, None];
        let mut ok = true;
        for (pname, e) in list {
            let Some(idx) = self.players.iter().position(|p| *p == pname.node) else {
                let help = unknown_help(
                    "player",
                    &pname.node,
                    self.players.iter().map(String::as_str),
                );
                let err = ctx
                    .error(
                        Code::PlayerUnknown,
                        pname.span,
                        format!("unknown player `{}`", pname.node),
                    )
                    .with_label("not one of the `players`")
                    .with_help(help);
                ctx.report(err);
                ok = false;
                continue;
            };
            if let Some(prev) = seen[idx] {
                let err = ctx
                    .error(
                        Code::NameDuplicate,
                        pname.span,
                        format!("zone `{}` is stated twice for `{}`", zone.node, pname.node),
                    )
                    .with_label("stated again here")
                    .with_note(prev.start, prev.end, "first stated here")
                    .with_help("state each player's part once");
                ctx.report(err);
                ok = false;
                continue;
            }
            seen[idx] = Some(pname.span);
            let p = if idx == 0 {
                Player::First
            } else {
                Player::Second
            };
            match self.eval(ctx, e, p, false) {
                Some(s) => sets[idx] = Some(s),
                None => ok = false,
            }
        }
        if ok {
            for (player, s) in Player::BOTH.into_iter().zip(&sets) {
                if s.is_none() {
                    let err = ctx
                        .error(
                            Code::ZonePlayerMissing,
                            zone.span,
                            format!(
                                "zone `{}` is not stated for `{}`",
                                zone.node, self.players[player]
                            ),
                        )
                        .with_label("stated per player")
                        .with_help(format!("add `{}: ZONE`", self.players[player]));
                    ctx.report(err);
                    ok = false;
                }
            }
        }
        match (ok, sets) {
            (true, [Some(a), Some(b)]) => Some(PlayerSquares::new(a, b)),
            _ => None,
        }
    }

    /// A zone written in place (in a piece or rule): player-relative, for both players.
    pub(super) fn relative(&mut self, ctx: &mut Ctx, e: &ZoneExpr) -> Option<PlayerSquares> {
        let a = self.eval(ctx, e, Player::First, true);
        let b = self.eval(ctx, e, Player::Second, true);
        Some(PlayerSquares::new(a?, b?))
    }

    /// Evaluates an expression for player `p`; `mirror` mirrors literal squares for the second player.
    pub(super) fn eval(
        &mut self,
        ctx: &mut Ctx,
        e: &ZoneExpr,
        p: Player,
        mirror: bool,
    ) -> Option<SquareSet> {
        let mut acc = self.term(ctx, &e.first, p, mirror);
        for (op, t) in &e.rest {
            let rhs = self.term(ctx, t, p, mirror);
            acc = match (acc, rhs) {
                (Some(a), Some(b)) => Some(match op.node {
                    ZoneOp::Union => a.union(&b),
                    ZoneOp::Minus => a.minus(&b),
                    ZoneOp::Intersect => a.intersect(&b),
                }),
                _ => None,
            };
        }
        acc
    }

    fn flip(&self, s: SquareSet, p: Player, mirror: bool) -> SquareSet {
        if mirror && p == Player::Second {
            s.mirrored(self.dims)
        } else {
            s
        }
    }

    fn rank_set(&self, r: u8) -> SquareSet {
        (0..self.dims.files)
            .filter_map(|f| self.dims.square(f as i32, r as i32))
            .collect()
    }

    fn file_set(&self, f: u8) -> SquareSet {
        (0..self.dims.ranks)
            .filter_map(|r| self.dims.square(f as i32, r as i32))
            .collect()
    }

    /// A rank number as written, checked against the board (returns the index from 0).
    fn rank(&self, ctx: &mut Ctx, n: &Spanned<u64>) -> Option<u8> {
        if n.node >= 1 && n.node <= self.dims.ranks as u64 {
            Some((n.node - 1) as u8)
        } else {
            let shown = match ctx.text(n.span) {
                "" => n.node.to_string(),
                t => t.to_string(),
            };
            let e = ctx
                .error(
                    Code::BoardOutside,
                    n.span,
                    format!("rank {shown} is outside the board"),
                )
                .with_label("no such rank")
                .with_help(format!("ranks go from 1 to {}", self.dims.ranks));
            ctx.report(e);
            None
        }
    }

    /// A file index, checked against the board.
    fn file(&self, ctx: &mut Ctx, f: &Spanned<u8>) -> Option<u8> {
        if f.node < self.dims.files {
            Some(f.node)
        } else {
            let letter = (b'a'.wrapping_add(f.node)) as char;
            let e = ctx
                .error(
                    Code::BoardOutside,
                    f.span,
                    format!("file {letter} is outside the board"),
                )
                .with_label("no such file")
                .with_help(format!(
                    "files go from a to {}",
                    crate::geometry::file_letter(self.dims.files - 1)
                ));
            ctx.report(e);
            None
        }
    }

    fn term(
        &mut self,
        ctx: &mut Ctx,
        t: &Spanned<ZoneTerm>,
        p: Player,
        mirror: bool,
    ) -> Option<SquareSet> {
        let d = self.dims;
        match &t.node {
            ZoneTerm::All => Some(SquareSet::first_n(d.len())),
            ZoneTerm::Square(sq) => {
                let s = self.square(ctx, sq)?;
                Some(self.flip(std::iter::once(s).collect(), p, mirror))
            }
            ZoneTerm::Rect(a, b) => {
                let a = self.square(ctx, a);
                let b = self.square(ctx, b);
                let (a, b) = (a?, b?);
                let (f0, f1) = (d.file(a).min(d.file(b)), d.file(a).max(d.file(b)));
                let (r0, r1) = (d.rank(a).min(d.rank(b)), d.rank(a).max(d.rank(b)));
                let set: SquareSet = d
                    .squares()
                    .filter(|&s| (f0..=f1).contains(&d.file(s)) && (r0..=r1).contains(&d.rank(s)))
                    .collect();
                Some(self.flip(set, p, mirror))
            }
            ZoneTerm::Rank(n) => {
                let r = self.rank(ctx, n)?;
                Some(self.flip(self.rank_set(r), p, mirror))
            }
            ZoneTerm::Ranks(a, b) => {
                let a = self.rank(ctx, a);
                let b = self.rank(ctx, b);
                let (a, b) = (a?, b?);
                let mut set = SquareSet::EMPTY;
                for r in a.min(b)..=a.max(b) {
                    set = set.union(&self.rank_set(r));
                }
                Some(self.flip(set, p, mirror))
            }
            ZoneTerm::File(f) => Some(self.file_set(self.file(ctx, f)?)),
            ZoneTerm::Files(a, b) => {
                let a = self.file(ctx, a);
                let b = self.file(ctx, b);
                let (a, b) = (a?, b?);
                let mut set = SquareSet::EMPTY;
                for f in a.min(b)..=a.max(b) {
                    set = set.union(&self.file_set(f));
                }
                Some(set)
            }
            ZoneTerm::Named(n) => self.reference(ctx, n, p),
            ZoneTerm::Enemy(n) => self.reference(ctx, n, p.other()),
            ZoneTerm::Group(inner) => self.eval(ctx, inner, p, mirror),
        }
    }

    /// A zone name used in an expression: its set for `p`.
    fn reference(&mut self, ctx: &mut Ctx, n: &Spanned<String>, p: Player) -> Option<SquareSet> {
        if !self.decls.contains_key(&n.node) {
            report_unknown_zone(ctx, n, self.decls.keys().map(String::as_str));
            return None;
        }
        if self.active.len() >= MAX_DEPTH {
            let e = ctx
                .error(
                    Code::ZoneCycle,
                    n.span,
                    "zones refer to zones more than 64 deep",
                )
                .with_label("too deep")
                .with_help("define the zone more directly");
            ctx.report(e);
            return None;
        }
        if self.active.contains(&n.node) {
            let e = ctx
                .error(
                    Code::ZoneCycle,
                    n.span,
                    format!("zone `{}` is defined in terms of itself", n.node),
                )
                .with_label("refers back to the zone being defined")
                .with_help("define the zone from squares, ranks, files or other zones");
            ctx.report(e);
            return None;
        }
        self.declared(ctx, &n.node).map(|s| s[p])
    }
}

/// A square reference as the user wrote it.
fn square_text(sq: &SquareRef) -> String {
    let letter = (b'a'.wrapping_add(sq.file)) as char;
    if sq.rank == u64::MAX {
        format!("{letter}…")
    } else {
        format!("{letter}{}", sq.rank)
    }
}

/// Reports a zone name that no `zone` declares, suggesting the nearest declared one.
pub(crate) fn report_unknown_zone<'a>(
    ctx: &mut Ctx,
    n: &Spanned<String>,
    known: impl Iterator<Item = &'a str> + Clone,
) {
    let help = unknown_help("zone", &n.node, known);
    let e = ctx
        .error(
            Code::ZoneUnknown,
            n.span,
            format!("unknown zone `{}`", n.node),
        )
        .with_label("no zone has this name")
        .with_help(help);
    ctx.report(e);
}

/// "the board is 8x8: files a-h, ranks 1-8".
pub(crate) fn board_help(d: Dimensions) -> String {
    format!(
        "the board is {}x{}: files a-{}, ranks 1-{}",
        d.files,
        d.ranks,
        crate::geometry::file_letter(d.files.saturating_sub(1)),
        d.ranks
    )
}
