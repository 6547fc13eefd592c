use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// A `user_config` setting has an option its `type` does not use (`min` on a string, `multiple` on a number), or a `min` above its `max`.
    ///
    /// ## What it checks
    ///
    /// The options of each `user_config` setting against its `type`: `min` and `max` apply
    /// to `number` settings, `multiple` to `directory` and `file` settings, `sensitive` to
    /// `string` settings. A `min` greater than `max` is an error: no value fits.
    ///
    /// ## Why it matters
    ///
    /// Clients build the settings form from these options and ignore those that do not
    /// belong to the type, so the limit, the multiple selection or the masking the author
    /// meant does not happen: a `sensitive` number is shown in clear and stored as plain
    /// settings, a `min` on a string limits nothing.
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
    ///  "user_config": {"notes_dir": {"type": "string", "title": "Notes folder", "description": "Where the notes are.",
    ///    "multiple": true, "required": true}}}
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
    ///  "user_config": {"notes_dir": {"type": "directory", "title": "Notes folders", "description": "Where the notes are.",
    ///    "multiple": true, "required": true}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): user configuration options
    pub(crate) static MISPLACED_USER_CONFIG_OPTION = {
        code: "MCP670",
        name: "misplaced-user-config-option",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Each option and the types it applies to.
const OPTIONS: [(&str, &[&str], &str); 4] = [
    ("min", &["number"], "`number`"),
    ("max", &["number"], "`number`"),
    ("multiple", &["directory", "file"], "`directory` and `file`"),
    ("sensitive", &["string"], "`string`"),
];

/// Reports options of the wrong type, and `min` above `max`.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for setting in &manifest.settings {
        let Some(kind) = setting.kind.as_deref() else {
            continue;
        };
        if !matches!(kind, "string" | "number" | "boolean" | "directory" | "file") {
            continue;
        }
        let key = name(&setting.name);
        for (option, types, names) in OPTIONS {
            let Some(member) = setting.value.member(option) else {
                continue;
            };
            // `"multiple": false` and `"sensitive": false` say nothing.
            if member.value.as_bool() == Some(false) || types.contains(&kind) {
                continue;
            }
            report.report(
                &MISPLACED_USER_CONFIG_OPTION,
                Site::new(member.key.span(), Some(member.value.path())),
                format!(
                    "`{option}` applies only to {names} settings, but the setting `{key}` is a `{kind}`: clients ignore it"
                ),
                format!("remove `{option}`, or change the setting's `type`"),
            );
        }
        if kind != "number" {
            continue;
        }
        let bound = |k: &str| {
            setting
                .value
                .member(k)
                .filter(|m| m.value.as_number().is_some())
        };
        if let (Some(min), Some(max)) = (bound("min"), bound("max"))
            && let (Some(low), Some(high)) = (
                min.value.as_number().map(mcpvet_json::Number::as_f64),
                max.value.as_number().map(mcpvet_json::Number::as_f64),
            )
            && low > high
        {
            report.report_as(
                &MISPLACED_USER_CONFIG_OPTION,
                Severity::Error,
                Site::new(min.key.span(), Some(min.value.path())),
                format!(
                    "the `min` of the setting `{key}` ({}) is greater than its `max` ({}): no value fits",
                    min.value.source(),
                    max.value.source()
                ),
                "swap the two bounds, or correct one of them",
            );
        }
    }
}
