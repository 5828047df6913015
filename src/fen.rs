//! The one FEN reader: text → [`Setup`] (not yet a position) and every [`FenError`], with spans.
//!
//! Fairy-Stockfish's dialect: the ranks from the top separated by `/`, digits for runs of empty
//! squares, `*` for holes, `+X` for a promoted piece, `!` after a letter for a promotion that is
//! still pending, `~` after a letter (Fairy-Stockfish's promoted mark: the kind `+X` where the
//! variant has one), the hands as `[...]` right after the last rank, then the side to move and,
//! optionally, castling, en passant, half-move clock and move number.
//!
//! Both readers of FEN text stand on this one: the checker ([`crate::compile`]) reports every
//! error against the definition file, and the engine ([`crate::engine::fen`]) builds a position
//! from a setup without errors, or returns the first. So a FEN the checker accepts is one the
//! engine reads, and the same fault reads the same everywhere.

use crate::diagnostics::Code;
use crate::geometry::{Dimensions, Player, Square, SquareSet};
use miette::{Diagnostic, LabeledSpan, SourceCode};
use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The most pieces of one kind a hand holds (hand counts are hashed per count up to this).
pub const MAX_IN_HAND: u8 = 127;

/// Which FEN a message speaks of: the definition's `start` FEN, or one a user gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FenOf {
    /// The `start` FEN of a definition.
    Start,
    /// A FEN given to the REPL, the command line or a protocol.
    Given,
}

impl FenOf {
    fn noun(self) -> &'static str {
        match self {
            FenOf::Start => "the start FEN",
            FenOf::Given => "the FEN",
        }
    }
}

/// What a FEN is read against: the board, its holes, and the pieces' letters as the first player
/// writes them (`K`, `+P`), indexed by kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FenBoard<'a> {
    /// The board's size.
    pub dims: Dimensions,
    /// The squares that do not exist.
    pub holes: SquareSet,
    /// Piece letters, indexed by kind.
    pub letters: &'a [String],
    /// The variant has gating: file letters in the castling field name gates (`B`, `c`).
    pub gating: bool,
    /// The variant has walls: `*` on a square of the board is a wall.
    pub walls: bool,
    /// The variant has `counting`: digits in the en-passant field, before two counters, are the
    /// count's limit (Fairy-Stockfish's makruk FEN).
    pub counting: bool,
}

/// A piece on the board as the FEN places it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupPiece {
    /// Its kind (an index into the letters).
    pub kind: usize,
    /// Its owner: upper case for the first player.
    pub player: Player,
    /// Its square.
    pub square: Square,
    /// Marked `!`: it promotes after its next move.
    pub pending: bool,
    /// Where the FEN writes it (byte range in the FEN text).
    pub span: Range<usize>,
}

/// A piece in a hand as the FEN lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandPiece {
    /// Its kind (an index into the letters).
    pub kind: usize,
    /// Whose hand.
    pub player: Player,
    /// Where the FEN writes it (byte range in the FEN text).
    pub span: Range<usize>,
}

/// A FEN's content, read but not yet a position (the engine makes one, checking what only it
/// knows: which castling rights and en-passant squares mean anything).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Setup {
    /// The pieces on the board, in FEN order.
    pub board: Vec<SetupPiece>,
    /// The pieces in hand, in FEN order.
    pub hands: Vec<HandPiece>,
    /// The side to move.
    pub side: Player,
    /// Castling rights as written: `[player][0]` is the king side (`K`/`k`), `[player][1]` the
    /// queen side (`Q`/`q`).
    pub castling: [[bool; 2]; 2],
    /// Gates as written in the castling field (`B`, `c`; gating variants only): the player and
    /// the file, from 0.
    pub gates: Vec<(Player, u8)>,
    /// The en-passant square as written.
    pub en_passant: Option<Square>,
    /// The half-move clock (0 when left out).
    pub halfmove: u16,
    /// The move number (1 when left out).
    pub fullmove: u16,
    /// `N+M` before the counters: the checks each player still has to give (`check-limit`), as
    /// Fairy-Stockfish writes them.
    pub checks_remaining: Option<(u8, u8)>,
    /// The walls (`*` on a square of the board, in a variant with `walls`).
    #[serde(default)]
    pub walls: Vec<Square>,
    /// `counting`: the limit of the count that runs, in plies, where the en-passant square
    /// stands; the half-move clock is then the count so far.
    #[serde(default)]
    pub count_limit: Option<u16>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: Vec::new(),
            hands: Vec::new(),
            side: Player::First,
            castling: [[false; 2]; 2],
            gates: Vec::new(),
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            checks_remaining: None,
            walls: Vec::new(),
            count_limit: None,
        }
    }
}

