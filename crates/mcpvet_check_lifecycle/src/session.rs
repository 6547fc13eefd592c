//! One session (one connection between a client and a server) and the compact state the
//! checker keeps for it across entries: pending requests per direction, ids used,
//! declared capabilities, the negotiated version, progress tokens, subscriptions and the
//! phase. Nothing here refers to nodes of an earlier entry.
use std::collections::{HashMap, HashSet, VecDeque};

use mcpvet_ast::transcript::{
    Direction, ErrorObject, ProtocolVersion, RequestId, method_direction,
};
use mcpvet_diagnostics::{Findings, JsonPath, Reporter, Severity, Site};
use mcpvet_json::{JsonDocument, NodeId, Value, ValueKind};
use mcpvet_text::{Span, Spanned};

use crate::by_direction::ByDirection;
use crate::caps::{self, Caps};
use crate::catalog::{self, MethodInfo, Milestone, Side};
use crate::key::{Key, UsedIds};
use crate::phase::{Event, Outcome, Tracker, event_of};
use crate::rules::capability_not_declared::{self, Missing};
use crate::rules::invalid_input_required_result;
use crate::rules::invalid_input_retry::{self, Outstanding};
use crate::rules::missing_request_meta::{CLIENT_CAPABILITIES, PROTOCOL_VERSION};
use crate::rules::missing_result_type::{self, ResultType};
use crate::rules::response_to_unknown_id::Why;
use crate::rules::unanswered_request::End;
use crate::rules::{
    cancelled_initialize, duplicate_initialize, duplicate_request_id, invalid_cancellation,
    invalid_discover_result, invalid_initialize_request, invalid_initialize_result,
    invalid_pagination_cursor, invalid_progress_notification, invalid_protocol_version,
    invalid_subscription_notification, method_not_in_protocol_version, missing_initialize,
    missing_initialized_notification, missing_request_meta, notification_with_id,
    params_not_object, premature_initialized_notification, request_before_initialization,
    reserved_error_code, response_to_unknown_id, unanswered_request, wrong_direction,
};
use crate::{MessageInfo, Pair};

/// How many findings about requests before `initialize` are held back until an `initialize`
/// shows that they were premature (beyond that, they are dropped).
const PRE_INIT_LIMIT: usize = 256;
/// How many completed progress tokens are remembered (to say "after the final response").
const DONE_TOKENS: usize = 64;

/// What a message is, whatever form it was captured in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Request,
    Notification,
    Response,
    Error,
}

/// A message as the session logic reads it: a wire message, a batch element, the readable
/// parts of an invalid message, or an abbreviated log line.
#[derive(Debug)]
pub(crate) struct View<'m> {
    pub(crate) kind: Kind,
    pub(crate) method: Option<&'m Spanned<String>>,
    pub(crate) id: Option<&'m RequestId>,
    pub(crate) params: Option<NodeId>,
    pub(crate) result: Option<NodeId>,
    pub(crate) error: Option<&'m ErrorObject>,
    pub(crate) direction: Option<Direction>,
    /// The capture states the direction (not inferred).
    pub(crate) explicit: bool,
    /// The message body is there (not an abbreviated line nor an unreadable message): its
    /// content can be checked.
    pub(crate) wire: bool,
    /// The message (or the entry when there is no node).
    pub(crate) span: Span,
    /// The `MCP-Protocol-Version` header of the envelope, if any.
    pub(crate) header: Option<(Span, &'m str)>,
}

/// The method of a pending request.
#[derive(Debug, Clone)]
pub(crate) enum Method {
    Known(&'static MethodInfo),
    Other(Box<str>),
}

impl Method {
    fn of(name: &str) -> Method {
        catalog::method(name).map_or_else(|| Method::Other(name.into()), Method::Known)
    }

    pub(crate) fn name(&self) -> &str {
        match self {
            Method::Known(info) => info.name,
            Method::Other(name) => name,
        }
    }

    fn milestone(&self) -> Option<Milestone> {
        match self {
            Method::Known(info) => info.milestone,
            Method::Other(_) => None,
        }
    }

    fn is(&self, name: &str) -> bool {
        self.name() == name
    }
}

/// A request waiting for its response.
#[derive(Debug, Clone)]
struct Pending {
    method: Method,
    line: u32,
    index: u32,
    span: Span,
    /// Further requests with the same id still waiting (a duplicate id).
    extra: u32,
    token: Option<Key>,
    cancelled: bool,
    /// Not reported when unanswered (a notification sent as a request, a listen stream).
    exempt: bool,
    /// 2026: the capabilities the request declared.
    client_caps: Option<Caps>,
    /// 2026: the request asked for log messages.
    log_level: bool,
    /// 2026: `params.name`/`params.uri` of a request that may get `input_required`.
    target: Option<Box<str>>,
    /// Row of the `--messages` listing.
    row: Option<usize>,
    /// The JSON path of `span`, for a finding reported after the document is gone (the end
    /// of a streamed capture).
    path: Option<JsonPath>,
}

/// The JSON path of the node at `span`, kept for a finding reported later: at the end of a
/// streamed capture, the message's document is gone.
fn path_at(doc: &JsonDocument<'_>, span: Span) -> Option<JsonPath> {
    doc.node_at(span.start).map(Value::path)
}

/// A request remembered for a finding about it that only a later message (or the end of the
/// capture) can settle.
#[derive(Debug, Clone)]
struct Held {
    index: u32,
    span: Span,
    method: Box<str>,
    path: Option<JsonPath>,
}

/// A progress token of an in-flight request.
#[derive(Debug, Clone)]
struct Token {
    line: u32,
    last: Option<f64>,
}

/// A 2026 `subscriptions/listen` stream.
#[derive(Debug, Clone, Default)]
struct Subscription {
    requested: u8,
    uris: Vec<Box<str>>,
    acknowledged: Option<u8>,
}

const SUB_TOOLS: u8 = 1;
const SUB_PROMPTS: u8 = 2;
const SUB_RESOURCES: u8 = 4;
const SUB_UPDATES: u8 = 8;

/// The state of the `initialize` handshake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Init {
    NotSeen,
    Pending { line: u32 },
    Failed,
    Succeeded { line: u32 },
}

/// Counts of one session.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Counts {
    pub(crate) requests: usize,
    pub(crate) responses: usize,
    pub(crate) notifications: usize,
    pub(crate) unpaired: usize,
}

