//! `mcpvet check` and `mcpvet PATH...`: each file read as what its content shows.
use super::*;

/// A short session whose only finding is an unanswered request.
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
fn check() {
    let mut case = two_configs("check").file("capture.jsonl", SESSION);
    // Each file is read as what its content shows, and the text says so.
    let run = case.run(&["check", "claude_desktop_config.json", "capture.jsonl"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with(
        "claude_desktop_config.json\n  read as   config (a JSON object with a server map)\n"
    ));
    assert!(run.stdout.contains(
        "capture.jsonl\n  read as   transcript (JSON-RPC messages or capture records)\n"
    ));
    assert!(run.stdout.contains("\n2 files: "));
    // The same inspections `config` and `transcript` give.
    let config = case
        .run(&["--color", "never", "config", "claude_desktop_config.json"])
        .stdout
        .clone();
    let transcript = case.run(&["transcript", "capture.jsonl"]).stdout.clone();
    let run = case.run(&[
        "check",
        "--format",
        "json",
        "claude_desktop_config.json",
        "capture.jsonl",
    ]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let kinds: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["config", "transcript"]);
    let strip = |text: &str| {
        text.lines()
            .filter(|l| !l.starts_with("  read as "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let run = case.run(&["check", "claude_desktop_config.json"]);
    assert_eq!(strip(&run.stdout), strip(&config));
    let run = case.run(&["check", "capture.jsonl"]);
    assert_eq!(strip(&run.stdout), strip(&transcript));
    // Paths alone mean `check`; a mistyped subcommand is still a usage error.
    let bare = case
        .run(&["capture.jsonl", "--format", "github"])
        .stdout
        .clone();
    assert!(bare.starts_with("::warning file=capture.jsonl"), "{bare}");
    let run = case.run(&["chek", "capture.jsonl"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("unrecognized subcommand"));
    case.snapshot();
}
