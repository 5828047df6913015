//! Notation: FEN in and out, move text (`e2e4`, `e7e8q`, `7g7f+`-style `b2h8+`, `P@e4`), SAN
//! ([`san`](mod@san)) and PGN ([`pgn`]).

pub(crate) mod pgn;
pub(crate) mod san;

pub(crate) use san::san;

use crate::engine::{Engine, Move, MoveKind, Position};
use crate::geometry::Square;
use crate::rules::PieceKind;

pub(crate) use crate::engine::fen::FenError;

/// Move text that does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What is wrong.
    pub message: String,
    /// Byte offset of the fault in the move text.
    pub offset: usize,
    /// Length of the faulty part.
    pub len: usize,
    /// What would be right (for example the legal moves of that piece).
    pub help: Option<String>,
}

/// Reads a FEN for this engine's variant.
///
/// ```
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = chimera::Engine::new(rules)?;
/// let pos = chimera::parse_fen(&engine, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// assert_eq!(engine.legal_moves(&pos).len(), 15); // 5 king moves, 9 rook moves, castling
/// // A FEN that does not fit the board is an error, not a panic.
/// assert!(chimera::parse_fen(&engine, "4k3/8/8 w - - 0 1").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_fen(engine: &Engine, fen: &str) -> Result<Position, FenError> {
    engine.position_from_fen(fen)
}

/// Writes a position as FEN.
///
/// ```
/// use chimera::{parse_move, to_fen};
///
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = chimera::Engine::new(rules)?;
/// let start = engine.start_position();
/// assert_eq!(to_fen(&engine, &start), engine.rules().start_fen);
/// let after = engine.play(&start, parse_move(&engine, &start, "e2e4")?);
/// assert_eq!(
///     to_fen(&engine, &after),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_fen(engine: &Engine, pos: &Position) -> String {
    crate::engine::fen::to_fen(engine.rules(), pos)
}

/// The text of a move in a position: `e2e4`, `e7e8q`, `b2h8+` (promotion to the `+` form),
/// `a1a2-` (a `+` form turning back into its base), `P@e4` (drop), `+P@e4` (a drop with the
/// promoted face up), `c1e3xd2` (a locust move that also captures on d2).
///
/// ```
/// use chimera::{move_text, parse_move, san};
///
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = chimera::Engine::new(rules)?;
/// let start = engine.start_position();
/// let mv = parse_move(&engine, &start, "Nf3")?;
/// assert_eq!(move_text(&engine, &start, mv), "g1f3");
/// assert_eq!(san(&engine, &start, mv), "Nf3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_text(engine: &Engine, pos: &Position, mv: Move) -> String {
    let rules = engine.rules();
    let d = rules.board.dims;
    if let Some(k) = mv.dropped_kind() {
        return format!("{}@{}", rules.piece(k).letter, d.name(mv.to));
    }
    // A castling gate on the rook's square is written from the rook's square to the king's
    // (`h1e1h`), as Fairy-Stockfish writes it.
    let mut s = match (mv.kind, mv.gate) {
        (MoveKind::Castle { rook }, Some(g)) if g.on_rook => {
            format!("{}{}", d.name(rook), d.name(mv.from))
        }
        // `castling ... to` (Chess960): the king takes its own rook (`e1h1`), as UCI_Chess960
        // writes it; the king's own squares can be one square, or a plain king move's.
        (MoveKind::Castle { rook }, _) if castles_anywhere(rules) => {
            format!("{}{}", d.name(mv.from), d.name(rook))
        }
        _ => format!("{}{}", d.name(mv.from), d.name(mv.to)),
    };
    if let Some(k) = mv.promotion {
        let target = &rules.piece(k).letter;
        let mover = pos
            .piece_at(mv.from)
            .map(|p| rules.piece(p.kind).letter.as_str())
            .unwrap_or("");
        if target.strip_prefix('+') == Some(mover) {
            s.push('+');
        } else if mover.strip_prefix('+') == Some(target.as_str()) {
            s.push('-');
        } else {
            s.push_str(&target.to_ascii_lowercase());
        }
    }
    if let MoveKind::Locust { victim: x } = mv.kind {
        s.push('x');
        s.push_str(&d.name(x));
    }
    // `gating`: the letter of the piece that enters, in lower case (`b1c3h`).
    if let Some(g) = mv.gate {
        s.push_str(&rules.piece(g.kind).letter.to_ascii_lowercase());
    }
    // `walls`: the wall after a comma, as the piece's landing square and the wall's
    // (`e2e4,e4e5`), as Fairy-Stockfish writes it.
    if let Some(w) = mv.wall {
        s.push(',');
        s.push_str(&d.name(mv.to));
        s.push_str(&d.name(w));
    }
    s
}

