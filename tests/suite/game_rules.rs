//! The mechanisms of issue 14, each on a small position built for it: capture-and-return,
//! screens and captures restricted by kind, promotion limits, passing, facing royals as an end
//! rule, the end rules by material (bare royal, extinction), by squares (goal zones, with and
//! without the reply), by checks (check-limit), the ban on giving check, and a `drops` block
//! without `kinds` whose start hand stays droppable. The definitions are inline.

use chimera::compile_str;
use chimera::to_fen;
use chimera::Player;
use chimera::{Ending, Engine, GameResult, Status};
use std::path::Path;

use crate::common;
use common::{after, all_moves, moves_in, moves_of, pos, strs};

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// A board with a royal King and whatever the test adds.
fn board(size: &str, pieces: &str, rules: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard {size}\npiece King K {{ moves K royal }}\n{pieces}\n{rules}\nstart \"{fen}\"\n"
    ))
}

#[test]
fn capture_and_return_cabw_takes_a_neighbour_and_stays() {
    // The igui position: the Igui on c2 captures the pawn on c3 and returns to c2.
    let fen = "k4/5/2p2/2I2/K4 w - - 0 1";
    let e = board(
        "5x5",
        "piece Igui I { moves cabW }\npiece Pawn P { moves fW }",
        "",
        fen,
    );
    assert_eq!(moves_of(&e, fen, "c2"), strs(&["c2c2xc3"]));
    assert_eq!(e.perft(&pos(&e, fen), 1), 4);
    let p = after(&e, fen, &["c2c2xc3"]);
    assert_eq!(to_fen(&e, &p), "k4/5/5/2I2/K4 b - - 0 1");
}

#[test]
fn a_hopper_may_not_jump_or_take_the_kinds_it_names() {
    // The janggi cannon: jumps any piece but a cannon, captures anything but a cannon.
    let e = board(
        "9x10",
        "piece Cannon C { moves pR not-over Cannon not-capturing Cannon }\npiece Pawn P { moves fW }",
        "",
        "k8/9/9/4c4/9/4P4/9/1c2C2Pc/9/K8 w - - 0 1",
    );
    let fen = "k8/9/9/4c4/9/4P4/9/1c2C2Pc/9/K8 w - - 0 1";
    // Up: over the pawn on e5, but not onto the cannon on e7; left: the cannon on b3 is no
    // screen; right: over the pawn on h3, but the cannon on i3 cannot be taken.
    assert_eq!(moves_of(&e, fen, "e3"), strs(&["e3e6"]));
}

#[test]
fn promotion_limit_allows_only_kinds_below_their_count() {
    // Two rooks and a queen on the board: the pawn may only become a knight.
    let e = board(
        "8x8",
        "piece Queen Q { moves Q }\npiece Rook R { moves R }\npiece Knight N { moves N }\n\
         piece Pawn P { moves fmW promotes to Queen, Rook, Knight in rank 8 forced }",
        "promotion-limit Queen 1, Rook 2, Knight 2",
        "k7/1P6/8/8/8/8/8/KQRR4 w - - 0 1",
    );
    assert_eq!(
        moves_of(&e, "k7/1P6/8/8/8/8/8/KQRR4 w - - 0 1", "b7"),
        strs(&["b7b8n"])
    );
    // Without the queen, it may become a queen too.
    assert_eq!(
        moves_of(&e, "k7/1P6/8/8/8/8/8/K1RR4 w - - 0 1", "b7"),
        strs(&["b7b8n", "b7b8q"])
    );
}

