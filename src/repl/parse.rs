//! Reading command arguments: sides, squares, pieces and counts, with errors that say what is right.

use super::ReplError;
use crate::geometry::{file_letter, split_square_name, Player, Square};
use crate::rules::{PieceKind, RuleSet};

/// A piece named in a command: its kind, and its side when the text says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PieceSpec {
    /// The side, when given by a letter's case or a side name.
    pub side: Option<Player>,
    /// The kind.
    pub kind: PieceKind,
}

/// The names a side may be given by, for messages.
pub(super) fn side_names(rules: &RuleSet) -> String {
    format!(
        "{}, {} (or white/black, w/b, first/second)",
        rules.players[Player::First],
        rules.players[Player::Second]
    )
}

/// Reads a side: a player's name from the definition, or white/black, w/b, first/second.
pub(super) fn side(rules: &RuleSet, text: &str) -> Result<Player, ReplError> {
    side_opt(rules, text).ok_or_else(|| {
        ReplError::new(format!("`{text}` is not a side"))
            .with_help(format!("a side is {}", side_names(rules)))
    })
}

/// Reads a side, or `None`.
pub(super) fn side_opt(rules: &RuleSet, text: &str) -> Option<Player> {
    let t = text.to_ascii_lowercase();
    if t == rules.players[Player::First].to_ascii_lowercase() {
        return Some(Player::First);
    }
    if t == rules.players[Player::Second].to_ascii_lowercase() {
        return Some(Player::Second);
    }
    match t.as_str() {
        "white" | "w" | "first" | "1" => Some(Player::First),
        "black" | "b" | "second" | "2" => Some(Player::Second),
        _ => None,
    }
}

/// How the squares of this board are named, for messages.
pub(super) fn square_help(rules: &RuleSet) -> String {
    let d = rules.board.dims;
    format!(
        "squares are a file a-{} and a rank 1-{}, like {}",
        file_letter(d.files - 1),
        d.ranks,
        d.name(Square::from_index(0))
    )
}

/// Whether the text looks like a square name (a letter and a number), on this board or not.
pub(super) fn looks_like_square(text: &str) -> bool {
    split_square_name(text).is_some()
}

/// Reads a square that exists on this board: not malformed, not off the board, not a hole.
pub(super) fn square(rules: &RuleSet, text: &str) -> Result<Square, ReplError> {
    let d = rules.board.dims;
    let Some((f, r)) = split_square_name(text) else {
        return Err(
            ReplError::new(format!("`{text}` is not a square")).with_help(square_help(rules))
        );
    };
    let Some(sq) = d.square(f as i32, r as i32) else {
        let why = if f >= d.files {
            format!("the board has files a-{} only", file_letter(d.files - 1))
        } else {
            format!("the board has ranks 1-{} only", d.ranks)
        };
        return Err(ReplError::new(format!("there is no square {text}: {why}"))
            .with_help(square_help(rules)));
    };
    if !rules.board.squares.contains(sq) {
        return Err(ReplError::new(format!(
            "there is no square {text}: it is a hole in this board"
        ))
        .with_help(
            "holes are squares the definition removes (`holes ...`); choose another square"
                .to_string(),
        ));
    }
    Ok(sq)
}

/// Reads a count or depth.
pub(super) fn number(text: &str, what: &str) -> Result<u64, ReplError> {
    text.parse::<u64>().map_err(|e| {
        let too_big = matches!(e.kind(), std::num::IntErrorKind::PosOverflow);
        ReplError::new(if too_big {
            format!("`{text}` is too large")
        } else {
            format!("`{text}` is not a number")
        })
        .with_help(format!("{what} is a whole number like 3"))
    })
}

/// The pieces of the variant, for messages: `N Knight, B Bishop, ...`.
pub(super) fn piece_list(rules: &RuleSet) -> String {
    rules
        .pieces
        .iter()
        .map(|p| format!("{} {}", p.letter, p.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a kind by letter (any case) or name; the letter's case gives the side.
pub(super) fn piece(rules: &RuleSet, text: &str) -> Result<PieceSpec, ReplError> {
    let letter_like = {
        let body = text.strip_prefix('+').unwrap_or(text);
        body.len() == 1 && body.chars().all(|c| c.is_ascii_alphabetic())
    };
    if letter_like {
        if let Some(kind) = rules.kind_by_letter(&text.to_ascii_uppercase()) {
            let side = if text.chars().any(|c| c.is_ascii_lowercase()) {
                Player::Second
            } else {
                Player::First
            };
            return Ok(PieceSpec {
                side: Some(side),
                kind,
            });
        }
    }
    if let Some(kind) = rules.kind_by_name(text) {
        return Ok(PieceSpec { side: None, kind });
    }
    let mut err = ReplError::new(format!("there is no piece `{text}` in {}", rules.name));
    if let Some(best) = closest_piece(rules, text) {
        err = err.with_help(format!(
            "did you mean {best}? The pieces are {}",
            piece_list(rules)
        ));
    } else {
        err = err.with_help(format!("the pieces are {}", piece_list(rules)));
    }
    Err(err)
}

/// Reads a piece given by one token (a letter or a name) or two (a side and a name or letter);
/// returns the spec and how many tokens it used.
pub(super) fn piece_tokens(
    rules: &RuleSet,
    tokens: &[&str],
) -> Result<(PieceSpec, usize), ReplError> {
    if tokens.len() >= 2 {
        if let Some(side) = side_opt(rules, tokens[0]) {
            if let Ok(spec) = piece(rules, tokens[1]) {
                return Ok((
                    PieceSpec {
                        side: Some(side),
                        kind: spec.kind,
                    },
                    2,
                ));
            }
        }
    }
    match tokens.first() {
        Some(t) => piece(rules, t).map(|s| (s, 1)),
        None => Err(ReplError::new("a piece is missing")
            .with_help(format!("the pieces are {}", piece_list(rules)))),
    }
}

fn closest_piece(rules: &RuleSet, text: &str) -> Option<String> {
    crate::suggest::closest(text, rules.pieces.iter().map(|p| p.name.as_str())).map(str::to_string)
}
