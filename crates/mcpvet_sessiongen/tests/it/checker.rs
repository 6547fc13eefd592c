//! An independent checker of generated sessions.
//!
//! It reads only the output text (trace-envelope framing, so that the direction of each
//! message is known) and reports every irregularity it finds, with its line. A clean session
//! must give none; a session with injected defects must give exactly one per defect, at the
//! recorded line.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use jsonschema::Validator;
use mcpvet_sessiongen::Protocol;
use serde_json::Value;

use crate::oracle::{Oracle, message_def, result_defs};

/// Kinds of irregularities. The first six are what the defects must produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Irr {
    DuplicateId,
    UnknownResponseId,
    UnknownTool,
    InvalidArguments,
    NonJson,
    PlaintextToken,
    // Anything else is a generator bug.
    Envelope,
    NotJsonRpc,
    Schema,
    Lifecycle,
    Direction,
    Modern,
    Capability,
    Progress,
    ToolList,
    Result,
    Prompt,
    Resource,
    Unanswered,
}

#[derive(Debug, Clone)]
pub(crate) struct Finding {
    pub(crate) line: u64,
    pub(crate) kind: Irr,
    pub(crate) detail: String,
}

/// One finding per line, for assertion messages.
pub(crate) fn describe(findings: &[Finding]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for f in findings {
        let _ = write!(out, "\n  line {}: {:?}: {}", f.line, f.kind, f.detail);
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dir {
    C2S,
    S2C,
}

impl Dir {
    fn opposite(self) -> Dir {
        match self {
            Dir::C2S => Dir::S2C,
            Dir::S2C => Dir::C2S,
        }
    }
}

#[derive(Debug)]
struct Req {
    method: String,
    line: u64,
    token: Option<String>,
    tool: Option<String>,
    unknown_tool: bool,
    invalid_args: bool,
}

struct ToolInfo {
    input: Validator,
    output: Option<Validator>,
}

/// Statistics gathered while checking (used by tests on realism).
#[derive(Debug, Default)]
pub(crate) struct Stats {
    pub(crate) messages: u64,
    pub(crate) requests: u64,
    pub(crate) responses: u64,
    pub(crate) notifications: u64,
    pub(crate) text_chars: u64,
    pub(crate) text_non_ascii: u64,
    pub(crate) max_text_bytes: usize,
    pub(crate) is_error_results: u64,
    pub(crate) structured_results: u64,
    pub(crate) max_in_flight: usize,
    pub(crate) out_of_order_responses: u64,
    pub(crate) pings_from_server: u64,
    pub(crate) log_messages: u64,
    pub(crate) progress: u64,
}

#[expect(
    clippy::struct_excessive_bools,
    reason = "lifecycle flags of the session"
)]
struct Checker<'a> {
    modern: bool,
    oracle: Option<&'a Oracle>,
    findings: Vec<Finding>,
    stats: Stats,
    pending: BTreeMap<(Dir, String), VecDeque<Req>>,
    /// Order in which requests were sent, to count out-of-order answers.
    sent_order: VecDeque<(Dir, String)>,
    used: BTreeSet<(Dir, String)>,
    /// Active progress tokens: token -> (direction of the request, last progress).
    tokens: BTreeMap<String, (Dir, Option<f64>)>,
    tools: BTreeMap<String, ToolInfo>,
    prompts: BTreeMap<String, Vec<(String, bool)>>,
    resources: BTreeSet<String>,
    server_caps: Option<Value>,
    initialized: bool,
    init_answered: bool,
    seen_first: bool,
    line: u64,
}

fn id_key(v: &Value) -> String {
    v.to_string()
}

fn is_ghp_token_at(bytes: &[u8], i: usize) -> bool {
    bytes.len() >= i + 40
        && &bytes[i..i + 4] == b"ghp_"
        && bytes[i + 4..i + 40].iter().all(u8::is_ascii_alphanumeric)
}

fn contains_ghp_token(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|i| b[i] == b'g' && is_ghp_token_at(b, i))
}

fn compile(schema: &Value) -> Result<Validator, String> {
    jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(schema)
        .map_err(|e| e.to_string())
}

