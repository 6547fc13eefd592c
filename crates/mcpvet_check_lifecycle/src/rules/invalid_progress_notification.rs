use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::key::Key;

declare_rule! {
    /// A progress notification does not belong to an in-flight request or does not increase.
    ///
    /// ## What it checks
    ///
    /// `notifications/progress` must carry the `progressToken` that an in-flight request of
    /// the other party put in its `_meta`, compared by JSON type as well as value (`1` is
    /// not `"1"`); its `progress` must be greater than the previous notification's for that
    /// token; and none may arrive after the request's final response. A request that reuses
    /// the token of another request still in flight is flagged too ("MUST be unique across
    /// all active requests"). A token, in the notification or in a request's
    /// `_meta.progressToken`, must be a string or an integer ("progress tokens MUST be a
    /// string or integer value"): another type is flagged where it is sent.
    ///
    /// In 2025-11-25, the token of a task-augmented request answered with a
    /// `CreateTaskResult` stays valid while the task runs: progress after that answer is
    /// accepted, and progress after the task was seen `completed`, `failed` or `cancelled`
    /// (or after `tasks/result` returned its result) is flagged.
    ///
    /// ## Why it matters
    ///
    /// Progress "MUST only reference tokens that were provided in an active request", "MUST
    /// increase with each notification" and "MUST stop after completion". Clients route
    /// progress to the waiting call by token; stray or late progress is misattributed or
    /// dropped, and a progress bar that goes back confuses users.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":"b1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":50}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":30}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":"b1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":30,"total":100}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":50.5,"total":100}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Progress (`basic/utilities/progress.mdx`; 2026-07-28:
    ///   `basic/patterns/progress.mdx`)
    pub(crate) static INVALID_PROGRESS_NOTIFICATION = {
        code: "MCP451",
        name: "invalid-progress-notification",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `_meta.progressToken` of a new request (`at`, read as `token`); `in_flight` is
/// the line of a request of the same sender, still in flight, with that token.
pub(crate) fn check_request_token(
    token: &Key,
    at: Value<'_>,
    in_flight: Option<u32>,
    report: &mut Reporter<'_>,
) {
    let Some(line) = in_flight else { return };
    report.report(
        &INVALID_PROGRESS_NOTIFICATION,
        at,
        format!(
            "progress token {token} is already used by a request still in flight (line {line})"
        ),
        "use a progress token unique among the requests in flight",
    );
}

/// Checks the type of a request's `_meta.progressToken` (`at`): a string or an integer.
pub(crate) fn check_request_token_type(at: Value<'_>, report: &mut Reporter<'_>) {
    if at.kind() != mcpvet_json::ValueKind::String && !crate::rules::is_integer(at) {
        report.report(
            &INVALID_PROGRESS_NOTIFICATION,
            at,
            format!(
                "`_meta.progressToken` is {}, not a string or an integer",
                at.kind().with_article()
            ),
            "send the progress token as a string or an integer",
        );
    }
}

/// Reads the `progressToken` of a `notifications/progress` (`params`; its method at
/// `method`): the token to look up and the value that carries it, or `None` once a missing or
/// ill-typed token is reported.
pub(crate) fn check_token<'d>(
    params: Value<'d>,
    method: Span,
    report: &mut Reporter<'_>,
) -> Option<(Key, Value<'d>)> {
    let Some(at) = params.get("progressToken") else {
        report.report(
            &INVALID_PROGRESS_NOTIFICATION,
            method,
            "`notifications/progress` has no `progressToken`",
            "send the `progressToken` of the request the progress is about",
        );
        return None;
    };
    let Some(token) = Key::of_value(at) else {
        report.report(
            &INVALID_PROGRESS_NOTIFICATION,
            at,
            "`progressToken` must be a string or an integer",
            "send the token exactly as the request gave it",
        );
        return None;
    };
    Some((token, at))
}

/// What the session's tables hold for a progress token, looked up in this order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token {
    /// The token of a request of the other party in flight, and the `progress` of the latest
    /// notification about it.
    InFlight { last: Option<f64> },
    /// The token of a request answered at `line`.
    Done { line: u32 },
    /// 2025-11-25: the token of a task-augmented request whose task (`task`) was seen in a
    /// terminal status at `line`.
    TaskDone { line: u32, task: Box<str> },
    /// No request in flight has the token; `retyped` is the same token with the other JSON
    /// type when one has that one.
    Unknown { retyped: Option<Key> },
}

/// Checks a `notifications/progress` (`params`) for `token` (carried by `at`) against what
/// the tables hold; returns the `progress` to remember for the request in flight.
pub(crate) fn check(
    params: Value<'_>,
    token: &Key,
    at: Value<'_>,
    known: Token,
    report: &mut Reporter<'_>,
) -> Option<f64> {
    let (at, message, help) = match known {
        Token::InFlight { last } => {
            let progress = params.get("progress");
            let now = progress
                .and_then(Value::as_number)
                .map(mcpvet_json::Number::as_f64);
            if let (Some(last), Some(now), Some(progress)) = (last, now, progress)
                && now <= last
            {
                report.report(
                    &INVALID_PROGRESS_NOTIFICATION,
                    progress,
                    format!(
                        "`progress` {now} does not increase (the previous notification for token {token} said {last})"
                    ),
                    "send a greater `progress` value with each notification",
                );
            }
            return now;
        }
        Token::Done { line } => (
            at,
            format!("progress for token {token} arrives after the final response (line {line})"),
            "stop sending progress once the request is answered",
        ),
        Token::TaskDone { line, task } => (
            at,
            format!(
                "progress for token {token} arrives after its task `{}` reached a terminal status (line {line})",
                crate::rules::invalid_meta_key::short(&task)
            ),
            "stop sending progress once the task is completed, failed or cancelled",
        ),
        Token::Unknown { retyped } => {
            let hint = retyped
                .map(|other| {
                    format!(
                        " (an in-flight request has token {other}: tokens keep their JSON type)"
                    )
                })
                .unwrap_or_default();
            (
                at,
                format!(
                    "progress token {token} matches no in-flight request's `progressToken`{hint}"
                ),
                "send progress only for requests that asked for it with `_meta.progressToken`",
            )
        }
    };
    report.report(&INVALID_PROGRESS_NOTIFICATION, at, message, help);
    None
}
