//! PGN: games written and read with SAN moves, for any rule set.
//!
//! Writing gives the seven standard tags (Event, Site, Date, Round, White, Black, Result), then
//! `Variant` (the definition's name) and, when the game did not start from the variant's start
//! position, `SetUp "1"` and `FEN`. Reading is tolerant, as files from other programs need: comments
//! (`{...}`, `;` to the end of the line, `%` escape lines), NAGs (`$1`), annotation marks (`!?`),
//! variations (`(...)`, skipped), move numbers written either way (`1.` `1...` `1.e4`) and several
//! games per file.
//!
//! [`parse_pgn`] splits text into games without knowing the variant: it never panics on any input
//! and is the entry point for fuzzing. [`read_pgn`] then plays the moves with an engine.

use super::{parse_fen, parse_move, san::san_among, to_fen};
use crate::engine::{Engine, GameResult, Move, Position, Status};
use crate::geometry::Player;

/// Most games one PGN text may hold.
pub const MAX_GAMES: usize = 10_000;
/// Most moves (plies) one game may hold.
pub const MAX_PLIES: usize = 10_000;
/// Most tags one game may hold.
pub const MAX_TAGS: usize = 100;
/// Largest PGN text read, in bytes.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

/// A PGN text that cannot be read: where, and what would be right.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PgnError {
    /// What is wrong, naming the game and move when there is one.
    pub message: String,
    /// The game (from 1), when the fault is inside one.
    pub game: Option<usize>,
    /// Byte offset of the fault in the PGN text.
    pub offset: usize,
    /// Length of the faulty part (at least 1).
    pub len: usize,
    /// What would be right (for a bad move, the legal moves).
    pub help: Option<String>,
}

impl PgnError {
    fn at(game: Option<usize>, offset: usize, len: usize, message: String) -> PgnError {
        PgnError {
            message,
            game,
            offset,
            len: len.max(1),
            help: None,
        }
    }
    fn help(mut self, help: impl Into<String>) -> PgnError {
        self.help = Some(help.into());
        self
    }
}

/// A move as written in a PGN text, not yet played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMove {
    /// The move text (`Nf3`, `e2e4`, `P@e4`), annotation marks removed.
    pub text: String,
    /// Byte offset in the PGN text.
    pub offset: usize,
    /// The score of the comment after it (`{+0.35/9 0.12s}`, as engine matches write it), in
    /// centipawns for the side that made the move.
    pub score: Option<i32>,
}

/// A game as written: tags, moves and result, before any rule is applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// Tags in the order written.
    pub tags: Vec<(String, String)>,
    /// The main line's moves.
    pub moves: Vec<RawMove>,
    /// The result token that ended the game (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// Byte offset where the game starts.
    pub offset: usize,
}

