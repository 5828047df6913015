//! Flag rules (`goal`): several kinds or any kind, a count of pieces with `or-full`, a `safe`
//! arrival, an arrival `held` through the opponent's reply, and racing kings' `reply` — each on
//! a position of a shipped game (dobutsu, jesonmor, alapo, kono) or a small inline one, with the
//! exact outcome or legal moves. Fairy-Stockfish agrees on every position here (the perft files
//! of those games hold the same positions with its counts). The game-end test is the same in
//! the 64-bit fast path, the wide sets and the table walk (last test).

use chimera::compile_str;
use chimera::interop::export::export;
use chimera::interop::import::import_section;
use chimera::interop::ini::IniFile;
use chimera::Player;
use chimera::{Ending, Engine, GameResult, Status};
use std::path::Path;

use crate::common;
use common::{after, all_moves, load, pos, strs};

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

fn won_by(p: Player) -> Status {
    Status::Ended(Ending::Goal, GameResult::Win(p))
}

const WHITE: Player = Player::First;
const BLACK: Player = Player::Second;

// ---- safe: dobutsu -----------------------------------------------------------------------

#[test]
fn dobutsu_a_lion_that_reaches_the_far_rank_unattacked_wins_at_once() {
    // Sente's Lion on a3; Gote's Lion on c4 guards b4 and b3, not a4.
    let e = load("dobutsu.variant");
    let fen = "2l/L2/3/3[-] w - - 0 1";
    let p = after(&e, fen, &["a3a4"]);
    assert_eq!(e.status(&p), won_by(WHITE));
    assert!(e.legal_moves(&p).is_empty());
}

#[test]
fn dobutsu_a_lion_that_arrives_attacked_has_not_won_and_may_be_taken() {
    let e = load("dobutsu.variant");
    let p = after(&e, "2l/L2/3/3[-] w - - 0 1", &["a3b4"]);
    assert_eq!(e.status(&p), Status::Ongoing { check: false });
    // Gote's Lion takes it: Sente has no Lion left and loses.
    let taken = after(&e, "2l/L2/3/3[-] w - - 0 1", &["a3b4", "c4b4"]);
    assert_eq!(
        e.status(&taken),
        Status::Ended(Ending::Extinction, GameResult::Win(BLACK))
    );
}

#[test]
fn dobutsu_an_attacked_lion_wins_once_the_attacker_walks_away() {
    // Sente's Lion on a4 is attacked by Gote's Lion on b3; Gote to move lists all its Lion's
    // moves (it need not take), and one that stops attacking a4 loses at once.
    let e = load("dobutsu.variant");
    let fen = "L2/1l1/3/3[-] b - - 0 1";
    assert_eq!(e.status(&pos(&e, fen)), Status::Ongoing { check: false });
    assert_eq!(
        all_moves(&e, fen),
        strs(&["b3a2", "b3a3", "b3a4", "b3b2", "b3b4", "b3c2", "b3c3", "b3c4"])
    );
    assert_eq!(e.status(&after(&e, fen, &["b3b2"])), won_by(WHITE));
    // Still attacking from b4: the game goes on.
    assert_eq!(
        e.status(&after(&e, fen, &["b3b4"])),
        Status::Ongoing { check: false }
    );
}

#[test]
fn dobutsu_both_lions_safely_home_is_a_draw() {
    let e = load("dobutsu.variant");
    let p = pos(&e, "L2/3/3/2l[-] w - - 0 1");
    assert_eq!(e.status(&p), Status::Ended(Ending::Goal, GameResult::Draw));
    assert_eq!(e.perft(&p, 1), 0);
}

// ---- held: jesonmor ---------------------------------------------------------------------

