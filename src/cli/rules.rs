//! `chimera rules FILE [--markdown DIR]`: the rules sheet, as text or as a page with pictures.

use crate::compile::check_named;
use crate::engine::Engine;
use crate::render::{self, RenderOptions};
use crate::sheet::{piece_picture_name, Sheet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `chimera rules`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Definition file (or the name of a shipped definition).
    pub file: PathBuf,
    /// Write a rules page to this folder instead: `index.md`, the start position's picture and
    /// one picture of each piece's moves (SVG).
    #[arg(long, value_name = "DIR")]
    pub markdown: Option<PathBuf>,
}

/// The picture of the start position on a Markdown page.
pub const START_PICTURE: &str = "start.svg";

/// Runs `chimera rules`: the sheet on standard output, or the page written to `--markdown DIR`.
pub fn run(args: Args) -> ExitCode {
    let engine = match check_named(&args.file) {
        Ok(c) => match Engine::new(c.rules) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("error: {}: {e}", args.file.display());
                return ExitCode::FAILURE;
            }
        },
        Err(d) => {
            eprintln!("{:?}", miette::Report::new(d));
            return ExitCode::FAILURE;
        }
    };
    let sheet = Sheet::new(engine.rules());
    match &args.markdown {
        None => {
            print!("{}", sheet.text());
            ExitCode::SUCCESS
        }
        Some(dir) => match write_page(&engine, &sheet, dir) {
            Ok(files) => {
                println!(
                    "wrote {} and {} pictures",
                    dir.join("index.md").display(),
                    files.len() - 1
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Writes `dir/index.md` and its SVG pictures (creating `dir`); returns the files written.
pub fn write_page(engine: &Engine, sheet: &Sheet, dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let rules = engine.rules();
    let write = |name: &str, text: &str| -> Result<PathBuf, String> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    };
    let mut files = Vec::new();
    let start =
        render::render_position(engine, &engine.start_position(), &RenderOptions::default());
    files.push(write(START_PICTURE, &start)?);
    for k in 0..rules.pieces.len() {
        let kind = crate::rules::PieceKind::from_index(k);
        let svg = render::render_piece(engine, kind, &RenderOptions::default());
        files.push(write(&piece_picture_name(rules, kind), &svg)?);
    }
    let md = sheet.markdown(|s| match s.piece {
        Some(k) => Some(piece_picture_name(rules, k)),
        None if s.heading == "Start position" => Some(START_PICTURE.to_string()),
        None => None,
    });
    files.insert(0, write("index.md", &md)?);
    Ok(files)
}
