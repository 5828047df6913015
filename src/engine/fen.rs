//! FEN in and out (Fairy-Stockfish's dialect): a [`Position`] from text and back.
//!
//! Lives beside [`Position`] because the engine needs it for the start position; the front ends
//! reach it through [`crate::notation`].

use super::position::{CastleSide, CastlingRights, Piece, Position};
pub(crate) use crate::fen::FenError;
use crate::fen::{FenBoard, FenOf, Setup};
use crate::geometry::{file_letter, Player, Square, SquareSet};
use crate::rules::{PieceKind, RuleSet};

/// Reads a FEN against a rule set's board and letters, not yet as a position; the first fault is
/// the error.
pub(crate) fn read_setup(rules: &RuleSet, fen: &str) -> Result<Setup, FenError> {
    let dims = rules.board.dims;
    let letters: Vec<String> = rules.pieces.iter().map(|p| p.letter.clone()).collect();
    let board = FenBoard {
        dims,
        holes: SquareSet::first_n(dims.len()).minus(&rules.board.squares),
        letters: &letters,
        gating: rules.gating.is_some()
            || rules.pieces.iter().any(|p| p.first_move.is_some())
            || rules
                .castling
                .as_ref()
                .is_some_and(|c| c.to_files.is_some()),
        // `petrify` leaves walls behind too.
        walls: rules.walls.is_some() || !rules.end.petrify.is_empty(),
        counting: rules.end.counting.is_some(),
    };
    let (setup, errors) = crate::fen::read(fen, &board, FenOf::Given);
    match errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(setup),
    }
}

/// The position a reading gives, before the engine's own steps (castling rights whose pieces
/// are not in place, gates): [`super::Engine::position_from_setup`] takes those too.
pub(crate) fn position_from_setup(rules: &RuleSet, setup: &Setup) -> Position {
    let dims = rules.board.dims;
    let mut pos = Position::empty();
    pos.track_royals(
        rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .map(|(i, _)| PieceKind::from_index(i))
            .collect(),
    );
    for p in &setup.board {
        pos.set_piece(
            p.square,
            Some(Piece::new(p.player, PieceKind::from_index(p.kind))),
        );
        if p.pending {
            pos.set_pending(p.square, true);
        }
    }
    for &w in &setup.walls {
        pos.set_wall(w, true);
    }
    for h in &setup.hands {
        let kind = PieceKind::from_index(h.kind);
        let n = pos.hand(h.player, kind);
        pos.set_hand(h.player, kind, n + 1);
    }
    pos.set_side_to_move(setup.side);
    let mut rights = CastlingRights::NONE;
    for (player, sides) in Player::BOTH.into_iter().zip(setup.castling) {
        for (side, on) in CastleSide::BOTH.into_iter().zip(sides) {
            if on {
                rights = rights.union(CastlingRights::one(player, side));
            }
        }
    }
    pos.set_castling_rights(rights);
    // `gating`: a file letter names the gate square on that file, kept when the player's own
    // piece stands there (as Fairy-Stockfish keeps it).
    if let Some(g) = &rules.gating {
        for &(player, file) in &setup.gates {
            let square = g.zone[player].iter().find(|&s| dims.file(s) == file);
            if let Some(s) = square {
                if pos.piece_at(s).is_some_and(|p| p.player == player) {
                    pos.set_gate(s, true);
                }
            }
        }
    }
    if let Some(t) = setup.en_passant {
        // The piece that just moved stands one step beyond the target, seen from its owner; an
        // en-passant square without it means nothing and is dropped.
        let mover = setup.side.other();
        let dr = if mover == Player::First { 1 } else { -1 };
        if let Some(v) = dims.square(dims.file(t) as i32, dims.rank(t) as i32 + dr) {
            if pos.piece_at(v).map(|p| p.player) == Some(mover) {
                pos.set_ep(Some((t, v)));
            }
        }
    }
    // `3+3`: the checks each player still has to give (`check-limit`).
    if let (Some((a, b)), Some(limit)) = (setup.checks_remaining, rules.end.check_limit) {
        pos.set_checks_given(Player::First, limit.saturating_sub(a));
        pos.set_checks_given(Player::Second, limit.saturating_sub(b));
    }
    pos.set_clocks(setup.halfmove, setup.fullmove);
    // `counting`: with a count running, the half-move field is the count so far.
    if let (Some(limit), Some(_)) = (setup.count_limit, &rules.end.counting) {
        pos.set_count(limit, setup.halfmove);
        pos.set_clocks(0, setup.fullmove);
    }
    pos
}

