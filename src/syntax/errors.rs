//! Syntax error messages: what was expected (named for people, not grammar rules), what was
//! found, and a help line (a misspelt keyword, how the statement at hand is written).

use super::ast::{FileId, Span};
use super::keywords::{self, Place};
use super::{Rule, SyntaxError};

/// How a rule is named in "expected ..." lists, and the group it belongs to (groups with several
/// members are summarised so that the list stays readable).
fn describe(rule: Rule) -> (String, &'static str) {
    if let Some(k) = keywords::of_rule(rule) {
        return (format!("`{}`", k.word), k.place.group());
    }
    let (what, group) = describe_other(rule);
    (what.to_string(), group)
}

/// [`describe`] for the rules that are not keywords.
fn describe_other(rule: Rule) -> (&'static str, &'static str) {
    use Rule::*;
    let g_zone = Place::Zone.group();
    match rule {
        EOI => ("the end of the file", ""),
        square => ("a square like `e4`", g_zone),
        rect_term => ("a rectangle like `d1-f3`", g_zone),
        zone_ref => ("a zone name", g_zone),
        lparen => ("`(`", g_zone),
        all_term | rank_term | ranks_term | file_term | files_term | enemy_term | square_term
        | group_term => ("a zone", g_zone),
        zone_expr => ("a zone", ""),
        zone_op => ("an operator (`+`, `-`, `&`)", ""),
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
        promotion_mode => (
            "`optional`, `forced`, `forced-start-or-end` or `in-place`",
            "",
        ),
        kind_count => ("a piece name and a number", ""),
        ride_direction => ("`forward`, `backward` or `sideways`", ""),
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

pub(super) fn convert_error(e: pest::error::Error<Rule>, text: &str, file: FileId) -> SyntaxError {
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
            let mut groups: Vec<(String, Vec<String>)> = Vec::new();
            for r in positives {
                let (what, group) = describe(*r);
                if what.is_empty() {
                    continue;
                }
                let key = if group.is_empty() {
                    what.clone()
                } else {
                    group.to_string()
                };
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, members)) => {
                        if !members.contains(&what) {
                            members.push(what)
                        }
                    }
                    None => groups.push((key, vec![what])),
                }
            }
            // The clauses of a `moves` line read best after the statements, in the order they are
            // written; "the end of the file" reads best last.
            const CLAUSES: [&str; 6] = [
                "`in`",
                "`capturing`",
                "`not-over`",
                "`not-capturing`",
                "`unconfined`",
                "`sets-en-passant`",
            ];
            groups.sort_by_key(|(k, _)| {
                if k == "the end of the file" {
                    CLAUSES.len() + 1
                } else {
                    CLAUSES.iter().position(|c| c == k).map_or(0, |i| i + 1)
                }
            });
            let items: Vec<String> = groups
                .into_iter()
                .map(|(key, members)| {
                    if members.len() >= 3 {
                        let shown: Vec<&str> = members.iter().take(3).map(String::as_str).collect();
                        format!("{key} ({}, ...)", shown.join(", "))
                    } else if members.len() == 2 && key != members[0] {
                        format!("{} or {}", members[0], members[1])
                    } else {
                        members[0].clone()
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
        help: Some(
            plural_range_help(text, pos).unwrap_or_else(|| syntax_help(text, pos, positives)),
        ),
    }
}

/// `rank 6-10` (or `file a-c`) where `ranks 6-10` was meant: the error stands after the `-`.
fn plural_range_help(text: &str, pos: usize) -> Option<String> {
    let before = text[..pos].trim_end().strip_suffix('-')?.trim_end();
    let first: &str = {
        // Just past the last character that is not an ASCII letter or digit (which may be
        // several bytes long).
        let start = before
            .char_indices()
            .rfind(|(_, c)| !c.is_ascii_alphanumeric())
            .map_or(0, |(i, c)| i + c.len_utf8());
        &before[start..]
    };
    let head = before[..before.len() - first.len()].trim_end();
    let word = ["rank", "file"].into_iter().find(|w| {
        head.ends_with(w)
            && head[..head.len() - w.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
    })?;
    let fits = match word {
        "rank" => !first.is_empty() && first.chars().all(|c| c.is_ascii_digit()),
        _ => first.len() == 1 && first.chars().all(|c| c.is_ascii_lowercase()),
    };
    let last: String = text[pos..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    (fits && !last.is_empty()).then(|| {
        format!("did you mean `{word}s {first}-{last}`? (`{word}` names one {word}, `{word}s A-B` a range)")
    })
}

/// The words of `text` outside comments and strings, each with its offset and the depth of
/// `{ }` blocks it stands in; and the depth at the end of the text.
pub(super) fn words(text: &str) -> (Vec<(usize, usize, &str)>, usize) {
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
            .filter_map(|r| keywords::of_rule(*r))
            .map(|k| k.word);
        let best = crate::suggest::closest(&found, expected.filter(|k| *k != found));
        if let Some(k) = best {
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
            .any(|r| *r != Rule::EOI && describe(*r).1 != Place::Statement.group());
    let statement_here = positives.contains(&Rule::k_piece) && !continues;
    let block = before
        .iter()
        .rev()
        .find(|w| w.1 == 0 && keywords::statement(w.2).is_some());
    if depth_here >= 1 {
        if let Some((_, _, owner)) = block {
            let item = before
                .iter()
                .rev()
                .take_while(|w| w.1 >= 1)
                .find(|w| w.1 == 1 && keywords::block_item(owner, w.2).is_some());
            let item_expected = positives.iter().any(|r| {
                matches!(
                    r,
                    Rule::k_moves | Rule::k_kinds | Rule::k_intersections | Rule::k_cell
                )
            });
            match item {
                Some((_, _, k)) if !item_expected || found.is_empty() || word.starts_with('}') => {
                    if let Some(item) = keywords::block_item(owner, k) {
                        return format!("`{k}` is written {}", item.how);
                    }
                }
                _ => {}
            }
            let items: Vec<&str> = keywords::block_items(owner).map(|k| k.word).collect();
            return format!(
                "a `{owner}` block holds: {}; it ends with `}}`",
                items.join(", ")
            );
        }
    }
    // A word that only stands inside a statement (`reply`, `safe`) out of its place: how the
    // statement before is written says where it goes.
    let inner = keywords::KEYWORDS
        .iter()
        .any(|k| k.word == found && k.place == Place::Word);
    if !statement_here || inner {
        if let Some((_, _, k)) = block {
            if let Some(statement) = keywords::statement(k) {
                return format!("`{k}` is written {}", statement.how);
            }
        }
    }
    let all: Vec<&str> = keywords::statements().map(|k| k.word).collect();
    format!(
        "a statement starts with one of: {} (see grammar/README.md)",
        all.join(", ")
    )
}
