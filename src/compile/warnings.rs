//! Warnings: definitions that compile but cannot be what the designer meant (a promotion that
//! never happens, a piece that never appears, a zone nothing uses, ...).
//!
//! They run on a definition that compiled without errors, with the merged AST for the places to
//! point at and the [`RuleSet`] for what the rules mean. Moves are judged on their geometry alone
//! (any square may hold any piece), so a warning says "this can never happen", never "this
//! rarely happens": a warning is always worth reading.

use super::fen::{self, Placed};
use super::merge::{DropKey, Merged};
use super::Ctx;
use crate::diagnostics::{Code, SourceError};
use crate::geometry::{ByPlayer, Player, Square, SquareSet};
use crate::rules::{Confinement, Counted, Leg, MovePattern, PieceKind, PromotionMode, RuleSet};
use crate::syntax::{
    DropItem, PieceItem, RenderItem, Span, Statement, ZoneDef, ZoneExpr, ZoneTerm,
};
use std::collections::HashSet;

/// Every warning about a definition that compiled without errors, in file order.
pub(crate) fn check(ctx: &Ctx, m: &Merged, rules: &RuleSet) -> Vec<SourceError> {
    let mut w = Warner {
        ctx,
        m,
        rules,
        out: Vec::new(),
    };
    let placed = match &m.start {
        Some(s) => {
            // The FEN is valid (the definition compiled): read it again for where each piece stands.
            let mut scratch = Ctx {
                files: ctx.files.clone(),
                ..Ctx::default()
            };
            let squares = rules.board.squares;
            let holes = SquareSet::first_n(rules.board.dims.len()).minus(&squares);
            let letters: Vec<String> = rules.pieces.iter().map(|p| p.letter.clone()).collect();
            fen::read_start(
                &mut scratch,
                s,
                rules.board.dims,
                holes,
                &letters,
                rules.gating.is_some() || rules.pieces.iter().any(|p| p.first_move.is_some()),
                rules.walls.is_some(),
            )
            .placed
        }
        None => Vec::new(),
    };
    let geo = Geometry::new(rules, &placed);
    w.royals(&placed);
    w.extinct_at_start(&placed);
    w.pieces(&geo, &placed);
    w.unused_zones_and_paths();
    w.drops(&geo, &placed);
    let files = &ctx.files;
    w.out.sort_by_key(|e| {
        (
            files
                .iter()
                .position(|f| f.name == e.source.name)
                .unwrap_or(usize::MAX),
            e.offset(),
        )
    });
    w.out
}

struct Warner<'a> {
    ctx: &'a Ctx,
    m: &'a Merged,
    rules: &'a RuleSet,
    out: Vec<SourceError>,
}

