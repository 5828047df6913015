//! The architecture written in `ARCHITECTURE.md` holds in the code (rust-analyzer's `xtask tidy`
//! is the model: written rules become failing tests).
//!
//! Every `.rs` file under `src/` is read as text; comments and string literals are blanked out,
//! then every path that names a module of this crate (`crate::…`, `super::…`, `self::…`, a child
//! module, `chimera::…` in `main.rs`) becomes an edge from the file's module to the module it
//! names. Names re-exported by a `use` are followed to the module that defines them, so
//! `crate::engine::Position` counts as a use of `engine::position`. Two rules are checked:
//!
//! 1. **Layers.** The table between `<!-- layers -->` and `<!-- /layers -->` in `ARCHITECTURE.md`
//!    lists the top-level modules, lowest layer first. A module may use modules of its own layer
//!    or of the layers above it in the table (lower layers), never one below it. A top-level module
//!    the table does not place fails the test with a message saying where to place it.
//! 2. **No cycles.** Within every module, its child modules use each other without a cycle (a
//!    child may use its parent's items and the parent its children's: that is how Rust modules
//!    are built; it is siblings that must form a chain). At the crate root this forbids a cycle
//!    between top-level modules of one layer.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path from the crate root: `["engine", "tables"]`; the root is `[]`.
type ModPath = Vec<String>;

/// One use of a module by another, with where it was written (for the failure message).
#[derive(Clone, Debug)]
struct Edge {
    from: ModPath,
    to: ModPath,
    file: String,
    line: usize,
}

/// A source file and the module it is.
struct SourceFile {
    module: ModPath,
    rel: String,
    /// The text with comments and literals blanked (same length and line breaks as the file).
    code: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ------------------------------------------------------------------------------------------------
// The layer table of ARCHITECTURE.md

/// The layers, lowest first: each a name and its top-level modules.
fn layer_table() -> Vec<(String, Vec<String>)> {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md exists");
    layer_table_of(&text)
}

fn layer_table_of(text: &str) -> Vec<(String, Vec<String>)> {
    let start = text
        .find("<!-- layers -->")
        .expect("ARCHITECTURE.md has a `<!-- layers -->` marker before the layer table");
    let end = text
        .find("<!-- /layers -->")
        .expect("ARCHITECTURE.md has a `<!-- /layers -->` marker after the layer table");
    let mut layers = Vec::new();
    for line in text[start..end].lines() {
        let line = line.trim();
        if !line.starts_with('|') || line.starts_with("|-") || line.starts_with("| -") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 2 || cells[0].eq_ignore_ascii_case("layer") {
            continue;
        }
        let modules: Vec<String> = cells[1]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        layers.push((cells[0].to_string(), modules));
    }
    assert!(
        !layers.is_empty(),
        "the layer table of ARCHITECTURE.md has no rows"
    );
    layers
}

// ------------------------------------------------------------------------------------------------
// Reading the sources

/// Blanks comments, string and character literals (keeping line breaks), so that only code is
/// searched for paths.
fn blank_comments_and_literals(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let end = src[i..].find('\n').map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j] == b'/' && b.get(j + 1) == Some(&b'*') {
                    depth += 1;
                    j += 2;
                } else if b[j] == b'*' && b.get(j + 1) == Some(&b'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (c == b'r' || (c == b'b' && b.get(i + 1) == Some(&b'r'))) && !prev_ident {
            // A raw string: r"…", r#"…"#, br#"…"#.
            let mut j = if c == b'b' { i + 2 } else { i + 1 };
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) == Some(&b'"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let end = src[j + 1..]
                    .find(&close)
                    .map_or(b.len(), |n| j + 1 + n + close.len());
                blank(&mut out, i, end);
                i = end;
            } else {
                i += 1;
            }
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            blank(&mut out, i, end);
            i = end;
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a), which is code.
            if b.get(i + 1) == Some(&b'\\') {
                let end = src[i + 2..].find('\'').map_or(b.len(), |n| i + 2 + n + 1);
                blank(&mut out, i, end);
                i = end;
            } else {
                let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + ch_len) == Some(&b'\'') {
                    blank(&mut out, i, i + 2 + ch_len);
                    i += 2 + ch_len;
                } else {
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8 (only ASCII bytes are replaced)")
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module a file under `src/` is: `engine/mod.rs` and `engine.rs` are `engine`, `lib.rs` and
/// `main.rs` the root (main is named `main` so the layer table can place it).
fn module_of(rel: &Path) -> ModPath {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    match (parts.is_empty(), stem) {
        (true, "lib") => {}
        (_, "mod") => {}
        _ => parts.push(stem.to_string()),
    }
    parts
}

fn sources() -> Vec<SourceFile> {
    let src = root().join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&src).expect("under src/").to_path_buf();
            let text = fs::read_to_string(&p).expect("a readable source file");
            SourceFile {
                module: module_of(&rel),
                rel: format!("src/{}", rel.display()),
                code: blank_comments_and_literals(&text),
            }
        })
        .collect()
}

