//! Responses: the request each one answers (or why there is none), and what its result
//! settles (the handshake, the server's capabilities, a list's cursor, an `input_required`
//! result waiting for its retry).
use mcpvet_ast::transcript::{Direction, ProtocolVersion, looks_like_initialize_result};
use mcpvet_json::{NodeId, Value, ValueKind};

use super::{Cx, Kind, View};
use crate::Pair;
use crate::by_direction::{C2S, S2C};
use crate::caps::{self, Caps};
use crate::catalog;
use crate::catalog::Milestone;
use crate::key::Key;
use crate::phase::{Init, Outcome, event_of};
use crate::rules::missing_result_type::{self, ResultType};
use crate::rules::response_to_unknown_id::{self, Why};
use crate::rules::wrong_direction::Sent;
use crate::rules::{
    capability_not_declared, invalid_discover_result, invalid_initialize_result,
    invalid_input_required_result, invalid_pagination_cursor, invalid_protocol_version,
    params_not_object, reserved_error_code, wrong_direction,
};
use crate::rules::{
    declared_method_not_found, invalid_log_level, jsonrpc_reserved_error_code, missing_error_data,
    response_after_cancellation,
};
use crate::rules::{
    incomplete_retry_error, invalid_completion_result, invalid_roots_result, missing_meta_accepted,
};
use crate::session::{Held, Method, Outstanding, Session, sent_by};

