//! `chimera lsp` against real clients, over stdio, with the built binary: pytest-lsp
//! (tests/lsp_client/) and Debian's neovim run headless with the README's snippet. Install both
//! with `scripts/setup/40-lsp.sh` (or `scripts/setup.sh`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chimera-ext-lsp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}

#[test]
fn pytest_lsp_drives_diagnostics_hover_completion_definition_rename_and_formatting() {
    let python = repo().join(".venv/bin/python3");
    let has_pytest_lsp = Command::new(&python)
        .args(["-c", "import pytest_lsp"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        has_pytest_lsp,
        "pytest-lsp is not installed in .venv: run `bash scripts/setup/40-lsp.sh`"
    );
    let out = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            // A server that never answers fails its test instead of hanging the suite.
            "--timeout",
            "60",
            "tests/lsp_client",
        ])
        .current_dir(repo())
        .env("CHIMERA", env!("CARGO_BIN_EXE_chimera"))
        .env("CHIMERA_DEFINITIONS", repo().join("definitions"))
        .output()
        .expect("pytest runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("3 passed"), "{text}");
}

/// The README's Neovim snippet: the first ```lua block after the "Neovim" heading of the
/// editor-support section.
fn readme_snippet() -> String {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let section = readme
        .split("### Neovim")
        .nth(1)
        .expect("README has a `### Neovim` section");
    let block = section
        .split("```lua\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a lua block in the Neovim section");
    block.to_string()
}

#[test]
fn neovim_headless_shows_the_diagnostics_of_a_broken_definition_with_the_readme_snippet() {
    let nvim = Command::new("nvim").arg("--version").output();
    assert!(
        nvim.is_ok_and(|o| o.status.success()),
        "neovim is not installed: run `bash scripts/setup/40-lsp.sh` (apt install neovim)"
    );
    let dir = temp_dir("nvim");
    let init = dir.join("init.lua");
    std::fs::write(&init, readme_snippet()).expect("write init.lua");
    let file = dir.join("broken.variant");
    let text = std::fs::read_to_string(repo().join("definitions/xiang-fu.variant"))
        .expect("xiang-fu.variant")
        .replace("confined ring", "confined rign");
    std::fs::write(&file, &text).expect("write the definition");
    let out_file = dir.join("diagnostics.txt");
    // Wait for the diagnostics, write them one a line, quit.
    let probe = format!(
        "lua vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50); \
         local lines = {{}}; \
         for _, d in ipairs(vim.diagnostic.get(0)) do \
           table.insert(lines, string.format('%d:%d %s', d.lnum, d.col, d.message:gsub('\\n.*', ''))) \
         end; \
         vim.fn.writefile(lines, '{}'); vim.cmd('qa!')",
        out_file.display()
    );
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_chimera"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let status = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(&file)
        .args(["-c", &probe])
        .env("PATH", path)
        .env("XDG_STATE_HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .status()
        .expect("nvim runs");
    assert!(status.success());
    let got = std::fs::read_to_string(&out_file).expect("nvim wrote the diagnostics");
    // `chimera check` on the same file: the same message, on the same line and column.
    let check = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&file)
        .output()
        .expect("chimera check runs");
    let stderr = String::from_utf8_lossy(&check.stderr);
    let line = text
        .lines()
        .position(|l| l.contains("confined rign"))
        .expect("the broken line");
    let col = text
        .lines()
        .nth(line)
        .and_then(|l| l.find("rign"))
        .unwrap_or(0);
    assert!(
        got.starts_with(&format!("{line}:{col} unknown zone `rign`")),
        "{got}"
    );
    assert!(stderr.contains("unknown zone `rign`"), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:{}", line + 1, col + 1)),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
