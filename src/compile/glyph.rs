//! Piece glyphs (`glyph "♞"`, `glyph file "knight.svg"`): a text glyph's checks, and an SVG file
//! beside the definition read and reduced to plain shapes.
//!
//! An SVG glyph ends up inside every picture, and the studio puts pictures into its page, so the
//! file is not copied: it is parsed (roxmltree: no DTD, no entities, a node limit) and rebuilt from
//! an allow-list. Kept: `g`, `path`, `circle`, `ellipse`, `rect`, `line`, `polyline`, `polygon`,
//! with geometry, `transform` and paint attributes (from attributes or `style`); every value is
//! escaped again on output. Left out without a word: editor metadata (other namespaces, `title`,
//! `desc`, `metadata`, `defs`, `id`, `class`). Refused with a diagnostic: anything else of SVG's
//! (`script`, `image`, `use`, `text`, `foreignObject`, `style`, ...), event attributes, links and
//! references (`href`, `url(...)`), so that what the designer sees is what every picture draws.

use crate::markup::xml_escape;
use crate::rules::{SvgGlyph, MAX_GLYPH_CHARS};
use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Component, Path};

/// Largest glyph file read, in bytes.
pub(crate) const MAX_GLYPH_FILE_BYTES: u64 = 64 * 1024;
/// Most elements kept from one glyph file.
const MAX_ELEMENTS: usize = 2000;
/// Deepest nesting of groups in a glyph file.
const MAX_DEPTH: usize = 24;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Elements kept.
const SHAPES: [&str; 8] = [
    "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
];
/// SVG elements dropped quietly: descriptions and definitions nothing kept can refer to.
const QUIET: [&str; 4] = ["title", "desc", "metadata", "defs"];
/// Attributes (and `style` properties) kept.
const ATTRIBUTES: [&str; 29] = [
    "d",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x",
    "y",
    "width",
    "height",
    "x1",
    "y1",
    "x2",
    "y2",
    "points",
    "transform",
    "fill",
    "fill-rule",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "clip-rule",
];

/// Why a text glyph is refused, if it is: empty, longer than [`MAX_GLYPH_CHARS`] characters, or
/// with a control character or only white space.
pub(super) fn text_problem(text: &str) -> Option<String> {
    let n = text.chars().count();
    if text.trim().is_empty() {
        Some("a glyph needs a character to draw".to_string())
    } else if n > MAX_GLYPH_CHARS {
        Some(format!(
            "a glyph is at most {MAX_GLYPH_CHARS} characters, not {n}"
        ))
    } else if text.chars().any(char::is_control) {
        Some("a glyph may not hold a control character".to_string())
    } else {
        None
    }
}

/// A glyph file that cannot be used: what is wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GlyphFileError {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

fn fail<T>(message: impl Into<String>, help: impl Into<String>) -> Result<T, GlyphFileError> {
    Err(GlyphFileError {
        message: message.into(),
        help: help.into(),
    })
}

