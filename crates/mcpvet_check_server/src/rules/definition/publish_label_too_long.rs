use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use crate::context::{Cx, short};

declare_rule! {
    /// The `publish.label` of a server definition is longer than 75 characters.
    ///
    /// ## What it checks
    ///
    /// `publish.label`, the name a published server is shown under in catalogs, may have at
    /// most 75 characters (counted as Unicode code points). A longer label is reported at
    /// its value. A label that is not a string is `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// The platform refuses to publish a server with a longer label, and catalogs and
    /// clients cut long labels where they show them. A short label that names the server is
    /// what people choose by; the details belong in `publish.description`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "summarise", "description": "Summarise a text.",
    ///   "template": "Summarise: {{ text }}", "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"version": "1.0.0",
    ///   "label": "Documentation helpers for the support team: summaries, translations and glossaries"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "summarise", "description": "Summarise a text.",
    ///   "template": "Summarise: {{ text }}", "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"version": "1.0.0", "label": "Documentation helpers",
    ///   "description": "Summaries, translations and glossaries for the support team."}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (publishing)
    pub(crate) static PUBLISH_LABEL_TOO_LONG = {
        code: "MCP623",
        name: "publish-label-too-long",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The most characters a publish label may have.
pub(crate) const MAX_LABEL_CHARS: usize = 75;

/// Reports a `publish.label` longer than [`MAX_LABEL_CHARS`].
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let Some(label) = cx
        .root()
        .and_then(|r| r.get("publish"))
        .and_then(|p| p.get("label"))
        .filter(|l| l.kind() == ValueKind::String)
    else {
        return;
    };
    let text = label.as_str().unwrap_or_default();
    let length = text.chars().count();
    if length <= MAX_LABEL_CHARS {
        return;
    }
    report.report(
        &PUBLISH_LABEL_TOO_LONG,
        label,
        format!(
            "`publish.label` `{}` is {length} characters long; the limit is {MAX_LABEL_CHARS}",
            short(&text, 40)
        ),
        "shorten the label to at most 75 characters, and put the details in `publish.description`",
    );
}
