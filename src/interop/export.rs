//! Export: a compiled [`RuleSet`] as a Fairy-Stockfish `variants.ini` section.
//!
//! Every rule is either stated exactly in Fairy-Stockfish's terms or reported as a [`Problem`];
//! nothing is guessed. Rule-set data this exporter does not know (mechanisms added to the
//! language after it was written) is found by walking the serialised rule set and is reported
//! too, so a new mechanism is refused until someone teaches the exporter about it.

use crate::betza;
use crate::engine::fen::parse_fen;
use crate::geometry::{Dimensions, Player, PlayerSquares, Square, SquareSet};
use crate::rules::{
    Confinement, Hop, Leg, MovePattern, PieceDef, PieceKind, PromotionMode, RoyalRule, RuleSet,
    Score,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Fairy-Stockfish's largest board (its large-board build, which the pyffish wheel is).
pub const MAX_FILES: u8 = 12;
/// Ranks of Fairy-Stockfish's largest board.
pub const MAX_RANKS: u8 = 10;
/// Custom piece slots Fairy-Stockfish offers (`customPiece1` ... `customPiece23`, besides the king).
pub const CUSTOM_SLOTS: usize = 23;

/// What in the definition a problem is about, so the front end can point at its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The `board` statement.
    Board,
    /// The `holes` statement.
    Holes,
    /// A `piece` as a whole (by name).
    Piece(String),
    /// One `moves` line of a piece (piece name, Betza text as written).
    Moves(String, String),
    /// The `promotes` line of a piece.
    Promotes(String),
    /// The `confined` line of a piece.
    Confined(String),
    /// The `drops` block.
    Drops,
    /// A top-level statement, by its keyword (`castling`, `repetition`, ...).
    Statement(&'static str),
    /// The `start` FEN.
    Start,
    /// Rule-set data the exporter does not know (its path in the serialised rule set).
    Unknown(String),
}

/// One thing Fairy-Stockfish cannot state, and what the written section does instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where in the definition.
    pub subject: Subject,
    /// What cannot be stated, and the approximation written instead.
    pub message: String,
}

/// The result of an export: the section text and what it does not state exactly.
#[derive(Clone, Debug)]
pub struct Export {
    /// The `variants.ini` section, `[name]` line first. With problems, an approximation.
    pub text: String,
    /// Empty when the section states the rules exactly.
    pub problems: Vec<Problem>,
}

/// The section name for a variant name: lower case, letters, digits and `-` only.
pub fn section_name(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() {
        "variant".into()
    } else {
        s
    }
}

/// One leg of a [`Unit`] as a sortable key: (df, dr, min, max, to_empty, to_enemy, over, hop).
type LegKey = (i8, i8, u8, u8, bool, bool, bool, u8);

/// A group of directions written as one Betza atom: (atom, range, hop, lame, initial).
type AtomGroup = (char, u8, char, bool, bool);

/// One concrete move of a kind, normalised for comparison and for writing Betza: the final
/// leg's "may move" and "may capture" are separate moves.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Unit {
    /// (df, dr, min, max, to_empty, to_enemy, over, hop) per leg; the final leg has exactly one of
    /// to_empty / to_enemy.
    legs: Vec<LegKey>,
    initial: bool,
    en_passant: bool,
    royal_only: bool,
}

fn hop_code(h: Hop) -> u8 {
    match h {
        Hop::None => 0,
        Hop::Screen => 1,
        Hop::Grasshopper => 2,
    }
}

fn leg_tuple(l: &Leg, to_empty: bool, to_enemy: bool) -> (i8, i8, u8, u8, bool, bool, bool, u8) {
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

fn units_of(patterns: &[MovePattern]) -> BTreeSet<Unit> {
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
                    initial: p.initial,
                    en_passant: p.en_passant && c,
                    royal_only: p.royal_only,
                });
                legs.pop();
            }
        }
    }
    out
}

fn units_of_betza(text: &str) -> BTreeSet<Unit> {
    units_of(&betza::parse(text).unwrap_or_default())
}

/// How a kind is written in the section.
#[derive(Clone, Debug)]
enum Slot {
    /// A Fairy-Stockfish piece type of its own: the key (`king`, `pawn`, `customPiece3`), the
    /// letter and the Betza (empty for built-in types, which have their own moves).
    Own {
        key: String,
        letter: char,
        betza: String,
    },
    /// The promoted form of `base` (`promotedPieceType`), a piece of type `as_type`, written `+X`.
    Promoted { base: PieceKind, as_type: PieceKind },
    /// A piece of `as_type` flagged as promoted from a pawn (crazyhouse `Q~`), reverting to `pawn`.
    Flagged { as_type: PieceKind, pawn: PieceKind },
}

struct Exporter<'a> {
    rules: &'a RuleSet,
    dims: Dimensions,
    problems: Vec<Problem>,
    lines: Vec<String>,
    slots: Vec<Option<Slot>>,
}

/// Exports a rule set as a `variants.ini` section named `section`.
pub fn export(rules: &RuleSet, section: &str) -> Export {
    let mut ex = Exporter {
        rules,
        dims: rules.board.dims,
        problems: Vec::new(),
        lines: Vec::new(),
        slots: vec![None; rules.pieces.len()],
    };
    ex.unknown_data();
    ex.board();
    ex.assign_slots();
    ex.pieces();
    ex.promotions();
    ex.drops();
    ex.end();
    ex.castling();
    ex.start();
    let mut text = String::new();
    let _ = writeln!(text, "# {} (exported by Chimera)", rules.name);
    for p in &ex.problems {
        let _ = writeln!(text, "# not exact: {}", p.message);
    }
    let _ = writeln!(text, "[{section}]");
    for l in &ex.lines {
        let _ = writeln!(text, "{l}");
    }
    Export {
        text,
        problems: ex.problems,
    }
}

