//! The one reading of the compiled move tables outside move generation: a kind's moves from a
//! square, as the engine will try them. Diagrams, the renderer and descriptions ask this instead of
//! walking the Betza patterns again, so what they show is what the engine plays.

use super::tables::{MoveFlags, Need};
use super::Engine;
use crate::geometry::{Player, Square};
use crate::rules::{Hop, PieceKind};

/// Whether a compiled move may end on an empty square, on an enemy, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ends {
    /// It may end on an empty square.
    pub empty: bool,
    /// It may end on an enemy piece, capturing it.
    pub enemy: bool,
}

/// What a square a multi-leg move passes must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepNeed {
    /// It may be empty.
    pub empty: bool,
    /// It may hold an enemy piece.
    pub enemy: bool,
    /// It may hold a friendly piece.
    pub friend: bool,
}

/// One square of a ride, in the order the piece travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RideSquare {
    /// The square.
    pub square: Square,
    /// Whether the piece may stop here (it may always pass).
    pub land: bool,
}

/// One square a multi-leg move passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PathStep {
    /// The square.
    pub square: Square,
    /// What must stand there.
    pub need: StepNeed,
    /// Whether an enemy there is captured in passing (a locust capture).
    pub captures: bool,
}

/// One compiled move of a piece from a square, as the move tables hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableMove {
    /// A leap to `to`; a lame leap is blocked when `blocker` is occupied.
    Leap {
        /// Where it lands.
        to: Square,
        /// The square that blocks it when occupied (a lame leap).
        blocker: Option<Square>,
        /// What it may land on.
        ends: Ends,
    },
    /// A ride along squares in travel order (a straight line or a declared path), plain or hopping.
    Ride {
        /// The squares, nearest first.
        squares: Vec<RideSquare>,
        /// Plain, over one screen (cannon) or just beyond the first piece (grasshopper).
        hop: Hop,
        /// What it may land on.
        ends: Ends,
    },
    /// A multi-leg move through fixed squares to `to`.
    Path {
        /// The squares passed, in order.
        steps: Vec<PathStep>,
        /// Where it lands.
        to: Square,
        /// What it may land on.
        ends: Ends,
    },
}

impl TableMove {
    /// The squares this move could land on with some pieces standing on the board: a leap's and a
    /// path's destination, a plain ride's landing squares, and a hop's landing squares beyond the
    /// first (a screen must stand before them). In travel order.
    pub fn landings(&self) -> Vec<Square> {
        match self {
            TableMove::Leap { to, .. } | TableMove::Path { to, .. } => vec![*to],
            TableMove::Ride { squares, hop, .. } => {
                let skip = usize::from(*hop != Hop::None);
                squares
                    .iter()
                    .skip(skip)
                    .filter(|s| s.land)
                    .map(|s| s.square)
                    .collect()
            }
        }
    }
}

fn ends(flags: MoveFlags) -> Ends {
    Ends {
        empty: flags.moves(),
        enemy: flags.captures(),
    }
}

impl Engine {
    /// The compiled moves of a `kind` of `player` standing on `from`: leaps, then rides, then
    /// multi-leg paths, in the order generation tries them. Zone-dependent and initial-square
    /// moves are already resolved for that square.
    pub fn table_moves(&self, kind: PieceKind, player: Player, from: Square) -> Vec<TableMove> {
        let t = self.t();
        if kind.index() >= t.kinds {
            return Vec::new();
        }
        let e = t.entry(player, kind, from);
        let mut out = Vec::new();
        let lists = &t.lists;
        for l in lists.leaps(e) {
            out.push(TableMove::Leap {
                to: l.to,
                blocker: l.blocker(),
                ends: ends(l.flags),
            });
        }
        for r in lists.rays(e) {
            let squares = lists
                .squares(r)
                .iter()
                .map(|s| RideSquare {
                    square: s.sq,
                    land: s.land,
                })
                .collect();
            out.push(TableMove::Ride {
                squares,
                hop: r.hop,
                ends: ends(r.flags),
            });
        }
        for p in lists.paths(e) {
            let steps = lists
                .steps(p)
                .iter()
                .map(|s| PathStep {
                    square: s.sq,
                    need: StepNeed {
                        empty: s.need.meets(Need::EMPTY),
                        enemy: s.need.meets(Need::ENEMY),
                        friend: s.need.meets(Need::FRIEND),
                    },
                    captures: s.capture,
                })
                .collect();
            out.push(TableMove::Path {
                steps,
                to: p.to,
                ends: ends(p.flags),
            });
        }
        out
    }
}
