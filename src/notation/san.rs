//! SAN (standard algebraic notation) for any rule set, written and read.
//!
//! Written form: the mover's letter (none for the kind whose letter is `P`, the pawn-like kind by
//! the rule stated in the README), the least disambiguation that makes the move unique (file, then
//! rank, then the whole square), `x` for a capture, the destination, the promotion (`=Q`, or `+`
//! when the result is the `+` form of the mover's letter; `=` alone for a move that could promote
//! but does not, where the plain move would read otherwise), a locust victim as `xd2`, drops as
//! `P@e4`, castling as `O-O`/`O-O-O`, and `+`/`#` for check and mate.
//!
//! Every written string is read back before it is returned: when it does not name exactly its move
//! the next disambiguation level is tried, and the coordinate text is the last resort. So no written
//! SAN is ambiguous by construction; the round-trip test checks it on every shipped definition.

use crate::engine::{Engine, Move, MoveKind, Position, Status};
use crate::geometry::{Dimensions, Square};
use crate::rules::{PieceKind, RuleSet};

/// The letter of the kind written without a letter in SAN (the pawn-like kind).
pub(crate) const LETTERLESS: &str = "P";

/// Whether `kind` is written without a letter in SAN.
pub(crate) fn is_letterless(rules: &RuleSet, kind: PieceKind) -> bool {
    rules.piece(kind).letter == LETTERLESS
}

/// The SAN of a legal move in `pos`, with `+` or `#` when it gives check or mate.
pub fn san(engine: &Engine, pos: &Position, mv: Move) -> String {
    let legal = engine.legal_moves(pos);
    san_among(engine, pos, &legal, mv)
}

/// The SAN of `mv`, given the legal moves of `pos` (saves generating them again).
pub fn san_among(engine: &Engine, pos: &Position, legal: &[Move], mv: Move) -> String {
    let suffix = check_suffix(engine, pos, mv);
    // `walls`: the move's SAN among the moves without their walls, then `,` and the wall's
    // square (`e4,e5`).
    if let Some(w) = mv.wall {
        let bases = without_walls(legal);
        let base = Move { wall: None, ..mv };
        let d = engine.rules().board.dims;
        for body in bodies(engine.rules(), pos, &bases, base) {
            if matches(engine.rules(), pos, &bases, &body).as_deref() == Some(&[base][..]) {
                return format!("{body},{}{suffix}", d.name(w));
            }
        }
        return format!("{}{}", super::move_text(engine, pos, mv), suffix);
    }
    for body in bodies(engine.rules(), pos, legal, mv) {
        let text = format!("{body}{suffix}");
        if matches(engine.rules(), pos, legal, &text).as_deref() == Some(&[mv][..]) {
            return text;
        }
    }
    format!("{}{}", super::move_text(engine, pos, mv), suffix)
}

/// The moves of `legal` with their walls taken off, each once.
fn without_walls(legal: &[Move]) -> Vec<Move> {
    // A duck chess position has hundreds of moves: a set, not a scan per move.
    let bases: indexmap::IndexSet<Move> = legal.iter().map(|m| Move { wall: None, ..*m }).collect();
    bases.into_iter().collect()
}

/// `+` when the move gives check, `#` when it mates, else nothing.
fn check_suffix(engine: &Engine, pos: &Position, mv: Move) -> &'static str {
    let after = engine.play(pos, mv);
    if !engine.in_check(&after) {
        return "";
    }
    match engine.status(&after) {
        Status::Checkmate(_) => "#",
        _ => "+",
    }
}

/// The square a locust move also captures on, if it is one.
fn locust_victim(mv: Move) -> Option<Square> {
    match mv.kind {
        MoveKind::Locust { victim } => Some(victim),
        _ => None,
    }
}

/// Whether the move captures on its destination square.
fn captures_on_to(pos: &Position, mv: Move) -> bool {
    match mv.kind {
        MoveKind::EnPassant { .. } => true,
        MoveKind::Drop(_) | MoveKind::Castle { .. } => false,
        _ => pos
            .piece_at(mv.to)
            .is_some_and(|p| p.player != pos.side_to_move()),
    }
}

