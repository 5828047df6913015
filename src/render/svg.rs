//! A small SVG element tree: elements with attributes and children, serialised with escaping.
//! Drawing code builds values of [`Element`] instead of concatenating strings.

use crate::markup::xml_escape as escape;
use std::fmt::Write;

/// One SVG element with its attributes, in insertion order, and its children.
#[derive(Clone, Debug)]
pub(super) struct Element {
    name: &'static str,
    attrs: Vec<(&'static str, String)>,
    children: Vec<Node>,
}

#[derive(Clone, Debug)]
enum Node {
    Element(Element),
    Text(String),
    /// Markup written as it is: only what the compiler rebuilt from an allow-list (a piece's
    /// SVG glyph, [`crate::rules::SvgGlyph`]).
    Raw(String),
}

/// A value that can be written as an attribute: numbers are rounded to two decimals.
pub(super) trait AttrValue {
    /// The attribute text, before escaping.
    fn to_attr(&self) -> String;
}

impl AttrValue for &str {
    fn to_attr(&self) -> String {
        (*self).to_string()
    }
}

impl AttrValue for String {
    fn to_attr(&self) -> String {
        self.clone()
    }
}

impl AttrValue for &String {
    fn to_attr(&self) -> String {
        (*self).clone()
    }
}

impl AttrValue for f32 {
    fn to_attr(&self) -> String {
        num(*self)
    }
}

macro_rules! int_attr {
    ($($t:ty),*) => {$(
        impl AttrValue for $t {
            fn to_attr(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
int_attr!(u8, u16, u32, i32, usize);

/// A number with at most two decimals and no trailing zeros (`12`, `12.5`, `0.33`).
pub(super) fn num(x: f32) -> String {
    // In hundredths, rounded as `{:.2}` rounds (ties to even on the exact value; an `f32` times 100
    // is exact in `f64`), without the float formatter: pictures print thousands of numbers, and
    // the studio draws one for every response that shows the board.
    let h = (f64::from(x) * 100.0).round_ties_even();
    if h.is_finite() && h.abs() < 1e15 {
        let h = h as i64;
        let (sign, a) = if h < 0 { ("-", -h) } else { ("", h) };
        let (int, frac) = (a / 100, a % 100);
        return match frac {
            0 if int == 0 => "0".to_string(),
            0 => format!("{sign}{int}"),
            f if f % 10 == 0 => format!("{sign}{int}.{}", f / 10),
            f => format!("{sign}{int}.{f:02}"),
        };
    }
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

impl Element {
    /// An element with no attributes or children.
    pub(super) fn new(name: &'static str) -> Element {
        Element {
            name,
            attrs: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Adds an attribute.
    pub(super) fn attr(mut self, key: &'static str, value: impl AttrValue) -> Element {
        self.attrs.push((key, value.to_attr()));
        self
    }

    /// Adds an attribute when the value is present.
    pub(super) fn attr_opt(self, key: &'static str, value: Option<impl AttrValue>) -> Element {
        match value {
            Some(v) => self.attr(key, v),
            None => self,
        }
    }

    /// Adds a child element.
    pub(super) fn child(mut self, c: Element) -> Element {
        self.children.push(Node::Element(c));
        self
    }

    /// Adds a child element in place.
    pub(super) fn push(&mut self, c: Element) {
        self.children.push(Node::Element(c));
    }

    /// Adds every element of an iterator as children, in place.
    pub(super) fn extend(&mut self, cs: impl IntoIterator<Item = Element>) {
        self.children.extend(cs.into_iter().map(Node::Element));
    }

    /// Adds text content.
    pub(super) fn text(mut self, t: impl Into<String>) -> Element {
        self.children.push(Node::Text(t.into()));
        self
    }

    /// Adds markup that is already well-formed and safe (a compiled SVG glyph's shapes).
    pub(super) fn raw(mut self, markup: &str) -> Element {
        self.children.push(Node::Raw(markup.to_string()));
        self
    }

    /// The element as XML text, one element per line, children indented.
    pub(super) fn to_xml(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        for _ in 0..depth {
            out.push_str("  ");
        }
        out.push('<');
        out.push_str(self.name);
        for (k, v) in &self.attrs {
            let _ = write!(out, " {}=\"{}\"", k, escape(v));
        }
        if self.children.is_empty() {
            out.push_str("/>\n");
            return;
        }
        out.push('>');
        let only_text = self.children.iter().all(|c| matches!(c, Node::Text(_)));
        if only_text {
            for c in &self.children {
                if let Node::Text(t) = c {
                    out.push_str(&escape(t));
                }
            }
        } else {
            out.push('\n');
            for c in &self.children {
                match c {
                    Node::Element(e) => e.write(out, depth + 1),
                    Node::Text(t) => {
                        for _ in 0..=depth {
                            out.push_str("  ");
                        }
                        out.push_str(&escape(t));
                        out.push('\n');
                    }
                    Node::Raw(m) => {
                        for _ in 0..=depth {
                            out.push_str("  ");
                        }
                        out.push_str(m);
                        out.push('\n');
                    }
                }
            }
            for _ in 0..depth {
                out.push_str("  ");
            }
        }
        let _ = writeln!(out, "</{}>", self.name);
    }
}

/// A `<g>` with a class.
pub(super) fn group(class: &str) -> Element {
    Element::new("g").attr("class", class)
}

/// A `<rect>`.
pub(super) fn rect(x: f32, y: f32, w: f32, h: f32) -> Element {
    Element::new("rect")
        .attr("x", x)
        .attr("y", y)
        .attr("width", w)
        .attr("height", h)
}

/// A `<circle>`.
pub(super) fn circle(cx: f32, cy: f32, r: f32) -> Element {
    Element::new("circle")
        .attr("cx", cx)
        .attr("cy", cy)
        .attr("r", r)
}

/// A `<line>`.
pub(super) fn line(x1: f32, y1: f32, x2: f32, y2: f32) -> Element {
    Element::new("line")
        .attr("x1", x1)
        .attr("y1", y1)
        .attr("x2", x2)
        .attr("y2", y2)
}

/// A `<polyline>` through the points.
pub(super) fn polyline(points: &[(f32, f32)]) -> Element {
    let pts: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect();
    Element::new("polyline").attr("points", pts.join(" "))
}

/// A closed `<polygon>` through the points.
pub(super) fn polygon(points: &[(f32, f32)]) -> Element {
    let pts: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
        .collect();
    Element::new("polygon").attr("points", pts.join(" "))
}

/// A `<text>` centred on (x, y) horizontally and vertically.
pub(super) fn centred_text(x: f32, y: f32, size: f32, t: &str) -> Element {
    Element::new("text")
        .attr("x", x)
        .attr("y", y)
        .attr("font-size", size)
        .attr("text-anchor", "middle")
        .attr("dominant-baseline", "central")
        .text(t)
}

/// A `<text>` starting at (x, y), vertically centred.
pub(super) fn left_text(x: f32, y: f32, size: f32, t: &str) -> Element {
    Element::new("text")
        .attr("x", x)
        .attr("y", y)
        .attr("font-size", size)
        .attr("dominant-baseline", "central")
        .text(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn numbers_print_as_the_float_formatter_rounds() {
        let formatted = |x: f32| {
            let s = format!("{:.2}", x);
            let s = s.trim_end_matches('0').trim_end_matches('.');
            if s == "-0" || s.is_empty() {
                "0".to_string()
            } else {
                s.to_string()
            }
        };
        // Ties (0.125, 0.625), values just under a tie (1.005 is 1.00499... as an f32), signs,
        // and a sweep over the range pictures use.
        let mut xs = vec![
            0.125, 0.375, 0.625, -0.125, 1.005, -0.005, 0.015, 12.345, -7.5, 1e9,
        ];
        xs.extend((-200_000..200_000).map(|i| i as f32 * 0.0037));
        for x in xs {
            assert_eq!(num(x), formatted(x), "{x}");
        }
    }

    #[test]
    fn attributes_and_text_are_escaped() {
        let e = Element::new("g")
            .attr("data-name", "a\"<b>")
            .child(Element::new("text").text("x & y"));
        assert_eq!(
            e.to_xml(),
            "<g data-name=\"a&quot;&lt;b&gt;\">\n  <text>x &amp; y</text>\n</g>\n"
        );
    }
}
