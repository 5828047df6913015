//! Reading files and following `extends`: the parent is loaded first, then the child's statements
//! replace or add to it, at AST level. Spans keep pointing into the file each item came from.

use super::Ctx;
use crate::diagnostics::Code;
use crate::diagnostics::SourceFile;
use crate::syntax::{
    self, DropItem, FileId, Name, Number, PathDecl, PieceDecl, PlayerDecl, RandomStart, RenderItem,
    RoyalRuleName, ScoreName, Span, Spanned, Statement, ZoneDecl, ZoneExpr,
};
use indexmap::IndexMap;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Longest chain of `extends` followed (a guard against absurd inputs, not a language limit).
const MAX_DEPTH: usize = 32;

/// The definition after `extends` has been applied: at most one of each setting, named items by name.
#[derive(Default)]
pub(crate) struct Merged {
    /// `variant`, from the root file.
    pub variant: Option<Spanned<String>>,
    /// `board FxR`, with the statement's span.
    pub board: Option<(Number, Number, Span)>,
    /// `holes`.
    pub holes: Option<ZoneExpr>,
    /// `players`.
    pub players: Option<(PlayerDecl, PlayerDecl)>,
    /// Zones by name, in declaration order (a replaced zone keeps its place).
    pub zones: IndexMap<String, ZoneDecl>,
    /// Paths by name.
    pub paths: IndexMap<String, PathDecl>,
    /// Pieces by name; the order gives the piece kinds.
    pub pieces: IndexMap<String, PieceDecl>,
    /// Drop entries by what they set (`kinds`, `zone`, the zone of `Pawn`, `must-move`, ...).
    pub drops: IndexMap<DropKey, Spanned<DropItem>>,
    /// `royal-rule`.
    pub royal_rule: Option<Spanned<RoyalRuleName>>,
    /// `facing`, with its span.
    pub facing: Option<Span>,
    /// `facing ends RESULT` (then `facing` holds its span too).
    pub facing_ends: Option<Spanned<ScoreName>>,
    /// The game rules of `compile/game_rules.rs` (`pass`, `goal`, `check-limit`, ...), by keyword.
    pub game_rules: IndexMap<&'static str, Spanned<Statement>>,
    /// `stalemate`.
    pub stalemate: Option<(Spanned<ScoreName>, bool)>,
    /// `checkmate`.
    pub checkmate: Option<Spanned<ScoreName>>,
    /// `repetition N RESULT [perpetual-check RESULT]`.
    pub repetition: Option<(Number, Spanned<ScoreName>, Option<Spanned<ScoreName>>)>,
    /// `move-limit N RESULT resets ...`.
    pub move_limit: Option<(Number, Spanned<ScoreName>, Vec<Name>)>,
    /// `castling KING ROOK [STEPS | to FILE FILE]`, with the statement's span.
    pub castling: Option<(Name, Name, CastlingForm, Span)>,
    /// `start "FEN"` (span of the FEN text).
    pub start: Option<Spanned<String>>,
    /// `random rank N { ... }` after the start FEN.
    pub random_start: Option<RandomStart>,
    /// Render entries by what they set (`cell`, the colour of `palace`, `diagonals palace`, ...).
    pub render: IndexMap<RenderKey, Spanned<RenderItem>>,
    /// `description "..." ...` (its strings), from the root file: a parent's introduction
    /// describes the parent.
    pub description: Option<Vec<Spanned<String>>>,
    /// `author "..."`; a child inherits its parent's unless it states its own.
    pub author: Option<Spanned<String>>,
    /// `link "..."`; inherited like `author`.
    pub link: Option<Spanned<String>>,
    /// The root file.
    pub root: FileId,
}

/// Reads the root file and everything it extends. `None` when nothing usable could be read
/// (the errors are in `ctx`).
pub(crate) fn load_root(
    ctx: &mut Ctx,
    name: String,
    bytes: &[u8],
    dir: PathBuf,
    identity: Option<PathBuf>,
) -> Option<Merged> {
    let id = read_source(ctx, name, bytes, dir)?;
    let mut merged = Merged {
        root: id,
        ..Merged::default()
    };
    let mut stack: Vec<PathBuf> = identity.into_iter().collect();
    load_into(ctx, id, &mut stack, &mut merged, true)?;
    Some(merged)
}

