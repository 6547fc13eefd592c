//! The vocabulary of 2025-11-25 tasks (`basic/utilities/tasks.mdx`) that the session state
//! and the task rules share: a task's status, what a tool's listing says about task
//! augmentation, and what the session remembers of each task it saw (compact and owned, like
//! the rest of the session state: spans and lines, never a node of an earlier entry).
use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::Site;
use mcpvet_text::Span;

use crate::key::Key;

/// The `_meta` key that associates a message with a task.
pub(crate) const RELATED_TASK: &str = "io.modelcontextprotocol/related-task";

/// How many tasks of one requestor the session remembers (beyond that, new tasks are not
/// tracked).
pub(crate) const TASK_LIMIT: usize = 4096;
/// How many tools of a listing the session remembers.
pub(crate) const TOOL_LIMIT: usize = 4096;

/// The status of a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    Working,
    InputRequired,
    Completed,
    Failed,
    Cancelled,
}

impl Status {
    /// The status a `status` string names, if it is one.
    pub(crate) fn parse(text: &str) -> Option<Status> {
        Some(match text {
            "working" => Status::Working,
            "input_required" => Status::InputRequired,
            "completed" => Status::Completed,
            "failed" => Status::Failed,
            "cancelled" => Status::Cancelled,
            _ => return None,
        })
    }

    /// The status as the protocol writes it.
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Status::Working => "working",
            Status::InputRequired => "input_required",
            Status::Completed => "completed",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    /// Whether the status is terminal (`completed`, `failed`, `cancelled`).
    pub(crate) const fn is_terminal(self) -> bool {
        matches!(self, Status::Completed | Status::Failed | Status::Cancelled)
    }
}

/// What a message showed of a task's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seen {
    /// A status, as a task object stated it.
    Status(Status),
    /// `tasks/result` returned the task's result: the task was terminal (which terminal
    /// status is not said).
    Returned,
}

impl Seen {
    /// Whether the task was terminal.
    pub(crate) const fn is_terminal(self) -> bool {
        match self {
            Seen::Status(s) => s.is_terminal(),
            Seen::Returned => true,
        }
    }
}

/// One observation of a task's status: what a message showed, and where.
#[derive(Debug, Clone)]
pub(crate) struct Observation {
    pub(crate) seen: Seen,
    /// The index of the message that showed it.
    pub(crate) index: u32,
    pub(crate) line: u32,
    /// The status value (or the `tasks/result` result) that showed it.
    pub(crate) span: Span,
}

/// A complete `tasks/list` listing that left a known task out: where its `tasks` array is.
#[derive(Debug, Clone)]
pub(crate) struct Unlisted {
    pub(crate) index: u32,
    pub(crate) site: Site,
}

/// What the session remembers of one task, under the party that requested it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Task {
    /// The latest observation of its status that the order of the capture establishes.
    pub(crate) last: Option<Observation>,
    /// The `CreateTaskResult` that created it: its line and the span of its `taskId`.
    pub(crate) created: Option<(u32, Span)>,
    /// The method of the request it runs (`tools/call`...), when the capture shows it.
    pub(crate) method: Option<&'static str>,
    /// The progress token of that request, still in flight while the task runs: the
    /// requestor's table it is filed in, and the token.
    pub(crate) token: Option<(Option<Direction>, Key)>,
    /// A complete listing that left it out.
    pub(crate) unlisted: Option<Box<Unlisted>>,
}

/// What a tool's listing says about task-augmented calls (`execution.taskSupport`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Support {
    /// No `execution.taskSupport`: calls must not be task-augmented (the default).
    Absent,
    Forbidden,
    Optional,
    Required,
}

impl Support {
    /// The value of `execution.taskSupport`, if it is one of the three.
    pub(crate) fn parse(text: &str) -> Option<Support> {
        Some(match text {
            "forbidden" => Support::Forbidden,
            "optional" => Support::Optional,
            "required" => Support::Required,
            _ => return None,
        })
    }

    /// Whether a call may be task-augmented.
    pub(crate) const fn allows_task(self) -> bool {
        matches!(self, Support::Optional | Support::Required)
    }

    /// How a message says it: ``"`execution.taskSupport` is `\"forbidden\"`"``.
    pub(crate) const fn describe(self) -> &'static str {
        match self {
            Support::Absent => "no `execution.taskSupport` (forbidden by default)",
            Support::Forbidden => "`execution.taskSupport` `\"forbidden\"`",
            Support::Optional => "`execution.taskSupport` `\"optional\"`",
            Support::Required => "`execution.taskSupport` `\"required\"`",
        }
    }
}

/// A tool of a `tools/list` result: its task support, and where the listing says it (the
/// `taskSupport` value, or the tool's `name` when it has none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ListedTool {
    pub(crate) support: Support,
    pub(crate) at: Span,
}