/// Everything a message handler needs besides the session.
#[derive(Debug)]
pub(crate) struct Cx<'a, 'd> {
    pub(crate) doc: &'a JsonDocument<'d>,
    /// Where findings about the message go.
    pub(crate) report: Reporter<'a>,
    pub(crate) index: u32,
    pub(crate) line: u32,
    pub(crate) forced: bool,
    pub(crate) listing: Option<&'a mut Vec<MessageInfo>>,
}

/// One session.
#[derive(Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one session, not a state machine"
)]
pub(crate) struct Session {
    pub(crate) server: Option<Box<str>>,
    pub(crate) version: ProtocolVersion,
    pub(crate) traffic: bool,
    pub(crate) closed: bool,
    pub(crate) phase: Tracker,
    pub(crate) counts: Counts,
    init: Init,
    init_key: Option<Key>,
    requested_version: Option<Box<str>>,
    negotiated: Option<Box<str>>,
    initialized: bool,
    /// First client request after a successful `initialize` while `initialized` is missing.
    unready: Option<Held>,
    /// Findings held back until an `initialize` shows the requests were premature.
    pre_init: Findings,
    /// First client request of a session without `initialize` so far.
    first_pre_init: Option<Held>,
    client_caps: Option<Caps>,
    server_caps: Option<Caps>,
    server_caps_source: &'static str,
    /// The tasks extension was declared by either side (2026).
    tasks_extension: bool,
    pending: ByDirection<HashMap<Key, Pending>>,
    used: ByDirection<UsedIds>,
    tokens: ByDirection<HashMap<Key, Token>>,
    done_tokens: VecDeque<(Key, u32)>,
    subscriptions: HashMap<Key, Subscription>,
    outstanding: Vec<Outstanding>,
    subscribed: Vec<Box<str>>,
    cursors: HashSet<Box<str>>,
    list_seen: bool,
    log_level_in_flight: u32,
}

const C2S: Option<Direction> = Some(Direction::ClientToServer);
const S2C: Option<Direction> = Some(Direction::ServerToClient);

/// The direction of a milestone request filed under `sender`: the unknown sender counts as
/// the client.
fn sent_by(sender: Option<Direction>) -> Option<Direction> {
    if sender == S2C { S2C } else { C2S }
}

/// The `MethodDirection` of a method as an `Option<Direction>` (its only direction).
fn table(method: &str) -> Option<Direction> {
    method_direction(method).single()
}

impl Session {
    pub(crate) fn new(server: Option<Box<str>>, version: ProtocolVersion) -> Session {
        Session {
            server,
            version,
            traffic: false,
            closed: false,
            phase: Tracker::default(),
            counts: Counts::default(),
            init: Init::NotSeen,
            init_key: None,
            requested_version: None,
            negotiated: None,
            initialized: false,
            unready: None,
            pre_init: Findings::new(),
            first_pre_init: None,
            client_caps: None,
            server_caps: None,
            server_caps_source: "",
            tasks_extension: false,
            pending: ByDirection::default(),
            used: ByDirection::default(),
            tokens: ByDirection::default(),
            done_tokens: VecDeque::new(),
            subscriptions: HashMap::new(),
            outstanding: Vec::new(),
            subscribed: Vec::new(),
            cursors: HashSet::new(),
            list_seen: false,
            log_level_in_flight: 0,
        }
    }

    fn modern(&self) -> bool {
        self.version.is_modern()
    }

    /// The severity of a capability requirement: MUST from 2025-06-18, SHOULD before.
    fn gate_severity(&self, should_only: bool) -> Severity {
        if should_only || self.version < ProtocolVersion::V2025_06_18 {
            Severity::Warning
        } else {
            Severity::Error
        }
    }

    /// Handles one message.
    pub(crate) fn message(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        self.traffic = true;
        if let Some((span, header)) = v.header
            && v.direction == C2S
            && !self.modern()
        {
            self.legacy_header(cx, span, header);
        }
        match v.kind {
            Kind::Request => self.request(cx, v),
            Kind::Notification => self.notification(cx, v),
            Kind::Response | Kind::Error => self.response(cx, v),
        }
    }

    fn listing_row(
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: Option<&str>,
        pair: Pair,
    ) -> Option<usize> {
        let listing = cx.listing.as_deref_mut()?;
        let kind = match v.kind {
            Kind::Request => "request",
            Kind::Notification => "notification",
            Kind::Response => "response",
            Kind::Error => "error",
        };
        listing.push(MessageInfo {
            index: cx.index,
            line: cx.line,
            direction: v.direction,
            inferred: !v.explicit,
            kind,
            abbreviated: !v.wire,
            method: method.map(str::to_owned),
            id: v.id.map(ToString::to_string),
            server: None,
            pair,
        });
        Some(listing.len() - 1)
    }

    // ----------------------------------------------------------------------------------
    // Requests

    fn request(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        let doc = cx.doc;
        self.counts.requests += 1;
        let Some(method) = v.method else {
            // A request whose method could not be read: its response still pairs.
            if let Some(key) = v.id.and_then(Key::of) {
                let row = Self::listing_row(cx, v, None, Pair::Unpaired);
                self.pending
                    .of_mut(v.direction)
                    .entry(key)
                    .or_insert(Pending {
                        method: Method::Other("(unreadable method)".into()),
                        line: cx.line,
                        index: cx.index,
                        span: v.span,
                        extra: 0,
                        token: None,
                        cancelled: false,
                        exempt: true,
                        client_caps: None,
                        log_level: false,
                        target: None,
                        row,
                        path: path_at(doc, v.span),
                    });
            }
            return;
        };
        let name = method.value.as_str();
        let info = catalog::method(name);
        let modern = self.modern();
        let direction = if modern && v.direction.is_none() {
            C2S
        } else {
            v.direction
        };
        let params = v
            .params
            .map(|p| doc.value(p))
            .filter(|p| p.kind() == ValueKind::Object);

        // 2026 request envelope.
        let mut request_caps = None;
        let mut log_level = false;
        // A method the version does not have is reported as such (MCP430), not for its envelope.
        let exists = info.is_none_or(|i| self.available(i));
        if modern && direction == C2S && v.wire {
            if exists {
                missing_request_meta::check(
                    v.params.map(|p| doc.value(p)),
                    method.span,
                    &mut cx.report,
                );
            }
            if let Some(meta) = params
                .and_then(|p| p.get("_meta"))
                .filter(|m| m.kind() == ValueKind::Object)
            {
                let mut meta_version = None;
                if let Some(pv) = meta.get(PROTOCOL_VERSION)
                    && let Some(text) = pv.as_str()
                {
                    invalid_protocol_version::check_requested(&text, pv, &mut cx.report);
                    meta_version = Some(text);
                }
                if let Some(c) = meta
                    .get(CLIENT_CAPABILITIES)
                    .filter(|c| c.kind() == ValueKind::Object)
                {
                    let c = Caps::client(c, self.version);
                    self.tasks_extension |= c.has(caps::EXT_TASKS);
                    request_caps = Some(c);
                }
                log_level = meta.get("io.modelcontextprotocol/logLevel").is_some();
                if let (Some((span, header)), Some(expected)) = (v.header, meta_version.as_deref())
                {
                    invalid_protocol_version::check_header(
                        header,
                        span,
                        expected,
                        "request's `_meta` protocol version",
                        &mut cx.report,
                    );
                }
            }
        }

        // Direction and version.
        let stated = v.direction.filter(|_| v.explicit);
        let reported_direction =
            wrong_direction::check_against_table(name, stated, method.span, &mut cx.report)
                || wrong_direction::check_server_request(
                    name,
                    direction,
                    modern,
                    method.span,
                    &mut cx.report,
                );
        if let Some(info) = info
            && !self.available(info)
            && !(reported_direction && modern)
            && (name != "server/discover" || matches!(self.init, Init::Succeeded { .. }))
        {
            method_not_in_protocol_version::check(info, self.version, method.span, &mut cx.report);
        }
        let exempt = notification_with_id::is_notification(name);
        if v.wire {
            notification_with_id::check(method, &mut cx.report);
        }

        // Legacy lifecycle.
        let key = v.id.and_then(Key::of);
        if !modern {
            self.legacy_request(cx, v, method, params, key.as_ref(), direction);
        }

        // Capabilities.
        self.gate_request(cx, v, method, params, direction);
        if !modern
            && name == "resources/subscribe"
            && let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str)
        {
            self.note_subscribe(&uri);
        }

