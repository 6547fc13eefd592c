use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::content::{Problem, block};
use crate::context::{Cx, short, site};

declare_rule! {
    /// A `prompts/get` result's messages do not have the shape of `PromptMessage`s.
    ///
    /// ## What it checks
    ///
    /// The result of each `prompts/get` (not an `input_required` result) has a `messages`
    /// array; each message is an object with `role` `"user"` or `"assistant"` and a
    /// `content` that is a single content block (an object, not an array of blocks), of a
    /// type the version defines and with the members it requires (as for tool results,
    /// MCP525).
    ///
    /// ## Why it matters
    ///
    /// `PromptMessage.content` is one `ContentBlock` in every version, unlike sampling
    /// messages, which may carry arrays from 2025-11-25: clients that follow the schema fail
    /// to parse an array there and the prompt cannot be used. A role other than user or
    /// assistant has no place in the conversation the host builds.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"code_review"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":[{"type":"text","text":"Review this code."}]}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"code_review"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Review this code."}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts, "Data Types" (`PromptMessage`)
    pub(crate) static MALFORMED_PROMPT_MESSAGE = {
        code: "MCP533",
        name: "malformed-prompt-message",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `prompts/get` result `result`.
pub(crate) fn check(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    let mut problems = Vec::new();
    match cx.get(result, "messages") {
        Some(m) if m.kind() == ValueKind::Array => {
            for message in m.items() {
                check_message(message, cx, &mut problems);
            }
        }
        Some(m) if m.kind() == ValueKind::Error => {}
        Some(m) => problems.push(Problem {
            at: m.into(),
            message: format!(
                "`messages` must be an array, found {}",
                m.kind().with_article()
            ),
            help: "return the prompt's messages as an array".to_owned(),
        }),
        None => problems.push(Problem {
            at: site(result),
            message: "the `prompts/get` result has no `messages` array".to_owned(),
            help: "return the prompt's messages in `messages`".to_owned(),
        }),
    }
    for Problem { at, message, help } in problems {
        report.report(&MALFORMED_PROMPT_MESSAGE, at, message, help);
    }
}

fn check_message(message: Value<'_>, cx: Cx, out: &mut Vec<Problem>) {
    if message.kind() != ValueKind::Object {
        if message.kind() != ValueKind::Error {
            out.push(Problem {
                at: message.into(),
                message: format!(
                    "a prompt message must be an object, found {}",
                    message.kind().with_article()
                ),
                help: "write each message as `{\"role\": …, \"content\": {…}}`".to_owned(),
            });
        }
        return;
    }
    match cx.get(message, "role") {
        Some(r) if matches!(r.as_str().as_deref(), Some("user" | "assistant")) => {}
        Some(r) => out.push(Problem {
            at: site(r),
            message: match r.as_str() {
                Some(role) => format!(
                    "a prompt message `role` must be `user` or `assistant`, found `{}`",
                    short(&role, 30)
                ),
                None => format!(
                    "a prompt message `role` must be `user` or `assistant`, found {}",
                    r.kind().with_article()
                ),
            },
            help: "use `user` or `assistant`; put instructions in a user message".to_owned(),
        }),
        None => out.push(Problem {
            at: message.into(),
            message: "the prompt message has no `role`".to_owned(),
            help: "add `\"role\": \"user\"` or `\"assistant\"`".to_owned(),
        }),
    }
    match cx.get(message, "content") {
        Some(c) if c.kind() == ValueKind::Array => out.push(Problem {
            at: c.into(),
            message: "a prompt message `content` is a single content block, not an array"
                .to_owned(),
            help: "send one block per message; split several blocks into several messages"
                .to_owned(),
        }),
        Some(c) => block(c, cx, out),
        None => out.push(Problem {
            at: message.into(),
            message: "the prompt message has no `content`".to_owned(),
            help: "add a content block, e.g. `{\"type\": \"text\", \"text\": …}`".to_owned(),
        }),
    }
}
