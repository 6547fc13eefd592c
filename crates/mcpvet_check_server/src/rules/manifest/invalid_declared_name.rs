use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// A tool or prompt declared in a desktop extension manifest has a name that MCP clients do not accept.
    ///
    /// ## What it checks
    ///
    /// The `name` of each entry of `tools` and `prompts`: it must be 1 to 128 characters
    /// long, made of ASCII letters, digits, `_`, `-` and `.` (the tool names the MCP
    /// specification allows, and the safe set for prompts, which clients turn into slash
    /// commands).
    ///
    /// ## Why it matters
    ///
    /// The declared names are what extension directories and the client show before the
    /// server runs, and clients that validate prompts at run time compare them with what
    /// the server lists. A name with a space, a slash or a non-ASCII letter is rejected or
    /// rewritten by clients (tool names become `mcp__<server>__<tool>` identifiers), so the
    /// declared tool does not match the one the model can call.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search notes", "description": "Search the notes."}]}
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
    /// - Model Context Protocol 2025-11-25, tools: tool names
    /// - MCPB manifest specification (`MANIFEST.md`): tools and prompts
    pub(crate) static INVALID_DECLARED_NAME = {
        code: "MCP671",
        name: "invalid-declared-name",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// A description of the first offending character.
fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        c if c.is_whitespace() => "whitespace".to_owned(),
        c if c.is_control() => "a control character".to_owned(),
        c => format!("`{c}`"),
    }
}

/// Reports declared tool and prompt names clients do not accept.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for (list, what) in [("tools", "tool"), ("prompts", "prompt")] {
        let Some(items) = manifest
            .root
            .get(list)
            .filter(|l| l.kind() == ValueKind::Array)
        else {
            continue;
        };
        for item in items.items() {
            let Some(value) = item.get("name").filter(|n| n.kind() == ValueKind::String) else {
                continue;
            };
            let text = value.as_str().unwrap_or_default();
            let length = text.chars().count();
            let problem = if text.is_empty() {
                format!("a {what} of `{list}` has an empty name")
            } else if let Some(bad) = text.chars().find(|&c| !allowed(c)) {
                format!(
                    "the {what} name `{}` contains {}",
                    name(&text),
                    describe(bad)
                )
            } else if length > 128 {
                format!(
                    "the {what} name `{}` is {length} characters long",
                    name(&text)
                )
            } else {
                continue;
            };
            let suggestion: String = text
                .trim()
                .chars()
                .map(|c| if allowed(c) { c } else { '_' })
                .take(128)
                .collect();
            let help = if suggestion.is_empty() || suggestion == text {
                "use 1 to 128 ASCII letters, digits, `_`, `-` and `.`, the name the server lists"
                    .to_owned()
            } else {
                format!(
                    "use 1 to 128 ASCII letters, digits, `_`, `-` and `.`, the name the server lists (such as `{}`)",
                    name(&suggestion)
                )
            };
            report.report(
                &INVALID_DECLARED_NAME,
                value,
                format!("{problem}, which MCP clients do not accept"),
                help,
            );
        }
    }
}
