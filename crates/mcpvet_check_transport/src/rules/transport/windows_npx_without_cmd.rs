use mcpvet_ast::vars::{Part, VarSyntax};
use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_text::Span;

use crate::command::{contains_windows_path, program_name};
use crate::input::ConfigInput;

declare_rule! {
    /// A Node.js package runner (`npx`, `npm`, `pnpx`, `pnpm`, `yarn`, `bunx`) is started directly in a configuration that shows Windows paths, where it needs `cmd /c`.
    ///
    /// ## What it checks
    ///
    /// A `command` that is one of `npx`, `npm`, `pnpx`, `pnpm`, `yarn` or `bunx` (also with
    /// `.cmd`), in a file that shows it is used on Windows: a drive or UNC path (`C:\...`,
    /// `\\server\share`) or a Windows variable (`%APPDATA%`, `%USERPROFILE%`) in a server entry.
    /// Files without such a sign are not reported: the same entry is right on macOS and
    /// Linux.
    ///
    /// ## Why it matters
    ///
    /// On Windows these runners are batch files (`npx.cmd`), which cannot be started as a
    /// process without a shell; since the Node.js fix for CVE-2024-27980 even `npx.cmd`
    /// fails with `EINVAL` unless a shell is used. The server then fails to start with
    /// `spawn npx ENOENT`. Claude Code's `/doctor` reports the same ("Windows requires
    /// 'cmd /c' wrapper to execute npx"); the usual fix is `"command": "cmd", "args": ["/c",
    /// "npx", ...]`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "C:\\Users\\me\\Documents"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"files": {"command": "cmd", "args": ["/c", "npx", "-y", "@modelcontextprotocol/server-filesystem", "C:\\Users\\me\\Documents"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - modelcontextprotocol/servers#40 and cline/cline#1948: `spawn npx ENOENT` on Windows
    /// - Node.js security release of April 2024, CVE-2024-27980 (<https://nodejs.org/en/blog/vulnerability/april-2024-security-releases-2>)
    pub(crate) static WINDOWS_NPX_WITHOUT_CMD = {
        code: "MCP211",
        name: "windows-npx-without-cmd",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

const RUNNERS: [&str; 6] = ["npx", "npm", "pnpx", "pnpm", "yarn", "bunx"];

/// Windows environment variables whose presence marks a Windows configuration.
const WINDOWS_VARIABLES: [&str; 7] = [
    "APPDATA",
    "LOCALAPPDATA",
    "USERPROFILE",
    "PROGRAMFILES",
    "PROGRAMFILES(X86)",
    "SYSTEMROOT",
    "WINDIR",
];

/// The span of the first string of a server entry that shows a Windows path.
fn windows_evidence(input: &ConfigInput<'_>) -> Option<Span> {
    input.entry_strings().find_map(|s| {
        let windows = s.parts.iter().any(|p| match p {
            Part::Literal { text, .. } => contains_windows_path(text),
            Part::Ref(r) => {
                r.syntax == VarSyntax::Percent
                    && WINDOWS_VARIABLES.contains(&r.name.to_ascii_uppercase().as_str())
            }
        });
        windows.then_some(s.span)
    })
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let mut evidence = None;
    for (_, stdio) in input.stdio_servers() {
        let Some(command) = &stdio.command else {
            continue;
        };
        let program = program_name(&command.value);
        let bare = !command.value.contains(['/', '\\']);
        if !RUNNERS.contains(&program.as_str()) || !bare {
            continue;
        }
        let Some(windows) = *evidence.get_or_insert_with(|| windows_evidence(input)) else {
            return;
        };
        let name = command.value.trim();
        report.push(
            WINDOWS_NPX_WITHOUT_CMD
                .diagnostic(
                    command.span,
                    format!(
                        "`command` `{name}` is a batch file on Windows and cannot be started without a shell; use `\"command\": \"cmd\"` with `\"/c\", \"{program}\"` first in `args`"
                    ),
                )
                .with_path(input.value(command.node).path())
                .with_secondary(Label::with_message(
                    windows,
                    "this Windows path shows the file is used on Windows",
                )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::WINDOWS_NPX_WITHOUT_CMD as R;
    use crate::testing::{run, spans};

    #[test]
    fn windows_configs_only() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"]}, "b": {"command": "node", "args": ["C:\\srv\\x.js"]}, "c": {"command": "npx.cmd"}}}"#;
        let found = run(&R, "claude_desktop_config.json", text);
        assert_eq!(found.len(), 2);
        assert_eq!(
            &text[found[0].secondary()[0].span().range()],
            "\"C:\\\\srv\\\\x.js\""
        );
        let unix = r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x", "/home/me"]}}}"#;
        assert!(spans(&R, "claude_desktop_config.json", unix).is_empty());
        let env = r#"{"mcpServers": {"a": {"command": "npx", "env": {"P": "%APPDATA%\\x"}}}}"#;
        assert_eq!(spans(&R, ".cursor/mcp.json", env), ["\"npx\""]);
        let wrapped =
            r#"{"mcpServers": {"a": {"command": "cmd", "args": ["/c", "npx", "C:\\x"]}}}"#;
        assert!(spans(&R, ".cursor/mcp.json", wrapped).is_empty());
    }
}
