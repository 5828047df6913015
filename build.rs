//! Embeds the shipped definitions (`definitions/*.variant`) in the binary, so that `chimera repl
//! chess` works from any folder: writes `$OUT_DIR/shipped.rs`, a table of (file name, text,
//! tuned weights text if `NAME.weights` lies beside it).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<String> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".variant"))
            .collect(),
        Err(e) => panic!("cannot read {}: {e}", dir.display()),
    };
    files.sort_by(|a, b| {
        a.trim_end_matches(".variant")
            .cmp(b.trim_end_matches(".variant"))
    });
    let mut out = String::from("/// The shipped definitions: (file name, text), sorted by name.\n");
    out.push_str("pub(crate) static SHIPPED: &[(&str, &str, Option<&str>)] = &[\n");
    for f in &files {
        let path = dir.join(f);
        println!("cargo:rerun-if-changed={}", path.display());
        let weights = path.with_extension("weights");
        println!("cargo:rerun-if-changed={}", weights.display());
        let weights = if weights.is_file() {
            format!("Some(include_str!({:?}))", weights.display().to_string())
        } else {
            "None".to_string()
        };
        let _ = writeln!(
            out,
            "    ({f:?}, include_str!({:?}), {weights}),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let Some(out_dir) = std::env::var_os("OUT_DIR") else {
        panic!("cargo sets OUT_DIR for build scripts");
    };
    let target = Path::new(&out_dir).join("shipped.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}
