//! Tab completion: command names, definition files, squares, pieces, sides and the legal moves.

use super::commands::{self, Command, COMMANDS};
use crate::engine::Game;
use crate::notation;

/// What can be completed in the current state, refreshed by the line editor after every command.
#[derive(Clone, Debug, Default)]
pub struct CompletionContext {
    /// Definition files (paths and short names).
    pub files: Vec<String>,
    /// Names of the squares that exist.
    pub squares: Vec<String>,
    /// Piece names.
    pub pieces: Vec<String>,
    /// Piece letters (first player's spelling).
    pub letters: Vec<String>,
    /// The players' names.
    pub sides: Vec<String>,
    /// Zone names.
    pub zones: Vec<String>,
    /// The legal moves in move text.
    pub moves: Vec<String>,
    /// Letters of the kinds that can be in a hand (first player's spelling).
    pub hand_letters: Vec<String>,
    /// The game, to complete the later moves of `play MOVE MOVE ...` in the position they reach.
    pub game: Option<Game>,
}

impl CompletionContext {
    /// The legal moves after playing `earlier` (move texts) from the current position; the current
    /// legal moves when `earlier` is empty, nothing when one of them is not legal.
    fn moves_after(&self, earlier: &[&str]) -> Vec<String> {
        if earlier.is_empty() {
            return self.moves.clone();
        }
        let Some(mut game) = self.game.clone() else {
            return self.moves.clone();
        };
        let engine = game.engine().clone();
        for text in earlier {
            match notation::parse_move(&engine, game.position(), text) {
                Ok(m) if !game.status().is_over() => game.play(m),
                _ => return Vec::new(),
            }
        }
        if game.status().is_over() {
            return Vec::new();
        }
        let pos = game.position();
        engine
            .legal_moves(pos)
            .iter()
            .map(|m| notation::move_text(&engine, pos, *m))
            .collect()
    }
}

impl CompletionContext {
    /// The start of the word being completed at byte `pos` of `line`, and its candidates.
    pub fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let pos = pos.min(line.len());
        let before = &line[..pos];
        let start = before
            .rfind(char::is_whitespace)
            .map(|i| i + 1)
            .unwrap_or(0);
        let prefix = &before[start..];
        let tokens: Vec<&str> = before[..start].split_whitespace().collect();
        let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let command_names = || {
            COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .collect::<Vec<_>>()
        };
        let pool: Vec<String> = match tokens.first().map(|w| commands::find(w).map(|c| c.command)) {
            None => command_names(),
            Some(None) => Vec::new(),
            Some(Some(cmd)) => {
                let argi = tokens.len() - 1;
                match (cmd, argi) {
                    (Command::Help, 0) => command_names(),
                    (Command::Load, 0) => self.files.clone(),
                    (Command::Play, _) => self.moves_after(&tokens[1..]),
                    (Command::Moves, 0) => {
                        let mut v = [self.squares.clone(), self.pieces.clone()].concat();
                        if !self.hand_letters.is_empty() {
                            v.push("drops".into());
                        }
                        v
                    }
                    (Command::Put, 0) => [
                        self.letters.clone(),
                        self.pieces.clone(),
                        self.sides.clone(),
                    ]
                    .concat(),
                    (Command::Put, 1)
                        if self.sides.iter().any(|s| s.eq_ignore_ascii_case(tokens[1])) =>
                    {
                        self.pieces.clone()
                    }
                    (Command::Put, _) => self.squares.clone(),
                    (Command::Remove, 0) => self.squares.clone(),
                    (Command::Hand, 0) | (Command::Turn, 0) => self.sides.clone(),
                    (Command::Hand, _) => self
                        .hand_letters
                        .iter()
                        .flat_map(|l| [format!("+{l}"), format!("-{l}")])
                        .collect(),
                    (Command::Piece, 0) => self.pieces.clone(),
                    (Command::Zones, 0) => self.zones.clone(),
                    (Command::Show, _) => owned(&["--ascii", "--unicode"]),
                    (Command::History, 0) => owned(&["--coordinates"]),
                    (Command::Save, 0) => owned(&["--force"]),
                    (Command::Render, _) => match tokens.last().copied() {
                        Some("--piece") => self.pieces.clone(),
                        Some("--moves") | Some("--at") => self.squares.clone(),
                        _ => owned(&["--moves", "--piece", "--at"]),
                    },
                    (Command::Go, _) => owned(&["depth", "nodes", "time"]),
                    (Command::Computer, 0) => {
                        [self.sides.clone(), owned(&["both", "off"])].concat()
                    }
                    (Command::Expect, 0) => owned(commands::EXPECT_WHATS),
                    (Command::Expect, _) => match tokens[1] {
                        "status" => owned(commands::STATUS_WORDS),
                        "result" => [self.sides.clone(), owned(&["draw", "none"])].concat(),
                        "moves" | "empty" => self.squares.clone(),
                        "piece" if argi == 1 => self.squares.clone(),
                        "piece" => self.pieces.clone(),
                        "legal" | "illegal" => self.moves.clone(),
                        "hand" | "turn" if argi == 1 => self.sides.clone(),
                        "hand" if argi == 2 => self.hand_letters.clone(),
                        "error" if argi == 1 => command_names(),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                }
            }
        };
        let lower = prefix.to_ascii_lowercase();
        let mut out: Vec<String> = pool
            .into_iter()
            .filter(|c| c.starts_with(prefix) || c.to_ascii_lowercase().starts_with(&lower))
            .collect();
        out.sort();
        out.dedup();
        (start, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> CompletionContext {
        CompletionContext {
            files: vec!["my-game".into()],
            squares: vec!["e1".into(), "e2".into(), "e4".into(), "f1".into()],
            pieces: vec!["King".into(), "Knight".into(), "Pawn".into()],
            letters: vec!["K".into(), "N".into(), "P".into()],
            sides: vec!["White".into(), "Black".into()],
            zones: vec!["promotion".into()],
            moves: vec!["e2e3".into(), "e2e4".into(), "g1f3".into()],
            hand_letters: vec!["P".into()],
            game: None,
        }
    }

    #[test]
    fn the_first_word_completes_to_commands() {
        assert_eq!(ctx().candidates("pl", 2), (0, vec!["play".to_string()]));
        assert_eq!(
            ctx().candidates("re", 2).1,
            vec!["redo", "reload", "remove", "render", "reset"]
        );
    }

    #[test]
    fn play_completes_legal_moves() {
        assert_eq!(
            ctx().candidates("play e2", 7),
            (5, vec!["e2e3".to_string(), "e2e4".to_string()])
        );
        assert_eq!(
            ctx().candidates("play e2e4 g", 11),
            (10, vec!["g1f3".to_string()])
        );
    }

    #[test]
    fn pieces_complete_case_insensitively() {
        assert_eq!(ctx().candidates("piece kn", 8).1, vec!["Knight"]);
        assert_eq!(
            ctx().candidates("put black k", 11).1,
            vec!["King", "Knight"]
        );
        assert_eq!(ctx().candidates("put N e", 7).1, vec!["e1", "e2", "e4"]);
    }
}
