//! Files given together are compared: a tool name that servers of two files advertise
//! (MCP805) and a description naming another file's tool (MCP806) are found in the later
//! file, for listings, definitions and sessions alike; `--no-cross-file` turns it off.
use super::*;

/// A listing (no server name: the file is the server).
const MAIL: &str = r#"{
  "tools": [
    {"name": "send_email", "description": "Send an email.", "inputSchema": {"type": "object"}}
  ]
}
"#;

/// Another listing: a tool of the same name, and a description naming a tool of a third file.
const FACTS: &str = r#"{
  "tools": [
    {"name": "send_email", "description": "Send a fact by email.", "inputSchema": {"type": "object"}},
    {"name": "random_fact", "description": "Return a random fact. Pairs well with archive_email.", "inputSchema": {"type": "object"}}
  ]
}
"#;

/// A listing whose tools no other file has.
const WEATHER: &str = r#"{
  "tools": [
    {"name": "get_forecast", "description": "The forecast of a city.", "inputSchema": {"type": "object"}}
  ]
}
"#;

/// A session of the server `serverInfo.name`, listing `tools`.
fn session(server: &str, tools: &str) -> String {
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#.to_owned(),
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"protocolVersion":"2025-06-18","capabilities":{{"tools":{{}}}},"serverInfo":{{"name":"{server}","version":"1"}}}}}}"#
        ),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.to_owned(),
        format!(r#"{{"jsonrpc":"2.0","id":2,"result":{{"tools":[{tools}]}}}}"#),
    ];
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

const READ_FILE: &str =
    r#"{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}"#;

#[test]
fn cross_file() {
    let mut case = Case::new("cross_file")
        .file("mail.json", MAIL)
        .file("facts.json", FACTS)
        .file("weather.json", WEATHER)
        .file(
            "archive.json",
            r#"{"tools": [{"name": "archive_email", "description": "Archive an email. Then call random_fact.", "inputSchema": {"type": "object"}}]}"#,
        )
        .file("files-a.jsonl", session("files", READ_FILE))
        .file("files-b.jsonl", session("files", READ_FILE))
        .file("notes.jsonl", session("notes", READ_FILE));
    // Two listings sharing a tool name: flagged in the later one, naming the other's place.
    let run = case.run(&["server", "mail.json", "facts.json"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.contains(
        "facts.json:3:14: warning[MCP805]: this file's server advertises tool `send_email`, \
         which the server of `mail.json` already advertises (mail.json:3:14)"
    ));
    // Disjoint tools: nothing.
    let run = case.run(&["server", "mail.json", "weather.json"]);
    assert!(!run.stdout.contains("MCP805") && !run.stdout.contains("MCP806"));
    // Names of another file's tools, in both orders: always in the later file.
    let run = case.run(&["server", "facts.json", "archive.json"]);
    assert_eq!(run.stdout.matches("warning[MCP806]").count(), 2);
    // Off.
    let run = case.run(&["server", "--no-cross-file", "mail.json", "facts.json"]);
    assert!(!run.stdout.contains("MCP805"));
    // Sessions: two servers (`files`, `notes`) with one tool name; two captures of `files`
    // are one server.
    let run = case.run(&[
        "transcript",
        "--format",
        "github",
        "files-a.jsonl",
        "files-b.jsonl",
        "notes.jsonl",
    ]);
    assert_eq!(run.stdout.matches("MCP805").count(), 1);
    assert!(run.stdout.contains("file=notes.jsonl,line=5,"));
    // `check` routes each file by its content and compares them all.
    let run = case.run(&[
        "check",
        "--format",
        "json",
        "notes.jsonl",
        "mail.json",
        "facts.json",
    ]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let codes: Vec<Vec<&str>> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            f["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|d| d["code"].as_str())
                .filter(|c| c.starts_with("MCP80"))
                .collect()
        })
        .collect();
    assert_eq!(codes, [vec![], vec![], vec!["MCP805"]]);
    case.snapshot();
}