#[test]
fn jesonmor_the_centre_must_be_held_through_the_reply() {
    // White's knight d3 jumps to e5; Black's knight on c4 may take it there.
    let e = load("jesonmor.variant");
    let fen = "n8/9/9/9/9/2n6/3N5/9/9 w - - 0 1";
    let arrived = after(&e, fen, &["d3e5"]);
    assert_eq!(e.status(&arrived), Status::Ongoing { check: false });
    // All of Black's moves, taking or not: a9 has 2, c4 has 8.
    assert_eq!(e.legal_moves(&arrived).len(), 10);
    // Not taken: after Black's reply the knight still stands there, and White wins.
    assert_eq!(e.status(&after(&e, fen, &["d3e5", "a9b7"])), won_by(WHITE));
    // Taken: White has no piece and no move (stalemate loses).
    assert_eq!(
        e.status(&after(&e, fen, &["d3e5", "c4e5"])),
        Status::Stalemate(GameResult::Win(BLACK))
    );
}

// ---- any, safe and held: alapo --------------------------------------------------------------

#[test]
fn alapo_any_piece_that_reaches_the_base_rank_unattacked_wins_at_once() {
    let e = load("alapo.variant");
    assert_eq!(
        e.status(&pos(&e, "R5/6/6/3k2/6/5K b - - 0 1")),
        won_by(WHITE)
    );
    // A Ferz counts as well as a Rook.
    assert_eq!(
        e.status(&pos(&e, "F5/6/6/3k2/6/5K b - - 0 1")),
        won_by(WHITE)
    );
}

#[test]
fn alapo_an_attacked_arrival_must_survive_the_reply() {
    // The Rook on a6 is attacked by Black's King on b5: Black moves (8 King moves); taking the
    // Rook goes on, any other move loses.
    let e = load("alapo.variant");
    let fen = "R5/1k4/6/6/6/5K b - - 0 1";
    assert_eq!(e.legal_moves(&pos(&e, fen)).len(), 8);
    assert_eq!(e.status(&after(&e, fen, &["b5c4"])), won_by(WHITE));
    assert_eq!(
        e.status(&after(&e, fen, &["b5a6"])),
        Status::Ongoing { check: false }
    );
    assert_eq!(e.perft(&pos(&e, fen), 2), 3);
}

#[test]
fn alapo_with_more_pieces_there_than_the_count_none_need_be_safe() {
    // Two White pieces on the base rank, one attacked: more than the count of one, so White has
    // won (Fairy-Stockfish asks for safety only when exactly the count stand there).
    let e = load("alapo.variant");
    assert_eq!(
        e.status(&pos(&e, "RR4/1k4/6/6/6/5K b - - 0 1")),
        won_by(WHITE)
    );
}

// ---- count and or-full: kono -----------------------------------------------------------

#[test]
fn kono_seven_pieces_on_the_opponents_squares_win() {
    let e = load("kono.variant");
    let p = pos(&e, "PPPPP/P3P/5/p3p/ppppp b - - 0 1");
    assert_eq!(e.status(&p), won_by(WHITE));
    // Six are not enough while a square of the camp is free.
    let six = pos(&e, "PPPP1/P3P/1p3/p3p/pppp1 b - - 0 1");
    assert_eq!(e.status(&six), Status::Ongoing { check: false });
}

#[test]
fn kono_fewer_win_when_the_opponent_blocks_the_rest_of_the_camp() {
    // White's camp is rank 5, a4 and e4: White holds b5 and e4, Black c5, d5, e5 and a4; the
    // last free square is a5, and White's b4 steps onto it.
    let e = load("kono.variant");
    let fen = "1Pppp/pP2P/5/5/5 w - - 0 1";
    assert_eq!(e.status(&pos(&e, fen)), Status::Ongoing { check: false });
    assert_eq!(e.status(&after(&e, fen, &["b4a5"])), won_by(WHITE));
    // Another move leaves a5 free: the game goes on.
    assert_eq!(
        e.status(&after(&e, fen, &["b4a3"])),
        Status::Ongoing { check: false }
    );
}

// ---- several kinds, reply, and the old forms ----------------------------------------------

