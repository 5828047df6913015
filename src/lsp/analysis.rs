//! What the language server knows about one open document: its tokens, the pieces, zones and
//! paths it declares and names, its diagnostics (those of `chimera check`), and the answers to
//! hover, completion and the other requests, in byte offsets ([`super::text`] converts).

use crate::compile::{check_str, Checked};
use crate::diagnostics::Code;
use crate::diagnostics::SourceError;
use crate::engine::Engine;
use crate::syntax::format::{tokens, Token};
use crate::syntax::{Keyword, Place, KEYWORDS};
use std::path::{Path, PathBuf};

/// Documents larger than this are not analysed (one diagnostic says so).
pub const MAX_ANALYSED: usize = 1 << 20;

/// What a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// A piece kind (`piece NAME`).
    Piece,
    /// A zone (`zone NAME`).
    Zone,
    /// A path (`path NAME`).
    Path,
}

impl NameKind {
    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            NameKind::Piece => "piece",
            NameKind::Zone => "zone",
            NameKind::Path => "path",
        }
    }
}

/// One occurrence of a piece, zone or path name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameUse {
    /// What it names.
    pub kind: NameKind,
    /// Byte range of the name.
    pub start: usize,
    /// End of the byte range.
    pub end: usize,
    /// Whether this is the declaration.
    pub decl: bool,
}

/// A problem to show, in this document's byte offsets.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Byte range.
    pub start: usize,
    /// End of the byte range.
    pub end: usize,
    /// Namespaced code (`chimera::zone::unknown`).
    pub code: String,
    /// The message, as `chimera check` prints it (prefixed with the parent file's name when the
    /// problem is in a parent).
    pub message: String,
    /// The help line.
    pub help: Option<String>,
    /// A warning rather than an error.
    pub warning: bool,
    /// The replacement a did-you-mean help suggests, and the byte range it replaces (the whole
    /// word the problem starts on).
    pub suggestion: Option<(String, usize, usize)>,
    /// Other places (byte ranges in this document) with their labels.
    pub notes: Vec<(usize, usize, String)>,
}

/// One analysed document.
pub struct Doc {
    /// The text.
    pub text: String,
    /// The file's path, when the document is a file.
    pub path: Option<PathBuf>,
    /// The tokens, when the text parses.
    pub tokens: Option<Vec<Token>>,
    /// Every piece, zone and path name, declarations and uses.
    pub names: Vec<(String, NameUse)>,
    /// The problems `chimera check` reports.
    pub problems: Vec<Problem>,
    /// The compiled definition, when it compiles.
    pub checked: Option<Checked>,
}

impl Doc {
    /// Analyses `text` (the file at `path`, if it is one).
    pub fn new(text: String, path: Option<PathBuf>) -> Doc {
        let mut doc = Doc {
            text,
            path,
            tokens: None,
            names: Vec::new(),
            problems: Vec::new(),
            checked: None,
        };
        if doc.text.len() > MAX_ANALYSED {
            doc.problems.push(Problem {
                start: 0,
                end: 0,
                code: Code::LspTooLarge.as_str().into(),
                message: format!(
                    "the document has {} bytes; chimera lsp analyses documents of at most {MAX_ANALYSED}",
                    doc.text.len()
                ),
                help: Some("run `chimera check` on the file".into()),
                warning: true,
                suggestion: None,
                notes: Vec::new(),
            });
            return doc;
        }
        doc.tokens = tokens(&doc.text);
        doc.names = doc.find_names();
        doc.check();
        doc
    }

    /// The name diagnostics show for this document, and the folder `extends` is read from.
    fn name_and_dir(&self) -> (String, PathBuf) {
        match &self.path {
            Some(p) => (
                p.display().to_string(),
                p.parent().map(Path::to_path_buf).unwrap_or_default(),
            ),
            None => (
                "untitled.variant".into(),
                std::env::current_dir().unwrap_or_default(),
            ),
        }
    }

    /// The range of the `extends` string (where a parent's problems are shown).
    fn extends_range(&self) -> (usize, usize) {
        self.tokens
            .iter()
            .flatten()
            .find(|t| t.parent == "extends_stmt" && t.rule == "string")
            .map_or_else(
                || {
                    let at = self.text.find("extends").unwrap_or(0);
                    (at, at + "extends".len().min(self.text.len() - at))
                },
                |t| (t.start, t.end),
            )
    }

