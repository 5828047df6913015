//! The definitions a studio serves: those named at start (files, shipped names, folders), each
//! with its text as the editor holds it. Only a definition opened from a file may be saved, and
//! only back to that file: no path ever comes from a request.

use crate::compile::{self, Checked};
use crate::diagnostics::Diagnostics;
use std::path::{Path, PathBuf};

/// Most bytes of a definition the editor accepts (the compiler has its own, smaller limits).
pub const MAX_DEFINITION_BYTES: usize = 512 * 1024;

/// One definition served.
#[derive(Clone, Debug)]
pub struct Definition {
    /// How the page names it (the file name, or the shipped name).
    pub name: String,
    /// Where it came from: a file, which `save` writes back, or a shipped definition.
    pub origin: Origin,
    /// The text as last edited.
    pub text: String,
    /// The text as on disk (or built in), to tell whether it was edited.
    pub saved: String,
}

/// Where a definition came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A file opened at start.
    File(PathBuf),
    /// A definition built into the program, by its file name (`xiang-fu.variant`).
    Shipped(String),
}

/// Why the definitions to serve could not be found.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Neither a file, a folder, nor a shipped name.
    #[error("`{0}` is not a definition file, a folder of them, or a shipped definition (`chimera list` names them)")]
    Unknown(String),
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Read(String, String),
    /// A folder held no definition.
    #[error("{0} holds no `.variant` file")]
    EmptyFolder(String),
}

/// The definitions named by the arguments of `chimera serve`, in order.
pub fn open_all(args: &[PathBuf]) -> Result<Vec<Definition>, OpenError> {
    let mut out = Vec::new();
    for a in args {
        if a.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(a)
                .map_err(|e| OpenError::Read(a.display().to_string(), e.to_string()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "variant"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(OpenError::EmptyFolder(a.display().to_string()));
            }
            for f in files {
                out.push(open_file(&f)?);
            }
        } else if a.is_file() {
            out.push(open_file(a)?);
        } else {
            let name = a.to_string_lossy();
            let s =
                crate::shipped::get(&name).ok_or_else(|| OpenError::Unknown(name.to_string()))?;
            out.push(Definition {
                name: s.name.to_string(),
                origin: Origin::Shipped(s.file.to_string()),
                text: s.text.to_string(),
                saved: s.text.to_string(),
            });
        }
    }
    Ok(out)
}

fn open_file(path: &Path) -> Result<Definition, OpenError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| OpenError::Read(path.display().to_string(), e.to_string()))?;
    Ok(Definition {
        name: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string()),
        origin: Origin::File(path.to_path_buf()),
        saved: text.clone(),
        text,
    })
}

impl Definition {
    /// Compiles the text as it is now; diagnostics name the definition as `chimera check` does.
    pub fn check(&self) -> Result<Checked, Diagnostics> {
        match &self.origin {
            Origin::File(p) => {
                let base = p.parent().map(Path::to_path_buf).unwrap_or_default();
                compile::check_str(&p.display().to_string(), &self.text, &base)
            }
            Origin::Shipped(file) => compile::check_shipped_text(file, &self.text),
        }
    }

    /// Whether `save` may write it back (it was opened from a file).
    pub fn writable(&self) -> bool {
        matches!(self.origin, Origin::File(_))
    }

    /// What the session loads: the file's path or the shipped name.
    pub fn load_path(&self) -> PathBuf {
        match &self.origin {
            Origin::File(p) => p.clone(),
            Origin::Shipped(f) => PathBuf::from(f),
        }
    }
}
