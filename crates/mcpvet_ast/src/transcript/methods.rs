//! The method catalogue: which party sends each MCP method (all protocol versions united).
use std::fmt;
use std::sync::LazyLock;

use foldhash::HashMap;

/// One end of an MCP connection sending a message to the other.
///
/// A capture records messages in both directions; request ids are scoped per direction, so a
/// response travels the opposite way of the request it answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Sent by the client (the host application) to the server.
    ClientToServer,
    /// Sent by the server to the client.
    ServerToClient,
}

impl Direction {
    /// The other direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::ClientToServer => Direction::ServerToClient,
            Direction::ServerToClient => Direction::ClientToServer,
        }
    }

    /// `"client-to-server"` or `"server-to-client"` (the trace envelope spelling).
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::ClientToServer => "client-to-server",
            Direction::ServerToClient => "server-to-client",
        }
    }

    /// Parses `"client-to-server"` or `"server-to-client"`.
    pub fn parse(text: &str) -> Option<Direction> {
        match text {
            "client-to-server" => Some(Direction::ClientToServer),
            "server-to-client" => Some(Direction::ServerToClient),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who may send a method, according to the method catalogue (§4.2 of the protocol notes; the
/// union of every version from 2024-11-05 to 2026-07-28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MethodDirection {
    /// Only the client sends it (`initialize`, `tools/list`, ...).
    ClientToServer,
    /// Only the server sends it (`sampling/createMessage`, `notifications/message`, ...).
    ServerToClient,
    /// Either party sends it (`ping`, `notifications/cancelled`, `notifications/progress`,
    /// the `tasks/*` methods).
    Both,
    /// Not an MCP method (a custom or misspelled method).
    Unknown,
}

impl MethodDirection {
    /// The one direction the method travels in, when it has exactly one.
    pub const fn single(self) -> Option<Direction> {
        match self {
            MethodDirection::ClientToServer => Some(Direction::ClientToServer),
            MethodDirection::ServerToClient => Some(Direction::ServerToClient),
            MethodDirection::Both | MethodDirection::Unknown => None,
        }
    }
}

/// Methods only the client sends (requests and notifications, every version).
const CLIENT_TO_SERVER: &[&str] = &[
    "completion/complete",
    "initialize",
    "logging/setLevel",
    "notifications/initialized",
    "notifications/roots/list_changed",
    "prompts/get",
    "prompts/list",
    "resources/list",
    "resources/read",
    "resources/subscribe",
    "resources/templates/list",
    "resources/unsubscribe",
    "server/discover",
    "subscriptions/listen",
    "tools/call",
    "tools/list",
];

/// Methods only the server sends.
const SERVER_TO_CLIENT: &[&str] = &[
    "elicitation/create",
    "notifications/elicitation/complete",
    "notifications/message",
    "notifications/prompts/list_changed",
    "notifications/resources/list_changed",
    "notifications/resources/updated",
    "notifications/subscriptions/acknowledged",
    "notifications/tools/list_changed",
    "roots/list",
    "sampling/createMessage",
];

/// Methods either party sends (including the tasks extension's `tasks/update` and
/// `notifications/tasks`).
const BOTH: &[&str] = &[
    "notifications/cancelled",
    "notifications/progress",
    "notifications/tasks",
    "notifications/tasks/status",
    "ping",
    "tasks/cancel",
    "tasks/get",
    "tasks/list",
    "tasks/result",
    "tasks/update",
];

/// Who may send `method`.
///
/// ```
/// use mcpvet_ast::transcript::{method_direction, MethodDirection};
///
/// assert_eq!(method_direction("tools/list"), MethodDirection::ClientToServer);
/// assert_eq!(method_direction("roots/list"), MethodDirection::ServerToClient);
/// assert_eq!(method_direction("ping"), MethodDirection::Both);
/// assert_eq!(method_direction("tools/List"), MethodDirection::Unknown);
/// ```
pub fn method_direction(method: &str) -> MethodDirection {
    CATALOGUE
        .get(method)
        .copied()
        .unwrap_or(MethodDirection::Unknown)
}

/// Every method of the three tables, with who sends it. A hash lookup: every message asks
/// once or twice, and a binary search over the sorted tables compared a string at each of
/// its probes (about 2 % of a session's inspection).
static CATALOGUE: LazyLock<HashMap<&'static str, MethodDirection>> = LazyLock::new(|| {
    [
        (CLIENT_TO_SERVER, MethodDirection::ClientToServer),
        (SERVER_TO_CLIENT, MethodDirection::ServerToClient),
        (BOTH, MethodDirection::Both),
    ]
    .into_iter()
    .flat_map(|(table, direction)| table.iter().map(move |&name| (name, direction)))
    .collect()
});

