use mcpvet_ast::config::{Dialect, KeyStatus, Server, Support, Transport, TransportKind};
use mcpvet_ast::edits::remove_member;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::ValueKind;

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
                    "add it in Settings → Connectors, or bridge it with `\"command\": \"npx\", \"args\": [\"-y\", \"mcp-remote\", \"<url>\"]`".to_owned()
                } else {
                    "bridge it with `\"command\": \"npx\", \"args\": [\"-y\", \"mcp-remote\", \"<url>\"]`"
                        .to_owned()
                };
                let mut d = UNSUPPORTED_TRANSPORT
                    .diagnostic(
                        span,
                        format!(
                            "{who} is a remote server (`{key}`), but {client} reads only stdio servers from this file and skips it; {also}"
                        ),
                    )
                    .with_path(path);
                if matches!(server.transport, Transport::Http(_))
                    && let Some(fix) = bridge_fix(input, server, key)
                {
                    d = d.with_fix(fix);
                }
                report.push(d);
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

/// The fix of a remote server in a stdio-only client: its URL member replaced by the
/// `mcp-remote` bridge (`"command": "npx", "args": ["-y", "mcp-remote", URL]`, the URL as
/// written), and its `type` removed. None when the server sends `headers` (they would have
/// to become `--header` arguments, secrets included), its URL is not a string, or the
/// members cannot be edited exactly (a comment in the way).
fn bridge_fix(input: &ConfigInput<'_>, server: &Server, key: &str) -> Option<Fix> {
    if !matches!(input.dialect, Dialect::ClaudeDesktop | Dialect::Junie) {
        return None;
    }
    let object = input.value(server.node);
    if object.kind() != ValueKind::Object || object.get("headers").is_some() {
        return None;
    }
    let member = object.members().find(|m| m.key_is(key))?;
    if member.value.kind() != ValueKind::String {
        return None;
    }
    let url = input.document().slice(member.value.span())?;
    let mut edits = vec![Edit::new(
        member.span(),
        format!("\"command\": \"npx\", \"args\": [\"-y\", \"mcp-remote\", {url}]"),
    )];
    for ty in ["type", "transportType"] {
        if object.get(ty).is_some() {
            edits.push(Edit::new(remove_member(object, ty)?, ""));
        }
    }
    edits.sort_by_key(|e| (e.span().start, e.span().end));
    Some(Fix::new(
        "start the server through the `mcp-remote` bridge: `npx -y mcp-remote <url>` (review: \
         the bridge is a package from npm, run on this machine)",
        edits,
        Applicability::Unsafe,
    ))
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
    fn remote_in_claude_desktop_is_bridged() {
        let text = r#"{"mcpServers": {"a": {"type": "sse", "url": "https://x.example/sse"}, "b": {"url": "https://y.example/mcp", "headers": {"X": "y"}}}}"#;
        let found = crate::testing::run(&R, "claude_desktop_config.json", text);
        let fixes: Vec<_> = found.iter().filter_map(|d| d.fix()).collect();
        assert_eq!(fixes.len(), 1);
        let out = mcpvet_diagnostics::apply::apply_fixes(text, fixes);
        assert_eq!(
            out.text,
            r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "mcp-remote", "https://x.example/sse"]}, "b": {"url": "https://y.example/mcp", "headers": {"X": "y"}}}}"#
        );
    }

    #[test]
    fn both_set_in_claude_desktop() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "url": "https://x.example/mcp"}}}"#;
        assert!(messages(&R, "claude_desktop_config.json", text)[0].contains("remove `url`"));
    }
}
