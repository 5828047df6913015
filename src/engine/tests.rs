//! One property, through every path the engine has: a piece's moves are the same whether the
//! generator lists them, the attack test asks for them, perft's leaf count counts them (from the
//! bit sets) or a reader of the diagrams' [`Engine::table_moves`] works them out.
//! Checked for every kind on every square of every shipped board (on an empty board and on a
//! board full of enemies) and for every piece of a few built positions. A unit-test module only:
//! `engine/mod.rs` declares it under #[cfg(test)], so the definition files it names are test data.

use super::attacks::NO_SQUARE;
use super::bitboard::BitBoard;
use super::position::{Piece, Position};
use super::visit::{Ends, TableMove};
use super::words::Occupancy;
use super::{Engine, Move, MoveKind};
use crate::compile::{compile_file, compile_str};
use crate::geometry::{Player, Square};
use crate::rules::{Hop, PieceKind, RuleSet};
use std::collections::BTreeSet;
use std::path::Path;

/// A landing: the square, and whether the move captures the piece standing there.
type Landing = (Square, bool);

fn definition(name: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("definitions")
        .join(name);
    compile_file(&path).unwrap_or_else(|d| panic!("{name}: {d:?}"))
}

fn shipped() -> Vec<(String, RuleSet)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("definitions/")
        .flatten()
        .map(|f| f.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".variant"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let rules = definition(&n);
            (n, rules)
        })
        .collect()
}

/// Whether every capture of `kind` may take any kind and every hop may use any screen: then
/// the diagrams' moves, which do not say which kinds, tell exactly what it captures.
fn unrestricted(rules: &RuleSet, kind: PieceKind) -> bool {
    let piece = rules.piece(kind);
    piece.moves.iter().all(|r| {
        r.capturing.is_none()
            && r.not_capturing.is_empty()
            && r.not_over.is_empty()
            && r.patterns.iter().all(|p| !p.royal_only)
    }) && piece
        .rides
        .iter()
        .all(|r| r.not_capturing.is_empty() && r.not_over.is_empty())
}

/// What the generator gives the piece on `from`, pseudo-legally.
struct Generated {
    /// Where it may land (en passant aside, whose victim stands elsewhere).
    landings: BTreeSet<Landing>,
    /// Every square whose piece some move captures: on the landing or in passing (a locust;
    /// en passant is no attack on the victim's square).
    captures: BTreeSet<Square>,
    /// How many moves.
    n: usize,
}

fn generated(e: &Engine, pos: &Position, from: Square) -> Generated {
    let p = pos.piece_at(from).expect("a piece");
    let mut out: Vec<Move> = Vec::new();
    e.piece_moves(pos, from, p.player, p.kind, &mut out);
    let captured_on = |m: &Move| m.to != from && pos.piece_at(m.to).is_some();
    let landings = out
        .iter()
        .filter(|m| !matches!(m.kind, MoveKind::EnPassant { .. }))
        .map(|m| (m.to, captured_on(m)))
        .collect();
    let captures = out
        .iter()
        .flat_map(|m| {
            let locust = match m.kind {
                MoveKind::Locust { victim } => Some(victim),
                _ => None,
            };
            [captured_on(m).then_some(m.to), locust]
        })
        .flatten()
        .collect();
    Generated {
        landings,
        captures,
        n: out.len(),
    }
}

/// What stands on `s` for the piece of `us` that left `from`: `None` empty, else whether it is
/// an enemy.
fn stands(pos: &Position, s: Square, us: Player, from: Square) -> Option<bool> {
    if s == from {
        return None;
    }
    pos.piece_at(s).map(|p| p.player != us)
}

/// Whether a move with `ends` may stop on a square holding `what`; and if so, whether it
/// captures there.
fn ends_on(ends: Ends, what: Option<bool>) -> Option<bool> {
    match what {
        None if ends.empty => Some(false),
        Some(true) if ends.enemy => Some(true),
        _ => None,
    }
}

