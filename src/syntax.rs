//! Syntax: definition text → AST with spans (grammar `grammar/variant.pest`).
//!
//! The AST keeps every name, number and string with its [`Span`] (byte offsets into the file it
//! came from, plus the file's [`FileId`]), so the compiler can point at the token it complains
//! about even after `extends` has merged several files.

use pest::iterators::Pair;
use pest::Parser as _;
use std::ops::Deref;

/// Index of a source file in the compiler's file table (the root file is 0, parents follow).
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The file the range belongs to.
    pub file: FileId,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span in `file` from `start` to `end`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start, end }
    }
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// Whether the span covers no bytes (a position).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
    /// A sub-range given in offsets relative to this span's start.
    pub fn sub(self, start: usize, end: usize) -> Span {
        Span {
            file: self.file,
            start: self.start + start,
            end: self.start + end.max(start),
        }
    }
}

/// A value with the span of the text it was read from. Derefs to the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps a value with its span.
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}

/// A name as written (`Knight`, `palace`).
pub type Name = Spanned<String>;

/// A number as written; saturates at `u64::MAX` so range checks can report absurd values.
pub type Number = Spanned<u64>;

/// One parsed definition file: its statements in order.
#[derive(Clone, Debug, Default)]
pub struct Definition {
    /// The statements, in file order.
    pub statements: Vec<Spanned<Statement>>,
}

/// A top-level statement.
#[derive(Clone, Debug)]
pub enum Statement {
    /// `variant "NAME"`.
    Variant(Spanned<String>),
    /// `extends "FILE"`.
    Extends(Spanned<String>),
    /// `board FxR`.
    Board {
        /// Number of files.
        files: Number,
        /// Number of ranks.
        ranks: Number,
    },
    /// `holes ZONE`.
    Holes(ZoneExpr),
    /// `players A ["#colour"], B ["#colour"]`.
    Players(PlayerDecl, PlayerDecl),
    /// `zone NAME = ...`.
    Zone(ZoneDecl),
    /// `path NAME = SQ-SQ-... [cyclic]`.
    Path(PathDecl),
    /// `piece NAME LETTER { ... }`.
    Piece(PieceDecl),
    /// `drops { ... }`.
    Drops(Vec<Spanned<DropItem>>),
    /// `royal-rule check|duple|capture`.
    RoyalRule(Spanned<RoyalRuleName>),
    /// `facing`.
    Facing,
    /// `stalemate RESULT`.
    Stalemate(Spanned<ScoreName>),
    /// `checkmate RESULT`.
    Checkmate(Spanned<ScoreName>),
    /// `repetition N RESULT [perpetual-check RESULT]`.
    Repetition {
        /// Occurrence that ends the game.
        count: Number,
        /// Result for the side to move.
        score: Spanned<ScoreName>,
        /// Result for a side that gave check with every one of its moves in the repetition.
        perpetual_check: Option<Spanned<ScoreName>>,
    },
    /// `move-limit N RESULT [resets KIND, ...]`.
    MoveLimit {
        /// Moves per side.
        moves: Number,
        /// Result for the side to move.
        score: Spanned<ScoreName>,
        /// Kinds whose moves reset the count.
        resets: Vec<Name>,
    },
    /// `castling KING ROOK [STEPS]`.
    Castling {
        /// The kind that castles.
        king: Name,
        /// The kind it castles with.
        rook: Name,
        /// Files the king moves.
        steps: Option<Number>,
    },
    /// `start "FEN"`; the span is the text between the quotes.
    Start(Spanned<String>),
    /// `render { ... }`.
    Render(Vec<Spanned<RenderItem>>),
}

/// One player of a `players` statement: its name and, optionally, its display colour.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerDecl {
    /// The player's name (`Red`).
    pub name: Name,
    /// Its pieces' colour (`"#c62828"`), when declared.
    pub colour: Option<Spanned<String>>,
}

impl Statement {
    /// The keyword that starts the statement, for messages.
    pub fn keyword(&self) -> &'static str {
        match self {
            Statement::Variant(_) => "variant",
            Statement::Extends(_) => "extends",
            Statement::Board { .. } => "board",
            Statement::Holes(_) => "holes",
            Statement::Players(..) => "players",
            Statement::Zone(_) => "zone",
            Statement::Path(_) => "path",
            Statement::Piece(_) => "piece",
            Statement::Drops(_) => "drops",
            Statement::RoyalRule(_) => "royal-rule",
            Statement::Facing => "facing",
            Statement::Stalemate(_) => "stalemate",
            Statement::Checkmate(_) => "checkmate",
            Statement::Repetition { .. } => "repetition",
            Statement::MoveLimit { .. } => "move-limit",
            Statement::Castling { .. } => "castling",
            Statement::Start(_) => "start",
            Statement::Render(_) => "render",
        }
    }
}

/// `royal-rule` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalRuleName {
    /// `check`.
    Check,
    /// `duple`.
    Duple,
    /// `capture`.
    Capture,
}

/// `win`, `loss` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreName {
    /// `win`.
    Win,
    /// `loss`.
    Loss,
    /// `draw`.
    Draw,
}

/// `zone NAME = ...`.
#[derive(Clone, Debug)]
pub struct ZoneDecl {
    /// The zone's name.
    pub name: Name,
    /// How it is stated.
    pub def: ZoneDef,
}

/// The three ways to state a zone.
#[derive(Clone, Debug)]
pub enum ZoneDef {
    /// Stated for the first player, mirrored for the second.
    Relative(ZoneExpr),
    /// `absolute ZONE`: the same squares for both players.
    Absolute(ZoneExpr),
    /// `P1: ZONE, P2: ZONE`: stated per player.
    PerPlayer(Vec<(Name, ZoneExpr)>),
}

