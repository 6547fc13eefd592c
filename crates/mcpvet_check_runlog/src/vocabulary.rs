//! The event vocabulary of run logs: the events this crate knows, the phase each belongs to,
//! their order in the startup state machine, and who owns a timeout.
use std::fmt;

/// The phase of the startup model an event belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RunPhase {
    /// The process is requested, started, ready to read input, or gone.
    Launch,
    /// `initialize`, its answer, `notifications/initialized`.
    Handshake,
    /// The tool list.
    Discovery,
    /// Tool calls, authorization, external channels.
    Execution,
    /// The run is stopped from outside (`revoked`, `terminated`, `client_disconnected`).
    Interruption,
    /// Timeouts and fatal errors.
    Errors,
}

impl RunPhase {
    /// `launch`, `handshake`, `discovery`, `execution`, `interruption`, `errors`.
    pub const fn as_str(self) -> &'static str {
        match self {
            RunPhase::Launch => "launch",
            RunPhase::Handshake => "handshake",
            RunPhase::Discovery => "discovery",
            RunPhase::Execution => "execution",
            RunPhase::Interruption => "interruption",
            RunPhase::Errors => "errors",
        }
    }

    /// The phase a `phase` field names (case-insensitive; `init`, `initialize` and
    /// `initialization` for the handshake, `list`, `listing` and `tools` for discovery,
    /// `call`, `calls` and `tool_call` for execution).
    pub fn parse(text: &str) -> Option<RunPhase> {
        let phase = match text.to_ascii_lowercase().as_str() {
            "launch" | "spawn" | "start" | "startup" => RunPhase::Launch,
            "handshake" | "init" | "initialize" | "initialization" => RunPhase::Handshake,
            "discovery" | "list" | "listing" | "tools" => RunPhase::Discovery,
            "execution" | "call" | "calls" | "tool_call" => RunPhase::Execution,
            "interruption" | "interrupt" => RunPhase::Interruption,
            "errors" | "error" => RunPhase::Errors,
            _ => return None,
        };
        Some(phase)
    }

    /// Who owns a timeout of this phase (`None` for interruption and errors).
    pub const fn owner(self) -> Option<Owner> {
        match self {
            RunPhase::Launch => Some(Owner::Launcher),
            RunPhase::Handshake => Some(Owner::ServerTransport),
            RunPhase::Discovery => Some(Owner::RegistryPath),
            RunPhase::Execution => Some(Owner::ToolHandler),
            RunPhase::Interruption | RunPhase::Errors => None,
        }
    }
}

impl fmt::Display for RunPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who a timeout belongs to: the part of the system that did not do its step in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// Starting the process (the client's launcher, `npx`, a container runtime).
    Launcher,
    /// The server process and its transport: reading input, answering `initialize`.
    ServerTransport,
    /// The path that builds the tool list (the server's registry of tools, and what it loads
    /// to build it).
    RegistryPath,
    /// The handler of a tool call (and what it calls).
    ToolHandler,
}

impl Owner {
    /// `launcher`, `server/transport`, `registry path`, `tool handler`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Owner::Launcher => "launcher",
            Owner::ServerTransport => "server/transport",
            Owner::RegistryPath => "registry path",
            Owner::ToolHandler => "tool handler",
        }
    }
}

impl fmt::Display for Owner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An event of the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Known {
    SpawnRequested,
    Spawned,
    ExecutableReady,
    Exited,
    InitializeReceived,
    InitializeResponded,
    InitializedReceived,
    ToolsListReceived,
    ToolsListResponded,
    ToolCallReceived,
    AuthorizationRequested,
    AuthorizationGranted,
    AuthorizationDenied,
    ExternalAttempt,
    ExternalResult,
    Revoked,
    Terminated,
    ClientDisconnected,
    /// Any `*_timeout`.
    Timeout,
    FatalError,
}

impl Known {
    pub(crate) fn parse(name: &str) -> Option<Known> {
        let known = match name {
            "spawn_requested" => Known::SpawnRequested,
            "spawned" => Known::Spawned,
            "executable_ready" => Known::ExecutableReady,
            "exited" => Known::Exited,
            "initialize_received" => Known::InitializeReceived,
            "initialize_responded" => Known::InitializeResponded,
            "initialized_received" => Known::InitializedReceived,
            "tools_list_received" => Known::ToolsListReceived,
            "tools_list_responded" => Known::ToolsListResponded,
            "tool_call_received" => Known::ToolCallReceived,
            "authorization_requested" => Known::AuthorizationRequested,
            "authorization_granted" => Known::AuthorizationGranted,
            "authorization_denied" => Known::AuthorizationDenied,
            "external_attempt" => Known::ExternalAttempt,
            "external_result" => Known::ExternalResult,
            "revoked" => Known::Revoked,
            "terminated" => Known::Terminated,
            "client_disconnected" => Known::ClientDisconnected,
            "fatal_error" => Known::FatalError,
            _ if name.ends_with("_timeout") && name.len() > "_timeout".len() => Known::Timeout,
            _ => return None,
        };
        Some(known)
    }

