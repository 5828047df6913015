//! Flipping games (reversi, ataxx, quadwrangle, snort), each rule on a small position built for
//! it: `flip lines`, `flip adjacent [supported]`, the drops' placement rules (`enclosing`,
//! `adjacent`, `opening`, `apart`, `unlimited`), and the ends they need (`pass when-stuck twice`,
//! `full-board`, `draws by-count`). The definitions are inline.

use chimera::compile_str;
use chimera::to_fen;
use chimera::Player;
use chimera::{Ending, Engine, GameResult, Status};
use std::path::Path;

use crate::common;
use common::{after, all_moves, moves_in, pos, strs};

fn engine(src: &str) -> Engine {
    let rules = compile_str("test.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    Engine::new(rules).expect("engine")
}

/// Stones that never move, dropped from the start hand, on a board of `size`.
fn stones(size: &str, rules: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard {size}\npiece Stone P {{ immobile }}\n{rules}\nstart \"{fen}\"\n"
    ))
}

/// Ataxx's stone: jumps two squares away (`mDmNmA`) on a board of `size`.
fn jumpers(size: &str, rules: &str, fen: &str) -> Engine {
    engine(&format!(
        "variant \"Test\"\nboard {size}\npiece Stone P {{ moves mDmNmA }}\n{rules}\nstart \"{fen}\"\n"
    ))
}

#[test]
fn an_enclosing_drop_turns_over_every_line_it_closes() {
    // White's b1 and c3 end lines of Black stones: from b4 down the b-file (b3, b2), from a3
    // along the third rank (b3), from a1 up the diagonal (b2). No other empty square closes one.
    let fen = "5/5/1pP2/1p3/1P3[PPpp] w - - 0 1";
    let e = stones("5x5", "drops { enclosing }\nflip lines", fen);
    assert_eq!(all_moves(&e, fen), strs(&["P@a1", "P@a3", "P@b4"]));
    // b4 closes the file: both Black stones on it turn White; c3 was White already.
    let p = after(&e, fen, &["P@b4"]);
    assert_eq!(to_fen(&e, &p), "5/1P3/1PP2/1P3/1P3[Ppp] b - - 0 1");
    // a3 closes the rank only: b3 turns, b2 (not on a closed line) stays Black.
    let p = after(&e, fen, &["P@a3"]);
    assert_eq!(to_fen(&e, &p), "5/5/PPP2/1p3/1P3[Ppp] b - - 0 1");
}

#[test]
fn a_line_stops_at_an_empty_square_or_the_edge() {
    // Black's b3 lies between a3 (empty) and c3 (White): only a3 closes it. Nothing else is
    // enclosed, so without `enclosing` every empty square is a drop, and a drop on d5 turns none.
    let fen = "5/5/1pP2/5/5[Pp] w - - 0 1";
    let e = stones("5x5", "drops { enclosing }\nflip lines", fen);
    assert_eq!(all_moves(&e, fen), strs(&["P@a3"]));
    let free = stones("5x5", "flip lines", fen);
    assert_eq!(all_moves(&free, fen).len(), 23);
    let p = after(&free, fen, &["P@d5"]);
    assert_eq!(to_fen(&free, &p), "3P1/5/1pP2/5/5[p] b - - 0 1");
}

#[test]
fn flip_adjacent_turns_the_enemy_pieces_around_the_arrival_square() {
    // Ataxx: a4's White stone clones onto a neighbour (`adjacent`, from an `unlimited` supply)
    // or jumps two squares away; the FEN has no hand, the supply being unlimited.
    let fen = "P3/4/4/3p w - - 0 1";
    let rules = "drops { unlimited Stone  adjacent }\nflip adjacent";
    let e = jumpers("4x4", rules, fen);
    assert_eq!(
        all_moves(&e, fen),
        strs(&["P@a3", "P@b3", "P@b4", "a4a2", "a4b2", "a4c2", "a4c3", "a4c4"])
    );
    // A clone on b3 turns c2 (a diagonal neighbour); d1 is two squares away and stays Black.
    let fen = "P3/4/2p1/3p w - - 0 1";
    let p = after(&e, fen, &["P@b3"]);
    assert_eq!(to_fen(&e, &p), "P3/1P2/2P1/3p b - - 0 1");
    // A jump onto c3 turns c2 too, and leaves a4 empty.
    let p = after(&e, fen, &["a4c3"]);
    assert_eq!(to_fen(&e, &p), "4/2P1/2P1/3p b - - 1 1");
}

