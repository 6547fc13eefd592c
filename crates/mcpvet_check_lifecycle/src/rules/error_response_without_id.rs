use mcpvet_ast::transcript::{ProtocolVersion, RequestId};
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// An error response has no `id`, or `"id": null`, in a way its protocol version does not allow.
    ///
    /// ## What it checks
    ///
    /// - Up to 2025-06-18 the schema requires a non-null `id` on every error response
    ///   (`JSONRPCError.id: RequestId`), while base JSON-RPC answers unreadable requests with
    ///   `"id": null` and the transport prose allows an error "that has no `id`": a missing or
    ///   `null` id is a **warning**.
    /// - From 2025-11-25 the `id` is optional on an error response "in error cases where the
    ///   ID could not be read": a missing id is fine, but `"id": null` is still invalid
    ///   (`RequestId` excludes `null`): an **error**.
    ///
    /// ## Why it matters
    ///
    /// Strict peers validate responses against the schema of the negotiated version; a
    /// `null` id fails that validation from 2025-11-25 on, where omitting the id is the
    /// supported way to answer an unreadable request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}
    /// ```
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `JSONRPCError` (up to 2025-06-18) and `JSONRPCErrorResponse` (2025-11-25 and later)
    ///   in `schema.ts`
    /// - MCP specification 2025-11-25, Basic protocol, Responses (`basic/index.mdx`)
    /// - JSON-RPC 2.0 specification, section 5
    pub(crate) static ERROR_RESPONSE_WITHOUT_ID = {
        code: "MCP406",
        name: "error-response-without-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the id of an error response (`message`): `id` is `None` when the member is absent.
pub(crate) fn check(
    id: Option<&RequestId>,
    message: Value<'_>,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) {
    let optional = version >= ProtocolVersion::V2025_11_25;
    match id {
        None if !optional => report.report(
            &ERROR_RESPONSE_WITHOUT_ID,
            message.opening(),
            format!("the error response has no `id`, which protocol {version} requires"),
            "add the id of the request it answers (`null` only when that id could not be read)",
        ),
        Some(id) if id.is_null() => {
            if optional {
                report.report_as(
                    &ERROR_RESPONSE_WITHOUT_ID,
                    Severity::Error,
                    id.span(message.document()),
                    format!("`id` is null, which protocol {version} rejects: an error response leaves out an id it could not read"),
                    "remove the `id` member, or use the id of the request it answers",
                );
            } else {
                report.report(
                    &ERROR_RESPONSE_WITHOUT_ID,
                    id.span(message.document()),
                    format!("`id` is null, which the protocol {version} schema rejects"),
                    "use the id of the request it answers when it could be read",
                );
            }
        }
        _ => {}
    }
}