impl Session {
    /// Handles a response: finds the request it answers (or says why there is none), then
    /// checks its error or result and records what it settles.
    pub(super) fn response(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        let doc = cx.doc;
        self.counts.responses += 1;
        let modern = self.modern();
        let direction = if modern && v.direction.is_none() {
            S2C
        } else {
            v.direction
        };
        wrong_direction::check_modern(Sent::Response, direction, modern, v.id_span, &mut cx.report);
        if let Some(error) = v.error {
            jsonrpc_reserved_error_code::check(error, doc, self.version, &mut cx.report);
            missing_error_data::check(error, doc, self.version, &mut cx.report);
        }
        let Some(key) = v.id.and_then(Key::of) else {
            if let Some(error) = v.error {
                reserved_error_code::check(error, doc, self.version, None, &mut cx.report);
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
                reserved_error_code::check(error, doc, self.version, None, &mut cx.report);
            }
            if let Some(result) = v.result.filter(|_| v.wire) {
                params_not_object::check_result(doc.value(result), None, &mut cx.report);
            }
            if modern && direction == C2S {
                // Already reported as a client response; there is nothing it could answer.
                Self::listing_row(cx, v, None, Pair::Unpaired);
                return;
            }
            let why = self.why_unknown(&key, direction);
            // The capture starts after the request was sent: a partial capture, not an
            // error of the peers. When the answer is the `initialize` result, the
            // handshake it completes is read from it.
            let partial =
                matches!(why, Why::Unknown) && self.counts.requests == 0 && !self.launched;
            let why = if partial { Why::BeforeCapture } else { why };
            response_to_unknown_id::check(&key, why, v.id_span, &mut cx.report);
            self.counts.unpaired += 1;
            Self::listing_row(cx, v, None, Pair::Unpaired);
            if partial
                && !modern
                && let Some(result) = v.result.filter(|_| v.wire)
                && looks_like_initialize_result(doc.value(result))
            {
                self.init = Init::Succeeded { line: cx.line };
                self.init_answer = Some(Self::held_answer(cx, "initialize", result));
                self.initialize_result(cx, result);
                self.phase
                    .record(event_of(Milestone::Initialize, Outcome::Succeeded));
            }
            return;
        };
        let task_token = self.task_token(sender, &key);
        let pending = self.answer(sender, &key, cx.line);
        let row = Self::listing_row(cx, v, Some(pending.method.name()), Pair::Line(pending.line));
        if let (Some(listing), Some(request_row), Some(_)) =
            (cx.listing.as_deref_mut(), pending.row, row)
        {
            listing[request_row].pair = Pair::Line(cx.line);
        }
        let name = pending.method.name();
        let is_error = v.kind == Kind::Error;
        if pending.cancelled {
            response_after_cancellation::check(
                name,
                pending.line,
                modern && !cx.http,
                v.id_span,
                &mut cx.report,
            );
        }
        if sender == C2S
            && let Some(at) = self.incomplete_retries.iter().position(|(k, ..)| *k == key)
        {
            let (_, missing, retry) = self.incomplete_retries.swap_remove(at);
            if let Some(error) = v.error.filter(|_| v.wire) {
                let at = error.code.map_or(v.span, |c| c.span(doc));
                incomplete_retry_error::check(at, retry, &missing, &mut cx.report);
            }
        }
        if sender == C2S
            && let Some(at) = self.missing_meta.iter().position(|(k, _)| *k == key)
        {
            let (_, request) = self.missing_meta.swap_remove(at);
            if !is_error && let Some(result) = v.result.filter(|_| v.wire) {
                missing_meta_accepted::check(name, doc.value(result), request, &mut cx.report);
            }
        }
        if let Some(error) = v.error
            && direction != C2S
            && let Some(caps) = self.server_caps
            && let Some(cap) = declared_method_not_found::capability_of(name)
        {
            let declared = match cap {
                "tools" => caps.has(caps::S_TOOLS),
                "prompts" => caps.has(caps::S_PROMPTS),
                _ => caps.has(caps::S_RESOURCES),
            };
            declared_method_not_found::check(
                name,
                error.code.and_then(|c| c.value),
                declared,
                self.server_caps_source,
                error.code.map_or(v.span, |c| c.span(doc)),
                &mut cx.report,
            );
        }
        if modern && direction != C2S && v.wire && !self.discover_reported {
            self.check_discover_implemented(cx, name, v, is_error);
        }
        if name == "logging/setLevel"
            && let Some(at) = self
                .invalid_levels
                .iter()
                .position(|(s, k)| *s == sender && *k == key)
        {
            self.invalid_levels.swap_remove(at);
            if !is_error && let Some(result) = v.result {
                invalid_log_level::check_accepted(
                    pending.line,
                    doc.value(result).span(),
                    &mut cx.report,
                );
            }
        }
        if let Some(error) = v.error {
            reserved_error_code::check(error, doc, self.version, Some(name), &mut cx.report);
        }
        if let Some(result) = v.result.filter(|_| v.wire) {
            params_not_object::check_result(doc.value(result), Some(name), &mut cx.report);
        }
        let result = v.result.filter(|_| v.wire);
        if let Some(r) = result.filter(|_| !is_error) {
            match name {
                "roots/list" => invalid_roots_result::check(doc.value(r), &mut cx.report),
                "completion/complete" => {
                    invalid_completion_result::check(doc.value(r), &mut cx.report);
                }
                _ => {}
            }
        }
        if let Some(ungated) = &pending.ungated
            && !is_error
        {
            match result {
                Some(r) => capability_not_declared::check_answer(
                    ungated,
                    doc.value(r),
                    pending.span,
                    &mut cx.report,
                ),
                None => {
                    capability_not_declared::check_answer(
                        ungated,
                        v.span,
                        pending.span,
                        &mut cx.report,
                    );
                }
            }
        }
        self.task_answer(cx, v, &pending, sender, task_token);
        let mut outcome = if is_error {
            Outcome::Failed
        } else {
            Outcome::Succeeded
        };

        if name == "initialize" && !modern {
            if is_error {
                self.init = Init::Failed;
                if let Some(error) = v.error.filter(|_| v.wire) {
                    invalid_protocol_version::check_refused(
                        error,
                        doc,
                        self.modern_server,
                        pending.span,
                        &mut cx.report,
                    );
                }
            } else {
                self.init = Init::Succeeded { line: pending.line };
                self.init_answer = Some(match result {
                    Some(result) => Self::held_answer(cx, "initialize", result),
                    None => Held {
                        index: cx.index,
                        span: v.span,
                        method: "initialize".into(),
                        path: None,
                    },
                });
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
            self.modern_server = true;
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
                        result: doc
                            .value(result)
                            .get("resultType")
                            .map_or_else(|| doc.value(result).span(), Value::span),
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

    /// The `result` of a response to a `method` request, remembered for a finding that a
    /// later message (or the end of the session) settles.
    fn held_answer(cx: &Cx<'_, '_>, method: &str, result: NodeId) -> Held {
        let value = cx.doc.value(result);
        Held {
            index: cx.index,
            span: value.span(),
            method: method.into(),
            path: Some(value.path()),
        }
    }

    /// The client's request `key`, still waiting, was answered with an HTTP error status
    /// (at `line`) and no JSON-RPC response: it failed, and is no longer waiting. Not a
    /// message: nothing is counted or listed.
    pub(crate) fn http_failed(&mut self, key: &Key, line: u32) {
        if !self.pending.of(C2S).contains_key(key) {
            return;
        }
        let pending = self.answer(C2S, key, line);
        if pending.method.is("initialize") && !self.modern() {
            self.init = Init::Failed;
        }
        if let Some(m) = pending.method.milestone()
            && self.counts_as_milestone(m, sent_by(C2S))
        {
            self.phase.record(event_of(m, Outcome::Failed));
        }
    }

    /// MCP454 for `server/discover`: a server that refuses it with "method not found" and
    /// answers other requests with 2026-07-28 results (`resultType`) does not implement a
    /// method every 2026-07-28 server must. `name` is the method the response `v` answers.
    fn check_discover_implemented(
        &mut self,
        cx: &mut Cx<'_, '_>,
        name: &str,
        v: &View<'_>,
        is_error: bool,
    ) {
        let doc = cx.doc;
        if name == "server/discover" {
            if let Some(error) = v.error
                && let Some(code) = error.code.filter(|c| c.value == Some(-32601))
            {
                let at = code.span(doc);
                match self.modern_answer {
                    Some(modern) => {
                        declared_method_not_found::check_discover(at, modern, true, &mut cx.report);
                        self.discover_reported = true;
                    }
                    None => self.discover_refused = Some(at),
                }
            }
        } else if !is_error
            && let Some(result) = v.result
            && let Some(rt) = doc
                .value(result)
                .get("resultType")
                .filter(|r| r.kind() == ValueKind::String)
        {
            match self.discover_refused {
                Some(refusal) => {
                    declared_method_not_found::check_discover(
                        refusal,
                        rt.span(),
                        false,
                        &mut cx.report,
                    );
                    self.discover_reported = true;
                }
                None => {
                    self.modern_answer.get_or_insert(rt.span());
                }
            }
        }
    }

    /// Why a response with id `key`, going `direction`, answers no pending request.
    fn why_unknown(&self, key: &Key, direction: Option<Direction>) -> Why {
        if let Some(other) = key.retyped()
            && let Some(p) = self
                .pending
                .other(direction)
                .find_map(|(_, p)| p.get(&other))
        {
            return Why::OtherType(p.line, p.span);
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

    /// The result of a successful `initialize`: the negotiated version and the server's
    /// capabilities.
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
}
