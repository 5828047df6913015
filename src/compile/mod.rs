//! Semantic checks and compilation: AST → [`crate::rules::RuleSet`].
//!
//! Stages: read the file (UTF-8, not empty) → parse ([`crate::syntax`]) → follow `extends` and
//! merge the files at AST level (`merge`) → resolve and check everything (`check`, `zones`,
//! `fen`) → a [`RuleSet`]. Checks keep going after an error, so one run reports all of them.

mod about;
pub use about::looks_like_url;
#[cfg(feature = "cli")]
pub(crate) use about::paragraphs;
mod check;
mod fen;
pub(crate) mod glyph;
pub(crate) mod limits;
mod merge;
mod warnings;
pub mod weights;
mod zones;

use crate::diagnostics::Code;
use crate::diagnostics::{Diagnostics, SourceError, SourceFile};
use crate::rules::RuleSet;
use crate::syntax::{FileId, Span};
use std::path::{Path, PathBuf};

/// A definition that compiled, with the warnings found in it (things that are legal but cannot be
/// what the designer meant: a promotion that never happens, a zone nothing uses, ...).
#[derive(Debug)]
pub struct Checked {
    /// The compiled rule set.
    pub rules: RuleSet,
    /// The warnings, in file order; each is a [`SourceError`] with warning severity.
    pub warnings: Vec<SourceError>,
}

/// Compiles a definition file, following `extends`.
pub fn compile_file(path: &Path) -> Result<RuleSet, Diagnostics> {
    check_file(path).map(|c| c.rules)
}

/// Compiles a definition file, following `extends`, and looks for warnings.
pub fn check_file(path: &Path) -> Result<Checked, Diagnostics> {
    let name = path.display().to_string();
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let ctx = Ctx::default();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            let src = SourceFile::new(name.clone(), "");
            let err = SourceError::new(
                Code::FileUnreadable,
                &src,
                0,
                0,
                format!("cannot read `{name}`: {e}"),
            )
            .with_label("this file")
            .with_help(if path.is_dir() {
                format!("this is a directory; to check every definition in it, write `{name}/*.variant`")
            } else {
                "give the path of a definition file (`.variant`)".to_string()
            });
            return Err(Diagnostics::new(&name, vec![err]));
        }
    };
    let identity = std::fs::canonicalize(path).ok();
    let mut checked = ctx.compile_root(name.clone(), &bytes, base_dir, identity)?;
    // Tuned evaluation weights beside the definition (`chimera tune`) become part of its rules.
    match weights::read_beside(path, &checked.rules) {
        Ok(Some(read)) => {
            checked.rules.weights = Some(read.weights);
            checked.warnings.extend(read.warnings);
        }
        Ok(None) => {}
        Err(errors) => return Err(Diagnostics::new(&name, errors)),
    }
    Ok(checked)
}

/// Compiles definition text; `name` labels diagnostics and `base_dir` resolves `extends`.
///
/// ```
/// use chimera::{compile_str, Code};
/// use std::path::Path;
///
/// let text = "variant \"Tiny\"\nboard 3x3\nplayers White, Black\n\
///             piece King K { moves K royal }\nstart \"k2/3/K2 w - - 0 1\"\n";
/// let rules = compile_str("tiny.variant", text, Path::new("."))?;
/// assert_eq!((rules.name.as_str(), rules.pieces.len()), ("Tiny", 1));
///
/// // Every error is a value with a code, a span and help; none panics.
/// let errors = compile_str("bad.variant", &text.replace("3x3", "3x0"), Path::new("."))
///     .unwrap_err();
/// let first = errors.source_errors().next().expect("an error");
/// assert_eq!(first.code, Code::NumberRange);
/// # Ok::<(), chimera::Diagnostics>(())
/// ```
pub fn compile_str(name: &str, text: &str, base_dir: &Path) -> Result<RuleSet, Diagnostics> {
    check_str(name, text, base_dir).map(|c| c.rules)
}

/// Compiles definition text and looks for warnings; otherwise like [`compile_str`].
pub fn check_str(name: &str, text: &str, base_dir: &Path) -> Result<Checked, Diagnostics> {
    Ctx::default().compile_root(
        name.to_string(),
        text.as_bytes(),
        base_dir.to_path_buf(),
        None,
    )
}

/// Compiles a definition given on the command line: a file path always wins; otherwise a shipped
/// definition's name (`chess`, `chess.variant`, see [`crate::Shipped`]) compiles the text built
/// into the program; otherwise the file's error (it does not exist).
///
/// ```
/// use std::path::Path;
///
/// let chess = chimera::check_named(Path::new("chess"))?;
/// assert_eq!(chess.rules.name, "Chess");
/// assert!(chess.warnings.is_empty());
/// assert!(chimera::check_named(Path::new("no-such-game")).is_err());
/// # Ok::<(), chimera::Diagnostics>(())
/// ```
pub fn check_named(arg: &Path) -> Result<Checked, Diagnostics> {
    if arg.is_file() {
        return check_file(arg);
    }
    let bare = arg.parent().is_none_or(|p| p.as_os_str().is_empty());
    match arg.to_str().filter(|_| bare).and_then(crate::shipped::get) {
        Some(s) => check_shipped(&s),
        None => check_file(arg),
    }
}

/// Compiles a shipped definition from the text built into the program, with the tuned weights
/// shipped beside it, as [`check_file`] reads `definitions/NAME.variant`.
pub(crate) fn check_shipped(s: &crate::shipped::Shipped) -> Result<Checked, Diagnostics> {
    let ctx = Ctx {
        embedded: true,
        ..Ctx::default()
    };
    let mut checked =
        ctx.compile_root(s.file.to_string(), s.text.as_bytes(), PathBuf::new(), None)?;
    if let Some(text) = s.weights {
        let name = weights::path_beside(Path::new(s.file))
            .display()
            .to_string();
        match weights::parse(&name, text, &checked.rules) {
            Ok(read) => {
                checked.rules.weights = Some(read.weights);
                checked.warnings.extend(read.warnings);
            }
            Err(errors) => return Err(Diagnostics::new(s.file, errors)),
        }
    }
    Ok(checked)
}

