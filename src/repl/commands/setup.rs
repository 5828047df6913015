//! Setting up positions: `put`, `remove`, `hand`, `turn`, `clear`.

use super::position::hand_text;
use super::Args;
use crate::engine::{Piece, Position};
use crate::geometry::Player;
use crate::repl::{board, describe, no_variant, parse, ReplError, Result, Session};
use crate::rules::{Confinement, PieceKind, RuleSet, MAX_IN_HAND};

impl Session {
    /// Applies an edit to a copy of the position, then makes it a step of the game (`label` is
    /// the command in words, as `history` shows it): the moves before it stay, and `undo` takes
    /// it back.
    fn edit(
        &mut self,
        label: String,
        f: impl FnOnce(&RuleSet, &mut Position) -> Result<String>,
    ) -> Result<String> {
        let l = self.loaded.as_mut().ok_or_else(no_variant)?;
        let mut pos = l.game.position().clone();
        let msg = f(l.engine.rules(), &mut pos)?;
        // A set-up position has no en-passant capture left over from a game.
        pos.set_ep(None);
        l.game.edit(pos, label);
        Ok(msg)
    }

    pub(super) fn put(&mut self, args: &Args) -> Result<String> {
        let label = format!("put {}", args.words.join(" "));
        let args = args.words.as_slice();
        let usage = "`put PIECE SQUARE`, like `put N e4`, `put n e5` or `put Black Knight e5`";
        let rules = self.rules()?;
        if args.len() < 2 {
            return Err(ReplError::new("`put` needs a piece and a square").with_help(usage));
        }
        let (spec, used) = parse::piece_tokens(rules, &args[..args.len() - 1])?;
        if used != args.len() - 1 {
            return Err(ReplError::new(format!(
                "cannot read `{}` as a piece",
                args[..args.len() - 1].join(" ")
            ))
            .with_help(usage));
        }
        let sq_text = args[args.len() - 1];
        let sq = parse::square(rules, sq_text)?;
        let side = spec.side.unwrap_or_else(|| {
            self.loaded
                .as_ref()
                .map(|l| l.game.position().side_to_move())
                .unwrap_or(Player::First)
        });
        let piece = Piece::new(side, spec.kind);
        if let Confinement::Within(z) = &rules.piece(spec.kind).confinement {
            if !z[side].contains(sq) {
                return Err(ReplError::new(format!(
                    "a {} cannot stand on {sq_text}: it never leaves {}",
                    rules.piece(spec.kind).name,
                    describe::squares_text(rules, z, side)
                ))
                .with_help(format!(
                    "its squares for {}: {}",
                    rules.players[side],
                    describe::square_list(rules.board.dims, &z[side])
                )));
            }
        }
        let letter = board::piece_letter(rules, piece);
        let name = format!("{} {}", rules.players[side], rules.piece(spec.kind).name);
        self.edit(label, |rules, pos| {
            let old = pos.piece_at(sq);
            pos.set_piece(sq, Some(piece));
            Ok(match old {
                Some(o) => format!(
                    "{name} ({letter}) on {sq_text}, replacing {}",
                    board::piece_letter(rules, o)
                ),
                None => format!("{name} ({letter}) on {sq_text}"),
            })
        })
    }

    pub(super) fn remove(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let rules = self.rules()?;
        let [sq_text] = args else {
            return Err(
                ReplError::new("`remove` needs one square").with_help("for example `remove e2`")
            );
        };
        let sq = parse::square(rules, sq_text)?;
        let sq_text = sq_text.to_string();
        self.edit(format!("remove {sq_text}"), |rules, pos| {
            match pos.piece_at(sq) {
                None => Err(ReplError::new(format!("{sq_text} is already empty"))
                    .with_help("`show` draws the board")),
                Some(p) => {
                    pos.set_piece(sq, None);
                    Ok(format!(
                        "removed {} from {sq_text}",
                        board::piece_letter(rules, p)
                    ))
                }
            }
        })
    }

