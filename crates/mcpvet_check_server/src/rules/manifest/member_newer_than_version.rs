use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};

use super::{Manifest, version_name};

declare_rule! {
    /// A desktop extension manifest uses a member or a server type that its declared manifest version does not have yet.
    ///
    /// ## What it checks
    ///
    /// Members added by later versions of the format: `privacy_policies` (0.2), `icons`,
    /// `localization` and `_meta` (0.3), in a manifest that declares an earlier version
    /// (information); and the server type `uv` (0.4) in a manifest that declares 0.1, 0.2 or
    /// 0.3 (an error). Nothing is reported when the declared version is not one MCPB defines
    /// (`invalid-manifest-version`, MCP660, says so).
    ///
    /// ## Why it matters
    ///
    /// Each version of the format has its own schema, and the manifest is read with the one
    /// it declares. `mcpb validate` and `mcpb pack` reject a member that schema does not
    /// have; a client reading the file leniently ignores it, so the privacy policies, icons
    /// or translations are not shown. A server type the declared version does not know makes
    /// the whole manifest invalid: the extension is not installed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.2", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "icons": [{"src": "icon-16.png", "size": "16x16"}],
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
    ///  "icons": [{"src": "icon-16.png", "size": "16x16"}],
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest schemas 0.1 to 0.4 (`schemas/mcpb-manifest-v0.*.schema.json`)
    pub(crate) static MEMBER_NEWER_THAN_VERSION = {
        code: "MCP662",
        name: "member-newer-than-version",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// Root members and the version that added them.
const ADDED: [(&str, u8); 4] = [
    ("privacy_policies", 2),
    ("icons", 3),
    ("localization", 3),
    ("_meta", 3),
];

/// Reports members and the `uv` type used before their version.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let Some(declared) = manifest.version else {
        return;
    };
    let have = version_name(declared);
    for member in manifest.root.members() {
        let key = member.key_str();
        let Some(&(_, since)) = ADDED.iter().find(|(k, _)| *k == key) else {
            continue;
        };
        if declared >= since {
            continue;
        }
        let since = version_name(since);
        report.report(
            &MEMBER_NEWER_THAN_VERSION,
            Site::new(member.key.span(), Some(member.value.path())),
            format!(
                "`{key}` is defined from manifest version {since}, but this manifest declares {have}: `mcpb validate` rejects it, and clients reading {have} ignore it"
            ),
            format!("declare `\"manifest_version\": \"{since}\"` if the manifest follows it, or remove `{key}`"),
        );
    }
    if declared < 4
        && let Some(kind) = manifest.server_type()
        && kind.as_str().as_deref() == Some("uv")
    {
        report.report_as(
            &MEMBER_NEWER_THAN_VERSION,
            Severity::Error,
            kind,
            format!(
                "the server type `uv` is defined from manifest version 0.4, but this manifest declares {have}: the manifest is invalid for clients that read it as {have}"
            ),
            "declare `\"manifest_version\": \"0.4\"`, or use the type `python` with a bundled environment",
        );
    }
}