/// Compiles an edited text of a shipped definition: its `extends` name other shipped ones, as
/// [`check_shipped`] reads them (the studio's editor). The shipped weights apply while the edits
/// leave the rules they were fitted to unchanged; after a change of rules they are dropped
/// without a warning, since the designer is editing a copy, not the tuned file.
pub(crate) fn check_shipped_text(file: &str, text: &str) -> Result<Checked, Diagnostics> {
    let ctx = Ctx {
        embedded: true,
        ..Ctx::default()
    };
    let mut checked = ctx.compile_root(file.to_string(), text.as_bytes(), PathBuf::new(), None)?;
    let shipped = crate::shipped::get(file).and_then(|s| s.weights);
    if let Some(read) = shipped.and_then(|w| weights::parse(file, w, &checked.rules).ok()) {
        if read.warnings.is_empty() {
            checked.rules.weights = Some(read.weights);
        }
    }
    Ok(checked)
}

/// Compiles definition bytes (which may not be UTF-8); otherwise like [`compile_str`].
pub fn compile_bytes(name: &str, bytes: &[u8], base_dir: &Path) -> Result<RuleSet, Diagnostics> {
    Ctx::default()
        .compile_root(name.to_string(), bytes, base_dir.to_path_buf(), None)
        .map(|c| c.rules)
}

/// The files read so far and the errors found so far.
#[derive(Default)]
pub(crate) struct Ctx {
    /// Source files by [`FileId`]; the root is 0.
    pub files: Vec<SourceFile>,
    /// Directory each file's `extends` is resolved against.
    pub dirs: Vec<PathBuf>,
    /// Every error found, in order.
    pub errors: Vec<SourceError>,
    /// The root is a shipped definition: `extends` names another shipped one, not a file.
    pub embedded: bool,
}

impl Ctx {
    fn compile_root(
        mut self,
        name: String,
        bytes: &[u8],
        base_dir: PathBuf,
        identity: Option<PathBuf>,
    ) -> Result<Checked, Diagnostics> {
        let merged = merge::load_root(&mut self, name.clone(), bytes, base_dir, identity);
        let rules = match &merged {
            Some(m) if limits::check(&mut self, m) => check::compile(&mut self, m),
            Some(_) => None,
            None => None,
        };
        match (rules, merged) {
            (Some(rules), Some(m)) if self.errors.is_empty() => {
                let warnings = warnings::check(&self, &m, &rules);
                Ok(Checked { rules, warnings })
            }
            _ => {
                if self.errors.is_empty() {
                    // Defensive: a failed stage always reports; never return an empty error list.
                    let src = self
                        .files
                        .first()
                        .cloned()
                        .unwrap_or_else(|| SourceFile::new(name.clone(), ""));
                    self.errors.push(
                        SourceError::new(
                            Code::Internal,
                            &src,
                            0,
                            0,
                            "the definition could not be compiled",
                        )
                        .with_help("this is a bug in Chimera; please report it with the file"),
                    );
                }
                // Report in reading order: by file (root first), then by position.
                let files = &self.files;
                self.errors.sort_by_key(|e| {
                    (
                        files
                            .iter()
                            .position(|f| f.name == e.source.name)
                            .unwrap_or(usize::MAX),
                        e.offset(),
                    )
                });
                Err(Diagnostics::new(&name, self.errors))
            }
        }
    }

    /// Registers a source file and returns its id.
    pub(crate) fn add_file(&mut self, file: SourceFile, dir: PathBuf) -> FileId {
        self.files.push(file);
        self.dirs.push(dir);
        self.files.len() - 1
    }

    /// The source text under a span (as the user wrote it), or "" if the span is not in a file.
    pub(crate) fn text(&self, span: Span) -> &str {
        self.files
            .get(span.file)
            .and_then(|f| f.text.get(span.start..span.end))
            .unwrap_or("")
    }

    /// A new error at a span (not yet reported).
    pub(crate) fn error(&self, code: Code, span: Span, message: impl Into<String>) -> SourceError {
        let src = match self.files.get(span.file) {
            Some(f) => f.clone(),
            None => SourceFile::new("<unknown>", ""),
        };
        SourceError::new(code, &src, span.start, span.end, message)
    }

    /// Reports an error, once (the same error found twice, say for both players, is kept once).
    pub(crate) fn report(&mut self, e: SourceError) {
        let dup = self.errors.iter().any(|o| {
            o.code == e.code
                && o.span == e.span
                && o.message == e.message
                && o.source.name == e.source.name
        });
        if !dup {
            self.errors.push(e);
        }
    }
}

/// "did you mean `X`?" for a misspelt name, when one candidate is close enough.
pub(crate) fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    crate::suggest::closest(wrong, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// Help for an unknown name: a suggestion if one is close, else the names that exist.
pub(crate) fn unknown_help<'a>(
    what: &str,
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> String {
    if let Some(s) = did_you_mean(wrong, candidates.clone()) {
        return s;
    }
    let all: Vec<&str> = candidates.into_iter().collect();
    if all.is_empty() {
        format!("no {what} is declared")
    } else if all.len() <= 12 {
        format!("declared {what}s: {}", all.join(", "))
    } else {
        format!("declared {what}s: {}, ...", all[..12].join(", "))
    }
}

#[cfg(test)]
mod tests;