/// Whether the variant castles with `castling ... to` (Chess960): the king's and rook's squares
/// come from the position.
pub(crate) fn castles_anywhere(rules: &crate::rules::RuleSet) -> bool {
    rules
        .castling
        .as_ref()
        .is_some_and(|c| c.to_files.is_some())
}

/// A castling move as the king's move alone (`e1g1`), as UCI writes it without `UCI_Chess960`.
pub(crate) fn king_move_text(engine: &Engine, mv: Move) -> String {
    let d = engine.rules().board.dims;
    format!("{}{}", d.name(mv.from), d.name(mv.to))
}

fn move_err(
    message: impl Into<String>,
    offset: usize,
    len: usize,
    help: Option<String>,
) -> MoveError {
    MoveError {
        message: message.into(),
        offset,
        len: len.max(1),
        help,
    }
}

/// Reads move text (coordinates or SAN) and finds the legal move it names.
///
/// ```
/// use chimera::parse_move;
///
/// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
/// let engine = chimera::Engine::new(rules)?;
/// let start = engine.start_position();
/// // Coordinates and SAN name the same move.
/// assert_eq!(parse_move(&engine, &start, "e2e4")?, parse_move(&engine, &start, "e4")?);
/// // An illegal move is an error that lists what is legal.
/// let err = parse_move(&engine, &start, "e2e5").unwrap_err();
/// assert!(err.help.is_some_and(|h| h.contains("e2e4")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_move(engine: &Engine, pos: &Position, text: &str) -> Result<Move, MoveError> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    if t.is_empty() {
        return Err(move_err(
            "no move given",
            0,
            0,
            Some("write a move like `e2e4`, `e7e8q` or `P@e4`".into()),
        ));
    }
    let legal = engine.legal_moves(pos);
    if engine.rules().walls.is_some() {
        return parse_with_wall(engine, pos, &legal, t, lead);
    }
    parse_among(engine, pos, &legal, t, lead)
}

/// Reads a move of a variant with `walls`: the move, a comma and where its wall goes, as the
/// landing square and the wall's (`e2e4,e4e5`) or the wall's alone (`e4,e5`); the move part is
/// read as any move is, among the moves that may put a wall there.
fn parse_with_wall(
    engine: &Engine,
    pos: &Position,
    legal: &[Move],
    t: &str,
    lead: usize,
) -> Result<Move, MoveError> {
    let d = engine.rules().board.dims;
    let Some(comma) = t.rfind(',') else {
        let example = legal
            .first()
            .map(|&m| format!(", like `{}`", move_text(engine, pos, m)))
            .unwrap_or_default();
        return Err(move_err(
            format!("`{t}` does not say where the wall goes"),
            lead,
            t.len(),
            Some(format!(
                "write the move, a comma, then the landing square and the wall's square{example}"
            )),
        ));
    };
    let (base, tail) = (&t[..comma], &t[comma + 1..]);
    // The wall is the last square named after the comma.
    let mut rest = tail;
    let mut wall = None;
    while !rest.is_empty() {
        let (sq, after) = split_square(rest);
        if sq.is_empty() {
            wall = None;
            break;
        }
        wall = d.parse_square(sq);
        rest = after;
    }
    let at = lead + comma + 1;
    let Some(wall) = wall else {
        return Err(move_err(
            format!("`{tail}` is not a square for the wall"),
            at,
            tail.len(),
            Some("after the comma write the landing square and the wall's, like `e4e5`".into()),
        ));
    };
    let bases: Vec<Move> = legal
        .iter()
        .filter(|m| m.wall == Some(wall))
        .map(|&m| Move { wall: None, ..m })
        .collect();
    if bases.is_empty() {
        return Err(move_err(
            format!("no legal move may put its wall on {}", d.name(wall)),
            at,
            tail.len(),
            Some("a wall goes on an empty square the variant's `walls` rule allows".into()),
        ));
    }
    let found = parse_among(engine, pos, &bases, base, lead)?;
    Ok(Move {
        wall: Some(wall),
        ..found
    })
}

