//! A wire message read into the [`View`] the message flow works on, with the rules that
//! judge the envelope of every message (ids, params, error objects, batches, invalid
//! messages) on the way.
use mcpvet_ast::transcript::{
    DirectionSource, Entry, InvalidReason, JsonLeaf, Message, method_direction,
};
use mcpvet_diagnostics::{Findings, Reporter};
use mcpvet_json::{JsonDocument, ValueKind};
use mcpvet_text::{Span, Spanned};

use super::{Capture, LifecycleChecker, header};
use crate::flow::{Kind, View};
use crate::rules::{
    batch_not_allowed, error_response_without_id, invalid_batch, invalid_error_object,
    invalid_jsonrpc_message, invalid_request_id, multi_line_message, non_canonical_request_id,
    params_not_object, stdout_pollution, unsafe_integer_id,
};

impl LifecycleChecker {
    pub(super) fn wire(
        &mut self,
        entry: &Entry,
        message: &Message,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
        server: Option<&str>,
    ) {
        let s = self.message_session(server, findings);
        let version = self.sessions[s].version;
        if entry.multi_line && self.raw_line(entry) {
            let text = doc.slice(entry.span).unwrap_or_default();
            multi_line_message::check(
                text,
                entry.span,
                &mut Reporter::for_message(findings, entry.index),
            );
        }
        // The `MCP-Protocol-Version` header: the trace envelope's, or the HAR request's
        // that carries a client message.
        let header = header(entry, doc).or_else(|| {
            (entry.direction == Some(mcpvet_ast::transcript::Direction::ClientToServer))
                .then(|| self.http.version_header(doc))
                .flatten()
        });
        if let Message::Batch { node, items } = message {
            let batch = doc.value(*node);
            let mut report = Reporter::for_message(findings, entry.index);
            batch_not_allowed::check(batch, version, &mut report);
            invalid_batch::check(batch, items, version, &mut report);
            for item in items {
                self.item(s, entry, item, doc, findings, true, header);
            }
            return;
        }
        self.item(s, entry, message, doc, findings, false, header);
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the pieces of one message, passed down once"
    )]
    fn item(
        &mut self,
        s: usize,
        entry: &Entry,
        message: &Message,
        doc: &JsonDocument<'_>,
        findings: &mut Findings,
        in_batch: bool,
        header: Option<(Span, &str)>,
    ) {
        let version = self.sessions[s].version;
        let explicit = entry.direction_source == DirectionSource::Explicit;
        let direction_of = |method: Option<&str>| {
            if in_batch {
                method
                    .and_then(|m| method_direction(m).single())
                    .or(entry.direction)
            } else {
                entry.direction
            }
        };
        let mut report = Reporter::for_message(findings, entry.index);
        let view = match message {
            Message::Request {
                node,
                id,
                method,
                params,
            } => {
                invalid_request_id::check(id, doc, false, &mut report);
                non_canonical_request_id::check(id, doc, &mut report);
                unsafe_integer_id::check(id, doc, &mut report);
                // `tools/call`, `prompts/get` and `resources/read` params are checked with
                // their members by MCP520.
                if let Some(p) = params
                    && !matches!(
                        method.value.as_str(),
                        "tools/call" | "prompts/get" | "resources/read"
                    )
                {
                    params_not_object::check(doc.value(*p), "params", &mut report);
                }
                View {
                    kind: Kind::Request,
                    method: Some(spanned(method, doc)),
                    id: Some(id),
                    id_span: id.span(doc),
                    params: *params,
                    result: None,
                    error: None,
                    direction: direction_of(Some(&method.value)),
                    explicit,
                    wire: true,
                    span: doc.value(*node).span(),
                    header,
                }
            }
            Message::Notification {
                node,
                method,
                params,
            } => {
                if let Some(p) = params {
                    params_not_object::check(doc.value(*p), "params", &mut report);
                }
                let span = doc.value(*node).span();
                View {
                    kind: Kind::Notification,
                    method: Some(spanned(method, doc)),
                    id: None,
                    id_span: span,
                    params: *params,
                    result: None,
                    error: None,
                    direction: direction_of(Some(&method.value)),
                    explicit,
                    wire: true,
                    span,
                    header,
                }
            }
            Message::Response { node, id, result } => {
                invalid_request_id::check(id, doc, false, &mut report);
                non_canonical_request_id::check(id, doc, &mut report);
                unsafe_integer_id::check(id, doc, &mut report);
                View {
                    kind: Kind::Response,
                    method: None,
                    id: Some(id),
                    id_span: id.span(doc),
                    params: None,
                    result: Some(*result),
                    error: None,
                    direction: direction_of(None),
                    explicit,
                    wire: true,
                    span: doc.value(*node).span(),
                    header,
                }
            }
            Message::ErrorResponse { node, id, error } => {
                if let Some(id) = id {
                    invalid_request_id::check(id, doc, true, &mut report);
                    non_canonical_request_id::check(id, doc, &mut report);
                    unsafe_integer_id::check(id, doc, &mut report);
                }
                let value = doc.value(*node);
                error_response_without_id::check(id.as_ref(), value, version, &mut report);
                invalid_error_object::check(doc.value(error.node), &mut report);
                View {
                    kind: Kind::Error,
                    method: None,
                    id: id.as_ref(),
                    id_span: id.as_ref().map_or(value.span(), |id| id.span(doc)),
                    params: None,
                    result: None,
                    error: Some(error),
                    direction: direction_of(None),
                    explicit,
                    wire: true,
                    span: value.span(),
                    header,
                }
            }
            Message::Invalid {
                node,
                reason,
                id,
                method,
            } => {
                let value = doc.value(*node);
                if *reason == InvalidReason::NotAnObject(ValueKind::String)
                    && entry.envelope.is_some()
                    && self.capture == Capture::Trace
                    && self.trace_stdio
                {
                    let from_client = entry.direction
                        == Some(mcpvet_ast::transcript::Direction::ClientToServer)
                        && explicit;
                    stdout_pollution::check_payload(value, from_client, &mut report);
                } else {
                    invalid_jsonrpc_message::check(value, *reason, &mut report);
                }
                // Read what can be read, so that one bad field does not cascade into
                // pairing findings.
                let has_method = method.is_some() || value.get("method").is_some();
                let kind = match (has_method, id) {
                    (true, Some(_)) => Kind::Request,
                    (true, None) => Kind::Notification,
                    (false, Some(_)) => Kind::Response,
                    (false, None) => {
                        self.messages_per_session[s] += 1;
                        return;
                    }
                };
                View {
                    kind,
                    method: method.as_ref().map(|m| spanned(m, doc)),
                    id: id.as_ref(),
                    id_span: id.as_ref().map_or(value.span(), |id| id.span(doc)),
                    params: None,
                    result: None,
                    error: None,
                    direction: direction_of(method.as_ref().map(|m| m.value.as_str())),
                    explicit,
                    wire: false,
                    span: value.span(),
                    header,
                }
            }
            Message::Batch { node, .. } => {
                // A batch nested in a batch.
                invalid_jsonrpc_message::check(
                    doc.value(*node),
                    InvalidReason::NotAnObject(ValueKind::Array),
                    &mut report,
                );
                return;
            }
        };
        self.run(s, entry, doc, findings, &view);
    }
}

/// The method (an entry's, of `doc`) with its span, as the message flow reads it.
fn spanned<'m>(method: &'m JsonLeaf<String>, doc: &JsonDocument<'_>) -> Spanned<&'m str> {
    Spanned::new(method.value.as_str(), method.span(doc))
}