/// A zone expression: terms combined left to right.
#[derive(Clone, Debug)]
pub struct ZoneExpr {
    /// The first term.
    pub first: Spanned<ZoneTerm>,
    /// The following operators and terms, applied left to right.
    pub rest: Vec<(Spanned<ZoneOp>, Spanned<ZoneTerm>)>,
    /// The whole expression.
    pub span: Span,
}

/// A zone operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneOp {
    /// `+`.
    Union,
    /// `-`.
    Minus,
    /// `&`.
    Intersect,
}

/// A square as written: file index from 0 (`a` = 0) and the rank number as written (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareRef {
    /// File from 0.
    pub file: u8,
    /// Rank as written, from 1 (saturating).
    pub rank: u64,
}

/// A term of a zone expression.
#[derive(Clone, Debug)]
pub enum ZoneTerm {
    /// `e4`.
    Square(Spanned<SquareRef>),
    /// `d1-f3`.
    Rect(Spanned<SquareRef>, Spanned<SquareRef>),
    /// `rank 8`.
    Rank(Number),
    /// `ranks 1-5`.
    Ranks(Number, Number),
    /// `file a`; the file index from 0.
    File(Spanned<u8>),
    /// `files a-c`.
    Files(Spanned<u8>, Spanned<u8>),
    /// `all`.
    All,
    /// A zone name.
    Named(Name),
    /// `enemy NAME`.
    Enemy(Name),
    /// `( ZONE )`.
    Group(Box<ZoneExpr>),
}

/// `path NAME = SQ-SQ-... [cyclic]`.
#[derive(Clone, Debug)]
pub struct PathDecl {
    /// The path's name.
    pub name: Name,
    /// The corners in order.
    pub corners: Vec<Spanned<SquareRef>>,
    /// Whether the last corner connects back to the first.
    pub cyclic: bool,
}

/// `piece NAME LETTER { ... }`.
#[derive(Clone, Debug)]
pub struct PieceDecl {
    /// Display name.
    pub name: Name,
    /// FEN letter as written (`N`, `+P`).
    pub letter: Spanned<String>,
    /// The statements in the body.
    pub items: Vec<Spanned<PieceItem>>,
}

/// A statement inside a piece body.
#[derive(Clone, Debug)]
pub enum PieceItem {
    /// `moves BETZA [in ZONE] [capturing KIND, ...] [unconfined]`.
    Moves {
        /// The Betza string; its span is the token itself.
        betza: Spanned<String>,
        /// `in ZONE`.
        only_in: Option<ZoneExpr>,
        /// `capturing KIND, ...`.
        capturing: Option<Vec<Name>>,
        /// `unconfined`.
        unconfined: bool,
    },
    /// `rides PATH, ...`.
    Rides(Vec<Name>),
    /// `royal`.
    Royal,
    /// `confined ZONE [| ZONE ...]`.
    Confined(Vec<ZoneExpr>),
    /// `promotes to K, ... in ZONE [optional|forced]`.
    Promotes {
        /// Target kinds.
        to: Vec<Name>,
        /// Promotion zone.
        zone: ZoneExpr,
        /// `optional` (true) or `forced` (false), if written.
        optional: Option<Spanned<bool>>,
    },
    /// `captured as KIND`.
    CapturedAs(Name),
    /// `value PAWNS`: the piece's material value for the search, as written (`3.5`).
    Value(Spanned<String>),
}

/// A statement inside `drops { ... }`.
#[derive(Clone, Debug)]
pub enum DropItem {
    /// `kinds all`.
    KindsAll,
    /// `kinds A, B`.
    Kinds(Vec<Name>),
    /// `zone ZONE`: where any kind may be dropped.
    Zone(ZoneExpr),
    /// `zone KIND: ZONE`.
    KindZone(Name, ZoneExpr),
    /// `must-move`.
    MustMove,
    /// `one-per-file KIND, ...`.
    OnePerFile(Vec<Name>),
    /// `no-mate KIND, ...`.
    NoMate(Vec<Name>),
    /// `promote-after-move ZONE`.
    PromoteAfterMove(ZoneExpr),
}

/// A statement inside `render { ... }`.
#[derive(Clone, Debug)]
pub enum RenderItem {
    /// `intersections`.
    Intersections,
    /// `cell N`.
    Cell(Number),
    /// `river N`.
    River(Number),
    /// `diagonals ZONE, ...`.
    Diagonals(Vec<Name>),
    /// `colour ZONE "#rrggbb"`.
    Colour(Name, Spanned<String>),
    /// `light "#rrggbb"`.
    Light(Spanned<String>),
    /// `dark "#rrggbb"`.
    Dark(Spanned<String>),
}

/// The pest parser for `grammar/variant.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/variant.pest"]
pub struct VariantParser;

/// A syntax error: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where parsing stopped (an empty span at end of file).
    pub span: Span,
    /// One line: what was expected and what was found.
    pub message: String,
    /// A hint, if there is one.
    pub help: Option<String>,
}

/// Deepest parenthesis nesting accepted; deeper input is rejected before parsing so that
/// recursion stays shallow whatever the bytes.
const MAX_NESTING: usize = 64;

/// Most syntax errors reported for one file; past this the rest of the file is not read.
pub const MAX_SYNTAX_ERRORS: usize = 20;

/// Parses one definition file. `file` is stored in every span. On failure returns the first
/// syntax error only; [`parse_all`] reports every one.
pub fn parse(text: &str, file: FileId) -> Result<Definition, SyntaxError> {
    parse_all(text, file).map_err(|mut errors| errors.swap_remove(0))
}

