//! Syntax: definition text → AST with spans (grammar `grammar/variant.pest`).
//!
//! The AST keeps every name, number and string with its [`Span`] (byte offsets into the file it
//! came from, plus the file's [`FileId`]), so the compiler can point at the token it complains
//! about even after `extends` has merged several files.

mod ast;
mod build;
mod errors;
pub(crate) mod format;
mod keywords;

pub(crate) use ast::*;
#[cfg(feature = "lsp")]
pub(crate) use keywords::{Keyword, Place, KEYWORDS};

use errors::{convert_error, words};
use pest::Parser as _;

mod grammar {
    //! The pest parser generated from `grammar/variant.pest`; its `Rule` enum has one variant per
    //! grammar rule, documented in the grammar itself.
    #![allow(missing_docs)]

    /// The pest parser for `grammar/variant.pest`.
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/variant.pest"]
    pub(super) struct VariantParser;
}

use grammar::{Rule, VariantParser};

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
pub(crate) const MAX_SYNTAX_ERRORS: usize = 20;

/// Parses one definition file. `file` is stored in every span. On failure returns the first
/// syntax error only; [`parse_all`] reports every one.
pub(crate) fn parse(text: &str, file: FileId) -> Result<Definition, SyntaxError> {
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
pub(crate) fn parse_all(text: &str, file: FileId) -> Result<Definition, Vec<SyntaxError>> {
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
    build::build(pairs, file).map_err(|e| vec![e])
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
        let keyword = keywords::statement(word).is_some();
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

/// Refuses text whose parentheses nest deeper than [`MAX_NESTING`] before pest's recursive
/// descent sees it. Parentheses in comments and strings do not count. A string is told by the
/// parity of the quotes, which a line break does not reset: a `"` may also stand inside a Betza
/// token (`moves 4"F`), and the answer must not depend on where lines break, or formatting
/// (which moves tokens between lines) could change it.
fn check_nesting(text: &str, file: FileId) -> Result<(), SyntaxError> {
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '\n' => {
                in_comment = false;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_is_counted_the_same_wherever_lines_break() {
        // Found by the `format` fuzz target: a `"` inside a Betza token hid the parentheses after
        // it on its line, and the formatter's line break let them count.
        let one_line = format!("piece a K{{moves((((((\" moves{}}}", "(".repeat(59));
        let two_lines = one_line.replace("\" moves", "\"\n  moves");
        let verdict = |t: &str| check_nesting(t, 0).is_ok();
        assert_eq!(verdict(&one_line), verdict(&two_lines));
    }

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
