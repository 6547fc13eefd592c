//! Streamable HTTP: the checker assembles each HTTP exchange from the entries of a capture
//! (a HAR file's request and response entries with the messages of their bodies, a trace's
//! `http` events and the messages around them) and judges it once complete, with the state
//! of the session when it began ([`Before`]).
//!
//! An exchange is the client's half (its request's facts and messages), then the server's
//! half (its response's facts and messages): a client item after a server item, or a second
//! request, begins the next one. The HTTP layer never moves the phase: a `200` to an
//! `initialize` POST whose body the capture lacks is not a handshake.

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashSet};

use mcpvet_ast::transcript::{
    Direction, Entry, HttpFacts, HttpSide, HttpSource, JsonLeaf, Message,
    looks_like_initialize_result,
};
use mcpvet_diagnostics::{Findings, Reporter, Site};
use mcpvet_json::{JsonDocument, NodeId, Value, ValueKind};
use mcpvet_text::Span;

use super::LifecycleChecker;
use crate::exchange::{
    ArgValue, Before, ClientMessage, Event, Exchange, Header, Headers, Request, Response,
    ServerMessage, streamable,
};
use crate::flow::Kind;
use crate::key::Key;
use crate::phase::Init;
use crate::rules::{
    client_message_not_post, expired_session_not_reinitialized, http_accept_header,
    http_accepted_status, http_content_type_mismatch, http_header_mismatch, http_session_id,
    invalid_get_stream, invalid_protocol_version, missing_protocol_version_header, sse_event_id,
};
use crate::session::path_at;

/// Deepest `properties` nesting followed to find `x-mcp-header` annotations.
const SCHEMA_DEPTH: usize = 16;

/// The HTTP state of a capture: the exchange being assembled, and what the session's HTTP
/// layer has established so far.
#[derive(Debug, Default)]
pub(crate) struct HttpState {
    /// The capture records HTTP exchanges (an HTTP entry with facts was seen).
    active: bool,
    current: Option<Open>,
    /// The session id the server assigned.
    session_id: Option<Box<str>>,
    /// The capture shows this session's `initialize` exchange.
    handshake_seen: bool,
    /// A `404` answered a request that carried the session id: the next request must begin
    /// a new session. Where the `404` is.
    expired: Option<Site>,
    /// The SSE event ids the session's streams carried.
    event_ids: HashSet<Box<str>>,
    /// 2026: the `x-mcp-header` annotations of each tool's input schema (header name, the
    /// path of the argument), from the `tools/list` results seen.
    tool_headers: HashMap<Box<str>, Vec<Annotation>>,
    /// HAR: the node of the open exchange's `MCP-Protocol-Version` request header (its
    /// messages are in the same document).
    version_header: Option<NodeId>,
}

/// An `x-mcp-header` annotation: the header's name (after `Mcp-Param-`) and the path of the
/// argument it mirrors.
type Annotation = (Box<str>, Vec<Box<str>>);

#[derive(Debug)]
struct Open {
    exchange: Exchange,
    server_half: bool,
}

impl HttpState {
    /// Whether the capture records HTTP exchanges.
    pub(crate) fn active(&self) -> bool {
        self.active
    }

    /// The `MCP-Protocol-Version` header of the open HAR exchange's request, read from
    /// `doc` (the document of its messages).
    pub(crate) fn version_header<'d>(&self, doc: &'d JsonDocument<'_>) -> Option<(Span, &'d str)> {
        let node = self.version_header?;
        let value = doc.value(node);
        Some((value.span(), value.raw_str()?))
    }

    /// Forgets what the HTTP layer established for the session (a new session begins).
    fn reset_session(&mut self) {
        self.session_id = None;
        self.handshake_seen = false;
        self.event_ids.clear();
        self.tool_headers.clear();
    }
}

fn site(doc: &JsonDocument<'_>, span: Span) -> Site {
    Site::new(span, path_at(doc, span))
}