#[test]
fn pass_is_a_move_to_the_own_square_not_in_check_and_two_end_the_game() {
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let e = board("9x10", "piece Rook R { moves R }", "pass twice draw", fen);
    let moves = all_moves(&e, fen);
    assert!(moves.contains(&"d1d1".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 6);
    // In check, no pass.
    let check = "3rk4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert!(!all_moves(&e, check).contains(&"d1d1".to_string()));
    // Two passes in a row: over, a draw, and no legal moves.
    let p = after(&e, fen, &["d1d1", "e10e10"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Passes, GameResult::Draw)
    );
    assert!(e.legal_moves(&p).is_empty());
    // One pass is not the end.
    assert_eq!(e.legal_moves(&after(&e, fen, &["d1d1"])).len(), 6);
}

#[test]
fn facing_royals_must_be_answered_or_the_game_ends() {
    // The kings face on the e file once the rook leaves it.
    let fen = "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1";
    let e = board(
        "9x10",
        "piece Rook R { moves R }",
        "pass\nfacing ends draw",
        fen,
    );
    let p = after(&e, fen, &["e6a6"]);
    // Black must break the line: its king steps off the file, or it passes and the game ends.
    let replies = common::moves_in(&e, &p);
    assert_eq!(
        replies,
        strs(&["e10d10", "e10d9", "e10e10", "e10f10", "e10f9"])
    );
    let q = after(&e, fen, &["e6a6", "e10e10"]);
    assert_eq!(
        e.status(&q),
        Status::Ended(Ending::Facing, GameResult::Draw)
    );
    assert!(e.legal_moves(&q).is_empty());
}

#[test]
fn bare_royal_loses_unless_it_can_bare_the_other_at_once() {
    let e = board(
        "8x8",
        "piece Rook R { moves R }",
        "bare-royal loss",
        "k7/8/8/8/8/8/8/KR6 b - - 0 1",
    );
    // Black is bare and White has one piece: Black still moves (it might take the rook).
    let one = pos(&e, "k7/8/8/8/8/8/8/KR6 b - - 0 1");
    assert!(!e.legal_moves(&one).is_empty());
    // White has two pieces: Black cannot bare it at once, and loses.
    let two = pos(&e, "k7/8/8/8/8/8/8/KRR5 b - - 0 1");
    assert_eq!(
        e.status(&two),
        Status::Ended(Ending::BareRoyal, GameResult::Win(Player::First))
    );
    assert_eq!(e.perft(&two, 1), 0);
    // White to move with Black bare: White has won.
    let won = pos(&e, "k7/8/8/8/8/8/8/KR6 w - - 0 1");
    assert_eq!(
        e.status(&won),
        Status::Ended(Ending::BareRoyal, GameResult::Win(Player::First))
    );
}

#[test]
fn extinction_of_a_listed_kind_loses() {
    let e = board(
        "8x8",
        "piece Queen Q { moves Q }",
        "extinction Queen",
        "k6q/8/8/8/8/8/8/KQ6 w - - 0 1",
    );
    assert!(!e
        .legal_moves(&pos(&e, "k6q/8/8/8/8/8/8/KQ6 w - - 0 1"))
        .is_empty());
    let gone = pos(&e, "k7/8/8/8/8/8/8/KQ6 b - - 0 1");
    assert_eq!(
        e.status(&gone),
        Status::Ended(Ending::Extinction, GameResult::Win(Player::First))
    );
    assert_eq!(e.perft(&gone, 2), 0);
}

#[test]
fn goal_zone_reached_wins_at_once() {
    let fen = "k7/8/8/8/8/2K5/8/8 w - - 0 1";
    let e = board(
        "8x8",
        "",
        "zone hill = absolute d4-e5\ngoal King in hill",
        fen,
    );
    let p = after(&e, fen, &["c3d4"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Goal, GameResult::Win(Player::First))
    );
    assert!(e.legal_moves(&p).is_empty());
}

#[test]
fn goal_with_reply_lets_the_second_player_arrive_too_for_a_draw() {
    let e = board(
        "8x8",
        "",
        "zone finish = absolute rank 8\ngoal King in finish reply",
        "8/K6k/8/8/8/8/8/8 w - - 0 1",
    );
    let fen = "8/K6k/8/8/8/8/8/8 w - - 0 1";
    // White arrives; Black can arrive too, so it still moves (all its moves, not only arrivals).
    let p = after(&e, fen, &["a7a8"]);
    assert_eq!(e.legal_moves(&p).len(), 5);
    let draw = after(&e, fen, &["a7a8", "h7h8"]);
    assert_eq!(
        e.status(&draw),
        Status::Ended(Ending::Goal, GameResult::Draw)
    );
    let win = after(&e, fen, &["a7a8", "h7g6"]);
    assert_eq!(
        e.status(&win),
        Status::Ended(Ending::Goal, GameResult::Win(Player::First))
    );
    // Black cannot answer from h6: White has won at once.
    let far = after(&e, "8/K7/7k/8/8/8/8/8 w - - 0 1", &["a7a8"]);
    assert_eq!(
        e.status(&far),
        Status::Ended(Ending::Goal, GameResult::Win(Player::First))
    );
}

#[test]
fn check_limit_counts_checks_and_the_fen_shows_those_left() {
    // `2+3`: White has two checks still to give, Black three.
    let fen = "1k6/8/8/8/8/8/8/K1R5 w - - 2+3 0 1";
    let e = board("8x8", "piece Rook R { moves R }", "check-limit 3", fen);
    let one = after(&e, fen, &["c1b1"]);
    assert!(matches!(e.status(&one), Status::Ongoing { check: true }));
    assert!(to_fen(&e, &one).contains(" 1+3 "), "{}", to_fen(&e, &one));
    // A quiet move leaves the count alone.
    let quiet = after(&e, fen, &["c1c2"]);
    assert!(
        to_fen(&e, &quiet).contains(" 2+3 "),
        "{}",
        to_fen(&e, &quiet)
    );
    // The last check wins at once: no legal moves after it.
    let last = after(&e, "1k6/8/8/8/8/8/8/K1R5 w - - 1+3 0 1", &["c1b1"]);
    assert_eq!(
        e.status(&last),
        Status::Ended(Ending::CheckLimit, GameResult::Win(Player::First))
    );
    assert!(e.legal_moves(&last).is_empty());
    assert!(to_fen(&e, &last).contains(" 0+3 "), "{}", to_fen(&e, &last));
}

#[test]
fn no_check_forbids_moves_that_give_check() {
    let fen = "k7/8/8/8/8/8/8/K6R w - - 0 1";
    let e = board("8x8", "piece Rook R { moves R }", "no-check", fen);
    // h1h8 would check the king on a8; every other rook move is allowed.
    assert_eq!(
        moves_of(&e, fen, "h1"),
        strs(&[
            "h1b1", "h1c1", "h1d1", "h1e1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6",
            "h1h7"
        ])
    );
}

#[test]
fn a_drops_block_without_kinds_keeps_the_start_hand_droppable() {
    // Nothing captured goes to a hand, but the knight in hand may still be dropped on rank 1.
    let fen = "k7/8/8/8/8/8/8/K7[N] w - - 0 1";
    let e = board(
        "8x8",
        "piece Knight N { moves N }",
        "drops { zone rank 1 }",
        fen,
    );
    let drops: Vec<String> = all_moves(&e, fen)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 7, "{drops:?}");
}

