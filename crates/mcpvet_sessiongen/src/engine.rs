//! The session state machine: handshake and discovery, then an execution phase of interleaved
//! exchanges (one message per step), then a drain that answers everything still pending.
//!
//! One file because it is one machine: every step reads and writes the same pending tables,
//! and `try_defect` is a flat match over the defects the generator can inject at a step.

use std::io::{self, BufWriter, Write};
use std::mem;

use crate::catalog::{Catalog, Payload};
use crate::json::{Obj, escape_raw_bytes, push_f64, push_i64, push_str, push_u64};
use crate::report::{InjectedDefect, Report};
use crate::rng::Rng;
use crate::schema;
use crate::text::{self, TextPool};
use crate::{Defect, Framing, Options, Position};

/// Size of the pre-escaped text pool.
const POOL_BYTES: usize = 1 << 20;
/// Smallest "large" payload.
const LARGE_MIN: u64 = 20_000;
/// Largest payload.
const LARGE_MAX: u64 = 1_000_000;
/// Ids of responses to unknown requests start above this (the client never gets there).
const ORPHAN_BASE: i64 = 900_000_000;
/// Steps a due defect may wait for its preconditions before generation gives up.
const MAX_DEFECT_WAIT: u64 = 1_000_000;

const CLIENT_INFO: &str = r#"{"name":"acme-agent","title":"Acme Agent","version":"1.8.2"}"#;
const SERVER_INFO_FULL: &str = concat!(
    r#"{"name":"acme-toolbox","title":"Acme Toolbox","version":"3.2.0","#,
    r#""description":"Workspace tools for the Acme API team.","#,
    r#""websiteUrl":"https://acme.dev/toolbox","#,
    r#""icons":[{"src":"https://acme.dev/assets/toolbox-48.png","mimeType":"image/png","sizes":["48x48"]}]}"#
);
const SERVER_INFO_SHORT: &str = r#"{"name":"acme-toolbox","version":"3.2.0"}"#;
const CLIENT_CAPS_LEGACY: &str = r#"{"roots":{"listChanged":true},"elicitation":{"form":{}}}"#;
const CLIENT_CAPS_MODERN: &str = r#"{"elicitation":{"form":{}}}"#;
const SERVER_CAPS_LEGACY: &str = r#"{"logging":{},"prompts":{"listChanged":true},"resources":{"listChanged":true},"tools":{"listChanged":true}}"#;
const SERVER_CAPS_MODERN: &str = r#"{"prompts":{"listChanged":true},"resources":{"listChanged":true},"tools":{"listChanged":true}}"#;
const INSTRUCTIONS: &str = "Use search_code to find code before reading it with fs_read_file; keep notes with notes_append.";
const TOOLS_CURSOR: &str = "page-2";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    ClientToServer,
    ServerToClient,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Request,
    Result,
    Error,
    Notification,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Int(i64),
    Str(String),
}

fn push_token(buf: &mut Vec<u8>, token: &Token) {
    match token {
        Token::Int(n) => push_i64(buf, *n),
        Token::Str(s) => push_str(buf, s),
    }
}

/// What the server will answer.
#[derive(Debug, Clone)]
enum Plan {
    Call { tool: usize, fail: bool },
    UnknownTool { name: String },
    InvalidArgs { tool: usize, why: String },
    Read { res: usize },
    Prompt { idx: usize },
    Ping,
    ListPrompts,
    ListResources,
    ListTemplates,
    Initialize,
    SetLevel,
    Discover,
    ListTools { first_page: bool },
}

#[derive(Debug, Clone, Copy)]
enum ProgressStyle {
    /// `progress` = done * chunk, with `total` = steps * chunk when `total` is set.
    Count { chunk: u64, total: bool },
    /// `progress` = done / steps, `total` = 1.
    Fraction,
    /// Growing counter without `total`.
    Open,
}

#[derive(Debug)]
struct Progress {
    token: Token,
    done: u64,
    steps: u64,
    style: ProgressStyle,
    acc: u64,
}

/// A client request the server has not answered yet.
#[derive(Debug)]
struct Pending {
    key: u64,
    id: i64,
    method: &'static str,
    /// Params members after `_meta` (kept so a 2026 duplicate can repeat them).
    body: Vec<u8>,
    plan: Plan,
    progress: Option<Progress>,
    /// An ordinary request that a duplicate may copy.
    clean: bool,
    /// Must not be answered before the pending request with this key.
    after: Option<u64>,
}

#[derive(Debug, Clone, Copy)]
enum Trigger {
    Message(u64),
    Bytes(u64),
}

#[derive(Debug, Clone, Copy)]
struct Planned {
    kind: Defect,
    requested: Position,
    trigger: Trigger,
}

#[derive(Debug)]
struct Every {
    interval: u64,
    next_at: u64,
    next_kind: usize,
}

struct Engine<'o, W: Write> {
    opts: &'o Options,
    modern: bool,
    out: BufWriter<W>,
    rng: Rng,
    pool: TextPool,
    cat: Catalog,
    /// Members of a modern request `_meta` (without braces).
    meta: Vec<u8>,
    prompts_json: Vec<u8>,
    resources_json: Vec<u8>,
    templates_json: Vec<u8>,
    large_cap: u64,
    bytes: u64,
    payload_bytes: u64,
    lines: u64,
    messages: u64,
    next_id: i64,
    next_server_ping: u64,
    next_key: u64,
    orphans: i64,
    pending: Vec<Pending>,
    server_pending: Vec<String>,
    max_inflight: usize,
    duplicated: Vec<i64>,
    /// Ids of the client's `ping` requests, in increasing order: a `ping` may come from
    /// either side, so on a wire without directions an id reused after one is ambiguous and
    /// is not picked for a duplicate-id defect.
    pinged: Vec<i64>,
    planned: Vec<Planned>,
    every: Option<Every>,
    /// No defect before this many messages have been written.
    cooldown: u64,
    waited: u64,
    report: Report,
    msg: Vec<u8>,
    scratch: Vec<u8>,
    head: Vec<u8>,
}