fn headers(facts: &HttpFacts, doc: &JsonDocument<'_>) -> Headers {
    Headers {
        list: facts
            .headers
            .iter()
            .map(|h| Header {
                name: h.name.value.to_ascii_lowercase().into(),
                value: h.value.value.as_str().into(),
                site: site(doc, h.value.span(doc)),
            })
            .collect(),
        complete: facts.source == HttpSource::Har && !facts.headers.is_empty(),
    }
}

fn leaf_site(leaf: Option<&JsonLeaf<impl Sized>>, doc: &JsonDocument<'_>, or: Span) -> Site {
    site(doc, leaf.map_or(or, |l| l.span(doc)))
}

impl LifecycleChecker {
    /// The current session's state, as an exchange beginning now sees it.
    fn before(&mut self, server: Option<&str>) -> Before {
        let s = self.session(server);
        let session = &self.sessions[s];
        Before {
            version: session.version,
            initialized: matches!(session.init, Init::Succeeded { .. }),
            handshake_seen: self.http.handshake_seen,
            session_id: self.http.session_id.clone(),
            expired: self.http.expired.is_some(),
        }
    }

    fn open(&mut self, server: Option<&str>) {
        let before = self.before(server);
        self.http.version_header = None;
        self.http.current = Some(Open {
            exchange: Exchange {
                before,
                request: None,
                client: Vec::new(),
                response: None,
                server: Vec::new(),
            },
            server_half: false,
        });
    }

    /// The open exchange for a client item: a new one after the server's half.
    fn client_half(&mut self, server: Option<&str>, findings: &mut Findings) -> &mut Open {
        if self.http.current.as_ref().is_some_and(|o| o.server_half) {
            self.close_exchange(server, findings);
        }
        if self.http.current.is_none() {
            self.open(server);
        }
        self.http.current.as_mut().expect("opened above")
    }

    /// An HTTP entry with facts (a HAR request or response, a trace `http` event).
    pub(super) fn http_entry(
        &mut self,
        entry: &Entry,
        facts: &HttpFacts,
        status: Option<&JsonLeaf<i64>>,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
    ) {
        if !facts.endpoint {
            return;
        }
        self.http.active = true;
        let server = entry.server.as_ref().map(|s| s.value.as_str());
        match facts.side {
            HttpSide::Request => {
                if self
                    .http
                    .current
                    .as_ref()
                    .is_some_and(|o| o.exchange.request.is_some())
                {
                    self.close_exchange(server, findings);
                }
                let open = self.client_half(server, findings);
                open.exchange.request = Some(Request {
                    index: entry.index,
                    site: leaf_site(
                        facts.method.as_ref().or(facts.url.as_ref()),
                        doc,
                        entry.span,
                    ),
                    method: facts
                        .method
                        .as_ref()
                        .map(|m| m.value.to_ascii_uppercase().into()),
                    headers: headers(facts, doc),
                    source: facts.source,
                });
                if facts.source == HttpSource::Har {
                    self.http.version_header =
                        facts.header("mcp-protocol-version").map(|h| h.value.node);
                }
            }
            HttpSide::Response => {
                if self
                    .http
                    .current
                    .as_ref()
                    .is_some_and(|o| o.exchange.response.is_some())
                {
                    self.close_exchange(server, findings);
                }
                if self.http.current.is_none() {
                    self.open(server);
                }
                let status_site = leaf_site(status, doc, entry.span);
                let body_site = facts
                    .mime_type
                    .as_ref()
                    .map_or_else(|| status_site.clone(), |m| site(doc, m.span(doc)));
                let events = facts
                    .events
                    .iter()
                    .map(|e| Event {
                        id: e
                            .id
                            .as_ref()
                            .map(|id| (id.value.as_str().into(), site(doc, id.span(doc)))),
                        name: e.event.as_ref().map(|n| n.value.as_str().into()),
                        site: e.event.as_ref().map_or_else(
                            || site(doc, doc.value(e.node).span()),
                            |n| site(doc, n.span(doc)),
                        ),
                    })
                    .collect();
                let open = self.http.current.as_mut().expect("opened above");
                open.server_half = true;
                open.exchange.response = Some(Response {
                    index: entry.index,
                    line: entry.line,
                    site: status_site,
                    status: status.map(|s| s.value),
                    headers: headers(facts, doc),
                    body: facts.body,
                    body_site,
                    mime_type: facts.mime_type.as_ref().map(|m| m.value.as_str().into()),
                    events,
                });
            }
        }
    }

