use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::key::Key;

declare_rule! {
    /// A `notifications/cancelled` does not reference a request of its sender that is in flight.
    ///
    /// ## What it checks
    ///
    /// `notifications/cancelled` "MUST" name, in `requestId`, a request previously issued in
    /// the same direction and believed to be in progress. Flagged: no `requestId` (it is
    /// required for non-task requests), an id no request of the sender has, a request that
    /// was already answered, and a request of the other party. In 2026-07-28 the server may
    /// send it only to end a `subscriptions/listen` stream. All of these are warnings: the
    /// receiver "SHOULD ignore" an invalid cancellation. Cancelling `initialize` is MCP427.
    /// A response that arrives after the cancellation is a legal race and is not flagged.
    ///
    /// ## Why it matters
    ///
    /// A cancellation that matches nothing does nothing: the operation it was meant to stop
    /// keeps running, and the sender believes it stopped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user abort"}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Cancellation (`basic/utilities/cancellation.mdx`; 2026-07-28:
    ///   `basic/patterns/cancellation.mdx`)
    pub(crate) static INVALID_CANCELLATION = {
        code: "MCP452",
        name: "invalid-cancellation",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reads the `requestId` of a `notifications/cancelled` (`params`; its method at `method`):
/// the id to look up and the value that names it, or `None` once a missing or ill-typed id
/// is reported.
pub(crate) fn check_request_id<'d>(
    params: Value<'d>,
    method: Span,
    report: &mut Reporter<'_>,
) -> Option<(Key, Value<'d>)> {
    let Some(id) = params.get("requestId") else {
        report.report(
            &INVALID_CANCELLATION,
            method,
            "`notifications/cancelled` has no `requestId`",
            "name the request to cancel in `requestId` (tasks are cancelled with `tasks/cancel`)",
        );
        return None;
    };
    let Some(key) = Key::of_value(id) else {
        report.report(
            &INVALID_CANCELLATION,
            id,
            "`requestId` must be a string or an integer",
            "name the request to cancel by its id",
        );
        return None;
    };
    Some((key, id))
}

/// What the session's tables hold for the request a cancellation names, looked up in this
/// order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// A request of the canceller, in flight: what a cancellation is for (in 2026-07-28, from
    /// the server, an open `subscriptions/listen` stream of the client).
    InFlight,
    /// 2026-07-28: the server names a request that is not an open `subscriptions/listen`
    /// stream.
    NotAListenStream,
    /// A request of the other party, in flight (sent at `line`).
    OtherParty { line: u32 },
    /// A request of the canceller, already answered (sent at `line`).
    Answered { line: u32 },
    /// No request of the canceller has that id; `retyped` is the same id with the other JSON
    /// type when one of its requests in flight has that one.
    Unknown { retyped: Option<Key> },
}

/// Checks a cancellation of request `key` (named by `id`) against what the tables hold.
pub(crate) fn check(key: &Key, id: Value<'_>, target: Target, report: &mut Reporter<'_>) {
    let (message, help) = match target {
        Target::InFlight => return,
        Target::NotAListenStream => (
            format!(
                "the server cancels request {key}, which is not an open `subscriptions/listen` stream"
            ),
            "in 2026-07-28 the server sends `notifications/cancelled` only to end a `subscriptions/listen` stream",
        ),
        Target::OtherParty { line } => (
            format!(
                "`notifications/cancelled` names request {key} (line {line}), which the other party sent"
            ),
            "cancel only requests you sent yourself",
        ),
        Target::Answered { line } => (
            format!(
                "`notifications/cancelled` names request {key} (line {line}), which was already answered"
            ),
            "cancel only requests still in progress",
        ),
        Target::Unknown { retyped } => {
            let hint = retyped
                .map(|other| {
                    format!(" (a request with id {other} is in flight: ids keep their JSON type)")
                })
                .unwrap_or_default();
            (
                format!(
                    "`notifications/cancelled` names request {key}, but no request with that id is in flight{hint}"
                ),
                "name the id of a request in progress, exactly as it was sent",
            )
        }
    };
    report.report(&INVALID_CANCELLATION, id, message, help);
}