impl RawGame {
    /// The value of a tag (names compare without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A game read and played: its start position, its moves and its tags.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tags in the order written.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (the `FEN` tag, else the variant's start).
    pub start: Position,
    /// The moves, all legal.
    pub moves: Vec<Move>,
    /// Per move, the score its comment gives (centipawns for the side that made it), if any.
    pub scores: Vec<Option<i32>>,
    /// The result token written, if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of a tag (names compare without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Splits a PGN text into games (tags, main-line move texts, result) without reading the moves.
/// Never panics; bounded by [`MAX_BYTES`], [`MAX_GAMES`], [`MAX_PLIES`] and [`MAX_TAGS`].
pub fn parse_pgn(text: &str) -> Result<Vec<RawGame>, PgnError> {
    if text.len() > MAX_BYTES {
        return Err(PgnError::at(
            None,
            0,
            1,
            format!(
                "the PGN text is {} bytes; at most {} are read",
                text.len(),
                MAX_BYTES
            ),
        )
        .help("split the file into smaller ones"));
    }
    let mut sp = Splitter {
        text,
        b: text.as_bytes(),
        i: 0,
        games: Vec::new(),
        cur: None,
        in_moves: false,
        depth: 0,
        depth_open: 0,
    };
    let b = sp.b;
    while sp.i < b.len() {
        let c = b[sp.i];
        if c.is_ascii_whitespace() {
            sp.i += 1;
            continue;
        }
        // `%` at the start of a line escapes the whole line.
        if c == b'%' && (sp.i == 0 || b[sp.i - 1] == b'\n') {
            sp.skip_line();
            continue;
        }
        if sp.delimiter(c)? {
            continue;
        }
        if sp.depth > 0 {
            // Inside a variation: skip the token (comments and nesting handled above); always
            // advance, so a `[` there cannot stall the reader.
            sp.i += 1;
            sp.skip_token();
            continue;
        }
        if c == b'[' {
            sp.tag()?;
        } else {
            sp.token()?;
        }
    }
    if sp.depth > 0 {
        return Err(PgnError::at(
            Some(sp.game_no()),
            sp.depth_open,
            1,
            "this variation is never closed with `)`".into(),
        ));
    }
    sp.finish()?;
    Ok(sp.games)
}

/// The state of [`parse_pgn`] as it walks the text: the games so far, the one being read, and
/// the variation nesting.
struct Splitter<'t> {
    text: &'t str,
    b: &'t [u8],
    /// The byte being read.
    i: usize,
    games: Vec<RawGame>,
    cur: Option<RawGame>,
    /// Whether the current game's movetext has begun (a tag then starts the next game).
    in_moves: bool,
    /// Variation nesting, and where the outermost open variation (`(`) began, for the message
    /// when it never closes.
    depth: usize,
    depth_open: usize,
}

