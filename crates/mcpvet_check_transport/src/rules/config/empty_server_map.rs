use mcpvet_ast::config::{Dialect, MapKind};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use crate::input::ConfigInput;

declare_rule! {
    /// The server map is empty, so the file configures no server.
    ///
    /// ## What it checks
    ///
    /// The map the client reads servers from (`mcpServers`, `servers`, `mcp.servers`,
    /// `context_servers`, Zed's early `experimental.context_servers`) exists but holds no
    /// entry. Claude Code's user file (`~/.claude.json`, with its `projects`) holds empty maps
    /// by default and is not reported.
    ///
    /// ## Why it matters
    ///
    /// An empty map is often on purpose (a template, servers switched off), hence only info;
    /// but when the file was meant to configure servers, the client silently starts none,
    /// for example after a merge kept the wrong half of the file.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=cline_mcp_settings.json
    /// {"mcpServers": {}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=cline_mcp_settings.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, connecting local servers (<https://modelcontextprotocol.io/docs/develop/connect-local-servers>)
    pub(crate) static EMPTY_SERVER_MAP = {
        code: "MCP104",
        name: "empty-server-map",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    // Claude Code's user file (`~/.claude.json`) starts with empty maps everywhere.
    let claude_user_file = input.dialect == Dialect::ClaudeCode
        && input.root_members.iter().any(|m| m.key.value == "projects");
    if claude_user_file {
        return;
    }
    for (index, map) in input.server_maps.iter().enumerate() {
        if !map.expected
            || matches!(
                map.kind,
                MapKind::Root | MapKind::Flat | MapKind::ProjectMcpServers
            )
        {
            continue;
        }
        let value = input.value(map.node);
        let items = match value.kind() {
            ValueKind::Object | ValueKind::Array => value.len(),
            _ => continue,
        };
        // Zed's early form nests the array in `servers`.
        let nested_empty = value
            .get("servers")
            .is_some_and(|s| s.kind() == ValueKind::Array && s.is_empty())
            && value.len() == 1;
        if (items > 0 && !nested_empty) || input.servers.iter().any(|s| s.map == index) {
            continue;
        }
        let key = map.kind.name();
        report.push(
            EMPTY_SERVER_MAP
                .diagnostic(
                    value.span(),
                    format!("`{key}` is empty, so no server is configured; add a server or remove the empty map"),
                )
                .with_path(value.path()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::EMPTY_SERVER_MAP as R;
    use crate::testing::spans;

    #[test]
    fn empty_maps() {
        assert_eq!(
            spans(&R, "cline_mcp_settings.json", "{\"mcpServers\": {\n}}"),
            ["{\n}"]
        );
        assert_eq!(
            spans(
                &R,
                ".zed/settings.json",
                r#"{"context_servers": {}, "theme": "x"}"#
            ),
            ["{}"]
        );
        assert!(
            spans(
                &R,
                ".mcp.json",
                r#"{"mcpServers": {"a": {"command": "x"}}}"#
            )
            .is_empty()
        );
        let user =
            r#"{"mcpServers": {"a": {"command": "x"}}, "projects": {"/p": {"mcpServers": {}}}}"#;
        assert!(spans(&R, ".claude.json", user).is_empty());
    }
}
