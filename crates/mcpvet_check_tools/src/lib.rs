//! Checks of the tools, prompts and resources a captured MCP session advertises and uses
//! (`MCP5xx`): `tools/list` results and their JSON Schemas, `tools/call` arguments against
//! those schemas, structured output, prompts and resource templates; and a digest of the
//! advertised tool interface.
//!
//! Position in the pipeline: reads the entries of a `mcpvet_ast` transcript one by one
//! ([`ToolsChecker::entry`]), keeping only compact state (pending requests, the tools seen),
//! so the same checker serves whole files and the streaming pipeline.
//!
//! ```
//! use mcpvet_ast::transcript::{detect_version, read_transcript};
//! use mcpvet_check_tools::ToolsChecker;
//! use mcpvet_diagnostics::Findings;
//!
//! let text = concat!(
//!     r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, "\n",
//!     r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}]}}"#, "\n",
//!     r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":7}}}"#, "\n",
//! );
//! let transcript = read_transcript(text, Some("session.jsonl"), None).value;
//! let version = detect_version(transcript.entries(), transcript.document(), None);
//! let mut checker = ToolsChecker::new(&version);
//! let mut findings = Findings::new();
//! for entry in transcript.entries() {
//!     checker.entry(entry, transcript.document(), &mut findings);
//! }
//! let summary = checker.finish(&mut findings);
//! assert_eq!(summary.tools, 1);
//! let [finding] = findings.diagnostics() else { panic!() };
//! assert_eq!(finding.code().as_str(), "MCP522");
//! assert_eq!(finding.message(), "`read_file` argument `path`: expected string, found number");
//! assert_eq!(&text[finding.span().range()], "7");
//! assert_eq!(finding.message_index(), Some(2));
//! ```
//!
//! # State between entries
//!
//! Per server (captures such as Claude Desktop logs name the server of each line): the
//! requests waiting for their response (by id, with what the response check needs: the tool
//! called, whether it was unknown, whether its arguments were invalid); every tool advertised
//! (the latest definition of each name) with its compiled schemas and its canonical JSON; the
//! prompts with their declared arguments; the tool listing being paged through (names, for
//! duplicates across pages) and each list's `cacheScope`. No JSON node of an earlier entry is
//! kept, so the document of an entry may be dropped once the entry is checked.
//!
//! A request without `cursor` starts a listing; the requests with a cursor continue it.
//! Calls are judged against every tool listed so far in the session (a tool dropped by a
//! later listing still counts as known), and nothing is said about calls before the first
//! `tools/list` result.
//!
//! # Schemas
//!
//! Tool schemas are checked and compiled with the `jsonschema` crate, once per tool per
//! `tools/list` result: the dialect is the one `$schema` names, else JSON Schema 2020-12
//! from protocol 2025-11-25 on and draft-07 before (the dialect of those versions' official
//! schema); an unknown `$schema` is reported (MCP510) and the default dialect is used. The
//! validator is built offline: no retriever is configured, so no `$ref` is ever fetched
//! (external references are MCP515). `format` stays an annotation, as the drafts define it.
//!
//! Only the small parts are converted to `serde_json` values: a schema (once per listing),
//! the `arguments` of a call, the `structuredContent` of a result. The errors of
//! `jsonschema` carry JSON Pointers into those values (`instance_path`); the checker follows
//! the pointer from the node the value was converted from, in the capture's own document,
//! so every finding has the exact span of the offending value (for a property that must not
//! be there, the span of its member). Meta-schema errors are mapped the same way into the
//! schema.
//!
//! # Reconstructed captures
//!
//! SDK-level captures (explore-mcp) and server signatures (mcp-scan) hold SDK objects, not
//! wire messages. Their tool, prompt and resource lists and their `call_tool` records get
//! the same checks, with two differences: a member whose value is `null` counts as absent
//! (the SDKs write every unset optional field as `null`: `"outputSchema": null`,
//! `"annotations": null`, `"nextCursor": null`), and the `_type` and `meta` members the SDKs
//! add are ignored, as every unknown member is. Inside schemas and arguments `null` is data
//! and is kept. Wire-only checks (the 2026-07-28 cache members) do not apply. When the
//! capture's version was only assumed, the `protocolVersion` of a reconstructed
//! `initialize` result is used.
//!
//! # Tool digest
//!
//! [`ToolsSummary::digest`] identifies the advertised tool interface, so two captures (or two
//! runs against the same server) can be compared: equal digests mean the same tool names
//! with the same input and output schemas. It is the SHA-256, in lowercase hex, of the UTF-8
//! text `[t1,t2,…,tn]` (no spaces), where each `ti` is the canonical JSON of the object
//! `{"inputSchema": …, "name": …, "outputSchema": …}` of one tool (members that the tool
//! does not have are left out; in reconstructed captures a `null` schema is absent), the
//! tools being every tool advertised in the session (the latest definition of each name,
//! all servers together), ordered by name (byte order), then by their canonical text. The
//! canonical JSON of a value is:
//!
//! - objects: members ordered by key, comparing the UTF-8 bytes of the decoded keys; with
//!   duplicate keys only the last member is kept (as `JSON.parse` does); `{`, `:`, `,`, `}`
//!   without whitespace;
//! - arrays: elements in order, `[`, `,`, `]` without whitespace;
//! - numbers: exactly as written in the capture (`1.0` stays `1.0`, `1e2` stays `1e2`);
//! - strings: the decoded text between `"`, with `"` and `\` escaped as `\"` and `\\`,
//!   U+0008, U+000C, U+000A, U+000D and U+0009 as `\b`, `\f`, `\n`, `\r`, `\t`, the other
//!   characters below U+0020 as `\u00xx` (lowercase hex), and every other character as
//!   itself (not escaped; a lone surrogate escape decodes to U+FFFD);
//! - `true`, `false`, `null` as such.
//!
//! This is close to, but not, RFC 8785 (JCS): numbers are not re-serialised and keys sort by
//! UTF-8 bytes rather than UTF-16 code units. Tool names, descriptions, titles, annotations
//! and icons are not part of the digest. The digest is `None` when no tool list was seen;
//! an empty list gives the SHA-256 of `[]`.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod canonical;
mod content;
mod context;
mod lists;
mod prompts;
mod resources;
mod rules;
mod schema;
mod state;
mod tools;

