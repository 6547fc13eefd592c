use mcpvet_ast::config::{Stdio, StringValue};
use mcpvet_ast::edits::insert_item;
use mcpvet_diagnostics::{Applicability, Fix, Reporter, declare_rule};
use mcpvet_json::ValueKind;

use crate::command::program_name;
use crate::input::ConfigInput;
use crate::strings::label;

declare_rule! {
    /// A server is started with `npx` without `-y`, so npx may stop at its "Ok to proceed?" prompt the first time the package is not installed.
    ///
    /// ## What it checks
    ///
    /// A local server whose `command` is `npx` (a path to it, `npx.cmd`, or `npx` behind
    /// `cmd /c`), with a package to run, and none of npx's own options before the package
    /// says what to do when the package is missing: `-y` / `--yes` (install without
    /// asking) or `--no` / `-n` (never install). Options after the package are the
    /// package's own, so `npx some-mcp -y` is reported too. An `npm_config_yes` variable in
    /// the server's `env` counts as `--yes`. The finding's fix inserts `"-y"` before the
    /// package (safe: it answers the install prompt and changes nothing else); in a TOML or
    /// YAML file the help says where to write it.
    ///
    /// ## Why it matters
    ///
    /// Since npm 7, `npx` asks "Need to install the following packages: … Ok to proceed?"
    /// before installing a package it has not cached, and waits for an answer. Current
    /// versions answer it themselves when their standard input is not a terminal, as under
    /// most clients; but some npm 8 releases asked anyway, and a prompt that appears blocks
    /// the server's start until the client gives up on it (reported as start-up timeouts).
    /// `-y` answers it whatever the npm version, which is why servers' setup instructions
    /// write `npx -y`. It is info: with a recent npm the server usually starts.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["docs-mcp"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - npm, `npm exec` and `npx`: "a prompt is printed, which can be suppressed by providing either `--yes` or `--no`" (<https://docs.npmjs.com/cli/commands/npm-exec>)
    /// - ChromeDevTools/chrome-devtools-mcp#215: add `npx -y` to the `mcpServers` examples to avoid the install prompt (<https://github.com/ChromeDevTools/chrome-devtools-mcp/pull/215>)
    /// - aj47/SpeakMCP#144: servers started with `npx` without `--yes` time out waiting for input (<https://github.com/aj47/SpeakMCP/issues/144>)
    pub(crate) static NPX_WITHOUT_YES = {
        code: "MCP217",
        name: "npx-without-yes",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

/// Where npx's own arguments start in `stdio.args` (after `cmd /c npx`), when the server
/// runs npx.
fn npx_args_start(stdio: &Stdio) -> Option<usize> {
    let command = stdio.command.as_ref()?;
    let program = program_name(&command.value);
    if program == "npx" {
        return Some(0);
    }
    let wrapped = program == "cmd"
        && stdio
            .args
            .first()
            .is_some_and(|a| a.value.eq_ignore_ascii_case("/c"))
        && stdio
            .args
            .get(1)
            .is_some_and(|a| program_name(&a.value) == "npx");
    wrapped.then_some(2)
}

/// What npx's options before the package say: `Some(index)` of the package when nothing
/// answers the install prompt, `None` when an option does or there is no package.
fn unanswered(args: &[StringValue]) -> Option<usize> {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let a = arg.value.trim();
        match a {
            "-y" | "--yes" | "--no" | "-n" | "--no-install" => return None,
            _ if a.starts_with("--yes=") => return None,
            // Options that take a value.
            "-p" | "--package" | "-c" | "--call" | "--registry" | "--cache" | "--userconfig"
            | "-w" | "--workspace" => i += 2,
            "--" => return args.get(i + 1).map(|_| i + 1),
            _ if a.starts_with('-') => i += 1,
            _ => return Some(i),
        }
    }
    None
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (server, stdio) in input.stdio_servers() {
        let (Some(command), Some(start)) = (&stdio.command, npx_args_start(stdio)) else {
            continue;
        };
        let args = &stdio.args[start..];
        let Some(package) = unanswered(args) else {
            continue;
        };
        let yes_in_env = server.env.as_ref().is_some_and(|env| {
            env.entries
                .iter()
                .any(|e| e.key.value.eq_ignore_ascii_case("npm_config_yes"))
        });
        if yes_in_env {
            continue;
        }
        let where_ = label(input, server, command.node);
        let name = args[package].value.trim();
        let mut d = NPX_WITHOUT_YES
            .diagnostic(
                command.span,
                format!(
                    "`{where_}` runs `{name}` with `npx` without `-y`: npx asks before installing a package it has not cached, and no one can answer while the client holds its input"
                ),
            )
            .with_help("put `-y` before the package in `args`, so that npx installs it without asking")
            .with_path(input.value(command.node).path());
        // The array `args` comes from: `args`, or opencode's `command` array, whose first
        // item is the program.
        let array = match stdio.args_node {
            Some(node) => Some(input.value(node)),
            None => input
                .value(server.node)
                .get("command")
                .filter(|c| c.kind() == ValueKind::Array),
        };
        let offset = usize::from(stdio.args_node.is_none());
        if let Some(array) = array
            && let Some(first) = args.first()
            && array.items().any(|item| item.id() == first.node)
            && let Some(edit) = insert_item(array, offset + start + package, "\"-y\"")
        {
            d = d.with_fix(Fix::new(
                "insert `\"-y\"` before the package",
                vec![edit],
                Applicability::Safe,
            ));
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::NPX_WITHOUT_YES as R;
    use crate::testing::{run, spans};

    fn fixed(file: &str, text: &str) -> Vec<String> {
        run(&R, file, text)
            .iter()
            .filter_map(|d| d.fix())
            .map(|f| {
                let mut out = text.to_owned();
                for e in f.edits().iter().rev() {
                    out.replace_range(e.span().range(), e.replacement());
                }
                out
            })
            .collect()
    }

    #[test]
    fn flagged_and_fixed() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "args": ["docs-mcp"]}}}"#;
        assert_eq!(spans(&R, ".mcp.json", text), ["\"npx\""]);
        assert_eq!(
            fixed(".mcp.json", text),
            [r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "docs-mcp"]}}}"#]
        );
        let options = r#"{"mcpServers": {"a": {"command": "npx", "args": ["--registry", "https://r.example", "pkg", "-y"]}}}"#;
        assert_eq!(
            fixed(".mcp.json", options),
            [
                r#"{"mcpServers": {"a": {"command": "npx", "args": ["--registry", "https://r.example", "-y", "pkg", "-y"]}}}"#
            ]
        );
        let cmd = r#"{"mcpServers": {"a": {"command": "cmd", "args": ["/c", "npx", "pkg"]}}}"#;
        assert_eq!(
            fixed(".cursor/mcp.json", cmd),
            [r#"{"mcpServers": {"a": {"command": "cmd", "args": ["/c", "npx", "-y", "pkg"]}}}"#]
        );
        let opencode = r#"{"mcp": {"a": {"type": "local", "command": ["npx", "pkg"]}}}"#;
        assert_eq!(
            fixed("opencode.json", opencode),
            [r#"{"mcp": {"a": {"type": "local", "command": ["npx", "-y", "pkg"]}}}"#]
        );
    }

    #[test]
    fn accepted() {
        for text in [
            r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "pkg"]}}}"#,
            r#"{"mcpServers": {"a": {"command": "npx", "args": ["--yes", "pkg"]}}}"#,
            r#"{"mcpServers": {"a": {"command": "npx", "args": ["--no", "pkg"]}}}"#,
            r#"{"mcpServers": {"a": {"command": "npx", "args": []}}}"#,
            r#"{"mcpServers": {"a": {"command": "npx", "args": ["pkg"], "env": {"npm_config_yes": "true"}}}}"#,
            r#"{"mcpServers": {"a": {"command": "pnpx", "args": ["pkg"]}}}"#,
            r#"{"mcpServers": {"a": {"command": "node", "args": ["npx", "pkg"]}}}"#,
        ] {
            assert!(spans(&R, ".mcp.json", text).is_empty(), "{text}");
        }
    }

    #[test]
    fn no_fix_outside_json() {
        let text = "[mcp_servers.a]\ncommand = \"npx\"\nargs = [\"pkg\"]\n";
        let found = run(&R, "config.toml", text);
        assert_eq!(found.len(), 1);
    }
}
