//! Diagnostics: each kind of error a definition can have, with its message and where it points;
//! several errors in one run; and robustness: mangled definitions never panic and every error
//! renders with a line and column.

use chimera::Diagnostics;
use chimera::{compile_bytes, compile_file, compile_str};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::located_in;

/// A small chess-like game, one statement per line so that errors are easy to place.
/// Tests append lines (line 9 onwards) or replace a line.
const MINI: &str = "variant \"Mini\"
board 5x6
players White, Black
zone last = rank 6
piece King K { moves K royal }
piece Rook R { moves R }
piece Pawn P { moves mfWcfF promotes to Rook in last }
start \"rpkpr/5/5/5/5/RPKPR w - - 0 1\"
";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// One error as a test sees it.
#[derive(Debug, Clone)]
struct Found {
    code: String,
    message: String,
    /// 1-based line and column of the labelled span.
    at: (usize, usize),
    /// The text under the span.
    snippet: String,
    help: Option<String>,
    file: String,
}

fn found(d: &Diagnostics) -> Vec<Found> {
    d.source_errors()
        .map(|e| Found {
            code: e.code.to_string(),
            message: e.message.clone(),
            at: e.line_col(),
            snippet: e.snippet().to_string(),
            help: e.help.clone(),
            file: e.source.name.clone(),
        })
        .collect()
}

fn errors(text: &str) -> Vec<Found> {
    match compile_str("t.variant", text, &fixtures()) {
        Ok(_) => panic!("expected errors in:\n{text}"),
        Err(d) => {
            assert_eq!(d.errors.len(), d.source_errors().count());
            let f = found(&d);
            // Every diagnostic says how to fix it.
            for e in &f {
                assert!(
                    e.help.as_deref().is_some_and(|h| !h.is_empty()),
                    "no help line: {e:#?}"
                );
            }
            f
        }
    }
}

/// The only error of a definition.
fn only(text: &str) -> Found {
    let all = errors(text);
    assert_eq!(all.len(), 1, "{all:#?}");
    all.into_iter().next().unwrap()
}

/// MINI with lines appended (from line 9).
fn with(extra: &str) -> String {
    format!("{MINI}{extra}\n")
}

