//! The server's state: the open documents and their inspections, and what each message of
//! the client asks. No I/O: messages in, messages out.
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{CodeActionRequest, HoverRequest, Initialize, Request as _, Shutdown};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, HoverParams, HoverProviderCapability, InitializeResult,
    PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions, Uri,
};
use mcpvet_diagnostics::redact::Redactor;
use mcpvet_linter::{FileReport, InputKind, InspectOptions};
use serde_json::Value;

use crate::attach::{Attachment, Gate, attach, uri_path};
use crate::convert;
use crate::position::{apply_change, offset};

/// What the server answers to `initialize`: incremental text sync (positions in UTF-16 code
/// units, the protocol's default), hovers and quick fixes; diagnostics are pushed
/// (`textDocument/publishDiagnostics`).
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        ..ServerCapabilities::default()
    }
}

/// Where the conversation with the client stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before `initialize`.
    Starting,
    /// Between `initialize` and `shutdown`.
    Running,
    /// After `shutdown`: only `exit` is expected.
    ShutDown,
}

/// How the conversation ended (see [`Server::ending`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// `exit` after `shutdown`: the process exits with status 0.
    Exit,
    /// `exit` without `shutdown` first: the process exits with status 1.
    ExitWithoutShutdown,
    /// The client closed the connection without `exit` (status 1, or 0 after `shutdown`).
    Disconnected {
        /// Whether `shutdown` was received.
        shut_down: bool,
    },
}

impl Ending {
    /// The process exit status the protocol asks for: 0 when `shutdown` was received first,
    /// 1 otherwise.
    pub fn status(self) -> u8 {
        match self {
            Ending::Exit | Ending::Disconnected { shut_down: true } => 0,
            Ending::ExitWithoutShutdown | Ending::Disconnected { shut_down: false } => 1,
        }
    }
}

/// One open document.
#[derive(Debug)]
struct Document {
    uri: Uri,
    /// The file path its URI names (the name the inspection detects dialects from).
    path: String,
    version: i32,
    text: String,
    attachment: Option<Attachment>,
    /// The inspection of `text`; `None` when the text changed since.
    inspected: Option<Inspected>,
    /// Whether the diagnostics of `inspected` were sent.
    published: bool,
}

/// The inspection of a document's text, when its findings are shown.
#[derive(Debug, Default)]
struct Inspected {
    report: Option<Shown>,
}

#[derive(Debug)]
struct Shown {
    report: FileReport,
    redactor: Redactor,
    /// One per finding of `report`, in its order.
    diagnostics: Vec<lsp_types::Diagnostic>,
}

/// The language server: the open documents and their inspections. Each message of the
/// client goes to [`handle`](Self::handle), which answers requests at once; the
/// diagnostics of the documents that changed are made by [`flush`](Self::flush), so a burst
/// of changes is inspected once. The server does no I/O: [`crate::run`] moves the messages.
///
/// ```
/// use lsp_server::{Message, Notification, Request};
/// use mcpvet_lsp::Server;
/// use serde_json::json;
///
/// let mut server = Server::new();
/// server.handle(Message::Request(Request::new(1.into(), "initialize".into(), json!({"capabilities": {}}))));
/// server.handle(Message::Notification(Notification::new("initialized".into(), json!({}))));
/// server.handle(Message::Notification(Notification::new(
///     "textDocument/didOpen".into(),
///     json!({"textDocument": {"uri": "file:///p/.vscode/mcp.json", "languageId": "jsonc",
///            "version": 1, "text": "{\"servers\": {\"docs\": {\"type\": \"stdio\"}}}"}}),
/// )));
/// let sent = server.flush();
/// let Message::Notification(published) = &sent[0] else { panic!() };
/// assert_eq!(published.method, "textDocument/publishDiagnostics");
/// // `type: "stdio"` without `command`: missing-field.
/// assert_eq!(published.params["diagnostics"][0]["code"], "MCP012");
/// ```
#[derive(Debug)]
pub struct Server {
    phase: Phase,
    ending: Option<Ending>,
    documents: HashMap<String, Document>,
    /// Documents closed since the last flush, whose diagnostics are cleared then.
    closed: Vec<Uri>,
    rule_urls: HashMap<&'static str, Uri>,
    /// Whether the client shows Markdown in hovers.
    markdown: bool,
    options: InspectOptions,
}

impl Default for Server {
    fn default() -> Self {
        Self::new()
    }
}

impl Server {
    /// A server waiting for `initialize`.
    pub fn new() -> Self {
        Server {
            phase: Phase::Starting,
            ending: None,
            documents: HashMap::new(),
            closed: Vec::new(),
            rule_urls: convert::rule_urls(),
            markdown: true,
            options: InspectOptions::default(),
        }
    }

    /// How the conversation ended, once it has (`exit`); `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether the client sent `shutdown`.
    pub fn is_shut_down(&self) -> bool {
        self.phase == Phase::ShutDown
    }