/// Finds the move among `legal` that `t` names (coordinates or SAN); `lead` is where `t` starts
/// in the text the user typed, for the error's span.
fn parse_among(
    engine: &Engine,
    pos: &Position,
    legal: &[Move],
    t: &str,
    lead: usize,
) -> Result<Move, MoveError> {
    let rules = engine.rules();
    let texts: Vec<String> = legal.iter().map(|m| move_text(engine, pos, *m)).collect();
    let want = t.to_ascii_lowercase();
    // Coordinates start with a lower-case file; `G12g11` is SAN (a Gold from rank 12), not `g12g11`.
    let coordinates = t.contains('@') || !t.starts_with(|c: char| c.is_ascii_uppercase());
    if let Some(i) = texts
        .iter()
        .position(|x| coordinates && x.to_ascii_lowercase() == want)
    {
        return Ok(legal[i]);
    }
    // `castling ... to`: a castling may also be written as the king's move (`e1g1`), when no
    // other move is written so.
    if coordinates && castles_anywhere(rules) {
        let king_moves: Vec<usize> = (0..legal.len())
            .filter(|&i| legal[i].is_castle() && legal[i].from != legal[i].to)
            .filter(|&i| king_move_text(engine, legal[i]).to_ascii_lowercase() == want)
            .collect();
        if let [i] = king_moves.as_slice() {
            return Ok(legal[*i]);
        }
    }
    // A locust move may be written without the captured square when that is unambiguous.
    let short: Vec<usize> = (0..legal.len())
        .filter(|&i| {
            let x = texts[i].to_ascii_lowercase();
            if !coordinates {
                return false;
            }
            x.starts_with(&want) && x[want.len()..].starts_with('x')
        })
        .collect();
    if short.len() == 1 {
        return Ok(legal[short[0]]);
    }
    // SAN (which also reads coordinates with an omitted or capital suffix).
    let san_found = san::matches(rules, pos, legal, t);
    if let Some(found) = &san_found {
        match found.as_slice() {
            [one] => return Ok(*one),
            [] => {}
            many => {
                let sans: Vec<String> = many
                    .iter()
                    .map(|m| san::san_among(engine, pos, legal, *m))
                    .collect();
                let promotes = many.iter().all(|m| m.promotion.is_some());
                let message = if promotes {
                    format!("`{}` promotes: say to what", t)
                } else {
                    format!("`{}` could be {} moves", t, many.len())
                };
                return Err(move_err(
                    message,
                    lead,
                    t.len(),
                    Some(format!("write one of: {}", sans.join(" "))),
                ));
            }
        }
    }
    if legal.is_empty() {
        return Err(move_err(
            format!("`{}` is not legal: there are no legal moves", t),
            lead,
            t.len(),
            Some("the game is over; see `status`".into()),
        ));
    }
    if let Some(at) = t.find('@') {
        return Err(drop_error(engine, pos, &texts, t, lead, at));
    }
    Err(board_move_error(
        engine,
        pos,
        legal,
        &texts,
        t,
        lead,
        san_found.is_some(),
    ))
}

/// The move list as the REPL's `moves` shows it: sorted, or `none`.
fn list(ms: &[String]) -> String {
    if ms.is_empty() {
        "none".to_string()
    } else {
        let mut ms = ms.to_vec();
        ms.sort_by_key(|m| natural_key(m));
        ms.join(" ")
    }
}

