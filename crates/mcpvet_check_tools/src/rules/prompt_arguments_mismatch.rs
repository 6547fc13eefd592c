use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use crate::state::PromptArg;

declare_rule! {
    /// A `prompts/get` lacks a required argument of the prompt, or passes one the prompt does not declare.
    ///
    /// ## What it checks
    ///
    /// The `arguments` of each `prompts/get` against the `arguments` the prompt declared in
    /// the latest `prompts/list` result: every argument with `required: true` must be
    /// supplied (reported at `arguments`, or at the prompt name when there are none), and
    /// every supplied argument should be declared (reported at its member). Prompts that
    /// were never listed are not judged (unknown prompts are MCP530).
    ///
    /// ## Why it matters
    ///
    /// A server answers a missing required argument with a JSON-RPC error (-32602, SHOULD
    /// in every version), so the prompt fails; an undeclared argument is ignored, which
    /// usually means a misspelt name and a prompt rendered without the value the user gave.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","description":"Translate text.","arguments":[{"name":"text","required":true},{"name":"target_lang","required":true}]}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate","arguments":{"text":"Bonjour"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"prompts/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","description":"Translate text.","arguments":[{"name":"text","required":true},{"name":"target_lang","required":true}]}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate","arguments":{"text":"Bonjour","target_lang":"en"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts, "Getting a Prompt" and "Error Handling"
    /// - MCP schema, `PromptArgument`
    pub(crate) static PROMPT_ARGUMENTS_MISMATCH = {
        code: "MCP532",
        name: "prompt-arguments-mismatch",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Compares the `arguments` of a `prompts/get` of `prompt` (named by the string `name_value`)
/// with the declared ones; returns whether a required argument is missing.
pub(crate) fn check(
    declared: &[PromptArg],
    arguments: Option<Value<'_>>,
    prompt: &str,
    name_value: Value<'_>,
    report: &mut Reporter<'_>,
) -> bool {
    let prompt = name(prompt);
    let missing: Vec<&str> = declared
        .iter()
        .filter(|a| a.required && arguments.is_none_or(|args| args.get(&a.name).is_none()))
        .map(|a| a.name.as_str())
        .collect();
    if !missing.is_empty() {
        let list: Vec<String> = missing
            .iter()
            .take(5)
            .map(|m| format!("`{}`", name(m)))
            .collect();
        let s = if missing.len() == 1 { "" } else { "s" };
        report.report(
            &PROMPT_ARGUMENTS_MISMATCH,
            arguments.unwrap_or(name_value),
            format!(
                "`prompts/get` of `{prompt}` lacks the required argument{s} {}",
                list.join(", ")
            ),
            "supply every argument the prompt declares with `required: true`",
        );
    }
    let Some(arguments) = arguments else {
        return !missing.is_empty();
    };
    for member in arguments.members() {
        let key = member.key_str();
        if !declared.iter().any(|a| a.name == key) {
            report.report(
                &PROMPT_ARGUMENTS_MISMATCH,
                member.key,
                format!("prompt `{prompt}` declares no argument `{}`", name(&key)),
                "use the argument names from `prompts/list`, or drop this one",
            );
        }
    }
    !missing.is_empty()
}