/// Reads the SVG file `name`, a path relative to `dir` (the definition's folder) that stays in
/// that folder, of at most [`MAX_GLYPH_FILE_BYTES`], and keeps its plain shapes.
pub(crate) fn read_svg(dir: &Path, name: &str) -> Result<SvgGlyph, GlyphFileError> {
    let rel = Path::new(name);
    if name.is_empty() {
        return fail(
            "the glyph file has no name",
            "write the SVG file's path relative to the definition, like `glyph file \"pieces/knight.svg\"`",
        );
    }
    if rel
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return fail(
            format!("the glyph file `{name}` is outside the definition's folder"),
            "a glyph file lies in the definition's folder or below it: no absolute path, no `..`",
        );
    }
    if !rel
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
    {
        return fail(
            format!("the glyph file `{name}` is not an SVG file"),
            "a glyph file is an SVG picture whose name ends in `.svg`",
        );
    }
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let cannot_read = |e: std::io::Error| GlyphFileError {
        message: format!("cannot read the glyph file `{name}`: {e}"),
        help: format!(
            "the path is relative to the definition's folder ({})",
            dir.display()
        ),
    };
    let folder = std::fs::canonicalize(dir).map_err(cannot_read)?;
    let path = std::fs::canonicalize(dir.join(rel)).map_err(cannot_read)?;
    if !path.starts_with(&folder) {
        return fail(
            format!("the glyph file `{name}` leads outside the definition's folder"),
            "a link may not lead a glyph file out of the definition's folder; copy the file there",
        );
    }
    let file = std::fs::File::open(&path).map_err(cannot_read)?;
    let mut bytes = Vec::new();
    file.take(MAX_GLYPH_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot_read)?;
    if bytes.len() as u64 > MAX_GLYPH_FILE_BYTES {
        return fail(
            format!(
                "the glyph file `{name}` is larger than {} KiB",
                MAX_GLYPH_FILE_BYTES / 1024
            ),
            "a glyph is a small picture; simplify its paths or save it as plain SVG",
        );
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return fail(
            format!("the glyph file `{name}` is not UTF-8 text"),
            "save the picture as plain SVG (UTF-8 XML)",
        );
    };
    sanitise(&text).map_err(|message| GlyphFileError {
        message: format!("the glyph file `{name}`: {message}"),
        help:
            "a glyph keeps plain shapes (g, path, circle, ellipse, rect, line, polyline, polygon) \
               with solid colours; `currentColor` takes the player's colour"
                .to_string(),
    })
}

/// The plain shapes of an SVG picture, or why it cannot be a glyph.
pub(crate) fn sanitise(text: &str) -> Result<SvgGlyph, String> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: 4 * MAX_ELEMENTS as u32,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, opts)
        .map_err(|e| format!("not readable as SVG: {e}"))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace().is_some_and(|n| n != SVG_NS) {
        return Err(format!(
            "the picture's outer element is `<{}>`, not `<svg>`",
            root.tag_name().name()
        ));
    }
    let view_box = view_box(root)?;
    let mut body = String::new();
    let mut count = 0;
    for child in root.children().filter(|n| n.is_element()) {
        element(child, 1, &mut count, &mut body)?;
    }
    if body.is_empty() {
        return Err("the picture has no shape".to_string());
    }
    Ok(SvgGlyph { view_box, body })
}

/// The `viewBox` of the outer element, else `0 0 width height`.
fn view_box(root: roxmltree::Node) -> Result<[f32; 4], String> {
    let numbers = |s: &str| -> Option<Vec<f32>> {
        s.split([' ', ',', '\t', '\n', '\r'])
            .filter(|t| !t.is_empty())
            .map(|t| t.trim_end_matches("px").parse::<f32>().ok())
            .collect()
    };
    let vb = match root.attribute("viewBox").and_then(numbers) {
        Some(v) if v.len() == 4 => [v[0], v[1], v[2], v[3]],
        _ => {
            let w = root.attribute("width").and_then(numbers);
            let h = root.attribute("height").and_then(numbers);
            match (w.as_deref(), h.as_deref()) {
                (Some([w]), Some([h])) => [0.0, 0.0, *w, *h],
                _ => {
                    return Err(
                        "the picture has no `viewBox` (nor a width and height in pixels)".into(),
                    )
                }
            }
        }
    };
    if vb.iter().all(|v| v.is_finite()) && vb[2] > 0.0 && vb[3] > 0.0 {
        Ok(vb)
    } else {
        Err("the picture's `viewBox` is not a positive size".to_string())
    }
}