/// Two faces of one piece, as in Kyoto shogi: a Pawn (`fW`) whose other face is a Rook, each
/// turning into the other wherever it moves; a captured one may be dropped either face up.
fn two_faced(fen: &str) -> Engine {
    board(
        "5x5",
        "zone everywhere = all\n\
         piece Pawn P { moves fW promotes to Rook in everywhere forced }\n\
         piece Rook +P { moves R promotes to Pawn in everywhere forced }",
        "drops { kinds all drop-promoted Pawn }",
        fen,
    )
}

#[test]
fn a_piece_turns_over_with_every_move_both_ways() {
    let fen = "k4/5/5/1+P3/P3K w - - 0 1";
    let e = two_faced(fen);
    // The pawn on a1 steps to a2 and becomes a Rook (`+`); the Rook on b2 moves as a rook and
    // becomes a Pawn again (`-`, Fairy-Stockfish's sign for turning back).
    assert_eq!(moves_of(&e, fen, "a1"), strs(&["a1a2+"]));
    assert_eq!(
        moves_of(&e, fen, "b2"),
        strs(&["b2a2-", "b2c2-", "b2d2-", "b2e2-", "b2b1-", "b2b3-", "b2b4-", "b2b5-"])
    );
    let p = after(&e, fen, &["b2b5-"]);
    assert_eq!(to_fen(&e, &p), "kP3/5/5/5/P3K[] b - - 1 1");
}

#[test]
fn a_captured_two_faced_piece_is_dropped_either_face_up() {
    // Sente holds a Pawn: on each of the 22 empty squares it may enter as a Pawn or as a Rook.
    let fen = "k4/5/5/5/P3K[P] w - - 0 1";
    let e = two_faced(fen);
    let moves = all_moves(&e, fen);
    let plain = moves.iter().filter(|m| m.starts_with("P@")).count();
    let promoted = moves.iter().filter(|m| m.starts_with("+P@")).count();
    assert_eq!((plain, promoted), (22, 22));
    let p = after(&e, fen, &["+P@c3"]);
    assert_eq!(to_fen(&e, &p), "k4/5/2+P2/5/P3K[] b - - 0 1");
    // A captured Rook goes to hand as the Pawn it came from, and comes back either way.
    let fen = "k4/5/5/+p4/P3K w - - 0 1";
    let p = after(&e, fen, &["a1a2+"]);
    assert_eq!(to_fen(&e, &p), "k4/5/5/+P4/4K[P] b - - 0 1");
}

#[test]
fn must_drop_places_the_start_hand_before_any_move() {
    // A setup phase: each side drops its hand, in turn, on its own first rank; the pawns wait.
    let src = "variant \"Test\"\nboard 4x4\n\
               piece King K { moves K royal }\npiece Rook R { moves R }\npiece Pawn P { moves fW }\n\
               drops { zone rank 1  must-drop }\n\
               start \"4/p3/3P/4[KRkr] w - - 0 1\"\n";
    let e = engine(src);
    let fen = "4/p3/3P/4[KRkr] w - - 0 1";
    // Only drops, King or Rook on a1-d1; the pawn on d2 may not move yet.
    assert_eq!(
        all_moves(&e, fen),
        strs(&["K@a1", "K@b1", "K@c1", "K@d1", "R@a1", "R@b1", "R@c1", "R@d1"])
    );
    // Black answers with its own drops on its first rank (rank 4).
    let p = after(&e, fen, &["K@a1"]);
    assert_eq!(moves_in(&e, &p).len(), 8);
    // Once both hands are empty, the pieces move.
    let p = after(&e, fen, &["K@a1", "K@d4", "R@b1", "R@c4"]);
    assert!(e.legal_moves(&p).iter().all(|m| !m.is_drop()));
    assert!(moves_in(&e, &p).contains(&"d2d3".to_string()));
}