impl Splitter<'_> {
    /// The number of the game being read, from 1.
    fn game_no(&self) -> usize {
        self.games.len() + 1
    }

    fn skip_line(&mut self) {
        while self.i < self.b.len() && self.b[self.i] != b'\n' {
            self.i += 1;
        }
    }

    /// Skips to whitespace or a delimiter.
    fn skip_token(&mut self) {
        let b = self.b;
        while self.i < b.len()
            && !b[self.i].is_ascii_whitespace()
            && !b"{}()[];".contains(&b[self.i])
        {
            self.i += 1;
        }
    }

    /// Ends the game being read, if any.
    fn finish(&mut self) -> Result<(), PgnError> {
        if let Some(g) = self.cur.take() {
            if self.games.len() >= MAX_GAMES {
                return Err(PgnError::at(
                    Some(self.games.len() + 1),
                    g.offset,
                    1,
                    format!("more than {} games in one PGN text", MAX_GAMES),
                )
                .help("split the file into smaller ones"));
            }
            self.games.push(g);
        }
        self.in_moves = false;
        Ok(())
    }

    /// Comments, variations and stray closing brackets: whether `c` was one (and is consumed).
    fn delimiter(&mut self, c: u8) -> Result<bool, PgnError> {
        match c {
            b'{' => {
                let start = self.i;
                match self.b[self.i..].iter().position(|&x| x == b'}') {
                    Some(n) => {
                        // A score after a main-line move belongs to it.
                        if self.depth == 0 {
                            let score = comment_score(&self.text[start + 1..start + n]);
                            if let Some(m) = self.cur.as_mut().and_then(|g| g.moves.last_mut()) {
                                m.score = m.score.or(score);
                            }
                        }
                        self.i += n + 1
                    }
                    None => {
                        return Err(PgnError::at(
                            Some(self.game_no()),
                            start,
                            1,
                            "this comment is never closed with `}`".into(),
                        ))
                    }
                }
            }
            b';' => self.skip_line(),
            b'(' => {
                if self.depth == 0 {
                    self.depth_open = self.i;
                }
                self.depth += 1;
                self.i += 1;
            }
            b'}' | b']' => {
                let what = if c == b'}' { "comment" } else { "tag" };
                return Err(PgnError::at(
                    Some(self.game_no()),
                    self.i,
                    1,
                    format!("`{}` closes no {}", c as char, what),
                ));
            }
            b')' => {
                if self.depth == 0 {
                    return Err(PgnError::at(
                        Some(self.game_no()),
                        self.i,
                        1,
                        "`)` closes no variation".into(),
                    ));
                }
                self.depth -= 1;
                self.i += 1;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// A tag pair at the `[` being read; after movetext it begins the next game.
    fn tag(&mut self) -> Result<(), PgnError> {
        if self.in_moves {
            self.finish()?;
        }
        let i = self.i;
        let game = self.games.len() + 1;
        let g = self.cur.get_or_insert_with(|| RawGame {
            offset: i,
            ..RawGame::default()
        });
        let (name, value, next) = read_tag(self.text, i).map_err(|e| PgnError {
            game: Some(game),
            ..e
        })?;
        if g.tags.len() >= MAX_TAGS {
            return Err(PgnError::at(
                Some(game),
                i,
                next - i,
                format!("more than {} tags in one game", MAX_TAGS),
            ));
        }
        g.tags.push((name, value));
        self.i = next;
        Ok(())
    }

    /// A movetext token: a result (which ends the game), a NAG, a move number or a move.
    fn token(&mut self) -> Result<(), PgnError> {
        let start = self.i;
        self.skip_token();
        let tok = &self.text[start..self.i];
        let game = self.games.len() + 1;
        let g = self.cur.get_or_insert_with(|| RawGame {
            offset: start,
            ..RawGame::default()
        });
        self.in_moves = true;
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
            g.result = Some(tok.to_string());
            return self.finish();
        }
        if tok.starts_with('$') {
            return Ok(()); // NAG
        }
        // Move numbers: `12.`, `12...`, glued `12.e4`.
        let digits = tok.bytes().take_while(|x| x.is_ascii_digit()).count();
        let dots = tok[digits..].bytes().take_while(|&x| x == b'.').count();
        let (mv, mv_at) = if digits > 0 && dots > 0 {
            (&tok[digits + dots..], start + digits + dots)
        } else if digits == 0 && dots > 0 {
            (&tok[dots..], start + dots)
        } else {
            (tok, start)
        };
        let mv = mv.trim_end_matches(['!', '?']);
        if mv.is_empty() {
            return Ok(());
        }
        if g.moves.len() >= MAX_PLIES {
            return Err(PgnError::at(
                Some(game),
                mv_at,
                mv.len(),
                format!("more than {} moves in one game", MAX_PLIES),
            )
            .help("split the game, or check that results end each game"));
        }
        g.moves.push(RawMove {
            text: mv.to_string(),
            offset: mv_at,
            score: None,
        });
        Ok(())
    }
}

/// Most centipawns a comment's score may give (a mate is written as a large score).
pub(crate) const MAX_COMMENT_SCORE: i32 = 100_000;

/// The score a move's comment begins with, in centipawns: `+0.35`, `-1.20/9 0.12s` (pawns, as
/// engine matches write them); `None` for any other comment.
pub(crate) fn comment_score(comment: &str) -> Option<i32> {
    let word = comment.split_whitespace().next()?;
    let number = word.split('/').next()?;
    let b = number.as_bytes();
    let signed = matches!(b.first(), Some(b'+' | b'-'));
    let digits = &number[signed as usize..];
    if !signed || digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit() || c == b'.') {
        return None;
    }
    let pawns: f64 = number.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.abs() <= MAX_COMMENT_SCORE as f64).then_some(cp as i32)
}

