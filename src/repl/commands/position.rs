//! The position as it stands: `show`, `fen`, `reset`, `status`.

use super::Args;
use crate::engine::Piece;
use crate::engine::{Position, Status};
use crate::geometry::Player;
use crate::notation;
use crate::repl::{board, caret, no_variant, BoardStyle, Loaded, ReplError, Result, Session};
use crate::rules::RuleSet;

impl Session {
    pub(super) fn show(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let mut style = self.style;
        for a in args {
            match *a {
                "--ascii" | "ascii" => style = BoardStyle::Ascii,
                "--unicode" | "unicode" => style = BoardStyle::Unicode,
                other => {
                    return Err(ReplError::new(format!("`show` has no option `{other}`"))
                        .with_help("use `show`, `show --ascii` or `show --unicode`"))
                }
            }
        }
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        let mut out = board::position_board(rules, pos, style);
        let hands_matter = !rules.drops.to_hand.is_empty()
            || Player::BOTH
                .iter()
                .any(|p| !pos.hand_contents(*p).is_empty());
        if hands_matter {
            for p in Player::BOTH {
                out.push_str(&format!(
                    "\n{} hand: {}",
                    rules.players[p],
                    hand_text(rules, pos, p)
                ));
            }
        }
        out.push('\n');
        out.push_str(&self.status_line(l));
        if let Some(last) = self.last_move_text(l) {
            out.push_str(&format!("\nLast move: {last}"));
        }
        Ok(out)
    }

    pub(super) fn status_line(&self, l: &Loaded) -> String {
        let rules = l.engine.rules();
        let side = l.game.position().side_to_move();
        match l.game.status() {
            Status::Ongoing { check } => {
                format!(
                    "{} to move{}",
                    rules.players[side],
                    if check { ", in check" } else { "" }
                )
            }
            st => format!("Game over: {}", st.describe(&rules.players, side)),
        }
    }

    fn last_move_text(&self, l: &Loaded) -> Option<String> {
        let moves = l.game.moves();
        let mv = *moves.last()?;
        let before = &l.game.positions()[moves.len() - 1];
        Some(notation::move_text(&l.engine, before, mv))
    }

    pub(super) fn fen(&mut self, args: &Args) -> Result<String> {
        let rest = args.rest;
        let l = self.loaded()?;
        if rest.is_empty() {
            return Ok(notation::to_fen(&l.engine, l.game.position()));
        }
        let pos = notation::parse_fen(&l.engine, rest).map_err(|e| {
            let mut err = ReplError::new(format!("bad FEN: {}", e.message))
                .with_context(rest.to_string())
                .with_context(caret(rest, e.offset, e.len));
            err.help = e.help.clone();
            err
        })?;
        // The side not to move in check: the last move left its own royal attacked, which no
        // legal game reaches (and the royal's capture is listed as a legal move). Such positions
        // are still useful to study a rule (a pin along a facing file), so they are set up with a
        // note that says so.
        let mut other = pos.clone();
        other.set_side_to_move(pos.side_to_move().other());
        let note = if l.engine.in_check(&other) {
            let players = &l.engine.rules().players;
            let (mover, idle) = (pos.side_to_move(), pos.side_to_move().other());
            format!(
                "note: this position cannot arise in a game: {} is in check with {} to move, so \
                 capturing its royal is listed as a legal move\n",
                players[idle], players[mover]
            )
        } else {
            String::new()
        };
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        l.game.edit(pos, format!("fen {rest}"));
        Ok(format!("{note}{}", self.status_line(self.loaded()?)))
    }

    pub(super) fn reset(&mut self, args: &Args) -> Result<String> {
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        // `reset N`: the start numbered N of a variant whose start is drawn at random.
        let (pos, what) = match args.words.as_slice() {
            [] => (l.engine.start_position(), "start position".to_string()),
            [n] => {
                let Some(count) = l.engine.start_count() else {
                    return Err(ReplError::new(format!(
                        "`reset {n}`: this variant has one start position"
                    ))
                    .with_help("write `reset` alone; only a variant with `start ... random` numbers its starts"));
                };
                let pos = n
                    .parse::<u64>()
                    .ok()
                    .and_then(|n| l.engine.numbered_start(n))
                    .ok_or_else(|| {
                        ReplError::new(format!("`{n}` is not a start number"))
                            .with_help(format!("the starts are numbered 0 to {}", count - 1))
                    })?;
                (pos, format!("start position {n}"))
            }
            _ => {
                return Err(
                    ReplError::new("`reset` takes at most a start number").with_help(
                        "write `reset`, or `reset 518` in a variant whose start is drawn at random",
                    ),
                )
            }
        };
        l.game.edit(pos, "reset");
        Ok(format!("{what}; {}", self.status_line(self.loaded()?)))
    }

    pub(super) fn status(&mut self, _args: &Args) -> Result<String> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let side = l.game.position().side_to_move();
        let st = l.game.status();
        Ok(match st {
            Status::Ongoing { check } => format!(
                "the game goes on: {} to move{}",
                rules.players[side],
                if check { ", in check" } else { "" }
            ),
            // The engine's words as they stand ("Black is checkmated: Red wins").
            other => other.describe(&rules.players, side),
        })
    }
}

/// A hand in words: `P x2, N` or `-`.
pub(super) fn hand_text(rules: &RuleSet, pos: &Position, side: Player) -> String {
    let items: Vec<String> = pos
        .hand_contents(side)
        .into_iter()
        .map(|(k, n)| {
            let l = board::piece_letter(rules, Piece::new(side, k));
            if n == 1 {
                l
            } else {
                format!("{l} x{n}")
            }
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}