    pub(super) fn hand(&mut self, args: &Args) -> Result<String> {
        let label = format!("hand {}", args.words.join(" "));
        let args = args.words.as_slice();
        let l = self.loaded()?;
        let rules = l.engine.rules();
        let pos = l.game.position();
        if args.is_empty() {
            return Ok(Player::BOTH
                .iter()
                .map(|p| format!("{} hand: {}", rules.players[*p], hand_text(rules, pos, *p)))
                .collect::<Vec<_>>()
                .join("\n"));
        }
        let side = parse::side(rules, args[0])?;
        if args.len() == 1 {
            return Ok(format!(
                "{} hand: {}",
                rules.players[side],
                hand_text(rules, pos, side)
            ));
        }
        if rules.drops.to_hand.is_empty() {
            return Err(ReplError::new(format!(
                "{} has no pieces in hand: captured pieces leave the game",
                rules.name
            ))
            .with_help("only variants with a `drops` section have hands"));
        }
        let mut changes = Vec::new();
        for tok in &args[1..] {
            let (sign, body) = match tok.chars().next() {
                Some('+') => (1i32, &tok[1..]),
                Some('-') => (-1i32, &tok[1..]),
                _ => {
                    return Err(ReplError::new(format!("`{tok}` is not a change to a hand"))
                        .with_help(
                            "write `+P` to add a piece, `-P` to take one away, `+2P` to add two",
                        ))
                }
            };
            let digits = body.chars().take_while(|c| c.is_ascii_digit()).count();
            let count: i32 = if digits == 0 {
                1
            } else {
                match body[..digits].parse::<i32>() {
                    Ok(n) if n <= i32::from(MAX_IN_HAND) => n,
                    _ => {
                        return Err(ReplError::new(format!(
                            "`{tok}`: at most {MAX_IN_HAND} pieces of a kind fit in a hand"
                        ))
                        .with_help(format!("give a count from 1 to {MAX_IN_HAND}, like `+2P`")))
                    }
                }
            };
            let spec = parse::piece(rules, &body[digits..])?;
            let kinds = hand_kinds(rules, &l.engine.start_position());
            if !kinds.contains(&spec.kind) {
                let allowed: Vec<&str> = kinds
                    .iter()
                    .map(|k| rules.piece(*k).name.as_str())
                    .collect();
                return Err(ReplError::new(format!(
                    "a {} never goes to a hand in {}",
                    rules.piece(spec.kind).name,
                    rules.name
                ))
                .with_help(format!("pieces in hand can be: {}", allowed.join(", "))));
            }
            changes.push((sign * count, spec.kind));
        }
        let side_name = rules.players[side].clone();
        self.edit(label, |rules, pos| {
            for (delta, kind) in changes {
                let now = pos.hand(side, kind) as i32 + delta;
                if now < 0 {
                    return Err(ReplError::new(format!(
                        "{side_name} has only {} {} in hand",
                        pos.hand(side, kind),
                        rules.piece(kind).name
                    )));
                }
                if now > i32::from(MAX_IN_HAND) {
                    return Err(ReplError::new(format!(
                        "{side_name} would hold {now} {}: at most {MAX_IN_HAND} pieces of a kind fit in a hand",
                        rules.piece(kind).name
                    ))
                    .with_help(format!("{side_name} holds {} now", pos.hand(side, kind))));
                }
                pos.set_hand(side, kind, now as u8);
            }
            Ok(format!("{side_name} hand: {}", hand_text(rules, pos, side)))
        })
    }

    pub(super) fn turn(&mut self, args: &Args) -> Result<String> {
        let args = args.words.as_slice();
        let rules = self.rules()?;
        let side = match args {
            [] => {
                let l = self.loaded()?;
                return Ok(format!(
                    "{} to move",
                    rules.players[l.game.position().side_to_move()]
                ));
            }
            [s] => parse::side(rules, s)?,
            _ => {
                return Err(ReplError::new("`turn` takes one side")
                    .with_help(format!("a side is {}", parse::side_names(rules))))
            }
        };
        self.edit(format!("turn {}", args.join(" ")), |rules, pos| {
            pos.set_side_to_move(side);
            Ok(format!("{} to move", rules.players[side]))
        })
    }

    pub(super) fn clear(&mut self, _args: &Args) -> Result<String> {
        self.edit("clear".into(), |_, pos| {
            pos.clear();
            Ok("the board and the hands are empty; `put` sets up pieces".into())
        })
    }
}

/// The kinds a hand can hold: those a capture puts there (after `captured_as`), and those in a
/// hand at the start.
pub(crate) fn hand_kinds(rules: &RuleSet, start: &Position) -> Vec<PieceKind> {
    (0..rules.pieces.len())
        .map(PieceKind::from_index)
        .filter(|k| {
            (rules.drops.to_hand.contains(k) && rules.pieces.iter().any(|p| p.captured_as == *k))
                || Player::BOTH.iter().any(|p| start.hand(*p, *k) > 0)
        })
        .collect()
}
