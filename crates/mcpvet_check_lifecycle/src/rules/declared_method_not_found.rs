use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// A server answers the list method of a capability it declared with "method not found".
    ///
    /// ## What it checks
    ///
    /// A `tools/list`, `prompts/list`, `resources/list` or `resources/templates/list`
    /// answered with error −32601 (method not found) although the server declared the
    /// capability that gates it (`tools`, `prompts`, `resources`) in its `initialize` result
    /// or (2026-07-28) its `server/discover` result.
    ///
    /// In 2026-07-28 sessions, also a `server/discover` answered with −32601 by a server that
    /// answers other requests with 2026-07-28 results (`resultType`): every 2026-07-28 server
    /// implements `server/discover`. (A server that refuses the probe and serves the legacy
    /// `initialize` handshake that follows is an older server, which is not reported.) The
    /// finding is on whichever of the two answers comes second, with the other as the
    /// secondary span.
    ///
    /// ## Why it matters
    ///
    /// A declared capability promises the methods behind it; "method not found" is the
    /// answer for a capability that was *not* declared. A client that trusts the
    /// declaration shows an empty feature, or retries forever.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"prompts":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"Method not found"}}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":60000,"cacheScope":"public"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"prompts":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Tools, Prompts and Resources, Capabilities
    ///   (`server/tools.mdx`, `server/prompts.mdx`, `server/resources.mdx`)
    /// - MCP specification 2026-07-28, Lifecycle: servers implement `server/discover`
    /// - `MethodNotFoundError` in the 2026-07-28 schema: the answer for a capability the
    ///   server did not advertise
    pub(crate) static DECLARED_METHOD_NOT_FOUND = {
        code: "MCP454",
        name: "declared-method-not-found",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The capability that gates list method `method`, if it is one.
pub(crate) fn capability_of(method: &str) -> Option<&'static str> {
    match method {
        "tools/list" => Some("tools"),
        "prompts/list" => Some("prompts"),
        "resources/list" | "resources/templates/list" => Some("resources"),
        _ => None,
    }
}

/// Reports error `code` (at `span`) answering list method `method` whose capability was
/// declared (in `source`).
pub(crate) fn check(
    method: &str,
    code: Option<i64>,
    declared: bool,
    source: &str,
    span: Span,
    report: &mut Reporter<'_>,
) {
    let Some(cap) = capability_of(method) else {
        return;
    };
    if code != Some(-32601) || !declared {
        return;
    }
    report.report(
        &DECLARED_METHOD_NOT_FOUND,
        span,
        format!("`{method}` is answered \"method not found\" although {source} declares `{cap}`"),
        format!("implement `{method}`, or do not declare `{cap}`"),
    );
}

/// Reports a 2026-07-28 server that refused `server/discover` with "method not found" (the
/// error code at `refusal`) and answered another request with a 2026-07-28 result (its
/// `resultType` at `modern`); the finding goes on the later of the two (`on_refusal`: the
/// refusal came second).
pub(crate) fn check_discover(
    refusal: Span,
    modern: Span,
    on_refusal: bool,
    report: &mut Reporter<'_>,
) {
    let (at, other, message, label) = if on_refusal {
        (
            refusal,
            modern,
            "`server/discover` is answered \"method not found\" by a server that answers with 2026-07-28 results",
            "a 2026-07-28 result of the same server",
        )
    } else {
        (
            modern,
            refusal,
            "a 2026-07-28 result from a server that answered `server/discover` with \"method not found\"",
            "the server's refusal of `server/discover`",
        )
    };
    report.push(
        DECLARED_METHOD_NOT_FOUND
            .diagnostic_at(at, message)
            .with_help("implement `server/discover`: every 2026-07-28 server must")
            .with_secondary(Label::with_message(other, label)),
    );
}
