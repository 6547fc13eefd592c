use mcpvet_ast::config::{Dialect, MapKind, Server, ServerNameRule};
use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A server name uses characters other than letters, digits, `.`, `_` and `-`.
    ///
    /// ## What it checks
    ///
    /// Every server name (the key in `mcpServers`, `servers`, `context_servers` or `mcp`) must
    /// be non-empty and made of ASCII letters, digits, `.`, `_` and `-`. Where a client
    /// documents a stricter rule, that rule applies: Claude Code accepts only letters, digits,
    /// `-` and `_` (no dots). Names a client writes itself are accepted in its files: Cline's
    /// marketplace names (`github.com/owner/repo`), and the names VS Code gives the servers it
    /// installs from its gallery (`io.github.owner/server-name`, `microsoft/playwright-mcp`,
    /// in an entry with `gallery` and `version`). Roo Code turns whitespace into `_` when it builds tool names,
    /// so a Roo Code name whose only unusual characters are spaces is only an info; so is a
    /// Continue name (the `name` of a list item, a label Continue shows as written: its own
    /// documentation names a server `Browser search`). What each
    /// client allows:
    ///
    /// | client | names |
    /// |---|---|
    /// | Claude Code | letters, digits, `-`, `_` (`claude mcp add` rejects others) |
    /// | VS Code | no whitespace; the names it writes for gallery installs (`io.github.owner/name`) |
    /// | Cline | any; its marketplace names (`github.com/owner/repo`) |
    /// | Roo Code | any; whitespace becomes `_` in tool names, other characters are dropped |
    /// | Continue | any (a label: spaces are only an info) |
    /// | others | any non-empty name (only portability is at stake) |
    ///
    /// ## Why it matters
    ///
    /// Clients build identifiers from the server name: tool names such as
    /// `mcp__<server>__<tool>`, command-line arguments (`claude mcp get <name>`), log file
    /// names (`mcp-server-<name>.log`). `claude mcp add` rejects names with other characters
    /// ("Names can only contain letters, numbers, hyphens, and underscores"), VS Code's
    /// guidance asks for names without whitespace or special characters, and names with
    /// shell metacharacters have reached `cmd.exe` in some tools. A name with a space or a
    /// slash works in one client and breaks when the configuration is copied to another.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs.api": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs-api": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Claude Code, MCP: `claude mcp add` name validation (<https://docs.anthropic.com/en/docs/claude-code/mcp>)
    /// - VS Code MCP configuration reference: naming conventions (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    pub(crate) static INVALID_SERVER_NAME = {
        code: "MCP102",
        name: "invalid-server-name",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// Whether `c` is allowed in a portable server name.
