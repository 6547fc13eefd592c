use mcpvet_ast::config::{HttpKind, KindSource};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;
use crate::url::{UrlVerdict, display_url};

declare_rule! {
    /// A URL that ends in `/sse` is configured as a Streamable HTTP server.
    ///
    /// ## What it checks
    ///
    /// A remote server whose URL path ends in `/sse` while the configuration explicitly
    /// selects Streamable HTTP: `type` `http` (Cline: `streamableHttp`, Roo Code:
    /// `streamable-http`) or Gemini CLI's `httpUrl`. A URL without an explicit choice is left
    /// alone (most clients try Streamable HTTP and fall back to SSE).
    ///
    /// ## Why it matters
    ///
    /// `/sse` is the conventional GET endpoint of the legacy HTTP+SSE transport (protocol
    /// 2024-11-05), whose server speaks a different protocol than Streamable HTTP's single
    /// POST endpoint (usually `/mcp`). Pointing a Streamable HTTP client at it fails, or
    /// works only through a client's fallback. Either the `type` or the URL is probably wrong.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/sse"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "sse", "url": "https://docs.example.com/sse"},
    ///   "api": {"type": "http", "url": "https://api.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol 2024-11-05, HTTP with SSE (<https://modelcontextprotocol.io/specification/2024-11-05/basic/transports>)
    /// - Model Context Protocol, Streamable HTTP and backwards compatibility (<https://modelcontextprotocol.io/specification/2025-11-25/basic/transports>)
    pub(crate) static SSE_URL_WITH_HTTP_TRANSPORT = {
        code: "MCP206",
        name: "sse-url-with-http-transport",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for remote in &input.urls {
        let (server, http, url) = (remote.server, remote.http, remote.url);
        if http.kind != HttpKind::StreamableHttp
            || !matches!(http.kind_source, KindSource::Type | KindSource::UrlKey)
        {
            continue;
        }
        let UrlVerdict::Valid(parsed) = remote.verdict else {
            continue;
        };
        if !parsed
            .path()
            .trim_end_matches('/')
            .to_ascii_lowercase()
            .ends_with("/sse")
        {
            continue;
        }
        let key = http.url_key.value.name();
        let (selector, remedy) = match (http.kind_source, &server.declared_type) {
            (KindSource::Type, Some(t)) => (
                format!("`{}` `{}`", t.key.value, t.value.value),
                format!("set `\"{}\": \"sse\"`", t.key.value),
            ),
            _ => (format!("`{key}`"), "use `url` for an SSE server".to_owned()),
        };
        report.push(
            SSE_URL_WITH_HTTP_TRANSPORT
                .diagnostic(
                    url.span,
                    format!(
                        "`{key}` `{}` ends in `/sse`, the endpoint of the legacy HTTP+SSE transport, but {selector} selects Streamable HTTP; {remedy}, or use the server's Streamable HTTP endpoint (often `/mcp`)",
                        display_url(url)
                    ),
                )
                .with_path(input.value(url.node).path()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::SSE_URL_WITH_HTTP_TRANSPORT as R;
    use crate::testing::{messages, spans};

    #[test]
    fn explicit_http_on_sse_endpoint() {
        let text = r#"{"mcpServers": {"a": {"type": "http", "url": "https://x.example/mcp_server/sse/?k=v"}, "b": {"url": "https://x.example/sse"}}}"#;
        assert_eq!(
            spans(&R, ".mcp.json", text),
            ["\"https://x.example/mcp_server/sse/?k=v\""]
        );
        let m = &messages(&R, ".mcp.json", text)[0];
        assert!(
            m.contains("`https://x.example/mcp_server/sse/`") && m.contains("`\"type\": \"sse\"`"),
            "{m}"
        );
        let gemini = r#"{"mcpServers": {"a": {"httpUrl": "https://x.example/sse"}, "b": {"url": "https://x.example/sse"}}}"#;
        assert_eq!(spans(&R, ".gemini/settings.json", gemini).len(), 1);
    }
}
