//! Diagnostics: errors with source spans, rendered by miette.

/// Every problem found in one definition (and the files it extends), reported together.
/// Render with `format!("{:?}", miette::Report::new(d))`.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{summary}")]
pub struct Diagnostics {
    /// One line: how many errors, in which file.
    pub summary: String,
    /// The individual errors, each with its own source and labelled span.
    #[related]
    pub errors: Vec<miette::Report>,
}
