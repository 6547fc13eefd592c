use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::{Exchange, Request, decode_header, mirrors};
use crate::flow::Kind;

declare_rule! {
    /// A 2026-07-28 request's `Mcp-Method`, `Mcp-Name` or `Mcp-Param-*` header is missing or differs from its body.
    ///
    /// ## What it checks
    ///
    /// Each `POST` of a 2026-07-28 session, in HAR files and trace `http` events:
    ///
    /// - `Mcp-Method` must equal the body's `method` (requests and notifications);
    /// - `Mcp-Name` must equal `params.name` of `tools/call` and `prompts/get`, and
    ///   `params.uri` of `resources/read`;
    /// - for a `tools/call` of a tool whose input schema (in a `tools/list` result of the
    ///   capture) marks an argument `"x-mcp-header": "Region"`, `Mcp-Param-Region` must
    ///   mirror that argument when it is present and not `null`, and be absent otherwise.
    ///
    /// Values are compared as the transport writes them: strings exactly (header values are
    /// case-sensitive), integers numerically (`42` and `42.0`), booleans as `true`/`false`,
    /// and a value written `=?base64?…?=` after decoding. A missing header is judged in HAR
    /// files only (a trace event may hold only some headers).
    ///
    /// ## Why it matters
    ///
    /// Gateways and load balancers route on these headers without reading the body; a
    /// server must reject a request whose headers and body disagree (`400 Bad Request`), so
    /// that no component acts on a method or a tool other than the one that runs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "MCP-Protocol-Version", "value": "2026-07-28"}, {"name": "Mcp-Method", "value": "tools/call"}, {"name": "Mcp-Name", "value": "get_forecast"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\",\"arguments\":{\"location\":\"Lisbon\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 118, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"sunny\"}],\"isError\":false}}"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "MCP-Protocol-Version", "value": "2026-07-28"}, {"name": "Mcp-Method", "value": "tools/call"}, {"name": "Mcp-Name", "value": "get_weather"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\",\"arguments\":{\"location\":\"Lisbon\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 118, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resultType\":\"complete\",\"content\":[{\"type\":\"text\",\"text\":\"sunny\"}],\"isError\":false}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Request Metadata:
    ///   Standard Request Headers, Custom Headers from Tool Parameters, Value Encoding,
    ///   Server Validation
    pub(crate) static HTTP_HEADER_MISMATCH = {
        code: "MCP465",
        name: "http-header-mismatch",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the headers that mirror the body of each message of a 2026 POST.
pub(crate) fn check(ex: &Exchange, request: &Request, report: &mut Reporter<'_>) {
    if !request.is("POST") {
        return;
    }
    let Some(message) = ex
        .client
        .iter()
        .find(|c| matches!(c.kind, Kind::Request | Kind::Notification))
    else {
        return;
    };
    let Some(method) = message.method.as_deref() else {
        return;
    };
    match request.headers.get("mcp-method") {
        Some(h) if *h.value != *method => report.report(
            &HTTP_HEADER_MISMATCH,
            h.site.clone(),
            format!(
                "`Mcp-Method` is `{}` but the body's method is `{method}`",
                h.value
            ),
            format!("send `Mcp-Method: {method}`"),
        ),
        None if request.headers.lacks("mcp-method") => report.report(
            &HTTP_HEADER_MISMATCH,
            request.site.clone(),
            format!("the POST carrying `{method}` has no `Mcp-Method` header"),
            format!("send `Mcp-Method: {method}`"),
        ),
        _ => {}
    }
    if message.kind == Kind::Request
        && matches!(method, "tools/call" | "prompts/get" | "resources/read")
        && let Some(name) = message.name.as_deref()
    {
        let member = if method == "resources/read" {
            "params.uri"
        } else {
            "params.name"
        };
        match request.headers.get("mcp-name") {
            Some(h) if decode_header(&h.value).as_deref() != Some(name) => report.report(
                &HTTP_HEADER_MISMATCH,
                h.site.clone(),
                format!(
                    "`Mcp-Name` is `{}` but the body's `{member}` is `{name}`",
                    h.value
                ),
                format!("send `Mcp-Name: {name}`"),
            ),
            None if request.headers.lacks("mcp-name") => report.report(
                &HTTP_HEADER_MISMATCH,
                request.site.clone(),
                format!("the POST carrying `{method}` of `{name}` has no `Mcp-Name` header"),
                format!("send `Mcp-Name: {name}`"),
            ),
            _ => {}
        }
    }
    for (header, arg) in &message.params {
        let name = format!("Mcp-Param-{header}");
        let sent = request.headers.get(&name.to_ascii_lowercase());
        match (arg, sent) {
            (Some(arg), Some(h)) if !mirrors(&h.value, arg) => report.report(
                &HTTP_HEADER_MISMATCH,
                h.site.clone(),
                format!("`{name}` does not match the tool argument it mirrors"),
                format!("send the argument's value in `{name}` (base64-encoded between `=?base64?` and `?=` when it is not plain ASCII)"),
            ),
            (Some(_), None) if request.headers.complete => report.report(
                &HTTP_HEADER_MISMATCH,
                message.site.clone(),
                format!("the tool's schema mirrors an argument into `{name}`, which the POST does not send"),
                format!("send `{name}` with the argument's value"),
            ),
            (None, Some(h)) => report.report(
                &HTTP_HEADER_MISMATCH,
                h.site.clone(),
                format!("`{name}` is sent but the argument it mirrors is absent or `null`"),
                format!("leave `{name}` out when the argument is absent or `null`"),
            ),
            _ => {}
        }
    }
}
