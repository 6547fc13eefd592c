use mcpvet_ast::vars::is_only_ref;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use super::Manifest;
use crate::context::name;

declare_rule! {
    /// A `user_config` setting that takes several values is referenced where only one string can go.
    ///
    /// ## What it checks
    ///
    /// A `directory` or `file` setting with `"multiple": true` (several paths) referenced in
    /// `server.mcp_config` other than as a whole element of `args`: inside a longer argument
    /// (`--dirs=${user_config.dirs}`), in `env`, or in `command`.
    ///
    /// ## Why it matters
    ///
    /// The client expands a setting with several values into several arguments, and only
    /// when the reference is an element of `args` on its own. Anywhere else it cannot put a
    /// list into one string: MCPB's reference implementation warns and leaves the reference
    /// as written, so the server receives `${user_config.dirs}` instead of the folders the
    /// user chose.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "files", "version": "1.0.0", "description": "Read files.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "--roots=${user_config.roots}"]}},
    ///  "tools": [{"name": "read_file", "description": "Read a file."}],
    ///  "user_config": {"roots": {"type": "directory", "title": "Folders", "description": "Folders to read.",
    ///    "multiple": true, "required": true}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "files", "version": "1.0.0", "description": "Read files.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js", "${user_config.roots}"]}},
    ///  "tools": [{"name": "read_file", "description": "Read a file."}],
    ///  "user_config": {"roots": {"type": "directory", "title": "Folders", "description": "Folders to read.",
    ///    "multiple": true, "required": true}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): array expansion of `multiple` settings
    /// - MCPB, `src/shared/config.ts` (`replaceVariables`): no array in a string context
    pub(crate) static MULTIPLE_SETTING_IN_STRING = {
        code: "MCP668",
        name: "multiple-setting-in-string",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports settings with several values referenced inside a string.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    for string in &manifest.strings {
        let whole_arg = string.in_args && is_only_ref(&string.string.parts) && {
            // Exactly the reference: the client compares the whole element.
            string.string.value.starts_with("${") && string.string.value.ends_with('}')
        };
        if whole_arg {
            continue;
        }
        for reference in string.settings() {
            let Some(setting) = manifest.setting(&reference.name) else {
                continue;
            };
            // `multiple` on another type is ignored (`misplaced-user-config-option`).
            let paths = matches!(setting.kind.as_deref(), Some("directory" | "file"));
            if !paths || !setting.is_true("multiple") {
                continue;
            }
            let key = name(&reference.name);
            report.report(
                &MULTIPLE_SETTING_IN_STRING,
                Site::new(reference.span, Some(string.value.path())),
                format!(
                    "the setting `{key}` takes several values (`multiple`), but `{}` can hold only one string: the client passes `${{user_config.{key}}}` there as written",
                    string.place()
                ),
                format!(
                    "give the reference an element of `args` of its own (`\"${{user_config.{key}}}\"`), which becomes one argument per value, or remove `multiple`"
                ),
            );
        }
    }
}