#[test]
fn forced_start_or_end_promotes_a_move_that_leaves_the_zone_too() {
    // Chak's warrior rule: a Pawn standing in the zone ranks 5-8 (set up there) must promote on
    // any move, even one that ends outside; `forced` alone would promote only moves ending in it.
    let pieces = "zone upper = ranks 5-8\npiece Warrior W { moves K }\n\
                  piece Pawn P { moves fbW promotes to Warrior in upper forced-start-or-end }";
    let fen = "k7/8/8/4P3/8/8/8/K7 w - - 0 1";
    let e = board("8x8", pieces, "", fen);
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5e4w", "e5e6w"]));
    // From outside the zone only a move into it promotes.
    let fen = "k7/8/8/8/4P3/8/8/K7 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e4"), strs(&["e4e3", "e4e5w"]));
    // With `forced`, the move out of the zone stays a pawn.
    let e = board(
        "8x8",
        &pieces.replace("forced-start-or-end", "forced"),
        "",
        fen,
    );
    let fen = "k7/8/8/4P3/8/8/8/K7 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "e5"), strs(&["e5e4", "e5e6w"]));
}

#[test]
fn an_immobile_piece_never_moves_and_may_be_captured() {
    // Chak's offering: no move of its own, but a piece to take.
    let fen = "k7/8/8/8/8/8/o7/K7 w - - 0 1";
    let e = board("8x8", "piece Offering O { immobile }", "", fen);
    assert_eq!(all_moves(&e, fen), strs(&["a1a2", "a1b1", "a1b2"]));
    let p = after(&e, fen, &["a1b1"]);
    assert!(moves_in(&e, &p).iter().all(|m| !m.starts_with("a2")));
    // `immobile` beside a move is refused.
    let bad = "variant \"T\"\nboard 8x8\npiece King K { moves K royal }\n\
               piece Offering O { immobile moves W }\nstart \"k7/8/8/8/8/8/o7/K7 w - - 0 1\"\n";
    let err = compile_str("t.variant", bad, Path::new(".")).expect_err("immobile with a move");
    assert!(format!("{err:?}").contains("immobile_moves"), "{err:?}");
}

/// Sittuyin's pawn: it never promotes by moving; instead, standing on a square of the zone (or
/// as the player's only Pawn), it becomes a Ferz in place or one Ferz step away.
fn in_place(fen: &str) -> Engine {
    board(
        "8x8",
        "zone far = a8 + b7 + c6 + d5 + e5 + f6 + g7 + h8\npiece Ferz F { moves F }\n\
         piece Pawn P { moves fmWfcF promotes to Ferz in far in-place }",
        "promotion-limit Ferz 1",
        fen,
    )
}

#[test]
fn in_place_promotion_turns_over_where_it_stands_or_one_step_away() {
    // The Pawn on d5 (in the zone) steps on, or becomes a Ferz on d5, c4, e4 or c6; not on e6,
    // where the new Ferz would attack the pawn on f7. The Pawn on h2 is outside the zone.
    let fen = "7k/5p2/8/3P4/8/8/7P/K7 w - - 0 1";
    let e = in_place(fen);
    assert_eq!(
        moves_of(&e, fen, "d5"),
        strs(&["d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f"])
    );
    assert_eq!(moves_of(&e, fen, "h2"), strs(&["h2h3"]));
    let p = after(&e, fen, &["d5d5f"]);
    assert_eq!(to_fen(&e, &p), "7k/5p2/8/3F4/8/8/7P/K7 b - - 1 1");
    // A player's only Pawn may promote anywhere; not while it has a Ferz (promotion-limit).
    let fen = "7k/8/8/8/8/8/7P/K7 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "h2"),
        strs(&["h2g1f", "h2g3f", "h2h2f", "h2h3"])
    );
    let fen = "7k/8/8/8/8/8/7P/KF6 w - - 0 1";
    assert_eq!(moves_of(&e, fen, "h2"), strs(&["h2h3"]));
    // A promotion that gives check is not allowed: on g7 the Ferz would check the king.
    let fen = "7k/8/5P2/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        moves_of(&e, fen, "f6"),
        strs(&["f6e5f", "f6e7f", "f6f6f", "f6f7", "f6g5f"])
    );
}

#[test]
fn a_drop_under_no_check_may_not_give_check_not_even_as_a_cannons_screen() {
    // Xiangqi house's rule. White holds a Knight; Black's King stands on a5, White's Cannon on
    // a1 looks up the a-file. A Knight on b3 or c4 would attack the King itself; one on a2, a3
    // or a4 would be the Cannon's screen. Those five drops are refused, the other 17 kept.
    let src = |extra: &str| {
        format!(
            "variant \"Test\"\nboard 5x5\n\
             piece King K {{ moves K royal }}\npiece Knight N {{ moves N }}\n\
             piece Cannon C {{ moves mRcpR }}\n\
             drops {{ kinds all {extra} }}\n\
             start \"k4/5/5/5/C3K[N] w - - 0 1\"\n"
        )
    };
    let fen = "k4/5/5/5/C3K[N] w - - 0 1";
    let drops = |e: &Engine| -> Vec<String> {
        all_moves(e, fen)
            .into_iter()
            .filter(|m| m.starts_with("N@"))
            .collect()
    };
    let free = drops(&engine(&src("")));
    assert_eq!(free.len(), 22);
    let kept = drops(&engine(&src("no-check")));
    let refused: Vec<String> = free.into_iter().filter(|m| !kept.contains(m)).collect();
    assert_eq!(refused, strs(&["N@a2", "N@a3", "N@a4", "N@b3", "N@c4"]));
}

