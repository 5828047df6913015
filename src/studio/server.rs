//! The HTTP server of `chimera serve`: thin handlers over one [`Session`], the same session model
//! the REPL drives. The page and its script are embedded; requests carry moves, FENs, PGN and
//! definition text, never a path. Host and Origin are checked (DNS rebinding), bodies are bounded.

use super::analyze;
use super::definitions::{Definition, Origin, MAX_DEFINITION_BYTES};
use super::view;
use crate::engine::Engine;
use crate::repl::{ComputerSides, Progress, ReplError, Session};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

/// The port `chimera serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8077;
/// Most bytes of a request body: a definition at its limit, as JSON, with room to spare.
pub const MAX_BODY_BYTES: usize = MAX_DEFINITION_BYTES * 2 + 4096;
/// Longest thinking time the page may ask of the computer.
const MAX_THINK_MS: u64 = 30_000;

const INDEX_HTML: &str = include_str!("web/index.html");
const STUDIO_CSS: &str = include_str!("web/studio.css");
const STUDIO_JS: &str = include_str!("web/studio.js");
const BOARD_JS: &str = include_str!("web/board.js");

/// One server-sent event: its name (`None`: the default `message`, the engine's lines) and data.
type Note = (Option<&'static str>, String);

/// The server's shared state: the one session, the definitions, who may talk to it.
struct Studio {
    session: Mutex<Session>,
    definitions: Mutex<Vec<Definition>>,
    /// Which definition the editor shows.
    current: Mutex<usize>,
    /// Which definition the session plays (`None` until one compiles): the game is shown only
    /// when it is the editor's, so a definition that does not compile shows no stale board.
    loaded: Mutex<Option<usize>>,
    /// Stops a search (the session's own cancel flag).
    cancel: Arc<AtomicBool>,
    /// The engine's lines while it thinks and the analysis's progress, to every page listening.
    lines: broadcast::Sender<Note>,
    /// The analysis panel's run: one at a time.
    analysis: Mutex<AnalysisState>,
    /// Stops the analysis between two games.
    analysis_stop: Arc<AtomicBool>,
    /// `Host` values accepted (`127.0.0.1:PORT`, `localhost:PORT`).
    hosts: Vec<String>,
    /// The last board picture drawn (the page asks for the state after every action).
    pictures: Mutex<view::BoardPictures>,
    /// The editor's last view of a definition's diagnostics and pieces, by index and text:
    /// drawing every piece's diagram is most of a view, and the page asks for it after every
    /// action. Opening a definition (`select`) draws it anew, so a parent file changed on disk
    /// shows then, or at the next edit.
    definition_view: Mutex<Option<(usize, String, Value)>>,
}

/// Where the analysis panel's run is.
#[derive(Default)]
struct AnalysisState {
    running: bool,
    done: u64,
    total: u64,
    /// The last finished run's report.
    report: Option<Value>,
    /// Why the last run ended without a report.
    error: Option<String>,
}

/// Passes the search's lines to the page.
struct Lines(broadcast::Sender<Note>);

impl Progress for Lines {
    fn perft(&mut self, _depth: u32, _done: usize, _total: usize) {}
    fn search(&mut self, line: &str) {
        let _ = self.0.send((None, line.to_string()));
    }
    fn finish(&mut self) {
        let _ = self.0.send((None, "done".to_string()));
    }
}

/// A failed request: HTTP status and the error as JSON (`error`, `context`, `help`).
struct ApiError(StatusCode, Value);

impl ApiError {
    fn bad(message: impl Into<String>, help: impl Into<String>) -> ApiError {
        ApiError(
            StatusCode::BAD_REQUEST,
            json!({"error": message.into(), "context": [], "help": help.into()}),
        )
    }
}

impl From<ReplError> for ApiError {
    fn from(e: ReplError) -> ApiError {
        ApiError(
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"error": e.message, "context": e.context, "help": e.help}),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(self.1)).into_response()
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

/// Reads a JSON body into `T`, or says what is wrong with it.
fn parse<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        ApiError::bad(
            format!("the request is not the JSON expected: {e}"),
            "send a JSON object like the page does",
        )
    })
}

