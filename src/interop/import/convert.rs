//! Converting one resolved section into definition text, key group by key group: board,
//! pieces, confinement, promotion, royalty, drops, the end of the game, start and castling;
//! every key not converted becomes an [`Omission`].

use super::*;

struct Piece {
    key: String,
    name: String,
    letter: char,
    moves: Vec<String>,
    royal: bool,
    /// `royal when-last`: royal only while its side has one of its kind.
    when_last: bool,
    lines: Vec<String>,
    /// A promoted kind: the piece type whose moves it takes (and whose royalty, as
    /// Fairy-Stockfish's promoted piece is a piece of that type).
    like: Option<usize>,
}

struct Conv {
    s: Settings,
    used: BTreeSet<String>,
    omissions: Vec<Omission>,
    files: u8,
    ranks: u8,
    zones: Vec<String>,
}

impl Conv {
    fn get(&mut self, key: &str) -> Option<String> {
        let v = self.s.get(key).map(|(v, _)| v.clone());
        if v.is_some() {
            self.used.insert(key.to_string());
        }
        v
    }
    fn flag(&mut self, key: &str, default: bool) -> bool {
        match self.get(key).as_deref() {
            Some("true") => true,
            Some("false") => false,
            Some(_) => {
                self.omit(key, "not `true` or `false`");
                default
            }
            None => default,
        }
    }
    fn omit(&mut self, key: &str, why: &str) {
        self.used.insert(key.to_string());
        if let Some((v, line)) = self.s.get(key) {
            let o = Omission {
                key: key.to_string(),
                value: v.clone(),
                line: *line,
                why: why.to_string(),
            };
            if !self.omissions.contains(&o) {
                self.omissions.push(o);
            }
        }
    }

    /// A Fairy-Stockfish square list (`*1 a* d4`) as a zone expression, or `None` when empty.
    fn zone_expr(&self, v: &str) -> Option<String> {
        let mut terms = Vec::new();
        // Squares off the board (a parent's promotion rank 8 on a 6-rank board) name nothing.
        let on_board = |t: &str| {
            let (files, ranks) = (self.files, self.ranks);
            let rank_ok = |r: &str| r.parse::<u8>().is_ok_and(|r| (1..=ranks).contains(&r));
            let file_ok =
                |f: &str| f.len() == 1 && f.as_bytes()[0] >= b'a' && f.as_bytes()[0] < b'a' + files;
            if let Some(r) = t.strip_prefix('*') {
                rank_ok(r)
            } else if let Some(f) = t.strip_suffix('*') {
                file_ok(f)
            } else {
                t.len() >= 2 && t.is_char_boundary(1) && file_ok(&t[..1]) && rank_ok(&t[1..])
            }
        };
        for t in v.split_whitespace() {
            if t == "-" || !on_board(t) {
                continue;
            }
            if let Some(r) = t.strip_prefix('*') {
                terms.push(format!("rank {r}"));
            } else if let Some(f) = t.strip_suffix('*') {
                terms.push(format!("file {f}"));
            } else {
                terms.push(t.to_string());
            }
        }
        (!terms.is_empty()).then(|| terms.join(" + "))
    }

    /// Squares of a list, as (file, rank) from 1, for comparing a region with its mirror.
    fn square_set(&self, v: &str) -> BTreeSet<(u8, u8)> {
        let mut s = BTreeSet::new();
        for t in v.split_whitespace() {
            if let Some(r) = t.strip_prefix('*').and_then(|r| r.parse::<u8>().ok()) {
                for f in 1..=self.files {
                    s.insert((f, r));
                }
            } else if let Some(f) = t.strip_suffix('*').and_then(|f| f.bytes().next()) {
                for r in 1..=self.ranks {
                    s.insert((f.wrapping_sub(b'a') + 1, r));
                }
            } else if let (Some(f), Ok(r)) = (t.bytes().next(), t[1.min(t.len())..].parse::<u8>()) {
                s.insert((f.wrapping_sub(b'a') + 1, r));
            }
        }
        s
    }

    /// The whole board as a Fairy-Stockfish region: every rank, `*1 *2 ...`.
    fn whole_board(&self) -> String {
        let ranks: Vec<String> = (1..=self.ranks).map(|r| format!("*{r}")).collect();
        ranks.join(" ")
    }

    /// Declares a zone from a player's region keys when either is given, the other player's
    /// region being the whole board; returns its name (`None` when neither is given).
    fn zone_or_board(
        &mut self,
        name: &str,
        white: Option<String>,
        black: Option<String>,
    ) -> Option<String> {
        if white.is_none() && black.is_none() {
            return None;
        }
        let full = self.whole_board();
        self.zone(
            name,
            &white.unwrap_or_else(|| full.clone()),
            &black.unwrap_or(full),
        )
    }

    /// Declares a zone from a White and a Black square list; returns its name.
    fn zone(&mut self, name: &str, white: &str, black: &str) -> Option<String> {
        let w = self.zone_expr(white)?;
        let ws = self.square_set(white);
        let bs = self.square_set(black);
        let mirrored: BTreeSet<(u8, u8)> = ws
            .iter()
            .filter_map(|&(f, r)| Some((f, self.ranks.saturating_add(1).checked_sub(r)?)))
            .collect();
        if mirrored == bs {
            self.zones.push(format!("zone {name} = {w}"));
        } else {
            let b = self.zone_expr(black)?;
            self.zones
                .push(format!("zone {name} = White: {w}, Black: {b}"));
        }
        Some(name.to_string())
    }
}

/// The letters of the pieces of these Fairy-Stockfish types (a default names types, not letters).
fn letters_of_keys(pieces: &[Piece], keys: &[&str]) -> String {
    pieces
        .iter()
        .filter(|p| keys.contains(&p.key.as_str()))
        .map(|p| p.letter.to_ascii_lowercase())
        .collect()
}

/// Keys whose value is a set of piece letters, read by Fairy-Stockfish where they are written.
pub(super) const PIECE_SET_KEYS: &[&str] = &[
    "promotionPieceTypes",
    "promotionPawnTypes",
    "pawnTypes",
    "nMoveRuleTypes",
    "extinctionPieceTypes",
    "castlingKingPiece",
    "castlingRookPieces",
    "dropNoDoubled",
    "enPassantTypes",
];

pub(super) fn is_piece_key(k: &str) -> bool {
    k == "king"
        || k.starts_with("customPiece")
        || BUILTIN_PIECES.iter().any(|(b, _)| *b == k)
        || CLAUSED_PIECES.iter().any(|(b, _)| *b == k)
}

