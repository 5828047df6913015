//! The move generator answers from bit sets as wide as the board needs (a 64-bit word on a
//! board of at most 64 squares, a 128-bit one up to 128, a 256-bit set on a larger one, chosen
//! once when the engine is built): move counts at perft's last ply, attack tests, the legality
//! filter; a piece whose moves the sets cannot hold walks the move tables. Every way must give
//! the same answers. Here, on the same board, an engine built [`Engine::with_wide_sets`]
//! computes in the 256-bit sets and one built [`Engine::with_table_walk`] walks the tables for
//! every piece; along seeded random games of every shipped definition of at most 128 squares
//! and of definitions built for each mechanism (facing, duple check, promotion to a royal, lame
//! leaps, hoppers, riders, one-way slides, en passant, castling, drops, promotions, locusts,
//! gating) the three engines must list the same legal moves, count the same perft to depth 2
//! and find the same squares attacked by either side.

use chimera::Player;
use chimera::RuleSet;
use chimera::{compile_file, compile_str};
use chimera::{move_text, to_fen};
use chimera::{Engine, Position};
use std::path::Path;

/// A fixed pseudo-random sequence (the games must be the same on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The engine in 64-bit words, the one in wide sets and the one that walks the tables, from
/// the same rules.
fn engines(rules: RuleSet) -> [Engine; 3] {
    let narrow = Engine::new(rules.clone()).expect("engine");
    let wide = Engine::new(rules.clone()).expect("engine").with_wide_sets();
    let walk = Engine::new(rules).expect("engine").with_table_walk();
    [narrow, wide, walk]
}

/// The legal moves as sorted text.
fn listed(e: &Engine, p: &Position) -> Vec<String> {
    let mut v: Vec<String> = e
        .legal_moves(p)
        .into_iter()
        .map(|m| move_text(e, p, m))
        .collect();
    v.sort();
    v
}

/// Compares the engine `fast` with each of `others` (named) in `p`: the moves, the leaf counts
/// (perft 1 and 2, each also against the list) and every attack test (each square, as holding
/// each kind, by each side).
fn compare(name: &str, fast: &Engine, others: &[(&str, &Engine)], p: &Position) {
    let fen = to_fen(fast, p);
    let moves = listed(fast, p);
    assert_eq!(
        fast.perft(p, 1),
        moves.len() as u64,
        "{name}: leaf count in {fen}"
    );
    let perft2 = fast.perft(p, 2);
    let check = fast.in_check(p);
    let dims = fast.rules().board.dims;
    let attacks = |e: &Engine| {
        let mut v = Vec::new();
        for target in dims.squares() {
            for kind in fast.rules().kinds() {
                for by in [Player::First, Player::Second] {
                    v.push(((target, kind, by), e.attacks(p, target, by, kind)));
                }
            }
        }
        v
    };
    let attacked = attacks(fast);
    for &(how, other) in others {
        assert_eq!(
            moves,
            listed(other, p),
            "{name} ({how}): moves differ in {fen}"
        );
        assert_eq!(
            other.perft(p, 1),
            moves.len() as u64,
            "{name} ({how}): leaf count in {fen}"
        );
        assert_eq!(
            other.perft(p, 2),
            perft2,
            "{name} ({how}): perft 2 in {fen}"
        );
        assert_eq!(other.in_check(p), check, "{name} ({how}): check in {fen}");
        for (&((target, kind, by), a), (_, b)) in attacked.iter().zip(attacks(other)) {
            assert_eq!(
                a,
                b,
                "{name} ({how}): attack on {} (as a {}) by {by:?} in {fen}",
                dims.name(target),
                fast.rules().piece(kind).name,
            );
        }
    }
}

/// Plays `games` random games of up to `plies` moves and compares the engines at every ply;
/// returns the number of positions compared.
fn compare_in_random_games(name: &str, rules: RuleSet, games: usize, plies: usize) -> usize {
    let [fast, wide, walk] = engines(rules);
    let mut rng = Lcg(0xfa57 ^ name.len() as u64);
    let mut seen = 0;
    for _ in 0..games {
        let mut pos = fast.start_position();
        for _ in 0..plies {
            compare(
                name,
                &fast,
                &[("wide sets", &wide), ("table walk", &walk)],
                &pos,
            );
            seen += 1;
            let moves = fast.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = fast.play(&pos, moves[rng.below(moves.len())]);
        }
    }
    seen
}

fn inline(name: &str, src: &str) -> RuleSet {
    compile_str(name, src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)))
}

/// Every shipped definition, compiled, by file name in order.
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
        .map(|name| {
            let rules = compile_file(&dir.join(&name))
                .unwrap_or_else(|d| panic!("{name}: {:?}", miette::Report::new(d)));
            (name, rules)
        })
        .collect()
}

