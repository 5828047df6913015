//! Diagnostics: errors with source spans, rendered by miette.
//!
//! Every problem is a [`SourceError`]: a namespaced code (`chimera::zone::unknown`), a message, the
//! labelled span in the file it concerns (each error carries its own [`miette::NamedSource`], so
//! an error in a parent file of `extends` shows that file), optional secondary labels and a help
//! line. [`Diagnostics`] gathers all of them for one run.

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode, SourceSpan};
use std::fmt;
use std::sync::Arc;

/// Every problem found in one definition (and the files it extends), reported together.
/// Render with `format!("{:?}", miette::Report::new(d))`, or [`Diagnostics::render_plain`].
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{summary}")]
pub struct Diagnostics {
    /// One line: how many errors, in which file.
    pub summary: String,
    /// The individual errors, each with its own source and labelled span.
    #[related]
    pub errors: Vec<miette::Report>,
}

impl Diagnostics {
    /// Gathers errors found in the definition `file` under one summary line.
    pub fn new(file: &str, errors: Vec<SourceError>) -> Diagnostics {
        let n = errors.len();
        let summary = if n == 1 {
            format!("{file}: 1 error")
        } else {
            format!("{file}: {n} errors")
        };
        Diagnostics {
            summary,
            errors: errors.into_iter().map(miette::Report::new).collect(),
        }
    }

    /// The errors as [`SourceError`]s (all of them are), in the order found.
    pub fn source_errors(&self) -> impl Iterator<Item = &SourceError> {
        self.errors
            .iter()
            .filter_map(|r| r.downcast_ref::<SourceError>())
    }

    /// The whole report as text without colours (for tests, logs and non-terminals).
    pub fn render_plain(&self) -> String {
        let mut out = String::new();
        let handler =
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .with_width(100);
        for e in self.source_errors() {
            let _ = handler.render_report(&mut out, e);
        }
        out.push_str(&self.summary);
        out.push('\n');
        out
    }
}

/// One source file as diagnostics see it: a display name and the whole text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in reports (the path as given).
    pub name: String,
    /// The full text.
    pub text: Arc<str>,
}

impl SourceFile {
    /// A source file from a name and text.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(&self.text, offset)
    }
}

/// 1-based line and column (in characters) of a byte offset in `text` (clamped to the text).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// A secondary label: another place that explains the error ("first declared here").
#[derive(Clone, Debug)]
pub struct Note {
    /// Byte offset and length in the error's source.
    pub span: SourceSpan,
    /// What this place is.
    pub label: String,
}

/// One error located in a source file.
#[derive(Clone)]
pub struct SourceError {
    /// Namespaced code, like `chimera::zone::unknown`.
    pub code: &'static str,
    /// One line saying what is wrong.
    pub message: String,
    /// The file, whole, with its name.
    pub source: SourceFile,
    /// The offending bytes.
    pub span: SourceSpan,
    /// The label on the span.
    pub label: String,
    /// How to fix it, if we know.
    pub help: Option<String>,
    /// Other places worth showing (in the same file).
    pub notes: Vec<Note>,
    named: NamedSource<Arc<str>>,
}

impl SourceError {
    /// An error at `start..end` of `source`. The span is clamped to the text and to UTF-8
    /// character boundaries so that rendering never fails.
    pub fn new(
        code: &'static str,
        source: &SourceFile,
        start: usize,
        end: usize,
        message: impl Into<String>,
    ) -> SourceError {
        let span = clamp_span(&source.text, start, end);
        let message = message.into();
        SourceError {
            code,
            label: String::from("here"),
            message,
            named: NamedSource::new(source.name.clone(), source.text.clone()),
            source: source.clone(),
            span,
            help: None,
            notes: Vec::new(),
        }
    }

    /// Sets the label on the main span.
    pub fn with_label(mut self, label: impl Into<String>) -> SourceError {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> SourceError {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line if there is one.
    pub fn with_help_opt(mut self, help: Option<String>) -> SourceError {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Adds a secondary label in the same file.
    pub fn with_note(mut self, start: usize, end: usize, label: impl Into<String>) -> SourceError {
        let span = clamp_span(&self.source.text, start, end);
        self.notes.push(Note {
            span,
            label: label.into(),
        });
        self
    }

    /// Byte offset of the main span.
    pub fn offset(&self) -> usize {
        self.span.offset()
    }

    /// 1-based line and column of the main span.
    pub fn line_col(&self) -> (usize, usize) {
        self.source.line_col(self.span.offset())
    }

    /// The text under the main span.
    pub fn snippet(&self) -> &str {
        let s = self.span.offset();
        self.source.text.get(s..s + self.span.len()).unwrap_or("")
    }
}

/// Clamps a byte range to the text and to character boundaries.
fn clamp_span(text: &str, start: usize, end: usize) -> SourceSpan {
    let mut s = start.min(text.len());
    while !text.is_char_boundary(s) {
        s -= 1;
    }
    let mut e = end.max(s).min(text.len());
    while !text.is_char_boundary(e) {
        e += 1;
    }
    SourceSpan::new(s.into(), e - s)
}

impl fmt::Debug for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, col) = self.line_col();
        write!(
            f,
            "{}:{}:{}: {} [{}]",
            self.source.name, line, col, self.message, self.code
        )
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SourceError {}

impl Diagnostic for SourceError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.named)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span);
        let notes = self
            .notes
            .iter()
            .map(|n| LabeledSpan::new_with_span(Some(n.label.clone()), n.span));
        Some(Box::new(std::iter::once(main).chain(notes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters_from_one() {
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
        assert_eq!(line_col("é\nx", 3), (2, 1));
    }

    #[test]
    fn rendered_error_shows_file_line_and_column() {
        let src = SourceFile::new("t.variant", "variant \"T\"\nboard 99x8\n");
        let e = SourceError::new("chimera::board::size", &src, 18, 20, "board too wide")
            .with_help("1..16");
        let d = Diagnostics::new("t.variant", vec![e]);
        let text = d.render_plain();
        assert!(text.contains("t.variant:2:7"), "{text}");
        assert!(text.contains("board too wide"), "{text}");
        assert!(text.contains("chimera::board::size"), "{text}");
    }
}
