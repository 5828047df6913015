//! Every keyword of the language in one table: its grammar rule, how it is spelt, where it
//! stands, and how the statement or block item it starts is written. The syntax error messages,
//! error recovery and the AST builder all read this table; a new keyword is one row here (and
//! its rule in `grammar/variant.pest`).

use super::Rule;

/// Where a keyword stands, which is how "expected ..." lists group it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Starts a top-level statement.
    Statement,
    /// Starts an item of a `piece { ... }` block.
    Piece,
    /// Starts an item of a `drops { ... }` block.
    Drops,
    /// Starts an item of a `render { ... }` block.
    Render,
    /// Starts a zone term (`rank 1`, `all`).
    Zone,
    /// Stands inside a statement (`in`, `to`, `draw`).
    Word,
}

impl Place {
    /// The group named in "expected ..." lists, or `""` for words listed one by one.
    pub(crate) fn group(self) -> &'static str {
        match self {
            Place::Statement => "a statement",
            Place::Piece => "a piece statement",
            Place::Drops => "a drops statement",
            Place::Render => "a render statement",
            Place::Zone => "a zone",
            Place::Word => "",
        }
    }

    /// The statement whose `{ }` block holds items of this place.
    pub(crate) fn block(self) -> Option<&'static str> {
        match self {
            Place::Piece => Some("piece"),
            Place::Drops => Some("drops"),
            Place::Render => Some("render"),
            _ => None,
        }
    }
}

/// One keyword of the language.
#[derive(Debug)]
pub(crate) struct Keyword {
    /// Its rule in the grammar.
    pub rule: Rule,
    /// How it is spelt.
    pub word: &'static str,
    /// Where it stands.
    pub place: Place,
    /// How its statement or block item is written (empty for zone terms and inner words).
    pub how: &'static str,
}

