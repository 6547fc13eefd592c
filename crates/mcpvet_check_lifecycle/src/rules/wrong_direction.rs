use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::declare_rule;
use mcpvet_text::Span;

use super::Out;

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
    pub static WRONG_DIRECTION = {
        code: "MCP434",
        name: "wrong-direction",
        family: Lifecycle,
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

/// A method sent by the party that never sends it (the direction is stated by the capture).
pub(crate) fn against_table(out: &mut Out<'_>, span: Span, method: &str, sent: Direction) {
    out.emit(
        &WRONG_DIRECTION,
        span,
        format!(
            "`{method}` is sent by {}, but the capture shows {} sending it",
            party(sent.opposite()),
            party(sent)
        ),
        format!("only {} sends `{method}`", party(sent.opposite())),
    );
}

/// A 2026 server request.
pub(crate) fn modern_server_request(out: &mut Out<'_>, span: Span, method: &str) {
    let help = match method {
        "sampling/createMessage" | "elicitation/create" | "roots/list" => {
            "ask for it in an `input_required` result (`inputRequests`) of the client's request"
        }
        _ => "servers send only responses and notifications in 2026-07-28",
    };
    out.emit(
        &WRONG_DIRECTION,
        span,
        format!("the server sent a `{method}` request; servers send no requests in 2026-07-28"),
        help,
    );
}

/// A 2026 client response.
pub(crate) fn modern_client_response(out: &mut Out<'_>, span: Span) {
    out.emit(
        &WRONG_DIRECTION,
        span,
        "the client sent a response; clients send no responses in 2026-07-28",
        "answer an `input_required` result by retrying the request with `inputResponses`",
    );
}

/// A 2026 client notification other than `notifications/cancelled`.
pub(crate) fn modern_client_notification(out: &mut Out<'_>, span: Span, method: &str) {
    out.emit(
        &WRONG_DIRECTION,
        span,
        format!("the client sent `{method}`; in 2026-07-28 the client sends no notification but `notifications/cancelled`"),
        "drop the notification",
    );
}
