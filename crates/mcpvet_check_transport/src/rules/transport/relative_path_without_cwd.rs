use mcpvet_ast::config::{Dialect, StringValue, Support};
use mcpvet_ast::vars::Part;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::command::{is_absolute_path, program_name};
use crate::input::ConfigInput;
use crate::strings::label;

declare_rule! {
    /// A relative `command` or path argument is used in a client that starts servers from an undefined working directory.
    ///
    /// ## What it checks
    ///
    /// In clients that offer no `cwd` and do not document the directory they start servers
    /// in (Claude Desktop, whose servers may start in `/`, and Windsurf's global file): a
    /// `command` that is a relative path (`./server.js`, `bin/server`) or starts with `~`,
    /// and arguments that are relative paths (`.`, `./data`, `../x`, `server/index.js`). In
    /// Claude Code, which starts servers in the directory it was launched from unless the
    /// server sets `cwd` (documented in its plugins reference; such a server is not reported),
    /// the same is info. Bare program names (`npx`, `uv`) are looked up on `PATH` and are not reported,
    /// nor are paths that start with a variable (`${workspaceFolder}/x`), arguments after a
    /// directory option (`--directory`, `--cwd`, `--prefix`, `-C`), or values with a `:`
    /// that do not start with `./` or `../` (docker volume specifications name absolute
    /// host paths).
    ///
    /// ## Why it matters
    ///
    /// A relative path resolves against the working directory of the server process. The MCP
    /// debugging guide warns that for servers launched from Claude Desktop it may be `/`:
    /// `./server.js` then becomes `/server.js`, and a filesystem server given `.` serves the
    /// wrong directory. `~` is expanded only by shells, which clients do not start. Clients
    /// with a `cwd` member (VS Code, Gemini CLI, Cline, Roo Code) or a documented start
    /// directory (Cursor: the project) are not reported.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"notes": {"command": "node", "args": ["./build/index.js"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"notes": {"command": "node", "args": ["/Users/me/notes-mcp/build/index.js"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, debugging: working directory and environment of servers started by Claude Desktop (<https://modelcontextprotocol.io/docs/tools/debugging>)
    pub(crate) static RELATIVE_PATH_WITHOUT_CWD = {
        code: "MCP210",
        name: "relative-path-without-cwd",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// Options after which relative paths are resolved against a given directory.
const DIRECTORY_OPTIONS: [&str; 9] = [
    "--directory",
    "--cwd",
    "--prefix",
    "-C",
    "--project",
    "--dir",
    "--root",
    "--workdir",
    "--working-directory",
];

/// Where the client starts servers, in words; `None` when it is defined.
fn start_directory(dialect: Dialect) -> Option<(Severity, &'static str)> {
    match dialect {
        Dialect::ClaudeDesktop | Dialect::Windsurf => Some((
            Severity::Warning,
            "starts servers from an undefined working directory (possibly `/`)",
        )),
        Dialect::ClaudeCode => Some((
            Severity::Info,
            "starts servers in the directory it was launched from",
        )),
        _ => None,
    }
}

/// The literal text of a value that does not start with a reference.
fn literal_start(value: &StringValue) -> Option<String> {
    if matches!(value.parts.first(), Some(Part::Ref(_))) {
        return None;
    }
    let mut out = String::new();
    for part in &value.parts {
        match part {
            Part::Literal { text, .. } => out.push_str(text),
            Part::Ref(_) => out.push('x'),
        }
    }
    Some(out)
}

fn explicit_relative(text: &str) -> bool {
    matches!(text, "." | "..")
        || ["./", "../", ".\\", "..\\"]
            .iter()
            .any(|p| text.starts_with(p))
}

/// Whether an argument is a relative path to a file or directory.
fn relative_argument(text: &str) -> bool {
    if explicit_relative(text) {
        return true;
    }
    if let Some((flag, value)) = text.split_once('=')
        && flag.starts_with('-')
    {
        return explicit_relative(value);
    }
    if !text.contains(['/', '\\'])
        || is_absolute_path(text)
        || text.starts_with(['@', '-', '~', '$', '%'])
        || text.contains([':', '=', ' '])
    {
        return false;
    }
    // `src/server.py`, `build\index.js`: a file with an extension.
    let last = text.rsplit(['/', '\\']).next().unwrap_or("");
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=4).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Whether `text` is a bare script name (`server.js`) given to an interpreter.
fn bare_script(program: &str, text: &str) -> bool {
    const INTERPRETERS: [&str; 14] = [
        "node", "nodejs", "python", "python3", "py", "deno", "bun", "ruby", "php", "perl", "tsx",
        "ts-node", "uv", "java",
    ];
    const SCRIPTS: [&str; 9] = [
        ".js", ".mjs", ".cjs", ".ts", ".py", ".rb", ".php", ".pl", ".jar",
    ];
    INTERPRETERS.contains(&program)
        && !text.starts_with('-')
        && !text.contains(['/', '\\', ':', '=', '@'])
        && SCRIPTS
            .iter()
            .any(|ext| text.len() > ext.len() && text.to_ascii_lowercase().ends_with(ext))
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let dialect = input.dialect;
    let Some((severity, starts)) = start_directory(dialect) else {
        return;
    };
    let client = dialect.client_name();
    for (server, stdio) in input.stdio_servers() {
        // A documented `cwd` defines the directory relative paths resolve against.
        if stdio.cwd.is_some() && dialect.allows_cwd() == Support::Yes {
            continue;
        }
        if let Some(command) = &stdio.command
            && let Some(text) = literal_start(command)
        {
            let text = text.trim();
            let message = if text == "~" || text.starts_with("~/") || text.starts_with("~\\") {
                Some(format!(
                    "`command` starts with `~`, which only a shell expands, and {client} starts the command without one; write the absolute path"
                ))
            } else if text.contains(['/', '\\']) && !is_absolute_path(text) {
                Some(format!(
                    "`command` is the relative path `{text}`, but {client} {starts}; write the absolute path"
                ))
            } else {
                None
            };
            if let Some(message) = message {
                report.push(
                    RELATIVE_PATH_WITHOUT_CWD
                        .diagnostic(command.span, message)
                        .with_severity(severity)
                        .with_path(input.value(command.node).path()),
                );
            }
        }
        let has_directory_option = stdio.args.iter().any(|a| {
            let flag = a.value.split('=').next().unwrap_or("");
            DIRECTORY_OPTIONS.contains(&flag)
        });
        if has_directory_option {
            continue;
        }
        let program = stdio
            .command
            .as_ref()
            .map(|c| program_name(&c.value))
            .unwrap_or_default();
        for arg in &stdio.args {
            let Some(text) = literal_start(arg) else {
                continue;
            };
            if !relative_argument(&text) && !bare_script(&program, &text) {
                continue;
            }
            let where_ = label(input, server, arg.node);
            report.push(
                RELATIVE_PATH_WITHOUT_CWD
                    .diagnostic(
                        arg.span,
                        format!(
                            "`{where_}` is the relative path `{text}`, but {client} {starts}; use an absolute path"
                        ),
                    )
                    .with_severity(severity)
                    .with_path(input.value(arg.node).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{RELATIVE_PATH_WITHOUT_CWD as R, relative_argument};
    use crate::testing::{messages, run, spans};
    use mcpvet_diagnostics::Severity;

    #[test]
    fn arguments() {
        for yes in [
            ".",
            "..",
            "./data",
            "../x",
            ".\\x",
            "src/server.py",
            "build\\index.js",
            "--root=./x",
            "./data:/data",
        ] {
            assert!(relative_argument(yes), "{yes}");
        }
        for no in [
            "/abs/x.js",
            "C:\\x\\y.js",
            "@scope/pkg",
            "-y",
            "pkg",
            "owner/repo",
            "https://x.example/a.js",
            "data:/data",
            "~/x.js",
            "${workspaceFolder}/x.js",
            "1920x1080",
            "a.js",
        ] {
            assert!(!relative_argument(no), "{no}");
        }
    }

    #[test]
    fn per_client() {
        let text = r#"{"mcpServers": {"a": {"command": "./server", "args": ["."]}, "b": {"command": "~/bin/srv"}}}"#;
        assert_eq!(
            spans(&R, "claude_desktop_config.json", text),
            ["\"./server\"", "\".\"", "\"~/bin/srv\""]
        );
        let m = messages(&R, "claude_desktop_config.json", text);
        assert!(
            m[0].contains("possibly `/`") && m[2].contains("`~`"),
            "{m:?}"
        );
        assert_eq!(run(&R, ".mcp.json", text)[0].severity(), Severity::Info);
        assert_eq!(run(&R, ".codeium/windsurf/mcp_config.json", text).len(), 3);
        assert!(spans(&R, ".cursor/mcp.json", text).is_empty());
        assert!(
            spans(
                &R,
                ".vscode/mcp.json",
                r#"{"servers": {"a": {"command": "./x"}}}"#
            )
            .is_empty()
        );
    }

    #[test]
    fn directory_options() {
        let text = r#"{"mcpServers": {"a": {"command": "uv", "args": ["--directory", "/srv/x", "run", "server.py", "./y.py"]}}}"#;
        assert!(spans(&R, "claude_desktop_config.json", text).is_empty());
    }

    #[test]
    fn bare_scripts_for_interpreters() {
        let text = r#"{"mcpServers": {"a": {"command": "node", "args": ["server.js"]}, "b": {"command": "npx", "args": ["x.js", "1.2.3"]},
            "c": {"command": "python", "args": ["-m", "pkg.main"]}}}"#;
        assert_eq!(
            spans(&R, "claude_desktop_config.json", text),
            ["\"server.js\""]
        );
    }
}
