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

mod grammar {
    //! The pest parser generated from `grammar/betza.pest`.
    #![allow(missing_docs)]
    use pest_derive::Parser;

    /// Parser for Betza strings.
    #[derive(Parser)]
    #[grammar = "../grammar/betza.pest"]
    pub struct BetzaGrammar;
}

use grammar::{BetzaGrammar, Rule};

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

const fn basic(x: u8, y: u8, rides: bool, name: &'static str) -> Basic {
    Basic { x, y, rides, name }
}

fn letter_atom(c: char, rides: bool) -> Option<Vec<Basic>> {
    Some(match c {
        'W' => vec![basic(1, 0, rides, "W")],
        'F' => vec![basic(1, 1, rides, "F")],
        'D' => vec![basic(2, 0, rides, "D")],
        'N' => vec![basic(2, 1, rides, "N")],
        'A' => vec![basic(2, 2, rides, "A")],
        'H' => vec![basic(3, 0, rides, "H")],
        'C' | 'L' => vec![basic(3, 1, rides, "C")],
        'Z' | 'J' => vec![basic(3, 2, rides, "Z")],
        'G' => vec![basic(3, 3, rides, "G")],
        'K' => vec![basic(1, 0, rides, "W"), basic(1, 1, rides, "F")],
        'R' => vec![basic(1, 0, true, "R")],
        'B' => vec![basic(1, 1, true, "B")],
        'Q' => vec![basic(1, 0, true, "R"), basic(1, 1, true, "B")],
        _ => return None,
    })
}

const ATOM_HELP: &str =
    "atoms are W F D N A H C (L) Z (J) G K R B Q, or any leap written `(x,y)`, e.g. `(3,1)`";

fn atom(pair: Pair<Rule>) -> Result<Vec<Basic>, BetzaError> {
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

fn range(pair: &Pair<Rule>) -> Result<Range, BetzaError> {
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

fn is_direction(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h')
}

fn unsupported(c: char) -> Option<&'static str> {
    Some(match c {
        'y' => "the range toggle `y` is not supported; write each leg's atom range explicitly",
        'o' => "cylinder moves (`o`) are not supported",
        'q' | 'z' => "circular and zig-zag riders (`q`, `z`) are not supported",
        'd' | 'u' => "destroying or unloading (`d`, `u`) is not supported",
        't' | 'x' | 'w' => "old XBoard chaining letters are not supported; use `a` to join legs",
        _ => return None,
    })
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

/// Why a concrete multi-leg path can never be a move, if it cannot. Only paths whose legs have a
/// fixed length are judged here (the engine drops the useless expansions of variable ones): a leg
/// that must find a piece on the square the mover left (it is empty then), a final leg that must
/// capture there, and a path that comes back without capturing (it would change nothing).
fn never_moves(legs: &[Leg]) -> Option<&'static str> {
    if legs.len() < 2 || legs.iter().any(|l| l.min != l.max) {
        return None;
    }
    let (mut df, mut dr) = (0i32, 0i32);
    let last = legs.len() - 1;
    for (i, l) in legs.iter().enumerate() {
        df += l.step.df as i32 * l.min as i32;
        dr += l.step.dr as i32 * l.min as i32;
        if df != 0 || dr != 0 {
            continue;
        }
        if i < last {
            if !l.mode.to_empty {
                return Some(
                    "a leg must stop on a piece on the square the piece left, which is empty then",
                );
            }
        } else if !l.mode.to_empty {
            return Some("it can only capture on the square the piece left, which is empty then");
        } else if !legs[..last].iter().any(|e| e.mode.to_enemy) {
            return Some(
                "it comes back to its own square without capturing, which changes nothing",
            );
        }
    }
    None
}

/// All leaps of an atom, clockwise from straight forward.
fn all_leaps(x: u8, y: u8) -> Vec<Offset> {
    let (x, y) = (x as i8, y as i8);
    let mut v: Vec<Offset> = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let o = Offset::new(a * sa, b * sb);
                if !v.contains(&o) {
                    v.push(o);
                }
            }
        }
    }
    v.sort_by(|p, q| clockwise(*p).total_cmp(&clockwise(*q)));
    v
}