/// Every keyword. A rule's first row is its main spelling (`zone` the statement before `zone`
/// in `drops`, `colour` before `color`).
pub(crate) const KEYWORDS: &[Keyword] = &[
    Keyword {
        rule: Rule::k_variant,
        word: "variant",
        place: Place::Statement,
        how: "`variant \"NAME\"`",
    },
    Keyword {
        rule: Rule::k_extends,
        word: "extends",
        place: Place::Statement,
        how: "`extends \"FILE\"`, like `extends \"parent.variant\"`",
    },
    Keyword {
        rule: Rule::k_board,
        word: "board",
        place: Place::Statement,
        how: "`board FILESxRANKS`, like `board 8x8`",
    },
    Keyword {
        rule: Rule::k_holes,
        word: "holes",
        place: Place::Statement,
        how: "`holes ZONE`, like `holes a1 + h8`",
    },
    Keyword {
        rule: Rule::k_players,
        word: "players",
        place: Place::Statement,
        how: "`players FIRST, SECOND` (each optionally with a colour), like `players White, Black`",
    },
    Keyword {
        rule: Rule::k_zone,
        word: "zone",
        place: Place::Statement,
        how: "`zone NAME = ZONE`, like `zone palace = d1-f3`",
    },
    Keyword {
        rule: Rule::k_path,
        word: "path",
        place: Place::Statement,
        how: "`path NAME = SQ-SQ-...`, like `path ring = a1-h1-h8-a8 cyclic`",
    },
    Keyword {
        rule: Rule::k_piece,
        word: "piece",
        place: Place::Statement,
        how: "`piece NAME LETTER { ... }`, like `piece Knight N { moves N }`",
    },
    Keyword {
        rule: Rule::k_drops,
        word: "drops",
        place: Place::Statement,
        how: "`drops { ... }`, like `drops { kinds all }`",
    },
    Keyword {
        rule: Rule::k_royal_rule,
        word: "royal-rule",
        place: Place::Statement,
        how: "`royal-rule check`, `duple` or `capture`",
    },
    Keyword {
        rule: Rule::k_facing,
        word: "facing",
        place: Place::Statement,
        how: "`facing` alone, or `facing ends RESULT`",
    },
    Keyword {
        rule: Rule::k_stalemate,
        word: "stalemate",
        place: Place::Statement,
        how: "`stalemate win`, `loss` or `draw`",
    },
    Keyword {
        rule: Rule::k_checkmate,
        word: "checkmate",
        place: Place::Statement,
        how: "`checkmate win`, `loss` or `draw`",
    },
    Keyword {
        rule: Rule::k_repetition,
        word: "repetition",
        place: Place::Statement,
        how: "`repetition N RESULT`, like `repetition 3 draw`",
    },
    Keyword {
        rule: Rule::k_move_limit,
        word: "move-limit",
        place: Place::Statement,
        how: "`move-limit N RESULT [resets KIND, ...]`, like `move-limit 50 draw resets Pawn`",
    },
    Keyword {
        rule: Rule::k_castling,
        word: "castling",
        place: Place::Statement,
        how: "`castling KING ROOK [STEPS | to FILE FILE]`, like `castling King Rook` or `castling King Rook to c g`",
    },
    Keyword {
        rule: Rule::k_gating,
        word: "gating",
        place: Place::Statement,
        how: "`gating in ZONE`, like `gating in rank 1`",
    },
    Keyword {
        rule: Rule::k_en_passant,
        word: "en-passant",
        place: Place::Statement,
        how: "`en-passant in ZONE`: a double step sets en passant only when the square it passes is in the mover's part of ZONE, like `en-passant in rank 3`",
    },
    Keyword {
        rule: Rule::k_pass,
        word: "pass",
        place: Place::Statement,
        how: "`pass`, `pass twice RESULT` (like `pass twice draw`) or `pass when-stuck`",
    },
    Keyword {
        rule: Rule::k_bare_royal,
        word: "bare-royal",
        place: Place::Statement,
        how: "`bare-royal RESULT`, like `bare-royal loss`",
    },
    Keyword {
        rule: Rule::k_extinction,
        word: "extinction",
        place: Place::Statement,
        how: "`extinction KIND, ... [down-to N] [RESULT]` or `extinction all [down-to N] [RESULT]`, like `extinction King` or `extinction all win`",
    },
    Keyword {
        rule: Rule::k_goal,
        word: "goal",
        place: Place::Statement,
        how: "`goal KIND, ... in ZONE [count N [or-full]] [safe] [reply | held] [for PLAYER]` or `goal any in ZONE ...`, like `goal King in hill`",
    },
    Keyword {
        rule: Rule::k_castling_wins,
        word: "castling-wins",
        place: Place::Statement,
        how: "`castling-wins kingside|queenside, ... [for PLAYER]`, like `castling-wins queenside for Black`",
    },
    Keyword {
        rule: Rule::k_kingside,
        word: "kingside",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_queenside,
        word: "queenside",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_petrify,
        word: "petrify",
        place: Place::Statement,
        how: "`petrify KIND, ...`, like `petrify Queen, Rook, Bishop, Knight`",
    },
    Keyword {
        rule: Rule::k_check_limit,
        word: "check-limit",
        place: Place::Statement,
        how: "`check-limit N`, like `check-limit 3`",
    },
    Keyword {
        rule: Rule::k_flip,
        word: "flip",
        place: Place::Statement,
        how: "`flip lines` (reversi) or `flip adjacent [supported]` (ataxx)",
    },
    Keyword {
        rule: Rule::k_board_full,
        word: "full-board",
        place: Place::Statement,
        how: "`full-board [RESULT]`, like `full-board draw`",
    },
    Keyword {
        rule: Rule::k_draws,
        word: "draws",
        place: Place::Statement,
        how: "`draws by-count`",
    },
    Keyword {
        rule: Rule::k_counting,
        word: "counting",
        place: Place::Statement,
        how: "`counting [without KIND, ...] [board N] [bare [M] KIND L, ..., else L] [from-pieces]`, like `counting without Pawn board 64 bare 2 Rook 8, Rook 16, else 64 from-pieces`",
    },
    Keyword {
        rule: Rule::k_connect,
        word: "connect",
        place: Place::Statement,
        how: "`connect N [horizontal] [vertical] [diagonal] [square M] [gaps] [of KIND, ...] [RESULT]`, like `connect 3` (tic-tac-toe), or `connect ZONE to ZONE ...`",
    },
    Keyword {
        rule: Rule::k_no_check,
        word: "no-check",
        place: Place::Statement,
        how: "`no-check` alone",
    },
    Keyword {
        rule: Rule::k_must_capture,
        word: "must-capture",
        place: Place::Statement,
        how: "`must-capture` alone",
    },
    Keyword {
        rule: Rule::k_checked_royal,
        word: "checked-royal",
        place: Place::Statement,
        how: "`checked-royal takes-only`",
    },
    Keyword {
        rule: Rule::k_takes_only,
        word: "takes-only",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_explosions,
        word: "explosions",
        place: Place::Statement,
        how: "`explosions [spare KIND, ...] [immune KIND, ...]`, like `explosions spare Pawn`",
    },
    Keyword {
        rule: Rule::k_walls,
        word: "walls",
        place: Place::Statement,
        how: "`walls moved|anywhere|arrow|trail [in ZONE]`, like `walls moved`",
    },
    Keyword {
        rule: Rule::k_promotion_limit,
        word: "promotion-limit",
        place: Place::Statement,
        how: "`promotion-limit KIND N, ...`, like `promotion-limit Queen 1`",
    },
    Keyword {
        rule: Rule::k_start,
        word: "start",
        place: Place::Statement,
        how: "`start \"FEN\"`, like `start \"8/8/8/8/8/8/8/8 w - - 0 1\"`",
    },
    Keyword {
        rule: Rule::k_render,
        word: "render",
        place: Place::Statement,
        how: "`render { ... }`, like `render { cell 48 }`",
    },
    Keyword {
        rule: Rule::k_description,
        word: "description",
        place: Place::Statement,
        how: "`description \"TEXT\" ...`, like `description \"Chess on a 10x10 board.\"`",
    },
    Keyword {
        rule: Rule::k_author,
        word: "author",
        place: Place::Statement,
        how: "`author \"NAME\"`, like `author \"Christian Freeling\"`",
    },
    Keyword {
        rule: Rule::k_link,
        word: "link",
        place: Place::Statement,
        how: "`link \"URL\"`, like `link \"https://www.chessvariants.com/\"`",
    },
    Keyword {
        rule: Rule::k_moves,
        word: "moves",
        place: Place::Piece,
        how: "`moves BETZA [in ZONE] [capturing KIND, ...] [unconfined] [sets-en-passant] [first-move]`, like `moves mfWcfF`",
    },
    Keyword {
        rule: Rule::k_rides,
        word: "rides",
        place: Place::Piece,
        how: "`rides PATH, ... [up-to N] [forward|backward|sideways] [hopping] [not-over KIND, ...] [not-capturing KIND, ...]`, like `rides ring1, ring2` or `rides palace1, palace2 up-to 1`",
    },
    Keyword {
        rule: Rule::k_royal,
        word: "royal",
        place: Place::Piece,
        how: "`royal` alone",
    },
    Keyword {
        rule: Rule::k_immobile,
        word: "immobile",
        place: Place::Piece,
        how: "`immobile` alone",
    },
    Keyword {
        rule: Rule::k_turned,
        word: "turned",
        place: Place::Piece,
        how: "`turned` alone: the second player's moves are the first's turned through 180 degrees",
    },
    Keyword {
        rule: Rule::k_confined,
        word: "confined",
        place: Place::Piece,
        how: "`confined ZONE [| ZONE ...]`, like `confined palace`",
    },
    Keyword {
        rule: Rule::k_promotes,
        word: "promotes",
        place: Place::Piece,
        how: "`promotes to KIND, ... in ZONE [optional | forced | forced-start-or-end | in-place]`, like `promotes to Queen in rank 8`",
    },
    Keyword {
        rule: Rule::k_captured,
        word: "captured",
        place: Place::Piece,
        how: "`captured as KIND`, like `captured as Pawn`",
    },
    Keyword {
        rule: Rule::k_value,
        word: "value",
        place: Place::Piece,
        how: "`value PAWNS`, like `value 3.5`",
    },
    Keyword {
        rule: Rule::k_glyph,
        word: "glyph",
        place: Place::Piece,
        how: "`glyph \"TEXT\" [, \"TEXT\"]` or `glyph file \"FILE.svg\" [, \"FILE.svg\"]`, like `glyph \"♞\"` or `glyph \"帥\", \"將\"`",
    },
    Keyword {
        rule: Rule::k_kinds,
        word: "kinds",
        place: Place::Drops,
        how: "`kinds all` or `kinds KIND, ...`",
    },
    Keyword {
        rule: Rule::k_zone,
        word: "zone",
        place: Place::Drops,
        how: "`zone ZONE` or `zone KIND: ZONE`, like `zone Pawn: ranks 2-7`",
    },
    Keyword {
        rule: Rule::k_must_move,
        word: "must-move",
        place: Place::Drops,
        how: "`must-move` alone",
    },
    Keyword {
        rule: Rule::k_one_per_file,
        word: "one-per-file",
        place: Place::Drops,
        how: "`one-per-file KIND, ...`",
    },
    Keyword {
        rule: Rule::k_no_mate,
        word: "no-mate",
        place: Place::Drops,
        how: "`no-mate KIND, ...`",
    },
    Keyword {
        rule: Rule::k_promote_after_move,
        word: "promote-after-move",
        place: Place::Drops,
        how: "`promote-after-move ZONE`",
    },
    Keyword {
        rule: Rule::k_drop_promoted,
        word: "drop-promoted",
        place: Place::Drops,
        how: "`drop-promoted KIND, ...`",
    },
    Keyword {
        rule: Rule::k_must_drop,
        word: "must-drop",
        place: Place::Drops,
        how: "`must-drop` alone",
    },
    Keyword {
        rule: Rule::k_enclosing,
        word: "enclosing",
        place: Place::Drops,
        how: "`enclosing`: a drop must turn over a line of enemy pieces (reversi)",
    },
    Keyword {
        rule: Rule::k_adjacent,
        word: "adjacent",
        place: Place::Drops,
        how: "`adjacent`: a drop only next to a piece of one's own (ataxx)",
    },
    Keyword {
        rule: Rule::k_opening,
        word: "opening",
        place: Place::Drops,
        how: "`opening ZONE`, like `opening centre`",
    },
    Keyword {
        rule: Rule::k_per_file,
        word: "per-file",
        place: Place::Drops,
        how: "`per-file N KIND, ...`, like `per-file 2 Swallow`",
    },
    Keyword {
        rule: Rule::k_apart,
        word: "apart",
        place: Place::Drops,
        how: "`apart`: a drop never orthogonally next to an enemy piece (snort)",
    },
    Keyword {
        rule: Rule::k_unlimited,
        word: "unlimited",
        place: Place::Drops,
        how: "`unlimited KIND, ...`, like `unlimited Stone`",
    },
    Keyword {
        rule: Rule::k_gravity,
        word: "gravity",
        place: Place::Drops,
        how: "`gravity`: a piece is dropped only on the first rank or on top of another (connect four)",
    },
    Keyword {
        rule: Rule::k_drop_no_check,
        word: "no-check",
        place: Place::Drops,
        how: "`no-check` alone",
    },
    Keyword {
        rule: Rule::k_intersections,
        word: "intersections",
        place: Place::Render,
        how: "`intersections` alone",
    },
    Keyword {
        rule: Rule::k_cell,
        word: "cell",
        place: Place::Render,
        how: "`cell PIXELS`, like `cell 48`",
    },
    Keyword {
        rule: Rule::k_river,
        word: "river",
        place: Place::Render,
        how: "`river RANK`, like `river 5`",
    },
    Keyword {
        rule: Rule::k_diagonals,
        word: "diagonals",
        place: Place::Render,
        how: "`diagonals ZONE, ...`",
    },
    Keyword {
        rule: Rule::k_colour,
        word: "colour",
        place: Place::Render,
        how: "`colour ZONE \"#rrggbb\"`",
    },
    Keyword {
        rule: Rule::k_colour,
        word: "color",
        place: Place::Render,
        how: "`color ZONE \"#rrggbb\"`",
    },
    Keyword {
        rule: Rule::k_wedges,
        word: "wedges",
        place: Place::Render,
        how: "`wedges`: pieces drawn as wedges pointing at the opponent, the second player's turned round",
    },
    Keyword {
        rule: Rule::k_light,
        word: "light",
        place: Place::Render,
        how: "`light \"#rrggbb\"`",
    },
    Keyword {
        rule: Rule::k_dark,
        word: "dark",
        place: Place::Render,
        how: "`dark \"#rrggbb\"`",
    },
    Keyword {
        rule: Rule::k_all,
        word: "all",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_rank,
        word: "rank",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_ranks,
        word: "ranks",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_file,
        word: "file",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_files,
        word: "files",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_enemy,
        word: "enemy",
        place: Place::Zone,
        how: "",
    },
    Keyword {
        rule: Rule::k_absolute,
        word: "absolute",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_cyclic,
        word: "cyclic",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_resets,
        word: "resets",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_perpetual_check,
        word: "perpetual-check",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_in,
        word: "in",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_capturing,
        word: "capturing",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_not_over,
        word: "not-over",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_not_capturing,
        word: "not-capturing",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_up_to,
        word: "up-to",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_forward,
        word: "forward",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_backward,
        word: "backward",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_sideways,
        word: "sideways",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_hopping,
        word: "hopping",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_twice,
        word: "twice",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_when_stuck,
        word: "when-stuck",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_when_last,
        word: "when-last",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_ends,
        word: "ends",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_reply,
        word: "reply",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_held,
        word: "held",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_safe,
        word: "safe",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_any,
        word: "any",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_count,
        word: "count",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_or_full,
        word: "or-full",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_spare,
        word: "spare",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_immune,
        word: "immune",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_moved,
        word: "moved",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_anywhere,
        word: "anywhere",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_arrow,
        word: "arrow",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_trail,
        word: "trail",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_down_to,
        word: "down-to",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_unconfined,
        word: "unconfined",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_sets_en_passant,
        word: "sets-en-passant",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_first_move,
        word: "first-move",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_not_in_check,
        word: "not-in-check",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_lost_when_aimed_by,
        word: "lost-when-aimed-by",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_random,
        word: "random",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_opposite,
        word: "opposite",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_opposite_colours,
        word: "opposite-colours",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_between,
        word: "between",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_to,
        word: "to",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_as,
        word: "as",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_optional,
        word: "optional",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_forced,
        word: "forced",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_forced_start_or_end,
        word: "forced-start-or-end",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_in_place,
        word: "in-place",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_check,
        word: "check",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_duple,
        word: "duple",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_capture,
        word: "capture",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_win,
        word: "win",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_loss,
        word: "loss",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_draw,
        word: "draw",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_square,
        word: "square",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_gaps,
        word: "gaps",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_lines,
        word: "lines",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_supported,
        word: "supported",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_horizontal,
        word: "horizontal",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_vertical,
        word: "vertical",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_diagonal,
        word: "diagonal",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_of,
        word: "of",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_with,
        word: "with",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_by_count,
        word: "by-count",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_without,
        word: "without",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_bare,
        word: "bare",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_else,
        word: "else",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_from_pieces,
        word: "from-pieces",
        place: Place::Word,
        how: "",
    },
    Keyword {
        rule: Rule::k_for,
        word: "for",
        place: Place::Word,
        how: "",
    },
];