pub(crate) fn run<W: Write>(opts: &Options, out: W) -> io::Result<Report> {
    let mut engine = Engine::new(opts, out);
    engine.preamble()?;
    engine.execute()?;
    engine.drain()?;
    engine.finish()
}

impl<'o, W: Write> Engine<'o, W> {
    fn new(opts: &'o Options, out: W) -> Self {
        let modern = opts.protocol.is_modern();
        let mut pool_rng = Rng::new(opts.seed, 1);
        let pool = TextPool::new(&mut pool_rng, POOL_BYTES);
        let mut cat_rng = Rng::new(opts.seed, 2);
        let cat = Catalog::new(&mut cat_rng);
        let mut meta = Vec::new();
        if modern {
            meta.extend_from_slice(
                b"\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\
                  \"io.modelcontextprotocol/clientCapabilities\":",
            );
            meta.extend_from_slice(CLIENT_CAPS_MODERN.as_bytes());
            meta.extend_from_slice(b",\"io.modelcontextprotocol/clientInfo\":");
            meta.extend_from_slice(CLIENT_INFO.as_bytes());
        }
        let mut prompts_json = Vec::new();
        cat.write_prompts(&mut prompts_json);
        let mut resources_json = Vec::new();
        cat.write_resources(&mut resources_json);
        let mut templates_json = Vec::new();
        Catalog::write_templates(&mut templates_json);

        // Planned defects: explicit positions, and `Spread` ones evenly by bytes.
        let spread = opts
            .defects
            .iter()
            .filter(|(_, p)| *p == Position::Spread)
            .count() as u64;
        let mut spread_i = 0u64;
        let planned = opts
            .defects
            .iter()
            .map(|&(kind, requested)| {
                let trigger = match requested {
                    Position::Message(n) => Trigger::Message(n),
                    Position::Spread => {
                        spread_i += 1;
                        let at = u128::from(opts.target_bytes) * u128::from(spread_i)
                            / u128::from(spread + 1);
                        Trigger::Bytes(at as u64)
                    }
                };
                Planned {
                    kind,
                    requested,
                    trigger,
                }
            })
            .collect();
        let every = opts.defect_every.map(|n| Every {
            interval: n.get(),
            next_at: n.get(),
            next_kind: 0,
        });

        let report = Report {
            protocol: opts.protocol,
            seed: opts.seed,
            framing: opts.framing,
            target_bytes: opts.target_bytes,
            bytes: 0,
            lines: 0,
            messages: 0,
            requests: 0,
            responses: 0,
            error_responses: 0,
            notifications: 0,
            non_json_lines: 0,
            tool_calls: 0,
            progress_notifications: 0,
            large_payloads: 0,
            tools: cat.tools.len() as u64,
            prompts: cat.prompts.len() as u64,
            resources: cat.resources.len() as u64,
            defects: Vec::new(),
        };
        let mut rng = Rng::new(opts.seed, 3);
        let max_inflight = rng.range(1, 4) as usize;
        Engine {
            opts,
            modern,
            out: BufWriter::with_capacity(256 * 1024, out),
            rng,
            pool,
            cat,
            meta,
            prompts_json,
            resources_json,
            templates_json,
            large_cap: (opts.target_bytes / 16).clamp(LARGE_MIN + 1, LARGE_MAX),
            bytes: 0,
            payload_bytes: 0,
            lines: 0,
            messages: 0,
            next_id: 1,
            next_server_ping: 1,
            next_key: 0,
            orphans: 0,
            pending: Vec::new(),
            server_pending: Vec::new(),
            max_inflight,
            duplicated: Vec::new(),
            pinged: Vec::new(),
            planned,
            every,
            cooldown: 0,
            waited: 0,
            report,
            msg: Vec::with_capacity(64 * 1024),
            scratch: Vec::new(),
            head: Vec::with_capacity(128),
        }
    }

    // ----- output -------------------------------------------------------------------------

    fn emit(&mut self, msg: &[u8], dir: Dir, kind: Kind) -> io::Result<()> {
        debug_assert!(!msg.contains(&b'\n'), "a message must stay on one line");
        let written = match self.opts.framing {
            Framing::JsonLines => {
                self.out.write_all(msg)?;
                msg.len() + 1
            }
            Framing::TraceEnvelope => {
                self.head.clear();
                self.head.extend_from_slice(b"{\"seq\":");
                push_u64(&mut self.head, self.messages);
                self.head.extend_from_slice(match dir {
                    Dir::ClientToServer => b",\"direction\":\"client-to-server\"",
                    Dir::ServerToClient => b",\"direction\":\"server-to-client\"",
                });
                self.head.extend_from_slice(
                    b",\"transport\":\"stdio\",\"kind\":\"message\",\"payload\":",
                );
                self.out.write_all(&self.head)?;
                self.out.write_all(msg)?;
                self.out.write_all(b"}")?;
                self.head.len() + msg.len() + 2
            }
        };
        self.out.write_all(b"\n")?;
        self.bytes += written as u64;
        self.payload_bytes += msg.len() as u64 + 1;
        self.lines += 1;
        self.messages += 1;
        match kind {
            Kind::Request => self.report.requests += 1,
            Kind::Result => self.report.responses += 1,
            Kind::Error => {
                self.report.responses += 1;
                self.report.error_responses += 1;
            }
            Kind::Notification => self.report.notifications += 1,
        }
        Ok(())
    }

    fn emit_non_json(&mut self, line: &str) -> io::Result<()> {
        debug_assert!(!line.contains('\n'));
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        let len = line.len() as u64 + 1;
        self.bytes += len;
        self.payload_bytes += len;
        self.lines += 1;
        self.report.non_json_lines += 1;
        Ok(())
    }

    fn fresh_id(&mut self) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    // ----- message builders -----------------------------------------------------------------

