//! `mcpvet transcript`: formats, the message listing, forced versions and exit statuses.
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

fn mcpvet(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpvet"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts");
    child.wait_with_output().expect("the binary exits")
}

const CLEAN: &str = concat!(
    r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","description":"Echo.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}}"#,
    "\n",
);

#[test]
fn messages_are_listed_with_their_pairs() {
    let out = mcpvet(&["transcript", "--messages", "-"], CLEAN);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 5, "{text}");
    assert!(
        rows[0].contains("initialize") && rows[0].contains("line 2"),
        "{text}"
    );
    assert!(
        rows[2].contains("notifications/initialized") && rows[2].trim_end().ends_with('-'),
        "{text}"
    );
    assert!(
        rows[4].contains("tools/list") && rows[4].contains("line 4"),
        "{text}"
    );
    assert!(
        text.contains("  protocol  2025-11-25 (initialize result)"),
        "{text}"
    );
    assert!(
        text.contains("  tools     1 tool, 0 calls failed, digest sha256:"),
        "{text}"
    );
}

#[test]
fn json_report_carries_protocol_phase_digest_and_messages() {
    let out = mcpvet(
        &["transcript", "--messages", "--format", "json", "-"],
        CLEAN,
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let file = &report["files"][0];
    assert_eq!(file["kind"], "transcript");
    assert_eq!(file["protocol"]["version"], "2025-11-25");
    assert_eq!(file["summary"]["requests"], 2);
    assert_eq!(file["summary"]["tools"], 1);
    assert!(file["tools_digest"].as_str().is_some_and(|d| d.len() == 64));
    assert!(file["phase"]["reached"].is_string());
    let messages = file["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 5);
    assert_eq!(messages[0]["pair_line"], 2);
    assert_eq!(messages[1]["direction"], "server-to-client");
}

#[test]
fn a_broken_session_fails_and_a_forced_version_is_used() {
    let broken = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\nhello\n";
    let out = mcpvet(&["transcript", "--protocol", "2025-03-26", "-"], broken);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("  protocol  2025-03-26 (forced)"), "{text}");
    let never = mcpvet(&["transcript", "--fail-on", "never", "-"], broken);
    assert_eq!(never.status.code(), Some(0));
}

#[test]
fn usage_errors_exit_2() {
    let out = mcpvet(&["transcript", "--protocol", "1999-01-01", "-"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown protocol version"));
    let out = mcpvet(&["transcript"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = mcpvet(&["transcript", "no/such/file.jsonl"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn proxy_logs_json_streams_and_refused_documents() {
    let proxy = concat!(
        "[2025-06-01T10:00:00.120Z] CLIENT -> SERVER\n",
        "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"tools/list\"\n}\n",
        "[2025-06-01T10:00:00.130Z] SERVER -> CLIENT\n",
        "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {\"tools\": []}\n}\n",
    );
    let out = mcpvet(&["transcript", "--format", "json", "-"], proxy);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(r#""name": "proxy-log""#), "{text}");
    // Forced, the same text as a JSON stream: the headers are text, the directions inferred.
    let out = mcpvet(
        &[
            "transcript",
            "--input-format",
            "json-stream",
            "--messages",
            "-",
        ],
        proxy,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("format    json-stream (requested)"), "{text}");
    assert!(text.contains("C→S?"), "{text}");
    // A Markdown bug report: one finding, exit status 1.
    let report = "# Bug\n\nThe server returns an empty list when it starts.\n\n```json\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n```\n\n- It happens every time\n";
    let out = mcpvet(&["transcript", "-"], report);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("findings  1 error, 0 warnings, 0 infos"),
        "{text}"
    );
    assert!(
        text.contains("error[MCP010]: the file looks like Markdown, not a captured session; it holds one JSON-RPC message"),
        "{text}"
    );
}
