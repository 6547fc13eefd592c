use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Severity, declare_rule};
use mcpvet_text::Span;

use super::Out;

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
    pub static INVALID_PROTOCOL_VERSION = {
        code: "MCP422",
        name: "invalid-protocol-version",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// An unknown version in an `initialize` request or a request `_meta`.
pub(crate) fn requested(out: &mut Out<'_>, text: &str, span: Span) {
    if ProtocolVersion::parse(text).is_none() {
        out.emit_as(
            &INVALID_PROTOCOL_VERSION,
            Severity::Warning,
            span,
            format!("protocol version \"{text}\" is not a known MCP revision"),
            "ask for a published revision: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28",
        );
    }
}

/// The version of an `initialize` result, given the one the client asked for.
pub(crate) fn returned(out: &mut Out<'_>, text: &str, span: Span, requested: Option<&str>) {
    match ProtocolVersion::parse(text) {
        Some(v) if v.is_modern() => out.emit(
            &INVALID_PROTOCOL_VERSION,
            span,
            format!("`initialize` answered with protocol version \"{text}\", which has no `initialize` handshake"),
            "answer `initialize` with a legacy version (2025-11-25 or earlier)",
        ),
        Some(_) => {}
        None if requested == Some(text) => out.emit_as(
            &INVALID_PROTOCOL_VERSION,
            Severity::Warning,
            span,
            format!("protocol version \"{text}\" is not a known MCP revision"),
            "negotiate a published revision",
        ),
        None => out.emit(
            &INVALID_PROTOCOL_VERSION,
            span,
            format!("`initialize` answered with protocol version \"{text}\", which the client did not ask for and no MCP revision has"),
            "answer with the version the client asked for, or another published revision the server supports",
        ),
    }
}

/// An HTTP `MCP-Protocol-Version` header that differs from `expected`.
pub(crate) fn header(out: &mut Out<'_>, span: Span, value: &str, expected: &str, what: &str) {
    out.emit(
        &INVALID_PROTOCOL_VERSION,
        span,
        format!(
            "the `MCP-Protocol-Version` header \"{value}\" differs from the {what} \"{expected}\""
        ),
        format!("send `MCP-Protocol-Version: {expected}`"),
    );
}
