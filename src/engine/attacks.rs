//! Attack tests: whether a square is attacked, whether the side to move is in check, and which
//! squares' occupancy can change that (the sensitive squares that let legality skip most tests).

use super::bitboard::BitBoard;
use super::position::{kind_of, owner, Piece, Position, WALL};
use super::tables::Need;
use super::words::Occupancy;
use super::{Engine, Move, MoveGen, MoveKind};
use crate::geometry::{Player, Square, SquareSet};
use crate::rules::{Hop, PieceKind, RoyalRule};

/// A player's royal squares, any number of them, without allocating.
#[derive(Clone, Copy)]
pub(super) struct Royals {
    pub(super) set: SquareSet,
    pub(super) n: usize,
}

impl Royals {
    /// The royal squares.
    pub(super) fn iter(&self) -> impl Iterator<Item = Square> {
        self.set.iter()
    }

    /// The same royals after the one on `from` (if any) moved to `to`.
    pub(super) fn moved(mut self, from: Square, to: Square) -> Royals {
        if self.set.contains(from) {
            self.set.remove(from);
            self.set.insert(to);
        }
        self
    }
}

/// The squares whose occupancy decides whether a safe royal stays safe.
#[derive(Clone, Copy, Default)]
pub(super) struct Sensitive {
    /// Every such square: a move from one of them may expose a royal.
    pub(super) any: SquareSet,
    /// Those where a piece arriving (or a capture changing whose piece stands there) may also
    /// expose one: a hop's screen squares and a multi-leg path's squares. A slide's blocker, a
    /// lame leap's block and the facing file only ever get more blocked by an arrival.
    pub(super) arrival: SquareSet,
}

/// No square: the `vacated` argument of the attack tests when every square stands as it is.
pub(super) const NO_SQUARE: u16 = 256;

impl Engine {
    /// Whether the side to move is in check (all its royals attacked under duple check).
    pub fn in_check(&self, pos: &Position) -> bool {
        by_width!(self, g => g.in_check(pos))
    }

    /// Whether, with the given royal squares, `us` is in check by the royal rule.
    pub(super) fn royals_in_danger(&self, pos: &Position, us: Player, royals: &Royals) -> bool {
        by_width!(self, g => g.royals_in_danger(pos, us, royals))
    }

    /// Whether `by` attacks `target`, which holds (or would hold) a piece of kind `victim`.
    pub(crate) fn square_attacked(
        &self,
        pos: &Position,
        target: Square,
        by: Player,
        victim: PieceKind,
    ) -> bool {
        by_width!(self, g => g.square_attacked(pos, target, by, victim))
    }

    /// Whether `attacker`, standing on `from`, can capture on `target` (treated as holding an
    /// enemy of kind `victim`), the square `vacated` (an index, or [`NO_SQUARE`]) taken as empty.
    pub(super) fn piece_attacks(
        &self,
        pos: &Position,
        from: Square,
        attacker: Piece,
        target: Square,
        victim: PieceKind,
        vacated: u16,
    ) -> bool {
        by_width!(self, g => g.piece_attacks(pos, from, attacker, target, victim, vacated))
    }

    /// The squares of a player's royal pieces, all of them.
    pub(super) fn royal_squares(&self, pos: &Position, p: Player) -> Royals {
        let mask = self.t().royal_mask;
        if pos.royal_kinds == mask {
            let mut set = pos.royals[p];
            if !self.t().when_last.is_empty() {
                self.drop_shared_royals(pos, &mut set);
            }
            return Royals {
                set,
                n: set.len() as usize,
            };
        }
        let mut r = Royals {
            set: SquareSet::EMPTY,
            n: 0,
        };
        if mask.is_empty() {
            return r;
        }
        for s in pos.occupied[p].iter() {
            if mask.contains(kind_of(pos.board[s.index()])) {
                r.set.insert(s);
            }
        }
        if !self.t().when_last.is_empty() {
            self.drop_shared_royals(pos, &mut r.set);
        }
        r.n = r.set.len() as usize;
        r
    }

