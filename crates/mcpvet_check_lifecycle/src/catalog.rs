//! The method catalogue per protocol version (§4.2 of the protocol notes): which versions
//! define a method, which phase of the session it belongs to, and which capability gates it.
use std::sync::LazyLock;

use foldhash::HashMap;
use mcpvet_ast::transcript::ProtocolVersion;

use crate::caps::{self, Cap};

/// A set of protocol versions, one bit per version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Versions(u8);

const V1: u8 = 1; // 2024-11-05
const V2: u8 = 2; // 2025-03-26
const V3: u8 = 4; // 2025-06-18
const V4: u8 = 8; // 2025-11-25
const V5: u8 = 16; // 2026-07-28
const LEGACY: u8 = V1 | V2 | V3 | V4;
const ALL: u8 = LEGACY | V5;

pub(crate) fn bit(version: ProtocolVersion) -> u8 {
    match version {
        ProtocolVersion::V2024_11_05 => V1,
        ProtocolVersion::V2025_03_26 => V2,
        ProtocolVersion::V2025_06_18 => V3,
        ProtocolVersion::V2025_11_25 => V4,
        _ => V5,
    }
}

impl Versions {
    pub(crate) fn contains(self, version: ProtocolVersion) -> bool {
        self.0 & bit(version) != 0
    }

    /// The versions, as text: `2025-11-25`, `2025-06-18 to 2025-11-25`, `every legacy
    /// version`...
    pub(crate) fn describe(self) -> String {
        let names: Vec<&str> = ProtocolVersion::ALL
            .iter()
            .filter(|v| self.contains(**v))
            .map(|v| v.as_str())
            .collect();
        match names.as_slice() {
            [] => "no version".to_owned(),
            [one] => (*one).to_owned(),
            [first, .., last] => format!("{first} to {last}"),
        }
    }
}

/// Where a method belongs in the session model (see the crate docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Milestone {
    /// `initialize`.
    Initialize,
    /// `server/discover` (modern sessions).
    Discover,
    /// `tools/list`.
    ToolsList,
    /// `prompts/list`, `resources/list`, `resources/templates/list`.
    List,
    /// `tools/call`.
    ToolCall,
    /// `prompts/get`, `resources/read`, `completion/complete`.
    Request,
}

/// What the catalogue knows about one method.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MethodInfo {
    pub(crate) name: &'static str,
    pub(crate) versions: Versions,
    /// Defined in 2026-07-28 only by the tasks extension.
    pub(crate) tasks_extension: bool,
    pub(crate) milestone: Option<Milestone>,
}

const fn m(name: &'static str, versions: u8, milestone: Option<Milestone>) -> MethodInfo {
    MethodInfo {
        name,
        versions: Versions(versions),
        tasks_extension: false,
        milestone,
    }
}

const fn ext(name: &'static str, versions: u8) -> MethodInfo {
    MethodInfo {
        name,
        versions: Versions(versions),
        tasks_extension: true,
        milestone: None,
    }
}

/// Every MCP method, sorted by name.
const METHODS: &[MethodInfo] = &[
    m("completion/complete", ALL, Some(Milestone::Request)),
    m("elicitation/create", V3 | V4, None),
    m("initialize", LEGACY, Some(Milestone::Initialize)),
    m("logging/setLevel", LEGACY, None),
    m("notifications/cancelled", ALL, None),
    m("notifications/elicitation/complete", V4, None),
    m("notifications/initialized", LEGACY, None),
    m("notifications/message", ALL, None),
    m("notifications/progress", ALL, None),
    m("notifications/prompts/list_changed", ALL, None),
    m("notifications/resources/list_changed", ALL, None),
    m("notifications/resources/updated", ALL, None),
    m("notifications/roots/list_changed", LEGACY, None),
    m("notifications/subscriptions/acknowledged", V5, None),
    ext("notifications/tasks", 0),
    m("notifications/tasks/status", V4, None),
    m("notifications/tools/list_changed", ALL, None),
    m("ping", LEGACY, None),
    m("prompts/get", ALL, Some(Milestone::Request)),
    m("prompts/list", ALL, Some(Milestone::List)),
    m("resources/list", ALL, Some(Milestone::List)),
    m("resources/read", ALL, Some(Milestone::Request)),
    m("resources/subscribe", LEGACY, None),
    m("resources/templates/list", ALL, Some(Milestone::List)),
    m("resources/unsubscribe", LEGACY, None),
    m("roots/list", LEGACY, None),
    m("sampling/createMessage", LEGACY, None),
    m("server/discover", V5, Some(Milestone::Discover)),
    m("subscriptions/listen", V5, None),
    ext("tasks/cancel", V4),
    ext("tasks/get", V4),
    m("tasks/list", V4, None),
    m("tasks/result", V4, None),
    ext("tasks/update", 0),
    m("tools/call", ALL, Some(Milestone::ToolCall)),
    m("tools/list", ALL, Some(Milestone::ToolsList)),
];

/// Every method name of every version, sorted.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    METHODS.iter().map(|m| m.name)
}

