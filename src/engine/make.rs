//! Playing a move: the full copy-make (`play`), and the board-only apply and revert that
//! legality tests use.

use super::position::{CastleSide, CastlingRights, Piece, Position};
use super::zobrist;
use super::{Engine, Move, MoveKind};
use crate::geometry::{Player, Square};
use crate::rules::{PieceKind, MAX_IN_HAND};

impl Engine {
    /// Plays a move known to be legal and returns the new position.
    ///
    /// ```
    /// use chimera::{move_text, to_fen};
    ///
    /// let rules = chimera::check_named(std::path::Path::new("chess"))?.rules;
    /// let engine = chimera::Engine::new(rules)?;
    /// let start = engine.start_position();
    /// // The legal moves, listed; play the first knight move.
    /// let knight = engine
    ///     .legal_moves(&start)
    ///     .into_iter()
    ///     .find(|&m| move_text(&engine, &start, m) == "g1f3")
    ///     .expect("Nf3 is legal");
    /// let after = engine.play(&start, knight);
    /// assert_eq!(
    ///     to_fen(&engine, &after),
    ///     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    /// );
    /// assert_eq!(engine.legal_moves(&after).len(), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, pos: &Position, mv: Move) -> Position {
        let t = self.t();
        let mut p = pos.clone();
        let us = pos.side;
        p.set_ep(None);
        p.castled = None;
        let mut reset_clock = false;
        // The kind taken, for `counting`.
        let mut captured: Option<PieceKind> = None;
        match mv.kind {
            MoveKind::Drop(kind) => {
                // An `unlimited` kind's supply is not counted: the hand stays as it is.
                let n = p.hands[us][kind.index()];
                if n > 0 || !self.rules.drops.unlimited.contains(&kind) {
                    p.hash ^= zobrist::hand(us, kind, n);
                    p.hands[us][kind.index()] = n.saturating_sub(1);
                }
                // `drop-promoted`: the piece may enter with its promoted face up.
                let placed = mv.promotion.unwrap_or(kind);
                p.set_piece(mv.to, Some(Piece::new(us, placed)));
                if t.promote_after_move[us].contains(mv.to)
                    && self.rules.piece(placed).promotion.is_some()
                {
                    p.set_pending(mv.to, true);
                }
                reset_clock = true;
            }
            _ => {
                let Some(moving) = pos.piece_at(mv.from) else {
                    return p;
                };
                // A move back to its own square (a pass, or `cabW`) captures nothing there.
                let victim_on_to = if mv.to == mv.from {
                    None
                } else {
                    pos.piece_at(mv.to)
                };
                let mut captures = false;
                if let Some(victim) = victim_on_to {
                    if !mv.is_castle() {
                        self.capture_to_hand(&mut p, us, victim);
                        reset_clock = true;
                        captures = true;
                        captured = Some(victim.kind);
                    }
                }
                if let Some(x) = mv.side_capture() {
                    if let Some(victim) = pos.piece_at(x) {
                        self.capture_to_hand(&mut p, us, victim);
                        p.set_piece(x, None);
                        reset_clock = true;
                        captures = true;
                        captured = Some(victim.kind);
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
                if t.clock_reset.contains(moving.kind) {
                    reset_clock = true;
                }
                p.set_piece(mv.from, None);
                if let MoveKind::Castle { rook: rook_sq } = mv.kind {
                    let rook = pos.piece_at(rook_sq);
                    p.set_piece(rook_sq, None);
                    if let Some(rook_to) = mv.castle_rook_to() {
                        p.set_piece(rook_to, rook);
                    }
                }
                p.set_piece(mv.to, Some(Piece::new(us, kind)));
                if let MoveKind::DoubleStep { passed } = mv.kind {
                    // `en-passant in ZONE`: only where the passed square is in the mover's part.
                    let region = self.rules().en_passant.as_ref();
                    if region.is_none_or(|r| r[us].contains(passed)) {
                        p.set_ep(Some((passed, mv.to)));
                    }
                }
                // `explosions`: the capture blows up the capturer and its neighbours.
                let blasted = if captures {
                    self.explode(&mut p, mv.to)
                } else {
                    crate::geometry::SquareSet::EMPTY
                };
                // `petrify`: the capturer turns to stone where it took (blown up or not).
                if captures && self.rules.end.petrify.contains(&kind) {
                    p.set_piece(mv.to, None);
                    p.set_wall(mv.to, true);
                }
                // `gating`: a piece from the hand enters on the square left.
                if let Some((sq, k)) = mv.gate_square() {
                    let n = p.hands[us][k.index()];
                    p.hash ^= zobrist::hand(us, k, n);
                    p.hands[us][k.index()] = n.saturating_sub(1);
                    p.set_piece(sq, Some(Piece::new(us, k)));
                }
                if !pos.gates.is_empty() {
                    self.close_gates(pos, &mut p, mv);
                    // `first-move ... lost-when-aimed-by`: Cambodian chess's rook check.
                    let lost_by = &self.t().first_lost_by;
                    if !lost_by.is_empty()
                        && p.piece_at(mv.to).is_some_and(|q| lost_by.contains(q.kind))
                    {
                        self.lose_attacked_rights(&mut p, mv.to);
                    }
                }
                let mut clear =
                    t.castle_clear[mv.from.index()].union(t.castle_clear[mv.to.index()]);
                if t.castle_anywhere {
                    clear = clear.union(
                        pos.castling_touched(mv.from)
                            .union(pos.castling_touched(mv.to)),
                    );
                }
                for s in blasted.iter() {
                    clear = clear.union(t.castle_clear[s.index()]);
                    if t.castle_anywhere {
                        clear = clear.union(pos.castling_touched(s));
                    }
                }
                if let MoveKind::Castle { rook: rook_sq } = mv.kind {
                    let d = t.dims;
                    let side = if d.file(rook_sq) > d.file(mv.from) {
                        CastleSide::King
                    } else {
                        CastleSide::Queen
                    };
                    // `castling-wins` asks where the last move castled to.
                    p.castled = Some(side);
                    // `castling ... opposite`: castling to a side takes the opponent's right to it.
                    if self.rules.castling.as_ref().is_some_and(|c| c.opposite) {
                        clear = clear.union(CastlingRights::one(us.other(), side));
                    }
                }
                if clear.intersects(p.castling) {
                    p.set_castling_rights(p.castling.minus(clear));
                }
            }
        }
        // `flip`: the arriving piece turns enemy pieces over.
        if let Some(flip) = self.rules.flip {
            if !mv.is_pass() {
                self.flip(&mut p, pos, mv, flip);
            }
        }
        // `walls`: the move's wall goes up once the piece has moved; a moved wall leaves its square.
        if let Some(w) = mv.wall {
            if self.rules.walls.as_ref().map(|w| w.rule) == Some(crate::rules::WallRule::Moved) {
                for s in pos.walls.iter() {
                    p.set_wall(s, false);
                }
            }
            p.set_wall(w, true);
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
        let end = &self.rules.end;
        if end.pass.is_some() {
            p.set_passes(if mv.is_pass() {
                pos.passes.saturating_add(1)
            } else {
                0
            });
        }
        if end.facing_ends.is_some() {
            p.set_facing_before(self.royals_face(pos));
        }
        if end.check_limit.is_some() && self.in_check(&p) {
            let n = p.checks[us].saturating_add(1);
            p.set_checks_given(us, n);
        }
        if let Some(c) = &end.counting {
            self.count(&mut p, c, captured, mv.promotion.is_some());
        }
        p
    }

    /// `counting`: moves the count on a ply, and starts or restarts it as Fairy-Stockfish does
    /// (`p` is the position after the move, `captured` the kind the move took).
    fn count(
        &self,
        p: &mut Position,
        c: &crate::rules::Counting,
        captured: Option<PieceKind>,
        promoted: bool,
    ) {
        let (mut limit, mut plies) = p.count;
        if limit > 0 {
            plies = plies.saturating_add(1);
        }
        let on_board = |list: &[PieceKind]| {
            list.iter().any(|&k| {
                Player::BOTH
                    .into_iter()
                    .any(|pl| self.count_on_board(p, pl, k) > 0)
            })
        };
        let blocked = (on_board(&c.without), on_board(&c.bare_without));
        let pieces = |pl: Player| p.occupied[pl].len() as usize;
        let all = (pieces(Player::First) + pieces(Player::Second)) as u16;
        let limit_of = |side: Player| {
            c.limit(blocked, pieces(side), pieces(side.other()), |k| {
                self.count_on_board(p, side.other(), k)
            })
        };
        let stm = p.side;
        let mover = stm.other();
        // A bare side that takes the last blocking piece counts at once (makruk).
        if c.from_pieces
            && captured.is_some_and(|k| c.without.contains(&k) || c.bare_without.contains(&k))
            && pieces(mover) == 1
            && !blocked.0
            && !blocked.1
        {
            let l = limit_of(mover);
            if l > 0 {
                limit = l.saturating_mul(2);
                plies = (2 * all).saturating_sub(1);
            }
        }
        if limit == 0 || ((captured.is_some() || promoted) && pieces(stm) == 1) {
            let l = limit_of(stm);
            if l > 0 {
                limit = l.saturating_mul(2);
                plies = if !c.from_pieces || pieces(stm) > 1 {
                    0
                } else {
                    2 * all
                };
            }
        }
        p.set_count(limit, plies);
    }

    /// `flip`: turns over the enemy pieces the piece that arrived on `mv.to` encloses (`lines`)
    /// or stands next to (`adjacent`); `p` is the position after the move, `before` the one
    /// before it.
    fn flip(&self, p: &mut Position, before: &Position, mv: Move, flip: crate::rules::Flip) {
        let us = before.side;
        let them = us.other();
        let d = self.t().dims;
        let turned = match flip.rule {
            crate::rules::FlipRule::Lines => self.enclosed_lines(p, us, mv.to),
            crate::rules::FlipRule::Adjacent => {
                // `supported`: a drop turns pieces over only next to a piece of its own.
                let lone = mv.is_drop() && {
                    let ours = p.occupied[us];
                    !d.neighbours(mv.to).any(|s| ours.contains(s))
                };
                if flip.supported && lone {
                    crate::geometry::SquareSet::EMPTY
                } else {
                    d.neighbours(mv.to)
                        .filter(|&s| p.occupied[them].contains(s))
                        .collect()
                }
            }
        };
        for s in turned.iter() {
            if let Some(piece) = p.piece_at(s) {
                p.set_piece(s, Some(Piece::new(us, piece.kind)));
            }
        }
    }

    fn capture_to_hand(&self, p: &mut Position, us: Player, victim: Piece) {
        if let Some(k) = self.t().to_hand[victim.kind.index()] {
            let n = p.hands[us][k.index()];
            if n < MAX_IN_HAND {
                p.hands[us][k.index()] = n + 1;
                p.hash ^= zobrist::hand(us, k, n + 1);
            }
        }
    }

    /// The piece a player would have in hand after capturing `victim` (demotion, conversion), if it goes to hand.
    pub fn to_hand(&self, victim: Piece) -> Option<PieceKind> {
        self.t().to_hand.get(victim.kind.index()).copied().flatten()
    }
}

/// What [`apply_raw`] changed, to put it back.
pub(super) struct RawUndo {
    from: u8,
    to: u8,
    /// The code on the side-capture square, or the castling rook's.
    third: u8,
    rook_to: Option<(Square, u8)>,
}

/// Puts a piece code (0: empty) on a square, keeping the occupancy sets; no hash.
#[inline]
fn set(p: &mut Position, s: Square, code: u8) {
    p.put_code(s, code);
}

/// Moves pieces on the board only (no hands, hash or clocks): enough to test for check.
pub(super) fn apply_raw(p: &mut Position, mv: Move) -> RawUndo {
    let us = p.side;
    let to_code = p.board[mv.to.index()];
    let mut undo = RawUndo {
        from: p.board[mv.from.index()],
        to: to_code,
        third: 0,
        rook_to: None,
    };
    match mv.kind {
        MoveKind::Drop(k) => set(p, mv.to, Piece::new(us, mv.promotion.unwrap_or(k)).code()),
        MoveKind::Castle { rook: rook_sq } => {
            let king = p.board[mv.from.index()];
            let rook = p.board[rook_sq.index()];
            // The rook lands on the square next to the king's destination, on the side it came from.
            let rook_to = mv.castle_rook_to().unwrap_or(rook_sq);
            set(p, mv.from, 0);
            set(p, rook_sq, 0);
            undo.rook_to = Some((rook_to, p.board[rook_to.index()]));
            set(p, rook_to, rook);
            set(p, mv.to, king);
            undo.third = rook;
        }
        _ => {
            let code = p.board[mv.from.index()];
            let code = match mv.promotion {
                Some(k) => Piece::new(us, k).code(),
                None => code,
            };
            if let Some(x) = mv.side_capture() {
                undo.third = p.board[x.index()];
                set(p, x, 0);
            }
            set(p, mv.from, 0);
            set(p, mv.to, code);
        }
    }
    if let Some((sq, k)) = mv.gate_square() {
        set(p, sq, Piece::new(us, k).code());
    }
    undo
}

/// Reverses [`apply_raw`].
pub(super) fn revert_raw(p: &mut Position, mv: Move, undo: RawUndo) {
    if let Some((sq, _)) = mv.gate_square() {
        set(p, sq, 0);
    }
    match mv.kind {
        MoveKind::Drop(_) => set(p, mv.to, 0),
        MoveKind::Castle { rook: rook_sq } => {
            let king = p.board[mv.to.index()];
            set(p, mv.to, 0);
            if let Some((rt, old)) = undo.rook_to {
                set(p, rt, old);
            }
            set(p, rook_sq, undo.third);
            set(p, mv.from, king);
        }
        _ => {
            set(p, mv.to, undo.to);
            if let Some(x) = mv.side_capture() {
                set(p, x, undo.third);
            }
            set(p, mv.from, undo.from);
        }
    }
}
