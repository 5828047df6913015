//! Zobrist keys: fixed pseudo-random numbers for hashing positions, the same for every variant.

use crate::geometry::Player;
use crate::rules::{PieceKind, MAX_IN_HAND};
use std::sync::OnceLock;

/// Kinds the engine supports: the language's limit (piece codes fit a byte with the player bit).
pub(super) const MAX_KINDS: usize = crate::rules::MAX_PIECE_KINDS;
/// Hand keys per kind and player: one per count from 0 to [`MAX_IN_HAND`].
const HAND_KEYS: usize = MAX_IN_HAND as usize + 1;

struct Keys {
    board: Vec<u64>,
    hand: Vec<u64>,
    side: u64,
    castling: [u64; 16],
    ep: Vec<u64>,
    pending: Vec<u64>,
    gate: Vec<u64>,
    wall: Vec<u64>,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut s = 0x2545_F491_4F6C_DD1D;
        let mut gen = |n: usize| (0..n).map(|_| splitmix(&mut s)).collect::<Vec<u64>>();
        let board = gen(2 * MAX_KINDS * 256);
        let hand = gen(2 * MAX_KINDS * HAND_KEYS);
        let side = gen(1)[0];
        let c = gen(16);
        let ep = gen(256);
        let pending = gen(256);
        let gate = gen(256);
        // Drawn last, so the keys before are those of the versions without walls.
        let wall = gen(256);
        let mut castling = [0u64; 16];
        castling.copy_from_slice(&c);
        Keys {
            board,
            hand,
            side,
            castling,
            ep,
            pending,
            gate,
            wall,
        }
    })
}

/// Key of a piece of `kind` owned by `player` on square index `sq`.
#[inline]
pub(super) fn piece(player: Player, kind: PieceKind, sq: usize) -> u64 {
    keys().board[(player.index() * MAX_KINDS + kind.index()) * 256 + sq]
}

/// Key of the `count`-th piece of `kind` in `player`'s hand (count from 1; up to [`MAX_IN_HAND`]).
#[inline]
pub(super) fn hand(player: Player, kind: PieceKind, count: u8) -> u64 {
    keys().hand
        [(player.index() * MAX_KINDS + kind.index()) * HAND_KEYS + (count as usize % HAND_KEYS)]
}

/// Key toggled when the second player is to move.
#[inline]
pub(super) fn side() -> u64 {
    keys().side
}

/// Key of a set of castling rights, given as their bits (`CastlingRights::bits`).
#[inline]
pub(super) fn castling(bits: u8) -> u64 {
    keys().castling[usize::from(bits) & 15]
}

/// Key of an en-passant target square.
#[inline]
pub(super) fn ep(sq: usize) -> u64 {
    keys().ep[sq]
}

/// Key of a pending delayed promotion on a square.
#[inline]
pub(super) fn pending(sq: usize) -> u64 {
    keys().pending[sq]
}

/// Key of a gate right on a square (`gating`).
#[inline]
pub(super) fn gate(sq: usize) -> u64 {
    keys().gate[sq]
}

/// Key of a wall on a square (`walls`).
#[inline]
pub(super) fn wall(sq: usize) -> u64 {
    keys().wall[sq]
}

/// Key of a small game-rule counter (`slot`: checks given by each player, passes in a row, facing
/// before the last move) at `value`; zero at zero, so positions of variants without these rules
/// hash as before.
#[inline]
pub(super) fn rule_state(slot: usize, value: u8) -> u64 {
    if value == 0 {
        return 0;
    }
    let mut state = 0x5EED_0000_0000_0000u64 ^ ((slot as u64) << 8 | value as u64);
    splitmix(&mut state)
}