/// Candidate texts (without check marks) for a move, shortest disambiguation first; a gated
/// move adds `/H` (castling `/He1`, naming the square, as Fairy-Stockfish writes it).
fn bodies(rules: &RuleSet, pos: &Position, legal: &[Move], mv: Move) -> Vec<String> {
    let gate = match mv.gate_square() {
        Some((sq, k)) if mv.is_castle() => {
            format!("/{}{}", rules.piece(k).letter, rules.board.dims.name(sq))
        }
        Some((_, k)) => format!("/{}", rules.piece(k).letter),
        None => String::new(),
    };
    ungated_bodies(rules, pos, legal, mv)
        .into_iter()
        .map(|b| b + &gate)
        .collect()
}

fn ungated_bodies(rules: &RuleSet, pos: &Position, legal: &[Move], mv: Move) -> Vec<String> {
    let d = rules.board.dims;
    match mv.kind {
        MoveKind::Drop(k) => {
            let face = mv.promotion.unwrap_or(k);
            return vec![format!("{}@{}", rules.piece(face).letter, d.name(mv.to))];
        }
        MoveKind::Castle { rook } => {
            // The side is the rook's: in Chess960 the king may stay, or move away from its rook.
            let long = d.file(rook) < d.file(mv.from);
            return vec![if long { "O-O-O" } else { "O-O" }.to_string()];
        }
        _ => {}
    }
    let Some(mover) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    let letterless = is_letterless(rules, mover.kind);
    let letter = if letterless {
        ""
    } else {
        rules.piece(mover.kind).letter.as_str()
    };
    let capture = captures_on_to(pos, mv);
    let x = if capture { "x" } else { "" };
    let promo = match mv.promotion {
        Some(k) => promotion_text(rules, legal, mv, mover.kind, k),
        None => String::new(),
    };
    // A plain move that could also promote may need `=` to say "no promotion".
    let could_promote = mv.promotion.is_none()
        && legal
            .iter()
            .any(|m| m.from == mv.from && m.to == mv.to && !m.is_drop() && m.promotion.is_some());
    let victim = locust_victim(mv)
        .map(|s| format!("x{}", d.name(s)))
        .unwrap_or_default();
    let file = crate::geometry::file_letter(d.file(mv.from)).to_string();
    let rank = (d.rank(mv.from) as u32 + 1).to_string();
    let mut levels = vec![String::new(), file.clone(), rank, d.name(mv.from)];
    if letterless && capture {
        levels.remove(0); // a pawn-like capture always names its file, as in chess
    }
    let to = d.name(mv.to);
    let mut out = Vec::new();
    for from in levels {
        out.push(format!("{letter}{from}{x}{to}{promo}{victim}"));
        if could_promote {
            out.push(format!("{letter}{from}{x}{to}={victim}"));
        }
    }
    out
}

/// `=Q`, `=+Q` or `+` for a promotion to `target` by `mover`.
fn promotion_text(
    rules: &RuleSet,
    legal: &[Move],
    mv: Move,
    mover: PieceKind,
    target: PieceKind,
) -> String {
    let t = &rules.piece(target).letter;
    if t.strip_prefix('+') == Some(rules.piece(mover).letter.as_str()) {
        return "+".into();
    }
    // `=Q` for `+Q` when no other promotion of this move is also a `Q`.
    if let Some(base) = t.strip_prefix('+') {
        let clash = legal.iter().any(|m| {
            m.from == mv.from
                && m.to == mv.to
                && m.promotion
                    .is_some_and(|k| k != target && rules.piece(k).letter == base)
        });
        if !clash {
            return format!("={base}");
        }
    }
    format!("={t}")
}

/// One piece of a SAN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// A whole square: file and rank, from 0.
    Square(u8, u8),
    /// A file alone (or a lower-case promotion letter at the end: `e7e8q`).
    File(u8),
    /// A rank alone, from 0.
    Rank(u8),
    /// `x` or `:`.
    Capture,
    /// `-`.
    Dash,
    /// `=`.
    Equals,
    /// `+`.
    Plus,
    /// `#`.
    Hash,
    /// An upper-case letter.
    Upper(u8),
}

