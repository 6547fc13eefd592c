//! Captured sessions: every supported capture format read into one [`Transcript`] of
//! [`Entry`]s, each with its position, its direction (and how that is known) and the JSON-RPC
//! [`Message`] it holds.
//!
//! ```
//! use mcpvet_ast::transcript::{read_transcript, Direction, EntryKind, InputFormat, Message};
//!
//! let text = concat!(
//!     r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, "\n",
//!     "Starting server...\n",
//!     r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#, "\n",
//! );
//! let outcome = read_transcript(text, Some("session.jsonl"), None);
//! assert!(outcome.diagnostics.is_empty());
//! let transcript = outcome.value;
//! assert_eq!(transcript.format(), InputFormat::JsonLines);
//! let entries = transcript.entries();
//! assert_eq!(entries.len(), 3);
//! assert!(matches!(entries[0].kind, EntryKind::Message(Message::Request { .. })));
//! assert_eq!(entries[0].direction, Some(Direction::ClientToServer)); // from the method table
//! assert!(matches!(entries[1].kind, EntryKind::NonProtocol { .. })); // stdout pollution
//! assert_eq!((entries[1].index, entries[2].index), (1, 1));
//! assert_eq!(entries[2].direction, Some(Direction::ServerToClient)); // answers request 1
//! assert_eq!(transcript.server_lists().len(), 1);
//! ```
//!
//! # Design
//!
//! - **One document.** All JSON of a capture is parsed once into one
//!   [`JsonDocument`] (with
//!   [`parse_ranges`](mcpvet_json::parse_ranges) over the JSON part of each line), owned by the
//!   transcript; entries refer to nodes by [`NodeId`], and every span is relative to the start
//!   of the file.
//! - **One position per leaf.** A leaf read from a JSON value keeps its node only, its span
//!   read from the document when needed ([`JsonLeaf`], [`RequestId::span`]); a leaf read from
//!   text outside any JSON value (an entry's span, a log line's prefix, non-protocol text)
//!   keeps its span only; a [`TextField`] is one or the other. Moving a transcript read from
//!   a piece of a file to its place ([`Transcript::rebase`]) moves the document and the text
//!   spans, nothing else.
//! - **Facts, not judgements.** Lowering classifies messages (§2.1 of the protocol notes) and
//!   records the quirks of ids (`1` vs `"1"`, `1.0`, `1.5`, `null`, beyond 2^53 − 1) but emits
//!   no protocol finding; the check crates turn these facts into `MCP4xx` rules. Lowering only
//!   reports what stops it from reading the capture: `MCP009` (a recognised but unsupported
//!   capture format), `MCP010` (nothing looks like a session), `MCP011`/`MCP012` (envelope
//!   structure, e.g. a trace event without `payload`), plus the parser's syntax findings.
//! - **Judged by most of its lines.** A file that is not a capture (prose, Markdown, an HTML
//!   page, a CSV table, JSON of an unknown shape) gets one `MCP009` or `MCP010` saying what
//!   it looks like and how many JSON-RPC messages it holds, and nothing else: its
//!   [`DetectedBy::Refused`] detection tells the checks not to run on it. A capture with text
//!   between its messages (stdout pollution, a stack trace) is still a capture.
//! - **Never stops.** Lines that are not protocol messages (banners, stack traces, log text,
//!   `Starting server...` printed on stdout) become [`EntryKind::NonProtocol`] entries at their
//!   exact span; reading goes on.
//! - **Streaming-friendly.** The per-line logic lives in [`line`](mod@line) and works on one line with a
//!   base offset; message lowering works on any JSON node.
//!
//! # Message indices
//!
//! [`Entry::index`] counts protocol messages only (0-based): [`EntryKind::Message`],
//! [`EntryKind::Abbreviated`] and [`EntryKind::Reconstructed`] entries get consecutive indices.
//! An entry of another kind (non-protocol text, a lifecycle or HTTP event) carries the index
//! the *next* message will get, so it sorts between its neighbours and a finding about it can
//! still name a position in the session. A batch is one message.

mod cassette;
mod clientlog;
mod derive;
mod detect;
mod dump;
mod har;
mod http;
mod leaf;
pub mod line;
mod message;
mod methods;
mod pairing;
mod protocol;
mod proxy;
mod read;
mod rebase;
mod records;
mod refuse;
mod runlog;
#[cfg(feature = "testing")]
mod testing;