/// Registers a file's text; reports a file that is not UTF-8 or has nothing in it.
fn read_source(ctx: &mut Ctx, name: String, bytes: &[u8], dir: PathBuf) -> Option<FileId> {
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let id = ctx.add_file(SourceFile::new(name.clone(), text), dir);
            if is_blank(text) {
                let e = ctx
                    .error(
                        Code::FileEmpty,
                        Span::new(id, 0, 0),
                        if text.trim().is_empty() {
                            format!("`{name}` is empty")
                        } else {
                            format!("`{name}` holds only comments")
                        },
                    )
                    .with_label("nothing here")
                    .with_help("a definition starts with `variant \"NAME\"`, then `board`, pieces and `start`");
                ctx.report(e);
                return None;
            }
            Some(id)
        }
        Err(utf) => {
            // Show the text up to the first bad byte, then a replacement character for it: the
            // rest may be binary and is of no help.
            let at = utf.valid_up_to();
            let mut shown = String::from_utf8_lossy(&bytes[..at]).into_owned();
            shown.push(char::REPLACEMENT_CHARACTER);
            let id = ctx.add_file(SourceFile::new(name.clone(), shown), dir);
            let len = utf.error_len().unwrap_or(bytes.len() - at);
            let e = ctx
                .error(
                    Code::FileNotUtf8,
                    Span::new(id, at, at + char::REPLACEMENT_CHARACTER.len_utf8()),
                    format!("`{name}` is not UTF-8 text"),
                )
                .with_label(format!(
                    "byte {at} starts an invalid sequence of {len} byte(s)"
                ))
                .with_help("save the definition as UTF-8");
            ctx.report(e);
            None
        }
    }
}

/// Whether a text holds only whitespace and comments.
fn is_blank(text: &str) -> bool {
    text.lines().all(|l| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#')
    })
}

/// Parses file `id`, loads its parent (if any) into `merged`, then applies this file's statements.
fn load_into(
    ctx: &mut Ctx,
    id: FileId,
    stack: &mut Vec<PathBuf>,
    merged: &mut Merged,
    is_root: bool,
) -> Option<()> {
    let text = ctx.files[id].text.clone();
    let def = match syntax::parse_all(&text, id) {
        Ok(d) => d,
        Err(errors) => {
            for e in errors {
                let err = ctx
                    .error(Code::Syntax, e.span, e.message)
                    .with_label("here")
                    .with_help_opt(e.help);
                ctx.report(err);
            }
            return None;
        }
    };
    // The parent first, so this file's statements can replace its parts.
    let mut extends: Option<Span> = None;
    for st in &def.statements {
        if let Statement::Extends(target) = &st.node {
            if let Some(first) = extends {
                let e = ctx
                    .error(
                        Code::StatementDuplicate,
                        st.span,
                        "a definition extends one file only",
                    )
                    .with_label("second `extends`")
                    .with_note(first.start, first.end, "first `extends` here")
                    .with_help("keep one `extends`; a parent may itself extend another file");
                ctx.report(e);
                continue;
            }
            extends = Some(st.span);
            load_parent(ctx, id, target, stack, merged)?;
        }
    }
    apply(ctx, merged, def.statements, is_root);
    Some(())
}

