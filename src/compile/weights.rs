//! The tuned evaluation weights beside a definition: `NAME.weights` next to `NAME.variant`,
//! written by `chimera tune` and read with the definition into [`RuleSet::weights`], so that
//! play, hints, the protocols and `analyze` use them without knowing about the file.
//!
//! The file is TOML, one table per piece kind by name:
//!
//! ```toml
//! format = 1
//! rules = "0123456789abcdef"   # which rules the weights were fitted to
//! [pieces.Chariot]
//! value = 912          # centipawns on the board
//! hand = 1003          # centipawns in hand
//! centrality = 110     # percent of the square table from the kind's own moves
//! advancement = 100    # percent of the square table from nearness to promotion
//! mobility = 100       # percent of the bonus per square reached (absent: 100)
//! [pieces.General]
//! shelter = 10         # royals: centipawns per own piece beside it (absent: derived)
//! exposure = 15        # royals: centipawns per rank from home (absent: derived)
//! pair = 30            # centipawns for two or more of the kind on the board (absent: 0)
//! passed = 120         # promoting pawn-like kinds: percent of the passed bonus (absent: 0)
//! danger = 4           # royals: centipawns per attacked square beside it, squared (absent: 0)
//! squares = [          # optional (`chimera tune --squares`): centipawns on each square,
//!   [0, 0, 5, 5, 5, 0, 0, 0, 0],   # a row per rank, the last rank first, as the board is
//!   ...                            # drawn for the first player (mirrored for the second)
//! ]
//! ```
//!
//! The royal-safety weights count while the enemy keeps its material (see
//! [`KindWeights::shelter`]); a file written before they existed gets the derived ones.
//!
//! A file that cannot be read, is not such TOML or holds a value out of bounds is an error (the
//! definition is refused, as with a broken glyph file). A file fitted to other rules (the `rules`
//! fingerprint differs) or naming a kind the definition lacks is a warning: the weights of the
//! kinds it names are still used.

use crate::diagnostics::{Code, SourceError, SourceFile};
use crate::rules::{
    KindWeights, RuleSet, Weights, DERIVED_EXPOSURE, DERIVED_SHELTER, MAX_WEIGHT_SCALE,
    MAX_WEIGHT_VALUE,
};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::Read as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The format version written and read.
pub const FORMAT: i64 = 1;
/// Largest weights file read, in bytes.
pub const MAX_WEIGHTS_FILE_BYTES: u64 = 256 * 1024;

/// Where a definition's weights file is: beside it, `.weights` for `.variant`.
pub fn path_beside(definition: &Path) -> PathBuf {
    definition.with_extension("weights")
}

