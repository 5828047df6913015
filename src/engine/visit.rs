//! The one reading of the compiled move tables outside move generation: a kind's moves from a
//! square, as the engine will try them. Diagrams, the renderer and descriptions ask this instead of
//! walking the Betza patterns again, so what they show is what the engine plays.

use super::tables::{BLOCKED, CAPTURE, MOVE, NEED_EMPTY, NEED_ENEMY, NEED_FRIEND};
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

fn ends(flags: u8) -> Ends {
    Ends {
        empty: flags & MOVE != 0,
        enemy: flags & CAPTURE != 0,
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
        for l in &t.leaps[e.leaps.0 as usize..e.leaps.1 as usize] {
            out.push(TableMove::Leap {
                to: Square(l.to),
                blocker: (l.flags & BLOCKED != 0).then_some(Square(l.block)),
                ends: ends(l.flags),
            });
        }
        for r in &t.rays[e.rays.0 as usize..e.rays.1 as usize] {
            let squares = t.ray_squares[r.start as usize..r.start as usize + r.len as usize]
                .iter()
                .map(|s| RideSquare {
                    square: Square(s.sq),
                    land: s.land,
                })
                .collect();
            out.push(TableMove::Ride {
                squares,
                hop: r.hop,
                ends: ends(r.flags),
            });
        }
        for p in &t.paths[e.paths.0 as usize..e.paths.1 as usize] {
            let steps = t.path_steps[p.start as usize..p.start as usize + p.len as usize]
                .iter()
                .map(|s| PathStep {
                    square: Square(s.sq),
                    need: StepNeed {
                        empty: s.need & NEED_EMPTY != 0,
                        enemy: s.need & NEED_ENEMY != 0,
                        friend: s.need & NEED_FRIEND != 0,
                    },
                    captures: s.capture,
                })
                .collect();
            out.push(TableMove::Path {
                steps,
                to: Square(p.to),
                ends: ends(p.flags),
            });
        }
        out
    }
}
