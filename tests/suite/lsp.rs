//! `chimera lsp` in process, over lsp-server's in-memory connection: every feature with its
//! exact ranges and texts, and bad input that must get an error or a diagnostic.

use chimera::lsp::serve;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::thread::JoinHandle;

struct Client {
    conn: Connection,
    server: Option<JoinHandle<()>>,
    next: i32,
}

impl Client {
    fn start() -> Client {
        Client::start_with(json!({ "capabilities": {} }))
    }

    /// A client that says `initialize_params` (its capabilities) at the start.
    fn start_with(initialize_params: Value) -> Client {
        let (server, conn) = Connection::memory();
        let handle = std::thread::spawn(move || {
            let _ = serve(&server);
        });
        let mut c = Client {
            conn,
            server: Some(handle),
            next: 1,
        };
        let init = c.request("initialize", initialize_params);
        assert!(
            init["capabilities"]["hoverProvider"].as_bool() == Some(true),
            "{init}"
        );
        c.notify("initialized", json!({}));
        c
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.into(), params);
        self.conn
            .sender
            .send(n.into())
            .expect("the server is running");
    }

    /// Sends a request and returns its response (skipping notifications).
    fn response(&mut self, method: &str, params: Value) -> Response {
        let id = RequestId::from(self.next);
        self.next += 1;
        let req = Request::new(id.clone(), method.into(), params);
        self.conn
            .sender
            .send(req.into())
            .expect("the server is running");
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(std::time::Duration::from_secs(20))
            {
                Ok(Message::Response(r)) if r.id == id => return r,
                Ok(_) => continue,
                Err(e) => panic!("no response to {method}: {e}"),
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let r = self.response(method, params);
        assert!(r.error.is_none(), "{method}: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    /// Opens a document and returns the diagnostics published for it.
    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "chimera", "version": 1, "text": text } }),
        );
        self.diagnostics(uri)
    }

    fn change(&mut self, uri: &str, version: i32, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [ { "text": text } ] }),
        );
        self.diagnostics(uri)
    }

    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        loop {
            match self
                .conn
                .receiver
                .recv_timeout(std::time::Duration::from_secs(20))
            {
                Ok(Message::Notification(n))
                    if n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri =>
                {
                    return n.params["diagnostics"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                }
                Ok(_) => continue,
                Err(e) => panic!("no diagnostics for {uri}: {e}"),
            }
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.response("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        if let Some(h) = self.server.take() {
            let _ = h.join();
        }
    }
}

fn pos(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

fn range(l1: u32, c1: u32, l2: u32, c2: u32) -> Value {
    json!({ "start": { "line": l1, "character": c1 }, "end": { "line": l2, "character": c2 } })
}

const URI: &str = "file:///nonexistent-chimera-lsp/t.variant";

/// A small valid definition; line numbers below refer to it.
const GOOD: &str = "variant \"T\"
board 5x5
zone home = ranks 1-2
path edge = a1-e1
piece King K { moves K royal }
piece Pawn P {
  moves mfWcfF
  promotes to King in enemy home
}
piece Rider R { rides edge }
start \"k4/5/5/P4/K3R w - - 0 1\"
";

#[test]
fn diagnostics_have_the_code_message_help_and_utf16_range_of_chimera_check() {
    let mut c = Client::start();
    // `𝄞` is two UTF-16 units, `É` one: `99` starts at character 26 of line 0 (byte 29).
    let text = "variant \"Échecs 𝄞\" board 99x8\n";
    let diags = c.open(URI, text);
    let checked = chimera::check_str("t.variant", text, std::path::Path::new("."))
        .expect_err("a 99-file board is refused");
    let first = checked
        .source_errors()
        .find(|e| e.code == "chimera::number::range")
        .expect("the board's size is refused");
    let d = diags
        .iter()
        .find(|d| d["code"] == first.code.as_str())
        .expect("the same error");
    assert_eq!(diags.len(), checked.source_errors().count());
    assert_eq!(d["code"], first.code.as_str());
    assert_eq!(d["source"], "chimera");
    assert_eq!(d["severity"], 1);
    let start = "variant \"Échecs 𝄞\" board ".encode_utf16().count() as u32;
    assert_eq!(start, 26);
    let len = first.snippet().encode_utf16().count() as u32;
    assert_eq!(d["range"], range(0, start, 0, start + len));
    let message = d["message"].as_str().unwrap_or("");
    assert!(message.starts_with(&first.message), "{message}");
    if let Some(help) = &first.help {
        assert!(message.ends_with(&format!("help: {help}")), "{message}");
    }
    // Every change is checked again: fixed, the diagnostics are gone.
    assert_eq!(c.change(URI, 2, GOOD), Vec::<Value>::new());
}

#[test]
fn a_did_you_mean_suggestion_is_a_code_action() {
    let mut c = Client::start();
    let text = GOOD.replace("in enemy home", "in enemy hom");
    let diags = c.open(URI, &text);
    let d = diags
        .iter()
        .find(|d| d["code"] == "chimera::zone::unknown")
        .unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(d["range"], range(7, 28, 7, 31));
    assert_eq!(d["data"]["replace"], "home");
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": URI }, "range": d["range"], "context": { "diagnostics": [d] } }),
    );
    assert_eq!(actions[0]["title"], "replace with `home`");
    assert_eq!(
        actions[0]["edit"]["changes"][URI][0],
        json!({ "range": range(7, 28, 7, 31), "newText": "home" })
    );
}