/// A fingerprint of the rules the evaluation depends on (everything but the name, description,
/// drawing hints and weights): 16 hex digits of a SHA-256.
pub fn rules_fingerprint(rules: &RuleSet) -> String {
    let mut r = rules.clone();
    r.name.clear();
    r.about = Default::default();
    r.render = Default::default();
    r.weights = None;
    let json = serde_json::to_vec(&r).unwrap_or_default();
    let digest = Sha256::digest(&json);
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The text of a weights file for `rules`: every kind `weights` covers, by name, after a comment
/// line per entry of `notes`.
pub fn to_text(rules: &RuleSet, weights: &Weights, notes: &[String]) -> String {
    let mut out = String::new();
    for n in notes {
        for line in n.lines() {
            out.push_str(&format!("# {line}\n"));
        }
    }
    out.push_str(&format!("format = {FORMAT}\n"));
    out.push_str(&format!("rules = \"{}\"\n", rules_fingerprint(rules)));
    let dims = rules.board.dims;
    for (k, (def, w)) in rules.pieces.iter().zip(&weights.kinds).enumerate() {
        let Some(w) = w else { continue };
        out.push_str(&format!(
            "\n[pieces.{}]\nvalue = {}\nhand = {}\ncentrality = {}\nadvancement = {}\nmobility = {}\n",
            toml_key(&def.name),
            w.value,
            w.hand,
            w.centrality,
            w.advancement,
            w.mobility
        ));
        if def.royal {
            out.push_str(&format!(
                "shelter = {}\nexposure = {}\n",
                w.shelter, w.exposure
            ));
        }
        // Written only when set, so that files of weights without them read as before.
        if w.pair != 0 {
            out.push_str(&format!("pair = {}\n", w.pair));
        }
        if w.passed != 0 {
            out.push_str(&format!("passed = {}\n", w.passed));
        }
        if w.danger != 0 {
            out.push_str(&format!("danger = {}\n", w.danger));
        }
        if let Some(t) = weights.square_table(k).filter(|t| t.len() == dims.len()) {
            out.push_str("squares = [\n");
            for rank in (0..dims.ranks as i32).rev() {
                let row: Vec<String> = (0..dims.files as i32)
                    .filter_map(|f| dims.square(f, rank))
                    .map(|s| t[s.index()].to_string())
                    .collect();
                out.push_str(&format!("  [{}],\n", row.join(", ")));
            }
            out.push_str("]\n");
        }
    }
    out
}

/// A piece name as a TOML key: bare when it can be, quoted otherwise.
fn toml_key(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        name.to_string()
    } else {
        let escaped: String = name
            .chars()
            .flat_map(|c| match c {
                '"' => vec!['\\', '"'],
                '\\' => vec!['\\', '\\'],
                c if c.is_control() => format!("\\u{:04x}", c as u32).chars().collect(),
                c => vec![c],
            })
            .collect();
        format!("\"{escaped}\"")
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileText {
    format: Spanned<i64>,
    rules: Option<Spanned<String>>,
    #[serde(default)]
    pieces: BTreeMap<Spanned<String>, Spanned<Entry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    value: Spanned<i64>,
    hand: Spanned<i64>,
    centrality: Spanned<i64>,
    advancement: Spanned<i64>,
    /// Absent in files written before mobility was weighted: as derived.
    mobility: Option<Spanned<i64>>,
    /// Royals only; absent in files written before royal safety was weighted: as derived.
    shelter: Option<Spanned<i64>>,
    exposure: Option<Spanned<i64>>,
    /// Absent in files written before pairs and passed pieces were weighted: 0, as derived.
    pair: Option<Spanned<i64>>,
    passed: Option<Spanned<i64>>,
    /// Royals only; absent in files written before royal danger was weighted: 0, as derived.
    danger: Option<Spanned<i64>>,
    /// Optional: centipawns per square, a row per rank from the last.
    squares: Option<Spanned<Vec<Vec<i64>>>>,
}

/// Weights read from a file, with the warnings about them.
#[derive(Debug)]
pub struct Read {
    /// The weights, per kind of the rule set.
    pub weights: Weights,
    /// Stale fingerprint, unknown kinds.
    pub warnings: Vec<SourceError>,
}

const HELP_BROKEN: &str =
    "fix the file, or delete it and run `chimera tune` on the definition to write a new one";

/// Reads weights text for `rules`; `name` labels diagnostics.
pub fn parse(name: &str, text: &str, rules: &RuleSet) -> Result<Read, Vec<SourceError>> {
    let src = SourceFile::new(name, text);
    let err = |span: Range<usize>, msg: String| {
        SourceError::new(Code::Weights, &src, span.start, span.end, msg)
    };
    let stale = |span: Range<usize>, msg: String| {
        SourceError::new(Code::WarningWeightsStale, &src, span.start, span.end, msg).as_warning()
    };
    let file: FileText = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            return Err(vec![err(
                span,
                format!("the weights file is not valid: {}", e.message()),
            )
            .with_help(format!(
                "a weights file holds `format = {FORMAT}`, `rules = \"...\"` and a `[pieces.NAME]` table per kind with `value`, `hand`, `centrality`, `advancement` and `mobility` (and for a royal `shelter` and `exposure`; optionally `pair`, `passed`, `danger` and `squares`); {HELP_BROKEN}"
            ))]);
        }
    };
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    if *file.format.get_ref() != FORMAT {
        errors.push(
            err(
                file.format.span(),
                format!(
                    "weights format {} is not one this Chimera reads",
                    file.format.get_ref()
                ),
            )
            .with_label("format")
            .with_help(format!(
                "this Chimera reads `format = {FORMAT}`; {HELP_BROKEN}"
            )),
        );
    }
    let mut kinds: Vec<Option<KindWeights>> = vec![None; rules.pieces.len()];
    let mut squares: Vec<Vec<i32>> = vec![Vec::new(); rules.pieces.len()];
    let dims = rules.board.dims;
    let names: Vec<&str> = rules.pieces.iter().map(|p| p.name.as_str()).collect();
    for (key, entry) in &file.pieces {
        let entry = entry.get_ref();
        let mut field = |v: &Spanned<i64>, bound: i32, what: &str| -> i32 {
            let x = *v.get_ref();
            let lo = if what == "scale" { -bound } else { 0 };
            if x < lo as i64 || x > bound as i64 {
                errors.push(
                    err(v.span(), format!("{x} is out of bounds for a weight"))
                        .with_label("out of bounds")
                        .with_help(format!(
                            "a {what} lies between {lo} and {bound}; {HELP_BROKEN}"
                        )),
                );
                0
            } else {
                x as i32
            }
        };
        let royal = rules
            .kind_by_name(key.get_ref())
            .is_some_and(|k| rules.piece(k).royal);
        let (shelter, exposure) = if royal {
            (DERIVED_SHELTER, DERIVED_EXPOSURE)
        } else {
            (0, 0)
        };
        let w = KindWeights {
            shelter: entry
                .shelter
                .as_ref()
                .map_or(shelter, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
            exposure: entry
                .exposure
                .as_ref()
                .map_or(exposure, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
            value: field(&entry.value, MAX_WEIGHT_VALUE, "piece value"),
            hand: field(&entry.hand, MAX_WEIGHT_VALUE, "piece value"),
            centrality: field(&entry.centrality, MAX_WEIGHT_SCALE, "scale"),
            advancement: field(&entry.advancement, MAX_WEIGHT_SCALE, "scale"),
            mobility: entry
                .mobility
                .as_ref()
                .map_or(100, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
            pair: entry
                .pair
                .as_ref()
                .map_or(0, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
            passed: entry
                .passed
                .as_ref()
                .map_or(0, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
            danger: entry
                .danger
                .as_ref()
                .map_or(0, |m| field(m, MAX_WEIGHT_SCALE, "scale")),
        };
        let table = match &entry.squares {
            Some(t) => match square_table(t.get_ref(), dims) {
                Ok(table) => table,
                Err(msg) => {
                    errors.push(
                        err(t.span(), msg)
                            .with_label("this table")
                            .with_help(format!(
                                "`squares` holds {} rows (the last rank first) of {} whole numbers from -{MAX_WEIGHT_VALUE} to {MAX_WEIGHT_VALUE}; {HELP_BROKEN}",
                                dims.ranks, dims.files
                            )),
                    );
                    Vec::new()
                }
            },
            None => Vec::new(),
        };
        match rules.kind_by_name(key.get_ref()) {
            Some(k) => {
                kinds[k.index()] = Some(w);
                squares[k.index()] = table;
            }
            None => warnings.push(
                stale(
                    key.span(),
                    format!(
                        "the weights name a piece `{}` the definition does not have",
                        key.get_ref()
                    ),
                )
                .with_label("unknown piece")
                .with_help(format!(
                    "{}; run `chimera tune` again after changing the pieces",
                    crate::compile::unknown_help("piece", key.get_ref(), names.iter().copied())
                )),
            ),
        }
    }
    let fingerprint = rules_fingerprint(rules);
    match &file.rules {
        Some(r) if *r.get_ref() == fingerprint => {}
        Some(r) => warnings.push(
            stale(
                r.span(),
                format!(
                    "the weights were fitted to other rules (`{}`; the definition's are `{fingerprint}`)",
                    r.get_ref()
                ),
            )
            .with_label("changed since")
            .with_help(
                "the definition changed since `chimera tune` wrote this file; its weights are still used: run `chimera tune` again",
            ),
        ),
        None => warnings.push(
            stale(
                file.format.span(),
                "the weights file does not say which rules it was fitted to".to_string(),
            )
            .with_label("no `rules` line")
            .with_help(format!(
                "add `rules = \"{fingerprint}\"` if the weights are meant for these rules, or run `chimera tune` again"
            )),
        ),
    }
    if errors.is_empty() {
        if squares.iter().all(Vec::is_empty) {
            squares.clear();
        }
        Ok(Read {
            weights: Weights { kinds, squares },
            warnings,
        })
    } else {
        Err(errors)
    }
}

/// A `squares` table (rows from the last rank) as centipawns by square index, or what is wrong
/// with it.
fn square_table(rows: &[Vec<i64>], dims: crate::geometry::Dimensions) -> Result<Vec<i32>, String> {
    if rows.len() != dims.ranks as usize {
        return Err(format!(
            "the square table has {} rows; the board has {} ranks",
            rows.len(),
            dims.ranks
        ));
    }
    let mut table = vec![0i32; dims.len()];
    for (i, row) in rows.iter().enumerate() {
        let rank = dims.ranks as i32 - 1 - i as i32;
        if row.len() != dims.files as usize {
            return Err(format!(
                "row {} of the square table (rank {}) has {} entries; the board has {} files",
                i + 1,
                rank + 1,
                row.len(),
                dims.files
            ));
        }
        for (file, &x) in row.iter().enumerate() {
            if x.abs() > MAX_WEIGHT_VALUE as i64 {
                return Err(format!("{x} is out of bounds for a square's centipawns"));
            }
            if let Some(s) = dims.square(file as i32, rank) {
                table[s.index()] = x as i32;
            }
        }
    }
    Ok(table)
}

/// Reads the weights file beside the definition at `definition`, if there is one.
pub fn read_beside(definition: &Path, rules: &RuleSet) -> Result<Option<Read>, Vec<SourceError>> {
    let path = path_beside(definition);
    if !path.is_file() {
        return Ok(None);
    }
    read_file(&path, rules).map(Some)
}

/// Reads a weights file for `rules`.
pub fn read_file(path: &Path, rules: &RuleSet) -> Result<Read, Vec<SourceError>> {
    let name = path.display().to_string();
    let unreadable = |msg: String| {
        vec![
            SourceError::new(Code::Weights, &SourceFile::new(name.clone(), ""), 0, 0, msg)
                .with_label("this file")
                .with_help(HELP_BROKEN),
        ]
    };
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|f| f.take(MAX_WEIGHTS_FILE_BYTES + 1).read_to_end(&mut bytes));
    if let Err(e) = read {
        return Err(unreadable(format!(
            "cannot read the weights file `{name}`: {e}"
        )));
    }
    if bytes.len() as u64 > MAX_WEIGHTS_FILE_BYTES {
        return Err(unreadable(format!(
            "the weights file `{name}` is larger than {MAX_WEIGHTS_FILE_BYTES} bytes"
        )));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(unreadable(format!(
            "the weights file `{name}` is not UTF-8 text"
        )));
    };
    parse(&name, &text, rules)
}
