//! `description`, `author` and `link`: the designer's introduction, who made the variant and
//! where it comes from. Read into the rule set, checked (lengths, a link that is an address,
//! each stated once), formatted, inherited as documented, and shown by `chimera list`, the rules
//! sheet (text and Markdown) and the language server.

use chimera::check_str;
use chimera::About;
use std::path::Path;

const BASE: &str =
    "variant \"T\"\nboard 5x5\npiece King K { moves K royal }\nstart \"k4/5/5/5/K4 w - - 0 1\"\n";

fn about(extra: &str) -> About {
    match check_str("t.variant", &format!("{BASE}{extra}"), Path::new(".")) {
        Ok(c) => c.rules.about,
        Err(d) => panic!("{}", d.render_plain()),
    }
}

/// The (code, message, text under the span) of each error.
fn errors(extra: &str) -> Vec<(String, String, String)> {
    let text = format!("{BASE}{extra}");
    match check_str("t.variant", &text, Path::new(".")) {
        Ok(_) => panic!("accepted: {extra}"),
        Err(d) => d
            .source_errors()
            .map(|e| {
                (
                    e.code.to_string(),
                    e.message.clone(),
                    e.snippet().to_string(),
                )
            })
            .collect(),
    }
}

#[test]
fn the_three_statements_are_read_into_the_rule_set() {
    let a = about(
        "description \"A small game\"\n  \"on five by five.\"\n  \"\"\n  \"Second paragraph.\"\nauthor \"A. Designer\"\nlink \"https://example.org/t\"\n",
    );
    assert_eq!(
        a,
        About {
            description: vec![
                "A small game on five by five.".into(),
                "Second paragraph.".into()
            ],
            author: Some("A. Designer".into()),
            link: Some("https://example.org/t".into()),
        }
    );
    assert_eq!(about(""), About::default());
}

#[test]
fn a_link_must_be_a_web_address() {
    let e = errors("link \"www.example.org\"\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, "chimera::link::not_url");
    assert_eq!(e[0].1, "`link` is not a web address: `www.example.org`");
    assert_eq!(e[0].2, "www.example.org");
}

#[test]
fn each_is_bounded_in_length() {
    let long = "x".repeat(201);
    let e = errors(&format!("author \"{long}\"\n"));
    assert_eq!(e[0].0, "chimera::limit::too_long");
    assert_eq!(
        e[0].1,
        "`author` is 201 characters long; at most 200 are allowed"
    );
    let line = format!("\"{}\"\n", "y".repeat(1000));
    let e = errors(&format!("description {}", line.repeat(5)));
    assert_eq!(e[0].0, "chimera::limit::too_long");
    assert_eq!(
        e[0].1,
        "the description is 5000 characters long; at most 4000 are allowed"
    );
    let e = errors(&format!(
        "link \"https://example.org/{}\"\n",
        "z".repeat(500)
    ));
    assert_eq!(e[0].0, "chimera::limit::too_long");
}

#[test]
fn each_may_be_stated_once() {
    for stmt in [
        "description \"a\"",
        "author \"a\"",
        "link \"https://example.org\"",
    ] {
        let e = errors(&format!("{stmt}\n{stmt}\n"));
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, "chimera::name::duplicate", "{e:?}");
        let word = stmt.split(' ').next().unwrap_or("");
        assert!(e[0].1.contains(&format!("`{word}`")), "{e:?}");
    }
}

#[test]
fn a_child_keeps_its_parents_author_and_link_but_not_its_introduction() {
    let dir = std::env::temp_dir().join(format!("chimera-about-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::write(
        dir.join("parent.variant"),
        format!(
            "{BASE}description \"The parent.\"\nauthor \"P\"\nlink \"https://example.org/p\"\n"
        ),
    )
    .expect("write");
    let child = "extends \"parent.variant\"\nvariant \"Child\"\n";
    let a = match check_str("child.variant", child, &dir) {
        Ok(c) => c.rules.about,
        Err(d) => panic!("{}", d.render_plain()),
    };
    assert_eq!(a.description, Vec::<String>::new());
    assert_eq!(a.author.as_deref(), Some("P"));
    assert_eq!(a.link.as_deref(), Some("https://example.org/p"));
    let child =
        "extends \"parent.variant\"\nvariant \"Child\"\ndescription \"The child.\"\nauthor \"C\"\n";
    let a = match check_str("child.variant", child, &dir) {
        Ok(c) => c.rules.about,
        Err(d) => panic!("{}", d.render_plain()),
    };
    assert_eq!(a.description, vec!["The child.".to_string()]);
    assert_eq!(a.author.as_deref(), Some("C"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_formatter_puts_each_description_string_on_its_line() {
    let text = format!("{BASE}description \"One\" \"two.\"   author \"Me\"\n");
    let got = chimera::format_definition(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        got.ends_with("\ndescription \"One\"\n    \"two.\"\nauthor \"Me\"\n"),
        "{got}"
    );
    let again = chimera::format_definition(&got).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, got);
}

#[test]
fn every_shipped_definition_has_a_description_and_list_shows_it_whole() {
    for s in chimera::Shipped::all() {
        let rules = chimera::check_named(Path::new(s.name))
            .map(|c| c.rules)
            .unwrap_or_else(|e| panic!("{}: {e:?}", s.name));
        assert!(
            !rules.about.description.is_empty(),
            "{} has no description",
            s.name
        );
        if let Some(l) = &rules.about.link {
            assert!(chimera::looks_like_url(l), "{l}");
        }
    }
    let lines = chimera::cli::list::lines();
    let kyoto = lines
        .iter()
        .find(|l| l.starts_with("kyotoshogi "))
        .expect("kyotoshogi is listed");
    assert!(
        kyoto.ends_with("Kyoto shogi (Tamiya Katsuya, c. 1976): 5x5 shogi in which every piece but the King turns over each time it moves, to a different piece on its other face: Tokin/Lance, Silver/Bishop, Gold/Knight, Pawn/Rook."),
        "{kyoto}"
    );
    let xf = lines
        .iter()
        .find(|l| l.starts_with("xiang-fu "))
        .expect("xiang-fu is listed");
    assert!(xf.ends_with("and drops."), "{xf}");
}

#[test]
fn the_rules_sheet_opens_with_the_introduction_author_and_link() {
    let rules = chimera::check_named(Path::new("xiang-fu"))
        .map(|c| c.rules)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let sheet = chimera::Sheet::new(&rules);
    let text = sheet.text();
    assert!(
        text.starts_with("Xiang Fu\n\nXiang Fu, winner of the PyChess Variant Design Contest:"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n\nBy Eventlesstew.\nSource: https://www.pychess.org/variants/xiangfu\n\nBoard\n"
        ),
        "{text}"
    );
    let md = sheet.markdown(|_| None);
    assert!(
        md.starts_with("# Xiang Fu\n\nXiang Fu, winner of the PyChess Variant Design Contest:"),
        "{md}"
    );
    assert!(
        md.contains("\n\nBy Eventlesstew.\n\nSource: <https://www.pychess.org/variants/xiangfu>\n\n## Board\n"),
        "{md}"
    );
}

#[test]
fn the_keywords_have_a_line_of_the_language_reference() {
    for word in ["description", "author", "link"] {
        let doc = chimera::lsp::analysis::keyword_doc(word, "").unwrap_or_default();
        assert!(
            doc.starts_with(&format!("**`{word}`** (statement)")),
            "{doc}"
        );
        assert!(doc.contains(" — "), "{doc}");
    }
}