impl Studio {
    fn session(&self) -> MutexGuard<'_, Session> {
        // A panic while the lock was held leaves a session that is still whole (commands change
        // it only when they succeed), so a poisoned lock is taken over.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn definitions(&self) -> MutexGuard<'_, Vec<Definition>> {
        self.definitions.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn current(&self) -> usize {
        *self.current.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn loaded(&self) -> Option<usize> {
        *self.loaded.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn analysis(&self) -> MutexGuard<'_, AnalysisState> {
        self.analysis.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The page's view of the game (none while the open definition does not compile), with the
    /// message of what was done.
    fn state(&self, session: &Session, message: &str) -> Value {
        let game = if self.loaded() == Some(self.current()) {
            let mut pictures = self.pictures.lock().unwrap_or_else(|e| e.into_inner());
            json!(view::game_view(session, &mut pictures))
        } else {
            Value::Null
        };
        json!({"game": game, "message": message})
    }

    /// Refuses a game command while the open definition does not compile.
    fn playable(&self) -> Result<(), ApiError> {
        if self.loaded() == Some(self.current()) {
            Ok(())
        } else {
            Err(ApiError(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({"error": "the definition does not compile, so there is no game",
                       "context": [], "help": "fix the errors shown in the editor"}),
            ))
        }
    }

    /// Opens definition `index` in the editor and loads it into the session (a new game) if it
    /// compiles; if not, the error says why and the page shows no game until it is fixed.
    fn load(&self, index: usize) -> Result<(), ApiError> {
        let defs = self.definitions();
        let def = defs.get(index).ok_or_else(|| {
            ApiError::bad(
                format!("there is no definition {index}"),
                format!("the studio serves {} definitions", defs.len()),
            )
        })?;
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = index;
        // Opened again: its view is drawn anew (a parent file may have changed on disk).
        *self
            .definition_view
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = None;
        let checked = def.check().map_err(|d| {
            ApiError(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({"error": d.summary, "diagnostics": view::diagnostic_views(d.source_errors())}),
            )
        })?;
        let engine = Engine::new(checked.rules)
            .map_err(|e| ApiError::bad(format!("{} cannot be played: {e}", def.name), ""))?;
        let path = def.load_path();
        drop(defs);
        self.session().load_engine(&path, Arc::new(engine));
        *self.loaded.lock().unwrap_or_else(|e| e.into_inner()) = Some(index);
        Ok(())
    }
}

/// Runs a blocking piece of work (anything that may search) off the async threads.
async fn blocking<F>(st: Arc<Studio>, f: F) -> ApiResult
where
    F: FnOnce(&Studio) -> ApiResult + Send + 'static,
{
    tokio::task::spawn_blocking(move || f(&st))
        .await
        .unwrap_or_else(|e| Err(ApiError::bad(format!("the request failed: {e}"), "")))
}

/// Refuses requests whose `Host` or `Origin` is not this server (DNS rebinding: a page of
/// another site reaching the studio through a name that resolves to 127.0.0.1).
async fn check_host(State(st): State<Arc<Studio>>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !st.hosts.iter().any(|h| h == host) {
        return ApiError(
            StatusCode::FORBIDDEN,
            json!({"error": format!("refused: Host `{}` is not this studio", crate::repl::printable(host)),
                   "help": format!("open http://{}/", st.hosts.first().map_or("", String::as_str))}),
        )
        .into_response();
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| st.hosts.iter().any(|h| h == o));
        if !ok {
            return ApiError(
                StatusCode::FORBIDDEN,
                json!({"error": "refused: the request comes from another site", "help": "use the studio's own page"}),
            )
            .into_response();
        }
    }
    next.run(req).await
}

fn page(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX_HTML)
}
async fn css() -> Response {
    page("text/css; charset=utf-8", STUDIO_CSS)
}
async fn js() -> Response {
    page("text/javascript; charset=utf-8", STUDIO_JS)
}
async fn board_js() -> Response {
    page("text/javascript; charset=utf-8", BOARD_JS)
}

async fn state(State(st): State<Arc<Studio>>) -> ApiResult {
    blocking(st, |st| Ok(Json(st.state(&st.session(), "")))).await
}

async fn definitions(State(st): State<Arc<Studio>>) -> ApiResult {
    let defs = st.definitions();
    let list: Vec<Value> = defs
        .iter()
        .map(|d| json!({"name": d.name, "writable": d.writable(), "edited": d.text != d.saved}))
        .collect();
    Ok(Json(json!({"definitions": list, "current": st.current()})))
}

#[derive(Deserialize)]
struct Select {
    index: usize,
}

