use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A 2026-07-28 result has no valid `resultType`.
    ///
    /// ## What it checks
    ///
    /// Every `result` a server sends in a 2026-07-28 session must carry `resultType`:
    /// `"complete"` or `"input_required"` (and `"task"` when a capability declares the
    /// `io.modelcontextprotocol/tasks` extension). A missing member, a non-string and an
    /// unrecognised value are flagged. `{"result": {}}` is therefore invalid from a 2026
    /// server, including for empty results.
    ///
    /// ## Why it matters
    ///
    /// "Servers implementing this protocol version MUST include this field", and a client
    /// "MUST" treat an unrecognised value as invalid: it decides from `resultType` whether
    /// the request is finished or needs another round trip.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"hi"}]}}
    /// ```
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, Responses (`basic/index.mdx`)
    /// - `Result` and `ResultType` in `schema.ts` (2026-07-28)
    pub(crate) static MISSING_RESULT_TYPE = {
        code: "MCP432",
        name: "missing-result-type",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What a 2026 result says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResultType {
    Complete,
    InputRequired,
    Task,
    /// Missing or invalid (reported).
    Invalid,
}

/// Checks the `resultType` of a 2026 result; `tasks` says whether the session declared the
/// tasks extension.
pub(crate) fn check(result: Value<'_>, tasks: bool, report: &mut Reporter<'_>) -> ResultType {
    const HELP: &str = "add `\"resultType\": \"complete\"` (or `\"input_required\"` for a result that asks for more input)";
    if result.kind() != ValueKind::Object {
        return ResultType::Invalid; // MCP402
    }
    let Some(value) = result.get("resultType") else {
        report.report(
            &MISSING_RESULT_TYPE,
            result.opening(),
            "the result has no `resultType`, which every 2026-07-28 result carries",
            HELP,
        );
        return ResultType::Invalid;
    };
    match value.as_str().as_deref() {
        Some("complete") => ResultType::Complete,
        Some("input_required") => ResultType::InputRequired,
        Some("task") if tasks => ResultType::Task,
        Some(other) => {
            let extra = if other == "task" {
                " (`task` needs the `io.modelcontextprotocol/tasks` extension, which no capability declares)"
            } else {
                ""
            };
            report.report(
                &MISSING_RESULT_TYPE,
                value,
                format!("`resultType` \"{other}\" is not a recognised result type{extra}"),
                HELP,
            );
            ResultType::Invalid
        }
        None => {
            if value.kind() != ValueKind::Error {
                report.report(
                    &MISSING_RESULT_TYPE,
                    value,
                    format!(
                        "`resultType` must be a string, found {}",
                        value.kind().with_article()
                    ),
                    HELP,
                );
            }
            ResultType::Invalid
        }
    }
}
