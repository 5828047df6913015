//! Drawing tests on rule sets built by hand (the compiler's output shape), so the pictures are
//! specified independently of the definition files.

use super::*;
use crate::geometry::{ByPlayer, Dimensions, Offset, SquareSet};
use crate::rules::{
    Board, Confinement, DropRules, GameEnd, Leg, LegMode, MovePattern, MoveRule, Outcome, PieceDef,
    RenderHints, RoyalRule,
};
use indexmap::IndexMap;

/// A test that stops at the first missing value or failed step, naming it.
type TestResult = Result<(), Box<dyn std::error::Error>>;

fn leg(df: i8, dr: i8, max: u8, hop: Hop) -> Leg {
    Leg {
        step: Offset::new(df, dr),
        min: 1,
        max,
        mode: LegMode {
            to_empty: true,
            to_enemy: true,
            over_piece: false,
            hop,
        },
    }
}

fn pattern(legs: Vec<Leg>) -> MovePattern {
    MovePattern {
        legs,
        initial: false,
        en_passant: false,
        passable: false,
        royal_only: false,
        span: (0, 1),
    }
}

fn rule(betza: &str, patterns: Vec<MovePattern>) -> MoveRule {
    MoveRule {
        betza: betza.into(),
        patterns,
        only_in: None,
        zone: None,
        capturing: None,
        unconfined: false,
        sets_en_passant: false,
        not_over: vec![],
        not_capturing: vec![],
    }
}

const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn piece(name: &str, letter: &str, moves: Vec<MoveRule>, kind: u8) -> PieceDef {
    PieceDef {
        name: name.into(),
        letter: letter.into(),
        moves,
        rides: vec![],
        royal: false,
        royal_when_last: false,
        royal_counted_with: None,
        turned: false,
        first_move: None,
        confinement: Confinement::None,
        promotion: None,
        captured_as: PieceKind::from_index(kind as usize),
        value: None,
        glyph: None,
    }
}

fn zone(d: Dimensions, names: &[&str]) -> PlayerSquares {
    let first: SquareSet = names.iter().filter_map(|n| d.parse_square(n)).collect();
    PlayerSquares::new(first, first.mirrored(d))
}

/// A 9x10 board on intersections with a river after rank 5, a 3x3 palace with diagonals and a
/// `home` half, and four kinds: General (W, in the palace), Chariot (R), Cannon (mRcpR), Tokin (+P).
fn river_rules() -> RuleSet {
    let d = Dimensions {
        files: 9,
        ranks: 10,
    };
    let mut zones = IndexMap::new();
    zones.insert(
        "palace".to_string(),
        zone(d, &["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"]),
    );
    let home: Vec<String> = d
        .squares()
        .filter(|&s| d.rank(s) < 5)
        .map(|s| d.name(s))
        .collect();
    let home: Vec<&str> = home.iter().map(|s| s.as_str()).collect();
    zones.insert("home".to_string(), zone(d, &home));
    let rides = |hop| {
        ORTHO
            .iter()
            .map(|&(f, r)| pattern(vec![leg(f, r, Leg::UNLIMITED, hop)]))
            .collect::<Vec<_>>()
    };
    let mut general = piece(
        "General",
        "K",
        vec![rule(
            "W",
            ORTHO
                .iter()
                .map(|&(f, r)| pattern(vec![leg(f, r, 1, Hop::None)]))
                .collect(),
        )],
        0,
    );
    general.royal = true;
    general.confinement = Confinement::Within(zones["palace"]);
    let mut hints = RenderHints {
        intersections: true,
        river_after_rank: Some(5),
        diagonals: vec!["palace".into()],
        ..Default::default()
    };
    hints.zone_colours.insert("palace".into(), "#00ff00".into());
    let mut rules = RuleSet {
        about: Default::default(),
        weights: None,
        name: "River test".into(),
        board: Board {
            dims: d,
            squares: SquareSet::first_n(d.len()),
        },
        players: ByPlayer::new("Red".into(), "Black".into()),
        zones,
        paths: IndexMap::new(),
        pieces: vec![
            general,
            piece("Chariot", "R", vec![rule("R", rides(Hop::None))], 1),
            piece(
                "Cannon",
                "C",
                vec![rule(
                    "mRcpR",
                    rides(Hop::None)
                        .into_iter()
                        .chain(rides(Hop::Screen))
                        .collect(),
                )],
                2,
            ),
            piece("Tokin", "+P", vec![], 3),
        ],
        drops: DropRules {
            to_hand: vec![PieceKind::from_index(1)],
            ..Default::default()
        },
        end: GameEnd {
            royal_rule: RoyalRule::Check,
            facing: true,
            stalemate: Outcome::Loss,
            stalemate_by_count: false,
            checkmate: Outcome::Loss,
            repetition: None,
            perpetual_check: None,
            move_limit: None,
            facing_ends: None,
            pass: None,
            bare_royal: None,
            extinction: vec![],
            goal: None,
            check_limit: None,
            castling_wins: None,
            petrify: Vec::new(),
            connect: None,
            no_check: false,
            must_capture: false,
            checked_royal_takes_only: false,
            explosions: None,
            board_full: None,
            draws_by_count: false,
            counting: None,
        },
        castling: None,
        gating: None,
        en_passant: None,
        walls: None,
        flip: None,
        promotion_limits: vec![],
        random_start: None,
        start_fen: "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into(),
        start: Default::default(),
        render: hints,
    };
    // A rule set built by hand reads its start FEN as the checks would.
    rules.start = crate::engine::fen::read_setup(&rules, &rules.start_fen)
        .unwrap_or_else(|e| panic!("the test's start FEN: {}", e.message));
    rules
}

