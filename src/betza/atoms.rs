//! Atoms and ranges: the upper-case letters (`W`, `N`, `K` is `W` and `F`, `(x,y)` leaps), their
//! range suffixes (`R` is `W0`, `W3`, `W03`) and the modifiers Chimera does not read.

use super::*;

pub(super) const fn basic(x: u8, y: u8, rides: bool, name: &'static str) -> Basic {
    Basic { x, y, rides, name }
}

/// A leap Betza names with one letter: the one table of Betza's leap letters, read by the Betza
/// reader, the words of the rules sheet and the Fairy-Stockfish export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NamedLeap {
    /// Its letter (`N`).
    pub letter: &'static str,
    /// The longer side of the leap (2 for `N`).
    pub long: u8,
    /// The shorter side of the leap (1 for `N`).
    pub short: u8,
    /// Its classic name (`knight`).
    pub name: &'static str,
}

const fn leap(letter: &'static str, long: u8, short: u8, name: &'static str) -> NamedLeap {
    NamedLeap {
        letter,
        long,
        short,
        name,
    }
}

/// Every leap with a letter of its own, shortest first.
pub(crate) const NAMED_LEAPS: [NamedLeap; 9] = [
    leap("W", 1, 0, "wazir"),
    leap("F", 1, 1, "ferz"),
    leap("D", 2, 0, "dabbaba"),
    leap("N", 2, 1, "knight"),
    leap("A", 2, 2, "alfil"),
    leap("H", 3, 0, "threeleaper"),
    leap("C", 3, 1, "camel"),
    leap("Z", 3, 2, "zebra"),
    leap("G", 3, 3, "tripper"),
];

/// Second letters of named leaps: `L` is the camel `C`, `J` the zebra `Z`.
const LEAP_ALIASES: [(char, &str); 2] = [('L', "C"), ('J', "Z")];

/// The named leap of (longer side, shorter side), if it has a letter.
pub(crate) fn named_leap(long: u8, short: u8) -> Option<&'static NamedLeap> {
    NAMED_LEAPS
        .iter()
        .find(|l| (l.long, l.short) == (long, short))
}

pub(super) fn letter_atom(c: char, rides: bool) -> Option<Vec<Basic>> {
    Some(match c {
        'K' => vec![basic(1, 0, rides, "W"), basic(1, 1, rides, "F")],
        'R' => vec![basic(1, 0, true, "R")],
        'B' => vec![basic(1, 1, true, "B")],
        'Q' => vec![basic(1, 0, true, "R"), basic(1, 1, true, "B")],
        _ => {
            let mut buf = [0; 4];
            let letter: &str = c.encode_utf8(&mut buf);
            let letter = LEAP_ALIASES
                .iter()
                .find(|(alias, _)| *alias == c)
                .map_or(letter, |(_, l)| *l);
            let l = NAMED_LEAPS.iter().find(|l| l.letter == letter)?;
            vec![basic(l.long, l.short, rides, l.letter)]
        }
    })
}

pub(super) const ATOM_HELP: &str =
    "atoms are W F D N A H C (L) Z (J) G K R B Q, or any leap written `(x,y)`, e.g. `(3,1)`";

pub(super) fn atom(pair: Pair<Rule>) -> Result<Vec<Basic>, BetzaError> {
    let span = span_of(&pair);
    let text = pair.as_str();
    match pair.as_rule() {
        Rule::letter => {
            let c = text.chars().next().unwrap_or('?');
            letter_atom(c, false)
                .ok_or_else(|| BetzaError::new(span, format!("unknown atom `{text}`"), ATOM_HELP))
        }
        Rule::doubled => {
            let c = text.chars().next().unwrap_or('?');
            letter_atom(c, true)
                .ok_or_else(|| BetzaError::new(span, format!("unknown atom `{text}`"), ATOM_HELP))
        }
        Rule::coordinate => {
            let mut nums = pair
                .into_inner()
                .map(|n| (span_of(&n), n.as_str().parse::<u32>()));
            let (Some((sa, a)), Some((sb, b))) = (nums.next(), nums.next()) else {
                return Err(BetzaError::new(
                    span,
                    "malformed coordinate leap",
                    "write `(x,y)`",
                ));
            };
            let get = |s: (usize, usize), v: Result<u32, _>| {
                match v {
                Ok(n) if n <= 15 => Ok(n as u8),
                _ => Err(BetzaError::new(
                    s,
                    "leap too long",
                    "each coordinate of a leap is at most 15 (boards have at most 16 files and ranks)",
                )),
            }
            };
            let a = get(sa, a)?;
            let b = get(sb, b)?;
            if a == 0 && b == 0 {
                return Err(BetzaError::new(
                    span,
                    "`(0,0)` does not move",
                    "a leap needs a non-zero coordinate, e.g. `(1,0)` for `W`",
                ));
            }
            Ok(vec![basic(a.max(b), a.min(b), false, "leap")])
        }
        Rule::bad_coordinate => {
            if text.ends_with(')') {
                Err(BetzaError::new(
                    span,
                    format!("malformed coordinate leap `{text}`"),
                    "write a leap as two numbers, `(x,y)`, e.g. `(3,1)`",
                ))
            } else {
                Err(BetzaError::new(
                    (span.0, span.0 + 1),
                    "unbalanced `(`",
                    "close the coordinate leap: `(x,y)`, e.g. `(3,1)`",
                ))
            }
        }
        _ => Err(BetzaError::new(span, "expected an atom", ATOM_HELP)),
    }
}

pub(super) fn range(pair: &Pair<Rule>) -> Result<Range, BetzaError> {
    let text = pair.as_str();
    let bad = || {
        BetzaError::new(
            span_of(pair),
            format!("bad range `{text}`"),
            "`W3` rides up to 3 steps, `W0` without limit, `W03` exactly 3; at most 254",
        )
    };
    let n = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|n| (1..=254).contains(n))
            .map(|n| n as u8)
    };
    if text == "0" {
        Ok(Range::UpTo(Leg::UNLIMITED))
    } else if let Some(rest) = text.strip_prefix('0') {
        n(rest).map(Range::Exactly).ok_or_else(bad)
    } else {
        n(text).map(Range::UpTo).ok_or_else(bad)
    }
}

pub(super) fn is_direction(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h')
}

pub(super) fn unsupported(c: char) -> Option<&'static str> {
    Some(match c {
        'y' => "the range toggle `y` is not supported; write each leg's atom range explicitly",
        'o' => "cylinder moves (`o`) are not supported",
        'q' | 'z' => "circular and zig-zag riders (`q`, `z`) are not supported",
        'd' | 'u' => "destroying or unloading (`d`, `u`) is not supported",
        't' | 'x' | 'w' => "old XBoard chaining letters are not supported; use `a` to join legs",
        _ => return None,
    })
}