async fn select(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let s: Select = parse(&body)?;
    blocking(st, move |st| {
        let message = match st.load(s.index) {
            Ok(()) => "loaded".to_string(),
            // The editor shows the errors; the page has no game until they are fixed.
            Err(ApiError(StatusCode::UNPROCESSABLE_ENTITY, e)) => {
                e["error"].as_str().unwrap_or("").to_string()
            }
            Err(e) => return Err(e),
        };
        Ok(Json(st.state(&st.session(), &message)))
    })
    .await
}

/// The editor's view of the current definition: text, diagnostics, pieces.
fn definition_view(st: &Studio) -> Value {
    let defs = st.definitions();
    let i = st.current();
    let Some(def) = defs.get(i) else {
        return json!({});
    };
    let mut cache = st.definition_view.lock().unwrap_or_else(|e| e.into_inner());
    let checked = match &*cache {
        Some((at, text, v)) if *at == i && *text == def.text => v.clone(),
        _ => {
            let (diagnostics, pieces) = match def.check() {
                Ok(c) => {
                    let pieces = Engine::new(c.rules)
                        .map(|e| view::piece_views(&e))
                        .unwrap_or_default();
                    (view::diagnostic_views(c.warnings.iter()), pieces)
                }
                Err(d) => (view::diagnostic_views(d.source_errors()), Vec::new()),
            };
            let v = json!({"diagnostics": diagnostics, "pieces": pieces});
            *cache = Some((i, def.text.clone(), v.clone()));
            v
        }
    };
    json!({"index": i, "name": def.name, "text": def.text, "writable": def.writable(),
           "edited": def.text != def.saved, "diagnostics": checked["diagnostics"],
           "pieces": checked["pieces"]})
}

async fn definition(State(st): State<Arc<Studio>>) -> ApiResult {
    blocking(st, |st| Ok(Json(definition_view(st)))).await
}

#[derive(Deserialize)]
struct Edit {
    text: String,
}

/// A new text of the definition: compiled; when it compiles, the game follows the new rules.
async fn edit(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let e: Edit = parse(&body)?;
    if e.text.len() > MAX_DEFINITION_BYTES {
        return Err(ApiError::bad(
            format!(
                "the definition has {} bytes; the studio takes at most {MAX_DEFINITION_BYTES}",
                e.text.len()
            ),
            "a definition is a few kilobytes; split it with `extends`",
        ));
    }
    blocking(st, move |st| {
        let i = st.current();
        let checked = {
            let mut defs = st.definitions();
            let def = defs
                .get_mut(i)
                .ok_or_else(|| ApiError::bad("no definition is open", ""))?;
            def.text = e.text;
            def.check()
        };
        let mut message = "the definition does not compile".to_string();
        if let Ok(c) = &checked {
            if let Ok(engine) = Engine::new(c.rules.clone()) {
                let path = st.definitions().get(i).map(Definition::load_path);
                let mut session = st.session();
                if st.loaded() == Some(i) {
                    message = session.replace_engine(Arc::new(engine))?;
                } else {
                    // It did not compile until now: its first game.
                    session.load_engine(&path.unwrap_or_default(), Arc::new(engine));
                    *st.loaded.lock().unwrap_or_else(|e| e.into_inner()) = Some(i);
                    message = "it compiles: a new game".to_string();
                }
            }
        }
        let mut v = definition_view(st);
        let state = st.state(&st.session(), &message);
        v["game"] = state["game"].clone();
        v["message"] = json!(message);
        Ok(Json(v))
    })
    .await
}

/// Writes the edited definition back to the file it was opened from (never anywhere else).
async fn save(State(st): State<Arc<Studio>>) -> ApiResult {
    let mut defs = st.definitions();
    let i = st.current();
    let def = defs
        .get_mut(i)
        .ok_or_else(|| ApiError::bad("no definition is open", ""))?;
    let Origin::File(path) = &def.origin else {
        return Err(ApiError::bad(
            format!("{} is built into chimera; it cannot be saved", def.name),
            "copy the text into a file and start `chimera serve FILE` to edit and save it",
        ));
    };
    std::fs::write(path, &def.text).map_err(|e| {
        ApiError::bad(
            format!("cannot write {}: {e}", path.display()),
            "check the file's permissions",
        )
    })?;
    def.saved = def.text.clone();
    Ok(Json(
        json!({"message": format!("saved {}", path.display())}),
    ))
}

#[derive(Deserialize)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

/// A word of a command built from the page's input: one token, printable, no comment sign.
fn word(text: &str, what: &str) -> Result<String, ApiError> {
    let t = text.trim();
    if t.is_empty()
        || t.len() > 64
        || t.chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '#')
    {
        return Err(ApiError::bad(
            format!(
                "`{}` is not {what}",
                crate::repl::printable(&crate::repl::shortened(t))
            ),
            "moves are written like e2e4, e7e8q or P@e4",
        ));
    }
    Ok(t.to_string())
}

