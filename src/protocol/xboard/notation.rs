//! How XBoard writes squares, moves and variants, and the `setup` / `piece` / `highlight` lines
//! that teach XBoard a variant it has never heard of.
//!
//! XBoard numbers ranks from 1, except on boards of exactly ten ranks, where they run from 0
//! (`a0`-`i9`, its xiangqi convention). A move that also captures on a second square (a locust
//! move) is two legs, `c1d2,d2e3`. Promotions end in `+` (to the `+` form of the mover) or the
//! lower-case letter of the new kind; `=` declines an optional promotion.

use crate::engine::{Engine, Move, MoveKind, Position};
use crate::geometry::{Dimensions, Square};
use crate::rules::RuleSet;

/// XBoard's own variant names (its built-in rule sets), from a data file. XBoard knows these
/// boards, pieces and rules, so no `setup` or `piece` lines are sent for them. This is XBoard's
/// protocol vocabulary, not a rule: every rule Chimera plays still comes from the definition file.
const XBOARD_BUILTIN: &str = include_str!("builtin_variants.txt");

/// XBoard calls orthodox chess `normal`; a definition file named `chess` is announced under it.
/// XBoard calls Chess960 `fischerandom` and Capablanca Random Chess `caparandom`.
const XBOARD_RENAMED: &[(&str, &str)] = &[
    ("chess", "normal"),
    ("chess960", "fischerandom"),
    ("capablanca-random", "caparandom"),
];

/// The name XBoard knows a definition by: its file name, or XBoard's own name for the same game.
pub(crate) fn xboard_name(file_name: &str) -> String {
    XBOARD_RENAMED
        .iter()
        .find(|(ours, _)| ours.eq_ignore_ascii_case(file_name))
        .map(|(_, theirs)| theirs.to_string())
        .unwrap_or_else(|| file_name.to_string())
}

/// Whether XBoard has its own rules for a variant of this name.
pub(crate) fn xboard_builtin(name: &str) -> bool {
    XBOARD_BUILTIN
        .lines()
        .filter(|l| !l.starts_with('#'))
        .any(|n| n.trim().eq_ignore_ascii_case(name))
}

/// Square names as XBoard writes them on a board of these dimensions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coords {
    dims: Dimensions,
    /// The number of the first rank: 0 on ten-rank boards, else 1.
    first_rank: u32,
}

impl Coords {
    /// XBoard's coordinates for a board.
    pub(crate) fn new(dims: Dimensions) -> Coords {
        Coords {
            dims,
            first_rank: if dims.ranks == 10 { 0 } else { 1 },
        }
    }

    /// `e2`, or `e1` for the same square on a ten-rank board.
    pub(crate) fn name(&self, s: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.dims.file(s)) as char,
            self.dims.rank(s) as u32 + self.first_rank
        )
    }

    /// Reads a square name (file letter, rank digits); `None` when it is not on the board.
    pub(crate) fn parse(&self, text: &str) -> Option<Square> {
        let b = text.as_bytes();
        let (&f, digits) = b.split_first()?;
        if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank: u32 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        let rank = rank.checked_sub(self.first_rank)?;
        self.dims.square((f - b'a') as i32, rank as i32)
    }
}

/// The promotion suffix of a move: `+` to the `+` form of the mover, else the new kind's letter.
fn promotion_suffix(rules: &RuleSet, pos: &Position, mv: Move) -> String {
    let Some(k) = mv.promotion else {
        return String::new();
    };
    let target = &rules.piece(k).letter;
    let mover = pos
        .piece_at(mv.from)
        .map(|p| rules.piece(p.kind).letter.as_str())
        .unwrap_or("");
    if target.strip_prefix('+') == Some(mover) {
        "+".to_string()
    } else {
        target.trim_start_matches('+').to_ascii_lowercase()
    }
}

