//! One session (one connection between a client and a server) and the compact state the
//! checker keeps for it across entries: pending requests per direction, ids used,
//! declared capabilities, the negotiated version, progress tokens, subscriptions and the
//! phase. Nothing here refers to nodes of an earlier entry.
use std::collections::{HashMap, HashSet, VecDeque};

use mcpvet_ast::transcript::{Direction, ErrorObject, ProtocolVersion, RequestId};
use mcpvet_diagnostics::{Findings, JsonPath, Reporter, Site};
use mcpvet_json::{JsonDocument, NodeId, Value, ValueKind};
use mcpvet_text::{Span, Spanned};

use crate::by_direction::ByDirection;
use crate::caps::{self, Caps};
use crate::catalog::{self, MethodInfo, Milestone};
use crate::key::{Key, UsedIds};
use crate::listen::Filter;
use crate::phase::{Event, Init, Outcome, Tracker, event_of};
use crate::rules::capability_not_declared::{self, Declared};
use crate::rules::invalid_cancellation::Target;
use crate::rules::invalid_input_required_result;
use crate::rules::invalid_input_retry::{self, Original};
use crate::rules::invalid_progress_notification::Token as Progress;
use crate::rules::invalid_subscription_notification::Stream;
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
    /// What the listen request asked for.
    requested: Filter,
    /// The notification types its acknowledgement granted (none yet: `None`).
    acknowledged: Option<u8>,
}

impl Subscription {
    /// The stream a `subscriptions/listen` request with `params` opens.
    fn listen(params: Option<Value<'_>>) -> Subscription {
        Subscription {
            requested: params
                .and_then(|p| p.get("notifications"))
                .map(Filter::of)
                .unwrap_or_default(),
            acknowledged: None,
        }
    }
}

