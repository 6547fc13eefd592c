//! One session (one connection between a client and a server) and the compact state the
//! checker keeps for it across entries: pending requests and used ids per sender, declared
//! capabilities, the handshake and the negotiated version, progress tokens, subscriptions,
//! and the phase. Nothing here refers to nodes of an earlier entry, and nothing here judges
//! a message: the message flow ([`crate::flow`]) reads and updates this state, and the rules
//! judge what it says.
use std::collections::VecDeque;

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashMapExt as _, HashSet, HashSetExt as _};

use mcpvet_ast::transcript::{Direction, ProtocolVersion};
use mcpvet_diagnostics::{Findings, JsonPath, Reporter};
use mcpvet_json::{JsonDocument, Value};
use mcpvet_text::Span;

use crate::by_direction::{ByDirection, C2S, S2C};
use crate::caps::Caps;
use crate::catalog::{self, MethodInfo, Milestone};
use crate::key::{Key, UsedIds};
use crate::listen::Filter;
use crate::phase::{Init, Tracker};
use crate::rules::capability_not_declared::Ungated;
use crate::tasks::{ListedTool, Task, TaskRequest};

/// How many findings about requests before `initialize` are held back until an `initialize`
/// shows that they were premature (beyond that, they are dropped).
const PRE_INIT_LIMIT: usize = 256;
/// How many completed progress tokens are remembered (to say "after the final response").
const DONE_TOKENS: usize = 64;

/// The method of a pending request.
#[derive(Debug, Clone)]
pub(crate) enum Method {
    Known(&'static MethodInfo),
    Other(Box<str>),
}

impl Method {
    pub(crate) fn of(name: &str) -> Method {
        catalog::method(name).map_or_else(|| Method::Other(name.into()), Method::Known)
    }

    pub(crate) fn name(&self) -> &str {
        match self {
            Method::Known(info) => info.name,
            Method::Other(name) => name,
        }
    }

    pub(crate) fn milestone(&self) -> Option<Milestone> {
        match self {
            Method::Known(info) => info.milestone,
            Method::Other(_) => None,
        }
    }

    pub(crate) fn is(&self, name: &str) -> bool {
        self.name() == name
    }
}

/// A request waiting for its response.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    pub(crate) method: Method,
    pub(crate) line: u32,
    pub(crate) index: u32,
    pub(crate) span: Span,
    /// Further requests with the same id still waiting (a duplicate id).
    pub(crate) extra: u32,
    pub(crate) token: Option<Key>,
    pub(crate) cancelled: bool,
    /// Not reported when unanswered (a notification sent as a request, a listen stream).
    pub(crate) exempt: bool,
    /// 2026: the capabilities the request declared.
    pub(crate) client_caps: Option<Caps>,
    /// 2026: the request asked for log messages.
    pub(crate) log_level: bool,
    /// 2026: `params.name`/`params.uri` of a request that may get `input_required`.
    pub(crate) target: Option<Box<str>>,
    /// Row of the `--messages` listing.
    pub(crate) row: Option<usize>,
    /// The request was sent without the capability that gates it (reported): a result
    /// answering it is reported too.
    pub(crate) ungated: Option<Box<Ungated>>,
    /// The JSON path of `span`, for a finding reported after the document is gone (the end
    /// of a streamed capture).
    pub(crate) path: Option<JsonPath>,
    /// 2025-11-25: what the request tells about tasks (a task-augmented request, a `tasks/*`
    /// operation, a related task), for its answer.
    pub(crate) task: Option<Box<TaskRequest>>,
}

/// The JSON path of the node at `span`, kept for a finding reported later: at the end of a
/// streamed capture, the message's document is gone.
pub(crate) fn path_at(doc: &JsonDocument<'_>, span: Span) -> Option<JsonPath> {
    doc.node_at(span.start).map(Value::path)
}

impl Session {
    /// Finds the JSON paths of the requests still pending that `doc` holds, before it is
    /// dropped: a finding at the end of the capture (an unanswered request) needs them.
    pub(crate) fn document_done(&mut self, doc: &JsonDocument<'_>) {
        for (direction, key) in self.unpathed.drain(..) {
            if let Some(p) = self.pending.of_mut(direction).get_mut(&key)
                && p.path.is_none()
            {
                p.path = path_at(doc, p.span);
            }
        }
    }
}

