//! 2025-11-25 tasks (`basic/utilities/tasks.mdx`): what a task-augmented request, a
//! `CreateTaskResult`, the `tasks/*` operations and `notifications/tasks/status` do to the
//! session's tasks, and the task rules they meet on the way.
//!
//! Tasks are filed under the party that requested them (the sender of the task-augmented
//! request): each receiver has its own task ids. Every status a message shows is an
//! observation, compared with the latest one only when the capture's order proves it came
//! after: a notification after it, or the answer to a request sent after it (the answer to a
//! request already in flight may have been computed earlier).

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashSet, HashSetExt as _};

use mcpvet_ast::transcript::{Direction, ProtocolVersion};
use mcpvet_diagnostics::Site;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use super::{Cx, Kind, View};
use crate::by_direction::{ByDirection, C2S, S2C};
use crate::caps;
use crate::key::Key;
use crate::rules::invalid_task::TaskFacts;
use crate::rules::{
    duplicate_task_id, failed_task_without_message, invalid_related_task, invalid_task,
    invalid_task_cancellation, invalid_task_payload, invalid_task_transition,
    redundant_related_task, task_id_mismatch, task_missing_from_list, task_not_created,
    tool_task_support_not_enforced, tool_task_support_violated, undeclared_task_created,
};
use crate::session::{Pending, Session, Token};
use crate::tasks::{
    ListedTool, Observation, Seen, Support, TASK_LIMIT, TOOL_LIMIT, Task, TaskRequest, Unlisted,
};

/// How many tokens of tasks that reached a terminal status are remembered.
const DONE_TASK_TOKENS: usize = 64;

/// The methods a 2025-11-25 request may augment with a task, with their usual sender.
fn augmentable(method: &str) -> Option<(&'static str, Option<Direction>)> {
    Some(match method {
        "tools/call" => ("tools/call", C2S),
        "sampling/createMessage" => ("sampling/createMessage", S2C),
        "elicitation/create" => ("elicitation/create", S2C),
        _ => return None,
    })
}

/// The task `id` of `requestor` (a party's table, or the unknown sender's; every table when
/// the requestor is unknown), to change.
fn find_mut<'t>(
    tasks: &'t mut ByDirection<HashMap<Box<str>, Task>>,
    requestor: Option<Direction>,
    id: &str,
) -> Option<&'t mut Task> {
    tasks
        .own_mut(requestor)
        .find_map(|(_, table)| table.get_mut(id))
}

/// Where an observation is, and what the capture's order says of it.
#[derive(Debug, Clone, Copy)]
struct At {
    /// The index of the earliest message it may reflect: the request a response answers, or
    /// the notification itself.
    lower: u32,
    span: Span,
    /// Whether a status change it shows is judged (MCP491).
    judge: bool,
}

impl Session {
    /// Whether the session follows 2025-11-25, the version whose core has tasks.
    pub(crate) fn has_tasks(&self) -> bool {
        self.version == ProtocolVersion::V2025_11_25
    }

    /// Checks the related-task keys of a message (its `params` and `result`).
    pub(super) fn related_task_shapes(&self, cx: &mut Cx<'_, '_>, v: &View<'_>) {
        if !self.has_tasks() || !v.wire {
            return;
        }
        for node in [v.params, v.result].into_iter().flatten() {
            if let Some(key) = invalid_related_task::key_of(cx.doc.value(node)) {
                invalid_related_task::check_shape(key, &mut cx.report);
            }
        }
    }

