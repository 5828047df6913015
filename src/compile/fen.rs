//! The `start` FEN checked against the board and the declared piece letters.
//!
//! The one FEN reader ([`crate::fen`]) reads it, as the engine will; here its faults become
//! diagnostics pointing inside the FEN string of the definition (the offending rank, letter or
//! field), and what the warnings need is kept.

use super::Ctx;
use crate::fen::{FenBoard, FenOf, Setup};
use crate::geometry::{Dimensions, Player, Square, SquareSet};
use crate::syntax::{Span, Spanned};

/// What the compiler needs to know from a valid-looking FEN.
#[derive(Default)]
pub(crate) struct FenFacts {
    /// The start position as read.
    pub setup: Setup,
    /// Kinds (indices into the piece list) that stand in a hand at the start.
    pub in_hand: Vec<usize>,
    /// Every piece letter of the placement and of the hands, where the FEN writes it (for warnings).
    pub placed: Vec<Placed>,
}

/// One piece of the start FEN: its kind, its owner, its square (`None` in a hand) and its letter's span.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    pub kind: usize,
    pub player: Player,
    pub square: Option<Square>,
    pub span: Span,
}

/// Reads the start FEN through the one reader ([`crate::fen`]) and reports every fault found, at
/// its place in the definition file. `letters` are the pieces' letters as the first player writes
/// them, indexed by kind.
pub(crate) fn read_start(
    ctx: &mut Ctx,
    fen: &Spanned<String>,
    dims: Dimensions,
    holes: SquareSet,
    letters: &[String],
    gating: bool,
    walls: bool,
) -> FenFacts {
    let base = fen.span;
    let at =
        |r: std::ops::Range<usize>| Span::new(base.file, base.start + r.start, base.start + r.end);
    let board = FenBoard {
        dims,
        holes,
        letters,
        gating,
        walls,
        counting: false,
    };
    let (setup, errors) = crate::fen::read(&fen.node, &board, FenOf::Start);
    for e in errors {
        let err = ctx
            .error(e.code, at(e.offset..e.offset + e.len), e.message)
            .with_label(e.label)
            .with_help_opt(e.help);
        ctx.report(err);
    }
    let mut facts = FenFacts {
        setup: setup.clone(),
        ..FenFacts::default()
    };
    for p in setup.board {
        facts.placed.push(Placed {
            kind: p.kind,
            player: p.player,
            square: Some(p.square),
            span: at(p.span),
        });
    }
    for h in setup.hands {
        facts.placed.push(Placed {
            kind: h.kind,
            player: h.player,
            square: None,
            span: at(h.span),
        });
        if !facts.in_hand.contains(&h.kind) {
            facts.in_hand.push(h.kind);
        }
    }
    facts
}
