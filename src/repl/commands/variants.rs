//! Finding, loading and reloading definitions: `load`, `variants`, `reload`.

use super::Args;
use crate::compile;
use crate::engine::{Engine, Game};
use crate::geometry::Player;
use crate::notation;
use crate::repl::{Loaded, ReplError, Result, Session, DEFINITIONS_DIR, EXTENSION};
use std::path::{Path, PathBuf};
use std::sync::Arc;

impl Session {
    /// Folders searched for definition files, in order.
    fn definition_dirs(&self) -> Vec<PathBuf> {
        let mut dirs = vec![PathBuf::from(".")];
        if let Some(l) = &self.loaded {
            if let Some(p) = l.path.parent() {
                dirs.push(p.to_path_buf());
            }
        }
        dirs.extend(self.search_dirs.iter().cloned());
        dirs.push(PathBuf::from(DEFINITIONS_DIR));
        for d in self.search_dirs.clone() {
            dirs.push(d.join(DEFINITIONS_DIR));
        }
        dirs
    }

    /// Finds a definition file by path or short name.
    fn resolve(&self, name: &str) -> Result<PathBuf> {
        let given = Path::new(name);
        if given.is_dir() {
            return Err(
                ReplError::new(format!("`{name}` is a folder, not a definition file")).with_help(
                    format!(
                "give a `.{EXTENSION}` file, like `load {}`; `variants` lists the definitions",
                given.join(format!("my-game.{EXTENSION}")).display()
            ),
                ),
            );
        }
        if given.is_absolute() && given.is_file() {
            return Ok(given.to_path_buf());
        }
        for dir in self.definition_dirs() {
            for cand in [dir.join(name), dir.join(format!("{name}.{EXTENSION}"))] {
                if cand.is_file() {
                    return Ok(cand);
                }
            }
        }
        let known: Vec<String> = self
            .definition_files()
            .iter()
            .filter_map(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        let mut e = ReplError::new(format!("cannot find the definition file `{name}`"));
        let stem = given
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let best = crate::suggest::closest(&stem, known.iter().map(String::as_str));
        e = match best {
            Some(k) => e.with_help(format!(
                "did you mean `{k}`? `variants` lists the definitions"
            )),
            None if known.is_empty() => e.with_help("give the path of a `.variant` file"),
            None => e.with_help(format!("known definitions: {}", known.join(", "))),
        };
        Err(e)
    }

    /// Every `.variant` file in ./definitions, next to the loaded file and in the search folders.
    pub(in crate::repl) fn definition_files(&self) -> Vec<PathBuf> {
        let mut dirs = vec![PathBuf::from(DEFINITIONS_DIR)];
        if let Some(l) = &self.loaded {
            if let Some(p) = l.path.parent() {
                dirs.push(if p.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    p.to_path_buf()
                });
            }
        }
        for d in &self.search_dirs {
            dirs.push(d.join(DEFINITIONS_DIR));
        }
        let mut seen = Vec::new();
        let mut files = Vec::new();
        for d in dirs {
            let Ok(rd) = std::fs::read_dir(&d) else {
                continue;
            };
            let mut here: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == EXTENSION) && p.is_file())
                .collect();
            here.sort();
            for p in here {
                let canon = p.canonicalize().unwrap_or_else(|_| p.clone());
                if !seen.contains(&canon) {
                    seen.push(canon);
                    files.push(p);
                }
            }
        }
        files
    }

    pub(super) fn load_command(&mut self, args: &Args) -> Result<String> {
        if args.words.is_empty() {
            return Err(ReplError::new("`load` needs a file")
                .with_help("for example `load my-game`; `variants` lists them"));
        }
        self.load_named(args.rest)
    }

    fn load_named(&mut self, name: &str) -> Result<String> {
        let path = self.resolve(name)?;
        self.load(&path)
    }

    /// Compiles a definition file (a path, or a short name found like `load` finds it) and starts
    /// a game from its start position.
    pub fn load(&mut self, path: &Path) -> Result<String> {
        let resolved;
        let name = path.to_string_lossy();
        let path = if path.is_file() {
            path
        } else {
            match self.resolve(&name) {
                Ok(p) => {
                    resolved = p;
                    resolved.as_path()
                }
                // Not a file here: a shipped definition by name (built into the program).
                Err(_)
                    if crate::shipped::get(&name).is_some()
                        && path.parent().is_none_or(|p| p.as_os_str().is_empty()) =>
                {
                    path
                }
                Err(e) => return Err(e),
            }
        };
        let engine = compile_engine(path)?;
        let pos = engine.start_position();
        let game = Game::new(engine.clone(), pos);
        let rules = engine.rules();
        let d = rules.board.dims;
        let msg = format!(
            "loaded {} ({}): {}x{} board, {} kinds of piece, {} to move",
            rules.name,
            if path.is_file() {
                path.display().to_string()
            } else {
                format!("{}, built in", path.display())
            },
            d.files,
            d.ranks,
            rules.pieces.len(),
            rules.players[game.position().side_to_move()]
        );
        self.loaded = Some(Loaded {
            path: path.to_path_buf(),
            engine,
            game,
        });
        Ok(msg)
    }

    /// Starts a game of a variant compiled elsewhere (the studio compiles the text in its editor);
    /// `path` names where it came from.
    pub fn load_engine(&mut self, path: &Path, engine: Arc<Engine>) {
        let game = Game::new(engine.clone(), engine.start_position());
        self.loaded = Some(Loaded {
            path: path.to_path_buf(),
            engine,
            game,
        });
    }

    pub(super) fn variants(&mut self, _args: &Args) -> Result<String> {
        let files = self.definition_files();
        if files.is_empty() {
            return Err(ReplError::new("no definition files found")
                .with_help(format!("definitions are `.{EXTENSION}` files in ./{DEFINITIONS_DIR} or next to the loaded file")));
        }
        let width = files
            .iter()
            .map(|p| p.display().to_string().len())
            .max()
            .unwrap_or(0);
        let mut out = Vec::new();
        for f in files {
            let line = match compile::compile_file(&f) {
                Ok(r) => {
                    let d = r.board.dims;
                    let mut s = format!(
                        "{}: {}x{}, {} vs {}, {} kinds of piece",
                        r.name,
                        d.files,
                        d.ranks,
                        r.players[Player::First],
                        r.players[Player::Second],
                        r.pieces.len()
                    );
                    if !r.drops.to_hand.is_empty() {
                        s.push_str(", drops");
                    }
                    s
                }
                Err(d) => format!("does not compile: {}", d.summary),
            };
            out.push(format!("  {:<width$}  {line}", f.display().to_string()));
        }
        Ok(out.join("\n"))
    }

    pub(super) fn reload(&mut self, _args: &Args) -> Result<String> {
        let path = self.loaded()?.path.clone();
        let engine = compile_engine(&path)?;
        let how = self.replace_engine(engine)?;
        let l = self.loaded()?;
        Ok(format!(
            "reloaded {} ({}): {how}",
            l.engine.rules().name,
            path.display()
        ))
    }

    /// Puts new rules for the loaded variant in place (the definition was edited), keeping the
    /// game when it is still legal under them: the moves replayed, else the position, else the
    /// start. Says which.
    pub fn replace_engine(&mut self, engine: Arc<Engine>) -> Result<String> {
        let old = self.loaded()?.clone();
        // Replay the game under the new rules; fall back to the current position, then to the start.
        let replay = || -> Option<Game> {
            let start = notation::to_fen(&old.engine, &old.game.positions()[0]);
            let pos = notation::parse_fen(&engine, &start).ok()?;
            let mut g = Game::new(engine.clone(), pos);
            for (i, mv) in old.game.moves().iter().enumerate() {
                let text = notation::move_text(&old.engine, &old.game.positions()[i], *mv);
                let m = notation::parse_move(&engine, g.position(), &text).ok()?;
                g.play(m);
            }
            Some(g)
        };
        let (game, how) = match replay() {
            Some(g) => {
                let n = g.moves().len();
                (
                    g,
                    if n == 0 {
                        "position kept".to_string()
                    } else {
                        format!(
                            "position and {n} move{} kept",
                            if n == 1 { "" } else { "s" }
                        )
                    },
                )
            }
            None => {
                let fen = notation::to_fen(&old.engine, old.game.position());
                match notation::parse_fen(&engine, &fen) {
                    Ok(p) => (
                        Game::new(engine.clone(), p),
                        "position kept, history dropped (a move is no longer legal)".to_string(),
                    ),
                    Err(e) => (
                        Game::new(engine.clone(), engine.start_position()),
                        format!(
                            "the position is not valid any more ({}), back to the start",
                            e.message
                        ),
                    ),
                }
            }
        };
        self.loaded = Some(Loaded {
            path: old.path,
            engine,
            game,
        });
        Ok(how)
    }
}

