//! The marks and lines of pictures: what a move overlay or a movement diagram draws on a square
//! (`Mark`) and along a move (`Trace`), each with its legend shape and meaning.

use super::style::marks as mc;
use super::svg::{circle, group, line, polygon, polyline, rect, Element};

/// Something drawn on a square on top of the board: move overlays and diagram marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Mark {
    /// A square of the last move played (where it left and where it landed).
    Last,
    /// The square whose moves are shown.
    From,
    /// A move to an empty square.
    Quiet,
    /// A capture on the landing square.
    Capture,
    /// A piece captured elsewhere than the landing square (locust, en passant).
    Captured,
    /// A piece hopped over without being captured (a cannon's screen).
    Screen,
    /// Diagram: may move here, not capture.
    MoveOnly,
    /// Diagram: may only capture here.
    CaptureOnly,
    /// Diagram: may move or capture here.
    MoveOrCapture,
    /// Diagram: a hopping move may land here.
    Hop,
    /// Diagram: a piece here blocks a lame leap.
    Blocker,
    /// Diagram: a multi-leg move captures an enemy here in passing (locust).
    Locust,
    /// Diagram: an example piece to hop over, placed so the picture shows where a hop lands.
    Hurdle,
}

impl Mark {
    /// Stable name, used as `data-mark` and in the class `mark-NAME`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mark::Last => "last",
            Mark::From => "from",
            Mark::Quiet => "quiet",
            Mark::Capture => "capture",
            Mark::Captured => "captured",
            Mark::Screen => "screen",
            Mark::MoveOnly => "move-only",
            Mark::CaptureOnly => "capture-only",
            Mark::MoveOrCapture => "move-or-capture",
            Mark::Hop => "hop",
            Mark::Blocker => "blocker",
            Mark::Locust => "locust",
            Mark::Hurdle => "hurdle",
        }
    }

    /// What the mark means, for the legend.
    pub(crate) fn meaning(self) -> &'static str {
        match self {
            Mark::Last => "last move",
            Mark::From => "piece shown",
            Mark::Quiet => "move",
            Mark::Capture => "capture",
            Mark::Captured => "captured in passing",
            Mark::Screen => "screen hopped over",
            Mark::MoveOnly => "move only",
            Mark::CaptureOnly => "capture only",
            Mark::MoveOrCapture => "move or capture",
            Mark::Hop => "hop (needs a screen)",
            Mark::Blocker => "blocks when occupied",
            Mark::Locust => "captures an enemy here in passing",
            Mark::Hurdle => "a piece to hop over (example)",
        }
    }

    /// Whether the mark is drawn under the pieces (a square highlight) rather than over them.
    pub(super) fn under_pieces(self) -> bool {
        matches!(self, Mark::From | Mark::Last | Mark::Hurdle)
    }

    /// The mark as a legend swatch of size `w` centred on (x, y): the small off-centre marks are
    /// drawn centred and larger, so they can be told apart there.
    pub(super) fn legend_shape(self, x: f32, y: f32, w: f32) -> Element {
        match self {
            Mark::Hop => self.shape(x - 0.26 * 2.0 * w, y + 0.26 * 2.0 * w, 2.0 * w),
            Mark::Locust => cross_badge(x, y, 2.2 * w),
            Mark::Screen => hop_badge(x, y, 2.6 * w),
            _ => self.shape(x, y, 1.1 * w),
        }
    }

    /// The mark's shape centred on (x, y) for a cell of size `c`.
    pub(super) fn shape(self, x: f32, y: f32, c: f32) -> Element {
        let cross = |colour: &str, arm: f32| {
            group("cross")
                .attr("stroke", colour)
                .attr("stroke-width", 0.08 * c)
                .attr("stroke-linecap", "round")
                .child(line(x - arm, y - arm, x + arm, y + arm))
                .child(line(x - arm, y + arm, x + arm, y - arm))
        };
        match self {
            Mark::From => rect(x - c / 2.0, y - c / 2.0, c, c)
                .attr("fill", mc::FROM)
                .attr("fill-opacity", 0.75),
            Mark::Last => rect(x - c / 2.0, y - c / 2.0, c, c)
                .attr("fill", mc::LAST)
                .attr("fill-opacity", 0.55),
            // A white rim keeps the dot visible on a zone of a similar colour.
            Mark::Quiet => circle(x, y, 0.14 * c)
                .attr("fill", mc::QUIET)
                .attr("stroke", "#ffffff")
                .attr("stroke-width", 0.05 * c),
            Mark::Capture => ring(x, y, 0.46 * c, mc::CAPTURE, 0.07 * c),
            // A dashed ring with a cross badge in the corner, leaving the victim readable.
            Mark::Captured => group("captured")
                .child(ring(x, y, 0.46 * c, mc::CAPTURE, 0.06 * c).attr(
                    "stroke-dasharray",
                    format!("{} {}", super::svg::num(0.1 * c), super::svg::num(0.07 * c)),
                ))
                .child(cross_badge(
                    x - BADGE_AT * c,
                    y + BADGE_AT * c,
                    BADGE_SCALE * c,
                )),
            // A diamond badge in the top right corner: the screen's piece stays readable.
            Mark::Screen => hop_badge(x + BADGE_AT * c, y - BADGE_AT * c, c),
            // A ghost piece: a dashed grey disc where the example hurdle stands.
            Mark::Hurdle => circle(x, y, 0.36 * c)
                .attr("fill", "#9e9e9e")
                .attr("fill-opacity", 0.35)
                .attr("stroke", mc::BLOCKER)
                .attr("stroke-width", 0.05 * c)
                .attr(
                    "stroke-dasharray",
                    format!(
                        "{} {}",
                        super::svg::num(0.08 * c),
                        super::svg::num(0.06 * c)
                    ),
                ),
            Mark::MoveOnly => ring(x, y, 0.17 * c, mc::QUIET, 0.06 * c),
            Mark::CaptureOnly => cross(mc::CAPTURE, 0.16 * c),
            Mark::MoveOrCapture => circle(x, y, 0.17 * c).attr("fill", mc::BOTH),
            Mark::Hop => {
                // Off-centre, so a hop can share a square with a plain move's mark.
                let (x, y) = (x + 0.26 * c, y - 0.26 * c);
                let r = 0.17 * c;
                polygon(&[
                    (x, y - r),
                    (x + r * 0.87, y + r / 2.0),
                    (x - r * 0.87, y + r / 2.0),
                ])
                .attr("fill", mc::HOP)
            }
            Mark::Blocker => rect(x - 0.16 * c, y - 0.16 * c, 0.32 * c, 0.32 * c)
                .attr("fill", "#ffffff")
                .attr("fill-opacity", 0.7)
                .attr("stroke", mc::BLOCKER)
                .attr("stroke-width", 0.06 * c),
            // Off-centre (bottom left, where a hop's triangle is top right), so it can share a
            // square with a blocker: a friend there blocks, an enemy is taken.
            Mark::Locust => cross_badge(x - 0.26 * c, y + 0.26 * c, c),
        }
    }
}

