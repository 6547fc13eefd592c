use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::invalid_initialize_request::members;

declare_rule! {
    /// An `initialize` result lacks `protocolVersion`, `capabilities` or `serverInfo`.
    ///
    /// ## What it checks
    ///
    /// The `result` answering `initialize` (legacy versions): `protocolVersion` a string,
    /// `capabilities` an object, `serverInfo` an object with string `name` and `version`.
    /// `instructions` is optional.
    ///
    /// ## Why it matters
    ///
    /// The client decides from these whether it can talk to the server at all (the version)
    /// and what it may call (the capabilities); SDK clients reject an incomplete result and
    /// close the connection.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Initialization (`basic/lifecycle.mdx`)
    /// - `InitializeResult` in `schema.ts` (2024-11-05 to 2025-11-25)
    pub(crate) static INVALID_INITIALIZE_RESULT = {
        code: "MCP421",
        name: "invalid-initialize-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the result of a successful `initialize`.
pub(crate) fn check(result: Value<'_>, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object {
        return; // MCP402
    }
    members(
        &INVALID_INITIALIZE_RESULT,
        result,
        "result",
        &[
            ("protocolVersion", ValueKind::String),
            ("capabilities", ValueKind::Object),
            ("serverInfo", ValueKind::Object),
        ],
        report,
    );
    if let Some(info) = result
        .get("serverInfo")
        .filter(|v| v.kind() == ValueKind::Object)
    {
        members(
            &INVALID_INITIALIZE_RESULT,
            info,
            "serverInfo",
            &[("name", ValueKind::String), ("version", ValueKind::String)],
            report,
        );
    }
}
