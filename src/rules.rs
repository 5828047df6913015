//! The compiled rule set: a plain, immutable, serialisable description of one variant.
//!
//! Produced by [`crate::compile`] from a definition file, consumed by the engine, which turns it
//! into move tables. Nothing here refers to the source text; names are kept only for display.
//! All per-player square sets are already resolved (player-relative zones mirrored for the second
//! player), and all Betza strings are already parsed into [`MovePattern`]s.

use crate::geometry::{ByPlayer, Dimensions, Offset, Player, PlayerSquares, Square, SquareSet};
use indexmap::IndexMap;
use serde::Serialize;

/// The most piece kinds a variant may have: one per FEN letter, plain (`A`..`Z`) and promoted
/// (`+A`..`+Z`). The compiler reports more; the engine's per-kind tables and 64-bit kind sets are
/// sized by it.
pub const MAX_PIECE_KINDS: usize = 52;

pub(crate) use crate::fen::{Setup, MAX_IN_HAND};

/// Index of a piece kind in [`RuleSet::pieces`]. Closed: a kind comes from a rule set
/// ([`RuleSet::kind`], [`RuleSet::kinds`]), so none lies past its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct PieceKind(u8);

impl PieceKind {
    /// The kind numbered `index`, which the caller knows to be one of its rule set's (below
    /// [`MAX_PIECE_KINDS`]).
    #[inline(always)]
    pub(crate) const fn from_index(index: usize) -> PieceKind {
        PieceKind(index as u8)
    }

    /// The index into per-kind tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of piece kinds, one bit per kind (there are at most [`MAX_PIECE_KINDS`]): the kinds a
/// move may capture or jump over, the royal kinds, the kinds that promote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindSet(u64);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);

    /// The first `n` kinds (all of a variant's kinds, for `n` its number of kinds).
    pub fn first(n: usize) -> KindSet {
        if n >= 64 {
            KindSet(u64::MAX)
        } else {
            KindSet((1u64 << n) - 1)
        }
    }
    /// Whether `kind` is in the set.
    #[inline]
    pub fn contains(self, kind: PieceKind) -> bool {
        self.0 >> kind.0 & 1 != 0
    }
    /// Adds `kind`.
    #[inline]
    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1 << kind.0;
    }
    /// Whether the set has no kind.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The kinds in both sets.
    #[inline]
    pub fn intersect(self, other: KindSet) -> KindSet {
        KindSet(self.0 & other.0)
    }
    /// The kinds of `self` that are not in `other`.
    #[inline]
    pub fn minus(self, other: KindSet) -> KindSet {
        KindSet(self.0 & !other.0)
    }
    /// The kinds in the set, in index order.
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        (0..64u8)
            .filter(move |&k| self.0 >> k & 1 != 0)
            .map(PieceKind)
    }
}

impl FromIterator<PieceKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = PieceKind>>(kinds: I) -> KindSet {
        let mut set = KindSet::EMPTY;
        for k in kinds {
            set.insert(k);
        }
        set
    }
}

impl<'a> FromIterator<&'a PieceKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = &'a PieceKind>>(kinds: I) -> KindSet {
        kinds.into_iter().copied().collect()
    }
}

/// A whole variant, validated.
#[derive(Clone, Debug, Serialize)]
pub struct RuleSet {
    /// The variant's display name (`variant "..."`).
    pub name: String,
    /// Board size and the squares that exist.
    pub board: Board,
    /// Display names of the two players, first player first (`players Red, Black`).
    pub players: ByPlayer<String>,
    /// Named zones, in declaration order, resolved per player. Kept for display (`zones`, render).
    pub zones: IndexMap<String, PlayerSquares>,
    /// Named paths, in declaration order.
    pub paths: IndexMap<String, PathDef>,
    /// Piece kinds; [`PieceKind`] indexes this list.
    pub pieces: Vec<PieceDef>,
    /// What happens to captured pieces and how they come back.
    pub drops: DropRules,
    /// Royalty, check and the end of the game.
    pub end: GameEnd,
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// Gating, if the variant has it (`gating in rank 1`).
    #[serde(default)]
    pub gating: Option<Gating>,
    /// `en-passant in ZONE`: a double step sets en passant only when the square it passes is in
    /// the mover's part of the zone; `None`: wherever it passes.
    #[serde(default)]
    pub en_passant: Option<PlayerSquares>,
    /// Walls, if every move also places one (`walls moved`).
    #[serde(default)]
    pub walls: Option<Walls>,
    /// `flip lines | adjacent [supported]`: an arriving piece turns enemy pieces over.
    #[serde(default)]
    pub flip: Option<Flip>,
    /// `promotion-limit`: per kind, the number of it a player may have on the board before no
    /// promotion to it is allowed (indexed by kind; `None` or a short list = no limit).
    pub promotion_limits: Vec<Option<u8>>,
    /// Start position in FEN, as written (validated against the board and the piece letters).
    pub start_fen: String,
    /// The start position as the checks read it: every engine, export and picture starts from
    /// this one reading rather than parsing [`RuleSet::start_fen`] again.
    pub start: Setup,
    /// `random rank N { ... }`: the start drawn at random within constraints, numbered.
    #[serde(default)]
    pub random_start: Option<RandomStart>,
    /// Presentation hints for pictures and the REPL board.
    pub render: RenderHints,
    /// What the designer says about the variant: `description`, `author`, `link`.
    #[serde(default)]
    pub about: About,
    /// Evaluation weights tuned for this variant (`chimera tune`), read from the `NAME.weights`
    /// file beside the definition; `None`: the evaluation derives everything from the rules.
    #[serde(default)]
    pub weights: Option<Weights>,
}

/// Evaluation weights of a variant, one entry per piece kind (indexed by [`PieceKind`]; `None`:
/// the weights derived from the rules). The evaluation is linear in them; `chimera tune` fits
/// them to game results.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Weights {
    /// Per kind, in kind order.
    pub kinds: Vec<Option<KindWeights>>,
    /// Per kind, in kind order, a table of centipawns added on each square (the first player's
    /// view, by square index; the second player's is mirrored) on top of the derived square
    /// tables: what `chimera tune --squares` learns where a kind stands well. Empty (or an empty
    /// table): none.
    pub squares: Vec<Vec<i32>>,
}

impl Weights {
    /// The square table of kind index `k`, if the weights hold one.
    pub fn square_table(&self, k: usize) -> Option<&[i32]> {
        self.squares
            .get(k)
            .filter(|t| !t.is_empty())
            .map(Vec::as_slice)
    }
}

/// Largest piece value (on the board or in hand) a weight may hold, centipawns.
pub(crate) const MAX_WEIGHT_VALUE: i32 = 100_000;
/// Largest square-table scale a weight may hold, percent (either sign).
pub(crate) const MAX_WEIGHT_SCALE: i32 = 10_000;

