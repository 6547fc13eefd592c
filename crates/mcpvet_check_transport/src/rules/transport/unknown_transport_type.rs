use mcpvet_ast::config::{Dialect, KeyStatus, MapKind, TransportKind};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;
use crate::strings::server_label;

declare_rule! {
    /// A server's `type` is not a transport the client knows.
    ///
    /// ## What it checks
    ///
    /// The value of `type` (Cline also: `transportType`) in clients that read it. Where the
    /// client documents its spelling, only that spelling is accepted: VS Code and Claude Code
    /// take `stdio`, `http` and `sse`; Cline's `type` takes `stdio`, `sse` and
    /// `streamableHttp` (its legacy `transportType`: `stdio`, `sse`, `http`); Roo Code takes
    /// `stdio`, `sse` and `streamable-http`; opencode `local` and `remote`; Copilot CLI
    /// `local`, `stdio`, `http` and `sse`; Visual Studio `stdio`, `http` and `sse`; Continue
    /// (YAML) `stdio`, `sse` and `streamable-http`; Goose `stdio`, `streamable_http` and
    /// `sse` (its `builtin`, `platform`, `frontend` and `inline_python` extensions are not
    /// MCP servers and have no transport). Elsewhere any common spelling of the three
    /// transports is accepted and only unknown values (`websocket`, `remote`, `local`) are
    /// reported. A `type` the client does not read at all is `unknown-field` (MCP101); a
    /// `type` whose member is missing (`stdio` without `command`) is `missing-field` (MCP012).
    ///
    /// ## Why it matters
    ///
    /// The value is validated against an enumeration (VS Code's JSON Schema, Cline's zod
    /// schema, Claude Code's parser): an unknown transport makes the client reject or skip
    /// the server. Spellings differ between clients (`http`, `streamableHttp`,
    /// `streamable-http`), so a copied entry often carries another client's word.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "streamableHttp", "url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference: `type` (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    /// - Claude Code, MCP: `--transport stdio|sse|http` (<https://docs.anthropic.com/en/docs/claude-code/mcp>)
    /// - Cline server schema (`apps/vscode/src/services/mcp/schemas.ts`)
    pub(crate) static UNKNOWN_TRANSPORT_TYPE = {
        code: "MCP202",
        name: "unknown-transport-type",
        severity: Error,
        target: Config,
        since: "0.1.0",
    }
}

/// The values `dialect` documents for `key`, when it documents them.
fn documented(dialect: Dialect, key: &str) -> Option<&'static [&'static str]> {
    match (dialect, key) {
        (Dialect::VsCode | Dialect::ClaudeCode | Dialect::VisualStudio, "type") => {
            Some(&["stdio", "http", "sse"])
        }
        (Dialect::Cline, "type") => Some(&["stdio", "sse", "streamableHttp"]),
        (Dialect::Cline, "transportType") => Some(&["stdio", "sse", "http"]),
        (Dialect::Roo, "type") => Some(&["stdio", "sse", "streamable-http"]),
        (Dialect::OpenCode, "type") => Some(&["local", "remote"]),
        (Dialect::CopilotCli, "type") => Some(&["local", "stdio", "http", "sse"]),
        (Dialect::Goose, "type") => Some(&["stdio", "streamable_http", "sse"]),
        _ => None,
    }
}

/// The documented word for `kind`, from a list ordered stdio, streamable HTTP / SSE.
fn spelling(
    dialect: Dialect,
    values: &[&'static str],
    kind: TransportKind,
) -> Option<&'static str> {
    values
        .iter()
        .copied()
        .find(|v| dialect.transport_from_type(v) == Some(kind))
}

fn list(values: &[&str]) -> String {
    let ticked: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
    match ticked.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => ticked.join(""),
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    let client = dialect.client_name();
    for server in &input.servers {
        let Some(declared) = &server.declared_type else {
            continue;
        };
        let key = declared.key.value.as_str();
        if server
            .member(key)
            .is_some_and(|m| m.status != KeyStatus::Known)
        {
            continue;
        }
        let value = declared.value.value.as_str();
        // Goose's `builtin`, `platform`, `frontend` and `inline_python` extensions.
        if dialect.is_in_process_type(value) {
            continue;
        }
        // Continue validates a YAML file's `type` against its schema; a JSON server file's
        // is converted (`http` to `streamable-http`).
        let continue_yaml = dialect == Dialect::Continue
            && input.server_maps.get(server.map).is_some_and(|m| {
                matches!(m.kind, MapKind::ContinueBlock | MapKind::ContinueConfig)
            });
        let values = if continue_yaml {
            Some(&["stdio", "sse", "streamable-http"][..])
        } else {
            documented(dialect, key)
        };
        let who = server_label(server);
        let message = match (declared.kind, values) {
            (Some(_), None) => continue,
            (Some(_), Some(values)) if values.contains(&value) => continue,
            (Some(kind), Some(values)) => {
                let Some(right) = spelling(dialect, values, kind) else {
                    continue;
                };
                format!(
                    "`{key}` `{value}` of {who} is not a transport {client} knows; {client} spells it `{right}`"
                )
            }
            (None, values) => {
                let expected = values.unwrap_or(&["stdio", "http", "sse"]);
                // Quote the value only when it reads as a word, never a long token.
                let word = value.len() <= 24
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
                let shown = if word {
                    format!("`{key}` `{value}`")
                } else {
                    format!("the `{key}` value")
                };
                format!(
                    "{shown} of {who} is not a transport type; use {}",
                    list(expected)
                )
            }
        };
        report.push(
            UNKNOWN_TRANSPORT_TYPE
                .diagnostic(declared.value.span, message)
                .with_path(input.value(declared.value.node).path()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::UNKNOWN_TRANSPORT_TYPE as R;
    use crate::testing::{messages, spans};

    #[test]
    fn per_client_spelling() {
        let text =
            r#"{"mcpServers": {"a": {"type": "streamableHttp", "url": "https://x.example/mcp"}}}"#;
        assert_eq!(spans(&R, ".mcp.json", text), ["\"streamableHttp\""]);
        assert!(messages(&R, ".mcp.json", text)[0].contains("spells it `http`"));
        assert!(spans(&R, "cline_mcp_settings.json", text).is_empty());
        assert_eq!(
            messages(&R, ".roo/mcp.json", text)[0],
            "`type` `streamableHttp` of server `a` is not a transport Roo Code knows; Roo Code spells it `streamable-http`"
        );
        assert!(spans(&R, ".cursor/mcp.json", text).is_empty());
    }

    #[test]
    fn unknown_values() {
        let text = r#"{"mcpServers": {"a": {"type": "websocket", "url": "wss://x.example/mcp"}}}"#;
        assert_eq!(spans(&R, ".cursor/mcp.json", text), ["\"websocket\""]);
        // Windsurf does not read `type`: MCP101 reports the member.
        assert!(spans(&R, ".codeium/windsurf/mcp_config.json", text).is_empty());
        let cline =
            r#"{"mcpServers": {"a": {"transportType": "http", "url": "https://x.example/mcp"}}}"#;
        assert!(spans(&R, "cline_mcp_settings.json", cline).is_empty());
    }
}