/// The keyword a grammar rule stands for, if it is one.
pub(super) fn of_rule(rule: Rule) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|k| k.rule == rule)
}

/// The statement keyword spelt `word`.
pub(super) fn statement(word: &str) -> Option<&'static Keyword> {
    KEYWORDS
        .iter()
        .find(|k| k.place == Place::Statement && k.word == word)
}

/// The statement keywords, in the order help lists them.
pub(super) fn statements() -> impl Iterator<Item = &'static Keyword> {
    KEYWORDS.iter().filter(|k| k.place == Place::Statement)
}

/// What may stand in the block of statement `owner` (`piece`, `drops`, `render`).
pub(super) fn block_items(owner: &str) -> impl Iterator<Item = &'static Keyword> + '_ {
    KEYWORDS
        .iter()
        .filter(move |k| k.place.block() == Some(owner))
}

/// The item spelt `word` of the block of statement `owner`.
pub(super) fn block_item(owner: &str, word: &str) -> Option<&'static Keyword> {
    block_items(owner).find(|k| k.word == word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::VariantParser;
    use pest::Parser as _;

    #[test]
    fn every_keyword_rule_has_a_row_and_each_row_is_spelt_as_the_grammar_spells_it() {
        for rule in Rule::all_rules() {
            if format!("{rule:?}").starts_with("k_") {
                assert!(of_rule(*rule).is_some(), "{rule:?} has no row in KEYWORDS");
            }
        }
        for k in KEYWORDS {
            assert!(
                VariantParser::parse(k.rule, k.word).is_ok(),
                "`{}` is not how {:?} is spelt",
                k.word,
                k.rule
            );
            let statement_or_item = k.place == Place::Statement || k.place.block().is_some();
            assert_eq!(statement_or_item, !k.how.is_empty(), "{}", k.word);
        }
    }
}
