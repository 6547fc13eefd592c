use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// A `user_config` setting of a desktop extension is not used by its `mcp_config`.
    ///
    /// ## What it checks
    ///
    /// Every entry of `user_config` should be referenced as `${user_config.KEY}` somewhere
    /// in `server.mcp_config` (its `command`, `args`, `env` or `platform_overrides`). The
    /// rule reports, as information, a setting nothing references. A manifest without an
    /// `mcp_config` object is not judged.
    ///
    /// ## Why it matters
    ///
    /// The client asks the user for every setting when the extension is installed, but
    /// passes a value to the server only where `mcp_config` references it. An unused setting
    /// is a question whose answer is thrown away, often a sign that the reference was
    /// misspelt (see `undefined-user-config`, MCP665) or removed.
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
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"notes_dir": {"type": "directory", "title": "Notes folder",
    ///    "description": "Where the notes are.", "default": "${HOME}/Notes"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "${user_config.notes_dir}"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"notes_dir": {"type": "directory", "title": "Notes folder",
    ///    "description": "Where the notes are.", "default": "${HOME}/Notes"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): user configuration
    pub(crate) static UNUSED_USER_CONFIG = {
        code: "MCP666",
        name: "unused-user-config",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports settings no `${user_config.KEY}` of `mcp_config` references.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    if manifest.mcp_config.is_none() {
        return;
    }
    for setting in &manifest.settings {
        let used = manifest
            .strings
            .iter()
            .any(|s| s.settings().any(|r| r.name == setting.name));
        if used {
            continue;
        }
        let key = name(&setting.name);
        report.report(
            &UNUSED_USER_CONFIG,
            Site::new(setting.key.span(), Some(setting.value.path())),
            format!(
                "the setting `{key}` is asked of the user, but `server.mcp_config` never passes it to the server (no `${{user_config.{key}}}`)"
            ),
            format!(
                "pass it in `args` or `env` as `${{user_config.{key}}}`, or remove the setting"
            ),
        );
    }
}
