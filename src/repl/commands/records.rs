//! Game records: `save FILE` writes the game as PGN, `open FILE` reads one back and replays it.

use super::Args;
use crate::geometry::Player;
use crate::notation::pgn::{self, PgnError, Tags, MAX_BYTES, MAX_PLIES};
use crate::repl::{caret, no_variant, ReplError, Result, Session};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The extension `save` adds to a name without one, and `open` tries.
const PGN_EXTENSION: &str = "pgn";

impl Session {
    pub(super) fn save(&mut self, args: &Args) -> Result<String> {
        let usage =
            "`save FILE` (`.pgn` is added when FILE has no extension), `save --force FILE` \
                     to replace a file this session did not write";
        let (force, name) = match args.words.as_slice() {
            [name] => (false, *name),
            ["--force", name] | [name, "--force"] => (true, *name),
            [] => return Err(ReplError::new("`save` needs a file name").with_help(usage)),
            _ => {
                return Err(ReplError::new(format!(
                    "`save` takes one file name, not `{}`",
                    crate::repl::shortened(args.rest)
                ))
                .with_help(usage))
            }
        };
        let l = self.loaded()?;
        let path = with_extension(name);
        let g = &l.game;
        if g.moves().len() > MAX_PLIES {
            return Err(ReplError::new(format!(
                "the game has {} moves; a PGN game of more than {MAX_PLIES} cannot be read back",
                g.moves().len()
            ))
            .with_help("`undo` some moves, or start again with `reset`"));
        }
        let ours = self.record_file.as_deref() == Some(path.as_path());
        if path.exists() && !force && !ours {
            return Err(ReplError::new(format!(
                "{} exists already; `save` does not replace a file this session did not write or open",
                path.display()
            ))
            .with_help(format!(
                "`save --force {}` replaces it, or give another name",
                path.display()
            )));
        }
        let start = &g.positions()[0];
        let text = self.pgn_text()?;
        std::fs::write(&path, text).map_err(|e| {
            ReplError::new(format!("cannot write {}: {e}", path.display()))
                .with_help("give a path in a folder you can write to")
        })?;
        let n = g.moves().len();
        let from = if crate::notation::to_fen(&l.engine, start)
            == crate::notation::to_fen(&l.engine, &l.engine.start_position())
        {
            "from the start position".to_string()
        } else {
            "from a set-up position (FEN tag)".to_string()
        };
        let mut out = format!(
            "saved {n} move{} of {} {from} to {}",
            if n == 1 { "" } else { "s" },
            l.engine.rules().name,
            path.display()
        );
        if let Some(last) = g.earlier().last() {
            out.push_str(&format!(
                "; the game starts after the last edit (`{}`): `history` shows what came before",
                crate::repl::shortened(&last.edit)
            ));
        }
        self.record_file = Some(path);
        Ok(out)
    }

    /// The game as PGN: the current stretch of play, with tags that name who played (the
    /// computer as `Chimera VERSION`, the user as `Human`).
    pub fn pgn_text(&self) -> Result<String> {
        let l = self.loaded()?;
        let g = &l.game;
        let name = |p: Player| {
            Some(if self.computer.plays(p) {
                format!("Chimera {}", env!("CARGO_PKG_VERSION"))
            } else {
                "Human".to_string()
            })
        };
        let tags = Tags {
            event: Some("Chimera REPL".into()),
            date: Some(today()),
            white: name(Player::First),
            black: name(Player::Second),
            ..Tags::default()
        };
        Ok(pgn::write_pgn(
            &l.engine,
            &g.positions()[0],
            g.moves(),
            &tags,
            &g.status(),
        ))
    }

    /// Opens game `number` (from 1) of a PGN text (`shown` names it in messages) as one step of
    /// the timeline, as `open` does with a file.
    pub fn open_pgn_text(&mut self, shown: &str, text: &str, number: usize) -> Result<String> {
        let label = if number == 1 {
            format!("open {shown}")
        } else {
            format!("open {shown} {number}")
        };
        self.open_text(shown, text, number, label)
    }

    /// [`Session::open_pgn_text`] with the words `undo` and `history` name the step by.
    fn open_text(
        &mut self,
        shown: &str,
        text: &str,
        number: usize,
        label: String,
    ) -> Result<String> {
        if text.len() > MAX_BYTES {
            return Err(ReplError::new(format!(
                "{shown} is larger than {MAX_BYTES} bytes, the most `open` reads"
            ))
            .with_help("split it into smaller files"));
        }
        let engine = self.loaded()?.engine.clone();
        let located = |e: PgnError| located_error(shown, text, e);
        let mut games = pgn::parse_pgn(text).map_err(located)?;
        let count = games.len();
        if count == 0 {
            return Err(ReplError::new(format!("{shown} holds no game"))
                .with_help("a PGN game is tags like [Event \"...\"] and moves like `1. e4 e5`"));
        }
        if number == 0 || number > count {
            return Err(ReplError::new(format!(
                "{shown} holds {count} game{}, so there is no game {number}",
                if count == 1 { "" } else { "s" }
            ))
            .with_help(format!("give a number from 1 to {count}")));
        }
        let raw = games.swap_remove(number - 1);
        let note = raw.tag("Variant").and_then(|v| {
            let norm = |s: &str| -> String {
                s.chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect::<String>()
                    .to_ascii_lowercase()
            };
            (norm(v) != norm(&engine.rules().name)).then(|| {
                format!(
                    "\nnote: its Variant tag is \"{}\"; read as {}",
                    crate::repl::shortened(v),
                    engine.rules().name
                )
            })
        });
        let game = pgn::play_raw(&engine, number, raw).map_err(located)?;
        // Every move was checked by `play_raw`; the opened game is one step of the timeline, so
        // `undo` walks back over its moves and then to the game before it.
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        l.game.edit(game.start.clone(), label);
        for mv in &game.moves {
            l.game.play(*mv);
        }
        let n = game.moves.len();
        let which = if count == 1 {
            String::new()
        } else {
            format!(" (game {number} of {count})")
        };
        let l = self.loaded()?;
        Ok(format!(
            "opened {shown}{which}: {n} move{}, result {}; {}{}",
            if n == 1 { "" } else { "s" },
            game.result.as_deref().unwrap_or("not given"),
            self.status_line(l),
            note.unwrap_or_default()
        ))
    }