/// Runs one REPL command on the session and returns the new state with what it said.
fn command(st: &Studio, line: &str) -> ApiResult {
    st.playable()?;
    let mut s = st.session();
    let out = s.execute(line)?;
    Ok(Json(st.state(&s, &out)))
}

async fn play(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let m: MoveReq = parse(&body)?;
    let mv = word(&m.mv, "a move")?;
    blocking(st, move |st| command(st, &format!("play {mv}"))).await
}

#[derive(Deserialize, Default)]
struct Steps {
    #[serde(default)]
    n: Option<u32>,
}

async fn undo(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let s: Steps = if body.is_empty() {
        Steps::default()
    } else {
        parse(&body)?
    };
    let n = s.n.unwrap_or(1).max(1);
    blocking(st, move |st| command(st, &format!("undo {n}"))).await
}

async fn redo(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let s: Steps = if body.is_empty() {
        Steps::default()
    } else {
        parse(&body)?
    };
    let n = s.n.unwrap_or(1).max(1);
    blocking(st, move |st| command(st, &format!("redo {n}"))).await
}

async fn reset(State(st): State<Arc<Studio>>) -> ApiResult {
    blocking(st, |st| command(st, "reset")).await
}

#[derive(Deserialize)]
struct FenReq {
    fen: String,
}

async fn fen(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let f: FenReq = parse(&body)?;
    if f.fen.len() > 4096 || f.fen.contains(['\n', '\r', '#']) {
        return Err(ApiError::bad(
            "that is not a FEN: one line, at most 4096 characters",
            "copy the FEN field's text and change it",
        ));
    }
    blocking(st, move |st| command(st, &format!("fen {}", f.fen))).await
}

#[derive(Deserialize)]
struct ComputerReq {
    /// `off`, `both`, or a side's name.
    sides: String,
    /// Thinking time per move, in milliseconds.
    #[serde(default)]
    time_ms: Option<u64>,
}

async fn computer(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let c: ComputerReq = parse(&body)?;
    blocking(st, move |st| {
        st.playable()?;
        let mut s = st.session();
        let engine = s
            .engine()
            .cloned()
            .ok_or_else(|| ApiError::bad("no variant is loaded", ""))?;
        let players = &engine.rules().players;
        let sides = match c.sides.to_ascii_lowercase().as_str() {
            "off" | "none" => ComputerSides::Off,
            "both" => ComputerSides::Both,
            w => crate::geometry::Player::BOTH
                .into_iter()
                .find(|&p| players[p].to_ascii_lowercase() == w)
                .map(ComputerSides::One)
                .ok_or_else(|| {
                    ApiError::bad(
                        format!(
                            "`{}` is not a side",
                            crate::repl::printable(&crate::repl::shortened(&c.sides))
                        ),
                        format!("off, both, {} or {}", players.0[0], players.0[1]),
                    )
                })?,
        };
        if let Some(ms) = c.time_ms {
            s.set_computer_time(Duration::from_millis(ms.min(MAX_THINK_MS)));
        }
        let out = s.set_computer_sides(sides)?.unwrap_or_default();
        Ok(Json(st.state(&s, &out)))
    })
    .await
}

async fn hint(State(st): State<Arc<Studio>>) -> ApiResult {
    blocking(st, |st| command(st, "hint")).await
}

/// Stops a search; it answers at once (the search holds the session, not this flag).
async fn stop(State(st): State<Arc<Studio>>) -> ApiResult {
    st.cancel.store(true, Ordering::SeqCst);
    Ok(Json(json!({"message": "stopping"})))
}

async fn pgn_get(State(st): State<Arc<Studio>>) -> ApiResult {
    blocking(st, |st| {
        st.playable()?;
        let text = st.session().pgn_text()?;
        Ok(Json(json!({"pgn": text})))
    })
    .await
}

#[derive(Deserialize)]
struct PgnReq {
    pgn: String,
}

async fn pgn_post(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let p: PgnReq = parse(&body)?;
    blocking(st, move |st| {
        st.playable()?;
        let mut s = st.session();
        let out = s.open_pgn_text("upload", &p.pgn, 1)?;
        Ok(Json(st.state(&s, &out)))
    })
    .await
}

