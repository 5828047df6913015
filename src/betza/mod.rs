//! Betza / XBetza move strings → typed [`MovePattern`]s (grammar `grammar/betza.pest`).
//!
//! Every component (`fmW`, `afsW`, `mRcpR` is two) expands into concrete patterns, one per direction,
//! seen from the first player: `df` is the change of file (positive = right, towards higher files),
//! `dr` the change of rank (positive = forward).
//!
//! Conventions (the contract with the engine, see [`crate::rules::Leg`]):
//! * A leaper is one leg with `step` = the leap and `min == max == 1`; a rider (`R`, `NN`, `W0`, `W3`)
//!   has `step` = the unit leap, `min` 1 and `max` the range ([`Leg::UNLIMITED`] for unlimited).
//!   `W03` rides exactly three steps (`min == max == 3`).
//! * A final leg with neither `m` nor `c` may move or capture. `p` / `g` on the final leg set its hop.
//! * Lame leapers (`n`) become legs: `nN` is a `W` step that must be empty, then an `F` step outward
//!   (so `nN` equals `afsW`); `nA` is two `F` steps, `nD` two `W` steps, `nH` three `W`, `nG` three `F`.
//! * `j` on `D` / `A` (must jump an occupied square): two unit legs, the first with `over_piece` only
//!   (the square must hold a piece of either side, which is not captured).
//! * Multi-leg `a`: modifiers left of an `a` belong to the earlier leg; later legs' directions are
//!   relative to the previous leg (`f` straight on, `l`/`r` 90°, `fs`/`fl`/`fr` 45°, `bs`/`bl`/`br`
//!   135°, `b` back; default all but back) and a 45°/135° bend converts `W`↔`F`, `D`↔`A`, `H`↔`G`.
//!   A non-final leg is `m` by default; `c` = locust capture, `p` = over a piece, `mp` = either.

use crate::geometry::Offset;
use crate::rules::{Hop, Leg, LegMode, MovePattern};
use pest::iterators::Pair;
use pest::Parser;

mod atoms;
mod directions;
mod legs;

pub(crate) use atoms::named_leap;
use atoms::*;
use directions::*;
use legs::*;

mod grammar {
    //! The pest parser generated from `grammar/betza.pest`.
    #![allow(missing_docs)]
    use pest_derive::Parser;

    /// Parser for Betza strings.
    #[derive(Parser)]
    #[grammar = "../grammar/betza.pest"]
    pub(super) struct BetzaGrammar;
}

use grammar::{BetzaGrammar, Rule};

/// Most legs of one move (`a` separates them): four, where the longest moves in use (the lion's
/// and the fire demon's) have three.
pub(crate) const MAX_LEGS: usize = 4;

/// A fault in a Betza string, located inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte range inside the Betza string.
    pub span: (usize, usize),
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}

impl BetzaError {
    fn new(span: (usize, usize), message: impl Into<String>, help: impl Into<String>) -> Self {
        BetzaError {
            span,
            message: message.into(),
            help: Some(help.into()),
        }
    }
}

/// Parses a Betza string into concrete patterns seen from the first player.
///
/// ```
/// // The knight: eight one-leg leaps; the lame Xiangqi horse: eight two-leg moves.
/// let knight = chimera::parse_betza("N").expect("a Betza string");
/// assert_eq!(knight.len(), 8);
/// assert!(knight.iter().all(|p| p.legs.len() == 1));
/// let horse = chimera::parse_betza("nN").expect("a Betza string");
/// assert!(horse.iter().all(|p| p.legs.len() == 2));
/// assert!(chimera::parse_betza("Z?").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<MovePattern>, Vec<BetzaError>> {
    if text.is_empty() {
        return Err(vec![BetzaError::new(
            (0, 0),
            "empty move string",
            "write at least one atom, e.g. `W` or `fmW`",
        )]);
    }
    let mut pairs = match BetzaGrammar::parse(Rule::betza, text) {
        Ok(pairs) => pairs,
        // The grammar accepts every text (malformed parts become error productions); this is a
        // safety net only.
        Err(e) => {
            let pos = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            return Err(vec![BetzaError::new(
                (pos, char_end(text, pos)),
                "malformed move string",
                "a Betza string is modifiers followed by atoms, like `fmWfcF`",
            )]);
        }
    };
    let mut patterns: Vec<MovePattern> = Vec::new();
    let mut errors = Vec::new();
    let Some(top) = pairs.next() else {
        return Err(vec![BetzaError::new(
            (0, text.len()),
            "malformed move string",
            "write e.g. `fmW`",
        )]);
    };
    for pair in top.into_inner() {
        match pair.as_rule() {
            Rule::component => match component(pair) {
                Ok(ps) => {
                    for p in ps {
                        if !patterns.iter().any(|q| same_move(q, &p)) {
                            patterns.push(p);
                        }
                    }
                }
                Err(es) => errors.extend(es),
            },
            Rule::dangling => errors.push(dangling(&pair)),
            Rule::stray => errors.push(stray(&pair)),
            _ => {}
        }
    }
    if errors.is_empty() {
        Ok(patterns)
    } else {
        Err(errors)
    }
}

