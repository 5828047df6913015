//! Export: a compiled [`RuleSet`] as a Fairy-Stockfish `variants.ini` section.
//!
//! Every rule is either stated exactly in Fairy-Stockfish's terms or reported as a [`Problem`];
//! nothing is guessed. Rule-set data this exporter does not know (mechanisms added to the
//! language after it was written) is found by walking the serialised rule set and is reported
//! too, so a new mechanism is refused until someone teaches the exporter about it.

use crate::betza;
use crate::engine::{Engine, Position};
use crate::geometry::{Dimensions, Player, PlayerSquares, Square, SquareSet};
use crate::rules::{
    Confinement, Hop, Leg, MovePattern, Outcome, PathId, PieceDef, PieceKind, PromotionMode,
    RoyalRule, RuleSet,
};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

mod game;
mod material;
mod moves;
mod pieces;
mod slots;

use self::moves::{units_of, units_of_betza};

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
    /// The start position as the engine reads it (castling rights and gates included); `None`
    /// when no engine can be built for the rule set.
    start: Option<Position>,
    dims: Dimensions,
    problems: Vec<Problem>,
    lines: Vec<String>,
    slots: Vec<Option<Slot>>,
}

/// Exports a rule set as a `variants.ini` section named `section`.
pub fn export(rules: &RuleSet, section: &str) -> Export {
    let mut ex = Exporter {
        rules,
        start: Engine::new(rules.clone())
            .ok()
            .map(|e| e.start_position().clone()),
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
    ex.promotion_limits();
    ex.drops();
    ex.end();
    ex.material_rules();
    ex.castling();
    ex.gating();
    ex.walls();
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
            "gating",
            "en_passant",
            "walls",
            "flip",
            "start_fen",
            "start",
            "random_start",
            "promotion_limits",
            "render",
            // `description`, `author`, `link`: words for people, nothing the game plays.
            "about",
            // Tuned evaluation weights (`NAME.weights`): how Chimera plays, not a rule.
            "weights",
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
            "royal_when_last",
            // Fairy-Stockfish turns every piece: a `turned` piece exports as it is, an
            // asymmetric one without it is a problem (`pieces`).
            "turned",
            // Cambodian chess's two first moves are `cambodianMoves`; others a problem (`pieces`).
            "first_move",
            "confinement",
            "promotion",
            "captured_as",
            // How pictures draw the piece: presentation, nothing for the rules to state.
            "glyph",
        ],
    ),
    (
        "pieces.moves",
        &[
            "betza",
            "patterns",
            "only_in",
            "zone",
            "capturing",
            "unconfined",
            "sets_en_passant",
        ],
    ),
    (
        "pieces.moves.patterns",
        &[
            "legs",
            "initial",
            "en_passant",
            "passable",
            "royal_only",
            "span",
        ],
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
            "per_file",
            "no_drop_mate",
            "promote_after_move",
            "must_drop",
            "no_check",
            "gravity",
            "enclosing",
            "adjacent",
            "apart",
            "opening",
            "unlimited",
            "drop_promoted",
        ],
    ),
    (
        "end",
        &[
            "royal_rule",
            "facing",
            "stalemate",
            "stalemate_by_count",
            "checkmate",
            "repetition",
            "perpetual_check",
            "move_limit",
            "goal",
            "no_check",
            "must_capture",
            "checked_royal_takes_only",
            "explosions",
            "petrify",
            "check_limit",
            "castling_wins",
            "connect",
            "board_full",
            "draws_by_count",
            "counting",
            "pass",
            "facing_ends",
            "extinction",
            "bare_royal",
        ],
    ),
    ("end.extinction", &["counted", "down_to", "score"]),
    (
        "end.goal",
        &["kinds", "zone", "count", "or_full", "safe", "reply", "held"],
    ),
    ("end.move_limit", &["moves", "score", "reset_by"]),
    ("end.explosions", &["spare", "immune"]),
    (
        "end.connect",
        &[
            "n",
            "horizontal",
            "vertical",
            "diagonal",
            "kinds",
            "square",
            "gaps",
            "regions",
            "score",
        ],
    ),
    ("castling", &["king", "rook", "king_steps", "to_files"]),
    ("walls", &["rule", "zone"]),
    ("flip", &["rule", "supported"]),
];

/// Rule-set data the exporter may not know, by its path: the keyword of the statement that
/// states it and the rule's name in the language.
const STATEMENT_OF: &[(&str, &str, &str)] = &[
    ("end.facing_ends", "facing", "facing ends"),
    ("end.pass", "pass", "pass"),
    ("end.bare_royal", "bare-royal", "bare-royal"),
    ("end.extinction", "extinction", "extinction"),
    ("end.goal", "goal", "goal"),
    ("end.check_limit", "check-limit", "check-limit"),
    ("pieces.royal_counted_with", "royal", "royal when-last with"),
    ("end.no_check", "no-check", "no-check"),
    ("promotion_limits", "promotion-limit", "promotion-limit"),
    ("gating", "gating", "gating"),
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

fn score_word(s: Outcome) -> &'static str {
    match s {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
        Outcome::WonBy(_) => "win for a named player",
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
        (0..self.rules.pieces.len()).map(PieceKind::from_index)
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
            // Named as the language writes it, at the statement that states it when there is one.
            let (subject, words) = match STATEMENT_OF.iter().find(|(p, ..)| *p == path) {
                Some(&(_, kw, words)) => (Subject::Statement(kw), words.to_string()),
                None => {
                    let last = path.rsplit('.').next().unwrap_or(&path).replace('_', "-");
                    let subject = if path.starts_with("drops.") {
                        Subject::Drops
                    } else {
                        Subject::Unknown(path.clone())
                    };
                    (subject, last)
                }
            };
            self.problem(
                subject,
                format!("`{words}`: a rule the exporter does not know; it is left out"),
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
        for (i, name) in self.rules.paths.keys().enumerate() {
            let id = PathId(u16::try_from(i).unwrap_or(u16::MAX));
            let riders: Vec<String> = self
                .rules
                .pieces
                .iter()
                .filter(|p| p.rides.iter().any(|r| r.paths.contains(&id)))
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
            if !conditional(r) {
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
            && pa.moves.iter().all(|r| !conditional(r))
            && pb.moves.iter().all(|r| !conditional(r))
            && pa.royal == pb.royal
            && pa.rides.is_empty()
            && pb.rides.is_empty()
            && matches!(pa.confinement, Confinement::None)
            && matches!(pb.confinement, Confinement::None)
    }
}

/// Whether a move rule holds only on some squares or for some captures, which a Fairy-Stockfish
/// piece cannot say. A `sets-en-passant` line in a zone is not: it is Fairy-Stockfish's initial
/// move (`i`) from its `doubleStepRegion`.
fn conditional(r: &crate::rules::MoveRule) -> bool {
    (r.only_in.is_some() && !r.sets_en_passant) || r.capturing.is_some() || r.unconfined
}