/// Where the analysis is: running with its progress, or its last report or error.
async fn analysis_state(State(st): State<Arc<Studio>>) -> ApiResult {
    let a = st.analysis();
    Ok(Json(
        json!({"running": a.running, "done": a.done, "total": a.total,
                   "report": a.report, "error": a.error}),
    ))
}

/// Starts an analysis of the open definition (or all served, side by side) in its own thread;
/// its progress goes to `/api/events` as `analysis` events. One at a time; it stops between two
/// games when asked, or when no page listens any more.
async fn analysis_start(State(st): State<Arc<Studio>>, body: Bytes) -> ApiResult {
    let req: analyze::Request = parse(&body)?;
    let config = req
        .config()
        .map_err(|e| ApiError::bad(e, "a small analysis: a few games at a few thousand nodes"))?;
    let mut engines = Vec::new();
    {
        let defs = st.definitions();
        let current = st.current();
        let chosen: Vec<&Definition> = if req.all {
            defs.iter().collect()
        } else {
            defs.get(current).into_iter().collect()
        };
        if chosen.len() > analyze::MAX_DEFINITIONS {
            return Err(ApiError::bad(
                format!(
                    "{} definitions: the studio compares at most {}",
                    chosen.len(),
                    analyze::MAX_DEFINITIONS
                ),
                "analyse the open definition, or use `chimera analyze` for more",
            ));
        }
        for def in chosen {
            let checked = def.check().map_err(|d| {
                ApiError(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    json!({"error": format!("{} does not compile: {}", def.name, d.summary),
                           "context": [], "help": "fix the definition first"}),
                )
            })?;
            let engine = Engine::new(checked.rules)
                .map_err(|e| ApiError::bad(format!("{} cannot be played: {e}", def.name), ""))?;
            let file = match &def.origin {
                Origin::File(p) => p.display().to_string(),
                Origin::Shipped(f) => f.clone(),
            };
            engines.push((file, Arc::new(engine)));
        }
    }
    {
        let mut a = st.analysis();
        if a.running {
            return Err(ApiError(
                StatusCode::CONFLICT,
                json!({"error": "an analysis is already running", "context": [],
                       "help": "wait for it or stop it"}),
            ));
        }
        *a = AnalysisState {
            running: true,
            total: engines.len() as u64 * u64::from(config.games),
            ..AnalysisState::default()
        };
    }
    st.analysis_stop.store(false, Ordering::SeqCst);
    let total = engines.len() as u64 * u64::from(config.games);
    let worker = st.clone();
    let spawned = std::thread::Builder::new()
        .name("studio-analysis".into())
        .spawn(move || {
            let st = worker;
            let stop = || {
                if st.lines.receiver_count() == 0 {
                    Some("stopped: no page is open".to_string())
                } else if st.analysis_stop.load(Ordering::SeqCst) {
                    Some("stopped".to_string())
                } else {
                    None
                }
            };
            let mut progress = |done: u64, total: u64| {
                {
                    let mut a = st.analysis();
                    a.done = done;
                    a.total = total;
                }
                let _ = st.lines.send((
                    Some("analysis"),
                    json!({"done": done, "total": total}).to_string(),
                ));
            };
            let result = analyze::run(&engines, &config, &stop, &mut progress);
            {
                let mut a = st.analysis();
                a.running = false;
                match result {
                    Ok(r) => a.report = Some(json!(r)),
                    Err(e) => a.error = Some(e),
                }
            }
            let _ = st
                .lines
                .send((Some("analysis"), json!({"finished": true}).to_string()));
        });
    if let Err(e) = spawned {
        st.analysis().running = false;
        return Err(ApiError::bad(format!("cannot start the analysis: {e}"), ""));
    }
    Ok(Json(json!({"message": "analysis started", "total": total})))
}

/// Stops the analysis after the game being played.
async fn analysis_stop(State(st): State<Arc<Studio>>) -> ApiResult {
    st.analysis_stop.store(true, Ordering::SeqCst);
    Ok(Json(json!({"message": "stopping the analysis"})))
}

/// Held by a page's event stream: when the last page listening goes away (closed, reloaded),
/// the search and the analysis it started are stopped rather than left running for no one.
struct PageGone(Arc<Studio>);

impl Drop for PageGone {
    fn drop(&mut self) {
        // This stream's own receiver may or may not be dropped yet.
        if self.0.lines.receiver_count() <= 1 {
            self.0.cancel.store(true, Ordering::SeqCst);
            self.0.analysis_stop.store(true, Ordering::SeqCst);
        }
    }
}