// ------------------------------------------------------------------------------------------------
// Paths in code

/// One path written in the code: its segments (`{…}` groups expanded), the alias it is imported
/// under, whether it came from a `use` item, and its line.
#[derive(Debug)]
struct WrittenPath {
    segments: Vec<String>,
    alias: Option<String>,
    is_use: bool,
    line: usize,
}

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// A tiny reader of path trees: `a::b::{c, d::e as f, g::*}`.
struct PathReader<'a> {
    b: &'a [u8],
    i: usize,
}

impl PathReader<'_> {
    fn skip_ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn ident(&mut self) -> Option<String> {
        self.skip_ws();
        let start = self.i;
        if self.b.get(self.i) == Some(&b'*') {
            self.i += 1;
            return Some("*".into());
        }
        while self.i < self.b.len() && is_ident_byte(self.b[self.i]) {
            self.i += 1;
        }
        (self.i > start).then(|| String::from_utf8_lossy(&self.b[start..self.i]).into_owned())
    }
    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.b[self.i..].starts_with(s.as_bytes()) {
            self.i += s.len();
            true
        } else {
            false
        }
    }
    /// Reads a tree after `prefix`, pushing every leaf path.
    fn tree(&mut self, prefix: Vec<String>, out: &mut Vec<(Vec<String>, Option<String>)>) {
        let mut segs = prefix;
        loop {
            if self.eat("{") {
                loop {
                    if self.eat("}") {
                        break;
                    }
                    self.tree(segs.clone(), out);
                    if !self.eat(",") {
                        self.eat("}");
                        break;
                    }
                }
                return;
            }
            match self.ident() {
                Some(s) => segs.push(s),
                None => break,
            }
            if !self.eat("::") {
                break;
            }
        }
        let save = self.i;
        let alias = if self.eat("as ") { self.ident() } else { None };
        if alias.is_none() {
            self.i = save;
        }
        if !segs.is_empty() {
            out.push((segs, alias));
        }
    }
}

/// Every path in `code` that starts at a `use`, at `crate`/`super`/`self` (or `chimera` in the
/// binary), or at one of `children` (the file's child modules) followed by `::`.
fn written_paths(code: &str, children: &BTreeSet<String>, binary: bool) -> Vec<WrittenPath> {
    let b = code.as_bytes();
    let line_of = |i: usize| code[..i].bytes().filter(|&c| c == b'\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !is_ident_byte(b[i]) || (i > 0 && (is_ident_byte(b[i - 1]) || b[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && is_ident_byte(b[i]) {
            i += 1;
        }
        let word = &code[start..i];
        let is_use = word == "use";
        let rooted = matches!(word, "crate" | "super" | "self")
            || (binary && word == "chimera")
            || children.contains(word);
        if !is_use && (!rooted || !code[i..].starts_with("::")) {
            continue;
        }
        let mut reader = PathReader {
            b,
            i: if is_use { i } else { start },
        };
        let mut leaves = Vec::new();
        reader.tree(Vec::new(), &mut leaves);
        let line = line_of(start);
        for (segments, alias) in leaves {
            out.push(WrittenPath {
                segments,
                alias,
                is_use,
                line,
            });
        }
        i = reader.i.max(i);
    }
    out
}

// ------------------------------------------------------------------------------------------------
// Resolution

struct Crate {
    modules: BTreeSet<ModPath>,
    /// Per module: names brought in by its `use` items (name → absolute path).
    imports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn children(&self, m: &ModPath) -> BTreeSet<String> {
        self.modules
            .iter()
            .filter(|c| c.len() == m.len() + 1 && c.starts_with(m))
            .map(|c| c[m.len()].clone())
            .collect()
    }