fn sq(rules: &RuleSet, name: &str) -> Square {
    let Some(s) = rules.board.dims.parse_square(name) else {
        panic!("`{name}` is not a square of the test board");
    };
    s
}

/// General e1, Chariot a1, Tokin c5 for Red; General e10 and a pending Cannon b8 for Black; Red holds two Chariots.
fn sample_position(rules: &RuleSet) -> Position {
    let mut pos = Position::empty();
    let put = |pos: &mut Position, s: &str, p: Player, k: u8| {
        pos.set_piece(
            sq(rules, s),
            Some(Piece::new(p, PieceKind::from_index(k as usize))),
        )
    };
    put(&mut pos, "e1", Player::First, 0);
    put(&mut pos, "a1", Player::First, 1);
    put(&mut pos, "c5", Player::First, 3);
    put(&mut pos, "e10", Player::Second, 0);
    put(&mut pos, "b8", Player::Second, 2);
    pos.set_pending(sq(rules, "b8"), true);
    pos.set_hand(Player::First, PieceKind::from_index(1), 2);
    pos
}

fn elements_with_class<'a>(
    doc: &'a roxmltree::Document,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|t| t == class))
        })
        .collect()
}

#[test]
fn a_position_has_one_element_per_piece_and_per_zone_square() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(&engine, &sample_position(&rules), &RenderOptions::default());
    let doc = roxmltree::Document::parse(&svg)?;
    let pieces = elements_with_class(&doc, "piece");
    let mut at: Vec<&str> = pieces
        .iter()
        .map(|p| p.attribute("data-square"))
        .collect::<Option<_>>()
        .ok_or("a piece without data-square")?;
    at.sort();
    assert_eq!(at, ["a1", "b8", "c5", "e1", "e10"]);
    let zone_squares = elements_with_class(&doc, "zone-square");
    let count = |z: &str| {
        zone_squares
            .iter()
            .filter(|e| e.attribute("data-zone") == Some(z))
            .count()
    };
    // The first player's palace (9 points) and home (ranks 1-5, 45 points).
    assert_eq!((count("palace"), count("home")), (9, 45));
    // A square in both zones is shaded twice, the larger zone (home) underneath.
    let e2: Vec<_> = zone_squares
        .iter()
        .filter(|e| e.attribute("data-square") == Some("e2"))
        .collect();
    assert_eq!(
        e2.iter()
            .map(|e| e.attribute("data-zone"))
            .collect::<Vec<_>>(),
        [Some("home"), Some("palace")]
    );
    Ok(())
}

