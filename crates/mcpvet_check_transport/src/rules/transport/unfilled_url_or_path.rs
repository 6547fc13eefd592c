use mcpvet_ast::config::StringValue;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use crate::input::ConfigInput;
use crate::placeholder::{self, Scope, is_location};
use crate::strings::{FieldKind, label, server_label, server_strings};

declare_rule! {
    /// A server's URL or a path it is started with still holds a placeholder (`https://your-server.example/mcp`, `/path/to/server`, `<YOUR_PATH>`).
    ///
    /// ## What it checks
    ///
    /// The places that say where a server is: the URL (`url`, `serverUrl`, `httpUrl`), the
    /// `command`, `cwd` and `envFile`, and every argument and `env` value that reads as a URL or
    /// a path. It reports the first placeholder of each:
    ///
    /// - an `<...>` placeholder (`<YOUR_PATH>`, `<path-to-server>`), in any argument too;
    /// - `path/to` (`/path/to/server/index.js`, `C:\path\to\server.exe`);
    /// - a host label or path segment that is a placeholder word: starting with `your`
    ///   (`your-server`, `YOUR_USER`, `yourname`), `username`, `changeme`, `replace_me`,
    ///   `placeholder`, or a run of `x` (`xxx.ngrok.io`).
    ///
    /// References are not placeholders (`${workspaceFolder}/server.js`), nor are the reserved
    /// example domains on their own (`https://mcp.example.com/mcp`). A placeholder that names a
    /// credential (`<YOUR_API_KEY>`) is left to `unfilled-placeholder` (MCP307), and an invalid
    /// URL that holds a placeholder is reported here rather than as `invalid-url` (MCP204).
    ///
    /// This is a rule of the transport family rather than an extension of MCP307: a location
    /// is not a secret (it is quoted, never masked), and what it breaks is the transport (the
    /// process cannot start, the client cannot connect), not authentication.
    ///
    /// ## Why it matters
    ///
    /// Configurations are copied from READMEs whose paths and addresses are meant to be filled
    /// in. Left as they are, the client starts `node /path/to/server/index.js` and reports a
    /// missing module, or connects to `your-server.example` and reports a DNS error, far from
    /// the line that needs editing.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"notes": {"command": "node", "args": ["/path/to/notes-server/index.js"]}}}
    /// ```
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"docs": {"type": "http", "url": "https://your-server.example/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"notes": {"command": "node", "args": ["${workspaceFolder}/notes-server/index.js"]},
    ///   "docs": {"url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, connecting local servers: absolute paths in `args` (<https://modelcontextprotocol.io/docs/develop/connect-local-servers>)
    /// - RFC 2606, reserved top-level and example domain names (<https://www.rfc-editor.org/rfc/rfc2606>)
    pub(crate) static UNFILLED_URL_OR_PATH = {
        code: "MCP216",
        name: "unfilled-url-or-path",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// Where a string is read whole as a location, or only for `<...>` placeholders.
fn scope(kind: FieldKind, value: &StringValue) -> Option<Scope> {
    match kind {
        FieldKind::Url | FieldKind::Command | FieldKind::Cwd | FieldKind::EnvFile => {
            Some(Scope::Location)
        }
        FieldKind::Args | FieldKind::Env if is_location(&value.value) => Some(Scope::Location),
        FieldKind::Args => Some(Scope::AngleOnly),
        FieldKind::Env | FieldKind::Headers => None,
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    let source = input.document().text();
    for server in &input.servers {
        for field in server_strings(server) {
            let Some(scope) = scope(field.kind, field.value) else {
                continue;
            };
            let Some((found, at)) = placeholder::in_value(field.value, scope, source) else {
                continue;
            };
            let where_ = label(input, server, field.value.node);
            let (what, help) = if field.kind == FieldKind::Url || field.value.value.contains("://")
            {
                (
                    "the server's address",
                    "replace it with the address of the server; the client cannot connect to a placeholder",
                )
            } else {
                (
                    "a real path",
                    "replace it with the path on this machine; the server cannot start from a placeholder",
                )
            };
            report.report(
                &UNFILLED_URL_OR_PATH,
                Site::new(at, Some(input.value(field.value.node).path())),
                format!(
                    "`{where_}` of {} still holds the placeholder `{found}`; fill in {what} before use",
                    server_label(server)
                ),
                help,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNFILLED_URL_OR_PATH as R;
    use crate::testing::{messages, spans};

    #[test]
    fn paths_urls_and_arguments() {
        let text = r#"{"mcpServers": {
            "a": {"command": "node", "args": ["/path/to/server/index.js", "<YOUR_PATH>", "--stdio"],
                  "env": {"DATA": "/Users/username/data", "API_KEY": "<YOUR_API_KEY>", "MODE": "your-mode"}},
            "b": {"type": "http", "url": "https://your-server.example/mcp"},
            "c": {"command": "uvx", "args": ["mcp-x"], "cwd": "${workspaceFolder}/srv"}}}"#;
        assert_eq!(
            spans(&R, ".mcp.json", text),
            [
                "/path/to/server/index.js",
                "<YOUR_PATH>",
                "username",
                "your-server"
            ]
        );
        let m = messages(&R, ".mcp.json", text);
        assert_eq!(
            m[3],
            "`url` of server `b` still holds the placeholder `your-server`; fill in the server's address before use"
        );
    }

    #[test]
    fn escaped_text_points_at_the_part() {
        let text = r#"{"mcpServers": {"a": {"command": "node", "args": ["\/path\/to\/x.js"]}}}"#;
        assert_eq!(spans(&R, ".mcp.json", text), ["\\/path\\/to\\/x.js"]);
    }
}
