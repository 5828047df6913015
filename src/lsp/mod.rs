//! `chimera lsp`: the Language Server Protocol over stdio, for any editor with an LSP client.
//!
//! A front end like the CLI: it reads definitions through [`crate::compile_str`] (the diagnostics of
//! `chimera check`, with their codes, messages and help), [`crate::format_definition`] (formatting,
//! tokens) and the REPL's descriptions (hover). Documents are synchronised whole on every change
//! and analysed at once; nothing is kept but the open documents ([`analysis::Doc`]), so memory
//! follows what the editor has open. Bad input (malformed JSON-RPC, unknown methods, positions
//! outside a document, huge documents) gets an error response, a log message or a diagnostic.

pub mod analysis;
pub mod betza;
pub mod text;

use analysis::{CompletionWhat, Doc, NameKind};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lt;
use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, Read, Write};
use text::LineIndex;

/// Largest JSON-RPC message read; a larger one is skipped and reported.
const MAX_MESSAGE: usize = 16 << 20;
/// Most documents kept open; opening more forgets the oldest.
const MAX_DOCUMENTS: usize = 256;

/// The semantic token types, in the legend's order.
const TOKEN_TYPES: &[lt::SemanticTokenType] = &[
    lt::SemanticTokenType::KEYWORD,
    lt::SemanticTokenType::TYPE,
    lt::SemanticTokenType::VARIABLE,
    lt::SemanticTokenType::PROPERTY,
    lt::SemanticTokenType::STRING,
    lt::SemanticTokenType::NUMBER,
    lt::SemanticTokenType::COMMENT,
    lt::SemanticTokenType::OPERATOR,
    lt::SemanticTokenType::REGEXP,
    lt::SemanticTokenType::ENUM_MEMBER,
];

/// Runs the server on standard input and output until the client says `exit` or closes the
/// input.
pub fn run_stdio() -> Result<(), String> {
    let (to_server, from_client) = crossbeam_channel::bounded::<Message>(16);
    let (to_client, from_server) = crossbeam_channel::bounded::<Message>(16);
    let reader_out = to_client.clone();
    let pending = from_server.clone();
    let reader = std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        read_messages(&mut input, &to_server, &reader_out);
    });
    let writer = std::thread::spawn(move || {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for msg in from_server {
            if msg.write(&mut out).is_err() {
                break;
            }
        }
        let _ = out.flush();
    });
    let conn = Connection {
        sender: to_client,
        receiver: from_client,
    };
    let result = serve(&conn);
    drop(conn);
    // The reader, blocked on standard input, keeps a sender alive, so the writer never sees the
    // channel close: wait (boundedly) until what was sent is written, then let the process end.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while !pending.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(50));
    drop(writer);
    drop(reader);
    result
}

/// Reads framed JSON-RPC messages until the input ends. A malformed message is reported to the
/// client as a log message and skipped; the next one is read.
fn read_messages(
    input: &mut dyn BufRead,
    to_server: &crossbeam_channel::Sender<Message>,
    to_client: &crossbeam_channel::Sender<Message>,
) {
    let complain = |what: String| {
        let _ = to_client.send(log_message(lt::MessageType::ERROR, what));
    };
    loop {
        let mut length: Option<usize> = None;
        let mut line = String::new();
        loop {
            line.clear();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            if line.len() > 1024 {
                complain("malformed JSON-RPC header: a header line over 1024 bytes".into());
                return;
            }
            let l = line.trim_end();
            if l.is_empty() {
                if length.is_some() {
                    break;
                }
                continue;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().ok();
                    if length.is_none() {
                        complain(format!("malformed JSON-RPC header: `{l}`"));
                    }
                }
            }
        }
        let length = length.unwrap_or(0);
        if length > MAX_MESSAGE {
            complain(format!(
                "JSON-RPC message of {length} bytes skipped (at most {MAX_MESSAGE})"
            ));
            let mut skip = input.take(length as u64);
            if std::io::copy(&mut skip, &mut std::io::sink()).is_err() {
                return;
            }
            continue;
        }
        let mut body = vec![0u8; length];
        if input.read_exact(&mut body).is_err() {
            return;
        }
        match serde_json::from_slice::<Message>(&body) {
            Ok(msg) => {
                if to_server.send(msg).is_err() {
                    return;
                }
            }
            Err(e) => complain(format!("malformed JSON-RPC message skipped: {e}")),
        }
    }
}

