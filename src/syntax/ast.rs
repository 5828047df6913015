//! The AST: every statement of a definition file, each name, number and string with its span.

use std::ops::Deref;

/// Index of a source file in the compiler's file table (the root file is 0, parents follow).
pub(crate) type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The file the range belongs to.
    pub file: FileId,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span in `file` from `start` to `end`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start, end }
    }
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    /// Whether the span covers no bytes (a position).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The smallest span covering both (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
    /// A sub-range given in offsets relative to this span's start.
    pub fn sub(self, start: usize, end: usize) -> Span {
        Span {
            file: self.file,
            start: self.start + start,
            end: self.start + end.max(start),
        }
    }
}

/// A value with the span of the text it was read from. Derefs to the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps a value with its span.
    pub(crate) fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}

/// A name as written (`Knight`, `palace`).
pub(crate) type Name = Spanned<String>;

/// A number as written; saturates at `u64::MAX` so range checks can report absurd values.
pub(crate) type Number = Spanned<u64>;

/// One parsed definition file: its statements in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Definition {
    /// The statements, in file order.
    pub statements: Vec<Spanned<Statement>>,
}

/// A top-level statement.
#[derive(Clone, Debug)]
pub(crate) enum Statement {
    /// `variant "NAME"`.
    Variant(Spanned<String>),
    /// `extends "FILE"`.
    Extends(Spanned<String>),
    /// `description "TEXT" ...`: the designer's introduction, one string per piece of text.
    Description(Vec<Spanned<String>>),
    /// `author "NAME"`: who made the variant.
    Author(Spanned<String>),
    /// `link "URL"`: where the variant comes from.
    Link(Spanned<String>),
    /// `board FxR`.
    Board {
        /// Number of files.
        files: Number,
        /// Number of ranks.
        ranks: Number,
    },
    /// `holes ZONE`.
    Holes(ZoneExpr),
    /// `players A ["#colour"], B ["#colour"]`.
    Players(PlayerDecl, PlayerDecl),
    /// `zone NAME = ...`.
    Zone(ZoneDecl),
    /// `path NAME = SQ-SQ-... [cyclic]`.
    Path(PathDecl),
    /// `piece NAME LETTER { ... }`.
    Piece(PieceDecl),
    /// `drops { ... }`.
    Drops(Vec<Spanned<DropItem>>),
    /// `royal-rule check|duple|capture`.
    RoyalRule(Spanned<RoyalRuleName>),
    /// `facing`.
    Facing,
    /// `stalemate RESULT`.
    Stalemate(Spanned<ScoreName>, bool),
    /// `checkmate RESULT`.
    Checkmate(Spanned<ScoreName>),
    /// `repetition N RESULT [perpetual-check RESULT]`.
    Repetition {
        /// Occurrence that ends the game.
        count: Number,
        /// Result for the side to move.
        score: Spanned<ScoreName>,
        /// Result for a side that gave check with every one of its moves in the repetition.
        perpetual_check: Option<Spanned<ScoreName>>,
    },
    /// `move-limit N RESULT [resets KIND, ...]`.
    MoveLimit {
        /// Moves per side.
        moves: Number,
        /// Result for the side to move.
        score: Spanned<ScoreName>,
        /// Kinds whose moves reset the count.
        resets: Vec<Name>,
    },
    /// `castling KING ROOK [STEPS | to FILE FILE]`.
    Castling {
        /// The kind that castles.
        king: Name,
        /// The kind it castles with.
        rook: Name,
        /// Files the king moves.
        steps: Option<Number>,
        /// `to c g`: the files the king lands on castling to the left and to the right, from
        /// wherever it stands (the rook lands beside it, on the inner side).
        to: Option<(Spanned<u8>, Spanned<u8>)>,
        /// `opposite`: castling to a side takes the opponent's right to castle to that side.
        opposite: bool,
    },
    /// `gating in ZONE`: a piece leaving a square of ZONE for the first time may leave a piece
    /// from its player's hand there.
    Gating(ZoneExpr),
    /// `en-passant in ZONE`: a double step sets en passant only when the square it passes is in
    /// the mover's part of ZONE.
    EnPassant(ZoneExpr),
    /// `start "FEN" [random rank N { ... }]`; the string's span is the text between the quotes.
    Start(Spanned<String>, Option<RandomStart>),
    /// `facing ends RESULT`: facing royals end the game unless the side to move breaks the line.
    FacingEnds(Spanned<ScoreName>),
    /// `pass [twice RESULT]`: a side may pass; two passes in a row may end the game.
    /// `pass when-stuck` (the `bool`): a side passes only when it has no legal move.
    Pass(Option<Spanned<ScoreName>>, bool),
    /// `bare-royal RESULT`: the result for a side left with only royal pieces.
    BareRoyal(Spanned<ScoreName>),
    /// `extinction KIND, ... | all [down-to N] [RESULT]`: a side left with at most N pieces of
    /// one of these kinds (or N pieces in all) gets RESULT.
    Extinction {
        /// The kinds counted, each on its own (empty with `all`).
        kinds: Vec<Name>,
        /// `all`: every piece of the side is counted together; the span of the word.
        all: Option<Span>,
        /// `down-to N`: the count at or below which the rule applies (0 without it).
        down_to: Option<Number>,
        /// The result for that side (a loss without it).
        score: Option<Spanned<ScoreName>>,
    },
    /// `goal KIND, ... | any in ZONE [count N [or-full]] [safe] [reply | held] [for PLAYER]`: a side whose
    /// pieces of these kinds reach ZONE wins.
    Goal {
        /// The kinds that count (empty with `any`).
        kinds: Vec<Name>,
        /// `any`: a piece of any kind counts; the span of the word.
        any: Option<Span>,
        /// The zone, player-relative.
        zone: ZoneExpr,
        /// `count N`: how many must stand in the zone (1 without it).
        count: Option<Number>,
        /// `or-full`: fewer than the count also win when the zone has no empty square left.
        or_full: Option<Span>,
        /// `safe`: the pieces in the zone must not be attacked.
        safe: Option<Span>,
        /// `reply`: the second player may answer the first player's arrival by arriving too (a draw).
        reply: Option<Span>,
        /// `held`: an arrival wins only if it still stands after the opponent's reply.
        held: Option<Span>,
        /// `for PLAYER`: only that player has the goal.
        player: Option<Name>,
    },
    /// `check-limit N`: giving the N-th check wins.
    CheckLimit(Number),
    /// `castling-wins kingside|queenside, ... [for PLAYER]`: castling to a side named wins, and
    /// a player who can no longer castle to any of them loses. `true` is the king side.
    CastlingWins(Vec<Spanned<bool>>, Option<Name>),
    /// `connect N [horizontal] [vertical] [diagonal] [of KIND, ...] [RESULT]`.
    Connect {
        /// How many in a row (`None` for a chain between two zones).
        n: Option<Number>,
        /// `connect ZONE to ZONE`: the chain's two ends.
        regions: Option<(ZoneExpr, ZoneExpr)>,
        /// The lines named (`horizontal`, `vertical`, `diagonal`), spelt; none: all three.
        lines: Vec<Spanned<String>>,
        /// The kinds that count; none: every kind.
        kinds: Vec<Name>,
        /// `square M`: an M x M block of them counts too.
        square: Option<Number>,
        /// `gaps`: N on one line count, whatever stands between them.
        gaps: bool,
        /// The result for the side that connects.
        score: Option<Spanned<ScoreName>>,
    },
    /// `no-check`: a move may not give check.
    NoCheck,
    /// `must-capture`: when a capture is legal, only captures are.
    MustCapture,
    /// `checked-royal takes-only`: a royal in check moves only to take its single checker.
    CheckedRoyalTakesOnly,
    /// `explosions [spare KIND, ...] [immune KIND, ...]`: a capture removes the capturer and
    /// the pieces around the square of the capture.
    Explosions {
        /// `spare`: kinds a blast leaves standing around the capture (the capturer still goes).
        spare: Vec<Name>,
        /// `immune`: kinds no blast removes, the capturer included.
        immune: Vec<Name>,
    },
    /// `petrify KIND, ...`: a capturing piece of these kinds turns into a wall.
    Petrify(Vec<Name>),
    /// `walls moved|anywhere|arrow|trail [in ZONE]`: every move also places a wall (the rule's
    /// word, as written, with its span; the zone where walls may go).
    Walls {
        /// `moved`, `anywhere`, `arrow` or `trail`.
        rule: Spanned<String>,
        /// `in ZONE`: where walls may be placed (everywhere when left out).
        zone: Option<ZoneExpr>,
    },
    /// `promotion-limit KIND N, ...`: no promotion to KIND while the player has N of it on the board.
    PromotionLimit(Vec<(Name, Number)>),
    /// `flip lines | adjacent [supported]`: an arriving piece turns enemy pieces over (the
    /// rule's word as written, with its span; `supported`).
    Flip {
        /// `lines` or `adjacent`.
        rule: Spanned<String>,
        /// `supported`: a drop turns pieces over only next to a piece of its own side.
        supported: bool,
    },
    /// `full-board [RESULT]`: a move that fills the last empty square ends the game.
    BoardFull(Option<Spanned<ScoreName>>),
    /// `draws by-count`: an end scored a draw goes to the side with more pieces on the board.
    DrawsByCount,
    /// `counting [without KIND, ...] [board N] [bare [M] KIND L, ..., else L] [from-pieces]`.
    Counting {
        /// No count while one of these kinds stands on the board.
        without: Vec<Name>,
        /// `board N`: the limit of a side with more than one piece.
        board: Option<Number>,
        /// `board N up-to M`: only for a side with at most M pieces.
        board_up_to: Option<Number>,
        /// `bare without KIND, ...`: no pieces' honour while one of these stands on the board.
        bare_without: Vec<Name>,
        /// `bare`: rows `[M] KIND L`, in order.
        rows: Vec<(Option<Number>, Name, Number)>,
        /// `else L`.
        otherwise: Option<Number>,
        /// `from-pieces`.
        from_pieces: bool,
    },
    /// `render { ... }`.
    Render(Vec<Spanned<RenderItem>>),
}