impl Warner<'_> {
    fn warn(&mut self, code: Code, span: Span, message: String, label: &str, help: String) {
        let e = self
            .ctx
            .error(code, span, message)
            .with_label(label)
            .with_help(help)
            .as_warning();
        self.out.push(e);
    }

    fn name(&self, k: usize) -> &str {
        &self.rules.pieces[k].name
    }

    fn player(&self, p: Player) -> &str {
        &self.rules.players[p]
    }

    /// What `Player`'s piece of kind `k` on `sq` is called in a message: "the Black Pawn on a8".
    fn piece_on(&self, p: Player, k: usize, sq: Option<Square>) -> String {
        match sq {
            Some(s) => format!(
                "the {} {} on {}",
                self.player(p),
                self.name(k),
                self.rules.board.dims.name(s)
            ),
            None => format!("the {} {} in hand", self.player(p), self.name(k)),
        }
    }

    /// An `extinction` rule that a side already meets in the start position: the game would be
    /// over before the first move (`down-to` set too high, or a kind a side does not start with).
    fn extinct_at_start(&mut self, placed: &[Placed]) {
        let Some(st) = self.m.game_rules.get("extinction") else {
            return;
        };
        for p in Player::BOTH {
            let mine = || placed.iter().filter(|pl| pl.player == p);
            for ex in &self.rules.end.extinction {
                let (n, what) = match ex.counted {
                    Counted::All => (mine().count(), "pieces".to_string()),
                    Counted::Kind(k) => (
                        mine().filter(|pl| pl.kind == k.index()).count(),
                        format!("{}s", self.name(k.index())),
                    ),
                };
                if n > usize::from(ex.down_to) {
                    continue;
                }
                let msg = format!(
                    "{} starts with {n} {what}, which this `extinction` rule already counts as too few: the game is over before the first move",
                    self.player(p)
                );
                let help = if ex.down_to > 0 {
                    "lower the `down-to` count below what each side starts with".to_string()
                } else {
                    format!(
                        "give {} such a piece in the start FEN, or leave it out of the rule",
                        self.player(p)
                    )
                };
                self.warn(
                    Code::WarningExtinctAtStart,
                    st.span,
                    msg,
                    "holds at the start",
                    help,
                );
                return;
            }
        }
    }

    /// A side with no royal piece while some kind is royal: checkmate can never end its game.
    fn royals(&mut self, placed: &[Placed]) {
        let royal: Vec<usize> = self.rules.royal_kinds().map(|k| k.index()).collect();
        let Some(start) = &self.m.start else {
            return;
        };
        if royal.is_empty() {
            return;
        }
        let names: Vec<&str> = royal.iter().map(|&k| self.name(k)).collect();
        let names = names.join(", ");
        for p in Player::BOTH {
            if placed
                .iter()
                .any(|pl| pl.player == p && royal.contains(&pl.kind))
            {
                continue;
            }
            // A side that can lose by extinction (horde's White: `extinction all`) needs no royal.
            let extinct = self.rules.end.extinction.iter().any(|x| match x.counted {
                Counted::All => true,
                Counted::Kind(k) => placed
                    .iter()
                    .any(|pl| pl.player == p && pl.kind == k.index()),
            });
            if extinct {
                continue;
            }
            let verb = if royal.len() == 1 { "is" } else { "are" };
            let msg = format!(
                "{} has no royal piece in the start position, but the rules need one ({names} {verb} royal)",
                self.player(p)
            );
            self.warn(
                Code::WarningNoRoyal,
                start.span,
                msg,
                "no royal piece here",
                format!(
                    "without a royal piece {} can never be checkmated; place one in the start FEN",
                    self.player(p)
                ),
            );
        }
    }

    /// Per-kind warnings: moves, appearance, promotion, confinement.
    fn pieces(&mut self, geo: &Geometry, placed: &[Placed]) {
        let rules = self.rules;
        for (k, def) in rules.pieces.iter().enumerate() {
            let Some(decl) = self.m.pieces.get(&def.name) else {
                continue;
            };
            let appears = placed.iter().any(|p| p.kind == k)
                || rules.pieces.iter().any(|o| {
                    o.promotion
                        .as_ref()
                        .is_some_and(|pr| pr.to.contains(&PieceKind::from_index(k)))
                })
                || geo.reaches_hand[k];
            if !appears {
                self.warn(
                    Code::WarningNeverAppears,
                    decl.name.span,
                    format!("piece `{}` can never appear in a game", def.name),
                    "never on the board",
                    "it is not in the start position, no piece promotes to it and it never reaches a hand; place it in the start FEN or remove it".to_string(),
                );
                continue;
            }
            let moveless = Player::BOTH.iter().all(|&p| {
                geo.stands_on(p, k)
                    .iter()
                    .all(|s| geo.dests(p, k, s).is_empty())
            });
            let immobile = decl
                .items
                .iter()
                .any(|i| matches!(i.node, PieceItem::Immobile));
            if moveless && !immobile {
                self.warn(
                    Code::WarningNoMove,
                    decl.name.span,
                    format!(
                        "piece `{}` has no move from any square it can stand on",
                        def.name
                    ),
                    "never moves",
                    "give it a `moves` statement whose moves stay on the board (and inside its confinement), or write `immobile` in it if it never moves on purpose".to_string(),
                );
            }
            // Promotion.
            if let Some(pr) = &def.promotion {
                let item = decl
                    .items
                    .iter()
                    .find(|i| matches!(i.node, PieceItem::Promotes { .. }));
                let zone_text = match item.map(|i| &i.node) {
                    Some(PieceItem::Promotes { zone, .. }) => self.ctx.text(zone.span).to_string(),
                    _ => String::new(),
                };
                let never: Vec<Player> = Player::BOTH
                    .into_iter()
                    .filter(|&p| !geo.origins[p][k].is_empty())
                    .filter(|&p| geo.promotes_on(p, k).is_empty())
                    .collect();
                if let (Some(item), false) = (item, never.is_empty()) {
                    let whose = if never.len() == 2 {
                        String::new()
                    } else {
                        format!(" for {}", self.player(never[0]))
                    };
                    let how = if pr.mode == PromotionMode::Forced {
                        "no move of it ends in"
                    } else {
                        "no move of it starts or ends in"
                    };
                    self.warn(
                        Code::WarningPromotionNever,
                        item.span,
                        format!(
                            "`{}` can never promote{whose}: {how} `{zone_text}`",
                            def.name
                        ),
                        "never happens",
                        "a zone is stated for the first player and mirrored for the second; check the zone's ranks and the direction of the piece's moves".to_string(),
                    );
                }
            }
            // Pieces of this kind in the start position.
            for pl in placed.iter().filter(|pl| pl.kind == k) {
                let Some(sq) = pl.square else {
                    continue;
                };
                let p = pl.player;
                if let Some(pr) = &def.promotion {
                    // A zone of the whole board promotes on every move (a piece that turns over
                    // each time it moves): standing in it at the start is the rule, not a slip.
                    let whole_board = pr.zone[p] == self.rules.board.squares;
                    if pr.mode == PromotionMode::Forced && pr.zone[p].contains(sq) && !whole_board {
                        self.warn(
                            Code::WarningStartInPromotionZone,
                            pl.span,
                            format!(
                                "{} stands in its forced-promotion zone in the start position",
                                self.piece_on(p, k, Some(sq))
                            ),
                            "already in the zone",
                            "it promotes only when a move ends in the zone; place it outside, or write the promoted piece".to_string(),
                        );
                        continue;
                    }
                }
                let outside = match &def.confinement {
                    Confinement::None => false,
                    Confinement::Within(z) => !z[p].contains(sq),
                    Confinement::Regions(rs) => !rs.iter().any(|r| r[p].contains(sq)),
                };
                if outside {
                    self.warn(
                        Code::WarningStartsOutsideConfinement,
                        pl.span,
                        format!(
                            "{} starts outside its confinement",
                            self.piece_on(p, k, Some(sq))
                        ),
                        "outside",
                        "a confined piece never leaves its zone, so it should start inside it; move it or widen the zone".to_string(),
                    );
                    continue;
                }
                if !moveless && geo.dests(p, k, sq).is_empty() {
                    self.warn(
                        Code::WarningNoMove,
                        pl.span,
                        format!(
                            "{} has no move from its start square",
                            self.piece_on(p, k, Some(sq))
                        ),
                        "stuck here",
                        "none of its moves stays on the board from here; move it or give it a move from this square".to_string(),
                    );
                }
            }
        }
    }

    /// Zones and paths declared and never used.
    fn unused_zones_and_paths(&mut self) {
        let m = self.m;
        let mut used: HashSet<&str> = HashSet::new();
        let mut exprs: Vec<&ZoneExpr> = Vec::new();
        if let Some(h) = &m.holes {
            exprs.push(h);
        }
        for d in m.pieces.values() {
            for item in &d.items {
                match &item.node {
                    PieceItem::Moves {
                        only_in: Some(z), ..
                    } => exprs.push(z),
                    PieceItem::Confined(zs) => exprs.extend(zs.iter()),
                    PieceItem::Promotes { zone, .. } => exprs.push(zone),
                    PieceItem::Rides { paths, .. } => {
                        used.extend(paths.iter().map(|n| n.node.as_str()));
                    }
                    _ => {}
                }
            }
        }
        for item in m.drops.values() {
            match &item.node {
                DropItem::Zone(z)
                | DropItem::KindZone(_, z)
                | DropItem::PromoteAfterMove(z)
                | DropItem::Opening(z) => exprs.push(z),
                _ => {}
            }
        }
        // The game rules that name zones: `goal KIND in ZONE`, `gating in ZONE`.
        for st in m.game_rules.values() {
            match &st.node {
                Statement::Goal { zone, .. }
                | Statement::Gating(zone)
                | Statement::EnPassant(zone) => exprs.push(zone),
                Statement::Walls {
                    zone: Some(zone), ..
                } => exprs.push(zone),
                _ => {}
            }
        }
        for item in m.render.values() {
            match &item.node {
                RenderItem::Diagonals(names) => used.extend(names.iter().map(|n| n.node.as_str())),
                RenderItem::Colour(n, _) => {
                    used.insert(n.node.as_str());
                }
                _ => {}
            }
        }
        // A zone used by a used zone is used; walk the definitions until nothing new is found.
        let mut queue: Vec<&ZoneExpr> = exprs;
        while let Some(e) = queue.pop() {
            let mut names = Vec::new();
            zone_names(e, &mut names);
            for n in names {
                if used.insert(n) {
                    if let Some(decl) = m.zones.get(n) {
                        match &decl.def {
                            ZoneDef::Relative(z) | ZoneDef::Absolute(z) => queue.push(z),
                            ZoneDef::PerPlayer(list) => queue.extend(list.iter().map(|(_, z)| z)),
                        }
                    }
                }
            }
        }
        for (name, decl) in &m.zones {
            if !used.contains(name.as_str()) {
                self.warn(
                    Code::WarningUnusedZone,
                    decl.name.span,
                    format!("zone `{name}` is declared but nothing uses it"),
                    "unused",
                    "use it in a piece (`in`, `confined`, `promotes ... in`), in `goal`, `gating`, `drops` or `render`, or remove it".to_string(),
                );
            }
        }
        for (name, decl) in &m.paths {
            if !used.contains(name.as_str()) {
                self.warn(
                    Code::WarningUnusedPath,
                    decl.name.span,
                    format!("path `{name}` is declared but no piece rides it"),
                    "unused",
                    format!("add `rides {name}` to a piece, or remove the path"),
                );
            }
        }
    }

    /// Drop zones `must-move` empties, and start hands that can never be dropped.
    fn drops(&mut self, geo: &Geometry, placed: &[Placed]) {
        let rules = self.rules;
        let must_move = self.m.drops.get(&DropKey::MustMove).map(|i| i.span);
        for (k, def) in rules.pieces.iter().enumerate() {
            if !geo.reaches_hand[k] {
                continue;
            }
            let empty: Vec<Player> = Player::BOTH
                .into_iter()
                .filter(|&p| geo.drop_squares(p, k).is_empty())
                .collect();
            if empty.is_empty() {
                continue;
            }
            let whose = if empty.len() == 2 {
                String::new()
            } else {
                format!(" for {}", self.player(empty[0]))
            };
            let kind_zone = self.m.drops.get(&DropKey::KindZone(def.name.clone()));
            let zone = kind_zone.or_else(|| self.m.drops.get(&DropKey::Zone));
            if let Some(ms) = must_move {
                let any_zone_square = Player::BOTH
                    .iter()
                    .any(|&p| !geo.drop_zone(p, k).is_empty());
                if any_zone_square {
                    let span = zone.map(|z| z.span).unwrap_or(ms);
                    self.warn(
                        Code::WarningDropZoneStuck,
                        span,
                        format!(
                            "`must-move` leaves `{}` no square to be dropped on{whose}",
                            def.name
                        ),
                        "no square left",
                        format!(
                            "from every square of this drop zone a `{}` has no move; widen the zone or give the piece a move from it",
                            def.name
                        ),
                    );
                }
            }
        }
        // With `gating` the start hand enters by gating, not by drops.
        if rules.gating.is_some() {
            return;
        }
        // A `drops` block, even one without `kinds`, lets the start hand be dropped.
        let drops_on = !rules.drops.to_hand.is_empty() || !self.m.drops.is_empty();
        let mut seen: Vec<(usize, Player)> = Vec::new();
        for pl in placed.iter().filter(|p| p.square.is_none()) {
            if seen.contains(&(pl.kind, pl.player)) {
                continue;
            }
            seen.push((pl.kind, pl.player));
            let why = if !drops_on {
                "the definition has no drops: add `drops { kinds ... }`".to_string()
            } else if geo.drop_squares(pl.player, pl.kind).is_empty() {
                "its drop zone leaves it no square".to_string()
            } else {
                continue;
            };
            self.warn(
                Code::WarningNeverDropped,
                pl.span,
                format!(
                    "{} can never be dropped",
                    self.piece_on(pl.player, pl.kind, None)
                ),
                "stays in hand",
                why,
            );
        }
    }
}

