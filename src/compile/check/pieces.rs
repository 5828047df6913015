//! Pieces: names and letters, each piece's body, and what a captured piece becomes.

use super::{Ctx, Env};
use crate::compile::unknown_help;
use crate::diagnostics::Code;
use crate::geometry::ByPlayer;
use crate::geometry::PlayerSquares;
use crate::rules::{
    Confinement, FirstMove, Glyph, MoveRule, PathDef, PathId, PathRide, PieceDef, PieceKind,
    Promotion, PromotionMode, RideDirection, MAX_GLYPH_CHARS, MAX_PIECE_KINDS,
};
use crate::syntax::{
    FirstMoveClause, Name, PieceDecl, PieceItem, PromotionWhen, RideWay, Span, Spanned,
};

/// Piece names are distinct without regard to case, letters are one upper-case letter each and
/// distinct, and there are at most [`MAX_PIECE_KINDS`] kinds.
pub(super) fn names_and_letters(ctx: &mut Ctx, decls: &[&PieceDecl]) {
    if decls.len() > MAX_PIECE_KINDS {
        let e = ctx
            .error(
                Code::PieceTooMany,
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
                    Code::NameDuplicate,
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
                    Code::PieceLetter,
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
                    Code::NameDuplicate,
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
}

/// Every piece kind, with what it becomes when captured.
/// Most paths one `moves` line may make from one square: the move tables hold every path of
/// every piece from every square, and a multi-leg rider's paths multiply leg by leg (`aaQ` on
/// 16x16: millions).
const MAX_PATHS_PER_SQUARE: u64 = 50_000;

/// An upper bound of the paths `patterns` make from one square: per pattern, the product of its
/// legs' numbers of lengths, a rider's cut at the board's longer side.
fn paths_from_a_square(
    patterns: &[crate::rules::MovePattern],
    dims: crate::geometry::Dimensions,
) -> u64 {
    let side = u64::from(dims.files.max(dims.ranks));
    patterns
        .iter()
        .map(|p| {
            p.legs.iter().fold(1u64, |acc, l| {
                let max = u64::from(l.max).min(side);
                acc.saturating_mul(max.saturating_sub(u64::from(l.min)) + 1)
            })
        })
        .fold(0, u64::saturating_add)
}

pub(super) fn pieces(ctx: &mut Ctx, env: &mut Env, decls: &[&PieceDecl]) -> Vec<PieceDef> {
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut explicit_captured_as: Vec<Option<PieceKind>> = Vec::new();
    for d in decls {
        let (def, cap) = piece(ctx, env, d);
        pieces.push(def);
        explicit_captured_as.push(cap);
    }
    // `captured as`: explicit; else, for a promoted form (`+X`), the one kind that promotes to it or
    // else the kind written X; else itself. A native piece that pawns may promote to (a chess
    // Queen) stays itself: only `+` letters mean "promoted" in FEN.
    for i in 0..pieces.len() {
        let k = PieceKind::from_index(i);
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
                        [one] => PieceKind::from_index(*one),
                        _ => pieces
                            .iter()
                            .position(|p| p.letter == base)
                            .map(PieceKind::from_index)
                            .unwrap_or(k),
                    }
                }
            },
        };
    }
    pieces
}

