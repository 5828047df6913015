//! Pictures of every shipped definition (definitions/*.variant, found at test time): the SVG is
//! well-formed XML with one element per piece and per shaded zone square, overlays and diagrams
//! mark what the engine says, and the PNG shows each piece and zone where the SVG puts it.

use chimera::compile_file;
use chimera::{tiny_skia, RenderOptions};
use chimera::{DiagramMark, Engine, Position};
use chimera::{Player, Square};
use roxmltree::{Document, Node};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn definitions() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("definitions/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no definitions in {}", dir.display());
    files
}

fn engine(path: &Path) -> Engine {
    let rules = compile_file(path)
        .unwrap_or_else(|d| panic!("{}: {:?}", path.display(), miette::Report::new(d)));
    Engine::new(rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn with_class<'a>(doc: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|t| t == class))
        })
        .collect()
}

fn num(n: Node, attr: &str) -> f32 {
    n.attribute(attr)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{attr} on {n:?}"))
}

fn hex(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    let b = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some([b(0)?, b(2)?, b(4)?])
}

fn squares_named(engine: &Engine, set: impl IntoIterator<Item = Square>) -> BTreeSet<String> {
    set.into_iter()
        .map(|s| engine.rules().board.dims.name(s))
        .collect()
}

/// Squares of the zone-square elements of a picture for one zone.
fn zone_squares(doc: &Document, zone: &str) -> BTreeSet<String> {
    with_class(doc, "zone-square")
        .into_iter()
        .filter(|e| e.attribute("data-zone") == Some(zone))
        .map(|e| e.attribute("data-square").unwrap().to_string())
        .collect()
}

