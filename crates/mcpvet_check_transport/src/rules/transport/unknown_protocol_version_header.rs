use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A configuration sets an `MCP-Protocol-Version` header to a value that is not a known protocol version.
    ///
    /// ## What it checks
    ///
    /// The value of an `MCP-Protocol-Version` header (name compared case-insensitively) in a
    /// server's `headers` must be one of the published protocol versions: `2024-11-05`,
    /// `2025-03-26`, `2025-06-18`, `2025-11-25`, `2026-07-28`. A value made of a variable
    /// reference is not judged.
    ///
    /// ## Why it matters
    ///
    /// Servers MUST answer a request with an invalid or unsupported `MCP-Protocol-Version`
    /// with HTTP 400, so every request fails. The client normally sets the header itself to
    /// the negotiated version; a fixed value also risks contradicting that negotiation when
    /// client or server are upgraded.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp",
    ///   "headers": {"MCP-Protocol-Version": "2025-06"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp",
    ///   "headers": {"MCP-Protocol-Version": "2025-06-18"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol 2025-06-18, Transports: protocol version header (<https://modelcontextprotocol.io/specification/2025-06-18/basic/transports>)
    /// - Model Context Protocol, Versioning (<https://modelcontextprotocol.io/specification/versioning>)
    pub(crate) static UNKNOWN_PROTOCOL_VERSION_HEADER = {
        code: "MCP215",
        name: "unknown-protocol-version-header",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// The published protocol versions.
const VERSIONS: [&str; 5] = [
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    "2026-07-28",
];

/// Whether `text` has the shape of a version (`YYYY-MM-DD`, or a short prefix of it), so it
/// can be quoted without showing anything else.
fn version_like(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 12
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'.'))
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for server in &input.servers {
        let Some(headers) = &server.headers else {
            continue;
        };
        for entry in &headers.entries {
            let name = entry.key.value.as_str();
            if !name.trim().eq_ignore_ascii_case("mcp-protocol-version") {
                continue;
            }
            let Some(value) = &entry.string else { continue };
            if value.has_refs() || VERSIONS.contains(&value.value.as_str()) {
                continue;
            }
            let shown = if version_like(&value.value) {
                format!(" `{}`", value.value)
            } else {
                String::new()
            };
            report.push(
                UNKNOWN_PROTOCOL_VERSION_HEADER
                    .diagnostic(
                        value.span,
                        format!(
                            "the value{shown} of `headers.{name}` is not an MCP protocol version, so servers answer HTTP 400; remove the header or use one of `{}`",
                            VERSIONS.join("`, `")
                        ),
                    )
                    .with_path(input.value(value.node).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNKNOWN_PROTOCOL_VERSION_HEADER as R;
    use crate::testing::{messages, spans};

    #[test]
    fn versions() {
        let text = r#"{"mcpServers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"mcp-protocol-version": "2025-06", "MCP-Protocol-Version": "2025-06-18"}},
            "b": {"type": "http", "url": "https://x.example/mcp", "headers": {"MCP-Protocol-Version": "${VERSION}"}},
            "c": {"type": "http", "url": "https://x.example/mcp", "headers": {"MCP-Protocol-Version": "latest please"}}}}"#;
        assert_eq!(
            spans(&R, ".mcp.json", text),
            ["\"2025-06\"", "\"latest please\""]
        );
        let m = messages(&R, ".mcp.json", text);
        assert!(
            m[0].starts_with("the value `2025-06` of") && m[1].starts_with("the value of"),
            "{m:?}"
        );
    }
}