fn tokenize(text: &str) -> Option<Vec<Token>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'a'..=b'z' => {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                if j > i + 1 {
                    let (f, r) = crate::geometry::split_square_name(&text[i..j])?;
                    out.push(Token::Square(f, r));
                } else if c == b'x' {
                    out.push(Token::Capture);
                } else {
                    out.push(Token::File(c - b'a'));
                }
                i = j;
                continue;
            }
            b'0'..=b'9' => {
                let mut j = i;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let r: u32 = text[i..j].parse().ok()?;
                if r == 0 || r > 99 {
                    return None;
                }
                out.push(Token::Rank((r - 1) as u8));
                i = j;
                continue;
            }
            b':' => out.push(Token::Capture),
            b'-' => out.push(Token::Dash),
            b'=' => out.push(Token::Equals),
            b'+' => out.push(Token::Plus),
            b'#' => out.push(Token::Hash),
            b'A'..=b'Z' => out.push(Token::Upper(c)),
            _ => return None,
        }
        i += 1;
    }
    Some(out)
}

/// The promotion a text asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Promo {
    /// Not said: a plain move when there is one, else the only promotion.
    Unsaid,
    /// `=` alone: no promotion.
    Declined,
    /// `+`: the `+` form of the mover.
    Plus,
    /// `=Q`, `Q`, `q`, `=+Q`: the kind with this letter (or its `+` form).
    Letter(String),
}

/// A board move as read from SAN.
#[derive(Clone, Debug)]
struct Parts {
    letter: Option<String>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: (u8, u8),
    promo: Promo,
    victim: Option<(u8, u8)>,
}

/// Every way to read the tokens of a board move (after its letter).
fn interpretations(letter: Option<String>, t: &[Token]) -> Vec<Parts> {
    // XBoard writes a locust move in the order it is made, `Ed11xc10-b9` (from, the victim, the
    // destination): read it as the same tokens in SAN's order, the victim after the destination
    // and its promotion, wherever the promotion ends.
    if let [from @ (Token::Square(..) | Token::File(_) | Token::Rank(_)), Token::Capture, victim @ Token::Square(..), Token::Dash, to @ Token::Square(..), rest @ ..] =
        t
    {
        let mut out = Vec::new();
        for k in 0..=rest.len() {
            let mut v = vec![*from, Token::Capture, *to];
            v.extend_from_slice(&rest[..k]);
            v.extend([Token::Capture, *victim]);
            v.extend_from_slice(&rest[k..]);
            out.extend(plain_interpretations(letter.clone(), &v));
        }
        return out;
    }
    plain_interpretations(letter, t)
}

/// Every way to read the tokens of a board move in SAN's order (after its letter).
fn plain_interpretations(letter: Option<String>, t: &[Token]) -> Vec<Parts> {
    let mut froms: Vec<(usize, Option<u8>, Option<u8>)> = vec![(0, None, None)];
    match t.first() {
        Some(Token::Square(f, r)) => froms.push((1, Some(*f), Some(*r))),
        Some(Token::File(f)) => froms.push((1, Some(*f), None)),
        Some(Token::Rank(r)) => froms.push((1, None, Some(*r))),
        _ => {}
    }
    let mut out = Vec::new();
    for (skip, from_file, from_rank) in froms {
        let mut j = skip;
        let mut capture = false;
        match t.get(j) {
            Some(Token::Capture) => {
                capture = true;
                j += 1;
            }
            Some(Token::Dash) if skip > 0 => j += 1,
            _ => {}
        }
        let Some(Token::Square(tf, tr)) = t.get(j) else {
            continue;
        };
        j += 1;
        // Promotion options: each consumes some tokens.
        let mut promos: Vec<(usize, Promo)> = vec![(0, Promo::Unsaid)];
        match (t.get(j), t.get(j + 1), t.get(j + 2)) {
            (Some(Token::Equals), Some(Token::Plus), Some(Token::Upper(c))) => {
                promos.push((3, Promo::Letter(format!("+{}", *c as char))))
            }
            (Some(Token::Equals), Some(Token::Upper(c)), _) => {
                promos.push((2, Promo::Letter((*c as char).to_string())))
            }
            (Some(Token::Equals), _, _) => promos.push((1, Promo::Declined)),
            (Some(Token::Plus), Some(Token::Upper(c)), _) => {
                promos.push((2, Promo::Letter(format!("+{}", *c as char))))
            }
            (Some(Token::Plus), Some(Token::File(f)), _) => {
                promos.push((2, Promo::Letter(format!("+{}", (b'A' + *f) as char))))
            }
            (Some(Token::Plus), _, _) => promos.push((1, Promo::Plus)),
            (Some(Token::Upper(c)), _, _) => {
                promos.push((1, Promo::Letter((*c as char).to_string())))
            }
            (Some(Token::File(f)), _, _) => {
                promos.push((1, Promo::Letter(((b'A' + *f) as char).to_string())))
            }
            _ => {}
        }
        for (n, promo) in promos {
            let mut k = j + n;
            let mut victim = None;
            if let (Some(Token::Capture), Some(Token::Square(vf, vr))) = (t.get(k), t.get(k + 1)) {
                victim = Some((*vf, *vr));
                k += 2;
            }
            // What is left must be check marks.
            if t[k.min(t.len())..]
                .iter()
                .all(|x| matches!(x, Token::Plus | Token::Hash))
            {
                out.push(Parts {
                    letter: letter.clone(),
                    from_file,
                    from_rank,
                    capture,
                    to: (*tf, *tr),
                    promo: promo.clone(),
                    victim,
                });
            }
        }
    }
    out
}