/// The evaluation weights of one piece kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KindWeights {
    /// Value on the board, centipawns.
    pub value: i32,
    /// Value in hand, centipawns.
    pub hand: i32,
    /// Scale of the square table from the kind's own moves (reach from each square), percent of
    /// the derived table (100: as derived). A royal's table counts in proportion to the material
    /// the enemy has lost, so that it seeks the centre as the board empties (derived: 0).
    pub centrality: i32,
    /// Scale of the square table from nearness to the promotion zone, percent of the derived one.
    pub advancement: i32,
    /// Scale of the bonus per square the piece may move to in a position, percent of the
    /// derived one (kinds whose mobility is not counted, pawn-like ones and royals, ignore it).
    pub mobility: i32,
    /// Royals only: centipawns per piece of its own side on a square next to it, in proportion to
    /// the material the enemy has left (a sheltered royal is safer while there are attackers).
    pub shelter: i32,
    /// Royals only: centipawns lost per rank it stands from its side's first rank, in the same
    /// proportion (a royal that walks out while the enemy is armed is exposed).
    pub exposure: i32,
    /// Centipawns for holding two or more pieces of the kind on the board (a pair of bishops
    /// covers both colours; derived: 0).
    pub pair: i32,
    /// Promoting pawn-like kinds only: scale of the passed bonus, percent of its derived shape
    /// (a share of the promotion's gain, larger nearer the zone), for a piece no enemy pawn-like
    /// piece can stop on its way (derived: 0).
    pub passed: i32,
    /// Royals only: centipawns lost per attacked square next to it, squared (the squares an enemy
    /// piece whose mobility counts reaches; danger grows faster than the attackers; derived: 0).
    pub danger: i32,
}

/// The derived [`KindWeights::shelter`] of a royal kind (other kinds: 0). Zero: at 10 (with
/// exposure 15 and the centre at 100%) self-play gained 19 Elo at fixed nodes and lost 19 on the
/// clock (README, twenty-first session), so the weights are left to `chimera tune`.
pub(crate) const DERIVED_SHELTER: i32 = 0;
/// The derived [`KindWeights::exposure`] of a royal kind (other kinds: 0; see [`DERIVED_SHELTER`]).
pub(crate) const DERIVED_EXPOSURE: i32 = 0;

/// The designer's introduction to a variant, who made it and where it comes from (`description`,
/// `author`, `link`); shown by `chimera list`, the rules sheet, the studio and the published page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct About {
    /// The introduction, in paragraphs (a `""` in `description` starts a new one).
    pub description: Vec<String>,
    /// Who made the variant.
    pub author: Option<String>,
    /// Where it comes from: an `http://` or `https://` address.
    pub link: Option<String>,
}

impl About {
    /// The first sentence of the description (where `c. 1976` and `H. G. Muller` do not end
    /// one), for one-line listings.
    pub fn summary(&self) -> Option<String> {
        let first = self.description.first()?;
        let end = first.match_indices(". ").map(|(i, _)| i).find(|&i| {
            let next = first[i + 2..].chars().next();
            let word = first[..i]
                .rsplit(|c: char| c.is_whitespace() || c == '(')
                .next()
                .unwrap_or("");
            next.is_some_and(char::is_uppercase) && word.chars().count() > 1
        });
        Some(match end {
            Some(i) => first[..=i].to_string(),
            None => first.clone(),
        })
    }
}

/// The board: size and holes.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// Files and ranks.
    pub dims: Dimensions,
    /// Squares that exist (the full rectangle minus holes).
    pub squares: SquareSet,
}

/// An ordered list of squares a piece may ride along (`path ring = a1-h1-h8-a8 cyclic`).
#[derive(Clone, Debug, Serialize)]
pub struct PathDef {
    /// The squares in order; consecutive squares are adjacent (orthogonally or diagonally).
    pub squares: Vec<Square>,
    /// Whether the last square connects back to the first.
    pub cyclic: bool,
}

impl PathDef {
    /// The most steps one ride along the path can take: to its far end, or (cyclic) once round
    /// to the square before the start.
    pub fn max_steps(&self) -> usize {
        self.squares.len().saturating_sub(1)
    }

    /// Whether some step of the path, taken one way or the other, goes in `way` (for either
    /// player: a step one player takes forward, the other takes backward).
    pub fn has_step(&self, dims: Dimensions, way: RideDirection) -> bool {
        let n = self.squares.len();
        let closing = usize::from(self.cyclic && n > 2);
        (0..n.saturating_sub(1) + closing).any(|i| {
            let dr = step_rank(dims, self.squares[i], self.squares[(i + 1) % n]);
            match way {
                RideDirection::Sideways => dr == 0,
                RideDirection::Forward | RideDirection::Backward => dr != 0,
            }
        })
    }

    /// The lines a `ride` along this path follows for `player` from `from`, nearest square
    /// first: one each way from where `from` lies on the path (none when it is not on it), cut
    /// at the ride's step limit and at the first step that does not go the ride's way. Empty
    /// lines are left out.
    pub fn lines_from(
        &self,
        dims: Dimensions,
        from: Square,
        player: Player,
        ride: &PathRide,
    ) -> Vec<Vec<Square>> {
        let n = self.squares.len();
        let limit = ride.limit.map_or(usize::MAX, usize::from);
        let mut out = Vec::new();
        for (i, _) in self.squares.iter().enumerate().filter(|(_, s)| **s == from) {
            for dir in [1isize, -1] {
                let mut line = Vec::new();
                let (mut j, mut at) = (i as isize, from);
                while line.len() < limit {
                    j += dir;
                    if self.cyclic {
                        j = j.rem_euclid(n as isize);
                    } else if j < 0 || j >= n as isize {
                        break;
                    }
                    let s = self.squares[j as usize];
                    if s == from {
                        break;
                    }
                    if let Some(way) = ride.direction {
                        let dr = step_rank(dims, at, s);
                        let dr = if player == Player::First { dr } else { -dr };
                        let goes = match way {
                            RideDirection::Forward => dr > 0,
                            RideDirection::Backward => dr < 0,
                            RideDirection::Sideways => dr == 0,
                        };
                        if !goes {
                            break;
                        }
                    }
                    line.push(s);
                    at = s;
                }
                if !line.is_empty() {
                    out.push(line);
                }
            }
        }
        out
    }
}

/// The ranks one step from `a` to `b` goes up the board.
fn step_rank(dims: Dimensions, a: Square, b: Square) -> i32 {
    i32::from(dims.rank(b)) - i32::from(dims.rank(a))
}

/// A declared path, by its place in [`RuleSet::paths`], as a ride names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PathId(pub u16);

