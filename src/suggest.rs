//! "Did you mean": the one rule for suggesting a known name in place of a misspelt one, shared by
//! the checker, the syntax errors, the REPL and the renderer, so that every front end suggests
//! the same names for the same typo.

/// How alike two names must be (Jaro-Winkler similarity of their lower-case forms, from 0 to 1)
/// for one to be suggested for the other.
pub(crate) const MIN_SIMILARITY: f64 = 0.8;

/// How alike two names are, ignoring case: 1 for the same name, 0 for nothing in common.
pub(crate) fn similarity(a: &str, b: &str) -> f64 {
    strsim::jaro_winkler(&a.to_lowercase(), &b.to_lowercase())
}

/// The known names close enough to `wrong`, most alike first (ties in the order given), each once.
pub(crate) fn ranked<'a>(wrong: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(f64, &'a str)> = known
        .into_iter()
        .map(|k| (similarity(wrong, k), k))
        .filter(|(s, _)| *s >= MIN_SIMILARITY)
        .collect();
    // A stable sort keeps the given order among equals.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<&'a str> = Vec::new();
    for (_, k) in scored {
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// The known name most like `wrong`, if one is close enough.
pub(crate) fn closest<'a>(
    wrong: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    ranked(wrong, known).into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposed_or_missing_letter_is_suggested_and_a_different_word_is_not() {
        let known = ["Chariot", "Cannon", "General"];
        assert_eq!(closest("Chariott", known), Some("Chariot"));
        assert_eq!(closest("canon", known), Some("Cannon"));
        assert_eq!(closest("Elephant", known), None);
    }

    #[test]
    fn the_same_name_in_another_case_is_the_closest() {
        assert_eq!(ranked("KNIGHT", ["Night", "Knight"]), ["Knight", "Night"]);
    }
}