/// The legal moves a SAN text names, or `None` when the text is not SAN-shaped.
/// More than one move means the text is ambiguous.
pub(crate) fn matches(
    rules: &RuleSet,
    pos: &Position,
    legal: &[Move],
    text: &str,
) -> Option<Vec<Move>> {
    let d = rules.board.dims;
    let t = text.trim().trim_end_matches(['!', '?']);
    // `walls`: `MOVE,SQUARE` names the move and where its wall goes.
    if legal.iter().any(|m| m.wall.is_some()) {
        let (move_part, wall_part) = t.rsplit_once(',')?;
        let wall = d.parse_square(wall_part.trim_end_matches(['+', '#']))?;
        let bases = without_walls(legal);
        let found = matches(rules, pos, &bases, move_part)?;
        return Some(
            legal
                .iter()
                .copied()
                .filter(|m| m.wall == Some(wall) && found.contains(&Move { wall: None, ..*m }))
                .collect(),
        );
    }
    // `gating`: `/H` or `/He1` names the piece that enters (and where); without it, none enters.
    if let Some((move_part, gate_part)) = t.split_once('/') {
        let gate_part = gate_part.trim_end_matches(['+', '#']);
        let (letter, square) = match gate_part.find(|c: char| c.is_ascii_lowercase()) {
            Some(i) => (&gate_part[..i], Some(d.parse_square(&gate_part[i..])?)),
            None => (gate_part, None),
        };
        let kind = rules.kind_by_letter(letter)?;
        // The move it gates, among the legal moves with their gates taken off.
        let mut bases: Vec<Move> = Vec::new();
        for m in legal {
            let b = Move { gate: None, ..*m };
            if !bases.contains(&b) {
                bases.push(b);
            }
        }
        let found = matches(rules, pos, &bases, move_part)?;
        let mut out = Vec::new();
        for base in found {
            out.extend(legal.iter().copied().filter(|m| {
                Move { gate: None, ..*m } == base
                    && m.gate_square()
                        .is_some_and(|(s, k)| k == kind && square.is_none_or(|q| q == s))
            }));
        }
        return Some(out);
    }
    let legal_all = legal;
    let plain: Vec<Move> = legal.iter().copied().filter(|m| m.gate.is_none()).collect();
    let legal = if plain.len() == legal_all.len() {
        legal_all
    } else {
        &plain[..]
    };
    // Castling.
    let body = t.trim_end_matches(['+', '#']);
    let castle = match body {
        "O-O" | "0-0" | "o-o" => Some(false),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(true),
        _ => None,
    };
    if let Some(long) = castle {
        return Some(
            legal
                .iter()
                .copied()
                .filter(|m| {
                    m.castling_rook()
                        .is_some_and(|rook| (d.file(rook) < d.file(m.from)) == long)
                })
                .collect(),
        );
    }
    // Drops.
    if let Some(at) = body.find('@') {
        let letter = body[..at].to_ascii_uppercase();
        let sq = d.parse_square(&body[at + 1..])?;
        return Some(
            legal
                .iter()
                .copied()
                .filter(|m| match m.kind {
                    MoveKind::Drop(k) => {
                        let face = m.promotion.unwrap_or(k);
                        m.to == sq
                            && (rules.piece(face).letter == letter
                                || (letter.is_empty() && is_letterless(rules, k)))
                    }
                    _ => false,
                })
                .collect(),
        );
    }
    let tokens = tokenize(t)?;
    let (letter, rest) = match tokens.as_slice() {
        [Token::Plus, Token::Upper(c), rest @ ..] => (Some(format!("+{}", *c as char)), rest),
        [Token::Upper(c), rest @ ..] => (Some((*c as char).to_string()), rest),
        rest => (None, rest),
    };
    let readings = interpretations(letter, rest);
    if readings.is_empty() {
        return None;
    }
    // A `+` read as a promotion wins over the same `+` read as check.
    let mut found: Vec<Move> = Vec::new();
    for promo_plus in [true, false] {
        for p in readings
            .iter()
            .filter(|p| (p.promo == Promo::Plus) == promo_plus)
        {
            for m in matching(rules, d, pos, legal, p) {
                if !found.contains(&m) {
                    found.push(m);
                }
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    Some(found)
}

/// Kinds a letter that no kind has may stand for: the unpromoted kinds whose name starts with it
/// (other programs write a xiangqi Horse `H` and an Elephant `E` in SAN, though their FENs say
/// `N` and `B`). Empty when some kind has the letter.
fn aliases(rules: &RuleSet, letter: &str) -> Vec<PieceKind> {
    if letter.starts_with('+') || rules.kind_by_letter(letter).is_some() {
        return Vec::new();
    }
    rules
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.letter.starts_with('+') && p.name.starts_with(letter))
        .map(|(i, _)| PieceKind::from_index(i))
        .collect()
}

/// The legal moves one reading names.
fn matching(
    rules: &RuleSet,
    d: Dimensions,
    pos: &Position,
    legal: &[Move],
    p: &Parts,
) -> Vec<Move> {
    let Some(to) = d.square(p.to.0 as i32, p.to.1 as i32) else {
        return Vec::new();
    };
    let victim = match p.victim {
        Some((f, r)) => match d.square(f as i32, r as i32) {
            Some(s) => Some(s),
            None => return Vec::new(),
        },
        None => None,
    };
    let full_from = p.from_file.is_some() && p.from_rank.is_some();
    let exact = select(rules, d, pos, legal, p, to, victim, full_from, false);
    // Other programs write a promoted form by its base letter (crazyhouse `Q` for `+Q`).
    let base = if exact.is_empty() && p.letter.as_ref().is_some_and(|l| !l.starts_with('+')) {
        select(rules, d, pos, legal, p, to, victim, full_from, true)
    } else {
        exact
    };
    by_promotion(rules, pos, base, p)
}

/// The legal moves to `to` that the letter, origin, capture mark and victim of a reading allow;
/// with `promoted_too`, a letter also names the `+` form of that letter.
#[allow(clippy::too_many_arguments)]
fn select(
    rules: &RuleSet,
    d: Dimensions,
    pos: &Position,
    legal: &[Move],
    p: &Parts,
    to: Square,
    victim: Option<Square>,
    full_from: bool,
    promoted_too: bool,
) -> Vec<Move> {
    let base: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            if m.is_drop() || m.to != to {
                return false;
            }
            let Some(mover) = pos.piece_at(m.from) else {
                return false;
            };
            let ml = &rules.piece(mover.kind).letter;
            let kind_ok = match &p.letter {
                Some(l) => {
                    ml == l
                        || aliases(rules, l).contains(&mover.kind)
                        || (promoted_too && ml.strip_prefix('+') == Some(l.as_str()))
                }
                None => full_from || ml == LETTERLESS,
            };
            kind_ok
                && p.from_file.is_none_or(|f| d.file(m.from) == f)
                && p.from_rank.is_none_or(|r| d.rank(m.from) == r)
                && (!p.capture || captures_on_to(pos, *m) || locust_victim(*m).is_some())
                && match victim {
                    Some(v) => locust_victim(*m) == Some(v),
                    None => true,
                }
        })
        .collect();
    // Without a victim named, a move without one is meant when there is one.
    if victim.is_none() && base.iter().any(|m| locust_victim(*m).is_none()) {
        base.into_iter()
            .filter(|m| locust_victim(*m).is_none())
            .collect()
    } else {
        base
    }
}

