use mcpvet_diagnostics::{Reporter, RuleMeta, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

declare_rule! {
    /// An `initialize` request lacks `protocolVersion`, `capabilities` or `clientInfo`.
    ///
    /// ## What it checks
    ///
    /// The `params` of `initialize` (legacy versions): `protocolVersion` a string,
    /// `capabilities` an object (`{}` declares nothing), `clientInfo` an object with string
    /// `name` and `version`. A missing `params` is reported once.
    ///
    /// ## Why it matters
    ///
    /// The server needs all three to negotiate: without `protocolVersion` it cannot pick a
    /// version, without `capabilities` it cannot know what it may ask the client for.
    /// Servers answer such a request with −32602 and the session never starts.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"example-client","version":"1.0.0"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Initialization (`basic/lifecycle.mdx`)
    /// - `InitializeRequest` and `Implementation` in `schema.ts` (2024-11-05 to 2025-11-25)
    pub(crate) static INVALID_INITIALIZE_REQUEST = {
        code: "MCP420",
        name: "invalid-initialize-request",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the params of an `initialize` request; `method` is where a missing `params` is
/// reported.
pub(crate) fn check(params: Option<Value<'_>>, method: Span, report: &mut Reporter<'_>) {
    let Some(params) = params else {
        report.report(
            &INVALID_INITIALIZE_REQUEST,
            method,
            "`initialize` has no `params`",
            "send `params` with `protocolVersion`, `capabilities` and `clientInfo`",
        );
        return;
    };
    if params.kind() != ValueKind::Object {
        return; // MCP402
    }
    members(
        &INVALID_INITIALIZE_REQUEST,
        params,
        "initialize",
        &[
            ("protocolVersion", ValueKind::String),
            ("capabilities", ValueKind::Object),
            ("clientInfo", ValueKind::Object),
        ],
        report,
    );
    if let Some(info) = params
        .get("clientInfo")
        .filter(|v| v.kind() == ValueKind::Object)
    {
        members(
            &INVALID_INITIALIZE_REQUEST,
            info,
            "clientInfo",
            &[("name", ValueKind::String), ("version", ValueKind::String)],
            report,
        );
    }
}

/// Reports each of `required` that is missing from `object` or has another type.
pub(crate) fn members(
    rule: &'static RuleMeta,
    object: Value<'_>,
    what: &str,
    required: &[(&str, ValueKind)],
    report: &mut Reporter<'_>,
) {
    for (key, kind) in required {
        match object.get(key) {
            None => report.report(
                rule,
                object.opening(),
                format!("`{what}` has no `{key}`"),
                format!("add `{key}` ({})", kind.with_article()),
            ),
            Some(v) if v.kind() != *kind && v.kind() != ValueKind::Error => report.report(
                rule,
                v,
                format!(
                    "`{what}.{key}` must be {}, found {}",
                    kind.with_article(),
                    v.kind().with_article()
                ),
                format!("send `{key}` as {}", kind.with_article()),
            ),
            Some(_) => {}
        }
    }
}
