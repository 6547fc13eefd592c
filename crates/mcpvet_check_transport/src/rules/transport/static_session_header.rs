use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A configuration hard-codes a per-session or per-request MCP header (`Mcp-Session-Id`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`).
    ///
    /// ## What it checks
    ///
    /// The names in a server's `headers` (case-insensitively): `Mcp-Session-Id`,
    /// `Mcp-Method`, `Mcp-Name`, and any `Mcp-Param-` header. The value is never shown.
    ///
    /// ## Why it matters
    ///
    /// The session id is assigned by the server in its response to `initialize` and must then
    /// be echoed; a fixed one is stale as soon as the server restarts (the server answers 404
    /// and the client has to start over), and under protocol 2026-07-28 there are no sessions
    /// and the header is ignored. `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` are computed by
    /// the client for each request from its JSON-RPC body (2026-07-28); a static value
    /// contradicts most requests and the server rejects them with HTTP 400.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp",
    ///   "headers": {"Mcp-Session-Id": "1868a90c-3a2e-4b0f-9f0e-8d1f2c3b4a5d"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp",
    ///   "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol 2025-11-25, Transports: session management (<https://modelcontextprotocol.io/specification/2025-11-25/basic/transports>)
    /// - Model Context Protocol 2026-07-28, Streamable HTTP: required request headers (<https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>)
    pub(crate) static STATIC_SESSION_HEADER = {
        code: "MCP214",
        name: "static-session-header",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for server in &input.servers {
        let Some(headers) = &server.headers else {
            continue;
        };
        for entry in &headers.entries {
            let name = entry.key.value.as_str();
            let lower = name.trim().to_ascii_lowercase();
            let why = match lower.as_str() {
                "mcp-session-id" => {
                    "the server assigns the session id when the session starts (and protocol 2026-07-28 has no sessions)"
                }
                "mcp-method" | "mcp-name" => {
                    "the client sets it for each request from the JSON-RPC body"
                }
                l if l.starts_with("mcp-param-") => {
                    "the client sets it for each tool call from the tool's arguments"
                }
                _ => continue,
            };
            report.push(
                STATIC_SESSION_HEADER
                    .diagnostic(
                        entry.key.span,
                        format!(
                            "`headers.{name}` is fixed in the configuration, but {why}; remove it"
                        ),
                    )
                    .with_path(input.value(entry.value).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::STATIC_SESSION_HEADER as R;
    use crate::testing::{messages, spans};

    #[test]
    fn headers() {
        let text = r#"{"mcpServers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"mcp-session-id": "s3cr3t", "Mcp-Method": "tools/call", "Mcp-Param-Region": "eu", "Authorization": "x", "MCP-Protocol-Version": "2025-06-18"}}}}"#;
        assert_eq!(
            spans(&R, ".mcp.json", text),
            [
                "\"mcp-session-id\"",
                "\"Mcp-Method\"",
                "\"Mcp-Param-Region\""
            ]
        );
        assert!(
            messages(&R, ".mcp.json", text)
                .iter()
                .all(|m| !m.contains("s3cr3t"))
        );
    }
}
