//! The canonical layout of a definition (`chimera fmt`, and formatting in `chimera lsp`).
//!
//! The layout is driven by the pest parse tree, not by the AST, so a statement added to the
//! grammar is formatted without code here: every statement starts a line; the items of a `{ }`
//! block go one per line, indented two spaces (a block holding one item and no comment stays on
//! its line: `piece Rook R { moves R }`); within a statement tokens are separated by one space,
//! except none before `,` `:` `)`, after `(`, and around the `-` of `ranks 1-5`/`a1-h1` and the
//! `x` of `8x8`; the strings of a `description` go one a line, indented under it. Comments stay
//! where they are: a comment that ended a line still ends the line of the token it followed (two
//! spaces before it), one on a line of its own stays on a line of its own; one blank line is
//! kept where the text had one or more.
//!
//! Formatting never changes meaning: the output is parsed again and must have the same tokens
//! in the same order (else [`format()`] returns an error rather than the text).

use super::grammar::{Rule, VariantParser};
use super::SyntaxError;
use pest::iterators::Pair;
use pest::Parser as _;

/// One token of a definition as the parse tree has it: the leaf rule (`name`, `betza`,
/// `k_moves`, `comma`, ...) and the rule that holds it (`zone_ref`, `piece_stmt`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset after the last byte.
    pub end: usize,
    /// The grammar rule of the token (`name`, `k_piece`, `string`, ...).
    pub rule: &'static str,
    /// The grammar rule of the token's parent (`zone_ref`, `promotes_item`, ...); the names of a
    /// list have the rule that holds the list (`rides_item`, `extinction_stmt`).
    pub parent: &'static str,
}

/// Why a text could not be formatted.
#[derive(Clone, Debug)]
pub enum FormatError {
    /// The text does not parse; formatting needs a whole parse tree.
    Syntax(Vec<SyntaxError>),
    /// The formatted text would not read as the same tokens (a bug in the formatter; the text is
    /// left alone).
    Changed(String),
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::Syntax(errors) => match errors.first() {
                Some(e) => write!(f, "syntax error: {}", e.message),
                None => write!(f, "syntax error"),
            },
            FormatError::Changed(why) => write!(f, "formatting would change the definition: {why}"),
        }
    }
}

impl std::error::Error for FormatError {}

fn rule_name(rule: Rule) -> &'static str {
    // `Rule`'s Debug text is the rule's name; leak-free because the names are interned here.
    macro_rules! names {
        ($($r:ident),* $(,)?) => {
            match rule { $(Rule::$r => stringify!($r),)* _ => "other" }
        };
    }
    names!(
        file,
        name,
        number,
        decimal,
        string,
        square,
        file_letter,
        letter,
        betza,
        lbrace,
        rbrace,
        lparen,
        rparen,
        equals,
        colon,
        times,
        comma,
        dash,
        bar,
        zone_op,
        rect_term,
        name_list,
        zone_ref,
        enemy_term,
        zone_stmt,
        path_stmt,
        piece_stmt,
        player_decl,
        player_zone,
        moves_item,
        rides_item,
        promotes_item,
        captured_item,
        not_over_clause,
        not_capturing_clause,
        capturing_clause,
        castling_stmt,
        castling_to,
        start_random,
        opposite_colours_item,
        between_item,
        extinction_stmt,
        explosions_stmt,
        explosions_spare,
        explosions_immune,
        walls_stmt,
        wall_rule,
        goal_stmt,
        goal_any,
        goal_count,
        goal_for,
        castling_opposite,
        counting_without,
        counting_row,
        move_limit_stmt,
        kind_count,
        drop_kind_zone,
        kinds_list,
        one_per_file,
        no_mate,
        drop_promoted,
        diagonals_item,
        colour_item,
        extends_stmt,
        variant_stmt,
        description_stmt,
        author_stmt,
        link_stmt,
        start_stmt,
        confined_item,
        in_clause,
        gating_stmt,
        holes_stmt,
        drop_zone,
        promote_after_move,
        square_term,
        rank_term,
        ranks_term,
        file_term,
        files_term,
        all_term,
        group_term,
        absolute_zone,
        per_player,
        zone_expr,
        board_stmt,
        players_stmt,
        drops_stmt,
        render_stmt,
        light_item,
        dark_item,
        cell_item,
        river_item,
        value_item,
        glyph_item,
        wedges_item,
        up_to_clause,
        ride_direction,
        score,
        royal_rule_value,
        promotion_mode,
        check_limit_stmt,
        repetition_stmt,
        promotion_limit_stmt,
    )
}

