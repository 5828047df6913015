//! Colours and sizes: defaults, the definition's render hints, and the players' colours.

use crate::geometry::{ByPlayer, Player};
use crate::rules::RuleSet;

/// Default light square colour (also the board colour of intersection boards): a calm, pale
/// ground, so that the zones (drawn in their colours as declared) are what stands out.
pub(super) const LIGHT: &str = "#f3efe6";
/// Default dark square colour.
pub(super) const DARK: &str = "#cfc6b4";
/// Grid lines of intersection boards, diagonals and outlines.
pub(super) const INK: &str = "#3b2a1a";
/// The river band.
pub(super) const RIVER: &str = "#b9d7ea";
/// Background of the whole picture.
pub(super) const PAPER: &str = "#ffffff";
/// The disc under a character glyph of a dark-coloured player (a xiangqi piece's wood).
pub(super) const IVORY: &str = "#f6ecd2";
/// The wood of a wedge (`render { wedges }`).
pub(super) const WEDGE: &str = "#f2d59b";
/// The ink of a promoted wedge's face.
pub(super) const PROMOTED_INK: &str = "#c0281f";
/// Default cell size in pixels.
pub(super) const DEFAULT_CELL: u32 = 48;

/// Zone colours used in declaration order when the definition gives none (Tableau 10, distinguishable).
const ZONE_PALETTE: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7",
    "#9c755f", "#bab0ac",
];

/// How far an undeclared zone's palette colour is lightened towards white: a designer's declared
/// colour is drawn as written, a colour Chimera chose stays a tint.
const UNDECLARED_TINT: f32 = 0.55;
/// How much a zone's colour is darkened on the board's dark squares, so the pattern shows.
pub(super) const ZONE_DARK_SHADE: f32 = 0.12;
/// How much a zone's colour is darkened for its border.
pub(super) const ZONE_BORDER_SHADE: f32 = 0.3;

/// Overlay and diagram mark colours.
pub(super) mod marks {
    /// Quiet moves / move-only squares.
    pub(crate) const QUIET: &str = "#2e7d32";
    /// Captures / capture-only squares.
    pub(crate) const CAPTURE: &str = "#c62828";
    /// Squares where the piece may move or capture.
    pub(crate) const BOTH: &str = "#1f4e9c";
    /// Hopping moves and screens.
    pub(crate) const HOP: &str = "#ef6c00";
    /// Blocking squares of lame leapers.
    pub(crate) const BLOCKER: &str = "#616161";
    /// The square whose moves are shown.
    pub(crate) const FROM: &str = "#f9e04b";
    /// The squares of the last move.
    pub(crate) const LAST: &str = "#9bc53d";
    /// Border of the zone where a zone-dependent move applies, in piece diagrams.
    pub(crate) const APPLIES: &str = "#8e24aa";
    /// Promoted pieces and pending promotions.
    pub(crate) const PROMOTED: &str = "#d4a017";
}

/// The colours a picture of one variant uses.
#[derive(Clone, Debug)]
pub(super) struct Palette {
    /// Light squares (and the board of intersection boards).
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// Zone name → colour, for every zone of the rule set.
    pub zones: Vec<(String, String)>,
    /// Disc colour of each player's pieces.
    pub sides: ByPlayer<String>,
}

impl Palette {
    /// The palette of a rule set: its render hints, then defaults.
    pub(super) fn of(rules: &RuleSet) -> Palette {
        let hints = &rules.render;
        let zones = rules
            .zones
            .keys()
            .enumerate()
            .map(|(i, name)| {
                let colour = hints.zone_colours.get(name).cloned().unwrap_or_else(|| {
                    mix(
                        ZONE_PALETTE[i % ZONE_PALETTE.len()],
                        "#ffffff",
                        UNDECLARED_TINT,
                    )
                });
                (name.clone(), colour)
            })
            .collect();
        Palette {
            light: hints.light.clone().unwrap_or_else(|| LIGHT.to_string()),
            dark: hints.dark.clone().unwrap_or_else(|| DARK.to_string()),
            zones,
            sides: side_colours(&rules.players, &rules.render.side_colours),
        }
    }