/// The catalogue entry of `method`, if it is an MCP method.
pub(crate) fn method(name: &str) -> Option<&'static MethodInfo> {
    // A hash lookup: every message asks, and a binary search compared a string per probe.
    static BY_NAME: LazyLock<HashMap<&'static str, &'static MethodInfo>> =
        LazyLock::new(|| METHODS.iter().map(|m| (m.name, m)).collect());
    BY_NAME.get(name).copied()
}

/// Which party must have declared a capability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Client,
    Server,
}

/// The capability a method needs (§4.2, §14.10), before looking at its params.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Gate {
    pub(crate) side: Side,
    pub(crate) cap: Cap,
    /// The requirement is only a SHOULD in every version (list-changed notifications).
    pub(crate) should_only: bool,
}

const fn gate(side: Side, cap: Cap) -> Gate {
    Gate {
        side,
        cap,
        should_only: false,
    }
}

/// The gate of `method` in `version` (legacy gates; 2026 sessions only gate client requests
/// on the server's capabilities).
pub(crate) fn gate_of(method: &str, version: ProtocolVersion) -> Option<Gate> {
    use Side::{Client, Server};
    match method {
        "tools/list" | "tools/call" => Some(gate(Server, caps::S_TOOLS)),
        "resources/list" | "resources/templates/list" | "resources/read" => {
            Some(gate(Server, caps::S_RESOURCES))
        }
        "resources/subscribe" | "resources/unsubscribe" => {
            Some(gate(Server, caps::S_RESOURCES_SUBSCRIBE))
        }
        "prompts/list" | "prompts/get" => Some(gate(Server, caps::S_PROMPTS)),
        "logging/setLevel" | "notifications/message" => Some(gate(Server, caps::S_LOGGING)),
        "completion/complete" if version >= ProtocolVersion::V2025_03_26 => {
            Some(gate(Server, caps::S_COMPLETIONS))
        }
        "notifications/tools/list_changed" => Some(Gate {
            side: Server,
            cap: caps::S_TOOLS_LIST_CHANGED,
            should_only: true,
        }),
        "notifications/resources/list_changed" => Some(Gate {
            side: Server,
            cap: caps::S_RESOURCES_LIST_CHANGED,
            should_only: true,
        }),
        "notifications/prompts/list_changed" => Some(Gate {
            side: Server,
            cap: caps::S_PROMPTS_LIST_CHANGED,
            should_only: true,
        }),
        "notifications/resources/updated" => Some(gate(Server, caps::S_RESOURCES_SUBSCRIBE)),
        "sampling/createMessage" => Some(gate(Client, caps::C_SAMPLING)),
        "roots/list" => Some(gate(Client, caps::C_ROOTS)),
        "notifications/roots/list_changed" => Some(Gate {
            side: Client,
            cap: caps::C_ROOTS_LIST_CHANGED,
            should_only: true,
        }),
        "elicitation/create" => Some(gate(Client, caps::C_ELICITATION)),
        "notifications/elicitation/complete" => Some(gate(Client, caps::C_ELICITATION_URL)),
        _ => None,
    }
}

/// The capability the receiver of a `tasks/*` request must have declared, by the side that
/// receives it.
pub(crate) fn task_gate(method: &str, receiver: Side) -> Option<Cap> {
    let cap = match (method, receiver) {
        ("tasks/list", Side::Server) => caps::S_TASKS_LIST,
        ("tasks/cancel", Side::Server) => caps::S_TASKS_CANCEL,
        ("tasks/get" | "tasks/result", Side::Server) => caps::S_TASKS,
        ("tasks/list", Side::Client) => caps::C_TASKS_LIST,
        ("tasks/cancel", Side::Client) => caps::C_TASKS_CANCEL,
        ("tasks/get" | "tasks/result", Side::Client) => caps::C_TASKS,
        _ => return None,
    };
    Some(cap)
}

/// Whether `method` may answer with `resultType: "input_required"` (§9.5).
pub(crate) fn allows_input_required(method: &str) -> bool {
    matches!(method, "tools/call" | "resources/read" | "prompts/get")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_sorted() {
        assert!(METHODS.windows(2).all(|w| w[0].name < w[1].name));
        for m in METHODS {
            assert_eq!(method(m.name).map(|i| i.name), Some(m.name));
        }
        assert!(method("tools/List").is_none());
    }

    #[test]
    fn versions() {
        let ping = method("ping").unwrap();
        assert!(ping.versions.contains(ProtocolVersion::V2024_11_05));
        assert!(!ping.versions.contains(ProtocolVersion::V2026_07_28));
        assert_eq!(ping.versions.describe(), "2024-11-05 to 2025-11-25");
        assert_eq!(
            method("server/discover").unwrap().versions.describe(),
            "2026-07-28"
        );
        assert!(gate_of("completion/complete", ProtocolVersion::V2024_11_05).is_none());
        assert!(gate_of("completion/complete", ProtocolVersion::V2025_03_26).is_some());
    }
}