impl Checker<'_> {
    fn flag(&mut self, kind: Irr, detail: impl Into<String>) {
        self.findings.push(Finding {
            line: self.line,
            kind,
            detail: detail.into(),
        });
    }

    fn schema(&mut self, def: &str, value: &Value) {
        if let Some(oracle) = self.oracle
            && let Err(e) = oracle.validate(def, value)
        {
            self.flag(Irr::Schema, e);
        }
    }

    fn line(&mut self, raw: &str) {
        self.line += 1;
        if raw.contains('\r') {
            self.flag(Irr::Envelope, "carriage return in line");
        }
        let Ok(envelope) = serde_json::from_str::<Value>(raw) else {
            self.flag(Irr::NonJson, "line is not JSON");
            return;
        };
        let dir = match envelope["direction"].as_str() {
            Some("client-to-server") => Dir::C2S,
            Some("server-to-client") => Dir::S2C,
            _ => {
                self.flag(Irr::Envelope, "missing direction");
                return;
            }
        };
        if envelope["seq"].as_u64() != Some(self.stats.messages)
            || envelope["transport"] != "stdio"
            || envelope["kind"] != "message"
        {
            self.flag(Irr::Envelope, format!("bad envelope header: {raw:.120}"));
        }
        let msg = &envelope["payload"];
        self.stats.messages += 1;
        if contains_ghp_token(raw) {
            self.flag(Irr::PlaintextToken, "GitHub token in the message");
        }
        self.message(dir, msg);
    }

    fn message(&mut self, dir: Dir, msg: &Value) {
        let Some(obj) = msg.as_object() else {
            self.flag(Irr::NotJsonRpc, "message is not an object");
            return;
        };
        if msg["jsonrpc"] != "2.0" {
            self.flag(Irr::NotJsonRpc, "jsonrpc is not 2.0");
        }
        let has = |k: &str| obj.contains_key(k);
        match (has("method"), has("id"), has("result"), has("error")) {
            (true, true, false, false) => self.request(dir, msg),
            (true, false, false, false) => self.notification(dir, msg),
            (false, true, true, false) | (false, _, false, true) => self.response(dir, msg),
            _ => self.flag(
                Irr::NotJsonRpc,
                "neither request, notification nor response",
            ),
        }
    }

    fn request(&mut self, dir: Dir, msg: &Value) {
        self.stats.requests += 1;
        let method = msg["method"].as_str().unwrap_or_default().to_owned();
        let id = id_key(&msg["id"]);
        let params = &msg["params"];

        // Lifecycle and direction.
        if !self.seen_first {
            self.seen_first = true;
            let expected = if self.modern {
                "server/discover"
            } else {
                "initialize"
            };
            if method != expected {
                self.flag(Irr::Lifecycle, format!("first request is {method}"));
            }
        }
        let allowed = if self.modern {
            dir == Dir::C2S && method != "ping" && method != "initialize"
        } else {
            match dir {
                Dir::C2S => method != "server/discover",
                Dir::S2C => method == "ping",
            }
        };
        if !allowed {
            self.flag(Irr::Direction, format!("{method} request sent {dir:?}"));
        }
        if !self.modern
            && dir == Dir::C2S
            && method != "initialize"
            && method != "ping"
            && !self.init_answered
        {
            self.flag(
                Irr::Lifecycle,
                format!("{method} before the initialize result"),
            );
        }
        if dir == Dir::S2C {
            self.stats.pings_from_server += 1;
            if !self.initialized {
                self.flag(Irr::Lifecycle, "server request before initialized");
            }
        }

        // Schema.
        match message_def(&method, self.modern) {
            Some(def) => self.schema(def, msg),
            None => self.flag(Irr::Schema, format!("unknown method {method}")),
        }

        // Modern envelope.
        if self.modern {
            let meta = &params["_meta"];
            if meta["io.modelcontextprotocol/protocolVersion"] != "2026-07-28"
                || !meta["io.modelcontextprotocol/clientCapabilities"].is_object()
                || !meta["io.modelcontextprotocol/clientInfo"].is_object()
            {
                self.flag(Irr::Modern, "request _meta incomplete");
            }
            if meta.get("io.modelcontextprotocol/logLevel").is_some() {
                self.flag(Irr::Modern, "deprecated logLevel used");
            }
        }

        // Capabilities.
        if let Some(caps) = &self.server_caps {
            let needed = method.split('/').next().unwrap_or_default();
            if matches!(needed, "tools" | "prompts" | "resources") && caps.get(needed).is_none() {
                let detail = format!("{method} without the {needed} capability");
                self.flag(Irr::Capability, detail);
            }
        }

        // Ids.
        let key = (dir, id.clone());
        let in_flight = self.pending.get(&key).is_some_and(|q| !q.is_empty());
        if self.modern && in_flight {
            self.flag(Irr::DuplicateId, format!("id {id} is still in flight"));
        } else if !self.modern && self.used.contains(&key) {
            self.flag(Irr::DuplicateId, format!("id {id} was used before"));
        }
        self.used.insert(key.clone());

        // Progress token.
        let token = params["_meta"].get("progressToken").map(id_key);
        if let Some(t) = &token {
            if self.tokens.contains_key(t) {
                self.flag(Irr::Progress, format!("progress token {t} already active"));
            }
            self.tokens.insert(t.clone(), (dir, None));
        }

        let mut req = Req {
            method: method.clone(),
            line: self.line,
            token,
            tool: None,
            unknown_tool: false,
            invalid_args: false,
        };
        match method.as_str() {
            "tools/call" => self.tool_call(params, &mut req),
            "prompts/get" => self.prompt_get(params),
            "resources/read" => {
                let uri = params["uri"].as_str().unwrap_or_default().to_owned();
                if !self.resources.contains(&uri) {
                    self.flag(Irr::Resource, format!("read of unlisted {uri}"));
                }
            }
            _ => {}
        }
        self.pending.entry(key.clone()).or_default().push_back(req);
        self.sent_order.push_back(key);
        let in_flight: usize = self
            .pending
            .iter()
            .filter(|((d, _), _)| *d == Dir::C2S)
            .map(|(_, q)| q.len())
            .sum();
        self.stats.max_in_flight = self.stats.max_in_flight.max(in_flight);
    }

    fn tool_call(&mut self, params: &Value, req: &mut Req) {
        let name = params["name"].as_str().unwrap_or_default().to_owned();
        let args = params.get("arguments").cloned().unwrap_or(Value::Null);
        req.tool = Some(name.clone());
        let Some(info) = self.tools.get(&name) else {
            req.unknown_tool = true;
            self.flag(Irr::UnknownTool, format!("tools/call of unknown {name}"));
            return;
        };
        let errors: Vec<String> = info
            .input
            .iter_errors(&args)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        if !errors.is_empty() {
            req.invalid_args = true;
            self.flag(
                Irr::InvalidArguments,
                format!("arguments of {name}: {}", errors.join("; ")),
            );
        }
    }

    fn prompt_get(&mut self, params: &Value) {
        let name = params["name"].as_str().unwrap_or_default();
        let Some(spec) = self.prompts.get(name).cloned() else {
            self.flag(Irr::Prompt, format!("unknown prompt {name}"));
            return;
        };
        let args = params["arguments"].as_object();
        for (arg, required) in &spec {
            let present = args.is_some_and(|a| a.contains_key(arg));
            if *required && !present {
                self.flag(Irr::Prompt, format!("prompt {name} lacks {arg}"));
            }
        }
        if let Some(args) = args {
            for (k, v) in args {
                if !v.is_string() || !spec.iter().any(|(n, _)| n == k) {
                    self.flag(Irr::Prompt, format!("bad prompt argument {k}"));
                }
            }
        }
    }

    fn notification(&mut self, dir: Dir, msg: &Value) {
        self.stats.notifications += 1;
        let method = msg["method"].as_str().unwrap_or_default();
        match message_def(method, self.modern) {
            Some(def) => self.schema(def, msg),
            None => self.flag(Irr::Schema, format!("unknown notification {method}")),
        }
        match (method, dir) {
            ("notifications/initialized", Dir::C2S) if !self.modern => {
                if !self.init_answered || self.initialized {
                    self.flag(Irr::Lifecycle, "initialized out of place");
                }
                self.initialized = true;
            }
            ("notifications/progress", Dir::S2C) => {
                self.stats.progress += 1;
                let token = id_key(&msg["params"]["progressToken"]);
                let progress = msg["params"]["progress"].as_f64().unwrap_or(f64::NAN);
                let total = msg["params"]["total"].as_f64();
                match self.tokens.get_mut(&token) {
                    Some((req_dir, last)) if *req_dir == dir.opposite() => {
                        let increasing = last.is_none_or(|l| progress > l);
                        *last = Some(progress);
                        if !increasing || total.is_some_and(|t| progress > t) {
                            self.flag(Irr::Progress, format!("progress {progress} for {token}"));
                        }
                    }
                    _ => self.flag(
                        Irr::Progress,
                        format!("progress for inactive token {token}"),
                    ),
                }
            }
            ("notifications/message", Dir::S2C) => {
                self.stats.log_messages += 1;
                let logging = self
                    .server_caps
                    .as_ref()
                    .is_some_and(|c| c.get("logging").is_some());
                if self.modern || !logging {
                    self.flag(Irr::Capability, "log message without logging");
                }
                let level = msg["params"]["level"].as_str().unwrap_or_default();
                if !matches!(
                    level,
                    "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency"
                ) {
                    self.flag(Irr::Capability, format!("log level {level} below info"));
                }
            }
            _ => self.flag(Irr::Direction, format!("{method} sent {dir:?}")),
        }
    }

    fn response(&mut self, dir: Dir, msg: &Value) {
        self.stats.responses += 1;
        let id = id_key(&msg["id"]);
        if self.modern && dir == Dir::C2S {
            self.flag(Irr::Direction, "client response in 2026-07-28");
        }
        let key = (dir.opposite(), id.clone());
        let Some(req) = self.pending.get_mut(&key).and_then(VecDeque::pop_front) else {
            self.flag(
                Irr::UnknownResponseId,
                format!("response to unknown id {id}"),
            );
            if let Some(oracle) = self.oracle {
                let def = if msg.get("error").is_some() {
                    "JSONRPCErrorResponse"
                } else {
                    "JSONRPCResultResponse"
                };
                if let Err(e) = oracle.validate(def, msg) {
                    self.flag(Irr::Schema, e);
                }
            }
            return;
        };
        if let Some(pos) = self.sent_order.iter().position(|k| *k == key) {
            if pos != 0 {
                self.stats.out_of_order_responses += 1;
            }
            self.sent_order.remove(pos);
        }
        if let Some(t) = &req.token {
            self.tokens.remove(t);
        }
        if let Some(error) = msg.get("error") {
            self.schema("JSONRPCErrorResponse", msg);
            let code = error["code"].as_i64();
            if !(req.unknown_tool && code == Some(-32602)) {
                self.flag(
                    Irr::Result,
                    format!("error response to {}: {error}", req.method),
                );
            }
            return;
        }
        if req.unknown_tool {
            self.flag(Irr::Result, "unknown tool answered with a result");
        }
        let result = &msg["result"];
        match result_defs(&req.method, self.modern) {
            Some((result_def, envelope_def)) => {
                self.schema(envelope_def, msg);
                self.schema(result_def, result);
            }
            None => self.flag(
                Irr::Schema,
                format!("no result definition for {}", req.method),
            ),
        }
        if self.modern {
            if result["resultType"] != "complete" {
                self.flag(Irr::Modern, "resultType is not complete");
            }
            let cacheable = matches!(
                req.method.as_str(),
                "server/discover"
                    | "tools/list"
                    | "prompts/list"
                    | "resources/list"
                    | "resources/templates/list"
                    | "resources/read"
            );
            let ttl_ok = result["ttlMs"].as_u64().is_some();
            let scope_ok = matches!(result["cacheScope"].as_str(), Some("public" | "private"));
            if cacheable && !(ttl_ok && scope_ok) {
                self.flag(
                    Irr::Modern,
                    format!("{} result lacks ttlMs/cacheScope", req.method),
                );
            }
        }
        self.result(&req, result);
        let _ = req.line;
    }

    fn result(&mut self, req: &Req, result: &Value) {
        match req.method.as_str() {
            "initialize" => {
                if result["protocolVersion"] != "2025-11-25" {
                    self.flag(Irr::Lifecycle, "negotiated another version");
                }
                self.server_caps = Some(result["capabilities"].clone());
                self.init_answered = true;
            }
            "server/discover" => {
                self.server_caps = Some(result["capabilities"].clone());
                self.init_answered = true;
                self.initialized = true;
            }
            "tools/list" => {
                for tool in result["tools"].as_array().into_iter().flatten() {
                    self.list_tool(tool);
                }
            }
            "prompts/list" => {
                self.prompts.clear();
                for p in result["prompts"].as_array().into_iter().flatten() {
                    let args = p["arguments"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|a| {
                            (
                                a["name"].as_str().unwrap_or_default().to_owned(),
                                a["required"].as_bool().unwrap_or(false),
                            )
                        })
                        .collect();
                    self.prompts
                        .insert(p["name"].as_str().unwrap_or_default().to_owned(), args);
                }
            }
            "resources/list" => {
                for r in result["resources"].as_array().into_iter().flatten() {
                    self.resources
                        .insert(r["uri"].as_str().unwrap_or_default().to_owned());
                }
            }
            "tools/call" => self.call_result(req, result),
            _ => {}
        }
    }

    fn list_tool(&mut self, tool: &Value) {
        let name = tool["name"].as_str().unwrap_or_default().to_owned();
        let name_ok = !name.is_empty()
            && name.len() <= 128
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
        if !name_ok || self.tools.contains_key(&name) {
            self.flag(Irr::ToolList, format!("bad or duplicate tool name {name}"));
        }
        if !tool["description"].is_string() || tool["inputSchema"]["type"] != "object" {
            self.flag(
                Irr::ToolList,
                format!("tool {name} lacks description or object schema"),
            );
        }
        let input = match compile(&tool["inputSchema"]) {
            Ok(v) => v,
            Err(e) => {
                self.flag(Irr::ToolList, format!("inputSchema of {name}: {e}"));
                return;
            }
        };
        let output = match tool.get("outputSchema").map(compile) {
            None => None,
            Some(Ok(v)) => Some(v),
            Some(Err(e)) => {
                self.flag(Irr::ToolList, format!("outputSchema of {name}: {e}"));
                None
            }
        };
        self.tools.insert(name, ToolInfo { input, output });
    }

    fn call_result(&mut self, req: &Req, result: &Value) {
        let is_error = result["isError"].as_bool().unwrap_or(false);
        if is_error {
            self.stats.is_error_results += 1;
        } else if req.invalid_args {
            self.flag(Irr::Result, "invalid arguments answered without isError");
        }
        for block in result["content"].as_array().into_iter().flatten() {
            if let Some(text) = block["text"].as_str() {
                self.stats.max_text_bytes = self.stats.max_text_bytes.max(text.len());
                for c in text.chars() {
                    self.stats.text_chars += 1;
                    if !c.is_ascii() {
                        self.stats.text_non_ascii += 1;
                    }
                }
            }
        }
        let tool = req.tool.as_deref().unwrap_or_default();
        let Some(info) = self.tools.get(tool) else {
            return;
        };
        let has_output = info.output.is_some();
        if let (Some(output), false) = (&info.output, is_error) {
            let structured = &result["structuredContent"];
            let valid = output.is_valid(structured);
            let text = result["content"][0]["text"].as_str().unwrap_or_default();
            let echoed = serde_json::from_str::<Value>(text).ok().as_ref() == Some(structured);
            if !valid || !echoed {
                self.flag(
                    Irr::Result,
                    format!("structuredContent of {tool}: valid={valid} echoed={echoed}"),
                );
            }
            self.stats.structured_results += 1;
        }
        if !has_output && result.get("structuredContent").is_some() {
            self.flag(Irr::Result, format!("{tool} has no outputSchema"));
        }
    }

    fn finish(&mut self) {
        let leftovers: Vec<(u64, String)> = self
            .pending
            .values()
            .flatten()
            .map(|r| (r.line, r.method.clone()))
            .collect();
        for (line, method) in leftovers {
            self.findings.push(Finding {
                line,
                kind: Irr::Unanswered,
                detail: format!("{method} never answered"),
            });
        }
        if !self.modern && !self.initialized {
            self.flag(Irr::Lifecycle, "never initialized");
        }
        self.findings.sort_by_key(|f| (f.line, f.kind));
    }
}

/// Checks a session written with trace-envelope framing.
pub(crate) fn check(
    text: &str,
    protocol: Protocol,
    oracle: Option<&Oracle>,
) -> (Vec<Finding>, Stats) {
    let mut c = Checker {
        modern: protocol.is_modern(),
        oracle,
        findings: Vec::new(),
        stats: Stats::default(),
        pending: BTreeMap::new(),
        sent_order: VecDeque::new(),
        used: BTreeSet::new(),
        tokens: BTreeMap::new(),
        tools: BTreeMap::new(),
        prompts: BTreeMap::new(),
        resources: BTreeSet::new(),
        server_caps: None,
        initialized: false,
        init_answered: false,
        seen_first: false,
        line: 0,
    };
    if !text.is_empty() && !text.ends_with('\n') {
        c.flag(Irr::Envelope, "missing final newline");
    }
    for raw in text.split_terminator('\n') {
        c.line(raw);
    }
    c.finish();
    (c.findings, c.stats)
}
