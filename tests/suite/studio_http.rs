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
    let rules = chimera::check_named(std::path::Path::new("xiang-fu"))
        .map(|c| c.rules)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let engine = chimera::Engine::new(rules).unwrap_or_else(|e| panic!("{e}"));
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
        .map(|m| chimera::move_text(&engine, &pos, m))
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

/// A page listening to `/api/events`: each event's name and data, as they arrive.
struct Listener {
    events: std::sync::mpsc::Receiver<(String, String)>,
    stream: TcpStream,
}

impl Listener {
    fn open(server: &Server) -> Listener {
        let mut s = TcpStream::connect(&server.addr).expect("connect");
        let head = format!(
            "GET /api/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            server.addr
        );
        s.write_all(head.as_bytes()).expect("write");
        let reader = BufReader::new(s.try_clone().expect("clone"));
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // An event is its `event:` and `data:` lines up to a blank line, in either order.
            // Chunked encoding puts sizes between events; only `event:`/`data:` lines count.
            let (mut name, mut data) = (None, None);
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if let Some(n) = line.strip_prefix("event: ") {
                    name = Some(n.to_string());
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data = Some(d.to_string());
                } else if line.is_empty() {
                    if let Some(d) = data.take() {
                        let n = name.take().unwrap_or_else(|| "message".to_string());
                        let _ = tx.send((n, d));
                    }
                    name = None;
                }
            }
        });
        // Wait until the server holds the subscription (the response head has come back).
        std::thread::sleep(std::time::Duration::from_millis(300));
        Listener {
            events: rx,
            stream: s,
        }
    }

    /// The next event named `name` within `secs` seconds.
    fn next(&self, name: &str, secs: u64) -> Option<String> {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            match self.events.recv_timeout(left) {
                Ok((n, d)) if n == name => return Some(d),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }
}