fn log_message(typ: lt::MessageType, message: String) -> Message {
    Message::Notification(Notification::new(
        "window/logMessage".into(),
        lt::LogMessageParams { typ, message },
    ))
}

/// The server's capabilities.
pub fn capabilities() -> lt::ServerCapabilities {
    lt::ServerCapabilities {
        text_document_sync: Some(lt::TextDocumentSyncCapability::Kind(
            lt::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lt::CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ",".into()]),
            ..Default::default()
        }),
        definition_provider: Some(lt::OneOf::Left(true)),
        references_provider: Some(lt::OneOf::Left(true)),
        rename_provider: Some(lt::OneOf::Left(true)),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        code_action_provider: Some(lt::CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(lt::OneOf::Left(true)),
        semantic_tokens_provider: Some(
            lt::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lt::SemanticTokensOptions {
                    legend: lt::SemanticTokensLegend {
                        token_types: TOKEN_TYPES.to_vec(),
                        token_modifiers: Vec::new(),
                    },
                    full: Some(lt::SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    ..Default::default()
                },
            ),
        ),
        ..Default::default()
    }
}

/// Serves one client on `conn` until `exit` (or the connection closes).
pub fn serve(conn: &Connection) -> Result<(), String> {
    // Before `initialize`, requests get "server not initialized".
    let hover_style = loop {
        let Ok(msg) = conn.receiver.recv() else {
            return Ok(());
        };
        match msg {
            Message::Request(req) if req.method == "initialize" => {
                let style = HoverStyle::of(&req.params);
                let result = lt::InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(lt::ServerInfo {
                        name: "chimera".into(),
                        version: Some(env!("CARGO_PKG_VERSION").into()),
                    }),
                };
                send(conn, Response::new_ok(req.id, result));
                break style;
            }
            Message::Request(req) => send(
                conn,
                Response::new_err(
                    req.id,
                    ErrorCode::ServerNotInitialized as i32,
                    "the server is not initialized".into(),
                ),
            ),
            Message::Notification(n) if n.method == "exit" => return Ok(()),
            _ => {}
        }
    };
    let mut server = Server {
        hover_style,
        ..Server::default()
    };
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if req.method == "shutdown" {
                    send(conn, Response::new_ok(req.id, Value::Null));
                    continue;
                }
                let id = req.id.clone();
                let response = match server.request(req) {
                    Ok(v) => Response::new_ok(id, v),
                    Err((code, message)) => Response::new_err(id, code as i32, message),
                };
                send(conn, response);
            }
            Message::Notification(n) => {
                if n.method == "exit" {
                    return Ok(());
                }
                for out in server.notification(n) {
                    send(conn, out);
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn send(conn: &Connection, msg: impl Into<Message>) {
    let _ = conn.sender.send(msg.into());
}

type Failure = (ErrorCode, String);

/// The open documents, and how hover is shown to this client.
#[derive(Default)]
struct Server {
    docs: HashMap<lt::Url, Doc>,
    order: Vec<lt::Url>,
    hover_style: HoverStyle,
}

/// What the client shows in a hover, from its capabilities at `initialize`.
#[derive(Clone, Copy, Debug, Default)]
struct HoverStyle {
    /// The client reads markdown (else the same text goes as plain text).
    markdown: bool,
    /// How a Betza string's diagram is drawn.
    diagram: betza::DiagramStyle,
}

impl HoverStyle {
    /// Images for clients that declare a full markdown renderer (`general.markdown`, as VS Code
    /// does; Neovim, Helix and Emacs show text), unless `initializationOptions.hoverImages` says
    /// otherwise; markdown when the hover's content formats include it (or are not given).
    fn of(params: &Value) -> HoverStyle {
        let caps = &params["capabilities"];
        let formats = &caps["textDocument"]["hover"]["contentFormat"];
        let markdown = match formats.as_array() {
            Some(list) => list.iter().any(|f| f == "markdown"),
            None => true,
        };
        let renderer = caps["general"]["markdown"].is_object();
        let images = params["initializationOptions"]["hoverImages"]
            .as_bool()
            .unwrap_or(renderer);
        HoverStyle {
            markdown,
            diagram: if markdown && images {
                betza::DiagramStyle::Image
            } else {
                betza::DiagramStyle::Text
            },
        }
    }
}

fn params<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, Failure> {
    serde_json::from_value(v)
        .map_err(|e| (ErrorCode::InvalidParams, format!("invalid params: {e}")))
}

fn to_value(v: impl serde::Serialize) -> Result<Value, Failure> {
    serde_json::to_value(v).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

impl Server {
    fn open(&mut self, uri: lt::Url, text: String) -> Notification {
        let path = uri.to_file_path().ok();
        let doc = Doc::new(text, path);
        let diags = diagnostics(&uri, &doc);
        self.order.retain(|u| *u != uri);
        self.order.push(uri.clone());
        self.docs.insert(uri.clone(), doc);
        while self.order.len() > MAX_DOCUMENTS {
            let old = self.order.remove(0);
            self.docs.remove(&old);
        }
        Notification::new(
            "textDocument/publishDiagnostics".into(),
            lt::PublishDiagnosticsParams {
                uri,
                diagnostics: diags,
                version: None,
            },
        )
    }

    fn notification(&mut self, n: Notification) -> Vec<Message> {
        match n.method.as_str() {
            "textDocument/didOpen" => match params::<lt::DidOpenTextDocumentParams>(n.params) {
                Ok(p) => vec![self.open(p.text_document.uri, p.text_document.text).into()],
                Err((_, e)) => vec![log_message(lt::MessageType::ERROR, e)],
            },
            "textDocument/didChange" => {
                match params::<lt::DidChangeTextDocumentParams>(n.params) {
                    // Full synchronisation: the last change holds the whole text.
                    Ok(p) => match p.content_changes.into_iter().last() {
                        Some(c) => vec![self.open(p.text_document.uri, c.text).into()],
                        None => Vec::new(),
                    },
                    Err((_, e)) => vec![log_message(lt::MessageType::ERROR, e)],
                }
            }
            "textDocument/didSave" => {
                // A parent may have changed on disk: check the open documents again.
                let open: Vec<(lt::Url, String)> = self
                    .docs
                    .iter()
                    .map(|(u, d)| (u.clone(), d.text.clone()))
                    .collect();
                open.into_iter()
                    .map(|(u, t)| self.open(u, t).into())
                    .collect()
            }
            "textDocument/didClose" => match params::<lt::DidCloseTextDocumentParams>(n.params) {
                Ok(p) => {
                    let uri = p.text_document.uri;
                    self.docs.remove(&uri);
                    self.order.retain(|u| *u != uri);
                    vec![Notification::new(
                        "textDocument/publishDiagnostics".into(),
                        lt::PublishDiagnosticsParams {
                            uri,
                            diagnostics: Vec::new(),
                            version: None,
                        },
                    )
                    .into()]
                }
                Err((_, e)) => vec![log_message(lt::MessageType::ERROR, e)],
            },
            _ => Vec::new(),
        }
    }

    fn doc(&self, uri: &lt::Url) -> Result<&Doc, Failure> {
        self.docs.get(uri).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("the document {uri} is not open"),
            )
        })
    }

    fn request(&mut self, req: Request) -> Result<Value, Failure> {
        let Request {
            method, params: p, ..
        } = req;
        match method.as_str() {
            "textDocument/hover" => {
                let p: lt::HoverParams = params(p)?;
                let pp = p.text_document_position_params;
                let doc = self.doc(&pp.text_document.uri)?;
                let ix = LineIndex::new(&doc.text);
                let at = ix.offset(&doc.text, pp.position);
                let style = self.hover_style;
                to_value(doc.hover(at, style.diagram).map(|(s, e, md)| lt::Hover {
                    contents: lt::HoverContents::Markup(lt::MarkupContent {
                        kind: if style.markdown {
                            lt::MarkupKind::Markdown
                        } else {
                            lt::MarkupKind::PlainText
                        },
                        value: md,
                    }),
                    range: Some(ix.range(&doc.text, s, e)),
                }))
            }
            "textDocument/completion" => {
                let p: lt::CompletionParams = params(p)?;
                let pp = p.text_document_position;
                let doc = self.doc(&pp.text_document.uri)?;
                let ix = LineIndex::new(&doc.text);
                let at = ix.offset(&doc.text, pp.position);
                let items: Vec<lt::CompletionItem> = doc
                    .completions(at)
                    .into_iter()
                    .map(|(label, what)| completion_item(label, what))
                    .collect();
                to_value(lt::CompletionResponse::Array(items))
            }
            "textDocument/definition" => {
                let p: lt::GotoDefinitionParams = params(p)?;
                let pp = p.text_document_position_params;
                let uri = pp.text_document.uri;
                let doc = self.doc(&uri)?;
                let ix = LineIndex::new(&doc.text);
                let at = ix.offset(&doc.text, pp.position);
                to_value(definition(&uri, doc, &ix, at).map(lt::GotoDefinitionResponse::Scalar))
            }
            "textDocument/references" => {
                let p: lt::ReferenceParams = params(p)?;
                let pp = p.text_document_position;
                let uri = pp.text_document.uri;
                let doc = self.doc(&uri)?;
                let ix = LineIndex::new(&doc.text);
                let at = ix.offset(&doc.text, pp.position);
                let Some((name, u)) = doc.name_at(at) else {
                    return Ok(Value::Null);
                };
                let locations: Vec<lt::Location> = doc
                    .occurrences(name, u.kind)
                    .into_iter()
                    .filter(|o| p.context.include_declaration || !o.decl)
                    .map(|o| lt::Location::new(uri.clone(), ix.range(&doc.text, o.start, o.end)))
                    .collect();
                to_value(locations)
            }
            "textDocument/rename" => {
                let p: lt::RenameParams = params(p)?;
                let pp = p.text_document_position;
                let uri = pp.text_document.uri;
                let doc = self.doc(&uri)?;
                let ix = LineIndex::new(&doc.text);
                let at = ix.offset(&doc.text, pp.position);
                let Some((name, u)) = doc.name_at(at) else {
                    return Err((
                        ErrorCode::InvalidParams,
                        "nothing to rename here: put the cursor on a piece, zone or path name"
                            .into(),
                    ));
                };
                check_new_name(&p.new_name)?;
                let edits: Vec<lt::TextEdit> = doc
                    .occurrences(name, u.kind)
                    .into_iter()
                    .map(|o| {
                        lt::TextEdit::new(ix.range(&doc.text, o.start, o.end), p.new_name.clone())
                    })
                    .collect();
                let mut changes = HashMap::new();
                changes.insert(uri, edits);
                to_value(lt::WorkspaceEdit::new(changes))
            }
            "textDocument/documentSymbol" => {
                let p: lt::DocumentSymbolParams = params(p)?;
                let doc = self.doc(&p.text_document.uri)?;
                let ix = LineIndex::new(&doc.text);
                #[allow(deprecated)] // `deprecated` is a required field of the type.
                let symbols: Vec<lt::DocumentSymbol> = doc
                    .names
                    .iter()
                    .filter(|(_, u)| u.decl)
                    .map(|(n, u)| {
                        let r = ix.range(&doc.text, u.start, u.end);
                        lt::DocumentSymbol {
                            name: n.clone(),
                            detail: Some(u.kind.word().into()),
                            kind: match u.kind {
                                NameKind::Piece => lt::SymbolKind::CLASS,
                                NameKind::Zone => lt::SymbolKind::NAMESPACE,
                                NameKind::Path => lt::SymbolKind::ARRAY,
                            },
                            tags: None,
                            deprecated: None,
                            range: r,
                            selection_range: r,
                            children: None,
                        }
                    })
                    .collect();
                to_value(lt::DocumentSymbolResponse::Nested(symbols))
            }
            "textDocument/semanticTokens/full" => {
                let p: lt::SemanticTokensParams = params(p)?;
                let doc = self.doc(&p.text_document.uri)?;
                to_value(lt::SemanticTokensResult::Tokens(semantic_tokens(doc)))
            }
            "textDocument/codeAction" => {
                let p: lt::CodeActionParams = params(p)?;
                let uri = p.text_document.uri;
                let actions: Vec<lt::CodeActionOrCommand> = p
                    .context
                    .diagnostics
                    .iter()
                    .filter_map(|d| {
                        let data = d.data.as_ref()?;
                        let with = data.get("replace")?.as_str()?.to_string();
                        let range: lt::Range = data
                            .get("range")
                            .and_then(|r| serde_json::from_value(r.clone()).ok())
                            .unwrap_or(d.range);
                        let mut changes = HashMap::new();
                        changes.insert(uri.clone(), vec![lt::TextEdit::new(range, with.clone())]);
                        Some(lt::CodeActionOrCommand::CodeAction(lt::CodeAction {
                            title: format!("replace with `{with}`"),
                            kind: Some(lt::CodeActionKind::QUICKFIX),
                            diagnostics: Some(vec![d.clone()]),
                            edit: Some(lt::WorkspaceEdit::new(changes)),
                            is_preferred: Some(true),
                            ..Default::default()
                        }))
                    })
                    .collect();
                to_value(actions)
            }
            "textDocument/formatting" => {
                let p: lt::DocumentFormattingParams = params(p)?;
                let doc = self.doc(&p.text_document.uri)?;
                match crate::syntax::format::format(&doc.text) {
                    Ok(formatted) if formatted != doc.text => {
                        let ix = LineIndex::new(&doc.text);
                        let all = ix.range(&doc.text, 0, doc.text.len());
                        to_value(vec![lt::TextEdit::new(all, formatted)])
                    }
                    // Nothing to change, or a text that does not parse (its diagnostics say why).
                    _ => to_value(Vec::<lt::TextEdit>::new()),
                }
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("chimera lsp does not handle `{method}`"),
            )),
        }
    }
}