#[test]
fn pass_when_stuck_is_the_one_move_of_a_side_with_no_other() {
    // Anders' giveaway: White's only piece, the Pawn on e2, is blocked by Black's on e3. With
    // `pass when-stuck` White passes (written as the pawn's move to its own square); Black,
    // which can move, is offered no pass. Without the rule White is stalemated.
    let src = |rule: &str| {
        format!(
            "variant \"Test\"\nboard 5x5\n\
             piece Man M {{ moves K }}\npiece Pawn P {{ moves fmWfcF }}\n\
             extinction all\n{rule}\n\
             start \"m4/5/4p/4P/5 w - - 0 1\"\n"
        )
    };
    let fen = "m4/5/4p/4P/5 w - - 0 1";
    let e = engine(&src("pass when-stuck"));
    assert_eq!(all_moves(&e, fen), strs(&["e2e2"]));
    let p = after(&e, fen, &["e2e2"]);
    assert_eq!(to_fen(&e, &p), "m4/5/4p/4P/5 b - - 1 1");
    assert_eq!(moves_in(&e, &p), strs(&["a5a4", "a5b4", "a5b5"]));
    assert_eq!(e.perft(&pos(&e, fen), 2), 3);
    let e = engine(&src(""));
    assert_eq!(all_moves(&e, fen), Vec::<String>::new());
}

#[test]
fn royal_when_last_makes_a_piece_royal_only_while_it_is_the_last_of_its_kind() {
    // Maharajah with two Amazons: Black's Rook on a5 attacks the Amazon on a1.
    let src = |royal: &str| {
        format!(
            "variant \"Test\"\nboard 5x5\n\
             piece Amazon A {{ moves QN {royal} }}\npiece Rook R {{ moves R }}\n\
             start \"r4/5/5/5/A3A w - - 0 1\"\n"
        )
    };
    let e = engine(&src("royal when-last"));
    // With two Amazons neither is royal: the other may move and leave a1 attacked.
    assert!(all_moves(&e, "r4/5/5/5/A3A w - - 0 1").contains(&"e1e2".to_string()));
    // With one left it is royal: the Rook may not move while it is in check.
    let moves = all_moves(&e, "r4/5/5/5/A3R w - - 0 1");
    assert!(!moves.iter().any(|m| m.starts_with("e1")), "{moves:?}");
    assert!(moves.contains(&"a1a5".to_string()));
    // A plain `royal` makes both royal: e1e2 leaves a1 in check.
    let e = engine(&src("royal"));
    assert!(!all_moves(&e, "r4/5/5/5/A3A w - - 0 1").contains(&"e1e2".to_string()));
}

#[test]
fn a_piece_confined_to_a_zone_is_dropped_only_inside_it() {
    // Xiangqi house's advisors and soldiers: a Guard confined to a1-c2 enters only there.
    let src = "variant \"Test\"\nboard 5x5\n\
               piece King K { moves K royal }\npiece Guard G { moves K confined a1-c2 }\n\
               drops { kinds all }\n\
               start \"k4/5/5/5/4K[G] w - - 0 1\"\n";
    let e = engine(src);
    let drops: Vec<String> = all_moves(&e, "k4/5/5/5/4K[G] w - - 0 1")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(
        drops,
        strs(&["G@a1", "G@a2", "G@b1", "G@b2", "G@c1", "G@c2"])
    );
}

#[test]
fn a_score_for_a_named_player_is_that_players_whichever_side_it_happens_to() {
    // Armageddon's draw odds: stalemate and the move limit are Black's win, whoever is stuck.
    let pawn = "piece Pawn P { moves fmWfcF }";
    let e = board(
        "4x4",
        pawn,
        "stalemate win for Black\nmove-limit 2 win for Black",
        "4/k3/2p1/K3 w - - 0 1",
    );
    // White to move and stalemated: the King on a1 has a2 and b2 (Black's King) and b1 (the
    // Pawn on c2) covered.
    let white_stuck = "4/k3/2p1/K3 w - - 0 1";
    assert_eq!(all_moves(&e, white_stuck), Vec::<String>::new());
    let p = pos(&e, white_stuck);
    assert_eq!(
        e.status(&p),
        Status::Stalemate(GameResult::Win(Player::Second))
    );
    // Black to move and stalemated: a3 is a protected Pawn, b3 White's King's, b4 the Pawn's.
    let black_stuck = "k3/P3/1K2/4 b - - 0 1";
    assert_eq!(all_moves(&e, black_stuck), Vec::<String>::new());
    let p = pos(&e, black_stuck);
    assert_eq!(
        e.status(&p),
        Status::Stalemate(GameResult::Win(Player::Second))
    );
    // The move limit (2 moves each), reached with either side to move.
    for side in ["w", "b"] {
        let p = pos(&e, &format!("k3/4/4/3K {side} - - 4 3"));
        assert_eq!(
            e.status(&p),
            Status::MoveLimit(GameResult::Win(Player::Second))
        );
    }
    // Under plain `stalemate win` the stalemated side itself wins.
    let e = board("4x4", pawn, "stalemate win", white_stuck);
    let p = pos(&e, white_stuck);
    assert_eq!(
        e.status(&p),
        Status::Stalemate(GameResult::Win(Player::First))
    );
}