    fn write_request(
        &self,
        m: &mut Vec<u8>,
        id: i64,
        method: &str,
        token: Option<&Token>,
        body: &[u8],
    ) {
        m.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
        push_i64(m, id);
        m.extend_from_slice(b",\"method\":\"");
        m.extend_from_slice(method.as_bytes());
        m.push(b'"');
        if self.modern {
            m.extend_from_slice(b",\"params\":{\"_meta\":{");
            m.extend_from_slice(&self.meta);
            if let Some(t) = token {
                m.extend_from_slice(b",\"progressToken\":");
                push_token(m, t);
            }
            m.push(b'}');
            if !body.is_empty() {
                m.push(b',');
                m.extend_from_slice(body);
            }
            m.push(b'}');
        } else if token.is_some() || !body.is_empty() {
            m.extend_from_slice(b",\"params\":{");
            if let Some(t) = token {
                m.extend_from_slice(b"\"_meta\":{\"progressToken\":");
                push_token(m, t);
                m.push(b'}');
                if !body.is_empty() {
                    m.push(b',');
                }
            }
            m.extend_from_slice(body);
            m.push(b'}');
        }
        m.push(b'}');
    }

    fn begin_result(&self, m: &mut Vec<u8>, id: &[u8]) -> Obj {
        m.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
        m.extend_from_slice(id);
        m.extend_from_slice(b",\"result\":");
        let mut o = Obj::begin(m);
        if self.modern {
            o.str(m, "resultType", "complete");
        }
        o
    }

    /// Closes a result; `cache` = `(cacheScope, ttlMs)` for cacheable results (modern only).
    fn end_result(&self, m: &mut Vec<u8>, mut o: Obj, cache: Option<(&str, i64)>) {
        if self.modern {
            if let Some((scope, ttl)) = cache {
                o.int(m, "ttlMs", ttl);
                o.str(m, "cacheScope", scope);
            }
            o.key(m, "_meta");
            m.extend_from_slice(b"{\"io.modelcontextprotocol/serverInfo\":");
            m.extend_from_slice(SERVER_INFO_SHORT.as_bytes());
            m.push(b'}');
        }
        o.end(m);
        m.push(b'}');
    }

    fn payload_size(&mut self) -> usize {
        let r = self.rng.below(1000);
        let size = if r < 10 {
            self.report.large_payloads += 1;
            self.rng.log_uniform(LARGE_MIN, self.large_cap)
        } else if r < 600 {
            self.rng.log_uniform(40, 600)
        } else {
            self.rng.log_uniform(600, 8_000)
        };
        size as usize
    }

    /// `{"type":"text","text":"<pool text>"}`.
    fn text_block(&mut self, m: &mut Vec<u8>, size: usize) {
        m.extend_from_slice(b"{\"type\":\"text\",\"text\":\"");
        self.pool.write_escaped(&mut self.rng, size, m);
        m.push(b'"');
        if self.rng.chance(60) {
            m.extend_from_slice(b",\"annotations\":{\"audience\":[\"assistant\"],\"priority\":");
            push_f64(m, f64::from(self.rng.range(1, 9) as u32) / 10.0);
            m.push(b'}');
        }
        m.push(b'}');
    }

    fn write_response(&mut self, m: &mut Vec<u8>, id: &[u8], plan: &Plan) -> Kind {
        match plan {
            Plan::Call { tool, fail } => {
                self.write_call_result(m, id, *tool, *fail);
                Kind::Result
            }
            Plan::UnknownTool { name } => {
                m.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
                m.extend_from_slice(id);
                m.extend_from_slice(b",\"error\":{\"code\":-32602,\"message\":");
                push_str(m, &format!("Unknown tool: {name}"));
                m.extend_from_slice(b"}}");
                Kind::Error
            }
            Plan::InvalidArgs { tool, why } => {
                let name = self.cat.tools[*tool].name;
                let mut o = self.begin_result(m, id);
                o.key(m, "content");
                m.extend_from_slice(b"[{\"type\":\"text\",\"text\":");
                push_str(m, &format!("Invalid arguments for tool {name}: {why}"));
                m.extend_from_slice(b"}]");
                o.bool(m, "isError", true);
                self.end_result(m, o, None);
                Kind::Result
            }
            Plan::Read { res } => {
                let r = &self.cat.resources[*res];
                let (uri, mime) = (r.uri, r.mime);
                let mut o = self.begin_result(m, id);
                o.key(m, "contents");
                m.push(b'[');
                let mut c = Obj::begin(m);
                c.str(m, "uri", uri);
                c.str(m, "mimeType", mime);
                c.key(m, "text");
                m.push(b'"');
                let size = self.rng.log_uniform(200, 20_000) as usize;
                self.pool.write_escaped(&mut self.rng, size, m);
                m.push(b'"');
                c.end(m);
                m.push(b']');
                self.end_result(m, o, Some(("private", 60_000)));
                Kind::Result
            }
            Plan::Prompt { idx } => {
                let p = &self.cat.prompts[*idx];
                let (desc, title) = (p.description, p.title);
                let mut o = self.begin_result(m, id);
                o.str(m, "description", desc);
                o.key(m, "messages");
                m.extend_from_slice(
                    b"[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"",
                );
                escape_raw_bytes(m, title.as_bytes());
                m.extend_from_slice(b"\\n\\n");
                let size = self.rng.log_uniform(100, 3_000) as usize;
                self.pool.write_escaped(&mut self.rng, size, m);
                m.extend_from_slice(b"\"}}");
                if self.rng.chance(400) {
                    m.extend_from_slice(
                        b",{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":",
                    );
                    push_str(m, &text::phrase(&mut self.rng, 4, 16));
                    m.extend_from_slice(b"}}");
                }
                m.push(b']');
                self.end_result(m, o, None);
                Kind::Result
            }
            Plan::Ping | Plan::SetLevel => {
                let o = self.begin_result(m, id);
                self.end_result(m, o, None);
                Kind::Result
            }
            Plan::ListPrompts => {
                let mut o = self.begin_result(m, id);
                o.raw(m, "prompts", &self.prompts_json);
                self.end_result(m, o, Some(("public", 300_000)));
                Kind::Result
            }
            Plan::ListResources => {
                let mut o = self.begin_result(m, id);
                o.raw(m, "resources", &self.resources_json);
                self.end_result(m, o, Some(("private", 60_000)));
                Kind::Result
            }
            Plan::ListTemplates => {
                let mut o = self.begin_result(m, id);
                o.raw(m, "resourceTemplates", &self.templates_json);
                self.end_result(m, o, Some(("public", 300_000)));
                Kind::Result
            }
            Plan::ListTools { first_page } => {
                let half = self.cat.tools.len().div_ceil(2);
                let range = if *first_page {
                    0..half
                } else {
                    half..self.cat.tools.len()
                };
                let mut o = self.begin_result(m, id);
                o.key(m, "tools");
                m.push(b'[');
                for (n, i) in range.enumerate() {
                    if n > 0 {
                        m.push(b',');
                    }
                    m.extend_from_slice(&self.cat.tool_json[i]);
                }
                m.push(b']');
                if *first_page {
                    o.str(m, "nextCursor", TOOLS_CURSOR);
                }
                self.end_result(m, o, Some(("public", 300_000)));
                Kind::Result
            }
            Plan::Initialize => {
                let mut o = self.begin_result(m, id);
                o.str(m, "protocolVersion", self.opts.protocol.as_str());
                o.raw(m, "capabilities", SERVER_CAPS_LEGACY.as_bytes());
                o.raw(m, "serverInfo", SERVER_INFO_FULL.as_bytes());
                o.str(m, "instructions", INSTRUCTIONS);
                self.end_result(m, o, None);
                Kind::Result
            }
            Plan::Discover => {
                let mut o = self.begin_result(m, id);
                o.raw(m, "supportedVersions", b"[\"2026-07-28\",\"2025-11-25\"]");
                o.raw(m, "capabilities", SERVER_CAPS_MODERN.as_bytes());
                o.str(m, "instructions", INSTRUCTIONS);
                o.int(m, "ttlMs", 3_600_000);
                o.str(m, "cacheScope", "public");
                o.key(m, "_meta");
                m.extend_from_slice(b"{\"io.modelcontextprotocol/serverInfo\":");
                m.extend_from_slice(SERVER_INFO_FULL.as_bytes());
                m.push(b'}');
                o.end(m);
                m.push(b'}');
                Kind::Result
            }
        }
    }

