use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::content::{Problem, block};
use crate::context::{Cx, site};

declare_rule! {
    /// A `tools/call` result does not have the shape of a `CallToolResult`.
    ///
    /// ## What it checks
    ///
    /// Each result of a `tools/call` (not a task, not an `input_required` result):
    ///
    /// - `content` is present and is an array (it is required in every version, also when
    ///   `structuredContent` is returned);
    /// - `isError`, when present, is a boolean;
    /// - each content block is an object with a `type` the version defines (`text`,
    ///   `image`, `resource`; `audio` from 2025-03-26; `resource_link` from 2025-06-18)
    ///   and the members that type requires: `text`; `data` (base64) and `mimeType`; a
    ///   `resource` with `uri` and exactly one of `text` or `blob`; `uri` and `name`.
    ///   `tool_use` and `tool_result` blocks belong to sampling messages, not to tool results.
    ///
    /// ## Why it matters
    ///
    /// Clients parse the result with the schema of their version: a result without `content`,
    /// or with a block type they do not know, fails to parse, and the call fails on the
    /// client side although the tool ran. Base64 that does not decode breaks images and audio
    /// in the host's UI.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"notes.txt"}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":{"type":"text","text":"hello"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"notes.txt"}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"hello"}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Tool Result"
    /// - MCP schema, `CallToolResult` and `ContentBlock`
    pub(crate) static MALFORMED_TOOL_RESULT = {
        code: "MCP525",
        name: "malformed-tool-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `tools/call` result `result`.
pub(crate) fn check(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object {
        if result.kind() != ValueKind::Error {
            report.report(
                &MALFORMED_TOOL_RESULT,
                result,
                format!(
                    "a `tools/call` result must be an object, found {}",
                    result.kind().with_article()
                ),
                "return an object with a `content` array",
            );
        }
        return;
    }
    if let Some(e) = cx.get(result, "isError")
        && e.kind() != ValueKind::Bool
    {
        report.report(
            &MALFORMED_TOOL_RESULT,
            site(e),
            format!(
                "`isError` must be a boolean, found {}",
                e.kind().with_article()
            ),
            "set `isError` to true or false, or leave it out",
        );
    }
    let content = match cx.get(result, "content") {
        Some(c) if c.kind() == ValueKind::Array => c,
        Some(c) => {
            if c.kind() != ValueKind::Error {
                report.report(
                    &MALFORMED_TOOL_RESULT,
                    c,
                    format!(
                        "`content` must be an array of content blocks, found {}",
                        c.kind().with_article()
                    ),
                    "put the content blocks in an array, even a single one",
                );
            }
            return;
        }
        None => {
            report.report(
                &MALFORMED_TOOL_RESULT,
                result,
                "the `tools/call` result has no `content` array",
                "add `content` (an empty array is allowed), also when returning \
                 `structuredContent`",
            );
            return;
        }
    };
    let mut problems = Vec::new();
    for item in content.items() {
        block(item, cx, &mut problems);
    }
    for Problem { at, message, help } in problems {
        report.report(&MALFORMED_TOOL_RESULT, at, message, help);
    }
}