/// The keys of the serialised rule set this exporter knows, by path.
const KNOWN: &[(&str, &[&str])] = &[
    (
        "",
        &[
            "name",
            "board",
            "players",
            "zones",
            "paths",
            "pieces",
            "drops",
            "end",
            "castling",
            "start_fen",
            "render",
        ],
    ),
    ("board", &["dims", "squares"]),
    (
        "pieces",
        &[
            "name",
            "letter",
            "moves",
            "rides",
            "royal",
            "confinement",
            "promotion",
            "captured_as",
        ],
    ),
    (
        "pieces.moves",
        &["betza", "patterns", "only_in", "capturing", "unconfined"],
    ),
    (
        "pieces.moves.patterns",
        &["legs", "initial", "en_passant", "royal_only", "span"],
    ),
    (
        "pieces.moves.patterns.legs",
        &["step", "min", "max", "mode"],
    ),
    (
        "pieces.moves.patterns.legs.mode",
        &["to_empty", "to_enemy", "over_piece", "hop"],
    ),
    ("pieces.promotion", &["to", "zone", "mode"]),
    (
        "drops",
        &[
            "to_hand",
            "zones",
            "must_have_move",
            "one_per_file",
            "no_drop_mate",
            "promote_after_move",
        ],
    ),
    (
        "end",
        &[
            "royal_rule",
            "facing",
            "stalemate",
            "checkmate",
            "repetition",
            "perpetual_check",
            "move_limit",
        ],
    ),
    ("end.move_limit", &["moves", "score", "reset_by"]),
    ("castling", &["king", "rook", "king_steps"]),
];

/// Whether a serialised value says "nothing here" (so an unknown key holding it is harmless).
fn is_blank(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty() || s == "None",
        Value::Number(_) => false,
    }
}

fn walk_unknown(path: &str, v: &serde_json::Value, out: &mut Vec<String>) {
    use serde_json::Value;
    match v {
        Value::Array(a) => {
            for x in a {
                walk_unknown(path, x, out);
            }
        }
        Value::Object(o) => {
            let Some((_, known)) = KNOWN.iter().find(|(p, _)| *p == path) else {
                return;
            };
            for (k, x) in o {
                let sub = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                if !known.contains(&k.as_str()) {
                    if !is_blank(x) && !out.contains(&sub) {
                        out.push(sub);
                    }
                } else {
                    walk_unknown(&sub, x, out);
                }
            }
        }
        _ => {}
    }
}

fn score_word(s: Score) -> &'static str {
    match s {
        Score::Win => "win",
        Score::Loss => "loss",
        Score::Draw => "draw",
    }
}

