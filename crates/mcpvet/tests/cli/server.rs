//! `mcpvet server` on each kind of server definition, and `mcpvet schema infer`.
use super::*;

/// A captured `tools/list` response: a tool whose input schema is an example payload.
const LISTING: &str = r#"{"jsonrpc": "2.0", "id": 2, "result": {"tools": [
  {"name": "read_file", "description": "Read a file.", "inputSchema": {"path": "/srv/notes.txt"}},
  {"name": "list_dir", "description": "List a folder.", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}
]}}
"#;

/// A registry entry with a package and a remote.
const REGISTRY: &str = r#"{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
  "name": "io.github.example/weather",
  "description": "Weather forecasts for any city.",
  "version": "1.0.2",
  "packages": [
    {
      "registryType": "npm",
      "identifier": "@example/weather-mcp",
      "version": "1.0.2",
      "transport": {"type": "stdio"},
      "environmentVariables": [
        {"name": "WEATHER_API_KEY", "description": "API key", "isSecret": true, "isRequired": true}
      ]
    }
  ],
  "remotes": [
    {"type": "streamable-http", "url": "https://weather.example.com/mcp"}
  ]
}
"#;

/// A desktop extension manifest.
const MANIFEST: &str = r#"{
  "manifest_version": "0.3",
  "name": "notes",
  "version": "1.0.0",
  "description": "Keep notes.",
  "author": {"name": "Example"},
  "server": {
    "type": "node",
    "entry_point": "server/index.js",
    "mcp_config": {
      "command": "node",
      "args": ["${__dirname}/server/index.js"],
      "env": {"NOTES_TOKEN": "${user_config.token}"}
    }
  },
  "tools": [{"name": "add_note", "description": "Add a note"}],
  "user_config": {
    "token": {"type": "string", "title": "Token", "description": "The notes API token", "sensitive": true, "required": true}
  }
}
"#;

/// A neutral definition: an example payload as the request schema, and a basic password.
const DEFINITION: &str = r#"{
  "name": "crm",
  "description": "Customer records.",
  "tools": [
    {
      "name": "find_customer",
      "description": "Find a customer by e-mail.",
      "type": "http",
      "method": "GET",
      "endpoint": "https://crm.example.com",
      "path": "/customers",
      "authentication": {"type": "basic", "username": "svc", "password": "mcpvet-synthetic-pw-7Qx2"},
      "requestSchema": {"email": "ada@example.com", "limit": 5},
      "responseSchema": {"type": "object", "properties": {"id": {"type": "string"}}}
    }
  ],
  "publish": {"version": "1.0.0", "label": "CRM"}
}
"#;

#[test]
fn server_inputs() {
    let mut case = Case::new("server_inputs")
        .file("tools.json", LISTING)
        .file("server.json", REGISTRY)
        .file("manifest.json", MANIFEST)
        .file("definition.json", DEFINITION);
    for name in [
        "tools.json",
        "server.json",
        "manifest.json",
        "definition.json",
    ] {
        case.run(&["server", name]);
    }
    // Every format in JSON: the kind, the format and the items with their schema states.
    let run = case.run(&[
        "server",
        "--format",
        "json",
        "tools.json",
        "server.json",
        "manifest.json",
        "definition.json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let formats: Vec<(&str, &str)> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap(),
                f["input_format"]["name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        formats,
        [
            ("server", "listing"),
            ("server", "server-json"),
            ("server", "mcpb-manifest"),
            ("server", "definition"),
        ]
    );
    let tools = &report["files"][0]["definition"]["items"];
    assert_eq!(tools[0]["schemas"][0]["state"], "incomplete");
    assert_eq!(tools[1]["schemas"][0]["state"], "valid");
    // No output shows the password.
    assert!(!run.stdout.contains("mcpvet-synthetic-pw-7Qx2"));
    // `check` decides from the content; `config` says where such a file belongs.
    let run = case.run(&["check", "tools.json", "server.json"]);
    assert!(run.stdout.contains("tools.json\n  read as   server ("));
    assert!(run.stdout.contains("server.json\n  read as   server ("));
    let run = case.run(&["config", "manifest.json"]);
    assert!(run.stdout.contains("inspect it with `mcpvet server`"));
    // Forced formats and SARIF.
    case.run(&["server", "--input-format", "listing", "definition.json"]);
    // SARIF (not in the snapshot: it carries every rule's page).
    let output = case
        .command(&["server", "--format", "sarif", "definition.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let sarif: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        sarif["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["ruleId"] == "MCP601" && r["fixes"].is_array())
    );
    // Without a path: server.json and manifest.json of the current folder.
    case.run(&["server", "--format", "github"]);
    case.run(&["server", "--input-format", "yaml", "tools.json"]);
    case.snapshot();
}

#[test]
fn server_nothing_found() {
    let mut case = Case::new("server_nothing_found");
    let run = case.run(&["server"]);
    assert_eq!(run.code, Some(2));
    case.run(&["server", "missing.json"]);
    case.snapshot();
}

#[test]
fn schema_infer() {
    let mut case = Case::new("schema_infer")
        .file(
            "example.json",
            r#"{"city": "Oslo", "days": 3, "hourly": [{"t": 1.5, "rain": false}, {"t": 2}], "note": null}"#,
        )
        .file("broken.json", "{\"city\": \"Oslo\",\n  \"days\": }\n");
    let run = case.run(&["schema", "infer", "example.json"]);
    assert_eq!(run.code, Some(0));
    let schema: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        schema["properties"]["hourly"]["items"]["required"],
        serde_json::json!(["t"])
    );
    assert_eq!(
        schema["properties"]["hourly"]["items"]["properties"]["t"]["type"],
        "number"
    );
    // The same text twice: deterministic.
    let first = run.stdout.clone();
    assert_eq!(case.run(&["schema", "infer", "example.json"]).stdout, first);
    case.run(&["schema", "infer", "--required", "none", "example.json"]);
    case.run_with(&["schema", "infer", "-"], Some(b"[1, 2.5, \"x\"]"));
    let run = case.run(&["schema", "infer", "broken.json"]);
    assert_eq!(run.code, Some(2));
    case.run(&["schema", "infer", "missing.json"]);
    case.run(&["schema", "infer", "--required", "some", "example.json"]);
    case.run(&["schema", "--help"]);
    case.snapshot();
}