/// Parses one definition file, reporting every syntax error (in file order, at most
/// [`MAX_SYNTAX_ERRORS`], never none) rather than the first only. The AST is built only from a
/// file without syntax errors.
///
/// After an error, reading resumes at the next line that starts with a statement keyword and
/// stands outside any `{ }` block the failed statement opened, so the lines of a broken block
/// yield no follow-on errors. The tail is parsed as a file of its own and its spans are shifted
/// back into this text.
pub fn parse_all(text: &str, file: FileId) -> Result<Definition, Vec<SyntaxError>> {
    check_nesting(text, file).map_err(|e| vec![e])?;
    let pairs = match VariantParser::parse(Rule::file, text) {
        Ok(pairs) => pairs,
        Err(e) => {
            let mut errors = vec![convert_error(e, text, file)];
            let mut at = errors[0].span.start;
            let mut segment = 0;
            while errors.len() < MAX_SYNTAX_ERRORS {
                let Some(next) = resume_point(text, segment, at) else {
                    break;
                };
                let tail = &text[next..];
                match VariantParser::parse(Rule::file, tail) {
                    Ok(_) => break,
                    Err(e) => {
                        let mut err = convert_error(e, tail, file);
                        err.span.start += next;
                        err.span.end += next;
                        at = err.span.start;
                        errors.push(err);
                    }
                }
                segment = next;
            }
            return Err(errors);
        }
    };
    build(pairs, file).map_err(|e| vec![e])
}

/// Where reading resumes after a syntax error at `error` in the statements read from `from`: the
/// start of the first line after the error's line whose first word is a statement keyword, outside
/// any `{ }` block opened since `from` (a `zone` line inside a block is a drops item). A statement
/// keyword inside a block ends it: no block holds statements, so a `}` was forgotten.
fn resume_point(text: &str, from: usize, error: usize) -> Option<usize> {
    let line_end = text[error..].find('\n').map(|i| error + i)?;
    let (words, _) = words(&text[from..]);
    words.into_iter().find_map(|(start, depth, word)| {
        let start = from + start;
        let keyword = STATEMENTS.iter().any(|(k, _)| *k == word);
        if start <= line_end || !keyword || (depth > 0 && word == "zone") {
            return None;
        }
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let first_on_line = text[line_start..start]
            .chars()
            .all(|c| c == ' ' || c == '\t' || c == '\r');
        first_on_line.then_some(line_start)
    })
}

/// Builds the AST from a successful parse.
fn build(mut pairs: pest::iterators::Pairs<Rule>, file: FileId) -> Result<Definition, SyntaxError> {
    let b = Builder { file };
    let Some(file_pair) = pairs.next() else {
        return Ok(Definition::default());
    };
    let mut statements = Vec::new();
    for p in file_pair.into_inner() {
        if p.as_rule() == Rule::EOI {
            continue;
        }
        let span = b.span(&p);
        statements.push(Spanned::new(b.statement(p)?, span));
    }
    Ok(Definition { statements })
}

fn check_nesting(text: &str, file: FileId) -> Result<(), SyntaxError> {
    let mut depth = 0usize;
    // Parentheses in comments and strings do not nest anything.
    let mut in_comment = false;
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => {
                in_comment = false;
                in_string = false;
                continue;
            }
            _ if in_comment => continue,
            '"' => in_string = !in_string,
            _ if in_string => continue,
            '#' => in_comment = true,
            '(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(SyntaxError {
                        span: Span::new(file, i, i + 1),
                        message: format!("parentheses nested more than {MAX_NESTING} deep"),
                        help: Some("simplify the zone expression".into()),
                    });
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

// ---- syntax error messages ------------------------------------------------------------------

/// How a rule is named in "expected ..." lists, and the group it belongs to (groups with several
/// members are summarised so that the list stays readable).
fn describe(rule: Rule) -> (&'static str, &'static str) {
    use Rule::*;
    let g_statement = "a statement";
    let g_piece = "a piece statement";
    let g_drop = "a drops statement";
    let g_render = "a render statement";
    let g_zone = "a zone";
    match rule {
        EOI => ("the end of the file", ""),
        k_variant => ("`variant`", g_statement),
        k_extends => ("`extends`", g_statement),
        k_board => ("`board`", g_statement),
        k_holes => ("`holes`", g_statement),
        k_players => ("`players`", g_statement),
        k_zone => ("`zone`", g_statement),
        k_path => ("`path`", g_statement),
        k_piece => ("`piece`", g_statement),
        k_drops => ("`drops`", g_statement),
        k_royal_rule => ("`royal-rule`", g_statement),
        k_facing => ("`facing`", g_statement),
        k_stalemate => ("`stalemate`", g_statement),
        k_checkmate => ("`checkmate`", g_statement),
        k_repetition => ("`repetition`", g_statement),
        k_move_limit => ("`move-limit`", g_statement),
        k_castling => ("`castling`", g_statement),
        k_start => ("`start`", g_statement),
        k_render => ("`render`", g_statement),
        k_moves => ("`moves`", g_piece),
        k_rides => ("`rides`", g_piece),
        k_royal => ("`royal`", g_piece),
        k_confined => ("`confined`", g_piece),
        k_promotes => ("`promotes`", g_piece),
        k_captured => ("`captured`", g_piece),
        k_kinds => ("`kinds`", g_drop),
        k_must_move => ("`must-move`", g_drop),
        k_one_per_file => ("`one-per-file`", g_drop),
        k_no_mate => ("`no-mate`", g_drop),
        k_promote_after_move => ("`promote-after-move`", g_drop),
        k_intersections => ("`intersections`", g_render),
        k_cell => ("`cell`", g_render),
        k_river => ("`river`", g_render),
        k_diagonals => ("`diagonals`", g_render),
        k_colour => ("`colour`", g_render),
        k_light => ("`light`", g_render),
        k_dark => ("`dark`", g_render),
        k_all => ("`all`", g_zone),
        k_rank => ("`rank`", g_zone),
        k_ranks => ("`ranks`", g_zone),
        k_file => ("`file`", g_zone),
        k_files => ("`files`", g_zone),
        k_enemy => ("`enemy`", g_zone),
        square => ("a square like `e4`", g_zone),
        rect_term => ("a rectangle like `d1-f3`", g_zone),
        zone_ref => ("a zone name", g_zone),
        lparen => ("`(`", g_zone),
        all_term | rank_term | ranks_term | file_term | files_term | enemy_term | square_term
        | group_term => ("a zone", g_zone),
        zone_expr => ("a zone", ""),
        zone_op => ("an operator (`+`, `-`, `&`)", ""),
        k_absolute => ("`absolute`", ""),
        k_cyclic => ("`cyclic`", ""),
        k_resets => ("`resets`", ""),
        k_perpetual_check => ("`perpetual-check`", ""),
        k_in => ("`in`", ""),
        k_capturing => ("`capturing`", ""),
        k_unconfined => ("`unconfined`", ""),
        k_to => ("`to`", ""),
        k_as => ("`as`", ""),
        k_optional => ("`optional`", ""),
        k_forced => ("`forced`", ""),
        k_check => ("`check`", ""),
        k_duple => ("`duple`", ""),
        k_capture => ("`capture`", ""),
        k_win => ("`win`", ""),
        k_loss => ("`loss`", ""),
        k_draw => ("`draw`", ""),
        name | name_list => ("a name", ""),
        number => ("a number", ""),
        string | string_text => ("a quoted string", ""),
        file_letter => ("a file letter like `a`", ""),
        letter => ("a piece letter like `N` or `+P`", ""),
        betza => ("a Betza move string like `mfWcfF`", ""),
        lbrace => ("`{`", ""),
        rbrace => ("`}`", ""),
        rparen => ("`)`", ""),
        equals => ("`=`", ""),
        colon => ("`:`", ""),
        times => ("`x` (as in `8x8`)", ""),
        comma => ("`,`", ""),
        dash => ("`-`", ""),
        bar => ("`|`", ""),
        royal_rule_value => ("`check`, `duple` or `capture`", ""),
        score => ("`win`, `loss` or `draw`", ""),
        promotion_mode => ("`optional` or `forced`", ""),
        _ => ("", ""),
    }
}