/// One player of a `players` statement: its name and, optionally, its display colour.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PlayerDecl {
    /// The player's name (`Red`).
    pub name: Name,
    /// Its pieces' colour (`"#c62828"`), when declared.
    pub colour: Option<Spanned<String>>,
}

impl Statement {
    /// The keyword that starts the statement, for messages.
    pub(crate) fn keyword(&self) -> &'static str {
        match self {
            Statement::Variant(_) => "variant",
            Statement::Extends(_) => "extends",
            Statement::Description(_) => "description",
            Statement::Author(_) => "author",
            Statement::Link(_) => "link",
            Statement::Board { .. } => "board",
            Statement::Holes(_) => "holes",
            Statement::Players(..) => "players",
            Statement::Zone(_) => "zone",
            Statement::Path(_) => "path",
            Statement::Piece(_) => "piece",
            Statement::Drops(_) => "drops",
            Statement::RoyalRule(_) => "royal-rule",
            Statement::Facing => "facing",
            Statement::Stalemate(..) => "stalemate",
            Statement::Checkmate(_) => "checkmate",
            Statement::Repetition { .. } => "repetition",
            Statement::MoveLimit { .. } => "move-limit",
            Statement::Castling { .. } => "castling",
            Statement::Gating(_) => "gating",
            Statement::EnPassant(_) => "en-passant",
            Statement::Start(..) => "start",
            Statement::FacingEnds(_) => "facing",
            Statement::Pass(..) => "pass",
            Statement::BareRoyal(_) => "bare-royal",
            Statement::Extinction { .. } => "extinction",
            Statement::Goal { .. } => "goal",
            Statement::CheckLimit(_) => "check-limit",
            Statement::CastlingWins(..) => "castling-wins",
            Statement::Connect { .. } => "connect",
            Statement::NoCheck => "no-check",
            Statement::MustCapture => "must-capture",
            Statement::CheckedRoyalTakesOnly => "checked-royal",
            Statement::Explosions { .. } => "explosions",
            Statement::Petrify(_) => "petrify",
            Statement::Walls { .. } => "walls",
            Statement::PromotionLimit(_) => "promotion-limit",
            Statement::Flip { .. } => "flip",
            Statement::BoardFull(_) => "full-board",
            Statement::DrawsByCount => "draws",
            Statement::Counting { .. } => "counting",
            Statement::Render(_) => "render",
        }
    }
}