    /// Handles one message of the client; returns the messages to send back (the response
    /// to a request). Diagnostics are sent by [`flush`](Self::flush).
    pub fn handle(&mut self, message: Message) -> Vec<Message> {
        match message {
            Message::Request(request) => vec![Message::Response(self.request(request))],
            Message::Notification(notification) => {
                self.notification(notification);
                Vec::new()
            }
            // The server sends no requests, so expects no responses.
            Message::Response(_) => Vec::new(),
        }
    }

    /// Inspects every document that was opened or changed since the last call and returns
    /// their `textDocument/publishDiagnostics` notifications (and empty ones for the
    /// documents closed since). A document mcpvet does not read gets none.
    pub fn flush(&mut self) -> Vec<Message> {
        let mut sent: Vec<Message> = self
            .closed
            .drain(..)
            .map(|uri| publish(uri, Vec::new(), None))
            .collect();
        let mut uris: Vec<&String> = self
            .documents
            .iter()
            .filter(|(_, d)| !d.published)
            .map(|(uri, _)| uri)
            .collect();
        uris.sort();
        let uris: Vec<String> = uris.into_iter().cloned().collect();
        for uri in uris {
            self.inspect(&uri);
            if let Some(doc) = self.documents.get_mut(&uri) {
                doc.published = true;
                if doc.attachment.is_none() {
                    continue;
                }
                let diagnostics = doc
                    .inspected
                    .as_ref()
                    .and_then(|i| i.report.as_ref())
                    .map(|s| s.diagnostics.clone())
                    .unwrap_or_default();
                sent.push(publish(doc.uri.clone(), diagnostics, Some(doc.version)));
            }
        }
        sent
    }

    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        match (self.phase, request.method.as_str()) {
            (Phase::Starting, Initialize::METHOD) => {
                self.initialize(&request.params);
                self.phase = Phase::Running;
                let result = InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(ServerInfo {
                        name: "mcpvet".to_owned(),
                        version: Some(env!("CARGO_PKG_VERSION").to_owned()),
                    }),
                };
                Response::new_ok(id, result)
            }
            (Phase::Starting, _) => error(
                id,
                ErrorCode::ServerNotInitialized,
                "the server is not initialized yet",
            ),
            (Phase::ShutDown, _) => error(
                id,
                ErrorCode::InvalidRequest,
                "the server is shut down: only `exit` is expected",
            ),
            (Phase::Running, Initialize::METHOD) => error(
                id,
                ErrorCode::InvalidRequest,
                "the server is initialized already",
            ),
            (Phase::Running, Shutdown::METHOD) => {
                self.phase = Phase::ShutDown;
                Response::new_ok(id, ())
            }
            (Phase::Running, HoverRequest::METHOD) => {
                match serde_json::from_value::<HoverParams>(request.params) {
                    Ok(params) => Response::new_ok(id, self.hover(&params)),
                    Err(err) => invalid_params(id, &err),
                }
            }
            (Phase::Running, CodeActionRequest::METHOD) => {
                match serde_json::from_value::<CodeActionParams>(request.params) {
                    Ok(params) => Response::new_ok(id, self.code_actions(&params)),
                    Err(err) => invalid_params(id, &err),
                }
            }
            (Phase::Running, method) => error(
                id,
                ErrorCode::MethodNotFound,
                &format!("mcpvet does not answer `{method}`"),
            ),
        }
    }

    /// Reads what the server needs of the client's capabilities: whether hovers may be
    /// Markdown.
    fn initialize(&mut self, params: &Value) {
        if let Some(formats) = params
            .pointer("/capabilities/textDocument/hover/contentFormat")
            .and_then(Value::as_array)
        {
            self.markdown = formats.iter().any(|f| f == "markdown");
        }
    }

    fn notification(&mut self, notification: Notification) {
        if notification.method == Exit::METHOD {
            self.ending = Some(if self.phase == Phase::ShutDown {
                Ending::Exit
            } else {
                Ending::ExitWithoutShutdown
            });
            return;
        }
        if self.phase != Phase::Running {
            return;
        }
        // Malformed parameters of a notification cannot be answered: the notification is
        // dropped.
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(params) =
                    serde_json::from_value::<DidOpenTextDocumentParams>(notification.params)
                {
                    let doc = params.text_document;
                    let path = uri_path(&doc.uri);
                    let attachment = attach(&path);
                    // The text of a document mcpvet does not read is not kept, nor edited.
                    let text = if attachment.is_some() {
                        doc.text
                    } else {
                        String::new()
                    };
                    self.documents.insert(
                        doc.uri.as_str().to_owned(),
                        Document {
                            uri: doc.uri,
                            path,
                            version: doc.version,
                            text,
                            attachment,
                            inspected: None,
                            published: false,
                        },
                    );
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(params) =
                    serde_json::from_value::<DidChangeTextDocumentParams>(notification.params)
                    && let Some(doc) = self.documents.get_mut(params.text_document.uri.as_str())
                    && doc.attachment.is_some()
                {
                    for change in params.content_changes {
                        apply_change(&mut doc.text, change);
                    }
                    doc.version = params.text_document.version;
                    doc.inspected = None;
                    doc.published = false;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(params) =
                    serde_json::from_value::<DidCloseTextDocumentParams>(notification.params)
                    && let Some(doc) = self.documents.remove(params.text_document.uri.as_str())
                    && doc.attachment.is_some()
                {
                    // Cleared on the next flush: a closed document shows no diagnostics.
                    self.closed.push(doc.uri);
                }
            }
            _ => {}
        }
    }

    /// Inspects the document `uri` unless its inspection is up to date.
    fn inspect(&mut self, uri: &str) {
        let Some(doc) = self.documents.get_mut(uri) else {
            return;
        };
        if doc.inspected.is_some() {
            return;
        }
        let Some(attachment) = doc.attachment else {
            doc.inspected = Some(Inspected::default());
            return;
        };
        let options = &self.options;
        // An inspection never panics on any input (the libraries are fuzzed); should one
        // still, the editor keeps its server and the document shows no findings.
        let report = catch_unwind(AssertUnwindSafe(|| {
            mcpvet_linter::inspect(attachment.kind, &doc.path, doc.text.as_bytes(), options)
        }))
        .ok()
        .and_then(Result::ok)
        .filter(|report| shows(attachment.gate, report));
        let report = report.map(|report| {
            let redactor = report.redactor();
            let diagnostics = convert::diagnostics(&report, &doc.uri, &self.rule_urls, &redactor);
            Shown {
                report,
                redactor,
                diagnostics,
            }
        });
        doc.inspected = Some(Inspected { report });
    }

    /// The shown inspection of the document `uri`, made now if the text changed since.
    fn shown(&mut self, uri: &Uri) -> Option<&Shown> {
        self.inspect(uri.as_str());
        self.documents
            .get(uri.as_str())?
            .inspected
            .as_ref()?
            .report
            .as_ref()
    }

    fn hover(&mut self, params: &HoverParams) -> Option<lsp_types::Hover> {
        let at = &params.text_document_position_params;
        let markdown = self.markdown;
        let shown = self.shown(&at.text_document.uri)?;
        if shown.report.kind != InputKind::Config {
            return None;
        }
        let offset = offset(shown.report.source.text(), at.position) as u32;
        convert::hover(&shown.report, offset, markdown, &shown.redactor)
    }

    fn code_actions(&mut self, params: &CodeActionParams) -> Vec<CodeActionOrCommand> {
        if let Some(only) = &params.context.only
            && !only.iter().any(|kind| {
                // The empty kind is every kind; quick fixes have no sub-kinds.
                let kind = kind.as_str();
                kind.is_empty() || kind == CodeActionKind::QUICKFIX.as_str()
            })
        {
            return Vec::new();
        }
        let uri = &params.text_document.uri;
        let Some(shown) = self.shown(uri) else {
            return Vec::new();
        };
        let text = shown.report.source.text();
        let from = offset(text, params.range.start) as u32;
        let to = offset(text, params.range.end) as u32;
        convert::code_actions(
            &shown.report,
            &shown.diagnostics,
            uri,
            (from.min(to), from.max(to)),
            &shown.redactor,
        )
        .into_iter()
        .map(CodeActionOrCommand::CodeAction)
        .collect()
    }
}

/// Whether the findings of `report` are shown, by the gate of its document's name.
fn shows(gate: Gate, report: &FileReport) -> bool {
    let holds_mcp = || {
        !report
            .diagnostics
            .iter()
            .any(|d| d.code() == mcpvet_ast::codes::NOT_MCP)
            || !report.servers.is_empty()
            || report.transcript.as_ref().is_some_and(|t| t.messages > 0)
    };
    match gate {
        Gate::Always => true,
        Gate::WhenMcp => holds_mcp(),
        Gate::Manifest => {
            holds_mcp()
                && mcpvet_json::parse(report.source.text(), &mcpvet_json::JsonOptions::jsonc())
                    .value
                    .root()
                    .is_some_and(|root| root.get("server").is_some())
        }
    }
}

fn publish(uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) -> Message {
    Message::Notification(Notification::new(
        PublishDiagnostics::METHOD.to_owned(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    ))
}

fn error(id: RequestId, code: ErrorCode, message: &str) -> Response {
    Response::new_err(id, code as i32, message.to_owned())
}

fn invalid_params(id: RequestId, err: &serde_json::Error) -> Response {
    error(
        id,
        ErrorCode::InvalidParams,
        &format!("invalid parameters: {err}"),
    )
}