/// A sort key that compares the numbers in a move's text as numbers, so squares come in board
/// order (`a8 a9 a10`, not `a10 a8 a9`).
fn natural_key(text: &str) -> Vec<(String, u32)> {
    let mut key = Vec::new();
    let mut word = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap_or(0);
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d);
                chars.next();
            }
            key.push((std::mem::take(&mut word), n));
        } else {
            word.push(c);
        }
    }
    key.push((word, 0));
    key
}

/// Why the drop `t` (with `@` at byte `at`) is not legal; `texts` are the legal moves' texts.
fn drop_error(
    engine: &Engine,
    pos: &Position,
    texts: &[String],
    t: &str,
    lead: usize,
    at: usize,
) -> MoveError {
    let rules = engine.rules();
    let d = rules.board.dims;
    if at == 0 {
        let letters: Vec<&str> = rules.pieces.iter().map(|p| p.letter.as_str()).collect();
        return move_err(
            format!("`{}` names no piece before `@`", t),
            lead,
            1,
            Some(format!(
                "a drop is a piece letter, `@` and a square, like `P@e4`; pieces: {}",
                letters.join(" ")
            )),
        );
    }
    let letter = t[..at].to_ascii_uppercase();
    let Some(kind) = rules.kind_by_letter(&letter) else {
        let letters: Vec<&str> = rules.pieces.iter().map(|p| p.letter.as_str()).collect();
        return move_err(
            format!("no piece has the letter `{}`", &t[..at]),
            lead,
            at,
            Some(format!("pieces: {}", letters.join(" "))),
        );
    };
    let sq_text = &t[at + 1..];
    if sq_text.is_empty() {
        return move_err(
            format!("`{}` needs a square after `@`", t),
            lead,
            t.len(),
            Some(format!("a drop is written like `{}e4`", t)),
        );
    }
    let Some(sq) = d.parse_square(sq_text) else {
        return move_err(
            format!(
                "`{}` is not a square of this {}x{} board",
                sq_text, d.files, d.ranks
            ),
            lead + at + 1,
            sq_text.len(),
            None,
        );
    };
    let side = pos.side_to_move();
    if pos.hand(side, kind) == 0 {
        return move_err(
            format!("there is no {} in hand to drop", rules.piece(kind).name),
            lead,
            at,
            None,
        );
    }
    let drops: Vec<String> = texts
        .iter()
        .filter(|x| x.starts_with(&format!("{}@", rules.piece(kind).letter)))
        .cloned()
        .collect();
    move_err(
        drop_refusal(engine, pos, kind, sq),
        lead + at + 1,
        sq_text.len(),
        Some(format!(
            "a {} may be dropped on: {}",
            rules.piece(kind).name,
            list(&drops)
        )),
    )
}

