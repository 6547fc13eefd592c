//! Other captures than wire sessions: SDK records, server signatures, log lines that
//! abbreviate a request, batches.
use super::*;

#[test]
fn sdk_captures_use_null_as_absent() {
    let lines = [
        r#"{"type": "request", "timestamp": "t", "count": 1, "method": "initialize", "args": [], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 1, "method": "initialize", "result": {"_type": "InitializeResult", "meta": null, "protocolVersion": "2025-06-18", "capabilities": {"_type": "ServerCapabilities", "tools": {"_type": "ToolsCapability", "listChanged": null}}, "serverInfo": {"_type": "Implementation", "name": "fs", "title": null, "version": "1"}, "instructions": null}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 2, "method": "list_tools", "args": [], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 2, "method": "list_tools", "result": {"_type": "ListToolsResult", "meta": null, "nextCursor": null, "tools": [{"_type": "Tool", "name": "read_file", "title": null, "description": "Read.", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "head": {"type": ["number", "null"], "default": null}}, "required": ["path"], "additionalProperties": false, "$schema": "http://json-schema.org/draft-07/schema#"}, "outputSchema": null, "icons": null, "annotations": null, "meta": null}, {"_type": "Tool", "name": "stat", "title": null, "description": null, "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"size": {"type": "integer"}}, "required": ["size"]}, "icons": null, "annotations": {"_type": "ToolAnnotations", "title": null, "readOnlyHint": true, "destructiveHint": null}, "meta": null}]}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 3, "method": "call_tool", "args": ["read_file", {"path": "README.md"}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 3, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [{"_type": "TextContent", "type": "text", "text": "hi", "annotations": null, "meta": null}], "structuredContent": null, "isError": false}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 4, "method": "call_tool", "args": ["read_file", {"path": 3}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 4, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [], "structuredContent": null, "isError": true}, "error": null}"#,
        r#"{"type": "request", "timestamp": "t", "count": 5, "method": "call_tool", "args": ["stat", {}], "kwargs": {}}"#,
        r#"{"type": "response", "timestamp": "t", "count": 5, "method": "call_tool", "result": {"_type": "CallToolResult", "meta": null, "content": [], "structuredContent": {"size": "big"}, "isError": false}, "error": null}"#,
    ];
    let r = run_as(&lines, "session.jsonl", None);
    assert_eq!(
        r.found(),
        [
            ("MCP506", Severity::Warning, "\"stat\""),
            ("MCP522", Severity::Error, "3"),
            // Not mirrored in `content` (the SDK result's `content` is empty).
            ("MCP526", Severity::Warning, "{\"size\": \"big\"}"),
            ("MCP523", Severity::Error, "\"big\""),
        ]
    );
    assert_eq!(r.summary.tools, 2);
    assert_eq!(r.summary.failed_calls, 1);
}

#[test]
fn server_signatures_get_the_schema_checks() {
    let signature = [
        r#"{"metadata": {"meta": null, "protocolVersion": "2025-11-25", "capabilities": {"tools": {"listChanged": false}}, "serverInfo": {"name": "Math", "title": null, "version": "1"}, "instructions": null},
 "prompts": [{"name": "math_prompt", "title": null, "description": "Math.", "arguments": [], "icons": null, "meta": null}],
 "resources": [], "resource_templates": [{"uriTemplate": "calc://{a b}", "name": "calc", "title": null, "description": null, "mimeType": null, "icons": null, "annotations": null, "meta": null}],
 "tools": [{"name": "add", "title": null, "description": "Add.", "execution": null, "inputSchema": {"a": 1, "b": 2}, "outputSchema": null, "icons": null, "annotations": null, "meta": null},
           {"name": "sub", "title": null, "description": "Subtract.", "execution": null, "inputSchema": {"type": "object", "properties": {"a": {"type": "integer"}}}, "outputSchema": {"type": "object", "properties": {"result": {"title": "Result", "type": "integer"}}, "required": ["result"]}, "icons": null, "annotations": {"readOnlyHint": true, "destructiveHint": null}, "meta": null}]}"#,
    ];
    let r = run_as(&signature, "math_server_signature.json", None);
    assert_eq!(
        r.found(),
        [
            ("MCP540", Severity::Error, " "),
            ("MCP508", Severity::Error, r#"{"a": 1, "b": 2}"#),
        ]
    );
    assert_eq!(r.summary.tools, 2);
    assert!(r.summary.digest.is_some());
}

#[test]
fn abbreviated_requests_pair_with_full_responses() {
    let log = [
        r#"2025-01-01T00:00:00.000Z [fs] Message from client: method="tools/list" id=1 params"#,
        r#"2025-01-01T00:00:00.100Z [info] [fs] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}},{"name":"a","description":"d","inputSchema":{"type":"object"}}]}}"#,
        r#"2025-01-01T00:00:00.200Z [info] [git] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
    ];
    let r = run_as(&log, "mcp.log", Some(V2025_11));
    // The `git` server never received tools/list id 1: its response is not read as a list.
    assert_eq!(r.codes(), ["MCP502"]);
}

#[test]
fn batches_are_checked_item_by_item() {
    let r = run(
        &[
            r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"p","arguments":{"n":1}}}]"#,
            r#"[{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"x","inputSchema":{"type":"object"}}]}}]"#,
        ],
        V2025_03,
    );
    assert_eq!(r.codes(), ["MCP531", "MCP506"]);
}