/// `royal-rule` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoyalRuleName {
    /// `check`.
    Check,
    /// `duple`.
    Duple,
    /// `capture`.
    Capture,
}

/// `win`, `loss` or `draw`, optionally `for PLAYER`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ScoreName {
    /// `win`.
    Win,
    /// `loss`.
    Loss,
    /// `draw`.
    Draw,
    /// `win for PLAYER` (`win` true) or `loss for PLAYER`: the same whichever side the rule happens to.
    For {
        /// `win`, not `loss`.
        win: bool,
        /// The player named.
        player: Name,
    },
}

/// `zone NAME = ...`.
#[derive(Clone, Debug)]
pub(crate) struct ZoneDecl {
    /// The zone's name.
    pub name: Name,
    /// How it is stated.
    pub def: ZoneDef,
}

/// The three ways to state a zone.
#[derive(Clone, Debug)]
pub(crate) enum ZoneDef {
    /// Stated for the first player, mirrored for the second.
    Relative(ZoneExpr),
    /// `absolute ZONE`: the same squares for both players.
    Absolute(ZoneExpr),
    /// `P1: ZONE, P2: ZONE`: stated per player.
    PerPlayer(Vec<(Name, ZoneExpr)>),
}

/// A zone expression: terms combined left to right.
#[derive(Clone, Debug)]
pub(crate) struct ZoneExpr {
    /// The first term.
    pub first: Spanned<ZoneTerm>,
    /// The following operators and terms, applied left to right.
    pub rest: Vec<(Spanned<ZoneOp>, Spanned<ZoneTerm>)>,
    /// The whole expression.
    pub span: Span,
}

