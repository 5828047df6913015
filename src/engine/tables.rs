//! Move tables: every piece's moves, per player and square, computed once from the rule set.
//!
//! Everything that depends only on where a piece stands is resolved here, not during search:
//! zone-dependent moves, confinement, initial-square moves, lame-leap blocking squares, ray
//! lengths, path rides and multi-leg paths. Move generation walks these flat arrays.

use super::entries::Span;
use super::entries::TableArrays;
pub(crate) use super::entries::{
    KindInfo, Leap, MoveFlags, MoveLists, Need, PathMove, PathStep, Ray, RaySquare, SquareMoves,
};
use super::position::{CastleSide, CastlingRights, Position};
use super::words::{Build, Words};
use super::zobrist::MAX_KINDS;
use super::EngineError;
use crate::geometry::{ByPlayer, Dimensions, Offset, Player, Square, SquareSet};
use crate::rules::{
    Confinement, Hop, KindSet, Leg, MovePattern, PathRide, PieceDef, PieceKind, RuleSet,
};

/// Whether a step is no whole multiple of a smaller step (gcd of its parts is 1).
fn primitive(step: (i8, i8)) -> bool {
    let (mut a, mut b) = (step.0.unsigned_abs(), step.1.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a == 1
}

/// The eight steps to the squares around one.
const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The compiled move tables.
#[derive(Debug)]
pub(crate) struct Tables {
    pub dims: Dimensions,
    pub kinds: usize,
    /// Indexed by `(player * kinds + kind) * 256 + square`.
    pub entries: Vec<SquareMoves>,
    /// The leaps, rays and paths the entries point into.
    pub lists: MoveLists,
    /// Squares a piece may capture on from a square on an empty board, ignoring blockers; indexed like `entries`.
    pub reach: Vec<SquareSet>,
    /// The inverse of `reach` over all kinds: indexed by `player * 256 + target`, the squares
    /// from which some piece of the player could capture on `target`.
    pub reach_to: Vec<SquareSet>,
    /// Indexed by `player * kinds + kind`.
    pub info: Vec<KindInfo>,
    /// Bit per royal kind.
    pub royal_mask: KindSet,
    /// The royal kinds whose pieces are royal only while their side has one (`royal when-last`).
    pub when_last: KindSet,
    /// Per kind, the kind it counts as for `royal when-last` (itself, or the `with` kind).
    pub counted_as: Vec<PieceKind>,
    /// Kinds that go to hand when captured, after conversion: `to_hand[kind]`.
    pub to_hand: Vec<Option<PieceKind>>,
    /// Whether the variant has drops at all.
    pub drops: bool,
    /// Whether some kind promotes `in-place` (a move of its own, not of its pattern).
    pub in_place_promotions: bool,
    /// Bit per kind limited to one per file.
    pub one_per_file: KindSet,
    /// Bit per kind that may not give mate by drop.
    pub no_drop_mate: KindSet,
    /// Kinds in hand that may also be dropped with a promoted face (`drop-promoted`).
    pub drop_promoted: KindSet,
    /// Per player: drops here promote after their next move.
    pub promote_after_move: ByPlayer<SquareSet>,
    /// Castling: per player, [king side, queen side] = (king from, king to, rook from, rook to).
    pub castles: ByPlayer<[Option<CastleSquares>; 2]>,
    /// Rights to clear when a move starts or ends on a square.
    pub castle_clear: Vec<CastlingRights>,
    /// `castling ... to` (Chess960): the castling squares are the position's, not `castles`.
    pub castle_anywhere: bool,
    /// Kinds whose moves reset the move-limit clock.
    pub clock_reset: KindSet,
    /// Whether any end rule of [`super::endings`] is on (otherwise generation skips the test).
    pub has_endings: bool,
    /// `explosions`: the kinds spared around a capture and the immune kinds; `None` without it.
    pub blast: Option<Blast>,
    /// The moves as bit sets as wide as the board needs.
    pub words: Words,
    /// `first-move` moves, indexed like `entries`; empty when no kind has them.
    pub first_entries: Vec<SquareMoves>,
    /// Per player, the start squares of the kinds with `first-move` moves: where their rights
    /// stand (a FEN names each by its file).
    pub first_zone: ByPlayer<SquareSet>,
    /// Whether a `first-move` move may promote (then quiescence lists its moves the long way).
    pub first_may_promote: bool,
    /// Kinds whose moves may take a first-move right away (`lost-when-aimed-by`).
    pub first_lost_by: KindSet,
}

/// What a capture blows up (`explosions`), as the generator reads it.
#[derive(Clone, Debug)]
pub(crate) struct Blast {
    /// Kinds left standing on the squares around a capture.
    pub spare: KindSet,
    /// Kinds no blast removes.
    pub immune: KindSet,
    /// Per square index: the board's squares around it (a king's step away).
    pub around: Vec<SquareSet>,
}

/// The squares of one castling move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastleSquares {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// The squares the king and rook cross or land on, but their own: all must be empty.
    pub between: SquareSet,
    /// The squares the king crosses or lands on, but its own: none may be attacked.
    pub king_path: SquareSet,
}