/// A request remembered for a finding about it that only a later message (or the end of the
/// capture) can settle.
#[derive(Debug, Clone)]
pub(crate) struct Held {
    pub(crate) index: u32,
    pub(crate) span: Span,
    pub(crate) method: Box<str>,
    pub(crate) path: Option<JsonPath>,
}

/// A progress token of an in-flight request.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub(crate) line: u32,
    pub(crate) last: Option<f64>,
}

/// A 2026 `subscriptions/listen` stream.
#[derive(Debug, Clone, Default)]
pub(crate) struct Subscription {
    /// What the listen request asked for.
    pub(crate) requested: Filter,
    /// The notification types its acknowledgement granted (none yet: `None`).
    pub(crate) acknowledged: Option<u8>,
}

impl Subscription {
    /// The stream a `subscriptions/listen` request with `params` opens.
    pub(crate) fn listen(params: Option<Value<'_>>) -> Subscription {
        Subscription {
            requested: params
                .and_then(|p| p.get("notifications"))
                .map(Filter::of)
                .unwrap_or_default(),
            acknowledged: None,
        }
    }
}

/// An `input_required` result waiting for its retry.
#[derive(Debug, Clone)]
pub(crate) struct Outstanding {
    /// The method of the request it answered, and that request's `params.name` (or
    /// `params.uri`), id and line.
    pub(crate) method: &'static str,
    pub(crate) name: Option<Box<str>>,
    pub(crate) id: Key,
    pub(crate) line: u32,
    /// The `requestState` of the result, and the keys of its `inputRequests`.
    pub(crate) state: Option<Box<str>>,
    pub(crate) keys: Vec<Box<str>>,
    /// Where the result says `input_required` (its `resultType`).
    pub(crate) result: Span,
}

/// Counts of one session.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Counts {
    pub(crate) requests: usize,
    pub(crate) responses: usize,
    pub(crate) notifications: usize,
    pub(crate) unpaired: usize,
}