/// What a request tells about tasks, kept with it until its response.
#[derive(Debug, Clone, Default)]
pub(crate) struct TaskRequest {
    /// A task-augmented `tools/call`, `sampling/createMessage` or `elicitation/create`: the
    /// span of its `params.task`.
    pub(crate) augmented: Option<Span>,
    /// Whether the receiver declared the task capability of the request type (`None`: the
    /// capture does not show its capabilities), and the capability.
    pub(crate) declared: Option<bool>,
    pub(crate) capability: &'static str,
    /// `tools/call`: the tool, as its listing declared it (when the capture shows it and
    /// the server declared `tasks.requests.tools.call`).
    pub(crate) tool: Option<(Box<str>, ListedTool)>,
    /// `tasks/get`, `tasks/result`, `tasks/cancel`: `params.taskId`, and where.
    pub(crate) task_id: Option<(Box<str>, Span)>,
    /// The task the request names in `_meta["io.modelcontextprotocol/related-task"]` (its
    /// response must name it too), and where.
    pub(crate) related: Option<(Box<str>, Span)>,
    /// `tasks/cancel`: the task was already terminal, as this observation showed.
    pub(crate) terminal: Option<Observation>,
    /// `tasks/list` without `cursor`: the first page of a listing.
    pub(crate) first_page: bool,
}

/// Whether `text` is an ISO 8601 date-time: a calendar date (`2025-11-25`, `20251125`),
/// optionally followed by `T` (or a space) and a time (`10:30`, `10:30:00`, `103000`, with a
/// fraction), and an optional zone (`Z`, `+02:00`, `+0200`, `+02`).
pub(crate) fn is_iso8601(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |from: usize, n: usize| {
        b.get(from..from + n)
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    let number = |from: usize, n: usize| -> u32 {
        b[from..from + n]
            .iter()
            .fold(0, |acc, d| acc * 10 + u32::from(d - b'0'))
    };
    // The date, extended or basic.
    let (month_at, day_at, mut i) = if digits(0, 4) && b.get(4) == Some(&b'-') {
        if !(digits(5, 2) && b.get(7) == Some(&b'-') && digits(8, 2)) {
            return false;
        }
        (5, 8, 10)
    } else if digits(0, 8) {
        (4, 6, 8)
    } else {
        return false;
    };
    let (month, day) = (number(month_at, 2), number(day_at, 2));
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return false;
    }
    if i == b.len() {
        return true;
    }
    if !matches!(b[i], b'T' | b't' | b' ') {
        return false;
    }
    i += 1;
    // The time: hours, then minutes and seconds, with or without colons.
    if !digits(i, 2) || number(i, 2) > 24 {
        return false;
    }
    i += 2;
    let extended = b.get(i) == Some(&b':');
    for part in 0..2 {
        let at = if extended {
            if b.get(i) != Some(&b':') {
                break;
            }
            i + 1
        } else {
            i
        };
        if !digits(at, 2) {
            if extended {
                return false;
            }
            break;
        }
        // Seconds up to 60 (a leap second).
        if number(at, 2) > if part == 0 { 59 } else { 60 } {
            return false;
        }
        i = at + 2;
    }
    // A fraction of the last unit.
    if matches!(b.get(i), Some(b'.' | b',')) {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    // The zone.
    match b.get(i) {
        None => true,
        Some(b'Z' | b'z') => i + 1 == b.len(),
        Some(b'+' | b'-') => {
            let rest = &text[i + 1..];
            let rb = rest.as_bytes();
            let all_digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
            match rb.len() {
                2 | 4 => all_digits(rb),
                5 => rb[2] == b':' && all_digits(&rb[..2]) && all_digits(&rb[3..]),
                _ => false,
            }
        }
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso8601_timestamps() {
        for ok in [
            "2025-11-25",
            "2025-11-25T10:30:00Z",
            "2025-11-25T10:30:00.123Z",
            "2025-11-25T10:30:00+02:00",
            "2025-11-25T10:30:00-0500",
            "2025-11-25T10:30Z",
            "2025-11-25t10:30:00z",
            "2025-11-25 10:30:00Z",
            "2025-11-25T10:30:00",
            "20251125T103000Z",
            "20251125T1030",
            "2025-11-25T23:59:60Z",
        ] {
            assert!(is_iso8601(ok), "{ok}");
        }
        for bad in [
            "",
            "yesterday",
            "1764066600",
            "2025-13-01T00:00:00Z",
            "2025-11-25T10:30:00ZZ",
            "2025-11-25T",
            "2025-11-25T10:3",
            "2025-11-25T10:30:",
            "2025-11-25T10:30:00.Z",
            "11/25/2025 10:30",
            "2025-11-25T10:30:00 UTC",
            "2025-11-25T10:30:00+2",
            "Tue, 25 Nov 2025 10:30:00 GMT",
        ] {
            assert!(!is_iso8601(bad), "{bad}");
        }
    }

    #[test]
    fn statuses() {
        for s in [
            Status::Working,
            Status::InputRequired,
            Status::Completed,
            Status::Failed,
            Status::Cancelled,
        ] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        assert_eq!(Status::parse("done"), None);
        assert!(Status::Cancelled.is_terminal() && !Status::InputRequired.is_terminal());
        assert!(Seen::Returned.is_terminal());
        assert!(Support::Optional.allows_task() && !Support::Absent.allows_task());
    }
}