/// A move as XBoard writes it: `e2e4`, `e7e8q`, `b2h8+`, `P@e4`, `c1d2,d2e3` (locust capture),
/// `b1c3h` (gating: the piece that enters on the square left), `h1e1h` (castling that gates on
/// the rook's square, written as the rook's move to the king's square).
pub(crate) fn move_text(engine: &Engine, pos: &Position, mv: Move) -> String {
    let text = ungated_move_text(engine, pos, mv);
    let Some(g) = mv.gate else {
        return text;
    };
    let c = Coords::new(engine.rules().board.dims);
    let letter = engine.rules().piece(g.kind).letter.to_ascii_lowercase();
    match mv.kind {
        MoveKind::Castle { rook } if g.on_rook => {
            format!("{}{}{letter}", c.name(rook), c.name(mv.from))
        }
        _ => text + &letter,
    }
}

fn ungated_move_text(engine: &Engine, pos: &Position, mv: Move) -> String {
    let rules = engine.rules();
    let c = Coords::new(rules.board.dims);
    if let Some(k) = mv.dropped_kind() {
        return format!("{}@{}", rules.piece(k).letter, c.name(mv.to));
    }
    let promo = promotion_suffix(rules, pos, mv);
    match mv.kind {
        // `castling ... to` (fischerandom): XBoard writes castling as `O-O` and `O-O-O`.
        MoveKind::Castle { rook } if crate::notation::castles_anywhere(rules) => {
            let d = rules.board.dims;
            if d.file(rook) < d.file(mv.from) {
                "O-O-O".to_string()
            } else {
                "O-O".to_string()
            }
        }
        MoveKind::Locust { victim: x } => format!(
            "{}{},{}{}{}",
            c.name(mv.from),
            c.name(x),
            c.name(x),
            c.name(mv.to),
            promo
        ),
        _ => format!("{}{}{}", c.name(mv.from), c.name(mv.to), promo),
    }
}

/// The legal move XBoard's text names, if any. Accepts the exact text, a trailing `=` (an
/// optional promotion declined), a move without its promotion suffix when only one move goes
/// from that square to that square, and Chimera's own notation.
pub(crate) fn parse_move(engine: &Engine, pos: &Position, text: &str) -> Option<Move> {
    let want = text.trim();
    if want.is_empty() || want.len() > 32 {
        return None;
    }
    let legal = engine.legal_moves(pos);
    let texts: Vec<String> = legal.iter().map(|m| move_text(engine, pos, *m)).collect();
    let find = |w: &str| {
        texts
            .iter()
            .position(|t| t.eq_ignore_ascii_case(w))
            .map(|i| legal[i])
    };
    if let Some(m) = find(want) {
        return Some(m);
    }
    let bare = want.strip_suffix('=').unwrap_or(want);
    if bare != want {
        // Declined promotion: the move that does not promote.
        return legal
            .iter()
            .zip(&texts)
            .find(|(m, t)| m.promotion.is_none() && t.eq_ignore_ascii_case(bare))
            .map(|(m, _)| *m);
    }
    // No suffix where the move must promote and has one way to: that move.
    let same: Vec<Move> = legal
        .iter()
        .zip(&texts)
        .filter(|(m, t)| {
            m.promotion.is_some()
                && t.len() > want.len()
                && t[..want.len()].eq_ignore_ascii_case(want)
                && !t[want.len()..].contains(',')
        })
        .map(|(m, _)| *m)
        .collect();
    let plain = legal
        .iter()
        .zip(&texts)
        .any(|(m, t)| m.promotion.is_none() && t.eq_ignore_ascii_case(want));
    if same.len() == 1 && !plain {
        return Some(same[0]);
    }
    // Chimera's own notation (`c1e3xd2`) on boards where the ranks agree.
    if rules_ranks_agree(engine) {
        return crate::notation::parse_move(engine, pos, want).ok();
    }
    None
}

fn rules_ranks_agree(engine: &Engine) -> bool {
    engine.rules().board.dims.ranks != 10
}

/// XBoard's piece types per side (`WhitePawn` .. `WhiteKing` in its source).
const XB_TYPES: usize = 66;
/// XBoard's King type, the last: the only one XBoard draws as a king and tests for check.
const XB_KING: usize = XB_TYPES - 1;
/// Types up to this one may carry a `+` promoted form (XBoard refuses `+` on later types).
const XB_LAST_PROMOTABLE: usize = 10;
/// The letters XBoard's `fairy` variant gives its first types; a kind with one of these letters
/// and no standard move gets that type.
const XB_FAIRY_LETTERS: &str = "PNBRQFEACWMOHIJGDVLSU";
/// XBoard's Man type: a king's moves without XBoard's check rules.
const XB_MAN: usize = 10;
/// XBoard's Pawn type: the only one XBoard lets promote to a chosen kind (on the last rank).
const XB_PAWN: usize = 0;

