//! Run-phase event logs: detected by `check` and `transcript`, forced with `--input-format
//! runlog`, their runs in the text overview and the JSON report, their events in the dump.
use super::Case;

fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/runs")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn run_logs() {
    let mut case = Case::new("run_logs")
        .file("whoami.jsonl", example("whoami-before-initialize.jsonl"))
        .file("hello.log", example("writes-hello-to-stdout.log"))
        .file("exits.jsonl", example("exits-before-reading-input.jsonl"));
    // Detected from the content; the three "who am I" calls are errors.
    assert_eq!(case.run(&["check", "whoami.jsonl"]).code, Some(1));
    // `key=value` lines, read through their derived text.
    assert_eq!(case.run(&["transcript", "hello.log"]).code, Some(0));
    assert_eq!(
        case.run(&[
            "transcript",
            "--input-format",
            "runlog",
            "--fail-on",
            "never",
            "exits.jsonl"
        ])
        .code,
        Some(0)
    );
    assert_eq!(
        case.run(&["transcript", "--format", "json", "exits.jsonl"])
            .code,
        Some(0)
    );
    assert_eq!(
        case.run(&["dump", "--transcript", "hello.log"]).code,
        Some(0)
    );
    case.snapshot();
}

/// `--with SESSION` joins a session file to the run of a run log (its answers come from the
/// session's messages) and reports the session on its own too.
#[test]
fn with_session() {
    let log = concat!(
        r#"{"run_id":"run_1","server_name":"docs","pid":101,"phase":"launch","event":"spawn_requested","command":"node"}"#,
        "\n",
        r#"{"run_id":"run_1","server_name":"docs","pid":101,"phase":"launch","event":"spawned"}"#,
        "\n",
    );
    let session = concat!(
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"docs","version":"1"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"search","description":"Search.","inputSchema":{"type":"object"}}]}}"#,
        "\n",
    );
    let mut case = Case::new("run_logs_with")
        .file("run.jsonl", log)
        .file("docs-session.jsonl", session);
    let alone = case.run(&["transcript", "--format", "json", "run.jsonl"]);
    let alone: serde_json::Value = serde_json::from_str(&alone.stdout).unwrap();
    let run = &alone["files"][0]["runs"][0];
    assert_eq!(run["initialized"]["answer"], "unknown");
    let joined = case.run(&[
        "transcript",
        "--format",
        "json",
        "run.jsonl",
        "--with",
        "docs-session.jsonl",
    ]);
    let joined: serde_json::Value = serde_json::from_str(&joined.stdout).unwrap();
    let files = joined["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "the session is reported too");
    let run = &files[0]["runs"][0];
    assert_eq!(run["initialized"]["answer"], "yes");
    assert_eq!(run["tools"]["answer"], "yes");
    assert_eq!(run["tools"]["count"], 1);
    assert_eq!(run["session"], "docs-session.jsonl");
    assert_eq!(files[1]["path"], "docs-session.jsonl");
    // Text: the session named under the run. Not a run log: a note, the session unread.
    let text = case.run(&["transcript", "run.jsonl", "--with", "docs-session.jsonl"]);
    assert!(
        text.stdout
            .contains("      session      docs-session.jsonl (joined)\n")
    );
    let none = case.run(&["transcript", "docs-session.jsonl", "--with", "run.jsonl"]);
    assert_eq!(none.code, Some(0));
    assert!(
        none.stderr.contains("none of the inputs is one"),
        "{}",
        none.stderr
    );
    // A session that cannot be read: exit status 2, the log still reported.
    let missing = case.run(&["transcript", "run.jsonl", "--with", "missing.jsonl"]);
    assert_eq!(missing.code, Some(2));
    assert!(missing.stdout.contains("run.jsonl"));
}
