use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{JsonOptions, Value, ValueKind};

use crate::context::{Cx, is_true};

declare_rule! {
    /// A `tools/call` result has `structuredContent` but no text content block that carries the same JSON.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-06-18 on, a successful `tools/call` result with an object in
    /// `structuredContent` whose `content` holds no `text` block whose text, read as JSON,
    /// is the same value. The specification: a tool that returns structured content
    /// "SHOULD also return the serialized JSON in a TextContent block".
    ///
    /// ## Why it matters
    ///
    /// Clients that predate structured output, and hosts that hand the model only
    /// `content`, see nothing of a result that lives only in `structuredContent`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count_lines","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[],"structuredContent":{"lines":42}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count_lines","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\"lines\": 42}"}],"structuredContent":{"lines":42}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and later, Server features: Tools, "Structured
    ///   Content" (`server/tools.mdx#structured-content`)
    pub(crate) static STRUCTURED_CONTENT_WITHOUT_TEXT = {
        code: "MCP526",
        name: "structured-content-without-text",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks that the `structuredContent` of a `tools/call` result is mirrored in a text block.
pub(crate) fn check(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    if cx.version < ProtocolVersion::V2025_06_18 || is_true(cx.get(result, "isError")) {
        return;
    }
    let Some(structured) = cx
        .get(result, "structuredContent")
        .filter(|s| s.kind() == ValueKind::Object)
    else {
        return;
    };
    // Each text block is compared with the source of `structuredContent`, then parsed with
    // our reader and compared node by node (`same_json`); `serde_json` reads only what
    // neither decides.
    let mut expected: Option<Option<serde_json::Value>> = None;
    let mut mirrored = false;
    let texts = cx
        .get(result, "content")
        .into_iter()
        .flat_map(Value::items)
        .filter(|b| b.get("type").and_then(Value::as_str).as_deref() == Some("text"))
        .filter_map(|b| b.get("text").and_then(Value::as_str));
    let source = structured.source();
    for text in texts {
        // The same text as `structuredContent` (a serializer's usual output): the same value,
        // or `serde_json` refuses both, and then the rule stays silent as well.
        if text.trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\r')) == source {
            return;
        }
        let parsed = mcpvet_json::parse(&text, &JsonOptions::strict());
        let fast = match parsed.value.root() {
            Some(root) if parsed.diagnostics.is_empty() => {
                mcpvet_schema::instance::same_json(root, structured)
            }
            _ => None,
        };
        let same = fast.unwrap_or_else(|| {
            expected
                .get_or_insert_with(|| mcpvet_schema::instance::to_json(structured))
                .as_ref()
                .is_some_and(|expected| {
                    serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| v == *expected)
                })
        });
        if same {
            mirrored = true;
            break;
        }
    }
    // As before the fast path: no finding when `serde_json` refuses `structuredContent`.
    if !mirrored
        && expected
            .get_or_insert_with(|| mcpvet_schema::instance::to_json(structured))
            .is_none()
    {
        return;
    }
    if !mirrored {
        report.report(
            &STRUCTURED_CONTENT_WITHOUT_TEXT,
            structured,
            "`structuredContent` is not mirrored by a text content block with the same JSON",
            "also return the serialized JSON of `structuredContent` in a `text` content block",
        );
    }
}