#[test]
fn a_repetition_lost_by_the_first_player_is_lost_by_it_whoever_repeats() {
    // Minishogi's sennichite: the third occurrence here is the first player's loss, with White
    // to move and with Black to move.
    for (side, plies) in [
        ("w", ["d1d2", "a4a3", "d2d1", "a3a4"]),
        ("b", ["a4a3", "d1d2", "a3a4", "d2d1"]),
    ] {
        let fen = format!("k3/4/4/3K {side} - - 0 1");
        let e = std::sync::Arc::new(board("4x4", "", "repetition 3 loss for White", &fen));
        let mut g = chimera::Game::new(e.clone(), pos(&e, &fen));
        for m in plies.iter().chain(plies.iter()) {
            assert!(!g.status().is_over(), "over before {m}");
            let mv = chimera::parse_move(&e, g.position(), m).expect("a legal move");
            g.play(mv);
        }
        assert_eq!(
            g.status(),
            Status::Repetition(GameResult::Win(Player::Second))
        );
    }
    // `repetition 3 draw` beside it: a draw.
    let e = std::sync::Arc::new(board("4x4", "", "repetition 3 draw", "k3/4/4/3K w - - 0 1"));
    let mut g = chimera::Game::new(e.clone(), pos(&e, "k3/4/4/3K w - - 0 1"));
    for m in ["d1d2", "a4a3", "d2d1", "a3a4"].repeat(2) {
        let mv = chimera::parse_move(&e, g.position(), m).expect("a legal move");
        g.play(mv);
    }
    assert_eq!(g.status(), Status::Repetition(GameResult::Draw));
}

#[test]
fn en_passant_in_a_zone_lets_only_double_steps_passing_it_be_taken() {
    // Horde: White's Pawns double-step from the first two ranks, but only a step passing the
    // third rank may be taken en passant.
    let src = |rule: &str| {
        format!(
            "variant \"Test\"\nboard 8x8\nzone first_two = ranks 1-2\n\
             piece King K {{ moves K royal }}\n\
             piece Pawn P {{ moves fmWfceF  moves fmnD in first_two sets-en-passant }}\n\
             {rule}\nstart \"4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1\"\n"
        )
    };
    let e = engine(&src("en-passant in rank 3"));
    // a1a3 passes a2: the Pawn on b3 may not take it there.
    let from_first = "4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1";
    let p = after(&e, from_first, &["a1a3"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/8/Pp6/8/4K3 b - - 1 1");
    assert!(!moves_in(&e, &p).contains(&"b3a2".to_string()));
    // a2a4 passes a3: the Pawn on b4 may.
    let from_second = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    let p = after(&e, from_second, &["a2a4"]);
    assert_eq!(to_fen(&e, &p), "4k3/8/8/8/Pp6/8/8/4K3 b - a3 1 1");
    assert!(moves_in(&e, &p).contains(&"b4a3".to_string()));
    // Without the rule the first double step may be taken too.
    let e = engine(&src(""));
    let p = after(&e, from_first, &["a1a3"]);
    assert!(moves_in(&e, &p).contains(&"b3a2".to_string()));
}

#[test]
fn stalemate_by_count_goes_to_the_side_with_fewer_pieces() {
    // Suicide chess: the stalemated side wins with fewer pieces on the board, loses with more,
    // draws with as many. White's Pawns are blocked by Black's on a3: White is stalemated.
    let e = engine(
        "variant \"Test\"\nboard 4x4\npiece Man M { moves K }\npiece Pawn P { moves fmW }\n\
         stalemate win by-count\nstart \"m3/p3/P3/4 w - - 0 1\"\n",
    );
    for (fen, expected) in [
        ("m3/p3/P3/4 w - - 0 1", GameResult::Win(Player::First)),
        ("4/p3/P3/P3 w - - 0 1", GameResult::Win(Player::Second)),
        ("4/p3/P3/4 w - - 0 1", GameResult::Draw),
    ] {
        assert_eq!(all_moves(&e, fen), Vec::<String>::new(), "{fen}");
        assert_eq!(
            e.status(&pos(&e, fen)),
            Status::Stalemate(expected),
            "{fen}"
        );
    }
}

#[test]
fn royal_when_last_with_another_kind_counts_both_kinds_together() {
    // Sho shogi: the King and the Crown Prince share one royalty. While a side has both, neither
    // is royal; the last one left is. Black's Rook on a5 attacks a1.
    let src = |with: &str| {
        format!(
            "variant \"Test\"\nboard 5x5\n\
             piece King K {{ moves K royal when-last }}\n\
             piece Prince C {{ moves K royal when-last{with} }}\n\
             piece Rook R {{ moves R }}\n\
             start \"r4/5/5/5/K3C w - - 0 1\"\n"
        )
    };
    let e = engine(&src(" with King"));
    // Both stand: the Prince may move and leave the King attacked.
    assert!(all_moves(&e, "r4/5/5/5/K3C w - - 0 1").contains(&"e1e2".to_string()));
    // The King alone is royal: only its own moves out of the Rook's file remain.
    assert_eq!(
        all_moves(&e, "r4/5/5/5/K3R w - - 0 1"),
        strs(&["a1b1", "a1b2"])
    );
    // The Prince alone is royal too.
    assert_eq!(
        all_moves(&e, "r4/5/5/5/C3R w - - 0 1"),
        strs(&["a1b1", "a1b2"])
    );
    // Without `with` each is the last of its kind, so both are royal: e1e2 leaves the King in
    // check.
    let e = engine(&src(""));
    assert!(!all_moves(&e, "r4/5/5/5/K3C w - - 0 1").contains(&"e1e2".to_string()));
}

#[test]
fn connect_ends_the_game_when_the_mover_has_n_in_a_row_along_a_named_line() {
    // Tic-tac-toe: stones dropped from the hand; three in a row wins for the side that made it.
    let src = |rule: &str| {
        format!(
            "variant \"Test\"\nboard 3x3\npiece Stone S {{ immobile }}\ndrops {{ zone all }}\n\
             {rule}\nstart \"3/3/3[SSSSSsssss] w - - 0 1\"\n"
        )
    };
    let e = engine(&src("connect 3"));
    // White completes the top rank.
    let p = after(&e, "SS1/ss1/3[SSSsss] w - - 0 1", &["S@c3"]);
    assert_eq!(moves_in(&e, &p), Vec::<String>::new());
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::First))
    );
    // Along a diagonal too: a1, b2, c3.
    let p = after(&e, "2S/sSs/3[SSSss] w - - 0 1", &["S@a1"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::First))
    );
    // Two in a row end nothing: Black drops on any of the five empty squares.
    let p = after(&e, "S2/ss1/3[SSSsss] w - - 0 1", &["S@b3"]);
    assert_eq!(moves_in(&e, &p).len(), 5);
    // Without `diagonal` the diagonal is no line; with `loss` the connecter loses.
    let e = engine(&src("connect 3 horizontal vertical loss"));
    let p = after(&e, "2S/sSs/3[SSSss] w - - 0 1", &["S@a1"]);
    assert!(!e.status(&p).is_over());
    let p = after(&e, "SS1/ss1/3[SSSsss] w - - 0 1", &["S@c3"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::Second))
    );
}