/// Where corner badges stand, from the square's centre, in cells along each axis: clear of the
/// box a piece's glyph is drawn in.
pub(super) const BADGE_AT: f32 = 0.41;
/// The size of a corner badge, as a fraction of the one a cell would get.
const BADGE_SCALE: f32 = 0.6;

/// A small orange diamond with a white rim centred on (x, y), for a cell of size `c`: where a
/// hop passes over a piece.
pub(super) fn hop_badge(x: f32, y: f32, c: f32) -> Element {
    let r = 0.11 * c;
    diamond(x, y, r)
        .attr("fill", mc::HOP)
        .attr("stroke", "#ffffff")
        .attr("stroke-width", 0.025 * c)
        .attr("class", "hop-badge")
}

/// A small white disc with a red cross, centred on (x, y), for a cell of size `c`.
pub(super) fn cross_badge(x: f32, y: f32, c: f32) -> Element {
    let arm = 0.07 * c;
    group("cross-badge")
        .child(
            circle(x, y, 0.14 * c)
                .attr("fill", "#ffffff")
                .attr("stroke", mc::CAPTURE)
                .attr("stroke-width", 0.05 * c),
        )
        .child(
            group("cross")
                .attr("stroke", mc::CAPTURE)
                .attr("stroke-width", 0.05 * c)
                .attr("stroke-linecap", "round")
                .child(line(x - arm, y - arm, x + arm, y + arm))
                .child(line(x - arm, y + arm, x + arm, y - arm)),
        )
}

pub(super) fn ring(x: f32, y: f32, r: f32, colour: &str, width: f32) -> Element {
    circle(x, y, r)
        .attr("fill", "none")
        .attr("stroke", colour)
        .attr("stroke-width", width)
}

pub(super) fn diamond(x: f32, y: f32, r: f32) -> Element {
    polygon(&[(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
}

/// A line drawn from the piece in a movement diagram.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Trace {
    /// A slide along a straight line, through empty squares.
    Ride(Vec<(f32, f32)>),
    /// A ride that must hop over a screen.
    HopRide(Vec<(f32, f32)>),
    /// A bent or multi-step path (lame leapers, multi-leg moves).
    Path(Vec<(f32, f32)>),
}

impl Trace {
    pub(super) fn class(&self) -> &'static str {
        match self {
            Trace::Ride(_) => "ride",
            Trace::HopRide(_) => "hop-ride",
            Trace::Path(_) => "path",
        }
    }

    pub(super) fn meaning(&self) -> &'static str {
        match self {
            Trace::Ride(_) => "ride (slides along the line)",
            Trace::HopRide(_) => "hopping ride",
            Trace::Path(_) => "path of a multi-step move",
        }
    }

    pub(super) fn shape(&self, c: f32) -> Element {
        let (points, colour, dash) = match self {
            Trace::Ride(p) => (p, mc::BOTH, None),
            Trace::HopRide(p) => (
                p,
                mc::HOP,
                Some(format!(
                    "{} {}",
                    super::svg::num(0.12 * c),
                    super::svg::num(0.08 * c)
                )),
            ),
            Trace::Path(p) => (
                p,
                mc::BLOCKER,
                Some(format!(
                    "{} {}",
                    super::svg::num(0.05 * c),
                    super::svg::num(0.05 * c)
                )),
            ),
        };
        polyline(points)
            .attr("fill", "none")
            .attr("stroke", colour)
            .attr("stroke-width", 0.06 * c)
            .attr("stroke-opacity", 0.8)
            .attr("stroke-linecap", "round")
            .attr("stroke-linejoin", "round")
            .attr_opt("stroke-dasharray", dash)
    }
}