    fn write_call_result(&mut self, m: &mut Vec<u8>, id: &[u8], tool: usize, fail: bool) {
        let mut o = self.begin_result(m, id);
        o.key(m, "content");
        let t = &self.cat.tools[tool];
        if fail {
            let detail = match self.rng.below(5) {
                0 => format!(
                    "ENOENT: no such file or directory, open '{}'",
                    text::rel_path(&mut self.rng)
                ),
                1 => format!(
                    "operation timed out after {} ms",
                    self.rng.range(1_000, 60_000)
                ),
                2 => "permission denied by workspace policy".to_owned(),
                3 => "upstream service returned HTTP 503 (Service Unavailable)".to_owned(),
                _ => format!(
                    "rate limit exceeded, retry after {} s",
                    self.rng.range(1, 120)
                ),
            };
            m.extend_from_slice(b"[{\"type\":\"text\",\"text\":");
            push_str(m, &format!("Error: {detail}"));
            m.extend_from_slice(b"}]");
            o.bool(m, "isError", true);
        } else if let Some(output) = &t.output {
            let mut s = mem::take(&mut self.scratch);
            s.clear();
            schema::write_args(output, &mut self.rng, &mut s);
            m.extend_from_slice(b"[{\"type\":\"text\",\"text\":\"");
            escape_raw_bytes(m, &s);
            m.extend_from_slice(b"\"}]");
            o.raw(m, "structuredContent", &s);
            self.scratch = s;
        } else {
            let (name, payload) = (t.name, t.payload);
            m.push(b'[');
            match payload {
                Payload::Document => {
                    let size = self.payload_size();
                    self.text_block(m, size);
                    if self.rng.chance(100) {
                        m.push(b',');
                        let size = self.payload_size();
                        self.text_block(m, size);
                    }
                    if self.rng.chance(20) {
                        let r = &self.cat.resources[self.rng.index(self.cat.resources.len())];
                        m.extend_from_slice(b",{\"type\":\"resource_link\",\"uri\":");
                        push_str(m, r.uri);
                        m.extend_from_slice(b",\"name\":");
                        push_str(m, r.name);
                        m.extend_from_slice(b",\"mimeType\":");
                        push_str(m, r.mime);
                        m.push(b'}');
                    }
                }
                Payload::Ack => {
                    let msg = format!("{name} completed: {}.", text::phrase(&mut self.rng, 3, 12));
                    m.extend_from_slice(b"{\"type\":\"text\",\"text\":");
                    push_str(m, &msg);
                    m.push(b'}');
                }
            }
            m.push(b']');
            if self.rng.chance(300) {
                o.bool(m, "isError", false);
            }
        }
        self.end_result(m, o, None);
    }

    // ----- exchanges ------------------------------------------------------------------------

    /// A request answered immediately (handshake and discovery).
    fn roundtrip(&mut self, method: &'static str, body: &[u8], plan: &Plan) -> io::Result<()> {
        let id = self.fresh_id();
        let mut m = mem::take(&mut self.msg);
        m.clear();
        self.write_request(&mut m, id, method, None, body);
        self.emit(&m, Dir::ClientToServer, Kind::Request)?;
        m.clear();
        let mut id_json = Vec::new();
        push_i64(&mut id_json, id);
        let kind = self.write_response(&mut m, &id_json, plan);
        self.emit(&m, Dir::ServerToClient, kind)?;
        self.msg = m;
        Ok(())
    }