/// Narrows the moves by the promotion a reading asks for.
fn by_promotion(rules: &RuleSet, pos: &Position, base: Vec<Move>, p: &Parts) -> Vec<Move> {
    let mover_letter = |m: &Move| {
        pos.piece_at(m.from)
            .map(|pc| rules.piece(pc.kind).letter.clone())
            .unwrap_or_default()
    };
    match &p.promo {
        Promo::Unsaid => {
            if base.iter().any(|m| m.promotion.is_none()) {
                base.into_iter().filter(|m| m.promotion.is_none()).collect()
            } else {
                base
            }
        }
        Promo::Declined => base.into_iter().filter(|m| m.promotion.is_none()).collect(),
        Promo::Plus => base
            .into_iter()
            .filter(|m| {
                m.promotion
                    .is_some_and(|k| rules.piece(k).letter == format!("+{}", mover_letter(m)))
            })
            .collect(),
        Promo::Letter(l) => {
            let exact: Vec<Move> = base
                .iter()
                .copied()
                .filter(|m| m.promotion.is_some_and(|k| &rules.piece(k).letter == l))
                .collect();
            if !exact.is_empty() {
                return exact;
            }
            base.into_iter()
                .filter(|m| {
                    m.promotion.is_some_and(|k| {
                        rules.piece(k).letter.strip_prefix('+') == Some(l.as_str())
                    })
                })
                .collect()
        }
    }
}