/// Two patterns that make the same moves (the span does not matter).
fn same_move(a: &MovePattern, b: &MovePattern) -> bool {
    a.legs == b.legs
        && a.initial == b.initial
        && a.en_passant == b.en_passant
        && a.royal_only == b.royal_only
}

fn span_of(pair: &Pair<Rule>) -> (usize, usize) {
    let s = pair.as_span();
    (s.start(), s.end())
}

/// The byte just after the character starting at `pos` (for one-character spans).
fn char_end(text: &str, pos: usize) -> usize {
    text.get(pos..)
        .and_then(|rest| rest.chars().next())
        .map_or(pos, |c| pos + c.len_utf8())
}

fn dangling(pair: &Pair<Rule>) -> BetzaError {
    let (start, end) = span_of(pair);
    let text = pair.as_str();
    if text.ends_with('a') {
        BetzaError::new(
            (end - 1, end),
            "`a` must be followed by the next leg and the atom",
            "`a` separates legs of one move, as in `afsW`; remove it or finish the move",
        )
    } else {
        BetzaError::new(
            (start, end),
            format!("modifiers `{text}` have no atom after them"),
            "end every component with an atom, e.g. `fmW`, `cF` or `(3,1)`",
        )
    }
}

fn stray(pair: &Pair<Rule>) -> BetzaError {
    let span = span_of(pair);
    let text = pair.as_str();
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        BetzaError::new(
            span,
            format!("range `{text}` has no atom before it"),
            "a range follows its atom: `W3` rides up to 3 steps, `W0` without limit",
        )
    } else if text == ")" {
        BetzaError::new(
            span,
            "unbalanced `)`",
            "a coordinate leap is written `(x,y)`, e.g. `(3,1)`",
        )
    } else if text.trim().is_empty() {
        BetzaError::new(
            span,
            "unexpected space in a move string",
            "a Betza string is one token; write several components without spaces, e.g. `mRcpR`",
        )
    } else {
        BetzaError::new(
            span,
            format!("unexpected character `{text}`"),
            "a Betza string is lower-case modifiers followed by an upper-case atom, e.g. `fmW`",
        )
    }
}

/// Geometry of an atom's leaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// `(x,0)`: 4 leaps along the lines.
    Orthogonal,
    /// `(x,x)`: 4 diagonal leaps.
    Diagonal,
    /// `(x,y)`, 0 < y < x: 8 leaps.
    Oblique,
}

/// One basic atom of a component (`K` gives two: `W` and `F`).
#[derive(Clone, Copy, Debug)]
struct Basic {
    /// The longer component of the leap.
    x: u8,
    /// The shorter one.
    y: u8,
    /// Rides without limit unless a range says otherwise (`R`, `NN`).
    rides: bool,
    /// Letter or text for messages.
    name: &'static str,
}

impl Basic {
    fn class(self) -> Class {
        if self.y == 0 {
            Class::Orthogonal
        } else if self.x == self.y {
            Class::Diagonal
        } else {
            Class::Oblique
        }
    }
}

/// How far the legs of a component go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    /// As the atom says: a leap, or an unlimited ride for `R`, `NN`.
    Default,
    /// `W3`: 1 to n steps (`W0`: unlimited).
    UpTo(u8),
    /// `W03`: exactly n steps.
    Exactly(u8),
}

/// The modifiers of one leg.
#[derive(Clone, Debug, Default)]
struct LegMods {
    /// Runs of adjacent direction letters, with their byte positions.
    runs: Vec<Vec<(char, usize)>>,
    m: bool,
    c: bool,
    p: Option<usize>,
    g: Option<usize>,
    n: Option<usize>,
    j: Option<usize>,
}

/// Flags that apply to every pattern of a component.
#[derive(Clone, Copy, Debug, Default)]
struct Flags {
    initial: bool,
    en_passant: bool,
    royal_only: bool,
}