/// A new name for a piece, zone or path must be a name of the language.
fn check_new_name(name: &str) -> Result<(), Failure> {
    let ok = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !crate::syntax::KEYWORDS.iter().any(|k| k.word == name);
    if ok {
        Ok(())
    } else {
        Err((
            ErrorCode::InvalidParams,
            format!("`{name}` is not a name (a letter or `_`, then letters, digits or `_`; not a keyword)"),
        ))
    }
}

fn completion_item(label: String, what: CompletionWhat) -> lt::CompletionItem {
    let (kind, detail) = match what {
        CompletionWhat::Keyword => (lt::CompletionItemKind::KEYWORD, None),
        CompletionWhat::Name(k) => (
            lt::CompletionItemKind::REFERENCE,
            Some(k.word().to_string()),
        ),
        CompletionWhat::Atom => (
            lt::CompletionItemKind::CONSTANT,
            betza::meaning(&label).map(str::to_string),
        ),
        CompletionWhat::Modifier => (
            lt::CompletionItemKind::OPERATOR,
            betza::meaning(&label).map(str::to_string),
        ),
    };
    lt::CompletionItem {
        label,
        kind: Some(kind),
        detail,
        ..Default::default()
    }
}

/// Where the thing at `at` is declared: a name's declaration (here or in the parent), or the
/// parent file itself for the `extends` string.
fn definition(uri: &lt::Url, doc: &Doc, ix: &LineIndex, at: usize) -> Option<lt::Location> {
    if let Some(t) = doc.token_at(at) {
        if t.parent == "extends_stmt" && t.rule == "string" {
            let parent = doc.parent_path()?;
            let parent_uri = lt::Url::from_file_path(std::fs::canonicalize(parent).ok()?).ok()?;
            return Some(lt::Location::new(parent_uri, lt::Range::default()));
        }
    }
    let (name, u) = doc.name_at(at)?;
    if let Some(d) = doc.declaration(name, u.kind) {
        return Some(lt::Location::new(
            uri.clone(),
            ix.range(&doc.text, d.start, d.end),
        ));
    }
    // Declared in a parent (or its parent): read it from disk.
    let mut path = doc.parent_path()?;
    for _ in 0..16 {
        let text = std::fs::read_to_string(&path).ok()?;
        let parent = Doc::new(text, Some(path.clone()));
        if let Some(d) = parent.declaration(name, u.kind) {
            let pix = LineIndex::new(&parent.text);
            let purl = lt::Url::from_file_path(std::fs::canonicalize(&path).ok()?).ok()?;
            return Some(lt::Location::new(
                purl,
                pix.range(&parent.text, d.start, d.end),
            ));
        }
        path = parent.parent_path()?;
    }
    None
}