#[test]
fn gravity_drops_a_piece_onto_the_first_rank_or_on_top_of_another() {
    // Connect four: a disc falls to the lowest empty square of its file.
    let e = engine(
        "variant \"Test\"\nboard 4x4\npiece Disc P { immobile }\ndrops { zone all  gravity }\n\
         connect 4\nstart \"4/4/4/4[PPpp] w - - 0 1\"\n",
    );
    assert_eq!(
        all_moves(&e, "4/4/4/4[PPpp] w - - 0 1"),
        strs(&["P@a1", "P@b1", "P@c1", "P@d1"])
    );
    let p = after(&e, "4/4/4/4[PPpp] w - - 0 1", &["P@b1"]);
    assert_eq!(moves_in(&e, &p), strs(&["P@a1", "P@b2", "P@c1", "P@d1"]));
    // A full file takes no more.
    assert_eq!(
        all_moves(&e, "1p2/1P2/1p2/1P2[Pp] w - - 0 1"),
        strs(&["P@a1", "P@c1", "P@d1"])
    );
}

/// Stones dropped from the start hand on a board of `size`, with `rules` (connect rules).
fn stones(size: &str, rules: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard {size}\npiece Stone S {{ immobile }}\n{rules}\nstart \"{fen}\"\n"
    ))
}

#[test]
fn connect_square_wins_with_a_block_as_well_as_a_row() {
    // Teeko: four in a row, or a 2x2 block (`connect 4 square 2`).
    let rules = "connect 4 square 2";
    let fen = "5/5/5/SS3/S4[SSsss] w - - 0 1";
    let e = stones("5x5", rules, fen);
    // b1 completes the block a1, b1, a2, b2.
    let p = after(&e, fen, &["S@b1"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::First))
    );
    // c2 makes three in a row and no block: play goes on.
    let p = after(&e, fen, &["S@c2"]);
    assert!(!e.status(&p).is_over());
    // Without `square` the block ends nothing.
    let e = stones("5x5", "connect 4", fen);
    let p = after(&e, fen, &["S@b1"]);
    assert!(!e.status(&p).is_over());
}

#[test]
fn connect_gaps_counts_pieces_anywhere_on_one_line() {
    // Three musketeers: the musketeers' side loses with all three on one rank or file,
    // whatever stands between them (`gaps`); a diagonal does not count here.
    let rules = "piece Enemy E { immobile }\nconnect 3 horizontal vertical gaps of Stone loss";
    let e = stones("5x5", rules, "S3S/5/5/5/5[S] w - - 0 1");
    // a5 and e5 with c5 between (b5, d5 empty): three on the fifth rank.
    let p = after(&e, "S3S/5/5/5/5[S] w - - 0 1", &["S@c5"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::Second))
    );
    // Another piece between them does not break the line.
    let p = after(&e, "S1e1S/5/5/5/5[S] w - - 0 1", &["S@d5"]);
    assert!(e.status(&p).is_over());
    // On a diagonal (a5, c3, e1) it ends nothing (Black, with no move, is merely stalemated).
    let p = after(&e, "S4/5/5/5/4S[S] w - - 0 1", &["S@c3"]);
    assert_eq!(e.ending(&p), None);
}

