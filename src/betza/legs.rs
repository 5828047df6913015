//! Legs: a component's modifiers turned into the legs of its patterns: one leg for a leaper or
//! rider, several for lame leapers, `j` jumps and multi-leg `a` moves; and which leg lists can never
//! make a move.

use super::*;

pub(super) fn final_mode(mods: &LegMods) -> Result<LegMode, BetzaError> {
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

pub(super) const EMPTY_ONLY: LegMode = LegMode {
    to_empty: true,
    to_enemy: false,
    over_piece: false,
    hop: Hop::None,
};

pub(super) fn sign(v: i8) -> i8 {
    v.signum()
}

pub(super) fn single_leg(
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
                (2, 1) | (3, 1) | (3, 2) | (2, 0) | (2, 2) | (3, 0) | (3, 3)
            )
        } else {
            matches!((b.x, b.y), (2, 0) | (2, 2))
        };
        if !supported {
            let (msg, help) = if lame {
                (
                    format!("`n` (lame) is not supported on `{}`", b.name),
                    "`n` works on N, C (L), Z (J), D, A, H and G; write other paths as legs with `a`, e.g. `afsW` for a lame knight",
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
                    // `nN` is W then F (the xiangqi horse), `nZ` is W then F, F (the janggi
                    // elephant), `nC` W, W then F (Fairy-Stockfish's path for every lame leap).
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

pub(super) fn multi_leg(
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

/// Why a concrete multi-leg path can never be a move, if it cannot. Only paths whose legs have a
/// fixed length are judged here (the engine drops the useless expansions of variable ones): a leg
/// that must find a piece on the square the mover left (it is empty then), a final leg that must
/// capture there, and a path that comes back without capturing (it would change nothing).
pub(super) fn never_moves(legs: &[Leg]) -> Option<&'static str> {
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
