//! The phase model of a session: launch, handshake, discovery, execution (see the crate
//! docs), and the events that move a session through it.
use std::fmt;

use crate::catalog::Milestone;

/// How far a session got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The server was started (or the capture began), no protocol message yet.
    Launch,
    /// The `initialize` handshake (legacy sessions only).
    Handshake,
    /// Finding out what the server offers: `server/discover` (modern), `tools/list`,
    /// `prompts/list`, `resources/list`, `resources/templates/list`.
    Discovery,
    /// Using it: `tools/call`, `prompts/get`, `resources/read`, `completion/complete`.
    Execution,
}

impl Stage {
    /// `launch`, `handshake`, `discovery` or `execution`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Stage::Launch => "launch",
            Stage::Handshake => "handshake",
            Stage::Discovery => "discovery",
            Stage::Execution => "execution",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The last confirmed event of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// `no_traffic`: no protocol message at all.
    NoTraffic,
    /// `launch_failed`: the capture shows the server failing to start or its transport
    /// closing before any message (`spawn npx ENOENT`, a `transport-close` event).
    LaunchFailed,
    /// `initialize_sent_no_response`: the client sent `initialize`; no answer.
    InitializeSentNoResponse,
    /// `initialize_failed`: `initialize` was answered with an error.
    InitializeFailed,
    /// `response_sent_no_initialized`: the server answered `initialize`; the client never
    /// sent `notifications/initialized`.
    ResponseSentNoInitialized,
    /// `initialized`: the handshake completed; nothing followed.
    Initialized,
    /// `discover_no_response`: `server/discover` was sent; no answer.
    DiscoverNoResponse,
    /// `discover_failed`: `server/discover` was answered with an error.
    DiscoverFailed,
    /// `discovered`: `server/discover` succeeded; nothing followed.
    Discovered,
    /// `tools_list_no_response`: `tools/list` was sent; no answer.
    ToolsListNoResponse,
    /// `tools_list_failed`: `tools/list` was answered with an error.
    ToolsListFailed,
    /// `tools_listed`: the tools were listed; no call followed.
    ToolsListed,
    /// `list_no_response`: a prompts or resources list request was not answered.
    ListNoResponse,
    /// `list_failed`: a prompts or resources list request failed.
    ListFailed,
    /// `listed`: prompts or resources were listed; nothing followed.
    Listed,
    /// `tool_call_no_response`: a `tools/call` was not answered.
    ToolCallNoResponse,
    /// `tool_call_failed`: a `tools/call` was answered with an error or with `isError: true`.
    ToolCallFailed,
    /// `input_required`: the server asked for more input (2026 multi round-trip requests) and
    /// the client did not retry.
    InputRequired,
    /// `request_no_response`: a `prompts/get`, `resources/read` or `completion/complete` was
    /// not answered.
    RequestNoResponse,
    /// `request_failed`: such a request was answered with an error.
    RequestFailed,
    /// `complete`: the last operation succeeded and nothing is left unanswered.
    Complete,
}

impl Event {
    /// Every event, in model order.
    pub const ALL: [Event; 21] = [
        Event::NoTraffic,
        Event::LaunchFailed,
        Event::InitializeSentNoResponse,
        Event::InitializeFailed,
        Event::ResponseSentNoInitialized,
        Event::Initialized,
        Event::DiscoverNoResponse,
        Event::DiscoverFailed,
        Event::Discovered,
        Event::ToolsListNoResponse,
        Event::ToolsListFailed,
        Event::ToolsListed,
        Event::ListNoResponse,
        Event::ListFailed,
        Event::Listed,
        Event::ToolCallNoResponse,
        Event::ToolCallFailed,
        Event::InputRequired,
        Event::RequestNoResponse,
        Event::RequestFailed,
        Event::Complete,
    ];