    /// A written path made absolute from module `m`, or `None` when it leaves the crate.
    fn absolute(&self, m: &ModPath, segs: &[String], binary: bool) -> Option<Vec<String>> {
        let mut base = m.clone();
        let mut rest = segs;
        match segs.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &segs[1..];
            }
            Some("chimera") if binary => {
                base.clear();
                rest = &segs[1..];
            }
            Some("self") => rest = &segs[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) if self.children(m).contains(first) => {}
            _ => return None,
        }
        let mut abs = base;
        abs.extend(rest.iter().cloned());
        Some(abs)
    }

    /// The module an absolute path lands in, following re-exports (`pub use x::Y`) of the
    /// modules it passes through.
    fn resolve(&self, abs: &[String], depth: usize) -> ModPath {
        let mut m: ModPath = Vec::new();
        for (k, seg) in abs.iter().enumerate() {
            let mut next = m.clone();
            next.push(seg.clone());
            if self.modules.contains(&next) {
                m = next;
                continue;
            }
            // An item of `m`: maybe one `m` imports from elsewhere.
            if depth < 8 {
                if let Some(target) = self.imports.get(&m).and_then(|im| im.get(seg)) {
                    let mut t = target.clone();
                    t.extend(abs[k + 1..].iter().cloned());
                    return self.resolve(&t, depth + 1);
                }
            }
            break;
        }
        m
    }
}

/// Every module's uses of other modules, and the set of modules.
fn graph(files: &[SourceFile]) -> (Crate, Vec<Edge>) {
    let modules: BTreeSet<ModPath> = files.iter().map(|f| f.module.clone()).collect();
    let mut krate = Crate {
        modules,
        imports: BTreeMap::new(),
    };
    let mut written = Vec::new();
    for f in files {
        let binary = f.rel == "src/main.rs";
        let module = if binary {
            vec!["main".to_string()]
        } else {
            f.module.clone()
        };
        // The binary's `chimera::` paths are the library's; it has no child modules.
        let (here, children) = if binary {
            (Vec::new(), BTreeSet::new())
        } else {
            (f.module.clone(), krate.children(&f.module))
        };
        let paths = written_paths(&f.code, &children, binary);
        for p in &paths {
            let Some(abs) = krate.absolute(&here, &p.segments, binary) else {
                continue;
            };
            if p.is_use {
                let name = p
                    .alias
                    .clone()
                    .or_else(|| p.segments.last().cloned())
                    .filter(|n| n != "*" && n != "self" && n != "_");
                let name = match (name, p.segments.last().map(String::as_str)) {
                    // `use a::b::{self}` imports `b`.
                    (None, Some("self")) if p.segments.len() >= 2 => {
                        Some(p.segments[p.segments.len() - 2].clone())
                    }
                    (n, _) => n,
                };
                if let Some(name) = name {
                    let target: Vec<String> =
                        abs.iter().filter(|s| *s != "self").cloned().collect();
                    krate
                        .imports
                        .entry(here.clone())
                        .or_default()
                        .insert(name, target);
                }
            }
            written.push((module.clone(), abs, f.rel.clone(), p.line));
        }
    }
    // A path uses the module it names (`crate::repl::describe` uses `repl`, even when `repl`
    // only re-exports it) and the module that defines the item it lands on.
    let edges = written
        .into_iter()
        .flat_map(|(from, abs, file, line)| {
            let abs: Vec<String> = abs.into_iter().filter(|s| s != "self").collect();
            let named = (0..=abs.len())
                .rev()
                .map(|n| abs[..n].to_vec())
                .find(|m| krate.modules.contains(m))
                .unwrap_or_default();
            let resolved = krate.resolve(&abs, 0);
            [named, resolved].map(|to| Edge {
                to,
                from: from.clone(),
                file: file.clone(),
                line,
            })
        })
        .filter(|e| e.to != e.from && !e.to.is_empty())
        .collect();
    (krate, edges)
}

// ------------------------------------------------------------------------------------------------
// The checks