/// One piece kind.
#[derive(Clone, Debug, Serialize)]
pub struct PieceDef {
    /// Display name, unique (`piece Knight N`).
    pub name: String,
    /// FEN letter as the first player writes it: one upper-case ASCII letter, optionally prefixed by `+`
    /// (`"N"`, `"+P"`). The second player writes it in lower case.
    pub letter: String,
    /// Move rules; a move is available when any rule provides it.
    pub moves: Vec<MoveRule>,
    /// Paths this piece may ride along (in both directions) when it stands on them.
    pub rides: Vec<PathRide>,
    /// Whether this kind is royal (check, checkmate, capture-the-royal).
    pub royal: bool,
    /// `royal when-last`: a piece of this royal kind is royal only while its side has no other
    /// piece of the kind (sho shogi's crown prince; Fairy-Stockfish's `extinctionPseudoRoyal`).
    #[serde(default)]
    pub royal_when_last: bool,
    /// `royal when-last with KIND`: the side's pieces of KIND count as this kind's (sho shogi's
    /// crown prince and king: neither is royal while the side has both).
    #[serde(default)]
    pub royal_counted_with: Option<PieceKind>,
    /// `turned`: the second player's moves are the first player's turned through 180 degrees
    /// (its left is the first player's right) instead of mirrored top to bottom. Only a piece
    /// that is not left-right symmetric moves differently (Fairy-Stockfish turns every piece).
    #[serde(default)]
    pub turned: bool,
    /// `moves ... first-move`: more moves the piece has while it holds its first-move right
    /// (Cambodian chess's king and queen).
    #[serde(default)]
    pub first_move: Option<FirstMove>,
    /// Where the piece may stand.
    pub confinement: Confinement,
    /// How it promotes, if at all.
    pub promotion: Option<Promotion>,
    /// The kind that goes to the captor's hand when this piece is captured (demotion / conversion):
    /// `captured as` in the definition, else the kind it promoted from, else itself.
    pub captured_as: PieceKind,
    /// The material value the designer gave (`value 3.5`), in centipawns; `None`: the search
    /// derives it from the moves.
    #[serde(default)]
    pub value: Option<i32>,
    /// How pictures draw the piece (`glyph "♞"`); `None`: its letter.
    #[serde(default)]
    pub glyph: Option<ByPlayer<Glyph>>,
}

/// Most characters in a text glyph (`glyph "♞"`, `glyph "龍王"`).
pub const MAX_GLYPH_CHARS: usize = 4;

/// How pictures draw a piece of one player, from `glyph` in its definition.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Glyph {
    /// Characters drawn on the piece: a chess figurine (`♞`), a Chinese character (`車`).
    Text(String),
    /// A picture from an SVG file beside the definition, sanitised (shapes only, see
    /// [`SvgGlyph`]).
    Svg(SvgGlyph),
}

/// An SVG picture of a piece, as the compiler kept it: plain shapes (paths, circles, ...,
/// groups) with presentation attributes; no scripts, links, styles, text or references.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SvgGlyph {
    /// The picture's view box: min x, min y, width, height.
    pub view_box: [f32; 4],
    /// The shapes, as SVG markup (every attribute value escaped by the compiler).
    pub body: String,
}

/// A declared zone, by its place in [`RuleSet::zones`]: the identity a rule carries from the
/// compiler to the front ends, so that nothing matches square sets back to names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ZoneId(pub u16);

/// A declared zone as a rule names it: as declared (`in own_half`) or as the other player sees
/// it (`in enemy own_half`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ZoneRef {
    /// The zone.
    pub zone: ZoneId,
    /// Named with `enemy`: each player's squares are the other's.
    pub enemy: bool,
}

/// A group of move patterns from one `moves` statement, with the conditions that apply to all of them.
#[derive(Clone, Debug, Serialize)]
pub struct MoveRule {
    /// The Betza text as written, for display.
    pub betza: String,
    /// The parsed patterns, seen from the first player.
    pub patterns: Vec<MovePattern>,
    /// Available only while the piece stands in these squares (`moves sW in enemy own_half`).
    pub only_in: Option<PlayerSquares>,
    /// The declared zone `only_in` names, when the rule names one (`None` for squares written out).
    #[serde(default)]
    pub zone: Option<ZoneRef>,
    /// If set, every move of this rule must capture a piece of one of these kinds (`capturing General`).
    pub capturing: Option<Vec<PieceKind>>,
    /// Exempt from the piece's confinement (`unconfined`): the Octal General may cross the river to capture.
    pub unconfined: bool,
    /// The squares this rule's quiet moves pass may be taken en passant on the next move, from
    /// any square (`sets-en-passant`), as after an initial (`i`) move: torpedo's double step.
    #[serde(default)]
    pub sets_en_passant: bool,
    /// Kinds this rule's moves may not hop over or jump (`not-over Cannon`: the janggi cannon).
    pub not_over: Vec<PieceKind>,
    /// Kinds this rule's moves may not capture (`not-capturing Cannon`).
    pub not_capturing: Vec<PieceKind>,
}

/// A `moves` line with `first-move`: moves a piece may make only while it holds its first-move
/// right, which it has on its start square and loses when it moves or is captured. The rights
/// are written in the FEN's castling field by file, as Fairy-Stockfish writes its gates
/// (Cambodian chess: `DEde`). They never capture, so they are not attacks.
#[derive(Clone, Debug, Serialize)]
pub struct FirstMove {
    /// The moves.
    pub rule: MoveRule,
    /// `not-in-check`: not while the side is in check.
    pub not_in_check: bool,
    /// `lost-when-aimed-by KIND, ...`: an enemy move of one of these kinds that ends where the
    /// moved piece's moves would reach this one on an empty board takes the right away (a rook
    /// on the king's file or rank in Cambodian chess, whatever stands between).
    pub lost_by: Vec<PieceKind>,
}

/// One `rides` statement: along any of `paths`, in both directions, from wherever the piece
/// stands on one of them, with the statement's limit, direction and hopping.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathRide {
    /// The paths ridden, in the order written.
    pub paths: Vec<PathId>,
    /// `up-to N`: at most this many steps; `None` rides as far as the path goes.
    #[serde(default)]
    pub limit: Option<u8>,
    /// `forward`, `backward`, `sideways`: only steps going that way (for the piece's owner).
    #[serde(default)]
    pub direction: Option<RideDirection>,
    /// `hopping`: must pass exactly one piece (the screen, either side) before landing, like a
    /// cannon; without it the squares passed must be empty.
    #[serde(default)]
    pub hopping: bool,
    /// Kinds that may not be the screen of a hopping ride (`not-over Cannon`).
    #[serde(default)]
    pub not_over: Vec<PieceKind>,
    /// Kinds the ride may not capture (`not-capturing Cannon`).
    #[serde(default)]
    pub not_capturing: Vec<PieceKind>,
}

/// Which way every step of a path ride must go, seen by the piece's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum RideDirection {
    /// Towards the opponent's side (up the board for the first player).
    Forward,
    /// Towards the owner's own side.
    Backward,
    /// Along a rank.
    Sideways,
}

impl RideDirection {
    /// The word the language writes it with.
    pub fn word(self) -> &'static str {
        match self {
            RideDirection::Forward => "forward",
            RideDirection::Backward => "backward",
            RideDirection::Sideways => "sideways",
        }
    }
}

