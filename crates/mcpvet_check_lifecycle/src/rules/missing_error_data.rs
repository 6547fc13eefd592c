use mcpvet_ast::transcript::{ErrorObject, ProtocolVersion};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{JsonDocument, Value, ValueKind};

declare_rule! {
    /// An MCP-defined error lacks the `data` its protocol version requires.
    ///
    /// ## What it checks
    ///
    /// - 2026-07-28, −32021 (missing required client capability): `data.requiredCapabilities`,
    ///   an object of the client capabilities the request needs.
    /// - 2026-07-28, −32022 (unsupported protocol version): `data.supported`, an array of
    ///   the version strings the server supports, and `data.requested`, a string.
    /// - 2025-11-25, −32042 (URL elicitation required): `data.elicitations`, an array of
    ///   URL-mode elicitations, each with `mode: "url"` and an `elicitationId`.
    ///
    /// ## Why it matters
    ///
    /// The data is what makes these errors actionable: without the missing capabilities the
    /// client cannot tell what to declare, without the supported versions it cannot retry
    /// with one the server speaks, without the elicitations it cannot send the user
    /// anywhere.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"2027-01-01"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, `_meta` and capabilities
    ///   (`basic/index.mdx`): `MissingRequiredClientCapabilityError`
    /// - MCP specification 2026-07-28, Versioning (`basic/versioning.mdx`):
    ///   `UnsupportedProtocolVersionError`
    /// - MCP specification 2025-11-25, Elicitation, Error handling
    ///   (`client/elicitation.mdx`): `URLElicitationRequiredError`
    pub(crate) static MISSING_ERROR_DATA = {
        code: "MCP417",
        name: "missing-error-data",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `data` of an error (of `doc`) with an MCP-defined code.
pub(crate) fn check(
    error: &ErrorObject,
    doc: &JsonDocument<'_>,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) {
    let Some(code) = error.code else { return };
    let Some(value) = code.value else { return };
    let data = error
        .data
        .map(|d| doc.value(d))
        .filter(|d| d.kind() == ValueKind::Object);
    let at = |member: Option<Value<'_>>| -> mcpvet_text::Span {
        member.map_or_else(|| data.map_or(code.span(doc), Value::span), Value::span)
    };
    let problem: Option<(mcpvet_text::Span, String, &str)> = match value {
        -32021 if version.is_modern() => {
            let caps = data.and_then(|d| d.get("requiredCapabilities"));
            (caps.is_none_or(|c| c.kind() != ValueKind::Object)).then(|| {
                (
                    at(caps),
                    "error -32021 (missing required client capability) has no `data.requiredCapabilities` object".to_owned(),
                    "list the client capabilities the request needs in `data.requiredCapabilities`",
                )
            })
        }
        -32022 if version.is_modern() => {
            let supported = data.and_then(|d| d.get("supported"));
            let requested = data.and_then(|d| d.get("requested"));
            if supported.is_none_or(|s| {
                s.kind() != ValueKind::Array || s.items().any(|v| v.kind() != ValueKind::String)
            }) {
                Some((
                    at(supported),
                    "error -32022 (unsupported protocol version) has no `data.supported` array of versions".to_owned(),
                    "list the protocol versions the server supports in `data.supported`",
                ))
            } else if requested.is_none_or(|r| r.kind() != ValueKind::String) {
                Some((
                    at(requested),
                    "error -32022 (unsupported protocol version) has no `data.requested` string"
                        .to_owned(),
                    "echo the version the client asked for in `data.requested`",
                ))
            } else {
                None
            }
        }
        -32042 if version == ProtocolVersion::V2025_11_25 => {
            let list = data.and_then(|d| d.get("elicitations"));
            match list.filter(|l| l.kind() == ValueKind::Array) {
                None => Some((
                    at(list),
                    "error -32042 (URL elicitation required) has no `data.elicitations` array".to_owned(),
                    "list the required URL-mode elicitations in `data.elicitations`",
                )),
                Some(list) => list
                    .items()
                    .find(|e| {
                        e.get("mode").and_then(Value::as_str).as_deref() != Some("url")
                            || e.get("elicitationId").and_then(Value::as_str).is_none()
                    })
                    .map(|e| {
                        (
                            e.span(),
                            "an elicitation of error -32042 is not in URL mode with an `elicitationId`".to_owned(),
                            "give each elicitation `mode: \"url\"`, a `url`, a `message` and an `elicitationId`",
                        )
                    }),
            }
        }
        _ => None,
    };
    if let Some((span, message, help)) = problem {
        report.report(&MISSING_ERROR_DATA, span, message, help);
    }
}