/// Why a SAN-shaped (or unreadable) text names no legal move, with what would be right.
/// `shaped` says whether the text read as SAN at all.
pub(crate) fn explain(
    engine: &Engine,
    pos: &Position,
    legal: &[Move],
    text: &str,
    lead: usize,
    shaped: bool,
) -> super::MoveError {
    let rules = engine.rules();
    let d = rules.board.dims;
    let err = |message: String, help: String| super::MoveError {
        message,
        offset: lead,
        len: text.len().max(1),
        help: Some(help),
    };
    let sans = |ms: &mut dyn Iterator<Item = &Move>| sans_of(engine, pos, legal, ms);
    if !shaped {
        return err(
            format!("`{}` is not a move", text),
            "write a move as two squares (`e2e4`), in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or as a drop (`P@e4`)".into(),
        );
    }
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    if body.starts_with("O-O") || body.starts_with("0-0") || body.starts_with("o-o") {
        return err(
            format!("`{}` is not legal here", text),
            castling_help(engine, pos, legal),
        );
    }
    let tokens = tokenize(body).unwrap_or_default();
    let letter = match tokens.as_slice() {
        [Token::Plus, Token::Upper(c), ..] => Some(format!("+{}", *c as char)),
        [Token::Upper(c), ..] => Some((*c as char).to_string()),
        _ => None,
    };
    let dest = tokens.iter().rev().find_map(|t| match t {
        Token::Square(f, r) => d.square(*f as i32, *r as i32),
        _ => None,
    });
    let kind = match &letter {
        Some(l) => match rules
            .kind_by_letter(l)
            .or(aliases(rules, l).first().copied())
        {
            Some(k) => Some(k),
            None => {
                let letters: Vec<&str> = rules.pieces.iter().map(|p| p.letter.as_str()).collect();
                return err(
                    format!("no piece has the letter `{}`", l),
                    format!("pieces: {}", letters.join(" ")),
                );
            }
        },
        None => rules.kind_by_letter(LETTERLESS),
    };
    let of_kind = |m: &&Move| {
        !m.is_drop() && pos.piece_at(m.from).map(|p| Some(p.kind) == kind) == Some(true)
    };
    let Some(dest) = dest else {
        return err(
            format!("`{}` names no destination square", text),
            "write a move as two squares (`e2e4`), in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or as a drop (`P@e4`)".into(),
        );
    };
    let to_dest: Vec<&Move> = legal
        .iter()
        .filter(|m| !m.is_drop() && m.to == dest)
        .collect();
    let Some(kind) = kind else {
        // No pawn-like kind: a bare square was probably meant as a destination.
        let mut coords: Vec<String> = to_dest
            .iter()
            .map(|m| super::move_text(engine, pos, **m))
            .collect();
        coords.sort();
        let help = if coords.is_empty() {
            format!("no piece can move to {}", d.name(dest))
        } else {
            format!("did you mean {}?", quoted_or(&coords))
        };
        return err(
            format!(
                "`{}` has no piece letter, and no piece of this variant is written without one (only a `P` is)",
                text
            ),
            help,
        );
    };
    let name = &rules.piece(kind).name;
    let kind_to_dest: Vec<&Move> = to_dest.iter().copied().filter(of_kind).collect();
    if !kind_to_dest.is_empty() {
        return err(
            format!(
                "`{}` matches none of the {} moves to {}",
                text,
                name,
                d.name(dest)
            ),
            format!("write one of: {}", sans(&mut kind_to_dest.into_iter())),
        );
    }
    let message = no_move_message(engine, pos, kind, dest);
    let mut help = format!(
        "legal {} moves: {}",
        name,
        sans(&mut legal.iter().filter(of_kind))
    );
    if letter.is_none() && !to_dest.is_empty() {
        let mut coords: Vec<String> = to_dest
            .iter()
            .map(|m| super::move_text(engine, pos, **m))
            .collect();
        coords.sort();
        help = format!("did you mean {}? ({})", quoted_or(&coords), help);
    }
    err(message, help)
}

