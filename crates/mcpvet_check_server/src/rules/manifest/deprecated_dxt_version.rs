use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Site, declare_rule};
use mcpvet_json::ValueKind;

use super::Manifest;

declare_rule! {
    /// A desktop extension manifest declares its version with `dxt_version`, the name the member had before `manifest_version`.
    ///
    /// ## What it checks
    ///
    /// A manifest with a `dxt_version` member: without `manifest_version` (the fix renames
    /// the member), or beside a `manifest_version` that says the same. A `dxt_version` that
    /// differs from `manifest_version` is an error of `invalid-manifest-version` (MCP660).
    ///
    /// ## Why it matters
    ///
    /// Desktop extensions were called DXT before they became MCP Bundles (MCPB); the member
    /// was renamed and the old name is kept only for compatibility ("deprecated: use
    /// `manifest_version` instead"). Tools and clients written for the current format read
    /// `manifest_version` first, and a later version of the format may drop the old name.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"dxt_version": "0.1", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.1", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest schemas 0.1 to 0.4: `dxt_version`, "deprecated: use `manifest_version` instead"
    pub(crate) static DEPRECATED_DXT_VERSION = {
        code: "MCP661",
        name: "deprecated-dxt-version",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports `dxt_version` where `manifest_version` would do.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let root = manifest.root;
    let Some(old) = root.member("dxt_version") else {
        return;
    };
    let at = Site::new(old.key.span(), Some(old.value.path()));
    match root.get("manifest_version") {
        None => {
            let d = DEPRECATED_DXT_VERSION
                .diagnostic_at(
                    at,
                    "`dxt_version` is the old name of `manifest_version`, kept only for compatibility",
                )
                .with_help("rename the member `manifest_version`")
                .with_fix(Fix::new(
                    "rename `dxt_version` to `manifest_version`",
                    vec![Edit::new(old.key.span(), "\"manifest_version\"")],
                    Applicability::Safe,
                ));
            report.push(d);
        }
        Some(current)
            if current.kind() == ValueKind::String
                && old.value.kind() == ValueKind::String
                && current.as_str() == old.value.as_str() =>
        {
            report.report(
                &DEPRECATED_DXT_VERSION,
                at,
                "`dxt_version` repeats `manifest_version` under its old name",
                "remove `dxt_version`",
            );
        }
        Some(_) => {}
    }
}
