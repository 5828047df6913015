//! Legal move generation: pseudo-legal moves of each piece from the tables, castling and drops,
//! then the royal rule's filter.

use super::attacks::{class, Royals, Sensitive};
use super::bitboard::BitBoard;
use super::make::{apply_raw, revert_raw};
use super::position::{kind_of, owner, CastleSide, CastlingRights, Piece, Position, WALL};
use super::tables::{CastleSquares, Leap, Need, PathMove, Ray, SquareMoves};
use super::words::Occupancy;
use super::{Engine, Move, MoveGen, MoveKind};
use crate::geometry::{Player, Square, SquareSet};
use crate::rules::{Hop, KindSet, PieceKind, PromotionMode, RoyalRule};

impl Engine {
    /// The start position of the variant.
    pub fn start_position(&self) -> Position {
        self.start.clone()
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

    /// The moves the pieces' patterns, castling and the drop rules allow, before the royal rule's
    /// filter: a move here that is not legal would leave the mover's royals attacked (or, for a
    /// drop, mate by a drop the rules forbid). For explaining why a move is refused.
    pub fn pseudo_legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.royals_gone(pos) {
            by_width!(self, g => g.pseudo_into(pos, &mut out));
        }
        self.place_walls(pos, &mut out, 0);
        out
    }

    /// Whether a side has lost its last royal piece (where the rules make that the end): the
    /// game is over, and [`Engine::royal_loser`] says who lost.
    pub fn royals_gone(&self, pos: &Position) -> bool {
        self.royal_loser(pos).is_some()
    }

    /// The side that has lost its last royal piece, if one has (where the rules make that the
    /// end). Usually the side to move; under `explosions` a capture may also blow up the
    /// capturer's own last royal, and that side, the one that just moved, is judged first, as
    /// Fairy-Stockfish judges it.
    pub fn royal_loser(&self, pos: &Position) -> Option<Player> {
        let t = self.t();
        // Under the check rule a royal is never taken, but it may be blown up.
        if t.royal_mask.is_empty()
            || (self.rules.end.royal_rule == RoyalRule::Check && t.blast.is_none())
        {
            return None;
        }
        let mover = pos.side.other();
        if t.blast.is_some() && self.royal_squares(pos, mover).n == 0 {
            return Some(mover);
        }
        (self.royal_squares(pos, pos.side).n == 0).then_some(pos.side)
    }

    /// Legal moves into `out` (cleared first); none when an end rule has finished the game.
    pub(crate) fn legal_into(&self, pos: &Position, out: &mut Vec<Move>) {
        by_width!(self, g => g.legal_into(pos, out))
    }

    /// The legal moves that capture or promote into `out` (cleared first): the tactical ones of
    /// [`Engine::legal_into`], in the same order, without listing the others.
    pub(crate) fn tactical_into(&self, pos: &Position, out: &mut Vec<Move>) {
        by_width!(self, g => g.tactical_into(pos, out))
    }

    /// Legal moves into `out` (cleared first), the end rules aside.
    pub(super) fn legal_unended(&self, pos: &Position, out: &mut Vec<Move>) {
        by_width!(self, g => g.legal_unended(pos, out))
    }

    /// How many legal moves `pos` has (as many as [`Engine::legal_into`] lists), counted
    /// without listing most of them: perft's last ply. `buf` is scratch space.
    #[cfg(test)]
    pub(super) fn count_legal(&self, pos: &Position, buf: &mut Vec<Move>) -> u64 {
        by_width!(self, g => g.count_legal(pos, buf))
    }

    /// The pseudo-legal moves of one piece: its leaps, its rays and its multi-leg paths.
    pub(super) fn piece_moves(
        &self,
        pos: &Position,
        from: Square,
        us: Player,
        kind: PieceKind,
        out: &mut Vec<Move>,
    ) {
        let first = out.len();
        let m = self.mover(pos, from, us, kind);
        self.walk(&m, out);
        if m.entry.may_repeat {
            keep_once(out, first);
        }
    }

    /// Walks the tables of one piece into `out`: its leaps, its rays and its multi-leg paths.
    #[inline]
    fn walk<S: MoveSink>(&self, m: &Mover, out: &mut S) {
        let t = self.t();
        let e = m.entry;
        self.leap_moves(m, t.lists.leaps(e), out);
        self.ray_moves(m, t.lists.rays(e), out);
        self.leg_moves(m, t.lists.paths(e), out);
    }

