use mcpvet_ast::transcript::InvalidReason;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A message is not a valid JSON-RPC 2.0 message as MCP restricts it.
    ///
    /// ## What it checks
    ///
    /// Every message of a session (a line of a JSON Lines capture, the payload of a trace
    /// event, a logged message) must be a JSON object with `jsonrpc` exactly `"2.0"` and be
    /// one of: a request (`method` and `id`), a notification (`method`, no `id`), a response
    /// (`id` and `result`) or an error response (`error`). Flagged: a value that is not an
    /// object (arrays are batches, see MCP410), `jsonrpc` missing or not the string `"2.0"`,
    /// `method` not a string, `method` together with `result` or `error`, `result` together
    /// with `error`, `result` without `id`, `error` that is not an object, and none of
    /// `method`, `result` and `error`. Text that is not JSON at all is stdout pollution
    /// (MCP412); JSON that does not parse is MCP001.
    ///
    /// ## Why it matters
    ///
    /// The receiver cannot route such a message: SDKs reject it (`Invalid Request`, −32600) or
    /// drop the connection. The official schemas do not catch `result` and `error` together
    /// (their `anyOf` accepts it); JSON-RPC 2.0 forbids it ("Either the result member or
    /// error member MUST be included, but both members MUST NOT be included"), and so does
    /// MCP up to 2025-06-18 ("A response MUST NOT set both"), with separate result and error
    /// response types from 2025-11-25.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"result":{},"error":{"code":-32603,"message":"boom"}}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"1.0","id":1,"method":"ping"}
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
    /// - MCP specification, Basic protocol, Messages (`basic/index.mdx`; 2024-11-05:
    ///   `basic/messages.mdx`)
    /// - JSON-RPC 2.0 specification, sections 4 and 5
    pub(crate) static INVALID_JSONRPC_MESSAGE = {
        code: "MCP401",
        name: "invalid-jsonrpc-message",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports an invalid message (not for syntax errors, which the parser reports).
pub(crate) fn check(value: Value<'_>, reason: InvalidReason, report: &mut Reporter<'_>) {
    let member = |key: &str| value.member(key);
    let (at, message, help): (Site, _, _) = match reason {
        InvalidReason::Syntax => return,
        InvalidReason::NotAnObject(kind) => (
            value.site(),
            format!(
                "a message must be a JSON object, found {}",
                kind.with_article()
            ),
            "send each JSON-RPC message as one object",
        ),
        InvalidReason::JsonrpcMissing => (
            value.opening().into(),
            "the message has no `jsonrpc` member".to_owned(),
            "add `\"jsonrpc\": \"2.0\"`",
        ),
        InvalidReason::JsonrpcNotTwo => {
            let v = value.get("jsonrpc").unwrap_or(value);
            (
                v.site(),
                format!(
                    "`jsonrpc` must be the string \"2.0\", found `{}`",
                    v.source()
                ),
                "write `\"jsonrpc\": \"2.0\"`",
            )
        }
        InvalidReason::MethodNotString => {
            let v = value.get("method").unwrap_or(value);
            (
                v.site(),
                format!(
                    "`method` must be a string, found {}",
                    v.kind().with_article()
                ),
                "name the method with a string such as \"tools/list\"",
            )
        }
        InvalidReason::MethodWithResult => {
            let m = member("result").or_else(|| member("error"));
            (
                m.map_or(value.span(), mcpvet_json::Member::span).into(),
                "a message with `method` must not have `result` or `error`".to_owned(),
                "send the request or notification and its response as separate messages",
            )
        }
        InvalidReason::ResultAndError => (
            member("error")
                .map_or(value.span(), mcpvet_json::Member::span)
                .into(),
            "a response must not have both `result` and `error`".to_owned(),
            "send either `result` (success) or `error` (failure)",
        ),
        InvalidReason::ResponseWithoutId => (
            value.opening().into(),
            "a response with `result` has no `id`".to_owned(),
            "add the `id` of the request it answers",
        ),
        InvalidReason::ErrorNotObject => {
            let v = value.get("error").unwrap_or(value);
            (
                v.site(),
                format!(
                    "`error` must be an object, found {}",
                    v.kind().with_article()
                ),
                "send `\"error\": {\"code\": <integer>, \"message\": \"...\"}`",
            )
        }
        InvalidReason::NoMethodResultOrError => (
            value.opening().into(),
            "the message has neither `method`, `result` nor `error`".to_owned(),
            "add `method` (request or notification), `result` or `error` (response)",
        ),
        _ => (
            value.site(),
            format!("not a valid JSON-RPC message: {reason}"),
            "send a JSON-RPC 2.0 request, notification or response",
        ),
    };
    report.report(&INVALID_JSONRPC_MESSAGE, at, message, help);
}
