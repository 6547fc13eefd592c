use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// An optional `user_config` setting without a `default` is passed to the server, which then may receive the reference itself.
    ///
    /// ## What it checks
    ///
    /// A setting that `server.mcp_config` references (`${user_config.KEY}`), that is not
    /// `"required": true` and has no `default`. Boolean settings are left out: a checkbox
    /// always has a value. Information only: the server may well handle the case.
    ///
    /// ## Why it matters
    ///
    /// The client substitutes a reference only when the setting has a value. In MCPB's
    /// reference implementation, a setting the user left empty has none, so the reference is
    /// left as written: the server receives `--config=${user_config.config_file}` or an
    /// `API_KEY` of `${user_config.api_key}` instead of nothing, and treats the placeholder
    /// as a path or a key.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "--dir=${user_config.notes_dir}"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"notes_dir": {"type": "directory", "title": "Notes folder",
    ///    "description": "Where the notes are."}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "--dir=${user_config.notes_dir}"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}],
    ///  "user_config": {"notes_dir": {"type": "directory", "title": "Notes folder",
    ///    "description": "Where the notes are.", "default": "${HOME}/Notes"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): `required` and `default` of user configuration
    /// - MCPB, `src/shared/config.ts` (`replaceVariables`): variables without a value are kept
    pub(crate) static OPTIONAL_SETTING_WITHOUT_DEFAULT = {
        code: "MCP667",
        name: "optional-setting-without-default",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports referenced optional settings that have no default.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for setting in &manifest.settings {
        if setting.is_true("required")
            || setting.value.get("default").is_some()
            || setting.kind.as_deref() == Some("boolean")
        {
            continue;
        }
        let Some(used) = manifest
            .strings
            .iter()
            .find(|s| s.settings().any(|r| r.name == setting.name))
        else {
            continue;
        };
        let key = name(&setting.name);
        report.report(
            &OPTIONAL_SETTING_WITHOUT_DEFAULT,
            Site::new(setting.key.span(), Some(setting.value.path())),
            format!(
                "the setting `{key}` is optional and has no `default`: when the user leaves it empty, the server may receive `${{user_config.{key}}}` as written in `{}`",
                used.place()
            ),
            "give the setting a `default`, or mark it `\"required\": true`",
        );
    }
}
