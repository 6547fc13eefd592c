use mcpvet_diagnostics::{Label, Reporter, Severity, declare_rule};
use mcpvet_text::Span;

use crate::key::Key;

declare_rule! {
    /// A response answers no pending request of the other side.
    ///
    /// ## What it checks
    ///
    /// Every response and error response must carry the id of a request that the other
    /// party sent and that is still waiting for its answer. Ids are scoped per sender: a
    /// client's response with id 1 answers the *server's* request 1. Flagged: an id that was
    /// never sent, one already answered, and an id of the wrong JSON type (`"1"` answering
    /// `1`, which is a different id; the request then also goes unanswered, MCP441). Error
    /// responses without an id (answers to unreadable requests) are not paired.
    ///
    /// A capture that starts mid-session (its first messages are responses, no request
    /// came before them and no launch of the server is logged) is reported as **info**: the
    /// requests were sent before the capture began. When such a response is the
    /// `initialize` result, the handshake is read from it, so the `initialized`
    /// notification that follows is in order.
    ///
    /// ## Why it matters
    ///
    /// The receiver cannot deliver the response: the caller of the original request waits
    /// until it times out, and the orphan response is dropped or, worse, matched to another
    /// request with that id.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":"1","result":{}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Responses (`basic/index.mdx`): "Responses MUST
    ///   include the same ID as the request they correspond to"
    pub(crate) static RESPONSE_TO_UNKNOWN_ID = {
        code: "MCP440",
        name: "response-to-unknown-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Why no request matched.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Why {
    /// The id was never sent (as far as the capture shows).
    Unknown,
    /// It was answered already (the request was at this line).
    Answered(u32),
    /// A request with the same value but the other JSON type is pending (at this line and
    /// span).
    OtherType(u32, Span),
    /// The capture holds no request at all before it, and no launch of the server: it
    /// starts after the request was sent (reported as info).
    BeforeCapture,
}

/// Reports a response with id `key` (at `at`) that matches no pending request, saying `why`.
pub(crate) fn check(key: &Key, why: Why, at: Span, report: &mut Reporter<'_>) {
    if let Why::BeforeCapture = why {
        report.report_as(
            &RESPONSE_TO_UNKNOWN_ID,
            Severity::Info,
            at,
            format!(
                "the response has id {key}, and the capture holds no request before it: it starts after the request was sent"
            ),
            "capture the session from the server's start to check its handshake",
        );
        return;
    }
    let (message, help) = match why {
        Why::Unknown | Why::BeforeCapture => (
            format!("the response has id {key}, but no request with that id is pending"),
            "answer with the id of the request, exactly as it was sent".to_owned(),
        ),
        Why::Answered(line) => (
            format!(
                "the response has id {key}, but the request with that id (line {line}) was already answered"
            ),
            "answer each request exactly once".to_owned(),
        ),
        Why::OtherType(line, _) => {
            let other = key.retyped().map(|k| k.to_string()).unwrap_or_default();
            (
                format!(
                    "the response has id {key} ({}), but the pending request (line {line}) has id {other}: ids keep their JSON type",
                    key.type_name()
                ),
                format!("answer with id {other}, exactly as the request sent it"),
            )
        }
    };
    let mut d = RESPONSE_TO_UNKNOWN_ID
        .diagnostic_at(at, message)
        .with_help(help);
    if let Why::OtherType(_, request) = why {
        d = d.with_secondary(Label::with_message(
            request,
            "the pending request, with an id of the other JSON type",
        ));
    }
    report.push(d);
}
