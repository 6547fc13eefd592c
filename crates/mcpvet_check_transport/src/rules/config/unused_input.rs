use mcpvet_ast::config::Dialect;
use mcpvet_ast::vars::VarSyntax;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A VS Code input is defined but no server references it.
    ///
    /// ## What it checks
    ///
    /// In a VS Code configuration, each object of `inputs` with an `id` should be referenced
    /// as `${input:id}` somewhere in a server entry (any string member counts).
    ///
    /// ## Why it matters
    ///
    /// An unused input is harmless but usually a leftover: a server was removed, or its
    /// reference has a typo (which `undefined-input`, MCP106, reports at the reference). VS
    /// Code only prompts for inputs that are used, so a stale one also means the prompt the
    /// author expected never appears.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "inputs": [{"type": "promptString", "id": "api-key", "password": true}],
    ///   "servers": {"docs": {"type": "stdio", "command": "npx", "args": ["-y", "docs-mcp"]}}
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "inputs": [{"type": "promptString", "id": "api-key", "password": true}],
    ///   "servers": {"docs": {"type": "stdio", "command": "npx", "args": ["-y", "docs-mcp"],
    ///     "env": {"DOCS_API_KEY": "${input:api-key}"}}}
    /// }
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference: input variables (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    pub(crate) static UNUSED_INPUT = {
        code: "MCP107",
        name: "unused-input",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    if input.dialect != Dialect::VsCode || input.inputs.is_empty() {
        return;
    }
    let mut used: Vec<String> = Vec::new();
    for s in input.entry_strings() {
        used.extend(
            s.refs()
                .filter(|r| r.syntax == VarSyntax::Input)
                .map(|r| r.name.clone()),
        );
    }
    for defined in &input.inputs {
        let Some(id) = &defined.id else { continue };
        if used.contains(&id.value) {
            continue;
        }
        report.push(
            UNUSED_INPUT
                .diagnostic(
                    id.span,
                    format!(
                        "input `{}` is never used; reference it as `${{input:{}}}` in a server or remove it from `inputs`",
                        id.value, id.value
                    ),
                )
                .with_path(input.value(id.node).path()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::UNUSED_INPUT as R;
    use crate::testing::spans;

    #[test]
    fn unused_inputs() {
        let text = r#"{"inputs": [{"type": "promptString", "id": "a"}, {"type": "promptString", "id": "b"}],
            "servers": {"s": {"type": "http", "url": "https://${input:a}/mcp"}}}"#;
        assert_eq!(spans(&R, ".vscode/mcp.json", text), ["\"b\""]);
        assert!(spans(&R, ".vscode/mcp.json", r#"{"inputs": [], "servers": {}}"#).is_empty());
    }
}