/// Reads `[Name "value"]` starting at the `[` at `i`; returns the name, the value and the offset after `]`.
fn read_tag(text: &str, i: usize) -> Result<(String, String, usize), PgnError> {
    let b = text.as_bytes();
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_whitespace() && b[j] != b'\n' {
        j += 1;
    }
    let name_start = j;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
        j += 1;
    }
    let name = &text[name_start..j];
    if name.is_empty() {
        return Err(
            PgnError::at(None, i, 1, "a tag needs a name after `[`".into())
                .help("write tags as [Name \"value\"]"),
        );
    }
    while j < b.len() && b[j].is_ascii_whitespace() && b[j] != b'\n' {
        j += 1;
    }
    if b.get(j) != Some(&b'"') {
        return Err(PgnError::at(
            None,
            j.min(text.len().saturating_sub(1)),
            1,
            format!("the tag `{}` needs a quoted value", name),
        )
        .help("write tags as [Name \"value\"]"));
    }
    j += 1;
    let mut value = String::new();
    loop {
        match b.get(j) {
            None | Some(b'\n') => {
                return Err(PgnError::at(
                    None,
                    i,
                    j - i,
                    format!("the value of the tag `{}` is never closed with `\"`", name),
                ))
            }
            Some(b'\\') if matches!(b.get(j + 1), Some(b'"') | Some(b'\\')) => {
                value.push(b[j + 1] as char);
                j += 2;
            }
            Some(b'"') => {
                j += 1;
                break;
            }
            Some(_) => {
                // Copy one whole character (values may hold any UTF-8).
                let ch = text[j..].chars().next().unwrap_or(' ');
                value.push(ch);
                j += ch.len_utf8();
            }
        }
    }
    while j < b.len() && b[j].is_ascii_whitespace() && b[j] != b'\n' {
        j += 1;
    }
    if b.get(j) != Some(&b']') {
        return Err(PgnError::at(
            None,
            i,
            (j - i).max(1),
            format!("the tag `{}` is not closed with `]`", name),
        ));
    }
    Ok((name.to_string(), value, j + 1))
}

/// Reads every game of a PGN text and plays its moves; a bad move is reported with the game, the
/// move number and the legal moves there.
///
/// ```
/// use chimera::{read_pgn, write_pgn, Game, Tags};
/// use std::sync::Arc;
///
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = Arc::new(chimera::Engine::new(rules)?);
/// let games = read_pgn(&engine, "[White \"A\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")?;
/// assert_eq!((games.len(), games[0].moves.len()), (1, 4));
/// // Written back, with the result the engine finds.
/// let mut game = Game::new(engine.clone(), games[0].start.clone());
/// games[0].moves.iter().for_each(|&m| game.play(m));
/// let tags = Tags { white: Some("A".into()), ..Tags::default() };
/// let text = write_pgn(&engine, &games[0].start, &games[0].moves, &tags, &game.status());
/// assert!(text.contains("1. f3 e5 2. g4 Qh4# 0-1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_pgn(engine: &Engine, text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let raw = parse_pgn(text)?;
    let mut out = Vec::with_capacity(raw.len());
    for (gi, g) in raw.into_iter().enumerate() {
        out.push(play_raw(engine, gi + 1, g)?);
    }
    Ok(out)
}

/// Plays one game as written.
///
/// XBoard numbers the ranks of a ten-rank board from 0 (`a0`-`i9`, its xiangqi convention) in the
/// PGN it saves: on a ten-rank board, a game that names a rank 0, or that is legal only when read
/// so, is read with XBoard's numbering.
pub fn play_raw(engine: &Engine, game_no: usize, g: RawGame) -> Result<PgnGame, PgnError> {
    let ten = engine.rules().board.dims.ranks == 10;
    let letters = xboard_letters(g.tag("Variant"));
    let zero = ten && g.moves.iter().any(|m| names_rank_zero(&m.text));
    let none: &[(char, char)] = &[];
    let first = if zero {
        XboardReading {
            ranks: true,
            letters: &letters,
        }
    } else {
        XboardReading {
            ranks: false,
            letters: none,
        }
    };
    match play_moves(engine, game_no, g.clone(), first) {
        Err(e) if !zero && (ten || !letters.is_empty()) => {
            let xboard = XboardReading {
                ranks: ten,
                letters: &letters,
            };
            play_moves(engine, game_no, g, xboard).map_err(|_| e)
        }
        other => other,
    }
}