#[test]
fn the_narrow_and_the_wide_sets_agree_in_every_shipped_definition_on_a_small_board() {
    let mut small = 0;
    for (name, rules) in shipped() {
        if rules.board.dims.len() > 64 {
            continue;
        }
        small += 1;
        let seen = compare_in_random_games(&name, rules, 3, 60);
        assert!(seen >= 6, "{name}: only {seen} positions");
    }
    // chess, 3check, crazyhouse, kingofthehill, racingkings, seirawan, shatranj, sittuyin,
    // spartan, shogun, octal-xiangqi, minishogi, kyotoshogi, minixiangqi...
    assert!(small >= 14, "{small} small shipped definitions");
}

#[test]
fn the_128_bit_and_the_wide_sets_agree_in_every_shipped_definition_of_65_to_128_squares() {
    let mut middle = 0;
    for (name, rules) in shipped() {
        if !(65..=128).contains(&rules.board.dims.len()) {
            continue;
        }
        middle += 1;
        let seen = compare_in_random_games(&name, rules, 2, 30);
        assert!(seen >= 4, "{name}: only {seen} positions");
    }
    // xiangqi, shogi, grand, xiang-fu, shoxiang...
    assert!(
        middle >= 5,
        "{middle} shipped definitions of 65 to 128 squares"
    );
}

#[test]
fn the_narrow_and_the_wide_sets_agree_under_facing() {
    let rules = inline(
        "facing.variant",
        "variant \"F\" board 8x8 zone palace = c1-f3 \
         piece General K { moves W royal confined palace } piece Knight N { moves N } \
         piece Rook R { moves R } piece Cannon C { moves mRcpR } facing \
         start \"2rkn3/3n4/8/8/8/8/3N4/2CKR3 w - - 0 1\"",
    );
    assert!(compare_in_random_games("facing", rules, 12, 60) > 200);
}

#[test]
fn the_narrow_and_the_wide_sets_agree_under_duple_check_and_promotion_to_a_royal() {
    let duple = inline(
        "duple.variant",
        "variant \"D\" board 8x8 zone last_rank = rank 8 \
         piece King K { moves K royal } piece Queen Q { moves Q } piece Rook R { moves R } \
         piece Pawn P { moves fmWfcF promotes to King, Queen in last_rank forced } \
         royal-rule duple \
         start \"r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K2QR w - - 0 1\"",
    );
    assert!(compare_in_random_games("duple", duple, 12, 80) > 300);
    let plain = inline(
        "royal-promotion.variant",
        "variant \"R\" board 8x8 zone last_rank = rank 8 \
         piece King K { moves K royal } piece Queen Q { moves Q } piece Rook R { moves R } \
         piece Pawn P { moves fmWfcF promotes to King, Queen in last_rank forced } \
         start \"r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K2QR w - - 0 1\"",
    );
    assert!(compare_in_random_games("royal-promotion", plain, 12, 80) > 300);
}

#[test]
fn the_narrow_and_the_wide_sets_agree_with_lame_leaps_hoppers_riders_locusts_and_en_passant() {
    let rules = inline(
        "moves.variant",
        "variant \"Moves\" board 8x8 zone last_rank = rank 8 \
         piece King K { moves K royal } piece Horse H { moves nN } piece Elephant E { moves nA } \
         piece Mover M { moves mRcB } piece Nightrider S { moves NN } \
         piece Cannon C { moves mRcpR } piece Grasshopper G { moves gQ } \
         piece Locust L { moves afFcafF } \
         piece Pawn P { moves fmWfceFifmnD promotes to Horse, Mover in last_rank forced } \
         start \"k1s1ecgh/ppmppppl/8/8/8/8/LPPPPMPP/HGCE1S1K w - - 0 1\"",
    );
    assert!(compare_in_random_games("moves", rules, 16, 100) > 600);
}

#[test]
fn the_narrow_and_the_wide_sets_agree_with_castling_drops_and_gating() {
    let gating = inline(
        "gating.variant",
        "variant \"G\" board 8x8 \
         piece King K { moves K royal } piece Rook R { moves R } piece Knight N { moves N } \
         piece Hawk H { moves BN } piece Elephant E { moves RN } \
         piece Pawn P { moves fmWfcFifmnD } \
         castling King Rook gating in rank 1 \
         start \"rn2k1nr/pppppppp/8/8/8/8/PPPPPPPP/RN2K1NR[HEhe] w KQBGkqbg - 0 1\"",
    );
    assert!(compare_in_random_games("gating", gating, 10, 60) > 200);
    let drops = inline(
        "drops.variant",
        "variant \"Drops\" board 6x6 zone far = rank 6 \
         piece King K { moves K royal } piece Rook R { moves R } piece Bishop B { moves B } \
         piece Pawn P { moves fmWfcF promotes to Rook, Bishop in far forced } \
         drops { kinds all no-mate Pawn one-per-file Pawn } \
         start \"rbk1br/pppppp/6/6/PPPPPP/RBK1BR w - - 0 1\"",
    );
    assert!(compare_in_random_games("drops", drops, 12, 80) > 300);
}