use mcpvet_ast::transcript::{
    Abbreviated, AbbreviatedKind, Direction, Entry, EntryKind, Message, ProtocolVersion,
    Reconstructed, RecordBody, RecordRole, RequestId, TextField, VersionDetection, VersionSource,
};
use mcpvet_diagnostics::{Findings, Reporter, RuleMeta};
use mcpvet_json::{JsonDocument, Value};
use mcpvet_text::Span;

use crate::context::Cx;
use crate::lists::Body;
use crate::rules::{misclassified_error, prompt_error_not_reported};
use crate::state::{CallInfo, ListMethod, Pending, Server};

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::RULES
}

/// What the tools checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolsSummary {
    /// Distinct tools advertised in `tools/list` results (by name, all servers together).
    pub tools: usize,
    /// SHA-256 (hex) over a canonical JSON of each tool's name, `inputSchema` and
    /// `outputSchema`, sorted by name; `None` when no tool list was seen (the form is
    /// specified in the [crate docs](crate#tool-digest)).
    pub digest: Option<String>,
    /// `tools/call` results with `isError: true`.
    pub failed_calls: usize,
}

/// The tools checker: feed it every entry in order, then call [`finish`](Self::finish).
#[derive(Debug)]
pub struct ToolsChecker {
    version: ProtocolVersion,
    /// The version was assumed, not read from the capture: a reconstructed `initialize`
    /// result may still tell.
    assumed: bool,
    servers: Vec<Server>,
    failed_calls: usize,
}

impl ToolsChecker {
    /// A checker for a session of the given version.
    pub fn new(version: &VersionDetection) -> Self {
        ToolsChecker {
            version: version.version,
            assumed: version.source == VersionSource::Assumed,
            servers: Vec::new(),
            failed_calls: 0,
        }
    }

