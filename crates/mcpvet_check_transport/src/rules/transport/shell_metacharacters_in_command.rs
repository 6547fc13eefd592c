use mcpvet_ast::config::StringValue;
use mcpvet_ast::vars::Part;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A `command` holds shell metacharacters such as `;`, `|`, `&`, `>` or `$(`.
    ///
    /// ## What it checks
    ///
    /// The literal text of `command` (variable references such as `${HOME}` or `%APPDATA%`
    /// are left out) for the shell operators `;`, `|`, `&`, `` ` ``, `$(`, `>`, `<` and line
    /// breaks. Spaces, parentheses and backslashes are not reported here: Windows paths such
    /// as `C:\Program Files (x86)\...` contain them, and a command followed by arguments is
    /// `arguments-in-command` (MCP209).
    ///
    /// ## Why it matters
    ///
    /// Most clients start `command` directly, without a shell: `node server.js | tee log` is
    /// then looked up as one program name and fails with `ENOENT`. Some clients and platforms
    /// do pass it through a shell (Windows `cmd.exe` for `.cmd` and `.bat` launchers, tools
    /// that set `shell: true`), and there the same text runs extra commands, redirects output
    /// or substitutes command output: behaviour that differs per machine and that a reviewer
    /// of the configuration does not expect. The MCP security guidance asks clients to show
    /// the full launch command precisely because of this.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"command": "cd /srv/docs && node server.js"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"command": "node", "args": ["/srv/docs/server.js"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, Security best practices: local MCP server compromise (<https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices>)
    /// - Node.js `child_process.spawn`: `shell` option and `.bat`/`.cmd` files on Windows (<https://nodejs.org/api/child_process.html>)
    pub(crate) static SHELL_METACHARACTERS_IN_COMMAND = {
        code: "MCP208",
        name: "shell-metacharacters-in-command",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// The first shell operator in the literal parts of `value`.
pub(crate) fn first_metacharacter(value: &StringValue) -> Option<&'static str> {
    for part in &value.parts {
        let Part::Literal { text, .. } = part else {
            continue;
        };
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            let found = match b {
                b';' => ";",
                b'|' => "|",
                b'&' => "&",
                b'`' => "`",
                b'>' => ">",
                b'<' => "<",
                b'\n' | b'\r' => "a line break",
                b'$' if bytes.get(i + 1) == Some(&b'(') => "$(",
                _ => continue,
            };
            return Some(found);
        }
    }
    None
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (_, stdio) in input.stdio_servers() {
        let Some(command) = &stdio.command else {
            continue;
        };
        let Some(op) = first_metacharacter(command) else {
            continue;
        };
        let shown = if op.len() == 1 || op == "$(" {
            format!("`{op}`")
        } else {
            op.to_owned()
        };
        report.report(
            &SHELL_METACHARACTERS_IN_COMMAND,
            input.value(command.node),
            format!(
                "`command` contains the shell metacharacter {shown}, which fails without a shell and runs extra commands through one; put the steps in a script and make that the `command`"
            ),
            "if a shell is really needed, say so: `\"command\": \"sh\", \"args\": [\"-c\", \"...\"]`",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::SHELL_METACHARACTERS_IN_COMMAND as R;
    use crate::testing::messages;

    #[track_caller]
    fn t(command: &str, expected: Option<&str>) {
        let text = format!(r#"{{"mcpServers": {{"a": {{"command": {command:?}}}}}}}"#);
        let m = messages(&R, ".cursor/mcp.json", &text);
        match expected {
            None => assert!(m.is_empty(), "{command}: {m:?}"),
            Some(e) => assert!(m.len() == 1 && m[0].contains(e), "{command}: {m:?}"),
        }
    }

    #[test]
    fn metacharacters() {
        t("node server.js | tee log", Some("`|`"));
        t("cd /x && npm start", Some("`&`"));
        t("echo $(cat token)", Some("`$(`"));
        t("a;b", Some("`;`"));
        t("run\nmore", Some("a line break"));
        t("C:\\Program Files (x86)\\nodejs\\node.exe", None);
        t("${HOME}/bin/server", None);
        t("%APPDATA%\\npm\\npx.cmd", None);
        t("$HOME/bin/server", None);
        t("npx", None);
    }
}
