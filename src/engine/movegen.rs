//! Legal move generation, making moves, check and perft.

use super::position::{Piece, Position};
use super::tables::{
    CastleSquares, Tables, BLOCKED, CAPTURE, EP, MOVE, NEED_EMPTY, NEED_ENEMY, NEED_FRIEND, SETS_EP,
};
use super::zobrist;
use super::{Engine, Move, MoveKind};
use crate::geometry::{Player, Square, SquareSet};
use crate::rules::{Hop, PieceKind, PromotionMode, RoyalRule};
use std::sync::atomic::{AtomicBool, Ordering};

/// What a square means in a piece's movement diagram (`piece NAME`, `render --piece`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramMark {
    /// The piece may move here without capturing only.
    MoveOnly,
    /// The piece may only capture here.
    CaptureOnly,
    /// The piece may move or capture here.
    MoveOrCapture,
    /// A hopping move (over a screen) may land here.
    Hop,
    /// The piece moves here when the way is clear, or lands here by hopping a screen (a cannon).
    MoveOrHop,
    /// A square that blocks a lame leap when occupied.
    Blocker,
}

/// The squares a move touches, for pictures and descriptions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveDetail {
    /// Squares whose pieces the move captures.
    pub captured: Vec<Square>,
    /// Squares of pieces the move hops over without capturing (cannon screens).
    pub screens: Vec<Square>,
}

/// A player's royal squares, without allocating.
#[derive(Clone, Copy)]
struct Royals {
    sq: [Square; 8],
    n: usize,
}

impl Royals {
    fn as_slice(&self) -> &[Square] {
        &self.sq[..self.n]
    }
}

#[inline]
fn kind_of(code: u8) -> PieceKind {
    PieceKind((code - 1) >> 1)
}

#[inline]
fn owner(code: u8) -> Player {
    if (code - 1) & 1 == 0 {
        Player::First
    } else {
        Player::Second
    }
}

impl Engine {
    /// The start position of the variant.
    pub fn start_position(&self) -> Position {
        self.start.clone()
    }

    #[inline]
    fn t(&self) -> &Tables {
        &self.tables
    }

