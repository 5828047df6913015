//! Listing, playing and taking back moves: `moves`, `play`, `undo`, `redo`, `history`.

use super::{Args, ComputerSides};
use crate::engine::{Engine, Move, MoveKind, Position, Status, StepTaken};
use crate::geometry::Player;
use crate::notation;
use crate::repl::{caret, no_variant, parse, wrap, ReplError, Result, Session};

impl Session {
    /// The legal moves the `moves` command would list for its arguments, with a title.
    pub(super) fn select_moves(&self, args: &[&str]) -> Result<(String, Vec<Move>)> {
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        let side = pos.side_to_move();
        let side_name = &rules.players[side];
        if args.is_empty() {
            return Ok((
                format!("legal moves for {side_name}"),
                l.engine.legal_moves(pos),
            ));
        }
        if args == ["drops"] {
            let drops = l
                .engine
                .legal_moves(pos)
                .into_iter()
                .filter(|m| m.is_drop())
                .collect();
            return Ok((format!("legal drops for {side_name}"), drops));
        }
        if args.len() == 1 && parse::looks_like_square(args[0]) {
            let sq = parse::square(rules, args[0])?;
            let Some(piece) = pos.piece_at(sq) else {
                return Err(ReplError::new(format!("there is no piece on {}", args[0]))
                    .with_help("give a square with a piece of the side to move, or a piece name like `moves Knight`"));
            };
            let name = format!(
                "{} {} on {}",
                rules.players[piece.player],
                rules.piece(piece.kind).name,
                args[0]
            );
            if piece.player != side {
                return Err(ReplError::new(format!(
                    "the {name} cannot move: it is {side_name}'s turn"
                ))
                .with_help(format!(
                    "`turn {}` gives the move to that side",
                    rules.players[piece.player]
                )));
            }
            return Ok((
                format!("legal moves of the {name}"),
                l.engine.legal_moves_from(pos, sq),
            ));
        }
        let (spec, used) = parse::piece_tokens(rules, args)?;
        if used < args.len() {
            return Err(ReplError::new(format!(
                "`moves` takes one square or piece, not `{}`",
                args.join(" ")
            ))
            .with_help("for example `moves`, `moves e2` or `moves Knight`"));
        }
        // A side named in words must be the side to move; a letter's case is not checked here.
        if let (2, Some(s)) = (used, spec.side) {
            if s != side {
                return Err(ReplError::new(format!(
                    "it is {side_name}'s turn, not {}'s",
                    rules.players[s]
                ))
                .with_help(format!(
                    "`turn {}` gives the move to that side",
                    rules.players[s]
                )));
            }
        }
        let kind = spec.kind;
        let moves = l
            .engine
            .legal_moves(pos)
            .into_iter()
            .filter(|m| match m.kind {
                MoveKind::Drop(k) => k == kind,
                _ => pos.piece_at(m.from).is_some_and(|p| p.kind == kind),
            })
            .collect();
        Ok((
            format!("legal moves of {side_name}'s {}", rules.piece(kind).name),
            moves,
        ))
    }

    pub(super) fn moves(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let (title, mut moves) = self.select_moves(args)?;
        let l = self.loaded()?;
        let d = l.engine.rules().board.dims;
        let pos = l.game.position();
        if moves.is_empty() {
            return Ok(format!("no {title}"));
        }
        let key = |m: &Move| {
            (
                m.is_drop(),
                d.file(m.from),
                d.rank(m.from),
                d.file(m.to),
                d.rank(m.to),
            )
        };
        moves.sort_by_key(key);
        let n = moves.len();
        let mut out = format!(
            "{n} {}",
            if n == 1 {
                title
                    .replacen("moves", "move", 1)
                    .replacen("drops", "drop", 1)
            } else {
                title
            }
        );
        out.push(':');
        let label_w = if moves.iter().any(|m| m.is_drop()) {
            5
        } else {
            moves
                .iter()
                .map(|m| d.name(m.from).len())
                .max()
                .unwrap_or(2)
        };
        let mut i = 0;
        while i < moves.len() {
            let drop = moves[i].is_drop();
            let from = moves[i].from;
            let mut j = i;
            while j < moves.len() && moves[j].is_drop() == drop && (drop || moves[j].from == from) {
                j += 1;
            }
            let texts: Vec<String> = moves[i..j]
                .iter()
                .map(|m| notation::move_text(&l.engine, pos, *m))
                .collect();
            let label = if drop {
                "drops".to_string()
            } else {
                d.name(from)
            };
            let body = wrap(&texts, "", 70);
            let mut lines = body.lines();
            out.push_str(&format!(
                "\n  {label:>label_w$}: {}",
                lines.next().unwrap_or("")
            ));
            for rest in lines {
                out.push_str(&format!("\n  {:label_w$}  {rest}", ""));
            }
            i = j;
        }
        Ok(out)
    }

