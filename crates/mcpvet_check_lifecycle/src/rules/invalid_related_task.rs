use std::borrow::Cow;

use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;
use crate::rules::invalid_task::found;
use crate::tasks::RELATED_TASK;

declare_rule! {
    /// A message related to a task (2025-11-25) lacks `_meta["io.modelcontextprotocol/related-task"]`, or the key is not `{"taskId": "…"}`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, each an **error**:
    ///
    /// - a `_meta["io.modelcontextprotocol/related-task"]` (in any request, notification or
    ///   result) that is not an object with a string `taskId`;
    /// - a `tasks/result` result without the key: its payload (a tool result, a sampling or
    ///   elicitation result) does not carry the task id, so the key is what ties it to the
    ///   task;
    /// - the result answering a request that carries the key (such as an
    ///   `elicitation/create` a task needs) without the key, or with another `taskId`: the
    ///   answer is related to the same task. The request's key is a secondary label.
    ///
    /// Which other messages a task needs is not visible in a capture (an elicitation without
    /// the key may be unrelated to any task), so a request or notification without the key
    /// is never flagged. A `tasks/result` result that names another task is MCP495's.
    ///
    /// ## Why it matters
    ///
    /// "All requests, notifications, and responses related to a task MUST include the
    /// `io.modelcontextprotocol/related-task` key in their `_meta` field, with the value set
    /// to an object with a `taskId` matching the associated task ID", and "the `tasks/result`
    /// operation MUST include this metadata in its response". Without it, a requestor that
    /// runs several tasks cannot tell which task an answer belongs to.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"72°F"}],"isError":false}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"72°F"}],"isError":false,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Related Task Metadata" and "Associating
    ///   Task-Related Messages" (`basic/utilities/tasks.mdx`)
    /// - `RelatedTaskMetadata` in the 2025-11-25 schema
    pub(crate) static INVALID_RELATED_TASK = {
        code: "MCP493",
        name: "invalid-related-task",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The value of the related-task key in the `_meta` of `object` (a message's `params` or
/// `result`), if any.
pub(crate) fn key_of(object: Value<'_>) -> Option<Value<'_>> {
    object
        .get("_meta")
        .filter(|m| m.kind() == ValueKind::Object)
        .and_then(|m| m.get(RELATED_TASK))
}

/// Checks the value of a related-task key (`value`): an object with a string `taskId`.
/// Returns the task id.
pub(crate) fn check_shape<'d>(value: Value<'d>, report: &mut Reporter<'_>) -> Option<Cow<'d, str>> {
    if value.kind() == ValueKind::Error {
        return None;
    }
    if value.kind() != ValueKind::Object {
        report.report(
            &INVALID_RELATED_TASK,
            value,
            format!(
                "`_meta[\"{RELATED_TASK}\"]` is {}, not an object with a `taskId`",
                found(value)
            ),
            "send `{\"taskId\": \"…\"}` with the id of the task",
        );
        return None;
    }
    match value.get("taskId") {
        Some(id) if id.kind() == ValueKind::String => id.as_str(),
        Some(id) => {
            report.report(
                &INVALID_RELATED_TASK,
                id,
                format!(
                    "the `taskId` of `_meta[\"{RELATED_TASK}\"]` is {}, not a string",
                    found(id)
                ),
                "send the task id as a string",
            );
            None
        }
        None => {
            report.report(
                &INVALID_RELATED_TASK,
                value.opening(),
                format!("`_meta[\"{RELATED_TASK}\"]` has no `taskId`"),
                "send `{\"taskId\": \"…\"}` with the id of the task",
            );
            None
        }
    }
}

/// Checks the `result` of a `tasks/result` request for task `id`: it must carry the key.
pub(crate) fn check_payload(id: &str, result: Value<'_>, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object || key_of(result).is_some() {
        return;
    }
    let id = short(id);
    report.report(
        &INVALID_RELATED_TASK,
        result.opening(),
        format!(
            "the `tasks/result` result has no `_meta[\"{RELATED_TASK}\"]`; it must name task `{id}`"
        ),
        format!("add `\"_meta\": {{\"{RELATED_TASK}\": {{\"taskId\": \"{id}\"}}}}` to the result"),
    );
}

/// Checks the `result` answering a `method` request that named task `id` in its related-task
/// key (at `request`): the answer must name the same task.
pub(crate) fn check_answer(
    method: &str,
    id: &str,
    result: Value<'_>,
    request: Span,
    report: &mut Reporter<'_>,
) {
    if result.kind() != ValueKind::Object {
        return;
    }
    let wanted = id;
    let id = short(id);
    let (at, message) = match key_of(result) {
        None => (
            result.opening(),
            format!(
                "the `{method}` result has no `_meta[\"{RELATED_TASK}\"]`, although its request is related to task `{id}`"
            ),
        ),
        Some(key) => match key.get("taskId").and_then(Value::as_str) {
            Some(other) if other != wanted => (
                key.get("taskId").map_or(key.span(), Value::span),
                format!(
                    "the `{method}` result is related to task `{}`, but its request to task `{id}`",
                    short(&other)
                ),
            ),
            // Matching, or malformed (reported by `check_shape`).
            _ => return,
        },
    };
    let d = INVALID_RELATED_TASK
        .diagnostic_at(at, message)
        .with_help(format!(
            "answer a request related to a task with `\"_meta\": {{\"{RELATED_TASK}\": {{\"taskId\": \"{id}\"}}}}`"
        ))
        .with_secondary(Label::with_message(request, "the request's related task"));
    report.push(d);
}