/// Where a piece may stand.
#[derive(Clone, Debug, Default, Serialize)]
pub enum Confinement {
    /// Anywhere on the board.
    #[default]
    None,
    /// Never leaves these squares (`confined palace`).
    Within(PlayerSquares),
    /// Stays in whichever of these regions it stands in (`confined own_half | enemy_half`).
    /// A piece standing in none of them is not confined.
    Regions(Vec<PlayerSquares>),
}

/// One concrete way to move, as seen from the first player; mirrored for the second.
/// Produced from Betza by [`crate::parse_betza`]; direction modifiers are already resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovePattern {
    /// The legs in order; a plain move has one leg. Lame leapers are two or more legs
    /// (`nN` = a `W` step that must be empty, then an `F` step outward).
    pub legs: Vec<Leg>,
    /// `i`: only from the piece's initial squares (where its kind stands for its player in the start position).
    pub initial: bool,
    /// `e`: a capturing final leg may capture en passant.
    pub en_passant: bool,
    /// The squares its quiet move passes may be taken en passant next: an `i` move, or any move
    /// of a `sets-en-passant` line (set when the line is compiled).
    pub passable: bool,
    /// `k`: the move may only capture a royal piece.
    pub royal_only: bool,
    /// Byte range of the component in the Betza text, for display and diagnostics.
    pub span: (usize, usize),
}

/// Whether a list of patterns is its own mirror image left to right: then turning the second
/// player's moves through 180 degrees (`turned`) gives the same moves as mirroring them.
pub(crate) fn left_right_symmetric(patterns: &[MovePattern]) -> bool {
    // Each pattern as text without its span, its legs' files negated or not.
    let shapes = |flip: bool| {
        let mut v: Vec<String> = patterns
            .iter()
            .map(|p| {
                let legs: Vec<Leg> = p
                    .legs
                    .iter()
                    .map(|l| Leg {
                        step: Offset::new(if flip { -l.step.df } else { l.step.df }, l.step.dr),
                        ..*l
                    })
                    .collect();
                format!(
                    "{legs:?} {} {} {} {}",
                    p.initial, p.en_passant, p.passable, p.royal_only
                )
            })
            .collect();
        v.sort();
        v
    };
    shapes(false) == shapes(true)
}

/// One leg of a move: `steps` repeated `range` times in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Leg {
    /// One step, from the first player's view.
    pub step: Offset,
    /// Fewest steps the leg may take (1 for ordinary leaps and rides).
    pub min: u8,
    /// Most steps; [`Leg::UNLIMITED`] for an unlimited rider. A leaper has `min == max == 1`.
    pub max: u8,
    /// What the leg may do where it lands and on the way.
    pub mode: LegMode,
}

impl PieceDef {
    /// Whether every move rule of the piece is its own mirror image left to right
    /// (the free function `left_right_symmetric`).
    pub fn left_right_symmetric(&self) -> bool {
        self.moves.iter().all(|m| left_right_symmetric(&m.patterns))
    }
}

impl Leg {
    /// `max` of an unlimited rider.
    pub const UNLIMITED: u8 = u8::MAX;
}

/// What a leg may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LegMode {
    /// May end on an empty square (`m`).
    pub to_empty: bool,
    /// May end on an enemy piece and capture it (`c`). On a non-final leg: locust capture, the move continues.
    pub to_enemy: bool,
    /// May end on a piece of either side without capturing it and continue (`p` on a non-final leg).
    pub over_piece: bool,
    /// How the leg passes pieces on its way (for riders).
    pub hop: Hop,
}

/// How a rider leg treats the pieces it meets before its landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Hop {
    /// The squares passed must be empty.
    None,
    /// `p`: must pass exactly one piece (the screen, either side, not captured), anywhere before landing.
    Screen,
    /// `g`: must land on the square directly beyond the first piece met.
    Grasshopper,
}

/// Promotion of one kind.
#[derive(Clone, Debug, Serialize)]
pub struct Promotion {
    /// The kinds it may become; the mover chooses when there are several.
    pub to: Vec<PieceKind>,
    /// The zone, per player.
    pub zone: PlayerSquares,
    /// When it happens.
    pub mode: PromotionMode,
}

/// When promotion happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PromotionMode {
    /// Shogi style: may promote when the move starts or ends in the zone; forced where the
    /// unpromoted piece would have no move from its destination.
    Optional,
    /// Must promote when the move ends in the zone (chess pawn, XQ-heavy crossing the river).
    Forced,
    /// Must promote when the move starts or ends in the zone (chak's warriors and king).
    ForcedStartOrEnd,
    /// Never by an ordinary move: instead of moving, a piece standing in the zone (or the
    /// player's only piece of its kind, anywhere) turns into a target kind on its own square or
    /// on an empty square that kind attacks from there, unless the new piece would attack an
    /// enemy piece or the move would give check (sittuyin's pawn).
    InPlace,
}

impl Default for DropRules {
    fn default() -> Self {
        DropRules {
            to_hand: Vec::new(),
            zones: Vec::new(),
            must_have_move: false,
            one_per_file: Vec::new(),
            per_file: 1,
            no_drop_mate: Vec::new(),
            drop_promoted: Vec::new(),
            must_drop: false,
            no_check: false,
            gravity: false,
            enclosing: false,
            adjacent: false,
            apart: false,
            opening: None,
            unlimited: Vec::new(),
            promote_after_move: None,
        }
    }
}

/// Captures to hand and drops.
#[derive(Clone, Debug, Serialize)]
pub struct DropRules {
    /// Kinds that go to the captor's hand (after `captured_as`). Empty: captured pieces leave the game.
    pub to_hand: Vec<PieceKind>,
    /// Where each kind may be dropped, indexed by kind; `None` means every empty square.
    pub zones: Vec<Option<PlayerSquares>>,
    /// A dropped piece must have a move from its square on an otherwise empty board.
    pub must_have_move: bool,
    /// Kinds of which a player may not have two (unpromoted) on one file after a drop (shogi nifu),
    /// or more than `per_file`.
    pub one_per_file: Vec<PieceKind>,
    /// `per-file N`: how many of a `one_per_file` kind a file may hold before drops there stop
    /// (1 for `one-per-file`; 0: the kind is never dropped).
    pub per_file: u8,
    /// Kinds that may not be dropped to give checkmate (shogi uchifuzume).
    pub no_drop_mate: Vec<PieceKind>,
    /// `drop-promoted`: kinds in hand that may also be dropped as a kind they promote to (Kyoto
    /// shogi: either face up).
    #[serde(default)]
    pub drop_promoted: Vec<PieceKind>,
    /// `must-drop`: while a side has pieces in hand it must drop one instead of moving (the setup
    /// phase of sittuyin and placement chess).
    #[serde(default)]
    pub must_drop: bool,
    /// `no-check`: a drop may not give check (xiangqi house).
    #[serde(default)]
    pub no_check: bool,
    /// `gravity`: a drop only on the first rank or on top of an occupied square (connect four).
    #[serde(default)]
    pub gravity: bool,
    /// `enclosing`: a drop must turn over at least one line of enemy pieces (reversi).
    #[serde(default)]
    pub enclosing: bool,
    /// `adjacent`: a drop only next to a piece of the dropping side (ataxx).
    #[serde(default)]
    pub adjacent: bool,
    /// `apart`: a drop never orthogonally next to an enemy piece (snort).
    #[serde(default)]
    pub apart: bool,
    /// `opening ZONE`: while a square of the player's part of ZONE is empty, drops go only there.
    #[serde(default)]
    pub opening: Option<PlayerSquares>,
    /// `unlimited KIND, ...`: kinds dropped from a supply that never runs out (not counted in
    /// the hand).
    #[serde(default)]
    pub unlimited: Vec<PieceKind>,
    /// A piece dropped here promotes at the end of its next move (Shoxiang 108 beyond the river).
    pub promote_after_move: Option<PlayerSquares>,
}