fn show(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// Errors against the layer table: unplaced modules and uses of a higher layer.
fn layer_errors(
    layers: &[(String, Vec<String>)],
    files: &[SourceFile],
    edges: &[Edge],
) -> Vec<String> {
    let mut errors = Vec::new();
    let mut layer_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (n, (_, mods)) in layers.iter().enumerate() {
        for m in mods {
            if layer_of.insert(m, n).is_some() {
                errors.push(format!("ARCHITECTURE.md places `{m}` in two layers"));
            }
        }
    }
    let mut tops: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.module.first().cloned())
        .collect();
    tops.insert("main".into());
    for t in &tops {
        if !layer_of.contains_key(t.as_str()) {
            errors.push(format!(
                "the top-level module `{t}` (src/{t}) is not in the layer table of ARCHITECTURE.md: \
                 add it to the row of the lowest layer whose modules it may use (a module may use \
                 its own layer and the rows above it), and say in a line of the code map what it is"
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for e in edges {
        let (Some(from), Some(to)) = (e.from.first(), e.to.first()) else {
            continue;
        };
        let (Some(&lf), Some(&lt)) = (layer_of.get(from.as_str()), layer_of.get(to.as_str()))
        else {
            continue;
        };
        if lt > lf && seen.insert((e.file.clone(), e.line, to.clone())) {
            errors.push(format!(
                "{}:{}: `{}` (layer {}: {}) uses `{}` (layer {}: {}), a higher layer; layers use \
                 only their own and lower layers (ARCHITECTURE.md): move the shared code down",
                e.file,
                e.line,
                show(&e.from),
                lf + 1,
                layers[lf].0,
                show(&e.to),
                lt + 1,
                layers[lt].0
            ));
        }
    }
    errors
}

/// Cycles among the child modules of each module, each shown with the lines that close it.
fn cycle_errors(edges: &[Edge]) -> Vec<String> {
    // parent → (child a → child b → an example edge)
    let mut siblings: BTreeMap<ModPath, BTreeMap<String, BTreeMap<String, Edge>>> = BTreeMap::new();
    for e in edges {
        let common = e.from.iter().zip(&e.to).take_while(|(a, b)| a == b).count();
        if common < e.from.len() && common < e.to.len() {
            siblings
                .entry(e.from[..common].to_vec())
                .or_default()
                .entry(e.from[common].clone())
                .or_default()
                .entry(e.to[common].clone())
                .or_insert_with(|| e.clone());
        }
    }
    let mut errors = Vec::new();
    for (parent, g) in &siblings {
        // Depth-first search for a back edge; report each cycle once (by its node set).
        let mut reported: BTreeSet<BTreeSet<String>> = BTreeSet::new();
        for start in g.keys() {
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut visited = BTreeSet::new();
            while let Some((node, path)) = stack.pop() {
                for next in g.get(&node).map(|n| n.keys()).into_iter().flatten() {
                    if next == start {
                        let set: BTreeSet<String> = path.iter().cloned().collect();
                        if reported.insert(set) {
                            let mut lines = Vec::new();
                            let mut cycle = path.clone();
                            cycle.push(start.clone());
                            for w in cycle.windows(2) {
                                let e = &g[&w[0]][&w[1]];
                                lines.push(format!(
                                    "  {}:{}: `{}` uses `{}`",
                                    e.file,
                                    e.line,
                                    show(&e.from),
                                    show(&e.to)
                                ));
                            }
                            let mut names = cycle.clone();
                            names.iter_mut().for_each(|n| {
                                let mut p = parent.clone();
                                p.push(n.clone());
                                *n = show(&p);
                            });
                            errors.push(format!(
                                "a cycle between modules: {}; break it by moving what both need \
                                 into a module below both\n{}",
                                names.join(" -> "),
                                lines.join("\n")
                            ));
                        }
                    } else if visited.insert(next.clone()) {
                        let mut p = path.clone();
                        p.push(next.clone());
                        stack.push((next.clone(), p));
                    }
                }
            }
        }
    }
    errors
}

#[test]
fn imports_follow_the_layers_of_architecture_md() {
    let files = sources();
    let (_, edges) = graph(&files);
    assert!(
        edges.len() > 300,
        "the reader finds the crate's imports (found only {})",
        edges.len()
    );
    let errors = layer_errors(&layer_table(), &files, &edges);
    assert!(errors.is_empty(), "\n{}\n", errors.join("\n"));
}

#[test]
fn no_cycle_between_modules() {
    let files = sources();
    let (_, edges) = graph(&files);
    let errors = cycle_errors(&edges);
    assert!(errors.is_empty(), "\n{}\n", errors.join("\n\n"));
}

// ------------------------------------------------------------------------------------------------
// The checker checks: it sees what it must see in small written examples.

fn example(files: &[(&str, &str)]) -> Vec<SourceFile> {
    files
        .iter()
        .map(|(rel, text)| SourceFile {
            module: module_of(Path::new(rel)),
            rel: format!("src/{rel}"),
            code: blank_comments_and_literals(text),
        })
        .collect()
}

const TABLE: &str =
    "<!-- layers -->\n| Layer | Modules |\n|---|---|\n| base | `geometry`, `sheet` |\n\
                     | engine | `engine` |\n| front ends | `repl`, `main` |\n<!-- /layers -->\n";

#[test]
fn a_wrong_way_import_is_found_even_through_a_re_export() {
    let files = example(&[
        (
            "lib.rs",
            "pub mod geometry; pub mod engine; pub mod repl; pub mod sheet;",
        ),
        (
            "geometry.rs",
            "// crate::repl in a comment is no use\nuse crate::engine::Position;",
        ),
        (
            "engine/mod.rs",
            "mod position;\npub use position::Position;",
        ),
        (
            "engine/position.rs",
            "pub struct Position; const S: &str = \"crate::repl\";",
        ),
        ("repl.rs", "pub use crate::engine::{self, Position};"),
        ("sheet.rs", "use crate::repl::Position;"),
    ]);
    let (_, edges) = graph(&files);
    let errors = layer_errors(&layer_table_of(TABLE), &files, &edges);
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert!(
        errors[0]
            .starts_with("src/geometry.rs:2: `geometry` (layer 1: base) uses `engine` (layer 2"),
        "{}",
        errors[0]
    );
    // Naming a higher module is a use of it, even when the item lives lower.
    assert!(
        errors[1].starts_with("src/sheet.rs:1: `sheet` (layer 1: base) uses `repl` (layer 3"),
        "{}",
        errors[1]
    );
    assert!(
        errors[2].starts_with("src/sheet.rs:1: `sheet` (layer 1: base) uses `engine::position`"),
        "{}",
        errors[2]
    );
}

#[test]
fn an_unplaced_module_is_named() {
    let files = example(&[("lib.rs", "pub mod studio;"), ("studio/mod.rs", "")]);
    let errors = layer_errors(&layer_table_of(TABLE), &files, &[]);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].contains("`studio` (src/studio) is not in the layer table"));
}

#[test]
fn a_cycle_between_sibling_modules_is_found_but_not_parent_and_child() {
    let files = example(&[
        (
            "engine/mod.rs",
            "mod a; mod b; mod c; use a::X; fn f() { c::g() }",
        ),
        ("engine/a.rs", "use super::b::Y; pub struct X;"),
        (
            "engine/b.rs",
            "pub struct Y; fn f() -> super::X { todo!() }",
        ),
        ("engine/c.rs", "use super::X; pub fn g() {}"),
    ]);
    let (_, edges) = graph(&files);
    let errors = cycle_errors(&edges);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with("a cycle between modules: engine::a -> engine::b -> engine::a"),
        "{}",
        errors[0]
    );
}

// ------------------------------------------------------------------------------------------------
// The diagnostic codes: one closed list (`diagnostics::Code`), one table in grammar/README.md.

#[test]
fn every_diagnostic_code_is_in_the_table_of_grammar_readme_with_its_meaning() {
    use chimera::Code;
    let text = fs::read_to_string(root().join("grammar/README.md")).expect("grammar/README.md");
    let start = text
        .find("<!-- codes -->")
        .expect("a `<!-- codes -->` marker");
    let end = text
        .find("<!-- /codes -->")
        .expect("a `<!-- /codes -->` marker");
    let table: Vec<(String, String)> = text[start..end]
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            (cells[0].trim_matches('`').to_string(), cells[1].to_string())
        })
        .collect();
    let code: Vec<(String, String)> = Code::ALL
        .iter()
        .map(|c| (c.as_str().to_string(), c.meaning().to_string()))
        .collect();
    assert_eq!(
        table, code,
        "the code table of grammar/README.md and `diagnostics::Code` differ: write the same codes \
         with the same meanings, in the same order"
    );
}