    /// All legal moves in a position (empty when the game is over by loss of the last royal).
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.legal_into(pos, &mut out);
        out
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, pos: &Position, from: Square) -> Vec<Move> {
        self.legal_moves(pos)
            .into_iter()
            .filter(|m| !m.is_drop() && m.from == from)
            .collect()
    }

    /// Whether the side to move has lost its last royal piece (where the rules make that the end).
    pub fn royals_gone(&self, pos: &Position) -> bool {
        let t = self.t();
        if t.royal_mask == 0 || self.rules.end.royal_rule == RoyalRule::Check {
            return false;
        }
        self.royal_squares(pos, pos.side).n == 0
    }

    /// Legal moves into `out` (cleared first).
    pub(crate) fn legal_into(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.royals_gone(pos) {
            return;
        }
        self.pseudo_into(pos, out);
        if self.rules.end.royal_rule == RoyalRule::Capture {
            return;
        }
        let us = pos.side;
        let royals = self.royal_squares(pos, us);
        if royals.n == 0 {
            return;
        }
        // Whether a royal is attacked depends only on the occupancy of the squares on the attack
        // paths towards it. A non-royal move that touches none of them, from a position where the
        // royals are safe, leaves them safe: no need to test it.
        let safe_now = !self.royals_in_danger(pos, us, royals.as_slice());
        let sensitive = if safe_now {
            self.sensitive_squares(pos, us, &royals)
        } else {
            SquareSet::EMPTY
        };
        let royal_mask = self.t().royal_mask;
        let mut scratch = pos.clone();
        out.retain(|&mv| {
            if safe_now {
                let mover = match mv.kind {
                    MoveKind::Drop(k) => k,
                    _ => kind_of(pos.board[mv.from.index()]),
                };
                let touches = sensitive.contains(mv.from)
                    || sensitive.contains(mv.to)
                    || mv.extra.is_some_and(|x| sensitive.contains(x));
                if royal_mask >> mover.0 & 1 == 0 && !touches {
                    return true;
                }
            }
            self.legal_after(&mut scratch, mv, &royals)
        });
        if self.t().no_drop_mate != 0 {
            let t = self.t();
            out.retain(|&mv| match mv.kind {
                MoveKind::Drop(k) if t.no_drop_mate >> k.0 & 1 != 0 => !self.drop_mates(pos, mv),
                _ => true,
            });
        }
    }

    /// Squares whose occupancy decides whether an enemy piece attacks one of `us`'s royals: the
    /// squares between a rider and the royal, lame-leap blockers, multi-leg path steps, and the
    /// royal's file when royals may not face each other.
    fn sensitive_squares(&self, pos: &Position, us: Player, royals: &Royals) -> SquareSet {
        let t = self.t();
        let them = us.other();
        let mut out = SquareSet::EMPTY;
        for &r in royals.as_slice() {
            if self.rules.end.facing {
                out = out.union(&self.file_squares(t.dims.file(r)));
            }
            for from in pos.occupied[them.index()].iter() {
                let kind = kind_of(pos.board[from.index()]);
                if !t.reach(them, kind, from).contains(r) {
                    continue;
                }
                let e = t.entry(them, kind, from);
                for l in &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize] {
                    if l.to == r.0 && l.flags & BLOCKED != 0 {
                        out.insert(Square(l.block));
                    }
                }
                for ray in &t.rays[e.rays.0 as usize..e.rays.1 as usize] {
                    let sq =
                        &t.ray_squares[ray.start as usize..ray.start as usize + ray.len as usize];
                    if let Some(i) = sq.iter().position(|s| s.sq == r.0) {
                        for s in &sq[..i] {
                            out.insert(Square(s.sq));
                        }
                    }
                }
                for p in &t.paths[e.paths.0 as usize..e.paths.1 as usize] {
                    let steps = &t.path_steps[p.start as usize..p.start as usize + p.len as usize];
                    if p.to == r.0 || steps.iter().any(|s| s.sq == r.0) {
                        for s in steps {
                            out.insert(Square(s.sq));
                        }
                        out.insert(Square(p.to));
                    }
                }
            }
        }
        out
    }

    /// Whether the drop gives checkmate.
    fn drop_mates(&self, pos: &Position, mv: Move) -> bool {
        let next = self.play(pos, mv);
        if !self.in_check(&next) {
            return false;
        }
        let mut replies = Vec::new();
        self.legal_into(&next, &mut replies);
        replies.is_empty()
    }

    /// The squares of a player's royal pieces (the first eight; no variant needs more).
    fn royal_squares(&self, pos: &Position, p: Player) -> Royals {
        let mask = self.t().royal_mask;
        let mut r = Royals {
            sq: [Square(0); 8],
            n: 0,
        };
        if mask == 0 {
            return r;
        }
        for s in pos.occupied[p.index()].iter() {
            if mask >> kind_of(pos.board[s.index()]).0 & 1 != 0 && r.n < 8 {
                r.sq[r.n] = s;
                r.n += 1;
            }
        }
        r
    }

    /// Whether the side to move is in check (all its royals attacked under duple check).
    pub fn in_check(&self, pos: &Position) -> bool {
        let royals = self.royal_squares(pos, pos.side);
        self.royals_in_danger(pos, pos.side, royals.as_slice())
    }

    /// Whether, with the given royal squares, `us` is in check by the royal rule.
    fn royals_in_danger(&self, pos: &Position, us: Player, royals: &[Square]) -> bool {
        if royals.is_empty() {
            return false;
        }
        let attacked =
            |s: &Square| self.square_attacked(pos, *s, us.other(), kind_of(pos.board[s.index()]));
        match self.rules.end.royal_rule {
            RoyalRule::Duple if royals.len() > 1 => royals.iter().all(attacked),
            RoyalRule::Capture => false,
            _ => royals.iter().any(attacked),
        }
    }

    /// Whether `mv` leaves the mover's royals safe. `scratch` equals the position before and after.
    fn legal_after(&self, scratch: &mut Position, mv: Move, royals: &Royals) -> bool {
        let us = scratch.side;
        let undo = apply_raw(scratch, mv);
        let mut rs = *royals;
        for r in rs.sq[..rs.n].iter_mut() {
            if *r == mv.from && !mv.is_drop() {
                *r = mv.to;
            }
        }
        let danger = self.royals_in_danger(scratch, us, rs.as_slice());
        revert_raw(scratch, mv, undo);
        !danger
    }

    /// Whether `by` attacks `target`, which holds (or would hold) a piece of kind `victim`.
    pub(crate) fn square_attacked(
        &self,
        pos: &Position,
        target: Square,
        by: Player,
        victim: PieceKind,
    ) -> bool {
        let t = self.t();
        for from in pos.occupied[by.index()].iter() {
            let kind = kind_of(pos.board[from.index()]);
            if t.reach(by, kind, from).contains(target)
                && self.piece_attacks(pos, from, by, kind, target, victim)
            {
                return true;
            }
        }
        if self.rules.end.facing
            && t.royal_mask >> victim.0 & 1 != 0
            && self.faces_royal(pos, target, by)
        {
            return true;
        }
        false
    }

    /// Whether a royal of `by` stands on the file of `target` with nothing between.
    fn faces_royal(&self, pos: &Position, target: Square, by: Player) -> bool {
        let t = self.t();
        for dr in [1i8, -1] {
            let mut s = target;
            while let Some(n) = t.dims.offset(s, crate::geometry::Offset::new(0, dr)) {
                s = n;
                let c = pos.board[s.index()];
                if c != 0 {
                    if owner(c) == by && t.royal_mask >> kind_of(c).0 & 1 != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Whether the piece on `from` can capture on `target` (treated as holding an enemy of kind `victim`).
    fn piece_attacks(
        &self,
        pos: &Position,
        from: Square,
        by: Player,
        kind: PieceKind,
        target: Square,
        victim: PieceKind,
    ) -> bool {
        let t = self.t();
        let e = t.entry(by, kind, from);
        let vbit = 1u64 << victim.0;
        let occ = |s: u8| pos.board[s as usize] != 0 || s == target.0;
        for l in &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize] {
            if l.to == target.0
                && l.flags & CAPTURE != 0
                && l.victims & vbit != 0
                && (l.flags & BLOCKED == 0 || !occ(l.block))
            {
                return true;
            }
        }
        for r in &t.rays[e.rays.0 as usize..e.rays.1 as usize] {
            if r.flags & CAPTURE == 0 || r.victims & vbit == 0 {
                continue;
            }
            let sq = &t.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            let mut screens = 0;
            for (i, s) in sq.iter().enumerate() {
                if !occ(s.sq) {
                    continue;
                }
                match r.hop {
                    Hop::None => {
                        if s.sq == target.0 && s.land {
                            return true;
                        }
                        break;
                    }
                    Hop::Screen => {
                        if screens == 0 {
                            screens = 1;
                            continue;
                        }
                        if s.sq == target.0 && s.land {
                            return true;
                        }
                        break;
                    }
                    Hop::Grasshopper => {
                        if let Some(n) = sq.get(i + 1) {
                            if n.sq == target.0 && n.land {
                                return true;
                            }
                        }
                        break;
                    }
                }
            }
        }
        for p in &t.paths[e.paths.0 as usize..e.paths.1 as usize] {
            if p.victims & vbit == 0 {
                continue;
            }
            let steps = &t.path_steps[p.start as usize..p.start as usize + p.len as usize];
            let hits_target = (p.to == target.0 && p.flags & CAPTURE != 0)
                || steps.iter().any(|s| s.capture && s.sq == target.0);
            if !hits_target {
                continue;
            }
            let ok = steps.iter().all(|s| {
                let need = if s.sq == target.0 {
                    NEED_ENEMY
                } else {
                    class(pos, s.sq, by)
                };
                s.need & need != 0
            });
            if !ok {
                continue;
            }
            let dest = if p.to == target.0 {
                NEED_ENEMY
            } else {
                class(pos, p.to, by)
            };
            let dest_ok = (dest == NEED_EMPTY && p.flags & MOVE != 0)
                || (dest == NEED_ENEMY && p.flags & CAPTURE != 0);
            if dest_ok {
                return true;
            }
        }
        false
    }

    /// Pseudo-legal moves (ignoring the royal rule) into `out`.
    fn pseudo_into(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        for from in pos.occupied[us.index()].iter() {
            let kind = kind_of(pos.board[from.index()]);
            self.piece_moves(pos, from, us, kind, out);
        }
        self.castling_moves(pos, out);
        if self.t().drops {
            self.drop_moves(pos, out);
        }
    }

    /// The pseudo-legal moves of one piece.
    fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        us: Player,
        kind: PieceKind,
        out: &mut Vec<Move>,
    ) {
        let t = self.t();
        let e = t.entry(us, kind, from);
        let first = out.len();
        let board = &pos.board;
        // A piece dropped where it promotes after its next move promotes with whatever move it makes.
        let pending = pos.pending.contains(from);
        let enemy = |c: u8| c != 0 && owner(c) != us;
        // An enemy piece this move may capture.
        let takes = |c: u8, victims: u64| enemy(c) && victims >> kind_of(c).0 & 1 != 0;
        // A plain move landing on `to`, with its promotion choices.
        let land = |to: u8, out: &mut Vec<Move>| {
            self.push_promotions(
                pending,
                us,
                kind,
                from,
                Square(to),
                MoveKind::Normal,
                None,
                out,
            )
        };
        for l in &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize] {
            if l.flags & BLOCKED != 0 && board[l.block as usize] != 0 {
                continue;
            }
            let c = board[l.to as usize];
            if c == 0 {
                if l.flags & MOVE != 0 {
                    if l.flags & SETS_EP != 0 {
                        out.push(Move {
                            from,
                            to: Square(l.to),
                            kind: MoveKind::DoubleStep,
                            promotion: None,
                            extra: Some(Square(l.block)),
                        });
                    } else {
                        land(l.to, out);
                    }
                } else if l.flags & EP != 0 {
                    if let Some((target, victim)) = pos.ep {
                        if target.0 == l.to && enemy(board[victim.index()]) {
                            self.push_promotions(
                                pending,
                                us,
                                kind,
                                from,
                                target,
                                MoveKind::EnPassant,
                                Some(victim),
                                out,
                            );
                        }
                    }
                }
            } else if enemy(c) && l.flags & CAPTURE != 0 && l.victims >> kind_of(c).0 & 1 != 0 {
                land(l.to, out);
            }
        }
        for r in &t.rays[e.rays.0 as usize..e.rays.1 as usize] {
            let sq = &t.ray_squares[r.start as usize..r.start as usize + r.len as usize];
            match r.hop {
                // A slide, or a hop: the same walk, a hop first passing exactly one screen.
                Hop::None | Hop::Screen => {
                    let mut past_screen = r.hop == Hop::None;
                    for (i, s) in sq.iter().enumerate() {
                        let c = board[s.sq as usize];
                        if !past_screen {
                            past_screen = c != 0;
                            continue;
                        }
                        if c == 0 {
                            if r.flags & MOVE != 0 && s.land {
                                if r.flags & SETS_EP != 0 && i > 0 {
                                    out.push(Move {
                                        from,
                                        to: Square(s.sq),
                                        kind: MoveKind::DoubleStep,
                                        promotion: None,
                                        extra: Some(Square(sq[i - 1].sq)),
                                    });
                                } else {
                                    land(s.sq, out);
                                }
                            }
                            continue;
                        }
                        if r.flags & CAPTURE != 0 && s.land && takes(c, r.victims) {
                            land(s.sq, out);
                        }
                        break;
                    }
                }
                Hop::Grasshopper => {
                    if let Some(i) = sq.iter().position(|s| board[s.sq as usize] != 0) {
                        if let Some(s) = sq.get(i + 1) {
                            let c = board[s.sq as usize];
                            let ok = s.land
                                && ((c == 0 && r.flags & MOVE != 0)
                                    || (r.flags & CAPTURE != 0 && takes(c, r.victims)));
                            if ok {
                                land(s.sq, out);
                            }
                        }
                    }
                }
            }
        }
        for p in &t.paths[e.paths.0 as usize..e.paths.1 as usize] {
            let steps = &t.path_steps[p.start as usize..p.start as usize + p.len as usize];
            let mut victim = None;
            let mut ok = true;
            for s in steps {
                let cl = class(pos, s.sq, us);
                if s.need & cl == 0 {
                    ok = false;
                    break;
                }
                if s.capture && cl == NEED_ENEMY {
                    if p.victims >> kind_of(board[s.sq as usize]).0 & 1 == 0 {
                        ok = false;
                        break;
                    }
                    victim = Some(Square(s.sq));
                }
            }
            if !ok {
                continue;
            }
            let c = board[p.to as usize];
            let dest_ok = (c == 0 && p.flags & MOVE != 0)
                || (enemy(c) && p.flags & CAPTURE != 0 && p.victims >> kind_of(c).0 & 1 != 0);
            if !dest_ok {
                continue;
            }
            if p.flags & SETS_EP != 0 && c == 0 {
                let passed = steps.last().map(|s| Square(s.sq));
                out.push(Move {
                    from,
                    to: Square(p.to),
                    kind: MoveKind::DoubleStep,
                    promotion: None,
                    extra: passed,
                });
            } else {
                self.push_promotions(
                    pending,
                    us,
                    kind,
                    from,
                    Square(p.to),
                    MoveKind::Normal,
                    victim,
                    out,
                );
            }
        }
        if e.may_repeat {
            let mut i = first;
            while i < out.len() {
                if out[first..i].contains(&out[i]) {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Pushes a move with every promotion choice the rules give it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn push_promotions(
        &self,
        pending: bool,
        us: Player,
        kind: PieceKind,
        from: Square,
        to: Square,
        mk: MoveKind,
        extra: Option<Square>,
        out: &mut Vec<Move>,
    ) {
        let plain = Move {
            from,
            to,
            kind: mk,
            promotion: None,
            extra,
        };
        let Some(pr) = &self.rules.pieces[kind.index()].promotion else {
            out.push(plain);
            return;
        };
        let info = &self.t().info[self.t().ki(us, kind)];
        let to_in = info.promo_zone.contains(to);
        let trigger = match pr.mode {
            PromotionMode::Forced => to_in,
            PromotionMode::Optional => to_in || info.promo_zone.contains(from),
        };
        if pending {
            for &k in &pr.to {
                out.push(Move {
                    promotion: Some(k),
                    ..plain
                });
            }
            return;
        }
        if !trigger {
            out.push(plain);
            return;
        }
        for &k in &pr.to {
            out.push(Move {
                promotion: Some(k),
                ..plain
            });
        }
        if pr.mode == PromotionMode::Optional && !info.stuck.contains(to) {
            out.push(plain);
        }
    }

    /// Clears castling rights whose king or rook is not on its start square (as Fairy-Stockfish does).
    pub fn drop_stale_castling(&self, pos: &mut Position) {
        let Some(c) = &self.rules.castling else {
            pos.set_castling_rights(0);
            return;
        };
        let mut bits = pos.castling;
        for p in Player::BOTH {
            for side in 0..2 {
                let bit = super::position::CASTLE_BITS[p.index()][side];
                let ok = self.t().castles[p.index()][side].is_some_and(|cs| {
                    pos.board[cs.king_from.index()] == Piece::new(p, c.king).code()
                        && pos.board[cs.rook_from.index()] == Piece::new(p, c.rook).code()
                });
                if !ok {
                    bits &= !bit;
                }
            }
        }
        pos.set_castling_rights(bits);
    }

    /// Castling moves (the king must not be in check nor pass through or land on an attacked square).
    fn castling_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some(c) = &self.rules.castling else {
            return;
        };
        let us = pos.side;
        for side in 0..2 {
            let bit = super::position::CASTLE_BITS[us.index()][side];
            if pos.castling & bit == 0 {
                continue;
            }
            let Some(cs) = self.t().castles[us.index()][side] else {
                continue;
            };
            if pos.board[cs.king_from.index()] != Piece::new(us, c.king).code()
                || pos.board[cs.rook_from.index()] != Piece::new(us, c.rook).code()
            {
                continue;
            }
            if !self.castle_path_clear(pos, &cs) {
                continue;
            }
            let dims = self.t().dims;
            let (kf, kt) = (dims.file(cs.king_from) as i32, dims.file(cs.king_to) as i32);
            let rank = dims.rank(cs.king_from) as i32;
            let step = if kt > kf { 1 } else { -1 };
            let mut safe = true;
            let mut f = kf;
            loop {
                if let Some(s) = dims.square(f, rank) {
                    if self.square_attacked(pos, s, us.other(), c.king) {
                        safe = false;
                        break;
                    }
                }
                if f == kt {
                    break;
                }
                f += step;
            }
            if safe {
                out.push(Move {
                    from: cs.king_from,
                    to: cs.king_to,
                    kind: MoveKind::Castle,
                    promotion: None,
                    extra: Some(cs.rook_from),
                });
            }
        }
    }

    /// Every square the king and rook cross or land on is empty, apart from the two of them.
    fn castle_path_clear(&self, pos: &Position, cs: &CastleSquares) -> bool {
        let dims = self.t().dims;
        let rank = dims.rank(cs.king_from) as i32;
        let files =
            [cs.king_from, cs.king_to, cs.rook_from, cs.rook_to].map(|s| dims.file(s) as i32);
        let lo = *files.iter().min().unwrap_or(&0);
        let hi = *files.iter().max().unwrap_or(&0);
        (lo..=hi).all(|f| match dims.square(f, rank) {
            Some(s) => s == cs.king_from || s == cs.rook_from || pos.board[s.index()] == 0,
            None => false,
        })
    }

    /// Drop moves from the mover's hand.
    fn drop_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let t = self.t();
        let us = pos.side;
        let occupied = pos.occupied[0].union(&pos.occupied[1]);
        for k in 0..t.kinds {
            if pos.hands[us.index()][k] == 0 {
                continue;
            }
            let kind = PieceKind(k as u8);
            let info = &t.info[t.ki(us, kind)];
            let mut zone = info.drop_zone.minus(&occupied);
            if self.rules.drops.must_have_move {
                zone = zone.minus(&info.stuck);
            }
            if t.one_per_file >> k & 1 != 0 {
                let code = Piece::new(us, kind).code();
                for s in pos.occupied[us.index()].iter() {
                    if pos.board[s.index()] == code {
                        zone = zone.minus(&self.file_squares(t.dims.file(s)));
                    }
                }
            }
            for s in zone.iter() {
                out.push(Move::drop(kind, s));
            }
        }
    }

    fn file_squares(&self, file: u8) -> SquareSet {
        let d = self.t().dims;
        (0..d.ranks)
            .filter_map(|r| d.square(file as i32, r as i32))
            .collect()
    }

    /// Plays a move known to be legal and returns the new position.
    pub fn play(&self, pos: &Position, mv: Move) -> Position {
        let t = self.t();
        let mut p = pos.clone();
        let us = pos.side;
        p.set_ep(None);
        let mut reset_clock = false;
        match mv.kind {
            MoveKind::Drop(kind) => {
                let n = p.hands[us.index()][kind.index()];
                p.hash ^= zobrist::hand(us, kind, n);
                p.hands[us.index()][kind.index()] = n.saturating_sub(1);
                p.set_piece(mv.to, Some(Piece::new(us, kind)));
                if t.promote_after_move[us.index()].contains(mv.to)
                    && self.rules.piece(kind).promotion.is_some()
                {
                    p.set_pending(mv.to, true);
                }
                reset_clock = true;
            }
            _ => {
                let Some(moving) = pos.piece_at(mv.from) else {
                    return p;
                };
                if let Some(victim) = pos.piece_at(mv.to) {
                    if mv.kind != MoveKind::Castle {
                        self.capture_to_hand(&mut p, us, victim);
                        reset_clock = true;
                    }
                }
                if let (Some(x), MoveKind::Normal | MoveKind::EnPassant) = (mv.extra, mv.kind) {
                    if let Some(victim) = pos.piece_at(x) {
                        self.capture_to_hand(&mut p, us, victim);
                        p.set_piece(x, None);
                        reset_clock = true;
                    }
                }
                let pending = pos.pending.contains(mv.from);
                let mut kind = mv.promotion.unwrap_or(moving.kind);
                if pending && mv.promotion.is_none() {
                    if let Some(pr) = &self.rules.piece(moving.kind).promotion {
                        if let Some(&k) = pr.to.first() {
                            kind = k;
                        }
                    }
                }
                if t.clock_reset >> moving.kind.0 & 1 != 0 {
                    reset_clock = true;
                }
                p.set_piece(mv.from, None);
                if mv.kind == MoveKind::Castle {
                    if let Some(rook_sq) = mv.extra {
                        let rook = pos.piece_at(rook_sq);
                        p.set_piece(rook_sq, None);
                        let cs = t.castles[us.index()]
                            .iter()
                            .flatten()
                            .find(|c| c.rook_from == rook_sq);
                        if let Some(cs) = cs {
                            p.set_piece(cs.rook_to, rook);
                        }
                    }
                }
                p.set_piece(mv.to, Some(Piece::new(us, kind)));
                if mv.kind == MoveKind::DoubleStep {
                    if let Some(passed) = mv.extra {
                        p.set_ep(Some((passed, mv.to)));
                    }
                }
                let clear = t.castle_clear[mv.from.index()] | t.castle_clear[mv.to.index()];
                if clear & p.castling != 0 {
                    p.set_castling_rights(p.castling & !clear);
                }
            }
        }
        p.halfmove = if reset_clock {
            0
        } else {
            p.halfmove.saturating_add(1)
        };
        if us == Player::Second {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.set_side_to_move(us.other());
        p
    }

    fn capture_to_hand(&self, p: &mut Position, us: Player, victim: Piece) {
        if let Some(k) = self.t().to_hand[victim.kind.index()] {
            let n = p.hands[us.index()][k.index()];
            if n < 63 {
                p.hands[us.index()][k.index()] = n + 1;
                p.hash ^= zobrist::hand(us, k, n + 1);
            }
        }
    }

    /// The piece a player would have in hand after capturing `victim` (demotion, conversion), if it goes to hand.
    pub fn to_hand(&self, victim: Piece) -> Option<PieceKind> {
        self.t().to_hand.get(victim.kind.index()).copied().flatten()
    }

    /// The squares a move captures on and hops over.
    pub fn move_detail(&self, pos: &Position, mv: Move) -> MoveDetail {
        let mut d = MoveDetail::default();
        if mv.is_drop() {
            return d;
        }
        if mv.kind != MoveKind::Castle && pos.piece_at(mv.to).is_some() {
            d.captured.push(mv.to);
        }
        if let (Some(x), MoveKind::Normal | MoveKind::EnPassant) = (mv.extra, mv.kind) {
            d.captured.push(x);
        }
        // Screens: pieces strictly between from and to on a straight line, when the move is a hop.
        let dims = self.t().dims;
        let (ff, fr) = (dims.file(mv.from) as i32, dims.rank(mv.from) as i32);
        let (tf, tr) = (dims.file(mv.to) as i32, dims.rank(mv.to) as i32);
        let (df, dr) = (tf - ff, tr - fr);
        let n = df.abs().max(dr.abs());
        if n > 1 && (df == 0 || dr == 0 || df.abs() == dr.abs()) {
            let (sf, sr) = (df.signum(), dr.signum());
            for i in 1..n {
                if let Some(s) = dims.square(ff + sf * i, fr + sr * i) {
                    if pos.piece_at(s).is_some() && Some(s) != mv.extra {
                        d.screens.push(s);
                    }
                }
            }
        }
        d
    }

    /// A piece's movement diagram from `from` on an otherwise empty board, for `player`.
    pub fn diagram(
        &self,
        kind: PieceKind,
        player: Player,
        from: Square,
    ) -> Vec<(Square, DiagramMark)> {
        let t = self.t();
        let e = t.entry(player, kind, from);
        let mut marks: Vec<(Square, DiagramMark)> = Vec::new();
        let mut add = |s: u8, m: DiagramMark| {
            let s = Square(s);
            match marks.iter_mut().find(|(q, _)| *q == s) {
                Some((_, old)) => {
                    let merged = match (*old, m) {
                        (a, b) if a == b => a,
                        (DiagramMark::MoveOnly, DiagramMark::CaptureOnly)
                        | (DiagramMark::CaptureOnly, DiagramMark::MoveOnly) => {
                            DiagramMark::MoveOrCapture
                        }
                        (DiagramMark::MoveOnly, DiagramMark::Hop)
                        | (DiagramMark::Hop, DiagramMark::MoveOnly) => DiagramMark::MoveOrHop,
                        (
                            DiagramMark::MoveOrHop,
                            DiagramMark::Hop | DiagramMark::MoveOnly | DiagramMark::Blocker,
                        ) => DiagramMark::MoveOrHop,
                        (DiagramMark::Hop, b) => b,
                        (a, DiagramMark::Hop) => a,
                        (DiagramMark::Blocker, b) => b,
                        (a, DiagramMark::Blocker) => a,
                        _ => DiagramMark::MoveOrCapture,
                    };
                    *old = merged;
                }
                None => marks.push((s, m)),
            }
        };
        let mark_of = |flags: u8| match (flags & MOVE != 0, flags & CAPTURE != 0) {
            (true, true) => DiagramMark::MoveOrCapture,
            (true, false) => DiagramMark::MoveOnly,
            _ => DiagramMark::CaptureOnly,
        };
        for l in &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize] {
            add(l.to, mark_of(l.flags));
            if l.flags & BLOCKED != 0 {
                add(l.block, DiagramMark::Blocker);
            }
        }
        for r in &t.rays[e.rays.0 as usize..e.rays.1 as usize] {
            for s in &t.ray_squares[r.start as usize..r.start as usize + r.len as usize] {
                if s.land {
                    let m = if r.hop == Hop::None {
                        mark_of(r.flags)
                    } else {
                        DiagramMark::Hop
                    };
                    add(s.sq, m);
                }
            }
        }
        for p in &t.paths[e.paths.0 as usize..e.paths.1 as usize] {
            add(p.to, mark_of(p.flags));
        }
        marks
    }

    /// Number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_rec(pos, &mut bufs, None).unwrap_or(0)
    }

    fn perft_rec(
        &self,
        pos: &Position,
        bufs: &mut [Vec<Move>],
        cancel: Option<&AtomicBool>,
    ) -> Option<u64> {
        let Some((buf, rest)) = bufs.split_first_mut() else {
            return Some(1);
        };
        self.legal_into(pos, buf);
        if rest.is_empty() {
            return Some(buf.len() as u64);
        }
        if let Some(c) = cancel {
            if c.load(Ordering::Relaxed) {
                return None;
            }
        }
        let mut n = 0;
        for &mv in buf.iter() {
            let next = self.play(pos, mv);
            n += self.perft_rec(&next, rest, cancel)?;
        }
        Some(n)
    }

    /// Perft per legal root move, in generation order.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        let cancel = AtomicBool::new(false);
        self.divide_cancellable(pos, depth, &cancel, &mut |_, _| {})
            .unwrap_or_default()
    }

    /// Perft that stops early (returning `None`) when `cancel` becomes true; `progress` is called
    /// after each root move with (done, total).
    pub fn divide_cancellable(
        &self,
        pos: &Position,
        depth: u32,
        cancel: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Option<Vec<(Move, u64)>> {
        let moves = self.legal_moves(pos);
        let total = moves.len();
        let mut out = Vec::with_capacity(total);
        let mut bufs: Vec<Vec<Move>> = (0..depth.saturating_sub(1))
            .map(|_| Vec::with_capacity(256))
            .collect();
        for (i, mv) in moves.into_iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let n = if depth <= 1 {
                1
            } else {
                let next = self.play(pos, mv);
                self.perft_rec(&next, &mut bufs, Some(cancel))?
            };
            out.push((mv, n));
            progress(i + 1, total);
        }
        Some(out)
    }
}

