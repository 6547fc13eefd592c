use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::Manifest;
use crate::context::opening;

declare_rule! {
    /// A desktop extension manifest declares no tools and no prompts, and does not say that the server generates them.
    ///
    /// ## What it checks
    ///
    /// A manifest whose `tools` and `prompts` are missing or empty, without
    /// `"tools_generated": true` or `"prompts_generated": true`. Information only.
    ///
    /// ## Why it matters
    ///
    /// The declared lists are what users and directories see before installing the
    /// extension, and `tools_generated` / `prompts_generated` tell the client that the
    /// server offers more than it declares (tools discovered at run time). A manifest with
    /// neither describes an extension that does nothing: declare the tools the server
    /// always has, and set `tools_generated` when it creates others at run time.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools_generated": true}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): tools and prompts, static declaration and dynamic generation
    pub(crate) static NO_DECLARED_TOOLS = {
        code: "MCP673",
        name: "no-declared-tools",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports a manifest that declares nothing and generates nothing.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let root = manifest.root;
    let declares = |key: &str| {
        root.get(key)
            .is_some_and(|l| l.kind() != ValueKind::Array || !l.is_empty())
    };
    let generates = |key: &str| root.get(key).and_then(Value::as_bool) == Some(true);
    if declares("tools") || declares("prompts") {
        return;
    }
    if generates("tools_generated") || generates("prompts_generated") {
        return;
    }
    report.report(
        &NO_DECLARED_TOOLS,
        opening(root),
        "the manifest declares no tools or prompts and does not set `tools_generated` or `prompts_generated`, so it describes an extension that offers nothing",
        "list the server's tools in `tools` (`name` and `description`), and set `\"tools_generated\": true` if the server creates tools at run time",
    );
}
