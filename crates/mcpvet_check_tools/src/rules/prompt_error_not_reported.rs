use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;

declare_rule! {
    /// The server answers a `prompts/get` that lacks a required argument with a result, or with an error code other than -32602.
    ///
    /// ## What it checks
    ///
    /// A `prompts/get` that omits an argument the prompt declared with `required: true` in
    /// the latest `prompts/list` result (MCP532 reports the request) should be answered with
    /// the JSON-RPC error -32602 (Invalid params). A result, or an error with another code,
    /// is reported on the server's answer. Prompts that were never listed are not judged.
    ///
    /// ## Why it matters
    ///
    /// Servers SHOULD return -32602 for missing required arguments (every version, "Error
    /// Handling" of Prompts). A prompt rendered without a required value silently carries a
    /// hole into the conversation, and another code hides from the client that the request,
    /// not the server, was at fault.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","description":"Translate text.","arguments":[{"name":"text","required":true}]}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Translate: "}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","description":"Translate text.","arguments":[{"name":"text","required":true}]}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate"}}
    /// {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Missing required argument: text"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts, "Error Handling"
    ///   (`server/prompts.mdx#error-handling`)
    pub(crate) static PROMPT_ERROR_NOT_REPORTED = {
        code: "MCP534",
        name: "prompt-error-not-reported",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The help of every finding.
const HELP: &str =
    "answer a `prompts/get` that lacks a required argument with the error -32602 (Invalid params)";

/// A result answering a `prompts/get` of `prompt` that lacked a required argument.
pub(crate) fn check_result(prompt: &str, result: Value<'_>, report: &mut Reporter<'_>) {
    report.report(
        &PROMPT_ERROR_NOT_REPORTED,
        result.opening(),
        format!(
            "the server renders prompt `{}` although the request lacks a required argument",
            name(prompt)
        ),
        HELP,
    );
}

/// An error (`code`, reported at `at`) answering a `prompts/get` of `prompt` that lacked a
/// required argument.
pub(crate) fn check_error(
    prompt: &str,
    code: Option<i64>,
    at: Value<'_>,
    report: &mut Reporter<'_>,
) {
    let Some(code) = code.filter(|c| *c != -32602) else {
        return;
    };
    report.report(
        &PROMPT_ERROR_NOT_REPORTED,
        at,
        format!(
            "the server answers a `prompts/get` of `{}` that lacks a required argument with {code}, not -32602",
            name(prompt)
        ),
        HELP,
    );
}