/// A zone operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZoneOp {
    /// `+`.
    Union,
    /// `-`.
    Minus,
    /// `&`.
    Intersect,
}

/// A square as written: file index from 0 (`a` = 0) and the rank number as written (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareRef {
    /// File from 0.
    pub file: u8,
    /// Rank as written, from 1 (saturating).
    pub rank: u64,
}

/// A term of a zone expression.
#[derive(Clone, Debug)]
pub(crate) enum ZoneTerm {
    /// `e4`.
    Square(Spanned<SquareRef>),
    /// `d1-f3`.
    Rect(Spanned<SquareRef>, Spanned<SquareRef>),
    /// `rank 8`.
    Rank(Number),
    /// `ranks 1-5`.
    Ranks(Number, Number),
    /// `file a`; the file index from 0.
    File(Spanned<u8>),
    /// `files a-c`.
    Files(Spanned<u8>, Spanned<u8>),
    /// `all`.
    All,
    /// A zone name.
    Named(Name),
    /// `enemy NAME`.
    Enemy(Name),
    /// `( ZONE )`.
    Group(Box<ZoneExpr>),
}

/// `path NAME = SQ-SQ-... [cyclic]`.
#[derive(Clone, Debug)]
pub(crate) struct PathDecl {
    /// The path's name.
    pub name: Name,
    /// The corners in order.
    pub corners: Vec<Spanned<SquareRef>>,
    /// Whether the last corner connects back to the first.
    pub cyclic: bool,
}