use std::fmt;
use std::str::FromStr;

use mcpvet_json::{JsonDocument, NodeId, Value};
use mcpvet_text::{Span, Spanned};

pub use clientlog::ServerEvent;
pub use http::{
    Body, HttpFacts, HttpHeader, HttpSide, HttpSource, SseEvent, endpoint_of, media_type,
};
pub use leaf::{JsonLeaf, Origin, TextField};
pub use message::{
    ErrorCode, ErrorObject, IdKey, IdValue, InvalidReason, Message, NumericId, RequestId,
};
pub use methods::{Direction, MethodDirection, method_direction};
pub use protocol::{
    ProtocolVersion, UnknownProtocolVersion, VersionDetection, VersionScan, VersionSource,
    detect_version, looks_like_initialize_result,
};
pub use read::{read_array_elements, read_transcript};
pub use runlog::{RunEvent, RunSyntax};
#[cfg(feature = "testing")]
pub use testing::{
    check_invariants, check_reading, fuzz_client_log, fuzz_http_capture, fuzz_transcript,
    fuzz_transcript_with, har_around,
};

/// A captured session: the parsed JSON of the whole capture and the entries read from it.
#[derive(Debug)]
pub struct Transcript<'a> {
    document: JsonDocument<'a>,
    entries: Vec<Entry>,
    links: Vec<Link>,
    detection: Detection,
    /// When the capture was read through a derived JSON text: the map back to the file.
    derivation: Option<Derivation>,
}

/// How a capture that is not JSON as written was read: through the JSON text it denotes
/// (a YAML document; an HTTP cassette whose JSON-RPC bodies are strings, read with the bodies
/// inlined), and the map from that text back to the file.
#[derive(Debug, Clone)]
pub struct Derivation {
    /// What was derived, for the detection reason: `"written in YAML"`, `"bodies read as
    /// JSON"`, or both.
    pub from: String,
    /// Spans of [`Transcript::text`] to spans of the file.
    pub map: mcpvet_text::SourceMap,
}