/// A leaf of the parse tree: an atomic rule (a keyword, name, string, Betza string, rectangle)
/// or a rule with nothing inside.
fn is_leaf(pair: &Pair<Rule>) -> bool {
    matches!(pair.as_rule(), Rule::string | Rule::rect_term)
        || pair.clone().into_inner().next().is_none()
}

/// The tokens of a definition that parses, in order; `None` when it does not parse.
pub fn tokens(text: &str) -> Option<Vec<Token>> {
    let file = VariantParser::parse(Rule::file, text).ok()?.next()?;
    let mut out = Vec::new();
    collect(file, "file", &mut out);
    Some(out)
}

fn collect(pair: Pair<Rule>, parent: &'static str, out: &mut Vec<Token>) {
    if pair.as_rule() == Rule::EOI {
        return;
    }
    if is_leaf(&pair) {
        let s = pair.as_span();
        let rule = if format!("{:?}", pair.as_rule()).starts_with("k_") {
            "keyword"
        } else {
            rule_name(pair.as_rule())
        };
        out.push(Token {
            start: s.start(),
            end: s.end(),
            rule,
            parent,
        });
        return;
    }
    // A list's names belong to the statement that holds the list.
    let me = match pair.as_rule() {
        Rule::name_list => parent,
        r => rule_name(r),
    };
    for c in pair.into_inner() {
        collect(c, me, out);
    }
}

/// Formats a definition in the canonical layout. The text must parse (every syntax error is
/// returned otherwise).
///
/// ```
/// let messy = "variant   \"Tiny\"\nboard 3x3\nplayers White,Black\n\
///              piece King K {moves K royal}\nstart \"k2/3/K2 w - - 0 1\"\n";
/// let tidy = chimera::format_definition(messy)?;
/// assert!(tidy.starts_with("variant \"Tiny\"\n"));
/// assert!(tidy.contains("players White, Black\n"));
/// // Formatting is idempotent.
/// assert_eq!(chimera::format_definition(&tidy)?, tidy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format(text: &str) -> Result<String, FormatError> {
    let file = match VariantParser::parse(Rule::file, text) {
        Ok(mut pairs) => pairs.next(),
        Err(_) => {
            return Err(FormatError::Syntax(
                super::parse_all(text, 0).err().unwrap_or_default(),
            ))
        }
    };
    let Some(file) = file else {
        return Ok(String::new());
    };
    let mut w = Writer {
        src: text,
        out: String::with_capacity(text.len() + text.len() / 4),
        indent: 0,
        last_end: 0,
        line_start: true,
        statement_start: false,
        just_opened: false,
        prev: None,
        trailing: Vec::new(),
    };
    w.block_items(file.into_inner(), false);
    w.statement_start = true;
    w.gap(text.len());
    while w.out.ends_with("\n\n") {
        w.out.pop();
    }
    if !w.out.is_empty() && !w.out.ends_with('\n') {
        w.out.push('\n');
    }
    let out = align_trailing_comments(&w.out, &w.trailing);
    // The promise: the same tokens in the same order.
    let same = |a: &str, b: &str| -> Result<(), String> {
        let ta = tokens(a).ok_or("the text does not parse")?;
        let tb = tokens(b).ok_or("the formatted text does not parse")?;
        let texts_a = ta.iter().map(|t| (&a[t.start..t.end], t.rule));
        let texts_b = tb.iter().map(|t| (&b[t.start..t.end], t.rule));
        if texts_a.eq(texts_b) {
            Ok(())
        } else {
            Err("the tokens differ".to_string())
        }
    };
    same(text, &out).map_err(FormatError::Changed)?;
    Ok(out)
}

struct Writer<'a> {
    src: &'a str,
    out: String,
    indent: usize,
    /// Where the last token written ended in `src`.
    last_end: usize,
    /// `out` is at the start of a line (nothing written on it yet).
    line_start: bool,
    /// The next token starts a statement (or block item, or a `}`).
    statement_start: bool,
    /// The last token was a `{` that opened a multi-line block.
    just_opened: bool,
    prev: Option<Rule>,
    /// Where in `out` each comment that ends a line of code starts.
    trailing: Vec<usize>,
}