    /// A wire message of an HTTP capture, before the message flow sees it: it joins the
    /// exchange of its side. An `initialize` sent by a POST without the session id, after a
    /// session began, starts a new session.
    pub(super) fn http_message(
        &mut self,
        entry: &Entry,
        message: &Message,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
    ) {
        let server = entry.server.as_ref().map(|s| s.value.as_str());
        let items: Vec<&Message> = match message {
            Message::Batch { items, .. } => items.iter().collect(),
            m => vec![m],
        };
        match entry.direction {
            Some(Direction::ClientToServer) => {
                let initialize = items
                    .iter()
                    .any(|m| matches!(m, Message::Request { method, .. } if method.value == "initialize"));
                self.client_half(server, findings);
                if initialize {
                    self.new_session_on_initialize(server, findings);
                }
                let modern = self.before(server).version.is_modern();
                let rows: Vec<ClientMessage> = items
                    .iter()
                    .filter_map(|m| self.client_message(entry, m, doc, modern))
                    .collect();
                if let Some(open) = self.http.current.as_mut() {
                    open.exchange.client.extend(rows);
                }
            }
            Some(Direction::ServerToClient) => {
                if self.http.current.is_none() {
                    self.open(server);
                }
                for m in &items {
                    if let Message::Response { result, .. } = m {
                        self.learn_tool_headers(doc.value(*result));
                    }
                }
                let open = self.http.current.as_mut().expect("opened above");
                open.server_half = true;
                for m in items {
                    let (kind, initialize_result) = match m {
                        Message::Request { .. } => (Kind::Request, false),
                        Message::Notification { .. } => (Kind::Notification, false),
                        Message::Response { result, .. } => (
                            Kind::Response,
                            looks_like_initialize_result(doc.value(*result)),
                        ),
                        Message::ErrorResponse { .. } => (Kind::Error, false),
                        Message::Invalid { .. } | Message::Batch { .. } => continue,
                    };
                    open.exchange.server.push(ServerMessage {
                        index: entry.index,
                        site: site(doc, doc.value(m.node()).span()),
                        kind,
                        initialize_result,
                    });
                }
            }
            None => {}
        }
    }

    /// An `initialize` in a request that does not carry the session id, after the session
    /// saw an `initialize`: the client begins a new session (after a `404`, or a
    /// reconnection), which the message flow must not read as a second `initialize`.
    fn new_session_on_initialize(&mut self, server: Option<&str>, findings: &mut Findings) {
        let without_id = self
            .http
            .current
            .as_ref()
            .and_then(|o| o.exchange.request.as_ref())
            .is_some_and(|r| r.headers.lacks("mcp-session-id"));
        let s = self.session(server);
        if without_id && !matches!(self.sessions[s].init, Init::NotSeen) {
            self.restart(server, findings);
            self.http.reset_session();
            let now = self.session(server);
            let version = self.sessions[now].version;
            if let Some(open) = self.http.current.as_mut() {
                open.exchange.before.version = version;
                open.exchange.before.initialized = false;
                open.exchange.before.handshake_seen = false;
                open.exchange.before.session_id = None;
            }
        }
    }