fn capitalise(key: &str) -> String {
    let mut c = key.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

pub(super) fn convert(name: &str, settings: Settings) -> Result<(String, Vec<Omission>), String> {
    let mut c = Conv {
        s: settings,
        used: BTreeSet::new(),
        omissions: Vec::new(),
        files: 8,
        ranks: 8,
        zones: Vec::new(),
    };
    for k in NO_RULE_KEYS {
        c.get(k);
    }
    board(&mut c)?;
    let mut pieces = read_pieces(&mut c)?;
    confinement(&mut c, &mut pieces);
    diagonal_lines(&mut c, &mut pieces);
    cambodian_moves(&mut c, &mut pieces);
    let promotion = promotions(&mut c, &mut pieces);
    let mut promotion = promotion;
    let royal_rule = royalty(&mut c, &mut pieces);
    for k in promotion.kinds.iter_mut() {
        if let Some(p) = k.like.map(|i| &pieces[i]) {
            k.royal = p.royal;
            k.when_last = p.when_last;
        }
    }
    let drop_lines = drop_rules(&mut c, &pieces, &promotion);
    let mut rules = end_rules(&mut c, &pieces, royal_rule);
    rules.extend(en_passant_region(&mut c, &mut pieces));
    rules.extend(material_rules(&mut c, &pieces, royal_rule.is_some()));
    let start = start_and_castling(&mut c, &pieces, &mut rules);
    not_converted(&mut c);
    let text = write(
        name,
        &c,
        &pieces,
        &promotion.kinds,
        &drop_lines,
        &rules,
        &start,
    );
    Ok((text, c.omissions))
}

/// The first atom of a Betza string that is lame (`n`) and that Fairy-Stockfish leaves without a
/// move when lame: the camel, the threeleaper and the tripper (measured with pyffish 0.0.90 on an
/// empty board: `nC`, `nH` and `nG` have no move there, `nN`, `nZ`, `nD` and `nA` have theirs).
fn lame_without_moves(betza: &str) -> Option<char> {
    let mut mods = String::new();
    for ch in betza.chars() {
        if ch.is_ascii_lowercase() {
            mods.push(ch);
        } else if ch.is_ascii_uppercase() {
            if mods.contains('n') && "CLHG".contains(ch) {
                return Some(ch);
            }
            mods.clear();
        }
    }
    None
}

/// The first piece with this letter (either case).
fn letter_of(pieces: &[Piece], ch: char) -> Option<usize> {
    pieces
        .iter()
        .position(|p| p.letter == ch.to_ascii_uppercase())
}

/// What the promotion keys gave: the promotion zone's name, whether captures go to hand for
/// drops, and the promoted kinds declared for them.
struct Promotion {
    zone: Option<String>,
    drops: bool,
    to_hand: bool,
    kinds: Vec<Piece>,
}

/// The board size: `maxFile` (a number or a letter) and `maxRank`.
fn board(c: &mut Conv) -> Result<(), String> {
    c.files = match c.get("maxFile") {
        None => 8,
        Some(v) => match v.parse::<u8>() {
            Ok(n) => n,
            Err(_) => match v.bytes().next() {
                Some(b @ b'a'..=b'z') if v.len() == 1 => b - b'a' + 1,
                _ => return Err(format!("maxFile `{v}` is not a file")),
            },
        },
    };
    c.ranks = match c.get("maxRank") {
        None => 8,
        Some(v) => v
            .parse::<u8>()
            .map_err(|_| format!("maxRank `{v}` is not a number"))?,
    };
    Ok(())
}

/// The piece types the section names, built-in and custom, with their Betza.
fn read_pieces(c: &mut Conv) -> Result<Vec<Piece>, String> {
    // (`doubleStep` concerns Fairy-Stockfish's pawn only.)
    let double_step = c.flag("doubleStep", true);
    let mut pieces: Vec<Piece> = Vec::new();
    let mut keys: Vec<String> = BUILTIN_PIECES.iter().map(|(k, _)| k.to_string()).collect();
    keys.extend(CLAUSED_PIECES.iter().map(|(k, _)| k.to_string()));
    keys.extend((1..=CUSTOM_SLOTS).map(|i| format!("customPiece{i}")));
    keys.push("king".into());
    for key in keys {
        let Some(v) = c.get(&key) else { continue };
        let Some(letter) = v.chars().next().filter(|ch| ch.is_ascii_alphabetic()) else {
            continue; // `key = -` removes the piece
        };
        let betza = match v.split_once(':') {
            Some((_, b)) => b.trim().to_string(),
            None if key == "king" => "K".into(),
            None => match BUILTIN_PIECES
                .iter()
                .chain(CLAUSED_PIECES)
                .find(|(k, _)| *k == key)
            {
                Some((_, b)) => b.to_string(),
                None => {
                    c.omit(&key, "a custom piece without a Betza move");
                    continue;
                }
            },
        };
        if let Some(atom) = lame_without_moves(&betza) {
            c.omit(
                &key,
                &format!(
                    "the game Fairy-Stockfish plays, where a lame `{atom}` (`n{atom}`) has no move at all (measured with pyffish 0.0.90); here it moves as the lame leap its Betza names"
                ),
            );
        }
        let mut moves = vec![betza];
        if key == "pawn" && double_step {
            match double_step_zone(c, letter) {
                DoubleStep::Initial => moves[0].push_str("ifmnD"),
                DoubleStep::InitialIn(z) => moves.push(format!("ifmnD in {z}")),
                DoubleStep::Region(z) => moves.push(format!("fmnD in {z} sets-en-passant")),
            }
        }
        if key == "soldier" {
            if let Some(r) = c
                .get("soldierPromotionRank")
                .and_then(|r| r.parse::<u8>().ok())
            {
                if r > 1 {
                    moves = vec!["fW".into(), "sW in soldier_rank".into()];
                    c.zones
                        .push(format!("zone soldier_rank = ranks {r}-{}", c.ranks));
                }
            }
        }
        let name = if key == "king" {
            "King".to_string()
        } else {
            capitalise(&key)
        };
        let mut lines = Vec::new();
        match key.as_str() {
            "janggiCannon" => moves[0].push_str(&format!(" not-over {name} not-capturing {name}")),
            "immobile" => {
                moves.clear();
                lines.push("immobile".to_string());
            }
            _ => {}
        }
        // Fairy-Stockfish turns the second player's pieces through 180 degrees; the language
        // mirrors them unless told: a piece whose moves are not left-right symmetric is `turned`.
        let asymmetric = moves.iter().any(|m| {
            let betza = m.split_whitespace().next().unwrap_or("");
            crate::parse_betza(betza).is_ok_and(|ps| !crate::rules::left_right_symmetric(&ps))
        });
        if asymmetric {
            lines.push("turned".to_string());
        }
        pieces.push(Piece {
            royal: key == "king",
            when_last: false,
            like: None,
            key,
            name,
            letter: letter.to_ascii_uppercase(),
            moves,
            lines,
        });
    }
    // A later key with an earlier key's letter replaces that piece (a child redefining a
    // parent's `p` as a custom piece): keep, per letter, the key written last.
    let line_of = |c: &Conv, k: &str| c.s.get(k).and_then(|(_, l)| *l).unwrap_or(0);
    let mut keep: Vec<bool> = vec![true; pieces.len()];
    for i in 0..pieces.len() {
        for j in 0..pieces.len() {
            if i != j
                && pieces[i].letter == pieces[j].letter
                && (line_of(c, &pieces[i].key), i) < (line_of(c, &pieces[j].key), j)
            {
                keep[i] = false;
            }
        }
    }
    let mut k = keep.iter();
    pieces.retain(|_| *k.next().unwrap_or(&true));
    if pieces.is_empty() {
        return Err("no pieces".into());
    }
    // `enPassantTypes` naming exactly the kinds whose moves capture en passant (`e`) says what
    // the moves already say: nothing left out.
    let ep_letters = |v: &str| -> BTreeSet<char> {
        v.chars()
            .filter(char::is_ascii_alphabetic)
            .map(|ch| ch.to_ascii_lowercase())
            .collect()
    };
    let capturers: BTreeSet<char> = pieces
        .iter()
        .filter(|p| p.moves.iter().any(|m| m.contains('e')))
        .map(|p| p.letter.to_ascii_lowercase())
        .collect();
    if let Some((v, _)) = c.s.get("enPassantTypes") {
        if ep_letters(v) == capturers {
            c.get("enPassantTypes");
        }
    }
    Ok(pieces)
}

/// The squares of a piece letter in the start FEN, as (file, rank) from 1, per side (White's
/// upper case first).
fn start_squares(c: &Conv, letter: char) -> [BTreeSet<(u8, u8)>; 2] {
    let fen =
        c.s.get("startFen")
            .map(|(v, _)| v.clone())
            .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into());
    let board = fen.split(['[', ' ']).next().unwrap_or("");
    let mut out = [BTreeSet::new(), BTreeSet::new()];
    for (i, row) in board.split('/').enumerate() {
        let rank = c.ranks.saturating_sub(i as u8);
        let (mut file, mut num, mut promoted) = (0u8, 0u8, false);
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num.saturating_mul(10).saturating_add(d as u8);
                continue;
            }
            file = file.saturating_add(num);
            num = 0;
            match ch {
                '+' => promoted = true,
                '~' => {}
                _ if ch.is_ascii_alphabetic() => {
                    file = file.saturating_add(1);
                    if !promoted && ch.eq_ignore_ascii_case(&letter) {
                        out[usize::from(ch.is_ascii_lowercase())].insert((file, rank));
                    }
                    promoted = false;
                }
                _ => {}
            }
        }
    }
    out
}

/// How a pawn's double step is written.
enum DoubleStep {
    /// `ifmnD`: every pawn starts in the region and none can walk into it later.
    Initial,
    /// `ifmnD in ZONE`: some start squares are outside the region, none behind it.
    InitialIn(String),
    /// `fmnD in ZONE sets-en-passant`: a pawn may walk into the region after the start.
    Region(String),
}

/// Fairy-Stockfish's pawn double-steps from `doubleStepRegion` (ranks 2 and 7 unless stated),
/// wherever it stands in it; the language's `i` from the squares where the kind starts. Where
/// they agree (no pawn starts behind a region square) the double step is an `i` move, else a move
/// from the region that sets en passant.
fn double_step_zone(c: &mut Conv, letter: char) -> DoubleStep {
    let w = c
        .get("doubleStepRegionWhite")
        .unwrap_or_else(|| "*2".into());
    let b = c
        .get("doubleStepRegionBlack")
        .unwrap_or_else(|| "*7".into());
    let (ws, bs) = (c.square_set(&w), c.square_set(&b));
    let start = start_squares(c, letter);
    // White's pawns go up the board, Black's down: one starting below (above) a region square
    // may step into the region where the language's `i` would not let it double-step.
    let behind_w = start[0]
        .iter()
        .any(|&(_, r)| !ws.is_empty() && ws.iter().any(|&(_, rr)| r < rr));
    let behind_b = start[1]
        .iter()
        .any(|&(_, r)| !bs.is_empty() && bs.iter().any(|&(_, rr)| r > rr));
    if behind_w || behind_b {
        return c
            .zone("double_step", &w, &b)
            .map_or(DoubleStep::Initial, DoubleStep::Region);
    }
    if start[0].is_subset(&ws) && start[1].is_subset(&bs) {
        return DoubleStep::Initial;
    }
    c.zone("double_step", &w, &b)
        .map_or(DoubleStep::Initial, DoubleStep::InitialIn)
}

/// `enPassantRegion` (the squares where a side may take en passant) as `en-passant in ZONE` (the
/// squares a side's double steps pass): White's double steps are taken where Black may take.
fn en_passant_region(c: &mut Conv, pieces: &mut [Piece]) -> Option<String> {
    let both = c.get("enPassantRegion");
    let w = c.get("enPassantRegionWhite").or_else(|| both.clone());
    let b = c.get("enPassantRegionBlack").or(both);
    if w.is_none() && b.is_none() {
        return None;
    }
    let all = c.whole_board();
    let (w, b) = (w.unwrap_or_else(|| all.clone()), b.unwrap_or(all));
    let (ws, bs) = (c.square_set(&w), c.square_set(&b));
    // No square at all (`enPassantRegion = -`): no en passant, so no move captures so (`e`).
    if ws.is_empty() && bs.is_empty() {
        for p in pieces.iter_mut() {
            for m in p.moves.iter_mut() {
                *m = m.replace('e', "");
            }
        }
        return None;
    }
    if ws.is_empty() || bs.is_empty() {
        for k in [
            "enPassantRegion",
            "enPassantRegionWhite",
            "enPassantRegionBlack",
        ] {
            c.omit(
                k,
                "no en passant for one side: the language states a region with squares",
            );
        }
        return None;
    }
    let zone = c.zone("en_passant_squares", &b, &w)?;
    Some(format!("en-passant in {zone}"))
}