/// Why no piece of `kind` moves to `dest`: the move would leave the royals in check, or no piece
/// of the kind can reach it, or the player has none.
fn no_move_message(engine: &Engine, pos: &Position, kind: PieceKind, dest: Square) -> String {
    let rules = engine.rules();
    let d = rules.board.dims;
    let side = pos.side_to_move();
    let name = &rules.piece(kind).name;
    let owned = pos
        .pieces()
        .any(|(_, p)| p.player == side && p.kind == kind);
    let refused = pos.piece_at(dest).is_none_or(|p| p.player != side)
        && engine.pseudo_legal_moves(pos).iter().any(|m| {
            !m.is_drop() && m.to == dest && pos.piece_at(m.from).is_some_and(|p| p.kind == kind)
        });
    if refused {
        format!(
            "a {} of {} could move to {}, but that would leave {} in check",
            name,
            rules.players[side],
            d.name(dest),
            super::royal_words(engine, side)
        )
    } else if owned {
        format!(
            "no {} of {} can move to {}",
            name,
            rules.players[side],
            d.name(dest)
        )
    } else {
        format!("{} has no {} on the board", rules.players[side], name)
    }
}

/// What castling text can be right here: none in this variant, none now, or the legal ones.
fn castling_help(engine: &Engine, pos: &Position, legal: &[Move]) -> String {
    let castles: Vec<&Move> = legal
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle { .. }))
        .collect();
    if engine.rules().castling.is_none() {
        "this variant has no castling".to_string()
    } else if castles.is_empty() {
        "castling is not possible in this position".to_string()
    } else {
        format!(
            "legal castling: {}",
            sans_of(engine, pos, legal, &mut castles.into_iter())
        )
    }
}

/// The SAN of some legal moves, sorted and space-separated; `none` for none.
fn sans_of(
    engine: &Engine,
    pos: &Position,
    legal: &[Move],
    ms: &mut dyn Iterator<Item = &Move>,
) -> String {
    let mut v: Vec<String> = ms.map(|m| san_among(engine, pos, legal, *m)).collect();
    v.sort();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

/// `` `a` ``, `` `a` or `b` ``, `` `a`, `b` or `c` ``.
fn quoted_or(items: &[String]) -> String {
    let q: Vec<String> = items.iter().take(6).map(|s| format!("`{s}`")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        n => format!("{} or {}", q[..n - 1].join(", "), q[n - 1]),
    }
}
