//! A position: board, hands, side to move and the state the rules need.

use super::zobrist;
use crate::geometry::{ByPlayer, Player, Square, SquareSet, MAX_SQUARES};
use crate::rules::{KindSet, PieceKind, MAX_IN_HAND};

/// A piece on the board or in a hand: whose it is and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub player: Player,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece.
    pub fn new(player: Player, kind: PieceKind) -> Piece {
        Piece { player, kind }
    }
    #[inline]
    pub(crate) fn code(self) -> u8 {
        1 + ((self.kind.index() as u8) << 1) + self.player as u8
    }
    #[inline]
    pub(crate) fn from_code(c: u8) -> Option<Piece> {
        if c == 0 || c == WALL {
            None
        } else {
            let c = c - 1;
            let player = if c & 1 == 0 {
                Player::First
            } else {
                Player::Second
            };
            Some(Piece {
                player,
                kind: PieceKind::from_index((c >> 1) as usize),
            })
        }
    }
}

/// The board code of a wall (`walls`): the code kind 63 would have (kinds stop at 52), so every
/// test for an empty square sees it as taken, and it is no one's: neither player's occupancy
/// holds it.
pub(crate) const WALL: u8 = 127;

/// The kind in a non-empty board code.
#[inline]
pub(super) fn kind_of(code: u8) -> PieceKind {
    PieceKind::from_index(((code - 1) >> 1) as usize)
}

