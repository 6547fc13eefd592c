use mcpvet_ast::config::{Dialect, MapKind};
use mcpvet_ast::vars::VarSyntax;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;
use crate::strings::{label, server_strings};

declare_rule! {
    /// A VS Code `${input:id}` reference names no entry of `inputs`; a Continue
    /// `${{ inputs.NAME }}` is written where no input is defined.
    ///
    /// ## What it checks
    ///
    /// In a VS Code configuration (`.vscode/mcp.json`, the user `mcp.json`, or `mcp` in
    /// `settings.json`), every `${input:id}` in a server's `command`, `args`, `env`,
    /// `headers`, URL, `cwd` or `envFile` must match the `id` of an object in `inputs`
    /// (exactly: ids are case-sensitive). In other clients `${input:id}` is not expanded at
    /// all, which `unexpanded-variable` (MCP105) reports.
    ///
    /// In Continue, `${{ inputs.NAME }}` is filled only in a block, from the `with:` of the
    /// `uses:` entry that includes it: written in a server of `config.yaml` itself, it has
    /// no definition and is reported. A block file (`.continue/mcpServers/*.yaml`) cannot
    /// know its inputs (they belong to whoever uses the block), so its references are not
    /// reported.
    ///
    /// ## Why it matters
    ///
    /// VS Code prompts for each input once and substitutes the answer; a reference without a
    /// matching input cannot be resolved and the server fails to start (or receives the text
    /// `${input:id}`). A typo in an id, or an input deleted while its reference stayed, is the
    /// usual cause.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "inputs": [{"type": "promptString", "id": "github-token", "password": true}],
    ///   "servers": {"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
    ///     "headers": {"Authorization": "Bearer ${input:github_token}"}}}
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "inputs": [{"type": "promptString", "id": "github-token", "password": true}],
    ///   "servers": {"github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/",
    ///     "headers": {"Authorization": "Bearer ${input:github-token}"}}}
    /// }
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference: input variables (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    /// - VS Code variables reference: input variables (<https://code.visualstudio.com/docs/reference/variables-reference>)
    /// - Continue `config.yaml` reference: `uses` and `with` (<https://docs.continue.dev/reference>); `renderTemplateData` in `packages/config-yaml/src/load/unroll.ts`
    pub(crate) static UNDEFINED_INPUT = {
        code: "MCP106",
        name: "undefined-input",
        severity: Error,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    if input.dialect == Dialect::Continue {
        continue_inputs(input, report);
        return;
    }
    if input.dialect != Dialect::VsCode {
        return;
    }
    let ids: Vec<&str> = input
        .inputs
        .iter()
        .filter_map(|i| i.id.as_ref().map(|id| id.value.as_str()))
        .collect();
    for server in &input.servers {
        for field in server_strings(server) {
            for r in field.value.refs() {
                if r.syntax != VarSyntax::Input || ids.contains(&r.name.as_str()) {
                    continue;
                }
                let where_ = label(input, server, field.value.node);
                let near = ids.iter().find(|id| {
                    id.eq_ignore_ascii_case(&r.name)
                        || id.replace('_', "-") == r.name.replace('_', "-")
                });
                let message = match near {
                    Some(id) => format!(
                        "`${{input:{}}}` in `{where_}` names no input; the input is called `{id}`, so write `${{input:{id}}}`",
                        r.name
                    ),
                    None => format!(
                        "`${{input:{}}}` in `{where_}` names no input; add an input with `\"id\": \"{}\"` to `inputs`",
                        r.name, r.name
                    ),
                };
                let mut d = UNDEFINED_INPUT
                    .diagnostic(r.span, message)
                    .with_path(input.value(field.value.node).path());
                if near.is_none() {
                    d = d.with_help(format!(
                        "for example `{{\"type\": \"promptString\", \"id\": \"{}\", \"password\": true}}`",
                        r.name
                    ));
                }
                report.push(d);
            }
        }
    }
}

/// `${{ inputs.NAME }}` in a server of Continue's `config.yaml`, where no input is defined.
fn continue_inputs(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for server in &input.servers {
        let in_config = input
            .server_maps
            .get(server.map)
            .is_some_and(|m| m.kind == MapKind::ContinueConfig);
        if !in_config {
            continue;
        }
        for field in server_strings(server) {
            for r in field.value.refs() {
                let Some(name) = r.name.strip_prefix("inputs.") else {
                    continue;
                };
                if r.syntax != VarSyntax::Actions {
                    continue;
                }
                let where_ = label(input, server, field.value.node);
                report.push(
                    UNDEFINED_INPUT
                        .diagnostic(
                            r.span,
                            format!(
                                "`${{{{ inputs.{name} }}}}` in `{where_}` names no input: Continue fills inputs only in a block, from the `with:` of the `uses:` entry that includes it, and leaves this one as written"
                            ),
                        )
                        .with_path(input.value(field.value.node).path())
                        .with_help(format!(
                            "write `${{{{ secrets.{name} }}}}` for a secret, or move the server to a block and pass `{name}` in the `with:` of its `uses:` entry"
                        )),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNDEFINED_INPUT as R;
    use crate::testing::{messages, spans};

    #[test]
    fn references_must_match_inputs() {
        let text = r#"{"inputs": [{"type": "promptString", "id": "tok"}],
            "servers": {"a": {"type": "stdio", "command": "x", "args": ["${input:tok}", "${input:other}"], "env": {"K": "${input:Tok}"}}}}"#;
        assert_eq!(
            spans(&R, ".vscode/mcp.json", text),
            ["${input:other}", "${input:Tok}"]
        );
        let m = messages(&R, ".vscode/mcp.json", text);
        assert!(
            m[0].contains("add an input with `\"id\": \"other\"`"),
            "{m:?}"
        );
        assert!(m[1].contains("write `${input:tok}`"), "{m:?}");
        // Not VS Code: MCP105's business.
        assert!(
            spans(
                &R,
                ".mcp.json",
                r#"{"mcpServers": {"a": {"command": "${input:x}"}}}"#
            )
            .is_empty()
        );
    }

    #[test]
    fn continue_inputs_in_config_yaml() {
        let text = "name: a\nversion: 1.0.0\nschema: v1\nmcpServers:\n  - name: gh\n    command: npx\n    env:\n      T: ${{ inputs.token }}\n      S: ${{ secrets.S }}\n";
        let found = crate::testing::run(&R, ".continue/config.yaml", text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0]
                .message()
                .contains("`${{ inputs.token }}` in `env.T`")
        );
        // A block file cannot know its inputs.
        assert!(crate::testing::run(&R, ".continue/mcpServers/gh.yaml", text).is_empty());
    }

    #[test]
    fn settings_json_inputs() {
        let text = r#"{"mcp": {"inputs": [{"type": "promptString", "id": "k"}], "servers": {"a": {"type": "stdio", "command": "x", "env": {"K": "${input:k}"}}}}}"#;
        assert!(spans(&R, ".vscode/settings.json", text).is_empty());
    }
}
