//! Moves as Fairy-Stockfish Betza: a kind's compiled moves normalised into comparable units,
//! grouped by atom and direction, and written back; what Betza cannot say is reported.

use super::*;

pub(super) fn hop_code(h: Hop) -> u8 {
    match h {
        Hop::None => 0,
        Hop::Screen => 1,
        Hop::Grasshopper => 2,
    }
}

pub(super) fn leg_tuple(
    l: &Leg,
    to_empty: bool,
    to_enemy: bool,
) -> (i8, i8, u8, u8, bool, bool, bool, u8) {
    (
        l.step.df,
        l.step.dr,
        l.min,
        l.max,
        to_empty,
        to_enemy,
        l.mode.over_piece,
        hop_code(l.mode.hop),
    )
}

pub(super) fn units_of(patterns: &[MovePattern]) -> BTreeSet<Unit> {
    let mut out = BTreeSet::new();
    for p in patterns {
        let Some((last, rest)) = p.legs.split_last() else {
            continue;
        };
        let mut legs: Vec<_> = rest
            .iter()
            .map(|l| leg_tuple(l, l.mode.to_empty, l.mode.to_enemy))
            .collect();
        for (m, c) in [(true, false), (false, true)] {
            if (m && last.mode.to_empty) || (c && last.mode.to_enemy) {
                legs.push(leg_tuple(last, m, c));
                out.insert(Unit {
                    legs: legs.clone(),
                    // Fairy-Stockfish's `i`: from the double-step region, setting en passant.
                    initial: p.passable,
                    en_passant: p.en_passant && c,
                    royal_only: p.royal_only,
                });
                legs.pop();
            }
        }
    }
    out
}

pub(super) fn units_of_betza(text: &str) -> BTreeSet<Unit> {
    units_of(&betza::parse(text).unwrap_or_default())
}

impl Exporter<'_> {
    /// Fairy-Stockfish Betza for a kind's unconditional moves; what cannot be written is reported.
    pub(super) fn betza(&mut self, k: PieceKind) -> String {
        let name = self.piece(k).name.clone();
        let units = self.plain_units(k);
        // group key -> direction index -> (m, c, e)
        let mut groups: BTreeMap<AtomGroup, BTreeMap<usize, [bool; 3]>> = BTreeMap::new();
        for u in &units {
            match classify(u) {
                Ok((atom, range, hop, lame, dir)) => {
                    let e = groups
                        .entry((atom, range, hop, lame, u.initial))
                        .or_default()
                        .entry(dir)
                        .or_default();
                    let final_leg = u.legs[u.legs.len() - 1];
                    if final_leg.4 {
                        e[0] = true;
                    } else {
                        e[1] = true;
                        e[2] |= u.en_passant;
                    }
                    if u.royal_only {
                        self.problem(
                            Subject::Piece(name.clone()),
                            format!("{name}: a move that captures only royals (`k`); written as an ordinary capture"),
                        );
                    }
                }
                Err(why) => self.problem(
                    Subject::Piece(name.clone()),
                    format!("{name}: {why} (left out)"),
                ),
            }
        }
        let mut out = String::new();
        for ((atom, range, hop, lame, initial), dirs) in groups {
            // classes of directions by (m, c, e)
            let mut classes: BTreeMap<[bool; 3], Vec<usize>> = BTreeMap::new();
            for (d, f) in dirs {
                classes.entry(f).or_default().push(d);
            }
            for (f, ds) in classes {
                if initial {
                    out.push('i');
                }
                match (f[0], f[1]) {
                    (true, false) => out.push('m'),
                    (false, true) => out.push('c'),
                    _ => {}
                }
                if f[2] {
                    out.push('e');
                }
                if hop != ' ' {
                    out.push(hop);
                }
                if lame {
                    out.push('n');
                }
                out.push_str(&direction_codes(atom, &ds));
                out.push_str(&atom_text(atom, range));
            }
        }
        out
    }
}

/// The atom class of a leap: 0 orthogonal, 1 diagonal, 2 oblique.
pub(super) fn class_of(atom: char) -> u8 {
    match atom {
        'W' | 'D' | 'H' => 0,
        'F' | 'A' | 'G' => 1,
        _ => 2,
    }
}

/// Index of a direction within its atom class (see [`direction_codes`]).
pub(super) fn dir_index(df: i8, dr: i8) -> usize {
    let (a, b) = (df.unsigned_abs(), dr.unsigned_abs());
    if df == 0 || dr == 0 {
        // orthogonal: f b r l
        return if dr > 0 {
            0
        } else if dr < 0 {
            1
        } else if df > 0 {
            2
        } else {
            3
        };
    }
    if a == b {
        // diagonal: fr fl br bl
        return match (df > 0, dr > 0) {
            (true, true) => 0,
            (false, true) => 1,
            (true, false) => 2,
            (false, false) => 3,
        };
    }
    // oblique: the rank-long four rf lf rb lb, then the file-long four fr fl br bl
    let base = if b > a { 0 } else { 4 };
    base + match (df > 0, dr > 0) {
        (true, true) => 0,
        (false, true) => 1,
        (true, false) => 2,
        (false, false) => 3,
    }
}