/// The zone names a zone expression refers to.
fn zone_names<'a>(e: &'a ZoneExpr, out: &mut Vec<&'a str>) {
    let terms = std::iter::once(&e.first).chain(e.rest.iter().map(|(_, t)| t));
    for t in terms {
        match &t.node {
            ZoneTerm::Named(n) | ZoneTerm::Enemy(n) => out.push(n.node.as_str()),
            ZoneTerm::Group(inner) => zone_names(inner, out),
            _ => {}
        }
    }
}

/// Where each kind can be, judged on geometry: the squares a piece could reach from where it
/// can first stand (start square, drop squares, promotion squares of the kinds promoting to it).
struct Geometry<'a> {
    rules: &'a RuleSet,
    /// `initial[player][kind]`: where the kind stands in the start position (for `i` moves).
    initial: ByPlayer<Vec<SquareSet>>,
    /// `dests[player][kind][square]`: where a move could take the piece.
    dests: ByPlayer<Vec<Vec<SquareSet>>>,
    /// Kinds that can be in a hand: in a start hand, or kept by the captor and captured as.
    reaches_hand: Vec<bool>,
    /// `origins[player][kind]`: where a piece of the kind can first stand.
    origins: ByPlayer<Vec<SquareSet>>,
    /// `reach[player][kind]`: the squares it can ever stand on.
    reach: ByPlayer<Vec<SquareSet>>,
}