/// Why the board move `t` is not legal: two squares and a suffix, or else SAN that matched nothing
/// (`san_found`: whether the text read as SAN at all).
fn board_move_error(
    engine: &Engine,
    pos: &Position,
    legal: &[Move],
    texts: &[String],
    t: &str,
    lead: usize,
    san_found: bool,
) -> MoveError {
    let rules = engine.rules();
    let d = rules.board.dims;
    let (from_text, rest) = split_square(t);
    if from_text.len() < 2 || split_square(rest).0.len() < 2 {
        return san::explain(engine, pos, legal, t, lead, san_found);
    }
    let Some(from) = d.parse_square(from_text) else {
        let msg = if from_text.is_empty() {
            format!("`{}` does not start with a square", t)
        } else {
            format!(
                "`{}` is not a square of this {}x{} board",
                from_text, d.files, d.ranks
            )
        };
        return move_err(
            msg,
            lead,
            from_text.len().max(1),
            Some("write a move as two squares, like `e2e4`, or a drop like `P@e4`".into()),
        );
    };
    let (to_text, suffix) = split_square(rest);
    let to_at = lead + from_text.len();
    let Some(to) = d.parse_square(to_text) else {
        let msg = if to_text.is_empty() {
            format!("`{}` needs a destination square after {}", t, from_text)
        } else {
            format!(
                "`{}` is not a square of this {}x{} board",
                to_text, d.files, d.ranks
            )
        };
        return move_err(msg, to_at, to_text.len(), None);
    };
    let Some(piece) = pos.piece_at(from) else {
        return move_err(
            format!("there is no piece on {}", from_text),
            lead,
            from_text.len(),
            None,
        );
    };
    let name = &rules.piece(piece.kind).name;
    if piece.player != pos.side_to_move() {
        return move_err(
            format!(
                "the {} on {} belongs to {}, but {} is to move",
                name,
                from_text,
                rules.players[piece.player],
                rules.players[pos.side_to_move()]
            ),
            lead,
            from_text.len(),
            None,
        );
    }
    let own: Vec<String> = legal
        .iter()
        .zip(texts)
        .filter(|(m, _)| !m.is_drop() && m.from == from)
        .map(|(_, x)| x.clone())
        .collect();
    let same_to: Vec<String> = legal
        .iter()
        .zip(texts)
        .filter(|(m, _)| !m.is_drop() && m.from == from && m.to == to)
        .map(|(_, x)| x.clone())
        .collect();
    if same_to.is_empty() {
        // Allowed by the piece's moves but not legal: the royal rule refused it.
        let refused = engine
            .pseudo_legal_moves(pos)
            .iter()
            .any(|m| !m.is_drop() && m.from == from && m.to == to);
        let own_piece = pos
            .piece_at(to)
            .filter(|p| p.player == pos.side_to_move())
            .map(|p| engine.rules().piece(p.kind).name.clone());
        // `must-capture`: a move that captures nothing while a capture is legal.
        let capture_due = refused
            && engine.rules().end.must_capture
            && legal.iter().any(|&m| engine.is_capture(pos, m));
        let message = if let Some(blocker) = own_piece {
            format!(
                "the {} on {} cannot move to {}: {} is occupied by {}'s own {}",
                name,
                from_text,
                to_text,
                to_text,
                engine.rules().players[pos.side_to_move()],
                blocker
            )
        } else if capture_due {
            format!(
                "the {} on {} cannot move to {}: capturing is compulsory, and {} has a capture to make",
                name,
                from_text,
                to_text,
                engine.rules().players[pos.side_to_move()]
            )
        } else if refused {
            format!(
                "the {} on {} cannot move to {}: that would leave {} in check",
                name,
                from_text,
                to_text,
                royal_words(engine, pos.side_to_move())
            )
        } else {
            format!(
                "the {} on {} cannot move to {}: a {} does not move that way from there",
                name, from_text, to_text, name
            )
        };
        return move_err(
            message,
            lead,
            t.len() - suffix.len(),
            Some(format!("legal moves of this {}: {}", name, list(&own))),
        );
    }
    let plain = from_text.to_string() + to_text;
    let promotes = legal
        .iter()
        .any(|m| !m.is_drop() && m.from == from && m.to == to && m.promotion.is_some());
    let locust = legal.iter().any(|m| {
        !m.is_drop() && m.from == from && m.to == to && matches!(m.kind, MoveKind::Locust { .. })
    });
    let message = if suffix.is_empty() && promotes {
        format!("{plain} promotes: say to what")
    } else if suffix.is_empty() {
        format!("{plain} could be {} moves", same_to.len())
    } else if locust && suffix.starts_with('x') {
        format!(
            "the {} moving from {} to {} cannot capture on {}",
            name,
            from_text,
            to_text,
            &suffix[1..]
        )
    } else if !promotes {
        format!(
            "{plain} is not a promotion: `{}` has no place after it",
            suffix
        )
    } else {
        let choice = suffix.trim_start_matches('=');
        match rules
            .kind_by_letter(&choice.to_ascii_uppercase())
            .or_else(|| rules.kind_by_letter(choice))
        {
            Some(k) => format!(
                "the {} on {} cannot promote to a {} on {}",
                name,
                from_text,
                rules.piece(k).name,
                to_text
            ),
            None => format!(
                "`{}` names no piece the {} on {} can promote to on {}",
                suffix, name, from_text, to_text
            ),
        }
    };
    move_err(
        message,
        lead + t.len() - suffix.len(),
        suffix.len(),
        Some(format!("write one of: {}", list(&same_to))),
    )
}