/// An `input_required` result waiting for its retry.
#[derive(Debug, Clone)]
struct Outstanding {
    /// The method of the request it answered, and that request's `params.name` (or
    /// `params.uri`), id and line.
    method: &'static str,
    name: Option<Box<str>>,
    id: Key,
    line: u32,
    /// The `requestState` of the result, and the keys of its `inputRequests`.
    state: Option<Box<str>>,
    keys: Vec<Box<str>>,
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
                && invalid_input_retry::is_retry(p)
            {
                let state = p.get("requestState").and_then(Value::as_str);
                let target = invalid_input_retry::target(p);
                let original = self.take_outstanding(name, state.as_deref(), target.as_deref());
                let original = original.as_ref().map(|o| Original {
                    method: o.method,
                    id: &o.id,
                    line: o.line,
                    state: o.state.as_deref(),
                    keys: &o.keys,
                });
                invalid_input_retry::check(
                    name,
                    method.span,
                    key.as_ref(),
                    p,
                    original,
                    &mut cx.report,
                );
            }
            if name == "subscriptions/listen"
                && let Some(key) = &key
            {
                self.subscriptions
                    .insert(key.clone(), Subscription::listen(params));
            }
        }

        // Pairing.
        let row = Self::listing_row(cx, v, Some(name), Pair::Unpaired);
        let token = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("progressToken"))
            .and_then(|t| Some((Key::of_value(t)?, t)));
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
                        token: token.as_ref().map(|(token, _)| token.clone()),
                        cancelled: false,
                        exempt: exempt || name == "subscriptions/listen",
                        client_caps: request_caps,
                        log_level,
                        target,
                        row,
                        path: path_at(doc, method.span),
                    },
                );
                if let Some((token, at)) = token {
                    self.register_token(cx, direction, token, at);
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

    /// Takes the `input_required` result a retry of `method` answers: the one whose
    /// `requestState` it echoes, else the first of the same method and target (`name`).
    fn take_outstanding(
        &mut self,
        method: &str,
        state: Option<&str>,
        name: Option<&str>,
    ) -> Option<Outstanding> {
        let found = self
            .outstanding
            .iter()
            .position(|o| o.state.is_some() && o.state.as_deref() == state)
            .or_else(|| {
                self.outstanding
                    .iter()
                    .position(|o| o.method == method && o.name.as_deref() == name)
            });
        found.map(|i| self.outstanding.remove(i))
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
        at: Value<'_>,
    ) {
        let in_flight = self.tokens.of(sender).get(&token).map(|t| t.line);
        invalid_progress_notification::check_request_token(&token, at, in_flight, &mut cx.report);
        if in_flight.is_none() {
            self.tokens.of_mut(sender).insert(
                token,
                Token {
                    line: cx.line,
                    last: None,
                },
            );
        }
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
            duplicate_initialize::check(self.init, method.span, &mut cx.report);
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
            let init = self.init;
            match init {
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
                        let at = Site::new(method.span, path_at(doc, method.span));
                        request_before_initialization::check(name, init, at, &mut held);
                    }
                }
                Init::Pending { .. } | Init::Failed => {
                    request_before_initialization::check(name, init, method.span, &mut cx.report);
                }
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
            if self.init != Init::NotSeen {
                request_before_initialization::check_server(name, method.span, &mut cx.report);
            } else if let Some(mut held) = self.held_report(cx.index) {
                let at = Site::new(method.span, path_at(doc, method.span));
                request_before_initialization::check_server(name, at, &mut held);
            }
        }
    }

    /// Where a finding about message `index` is held until an `initialize` shows it was
    /// premature; `None` once [`PRE_INIT_LIMIT`] findings are held.
    fn held_report(&mut self, index: u32) -> Option<Reporter<'_>> {
        (self.pre_init.diagnostics().len() < PRE_INIT_LIMIT)
            .then(|| Reporter::for_message(&mut self.pre_init, index))
    }

    /// The capabilities declared so far, and where.
    fn declared(&self) -> Declared {
        Declared {
            client: self.client_caps,
            server: self.server_caps.map(|c| (c, self.server_caps_source)),
            version: self.version,
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
        if catalog::method(name).is_some_and(|i| !self.available(i)) {
            return; // MCP430
        }
        capability_not_declared::check_request(
            name,
            method.span,
            params,
            direction,
            v.wire,
            &self.declared(),
            &mut cx.report,
        );
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
            "notifications/initialized" if !modern => {
                premature_initialized_notification::check(self.init, method.span, &mut cx.report);
                if matches!(self.init, Init::Succeeded { .. }) {
                    self.initialized = true;
                    self.unready = None;
                    self.phase.record(Event::Initialized);
                }
            }
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
            if v.wire {
                capability_not_declared::check_log_level(
                    name,
                    method.span,
                    params,
                    direction,
                    self.log_level_in_flight,
                    &mut cx.report,
                );
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
        capability_not_declared::check_notification(
            name,
            method.span,
            params,
            v.direction,
            &self.declared(),
            &self.subscribed,
            &mut cx.report,
        );
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
        let Some((key, id)) =
            invalid_cancellation::check_request_id(p, method.span, &mut cx.report)
        else {
            return;
        };
        let initialize = self.initialize_request(cx.line);
        if cancelled_initialize::check(&key, id, v.direction, initialize, &mut cx.report) {
            if let Some(p) = self.pending.own_mut(C2S).find_map(|(_, p)| p.get_mut(&key)) {
                p.cancelled = true;
            }
            return;
        }
        let target = self.cancel(&key, v.direction);
        invalid_cancellation::check(&key, id, target, &mut cx.report);
    }

    /// The id and line of the `initialize` request of a legacy session that sent one (after
    /// a failure its line is not kept: `now` stands for it).
    fn initialize_request(&self, now: u32) -> Option<(&Key, u32)> {
        if self.modern() {
            return None;
        }
        let line = match self.init {
            Init::NotSeen => return None,
            Init::Pending { line } | Init::Succeeded { line } => line,
            Init::Failed => now,
        };
        Some((self.init_key.as_ref()?, line))
    }

    /// Marks the request a cancellation going `direction` names as cancelled, if it may:
    /// what the tables hold for `key`.
    fn cancel(&mut self, key: &Key, direction: Option<Direction>) -> Target {
        if self.modern() && direction == S2C {
            return match self.pending.of_mut(C2S).get_mut(key) {
                Some(p) if p.method.is("subscriptions/listen") => {
                    p.cancelled = true;
                    self.subscriptions.remove(key);
                    Target::InFlight
                }
                _ => Target::NotAListenStream,
            };
        }
        if let Some(p) = self
            .pending
            .own_mut(direction)
            .find_map(|(_, p)| p.get_mut(key))
        {
            p.cancelled = true;
            return Target::InFlight;
        }
        if let Some(p) = self.pending.opposite(direction).and_then(|p| p.get(key)) {
            return Target::OtherParty { line: p.line };
        }
        if let Some(line) = self.used.own(direction).find_map(|(_, used)| used.get(key)) {
            return Target::Answered { line };
        }
        let retyped = key.retyped().filter(|other| {
            self.pending
                .own(direction)
                .any(|(_, p)| p.contains_key(other))
        });
        Target::Unknown { retyped }
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
        let Some((token, at)) =
            invalid_progress_notification::check_token(p, method.span, &mut cx.report)
        else {
            return;
        };
        let known = self.progress_of(&token, v.direction);
        let now = invalid_progress_notification::check(p, &token, at, known, &mut cx.report);
        if now.is_some()
            && let Some(t) = self
                .tokens
                .other_mut(v.direction)
                .find_map(|(_, t)| t.get_mut(&token))
        {
            t.last = now;
        }
    }

    /// What the tables hold for the progress token of a notification going `direction`.
    fn progress_of(&self, token: &Key, direction: Option<Direction>) -> Progress {
        if let Some(t) = self.tokens.other(direction).find_map(|(_, t)| t.get(token)) {
            return Progress::InFlight { last: t.last };
        }
        if let Some((_, line)) = self.done_tokens.iter().rev().find(|(t, _)| t == token) {
            return Progress::Done { line: *line };
        }
        let retyped = token.retyped().filter(|other| {
            self.tokens
                .other(direction)
                .any(|(_, t)| t.contains_key(other))
        });
        Progress::Unknown { retyped }
    }

    fn subscription_notification(
        &mut self,
        cx: &mut Cx<'_, '_>,
        method: &Spanned<String>,
        params: Option<Value<'_>>,
    ) {
        let name = method.value.as_str();
        let Some((key, tag)) =
            invalid_subscription_notification::check_tag(name, method.span, params, &mut cx.report)
        else {
            return;
        };
        let stream = match self.subscriptions.get(&key) {
            Some(sub) => Stream::Open {
                requested: &sub.requested,
                acknowledged: sub.acknowledged,
            },
            None => Stream::Unknown {
                retyped: key
                    .retyped()
                    .filter(|other| self.subscriptions.contains_key(other)),
            },
        };
        let granted = invalid_subscription_notification::check(
            name,
            method.span,
            params,
            &key,
            tag,
            stream,
            &mut cx.report,
        );
        if let Some(granted) = granted
            && let Some(sub) = self.subscriptions.get_mut(&key)
        {
            sub.acknowledged = Some(granted);
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