/// Angle clockwise from straight forward, in [0, 2π).
fn clockwise(o: Offset) -> f64 {
    let a = (o.df as f64).atan2(o.dr as f64);
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// `f`: forward; the half-plane a letter points into.
fn half(c: char, o: Offset) -> bool {
    match c {
        'f' => o.dr > 0,
        'b' => o.dr < 0,
        'l' => o.df < 0,
        'r' => o.df > 0,
        'v' => o.dr != 0,
        's' => o.df != 0,
        _ => true,
    }
}

/// The leaps closest to the direction a letter names (`fN`: the narrow forward pair).
fn pair_of(c: char, o: Offset) -> bool {
    let (h, v) = (o.df.abs(), o.dr.abs());
    match c {
        'f' | 'b' | 'v' => half(c, o) && v >= h,
        'l' | 'r' | 's' => half(c, o) && h >= v,
        _ => true,
    }
}

fn vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn horizontal(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's')
}

/// Splits a run of direction letters into groups of one or two (`frF`, `fsN`, `fhN`, `ffN`).
fn groups(run: &[(char, usize)]) -> Vec<(char, Option<char>, (usize, usize))> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < run.len() {
        let (x, px) = run[i];
        if let Some(&(y, py)) = run.get(i + 1) {
            let joins = x == y
                || x == 'h'
                || y == 'h'
                || (vertical(x) && horizontal(y))
                || (horizontal(x) && vertical(y));
            if joins {
                out.push((x, Some(y), (px, py + 1)));
                i += 2;
                continue;
            }
        }
        out.push((x, None, (px, px + 1)));
        i += 1;
    }
    out
}

fn lone_h(span: (usize, usize)) -> BetzaError {
    BetzaError::new(
        span,
        "`h` (half) needs a direction next to it",
        "write e.g. `fhN` for the four forward knight leaps",
    )
}

/// The leaps of an atom that the direction modifiers of its first leg select.
fn select(b: Basic, mods: &LegMods) -> Result<Vec<Offset>, BetzaError> {
    let leaps = all_leaps(b.x, b.y);
    if mods.runs.is_empty() {
        return Ok(leaps);
    }
    let mut keep = vec![false; leaps.len()];
    for run in &mods.runs {
        for (x, y, span) in groups(run) {
            let pred: Box<dyn Fn(Offset) -> bool> = match (x, y) {
                ('h', None) | ('h', Some('h')) => return Err(lone_h(span)),
                // On orthogonal atoms combining letters joins: `fl` = forward or left.
                _ if b.class() == Class::Orthogonal => Box::new(move |o| {
                    (x != 'h' && pair_of(x, o)) || y.is_some_and(|y| y != 'h' && pair_of(y, o))
                }),
                (x, None) => Box::new(move |o| pair_of(x, o)),
                (x, Some(y)) if x == y => Box::new(move |o| pair_of(x, o)),
                ('h', Some(y)) | (y, Some('h')) => Box::new(move |o| half(y, o)),
                // `fs` on `N`: the wide pair (sideways) that goes forward.
                (x, Some(y)) if matches!(x, 'v' | 's') && matches!(y, 'v' | 's') => {
                    Box::new(|_| true)
                }
                (x, Some(y)) if matches!(y, 'v' | 's') => {
                    Box::new(move |o| pair_of(y, o) && half(x, o))
                }
                // `frN`: the right member of the forward pair; `rfN` the forward member of the right pair.
                (x, Some(y)) => Box::new(move |o| pair_of(x, o) && half(y, o)),
            };
            let mut any = false;
            for (k, o) in keep.iter_mut().zip(&leaps) {
                if pred(*o) {
                    *k = true;
                    any = true;
                }
            }
            if !any {
                return Err(BetzaError::new(
                    span,
                    format!("direction selects no move of `{}`", b.name),
                    "see the direction modifiers in grammar/README.md: `fF` is both forward diagonals, `frF` one",
                ));
            }
        }
    }
    Ok(leaps
        .into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(o, _)| o)
        .collect())
}

fn final_mode(mods: &LegMods) -> Result<LegMode, BetzaError> {
    let hop =
        match (mods.p, mods.g) {
            (Some(p), Some(_)) => return Err(BetzaError::new(
                (p, p + 1),
                "`p` and `g` exclude each other",
                "`p` hops one piece anywhere before landing, `g` lands just behind it: keep one",
            )),
            (Some(_), None) => Hop::Screen,
            (None, Some(_)) => Hop::Grasshopper,
            (None, None) => Hop::None,
        };
    let (to_empty, to_enemy) = if mods.m || mods.c {
        (mods.m, mods.c)
    } else {
        (true, true)
    };
    Ok(LegMode {
        to_empty,
        to_enemy,
        over_piece: false,
        hop,
    })
}

const EMPTY_ONLY: LegMode = LegMode {
    to_empty: true,
    to_enemy: false,
    over_piece: false,
    hop: Hop::None,
};