/// Joins alternatives as "A, B or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The word at a position, for "found ...".
fn found_at(text: &str, pos: usize) -> String {
    let rest = text.get(pos..).unwrap_or("");
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace())
        .take(20)
        .collect();
    word
}

fn convert_error(e: pest::error::Error<Rule>, text: &str, file: FileId) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(text.len());
    let positives: &[Rule] = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => &[],
    };
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut groups: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
            for r in positives {
                let (what, group) = describe(*r);
                if what.is_empty() {
                    continue;
                }
                let key = if group.is_empty() { what } else { group };
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, members)) => {
                        if !members.contains(&what) {
                            members.push(what)
                        }
                    }
                    None => groups.push((key, vec![what])),
                }
            }
            // "the end of the file" reads best last.
            groups.sort_by_key(|(k, _)| *k == "the end of the file");
            let items: Vec<String> = groups
                .into_iter()
                .map(|(key, members)| {
                    if members.len() >= 3 {
                        let shown: Vec<&str> = members.iter().take(3).copied().collect();
                        format!("{key} ({}, ...)", shown.join(", "))
                    } else if members.len() == 2 && key != members[0] {
                        format!("{} or {}", members[0], members[1])
                    } else {
                        members[0].to_string()
                    }
                })
                .collect();
            or_list(&items)
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let found = found_at(text, pos);
    let message = if found.is_empty() {
        if expected.is_empty() {
            "unexpected end of file".to_string()
        } else {
            format!("expected {expected}, found the end of the file")
        }
    } else if expected.is_empty() {
        format!("unexpected `{found}`")
    } else {
        format!("expected {expected}, found `{found}`")
    };
    let end = if found.is_empty() {
        pos
    } else {
        // Label the first character (whole UTF-8 character, so the span stays on a boundary).
        pos + text[pos..].chars().next().map(char::len_utf8).unwrap_or(0)
    };
    SyntaxError {
        span: Span::new(file, pos, end),
        message,
        help: Some(syntax_help(text, pos, positives)),
    }
}

/// The keywords that start a statement, with how each is written.
const STATEMENTS: &[(&str, &str)] = &[
    ("variant", "`variant \"NAME\"`"),
    (
        "extends",
        "`extends \"FILE\"`, like `extends \"parent.variant\"`",
    ),
    ("board", "`board FILESxRANKS`, like `board 8x8`"),
    ("holes", "`holes ZONE`, like `holes a1 + h8`"),
    (
        "players",
        "`players FIRST, SECOND` (each optionally with a colour), like `players White, Black`",
    ),
    ("zone", "`zone NAME = ZONE`, like `zone palace = d1-f3`"),
    (
        "path",
        "`path NAME = SQ-SQ-...`, like `path ring = a1-h1-h8-a8 cyclic`",
    ),
    (
        "piece",
        "`piece NAME LETTER { ... }`, like `piece Knight N { moves N }`",
    ),
    ("drops", "`drops { ... }`, like `drops { kinds all }`"),
    ("royal-rule", "`royal-rule check`, `duple` or `capture`"),
    ("facing", "`facing` alone"),
    ("stalemate", "`stalemate win`, `loss` or `draw`"),
    ("checkmate", "`checkmate win`, `loss` or `draw`"),
    (
        "repetition",
        "`repetition N RESULT`, like `repetition 3 draw`",
    ),
    (
        "move-limit",
        "`move-limit N RESULT [resets KIND, ...]`, like `move-limit 50 draw resets Pawn`",
    ),
    (
        "castling",
        "`castling KING ROOK [STEPS]`, like `castling King Rook`",
    ),
    (
        "start",
        "`start \"FEN\"`, like `start \"8/8/8/8/8/8/8/8 w - - 0 1\"`",
    ),
    ("render", "`render { ... }`, like `render { cell 48 }`"),
];

