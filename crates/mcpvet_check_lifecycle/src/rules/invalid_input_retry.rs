use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::key::Key;

declare_rule! {
    /// A 2026-07-28 retry after an `input_required` result does not follow the multi round-trip rules.
    ///
    /// ## What it checks
    ///
    /// A request carrying `inputResponses` or `requestState` is the retry of a request the
    /// server answered with `input_required`. It must:
    ///
    /// - use a new id (reusing the original request's id is a violation in every version,
    ///   even though 2026-07-28 otherwise allows reusing completed ids);
    /// - echo `requestState` exactly when the server sent one, and carry none when it did not;
    /// - answer exactly the keys of `inputRequests` in `inputResponses`;
    /// - follow an `input_required` result at all ("MUST NOT use these values on any other
    ///   request").
    ///
    /// The retry is matched with the result by its `requestState`, else by method and
    /// `name` (or `uri`).
    ///
    /// ## Why it matters
    ///
    /// The server keeps no session: it resumes the operation only from what the retry
    /// carries. A changed state, a missing answer or a reused id makes it start over, fail,
    /// or answer the wrong request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s1"}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"deploy","inputResponses":{"confirm":{"action":"accept","content":{}}},"requestState":"s2","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s1"}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"deploy","inputResponses":{"confirm":{"action":"accept","content":{}}},"requestState":"s1","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Multi round-trip requests (`basic/patterns/mrtr.mdx`)
    pub(crate) static INVALID_INPUT_RETRY = {
        code: "MCP436",
        name: "invalid-input-retry",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The `input_required` result a retry answers, as the session remembers it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Original<'a> {
    /// The method of the original request.
    pub(crate) method: &'a str,
    /// Its id, and the line it was sent at.
    pub(crate) id: &'a Key,
    pub(crate) line: u32,
    /// The `requestState` of the result, and the keys of its `inputRequests`.
    pub(crate) state: Option<&'a str>,
    pub(crate) keys: &'a [Box<str>],
    /// Where the result says `input_required`: the secondary span of every finding.
    pub(crate) result: Span,
}

/// `params.name` of a `tools/call` or `prompts/get`, `params.uri` of a `resources/read`.
pub(crate) fn target(params: Value<'_>) -> Option<Box<str>> {
    params
        .get("name")
        .or_else(|| params.get("uri"))
        .and_then(Value::as_str)
        .map(|s| s.as_ref().into())
}

/// Whether a request with these `params` retries an `input_required` result: it carries
/// `inputResponses` or `requestState`.
pub(crate) fn is_retry(params: Value<'_>) -> bool {
    params.get("inputResponses").is_some() || params.get("requestState").is_some()
}

/// Checks a retry: a `method` request (its method at `method_span`, its id `id`, its
/// `params`) answering the `original` result (`None` when no `input_required` result of the
/// session matches it). Returns, for a retry that leaves out answers the server asked for,
/// the keys left out (quoted) and where its answers are (or its method).
pub(crate) fn check(
    method: &str,
    method_span: Span,
    id: Option<&Key>,
    params: Value<'_>,
    original: Option<Original<'_>>,
    report: &mut Reporter<'_>,
) -> Option<(String, Span)> {
    let responses = params.get("inputResponses");
    let state = params.get("requestState");
    let state_text = state.and_then(Value::as_str);
    let Some(original) = original else {
        let at = responses
            .or(state)
            .map_or(Site::from(method_span), Value::site);
        report.report(
            &INVALID_INPUT_RETRY,
            at,
            format!("`{method}` carries `inputResponses` or `requestState` but follows no `input_required` result"),
            "send these members only when retrying a request the server answered with `input_required`",
        );
        return None;
    };
    if id == Some(original.id) {
        emit(
            report,
            original.result,
            method_span,
            format!(
                "the retry reuses id {} of the original request (line {})",
                original.id, original.line
            ),
            "give the retry a new id",
        );
    }
    if original.method != method {
        emit(
            report,
            original.result,
            method_span,
            format!(
                "the retry is `{method}` but the original request (line {}) was `{}`",
                original.line, original.method
            ),
            "retry with the same method and params",
        );
    }
    match (original.state, state) {
        (Some(expected), Some(s)) if state_text.as_deref() != Some(expected) => emit(
            report,
            original.result,
            s,
            format!("`requestState` does not echo the server's \"{expected}\""),
            "echo `requestState` exactly as the server sent it",
        ),
        (Some(expected), None) => emit(
            report,
            original.result,
            method_span,
            format!("the retry does not echo `requestState` \"{expected}\""),
            "echo `requestState` exactly as the server sent it",
        ),
        (None, Some(s)) => emit(
            report,
            original.result,
            s,
            "the retry sends `requestState`, but the server sent none",
            "leave `requestState` out when the server sent none",
        ),
        _ => {}
    }
    let given: Vec<String> = responses
        .filter(|r| r.kind() == ValueKind::Object)
        .map(|r| r.members().map(|m| m.key_str().into_owned()).collect())
        .unwrap_or_default();
    let missing: Vec<&str> = original
        .keys
        .iter()
        .filter(|k| !given.iter().any(|g| g == &***k))
        .map(|k| &**k)
        .collect();
    let extra: Vec<&str> = given
        .iter()
        .filter(|g| !original.keys.iter().any(|k| &**k == g.as_str()))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() || !extra.is_empty() {
        let at = responses.map_or(Site::from(method_span), Value::site);
        let mut parts = Vec::new();
        if !missing.is_empty() {
            parts.push(format!("does not answer {}", quoted(&missing)));
        }
        if !extra.is_empty() {
            parts.push(format!(
                "answers {}, which the server did not ask for",
                quoted(&extra)
            ));
        }
        emit(
            report,
            original.result,
            at,
            format!("`inputResponses` {}", parts.join(" and ")),
            "answer exactly the keys of the server's `inputRequests`",
        );
    }
    (!missing.is_empty()).then(|| (quoted(&missing), responses.map_or(method_span, Value::span)))
}

/// Reports a finding of a retry at `at`, with the `input_required` result it retries
/// (`result`) as the secondary span.
fn emit(
    report: &mut Reporter<'_>,
    result: Span,
    at: impl Into<Site>,
    message: impl Into<String>,
    help: &str,
) {
    report.push(
        INVALID_INPUT_RETRY
            .diagnostic_at(at, message)
            .with_help(help)
            .with_secondary(Label::with_message(
                result,
                "the `input_required` result this request retries",
            )),
    );
}

fn quoted(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| format!("\"{k}\""))
        .collect::<Vec<_>>()
        .join(", ")
}