impl<'a> Transcript<'a> {
    /// The JSON of the capture (one root per JSON part, in source order).
    pub fn document(&self) -> &JsonDocument<'a> {
        &self.document
    }

    /// The text the entries and the document's spans point into: the file as given, or,
    /// for a capture read through a derived text (see [`Self::derivation`]), that text.
    pub fn text(&self) -> &str {
        self.document.text()
    }

    /// How the capture was read when it was not read as written: a YAML document through the
    /// JSON it denotes, an HTTP cassette with its bodies inlined. The spans of the entries,
    /// of the document and of every finding made on them are then offsets in
    /// [`Self::text`]; `map` turns them into offsets in the file. The diagnostics of
    /// [`read_transcript`] are already in the file's offsets.
    pub fn derivation(&self) -> Option<&Derivation> {
        self.derivation.as_ref()
    }

    /// Every entry, in source order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The view of a node of [`Self::document`].
    ///
    /// # Panics
    ///
    /// When `id` does not come from this transcript.
    pub fn value(&self, id: NodeId) -> Value<'_> {
        self.document.value(id)
    }

    /// Request/response pairs found while reading: by id for wire messages (scoped per
    /// server and direction), by the capture's own correlation for reconstructed entries.
    /// Sorted by response.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The format that was read and how it was chosen.
    pub fn detection(&self) -> &Detection {
        &self.detection
    }

    /// The format that was read.
    pub fn format(&self) -> InputFormat {
        self.detection.format
    }

    /// Whether detection refused the file (see [`DetectedBy::Refused`]): it is not a capture
    /// mcpvet reads, and checks should not run on its entries.
    pub fn is_refused(&self) -> bool {
        self.detection.by == DetectedBy::Refused
    }

    /// The entries that are protocol messages.
    pub fn messages(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.entries.iter().filter(|e| e.kind.is_message())
    }

    /// Number of protocol messages.
    pub fn message_count(&self) -> usize {
        self.messages().count()
    }

    /// The request a response answers, from [`Self::links`]. O(log n).
    pub fn request_of(&self, response: MessageRef) -> Option<MessageRef> {
        let i = self.links.partition_point(|l| l.response < response);
        self.links
            .get(i)
            .filter(|l| l.response == response)
            .map(|l| l.request)
    }

    /// The method a message names, or for a response the method of the request it answers:
    /// wire methods for [`EntryKind::Message`] and [`EntryKind::Abbreviated`], the wire
    /// equivalent for [`EntryKind::Reconstructed`].
    pub fn method_of(&self, at: MessageRef) -> Option<&str> {
        let own = self.own_method(at);
        if own.is_some() {
            return own;
        }
        self.request_of(at).and_then(|r| self.own_method(r))
    }

    fn own_method(&self, at: MessageRef) -> Option<&str> {
        let entry = self.entries.get(at.entry)?;
        match (&entry.kind, at.item) {
            (EntryKind::Message(Message::Batch { items, .. }), Some(i)) => {
                items.get(i)?.method().map(|m| m.value.as_str())
            }
            (EntryKind::Message(m), None) => m.method().map(|m| m.value.as_str()),
            (EntryKind::Abbreviated(a), None) => a.method.as_ref().map(|m| m.value.as_str()),
            (EntryKind::Reconstructed(r), None) => r.method,
            _ => None,
        }
    }

    /// Every list a server returned (`tools/list`, `prompts/list`, `resources/list`,
    /// `resources/templates/list`), from wire responses (matched with the request they answer)
    /// and from reconstructed entries alike, so schema checks read one shape.
    pub fn server_lists(&self) -> Vec<ServerList> {
        let mut out = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            match &entry.kind {
                EntryKind::Message(Message::Response { result, .. }) => {
                    self.push_list(&mut out, MessageRef::entry(i), *result);
                }
                EntryKind::Message(Message::Batch { items, .. }) => {
                    for (j, item) in items.iter().enumerate() {
                        if let Message::Response { result, .. } = item {
                            self.push_list(
                                &mut out,
                                MessageRef {
                                    entry: i,
                                    item: Some(j),
                                },
                                *result,
                            );
                        }
                    }
                }
                EntryKind::Reconstructed(r) => {
                    let (Some(method), Some(body)) = (r.method, r.body) else {
                        continue;
                    };
                    let Some(member) = methods::list_member(method) else {
                        continue;
                    };
                    let items = match body {
                        RecordBody::Items(node) => Some(self.value(node)),
                        RecordBody::Result(node) => self.value(node).get(member),
                        RecordBody::Error(_) => None,
                    };
                    if let Some(items) = items.filter(|v| v.kind() == mcpvet_json::ValueKind::Array)
                    {
                        out.push(ServerList {
                            at: MessageRef::entry(i),
                            method,
                            items: items.id(),
                        });
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn push_list(&self, out: &mut Vec<ServerList>, at: MessageRef, result: NodeId) {
        let Some(request) = self.request_of(at) else {
            return;
        };
        let Some(method) = self.own_method(request).and_then(methods::known_method) else {
            return;
        };
        let Some(member) = methods::list_member(method) else {
            return;
        };
        if let Some(items) = self
            .value(result)
            .get(member)
            .filter(|v| v.kind() == mcpvet_json::ValueKind::Array)
        {
            out.push(ServerList {
                at,
                method,
                items: items.id(),
            });
        }
    }
}

/// One entry of a transcript: a protocol message, or a line or event around them.
#[derive(Debug, Clone)]
pub struct Entry {
    /// 0-based message index (see the [module docs](self#message-indices)): consecutive over
    /// protocol messages; other entries carry the index of the next message.
    pub index: u32,
    /// The bytes of the entry: the line (without its line break) in line-based formats, the
    /// element or member in whole-file formats. The response nested in an Inspector history
    /// entry has the span of the `response` value, inside its request's span.
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// The timestamp, as written, when the format has one: a member of the envelope or
    /// record, or the start of a log line.
    pub timestamp: Option<TextField>,
    /// The server name, when the log or capture names one (a log line's bracket, a
    /// signature's `serverInfo.name`).
    pub server: Option<TextField>,
    /// The log level (`info`, `error`...), in client logs.
    pub level: Option<Spanned<String>>,
    /// The envelope object around the message (a trace event, an Inspector history entry, an
    /// SDK record or call, a server signature), so checks can point at its fields.
    pub envelope: Option<NodeId>,
    /// Who sent it, when known.
    pub direction: Option<Direction>,
    /// Where [`Self::direction`] comes from.
    pub direction_source: DirectionSource,
    /// The JSON of this entry spans several lines of a line-based capture (a pretty-printed
    /// message, which stdio framing forbids); the lines were joined to read it.
    pub multi_line: bool,
    /// What the entry holds.
    pub kind: EntryKind,
}

impl Entry {
    /// Whether this entry is a protocol message (it has its own message index).
    pub fn is_message(&self) -> bool {
        self.kind.is_message()
    }

    /// The wire message, for [`EntryKind::Message`] entries.
    pub fn message(&self) -> Option<&Message> {
        match &self.kind {
            EntryKind::Message(m) => Some(m),
            _ => None,
        }
    }
}

/// What an [`Entry`] holds.
#[derive(Debug, Clone)]
pub enum EntryKind {
    /// A JSON-RPC message as it went over the wire.
    Message(Message),
    /// A log line naming a message without its body (newer Claude Desktop builds:
    /// `Message from client: method="tools/list" id=1 params`): ids still pair, schemas cannot
    /// be checked.
    Abbreviated(Abbreviated),
    /// A message rebuilt from a capture that does not record wire JSON-RPC (SDK-level
    /// captures, server signatures): not subject to wire-format checks, but its results (tool
    /// lists, schemas) are real data.
    Reconstructed(Reconstructed),
    /// Text that is not a protocol message: a banner, a stack trace, a log line, output
    /// printed on stdout.
    NonProtocol {
        /// The text (the line without its line break).
        text: Span,
    },
    /// A transport lifecycle event: a trace event of kind `lifecycle`, or a line of a
    /// client's log that says the server was started, connected, listed its tools, exited
    /// or was stopped (VS Code, Cursor).
    Lifecycle {
        /// The event as the capture names it: a trace's `event` member (`transport-open`,
        /// `transport-close`...) when it is a string, read from JSON; the words of a log line
        /// that say it (`Connection state: Error Process exited with code 1`), read from
        /// text.
        event: Option<TextField>,
        /// What a client log line says happened; `None` for a trace event, whose `event`
        /// names it.
        server_event: Option<ServerEvent>,
    },
    /// An HTTP observation: a trace event of kind `http`, a request or a response of a HAR
    /// file, an HTTP interaction of a cassette without messages.
    Http {
        /// The status (a trace's `status` member, a HAR response's `status`, a cassette's
        /// `response_status`), when it is an integer.
        status: Option<JsonLeaf<i64>>,
        /// What the capture says about the HTTP message (method, URL, headers, body, events),
        /// for trace events and HAR files; `None` for cassettes.
        http: Option<Box<HttpFacts>>,
    },
    /// An event of a run-phase event log (`spawned`, `initialize_received`,
    /// `external_attempt`...), known or not; the whole event is its node (and the entry's
    /// envelope), so any field can be read.
    RunEvent(RunEvent),
}

impl EntryKind {
    /// Whether this is a protocol message.
    pub fn is_message(&self) -> bool {
        matches!(
            self,
            EntryKind::Message(_) | EntryKind::Abbreviated(_) | EntryKind::Reconstructed(_)
        )
    }
}

/// A message named by a log line without its body.
#[derive(Debug, Clone)]
pub struct Abbreviated {
    /// What the line says it is.
    pub kind: AbbreviatedKind,
    /// The `method=` value: when quoted, a JSON string (decoded; its span includes the
    /// quotes), else the text.
    pub method: Option<TextField>,
    /// The `id=` value, parsed as JSON (its type is kept: `id=1` is not `id="1"`).
    pub id: Option<RequestId>,
    /// The other words: `params`, `result`, `error`, unknown `key=value` pairs.
    pub words: Vec<Spanned<String>>,
}

/// The kind of an [`Abbreviated`] message, from the fields the line has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbbreviatedKind {
    /// `method` and `id`.
    Request,
    /// `method` without `id`.
    Notification,
    /// `id` and `result` (or `id` alone).
    Response,
    /// `id` and `error`.
    ErrorResponse,
}

impl AbbreviatedKind {
    /// `request`, `notification`, `response` or `error`.
    pub const fn name(self) -> &'static str {
        match self {
            AbbreviatedKind::Request => "request",
            AbbreviatedKind::Notification => "notification",
            AbbreviatedKind::Response => "response",
            AbbreviatedKind::ErrorResponse => "error",
        }
    }
}

/// A message rebuilt from a capture that does not record wire JSON-RPC.
///
/// Such captures hold SDK objects, not wire messages: method names are SDK call names
/// (`list_tools`), there is no `jsonrpc` and no request id, results carry `_type` members and
/// write absent optional fields as `null`. They are represented honestly: no wire [`Message`]
/// is invented, so wire-format checks do not fire, while the result objects stay available to
/// schema checks (see [`Transcript::server_lists`]).
#[derive(Debug, Clone)]
pub struct Reconstructed {
    /// The capture it comes from.
    pub source: RecordSource,
    /// Request, response or error.
    pub role: RecordRole,
    /// The method as the capture writes it (`list_tools`, or for a signature the member name
    /// such as `tools`).
    pub recorded_method: Option<JsonLeaf<String>>,
    /// The wire method it stands for (`tools/list`), when known.
    pub method: Option<&'static str>,
    /// The capture's own correlation key (the `count` of an SDK record), as written.
    pub correlation: Option<JsonLeaf<String>>,
    /// The call's positional arguments (`args`), e.g. `["read_file", {"path": …}]`.
    pub params: Option<NodeId>,
    /// The call's keyword arguments (`kwargs`).
    pub kwargs: Option<NodeId>,
    /// The result or error.
    pub body: Option<RecordBody>,
}

/// Which capture a [`Reconstructed`] entry comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordSource {
    /// An SDK-level capture (explore-mcp): records of client calls and their results.
    SdkCapture,
    /// A server signature (mcp-scan): the initialize result and the lists a server returned.
    ServerSignature,
}

