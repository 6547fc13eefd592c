use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::{Exchange, Request};

declare_rule! {
    /// A Streamable HTTP request lacks the `MCP-Protocol-Version` header its protocol version requires.
    ///
    /// ## What it checks
    ///
    /// In HAR files, which record every header a request sent:
    ///
    /// - 2025-06-18 and 2025-11-25: a request to the MCP endpoint (`POST`, `GET`, `DELETE`)
    ///   sent after the `initialize` result, without `MCP-Protocol-Version`;
    /// - 2026-07-28: a `POST` without `MCP-Protocol-Version`.
    ///
    /// A header that differs from the negotiated version (or, in 2026-07-28, from the
    /// request's `_meta` version) is `invalid-protocol-version` (MCP422), in HAR files and
    /// trace envelopes alike. 2025-03-26 has no such header.
    ///
    /// ## Why it matters
    ///
    /// Without the header a server must guess the version: the specification has it assume
    /// 2025-03-26, so a session negotiated at a later version is served with the older
    /// semantics, and a 2026-07-28 server rejects the request with `400 Bad Request`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 46, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 46, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and 2025-11-25, Transports, Protocol Version Header:
    ///   "the client MUST include the `MCP-Protocol-Version: <protocol-version>` HTTP header
    ///   on all subsequent requests to the MCP server"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Protocol Version Header:
    ///   "Every POST request to the MCP endpoint MUST include an `MCP-Protocol-Version`
    ///   header"
    pub(crate) static MISSING_PROTOCOL_VERSION_HEADER = {
        code: "MCP464",
        name: "missing-protocol-version-header",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks that `request` (of `ex`) carries `MCP-Protocol-Version` where its version requires
/// it.
pub(crate) fn check(ex: &Exchange, request: &Request, report: &mut Reporter<'_>) {
    if !request.headers.lacks("mcp-protocol-version") {
        return;
    }
    let version = ex.before.version;
    let required = if version.is_modern() {
        request.is("POST")
    } else {
        version >= ProtocolVersion::V2025_06_18
            && ex.before.initialized
            && ex.initialize().is_none()
            && ["POST", "GET", "DELETE"].iter().any(|m| request.is(m))
    };
    if !required {
        return;
    }
    let v = version.as_str();
    let message = if version.is_modern() {
        format!(
            "the `{}` has no `MCP-Protocol-Version` header",
            request.name()
        )
    } else {
        format!(
            "the `{}` after initialization has no `MCP-Protocol-Version` header (the session negotiated {v})",
            request.name()
        )
    };
    report.report(
        &MISSING_PROTOCOL_VERSION_HEADER,
        request.site.clone(),
        message,
        format!("send `MCP-Protocol-Version: {v}` on every request after `initialize`"),
    );
}