#[test]
fn several_goal_kinds_each_count() {
    let src = |fen: &str| {
        format!(
            "variant \"T\" board 5x5 piece King K {{ moves K royal }} piece Queen Q {{ moves Q }} \
             piece Rook R {{ moves R }} zone hill = absolute c3 goal King, Queen in hill \
             start \"{fen}\""
        )
    };
    let fen = "k4/5/1Q3/5/K3R w - - 0 1";
    let e = engine(&src(fen));
    assert_eq!(e.status(&after(&e, fen, &["b3c3"])), won_by(WHITE));
    let rook = "k4/5/5/5/K1R2 w - - 0 1";
    let e = engine(&src(rook));
    assert_eq!(
        e.status(&after(&e, rook, &["c1c3"])),
        Status::Ongoing { check: false }
    );
}

#[test]
fn racing_kings_reply_still_draws_and_the_shipped_goals_keep_their_meaning() {
    let racing = load("racingkings.variant");
    let g = racing.rules().end.goal.as_ref().expect("a goal");
    assert!(g.reply && !g.held && !g.safe && !g.or_full && g.count == 1);
    let fen = "8/K6k/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        racing.status(&after(&racing, fen, &["a7a8", "h7h8"])),
        Status::Ended(Ending::Goal, GameResult::Draw)
    );
    let hill = load("kingofthehill.variant");
    let g = hill.rules().end.goal.as_ref().expect("a goal");
    assert!(!g.reply && !g.held && !g.safe && g.count == 1);
    assert_eq!(g.kinds.as_ref().map(Vec::len), Some(1));
}

// ---- the exporter and the importer ------------------------------------------------------

#[test]
fn the_flag_games_export_as_fairy_stockfish_flag_keys() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "dobutsu",
            &[
                "flagPiece = l\n",
                "flagPieceSafe = true\n",
                "flagMove = false\n",
            ],
        ),
        // The only kind is every kind: `*`.
        ("jesonmor", &["flagPiece = *\n", "flagMove = true\n"]),
        (
            "alapo",
            &[
                "flagPiece = *\n",
                "flagPieceSafe = true\n",
                "flagMove = true\n",
            ],
        ),
    ];
    for (name, lines) in cases {
        let e = load(&format!("{name}.variant"));
        let out = export(e.rules(), name);
        // Dobutsu's Chick is refused for its forced promotion with drops (a dropped piece that
        // moves out of the zone), not for its goal.
        let others: Vec<_> = out
            .problems
            .iter()
            .filter(|p| !(name == "dobutsu" && p.message.starts_with("Chick: a forced promotion")))
            .collect();
        assert!(others.is_empty(), "{name}: {others:?}");
        for l in lines {
            assert!(out.text.contains(l), "{name}: {l} in\n{}", out.text);
        }
    }
}

#[test]
fn a_goal_fairy_stockfish_cannot_state_is_refused_in_the_languages_words() {
    // Two kinds (not every kind) cannot be one flag piece.
    let e = engine(
        "variant \"T\" board 5x5 piece King K { moves K royal } piece Queen Q { moves Q } \
         piece Rook R { moves R } zone hill = absolute c3 goal King, Queen in hill \
         start \"k4/5/1Q3/5/K3R w - - 0 1\"",
    );
    let out = export(e.rules(), "t");
    assert!(
        out.problems
            .iter()
            .any(|p| p.message.contains("`goal King, Queen`")),
        "{:?}",
        out.problems
    );
}

