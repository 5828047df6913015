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

/// What the probe of [`neovim_shows_live_diagnostics_hover_and_completion_on_xiang_fu`] does in
/// Neovim, after the README's snippet has started `chimera lsp` for the buffer: it edits the
/// buffer (a misspelt zone, then the fix) and waits for the diagnostics each time, asks for the
/// hover on the Cannon's Betza string and for completion after `moves `, and writes what it saw,
/// one fact a line, to OUT.
const PROBE: &str = r#"
local out = {}
local function log(s) table.insert(out, s) end
local function client()
  for _, c in pairs(vim.lsp.buf_get_clients(0)) do return c end
end
log('attached ' .. tostring(vim.wait(20000, function()
  local c = client()
  return c ~= nil and c.server_capabilities ~= nil and next(c.server_capabilities) ~= nil
end, 50)))
local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
local function find(text)
  for i, l in ipairs(lines) do
    local c = l:find(text, 1, true)
    if c then return i - 1, c - 1 end
  end
end
-- Live diagnostics: break the zone name in the buffer (not on disk), then mend it.
local zl = find('confined ring')
local original = lines[zl + 1]
vim.api.nvim_buf_set_lines(0, zl, zl + 1, false, { (original:gsub('confined ring', 'confined rign')) })
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  log(string.format('diagnostic %d:%d %s', d.lnum, d.col, (d.message:gsub('\n.*', ''))))
end
vim.api.nvim_buf_set_lines(0, zl, zl + 1, false, { original })
vim.wait(20000, function() return #vim.diagnostic.get(0) == 0 end, 50)
log('after the fix ' .. #vim.diagnostic.get(0) .. ' diagnostics')
-- Hover on the Cannon's Betza string.
local bl, bc = find('mRcpR')
local uri = vim.uri_from_bufnr(0)
local function at(line, col)
  return { textDocument = { uri = uri }, position = { line = line, character = col } }
end
local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', at(bl, bc + 1), 10000) or {}
for _, r in pairs(hover) do
  local v = r.result and r.result.contents and r.result.contents.value or ''
  log('hover ' .. (v:gsub('\n.*', '')))
  log('hover has a text diagram ' .. tostring(v:find('```text', 1, true) ~= nil))
end
-- Completion after `moves `: the Betza atoms and modifiers.
local items = vim.lsp.buf_request_sync(0, 'textDocument/completion', at(bl, bc), 10000) or {}
for _, r in pairs(items) do
  local labels = {}
  for _, i in ipairs(r.result or {}) do table.insert(labels, i.label) end
  log('completion ' .. table.concat(labels, ' '))
end
vim.fn.writefile(out, OUT)
vim.cmd('qa!')
"#;

#[test]
fn neovim_shows_live_diagnostics_hover_and_completion_on_xiang_fu() {
    let nvim = Command::new("nvim").arg("--version").output();
    assert!(
        nvim.is_ok_and(|o| o.status.success()),
        "neovim is not installed: run `bash scripts/setup/40-lsp.sh` (apt install neovim)"
    );
    let dir = temp_dir("nvim-live");
    let init = dir.join("init.lua");
    std::fs::write(&init, readme_snippet()).expect("write init.lua");
    let out_file = dir.join("seen.txt");
    let probe = dir.join("probe.lua");
    std::fs::write(
        &probe,
        format!("local OUT = {:?}\n{PROBE}", out_file.display().to_string()),
    )
    .expect("write probe.lua");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_chimera"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The shipped file itself; the probe edits only the buffer and quits without writing.
    let file = repo().join("definitions/xiang-fu.variant");
    let before = std::fs::read_to_string(&file).expect("xiang-fu.variant");
    let status = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(&file)
        .arg("-c")
        .arg(format!("luafile {}", probe.display()))
        .env("PATH", path)
        .env("XDG_STATE_HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .status()
        .expect("nvim runs");
    assert!(status.success());
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some(before.as_str()),
        "the definition on disk is untouched"
    );
    let seen = std::fs::read_to_string(&out_file).expect("nvim wrote what it saw");
    let lines: Vec<&str> = seen.lines().collect();
    let zone_line = before
        .lines()
        .position(|l| l.contains("confined ring"))
        .expect("the Champion's confinement");
    let zone_col = before
        .lines()
        .nth(zone_line)
        .and_then(|l| l.find("ring"))
        .unwrap_or(0);
    assert_eq!(lines.first(), Some(&"attached true"), "{seen}");
    assert_eq!(
        lines.get(1).copied(),
        Some(format!("diagnostic {zone_line}:{zone_col} unknown zone `rign`").as_str()),
        "{seen}"
    );
    assert!(lines.contains(&"after the fix 0 diagnostics"), "{seen}");
    assert!(lines.contains(&"hover **Betza `mRcpR`**"), "{seen}");
    // Neovim shows no images in hovers: the diagram comes as text.
    assert!(lines.contains(&"hover has a text diagram true"), "{seen}");
    let completion = lines
        .iter()
        .find_map(|l| l.strip_prefix("completion "))
        .unwrap_or_else(|| panic!("no completion: {seen}"));
    let labels: Vec<&str> = completion.split(' ').collect();
    for l in ["W", "F", "N", "R", "m", "c", "p"] {
        assert!(labels.contains(&l), "{completion}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
