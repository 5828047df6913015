//! Semantic checks: the merged AST → a [`RuleSet`]. Every check reports and goes on, so one run
//! finds every error; the rule set is returned only when there were none.

use super::fen;
use super::merge::Merged;
use super::zones::{board_help, report_unknown_zone, Zones};
use super::{unknown_help, Ctx};
use crate::geometry::{Dimensions, Player, PlayerSquares, Square, SquareSet, MAX_SIDE};
use crate::rules::{
    Board, Castling, Confinement, DropRules, GameEnd, MoveLimit, MoveRule, PathDef, PathRide,
    PieceDef, PieceKind, Promotion, PromotionMode, RenderHints, RoyalRule, RuleSet, Score,
    MAX_PIECE_KINDS,
};
use crate::syntax::{
    DropItem, Name, PieceDecl, PieceItem, RenderItem, RoyalRuleName, ScoreName, Span, Spanned,
    ZoneExpr,
};
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
}

impl Env<'_> {
    /// The kind a name refers to, or an "unknown piece" error (`code` says in which role).
    fn kind(&self, ctx: &mut Ctx, n: &Name, code: &'static str, what: &str) -> Option<PieceKind> {
        match self.pieces.iter().position(|p| *p == n.node) {
            Some(i) => Some(PieceKind(i as u8)),
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
        code: &'static str,
        what: &str,
    ) -> Option<Vec<PieceKind>> {
        let v: Vec<Option<PieceKind>> = names
            .iter()
            .map(|n| self.kind(ctx, n, code, what))
            .collect();
        v.into_iter().collect()
    }

    /// A zone written in a piece or rule: player-relative, holes removed, not empty.
    fn inline_zone(&mut self, ctx: &mut Ctx, e: &ZoneExpr) -> Option<PlayerSquares> {
        let raw = self.zones.relative(ctx, e)?;
        let set = [raw[0].minus(&self.holes), raw[1].minus(&self.holes)];
        if set[0].is_empty() || set[1].is_empty() {
            let err = ctx
                .error("chimera::zone::empty", e.span, "this zone has no squares")
                .with_label("empty zone")
                .with_help(board_help(self.dims));
            ctx.report(err);
            return None;
        }
        Some(set)
    }
}

