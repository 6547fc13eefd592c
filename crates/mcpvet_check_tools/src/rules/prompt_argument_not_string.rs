use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::name;

declare_rule! {
    /// A `prompts/get` argument value is not a string.
    ///
    /// ## What it checks
    ///
    /// Every value of `params.arguments` of a `prompts/get` request must be a string (in
    /// every version the type is `{[key: string]: string}`). Numbers, booleans, `null`,
    /// arrays and objects are reported at the value.
    ///
    /// ## Why it matters
    ///
    /// Prompt arguments are text substituted into templates; servers validate them as
    /// strings and reject the request (-32602) or stringify the value in ways the user did
    /// not mean (`[object Object]`, `True`).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"summarize","arguments":{"max_words":50}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"summarize","arguments":{"max_words":"50"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP schema, `GetPromptRequest.params.arguments` (every version)
    pub(crate) static PROMPT_ARGUMENT_NOT_STRING = {
        code: "MCP531",
        name: "prompt-argument-not-string",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports every argument value of the `arguments` object that is not a string.
pub(crate) fn check(arguments: Value<'_>, report: &mut Reporter<'_>) {
    for member in arguments.members() {
        let kind = member.value.kind();
        if kind != ValueKind::String && kind != ValueKind::Error {
            report.report(
                &PROMPT_ARGUMENT_NOT_STRING,
                member.value,
                format!(
                    "prompt argument `{}` must be a string, found {}",
                    name(&member.key_str()),
                    kind.with_article()
                ),
                "send every prompt argument as a string",
            );
        }
    }
}
