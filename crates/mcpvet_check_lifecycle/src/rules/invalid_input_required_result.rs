use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use mcpvet_ast::transcript::ProtocolVersion;

use super::capability_not_declared::{self, Missing};
use super::invalid_elicitation_request::{self, Mode};
use super::{invalid_sampling_request, sensitive_elicitation_field};
use crate::caps::{self, Cap, Caps};
use crate::catalog::{Side, allows_input_required};

declare_rule! {
    /// A 2026-07-28 `input_required` result is not allowed for its request or asks for nothing.
    ///
    /// ## What it checks
    ///
    /// Results with `resultType: "input_required"` (multi round-trip requests):
    ///
    /// - only `tools/call`, `resources/read` and `prompts/get` may return one;
    /// - at least one of `inputRequests` (an object) and `requestState` (a string) must be
    ///   present;
    /// - each input request must be `{method, params}` with `method` one of
    ///   `elicitation/create`, `sampling/createMessage` and `roots/list`.
    ///
    /// An input request for a capability the original request's `clientCapabilities` lacks
    /// is MCP450; the shape of an elicitation or sampling input request is checked as the
    /// request it stands for would be (MCP480, MCP481, MCP482).
    ///
    /// ## Why it matters
    ///
    /// The client answers an `input_required` result by fulfilling the input requests and
    /// retrying; for another method, or without anything to fulfil or echo, it cannot make
    /// progress and the request never completes.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}}},"requestState":"s1"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Multi round-trip requests (`basic/patterns/mrtr.mdx`)
    /// - `InputRequiredResult` and `InputRequest` in `schema.ts` (2026-07-28)
    pub(crate) static INVALID_INPUT_REQUIRED_RESULT = {
        code: "MCP435",
        name: "invalid-input-required-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// What the client must echo when it retries.
#[derive(Debug, Clone, Default)]
pub(crate) struct InputRequired {
    pub(crate) state: Option<Box<str>>,
    pub(crate) keys: Vec<Box<str>>,
}

/// Checks an `input_required` result answering `method`; `caps` are the capabilities the
/// original request declared. Returns what a retry must carry.
pub(crate) fn check(
    result: Value<'_>,
    method: &str,
    caps: Option<Caps>,
    report: &mut Reporter<'_>,
) -> InputRequired {
    let mut required = InputRequired::default();
    let Some(rt) = result.get("resultType") else {
        return required;
    };
    if !allows_input_required(method) {
        report.report(
            &INVALID_INPUT_REQUIRED_RESULT,
            rt,
            format!("`{method}` cannot return an `input_required` result (only `tools/call`, `resources/read` and `prompts/get` can)"),
            "complete the request, or answer it with an error",
        );
    }
    let requests = result.get("inputRequests");
    let state = result.get("requestState");
    if requests.is_none() && state.is_none() {
        report.report(
            &INVALID_INPUT_REQUIRED_RESULT,
            result.opening(),
            "the `input_required` result has neither `inputRequests` nor `requestState`",
            "add the input requests the client must fulfil, or the state it must echo",
        );
    }
    if let Some(state) = state {
        match state.as_str() {
            Some(s) => required.state = Some(s.as_ref().into()),
            None => report.report(
                &INVALID_INPUT_REQUIRED_RESULT,
                state,
                format!(
                    "`requestState` must be a string, found {}",
                    state.kind().with_article()
                ),
                "send `requestState` as an opaque string",
            ),
        }
    }
    let Some(requests) = requests else {
        return required;
    };
    if requests.kind() != ValueKind::Object {
        report.report(
            &INVALID_INPUT_REQUIRED_RESULT,
            requests,
            format!(
                "`inputRequests` must be an object, found {}",
                requests.kind().with_article()
            ),
            "map keys of your choice to `{method, params}` input requests",
        );
        return required;
    }
    for member in requests.members() {
        required.keys.push(member.key_str().as_ref().into());
        let request = member.value;
        let Some((name, at)) = request
            .get("method")
            .and_then(|m| m.as_str().map(|s| (s, m)))
        else {
            report.report(
                &INVALID_INPUT_REQUIRED_RESULT,
                request.opening(),
                format!(
                    "input request \"{}\" has no string `method`",
                    member.key_str()
                ),
                "use `elicitation/create`, `sampling/createMessage` or `roots/list`",
            );
            continue;
        };
        let params = request
            .get("params")
            .filter(|p| p.kind() == ValueKind::Object);
        let needed: Vec<(Cap, String)> = match name.as_ref() {
            "roots/list" => vec![(caps::C_ROOTS, "an input request `roots/list`".to_owned())],
            "sampling/createMessage" => {
                let mut v = vec![(
                    caps::C_SAMPLING,
                    "an input request `sampling/createMessage`".to_owned(),
                )];
                if params.is_some_and(|p| p.get("tools").is_some() || p.get("toolChoice").is_some())
                {
                    v.push((
                        caps::C_SAMPLING_TOOLS,
                        "an input request `sampling/createMessage` with `tools`".to_owned(),
                    ));
                }
                v
            }
            "elicitation/create" => {
                let url = params
                    .and_then(|p| p.get("mode"))
                    .and_then(Value::as_str)
                    .as_deref()
                    == Some("url");
                let mut v = vec![(
                    caps::C_ELICITATION,
                    "an input request `elicitation/create`".to_owned(),
                )];
                if url {
                    v.push((
                        caps::C_ELICITATION_URL,
                        "an input request `elicitation/create` with `mode: \"url\"`".to_owned(),
                    ));
                } else {
                    v.push((
                        caps::C_ELICITATION_FORM,
                        "a form-mode input request `elicitation/create`".to_owned(),
                    ));
                }
                v
            }
            other => {
                report.report(
                    &INVALID_INPUT_REQUIRED_RESULT,
                    at,
                    format!("`{other}` cannot be an input request"),
                    "use `elicitation/create`, `sampling/createMessage` or `roots/list`",
                );
                continue;
            }
        };
        if let Some(caps) = caps
            && let Some((cap, what)) = needed.iter().find(|(c, _)| !caps.has(*c))
        {
            capability_not_declared::report_missing(
                &Missing {
                    what,
                    cap: *cap,
                    side: Side::Client,
                    source: "the original request's `clientCapabilities`",
                    severity: Severity::Error,
                },
                at,
                report,
            );
        }
        // The request itself is checked as if the server had sent it (2026-07-28 has no
        // other way for a server to ask).
        let version = ProtocolVersion::V2026_07_28;
        match name.as_ref() {
            "sampling/createMessage" => {
                invalid_sampling_request::check(params, at.span(), version, report);
            }
            "elicitation/create" => {
                if let Some((Mode::Form, Some(properties))) =
                    invalid_elicitation_request::check(params, at.span(), version, report)
                {
                    sensitive_elicitation_field::check(properties, report);
                }
            }
            _ => {}
        }
    }
    required
}
