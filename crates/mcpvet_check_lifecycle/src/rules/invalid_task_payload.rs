use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::rules::invalid_meta_key::short;

declare_rule! {
    /// A `tasks/result` result (2025-11-25) is not the result type of the request that created the task.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions where the capture shows which request created a task (its
    /// `CreateTaskResult`), a successful `tasks/result` for that task must have the
    /// members the original request's result requires: `content` for a `tools/call` (a
    /// `CallToolResult`), `role`, `content` and `model` for a `sampling/createMessage`
    /// (a `CreateMessageResult`), `action` for an `elicitation/create` (an `ElicitResult`).
    /// A result without them is an **error**, at the result; one that holds the task's state
    /// (`taskId` and `status`, or a `task`) instead is named as such.
    ///
    /// The rest of the payload is judged as it would be for the original request only by
    /// the checks of that request's result; an error answer (the underlying request's
    /// JSON-RPC error, or a protocol error such as an expired task) is not judged.
    ///
    /// ## Why it matters
    ///
    /// "For tasks in a terminal status, receivers MUST return from `tasks/result` exactly
    /// what the underlying request would have returned." A requestor decodes the answer as
    /// the result of its original request: a payload of another shape fails to decode, and
    /// the task's outcome is lost.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"New York"},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":60000}}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"taskId":"t-1","status":"completed","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:50:00Z","ttl":60000,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"New York"},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":60000}}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"72°F, partly cloudy"}],"isError":false,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Retrieving Task Results", "Result Retrieval"
    ///   and "Task Execution Errors" (`basic/utilities/tasks.mdx`)
    pub(crate) static INVALID_TASK_PAYLOAD = {
        code: "MCP497",
        name: "invalid-task-payload",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The result type of a task-augmentable `method` and the members it requires.
fn result_type(method: &str) -> Option<(&'static str, &'static [&'static str])> {
    Some(match method {
        "tools/call" => ("CallToolResult", &["content"]),
        "sampling/createMessage" => ("CreateMessageResult", &["role", "content", "model"]),
        "elicitation/create" => ("ElicitResult", &["action"]),
        _ => return None,
    })
}

/// Checks the `result` of a `tasks/result` for task `id`, which a `method` request created.
pub(crate) fn check(id: &str, method: &str, result: Value<'_>, report: &mut Reporter<'_>) {
    let Some((type_name, required)) = result_type(method) else {
        return;
    };
    if result.kind() != ValueKind::Object {
        return;
    }
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|m| result.get(m).is_none())
        .collect();
    if missing.is_empty() {
        return;
    }
    let state = result.get("task").is_some()
        || (result.get("taskId").is_some() && result.get("status").is_some());
    let message = if state {
        format!(
            "the `tasks/result` result of task `{}` is the task's state, not the `{type_name}` of its `{method}`",
            short(id)
        )
    } else {
        let list = missing
            .iter()
            .map(|m| format!("`{m}`"))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "the `tasks/result` result of task `{}` has no {list}: it is not the `{type_name}` its `{method}` returns",
            short(id)
        )
    };
    report.report(
        &INVALID_TASK_PAYLOAD,
        result.opening(),
        message,
        format!("return from `tasks/result` exactly what the `{method}` would have returned"),
    );
}