    /// Checks one entry; `document` holds the entry's JSON nodes.
    pub fn entry(&mut self, entry: &Entry, document: &JsonDocument<'_>, findings: &mut Findings) {
        let mut report = Reporter::for_message(findings, entry.index);
        match &entry.kind {
            EntryKind::Message(message) => self.message(entry, message, document, &mut report),
            EntryKind::Abbreviated(abbreviated) => self.abbreviated(entry, abbreviated),
            EntryKind::Reconstructed(record) => {
                self.reconstructed(entry, record, document, &mut report);
            }
            _ => {}
        }
    }

    /// Reports what only the end of the capture shows and summarises.
    pub fn finish(self, findings: &mut Findings) -> ToolsSummary {
        let _ = findings;
        let tools: Vec<(&str, &str)> = self
            .servers
            .iter()
            .flat_map(|s| {
                s.tools
                    .iter()
                    .map(|(n, d)| (n.as_str(), d.canonical.as_str()))
            })
            .collect();
        let listed = self.servers.iter().any(|s| s.tools_listed);
        ToolsSummary {
            tools: tools.len(),
            digest: listed.then(|| canonical::digest(tools)),
            failed_calls: self.failed_calls,
        }
    }

    /// The state of the server named `name` (`None`: the capture names no server).
    fn server(&mut self, name: Option<&TextField>) -> usize {
        let name = name.map(|n| n.value.as_str());
        if let Some(i) = self.servers.iter().position(|s| s.name.as_deref() == name) {
            return i;
        }
        self.servers.push(Server {
            name: name.map(str::to_owned),
            ..Server::default()
        });
        self.servers.len() - 1
    }

    /// What the checks of an entry read; `sdk` when the entry is a reconstruction.
    fn cx(&self, sdk: bool) -> Cx {
        Cx {
            version: self.version,
            sdk,
        }
    }

    fn message(
        &mut self,
        entry: &Entry,
        message: &Message,
        document: &JsonDocument<'_>,
        report: &mut Reporter<'_>,
    ) {
        match message {
            Message::Batch { items, .. } => {
                for item in items {
                    self.message(entry, item, document, report);
                }
            }
            Message::Request {
                id, method, params, ..
            } => {
                if entry.direction == Some(Direction::ServerToClient) {
                    return;
                }
                let params = params.map(|p| document.value(p));
                let i = self.server(entry.server.as_ref());
                let cx = self.cx(false);
                let server = &mut self.servers[i];
                let pending = request(
                    server,
                    &method.value,
                    params,
                    method.span(document),
                    cx,
                    report,
                );
                if let (Some(pending), Some(key)) = (pending, id.key()) {
                    server.pending.insert(key, pending);
                }
            }
            Message::Response { id, result, .. } => {
                let Some(pending) = self.take_pending(entry, id) else {
                    return;
                };
                let result = document.value(*result);
                let i = self.server(entry.server.as_ref());
                let cx = self.cx(false);
                let server = &mut self.servers[i];
                response(server, pending, result, &mut self.failed_calls, cx, report);
            }
            Message::ErrorResponse {
                id: Some(id),
                error,
                ..
            } => {
                let Some(pending) = self.take_pending(entry, id) else {
                    return;
                };
                let code = error.code.and_then(|c| c.value);
                // The code, or the error object when it has none.
                let at = document.value(error.code.map_or(error.node, |c| c.node));
                let cx = self.cx(false);
                match pending {
                    Pending::Call(info) => {
                        misclassified_error::check_call_error(&info, code, at, cx, report);
                    }
                    Pending::Read => misclassified_error::check_read_error(code, at, cx, report),
                    Pending::PromptGet(Some(prompt)) => {
                        prompt_error_not_reported::check_error(&prompt, code, at, report);
                    }
                    Pending::List { .. } | Pending::PromptGet(None) | Pending::Capabilities(_) => {}
                }
            }
            _ => {}
        }
    }

    /// The client request a response (travelling server to client) answers.
    fn take_pending(&mut self, entry: &Entry, id: &RequestId) -> Option<Pending> {
        if entry.direction == Some(Direction::ClientToServer) {
            return None;
        }
        let key = id.key()?;
        let i = self.server(entry.server.as_ref());
        self.servers[i].pending.remove(&key)
    }