fn load_parent(
    ctx: &mut Ctx,
    child: FileId,
    target: &Spanned<String>,
    stack: &mut Vec<PathBuf>,
    merged: &mut Merged,
) -> Option<()> {
    let dir = ctx.dirs[child].clone();
    let path = dir.join(&target.node);
    if target.node.trim().is_empty() {
        let e = ctx
            .error(
                Code::ExtendsMissing,
                target.span,
                "`extends` needs a file name",
            )
            .with_label("no file name")
            .with_help(
                "write the parent's path relative to this file, like `extends \"parent.variant\"`",
            );
        ctx.report(e);
        return None;
    }
    // A shipped definition's parent is shipped too: it is looked up in the binary, not on disk.
    let shipped = if ctx.embedded {
        let found = crate::shipped::get(&target.node);
        if found.is_none() {
            let e = ctx
                .error(
                    Code::ExtendsMissing,
                    target.span,
                    format!("no shipped definition is called `{}`", target.node),
                )
                .with_label("not built in")
                .with_help("`chimera list` shows the shipped definitions");
            ctx.report(e);
            return None;
        }
        found
    } else {
        None
    };
    let canonical = match std::fs::canonicalize(&path) {
        _ if shipped.is_some() => PathBuf::from(&target.node),
        Ok(c) if c.is_file() => c,
        _ => {
            let help = sibling_suggestion(&dir, &target.node);
            let e = ctx
                .error(
                    Code::ExtendsMissing,
                    target.span,
                    format!("cannot find the parent definition `{}`", target.node),
                )
                .with_label(format!("no such file: {}", path.display()))
                .with_help(help);
            ctx.report(e);
            return None;
        }
    };
    if !stack.contains(&canonical) && stack.len() >= MAX_DEPTH {
        let e = ctx
            .error(
                Code::ExtendsCycle,
                target.span,
                format!("more than {MAX_DEPTH} files extend one another"),
            )
            .with_label("one file too many")
            .with_help("shorten the chain of `extends`");
        ctx.report(e);
        return None;
    }
    if stack.contains(&canonical) {
        let chain: Vec<String> = stack
            .iter()
            .map(|p| {
                p.file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default()
            })
            .collect();
        let e = ctx
            .error(
                Code::ExtendsCycle,
                target.span,
                format!("`extends \"{}\"` makes a cycle", target.node),
            )
            .with_label("this file is already being extended")
            .with_help(format!(
                "the chain is {} -> {}; remove one `extends`",
                chain.join(" -> "),
                target.node
            ));
        ctx.report(e);
        return None;
    }
    let read = match shipped {
        Some(s) => Ok(s.text.as_bytes().to_vec()),
        None => std::fs::read(&canonical),
    };
    let bytes = match read {
        Ok(b) => b,
        Err(err) => {
            let e = ctx
                .error(
                    Code::ExtendsMissing,
                    target.span,
                    format!("cannot read `{}`: {err}", target.node),
                )
                .with_label("unreadable")
                .with_help("check that the parent file exists and may be read");
            ctx.report(e);
            return None;
        }
    };
    let parent_dir = canonical
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let name = display_name(ctx, child, &target.node);
    let pid = read_source(ctx, name, &bytes, parent_dir)?;
    stack.push(canonical);
    let r = load_into(ctx, pid, stack, merged, false);
    stack.pop();
    r
}

/// The name shown for a parent file: relative to the child's name, as the user wrote it.
fn display_name(ctx: &Ctx, child: FileId, target: &str) -> String {
    let child_name = Path::new(&ctx.files[child].name);
    match child_name.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(target).display().to_string(),
        _ => target.to_string(),
    }
}

/// Suggests a `.variant` file next to where a missing parent was looked for, written as the
/// user would write it in `extends`.
fn sibling_suggestion(dir: &Path, wrong: &str) -> String {
    let target = Path::new(wrong);
    let wrong_name = target
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let look_in = match dir.join(target).parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut names: Vec<String> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&look_in) {
        for e in entries.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.ends_with(".variant") {
                names.push(n);
            }
        }
    }
    names.sort();
    match crate::suggest::closest(&wrong_name, names.iter().map(String::as_str)) {
        Some(n) => {
            let suggested = target.with_file_name(n);
            format!("did you mean `{}`?", suggested.display())
        }
        None => "the path is relative to the file that says `extends`".to_string(),
    }
}