fn score(s: &ScoreName) -> Score {
    match s {
        ScoreName::Win => Score::Win,
        ScoreName::Loss => Score::Loss,
        ScoreName::Draw => Score::Draw,
    }
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
                "chimera::number::range",
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

    // Name.
    let name = match &m.variant {
        Some(v) if v.node.trim().is_empty() => {
            let e = ctx
                .error(
                    "chimera::variant::name",
                    v.span,
                    "the variant's name is empty",
                )
                .with_label("empty name")
                .with_help("name the variant, like `variant \"My Variant\"`");
            ctx.report(e);
            String::new()
        }
        Some(v) => v.node.clone(),
        None => {
            let e = ctx
                .error(
                    "chimera::statement::missing",
                    root,
                    "the definition has no `variant` statement",
                )
                .with_label("expected `variant \"NAME\"` first")
                .with_help("start the file with `variant \"My Variant\"`");
            ctx.report(e);
            String::new()
        }
    };

    // Board. After an error, go on with a board that fits so later checks still run.
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
                    "chimera::statement::missing",
                    root,
                    "the definition has no `board` statement",
                )
                .with_label("expected `board FILESxRANKS`")
                .with_help("add for example `board 8x8`");
            ctx.report(e);
            Dimensions { files: 8, ranks: 8 }
        }
    };
    let full = SquareSet::first_n(dims.len());

    // Players.
    let players: [String; 2] = match &m.players {
        Some((a, b)) => {
            let (a, b) = (&a.name, &b.name);
            if a.node == b.node {
                let e = ctx
                    .error(
                        "chimera::name::duplicate",
                        b.span,
                        format!("both players are called `{}`", b.node),
                    )
                    .with_label("same name as the first player")
                    .with_note(a.span.start, a.span.end, "first player")
                    .with_help("give the two players different names, like `players White, Black`");
                ctx.report(e);
            }
            [a.node.clone(), b.node.clone()]
        }
        None => ["White".to_string(), "Black".to_string()],
    };

    // Holes, then zones.
    let mut zones = Zones::new(dims, players.clone(), &m.zones);
    let holes = match &m.holes {
        Some(h) => {
            let set = zones
                .eval(ctx, h, Player::First, false)
                .unwrap_or(SquareSet::EMPTY);
            if set == full {
                let e = ctx
                    .error(
                        "chimera::board::no_squares",
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
    };
    let squares = full.minus(&holes);
    let mut zone_sets: IndexMap<String, PlayerSquares> = IndexMap::new();
    for (zname, decl) in &m.zones {
        if crate::geometry::split_square_name(zname).is_some() {
            let e = ctx
                .error(
                    "chimera::zone::name",
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
        let set = [raw[0].minus(&holes), raw[1].minus(&holes)];
        let empty: Vec<&str> = Player::BOTH
            .iter()
            .filter(|p| set[p.index()].is_empty())
            .map(|p| players[p.index()].as_str())
            .collect();
        if !empty.is_empty() {
            let whom = if empty.len() == 2 {
                String::new()
            } else {
                format!(" for {}", empty[0])
            };
            let e = ctx
                .error(
                    "chimera::zone::empty",
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

    // Paths.
    let mut paths: IndexMap<String, PathDef> = IndexMap::new();
    for (pname, p) in &m.paths {
        let corners: Vec<Option<Square>> = p.corners.iter().map(|c| zones.square(ctx, c)).collect();
        let mut ok = true;
        for (c, sq) in p.corners.iter().zip(&corners) {
            if let Some(sq) = sq {
                if holes.contains(*sq) {
                    let e = ctx
                        .error(
                            "chimera::path::hole",
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
                .error("chimera::path::not_straight", p.name.span, format!("cyclic path `{pname}` needs at least three corners"))
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
                        "chimera::path::not_straight",
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
                                "chimera::path::hole",
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
                    "chimera::path::revisits",
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

    // Piece names and letters.
    let decls: Vec<&PieceDecl> = m.pieces.values().collect();
    if decls.len() > MAX_PIECE_KINDS {
        let e = ctx
            .error(
                "chimera::piece::too_many",
                decls[MAX_PIECE_KINDS].name.span,
                format!("more than {MAX_PIECE_KINDS} piece kinds"),
            )
            .with_label("one too many")
            .with_help(format!(
                "a variant has at most {MAX_PIECE_KINDS} piece kinds, one per letter (`A`..`Z`, `+A`..`+Z`)"
            ));
        ctx.report(e);
    }
    for (i, d) in decls.iter().enumerate() {
        if let Some(prev) = decls[..i]
            .iter()
            .find(|o| o.name.node.eq_ignore_ascii_case(&d.name.node))
        {
            let mut e = ctx
                .error(
                    "chimera::name::duplicate",
                    d.name.span,
                    format!(
                        "two pieces are named `{}` and `{}`",
                        prev.name.node, d.name.node
                    ),
                )
                .with_label("differs only in case")
                .with_help("piece names are looked up without regard to case; rename one");
            if prev.name.span.file == d.name.span.file {
                e = e.with_note(prev.name.span.start, prev.name.span.end, "the other one");
            }
            ctx.report(e);
        }
        let l = d.letter.node.as_str();
        let body = l.strip_prefix('+').unwrap_or(l);
        if !(body.len() == 1 && body.bytes().all(|b| b.is_ascii_uppercase())) {
            let e = ctx
                .error(
                    "chimera::piece::letter",
                    d.letter.span,
                    format!("piece letter `{l}` must be one upper-case letter"),
                )
                .with_label("not upper case")
                .with_help(format!(
                    "write `{}`; the second player's pieces are written in lower case in the FEN",
                    l.to_ascii_uppercase()
                ));
            ctx.report(e);
        } else if let Some(prev) = decls[..i].iter().find(|o| o.letter.node == d.letter.node) {
            let mut e = ctx
                .error(
                    "chimera::name::duplicate",
                    d.letter.span,
                    format!(
                        "pieces `{}` and `{}` both have the letter `{l}`",
                        prev.name.node, d.name.node
                    ),
                )
                .with_label("letter already taken")
                .with_help("each piece kind needs its own FEN letter");
            if prev.letter.span.file == d.letter.span.file {
                e = e.with_note(prev.letter.span.start, prev.letter.span.end, "taken here");
            }
            ctx.report(e);
        }
    }

    let mut env = Env {
        dims,
        holes,
        zones,
        pieces: decls.iter().map(|d| d.name.node.clone()).collect(),
        paths: m.paths.keys().cloned().collect(),
    };

    // Pieces.
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut explicit_captured_as: Vec<Option<PieceKind>> = Vec::new();
    for d in &decls {
        let (def, cap) = piece(ctx, &mut env, d);
        pieces.push(def);
        explicit_captured_as.push(cap);
    }
    // `captured as`: explicit; else, for a promoted form (`+X`), the one kind that promotes to it or
    // else the kind written X; else itself. A native piece that pawns may promote to (a chess
    // Queen) stays itself: only `+` letters mean "promoted" in FEN.
    for i in 0..pieces.len() {
        let k = PieceKind(i as u8);
        pieces[i].captured_as = match explicit_captured_as[i] {
            Some(c) => c,
            None => match pieces[i].letter.strip_prefix('+') {
                None => k,
                Some(base) => {
                    let from: Vec<usize> = (0..pieces.len())
                        .filter(|&j| {
                            pieces[j]
                                .promotion
                                .as_ref()
                                .is_some_and(|p| p.to.contains(&k))
                        })
                        .collect();
                    match from.as_slice() {
                        [one] => PieceKind(*one as u8),
                        _ => pieces
                            .iter()
                            .position(|p| p.letter == base)
                            .map(|j| PieceKind(j as u8))
                            .unwrap_or(k),
                    }
                }
            },
        };
    }
    let royals: Vec<PieceKind> = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .map(|(i, _)| PieceKind(i as u8))
        .collect();

    // Start position.
    let letters: Vec<String> = pieces.iter().map(|p| p.letter.clone()).collect();
    let mut in_hand_at_start: Vec<usize> = Vec::new();
    let start_fen = match &m.start {
        Some(s) => {
            // Against a board that is itself wrong, every rank would be reported too.
            if board_ok {
                in_hand_at_start = fen::validate(ctx, s, dims, holes, &letters).in_hand;
            }
            s.node.trim().to_string()
        }
        None => {
            let e = ctx
                .error("chimera::statement::missing", root, "the definition has no `start` position")
                .with_label("expected `start \"FEN\"`")
                .with_help("add `start \"FEN\"`: the ranks from the top separated by `/`, then the side to move");
            ctx.report(e);
            String::new()
        }
    };

    // Drops.
    let drops = drops(ctx, &mut env, &m, &pieces, &in_hand_at_start);

    // Royalty and the end of the game.
    let royal_rule = match m.royal_rule.as_ref().map(|r| r.node) {
        None | Some(RoyalRuleName::Check) => RoyalRule::Check,
        Some(RoyalRuleName::Duple) => RoyalRule::Duple,
        Some(RoyalRuleName::Capture) => RoyalRule::Capture,
    };
    if royals.is_empty() {
        if let Some(r) = &m.royal_rule {
            let word = match r.node {
                RoyalRuleName::Check => "check",
                RoyalRuleName::Duple => "duple",
                RoyalRuleName::Capture => "capture",
            };
            let e = ctx
                .error(
                    "chimera::royal::missing",
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
                    "chimera::royal::missing",
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
                    "chimera::royal::missing",
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
        for d in &decls {
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
    let repetition = m.repetition.as_ref().and_then(|(n, s, _)| {
        in_range(ctx, n, 2, u8::MAX as u64, "the repetition count")
            .map(|n| (n as u8, score(&s.node)))
    });
    let perpetual_check = m
        .repetition
        .as_ref()
        .and_then(|(_, _, p)| p.as_ref())
        .map(|s| score(&s.node));
    let move_limit = m.move_limit.as_ref().and_then(|(n, s, resets)| {
        let moves = in_range(ctx, n, 1, u16::MAX as u64, "the move limit");
        let reset_by = env.kinds(ctx, resets, "chimera::piece::unknown", "piece");
        Some(MoveLimit {
            moves: moves? as u16,
            score: score(&s.node),
            reset_by: reset_by?,
        })
    });
    let end = GameEnd {
        royal_rule,
        facing: m.facing.is_some(),
        stalemate: m
            .stalemate
            .as_ref()
            .map(|s| score(&s.node))
            .unwrap_or(Score::Draw),
        checkmate: m
            .checkmate
            .as_ref()
            .map(|s| score(&s.node))
            .unwrap_or(Score::Loss),
        repetition,
        perpetual_check,
        move_limit,
    };

    let castling = m.castling.as_ref().and_then(|(king, rook, steps, _)| {
        let k = env.kind(ctx, king, "chimera::piece::unknown", "castling piece");
        let r = env.kind(ctx, rook, "chimera::piece::unknown", "castling partner");
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
        })
    });

    let render = render(ctx, &m, dims, &zone_sets);

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
        start_fen,
        render,
    };
    if ctx.errors.is_empty() {
        Some(rules)
    } else {
        None
    }
}

/// One piece kind; also returns its explicit `captured as`, if any.
fn piece(ctx: &mut Ctx, env: &mut Env, d: &PieceDecl) -> (PieceDef, Option<PieceKind>) {
    let mut def = PieceDef {
        name: d.name.node.clone(),
        letter: d.letter.node.clone(),
        moves: Vec::new(),
        rides: Vec::new(),
        royal: false,
        confinement: Confinement::None,
        promotion: None,
        captured_as: PieceKind(0),
        value: None,
    };
    let mut captured_as = None;
    let mut seen_promotes: Option<Span> = None;
    let mut seen_captured: Option<Span> = None;
    let mut seen_confined: Option<Span> = None;
    let mut seen_value: Option<Span> = None;
    for item in &d.items {
        match &item.node {
            PieceItem::Moves {
                betza,
                only_in,
                capturing,
                unconfined,
            } => {
                let patterns = match crate::betza::parse(&betza.node) {
                    Ok(p) => Some(p),
                    Err(errs) => {
                        for be in errs {
                            let (s, e) = be.span;
                            let span = betza
                                .span
                                .sub(s.min(betza.node.len()), e.min(betza.node.len()));
                            let err = ctx
                                .error("chimera::betza", span, be.message)
                                .with_label("in this Betza string")
                                .with_help_opt(be.help);
                            ctx.report(err);
                        }
                        None
                    }
                };
                let only_in = match only_in {
                    Some(z) => env.inline_zone(ctx, z).map(Some),
                    None => Some(None),
                };
                let capturing = match capturing {
                    Some(names) => env
                        .kinds(ctx, names, "chimera::piece::unknown", "captured piece")
                        .map(Some),
                    None => Some(None),
                };
                if let (Some(patterns), Some(only_in), Some(capturing)) =
                    (patterns, only_in, capturing)
                {
                    def.moves.push(MoveRule {
                        betza: betza.node.clone(),
                        patterns,
                        only_in,
                        capturing,
                        unconfined: *unconfined,
                    });
                }
            }
            PieceItem::Rides(names) => {
                for n in names {
                    if env.paths.contains(&n.node) {
                        def.rides.push(PathRide {
                            path: n.node.clone(),
                        });
                    } else {
                        let help =
                            unknown_help("path", &n.node, env.paths.iter().map(String::as_str));
                        let e = ctx
                            .error(
                                "chimera::path::unknown",
                                n.span,
                                format!("unknown path `{}`", n.node),
                            )
                            .with_label("no path has this name")
                            .with_help(help);
                        ctx.report(e);
                    }
                }
            }
            PieceItem::Royal => def.royal = true,
            PieceItem::Confined(list) => {
                if once(ctx, &mut seen_confined, item.span, "`confined`", &d.name) {
                    let sets: Vec<Option<PlayerSquares>> =
                        list.iter().map(|z| env.inline_zone(ctx, z)).collect();
                    if let Some(sets) = sets.into_iter().collect::<Option<Vec<_>>>() {
                        def.confinement = match sets.as_slice() {
                            [one] => Confinement::Within(*one),
                            _ => Confinement::Regions(sets),
                        };
                    }
                }
            }
            PieceItem::Promotes { to, zone, optional } => {
                if once(ctx, &mut seen_promotes, item.span, "`promotes`", &d.name) {
                    let to = env.kinds(
                        ctx,
                        to,
                        "chimera::promotion::unknown_target",
                        "promotion target",
                    );
                    let zone = env.inline_zone(ctx, zone);
                    let mode = match optional {
                        Some(o) if o.node => PromotionMode::Optional,
                        _ => PromotionMode::Forced,
                    };
                    if let (Some(to), Some(zone)) = (to, zone) {
                        def.promotion = Some(Promotion { to, zone, mode });
                    }
                }
            }
            PieceItem::CapturedAs(n) => {
                if once(ctx, &mut seen_captured, item.span, "`captured as`", &d.name) {
                    captured_as =
                        env.kind(ctx, n, "chimera::piece::unknown", "`captured as` piece");
                }
            }
            PieceItem::Value(v) => {
                if once(ctx, &mut seen_value, item.span, "`value`", &d.name) {
                    def.value = piece_value(ctx, v);
                }
            }
        }
    }
    (def, captured_as)
}

/// Whether a piece statement that may appear once is seen for the first time (else reports).
/// Largest `value` a piece may be given, in pawns.
pub const MAX_PIECE_VALUE: u32 = 1000;

/// A `value` in pawns (digits, optionally a point and more digits) as centipawns, at most
/// [`MAX_PIECE_VALUE`] pawns and to a hundredth of a pawn.
fn piece_value(ctx: &mut Ctx, v: &Spanned<String>) -> Option<i32> {
    let (whole, frac) = v.node.split_once('.').unwrap_or((&v.node, ""));
    let whole = whole.parse::<u32>().ok().filter(|w| *w <= MAX_PIECE_VALUE);
    let problem = match whole {
        None => Some(format!("value `{}` is too large", v.node)),
        Some(w) if w == MAX_PIECE_VALUE && frac.bytes().any(|b| b != b'0') => {
            Some(format!("value `{}` is too large", v.node))
        }
        _ if frac.len() > 2 && frac[2..].bytes().any(|b| b != b'0') => Some(format!(
            "value `{}` is finer than a hundredth of a pawn",
            v.node
        )),
        _ => None,
    };
    if let Some(message) = problem {
        let e = ctx
            .error("chimera::piece::value", v.span, message)
            .with_label("the piece's value in pawns")
            .with_help(format!(
                "write a number of pawns from 0 to {MAX_PIECE_VALUE} with at most two decimals, like `3.5`"
            ));
        ctx.report(e);
        return None;
    }
    let cents: i32 = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(2)
        .fold(0, |acc, b| acc * 10 + (b - b'0') as i32);
    Some(whole.unwrap_or(0) as i32 * 100 + cents)
}

fn once(ctx: &mut Ctx, seen: &mut Option<Span>, span: Span, what: &str, piece: &Name) -> bool {
    match seen {
        Some(prev) => {
            let e = ctx
                .error(
                    "chimera::name::duplicate",
                    span,
                    format!("{what} is stated twice for piece `{}`", piece.node),
                )
                .with_label("stated again here")
                .with_note(prev.start, prev.end, "first stated here")
                .with_help("state it once");
            ctx.report(e);
            false
        }
        None => {
            *seen = Some(span);
            true
        }
    }
}

fn drops(
    ctx: &mut Ctx,
    env: &mut Env,
    m: &Merged,
    pieces: &[PieceDef],
    in_hand_at_start: &[usize],
) -> DropRules {
    let n = pieces.len();
    let mut rules = DropRules {
        zones: vec![None; n],
        ..DropRules::default()
    };
    // Kinds first: the other entries are checked against what reaches a hand.
    if let Some(item) = m.drops.get("kinds") {
        match &item.node {
            DropItem::KindsAll => rules.to_hand = (0..n).map(|i| PieceKind(i as u8)).collect(),
            DropItem::Kinds(names) => {
                rules.to_hand = env
                    .kinds(ctx, names, "chimera::piece::unknown", "piece")
                    .unwrap_or_default()
            }
            _ => {}
        }
    }
    // A kind reaches a hand when the captor keeps it (`kinds`) and some piece is captured as it,
    // or when it is in a hand in the start position.
    let reaches: Vec<bool> = (0..n)
        .map(|k| {
            let kind = PieceKind(k as u8);
            (rules.to_hand.contains(&kind) && pieces.iter().any(|p| p.captured_as == kind))
                || in_hand_at_start.contains(&k)
        })
        .collect();
    let check_reaches = |ctx: &mut Ctx, env: &Env, name: &Name, rule: &str| -> Option<PieceKind> {
        let k = env.kind(ctx, name, "chimera::piece::unknown", "piece")?;
        if !reaches[k.index()] {
            let why = if rules.to_hand.contains(&k) {
                format!(
                    "no piece is captured as `{}` and none is in hand at the start",
                    name.node
                )
            } else {
                format!(
                    "`{}` is not among the drops `kinds`, and none is in hand at the start",
                    name.node
                )
            };
            let e = ctx
                .error(
                    "chimera::drops::never_in_hand",
                    name.span,
                    format!(
                        "`{}` never reaches a hand, so `{rule}` cannot apply to it",
                        name.node
                    ),
                )
                .with_label("never in a hand")
                .with_help(why);
            ctx.report(e);
            return None;
        }
        Some(k)
    };
    for (key, item) in &m.drops {
        match &item.node {
            DropItem::KindsAll | DropItem::Kinds(_) => {}
            DropItem::Zone(z) => {
                if let Some(set) = env.inline_zone(ctx, z) {
                    for (k, slot) in rules.zones.iter_mut().enumerate() {
                        // Per-kind zones are applied after, whatever the order in the file.
                        if !m.drops.contains_key(&format!("zone:{}", pieces[k].name)) {
                            *slot = Some(set);
                        }
                    }
                }
            }
            DropItem::KindZone(name, z) => {
                let k = check_reaches(ctx, env, name, "zone");
                let set = env.inline_zone(ctx, z);
                if let (Some(k), Some(set)) = (k, set) {
                    rules.zones[k.index()] = Some(set);
                }
                let _ = key;
            }
            DropItem::MustMove => rules.must_have_move = true,
            DropItem::OnePerFile(names) => {
                rules.one_per_file = names
                    .iter()
                    .filter_map(|nm| check_reaches(ctx, env, nm, "one-per-file"))
                    .collect()
            }
            DropItem::NoMate(names) => {
                rules.no_drop_mate = names
                    .iter()
                    .filter_map(|nm| check_reaches(ctx, env, nm, "no-mate"))
                    .collect()
            }
            DropItem::PromoteAfterMove(z) => rules.promote_after_move = env.inline_zone(ctx, z),
        }
    }
    rules
}

fn render(
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
                .error(
                    "chimera::render::colour",
                    s.span,
                    format!("`{c}` is not a colour"),
                )
                .with_label("expected `#rrggbb`")
                .with_help("write colours as `#` and six hexadecimal digits, like `#f0d9b5`");
            ctx.report(e);
            None
        }
    };
    if let Some((a, b)) = &m.players {
        for (i, p) in [a, b].into_iter().enumerate() {
            r.side_colours[i] = p.colour.as_ref().and_then(|c| colour(ctx, c));
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
        }
    }
    r
}