/// The owner of a non-empty board code.
#[inline]
pub(super) fn owner(code: u8) -> Player {
    if (code - 1) & 1 == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The side of the board a king castles towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the higher files (`O-O` in chess).
    King,
    /// Towards the lower files (`O-O-O` in chess).
    Queen,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// 0 for the king side, 1 for the queen side.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which castlings the players may still make: a set of (player, side) rights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No right at all.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The one right of `player` to castle towards `side`.
    #[inline]
    pub fn one(player: Player, side: CastleSide) -> CastlingRights {
        CastlingRights(1 << (2 * player.index() + side.index()))
    }

    /// Whether `player` may still castle towards `side`.
    #[inline]
    pub fn has(self, player: Player, side: CastleSide) -> bool {
        self.0 & CastlingRights::one(player, side).0 != 0
    }

    /// No right is left.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights in either set.
    #[inline]
    pub fn union(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// The rights of `self` that `other` does not hold.
    #[inline]
    pub fn minus(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// Whether the two sets share a right.
    #[inline]
    pub fn intersects(self, other: CastlingRights) -> bool {
        self.0 & other.0 != 0
    }

    /// The set as four bits (first player king, queen; second player king, queen), for hashing.
    #[inline]
    pub fn bits(self) -> u8 {
        self.0
    }
}

/// A position. A plain value: copying it is how moves are made (copy-make).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [u8; MAX_SQUARES],
    pub(crate) occupied: ByPlayer<SquareSet>,
    pub(crate) hands: ByPlayer<[u8; zobrist::MAX_KINDS]>,
    pub(crate) side: Player,
    pub(crate) castling: CastlingRights,
    /// En-passant target square and the square of the piece that may be captured there.
    pub(crate) ep: Option<(Square, Square)>,
    /// Pieces that promote at the end of their next move (dropped in a `promote-after-move` zone).
    pub(crate) pending: SquareSet,
    /// `gating`: squares whose pieces may still open a gate when they first move (each square's
    /// right is its piece's owner's).
    pub(crate) gates: SquareSet,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
    /// `check-limit`: the checks each player has given so far.
    pub(crate) checks: ByPlayer<u8>,
    /// `pass`: how many passes were just made in a row.
    pub(crate) passes: u8,
    /// `facing ends`: whether the royals faced each other before the last move.
    pub(crate) facing_before: bool,
    /// The kinds whose squares `royals` keeps; the engine trusts `royals` only
    /// when these are its own royal kinds, and otherwise finds the royals by looking.
    pub(crate) royal_kinds: KindSet,
    /// Per player, the squares of the pieces of `royal_kinds`, kept as pieces are placed, so
    /// legality need not scan the board for them at every node.
    pub(crate) royals: ByPlayer<SquareSet>,
    /// `castling ... to` (Chess960): the castling rook's square of each right (by
    /// [`CastlingRights::one`]'s bit), then each player's king's; read from the FEN, since the
    /// start does not fix them. Unused by other castling.
    pub(crate) castle_squares: [Option<Square>; 6],
    /// `walls`: the squares walls stand on (their board code is [`WALL`]).
    pub(crate) walls: SquareSet,
    /// `counting`: the limit of the count that runs, in plies (0: none runs), and the plies
    /// counted so far. Not hashed, like the half-move clock.
    pub(crate) count: (u16, u16),
    /// `castling-wins`: the side the last move castled to, if it was a castling. Not hashed: a
    /// position it decides is over.
    pub(crate) castled: Option<CastleSide>,
}

impl Position {
    /// An empty board, first player to move, empty hands.
    pub fn empty() -> Position {
        Position {
            board: [0; MAX_SQUARES],
            occupied: ByPlayer::both(SquareSet::EMPTY),
            hands: ByPlayer::both([0; zobrist::MAX_KINDS]),
            side: Player::First,
            castling: CastlingRights::NONE,
            ep: None,
            pending: SquareSet::EMPTY,
            gates: SquareSet::EMPTY,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            checks: ByPlayer::both(0),
            passes: 0,
            facing_before: false,
            royal_kinds: KindSet::EMPTY,
            royals: ByPlayer::both(SquareSet::EMPTY),
            castle_squares: [None; 6],
            walls: SquareSet::EMPTY,
            count: (0, 0),
            castled: None,
        }
    }

    /// `castling ... to`: the rook's square of a castling right, as the FEN named it.
    pub fn castle_rook(&self, player: Player, side: CastleSide) -> Option<Square> {
        self.castle_squares[2 * player.index() + side.index()]
    }

    /// `castling ... to`: the castling king's square, for its player's rights.
    pub fn castle_king(&self, player: Player) -> Option<Square> {
        self.castle_squares[4 + player.index()]
    }

    /// `castling ... to`: sets the castling king's and rooks' squares of a player.
    pub(crate) fn set_castle_squares(
        &mut self,
        player: Player,
        king: Option<Square>,
        rooks: [Option<Square>; 2],
    ) {
        self.castle_squares[4 + player.index()] = king;
        for side in CastleSide::BOTH {
            self.castle_squares[2 * player.index() + side.index()] = rooks[side.index()];
        }
    }

    /// `castling ... to`: the rights a move from or to `sq` takes away (its king's or rook's).
    #[inline]
    pub(crate) fn castling_touched(&self, sq: Square) -> CastlingRights {
        let mut out = CastlingRights::NONE;
        for p in Player::BOTH {
            for side in CastleSide::BOTH {
                if self.castling.has(p, side)
                    && (self.castle_rook(p, side) == Some(sq) || self.castle_king(p) == Some(sq))
                {
                    out = out.union(CastlingRights::one(p, side));
                }
            }
        }
        out
    }

    /// Sets the kinds whose squares the position keeps track of (the rule set's royal kinds) and
    /// finds where they stand now.
    pub(crate) fn track_royals(&mut self, kinds: KindSet) {
        self.royal_kinds = kinds;
        self.royals = ByPlayer::both(SquareSet::EMPTY);
        for s in self.occupied[Player::First]
            .union(&self.occupied[Player::Second])
            .iter()
        {
            let c = self.board[s.index()];
            if kinds.contains(kind_of(c)) {
                self.royals[owner(c)].insert(s);
            }
        }
    }

    /// Puts a piece code (0: empty) on a square, keeping the occupancy and royal sets; no hash.
    #[inline]
    pub(crate) fn put_code(&mut self, s: Square, code: u8) {
        let old = self.board[s.index()];
        if old == WALL {
            self.walls.remove(s);
        } else if old != 0 {
            let o = owner(old);
            self.occupied[o].remove(s);
            self.royals[o].remove(s);
        }
        self.board[s.index()] = code;
        if code == WALL {
            self.walls.insert(s);
        } else if code != 0 {
            let o = owner(code);
            self.occupied[o].insert(s);
            if self.royal_kinds.contains(kind_of(code)) {
                self.royals[o].insert(s);
            }
        }
    }

    /// The piece on a square, if any.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.board[s.index()])
    }

    /// Every piece on the board with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied[Player::First]
            .union(&self.occupied[Player::Second])
            .iter()
            .filter_map(move |s| self.piece_at(s).map(|p| (s, p)))
    }

    /// Squares occupied by a player's pieces.
    #[inline]
    pub fn occupied_by(&self, p: Player) -> SquareSet {
        self.occupied[p]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// How many pieces of `kind` the player holds in hand.
    #[inline]
    pub fn hand(&self, p: Player, kind: PieceKind) -> u8 {
        self.hands[p][kind.index()]
    }

    /// The kinds a player holds in hand, with counts, in kind order.
    pub fn hand_contents(&self, p: Player) -> Vec<(PieceKind, u8)> {
        self.hands[p]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| (PieceKind::from_index(k), n))
            .collect()
    }

    /// The en-passant target square, if the last move allows an en-passant capture.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep.map(|(t, _)| t)
    }

    /// The castlings the players may still make.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// Squares whose pieces promote at the end of their next move.
    pub fn pending_promotions(&self) -> SquareSet {
        self.pending
    }

    /// Squares whose pieces still hold a gate right (`gating`): on its first move, the piece
    /// may leave a piece from its owner's hand on the square it leaves.
    pub fn gates(&self) -> SquareSet {
        self.gates
    }

    /// Gives or takes the gate right of the piece on `s`.
    pub fn set_gate(&mut self, s: Square, on: bool) {
        if self.gates.contains(s) != on {
            if on {
                self.gates.insert(s)
            } else {
                self.gates.remove(s)
            }
            self.hash ^= zobrist::gate(s.index());
        }
    }

    /// Plies since the last capture, drop or clock-resetting move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after the second player moves).
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The Zobrist hash: equal positions (for repetition) have equal hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the position's contents, ignoring the incremental one: the
    /// oracle that tests compare [`Position::hash`] with.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (s, p) in self.pieces() {
            h ^= zobrist::piece(p.player, p.kind, s.index());
        }
        for s in self.pending.iter() {
            h ^= zobrist::pending(s.index());
        }
        for s in self.gates.iter() {
            h ^= zobrist::gate(s.index());
        }
        for s in self.walls.iter() {
            h ^= zobrist::wall(s.index());
        }
        for player in [Player::First, Player::Second] {
            for (kind, count) in self.hand_contents(player) {
                for n in 1..=count {
                    h ^= zobrist::hand(player, kind, n);
                }
            }
        }
        if self.side == Player::Second {
            h ^= zobrist::side();
        }
        // An empty position starts at hash 0 with no rights: keys are XORed relative to that.
        h ^= zobrist::castling(CastlingRights::NONE.bits())
            ^ zobrist::castling(self.castling.bits());
        if let Some((t, _)) = self.ep {
            h ^= zobrist::ep(t.index());
        }
        // Checks given (`check-limit`), which the FEN carries; passes in a row and royals facing
        // before are history, like the half-move clock, and not hashed.
        for player in [Player::First, Player::Second] {
            h ^= zobrist::rule_state(player.index(), self.checks[player]);
        }
        h
    }

    /// The squares walls stand on (`walls`).
    pub fn walls(&self) -> SquareSet {
        self.walls
    }

    /// Puts a wall on a square, or takes it away (`walls`); an empty square only, since the
    /// wall replaces what stood there. Keeps the hash up to date.
    pub fn set_wall(&mut self, s: Square, on: bool) {
        if self.walls.contains(s) == on {
            return;
        }
        if on {
            self.set_piece(s, None);
        }
        self.hash ^= zobrist::wall(s.index());
        self.put_code(s, if on { WALL } else { 0 });
    }

    /// Puts a piece on a square, or empties it; keeps the hash up to date.
    pub fn set_piece(&mut self, s: Square, piece: Option<Piece>) {
        if let Some(old) = self.piece_at(s) {
            self.hash ^= zobrist::piece(old.player, old.kind, s.index());
        } else if self.walls.contains(s) {
            self.hash ^= zobrist::wall(s.index());
        }
        if self.pending.contains(s) {
            self.pending.remove(s);
            self.hash ^= zobrist::pending(s.index());
        }
        if let Some(p) = piece {
            self.hash ^= zobrist::piece(p.player, p.kind, s.index());
        }
        self.put_code(s, piece.map_or(0, Piece::code));
    }

    /// Marks or unmarks the piece on `s` as promoting after its next move.
    pub fn set_pending(&mut self, s: Square, on: bool) {
        if self.pending.contains(s) != on {
            if on {
                self.pending.insert(s)
            } else {
                self.pending.remove(s)
            }
            self.hash ^= zobrist::pending(s.index());
        }
    }

    /// Sets the number of pieces of a kind in a player's hand (at most [`MAX_IN_HAND`]).
    pub fn set_hand(&mut self, p: Player, kind: PieceKind, count: u8) {
        let count = count.min(MAX_IN_HAND);
        let old = self.hands[p][kind.index()];
        for n in 1..=old {
            self.hash ^= zobrist::hand(p, kind, n);
        }
        for n in 1..=count {
            self.hash ^= zobrist::hand(p, kind, n);
        }
        self.hands[p][kind.index()] = count;
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, p: Player) {
        if self.side != p {
            self.hash ^= zobrist::side();
            self.side = p;
        }
    }

    /// Sets the castling rights.
    pub fn set_castling_rights(&mut self, rights: CastlingRights) {
        self.hash ^= zobrist::castling(self.castling.bits()) ^ zobrist::castling(rights.bits());
        self.castling = rights;
    }

    /// Sets the en-passant target and victim squares.
    pub fn set_ep(&mut self, ep: Option<(Square, Square)>) {
        if let Some((t, _)) = self.ep {
            self.hash ^= zobrist::ep(t.index());
        }
        if let Some((t, _)) = ep {
            self.hash ^= zobrist::ep(t.index());
        }
        self.ep = ep;
    }

    /// The checks a player has given so far (`check-limit`).
    pub fn checks_given(&self, p: Player) -> u8 {
        self.checks[p]
    }

    /// Sets the checks a player has given (`check-limit`).
    pub fn set_checks_given(&mut self, p: Player, n: u8) {
        self.hash ^= zobrist::rule_state(p.index(), self.checks[p]);
        self.checks[p] = n;
        self.hash ^= zobrist::rule_state(p.index(), n);
    }

    /// Passes made in a row just before this position (`pass`).
    pub fn passes_in_a_row(&self) -> u8 {
        self.passes
    }

    /// Sets the passes made in a row.
    pub(crate) fn set_passes(&mut self, n: u8) {
        // Not hashed: like the half-move clock, it is history a FEN does not carry.
        self.passes = n;
    }

    /// Records whether the royals faced each other before the last move (`facing ends`).
    pub(crate) fn set_facing_before(&mut self, on: bool) {
        // Not hashed: like the half-move clock, it is history a FEN does not carry.
        self.facing_before = on;
    }

    /// `counting`: the limit of the count that runs and the count so far, both in plies, as
    /// Fairy-Stockfish's FEN writes them; `None` when no count runs.
    pub fn count(&self) -> Option<(u16, u16)> {
        (self.count.0 > 0).then_some(self.count)
    }

    /// Sets the count (limit and plies so far; a limit of 0 stops it).
    pub fn set_count(&mut self, limit: u16, plies: u16) {
        self.count = if limit == 0 { (0, 0) } else { (limit, plies) };
    }

    /// Sets the half-move clock and move number.
    pub fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Removes every piece from the board and the hands; keeps the side to move.
    pub fn clear(&mut self) {
        let side = self.side;
        let kinds = self.royal_kinds;
        *self = Position::empty();
        self.royal_kinds = kinds;
        self.set_side_to_move(side);
    }
}