/// Applies one file's statements over what its parent left in `merged`. A setting, piece, zone
/// or path stated twice in the same file is an error; across files the child's wins.
fn apply(ctx: &mut Ctx, m: &mut Merged, statements: Vec<Spanned<Statement>>, is_root: bool) {
    let mut seen = Stated::default();
    let mut first_time =
        |ctx: &mut Ctx, key: Key, what: String, span: Span| seen.first(ctx, key, what, span);
    for st in statements {
        let span = st.span;
        let kw = st.node.keyword();
        match st.node {
            Statement::Variant(v) => {
                if first_time(ctx, Key::Statement(kw), "`variant`".into(), span) && is_root {
                    m.variant = Some(v);
                }
            }
            Statement::Extends(_) => {}
            Statement::Description(strings) => {
                if first_time(ctx, Key::Statement(kw), "`description`".into(), span) && is_root {
                    m.description = Some(strings);
                }
            }
            Statement::Author(a) => {
                if first_time(ctx, Key::Statement(kw), "`author`".into(), span) {
                    m.author = Some(a);
                }
            }
            Statement::Link(l) => {
                if first_time(ctx, Key::Statement(kw), "`link`".into(), span) {
                    m.link = Some(l);
                }
            }
            Statement::Board { files, ranks } => {
                if first_time(ctx, Key::Statement(kw), "`board`".into(), span) {
                    m.board = Some((files, ranks, span));
                }
            }
            Statement::Holes(z) => {
                if first_time(ctx, Key::Statement(kw), "`holes`".into(), span) {
                    m.holes = Some(z);
                }
            }
            Statement::Players(a, b) => {
                if first_time(ctx, Key::Statement(kw), "`players`".into(), span) {
                    m.players = Some((a, b));
                }
            }
            Statement::Zone(z) => {
                let key = Key::Zone(z.name.node.clone());
                if first_time(ctx, key, format!("zone `{}`", z.name.node), z.name.span) {
                    m.zones.insert(z.name.node.clone(), z);
                }
            }
            Statement::Path(p) => {
                let key = Key::Path(p.name.node.clone());
                if first_time(ctx, key, format!("path `{}`", p.name.node), p.name.span) {
                    m.paths.insert(p.name.node.clone(), p);
                }
            }
            Statement::Piece(p) => {
                let key = Key::Piece(p.name.node.clone());
                if first_time(ctx, key, format!("piece `{}`", p.name.node), p.name.span) {
                    m.pieces.insert(p.name.node.clone(), p);
                }
            }
            Statement::Drops(items) => {
                for item in items {
                    let (key, what) = drop_key(&item.node);
                    if first_time(ctx, Key::Drops(key.clone()), what, item.span) {
                        // A new `kinds` entry replaces any other form of it.
                        m.drops.insert(key, item);
                    }
                }
            }
            Statement::RoyalRule(r) => {
                if first_time(ctx, Key::Statement(kw), "`royal-rule`".into(), span) {
                    m.royal_rule = Some(r);
                }
            }
            Statement::Facing => {
                if first_time(ctx, Key::Statement(kw), "`facing`".into(), span) {
                    m.facing = Some(span);
                    m.facing_ends = None;
                }
            }
            Statement::FacingEnds(s) => {
                if first_time(ctx, Key::Statement(kw), "`facing`".into(), span) {
                    m.facing = Some(span);
                    m.facing_ends = Some(s);
                }
            }
            node @ (Statement::Pass(..)
            | Statement::BareRoyal(_)
            | Statement::Extinction { .. }
            | Statement::Goal { .. }
            | Statement::CheckLimit(_)
            | Statement::CastlingWins(..)
            | Statement::Connect { .. }
            | Statement::NoCheck
            | Statement::MustCapture
            | Statement::CheckedRoyalTakesOnly
            | Statement::Explosions { .. }
            | Statement::Petrify(_)
            | Statement::Walls { .. }
            | Statement::Flip { .. }
            | Statement::BoardFull(_)
            | Statement::DrawsByCount
            | Statement::Counting { .. }
            | Statement::Gating(_)
            | Statement::EnPassant(_)
            | Statement::PromotionLimit(_)) => {
                if first_time(ctx, Key::Statement(kw), format!("`{kw}`"), span) {
                    m.game_rules.insert(kw, Spanned::new(node, span));
                }
            }
            Statement::Stalemate(s, by_count) => {
                if first_time(ctx, Key::Statement(kw), "`stalemate`".into(), span) {
                    m.stalemate = Some((s, by_count));
                }
            }
            Statement::Checkmate(s) => {
                if first_time(ctx, Key::Statement(kw), "`checkmate`".into(), span) {
                    m.checkmate = Some(s);
                }
            }
            Statement::Repetition {
                count,
                score,
                perpetual_check,
            } => {
                if first_time(ctx, Key::Statement(kw), "`repetition`".into(), span) {
                    m.repetition = Some((count, score, perpetual_check));
                }
            }
            Statement::MoveLimit {
                moves,
                score,
                resets,
            } => {
                if first_time(ctx, Key::Statement(kw), "`move-limit`".into(), span) {
                    m.move_limit = Some((moves, score, resets));
                }
            }
            Statement::Castling {
                king,
                rook,
                steps,
                to,
                opposite,
            } => {
                if first_time(ctx, Key::Statement(kw), "`castling`".into(), span) {
                    m.castling = Some((
                        king,
                        rook,
                        CastlingForm {
                            steps,
                            to,
                            opposite,
                        },
                        span,
                    ));
                }
            }
            Statement::Start(s, random) => {
                if first_time(ctx, Key::Statement(kw), "`start`".into(), span) {
                    m.start = Some(s);
                    m.random_start = random;
                }
            }
            Statement::Render(items) => apply_render(ctx, m, items, &mut first_time),
        }
    }
}