    /// The colour of a zone.
    pub(super) fn zone(&self, name: &str) -> &str {
        self.zones
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.as_str())
            .unwrap_or(ZONE_PALETTE[0])
    }

    /// Disc colour of a player's pieces.
    pub(super) fn side(&self, p: Player) -> &str {
        &self.sides[p]
    }

    /// Letter colour on a player's discs: dark on light discs, white on dark ones.
    pub(super) fn side_ink(&self, p: Player) -> &'static str {
        match parse_hex(self.side(p)) {
            Some(rgb) if luminance(rgb) < 0.5 => "#ffffff",
            _ => "#111111",
        }
    }
}

/// Colour words a player may be named after; players with other names get white and black.
const COLOUR_WORDS: [(&str, &str); 14] = [
    ("white", "#f8f8f8"),
    ("black", "#222222"),
    ("red", "#c62828"),
    ("blue", "#1f4e9c"),
    ("green", "#2e7d32"),
    ("yellow", "#f2c200"),
    ("gold", "#d4a017"),
    ("silver", "#c0c0c0"),
    ("orange", "#ef6c00"),
    ("purple", "#6a1b9a"),
    ("brown", "#6d4c41"),
    ("grey", "#808080"),
    ("gray", "#808080"),
    ("pink", "#e91e63"),
];

/// The piece colours of the two players: the declared ones, else a player named after a colour
/// gets that colour.
fn side_colours(
    players: &ByPlayer<String>,
    declared: &ByPlayer<Option<String>>,
) -> ByPlayer<String> {
    let word = |name: &str| {
        COLOUR_WORDS
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(name))
            .map(|(_, c)| c.to_string())
    };
    let first = word(&players[Player::First]).unwrap_or_else(|| COLOUR_WORDS[0].1.to_string());
    let second = word(&players[Player::Second]).unwrap_or_else(|| COLOUR_WORDS[1].1.to_string());
    let [first, second] = if first == second {
        [COLOUR_WORDS[0].1.to_string(), COLOUR_WORDS[1].1.to_string()]
    } else {
        [first, second]
    };
    ByPlayer::new(
        declared[Player::First].clone().unwrap_or(first),
        declared[Player::Second].clone().unwrap_or(second),
    )
}

/// Parses `#rrggbb` (or `#rgb`).
pub(super) fn parse_hex(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    let byte = |i: usize, len: usize| -> Option<u8> {
        let v = u8::from_str_radix(h.get(i..i + len)?, 16).ok()?;
        Some(if len == 1 { v * 17 } else { v })
    };
    match h.len() {
        6 => Some([byte(0, 2)?, byte(2, 2)?, byte(4, 2)?]),
        3 => Some([byte(0, 1)?, byte(1, 1)?, byte(2, 1)?]),
        _ => None,
    }
}

/// `a` moved a fraction `t` of the way to `b` (both `#rgb` or `#rrggbb`), as `#rrggbb`; `a`
/// unchanged when either cannot be read.
pub(super) fn mix(a: &str, b: &str, t: f32) -> String {
    match (parse_hex(a), parse_hex(b)) {
        (Some(x), Some(y)) => {
            let c = |i: usize| (x[i] as f32 + (y[i] as f32 - x[i] as f32) * t).round() as u8;
            format!("#{:02x}{:02x}{:02x}", c(0), c(1), c(2))
        }
        _ => a.to_string(),
    }
}

/// Relative luminance, 0 (black) to 1 (white), roughly as the eye sees it.
pub(super) fn luminance([r, g, b]: [u8; 3]) -> f32 {
    (0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32) / 255.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_named_after_colours_get_them() {
        assert_eq!(
            side_colours(
                &ByPlayer::new("Red".into(), "Black".into()),
                &ByPlayer::new(None, None)
            )
            .0,
            ["#c62828", "#222222"]
        );
        assert_eq!(
            side_colours(
                &ByPlayer::new("Sente".into(), "Gote".into()),
                &ByPlayer::new(None, None)
            )
            .0,
            ["#f8f8f8", "#222222"]
        );
    }

    #[test]
    fn declared_colours_win_over_names() {
        assert_eq!(
            side_colours(
                &ByPlayer::new("Red".into(), "Black".into()),
                &ByPlayer::new(None, Some("#1f4e9c".into()))
            )
            .0,
            ["#c62828", "#1f4e9c"]
        );
    }

    #[test]
    fn hex_colours_parse() {
        assert_eq!(parse_hex("#f0d9b5"), Some([0xf0, 0xd9, 0xb5]));
        assert_eq!(parse_hex("#fff"), Some([255, 255, 255]));
        assert_eq!(parse_hex("wheat"), None);
    }
}