/// One session.
#[derive(Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one session, not a state machine"
)]
pub(crate) struct Session {
    pub(crate) server: Option<Box<str>>,
    pub(crate) version: ProtocolVersion,
    pub(crate) traffic: bool,
    /// The capture shows the server being started (a launch line, a transport opening)
    /// before this session's messages: it holds the session from its start.
    pub(crate) launched: bool,
    pub(crate) closed: bool,
    /// The exit code of the server process, when the capture shows it exiting with one.
    pub(crate) exit_code: Option<i64>,
    pub(crate) phase: Tracker,
    pub(crate) counts: Counts,
    pub(crate) init: Init,
    pub(crate) init_key: Option<Key>,
    pub(crate) requested_version: Option<Box<str>>,
    pub(crate) negotiated: Option<Box<str>>,
    pub(crate) initialized: bool,
    /// First client request after a successful `initialize` while `initialized` is missing.
    pub(crate) unready: Option<Held>,
    /// The successful `initialize` response (its `result`): where a missing
    /// `notifications/initialized` is reported.
    pub(crate) init_answer: Option<Held>,
    /// Findings held back until an `initialize` shows the requests were premature.
    pub(crate) pre_init: Findings,
    /// First client request of a session without `initialize` so far.
    pub(crate) first_pre_init: Option<Held>,
    pub(crate) client_caps: Option<Caps>,
    pub(crate) server_caps: Option<Caps>,
    pub(crate) server_caps_source: &'static str,
    /// The tasks extension was declared by either side (2026).
    pub(crate) tasks_extension: bool,
    /// The server answered `server/discover` with a result: it serves 2026-07-28.
    pub(crate) modern_server: bool,
    /// `server/discover` and 2026-07-28 results of the server, for MCP454: where the server
    /// refused `server/discover` with "method not found", where it first answered with a
    /// `resultType`, and whether the contradiction was reported.
    pub(crate) discover_refused: Option<Span>,
    pub(crate) modern_answer: Option<Span>,
    pub(crate) discover_reported: bool,
    pub(crate) pending: ByDirection<HashMap<Key, Pending>>,
    /// The requests made pending since the document was last done with, whose JSON path is
    /// still to be found ([`Session::document_done`]).
    pub(crate) unpathed: Vec<(Option<Direction>, Key)>,
    pub(crate) used: ByDirection<UsedIds>,
    pub(crate) tokens: ByDirection<HashMap<Key, Token>>,
    /// 2025-11-25: the task-augmented requests (`params.task`) each party sent, with their
    /// lines; they are cancelled with `tasks/cancel` (MCP444).
    pub(crate) task_requests: ByDirection<HashMap<Key, u32>>,
    pub(crate) done_tokens: VecDeque<(Key, u32)>,
    /// 2025-11-25: the tasks each party requested (filed under the requestor), by task id.
    pub(crate) tasks: ByDirection<HashMap<Box<str>, Task>>,
    /// 2025-11-25: the task support of each tool the `tools/list` results listed.
    pub(crate) listed_tools: HashMap<Box<str>, ListedTool>,
    /// 2025-11-25: the progress tokens of tasks that reached a terminal status, with the
    /// line that showed it and the task id.
    pub(crate) task_done_tokens: VecDeque<(Key, u32, Box<str>)>,
    pub(crate) subscriptions: HashMap<Key, Subscription>,
    pub(crate) outstanding: Vec<Outstanding>,
    pub(crate) subscribed: Vec<Box<str>>,
    pub(crate) cursors: HashSet<Box<str>>,
    pub(crate) list_seen: bool,
    pub(crate) log_level_in_flight: u32,
    /// The capture holds the session from its first request (`initialize`, or a 2026
    /// `server/discover`): every result of the session is in it.
    pub(crate) from_start: bool,
    /// `logging/setLevel` requests with a level outside RFC 5424, by sender and id.
    pub(crate) invalid_levels: Vec<(Option<Direction>, Key)>,
    /// 2026 client requests without the required `_meta` (MCP431), by id, with the span of
    /// their method: a result answering one is MCP418's.
    pub(crate) missing_meta: Vec<(Key, Span)>,
    /// 2026 retries whose `inputResponses` left out keys the server asked for, by id: the
    /// keys left out (quoted) and where the retry answers: an error answering one is
    /// MCP439's.
    pub(crate) incomplete_retries: Vec<(Key, String, Span)>,
    /// The `elicitationId`s of the URL-mode `elicitation/create` requests seen (2025-11-25).
    pub(crate) elicitation_ids: Vec<Box<str>>,
}

/// The direction of a milestone request filed under `sender`: the unknown sender counts as
/// the client.
pub(crate) fn sent_by(sender: Option<Direction>) -> Option<Direction> {
    if sender == S2C { S2C } else { C2S }
}

impl Session {
    pub(crate) fn new(server: Option<Box<str>>, version: ProtocolVersion) -> Session {
        Session {
            server,
            version,
            traffic: false,
            launched: false,
            closed: false,
            exit_code: None,
            phase: Tracker::default(),
            counts: Counts::default(),
            init: Init::NotSeen,
            init_key: None,
            requested_version: None,
            negotiated: None,
            initialized: false,
            unready: None,
            init_answer: None,
            pre_init: Findings::new(),
            first_pre_init: None,
            client_caps: None,
            server_caps: None,
            server_caps_source: "",
            tasks_extension: false,
            modern_server: false,
            discover_refused: None,
            modern_answer: None,
            discover_reported: false,
            pending: ByDirection::default(),
            unpathed: Vec::new(),
            used: ByDirection::default(),
            tokens: ByDirection::default(),
            task_requests: ByDirection::default(),
            done_tokens: VecDeque::new(),
            tasks: ByDirection::default(),
            listed_tools: HashMap::new(),
            task_done_tokens: VecDeque::new(),
            subscriptions: HashMap::new(),
            outstanding: Vec::new(),
            subscribed: Vec::new(),
            cursors: HashSet::new(),
            list_seen: false,
            log_level_in_flight: 0,
            from_start: false,
            invalid_levels: Vec::new(),
            missing_meta: Vec::new(),
            incomplete_retries: Vec::new(),
            elicitation_ids: Vec::new(),
        }
    }