/// The role of a [`Reconstructed`] entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordRole {
    /// A call made by the client.
    Request,
    /// A result returned by the server.
    Response,
    /// An error returned for a call.
    ErrorResponse,
}

impl RecordRole {
    /// `request`, `response` or `error`.
    pub const fn name(self) -> &'static str {
        match self {
            RecordRole::Request => "request",
            RecordRole::Response => "response",
            RecordRole::ErrorResponse => "error",
        }
    }
}

/// The body of a [`Reconstructed`] response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordBody {
    /// A result object shaped like the wire result (`{"tools": [...], ...}`), possibly with
    /// SDK extras (`_type`, `null` for absent fields).
    Result(NodeId),
    /// The bare list of items (a signature's `tools` array): what a list result's member
    /// (`tools`, `prompts`, `resources`, `resourceTemplates`) would hold.
    Items(NodeId),
    /// An error value.
    Error(NodeId),
}

/// How the direction of an [`Entry`] is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DirectionSource {
    /// Stated by the capture for this entry: the trace envelope's `direction`, the Claude
    /// Desktop log's `Message from client|server`, the Inspector entry's `origin`, a proxy
    /// log's direction header, a cassette's request or response.
    Explicit,
    /// Implied by the capture format: an SDK capture records the client's calls and the
    /// server's results; a server signature holds what the server returned.
    Format,
    /// Inferred from the method catalogue: the method travels one way only.
    MethodTable,
    /// Inferred from another message: a response travels opposite to the request it answers;
    /// `notifications/cancelled` goes the way of the request it cancels,
    /// `notifications/progress` the other way; a `ping` is sent by the side whose request
    /// ids it continues.
    Pairing,
    /// Could be either: the method goes both ways (`ping`, `notifications/progress`...), or
    /// several pending requests of both directions match, and nothing decided it.
    Ambiguous,
    /// Nothing to go on: an unknown method, a response to no known request, an invalid
    /// message, non-protocol text.
    Unknown,
}