impl CastleSquares {
    /// The squares of a castling of the king on `king` to `king_to` with the rook on `rook` to
    /// `rook_to`, all on one rank.
    pub(crate) fn new(
        dims: crate::geometry::Dimensions,
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    ) -> CastleSquares {
        let rank = dims.rank(king) as i32;
        let on_rank = |a: i32, b: i32| {
            let mut set = SquareSet::EMPTY;
            for f in a.min(b)..=a.max(b) {
                if let Some(s) = dims.square(f, rank) {
                    set.insert(s);
                }
            }
            set
        };
        let files = [king, king_to, rook, rook_to].map(|s| dims.file(s) as i32);
        let lo = files.iter().copied().min().unwrap_or(0);
        let hi = files.iter().copied().max().unwrap_or(0);
        let mut between = on_rank(lo, hi);
        between.remove(king);
        between.remove(rook);
        let mut king_path = on_rank(files[0], files[1]);
        king_path.remove(king);
        CastleSquares {
            king_from: king,
            king_to,
            rook_from: rook,
            rook_to,
            between,
            king_path,
        }
    }
}

/// Per (player, kind, square), the squares a piece there attacks on an empty board; and per
/// (player, square), the squares from which some kind of that player attacks it: the inverse
/// table attack tests start from.
fn reach_tables(
    b: &Builder,
    entries: &[SquareMoves],
    kinds: usize,
) -> (Vec<SquareSet>, Vec<SquareSet>) {
    let mut reach = vec![SquareSet::EMPTY; 2 * kinds * 256];
    for (i, e) in entries.iter().enumerate() {
        reach[i] = capture_reach(&b.lists, e);
    }

    let mut reach_to = vec![SquareSet::EMPTY; 2 * 256];
    for (i, r) in reach.iter().enumerate() {
        let player = i / (kinds * 256);
        let from = Square::from_index((i % 256) as u8);
        for target in r.iter() {
            reach_to[player * 256 + target.index()].insert(from);
        }
    }

    (reach, reach_to)
}

/// The squares the moves of `e` may capture on, on an empty board: the landings of its
/// capturing leaps, rays and paths, and a path's squares captured in passing.
pub(crate) fn capture_reach(lists: &MoveLists, e: &SquareMoves) -> SquareSet {
    let mut r = SquareSet::EMPTY;
    for l in lists.leaps(e) {
        if l.flags.captures() {
            r.insert(l.to);
        }
    }
    for ray in lists.rays(e) {
        if ray.flags.captures() {
            for s in lists.squares(ray) {
                if s.land {
                    r.insert(s.sq);
                }
            }
        }
    }
    for p in lists.paths(e) {
        if p.flags.captures() {
            r.insert(p.to);
        }
        for s in lists.steps(p) {
            if s.capture {
                r.insert(s.sq);
            }
        }
    }
    r
}