    pub(super) fn open(&mut self, args: &Args) -> Result<String> {
        let usage = "`open FILE` opens the first game of a PGN file, `open FILE 2` the second";
        let (name, number) = match args.words.as_slice() {
            [name] => (*name, 1),
            [name, n] => match n.parse::<usize>() {
                Ok(k) if k >= 1 => (*name, k),
                _ => {
                    return Err(ReplError::new(format!(
                        "`{}` is not a game number",
                        crate::repl::shortened(n)
                    ))
                    .with_help(usage))
                }
            },
            [] => return Err(ReplError::new("`open` needs a PGN file").with_help(usage)),
            _ => {
                return Err(ReplError::new(format!(
                    "`open` takes a file and a game number, not `{}`",
                    crate::repl::shortened(args.rest)
                ))
                .with_help(usage))
            }
        };
        self.loaded()?;
        let path = self.find_record(name)?;
        let shown = path.display().to_string();
        let text = read_bounded(&path)?;
        let out = self.open_text(
            &shown,
            &text,
            number,
            format!("open {}", args.words.join(" ")),
        )?;
        self.record_file = Some(path);
        Ok(out)
    }

    /// The PGN file `open` means: as given, else with `.pgn` added, else next to a script.
    fn find_record(&self, name: &str) -> Result<PathBuf> {
        let given = Path::new(name);
        let mut candidates = vec![given.to_path_buf(), with_extension(name)];
        if given.is_relative() {
            for d in &self.search_dirs {
                candidates.push(d.join(name));
                candidates.push(d.join(with_extension(name)));
            }
        }
        candidates.into_iter().find(|p| p.is_file()).ok_or_else(|| {
            ReplError::new(format!(
                "cannot find the PGN file `{}`",
                crate::repl::shortened(name)
            ))
            .with_help("give the path of a `.pgn` file; `save FILE` writes one")
        })
    }
}

/// `name`, with `.pgn` added when it has no extension.
fn with_extension(name: &str) -> PathBuf {
    let p = PathBuf::from(name);
    if p.extension().is_some() {
        p
    } else {
        p.with_extension(PGN_EXTENSION)
    }
}

/// A PGN file's text, at most [`MAX_BYTES`] of it (bytes that are not UTF-8 become `�`, as files
/// in Latin-1 from older programs have them in names).
fn read_bounded(path: &Path) -> Result<String> {
    let cannot = |e: std::io::Error| ReplError::new(format!("cannot read {}: {e}", path.display()));
    let f = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    f.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > MAX_BYTES {
        return Err(ReplError::new(format!(
            "{} is larger than {MAX_BYTES} bytes, the most `open` reads",
            path.display()
        ))
        .with_help("split it into smaller files"));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A PGN error as the REPL shows it: `FILE:LINE:COLUMN: message`, the line with a caret under the
/// fault, and the help.
fn located_error(file: &str, text: &str, e: PgnError) -> ReplError {
    let at = e.offset.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line_no = text[..line_start].matches('\n').count() + 1;
    let column = text[line_start..at].chars().count() + 1;
    let line = text[line_start..line_end].trim_end_matches('\r');
    let mut err = ReplError::new(format!("{file}:{line_no}:{column}: {}", e.message))
        .with_context(line.to_string())
        .with_context(caret(line, at - line_start, e.len));
    err.help = Some(match e.help {
        Some(h) => h,
        None => "fix the file and `open` it again; the session is unchanged".into(),
    });
    err
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (the days-to-civil conversion
/// over 400-year eras of 146,097 days).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_1970_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
    }

    #[test]
    fn a_name_without_extension_gets_pgn() {
        assert_eq!(with_extension("game"), PathBuf::from("game.pgn"));
        assert_eq!(with_extension("a/game.txt"), PathBuf::from("a/game.txt"));
    }

    #[test]
    fn errors_are_located_by_line_and_column() {
        let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf9 *\n";
        let e = PgnError {
            message: "game 1, move 2. Nf9: bad".into(),
            game: Some(1),
            offset: text.find("Nf9").unwrap_or(0),
            len: 3,
            help: None,
        };
        let r = located_error("g.pgn", text, e);
        assert_eq!(r.message, "g.pgn:3:13: game 1, move 2. Nf9: bad");
        assert_eq!(r.context, vec!["1. e4 e5 2. Nf9 *", "            ^^^"]);
    }
}