    /// What a `name` request (its `params`, going `direction`) tells about tasks, kept with
    /// it until its answer; checks the request on the way.
    pub(super) fn task_request(
        &self,
        cx: &mut Cx<'_, '_>,
        name: &str,
        params: Option<Value<'_>>,
        direction: Option<Direction>,
    ) -> Option<Box<TaskRequest>> {
        if !self.has_tasks() {
            return None;
        }
        let mut t = TaskRequest::default();
        let mut keep = false;
        if let Some(p) = params
            && let Some(key) = invalid_related_task::key_of(p)
        {
            if redundant_related_task::in_request(name) {
                redundant_related_task::check(p, &format!("the `{name}` request"), &mut cx.report);
            } else if let Some(id) = key.get("taskId").and_then(Value::as_str) {
                t.related = Some((id.as_ref().into(), key.span()));
                keep = true;
            }
        }
        match name {
            "tools/call" | "sampling/createMessage" | "elicitation/create" => {
                let (_, sender) = augmentable(name)?;
                if direction.is_some() && direction != sender {
                    return keep.then(|| Box::new(t));
                }
                let (receiver, cap) = match name {
                    "tools/call" => (self.server_caps, caps::S_TASKS_TOOLS_CALL),
                    "sampling/createMessage" => (self.client_caps, caps::C_TASKS_SAMPLING),
                    _ => (self.client_caps, caps::C_TASKS_ELICITATION),
                };
                t.capability = cap.name;
                t.declared = receiver.map(|c| c.has(cap));
                if let Some(task) = params.and_then(|p| p.get("task")) {
                    t.augmented = Some(task.span());
                    keep = true;
                }
                if name == "tools/call"
                    && t.declared == Some(true)
                    && let Some(tool) = params.and_then(|p| p.get("name"))
                    && let Some(text) = tool.as_str()
                    && let Some(listed) = self.listed_tools.get(text.as_ref())
                {
                    tool_task_support_violated::check(
                        &text,
                        listed.support,
                        listed.at,
                        t.augmented,
                        tool,
                        &mut cx.report,
                    );
                    t.tool = Some((text.as_ref().into(), *listed));
                    keep = true;
                }
            }
            "tasks/get" | "tasks/result" | "tasks/cancel" => {
                if let Some(id) = params.and_then(|p| p.get("taskId"))
                    && let Some(text) = id.as_str()
                {
                    if name == "tasks/cancel" {
                        t.terminal = self
                            .tasks
                            .own(direction)
                            .find_map(|(_, table)| table.get(text.as_ref()))
                            .and_then(|task| task.last.clone())
                            .filter(|last| last.seen.is_terminal());
                    }
                    t.task_id = Some((text.as_ref().into(), id.span()));
                    keep = true;
                }
            }
            "tasks/list" => {
                t.first_page = params.and_then(|p| p.get("cursor")).is_none();
                keep = true;
            }
            _ => {}
        }
        keep.then(|| Box::new(t))
    }

    /// The progress token of the task-augmented request `key` of `sender`, still waiting,
    /// and its state: read before the answer retires it, so that a `CreateTaskResult` can
    /// keep it in flight.
    pub(super) fn task_token(&self, sender: Option<Direction>, key: &Key) -> Option<(Key, Token)> {
        if !self.has_tasks() {
            return None;
        }
        let pending = self.pending.of(sender).get(key)?;
        pending.task.as_ref()?.augmented?;
        let token = pending.token.clone()?;
        let state = self.tokens.of(sender).get(&token)?.clone();
        Some((token, state))
    }

    /// The answer `v` to the request `pending` of `sender`: a tool listing (the tools' task
    /// support), the answer to a task-augmented request, or to a `tasks/*` operation.
    /// `token` is the request's progress token, read before the answer retired it.
    pub(super) fn task_answer(
        &mut self,
        cx: &mut Cx<'_, '_>,
        v: &View<'_>,
        pending: &Pending,
        sender: Option<Direction>,
        token: Option<(Key, Token)>,
    ) {
        if !self.has_tasks() {
            return;
        }
        let doc = cx.doc;
        let name = pending.method.name();
        let result = v
            .result
            .filter(|_| v.wire && v.kind == Kind::Response)
            .map(|r| doc.value(r))
            .filter(|r| r.kind() == ValueKind::Object);
        if name == "tools/list" {
            if let Some(r) = result {
                self.learn_tools(r);
            }
            return;
        }
        let Some(t) = pending.task.as_deref() else {
            return;
        };
        if let (Some((id, at)), Some(r)) = (&t.related, result) {
            invalid_related_task::check_answer(name, id, r, *at, &mut cx.report);
        }
        let error = v.error.filter(|_| v.wire).map(|e| {
            (
                e.code.and_then(|c| c.value),
                e.code.map_or(v.span, |c| c.span(doc)),
            )
        });
        match name {
            "tools/call" | "sampling/createMessage" | "elicitation/create" => {
                self.augmented_answer(cx, pending, t, sender, result, error, token);
            }
            "tasks/get" | "tasks/cancel" => {
                self.task_state_answer(cx, name, pending, t, sender, result, error);
            }
            "tasks/result" => {
                if let (Some(r), Some((id, at))) = (result, &t.task_id) {
                    self.task_result_answer(cx, pending, sender, id, *at, r);
                }
            }
            "tasks/list" => {
                if let Some(r) = result {
                    self.task_list_answer(cx, pending, t, sender, r);
                }
            }
            _ => {}
        }
    }