/// How far the castling king goes: `STEPS` files, or `to` fixed files.
#[derive(Clone, Debug, Default)]
pub(crate) struct CastlingForm {
    /// `castling King Rook 3`.
    pub steps: Option<Number>,
    /// `castling King Rook to c g`: the king's files castling to the left and to the right.
    pub to: Option<(Spanned<u8>, Spanned<u8>)>,
    /// `opposite`.
    pub opposite: bool,
}

/// The entries of a `render` block over the parent's: each zone named by `diagonals` is its own
/// entry, so a child adds diagonals rather than replacing the parent's list.
fn apply_render(
    ctx: &mut Ctx,
    m: &mut Merged,
    items: Vec<Spanned<RenderItem>>,
    first_time: &mut impl FnMut(&mut Ctx, Key, String, Span) -> bool,
) {
    for item in items {
        match item.node {
            RenderItem::Diagonals(names) => {
                for n in names {
                    let key = RenderKey::Diagonals(n.node.clone());
                    let what = format!("`diagonals {}`", n.node);
                    if first_time(ctx, Key::Render(key.clone()), what, n.span) {
                        let span = n.span;
                        m.render
                            .insert(key, Spanned::new(RenderItem::Diagonals(vec![n]), span));
                    }
                }
            }
            other => {
                let (key, what) = render_key(&other);
                if first_time(ctx, Key::Render(key.clone()), what, item.span) {
                    m.render.insert(key, Spanned::new(other, item.span));
                }
            }
        }
    }
}

/// What a statement sets, for the "stated twice" error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// A statement made once (`board`, `players`, `royal-rule`, a game rule), by keyword.
    Statement(&'static str),
    /// A zone, by name.
    Zone(String),
    /// A path, by name.
    Path(String),
    /// A piece, by name.
    Piece(String),
    /// A drop rule.
    Drops(DropKey),
    /// A render setting.
    Render(RenderKey),
}

/// The entry a drop rule sets: a child's entry replaces its parent's with the same key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DropKey {
    /// `kinds` (all or a list).
    Kinds,
    /// The drop `zone` of every kind.
    Zone,
    /// The drop zone of one kind, by its name.
    KindZone(String),
    /// `must-move`.
    MustMove,
    /// `one-per-file`.
    OnePerFile,
    /// `no-mate`.
    NoMate,
    /// `drop-promoted`.
    DropPromoted,
    /// `must-drop`.
    MustDrop,
    /// `no-check`.
    NoCheck,
    /// `gravity`.
    Gravity,
    /// `enclosing`.
    Enclosing,
    /// `adjacent`.
    Adjacent,
    /// `opening`.
    Opening,
    /// `unlimited`.
    Unlimited,
    /// `apart`.
    Apart,
    /// `promote-after-move`.
    PromoteAfterMove,
}