fn component(pair: Pair<Rule>) -> Result<Vec<MovePattern>, Vec<BetzaError>> {
    let span = span_of(&pair);
    let text_of_component = pair.as_str().to_string();
    let mut errors = Vec::new();
    let mut legs: Vec<LegMods> = vec![LegMods::default()];
    let mut flags = Flags::default();
    let mut basics: Vec<Basic> = Vec::new();
    let mut rng = Range::Default;
    let mut atom_span = span;
    let mut last_mod: Option<usize> = None; // position of the previous modifier letter
    let mut a_positions = Vec::new();
    for inner in pair.into_inner() {
        match inner.as_rule() {
            Rule::modifier => {
                let pos = inner.as_span().start();
                let c = inner.as_str().chars().next().unwrap_or('?');
                let adjacent = last_mod.is_some_and(|p| p + 1 == pos);
                last_mod = Some(pos);
                let Some(leg) = legs.last_mut() else { continue };
                if is_direction(c) {
                    let prev_dir = leg.runs.last().and_then(|r| r.last()).map(|&(_, p)| p);
                    let joins_run =
                        adjacent && prev_dir.is_some() && prev_dir == pos.checked_sub(1);
                    match (joins_run, leg.runs.last_mut()) {
                        (true, Some(run)) => run.push((c, pos)),
                        _ => leg.runs.push(vec![(c, pos)]),
                    }
                    continue;
                }
                match c {
                    'a' if a_positions.len() + 1 >= MAX_LEGS => {
                        // Each leg multiplies the patterns by its directions: eight legs of a
                        // `W` are 4^8 paths from every square, more than any table holds.
                        errors.push(BetzaError::new(
                            (pos, pos + 1),
                            format!(
                                "a move has at most {MAX_LEGS} legs (`a` {} times)",
                                MAX_LEGS - 1
                            ),
                            "every `a` starts a leg and each leg multiplies the paths by its \
                             directions; pieces such as the lion need three",
                        ));
                        break;
                    }
                    'a' => {
                        a_positions.push(pos);
                        legs.push(LegMods::default());
                    }
                    'm' => leg.m = true,
                    'c' => leg.c = true,
                    'p' => leg.p = Some(pos),
                    'g' => leg.g = Some(pos),
                    'n' => leg.n = Some(pos),
                    'j' => leg.j = Some(pos),
                    'i' => flags.initial = true,
                    'e' => flags.en_passant = true,
                    'k' => flags.royal_only = true,
                    _ => {
                        let help =
                            unsupported(c).map(|h| (format!("unsupported modifier `{c}`"), h));
                        let (msg, help) = help.unwrap_or_else(|| {
                            (
                                format!("unknown modifier `{c}`"),
                                "modifiers are directions f b l r v s h, modes m c p g n j, \
                                 i (initial), e (en passant), k (royal only) and a (next leg)",
                            )
                        });
                        errors.push(BetzaError::new((pos, pos + 1), msg, help));
                    }
                }
            }
            Rule::range => match range(&inner) {
                Ok(r) => rng = r,
                Err(e) => errors.push(e),
            },
            _ => {
                atom_span = span_of(&inner);
                match atom(inner) {
                    Ok(b) => basics = b,
                    Err(e) => errors.push(e),
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out = Vec::new();
    for b in basics {
        let (min, max) = match rng {
            Range::Default if b.rides => (1, Leg::UNLIMITED),
            Range::Default => (1, 1),
            Range::UpTo(n) => (1, n),
            Range::Exactly(n) => (n, n),
        };
        let result = if legs.len() == 1 {
            single_leg(b, min, max, &legs[0], atom_span)
        } else {
            multi_leg(b, min, max, &legs, &a_positions)
        };
        match result {
            Ok(leg_lists) => {
                let all = leg_lists.len();
                let mut reason = None;
                for legs in leg_lists {
                    match never_moves(&legs) {
                        Some(why) => reason = Some(why),
                        None => out.push(MovePattern {
                            legs,
                            initial: flags.initial,
                            en_passant: flags.en_passant,
                            passable: flags.initial,
                            royal_only: flags.royal_only,
                            span,
                        }),
                    }
                }
                // Directions that return uselessly are dropped; a component left with none is an error.
                if let (Some(why), true) = (reason, all > 0 && out.is_empty()) {
                    let text = &text_of_component;
                    errors.push(BetzaError::new(
                        span,
                        format!("`{text}` can never make a move: {why}"),
                        "a multi-leg move that comes back to its square must capture on the way \
                         and land there as a move, as in `cabW` (capture and return)",
                    ));
                }
            }
            Err(e) => {
                // `K` and `Q` expand into two atoms that usually fail alike: report once.
                if !errors.contains(&e) {
                    errors.push(e);
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
