//! Direction modifiers: which of an atom's leaps `f`, `b`, `l`, `r`, `s`, `v`, `h` and their pairs
//! select, and the relative turns of a multi-leg move's later legs.

use super::*;

/// All leaps of an atom, clockwise from straight forward.
pub(super) fn all_leaps(x: u8, y: u8) -> Vec<Offset> {
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
pub(super) fn clockwise(o: Offset) -> f64 {
    let a = (o.df as f64).atan2(o.dr as f64);
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// `f`: forward; the half-plane a letter points into.
pub(super) fn half(c: char, o: Offset) -> bool {
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

/// Whether a leap belongs to the chiral set `hl` or `hr` (`c` is `l` or `r`): for an oblique leap
/// `hr` holds those whose longer side is the rank's when file and rank go the same way, `hl` the
/// others; a diagonal or orthogonal leap is in both.
pub(super) fn chiral(c: char, o: Offset) -> bool {
    let (h, v) = (o.df.abs(), o.dr.abs());
    if h == v || h == 0 || v == 0 {
        return true;
    }
    let same_way = (o.df > 0) == (o.dr > 0);
    let tall = v > h;
    (same_way == tall) == (c == 'r')
}

/// The leaps closest to the direction a letter names (`fN`: the narrow forward pair).
pub(super) fn pair_of(c: char, o: Offset) -> bool {
    let (h, v) = (o.df.abs(), o.dr.abs());
    match c {
        'f' | 'b' | 'v' => half(c, o) && v >= h,
        'l' | 'r' | 's' => half(c, o) && h >= v,
        _ => true,
    }
}

pub(super) fn vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

pub(super) fn horizontal(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's')
}

/// Splits a run of direction letters into groups of one or two (`frF`, `fsN`, `fhN`, `ffN`).
pub(super) fn groups(run: &[(char, usize)]) -> Vec<(char, Option<char>, (usize, usize))> {
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

pub(super) fn lone_h(span: (usize, usize)) -> BetzaError {
    BetzaError::new(
        span,
        "`h` (half) needs a direction next to it",
        "write e.g. `fhN` for the four forward knight leaps",
    )
}

/// The leaps of an atom that the direction modifiers of its first leg select.
pub(super) fn select(b: Basic, mods: &LegMods) -> Result<Vec<Offset>, BetzaError> {
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
                // XBetza's chiral `hl`/`hr` (`h` first): four leaps that turn into each other by
                // quarter turns, anticlockwise or clockwise (`hrN` holds the narrow forward-right
                // leap, `hlN` the wide one); a diagonal atom's four are all of them.
                ('h', Some(c @ ('l' | 'r'))) => Box::new(move |o| chiral(c, o)),
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

/// The 8 directions, clockwise from straight forward; a step's index is its direction.
pub(super) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

pub(super) fn dir_index(o: Offset) -> usize {
    let u = (sign(o.df), sign(o.dr));
    DIRS.iter().position(|d| *d == u).unwrap_or(0)
}

/// Turns (in 45° steps clockwise) named by a continuation leg's direction group.
pub(super) fn turns_of(
    x: char,
    y: Option<char>,
    span: (usize, usize),
) -> Result<Vec<usize>, BetzaError> {
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

pub(super) fn continuation_turns(mods: &LegMods) -> Result<Vec<usize>, BetzaError> {
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
