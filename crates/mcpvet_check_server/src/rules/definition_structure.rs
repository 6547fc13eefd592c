use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};
use mcpvet_json::ValueKind;
use mcpvet_schema::validate::{MAX_ERRORS, describe, location, node_at};

use crate::context::{Cx, opening, short};
use crate::formats;

declare_rule! {
    /// A server definition does not have the structure of its format: a member of the wrong type, a required member missing, a value out of range, or a member the format does not have.
    ///
    /// ## What it checks
    ///
    /// The whole document against the structure of its format: the registry's `server.json`,
    /// a desktop extension manifest (MCPB) or the neutral definition format
    /// (`docs/server-definition.md`, whose JSON Schema, `docs/server-definition.schema.json`,
    /// is the one this rule uses). Each violation is reported at the value it is about: a
    /// member of the wrong JSON type, a required member that is missing (at the object that
    /// lacks it), a value outside the allowed set or range, and, as a warning, a member the
    /// format does not define (usually a misspelt name, which the platform ignores or
    /// rejects). At most 20 findings per file. Captured listings are judged by the tools
    /// rules (`MCP501` and the others).
    ///
    /// ## Why it matters
    ///
    /// Registries and hosting platforms validate a definition only when it is published or
    /// imported, and then reject it whole, often with a message that does not say where. A
    /// member of the wrong type or a misspelt name is found here with its exact position.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find", "description": "Find a customer.", "type": "http",
    ///   "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "timeoutMs": "5000", "requestSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find", "description": "Find a customer.", "type": "http",
    ///   "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "timeoutMs": 5000, "requestSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` and `docs/server-definition.schema.json`
    /// - MCP registry, `server.json` format (schema 2025-09-29)
    /// - MCPB manifest specification, versions 0.1 to 0.4
    pub(crate) static DEFINITION_STRUCTURE = {
        code: "MCP600",
        name: "definition-structure",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Checks the document against the structure schema of its format.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let (Some(validator), Some(root)) = (formats::schema(cx.file.format), cx.root()) else {
        return;
    };
    if root.kind() == ValueKind::Error {
        return;
    }
    // Numbers beyond f64 or lone surrogates have no serde_json form: not judged.
    let Ok(json) = serde_json::from_str::<serde_json::Value>(root.source()) else {
        return;
    };
    for error in validator.iter_errors(&json).take(MAX_ERRORS) {
        let pointer = error.instance_path().as_str();
        let node = node_at(root, pointer);
        let place = match location(pointer) {
            l if l.is_empty() => "the definition".to_owned(),
            l => format!("`{l}`"),
        };
        match error.kind() {
            jsonschema::error::ValidationErrorKind::AdditionalProperties { unexpected } => {
                for key in unexpected {
                    let at: Site = node
                        .member(key)
                        .map_or_else(|| node.into(), |m| m.key.into());
                    report.report_as(
                        &DEFINITION_STRUCTURE,
                        Severity::Warning,
                        at,
                        format!(
                            "{place} has a member `{}` that {} does not define",
                            short(key, 60),
                            cx.file.format.description()
                        ),
                        "remove it, or correct its name to one the format defines",
                    );
                }
            }
            kind => {
                let (what, help) = describe(kind, node.kind());
                let at: Site = if matches!(
                    kind,
                    jsonschema::error::ValidationErrorKind::Required { .. }
                ) {
                    opening(node)
                } else {
                    node.into()
                };
                report.report(&DEFINITION_STRUCTURE, at, format!("{place}: {what}"), help);
            }
        }
    }
}