/// Mobility regions as `confined` zones.
fn confinement(c: &mut Conv, pieces: &mut [Piece]) {
    for p in pieces.iter_mut() {
        let cap = capitalise(&p.key);
        let (wk, bk) = (
            format!("mobilityRegionWhite{cap}"),
            format!("mobilityRegionBlack{cap}"),
        );
        let (w, b) = (c.get(&wk), c.get(&bk));
        if w.is_none() && b.is_none() {
            continue;
        }
        // A side without a region moves over the whole board.
        let zname = format!("mob_{}", p.key.to_ascii_lowercase());
        if let Some(z) = c.zone_or_board(&zname, w, b) {
            p.lines.push(format!("confined {z}"));
        }
    }
}

/// `diagonalLines` (janggi's palace diagonals) as paths: each run of diagonally adjacent squares
/// of the set is a path, and the pieces Fairy-Stockfish moves along them ride it as it does: the
/// wazir, a king that moves as one, and the soldier one step (the soldier forward only), the rook
/// as a slider and the janggi cannon by hopping.
fn diagonal_lines(c: &mut Conv, pieces: &mut [Piece]) {
    let Some(v) = c.get("diagonalLines") else {
        return;
    };
    let set = c.square_set(&v);
    let name = |(f, r): (u8, u8)| format!("{}{r}", (b'a' + f - 1) as char);
    let mut paths = Vec::new();
    for d in [1i16, -1] {
        for &(f, r) in &set {
            let at = |k: i16| -> Option<(u8, u8)> {
                let sq = (
                    u8::try_from(f as i16 + k).ok()?,
                    u8::try_from(r as i16 + k * d).ok()?,
                );
                set.contains(&sq).then_some(sq)
            };
            // A run starts where the square before it is not in the set.
            if at(-1).is_some() || at(1).is_none() {
                continue;
            }
            let mut k = 1;
            while at(k + 1).is_some() {
                k += 1;
            }
            if let Some(end) = at(k) {
                paths.push(format!("{}-{}", name((f, r)), name(end)));
            }
        }
    }
    if paths.is_empty() {
        return;
    }
    let mut names = Vec::new();
    for (i, p) in paths.iter().enumerate() {
        let n = format!("diagonal{}", i + 1);
        c.zones.push(format!("path {n} = {p}"));
        names.push(n);
    }
    let list = names.join(", ");
    for p in pieces.iter_mut() {
        let line = match p.key.as_str() {
            "wazir" => format!("rides {list} up-to 1"),
            "king" if p.moves.first().is_some_and(|m| m == "W") => format!("rides {list} up-to 1"),
            "soldier" => format!("rides {list} up-to 1 forward"),
            "rook" => format!("rides {list}"),
            "janggiCannon" => format!(
                "rides {list} hopping not-over {0} not-capturing {0}",
                p.name
            ),
            _ => continue,
        };
        p.lines.push(line);
    }
}

/// Promotion zones, shogi-style promoted types and pawn promotion choices.
fn promotions(c: &mut Conv, pieces: &mut [Piece]) -> Promotion {
    let promo_w = c.get("promotionRegionWhite");
    let promo_b = c.get("promotionRegionBlack");
    let promo_rank = c.get("promotionRank");
    let (pw, pb) = match (promo_w, promo_b, promo_rank) {
        (Some(w), Some(b), _) => (w, b),
        (w, b, Some(r)) => {
            let r: u8 = r.parse().unwrap_or(c.ranks);
            let wr: Vec<String> = (r..=c.ranks).map(|x| format!("*{x}")).collect();
            let br: Vec<String> = (1..=c.ranks.saturating_add(1).saturating_sub(r))
                .map(|x| format!("*{x}"))
                .collect();
            (w.unwrap_or(wr.join(" ")), b.unwrap_or(br.join(" ")))
        }
        (w, b, None) => (
            w.unwrap_or(format!("*{}", c.ranks)),
            b.unwrap_or("*1".into()),
        ),
    };
    let promo_zone = c.zone("promo", &pw, &pb);
    let drops = c.flag("pieceDrops", false);
    let to_hand = c.flag("capturesToHand", false);
    let pawn_types = c
        .get("promotionPawnTypes")
        .or_else(|| c.s.get("pawnTypes").map(|(v, _)| v.clone()))
        .unwrap_or_else(|| letters_of_keys(pieces, &["pawn"]));
    c.get("pawnTypes");
    let targets = c
        .get("promotionPieceTypes")
        .unwrap_or_else(|| letters_of_keys(pieces, &["knight", "bishop", "rook", "queen"]));
    // Per side: `promotionPawnTypesWhite` and the like override the shared keys for one side.
    let side_keys = [
        c.get("promotionPawnTypesWhite"),
        c.get("promotionPawnTypesBlack"),
        c.get("promotionPieceTypesWhite"),
        c.get("promotionPieceTypesBlack"),
    ];
    // (pawn letter, its choices): the language's `promotes` is the kind's, for both players.
    let mut promotions: Vec<(char, String)> = Vec::new();
    if side_keys.iter().all(Option::is_none) {
        promotions.extend(pawn_types.chars().map(|ch| (ch, targets.clone())));
    } else {
        let [pw, pb, tw, tb] = side_keys;
        let sides = [
            (
                pw.unwrap_or_else(|| pawn_types.clone()),
                tw.unwrap_or_else(|| targets.clone()),
                true,
            ),
            (
                pb.unwrap_or_else(|| pawn_types.clone()),
                tb.unwrap_or_else(|| targets.clone()),
                false,
            ),
        ];
        let mut letters: Vec<char> = sides.iter().flat_map(|s| s.0.chars()).collect();
        letters.sort();
        letters.dedup();
        for ch in letters {
            let of: Vec<&(String, String, bool)> =
                sides.iter().filter(|s| s.0.contains(ch)).collect();
            let same = |a: &str, b: &str| {
                let mut a: Vec<char> = a.chars().collect();
                let mut b: Vec<char> = b.chars().collect();
                a.sort();
                b.sort();
                a == b
            };
            match of.as_slice() {
                [a, b] if same(&a.1, &b.1) => promotions.push((ch, a.1.clone())),
                // One side's pawn: the same game only when the other side never owns the kind.
                [one] if owned_by_one_side(c, &sides, ch, one.2) => {
                    promotions.push((ch, one.1.clone()))
                }
                _ => {
                    for k in [
                        "promotionPawnTypesWhite",
                        "promotionPawnTypesBlack",
                        "promotionPieceTypesWhite",
                        "promotionPieceTypesBlack",
                    ] {
                        c.omit(k, "promotion per side for a kind both sides may own");
                    }
                }
            }
        }
    }
    let pawn_forced = c.flag("mandatoryPawnPromotion", true);
    let piece_forced = c.flag("mandatoryPiecePromotion", false);
    let mut promoted_kinds: Vec<Piece> = Vec::new();
    let mut promoted_letters: BTreeSet<char> = BTreeSet::new();
    // `pieceDemotion`: a promoted piece turns back under the same rule (Kyoto shogi's way).
    let demotion = c.flag("pieceDemotion", false);
    // Shogi-style promotions first.
    if let Some(v) = c.get("promotedPieceType") {
        for pair in v.split_whitespace() {
            let Some((a, b)) = pair.split_once(':') else {
                continue;
            };
            let (Some(ai), Some(bi)) = (
                a.chars().next().and_then(|ch| letter_of(pieces, ch)),
                b.chars().next().and_then(|ch| letter_of(pieces, ch)),
            ) else {
                c.omit(
                    "promotedPieceType",
                    "names a piece type that is not in the variant",
                );
                continue;
            };
            let Some(z) = promo_zone.clone() else {
                continue;
            };
            let from = pieces[ai].name.clone();
            let pname = format!("Promoted{from}");
            // Fairy-Stockfish's mandatory piece promotion looks at both ends of the move.
            let mode = if piece_forced {
                "forced-start-or-end"
            } else {
                "optional"
            };
            let mut lines: Vec<String> = pieces[bi]
                .lines
                .iter()
                .filter(|l| l.starts_with("confined") || *l == "turned")
                .cloned()
                .collect();
            if demotion {
                lines.push(format!("promotes to {from} in {z} {mode}"));
            }
            promoted_letters.insert(pieces[ai].letter);
            promoted_kinds.push(Piece {
                key: String::new(),
                name: pname.clone(),
                letter: pieces[ai].letter,
                moves: pieces[bi].moves.clone(),
                royal: false,
                when_last: false,
                lines,
                like: Some(bi),
            });
            pieces[ai]
                .lines
                .push(format!("promotes to {pname} in {z} {mode}"));
        }
    }
    // Pawn promotions.
    for (ch, targets) in promotions {
        let target_idx: Vec<usize> = targets
            .chars()
            .filter_map(|ch| letter_of(pieces, ch))
            .collect();
        let Some(pi) = letter_of(pieces, ch) else {
            continue;
        };
        if promoted_letters.contains(&pieces[pi].letter) {
            continue;
        }
        let Some(z) = promo_zone.clone() else {
            continue;
        };
        if target_idx.is_empty() {
            // A pawn that must promote and has nothing to promote to never enters the zone.
            if pawn_forced {
                if pieces[pi].lines.iter().any(|l| l.starts_with("confined")) {
                    c.omit(
                        "promotionPieceTypes",
                        "no choices for a pawn already confined to a region",
                    );
                } else {
                    pieces[pi].lines.push(format!("confined all - {z}"));
                    // Fairy-Stockfish's pawn still attacks the squares it may not enter: a royal
                    // may not stand there. A capture of a royal only, which no legal move makes.
                    if pieces[pi].key == "pawn" {
                        pieces[pi].moves.push("kcfF unconfined".to_string());
                    }
                }
            }
            continue;
        }
        let mut names = Vec::new();
        for &t in &target_idx {
            if drops && to_hand {
                // A promoted piece goes back to the hand as the pawn: a kind of its own.
                let l = pieces[t].letter;
                if promoted_letters.contains(&l) {
                    c.omit(
                        "promotionPieceTypes",
                        "a choice that is also a promoted piece type",
                    );
                    continue;
                }
                promoted_letters.insert(l);
                let pname = format!("Promoted{}", pieces[t].name);
                promoted_kinds.push(Piece {
                    key: String::new(),
                    name: pname.clone(),
                    letter: l,
                    moves: pieces[t].moves.clone(),
                    royal: false,
                    when_last: false,
                    like: Some(t),
                    lines: std::iter::once(format!("captured as {}", pieces[pi].name))
                        .chain(pieces[t].lines.iter().filter(|l| *l == "turned").cloned())
                        .collect(),
                });
                names.push(pname);
            } else {
                names.push(pieces[t].name.clone());
            }
        }
        if !names.is_empty() {
            let mode = if pawn_forced { "forced" } else { "optional" };
            pieces[pi]
                .lines
                .push(format!("promotes to {} in {z} {mode}", names.join(", ")));
        }
    }
    Promotion {
        zone: promo_zone,
        drops,
        to_hand,
        kinds: promoted_kinds,
    }
}

