//! `description`, `author` and `link`: what the designer says about the variant. Bounded in
//! length (they are shown in listings, pages and pictures), and a link must read as a web
//! address, so that a page can offer it as one.

use super::merge::Merged;
use super::Ctx;
use crate::diagnostics::Code;
use crate::rules::About;
use crate::syntax::{Span, Spanned};

/// Most characters in the whole description.
pub(super) const MAX_DESCRIPTION_CHARS: usize = 4000;
/// Most characters in `author`.
pub(super) const MAX_AUTHOR_CHARS: usize = 200;
/// Most characters in `link`.
pub(super) const MAX_LINK_CHARS: usize = 500;

/// The checked `description`, `author` and `link` of the merged definition; each problem is
/// reported in `ctx` (the field is then left out).
pub(crate) fn about(ctx: &mut Ctx, m: &Merged) -> About {
    let mut about = About::default();
    if let Some(strings) = &m.description {
        let chars: usize = strings.iter().map(|s| s.chars().count()).sum();
        let span = match (strings.first(), strings.last()) {
            (Some(a), Some(b)) => a.span.to(b.span),
            _ => Span::new(m.root, 0, 0),
        };
        if too_long(ctx, "the description", chars, span, MAX_DESCRIPTION_CHARS) {
            about.description = paragraphs(strings);
        }
    }
    if let Some(a) = &m.author {
        if too_long(ctx, "`author`", a.chars().count(), a.span, MAX_AUTHOR_CHARS) {
            about.author = Some(a.trim().to_string()).filter(|a| !a.is_empty());
        }
    }
    if let Some(l) = &m.link {
        if too_long(ctx, "`link`", l.chars().count(), l.span, MAX_LINK_CHARS) {
            if looks_like_url(l) {
                about.link = Some(l.node.clone());
            } else {
                let e = ctx
                    .error(
                        Code::LinkNotUrl,
                        l.span,
                        format!("`link` is not a web address: `{}`", l.node),
                    )
                    .with_label("not an address")
                    .with_help(
                        "write the whole address, starting with `https://` or `http://`, like \
                         `link \"https://www.chessvariants.com/\"`",
                    );
                ctx.report(e);
            }
        }
    }
    about
}

/// Reports a text over its limit; `true` when it is within.
fn too_long(ctx: &mut Ctx, what: &str, n: usize, span: Span, max: usize) -> bool {
    if n <= max {
        return true;
    }
    let e = ctx
        .error(
            Code::LimitTooLong,
            span,
            format!("{what} is {n} characters long; at most {max} are allowed"),
        )
        .with_label("too long")
        .with_help(format!("shorten it to {max} characters or fewer"));
    ctx.report(e);
    false
}

/// The description's paragraphs: its strings joined by a space, a `""` between paragraphs.
pub(crate) fn paragraphs(strings: &[Spanned<String>]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for s in strings {
        let t = s.trim();
        if t.is_empty() {
            if !current.is_empty() {
                out.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(t);
        }
    }
    if !current.is_empty() {
        out.push(current.join(" "));
    }
    out
}

/// `http://` or `https://`, a host with a dot (or `localhost`), and no spaces, control
/// characters, angle brackets, quotes, backslashes or backquotes.
pub fn looks_like_url(s: &str) -> bool {
    let Some(rest) = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host);
    let name = host.split(':').next().unwrap_or(host);
    let host_ok = (name == "localhost"
        || (name.contains('.') && !name.starts_with('.') && !name.ends_with('.')))
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '-');
    // Nothing that would end the address in Markdown (`<URL>`) or HTML (`href="URL"`).
    host_ok
        && !s.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"' | '\\' | '`')
        })
}

#[cfg(test)]
mod tests {
    use super::looks_like_url;

    #[test]
    fn a_link_is_an_http_address_with_a_host() {
        for ok in [
            "https://www.chessvariants.com/rules/shoxiang-108",
            "http://localhost:8080/x",
            "https://pychess.org/variants/xiangfu#rules",
        ] {
            assert!(looks_like_url(ok), "{ok}");
        }
        for bad in [
            "www.chessvariants.com",
            "ftp://x.org",
            "https://",
            "https://nodot",
            "https://a b.org",
            "https://x.org/a b",
            "https://x.org/<script>",
        ] {
            assert!(!looks_like_url(bad), "{bad}");
        }
    }
}