    /// What the exchange keeps of a client message.
    fn client_message(
        &self,
        entry: &Entry,
        m: &Message,
        doc: &JsonDocument<'_>,
        modern: bool,
    ) -> Option<ClientMessage> {
        let key = match m {
            Message::Request { id, .. } => Key::of(id),
            _ => None,
        };
        let (kind, method, params) = match m {
            Message::Request { method, params, .. } => (Kind::Request, Some(method), *params),
            Message::Notification { method, params, .. } => {
                (Kind::Notification, Some(method), *params)
            }
            Message::Response { .. } => (Kind::Response, None, None),
            Message::ErrorResponse { .. } => (Kind::Error, None, None),
            Message::Invalid { .. } | Message::Batch { .. } => return None,
        };
        let params = params.map(|p| doc.value(p));
        let name_member = match method.map(|m| m.value.as_str()) {
            Some("tools/call" | "prompts/get") => Some("name"),
            Some("resources/read") => Some("uri"),
            _ => None,
        };
        let name = name_member
            .and_then(|k| params?.get(k))
            .and_then(Value::as_str)
            .map(|s| s.as_ref().into());
        let mut mirrored = Vec::new();
        if modern
            && method.is_some_and(|m| m.value == "tools/call")
            && let Some(annotations) = name
                .as_deref()
                .and_then(|n: &str| self.http.tool_headers.get(n))
        {
            let arguments = params.and_then(|p| p.get("arguments"));
            for (header, path) in annotations {
                let mut at = arguments;
                for key in path {
                    at = at.and_then(|v| v.get(key));
                }
                mirrored.push((header.clone(), at.and_then(arg_value)));
            }
        }
        Some(ClientMessage {
            index: entry.index,
            kind,
            method: method.map(|m| m.value.as_str().into()),
            site: site(
                doc,
                method.map_or_else(|| doc.value(m.node()).span(), |m| m.span(doc)),
            ),
            name,
            params: mirrored,
            key,
        })
    }

    /// Records the `x-mcp-header` annotations of the tools of a `tools/list` result.
    fn learn_tool_headers(&mut self, result: Value<'_>) {
        let Some(tools) = result.get("tools").filter(|t| t.kind() == ValueKind::Array) else {
            return;
        };
        for tool in tools.items() {
            let Some(name) = tool.get("name").and_then(Value::as_str) else {
                continue;
            };
            let mut found = Vec::new();
            if let Some(schema) = tool.get("inputSchema") {
                annotations(schema, &mut Vec::new(), &mut found);
            }
            if found.is_empty() {
                self.http.tool_headers.remove(name.as_ref());
            } else {
                self.http.tool_headers.insert(name.as_ref().into(), found);
            }
        }
    }