/// Whether only one side (White when `white`) can ever own pieces of the kind lettered `ch`:
/// nothing goes to a hand, the other side has none at the start, and no promotion of the other
/// side makes one.
fn owned_by_one_side(
    c: &mut Conv,
    sides: &[(String, String, bool)],
    ch: char,
    white: bool,
) -> bool {
    if c.flag("pieceDrops", false) || c.flag("capturesToHand", false) {
        return false;
    }
    let theirs = if white {
        ch.to_ascii_lowercase()
    } else {
        ch.to_ascii_uppercase()
    };
    let start =
        c.s.get("startFen")
            .map(|(v, _)| v.clone())
            .unwrap_or_default();
    let board = start.split_whitespace().next().unwrap_or("");
    let ch = ch.to_ascii_lowercase();
    !board.contains(theirs)
        && !sides
            .iter()
            .any(|(_, targets, w)| *w != white && targets.to_ascii_lowercase().contains(ch))
}

/// Extinction of a single royal type as the royal rule; returns the rule's word.
fn royalty(c: &mut Conv, pieces: &mut [Piece]) -> Option<&'static str> {
    let ext_value = c.get("extinctionValue");
    let ext_types = c.get("extinctionPieceTypes");
    let pseudo = c.flag("extinctionPseudoRoyal", false);
    let duple = c.flag("dupleCheck", false);
    let mut royal_rule = None;
    match (ext_value.as_deref(), ext_types.as_deref()) {
        (None | Some("none"), _) | (_, None | Some("")) => {}
        // `extinctionPseudoRoyal`: a kind named is royal while a side has at most one of it, and
        // no game ends by extinction. Where no side can ever hold two, that is `royal`.
        (Some("loss"), Some(t)) if pseudo && !t.contains('*') => {
            let kinds: Option<Vec<usize>> = t
                .chars()
                .filter(|ch| !ch.is_whitespace())
                .map(|ch| letter_of(pieces, ch))
                .collect();
            match kinds {
                Some(kinds) if !kinds.is_empty() => {
                    // Royal while a side has at most N+1 of a kind (`extinctionPieceCount` N).
                    // Where no side can ever hold more, that is plain `royal`; with N = 0, each
                    // is royal only while it is the last of its kind (`royal when-last`).
                    let count: usize = c
                        .get("extinctionPieceCount")
                        .and_then(|n| n.parse().ok())
                        .unwrap_or(0);
                    let when_last = may_hold_more(c, pieces, &kinds, count + 1);
                    if when_last && count > 0 {
                        c.omit(
                            "extinctionPieceCount",
                            "royal while a side has more than one of the kind left",
                        );
                    }
                    for i in kinds {
                        pieces[i].royal = true;
                        pieces[i].when_last = when_last;
                    }
                    royal_rule = Some(if duple { "duple" } else { "check" });
                }
                _ => c.omit("extinctionPieceTypes", "names no piece of the variant"),
            }
        }
        (Some("loss"), Some(t))
            if t.chars().count() == 1 && t != "*" && !pieces.iter().any(|p| p.royal) =>
        {
            match t.chars().next().and_then(|ch| letter_of(pieces, ch)) {
                Some(i) => {
                    pieces[i].royal = true;
                    royal_rule = Some(if duple {
                        "duple"
                    } else if pseudo {
                        "check"
                    } else {
                        "capture"
                    });
                }
                None => c.omit("extinctionPieceTypes", "names no piece of the variant"),
            }
        }
        // Any other extinction rule: `extinction ...` (see `material_rules`).
        _ => {}
    }
    royal_rule
}

/// Whether a side may hold more than `most` pieces of one of the `kinds` at once: more at the
/// start, or a promotion to one from a piece of another kind (promotions among the kinds replace
/// one with another).
fn may_hold_more(c: &mut Conv, pieces: &[Piece], kinds: &[usize], most: usize) -> bool {
    let board = c.get("startFen").unwrap_or_default();
    let board = board.split_whitespace().next().unwrap_or("");
    let twice = kinds.iter().any(|&i| {
        let l = pieces[i].letter.to_ascii_lowercase();
        let u = pieces[i].letter.to_ascii_uppercase();
        board.chars().filter(|&ch| ch == l).count() > most
            || board.chars().filter(|&ch| ch == u).count() > most
    });
    let promoted_into = pieces.iter().enumerate().any(|(j, p)| {
        !kinds.contains(&j)
            && p.lines.iter().any(|line| {
                line.strip_prefix("promotes to ").is_some_and(|rest| {
                    let targets = rest.split(" in ").next().unwrap_or("");
                    targets
                        .split(", ")
                        .any(|n| kinds.iter().any(|&i| pieces[i].name == n))
                })
            })
    });
    // `promotedPieceType = q:k ...`: a piece of another kind turning into one of them.
    let letters: Vec<char> = kinds
        .iter()
        .map(|&i| pieces[i].letter.to_ascii_lowercase())
        .collect();
    let turned_into = c.get("promotedPieceType").is_some_and(|v| {
        v.split_whitespace().any(|pair| {
            let mut it = pair.split(':').map(|x| x.trim().to_ascii_lowercase());
            match (it.next(), it.next()) {
                (Some(from), Some(to)) => {
                    let is_kind =
                        |x: &str| x.chars().next().is_some_and(|ch| letters.contains(&ch));
                    !is_kind(&from) && is_kind(&to)
                }
                _ => false,
            }
        })
    });
    twice || promoted_into || turned_into
}