/// What may stand in a `piece`, `drops` or `render` block, with how each is written.
const BLOCK_ITEMS: &[(&str, &str, &str)] = &[
    (
        "piece",
        "moves",
        "`moves BETZA [in ZONE] [capturing KIND, ...] [unconfined]`, like `moves mfWcfF`",
    ),
    (
        "piece",
        "rides",
        "`rides PATH, ...`, like `rides ring1, ring2`",
    ),
    ("piece", "royal", "`royal` alone"),
    (
        "piece",
        "confined",
        "`confined ZONE [| ZONE ...]`, like `confined palace`",
    ),
    (
        "piece",
        "promotes",
        "`promotes to KIND, ... in ZONE [optional | forced]`, like `promotes to Queen in rank 8`",
    ),
    (
        "piece",
        "captured",
        "`captured as KIND`, like `captured as Pawn`",
    ),
    ("drops", "kinds", "`kinds all` or `kinds KIND, ...`"),
    (
        "drops",
        "zone",
        "`zone ZONE` or `zone KIND: ZONE`, like `zone Pawn: ranks 2-7`",
    ),
    ("drops", "must-move", "`must-move` alone"),
    ("drops", "one-per-file", "`one-per-file KIND, ...`"),
    ("drops", "no-mate", "`no-mate KIND, ...`"),
    ("drops", "promote-after-move", "`promote-after-move ZONE`"),
    ("render", "intersections", "`intersections` alone"),
    ("render", "cell", "`cell PIXELS`, like `cell 48`"),
    ("render", "river", "`river RANK`, like `river 5`"),
    ("render", "diagonals", "`diagonals ZONE, ...`"),
    ("render", "colour", "`colour ZONE \"#rrggbb\"`"),
    ("render", "color", "`color ZONE \"#rrggbb\"`"),
    ("render", "light", "`light \"#rrggbb\"`"),
    ("render", "dark", "`dark \"#rrggbb\"`"),
];

/// The words of `text` outside comments and strings, each with its offset and the depth of
/// `{ }` blocks it stands in; and the depth at the end of the text.
fn words(text: &str) -> (Vec<(usize, usize, &str)>, usize) {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
                i += 1;
            }
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'-')
                {
                    i += 1;
                }
                out.push((start, depth, &text[start..i]));
            }
            _ => i += 1,
        }
    }
    (out, depth)
}

/// The help line of a syntax error: a suggestion for a misspelt keyword, else how the statement
/// (or block item) the error is in is written, else what may start a statement there.
fn syntax_help(text: &str, pos: usize, positives: &[Rule]) -> String {
    let word = found_at(text, pos);
    if word.starts_with("royal_rule") || word.starts_with("move_limit") {
        return "keywords with two words are joined by `-`, like `royal-rule` and `move-limit`"
            .into();
    }
    // A misspelt keyword among those expected here.
    let found: String = word
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    if found.len() >= 3 {
        let expected = positives
            .iter()
            .map(|r| describe(*r).0)
            .filter_map(|d| d.strip_prefix('`').and_then(|d| d.strip_suffix('`')));
        let best = expected
            .map(|k| (strsim::jaro_winkler(&found.to_lowercase(), k), k))
            .filter(|(score, k)| *score >= 0.8 && *k != found)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, k)) = best {
            return format!("did you mean `{k}`?");
        }
    }
    if word.starts_with(|c: char| !c.is_ascii()) {
        return "names, keywords and letters are written in ASCII: letters, digits and `_`".into();
    }
    let (before, depth_here) = words(text.get(..pos).unwrap_or(text));
    // At a statement boundary, unless a word could still continue the statement before (a
    // number or punctuation after a zone, say, belongs to that statement).
    let continues = !found.starts_with(|c: char| c.is_ascii_alphabetic())
        && positives
            .iter()
            .any(|r| *r != Rule::EOI && describe(*r).1 != "a statement");
    let statement_here = positives.contains(&Rule::k_piece) && !continues;
    let block = before
        .iter()
        .rev()
        .find(|w| w.1 == 0 && STATEMENTS.iter().any(|(k, _)| *k == w.2));
    if depth_here >= 1 {
        if let Some((_, _, owner)) = block {
            let item =
                before.iter().rev().take_while(|w| w.1 >= 1).find(|w| {
                    w.1 == 1 && BLOCK_ITEMS.iter().any(|(o, k, _)| o == owner && *k == w.2)
                });
            let item_expected = positives.iter().any(|r| {
                matches!(
                    r,
                    Rule::k_moves | Rule::k_kinds | Rule::k_intersections | Rule::k_cell
                )
            });
            match item {
                Some((_, _, k)) if !item_expected || found.is_empty() || word.starts_with('}') => {
                    if let Some((_, _, how)) =
                        BLOCK_ITEMS.iter().find(|(o, kk, _)| o == owner && kk == k)
                    {
                        return format!("`{k}` is written {how}");
                    }
                }
                _ => {}
            }
            let items: Vec<&str> = BLOCK_ITEMS
                .iter()
                .filter(|(o, _, _)| o == owner)
                .map(|(_, k, _)| *k)
                .collect();
            return format!(
                "a `{owner}` block holds: {}; it ends with `}}`",
                items.join(", ")
            );
        }
    }
    if !statement_here {
        if let Some((_, _, k)) = block {
            if let Some((_, how)) = STATEMENTS.iter().find(|(kk, _)| kk == k) {
                return format!("`{k}` is written {how}");
            }
        }
    }
    let all: Vec<&str> = STATEMENTS.iter().map(|(k, _)| *k).collect();
    format!(
        "a statement starts with one of: {} (see grammar/README.md)",
        all.join(", ")
    )
}