#[test]
fn hover_explains_betza_names_and_keywords() {
    let mut c = Client::start();
    assert_eq!(c.open(URI, GOOD), Vec::<Value>::new());
    let h = c.request("textDocument/hover", pos(URI, 6, 10));
    assert_eq!(h["range"], range(6, 8, 6, 14));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.contains("- `m`: move only"), "{md}");
    assert!(md.contains("- `W`: Wazir"), "{md}");
    assert!(md.contains("compiles to"), "{md}");
    // The diagram: the pawn on e5 of a 9x9 board steps to e6 and captures on d6 and f6.
    assert!(md.contains(". . . x o x . . .\n. . . . X . . . ."), "{md}");
    // A zone: its squares.
    let h = c.request("textDocument/hover", pos(URI, 2, 6));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.starts_with("**zone `home`**"), "{md}");
    assert!(
        md.contains("for White: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"),
        "{md}"
    );
    assert!(
        md.contains("for Black: a4 b4 c4 d4 e4 a5 b5 c5 d5 e5"),
        "{md}"
    );
    // A path: its squares in order.
    let h = c.request("textDocument/hover", pos(URI, 9, 22));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.contains("squares in order: a1 b1 c1 d1 e1"), "{md}");
    // A keyword: its line of the language reference.
    let h = c.request("textDocument/hover", pos(URI, 4, 25));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.starts_with("**`royal`** (piece statement)"), "{md}");
    assert!(md.contains("a royal piece"), "{md}");
}

#[test]
fn hover_makes_a_wrong_letter_visible() {
    // `mKcamfF` where `mKcamfK` was meant compiles silently into a different piece; the hover
    // names the last letter and draws where each goes, so the two differ where they differ.
    let mut c = Client::start();
    let hover = |c: &mut Client, betza: &str| -> String {
        let text = GOOD.replace("moves mfWcfF", &format!("moves {betza}"));
        c.change(URI, 2, &text);
        let h = c.request("textDocument/hover", pos(URI, 6, 10));
        h["contents"]["value"].as_str().unwrap_or("").to_string()
    };
    c.open(URI, GOOD);
    let typo = hover(&mut c, "mKcamfF");
    let meant = hover(&mut c, "mKcamfK");
    assert!(typo.contains("- `F`: Ferz: one step diagonally"), "{typo}");
    let diagram = |md: &str| md.split("```text\n").nth(1).unwrap_or("").to_string();
    assert!(!diagram(&typo).is_empty() && !diagram(&meant).is_empty());
    assert_ne!(diagram(&typo), diagram(&meant), "{typo}\n{meant}");
    let said = |md: &str| {
        md.split("compiles to:**")
            .nth(1)
            .unwrap_or("")
            .split("```")
            .next()
            .unwrap_or("")
            .to_string()
    };
    assert_ne!(said(&typo), said(&meant));
}

/// The text of the hover on the Betza string of GOOD's Pawn, for a client that says `params`.
fn pawn_hover(params: Value) -> Value {
    let mut c = Client::start_with(params);
    c.open(URI, GOOD);
    c.request("textDocument/hover", pos(URI, 6, 10))
}

