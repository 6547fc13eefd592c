use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::Cx;

declare_rule! {
    /// A tool result embeds a resource although the server declared no `resources` capability.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-06-18 on, a `tools/call` result whose `content` holds a block of
    /// type `resource` (an embedded resource), from a server whose capabilities, in its
    /// `initialize` result or (2026-07-28) its `server/discover` result, have no
    /// `resources`. Nothing is said when the capture does not show the capabilities.
    ///
    /// ## Why it matters
    ///
    /// Servers that return embedded resources "SHOULD implement the `resources`
    /// capability": a client may want to read or subscribe to the resource again, which it
    /// cannot do from a server without resources.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"resource","resource":{"uri":"file:///notes.txt","text":"hello"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-06-18
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"resources":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"resource","resource":{"uri":"file:///notes.txt","text":"hello"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-06-18 and later, Server features: Tools, "Embedded
    ///   Resources" (`server/tools.mdx#embedded-resources`)
    pub(crate) static EMBEDDED_RESOURCE_WITHOUT_CAPABILITY = {
        code: "MCP527",
        name: "embedded-resource-without-capability",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the embedded resources of a `tools/call` result against the server's declared
/// capabilities: `resources` is `Some(false)` when they are known and lack `resources`
/// (declared in `source`).
pub(crate) fn check(
    result: Value<'_>,
    resources: Option<bool>,
    source: &str,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if cx.version < ProtocolVersion::V2025_06_18 || resources != Some(false) {
        return;
    }
    let Some(block) = cx
        .get(result, "content")
        .into_iter()
        .flat_map(Value::items)
        .find(|b| b.get("type").and_then(Value::as_str).as_deref() == Some("resource"))
    else {
        return;
    };
    report.report(
        &EMBEDDED_RESOURCE_WITHOUT_CAPABILITY,
        block,
        format!("the tool result embeds a resource, but {source} declares no `resources` capability"),
        "declare and implement the `resources` capability, or return a `resource_link` or text instead",
    );
}