/// Whether any end rule can finish a game before a side runs out of moves (so move
/// generation asks first).
fn has_endings(rules: &RuleSet) -> bool {
    let e = &rules.end;
    !e.extinction.is_empty()
        || e.bare_royal.is_some()
        || e.goal.is_some()
        || e.check_limit.is_some()
        || e.castling_wins.is_some()
        || e.connect.is_some()
        || e.pass.as_ref().is_some_and(|p| p.twice.is_some())
        || e.facing_ends.is_some()
        || e.board_full.is_some()
}

fn all_kinds(n: usize) -> KindSet {
    KindSet::first(n)
}

struct Builder {
    dims: Dimensions,
    squares: SquareSet,
    lists: MoveLists,
    /// The square the pattern being expanded starts from.
    origin: Square,
    /// Whether the kind being expanded is `turned`.
    turned: bool,
}

impl Builder {
    fn step(&self, s: Square, o: Offset) -> Option<Square> {
        self.dims.offset(s, o).filter(|t| self.squares.contains(*t))
    }

    /// Adds the moves of one pattern from `from`; `land` limits where the piece may stop.
    fn add_pattern(
        &mut self,
        pat: &MovePattern,
        player: Player,
        from: Square,
        land: &SquareSet,
        victims: KindSet,
        screens: KindSet,
    ) {
        let extra = MoveFlags::when(pat.en_passant, MoveFlags::EP);
        let legs: Vec<Leg> = pat
            .legs
            .iter()
            .map(|l| Leg {
                step: l.step.oriented(player, self.turned),
                ..*l
            })
            .collect();
        let last = legs[legs.len() - 1];
        let final_flags = MoveFlags::of_ends(last.mode.to_empty, last.mode.to_enemy);
        if final_flags == MoveFlags::NONE {
            return;
        }
        if legs.len() == 1 && (last.max > 1 || last.mode.hop != Hop::None) {
            // A straight ride (or hop) along one direction.
            let mut squares = Vec::new();
            let mut s = from;
            let mut n = 0u16;
            let max = if last.max == Leg::UNLIMITED {
                u8::MAX as u16
            } else {
                last.max as u16
            };
            while n < max {
                match self.step(s, last.step) {
                    Some(t) => {
                        n += 1;
                        s = t;
                        squares.push(RaySquare {
                            sq: t,
                            land: land.contains(t) && n >= last.min as u16,
                        });
                    }
                    None => break,
                }
            }
            if n > 0 {
                let sets_ep =
                    pat.passable && final_flags == MoveFlags::MOVE && last.mode.hop == Hop::None;
                let ray = Ray {
                    squares: Span::default(),
                    flags: final_flags | extra | MoveFlags::when(sets_ep, MoveFlags::SETS_EP),
                    hop: last.mode.hop,
                    victims,
                    screens,
                    step: (last.step.df, last.step.dr),
                    primitive: primitive((last.step.df, last.step.dr)),
                    plain: false,
                };
                self.lists.push_ray(ray, squares);
            }
            return;
        }
        if legs.len() == 1 {
            if let Some(t) = self.step(from, last.step) {
                if land.contains(t) {
                    self.lists.push_leap(Leap {
                        to: t,
                        block: t,
                        flags: final_flags | extra,
                        victims,
                    });
                }
            }
            return;
        }
        // Multi-leg: expand every combination of leg lengths into fixed paths.
        let mut steps = Vec::new();
        let masks = (victims, screens);
        self.origin = from;
        self.expand(
            &legs,
            0,
            from,
            &mut steps,
            pat,
            land,
            final_flags | extra,
            masks,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        legs: &[Leg],
        i: usize,
        at: Square,
        steps: &mut Vec<PathStep>,
        pat: &MovePattern,
        land: &SquareSet,
        flags: MoveFlags,
        masks: (KindSet, KindSet),
    ) {
        let leg = legs[i];
        let last = i + 1 == legs.len();
        let max = if leg.max == Leg::UNLIMITED {
            u8::MAX
        } else {
            leg.max
        };
        let mut s = at;
        let base = steps.len();
        for n in 1..=max {
            let Some(t) = self.step(s, leg.step) else {
                break;
            };
            s = t;
            if n >= leg.min.max(1) {
                if last {
                    if land.contains(t) {
                        self.push_path(steps, t, pat, flags, masks);
                    }
                } else {
                    let mut need = Need::NONE;
                    if leg.mode.to_empty {
                        need = need.or(Need::EMPTY);
                    }
                    if leg.mode.to_enemy || leg.mode.over_piece {
                        need = need.or(Need::ENEMY);
                    }
                    if leg.mode.over_piece {
                        need = need.or(Need::FRIEND);
                    }
                    let capture = leg.mode.to_enemy && !leg.mode.over_piece;
                    if need != Need::NONE {
                        steps.push(PathStep {
                            sq: t,
                            need,
                            capture,
                        });
                        self.expand(legs, i + 1, t, steps, pat, land, flags, masks);
                        steps.pop();
                    }
                }
            }
            // Squares passed inside a leg must be empty.
            steps.push(PathStep {
                sq: t,
                need: Need::EMPTY,
                capture: false,
            });
        }
        steps.truncate(base);
    }

    fn push_path(
        &mut self,
        steps: &[PathStep],
        to: Square,
        pat: &MovePattern,
        flags: MoveFlags,
        (victims, screens): (KindSet, KindSet),
    ) {
        // A path that comes back to where it started moves nothing unless it captures on the way
        // (`cabW`, igui); such a path may only end there as a move, the square being empty then.
        let mut flags = flags;
        if self.origin == to {
            if !steps.iter().any(|s| s.capture) {
                return;
            }
            flags = flags.without(MoveFlags::CAPTURE);
            if !flags.moves() {
                return;
            }
        }
        // A path through a fixed square that must be empty is a lame leap: keep it in the fast leap table.
        let quiet_initial = pat.passable && !flags.captures();
        if steps.len() == 1 && steps[0].need == Need::EMPTY {
            let f = flags | MoveFlags::BLOCKED | MoveFlags::when(quiet_initial, MoveFlags::SETS_EP);
            self.lists.push_leap(Leap {
                to,
                block: steps[0].sq,
                flags: f,
                victims,
            });
            return;
        }

        let all_empty = steps.iter().all(|s| s.need == Need::EMPTY);
        let f = flags | MoveFlags::when(quiet_initial && all_empty, MoveFlags::SETS_EP);
        let path = PathMove {
            steps: Span::default(),
            to,
            flags: f,
            victims,
            screens,
        };
        self.lists.push_path(path, steps);
    }

    /// The lines of one `rides` statement from `from`, both ways along each of its paths: plain
    /// (through empty squares) or hopping (over one screen, not of a `not-over` kind), never
    /// capturing a `not-capturing` kind.
    fn add_path_rides(
        &mut self,
        rules: &RuleSet,
        ride: &PathRide,
        player: Player,
        from: Square,
        land: &SquareSet,
    ) {
        let all = all_kinds(rules.pieces.len());
        let victims = all.minus(ride.not_capturing.iter().collect());
        let screens = all.minus(ride.not_over.iter().collect());
        let hop = if ride.hopping { Hop::Screen } else { Hop::None };
        for path in ride.paths.iter().filter_map(|&id| rules.path(id)) {
            for line in path.lines_from(self.dims, from, player, ride) {
                // A hop needs a square for its screen and one beyond it to land on.
                if ride.hopping && line.len() < 2 {
                    continue;
                }
                let ray = Ray {
                    squares: Span::default(),
                    flags: MoveFlags::ENDS,
                    hop,
                    victims,
                    screens,
                    step: (0, 0),
                    primitive: false,
                    plain: false,
                };
                let squares = line.iter().map(|&s| RaySquare {
                    sq: s,
                    land: land.contains(s),
                });
                self.lists.push_ray(ray, squares);
            }
        }
    }

    /// The compiled moves of one kind of one player from one square: its move rules' patterns
    /// (those that apply on this square), then its path rides.
    fn square_moves(
        &mut self,
        rules: &RuleSet,
        piece: &PieceDef,
        player: Player,
        from: Square,
        initial: &SquareSet,
        royal_mask: KindSet,
    ) -> SquareMoves {
        let kinds = rules.pieces.len();
        let squares = rules.board.squares;
        let b = self;
        b.turned = piece.turned;
        let start = b.lists.mark();
        let confined_to = match &piece.confinement {
            Confinement::None => squares,
            Confinement::Within(z) => z[player],
            Confinement::Regions(rs) => rs
                .iter()
                .map(|r| r[player])
                .find(|r| r.contains(from))
                .unwrap_or(squares),
        };
        for rule in &piece.moves {
            if let Some(z) = &rule.only_in {
                if !z[player].contains(from) {
                    continue;
                }
            }
            let land = if rule.unconfined {
                squares
            } else {
                confined_to
            };
            let mut victims = all_kinds(kinds);
            if let Some(list) = &rule.capturing {
                victims = list.iter().collect();
            }
            victims = victims.minus(rule.not_capturing.iter().collect());
            let screens = all_kinds(kinds).minus(rule.not_over.iter().collect());
            for pat in &rule.patterns {
                if pat.initial && !initial.contains(from) {
                    continue;
                }
                let v = if pat.royal_only {
                    victims.intersect(royal_mask)
                } else {
                    victims
                };
                if rule.capturing.is_some() {
                    // A move that must capture a given kind is capture-only.
                    let mut p = pat.clone();
                    if let Some(l) = p.legs.last_mut() {
                        l.mode.to_empty = false;
                    }
                    b.add_pattern(&p, player, from, &land, v, screens);
                } else {
                    b.add_pattern(pat, player, from, &land, v, screens);
                }
            }
        }
        for ride in &piece.rides {
            b.add_path_rides(rules, ride, player, from, &confined_to);
        }
        let mut e = b.lists.since(start);
        e.may_repeat = may_repeat(&b.lists, &e);
        // Every leap may end on any empty square or any enemy, whatever stands elsewhere: the
        // moves are the reach less the mover's own pieces.
        let all = all_kinds(kinds);
        e.plain_leaper = piece.promotion.is_none()
            && !e.may_repeat
            && e.leaps_only()
            && b.lists.leaps(&e).iter().all(|l| plain_leap(l, all));
        e
    }
}

impl Tables {
    /// Compiles the tables of a rule set.
    pub(crate) fn build(rules: &RuleSet, start: &Position) -> Result<Tables, EngineError> {
        let kinds = rules.pieces.len();
        if kinds > MAX_KINDS {
            return Err(EngineError::TooManyKinds(kinds));
        }
        let dims = rules.board.dims;
        let squares = rules.board.squares;
        let mut b = Builder {
            dims,
            squares,
            lists: MoveLists::default(),
            origin: Square::from_index(0),
            turned: false,
        };
        let royal_mask = rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .map(|(i, _)| PieceKind::from_index(i))
            .collect();
        let initial = initial_squares(start, kinds);

        let mut entries = vec![SquareMoves::default(); 2 * kinds * 256];
        let mut info = vec![KindInfo::default(); 2 * kinds];
        for player in Player::BOTH {
            let pi = player.index();
            for (k, piece) in rules.pieces.iter().enumerate() {
                let ki = pi * kinds + k;
                info[ki].initial = initial[ki];
                for from in squares.iter() {
                    let e = b.square_moves(rules, piece, player, from, &initial[ki], royal_mask);
                    if e.is_empty() {
                        info[ki].stuck.insert(from);
                    }
                    entries[ki * 256 + from.index()] = e;
                }
                if let Some(pr) = &piece.promotion {
                    info[ki].promo_zone = pr.zone[player];
                }
                info[ki].drop_zone = match rules.drops.zones.get(k).and_then(|z| z.as_ref()) {
                    Some(z) => z[player].intersect(&squares),
                    None => squares,
                };
                // A piece `confined` to a zone is never dropped outside it.
                if let Confinement::Within(z) = &piece.confinement {
                    info[ki].drop_zone = info[ki].drop_zone.intersect(&z[player]);
                }
            }
        }

        let (reach, reach_to) = reach_tables(&b, &entries, kinds);

        // `first-move` lines: tables of their own, walked only for a piece holding its right.
        let mut first_entries = Vec::new();
        let mut first_zone = ByPlayer::both(SquareSet::EMPTY);
        if rules.pieces.iter().any(|p| p.first_move.is_some()) {
            first_entries = vec![SquareMoves::default(); 2 * kinds * 256];
            for player in Player::BOTH {
                let pi = player.index();
                for (k, piece) in rules.pieces.iter().enumerate() {
                    let Some(fm) = &piece.first_move else {
                        continue;
                    };
                    let ki = pi * kinds + k;
                    first_zone[player] = first_zone[player].union(&initial[ki]);
                    let mut only = piece.clone();
                    only.moves = vec![fm.rule.clone()];
                    only.rides.clear();
                    for from in squares.iter() {
                        first_entries[ki * 256 + from.index()] =
                            b.square_moves(rules, &only, player, from, &initial[ki], royal_mask);
                    }
                }
            }
        }

        let to_hand: Vec<Option<PieceKind>> = rules
            .pieces
            .iter()
            .map(|p| Some(p.captured_as).filter(|k| rules.drops.to_hand.contains(k)))
            .collect();
        let mask = |list: &[PieceKind]| list.iter().collect::<KindSet>();
        let promote_after_move = rules
            .drops
            .promote_after_move
            .unwrap_or(ByPlayer::both(SquareSet::EMPTY));

        let (castles, castle_clear) = castling_squares(rules, &initial, kinds, squares);
        let clock_reset = rules
            .end
            .move_limit
            .as_ref()
            .map(|m| mask(&m.reset_by))
            .unwrap_or_default();

        let mut tables = Tables {
            dims,
            kinds,
            entries,
            lists: mark_plain(b.lists, kinds),
            reach,
            reach_to,
            info,
            royal_mask,
            when_last: rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.royal && p.royal_when_last)
                .map(|(i, _)| PieceKind::from_index(i))
                .collect(),
            counted_as: rules
                .pieces
                .iter()
                .enumerate()
                .map(|(i, p)| p.royal_counted_with.unwrap_or(PieceKind::from_index(i)))
                .collect(),
            to_hand,
            // Pieces in a hand at the start stay droppable even when no capture goes to a hand,
            // unless they enter by `gating` instead.
            drops: !rules.drops.to_hand.is_empty()
                || !rules.drops.unlimited.is_empty()
                || (rules.gating.is_none()
                    && Player::BOTH
                        .iter()
                        .any(|&p| (0..kinds).any(|k| start.hand(p, PieceKind::from_index(k)) > 0))),
            in_place_promotions: rules.pieces.iter().any(|p| {
                p.promotion
                    .as_ref()
                    .is_some_and(|pr| pr.mode == crate::rules::PromotionMode::InPlace)
            }),
            one_per_file: mask(&rules.drops.one_per_file),
            no_drop_mate: mask(&rules.drops.no_drop_mate),
            drop_promoted: mask(&rules.drops.drop_promoted),
            promote_after_move,
            castles,
            castle_clear,
            blast: rules.end.explosions.as_ref().map(|ex| Blast {
                spare: mask(&ex.spare),
                immune: mask(&ex.immune),
                around: (0..256u16)
                    .map(|i| {
                        let s = Square::from_index(i as u8);
                        let mut set = SquareSet::EMPTY;
                        if squares.contains(s) {
                            let (f, r) = (dims.file(s) as i32, dims.rank(s) as i32);
                            for (df, dr) in KING_STEPS {
                                if let Some(n) = dims.square(f + df, r + dr) {
                                    if squares.contains(n) {
                                        set.insert(n);
                                    }
                                }
                            }
                        }
                        set
                    })
                    .collect(),
            }),
            castle_anywhere: rules
                .castling
                .as_ref()
                .is_some_and(|c| c.to_files.is_some()),
            clock_reset,
            has_endings: has_endings(rules),
            words: Words::Narrow(Default::default()),
            first_entries,
            first_zone,
            first_may_promote: rules
                .pieces
                .iter()
                .any(|p| p.first_move.is_some() && p.promotion.is_some()),
            first_lost_by: rules
                .pieces
                .iter()
                .filter_map(|p| p.first_move.as_ref())
                .flat_map(|fm| fm.lost_by.iter().copied())
                .collect(),
        };
        tables.words = Words::build(rules, &tables.arrays(), Build::Fit);
        Ok(tables)
    }