/// One piece kind; also returns its explicit `captured as`, if any.
fn piece(ctx: &mut Ctx, env: &mut Env, d: &PieceDecl) -> (PieceDef, Option<PieceKind>) {
    let mut def = PieceDef {
        name: d.name.node.clone(),
        letter: d.letter.node.clone(),
        moves: Vec::new(),
        rides: Vec::new(),
        royal: false,
        royal_when_last: false,
        royal_counted_with: None,
        turned: false,
        first_move: None,
        confinement: Confinement::None,
        promotion: None,
        captured_as: PieceKind::from_index(0),
        value: None,
        glyph: None,
    };
    let mut captured_as = None;
    let mut seen_glyph: Option<Span> = None;
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
                not_over,
                not_capturing,
                unconfined,
                sets_en_passant,
                first_move,
            } => {
                let patterns = match crate::betza::parse(&betza.node) {
                    Ok(p) if paths_from_a_square(&p, env.dims) > MAX_PATHS_PER_SQUARE => {
                        let err = ctx
                            .error(
                                Code::Betza,
                                betza.span,
                                format!(
                                    "`{}` makes up to {} paths from a square on this board; \
                                     at most {MAX_PATHS_PER_SQUARE}",
                                    betza.node,
                                    paths_from_a_square(&p, env.dims)
                                ),
                            )
                            .with_label("too many paths")
                            .with_help(
                                "each leg multiplies the paths by its directions and lengths: \
                                 limit the riding legs (`aR` rides on, `aW` steps) or their range \
                                 (`R4`)",
                            );
                        ctx.report(err);
                        None
                    }
                    Ok(p) if *sets_en_passant && !p.iter().any(passes_squares_quietly) => {
                        let err = ctx
                            .error(
                                Code::Betza,
                                betza.span,
                                format!(
                                    "`{}` has no quiet move that passes a square, so \
                                     `sets-en-passant` has nothing to set",
                                    betza.node
                                ),
                            )
                            .with_label("no square passed")
                            .with_help(
                                "en passant squares are the squares a non-capturing step or lame \
                                 leap passes on its way, like the double step `fmnD`",
                            );
                        ctx.report(err);
                        None
                    }
                    Ok(mut p) => {
                        if *sets_en_passant {
                            p.iter_mut().for_each(|m| m.passable = true);
                        }
                        Some(p)
                    }
                    Err(errs) => {
                        for be in errs {
                            let (s, e) = be.span;
                            let span = betza
                                .span
                                .sub(s.min(betza.node.len()), e.min(betza.node.len()));
                            let err = ctx
                                .error(Code::Betza, span, be.message)
                                .with_label("in this Betza string")
                                .with_help_opt(be.help);
                            ctx.report(err);
                        }
                        None
                    }
                };
                let zone = only_in.as_ref().and_then(|z| env.zone_ref(z));
                let only_in = match only_in {
                    Some(z) => env.inline_zone(ctx, z).map(Some),
                    None => Some(None),
                };
                let capturing = match capturing {
                    Some(names) => env
                        .kinds(ctx, names, Code::PieceUnknown, "captured piece")
                        .map(Some),
                    None => Some(None),
                };
                let mut kind_list = |names: &Option<Vec<Name>>, what: &str| match names {
                    Some(names) => env.kinds(ctx, names, Code::PieceUnknown, what),
                    None => Some(Vec::new()),
                };
                let not_over = kind_list(not_over, "`not-over` piece");
                let not_capturing = kind_list(not_capturing, "`not-capturing` piece");
                if let (
                    Some(patterns),
                    Some(only_in),
                    Some(capturing),
                    Some(not_over),
                    Some(not_capturing),
                ) = (patterns, only_in, capturing, not_over, not_capturing)
                {
                    let rule = MoveRule {
                        betza: betza.node.clone(),
                        patterns,
                        only_in,
                        zone,
                        capturing,
                        unconfined: *unconfined,
                        sets_en_passant: *sets_en_passant,
                        not_over,
                        not_capturing,
                    };
                    match first_move {
                        None => def.moves.push(rule),
                        Some(fm) => first_move_line(ctx, env, &mut def, rule, fm, betza, item.span),
                    }
                }
            }
            PieceItem::Rides { .. } => {
                if let Some(ride) = ride(ctx, env, &item.node) {
                    def.rides.push(ride);
                }
            }
            PieceItem::Royal(when_last, with) => {
                def.royal = true;
                def.royal_when_last = *when_last;
                def.royal_counted_with = with
                    .as_ref()
                    .and_then(|n| env.kind(ctx, n, Code::PieceUnknown, "piece"));
            }
            PieceItem::Turned => def.turned = true,
            PieceItem::Immobile => {
                // `immobile` says the piece has no move on purpose; a move beside it is a slip.
                let moving = d
                    .items
                    .iter()
                    .find(|i| matches!(i.node, PieceItem::Moves { .. } | PieceItem::Rides { .. }));
                if let Some(m) = moving {
                    let e = ctx
                        .error(
                            Code::PieceImmobileMoves,
                            m.span,
                            format!("piece `{}` is `immobile` but has a move", d.name.node),
                        )
                        .with_label("a move of an immobile piece")
                        .with_help("remove `immobile`, or remove the piece's `moves` and `rides`");
                    ctx.report(e);
                }
            }
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
            PieceItem::Promotes { to, zone, mode } => {
                if once(ctx, &mut seen_promotes, item.span, "`promotes`", &d.name) {
                    let to = env.kinds(ctx, to, Code::PromotionUnknownTarget, "promotion target");
                    let zone = env.inline_zone(ctx, zone);
                    let mode = match mode.as_ref().map(|m| m.node) {
                        Some(PromotionWhen::Optional) => PromotionMode::Optional,
                        Some(PromotionWhen::ForcedStartOrEnd) => PromotionMode::ForcedStartOrEnd,
                        Some(PromotionWhen::InPlace) => PromotionMode::InPlace,
                        _ => PromotionMode::Forced,
                    };
                    if let (Some(to), Some(zone)) = (to, zone) {
                        def.promotion = Some(Promotion { to, zone, mode });
                    }
                }
            }
            PieceItem::CapturedAs(n) => {
                if once(ctx, &mut seen_captured, item.span, "`captured as`", &d.name) {
                    captured_as = env.kind(ctx, n, Code::PieceUnknown, "`captured as` piece");
                }
            }
            PieceItem::Value(v) => {
                if once(ctx, &mut seen_value, item.span, "`value`", &d.name) {
                    def.value = piece_value(ctx, v);
                }
            }
            PieceItem::Glyph {
                file,
                first,
                second,
            } => {
                if once(ctx, &mut seen_glyph, item.span, "`glyph`", &d.name) {
                    let a = glyph(ctx, *file, first);
                    let b = match second {
                        Some(s) => glyph(ctx, *file, s),
                        None => a.clone(),
                    };
                    if let (Some(a), Some(b)) = (a, b) {
                        def.glyph = Some(ByPlayer::new(a, b));
                    }
                }
            }
        }
    }
    (def, captured_as)
}

