use mcpvet_ast::config::{Dialect, HttpKind, KindSource};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A remote server uses the deprecated HTTP+SSE transport.
    ///
    /// ## What it checks
    ///
    /// A remote server whose transport is the legacy HTTP+SSE one: declared with `type`
    /// `sse`, written as Gemini CLI's `url` (which Gemini reads as SSE; `httpUrl` is
    /// Streamable HTTP), or a Cline `url` without `type` (Cline's default is SSE).
    ///
    /// ## Why it matters
    ///
    /// HTTP+SSE is the transport of protocol 2024-11-05; it was replaced by Streamable HTTP
    /// in 2025-03-26 and is deprecated. Servers are dropping it, and clients keep it only for
    /// backward compatibility. When the server also speaks Streamable HTTP, switching avoids
    /// the long-lived SSE connection and its reconnection problems. It is info: an SSE-only
    /// server still needs it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "sse", "url": "https://docs.example.com/sse"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol 2025-03-26, changelog: Streamable HTTP replaces HTTP+SSE (<https://modelcontextprotocol.io/specification/2025-03-26/changelog>)
    /// - Gemini CLI, MCP servers: `url` (SSE) and `httpUrl` (<https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md>)
    /// - Cline server schema: a `url` without `type` is SSE (`apps/vscode/src/services/mcp/schemas.ts`)
    pub(crate) static LEGACY_SSE_TRANSPORT = {
        code: "MCP207",
        name: "legacy-sse-transport",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

/// How the client spells Streamable HTTP in `type`.
fn http_word(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Cline => "streamableHttp",
        Dialect::Roo | Dialect::Continue => "streamable-http",
        Dialect::Goose => "streamable_http",
        _ => "http",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    if dialect.stdio_only() {
        return;
    }
    for server in &input.servers {
        let Some(http) = server.transport.http() else {
            continue;
        };
        if http.kind != HttpKind::Sse {
            continue;
        }
        let key = http.url_key.value.name();
        let (span, node, message) = match (http.kind_source, &server.declared_type) {
            (KindSource::Type, Some(t)) => (
                t.value.span,
                Some(t.value.node),
                format!(
                    "`{}` `{}` selects the HTTP+SSE transport, deprecated since protocol 2025-03-26; use `\"{}\": \"{}\"` if the server speaks Streamable HTTP",
                    t.key.value,
                    t.value.value,
                    t.key.value,
                    http_word(dialect)
                ),
            ),
            (KindSource::UrlKey, _) => (
                http.url_key.span,
                url_node(server, key),
                format!(
                    "{} reads `{key}` as the HTTP+SSE transport, deprecated since protocol 2025-03-26; use `httpUrl` if the server speaks Streamable HTTP",
                    dialect.client_name()
                ),
            ),
            _ => (
                http.url_key.span,
                url_node(server, key),
                format!(
                    "{} treats a `{key}` without `type` as the HTTP+SSE transport, deprecated since protocol 2025-03-26; add `\"type\": \"{}\"` if the server speaks Streamable HTTP, or `\"type\": \"sse\"` to keep SSE explicitly",
                    dialect.client_name(),
                    http_word(dialect)
                ),
            ),
        };
        let mut d = LEGACY_SSE_TRANSPORT.diagnostic(span, message);
        if let Some(node) = node {
            d = d.with_path(input.value(node).path());
        }
        report.push(d);
    }
}

fn url_node(server: &mcpvet_ast::config::Server, key: &str) -> Option<mcpvet_json::NodeId> {
    server
        .transport
        .http()
        .and_then(|h| h.url.as_ref().map(|u| u.node))
        .or_else(|| server.member(key).map(|m| m.value))
}

#[cfg(test)]
mod tests {
    use super::LEGACY_SSE_TRANSPORT as R;
    use crate::testing::{messages, spans};

    #[test]
    fn sse_transports() {
        let text = r#"{"mcpServers": {"a": {"type": "sse", "url": "https://x.example/sse"}, "b": {"url": "https://x.example/mcp"}}}"#;
        assert_eq!(spans(&R, ".mcp.json", text), ["\"sse\""]);
        assert_eq!(
            spans(&R, ".gemini/settings.json", text),
            ["\"sse\"", "\"url\""]
        );
        assert_eq!(
            spans(&R, "cline_mcp_settings.json", text),
            ["\"sse\"", "\"url\""]
        );
        assert!(
            messages(&R, "cline_mcp_settings.json", text)[1]
                .contains("`\"type\": \"streamableHttp\"`")
        );
        assert_eq!(spans(&R, ".cursor/mcp.json", text), ["\"sse\""]);
        assert!(spans(&R, "claude_desktop_config.json", text).is_empty());
    }
}