/// MINI with line `n` (from 1) replaced.
fn replacing(n: usize, line: &str) -> String {
    let mut lines: Vec<&str> = MINI.lines().collect();
    lines[n - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn the_base_definition_is_valid() {
    if let Err(d) = compile_str("t.variant", MINI, &fixtures()) {
        panic!("{}", d.render_plain());
    }
    if let Err(d) = compile_file(&fixtures().join("chess.variant")) {
        panic!("{}", d.render_plain());
    }
}

// ---- the data-driven suite -----------------------------------------------------------------

/// Every error of a definition as the suite writes it: `CODE at LINE:COLUMN on `SNIPPET``, then
/// the message and the help line (and the file, when the error is in another one).
fn expected_text(name: &str, d: &Diagnostics) -> String {
    let mut out = String::new();
    for e in d.source_errors() {
        let (line, col) = e.line_col();
        let file = if e.source.name == name {
            String::new()
        } else {
            format!("{}:", e.source.name)
        };
        out.push_str(&format!(
            "{} at {file}{line}:{col} on `{}`\n  {}\n",
            e.code,
            e.snippet(),
            e.message
        ));
        if let Some(h) = &e.help {
            out.push_str(&format!("  help: {h}\n"));
        }
    }
    out
}

/// `tests/diagnostics/NAME.variant` gives exactly the errors in `NAME.expected`; with
/// `CHIMERA_BLESS=1` the expected files are written from what the compiler says (then read the
/// diff). The definitions are compiled with `tests/fixtures/` as their folder, so `extends` finds
/// the fixtures.
#[test]
fn every_case_in_tests_diagnostics_gives_its_expected_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let bless = std::env::var_os("CHIMERA_BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", dir.display());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(case).expect("a case");
        let got = match compile_str(&name, &text, &fixtures()) {
            Ok(_) => "(no error)\n".to_string(),
            Err(d) => {
                // Every diagnostic says how to fix it.
                if let Some(e) = d
                    .source_errors()
                    .find(|e| e.help.as_deref().unwrap_or("").is_empty())
                {
                    failures.push(format!("{name}: no help line for `{}`", e.message));
                }
                expected_text(&name, &d)
            }
        };
        let expected_path = case.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).expect("write the expected file");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{} has no .expected file: run with CHIMERA_BLESS=1", name));
        if got != expected {
            failures.push(format!("{name}:\n--- expected\n{expected}--- got\n{got}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

// ---- syntax ---------------------------------------------------------------------------------

// ---- names ----------------------------------------------------------------------------------

#[test]
fn not_over_on_a_ride_that_does_not_hop_is_refused() {
    let e = only(&with(
        "path col = a1-a6\npiece Spider S { moves K rides col not-over Rook }",
    ));
    assert_eq!(e.code, "chimera::path::not_over_plain");
    assert_eq!(e.message, "`not-over` on a ride that does not hop");
    assert_eq!(e.at, (10, 45));
    assert!(e
        .help
        .as_deref()
        .is_some_and(|h| h.contains("add `hopping`")));
    // With `hopping` the same words are a cannon's.
    let ok = with("path col = a1-a6\npiece Spider S { moves K rides col hopping not-over Rook }");
    if let Err(d) = compile_str("t.variant", &ok, &fixtures()) {
        panic!("{}", d.render_plain());
    }
}

#[test]
fn missing_parent_file_from_a_fixture() {
    let d = compile_file(&fixtures().join("bad/missing_parent.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(
        f[0].message,
        "cannot find the parent definition `../chss.variant`"
    );
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(
        f[0].help.as_deref(),
        Some("did you mean `../chess.variant`?")
    );
}

#[test]
fn duplicate_piece_name_points_at_both() {
    let e = only(&with("piece Rook T { moves W }"));
    assert_eq!(e.code, "chimera::name::duplicate");
    assert_eq!(e.message, "piece `Rook` is stated twice");
    assert_eq!(e.at, (9, 7));
    let d = compile_str("t.variant", &with("piece Rook T { moves W }"), &fixtures()).unwrap_err();
    let err = d.source_errors().next().unwrap();
    assert_eq!(err.notes.len(), 1);
    assert_eq!(err.notes[0].label, "first stated here");
    assert_eq!(chimera::line_col(MINI, err.notes[0].span.offset()), (6, 7));
}

// ---- board and zones ------------------------------------------------------------------------

// ---- Betza ----------------------------------------------------------------------------------

// ---- start position -------------------------------------------------------------------------

#[test]
fn fen_multi_digit_runs_count_as_one_number() {
    let text =
        replacing(2, "board 12x6").replace("rpkpr/5/5/5/5/RPKPR", "rpkpr7/12/12/12/12/RPKPR7");
    assert!(compile_str("t.variant", &text, &fixtures()).is_ok());
}

// ---- pieces, royalty, drops -----------------------------------------------------------------

#[test]
fn a_kind_in_hand_at_the_start_reaches_a_hand() {
    let text = with("drops { zone Pawn: ranks 2-5 }").replace("RPKPR w", "RPKPR[P] w");
    assert!(compile_str("t.variant", &text, &fixtures()).is_ok());
}

// ---- files and extends ----------------------------------------------------------------------

#[test]
fn extends_cycle() {
    let d = compile_file(&fixtures().join("bad/cycle_a.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].code, "chimera::extends::cycle");
    assert_eq!(f[0].message, "`extends \"cycle_a.variant\"` makes a cycle");
    assert!(f[0].file.ends_with("cycle_b.variant"), "{}", f[0].file);
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].help.as_deref(), Some("the chain is cycle_a.variant -> cycle_b.variant -> cycle_a.variant; remove one `extends`"));
}

#[test]
fn error_in_a_parent_points_into_the_parent() {
    let d = compile_file(&fixtures().join("bad/child_of_bad_parent.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(
        f[0].file.ends_with("bad_parent.variant") && !f[0].file.contains("child"),
        "{}",
        f[0].file
    );
    assert_eq!(f[0].message, "rank 9 is outside the board");
    assert_eq!(f[0].at, (4, 21));
    assert!(
        d.render_plain().contains("bad_parent.variant:4:21"),
        "{}",
        d.render_plain()
    );
}

#[test]
fn file_that_is_not_utf8() {
    let d = compile_file(&fixtures().join("bad/not_utf8.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::not_utf8");
    assert!(
        f[0].message
            .ends_with("not_utf8.variant` is not UTF-8 text"),
        "{}",
        f[0].message
    );
    assert_eq!(f[0].at, (1, 13));
    let d = compile_bytes("x.variant", b"variant \"\xc3\x28\"", Path::new(".")).unwrap_err();
    assert_eq!(d.source_errors().next().unwrap().offset(), 9);
}

#[test]
fn empty_file() {
    let d = compile_file(&fixtures().join("bad/empty.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::empty");
    assert!(
        f[0].message.ends_with("empty.variant` is empty"),
        "{}",
        f[0].message
    );
    assert_eq!(f[0].at, (1, 1));
    let e = only("  # only a comment\n\n");
    assert_eq!(e.message, "`t.variant` holds only comments");
    assert_eq!(e.at, (1, 1));
    assert!(e.help.is_some());
}

// ---- several errors -------------------------------------------------------------------------

#[test]
fn semantic_checks_report_every_error_in_reading_order() {
    let text = with("zone z = a1 + f2\npiece Ferz F { moves F in lats }\ncastling Kng Rook")
        .replace("RPKPR w", "RPKPQ w");
    let all = errors(&text);
    let got: Vec<(&str, (usize, usize))> = all.iter().map(|e| (e.message.as_str(), e.at)).collect();
    assert_eq!(
        got,
        [
            ("no piece has the letter `Q`", (8, 26)),
            ("square `f2` is outside the board", (9, 15)),
            ("unknown zone `lats`", (10, 27)),
            ("castling piece `Kng` is not a declared piece", (11, 10)),
        ]
    );
    let d = compile_str("t.variant", &text, &fixtures()).unwrap_err();
    assert_eq!(d.summary, "t.variant: 4 errors");
    let report = format!("{:?}", miette::Report::new(d));
    assert!(report.contains("t.variant:11:10"), "{report}");
}

// ---- robustness -----------------------------------------------------------------------------

/// Compiles a mangled text; it must not panic, and if it fails every error must render with
/// `name:line:column`.
fn survives(text: &str) {
    let name = "mangled.variant";
    let result = std::panic::catch_unwind(|| compile_str(name, text, Path::new("/nonexistent")));
    let result = match result {
        Ok(r) => r,
        Err(_) => panic!("compile_str panicked on:\n{text}"),
    };
    if let Err(d) = result {
        assert!(!d.errors.is_empty(), "no error for:\n{text}");
        let rendered = d.render_plain();
        for e in d.source_errors() {
            let (line, col) = e.line_col();
            let at = format!("{name}:{line}:{col}");
            assert!(
                rendered.contains(&at),
                "missing {at} in\n{rendered}\nfor:\n{text}"
            );
        }
    }
}

#[test]
fn truncated_definitions_never_panic() {
    let text = with("zone z = (ranks 1-2 - a1) & enemy last\npath p = a1-e1-e6 cyclic\ndrops { kinds all zone Pawn: ranks 2-4 }\nrender { cell 40 colour z \"#ffffff\" }");
    for cut in 0..=text.len() {
        survives(&text[..cut]);
    }
}

#[test]
fn definitions_with_a_line_deleted_never_panic() {
    let text =
        with("zone z = (ranks 1-2 - a1) & enemy last\nroyal-rule capture\ncastling King Rook");
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..lines.len() {
        let mut l = lines.clone();
        l.remove(i);
        survives(&l.join("\n"));
    }
}

#[test]
fn definitions_with_a_letter_changed_never_panic() {
    let text = with("zone z = (ranks 1-2 - a1) & enemy last\nmove-limit 50 draw resets Pawn");
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() && !b"\"{}()-+&:,".contains(&bytes[i]) {
            continue;
        }
        for replacement in [b'x', b'Q', b'9', b'"', b'{'] {
            if bytes[i] == replacement {
                continue;
            }
            let mut m = bytes.to_vec();
            m[i] = replacement;
            survives(&String::from_utf8(m).unwrap());
        }
    }
}

/// A small deterministic generator for random bytes (xorshift).
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn random_bytes_never_panic() {
    for seed in 1..200u64 {
        let bytes = random_bytes(seed, (seed as usize * 7) % 300);
        let r = std::panic::catch_unwind(|| {
            compile_bytes("random.variant", &bytes, Path::new("/nonexistent"))
        });
        assert!(r.is_ok(), "panic on seed {seed}");
        if let Ok(Err(d)) = r {
            assert!(!d.errors.is_empty());
            let _ = d.render_plain();
        }
    }
}

/// Runs `chimera check` on bytes written to a temporary file.
fn check_bytes(tag: &str, bytes: &[u8]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("chimera-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.variant"));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_binary_rejects_mangled_files_with_a_located_diagnostic() {
    let text = with("zone z = ranks 1-2");
    let cases: Vec<(String, Vec<u8>)> = vec![
        (
            "truncated".into(),
            text.as_bytes()[..text.len() / 2].to_vec(),
        ),
        (
            "no_start".into(),
            text.replace("start", "# start").into_bytes(),
        ),
        (
            "letter".into(),
            text.replacen("Rook", "Rokk", 1).into_bytes(),
        ),
        ("random1".into(), random_bytes(7, 200)),
        ("random2".into(), random_bytes(99, 1000)),
        ("empty".into(), Vec::new()),
    ];
    for (tag, bytes) in cases {
        let (code, stdout, stderr) = check_bytes(&tag, &bytes);
        assert_eq!(code, 1, "{tag}: {stderr}");
        assert!(stdout.is_empty(), "{tag}: {stdout}");
        assert!(!stderr.contains("panicked"), "{tag}: {stderr}");
        assert!(
            located_in(&stderr, &format!("{tag}.variant")),
            "{tag}: no line:column in\n{stderr}"
        );
    }
}

#[test]
fn a_path_that_visits_a_square_twice_is_refused() {
    // Accepted before, and riding a 10,000-corner loop then took minutes.
    let e = only(&with("path loop = a1-e1-e3-a3-a1-e1"));
    assert_eq!(e.code, "chimera::path::revisits");
    assert_eq!(e.message, "path `loop` visits a1 twice");
    assert_eq!(e.at, (9, 6));
    assert_eq!(e.snippet, "loop = a1-e1-e3-a3-a1-e1");
    // A cyclic path that repeats its first corner to close is still one visit each.
    let ring = with("path ring = a1-e1-e3-a3-a1 cyclic\npiece Spider S { moves K rides ring }");
    if let Err(d) = compile_str("t.variant", &ring, &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
}

#[test]
fn a_rendered_diagnostic_shows_code_message_location_label_and_help() {
    let d = compile_str(
        "t.variant",
        &with("piece Ferz F { moves F in lats }"),
        &fixtures(),
    )
    .unwrap_err();
    let expected = "chimera::zone::unknown

  × unknown zone `lats`
   ╭─[t.variant:9:27]
 8 │ start \"rpkpr/5/5/5/5/RPKPR w - - 0 1\"
 9 │ piece Ferz F { moves F in lats }
   ·                           ──┬─
   ·                             ╰── no zone has this name
   ╰────
  help: did you mean `last`?
t.variant: 1 error
";
    assert_eq!(d.render_plain(), expected);
}

// ---- every kind, in every place it can occur ------------------------------------------------

#[test]
fn extends_of_itself_and_a_three_file_cycle() {
    let d = compile_file(&fixtures().join("bad/self_extends.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].code, "chimera::extends::cycle");
    assert_eq!(
        f[0].message,
        "`extends \"self_extends.variant\"` makes a cycle"
    );
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(
        f[0].help.as_deref(),
        Some("the chain is self_extends.variant -> self_extends.variant; remove one `extends`")
    );
    let d = compile_file(&fixtures().join("bad/cycle3_a.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert!(f[0].file.ends_with("cycle3_c.variant"), "{}", f[0].file);
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].snippet, "cycle3_a.variant");
    assert_eq!(
        f[0].help.as_deref(),
        Some("the chain is cycle3_a.variant -> cycle3_b.variant -> cycle3_c.variant -> cycle3_a.variant; remove one `extends`")
    );
    let e = only("variant \"Child\"\nextends \"\"\n");
    assert_eq!(e.message, "`extends` needs a file name");
    assert_eq!(e.at, (2, 10));
}

#[test]
fn files_that_cannot_be_read() {
    let d = compile_file(&fixtures().join("bad")).unwrap_err();
    let f = found(&d);
    assert_eq!(f[0].code, "chimera::file::unreadable");
    assert_eq!(f[0].at, (1, 1));
    assert!(
        f[0].help
            .as_deref()
            .is_some_and(|h| h.starts_with("this is a directory")),
        "{f:?}"
    );
    let d = compile_file(&fixtures().join("no-such.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f[0].at, (1, 1));
    assert_eq!(
        f[0].help.as_deref(),
        Some("give the path of a definition file (`.variant`)")
    );
}

#[test]
fn a_binary_file_shows_only_the_text_before_the_first_bad_byte() {
    let mut bytes = b"variant \"\x1b[2J\"\n".to_vec();
    bytes.extend_from_slice(b"\xff\x00\x01binary");
    let d = compile_bytes("b.variant", &bytes, Path::new(".")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "chimera::file::not_utf8");
    assert_eq!(f[0].at, (2, 1));
    assert_eq!(f[0].help.as_deref(), Some("save the definition as UTF-8"));
    let shown = d.render_plain();
    assert!(
        !shown.contains('\u{1b}') && !shown.contains("binary"),
        "{shown}"
    );
    assert!(shown.contains("[b.variant:2:1]"), "{shown}");
}

// ---- the language reference ------------------------------------------------------------------

/// The backticked examples of the "example" column of each table in grammar/README.md, by
/// section heading.
fn readme_examples() -> Vec<(String, String)> {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/README.md"))
            .unwrap();
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.to_string();
            continue;
        }
        if !line.starts_with('|') || line.starts_with("|---") {
            continue;
        }
        let cells: Vec<&str> = line.replace("\\|", "\u{1}").leak().split('|').collect();
        let Some(example) = cells.get(2) else {
            continue;
        };
        for (i, part) in example.split('`').enumerate() {
            if i % 2 == 1 {
                out.push((section.clone(), part.replace('\u{1}', "|")));
            }
        }
    }
    out
}

/// A 9x10 game with the names the reference's examples use.
const REFERENCE_BASE: &str = "variant \"Base\"
board 9x10
players White, Black
zone palace = d1-f3
zone own_half = ranks 1-5
zone enemy_half = ranks 6-10
zone centre = d5-f6
path ring1 = a2-h2-h8-a8 cyclic
path ring2 = b2-g2-g7-b7 cyclic
path ring3 = c3-f3-f6-c6 cyclic
path palace1 = d1-f3
path palace2 = f1-d3
path palace3 = d8-f10
path palace4 = f8-d10
piece King K { moves K royal }
piece General G { moves W }
piece Queen Q { moves Q }
piece Rook R { moves R }
piece Bishop B { moves B }
piece Knight N { moves N }
piece Pawn P { moves fW promotes to Tokin in enemy_half }
piece Tokin +P { moves WfF }
piece Pupil U { moves K }
piece Point O { moves fW }
piece Cross X { moves fF }
piece Cannon C { moves pR }
piece Stone S { immobile }
start \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"
";

#[test]
fn every_example_of_the_language_reference_compiles() {
    let examples = readme_examples();
    assert!(examples.len() > 60, "{}", examples.len());
    let mut checked = 0;
    for (section, ex) in &examples {
        let replaced = |keyword: &str, line: &str| -> String {
            REFERENCE_BASE
                .lines()
                .map(|l| if l.starts_with(keyword) { line } else { l })
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        };
        let text = if section.starts_with("Statements") {
            let first = ex.split_whitespace().next().unwrap_or("");
            match first {
                // Extending is shown by the shipped definitions (spiderqi.variant and others).
                "extends" => continue,
                "variant" | "board" | "players" => replaced(first, ex),
                // A castling decides only where the variant castles.
                "castling-wins" => format!("{REFERENCE_BASE}castling King Rook\n{ex}\n"),
                // Flipping games have no royal piece.
                "flip" => format!(
                    "{}{ex}\n",
                    REFERENCE_BASE.replace("moves K royal", "moves K")
                ),
                "start" => replaced("start", ex)
                    .replace("board 9x10", "board 8x8")
                    .replace(
                        "zone enemy_half = ranks 6-10",
                        "zone enemy_half = ranks 5-8",
                    )
                    .replace("zone own_half = ranks 1-5", "zone own_half = ranks 1-4")
                    .replace("path palace3 = d8-f10\npath palace4 = f8-d10\n", ""),
                // A statement that declares a name the base declares replaces it.
                _ => {
                    let head: Vec<&str> = ex.split_whitespace().take(2).collect();
                    let head = head.join(" ") + " ";
                    if REFERENCE_BASE.lines().any(|l| l.starts_with(&head)) {
                        replaced(&head, ex)
                    } else {
                        format!("{REFERENCE_BASE}{ex}\n")
                    }
                }
            }
        } else if section.starts_with("Zones") {
            format!("{REFERENCE_BASE}zone example = {ex}\n")
        } else if section.starts_with("Pieces") {
            // `with King` needs the King to be `royal when-last` itself.
            let base = if ex.contains("when-last with King") {
                REFERENCE_BASE.replace(
                    "piece King K { moves K royal }",
                    "piece King K { moves K royal when-last }",
                )
            } else {
                REFERENCE_BASE.to_string()
            };
            format!("{base}piece Example E {{ {ex} }}\n")
        } else if section.starts_with("Betza") {
            // The atom table's first column holds leaps like (1,0), not examples.
            if ex.starts_with('(') && !ex.contains(',') {
                continue;
            }
            if !ex.starts_with(|c: char| c.is_ascii_alphabetic() || c == '(') {
                continue;
            }
            format!("{REFERENCE_BASE}piece Example E {{ moves {ex} }}\n")
        } else if section.starts_with("Drops") {
            if ex.starts_with("kinds") {
                format!("{REFERENCE_BASE}drops {{ {ex} }}\n")
            } else {
                format!("{REFERENCE_BASE}drops {{ kinds all {ex} }}\n")
            }
        } else if section.starts_with("Rendering") {
            format!("{REFERENCE_BASE}render {{ {ex} }}\n")
        } else {
            continue;
        };
        if let Err(d) = compile_str("reference.variant", &text, &fixtures()) {
            panic!(
                "the example `{ex}` ({section}) does not compile:\n{}",
                d.render_plain()
            );
        }
        checked += 1;
    }
    assert!(checked > 55, "{checked}");
}

#[test]
fn a_very_long_chain_of_extends_is_an_error_not_a_cycle() {
    let dir = std::env::temp_dir().join(format!("chimera-chain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..40 {
        std::fs::write(
            dir.join(format!("c{i}.variant")),
            format!("variant \"C{i}\"\nextends \"c{}.variant\"\n", i + 1),
        )
        .unwrap();
    }
    std::fs::write(dir.join("c40.variant"), MINI).unwrap();
    let d = compile_file(&dir.join("c0.variant")).unwrap_err();
    let f = found(&d);
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].message, "more than 32 files extend one another");
    assert_eq!(f[0].at, (2, 10));
    assert_eq!(f[0].help.as_deref(), Some("shorten the chain of `extends`"));
}

#[test]
fn fen_fields_after_the_side_are_read_as_the_engine_reads_them() {
    // The castling field may be left out; counters alone are fine.
    for tail in [
        "w",
        "w -",
        "w - -",
        "w - 0 1",
        "w KQkq c3 0 1",
        "w c3 0 1",
        "w 0 1",
    ] {
        let text = replacing(8, &format!("start \"rpkpr/5/5/5/5/RPKPR {tail}\""));
        assert!(
            compile_str("t.variant", &text, &fixtures()).is_ok(),
            "{tail}"
        );
    }
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w Hq - 0 1\""));
    assert_eq!(e.code, "chimera::fen::castling");
    assert_eq!(e.message, "`H` is not a castling right");
    assert_eq!(e.at, (8, 30));
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w - - 0 70000\""));
    assert_eq!(e.message, "the move number `70000` is too large");
    assert_eq!(e.at, (8, 36));
    assert_eq!(e.help.as_deref(), Some("the move number is at most 65535"));
    let e = only(&replacing(8, "start \"rpkpr/5/5/5/5/RPKPR w - - 0 1 2\""));
    assert_eq!(e.message, "unexpected `2` after the move number");
}

// ---- Length limits: each limit is accepted, one more is refused ------------------------------

#[test]
fn the_variant_name_is_at_most_100_characters() {
    let named = |n: usize| {
        MINI.replace(
            "variant \"Mini\"",
            &format!("variant \"{}\"", "V".repeat(n)),
        )
    };
    if let Err(d) = compile_str("t.variant", &named(100), &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
    let e = only(&named(101));
    assert_eq!(e.code, "chimera::limit::too_long");
    assert_eq!(
        e.message,
        "the variant's name is 101 characters long; at most 100 are allowed"
    );
    assert_eq!(e.at, (1, 10));
}

#[test]
fn a_piece_name_is_at_most_64_characters() {
    let named = |n: usize| MINI.replace("piece King K", &format!("piece K{} K", "i".repeat(n - 1)));
    if let Err(d) = compile_str("t.variant", &named(64), &fixtures()) {
        panic!("{:?}", miette::Report::new(d));
    }
    let e = only(&named(65));
    assert_eq!(
        e.message,
        "a piece's name is 65 characters long; at most 64 are allowed"
    );
    assert_eq!(e.at, (5, 7));
}

// ---- limits ---------------------------------------------------------------------------------

/// MINI with `n` more pieces (letters A..Z then +A..+Z, skipping K, R and P), each a Wazir.
fn with_pieces(n: usize) -> String {
    let letters: Vec<String> = ('A'..='Z')
        .filter(|c| !"KRP".contains(*c))
        .map(String::from)
        .chain(('A'..='Z').map(|c| format!("+{c}")))
        .chain(std::iter::once("Q".to_string()))
        .take(n)
        .collect();
    let extra: Vec<String> = letters
        .iter()
        .enumerate()
        .map(|(i, l)| format!("piece Extra{i} {l} {{ moves W }}"))
        .collect();
    with(&extra.join("\n"))
}

#[test]
fn fifty_two_piece_kinds_is_the_limit() {
    // 3 + 49 = 52 kinds, one per letter: valid, and the engine takes it.
    let text = with_pieces(49);
    let rules = match compile_str("t.variant", &text, &fixtures()) {
        Ok(r) => r,
        Err(d) => panic!("{}", d.render_plain()),
    };
    assert_eq!(rules.pieces.len(), 52);
    assert_eq!(rules.pieces.len(), chimera::MAX_PIECE_KINDS);
    if let Err(e) = chimera::Engine::new(rules) {
        panic!("52 kinds: {e}");
    }
    // A 53rd kind is one too many (its letter repeats one, which is reported too).
    let all = errors(&with_pieces(50));
    let e = all
        .iter()
        .find(|e| e.code == "chimera::piece::too_many")
        .unwrap_or_else(|| panic!("no too_many error: {all:#?}"));
    assert_eq!(e.message, "more than 52 piece kinds");
    assert_eq!(e.snippet, "Extra49");
    assert_eq!(e.at.0, 9 + 49);
}
