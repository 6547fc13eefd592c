//! The message flow: what each message does to its session, in order, and which rules it
//! meets on the way. The handlers read and update the session's state ([`crate::session`])
//! and hand the rules plain values to judge ([`crate::rules`](mod@crate::rules)).
//!
//! - [`requests`]: a request files itself under its id and sender, after the envelope,
//!   direction, handshake and capability checks;
//! - [`responses`]: a response finds the request it answers, or says why there is none;
//! - [`notifications`]: the handshake, cancellations, progress and subscription streams;
//! - [`tasks`]: 2025-11-25 tasks, from the task-augmented request to `tasks/result`;
//! - [`end`]: what only the end of a session shows, and the entries without a wire body.
use mcpvet_ast::transcript::{Direction, ErrorObject, RequestId};
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{JsonDocument, NodeId};
use mcpvet_text::{Span, Spanned};

use crate::by_direction::C2S;
use crate::phase::Init;
use crate::rules::capability_not_declared::Declared;
use crate::rules::{
    invalid_meta_key, invalid_protocol_version, invalid_trace_context, unknown_method,
};
use crate::session::Session;
use crate::{MessageInfo, Pair};

mod end;
mod notifications;
mod requests;
mod responses;
mod tasks;

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
    /// The method, with its span (read from the entry's document).
    pub(crate) method: Option<Spanned<&'m str>>,
    pub(crate) id: Option<&'m RequestId>,
    /// Where findings about the id point: the id, or the message when it has none.
    pub(crate) id_span: Span,
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

/// Everything a message handler needs besides the session.
#[derive(Debug)]
pub(crate) struct Cx<'a, 'd> {
    pub(crate) doc: &'a JsonDocument<'d>,
    /// Where findings about the message go.
    pub(crate) report: Reporter<'a>,
    pub(crate) index: u32,
    pub(crate) line: u32,
    pub(crate) forced: bool,
    /// The message travels over HTTP (a HAR file, trace `http` events), not stdio.
    pub(crate) http: bool,
    pub(crate) listing: Option<&'a mut Vec<MessageInfo>>,
}

impl Session {
    /// Handles one message.
    pub(crate) fn message(&mut self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        self.traffic = true;
        if let Some((span, header)) = v.header
            && v.direction == C2S
            && !self.modern()
        {
            self.legacy_header(cx, span, header);
        }
        if let (Some(method), Kind::Request | Kind::Notification) = (v.method, v.kind) {
            unknown_method::check(
                method.value,
                v.kind == Kind::Notification,
                method.span,
                &mut cx.report,
            );
        }
        if v.wire {
            for node in [v.params, v.result].into_iter().flatten() {
                let value = cx.doc.value(node);
                invalid_meta_key::check(value, self.version, &mut cx.report);
                invalid_trace_context::check(value, self.version, &mut cx.report);
            }
            self.related_task_shapes(cx, v);
        }
        match v.kind {
            Kind::Request => self.request(cx, v),
            Kind::Notification => self.notification(cx, v),
            Kind::Response | Kind::Error => self.response(cx, v),
        }
    }

    /// Adds the message's row to the `--messages` listing, when it is collected; returns the
    /// row's index.
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

    /// The capabilities declared so far, and where.
    fn declared(&self) -> Declared {
        Declared {
            client: self.client_caps,
            server: self.server_caps.map(|c| (c, self.server_caps_source)),
            version: self.version,
        }
    }
}
