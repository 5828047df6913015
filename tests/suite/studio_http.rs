//! The studio's HTTP API (`chimera serve`), driven by a real client over TCP against the real
//! binary on a free port: the page, moves and their errors in the engine's words, undo, FEN,
//! PGN, the definition editor's diagnostics, and bad input (malformed JSON, a megabyte
//! definition, a foreign Host or Origin) answered with a clear error while the server keeps
//! serving.
#![cfg(feature = "web")]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `chimera serve`; killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("chimera serve starts");
    let out = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).expect("a line");
    let addr = line
        .trim()
        .strip_prefix("chimera studio: open http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server { child, addr }
}

/// One HTTP/1.1 request with `Host` as given; the status and body.
fn raw(
    server: &Server,
    method: &str,
    path: &str,
    host: &str,
    extra: &str,
    body: &[u8],
) -> (u16, String) {
    let mut s = TcpStream::connect(&server.addr).expect("connect");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    // A refused body may close the connection before all of it is written.
    let _ = s.write_all(body);
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn call(server: &Server, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let b = body.map(|v| v.to_string()).unwrap_or_default();
    let (status, text) = raw(server, method, path, &server.addr, "", b.as_bytes());
    let v =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    (status, v)
}

fn post(server: &Server, path: &str, body: Value) -> (u16, Value) {
    call(server, "POST", path, Some(body))
}

fn get(server: &Server, path: &str) -> Value {
    let (status, v) = call(server, "GET", path, None);
    assert_eq!(status, 200, "{path}: {v}");
    v
}

fn fen(v: &Value) -> &str {
    v["game"]["board"]["fen"].as_str().unwrap_or("")
}

#[test]
fn the_page_and_the_start_position_of_the_definition_given() {
    let s = serve(&["xiang-fu"]);
    let (status, page) = raw(&s, "GET", "/", &s.addr, "", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Chimera studio</title>"), "{page}");
    let st = get(&s, "/api/state");
    assert_eq!(st["game"]["variant"], "Xiang Fu");
    // The designer's introduction, author and link, for the page's header block.
    let about = &st["game"]["about"];
    assert!(
        about["description"][0]
            .as_str()
            .unwrap_or("")
            .starts_with("Xiang Fu, winner of the PyChess Variant Design Contest"),
        "{about}"
    );
    assert_eq!(about["author"], "Eventlesstew");
    assert_eq!(about["link"], "https://www.pychess.org/variants/xiangfu");
    assert!(page.contains("<section id=\"about\" class=\"about\" hidden></section>"));
    let board = &st["game"]["board"];
    assert!(board["svg"].as_str().unwrap_or("").starts_with("<svg"));
    // A 9x9 board: every square addressable.
    assert_eq!(board["squares"].as_array().map(Vec::len), Some(81));
}

#[test]
fn the_moves_offered_for_a_cannon_are_the_engines() {
    let s = serve(&["xiang-fu"]);
    let st = get(&s, "/api/state");
    let rules = chimera::compile::check_named(std::path::Path::new("xiang-fu"))
        .map(|c| c.rules)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let engine = chimera::engine::Engine::new(rules).unwrap_or_else(|e| panic!("{e}"));
    let pos = engine.start_position();
    let dims = engine.rules().board.dims;
    let (from, _) = pos
        .pieces()
        .find(|(_, p)| {
            engine.rules().piece(p.kind).name == "Cannon" && p.player == pos.side_to_move()
        })
        .expect("a Cannon of the side to move");
    let mut expected: Vec<String> = engine
        .legal_moves_from(&pos, from)
        .into_iter()
        .map(|m| chimera::notation::move_text(&engine, &pos, m))
        .collect();
    expected.sort();
    let mut offered: Vec<String> = st["game"]["board"]["moves"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter(|m| m["from"] == dims.name(from).as_str())
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect();
    offered.sort();
    assert!(!expected.is_empty());
    assert_eq!(offered, expected);
}

#[test]
fn moves_undo_and_illegal_moves_in_the_engines_words() {
    let s = serve(&["chess"]);
    let (status, v) = post(&s, "/api/move", json!({"move": "e2e4"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        fen(&v),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(v["game"]["history"][0]["san"], "e4");
    assert_eq!(v["game"]["last"], json!(["e2", "e4"]));
    let (status, e) = post(&s, "/api/move", json!({"move": "e7e4"}));
    assert_eq!(status, 422);
    assert_eq!(
        e["error"],
        "illegal move `e7e4`: the Pawn on e7 cannot move to e4: a Pawn does not move that way from there"
    );
    assert_eq!(e["help"], "legal moves of this Pawn: e7e5 e7e6");
    let (status, v) = post(&s, "/api/undo", json!({}));
    assert_eq!(status, 200);
    assert_eq!(
        fen(&v),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let (_, v) = post(&s, "/api/redo", json!({}));
    assert_eq!(v["game"]["history"].as_array().map(Vec::len), Some(1));
}

#[test]
fn fen_and_pgn_read_and_write() {
    let s = serve(&["chess"]);
    let (status, v) = post(
        &s,
        "/api/fen",
        json!({"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(fen(&v), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let (status, e) = post(&s, "/api/fen", json!({"fen": "not a fen"}));
    assert_eq!(status, 422, "{e}");
    let (status, v) = post(&s, "/api/pgn", json!({"pgn": "1. e4 e5 2. Nf3 *"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["game"]["history"].as_array().map(Vec::len), Some(3));
    let p = get(&s, "/api/pgn");
    assert!(
        p["pgn"]
            .as_str()
            .unwrap_or("")
            .contains("1. e4 e5 2. Nf3 *"),
        "{p}"
    );
}

#[test]
fn the_computer_answers_and_undo_takes_back_both_moves() {
    let s = serve(&["chess"]);
    let (status, v) = post(
        &s,
        "/api/computer",
        json!({"sides": "Black", "time_ms": 50}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["game"]["computer"], "Black");
    let (_, v) = post(&s, "/api/move", json!({"move": "e2e4"}));
    assert_eq!(
        v["game"]["history"].as_array().map(Vec::len),
        Some(2),
        "{v}"
    );
    let (_, v) = post(&s, "/api/undo", json!({}));
    assert_eq!(
        v["game"]["history"].as_array().map(Vec::len),
        Some(0),
        "{v}"
    );
    let p = get(&s, "/api/pgn");
    assert!(
        p["pgn"].as_str().unwrap_or("").contains("[Black \"Chimera"),
        "{p}"
    );
}

#[test]
fn an_edited_definition_reports_diagnostics_at_their_lines_and_the_board_follows() {
    let s = serve(&["chess"]);
    let d = get(&s, "/api/definition");
    let text = d["text"].as_str().unwrap_or("").to_string();
    assert!(!d["pieces"].as_array().is_none_or(Vec::is_empty));
    let broken = text.replacen("piece Knight", "piece Knight Knight", 1);
    let line = text[..text.find("piece Knight").unwrap_or(0)]
        .lines()
        .count()
        + 1;
    let (status, v) = post(&s, "/api/definition", json!({"text": broken}));
    assert_eq!(status, 200, "{v}");
    let diags = v["diagnostics"].as_array().cloned().unwrap_or_default();
    assert!(!diags.is_empty(), "{v}");
    assert_eq!(diags[0]["line"], line, "{v}");
    assert_eq!(diags[0]["severity"], "error");
    // A shipped definition cannot be saved anywhere.
    let (status, e) = post(&s, "/api/save", json!({}));
    assert_eq!(status, 400, "{e}");
    // Fixed: the board follows the new rules (here: a start position with White's a-pawn gone).
    let start = text
        .lines()
        .find(|l| l.trim_start().starts_with("start"))
        .unwrap_or("");
    let fixed = text.replace(start, &start.replace("PPPPPPPP", "1PPPPPPP"));
    let (_, v) = post(&s, "/api/definition", json!({"text": fixed}));
    assert_eq!(v["diagnostics"], json!([]), "{v}");
    let (_, v) = post(&s, "/api/reset", json!({}));
    assert!(fen(&v).contains("/1PPPPPPP/"), "{v}");
}

#[test]
fn a_definition_opened_from_a_file_is_saved_back_to_it() {
    let dir = std::env::temp_dir().join(format!("chimera-studio-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("tiny.variant");
    let text = "variant \"Tiny\"\nboard 3x3\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\nstart \"k2/3/K1R w - - 0 1\"\n";
    std::fs::write(&file, text).expect("write");
    let s = serve(&[file.to_str().unwrap_or("")]);
    let edited = text.replace("\"Tiny\"", "\"Tinier\"");
    let (_, v) = post(&s, "/api/definition", json!({"text": edited}));
    assert_eq!(v["game"]["variant"], "Tinier", "{v}");
    let (status, v) = post(&s, "/api/save", json!({}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), edited);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_a_clear_error_and_the_server_keeps_serving() {
    let s = serve(&["chess"]);
    // Malformed JSON.
    let (status, text) = raw(&s, "POST", "/api/move", &s.addr, "", b"{\"move\": ");
    assert_eq!(status, 400);
    assert!(text.contains("not the JSON expected"), "{text}");
    // A move that is not one word cannot become a second command.
    let (status, e) = post(&s, "/api/move", json!({"move": "e2e4 \n save /tmp/x"}));
    assert_eq!(status, 400, "{e}");
    // A definition of megabytes is refused before it is read.
    let big = json!({"text": "x".repeat(3 << 20)}).to_string();
    let (status, _) = raw(&s, "POST", "/api/definition", &s.addr, "", big.as_bytes());
    assert_eq!(status, 413);
    // A foreign Host (DNS rebinding) and a foreign Origin are refused.
    let (status, text) = raw(&s, "GET", "/api/state", "evil.example:80", "", b"");
    assert_eq!(status, 403, "{text}");
    let origin = "Origin: http://evil.example\r\n";
    let (status, _) = raw(&s, "POST", "/api/reset", &s.addr, origin, b"{}");
    assert_eq!(status, 403);
    // No request path reaches the file system.
    let (status, _) = raw(&s, "GET", "/../../etc/passwd", &s.addr, "", b"");
    assert_eq!(status, 404);
    // Still serving.
    let st = get(&s, "/api/state");
    assert_eq!(st["game"]["variant"], "Chess");
}
