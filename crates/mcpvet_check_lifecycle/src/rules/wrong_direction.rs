use crate::by_direction::{C2S, S2C};
use mcpvet_ast::transcript::{Direction, MethodDirection, method_direction};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// A message travels in a direction its method or protocol version does not allow.
    ///
    /// ## What it checks
    ///
    /// - A method sent by the party that never sends it, when the capture states who sent it
    ///   (a trace event's `direction`, a Claude Desktop log's `Message from server`): a
    ///   server sending `tools/call`, a client sending `sampling/createMessage`.
    /// - In 2026-07-28 sessions: any request from the server ("Servers MUST NOT initiate
    ///   JSON-RPC requests"; sampling, elicitation and roots travel inside
    ///   `input_required` results), any response from the client ("clients do not send
    ///   JSON-RPC responses"), and client notifications other than
    ///   `notifications/cancelled` (only the server sends progress in 2026-07-28).
    ///
    /// ## Why it matters
    ///
    /// The receiver has no handler for a method that only it may send, and a 2026 client or
    /// server that receives a request or response it cannot have asked for drops it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":"s1","method":"roots/list"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":"s1","method":"roots/list"}
    /// {"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, the method catalogue (the `ClientRequest`, `ServerRequest`,
    ///   `ClientNotification` and `ServerNotification` unions in `schema.ts`)
    /// - MCP specification 2026-07-28, Patterns (`basic/patterns/index.mdx`) and Transports
    ///   (`basic/transports/index.mdx`)
    pub(crate) static WRONG_DIRECTION = {
        code: "MCP434",
        name: "wrong-direction",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

fn party(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "the client",
        Direction::ServerToClient => "the server",
    }
}

/// Checks `method` (at `at`) against the direction the method table gives it; `stated` is
/// the direction the capture states for the message (`None` when it is inferred or
/// unknown). Returns whether it reported.
pub(crate) fn check_against_table(
    method: &str,
    stated: Option<Direction>,
    at: Span,
    report: &mut Reporter<'_>,
) -> bool {
    let (Some(sent), Some(expected)) = (stated, method_direction(method).single()) else {
        return false;
    };
    if sent == expected {
        return false;
    }
    report.report(
        &WRONG_DIRECTION,
        at,
        format!(
            "`{method}` is sent by {}, but the capture shows {} sending it",
            party(sent.opposite()),
            party(sent)
        ),
        format!("only {} sends `{method}`", party(sent.opposite())),
    );
    true
}

/// A message of a 2026 session, for [`check_modern`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Sent<'a> {
    /// A request of this method.
    Request(&'a str),
    /// A response.
    Response,
    /// A notification of this method.
    Notification(&'a str),
}

/// Checks a message (at `at`: the method, or a response's id) going `direction` in a
/// session that is `modern` (2026-07-28), where servers send no requests and clients send
/// no responses and no notification but `notifications/cancelled`. Returns whether it
/// reported.
pub(crate) fn check_modern(
    sent: Sent<'_>,
    direction: Option<Direction>,
    modern: bool,
    at: Span,
    report: &mut Reporter<'_>,
) -> bool {
    if !modern {
        return false;
    }
    let (message, help) = match sent {
        Sent::Request(method) if direction == S2C => (
            format!("the server sent a `{method}` request; servers send no requests in 2026-07-28"),
            match method {
                "sampling/createMessage" | "elicitation/create" | "roots/list" => {
                    "ask for it in an `input_required` result (`inputRequests`) of the client's request"
                }
                _ => "servers send only responses and notifications in 2026-07-28",
            },
        ),
        Sent::Response if direction == C2S => (
            "the client sent a response; clients send no responses in 2026-07-28".to_owned(),
            "answer an `input_required` result by retrying the request with `inputResponses`",
        ),
        Sent::Notification(method)
            if direction == C2S
                && method != "notifications/cancelled"
                && method_direction(method) != MethodDirection::Unknown =>
        {
            (
                format!(
                    "the client sent `{method}`; in 2026-07-28 the client sends no notification but `notifications/cancelled`"
                ),
                "drop the notification",
            )
        }
        _ => return false,
    };
    report.report(&WRONG_DIRECTION, at, message, help);
    true
}
