//! `chimera publish`: one self-contained page whose data the engine computed: the start
//! position's moves for both sides and the piece explorer's moves from every square.

use chimera::Engine;
use serde_json::Value;

fn page_data(name: &str) -> Value {
    let rules = chimera::check_named(std::path::Path::new(name))
        .map(|c| c.rules)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let engine = Engine::new(rules).unwrap_or_else(|e| panic!("{e}"));
    let page = chimera::studio::publish::page(&engine);
    assert!(
        !page.contains("src=\"http"),
        "the page loads nothing from elsewhere"
    );
    let start = page
        .find("<script id=\"data\" type=\"application/json\">")
        .map(|i| i + "<script id=\"data\" type=\"application/json\">".len())
        .unwrap_or(0);
    let end = start + page[start..].find("</script>").unwrap_or(0);
    serde_json::from_str(&page[start..end].replace("<\\/", "</")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_start_position_offers_both_sides_moves() {
    let d = page_data("chess");
    let moves = d["start"]["moves"].as_array().cloned().unwrap_or_default();
    // 20 for White and, as if to move, 20 for Black.
    assert_eq!(moves.len(), 40);
    assert!(moves.iter().any(|m| m["text"] == "g8f6"));
}

#[test]
fn the_explorer_shows_a_rook_in_the_middle_of_an_empty_board_fourteen_squares() {
    let d = page_data("chess");
    let pieces = d["pieces"].as_array().cloned().unwrap_or_default();
    let rook = pieces
        .iter()
        .find(|p| p["name"] == "Rook")
        .cloned()
        .unwrap_or_default();
    let marks = rook["moves"][0]["e4"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(marks.len(), 14, "{marks:?}");
    assert!(marks.iter().all(|m| m[1] == "move-or-capture"));
}

#[test]
fn the_page_opens_with_the_designers_introduction_author_and_link() {
    let rules = chimera::check_named(std::path::Path::new("xiang-fu"))
        .map(|c| c.rules)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let engine = Engine::new(rules).unwrap_or_else(|e| panic!("{e}"));
    let page = chimera::studio::publish::page(&engine);
    let about = page
        .split("<section id=\"about\" class=\"about\">")
        .nth(1)
        .and_then(|s| s.split("</section>").next())
        .unwrap_or_else(|| panic!("no about section: {page}"));
    assert!(
        about.contains("<p>Xiang Fu, winner of the PyChess Variant Design Contest: a xiangqi/chess hybrid on 9x9 with two royal Champions"),
        "{about}"
    );
    assert!(
        about.contains("By Eventlesstew. Source: <a href=\"https://www.pychess.org/variants/xiangfu\" rel=\"noopener noreferrer\">https://www.pychess.org/variants/xiangfu</a>"),
        "{about}"
    );
}

#[test]
fn the_designers_text_is_escaped_on_the_page() {
    let about = chimera::About {
        description: vec!["<script>alert(1)</script> & {{DATA}}".into()],
        author: Some("A \"B\"".into()),
        link: Some("javascript:alert(1)".into()),
    };
    let html = chimera::studio::publish::about_html(&about);
    assert_eq!(
        html,
        "<section id=\"about\" class=\"about\">\n  <p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#123;&#123;DATA}}</p>\n  <p class=\"credits\">By A &quot;B&quot;.</p>\n</section>"
    );
    assert_eq!(
        chimera::studio::publish::about_html(&Default::default()),
        ""
    );
}
