use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A message's `params` or a response's `result` is not a JSON object.
    ///
    /// ## What it checks
    ///
    /// `params` of requests and notifications, when present, and `result` of responses. Base
    /// JSON-RPC also allows `params` to be an array; every MCP schema types it as an object,
    /// and `result` is always an object (an empty result is `{}`). `null` counts as not an
    /// object. The `params` of `tools/call`, `prompts/get` and `resources/read` are checked
    /// together with their required members by MCP520, and the `result` of `tools/call` and
    /// of the tools, prompts and resources lists by MCP525 and MCP501.
    ///
    /// ## Why it matters
    ///
    /// MCP peers read named members (`params.name`, `result.tools`); positional `params` or a
    /// scalar `result` fails their validation (−32602, or a rejected response).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":["cursor-2"]}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":null}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Requests and Responses (`basic/index.mdx`)
    /// - The `Request`, `Notification` and `Result` types in `schema.ts` of every version
    pub(crate) static PARAMS_NOT_OBJECT = {
        code: "MCP402",
        name: "params-not-object",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `result` of a response to `method` (when known). The results of the tools,
/// prompts and resources lists and of `tools/call` are checked with their members by MCP501
/// and MCP525.
pub(crate) fn check_result(result: Value<'_>, method: Option<&str>, report: &mut Reporter<'_>) {
    if matches!(
        method,
        Some(
            "tools/list"
                | "prompts/list"
                | "resources/list"
                | "resources/templates/list"
                | "tools/call"
        )
    ) {
        return;
    }
    check(result, "result", report);
}

/// Checks a `params` (`member` = "params") or `result` value.
pub(crate) fn check(value: Value<'_>, member: &str, report: &mut Reporter<'_>) {
    if value.kind() == ValueKind::Object || value.kind() == ValueKind::Error {
        return;
    }
    let help = if member == "params" {
        "send `params` as an object with named members"
    } else {
        "send `result` as an object (`{}` when there is nothing to return)"
    };
    report.report(
        &PARAMS_NOT_OBJECT,
        value,
        format!(
            "`{member}` must be an object, found {}",
            value.kind().with_article()
        ),
        help,
    );
}
