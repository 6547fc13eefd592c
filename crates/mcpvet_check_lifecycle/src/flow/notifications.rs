//! Notifications: the legacy handshake, capabilities, cancellations, progress, and the 2026
//! `subscriptions/listen` streams.
use mcpvet_ast::transcript::Direction;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Spanned;

use super::{Cx, View};
use crate::Pair;
use crate::by_direction::{C2S, S2C};
use crate::catalog;
use crate::key::Key;
use crate::phase::{Event, Init};
use crate::rules::invalid_cancellation::{self, Target};
use crate::rules::invalid_progress_notification::{self, Token as Progress};
use crate::rules::invalid_subscription_notification::{self, SUBSCRIPTION_ID, Stream};
use crate::rules::task_cancelled_by_notification;
use crate::rules::wrong_direction::Sent;
use crate::rules::{
    cancelled_initialize, capability_not_declared, invalid_elicitation_complete, invalid_log_level,
    method_not_in_protocol_version, premature_initialized_notification, wrong_direction,
};
use crate::session::Session;

impl Session {
    /// Handles a notification: its direction and version, then what it is about (the
    /// handshake, a cancellation, progress, a 2026 listen stream or log message, a legacy
    /// capability).
    pub(super) fn notification(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        let doc = cx.doc;
        self.counts.notifications += 1;
        Self::listing_row(cx, v, v.method.map(|m| m.value), Pair::NotApplicable);
        let Some(method) = v.method else { return };
        let name = method.value;
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
            reported = wrong_direction::check_modern(
                Sent::Notification(name),
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
                .and_then(|m| m.get(SUBSCRIPTION_ID))
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
            // Both name their request, by an id or a token, read first.
            "notifications/cancelled" if v.wire => {
                if let Some(p) = params
                    && let Some((key, id)) =
                        invalid_cancellation::check_request_id(p, method.span, &mut cx.report)
                {
                    self.cancelled(cx, direction, &key, id);
                }
            }
            "notifications/message" if v.wire => {
                if let Some(level) = params.and_then(|p| p.get("level")) {
                    invalid_log_level::check(
                        level,
                        "the `notifications/message` level",
                        &mut cx.report,
                    );
                }
            }
            "notifications/elicitation/complete" if v.wire && !reported => {
                invalid_elicitation_complete::check(
                    params,
                    method.span,
                    &self.elicitation_ids,
                    self.from_start || self.launched,
                    &mut cx.report,
                );
            }
            "notifications/tasks/status" if v.wire && !reported => {
                self.task_status(cx, direction, params);
            }
            "notifications/progress" if v.wire && !reported && !on_stream => {
                if let Some(p) = params
                    && let Some((token, at)) =
                        invalid_progress_notification::check_token(p, method.span, &mut cx.report)
                {
                    self.progress(cx, direction, p, &token, at);
                }
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
        } else if info.is_none_or(|i| self.available(i)) {
            // (A method the version does not have is MCP430's alone.)
            capability_not_declared::check_notification(
                name,
                method.span,
                params,
                direction,
                &self.declared(),
                &self.subscribed,
                &mut cx.report,
            );
        }
    }

    /// A `notifications/cancelled` going `direction` whose `requestId` (`id`) reads as `key`:
    /// of `initialize` (MCP427), or of a request the tables may or may not hold (MCP452).
    fn cancelled(
        &mut self,
        cx: &mut Cx<'_, '_>,
        direction: Option<Direction>,
        key: &Key,
        id: Value<'_>,
    ) {
        let initialize = self.initialize_request(cx.line);
        if cancelled_initialize::check(key, id, direction, initialize, &mut cx.report) {
            if let Some(p) = self.pending.own_mut(C2S).find_map(|(_, p)| p.get_mut(key)) {
                p.cancelled = true;
            }
            return;
        }
        if let Some(&line) = self
            .task_requests
            .own(direction)
            .find_map(|(_, t)| t.get(key))
        {
            task_cancelled_by_notification::report(id, line, &mut cx.report);
            return;
        }
        let target = self.cancel(key, direction);
        invalid_cancellation::check(key, id, target, &mut cx.report);
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

    /// A `notifications/progress` going `direction` (its `params`) whose `progressToken`
    /// (`at`) reads as `token`: about a request the tables may or may not hold (MCP451).
    fn progress(
        &mut self,
        cx: &mut Cx<'_, '_>,
        direction: Option<Direction>,
        params: Value<'_>,
        token: &Key,
        at: Value<'_>,
    ) {
        let known = self.progress_of(token, direction);
        let now = invalid_progress_notification::check(params, token, at, known, &mut cx.report);
        if now.is_some()
            && let Some(t) = self
                .tokens
                .other_mut(direction)
                .find_map(|(_, t)| t.get_mut(token))
        {
            t.last = now;
        }
    }

    /// What the tables hold for the progress token of a notification going `direction`.
    fn progress_of(&self, token: &Key, direction: Option<Direction>) -> Progress {
        if let Some(t) = self.tokens.other(direction).find_map(|(_, t)| t.get(token)) {
            return Progress::InFlight { last: t.last };
        }
        let done = self.done_tokens.iter().rev().find(|(t, _)| t == token);
        if let Some((_, line, task)) = self
            .task_done_tokens
            .iter()
            .rev()
            .find(|(t, ..)| t == token)
            && done.is_none_or(|(_, answered)| answered <= line)
        {
            return Progress::TaskDone {
                line: *line,
                task: task.clone(),
            };
        }
        if let Some((_, line)) = done {
            return Progress::Done { line: *line };
        }
        let retyped = token.retyped().filter(|other| {
            self.tokens
                .other(direction)
                .any(|(_, t)| t.contains_key(other))
        });
        Progress::Unknown { retyped }
    }

    /// A notification of a 2026 server, about the listen stream it is tagged with (MCP437).
    fn subscription_notification(
        &mut self,
        cx: &mut Cx<'_, '_>,
        method: Spanned<&str>,
        params: Option<Value<'_>>,
    ) {
        let name = method.value;
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
}