/// A fault in a FEN: a namespaced code, what is wrong, where (byte offset and length in the FEN
/// text), the label on that span and how to fix it. It is a miette diagnostic over the FEN text,
/// so every front end shows it the same way; the checker shows the same error inside the
/// definition file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Namespaced code, like `chimera::fen::width`.
    pub code: Code,
    /// What is wrong.
    pub message: String,
    /// Byte offset of the fault in the FEN text.
    pub offset: usize,
    /// Length of the faulty part (0 where something is missing).
    pub len: usize,
    /// The label on the faulty part.
    pub label: String,
    /// What would be right.
    pub help: Option<String>,
    /// The FEN text, so that the error renders by itself (shared: every fault of one FEN holds
    /// it, and a small error keeps `Result<Position, FenError>` cheap to return).
    pub text: Arc<String>,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FenError {}

impl FenError {
    /// The error as the command line shows it: `bad FEN: ` and the message, its code, the FEN text
    /// named `name` (like `--fen`) with the faulty part labelled, and the help line.
    pub fn report(&self, name: &str) -> miette::Report {
        let start = self.offset.min(self.text.len());
        let len = self.len.min(self.text.len() - start);
        let mut diag = miette::MietteDiagnostic::new(format!("bad FEN: {}", self.message))
            .with_code(self.code.as_str())
            .with_label(LabeledSpan::at(start..start + len, self.label.clone()));
        if let Some(help) = &self.help {
            diag = diag.with_help(help.clone());
        }
        miette::Report::new(diag)
            .with_source_code(miette::NamedSource::new(name, String::clone(&self.text)))
    }
}

impl Diagnostic for FenError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&*self.text)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let start = self.offset.min(self.text.len());
        let len = self.len.min(self.text.len() - start);
        Some(Box::new(std::iter::once(
            LabeledSpan::new_primary_with_span(Some(self.label.clone()), (start, len)),
        )))
    }
}

/// Reads `text` against `board`: the setup (as far as it could be read) and every fault found, in
/// the order of the text. `of` names the FEN in messages.
pub(crate) fn read(text: &str, board: &FenBoard, of: FenOf) -> (Setup, Vec<FenError>) {
    let mut r = Reader {
        text,
        shared_text: Arc::new(text.to_string()),
        board,
        of,
        setup: Setup::default(),
        errors: Vec::new(),
        unknown: Vec::new(),
    };
    r.read();
    (r.setup, r.errors)
}

struct Reader<'t, 'b> {
    text: &'t str,
    /// The text as the errors hold it, allocated once.
    shared_text: Arc<String>,
    board: &'b FenBoard<'b>,
    of: FenOf,
    setup: Setup,
    errors: Vec<FenError>,
    /// Unknown letters already reported (each once, where it first appears).
    unknown: Vec<String>,
}