/// Writes a position as FEN.
pub(crate) fn to_fen(rules: &RuleSet, pos: &Position) -> String {
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
                    if !rules.board.squares.contains(sq) || pos.walls.contains(sq) {
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
    // Hands are written when the variant has them (captures to hand, gating), and whenever a hand holds a piece (a FEN may
    // put pieces in hand in any variant): what was read is written back.
    let holding = Player::BOTH
        .iter()
        .any(|&p| !pos.hand_contents(p).is_empty());
    if !rules.drops.to_hand.is_empty() || rules.gating.is_some() || holding {
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
    // The outermost castling rook on the rank of the king on `ks`, on one side of it (what `K`
    // and `Q` name when read).
    let outermost_from = |ks: Square, player: Player, side: CastleSide| -> Option<Square> {
        let cr = rules.castling.as_ref()?;
        let (rank, kf) = (dims.rank(ks), dims.file(ks));
        let rooks = pos.pieces().filter(|(s, p)| {
            p.player == player
                && p.kind == cr.rook
                && dims.rank(*s) == rank
                && (dims.file(*s) > kf) == (side == CastleSide::King)
        });
        match side {
            CastleSide::King => rooks.max_by_key(|(s, _)| dims.file(*s)),
            CastleSide::Queen => rooks.min_by_key(|(s, _)| dims.file(*s)),
        }
        .map(|(s, _)| s)
    };
    // The king's and the rook's squares of a castling right: the first castling king found.
    let castled = |player: Player, side: CastleSide| -> Option<(Square, Square)> {
        let cr = rules.castling.as_ref()?;
        let (ks, _) = pos
            .pieces()
            .find(|(_, p)| p.player == player && p.kind == cr.king)?;
        Some((ks, outermost_from(ks, player, side)?))
    };
    let anywhere = rules
        .castling
        .as_ref()
        .is_some_and(|c| c.to_files.is_some());
    // The outermost castling rook on a side of the king `castle_king` keeps.
    let outermost = |player: Player, side: CastleSide| -> Option<Square> {
        outermost_from(pos.castle_king(player)?, player, side)
    };
    let field_start = out.len();
    for player in Player::BOTH {
        let first = player == Player::First;
        for (side, ch) in [(CastleSide::King, 'K'), (CastleSide::Queen, 'Q')] {
            if c.has(player, side) {
                // `castling ... to` (X-FEN): a rook that is not the outermost one on its side is
                // named by its file.
                let ch = match pos.castle_rook(player, side) {
                    Some(rook) if anywhere && outermost(player, side) != Some(rook) => {
                        file_letter(dims.file(rook)).to_ascii_uppercase()
                    }
                    _ => ch,
                };
                out.push(if first { ch } else { ch.to_ascii_lowercase() });
            }
        }
        // `gating`: the gates `K`/`Q` do not already name, by file (as Fairy-Stockfish writes them).
        for f in gate_files(rules, pos, player, &castled) {
            let l = file_letter(f);
            out.push(if first { l.to_ascii_uppercase() } else { l });
        }
    }
    if out.len() == field_start {
        out.push('-');
    }
    out.push(' ');
    let count = pos.count().filter(|_| rules.end.counting.is_some());
    match (count, pos.ep_square()) {
        (Some((limit, _)), _) => out.push_str(&limit.to_string()),
        (None, Some(s)) => out.push_str(&square_name(rules, s)),
        (None, None) => out.push('-'),
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
        count.map_or(pos.halfmove_clock(), |(_, n)| n),
        pos.fullmove_number()
    ));
    out
}

/// A piece's FEN letter: upper case for the first player, lower case for the second.
pub(crate) fn letter(rules: &RuleSet, p: Piece) -> String {
    let l = &rules.piece(p.kind).letter;
    match p.player {
        Player::First => l.clone(),
        Player::Second => l.to_ascii_lowercase(),
    }
}

/// The files of a player's gates that the castling field writes as letters: those not on the
/// king's or rook's square of a castling right the field writes as `K` or `Q`; `castled(player,
/// side)` gives those squares.
fn gate_files(
    rules: &RuleSet,
    pos: &Position,
    player: Player,
    castled: &dyn Fn(Player, CastleSide) -> Option<(Square, Square)>,
) -> Vec<u8> {
    let dims = rules.board.dims;
    let Some(g) = &rules.gating else {
        // `first-move` rights, on the squares they were read on or started from.
        let mut files: Vec<u8> = pos
            .gates()
            .iter()
            .filter(|s| pos.piece_at(*s).is_some_and(|p| p.player == player))
            .map(|s| dims.file(s))
            .collect();
        files.sort_unstable();
        return files;
    };
    let named: Vec<Square> = CastleSide::BOTH
        .into_iter()
        .filter(|&side| pos.castling_rights().has(player, side))
        .filter_map(|side| castled(player, side))
        .flat_map(|(k, r)| [k, r])
        .collect();
    let mut files: Vec<u8> = pos
        .gates()
        .intersect(&g.zone[player])
        .iter()
        .filter(|s| pos.piece_at(*s).is_some_and(|p| p.player == player))
        .filter(|s| !named.contains(s))
        .map(|s| dims.file(s))
        .collect();
    files.sort_unstable();
    files
}

fn square_name(rules: &RuleSet, s: Square) -> String {
    let d = rules.board.dims;
    format!("{}{}", file_letter(d.file(s)), d.rank(s) + 1)
}