/// The engine's lines while it thinks, as server-sent events.
async fn events(
    State(st): State<Arc<Studio>>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, Infallible>>> {
    let rx = st.lines.subscribe();
    let gone = PageGone(st.clone());
    let stream = BroadcastStream::new(rx)
        .filter_map(|r| r.ok())
        .map(move |(name, data)| {
            let _ = &gone;
            let e = Event::default().data(data);
            Ok(match name {
                Some(n) => e.event(n),
                None => e,
            })
        });
    // A short keep-alive finds a closed page soon (the write fails), which ends an analysis.
    Sse::new(stream)
        .keep_alive(axum::response::sse::KeepAlive::new().interval(Duration::from_secs(1)))
}

async fn fallback() -> Response {
    ApiError(
        StatusCode::NOT_FOUND,
        json!({"error": "no such page", "help": "the studio is at /"}),
    )
    .into_response()
}

/// The router of a studio serving `definitions` with the given accepted `Host` values.
fn router(st: Arc<Studio>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/studio.css", get(css))
        .route("/studio.js", get(js))
        .route("/board.js", get(board_js))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/api/state", get(state))
        .route("/api/definitions", get(definitions))
        .route("/api/select", post(select))
        .route("/api/definition", get(definition).post(edit))
        .route("/api/save", post(save))
        .route("/api/move", post(play))
        .route("/api/undo", post(undo))
        .route("/api/redo", post(redo))
        .route("/api/reset", post(reset))
        .route("/api/fen", post(fen))
        .route("/api/computer", post(computer))
        .route("/api/hint", post(hint))
        .route("/api/stop", post(stop))
        .route("/api/pgn", get(pgn_get).post(pgn_post))
        .route("/api/events", get(events))
        .route("/api/analysis", get(analysis_state).post(analysis_start))
        .route("/api/analysis/stop", post(analysis_stop))
        .fallback(fallback)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(st.clone(), check_host))
        .with_state(st)
}

/// A studio bound and ready: its address, and the future that serves until the process ends.
pub struct Bound {
    /// The address it listens on.
    pub addr: SocketAddr,
    listener: tokio::net::TcpListener,
    app: Router,
}

impl Bound {
    /// Serves until the process ends.
    pub async fn serve(self) -> std::io::Result<()> {
        axum::serve(self.listener, self.app).await
    }
}

/// Binds a studio for `definitions` (the first is loaded) on `host:port` (port 0: a free one).
pub async fn bind(definitions: Vec<Definition>, host: &str, port: u16) -> Result<Bound, String> {
    if definitions.is_empty() {
        return Err("no definition to serve".into());
    }
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address: {e}"))?;
    let port = addr.port();
    let mut hosts = vec![format!("{host}:{port}")];
    for h in ["127.0.0.1", "localhost"] {
        let h = format!("{h}:{port}");
        if !hosts.contains(&h) {
            hosts.push(h);
        }
    }
    let app = app(definitions, hosts, None)?;
    Ok(Bound {
        addr,
        listener,
        app,
    })
}

/// The studio's routes for `definitions` (the first is loaded), answering requests whose `Host`
/// is one of `hosts`, with no listener: [`bind`] serves it, tests and fuzzing call it in-process.
/// `search_cap` caps every search at that many nodes ([`Session::cap_searches`]).
pub fn app(
    definitions: Vec<Definition>,
    hosts: Vec<String>,
    search_cap: Option<u64>,
) -> Result<Router, String> {
    if definitions.is_empty() {
        return Err("no definition to serve".into());
    }
    let (tx, _) = broadcast::channel(256);
    let mut session = Session::new();
    session.set_progress(Some(Box::new(Lines(tx.clone()))));
    if let Some(nodes) = search_cap {
        session.cap_searches(nodes);
    }
    let cancel = session.cancel_flag();
    let st = Arc::new(Studio {
        session: Mutex::new(session),
        definitions: Mutex::new(definitions),
        current: Mutex::new(0),
        loaded: Mutex::new(None),
        cancel,
        lines: tx,
        analysis: Mutex::new(AnalysisState::default()),
        analysis_stop: Arc::new(AtomicBool::new(false)),
        hosts,
        pictures: Mutex::default(),
        definition_view: Mutex::default(),
    });
    match st.load(0) {
        // A definition that does not compile opens anyway: the editor shows why.
        Ok(()) | Err(ApiError(StatusCode::UNPROCESSABLE_ENTITY, _)) => {}
        Err(e) => return Err(e.1.to_string()),
    }
    Ok(router(st))
}
