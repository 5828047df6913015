//! Where in the source a rule of the compiled rule set was written, for reports.
//!
//! Export reads only the compiled rules; to point at what it cannot state, this module parses
//! the definition and its `extends` parents again and finds the statement by name and keyword.

use super::export::Subject;
use crate::syntax::{self, Definition, PieceItem, Span, Statement};
use std::path::{Path, PathBuf};

/// A place in a source file: `file:line:column` and the statement's first line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file as named to the user.
    pub file: String,
    /// Line from 1.
    pub line: usize,
    /// Column from 1 (characters).
    pub column: usize,
}

/// A definition file and its parents, parsed.
pub struct Sources {
    files: Vec<(String, String, Definition)>,
}

/// Most parents followed (a cycle is the compiler's error; this only stops).
const MAX_DEPTH: usize = 16;

impl Sources {
    /// Reads `path` and the files it extends; files that cannot be read or parsed are skipped.
    pub fn read(path: &Path) -> Sources {
        let mut files = Vec::new();
        let mut next: Option<PathBuf> = Some(path.to_path_buf());
        while let Some(p) = next.take() {
            if files.len() >= MAX_DEPTH {
                break;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                break;
            };
            let Ok(def) = syntax::parse(&text, files.len()) else {
                break;
            };
            for st in &def.statements {
                if let Statement::Extends(parent) = &st.node {
                    next = Some(p.parent().unwrap_or(Path::new("")).join(&parent.node));
                }
            }
            files.push((p.display().to_string(), text, def));
        }
        Sources { files }
    }

    fn location(&self, span: Span) -> Option<Location> {
        let (name, text, _) = self.files.get(span.file)?;
        let before = text.get(..span.start)?;
        let line = before.matches('\n').count() + 1;
        let column = before
            .rsplit('\n')
            .next()
            .map(|l| l.chars().count())
            .unwrap_or(0)
            + 1;
        Some(Location {
            file: name.clone(),
            line,
            column,
        })
    }

    /// Where the subject was written (the child's statement before a parent's), if found.
    pub fn locate(&self, subject: &Subject) -> Option<Location> {
        for (_, _, def) in &self.files {
            for st in &def.statements {
                if let Some(span) = matches(subject, &st.node, st.span) {
                    return self.location(span);
                }
            }
        }
        // Not found (a default, or rule-set data of no statement): the file's first statement.
        let (_, _, def) = self.files.first()?;
        def.statements.first().and_then(|s| self.location(s.span))
    }
}

fn matches(subject: &Subject, st: &Statement, span: Span) -> Option<Span> {
    let piece_named = |name: &str| match st {
        Statement::Piece(p) if p.name.node == name => Some(p),
        _ => None,
    };
    match subject {
        Subject::Board => matches!(st, Statement::Board { .. }).then_some(span),
        Subject::Holes => matches!(st, Statement::Holes(_)).then_some(span),
        Subject::Piece(n) => piece_named(n).map(|p| p.name.span),
        Subject::Moves(n, betza) => piece_named(n).and_then(|p| {
            p.items.iter().find_map(|it| match &it.node {
                PieceItem::Moves { betza: b, .. } if &b.node == betza => Some(b.span),
                _ => None,
            })
        }),
        Subject::Promotes(n) => piece_named(n).and_then(|p| {
            p.items.iter().find_map(|it| match &it.node {
                PieceItem::Promotes { .. } => Some(it.span),
                _ => None,
            })
        }),
        Subject::Confined(n) => piece_named(n).and_then(|p| {
            p.items.iter().find_map(|it| match &it.node {
                PieceItem::Confined(_) => Some(it.span),
                _ => None,
            })
        }),
        Subject::Drops => matches!(st, Statement::Drops(_)).then_some(span),
        Subject::Statement(k) => (st.keyword() == *k).then_some(span),
        Subject::Start => matches!(st, Statement::Start(..)).then_some(span),
        Subject::Unknown(_) => None,
    }
}