#[test]
fn hover_draws_the_diagram_as_an_image_where_the_client_shows_images() {
    // VS Code declares a markdown renderer (`general.markdown`): the diagram is an SVG image.
    let h = pawn_hover(json!({ "capabilities": {
        "general": { "markdown": { "parser": "marked", "version": "1.1.0" } },
        "textDocument": { "hover": { "contentFormat": ["markdown", "plaintext"] } }
    } }));
    assert_eq!(h["contents"]["kind"], "markdown");
    let md = h["contents"]["value"].as_str().unwrap_or("");
    let prefix = "![the moves of `mfWcfF`](data:image/svg+xml;base64,";
    assert!(md.contains(prefix), "{md}");
    assert!(!md.contains("```text"), "{md}");
    // The image is the SVG `chimera render` draws: base64 of `<svg` starts `PHN2Zy`.
    let data = md.split(prefix).nth(1).unwrap_or("");
    assert!(
        data.starts_with("PHN2Zy"),
        "{}",
        &data[..data.len().min(40)]
    );
    assert!(data.trim_end().ends_with(')'));
    // Neovim, Helix and Emacs declare no renderer: the diagram is text.
    let h = pawn_hover(json!({ "capabilities": {
        "textDocument": { "hover": { "contentFormat": ["markdown", "plaintext"] } }
    } }));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.contains("```text\n"), "{md}");
    assert!(!md.contains("data:image"), "{md}");
    // A client may ask for text or images outright.
    let h = pawn_hover(json!({
        "capabilities": { "general": { "markdown": { "parser": "marked" } } },
        "initializationOptions": { "hoverImages": false }
    }));
    assert!(!h["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("data:image"));
    let h =
        pawn_hover(json!({ "capabilities": {}, "initializationOptions": { "hoverImages": true } }));
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("data:image/svg+xml;base64,"));
    // A client that reads only plain text gets plain text, and no image.
    let h = pawn_hover(json!({ "capabilities": {
        "general": { "markdown": { "parser": "marked" } },
        "textDocument": { "hover": { "contentFormat": ["plaintext"] } }
    } }));
    assert_eq!(h["contents"]["kind"], "plaintext");
    assert!(!h["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .contains("data:image"));
}

#[test]
fn the_diagnostics_a_new_user_met_are_shown_live() {
    let mut c = Client::start();
    // A zone used only by `goal` is used: no warning.
    let goal = "variant \"T\"\nboard 5x5\npiece King K { moves K royal }\npiece Caravan C { moves W }\nzone oasis = c3\ngoal Caravan in oasis\nstart \"k4/5/5/5/K1C2 w - - 0 1\"\n";
    assert_eq!(c.open(URI, goal), Vec::<Value>::new());
    // Without the goal it is reported, at its name.
    let unused = goal.replace("goal Caravan in oasis\n", "");
    let d = c.change(URI, 2, &unused);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["severity"], 2);
    assert!(d[0]["message"]
        .as_str()
        .unwrap_or("")
        .starts_with("zone `oasis` is declared but nothing uses it"));
    assert_eq!(d[0]["range"], range(4, 5, 4, 10));
    // One stray space in the start FEN: one error, at the space.
    let fen = goal.replace("k4/5/5/5/K1C2", "k4/5/5 /5/K1C2");
    let d = c.change(URI, 3, &fen);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "chimera::fen::space");
    assert_eq!(d[0]["range"], range(6, 13, 6, 14));
    // `rank 6-10` suggests `ranks 6-10`, and the quick fix writes it.
    let rank = "variant \"T\"\nboard 5x10\nzone far = rank 6-10\n";
    let d = c.change(URI, 4, rank);
    let d = d
        .iter()
        .find(|d| d["data"]["replace"] == "ranks 6-10")
        .unwrap_or_else(|| panic!("{d:?}"));
    let actions = c.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": URI }, "range": d["range"], "context": { "diagnostics": [d] } }),
    );
    assert_eq!(actions[0]["title"], "replace with `ranks 6-10`");
    assert_eq!(
        actions[0]["edit"]["changes"][URI][0],
        json!({ "range": range(2, 11, 2, 20), "newText": "ranks 6-10" })
    );
}

