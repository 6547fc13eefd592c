use mcpvet_diagnostics::{Label, Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// Two servers in the same map have names that differ only in case.
    ///
    /// ## What it checks
    ///
    /// Server names within one server map, compared without regard to ASCII case: `GitHub`
    /// and `github` are reported, with a label on the first one. The same name written twice
    /// as a key is already `duplicate-key` (MCP002); for servers listed in an array (Zed's
    /// early `experimental.context_servers`), an exact repeat of an `id` is reported here.
    /// Servers in different maps (a Claude Code user file's global and per-project
    /// `mcpServers`) are separate scopes and are not compared.
    ///
    /// ## Why it matters
    ///
    /// Clients disagree on whether names are case-sensitive: some keep both, some let the
    /// later one win, and tool prefixes built from the name (`mcp__github__...`) can collide
    /// on case-insensitive file systems and in tools that lower-case names. Two entries that
    /// differ only in case are almost always an edit that went to the wrong copy.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"github": {"command": "npx"}, "GitHub": {"command": "docker"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"github": {"command": "npx"}, "github-docker": {"command": "docker"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 8259 §4 (names SHOULD be unique); VS Code MCP configuration reference: server names must be unique (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    pub(crate) static DUPLICATE_SERVER_NAME = {
        code: "MCP103",
        name: "duplicate-server-name",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (i, later) in input.servers.iter().enumerate() {
        let Some(first) = input.servers[..i]
            .iter()
            .find(|s| s.map == later.map && s.name.value.eq_ignore_ascii_case(&later.name.value))
        else {
            continue;
        };
        let exact = first.name.value == later.name.value;
        // Exact duplicate keys of one object are `duplicate-key` (MCP002).
        if exact && later.key_node.is_some() {
            continue;
        }
        if later.name.value.is_empty() && later.key_node.is_none() {
            continue;
        }
        let message = if exact {
            format!(
                "server name `{}` is used twice in this map; rename or remove one of the entries",
                later.name.value
            )
        } else {
            format!(
                "server name `{}` differs from `{}` only in case; rename or remove one of the entries",
                later.name.value, first.name.value
            )
        };
        report.push(
            DUPLICATE_SERVER_NAME
                .diagnostic(later.name.span, message)
                .with_path(input.value(later.node).path())
                .with_secondary(Label::with_message(first.name.span, "first defined here"))
                .with_help("clients disagree on whether names are case-sensitive; keep one entry per server"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::DUPLICATE_SERVER_NAME as R;
    use crate::testing::{run, spans};

    #[test]
    fn case_only_differences() {
        let text = r#"{"mcpServers": {"github": {"command": "a"}, "GitHub": {"command": "b"}, "github": {"command": "c"}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        // `GitHub` vs `github`; the exact repeat is MCP002's, but it also differs from `GitHub`
        // only through the first `github`, which is reported once per later entry.
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].span().range()], "\"GitHub\"");
        assert_eq!(&text[found[0].secondary()[0].span().range()], "\"github\"");
    }

    #[test]
    fn separate_maps_and_zed_arrays() {
        let text = r#"{"mcpServers": {"a": {"command": "x"}}, "projects": {"/p": {"mcpServers": {"A": {"command": "x"}}}}}"#;
        assert!(spans(&R, ".claude.json", text).is_empty());
        let zed = r#"{"experimental": {"context_servers": {"servers": [{"id": "x", "executable": "a"}, {"id": "x", "executable": "b"}]}}}"#;
        assert_eq!(spans(&R, ".zed/settings.json", zed), ["\"x\""]);
    }
}
