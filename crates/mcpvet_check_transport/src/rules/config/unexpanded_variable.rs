use mcpvet_ast::config::Dialect;
use mcpvet_ast::config::expansion::{Expansion, expansion_in};
use mcpvet_ast::vars::{VarRef, VarSyntax};
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_text::Span;

use crate::command::{is_shell, program_name};
use crate::input::ConfigInput;
use crate::strings::{FieldKind, label, ref_display, server_strings};

declare_rule! {
    /// A variable reference uses a syntax the detected client does not expand, so it is sent literally.
    ///
    /// ## What it checks
    ///
    /// Every reference in `command`, `args`, `env`, `headers`, the URL, `cwd` and `envFile`
    /// against what the client documents: Claude Code expands `${VAR}` and
    /// `${VAR:-default}`; VS Code `${env:VAR}`, `${input:id}` and its predefined variables
    /// (a bare `${VAR}` is not resolved); Cursor `${env:VAR}` and a few predefined variables;
    /// Windsurf `${env:VAR}` and `${file:/path}`; Cline and Roo Code `${env:VAR}`; Gemini CLI
    /// `$VAR` and `${VAR}` in `env`; Claude Desktop none. Syntaxes whose support is not
    /// documented for a client are not reported, nor are files of an unknown client. A
    /// `$VAR`, `${VAR}` or `%VAR%` in the arguments of a shell (`sh -c`, `cmd /c`) is left
    /// alone: the shell expands it. A `$name` inside a longer value is reported only when the
    /// name is upper case (`$HOME`, not the `$filter` of a query string), and `{{ ... }}` only
    /// outside `command` and `args` (where it is usually a format string).
    ///
    /// ## Why it matters
    ///
    /// The server receives the text `${GITHUB_TOKEN}` instead of the token: authentication
    /// fails with a confusing error, or a path such as `${workspaceFolder}/data` is created
    /// literally. Each client has its own syntax (see the list above), and configurations
    /// copied between clients keep the wrong one. When the reference is in a secret-bearing place,
    /// the fix is the client's own syntax, not the secret itself.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
    ///   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
    ///   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Claude Code, environment variable expansion in `.mcp.json` (<https://docs.anthropic.com/en/docs/claude-code/mcp>)
    /// - VS Code MCP configuration reference: variables and inputs (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    /// - Windsurf MCP: `${env:VAR}` and `${file:/path}` (<https://docs.windsurf.com/windsurf/cascade/mcp>)
    pub(crate) static UNEXPANDED_VARIABLE = {
        code: "MCP105",
        name: "unexpanded-variable",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// A reference of `syntax` named `VAR`, for asking the expansion table.
fn probe(syntax: VarSyntax) -> VarRef {
    VarRef {
        syntax,
        name: "VAR".to_owned(),
        default: None,
        span: Span::empty(0),
        name_span: Span::empty(0),
        default_span: None,
    }
}

/// The syntaxes for values that `dialect` expands in `field`, as examples.
fn expanded_syntaxes(dialect: Dialect, field: &str) -> Vec<&'static str> {
    [
        VarSyntax::Braced,
        VarSyntax::BracedDefault,
        VarSyntax::Dollar,
        VarSyntax::Env,
        VarSyntax::Input,
        VarSyntax::File,
        VarSyntax::BraceEnv,
        VarSyntax::BraceFile,
        VarSyntax::UserConfig,
        VarSyntax::Actions,
    ]
    .into_iter()
    .filter(|&s| expansion_in(dialect, &probe(s), field) == Expansion::Expanded)
    .map(VarSyntax::example)
    .collect()
}

/// `a`, `a or b`, `a, b or c`, in backticks.
fn or_list(items: &[&str]) -> String {
    let ticked: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
    match ticked.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => ticked.join(""),
    }
}

/// The same variable in the syntax the client expands, when there is a direct equivalent.
fn rewrite(dialect: Dialect, r: &VarRef, field: &str) -> Option<String> {
    let expands = |s| expansion_in(dialect, &probe(s), field) == Expansion::Expanded;
    match r.syntax {
        // Continue: a secret of its `.env` files, the hub or the environment.
        VarSyntax::Braced | VarSyntax::Dollar | VarSyntax::Env
            if expands(VarSyntax::Actions)
                && r.name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
        {
            Some(format!("${{{{ secrets.{} }}}}", r.name))
        }
        VarSyntax::Braced | VarSyntax::Dollar if expands(VarSyntax::Env) => {
            Some(format!("${{env:{}}}", r.name))
        }
        VarSyntax::Braced | VarSyntax::Dollar | VarSyntax::Env if expands(VarSyntax::BraceEnv) => {
            Some(format!("{{env:{}}}", r.name))
        }
        VarSyntax::Env | VarSyntax::Dollar if expands(VarSyntax::Braced) => {
            Some(format!("${{{}}}", r.name))
        }
        _ => None,
    }
}

