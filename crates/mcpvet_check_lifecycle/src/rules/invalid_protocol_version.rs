use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// A protocol version is unknown, inconsistent, or not the one the session negotiated.
    ///
    /// ## What it checks
    ///
    /// - An `initialize` request or a 2026 request `_meta` naming a version that no MCP
    ///   revision has (`2025-99-99`, `1.0`): a **warning** (the server will answer with a
    ///   version it supports, or −32022).
    /// - An `initialize` result returning an unknown version the client did not ask for (the
    ///   client cannot accept it), or `2026-07-28`, which has no `initialize` (a dual-era
    ///   server answering `initialize` uses legacy semantics): an **error**.
    /// - An HTTP `MCP-Protocol-Version` header (trace captures) that differs from the
    ///   negotiated version (legacy) or from the request's `_meta` version (2026): an
    ///   **error**.
    ///
    /// A server answering with another known version than the client asked for is
    /// negotiation, not an error; mcpvet then checks the rest of the session against the
    /// version the server returned.
    ///
    /// ## Why it matters
    ///
    /// "If the client does not support the version in the server's response, it SHOULD
    /// disconnect" (the `InitializeResult` type says MUST); over HTTP, a mismatching header
    /// is answered with 400.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2026-07-28","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Version negotiation (`basic/lifecycle.mdx`)
    /// - MCP specification 2026-07-28, Versioning (`basic/versioning.mdx`)
    /// - MCP specification, Transports, Protocol version header (`basic/transports.mdx`,
    ///   2025-06-18 and later)
    pub(crate) static INVALID_PROTOCOL_VERSION = {
        code: "MCP422",
        name: "invalid-protocol-version",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the version `text` (at `at`) an `initialize` request or a request `_meta` asks for.
pub(crate) fn check_requested(text: &str, at: Value<'_>, report: &mut Reporter<'_>) {
    if ProtocolVersion::parse(text).is_none() {
        report.report_as(
            &INVALID_PROTOCOL_VERSION,
            Severity::Warning,
            at,
            format!("protocol version \"{text}\" is not a known MCP revision"),
            "ask for a published revision: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28",
        );
    }
}

/// Checks the version `text` (at `at`) of an `initialize` result, given the one the client
/// asked for.
pub(crate) fn check_returned(
    text: &str,
    at: Value<'_>,
    requested: Option<&str>,
    report: &mut Reporter<'_>,
) {
    match ProtocolVersion::parse(text) {
        Some(v) if v.is_modern() => report.report(
            &INVALID_PROTOCOL_VERSION,
            at,
            format!("`initialize` answered with protocol version \"{text}\", which has no `initialize` handshake"),
            "answer `initialize` with a legacy version (2025-11-25 or earlier)",
        ),
        Some(_) => {}
        None if requested == Some(text) => report.report_as(
            &INVALID_PROTOCOL_VERSION,
            Severity::Warning,
            at,
            format!("protocol version \"{text}\" is not a known MCP revision"),
            "negotiate a published revision",
        ),
        None => report.report(
            &INVALID_PROTOCOL_VERSION,
            at,
            format!("`initialize` answered with protocol version \"{text}\", which the client did not ask for and no MCP revision has"),
            "answer with the version the client asked for, or another published revision the server supports",
        ),
    }
}

/// Checks an HTTP `MCP-Protocol-Version` header (`value`, at `at`) against the version
/// `expected`, `what` saying where that one comes from.
pub(crate) fn check_header(
    value: &str,
    at: Span,
    expected: &str,
    what: &str,
    report: &mut Reporter<'_>,
) {
    if value == expected {
        return;
    }
    report.report(
        &INVALID_PROTOCOL_VERSION,
        at,
        format!(
            "the `MCP-Protocol-Version` header \"{value}\" differs from the {what} \"{expected}\""
        ),
        format!("send `MCP-Protocol-Version: {expected}`"),
    );
}