impl<'a> Geometry<'a> {
    fn new(rules: &'a RuleSet, placed: &[Placed]) -> Geometry<'a> {
        let n = rules.pieces.len();
        let squares = rules.board.squares;
        let mut initial = ByPlayer::from_fn(|_| vec![SquareSet::EMPTY; n]);
        for pl in placed {
            if let Some(s) = pl.square {
                initial[pl.player][pl.kind].insert(s);
            }
        }
        let mut dests = ByPlayer::from_fn(|_| Vec::with_capacity(n));
        for p in Player::BOTH {
            for (k, start) in initial[p].iter().enumerate() {
                let mut per = vec![SquareSet::EMPTY; rules.board.dims.len()];
                for s in squares.iter() {
                    per[s.index()] = destinations(rules, p, k, s, start);
                }
                dests[p].push(per);
            }
        }
        let reaches_hand: Vec<bool> = (0..n)
            .map(|k| {
                let kind = PieceKind::from_index(k);
                placed.iter().any(|p| p.kind == k && p.square.is_none())
                    || (rules.drops.to_hand.contains(&kind)
                        && rules.pieces.iter().any(|p| p.captured_as == kind))
            })
            .collect();
        let mut g = Geometry {
            rules,
            initial,
            dests,
            reaches_hand,
            origins: ByPlayer::from_fn(|_| vec![SquareSet::EMPTY; n]),
            reach: ByPlayer::from_fn(|_| vec![SquareSet::EMPTY; n]),
        };
        for p in Player::BOTH {
            for k in 0..n {
                let mut o = g.initial[p][k];
                if g.reaches_hand[k] && !rules.drops.to_hand.is_empty() {
                    o = o.union(&g.drop_squares(p, k));
                }
                g.origins[p][k] = o;
            }
        }
        // Promotion targets first stand where their promoters promote; repeat until nothing grows
        // (each round adds squares, so this ends).
        loop {
            let mut grew = false;
            for p in Player::BOTH {
                for k in 0..n {
                    let r = g.closure(p, k);
                    g.reach[p][k] = r;
                }
                for k in 0..n {
                    let Some(pr) = &rules.pieces[k].promotion else {
                        continue;
                    };
                    let mut on = g.promotes_on(p, k);
                    if let Some(z) = &rules.drops.promote_after_move {
                        let dropped = g.drop_squares(p, k).intersect(&z[p]);
                        for s in dropped.iter() {
                            on = on.union(&g.dests(p, k, s));
                        }
                    }
                    for t in &pr.to {
                        let o = &mut g.origins[p][t.index()];
                        let new = o.union(&on);
                        if new != *o {
                            *o = new;
                            grew = true;
                        }
                    }
                }
            }
            if !grew {
                break;
            }
        }
        g
    }

    fn dests(&self, p: Player, k: usize, s: Square) -> SquareSet {
        self.dests[p][k]
            .get(s.index())
            .copied()
            .unwrap_or(SquareSet::EMPTY)
    }

    /// The squares a kind may stand on: its confinement's, else the whole board.
    fn stands_on(&self, p: Player, k: usize) -> SquareSet {
        let squares = self.rules.board.squares;
        match &self.rules.pieces[k].confinement {
            Confinement::Within(z) => z[p].intersect(&squares),
            _ => squares,
        }
    }

    /// Where a kind may be dropped, before `must-move`.
    fn drop_zone(&self, p: Player, k: usize) -> SquareSet {
        let squares = self.rules.board.squares;
        match self.rules.drops.zones.get(k).and_then(|z| z.as_ref()) {
            Some(z) => z[p].intersect(&squares),
            None => squares,
        }
    }

    /// Where a kind may be dropped, after `must-move` (the engine's rule: a move from there).
    fn drop_squares(&self, p: Player, k: usize) -> SquareSet {
        let zone = self.drop_zone(p, k);
        if !self.rules.drops.must_have_move {
            return zone;
        }
        zone.iter()
            .filter(|&s| !self.dests(p, k, s).is_empty())
            .collect()
    }

    /// Every square reachable from the kind's origins by its moves.
    fn closure(&self, p: Player, k: usize) -> SquareSet {
        let mut seen = self.origins[p][k];
        let mut todo: Vec<Square> = seen.iter().collect();
        while let Some(s) = todo.pop() {
            for t in self.dests(p, k, s).iter() {
                if !seen.contains(t) {
                    seen.insert(t);
                    todo.push(t);
                }
            }
        }
        seen
    }

    /// The squares where a piece of the kind can promote: a move ends in its zone (forced), or
    /// starts or ends there (optional). Empty when it cannot promote.
    fn promotes_on(&self, p: Player, k: usize) -> SquareSet {
        let Some(pr) = &self.rules.pieces[k].promotion else {
            return SquareSet::EMPTY;
        };
        let zone = pr.zone[p];
        let mut on = SquareSet::EMPTY;
        for s in self.reach[p][k].iter() {
            let d = self.dests(p, k, s);
            on = on.union(&d.intersect(&zone));
            if pr.mode != PromotionMode::Forced && zone.contains(s) {
                on = on.union(&d);
            }
        }
        on
    }
}

/// Where a piece could move from `from` if any square could hold any piece: the squares the
/// engine's move tables hold for it (confinement, `in` zones, `unconfined` and `i` applied).
fn destinations(
    rules: &RuleSet,
    p: Player,
    k: usize,
    from: Square,
    initial: &SquareSet,
) -> SquareSet {
    let piece = &rules.pieces[k];
    let squares = rules.board.squares;
    let confined_to = match &piece.confinement {
        Confinement::None => squares,
        Confinement::Within(z) => z[p],
        Confinement::Regions(rs) => rs
            .iter()
            .map(|r| r[p])
            .find(|r| r.contains(from))
            .unwrap_or(squares),
    };
    let mut out = SquareSet::EMPTY;
    for rule in &piece.moves {
        if rule.only_in.is_some_and(|z| !z[p].contains(from)) {
            continue;
        }
        let land = if rule.unconfined {
            squares
        } else {
            confined_to
        };
        for pat in &rule.patterns {
            if pat.initial && !initial.contains(from) {
                continue;
            }
            pattern_dests(rules, pat, (p, piece.turned), from, &land, &mut out);
        }
    }
    for ride in &piece.rides {
        for path in ride.paths.iter().filter_map(|&id| rules.path(id)) {
            for line in path.lines_from(rules.board.dims, from, p, ride) {
                // A hop lands beyond its first square, where the screen stands.
                let skip = usize::from(ride.hopping);
                for &s in line.iter().skip(skip) {
                    if confined_to.contains(s) {
                        out.insert(s);
                    }
                }
            }
        }
    }
    out
}

/// The landing squares of one pattern, leg by leg, as the engine expands it.
fn pattern_dests(
    rules: &RuleSet,
    pat: &MovePattern,
    p: (Player, bool),
    from: Square,
    land: &SquareSet,
    out: &mut SquareSet,
) {
    let Some(last) = pat.legs.last() else {
        return;
    };
    if !last.mode.to_empty && !last.mode.to_enemy {
        return;
    }
    legs_from(rules, &pat.legs, p, from, land, out);
}

fn legs_from(
    rules: &RuleSet,
    legs: &[Leg],
    p: (Player, bool),
    at: Square,
    land: &SquareSet,
    out: &mut SquareSet,
) {
    let Some((leg, rest)) = legs.split_first() else {
        return;
    };
    let dims = rules.board.dims;
    let step = leg.step.oriented(p.0, p.1);
    let max = if leg.max == Leg::UNLIMITED {
        u8::MAX
    } else {
        leg.max
    };
    let goes_on = leg.mode.to_empty || leg.mode.to_enemy || leg.mode.over_piece;
    let mut s = at;
    for n in 1..=max {
        let Some(t) = dims
            .offset(s, step)
            .filter(|t| rules.board.squares.contains(*t))
        else {
            break;
        };
        s = t;
        if n >= leg.min.max(1) {
            if rest.is_empty() {
                if land.contains(t) {
                    out.insert(t);
                }
            } else if goes_on {
                legs_from(rules, rest, p, t, land, out);
            }
        }
    }
}

#[cfg(test)]
mod tests;