/// Result of the game from the point of view of the player it happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// That player wins.
    Win,
    /// That player loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// This player wins, whichever side the rule happens to (`win for Black`).
    WonBy(Player),
}

impl Outcome {
    /// The same outcome seen from the other side: a win becomes a loss and the reverse; a draw,
    /// or a named player's win, stays.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            o => o,
        }
    }
}

/// How check works when a side has royal pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RoyalRule {
    /// No move may leave a royal attacked; checkmate ends the game (default).
    Check,
    /// Several royals with duple check: a move is legal when at least one royal is not attacked after it.
    /// With one royal left this is ordinary check.
    Duple,
    /// No check rule: royals may be left en prise; the side that loses its last royal loses.
    Capture,
}

/// Royalty and the end of the game.
#[derive(Clone, Debug, Serialize)]
pub struct GameEnd {
    /// How check works.
    pub royal_rule: RoyalRule,
    /// Royal pieces may not face each other on a file with nothing between (flying general).
    pub facing: bool,
    /// The result for the side to move when it has no legal move and is not in check.
    pub stalemate: Outcome,
    /// `stalemate RESULT by-count`: `stalemate` holds for a stalemated side with fewer pieces on
    /// the board than the other, the opposite for one with more; as many is a draw.
    #[serde(default)]
    pub stalemate_by_count: bool,
    /// The result for the side checkmated (normally a loss).
    pub checkmate: Outcome,
    /// `repetition N SCORE`: the N-th occurrence of a position ends the game (score for the side to move).
    pub repetition: Option<(u8, Outcome)>,
    /// `... perpetual-check SCORE`: when the repetition ends the game and one side gave check with
    /// every one of its moves since the repeated position first stood, that side gets SCORE.
    pub perpetual_check: Option<Outcome>,
    /// `move-limit N SCORE [resets KIND, ...]`: the game ends after N moves by each side (2N plies)
    /// without a capture, a drop or a move of one of the listed kinds.
    pub move_limit: Option<MoveLimit>,
    /// `facing ends SCORE`: royals may face each other; the side to move must then break the line
    /// (or pass); if the line still stands after its move, the game ends, SCORE for the side to move.
    pub facing_ends: Option<Outcome>,
    /// `pass`: a side may pass instead of moving (not while in check).
    pub pass: Option<PassRule>,
    /// `bare-royal SCORE`: a side left with only royal pieces gets SCORE, unless its move can
    /// leave the other side bare too.
    pub bare_royal: Option<Outcome>,
    /// `extinction KIND, ... | all [down-to N] [RESULT]`: one rule per kind counted (or one for
    /// every piece together); a side left with too few gets the rule's result.
    pub extinction: Vec<Extinction>,
    /// `goal KIND, ... | any in ZONE [count N [or-full]] [safe] [reply | held]`: a side whose
    /// pieces of those kinds stand in the zone wins.
    pub goal: Option<Goal>,
    /// `check-limit N`: the side that gives its N-th check wins.
    pub check_limit: Option<u8>,
    /// `castling-wins`: per player, the sides (king side, queen side) whose castling wins; a
    /// player with a side named who can no longer castle to any side named loses.
    #[serde(default)]
    pub castling_wins: Option<ByPlayer<[bool; 2]>>,
    /// `connect N ...`: N of a side's pieces in a row end the game.
    #[serde(default)]
    pub connect: Option<Connect>,
    /// `no-check`: a move may not give check.
    pub no_check: bool,
    /// `must-capture`: when the side to move has a legal capture, only captures are legal.
    #[serde(default)]
    pub must_capture: bool,
    /// `checked-royal takes-only`: a royal piece in check may move only to take the single
    /// piece giving check (Fairy-Stockfish's `makpongRule`).
    #[serde(default)]
    pub checked_royal_takes_only: bool,
    /// `explosions [spare KIND, ...] [immune KIND, ...]`: a capture blows up the capturer and
    /// the pieces on the eight squares around the square of the capture.
    pub explosions: Option<Explosions>,
    /// `petrify KIND, ...`: a capturing piece of these kinds (as it stands after the move) turns
    /// to stone: it leaves the board and a wall stands on its square.
    #[serde(default)]
    pub petrify: Vec<PieceKind>,
    /// `full-board [RESULT]`: a move that leaves no empty square ends the game, RESULT for the
    /// side to move.
    #[serde(default)]
    pub board_full: Option<Outcome>,
    /// `draws by-count`: an end scored a draw goes instead to the side with more pieces on the
    /// board (still a draw when they have as many).
    #[serde(default)]
    pub draws_by_count: bool,
    /// `counting ...`: South-East Asian counting, a draw when the count of an ending passes its
    /// limit.
    #[serde(default)]
    pub counting: Option<Counting>,
}

/// `counting [without KIND, ...] [board N] [bare [M] KIND L, ..., [else L]] [from-pieces]`:
/// makruk's and ASEAN chess's counting. While no piece of the `without` kinds stands on the
/// board, the side to move starts a count when it may (see [`Counting::limit`]); the game is
/// drawn once the count passes the limit, unless the side to move is checkmated. A count that
/// runs goes on; it starts again when the side to move is left bare by a capture or promotion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counting {
    /// No count while a piece of one of these kinds stands on the board (makruk's pawns).
    pub without: Vec<PieceKind>,
    /// `board N`: a side with more than one piece counts to N moves (the board's honour); 0
    /// without.
    pub board: u16,
    /// `board N up-to M`: the board's honour only for a side with at most M pieces, and no
    /// count at all for a side with more (Cambodian chess: 3).
    #[serde(default)]
    pub board_up_to: Option<u8>,
    /// `bare without KIND, ...`: no pieces' honour while a piece of these kinds stands on the
    /// board (Cambodian chess's pawns, which do not stop the board's honour).
    #[serde(default)]
    pub bare_without: Vec<PieceKind>,
    /// `bare ...`: a side with a single piece counts to the limit of the first row whose kind
    /// the opponent has at least that many of (the pieces' honour).
    pub bare: Vec<CountRow>,
    /// `else N`: the limit when no row applies (0: no count).
    pub otherwise: u16,
    /// `from-pieces`: a bare side's count starts at the number of pieces on the board, and a
    /// bare side that takes the last `without` piece starts its count at once (makruk's rules;
    /// without it a count starts at 0, as ASEAN chess's does).
    pub from_pieces: bool,
}