/// One glyph of a `glyph` statement: a short text, or an SVG file beside the file that names it.
fn glyph(ctx: &mut Ctx, file: bool, text: &Spanned<String>) -> Option<Glyph> {
    if !file {
        return match crate::compile::glyph::text_problem(&text.node) {
            None => Some(Glyph::Text(text.node.clone())),
            Some(message) => {
                let e = ctx
                    .error(Code::PieceGlyph, text.span, message)
                    .with_label("this glyph")
                    .with_help(format!(
                        "a glyph is 1 to {MAX_GLYPH_CHARS} characters drawn on the piece, like `glyph \"♞\"` or \
                         `glyph \"車\"`; for a picture write `glyph file \"knight.svg\"`"
                    ));
                ctx.report(e);
                None
            }
        };
    }
    let read = if ctx.embedded {
        Err(crate::compile::glyph::GlyphFileError {
            message: "a shipped definition has no folder to read a glyph file from".to_string(),
            help: "use a text glyph, or copy the definition into a folder with its glyph files"
                .to_string(),
        })
    } else {
        let dir = ctx.dirs.get(text.span.file).cloned().unwrap_or_default();
        crate::compile::glyph::read_svg(&dir, &text.node)
    };
    match read {
        Ok(svg) => Some(Glyph::Svg(svg)),
        Err(why) => {
            let e = ctx
                .error(Code::PieceGlyphFile, text.span, why.message)
                .with_label("this glyph file")
                .with_help(why.help);
            ctx.report(e);
            None
        }
    }
}