    pub(crate) fn modern(&self) -> bool {
        self.version.is_modern()
    }

    /// Takes the `input_required` result a retry of `method` answers: the one whose
    /// `requestState` it echoes, else the first of the same method and target (`name`).
    pub(crate) fn take_outstanding(
        &mut self,
        method: &str,
        state: Option<&str>,
        name: Option<&str>,
    ) -> Option<Outstanding> {
        let found = self
            .outstanding
            .iter()
            .position(|o| o.state.is_some() && o.state.as_deref() == state)
            .or_else(|| {
                self.outstanding
                    .iter()
                    .position(|o| o.method == method && o.name.as_deref() == name)
            });
        found.map(|i| self.outstanding.remove(i))
    }

    /// Whether `info` exists in the session's version.
    pub(crate) fn available(&self, info: &MethodInfo) -> bool {
        info.versions.contains(self.version)
            || (self.modern() && info.tasks_extension && self.tasks_extension)
    }

    pub(crate) fn counts_as_milestone(&self, m: Milestone, direction: Option<Direction>) -> bool {
        if direction == S2C {
            return false;
        }
        match m {
            Milestone::Initialize => !self.modern(),
            Milestone::Discover => self.modern(),
            _ => true,
        }
    }

    /// Where a finding about message `index` is held until an `initialize` shows it was
    /// premature; `None` once [`PRE_INIT_LIMIT`] findings are held.
    pub(crate) fn held_report(&mut self, index: u32) -> Option<Reporter<'_>> {
        (self.pre_init.diagnostics().len() < PRE_INIT_LIMIT)
            .then(|| Reporter::for_message(&mut self.pre_init, index))
    }

    /// The id and line of the `initialize` request of a legacy session that sent one (after
    /// a failure its line is not kept: `now` stands for it).
    pub(crate) fn initialize_request(&self, now: u32) -> Option<(&Key, u32)> {
        if self.modern() {
            return None;
        }
        let line = match self.init {
            Init::NotSeen => return None,
            Init::Pending { line } | Init::Succeeded { line } => line,
            Init::Failed => now,
        };
        Some((self.init_key.as_ref()?, line))
    }

    /// Takes the request of `sender` with id `key` (pending) that a response at `line`
    /// answers: removed, or a copy while a request with the same id still waits. Before
    /// 2026-07-28 the id stays used; its progress token is retired.
    pub(crate) fn answer(&mut self, sender: Option<Direction>, key: &Key, line: u32) -> Pending {
        let pending = {
            let slot = self.pending.of_mut(sender).get_mut(key).expect("pending");
            if slot.extra > 0 {
                slot.extra -= 1;
                slot.clone()
            } else {
                self.pending.of_mut(sender).remove(key).expect("pending")
            }
        };
        if !self.modern() {
            self.used.of_mut(sender).insert(key.clone(), pending.line);
        }
        if pending.log_level {
            self.log_level_in_flight = self.log_level_in_flight.saturating_sub(1);
        }
        if let Some(token) = &pending.token {
            self.tokens.of_mut(sender).remove(token);
            if self.done_tokens.len() == DONE_TOKENS {
                self.done_tokens.pop_front();
            }
            self.done_tokens.push_back((token.clone(), line));
        }
        pending
    }

    /// Forgets what only a message of this session could still refer to (the session ended).
    pub(crate) fn forget(&mut self) {
        self.pre_init = Findings::new();
        for (_, used) in self.used.iter_mut() {
            used.clear();
        }
        for (_, tokens) in self.tokens.iter_mut() {
            tokens.clear();
        }
        self.subscriptions.clear();
        self.outstanding.clear();
        self.cursors.clear();
    }

    /// Records a legacy `resources/subscribe` (for the updates that may follow).
    pub(crate) fn note_subscribe(&mut self, uri: &str) {
        if !self.subscribed.iter().any(|s| &**s == uri) {
            self.subscribed.push(uri.into());
        }
    }
}
