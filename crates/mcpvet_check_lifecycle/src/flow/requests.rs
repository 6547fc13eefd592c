//! Requests: the envelope and the direction, the legacy handshake, capabilities, and the
//! pending table that pairs each request with its response.
use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::Site;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Spanned;

use super::{Cx, View};
use crate::Pair;
use crate::by_direction::{C2S, S2C};
use crate::caps::{self, Caps};
use crate::catalog;
use crate::key::Key;
use crate::phase::{Init, Outcome, event_of};
use crate::rules::invalid_elicitation_request::{self, Mode};
use crate::rules::invalid_input_retry::{self, Original};
use crate::rules::missing_request_meta::{CLIENT_CAPABILITIES, PROTOCOL_VERSION};
use crate::rules::wrong_direction::Sent;
use crate::rules::{
    capability_not_declared, duplicate_initialize, duplicate_request_id,
    invalid_initialize_request, invalid_log_level, invalid_pagination_cursor,
    invalid_progress_notification, invalid_protocol_version, invalid_sampling_request,
    method_not_in_protocol_version, missing_request_meta, notification_with_id,
    request_before_initialization, sensitive_elicitation_field, unsafe_integer_id, wrong_direction,
};
use crate::session::{Held, Method, Pending, Session, Subscription, Token, path_at};

impl Session {
    /// Handles a request: its envelope, direction and version, the legacy handshake, its
    /// capability, its cursor, a 2026 retry or listen stream, then files it as pending.
    pub(super) fn request(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
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
                        ungated: None,
                        task: None,
                    });
            }
            return;
        };
        let name = method.value;
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
        if self.version == mcpvet_ast::transcript::ProtocolVersion::V2025_11_25
            && v.wire
            && params.is_some_and(|p| p.get("task").is_some())
            && let Some(key) = v.id.and_then(Key::of)
        {
            self.task_requests.of_mut(direction).insert(key, cx.line);
        }
        if self.counts.requests == 1
            && self.counts.responses == 0
            && self.counts.notifications == 0
            && matches!(name, "initialize" | "server/discover")
        {
            self.from_start = true;
        }

        // A method the version does not have is reported as such (MCP430), not for its
        // envelope or its capability.
        let exists = info.is_none_or(|i| self.available(i));

        // 2026 request envelope.
        let mut request_caps = None;
        let mut log_level = false;
        if modern && direction == C2S && v.wire {
            if exists
                && missing_request_meta::check(
                    v.params.map(|p| doc.value(p)),
                    method.span,
                    &mut cx.report,
                )
                && let Some(key) = v.id.and_then(Key::of)
            {
                self.missing_meta.push((key, method.span));
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
                if let Some(level) = meta.get("io.modelcontextprotocol/logLevel") {
                    log_level = true;
                    invalid_log_level::check(
                        level,
                        "`_meta` `io.modelcontextprotocol/logLevel`",
                        &mut cx.report,
                    );
                }
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
                || wrong_direction::check_modern(
                    Sent::Request(name),
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

        // Capabilities (a method the version does not have is MCP430's alone).
        let ungated = if exists {
            capability_not_declared::check_request(
                name,
                method.span,
                params,
                direction,
                v.wire,
                &self.declared(),
                &mut cx.report,
            )
        } else {
            None
        };
        // Client features: the shape of a server's sampling and elicitation requests.
        if exists && v.wire {
            let raw = v.params.map(|p| doc.value(p));
            match name {
                "sampling/createMessage" => {
                    invalid_sampling_request::check(raw, method.span, self.version, &mut cx.report);
                }
                "elicitation/create" => {
                    match invalid_elicitation_request::check(
                        raw,
                        method.span,
                        self.version,
                        &mut cx.report,
                    ) {
                        Some((Mode::Form, Some(properties))) => {
                            sensitive_elicitation_field::check(properties, &mut cx.report);
                        }
                        Some((Mode::Url, _)) => {
                            if let Some(id) = raw
                                .and_then(|p| p.get("elicitationId"))
                                .and_then(Value::as_str)
                            {
                                self.elicitation_ids.push(id.into());
                            }
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
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
            self.from_start || self.launched,
            &self.cursors,
            &mut cx.report,
        );

        // Log levels.
        if name == "logging/setLevel"
            && v.wire
            && let Some(level) = params.and_then(|p| p.get("level"))
            && invalid_log_level::check(level, "the `logging/setLevel` level", &mut cx.report)
            && let Some(key) = v.id.and_then(Key::of)
        {
            self.invalid_levels.push((direction, key));
        }

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
                    result: o.result,
                });
                let incomplete = invalid_input_retry::check(
                    name,
                    method.span,
                    key.as_ref(),
                    p,
                    original,
                    &mut cx.report,
                );
                if let (Some((missing, at)), Some(key)) = (incomplete, &key) {
                    self.incomplete_retries.push((key.clone(), missing, at));
                }
            }
            if name == "subscriptions/listen"
                && let Some(key) = &key
            {
                self.subscriptions
                    .insert(key.clone(), Subscription::listen(params));
            }
        }

        // 2025-11-25 tasks.
        let task = if exists && v.wire {
            self.task_request(cx, name, params, direction)
        } else {
            None
        };

        // Pairing.
        let row = Self::listing_row(cx, v, Some(name), Pair::Unpaired);
        let token = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("progressToken"));
        if v.wire
            && let Some(t) = token
        {
            invalid_progress_notification::check_request_token_type(t, &mut cx.report);
            unsafe_integer_id::check_token(t, &mut cx.report);
        }
        let token = token.and_then(|t| Some((Key::of_value(t)?, t)));
        if let Some(key) = key {
            let in_flight = self
                .pending
                .of(direction)
                .get(&key)
                .map(|p| (p.line, p.span));
            let answered = self.used.of(direction).get(&key);
            duplicate_request_id::check(
                &key,
                v.id_span,
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
                    key.clone(),
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
                        // Found when the document is done with (see `document_done`): most
                        // requests are answered before then and never need it.
                        path: None,
                        ungated,
                        task,
                    },
                );
                self.unpathed.push((direction, key));
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

    /// Files the progress token of a request of `sender` (its `_meta.progressToken`, `at`).
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

    /// The legacy lifecycle of a request: `initialize` starts the handshake; other requests
    /// before it completes are premature, or held until an `initialize` shows they were.
    fn legacy_request(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        method: Spanned<&str>,
        params: Option<Value<'_>>,
        key: Option<&Key>,
        direction: Option<Direction>,
    ) {
        let doc = cx.doc;
        let name = method.value;
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
}