    fn preamble(&mut self) -> io::Result<()> {
        if self.modern {
            self.roundtrip("server/discover", b"", &Plan::Discover)?;
        } else {
            let mut body = Vec::new();
            let mut o = Obj::begin(&mut body);
            o.str(&mut body, "protocolVersion", self.opts.protocol.as_str());
            o.raw(&mut body, "capabilities", CLIENT_CAPS_LEGACY.as_bytes());
            o.raw(&mut body, "clientInfo", CLIENT_INFO.as_bytes());
            // Body = the members only.
            let members = body[1..].to_vec();
            self.roundtrip("initialize", &members, &Plan::Initialize)?;
            self.emit(
                b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                Dir::ClientToServer,
                Kind::Notification,
            )?;
            self.roundtrip("logging/setLevel", b"\"level\":\"info\"", &Plan::SetLevel)?;
        }
        self.roundtrip("tools/list", b"", &Plan::ListTools { first_page: true })?;
        let cursor = format!("\"cursor\":\"{TOOLS_CURSOR}\"");
        self.roundtrip(
            "tools/list",
            cursor.as_bytes(),
            &Plan::ListTools { first_page: false },
        )?;
        self.roundtrip("prompts/list", b"", &Plan::ListPrompts)?;
        self.roundtrip("resources/list", b"", &Plan::ListResources)?;
        self.roundtrip("resources/templates/list", b"", &Plan::ListTemplates)?;
        Ok(())
    }

    fn prompt_args(&mut self, idx: usize, body: &mut Vec<u8>) {
        let args = self.cat.prompts[idx].args;
        if args.is_empty() {
            return;
        }
        body.extend_from_slice(b",\"arguments\":");
        let mut o = Obj::begin(body);
        for (name, _, required) in args {
            if !*required && !self.rng.chance(500) {
                continue;
            }
            let value = match *name {
                "language" => (self.rng.pick(&["rust", "python", "typescript", "go"])).to_owned(),
                "target_lang" => (self.rng.pick(&["fr", "de", "ja", "es"])).to_owned(),
                "version" => format!(
                    "v{}.{}.{}",
                    self.rng.range(0, 4),
                    self.rng.range(0, 30),
                    self.rng.range(0, 9)
                ),
                "code" | "document" | "context" | "changes" => {
                    let mut s = String::new();
                    for _ in 0..self.rng.range(1, 4) {
                        s.push_str(&text::phrase(&mut self.rng, 3, 10));
                        s.push('\n');
                    }
                    s
                }
                _ => text::phrase(&mut self.rng, 2, 8),
            };
            o.str(body, name, &value);
        }
        o.end(body);
    }

    fn new_progress(&mut self, id: i64, slow: bool) -> Progress {
        let token = if self.modern {
            Token::Str(format!("progress-{id}"))
        } else {
            Token::Int(id)
        };
        let steps = self.rng.range(1, if slow { 8 } else { 4 });
        let style = match self.rng.below(3) {
            0 => ProgressStyle::Count {
                chunk: self.rng.range(1, 250),
                total: self.rng.chance(700),
            },
            1 => ProgressStyle::Fraction,
            _ => ProgressStyle::Open,
        };
        Progress {
            token,
            done: 0,
            steps,
            style,
            acc: 0,
        }
    }

    /// Starts an ordinary client request; returns its index in `pending`.
    fn start_request(&mut self, reuse_id: Option<i64>, allow_progress: bool) -> io::Result<usize> {
        let id = match reuse_id {
            Some(id) => id,
            None => self.fresh_id(),
        };
        // A reused id goes on a request only the client sends (not a `ping`), so that the
        // duplicate is unambiguous on a wire without directions.
        let r = self.rng.below(if reuse_id.is_some() { 975 } else { 1000 });
        let mut body = Vec::new();
        let mut progress = None;
        let (method, plan) = if r < 840 || (self.modern && r >= 975) {
            let tool = self.cat.pick_tool(&mut self.rng);
            let t = &self.cat.tools[tool];
            let slow = t.slow;
            body.extend_from_slice(b"\"name\":");
            push_str(&mut body, t.name);
            body.extend_from_slice(b",\"arguments\":");
            schema::write_args(&t.props, &mut self.rng, &mut body);
            let fail = t.output.is_none() && self.rng.chance(30);
            if allow_progress && self.rng.chance(if slow { 700 } else { 80 }) {
                progress = Some(self.new_progress(id, slow));
            }
            self.report.tool_calls += 1;
            ("tools/call", Plan::Call { tool, fail })
        } else if r < 900 {
            let res = self.rng.index(self.cat.resources.len());
            body.extend_from_slice(b"\"uri\":");
            push_str(&mut body, self.cat.resources[res].uri);
            ("resources/read", Plan::Read { res })
        } else if r < 945 {
            let idx = self.rng.index(self.cat.prompts.len());
            body.extend_from_slice(b"\"name\":");
            push_str(&mut body, self.cat.prompts[idx].name);
            self.prompt_args(idx, &mut body);
            ("prompts/get", Plan::Prompt { idx })
        } else if r < 955 {
            ("prompts/list", Plan::ListPrompts)
        } else if r < 965 {
            ("resources/list", Plan::ListResources)
        } else if r < 975 {
            ("resources/templates/list", Plan::ListTemplates)
        } else {
            if self.pinged.last().is_none_or(|&last| last < id) {
                self.pinged.push(id);
            }
            ("ping", Plan::Ping)
        };
        let mut m = mem::take(&mut self.msg);
        m.clear();
        self.write_request(
            &mut m,
            id,
            method,
            progress.as_ref().map(|p| &p.token),
            &body,
        );
        self.emit(&m, Dir::ClientToServer, Kind::Request)?;
        self.msg = m;
        let key = self.next_key;
        self.next_key += 1;
        self.pending.push(Pending {
            key,
            id,
            method,
            body,
            plan,
            progress,
            clean: true,
            after: None,
        });
        Ok(self.pending.len() - 1)
    }