impl DirectionSource {
    /// Whether the direction is inferred (from the method table or from pairing) rather than
    /// stated or implied by the capture.
    pub const fn is_inferred(self) -> bool {
        matches!(
            self,
            DirectionSource::MethodTable | DirectionSource::Pairing
        )
    }

    /// A short name: `explicit`, `format`, `method-table`, `pairing`, `ambiguous`, `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            DirectionSource::Explicit => "explicit",
            DirectionSource::Format => "format",
            DirectionSource::MethodTable => "method-table",
            DirectionSource::Pairing => "pairing",
            DirectionSource::Ambiguous => "ambiguous",
            DirectionSource::Unknown => "unknown",
        }
    }
}

/// A message of a transcript: an entry, and for a batch the element inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MessageRef {
    /// Index into [`Transcript::entries`].
    pub entry: usize,
    /// Index of the element inside a batch.
    pub item: Option<usize>,
}

impl MessageRef {
    /// The whole entry `entry`.
    pub const fn entry(entry: usize) -> MessageRef {
        MessageRef { entry, item: None }
    }
}

/// A request and the response that answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// The request.
    pub request: MessageRef,
    /// The response (or error response).
    pub response: MessageRef,
}

/// A list a server returned (see [`Transcript::server_lists`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerList {
    /// The response (or reconstructed entry) holding it.
    pub at: MessageRef,
    /// `tools/list`, `prompts/list`, `resources/list` or `resources/templates/list`.
    pub method: &'static str,
    /// The array of items.
    pub items: NodeId,
}