/// One `rides` statement: its paths known, its limit within the longest of them, its direction
/// one some step of each path goes, `not-over` only on a hopping ride.
fn ride(ctx: &mut Ctx, env: &mut Env, item: &PieceItem) -> Option<PathRide> {
    let PieceItem::Rides {
        paths,
        up_to,
        direction,
        hopping,
        not_over,
        not_capturing,
    } = item
    else {
        return None;
    };
    let mut ok = true;
    let mut ids = Vec::new();
    for n in paths {
        if let Some(i) = env.path_defs.get_index_of(&n.node) {
            ids.push((PathId(u16::try_from(i).ok()?), n));
        } else if env.paths.contains(&n.node) {
            // Declared but malformed: reported with the path.
            ok = false;
        } else {
            let help = unknown_help("path", &n.node, env.paths.iter().map(String::as_str));
            let e = ctx
                .error(
                    Code::PathUnknown,
                    n.span,
                    format!("unknown path `{}`", n.node),
                )
                .with_label("no path has this name")
                .with_help(help);
            ctx.report(e);
            ok = false;
        }
    }
    let defs: Vec<(&PathDef, &Name)> = ids
        .iter()
        .filter_map(|(id, n)| {
            env.path_defs
                .get_index(usize::from(id.0))
                .map(|(_, d)| (d, *n))
        })
        .collect();
    let mut limit = None;
    if let Some(n) = up_to {
        let longest = defs.iter().map(|(d, _)| d.max_steps()).max().unwrap_or(0);
        if n.node == 0 {
            let e = ctx
                .error(
                    Code::PathLimit,
                    n.span,
                    "`up-to 0`: a ride of no steps never moves",
                )
                .with_label("no steps")
                .with_help(
                    "write `up-to 1` or more, or leave `up-to` out to ride as far as the path goes",
                );
            ctx.report(e);
            ok = false;
        } else if !defs.is_empty() && n.node > longest as u64 {
            let which = if defs.len() == 1 {
                format!("path `{}`", defs[0].1.node)
            } else {
                "the longest of these paths".to_string()
            };
            let e = ctx
                .error(
                    Code::PathLimit,
                    n.span,
                    format!(
                        "`up-to {}` is more steps than {which} has ({longest})",
                        ctx.text(n.span)
                    ),
                )
                .with_label("too many steps")
                .with_help(format!(
                    "write a limit from 1 to {longest}, or leave `up-to` out to ride as far as the path goes"
                ));
            ctx.report(e);
            ok = false;
        } else {
            limit = u8::try_from(n.node).ok();
        }
    }
    let direction = direction.as_ref().map(|d| {
        let way = match d.node {
            RideWay::Forward => RideDirection::Forward,
            RideWay::Backward => RideDirection::Backward,
            RideWay::Sideways => RideDirection::Sideways,
        };
        (way, d.span)
    });
    if let Some((way, span)) = direction {
        for (def, n) in &defs {
            if def.has_step(env.dims, way) {
                continue;
            }
            let (never, help) = match way {
                RideDirection::Sideways => (
                    "never runs along a rank",
                    "`sideways` keeps only the steps along a rank; ride this path in a `rides` statement without it",
                ),
                _ => (
                    "never leaves its rank",
                    "`forward` and `backward` keep only the steps that change rank; ride this path in a `rides` statement without it",
                ),
            };
            let mut e = ctx
                .error(
                    Code::PathDirection,
                    n.span,
                    format!("`{}`: path `{}` {never}", way.word(), n.node),
                )
                .with_label(format!("no step of this path goes {}", way.word()))
                .with_help(help);
            if span.file == n.span.file {
                e = e.with_note(span.start, span.end, "the direction");
            }
            ctx.report(e);
            ok = false;
        }
    }
    if let (Some(names), None) = (not_over, hopping) {
        if let (Some(first), Some(last)) = (names.first(), names.last()) {
            let e = ctx
                .error(
                    Code::PathNotOverPlain,
                    first.span.to(last.span),
                    "`not-over` on a ride that does not hop",
                )
                .with_label("a plain ride passes no piece")
                .with_help("add `hopping` to ride over one piece (`rides PATH hopping not-over KIND`), or remove `not-over`");
            ctx.report(e);
            ok = false;
        }
    }
    let mut kind_list = |names: &Option<Vec<Name>>, what: &str| match names {
        Some(names) => env.kinds(ctx, names, Code::PieceUnknown, what),
        None => Some(Vec::new()),
    };
    let not_over = kind_list(not_over, "`not-over` piece");
    let not_capturing = kind_list(not_capturing, "`not-capturing` piece");
    if !ok {
        return None;
    }
    Some(PathRide {
        paths: ids.into_iter().map(|(id, _)| id).collect(),
        limit,
        direction: direction.map(|(w, _)| w),
        hopping: hopping.is_some(),
        not_over: not_over?,
        not_capturing: not_capturing?,
    })
}