/// One row of `bare`: `[M] KIND L`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountRow {
    /// How many of the kind the opponent has at least (1 when not written).
    pub at_least: u8,
    /// The kind.
    pub kind: PieceKind,
    /// The limit in moves.
    pub limit: u16,
}

impl Counting {
    /// The limit in moves that `side` counts to, from how many pieces each side has and how
    /// many of each kind the opponent has; 0: no count for that side now.
    /// `blocked`: a `without` piece stands on the board; `bare_blocked`: a `bare without` one.
    pub fn limit(
        &self,
        (blocked, bare_blocked): (bool, bool),
        own_pieces: usize,
        their_pieces: usize,
        their_count: impl Fn(PieceKind) -> usize,
    ) -> u16 {
        if blocked || their_pieces <= 1 {
            return 0;
        }
        if self
            .board_up_to
            .is_some_and(|m| own_pieces > usize::from(m))
        {
            return 0;
        }
        if own_pieces > 1 {
            return self.board;
        }
        if bare_blocked {
            return 0;
        }
        self.bare
            .iter()
            .find(|r| their_count(r.kind) >= usize::from(r.at_least))
            .map_or(self.otherwise, |r| r.limit)
    }
}

/// `connect N [horizontal] [vertical] [diagonal] [of KIND, ...] [RESULT]` (Fairy-Stockfish's
/// `connectN`): the side that has just moved with N of its pieces of the kinds in a row, on
/// adjacent squares along one of the lines, gets `score`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Connect {
    /// How many in a row (2..=16); 0 for a chain between two zones only.
    pub n: u8,
    /// Along ranks.
    pub horizontal: bool,
    /// Along files.
    pub vertical: bool,
    /// Along both diagonals.
    pub diagonal: bool,
    /// The kinds that count; empty: every kind.
    pub kinds: Vec<PieceKind>,
    /// `square M`: an M x M block of them (along ranks and files) counts too (teeko).
    #[serde(default)]
    pub square: Option<u8>,
    /// `gaps`: N of them anywhere on one line count, whatever stands between (three musketeers).
    #[serde(default)]
    pub gaps: bool,
    /// `connect ZONE to ZONE`: a chain of them, each next to the last along the lines, from
    /// the first zone to the second (per player; gale's edges).
    #[serde(default)]
    pub regions: Option<(PlayerSquares, PlayerSquares)>,
    /// The result for the side that connects.
    pub score: Outcome,
}

/// What a capture blows up (`explosions`; Fairy-Stockfish's `blastOnCapture`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explosions {
    /// Kinds a blast leaves standing on the squares around the capture (the capturer, on the
    /// square of the capture, still goes): the pawns of atomic chess.
    pub spare: Vec<PieceKind>,
    /// Kinds no blast removes, the capturer included (`blastImmuneTypes`).
    pub immune: Vec<PieceKind>,
}

/// One count of `extinction`: a side that has at most `down_to` of what it counts, on the board
/// and in hand, gets `score` (Fairy-Stockfish's `extinctionPieceTypes`, `extinctionPieceCount`
/// and `extinctionValue`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Extinction {
    /// What is counted: one kind, or every piece of the side.
    pub counted: Counted,
    /// The count at or below which the rule applies (0: none left).
    pub down_to: u8,
    /// The result for the side left with too few.
    pub score: Outcome,
}

/// What an extinction rule counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Counted {
    /// The side's pieces of this kind.
    Kind(PieceKind),
    /// All the side's pieces, of every kind (`extinction all`).
    All,
}

/// The pass move (`pass [twice SCORE]`).
#[derive(Clone, Debug, Serialize)]
pub struct PassRule {
    /// Two passes in a row end the game with this score for the side to move.
    pub twice: Option<Outcome>,
    /// `pass when-stuck`: the pass is legal only when the side to move, not in check, has no
    /// other legal move (Fairy-Stockfish's `passOnStalemate`); a stalemate is then no end.
    #[serde(default)]
    pub when_stuck: bool,
}

/// Reaching a zone wins (`goal King in hill`): Fairy-Stockfish's flag rules.
///
/// A player *has reached* its goal when at least one of its pieces of the goal kinds stands in
/// its zone and either `count` of them stand there or (`or_full`) the zone has no empty square;
/// with `safe`, when exactly `count` stand there, none of them may be attacked (more than the
/// count, or a full zone with fewer, are not asked to be safe). Which side's reaching ends the
/// game, and when, is [`Goal::reply`], [`Goal::held`] and [`Goal::safe`]'s business: see
/// `Engine::ending`.
#[derive(Clone, Debug, Serialize)]
pub struct Goal {
    /// The kinds that count; `None`: a piece of any kind (`any`).
    pub kinds: Option<Vec<PieceKind>>,
    /// Where, per player.
    pub zone: PlayerSquares,
    /// `count N`: how many of them must stand in the zone (1 without it).
    pub count: u8,
    /// `or-full`: fewer than `count` also reach the goal when the zone has no empty square.
    pub or_full: bool,
    /// `safe`: the pieces that reach the goal must not be attacked (see above); the other side
    /// reaching its goal safely at the same time draws.
    pub safe: bool,
    /// `reply`: when the first player arrives, the second player still moves once; arriving too
    /// draws (racing kings).
    pub reply: bool,
    /// `held`: either side's arrival wins only if the goal is still reached after the
    /// opponent's reply (with `safe`, a safe arrival wins at once).
    pub held: bool,
}

impl Goal {
    /// Whether a piece of kind `k` counts towards the goal.
    #[inline]
    pub fn counts(&self, k: PieceKind) -> bool {
        self.kinds.as_ref().is_none_or(|ks| ks.contains(&k))
    }
}

/// The move-count rule (chess's 50-move rule).
#[derive(Clone, Debug, Serialize)]
pub struct MoveLimit {
    /// Moves per side.
    pub moves: u16,
    /// Result for the side to move when the limit is reached.
    pub score: Outcome,
    /// Kinds whose moves reset the count (chess: Pawn); captures and drops always reset it.
    pub reset_by: Vec<PieceKind>,
}