    /// The snake-case name used in reports.
    pub const fn as_str(self) -> &'static str {
        match self {
            Event::NoTraffic => "no_traffic",
            Event::LaunchFailed => "launch_failed",
            Event::InitializeSentNoResponse => "initialize_sent_no_response",
            Event::InitializeFailed => "initialize_failed",
            Event::ResponseSentNoInitialized => "response_sent_no_initialized",
            Event::Initialized => "initialized",
            Event::DiscoverNoResponse => "discover_no_response",
            Event::DiscoverFailed => "discover_failed",
            Event::Discovered => "discovered",
            Event::ToolsListNoResponse => "tools_list_no_response",
            Event::ToolsListFailed => "tools_list_failed",
            Event::ToolsListed => "tools_listed",
            Event::ListNoResponse => "list_no_response",
            Event::ListFailed => "list_failed",
            Event::Listed => "listed",
            Event::ToolCallNoResponse => "tool_call_no_response",
            Event::ToolCallFailed => "tool_call_failed",
            Event::InputRequired => "input_required",
            Event::RequestNoResponse => "request_no_response",
            Event::RequestFailed => "request_failed",
            Event::Complete => "complete",
        }
    }

    /// The stage the event belongs to.
    pub const fn stage(self) -> Stage {
        match self {
            Event::NoTraffic | Event::LaunchFailed => Stage::Launch,
            Event::InitializeSentNoResponse
            | Event::InitializeFailed
            | Event::ResponseSentNoInitialized
            | Event::Initialized => Stage::Handshake,
            Event::DiscoverNoResponse
            | Event::DiscoverFailed
            | Event::Discovered
            | Event::ToolsListNoResponse
            | Event::ToolsListFailed
            | Event::ToolsListed
            | Event::ListNoResponse
            | Event::ListFailed
            | Event::Listed => Stage::Discovery,
            Event::ToolCallNoResponse
            | Event::ToolCallFailed
            | Event::InputRequired
            | Event::RequestNoResponse
            | Event::RequestFailed
            | Event::Complete => Stage::Execution,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a milestone request ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Sent,
    Failed,
    Succeeded,
    InputRequired,
}

/// The event of a milestone request in a given state.
pub(crate) fn event_of(milestone: Milestone, outcome: Outcome) -> Event {
    use Outcome::{Failed, InputRequired, Sent, Succeeded};
    match (milestone, outcome) {
        (Milestone::Initialize, Sent) => Event::InitializeSentNoResponse,
        (Milestone::Initialize, Failed) => Event::InitializeFailed,
        (Milestone::Initialize, _) => Event::ResponseSentNoInitialized,
        (Milestone::Discover, Sent) => Event::DiscoverNoResponse,
        (Milestone::Discover, Failed) => Event::DiscoverFailed,
        (Milestone::Discover, _) => Event::Discovered,
        (Milestone::ToolsList, Sent) => Event::ToolsListNoResponse,
        (Milestone::ToolsList, Failed) => Event::ToolsListFailed,
        (Milestone::ToolsList, _) => Event::ToolsListed,
        (Milestone::List, Sent) => Event::ListNoResponse,
        (Milestone::List, Failed) => Event::ListFailed,
        (Milestone::List, _) => Event::Listed,
        (Milestone::ToolCall, Sent) => Event::ToolCallNoResponse,
        (Milestone::ToolCall, Failed) => Event::ToolCallFailed,
        (Milestone::ToolCall | Milestone::Request, InputRequired) => Event::InputRequired,
        (Milestone::ToolCall | Milestone::Request, Succeeded) => Event::Complete,
        (Milestone::Request, Sent) => Event::RequestNoResponse,
        (Milestone::Request, Failed) => Event::RequestFailed,
    }
}

/// The state of the `initialize` handshake of a legacy session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Init {
    /// No `initialize` so far.
    NotSeen,
    /// `initialize` was sent (at `line`) and is not answered yet.
    Pending { line: u32 },
    /// `initialize` was answered with an error.
    Failed,
    /// `initialize` (sent at `line`) was answered with a result.
    Succeeded { line: u32 },
}

/// The phase of one session as it goes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tracker {
    pub(crate) stage: Stage,
    pub(crate) event: Event,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker {
            stage: Stage::Launch,
            event: Event::NoTraffic,
        }
    }
}

impl Tracker {
    /// Records `event` unless the session already went further.
    pub(crate) fn record(&mut self, event: Event) {
        let stage = event.stage();
        if stage >= self.stage {
            self.stage = stage;
            self.event = event;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_never_go_back() {
        let mut t = Tracker::default();
        t.record(Event::InitializeSentNoResponse);
        t.record(Event::ToolsListed);
        t.record(Event::ResponseSentNoInitialized);
        assert_eq!((t.stage, t.event), (Stage::Discovery, Event::ToolsListed));
        t.record(Event::ToolCallFailed);
        t.record(Event::Complete);
        assert_eq!((t.stage, t.event), (Stage::Execution, Event::Complete));
        let names: Vec<&str> = Event::ALL.iter().map(|e| e.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
    }
}