impl Reader<'_, '_> {
    fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.errors.push(FenError {
            code,
            message: message.into(),
            offset: span.start,
            len: span.end.saturating_sub(span.start),
            label: label.into(),
            help: Some(help.into()),
            text: self.shared_text.clone(),
        });
    }

    fn read(&mut self) {
        let text = self.text;
        let fields = split_fields(text);
        let Some(&(b0, board_field)) = fields.first() else {
            let end = text.len();
            let noun = self.of.noun();
            self.error(
                Code::FenEmpty,
                0..end,
                format!("{noun} is empty"),
                "no position here",
                "write the ranks from the top separated by `/` (digits for empty squares), then `w` or `b`",
            );
            return;
        };
        // A stray space inside the board field splits it: say so once, at the space, rather
        // than report a short board and then a side, castling and clocks that are not.
        if let (Some(&(n0, next)), after) = (fields.get(1), fields.get(2)) {
            let is_side = |f: &str| f == "w" || f == "b";
            let rank_like = |f: &str| {
                f.chars().all(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, '/' | '+' | '*' | '[' | ']' | '~')
                })
            };
            let split_board = !is_side(next)
                && rank_like(next)
                && (next.contains('/') || after.is_some_and(|&(_, f)| is_side(f)));
            if split_board {
                let space = b0 + board_field.len()..n0;
                let noun = self.of.noun();
                self.error(
                    Code::FenSpace,
                    space,
                    format!("{noun} has a space inside its board field"),
                    "this space",
                    "the ranks and hands are one field, without spaces: remove the space",
                );
                return;
            }
        }
        let (placement, hands) = match board_field.find('[') {
            Some(i) => (&board_field[..i], Some((b0 + i, &board_field[i..]))),
            None => (board_field, None),
        };
        self.placement(placement, b0);
        if let Some((hs, hand)) = hands {
            self.hands(hand, hs);
        }
        self.side(fields.get(1).copied());
        self.tail(fields.get(2..).unwrap_or(&[]));
    }

    /// The ranks, top first.
    fn placement(&mut self, placement: &str, b0: usize) {
        let dims = self.board.dims;
        let ranks = split_ranks(placement, b0);
        let counts_match = ranks.len() == dims.ranks as usize;
        if !counts_match {
            let more = ranks.len() > dims.ranks as usize;
            let s = if more {
                ranks.get(dims.ranks as usize).map_or(b0, |r| r.0)
            } else {
                b0
            };
            let noun = self.of.noun();
            self.error(
                Code::FenRanks,
                s..b0 + placement.len(),
                format!(
                    "{noun} has {} ranks; the board has {}",
                    ranks.len(),
                    dims.ranks
                ),
                if more { "extra ranks" } else { "too few ranks" },
                "write one rank per board rank, from the top, separated by `/`",
            );
        }
        for (i, &(rs, rank_text)) in ranks.iter().enumerate() {
            // The rank's index from 0 at the bottom, when it is on the board.
            let rank = counts_match.then(|| dims.ranks as usize - 1 - i);
            let width = self.rank(rank_text, rs, rank);
            if width != dims.files as u64 {
                let noun = self.of.noun();
                let rank_no = match rank {
                    Some(r) => format!("rank {}", r + 1),
                    None => format!("the {} rank from the top", ordinal(i + 1)),
                };
                // A run of digits too long to be a number has more squares than any board.
                let squares = if width > 9999 {
                    "more than 9999".to_string()
                } else {
                    width.to_string()
                };
                self.error(
                    Code::FenWidth,
                    rs..rs + rank_text.len(),
                    format!(
                        "{rank_no} of {noun} has {squares} squares; the board has {} files",
                        dims.files
                    ),
                    format!("{squares} squares"),
                    "count digits as that many empty squares; each piece letter is one square",
                );
            }
        }
    }

    /// One rank starting at byte `rs`; `rank` is its index when the rank count is right. Returns
    /// its width in squares.
    fn rank(&mut self, rank_text: &str, rs: usize, rank: Option<usize>) -> u64 {
        let dims = self.board.dims;
        let here = |w: u64| rank.and_then(|r| dims.square(w.min(i32::MAX as u64) as i32, r as i32));
        let bytes = rank_text.as_bytes();
        let mut width: u64 = 0;
        let mut j = 0;
        while let Some(&c) = bytes.get(j) {
            let file = width;
            if c.is_ascii_digit() {
                let start = j;
                while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                let n: u64 = rank_text[start..j].parse().unwrap_or(u64::MAX);
                if n == 0 {
                    self.error(
                        Code::FenField,
                        rs + start..rs + j,
                        "a run of 0 empty squares",
                        "zero",
                        "digits count empty squares from 1; leave the run out",
                    );
                }
                width = width.saturating_add(n);
                continue;
            }
            if c == b'*' {
                let square = here(file).filter(|&sq| !self.board.holes.contains(sq));
                if let Some(sq) = square.filter(|_| self.board.walls) {
                    self.setup.walls.push(sq);
                } else if let Some(sq) = square {
                    self.error(
                        Code::FenHole,
                        rs + j..rs + j + 1,
                        format!(
                            "`*` marks a hole, but {} is a square of the board",
                            dims.name(sq)
                        ),
                        "not a hole",
                        "write empty squares as digits",
                    );
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
                    let mut token = rank_text[start..j].to_string();
                    // Fairy-Stockfish's `Q~` is the kind lettered `+Q` where the variant has one.
                    if bytes.get(j) == Some(&b'~') && c != b'+' {
                        let promoted = format!("+{token}");
                        if self.kind(&promoted.to_ascii_uppercase()).is_some() {
                            token = promoted;
                            j += 1;
                        }
                    }
                    let span = rs + start..rs + j;
                    let kind = self.letter(&token, span.clone());
                    // A mark after the letter: `!` promotes the piece after its next move, `~`
                    // (a promoted piece, in Fairy-Stockfish) says nothing more here.
                    let pending = bytes.get(j) == Some(&b'!');
                    if matches!(bytes.get(j), Some(b'!' | b'~')) {
                        j += 1;
                    }
                    if let Some(sq) = here(file) {
                        if self.board.holes.contains(sq) {
                            self.error(
                                Code::FenHole,
                                span.clone(),
                                format!("a piece stands on the hole {}", dims.name(sq)),
                                "this square does not exist",
                                "write holes as empty squares or `*`",
                            );
                        } else if let Some(kind) = kind {
                            self.setup.board.push(SetupPiece {
                                kind,
                                player: owner(&token),
                                square: sq,
                                pending,
                                span,
                            });
                        }
                    }
                    width = width.saturating_add(1);
                }
                Some(ch) => {
                    let len = ch.len_utf8();
                    self.error(
                        Code::FenField,
                        rs + j..rs + j + len,
                        format!("unexpected `{ch}` in the FEN"),
                        "not a piece letter, digit or `*`",
                        "a rank is made of piece letters (`+X` for promoted pieces), digits for empty squares and `*` for holes",
                    );
                    j += len;
                    width = width.saturating_add(1);
                }
                None => self.error(
                    Code::FenField,
                    rs + start..rs + j,
                    "`+` must be followed by a piece letter",
                    "promoted what?",
                    "a promoted piece is written `+` and its letter, like `+P`",
                ),
            }
        }
        width
    }

    /// The hands, `[...]` starting at byte `hs`.
    fn hands(&mut self, hand: &str, hs: usize) {
        let inner_end = if hand.ends_with(']') && hand.len() >= 2 {
            hand.len() - 1
        } else {
            self.error(
                Code::FenHand,
                hs..hs + hand.len(),
                "the hands in the FEN are not closed by `]`",
                "opened here",
                "write hands as `[...]` right after the last rank, like `[Pp]`",
            );
            hand.len()
        };
        let inner = hand.get(1.min(hand.len())..inner_end).unwrap_or("");
        let base = hs + 1;
        let bytes = inner.as_bytes();
        let mut counts: Vec<(Player, usize, u32)> = Vec::new();
        let mut j = 0;
        while let Some(&c) = bytes.get(j) {
            let start = j;
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
                    let span = base + start..base + j;
                    let Some(kind) = self.letter(token, span.clone()) else {
                        continue;
                    };
                    let player = owner(token);
                    let n = match counts
                        .iter_mut()
                        .find(|(p, k, _)| *p == player && *k == kind)
                    {
                        Some(entry) => {
                            entry.2 += 1;
                            entry.2
                        }
                        None => {
                            counts.push((player, kind, 1));
                            1
                        }
                    };
                    if n == u32::from(MAX_IN_HAND) + 1 {
                        self.error(
                            Code::FenHand,
                            span,
                            format!("more than {MAX_IN_HAND} pieces of one kind in hand"),
                            "one too many",
                            format!("a hand holds at most {MAX_IN_HAND} pieces of each kind"),
                        );
                    } else if n <= u32::from(MAX_IN_HAND) {
                        self.setup.hands.push(HandPiece { kind, player, span });
                    }
                }
                Some(ch) => {
                    let len = ch.len_utf8();
                    self.error(
                        Code::FenHand,
                        base + j..base + j + len,
                        format!("unexpected `{ch}` in a hand"),
                        "not a piece letter",
                        "a hand lists piece letters, one per piece, like `[PPn]`",
                    );
                    j += len;
                }
                None => self.error(
                    Code::FenHand,
                    base + start..base + j,
                    "`+` must be followed by a piece letter",
                    "promoted what?",
                    "a promoted piece is written `+` and its letter, like `+P`",
                ),
            }
        }
    }

    fn side(&mut self, field: Option<(usize, &str)>) {
        match field {
            None => {
                let end = self.text.trim_end().len();
                let noun = self.of.noun();
                self.error(
                    Code::FenSide,
                    end..end,
                    format!("{noun} does not say who moves first"),
                    "side to move expected here",
                    "add ` w` (first player) or ` b` (second player) after the board",
                );
            }
            Some((_, "w")) => self.setup.side = Player::First,
            Some((_, "b")) => self.setup.side = Player::Second,
            Some((s, f)) => self.error(
                Code::FenSide,
                s..s + f.len(),
                format!("`{f}` is not a side to move"),
                "expected `w` or `b`",
                "`w` is the first player, `b` the second",
            ),
        }
    }

    /// The fields after the side: a field of digits is a counter (half-move clock, then move
    /// number); otherwise the first field made of `KQkq` or `-` is the castling rights (it may be
    /// left out), and the next one the en-passant square or `-`.
    fn tail(&mut self, fields: &[(usize, &str)]) {
        let dims = self.board.dims;
        let mut castling_seen = false;
        let mut ep_seen = false;
        let mut numbers: Vec<u16> = Vec::new();
        let counter = |n: usize| {
            if n == 0 {
                "half-move clock"
            } else {
                "move number"
            }
        };
        for (i, &(s, f)) in fields.iter().enumerate() {
            // `counting`: `- 44 10 31`: the limit where the en-passant square stands.
            if self.board.counting
                && castling_seen
                && !ep_seen
                && numbers.is_empty()
                && fields.len() - i == 3
                && fields[i..]
                    .iter()
                    .all(|(_, f)| f.bytes().all(|b| b.is_ascii_digit()))
            {
                if let Ok(n) = f.parse::<u16>() {
                    ep_seen = true;
                    self.setup.count_limit = (n > 0).then_some(n);
                    continue;
                }
            }
            if numbers.len() >= 2 {
                let end = self.text.len();
                self.error(
                    Code::FenField,
                    s..end,
                    format!("unexpected `{f}` after the move number"),
                    "extra field",
                    "after the board come at most: side, castling, en passant, half-move clock, move number",
                );
                break;
            }
            // `3+3`: the checks still to give (`check-limit`), read by the engine.
            if numbers.is_empty() {
                if let Some(checks) = check_field(f) {
                    self.setup.checks_remaining = Some(checks);
                    continue;
                }
            }
            if f.bytes().all(|b| b.is_ascii_digit()) {
                let what = counter(numbers.len());
                match f.parse::<u16>() {
                    Ok(n) => numbers.push(n),
                    Err(_) => {
                        self.error(
                            Code::FenField,
                            s..s + f.len(),
                            format!("the {what} `{f}` is too large"),
                            "too large",
                            format!("the {what} is at most {}", u16::MAX),
                        );
                        numbers.push(0);
                    }
                }
                continue;
            }
            if !numbers.is_empty() || (castling_seen && ep_seen) {
                self.error(
                    Code::FenField,
                    s..s + f.len(),
                    format!("`{f}` is not a {}", counter(numbers.len())),
                    "expected a number",
                    "the last two fields are the half-move clock and the move number, like `0 1`",
                );
                numbers.push(0);
                continue;
            }
            if !castling_seen && (f == "-" || f.chars().all(|c| self.castling_letter(c))) {
                castling_seen = true;
                for c in f.chars() {
                    match c {
                        'K' => self.setup.castling[0][0] = true,
                        'Q' => self.setup.castling[0][1] = true,
                        'k' => self.setup.castling[1][0] = true,
                        'q' => self.setup.castling[1][1] = true,
                        _ => {
                            if let Some(gate) = self.gate_file(c) {
                                self.setup.gates.push(gate);
                            }
                        }
                    }
                }
                continue;
            }
            let was_castling = !castling_seen;
            castling_seen = true;
            ep_seen = true;
            if f == "-" {
                continue;
            }
            if let Some(sq) = dims.parse_square(f) {
                self.setup.en_passant = Some(sq);
                continue;
            }
            if was_castling && f.chars().all(|c| c.is_ascii_alphabetic()) {
                // Letters where the castling rights stand: report the first that is not one.
                if let Some((k, ch)) = f.char_indices().find(|(_, c)| !self.castling_letter(*c)) {
                    let last = crate::geometry::file_letter(dims.files.saturating_sub(1));
                    let (message, label, help) = if self.board.gating {
                        (
                            format!("`{ch}` is not a castling right or a gate"),
                            format!(
                                "expected `K`, `Q`, `k`, `q` or a file letter `A`-`{}` / `a`-`{last}`",
                                last.to_ascii_uppercase()
                            ),
                            "write the rights as `KQkq` and the gates as file letters, upper case for the first player (`KQBCDFGkqbcdfg`), or `-`".to_string(),
                        )
                    } else {
                        (
                            format!("`{ch}` is not a castling right"),
                            "expected `K`, `Q`, `k` or `q`".to_string(),
                            "write the rights as `KQkq` (or some of them), or `-` when nobody may castle; file letters name gates only in a variant with `gating`".to_string(),
                        )
                    };
                    self.error(
                        Code::FenCastling,
                        s + k..s + k + ch.len_utf8(),
                        message,
                        label,
                        help,
                    );
                    // Meant as the castling rights: the next field is still the en-passant one.
                    ep_seen = false;
                    continue;
                }
            }
            self.error(
                Code::FenEnPassant,
                s..s + f.len(),
                format!("`{f}` is not an en-passant square of the board"),
                "expected a square or `-`",
                "the en-passant field is the square a pawn skipped, like `e3`, or `-`",
            );
        }
        if let Some(&h) = numbers.first() {
            self.setup.halfmove = h;
        }
        if let Some(&m) = numbers.get(1) {
            self.setup.fullmove = m;
        }
    }

    /// Whether a letter belongs in the castling field: a right, or a gate in a gating variant.
    fn castling_letter(&self, c: char) -> bool {
        "KQkq".contains(c) || self.gate_file(c).is_some()
    }

    /// The gate a castling-field letter names in a gating variant: upper case for the first
    /// player, the file by its letter (`B` is the b-file). `K`, `Q`, `k` and `q` are rights.
    fn gate_file(&self, c: char) -> Option<(Player, u8)> {
        if !self.board.gating || "KQkq".contains(c) || !c.is_ascii_alphabetic() {
            return None;
        }
        let player = if c.is_ascii_uppercase() {
            Player::First
        } else {
            Player::Second
        };
        let file = c.to_ascii_lowercase() as u8 - b'a';
        (file < self.board.dims.files).then_some((player, file))
    }

    fn kind(&self, upper: &str) -> Option<usize> {
        self.board.letters.iter().position(|l| l == upper)
    }

    /// The kind of a piece letter (`p`, `+P`), or an error at `span` (each unknown letter once).
    fn letter(&mut self, token: &str, span: Range<usize>) -> Option<usize> {
        let upper = token.to_ascii_uppercase();
        if let Some(k) = self.kind(&upper) {
            return Some(k);
        }
        if !self.unknown.contains(&upper) {
            let letters = self.board.letters;
            self.error(
                Code::FenLetter,
                span,
                format!("no piece has the letter `{upper}`"),
                "unknown piece letter",
                if letters.is_empty() {
                    "declare pieces with `piece NAME LETTER { ... }`".to_string()
                } else {
                    format!(
                        "declared letters: {} (lower case for the second player)",
                        letters.join(" ")
                    )
                },
            );
            self.unknown.push(upper);
        }
        None
    }
}