    /// Explains why a move text is not legal, pointing at the fault and listing what is legal.
    pub(super) fn move_error(
        &self,
        engine: &Engine,
        pos: &Position,
        text: &str,
        e: notation::MoveError,
    ) -> ReplError {
        let rules = engine.rules();
        let mut err = ReplError::new(format!("illegal move `{text}`: {}", e.message));
        if e.len > 0 || e.offset > 0 {
            err = err
                .with_context(text.to_string())
                .with_context(caret(text, e.offset, e.len));
        }
        if let Some(h) = e.help {
            return err.with_help(h);
        }
        // Fall back to listing the moves of the piece on the square the text starts with.
        let end = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(text.len());
        let from = rules
            .board
            .dims
            .parse_square(&text[..end])
            .filter(|s| rules.board.squares.contains(*s));
        let help = match from.and_then(|s| pos.piece_at(s).map(|p| (s, p))) {
            Some((s, p)) if p.player == pos.side_to_move() => {
                let ms: Vec<String> = engine.legal_moves_from(pos, s).iter().map(|m| notation::move_text(engine, pos, *m)).collect();
                if ms.is_empty() {
                    format!("the {} on {} has no legal move", rules.piece(p.kind).name, &text[..end])
                } else {
                    format!("the {} on {} can play {}", rules.piece(p.kind).name, &text[..end], ms.join(" "))
                }
            }
            _ => "`moves` lists the legal moves; moves are written like e2e4, e7e8q (promotion) or P@e4 (drop)".to_string(),
        };
        err.with_help(help)
    }

    pub(super) fn play(&mut self, args: &Args) -> Result<String> {
        let args = record_moves(&args.words);
        let args = args.as_slice();
        let l = self.loaded()?;
        if args.is_empty() {
            return Err(ReplError::new("`play` needs a move")
                .with_help("for example `play e2e4`; `moves` lists the legal moves"));
        }
        let mut game = l.game.clone();
        let engine = l.engine.clone();
        let rules = engine.rules();
        let mut played = Vec::new();
        for (i, text) in args.iter().enumerate() {
            let status = game.status();
            if !matches!(status, Status::Ongoing { .. }) {
                let side = game.position().side_to_move();
                return Err(ReplError::new(format!(
                    "cannot play `{text}`: the game is over ({}){}",
                    status.describe(&rules.players, side),
                    if i > 0 { "; nothing was played" } else { "" }
                ))
                .with_help("`undo` takes moves back; `reset` or `fen` set up a new position"));
            }
            let pos = game.position().clone();
            match notation::parse_move(&engine, &pos, text) {
                Ok(mv) => {
                    played.push(numbered(
                        &pos,
                        &notation::move_text(&engine, &pos, mv),
                        i == 0,
                    ));
                    game.play(mv);
                }
                Err(e) => {
                    let mut err = self.move_error(&engine, &pos, text, e);
                    if args.len() > 1 {
                        err.message = format!(
                            "move {} of {}: {}; nothing was played",
                            i + 1,
                            args.len(),
                            err.message
                        );
                    }
                    return Err(err);
                }
            }
        }
        let mut out = played.join(" ");
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        l.game = game;
        let l = self.loaded()?;
        match l.game.status() {
            Status::Ongoing { check: false } => {}
            _ => {
                out.push('\n');
                out.push_str(&self.status_line(l));
            }
        }
        Ok(out)
    }

    pub(super) fn undo(&mut self, args: &Args) -> Result<String> {
        self.undo_redo(&args.words, true)
    }

    pub(super) fn redo(&mut self, args: &Args) -> Result<String> {
        self.undo_redo(&args.words, false)
    }

