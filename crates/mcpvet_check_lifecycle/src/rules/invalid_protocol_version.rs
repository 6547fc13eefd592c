use mcpvet_ast::transcript::{ErrorObject, ProtocolVersion};
use mcpvet_diagnostics::{Label, Reporter, Severity, declare_rule};
use mcpvet_json::{JsonDocument, Value, ValueKind};
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
    /// - A legacy `initialize` refused by a modern server (one whose `server/discover` was
    ///   answered with a result earlier in the capture, or whose error has the 2026-07-28
    ///   code −32022) with an error that does not name the versions the server supports in
    ///   `data.supported`: a **warning** (2026-07-28, "Backward compatibility with
    ///   initialization-based versions": SHOULD). Reported on the error, with the
    ///   `initialize` request as a secondary label.
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

/// Checks the error (`error`, its object at `at`) with which a modern server refused a
/// legacy `initialize` (its method at `request`): it should name the versions the server
/// supports in `data.supported`. `modern` says the server is known to serve 2026-07-28 (its
/// `server/discover` was answered with a result); an error with the 2026-07-28 code −32022
/// (unsupported protocol version) says so too. Reported on the error, with the request as a
/// secondary label.
pub(crate) fn check_refused(
    error: &ErrorObject,
    doc: &JsonDocument<'_>,
    modern: bool,
    request: Span,
    report: &mut Reporter<'_>,
) {
    let code = error.code.as_ref().and_then(|c| c.value);
    if !modern && code != Some(UNSUPPORTED_VERSION) {
        return;
    }
    let supported = error.data.and_then(|d| doc.value(d).get("supported"));
    let named = supported.is_some_and(|s| {
        s.kind() == ValueKind::Array
            && s.items().next().is_some()
            && s.items().all(|v| v.kind() == ValueKind::String)
    });
    if named {
        return;
    }
    let d = INVALID_PROTOCOL_VERSION
        .diagnostic_at(
            supported.unwrap_or_else(|| doc.value(error.node)),
            "the server refused `initialize` without naming the protocol versions it supports in `error.data.supported`",
        )
        .with_severity(Severity::Warning)
        .with_help(
            "a server that supports only 2026-07-28 and later lists its versions, e.g. `\"data\": {\"supported\": [\"2026-07-28\"]}`, so that the client can switch",
        )
        .with_secondary(Label::with_message(request, "the legacy `initialize` it refused"));
    report.push(d);
}

/// The 2026-07-28 error code of an unsupported protocol version.
const UNSUPPORTED_VERSION: i64 = -32022;

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