/// The `drops` block's lines (empty without drops).
fn drop_rules(c: &mut Conv, pieces: &[Piece], promotion: &Promotion) -> Vec<String> {
    let (drops, to_hand, promo_zone) = (promotion.drops, promotion.to_hand, &promotion.zone);
    let mut drop_lines = Vec::new();
    if to_hand && !drops {
        c.omit("capturesToHand", "captures to hand without drops");
    }
    if !drops {
        // Meaningless without drops (crusade inherits ataxx's `freeDrops`).
        c.get("immobilityIllegal");
        c.get("freeDrops");
        return drop_lines;
    }
    // Without `capturesToHand` only the start hand is dropped: a `drops` block without `kinds`.
    if to_hand {
        drop_lines.push("kinds all".to_string());
    }
    let (w, b) = (c.get("dropRegionWhite"), c.get("dropRegionBlack"));
    let region = c.zone_or_board("drop_region", w, b);
    if let Some(r) = &region {
        drop_lines.push(format!("zone {r}"));
    }
    // Without captures to hand, only a kind in the start hand reaches one (the language refuses
    // a drop zone for any other).
    let start_hand: String =
        c.s.get("startFen")
            .and_then(|(v, _)| Some(v.split_once('[')?.1.split_once(']')?.0.to_ascii_uppercase()))
            .unwrap_or_default();
    let pawn = pieces
        .iter()
        .find(|p| p.key == "pawn")
        .filter(|p| to_hand || start_hand.contains(p.letter));
    if let Some(p) = pawn {
        let mut z = region.clone().unwrap_or_else(|| "all".into());
        if !c.flag("firstRankPawnDrops", false) {
            z.push_str(" - rank 1");
        }
        if !c.flag("promotionZonePawnDrops", false) {
            if let Some(pz) = &promo_zone {
                z.push_str(&format!(" - {pz}"));
            }
        }
        if z != "all" {
            drop_lines.push(format!("zone {}: {z}", p.name));
        }
    }
    if c.flag("immobilityIllegal", false) {
        drop_lines.push("must-move".into());
    }
    // `mustDrop`: while a side holds pieces in hand it drops (of any type: `mustDropType = *`).
    if c.flag("mustDrop", false) {
        match c.get("mustDropType").as_deref() {
            None | Some("*") => drop_lines.push("must-drop".into()),
            Some(_) => c.omit(
                "mustDrop",
                "drops mandatory for one piece type only; `must-drop` holds for the whole hand",
            ),
        }
    }
    let no_doubled = c.get("dropNoDoubled");
    let count = c.get("dropNoDoubledCount");
    if let Some(v) = &no_doubled {
        match v.chars().next().and_then(|ch| letter_of(pieces, ch)) {
            Some(i) => drop_lines.push(format!("one-per-file {}", pieces[i].name)),
            None if v.as_str() == "-" => {}
            None => c.omit("dropNoDoubled", "names no piece of the variant"),
        }
    }
    // `dropNoDoubledCount = 0`: no file takes one, so the kind is never dropped: it does not go
    // to the hand (only the hand shown differs from Fairy-Stockfish's).
    let never = no_doubled
        .as_deref()
        .and_then(|v| v.chars().next())
        .and_then(|ch| letter_of(pieces, ch));
    // `dropNoDoubledCount = N`: `per-file N` (0: the kind is never dropped).
    match (count.as_deref().map(str::parse::<u8>), never) {
        (None | Some(Ok(1)), _) => {}
        (Some(Ok(n)), Some(i)) if n <= 16 => {
            let name = pieces[i].name.clone();
            for l in drop_lines.iter_mut() {
                if *l == format!("one-per-file {name}") {
                    *l = format!("per-file {n} {name}");
                }
            }
        }
        _ => c.omit(
            "dropNoDoubledCount",
            "not a count from 0 to 16 for a kind of the variant",
        ),
    }
    if c.flag("shogiPawnDropMateIllegal", false) {
        // Without a royal piece there is no mate to forbid.
        match pieces.iter().find(|p| p.key == "shogiPawn") {
            Some(p) if pieces.iter().any(|p| p.royal) => {
                drop_lines.push(format!("no-mate {}", p.name))
            }
            Some(_) => {}
            // Fairy-Stockfish applies the rule to its `shogiPawn` only: here, to nothing.
            None => {}
        }
    }
    if !c.flag("dropChecks", true) {
        drop_lines.push("no-check".into());
    }
    // `enclosingDrop`: `top`, drops come to rest on the first rank or on another piece;
    // `reversi`, a drop must enclose enemy pieces; `ataxx`, a drop goes next to an own piece.
    let placement = match c.s.get("enclosingDrop").map(|(v, _)| v.as_str()) {
        Some("top") => Some("gravity"),
        Some("reversi") => Some("enclosing"),
        Some("ataxx") => Some("adjacent"),
        Some("snort") => Some("apart"),
        _ => None,
    };
    if let Some(word) = placement {
        c.get("enclosingDrop");
        drop_lines.push(word.into());
    }
    // `enclosingDropStart`: board squares filled first (reversi from an empty board).
    if let Some(v) = c.get("enclosingDropStart") {
        if let Some(z) = c.zone("opening_squares", &v, &v) {
            drop_lines.push(format!("opening {z}"));
        }
    }
    // `freeDrops`: every kind comes from a supply that never runs out.
    if c.flag("freeDrops", false) {
        let kinds: Vec<&str> = pieces
            .iter()
            .filter(|p| !p.royal)
            .map(|p| p.name.as_str())
            .collect();
        if !kinds.is_empty() {
            drop_lines.push(format!("unlimited {}", kinds.join(", ")));
        }
    }
    if c.flag("dropPromoted", false) {
        // Every kind with a promoted form may be dropped as it (Fairy-Stockfish's rule).
        let kinds: Vec<&str> = pieces
            .iter()
            .filter(|p| {
                p.lines
                    .iter()
                    .any(|l| l.starts_with("promotes to Promoted"))
            })
            .map(|p| p.name.as_str())
            .collect();
        if kinds.is_empty() {
            c.omit("dropPromoted", "no kind has a promoted form");
        } else if !to_hand {
            c.omit("dropPromoted", "drops of promoted pieces from a start hand");
        } else {
            drop_lines.push(format!("drop-promoted {}", kinds.join(", ")));
        }
    }
    if c.flag("dropLoop", false) {
        c.omit(
            "dropLoop",
            "captured promoted pieces that stay promoted in hand",
        );
    }
    drop_lines
}

/// The end-of-game statements: royal rule, facing, stalemate, checkmate, repetition, move limit.
/// The flag rules: `goal KIND | any in ZONE [count N [or-full]] [safe] [reply | held]`.
/// `flagMove` is racing kings' `reply` when the flag piece is Fairy-Stockfish's king, and `held`
/// (either side's arrival confirmed after the reply) for any other flag piece.
fn flag_goal(c: &mut Conv, pieces: &[Piece], rules: &mut Vec<String>) {
    const KEYS: &[&str] = &[
        "flagPiece",
        "flagPieceWhite",
        "flagPieceBlack",
        "flagRegion",
        "flagRegionWhite",
        "flagRegionBlack",
        "flagPieceCount",
        "flagPieceBlockedWin",
        "flagMove",
        "flagPieceSafe",
    ];
    let omit_all = |c: &mut Conv, why: &str| {
        for k in KEYS {
            c.omit(k, why);
        }
    };
    // Fairy-Stockfish reads the key for both sides first, then each side's own.
    let both = c.get("flagRegion");
    let w = c.get("flagRegionWhite").or_else(|| both.clone());
    let b = c.get("flagRegionBlack").or(both);
    let empty = |v: &Option<String>| v.as_deref().is_none_or(|v| c.zone_expr(v).is_none());
    let (no_w, no_b) = (empty(&w), empty(&b));
    if no_w && no_b {
        // No region: no flag rule, whatever the other keys say.
        for k in KEYS {
            c.get(k);
        }
        return;
    }
    // A region for one side only: that side alone has the goal (buffalo, stardust).
    let only = match (no_w, no_b) {
        (true, _) => Some("Black"),
        (_, true) => Some("White"),
        _ => None,
    };
    let piece = c.get("flagPiece").unwrap_or_else(|| "*".into());
    let pw = c.get("flagPieceWhite").unwrap_or_else(|| piece.clone());
    let pb = c.get("flagPieceBlack").unwrap_or_else(|| piece.clone());
    if pw.trim() != pb.trim() {
        omit_all(c, "a flag piece per side");
        return;
    }
    // `*` is any piece; a letter is one kind (Fairy-Stockfish's flag piece is one type).
    let (kind, king) = match pw.trim() {
        "*" => ("any".to_string(), false),
        l if l.chars().count() == 1 => {
            match l.chars().next().and_then(|ch| letter_of(pieces, ch)) {
                Some(i) => (pieces[i].name.clone(), pieces[i].key == "king"),
                None => {
                    omit_all(c, "a flag piece that names nothing on the board");
                    return;
                }
            }
        }
        _ => {
            omit_all(
                c,
                "several flag piece letters (Fairy-Stockfish keeps only one)",
            );
            return;
        }
    };
    let count = match c.get("flagPieceCount").map(|v| v.trim().parse::<u8>()) {
        None => 1,
        Some(Ok(n)) if n >= 1 => n,
        Some(_) => {
            omit_all(c, "a flag piece count that is not from 1 to 255");
            return;
        }
    };
    let blocked = c.flag("flagPieceBlockedWin", false);
    let safe = c.flag("flagPieceSafe", false);
    let flag_move = c.flag("flagMove", false);
    if flag_move && king && (safe || count > 1) {
        omit_all(
            c,
            "racing kings' flag move with a count or safety (the language's `reply` takes neither)",
        );
        return;
    }
    let (w, b) = match only {
        // The zone is player-relative: the one side's region stands for both.
        Some("White") => (w.clone().unwrap_or_default(), w.unwrap_or_default()),
        Some(_) => (b.clone().unwrap_or_default(), b.unwrap_or_default()),
        None => (w.unwrap_or_default(), b.unwrap_or_default()),
    };
    let squares = c.square_set(&w).len().min(c.square_set(&b).len());
    if usize::from(count) > squares && !blocked {
        // More pieces than the region has squares: the rule can never be met, so leaving it
        // out plays the same game.
        return;
    }
    let Some(zone) = c.zone("flag_zone", &w, &b) else {
        omit_all(c, "a flag region that names nothing on the board");
        return;
    };
    let mut rule = format!("goal {kind} in {zone}");
    if count > 1 {
        rule.push_str(&format!(" count {count}"));
        if blocked {
            rule.push_str(" or-full");
        }
    }
    if safe {
        rule.push_str(" safe");
    }
    if flag_move {
        rule.push_str(if king { " reply" } else { " held" });
    }
    if let Some(p) = only {
        rule.push_str(&format!(" for {p}"));
    }
    rules.push(rule);
}

