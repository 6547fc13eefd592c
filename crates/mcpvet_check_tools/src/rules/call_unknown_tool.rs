use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use crate::state::Server;

declare_rule! {
    /// A `tools/call` names a tool that the server's tool list does not contain.
    ///
    /// ## What it checks
    ///
    /// The `name` of each `tools/call` request against the tools of every `tools/list`
    /// result seen earlier in the capture (all pages, all listings; per server when the
    /// capture names servers). Nothing is reported while no tool list has been seen: a
    /// capture that starts mid-session cannot tell. When a listed tool differs only in case,
    /// the message names it.
    ///
    /// Severity by version: an **error** up to 2025-11-25, where the listing of a session is
    /// authoritative; an **info** in 2026-07-28, where a listing is a cached view (`ttlMs`,
    /// `cacheScope`) that may have expired or differ from the one the client holds, so a
    /// call of a tool it lacks is not an error (a result answering it is not judged as the
    /// answer to an unknown tool; an error answering it still should be −32602).
    ///
    /// ## Why it matters
    ///
    /// A server can only run the tools it advertises; it answers an unknown name with a
    /// JSON-RPC error (-32602, every version). Calling an unlisted tool means the client
    /// uses a stale list (it missed `notifications/tools/list_changed`), the model invented
    /// a name, or the tool was renamed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"delete_file","arguments":{}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_file","arguments":{}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Calling Tools" and "Error Handling"
    pub(crate) static CALL_UNKNOWN_TOOL = {
        code: "MCP521",
        name: "call-unknown-tool",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a call of `tool` (named by the string `name_value`) that the server's tool list
/// does not contain, naming a listed tool that differs only in case; returns whether the tool
/// is unknown to the listings (a server that refuses the call should say so with −32602).
/// Nothing is unknown while no tool list was seen. In a 2026-07-28 session (`cached`) a
/// listing is a cached view: the call is an info.
pub(crate) fn check(
    server: &Server,
    tool: &str,
    name_value: Value<'_>,
    cached: bool,
    report: &mut Reporter<'_>,
) -> bool {
    if !server.tools_listed || server.tools.contains_key(tool) {
        return false;
    }
    let similar = server.tools.keys().find(|k| k.eq_ignore_ascii_case(tool));
    let hint = similar.map_or_else(String::new, |s| {
        format!(" (a tool `{}` is listed)", name(s))
    });
    if cached {
        report.report_as(
            &CALL_UNKNOWN_TOOL,
            Severity::Info,
            name_value,
            format!(
                "`tools/call` names `{}`, which no `tools/list` result in the capture contains{hint}; in 2026-07-28 a listing is a cached view (`ttlMs`), so the server may still have it",
                name(tool)
            ),
            "if the call fails, refresh the tool list (its `ttlMs` says how long a listing stays fresh)",
        );
        return true;
    }
    report.report(
        &CALL_UNKNOWN_TOOL,
        name_value,
        format!(
            "`tools/call` names `{}`, which the server's tool list does not contain{hint}",
            name(tool)
        ),
        "call a tool from the latest `tools/list` result",
    );
    true
}