/// Whose piece a FEN letter is: upper case for the first player.
fn owner(token: &str) -> Player {
    if token.bytes().any(|b| b.is_ascii_lowercase()) {
        Player::Second
    } else {
        Player::First
    }
}

/// A `checks remaining` field, `N+M` (first player's, then second player's).
fn check_field(f: &str) -> Option<(u8, u8)> {
    let (a, b) = f.split_once('+')?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|c| c.is_ascii_digit());
    if digits(a) && digits(b) {
        Some((a.parse().ok()?, b.parse().ok()?))
    } else {
        None
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(letters: &[String]) -> FenBoard<'_> {
        FenBoard {
            dims: Dimensions { files: 5, ranks: 5 },
            holes: SquareSet::default(),
            letters,
            gating: false,
            walls: false,
            counting: false,
        }
    }

    #[test]
    fn a_pending_mark_and_an_empty_hand_read_as_a_setup() {
        let letters = vec!["K".to_string(), "P".to_string()];
        let (setup, errors) = read("k4/5/1P!3/5/4K[] w - - 0 1", &board(&letters), FenOf::Given);
        assert_eq!(errors, Vec::new());
        assert_eq!(setup.board.len(), 3);
        let pawn = &setup.board[1];
        assert_eq!(
            (pawn.kind, pawn.player, pawn.pending),
            (1, Player::First, true)
        );
        assert_eq!(pawn.span, 6..7);
        assert!(setup.hands.is_empty());
    }

    #[test]
    fn every_fault_is_found_in_text_order() {
        let letters = vec!["K".to_string()];
        let (_, errors) = read("k4/6/5/5/4Z x", &board(&letters), FenOf::Given);
        let codes: Vec<Code> = errors.iter().map(|e| e.code).collect();
        assert_eq!(codes, [Code::FenWidth, Code::FenLetter, Code::FenSide]);
        assert_eq!((errors[0].offset, errors[0].len), (3, 1));
        assert_eq!(
            errors[0].message,
            "rank 4 of the FEN has 6 squares; the board has 5 files"
        );
    }
}
