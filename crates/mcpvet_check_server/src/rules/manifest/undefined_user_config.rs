use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use super::{Manifest, closest};
use crate::context::name;

declare_rule! {
    /// A `${user_config.KEY}` reference in a desktop extension's `mcp_config` names no `user_config` setting.
    ///
    /// ## What it checks
    ///
    /// Every `${user_config.KEY}` in the strings of `server.mcp_config` (its `command`,
    /// `args`, `env` and `platform_overrides`) must name an entry of `user_config`. The
    /// finding points at the reference itself and suggests a setting with a close name.
    ///
    /// ## Why it matters
    ///
    /// The client replaces `${user_config.KEY}` with the value the user entered for the
    /// setting `KEY`; a reference to a setting that does not exist is never asked for and
    /// never replaced, so the server receives the text `${user_config.api_tokn}` as its API
    /// key or path, and fails in a way that does not point at the manifest.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"],
    ///      "env": {"NOTES_API_KEY": "${user_config.api_tokn}"}}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"api_token": {"type": "string", "title": "API token",
    ///    "description": "Your notes API token.", "sensitive": true, "required": true}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"],
    ///      "env": {"NOTES_API_KEY": "${user_config.api_token}"}}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"api_token": {"type": "string", "title": "API token",
    ///    "description": "Your notes API token.", "sensitive": true, "required": true}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): user configuration, variable substitution
    /// - MCPB, `src/shared/config.ts`: a variable without a value is left as written
    pub(crate) static UNDEFINED_USER_CONFIG = {
        code: "MCP665",
        name: "undefined-user-config",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports references to settings that `user_config` does not declare.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for string in &manifest.strings {
        for reference in string.settings() {
            if manifest.setting(&reference.name).is_some() {
                continue;
            }
            let key = name(&reference.name);
            let help = match closest(
                &reference.name,
                manifest.settings.iter().map(|s| s.name.as_str()),
            ) {
                Some(near) => format!(
                    "did you mean `${{user_config.{}}}`? Otherwise declare `{key}` in `user_config` (with `type`, `title` and `description`)",
                    name(near)
                ),
                None => format!(
                    "declare `{key}` in `user_config` (with `type`, `title` and `description`), or correct the name"
                ),
            };
            report.report(
                &UNDEFINED_USER_CONFIG,
                Site::new(reference.span, Some(string.value.path())),
                format!(
                    "`${{user_config.{key}}}` in `{}` names no setting of `user_config`, so the server receives it as written",
                    string.place()
                ),
                help,
            );
        }
    }
}