/// A capture format, for detection and for a future `--input-format` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// `json-array`: the whole file is one JSON array of messages (an element that is an
    /// array is a batch).
    JsonArray,
    /// `json-lines`: one raw JSON-RPC message per line (a line may be a batch array); text
    /// lines in between are stdout pollution.
    JsonLines,
    /// `trace`: one trace event per line, `{"seq","direction","transport","kind","payload"}`
    /// (mcp-trace-validator), including `lifecycle` and `http` events.
    Trace,
    /// `claude-desktop-log`: Claude Desktop `mcp*.log` lines, full and abbreviated.
    ClaudeDesktopLog,
    /// `vscode-log`: VS Code's MCP output channel (`Connection state: Running`, `Discovered
    /// 4 tools`, the messages at debug level).
    VsCodeLog,
    /// `cursor-log`: Cursor's MCP logs (`Starting new stdio process with command: …`,
    /// `Client closed for command`, `Found 4 tools`).
    CursorLog,
    /// `inspector-export`: an MCP Inspector history export, an array of entries with
    /// `direction`, `origin`, `timestamp`, `message`, `response`, `duration`.
    InspectorExport,
    /// `sdk-capture`: SDK-level captures (explore-mcp): request/response records or sessions
    /// of calls, not wire JSON-RPC.
    SdkCapture,
    /// `server-signature`: a server signature (mcp-scan): the initialize result and the
    /// prompts/resources/tools lists.
    ServerSignature,
    /// `proxy-log`: a logging proxy's log: direction headers (`CLIENT -> SERVER`, `>>>`,
    /// `STDIN:`...) each followed by a JSON-RPC message, possibly pretty-printed over many
    /// lines; other text is the proxy's own log.
    ProxyLog,
    /// `json-stream`: JSON-RPC messages as concatenated JSON values, not one per line
    /// (`{...}{...}`, or pretty-printed values back to back), with text between them.
    JsonStream,
    /// `cassette`: a recorder cassette (mcp-recorder, agent-vcr): a JSON document of recorded
    /// interactions, each a request and its response.
    Cassette,
    /// `runlog`: a run-phase event log written by a server, a client or a wrapper: one event
    /// (`run_id`, `server_name`, `pid`, `phase`, `event`, `at`...) per JSON line, or
    /// `key=value` lines (one event per line, or one field per line in blocks separated by
    /// blank lines), with any JSON-RPC messages of the run among them.
    RunLog,
    /// `har`: an HTTP Archive (HAR 1.2) of a Streamable HTTP session, as browsers and
    /// proxies export it: each exchange with the MCP endpoint read as its HTTP facts and the
    /// JSON-RPC messages of its bodies.
    Har,
}