/// Compiles a definition file into an engine, or explains why not.
fn compile_engine(path: &Path) -> Result<Arc<Engine>> {
    let rules = compile::check_named(path).map(|c| c.rules).map_err(|d| {
        // The summary names the file already (`game.variant: 2 errors`); say it once.
        let shown = path.display().to_string();
        let summary = d
            .summary
            .strip_prefix(&format!("{shown}: "))
            .map(|rest| format!("{shown} does not compile ({rest})"))
            .unwrap_or_else(|| format!("{shown} does not compile: {}", d.summary));
        let d_summary = d.summary.clone();
        let rendered = format!("{:?}", miette::Report::new(d));
        let mut e = ReplError::new(summary);
        // The report's first line repeats the summary: show the errors themselves.
        let mut lines = rendered.lines().peekable();
        if lines.peek().is_some_and(|l| l.contains(&d_summary)) {
            lines.next();
            if lines.peek().is_some_and(|l| l.trim().is_empty()) {
                lines.next();
            }
        }
        for line in lines {
            e = e.with_context(line.to_string());
        }
        e.with_help("fix the definition and `load` or `reload` it")
    })?;
    let engine = Engine::new(rules)
        .map_err(|e| ReplError::new(format!("{} cannot be played: {e}", path.display())))?;
    Ok(Arc::new(engine))
}