#[test]
fn description_author_and_link_are_completed_and_explained() {
    let mut c = Client::start();
    let text = format!("{GOOD}\n");
    c.open(URI, &text);
    let statements = labels(&c.request("textDocument/completion", pos(URI, 11, 0)));
    for word in ["description", "author", "link"] {
        assert!(statements.contains(&word.to_string()), "{statements:?}");
    }
    let text =
        format!("{GOOD}description \"Short.\"\nauthor \"Me\"\nlink \"https://example.org\"\n");
    assert_eq!(c.change(URI, 2, &text), Vec::<Value>::new());
    let h = c.request("textDocument/hover", pos(URI, 11, 3));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.starts_with("**`description`** (statement)"), "{md}");
    assert!(md.contains("the designer's introduction"), "{md}");
    let h = c.request("textDocument/hover", pos(URI, 13, 1));
    let md = h["contents"]["value"].as_str().unwrap_or("");
    assert!(md.starts_with("**`link`** (statement)"), "{md}");
    // A link that is not an address is an error at the string.
    let d = c.change(URI, 3, &text.replace("https://example.org", "example.org"));
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0]["code"], "chimera::link::not_url");
    assert_eq!(d[0]["range"], range(13, 6, 13, 17));
}

fn labels(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["label"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn completion_offers_what_fits_the_cursor() {
    let mut c = Client::start();
    let text = GOOD.replace("  moves mfWcfF\n", "  moves \n  promotes to \n  \n");
    c.open(URI, &text);
    let atoms = labels(&c.request("textDocument/completion", pos(URI, 6, 8)));
    assert!(
        atoms.contains(&"W".into()) && atoms.contains(&"m".into()),
        "{atoms:?}"
    );
    let kinds = labels(&c.request("textDocument/completion", pos(URI, 7, 14)));
    assert!(
        kinds.contains(&"King".into()) && kinds.contains(&"Pawn".into()),
        "{kinds:?}"
    );
    assert!(!kinds.contains(&"home".into()), "{kinds:?}");
    let items = labels(&c.request("textDocument/completion", pos(URI, 8, 2)));
    assert!(
        items.contains(&"moves".into()) && items.contains(&"royal".into()),
        "{items:?}"
    );
    assert!(!items.contains(&"variant".into()), "{items:?}");
    let statements = labels(&c.request("textDocument/completion", pos(URI, 13, 0)));
    assert!(statements.contains(&"piece".into()), "{statements:?}");
    let zones = labels(&c.request("textDocument/completion", pos(URI, 9, 30)));
    assert!(zones.contains(&"home".into()), "{zones:?}");
}

#[test]
fn definition_references_rename_and_symbols() {
    let mut c = Client::start();
    c.open(URI, GOOD);
    // `home` in `in enemy home` goes to `zone home`.
    let d = c.request("textDocument/definition", pos(URI, 7, 29));
    assert_eq!(d, json!({ "uri": URI, "range": range(2, 5, 2, 9) }));
    let refs = c.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 2, "character": 6 }, "context": { "includeDeclaration": true } }),
    );
    assert_eq!(
        refs,
        json!([{ "uri": URI, "range": range(2, 5, 2, 9) }, { "uri": URI, "range": range(7, 28, 7, 32) }])
    );
    let edit = c.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 4, "character": 7 }, "newName": "Monarch" }),
    );
    assert_eq!(
        edit["changes"][URI],
        json!([
            { "range": range(4, 6, 4, 10), "newText": "Monarch" },
            { "range": range(7, 14, 7, 18), "newText": "Monarch" }
        ])
    );
    let bad = c.response(
        "textDocument/rename",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 4, "character": 7 }, "newName": "piece" }),
    );
    assert!(bad.error.is_some());
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["home", "edge", "King", "Pawn", "Rider"]);
}

#[test]
fn semantic_tokens_and_formatting() {
    let mut c = Client::start();
    let text = "# a\nvariant \"T\"  board 5x5\npiece King K { moves K  royal }\nstart \"k4/5/5/5/K4 w - - 0 1\"\n";
    c.open(URI, text);
    let t = c.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": URI } }),
    );
    let data: Vec<u64> = t["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    // The comment (type 6), then `variant` (keyword, type 0) on the next line.
    assert_eq!(&data[..10], &[0, 0, 3, 6, 0, 1, 0, 7, 0, 0]);
    let edits = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    assert_eq!(
        edits[0]["newText"],
        "# a\nvariant \"T\"\nboard 5x5\npiece King K {\n  moves K\n  royal\n}\nstart \"k4/5/5/5/K4 w - - 0 1\"\n"
    );
    assert_eq!(edits[0]["range"], range(0, 0, 4, 0));
}