/// Fairy-Stockfish direction modifiers naming exactly these directions of an atom, in its own
/// reading of Betza (always two letters per group, so neighbouring groups never merge).
pub(super) fn direction_codes(atom: char, dirs: &[usize]) -> String {
    let (all, codes): (usize, &[(&str, &[usize])]) = match class_of(atom) {
        0 => (
            4,
            &[
                ("vv", &[0, 1]),
                ("ss", &[2, 3]),
                ("ff", &[0]),
                ("bb", &[1]),
                ("rr", &[2]),
                ("ll", &[3]),
            ],
        ),
        1 => (
            4,
            &[
                ("ff", &[0, 1]),
                ("bb", &[2, 3]),
                ("rr", &[0, 2]),
                ("ll", &[1, 3]),
                ("fr", &[0]),
                ("fl", &[1]),
                ("br", &[2]),
                ("bl", &[3]),
            ],
        ),
        _ => (
            8,
            &[
                ("vv", &[0, 1, 2, 3]),
                ("ss", &[4, 5, 6, 7]),
                ("ff", &[0, 1]),
                ("bb", &[2, 3]),
                ("fs", &[4, 5]),
                ("bs", &[6, 7]),
                ("rr", &[4, 6]),
                ("ll", &[5, 7]),
                ("rf", &[0]),
                ("lf", &[1]),
                ("rb", &[2]),
                ("lb", &[3]),
                ("fr", &[4]),
                ("fl", &[5]),
                ("br", &[6]),
                ("bl", &[7]),
            ],
        ),
    };
    let mut left: BTreeSet<usize> = dirs.iter().copied().collect();
    if left.len() == all {
        return String::new();
    }
    let mut s = String::new();
    for (code, set) in codes {
        if set.iter().all(|d| left.contains(d)) {
            s.push_str(code);
            for d in set.iter() {
                left.remove(d);
            }
        }
    }
    s
}

pub(super) fn atom_text(atom: char, range: u8) -> String {
    match (atom, range) {
        (_, 1) => atom.to_string(),
        ('W', 0) => "R".into(),
        ('F', 0) => "B".into(),
        (a, 0) => format!("{a}{a}"),
        (a, k) => format!("{a}{k}"),
    }
}

/// (atom, range (1 leaper, 0 unlimited, k limited), hop (' ', 'p', 'g'), lame, direction index).
pub(super) fn classify(u: &Unit) -> Result<(char, u8, char, bool, usize), String> {
    let atom_of = |a: u8, b: u8| -> Option<char> {
        crate::betza::named_leap(a, b).and_then(|l| l.letter.chars().next())
    };
    match u.legs.as_slice() {
        [(df, dr, min, max, _, _, over, hop)] => {
            if *over {
                return Err("a move that passes over a piece on its way".into());
            }
            let (a, b) = (
                df.unsigned_abs().max(dr.unsigned_abs()),
                df.unsigned_abs().min(dr.unsigned_abs()),
            );
            let atom = atom_of(a, b).ok_or_else(|| format!("the leap ({a},{b})"))?;
            if *min != 1 {
                return Err(format!("a ride of at least {min} steps"));
            }
            let range = match *max {
                1 => 1,
                Leg::UNLIMITED => 0,
                k @ 2..=9 => k,
                k => return Err(format!("a ride of up to {k} steps")),
            };
            if range != 1 && !matches!(atom, 'W' | 'F' | 'N') {
                return Err(format!("a {atom} rider"));
            }
            let hop = match hop {
                0 => ' ',
                1 => 'p',
                _ => 'g',
            };
            if hop != ' ' && (range != 0 || !matches!(atom, 'W' | 'F')) {
                return Err("a hopper other than an orthogonal or diagonal rider".into());
            }
            Ok((atom, range, hop, false, dir_index(*df, *dr)))
        }
        [(df1, dr1, 1, 1, true, false, false, 0), (df2, dr2, 1, 1, _, _, false, 0)] => {
            let (tf, tr) = (df1 + df2, dr1 + dr2);
            let orth1 = *df1 == 0 || *dr1 == 0;
            let unit1 = df1.abs() <= 1 && dr1.abs() <= 1;
            let unit2 = df2.abs() <= 1 && dr2.abs() <= 1;
            let atom = if !unit1 || !unit2 {
                None
            } else if (df1, dr1) == (df2, dr2) {
                Some(if orth1 { 'D' } else { 'A' })
            } else if orth1
                && *df2 != 0
                && *dr2 != 0
                && (df1.signum() == df2.signum() || *df1 == 0)
                && (dr1.signum() == dr2.signum() || *dr1 == 0)
            {
                Some('N')
            } else {
                None
            };
            match atom {
                Some(a) => Ok((a, 1, ' ', true, dir_index(tf, tr))),
                None => Err("a move of two legs (XBetza `a`) that is not a lame leaper".into()),
            }
        }
        _ => Err("a move of several legs (XBetza `a`)".into()),
    }
}
