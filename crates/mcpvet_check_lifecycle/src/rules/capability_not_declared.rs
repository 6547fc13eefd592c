use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};
use mcpvet_text::Span;

use crate::caps::Cap;
use crate::catalog::Side;

declare_rule! {
    /// A method is used without the capability that gates it.
    ///
    /// ## What it checks
    ///
    /// When the capture shows the capabilities (an `initialize` exchange, a `server/discover`
    /// result, or the `clientCapabilities` of a 2026 request), every gated method is checked
    /// against the capabilities of the party that must have declared them:
    ///
    /// - client requests against the server's: `tools/*` (`tools`), `resources/*`
    ///   (`resources`; `resources/subscribe` and `resources/unsubscribe` need
    ///   `resources.subscribe`), `prompts/*` (`prompts`), `logging/setLevel` (`logging`),
    ///   `completion/complete` (`completions`, from 2025-03-26; 2024-11-05 has no such
    ///   capability), `tasks/*` and task-augmented calls (`tasks...`);
    /// - server requests against the client's: `sampling/createMessage` (`sampling`;
    ///   `sampling.tools` when it passes `tools` or `toolChoice`, `sampling.context` for an
    ///   `includeContext` other than `none`, from 2025-11-25), `roots/list` (`roots`),
    ///   `elicitation/create` (`elicitation`; from 2025-11-25 the mode too: `elicitation: {}`
    ///   means form only, `mode: "url"` needs `elicitation.url`), and in 2026-07-28 the same
    ///   requests inside `inputRequests`, against the original request's
    ///   `clientCapabilities`;
    /// - server notifications against the server's own: `notifications/message`
    ///   (`logging`), `notifications/resources/updated` (`resources.subscribe`, and a
    ///   subscription to that resource), `notifications/*/list_changed` (`listChanged`),
    ///   and the client's `notifications/roots/list_changed` (`roots.listChanged`);
    /// - in 2026-07-28, `notifications/message` only for a request that set
    ///   `io.modelcontextprotocol/logLevel`.
    ///
    /// Severity: an error from 2025-06-18, where "only use capabilities that were
    /// successfully negotiated" is a MUST; a warning in 2024-11-05 and 2025-03-26 (SHOULD),
    /// and for the list-changed notifications in every version (SHOULD).
    ///
    /// ## Why it matters
    ///
    /// The peer has not agreed to the feature: a server without `tools` answers −32601, a
    /// client without `sampling` cannot run the model call, a 2026 client missing the
    /// capability gets −32021.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"prompts":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Capability negotiation (`basic/lifecycle.mdx`)
    /// - The server features and client features pages of each version (capabilities)
    /// - MCP specification 2026-07-28, Logging (`server/utilities/logging.mdx`)
    pub static CAPABILITY_NOT_DECLARED = {
        code: "MCP450",
        name: "capability-not-declared",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What is missing, for [`report_missing`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Missing<'a> {
    /// What was used: ``"`tools/call`"``, ``"`elicitation/create` with `mode: \"url\"`"``.
    pub(crate) what: &'a str,
    pub(crate) cap: Cap,
    pub(crate) side: Side,
    /// Where the capabilities were declared ("the server's `initialize` result"...).
    pub(crate) source: &'a str,
    pub(crate) severity: Severity,
}

/// Reports a use (at `at`) of a capability that is `missing`.
pub(crate) fn report_missing(
    missing: &Missing<'_>,
    at: impl Into<Site>,
    report: &mut Reporter<'_>,
) {
    let party = match missing.side {
        Side::Client => "client",
        Side::Server => "server",
    };
    report.report_as(
        &CAPABILITY_NOT_DECLARED,
        missing.severity,
        at,
        format!(
            "{} needs the {party} capability `{}`, which {} does not declare",
            missing.what, missing.cap.name, missing.source
        ),
        format!(
            "declare `{}` in the {party} capabilities, or do not use this feature",
            missing.cap.name
        ),
    );
}

/// A `notifications/resources/updated` for a resource nobody subscribed to.
pub(crate) fn unsubscribed(uri: &str, severity: Severity, at: Span, report: &mut Reporter<'_>) {
    report.report_as(
        &CAPABILITY_NOT_DECLARED,
        severity,
        at,
        format!(
            "`notifications/resources/updated` for \"{uri}\", which the client did not subscribe to"
        ),
        "send updates only for resources the client subscribed to with `resources/subscribe`",
    );
}

/// A 2026 `notifications/message` while no request asked for log messages.
pub(crate) fn no_log_level(at: Span, report: &mut Reporter<'_>) {
    report.report(
        &CAPABILITY_NOT_DECLARED,
        at,
        "`notifications/message` was sent while no request in flight set `io.modelcontextprotocol/logLevel`",
        "send log messages only for requests whose `_meta` asks for them with a log level",
    );
}
