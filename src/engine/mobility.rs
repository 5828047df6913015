//! Mobility and threats: how many squares each piece may move to or capture on, and which pieces
//! are attacked by lesser ones or left undefended, counted from the word tables for the
//! evaluation's dynamic terms.

use super::bitboard::BitBoard;
use super::position::kind_of;
use super::words::Occupancy;
use super::{Engine, MoveGen, Position};
use crate::geometry::{ByPlayer, Player, Square, SquareSet};
use crate::rules::PieceKind;

impl Engine {
    /// The sum over `player`'s pieces of `weights[kind]` times the number of squares the piece
    /// may move to or capture on (pseudo-legal, as if it were `player`'s turn). Kinds weighted 0
    /// are skipped, and so are pieces whose moves the word tables do not hold whole (multi-leg
    /// paths, hops): for them the count would be a guess.
    pub fn weighted_mobility(&self, pos: &Position, player: Player, weights: &[i32]) -> i32 {
        let mut sum = 0;
        by_width!(self, g => g.each_mobility(pos, player, weights, |_, w, n| sum += w * n as i32));
        sum
    }

    /// Calls `f` with the kind and square count of each of `player`'s pieces that
    /// [`Engine::weighted_mobility`] counts (weighted non-zero in `weights`, moves held whole).
    pub fn each_mobility(
        &self,
        pos: &Position,
        player: Player,
        weights: &[i32],
        mut f: impl FnMut(PieceKind, u32),
    ) {
        by_width!(self, g => g.each_mobility(pos, player, weights, |k, _, n| f(k, n)));
    }
}

/// How many classes of attacker value [`ThreatRanks`] tells apart; higher values share the top one.
const MAX_RANKS: usize = 16;

/// What the threats term weighs, per kind: its class as an attacker (classes ordered by value,
/// equal values one class), how many classes lie wholly below it as a victim, and what it costs
/// its side when threatened (0: never threatened).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ThreatRanks {
    attacker: Vec<u8>,
    below: Vec<u8>,
    values: Vec<i32>,
    /// The royal danger ([`MobilityThreats::danger`]): per kind, its weight as a royal (centipawns
    /// per attacked square next to it, squared; `None`: not royal) and whether it counts as an
    /// attacker; per square, the squares next to it. Empty: not counted.
    royal: Vec<Option<i32>>,
    danger_attacker: Vec<bool>,
    rings: Vec<SquareSet>,
}

impl ThreatRanks {
    /// The classes of `attacker_values` (per kind), and `threat_values` as the victims' costs.
    pub(crate) fn new(attacker_values: &[i32], threat_values: &[i32]) -> ThreatRanks {
        let mut distinct: Vec<i32> = attacker_values.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        // How many distinct values lie below `v`: an attacker's class, and for a victim the
        // classes wholly below it (a merged top class never counts as lesser).
        let class = |v: i32| {
            distinct
                .iter()
                .filter(|&&d| d < v)
                .count()
                .min(MAX_RANKS - 1) as u8
        };
        ThreatRanks {
            attacker: attacker_values.iter().map(|&v| class(v)).collect(),
            below: threat_values.iter().map(|&v| class(v)).collect(),
            values: threat_values.to_vec(),
            royal: Vec::new(),
            danger_attacker: Vec::new(),
            rings: Vec::new(),
        }
    }

    /// The same ranks, also counting the danger to royals: `royal` (each royal kind's weight) and
    /// `attacker` per kind, `rings` per square index (the squares next to it).
    pub(crate) fn with_danger(
        mut self,
        royal: Vec<Option<i32>>,
        attacker: Vec<bool>,
        rings: Vec<SquareSet>,
    ) -> ThreatRanks {
        self.royal = royal;
        self.danger_attacker = attacker;
        self.rings = rings;
        self
    }
}

/// One side's result of [`Engine::mobility_threats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MobilityThreats {
    /// The weighted mobility, as [`Engine::weighted_mobility`] counts it.
    pub(crate) mobility: i32,
    /// The summed threat values of this side's pieces that are attacked by a piece worth less,
    /// or attacked and not defended.
    pub(crate) threatened: i32,
    /// Over this side's royals, the royal kind's weight times the square of the number of
    /// squares next to the royal that an enemy attacker (a kind whose mobility counts: not
    /// pawn-like, not royal) reaches (0 when the ranks do not count danger).
    pub(crate) danger: i32,
}

impl Engine {
    /// Both sides' weighted mobility (as [`Engine::weighted_mobility`]) and threatened material,
    /// in one pass over the pieces whose moves the word tables hold whole: a piece with a
    /// non-zero threat value is threatened when an enemy piece of a lower attacker class attacks
    /// it, or when any enemy piece attacks it and none of its own defends it. Pieces with
    /// multi-leg or hopping moves neither attack nor defend here.
    pub(crate) fn mobility_threats(
        &self,
        pos: &Position,
        weights: &[i32],
        ranks: &ThreatRanks,
    ) -> ByPlayer<MobilityThreats> {
        by_width!(self, g => g.mobility_threats(pos, weights, ranks, |_, _, _| {}, |_, _, _| {}))
    }

    /// Calls `f` with the owner, kind and unweighted danger (the attacked squares next to it,
    /// squared) of each royal [`Engine::mobility_threats`] weighs (none unless `ranks` counts
    /// danger).
    pub(crate) fn each_royal_danger(
        &self,
        pos: &Position,
        ranks: &ThreatRanks,
        mut f: impl FnMut(Player, PieceKind, i32),
    ) {
        by_width!(self, g => {
            g.mobility_threats(pos, &[], ranks, |_, _, _| {}, &mut f);
        })
    }