fn end_rules(c: &mut Conv, pieces: &[Piece], royal_rule: Option<&str>) -> Vec<String> {
    let mut rules = Vec::new();
    if let Some(r) = royal_rule {
        rules.push(format!("royal-rule {r}"));
    }
    if c.flag("flyingGeneral", false) {
        rules.push("facing".into());
    }
    // `checking = false`: no move may give check.
    if !c.flag("checking", true) {
        rules.push("no-check".into());
    }
    flag_goal(c, pieces, &mut rules);
    // `makpongRule`: a king in check moves only to take the single checker.
    if c.flag("makpongRule", false) {
        if pieces.iter().any(|p| p.royal && p.key == "king") {
            rules.push("checked-royal takes-only".into());
        } else {
            c.omit(
                "makpongRule",
                "the rule of a king, and the king is not royal here",
            );
        }
    }
    // `bikjangRule`: generals facing on an open file must be answered at once, else the game
    // ends (drawn; Fairy-Stockfish's material counting, when on, is announced apart).
    if c.flag("bikjangRule", false) {
        if c.flag("flyingGeneral", false) {
            c.omit("bikjangRule", "facing both forbidden and ending the game");
        } else {
            rules.push("facing ends draw".into());
        }
    }
    // `pass`: a side may pass; two passes in a row end Fairy-Stockfish's game.
    let (pw, pb) = (c.flag("passWhite", false), c.flag("passBlack", false));
    if c.flag("pass", false) || pw || pb {
        if c.s.contains_key("passWhite") || c.s.contains_key("passBlack") {
            c.omit("passWhite", "a pass for one side only");
            c.omit("passBlack", "a pass for one side only");
        } else {
            rules.push("pass twice draw".into());
        }
    }
    // `passOnStalemate`: a side with no legal move passes instead of being stalemated.
    // Two passes in a row end Fairy-Stockfish's game whatever the pass.
    if c.flag("passOnStalemate", false) {
        // A pass at will covers the side with no move.
        if !c.flag("pass", false) {
            rules.push("pass when-stuck twice draw".into());
        }
    }
    // `flipEnclosedPieces`: an arriving piece turns enemy pieces over (no royal piece may).
    if let Some(v) = c.get("flipEnclosedPieces") {
        let rule = match v.as_str() {
            "reversi" => Some("flip lines"),
            "ataxx" => Some("flip adjacent"),
            "quadwrangle" => Some("flip adjacent supported"),
            _ => None,
        };
        match rule {
            Some(_) if pieces.iter().any(|p| p.royal) => {
                c.omit("flipEnclosedPieces", "a royal piece would be turned over")
            }
            Some(r) => rules.push(r.into()),
            None if v == "none" => {}
            None => c.omit("flipEnclosedPieces", "not reversi, ataxx or quadwrangle"),
        }
    }
    // `adjudicateFullBoard`: a full board ends the game (a draw, or counted).
    if c.flag("adjudicateFullBoard", false) {
        rules.push("full-board".into());
    }
    // Connect-N: N of the mover's pieces in a row (`connectN`), or on one line with gaps
    // (`collinearN`, `gaps`), and an N x N block (`connectNxN`, `square`). The region form has
    // no word in the language.
    let number =
        |c: &mut Conv, key: &str| -> u8 { c.get(key).and_then(|v| v.parse().ok()).unwrap_or(0) };
    let (line_n, collinear_n, square_n) = (
        number(c, "connectN"),
        number(c, "collinearN"),
        number(c, "connectNxN"),
    );
    let (connect_n, gaps) = if line_n == 0 && collinear_n != 0 {
        (collinear_n, true)
    } else {
        if collinear_n != 0 {
            c.omit(
                "collinearN",
                "beside `connectN`: one `connect` counts one way",
            );
        }
        (line_n, false)
    };
    // `connectRegion1*` and `connectRegion2*`: a chain from one region to the other.
    let (r1w, r1b) = (c.get("connectRegion1White"), c.get("connectRegion1Black"));
    let (r2w, r2b) = (c.get("connectRegion2White"), c.get("connectRegion2Black"));
    let chain = match (r1w, r1b, r2w, r2b) {
        (Some(a), Some(b), Some(x), Some(y)) if connect_n == 0 => {
            match (c.zone("connect_from", &a, &b), c.zone("connect_to", &x, &y)) {
                (Some(from), Some(to)) => Some(format!("{from} to {to}")),
                _ => None,
            }
        }
        (None, None, None, None) => None,
        _ => {
            c.omit(
                "connectRegion1White",
                "a chain between regions needs all four region keys, and no `connectN` beside it",
            );
            None
        }
    };
    let head = match (&chain, connect_n) {
        (Some(ch), _) => Some(ch.clone()),
        (None, 2..=16) => Some(connect_n.to_string()),
        _ => None,
    };
    if let Some(head) = head {
        let mut l = format!("connect {head}");
        let lines = [
            (c.flag("connectHorizontal", true), "horizontal"),
            (c.flag("connectVertical", true), "vertical"),
            (c.flag("connectDiagonal", true), "diagonal"),
        ];
        if lines.iter().any(|(on, _)| !on) {
            for (on, word) in lines {
                if on {
                    l.push(' ');
                    l.push_str(word);
                }
            }
        }
        match square_n {
            0 => {}
            2..=16 => l.push_str(&format!(" square {square_n}")),
            _ => c.omit("connectNxN", "outside 2..16"),
        }
        if gaps {
            l.push_str(" gaps");
        }
        if let Some(t) = c.get("connectPieceTypes").filter(|t| t != "*") {
            let names: Vec<String> = t
                .chars()
                .filter_map(|ch| letter_of(pieces, ch))
                .map(|i| pieces[i].name.clone())
                .collect();
            if !names.is_empty() {
                l.push_str(&format!(" of {}", names.join(", ")));
            }
        }
        match c.get("connectValue").as_deref() {
            None | Some("win") => {}
            Some(v @ ("loss" | "draw")) => l.push_str(&format!(" {v}")),
            Some(_) => c.omit("connectValue", "not win, loss or draw"),
        }
        rules.push(l);
    } else if connect_n != 0 {
        c.omit(
            if gaps { "collinearN" } else { "connectN" },
            "outside 2..16",
        );
    } else if square_n != 0 {
        c.omit(
            "connectNxN",
            "a square block without `connectN`: `connect` needs a row too",
        );
    }
    // `promotionLimit = q:1 r:2`: no promotion to a type while the side has that many of it.
    if let Some(v) = c.get("promotionLimit") {
        let mut limits = Vec::new();
        let mut bad = false;
        for item in v.split_whitespace() {
            let parsed = item.split_once(':').and_then(|(l, n)| {
                let i = l.chars().next().and_then(|ch| letter_of(pieces, ch))?;
                Some((i, n.parse::<u8>().ok()?))
            });
            match parsed {
                Some((i, n)) => limits.push(format!("{} {n}", pieces[i].name)),
                None => bad = true,
            }
        }
        if bad {
            c.omit(
                "promotionLimit",
                "an entry names no piece of the variant or no count",
            );
        } else if !limits.is_empty() {
            rules.push(format!("promotion-limit {}", limits.join(", ")));
        }
    }
    if c.flag("checkCounting", false) {
        // The limit is the start FEN's count of checks still to give (`3+3`), equal for both.
        let fen =
            c.s.get("startFen")
                .map(|(v, _)| v.clone())
                .unwrap_or_default();
        let counts = fen.split_whitespace().find_map(|f| {
            let (a, b) = f.split_once('+')?;
            Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?))
        });
        match counts {
            Some((a, b)) if a == b && (1..=99).contains(&a) => {
                rules.push(format!("check-limit {a}"))
            }
            _ => c.omit(
                "checkCounting",
                "the start position gives no equal count of checks for both sides",
            ),
        }
    }
    let score = |v: &str| -> Option<&'static str> {
        match v {
            "win" => Some("win"),
            "loss" => Some("loss"),
            "draw" => Some("draw"),
            _ => None,
        }
    };
    // `countingRule`: makruk's and ASEAN chess's counting, over Fairy-Stockfish's piece types.
    match c.get("countingRule").as_deref() {
        None | Some("none") => {}
        Some(rule @ ("makruk" | "asean" | "cambodian")) => {
            // The khon is Fairy-Stockfish's `silver` type (`khon` in the built-ins' description).
            let name = |key: &str| {
                pieces
                    .iter()
                    .find(|p| p.key == key || (key == "khon" && p.key == "silver"))
                    .map(|p| p.name.clone())
            };
            // A row whose type is not in the variant never applies: left out.
            let rows: &[(u8, &str, u16)] = if rule == "makruk" {
                &[
                    (2, "rook", 8),
                    (1, "rook", 16),
                    (2, "khon", 22),
                    (2, "knight", 32),
                    (1, "khon", 44),
                ]
            } else if rule == "cambodian" {
                &[
                    (2, "rook", 7),
                    (1, "rook", 15),
                    (2, "khon", 21),
                    (2, "knight", 31),
                    (1, "khon", 43),
                ]
            } else {
                &[(1, "rook", 16), (1, "khon", 44), (1, "knight", 64)]
            };
            let rows: Vec<String> = rows
                .iter()
                .filter_map(|&(m, key, l)| {
                    let n = name(key)?;
                    Some(if m > 1 {
                        format!("{m} {n} {l}")
                    } else {
                        format!("{n} {l}")
                    })
                })
                .collect();
            let mut l = "counting".to_string();
            let pawn = name("pawn");
            match (rule, &pawn) {
                // Cambodian chess: the pawns stop only the pieces' honour.
                ("cambodian", _) => l.push_str(" board 63 up-to 3"),
                (_, Some(p)) => l.push_str(&format!(" without {p}")),
                _ => {}
            }
            if rule == "makruk" {
                l.push_str(" board 64");
            }
            let mut bare = rows;
            match rule {
                "makruk" => bare.push("else 64".into()),
                "cambodian" => bare.push("else 63".into()),
                _ => {}
            }
            if !bare.is_empty() {
                l.push_str(" bare");
                if let (Some(p), "cambodian") = (&pawn, rule) {
                    l.push_str(&format!(" without {p}"));
                }
                l.push_str(&format!(" {}", bare.join(", ")));
            }
            if rule != "asean" {
                l.push_str(" from-pieces");
            }
            rules.push(l);
        }
        Some(_) => c.omit(
            "countingRule",
            "a counting rule Fairy-Stockfish has not named",
        ),
    }
    // Draw odds (`materialCounting = blackdrawodds`): every drawn end is that player's win.
    let odds = match c.s.get("materialCounting").map(|(v, _)| v.as_str()) {
        Some("blackdrawodds") => Some("Black"),
        Some("whitedrawodds") => Some("White"),
        _ => None,
    };
    if odds.is_some() {
        c.get("materialCounting");
    }
    // `materialCounting = unweighted`: a drawn end goes to the side with more pieces.
    if c.s
        .get("materialCounting")
        .is_some_and(|(v, _)| v == "unweighted")
    {
        c.get("materialCounting");
        rules.push("draws by-count".into());
    }
    let drawn = |s: &str| match (s, odds) {
        ("draw", Some(p)) => format!("win for {p}"),
        _ => s.to_string(),
    };
    // `stalematePieceCount`: the value holds for the side with fewer pieces (`by-count`).
    let by_count = if c.flag("stalematePieceCount", false) {
        " by-count"
    } else {
        ""
    };
    match c.get("stalemateValue") {
        Some(v) => match score(&v) {
            Some(s) => rules.push(format!("stalemate {}{by_count}", drawn(s))),
            None => c.omit("stalemateValue", "not win, loss or draw"),
        },
        None if odds.is_some() => rules.push(format!("stalemate {}", drawn("draw"))),
        None => {}
    }
    // Without a royal piece there is no checkmate to score (the language refuses the line).
    let checkmate = c
        .get("checkmateValue")
        .filter(|_| pieces.iter().any(|p| p.royal));
    if let Some(v) = checkmate {
        match score(&v) {
            Some(s) => rules.push(format!("checkmate {s}")),
            None => c.omit("checkmateValue", "not win, loss or draw"),
        }
    }
    let nfold: u32 = c.get("nFoldRule").and_then(|v| v.parse().ok()).unwrap_or(3);
    let nfold_value = c.get("nFoldValue").unwrap_or_else(|| "draw".into());
    // `nFoldValueAbsolute`: the value is White's, whichever side is to move.
    let absolute = c.flag("nFoldValueAbsolute", false);
    let perpetual = c.flag("perpetualCheckIllegal", false);
    if (2..=255).contains(&nfold) {
        let s = match score(&nfold_value).unwrap_or("draw") {
            s @ ("win" | "loss") if absolute => format!("{s} for White"),
            s => drawn(s),
        };
        let mut l = format!("repetition {nfold} {s}");
        // Without a royal piece there is no check to repeat (the language refuses the clause).
        if perpetual && pieces.iter().any(|p| p.royal) {
            l.push_str(" perpetual-check loss");
        }
        rules.push(l);
    } else if nfold != 0 {
        c.omit("nFoldRule", "outside 2..255");
    }
    let nmove: u32 = c
        .get("nMoveRule")
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    if nmove > 0 {
        let types = c
            .get("nMoveRuleTypes")
            .or_else(|| c.s.get("pawnTypes").map(|(v, _)| v.clone()))
            .unwrap_or_else(|| letters_of_keys(pieces, &["pawn"]));
        // Per side: a kind that resets the count for one side only is the same rule when the
        // other side never owns it.
        let (w, b) = (c.get("nMoveRuleTypesWhite"), c.get("nMoveRuleTypesBlack"));
        let types = if w.is_none() && b.is_none() {
            types
        } else {
            let (w, b) = (w.unwrap_or_else(|| types.clone()), b.unwrap_or(types));
            let mut all: Vec<char> = w.chars().chain(b.chars()).collect();
            all.sort();
            all.dedup();
            let one_sided = all.iter().all(|&ch| {
                w.contains(ch) == b.contains(ch) || owned_by_one_side(c, &[], ch, w.contains(ch))
            });
            if !one_sided {
                c.omit(
                    "nMoveRuleTypesWhite",
                    "move-count resets per side for a kind both sides may own",
                );
                c.omit(
                    "nMoveRuleTypesBlack",
                    "move-count resets per side for a kind both sides may own",
                );
            }
            all.into_iter().collect()
        };
        let resets: Vec<String> = types
            .chars()
            .filter_map(|ch| letter_of(pieces, ch))
            .map(|i| pieces[i].name.clone())
            .collect();
        let mut l = format!("move-limit {} {}", nmove.min(65535), drawn("draw"));
        if !resets.is_empty() {
            l.push_str(&format!(" resets {}", resets.join(", ")));
        }
        rules.push(l);
    }
    rules
}