/// A side's royal pieces in words, for "that would leave White's King in check": the kind's name
/// when the rules have one royal kind.
pub(crate) fn royal_words(engine: &Engine, side: crate::geometry::Player) -> String {
    let rules = engine.rules();
    let player = &rules.players[side];
    let royals: Vec<PieceKind> = rules.royal_kinds().collect();
    match royals.as_slice() {
        [one] => format!("{player}'s {}", rules.piece(*one).name),
        _ => format!("{player}'s royal pieces"),
    }
}

/// Splits a leading square name (letter + digits) off a string.
fn split_square(t: &str) -> (&str, &str) {
    let b = t.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return ("", t);
    }
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    (&t[..i], &t[i..])
}

/// Why a drop of `kind` on `sq` is refused, in words: occupied, outside its zone (named, when the
/// zone has a name), a second one on a file, mate by drop, the mover's royal left in check, or no
/// move from there.
fn drop_refusal(engine: &Engine, pos: &Position, kind: PieceKind, sq: Square) -> String {
    let rules = engine.rules();
    let d = rules.board.dims;
    let side = pos.side_to_move();
    let name = &rules.piece(kind).name;
    let at = d.name(sq);
    if let Some(p) = pos.piece_at(sq) {
        return format!(
            "{} is occupied by a {}: drops go to empty squares",
            at,
            rules.piece(p.kind).name
        );
    }
    if let Some(Some(zone)) = rules.drops.zones.get(kind.index()) {
        if !zone[side].contains(sq) {
            let named = rules
                .zones
                .iter()
                .find(|(_, z)| *z == zone)
                .map(|(n, _)| format!("`{n}`"))
                .unwrap_or_else(|| "its drop zone".into());
            let mut allowed: Vec<String> = zone[side].iter().map(|s| d.name(s)).collect();
            allowed.sort();
            let shown = if allowed.len() > 24 {
                format!(
                    "{} ... ({} squares)",
                    allowed[..24].join(" "),
                    allowed.len()
                )
            } else {
                allowed.join(" ")
            };
            return format!(
                "a {} may only be dropped in {} ({}), and {} is outside it",
                name, named, shown, at
            );
        }
    }
    if rules.drops.one_per_file.contains(&kind) && rules.drops.per_file != 1 {
        let file = d.file(sq);
        let n = pos
            .pieces()
            .filter(|(s, p)| p.player == side && p.kind == kind && d.file(*s) == file && *s != sq)
            .count();
        if n >= usize::from(rules.drops.per_file) {
            return format!(
                "the {}-file holds {n} of {}'s {}: at most {} per file",
                crate::geometry::file_letter(file),
                rules.players[side],
                name,
                rules.drops.per_file
            );
        }
    } else if rules.drops.one_per_file.contains(&kind) {
        let file = d.file(sq);
        let twin = pos
            .pieces()
            .find(|(s, p)| p.player == side && p.kind == kind && d.file(*s) == file && *s != sq);
        if let Some((s, _)) = twin {
            return format!(
                "there is already a {} of {} on the {}-file ({}): at most one per file",
                name,
                rules.players[side],
                crate::geometry::file_letter(file),
                d.name(s)
            );
        }
    }
    let after = engine.play(pos, Move::drop(kind, sq));
    if rules.drops.no_drop_mate.contains(&kind)
        && engine.in_check(&after)
        && engine.legal_moves(&after).is_empty()
    {
        return format!("a {} may not be dropped to give checkmate", name);
    }
    let mut own = after.clone();
    own.set_side_to_move(side);
    if engine.in_check(&own) {
        return format!(
            "dropping a {} on {} leaves {} in check",
            name, at, rules.players[side]
        );
    }
    if rules.drops.must_have_move {
        return format!("a {} dropped on {} would have no move from there", name, at);
    }
    format!("a {} may not be dropped on {}", name, at)
}

#[cfg(test)]
mod list_order_tests {
    #[test]
    fn squares_are_listed_in_board_order() {
        let ms: Vec<String> = ["P@a10", "P@b8", "P@a8", "P@a9"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(super::list(&ms), "P@a8 P@a9 P@a10 P@b8");
    }
}