#[test]
fn every_diagnostic_code_is_used_and_none_is_written_as_a_string() {
    use chimera::Code;
    let files = sources();
    let mut used = BTreeSet::new();
    for f in &files {
        // Code lines only: literals are blanked, so a "chimera::…" literal shows as its quotes.
        let raw = fs::read_to_string(root().join(&f.rel)).expect("readable");
        // Test modules may compare rendered codes as text.
        if f.rel != "src/diagnostics.rs" && !f.rel.ends_with("tests.rs") {
            for (n, line) in raw.lines().enumerate() {
                let code_line = f.code.lines().nth(n).unwrap_or("");
                assert!(
                    !(line.contains("\"chimera::")
                        && !code_line.contains("chimera::")
                        && !line.trim_start().starts_with("//")),
                    "{}:{}: a diagnostic code written as a string; use `diagnostics::Code`",
                    f.rel,
                    n + 1
                );
            }
        }
        let mut rest = f.code.as_str();
        while let Some(i) = rest.find("Code::") {
            rest = &rest[i + 6..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if f.rel != "src/diagnostics.rs" || !rest.starts_with(&format!("{name} =")) {
                used.insert(name);
            }
        }
    }
    let unused: Vec<String> = Code::ALL
        .iter()
        .map(|c| format!("{c:?}"))
        .filter(|n| !used.contains(n))
        .collect();
    assert!(
        unused.is_empty(),
        "codes no diagnostic in src/ uses (remove them from `diagnostics::Code` and grammar/README.md): {unused:?}"
    );
}
