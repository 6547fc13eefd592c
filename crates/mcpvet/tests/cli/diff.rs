//! `mcpvet diff`, `mcpvet lock` and `--lock` on `transcript`, `server` and `diff`: outputs,
//! exit statuses and errors.
use super::*;

const OLD: &str = r#"{"tools": [
  {"name": "search", "description": "Search docs.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "mode": {"enum": ["fast", "full"]}}, "required": ["q"]}, "annotations": {"readOnlyHint": true}},
  {"name": "fetch", "description": "Fetch a page.", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}}
]}
"#;

const NEW: &str = r#"{"tools": [
  {"name": "search", "description": "Search the docs.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "mode": {"enum": ["fast"]}}, "required": ["q"]}, "annotations": {"readOnlyHint": false}},
  {"name": "fetch", "description": "Fetch a page.", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}, "timeout": {"type": "integer"}}}},
  {"name": "stats", "description": "Statistics.", "inputSchema": {"type": "object"}}
]}
"#;

/// Only compatible changes: an optional property.
const NEW_COMPATIBLE: &str = r#"{"tools": [
  {"name": "search", "description": "Search docs.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "mode": {"enum": ["fast", "full"]}, "page": {"type": "integer"}}, "required": ["q"]}, "annotations": {"readOnlyHint": true}},
  {"name": "fetch", "description": "Fetch a page.", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}}
]}
"#;

const SESSION: &str = concat!(
    r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"docs","version":"2.0.0"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search","description":"Search docs.","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"mode":{"enum":["fast","full"]}},"required":["q"]},"annotations":{"readOnlyHint":true}}]}}"#,
    "\n",
);

#[test]
fn diff_and_lock() {
    let mut case = Case::new("diff_and_lock")
        .file("old.json", OLD)
        .file("new.json", NEW)
        .file("compatible.json", NEW_COMPATIBLE)
        .file("session.jsonl", SESSION)
        .file(
            "bad.lock",
            "{\"lock_version\": 1,\n  \"servers\": [{\"tools\": {\"a\": \"xyz\"}}]}\n",
        )
        .file(
            ".vscode/mcp.json",
            r#"{"servers": {"a": {"command": "x"}}}"#,
        );
    case.run(&["diff", "old.json", "new.json"]);
    case.run(&["diff", "old.json", "compatible.json"]);
    case.run(&["diff", "--fail-on", "any", "old.json", "compatible.json"]);
    case.run(&["diff", "--fail-on", "never", "old.json", "new.json"]);
    case.run(&["diff", "old.json", "old.json"]);
    case.run(&["diff", "--format", "github", "old.json", "new.json"]);
    case.run(&["diff", "session.jsonl", "new.json"]);
    case.run(&["diff", ".vscode/mcp.json", "new.json"]);
    case.run(&["diff", "old.json", "missing.json"]);
    case.run(&["lock", "-o", "-", "old.json", "session.jsonl"]);
    case.run(&["lock", "old.json"]);
    case.run(&["server", "--lock", "mcp-tools.lock", "old.json"]);
    case.run(&[
        "server",
        "--lock",
        "mcp-tools.lock",
        "--format",
        "github",
        "new.json",
    ]);
    case.run(&[
        "transcript",
        "--lock",
        "mcp-tools.lock",
        "--format",
        "github",
        "session.jsonl",
    ]);
    case.run(&[
        "diff",
        "--lock",
        "mcp-tools.lock",
        "old.json",
        "compatible.json",
    ]);
    case.run(&["server", "--lock", "bad.lock", "new.json"]);
    case.run(&["lock", ".vscode/mcp.json"]);
    case.snapshot();
}

#[test]
fn diff_json_and_sarif_parse() {
    let mut case = Case::new("diff_json_and_sarif_parse")
        .file("old.json", OLD)
        .file("new.json", NEW);
    let json = case.run(&["diff", "--format", "json", "old.json", "new.json"]);
    assert_eq!(json.code, Some(1));
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["diff_version"], 1);
    assert_eq!(value["summary"]["risk"], 1);
    let sarif = case.run(&["diff", "--format", "sarif", "old.json", "new.json"]);
    let value: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
    let results = value["runs"][0]["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .any(|r| r["ruleId"] == "diff/enum-value-removed"
                && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "new.json"
                && r["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                    == "old.json")
    );
}
