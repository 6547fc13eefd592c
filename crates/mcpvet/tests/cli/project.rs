//! The project around the inputs: `mcpvet.toml` (found by walking up, named, or not read),
//! inline suppressions, and baselines.
use super::*;

const SETTINGS: &str = r#"fail-on = "warning"
ignore = ["vendor"]

[rules]
MCP205 = "info"
unknown-field = "off"

[[dialect]]
glob = "clients/*.json"
name = "cursor"
"#;

const VSCODE_HTTP: &str = r#"{
  "servers": {
    "docs": {"type": "http", "url": "http://docs.internal.example.com/mcp"},
    "files": {"type": "stdio", "command": "node", "args": ["files.js"], "colour": "blue"}
  }
}
"#;

fn codes(stdout: &str) -> Vec<String> {
    let report: serde_json::Value = serde_json::from_str(stdout).unwrap();
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["findings"].as_array().unwrap().clone())
        .map(|f| {
            format!(
                "{} {}",
                f["code"].as_str().unwrap(),
                f["severity"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn project_settings() {
    let mut case = Case::new("project_settings")
        .file("proj/mcpvet.toml", SETTINGS)
        .file("proj/x/.vscode/mcp.json", VSCODE_HTTP)
        .file(
            "proj/vendor/.mcp.json",
            "{\"mcpServers\": {\"a\": {\"command\": 1}}}",
        )
        .file(
            "proj/clients/tool.json",
            "{\"mcpServers\": {\"docs\": {\"url\": \"https://docs.example.com/mcp\"}}}\n",
        )
        .file("bad/mcpvet.toml", "[rules]\nMCP999 = \"off\"\n")
        .file("bad/.mcp.json", "{\"mcpServers\": {}}\n")
        .file("other.toml", "[rules]\nMCP205 = \"error\"\n");
    // Without the settings: a warning and an error.
    let run = case.run(&[
        "config",
        "--no-settings",
        "--format",
        "json",
        "proj/x/.vscode/mcp.json",
    ]);
    assert_eq!(run.code, Some(1));
    assert_eq!(codes(&run.stdout), ["MCP205 warning", "MCP101 error"]);
    // The mcpvet.toml two folders up: MCP205 is an info, unknown-field is off, and the
    // file's `fail-on = "warning"` does not fail on an info.
    let run = case.run(&["config", "--format", "json", "proj/x/.vscode/mcp.json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(codes(&run.stdout), ["MCP205 info"]);
    // The command line beats the file.
    let run = case.run(&["config", "--fail-on", "info", "proj/x/.vscode/mcp.json"]);
    assert_eq!(run.code, Some(1));
    // `ignore` skips a file (said on standard error); `[[dialect]]` reads one as Cursor's.
    let run = case.run(&["check", "proj/vendor/.mcp.json", "proj/clients/tool.json"]);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stderr
            .contains("proj/vendor/.mcp.json: ignored (`vendor` in ")
    );
    assert!(
        run.stdout.contains("dialect   cursor (Cursor)"),
        "{}",
        run.stdout
    );
    let run = case.run(&[
        "check",
        "--dialect",
        "claude-desktop",
        "proj/clients/tool.json",
    ]);
    assert!(
        run.stdout.contains("dialect   claude-desktop"),
        "{}",
        run.stdout
    );
    // A named settings file instead of the one found.
    let run = case.run(&[
        "config",
        "--settings",
        "other.toml",
        "--format",
        "json",
        "proj/x/.vscode/mcp.json",
    ]);
    assert_eq!(run.code, Some(1));
    assert_eq!(codes(&run.stdout), ["MCP205 error", "MCP101 error"]);
    // A bad settings file: an error with its position, exit 2.
    let run = case.run(&["config", "bad/.mcp.json"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("/bad/mcpvet.toml:2:1: `MCP999` is not a rule code or name"),
        "{}",
        run.stderr
    );
    let run = case.run(&[
        "config",
        "--settings",
        "bad/mcpvet.toml",
        "proj/x/.vscode/mcp.json",
    ]);
    assert_eq!(run.code, Some(2));
    case.snapshot();
}

#[test]
fn project_suppressions() {
    let suppressed = VSCODE_HTTP
        .replace(
            "    \"docs\"",
            "    // mcpvet-ignore MCP205: internal host, reviewed\n    \"docs\"",
        )
        .replace(
            "\"blue\"}",
            "\"blue\"} // mcpvet-ignore MCP101, MCP212: our fork",
        );
    let mut case = Case::new("project_suppressions").file(".vscode/mcp.json", suppressed);
    let run = case.run(&["config", "--format", "json", ".vscode/mcp.json"]);
    assert_eq!(run.code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["files"][0]["summary"]["suppressed"], 2);
    assert_eq!(codes(&run.stdout), ["MCP018 warning"]);
    let run = case.run(&["config", ".vscode/mcp.json"]);
    assert!(
        run.stdout
            .contains("findings  0 errors, 1 warning, 0 infos (2 suppressed)"),
        "{}",
        run.stdout
    );
    case.snapshot();
}

/// A session whose only finding is an unanswered request.
const SESSION: &str = concat!(
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
    "\n",
);

#[test]
fn project_baseline() {
    let mut case = Case::new("project_baseline")
        .file(".vscode/mcp.json", VSCODE_HTTP)
        .file("logs/session.jsonl", SESSION)
        .file(
            "tools.json",
            r#"{"tools": [{"name": "read file", "description": "Read.", "inputSchema": {"path": "/srv"}}]}"#,
        );
    let inputs = [".vscode/mcp.json", "logs/session.jsonl", "tools.json"];
    let before = case.run(&["check", "--format", "json", inputs[0], inputs[1], inputs[2]]);
    assert_eq!(before.code, Some(1));
    let all = codes(&before.stdout);
    // Written: every finding, and the run does not fail because of them.
    let run = case.run(&[
        "check",
        "--write-baseline",
        "mcpvet-baseline.json",
        "-q",
        inputs[0],
        inputs[1],
        inputs[2],
    ]);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stderr
            .contains(&format!("wrote {} findings to the baseline", all.len()))
    );
    let written = fs::read_to_string(case.dir.join("cwd/mcpvet-baseline.json")).unwrap();
    let baseline: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(baseline["version"], 1);
    let entries = baseline["findings"].as_array().unwrap();
    assert_eq!(entries.len(), all.len());
    let keys: Vec<String> = entries.iter().map(|e| format!("{}", e["file"])).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    assert!(!written.contains("\"line\""));
    // The same files: nothing new, whatever the subcommand.
    let run = case.run(&[
        "check",
        "--baseline",
        "mcpvet-baseline.json",
        "--fail-on",
        "info",
        inputs[0],
        inputs[1],
        inputs[2],
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let run = case.run(&[
        "config",
        "--baseline",
        "mcpvet-baseline.json",
        "--fail-on",
        "info",
        inputs[0],
    ]);
    assert_eq!(run.code, Some(0));
    let run = case.run(&[
        "transcript",
        "--baseline",
        "mcpvet-baseline.json",
        "--fail-on",
        "info",
        inputs[1],
    ]);
    assert_eq!(run.code, Some(0));
    let run = case.run(&[
        "server",
        "--baseline",
        "mcpvet-baseline.json",
        "--fail-on",
        "info",
        inputs[2],
    ]);
    assert_eq!(run.code, Some(0));
    // Lines moved and a new finding: only the new one is reported.
    let moved = VSCODE_HTTP.replace(
        "  \"servers\": {\n",
        "  \"servers\": {\n\n    \"api\": {\"type\": \"http\", \"url\": \"http://api.example.com/mcp\"},\n\n",
    );
    case = case.file(".vscode/mcp.json", moved);
    let run = case.run(&[
        "config",
        "--baseline",
        "mcpvet-baseline.json",
        "--format",
        "json",
        "--fail-on",
        "warning",
        inputs[0],
    ]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let file = &report["files"][0];
    assert_eq!(file["summary"]["baselined"], 2);
    let findings = file["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["path"], "$.servers.api.url");
    let run = case.run(&["config", "--baseline", "mcpvet-baseline.json", inputs[0]]);
    assert!(run.stdout.contains("(2 baselined)"), "{}", run.stdout);
    // A malformed baseline is an error.
    case = case.file("broken.json", "{\"version\": 1, \"findings\": 3}");
    let run = case.run(&["config", "--baseline", "broken.json", inputs[0]]);
    assert_eq!(run.code, Some(2));
    case.snapshot();
}