/// The start FEN (completed to six fields) and the castling statement, added to `rules`.
fn start_and_castling(c: &mut Conv, pieces: &[Piece], rules: &mut Vec<String>) -> String {
    let start = c
        .get("startFen")
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    // Fairy-Stockfish reads a FEN without the side to move as White to move.
    let start = if start.split_whitespace().count() == 1 {
        format!("{start} w - - 0 1")
    } else {
        start
    };
    let castle_field = start.split_whitespace().nth(2).unwrap_or("-").to_string();
    if !c.flag("castling", true) {
        // Without castling the keys that shape it (often a parent's) say nothing.
        for k in [
            "castlingKingPiece",
            "castlingRookPieces",
            "castlingKingFile",
            "castlingKingsideFile",
            "castlingQueensideFile",
            "castlingRank",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
        ] {
            c.get(k);
        }
    } else {
        let king = c
            .get("castlingKingPiece")
            .unwrap_or_else(|| letters_of_keys(pieces, &["king"]));
        let rook = c
            .get("castlingRookPieces")
            .unwrap_or_else(|| letters_of_keys(pieces, &["rook"]));
        let file = |c: &mut Conv, k: &str, d: u8| -> u8 {
            c.get(k)
                .and_then(|v| v.bytes().next())
                .map(|b| b.wrapping_sub(b'a'))
                .unwrap_or(d)
        };
        let kf = file(c, "castlingKingFile", 4);
        let ks = file(c, "castlingKingsideFile", 6);
        let qs = file(c, "castlingQueensideFile", 2);
        let (ki, ri) = (
            king.chars().next().and_then(|ch| letter_of(pieces, ch)),
            rook.chars().next().and_then(|ch| letter_of(pieces, ch)),
        );
        // `chess960 = true`: the king lands on the castling files from wherever it stands.
        let chess960 = c.flag("chess960", false);
        // `oppositeCastling`: castling to a side takes the opponent's right to that side.
        let opposite = if c.flag("oppositeCastling", false) {
            " opposite"
        } else {
            ""
        };
        if let (Some(ki), Some(ri)) = (ki, ri) {
            let steps = ks.wrapping_sub(kf);
            let letter = |f: u8| crate::geometry::file_letter(f);
            let equal = kf.wrapping_sub(qs) == steps && steps >= 1 && steps < c.files;
            // King moves of different lengths on the two sides: the `to` form states where the
            // king lands, which is all Fairy-Stockfish's castling files say (the rook lands
            // beside it on the inner side in both).
            if (chess960 || !equal) && castle_field != "-" && qs + 1 < ks && ks < c.files {
                rules.push(format!(
                    "castling {} {} to {} {}{opposite}",
                    pieces[ki].name,
                    pieces[ri].name,
                    letter(qs),
                    letter(ks)
                ));
            } else if castle_field != "-" {
                if equal {
                    rules.push(format!(
                        "castling {} {} {steps}{opposite}",
                        pieces[ki].name, pieces[ri].name
                    ));
                } else {
                    c.omit(
                        "castlingKingsideFile",
                        "king moves of different lengths on the two sides",
                    );
                    c.omit(
                        "castlingQueensideFile",
                        "king moves of different lengths on the two sides",
                    );
                }
            }
        }
        for k in [
            "castlingRank",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
        ] {
            c.get(k);
        }
        // `castlingWins`: rights as FEN letters (`K Q` White's, `k q` Black's), castling to one
        // wins, losing them all loses.
        if let Some(v) = c.get("castlingWins").filter(|v| v.trim() != "-") {
            let has = |ch: char| v.contains(ch);
            let sides = |k: bool, q: bool| {
                let mut s = Vec::new();
                if k {
                    s.push("kingside");
                }
                if q {
                    s.push("queenside");
                }
                s.join(", ")
            };
            let (w, b) = (sides(has('K'), has('Q')), sides(has('k'), has('q')));
            if w == b && !w.is_empty() {
                rules.push(format!("castling-wins {w}"));
            } else {
                for (s, who) in [(w, "White"), (b, "Black")] {
                    if !s.is_empty() {
                        rules.push(format!("castling-wins {s} for {who}"));
                    }
                }
            }
        }
    }
    start
}

/// `cambodianMoves`: the king's first leap two files aside onto the rank in front (not in
/// check, lost to a rook aimed at it) and the `fers`'s first leap two forward, as `first-move`
/// lines; their rights are the FEN's gates (`gating`, read with the start).
fn cambodian_moves(c: &mut Conv, pieces: &mut [Piece]) {
    if !c.flag("cambodianMoves", false) {
        return;
    }
    c.get("gating");
    let rook = pieces
        .iter()
        .find(|p| p.key == "rook")
        .map(|p| p.name.clone());
    for p in pieces.iter_mut() {
        match p.key.as_str() {
            "king" => p.moves.push(match &rook {
                Some(r) => format!("mfsN first-move not-in-check lost-when-aimed-by {r}"),
                None => "mfsN first-move not-in-check".to_string(),
            }),
            "fers" | "met" => p.moves.push("mfD first-move".to_string()),
            _ => {}
        }
    }
}