#[test]
fn fairy_stockfish_flag_keys_import_as_goal_statements() {
    let ini = IniFile::parse(
        "[held:chess]\nflagPiece = n\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagMove = true\n\
         [anysafe:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n\
         [filled:chess]\nflagPiece = p\nflagRegionWhite = *7\nflagRegionBlack = *2\n\
         flagPieceCount = 3\nflagPieceBlockedWin = true\n\
         [racing:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *8\nflagMove = true\n\
         [oneside:chess]\nflagPiece = k\nflagRegionBlack = *1\n",
    );
    let goal_of = |name: &str| {
        let imp = import_section(&ini, name);
        let text = imp
            .source
            .unwrap_or_else(|| panic!("{name}: {:?}", imp.refused));
        assert!(
            imp.omissions.iter().all(|o| !o.key.starts_with("flag")),
            "{name}: {:?}",
            imp.omissions
        );
        text.lines()
            .find(|l| l.starts_with("goal "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{name}: no goal in\n{text}"))
    };
    assert_eq!(goal_of("held"), "goal Knight in flag_zone held");
    assert_eq!(goal_of("anysafe"), "goal any in flag_zone safe");
    assert_eq!(goal_of("filled"), "goal Pawn in flag_zone count 3 or-full");
    assert_eq!(goal_of("racing"), "goal King in flag_zone reply");
    // A region for one side only: that side alone has the goal (buffalo chess).
    assert_eq!(goal_of("oneside"), "goal King in flag_zone for Black");
}

#[test]
fn a_goal_for_one_player_wins_for_that_player_only() {
    // `for Black`: Black's pawn reaching its far rank (rank 1) wins; White's pawn reaching
    // rank 5 only promotes nothing and plays on.
    let src = |fen: &str| {
        format!(
            "variant \"T\" board 5x5 piece King K {{ moves K royal }} piece Pawn P {{ moves mfW }} \
             goal Pawn in rank 5 for Black start \"{fen}\""
        )
    };
    let fen = "k4/2P2/5/2p2/4K b - - 0 1";
    let e = engine(&src(fen));
    assert_eq!(e.status(&after(&e, fen, &["c2c1"])), won_by(BLACK));
    let white = "k4/2P2/5/2p2/4K w - - 0 1";
    let e = engine(&src(white));
    let p = after(&e, white, &["c4c5"]);
    assert_eq!(e.status(&p), Status::Ongoing { check: false });
    // Black's king and pawn still move: the game goes on.
    let moves = common::moves_in(&e, &p);
    assert_eq!(moves.len(), 4, "{moves:?}");
    // The rules sheet and the exporter say so.
    let rules = e.rules();
    assert!(rules
        .end
        .goal
        .as_ref()
        .is_some_and(|g| g.zone[WHITE].is_empty()));
    let ini = export(rules, "t");
    assert!(ini.problems.is_empty(), "{:?}", ini.problems);
    assert!(ini.text.contains("flagRegionWhite = -"), "{}", ini.text);
}

#[test]
fn a_goal_for_an_unknown_player_is_an_error_at_the_name() {
    let err = compile_str(
        "t.variant",
        "variant \"T\" board 5x5 piece King K { moves K royal } goal King in rank 5 for Red \
         start \"k4/5/5/5/4K w - - 0 1\"",
        Path::new("."),
    )
    .expect_err("Red is no player");
    let text = format!("{:?}", miette::Report::new(err));
    assert!(text.contains("unknown player `Red`"), "{text}");
}

// ---- the fast path and the general path -------------------------------------------------

#[test]
fn the_game_end_test_is_the_same_in_every_width_of_bit_set() {
    let cases = [
        ("dobutsu.variant", "L2/1l1/3/3[-] b - - 0 1"),
        ("dobutsu.variant", "2l/L2/3/3[-] w - - 0 1"),
        ("alapo.variant", "R5/1k4/6/6/6/5K b - - 0 1"),
        ("alapo.variant", "RR4/1k4/6/6/6/5K b - - 0 1"),
        ("kono.variant", "1Pppp/pP2P/5/5/5 w - - 0 1"),
        ("jesonmor.variant", "n8/9/9/9/4N4/2n6/9/9/9 b - - 0 1"),
    ];
    for (name, fen) in cases {
        let rules = load(name).rules().clone();
        let narrow = Engine::new(rules.clone()).expect("engine");
        let wide = Engine::new(rules.clone()).expect("engine").with_wide_sets();
        let walk = Engine::new(rules).expect("engine").with_table_walk();
        let p = pos(&narrow, fen);
        for other in [&wide, &walk] {
            let q = pos(other, fen);
            assert_eq!(narrow.status(&p), other.status(&q), "{name} {fen}");
            for d in 1..=3 {
                assert_eq!(narrow.perft(&p, d), other.perft(&q, d), "{name} {fen} {d}");
            }
        }
    }
}