    fn check(&mut self) {
        let (name, dir) = self.name_and_dir();
        let problems: Vec<SourceError> = match check_str(&name, &self.text, &dir) {
            Ok(checked) => {
                let warnings = checked.warnings.clone();
                // A definition is valid when the engine can play it, as `chimera check` says.
                if let Err(e) = Engine::can_play(&checked.rules) {
                    self.problems.push(Problem {
                        start: 0,
                        end: 0,
                        code: Code::Engine.as_str().into(),
                        message: format!("the engine cannot play this definition: {e}"),
                        help: Some(
                            "stay within the engine's limits (grammar/README.md, \"Checks and defaults\")"
                                .into(),
                        ),
                        warning: false,
                        suggestion: None,
                        notes: Vec::new(),
                    });
                }
                self.checked = Some(checked);
                warnings
            }
            Err(diags) => diags.source_errors().cloned().collect(),
        };
        for e in problems {
            let here = e.source.name == name;
            let (start, end, message) = if here {
                let s = e.span.offset();
                (s, s + e.span.len(), e.message.clone())
            } else {
                let (s, t) = self.extends_range();
                let (line, col) = e.line_col();
                (
                    s,
                    t,
                    format!("in {}:{line}:{col}: {}", e.source.name, e.message),
                )
            };
            let suggestion = if here {
                e.help.as_deref().and_then(suggested).and_then(|w| {
                    let (ws, we) = word_around(&self.text, start);
                    let words = w.split_whitespace().count();
                    if words > 1 {
                        // `ranks 6-10` for `rank 6-10`: as many words as the suggestion has,
                        // ending with the word the problem is on, on its line.
                        let line_start = self.text[..ws].rfind('\n').map_or(0, |i| i + 1);
                        let mut from = ws;
                        for _ in 1..words {
                            let before = self.text[line_start..from].trim_end();
                            let gap_start = line_start + before.len();
                            let (s, _) = word_around(&self.text, gap_start);
                            if s == gap_start {
                                return None;
                            }
                            from = s;
                        }
                        Some((w, from, we))
                    } else if ws == start && we > end {
                        Some((w, start, we))
                    } else {
                        Some((w, start, end))
                    }
                })
            } else {
                None
            };
            let notes = if here {
                e.notes
                    .iter()
                    .map(|n| {
                        (
                            n.span.offset(),
                            n.span.offset() + n.span.len(),
                            n.label.clone(),
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            };
            self.problems.push(Problem {
                start,
                end,
                code: e.code.to_string(),
                message,
                help: e.help.clone(),
                warning: e.is_warning(),
                suggestion,
                notes,
            });
        }
    }

    fn find_names(&self) -> Vec<(String, NameUse)> {
        let Some(tokens) = &self.tokens else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for t in tokens.iter().filter(|t| t.rule == "name") {
            let (kind, decl) = match t.parent {
                "piece_stmt" => (NameKind::Piece, true),
                "zone_stmt" => (NameKind::Zone, true),
                "path_stmt" => (NameKind::Path, true),
                "zone_ref" | "enemy_term" | "diagonals_item" | "colour_item" => {
                    (NameKind::Zone, false)
                }
                "rides_item" => (NameKind::Path, false),
                "promotes_item"
                | "capturing_clause"
                | "not_over_clause"
                | "not_capturing_clause"
                | "extinction_stmt"
                | "explosions_spare"
                | "explosions_immune"
                | "move_limit_stmt"
                | "kinds_list"
                | "one_per_file"
                | "per_file"
                | "no_mate"
                | "drop_promoted"
                | "castling_stmt"
                | "opposite_colours_item"
                | "connect_of"
                | "drop_unlimited"
                | "royal_with"
                | "between_item"
                | "goal_stmt"
                | "kind_count"
                | "captured_item"
                | "drop_kind_zone" => (NameKind::Piece, false),
                _ => continue,
            };
            out.push((
                self.text[t.start..t.end].to_string(),
                NameUse {
                    kind,
                    start: t.start,
                    end: t.end,
                    decl,
                },
            ));
        }
        out
    }

    /// The token under byte `offset` (or just before it, for a cursor at a token's end).
    pub fn token_at(&self, offset: usize) -> Option<&Token> {
        let tokens = self.tokens.as_ref()?;
        let i = tokens.partition_point(|t| t.end < offset);
        tokens.get(i).filter(|t| t.start <= offset)
    }

    /// The name occurrence under byte `offset`.
    pub fn name_at(&self, offset: usize) -> Option<&(String, NameUse)> {
        self.names
            .iter()
            .find(|(_, u)| u.start <= offset && offset <= u.end)
    }

    /// Every occurrence of the piece, zone or path `name` of `kind`, declaration first.
    pub fn occurrences(&self, name: &str, kind: NameKind) -> Vec<&NameUse> {
        let mut v: Vec<&NameUse> = self
            .names
            .iter()
            .filter(|(n, u)| n == name && u.kind == kind)
            .map(|(_, u)| u)
            .collect();
        v.sort_by_key(|u| (!u.decl, u.start));
        v
    }

    /// The declaration of `name` as `kind` in this file.
    pub fn declaration(&self, name: &str, kind: NameKind) -> Option<&NameUse> {
        self.occurrences(name, kind).into_iter().find(|u| u.decl)
    }

    /// The parent file named by `extends`, resolved against this file's folder.
    pub fn parent_path(&self) -> Option<PathBuf> {
        let t = self
            .tokens
            .iter()
            .flatten()
            .find(|t| t.parent == "extends_stmt" && t.rule == "string")?;
        let quoted = &self.text[t.start..t.end];
        let inner = quoted.trim_matches('"');
        let dir = self.name_and_dir().1;
        Some(dir.join(inner))
    }

    /// The comments of the text, as byte ranges (for semantic tokens).
    pub fn comments(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let Some(tokens) = &self.tokens else {
            return out;
        };
        let mut from = 0;
        let ends = tokens
            .iter()
            .map(|t| (t.start, t.end))
            .chain([(self.text.len(), self.text.len())]);
        for (start, end) in ends {
            let gap = &self.text[from..start];
            let mut at = 0;
            while let Some(i) = gap[at..].find('#') {
                let s = at + i;
                let len = gap[s..].find('\n').unwrap_or(gap.len() - s);
                out.push((from + s, from + s + len));
                at = s + len;
            }
            from = end;
        }
        out
    }

    /// Hover text (markdown) for byte `offset`; a Betza string's diagram is drawn as `style`
    /// says.
    pub fn hover(
        &self,
        offset: usize,
        style: super::betza::DiagramStyle,
    ) -> Option<(usize, usize, String)> {
        if let Some((name, u)) = self.name_at(offset) {
            return Some((u.start, u.end, self.describe_name(name, u.kind)));
        }
        if let Some(t) = self.token_at(offset) {
            let word = &self.text[t.start..t.end];
            return match t.rule {
                "betza" => Some((t.start, t.end, super::betza::explain(word, style))),
                "keyword" => keyword_doc(word, t.parent).map(|d| (t.start, t.end, d)),
                _ => None,
            };
        }
        // Text that does not parse: keywords are still explained.
        let (s, e) = word_around(&self.text, offset);
        let word = &self.text[s..e];
        keyword_doc(word, "").map(|d| (s, e, d))
    }

    fn describe_name(&self, name: &str, kind: NameKind) -> String {
        let mut out = format!("**{} `{name}`**", kind.word());
        let rules = self.checked.as_ref().map(|c| &c.rules);
        match (kind, rules) {
            (NameKind::Piece, Some(rules)) => {
                if let Some(k) = rules.kind_by_name(name) {
                    out.push_str("\n\n```text\n");
                    for line in crate::repl::describe::piece_text(rules, k) {
                        out.push_str(&line);
                        out.push('\n');
                    }
                    out.push_str("```");
                }
            }
            (NameKind::Zone, Some(rules)) => {
                if let Some(z) = rules.zones.get(name) {
                    use crate::geometry::Player;
                    let dims = rules.board.dims;
                    let first = crate::repl::describe::square_list(dims, &z[Player::First]);
                    let second = crate::repl::describe::square_list(dims, &z[Player::Second]);
                    let players = &rules.players;
                    if first == second {
                        out.push_str(&format!("\n\nsquares: {first}"));
                    } else {
                        out.push_str(&format!(
                            "\n\nfor {}: {first}\n\nfor {}: {second}",
                            players[Player::First],
                            players[Player::Second]
                        ));
                    }
                }
            }
            (NameKind::Path, Some(rules)) => {
                if let Some(p) = rules.paths.get(name) {
                    let dims = rules.board.dims;
                    let squares: Vec<String> = p.squares.iter().map(|&s| dims.name(s)).collect();
                    out.push_str(&format!(
                        "\n\nsquares in order: {}{}",
                        squares.join(" "),
                        if p.cyclic { " (cyclic)" } else { "" }
                    ));
                }
            }
            _ => {
                if let Some(d) = self.declaration(name, kind) {
                    let line_start = self.text[..d.start].rfind('\n').map_or(0, |i| i + 1);
                    let line_end = self.text[d.start..]
                        .find('\n')
                        .map_or(self.text.len(), |i| d.start + i);
                    out.push_str(&format!(
                        "\n\n```\n{}\n```",
                        &self.text[line_start..line_end]
                    ));
                } else {
                    out.push_str("\n\n(declared in the parent definition)");
                }
            }
        }
        out
    }

    /// Completion candidates at byte `offset`: (label, what it is).
    pub fn completions(&self, offset: usize) -> Vec<(String, CompletionWhat)> {
        let before = &self.text[..offset.min(self.text.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = &before[line_start..];
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == '{' || c == '}')
            .filter(|w| !w.is_empty())
            .collect();
        let typing = !line.ends_with(|c: char| c.is_whitespace() || c == ',' || c == '{');
        // The words before the one being typed.
        let done = if typing && !words.is_empty() {
            &words[..words.len() - 1]
        } else {
            &words[..]
        };
        let last = done.last().copied().unwrap_or("");
        let names = |kind: NameKind| -> Vec<(String, CompletionWhat)> {
            let mut v: Vec<String> = self.known_names(kind);
            v.sort();
            v.dedup();
            v.into_iter()
                .map(|n| (n, CompletionWhat::Name(kind)))
                .collect()
        };
        let zone_words = || {
            let mut v = names(NameKind::Zone);
            v.extend(
                KEYWORDS
                    .iter()
                    .filter(|k| k.place == Place::Zone)
                    .map(|k| (k.word.to_string(), CompletionWhat::Keyword)),
            );
            v
        };
        match last {
            "moves" => {
                let (atoms, modifiers) = super::betza::completions();
                return atoms
                    .into_iter()
                    .map(|a| (a.to_string(), CompletionWhat::Atom))
                    .chain(
                        modifiers
                            .into_iter()
                            .map(|m| (m.to_string(), CompletionWhat::Modifier)),
                    )
                    .collect();
            }
            "rides" => return names(NameKind::Path),
            "in" | "confined" | "holes" | "enemy" | "+" | "&" | "-" | "=" | "|" | "diagonals"
            | "colour" | "color" | "promote-after-move" => {
                if last == "enemy" {
                    return names(NameKind::Zone);
                }
                return zone_words();
            }
            "to" | "capturing" | "not-over" | "not-capturing" | "extinction" | "resets"
            | "kinds" | "one-per-file" | "no-mate" | "drop-promoted" | "castling" | "goal"
            | "as" | "promotion-limit" | "opposite-colours" | "between" | "of" | "with" => {
                let mut v = names(NameKind::Piece);
                if last == "kinds" {
                    v.push(("all".into(), CompletionWhat::Keyword));
                }
                if last == "goal" {
                    v.push(("any".into(), CompletionWhat::Keyword));
                }
                return v;
            }
            _ => {}
        }
        // A list continues: `promotes to Queen, |`.
        if line.trim_end().ends_with(',') {
            if let Some(head) = done.iter().rev().find(|w| {
                matches!(
                    **w,
                    "to" | "capturing"
                        | "not-over"
                        | "not-capturing"
                        | "extinction"
                        | "kinds"
                        | "resets"
                        | "rides"
                )
            }) {
                let kind = if *head == "rides" {
                    NameKind::Path
                } else {
                    NameKind::Piece
                };
                return names(kind);
            }
        }
        // The start of a statement or block item: the keywords valid here.
        let owner = open_block(before);
        let keywords: Vec<&Keyword> = match owner {
            Some(owner) => KEYWORDS
                .iter()
                .filter(|k| k.place.block() == Some(owner))
                .collect(),
            None => KEYWORDS
                .iter()
                .filter(|k| k.place == Place::Statement)
                .collect(),
        };
        let mut out: Vec<(String, CompletionWhat)> = keywords
            .into_iter()
            .map(|k| (k.word.to_string(), CompletionWhat::Keyword))
            .collect();
        if !done.is_empty() {
            // Inside a statement: any name may follow.
            out.extend(names(NameKind::Piece));
            out.extend(names(NameKind::Zone));
        }
        out
    }

    /// The names of `kind` this file declares, and its parent's (when it compiles).
    fn known_names(&self, kind: NameKind) -> Vec<String> {
        let mut v: Vec<String> = self
            .names
            .iter()
            .filter(|(_, u)| u.kind == kind && u.decl)
            .map(|(n, _)| n.clone())
            .collect();
        if v.is_empty() && self.tokens.is_none() {
            // The text does not parse (it is being typed): read the declarations line by line.
            let word = kind.word();
            for line in self.text.lines() {
                let mut w = line.split_whitespace();
                if w.next() == Some(word) {
                    if let Some(n) = w.next() {
                        v.push(n.to_string());
                    }
                }
            }
        }
        if let Some(c) = &self.checked {
            match kind {
                NameKind::Piece => v.extend(c.rules.pieces.iter().map(|p| p.name.clone())),
                NameKind::Zone => v.extend(c.rules.zones.keys().cloned()),
                NameKind::Path => v.extend(c.rules.paths.keys().cloned()),
            }
        }
        v
    }
}

/// What a completion candidate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionWhat {
    /// A keyword.
    Keyword,
    /// A declared name.
    Name(NameKind),
    /// A Betza atom.
    Atom,
    /// A Betza modifier.
    Modifier,
}

/// The statement (`piece`, `drops`, `render`) whose `{` block is open at the end of `before`.
fn open_block(before: &str) -> Option<&'static str> {
    let mut stack: Vec<usize> = Vec::new();
    let mut in_comment = false;
    let mut in_string = false;
    for (i, c) in before.char_indices() {
        match c {
            '\n' => {
                in_comment = false;
                in_string = false;
            }
            _ if in_comment => {}
            '"' => in_string = !in_string,
            _ if in_string => {}
            '#' => in_comment = true,
            '{' => stack.push(i),
            '}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    let open = *stack.last()?;
    // The statement keyword before the brace.
    let head = &before[..open];
    ["piece", "drops", "render"]
        .into_iter()
        .filter_map(|w| head.rfind(w).map(|i| (i, w)))
        .max()
        .map(|(_, w)| w)
}

/// The word (name or keyword characters) around byte `offset`.
fn word_around(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word(*c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = text[offset..]
        .char_indices()
        .find(|(_, c)| !is_word(*c))
        .map_or(text.len(), |(i, _)| offset + i);
    (start, end)
}

/// The language reference's line for a keyword: the row of grammar/README.md's tables that
/// documents it, else how its statement is written.
pub fn keyword_doc(word: &str, _parent: &str) -> Option<String> {
    let k = KEYWORDS.iter().find(|k| k.word == word)?;
    const REFERENCE: &str = include_str!("../../grammar/README.md");
    let row = REFERENCE.lines().find(|l| {
        let Some(first) = l.strip_prefix("| `") else {
            return false;
        };
        let cell = first.split('|').next().unwrap_or("");
        cell.starts_with(word)
            && cell[word.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-')
    });
    let mut out = format!("**`{word}`** ({})", place_words(k.place));
    if let Some(row) = row {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        out.push_str("\n\n");
        out.push_str(&cells.join(" — "));
    } else if !k.how.is_empty() {
        out.push_str(&format!("\n\nwritten {}", k.how));
    }
    Some(out)
}

fn place_words(p: Place) -> &'static str {
    match p {
        Place::Statement => "statement",
        Place::Piece => "piece statement",
        Place::Drops => "drops statement",
        Place::Render => "render statement",
        Place::Zone => "zone term",
        Place::Word => "keyword",
    }
}

/// The replacement a help line proposes: "did you mean `X`?" gives X (it then replaces the word
/// the problem starts on, or as many words as X has, ending with that one).
fn suggested(help: &str) -> Option<String> {
    let rest = help.split("did you mean `").nth(1)?;
    let end = rest.find('`')?;
    let word = rest[..end].trim();
    (!word.is_empty() && !word.contains('\n')).then(|| word.to_string())
}