/// How XBoard's PGN differs from Chimera's: ranks from 0, its own letters for some pieces.
#[derive(Clone, Copy)]
struct XboardReading<'a> {
    ranks: bool,
    letters: &'a [(char, char)],
}

/// XBoard's letters for the variant its `Variant` tag names, with the letters meant.
fn xboard_letters(variant: Option<&str>) -> Vec<(char, char)> {
    let Some(variant) = variant else {
        return Vec::new();
    };
    include_str!("xboard_letters.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .filter(|(name, _)| name.eq_ignore_ascii_case(variant.trim()))
        .flat_map(|(_, pairs)| {
            pairs.split_whitespace().filter_map(|p| {
                let mut c = p.chars();
                match (c.next(), c.next(), c.next()) {
                    (Some(x), Some('='), Some(o)) => Some((x, o)),
                    _ => None,
                }
            })
        })
        .collect()
}

/// Whether a move's text names a square on rank 0 (`Rh0h9`, `P@e0`).
fn names_rank_zero(text: &str) -> bool {
    let b = text.as_bytes();
    (1..b.len()).any(|i| {
        b[i] == b'0'
            && b[i - 1].is_ascii_lowercase()
            && b.get(i + 1).is_none_or(|c| !c.is_ascii_digit())
    })
}

/// A move's text with every rank number one higher: XBoard's `e0` is Chimera's `e1`.
fn xboard_to_chimera_ranks(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if c.is_ascii_lowercase() && chars.get(i).is_some_and(char::is_ascii_digit) {
            let start = i;
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<u32>() {
                Ok(n) => out.push_str(&(n + 1).to_string()),
                Err(_) => out.push_str(&digits),
            }
        }
    }
    out
}

/// Plays one game's moves, read as `xboard` says.
fn play_moves(
    engine: &Engine,
    game_no: usize,
    g: RawGame,
    xboard: XboardReading<'_>,
) -> Result<PgnGame, PgnError> {
    let rules = engine.rules();
    let mut pos = match g.tag("FEN") {
        Some(fen) => parse_fen(engine, fen).map_err(|e| {
            PgnError::at(
                Some(game_no),
                g.offset,
                1,
                format!("game {}: its FEN tag is not valid: {}", game_no, e.message),
            )
        })?,
        None => engine.start_position(),
    };
    let start = pos.clone();
    let mut moves = Vec::with_capacity(g.moves.len());
    for m in &g.moves {
        let legal = engine.legal_moves(&pos);
        let number = pos.fullmove_number();
        let side = pos.side_to_move();
        let player = &rules.players[side];
        let dots = if side == Player::First { "." } else { "..." };
        let status = engine.status(&pos);
        if status.is_over() {
            return Err(PgnError::at(
                Some(game_no),
                m.offset,
                m.text.len(),
                format!(
                    "game {}, move {}{} {}: the game is already over ({})",
                    game_no,
                    number,
                    dots,
                    m.text,
                    status.describe(&rules.players, side)
                ),
            )
            .help("end the game with its result (`1-0`, `0-1`, `1/2-1/2` or `*`)"));
        }
        let mut text = if xboard.ranks {
            xboard_to_chimera_ranks(&m.text)
        } else {
            m.text.clone()
        };
        // A piece letter leads SAN and drops (`Hc2`, `H@e4`).
        if let Some(&(_, ours)) = xboard
            .letters
            .iter()
            .find(|(theirs, _)| text.starts_with(*theirs))
        {
            text = format!("{ours}{}", &text[1..]);
        }
        // SAN's bare square (`c6`) is a pawn moving along its own file: where another piece could
        // also reach that square (a xiangqi soldier stepping sideways), read it so.
        let parsed = parse_move(engine, &pos, &text).or_else(|e| {
            let b = text.as_bytes();
            let bare = b.len() >= 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit();
            if bare
                && b.iter()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'#'))
            {
                parse_move(engine, &pos, &format!("{}{text}", b[0] as char)).map_err(|_| e)
            } else {
                Err(e)
            }
        });
        match parsed {
            Ok(mv) => {
                pos = engine.play(&pos, mv);
                moves.push(mv);
            }
            Err(e) => {
                let mut sans: Vec<String> = legal
                    .iter()
                    .map(|x| san_among(engine, &pos, &legal, *x))
                    .collect();
                sans.sort();
                let mut help = format!("legal moves for {}: {}", player, sans.join(" "));
                if let Some(h) = e.help {
                    help = format!("{h}; {help}");
                }
                return Err(PgnError::at(
                    Some(game_no),
                    m.offset,
                    m.text.len(),
                    format!(
                        "game {}, move {}{} {}: {}",
                        game_no, number, dots, m.text, e.message
                    ),
                )
                .help(help));
            }
        }
    }
    Ok(PgnGame {
        tags: g.tags,
        start,
        scores: g.moves.iter().map(|m| m.score).collect(),
        moves,
        result: g.result,
    })
}