#[test]
fn the_board_shows_river_diagonals_labels_hands_and_promotion() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(&engine, &sample_position(&rules), &RenderOptions::default());
    let doc = roxmltree::Document::parse(&svg)?;
    assert_eq!(elements_with_class(&doc, "river").len(), 1);
    // Both palaces get an X: two segments each.
    assert_eq!(elements_with_class(&doc, "diagonal").len(), 4);
    assert_eq!(elements_with_class(&doc, "file-label").len(), 9);
    assert_eq!(elements_with_class(&doc, "rank-label").len(), 10);
    let hand: Vec<_> = elements_with_class(&doc, "hand-piece");
    assert_eq!(hand.len(), 1);
    assert_eq!(
        (
            hand[0].attribute("data-kind"),
            hand[0].attribute("data-count")
        ),
        (Some("Chariot"), Some("2"))
    );
    assert_eq!(elements_with_class(&doc, "hand").len(), 2);
    let tokin = elements_with_class(&doc, "piece")
        .into_iter()
        .find(|p| p.attribute("data-square") == Some("c5"))
        .ok_or("no piece drawn on c5")?;
    assert_eq!(
        (
            tokin.attribute("data-promoted"),
            tokin.attribute("data-letter")
        ),
        (Some("true"), Some("+P"))
    );
    assert_eq!(elements_with_class(&doc, "promoted-mark").len(), 1);
    assert_eq!(elements_with_class(&doc, "pending-promotion").len(), 1);
    let cannon = elements_with_class(&doc, "piece")
        .into_iter()
        .find(|p| p.attribute("data-square") == Some("b8"))
        .ok_or("no piece drawn on b8")?;
    assert_eq!(
        (
            cannon.attribute("data-player"),
            cannon.attribute("data-letter")
        ),
        (Some("second"), Some("c"))
    );
    let legend: Vec<_> = elements_with_class(&doc, "legend-item")
        .iter()
        .filter_map(|e| e.attribute("data-zone"))
        .collect();
    assert_eq!(legend, ["palace", "home"]);
    assert!(svg.contains("River test: Red to move"));
    Ok(())
}

#[test]
fn intersections_lines_stop_at_the_river_except_on_the_edges() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(&engine, &Position::empty(), &RenderOptions::default());
    let doc = roxmltree::Document::parse(&svg)?;
    let grid = elements_with_class(&doc, "grid");
    let lines: Vec<_> = grid[0].children().filter(|n| n.is_element()).collect();
    // 10 ranks + 2 edge files + 7 inner files in two halves.
    assert_eq!(lines.len(), 10 + 2 + 7 * 2);
    Ok(())
}

#[test]
fn a_board_of_squares_has_a_river_gap_and_no_grid() -> TestResult {
    let mut rules = river_rules();
    rules.render.intersections = false;
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(
        &engine,
        &Position::empty(),
        &RenderOptions {
            zones: false,
            ..Default::default()
        },
    );
    let doc = roxmltree::Document::parse(&svg)?;
    assert_eq!(elements_with_class(&doc, "square").len(), 90);
    assert!(elements_with_class(&doc, "grid").is_empty());
    assert!(elements_with_class(&doc, "zone-square").is_empty());
    let y = |name: &str| -> Result<f32, Box<dyn std::error::Error>> {
        let e = elements_with_class(&doc, "square")
            .into_iter()
            .find(|e| e.attribute("data-square") == Some(name))
            .ok_or(format!("no square drawn for {name}"))?;
        Ok(e.attribute("y")
            .ok_or(format!("{name} has no y"))?
            .parse()?)
    };
    // Rank 5 sits a cell and a half (the river) below rank 6; rank 4 one cell below rank 5.
    assert_eq!((y("a5")? - y("a6")?, y("a4")? - y("a5")?), (72.0, 48.0));
    Ok(())
}

#[test]
fn holes_are_left_out() -> TestResult {
    let mut rules = river_rules();
    rules.render.intersections = false;
    let a1 = sq(&rules, "a1");
    rules.board.squares.remove(a1);
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(&engine, &Position::empty(), &RenderOptions::default());
    let doc = roxmltree::Document::parse(&svg)?;
    assert_eq!(elements_with_class(&doc, "square").len(), 89);
    assert!(!doc
        .descendants()
        .any(|n| n.attribute("data-square") == Some("a1")));
    Ok(())
}