fn portable(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// `github.com/owner/repo`: the names Cline's marketplace writes.
fn is_cline_marketplace_name(name: &str) -> bool {
    let segments: Vec<&str> = name.split('/').collect();
    segments.len() >= 2
        && segments
            .iter()
            .all(|s| !s.is_empty() && s.chars().all(portable))
}

/// A server VS Code installed from its gallery (it has `gallery` and `version`): VS Code
/// chose its name (`io.github.github/github-mcp-server`, `microsoft/playwright-mcp`, even
/// `Microsoft Learn - MCP`), and reads it back.
fn is_vscode_gallery_entry(server: &Server) -> bool {
    server.member("gallery").is_some() && server.member("version").is_some()
}

/// A description of the first offending character.
fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        c if c.is_whitespace() => "whitespace".to_owned(),
        c if c.is_control() => "a control character".to_owned(),
        c => format!("`{c}`"),
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    let rule = dialect.server_names();
    for server in &input.servers {
        let map_kind = input.server_maps.get(server.map).map(|m| m.kind);
        // A root server has no name; an early Zed array item without `id` (a Continue list item
        // without `name`) gets `#<index>`.
        if map_kind == Some(MapKind::Root)
            || (matches!(
                map_kind,
                Some(MapKind::ZedExperimental | MapKind::ContinueBlock | MapKind::ContinueConfig)
            ) && server.key_node.is_none()
                && server.name.value.starts_with('#'))
        {
            continue;
        }
        let name = server.name.value.as_str();
        let path = input.value(server.node).path();
        if name.trim().is_empty() {
            report.push(
                INVALID_SERVER_NAME
                    .diagnostic(
                        server.name.span,
                        "the server name is empty; give the server a name made of letters, digits, `.`, `_` and `-`",
                    )
                    .with_path(path),
            );
            continue;
        }
        if dialect == Dialect::Cline && is_cline_marketplace_name(name) {
            continue;
        }
        if dialect == Dialect::VsCode && is_vscode_gallery_entry(server) {
            continue;
        }
        // Roo Code replaces whitespace with `_` in tool names: nothing is known to break.
        // Continue shows its `name` as a label.
        let spaces_only = matches!(rule, ServerNameRule::Sanitized | ServerNameRule::Label)
            && name.chars().all(|c| portable(c) || c == ' ')
            && name.trim() == name;
        let message = if !rule.allows(name) && rule == ServerNameRule::LettersDigitsDashUnderscore {
            let bad = name
                .chars()
                .find(|&c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(' ');
            format!(
                "server name `{name}` contains {}, which {} rejects; rename it using {}",
                describe(bad),
                dialect.client_name(),
                rule.describe()
            )
        } else if let Some(bad) = name.chars().find(|&c| !portable(c)) {
            let suggestion: String = name
                .trim()
                .chars()
                .map(|c| if portable(c) { c } else { '-' })
                .collect();
            format!(
                "server name `{name}` contains {}; rename it using only letters, digits, `.`, `_` and `-`, such as `{suggestion}`",
                describe(bad)
            )
        } else {
            continue;
        };
        if spaces_only {
            report.report_as(
                &INVALID_SERVER_NAME,
                Severity::Info,
                Site::new(server.name.span, Some(path)),
                message,
                if rule == ServerNameRule::Label {
                    format!(
                        "{} shows the name as written, but other clients may reject it if the entry is copied",
                        dialect.client_name()
                    )
                } else {
                    format!(
                        "{} turns the spaces into `_` in tool names, but other clients may reject the name",
                        dialect.client_name()
                    )
                },
            );
            continue;
        }
        report.report(
            &INVALID_SERVER_NAME,
            Site::new(server.name.span, Some(path)),
            message,
            "clients turn server names into tool prefixes, command-line arguments and file names",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::INVALID_SERVER_NAME as R;
    use crate::testing::{messages, run, spans};
    use mcpvet_diagnostics::Severity;

    #[test]
    fn flags_spaces_slashes_and_dots_in_claude_code() {
        let text = r#"{"mcpServers": {"Supabase MCP": {"command": "x"}, "a/b": {"command": "x"}, "ok.name_1-2": {"command": "x"}}}"#;
        assert_eq!(
            spans(&R, ".cursor/mcp.json", text),
            ["\"Supabase MCP\"", "\"a/b\""]
        );
        let m = messages(&R, ".mcp.json", text);
        assert_eq!(m.len(), 3);
        assert!(
            m[2].contains("`.`") && m[2].contains("Claude Code rejects"),
            "{m:?}"
        );
        assert!(messages(&R, ".roo/mcp.json", text)[0].contains("`Supabase-MCP`"));
        // Roo Code: a space is an info, a slash still a warning.
        let roo = run(&R, ".roo/mcp.json", text);
        assert_eq!(roo[0].severity(), Severity::Info);
        assert_eq!(roo[1].severity(), Severity::Warning);
    }

    #[test]
    fn accepts_vscode_gallery_names() {
        let text = r#"{"servers": {"io.github.github/github-mcp-server": {"type": "http",
            "url": "https://api.githubcopilot.com/mcp/", "gallery": "https://api.mcp.github.com", "version": "0.13.0"},
            "Microsoft Learn - MCP": {"type": "http", "url": "https://learn.microsoft.com/api/mcp",
              "gallery": "https://api.mcp.github.com", "version": "1.0.0"},
            "io.github.x/hand-written": {"command": "x"}}}"#;
        assert_eq!(
            spans(&R, ".vscode/mcp.json", text),
            ["\"io.github.x/hand-written\""]
        );
    }

    #[test]
    fn accepts_cline_marketplace_names_and_root_servers() {
        let text = r#"{"mcpServers": {"github.com/upstash/context7-mcp": {"command": "npx"}}}"#;
        assert!(spans(&R, "cline_mcp_settings.json", text).is_empty());
        assert_eq!(spans(&R, ".cursor/mcp.json", text).len(), 1);
        assert!(spans(&R, "server.json", r#"{"command": "npx"}"#).is_empty());
    }

    #[test]
    fn empty_name() {
        let text = r#"{"mcpServers": {"": {"command": "x"}}}"#;
        assert!(messages(&R, ".cursor/mcp.json", text)[0].contains("empty"));
    }
}