/// Aligns the comments that end lines of code: on consecutive such lines they start in one
/// column, two spaces after the longest code (as gofmt does).
fn align_trailing_comments(out: &str, trailing: &[usize]) -> String {
    let mut lines: Vec<(&str, Option<&str>)> = Vec::new();
    let mut at = 0;
    let mut marks = trailing.iter().peekable();
    for line in out.split_inclusive('\n') {
        let end = at + line.len();
        let mut split = None;
        while let Some(&&m) = marks.peek() {
            if m >= end {
                break;
            }
            split = Some(m - at);
            marks.next();
        }
        lines.push(match split {
            Some(i) => (&line[..i], Some(&line[i..])),
            None => (line, None),
        });
        at = end;
    }
    let mut result = String::with_capacity(out.len() + out.len() / 8);
    let mut i = 0;
    while i < lines.len() {
        let mut j = i;
        while j < lines.len() && lines[j].1.is_some() {
            j += 1;
        }
        if j == i {
            result.push_str(lines[i].0);
            i += 1;
            continue;
        }
        let width = lines[i..j]
            .iter()
            .map(|(code, _)| code.trim_end().chars().count())
            .max()
            .unwrap_or(0);
        for (code, comment) in &lines[i..j] {
            let code = code.trim_end();
            result.push_str(code);
            let pad = width - code.chars().count() + 2;
            result.extend(std::iter::repeat_n(' ', pad));
            result.push_str(comment.unwrap_or(""));
        }
        i = j;
    }
    result
}

impl Writer<'_> {
    /// Writes the statements (or block items) in `pairs`, each on its own line, or all on the
    /// current line when `inline`.
    fn block_items<'i>(&mut self, pairs: impl Iterator<Item = Pair<'i, Rule>>, inline: bool) {
        for p in pairs {
            match p.as_rule() {
                Rule::EOI => {}
                Rule::lbrace | Rule::rbrace => self.token(&p),
                _ => {
                    if !inline {
                        self.statement_start = true;
                    }
                    self.statement(p);
                }
            }
        }
    }

    /// Writes one statement; a `{ }` block inside it has its items on lines of their own.
    fn statement(&mut self, pair: Pair<Rule>) {
        if is_leaf(&pair) {
            self.token(&pair);
            return;
        }
        let children: Vec<Pair<Rule>> = pair.into_inner().collect();
        let open = children.iter().position(|c| c.as_rule() == Rule::lbrace);
        let close = children.iter().rposition(|c| c.as_rule() == Rule::rbrace);
        let (Some(open), Some(close)) = (open, close) else {
            for c in children {
                self.statement(c);
            }
            return;
        };
        for c in children[..open].iter().cloned() {
            self.statement(c);
        }
        let items = &children[open + 1..close];
        let block_text =
            &self.src[children[open].as_span().end()..children[close].as_span().start()];
        let inline = items.len() == 1 && !has_comment(block_text, items);
        self.token(&children[open]);
        if inline {
            for c in items.iter().cloned() {
                self.statement(c);
            }
            self.token(&children[close]);
        } else {
            self.indent += 1;
            self.just_opened = true;
            self.block_items(items.iter().cloned(), false);
            // Comments before the `}` belong to the block's inside, on lines of their own.
            self.statement_start = true;
            self.gap(children[close].as_span().start());
            self.indent -= 1;
            self.statement_start = true;
            self.token(&children[close]);
        }
        for c in children[close + 1..].iter().cloned() {
            self.statement(c);
        }
    }

    fn end_line(&mut self) {
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        self.out.push('\n');
        self.line_start = true;
    }

    fn blank_line(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") && !self.just_opened {
            self.out.push('\n');
        }
    }

    fn write_indent(&mut self, continuation: bool) {
        let n = self.indent * 2 + if continuation { 4 } else { 0 };
        self.out.extend(std::iter::repeat_n(' ', n));
        self.line_start = false;
    }

    /// Handles the text between the last token and `upto`: comments and blank lines.
    fn gap(&mut self, upto: usize) {
        let upto = upto.max(self.last_end);
        let gap = &self.src[self.last_end..upto];
        self.last_end = upto;
        let mut newlines = 0;
        let mut rest = gap;
        while let Some(i) = rest.find(['\n', '#']) {
            if rest.as_bytes()[i] == b'\n' {
                newlines += 1;
                rest = &rest[i + 1..];
                continue;
            }
            let len = rest[i..].find('\n').unwrap_or(rest.len() - i);
            let comment = rest[i..i + len].trim_end();
            if newlines == 0 && !self.line_start {
                self.trailing.push(self.out.len());
            } else {
                if !self.line_start {
                    self.end_line();
                }
                if newlines >= 2 {
                    self.blank_line();
                }
                self.write_indent(
                    !self.statement_start && self.prev.is_some() && !self.just_opened,
                );
            }
            self.out.push_str(comment);
            self.end_line();
            self.just_opened = false;
            newlines = 0;
            rest = &rest[i + len..];
        }
        if self.statement_start {
            if !self.line_start {
                self.end_line();
            }
            if newlines >= 2 {
                self.blank_line();
            }
        }
    }

    fn token(&mut self, pair: &Pair<Rule>) {
        let span = pair.as_span();
        self.gap(span.start());
        let rule = pair.as_rule();
        // The strings of a `description` go one a line, indented under the keyword.
        if rule == Rule::string && self.prev == Some(Rule::string) && !self.line_start {
            self.end_line();
        }
        if self.line_start {
            let continuation = !self.statement_start && self.prev.is_some();
            if !self.out.is_empty() || continuation {
                self.write_indent(continuation);
            } else {
                self.line_start = false;
            }
        } else if self.statement_start {
            self.end_line();
            self.write_indent(false);
        } else if let Some(prev) = self.prev {
            let tight = matches!(
                rule,
                Rule::comma | Rule::colon | Rule::rparen | Rule::dash | Rule::times
            ) || matches!(prev, Rule::lparen | Rule::dash | Rule::times);
            if !tight {
                self.out.push(' ');
            }
        }
        self.out.push_str(span.as_str());
        self.last_end = span.end();
        self.prev = Some(rule);
        self.statement_start = false;
        self.just_opened = false;
    }
}

