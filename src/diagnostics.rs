//! Diagnostics: errors with source spans, rendered by miette.
