//! Import: a `variants.ini` section as definition source text, which the normal compiler then
//! checks.
//!
//! A section's settings are resolved first: Fairy-Stockfish's defaults (chess rules without
//! pieces), then the parent's (`[child:parent]`, a section of the same file or one of the few
//! built-in variants described in `builtin_parents.ini`), then its own keys. Each setting is then
//! stated in the language or reported as an [`Omission`] with its line.

use super::ini::{IniFile, Section};
use crate::compile::compile_str;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

mod convert;

use convert::{convert, is_piece_key, PIECE_SET_KEYS};

/// Fairy-Stockfish built-in piece types: key, Betza (as the language reads it).
pub const BUILTIN_PIECES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("khon", "FfW"),
    ("met", "F"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("cannon", "mRcpR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Built-in types stated by more than a Betza string: janggi's cannon (it neither jumps nor
/// takes a cannon; the clauses name the kind, so the converter writes them), janggi's elephant
/// (a lame zebra) and the piece that never moves.
const CLAUSED_PIECES: &[(&str, &str)] = &[
    ("janggiCannon", "pR"),
    ("janggiElephant", "nZ"),
    ("immobile", ""),
];

/// Custom piece slots read.
const CUSTOM_SLOTS: usize = 25;

/// Fairy-Stockfish built-in variants that sections of its own `variants.ini` inherit from,
/// described in `variants.ini` terms in a data file (only those needed most).
const BUILTIN_PARENTS_INI: &str = include_str!("../builtin_parents.ini");

/// The built-in parents, read once from `builtin_parents.ini`.
pub fn builtin_parents() -> &'static IniFile {
    static PARENTS: std::sync::OnceLock<IniFile> = std::sync::OnceLock::new();
    PARENTS.get_or_init(|| IniFile::parse(BUILTIN_PARENTS_INI))
}

/// Keys that only concern display or evaluation in Fairy-Stockfish: read, nothing to state.
const NO_RULE_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// A key that was not converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Omission {
    /// The key.
    pub key: String,
    /// Its value.
    pub value: String,
    /// Its line in the file (`None` when it comes from a built-in parent).
    pub line: Option<usize>,
    /// Why.
    pub why: String,
}

/// The result for one section.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section name.
    pub name: String,
    /// Line of its header.
    pub line: usize,
    /// The definition text (with a comment at the top listing the omissions), unless refused.
    pub source: Option<String>,
    /// Keys not converted.
    pub omissions: Vec<Omission>,
    /// Why the section is refused (the compiler's first error, an unknown parent, ...).
    pub refused: Option<String>,
}

/// A resolved setting: value and the line it came from.
type Settings = BTreeMap<String, (String, Option<usize>)>;

/// Most levels of `[child:parent]` followed.
const MAX_DEPTH: usize = 32;

fn resolve(file: &IniFile, sec: &Section, depth: usize) -> Result<Settings, String> {
    if depth > MAX_DEPTH {
        return Err(format!("inheritance deeper than {MAX_DEPTH} (a cycle?)"));
    }
    let mut s = match &sec.parent {
        // Without a parent, Fairy-Stockfish starts from its template with the pieces cleared, and
        // clearing them clears the pawn's promotion choices too: chess's four come only with a
        // parent that has them.
        None => Settings::from([("promotionPieceTypes".to_string(), ("-".to_string(), None))]),
        Some(p) => {
            if let Some(ps) = file
                .sections
                .iter()
                .take_while(|x| !std::ptr::eq(*x, sec))
                .filter(|x| &x.name == p)
                .last()
            {
                resolve(file, ps, depth + 1)?
            } else if let Some(parent) = builtin_parents().sections.iter().find(|x| &x.name == p) {
                let mut s = Settings::new();
                for e in &parent.entries {
                    s.insert(e.key.clone(), (e.value.clone(), None));
                }
                s
            } else {
                return Err(format!(
                    "inherits from `{p}`, a Fairy-Stockfish built-in the importer does not describe (known: {})",
                    builtin_parents()
                        .sections
                        .iter()
                        .map(|x| x.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    };
    // A piece-set inherited from the parent names the parent's piece types: a letter the child
    // gives to another piece no longer belongs to it.
    let redefined: Vec<char> = sec
        .entries
        .iter()
        .filter(|e| is_piece_key(&e.key))
        .filter_map(|e| e.value.chars().next())
        .map(|ch| ch.to_ascii_lowercase())
        .collect();
    let own: BTreeSet<&str> = sec.entries.iter().map(|e| e.key.as_str()).collect();
    for k in PIECE_SET_KEYS {
        if own.contains(k) {
            continue;
        }
        if let Some((v, _)) = s.get_mut(*k) {
            let kept: String = v
                .chars()
                .filter(|ch| !redefined.contains(&ch.to_ascii_lowercase()))
                .collect();
            *v = if kept.trim().is_empty() {
                "-".into()
            } else {
                kept
            };
        }
    }
    // `promotedPieceType` is a table by piece type: the child's pairs are added to the parent's
    // (whose pieces the child did not give away), not put in their place.
    let inherited = s.get("promotedPieceType").cloned();
    for e in &sec.entries {
        s.insert(e.key.clone(), (e.value.clone(), Some(e.line)));
    }
    if let (Some((parent, _)), Some(own)) = (
        inherited,
        sec.entries
            .iter()
            .rev()
            .find(|e| e.key == "promotedPieceType"),
    ) {
        let pairs = |v: &str| -> Vec<(char, String)> {
            v.split_whitespace()
                .filter_map(|p| {
                    let (a, b) = p.split_once(':')?;
                    Some((a.chars().next()?.to_ascii_lowercase(), b.to_string()))
                })
                .collect()
        };
        let mine = pairs(&own.value);
        let kept: Vec<String> = pairs(&parent)
            .into_iter()
            .filter(|(a, b)| {
                let to = b.chars().next().map(|ch| ch.to_ascii_lowercase());
                !redefined.contains(a)
                    && to.is_none_or(|t| !redefined.contains(&t))
                    && !mine.iter().any(|(m, _)| m == a)
            })
            .map(|(a, b)| format!("{a}:{b}"))
            .collect();
        if !kept.is_empty() {
            let merged = format!("{} {}", kept.join(" "), own.value);
            s.insert("promotedPieceType".into(), (merged, Some(own.line)));
        }
    }
    Ok(s)
}

/// Converts the section `name` of `file` and checks the result with the compiler.
pub fn import_section(file: &IniFile, name: &str) -> Imported {
    let Some(sec) = file.section(name) else {
        return Imported {
            name: name.to_string(),
            line: 0,
            source: None,
            omissions: Vec::new(),
            refused: Some(format!("no section `{name}`")),
        };
    };
    let mut out = Imported {
        name: name.to_string(),
        line: sec.line,
        source: None,
        omissions: Vec::new(),
        refused: None,
    };
    let settings = match resolve(file, sec, 0) {
        Ok(s) => s,
        Err(e) => {
            out.refused = Some(e);
            return out;
        }
    };
    match convert(name, settings) {
        Ok((text, omissions)) => {
            out.omissions = omissions;
            match compile_str(&format!("{name}.variant"), &text, Path::new(".")) {
                Ok(_) => out.source = Some(text),
                Err(d) => {
                    let first = d
                        .errors
                        .first()
                        .map(|e| e.to_string())
                        .unwrap_or_else(|| d.summary.clone());
                    out.refused = Some(format!(
                        "the converted definition does not compile: {first}"
                    ));
                }
            }
        }
        Err(e) => out.refused = Some(e),
    }
    out
}
