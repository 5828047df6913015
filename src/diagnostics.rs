//! Diagnostics: errors with source spans, rendered by miette.
//!
//! Every problem is a [`SourceError`]: a namespaced code (`chimera::zone::unknown`), a message, the
//! labelled span in the file it concerns (each error carries its own [`miette::NamedSource`], so
//! an error in a parent file of `extends` shows that file), optional secondary labels and a help
//! line. [`Diagnostics`] gathers all of them for one run.

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use std::fmt;
use std::sync::Arc;

/// Every diagnostic code, one variant each, with its meaning as its doc line. The table in
/// `grammar/README.md` lists the same codes with the same meanings (a test keeps them in step).
macro_rules! codes {
    ($($(#[doc = $doc:literal])+ $name:ident = $code:literal,)+) => {
        /// The namespaced code of a diagnostic (`chimera::zone::unknown`): what kind of problem it
        /// is, stable for tools and tests.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[doc = $doc])+ $name,)+
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$name),+];

            /// The code as written in rendered diagnostics: `chimera::zone::unknown`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $code,)+
                }
            }

            /// One line saying what the code means.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(Code::$name => concat!($($doc),+).trim_ascii_start(),)+
                }
            }
        }
    };
}

codes! {
    /// the text does not follow the grammar of the language (`grammar/variant.pest`)
    Syntax = "chimera::syntax",
    /// a Betza move string cannot be read (unknown atom or modifier, misplaced `a`, ...)
    Betza = "chimera::betza",
    /// a definition file (or a file it extends) cannot be read
    FileUnreadable = "chimera::file::unreadable",
    /// a definition file is empty or holds only comments
    FileEmpty = "chimera::file::empty",
    /// a definition file is not UTF-8 text
    FileNotUtf8 = "chimera::file::not_utf8",
    /// a fault of Chimera itself while compiling (never expected; please report it)
    Internal = "chimera::internal",
    /// the definition compiles but the engine cannot build its move tables (`chimera check`)
    Engine = "chimera::engine",
    /// a PGN file cannot be read, or a move in it is not legal (`chimera pgn`)
    Pgn = "chimera::pgn",
    /// a tuned weights file beside a definition (`NAME.weights`) cannot be read, is not valid, or holds a weight out of bounds
    Weights = "chimera::weights",
    /// the variant's name is empty
    VariantName = "chimera::variant::name",
    /// a required statement (`variant`, `board`, `players`, `start`) is missing
    StatementMissing = "chimera::statement::missing",
    /// a statement that may appear once appears twice (`extends`)
    StatementDuplicate = "chimera::statement::duplicate",
    /// two pieces, zones, paths or letters share a name, or a setting is stated twice
    NameDuplicate = "chimera::name::duplicate",
    /// a number is outside the range its statement allows
    NumberRange = "chimera::number::range",
    /// a name or text is longer than the limit for it
    LimitTooLong = "chimera::limit::too_long",
    /// a `link` is not a web address (`https://...` or `http://...`)
    LinkNotUrl = "chimera::link::not_url",
    /// a square, file or rank is not on the board
    BoardOutside = "chimera::board::outside",
    /// the holes remove every square of the board
    BoardNoSquares = "chimera::board::no_squares",
    /// a zone name that no `zone` statement declares
    ZoneUnknown = "chimera::zone::unknown",
    /// a zone has no square (for every player or for one)
    ZoneEmpty = "chimera::zone::empty",
    /// a zone's name reads as a square (`a1`), so it could not be told apart
    ZoneName = "chimera::zone::name",
    /// zones are defined in terms of each other too deep (or in a circle)
    ZoneCycle = "chimera::zone::cycle",
    /// a per-player zone does not say its squares for every player
    ZonePlayerMissing = "chimera::zone::player_missing",
    /// a player name that the `players` statement does not list
    PlayerUnknown = "chimera::player::unknown",
    /// a piece name that no `piece` statement declares
    PieceUnknown = "chimera::piece::unknown",
    /// a piece letter is not one upper-case letter
    PieceLetter = "chimera::piece::letter",
    /// more piece kinds than the engine supports
    PieceTooMany = "chimera::piece::too_many",
    /// an `immobile` piece also has a move
    PieceImmobileMoves = "chimera::piece::immobile_moves",
    /// `royal when-last with KIND` names a kind that is not `royal when-last` itself
    PieceRoyalWith = "chimera::piece::royal_with",
    /// a piece's `value` is not a number of pawns in range
    PieceValue = "chimera::piece::value",
    /// a piece's text glyph is empty, too long, or holds a control character
    PieceGlyph = "chimera::piece::glyph",
    /// a piece's glyph file cannot be read, lies outside the definition's folder, is too large, or is not an SVG picture of plain shapes
    PieceGlyphFile = "chimera::piece::glyph_file",
    /// a promotion names a piece that is not declared
    PromotionUnknownTarget = "chimera::promotion::unknown_target",
    /// a path name that no `path` statement declares
    PathUnknown = "chimera::path::unknown",
    /// a path passes a hole of the board
    PathHole = "chimera::path::hole",
    /// a path segment is not straight, or a cyclic path has too few corners
    PathNotStraight = "chimera::path::not_straight",
    /// a path visits a square twice
    PathRevisits = "chimera::path::revisits",
    /// a ride limit (`up-to N`) is 0 or longer than the path
    PathLimit = "chimera::path::limit",
    /// a ride direction in which no step of the path goes
    PathDirection = "chimera::path::direction",
    /// `not-over` on a ride that does not hop
    PathNotOverPlain = "chimera::path::not_over_plain",
    /// a rule about check or royalty needs a royal piece, and none is royal
    RoyalMissing = "chimera::royal::missing",
    /// `petrify` names a royal kind
    PetrifyRoyal = "chimera::petrify::royal",
    /// a drop rule names a kind that never reaches a hand
    DropsNeverInHand = "chimera::drops::never_in_hand",
    /// `drop-promoted` names a kind that does not promote
    DropsNoPromotedFace = "chimera::drops::no_promoted_face",
    /// the gating zone has two squares on one file
    GatingFile = "chimera::gating::file",
    /// a `goal` combines words that do not go together (`reply` with `count` or `safe`, `or-full` without a count)
    GoalCombination = "chimera::goal::combination",
    /// `walls` with drops, `gating` or `explosions`
    WallsCombination = "chimera::walls::combination",
    /// `flip` in a variant with a royal piece
    FlipRoyal = "chimera::flip::royal",
    /// `castling ... to` names a file off the board, or a left file not left of the right one
    CastlingFiles = "chimera::castling::files",
    /// a random start's rank or constraint does not fit the start position
    StartRandom = "chimera::start::random",
    /// a `render` colour is not written `#rrggbb`
    RenderColour = "chimera::render::colour",
    /// `extends` names no file, or a file or shipped definition that cannot be found or read
    ExtendsMissing = "chimera::extends::missing",
    /// files extend one another in a circle, or too many deep
    ExtendsCycle = "chimera::extends::cycle",
    /// a FEN is empty
    FenEmpty = "chimera::fen::empty",
    /// a FEN has more or fewer ranks than the board
    FenRanks = "chimera::fen::ranks",
    /// a rank of a FEN has more or fewer squares than the board has files
    FenWidth = "chimera::fen::width",
    /// a field of a FEN (a run of empty squares, a counter, ...) cannot be read
    FenField = "chimera::fen::field",
    /// a FEN marks a hole (`*`) on a square of the board, or puts a piece on a hole
    FenHole = "chimera::fen::hole",
    /// a FEN letter that no piece has
    FenLetter = "chimera::fen::letter",
    /// the hands of a FEN (`[...]`) are not closed, or hold more pieces of a kind than allowed
    FenHand = "chimera::fen::hand",
    /// a FEN does not say, or says wrongly, who moves
    FenSide = "chimera::fen::side",
    /// a castling right of a FEN cannot be read
    FenCastling = "chimera::fen::castling",
    /// the en-passant field of a FEN is not a square of the board
    FenEnPassant = "chimera::fen::en_passant",
    /// a space inside a FEN's board field, which must be one word
    FenSpace = "chimera::fen::space",
    /// warning (language server): a document too large to analyse as one types
    LspTooLarge = "chimera::lsp::too_large",
    /// warning: a side has no royal piece in the start position while a kind is royal
    WarningNoRoyal = "chimera::warning::no_royal",
    /// warning: a promotion can never happen
    WarningPromotionNever = "chimera::warning::promotion_never",
    /// warning: a piece starts in its forced-promotion zone
    WarningStartInPromotionZone = "chimera::warning::start_in_promotion_zone",
    /// warning: a kind (or a piece at the start) has no move
    WarningNoMove = "chimera::warning::no_move",
    /// warning: a kind can never appear in a game
    WarningNeverAppears = "chimera::warning::never_appears",
    /// warning: a zone is declared but nothing uses it
    WarningUnusedZone = "chimera::warning::unused_zone",
    /// warning: a path is declared but no piece rides it
    WarningUnusedPath = "chimera::warning::unused_path",
    /// warning: `must-move` leaves a kind no square to be dropped on
    WarningDropZoneStuck = "chimera::warning::drop_zone_stuck",
    /// warning: a piece in a start hand can never be dropped
    WarningNeverDropped = "chimera::warning::never_dropped",
    /// warning: a confined piece starts outside its confinement
    WarningStartsOutsideConfinement = "chimera::warning::starts_outside_confinement",
    /// warning: an `extinction` rule already holds in the start position
    WarningExtinctAtStart = "chimera::warning::extinct_at_start",
    /// warning: a tuned weights file was fitted to other rules, or names a piece the definition lacks
    WarningWeightsStale = "chimera::warning::weights_stale",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

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

    /// Gathers the warnings about the definition `file` under one summary line.
    pub fn warnings(file: &str, warnings: Vec<SourceError>) -> Diagnostics {
        let n = warnings.len();
        let summary = if n == 1 {
            format!("{file}: 1 warning")
        } else {
            format!("{file}: {n} warnings")
        };
        Diagnostics {
            summary,
            errors: warnings.into_iter().map(miette::Report::new).collect(),
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
    // Line breaks are `\n`, `\r\n` and a lone `\r`, as miette counts them.
    let before = &text[..offset];
    let bytes = text.as_bytes();
    let mut line = 1;
    let mut line_start = 0;
    for (i, &b) in before.as_bytes().iter().enumerate() {
        let breaks = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
        if breaks {
            line += 1;
            line_start = i + 1;
        }
    }
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
    pub code: Code,
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
    /// Error (the definition is refused) or warning (accepted, but probably not what was meant).
    pub severity: miette::Severity,
    shown: Shown,
}

impl SourceError {
    /// An error at `start..end` of `source`. The span is clamped to the text and to UTF-8
    /// character boundaries so that rendering never fails.
    pub fn new(
        code: Code,
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
            shown: Shown {
                name: source.name.clone(),
                text: printable(&source.text),
            },
            source: source.clone(),
            span,
            help: None,
            notes: Vec::new(),
            severity: miette::Severity::Error,
        }
    }

    /// Makes this a warning: reported, but the definition is accepted.
    pub fn as_warning(mut self) -> SourceError {
        self.severity = miette::Severity::Warning;
        self
    }

    /// Whether this is a warning rather than an error.
    pub fn is_warning(&self) -> bool {
        self.severity == miette::Severity::Warning
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

/// A file as miette shows it: named, and with columns counted in characters (as
/// [`line_col`] counts them) where miette would count bytes, so that the `file:line:column` of a
/// rendered report and of [`SourceError::line_col`] agree on lines with non-ASCII text.
#[derive(Clone, Debug)]
struct Shown {
    name: String,
    text: Arc<str>,
}

impl SourceCode for Shown {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 {
            line_col(&self.text, span.offset()).1 - 1
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

/// The text as it is safe to show on a terminal: control characters (other than line breaks
/// and tabs) become `?` of the same byte length, so spans still point at the same bytes and a
/// mangled or binary file cannot send escape sequences to the terminal.
fn printable(text: &Arc<str>) -> Arc<str> {
    let is_control = |c: char| c.is_control() && !matches!(c, '\n' | '\t' | '\r');
    if !text.chars().any(is_control) {
        return text.clone();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_control(c) {
            for _ in 0..c.len_utf8() {
                out.push('?');
            }
        } else {
            out.push(c);
        }
    }
    out.into()
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

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.shown)
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
        assert_eq!(line_col("a\r\nb", 3), (2, 1));
        assert_eq!(line_col("a\rb", 2), (2, 1));
    }

    #[test]
    fn a_rendered_report_counts_columns_in_characters() {
        // `x1` is the 10th character of line 2 but starts at its 11th byte.
        let src = SourceFile::new("t.variant", "# x\nzone é = x1\n");
        let e = SourceError::new(Code::Internal, &src, 14, 16, "bad").with_help("h");
        assert_eq!(e.line_col(), (2, 10));
        let text = Diagnostics::new("t.variant", vec![e]).render_plain();
        assert!(text.contains("[t.variant:2:10]"), "{text}");
    }

    #[test]
    fn control_characters_are_not_sent_to_the_terminal() {
        let src = SourceFile::new("t.variant", "zone \u{1b}[31m = \0\u{85}x\n");
        let e = SourceError::new(Code::Internal, &src, 5, 6, "bad").with_help("h");
        let text = Diagnostics::new("t.variant", vec![e]).render_plain();
        assert!(!text.contains('\u{1b}') && !text.contains('\0'), "{text}");
        assert!(text.contains("zone ?[31m = ???x"), "{text}");
    }

    #[test]
    fn rendered_error_shows_file_line_and_column() {
        let src = SourceFile::new("t.variant", "variant \"T\"\nboard 99x8\n");
        let e =
            SourceError::new(Code::NumberRange, &src, 18, 20, "board too wide").with_help("1..16");
        let d = Diagnostics::new("t.variant", vec![e]);
        let text = d.render_plain();
        assert!(text.contains("t.variant:2:7"), "{text}");
        assert!(text.contains("board too wide"), "{text}");
        assert!(text.contains("chimera::number::range"), "{text}");
    }
}