/// Keys whose value here is Fairy-Stockfish's default (alternatives split by `|`): they state no
/// rule, so a section that spells one out loses nothing.
const DEFAULTS: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("pass", "false"),
    ("passOnStalemate", "false"),
    ("bikjangRule", "false"),
    ("materialCounting", "none"),
    ("countingRule", "none"),
    ("makpongRule", "false"),
    ("cambodianMoves", "false"),
    ("flagMove", "false"),
    ("gating", "false"),
    ("seirawanGating", "false"),
    ("petrifyOnCaptureTypes", "-"),
    ("piecePromotionOnCapture", "false"),
    ("enclosingDrop", "none"),
    ("connectN", "0"),
    ("blastOnCapture", "false"),
    ("diagonalLines", "-|"),
];

/// Every key not read is reported as not converted; omissions in the order of the file.
fn not_converted(c: &mut Conv) {
    let rest: Vec<String> =
        c.s.keys()
            .filter(|k| !c.used.contains(*k))
            .cloned()
            .collect();
    for k in rest {
        // A key at Fairy-Stockfish's default value states no rule.
        let at_default = c.s.get(&k).is_some_and(|(v, _)| {
            DEFAULTS
                .iter()
                .any(|(dk, dv)| *dk == k && dv.split('|').any(|d| d == v))
        });
        if !at_default {
            // Some of these the language states and only the importer leaves out: say no more.
            c.omit(&k, "`chimera import` does not convert this key");
        }
    }
    c.omissions
        .sort_by_key(|o| (o.line.unwrap_or(0), o.key.clone()));
}

/// The squares a FEN's board marks `*` (Fairy-Stockfish's squares that do not exist), named.
fn fen_holes(fen: &str, ranks: u8) -> Vec<String> {
    let board = fen.split(['[', ' ']).next().unwrap_or("");
    let mut holes = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = (ranks as usize).saturating_sub(i);
        let (mut file, mut run) = (0usize, 0usize);
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            match ch {
                '*' => {
                    if let Some(f) = u8::try_from(file).ok().filter(|f| *f < 26) {
                        holes.push(format!("{}{rank}", crate::geometry::file_letter(f)));
                    }
                    file += 1;
                }
                '+' | '~' => {}
                _ => file += 1,
            }
        }
    }
    holes
}

/// Writes the definition text.
fn write(
    name: &str,
    c: &Conv,
    pieces: &[Piece],
    promoted_kinds: &[Piece],
    drop_lines: &[String],
    rules: &[String],
    start: &str,
) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "# Imported from the variants.ini section [{name}] by chimera import."
    );
    if !c.omissions.is_empty() {
        let _ = writeln!(t, "# Not converted (the rules below leave these out):");
        for o in &c.omissions {
            let at = o
                .line
                .map(|l| format!("line {l}"))
                .unwrap_or_else(|| "built-in parent".into());
            let _ = writeln!(t, "#   {} = {} ({at}): {}", o.key, o.value, o.why);
        }
    }
    let _ = writeln!(t, "\nvariant \"{name}\"");
    let _ = writeln!(t, "board {}x{}", c.files, c.ranks);
    let holes = fen_holes(start, c.ranks);
    if !holes.is_empty() {
        let _ = writeln!(t, "holes {}", holes.join(" + "));
    }
    for z in &c.zones {
        let _ = writeln!(t, "{z}");
    }
    for p in pieces.iter().chain(promoted_kinds.iter()) {
        let letter = if promoted_kinds.iter().any(|q| std::ptr::eq(q, p)) {
            format!("+{}", p.letter)
        } else {
            p.letter.to_string()
        };
        let _ = writeln!(t, "piece {} {letter} {{", p.name);
        for m in &p.moves {
            let _ = writeln!(t, "  moves {m}");
        }
        if p.royal {
            let _ = writeln!(t, "  royal{}", if p.when_last { " when-last" } else { "" });
        }
        for l in &p.lines {
            let _ = writeln!(t, "  {l}");
        }
        let _ = writeln!(t, "}}");
    }
    if !drop_lines.is_empty() {
        let _ = writeln!(t, "drops {{");
        for l in drop_lines {
            let _ = writeln!(t, "  {l}");
        }
        let _ = writeln!(t, "}}");
    }
    for r in rules {
        let _ = writeln!(t, "{r}");
    }
    let _ = writeln!(t, "start \"{}\"", start.replace('"', ""));
    t
}

/// `mustCapture` as `must-capture`, and an extinction rule that is not the royal rule (`royalty`
/// took that one: `royal_taken`) as `extinction KIND, ... | all [down-to N] [RESULT]`.
fn material_rules(c: &mut Conv, pieces: &[Piece], royal_taken: bool) -> Vec<String> {
    let mut rules = Vec::new();
    if c.flag("mustCapture", false) {
        rules.push("must-capture".to_string());
    }
    if let Some(rule) = c.get("wallingRule") {
        let word = match rule.as_str() {
            // Fairy-Stockfish's names for the rules (key values of its ini files).
            "duck" => Some("moved"),
            "static" => Some("anywhere"),
            "arrow" => Some("arrow"),
            "past" => Some("trail"),
            "none" => None,
            _ => {
                c.omit(
                    "wallingRule",
                    "walls on the edge or beside other walls (`edge`): `walls` has no such rule",
                );
                None
            }
        };
        if let Some(word) = word {
            let both = c.get("wallingRegion");
            let (w, b) = (c.get("wallingRegionWhite"), c.get("wallingRegionBlack"));
            let region = c.zone_or_board("wall_region", w.or(both.clone()), b.or(both));
            match region {
                Some(r) => rules.push(format!("walls {word} in {r}")),
                None => rules.push(format!("walls {word}")),
            }
        }
        if c.flag("wallOrMove", false) {
            c.omit(
                "wallOrMove",
                "a wall instead of a move: `walls` puts one after every move",
            );
        }
    }
    // `petrifyOnCaptureTypes`: a capturing piece of these types turns to stone.
    if let Some(v) = c.get("petrifyOnCaptureTypes").filter(|v| v.trim() != "-") {
        let idx: Option<Vec<usize>> = v
            .chars()
            .filter(|ch| !ch.is_whitespace())
            .map(|ch| letter_of(pieces, ch))
            .collect();
        match idx {
            Some(_) if c.flag("petrifyBlastPieces", false) => c.omit(
                "petrifyBlastPieces",
                "the pieces a blast takes turn to stone too",
            ),
            Some(idx) if idx.iter().any(|&i| pieces[i].royal) => c.omit(
                "petrifyOnCaptureTypes",
                "a royal piece that would turn to stone (it may not capture, and attacks nothing)",
            ),
            Some(idx) if !idx.is_empty() => {
                let names: Vec<String> = idx.iter().map(|&i| pieces[i].name.clone()).collect();
                rules.push(format!("petrify {}", names.join(", ")));
            }
            _ => c.omit("petrifyOnCaptureTypes", "names no piece of the variant"),
        }
    }
    if c.flag("blastOnCapture", false) {
        // Fairy-Stockfish's blast spares pawns around the capture.
        let mut line = "explosions".to_string();
        if let Some(p) = pieces.iter().find(|p| p.key == "pawn") {
            line.push_str(&format!(" spare {}", p.name));
        }
        if let Some(v) = c.get("blastImmuneTypes") {
            let mut names = Vec::new();
            for ch in v.chars().filter(|ch| !ch.is_whitespace()) {
                match letter_of(pieces, ch) {
                    Some(i) => names.push(pieces[i].name.clone()),
                    None => c.omit("blastImmuneTypes", "names no piece of the variant"),
                }
            }
            if !names.is_empty() {
                line.push_str(&format!(" immune {}", names.join(", ")));
            }
        }
        rules.push(line);
    }
    let count = c.get("extinctionPieceCount");
    let opponent = c.get("extinctionOpponentPieceCount");
    let claim = c.flag("extinctionClaim", false);
    let value = c.get("extinctionValue");
    let types = c.get("extinctionPieceTypes");
    if royal_taken {
        return rules;
    }
    let (Some(value), Some(types)) = (value, types) else {
        return rules;
    };
    let result = match value.as_str() {
        "win" | "loss" | "draw" => value.as_str(),
        "none" => return rules,
        _ => {
            c.omit("extinctionValue", "not win, loss or draw");
            return rules;
        }
    };
    if opponent.as_deref().is_some_and(|v| v != "0") || claim {
        for k in ["extinctionOpponentPieceCount", "extinctionClaim"] {
            c.omit(
                k,
                "an extinction rule that counts the opponent's pieces too",
            );
        }
        return rules;
    }
    let down_to: u8 = match count.as_deref().map(str::parse::<u8>) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            c.omit("extinctionPieceCount", "not a count from 0 to 255");
            return rules;
        }
    };
    let all = types.contains('*');
    let kinds: Vec<&str> = types
        .chars()
        .filter(|ch| *ch != '*')
        .filter_map(|ch| letter_of(pieces, ch))
        .map(|i| pieces[i].name.as_str())
        .collect();
    let counted = match (all, kinds.is_empty()) {
        (true, true) => "all".to_string(),
        (false, false) => kinds.join(", "),
        (true, false) => {
            c.omit(
                "extinctionPieceTypes",
                "all pieces and single kinds counted together",
            );
            return rules;
        }
        (false, true) => {
            c.omit("extinctionPieceTypes", "names no piece of the variant");
            return rules;
        }
    };
    let mut line = format!("extinction {counted}");
    if down_to > 0 {
        line.push_str(&format!(" down-to {down_to}"));
    }
    if result != "loss" {
        line.push_str(&format!(" {result}"));
    }
    rules.push(line);
    rules
}