/// What stands on a square, from `us`'s point of view, as a `NEED_*` bit.
#[inline]
fn class(pos: &Position, sq: u8, us: Player) -> u8 {
    let c = pos.board[sq as usize];
    if c == 0 {
        NEED_EMPTY
    } else if owner(c) == us {
        NEED_FRIEND
    } else {
        NEED_ENEMY
    }
}

/// What [`apply_raw`] changed, to put it back.
struct RawUndo {
    from: u8,
    to: u8,
    extra: u8,
    rook_to: Option<(Square, u8)>,
}

/// Puts a piece code (0: empty) on a square, keeping the occupancy sets; no hash.
fn set(p: &mut Position, s: Square, code: u8) {
    let old = p.board[s.index()];
    if old != 0 {
        p.occupied[owner(old).index()].remove(s);
    }
    p.board[s.index()] = code;
    if code != 0 {
        p.occupied[owner(code).index()].insert(s);
    }
}

/// Moves pieces on the board only (no hands, hash or clocks): enough to test for check.
fn apply_raw(p: &mut Position, mv: Move) -> RawUndo {
    let us = p.side;
    let to_code = p.board[mv.to.index()];
    let mut undo = RawUndo {
        from: p.board[mv.from.index()],
        to: to_code,
        extra: 0,
        rook_to: None,
    };
    match mv.kind {
        MoveKind::Drop(k) => set(p, mv.to, Piece::new(us, k).code()),
        MoveKind::Castle => {
            let king = p.board[mv.from.index()];
            let rook_sq = mv.extra.unwrap_or(mv.from);
            let rook = p.board[rook_sq.index()];
            // The rook lands on the square next to the king's destination, on the side it came from.
            let d = if mv.to.0 > mv.from.0 { -1i32 } else { 1 };
            let rook_to = Square((mv.to.0 as i32 + d) as u8);
            set(p, mv.from, 0);
            set(p, rook_sq, 0);
            undo.rook_to = Some((rook_to, p.board[rook_to.index()]));
            set(p, rook_to, rook);
            set(p, mv.to, king);
            undo.extra = rook;
        }
        _ => {
            let code = p.board[mv.from.index()];
            let code = match mv.promotion {
                Some(k) => Piece::new(us, k).code(),
                None => code,
            };
            if let (Some(x), MoveKind::Normal | MoveKind::EnPassant) = (mv.extra, mv.kind) {
                undo.extra = p.board[x.index()];
                set(p, x, 0);
            }
            set(p, mv.from, 0);
            set(p, mv.to, code);
        }
    }
    undo
}

/// Reverses [`apply_raw`].
fn revert_raw(p: &mut Position, mv: Move, undo: RawUndo) {
    match mv.kind {
        MoveKind::Drop(_) => set(p, mv.to, 0),
        MoveKind::Castle => {
            let king = p.board[mv.to.index()];
            set(p, mv.to, 0);
            if let Some((rt, old)) = undo.rook_to {
                set(p, rt, old);
            }
            set(p, mv.extra.unwrap_or(mv.from), undo.extra);
            set(p, mv.from, king);
        }
        _ => {
            set(p, mv.to, undo.to);
            if let (Some(x), MoveKind::Normal | MoveKind::EnPassant) = (mv.extra, mv.kind) {
                set(p, x, undo.extra);
            }
            set(p, mv.from, undo.from);
        }
    }
}