#[test]
fn bad_requests_get_errors_not_crashes() {
    let mut c = Client::start();
    c.open(URI, GOOD);
    let r = c.response("textDocument/unknownThing", json!({}));
    assert_eq!(r.error.map(|e| e.code), Some(-32601));
    let r = c.response("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(r.error.map(|e| e.code), Some(-32602));
    // A position outside the document: nothing there.
    assert_eq!(
        c.request("textDocument/hover", pos(URI, 999, 999)),
        Value::Null
    );
    assert_eq!(
        c.request("textDocument/definition", pos(URI, 3, 9999)),
        Value::Null
    );
    // A document that is not open.
    let r = c.response("textDocument/hover", pos("file:///other.variant", 0, 0));
    assert!(r.error.is_some());
    // A document of megabytes: one diagnostic, quickly.
    let big = format!("{GOOD}{}", "# filler line\n".repeat(200_000));
    let diags = c.change(URI, 5, &big);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0]["code"], "chimera::lsp::too_large");
    // The server still answers.
    assert!(c.change(URI, 6, GOOD).is_empty());
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("chimera-lsp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn a_parent_error_is_shown_where_the_child_names_the_parent() {
    let dir = temp_dir("parent");
    std::fs::write(
        dir.join("parent.variant"),
        GOOD.replace("board 5x5", "board 5x99"),
    )
    .expect("write");
    std::fs::write(
        dir.join("a.variant"),
        "variant \"A\"\nextends \"b.variant\"\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("b.variant"),
        "variant \"B\"\nextends \"a.variant\"\n",
    )
    .expect("write");
    let child = "variant \"Child\"\nextends \"parent.variant\"\nzone far = rank 5\n";
    let uri = lsp_types::Url::from_file_path(dir.join("child.variant"))
        .expect("uri")
        .to_string();
    let mut c = Client::start();
    let diags = c.open(&uri, child);
    let d = diags
        .iter()
        .find(|d| d["code"] == "chimera::number::range")
        .unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(d["range"], range(1, 8, 1, 24));
    let message = d["message"].as_str().unwrap_or("");
    assert!(
        message.starts_with("in ") && message.contains("parent.variant:2:"),
        "{message}"
    );
    // Go to definition on the `extends` string opens the parent.
    let def = c.request("textDocument/definition", pos(&uri, 1, 12));
    assert!(
        def["uri"]
            .as_str()
            .unwrap_or("")
            .ends_with("/parent.variant"),
        "{def}"
    );
    // A missing parent and a circle of parents: diagnostics, no hang.
    let diags = c.change(&uri, 2, "variant \"C\"\nextends \"missing.variant\"\n");
    assert!(!diags.is_empty());
    let cyc = lsp_types::Url::from_file_path(dir.join("a.variant"))
        .expect("uri")
        .to_string();
    let diags = c.open(&cyc, "variant \"A\"\nextends \"b.variant\"\n");
    assert!(
        diags
            .iter()
            .any(|d| d["message"].as_str().unwrap_or("").contains("cycle")
                || d["code"].as_str().unwrap_or("").contains("cycle")),
        "{diags:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn requests_before_initialize_are_refused() {
    let (server, conn) = Connection::memory();
    let h = std::thread::spawn(move || {
        let _ = serve(&server);
    });
    let req = Request::new(RequestId::from(7), "textDocument/hover".into(), json!({}));
    conn.sender.send(req.into()).expect("send");
    match conn
        .receiver
        .recv_timeout(std::time::Duration::from_secs(20))
    {
        Ok(Message::Response(r)) => assert_eq!(r.error.map(|e| e.code), Some(-32002)),
        other => panic!("{other:?}"),
    }
    conn.sender
        .send(Notification::new("exit".into(), Value::Null).into())
        .expect("send");
    let _ = h.join();
}

#[test]
fn the_binary_survives_malformed_json_rpc() {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("lsp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("chimera lsp starts");
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    let mut input = child.stdin.take().expect("stdin");
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
    let all = [
        frame("{not json"),
        frame(r#"{"jsonrpc":"2.0","id":true}"#),
        frame(init),
        frame(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#),
        frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
    ]
    .concat();
    input.write_all(all.as_bytes()).expect("write");
    drop(input);
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read");
    let status = child.wait().expect("exit");
    assert!(status.success(), "{out}");
    assert!(out.contains("malformed JSON-RPC message skipped"), "{out}");
    assert!(out.contains(r#""id":1,"result":{"capabilities""#), "{out}");
}
