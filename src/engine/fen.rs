//! FEN in and out (Fairy-Stockfish's dialect): a [`Position`] from text and back.
//!
//! Lives beside [`Position`] because the engine needs it for the start position; the front ends
//! reach it through [`crate::notation`].

use super::position::{Piece, Position, CASTLE_BITS};
use crate::geometry::{file_letter, Player, Square};
use crate::rules::RuleSet;
use crate::rules::MAX_IN_HAND;

/// A FEN that could not be read: what is wrong and where (byte offset and length in the FEN text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the fault in the FEN text.
    pub offset: usize,
    /// Length of the faulty part (at least 1 where there is text to point at).
    pub len: usize,
    /// What would be right.
    pub help: Option<String>,
}

fn err(message: impl Into<String>, offset: usize, len: usize, help: impl Into<String>) -> FenError {
    let help = help.into();
    FenError {
        message: message.into(),
        offset,
        len: len.max(1),
        help: if help.is_empty() { None } else { Some(help) },
    }
}

/// Reads a FEN against a rule set. Fields after the side to move may be left out.
pub fn parse_fen(rules: &RuleSet, fen: &str) -> Result<Position, FenError> {
    let dims = rules.board.dims;
    let mut pos = Position::empty();
    let text = fen.trim_end();
    let lead = text.len() - text.trim_start().len();
    let text = text.trim_start();
    if text.is_empty() {
        return Err(err(
            "the FEN is empty",
            0,
            0,
            "a FEN starts with the ranks, top first, e.g. `8/8/8/8/8/8/8/8 w - - 0 1`",
        ));
    }
    let board_end = text
        .find(|c: char| c.is_whitespace() || c == '[')
        .unwrap_or(text.len());
    let board = &text[..board_end];
    let letters: Vec<String> = rules.pieces.iter().map(|p| p.letter.clone()).collect();
    let letter_help = format!("this variant's pieces are {}", letters.join(" "));

    // Ranks, top first.
    let mut offset = lead;
    let rank_texts: Vec<&str> = board.split('/').collect();
    if rank_texts.len() != dims.ranks as usize {
        return Err(err(
            format!(
                "the board has {} ranks but the FEN gives {}",
                dims.ranks,
                rank_texts.len()
            ),
            lead,
            board.len(),
            format!(
                "write {} ranks separated by `/`, the top rank first",
                dims.ranks
            ),
        ));
    }
    for (row, rt) in rank_texts.iter().enumerate() {
        let rank = dims.ranks as i32 - 1 - row as i32;
        let mut file = 0i32;
        let bytes = rt.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            let at = offset + i;
            if c.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let Ok(n) = rt[start..i].parse::<i32>() else {
                    return Err(err(
                        &format!(
                            "the empty-square count `{}` is too large: a rank here has {} squares",
                            &rt[start..i],
                            dims.files
                        ),
                        offset + start,
                        i - start,
                        "count the empty squares of one rank, at most the board's width",
                    ));
                };
                if n == 0 {
                    return Err(err(
                        "an empty-square count must be at least 1",
                        offset + start,
                        i - start,
                        "",
                    ));
                }
                file += n;
                continue;
            }
            if c == '*' {
                file += 1;
                i += 1;
                continue;
            }
            let (letter, len) = if c == '+' {
                match bytes.get(i + 1) {
                    Some(&b) if (b as char).is_ascii_alphabetic() => (format!("+{}", b as char), 2),
                    _ => {
                        return Err(err(
                            "`+` must be followed by a piece letter",
                            at,
                            1,
                            letter_help.clone(),
                        ))
                    }
                }
            } else if c.is_ascii_alphabetic() {
                (c.to_string(), 1)
            } else {
                return Err(err(
                    format!("unexpected `{}` in the board", c),
                    at,
                    c.len_utf8(),
                    "ranks hold piece letters and digits",
                ));
            };
            // Fairy-Stockfish marks a promoted piece with a trailing `~` (`Q~`); it is the kind
            // lettered `+Q` where the variant has one, else the plain kind (the mark is dropped).
            let (letter, len) = match bytes.get(i + len) {
                Some(b'~')
                    if len == 1
                        && rules
                            .kind_by_letter(&format!("+{}", letter.to_ascii_uppercase()))
                            .is_some() =>
                {
                    (format!("+{}", letter), len + 1)
                }
                _ => (letter, len),
            };
            let upper = letter.to_ascii_uppercase();
            let player = if letter == upper {
                Player::First
            } else {
                Player::Second
            };
            let Some(kind) = rules.kind_by_letter(&upper) else {
                return Err(err(
                    format!("no piece has the letter `{}`", letter),
                    at,
                    len,
                    letter_help.clone(),
                ));
            };
            let Some(sq) = dims.square(file, rank) else {
                return Err(err(
                    format!(
                        "rank {} is wider than the board's {} files",
                        rank + 1,
                        dims.files
                    ),
                    offset,
                    rt.len(),
                    format!("each rank has exactly {} squares", dims.files),
                ));
            };
            if !rules.board.squares.contains(sq) {
                return Err(err(
                    format!("{} is a hole, not a square", dims.name(sq)),
                    at,
                    len,
                    "write holes as empty squares",
                ));
            }
            pos.set_piece(sq, Some(Piece::new(player, kind)));
            i += len;
            if bytes.get(i) == Some(&b'!') {
                pos.set_pending(sq, true);
                i += 1;
            } else if bytes.get(i) == Some(&b'~') {
                i += 1;
            }
            file += 1;
        }
        if file != dims.files as i32 {
            return Err(err(
                format!(
                    "rank {} has {} squares but the board has {} files",
                    rank + 1,
                    file,
                    dims.files
                ),
                offset,
                rt.len(),
                format!("each rank has exactly {} squares", dims.files),
            ));
        }
        offset += rt.len() + 1;
    }

    // Hands.
    let mut rest = &text[board_end..];
    let mut at = lead + board_end;
    if rest.starts_with('[') {
        let Some(close) = rest.find(']') else {
            return Err(err(
                "the hands `[` are not closed",
                at,
                1,
                "write hands as `[PPb]`, or `[]` when empty",
            ));
        };
        let hand = &rest[1..close];
        for (j, c) in hand.char_indices() {
            if c == '-' {
                continue;
            }
            let upper = c.to_ascii_uppercase().to_string();
            let player = if c.is_ascii_uppercase() {
                Player::First
            } else {
                Player::Second
            };
            match rules.kind_by_letter(&upper) {
                Some(k) if c.is_ascii_alphabetic() => {
                    let n = pos.hand(player, k);
                    if n >= MAX_IN_HAND {
                        return Err(err(
                            format!("more than {MAX_IN_HAND} pieces of one kind in hand"),
                            at + 1 + j,
                            1,
                            "",
                        ));
                    }
                    pos.set_hand(player, k, n + 1);
                }
                _ => {
                    return Err(err(
                        format!("no piece has the letter `{}`", c),
                        at + 1 + j,
                        c.len_utf8(),
                        letter_help.clone(),
                    ))
                }
            }
        }
        at += close + 1;
        rest = &rest[close + 1..];
    }

    // Side and the optional fields.
    // Fields are separated by any whitespace, as the checker reads them.
    let mut fields = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in rest.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((at + s, &rest[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((at + s, &rest[s..]));
    }
    let Some(&(side_at, side)) = fields.first() else {
        return Err(err(
            "the side to move is missing",
            lead + text.len(),
            0,
            "add ` w` or ` b` after the board",
        ));
    };
    match side {
        "w" => pos.set_side_to_move(Player::First),
        "b" => pos.set_side_to_move(Player::Second),
        _ => {
            return Err(err(
                format!("`{}` is not a side to move", side),
                side_at,
                side.len(),
                "write `w` (first player) or `b` (second player)",
            ))
        }
    }
    let mut castling_seen = false;
    let mut ep_seen = false;
    let mut numbers = Vec::new();
    for &(fat, f) in &fields[1..] {
        // `3+3`: the checks each player still has to give (`check-limit`), as Fairy-Stockfish writes it.
        if let Some((a, b)) = check_field(f) {
            if let Some(limit) = rules.end.check_limit {
                pos.set_checks_given(Player::First, limit.saturating_sub(a));
                pos.set_checks_given(Player::Second, limit.saturating_sub(b));
            }
            continue;
        }
        if f.bytes().all(|b| b.is_ascii_digit()) {
            match f.parse::<u16>() {
                Ok(n) => numbers.push(n),
                Err(_) => return Err(err("this number is too large", fat, f.len(), "")),
            }
            continue;
        }
        if !numbers.is_empty() {
            return Err(err(
                format!("unexpected `{}` after the move counters", f),
                fat,
                f.len(),
                "",
            ));
        }
        if !castling_seen && (f == "-" || f.chars().all(|c| "KQkq".contains(c))) {
            castling_seen = true;
            let mut bits = 0;
            for c in f.chars() {
                bits |= match c {
                    'K' => CASTLE_BITS[0][0],
                    'Q' => CASTLE_BITS[0][1],
                    'k' => CASTLE_BITS[1][0],
                    'q' => CASTLE_BITS[1][1],
                    _ => 0,
                };
            }
            pos.set_castling_rights(bits);
            continue;
        }
        if !ep_seen {
            ep_seen = true;
            castling_seen = true;
            if f == "-" {
                continue;
            }
            let Some(t) = dims.parse_square(f) else {
                return Err(err(
                    format!("`{}` is not a square of this board", f),
                    fat,
                    f.len(),
                    "the en-passant field is a square like `e3`, or `-`",
                ));
            };
            // The piece that just moved stands one step beyond the target, seen from its owner.
            let mover = pos.side_to_move().other();
            let dr = if mover == Player::First { 1 } else { -1 };
            if let Some(v) = dims.square(dims.file(t) as i32, dims.rank(t) as i32 + dr) {
                if pos.piece_at(v).map(|p| p.player) == Some(mover) {
                    pos.set_ep(Some((t, v)));
                }
            }
            continue;
        }
        return Err(err(
            format!("unexpected `{}`", f),
            fat,
            f.len(),
            "after the side come castling, en passant, half-move clock and move number",
        ));
    }
    let half = numbers.first().copied().unwrap_or(0);
    let full = numbers.get(1).copied().unwrap_or(1);
    if numbers.len() > 2 {
        return Err(err(
            "too many numbers at the end",
            lead + text.len(),
            0,
            "end with the half-move clock and the move number",
        ));
    }
    pos.set_clocks(half, full);
    Ok(pos)
}

/// Writes a position as FEN.
pub fn to_fen(rules: &RuleSet, pos: &Position) -> String {
    let dims = rules.board.dims;
    let mut out = String::new();
    for rank in (0..dims.ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..dims.files as i32 {
            let Some(sq) = dims.square(file, rank) else {
                continue;
            };
            match pos.piece_at(sq) {
                None => {
                    if !rules.board.squares.contains(sq) {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    } else {
                        empty += 1;
                    }
                }
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&letter(rules, p));
                    if pos.pending.contains(sq) {
                        out.push('!');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    // Hands are written when the variant has them, and whenever a hand holds a piece (a FEN may
    // put pieces in hand in any variant): what was read is written back.
    let holding = Player::BOTH
        .iter()
        .any(|&p| !pos.hand_contents(p).is_empty());
    if !rules.drops.to_hand.is_empty() || holding {
        out.push('[');
        for player in Player::BOTH {
            for (k, n) in pos.hand_contents(player) {
                let l = letter(rules, Piece::new(player, k));
                for _ in 0..n {
                    out.push_str(&l);
                }
            }
        }
        out.push(']');
    }
    out.push_str(if pos.side_to_move() == Player::First {
        " w "
    } else {
        " b "
    });
    let c = pos.castling_rights();
    if c == 0 {
        out.push('-');
    } else {
        for (bit, ch) in [
            (CASTLE_BITS[0][0], 'K'),
            (CASTLE_BITS[0][1], 'Q'),
            (CASTLE_BITS[1][0], 'k'),
            (CASTLE_BITS[1][1], 'q'),
        ] {
            if c & bit != 0 {
                out.push(ch);
            }
        }
    }
    out.push(' ');
    match pos.ep_square() {
        Some(s) => out.push_str(&square_name(rules, s)),
        None => out.push('-'),
    }
    if let Some(limit) = rules.end.check_limit {
        out.push_str(&format!(
            " {}+{}",
            limit.saturating_sub(pos.checks_given(Player::First)),
            limit.saturating_sub(pos.checks_given(Player::Second))
        ));
    }
    out.push_str(&format!(
        " {} {}",
        pos.halfmove_clock(),
        pos.fullmove_number()
    ));
    out
}

/// A piece's FEN letter: upper case for the first player, lower case for the second.
pub fn letter(rules: &RuleSet, p: Piece) -> String {
    let l = &rules.piece(p.kind).letter;
    match p.player {
        Player::First => l.clone(),
        Player::Second => l.to_ascii_lowercase(),
    }
}

fn square_name(rules: &RuleSet, s: Square) -> String {
    let d = rules.board.dims;
    format!("{}{}", file_letter(d.file(s)), d.rank(s) + 1)
}

/// A `checks remaining` field, `N+M` (first player's, then second player's).
pub(crate) fn check_field(f: &str) -> Option<(u8, u8)> {
    let (a, b) = f.split_once('+')?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|c| c.is_ascii_digit());
    if digits(a) && digits(b) {
        Some((a.parse().ok()?, b.parse().ok()?))
    } else {
        None
    }
}