/// Castling: the king moves `king_steps` towards a rook on its rank that has not moved,
/// and the rook jumps to the square the king passed over.
#[derive(Clone, Debug, Serialize)]
pub struct Castling {
    /// The kind that castles (usually the royal).
    pub king: PieceKind,
    /// The kind it castles with.
    pub rook: PieceKind,
    /// How many files the king moves (2 in chess).
    pub king_steps: u8,
    /// `to c g`: the files the king lands on castling to the left and to the right, from
    /// wherever it and the rook stand on its rank (Chess960); the rook lands beside it, on the
    /// inner side. With it, the rooks are the position's (a FEN's file letters name them), not
    /// the start's; `king_steps` is then unused.
    #[serde(default)]
    pub to_files: Option<[u8; 2]>,
    /// `opposite`: castling to a side takes the opponent's right to castle to that side
    /// (Fairy-Stockfish's `oppositeCastling`).
    #[serde(default)]
    pub opposite: bool,
}

/// Gating (`gating in ZONE`): a piece standing in the zone with its gate right may, on its first
/// move, leave a piece from its player's hand on the square it leaves. The rights are the FEN's
/// castling field: `K`/`Q` (the king's and the rook's squares) and file letters (`B`, `c`).
#[derive(Clone, Debug, Serialize)]
pub struct Gating {
    /// Where gates may be, per player: at most one square per file, so a file letter names one.
    pub zone: PlayerSquares,
}

/// Walls (`walls RULE [in ZONE]`): after its move, the mover puts a wall on a square. A wall
/// belongs to no one: no piece moves onto it, passes it or captures it; it is a hopper's screen.
/// The FEN writes a wall as `*`.
#[derive(Clone, Debug, Serialize)]
pub struct Walls {
    /// Which squares a move's wall may take.
    pub rule: WallRule,
    /// Where each player may put walls (every square when the statement names no zone).
    pub zone: PlayerSquares,
}

/// `flip lines | adjacent [supported]`: enemy pieces an arriving piece turns into its own side's
/// (reversi, ataxx).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Flip {
    /// Which enemy pieces turn over.
    pub rule: FlipRule,
    /// `supported`: a drop turns pieces over only when it lands next to a piece of its own side.
    pub supported: bool,
}

/// Which enemy pieces an arriving piece turns over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FlipRule {
    /// `lines`: every unbroken line of enemy pieces between the arrival square and another piece
    /// of the mover's, along ranks, files and diagonals (reversi).
    Lines,
    /// `adjacent`: every enemy piece on the eight squares around the arrival square (ataxx).
    Adjacent,
}

/// Where a move's wall goes (Fairy-Stockfish's `wallingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum WallRule {
    /// `moved`: one wall, which the mover takes away and puts on another empty square (the duck
    /// of duck chess).
    Moved,
    /// `anywhere`: a new wall on any empty square (isolation).
    Anywhere,
    /// `arrow`: a new wall on a square the moved piece could move to, without capturing, from
    /// where it landed (the arrows of the game of the amazons).
    Arrow,
    /// `trail`: the square the moved piece left becomes a wall.
    Trail,
}

impl WallRule {
    /// The rule's word in the language.
    pub fn word(self) -> &'static str {
        match self {
            WallRule::Moved => "moved",
            WallRule::Anywhere => "anywhere",
            WallRule::Arrow => "arrow",
            WallRule::Trail => "trail",
        }
    }
}

/// Presentation hints from `render { ... }`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct RenderHints {
    /// Pieces stand on intersections rather than in squares.
    pub intersections: bool,
    /// Cell size in pixels.
    pub cell: Option<u32>,
    /// A river is drawn between this rank (1-based) and the next.
    pub river_after_rank: Option<u8>,
    /// Zones whose squares get palace diagonals drawn.
    pub diagonals: Vec<String>,
    /// Zone name → colour (`"#rrggbb"`).
    pub zone_colours: IndexMap<String, String>,
    /// Light square colour.
    pub light: Option<String>,
    /// Dark square colour.
    pub dark: Option<String>,
    /// The players' piece colours, when `players` declares them (`players Red "#c62828", ...`).
    pub side_colours: ByPlayer<Option<String>>,
    /// Pieces are wedges pointing at the opponent, the second player's turned round (`wedges`).
    #[serde(default)]
    pub wedges: bool,
}

impl RuleSet {
    /// The kind with this FEN letter for the first player (`"N"`, `"+P"`), if any.
    pub fn kind_by_letter(&self, letter: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(PieceKind::from_index)
    }
    /// The kind with this name, if any (case-insensitive).
    pub fn kind_by_name(&self, name: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .map(PieceKind::from_index)
    }
    /// The name a rule gives a zone: `own_half`, or `enemy own_half`.
    pub fn zone_ref_name(&self, r: ZoneRef) -> String {
        let name = self
            .zones
            .get_index(usize::from(r.zone.0))
            .map_or("a zone", |(n, _)| n.as_str());
        if r.enemy {
            format!("enemy {name}")
        } else {
            name.to_string()
        }
    }

    /// The name of a declared path (`a path` for an id the rule set does not hold).
    pub fn path_name(&self, id: PathId) -> &str {
        self.paths
            .get_index(usize::from(id.0))
            .map_or("a path", |(n, _)| n.as_str())
    }

    /// A declared path.
    pub fn path(&self, id: PathId) -> Option<&PathDef> {
        self.paths.get_index(usize::from(id.0)).map(|(_, p)| p)
    }