    /// Closes the open exchange, if any: judges it, then records what it established.
    pub(super) fn close_exchange(&mut self, server: Option<&str>, findings: &mut Findings) {
        let Some(open) = self.http.current.take() else {
            return;
        };
        self.http.version_header = None;
        let ex = open.exchange;
        let before = &ex.before;
        if !streamable(before.version) {
            let index = ex.response.as_ref().map_or(0, |r| r.index);
            invalid_get_stream::check_legacy_sse(&ex, &mut Reporter::for_message(findings, index));
            return;
        }
        let modern = before.version.is_modern();
        let index = ex.index().unwrap_or(0);
        let request_index = ex.request.as_ref().map_or(index, |r| r.index);
        let response_index = ex.response.as_ref().map_or(index, |r| r.index);
        if let Some(request) = &ex.request {
            let mut report = Reporter::for_message(findings, request.index);
            // 2026-07-28 has no `GET` stream: `invalid-get-stream` judges a `GET` there.
            if !(modern && request.is("GET")) {
                http_accept_header::check(request, &mut report);
            }
            missing_protocol_version_header::check(&ex, request, &mut report);
            client_message_not_post::check(&ex, &mut report);
            if modern {
                http_header_mismatch::check(&ex, request, &mut report);
            }
        }
        http_content_type_mismatch::check(
            &ex,
            &mut Reporter::for_message(findings, response_index),
        );
        http_accepted_status::check(&ex, &mut Reporter::for_message(findings, response_index));
        http_session_id::check(&ex, &mut Reporter::for_message(findings, request_index));
        invalid_get_stream::check(&ex, &mut Reporter::for_message(findings, response_index));
        sse_event_id::check(
            &ex,
            &self.http.event_ids,
            &mut Reporter::for_message(findings, response_index),
        );
        if !modern
            && ex.request.is_some()
            && let Some(expired) = self.http.expired.take()
        {
            expired_session_not_reinitialized::check(
                &ex,
                &expired,
                &mut Reporter::for_message(findings, request_index),
            );
        }
        // A HAR request without messages (GET, DELETE): its version header is compared with
        // the negotiated version here (the messages' headers are, by the message flow).
        if let Some(request) = &ex.request
            && request.source == HttpSource::Har
            && ex.client.is_empty()
            && let Some(h) = request.headers.get("mcp-protocol-version")
        {
            let s = self.session(server);
            let session = &self.sessions[s];
            if matches!(session.init, Init::Succeeded { .. })
                && session.initialized
                && let Some(expected) = session.negotiated.as_deref()
            {
                invalid_protocol_version::check_header(
                    &h.value,
                    h.site.span(),
                    expected,
                    "negotiated protocol version",
                    &mut Reporter::for_message(findings, request.index),
                );
            }
        }
        // A request answered with an HTTP error and no JSON-RPC response failed: the
        // transport answered it.
        if let Some(status) = ex.response.as_ref().and_then(|r| r.status)
            && status >= 400
        {
            let s = self.session(server);
            let line = ex.response.as_ref().map_or(0, |r| r.line);
            for c in &ex.client {
                if let Some(key) = &c.key {
                    self.sessions[s].http_failed(key, line);
                }
            }
        }
        // What the exchange established.
        if modern {
            return;
        }
        self.http.handshake_seen |= ex.initialize().is_some() || ex.initialize_result();
        if let Some(h) = ex
            .response
            .as_ref()
            .and_then(|r| r.headers.get("mcp-session-id"))
            && (ex.before.session_id.is_none() || ex.initialize().is_some())
        {
            self.http.session_id = Some(h.value.clone());
        }
        if let (Some(request), Some(response)) = (&ex.request, &ex.response)
            && response.status == Some(404)
            && request.headers.get("mcp-session-id").is_some()
        {
            self.http.expired = Some(response.site.clone());
        }
        for e in ex.response.iter().flat_map(|r| &r.events) {
            if let Some((id, _)) = &e.id {
                self.http.event_ids.insert(id.clone());
            }
        }
    }
}

/// An argument as a header mirrors it (`None`: absent or `null`).
fn arg_value(v: Value<'_>) -> Option<ArgValue> {
    match v.kind() {
        ValueKind::Null => None,
        ValueKind::String => v.as_str().map(|s| ArgValue::Str(s.as_ref().into())),
        ValueKind::Bool => v.as_bool().map(ArgValue::Bool),
        ValueKind::Number => Some(
            v.as_number()
                .filter(|n| n.is_integral())
                .map_or(ArgValue::Other, |n| ArgValue::Int(n.as_f64())),
        ),
        _ => Some(ArgValue::Other),
    }
}

/// The `x-mcp-header` annotations under `schema`, reached through `properties`.
fn annotations(schema: Value<'_>, path: &mut Vec<Box<str>>, out: &mut Vec<Annotation>) {
    if schema.kind() != ValueKind::Object || path.len() > SCHEMA_DEPTH {
        return;
    }
    if !path.is_empty()
        && let Some(h) = schema.get("x-mcp-header").and_then(Value::as_str)
    {
        out.push((h.as_ref().into(), path.clone()));
    }
    if let Some(properties) = schema
        .get("properties")
        .filter(|p| p.kind() == ValueKind::Object)
    {
        for member in properties.members() {
            path.push(member.key_str().as_ref().into());
            annotations(member.value, path, out);
            path.pop();
        }
    }
}