fn sign(v: i8) -> i8 {
    v.signum()
}

fn single_leg(
    b: Basic,
    min: u8,
    max: u8,
    mods: &LegMods,
    atom_span: (usize, usize),
) -> Result<Vec<Vec<Leg>>, BetzaError> {
    let leaps = select(b, mods)?;
    let rides = max > 1;
    let at = |p: usize| (p, p + 1);
    if let (Some(n), Some(_)) = (mods.n, mods.j) {
        return Err(BetzaError::new(
            at(n),
            "`n` and `j` exclude each other",
            "`n`: blocked by a piece on the way; `j`: must jump one",
        ));
    }
    if let Some(n) = mods.n.or(mods.j) {
        let letter = if mods.n.is_some() { 'n' } else { 'j' };
        if rides {
            return Err(BetzaError::new(
                at(n),
                format!("`{letter}` applies to leapers, not riders"),
                "a rider is always blocked by pieces in its way; drop the modifier",
            ));
        }
        if let Some(p) = mods.p.or(mods.g) {
            return Err(BetzaError::new(
                at(p),
                format!("`p` / `g` cannot be combined with `{letter}`"),
                "hoppers need a rider, e.g. `pR`",
            ));
        }
        let final_leg = final_mode(mods)?;
        let lame = letter == 'n';
        let supported = if lame {
            matches!(
                (b.x, b.y),
                (2, 1) | (3, 2) | (2, 0) | (2, 2) | (3, 0) | (3, 3)
            )
        } else {
            matches!((b.x, b.y), (2, 0) | (2, 2))
        };
        if !supported {
            let (msg, help) = if lame {
                (
                    format!("`n` (lame) is not supported on `{}`", b.name),
                    "`n` works on N, Z (J), D, A, H and G; the camel's path is ambiguous: write it as legs with `a`, e.g. `afsW` for a lame knight",
                )
            } else {
                (
                    format!("`j` (jump) is not supported on `{}`", b.name),
                    "`j` works on D and A; write other jumps as legs with `a` and `p`, e.g. `pafW`",
                )
            };
            return Err(BetzaError::new((at(n).0, atom_span.1), msg, help));
        }
        let first_mode = if lame {
            EMPTY_ONLY
        } else {
            LegMode {
                to_empty: false,
                to_enemy: false,
                over_piece: true,
                hop: Hop::None,
            }
        };
        return Ok(leaps
            .into_iter()
            .map(|o| {
                let unit = Offset::new(sign(o.df), sign(o.dr));
                let steps: Vec<Offset> = if b.class() == Class::Oblique {
                    // Orthogonal steps along the longer component first, then diagonal outward:
                    // `nN` is W then F (the xiangqi horse), `nZ` is W then F, F (the janggi elephant).
                    let first = if o.dr.abs() > o.df.abs() {
                        Offset::new(0, sign(o.dr))
                    } else {
                        Offset::new(sign(o.df), 0)
                    };
                    let mut v = vec![first; (b.x - b.y) as usize];
                    v.extend(std::iter::repeat_n(unit, b.y as usize));
                    v
                } else {
                    vec![unit; b.x as usize]
                };
                let last = steps.len() - 1;
                steps
                    .into_iter()
                    .enumerate()
                    .map(|(i, step)| Leg {
                        step,
                        min: 1,
                        max: 1,
                        mode: if i == last { final_leg } else { first_mode },
                    })
                    .collect()
            })
            .collect());
    }
    let mode = final_mode(mods)?;
    if mode.hop != Hop::None && !rides {
        let p = mods.p.or(mods.g).unwrap_or(atom_span.0);
        return Err(BetzaError::new(
            at(p),
            format!(
                "hopping (`p`, `g`) needs a rider, not the leaper `{}`",
                b.name
            ),
            "use a rider such as `pR`, `gQ`, or `W0`",
        ));
    }
    Ok(leaps
        .into_iter()
        .map(|step| {
            vec![Leg {
                step,
                min,
                max,
                mode,
            }]
        })
        .collect())
}

/// The 8 directions, clockwise from straight forward; a step's index is its direction.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn dir_index(o: Offset) -> usize {
    let u = (sign(o.df), sign(o.dr));
    DIRS.iter().position(|d| *d == u).unwrap_or(0)
}