    /// A `rides` statement as the language writes it: `rides palace1, palace2 up-to 1 forward`.
    pub fn ride_text(&self, ride: &PathRide) -> String {
        let names: Vec<&str> = ride.paths.iter().map(|&p| self.path_name(p)).collect();
        let mut s = format!("rides {}", names.join(", "));
        if let Some(n) = ride.limit {
            s.push_str(&format!(" up-to {n}"));
        }
        if let Some(d) = ride.direction {
            s.push(' ');
            s.push_str(d.word());
        }
        if ride.hopping {
            s.push_str(" hopping");
        }
        let kinds = |ks: &[PieceKind]| {
            ks.iter()
                .map(|&k| self.piece(k).name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !ride.not_over.is_empty() {
            s.push_str(&format!(" not-over {}", kinds(&ride.not_over)));
        }
        if !ride.not_capturing.is_empty() {
            s.push_str(&format!(" not-capturing {}", kinds(&ride.not_capturing)));
        }
        s
    }

    /// The definition of a kind.
    #[inline]
    pub fn piece(&self, k: PieceKind) -> &PieceDef {
        &self.pieces[k.index()]
    }
    /// The kind numbered `index` (its place in [`RuleSet::pieces`]), if there is one.
    pub fn kind(&self, index: usize) -> Option<PieceKind> {
        (index < self.pieces.len()).then(|| PieceKind::from_index(index))
    }
    /// Every kind, in the order of [`RuleSet::pieces`].
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> {
        (0..self.pieces.len()).map(PieceKind::from_index)
    }
    /// The royal kinds.
    pub fn royal_kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .map(|(i, _)| PieceKind::from_index(i))
    }
}

/// `start "FEN" random rank N { ... }`: the first player's pieces that the start FEN puts on one
/// rank change places among those squares, within the constraints; the second player's pieces on
/// the mirror rank stand on the same files. The arrangements are numbered from 0 in a mixed radix
/// (the numbering of Chess960 by Scharnagl, generalised): each `opposite-colours` kind in order
/// takes a light square (the square's file and rank sum to an odd number, as b1), then a dark one;
/// then every other kind not in `between`, in the order the definition declares them, takes one of
/// the combinations of the squares still free (in lexical order of their files); last, the
/// `between` kinds fill the squares left: one outer piece, the inner pieces, the outer ones.
#[derive(Clone, Debug, Serialize)]
pub struct RandomStart {
    /// The rank (from 0) of the first player's pieces.
    pub rank: u8,
    /// The files the start FEN fills on that rank, in order.
    pub files: Vec<u8>,
    /// The kinds standing there in the start FEN, by file.
    pub kinds: Vec<PieceKind>,
    /// `opposite-colours KIND`, in order.
    pub opposite_colours: Vec<PieceKind>,
    /// `between INNER OUTER`.
    pub between: Option<(PieceKind, PieceKind)>,
}

/// One step of the numbering: a choice among `radix` ways.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The `k`-element combinations of `0..n` in lexical order, the `index`th one.
fn combination(n: usize, k: usize, mut index: u64) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    let mut next = 0;
    for left in (1..=k).rev() {
        for c in next..n {
            // Combinations starting with `c` (the rest from the `left - 1` after it).
            let with_c = binomial((n - c - 1) as u64, (left - 1) as u64);
            if index < with_c {
                out.push(c);
                next = c + 1;
                break;
            }
            index -= with_c;
        }
    }
    out
}

/// The lexical index of a combination of `0..n` (inverse of [`combination`]).
fn combination_index(n: usize, chosen: &[usize]) -> u64 {
    let mut index = 0;
    let mut next = 0;
    let k = chosen.len();
    for (i, &c) in chosen.iter().enumerate() {
        let left = k - i;
        for skipped in next..c {
            index += binomial((n - skipped - 1) as u64, (left - 1) as u64);
        }
        next = c + 1;
    }
    index
}

impl RandomStart {
    /// Whether a square of the shuffled rank is light (file plus rank odd, as b1).
    fn light(&self, file: u8) -> bool {
        (file + self.rank) % 2 == 1
    }

    /// The kinds placed one by one after the `opposite-colours` ones: every other kind of the
    /// rank not in `between`, by kind order, with its count.
    fn free_kinds(&self) -> Vec<(PieceKind, usize)> {
        let mut kinds: Vec<PieceKind> = self.kinds.clone();
        kinds.sort();
        kinds.dedup();
        kinds
            .into_iter()
            .filter(|k| !self.opposite_colours.contains(k))
            .filter(|k| self.between.is_none_or(|(a, b)| *k != a && *k != b))
            .map(|k| (k, self.kinds.iter().filter(|&&x| x == k).count()))
            .collect()
    }

    /// How many arrangements there are (960 for Chess960).
    pub fn count(&self) -> u64 {
        let n = self.files.len();
        let mut free = n;
        let mut total = 1u64;
        let lights = self.files.iter().filter(|&&f| self.light(f)).count();
        let (mut light_free, mut dark_free) = (lights, n - lights);
        for _ in &self.opposite_colours {
            total = total.saturating_mul((light_free * dark_free) as u64);
            light_free = light_free.saturating_sub(1);
            dark_free = dark_free.saturating_sub(1);
            free = free.saturating_sub(2);
        }
        for (_, c) in self.free_kinds() {
            total = total.saturating_mul(binomial(free as u64, c as u64));
            free = free.saturating_sub(c);
        }
        total
    }

    /// The kinds by file (as [`RandomStart::files`]) of arrangement `number`, or `None` past the
    /// last.
    pub fn arrangement(&self, number: u64) -> Option<Vec<PieceKind>> {
        if number >= self.count() {
            return None;
        }
        let mut n = number;
        let mut placed: Vec<Option<PieceKind>> = vec![None; self.files.len()];
        let mut digit = |radix: usize| {
            let d = n % radix.max(1) as u64;
            n /= radix.max(1) as u64;
            d as usize
        };
        for &k in &self.opposite_colours {
            for want_light in [true, false] {
                let spots: Vec<usize> = (0..self.files.len())
                    .filter(|&i| placed[i].is_none() && self.light(self.files[i]) == want_light)
                    .collect();
                let i = spots[digit(spots.len())];
                placed[i] = Some(k);
            }
        }
        for (k, c) in self.free_kinds() {
            let spots: Vec<usize> = (0..self.files.len())
                .filter(|&i| placed[i].is_none())
                .collect();
            let ways = binomial(spots.len() as u64, c as u64) as usize;
            for j in combination(spots.len(), c, digit(ways) as u64) {
                placed[spots[j]] = Some(k);
            }
        }
        if let Some((inner, outer)) = self.between {
            let spots: Vec<usize> = (0..self.files.len())
                .filter(|&i| placed[i].is_none())
                .collect();
            let inners = self.kinds.iter().filter(|&&x| x == inner).count();
            for (j, &i) in spots.iter().enumerate() {
                placed[i] = Some(if (1..=inners).contains(&j) {
                    inner
                } else {
                    outer
                });
            }
        }
        placed.into_iter().collect()
    }

    /// The number of an arrangement (the kinds by file), if it is one of them.
    pub fn number_of(&self, kinds: &[PieceKind]) -> Option<u64> {
        if kinds.len() != self.files.len() {
            return None;
        }
        let mut taken = vec![false; kinds.len()];
        let mut digits: Vec<(u64, u64)> = Vec::new();
        for &k in &self.opposite_colours {
            for want_light in [true, false] {
                let spots: Vec<usize> = (0..kinds.len())
                    .filter(|&i| !taken[i] && self.light(self.files[i]) == want_light)
                    .collect();
                let at = spots.iter().position(|&i| kinds[i] == k)?;
                taken[spots[at]] = true;
                digits.push((at as u64, spots.len() as u64));
            }
        }
        for (k, c) in self.free_kinds() {
            let spots: Vec<usize> = (0..kinds.len()).filter(|&i| !taken[i]).collect();
            let chosen: Vec<usize> = (0..spots.len()).filter(|&j| kinds[spots[j]] == k).collect();
            if chosen.len() != c {
                return None;
            }
            for &j in &chosen {
                taken[spots[j]] = true;
            }
            digits.push((
                combination_index(spots.len(), &chosen),
                binomial(spots.len() as u64, c as u64),
            ));
        }
        let number = digits
            .iter()
            .rev()
            .fold(0u64, |acc, &(d, radix)| acc * radix + d);
        (self.arrangement(number)? == kinds).then_some(number)
    }
}