/// Largest `value` a piece may be given, in pawns.
pub(super) const MAX_PIECE_VALUE: u32 = 1000;

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
            .error(Code::PieceValue, v.span, message)
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

/// Whether a piece statement that may appear once is seen for the first time (else reports).
fn once(ctx: &mut Ctx, seen: &mut Option<Span>, span: Span, what: &str, piece: &Name) -> bool {
    match seen {
        Some(prev) => {
            let e = ctx
                .error(
                    Code::NameDuplicate,
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

/// Whether a move may pass squares without capturing (a ride, a lame leap): what
/// `sets-en-passant` needs to mark anything.
fn passes_squares_quietly(p: &crate::rules::MovePattern) -> bool {
    let Some(last) = p.legs.last() else {
        return false;
    };
    last.mode.to_empty && !last.mode.to_enemy && (p.legs.len() > 1 || last.max > 1)
}

/// `royal when-last with KIND`: KIND must be `royal when-last` itself, and not counted with a
/// third kind (one kind stands for the group).
pub(super) fn royal_groups(ctx: &mut Ctx, decls: &[&PieceDecl], pieces: &[PieceDef]) {
    for (d, p) in decls.iter().zip(pieces) {
        let Some(k) = p.royal_counted_with else {
            continue;
        };
        let other = &pieces[k.index()];
        if other.royal_when_last && other.royal_counted_with.is_none() {
            continue;
        }
        let span = d
            .items
            .iter()
            .find(|i| matches!(i.node, PieceItem::Royal(_, Some(_))))
            .map_or(d.name.span, |i| i.span);
        let e = ctx
            .error(
                Code::PieceRoyalWith,
                span,
                format!(
                    "`{}` is counted with `{}`, which is not `royal when-last` on its own",
                    p.name, other.name
                ),
            )
            .with_label("counted with this kind")
            .with_help(format!(
                "write `royal when-last` in `{}` (without `with`): the pieces of both kinds are then royal only while their side has one of them",
                other.name
            ));
        ctx.report(e);
    }
}

/// A `moves ... first-move` line, which becomes the piece's first-move moves: one such line a
/// piece, and its moves never capture (they are not attacks).
fn first_move_line(
    ctx: &mut Ctx,
    env: &mut Env,
    def: &mut PieceDef,
    rule: MoveRule,
    fm: &FirstMoveClause,
    betza: &Spanned<String>,
    span: Span,
) {
    if def.first_move.is_some() {
        let e = ctx
            .error(
                Code::NameDuplicate,
                span,
                "a piece has at most one `first-move` line",
            )
            .with_label("second `first-move` line")
            .with_help("write all its first moves in one Betza string: `moves mfsNmfD first-move`");
        ctx.report(e);
        return;
    }
    let captures = rule.capturing.is_some()
        || rule
            .patterns
            .iter()
            .any(|p| p.legs.iter().any(|l| l.mode.to_enemy));
    if captures {
        let e = ctx
            .error(
                Code::Betza,
                betza.span,
                format!("`{}` may capture; a `first-move` move may not", betza.node),
            )
            .with_label("captures")
            .with_help("first moves only go to empty squares: write them with `m` (`mfD`)");
        ctx.report(e);
        return;
    }
    let Some(lost_by) = env.kinds(
        ctx,
        &fm.lost_by,
        Code::PieceUnknown,
        "`lost-when-aimed-by` piece",
    ) else {
        return;
    };
    def.first_move = Some(FirstMove {
        rule,
        not_in_check: fm.not_in_check,
        lost_by,
    });
}