/// The diagrams' reading: where the piece on `from` may land, worked out from
/// [`Engine::table_moves`] alone.
fn from_table_moves(e: &Engine, pos: &Position, from: Square) -> BTreeSet<Landing> {
    let p = pos.piece_at(from).expect("a piece");
    let us = p.player;
    let at = |s: Square| stands(pos, s, us, from);
    let mut out = BTreeSet::new();
    let mut land = |s: Square, ends: Ends, what: Option<bool>| {
        if let Some(c) = ends_on(ends, what) {
            out.insert((s, c));
        }
    };
    for m in e.table_moves(p.kind, us, from) {
        match m {
            TableMove::Leap { to, blocker, ends } => {
                if blocker.is_none_or(|b| at(b).is_none()) {
                    land(to, ends, at(to));
                }
            }
            TableMove::Ride { squares, hop, ends } => match hop {
                Hop::None | Hop::Screen => {
                    let mut past = hop == Hop::None;
                    for s in squares {
                        let what = at(s.square);
                        if !past {
                            past = what.is_some();
                            continue;
                        }
                        if s.land {
                            land(s.square, ends, what);
                        }
                        if what.is_some() {
                            break;
                        }
                    }
                }
                Hop::Grasshopper => {
                    if let Some(i) = squares.iter().position(|s| at(s.square).is_some()) {
                        if let Some(s) = squares.get(i + 1).filter(|s| s.land) {
                            land(s.square, ends, at(s.square));
                        }
                    }
                }
            },
            TableMove::Path { steps, to, ends } => {
                let through = steps.iter().all(|s| match at(s.square) {
                    None => s.need.empty,
                    Some(true) => s.need.enemy,
                    Some(false) => s.need.friend,
                });
                if through {
                    land(to, ends, at(to));
                }
            }
        }
    }
    out
}

/// Checks every path for the piece on `from`: the generator against the diagrams' reading, the
/// attack test on every square, and the words' count where the leaf count uses them.
fn same_moves_everywhere(what: &str, e: &Engine, pos: &Position, from: Square) {
    let p = pos.piece_at(from).expect("a piece");
    let Generated {
        landings: generated,
        captures,
        n,
    } = generated(e, pos, from);
    let read = from_table_moves(e, pos, from);
    let unrestricted = unrestricted(e.rules(), p.kind);
    if unrestricted {
        assert_eq!(generated, read, "{what}: generator vs table_moves");
    } else {
        assert!(
            generated.is_subset(&read),
            "{what}: generator vs table_moves"
        );
    }
    // The attack test: every enemy it attacks is one the generator captures, landing or passing.
    for (s, q) in pos.pieces() {
        if q.player == p.player || s == from {
            continue;
        }
        let attacks = e.piece_attacks(pos, from, p, s, q.kind, NO_SQUARE);
        assert_eq!(
            attacks,
            captures.contains(&s),
            "{what}: attack test on {}",
            e.rules().board.dims.name(s)
        );
    }
    // The leaf count from the words, where perft's last ply takes it.
    let counted = by_width!(e, g => {
        let w = g.word_moves(p.player, p.kind, from);
        (w.countable && pos.ep.is_none())
            .then(|| g.words.count(w, Occupancy::of(pos, p.player)))
    });
    if let Some(count) = counted {
        assert_eq!(count as usize, n, "{what}: leaf count from the words");
    }
    // The evaluation's pass (mobility and threats): the same count, and on every enemy the
    // attack set agrees with the general attack test.
    let attacked = by_width!(e, g => {
        let w = g.word_moves(p.player, p.kind, from);
        w.simple.then(|| {
            let occ = Occupancy::of(pos, p.player);
            let (count, att) = g.words.count_attacks(w, occ);
            assert_eq!(count, g.words.count(w, occ), "{what}: count with attacks");
            let alone = g.words.attack_set(w, Occupancy::all(pos));
            assert_eq!(att.to_set(), alone.to_set(), "{what}: attack set");
            att.to_set()
        })
    });
    if let Some(att) = attacked {
        for (s, q) in pos.pieces() {
            if q.player != p.player && s != from {
                assert_eq!(
                    att.contains(s),
                    captures.contains(&s),
                    "{what}: attack set on {}",
                    e.rules().board.dims.name(s)
                );
            }
        }
    }
}

/// Every kind of each side on every square of `rules`' board, alone on an empty board and
/// alone among enemies on every other square.
fn every_kind_on_every_square(name: &str, rules: &RuleSet) {
    let e = Engine::new(rules.clone()).unwrap_or_else(|err| panic!("{name}: {err}"));
    let dims = rules.board.dims;
    let squares: Vec<Square> = rules.board.squares.iter().collect();
    for us in Player::BOTH {
        let filler = Piece::new(us.other(), PieceKind::from_index(0)).code();
        let mut full = Position::empty();
        for &s in &squares {
            full.put_code(s, filler);
        }
        for k in 0..rules.pieces.len() {
            let kind = PieceKind::from_index(k);
            let code = Piece::new(us, kind).code();
            for &from in &squares {
                let what = format!(
                    "{name}: {} of {us:?} on {}",
                    rules.piece(kind).name,
                    dims.name(from)
                );
                let mut alone = Position::empty();
                alone.side = us;
                alone.put_code(from, code);
                same_moves_everywhere(&format!("{what}, empty board"), &e, &alone, from);
                let mut among = full.clone();
                among.side = us;
                among.put_code(from, code);
                same_moves_everywhere(&format!("{what}, among enemies"), &e, &among, from);
            }
        }
    }
}