    fn emit_progress(&mut self, idx: usize) -> io::Result<()> {
        let mut m = mem::take(&mut self.msg);
        m.clear();
        let message = self.rng.chance(500);
        let extra = self.rng.range(1, 500);
        let Some(p) = self.pending[idx].progress.as_mut() else {
            self.msg = m;
            return Ok(());
        };
        p.done += 1;
        m.extend_from_slice(
            b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":",
        );
        push_token(&mut m, &p.token);
        m.extend_from_slice(b",\"progress\":");
        match p.style {
            ProgressStyle::Count { chunk, total } => {
                push_u64(&mut m, p.done * chunk);
                if total {
                    m.extend_from_slice(b",\"total\":");
                    push_u64(&mut m, p.steps * chunk);
                }
            }
            ProgressStyle::Fraction => {
                push_f64(&mut m, f64::from(p.done as u32) / f64::from(p.steps as u32));
                m.extend_from_slice(b",\"total\":1");
            }
            ProgressStyle::Open => {
                p.acc += extra;
                push_u64(&mut m, p.acc);
            }
        }
        if message {
            m.extend_from_slice(b",\"message\":");
            push_str(&mut m, &format!("Step {} of {}", p.done, p.steps));
        }
        m.extend_from_slice(b"}}");
        self.report.progress_notifications += 1;
        self.emit(&m, Dir::ServerToClient, Kind::Notification)?;
        self.msg = m;
        Ok(())
    }

    fn respond(&mut self, p: &Pending) -> io::Result<()> {
        let mut m = mem::take(&mut self.msg);
        m.clear();
        let mut id_json = Vec::new();
        push_i64(&mut id_json, p.id);
        let kind = self.write_response(&mut m, &id_json, &p.plan);
        self.emit(&m, Dir::ServerToClient, kind)?;
        self.msg = m;
        Ok(())
    }

    /// Emits the next event of the pending request at `idx` (or of the request it must wait
    /// for): a progress notification, or the response.
    fn advance(&mut self, mut idx: usize) -> io::Result<()> {
        if let Some(after) = self.pending[idx].after
            && let Some(j) = self.pending.iter().position(|p| p.key == after)
        {
            idx = j;
        }
        let more_progress = self.pending[idx]
            .progress
            .as_ref()
            .is_some_and(|p| p.done < p.steps);
        if more_progress {
            self.emit_progress(idx)
        } else {
            let p = self.pending.remove(idx);
            self.respond(&p)
        }
    }

    fn server_ping(&mut self) -> io::Result<()> {
        let id = format!("srv-{}", self.next_server_ping);
        self.next_server_ping += 1;
        let mut m = mem::take(&mut self.msg);
        m.clear();
        m.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
        push_str(&mut m, &id);
        m.extend_from_slice(b",\"method\":\"ping\"}");
        self.emit(&m, Dir::ServerToClient, Kind::Request)?;
        self.msg = m;
        self.server_pending.push(id);
        Ok(())
    }

    fn answer_server_ping(&mut self) -> io::Result<()> {
        let i = self.rng.index(self.server_pending.len());
        let id = self.server_pending.remove(i);
        let mut m = mem::take(&mut self.msg);
        m.clear();
        m.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
        push_str(&mut m, &id);
        m.extend_from_slice(b",\"result\":{}}");
        self.emit(&m, Dir::ClientToServer, Kind::Result)?;
        self.msg = m;
        Ok(())
    }

    fn log_message(&mut self) -> io::Result<()> {
        let mut m = mem::take(&mut self.msg);
        m.clear();
        let level = match self.rng.below(20) {
            0..=11 => "info",
            12..=14 => "notice",
            15..=17 => "warning",
            _ => "error",
        };
        m.extend_from_slice(
            b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":",
        );
        push_str(&mut m, level);
        m.extend_from_slice(b",\"logger\":");
        push_str(
            &mut m,
            self.rng
                .pick(&["acme.worker", "acme.cache", "acme.db", "acme.http"]),
        );
        m.extend_from_slice(b",\"data\":");
        if self.rng.chance(500) {
            let mut o = Obj::begin(&mut m);
            o.str(
                &mut m,
                "event",
                self.rng.pick(&[
                    "cache_refresh",
                    "pool_resize",
                    "index_rebuilt",
                    "slow_query",
                ]),
            );
            o.int(&mut m, "durationMs", self.rng.range_i64(1, 5_000));
            o.int(&mut m, "entries", self.rng.range_i64(0, 100_000));
            o.end(&mut m);
        } else {
            push_str(&mut m, &text::phrase(&mut self.rng, 4, 14));
        }
        m.extend_from_slice(b"}}");
        self.emit(&m, Dir::ServerToClient, Kind::Notification)?;
        self.msg = m;
        Ok(())
    }

    fn advance_random(&mut self) -> io::Result<()> {
        let idx = self.rng.index(self.pending.len());
        self.advance(idx)
    }

    /// One ordinary message.
    fn step(&mut self) -> io::Result<()> {
        if !self.server_pending.is_empty() && self.rng.chance(500) {
            return self.answer_server_ping();
        }
        let inflight = self.pending.len();
        let r = self.rng.below(1000);
        if inflight == 0 || (r < 380 && inflight < self.max_inflight) {
            if self.rng.chance(30) {
                self.max_inflight = self.rng.range(1, 4) as usize;
            }
            return self.start_request(None, true).map(|_| ());
        }
        if !self.modern && (380..410).contains(&r) {
            return self.log_message();
        }
        if !self.modern && (410..418).contains(&r) && self.server_pending.len() < 2 {
            return self.server_ping();
        }
        self.advance_random()
    }

    // ----- defects --------------------------------------------------------------------------

    fn due_defect(&self) -> Option<(usize, Defect, Position)> {
        if self.messages < self.cooldown {
            return None;
        }
        for (i, p) in self.planned.iter().enumerate() {
            let due = match p.trigger {
                Trigger::Message(n) => self.messages >= n,
                Trigger::Bytes(b) => self.payload_bytes >= b,
            };
            if due {
                return Some((i, p.kind, p.requested));
            }
        }
        let every = self.every.as_ref()?;
        (self.messages >= every.next_at).then(|| {
            (
                usize::MAX,
                Defect::ALL[every.next_kind % Defect::ALL.len()],
                Position::Message(every.next_at),
            )
        })
    }

