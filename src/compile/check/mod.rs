//! Semantic checks: the merged AST → a [`RuleSet`]. Every check reports and goes on, so one run
//! finds every error; the rule set is returned only when there were none.
//!
//! [`compile`] runs the stages in order, each in its own file: the board and what is named on it
//! (`board.rs`: name, size, players, holes, zones, start position), `paths.rs`, `pieces.rs`
//! (names, letters, bodies, `captured as`), `drops.rs`, `ending.rs` (royalty, the end of the
//! game, castling) and `render.rs`.

mod board;
mod drops;
mod ending;
mod game_rules;
mod gating;
mod paths;
mod pieces;
mod random;
mod render;
mod walls;

use super::merge::Merged;
use super::zones::{board_help, Zones};
use super::{unknown_help, Ctx};
use crate::diagnostics::Code;
use crate::geometry::{ByPlayer, Dimensions, Player, PlayerSquares, SquareSet};
use crate::rules::{Board, Outcome, PathDef, PieceKind, RuleSet, ZoneId, ZoneRef};
use crate::syntax::{Name, PieceDecl, ScoreName, Span, Spanned, ZoneExpr, ZoneTerm};
use indexmap::IndexMap;

/// Everything later checks need to look names up.
struct Env<'a> {
    dims: Dimensions,
    holes: SquareSet,
    zones: Zones<'a>,
    /// Piece names in kind order.
    pieces: Vec<String>,
    /// Declared paths.
    paths: Vec<String>,
    /// The paths that compiled, in the order of [`RuleSet::paths`] (a path's place is its `PathId`).
    path_defs: IndexMap<String, PathDef>,
    /// Declared zones, in the order of [`RuleSet::zones`] (a zone's place is its `ZoneId`).
    zone_names: Vec<String>,
    /// The players' names (`win for PLAYER`).
    players: ByPlayer<String>,
}

impl Env<'_> {
    /// The kind a name refers to, or an "unknown piece" error (`code` says in which role).
    fn kind(&self, ctx: &mut Ctx, n: &Name, code: Code, what: &str) -> Option<PieceKind> {
        match self.pieces.iter().position(|p| *p == n.node) {
            Some(i) => Some(PieceKind::from_index(i)),
            None => {
                let help = unknown_help("piece", &n.node, self.pieces.iter().map(String::as_str));
                let e = ctx
                    .error(
                        code,
                        n.span,
                        format!("{what} `{}` is not a declared piece", n.node),
                    )
                    .with_label("no piece has this name")
                    .with_help(help);
                ctx.report(e);
                None
            }
        }
    }

    /// Several kinds; `None` if any is unknown (all are reported).
    fn kinds(
        &self,
        ctx: &mut Ctx,
        names: &[Name],
        code: Code,
        what: &str,
    ) -> Option<Vec<PieceKind>> {
        let v: Vec<Option<PieceKind>> = names
            .iter()
            .map(|n| self.kind(ctx, n, code, what))
            .collect();
        v.into_iter().collect()
    }

    /// A zone written in a piece or rule: player-relative, holes removed, not empty.
    /// The declared zone an expression names on its own (`own_half`, `enemy own_half`,
    /// `(own_half)`), if it is just that.
    fn zone_ref(&self, e: &ZoneExpr) -> Option<ZoneRef> {
        if !e.rest.is_empty() {
            return None;
        }
        let (name, enemy) = match &e.first.node {
            ZoneTerm::Named(n) => (n, false),
            ZoneTerm::Enemy(n) => (n, true),
            ZoneTerm::Group(inner) => return self.zone_ref(inner),
            _ => return None,
        };
        let i = self.zone_names.iter().position(|z| *z == name.node)?;
        Some(ZoneRef {
            zone: ZoneId(u16::try_from(i).ok()?),
            enemy,
        })
    }

    fn inline_zone(&mut self, ctx: &mut Ctx, e: &ZoneExpr) -> Option<PlayerSquares> {
        let raw = self.zones.relative(ctx, e)?;
        let set = raw.map(|s| s.minus(&self.holes));
        if set.iter().any(SquareSet::is_empty) {
            let err = ctx
                .error(Code::ZoneEmpty, e.span, "this zone has no squares")
                .with_label("empty zone")
                .with_help(board_help(self.dims));
            ctx.report(err);
            return None;
        }
        Some(set)
    }
}

/// The outcome a score states; `win for PLAYER` names one of the `players` (else an error, and
/// a draw stands in).
fn score(ctx: &mut Ctx, env: &Env, s: &Spanned<ScoreName>) -> Outcome {
    match &s.node {
        ScoreName::Win => Outcome::Win,
        ScoreName::Loss => Outcome::Loss,
        ScoreName::Draw => Outcome::Draw,
        ScoreName::For { win, player } => match player_named(ctx, env, player) {
            Some(p) => Outcome::WonBy(if *win { p } else { p.other() }),
            None => Outcome::Draw,
        },
    }
}