        // Pagination.
        invalid_pagination_cursor::check_cursor(
            name,
            params,
            self.list_seen,
            &self.cursors,
            &mut cx.report,
        );

        // 2026 patterns.
        if modern && direction == C2S && v.wire {
            if let Some(p) = params
                && (p.get("inputResponses").is_some() || p.get("requestState").is_some())
            {
                invalid_input_retry::check(
                    p,
                    (name, method.span, key.as_ref()),
                    &mut self.outstanding,
                    &mut cx.report,
                );
            }
            if name == "subscriptions/listen"
                && let Some(key) = &key
            {
                self.subscriptions
                    .insert(key.clone(), listen_filter(params));
            }
        }

        // Pairing.
        let row = Self::listing_row(cx, v, Some(name), Pair::Unpaired);
        let token = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("progressToken"))
            .and_then(Key::of_value);
        if let Some(key) = key {
            let in_flight = self.pending.of(direction).get(&key).map(|p| p.line);
            let answered = self.used.of(direction).get(&key);
            duplicate_request_id::check(
                &key,
                v.id.map_or(v.span, |id| id.span),
                in_flight,
                answered,
                modern,
                &mut cx.report,
            );
            if let Some(p) = self.pending.of_mut(direction).get_mut(&key) {
                p.extra += 1;
            } else {
                let target = (modern && catalog::allows_input_required(name))
                    .then(|| params.and_then(invalid_input_retry::target))
                    .flatten();
                if log_level {
                    self.log_level_in_flight += 1;
                }
                self.pending.of_mut(direction).insert(
                    key,
                    Pending {
                        method: Method::of(name),
                        line: cx.line,
                        index: cx.index,
                        span: method.span,
                        extra: 0,
                        token: token.clone(),
                        cancelled: false,
                        exempt: exempt || name == "subscriptions/listen",
                        client_caps: request_caps,
                        log_level,
                        target,
                        row,
                        path: path_at(doc, method.span),
                    },
                );
                if let Some(token) = token {
                    self.register_token(cx, direction, token, params);
                }
            }
        }

        // Phase.
        if let Some(m) = info.and_then(|i| i.milestone)
            && self.counts_as_milestone(m, direction)
        {
            self.phase.record(event_of(m, Outcome::Sent));
        }
    }

    /// Whether `info` exists in the session's version.
    fn available(&self, info: &MethodInfo) -> bool {
        info.versions.contains(self.version)
            || (self.modern() && info.tasks_extension && self.tasks_extension)
    }

    fn counts_as_milestone(&self, m: Milestone, direction: Option<Direction>) -> bool {
        if direction == S2C {
            return false;
        }
        match m {
            Milestone::Initialize => !self.modern(),
            Milestone::Discover => self.modern(),
            _ => true,
        }
    }

    fn register_token(
        &mut self,
        cx: &mut Cx<'_, '_>,
        sender: Option<Direction>,
        token: Key,
        params: Option<Value<'_>>,
    ) {
        if let Some(existing) = self.tokens.of(sender).get(&token) {
            let span = params
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get("progressToken"))
                .map_or(Span::empty(0), Value::span);
            invalid_progress_notification::report(
                span,
                format!(
                    "progress token {token} is already used by a request still in flight (line {})",
                    existing.line
                ),
                "use a progress token unique among the requests in flight",
                &mut cx.report,
            );
            return;
        }
        self.tokens.of_mut(sender).insert(
            token,
            Token {
                line: cx.line,
                last: None,
            },
        );
    }

    fn legacy_request(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
        key: Option<&Key>,
        direction: Option<Direction>,
    ) {
        let doc = cx.doc;
        let name = method.value.as_str();
        if name == "initialize" {
            match self.init {
                Init::Pending { line } => {
                    duplicate_initialize::check(method.span, line, false, &mut cx.report);
                }
                Init::Succeeded { line } => {
                    duplicate_initialize::check(method.span, line, true, &mut cx.report);
                }
                Init::NotSeen | Init::Failed => {}
            }
            if v.wire {
                invalid_initialize_request::check(
                    v.params.map(|p| doc.value(p)),
                    method.span,
                    &mut cx.report,
                );
                if let Some(p) = params {
                    if let Some(pv) = p.get("protocolVersion")
                        && let Some(text) = pv.as_str()
                    {
                        invalid_protocol_version::check_requested(&text, pv, &mut cx.report);
                        self.requested_version = Some(text.as_ref().into());
                    }
                    if let Some(c) = p.get("capabilities") {
                        self.client_caps = Some(Caps::client(c, self.version));
                    }
                }
            }
            self.init = Init::Pending { line: cx.line };
            self.init_key = key.cloned();
            self.initialized = false;
            // Whatever came before `initialize` was premature after all.
            for finding in std::mem::take(&mut self.pre_init).into_parts().0 {
                cx.report.push(finding);
            }
            self.first_pre_init = None;
            return;
        }
        if direction == C2S {
            if name == "ping"
                || (name == "server/discover" && !matches!(self.init, Init::Succeeded { .. }))
            {
                return;
            }
            match self.init {
                Init::NotSeen => {
                    if self.first_pre_init.is_none() {
                        self.first_pre_init = Some(Held {
                            index: cx.index,
                            span: method.span,
                            method: name.into(),
                            path: path_at(doc, method.span),
                        });
                    }
                    if let Some(mut held) = self.held_report(cx.index) {
                        request_before_initialization::check(
                            name,
                            "before `initialize`",
                            false,
                            Site::new(method.span, path_at(doc, method.span)),
                            &mut held,
                        );
                    }
                }
                Init::Pending { .. } => request_before_initialization::check(
                    name,
                    "before the server answered `initialize`",
                    false,
                    method.span,
                    &mut cx.report,
                ),
                Init::Failed => request_before_initialization::check(
                    name,
                    "after `initialize` failed",
                    false,
                    method.span,
                    &mut cx.report,
                ),
                Init::Succeeded { .. } => {
                    if !self.initialized
                        && self.unready.is_none()
                        && name != "logging/setLevel"
                        && !notification_with_id::is_notification(name)
                    {
                        self.unready = Some(Held {
                            index: cx.index,
                            span: method.span,
                            method: name.into(),
                            path: path_at(doc, method.span),
                        });
                    }
                }
            }
        } else if direction == S2C && name != "ping" && !self.initialized {
            const WHEN: &str = "by the server before `notifications/initialized`";
            if self.init != Init::NotSeen {
                request_before_initialization::check(name, WHEN, true, method.span, &mut cx.report);
            } else if let Some(mut held) = self.held_report(cx.index) {
                let at = Site::new(method.span, path_at(doc, method.span));
                request_before_initialization::check(name, WHEN, true, at, &mut held);
            }
        }
    }

    /// Where a finding about message `index` is held until an `initialize` shows it was
    /// premature; `None` once [`PRE_INIT_LIMIT`] findings are held.
    fn held_report(&mut self, index: u32) -> Option<Reporter<'_>> {
        (self.pre_init.diagnostics().len() < PRE_INIT_LIMIT)
            .then(|| Reporter::for_message(&mut self.pre_init, index))
    }

    /// The capabilities of `side`, and where they were declared.
    fn caps_of(&self, side: Side) -> Option<(Caps, &'static str)> {
        match side {
            Side::Server => self.server_caps.map(|c| (c, self.server_caps_source)),
            Side::Client => self
                .client_caps
                .map(|c| (c, "the client's `initialize` request")),
        }
    }

    fn gate_request(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
        direction: Option<Direction>,
    ) {
        let name = method.value.as_str();
        let modern = self.modern();
        if catalog::method(name).is_some_and(|i| !self.available(i)) {
            return; // MCP430
        }
        let mut gates: Vec<(caps::Cap, Side, String, bool)> = Vec::new();
        let what = format!("`{name}`");
        if let Some(gate) = catalog::gate_of(name, self.version) {
            let expected = match gate.side {
                Side::Server => C2S,
                Side::Client => S2C,
            };
            if direction == expected && (!modern || gate.side == Side::Server) {
                gates.push((gate.cap, gate.side, what.clone(), gate.should_only));
            }
        }
        if !modern && name.starts_with("tasks/") {
            let receiver = match direction {
                Some(Direction::ClientToServer) => Some(Side::Server),
                Some(Direction::ServerToClient) => Some(Side::Client),
                None => None,
            };
            if let Some(side) = receiver
                && let Some(cap) = catalog::task_gate(name, side)
            {
                gates.push((cap, side, what.clone(), false));
            }
        }
        if !modern
            && v.wire
            && self.version >= ProtocolVersion::V2025_11_25
            && let Some(p) = params
        {
            match name {
                "sampling/createMessage" => {
                    if p.get("tools").is_some() || p.get("toolChoice").is_some() {
                        gates.push((
                            caps::C_SAMPLING_TOOLS,
                            Side::Client,
                            "`sampling/createMessage` with `tools`".to_owned(),
                            false,
                        ));
                    }
                    if matches!(
                        p.get("includeContext").and_then(Value::as_str).as_deref(),
                        Some("thisServer" | "allServers")
                    ) {
                        gates.push((
                            caps::C_SAMPLING_CONTEXT,
                            Side::Client,
                            "`sampling/createMessage` with `includeContext`".to_owned(),
                            true,
                        ));
                    }
                }
                "elicitation/create" => {
                    if p.get("mode").and_then(Value::as_str).as_deref() == Some("url") {
                        gates.push((
                            caps::C_ELICITATION_URL,
                            Side::Client,
                            "`elicitation/create` with `mode: \"url\"`".to_owned(),
                            false,
                        ));
                    } else {
                        gates.push((
                            caps::C_ELICITATION_FORM,
                            Side::Client,
                            "a form-mode `elicitation/create`".to_owned(),
                            false,
                        ));
                    }
                }
                _ => {}
            }
            if p.get("task").is_some() {
                let cap = match name {
                    "tools/call" => Some((caps::S_TASKS_TOOLS_CALL, Side::Server)),
                    "sampling/createMessage" => Some((caps::C_TASKS_SAMPLING, Side::Client)),
                    "elicitation/create" => Some((caps::C_TASKS_ELICITATION, Side::Client)),
                    _ => None,
                };
                if let Some((cap, side)) = cap {
                    gates.push((cap, side, format!("a task-augmented `{name}`"), false));
                }
            }
        }
        for (cap, side, what, should_only) in gates {
            let Some((declared, source)) = self.caps_of(side) else {
                continue;
            };
            if !declared.has(cap) {
                let severity = self.gate_severity(should_only);
                capability_not_declared::report_missing(
                    &Missing {
                        what: &what,
                        cap,
                        side,
                        source,
                        severity,
                    },
                    method.span,
                    &mut cx.report,
                );
                // One finding per message: the first missing capability explains it.
                break;
            }
        }
    }

    // ----------------------------------------------------------------------------------
    // Responses

    fn response(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        let doc = cx.doc;
        self.counts.responses += 1;
        let modern = self.modern();
        let direction = if modern && v.direction.is_none() {
            S2C
        } else {
            v.direction
        };
        wrong_direction::check_client_response(
            direction,
            modern,
            v.id.map_or(v.span, |id| id.span),
            &mut cx.report,
        );
        let Some(key) = v.id.and_then(Key::of) else {
            if let Some(error) = v.error {
                reserved_error_code::check(error, self.version, None, &mut cx.report);
            }
            Self::listing_row(cx, v, None, Pair::NotApplicable);
            return;
        };
        // The earliest request with that id (batch elements share an index: the first table
        // in order wins).
        let found = self
            .pending
            .other(direction)
            .filter_map(|(sender, p)| p.get(&key).map(|p| (p.index, sender)))
            .min_by_key(|(index, _)| *index)
            .map(|(_, sender)| sender);
        let Some(sender) = found else {
            if let Some(error) = v.error {
                reserved_error_code::check(error, self.version, None, &mut cx.report);
            }
            if let Some(result) = v.result.filter(|_| v.wire) {
                params_not_object::check_result(doc.value(result), None, &mut cx.report);
            }
            if modern && direction == C2S {
                // Already reported as a client response; there is nothing it could answer.
                Self::listing_row(cx, v, None, Pair::Unpaired);
                return;
            }
            let id_span = v.id.map_or(v.span, |id| id.span);
            let why = self.why_unknown(&key, direction);
            response_to_unknown_id::check(&key, why, id_span, &mut cx.report);
            self.counts.unpaired += 1;
            Self::listing_row(cx, v, None, Pair::Unpaired);
            return;
        };
        let pending = {
            let slot = self
                .pending
                .of_mut(sender)
                .get_mut(&key)
                .expect("found above");
            if slot.extra > 0 {
                slot.extra -= 1;
                slot.clone()
            } else {
                self.pending
                    .of_mut(sender)
                    .remove(&key)
                    .expect("found above")
            }
        };
        if !modern {
            self.used.of_mut(sender).insert(key.clone(), pending.line);
        }
        if pending.log_level {
            self.log_level_in_flight = self.log_level_in_flight.saturating_sub(1);
        }
        let row = Self::listing_row(cx, v, Some(pending.method.name()), Pair::Line(pending.line));
        if let (Some(listing), Some(request_row), Some(_)) =
            (cx.listing.as_deref_mut(), pending.row, row)
        {
            listing[request_row].pair = Pair::Line(cx.line);
        }
        if let Some(token) = &pending.token {
            self.tokens.of_mut(sender).remove(token);
            if self.done_tokens.len() == DONE_TOKENS {
                self.done_tokens.pop_front();
            }
            self.done_tokens.push_back((token.clone(), cx.line));
        }

        let name = pending.method.name();
        let is_error = v.kind == Kind::Error;
        if let Some(error) = v.error {
            reserved_error_code::check(error, self.version, Some(name), &mut cx.report);
        }
        if let Some(result) = v.result.filter(|_| v.wire) {
            params_not_object::check_result(doc.value(result), Some(name), &mut cx.report);
        }
        let result = v.result.filter(|_| v.wire);
        let mut outcome = if is_error {
            Outcome::Failed
        } else {
            Outcome::Succeeded
        };

        if name == "initialize" && !modern {
            if is_error {
                self.init = Init::Failed;
            } else {
                self.init = Init::Succeeded { line: pending.line };
                if let Some(result) = result {
                    self.initialize_result(cx, result);
                }
            }
        }
        if name == "server/discover"
            && !is_error
            && let Some(result) = result
        {
            invalid_discover_result::check(doc.value(result), &mut cx.report);
            if let Some(c) = doc
                .value(result)
                .get("capabilities")
                .filter(|c| c.kind() == ValueKind::Object)
            {
                let c = Caps::server(c);
                self.tasks_extension |= c.has(caps::EXT_TASKS);
                self.server_caps = Some(c);
                self.server_caps_source = "the `server/discover` result";
            }
        }
        if modern
            && !is_error
            && direction != C2S
            && !matches!(pending.method, Method::Known(info) if !self.available(info))
            && let Some(result) = result
        {
            let rt =
                missing_result_type::check(doc.value(result), self.tasks_extension, &mut cx.report);
            if rt == ResultType::InputRequired {
                outcome = Outcome::InputRequired;
                let required = invalid_input_required_result::check(
                    doc.value(result),
                    name,
                    pending.client_caps,
                    &mut cx.report,
                );
                if let Method::Known(info) = pending.method
                    && catalog::allows_input_required(info.name)
                {
                    self.outstanding.push(Outstanding {
                        method: info.name,
                        name: pending.target.clone(),
                        id: key.clone(),
                        line: pending.line,
                        state: required.state,
                        keys: required.keys,
                    });
                }
            }
        }
        if !is_error && let Some(result) = result {
            let value = doc.value(result);
            if invalid_pagination_cursor::paginated(name) && value.kind() == ValueKind::Object {
                self.list_seen = true;
                if let Some(cursor) =
                    invalid_pagination_cursor::check_next_cursor(value, name, &mut cx.report)
                {
                    self.cursors.insert(cursor);
                }
            }
            if name == "tools/call" && value.get("isError").and_then(Value::as_bool) == Some(true) {
                outcome = Outcome::Failed;
            }
        }
        if name == "subscriptions/listen" {
            self.subscriptions.remove(&key);
        }
        if let Some(m) = pending.method.milestone()
            && self.counts_as_milestone(m, sent_by(sender))
        {
            self.phase.record(event_of(m, outcome));
        }
    }

    fn why_unknown(&self, key: &Key, direction: Option<Direction>) -> Why {
        if let Some(other) = key.retyped()
            && let Some(p) = self
                .pending
                .other(direction)
                .find_map(|(_, p)| p.get(&other))
        {
            return Why::OtherType(p.line);
        }
        if let Some(line) = self
            .used
            .other(direction)
            .find_map(|(_, used)| used.get(key))
        {
            return Why::Answered(line);
        }
        Why::Unknown
    }

    fn initialize_result(&mut self, cx: &mut Cx<'_, '_>, result: NodeId) {
        let value = cx.doc.value(result);
        invalid_initialize_result::check(value, &mut cx.report);
        if value.kind() != ValueKind::Object {
            return;
        }
        if let Some(pv) = value.get("protocolVersion")
            && let Some(text) = pv.as_str()
        {
            invalid_protocol_version::check_returned(
                &text,
                pv,
                self.requested_version.as_deref(),
                &mut cx.report,
            );
            if let Some(version) = ProtocolVersion::parse(&text)
                && !version.is_modern()
                && !cx.forced
            {
                // The session follows the negotiated version from here on.
                self.version = version;
            }
            self.negotiated = Some(text.as_ref().into());
        }
        if let Some(c) = value.get("capabilities") {
            self.server_caps = Some(Caps::server(c));
            self.server_caps_source = "the server's `initialize` result";
        }
    }

    // ----------------------------------------------------------------------------------
    // Notifications

    fn notification(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        let doc = cx.doc;
        self.counts.notifications += 1;
        Self::listing_row(
            cx,
            v,
            v.method.map(|m| m.value.as_str()),
            Pair::NotApplicable,
        );
        let Some(method) = v.method else { return };
        let name = method.value.as_str();
        let info = catalog::method(name);
        let modern = self.modern();
        let direction = v.direction;
        let params = v
            .params
            .map(|p| doc.value(p))
            .filter(|p| p.kind() == ValueKind::Object);

        let stated = direction.filter(|_| v.explicit);
        let mut reported =
            wrong_direction::check_against_table(name, stated, method.span, &mut cx.report);
        if let Some(info) = info
            && !self.available(info)
        {
            method_not_in_protocol_version::check(info, self.version, method.span, &mut cx.report);
            reported = true;
        }
        if !reported {
            reported = wrong_direction::check_client_notification(
                name,
                direction,
                modern,
                method.span,
                &mut cx.report,
            );
        }
        // 2026 progress on a listen stream is reported as such (MCP437).
        let on_stream = modern
            && params
                .and_then(|p| p.get("_meta"))
                .and_then(|m| m.get("io.modelcontextprotocol/subscriptionId"))
                .is_some();

        match name {
            "notifications/initialized" if !modern => match self.init {
                Init::Succeeded { .. } => {
                    self.initialized = true;
                    self.unready = None;
                    self.phase.record(Event::Initialized);
                }
                Init::NotSeen => premature_initialized_notification::check(
                    "without any `initialize` request before it",
                    method.span,
                    &mut cx.report,
                ),
                Init::Pending { line } => premature_initialized_notification::check(
                    &format!("before the server answered `initialize` (line {line})"),
                    method.span,
                    &mut cx.report,
                ),
                Init::Failed => premature_initialized_notification::check(
                    "after `initialize` failed",
                    method.span,
                    &mut cx.report,
                ),
            },
            "notifications/cancelled" => self.cancelled(cx, v, method, params),
            "notifications/progress" if !reported && !on_stream => {
                self.progress(cx, v, method, params);
            }
            _ => {}
        }

        if modern {
            if direction != C2S && v.wire {
                self.subscription_notification(cx, method, params);
            }
            if name == "notifications/message"
                && direction != C2S
                && self.log_level_in_flight == 0
                && v.wire
            {
                let tagged = params
                    .and_then(|p| p.get("_meta"))
                    .and_then(|m| m.get("io.modelcontextprotocol/subscriptionId"))
                    .is_some();
                if !tagged {
                    capability_not_declared::no_log_level(method.span, &mut cx.report);
                }
            }
        } else {
            self.gate_notification(cx, v, method, params);
        }
    }

    fn gate_notification(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
    ) {
        let name = method.value.as_str();
        if catalog::method(name).is_some_and(|i| !self.available(i)) {
            return; // MCP430
        }
        let Some(gate) = catalog::gate_of(name, self.version) else {
            return;
        };
        // The sender of a notification: the server for its own features, the client for
        // `notifications/roots/list_changed`.
        let sender = table(name);
        if v.direction.is_some() && v.direction != sender {
            return;
        }
        let Some((declared, source)) = self.caps_of(gate.side) else {
            return;
        };
        let severity = self.gate_severity(gate.should_only);
        if !declared.has(gate.cap) {
            capability_not_declared::report_missing(
                &Missing {
                    what: &format!("`{name}`"),
                    cap: gate.cap,
                    side: gate.side,
                    source,
                    severity,
                },
                method.span,
                &mut cx.report,
            );
            return;
        }
        if name == "notifications/resources/updated"
            && let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str)
            && !self.subscribed.iter().any(|s| uri.starts_with(&**s))
        {
            capability_not_declared::unsubscribed(&uri, severity, method.span, &mut cx.report);
        }
    }

    fn cancelled(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
    ) {
        if !v.wire {
            return;
        }
        let Some(p) = params else { return };
        let Some(id) = p.get("requestId") else {
            invalid_cancellation::report(
                method.span,
                "`notifications/cancelled` has no `requestId`".to_owned(),
                "name the request to cancel in `requestId` (tasks are cancelled with `tasks/cancel`)",
                &mut cx.report,
            );
            return;
        };
        let Some(key) = Key::of_value(id) else {
            invalid_cancellation::report(
                id.span(),
                "`requestId` must be a string or an integer".to_owned(),
                "name the request to cancel by its id",
                &mut cx.report,
            );
            return;
        };
        let span = id.span();
        let modern = self.modern();
        if !modern
            && self.init_key.as_ref() == Some(&key)
            && self.init != Init::NotSeen
            && v.direction != S2C
        {
            let line = match self.init {
                Init::Pending { line } | Init::Succeeded { line } => line,
                _ => cx.line,
            };
            cancelled_initialize::check(id, line, &mut cx.report);
            if let Some(p) = self.pending.own_mut(C2S).find_map(|(_, p)| p.get_mut(&key)) {
                p.cancelled = true;
            }
            return;
        }
        if modern && v.direction == S2C {
            match self.pending.of_mut(C2S).get_mut(&key) {
                Some(p) if p.method.is("subscriptions/listen") => {
                    p.cancelled = true;
                    self.subscriptions.remove(&key);
                }
                _ => invalid_cancellation::report(
                    span,
                    format!(
                        "the server cancels request {key}, which is not an open `subscriptions/listen` stream"
                    ),
                    "in 2026-07-28 the server sends `notifications/cancelled` only to end a `subscriptions/listen` stream",
                    &mut cx.report,
                ),
            }
            return;
        }
        if let Some(p) = self
            .pending
            .own_mut(v.direction)
            .find_map(|(_, p)| p.get_mut(&key))
        {
            p.cancelled = true;
            return;
        }
        if let Some(p) = self.pending.opposite(v.direction).and_then(|p| p.get(&key)) {
            let line = p.line;
            invalid_cancellation::report(
                span,
                format!(
                    "`notifications/cancelled` names request {key} (line {line}), which the other party sent"
                ),
                "cancel only requests you sent yourself",
                &mut cx.report,
            );
            return;
        }
        if let Some(line) = self
            .used
            .own(v.direction)
            .find_map(|(_, used)| used.get(&key))
        {
            invalid_cancellation::report(
                span,
                format!(
                    "`notifications/cancelled` names request {key} (line {line}), which was already answered"
                ),
                "cancel only requests still in progress",
                &mut cx.report,
            );
            return;
        }
        let hint = key
            .retyped()
            .filter(|other| {
                self.pending
                    .own(v.direction)
                    .any(|(_, p)| p.contains_key(other))
            })
            .map(|other| {
                format!(" (a request with id {other} is in flight: ids keep their JSON type)")
            })
            .unwrap_or_default();
        invalid_cancellation::report(
            span,
            format!(
                "`notifications/cancelled` names request {key}, but no request with that id is in flight{hint}"
            ),
            "name the id of a request in progress, exactly as it was sent",
            &mut cx.report,
        );
    }

    fn progress(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
    ) {
        if !v.wire {
            return;
        }
        let Some(p) = params else { return };
        let Some(token_value) = p.get("progressToken") else {
            invalid_progress_notification::report(
                method.span,
                "`notifications/progress` has no `progressToken`".to_owned(),
                "send the `progressToken` of the request the progress is about",
                &mut cx.report,
            );
            return;
        };
        let Some(token) = Key::of_value(token_value) else {
            invalid_progress_notification::report(
                token_value.span(),
                "`progressToken` must be a string or an integer".to_owned(),
                "send the token exactly as the request gave it",
                &mut cx.report,
            );
            return;
        };
        let span = token_value.span();
        let progress = p
            .get("progress")
            .and_then(Value::as_number)
            .map(mcpvet_json::Number::as_f64);
        for (_, tokens) in self.tokens.other_mut(v.direction) {
            if let Some(t) = tokens.get_mut(&token) {
                if let (Some(last), Some(now)) = (t.last, progress)
                    && now <= last
                {
                    let at = p.get("progress").map_or(span, Value::span);
                    invalid_progress_notification::report(
                        at,
                        format!(
                            "`progress` {now} does not increase (the previous notification for token {token} said {last})"
                        ),
                        "send a greater `progress` value with each notification",
                        &mut cx.report,
                    );
                }
                if progress.is_some() {
                    t.last = progress;
                }
                return;
            }
        }
        if let Some((_, line)) = self.done_tokens.iter().rev().find(|(t, _)| *t == token) {
            invalid_progress_notification::report(
                span,
                format!(
                    "progress for token {token} arrives after the final response (line {line})"
                ),
                "stop sending progress once the request is answered",
                &mut cx.report,
            );
            return;
        }
        let hint = token
            .retyped()
            .filter(|other| {
                self.tokens
                    .other(v.direction)
                    .any(|(_, t)| t.contains_key(other))
            })
            .map(|other| {
                format!(" (an in-flight request has token {other}: tokens keep their JSON type)")
            })
            .unwrap_or_default();
        invalid_progress_notification::report(
            span,
            format!("progress token {token} matches no in-flight request's `progressToken`{hint}"),
            "send progress only for requests that asked for it with `_meta.progressToken`",
            &mut cx.report,
        );
    }

    fn subscription_notification(
        &mut self,
        cx: &mut Cx<'_, '_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
    ) {
        let name = method.value.as_str();
        let tag = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("io.modelcontextprotocol/subscriptionId"));
        let kind = match name {
            "notifications/tools/list_changed" => Some(SUB_TOOLS),
            "notifications/prompts/list_changed" => Some(SUB_PROMPTS),
            "notifications/resources/list_changed" => Some(SUB_RESOURCES),
            "notifications/resources/updated" => Some(SUB_UPDATES),
            _ => None,
        };
        let report = |cx: &mut Cx<'_, '_>, span: Span, message: String, help: &str| {
            invalid_subscription_notification::report(span, message, help, &mut cx.report);
        };
        let Some(tag) = tag else {
            if kind.is_some() {
                report(
                    cx,
                    method.span,
                    format!(
                        "`{name}` has no `io.modelcontextprotocol/subscriptionId`; in 2026-07-28 it travels only on a `subscriptions/listen` stream"
                    ),
                    "send it on the listen stream, tagged with the listen request's id",
                );
            } else if name == "notifications/subscriptions/acknowledged" {
                report(
                    cx,
                    method.span,
                    "`notifications/subscriptions/acknowledged` has no `io.modelcontextprotocol/subscriptionId`".to_owned(),
                    "tag it with the id of the `subscriptions/listen` request",
                );
            }
            return;
        };
        let span = tag.span();
        if matches!(name, "notifications/progress" | "notifications/message") {
            report(
                cx,
                span,
                format!("`{name}` must not travel on a `subscriptions/listen` stream"),
                "send it on the stream of the request it is about, without `subscriptionId`",
            );
            return;
        }
        let Some(key) = Key::of_value(tag) else {
            report(
                cx,
                span,
                "`subscriptionId` must be a string or an integer".to_owned(),
                "use the id of the listen request",
            );
            return;
        };
        let Some(sub) = self.subscriptions.get_mut(&key) else {
            let hint = key
                .retyped()
                .filter(|other| self.subscriptions.contains_key(other))
                .map(|other| {
                    format!(" (a listen request has id {other}: the id keeps its JSON type)")
                })
                .unwrap_or_default();
            report(
                cx,
                span,
                format!(
                    "`subscriptionId` {key} matches no open `subscriptions/listen` request{hint}"
                ),
                "tag notifications with the id of an open listen request",
            );
            return;
        };
        if name == "notifications/subscriptions/acknowledged" {
            if sub.acknowledged.is_some() {
                report(
                    cx,
                    method.span,
                    format!("subscription {key} is acknowledged a second time"),
                    "acknowledge a subscription once, first",
                );
                return;
            }
            let granted = params
                .and_then(|p| p.get("notifications"))
                .map_or(0, |n| filter_flags(n).0);
            sub.acknowledged = Some(granted);
            let extra = granted & !sub.requested;
            if extra != 0 {
                report(
                    cx,
                    method.span,
                    format!(
                        "the acknowledgement of subscription {key} grants {}, which the client did not request",
                        flag_names(extra)
                    ),
                    "grant only a subset of what the listen request asked for",
                );
            }
            return;
        }
        let Some(granted) = sub.acknowledged else {
            report(
                cx,
                method.span,
                format!(
                    "`{name}` on subscription {key} comes before `notifications/subscriptions/acknowledged`"
                ),
                "acknowledge the subscription before sending anything on it",
            );
            return;
        };
        if let Some(flag) = kind {
            if granted & flag == 0 {
                report(
                    cx,
                    method.span,
                    format!(
                        "`{name}` was not granted on subscription {key} (the client did not opt in, or the acknowledgement left it out)"
                    ),
                    "send only notification types the subscription acknowledged",
                );
            } else if flag == SUB_UPDATES
                && let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str)
                && !sub.uris.iter().any(|s| uri.starts_with(&**s))
            {
                report(
                    cx,
                    method.span,
                    format!(
                        "`notifications/resources/updated` for \"{uri}\", which subscription {key} does not list in `resourceSubscriptions`"
                    ),
                    "send updates only for subscribed resources",
                );
            }
        }
    }

    // ----------------------------------------------------------------------------------
    // Other entries

    /// Records a legacy `resources/subscribe` (for the updates that may follow).
    fn note_subscribe(&mut self, uri: &str) {
        if !self.subscribed.iter().any(|s| &**s == uri) {
            self.subscribed.push(uri.into());
        }
    }

    /// An `MCP-Protocol-Version` header on a client message of a legacy session.
    pub(crate) fn legacy_header(&mut self, cx: &mut Cx<'_, '_>, span: Span, value: &str) {
        if self.modern() || !matches!(self.init, Init::Succeeded { .. }) || !self.initialized {
            return;
        }
        if let Some(expected) = self.negotiated.as_deref() {
            invalid_protocol_version::check_header(
                value,
                span,
                expected,
                "negotiated protocol version",
                &mut cx.report,
            );
        }
    }

    /// Records a phase event of a reconstructed message (SDK captures, server signatures).
    pub(crate) fn reconstructed(&mut self, method: Option<&str>, outcome: Outcome, request: bool) {
        self.traffic = true;
        if request {
            self.counts.requests += 1;
        } else {
            self.counts.responses += 1;
        }
        let Some(m) = method.and_then(catalog::method).and_then(|i| i.milestone) else {
            return;
        };
        if self.counts_as_milestone(m, C2S) {
            self.phase.record(event_of(m, outcome));
        }
    }

    /// Marks the session's transport as closed (a failed launch when nothing was sent).
    pub(crate) fn close_transport(&mut self) {
        self.closed = true;
        if !self.traffic {
            self.phase.record(Event::LaunchFailed);
        }
    }

    /// Reports what only the end of the session shows; `stdio` tells how sure the capture is
    /// to hold the whole session.
    pub(crate) fn finish(&mut self, stdio: bool, restarted: bool, report: &mut Reporter<'_>) {
        let end = if restarted {
            End::Restarted
        } else if self.closed {
            End::Closed
        } else {
            End::Capture
        };
        // Ordered by position (message index, then offset: batch elements share an index), so
        // that the output does not depend on hash order.
        let mut unanswered: Vec<((u32, u32), &Key, &Pending)> = Vec::new();
        let mut latest_pending: Option<((u32, u32), Milestone)> = None;
        let stage = self.phase.stage;
        let pending = std::mem::take(&mut self.pending);
        for (sender, pending) in pending.iter() {
            for (key, p) in pending {
                if p.cancelled || p.exempt {
                    continue;
                }
                let at = (p.index, p.span.start);
                self.counts.unpaired += 1 + p.extra as usize;
                unanswered.push((at, key, p));
                if let Some(m) = p.method.milestone()
                    && self.counts_as_milestone(m, sent_by(sender))
                    && event_of(m, Outcome::Sent).stage() == stage
                    && latest_pending.is_none_or(|(i, _)| at > i)
                {
                    latest_pending = Some((at, m));
                }
            }
        }
        unanswered.sort_by_key(|(at, ..)| *at);
        for (_, key, p) in unanswered {
            let at = Site::new(p.span, p.path.clone());
            unanswered_request::check(p.method.name(), key, end, at, &mut report.message(p.index));
        }
        if let Some((_, m)) = latest_pending {
            self.phase.event = event_of(m, Outcome::Sent);
        }
        if !self.modern() {
            if self.init == Init::NotSeen
                && let Some(held) = self.first_pre_init.take()
            {
                let at = Site::new(held.span, held.path);
                missing_initialize::check(&held.method, stdio, at, &mut report.message(held.index));
            }
            if matches!(self.init, Init::Succeeded { .. })
                && !self.initialized
                && let Some(held) = self.unready.take()
            {
                let at = Site::new(held.span, held.path);
                missing_initialized_notification::check(
                    &held.method,
                    at,
                    &mut report.message(held.index),
                );
            }
        }
        self.pre_init = Findings::new();
        for (_, used) in self.used.iter_mut() {
            used.clear();
        }
        for (_, tokens) in self.tokens.iter_mut() {
            tokens.clear();
        }
        self.subscriptions.clear();
        self.outstanding.clear();
        self.cursors.clear();
    }
}