    /// A log line naming a request without its body: remembered so that the response, which
    /// such logs write in full, can be checked.
    fn abbreviated(&mut self, entry: &Entry, line: &Abbreviated) {
        if matches!(
            line.kind,
            AbbreviatedKind::Response | AbbreviatedKind::ErrorResponse
        ) {
            // A response without its body: nothing to check, but the request is answered.
            if let Some(id) = &line.id {
                self.take_pending(entry, id);
            }
            return;
        }
        if line.kind != AbbreviatedKind::Request
            || entry.direction == Some(Direction::ServerToClient)
        {
            return;
        }
        let (Some(method), Some(key)) = (&line.method, line.id.as_ref().and_then(RequestId::key))
        else {
            return;
        };
        let pending = match method.value.as_str() {
            m if ListMethod::from_method(m).is_some() => {
                ListMethod::from_method(m).map(|method| Pending::List {
                    method,
                    first_page: true,
                })
            }
            "tools/call" => Some(Pending::Call(CallInfo::default())),
            "prompts/get" => Some(Pending::PromptGet(None)),
            "resources/read" => Some(Pending::Read),
            _ => None,
        };
        if let Some(pending) = pending {
            let i = self.server(entry.server.as_ref());
            self.servers[i].pending.insert(key, pending);
        }
    }

    fn reconstructed(
        &mut self,
        entry: &Entry,
        record: &Reconstructed,
        document: &JsonDocument<'_>,
        report: &mut Reporter<'_>,
    ) {
        let Some(method) = record.method else {
            return;
        };
        // SDK records pair by the capture's correlation key, else by their envelope (the
        // call object holding both the request and its response).
        let key = record.correlation.as_ref().map_or_else(
            || {
                entry.envelope.map_or_else(String::new, |e| {
                    format!("@{}", document.value(e).span().start)
                })
            },
            |c| c.value.clone(),
        );
        let i = self.server(entry.server.as_ref());
        match (record.role, method, record.body) {
            (RecordRole::Response, "initialize", Some(RecordBody::Result(result))) => {
                if self.assumed
                    && let Some(version) = document
                        .value(result)
                        .get("protocolVersion")
                        .and_then(Value::as_str)
                        .and_then(|v| ProtocolVersion::parse(&v))
                {
                    self.version = version;
                    self.assumed = false;
                }
            }
            (RecordRole::Request, "tools/call", _) => {
                let args = record.params.map(|p| document.value(p));
                let kwargs = record.kwargs.map(|p| document.value(p));
                let info = tools::sdk_call_request(&self.servers[i], args, kwargs, report);
                self.servers[i].sdk_pending.insert(key, Pending::Call(info));
            }
            (RecordRole::Response, "tools/call", Some(RecordBody::Result(result))) => {
                let Some(Pending::Call(info)) = self.servers[i].sdk_pending.remove(&key) else {
                    return;
                };
                let cx = self.cx(true);
                tools::call_result(
                    &self.servers[i],
                    &info,
                    document.value(result),
                    &mut self.failed_calls,
                    cx,
                    report,
                );
            }
            (RecordRole::ErrorResponse, _, _) => {
                self.servers[i].sdk_pending.remove(&key);
            }
            (RecordRole::Response, _, Some(body)) => {
                let Some(list) = ListMethod::from_method(method) else {
                    return;
                };
                let body = match body {
                    RecordBody::Result(n) => Body::Result(document.value(n)),
                    RecordBody::Items(n) => Body::Items(document.value(n)),
                    RecordBody::Error(_) => return,
                };
                let cx = self.cx(true);
                list_result(&mut self.servers[i], list, body, true, cx, report);
            }
            _ => {}
        }
    }
}