#[test]
fn every_start_position_has_one_element_per_piece_and_per_zone_square() {
    for path in definitions() {
        let engine = engine(&path);
        let rules = engine.rules();
        let pos = engine.start_position();
        let svg = chimera::render_position(&engine, &pos, &RenderOptions::default());
        let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let drawn: BTreeSet<String> = with_class(&doc, "piece")
            .iter()
            .map(|p| p.attribute("data-square").unwrap().to_string())
            .collect();
        assert_eq!(
            with_class(&doc, "piece").len(),
            pos.pieces().count(),
            "{}",
            path.display()
        );
        assert_eq!(
            drawn,
            squares_named(&engine, pos.pieces().map(|(s, _)| s)),
            "{}",
            path.display()
        );
        let mut shaded = 0;
        for (name, per_player) in &rules.zones {
            // Zones are shaded as the first player sees them, holes left out.
            let expected = per_player[Player::First].intersect(&rules.board.squares);
            assert_eq!(
                zone_squares(&doc, name),
                squares_named(&engine, expected.iter()),
                "{} zone {name}",
                path.display()
            );
            shaded += expected.len() as usize;
        }
        assert_eq!(
            with_class(&doc, "zone-square").len(),
            shaded,
            "{}",
            path.display()
        );
        let legend: Vec<&str> = with_class(&doc, "legend-item")
            .iter()
            .filter_map(|e| e.attribute("data-zone"))
            .collect();
        assert_eq!(
            legend,
            rules.zones.keys().map(|k| k.as_str()).collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        let existing = rules.board.squares.len() as usize;
        let board_elements = if rules.render.intersections {
            0
        } else {
            existing
        };
        assert_eq!(
            with_class(&doc, "square").len(),
            board_elements,
            "{}",
            path.display()
        );
        let river = rules.render.river_after_rank.is_some();
        assert_eq!(
            with_class(&doc, "river").len(),
            river as usize,
            "{}",
            path.display()
        );
        // Each zone has a border as the first player has it, and a dashed one as the second
        // player has it where that differs.
        for (name, per_player) in &rules.zones {
            let borders: Vec<&str> = with_class(&doc, "zone-border")
                .iter()
                .filter(|b| b.attribute("data-zone") == Some(name.as_str()))
                .map(|b| b.attribute("data-player").unwrap())
                .collect();
            let differs = per_player[Player::First].intersect(&rules.board.squares)
                != per_player[Player::Second].intersect(&rules.board.squares);
            let expected: &[&str] = if differs {
                &["first", "second"]
            } else {
                &["first"]
            };
            assert_eq!(borders, expected, "{} zone {name}", path.display());
        }
        // A start hand is drawn too (a setup phase: a drops block without `kinds`).
        let start_hand = rules
            .start_fen
            .split_once('[')
            .is_some_and(|(_, h)| !h.starts_with(']') && !h.starts_with('-'));
        let hands = !rules.drops.to_hand.is_empty() || start_hand;
        assert_eq!(
            with_class(&doc, "hand").len(),
            if hands { 2 } else { 0 },
            "{}",
            path.display()
        );
    }
}

#[test]
fn every_piece_diagram_shows_the_piece_alone_with_the_engines_marks() {
    for path in definitions() {
        let engine = engine(&path);
        let rules = engine.rules();
        for (kind, def) in rules.kinds().zip(&rules.pieces) {
            let svg = chimera::render_piece(&engine, kind, &RenderOptions::default());
            let doc = Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{} {}: {e}", path.display(), def.name));
            let pieces = with_class(&doc, "piece");
            assert_eq!(pieces.len(), 1, "{} {}", path.display(), def.name);
            assert_eq!(pieces[0].attribute("data-kind"), Some(def.name.as_str()));
            let at = rules
                .board
                .dims
                .parse_square(pieces[0].attribute("data-square").unwrap())
                .unwrap();
            assert_eq!(at, chimera::diagram_square(&engine, kind, Player::First));
            // Locust victims are squares passed, not reached: tested on their own below. Hops
            // are drawn over an example hurdle, so they land on some of the squares the engine
            // says a hop may reach: tested apart.
            let diagram = engine.diagram(kind, Player::First, at);
            let marked_as = |kinds: &[&str]| -> BTreeSet<String> {
                with_class(&doc, "mark")
                    .iter()
                    .filter(|m| kinds.contains(&m.attribute("data-mark").unwrap()))
                    .map(|m| m.attribute("data-square").unwrap().to_string())
                    .collect()
            };
            let plain = marked_as(&["move-only", "capture-only", "move-or-capture", "blocker"]);
            let expected = squares_named(
                &engine,
                diagram
                    .iter()
                    .filter(|(_, m)| *m != DiagramMark::Hop && *m != DiagramMark::CapturedInPassing)
                    .map(|(s, _)| *s),
            );
            assert_eq!(plain, expected, "{} {}", path.display(), def.name);
            let reached = squares_named(
                &engine,
                diagram
                    .iter()
                    .filter(|(_, m)| *m != DiagramMark::Blocker)
                    .map(|(s, _)| *s),
            );
            let hops = marked_as(&["hop"]);
            assert!(
                hops.is_subset(&reached),
                "{} {}: hops {hops:?} beyond {reached:?}",
                path.display(),
                def.name
            );
            assert_eq!(
                hops.is_empty(),
                marked_as(&["hurdle"]).is_empty(),
                "{} {}: a hop has its hurdle",
                path.display(),
                def.name
            );
            assert!(
                with_class(&doc, "hand").is_empty(),
                "{} {}: a diagram has no hands",
                path.display(),
                def.name
            );
        }
    }
}

#[test]
fn the_moves_overlay_marks_every_legal_destination() {
    for path in definitions() {
        let engine = engine(&path);
        let pos = engine.start_position();
        let moves = engine.legal_moves(&pos);
        let froms: BTreeSet<Square> = moves
            .iter()
            .filter(|m| !m.is_drop())
            .map(|m| m.from)
            .collect();
        for from in froms {
            let opts = RenderOptions {
                moves_from: Some(from),
                ..Default::default()
            };
            let doc_text = chimera::render_position(&engine, &pos, &opts);
            let doc = Document::parse(&doc_text).unwrap();
            let landing: BTreeSet<String> = with_class(&doc, "mark")
                .iter()
                .filter(|m| matches!(m.attribute("data-mark"), Some("quiet" | "capture")))
                .map(|m| m.attribute("data-square").unwrap().to_string())
                .collect();
            let expected = squares_named(
                &engine,
                moves
                    .iter()
                    .filter(|m| !m.is_drop() && m.from == from)
                    .map(|m| m.to),
            );
            assert_eq!(
                landing,
                expected,
                "{} from {}",
                path.display(),
                engine.rules().board.dims.name(from)
            );
            assert_eq!(with_class(&doc, "mark-from").len(), 1);
        }
    }
}

#[test]
fn an_overlay_shows_screens_and_captures_differently() {
    // Xiangqi start: the Red Cannon on b3 may capture the Knight on b10 over the Black Cannon on b8.
    let engine = engine(&Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/xiangqi.variant"));
    let b3 = engine.rules().board.dims.parse_square("b3").unwrap();
    let svg = chimera::render_position(
        &engine,
        &engine.start_position(),
        &RenderOptions {
            moves_from: Some(b3),
            ..Default::default()
        },
    );
    let doc = Document::parse(&svg).unwrap();
    let at = |mark: &str| -> Vec<&str> {
        with_class(&doc, "mark")
            .iter()
            .filter(|m| m.attribute("data-mark") == Some(mark))
            .map(|m| m.attribute("data-square").unwrap())
            .collect()
    };
    assert_eq!(at("capture"), ["b10"]);
    assert_eq!(at("screen"), ["b8"]);
    assert_eq!(at("from"), ["b3"]);
    assert!(at("quiet").contains(&"b7") && !at("quiet").contains(&"b8"));
}

#[test]
fn hands_are_drawn_beside_the_board_with_counts() {
    // Crazyhouse: White holds two Queens, Black a Pawn.
    let engine =
        engine(&Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/crazyhouse.variant"));
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQp] w KQkq - 0 1";
    let pos = chimera::parse_fen(&engine, fen).unwrap();
    let svg = chimera::render_position(&engine, &pos, &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let hand: Vec<(&str, &str, &str)> = with_class(&doc, "hand-piece")
        .iter()
        .map(|h| {
            (
                h.attribute("data-player").unwrap(),
                h.attribute("data-kind").unwrap(),
                h.attribute("data-count").unwrap(),
            )
        })
        .collect();
    assert_eq!(hand, [("second", "Pawn", "1"), ("first", "Queen", "2")]);
    assert_eq!(with_class(&doc, "piece").len(), 32);
}

#[test]
fn a_diagram_stands_the_piece_where_its_zone_moves_apply() {
    // Octal XiangQi Soldier: `fW`, and `sW` beyond the river (ranks 5-8 for Red).
    let engine =
        engine(&Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions/octal-xiangqi.variant"));
    let soldier = chimera::find_piece(engine.rules(), "Soldier").unwrap();
    let svg = chimera::render_piece(&engine, soldier, &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let at = with_class(&doc, "piece")[0]
        .attribute("data-square")
        .unwrap();
    assert_eq!(at, "d5");
    let mut marked: Vec<&str> = with_class(&doc, "mark")
        .iter()
        .map(|m| m.attribute("data-square").unwrap())
        .collect();
    marked.sort();
    assert_eq!(marked, ["c5", "d6", "e5"]);
}

/// Decoded picture with pixel access.
struct Png(tiny_skia::Pixmap);

impl Png {
    fn of(svg: &str) -> Png {
        Png(tiny_skia::Pixmap::decode_png(&chimera::svg_to_png(svg).unwrap()).unwrap())
    }
    fn read(path: &Path) -> Png {
        Png(tiny_skia::Pixmap::load_png(path).unwrap())
    }
    fn width(&self) -> u32 {
        self.0.width()
    }
    fn height(&self) -> u32 {
        self.0.height()
    }
    /// The share of pixels that differ visibly. Text is drawn with the machine's fonts, so a
    /// few letter pixels may differ between machines; a changed drawing differs far more.
    fn differs_from(&self, other: &Png) -> f64 {
        let differ = (0..self.height())
            .flat_map(|y| (0..self.width()).map(move |x| (x as f32, y as f32)))
            .filter(|&(x, y)| distance(self.at(x, y), other.at(x, y)) > 48)
            .count();
        differ as f64 / (self.width() as f64 * self.height() as f64)
    }
    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let c = self.0.pixel(x.round() as u32, y.round() as u32).unwrap();
        [c.red(), c.green(), c.blue()]
    }
}

fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (*x as i32 - y as i32).abs())
        .sum()
}

#[test]
fn every_png_shows_the_pieces_and_zones_where_the_svg_puts_them() {
    let mut zones_checked = 0;
    for path in definitions() {
        let engine = engine(&path);
        let pos: Position = engine.start_position();
        let svg = chimera::render_position(&engine, &pos, &RenderOptions::default());
        let png = Png::of(&svg);
        let doc = Document::parse(&svg).unwrap();
        // Each piece: on a disc or wedge, most points of a ring inside it (clear of the glyph)
        // have its colour; a figurine alone has the player's colour somewhere on its glyph.
        for piece in with_class(&doc, "piece") {
            let square = piece.attribute("data-square");
            let disc = piece
                .descendants()
                .find(|n| {
                    n.attribute("class")
                        .is_some_and(|c| c.split(' ').any(|t| t == "piece-disc"))
                })
                .unwrap();
            let colour = hex(disc.attribute("fill").unwrap()).unwrap();
            if disc.tag_name().name() == "polygon" {
                // A wedge (turned round its centre for the second player): left and right of
                // its centre, clear of the glyph, it has its wood.
                let pts: Vec<(f32, f32)> = disc
                    .attribute("points")
                    .unwrap()
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                let r = (pts[2].0 - pts[0].0) / 0.8;
                let (x, y) = (pts[0].0, pts[0].1 + 0.98 * r);
                // Low on the wedge, either side of its middle; the second player's wedge is turned
                // round its centre, so those points are high on it.
                let turn = if piece.attribute("data-player") == Some("second") {
                    -1.0
                } else {
                    1.0
                };
                let inside = [-0.55f32, 0.55]
                    .iter()
                    .filter(|dx| {
                        distance(png.at(x + *dx * r * turn, y + 0.8 * r * turn), colour) <= 24
                    })
                    .count();
                assert_eq!(inside, 2, "{}: wedge on {square:?}", path.display());
                continue;
            }
            let (x, y, r) = (num(disc, "cx"), num(disc, "cy"), num(disc, "r"));
            if disc.attribute("fill-opacity") == Some("0") {
                let hits = (0..9)
                    .flat_map(|i| (0..9).map(move |j| (i, j)))
                    .filter(|(i, j)| {
                        let (px, py) = (
                            x + (*i as f32 - 4.0) * r / 6.0,
                            y + (*j as f32 - 4.0) * r / 6.0,
                        );
                        distance(png.at(px, py), colour) <= 24
                    })
                    .count();
                assert!(hits >= 6, "{}: figurine on {square:?}", path.display());
                continue;
            }
            let hits = (0..8)
                .map(|i| (i as f32 * std::f32::consts::PI / 4.0).sin_cos())
                .filter(|(s, c)| distance(png.at(x + 0.86 * r * c, y + 0.86 * r * s), colour) <= 12)
                .count();
            assert!(hits >= 5, "{}: piece on {square:?}", path.display());
        }
        // Each zone: on a square where it is drawn last and no piece stands, the picture is nearer
        // the zone's colour than the same picture without that zone (at one of four points clear
        // of the lines and the river).
        let occupied: BTreeSet<&str> = with_class(&doc, "piece")
            .iter()
            .filter_map(|p| p.attribute("data-square"))
            .collect();
        let cells = with_class(&doc, "zone-square");
        for name in engine.rules().zones.keys() {
            let top = cells.iter().enumerate().find(|(i, c)| {
                let sq = c.attribute("data-square").unwrap();
                c.attribute("data-zone") == Some(name.as_str())
                    && !occupied.contains(sq)
                    && !cells[i + 1..]
                        .iter()
                        .any(|later| later.attribute("data-square") == Some(sq))
            });
            let Some((_, cell)) = top else { continue };
            let Some(colour) = hex(cell.attribute("fill").unwrap()) else {
                continue;
            };
            // The same picture without this zone, the other zones keeping their colours.
            let mut without = engine.rules().clone();
            for c in &cells {
                let (zone, fill) = (
                    c.attribute("data-zone").unwrap(),
                    c.attribute("fill").unwrap(),
                );
                without
                    .render
                    .zone_colours
                    .insert(zone.to_string(), fill.to_string());
            }
            without.zones.shift_remove(name);
            let without = Engine::new(without).unwrap();
            let bare = Png::of(&chimera::render_position(
                &without,
                &pos,
                &RenderOptions::default(),
            ));
            let (x, y, w, h) = (
                num(*cell, "x"),
                num(*cell, "y"),
                num(*cell, "width"),
                num(*cell, "height"),
            );
            let pulled = [(0.15, 0.3), (0.15, 0.7), (0.85, 0.3), (0.85, 0.7)]
                .iter()
                .any(|(fx, fy)| {
                    let (px, py) = (x + fx * w, y + fy * h);
                    distance(png.at(px, py), colour) < distance(bare.at(px, py), colour)
                });
            assert!(
                pulled,
                "{}: zone {name} not visible on {:?}",
                path.display(),
                cell.attribute("data-square")
            );
            zones_checked += 1;
        }
    }
    assert!(zones_checked >= 10, "only {zones_checked} zones checked");
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn marks_of<'a>(doc: &'a Document, mark: &str) -> Vec<&'a str> {
    let mut v: Vec<&str> = with_class(doc, "mark")
        .iter()
        .filter(|m| m.attribute("data-mark") == Some(mark))
        .map(|m| m.attribute("data-square").unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn a_diagram_marks_where_a_multiple_displacer_captures_in_passing() {
    // Strong Shoxiang Elephant `afFcafF` on e4: it lands two squares diagonally, and the midpoint
    // both blocks (a friend there) and is captured in passing (an enemy there).
    let engine = engine(&root().join("definitions/shoxiang108-shogi-strong.variant"));
    let elephant = chimera::find_piece(engine.rules(), "Elephant").unwrap();
    let e4 = engine.rules().board.dims.parse_square("e4").unwrap();
    let svg = chimera::render_piece(
        &engine,
        elephant,
        &RenderOptions {
            diagram_square: Some(e4),
            ..Default::default()
        },
    );
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(marks_of(&doc, "locust"), ["d3", "d5", "f3", "f5"]);
    assert_eq!(marks_of(&doc, "blocker"), ["d3", "d5", "f3", "f5"]);
    assert_eq!(marks_of(&doc, "move-or-capture"), ["c2", "c6", "g2", "g6"]);
    let legend: Vec<&str> = with_class(&doc, "legend-item")
        .iter()
        .filter_map(|e| e.attribute("data-mark"))
        .collect();
    assert!(legend.contains(&"locust"), "{legend:?}");
}

#[test]
fn an_overlay_marks_a_locust_victim_apart_from_the_landing_capture() {
    // Strong Shoxiang Elephant on d2, enemies on c3, e3 (midpoints) and f4 (a landing square):
    // d2-f4 takes e3 and f4, d2-b4 lands quietly and takes c3.
    let engine = engine(&root().join("definitions/shoxiang108-shogi-strong.variant"));
    let fen = "4k4/9/9/9/9/9/9/9/5p3/2p1p4/3E5/4K4 w - - 0 1";
    let pos = chimera::parse_fen(&engine, fen).unwrap();
    let d2 = engine.rules().board.dims.parse_square("d2").unwrap();
    let svg = chimera::render_position(
        &engine,
        &pos,
        &RenderOptions {
            moves_from: Some(d2),
            ..Default::default()
        },
    );
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(marks_of(&doc, "capture"), ["f4"]);
    assert_eq!(marks_of(&doc, "captured"), ["c3", "e3"]);
    assert_eq!(marks_of(&doc, "quiet"), ["b4"]);
    // The victim's letter stays readable: the mark is a ring and a badge, not a cross over it.
    let captured = with_class(&doc, "mark-captured");
    let badges: Vec<Node> = with_class(&doc, "cross-badge")
        .into_iter()
        .filter(|b| b.ancestors().any(|a| a.attribute("class") == Some("marks")))
        .collect();
    assert_eq!(badges.len(), 2);
    assert!(badges
        .iter()
        .all(|b| b.ancestors().any(|a| captured.contains(&a))));
}

#[test]
fn a_diagram_outlines_the_zone_where_its_zone_dependent_move_applies() {
    // Octal XiangQi Minister on d5: `sW in enemy own_half` applies on ranks 5-8 for Red.
    let engine = engine(&root().join("definitions/octal-xiangqi.variant"));
    let minister = chimera::find_piece(engine.rules(), "Minister").unwrap();
    let svg = chimera::render_piece(&engine, minister, &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let outlined: Vec<&str> = with_class(&doc, "rule-zone")
        .iter()
        .map(|z| z.attribute("data-betza").unwrap())
        .collect();
    assert_eq!(outlined, ["sW"]);
    let label: Vec<String> = with_class(&doc, "legend-item")
        .iter()
        .filter(|e| e.attribute("data-applies").is_some())
        .map(|e| {
            e.descendants()
                .filter(|n| n.is_text())
                .filter_map(|n| n.text())
                .map(str::trim)
                .collect()
        })
        .collect();
    assert_eq!(label, ["sW (in enemy own_half) applies inside this border"]);
    // The border runs along the river side of rank 5 (y between ranks 4 and 5 is the river).
    let png = Png::of(&svg);
    let line = with_class(&doc, "rule-zone")[0].attribute("d").unwrap();
    let purple = [0x8e, 0x24, 0xaa];
    let first = line
        .trim_start_matches('M')
        .split(['H', 'V', 'M'])
        .next()
        .unwrap();
    let (x, y) = first.split_once(',').unwrap();
    let (x, y): (f32, f32) = (x.parse().unwrap(), y.parse().unwrap());
    let near = (0..5).any(|i| distance(png.at(x + 5.0 + i as f32 * 4.0, y), purple) < 200);
    assert!(near, "no border pixels at {x},{y}");
}

#[test]
fn a_diagram_names_the_zone_each_rule_was_written_with() {
    // Queen Perquisites: `K in king_file`; king_file equals the enemy's queen_file, and the
    // summary must say what the definition wrote.
    let engine = engine(&root().join("definitions/queen-perquisites-xiangqi.variant"));
    let q = chimera::find_piece(engine.rules(), "Querquisite").unwrap();
    let svg = chimera::render_piece(&engine, q, &RenderOptions::default());
    assert!(
        svg.contains("K in king_file") && !svg.contains("enemy queen_file"),
        "{svg}"
    );
}

#[test]
fn both_players_palaces_show_in_the_png() {
    // Xiangqi: Red's palace d1-f3 is shaded; Black's d8-f10 has a dashed border in the same colour.
    let engine = engine(&root().join("definitions/xiangqi.variant"));
    let svg =
        chimera::render_position(&engine, &engine.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let border = with_class(&doc, "zone-border")
        .into_iter()
        .find(|b| {
            b.attribute("data-zone") == Some("palace")
                && b.attribute("data-player") == Some("second")
        })
        .expect("Black's palace border");
    let colour = hex(border.attribute("stroke").unwrap()).unwrap();
    // The left side of Black's palace: half a cell left of file d, from rank 10 down to rank 8.
    let png = Png::of(&svg);
    let d10 = with_class(&doc, "zone-square")
        .into_iter()
        .find(|z| z.attribute("data-square") == Some("d1"))
        .unwrap();
    let (x, w) = (num(d10, "x"), num(d10, "width"));
    let top = with_class(&doc, "rank-label")
        .into_iter()
        .find(|t| t.text() == Some("10"))
        .map(|t| num(t, "y"))
        .unwrap();
    let hits = (0..20)
        .filter(|i| distance(png.at(x, top + *i as f32 * w / 10.0), colour) < 60)
        .count();
    assert!(hits >= 5, "only {hits} border pixels");
}

fn chimera(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_cli_writes_svg_or_png_by_the_extension() {
    let dir = std::env::temp_dir().join(format!("chimera-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("chess.svg");
    let png = dir.join("knight.PNG");
    assert_eq!(
        chimera(&[
            "render",
            "definitions/chess.variant",
            "--moves",
            "g1",
            "-o",
            svg.to_str().unwrap()
        ])
        .0,
        0
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert_eq!(
        chimera(&[
            "render",
            "definitions/chess.variant",
            "--piece",
            "knight",
            "-o",
            png.to_str().unwrap()
        ])
        .0,
        0
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cli_reports_bad_input_and_exits_1() {
    let out = std::env::temp_dir().join("chimera-render-never-written.svg");
    let out = out.to_str().unwrap();
    let cases: [(&[&str], &str); 9] = [
        (
            &["render", "definitions/chess.variant", "-o", "start.jpg"],
            "must end in .svg or .png",
        ),
        (
            &["render", "definitions/chess.variant", "-o", "start"],
            "must end in .svg or .png",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--at",
                "e4",
                "-o",
                out,
            ],
            "give --piece NAME too",
        ),
        (
            &["render", "definitions/no-such.variant", "-o", out],
            "cannot read",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--fen",
                "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
                "-o",
                out,
            ],
            "bad FEN",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--piece",
                "Knigt",
                "-o",
                out,
            ],
            "did you mean `Knight`?",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--moves",
                "i9",
                "-o",
                out,
            ],
            "unknown square `i9`",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--moves",
                "e4",
                "-o",
                out,
            ],
            "no piece on e4",
        ),
        (
            &[
                "render",
                "definitions/chess.variant",
                "--piece",
                "Knight",
                "--at",
                "e9",
                "-o",
                out,
            ],
            "unknown square `e9`",
        ),
    ];
    for (args, expected) in cases {
        let (code, stderr) = chimera(args);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    assert!(!Path::new(out).exists());
    assert!(!root().join("start.jpg").exists() && !root().join("start").exists());
}

/// The README's pictures are what the renderer draws today: each is rendered again and compared
/// with the committed file. `CHIMERA_BLESS=1 cargo test --test render docs_pictures` rewrites them.
#[test]
fn docs_pictures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let xiang_fu = engine(&root.join("definitions/xiang-fu.variant"));
    let start = chimera::render_position(
        &xiang_fu,
        &xiang_fu.start_position(),
        &RenderOptions::default(),
    );
    let octal = engine(&root.join("definitions/octal-xiangqi.variant"));
    let minister = chimera::find_piece(octal.rules(), "Minister").unwrap();
    let minister = chimera::render_piece(&octal, minister, &RenderOptions::default());
    let bless = std::env::var_os("CHIMERA_BLESS").is_some();
    let scratch = std::env::temp_dir().join(format!("chimera-docs-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for (svg, name) in [
        (start, "xiang-fu-start.png"),
        (minister, "octal-xiangqi-minister.png"),
    ] {
        let committed = root.join("docs").join(name);
        if bless {
            chimera::write_picture(&svg, &committed).unwrap();
            continue;
        }
        let fresh = scratch.join(name);
        chimera::write_picture(&svg, &fresh).unwrap();
        let (now, then) = (Png::read(&fresh), Png::read(&committed));
        assert_eq!(
            (now.width(), now.height()),
            (then.width(), then.height()),
            "docs/{name} is stale: regenerate it with CHIMERA_BLESS=1 cargo test --test render docs_pictures"
        );
        assert!(
            now.differs_from(&then) < 0.03,
            "docs/{name} is stale: regenerate it with CHIMERA_BLESS=1 cargo test --test render docs_pictures"
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn a_quiet_move_dot_shows_on_a_zone_of_its_own_colour() {
    // Xiang Fu: the Crossbow on e5 may move to b2, inside Red's green drop zone; the green dot
    // has a white rim there.
    let engine = engine(&root().join("definitions/xiang-fu.variant"));
    let fen = "9/7r1/2+g+g2N2/9/4W4/9/4+G+G3/9/9[] w - 0 1";
    let pos = chimera::parse_fen(&engine, fen).unwrap();
    let e5 = engine.rules().board.dims.parse_square("e5").unwrap();
    let opts = RenderOptions {
        moves_from: Some(e5),
        ..Default::default()
    };
    let svg = chimera::render_position(&engine, &pos, &opts);
    let doc = Document::parse(&svg).unwrap();
    let dot = with_class(&doc, "mark-quiet")
        .into_iter()
        .find(|m| m.attribute("data-square") == Some("b2"))
        .and_then(|m| m.children().find(|n| n.has_tag_name("circle")))
        .expect("a quiet mark on b2");
    let (x, y, r) = (num(dot, "cx"), num(dot, "cy"), num(dot, "r"));
    let png = Png::of(&svg);
    // Diagonally from the centre: the board's lines run through the other four points.
    let d = r * std::f32::consts::FRAC_1_SQRT_2;
    let rim = [(d, d), (-d, d), (d, -d), (-d, -d)]
        .iter()
        .filter(|(dx, dy)| distance(png.at(x + dx, y + dy), [255, 255, 255]) < 150)
        .count();
    assert!(rim >= 3, "the rim shows at {rim} of 4 points");
    assert!(distance(png.at(x, y), [0x2e, 0x7d, 0x32]) < 40);
}

#[test]
fn the_grasshopper_diagram_lands_just_beyond_its_example_hurdle() {
    // `gQ` on d4: it lands just beyond the first piece on a queen line, so on an empty board no
    // square next to it can ever be a landing. The truth is the engine's: every square where the
    // Grasshopper has a legal move with one screen (an enemy Stone) somewhere on the board.
    let rules = chimera::compile_str(
        "g.variant",
        "variant \"G\"\nboard 8x8\nplayers White, Black\n\
         piece Grasshopper G { moves gQ }\npiece Stone S { moves W }\n\
         start \"8/8/8/8/3G4/8/8/8 w - - 0 1\"\n",
        Path::new("."),
    )
    .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let engine = Engine::new(rules).unwrap();
    let dims = engine.rules().board.dims;
    let sq = |n: &str| dims.parse_square(n).unwrap();
    let d4 = sq("d4");
    let grasshopper = chimera::find_piece(engine.rules(), "Grasshopper").unwrap();
    let stone = chimera::find_piece(engine.rules(), "Stone").unwrap();
    let mut truth = BTreeSet::new();
    for s in engine.rules().board.squares.iter().filter(|&s| s != d4) {
        let mut pos = engine.start_position();
        pos.set_piece(s, Some(chimera::Piece::new(Player::Second, stone)));
        truth.extend(engine.legal_moves_from(&pos, d4).into_iter().map(|m| m.to));
    }
    let truth = squares_named(&engine, truth);
    // Two or more squares out along each of the eight lines.
    assert_eq!(truth.len(), 19, "{truth:?}");
    for adjacent in ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"] {
        assert!(!truth.contains(adjacent), "{adjacent}");
    }

    // The engine's diagram: hop landings exactly there.
    let diagram = engine.diagram(grasshopper, Player::First, d4);
    assert!(diagram.iter().all(|(_, m)| *m == chimera::DiagramMark::Hop));
    assert_eq!(
        squares_named(&engine, diagram.iter().map(|(s, _)| *s)),
        truth
    );

    // The ASCII diagram: `^` on the landings only; the squares around the piece stay empty.
    let ascii = chimera::repl::board::diagram_board(
        engine.rules(),
        "G",
        d4,
        &chimera::repl::board::combine_marks(&diagram),
        chimera::repl::BoardStyle::Ascii,
    );
    assert!(ascii.contains("\n5 |  .  .  .  .  .  .  .  . |"), "{ascii}");
    assert!(ascii.contains("\n4 |  ^  ^  .  G  .  ^  ^  ^ |"), "{ascii}");
    assert!(ascii.contains("\n6 |  .  ^  .  ^  .  ^  .  . |"), "{ascii}");
    assert_eq!(ascii.matches('^').count(), 19, "{ascii}");

    // The SVG: on each of the eight lines an example hurdle, and one hop mark, on the square
    // just beyond it (a cannon's hop would mark every square beyond). The engine agrees: with an
    // enemy Stone on the hurdle, the Grasshopper's only move along that line is to the mark.
    let opts = RenderOptions {
        diagram_square: Some(d4),
        ..Default::default()
    };
    let svg = chimera::render_piece(&engine, grasshopper, &opts);
    let doc = Document::parse(&svg).unwrap();
    let hurdles = marks_of(&doc, "hurdle");
    assert_eq!(hurdles, ["b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"]);
    let hops: BTreeSet<String> = marks_of(&doc, "hop")
        .into_iter()
        .map(String::from)
        .collect();
    let hops_expected: BTreeSet<String> = ["a1", "a4", "a7", "d1", "d7", "g1", "g4", "g7"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(hops, hops_expected);
    assert!(hops.is_subset(&truth));
    assert_eq!(with_class(&doc, "mark").len(), 16);
    let step = |s: Square| {
        let (df, dr) = (
            dims.file(s) as i32 - dims.file(d4) as i32,
            dims.rank(s) as i32 - dims.rank(d4) as i32,
        );
        (df.signum(), dr.signum())
    };
    for hurdle in &hurdles {
        let h = sq(hurdle);
        let mut pos = engine.start_position();
        pos.set_piece(h, Some(chimera::Piece::new(Player::Second, stone)));
        let along: Vec<String> = engine
            .legal_moves_from(&pos, d4)
            .into_iter()
            .filter(|m| step(m.to) == step(h))
            .map(|m| dims.name(m.to))
            .collect();
        let beyond = dims
            .square(
                dims.file(h) as i32 + step(h).0,
                dims.rank(h) as i32 + step(h).1,
            )
            .map(|s| dims.name(s));
        assert_eq!(
            along,
            beyond.into_iter().collect::<Vec<_>>(),
            "over {hurdle}"
        );
        assert!(hops.contains(&along[0]), "{hurdle}");
    }

    // The PNG: a hop's triangle (top right of its square) in the hop colour exactly on the
    // marked squares. The squares on d4's rising diagonal are left out: the ride's line crosses
    // that corner of them.
    let png = Png::of(&svg);
    let hop_mark = with_class(&doc, "mark-hop")[0];
    let triangle = hop_mark.children().find(|n| n.is_element()).unwrap();
    let hop_colour = hex(triangle.attribute("fill").unwrap()).unwrap();
    let (x0, _) = chimera::square_centre(engine.rules(), &opts, d4);
    let (x1, _) = chimera::square_centre(engine.rules(), &opts, sq("e4"));
    let cell = x1 - x0;
    let mut checked = 0;
    for s in engine.rules().board.squares.iter().filter(|&s| s != d4) {
        let (df, dr) = (
            dims.file(s) as i32 - dims.file(d4) as i32,
            dims.rank(s) as i32 - dims.rank(d4) as i32,
        );
        if df == dr {
            continue;
        }
        let (x, y) = chimera::square_centre(engine.rules(), &opts, s);
        let marked = distance(png.at(x + 0.26 * cell, y - 0.26 * cell), hop_colour) <= 30;
        let name = dims.name(s);
        assert_eq!(marked, hops.contains(&name), "PNG at {name}");
        checked += 1;
    }
    assert_eq!(checked, 56);
}

/// The text of every `<text>` under a node.
fn texts(n: Node) -> Vec<String> {
    n.descendants()
        .filter(|d| d.has_tag_name("text"))
        .filter_map(|t| t.text())
        .map(str::to_string)
        .collect()
}

fn piece_on<'a>(doc: &'a Document, square: &str) -> Node<'a, 'a> {
    with_class(doc, "piece")
        .into_iter()
        .find(|p| p.attribute("data-square") == Some(square))
        .unwrap_or_else(|| panic!("no piece on {square}"))
}

#[test]
fn a_piece_with_a_glyph_is_drawn_by_its_glyph_and_one_without_by_its_letter() {
    // Chess: the Knights are the filled figurine ♞, White's white and Black's black.
    let chess = engine(&root().join("definitions/chess.variant"));
    let svg = chimera::render_position(&chess, &chess.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    for (square, fill) in [("b1", "#f8f8f8"), ("g8", "#222222")] {
        let knight = piece_on(&doc, square);
        assert_eq!(knight.attribute("data-glyph"), Some("♞"));
        let glyph = knight
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .unwrap();
        assert_eq!(glyph.text(), Some("♞"));
        assert_eq!(glyph.attribute("fill"), Some(fill));
    }
    // Xiangqi: each side's own character, on a disc in its colour's rim.
    let xiangqi = engine(&root().join("definitions/xiangqi.variant"));
    let svg = chimera::render_position(
        &xiangqi,
        &xiangqi.start_position(),
        &RenderOptions::default(),
    );
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(texts(piece_on(&doc, "a1")), ["俥"]);
    assert_eq!(texts(piece_on(&doc, "a10")), ["車"]);
    assert_eq!(texts(piece_on(&doc, "e1")), ["帥"]);
    assert_eq!(texts(piece_on(&doc, "e10")), ["將"]);
    // Shogi: kanji on wedges; Gote's turned round, Sente's not.
    let shogi = engine(&root().join("definitions/shogi.variant"));
    let svg = chimera::render_position(&shogi, &shogi.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let turned = |square: &str| {
        piece_on(&doc, square)
            .descendants()
            .find(|n| n.attribute("class") == Some("piece-body"))
            .and_then(|b| b.attribute("transform"))
            .map(str::to_string)
    };
    assert_eq!(texts(piece_on(&doc, "b2")), ["角"]);
    assert_eq!(turned("b2"), None);
    assert_eq!(texts(piece_on(&doc, "h8")), ["角"]);
    assert!(turned("h8").is_some_and(|t| t.starts_with("rotate(180 ")));
    // Chak has no glyphs: letters, as the FEN writes them.
    let chak = engine(&root().join("definitions/chak.variant"));
    let svg = chimera::render_position(&chak, &chak.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    for p in with_class(&doc, "piece") {
        assert_eq!(p.attribute("data-glyph"), None);
        assert_eq!(texts(p), [p.attribute("data-letter").unwrap()]);
    }
}

#[test]
fn the_pngs_draw_the_glyphs_with_the_installed_fonts() {
    // Inside the glyph box of a figurine and of a Chinese character, pixels of the glyph's own
    // colour: the fonts had the characters (without them resvg leaves the text out).
    // Fonts: scripts/setup/20-fonts.sh (fonts-dejavu-core, fonts-noto-cjk).
    for (file, square, colour) in [
        ("chess", "g8", [0x22, 0x22, 0x22]),
        ("xiangqi", "a10", [0x22, 0x22, 0x22]),
        ("xiangqi", "b1", [0xc6, 0x28, 0x28]),
        ("shogi", "e1", [0x11, 0x11, 0x11]),
    ] {
        let e = engine(&root().join(format!("definitions/{file}.variant")));
        let svg = chimera::render_position(&e, &e.start_position(), &RenderOptions::default());
        let doc = Document::parse(&svg).unwrap();
        let bx: Vec<f32> = piece_on(&doc, square)
            .attribute("data-glyph-box")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let png = Png::of(&svg);
        let inked = (0..16)
            .flat_map(|i| (0..16).map(move |j| (i, j)))
            .filter(|(i, j)| {
                let (x, y) = (
                    bx[0] + bx[2] * (*i as f32 + 0.5) / 16.0,
                    bx[1] + bx[3] * (*j as f32 + 0.5) / 16.0,
                );
                distance(png.at(x, y), colour) < 60
            })
            .count();
        assert!(
            inked >= 12,
            "{file} {square}: only {inked} of 256 points in the glyph's colour; are the fonts \
             installed (scripts/setup/20-fonts.sh: fonts-dejavu-core fonts-noto-cjk)?"
        );
    }
}

#[test]
fn an_svg_glyph_file_is_embedded_as_its_plain_shapes_and_a_script_is_refused() {
    let dir = std::env::temp_dir().join(format!("chimera-glyph-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pieces")).unwrap();
    std::fs::write(
        dir.join("pieces/rook.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 45 45">
             <title>rook</title>
             <g inkscape:label="body" style="fill:currentColor;stroke:#000000;stroke-width:1.5">
               <path d="M 9,39 L 36,39 L 36,36 L 9,36 Z"/>
               <rect x="12" y="14" width="21" height="22"/>
             </g>
           </svg>"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><script>alert(1)</script><rect width="4" height="4"/></svg>"#,
    )
    .unwrap();
    let text = |glyph: &str| {
        format!(
            "variant \"G\"\nboard 4x4\npiece King K {{ moves K  royal }}\n\
             piece Rook R {{ moves R  {glyph} }}\nstart \"k3/4/4/R2K w - - 0 1\"\n"
        )
    };
    let rules = chimera::compile_str("g.variant", &text("glyph file \"pieces/rook.svg\""), &dir)
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let e = Engine::new(rules).unwrap();
    let svg = chimera::render_position(&e, &e.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let rook = piece_on(&doc, "a1");
    assert_eq!(rook.attribute("data-glyph"), Some("svg"));
    let inner = rook
        .descendants()
        .find(|n| n.has_tag_name("svg"))
        .expect("the picture, nested");
    assert_eq!(inner.attribute("viewBox"), Some("0 0 45 45"));
    assert_eq!(inner.attribute("color"), Some("#f8f8f8"));
    let kept: Vec<&str> = inner
        .descendants()
        .filter(|n| n.is_element())
        .map(|n| n.tag_name().name())
        .collect();
    assert_eq!(kept, ["svg", "g", "path", "rect"]);
    let g = inner.descendants().find(|n| n.has_tag_name("g")).unwrap();
    assert_eq!(g.attribute("fill"), Some("currentColor"));
    assert_eq!(g.attribute("stroke-width"), Some("1.5"));
    assert!(!svg.contains("inkscape") && !svg.contains("<title>rook"));
    // The PNG draws it in White's colour (currentColor), inside the glyph box.
    let png = Png::of(&svg);
    let bx: Vec<f32> = rook
        .attribute("data-glyph-box")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (cx, cy) = (bx[0] + bx[2] * 22.5 / 45.0, bx[1] + bx[3] * 25.0 / 45.0);
    assert!(distance(png.at(cx, cy), [0xf8, 0xf8, 0xf8]) < 20);

    let code = |glyph: &str| -> Vec<String> {
        match chimera::compile_str("g.variant", &text(glyph), &dir) {
            Ok(_) => Vec::new(),
            Err(d) => d
                .source_errors()
                .map(|e| format!("{}: {}", e.code, e.message))
                .collect(),
        }
    };
    assert_eq!(
        code("glyph file \"bad.svg\""),
        ["chimera::piece::glyph_file: the glyph file `bad.svg`: `<script>` is not allowed in a glyph"]
    );
    assert_eq!(
        code("glyph file \"../x.svg\""),
        ["chimera::piece::glyph_file: the glyph file `../x.svg` is outside the definition's folder"]
    );
    assert_eq!(
        code("glyph \"Rook!\""),
        ["chimera::piece::glyph: a glyph is at most 4 characters, not 5"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_declared_zone_colour_is_drawn_as_written_and_the_plain_board_is_paler() {
    // Xiang Fu declares `colour ring "#cfe0f5"`: every ring square is that colour, at full
    // strength (no opacity anywhere above it), in the SVG and in the PNG on an empty point.
    let e = engine(&root().join("definitions/xiang-fu.variant"));
    let svg = chimera::render_position(&e, &e.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let ring: Vec<Node> = with_class(&doc, "zone-square")
        .into_iter()
        .filter(|z| z.attribute("data-zone") == Some("ring"))
        .collect();
    assert_eq!(ring.len(), 25);
    for z in &ring {
        assert_eq!(z.attribute("fill"), Some("#cfe0f5"));
        assert!(z
            .ancestors()
            .all(|a| a.attribute("fill-opacity").is_none() && a.attribute("opacity").is_none()));
    }
    let png = Png::of(&svg);
    let e5 = ring
        .iter()
        .find(|z| z.attribute("data-square") == Some("e5"))
        .unwrap();
    // A point of the square clear of the board's lines.
    let (x, y) = (
        num(*e5, "x") + 0.25 * num(*e5, "width"),
        num(*e5, "y") + 0.25 * num(*e5, "height"),
    );
    assert!(
        distance(png.at(x, y), [0xcf, 0xe0, 0xf5]) <= 6,
        "{:?}",
        png.at(x, y)
    );
    // The plain board (outside every zone) is less saturated than the declared zones.
    let saturation = |[r, g, b]: [u8; 3]| {
        let (mx, mn) = (r.max(g).max(b) as f32, r.min(g).min(b) as f32);
        (mx - mn) / mx.max(1.0)
    };
    let ground = with_class(&doc, "board-ground")[0];
    let plain = hex(ground.attribute("fill").unwrap()).unwrap();
    assert!(saturation(plain) < saturation([0xcf, 0xe0, 0xf5]));
    assert!(saturation(plain) < saturation([0xd3, 0xec, 0xd6]));
    // King of the Hill on a chequered board: the hill's light squares have the declared colour,
    // its dark squares a darker shade of it.
    let e = engine(&root().join("definitions/kingofthehill.variant"));
    let svg = chimera::render_position(&e, &e.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap();
    let fills: BTreeSet<(String, String)> = with_class(&doc, "zone-square")
        .into_iter()
        .filter(|z| z.attribute("data-zone") == Some("hill"))
        .map(|z| {
            (
                z.attribute("data-square").unwrap().to_string(),
                z.attribute("fill").unwrap().to_string(),
            )
        })
        .collect();
    let d4 = fills.iter().find(|(s, _)| s == "d4").unwrap();
    let e4 = fills.iter().find(|(s, _)| s == "e4").unwrap();
    assert_eq!(e4.1, "#e8c07a", "e4 is a light square");
    let darker = hex(&d4.1).unwrap();
    assert!(darker.iter().zip([0xe8, 0xc0, 0x7a]).all(|(d, l)| *d < l));
}

#[test]
fn the_last_move_is_marked_on_both_its_squares() {
    let e = engine(&root().join("definitions/chess.variant"));
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let pos = chimera::parse_fen(&e, fen).unwrap();
    let last = chimera::parse_last_move(e.rules(), "e2e4").unwrap();
    let opts = RenderOptions {
        last_move: Some(last),
        ..Default::default()
    };
    let svg = chimera::render_position(&e, &pos, &opts);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(marks_of(&doc, "last"), ["e2", "e4"]);
    // Under the pieces: the pawn on e4 is drawn over its mark.
    let mark = with_class(&doc, "mark-last")[0];
    assert!(mark
        .ancestors()
        .any(|a| a.attribute("class") == Some("marks-under")));
    // In the PNG, the empty e2 is no longer the board's colour.
    let plain = Png::of(&chimera::render_position(
        &e,
        &pos,
        &RenderOptions::default(),
    ));
    let marked = Png::of(&svg);
    let (x, y) = chimera::square_centre(
        e.rules(),
        &opts,
        e.rules().board.dims.parse_square("e2").unwrap(),
    );
    assert!(distance(plain.at(x, y), marked.at(x, y)) > 40);
    // A drop marks its one square; words that are not a move are refused.
    let d = e.rules().board.dims;
    assert_eq!(
        chimera::parse_last_move(e.rules(), "P@e4"),
        Ok((d.parse_square("e4").unwrap(), d.parse_square("e4").unwrap()))
    );
    assert!(chimera::parse_last_move(e.rules(), "castle").is_err());
    // The command line: --last.
    let dir = std::env::temp_dir().join(format!("chimera-last-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("last.svg");
    let status = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["render", "chess", "--fen", fen, "--last", "e2e4", "-o"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        marks_of(&Document::parse(&svg).unwrap(), "last"),
        ["e2", "e4"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_screen_marker_leaves_the_screens_glyph_clear() {
    // Xiangqi: the Red Cannon on b3 captures on b10 over the Black Cannon on b8. The screen's
    // mark (a diamond badge) lies wholly outside the box the screen's glyph is drawn in.
    let e = engine(&root().join("definitions/xiangqi.variant"));
    let b3 = e.rules().board.dims.parse_square("b3").unwrap();
    let svg = chimera::render_position(
        &e,
        &e.start_position(),
        &RenderOptions {
            moves_from: Some(b3),
            ..Default::default()
        },
    );
    let doc = Document::parse(&svg).unwrap();
    let bx: Vec<f32> = piece_on(&doc, "b8")
        .attribute("data-glyph-box")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let screen = with_class(&doc, "mark-screen")[0];
    assert_eq!(screen.attribute("data-square"), Some("b8"));
    let diamond = screen
        .descendants()
        .find(|n| n.has_tag_name("polygon"))
        .unwrap();
    let pts: Vec<(f32, f32)> = diamond
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    // The diamond |x - cx| + |y - cy| <= r (its rim's half width added) and the box do not meet:
    // the box point nearest the diamond's centre is farther than r in that measure.
    let cx = pts.iter().map(|p| p.0).sum::<f32>() / 4.0;
    let cy = pts.iter().map(|p| p.1).sum::<f32>() / 4.0;
    let rim = num(diamond, "stroke-width") / 2.0;
    let r = (pts[0].1 - cy).abs() + rim;
    let nx = cx.clamp(bx[0], bx[0] + bx[2]);
    let ny = cy.clamp(bx[1], bx[1] + bx[3]);
    assert!(
        (cx - nx).abs() + (cy - ny).abs() > r,
        "the screen's badge at {cx},{cy} (r {r}) meets the glyph box {bx:?}"
    );
}

/// Wedges (shogi pieces) for kinds without a glyph show the letter: one text with one `class`
/// (a second was invalid SVG that no reader accepted).
#[test]
fn wedges_without_glyphs_show_their_letters_in_valid_svg() {
    let src = "variant \"W\"\nboard 5x5\npiece King K { moves K royal }\npiece Gold G { moves WfF }\nstart \"2k2/5/5/5/1GK2 w - - 0 1\"\nrender { wedges }\n";
    let rules = chimera::compile_str("w.variant", src, Path::new("."))
        .unwrap_or_else(|d| panic!("{:?}", miette::Report::new(d)));
    let engine = Engine::new(rules).expect("engine");
    let svg =
        chimera::render_position(&engine, &engine.start_position(), &RenderOptions::default());
    let doc = Document::parse(&svg).unwrap_or_else(|e| panic!("{e}"));
    let letters: BTreeSet<String> = with_class(&doc, "piece-letter")
        .iter()
        .filter_map(|e| e.text().map(str::to_string))
        .collect();
    assert_eq!(letters, BTreeSet::from(["G".to_string(), "K".to_string()]));
}
