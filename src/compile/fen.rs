//! Validation of the `start` FEN against the board and the declared piece letters.
//!
//! The engine builds the position; here we only make sure it will be able to, and point inside the
//! FEN string when it will not (the offending rank, letter or field).

use super::Ctx;
use crate::geometry::{Dimensions, Player, Square, SquareSet};
use crate::syntax::{Span, Spanned};

/// What the compiler needs to know from a valid-looking FEN.
#[derive(Default)]
pub(crate) struct FenFacts {
    /// Kinds (indices into the piece list) that stand in a hand at the start.
    pub in_hand: Vec<usize>,
    /// Every piece letter of the placement and of the hands, where the FEN writes it (for warnings).
    pub placed: Vec<Placed>,
}

/// One piece of the start FEN: its kind, its owner, its square (`None` in a hand) and its letter's span.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    pub kind: usize,
    pub player: Player,
    pub square: Option<Square>,
    pub span: Span,
}

/// Checks the FEN; reports every problem found. `letters` are the pieces' letters as the first
/// player writes them, indexed by kind.
pub(crate) fn validate(
    ctx: &mut Ctx,
    fen: &Spanned<String>,
    dims: Dimensions,
    holes: SquareSet,
    letters: &[String],
) -> FenFacts {
    let mut facts = FenFacts::default();
    // Each unknown letter is reported once, where it first appears.
    let mut unknown: Vec<String> = Vec::new();
    let base = fen.span;
    let at = |s: usize, e: usize| -> Span { Span::new(base.file, base.start + s, base.start + e) };
    let text = fen.node.as_str();
    let fields = split_fields(text);
    let Some(&(b0, board_field)) = fields.first() else {
        let e = ctx
            .error("chimera::fen::empty", base, "the start FEN is empty")
            .with_label("no position here")
            .with_help("write the ranks from the top separated by `/` (digits for empty squares), then `w` or `b`");
        ctx.report(e);
        return facts;
    };

    // Placement and hands.
    let (placement, hands) = match board_field.find('[') {
        Some(i) => (&board_field[..i], Some((b0 + i, &board_field[i..]))),
        None => (board_field, None),
    };
    let ranks = split_ranks(placement, b0);
    let counts_match = ranks.len() == dims.ranks as usize;
    if !counts_match {
        let (s, e) = if ranks.len() > dims.ranks as usize {
            (ranks[dims.ranks as usize].0, b0 + placement.len())
        } else {
            (b0, b0 + placement.len())
        };
        let err = ctx
            .error(
                "chimera::fen::ranks",
                at(s, e),
                format!(
                    "the start FEN has {} ranks; the board has {}",
                    ranks.len(),
                    dims.ranks
                ),
            )
            .with_label(if ranks.len() > dims.ranks as usize {
                "extra ranks"
            } else {
                "too few ranks"
            })
            .with_help("write one rank per board rank, from the top, separated by `/`");
        ctx.report(err);
    }
    for (i, &(rs, rank_text)) in ranks.iter().enumerate() {
        // Rank index from 0 at the bottom, when it is on the board.
        let rank_index = if counts_match {
            Some(dims.ranks as usize - 1 - i)
        } else {
            None
        };
        let mut width: u64 = 0;
        let bytes = rank_text.as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            let c = bytes[j];
            let file = width;
            let here = |w: u64| {
                rank_index.and_then(|r| dims.square(w.min(i32::MAX as u64) as i32, r as i32))
            };
            if c.is_ascii_digit() {
                let start = j;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let n: u64 = rank_text[start..j].parse().unwrap_or(u64::MAX);
                if n == 0 {
                    let e = ctx
                        .error(
                            "chimera::fen::field",
                            at(rs + start, rs + j),
                            "a run of 0 empty squares",
                        )
                        .with_label("zero")
                        .with_help("digits count empty squares from 1; leave the run out");
                    ctx.report(e);
                }
                width = width.saturating_add(n);
                continue;
            }
            if c == b'*' {
                if let Some(sq) = here(file) {
                    if !holes.contains(sq) {
                        let e = ctx
                            .error(
                                "chimera::fen::hole",
                                at(rs + j, rs + j + 1),
                                format!(
                                    "`*` marks a hole, but {} is a square of the board",
                                    dims.name(sq)
                                ),
                            )
                            .with_label("not a hole")
                            .with_help("write empty squares as digits");
                        ctx.report(e);
                    }
                }
                width = width.saturating_add(1);
                j += 1;
                continue;
            }
            let start = j;
            if c == b'+' {
                j += 1;
            }
            match rank_text[j..].chars().next() {
                Some(ch) if ch.is_ascii_alphabetic() => {
                    j += 1;
                    let token = &rank_text[start..j];
                    let upper = token.to_ascii_uppercase();
                    let known = letters.iter().position(|l| *l == upper);
                    if known.is_none() && !unknown.contains(&upper) {
                        report_letter(ctx, at(rs + start, rs + j), token, letters);
                        unknown.push(upper);
                    }
                    if let (Some(sq), Some(kind)) = (here(file), known) {
                        facts.placed.push(Placed {
                            kind,
                            player: owner(token),
                            square: Some(sq),
                            span: at(rs + start, rs + j),
                        });
                    }
                    if let Some(sq) = here(file) {
                        if holes.contains(sq) {
                            let e = ctx
                                .error(
                                    "chimera::fen::hole",
                                    at(rs + start, rs + j),
                                    format!("a piece stands on the hole {}", dims.name(sq)),
                                )
                                .with_label("this square does not exist")
                                .with_help("write holes as empty squares or `*`");
                            ctx.report(e);
                        }
                    }
                    // A mark after the letter, read as the engine reads it: `!` promotes the piece
                    // after its next move, `~` (a promoted piece, in Fairy-Stockfish) says nothing more.
                    if matches!(bytes.get(j), Some(b'!' | b'~')) {
                        j += 1;
                    }
                    width = width.saturating_add(1);
                }
                Some(ch) => {
                    let len = ch.len_utf8();
                    let e = ctx
                        .error("chimera::fen::field", at(rs + j, rs + j + len), format!("unexpected `{ch}` in the FEN"))
                        .with_label("not a piece letter, digit or `*`")
                        .with_help("a rank is made of piece letters (`+X` for promoted pieces), digits for empty squares and `*` for holes");
                    ctx.report(e);
                    j += len;
                    width = width.saturating_add(1);
                }
                None => {
                    let e = ctx
                        .error(
                            "chimera::fen::field",
                            at(rs + start, rs + j),
                            "`+` must be followed by a piece letter",
                        )
                        .with_label("promoted what?")
                        .with_help("a promoted piece is written `+` and its letter, like `+P`");
                    ctx.report(e);
                }
            }
        }
        if width != dims.files as u64 {
            let rank_no = if counts_match {
                format!("rank {}", dims.ranks as usize - i)
            } else {
                format!("the {} rank from the top", ordinal(i + 1))
            };
            // A run of digits too long to be a number has more squares than any board.
            let squares = if width > 9999 {
                "more than 9999".to_string()
            } else {
                width.to_string()
            };
            let e = ctx
                .error(
                    "chimera::fen::width",
                    at(rs, rs + rank_text.len()),
                    format!(
                        "{rank_no} of the start FEN has {squares} squares; the board has {} files",
                        dims.files
                    ),
                )
                .with_label(format!("{squares} squares"))
                .with_help(
                    "count digits as that many empty squares; each piece letter is one square",
                );
            ctx.report(e);
        }
    }

    if let Some((hs, hand)) = hands {
        let inner_end = if hand.ends_with(']') && hand.len() >= 2 {
            hand.len() - 1
        } else {
            let e = ctx
                .error(
                    "chimera::fen::hand",
                    at(hs, hs + hand.len()),
                    "the hands in the FEN are not closed by `]`",
                )
                .with_label("opened here")
                .with_help("write hands as `[...]` right after the last rank, like `[Pp]`");
            ctx.report(e);
            hand.len()
        };
        let inner = &hand[1.min(hand.len())..inner_end];
        let bytes = inner.as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            let start = j;
            let c = bytes[j];
            if c == b'-' {
                j += 1;
                continue;
            }
            if c == b'+' {
                j += 1;
            }
            match inner[j..].chars().next() {
                Some(ch) if ch.is_ascii_alphabetic() => {
                    j += 1;
                    let token = &inner[start..j];
                    let upper = token.to_ascii_uppercase();
                    match letters.iter().position(|l| *l == upper) {
                        Some(k) => {
                            facts.placed.push(Placed {
                                kind: k,
                                player: owner(token),
                                square: None,
                                span: at(hs + 1 + start, hs + 1 + j),
                            });
                            if !facts.in_hand.contains(&k) {
                                facts.in_hand.push(k)
                            }
                        }
                        None if unknown.contains(&upper) => {}
                        None => {
                            report_letter(ctx, at(hs + 1 + start, hs + 1 + j), token, letters);
                            unknown.push(upper);
                        }
                    }
                }
                Some(ch) => {
                    let len = ch.len_utf8();
                    let e = ctx
                        .error(
                            "chimera::fen::hand",
                            at(hs + 1 + j, hs + 1 + j + len),
                            format!("unexpected `{ch}` in a hand"),
                        )
                        .with_label("not a piece letter")
                        .with_help("a hand lists piece letters, one per piece, like `[PPn]`");
                    ctx.report(e);
                    j += len;
                }
                None => {
                    let e = ctx
                        .error(
                            "chimera::fen::hand",
                            at(hs + 1 + start, hs + 1 + j),
                            "`+` must be followed by a piece letter",
                        )
                        .with_label("promoted what?")
                        .with_help("a promoted piece is written `+` and its letter, like `+P`");
                    ctx.report(e);
                }
            }
        }
    }

    // Side to move.
    match fields.get(1) {
        None => {
            let end = text.trim_end().len();
            let e = ctx
                .error(
                    "chimera::fen::side",
                    at(end, end),
                    "the start FEN does not say who moves first",
                )
                .with_label("side to move expected here")
                .with_help("add ` w` (first player) or ` b` (second player) after the board");
            ctx.report(e);
        }
        Some(&(s, f)) if f != "w" && f != "b" => {
            let e = ctx
                .error(
                    "chimera::fen::side",
                    at(s, s + f.len()),
                    format!("`{f}` is not a side to move"),
                )
                .with_label("expected `w` or `b`")
                .with_help("`w` is the first player, `b` the second");
            ctx.report(e);
        }
        _ => {}
    }
    // After the side, as the engine reads them: a field of digits is a counter (half-move clock,
    // then move number); otherwise the first field made of `KQkq` or `-` is the castling rights
    // (it may be left out), and the next one the en-passant square or `-`.
    let mut castling_seen = false;
    let mut ep_seen = false;
    let mut numbers = 0;
    for &(s, f) in fields.iter().skip(2) {
        let counter = |numbers: usize| {
            if numbers == 0 {
                "half-move clock"
            } else {
                "move number"
            }
        };
        if numbers >= 2 {
            let e = ctx
                .error("chimera::fen::field", at(s, text.len()), format!("unexpected `{f}` after the move number"))
                .with_label("extra field")
                .with_help("after the board come at most: side, castling, en passant, half-move clock, move number");
            ctx.report(e);
            break;
        }
        // `3+3`: the checks still to give (`check-limit`), read by the engine.
        if numbers == 0 && is_check_field(f) {
            continue;
        }
        if f.bytes().all(|b| b.is_ascii_digit()) {
            if f.parse::<u16>().is_err() {
                let what = counter(numbers);
                let e = ctx
                    .error(
                        "chimera::fen::field",
                        at(s, s + f.len()),
                        format!("the {what} `{f}` is too large"),
                    )
                    .with_label("too large")
                    .with_help(format!("the {what} is at most {}", u16::MAX));
                ctx.report(e);
            }
            numbers += 1;
            continue;
        }
        if numbers > 0 || (castling_seen && ep_seen) {
            let e = ctx
                .error(
                    "chimera::fen::field",
                    at(s, s + f.len()),
                    format!("`{f}` is not a {}", counter(numbers)),
                )
                .with_label("expected a number")
                .with_help(
                    "the last two fields are the half-move clock and the move number, like `0 1`",
                );
            ctx.report(e);
            numbers += 1;
            continue;
        }
        if !castling_seen && (f == "-" || f.chars().all(|c| "KQkq".contains(c))) {
            castling_seen = true;
            continue;
        }
        let was_castling = !castling_seen;
        castling_seen = true;
        ep_seen = true;
        if f == "-" || dims.parse_square(f).is_some() {
            continue;
        }
        if was_castling && f.chars().all(|c| c.is_ascii_alphabetic()) {
            // Letters where the castling rights stand: report the first that is not one.
            if let Some((k, ch)) = f.char_indices().find(|(_, c)| !"KQkq".contains(*c)) {
                let e = ctx
                    .error(
                        "chimera::fen::castling",
                        at(s + k, s + k + ch.len_utf8()),
                        format!("`{ch}` is not a castling right"),
                    )
                    .with_label("expected `K`, `Q`, `k` or `q`")
                    .with_help("write the rights as `KQkq` (or some of them), or `-` when nobody may castle");
                ctx.report(e);
                // Meant as the castling rights: the next field is still the en-passant one.
                ep_seen = false;
                continue;
            }
        }
        let e = ctx
            .error(
                "chimera::fen::en_passant",
                at(s, s + f.len()),
                format!("`{f}` is not an en-passant square of the board"),
            )
            .with_label("expected a square or `-`")
            .with_help("the en-passant field is the square a pawn skipped, like `e3`, or `-`");
        ctx.report(e);
    }
    facts
}

