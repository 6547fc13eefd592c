use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// A desktop extension manifest declares two tools, or two prompts, with the same name.
    ///
    /// ## What it checks
    ///
    /// The `name` of each entry of `tools`, and of each entry of `prompts`: a name declared
    /// a second time in the same list is reported at the repetition, with the first
    /// declaration as a secondary label.
    ///
    /// ## Why it matters
    ///
    /// Names identify tools and prompts: a server cannot list two tools with one name, so
    /// one of the declarations is wrong, usually an entry copied and not renamed, or two
    /// descriptions of one tool that disagree. Directories show the extension's tools from
    /// this list.
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
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."},
    ///            {"name": "search_notes", "description": "Read a note."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."},
    ///            {"name": "read_note", "description": "Read a note."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): tools and prompts
    pub(crate) static DUPLICATE_DECLARED_NAME = {
        code: "MCP672",
        name: "duplicate-declared-name",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports names declared twice in `tools` or in `prompts`.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for (list, what) in [("tools", "tool"), ("prompts", "prompt")] {
        let Some(items) = manifest
            .root
            .get(list)
            .filter(|l| l.kind() == ValueKind::Array)
        else {
            continue;
        };
        let mut seen: Vec<(String, Value<'_>)> = Vec::new();
        for item in items.items() {
            let Some(value) = item.get("name").filter(|n| n.kind() == ValueKind::String) else {
                continue;
            };
            let text = value.as_str().unwrap_or_default().into_owned();
            if let Some((_, first)) = seen.iter().find(|(t, _)| *t == text) {
                let d = DUPLICATE_DECLARED_NAME
                    .diagnostic_at(
                        value,
                        format!("the {what} `{}` is declared twice in `{list}`", name(&text)),
                    )
                    .with_secondary(Label::with_message(first.span(), "first declared here"))
                    .with_help(format!(
                        "remove the repeated {what}, or give it the name the server lists for it"
                    ));
                report.push(d);
            } else {
                seen.push((text, value));
            }
        }
    }
}