    fn record(&mut self, kind: Defect, requested: Position, mark: (u64, u64, u64), detail: String) {
        self.report.defects.push(InjectedDefect {
            kind,
            requested,
            line: mark.0,
            offset: mark.1,
            message_index: mark.2,
            detail,
        });
    }

    fn mark(&self) -> (u64, u64, u64) {
        (self.lines + 1, self.bytes, self.messages)
    }

    /// Injects `kind` now if its preconditions hold; returns whether it did.
    fn try_defect(&mut self, kind: Defect, requested: Position) -> io::Result<bool> {
        let mark = self.mark();
        match kind {
            Defect::DuplicateRequestId if self.modern => {
                let candidates: Vec<usize> = (0..self.pending.len())
                    .filter(|&i| self.pending[i].clean && self.pending[i].after.is_none())
                    .collect();
                if candidates.is_empty() {
                    return Ok(false);
                }
                let orig = candidates[self.rng.index(candidates.len())];
                self.pending[orig].clean = false;
                let (id, method, body, plan, key) = {
                    let o = &self.pending[orig];
                    (o.id, o.method, o.body.clone(), o.plan.clone(), o.key)
                };
                let mut m = mem::take(&mut self.msg);
                m.clear();
                self.write_request(&mut m, id, method, None, &body);
                self.emit(&m, Dir::ClientToServer, Kind::Request)?;
                self.msg = m;
                if method == "tools/call" {
                    self.report.tool_calls += 1;
                }
                let new_key = self.next_key;
                self.next_key += 1;
                self.pending.push(Pending {
                    key: new_key,
                    id,
                    method,
                    body,
                    plan,
                    progress: None,
                    clean: false,
                    after: Some(key),
                });
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("{method} reuses id {id} of a request still in flight"),
                );
            }
            Defect::DuplicateRequestId => {
                let Some(id) = self.reusable_id() else {
                    return Ok(false);
                };
                self.duplicated.push(id);
                let idx = self.start_request(Some(id), false)?;
                self.pending[idx].clean = false;
                let method = self.pending[idx].method;
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("{method} reuses id {id} of an earlier, answered request"),
                );
            }
            Defect::ResponseToUnknownId => {
                self.orphans += 1;
                let id = ORPHAN_BASE + self.orphans;
                let mut id_json = Vec::new();
                push_i64(&mut id_json, id);
                let mut m = mem::take(&mut self.msg);
                m.clear();
                let mut o = self.begin_result(&mut m, &id_json);
                o.key(&mut m, "content");
                m.push(b'[');
                let size = self.rng.log_uniform(40, 600) as usize;
                self.text_block(&mut m, size);
                m.push(b']');
                self.end_result(&mut m, o, None);
                self.emit(&m, Dir::ServerToClient, Kind::Result)?;
                self.msg = m;
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("result for id {id}, which no request used"),
                );
            }
            Defect::CallUnknownTool => {
                let names = [
                    "fs.delete_tree",
                    "deploy.rollback",
                    "browser.open_tab",
                    "jira.create_ticket",
                    "search_docs_v2",
                    "image.resize",
                ];
                let start = self.rng.index(names.len());
                let Some(name) = (0..names.len())
                    .map(|k| names[(start + k) % names.len()])
                    .find(|n| !self.cat.has_tool(n))
                else {
                    return Ok(false);
                };
                let mut body = Vec::new();
                body.extend_from_slice(b"\"name\":");
                push_str(&mut body, name);
                body.extend_from_slice(b",\"arguments\":");
                let mut o = Obj::begin(&mut body);
                o.str(&mut body, "target", &text::slug(&mut self.rng));
                o.bool(&mut body, "dry_run", self.rng.chance(500));
                o.end(&mut body);
                self.push_defect_call(
                    body,
                    Plan::UnknownTool {
                        name: name.to_owned(),
                    },
                )?;
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("tools/call of `{name}`, which tools/list did not return"),
                );
            }
            Defect::ArgumentsViolateSchema => {
                // Prefer a tool without outputSchema (its isError result then leaves no doubt).
                let mut tool = self.cat.pick_tool(&mut self.rng);
                for _ in 0..20 {
                    if self.cat.tools[tool].output.is_none() {
                        break;
                    }
                    tool = self.cat.pick_tool(&mut self.rng);
                }
                let mut body = Vec::new();
                let mut why = None;
                for candidate in
                    (0..self.cat.tools.len()).map(|k| (tool + k) % self.cat.tools.len())
                {
                    let t = &self.cat.tools[candidate];
                    body.clear();
                    body.extend_from_slice(b"\"name\":");
                    push_str(&mut body, t.name);
                    body.extend_from_slice(b",\"arguments\":");
                    why = schema::write_invalid_args(&t.props, t.closed, &mut self.rng, &mut body);
                    if why.is_some() {
                        tool = candidate;
                        break;
                    }
                }
                let Some(why) = why else {
                    return Ok(false);
                };
                let name = self.cat.tools[tool].name;
                self.push_defect_call(
                    body,
                    Plan::InvalidArgs {
                        tool,
                        why: why.clone(),
                    },
                )?;
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("tools/call of `{name}`: {why}"),
                );
            }
            Defect::NonJsonStdoutLine => {
                let line = match self.rng.below(6) {
                    0 => "Server listening on stdio".to_owned(),
                    1 => format!(
                        "Acme Toolbox MCP server v3.2.0 started (pid {})",
                        self.rng.range(1_000, 99_999)
                    ),
                    2 => "Warning: the punycode module is deprecated. Please use a userland alternative instead.".to_owned(),
                    3 => "npm WARN exec The following package was not found and will be installed: acme-toolbox-mcp@3.2.0".to_owned(),
                    4 => format!(
                        "Loaded {} tools, {} prompts and {} resources in {} ms",
                        self.cat.tools.len(),
                        self.cat.prompts.len(),
                        self.cat.resources.len(),
                        self.rng.range(5, 400)
                    ),
                    _ => format!("DEBUG cache warmed: {} entries", self.rng.range(16, 65_536)),
                };
                self.emit_non_json(&line)?;
                self.record(kind, requested, mark, format!("stdout line: {line}"));
            }
            Defect::PlaintextTokenInArguments => {
                let mut tool = self.cat.pick_tool(&mut self.rng);
                for _ in 0..50 {
                    if schema::free_text_prop(&self.cat.tools[tool].props).is_some() {
                        break;
                    }
                    tool = self.cat.pick_tool(&mut self.rng);
                }
                let tool = if schema::free_text_prop(&self.cat.tools[tool].props).is_some() {
                    tool
                } else {
                    match (0..self.cat.tools.len())
                        .find(|&i| schema::free_text_prop(&self.cat.tools[i].props).is_some())
                    {
                        Some(i) => i,
                        None => return Ok(false),
                    }
                };
                let token = github_token(&mut self.rng);
                let t = &self.cat.tools[tool];
                let Some(prop) = schema::free_text_prop(&t.props) else {
                    return Ok(false);
                };
                let mut body = Vec::new();
                body.extend_from_slice(b"\"name\":");
                push_str(&mut body, t.name);
                body.extend_from_slice(b",\"arguments\":");
                let mut value = Vec::new();
                push_str(&mut value, &token);
                let value = String::from_utf8(value).unwrap_or_default();
                schema::write_args_with(&t.props, prop, value, &mut self.rng, &mut body);
                let name = t.name;
                self.push_defect_call(body, Plan::Call { tool, fail: false })?;
                self.record(
                    kind,
                    requested,
                    mark,
                    format!("GitHub token in arguments.{prop} of a `{name}` call"),
                );
            }
        }
        Ok(true)
    }

    /// Emits a `tools/call` built for a defect (fresh id, no progress) and queues its answer.
    fn push_defect_call(&mut self, body: Vec<u8>, plan: Plan) -> io::Result<()> {
        let id = self.fresh_id();
        let mut m = mem::take(&mut self.msg);
        m.clear();
        self.write_request(&mut m, id, "tools/call", None, &body);
        self.emit(&m, Dir::ClientToServer, Kind::Request)?;
        self.msg = m;
        self.report.tool_calls += 1;
        let key = self.next_key;
        self.next_key += 1;
        self.pending.push(Pending {
            key,
            id,
            method: "tools/call",
            body,
            plan,
            progress: None,
            clean: false,
            after: None,
        });
        Ok(())
    }

    /// An id the client used before, whose request is answered, and not duplicated yet.
    fn reusable_id(&mut self) -> Option<i64> {
        let usable = |e: &Self, id: i64| {
            !e.pending.iter().any(|p| p.id == id)
                && !e.duplicated.contains(&id)
                && e.pinged.binary_search(&id).is_err()
        };
        if self.next_id <= 1 {
            return None;
        }
        for _ in 0..32 {
            let id = self.rng.range_i64(1, self.next_id - 1);
            if usable(self, id) {
                return Some(id);
            }
        }
        (1..self.next_id).rev().find(|&id| usable(self, id))
    }

    // ----- phases ---------------------------------------------------------------------------

    fn execute(&mut self) -> io::Result<()> {
        loop {
            if self.payload_bytes >= self.opts.target_bytes && self.planned.is_empty() {
                return Ok(());
            }
            if let Some((i, kind, requested)) = self.due_defect() {
                if self.try_defect(kind, requested)? {
                    self.waited = 0;
                    self.cooldown = self.messages + 1;
                    if i == usize::MAX {
                        if let Some(every) = self.every.as_mut() {
                            every.next_at += every.interval;
                            every.next_kind += 1;
                        }
                    } else {
                        self.planned.remove(i);
                    }
                    continue;
                }
                self.waited += 1;
                if self.waited > MAX_DEFECT_WAIT {
                    return Err(io::Error::other(format!(
                        "could not place defect {kind} (requested at {requested})"
                    )));
                }
            }
            self.step()?;
        }
    }

    fn drain(&mut self) -> io::Result<()> {
        while !self.pending.is_empty() || !self.server_pending.is_empty() {
            if !self.server_pending.is_empty() && (self.pending.is_empty() || self.rng.chance(500))
            {
                self.answer_server_ping()?;
            } else {
                self.advance_random()?;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> io::Result<Report> {
        self.out.flush()?;
        let mut report = self.report;
        report.bytes = self.bytes;
        report.lines = self.lines;
        report.messages = self.messages;
        Ok(report)
    }
}

/// `ghp_` and 36 alphanumerics with the mix of a real token (upper, lower and digits), and
/// nothing a secret scanner would take for a placeholder.
fn github_token(rng: &mut Rng) -> String {
    const ALNUM: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    const PLACEHOLDERS: &[&str] = &[
        "xxx", "example", "sample", "test", "dummy", "todo", "abc", "123", "fake", "your", "demo",
        "redact", "change", "000", "aaa",
    ];
    loop {
        let body: String = (0..36)
            .map(|_| char::from(ALNUM[rng.index(ALNUM.len())]))
            .collect();
        let lower = body.to_ascii_lowercase();
        let mixed = body.bytes().any(|b| b.is_ascii_uppercase())
            && body.bytes().any(|b| b.is_ascii_lowercase())
            && body.bytes().any(|b| b.is_ascii_digit());
        let runs = body
            .as_bytes()
            .windows(3)
            .any(|w| w[0] == w[1] && w[1] == w[2]);
        if mixed && !runs && !PLACEHOLDERS.iter().any(|p| lower.contains(p)) {
            return format!("ghp_{body}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::github_token;
    use crate::rng::Rng;

    #[test]
    fn tokens_have_the_github_shape() {
        let mut rng = Rng::new(9, 0);
        for _ in 0..100 {
            let t = github_token(&mut rng);
            assert_eq!(t.len(), 40);
            assert!(t.starts_with("ghp_"));
            assert!(t[4..].bytes().all(|b| b.is_ascii_alphanumeric()));
        }
    }
}
