use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, name, site};
use crate::schema::violations;
use crate::state::ToolDef;

declare_rule! {
    /// A `tools/call` result's `structuredContent` is missing, or does not match the tool's `outputSchema`.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-06-18 (where structured output appears), for each successful
    /// `tools/call` result of a tool that declared an `outputSchema`:
    ///
    /// - `structuredContent` must be present;
    /// - it must validate against the `outputSchema` (each violation at its place).
    ///
    /// For any tool, `structuredContent` must be an object before 2026-07-28 (from
    /// 2026-07-28 any JSON value is allowed). Results with `isError: true` are not judged
    /// against the schema: the specification does not say whether error results must
    /// conform, and SDKs skip them.
    ///
    /// ## Why it matters
    ///
    /// "If an output schema is provided, servers MUST provide structured results that
    /// conform to this schema" and clients SHOULD validate them: a client that does rejects
    /// the result, so the call fails although the tool ran.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"count_lines","description":"Count lines.","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"lines":{"type":"integer"}},"required":["lines"]}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count_lines","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"lines\":\"42\"}"}],"structuredContent":{"lines":"42"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"count_lines","description":"Count lines.","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"lines":{"type":"integer"}},"required":["lines"]}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count_lines","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"lines\":42}"}],"structuredContent":{"lines":42}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and later, Server features: Tools, "Structured
    ///   Content" and "Output Schema"
    pub(crate) static STRUCTURED_CONTENT_VIOLATES_SCHEMA = {
        code: "MCP523",
        name: "structured-content-violates-schema",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `structuredContent` of the `tools/call` result `result` of `tool`.
pub(crate) fn check(
    result: Value<'_>,
    tool: Option<(&str, &ToolDef)>,
    is_error: bool,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if !cx.at_least(ProtocolVersion::V2025_06_18) {
        return;
    }
    let content = cx.get(result, "structuredContent");
    if let Some(sc) = content
        && !cx.at_least(ProtocolVersion::V2026_07_28)
        && sc.kind() != ValueKind::Object
        && sc.kind() != ValueKind::Error
    {
        report.report(
            &STRUCTURED_CONTENT_VIOLATES_SCHEMA,
            sc,
            format!(
                "`structuredContent` must be an object in {}, found {}",
                cx.version,
                sc.kind().with_article()
            ),
            "wrap the value in an object, e.g. `{\"result\": …}`",
        );
        return;
    }
    let Some((tool, def)) = tool else {
        return;
    };
    if !def.has_output || is_error {
        return;
    }
    let Some(sc) = content else {
        report.report(
            &STRUCTURED_CONTENT_VIOLATES_SCHEMA,
            site(result),
            format!(
                "the result of `{}` has no `structuredContent`, but the tool declares an \
                 `outputSchema`",
                name(tool)
            ),
            "return `structuredContent` matching the `outputSchema` (and its JSON as a text \
             block)",
        );
        return;
    };
    let Some(validator) = &def.output else {
        return;
    };
    let Some(found) = violations(validator, Some(sc), sc) else {
        return;
    };
    let tool = name(tool);
    for v in found {
        let message = if v.location.is_empty() {
            format!("`{tool}` structuredContent: {}", v.what)
        } else {
            format!("`{tool}` structuredContent `{}`: {}", v.location, v.what)
        };
        report.report(&STRUCTURED_CONTENT_VIOLATES_SCHEMA, v.at, message, v.help);
    }
}