impl Exporter<'_> {
    fn problem(&mut self, subject: Subject, message: impl Into<String>) {
        let p = Problem {
            subject,
            message: message.into(),
        };
        if !self.problems.contains(&p) {
            self.problems.push(p);
        }
    }

    fn line(&mut self, key: &str, value: impl std::fmt::Display) {
        self.lines.push(format!("{key} = {value}"));
    }

    fn piece(&self, k: PieceKind) -> &PieceDef {
        self.rules.piece(k)
    }

    fn kinds(&self) -> impl Iterator<Item = PieceKind> {
        (0..self.rules.pieces.len()).map(|i| PieceKind(i as u8))
    }

    fn unknown_data(&mut self) {
        let Ok(v) = serde_json::to_value(self.rules) else {
            self.problem(
                Subject::Unknown(String::new()),
                "the rule set could not be read",
            );
            return;
        };
        let mut found = Vec::new();
        walk_unknown("", &v, &mut found);
        for path in found {
            self.problem(
                Subject::Unknown(path.clone()),
                format!("`{path}`: a rule the exporter does not know; it is left out"),
            );
        }
    }

    fn board(&mut self) {
        let d = self.dims;
        if d.files > MAX_FILES || d.ranks > MAX_RANKS {
            self.problem(
                Subject::Board,
                format!(
                    "the board is {}x{}; Fairy-Stockfish's largest is {MAX_FILES}x{MAX_RANKS}",
                    d.files, d.ranks
                ),
            );
        }
        self.line("maxFile", d.files.min(MAX_FILES));
        self.line("maxRank", d.ranks.min(MAX_RANKS));
        if self.rules.board.squares.len() as usize != d.len() {
            self.problem(
                Subject::Holes,
                "the board has holes; Fairy-Stockfish boards are full rectangles (the holes are left out)",
            );
        }
        for (name, path) in &self.rules.paths {
            let _ = path;
            let riders: Vec<String> = self
                .rules
                .pieces
                .iter()
                .filter(|p| p.rides.iter().any(|r| &r.path == name))
                .map(|p| p.name.clone())
                .collect();
            for r in riders {
                self.problem(
                    Subject::Piece(r.clone()),
                    format!(
                        "{r} rides path `{name}`; Fairy-Stockfish has no path riders (left out)"
                    ),
                );
            }
        }
    }

    /// The unconditional units of a kind (and problems for its conditional rules).
    fn plain_units(&self, k: PieceKind) -> BTreeSet<Unit> {
        let mut all = BTreeSet::new();
        for r in &self.piece(k).moves {
            if r.only_in.is_none() && r.capturing.is_none() && !r.unconfined {
                all.extend(units_of(&r.patterns));
            }
        }
        all
    }

    /// The letter this kind gets in the section: its own when plain, else a free one.
    fn letters(&self) -> (BTreeMap<PieceKind, char>, BTreeSet<char>) {
        let mut map = BTreeMap::new();
        let mut used = BTreeSet::new();
        for k in self.kinds() {
            let l = &self.piece(k).letter;
            if l.len() == 1 {
                if let Some(c) = l.chars().next() {
                    let c = c.to_ascii_lowercase();
                    map.insert(k, c);
                    used.insert(c);
                }
            }
        }
        (map, used)
    }

    /// The kind whose letter is `+X`'s X, if any.
    fn base_of(&self, k: PieceKind) -> Option<PieceKind> {
        let l = self.piece(k).letter.strip_prefix('+')?;
        self.rules.kind_by_letter(l)
    }

    /// The kinds promoting to `k`.
    fn promoters_to(&self, k: PieceKind) -> Vec<PieceKind> {
        self.kinds()
            .filter(|&p| {
                self.piece(p)
                    .promotion
                    .as_ref()
                    .is_some_and(|pr| pr.to.contains(&k))
            })
            .collect()
    }

    /// Whether two kinds are the same piece apart from name, letter and promotion.
    fn same_piece(&self, a: PieceKind, b: PieceKind) -> bool {
        let (pa, pb) = (self.piece(a), self.piece(b));
        self.plain_units(a) == self.plain_units(b)
            && pa
                .moves
                .iter()
                .all(|r| r.only_in.is_none() && r.capturing.is_none())
            && pb
                .moves
                .iter()
                .all(|r| r.only_in.is_none() && r.capturing.is_none())
            && pa.royal == pb.royal
            && pa.rides.is_empty()
            && pb.rides.is_empty()
            && matches!(pa.confinement, Confinement::None)
            && matches!(pb.confinement, Confinement::None)
    }

    fn assign_slots(&mut self) {
        let (letters, mut used) = self.letters();
        let royals: Vec<PieceKind> = self.rules.royal_kinds().collect();
        let king_slot = self.rules.end.royal_rule == RoyalRule::Check && royals.len() == 1;
        let mut custom = 0usize;
        let mut builtin_used: BTreeSet<&'static str> = BTreeSet::new();
        let kinds: Vec<PieceKind> = self.kinds().collect();
        // Plain kinds first: each is a piece type of its own.
        for &k in &kinds {
            let Some(&c) = letters.get(&k) else { continue };
            let units = self.plain_units(k);
            let p = self.piece(k);
            let key;
            let mut betza_text = String::new();
            if king_slot && p.royal {
                key = "king".to_string();
                if units != units_of_betza("K") {
                    betza_text = self.betza(k);
                }
            } else if let Some(b) = self.builtin_for(k, &units, &builtin_used) {
                builtin_used.insert(b);
                key = b.to_string();
            } else {
                custom += 1;
                key = format!("customPiece{custom}");
                betza_text = self.betza(k);
            }
            self.slots[k.index()] = Some(Slot::Own {
                key,
                letter: c,
                betza: betza_text,
            });
        }
        // Promoted kinds (`+X`): shogi-style promoted types, or pawn-promoted flagged pieces.
        for &k in &kinds {
            if letters.contains_key(&k) {
                continue;
            }
            let promoters = self.promoters_to(k);
            let base = self.base_of(k);
            let name = self.piece(k).name.clone();
            // A shogi-style promotion: X promotes to +X (and only to it).
            if let Some(b) = base.filter(|b| promoters.contains(b)) {
                let single = self
                    .piece(b)
                    .promotion
                    .as_ref()
                    .is_some_and(|p| p.to.len() == 1);
                if single {
                    let twin = kinds
                        .iter()
                        .copied()
                        .find(|&t| letters.contains_key(&t) && t != k && self.same_piece(t, k));
                    let as_type = match twin {
                        Some(t) => t,
                        None => {
                            // A type of its own under a free letter, seen only as `+X`.
                            let Some(c) = ('a'..='z').find(|c| !used.contains(c)) else {
                                self.problem(
                                    Subject::Piece(name.clone()),
                                    format!("no letter is left for {name}"),
                                );
                                continue;
                            };
                            used.insert(c);
                            custom += 1;
                            let betza_text = self.betza(k);
                            self.slots[k.index()] = Some(Slot::Own {
                                key: format!("customPiece{custom}"),
                                letter: c,
                                betza: betza_text,
                            });
                            k
                        }
                    };
                    if as_type != k {
                        self.slots[k.index()] = Some(Slot::Promoted { base: b, as_type });
                    }
                    continue;
                }
            }
            // A pawn-promoted piece: moves as X, captured as the pawn that promoted to it.
            if let (Some(x), [pawn]) = (base, promoters.as_slice()) {
                let cap = self.piece(k).captured_as;
                if self.same_piece(x, k) && cap == *pawn {
                    self.slots[k.index()] = Some(Slot::Flagged {
                        as_type: x,
                        pawn: *pawn,
                    });
                    continue;
                }
            }
            self.problem(
                Subject::Piece(name.clone()),
                format!(
                    "{name} ({}) is neither a promoted form Fairy-Stockfish knows (`promotedPieceType`, one kind to one, or a pawn's promotion) nor a plain piece (left out)",
                    self.piece(k).letter
                ),
            );
        }
        if custom > CUSTOM_SLOTS {
            self.problem(
                Subject::Statement("piece"),
                format!("{custom} custom pieces; Fairy-Stockfish has {CUSTOM_SLOTS} slots"),
            );
        }
    }

    /// A Fairy-Stockfish built-in type that has a rule of its own this kind needs, if one fits
    /// exactly: the pawn (double step, drops off the back ranks), the shogi pawn (no drop mate),
    /// the soldier (sideways only after a given rank).
    fn builtin_for(
        &self,
        k: PieceKind,
        units: &BTreeSet<Unit>,
        used: &BTreeSet<&'static str>,
    ) -> Option<&'static str> {
        let p = self.piece(k);
        let unconditional = p
            .moves
            .iter()
            .all(|r| r.only_in.is_none() && r.capturing.is_none() && !r.unconfined);
        if unconditional
            && !used.contains("pawn")
            && (*units == units_of_betza("fmWfceF") || *units == units_of_betza("fmWfceFifmnD"))
        {
            return Some("pawn");
        }
        if unconditional
            && !used.contains("shogiPawn")
            && self.rules.drops.no_drop_mate.contains(&k)
            && *units == units_of_betza("fW")
        {
            return Some("shogiPawn");
        }
        if !used.contains("soldier") && self.soldier_rank(k).is_some() {
            return Some("soldier");
        }
        None
    }

    /// For a kind that steps forward, and sideways only from rank R on (both players' view):
    /// that rank, 1-based (Fairy-Stockfish's `soldierPromotionRank`).
    fn soldier_rank(&self, k: PieceKind) -> Option<u8> {
        let p = self.piece(k);
        let [a, b] = p.moves.as_slice() else {
            return None;
        };
        if a.only_in.is_some() || a.capturing.is_some() || a.unconfined {
            return None;
        }
        if units_of(&a.patterns) != units_of_betza("fW") {
            return None;
        }
        let zone = b.only_in.as_ref()?;
        if b.capturing.is_some() || b.unconfined || units_of(&b.patterns) != units_of_betza("sW") {
            return None;
        }
        let d = self.dims;
        let r =
            (0..d.ranks).find(|&r| d.square(0, r as i32).is_some_and(|s| zone[0].contains(s)))?;
        let expect: SquareSet = d.squares().filter(|&s| d.rank(s) >= r).collect();
        (r > 0 && zone[0] == expect && zone[1] == expect.mirrored(d)).then_some(r + 1)
    }

    fn slot_key(&self, k: PieceKind) -> Option<(String, char)> {
        match self.slots[k.index()].as_ref()? {
            Slot::Own { key, letter, .. } => Some((key.clone(), *letter)),
            Slot::Promoted { as_type, .. } | Slot::Flagged { as_type, .. } => {
                self.slot_key(*as_type)
            }
        }
    }

    /// The Fairy-Stockfish letter of the type a kind is a piece of.
    fn fsf_letter(&self, k: PieceKind) -> Option<char> {
        self.slot_key(k).map(|(_, c)| c)
    }

    /// Fairy-Stockfish Betza for a kind's unconditional moves; what cannot be written is reported.
    fn betza(&mut self, k: PieceKind) -> String {
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
fn class_of(atom: char) -> u8 {
    match atom {
        'W' | 'D' | 'H' => 0,
        'F' | 'A' | 'G' => 1,
        _ => 2,
    }
}

/// Index of a direction within its atom class (see [`direction_codes`]).
fn dir_index(df: i8, dr: i8) -> usize {
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
fn direction_codes(atom: char, dirs: &[usize]) -> String {
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

fn atom_text(atom: char, range: u8) -> String {
    match (atom, range) {
        (_, 1) => atom.to_string(),
        ('W', 0) => "R".into(),
        ('F', 0) => "B".into(),
        (a, 0) => format!("{a}{a}"),
        (a, k) => format!("{a}{k}"),
    }
}

/// (atom, range (1 leaper, 0 unlimited, k limited), hop (' ', 'p', 'g'), lame, direction index).
fn classify(u: &Unit) -> Result<(char, u8, char, bool, usize), String> {
    let atom_of = |a: u8, b: u8| -> Option<char> {
        Some(match (a, b) {
            (1, 0) => 'W',
            (1, 1) => 'F',
            (2, 0) => 'D',
            (2, 1) => 'N',
            (2, 2) => 'A',
            (3, 0) => 'H',
            (3, 1) => 'C',
            (3, 2) => 'Z',
            (3, 3) => 'G',
            _ => return None,
        })
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

impl Exporter<'_> {
    fn squares_text(&self, set: &SquareSet) -> String {
        let d = self.dims;
        let mut parts = Vec::new();
        for r in 0..d.ranks {
            let row: Vec<Square> = (0..d.files)
                .filter_map(|f| d.square(f as i32, r as i32))
                .collect();
            if row.iter().all(|s| set.contains(*s)) {
                parts.push(format!("*{}", r + 1));
            } else {
                for s in row.into_iter().filter(|s| set.contains(*s)) {
                    parts.push(d.name(s));
                }
            }
        }
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(" ")
        }
    }

    fn region(&mut self, key: &str, zone: &PlayerSquares) {
        let w = self.squares_text(&zone[0]);
        let b = self.squares_text(&zone[1]);
        self.line(&format!("{key}White"), w);
        self.line(&format!("{key}Black"), b);
    }

    fn pieces(&mut self) {
        let kinds: Vec<PieceKind> = self.kinds().collect();
        for &k in &kinds {
            let p = self.piece(k).clone();
            let soldier =
                matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "soldier");
            for r in &p.moves {
                if soldier {
                    break;
                }
                if r.only_in.is_some() {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!("{}: `{}` only in some squares; Fairy-Stockfish moves do not depend on the square (left out)", p.name, r.betza),
                    );
                } else if r.capturing.is_some() {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!(
                            "{}: `{}` only capturing some kinds (left out)",
                            p.name, r.betza
                        ),
                    );
                } else if r.unconfined {
                    self.problem(
                        Subject::Moves(p.name.clone(), r.betza.clone()),
                        format!(
                            "{}: `{}` leaves its confinement (left out)",
                            p.name, r.betza
                        ),
                    );
                }
            }
            if let Some(r) = self.soldier_rank(k).filter(|_| soldier) {
                self.line("soldierPromotionRank", r);
            }
            let own = match &self.slots[k.index()] {
                Some(Slot::Own { key, letter, betza }) => {
                    Some((key.clone(), *letter, betza.clone()))
                }
                _ => None,
            };
            if let Some((key, letter, betza)) = &own {
                if betza.is_empty() {
                    self.line(key, letter);
                } else {
                    self.line(key, format!("{letter}:{betza}"));
                }
            }
            match (&p.confinement, &own) {
                (Confinement::None, _) => {}
                (Confinement::Within(zone), Some((key, _, _))) => {
                    let mut cap = key.clone();
                    if let Some(f) = cap.get_mut(0..1) {
                        f.make_ascii_uppercase();
                    }
                    let (w, b) = (self.squares_text(&zone[0]), self.squares_text(&zone[1]));
                    self.line(&format!("mobilityRegionWhite{cap}"), w);
                    self.line(&format!("mobilityRegionBlack{cap}"), b);
                }
                _ => self.problem(
                    Subject::Confined(p.name.clone()),
                    format!("{}: confined to whichever region it stands in; Fairy-Stockfish regions are fixed (left out)", p.name),
                ),
            }
        }
        // Royalty.
        let royals: Vec<PieceKind> = self.rules.royal_kinds().collect();
        let start = parse_fen(self.rules, &self.rules.start_fen).ok();
        match (self.rules.end.royal_rule, royals.as_slice()) {
            (_, []) => {}
            (RoyalRule::Check, [k]) => {
                if let Some(pos) = &start {
                    for pl in Player::BOTH {
                        let n = pos
                            .pieces()
                            .filter(|(_, pc)| pc.kind == *k && pc.player == pl)
                            .count();
                        if n > 1 {
                            let name = self.piece(*k).name.clone();
                            self.problem(
                                Subject::Piece(name.clone()),
                                format!("{n} royal {name}s on one side; Fairy-Stockfish's king is one piece"),
                            );
                        }
                    }
                }
            }
            (rule @ (RoyalRule::Duple | RoyalRule::Capture), [k]) => {
                let c = self.fsf_letter(*k).unwrap_or('?');
                self.line("extinctionValue", "loss");
                self.line("extinctionPieceTypes", c);
                if rule == RoyalRule::Duple {
                    self.line("extinctionPseudoRoyal", "true");
                    self.line("dupleCheck", "true");
                }
            }
            (_, ks) => {
                let names: Vec<String> = ks.iter().map(|k| self.piece(*k).name.clone()).collect();
                self.problem(
                    Subject::Statement("royal-rule"),
                    format!(
                        "several royal kinds ({}); Fairy-Stockfish has one king type",
                        names.join(", ")
                    ),
                );
            }
        }
    }

    fn promotions(&mut self) {
        let kinds: Vec<PieceKind> = self.kinds().collect();
        let mut zone: Option<PlayerSquares> = None;
        let mut piece_proms: Vec<(char, char)> = Vec::new();
        let mut piece_mode: Option<PromotionMode> = None;
        let mut pawn_types: Vec<char> = Vec::new();
        let mut pawn_targets: Option<BTreeSet<char>> = None;
        let mut pawn_mode: Option<PromotionMode> = None;
        let mut optional = false;
        for &k in &kinds {
            let p = self.piece(k).clone();
            let Some(pr) = &p.promotion else { continue };
            let Some(letter) = self.fsf_letter(k) else {
                continue;
            };
            match &zone {
                None => zone = Some(pr.zone),
                Some(z) if *z == pr.zone => {}
                Some(_) => self.problem(
                    Subject::Promotes(p.name.clone()),
                    format!("{}: a promotion zone of its own; Fairy-Stockfish has one promotion region (the first one is written)", p.name),
                ),
            }
            optional |= pr.mode == PromotionMode::Optional;
            let shogi_style = pr.to.len() == 1 && self.base_of(pr.to[0]) == Some(k);
            if shogi_style {
                let Some(t) = self.fsf_letter(pr.to[0]) else {
                    continue;
                };
                piece_proms.push((letter, t));
                if piece_mode.is_some_and(|m| m != pr.mode) {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: optional and forced promotions of pieces mixed; Fairy-Stockfish has one setting (the first is written)", p.name),
                    );
                } else {
                    piece_mode = Some(pr.mode);
                }
                if pr.mode == PromotionMode::Forced && !self.rules.drops.to_hand.is_empty() {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: a forced promotion with drops; Fairy-Stockfish also promotes a piece dropped in the zone when it moves out", p.name),
                    );
                }
            } else {
                if pr.mode == PromotionMode::Optional {
                    self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: an optional promotion to a choice of kinds; Fairy-Stockfish's pawn promotion looks only at where the move ends (written as optional)", p.name),
                    );
                }
                pawn_mode = Some(pr.mode);
                pawn_types.push(letter);
                let mut targets = BTreeSet::new();
                for t in &pr.to {
                    match &self.slots[t.index()] {
                        Some(Slot::Own { letter, .. }) => {
                            targets.insert(*letter);
                        }
                        Some(Slot::Flagged { as_type, .. }) => {
                            if let Some(c) = self.fsf_letter(*as_type) {
                                targets.insert(c);
                            }
                        }
                        _ => {
                            let tn = self.piece(*t).name.clone();
                            self.problem(
                                Subject::Promotes(p.name.clone()),
                                format!("{}: promotes to {tn}, which Fairy-Stockfish cannot offer as a pawn promotion (left out)", p.name),
                            );
                        }
                    }
                }
                match &pawn_targets {
                    None => pawn_targets = Some(targets),
                    Some(t) if *t == targets => {}
                    Some(_) => self.problem(
                        Subject::Promotes(p.name.clone()),
                        format!("{}: promotes to other kinds than another pawn; Fairy-Stockfish has one list (the first is written)", p.name),
                    ),
                }
            }
        }
        let letters = |v: &mut dyn Iterator<Item = char>| -> String {
            let s: String = v.collect();
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        };
        if let Some(z) = zone {
            self.region("promotionRegion", &z);
        }
        self.line(
            "promotionPawnTypes",
            letters(&mut pawn_types.iter().copied()),
        );
        self.line("pawnTypes", letters(&mut pawn_types.iter().copied()));
        self.line(
            "promotionPieceTypes",
            letters(&mut pawn_targets.unwrap_or_default().into_iter()),
        );
        self.line(
            "mandatoryPawnPromotion",
            pawn_mode != Some(PromotionMode::Optional),
        );
        if !piece_proms.is_empty() {
            let s: Vec<String> = piece_proms
                .iter()
                .map(|(a, b)| format!("{a}:{b}"))
                .collect();
            self.line("promotedPieceType", s.join(" "));
            self.line(
                "mandatoryPiecePromotion",
                piece_mode == Some(PromotionMode::Forced),
            );
        }
        let must_move = self.rules.drops.must_have_move && !self.rules.drops.to_hand.is_empty();
        if optional && !self.rules.drops.to_hand.is_empty() && !self.rules.drops.must_have_move {
            self.problem(
                Subject::Drops,
                "optional promotions with drops that need not have a move; Fairy-Stockfish's `immobilityIllegal` covers both (written as must-move)",
            );
        }
        self.line("immobilityIllegal", optional || must_move);
        // En passant and initial moves.
        let kinds_ep: Vec<char> = kinds
            .iter()
            .filter(|&&k| self.plain_units(k).iter().any(|u| u.en_passant))
            .filter_map(|&k| self.fsf_letter(k))
            .collect();
        self.line("enPassantTypes", letters(&mut kinds_ep.iter().copied()));
        let start = parse_fen(self.rules, &self.rules.start_fen).ok();
        let mut region: Option<PlayerSquares> = None;
        let mut initial_kinds = Vec::new();
        for &k in &kinds {
            if self.plain_units(k).iter().any(|u| u.initial) {
                let mut z = [SquareSet::EMPTY; 2];
                if let Some(pos) = &start {
                    for (s, pc) in pos.pieces() {
                        if pc.kind == k {
                            z[pc.player.index()].insert(s);
                        }
                    }
                }
                initial_kinds.push((k, z));
                region = Some(match region {
                    None => z,
                    Some(r) => [r[0].union(&z[0]), r[1].union(&z[1])],
                });
            }
        }
        if let Some(r) = region {
            for (k, z) in &initial_kinds {
                if *z != r {
                    let name = self.piece(*k).name.clone();
                    self.problem(
                        Subject::Piece(name.clone()),
                        format!("{name}: initial moves from other squares than another kind's; Fairy-Stockfish has one region for all"),
                    );
                }
            }
            self.line("doubleStep", "true");
            self.region("doubleStepRegion", &r);
        } else {
            self.line("doubleStep", "false");
        }
    }
}