    /// Builds the word tables again as `how` says (for tests that the generator gives the same
    /// answers in either width, and from the words as from the table walk).
    pub(crate) fn rebuild_words(&mut self, rules: &RuleSet, how: Build) {
        self.words = Words::build(rules, &self.arrays(), how);
    }

    /// The arrays the word tables are built from.
    fn arrays(&self) -> TableArrays<'_> {
        TableArrays {
            dims: self.dims,
            kinds: self.kinds,
            entries: &self.entries,
            lists: &self.lists,
            info: &self.info,
        }
    }

    /// Bytes held by the tables (for the memory budget of large variants).
    pub(crate) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.entries.capacity() * size_of::<SquareMoves>()
            + self.lists.bytes()
            + self.reach.capacity() * size_of::<SquareSet>()
            + self.reach_to.capacity() * size_of::<SquareSet>()
            + self.info.capacity() * size_of::<KindInfo>()
            + self.castle_clear.capacity()
            + self.to_hand.capacity() * size_of::<Option<PieceKind>>()
            + self.words.bytes()
    }

    /// Index of (player, kind) in `info`.
    #[inline]
    pub(crate) fn ki(&self, player: Player, kind: PieceKind) -> usize {
        player.index() * self.kinds + kind.index()
    }

    /// The moves of a piece from a square.
    #[inline]
    pub(crate) fn entry(&self, player: Player, kind: PieceKind, from: Square) -> &SquareMoves {
        &self.entries[self.ki(player, kind) * 256 + from.index()]
    }

    /// The `first-move` moves of a kind from a square (empty when it has none).
    #[inline]
    pub(crate) fn first_entry(
        &self,
        player: Player,
        kind: PieceKind,
        from: Square,
    ) -> &SquareMoves {
        &self.first_entries[self.ki(player, kind) * 256 + from.index()]
    }

    /// Squares from which some piece of `player` could capture on `target`, ignoring blockers.
    #[inline]
    pub(crate) fn reach_to(&self, player: Player, target: Square) -> &SquareSet {
        &self.reach_to[player.index() * 256 + target.index()]
    }

    /// Squares a piece could capture on from `from`, ignoring blockers.
    #[inline]
    pub(crate) fn reach(&self, player: Player, kind: PieceKind, from: Square) -> &SquareSet {
        &self.reach[self.ki(player, kind) * 256 + from.index()]
    }
}