/// Checks a client request; returns what its response check needs.
fn request(
    server: &Server,
    method: &str,
    params: Option<Value<'_>>,
    method_span: Span,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<Pending> {
    if let Some(list) = ListMethod::from_method(method) {
        let first_page = params.and_then(|p| p.get("cursor")).is_none();
        return Some(Pending::List {
            method: list,
            first_page,
        });
    }
    match method {
        "tools/call" => Some(Pending::Call(tools::call_request(
            server,
            params,
            method_span,
            cx,
            report,
        ))),
        "prompts/get" => {
            let missing = prompts::get_request(server, params, method_span, cx, report);
            Some(Pending::PromptGet(missing))
        }
        "resources/read" => {
            resources::read_request(params, method_span, cx, report);
            Some(Pending::Read)
        }
        "initialize" => Some(Pending::Capabilities("the server's `initialize` result")),
        "server/discover" => Some(Pending::Capabilities("the `server/discover` result")),
        _ => None,
    }
}

/// Checks the result of a request.
fn response(
    server: &mut Server,
    pending: Pending,
    result: Value<'_>,
    failed: &mut usize,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    match pending {
        Pending::List { method, first_page } => {
            list_result(server, method, Body::Result(result), first_page, cx, report);
        }
        Pending::Call(info) => tools::call_result(server, &info, result, failed, cx, report),
        Pending::PromptGet(missing) => {
            if let Some(prompt) = missing
                && !lists::input_required(result)
            {
                prompt_error_not_reported::check_result(&prompt, result, report);
            }
            prompts::get_result(result, cx, report);
        }
        Pending::Read => resources::read_result(result, cx, report),
        Pending::Capabilities(source) => {
            if let Some(caps) = result
                .get("capabilities")
                .filter(|c| c.kind() == mcpvet_json::ValueKind::Object)
            {
                server.resources_declared =
                    Some(caps.get("resources").is_some_and(|r| !r.is_null()));
                server.caps_source = source;
            }
        }
    }
}

/// Checks one page of a list result: what every list shares, then its items.
fn list_result(
    server: &mut Server,
    method: ListMethod,
    body: Body<'_>,
    first_page: bool,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    let Some((items, more)) = lists::items(server, method, body, first_page, cx, report) else {
        return;
    };
    match method {
        ListMethod::Tools => tools::list(server, items, first_page, more, cx, report),
        ListMethod::Prompts => prompts::list(server, items, cx, report),
        ListMethod::Resources => resources::list(items, cx, report),
        ListMethod::Templates => resources::templates(items, cx, report),
    }
}

/// Checks list results that stand alone (a captured listing, not a session), each given
/// as the member that holds its items (`tools` for a `tools/list` result, `prompts`,
/// `resources`, `resourceTemplates`) and its result object, against `version`, with every
/// rule a session's list result gets. Each result is a listing of its own (duplicate names
/// are judged within it); the summary counts and digests the tools of all of them, as a
/// session's [`ToolsSummary`] does (the latest definition of each name).
///
/// ```
/// use mcpvet_ast::transcript::ProtocolVersion;
/// use mcpvet_diagnostics::Findings;
/// use mcpvet_json::{JsonOptions, parse};
///
/// let text = r#"{"tools": [{"name": "a b", "inputSchema": {"type": "object"}}]}"#;
/// let doc = parse(text, &JsonOptions::strict()).value;
/// let mut findings = Findings::new();
/// let summary = mcpvet_check_tools::check_listings(
///     [("tools", doc.root().unwrap())], ProtocolVersion::V2025_11_25, &mut findings);
/// assert_eq!(summary.tools, 1);
/// assert!(summary.digest.is_some());
/// let codes: Vec<&str> = findings.diagnostics().iter().map(|d| d.code().as_str()).collect();
/// assert_eq!(codes, ["MCP503", "MCP506"]);
/// ```
pub fn check_listings<'d>(
    listings: impl IntoIterator<Item = (&'d str, Value<'d>)>,
    version: ProtocolVersion,
    findings: &mut Findings,
) -> ToolsSummary {
    let cx = Cx {
        version,
        sdk: false,
    };
    let mut all = Server::default();
    for (member, result) in listings {
        let Some(method) = [
            ListMethod::Tools,
            ListMethod::Prompts,
            ListMethod::Resources,
            ListMethod::Templates,
        ]
        .into_iter()
        .find(|m| m.member() == member) else {
            continue;
        };
        let mut server = Server::default();
        list_result(
            &mut server,
            method,
            Body::Result(result),
            true,
            cx,
            &mut Reporter::new(findings),
        );
        all.tools_listed |= server.tools_listed;
        all.tools.extend(server.tools);
    }
    ToolsChecker {
        version,
        assumed: false,
        servers: vec![all],
        failed_calls: 0,
    }
    .finish(findings)
}

#[cfg(test)]
mod tests;