/// Tags a written game gets beyond the moves; `None` fields are written as PGN's unknown (`?`).
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// `Event`.
    pub event: Option<String>,
    /// `Site`.
    pub site: Option<String>,
    /// `Date`, as `YYYY.MM.DD`.
    pub date: Option<String>,
    /// `Round`.
    pub round: Option<String>,
    /// `White`: the first player's name.
    pub white: Option<String>,
    /// `Black`: the second player's name.
    pub black: Option<String>,
}

/// The PGN result of a game that ended, else `*`.
pub(crate) fn result_token(status: &Status) -> &'static str {
    match status.result() {
        Some(GameResult::Win(Player::First)) => "1-0",
        Some(GameResult::Win(Player::Second)) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2",
        None => "*",
    }
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes one game as PGN: tags, SAN moves with move numbers (lines of at most 80 characters),
/// and the result (`status` is the state after the last move).
pub fn write_pgn(
    engine: &Engine,
    start: &Position,
    moves: &[Move],
    tags: &Tags,
    status: &Status,
) -> String {
    let rules = engine.rules();
    let result = result_token(status);
    let q = |v: &Option<String>| quote(v.as_deref().unwrap_or("?"));
    let mut out = String::new();
    for (name, value) in [
        ("Event", q(&tags.event)),
        ("Site", q(&tags.site)),
        ("Date", quote(tags.date.as_deref().unwrap_or("????.??.??"))),
        ("Round", q(&tags.round)),
        ("White", q(&tags.white)),
        ("Black", q(&tags.black)),
        ("Result", result.to_string()),
        ("Variant", quote(&rules.name)),
    ] {
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    let start_fen = to_fen(engine, start);
    if start_fen != to_fen(engine, &engine.start_position()) {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", quote(&start_fen)));
    }
    out.push('\n');
    let mut words = movetext_words(engine, start, moves);
    words.push(result.to_string());
    out.push_str(&wrap_words(&words));
    out.push('\n');
    out
}

/// The movetext of a game as words: move numbers (`1.`, or `1...` when the game starts with the
/// second player) and each move in SAN.
pub(crate) fn movetext_words(engine: &Engine, start: &Position, moves: &[Move]) -> Vec<String> {
    let mut words: Vec<String> = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    let mut pos = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let n = pos.fullmove_number();
        if pos.side_to_move() == Player::First {
            words.push(format!("{n}."));
        } else if i == 0 {
            words.push(format!("{n}..."));
        }
        let legal = engine.legal_moves(&pos);
        words.push(san_among(engine, &pos, &legal, mv));
        pos = engine.play(&pos, mv);
    }
    words
}

/// Joins words with spaces into lines of at most 80 characters (PGN's export format; a longer
/// word stands alone on its line), without a final newline.
pub(crate) fn wrap_words(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(&line);
    out
}
