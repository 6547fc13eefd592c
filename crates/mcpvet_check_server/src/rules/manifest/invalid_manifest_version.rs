use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Manifest, VERSIONS};
use crate::context::{opening, short};

declare_rule! {
    /// A desktop extension manifest declares no manifest version, or one that MCPB does not define.
    ///
    /// ## What it checks
    ///
    /// A manifest says which version of the format it follows in `manifest_version` (or, in
    /// the oldest manifests, `dxt_version`). The rule reports a manifest with neither, a
    /// version other than `0.1`, `0.2`, `0.3` and `0.4`, and a `dxt_version` that differs
    /// from `manifest_version`. A version of the wrong JSON type is left to
    /// `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Clients and the `mcpb` tool choose the schema a manifest is read with from its
    /// version: without a version they know, `mcpb validate` and `mcpb pack` stop with
    /// "Unrecognized or unsupported manifest version", and a client refuses to install the
    /// extension. Two different versions make the file invalid under both.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "1.0", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
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
    /// - MCPB manifest specification (`MANIFEST.md`): required fields, `manifest_version`
    /// - MCPB, `src/shared/manifestVersionResolve.ts`: how the version is read
    pub(crate) static INVALID_MANIFEST_VERSION = {
        code: "MCP660",
        name: "invalid-manifest-version",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

const HELP: &str =
    "write the version of the format the manifest follows: `0.1`, `0.2`, `0.3` or `0.4`";

/// `value` when it is a string.
fn string(value: Option<Value<'_>>) -> Option<Value<'_>> {
    value.filter(|v| v.kind() == ValueKind::String)
}

/// Reports a missing, unknown or contradictory manifest version.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let root = manifest.root;
    let current = root.get("manifest_version");
    let old = root.get("dxt_version");
    if current.is_none() && old.is_none() {
        report.report(
            &INVALID_MANIFEST_VERSION,
            opening(root),
            "the manifest has no `manifest_version`, so clients cannot tell which version of the format it follows",
            "add `\"manifest_version\"` with the version the manifest follows (`0.1` to `0.4`; `0.3` for a new manifest)",
        );
        return;
    }
    let mut known = true;
    for (key, value) in [
        ("manifest_version", string(current)),
        ("dxt_version", string(old)),
    ] {
        let Some(value) = value else { continue };
        let text = value.as_str().unwrap_or_default();
        if VERSIONS.contains(&text.as_ref()) {
            continue;
        }
        known = false;
        report.report(
            &INVALID_MANIFEST_VERSION,
            value,
            format!(
                "`{key}` `{}` is not a manifest version MCPB defines (0.1 to 0.4)",
                short(&text, 40)
            ),
            HELP,
        );
    }
    if let (true, Some(current), Some(old)) = (known, string(current), string(old))
        && current.as_str() != old.as_str()
    {
        report.report(
            &INVALID_MANIFEST_VERSION,
            old,
            format!(
                "`dxt_version` `{}` differs from `manifest_version` `{}`: the manifest is invalid under either version",
                short(&old.as_str().unwrap_or_default(), 40),
                short(&current.as_str().unwrap_or_default(), 40)
            ),
            "remove `dxt_version`: `manifest_version` replaces it",
        );
    }
}
