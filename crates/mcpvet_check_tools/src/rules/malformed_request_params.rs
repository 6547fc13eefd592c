use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, string};

declare_rule! {
    /// The `params` of a `tools/call`, `prompts/get` or `resources/read` request do not have the required shape.
    ///
    /// ## What it checks
    ///
    /// - `tools/call`: `params` is an object with a string `name`; `arguments`, when
    ///   present, is an object;
    /// - `prompts/get`: `params` is an object with a string `name`; `arguments`, when
    ///   present, is an object (its values are MCP531);
    /// - `resources/read`: `params` is an object with a string `uri`.
    ///
    /// ## Why it matters
    ///
    /// These members are required by the schema of every version (`CallToolRequest`,
    /// `GetPromptRequest`, `ReadResourceRequest`); a server answers a request without them
    /// with a JSON-RPC error (-32602, invalid params), and a client that sends them wrong
    /// has a bug in how it builds requests. `arguments` as an array or a JSON-encoded
    /// string is a frequent mistake of hand-written clients.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":"{\"path\": \"README.md\"}"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"README.md"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools ("Calling Tools"), Prompts ("Getting a
    ///   Prompt"), Resources ("Reading Resources")
    pub(crate) static MALFORMED_REQUEST_PARAMS = {
        code: "MCP520",
        name: "malformed-request-params",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The `params` object of a `method` request (at `method_span`); reports a missing or
/// mistyped one.
pub(crate) fn check_params<'d>(
    method: &str,
    params: Option<Value<'d>>,
    method_span: Span,
    needs: &str,
    report: &mut Reporter<'_>,
) -> Option<Value<'d>> {
    match params {
        Some(p) if p.kind() == ValueKind::Object => Some(p),
        Some(p) if p.kind() == ValueKind::Error => None,
        Some(p) => {
            report.report(
                &MALFORMED_REQUEST_PARAMS,
                p,
                format!(
                    "`{method}` params must be an object, found {}",
                    p.kind().with_article()
                ),
                format!("send `params` as an object with {needs}"),
            );
            None
        }
        None => {
            report.report(
                &MALFORMED_REQUEST_PARAMS,
                method_span,
                format!("`{method}` has no `params`"),
                format!("send `params` with {needs}"),
            );
            None
        }
    }
}

/// The required string member `key` of `params`.
pub(crate) fn check_string_member<'d>(
    method: &str,
    params: Value<'d>,
    key: &str,
    what: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Option<(String, Value<'d>)> {
    let Some(v) = cx.get(params, key) else {
        report.report(
            &MALFORMED_REQUEST_PARAMS,
            params,
            format!("`{method}` params have no `{key}`"),
            format!("add `{key}`: {what}"),
        );
        return None;
    };
    if let Some(s) = string(v) {
        return Some((s, v));
    }
    if v.kind() != ValueKind::Error {
        report.report(
            &MALFORMED_REQUEST_PARAMS,
            v,
            format!(
                "`{method}` `params.{key}` must be a string, found {}",
                v.kind().with_article()
            ),
            format!("set `{key}` to {what}"),
        );
    }
    None
}

/// The optional object member `key` of `params`: `Ok(None)` when absent, `Err(())` when
/// present with another type (reported).
pub(crate) fn check_object_member<'d>(
    method: &str,
    params: Value<'d>,
    key: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) -> Result<Option<Value<'d>>, ()> {
    match cx.get(params, key) {
        None => Ok(None),
        Some(v) if v.kind() == ValueKind::Object => Ok(Some(v)),
        Some(v) if v.kind() == ValueKind::Error => Err(()),
        Some(v) => {
            let hint = if v.kind() == ValueKind::String {
                " (a JSON-encoded string is not an object)"
            } else {
                ""
            };
            report.report(
                &MALFORMED_REQUEST_PARAMS,
                v,
                format!(
                    "`{method}` `params.{key}` must be an object, found {}{hint}",
                    v.kind().with_article()
                ),
                format!("send `{key}` as a JSON object of named values"),
            );
            Err(())
        }
    }
}