    fn undo_redo(&mut self, args: &[&str], undo: bool) -> Result<String> {
        let n = match args {
            [] => 1,
            [x] => match parse::number(x, "the number of moves")? {
                0 => {
                    return Err(ReplError::new(format!(
                        "`{} 0` would do nothing",
                        if undo { "undo" } else { "redo" }
                    ))
                    .with_help(if undo {
                        "give at least 1: `undo` takes back one move, `undo 3` three"
                    } else {
                        "give at least 1: `redo` replays one move, `redo 3` three"
                    }))
                }
                n => usize::try_from(n).unwrap_or(usize::MAX),
            },
            _ => {
                return Err(ReplError::new("too many arguments").with_help(if undo {
                    "`undo` or `undo 3`"
                } else {
                    "`redo` or `redo 3`"
                }))
            }
        };
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        let mut g = l.game.clone();
        // Moves and edits are steps alike; messages say "move" while no edit is involved.
        let mut edits = Vec::new();
        for done in 0..n {
            let step = if undo { g.undo_step() } else { g.redo_step() };
            match step {
                Some(StepTaken::Move(_)) => {}
                Some(StepTaken::Edit(edit)) => edits.push(edit),
                None => {
                    let what = if undo { "to undo" } else { "to redo" };
                    let word = if edits.is_empty() && !g.has_edits() {
                        "move"
                    } else {
                        "step"
                    };
                    let msg = if done == 0 {
                        if word == "move" {
                            format!("there is no move {what}")
                        } else {
                            format!("there is nothing {what}")
                        }
                    } else {
                        format!(
                            "only {done} {word}{} {what}, not {n}",
                            if done == 1 { "" } else { "s" }
                        )
                    };
                    return Err(ReplError::new(msg).with_help(if undo {
                        "`history` shows the moves and edits so far"
                    } else {
                        "`redo` takes again the steps taken back with `undo`, until a new move or edit"
                    }));
                }
            }
        }
        // Playing against the computer, `undo` takes back the player's move with the reply, as
        // every GUI does: otherwise the computer would be to move and nobody would play.
        let computer = self.computer;
        let before_last = g.positions().len().checked_sub(2);
        if undo
            && computer != ComputerSides::Both
            && computer.plays(g.position().side_to_move())
            && before_last.is_some_and(|i| !computer.plays(g.positions()[i].side_to_move()))
        {
            g.undo_step();
        }
        l.game = g;
        let l = self.loaded()?;
        let status = self.status_line(l);
        Ok(match edits.as_slice() {
            [] => status,
            [one] => format!(
                "{} `{}`; {status}",
                if undo { "took back" } else { "did again" },
                label_shown(one)
            ),
            many => format!(
                "{} {} edits; {status}",
                if undo { "took back" } else { "did again" },
                many.len()
            ),
        })
    }

    pub(super) fn history(&mut self, args: &Args) -> Result<String> {
        let coordinates = match args.words.as_slice() {
            [] => false,
            ["--coordinates" | "--coords" | "-c"] => true,
            _ => {
                return Err(
                    ReplError::new(format!("`history` has no option `{}`", args.rest))
                        .with_help("`history` (SAN) or `history --coordinates`"),
                )
            }
        };
        let l = self.loaded()?;
        let g = &l.game;
        let mut lines: Vec<String> = Vec::new();
        for st in g.earlier() {
            if !st.moves.is_empty() {
                lines.push(move_line(&l.engine, &st.positions, &st.moves, coordinates));
            }
            lines.push(st.edit.clone());
        }
        if !g.moves().is_empty() {
            lines.push(move_line(&l.engine, g.positions(), g.moves(), coordinates));
        }
        if lines.is_empty() {
            return Ok("no moves played yet".into());
        }
        Ok(lines.join("\n"))
    }
}

/// The moves of one stretch of play on one line, numbered as in a game record (`1. e4 e5 2. Nf3`,
/// or `1... e5` when the second player moved first): SAN, or coordinates. `play` reads it back.
fn move_line(engine: &Engine, positions: &[Position], moves: &[Move], coordinates: bool) -> String {
    let mut words = Vec::with_capacity(moves.len() * 3 / 2);
    for (i, (pos, mv)) in positions.iter().zip(moves).enumerate() {
        let text = if coordinates {
            notation::move_text(engine, pos, *mv)
        } else {
            notation::san(engine, pos, *mv)
        };
        words.push(numbered(pos, &text, i == 0));
    }
    words.join(" ")
}

/// An edit's words as `undo` and `redo` quote them: at most 100 characters (a FEN fits), `…`
/// when cut.
fn label_shown(label: &str) -> String {
    match label.char_indices().nth(100) {
        Some((i, _)) => format!("{}…", &label[..i]),
        None => label.to_string(),
    }
}

/// The moves of words written as a game record: move numbers (`12.`, `12...`, also glued to the
/// move as in `12.Nf3`) and results (`1-0`, `0-1`, `1/2-1/2`, `*`) are skipped, so what `history`
/// prints (or a PGN's move text) can be given to `play`.
fn record_moves<'a>(words: &[&'a str]) -> Vec<&'a str> {
    words
        .iter()
        .filter_map(|w| {
            if matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
                return None;
            }
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            let dots = w[digits..].bytes().take_while(|&b| b == b'.').count();
            if digits > 0 && dots > 0 {
                let rest = &w[digits + dots..];
                return (!rest.is_empty()).then_some(rest);
            }
            Some(*w)
        })
        .collect()
}

/// A move with its number, as in a game record: `1. e2e4`, `1... e7e5`, or bare within a line.
fn numbered(pos: &Position, text: &str, first_in_line: bool) -> String {
    match pos.side_to_move() {
        Player::First => format!("{}. {text}", pos.fullmove_number()),
        Player::Second if first_in_line => format!("{}... {text}", pos.fullmove_number()),
        Player::Second => text.to_string(),
    }
}