/// Whether a leap may end on any empty square or any enemy, unblocked and without en passant.
fn plain_leap(l: &Leap, all: KindSet) -> bool {
    l.flags.without(MoveFlags::PLAIN) == MoveFlags::ENDS && l.victims == all
}

/// Marks the plain leaps ([`MoveFlags::PLAIN`]) and the plain slides ([`Ray::plain`]).
fn mark_plain(mut lists: MoveLists, kinds: usize) -> MoveLists {
    let all = all_kinds(kinds);
    lists.mark_plain(
        |l| plain_leap(l, all),
        |r, squares| {
            r.hop == Hop::None
                && r.flags == MoveFlags::ENDS
                && r.victims == all
                && squares.iter().all(|s| s.land)
        },
    );
    lists
}

/// Whether two entries of one square's moves could produce the same move.
fn may_repeat(lists: &MoveLists, e: &SquareMoves) -> bool {
    // (square, can end empty, can end on enemy) for every possible destination.
    let mut seen_empty = SquareSet::EMPTY;
    let mut seen_enemy = SquareSet::EMPTY;
    let mut clash = false;
    let mut note = |s: Square, flags: MoveFlags, clash: &mut bool| {
        if flags.moves() {
            if seen_empty.contains(s) {
                *clash = true;
            }
            seen_empty.insert(s);
        }
        if flags.captures() {
            if seen_enemy.contains(s) {
                *clash = true;
            }
            seen_enemy.insert(s);
        }
    };
    for l in lists.leaps(e) {
        note(l.to, l.flags, &mut clash);
    }
    for r in lists.rays(e) {
        for s in lists.squares(r) {
            if s.land {
                note(s.sq, r.flags, &mut clash);
            }
        }
    }
    for p in lists.paths(e) {
        // Locust paths to the same square differ by their victims; only plain ones can repeat.
        let locust = lists.steps(p).iter().any(|s| s.capture);
        if !locust {
            note(p.to, p.flags, &mut clash);
        } else {
            clash = true;
        }
    }
    clash
}