/// The LSP diagnostics of a document.
pub fn diagnostics(uri: &lt::Url, doc: &Doc) -> Vec<lt::Diagnostic> {
    let ix = LineIndex::new(&doc.text);
    doc.problems
        .iter()
        .map(|p| {
            let mut message = p.message.clone();
            if let Some(h) = &p.help {
                message.push_str("\nhelp: ");
                message.push_str(h);
            }
            let related: Vec<lt::DiagnosticRelatedInformation> = p
                .notes
                .iter()
                .map(|(s, e, label)| lt::DiagnosticRelatedInformation {
                    location: lt::Location::new(uri.clone(), ix.range(&doc.text, *s, *e)),
                    message: label.clone(),
                })
                .collect();
            lt::Diagnostic {
                range: ix.range(&doc.text, p.start, p.end),
                severity: Some(if p.warning {
                    lt::DiagnosticSeverity::WARNING
                } else {
                    lt::DiagnosticSeverity::ERROR
                }),
                code: Some(lt::NumberOrString::String(p.code.clone())),
                source: Some("chimera".into()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                data: p.suggestion.as_ref().map(|(s, a, b)| {
                    serde_json::json!({ "replace": s, "range": ix.range(&doc.text, *a, *b) })
                }),
                ..Default::default()
            }
        })
        .collect()
}

/// The semantic tokens of a document (empty while it does not parse).
fn semantic_tokens(doc: &Doc) -> lt::SemanticTokens {
    let ix = LineIndex::new(&doc.text);
    let mut spans: Vec<(usize, usize, u32)> = Vec::new();
    for t in doc.tokens.iter().flatten() {
        let ty = match t.rule {
            "keyword" => 0,
            "name" => match doc.name_at(t.start).map(|(_, u)| u.kind) {
                Some(NameKind::Piece) => 1,
                Some(NameKind::Zone) => 2,
                Some(NameKind::Path) => 3,
                None => continue,
            },
            "letter" => 1,
            "string" => 4,
            "number" | "decimal" => 5,
            "zone_op" | "equals" | "dash" | "times" | "bar" | "colon" => 7,
            "betza" => 8,
            "square" | "rect_term" | "file_letter" => 9,
            _ => continue,
        };
        spans.push((t.start, t.end, ty));
    }
    spans.extend(doc.comments().into_iter().map(|(s, e)| (s, e, 6)));
    spans.sort();
    let mut data = Vec::with_capacity(spans.len());
    let (mut line, mut col) = (0u32, 0u32);
    for (s, e, ty) in spans {
        let a = ix.position(&doc.text, s);
        let b = ix.position(&doc.text, e);
        if a.line != b.line {
            continue;
        }
        let delta_line = a.line - line;
        let delta_start = if delta_line == 0 {
            a.character - col
        } else {
            a.character
        };
        data.push(lt::SemanticToken {
            delta_line,
            delta_start,
            length: b.character - a.character,
            token_type: ty,
            token_modifiers_bitset: 0,
        });
        line = a.line;
        col = a.character;
    }
    lt::SemanticTokens {
        result_id: None,
        data,
    }
}