#[test]
fn connect_zone_to_zone_follows_a_chain_every_way() {
    // Gale-like: White joins the a-file to the e-file along ranks and files. The chain a1-b1-
    // b2-b3-c3-d3-d2-e2 winds south on its way; d2 completes it.
    let rules = "zone west = absolute file a\nzone east = absolute file e\n\
                 connect west to east horizontal vertical";
    let fen = "5/5/1SSS1/1S2S/SS3[S] w - - 0 1";
    let e = stones("5x5", rules, fen);
    let p = after(&e, fen, &["S@d2"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Connect, GameResult::Win(Player::First))
    );
    // A diagonal step does not join along ranks and files: c4 touches b3 and d3 diagonally only.
    let fen = "5/5/S1S1S/1S1S1/5[S] w - - 0 1";
    let p = after(&e, fen, &["S@c1"]);
    assert_eq!(e.ending(&p), None);
}

#[test]
fn per_file_limits_the_drops_on_a_file() {
    // Tori shogi's swallows: at most two of one side's on a file (`per-file 2`); at 0 the kind
    // is never dropped.
    let fen = "4/S3/S3/1S2[S] w - - 0 1";
    let e = stones("4x4", "drops { per-file 2 Stone }", fen);
    let moves = all_moves(&e, fen);
    // The a-file holds two: none there; the b-file one: its three empty squares stay open. So
    // 11 of the 13 empty squares.
    assert!(moves.iter().all(|m| !m.starts_with("S@a")), "{moves:?}");
    assert!(moves.contains(&"S@b4".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 11);
    let e = stones("4x4", "drops { per-file 0 Stone }", fen);
    assert_eq!(all_moves(&e, fen), Vec::<String>::new());
}

#[test]
fn opposite_castling_takes_the_opponents_right_to_the_same_side() {
    // Fairy-Stockfish's `opposite-castling` (pyffish 0.0.90): after White castles short, Black
    // keeps only its long castling, and the other way round.
    let src = "variant \"T\"\nextends \"chess.variant\"\ncastling King Rook opposite\n";
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let rules = compile_str("t.variant", src, &dir)
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).expect("engine");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let short = after(&e, fen, &["e1g1"]);
    assert_eq!(
        to_fen(&e, &short),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q - 1 1"
    );
    let king: Vec<String> = moves_in(&e, &short)
        .into_iter()
        .filter(|m| m.starts_with("e8"))
        .collect();
    assert_eq!(king, strs(&["e8c8", "e8d8", "e8f8"]));
    let long = after(&e, fen, &["e1c1"]);
    assert_eq!(
        to_fen(&e, &long),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b k - 1 1"
    );
    // The exporter writes it as Fairy-Stockfish's key.
    let ini = chimera::interop::export::export(e.rules(), "t");
    assert!(ini.text.contains("oppositeCastling = true"), "{}", ini.text);
}

/// `castling-wins queenside for Black` (castle chess as Fairy-Stockfish's `castlingWins = q`):
/// Black wins by castling long, and loses once it can never castle long again; White's
/// castling decides nothing.
#[test]
fn castling_wins_ends_the_game_by_a_castling_or_by_its_lost_right() {
    let e = board(
        "8x8",
        "piece Rook R { moves R }",
        "castling King Rook 2\ncastling-wins queenside for Black",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    );
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(e.status(&pos(&e, fen)), Status::Ongoing { check: false });
    // Castling long wins at once.
    assert_eq!(
        e.status(&after(&e, fen, &["e8c8"])),
        Status::Ended(Ending::CastlingWins, GameResult::Win(Player::Second))
    );
    // Castling short takes the long right too: Black can no longer win that way, and loses.
    assert_eq!(
        e.status(&after(&e, fen, &["e8g8"])),
        Status::Ended(Ending::CastlingWins, GameResult::Win(Player::First))
    );
    // The rook on a8 moves: the same.
    assert_eq!(
        e.status(&after(&e, fen, &["a8b8"])),
        Status::Ended(Ending::CastlingWins, GameResult::Win(Player::First))
    );
    // The rook on h8 moves: the long right stays, the game goes on.
    assert_eq!(
        e.status(&after(&e, fen, &["h8g8"])),
        Status::Ongoing { check: false }
    );
    // White castles long: nothing ends.
    let white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        e.status(&after(&e, white, &["e1c1"])),
        Status::Ongoing { check: false }
    );
    // A position in which Black already lost the right is over: perft finds no move.
    let lost = "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1";
    assert_eq!(e.perft(&pos(&e, lost), 1), 0);
    // Exported as Fairy-Stockfish's key.
    let out = chimera::interop::export::export(e.rules(), "t");
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    assert!(out.text.contains("castlingWins = q\n"), "{}", out.text);
}