impl Exporter<'_> {
    /// The kind Fairy-Stockfish puts in the captor's hand when a piece of kind `k` is captured.
    fn fsf_captured_as(&self, k: PieceKind) -> PieceKind {
        match &self.slots[k.index()] {
            Some(Slot::Promoted { base, .. }) => *base,
            Some(Slot::Flagged { pawn, .. }) => *pawn,
            _ => self
                .promoters_to(k)
                .into_iter()
                .find(|b| self.base_of(k) == Some(*b))
                .unwrap_or(k),
        }
    }

    fn drops(&mut self) {
        let dr = self.rules.drops.clone();
        if dr.to_hand.is_empty() {
            self.line("pieceDrops", "false");
            self.line("capturesToHand", "false");
            return;
        }
        self.line("pieceDrops", "true");
        self.line("capturesToHand", "true");
        let kinds: Vec<PieceKind> = self.kinds().collect();
        for &k in &kinds {
            let p = self.piece(k);
            if p.royal {
                continue;
            }
            let name = p.name.clone();
            if !dr.to_hand.contains(&p.captured_as) {
                self.problem(
                    Subject::Drops,
                    format!("a captured {name} leaves the game; in Fairy-Stockfish every captured piece goes to the hand"),
                );
            } else if p.captured_as != self.fsf_captured_as(k) {
                let as_name = self.piece(p.captured_as).name.clone();
                self.problem(
                    Subject::Piece(name.clone()),
                    format!("a captured {name} goes to the hand as {as_name}; Fairy-Stockfish would hand over what it promoted from"),
                );
            }
        }
        // Where kinds may be dropped: one region for all, Fairy-Stockfish's pawn minus its back
        // rank and promotion region unless allowed.
        let all = self.rules.board.squares;
        let full: PlayerSquares = [all, all];
        let zone_of = |k: PieceKind| dr.zones.get(k.index()).copied().flatten().unwrap_or(full);
        let pawn = kinds.iter().copied().find(
            |&k| matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "pawn"),
        );
        let droppable: Vec<PieceKind> = dr.to_hand.clone();
        let common = droppable
            .iter()
            .copied()
            .find(|&k| Some(k) != pawn)
            .map(zone_of)
            .unwrap_or(full);
        for &k in &droppable {
            if Some(k) != pawn && zone_of(k) != common {
                let name = self.piece(k).name.clone();
                self.problem(
                    Subject::Drops,
                    format!("{name}: a drop zone of its own; Fairy-Stockfish has one drop region (the first is written)"),
                );
            }
        }
        if common != full {
            self.region("dropRegion", &common);
        }
        if let Some(pk) = pawn.filter(|p| droppable.contains(p)) {
            let d = self.dims;
            let back: PlayerSquares = [
                d.squares().filter(|&s| d.rank(s) == 0).collect(),
                d.squares().filter(|&s| d.rank(s) + 1 == d.ranks).collect(),
            ];
            let promo = self
                .piece(pk)
                .promotion
                .as_ref()
                .map(|p| p.zone)
                .unwrap_or([SquareSet::EMPTY; 2]);
            let want = zone_of(pk);
            let mut found = None;
            for first in [false, true] {
                for in_zone in [false, true] {
                    let z: PlayerSquares = std::array::from_fn(|i| {
                        let mut s = common[i];
                        if !first {
                            s = s.minus(&back[i]);
                        }
                        if !in_zone {
                            s = s.minus(&promo[i]);
                        }
                        s
                    });
                    if z == want && found.is_none() {
                        found = Some((first, in_zone));
                    }
                }
            }
            match found {
                Some((first, in_zone)) => {
                    self.line("firstRankPawnDrops", first);
                    self.line("promotionZonePawnDrops", in_zone);
                }
                None => {
                    let name = self.piece(pk).name.clone();
                    self.problem(
                        Subject::Drops,
                        format!("{name}: a drop zone Fairy-Stockfish cannot state for its pawn"),
                    );
                }
            }
        }
        match dr.one_per_file.as_slice() {
            [] => {}
            [k] => {
                let c = self.fsf_letter(*k).unwrap_or('?');
                self.line("dropNoDoubled", c);
            }
            _ => self.problem(
                Subject::Drops,
                "`one-per-file` for several kinds; Fairy-Stockfish has it for one (the first is written)",
            ),
        }
        match dr.no_drop_mate.as_slice() {
            [] => {}
            [k] if matches!(&self.slots[k.index()], Some(Slot::Own { key, .. }) if key == "shogiPawn") => {
                self.line("shogiPawnDropMateIllegal", "true");
            }
            _ => self.problem(
                Subject::Drops,
                "`no-mate` for another kind than the one exported as `shogiPawn` (`fW`); Fairy-Stockfish has the rule only for that piece (left out)",
            ),
        }
        if dr.promote_after_move.is_some() {
            self.problem(
                Subject::Drops,
                "`promote-after-move`: Fairy-Stockfish has no delayed promotion of dropped pieces (left out)",
            );
        }
        for &k in &droppable {
            if !matches!(self.piece(k).confinement, Confinement::None) {
                let name = self.piece(k).name.clone();
                self.problem(
                    Subject::Confined(name.clone()),
                    format!("{name}: a confined kind that can be dropped; Fairy-Stockfish may drop it outside its region"),
                );
            }
        }
    }

    fn end(&mut self) {
        let end = self.rules.end.clone();
        self.line("stalemateValue", score_word(end.stalemate));
        self.line("checkmateValue", score_word(end.checkmate));
        match end.repetition {
            Some((n, s)) => {
                self.line("nFoldRule", n);
                self.line("nFoldValue", score_word(s));
            }
            None => self.problem(
                Subject::Statement("repetition"),
                "no repetition rule; Fairy-Stockfish always has one (its default, 3 draw, is written)",
            ),
        }
        match end.perpetual_check {
            None => self.line("perpetualCheckIllegal", "false"),
            Some(Score::Loss) => self.line("perpetualCheckIllegal", "true"),
            Some(s) => self.problem(
                Subject::Statement("repetition"),
                format!(
                    "perpetual check scored {}; Fairy-Stockfish only makes it a loss (left out)",
                    score_word(s)
                ),
            ),
        }
        match &end.move_limit {
            None => self.line("nMoveRule", 0),
            Some(ml) => {
                if ml.score != Score::Draw {
                    self.problem(
                        Subject::Statement("move-limit"),
                        format!(
                            "the move limit scores {}; Fairy-Stockfish's is a draw",
                            score_word(ml.score)
                        ),
                    );
                }
                self.line("nMoveRule", ml.moves);
                let s: String = ml
                    .reset_by
                    .iter()
                    .filter_map(|k| self.fsf_letter(*k))
                    .collect();
                self.line(
                    "nMoveRuleTypes",
                    if s.is_empty() { "-".to_string() } else { s },
                );
            }
        }
        self.line("flyingGeneral", end.facing);
    }

    fn castling(&mut self) {
        let Some(c) = self.rules.castling.clone() else {
            self.line("castling", "false");
            return;
        };
        let d = self.dims;
        let (Some(kl), Some(rl)) = (self.fsf_letter(c.king), self.fsf_letter(c.rook)) else {
            return;
        };
        let Ok(pos) = parse_fen(self.rules, &self.rules.start_fen) else {
            return;
        };
        let on_back = |kind: PieceKind, pl: Player| -> Vec<u8> {
            let back = if pl == Player::First { 0 } else { d.ranks - 1 };
            let mut v: Vec<u8> = pos
                .pieces()
                .filter(|(s, p)| p.kind == kind && p.player == pl && d.rank(*s) == back)
                .map(|(s, _)| d.file(s))
                .collect();
            v.sort();
            v
        };
        let kings = [
            on_back(c.king, Player::First),
            on_back(c.king, Player::Second),
        ];
        let rooks = [
            on_back(c.rook, Player::First),
            on_back(c.rook, Player::Second),
        ];
        let ok = kings[0].len() == 1
            && kings[0] == kings[1]
            && rooks[0] == rooks[1]
            && !rooks[0].is_empty();
        if !ok {
            self.problem(
                Subject::Statement("castling"),
                "castling pieces that do not stand on the back ranks the same way for both players (castling left out)",
            );
            self.line("castling", "false");
            return;
        }
        let kf = kings[0][0];
        let steps = c.king_steps;
        let file = |f: u8| crate::geometry::file_letter(f);
        self.line("castling", "true");
        self.line("castlingKingPiece", kl);
        self.line("castlingRookPieces", rl);
        self.line("castlingRank", 1);
        self.line("castlingKingFile", file(kf));
        if let Some(&r) = rooks[0].iter().rev().find(|&&r| r > kf) {
            self.line("castlingRookKingsideFile", file(r));
        }
        if let Some(&r) = rooks[0].iter().find(|&&r| r < kf) {
            self.line("castlingRookQueensideFile", file(r));
        }
        if kf + steps < d.files && kf >= steps {
            self.line("castlingKingsideFile", file(kf + steps));
            self.line("castlingQueensideFile", file(kf - steps));
        } else {
            self.problem(
                Subject::Statement("castling"),
                "the king's castling move leaves the board on one side",
            );
        }
    }

    fn start(&mut self) {
        let d = self.dims;
        let pos = match parse_fen(self.rules, &self.rules.start_fen) {
            Ok(p) => p,
            Err(e) => {
                self.problem(Subject::Start, format!("the start FEN cannot be read: {e}"));
                return;
            }
        };
        let mut board = String::new();
        for r in (0..d.ranks).rev() {
            let mut empty = 0;
            for f in 0..d.files {
                let pc = d.square(f as i32, r as i32).and_then(|s| pos.piece_at(s));
                let Some(pc) = pc else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    let _ = write!(board, "{empty}");
                    empty = 0;
                }
                let text = match &self.slots[pc.kind.index()] {
                    Some(Slot::Own { letter, .. }) => {
                        // a promoted kind with a type of its own is still written `+X`
                        match self.base_of(pc.kind) {
                            Some(b) if self.promoters_to(pc.kind).contains(&b) => {
                                format!("+{}", self.fsf_letter(b).unwrap_or('?'))
                            }
                            _ => letter.to_string(),
                        }
                    }
                    Some(Slot::Promoted { base, .. }) => {
                        format!("+{}", self.fsf_letter(*base).unwrap_or('?'))
                    }
                    Some(Slot::Flagged { as_type, .. }) => {
                        format!("{}~", self.fsf_letter(*as_type).unwrap_or('?'))
                    }
                    None => "?".into(),
                };
                board.push_str(&if pc.player == Player::First {
                    text.to_ascii_uppercase()
                } else {
                    text
                });
            }
            if empty > 0 {
                let _ = write!(board, "{empty}");
            }
            if r > 0 {
                board.push('/');
            }
        }
        if !self.rules.drops.to_hand.is_empty() {
            board.push('[');
            for pl in Player::BOTH {
                for (k, n) in pos.hand_contents(pl) {
                    let c = self.fsf_letter(k).unwrap_or('?');
                    let c = if pl == Player::First {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    };
                    for _ in 0..n {
                        board.push(c);
                    }
                }
            }
            board.push(']');
        }
        let chimera = crate::engine::fen::to_fen(self.rules, &pos);
        let tail = chimera
            .split_once(' ')
            .map(|(_, t)| t)
            .unwrap_or("w - - 0 1");
        self.line("startFen", format!("{board} {tail}"));
    }
}