    /// The phase of the vocabulary the event belongs to.
    pub(crate) const fn phase(self) -> RunPhase {
        match self {
            Known::SpawnRequested | Known::Spawned | Known::ExecutableReady | Known::Exited => {
                RunPhase::Launch
            }
            Known::InitializeReceived | Known::InitializeResponded | Known::InitializedReceived => {
                RunPhase::Handshake
            }
            Known::ToolsListReceived | Known::ToolsListResponded => RunPhase::Discovery,
            Known::ToolCallReceived
            | Known::AuthorizationRequested
            | Known::AuthorizationGranted
            | Known::AuthorizationDenied
            | Known::ExternalAttempt
            | Known::ExternalResult => RunPhase::Execution,
            Known::Revoked | Known::Terminated | Known::ClientDisconnected => {
                RunPhase::Interruption
            }
            Known::Timeout | Known::FatalError => RunPhase::Errors,
        }
    }

    /// The place of a step in the state machine (launch, handshake and discovery steps, and
    /// `tool_call_received`): phase × 10 + step. Other events are not ordered.
    pub(crate) const fn rank(self) -> Option<u8> {
        let rank = match self {
            Known::SpawnRequested => 0,
            Known::Spawned => 1,
            Known::ExecutableReady => 2,
            Known::InitializeReceived => 10,
            Known::InitializeResponded => 11,
            Known::InitializedReceived => 12,
            Known::ToolsListReceived => 20,
            Known::ToolsListResponded => 21,
            Known::ToolCallReceived => 30,
            _ => return None,
        };
        Some(rank)
    }

    /// The step of `rank`.
    pub(crate) const fn of_rank(rank: u8) -> Option<Known> {
        let known = match rank {
            0 => Known::SpawnRequested,
            1 => Known::Spawned,
            2 => Known::ExecutableReady,
            10 => Known::InitializeReceived,
            11 => Known::InitializeResponded,
            12 => Known::InitializedReceived,
            20 => Known::ToolsListReceived,
            21 => Known::ToolsListResponded,
            30 => Known::ToolCallReceived,
            _ => return None,
        };
        Some(known)
    }

    /// The name as logs write it (`*_timeout` events keep their own name).
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Known::SpawnRequested => "spawn_requested",
            Known::Spawned => "spawned",
            Known::ExecutableReady => "executable_ready",
            Known::Exited => "exited",
            Known::InitializeReceived => "initialize_received",
            Known::InitializeResponded => "initialize_responded",
            Known::InitializedReceived => "initialized_received",
            Known::ToolsListReceived => "tools_list_received",
            Known::ToolsListResponded => "tools_list_responded",
            Known::ToolCallReceived => "tool_call_received",
            Known::AuthorizationRequested => "authorization_requested",
            Known::AuthorizationGranted => "authorization_granted",
            Known::AuthorizationDenied => "authorization_denied",
            Known::ExternalAttempt => "external_attempt",
            Known::ExternalResult => "external_result",
            Known::Revoked => "revoked",
            Known::Terminated => "terminated",
            Known::ClientDisconnected => "client_disconnected",
            Known::Timeout => "timeout",
            Known::FatalError => "fatal_error",
        }
    }

    /// The bit of this event in a run's set of events seen.
    pub(crate) const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// The phase a timeout belongs to, from its name (`spawn_timeout`, `handshake_timeout`,
/// `tools_list_timeout`, `tool_call_timeout`...).
pub(crate) fn timeout_phase(name: &str) -> Option<RunPhase> {
    let stem = name.strip_suffix("_timeout")?;
    let phase = match stem {
        "spawn" | "launch" | "start" | "startup" | "exec" | "executable" | "executable_ready"
        | "ready" => RunPhase::Launch,
        "handshake" | "initialize" | "initialized" | "init" | "connect" | "connection" => {
            RunPhase::Handshake
        }
        "tools_list" | "list_tools" | "discovery" | "list" | "listing" | "registry" => {
            RunPhase::Discovery
        }
        "tool_call" | "call" | "call_tool" | "execution" | "tool" | "external" | "request" => {
            RunPhase::Execution
        }
        _ => return None,
    };
    Some(phase)
}

/// Whether a member name is an idempotency key (`idempotency_key`, `Idempotency-Key`,
/// `idempotencyKey`, `idempotency_token`).
pub(crate) fn is_idempotency_key(name: &str) -> bool {
    let folded: String = name
        .chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    matches!(folded.as_str(), "idempotencykey" | "idempotencytoken")
}

/// The channels that do not leave the machine.
pub(crate) fn is_local_channel(channel: &str) -> bool {
    matches!(
        channel.to_ascii_lowercase().as_str(),
        "" | "stdio" | "stdin" | "stdout" | "stderr" | "local" | "ipc" | "pipe" | "none" | "memory"
    )
}