/// Appends a kept element, its kept attributes and its kept children, to `out`.
fn element(
    node: roxmltree::Node,
    depth: usize,
    count: &mut usize,
    out: &mut String,
) -> Result<(), String> {
    let tag = node.tag_name();
    let name = tag.name();
    if tag.namespace().is_some_and(|n| n != SVG_NS) || QUIET.contains(&name) {
        return Ok(());
    }
    if !SHAPES.contains(&name) {
        return Err(format!("`<{name}>` is not allowed in a glyph"));
    }
    *count += 1;
    if *count > MAX_ELEMENTS {
        return Err(format!("more than {MAX_ELEMENTS} elements"));
    }
    if depth > MAX_DEPTH {
        return Err(format!("groups nested deeper than {MAX_DEPTH}"));
    }
    let mut attrs: Vec<(String, String)> = Vec::new();
    let mut keep = |key: &str, value: &str| -> Result<(), String> {
        let key = key.trim();
        let lower = key.to_ascii_lowercase();
        if lower.starts_with("on") || lower.ends_with("href") {
            return Err(format!("the attribute `{key}` is not allowed in a glyph"));
        }
        if !ATTRIBUTES.contains(&key) {
            return Ok(());
        }
        let value = value.trim();
        let v = value.to_ascii_lowercase();
        if v.contains("url(") || v.contains("expression(") || v.contains("javascript") {
            return Err(format!(
                "`{key}` refers to something else (`{value}`); a glyph uses solid colours"
            ));
        }
        if value
            .chars()
            .any(|c| c.is_control() || "<>\"'\\;{}".contains(c))
        {
            return Err(format!("the value of `{key}` cannot be read: `{value}`"));
        }
        attrs.retain(|(k, _)| k != key);
        attrs.push((key.to_string(), value.to_string()));
        Ok(())
    };
    for a in node.attributes() {
        if a.namespace().is_some() {
            // xlink:href is a link wherever it stands; other namespaces are editors' notes.
            if a.name().ends_with("href") {
                return Err("links (`xlink:href`) are not allowed in a glyph".to_string());
            }
            continue;
        }
        if a.name() == "style" {
            for decl in a.value().split(';') {
                if let Some((k, v)) = decl.split_once(':') {
                    keep(k, v)?;
                }
            }
        } else {
            keep(a.name(), a.value())?;
        }
    }
    let _ = write!(out, "<{name}");
    for (k, v) in &attrs {
        let _ = write!(out, " {k}=\"{}\"", xml_escape(v));
    }
    let children: Vec<_> = node.children().filter(|n| n.is_element()).collect();
    if children.is_empty() {
        out.push_str("/>");
        return Ok(());
    }
    out.push('>');
    for c in children {
        element(c, depth + 1, count, out)?;
    }
    let _ = write!(out, "</{name}>");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_kept_and_scripts_refused() {
        let g = sanitise(
            r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="x" viewBox="0 0 45 45">
                 <title>knight</title>
                 <g inkscape:label="layer" style="fill:#fff;stroke:currentColor" id="a">
                   <path d="M 22,10 C 32.5,11 38.5,18 38,39 L 15,39" onclick="x()"/>
                 </g>
               </svg>"##,
        );
        assert!(g.is_err(), "an event attribute is refused: {g:?}");
        let g = sanitise(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45">
                 <g style="fill:#fff;stroke:currentColor" id="a"><path d="M 22,10 L 15,39"/></g>
               </svg>"##,
        )
        .unwrap();
        assert_eq!(g.view_box, [0.0, 0.0, 45.0, 45.0]);
        assert_eq!(
            g.body,
            r##"<g fill="#fff" stroke="currentColor"><path d="M 22,10 L 15,39"/></g>"##
        );
        for bad in [
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script></svg>"#,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="x.png"/></svg>"#,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect fill="url(#g)"/></svg>"#,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>"#,
            r#"<!DOCTYPE svg [<!ENTITY a "b">]><svg viewBox="0 0 1 1"><rect/></svg>"#,
            r#"<html/>"#,
        ] {
            assert!(sanitise(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_glyphs_are_short_and_printable() {
        assert_eq!(text_problem("♞"), None);
        assert_eq!(text_problem("龍王"), None);
        assert!(text_problem("").is_some());
        assert!(text_problem("  ").is_some());
        assert!(text_problem("Knight").is_some());
        assert!(text_problem("a\u{7}").is_some());
    }
}