/// Turns (in 45° steps clockwise) named by a continuation leg's direction group.
fn turns_of(x: char, y: Option<char>, span: (usize, usize)) -> Result<Vec<usize>, BetzaError> {
    let single = |c: char| -> Vec<usize> {
        match c {
            'f' => vec![0],
            'r' => vec![2],
            'b' => vec![4],
            'l' => vec![6],
            'v' => vec![0, 4],
            's' => vec![2, 6],
            _ => vec![],
        }
    };
    let half = |c: char| -> Vec<usize> {
        match c {
            'f' => vec![7, 0, 1],
            'r' => vec![1, 2, 3],
            'b' => vec![3, 4, 5],
            'l' => vec![5, 6, 7],
            'v' => vec![7, 0, 1, 3, 4, 5],
            's' => vec![1, 2, 3, 5, 6, 7],
            _ => vec![],
        }
    };
    Ok(match (x, y) {
        ('h', None) | ('h', Some('h')) => return Err(lone_h(span)),
        (x, None) => single(x),
        (x, Some(y)) if x == y => single(x),
        ('h', Some(y)) | (y, Some('h')) => half(y),
        (x, Some(y)) => {
            let (v, h) = if vertical(x) { (x, y) } else { (y, x) };
            let mut out = Vec::new();
            for v in if v == 'v' { vec!['f', 'b'] } else { vec![v] } {
                for h in if h == 's' { vec!['l', 'r'] } else { vec![h] } {
                    out.push(match (v, h) {
                        ('f', 'r') => 1,
                        ('b', 'r') => 3,
                        ('b', 'l') => 5,
                        _ => 7,
                    });
                }
            }
            out.sort_unstable();
            out
        }
    })
}

fn continuation_turns(mods: &LegMods) -> Result<Vec<usize>, BetzaError> {
    if mods.runs.is_empty() {
        // Default: every direction except straight back.
        return Ok(vec![0, 1, 2, 3, 5, 6, 7]);
    }
    let mut set = [false; 8];
    for run in &mods.runs {
        for (x, y, span) in groups(run) {
            for t in turns_of(x, y, span)? {
                set[t] = true;
            }
        }
    }
    Ok((0..8).filter(|t| set[*t]).collect())
}

fn multi_leg(
    b: Basic,
    min: u8,
    max: u8,
    legs: &[LegMods],
    a_positions: &[usize],
) -> Result<Vec<Vec<Leg>>, BetzaError> {
    let a0 = a_positions.first().copied().unwrap_or(0);
    if b.class() == Class::Oblique {
        return Err(BetzaError::new(
            (a0, a0 + 1),
            format!(
                "multi-leg moves (`a`) are not supported with the oblique atom `{}`",
                b.name
            ),
            "use orthogonal or diagonal atoms for the legs, e.g. `afsW` for a lame knight",
        ));
    }
    let last = legs.len() - 1;
    let mut modes = Vec::with_capacity(legs.len());
    for (i, mods) in legs.iter().enumerate() {
        if let Some(p) = mods.n.or(mods.j) {
            return Err(BetzaError::new(
                (p, p + 1),
                "`n` and `j` cannot be used in a multi-leg move",
                "say what each leg may pass with `m`, `c`, `p` on the earlier legs",
            ));
        }
        if i == last {
            modes.push(final_mode(mods)?);
        } else {
            if let Some(g) = mods.g {
                return Err(BetzaError::new(
                    (g, g + 1),
                    "`g` is not supported on a leg that is not the last",
                    "use `p` for a leg that ends on a piece and goes on",
                ));
            }
            let mode = if mods.m || mods.c || mods.p.is_some() {
                LegMode {
                    to_empty: mods.m,
                    to_enemy: mods.c,
                    over_piece: mods.p.is_some(),
                    hop: Hop::None,
                }
            } else {
                EMPTY_ONLY
            };
            modes.push(mode);
        }
    }
    let first = select(b, &legs[0])?;
    let mut paths: Vec<Vec<usize>> = first.iter().map(|o| vec![dir_index(*o)]).collect();
    for mods in &legs[1..] {
        let turns = continuation_turns(mods)?;
        paths = paths
            .into_iter()
            .flat_map(|path| {
                let prev = path.last().copied().unwrap_or(0);
                turns.iter().map(move |t| {
                    let mut p = path.clone();
                    p.push((prev + t) % 8);
                    p
                })
            })
            .collect();
    }
    let k = b.x as i8;
    Ok(paths
        .into_iter()
        .map(|path| {
            path.into_iter()
                .zip(&modes)
                .map(|(d, mode)| {
                    let (df, dr) = DIRS[d];
                    Leg {
                        step: Offset::new(df * k, dr * k),
                        min,
                        max,
                        mode: *mode,
                    }
                })
                .collect()
        })
        .collect())
}