/// The interned wire name of a known MCP method (`None` for methods outside the catalogue).
pub(crate) fn known_method(method: &str) -> Option<&'static str> {
    CATALOGUE.get_key_value(method).map(|(&name, _)| name)
}

/// The wire method an SDK-level call name stands for (`list_tools` is `tools/list`); wire
/// names are accepted as they are.
pub(crate) fn sdk_method(name: &str) -> Option<&'static str> {
    let wire = match name {
        "initialize" => "initialize",
        "send_ping" | "ping" => "ping",
        "list_tools" => "tools/list",
        "call_tool" => "tools/call",
        "list_prompts" => "prompts/list",
        "get_prompt" => "prompts/get",
        "list_resources" => "resources/list",
        "list_resource_templates" => "resources/templates/list",
        "read_resource" => "resources/read",
        "subscribe_resource" => "resources/subscribe",
        "unsubscribe_resource" => "resources/unsubscribe",
        "set_logging_level" => "logging/setLevel",
        "complete" => "completion/complete",
        other => return known_method(other),
    };
    Some(wire)
}

/// The member of a list result that holds the items (`tools` for `tools/list`).
pub(crate) fn list_member(method: &str) -> Option<&'static str> {
    match method {
        "tools/list" => Some("tools"),
        "prompts/list" => Some("prompts"),
        "resources/list" => Some("resources"),
        "resources/templates/list" => Some("resourceTemplates"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_sorted_and_disjoint() {
        for table in [CLIENT_TO_SERVER, SERVER_TO_CLIENT, BOTH] {
            assert!(table.windows(2).all(|w| w[0] < w[1]), "{table:?}");
        }
        for m in CLIENT_TO_SERVER {
            assert!(!SERVER_TO_CLIENT.contains(m) && !BOTH.contains(m), "{m}");
        }
        for m in SERVER_TO_CLIENT {
            assert!(!BOTH.contains(m), "{m}");
        }
    }

    #[test]
    fn directions() {
        assert_eq!(
            method_direction("notifications/initialized"),
            MethodDirection::ClientToServer
        );
        assert_eq!(
            method_direction("notifications/tools/list_changed"),
            MethodDirection::ServerToClient
        );
        assert_eq!(
            method_direction("notifications/progress"),
            MethodDirection::Both
        );
        assert_eq!(
            method_direction("notifications/cancelled"),
            MethodDirection::Both
        );
        assert_eq!(method_direction(""), MethodDirection::Unknown);
        assert_eq!(
            MethodDirection::ServerToClient.single(),
            Some(Direction::ServerToClient)
        );
        assert_eq!(MethodDirection::Both.single(), None);
        assert_eq!(
            Direction::ClientToServer.opposite(),
            Direction::ServerToClient
        );
        assert_eq!(
            Direction::parse("server-to-client"),
            Some(Direction::ServerToClient)
        );
        assert_eq!(Direction::parse("inbound"), None);
    }

    #[test]
    fn sdk_names() {
        assert_eq!(sdk_method("list_tools"), Some("tools/list"));
        assert_eq!(sdk_method("call_tool"), Some("tools/call"));
        assert_eq!(sdk_method("tools/call"), Some("tools/call"));
        assert_eq!(sdk_method("frobnicate"), None);
        assert_eq!(
            list_member("resources/templates/list"),
            Some("resourceTemplates")
        );
    }
}