/// The XBoard type whose image fits a kind that moves exactly so (its Betza text, lame `n`
/// modifiers ignored: a blockable Knight still looks like a Knight): Knight, Bishop, Rook,
/// Queen, Ferz, Alfil (Elephant), Archbishop, Chancellor, Wazir, Man (King moves), Cannon,
/// Nightrider, Dragon (Rook and Ferz), Grasshopper, Silver.
fn standard_type(betza: &str) -> Option<usize> {
    let plain: String = betza.chars().filter(|&c| c != 'n').collect();
    Some(match plain.as_str() {
        "N" => 1,
        "B" => 2,
        "R" => 3,
        "Q" | "RB" | "BR" => 4,
        "F" => 5,
        "A" => 6,
        "BN" | "NB" => 7,
        "RN" | "NR" => 8,
        "W" => 9,
        "K" | "WF" | "FW" => XB_MAN,
        "mRcpR" => 11,
        "NN" | "N0" => 12,
        "RF" | "FR" => 14,
        "gQ" => 15,
        "FfW" | "fWF" => 16,
        _ => return None,
    })
}

/// Types XBoard gives rules of its own beyond the `piece` line: Pawn and Lance promote on the
/// last rank, Falcon and Cobra are wild cards, the Lion captures twice. Other kinds avoid them.
fn xb_special(slot: usize) -> bool {
    matches!(slot, 0 | 17 | 18 | 19 | 21)
}

/// The XBoard piece type chosen for each kind, and the `setup` table string.
#[derive(Clone, Debug)]
pub(crate) struct PieceTable {
    /// How many types XBoard's holdings have (0 without drops).
    pub(crate) holdings: usize,
    /// The `(PIECETOCHAR)` string.
    pub(crate) table: String,
}

