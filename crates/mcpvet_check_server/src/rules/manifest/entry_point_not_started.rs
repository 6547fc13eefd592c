use mcpvet_ast::config::StringValue;
use mcpvet_ast::vars::{Part, VarSyntax};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::{Manifest, program};
use crate::context::short;

declare_rule! {
    /// The `entry_point` of a desktop extension is not what its `mcp_config` starts.
    ///
    /// ## What it checks
    ///
    /// `server.entry_point` names the server's main file in the bundle. The rule looks for it
    /// in `server.mcp_config`: in `command` or in an argument (`${__dirname}/` and `./`
    /// before it, `\` or `${/}` as separators, and a Python module given to `-m` are all
    /// accepted), in `mcp_config` itself or in one of its `platform_overrides`. It reports
    /// the entry point when nothing there starts it.
    ///
    /// A server that a package runner fetches by name (`npx`, `uvx`, `pipx`, `bunx`,
    /// `uv tool run`, `npm exec`...), with nothing of the bundle in its command and
    /// arguments (no `${__dirname}`), does not start a file of the bundle at all: its entry
    /// point is not looked for. Starting a `node` or `python` server that way is a finding
    /// of `server-type-mismatch` (MCP663).
    ///
    /// ## Why it matters
    ///
    /// Clients and directories read `entry_point` to know what the bundle runs, and `mcpb`
    /// packs the bundle around it; the client starts whatever `mcp_config` says. When they
    /// disagree, usually after a file was renamed, the extension starts an outdated or
    /// missing file and fails when it is launched, not when it is packed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/dist/main.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "dist/main.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/dist/main.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): `server.entry_point` and `mcp_config`
    pub(crate) static ENTRY_POINT_NOT_STARTED = {
        code: "MCP664",
        name: "entry-point-not-started",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// The text of a path for comparing: `${__dirname}` dropped, `${/}`, `${pathSeparator}`
/// and `\` as `/`, other references kept as written.
fn normalized(value: &StringValue) -> String {
    let mut out = String::new();
    for part in &value.parts {
        match part {
            Part::Literal { text, .. } => out.push_str(text),
            Part::Ref(r) if r.syntax == VarSyntax::Braced && r.name == "__dirname" => {}
            Part::Ref(r) if matches!(r.name.as_str(), "/" | "pathSeparator") => out.push('/'),
            Part::Ref(r) => {
                out.push_str("${");
                out.push_str(&r.name);
                out.push('}');
            }
        }
    }
    out.replace('\\', "/")
}

/// `server/main.py` as a module: `server.main`.
fn module(entry: &str) -> Option<String> {
    entry.strip_suffix(".py").map(|m| m.replace('/', "."))
}

/// Reports an entry point that `mcp_config` does not start.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let Some(entry_value) = manifest
        .server
        .and_then(|s| s.get("entry_point"))
        .filter(|e| e.kind() == ValueKind::String)
    else {
        return;
    };
    let Some(entry) = StringValue::from_value(entry_value) else {
        return;
    };
    if entry.has_refs() || manifest.mcp_config.is_none() {
        return;
    }
    let wanted = normalized(&entry);
    let wanted = wanted
        .trim()
        .trim_start_matches("./")
        .trim_start_matches('/');
    if wanted.is_empty() {
        return;
    }
    let module = module(wanted);
    let mut started = false;
    let mut any = false;
    for config in manifest.launch_configs() {
        let command = config.get("command").into_iter();
        let args = config
            .get("args")
            .filter(|a| a.kind() == ValueKind::Array)
            .into_iter()
            .flat_map(mcpvet_json::Value::items);
        for value in command.chain(args) {
            let Some(text) = StringValue::from_value(value) else {
                continue;
            };
            any = true;
            let text = normalized(&text);
            let text = text.trim();
            if text.contains(wanted)
                || module
                    .as_deref()
                    .is_some_and(|m| text == m || text.ends_with(&format!(".{m}")))
            {
                started = true;
            }
        }
    }
    if started || !any || fetched_by_name(manifest) {
        return;
    }
    report.report(
        &ENTRY_POINT_NOT_STARTED,
        entry_value,
        format!(
            "`entry_point` `{}` is not started by `mcp_config`: neither its `command` nor its `args` name it",
            short(&entry.value, 60)
        ),
        format!(
            "start it in `args` (`\"${{__dirname}}/{}\"`), or correct `entry_point` to the file `mcp_config` starts",
            short(wanted, 60)
        ),
    );
}

/// Whether every launch configuration runs a package that a runner fetches by name, with
/// nothing of the bundle (`${__dirname}`) in its command or arguments.
fn fetched_by_name(manifest: &Manifest<'_>) -> bool {
    let configs = manifest.launch_configs();
    !configs.is_empty()
        && configs.iter().all(|config| {
            let Some(command) = config.get("command").and_then(StringValue::from_value) else {
                return false;
            };
            let args: Vec<StringValue> = config
                .get("args")
                .filter(|a| a.kind() == ValueKind::Array)
                .into_iter()
                .flat_map(mcpvet_json::Value::items)
                .filter_map(StringValue::from_value)
                .collect();
            let first = args
                .iter()
                .map(|a| a.value.trim())
                .find(|a| !a.starts_with('-'));
            runner(&program(&command.value), first)
                && !std::iter::once(&command).chain(&args).any(|s| {
                    s.refs()
                        .any(|r| r.syntax == VarSyntax::Braced && r.name == "__dirname")
                })
        })
}

/// Whether `program` (with its first argument that is not an option) runs a package it
/// fetches by name.
fn runner(program: &str, first: Option<&str>) -> bool {
    match program {
        "npx" | "pnpx" | "bunx" | "uvx" | "pipx" => true,
        "uv" => first == Some("tool"),
        "npm" => first == Some("exec"),
        "pnpm" | "yarn" => first == Some("dlx"),
        "bun" => first == Some("x"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{module, runner};

    #[test]
    fn runners() {
        assert!(runner("uvx", Some("notes-mcp")));
        assert!(runner("npx", None));
        assert!(runner("uv", Some("tool")));
        assert!(!runner("uv", Some("run")));
        assert!(runner("pnpm", Some("dlx")));
        assert!(!runner("node", None));
        assert!(!runner("python", Some("-m")));
    }

    #[test]
    fn modules() {
        assert_eq!(module("server/main.py").as_deref(), Some("server.main"));
        assert_eq!(module("server/index.js"), None);
    }
}
