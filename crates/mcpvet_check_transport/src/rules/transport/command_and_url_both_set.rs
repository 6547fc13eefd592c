use mcpvet_ast::config::{Transport, TransportKind};
use mcpvet_diagnostics::{Label, Reporter, Severity, declare_rule};

use crate::input::ConfigInput;
use crate::strings::server_label;

declare_rule! {
    /// A server sets both `command` (a local process) and a URL (a remote server).
    ///
    /// ## What it checks
    ///
    /// A server entry must choose one transport: `command` (with `args`, `env`) for stdio,
    /// or the client's URL member (`url`; Windsurf `serverUrl`; Gemini CLI `httpUrl` or
    /// `url`) for a remote server. When a `type` the client reads settles which one is used,
    /// the finding is a warning (the other member is dead); otherwise an error. In a client
    /// that reads only stdio servers, `unsupported-transport` (MCP203) reports the URL
    /// instead.
    ///
    /// ## Why it matters
    ///
    /// Clients resolve the conflict differently: Gemini CLI takes `httpUrl`, then `url`, then
    /// `command`; others take `command` first, and OpenAI Codex rejects the entry. The same
    /// file therefore starts a local process in one client and connects to a remote host in
    /// another. The member that loses is often the one the author edited last.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"], "url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Gemini CLI, MCP servers: transport precedence `httpUrl`, `url`, `command` (<https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md>)
    /// - Model Context Protocol, Transports (<https://modelcontextprotocol.io/specification/2025-11-25/basic/transports>)
    pub(crate) static COMMAND_AND_URL_BOTH_SET = {
        code: "MCP201",
        name: "command-and-url-both-set",
        severity: Error,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    if dialect.stdio_only() {
        return;
    }
    for server in &input.servers {
        let Transport::Ambiguous { http, stdio } = &server.transport else {
            continue;
        };
        let url_key = http.url_key.value.name();
        let (span, path) = match (&http.url, server.member(url_key)) {
            (Some(u), _) => (u.span, input.value(u.node).path()),
            (None, Some(m)) => (m.value_span, input.value(m.value).path()),
            (None, None) => continue,
        };
        let who = server_label(server);
        let declared = server.declared_type.as_ref().filter(|t| {
            t.kind.is_some() && dialect.known_server_keys().contains(&t.key.value.as_str())
        });
        let (severity, message) = match declared.and_then(|t| t.kind.map(|k| (t, k))) {
            Some((t, TransportKind::Stdio)) => (
                Severity::Warning,
                format!(
                    "{who} sets both `command` and `{url_key}`, and its `{}` `stdio` ignores `{url_key}`; remove `{url_key}`",
                    t.key.value
                ),
            ),
            Some((t, _)) => (
                Severity::Warning,
                format!(
                    "{who} sets both `command` and `{url_key}`, and its `{}` `{}` ignores `command`; remove `command` and its `args` and `env`",
                    t.key.value, t.value.value
                ),
            ),
            None => (
                Severity::Error,
                format!(
                    "{who} sets both `command` and `{url_key}`, and clients disagree on which one wins; keep `command` for a local server or `{url_key}` for a remote one"
                ),
            ),
        };
        let mut d = COMMAND_AND_URL_BOTH_SET
            .diagnostic(span, message)
            .with_severity(severity)
            .with_path(path);
        let command_span = stdio
            .command
            .as_ref()
            .map(|c| c.span)
            .or_else(|| server.member("command").map(|m| m.value_span));
        if let Some(span) = command_span {
            d = d.with_secondary(Label::with_message(span, "`command` is set here too"));
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::COMMAND_AND_URL_BOTH_SET as R;
    use crate::testing::run;
    use mcpvet_diagnostics::Severity;

    #[test]
    fn both_set() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "url": "https://x.example/mcp"}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity(), Severity::Error);
        assert_eq!(&text[found[0].span().range()], "\"https://x.example/mcp\"");
        assert_eq!(&text[found[0].secondary()[0].span().range()], "\"npx\"");
        assert_eq!(found[0].path().unwrap().to_string(), "$.mcpServers.a.url");
        // Claude Desktop: MCP203 says it.
        assert!(run(&R, "claude_desktop_config.json", text).is_empty());
    }

    #[test]
    fn settled_by_type() {
        let text = r#"{"servers": {"a": {"type": "http", "command": "npx", "url": "https://x.example/mcp"}}}"#;
        let found = run(&R, ".vscode/mcp.json", text);
        assert_eq!(found[0].severity(), Severity::Warning);
        assert!(found[0].message().contains("ignores `command`"));
        let gemini =
            r#"{"mcpServers": {"a": {"command": "npx", "httpUrl": "https://x.example/mcp"}}}"#;
        let found = run(&R, ".gemini/settings.json", gemini);
        assert_eq!(
            found[0].path().unwrap().to_string(),
            "$.mcpServers.a.httpUrl"
        );
    }
}
