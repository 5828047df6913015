//! The definitions shipped in `definitions/`, embedded in the binary at build time (`build.rs`),
//! so that `chimera repl chess` works from any folder.

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// One shipped definition.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// The name it is asked for by: the file name without `.variant` (`xiang-fu`).
    pub name: &'static str,
    /// The file name in `definitions/` (`xiang-fu.variant`).
    pub file: &'static str,
    /// The definition's text.
    pub text: &'static str,
}

/// Every shipped definition, sorted by name.
pub fn all() -> impl Iterator<Item = Shipped> {
    SHIPPED.iter().map(|&(file, text)| Shipped {
        name: file.strip_suffix(".variant").unwrap_or(file),
        file,
        text,
    })
}

/// The shipped definition asked for as `chess` or `chess.variant`, if there is one.
pub fn get(name: &str) -> Option<Shipped> {
    let stem = name.strip_suffix(".variant").unwrap_or(name);
    all().find(|s| s.name == stem)
}

/// One line about a definition: the first sentence of its header comment (which says what it
/// is), else its `variant` name.
pub fn describe(s: &Shipped) -> String {
    let header: Vec<&str> = s
        .text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .map_while(|l| l.strip_prefix('#'))
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let joined = header.join(" ");
    let sentence = match sentence_end(&joined) {
        Some(i) => &joined[..=i],
        None => joined.as_str(),
    };
    let sentence = sentence.trim_end_matches(':').trim();
    if !sentence.is_empty() {
        return sentence.to_string();
    }
    s.text
        .lines()
        .find_map(|l| l.trim().strip_prefix("variant"))
        .map(|r| r.trim().trim_matches('"').to_string())
        .unwrap_or_else(|| s.name.to_string())
}

/// Where the first sentence ends: a full stop followed by a space and a capital, after a word of
/// more than one letter, so that `c. 1976` and `H. G. Muller` do not end it.
fn sentence_end(text: &str) -> Option<usize> {
    text.match_indices(". ").map(|(i, _)| i).find(|&i| {
        let next = text[i + 2..].chars().next();
        let word = text[..i]
            .rsplit(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or("");
        next.is_some_and(char::is_uppercase) && word.chars().count() > 1
    })
}

#[cfg(test)]
mod tests {
    use super::sentence_end;

    #[test]
    fn a_sentence_does_not_end_at_an_abbreviation_or_an_initial() {
        let t = "Kyoto shogi (Tamiya Katsuya, c. 1976). Every piece turns over.";
        assert_eq!(
            &t[..=sentence_end(t).unwrap()],
            "Kyoto shogi (Tamiya Katsuya, c. 1976)."
        );
        let t = "Fairy-Max by H. G. Muller plays it. More.";
        assert_eq!(
            &t[..=sentence_end(t).unwrap()],
            "Fairy-Max by H. G. Muller plays it."
        );
        assert_eq!(sentence_end("One sentence only."), None);
    }
}
