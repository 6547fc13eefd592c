use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::is_blank;
use crate::context::{Cx, opening};

declare_rule! {
    /// A server definition has no `publish.version`, or an empty one.
    ///
    /// ## What it checks
    ///
    /// A definition must say which version of the server it is, in `publish.version`
    /// (`"publish": {"version": "1.0.0"}`). Reported: a definition without `publish` (at the
    /// definition), a `publish` without `version` (at `publish`), and a `version` that is an
    /// empty string or only spaces (at the value). A `publish` or `version` of the wrong
    /// JSON type is `definition-structure` (MCP600). The form of the version is not judged.
    ///
    /// ## Why it matters
    ///
    /// The platform publishes a server under a version, and refuses to publish without one.
    /// Clients and catalogs show it to tell one release from the next, and registries reject
    /// an entry without it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "summarise", "description": "Summarise a text.",
    ///   "template": "Summarise: {{ text }}", "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"label": "Documentation helpers"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "summarise", "description": "Summarise a text.",
    ///   "template": "Summarise: {{ text }}", "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"version": "1.0.0", "label": "Documentation helpers"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (publishing)
    pub(crate) static MISSING_PUBLISH_VERSION = {
        code: "MCP622",
        name: "missing-publish-version",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports a definition without a `publish.version` with text in it.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let Some(root) = cx.root().filter(|r| r.kind() == ValueKind::Object) else {
        return;
    };
    let help =
        "add `\"publish\": {\"version\": …}` with the version of this server, such as `1.0.0`";
    let Some(publish) = root.get("publish") else {
        report.report(
            &MISSING_PUBLISH_VERSION,
            opening(root),
            "the definition has no `publish.version`: the server cannot be published without a version",
            help,
        );
        return;
    };
    if publish.kind() != ValueKind::Object {
        return;
    }
    match publish.get("version") {
        None => report.report(
            &MISSING_PUBLISH_VERSION,
            opening(publish),
            "`publish` has no `version`: the server cannot be published without a version",
            "add a `version` to `publish`, such as `\"version\": \"1.0.0\"`",
        ),
        Some(version) if is_blank(version) => report.report(
            &MISSING_PUBLISH_VERSION,
            version,
            "`publish.version` is empty: the server cannot be published without a version",
            "write the version of this server, such as `1.0.0`",
        ),
        Some(_) => {}
    }
}
