#![no_main]
//! The web studio's requests, through its axum router in-process (`studio::server::app`, one
//! tokio runtime for the whole run): the input is a list of requests, one a line,
//! `METHOD PATH [h:NAME:VALUE]... BODY` (`\n` in BODY for a newline), with `Host: 127.0.0.1:8077`
//! unless a `h:host:...` says otherwise. Never a panic (libFuzzer aborts on one, even in a
//! handler's blocking thread); never a 5xx: bad input is the client's error, 4xx; a JSON error
//! says what is wrong in `error`.
//!
//! The studio serves two small shipped definitions, minishogi and dobutsu (drops, promotion
//! choices, a goal; nothing on disk, so `save` refuses): the board's picture, the move list and
//! the JSON of every answer grow with the board, and on 5x5 and 3x4 boards an input runs in
//! half the time it took on chess and crazyhouse, for the same request handling. Searches are
//! capped at a few hundred nodes (`hint` thinks a second, the computer up to 30 s a move, else).
//! Building it compiles a definition, so one studio serves input after input: each input starts
//! with a new game (`/api/reset`), and after an input that could change what `reset` does not
//! (the definition text, which definition, the computer's sides) the studio is built anew.

use axum::body::{to_bytes, Body};
use axum::http::{header, HeaderName, HeaderValue, Method, Request, StatusCode};
use axum::Router;
use chimera::studio::definitions::open_all;
use chimera::studio::server::app;
use libfuzzer_sys::fuzz_target;
use serde::de::IgnoredAny;
use std::cell::RefCell;
use std::path::PathBuf;
use tower::ServiceExt;

const HOST: &str = "127.0.0.1:8077";
/// Nodes per search.
const NODES: u64 = 300;
/// Most bytes of a response body read.
const MAX_BODY: usize = 16 << 20;

fn build() -> Option<Router> {
    let defs = open_all(&[PathBuf::from("minishogi"), PathBuf::from("dobutsu")]).ok()?;
    app(defs, vec![HOST.to_string()], Some(NODES)).ok()
}

struct Harness {
    rt: tokio::runtime::Runtime,
    app: Option<Router>,
    /// The last input may have changed what `reset` does not reset.
    dirty: bool,
}

thread_local! {
    static HARNESS: RefCell<Option<Harness>> = RefCell::new(
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok()
            .map(|rt| Harness { rt, app: None, dirty: true })
    );
}

/// Whether a request line could set the computer to play both sides: it would then play a whole
/// game (up to 1000 searches) in one request. Conservative: any computer request whose body says
/// `both` or escapes a character is left out.
fn whole_game(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("computer") && (l.contains("both") || l.contains("\\u"))
}

/// One request line as a request, or `None` when its method, path or headers do not parse.
fn request(line: &str) -> Option<Request<Body>> {
    let mut rest = line;
    let mut next = || {
        let (w, r) = rest.split_once(' ').unwrap_or((rest, ""));
        rest = r;
        w
    };
    let method = Method::from_bytes(next().as_bytes()).ok()?;
    let path = next();
    let mut b = Request::builder().method(method).uri(path);
    let mut host = false;
    while let Some(h) = rest.strip_prefix("h:") {
        let (field, r) = h.split_once(' ').unwrap_or((h, ""));
        rest = r;
        let (name, value) = field.split_once(':')?;
        let name = HeaderName::from_bytes(name.as_bytes()).ok()?;
        host |= name == header::HOST;
        b = b.header(name, HeaderValue::from_str(value).ok()?);
    }
    if !host {
        b = b.header(header::HOST, HOST);
    }
    b.body(Body::from(rest.replace("\\n", "\n"))).ok()
}

async fn send(app: &Router, req: Request<Body>) {
    let what = format!("{} {}", req.method(), req.uri());
    let head = req.method() == Method::HEAD;
    let Ok(resp) = app.clone().oneshot(req).await;
    let status = resp.status();
    assert!(!status.is_server_error(), "{what}: {status}");
    // The answer to HEAD is the headers of GET's, without the body.
    if head {
        return;
    }
    let kind = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    // The event stream never ends: its body is not read.
    if kind.starts_with("text/event-stream") {
        return;
    }
    let Ok(body) = to_bytes(resp.into_body(), MAX_BODY).await else {
        return;
    };
    if kind.starts_with("application/json") && !status.is_client_error() {
        // Only well-formed JSON is asked of an answer that is not an error: checking the syntax
        // without building a tree is a third of the time of building it.
        serde_json::from_slice::<IgnoredAny>(&body)
            .unwrap_or_else(|e| panic!("{what}: a JSON response that does not read: {e}"));
    } else if kind.starts_with("application/json") {
        let v: serde_json::Value = serde_json::from_slice(&body)
            .unwrap_or_else(|e| panic!("{what}: a JSON response that does not read: {e}"));
        if status.is_client_error() {
            assert!(
                v.get("error").is_some_and(|e| e.is_string()),
                "{what}: {status} without `error`: {v}"
            );
        }
    }
    if status == StatusCode::OK && what.starts_with("GET /api/state") {
        assert!(kind.starts_with("application/json"), "{what}: not JSON");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    HARNESS.with(|h| {
        let mut h = h.borrow_mut();
        let Some(h) = h.as_mut() else { return };
        if h.dirty || h.app.is_none() {
            h.app = build();
            h.dirty = false;
        }
        let Some(app) = h.app.clone() else { return };
        let lines: Vec<&str> = text.lines().take(16).collect();
        // Reads (GET, HEAD) change nothing; a request of another method to one of these paths
        // may change what `reset` keeps.
        h.dirty = lines.iter().any(|l| {
            let l = l.to_ascii_lowercase();
            !(l.starts_with("get ") || l.starts_with("head "))
                && ["definition", "select", "computer"].iter().any(|w| l.contains(w))
        });
        h.rt.block_on(async {
            if let Some(reset) = request("POST /api/reset") {
                send(&app, reset).await;
            }
            for line in lines {
                if whole_game(line) {
                    continue;
                }
                if let Some(req) = request(line) {
                    send(&app, req).await;
                }
            }
        });
    });
});
