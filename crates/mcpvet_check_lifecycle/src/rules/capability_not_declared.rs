use mcpvet_ast::transcript::{Direction, ProtocolVersion, method_direction};
use mcpvet_diagnostics::{Label, Reporter, Severity, Site, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use super::invalid_subscription_notification::SUBSCRIPTION_ID;
use crate::by_direction::{C2S, S2C};
use crate::caps::{self, Cap, Caps};
use crate::catalog::{self, Side};

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
    /// The receiver that answers such a request with a result anyway (instead of an error)
    /// uses the capability too: that is reported on its answer, with the request as a
    /// secondary label; the request itself is reported on the request. Of the sub-features
    /// a parameter asks for, only `sampling.tools` is judged on the answer too: the client
    /// MUST answer a `sampling/createMessage` with `tools` or `toolChoice` it did not declare
    /// with an error (other sub-features may be answered within what the receiver supports).
    ///
    /// Severity: an error from 2025-06-18, where "only use capabilities that were
    /// successfully negotiated" is a MUST; a warning in 2024-11-05 and 2025-03-26 (SHOULD),
    /// and for the list-changed notifications in every version (SHOULD). A task-augmented
    /// `sampling/createMessage` or `elicitation/create` (2025-11-25) is a warning too
    /// (requestors SHOULD only augment a request the receiver declared task support for);
    /// a task-augmented `tools/call` without `tasks.requests.tools.call` is an error (clients
    /// MUST NOT).
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
    pub(crate) static CAPABILITY_NOT_DECLARED = {
        code: "MCP450",
        name: "capability-not-declared",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The capabilities a session has seen declared, and where.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Declared {
    /// The client's, from its `initialize` request.
    pub(crate) client: Option<Caps>,
    /// The server's, and where they were declared ("the server's `initialize` result"...).
    pub(crate) server: Option<(Caps, &'static str)>,
    /// The session's version: it decides the severity.
    pub(crate) version: ProtocolVersion,
}

impl Declared {
    /// The capabilities of `side`, and where they were declared.
    fn of(&self, side: Side) -> Option<(Caps, &'static str)> {
        match side {
            Side::Server => self.server,
            Side::Client => self
                .client
                .map(|c| (c, "the client's `initialize` request")),
        }
    }

    /// The severity of a capability requirement: MUST from 2025-06-18, SHOULD before (and
    /// for the requirements that are a SHOULD in every version).
    fn severity(&self, should_only: bool) -> Severity {
        if should_only || self.version < ProtocolVersion::V2025_06_18 {
            Severity::Warning
        } else {
            Severity::Error
        }
    }
}

/// What used a capability, written out only when the capability is missing (every request
/// passes through here).
#[derive(Debug, Clone, Copy)]
enum What {
    /// The request's method: ``"`tools/call`"``.
    Method,
    /// A parameter of it.
    Fixed(&'static str),
    /// Its `task` parameter.
    TaskAugmented,
}

impl What {
    fn text(self, name: &str) -> String {
        match self {
            What::Method => format!("`{name}`"),
            What::Fixed(text) => text.to_owned(),
            What::TaskAugmented => format!("a task-augmented `{name}`"),
        }
    }
}

/// A request sent without the capability that gates it, remembered until its answer: the
/// receiver that lacks the capability and answers with a result anyway is reported too.
#[derive(Debug, Clone)]
pub(crate) struct Ungated {
    /// What was used: ``"`tools/call`"``...
    what: String,
    cap: Cap,
    side: Side,
    source: &'static str,
    severity: Severity,
}

/// Checks a `name` request (its method at `method`, its `params`) going `direction` against
/// the capabilities `declared` so far; `wire` says whether its body is there to read. One
/// finding per message: the first missing capability explains it, and is returned (its
/// answer is judged by [`check_answer`]).
pub(crate) fn check_request(
    name: &str,
    method: Span,
    params: Option<Value<'_>>,
    direction: Option<Direction>,
    wire: bool,
    declared: &Declared,
    report: &mut Reporter<'_>,
) -> Option<Box<Ungated>> {
    let version = declared.version;
    let modern = version.is_modern();
    // The capability, who declares it, what used it, whether a SHOULD only, and whether a
    // result answering the request is judged too (the method's own capability: not a
    // parameter's, where the receiver may answer within what it supports, e.g. decline).
    let mut gates: Vec<(Cap, Side, What, bool, bool)> = Vec::new();
    if let Some(gate) = catalog::gate_of(name, version) {
        let expected = match gate.side {
            Side::Server => C2S,
            Side::Client => S2C,
        };
        if direction == expected && (!modern || gate.side == Side::Server) {
            gates.push((gate.cap, gate.side, What::Method, gate.should_only, true));
        }
    }
    if !modern && name.starts_with("tasks/") {
        let receiver = match direction {
            Some(Direction::ClientToServer) => Some(Side::Server),
            Some(Direction::ServerToClient) => Some(Side::Client),
            None => None,
        };
        if let Some(side) = receiver
            && let Some(cap) = catalog::task_gate(name, side)
        {
            gates.push((cap, side, What::Method, false, true));
        }
    }
    if !modern
        && wire
        && version >= ProtocolVersion::V2025_11_25
        && let Some(p) = params
    {
        match name {
            "sampling/createMessage" => {
                if p.get("tools").is_some() || p.get("toolChoice").is_some() {
                    gates.push((
                        caps::C_SAMPLING_TOOLS,
                        Side::Client,
                        What::Fixed("`sampling/createMessage` with `tools`"),
                        false,
                        // The client MUST answer it with an error (schema,
                        // `CreateMessageRequestParams`).
                        true,
                    ));
                }
                if matches!(
                    p.get("includeContext").and_then(Value::as_str).as_deref(),
                    Some("thisServer" | "allServers")
                ) {
                    gates.push((
                        caps::C_SAMPLING_CONTEXT,
                        Side::Client,
                        What::Fixed("`sampling/createMessage` with `includeContext`"),
                        true,
                        false,
                    ));
                }
            }
            "elicitation/create" => {
                if p.get("mode").and_then(Value::as_str).as_deref() == Some("url") {
                    gates.push((
                        caps::C_ELICITATION_URL,
                        Side::Client,
                        What::Fixed("`elicitation/create` with `mode: \"url\"`"),
                        false,
                        false,
                    ));
                } else {
                    gates.push((
                        caps::C_ELICITATION_FORM,
                        Side::Client,
                        What::Fixed("a form-mode `elicitation/create`"),
                        false,
                        false,
                    ));
                }
            }
            _ => {}
        }
        if p.get("task").is_some() {
            let cap = match name {
                "tools/call" => Some((caps::S_TASKS_TOOLS_CALL, Side::Server)),
                "sampling/createMessage" => Some((caps::C_TASKS_SAMPLING, Side::Client)),
                "elicitation/create" => Some((caps::C_TASKS_ELICITATION, Side::Client)),
                _ => None,
            };
            if let Some((cap, side)) = cap {
                // Clients MUST NOT augment a `tools/call` without `tasks.requests.tools.call`;
                // other requests SHOULD only be augmented when the receiver declares it.
                gates.push((cap, side, What::TaskAugmented, name != "tools/call", false));
            }
        }
    }
    for (cap, side, what, should_only, answerable) in gates {
        let Some((caps, source)) = declared.of(side) else {
            continue;
        };
        if !caps.has(cap) {
            let what = what.text(name);
            let missing = Missing {
                what: &what,
                cap,
                side,
                source,
                severity: declared.severity(should_only),
            };
            report_missing(&missing, method, report);
            let severity = missing.severity;
            return answerable.then(|| {
                Box::new(Ungated {
                    what,
                    cap,
                    side,
                    source,
                    severity,
                })
            });
        }
    }
    None
}

/// Reports the result (at `at`) with which the receiver answered a request it had not
/// declared the capability for (`ungated`, the request's method at `request`): the
/// violation of that party, on its answer, with the request as a secondary label. An error
/// answer (−32601, or −32021 in 2026-07-28) is the right one and is not reported.
pub(crate) fn check_answer(
    ungated: &Ungated,
    at: impl Into<Site>,
    request: Span,
    report: &mut Reporter<'_>,
) {
    let party = match ungated.side {
        Side::Client => "client",
        Side::Server => "server",
    };
    let d = CAPABILITY_NOT_DECLARED
        .diagnostic_at(
            at,
            format!(
                "the {party} answered {} with a result, although {} does not declare the {party} capability `{}`",
                ungated.what, ungated.source, ungated.cap.name
            ),
        )
        .with_severity(ungated.severity)
        .with_help(format!(
            "answer a request for an undeclared capability with an error (method not found), or declare `{}`",
            ungated.cap.name
        ))
        .with_secondary(Label::with_message(
            request,
            format!("{} sent without the capability", ungated.what),
        ));
    report.push(d);
}

/// Checks a `name` notification (its method at `method`, its `params`) going `direction`
/// in a legacy session against the capabilities `declared` so far and the resources the
/// client `subscribed` to.
pub(crate) fn check_notification(
    name: &str,
    method: Span,
    params: Option<Value<'_>>,
    direction: Option<Direction>,
    declared: &Declared,
    subscribed: &[Box<str>],
    report: &mut Reporter<'_>,
) {
    let Some(gate) = catalog::gate_of(name, declared.version) else {
        return;
    };
    // The sender of a notification: the server for its own features, the client for
    // `notifications/roots/list_changed`.
    let sender = method_direction(name).single();
    if direction.is_some() && direction != sender {
        return;
    }
    let Some((caps, source)) = declared.of(gate.side) else {
        return;
    };
    let severity = declared.severity(gate.should_only);
    if !caps.has(gate.cap) {
        let missing = Missing {
            what: &format!("`{name}`"),
            cap: gate.cap,
            side: gate.side,
            source,
            severity,
        };
        report_missing(&missing, method, report);
        return;
    }
    if name == "notifications/resources/updated"
        && let Some(uri) = params.and_then(|p| p.get("uri")).and_then(Value::as_str)
        && !subscribed.iter().any(|s| uri.starts_with(&**s))
    {
        report.report_as(
            &CAPABILITY_NOT_DECLARED,
            severity,
            method,
            format!(
                "`notifications/resources/updated` for \"{uri}\", which the client did not subscribe to"
            ),
            "send updates only for resources the client subscribed to with `resources/subscribe`",
        );
    }
}

/// Checks a `name` notification (its method at `method`, its `params`) going `direction` in
/// a 2026 session, where a log message answers a request that set a log level;
/// `log_requests` is how many such requests are in flight.
pub(crate) fn check_log_level(
    name: &str,
    method: Span,
    params: Option<Value<'_>>,
    direction: Option<Direction>,
    log_requests: u32,
    report: &mut Reporter<'_>,
) {
    if name != "notifications/message" || direction == C2S || log_requests > 0 {
        return;
    }
    // A log message on a listen stream is MCP437's.
    let tagged = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(SUBSCRIPTION_ID))
        .is_some();
    if tagged {
        return;
    }
    report.report(
        &CAPABILITY_NOT_DECLARED,
        method,
        "`notifications/message` was sent while no request in flight set `io.modelcontextprotocol/logLevel`",
        "send log messages only for requests whose `_meta` asks for them with a log level",
    );
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
