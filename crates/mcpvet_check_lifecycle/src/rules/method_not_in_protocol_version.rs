use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

use crate::catalog::MethodInfo;

declare_rule! {
    /// A message uses an MCP method that the session's protocol version does not have.
    ///
    /// ## What it checks
    ///
    /// Known MCP methods used outside the versions that define them:
    ///
    /// - removed in 2026-07-28: `initialize`, `notifications/initialized`, `ping`,
    ///   `logging/setLevel`, `resources/subscribe`, `resources/unsubscribe`,
    ///   `notifications/roots/list_changed`, `notifications/elicitation/complete`, the
    ///   `tasks/*` methods and `notifications/tasks/status` (the tasks extension's
    ///   `tasks/get`, `tasks/update`, `tasks/cancel` and `notifications/tasks` are accepted
    ///   when a capability declares `io.modelcontextprotocol/tasks`);
    /// - not yet defined: `elicitation/create` before 2025-06-18, the tasks methods and
    ///   `notifications/elicitation/complete` before 2025-11-25, `server/discover`,
    ///   `subscriptions/listen` and `notifications/subscriptions/acknowledged` before
    ///   2026-07-28.
    ///
    /// A dual-era client's `server/discover` probe before `initialize` is not flagged.
    /// Methods mcpvet does not know (custom extensions) are not checked.
    ///
    /// ## Why it matters
    ///
    /// The peer does not implement the method in that version and answers −32601 (HTTP 404
    /// in 2026-07-28): a 2026 server has no `ping` and no `initialize`, a 2025-06-18 peer
    /// knows nothing of tasks. "Respect the negotiated protocol version" (MUST from
    /// 2025-06-18).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Changelog (removed methods)
    /// - MCP specification 2025-06-18 and 2025-11-25, Changelogs (added methods)
    /// - MCP specification, Lifecycle, Operation (`basic/lifecycle.mdx`): "Respect the
    ///   negotiated protocol version"
    pub(crate) static METHOD_NOT_IN_PROTOCOL_VERSION = {
        code: "MCP430",
        name: "method-not-in-protocol-version",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `info`, a method the session cannot use in `version`: the version does not
/// define it, or only with the tasks extension, which the session does not declare.
pub(crate) fn check(
    info: &MethodInfo,
    version: ProtocolVersion,
    at: Span,
    report: &mut Reporter<'_>,
) {
    let (message, help) = if info.tasks_extension && version.is_modern() {
        (
            format!(
                "`{}` exists in {version} only with the tasks extension, which no capability in this session declares",
                info.name
            ),
            "declare `io.modelcontextprotocol/tasks` under `extensions` to use the tasks methods"
                .to_owned(),
        )
    } else if version.is_modern() {
        (
            format!(
                "`{}` does not exist in protocol {version} (it was removed after 2025-11-25)",
                info.name
            ),
            replacement(info.name).to_owned(),
        )
    } else {
        (
            format!(
                "`{}` does not exist in protocol {version} (it is defined in {})",
                info.name,
                info.versions.describe()
            ),
            "use only methods of the negotiated version".to_owned(),
        )
    };
    report.report(&METHOD_NOT_IN_PROTOCOL_VERSION, at, message, help);
}

fn replacement(method: &str) -> &'static str {
    match method {
        "initialize" | "notifications/initialized" => {
            "put `io.modelcontextprotocol/protocolVersion` and `clientCapabilities` in every request's `_meta`, and call `server/discover` to learn the server's capabilities"
        }
        "ping" => "drop the ping: 2026-07-28 is stateless and has no keep-alive request",
        "logging/setLevel" => {
            "set `io.modelcontextprotocol/logLevel` in the `_meta` of each request"
        }
        "resources/subscribe" | "resources/unsubscribe" => {
            "subscribe with `subscriptions/listen` and `notifications.resourceSubscriptions`"
        }
        _ => "use only methods of the negotiated version",
    }
}