/// `piece NAME LETTER { ... }`.
#[derive(Clone, Debug)]
pub(crate) struct PieceDecl {
    /// Display name.
    pub name: Name,
    /// FEN letter as written (`N`, `+P`).
    pub letter: Spanned<String>,
    /// The statements in the body.
    pub items: Vec<Spanned<PieceItem>>,
}

/// `first-move [not-in-check] [lost-when-aimed-by KIND, ...]` on a `moves` line.
#[derive(Clone, Debug)]
pub(crate) struct FirstMoveClause {
    /// `not-in-check`: not while the side is in check.
    pub not_in_check: bool,
    /// `lost-when-aimed-by KIND, ...`: an enemy move of these kinds that ends aimed at the
    /// piece (on an empty board) takes its right.
    pub lost_by: Vec<Name>,
}

/// A statement inside a piece body.
#[derive(Clone, Debug)]
pub(crate) enum PieceItem {
    /// `moves BETZA [in ZONE] [capturing KIND, ...] [unconfined] [sets-en-passant] [first-move ...]`.
    Moves {
        /// The Betza string; its span is the token itself.
        betza: Spanned<String>,
        /// `in ZONE`.
        only_in: Option<ZoneExpr>,
        /// `capturing KIND, ...`.
        capturing: Option<Vec<Name>>,
        /// `not-over KIND, ...`: kinds that may not be hopped over or jumped.
        not_over: Option<Vec<Name>>,
        /// `not-capturing KIND, ...`: kinds the move may not capture.
        not_capturing: Option<Vec<Name>>,
        /// `unconfined`.
        unconfined: bool,
        /// `sets-en-passant`.
        sets_en_passant: bool,
        /// `first-move ...`: the line's moves need the piece's first-move right.
        first_move: Option<FirstMoveClause>,
    },
    /// `rides PATH, ... [up-to N] [forward|backward|sideways] [hopping] [not-over KIND, ...]
    /// [not-capturing KIND, ...]`.
    Rides {
        /// The paths.
        paths: Vec<Name>,
        /// `up-to N`: the step limit.
        up_to: Option<Number>,
        /// `forward`, `backward` or `sideways`.
        direction: Option<Spanned<RideWay>>,
        /// `hopping`, with the word's span.
        hopping: Option<Span>,
        /// `not-over KIND, ...`: kinds that may not be the screen of a hop.
        not_over: Option<Vec<Name>>,
        /// `not-capturing KIND, ...`: kinds the ride may not capture.
        not_capturing: Option<Vec<Name>>,
    },
    /// `royal`, or with `when-last` (the `bool`) royal only while its side has one of its kind;
    /// `with KIND`: the pieces of KIND count as its kind's.
    Royal(bool, Option<Name>),
    /// `immobile`: the piece has no move, on purpose (a blocker that may be captured).
    Immobile,
    /// `turned`: the second player's moves are the first player's turned through 180 degrees
    /// (left and right swap), not mirrored top to bottom.
    Turned,
    /// `confined ZONE [| ZONE ...]`.
    Confined(Vec<ZoneExpr>),
    /// `promotes to K, ... in ZONE [optional|forced|forced-start-or-end|in-place]`.
    Promotes {
        /// Target kinds.
        to: Vec<Name>,
        /// Promotion zone.
        zone: ZoneExpr,
        /// The mode word, if written.
        mode: Option<Spanned<PromotionWhen>>,
    },
    /// `captured as KIND`.
    CapturedAs(Name),
    /// `value PAWNS`: the piece's material value for the search, as written (`3.5`).
    Value(Spanned<String>),
    /// `glyph [file] "TEXT" [, "TEXT"]`: how pictures draw the piece.
    Glyph {
        /// `file`: the strings name SVG files beside the definition, not characters.
        file: bool,
        /// The first player's glyph (both players' when `second` is absent).
        first: Spanned<String>,
        /// The second player's glyph, when it differs.
        second: Option<Spanned<String>>,
    },
}

