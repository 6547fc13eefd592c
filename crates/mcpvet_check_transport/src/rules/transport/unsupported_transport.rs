use mcpvet_ast::config::{Dialect, KeyStatus, Support, Transport, TransportKind};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;
use crate::strings::server_label;

declare_rule! {
    /// A server uses a transport the client cannot use from this file, such as a remote server in Claude Desktop's stdio-only configuration.
    ///
    /// ## What it checks
    ///
    /// Claude Desktop reads only local (stdio) servers from `claude_desktop_config.json`, and
    /// JetBrains Junie documents only stdio servers in `.junie/mcp/mcp.json`: an entry with a
    /// `url`, or with a `type` naming a remote transport (`http`, `sse`), is reported. In other
    /// clients, a declared `type` naming a transport the client documents as unsupported is
    /// reported the same way.
    ///
    /// ## Why it matters
    ///
    /// Claude Desktop skips such entries ("The following entries in
    /// claude_desktop_config.json are not valid MCP server configurations and were skipped"),
    /// so the server never appears. Remote servers are added in Claude Desktop through
    /// Settings → Connectors, or bridged as a local process with `mcp-remote`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "mcp-remote", "https://docs.example.com/mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, connecting remote servers (<https://modelcontextprotocol.io/docs/develop/connect-remote-servers>)
    /// - Claude Desktop skips `url` entries: cboxdk/statamic-mcp#20, ROCTUP/1c-mcp-toolkit#15
    pub(crate) static UNSUPPORTED_TRANSPORT = {
        code: "MCP203",
        name: "unsupported-transport",
        severity: Error,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    let client = dialect.client_name();
    for server in &input.servers {
        let who = server_label(server);
        let declared = server.declared_type.as_ref().filter(|t| {
            server
                .member(&t.key.value)
                .is_none_or(|m| m.status == KeyStatus::Known)
        });
        if dialect.stdio_only() {
            if let Some(http) = server.transport.http() {
                let key = http.url_key.value.name();
                let (span, path) = match (&http.url, server.member(key)) {
                    (Some(u), _) => (u.span, input.value(u.node).path()),
                    (None, Some(m)) => (m.value_span, input.value(m.value).path()),
                    (None, None) => continue,
                };
                let also = if matches!(server.transport, Transport::Ambiguous { .. }) {
                    format!("remove `{key}` and keep `command`")
                } else if dialect == Dialect::ClaudeDesktop {
                    "add it in Settings → Connectors, or bridge it with `\"command\": \"npx\", \"args\": [\"mcp-remote\", \"<url>\"]`".to_owned()
                } else {
                    "bridge it with `\"command\": \"npx\", \"args\": [\"mcp-remote\", \"<url>\"]`"
                        .to_owned()
                };
                report.push(
                    UNSUPPORTED_TRANSPORT
                        .diagnostic(
                            span,
                            format!(
                                "{who} is a remote server (`{key}`), but {client} reads only stdio servers from this file and skips it; {also}"
                            ),
                        )
                        .with_path(path),
                );
                continue;
            }
            if let Some(t) = declared
                && matches!(
                    t.kind,
                    Some(TransportKind::Sse | TransportKind::StreamableHttp)
                )
            {
                report.push(
                    UNSUPPORTED_TRANSPORT
                        .diagnostic(
                            t.value.span,
                            format!(
                                "`{}` `{}` of {who} names a remote transport, but {client} reads only stdio servers; remove `{}`",
                                t.key.value, t.value.value, t.key.value
                            ),
                        )
                        .with_path(input.value(t.value.node).path()),
                );
            }
            continue;
        }
        let Some(t) = declared else { continue };
        let Some(kind) = t.kind else { continue };
        if dialect.supports(kind) == Support::No {
            report.push(
                UNSUPPORTED_TRANSPORT
                    .diagnostic(
                        t.value.span,
                        format!(
                            "`{}` `{}` of {who} names the {} transport, which {client} does not support; use another transport",
                            t.key.value,
                            t.value.value,
                            kind.name()
                        ),
                    )
                    .with_path(input.value(t.value.node).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNSUPPORTED_TRANSPORT as R;
    use crate::testing::{messages, spans};

    #[test]
    fn remote_in_claude_desktop() {
        let text = r#"{"mcpServers": {"a": {"url": "https://x.example/mcp"}, "b": {"type": "sse", "command": "npx"}, "c": {"command": "npx"}}}"#;
        assert_eq!(
            spans(&R, "claude_desktop_config.json", text),
            ["\"https://x.example/mcp\"", "\"sse\""]
        );
        assert!(messages(&R, "claude_desktop_config.json", text)[0].contains("mcp-remote"));
        assert!(spans(&R, ".cursor/mcp.json", text).is_empty());
    }

    #[test]
    fn both_set_in_claude_desktop() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "url": "https://x.example/mcp"}}}"#;
        assert!(messages(&R, "claude_desktop_config.json", text)[0].contains("remove `url`"));
    }
}