impl PieceTable {
    /// Assigns XBoard types to the kinds of a rule set whose start position has `royals` royal
    /// pieces per side.
    ///
    /// Images: XBoard draws each letter with the image of its type, so a kind that moves like a
    /// standard piece gets that piece's type (a lone royal the King, a Rook the Rook), a kind
    /// whose letter XBoard's `fairy` variant uses gets that type, and the rest the free types.
    ///
    /// Holdings: XBoard puts a captured piece in holdings slot N, where N counts the types before
    /// its own in the table (promoted `^X` types not counted), and turns a piece whose N is past the
    /// holdings into a Pawn of slot 0 (`backend.c`, `ApplyMove`), which then no longer matches the
    /// kind the engine drops there (`P@f3` forfeited as an invalid move). So the holdings cover
    /// every kind that can be captured, whatever the variant does with captures; XBoard caps them
    /// at the number of ranks. Promoted kinds (`+X`) are written `^X`: a `+` type married to X's.
    pub(crate) fn new(rules: &RuleSet, royals: usize, ranks: usize) -> PieceTable {
        let n = rules.pieces.len();
        let is_plus = |k: usize| rules.pieces[k].letter.starts_with('+');
        let has_plus_form = |k: usize| {
            let l = &rules.pieces[k].letter;
            rules.pieces.iter().any(|p| p.letter == format!("+{l}"))
        };
        let betza = |k: usize| -> String {
            rules.pieces[k]
                .moves
                .iter()
                .map(|r| r.betza.as_str())
                .collect()
        };
        let mut slot = vec![usize::MAX; n];
        let mut used = [false; XB_TYPES];
        for (s, u) in used.iter_mut().enumerate() {
            *u = xb_special(s);
        }
        fn take(k: usize, s: usize, slot: &mut [usize], used: &mut [bool; XB_TYPES]) {
            slot[k] = s;
            used[s] = true;
        }
        // A kind that promotes to a chosen kind (not its `+` form) needs XBoard's Pawn type.
        let chooses = |k: usize| {
            rules.pieces[k].promotion.as_ref().is_some_and(|pr| {
                pr.to
                    .iter()
                    .any(|t| rules.piece(*t).letter != format!("+{}", rules.pieces[k].letter))
            })
        };
        if let Some(k) = (0..n).find(|&k| !is_plus(k) && chooses(k)) {
            take(k, XB_PAWN, &mut slot, &mut used);
        }
        // One royal kind with one piece a side is XBoard's King (its image and check test);
        // several royals (duple check) keep a Man, so XBoard's check rules do not apply.
        let royal_kinds: Vec<usize> = (0..n).filter(|&k| rules.pieces[k].royal).collect();
        if let [k] = royal_kinds[..] {
            if royals == 1 && !is_plus(k) && slot[k] == usize::MAX {
                take(k, XB_KING, &mut slot, &mut used);
            }
        }
        // Base kinds: promotable ones first (they need the low types XBoard lets promote).
        let mut base: Vec<usize> = (0..n).filter(|&k| !is_plus(k)).collect();
        base.sort_by_key(|&k| !has_plus_form(k));
        let fits = |k: usize, s: usize, used: &[bool; XB_TYPES]| {
            s < XB_KING && !used[s] && (!has_plus_form(k) || s <= XB_LAST_PROMOTABLE)
        };
        // Promotable kinds are placed first, each by the three passes, so that the others never
        // take the few types a `+` form can marry; a promotable kind's last resort avoids the
        // standard types other kinds move like.
        let promotable: Vec<usize> = base.iter().copied().filter(|&k| has_plus_form(k)).collect();
        let others: Vec<usize> = base
            .iter()
            .copied()
            .filter(|&k| !has_plus_form(k))
            .collect();
        let wanted: Vec<usize> = others
            .iter()
            .filter_map(|&k| standard_type(&betza(k)))
            .collect();
        for (group, pass) in [&promotable, &others]
            .into_iter()
            .flat_map(|g| (0..4).map(move |pass| (g, pass)))
        {
            for &k in group {
                if slot[k] != usize::MAX {
                    continue;
                }
                let p = &rules.pieces[k];
                let want = match pass {
                    0 if p.royal => Some(XB_MAN),
                    0 => standard_type(&betza(k)),
                    1 => p
                        .letter
                        .chars()
                        .next()
                        .and_then(|c| XB_FAIRY_LETTERS.find(c)),
                    2 => (1..XB_KING).find(|&s| fits(k, s, &used) && !wanted.contains(&s)),
                    _ => (1..XB_KING).find(|&s| fits(k, s, &used)),
                };
                if let Some(s) = want.filter(|&s| fits(k, s, &used)) {
                    take(k, s, &mut slot, &mut used);
                }
            }
        }
        // Promoted kinds take any free type.
        for k in (0..n).filter(|&k| is_plus(k)) {
            if slot[k] == usize::MAX {
                if let Some(s) = (1..XB_KING).find(|&s| !used[s]) {
                    take(k, s, &mut slot, &mut used);
                }
            }
        }
        let mut cells: Vec<String> = vec![".".to_string(); XB_TYPES];
        for (k, &s) in slot.iter().enumerate() {
            if s < XB_TYPES {
                let l = &rules.pieces[k].letter;
                cells[s] = match l.strip_prefix('+') {
                    Some(base) => format!("^{base}"),
                    None => l.clone(),
                };
            }
        }
        let white: String = cells.concat();
        let black: String = cells
            .iter()
            .map(|c| c.to_ascii_lowercase())
            .collect::<Vec<_>>()
            .concat();
        // Holdings: through the last type a captured piece can land in (a royal is not captured).
        let holdings = if rules.drops.to_hand.is_empty() {
            0
        } else {
            let counted = |s: usize| slot.iter().enumerate().any(|(k, &x)| x == s && !is_plus(k));
            base.iter()
                .filter(|&&k| !rules.pieces[k].royal)
                .filter_map(|&k| slot.get(k).copied())
                .filter(|&s| s < XB_TYPES)
                .map(|last| (0..=last).filter(|&s| counted(s)).count())
                .max()
                .unwrap_or(0)
                .min(ranks)
        };
        PieceTable {
            holdings,
            table: format!("{white}{black}"),
        }
    }
}