// ---- pairs → AST ----------------------------------------------------------------------------

struct Builder {
    file: FileId,
}

/// The grammar guarantees the shape of the pairs; if it ever disagrees with this builder, the
/// builder reports a syntax error at the pair rather than panicking.
type BResult<T> = Result<T, SyntaxError>;

/// Whether a rule is a keyword or punctuation (dropped when reading children).
fn is_noise(rule: Rule) -> bool {
    use Rule::*;
    matches!(
        rule,
        lbrace | rbrace | lparen | rparen | equals | colon | times | comma | dash | bar
    ) || format!("{rule:?}").starts_with("k_")
}

impl Builder {
    /// The span of a pair, ending where its last token ends: a rule's own span also takes in
    /// the whitespace and comments pest skipped while looking for one more repetition.
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        let end = match p.clone().into_inner().last() {
            Some(last) => self.span(&last).end,
            None => s.end(),
        };
        Span::new(self.file, s.start(), end)
    }

    fn malformed(&self, p: &Pair<Rule>) -> SyntaxError {
        SyntaxError {
            span: self.span(p),
            message: format!("internal: unexpected structure for {:?}", p.as_rule()),
            help: Some("this is a bug in Chimera; please report it with the file".into()),
        }
    }

    /// The meaningful children of a pair (keywords and punctuation dropped).
    fn children<'a>(&self, p: Pair<'a, Rule>) -> Vec<Pair<'a, Rule>> {
        p.into_inner().filter(|c| !is_noise(c.as_rule())).collect()
    }

    /// The keyword children of a pair (to tell `optional` from `forced` and the like).
    fn keywords<'a>(&self, p: &Pair<'a, Rule>) -> Vec<Rule> {
        p.clone()
            .into_inner()
            .map(|c| c.as_rule())
            .filter(|r| format!("{r:?}").starts_with("k_"))
            .collect()
    }

    fn take<'a>(
        &self,
        it: &mut std::vec::IntoIter<Pair<'a, Rule>>,
        parent: &Pair<'a, Rule>,
    ) -> BResult<Pair<'a, Rule>> {
        it.next().ok_or_else(|| self.malformed(parent))
    }

    fn name(&self, p: Pair<Rule>) -> Name {
        Spanned::new(p.as_str().to_string(), self.span(&p))
    }

    fn number(&self, p: Pair<Rule>) -> Number {
        // Digits only (grammar); saturate instead of failing so range checks can report it.
        let v = p.as_str().parse::<u64>().unwrap_or(u64::MAX);
        Spanned::new(v, self.span(&p))
    }

    /// A `string` pair → its text between the quotes, spanned exactly.
    fn player_decl(&self, p: Pair<Rule>) -> BResult<PlayerDecl> {
        let parent = p.clone();
        let mut it = p.into_inner();
        let name = self.name(it.next().ok_or_else(|| self.malformed(&parent))?);
        let colour = it.next().map(|s| self.string(s)).transpose()?;
        Ok(PlayerDecl { name, colour })
    }

    fn string(&self, p: Pair<Rule>) -> BResult<Spanned<String>> {
        let parent = p.clone();
        match p.into_inner().next() {
            Some(inner) => Ok(Spanned::new(inner.as_str().to_string(), self.span(&inner))),
            None => Err(self.malformed(&parent)),
        }
    }

    fn names(&self, p: Pair<Rule>) -> Vec<Name> {
        p.into_inner()
            .filter(|c| c.as_rule() == Rule::name)
            .map(|c| self.name(c))
            .collect()
    }

    fn square(&self, p: Pair<Rule>) -> Spanned<SquareRef> {
        let s = p.as_str();
        let file = s.bytes().next().map(|b| b.wrapping_sub(b'a')).unwrap_or(0);
        let rank = s
            .get(1..)
            .and_then(|r| r.parse::<u64>().ok())
            .unwrap_or(u64::MAX);
        Spanned::new(SquareRef { file, rank }, self.span(&p))
    }

    fn file_letter(&self, p: Pair<Rule>) -> Spanned<u8> {
        let f = p
            .as_str()
            .bytes()
            .next()
            .map(|b| b.wrapping_sub(b'a'))
            .unwrap_or(0);
        Spanned::new(f, self.span(&p))
    }

    fn score(&self, p: Pair<Rule>) -> Spanned<ScoreName> {
        let span = self.span(&p);
        let s = match p.as_str() {
            "win" => ScoreName::Win,
            "loss" => ScoreName::Loss,
            _ => ScoreName::Draw,
        };
        Spanned::new(s, span)
    }

    fn statement(&self, p: Pair<Rule>) -> BResult<Statement> {
        let rule = p.as_rule();
        let parent = p.clone();
        let kids = self.children(p);
        let mut it = kids.into_iter();
        Ok(match rule {
            Rule::variant_stmt => Statement::Variant(self.string(self.take(&mut it, &parent)?)?),
            Rule::extends_stmt => Statement::Extends(self.string(self.take(&mut it, &parent)?)?),
            Rule::board_stmt => {
                let files = self.number(self.take(&mut it, &parent)?);
                let ranks = self.number(self.take(&mut it, &parent)?);
                Statement::Board { files, ranks }
            }
            Rule::holes_stmt => Statement::Holes(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::players_stmt => {
                let a = self.player_decl(self.take(&mut it, &parent)?)?;
                let b = self.player_decl(self.take(&mut it, &parent)?)?;
                Statement::Players(a, b)
            }
            Rule::zone_stmt => {
                let name = self.name(self.take(&mut it, &parent)?);
                let def_pair = self.take(&mut it, &parent)?;
                let def = match def_pair.as_rule() {
                    Rule::absolute_zone => {
                        let pp = def_pair.clone();
                        let mut k = self.children(def_pair).into_iter();
                        ZoneDef::Absolute(self.zone_expr(self.take(&mut k, &pp)?)?)
                    }
                    Rule::per_player => {
                        let mut v = Vec::new();
                        for pz in self.children(def_pair) {
                            let pp = pz.clone();
                            let mut k = self.children(pz).into_iter();
                            let n = self.name(self.take(&mut k, &pp)?);
                            let e = self.zone_expr(self.take(&mut k, &pp)?)?;
                            v.push((n, e));
                        }
                        ZoneDef::PerPlayer(v)
                    }
                    _ => ZoneDef::Relative(self.zone_expr(def_pair)?),
                };
                Statement::Zone(ZoneDecl { name, def })
            }
            Rule::path_stmt => {
                let cyclic = self.keywords(&parent).contains(&Rule::k_cyclic);
                let name = self.name(self.take(&mut it, &parent)?);
                let corners = it.map(|c| self.square(c)).collect();
                Statement::Path(PathDecl {
                    name,
                    corners,
                    cyclic,
                })
            }
            Rule::piece_stmt => {
                let name = self.name(self.take(&mut it, &parent)?);
                let lp = self.take(&mut it, &parent)?;
                let letter = Spanned::new(lp.as_str().to_string(), self.span(&lp));
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.piece_item(item)?, span));
                }
                Statement::Piece(PieceDecl {
                    name,
                    letter,
                    items,
                })
            }
            Rule::drops_stmt => {
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.drop_item(item)?, span));
                }
                Statement::Drops(items)
            }
            Rule::royal_rule_stmt => {
                let v = self.take(&mut it, &parent)?;
                let span = self.span(&v);
                let r = match v.as_str() {
                    "duple" => RoyalRuleName::Duple,
                    "capture" => RoyalRuleName::Capture,
                    _ => RoyalRuleName::Check,
                };
                Statement::RoyalRule(Spanned::new(r, span))
            }
            Rule::facing_stmt => Statement::Facing,
            Rule::stalemate_stmt => Statement::Stalemate(self.score(self.take(&mut it, &parent)?)),
            Rule::checkmate_stmt => Statement::Checkmate(self.score(self.take(&mut it, &parent)?)),
            Rule::repetition_stmt => {
                let count = self.number(self.take(&mut it, &parent)?);
                let score = self.score(self.take(&mut it, &parent)?);
                let perpetual_check = it.next().map(|s| self.score(s));
                Statement::Repetition {
                    count,
                    score,
                    perpetual_check,
                }
            }
            Rule::move_limit_stmt => {
                let moves = self.number(self.take(&mut it, &parent)?);
                let score = self.score(self.take(&mut it, &parent)?);
                let resets = it.next().map(|l| self.names(l)).unwrap_or_default();
                Statement::MoveLimit {
                    moves,
                    score,
                    resets,
                }
            }
            Rule::castling_stmt => {
                let king = self.name(self.take(&mut it, &parent)?);
                let rook = self.name(self.take(&mut it, &parent)?);
                let steps = it.next().map(|n| self.number(n));
                Statement::Castling { king, rook, steps }
            }
            Rule::start_stmt => Statement::Start(self.string(self.take(&mut it, &parent)?)?),
            Rule::render_stmt => {
                let mut items = Vec::new();
                for item in it {
                    let span = self.span(&item);
                    items.push(Spanned::new(self.render_item(item)?, span));
                }
                Statement::Render(items)
            }
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn zone_expr(&self, p: Pair<Rule>) -> BResult<ZoneExpr> {
        let span = self.span(&p);
        let parent = p.clone();
        let mut it = p.into_inner();
        let first = match it.next() {
            Some(t) => self.zone_term(t)?,
            None => return Err(self.malformed(&parent)),
        };
        let mut rest = Vec::new();
        while let Some(op) = it.next() {
            let op_span = self.span(&op);
            let o = match op.as_str() {
                "+" => ZoneOp::Union,
                "-" => ZoneOp::Minus,
                _ => ZoneOp::Intersect,
            };
            let term = match it.next() {
                Some(t) => self.zone_term(t)?,
                None => return Err(self.malformed(&parent)),
            };
            rest.push((Spanned::new(o, op_span), term));
        }
        Ok(ZoneExpr { first, rest, span })
    }

    fn zone_term(&self, p: Pair<Rule>) -> BResult<Spanned<ZoneTerm>> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        let term = match rule {
            Rule::all_term => ZoneTerm::All,
            Rule::rank_term => ZoneTerm::Rank(self.number(self.take(&mut it, &parent)?)),
            Rule::ranks_term => {
                let a = self.number(self.take(&mut it, &parent)?);
                let b = self.number(self.take(&mut it, &parent)?);
                ZoneTerm::Ranks(a, b)
            }
            Rule::file_term => ZoneTerm::File(self.file_letter(self.take(&mut it, &parent)?)),
            Rule::files_term => {
                let a = self.file_letter(self.take(&mut it, &parent)?);
                let b = self.file_letter(self.take(&mut it, &parent)?);
                ZoneTerm::Files(a, b)
            }
            Rule::enemy_term => ZoneTerm::Enemy(self.name(self.take(&mut it, &parent)?)),
            Rule::rect_term => {
                let a = self.square(self.take(&mut it, &parent)?);
                let b = self.square(self.take(&mut it, &parent)?);
                ZoneTerm::Rect(a, b)
            }
            Rule::square_term => ZoneTerm::Square(self.square(self.take(&mut it, &parent)?)),
            Rule::zone_ref => ZoneTerm::Named(self.name(self.take(&mut it, &parent)?)),
            Rule::group_term => {
                ZoneTerm::Group(Box::new(self.zone_expr(self.take(&mut it, &parent)?)?))
            }
            _ => return Err(self.malformed(&parent)),
        };
        Ok(Spanned::new(term, span))
    }

    fn piece_item(&self, p: Pair<Rule>) -> BResult<PieceItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let kws = self.keywords(&parent);
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::moves_item => {
                let b = self.take(&mut it, &parent)?;
                let betza = Spanned::new(b.as_str().to_string(), self.span(&b));
                let mut only_in = None;
                let mut capturing = None;
                let mut unconfined = false;
                for clause in it {
                    match clause.as_rule() {
                        Rule::in_clause => {
                            let cp = clause.clone();
                            let mut k = self.children(clause).into_iter();
                            only_in = Some(self.zone_expr(self.take(&mut k, &cp)?)?);
                        }
                        Rule::capturing_clause => {
                            let names = clause
                                .into_inner()
                                .filter(|c| c.as_rule() == Rule::name_list);
                            capturing = Some(names.flat_map(|l| self.names(l)).collect());
                        }
                        Rule::unconfined_clause => unconfined = true,
                        _ => return Err(self.malformed(&clause)),
                    }
                }
                PieceItem::Moves {
                    betza,
                    only_in,
                    capturing,
                    unconfined,
                }
            }
            Rule::rides_item => PieceItem::Rides(self.names(self.take(&mut it, &parent)?)),
            Rule::royal_item => PieceItem::Royal,
            Rule::confined_item => {
                let mut zones = Vec::new();
                for z in it {
                    zones.push(self.zone_expr(z)?);
                }
                PieceItem::Confined(zones)
            }
            Rule::promotes_item => {
                let to = self.names(self.take(&mut it, &parent)?);
                let zone = self.zone_expr(self.take(&mut it, &parent)?)?;
                let optional = match it.next() {
                    Some(m) => {
                        let span = self.span(&m);
                        Some(Spanned::new(m.as_str() == "optional", span))
                    }
                    None => None,
                };
                let _ = kws;
                PieceItem::Promotes { to, zone, optional }
            }
            Rule::captured_item => PieceItem::CapturedAs(self.name(self.take(&mut it, &parent)?)),
            Rule::value_item => PieceItem::Value(self.name(self.take(&mut it, &parent)?)),
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn drop_item(&self, p: Pair<Rule>) -> BResult<DropItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::kinds_all => DropItem::KindsAll,
            Rule::kinds_list => DropItem::Kinds(self.names(self.take(&mut it, &parent)?)),
            Rule::drop_kind_zone => {
                let n = self.name(self.take(&mut it, &parent)?);
                let z = self.zone_expr(self.take(&mut it, &parent)?)?;
                DropItem::KindZone(n, z)
            }
            Rule::drop_zone => DropItem::Zone(self.zone_expr(self.take(&mut it, &parent)?)?),
            Rule::must_move => DropItem::MustMove,
            Rule::one_per_file => DropItem::OnePerFile(self.names(self.take(&mut it, &parent)?)),
            Rule::no_mate => DropItem::NoMate(self.names(self.take(&mut it, &parent)?)),
            Rule::promote_after_move => {
                DropItem::PromoteAfterMove(self.zone_expr(self.take(&mut it, &parent)?)?)
            }
            _ => return Err(self.malformed(&parent)),
        })
    }

    fn render_item(&self, p: Pair<Rule>) -> BResult<RenderItem> {
        let rule = p.as_rule();
        let parent = p.clone();
        let mut it = self.children(p).into_iter();
        Ok(match rule {
            Rule::intersections_item => RenderItem::Intersections,
            Rule::cell_item => RenderItem::Cell(self.number(self.take(&mut it, &parent)?)),
            Rule::river_item => RenderItem::River(self.number(self.take(&mut it, &parent)?)),
            Rule::diagonals_item => RenderItem::Diagonals(self.names(self.take(&mut it, &parent)?)),
            Rule::colour_item => {
                let n = self.name(self.take(&mut it, &parent)?);
                let s = self.string(self.take(&mut it, &parent)?)?;
                RenderItem::Colour(n, s)
            }
            Rule::light_item => RenderItem::Light(self.string(self.take(&mut it, &parent)?)?),
            Rule::dark_item => RenderItem::Dark(self.string(self.take(&mut it, &parent)?)?),
            _ => return Err(self.malformed(&parent)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_small_definition_with_spans() {
        let text = "variant \"T\"\nboard 8x8\nzone home = ranks 1-2 + e4\npiece King K { moves K royal }\n";
        let d = match parse(text, 0) {
            Ok(d) => d,
            Err(e) => panic!("a valid definition did not parse: {e:?}"),
        };
        assert_eq!(d.statements.len(), 4);
        match &d.statements[0].node {
            Statement::Variant(s) => {
                assert_eq!(s.node, "T");
                assert_eq!(&text[s.span.start..s.span.end], "T");
            }
            other => panic!("{other:?}"),
        }
        match &d.statements[2].node {
            Statement::Zone(z) => match &z.def {
                ZoneDef::Relative(e) => {
                    assert!(matches!(e.first.node, ZoneTerm::Ranks(..)));
                    assert_eq!(e.rest.len(), 1);
                    assert_eq!(&text[e.rest[0].1.span.start..e.rest[0].1.span.end], "e4");
                }
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn syntax_error_names_what_was_expected() {
        let e = parse("variant \"T\"\nboard 8 8\n", 0).unwrap_err();
        assert_eq!(e.message, "expected `x` (as in `8x8`), found `8`");
        assert_eq!(e.span.start, 20);
    }

    #[test]
    fn unknown_statement_is_summarised() {
        let e = parse("variant \"T\"\nbord 8x8\n", 0).unwrap_err();
        assert!(
            e.message
                .starts_with("expected a statement (`variant`, `extends`, `board`, ...)"),
            "{}",
            e.message
        );
        assert!(e.message.ends_with("found `bord`"), "{}", e.message);
    }
}