/// The entry a render setting sets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RenderKey {
    /// `intersections`.
    Intersections,
    /// `cell`.
    Cell,
    /// `river`.
    River,
    /// `diagonals` in one zone, by its name.
    Diagonals(String),
    /// The colour of one zone, by its name.
    Colour(String),
    /// `light`.
    Light,
    /// `dark`.
    Dark,
    /// `wedges`.
    Wedges,
}

/// What one file has stated so far, for the "stated twice" error.
#[derive(Default)]
struct Stated(HashMap<Key, Span>);

impl Stated {
    /// Records `key`; false (and a report) when this file already stated it.
    fn first(&mut self, ctx: &mut Ctx, key: Key, what: String, span: Span) -> bool {
        if let Some(prev) = self.0.get(&key) {
            let e = ctx
                .error(Code::NameDuplicate, span, format!("{what} is stated twice"))
                .with_label("stated again here")
                .with_help("remove one of them")
                .with_note(prev.start, prev.end, "first stated here");
            ctx.report(e);
            false
        } else {
            self.0.insert(key, span);
            true
        }
    }
}

/// The entry a drops statement sets (a child's entry replaces the parent's with the same key).
fn drop_key(item: &DropItem) -> (DropKey, String) {
    match item {
        DropItem::KindsAll | DropItem::Kinds(_) => (DropKey::Kinds, "`kinds`".into()),
        DropItem::Zone(_) => (DropKey::Zone, "the drop `zone`".into()),
        DropItem::KindZone(k, _) => (
            DropKey::KindZone(k.node.clone()),
            format!("the drop zone of `{}`", k.node),
        ),
        DropItem::MustMove => (DropKey::MustMove, "`must-move`".into()),
        DropItem::OnePerFile(_) | DropItem::PerFile(..) => {
            (DropKey::OnePerFile, "`one-per-file` or `per-file`".into())
        }
        DropItem::NoMate(_) => (DropKey::NoMate, "`no-mate`".into()),
        DropItem::DropPromoted(_) => (DropKey::DropPromoted, "`drop-promoted`".into()),
        DropItem::MustDrop => (DropKey::MustDrop, "`must-drop`".into()),
        DropItem::NoCheck => (DropKey::NoCheck, "`no-check`".into()),
        DropItem::Gravity => (DropKey::Gravity, "`gravity`".into()),
        DropItem::Enclosing => (DropKey::Enclosing, "`enclosing`".into()),
        DropItem::Adjacent => (DropKey::Adjacent, "`adjacent`".into()),
        DropItem::Opening(_) => (DropKey::Opening, "`opening`".into()),
        DropItem::Unlimited(_) => (DropKey::Unlimited, "`unlimited`".into()),
        DropItem::Apart => (DropKey::Apart, "`apart`".into()),
        DropItem::PromoteAfterMove(_) => (DropKey::PromoteAfterMove, "`promote-after-move`".into()),
    }
}

/// The entry a render statement sets.
fn render_key(item: &RenderItem) -> (RenderKey, String) {
    match item {
        RenderItem::Intersections => (RenderKey::Intersections, "`intersections`".into()),
        RenderItem::Cell(_) => (RenderKey::Cell, "`cell`".into()),
        RenderItem::River(_) => (RenderKey::River, "`river`".into()),
        RenderItem::Diagonals(_) => (RenderKey::Diagonals(String::new()), "`diagonals`".into()),
        RenderItem::Colour(z, _) => (
            RenderKey::Colour(z.node.clone()),
            format!("the colour of `{}`", z.node),
        ),
        RenderItem::Light(_) => (RenderKey::Light, "`light`".into()),
        RenderItem::Dark(_) => (RenderKey::Dark, "`dark`".into()),
        RenderItem::Wedges => (RenderKey::Wedges, "`wedges`".into()),
    }
}