    /// One piece about to move, with what decides whether its moves promote.
    #[inline]
    fn mover<'p>(
        &'p self,
        pos: &'p Position,
        from: Square,
        us: Player,
        kind: PieceKind,
    ) -> Mover<'p> {
        let t = self.t();
        // A piece dropped where it promotes after its next move promotes with whatever move it makes.
        let pending = pos.pending.contains(from);
        // What decides, per landing square, whether a move promotes: worked out once per piece.
        let (plain_only, zone, from_triggers) = match &self.rules.pieces[kind.index()].promotion {
            None => (true, &NO_SQUARES, false),
            Some(pr) => {
                let zone = &t.info[t.ki(us, kind)].promo_zone;
                let from_triggers = matches!(
                    pr.mode,
                    PromotionMode::Optional | PromotionMode::ForcedStartOrEnd
                ) && zone.contains(from);
                (
                    !pending && pr.mode == PromotionMode::InPlace,
                    zone,
                    from_triggers,
                )
            }
        };
        Mover {
            pos,
            from,
            us,
            kind,
            entry: t.entry(us, kind, from),
            pending,
            plain_only,
            zone,
            from_triggers,
        }
    }

    /// A move landing on `to`, with its promotion choices.
    #[inline(always)]
    fn land<S: MoveSink>(&self, m: &Mover, to: Square, mk: MoveKind, out: &mut S) {
        if m.plain_only || (!m.pending && !m.from_triggers && !m.zone.contains(to)) {
            out.push(Move {
                from: m.from,
                to,
                kind: mk,
                promotion: None,
                gate: None,
                wall: None,
            });
        } else {
            self.push_promotions(m, to, mk, out);
        }
    }

    /// The moves of a piece's leaps (lame ones blocked on their square), double steps and
    /// en-passant captures.
    #[inline]
    fn leap_moves<S: MoveSink>(&self, m: &Mover, leaps: &[Leap], out: &mut S) {
        let board = &m.pos.board;
        for l in leaps {
            if l.flags.plain() && m.plain_only {
                let c = board[l.to.index()];
                if c == 0 || m.enemy(c) {
                    out.push_plain(m.from, l.to);
                }
                continue;
            }
            if l.flags.blocked() && board[l.block.index()] != 0 {
                continue;
            }
            let c = board[l.to.index()];
            if c == 0 {
                if l.flags.moves() {
                    // A double step may land where the piece promotes (torpedo's from the
                    // sixth rank), so it lands like any move.
                    let mk = if l.flags.sets_ep() {
                        MoveKind::DoubleStep { passed: l.block }
                    } else {
                        MoveKind::Normal
                    };
                    self.land(m, l.to, mk, out);
                } else if l.flags.en_passant() {
                    if let Some((target, victim)) = m.pos.ep {
                        if target == l.to && m.enemy(board[victim.index()]) {
                            self.land(m, target, MoveKind::EnPassant { victim }, out);
                        }
                    }
                }
            } else if l.flags.captures() && m.takes(c, l.victims) {
                self.land(m, l.to, MoveKind::Normal, out);
            }
        }
    }

    /// The moves of a piece's rays: slides, hops over one screen and grasshopper hops.
    #[inline]
    fn ray_moves<S: MoveSink>(&self, m: &Mover, rays: &[Ray], out: &mut S) {
        let t = self.t();
        let board = &m.pos.board;
        for r in rays {
            let sq = t.lists.squares(r);
            if r.plain && m.plain_only {
                for s in sq {
                    let c = board[s.sq.index()];
                    if c == 0 || m.enemy(c) {
                        out.push_plain(m.from, s.sq);
                    }
                    if c != 0 {
                        break;
                    }
                }
                continue;
            }
            match r.hop {
                // A slide, or a hop: the same walk, a hop first passing exactly one screen.
                Hop::None | Hop::Screen => {
                    let mut past_screen = r.hop == Hop::None;
                    for (i, s) in sq.iter().enumerate() {
                        let c = board[s.sq.index()];
                        if !past_screen {
                            if c != 0 && c != WALL && !r.screens.contains(kind_of(c)) {
                                // A kind this hop may not use as a screen (`not-over`); a wall
                                // is no kind, and any hop may use it.
                                break;
                            }
                            past_screen = c != 0;
                            continue;
                        }
                        if c == 0 {
                            if r.flags.moves() && s.land {
                                let mk = if r.flags.sets_ep() && i > 0 {
                                    MoveKind::DoubleStep {
                                        passed: sq[i - 1].sq,
                                    }
                                } else {
                                    MoveKind::Normal
                                };
                                self.land(m, s.sq, mk, out);
                            }
                            continue;
                        }
                        if r.flags.captures() && s.land && m.takes(c, r.victims) {
                            self.land(m, s.sq, MoveKind::Normal, out);
                        }
                        break;
                    }
                }
                Hop::Grasshopper => {
                    if let Some(i) = sq.iter().position(|s| board[s.sq.index()] != 0) {
                        if let Some(s) = sq.get(i + 1) {
                            let c = board[s.sq.index()];
                            let ok = s.land
                                && ((c == 0 && r.flags.moves())
                                    || (r.flags.captures() && m.takes(c, r.victims)));
                            if ok {
                                self.land(m, s.sq, MoveKind::Normal, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The moves of a piece's multi-leg paths: each step's square must be as the path needs it
    /// (empty, enemy, any), and a capturing step takes its victim in passing (a locust).
    #[inline]
    fn leg_moves<S: MoveSink>(&self, m: &Mover, paths: &[PathMove], out: &mut S) {
        let t = self.t();
        let (pos, from) = (m.pos, m.from);
        let board = &pos.board;
        'path: for p in paths {
            let steps = t.lists.steps(p);
            let mut victim = None;
            for s in steps {
                // The square the piece left is empty while it moves (`cabW` comes back to it).
                let cl = if s.sq == from {
                    Need::EMPTY
                } else {
                    class(pos, s.sq, m.us)
                };
                if !s.need.meets(cl) {
                    continue 'path;
                }
                if cl == Need::EMPTY {
                    continue;
                }
                let c = board[s.sq.index()];
                let k = kind_of(c);
                if !s.capture && c != WALL && !p.screens.contains(k) {
                    continue 'path;
                }
                if s.capture && cl == Need::ENEMY {
                    if !p.victims.contains(k) {
                        continue 'path;
                    }
                    victim = Some(s.sq);
                }
            }
            let c = if p.to == from { 0 } else { board[p.to.index()] };
            let dest_ok =
                (c == 0 && p.flags.moves()) || (p.flags.captures() && m.takes(c, p.victims));
            if !dest_ok {
                continue;
            }
            if p.flags.sets_ep() && c == 0 {
                // A path always has steps; without one there is no square to pass.
                let kind = match steps.last() {
                    Some(s) => MoveKind::DoubleStep { passed: s.sq },
                    None => MoveKind::Normal,
                };
                self.land(m, p.to, kind, out);
            } else {
                let mk = match victim {
                    Some(victim) => MoveKind::Locust { victim },
                    None => MoveKind::Normal,
                };
                self.land(m, p.to, mk, out);
            }
        }
    }

    /// How many pieces of a kind a player has on the board.
    pub(super) fn count_on_board(&self, pos: &Position, p: Player, k: PieceKind) -> usize {
        let code = Piece::new(p, k).code();
        pos.occupied[p]
            .iter()
            .filter(|s| pos.board[s.index()] == code)
            .count()
    }

    /// Pushes a move with every promotion choice the rules give it.
    #[inline]
    fn push_promotions<S: MoveSink>(&self, m: &Mover, to: Square, mk: MoveKind, out: &mut S) {
        let Mover {
            pos,
            pending,
            us,
            kind,
            from,
            ..
        } = *m;
        let plain = Move {
            from,
            to,
            kind: mk,
            promotion: None,
            gate: None,
            wall: None,
        };
        let Some(pr) = &self.rules.pieces[kind.index()].promotion else {
            out.push(plain);
            return;
        };
        let info = &self.t().info[self.t().ki(us, kind)];
        let to_in = info.promo_zone.contains(to);
        let trigger = match pr.mode {
            PromotionMode::Forced => to_in,
            PromotionMode::InPlace => false,
            PromotionMode::Optional | PromotionMode::ForcedStartOrEnd => {
                to_in || info.promo_zone.contains(from)
            }
        };
        // `promotion-limit`: no promotion to a kind the player already has enough of.
        let allowed = |k: PieceKind| match self.rules.promotion_limits.get(k.index()) {
            Some(Some(n)) => self.count_on_board(pos, us, k) < *n as usize,
            _ => true,
        };
        if pending {
            for &k in pr.to.iter().filter(|&&k| allowed(k)) {
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
        for &k in pr.to.iter().filter(|&&k| allowed(k)) {
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
            pos.set_castling_rights(CastlingRights::NONE);
            return;
        };
        let mut rights = pos.castling;
        for p in Player::BOTH {
            for side in CastleSide::BOTH {
                let squares = if self.t().castle_anywhere {
                    self.castle_squares_of(pos, p, side)
                } else {
                    self.t().castles[p][side.index()]
                };
                let ok = squares.is_some_and(|cs| {
                    pos.board[cs.king_from.index()] == Piece::new(p, c.king).code()
                        && pos.board[cs.rook_from.index()] == Piece::new(p, c.rook).code()
                });
                if !ok {
                    rights = rights.minus(CastlingRights::one(p, side));
                }
            }
        }
        pos.set_castling_rights(rights);
    }

    /// `castling ... to` (Chess960): the squares of a castling right in this position, from the
    /// king's and the rook's squares it keeps; `None` when a destination is off the board.
    pub(crate) fn castle_squares_of(
        &self,
        pos: &Position,
        player: Player,
        side: CastleSide,
    ) -> Option<CastleSquares> {
        let [left, right] = self.rules.castling.as_ref()?.to_files?;
        let king = pos.castle_king(player)?;
        let rook = pos.castle_rook(player, side)?;
        let dims = self.rules.board.dims;
        let rank = dims.rank(king) as i32;
        let (king_file, rook_file) = match side {
            CastleSide::King => (right as i32, right as i32 - 1),
            CastleSide::Queen => (left as i32, left as i32 + 1),
        };
        let king_to = dims.square(king_file, rank)?;
        let rook_to = dims.square(rook_file, rank)?;
        let on_board = &self.rules.board.squares;
        if !on_board.contains(king_to) || !on_board.contains(rook_to) {
            return None;
        }
        Some(CastleSquares::new(dims, king, king_to, rook, rook_to))
    }

    /// `castling ... to` (Chess960): the castling king's and rooks' squares of a position read
    /// from a FEN, and its rights. The king is the player's castling king on its first rank; `K`
    /// and `Q` name the outermost rook of that side on its rank (X-FEN), a file letter the rook
    /// on that file (Shredder-FEN): right of the king is the king side, left the queen side.
    pub(crate) fn place_castling(&self, pos: &mut Position, setup: &crate::fen::Setup) {
        let Some(c) = self
            .rules
            .castling
            .as_ref()
            .filter(|c| c.to_files.is_some())
        else {
            return;
        };
        let dims = self.rules.board.dims;
        let mut rights = CastlingRights::NONE;
        for p in Player::BOTH {
            let first_rank = if p == Player::First {
                0
            } else {
                dims.ranks - 1
            };
            let mine = |kind: PieceKind| {
                pos.pieces()
                    .filter(move |(s, pc)| {
                        pc.player == p && pc.kind == kind && dims.rank(*s) == first_rank
                    })
                    .map(|(s, _)| s)
            };
            let Some(king) = mine(c.king).next() else {
                pos.set_castle_squares(p, None, [None, None]);
                continue;
            };
            let kf = dims.file(king);
            let rooks: Vec<Square> = mine(c.rook).collect();
            let mut chosen = [None, None];
            for side in CastleSide::BOTH {
                if setup.castling[p.index()][side.index()] {
                    chosen[side.index()] = match side {
                        CastleSide::King => rooks
                            .iter()
                            .filter(|r| dims.file(**r) > kf)
                            .max_by_key(|r| dims.file(**r)),
                        CastleSide::Queen => rooks
                            .iter()
                            .filter(|r| dims.file(**r) < kf)
                            .min_by_key(|r| dims.file(**r)),
                    }
                    .copied();
                }
            }
            for &(player, file) in &setup.gates {
                if player != p {
                    continue;
                }
                if let Some(r) = rooks.iter().find(|r| dims.file(**r) == file) {
                    let side = if file > kf {
                        CastleSide::King
                    } else {
                        CastleSide::Queen
                    };
                    chosen[side.index()] = Some(*r);
                }
            }
            for side in CastleSide::BOTH {
                if chosen[side.index()].is_some() {
                    rights = rights.union(CastlingRights::one(p, side));
                }
            }
            pos.set_castle_squares(p, Some(king), chosen);
        }
        pos.set_castling_rights(rights);
    }

    /// Drop moves from the mover's hand; under the drops' `no-check`, only those that give no
    /// check (the dropped piece attacking a royal, or screening a hopper's attack on one).
    fn drop_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let first = out.len();
        self.all_drop_moves(pos, out);
        if self.rules.drops.no_check && out.len() > first {
            let them = pos.side.other();
            let theirs = self.royal_squares(pos, them);
            let mut scratch = pos.clone();
            let drops = out.split_off(first);
            out.extend(drops.into_iter().filter(|&mv| {
                let undo = apply_raw(&mut scratch, mv);
                let check = self.royals_in_danger(&scratch, them, &theirs);
                revert_raw(&mut scratch, mv, undo);
                !check
            }));
        }
    }

    /// Every drop move from the mover's hand.
    fn all_drop_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let t = self.t();
        let us = pos.side;
        let occupied = pos.occupied[Player::First]
            .union(&pos.occupied[Player::Second])
            .union(&pos.walls);
        // `gravity`: only where a piece comes to rest.
        let mut free = if self.rules.drops.gravity {
            self.grounded(&occupied).minus(&occupied)
        } else {
            SquareSet::first_n(t.dims.len()).minus(&occupied)
        };
        free = self.placement_filter(pos, free);
        let dr = &self.rules.drops;
        for k in 0..t.kinds {
            let kind = PieceKind::from_index(k);
            if pos.hands[us][k] == 0 && !dr.unlimited.contains(&kind) {
                continue;
            }
            let info = &t.info[t.ki(us, kind)];
            let mut zone = info.drop_zone.intersect(&free);
            if self.rules.drops.must_have_move {
                zone = zone.minus(&info.stuck);
            }
            if t.one_per_file.contains(kind) {
                // `one-per-file` (`per-file N`): no drop on a file holding N of the kind already.
                let limit = dr.per_file;
                let code = Piece::new(us, kind).code();
                let mut on_file = [0u8; 16];
                for s in pos.occupied[us].iter() {
                    if pos.board[s.index()] == code {
                        let f = usize::from(t.dims.file(s));
                        on_file[f] = on_file[f].saturating_add(1);
                    }
                }
                for f in 0..t.dims.files {
                    if on_file[usize::from(f)] >= limit {
                        zone = zone.minus(&self.file_squares(f));
                    }
                }
            }
            for s in zone.iter() {
                out.push(Move::drop(kind, s));
            }
            // `drop-promoted`: the same piece dropped with a promoted face up, into the hand
            // kind's zone, where that face has a move when `must-move` asks for one.
            if t.drop_promoted.contains(kind) {
                if let Some(pr) = &self.rules.piece(kind).promotion {
                    let free = info.drop_zone.intersect(&free);
                    for &face in &pr.to {
                        let mut zone = free;
                        if self.rules.drops.must_have_move {
                            zone = zone.minus(&t.info[t.ki(us, face)].stuck);
                        }
                        for s in zone.iter() {
                            out.push(Move {
                                promotion: Some(face),
                                ..Move::drop(kind, s)
                            });
                        }
                    }
                }
            }
        }
    }

    /// The empty squares `free` narrowed by the drops' `opening`, `adjacent` and `enclosing`
    /// (reversi's and ataxx's placement rules), for the side to move.
    fn placement_filter(&self, pos: &Position, free: SquareSet) -> SquareSet {
        let dr = &self.rules.drops;
        let us = pos.side;
        // `opening ZONE`: while a square of it is empty, drops go only there.
        if let Some(opening) = &dr.opening {
            let open = opening[us].intersect(&free);
            if !open.is_empty() {
                return open;
            }
        }
        if !dr.adjacent && !dr.enclosing && !dr.apart {
            return free;
        }
        let d = self.t().dims;
        let theirs = pos.occupied[us.other()];
        free.iter()
            .filter(|&s| {
                (!dr.adjacent || d.neighbours(s).any(|n| pos.occupied[us].contains(n)))
                    && (!dr.apart
                        || !crate::geometry::KING_STEPS[..4]
                            .iter()
                            .any(|&o| d.offset(s, o).is_some_and(|n| theirs.contains(n))))
                    && (!dr.enclosing || !self.enclosed_lines(pos, us, s).is_empty())
            })
            .collect()
    }

    /// The enemy pieces a piece of `us` arriving on `to` would enclose: every unbroken line of
    /// enemy pieces along a rank, file or diagonal from `to` that ends on a piece of `us`.
    pub(super) fn enclosed_lines(&self, pos: &Position, us: Player, to: Square) -> SquareSet {
        let d = self.t().dims;
        let them = us.other();
        let mut out = SquareSet::EMPTY;
        for step in crate::geometry::KING_STEPS {
            let mut run = SquareSet::EMPTY;
            let mut at = to;
            while let Some(next) = d.offset(at, step) {
                if pos.occupied[them].contains(next) {
                    run.insert(next);
                    at = next;
                    continue;
                }
                if pos.occupied[us].contains(next) {
                    out = out.union(&run);
                }
                break;
            }
        }
        out
    }

    /// `gravity`: the squares a dropped piece may come to rest on: the first rank, or on top of
    /// an occupied square.
    fn grounded(&self, occupied: &SquareSet) -> SquareSet {
        let d = self.t().dims;
        d.squares()
            .filter(|&s| {
                let (f, r) = (d.file(s) as i32, d.rank(s) as i32);
                r == 0 || d.square(f, r - 1).is_some_and(|b| occupied.contains(b))
            })
            .collect()
    }

    pub(super) fn file_squares(&self, file: u8) -> SquareSet {
        let d = self.t().dims;
        (0..d.ranks)
            .filter_map(|r| d.square(file as i32, r as i32))
            .collect()
    }
}

/// One piece about to move: what the walks over its tables share.
#[derive(Clone, Copy)]
struct Mover<'p> {
    pos: &'p Position,
    from: Square,
    us: Player,
    kind: PieceKind,
    /// Its moves from `from`.
    entry: &'p SquareMoves,
    /// Dropped where it promotes after its next move: whatever it does next promotes.
    pending: bool,
    /// A kind without promotion, or one that promotes only in place and is not about to
    /// promote, makes only plain moves.
    plain_only: bool,
    /// The squares where the kind's moves promote (empty when it has no promotion).
    zone: &'p SquareSet,
    /// Whether any move from here promotes, the piece standing in the zone it may leave to promote.
    from_triggers: bool,
}

/// What perft's last ply shares between the pieces of one position.
struct Leaf<B> {
    occ: Occupancy<B>,
    /// The squares whose piece needs more than the words: it may expose a royal, or it
    /// promotes with its next move.
    attention: SquareSet,
    /// The en-passant target as a word, empty when none.
    ep: B,
}

/// What the legality filter of one position shares between its moves.
struct Checker {
    /// The position, changed by each test and changed back; copied at the first test that
    /// plays the move.
    scratch: Option<Position>,
    royals: Royals,
    sensitive: Sensitive,
    royal_mask: KindSet,
    /// No royal is attacked (under duple check: not all of them).
    safe_now: bool,
    /// The royals are safe and only moves touching a sensitive square need a test.
    skip_tests: bool,
    /// The royals face each other: every move must break the line (a pass is allowed).
    facing_now: bool,
}

impl Checker {
    /// Whether a move by a non-royal piece from a square no attack on a royal depends on may
    /// still expose one: a side capture empties a second square, castling moves a rook off its
    /// square too, and an arrival on a hop's screen or a path's square may complete an attack.
    /// (A double step's passed square is empty before and after; a gate fills the square its
    /// piece leaves.)
    #[inline]
    fn may_expose(&self, mv: Move) -> bool {
        mv.side_capture().is_some()
            || mv.is_castle()
            || self.sensitive.arrival.contains(mv.to)
            || mv.promotion.is_some_and(|k| self.royal_mask.contains(k))
    }

    /// Whether the piece on `from` is the one royal, whose plain steps are tested by asking
    /// whether their landing square is attacked (no facing or no-check rule to test as well).
    #[inline]
    fn steps_tested_alone(&self, engine: &Engine, from: Square) -> bool {
        self.royals.n == 1
            && self.royals.set.contains(from)
            && !self.facing_now
            && !engine.rules.end.no_check
            && engine.t().blast.is_none()
    }

    /// Whether `mv`, a pseudo-legal move in `pos`, leaves the royals safe.
    fn test<B: BitBoard>(&mut self, engine: MoveGen<'_, B>, pos: &Position, mv: Move) -> bool {
        if engine.t().blast.is_some() {
            return engine.legal_with_blast(pos, mv, self.facing_now);
        }
        // The one royal stepping to a square, capturing at most there: it is safe there unless
        // that square is attacked once it has left its own (which may open a line through it).
        if mv.kind == MoveKind::Normal
            && mv.promotion.is_none()
            && mv.gate.is_none()
            && self.steps_tested_alone(&engine, mv.from)
        {
            let royal = kind_of(pos.board[mv.from.index()]);
            return !engine.attacked_vacating(
                pos,
                mv.to,
                pos.side.other(),
                royal,
                mv.from.index() as u16,
            );
        }
        // Any other move on a small board, from the attackers' words.
        if !self.facing_now && !engine.rules.end.no_check {
            if let Some(bad) = engine.exposed_words(pos, mv, &self.royals) {
                return !bad;
            }
        }
        // Copied at the first test that needs it: many positions need none.
        let scratch = self.scratch.get_or_insert_with(|| pos.clone());
        engine.legal_after(scratch, mv, &self.royals, self.facing_now)
    }

    /// Whether a castling king is known not to be attacked: it is the one royal, and safe.
    fn king_safe(&self, engine: &Engine) -> bool {
        self.safe_now
            && self.royals.n == 1
            && engine
                .rules
                .castling
                .as_ref()
                .is_some_and(|c| self.royal_mask.contains(c.king))
    }
}

/// Where the walks over the tables put the moves they find: a list, or a count.
trait MoveSink {
    /// One move found.
    fn push(&mut self, mv: Move);
    /// A plain move found: no promotion, no capture but on `to`.
    #[inline(always)]
    fn push_plain(&mut self, from: Square, to: Square) {
        self.push(Move {
            from,
            to,
            kind: MoveKind::Normal,
            promotion: None,
            gate: None,
            wall: None,
        });
    }
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Counts the moves of a piece whose leaving cannot expose a royal, keeping aside the side
/// captures (en passant, locust), which empty a second square, and the promotions to a royal
/// kind, which add a royal: they need the full test.
struct LeafCount<'a> {
    n: u64,
    side: &'a mut Vec<Move>,
    royal_mask: KindSet,
}

impl MoveSink for LeafCount<'_> {
    #[inline(always)]
    fn push_plain(&mut self, _from: Square, _to: Square) {
        self.n += 1;
    }
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if mv.side_capture().is_some() || mv.promotion.is_some_and(|k| self.royal_mask.contains(k))
        {
            self.side.push(mv);
        } else {
            self.n += 1;
        }
    }
}

/// The promotion zone of a kind without promotion.
static NO_SQUARES: SquareSet = SquareSet::EMPTY;

impl Mover<'_> {
    /// Whether the piece code `c` is an enemy of the mover.
    #[inline(always)]
    fn enemy(&self, c: u8) -> bool {
        c != 0 && c != WALL && owner(c) != self.us
    }
    /// Whether `c` is an enemy of a kind in `victims`, one this move may capture.
    #[inline(always)]
    fn takes(&self, c: u8, victims: KindSet) -> bool {
        self.enemy(c) && victims.contains(kind_of(c))
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    /// Legal moves into `out` (cleared first); none when an end rule has finished the game.
    pub(crate) fn legal_into(self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.t().has_endings && self.ending(pos).is_some() {
            return;
        }
        self.legal_unended(pos, out);
    }

    /// Legal moves into `out` (cleared first), the end rules aside.
    pub(super) fn legal_unended(self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.royals_gone(pos) {
            return;
        }
        if self.rules.walls.is_some() {
            self.legal_with_walls(pos, out);
        } else {
            match self.checker(pos) {
                Some(mut check) => self.legal_checked(pos, out, &mut check),
                None => self.pseudo_into(pos, out),
            }
            self.keep_compulsory_captures(pos, out);
            self.keep_royal_takes_only(pos, out);
        }
        // `pass when-stuck` (with walls too: a side with no move and wall passes): no move, no check: the pass is the one move.
        if out.is_empty()
            && self.rules.end.pass.as_ref().is_some_and(|p| p.when_stuck)
            && !self.in_check(pos)
        {
            self.push_pass(pos, out);
        }
    }

    /// How many legal moves `pos` has (as many as [`Engine::legal_into`] lists), counted
    /// without listing most of them: perft's last ply. `buf` is scratch space.
    pub(super) fn count_legal(self, pos: &Position, buf: &mut Vec<Move>) -> u64 {
        buf.clear();
        if self.rules.end.must_capture
            || self.rules.end.checked_royal_takes_only
            || self.rules.walls.is_some()
            || self.rules.end.pass.as_ref().is_some_and(|p| p.when_stuck)
        {
            // Whether a non-capture (or the pass) counts depends on every other move: list
            // them all.
            self.legal_into(pos, buf);
            return buf.len() as u64;
        }
        if (self.t().has_endings && self.ending(pos).is_some()) || self.royals_gone(pos) {
            return 0;
        }
        let Some(mut check) = self.checker(pos) else {
            self.pseudo_into(pos, buf);
            return buf.len() as u64;
        };
        let us = pos.side;
        let must_drop = self.rules.drops.must_drop && pos.hands[us].iter().any(|&n| n > 0);
        if must_drop
            || self.rules.gating.is_some()
            || !check.skip_tests
            || !check.sensitive.arrival.is_empty()
        {
            self.legal_checked(pos, buf, &mut check);
            return buf.len() as u64;
        }
        let mut n = 0;
        let leaf = Leaf {
            occ: Occupancy::of(pos, us),
            attention: check.sensitive.any.union(&pos.pending),
            ep: pos.ep.map_or(B::EMPTY, |(target, _)| B::bit(target)),
        };
        for from in pos.occupied[us].iter() {
            n += self.count_piece(pos, from, &leaf, buf, &mut check);
        }
        buf.clear();
        self.other_moves(pos, buf, check.king_safe(self.engine));
        self.keep_legal(pos, buf, 0, &mut check);
        // Only drops can mate where that is forbidden, and they are all here.
        self.keep_no_drop_mate(pos, buf);
        n + buf.len() as u64
    }

    /// The legal moves that capture or promote (as [`Engine::is_tactical`] says) into `out`
    /// (cleared first): the quiescence search's moves, without generating and testing the
    /// others. Exactly the tactical moves of [`MoveGen::legal_into`], in their order.
    pub(crate) fn tactical_into(self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let t = self.t();
        let us = pos.side;
        let drops = &self.rules.drops;
        // Where a quiet move's existence or a drop decides what is legal, or where a move carries
        // more than itself, the general list is filtered instead.
        if self.rules.walls.is_some()
            || self.rules.end.must_capture
            || self.rules.end.checked_royal_takes_only
            || self.rules.gating.is_some()
            || !t.drop_promoted.is_empty()
            || t.first_may_promote
            || (drops.must_drop && pos.hands[us].iter().any(|&n| n > 0))
        {
            self.legal_into(pos, out);
            out.retain(|&mv| self.engine.is_tactical(pos, mv));
            return;
        }
        if (t.has_endings && self.ending(pos).is_some()) || self.royals_gone(pos) {
            return;
        }
        let mut check = self.checker(pos);
        for from in pos.occupied[us].iter() {
            let kind = kind_of(pos.board[from.index()]);
            let first = out.len();
            self.piece_moves(pos, from, us, kind, out);
            let mut kept = first;
            for i in first..out.len() {
                if self.engine.is_tactical(pos, out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            let Some(check) = check.as_mut() else {
                continue;
            };
            if first == out.len() {
                continue;
            }
            self.keep_piece_legal(pos, out, first, from, kind, check);
        }
        // Of the other moves only promotions in place are tactical: castling, drops (none
        // promoted here) and the pass are not.
        if t.in_place_promotions {
            let first = out.len();
            self.in_place_promotions(pos, out);
            if let Some(check) = check.as_mut() {
                self.keep_legal(pos, out, first, check);
            }
        }
    }

    /// How many legal moves the piece on `from` has, in a position where the royals are safe
    /// and an arrival exposes none. `buf` is scratch space.
    #[inline]
    fn count_piece(
        self,
        pos: &Position,
        from: Square,
        leaf: &Leaf<B>,
        buf: &mut Vec<Move>,
        check: &mut Checker,
    ) -> u64 {
        let t = self.t();
        let us = pos.side;
        let kind = kind_of(pos.board[from.index()]);
        let royal = check.royal_mask.contains(kind);
        if !royal && !leaf.attention.contains(from) {
            let w = self.word_moves(us, kind, from);
            if w.countable && (w.ep_to & leaf.ep).is_empty() {
                return self.words.count(w, leaf.occ) as u64;
            }
        }
        let exposes = royal || check.sensitive.any.contains(from);
        let e = t.entry(us, kind, from);
        buf.clear();
        if e.plain_leaper && !exposes {
            return t.reach(us, kind, from).minus(&pos.occupied[us]).len() as u64;
        }
        if e.plain_leaper && check.steps_tested_alone(self.engine, from) {
            // The one royal, a plain leaper: each landing is safe unless attacked.
            let landings = t.reach(us, kind, from).minus(&pos.occupied[us]);
            return landings
                .iter()
                .filter(|&to| {
                    !self.attacked_vacating(pos, to, us.other(), kind, from.index() as u16)
                })
                .count() as u64;
        }
        if exposes {
            self.piece_moves(pos, from, us, kind, buf);
            self.keep_legal(pos, buf, 0, check);
            return buf.len() as u64;
        }
        if e.may_repeat {
            self.piece_moves(pos, from, us, kind, buf);
            self.keep_unexposing(pos, buf, 0, check);
            return buf.len() as u64;
        }
        let m = self.mover(pos, from, us, kind);
        let mut count = LeafCount {
            n: 0,
            side: buf,
            royal_mask: check.royal_mask,
        };
        self.walk(&m, &mut count);
        let mut n = count.n;
        for &mv in buf.iter() {
            if check.test(self, pos, mv) {
                n += 1;
            }
        }
        n
    }

    /// What the royal rule's filter needs in `pos`; `None` when it keeps every move (the rule
    /// is capture, or the side to move has no royal).
    #[inline(always)]
    fn checker(self, pos: &Position) -> Option<Checker> {
        let us = pos.side;
        let royals = self.royal_squares(pos, us);
        if self.rules.end.royal_rule == RoyalRule::Capture || royals.n == 0 {
            return None;
        }
        // Whether a royal is attacked depends only on the occupancy of the squares on the attack
        // paths towards it. A non-royal move that touches none of them, from a position where the
        // royals are safe, leaves them safe: no need to test it.
        // `facing ends`: while the royals face each other, a move must break the line; a pass
        // is always allowed then, even in check.
        let facing_now = self.rules.end.facing_ends.is_some() && self.royals_face(pos);
        // Under `explosions` a capture changes more than its two squares: every move is tested.
        let may_skip = !self.rules.end.no_check && !facing_now && self.t().blast.is_none();
        let (safe_now, sensitive) = if may_skip {
            match self.safety(pos, us, &royals) {
                Some(s) => (true, s),
                None => (false, Sensitive::default()),
            }
        } else {
            (
                !self.royals_in_danger(pos, us, &royals),
                Sensitive::default(),
            )
        };
        let skip_tests = safe_now && may_skip;
        Some(Checker {
            scratch: None,
            royals,
            sensitive,
            royal_mask: self.t().royal_mask,
            safe_now,
            skip_tests,
            facing_now,
        })
    }

    /// The legal moves into `out` (cleared first), by the filter `check`.
    fn legal_checked(self, pos: &Position, out: &mut Vec<Move>, check: &mut Checker) {
        out.clear();
        let us = pos.side;
        if self.rules.drops.must_drop && pos.hands[us].iter().any(|&n| n > 0) {
            // `must-drop`: the setup phase, drops only.
            self.drop_moves(pos, out);
            self.keep_legal(pos, out, 0, check);
        } else {
            self.legal_moves_checked(pos, out, check);
        }
        self.keep_no_drop_mate(pos, out);
    }

    /// Removes the drops that mate where the rules forbid it.
    fn keep_no_drop_mate(self, pos: &Position, out: &mut Vec<Move>) {
        let t = self.t();
        if !t.no_drop_mate.is_empty() {
            out.retain(|&mv| match mv.kind {
                MoveKind::Drop(k) if t.no_drop_mate.contains(k) => !self.drop_mates(pos, mv),
                _ => true,
            });
        }
    }

    /// The moves of the pieces, then the other moves, each kept when the royal rule allows it.
    /// Each piece's moves are filtered as they come: one whose leaving cannot expose a royal
    /// keeps them all but the few that change another square.
    fn legal_moves_checked(self, pos: &Position, out: &mut Vec<Move>, check: &mut Checker) {
        if self.rules.gating.is_some() {
            // Gating adds a gated copy of every pseudo-legal move, before the filter: the gated
            // piece may shield the royal that the plain move would expose.
            self.pseudo_into(pos, out);
            self.keep_legal(pos, out, 0, check);
            return;
        }
        let us = pos.side;
        for from in pos.occupied[us].iter() {
            let kind = kind_of(pos.board[from.index()]);
            let first = out.len();
            self.piece_moves(pos, from, us, kind, out);
            if first == out.len() {
                continue;
            }
            self.keep_piece_legal(pos, out, first, from, kind, check);
        }
        let first = out.len();
        self.other_moves(pos, out, check.king_safe(self.engine));
        self.keep_legal(pos, out, first, check);
    }

    /// Keeps, of `out[first..]` (the moves of the `kind` on `from`), those the royal rule
    /// allows: a piece whose leaving cannot expose a royal has only its few exposing moves tested.
    #[inline]
    fn keep_piece_legal(
        self,
        pos: &Position,
        out: &mut Vec<Move>,
        first: usize,
        from: Square,
        kind: PieceKind,
        check: &mut Checker,
    ) {
        if check.skip_tests
            && !check.royal_mask.contains(kind)
            && !check.sensitive.any.contains(from)
        {
            self.keep_unexposing(pos, out, first, check);
        } else {
            self.keep_legal(pos, out, first, check);
        }
    }

    /// Keeps, of `out[first..]`, the moves of one non-royal piece that leaves no sensitive
    /// square: only those that [`Checker::may_expose`] says may expose a royal are tested.
    #[inline]
    fn keep_unexposing(self, pos: &Position, out: &mut Vec<Move>, first: usize, c: &mut Checker) {
        if c.sensitive.arrival.is_empty()
            && !out[first..].iter().any(|&m| {
                m.side_capture().is_some() || m.promotion.is_some_and(|k| c.royal_mask.contains(k))
            })
        {
            return;
        }
        let mut kept = first;
        for i in first..out.len() {
            let mv = out[i];
            if !c.may_expose(mv) || c.test(self, pos, mv) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Keeps, of `out[first..]`, the moves the royal rule allows.
    fn keep_legal(self, pos: &Position, out: &mut Vec<Move>, first: usize, c: &mut Checker) {
        let mut kept = first;
        for i in first..out.len() {
            let mv = out[i];
            if self.allowed(pos, mv, c) {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the royal rule allows `mv`, testing it only when it may expose a royal.
    #[inline]
    fn allowed(self, pos: &Position, mv: Move, c: &mut Checker) -> bool {
        if c.facing_now && mv.is_pass() {
            return true;
        }
        if c.skip_tests {
            let mover = mv
                .dropped_kind()
                .unwrap_or_else(|| kind_of(pos.board[mv.from.index()]));
            let leaves_sensitive = c.sensitive.any.contains(mv.from);
            if !c.royal_mask.contains(mover) && !leaves_sensitive && !c.may_expose(mv) {
                return true;
            }
        }
        c.test(self, pos, mv)
    }

    /// Whether the drop gives checkmate.
    fn drop_mates(self, pos: &Position, mv: Move) -> bool {
        let next = self.play(pos, mv);
        if !self.in_check(&next) {
            return false;
        }
        let mut replies = Vec::new();
        self.legal_into(&next, &mut replies);
        replies.is_empty()
    }

    /// Whether `mv` leaves the mover's royals safe (and, by `no-check`, gives no check; and
    /// breaks the royals' facing when `facing` says they face). `scratch` equals the position
    /// before and after.
    fn legal_after(self, scratch: &mut Position, mv: Move, royals: &Royals, facing: bool) -> bool {
        let us = scratch.side;
        let undo = apply_raw(scratch, mv);
        let placed = mv.promotion.or(mv.dropped_kind());
        // (Under `royal when-last` a promotion or capture may change which pieces are royal.)
        let rs = if placed.is_some_and(|k| self.t().royal_mask.contains(k))
            || !self.t().when_last.is_empty()
        {
            // A royal more (a promotion to a royal kind, a royal dropped): under duple check it
            // may be the one left safe, under any other rule it must be safe too.
            self.royal_squares(scratch, us)
        } else if mv.is_drop() {
            *royals
        } else {
            royals.moved(mv.from, mv.to)
        };
        let mut bad = self.royals_in_danger(scratch, us, &rs);
        if !bad && self.rules.end.no_check {
            let theirs = self.royal_squares(scratch, us.other());
            bad = self.royals_in_danger(scratch, us.other(), &theirs);
        }
        if !bad && facing {
            bad = self.royals_face(scratch);
        }
        revert_raw(scratch, mv, undo);
        !bad
    }

    /// The legal moves under `walls`: each legal move with each place for its wall. The royal
    /// rule judges the move before its wall goes up (and before a moved wall leaves its square), as
    /// Fairy-Stockfish does: a wall never shields a royal from the move's own exposure. Under
    /// `explosions` it judges each move with its wall up and the moved wall gone, as
    /// Fairy-Stockfish judges its pseudo-royal pieces (atomic duck chess).
    fn legal_with_walls(self, pos: &Position, out: &mut Vec<Move>) {
        let checker = self.checker(pos);
        if let (Some(check), Some(_)) = (&checker, &self.t().blast) {
            out.clear();
            self.pseudo_into(pos, out);
            self.engine.place_walls(pos, out, 0);
            out.retain(|&mv| self.legal_with_blast(pos, mv, check.facing_now));
            self.keep_compulsory_captures(pos, out);
            return;
        }
        match checker {
            Some(mut check) => self.legal_checked(pos, out, &mut check),
            None => self.pseudo_into(pos, out),
        }
        self.keep_compulsory_captures(pos, out);
        self.engine.place_walls(pos, out, 0);
    }

    /// Pseudo-legal moves (ignoring the royal rule) into `out`.
    fn pseudo_into(self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        // `must-drop`: a side with pieces in hand places them before it moves (a setup phase).
        if self.rules.drops.must_drop && pos.hands[us].iter().any(|&n| n > 0) {
            self.drop_moves(pos, out);
            return;
        }
        for from in pos.occupied[us].iter() {
            let kind = kind_of(pos.board[from.index()]);
            self.piece_moves(pos, from, us, kind, out);
        }
        self.other_moves(pos, out, false);
    }

    /// The pseudo-legal moves that are no one piece's pattern: castling, promotion in place,
    /// gating, drops and the pass. `king_safe`: the castling king is known not to be attacked.
    fn other_moves(self, pos: &Position, out: &mut Vec<Move>, king_safe: bool) {
        self.castling_moves(pos, out, king_safe);
        if !self.t().first_entries.is_empty() {
            self.first_moves(pos, out, king_safe);
        }
        if self.t().in_place_promotions {
            self.in_place_promotions(pos, out);
        }
        if self.rules.gating.is_some() {
            self.gated_moves(pos, out);
        }
        if self.t().drops {
            self.drop_moves(pos, out);
        }
        if self.rules.end.pass.as_ref().is_some_and(|p| !p.when_stuck) {
            self.push_pass(pos, out);
        }
    }

    /// `first-move` moves of the pieces still holding their rights (not those marked
    /// `not-in-check` while the side is in check). `king_safe`: the side is known not to be in
    /// check.
    fn first_moves(self, pos: &Position, out: &mut Vec<Move>, king_safe: bool) {
        let us = pos.side;
        let t = self.t();
        let mut in_check = if king_safe { Some(false) } else { None };
        for from in pos.gates.intersect(&pos.occupied[us]).iter() {
            let kind = kind_of(pos.board[from.index()]);
            let Some(fm) = &self.rules.pieces[kind.index()].first_move else {
                continue;
            };
            if fm.not_in_check && *in_check.get_or_insert_with(|| self.in_check(pos)) {
                continue;
            }
            let mut m = self.mover(pos, from, us, kind);
            m.entry = t.first_entry(us, kind, from);
            let first = out.len();
            self.walk(&m, out);
            if m.entry.may_repeat {
                keep_once(out, first);
            }
        }
    }

    /// The pass, written as the royal's (else the first piece's) move to its own square.
    fn push_pass(self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let royals = self.royal_squares(pos, us);
        let sq = royals
            .iter()
            .next()
            .or_else(|| pos.occupied[us].iter().next());
        if let Some(s) = sq {
            out.push(Move::pass(s));
        }
    }

    /// Castling moves (the king must not be in check nor pass through or land on an attacked
    /// square). `king_safe`: the king's own square is known not to be attacked.
    fn castling_moves(self, pos: &Position, out: &mut Vec<Move>, king_safe: bool) {
        let Some(c) = &self.rules.castling else {
            return;
        };
        let us = pos.side;
        for side in CastleSide::BOTH {
            if !pos.castling.has(us, side) {
                continue;
            }
            let squares = if self.t().castle_anywhere {
                self.castle_squares_of(pos, us, side)
            } else {
                self.t().castles[us][side.index()]
            };
            let Some(cs) = squares else {
                continue;
            };
            if pos.board[cs.king_from.index()] != Piece::new(us, c.king).code()
                || pos.board[cs.rook_from.index()] != Piece::new(us, c.rook).code()
            {
                continue;
            }
            let occupied = pos.occupied[us]
                .union(&pos.occupied[us.other()])
                .union(&pos.walls);
            if !cs.between.intersect(&occupied).is_empty() {
                continue;
            }
            let them = us.other();
            // Attacks matter only to a royal castling piece.
            let royal = self.t().royal_mask.contains(c.king);
            // Under `explosions` a square next to the enemy royal is safe.
            let attacked = |s: Square| {
                !self.engine.touches_enemy_royal(pos, s, us)
                    && self.square_attacked(pos, s, them, c.king)
            };
            let safe = !royal
                || ((king_safe || !attacked(cs.king_from)) && !cs.king_path.iter().any(attacked));
            if safe {
                out.push(Move {
                    from: cs.king_from,
                    to: cs.king_to,
                    kind: MoveKind::Castle { rook: cs.rook_from },
                    promotion: None,
                    gate: None,
                    wall: None,
                });
            }
        }
    }
}

/// Two patterns may reach the same square the same way: keeps each move of `out[first..]` once.
fn keep_once(out: &mut Vec<Move>, first: usize) {
    let mut i = first;
    while i < out.len() {
        if out[first..i].contains(&out[i]) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}