/// Whose piece a FEN letter is: upper case for the first player.
fn owner(token: &str) -> Player {
    if token.bytes().any(|b| b.is_ascii_lowercase()) {
        Player::Second
    } else {
        Player::First
    }
}

fn report_letter(ctx: &mut Ctx, span: Span, token: &str, letters: &[String]) {
    let upper = token.to_ascii_uppercase();
    let list = letters.join(" ");
    let e = ctx
        .error(
            "chimera::fen::letter",
            span,
            format!("no piece has the letter `{upper}`"),
        )
        .with_label("unknown piece letter")
        .with_help(if letters.is_empty() {
            "declare pieces with `piece NAME LETTER { ... }`".to_string()
        } else {
            format!("declared letters: {list} (lower case for the second player)")
        });
    ctx.report(e);
}

/// "1st", "2nd", "3rd", "4th", ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Whitespace-separated fields with their byte offsets.
fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// The ranks of the placement field, with their offsets in the FEN.
fn split_ranks(placement: &str, offset: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut s = 0;
    for (i, c) in placement.char_indices() {
        if c == '/' {
            out.push((offset + s, &placement[s..i]));
            s = i + 1;
        }
    }
    out.push((offset + s, &placement[s..]));
    out
}

/// `N+M`: the checks each player still has to give (`check-limit`), as Fairy-Stockfish writes them.
fn is_check_field(f: &str) -> bool {
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|c| c.is_ascii_digit());
    f.split_once('+')
        .is_some_and(|(a, b)| digits(a) && digits(b))
}