impl InputFormat {
    /// Every format, in documentation order.
    pub const ALL: [InputFormat; 14] = [
        InputFormat::JsonArray,
        InputFormat::JsonLines,
        InputFormat::Trace,
        InputFormat::ClaudeDesktopLog,
        InputFormat::VsCodeLog,
        InputFormat::CursorLog,
        InputFormat::InspectorExport,
        InputFormat::SdkCapture,
        InputFormat::ServerSignature,
        InputFormat::ProxyLog,
        InputFormat::JsonStream,
        InputFormat::Cassette,
        InputFormat::RunLog,
        InputFormat::Har,
    ];

    /// The kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            InputFormat::JsonArray => "json-array",
            InputFormat::JsonLines => "json-lines",
            InputFormat::Trace => "trace",
            InputFormat::ClaudeDesktopLog => "claude-desktop-log",
            InputFormat::VsCodeLog => "vscode-log",
            InputFormat::CursorLog => "cursor-log",
            InputFormat::InspectorExport => "inspector-export",
            InputFormat::SdkCapture => "sdk-capture",
            InputFormat::ServerSignature => "server-signature",
            InputFormat::ProxyLog => "proxy-log",
            InputFormat::JsonStream => "json-stream",
            InputFormat::Cassette => "cassette",
            InputFormat::RunLog => "runlog",
            InputFormat::Har => "har",
        }
    }

    /// Parses a name or a common alias (`jsonl`, `ndjson`, `claude-log`, `vscode-mcp-log`,
    /// `cursor-mcp-log`, `inspector`, `explore-mcp`, `mcp-scan`, `trace-jsonl`, `proxy`,
    /// `concatenated-json`, `mcp-recorder`, `agent-vcr`, `vcr`, `run-log`, `run-events`,
    /// `http-archive`).
    pub fn from_name(name: &str) -> Option<InputFormat> {
        let format = match name {
            "json-array" | "array" => InputFormat::JsonArray,
            "json-lines" | "jsonl" | "ndjson" => InputFormat::JsonLines,
            "trace" | "trace-jsonl" | "trace-envelope" => InputFormat::Trace,
            "claude-desktop-log" | "claude-log" => InputFormat::ClaudeDesktopLog,
            "vscode-log" | "vscode-mcp-log" => InputFormat::VsCodeLog,
            "cursor-log" | "cursor-mcp-log" => InputFormat::CursorLog,
            "inspector-export" | "inspector" => InputFormat::InspectorExport,
            "sdk-capture" | "explore-mcp" => InputFormat::SdkCapture,
            "server-signature" | "mcp-scan" | "signature" => InputFormat::ServerSignature,
            "proxy-log" | "proxy" => InputFormat::ProxyLog,
            "json-stream" | "concatenated-json" => InputFormat::JsonStream,
            "cassette" | "recorder-cassette" | "mcp-recorder" | "agent-vcr" | "vcr" => {
                InputFormat::Cassette
            }
            "runlog" | "run-log" | "run-events" => InputFormat::RunLog,
            "har" | "http-archive" => InputFormat::Har,
            _ => return None,
        };
        Some(format)
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of [`InputFormat::from_str`]: the name is not a known format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown input format `{}`; expected one of ", self.0)?;
        for (i, format) in InputFormat::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(format.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for InputFormat {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InputFormat::from_name(s).ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}

/// How the format of a transcript was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detection {
    /// The format read.
    pub format: InputFormat,
    /// What decided it.
    pub by: DetectedBy,
    /// The clue, in a few words (`"trace events (payload + direction)"`).
    pub reason: &'static str,
}

/// What decided the format of a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DetectedBy {
    /// The caller asked for it.
    Forced,
    /// The content.
    Content,
    /// The file name, the content giving no clue.
    FileName,
    /// Nothing: the default (`json-lines`) was used.
    Default,
    /// Detection refused the file: it is not a capture mcpvet reads (a finding, `MCP009` or
    /// `MCP010`, says what it looks like). It was read as the [`Detection::format`] only so
    /// that a dump shows what is there; checks should not run on it.
    Refused,
}

impl DetectedBy {
    /// `forced`, `content`, `file-name`, `default` or `refused`.
    pub const fn name(self) -> &'static str {
        match self {
            DetectedBy::Forced => "forced",
            DetectedBy::Content => "content",
            DetectedBy::FileName => "file-name",
            DetectedBy::Default => "default",
            DetectedBy::Refused => "refused",
        }
    }
}

#[cfg(test)]
mod tests;