#[test]
fn a_ride_is_traced_to_the_last_square_reached_and_a_leap_is_not() -> TestResult {
    let rules = river_rules();
    let e5 = sq(&rules, "e5");
    let reach = |names: &[&str], m: DiagramMark| {
        names.iter().map(|n| (sq(&rules, n), m)).collect::<Vec<_>>()
    };
    let diagram = reach(
        &["e6", "e7", "e8", "e9", "e10", "e4", "d5", "f5"],
        DiagramMark::MoveOrCapture,
    );
    let centre = |s: Square| {
        (
            rules.board.dims.file(s) as f32,
            rules.board.dims.rank(s) as f32,
        )
    };
    let engine = Engine::new(rules.clone())?;
    let t = traces(
        &engine,
        PieceKind::from_index(1),
        Player::First,
        e5,
        &diagram,
        centre,
    );
    // Up to e10, down to e4, sideways one square each: four rides.
    assert_eq!(
        t,
        vec![
            Trace::Ride(vec![(4.0, 4.0), (5.0, 4.0)]),
            Trace::Ride(vec![(4.0, 4.0), (3.0, 4.0)]),
            Trace::Ride(vec![(4.0, 4.0), (4.0, 9.0)]),
            Trace::Ride(vec![(4.0, 4.0), (4.0, 3.0)]),
        ]
    );
    assert!(traces(
        &engine,
        PieceKind::from_index(0),
        Player::First,
        sq(&rules, "e2"),
        &reach(&["e3"], DiagramMark::MoveOrCapture),
        centre
    )
    .is_empty());
    Ok(())
}

#[test]
fn a_cannon_hops_over_an_example_hurdle_to_every_square_beyond_it() {
    let rules = river_rules();
    let diagram: Vec<_> = ["e6", "e7", "e8", "e9"]
        .iter()
        .map(|n| (sq(&rules, n), DiagramMark::MoveOnly))
        .collect();
    let engine = match Engine::new(rules.clone()) {
        Ok(e) => e,
        Err(e) => panic!("river rules: {e}"),
    };
    let name = |s: Square| rules.board.dims.name(s);
    let examples: Vec<(String, Vec<String>)> = hop_examples(
        &engine,
        PieceKind::from_index(2),
        Player::First,
        sq(&rules, "e5"),
        &diagram,
    )
    .into_iter()
    .map(|(h, lands)| (name(h), lands.into_iter().map(name).collect()))
    .collect();
    // Upwards only (the other lines are not in this diagram): the hurdle on the line's second
    // square, the landings the diagram shows beyond it.
    assert_eq!(
        examples,
        [("e7".to_string(), vec!["e8".to_string(), "e9".to_string()])]
    );
}

#[test]
fn unknown_names_and_squares_are_errors_with_help() {
    let rules = river_rules();
    assert_eq!(find_piece(&rules, "chariot"), Ok(PieceKind::from_index(1)));
    assert_eq!(find_piece(&rules, "c"), Ok(PieceKind::from_index(2)));
    assert_eq!(find_piece(&rules, "+p"), Ok(PieceKind::from_index(3)));
    let err = find_piece(&rules, "Chariott").unwrap_err();
    assert_eq!(err.to_string(), "unknown piece `Chariott` (did you mean `Chariot`?); pieces: General, Chariot, Cannon, Tokin");
    assert_eq!(
        parse_square(&rules, "j1").unwrap_err().to_string(),
        "unknown square `j1`: the board has files a-i and ranks 1-10"
    );
}

#[cfg(feature = "render")]
#[test]
fn the_png_shows_pieces_in_their_side_colour_and_zones_shaded() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let pos = sample_position(&rules);
    let png = svg_to_png(&render_position(&engine, &pos, &RenderOptions::default()))?;
    let plain = svg_to_png(&render_position(
        &engine,
        &pos,
        &RenderOptions {
            zones: false,
            ..Default::default()
        },
    ))?;
    let img = tiny_skia::Pixmap::decode_png(&png)?;
    let bare = tiny_skia::Pixmap::decode_png(&plain)?;
    let px = |p: &tiny_skia::Pixmap, x: f32, y: f32| {
        let c = p
            .pixel(x as u32, y as u32)
            .ok_or("pixel outside the picture")?;
        Ok::<_, &str>([c.red(), c.green(), c.blue()])
    };
    let layout = Layout::new(&rules, 48.0, Some([1, 0]));
    // The red General's disc, away from its letter.
    let (x, y) = layout.centre(sq(&rules, "e1"));
    assert_eq!(px(&img, x + 15.0, y)?, [0xc6, 0x28, 0x28]);
    // The black General.
    let (x, y) = layout.centre(sq(&rules, "e10"));
    assert_eq!(px(&img, x - 15.0, y)?, [0x22, 0x22, 0x22]);
    // d2 is in the palace (green, drawn over home): shading moves it towards green.
    let (x, y) = layout.corner(sq(&rules, "d2"));
    let (shaded, unshaded) = (px(&img, x + 5.0, y + 15.0)?, px(&bare, x + 5.0, y + 15.0)?);
    let dist = |a: [u8; 3], b: [u8; 3]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| (*x as i32 - y as i32).abs())
            .sum::<i32>()
    };
    assert!(
        dist(shaded, [0, 255, 0]) + 60 < dist(unshaded, [0, 255, 0]),
        "{shaded:?} vs {unshaded:?}"
    );
    Ok(())
}