    /// Remembers the task support of each tool of a `tools/list` result.
    fn learn_tools(&mut self, result: Value<'_>) {
        let Some(tools) = result.get("tools") else {
            return;
        };
        for tool in tools.items() {
            let Some(name) = tool.get("name") else {
                continue;
            };
            let Some(text) = name.as_str() else {
                continue;
            };
            let declared = tool
                .get("execution")
                .filter(|e| e.kind() == ValueKind::Object)
                .and_then(|e| e.get("taskSupport"));
            let listed = match declared {
                None => ListedTool {
                    support: Support::Absent,
                    at: name.span(),
                },
                Some(value) => {
                    let Some(support) = value.as_str().as_deref().and_then(Support::parse) else {
                        // A value of no known meaning is judged by nobody.
                        self.listed_tools.remove(text.as_ref());
                        continue;
                    };
                    ListedTool {
                        support,
                        at: value.span(),
                    }
                }
            };
            if self.listed_tools.len() < TOOL_LIMIT || self.listed_tools.contains_key(text.as_ref())
            {
                self.listed_tools.insert(text.as_ref().into(), listed);
            }
        }
    }

    /// The answer to a `tools/call`, `sampling/createMessage` or `elicitation/create` that
    /// the request `t` describes.
    #[expect(
        clippy::too_many_arguments,
        reason = "the parts of one answer, read once by the caller"
    )]
    fn augmented_answer(
        &mut self,
        cx: &mut Cx<'_, '_>,
        pending: &Pending,
        t: &TaskRequest,
        sender: Option<Direction>,
        result: Option<Value<'_>>,
        error: Option<(Option<i64>, Span)>,
        token: Option<(Key, Token)>,
    ) {
        let name = pending.method.name();
        if let Some((tool, listed)) = &t.tool {
            let answer = match (result, error) {
                (Some(r), _) => Some((
                    tool_task_support_not_enforced::Answer::Result,
                    Site::from(r.opening()),
                )),
                (None, Some((code, at))) => Some((
                    tool_task_support_not_enforced::Answer::Error(code),
                    Site::from(at),
                )),
                (None, None) => None,
            };
            if let Some((answer, at)) = answer {
                tool_task_support_not_enforced::check(
                    tool,
                    listed.support,
                    t.augmented.is_some(),
                    answer,
                    at,
                    pending.span,
                    &mut cx.report,
                );
            }
        }
        let (Some(request_task), Some(r)) = (t.augmented, result) else {
            return;
        };
        let Some(task) = r.get("task") else {
            // Not a task: wrong when the receiver declared the capability (for a tool, one
            // whose listing allows tasks: another gets -32601, MCP487).
            if t.declared == Some(true)
                && (name != "tools/call"
                    || t.tool
                        .as_ref()
                        .is_some_and(|(_, l)| l.support.allows_task()))
            {
                task_not_created::check(name, t.capability, r, request_task, &mut cx.report);
            }
            return;
        };
        if t.declared == Some(false) {
            let (party, source) = if name == "tools/call" {
                ("server", self.server_caps_source)
            } else {
                ("client", "the client's `initialize` request")
            };
            undeclared_task_created::report(
                name,
                party,
                t.capability,
                source,
                task,
                request_task,
                &mut cx.report,
            );
        }
        let facts =
            invalid_task::check(task, "the `task` of the `CreateTaskResult`", &mut cx.report);
        self.create_task(cx, pending, sender, facts, token);
    }

    /// A `CreateTaskResult` whose task says `facts` created a task for the request `pending`
    /// of `requestor`.
    fn create_task(
        &mut self,
        cx: &mut Cx<'_, '_>,
        pending: &Pending,
        requestor: Option<Direction>,
        facts: TaskFacts<'_>,
        token: Option<(Key, Token)>,
    ) {
        let (Some(id_value), Some(id)) = (facts.id, facts.id_text()) else {
            return;
        };
        let id = id.as_ref();
        if !self.tasks.own(requestor).any(|(_, t)| t.contains_key(id)) {
            let table = self.tasks.of_mut(requestor);
            if table.len() >= TASK_LIMIT {
                return;
            }
            table.insert(id.into(), Task::default());
        }
        let Some(task) = find_mut(&mut self.tasks, requestor, id) else {
            return;
        };
        if let Some((line, first)) = task.created
            && !task.last.as_ref().is_some_and(|o| o.seen.is_terminal())
        {
            duplicate_task_id::report(id, id_value, line, first, &mut cx.report);
        }
        // A new task under a reused id: the earlier one was created too, or seen terminal
        // before this task's request was sent.
        if task.created.is_some()
            || task
                .last
                .as_ref()
                .is_some_and(|o| o.seen.is_terminal() && o.index < pending.index)
        {
            *task = Task::default();
        }
        task.created = Some((cx.line, id_value.span()));
        task.method = augmentable(pending.method.name()).map(|(m, _)| m);
        // The request's progress token stays valid while the task runs.
        if let Some((key, state)) = token {
            if let Some(at) = self
                .done_tokens
                .iter()
                .rposition(|(t, line)| *t == key && *line == cx.line)
            {
                self.done_tokens.remove(at);
            }
            self.tokens.of_mut(requestor).insert(key.clone(), state);
            task.token = Some((requestor, key));
        }
        if let Some((status, at)) = facts.status {
            invalid_task_transition::check_initial(id, status, at, &mut cx.report);
            let at = At {
                lower: pending.index,
                span: at.span(),
                judge: true,
            };
            self.observe(cx, requestor, id, Seen::Status(status), at);
        }
    }

    /// The answer to a `tasks/get` or `tasks/cancel` (`name`) that the request `t` of
    /// `requestor` describes.
    #[expect(
        clippy::too_many_arguments,
        reason = "the parts of one answer, read once by the caller"
    )]
    fn task_state_answer(
        &mut self,
        cx: &mut Cx<'_, '_>,
        name: &str,
        pending: &Pending,
        t: &TaskRequest,
        requestor: Option<Direction>,
        result: Option<Value<'_>>,
        error: Option<(Option<i64>, Span)>,
    ) {
        let Some((requested, request_at)) = &t.task_id else {
            return;
        };
        let cancel = name == "tasks/cancel";
        let Some(r) = result else {
            if let (true, Some(before), Some((code, at))) = (cancel, &t.terminal, error) {
                invalid_task_cancellation::check_terminal(
                    requested,
                    before,
                    invalid_task_cancellation::Answer::Error(code),
                    at,
                    &mut cx.report,
                );
            }
            return;
        };
        redundant_related_task::check(r, &format!("the `{name}` result"), &mut cx.report);
        let facts = invalid_task::check(r, &format!("the `{name}` result"), &mut cx.report);
        let mut judge = true;
        if cancel {
            if let Some(before) = &t.terminal {
                judge = !invalid_task_cancellation::check_terminal(
                    requested,
                    before,
                    invalid_task_cancellation::Answer::Result,
                    r.opening(),
                    &mut cx.report,
                );
            } else if let Some((status, at)) = facts.status {
                invalid_task_cancellation::check_status(requested, status, at, &mut cx.report);
            }
        }
        let (Some(id_value), Some(id)) = (facts.id, facts.id_text()) else {
            return;
        };
        if *id != **requested {
            task_id_mismatch::check(name, requested, &id, id_value, *request_at, &mut cx.report);
            return;
        }
        let Some((status, at)) = facts.status else {
            return;
        };
        if !cancel && status == crate::tasks::Status::Failed {
            failed_task_without_message::check(&id, r, at, &mut cx.report);
        }
        let at = At {
            lower: pending.index,
            span: at.span(),
            judge,
        };
        self.observe(cx, requestor, &id, Seen::Status(status), at);
        if !cancel
            && let Some(task) = find_mut(&mut self.tasks, requestor, &id)
            && let Some(unlisted) = task.unlisted.take_if(|u| pending.index > u.index)
        {
            task_missing_from_list::report(
                &id,
                unlisted.site,
                cx.line,
                id_value.span(),
                &mut cx.report.message(unlisted.index),
            );
        }
    }

    /// The result `r` of a `tasks/result` for task `id` (requested at `request_at`).
    fn task_result_answer(
        &mut self,
        cx: &mut Cx<'_, '_>,
        pending: &Pending,
        requestor: Option<Direction>,
        id: &str,
        request_at: Span,
        r: Value<'_>,
    ) {
        invalid_related_task::check_payload(id, r, &mut cx.report);
        if let Some(key) = invalid_related_task::key_of(r)
            && let Some(named) = key.get("taskId")
            && let Some(text) = named.as_str()
        {
            task_id_mismatch::check("tasks/result", id, &text, named, request_at, &mut cx.report);
        }
        let method = self
            .tasks
            .own(requestor)
            .find_map(|(_, table)| table.get(id))
            .and_then(|task| task.method);
        if let Some(method) = method {
            invalid_task_payload::check(id, method, r, &mut cx.report);
        }
        let at = At {
            lower: pending.index,
            span: r.opening(),
            judge: true,
        };
        self.observe(cx, requestor, id, Seen::Returned, at);
    }

    /// The result `r` of a `tasks/list` that the request `t` of `requestor` describes.
    fn task_list_answer(
        &mut self,
        cx: &mut Cx<'_, '_>,
        pending: &Pending,
        t: &TaskRequest,
        requestor: Option<Direction>,
        r: Value<'_>,
    ) {
        redundant_related_task::check(r, "the `tasks/list` result", &mut cx.report);
        let Some(tasks) = r.get("tasks").filter(|t| t.kind() == ValueKind::Array) else {
            return;
        };
        let mut listed: HashSet<Box<str>> = HashSet::new();
        for item in tasks.items() {
            let facts =
                invalid_task::check(item, "a task of the `tasks/list` result", &mut cx.report);
            let Some(id) = facts.id_text() else {
                continue;
            };
            if let Some((status, at)) = facts.status {
                let at = At {
                    lower: pending.index,
                    span: at.span(),
                    judge: true,
                };
                self.observe(cx, requestor, &id, Seen::Status(status), at);
            }
            listed.insert(id.as_ref().into());
        }
        // A complete listing in one page: the tasks known before it that it leaves out.
        if t.first_page && r.get("nextCursor").is_none() {
            let site = Site::new(tasks.span(), Some(tasks.path()));
            for (_, table) in self.tasks.own_mut(requestor) {
                for (id, task) in table.iter_mut() {
                    let known_before = task.last.as_ref().is_some_and(|o| o.index < pending.index);
                    if known_before && task.unlisted.is_none() && !listed.contains(id) {
                        task.unlisted = Some(Box::new(Unlisted {
                            index: cx.index,
                            site: site.clone(),
                        }));
                    }
                }
            }
        }
    }

    /// A `notifications/tasks/status` going `direction`, with its `params`.
    pub(super) fn task_status(
        &mut self,
        cx: &mut Cx<'_, '_>,
        direction: Option<Direction>,
        params: Option<Value<'_>>,
    ) {
        if !self.has_tasks() {
            return;
        }
        let Some(p) = params else { return };
        redundant_related_task::check(p, "`notifications/tasks/status`", &mut cx.report);
        let facts = invalid_task::check(
            p,
            "the task of `notifications/tasks/status`",
            &mut cx.report,
        );
        let (Some(id), Some((status, at))) = (facts.id_text(), facts.status) else {
            return;
        };
        let at = At {
            lower: cx.index,
            span: at.span(),
            judge: true,
        };
        let requestor = direction.map(Direction::opposite);
        self.observe(cx, requestor, &id, Seen::Status(status), at);
    }

    /// Records what a message shows of task `id` of `requestor` (`seen`, at `at`): judged
    /// against the latest observation when the capture's order proves it came after, and
    /// kept unless it may be older than a terminal status already seen. A terminal status
    /// retires the task's progress token.
    fn observe(
        &mut self,
        cx: &mut Cx<'_, '_>,
        requestor: Option<Direction>,
        id: &str,
        seen: Seen,
        at: At,
    ) {
        if !self.tasks.own(requestor).any(|(_, t)| t.contains_key(id)) {
            let table = self.tasks.of_mut(requestor);
            if table.len() >= TASK_LIMIT {
                return;
            }
            table.insert(id.into(), Task::default());
        }
        let Some(task) = find_mut(&mut self.tasks, requestor, id) else {
            return;
        };
        let now = Observation {
            seen,
            index: cx.index,
            line: cx.line,
            span: at.span,
        };
        match &task.last {
            Some(before) if before.seen.is_terminal() => {
                if at.lower <= before.index {
                    // May have been computed before the terminal status: not compared.
                    return;
                }
                if at.judge {
                    invalid_task_transition::check(id, before, seen, at.span, &mut cx.report);
                }
                // A terminal status says more than "`tasks/result` returned".
                if !(seen == Seen::Returned && matches!(before.seen, Seen::Status(_))) {
                    task.last = Some(now);
                }
            }
            _ => task.last = Some(now),
        }
        if seen.is_terminal()
            && let Some((sender, key)) = task.token.take()
        {
            self.tokens.of_mut(sender).remove(&key);
            if self.task_done_tokens.len() == DONE_TASK_TOKENS {
                self.task_done_tokens.pop_front();
            }
            self.task_done_tokens.push_back((key, cx.line, id.into()));
        }
    }
}
