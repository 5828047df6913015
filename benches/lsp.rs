//! `chimera lsp` latency (not a timed test): from a change to the published diagnostics for the
//! largest shipped definition with a parent, and hover and completion, over the in-memory
//! connection. `cargo bench --bench lsp` prints the median and worst of 50 rounds each; hover
//! is measured for a client shown text diagrams (Neovim) and one shown images (VS Code).

use chimera::lsp::serve;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;
use std::time::{Duration, Instant};

fn main() {
    let path = std::fs::canonicalize("definitions/shoxiang108-xq-strong.variant")
        .expect("run from the repository");
    let text = std::fs::read_to_string(&path).expect("readable");
    let uri = lsp_types::Url::from_file_path(&path)
        .expect("a file URI")
        .to_string();
    for (client_name, capabilities) in [
        ("text client", json!({})),
        (
            "image client",
            json!({ "general": { "markdown": { "parser": "marked", "version": "1.1.0" } } }),
        ),
    ] {
        println!("{client_name}:");
        run(&text, &uri, capabilities);
    }
}

fn run(text: &str, uri: &str, capabilities: serde_json::Value) {
    let (server, client) = Connection::memory();
    let handle = std::thread::spawn(move || {
        let _ = serve(&server);
    });
    let mut id = 0;
    let mut request = |method: &str, params: serde_json::Value| {
        id += 1;
        let rid = RequestId::from(id);
        let start = Instant::now();
        let req = Request::new(rid.clone(), method.into(), params);
        client.sender.send(req.into()).expect("running");
        loop {
            match client.receiver.recv() {
                Ok(Message::Response(r)) if r.id == rid => {
                    return (start.elapsed(), r.result.unwrap_or_default())
                }
                Ok(_) => {}
                Err(e) => panic!("{e}"),
            }
        }
    };
    request("initialize", json!({ "capabilities": capabilities }));
    let notify = |method: &str, params: serde_json::Value| {
        client
            .sender
            .send(Notification::new(method.into(), params).into())
            .expect("running");
    };
    let wait_diagnostics = || loop {
        if let Ok(Message::Notification(n)) = client.receiver.recv() {
            if n.method == "textDocument/publishDiagnostics" {
                return n.params["diagnostics"].as_array().map_or(0, Vec::len);
            }
        }
    };
    notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "chimera", "version": 1, "text": text } }),
    );
    assert_eq!(wait_diagnostics(), 0, "the shipped definition is clean");
    let mut changes = Vec::new();
    for v in 0..50 {
        let changed = format!("{text}\n# edit {v}\n");
        let start = Instant::now();
        notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": v + 2 }, "contentChanges": [ { "text": changed } ] }),
        );
        wait_diagnostics();
        changes.push(start.elapsed());
    }
    // A two-leg Betza string, and the start of its line, where the keywords are offered.
    let (line, col) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("moves afFcafF").map(|c| (i, c + 7)))
        .expect("the Elephant's moves");
    let pos =
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": col } });
    let hovered = request("textDocument/hover", pos.clone()).1;
    let md = hovered["contents"]["value"].as_str().unwrap_or("");
    assert!(md.starts_with("**Betza"), "not a Betza hover: {hovered}");
    let hovers: Vec<Duration> = (0..50)
        .map(|_| request("textDocument/hover", pos.clone()).0)
        .collect();
    let at =
        json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": 0 } });
    let offered = request("textDocument/completion", at.clone()).1;
    assert!(
        offered.as_array().is_some_and(|a| !a.is_empty()),
        "no completion: {offered}"
    );
    let completions: Vec<Duration> = (0..50)
        .map(|_| request("textDocument/completion", at.clone()).0)
        .collect();
    for (what, mut times) in [
        ("change -> diagnostics", changes),
        ("hover (Betza)", hovers),
        ("completion", completions),
    ] {
        times.sort();
        println!(
            "{what:24} median {:6.2} ms  worst {:6.2} ms",
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3
        );
    }
    let _ = request("shutdown", serde_json::Value::Null);
    notify("exit", serde_json::Value::Null);
    let _ = handle.join();
}