#[test]
fn flip_adjacent_supported_turns_nothing_for_a_lone_drop() {
    // Quadwrangle: a drop turns its neighbours only when one of them is its own; a move always.
    let fen = "P3/4/2p1/3p w - - 0 1";
    let e = jumpers(
        "4x4",
        "drops { unlimited Stone }\nflip adjacent supported",
        fen,
    );
    // d3 touches c2 but no White stone: c2 stays Black.
    let p = after(&e, fen, &["P@d3"]);
    assert_eq!(to_fen(&e, &p), "P3/3P/2p1/3p b - - 0 1");
    // b3 touches a4: c2 turns.
    let p = after(&e, fen, &["P@b3"]);
    assert_eq!(to_fen(&e, &p), "P3/1P2/2P1/3p b - - 0 1");
    // The jump to c3 is a move: it turns c2 with no White neighbour left behind.
    let p = after(&e, fen, &["a4c3"]);
    assert_eq!(to_fen(&e, &p), "4/2P1/2P1/3p b - - 1 1");
}

#[test]
fn opening_squares_are_filled_first() {
    // Reversi from an empty board: the four centre squares first, whatever encloses.
    let rules =
        "zone centre = absolute b2 + c2 + b3 + c3\ndrops { enclosing  opening centre }\nflip lines";
    let fen = "4/4/4/4[PPPPpppp] w - - 0 1";
    let e = stones("4x4", rules, fen);
    assert_eq!(all_moves(&e, fen), strs(&["P@b2", "P@b3", "P@c2", "P@c3"]));
    // One centre square left: it is the only drop, though it encloses nothing.
    let fen = "4/1pP1/1P2/4[PPPppp] b - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["P@c2"]));
    // The centre full: drops must enclose again, where a line of White stones (c3, b2) ends on a
    // Black one: a2 and b1 close b2, c4 and d3 close c3.
    let fen = "4/1pP1/1Pp1/4[PPPppp] b - - 0 1";
    assert_eq!(all_moves(&e, fen), strs(&["P@a2", "P@b1", "P@c4", "P@d3"]));
}

#[test]
fn apart_keeps_a_drop_off_the_squares_beside_an_enemy_piece() {
    // Snort: Black's b2 bars a2, c2, b1 and b3 to White; diagonal neighbours stay open.
    let fen = "4/4/1p2/4[Pp] w - - 0 1";
    let e = stones("4x4", "drops { apart }", fen);
    let moves = all_moves(&e, fen);
    assert_eq!(moves.len(), 11);
    for barred in ["P@a2", "P@c2", "P@b1", "P@b3"] {
        assert!(!moves.contains(&barred.to_string()), "{barred}: {moves:?}");
    }
    assert!(moves.contains(&"P@a1".to_string()));
}

#[test]
fn a_stuck_side_passes_and_two_passes_end_the_game_by_count() {
    // No stone moves and no hand is left: each side's one move is the pass; after both passed,
    // `draws by-count` gives the drawn end to White, with two stones against one.
    let rules = "pass when-stuck twice draw\ndraws by-count";
    let fen = "PP1/1p1/3 w - - 0 1";
    let e = stones("3x3", rules, fen);
    let start = pos(&e, fen);
    let pass = moves_in(&e, &start);
    assert_eq!(pass.len(), 1, "{pass:?}");
    let p = after(&e, fen, &[pass[0].as_str()]);
    let reply = moves_in(&e, &p);
    assert_eq!(reply.len(), 1, "{reply:?}");
    let p = after(&e, fen, &[pass[0].as_str(), reply[0].as_str()]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::Passes, GameResult::Win(Player::First))
    );
    // Without `draws by-count` the same end is a draw.
    let plain = stones("3x3", "pass when-stuck twice draw", fen);
    let p = after(&plain, fen, &[pass[0].as_str(), reply[0].as_str()]);
    assert_eq!(
        plain.status(&p),
        Status::Ended(Ending::Passes, GameResult::Draw)
    );
}

#[test]
fn a_full_board_ends_the_game() {
    // The drop on c1 fills the board: a draw by the rule, White's win by count (four to two).
    let fen = "PPp/pP1[P] w - - 0 1";
    let e = stones("3x2", "full-board\ndraws by-count", fen);
    let p = after(&e, fen, &["P@c1"]);
    assert_eq!(
        e.status(&p),
        Status::Ended(Ending::BoardFull, GameResult::Win(Player::First))
    );
    assert!(moves_in(&e, &p).is_empty(), "the game is over: no move");
    let plain = stones("3x2", "full-board", fen);
    let p = after(&plain, fen, &["P@c1"]);
    assert_eq!(
        plain.status(&p),
        Status::Ended(Ending::BoardFull, GameResult::Draw)
    );
    // Before the last square is filled the game goes on.
    assert!(!plain.status(&pos(&plain, fen)).is_over());
}

#[test]
fn flip_is_refused_with_a_royal_piece() {
    let src = "variant \"Test\"\nboard 4x4\npiece King K { moves K royal }\nflip adjacent\n\
               start \"k3/4/4/3K w - - 0 1\"\n";
    let err = compile_str("test.variant", src, Path::new(".")).expect_err("refused");
    let text = format!("{:?}", miette::Report::new(err));
    assert!(text.contains("chimera::flip::royal"), "{text}");
}