/// The notification types of a `SubscriptionFilter`, and its resource URIs.
fn filter_flags(filter: Value<'_>) -> (u8, Vec<Box<str>>) {
    let mut flags = 0;
    let mut uris = Vec::new();
    if filter.kind() != ValueKind::Object {
        return (flags, uris);
    }
    for (key, flag) in [
        ("toolsListChanged", SUB_TOOLS),
        ("promptsListChanged", SUB_PROMPTS),
        ("resourcesListChanged", SUB_RESOURCES),
    ] {
        if filter.get(key).and_then(Value::as_bool) == Some(true) {
            flags |= flag;
        }
    }
    if let Some(list) = filter
        .get("resourceSubscriptions")
        .filter(|l| l.kind() == ValueKind::Array)
    {
        uris.extend(
            list.items()
                .filter_map(|u| u.as_str().map(|s| s.as_ref().into())),
        );
        if !uris.is_empty() {
            flags |= SUB_UPDATES;
        }
    }
    (flags, uris)
}

fn listen_filter(params: Option<Value<'_>>) -> Subscription {
    let (requested, uris) = params
        .and_then(|p| p.get("notifications"))
        .map(filter_flags)
        .unwrap_or_default();
    Subscription {
        requested,
        uris,
        acknowledged: None,
    }
}

fn flag_names(flags: u8) -> String {
    let mut names = Vec::new();
    for (flag, name) in [
        (SUB_TOOLS, "`toolsListChanged`"),
        (SUB_PROMPTS, "`promptsListChanged`"),
        (SUB_RESOURCES, "`resourcesListChanged`"),
        (SUB_UPDATES, "`resourceSubscriptions`"),
    ] {
        if flags & flag != 0 {
            names.push(name);
        }
    }
    names.join(", ")
}