#[cfg(feature = "render")]
#[test]
fn without_any_font_the_png_still_shows_the_pieces() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let svg = render_position(&engine, &sample_position(&rules), &RenderOptions::default());
    let png = rasterise(&svg, std::sync::Arc::new(usvg::fontdb::Database::new()))?;
    let img = tiny_skia::Pixmap::decode_png(&png)?;
    let (x, y) = Layout::new(&rules, 48.0, Some([1, 0])).centre(sq(&rules, "e1"));
    // The whole disc, letter place included, is the side's colour.
    let c = img
        .pixel(x as u32, y as u32)
        .ok_or("the General's centre is outside the picture")?;
    assert_eq!([c.red(), c.green(), c.blue()], [0xc6, 0x28, 0x28]);
    Ok(())
}

#[test]
fn the_render_command_reads_its_words_and_writes_the_picture() -> TestResult {
    let rules = river_rules();
    let engine = Engine::new(rules.clone())?;
    let pos = sample_position(&rules);
    let dir = std::env::temp_dir().join(format!("chimera-render-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (svg, png) = (out("pos.svg"), out("chariot.png"));
    let run = |words: &[&str]| render_command(&engine, &pos, None, words);
    assert_eq!(run(&[&svg]), Ok(dir.join("pos.svg")));
    assert!(std::fs::read_to_string(&svg)?.contains("class=\"piece\""));
    assert_eq!(run(&["--moves", "a1", &svg]), Ok(dir.join("pos.svg")));
    assert!(std::fs::read_to_string(&svg)?.contains("mark-from"));
    assert_eq!(
        run(&["--piece", "Chariot", "--at", "e5", &png]),
        Ok(dir.join("chariot.png"))
    );
    assert!(std::fs::read(&png)?.starts_with(b"\x89PNG"));
    let err = |words: &[&str]| run(words).unwrap_err().to_string();
    assert!(err(&[]).starts_with("no output file; usage: render"));
    assert!(err(&["--piece"]).starts_with("--piece needs a value"));
    assert!(err(&["--piece", "Chariott", &svg]).contains("did you mean `Chariot`?"));
    assert_eq!(err(&["--moves", "e5", &svg]), "no piece on e5");
    assert!(err(&["--at", "e5", &svg]).starts_with("--at chooses"));
    assert!(err(&["a.svg", "b.svg"]).starts_with("one output file only"));
    assert!(err(&["--colour", &svg]).starts_with("unknown option `--colour`"));
    assert!(err(&[&out("pos.gif")]).contains("must end in .svg or .png"));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[test]
fn a_very_long_variant_name_does_not_widen_the_picture_beyond_its_shortened_title() -> TestResult {
    let width = |name: &str| -> Result<f64, Box<dyn std::error::Error>> {
        let mut rules = river_rules();
        rules.name = name.to_string();
        let engine = Engine::new(rules.clone())?;
        let svg = render_position(&engine, &sample_position(&rules), &RenderOptions::default());
        let doc = roxmltree::Document::parse(&svg)?;
        let w = doc.root_element().attribute("width").ok_or("no width")?;
        Ok(w.trim_end_matches("px").parse()?)
    };
    let at_limit = width(&"N".repeat(MAX_TITLE_CHARS))?;
    // Before the title was shortened, 10,000 characters gave a picture over 100,000 pixels wide.
    let huge = width(&"N".repeat(10_000))?;
    assert!(
        huge <= at_limit,
        "{huge} px wide for a 10,000-character name, {at_limit} px at the limit"
    );
    assert!(huge < 4000.0, "{huge} px wide");
    Ok(())
}