/// The FEN XBoard reads for a position: the board, the hands in brackets when the variant has
/// drops, the side, castling, en passant and the counters.
pub(crate) fn xboard_fen(engine: &Engine, pos: &Position) -> String {
    let fen = crate::notation::to_fen(engine, pos);
    let rules = engine.rules();
    if rules.drops.to_hand.is_empty() || fen.contains('[') {
        return fen;
    }
    // Put an (empty) hand in, so XBoard sees the holdings.
    match fen.split_once(' ') {
        Some((board, rest)) => format!("{board}[] {rest}"),
        None => format!("{fen}[]"),
    }
}

/// The lines that teach XBoard a variant: `setup (TABLE) WxH+S_fairy FEN` and one `piece` line
/// per kind with its moves in Betza notation. XBetza cannot say where a move is available, so a
/// move allowed only in a zone is stated without its zone (XBoard's idea of the moves is never
/// narrower than the variant's) and a `#` line after it says so; the engine's own move check
/// (`Illegal move` to a move outside the zone) and its `highlight` answers apply the zone.
pub(crate) fn setup_lines(engine: &Engine) -> Vec<String> {
    let rules = engine.rules();
    let d = rules.board.dims;
    let start = engine.start_position();
    let fen = xboard_fen(engine, &start);
    // Royal pieces a side in the start position (the first player's, upper case in the FEN).
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let royals = rules
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| board.matches(p.letter.as_str()).count())
        .sum();
    let table = PieceTable::new(rules, royals, d.ranks as usize);
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{}_fairy {}",
        table.table, d.files, d.ranks, table.holdings, fen
    )];
    for p in &rules.pieces {
        let betza: String = p.moves.iter().map(|r| r.betza.as_str()).collect();
        if betza.is_empty() {
            continue;
        }
        lines.push(format!("piece {}& {}", p.letter, betza));
        for r in p.moves.iter().filter(|r| r.only_in.is_some()) {
            let zone = r
                .zone
                .map(|z| {
                    let name = rules
                        .zones
                        .get_index(z.zone.0 as usize)
                        .map(|(name, _)| name.as_str())
                        .unwrap_or("?");
                    if z.enemy {
                        format!("enemy {name}")
                    } else {
                        name.to_string()
                    }
                })
                .unwrap_or_else(|| "the squares listed".to_string());
            lines.push(format!(
                "# piece {}: {} only in {zone} (XBetza has no zones; the engine checks it)",
                p.letter, r.betza
            ));
        }
    }
    lines
}

/// The `highlight` answer to `lift SQUARE`: the piece's legal destinations, yellow for quiet
/// moves, red for captures, magenta where the move may promote.
pub(crate) fn highlight(engine: &Engine, pos: &Position, from: Square) -> String {
    let rules = engine.rules();
    let d = rules.board.dims;
    let moves: Vec<Move> = match pos.piece_at(from) {
        Some(p) if p.player == pos.side_to_move() => engine.legal_moves_from(pos, from),
        _ => Vec::new(),
    };
    let mut mark = vec![None::<char>; d.len()];
    for m in moves.iter().filter(|m| !m.is_drop()) {
        let capture = pos.piece_at(m.to).is_some() || m.third_square().is_some() && !m.is_castle();
        let c = if m.promotion.is_some() {
            'M'
        } else if capture {
            'R'
        } else {
            'Y'
        };
        let cell = &mut mark[m.to.index()];
        // Promotion outranks capture outranks a quiet move on the same square.
        let rank = |c: Option<char>| match c {
            Some('M') => 3,
            Some('R') => 2,
            Some('Y') => 1,
            _ => 0,
        };
        if rank(Some(c)) > rank(*cell) {
            *cell = Some(c);
        }
    }
    let mut rows = Vec::new();
    for r in (0..d.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..d.files {
            let Some(s) = d.square(f as i32, r as i32) else {
                continue;
            };
            match mark[s.index()] {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("highlight {}", rows.join("/"))
}
