use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use crate::state::Server;

declare_rule! {
    /// A `prompts/get` names a prompt that the server's prompt list does not contain.
    ///
    /// ## What it checks
    ///
    /// The `name` of each `prompts/get` request against the prompts of every `prompts/list`
    /// result seen earlier in the capture (per server when the capture names servers).
    /// Nothing is reported while no prompt list has been seen.
    ///
    /// ## Why it matters
    ///
    /// A server answers a request for an unknown prompt with a JSON-RPC error (-32602, "SHOULD"
    /// in every version): the user picked a prompt from a stale list, or the client built
    /// the name itself.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"code_review","description":"Review code."}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"review_code"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"code_review","description":"Review code."}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"code_review"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts, "Getting a Prompt" and "Error Handling"
    pub(crate) static UNKNOWN_PROMPT = {
        code: "MCP530",
        name: "unknown-prompt",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a `prompts/get` of `prompt` (named by the string `name_value`) that the server's
/// prompt list does not contain; says nothing while no prompt list was seen.
pub(crate) fn check(
    server: &Server,
    prompt: &str,
    name_value: Value<'_>,
    report: &mut Reporter<'_>,
) {
    if !server.prompts_listed || server.prompts.contains_key(prompt) {
        return;
    }
    report.report(
        &UNKNOWN_PROMPT,
        name_value,
        format!(
            "`prompts/get` names `{}`, which the server's prompt list does not contain",
            name(prompt)
        ),
        "request a prompt from the latest `prompts/list` result",
    );
}
