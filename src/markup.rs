//! Text made safe inside XML and HTML: the one escaper of the SVG pictures and the analysis
//! report.

/// Escapes the five XML special characters (`&`, `<`, `>`, `"`, `'`), so the text is safe in
/// element content and in attribute values of either quote, in XML, SVG and HTML alike.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_five_special_characters_are_escaped() {
        assert_eq!(
            super::xml_escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;"
        );
    }
}