/// A statement inside `drops { ... }`.
#[derive(Clone, Debug)]
pub(crate) enum DropItem {
    /// `kinds all`.
    KindsAll,
    /// `kinds A, B`.
    Kinds(Vec<Name>),
    /// `zone ZONE`: where any kind may be dropped.
    Zone(ZoneExpr),
    /// `zone KIND: ZONE`.
    KindZone(Name, ZoneExpr),
    /// `must-move`.
    MustMove,
    /// `one-per-file KIND, ...`.
    OnePerFile(Vec<Name>),
    /// `no-mate KIND, ...`.
    NoMate(Vec<Name>),
    /// `promote-after-move ZONE`.
    PromoteAfterMove(ZoneExpr),
    /// `drop-promoted KIND, ...`: these kinds may also be dropped with a promoted face up.
    DropPromoted(Vec<Name>),
    /// `must-drop`: a side with pieces in hand must drop one instead of moving (a setup phase).
    MustDrop,
    /// `no-check`: a drop may not give check.
    NoCheck,
    /// `gravity`: a drop only on the first rank or on top of an occupied square.
    Gravity,
    /// `per-file N KIND, ...`: a drop only on a file with fewer than N unpromoted pieces of the kind.
    PerFile(Number, Vec<Name>),
    /// `enclosing`: a drop must turn over at least one line of enemy pieces.
    Enclosing,
    /// `adjacent`: a drop only next to a piece of the dropping side.
    Adjacent,
    /// `opening ZONE`: while a square of ZONE is empty, drops go only there.
    Opening(ZoneExpr),
    /// `unlimited KIND, ...`: kinds dropped from a supply that never runs out.
    Unlimited(Vec<Name>),
    /// `apart`: a drop never orthogonally next to an enemy piece.
    Apart,
}

/// A statement inside `render { ... }`.
#[derive(Clone, Debug)]
pub(crate) enum RenderItem {
    /// `intersections`.
    Intersections,
    /// `cell N`.
    Cell(Number),
    /// `river N`.
    River(Number),
    /// `diagonals ZONE, ...`.
    Diagonals(Vec<Name>),
    /// `colour ZONE "#rrggbb"`.
    Colour(Name, Spanned<String>),
    /// `light "#rrggbb"`.
    Light(Spanned<String>),
    /// `dark "#rrggbb"`.
    Dark(Spanned<String>),
    /// `wedges`: pieces drawn as wedge-shaped tiles pointing at the opponent (shogi's), the
    /// second player's turned round.
    Wedges,
}

/// The direction word of a `rides` statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RideWay {
    /// `forward`: towards the opponent.
    Forward,
    /// `backward`: towards the own side.
    Backward,
    /// `sideways`: along a rank.
    Sideways,
}

/// The mode word of a `promotes` statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PromotionWhen {
    /// `optional`: may promote when a move starts or ends in the zone.
    Optional,
    /// `forced`: must promote when a move ends in the zone.
    Forced,
    /// `forced-start-or-end`: must promote when a move starts or ends in the zone.
    ForcedStartOrEnd,
    /// `in-place`: a move of its own, turning over where it stands or one step away.
    InPlace,
}

/// `random rank N { ... }` after a start FEN: the pieces the FEN puts on the first player's rank
/// N change places at random within the constraints; the second player's follow on its mirror
/// rank.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RandomStart {
    /// The rank, from 1 at the first player's side.
    pub rank: Number,
    /// The constraints, in order.
    pub items: Vec<Spanned<RandomItem>>,
}

/// One constraint of a random start.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum RandomItem {
    /// `opposite-colours KIND`: the kind's two pieces stand on squares of different colours.
    OppositeColours(Name),
    /// `between KIND OTHER`: the pieces of KIND stand between two pieces of OTHER.
    Between(Name, Name),
}