/// Squares where each (player, kind) stands in the start position.
fn initial_squares(start: &Position, kinds: usize) -> Vec<SquareSet> {
    let mut out = vec![SquareSet::EMPTY; 2 * kinds];
    for (s, p) in start.pieces() {
        out[p.player.index() * kinds + p.kind.index()].insert(s);
    }
    out
}

type CastleTable = (ByPlayer<[Option<CastleSquares>; 2]>, Vec<CastlingRights>);

/// Castling squares from the start position: the king's square and the outermost rooks on its rank.
fn castling_squares(
    rules: &RuleSet,
    initial: &[SquareSet],
    kinds: usize,
    squares: SquareSet,
) -> CastleTable {
    let mut castles = ByPlayer::both([None; 2]);
    let mut clear = vec![CastlingRights::NONE; 256];
    let Some(c) = rules.castling.as_ref().filter(|c| c.to_files.is_none()) else {
        return (castles, clear);
    };
    let dims = rules.board.dims;
    for player in Player::BOTH {
        let pi = player.index();
        let Some(king) = initial[pi * kinds + c.king.index()].iter().next() else {
            continue;
        };
        let rooks = initial[pi * kinds + c.rook.index()];
        let rank = dims.rank(king);
        let kf = dims.file(king) as i32;
        let on_rank: Vec<Square> = rooks.iter().filter(|r| dims.rank(*r) == rank).collect();
        let right = on_rank
            .iter()
            .filter(|r| dims.file(**r) as i32 > kf)
            .max_by_key(|r| dims.file(**r));
        let left = on_rank
            .iter()
            .filter(|r| (dims.file(**r) as i32) < kf)
            .min_by_key(|r| dims.file(**r));
        for (side, rook, dir) in [
            (CastleSide::King, right, 1i32),
            (CastleSide::Queen, left, -1),
        ] {
            let Some(&rook) = rook else { continue };
            let to = dims.square(kf + dir * c.king_steps as i32, rank as i32);
            let rook_to = dims.square(kf + dir * (c.king_steps as i32 - 1), rank as i32);
            if let (Some(to), Some(rook_to)) = (to, rook_to) {
                if squares.contains(to) && squares.contains(rook_to) {
                    castles[player][side.index()] =
                        Some(CastleSquares::new(dims, king, to, rook, rook_to));
                    let right = CastlingRights::one(player, side);
                    clear[king.index()] = clear[king.index()].union(right);
                    clear[rook.index()] = clear[rook.index()].union(right);
                }
            }
        }
    }
    (castles, clear)
}
