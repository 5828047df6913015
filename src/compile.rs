//! Semantic checks and compilation: AST → [`crate::rules::RuleSet`].

use crate::diagnostics::Diagnostics;
use crate::rules::RuleSet;
use std::path::Path;

/// Compiles a definition file, following `extends`.
pub fn compile_file(path: &Path) -> Result<RuleSet, Diagnostics> {
    let _ = path;
    todo!()
}

/// Compiles definition text; `name` labels diagnostics and `base_dir` resolves `extends`.
pub fn compile_str(name: &str, text: &str, base_dir: &Path) -> Result<RuleSet, Diagnostics> {
    let _ = (name, text, base_dir);
    todo!()
}