/// How the reference is written when it has no escapes.
fn canonical(r: &VarRef) -> Option<String> {
    let n = &r.name;
    Some(match r.syntax {
        VarSyntax::Braced => format!("${{{n}}}"),
        VarSyntax::Dollar => format!("${n}"),
        VarSyntax::Env => format!("${{env:{n}}}"),
        _ => return None,
    })
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    let client = dialect.client_name();
    let source = input.document().text();
    for server in &input.servers {
        let shell = server
            .transport
            .stdio()
            .and_then(|s| s.command.as_ref())
            .is_some_and(|c| is_shell(&program_name(&c.value)));
        for field in server_strings(server) {
            let name = field.kind.expansion_field();
            for r in field.value.refs() {
                if expansion_in(dialect, r, name) != Expansion::Literal {
                    continue;
                }
                let in_command_line = matches!(field.kind, FieldKind::Args | FieldKind::Command);
                // `{{ .Name }}` in arguments is usually a format string (docker, kubectl).
                if r.syntax == VarSyntax::Template && in_command_line {
                    continue;
                }
                if r.syntax.shell_expandable() && shell && field.kind == FieldKind::Args {
                    continue;
                }
                // `$filter` in an OData query, `$top` in a template: only an upper-case name
                // (or a value that is nothing but the reference) reads as a variable.
                let env_like = r
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
                if r.syntax == VarSyntax::Dollar && !env_like && !field.value.is_only_ref() {
                    continue;
                }
                let written = ref_display(r);
                let where_ = label(input, server, field.value.node);
                let expands = expanded_syntaxes(dialect, name);
                let syntax = match r.syntax {
                    VarSyntax::Predefined => format!("`{written}`"),
                    s => format!("`{}`", s.example()),
                };
                let message = if expands.is_empty() {
                    format!(
                        "`{written}` in `{where_}` is sent literally because {client} expands no variable references; write the value itself"
                    )
                } else {
                    format!(
                        "`{written}` in `{where_}` is sent literally because {client} does not expand {syntax}; use {}",
                        or_list(&expands)
                    )
                };
                let mut d = UNEXPANDED_VARIABLE
                    .diagnostic(r.span, message)
                    .with_path(input.value(field.value.node).path());
                if r.syntax == VarSyntax::Input {
                    d = d.with_help("`${input:id}` prompts are a VS Code feature");
                } else if dialect == Dialect::ClaudeDesktop {
                    d = d.with_help(
                        "Claude Desktop passes `env` to the server as written; keep secrets out of shared copies of the file",
                    );
                } else if dialect == Dialect::Goose {
                    d = d.with_help(format!(
                        "Goose substitutes `${{VAR}}` only in the `headers` of a `streamable_http` extension; to pass a secret, list `{}` in `env_keys` (Goose reads its value from the keyring or the environment and sets it for the server)",
                        r.name
                    ));
                } else if dialect == Dialect::Codex {
                    // Codex reads variables by name, from its own environment.
                    d = d.with_help(format!(
                        "Codex passes variables of its environment by name: list `{}` in `env_vars` (or name it in `bearer_token_env_var` or `env_http_headers` for a remote server)",
                        r.name
                    ));
                }
                if let Some(new) = rewrite(dialect, r, name)
                    && canonical(r).as_deref() == source.get(r.span.range())
                {
                    d = d.with_fix(Fix::new(
                        format!("write `{new}`"),
                        vec![Edit::new(r.span, new)],
                        Applicability::Unsafe,
                    ));
                }
                report.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNEXPANDED_VARIABLE as R;
    use crate::testing::{messages, run, spans};

    #[test]
    fn wrong_syntax_per_client() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "env": {"T": "${env:TOKEN}", "U": "${TOKEN}"}}}}"#;
        assert_eq!(spans(&R, ".mcp.json", text), ["${env:TOKEN}"]);
        assert_eq!(spans(&R, ".cursor/mcp.json", text), ["${TOKEN}"]);
        assert_eq!(
            spans(&R, "claude_desktop_config.json", text),
            ["${env:TOKEN}", "${TOKEN}"]
        );
        let m = messages(&R, ".mcp.json", text);
        assert_eq!(
            m[0],
            "`${env:TOKEN}` in `env.T` is sent literally because Claude Code does not expand `${env:VAR}`; use `${VAR}` or `${VAR:-default}`"
        );
        let fix = run(&R, ".mcp.json", text)[0].fix().cloned().unwrap();
        assert_eq!(fix.edits()[0].replacement(), "${TOKEN}");
        // Generic files: nothing is known, nothing is reported.
        assert!(spans(&R, "mcp.json", text).is_empty());
    }

    #[test]
    fn vscode_bare_braces_and_inputs_elsewhere() {
        let text = r#"{"servers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}}}"#;
        let found = run(&R, ".vscode/mcp.json", text);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message()
                .contains("use `${env:VAR}` or `${input:id}`")
        );
        assert_eq!(
            found[0].fix().unwrap().edits()[0].replacement(),
            "${env:TOKEN}"
        );
        let cc = r#"{"mcpServers": {"j": {"type": "http", "url": "https://j.example/mcp", "headers": {"Authorization": "Basic ${input:auth}"}}}}"#;
        assert_eq!(spans(&R, ".mcp.json", cc), ["${input:auth}"]);
    }

    #[test]
    fn shells_and_templates_in_arguments() {
        let text = r#"{"mcpServers": {"a": {"command": "sh", "args": ["-c", "exec srv --token $TOKEN"]},
            "b": {"command": "docker", "args": ["ps", "--format", "{{.Names}}"]}}}"#;
        assert!(spans(&R, "claude_desktop_config.json", text).is_empty());
        let text = r#"{"mcpServers": {"a": {"command": "node", "args": ["$HOME/srv.js"]}}}"#;
        assert_eq!(spans(&R, "claude_desktop_config.json", text), ["$HOME"]);
        assert!(
            messages(&R, "claude_desktop_config.json", text)[0].contains("expands no variable")
        );
        let odata =
            r#"{"servers": {"a": {"type": "http", "url": "https://x.example/odata?$filter=a"}}}"#;
        assert!(spans(&R, ".vscode/mcp.json", odata).is_empty());
    }

    #[test]
    fn predefined_variables() {
        let text =
            r#"{"mcpServers": {"a": {"command": "node", "args": ["${workspaceFolder}/x.js"]}}}"#;
        assert!(spans(&R, ".cursor/mcp.json", text).is_empty());
        assert_eq!(spans(&R, ".mcp.json", text), ["${workspaceFolder}"]);
    }
}
