//! `chimera list`: the shipped definitions, one line each.

use crate::shipped::{self, Shipped};
use std::process::ExitCode;

/// The lines `chimera list` prints: each shipped definition's name (what `chimera repl NAME`
/// takes) and what it is.
pub fn lines() -> Vec<String> {
    let width = shipped::all().map(|s| s.name.len()).max().unwrap_or(0);
    shipped::all()
        .map(|s| format!("{:<width$}  {}", s.name, describe(&s)))
        .collect()
}

/// Runs `chimera list`.
pub fn run() -> ExitCode {
    for l in lines() {
        println!("{l}");
    }
    ExitCode::SUCCESS
}

/// One line about a definition: the first sentence of its `description` (which says what it
/// is), else its `variant` name, else its file name.
pub fn describe(s: &Shipped) -> String {
    let statements = crate::syntax::parse(s.text, 0)
        .map(|d| d.statements)
        .unwrap_or_default();
    let about = statements.iter().find_map(|st| match &st.node {
        crate::syntax::Statement::Description(strings) => Some(crate::rules::About {
            description: crate::compile::paragraphs(strings),
            ..Default::default()
        }),
        _ => None,
    });
    if let Some(summary) = about.and_then(|a| a.summary()) {
        return summary;
    }
    statements
        .iter()
        .find_map(|st| match &st.node {
            crate::syntax::Statement::Variant(v) => Some(v.node.clone()),
            _ => None,
        })
        .unwrap_or_else(|| s.name.to_string())
}

#[cfg(test)]
mod tests {
    use crate::rules::About;

    fn summary(text: &str) -> Option<String> {
        About {
            description: vec![text.to_string()],
            ..Default::default()
        }
        .summary()
    }

    #[test]
    fn a_sentence_does_not_end_at_an_abbreviation_or_an_initial() {
        assert_eq!(
            summary("Kyoto shogi (Tamiya Katsuya, c. 1976). Every piece turns over.").as_deref(),
            Some("Kyoto shogi (Tamiya Katsuya, c. 1976).")
        );
        assert_eq!(
            summary("Fairy-Max by H. G. Muller plays it. More.").as_deref(),
            Some("Fairy-Max by H. G. Muller plays it.")
        );
        assert_eq!(
            summary("One sentence only.").as_deref(),
            Some("One sentence only.")
        );
    }

    #[test]
    fn list_shows_the_first_sentence_of_the_description() {
        let kyoto = crate::shipped::get("kyotoshogi").map(|s| super::describe(&s));
        assert_eq!(
            kyoto.as_deref(),
            Some("Kyoto shogi (Tamiya Katsuya, c. 1976): 5x5 shogi in which every piece but the King turns over each time it moves, to a different piece on its other face: Tokin/Lance, Silver/Bishop, Gold/Knight, Pawn/Rook.")
        );
    }
}