    /// `royal when-last`: removes from one side's royal squares the pieces of such a kind when
    /// the side has two or more of it, counting a `with` kind's as its own (then none of them is
    /// royal).
    fn drop_shared_royals(&self, pos: &Position, set: &mut SquareSet) {
        let t = self.t();
        for k in t.when_last.iter() {
            if t.counted_as[k.index()] != k {
                continue;
            }
            let of_kind: SquareSet = set
                .iter()
                .filter(|s| t.counted_as[kind_of(pos.board[s.index()]).index()] == k)
                .collect();
            if of_kind.len() > 1 {
                *set = set.minus(&of_kind);
            }
        }
    }

    /// Whether a royal of `by` stands on the file of `target` with nothing between.
    /// `vacated`: a square index taken as empty, or [`NO_SQUARE`].
    pub(super) fn faces_royal(
        &self,
        pos: &Position,
        target: Square,
        by: Player,
        vacated: u16,
    ) -> bool {
        let t = self.t();
        for dr in [1i8, -1] {
            let mut s = target;
            while let Some(n) = t.dims.offset(s, crate::geometry::Offset::new(0, dr)) {
                s = n;
                let c = pos.board[s.index()];
                if c != 0 && s.index() as u16 != vacated {
                    if owner(c) == by && t.royal_mask.contains(kind_of(c)) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    /// Squares whose occupancy decides whether an enemy piece attacks one of `us`'s royals: the
    /// squares between a hopper and the royal, the one piece between a slider and the royal (none
    /// when two or more stand between), lame-leap blockers, multi-leg path steps, and the royal's
    /// file when royals may not face each other. A move that captures on a third square (en
    /// passant, locust) empties two squares and is tested whatever these squares are.
    ///
    /// `None` when `us` is in check by the royal rule (the same answer as
    /// [`Engine::royals_in_danger`]): one walk over the attackers answers both.
    pub(super) fn safety(self, pos: &Position, us: Player, royals: &Royals) -> Option<Sensitive> {
        let t = self.t();
        let them = us.other();
        let duple = self.rules.end.royal_rule == RoyalRule::Duple && royals.n > 1;
        if !(self.rules.end.facing || duple) {
            if let Some(answer) = self.safety_words(pos, them, royals) {
                return answer;
            }
        }
        let mut out = SquareSet::EMPTY;
        let mut arrival = SquareSet::EMPTY;
        // Under duple check only all royals attacked is check.
        let mut attacked = 0;
        for r in royals.iter() {
            let victim = kind_of(pos.board[r.index()]);
            let mut hit = self.rules.end.facing
                && t.royal_mask.contains(victim)
                && self.faces_royal(pos, r, them, NO_SQUARE);
            if self.rules.end.facing {
                out = out.union(&self.file_squares(t.dims.file(r)));
            }
            let candidates = pos.occupied[them].intersect(t.reach_to(them, r));
            for from in candidates.iter() {
                let kind = kind_of(pos.board[from.index()]);
                if !t.reach(them, kind, from).contains(r) {
                    continue;
                }
                if !hit
                    && self.piece_attacks(pos, from, Piece::new(them, kind), r, victim, NO_SQUARE)
                {
                    if !duple {
                        return None;
                    }
                    hit = true;
                }
                let e = t.entry(them, kind, from);
                for l in t.lists.leaps(e) {
                    if let Some(b) = l.blocker().filter(|_| l.to == r) {
                        out.insert(b);
                    }
                }
                let (df, dr) = (
                    t.dims.file(r) as i32 - t.dims.file(from) as i32,
                    t.dims.rank(r) as i32 - t.dims.rank(from) as i32,
                );
                for ray in t.lists.rays(e) {
                    if !ray.may_pass(df, dr) {
                        continue;
                    }
                    let sq = t.lists.squares(ray);
                    let Some(i) = sq.iter().position(|s| s.sq == r) else {
                        continue;
                    };
                    let between = &sq[..i];
                    if ray.hop == Hop::None {
                        // A slide needs every square between empty. A move empties at most its
                        // own square, besides the side captures the legality filter always tests:
                        // with one piece between, only that piece's move can open the line; with
                        // two or more, no move can.
                        let mut blockers = between.iter().filter(|s| pos.board[s.sq.index()] != 0);
                        match (blockers.next(), blockers.next()) {
                            (Some(b), None) => {
                                out.insert(b.sq);
                                continue;
                            }
                            (Some(_), Some(_)) => continue,
                            (None, _) => {}
                        }
                    }
                    for s in between {
                        out.insert(s.sq);
                        if ray.hop != Hop::None {
                            arrival.insert(s.sq);
                        }
                    }
                }
                for p in t.lists.paths(e) {
                    let steps = t.lists.steps(p);
                    if p.to == r || steps.iter().any(|s| s.sq == r) {
                        for s in steps {
                            out.insert(s.sq);
                            arrival.insert(s.sq);
                        }
                        out.insert(p.to);
                        arrival.insert(p.to);
                    }
                }
            }
            if hit {
                if !duple {
                    return None;
                }
                attacked += 1;
            }
        }
        if duple && attacked == royals.n {
            return None;
        }
        Some(Sensitive { any: out, arrival })
    }

    /// Whether `mv` (anything but a gating move) leaves the mover's royals in danger, read from
    /// the attackers' words without playing it; `None` when the words cannot tell (an attacker
    /// that is not simple).
    pub(super) fn exposed_words(self, pos: &Position, mv: Move, royals: &Royals) -> Option<bool> {
        let t = self.t();
        if mv.gate.is_some() {
            return None;
        }
        // A royal placed by the move (a promotion or a drop) is a royal more to test: the
        // table walk does it.
        if mv
            .promotion
            .or(mv.dropped_kind())
            .is_some_and(|k| t.royal_mask.contains(k))
            || !t.when_last.is_empty()
        {
            return None;
        }
        let bit = B::bit;
        let mut occupied = Occupancy::<B>::all(pos);
        let mut attackers = B::of(&pos.occupied[pos.side.other()]);
        let mut royals = *royals;
        match mv.kind {
            MoveKind::Drop(_) => occupied |= bit(mv.to),
            MoveKind::Castle { rook } => {
                // As `apply_raw` plays it: the rook lands next to the king, on its own side.
                let rook_to = mv.castle_rook_to().unwrap_or(rook);
                occupied &= !(bit(mv.from) | bit(rook));
                occupied |= bit(mv.to) | bit(rook_to);
                royals = royals.moved(mv.from, mv.to);
            }
            _ => {
                if mv.from == mv.to {
                    return None;
                }
                occupied = occupied & !bit(mv.from) | bit(mv.to);
                attackers &= !bit(mv.to);
                if let Some(x) = mv.side_capture() {
                    occupied &= !bit(x);
                    attackers &= !bit(x);
                }
                royals = royals.moved(mv.from, mv.to);
            }
        }
        let them = pos.side.other();
        let mut attacked = 0;
        for r in royals.iter() {
            let mut hit =
                self.rules.end.facing && self.faces_royal_words(pos, r, attackers, occupied);
            for (from, kind) in self.word_candidates(pos, attackers, them, r) {
                if hit {
                    break;
                }
                let w = self.word_moves(them, kind, from);
                if !w.simple {
                    return None;
                }
                if self.words.attacks(w, r, occupied) {
                    hit = true;
                    break;
                }
            }
            attacked += hit as usize;
        }
        Some(match self.rules.end.royal_rule {
            RoyalRule::Duple if royals.n > 1 => attacked == royals.n,
            RoyalRule::Capture => false,
            _ => attacked > 0,
        })
    }

    /// Whether a royal among `enemies` (a word of pieces that stand as on `pos`'s board) stands
    /// on the file of `target` with no square of `occupied` between: the `facing` rule read from
    /// words.
    fn faces_royal_words(self, pos: &Position, target: Square, enemies: B, occupied: B) -> bool {
        let t = self.t();
        for dr in [1i8, -1] {
            let mut s = target;
            while let Some(n) = t.dims.offset(s, crate::geometry::Offset::new(0, dr)) {
                s = n;
                if occupied.has(s) {
                    if enemies.has(s) && t.royal_mask.contains(kind_of(pos.board[s.index()])) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// The pieces of `by` among `pieces` (a word) that could capture on `target` on an empty
    /// board, with their kinds.
    #[inline]
    fn word_candidates<'a>(
        self,
        pos: &'a Position,
        pieces: B,
        by: Player,
        target: Square,
    ) -> impl Iterator<Item = (Square, PieceKind)> + 'a
    where
        Self: 'a,
    {
        let t = self.engine.t();
        let mut candidates = pieces & B::of(t.reach_to(by, target));
        std::iter::from_fn(move || {
            while let Some(from) = candidates.pop_first() {
                let kind = kind_of(pos.board[from.index()]);
                if t.reach(by, kind, from).contains(target) {
                    return Some((from, kind));
                }
            }
            None
        })
    }

    /// [`MoveGen::safety`] without facing or duple check: the outer `None` when some attacker
    /// is not simple (the table walk answers then).
    #[allow(clippy::option_option)]
    fn safety_words(
        self,
        pos: &Position,
        them: Player,
        royals: &Royals,
    ) -> Option<Option<Sensitive>> {
        let occupied = Occupancy::<B>::all(pos);
        let mut shields = B::EMPTY;
        for r in royals.iter() {
            for (from, kind) in self.word_candidates(pos, B::of(&pos.occupied[them]), them, r) {
                let w = self.word_moves(them, kind, from);
                if !w.simple {
                    return None;
                }
                match self.words.shields(w, r, occupied) {
                    None => return Some(None),
                    Some(s) => shields |= s,
                }
            }
        }
        Some(Some(Sensitive {
            any: shields.to_set(),
            arrival: SquareSet::EMPTY,
        }))
    }

    /// Whether the side to move is in check (all its royals attacked under duple check).
    pub(super) fn in_check(self, pos: &Position) -> bool {
        let royals = self.royal_squares(pos, pos.side);
        self.royals_in_danger(pos, pos.side, &royals)
    }

    /// Whether, with the given royal squares, `us` is in check by the royal rule.
    pub(super) fn royals_in_danger(self, pos: &Position, us: Player, royals: &Royals) -> bool {
        if royals.n == 0 {
            return false;
        }
        if self.t().blast.is_some() {
            return self.royals_attacked_unless_touching(pos, us, royals);
        }
        let attacked =
            |s: Square| self.square_attacked(pos, s, us.other(), kind_of(pos.board[s.index()]));
        match self.rules.end.royal_rule {
            RoyalRule::Duple if royals.n > 1 => royals.iter().all(attacked),
            RoyalRule::Capture => false,
            _ => royals.iter().any(attacked),
        }
    }

    /// Whether `by` attacks `target`, which holds (or would hold) a piece of kind `victim`.
    pub(crate) fn square_attacked(
        self,
        pos: &Position,
        target: Square,
        by: Player,
        victim: PieceKind,
    ) -> bool {
        self.attacked_vacating(pos, target, by, victim, NO_SQUARE)
    }

    /// Whether `by` would attack `target` (holding a `victim`) were the square `vacated` (a
    /// square index, or [`NO_SQUARE`]) empty: a royal's step tested without making it.
    pub(super) fn attacked_vacating(
        self,
        pos: &Position,
        target: Square,
        by: Player,
        victim: PieceKind,
        vacated: u16,
    ) -> bool {
        let t = self.t();
        let occupied = self.occupied_for_attack(pos, target, vacated);
        // Only pieces standing where some kind of theirs could reach the target can attack it.
        for (from, kind) in self.word_candidates(pos, B::of(&pos.occupied[by]), by, target) {
            let w = self.word_moves(by, kind, from);
            let hit = if w.simple {
                self.words.attacks(w, target, occupied)
            } else {
                self.piece_attacks(pos, from, Piece::new(by, kind), target, victim, vacated)
            };
            if hit {
                return true;
            }
        }
        self.rules.end.facing
            && t.royal_mask.contains(victim)
            && self.faces_royal(pos, target, by, vacated)
    }

    /// The occupied squares of `pos` as an attack test on `target` sees them: the target taken
    /// as occupied, the square `vacated` (an index, or [`NO_SQUARE`]) as empty.
    #[inline(always)]
    fn occupied_for_attack(self, pos: &Position, target: Square, vacated: u16) -> B {
        let mut occupied = Occupancy::<B>::all(pos) | B::bit(target);
        if vacated != NO_SQUARE {
            occupied &= !B::bit(Square::from_index(vacated as u8));
        }
        occupied
    }

    /// Whether `attacker`, standing on `from`, can capture on `target` (treated as holding an
    /// enemy of kind `victim`), the square `vacated` (an index, or [`NO_SQUARE`]) taken as empty.
    pub(super) fn piece_attacks(
        self,
        pos: &Position,
        from: Square,
        attacker: Piece,
        target: Square,
        victim: PieceKind,
        vacated: u16,
    ) -> bool {
        let (by, kind) = (attacker.player, attacker.kind);
        let t = self.t();
        let w = self.word_moves(by, kind, from);
        if w.simple {
            // Every capture of a simple piece takes any kind: `victim` does not matter.
            let occupied = self.occupied_for_attack(pos, target, vacated);
            return self.words.attacks(w, target, occupied);
        }
        let e = t.entry(by, kind, from);
        let occ =
            |s: Square| (pos.board[s.index()] != 0 && s.index() as u16 != vacated) || s == target;
        // The kind standing on an occupied square, the target holding `victim`.
        let kind_on = |s: Square| {
            if s == target {
                victim
            } else {
                kind_of(pos.board[s.index()])
            }
        };
        // Whether the occupied square `s` may be a hop's screen: a kind the hop may pass, or a
        // wall, which any hop may use.
        let screen = |screens: crate::rules::KindSet, s: Square| {
            (s != target && pos.board[s.index()] == WALL) || screens.contains(kind_on(s))
        };
        for l in t.lists.leaps(e) {
            if l.to == target
                && l.flags.captures()
                && l.victims.contains(victim)
                && l.blocker().is_none_or(|b| !occ(b))
            {
                return true;
            }
        }
        // The target's displacement from the piece: a straight ray that does not point at it
        // cannot reach it.
        let (df, dr) = (
            t.dims.file(target) as i32 - t.dims.file(from) as i32,
            t.dims.rank(target) as i32 - t.dims.rank(from) as i32,
        );
        for r in t.lists.rays(e) {
            if !r.flags.captures() || !r.victims.contains(victim) || !r.may_pass(df, dr) {
                continue;
            }
            let sq = t.lists.squares(r);
            let mut screens = 0;
            for (i, s) in sq.iter().enumerate() {
                if !occ(s.sq) {
                    continue;
                }
                match r.hop {
                    Hop::None => {
                        if s.sq == target && s.land {
                            return true;
                        }
                        break;
                    }
                    Hop::Screen => {
                        if screens == 0 {
                            if !screen(r.screens, s.sq) {
                                break;
                            }
                            screens = 1;
                            continue;
                        }
                        if s.sq == target && s.land {
                            return true;
                        }
                        break;
                    }
                    Hop::Grasshopper => {
                        if let Some(n) = sq.get(i + 1) {
                            if n.sq == target && n.land {
                                return true;
                            }
                        }
                        break;
                    }
                }
            }
        }
        for p in t.lists.paths(e) {
            if !p.victims.contains(victim) {
                continue;
            }
            let steps = t.lists.steps(p);
            let hits_target = (p.to == target && p.flags.captures())
                || steps.iter().any(|s| s.capture && s.sq == target);
            if !hits_target {
                continue;
            }
            let ok = steps.iter().all(|s| {
                let need = if s.sq == target {
                    Need::ENEMY
                } else if s.sq == from || s.sq.index() as u16 == vacated {
                    Need::EMPTY
                } else {
                    class(pos, s.sq, by)
                };
                let screen_ok = need == Need::EMPTY || s.capture || screen(p.screens, s.sq);
                s.need.meets(need) && screen_ok
            });
            if !ok {
                continue;
            }
            let dest = if p.to == target {
                Need::ENEMY
            } else if p.to == from || p.to.index() as u16 == vacated {
                Need::EMPTY
            } else {
                class(pos, p.to, by)
            };
            let dest_ok = (dest == Need::EMPTY && p.flags.moves())
                || (dest == Need::ENEMY && p.flags.captures());
            if dest_ok {
                return true;
            }
        }
        false
    }
}

/// What stands on a square, from `us`'s point of view.
#[inline]
pub(super) fn class(pos: &Position, sq: Square, us: Player) -> Need {
    let c = pos.board[sq.index()];
    if c == 0 {
        Need::EMPTY
    } else if c == WALL || owner(c) == us {
        // A wall is no one's, and as a friend's piece to everyone: it blocks, it may be a
        // screen, and no one captures it.
        Need::FRIEND
    } else {
        Need::ENEMY
    }
}