/// The player a name in `for PLAYER` stands for: one of the `players`, else an error.
fn player_named(ctx: &mut Ctx, env: &Env, player: &crate::syntax::Name) -> Option<Player> {
    let found = [Player::First, Player::Second]
        .into_iter()
        .find(|p| env.players[*p] == player.node);
    if found.is_none() {
        let help = unknown_help(
            "player",
            &player.node,
            [Player::First, Player::Second].map(|p| env.players[p].as_str()),
        );
        let err = ctx
            .error(
                Code::PlayerUnknown,
                player.span,
                format!("unknown player `{}`", player.node),
            )
            .with_label("not one of the `players`")
            .with_help(help);
        ctx.report(err);
    }
    found
}

/// A number in `lo..=hi`, or an error at it.
fn in_range(ctx: &mut Ctx, n: &Spanned<u64>, lo: u64, hi: u64, what: &str) -> Option<u64> {
    if n.node >= lo && n.node <= hi {
        Some(n.node)
    } else {
        let shown = match ctx.text(n.span) {
            "" => n.node.to_string(),
            t => t.to_string(),
        };
        let e = ctx
            .error(
                Code::NumberRange,
                n.span,
                format!("{what} must be from {lo} to {hi}, not {shown}"),
            )
            .with_label("out of range")
            .with_help(format!("write a number from {lo} to {hi}"));
        ctx.report(e);
        None
    }
}

/// Compiles the merged definition; `None` when it had errors (they are in `ctx`).
pub(crate) fn compile(ctx: &mut Ctx, m: &Merged) -> Option<RuleSet> {
    let root = Span::new(m.root, 0, 0);
    let name = board::variant_name(ctx, m, root);
    let (dims, board_ok) = board::dimensions(ctx, m, root);
    let full = SquareSet::first_n(dims.len());
    let players = board::players(ctx, m);
    let mut zones = Zones::new(dims, players.clone(), &m.zones);
    let holes = board::holes(ctx, &mut zones, m, dims, full);
    let squares = full.minus(&holes);
    let zone_sets = board::zone_sets(ctx, &mut zones, m, &players, dims, holes);
    let paths = paths::paths(ctx, &mut zones, m, dims, holes);

    let decls: Vec<&PieceDecl> = m.pieces.values().collect();
    pieces::names_and_letters(ctx, &decls);
    let mut env = Env {
        dims,
        holes,
        zones,
        pieces: decls.iter().map(|d| d.name.node.clone()).collect(),
        paths: m.paths.keys().cloned().collect(),
        path_defs: paths.clone(),
        zone_names: zone_sets.keys().cloned().collect(),
        players: players.clone(),
    };
    let pieces = pieces::pieces(ctx, &mut env, &decls);
    pieces::royal_groups(ctx, &decls, &pieces);
    let royals: Vec<PieceKind> = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .map(|(i, _)| PieceKind::from_index(i))
        .collect();

    let letters: Vec<String> = pieces.iter().map(|p| p.letter.clone()).collect();
    let (start_fen, start, in_hand_at_start) =
        board::start(ctx, m, root, (dims, board_ok), holes, &letters);
    let drops = drops::drops(ctx, &mut env, m, &pieces, &in_hand_at_start);
    ending::rules_needing_royals(ctx, m, &decls, &royals);
    let mut end = ending::game_end(ctx, m, &env);
    let promotion_limits = game_rules::compile(ctx, m, &mut end, pieces.len(), &royals, &mut env);
    let castling = ending::castling(ctx, m, &env, dims);
    let random_start = random::random_start(ctx, m, &env, &start);
    let gating = gating::gating(ctx, m, &mut env);
    let en_passant = gating::en_passant(ctx, m, &mut env);
    let has_drops = !drops.to_hand.is_empty() || !start.hands.is_empty();
    let walls = walls::walls(ctx, m, &mut env, &squares, has_drops);
    let flip = game_rules::flip(ctx, m, &royals);
    let render = render::render(ctx, m, dims, &zone_sets);

    let rules = RuleSet {
        name,
        board: Board { dims, squares },
        players,
        zones: zone_sets,
        paths,
        pieces,
        drops,
        end,
        castling,
        gating,
        en_passant,
        walls,
        flip,
        promotion_limits,
        start_fen,
        start,
        random_start,
        render,
        about: super::about::about(ctx, m),
        weights: None,
    };
    if ctx.errors.is_empty() {
        Some(rules)
    } else {
        None
    }
}
