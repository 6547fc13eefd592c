use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Manifest, program};
use crate::context::short;

declare_rule! {
    /// The `command` of a desktop extension's `mcp_config` does not run a server of its declared `server.type`.
    ///
    /// ## What it checks
    ///
    /// The program that `server.mcp_config.command` (and each `platform_overrides` command)
    /// starts, against `server.type`: a `node` server must be started by `node`; a `python`
    /// server by a Python interpreter (`python`, `python3`, `py`, or one inside the bundle
    /// such as `${__dirname}/server/venv/bin/python`); a `binary` server by its own
    /// executable, not by an interpreter or a package runner (`node`, `npx`, `python`,
    /// `uv`...); a `uv` server by anything but Node.js tools.
    ///
    /// ## Why it matters
    ///
    /// The type tells the client what the extension needs: Claude Desktop ships a Node.js
    /// runtime for `node` servers, checks `compatibility.runtimes` against it, and expects
    /// every dependency inside the bundle. A `node` server launched with `npx` downloads
    /// packages when it starts and fails offline or behind a proxy; a `python` server run by
    /// `uv` needs `uv` on the user's machine; a `binary` server started by `node` needs a
    /// runtime the client was told it does not need.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "npx", "args": ["-y", "notes-mcp", "${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): server types, bundling dependencies
    /// - MCPB `README.md`: Node.js ships with Claude for macOS and Windows
    pub(crate) static SERVER_TYPE_MISMATCH = {
        code: "MCP663",
        name: "server-type-mismatch",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// What kind of program a command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Program {
    Node,
    NodeRunner,
    Python,
    PythonRunner,
    Other,
}

fn classify(program: &str) -> Program {
    let python = |p: &str| {
        p == "py"
            || p.strip_prefix("python").is_some_and(|rest| {
                rest.is_empty()
                    || rest == "w"
                    || rest.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            })
    };
    match program {
        "node" | "nodejs" => Program::Node,
        "npx" | "npm" | "pnpm" | "pnpx" | "yarn" | "bun" | "bunx" | "deno" | "tsx" | "ts-node" => {
            Program::NodeRunner
        }
        "uv" | "uvx" | "pip" | "pipx" | "poetry" | "pdm" | "hatch" | "conda" => {
            Program::PythonRunner
        }
        p if python(p) => Program::Python,
        _ => Program::Other,
    }
}

/// What is wrong with starting a server of `kind` with `program`, and what to do.
fn verdict(kind: &str, program: &str, class: Program) -> Option<(String, &'static str)> {
    let started = format!(
        "the `{kind}` server is started with `{}`",
        short(program, 40)
    );
    match (kind, class) {
        ("node", Program::Node)
        | ("python", Program::Python)
        | ("binary", Program::Other)
        | ("uv", Program::Python | Program::PythonRunner | Program::Other) => None,
        ("node", Program::NodeRunner) => Some((
            format!(
                "{started}, not `node`: it fetches or builds code when it starts, while a `node` extension carries its dependencies and runs on the client's Node.js"
            ),
            "bundle the server and its `node_modules`, and start it with `\"command\": \"node\"` and the entry point in `args`",
        )),
        ("python", Program::PythonRunner) => Some((
            format!(
                "{started}, not a Python interpreter: the user's machine must have it, and it may fetch packages when the server starts"
            ),
            "start the bundled server with `python`, or declare `\"type\": \"uv\"` (manifest version 0.4) to let the client manage the environment",
        )),
        ("binary", _) => Some((
            format!(
                "{started}, an interpreter or package runner: a `binary` extension declares that it needs no runtime"
            ),
            "declare the `type` of the runtime (`node` or `python`), or start the bundled executable",
        )),
        _ => Some((
            format!("{started}, which does not run a `{kind}` server"),
            "declare the `type` that matches the command, or start the server with its own runtime",
        )),
    }
}

/// Reports commands that do not match `server.type`.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let Some(kind) = manifest.server_type().and_then(Value::as_str) else {
        return;
    };
    if !matches!(kind.as_ref(), "node" | "python" | "binary" | "uv") {
        return;
    }
    for config in manifest.launch_configs() {
        let Some(command) = config
            .get("command")
            .filter(|c| c.kind() == ValueKind::String)
        else {
            continue;
        };
        let text = command.as_str().unwrap_or_default();
        let name = program(&text);
        if name.is_empty() || name.contains('$') {
            continue;
        }
        if let Some((message, help)) = verdict(&kind, &name, classify(&name)) {
            report.report(&SERVER_TYPE_MISMATCH, command, message, help);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs() {
        assert_eq!(classify("python3.12"), Program::Python);
        assert_eq!(classify("pythonw"), Program::Python);
        assert_eq!(classify("python-mcp"), Program::Other);
        assert_eq!(classify("uvx"), Program::PythonRunner);
        assert!(verdict("node", "node", Program::Node).is_none());
        assert!(verdict("binary", "files", Program::Other).is_none());
        assert!(verdict("binary", "node", Program::Node).is_some());
        assert!(verdict("python", "node", Program::Node).is_some());
        assert!(verdict("uv", "uv", Program::PythonRunner).is_none());
        assert!(verdict("uv", "npx", Program::NodeRunner).is_some());
    }
}