/// Whether the inside of a block has a comment (outside the strings of its items).
fn has_comment(block_text: &str, items: &[Pair<Rule>]) -> bool {
    if !block_text.contains('#') {
        return false;
    }
    // A `#` outside every string: count the `#` in strings and compare.
    let in_strings: usize = items
        .iter()
        .flat_map(|i| i.clone().into_inner().flatten())
        .filter(|p| p.as_rule() == Rule::string)
        .map(|p| p.as_str().matches('#').count())
        .sum();
    block_text.matches('#').count() > in_strings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        match format(text) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn statements_go_one_per_line_and_blocks_are_indented() {
        let text = "variant \"T\"  board 8 x 8\npiece King K { moves K   royal }\npiece Rook R {moves R}\n";
        assert_eq!(
            fmt(text),
            "variant \"T\"\nboard 8x8\npiece King K {\n  moves K\n  royal\n}\npiece Rook R { moves R }\n"
        );
    }

    #[test]
    fn comments_stay_where_they_are() {
        let text = "# head\n\n\n\nvariant \"T\" # name\nzone z = a1 +   # first\n b2\n\npiece K K {  # king\n  # own line\n  moves K royal\n  # last\n}\n# tail\n";
        let want = "# head\n\nvariant \"T\"    # name\nzone z = a1 +  # first\n    b2\n\npiece K K {  # king\n  # own line\n  moves K\n  royal\n  # last\n}\n# tail\n";
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(want), want);
    }

    #[test]
    fn spacing_keeps_rectangles_apart_from_differences() {
        let text = "zone z = d1-f3 + ranks 1 - 2 - ( a1 ) & files a-c\npath p = a1 - h1-h8 cyclic\nplayers White: file d, Black : file e\nmoves (4,1)\n";
        // Not a valid definition as a whole, but every line parses.
        let text = text.replace(
            "moves (4,1)\n",
            "piece X X { moves (4,1) in all - e5 promotes to A , B in rank 8 }\n",
        );
        let text = text.replace(
            "players White: file d, Black : file e",
            "zone q = White: file d, Black : file e",
        );
        assert_eq!(
            fmt(&text),
            "zone z = d1-f3 + ranks 1-2 - (a1) & files a-c\npath p = a1-h1-h8 cyclic\nzone q = White: file d, Black: file e\npiece X X {\n  moves (4,1) in all - e5\n  promotes to A, B in rank 8\n}\n"
        );
    }

    #[test]
    fn a_string_with_a_hash_is_not_a_comment() {
        let text = "render { colour z \"#fff\" }\n";
        assert_eq!(fmt(text), text);
    }

    #[test]
    fn description_strings_go_one_a_line() {
        let text =
            "variant \"T\"\ndescription \"One.\" \"Two.\"\n  \"\"   \"Three.\"\nauthor  \"Me\"\n";
        let want = "variant \"T\"\ndescription \"One.\"\n    \"Two.\"\n    \"\"\n    \"Three.\"\nauthor \"Me\"\n";
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(want), want);
    }

    #[test]
    fn syntax_errors_are_returned() {
        assert!(matches!(format("board 8 8"), Err(FormatError::Syntax(e)) if !e.is_empty()));
    }
}