/// Every piece of both sides in `pos`, and the leaf count against the list.
fn every_piece(name: &str, e: &Engine, pos: &Position) {
    for (from, _) in pos.pieces() {
        same_moves_everywhere(name, e, pos, from);
    }
    let mut buf = Vec::new();
    let listed = e.legal_moves(pos).len() as u64;
    assert_eq!(e.count_legal(pos, &mut buf), listed, "{name}: leaf count");
    assert_eq!(e.perft(pos, 1), listed, "{name}: perft 1");
}

#[test]
fn every_kind_on_every_square_of_every_shipped_board_gets_the_same_moves_through_every_path() {
    let all = shipped();
    assert!(all.len() >= 30, "{} shipped definitions", all.len());
    for (name, rules) in &all {
        every_kind_on_every_square(name, rules);
    }
}

#[test]
fn the_pieces_of_built_positions_get_the_same_moves_through_every_path() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let cases = [
        ("chess.variant", None),
        ("chess.variant", Some(kiwipete)),
        (
            "chess.variant",
            Some("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
        ),
        ("xiangqi.variant", None),
        (
            "xiangqi.variant",
            Some("r1bakabr1/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 3 2"),
        ),
        ("shogi.variant", None),
        ("janggi.variant", None),
        ("spartan.variant", None),
    ];
    for (name, fen) in cases {
        let e = Engine::new(definition(name)).unwrap_or_else(|err| panic!("{name}: {err}"));
        let pos = match fen {
            Some(f) => e
                .position_from_fen(f)
                .unwrap_or_else(|err| panic!("{name}: {}", err.message)),
            None => e.start_position(),
        };
        every_piece(name, &e, &pos);
        // Two plies on, along the first moves, to meet pieces off their start squares.
        let mut p = pos;
        for _ in 0..2 {
            let Some(&mv) = e.legal_moves(&p).last() else {
                break;
            };
            p = e.play(&p, mv);
            every_piece(name, &e, &p);
        }
    }
}

#[test]
fn lame_leaps_hoppers_riders_and_locusts_get_the_same_moves_through_every_path() {
    let rules = compile_str(
        "moves.variant",
        "variant \"Moves\" board 8x8 zone last_rank = rank 8 \
         piece King K { moves K royal } piece Horse H { moves nN } piece Elephant E { moves nA } \
         piece Mover M { moves mRcB } piece Nightrider S { moves NN } \
         piece Cannon C { moves mRcpR } piece Grasshopper G { moves gQ } \
         piece Locust L { moves afFcafF } \
         piece Pawn P { moves fmWfcFifmnD promotes to Horse, Mover in last_rank forced } \
         start \"k1s1ecgh/ppmppppl/8/8/8/8/LPPPPMPP/HGCE1S1K w - - 0 1\"",
        Path::new("."),
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    every_kind_on_every_square("moves", &rules);
    let e = Engine::new(rules).expect("engine");
    let pos = e
        .position_from_fen("k3e1g1/2p1c3/1s2P3/3L1h2/2C1m3/1G3p2/4H3/4K2S w - - 0 1")
        .unwrap_or_else(|err| panic!("{}", err.message));
    every_piece("moves", &e, &pos);
}

/// The quiescence search's generator lists exactly the tactical moves of the full list, in its
/// order, in every position of a few seeded random games of every shipped definition (and of the
/// walls fixtures' kind of rules, through the shipped walls variants).
#[test]
fn the_tactical_moves_are_the_legal_captures_and_promotions_in_every_position_of_random_games() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for (name, rules) in shipped() {
        let e = Engine::new(rules).unwrap_or_else(|err| panic!("{name}: {err}"));
        let (mut all, mut tactical) = (Vec::new(), Vec::new());
        for _game in 0..4 {
            let mut pos = e.start_position();
            for ply in 0..120 {
                e.legal_into(&pos, &mut all);
                e.tactical_into(&pos, &mut tactical);
                let expected: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|&m| e.is_tactical(&pos, m))
                    .collect();
                assert_eq!(
                    tactical,
                    expected,
                    "{name}, ply {ply}: {}",
                    super::fen::to_fen(e.rules(), &pos)
                );
                checked += 1;
                if all.is_empty() {
                    break;
                }
                // Captures are played more often than chance would, to reach tactical positions.
                let pick = if !expected.is_empty() && next() % 2 == 0 {
                    expected[(next() % expected.len() as u64) as usize]
                } else {
                    all[(next() % all.len() as u64) as usize]
                };
                pos = e.play(&pos, pick);
            }
        }
    }
    assert!(checked > 10_000, "{checked} positions");
}
