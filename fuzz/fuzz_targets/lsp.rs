#![no_main]
//! The language server's messages: the input is a document and a list of messages, fed through
//! the server's in-memory connection (`chimera::lsp::serve`) after `initialize`; the server must
//! never panic, must answer every request exactly once, and must end at `exit`.
//!
//! Input: `DOCUMENT\n---\nMESSAGES` (without `---`, a seed document and the whole input as
//! messages). DOCUMENT is opened as `file:///fuzz/a.variant` (a folder that does not exist, so
//! `extends` reaches nothing). Each line of MESSAGES is either a JSON-RPC message as a client
//! sends it (`{"jsonrpc":"2.0",...}`), or a short form the fuzzer can mutate position by position:
//! `h L C` hover, `c L C` completion, `d L C` definition, `r L C` references, `n L C NAME`
//! rename, `s` symbols, `t` semantic tokens, `a L C L2 C2` code actions, `f` formatting,
//! `e TEXT` a change to TEXT (`\n` for a newline), `o TEXT` a second document, `v` save, `x`
//! close; a digit after the letter (`h1 ...`) targets the second document.

use chimera::lsp::serve;
use libfuzzer_sys::fuzz_target;
use lsp_server::{Connection, Message};
use serde_json::{json, Value};

/// The document when the input gives none: orthodox chess, every kind of line a definition has.
const SEED: &str = include_str!("../../definitions/chess.variant");

fn uri(which: &str) -> &'static str {
    if which.starts_with('1') {
        "file:///fuzz/b.variant"
    } else {
        "file:///fuzz/a.variant"
    }
}

fn num(w: Option<&&str>) -> u64 {
    // Positions are u32 in the protocol; larger numbers go in raw JSON messages.
    w.and_then(|w| w.parse::<u32>().ok()).unwrap_or(0) as u64
}

/// The message a short-form line stands for, and whether it is a request.
fn short_form(line: &str, id: u64) -> Option<Value> {
    let mut words = line.split(' ');
    let head = words.next()?;
    let (letter, which) = head.split_at(head.char_indices().nth(1).map_or(head.len(), |(i, _)| i));
    let words: Vec<&str> = words.collect();
    let doc = json!({"uri": uri(which)});
    let pos = json!({"line": num(words.first()), "character": num(words.get(1))});
    let at = json!({"textDocument": doc, "position": pos});
    let req = |method: &str, params: Value| {
        Some(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
    };
    let note = |method: &str, params: Value| {
        Some(json!({"jsonrpc": "2.0", "method": method, "params": params}))
    };
    let text = || {
        line.get(head.len() + 1..)
            .unwrap_or("")
            .replace("\\n", "\n")
    };
    match letter {
        "h" => req("textDocument/hover", at),
        "c" => req("textDocument/completion", at),
        "d" => req("textDocument/definition", at),
        "r" => req(
            "textDocument/references",
            json!({"textDocument": doc, "position": pos, "context": {"includeDeclaration": true}}),
        ),
        "n" => req(
            "textDocument/rename",
            json!({"textDocument": doc, "position": pos, "newName": words.get(2).copied().unwrap_or("")}),
        ),
        "s" => req("textDocument/documentSymbol", json!({"textDocument": doc})),
        "t" => req(
            "textDocument/semanticTokens/full",
            json!({"textDocument": doc}),
        ),
        "a" => req(
            "textDocument/codeAction",
            json!({"textDocument": doc, "range": {"start": pos, "end":
                {"line": num(words.get(2)), "character": num(words.get(3))}},
                "context": {"diagnostics": []}}),
        ),
        "f" => req(
            "textDocument/formatting",
            json!({"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
        "e" => note(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(which), "version": id},
                   "contentChanges": [{"text": text()}]}),
        ),
        "o" => note(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri("1"), "languageId": "chimera", "version": 1,
                   "text": text()}}),
        ),
        "v" => note("textDocument/didSave", json!({"textDocument": doc})),
        "x" => note("textDocument/didClose", json!({"textDocument": doc})),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (document, messages) = match input.split_once("\n---\n") {
        Some((d, m)) => (d, m),
        None => (SEED, input),
    };
    let (server, client) = Connection::memory();
    let mut queue: Vec<Value> = vec![
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}),
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": uri("0"), "languageId": "chimera", "version": 1, "text": document}}}),
    ];
    for (i, line) in messages.lines().take(64).enumerate() {
        let msg = if line.starts_with('{') {
            // As the stdio reader does: a message that does not parse is skipped.
            serde_json::from_str::<Value>(line).ok()
        } else {
            short_form(line, 1000 + i as u64)
        };
        queue.extend(msg);
    }
    queue.push(json!({"jsonrpc": "2.0", "id": 999_999, "method": "shutdown"}));
    queue.push(json!({"jsonrpc": "2.0", "method": "exit"}));
    // Requests sent before the first `exit`: each must get one answer.
    let mut requests = 0usize;
    let mut exited = false;
    for v in queue {
        let Ok(msg) = serde_json::from_value::<Message>(v) else {
            continue;
        };
        match &msg {
            Message::Request(_) if !exited => requests += 1,
            Message::Notification(n) if n.method == "exit" => exited = true,
            _ => {}
        }
        if client.sender.send(msg).is_err() {
            return;
        }
    }
    drop(client.sender);
    assert!(serve(&server).is_ok(), "the server failed");
    drop(server);
    let answers = client
        .receiver
        .try_iter()
        .filter(|m| matches!(m, Message::Response(_)))
        .count();
    assert_eq!(answers, requests, "requests and answers differ");
});