/// Polls `/api/analysis` until no analysis runs (at most `secs` seconds).
fn analysis_finished(s: &Server, secs: u64) -> Value {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        let a = get(s, "/api/analysis");
        if a["running"] == false || std::time::Instant::now() > until {
            return a;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[test]
fn an_analysis_streams_its_progress_then_gives_the_table_and_plots() {
    let s = serve(&["chess"]);
    let page = Listener::open(&s);
    let (status, v) = post(
        &s,
        "/api/analysis",
        json!({"games": 2, "nodes": 100, "max_plies": 20}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["total"], 2);
    // Progress, game by game, then the end.
    let progress: Vec<Value> = (0..3)
        .map(|_| {
            let d = page.next("analysis", 60).expect("an analysis event");
            serde_json::from_str(&d).expect("JSON")
        })
        .collect();
    assert_eq!(
        progress,
        vec![
            json!({"done": 1, "total": 2}),
            json!({"done": 2, "total": 2}),
            json!({"finished": true})
        ]
    );
    let a = analysis_finished(&s, 10);
    assert_eq!(a["running"], false, "{a}");
    let report = &a["report"];
    assert_eq!(report["summary"][0]["games"], 2, "{a}");
    let table = report["table_html"].as_str().unwrap_or("");
    assert!(table.contains("<th>chess</th>"), "{table}");
    assert!(table.contains("<th>games</th><td>2</td>"), "{table}");
    let titles: Vec<&str> = report["plots"]
        .as_array()
        .map(|p| p.iter().filter_map(|x| x["title"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        titles,
        [
            "Game length",
            "Branching factor per ply",
            "Outcomes",
            "Piece values"
        ]
    );
    assert!(report["plots"][0]["svg"]
        .as_str()
        .unwrap_or("")
        .starts_with("<svg"));
}

#[test]
fn an_analysis_is_bounded_one_at_a_time_and_stops_when_asked_or_when_the_page_goes() {
    let s = serve(&["chess"]);
    for bad in [
        json!({"games": 0, "nodes": 100}),
        json!({"games": 1000, "nodes": 100}),
        json!({"games": 2, "nodes": 100000000}),
        json!({"games": 2, "nodes": 100, "max_plies": 100000}),
        json!({"games": "many"}),
    ] {
        let (status, e) = post(&s, "/api/analysis", bad.clone());
        assert_eq!(status, 400, "{bad} -> {e}");
    }
    let page = Listener::open(&s);
    let long = json!({"games": 50, "nodes": 400, "max_plies": 60});
    let (status, v) = post(&s, "/api/analysis", long.clone());
    assert_eq!(status, 200, "{v}");
    let (status, e) = post(&s, "/api/analysis", long.clone());
    assert_eq!(status, 409, "{e}");
    assert_eq!(e["error"], "an analysis is already running");
    assert!(page.next("analysis", 60).is_some());
    let (status, _) = post(&s, "/api/analysis/stop", json!({}));
    assert_eq!(status, 200);
    let a = analysis_finished(&s, 60);
    assert_eq!(a["running"], false, "{a}");
    assert_eq!(a["error"], "stopped");
    assert!(a["done"].as_u64().unwrap_or(50) < 50, "{a}");
    // Started again, then the page closes: the analysis stops by itself.
    let (status, v) = post(&s, "/api/analysis", long);
    assert_eq!(status, 200, "{v}");
    assert!(page.next("analysis", 60).is_some());
    let _ = page.stream.shutdown(std::net::Shutdown::Both);
    drop(page);
    let a = analysis_finished(&s, 60);
    assert_eq!(a["running"], false, "{a}");
    assert_eq!(a["error"], "stopped: no page is open", "{a}");
    // And the server still plays.
    let (status, _) = post(&s, "/api/move", json!({"move": "e2e4"}));
    assert_eq!(status, 200);
}

#[test]
fn a_definition_that_does_not_compile_opens_with_its_errors_and_the_board_comes_when_fixed() {
    let dir = std::env::temp_dir().join(format!("chimera-studio-bad-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("broken.variant");
    let good = "variant \"Tiny\"\nboard 3x3\nplayers White, Black\npiece King K { moves K royal }\npiece Rook R { moves R }\nstart \"k2/3/K1R w - - 0 1\"\n";
    let bad = good.replace("moves R }", "moves Zq }");
    std::fs::write(&file, &bad).expect("write");
    let path = file.to_str().unwrap_or("");
    // What `chimera check` says of it.
    let check = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["check", path])
        .env("NO_COLOR", "1")
        .output()
        .expect("chimera check runs");
    assert!(!check.status.success());
    let said = String::from_utf8_lossy(&check.stderr).into_owned();
    let s = serve(&[path]);
    assert_eq!(get(&s, "/api/state")["game"], Value::Null);
    let d = get(&s, "/api/definition");
    assert_eq!(d["text"], bad.as_str());
    let diag = &d["diagnostics"][0];
    assert_eq!(diag["severity"], "error", "{d}");
    assert_eq!(
        (diag["line"].clone(), diag["column"].clone()),
        (json!(5), json!(23))
    );
    for field in ["code", "message", "help"] {
        let text = diag[field].as_str().unwrap_or("");
        assert!(
            !text.is_empty() && said.contains(text),
            "{field} `{text}` not in:\n{said}"
        );
    }
    assert!(said.contains(&format!("{path}:5:23")), "{said}");
    // No game to play until it compiles.
    let (status, e) = post(&s, "/api/move", json!({"move": "c1c2"}));
    assert_eq!(status, 422, "{e}");
    assert_eq!(e["help"], "fix the errors shown in the editor");
    // Fixed in the editor: a game of it.
    let (status, v) = post(&s, "/api/definition", json!({"text": good}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["diagnostics"], json!([]), "{v}");
    assert_eq!(fen(&v), "k2/3/K1R w - - 0 1");
    let (status, v) = post(&s, "/api/move", json!({"move": "c1c3"}));
    assert_eq!(status, 200, "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_engines_lines_stream_while_it_thinks_and_stop_ends_the_search() {
    let s = serve(&["chess"]);
    let page = Listener::open(&s);
    let addr = s.addr.clone();
    let started = std::time::Instant::now();
    // The computer takes White with 20 s a move; the request returns when it has moved or was
    // stopped.
    let thinking = std::thread::spawn(move || {
        let body = json!({"sides": "White", "time_ms": 20000}).to_string();
        let mut c = TcpStream::connect(&addr).expect("connect");
        let head = format!(
            "POST /api/computer HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        c.write_all(head.as_bytes()).expect("write");
        let mut out = String::new();
        let _ = c.read_to_string(&mut out);
        out
    });
    // `searching`, then a line per depth: `depth N score S nodes N K knps pv ...`.
    assert_eq!(page.next("message", 30).as_deref(), Some("searching"));
    let line = page.next("message", 30).expect("a line of the search");
    assert!(line.starts_with("depth 1 score "), "{line}");
    let (status, _) = post(&s, "/api/stop", json!({}));
    assert_eq!(status, 200);
    let answer = thinking.join().expect("the request ends");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(15),
        "stop did not end a 20 s search"
    );
    // As Ctrl-C in the REPL: no move, and the computer leaves the side.
    assert!(
        answer.contains("stopped; the computer plays no side"),
        "{answer}"
    );
    let st = get(&s, "/api/state");
    assert_eq!(st["game"]["history"], json!([]));
    assert_eq!(st["game"]["computer"], "off");
    // The computer plays both sides, 20 s a move, and the page goes away: the search stops.
    let page = Listener::open(&s);
    let addr = s.addr.clone();
    let started = std::time::Instant::now();
    let thinking = std::thread::spawn(move || {
        let body = json!({"sides": "both", "time_ms": 20000}).to_string();
        let mut c = TcpStream::connect(&addr).expect("connect");
        let head = format!(
            "POST /api/computer HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        c.write_all(head.as_bytes()).expect("write");
        let mut out = String::new();
        let _ = c.read_to_string(&mut out);
        out
    });
    assert_eq!(page.next("message", 30).as_deref(), Some("searching"));
    let _ = page.stream.shutdown(std::net::Shutdown::Both);
    drop(page);
    let answer = thinking.join().expect("the request ends");
    assert!(
        answer.contains("stopped; the computer plays no side"),
        "{answer}"
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(15),
        "a search ran on after the page went away"
    );
    // A hint: lines, then the suggestion.
    let (status, v) = post(&s, "/api/hint", json!({}));
    assert_eq!(status, 200, "{v}");
    assert!(
        v["message"].as_str().unwrap_or("").contains("hint: try"),
        "{v}"
    );
}

#[test]
fn check_the_last_move_and_the_result_are_shown() {
    let s = serve(&["chess"]);
    let (status, v) = post(&s, "/api/pgn", json!({"pgn": "1. f3 e5 2. g4 Qh4# *"}));
    assert_eq!(status, 200, "{v}");
    let board = &v["game"]["board"];
    assert_eq!(board["check"], true, "{v}");
    assert_eq!(board["over"], true);
    assert_eq!(board["moves"], json!([]));
    assert_eq!(board["status"], "White is checkmated: Black wins", "{v}");
    assert_eq!(v["game"]["last"], json!(["d8", "h4"]));
    assert_eq!(v["game"]["history"][3]["san"], "Qh4#");
}

#[test]
fn a_folder_serves_every_definition_in_it_and_the_page_switches_between_them() {
    let dir = std::env::temp_dir().join(format!("chimera-studio-dir-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    for (file, name) in [("a.variant", "Alpha"), ("b.variant", "Beta")] {
        let text = format!("variant \"{name}\"\nboard 3x3\nplayers White, Black\npiece King K {{ moves K royal }}\npiece Rook R {{ moves R }}\nstart \"k2/3/K1R w - - 0 1\"\n");
        std::fs::write(dir.join(file), text).expect("write");
    }
    let s = serve(&[dir.to_str().unwrap_or("")]);
    let d = get(&s, "/api/definitions");
    assert_eq!(
        d["definitions"],
        json!([{"name": "a.variant", "writable": true, "edited": false},
               {"name": "b.variant", "writable": true, "edited": false}])
    );
    assert_eq!(get(&s, "/api/state")["game"]["variant"], "Alpha");
    let (status, v) = post(&s, "/api/select", json!({"index": 1}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["game"]["variant"], "Beta");
    let (status, e) = post(&s, "/api/select", json!({"index": 7}));
    assert_eq!(status, 400, "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The board picture and the pieces panel are drawn again only when what they show changed:
/// the answers must still follow every move, undo, new text and definition.
#[test]
fn the_board_picture_and_the_pieces_follow_every_change() {
    let s = serve(&["chess"]);
    let svg = |v: &Value| v["game"]["board"]["svg"].as_str().unwrap_or("").to_string();
    let start = svg(&get(&s, "/api/state"));
    assert!(start.contains("<svg"), "{start}");
    assert_eq!(
        svg(&get(&s, "/api/state")),
        start,
        "the same board, the same picture"
    );
    let (_, moved) = post(&s, "/api/move", json!({"move": "e2e4"}));
    assert_ne!(svg(&moved), start, "a move changes the picture");
    let (_, undone) = post(&s, "/api/undo", json!({}));
    assert_eq!(svg(&undone), start, "undo shows the start again");
    // The pieces panel follows the text: a Knight that moves as a Wazir has another diagram.
    let d = get(&s, "/api/definition");
    let knight = |d: &Value| {
        d["pieces"]
            .as_array()
            .and_then(|p| p.iter().find(|p| p["name"] == "Knight"))
            .map(|p| p["diagram"].as_str().unwrap_or("").to_string())
            .unwrap_or_default()
    };
    let before = knight(&d);
    assert!(before.contains("<svg"), "{d}");
    let text = d["text"].as_str().unwrap_or("").to_string();
    let from = text.find("piece Knight").unwrap_or(0);
    let moves = from + text[from..].find("moves N").unwrap_or(0);
    let mut wazir = text.clone();
    wazir.replace_range(moves..moves + "moves N".len(), "moves W");
    assert_ne!(wazir, text, "the Knight's moves were found");
    let (status, v) = post(&s, "/api/definition", json!({"text": wazir}));
    assert_eq!(status, 200, "{v}");
    assert_ne!(knight(&v), before, "a new text draws the pieces anew");
    assert_ne!(knight(&get(&s, "/api/definition")), before);
    let (_, v) = post(&s, "/api/definition", json!({"text": text}));
    assert_eq!(knight(&v), before, "the old text, the old diagram");
}
