use std::borrow::Cow;

use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A `sampling/createMessage` request breaks the shape of its messages or the balance of
    /// tool uses and tool results.
    ///
    /// ## What it checks
    ///
    /// In the `params` of a `sampling/createMessage` request (an **error** each):
    ///
    /// - `messages` is an array and `maxTokens` an integer;
    /// - every message has a `role` of `"user"` or `"assistant"` and a `content` (an object,
    ///   or from 2025-11-25 an array of content blocks);
    /// - from 2025-11-25, where sampling carries tools: a user message holding a
    ///   `tool_result` block holds only `tool_result` blocks, and an assistant message with
    ///   `tool_use` blocks is followed by a user message answering each of them with a
    ///   `tool_result` whose `toolUseId` is the use's `id`.
    ///
    /// Earlier versions have no tool blocks, so the balance is not checked there.
    ///
    /// ## Why it matters
    ///
    /// The client hands these messages to a model API; a role it does not know, a missing
    /// `maxTokens` or a tool use left unanswered is rejected by the model provider, and the
    /// server's request fails on the client's side for a reason the server never sees. The
    /// schema requires `messages`, `maxTokens`, `role` and `content`, and the specification
    /// says that tool results MUST come alone in their user message and every tool use MUST
    /// be answered by a matching result.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"messages":[{"role":"system","content":{"type":"text","text":"Summarise"}}],"maxTokens":100}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"Summarise"}}],"maxTokens":100}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Sampling (`client/sampling.mdx`), Tool use and result balance;
    ///   schema `CreateMessageRequestParams` and `SamplingMessage`
    pub(crate) static INVALID_SAMPLING_REQUEST = {
        code: "MCP480",
        name: "invalid-sampling-request",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `params` of a `sampling/createMessage` request (the method at `method`) of a
/// session of `version`.
pub(crate) fn check(
    params: Option<Value<'_>>,
    method: mcpvet_text::Span,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) {
    let Some(params) = params.filter(|p| p.kind() == ValueKind::Object) else {
        report.report(
            &INVALID_SAMPLING_REQUEST,
            method,
            "`sampling/createMessage` has no `params` object",
            "send `params` with `messages` and `maxTokens`",
        );
        return;
    };
    match params.get("maxTokens") {
        None => report.report(
            &INVALID_SAMPLING_REQUEST,
            method,
            "`sampling/createMessage` has no `maxTokens`",
            "send `maxTokens`, the most tokens the client may sample",
        ),
        Some(m) if !crate::rules::is_integer(m) => report.report(
            &INVALID_SAMPLING_REQUEST,
            m,
            format!("`maxTokens` is {}, not an integer", m.kind().with_article()),
            "send `maxTokens` as an integer",
        ),
        Some(_) => {}
    }
    let Some(messages) = params.get("messages") else {
        report.report(
            &INVALID_SAMPLING_REQUEST,
            method,
            "`sampling/createMessage` has no `messages`",
            "send the conversation to sample from in `messages`",
        );
        return;
    };
    if messages.kind() != ValueKind::Array {
        report.report(
            &INVALID_SAMPLING_REQUEST,
            messages,
            format!(
                "`messages` is {}, not an array",
                messages.kind().with_article()
            ),
            "send `messages` as an array of sampling messages",
        );
        return;
    }
    let tools = version >= ProtocolVersion::V2025_11_25;
    // The tool uses of the last assistant message, still to be answered by the next one.
    let mut open: Option<(Value<'_>, Vec<String>)> = None;
    for message in messages.items() {
        let role = message_shape(message, version, report);
        let blocks = blocks(message.get("content"));
        if !tools {
            continue;
        }
        let results: Vec<Value<'_>> = blocks
            .iter()
            .copied()
            .filter(|b| block_type(*b).as_deref() == Some("tool_result"))
            .collect();
        if role.as_deref() == Some("user") && !results.is_empty() && results.len() < blocks.len() {
            report.report(
                &INVALID_SAMPLING_REQUEST,
                message,
                "a user message holding `tool_result` blocks holds other content too",
                "send tool results alone in their user message",
            );
        }
        if let Some((asked, ids)) = open.take() {
            let answered: Vec<String> = results
                .iter()
                .filter_map(|r| r.get("toolUseId").and_then(Value::as_str))
                .map(Cow::into_owned)
                .collect();
            let missing: Vec<&String> = ids.iter().filter(|id| !answered.contains(id)).collect();
            if role.as_deref() != Some("user") || !missing.is_empty() {
                let which = missing
                    .iter()
                    .map(|m| format!("`{}`", crate::rules::invalid_meta_key::short(m)))
                    .collect::<Vec<_>>()
                    .join(", ");
                report.report(
                    &INVALID_SAMPLING_REQUEST,
                    asked,
                    if which.is_empty() {
                        "the tool uses of this assistant message are not answered by the next message".to_owned()
                    } else {
                        format!("the tool use {which} of this assistant message has no matching `tool_result` in the next message")
                    },
                    "follow an assistant message with `tool_use` blocks by a user message with one `tool_result` per use (its `toolUseId`)",
                );
            }
        }
        if role.as_deref() == Some("assistant") {
            let ids: Vec<String> = blocks
                .iter()
                .filter(|b| block_type(**b).as_deref() == Some("tool_use"))
                .filter_map(|b| b.get("id").and_then(Value::as_str))
                .map(Cow::into_owned)
                .collect();
            if !ids.is_empty() {
                open = Some((message, ids));
            }
        }
    }
    if let Some((asked, _)) = open {
        report.report(
            &INVALID_SAMPLING_REQUEST,
            asked,
            "the last message is an assistant message with `tool_use` blocks that no `tool_result` answers",
            "follow an assistant message with `tool_use` blocks by a user message with one `tool_result` per use (its `toolUseId`)",
        );
    }
}

/// Checks a message's `role` and `content`; returns its role.
fn message_shape(
    message: Value<'_>,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) -> Option<String> {
    if message.kind() != ValueKind::Object {
        report.report(
            &INVALID_SAMPLING_REQUEST,
            message,
            format!(
                "a sampling message is {}, not an object",
                message.kind().with_article()
            ),
            "send each message as an object with `role` and `content`",
        );
        return None;
    }
    let role = match message.get("role") {
        None => {
            report.report(
                &INVALID_SAMPLING_REQUEST,
                message,
                "a sampling message has no `role`",
                "send `role`: \"user\" or \"assistant\"",
            );
            None
        }
        Some(r) => {
            let text = r.as_str().map(Cow::into_owned);
            if !matches!(text.as_deref(), Some("user" | "assistant")) {
                let found = text.as_deref().map_or_else(
                    || r.kind().with_article().to_owned(),
                    |t| format!("`{}`", crate::rules::invalid_meta_key::short(t)),
                );
                report.report(
                    &INVALID_SAMPLING_REQUEST,
                    r,
                    format!(
                        "a sampling message's `role` is {found}, not \"user\" or \"assistant\""
                    ),
                    "use \"user\" or \"assistant\" (a system prompt goes in `systemPrompt`)",
                );
            }
            text
        }
    };
    match message.get("content") {
        None => report.report(
            &INVALID_SAMPLING_REQUEST,
            message,
            "a sampling message has no `content`",
            "send the message's `content`",
        ),
        Some(c)
            if c.kind() == ValueKind::Object
                || (c.kind() == ValueKind::Array && version >= ProtocolVersion::V2025_11_25) => {}
        Some(c) => report.report(
            &INVALID_SAMPLING_REQUEST,
            c,
            format!(
                "a sampling message's `content` is {}, not a content block{}",
                c.kind().with_article(),
                if version >= ProtocolVersion::V2025_11_25 {
                    " or an array of them"
                } else {
                    ""
                }
            ),
            "send `content` as a content block object",
        ),
    }
    role
}

/// The content blocks of a message's `content` (one object or an array of them).
fn blocks(content: Option<Value<'_>>) -> Vec<Value<'_>> {
    match content {
        Some(c) if c.kind() == ValueKind::Array => c.items().collect(),
        Some(c) if c.kind() == ValueKind::Object => vec![c],
        _ => Vec::new(),
    }
}

/// The `type` of a content block.
fn block_type(block: Value<'_>) -> Option<String> {
    block
        .get("type")
        .and_then(Value::as_str)
        .map(Cow::into_owned)
}
