use std::borrow::Cow;
use std::fmt::Write as _;

use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::rules::invalid_meta_key::short;
use crate::rules::is_integer;
use crate::tasks::{Status, is_iso8601};

declare_rule! {
    /// A task object (2025-11-25) lacks a required member or has one of the wrong type: `taskId`, `status`, `createdAt`, `lastUpdatedAt`, `ttl`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, every task a receiver sends: the `task` of a
    /// `CreateTaskResult` (the answer to a task-augmented request), the results of
    /// `tasks/get` and `tasks/cancel`, each task of a `tasks/list` result, and the params of
    /// `notifications/tasks/status`. Each is an **error**, at the member (the members
    /// missing from a task are named in one finding, at the task):
    ///
    /// - `taskId` missing or not a string ("Task IDs MUST be a string value");
    /// - `status` missing or not one of `working`, `input_required`, `completed`, `failed`,
    ///   `cancelled`;
    /// - `createdAt` or `lastUpdatedAt` missing, not a string, or not an ISO 8601 timestamp
    ///   (a date such as `2025-11-25`, optionally with a time and a zone:
    ///   `2025-11-25T10:30:00Z`, `2025-11-25T10:30:00.5+02:00`; the basic format
    ///   `20251125T103000Z` is accepted too);
    /// - `ttl` missing, or neither an integer nor `null` (the actual retention in
    ///   milliseconds, `null` for unlimited);
    /// - `pollInterval` present but not an integer, `statusMessage` present but not a
    ///   string.
    ///
    /// A `CreateTaskResult` whose `task` is not an object is reported here too, and so is a
    /// task wrapped in a `task` member where its own members belong (`"params": {"task":
    /// {...}}` in a status notification), once.
    ///
    /// ## Why it matters
    ///
    /// Requestors poll and retrieve a task by its `taskId`, decide when to stop polling from
    /// its `status`, and expire it from `createdAt` and `ttl`. A task without them cannot be
    /// followed: the specification requires `createdAt` and `lastUpdatedAt` in all task
    /// responses and the actual `ttl` in `tasks/get` responses (MUST), and the schema
    /// requires all five members in every task.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":null,"pollInterval":5000}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task ID Requirements" and "TTL and Resource
    ///   Management" (`basic/utilities/tasks.mdx`)
    /// - `Task` and `CreateTaskResult` in the 2025-11-25 schema
    pub(crate) static INVALID_TASK = {
        code: "MCP490",
        name: "invalid-task",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What a task object says, as far as it could be read.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TaskFacts<'d> {
    /// `taskId`, when it is a string.
    pub(crate) id: Option<Value<'d>>,
    /// `status`, when it is one of the five.
    pub(crate) status: Option<(Status, Value<'d>)>,
}

impl<'d> TaskFacts<'d> {
    /// The task id.
    pub(crate) fn id_text(&self) -> Option<Cow<'d, str>> {
        self.id.and_then(Value::as_str)
    }
}

/// The members every task has, with what they say (for messages).
const REQUIRED: [(&str, &str); 5] = [
    ("taskId", "its id"),
    ("status", "its status"),
    ("createdAt", "when it was created"),
    ("lastUpdatedAt", "when it was last updated"),
    (
        "ttl",
        "its actual retention in milliseconds, or `null` for unlimited",
    ),
];

/// Checks a task object (`task`); `what` names it for messages ("the `tasks/get` result").
/// Returns what could be read of it.
pub(crate) fn check<'d>(task: Value<'d>, what: &str, report: &mut Reporter<'_>) -> TaskFacts<'d> {
    let mut facts = TaskFacts::default();
    if task.kind() != ValueKind::Object {
        if task.kind() != ValueKind::Error {
            report.report(
                &INVALID_TASK,
                task,
                format!("{what} is {}, not a task object", task.kind().with_article()),
                "send the task as an object with `taskId`, `status`, `createdAt`, `lastUpdatedAt` and `ttl`",
            );
        }
        return facts;
    }
    // A task wrapped in `task` where its members belong (`{"task": {...}}` as the params of a
    // status notification, or as a `tasks/get` result): one finding, not one per member.
    if task.get("taskId").is_none()
        && task.get("status").is_none()
        && task
            .get("task")
            .is_some_and(|t| t.kind() == ValueKind::Object)
    {
        report.report(
            &INVALID_TASK,
            task.opening(),
            format!("{what} holds a `task` member instead of the task's own members"),
            "send `taskId`, `status`, `createdAt`, `lastUpdatedAt` and `ttl` as members of this object",
        );
        return facts;
    }
    let missing: Vec<(&str, &str)> = REQUIRED
        .iter()
        .copied()
        .filter(|(member, _)| task.get(member).is_none())
        .collect();
    if !missing.is_empty() {
        let mut list = String::new();
        for (i, (member, about)) in missing.iter().enumerate() {
            if i > 0 {
                list.push_str(if i + 1 == missing.len() {
                    " and "
                } else {
                    ", "
                });
            }
            let _ = write!(list, "`{member}` ({about})");
        }
        report.report(
            &INVALID_TASK,
            task.opening(),
            format!("{what} has no {list}"),
            "include `taskId`, `status`, `createdAt`, `lastUpdatedAt` and `ttl` in every task",
        );
    }
    match task.get("taskId") {
        Some(id) if id.kind() == ValueKind::String => facts.id = Some(id),
        Some(id) => report.report(
            &INVALID_TASK,
            id,
            format!("`taskId` is {}, not a string", found(id)),
            "send the task id as a string",
        ),
        None => {}
    }
    if let Some(status) = task.get("status") {
        match status.as_str().as_deref().and_then(Status::parse) {
            Some(s) => facts.status = Some((s, status)),
            None => report.report(
                &INVALID_TASK,
                status,
                format!(
                    "`status` is {}, not one of `working`, `input_required`, `completed`, `failed`, `cancelled`",
                    found(status)
                ),
                "send one of the five task statuses",
            ),
        }
    }
    for member in ["createdAt", "lastUpdatedAt"] {
        let Some(v) = task.get(member) else { continue };
        let problem = match v.as_str() {
            Some(text) if is_iso8601(&text) => continue,
            Some(text) => format!(
                "`{member}` `\"{}\"` is not an ISO 8601 timestamp",
                short(&text)
            ),
            None => format!(
                "`{member}` is {}, not an ISO 8601 timestamp string",
                found(v)
            ),
        };
        report.report(
            &INVALID_TASK,
            v,
            problem,
            "write the timestamp in ISO 8601 (`2025-11-25T10:30:00Z`)",
        );
    }
    if let Some(ttl) = task.get("ttl")
        && !ttl.is_null()
        && !is_integer(ttl)
    {
        report.report(
            &INVALID_TASK,
            ttl,
            format!(
                "`ttl` is {}, not an integer number of milliseconds or `null`",
                found(ttl)
            ),
            "send the actual retention in milliseconds, or `null` for unlimited",
        );
    }
    if let Some(poll) = task.get("pollInterval")
        && !is_integer(poll)
    {
        report.report(
            &INVALID_TASK,
            poll,
            format!(
                "`pollInterval` is {}, not an integer number of milliseconds",
                found(poll)
            ),
            "send the suggested polling interval in milliseconds, or leave it out",
        );
    }
    if let Some(message) = task.get("statusMessage")
        && message.kind() != ValueKind::String
    {
        report.report(
            &INVALID_TASK,
            message,
            format!(
                "`statusMessage` is {}, not a string",
                message.kind().with_article()
            ),
            "send the status message as a string, or leave it out",
        );
    }
    facts
}

/// A value for messages: a string quoted (`"done"`), a number as written (`1.5`), any other
/// value by its kind (`an object`).
pub(crate) fn found(value: Value<'_>) -> String {
    match value.kind() {
        ValueKind::String => value
            .as_str()
            .map_or_else(String::new, |t| format!("`\"{}\"`", short(&t))),
        ValueKind::Number => format!("`{}`", short(value.source())),
        kind => kind.with_article().to_owned(),
    }
}