    /// Calls `f` with the owner, kind and square of each piece [`Engine::mobility_threats`]
    /// counts as threatened.
    pub(crate) fn each_threatened(
        &self,
        pos: &Position,
        ranks: &ThreatRanks,
        mut f: impl FnMut(Player, PieceKind, Square),
    ) {
        by_width!(self, g => {
            g.mobility_threats(pos, &[], ranks, &mut f, |_, _, _| {});
        })
    }
}

impl<B: BitBoard> MoveGen<'_, B> {
    #[inline(always)]
    fn each_mobility(
        self,
        pos: &Position,
        player: Player,
        weights: &[i32],
        mut f: impl FnMut(PieceKind, i32, u32),
    ) {
        let occ = Occupancy::<B>::of(pos, player);
        for from in pos.occupied[player].iter() {
            let kind = kind_of(pos.board[from.index()]);
            let w = weights.get(kind.index()).copied().unwrap_or(0);
            if w == 0 {
                continue;
            }
            let m = self.word_moves(player, kind, from);
            if m.simple {
                f(kind, w, self.words.count(m, occ));
            }
        }
    }

    #[inline(always)]
    fn mobility_threats(
        self,
        pos: &Position,
        weights: &[i32],
        ranks: &ThreatRanks,
        mut on_threat: impl FnMut(Player, PieceKind, Square),
        mut on_danger: impl FnMut(Player, PieceKind, i32),
    ) -> ByPlayer<MobilityThreats> {
        let mut out = ByPlayer::both(MobilityThreats::default());
        let mut attacked = [B::EMPTY; 2];
        // The royal-danger count: per side, its attackers' reach and its royals' squares.
        let danger = !ranks.rings.is_empty();
        let mut reach = [B::EMPTY; 2];
        let mut royals = [(Player::First, Square::from_index(0), 0usize, 0i32); 4];
        let mut royal_count = 0;
        // Per side, the union of the attacks of each attacker class.
        let mut by_class = [[B::EMPTY; MAX_RANKS]; 2];
        let all = Occupancy::<B>::all(pos);
        for player in Player::BOTH {
            let pi = player.index();
            let occ = Occupancy::<B>::of(pos, player);
            for from in pos.occupied[player].iter() {
                let kind = kind_of(pos.board[from.index()]);
                let m = self.word_moves(player, kind, from);
                if !m.simple {
                    continue;
                }
                let k = kind.index();
                if let Some(Some(w)) = ranks.royal.get(k).filter(|_| danger && royal_count < 4) {
                    royals[royal_count] = (player, from, k, *w);
                    royal_count += 1;
                }
                let w = weights.get(k).copied().unwrap_or(0);
                // Kinds whose mobility is not counted (pawns, royals) need only their attacks.
                let att = if w == 0 {
                    self.words.attack_set(m, all)
                } else {
                    let (n, att) = self.words.count_attacks(m, occ);
                    out[player].mobility += w * n as i32;
                    att
                };
                attacked[pi] |= att;
                if danger && ranks.danger_attacker.get(k).copied().unwrap_or(false) {
                    reach[pi] |= att;
                }
                let c = ranks
                    .attacker
                    .get(k)
                    .copied()
                    .unwrap_or(MAX_RANKS as u8 - 1) as usize;
                by_class[pi][c] |= att;
            }
        }
        for player in Player::BOTH {
            let (us, them) = (player.index(), player.other().index());
            let mut hit = attacked[them] & B::of(&pos.occupied[player]);
            if hit.is_empty() {
                continue;
            }
            // below[n]: the enemy's attacks by its n lowest classes.
            let mut below = [B::EMPTY; MAX_RANKS];
            for c in 1..MAX_RANKS {
                below[c] = below[c - 1] | by_class[them][c - 1];
            }
            while let Some(s) = hit.pop_first() {
                let kind = kind_of(pos.board[s.index()]);
                let v = ranks.values.get(kind.index()).copied().unwrap_or(0);
                if v == 0 {
                    continue;
                }
                let n = ranks.below.get(kind.index()).copied().unwrap_or(0) as usize;
                if !attacked[us].has(s) || below[n].has(s) {
                    out[player].threatened += v;
                    on_threat(player, kind, s);
                }
            }
        }
        for &(player, s, k, w) in &royals[..royal_count] {
            let ring = B::of(&ranks.rings[s.index()]);
            let n = (ring & reach[player.other().index()]).count() as i32;
            out[player].danger += w * n * n;
            on_danger(player, PieceKind::from_index(k), n * n);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal values share a class; a victim counts the classes wholly below its value; past
    /// [`MAX_RANKS`] classes the highest values share the top one, which is never "below".
    #[test]
    fn attacker_classes_follow_the_values() {
        let r = ThreatRanks::new(&[100, 300, 300, 500, i32::MAX], &[100, 300, 320, 500, 0]);
        assert_eq!(r.attacker, [0, 1, 1, 2, 3]);
        assert_eq!(r.below, [0, 1, 2, 2, 0]);
        let many: Vec<i32> = (1..=20).map(|v| v * 100).collect();
        let r = ThreatRanks::new(&many, &many);
        assert_eq!(r.attacker[14..], [14, 15, 15, 15, 15, 15]);
        // A 2,000 piece outranks 19 values, but only the 15 unmerged classes count as lesser.
        assert_eq!(r.below[19], 15);
        assert_eq!(r.below[3], 3);
    }
}
