//! HAR files of Streamable HTTP sessions through the command line: detected and read
//! (`--input-format har` too), read whole with a note under `--stream`, their HTTP facts in
//! `mcpvet dump --transcript`, and their secrets masked in every output, the `--messages`
//! listing and the dump included.
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn mcpvet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcpvet"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/http")
        .join(name)
        .to_str()
        .expect("UTF-8 path")
        .to_owned()
}

/// A HAR file with synthetic credentials in a header, a cookie and the query string.
const SECRETS: &str = r#"{"log": {"version": "1.2", "entries": [
{"request": {"method": "POST", "url": "https://mcp.example.test/mcp?access_token=mcpvetSyntheticQ9x7Lm2Rt5Vb8Nw3",
  "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "X-Api-Key", "value": "mcpvetSynthKey4Tr8Wq2Zp6Yx1"}],
  "cookies": [{"name": "session", "value": "mcpvetSynthetic7Qx2Lm9R"}],
  "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"}},
 "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
  "content": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"}}}
]}}
"#;

const SECRET_VALUES: [&str; 3] = [
    "mcpvetSyntheticQ9x7Lm2Rt5Vb8Nw3",
    "mcpvetSynthKey4Tr8Wq2Zp6Yx1",
    "mcpvetSynthetic7Qx2Lm9R",
];

fn scratch(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("mcpvet-http-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("UTF-8 path").to_owned()
}

#[test]
fn the_clean_examples_have_no_finding() {
    for name in ["legacy-2025-11-25.har", "modern-2026-07-28.har"] {
        let out = mcpvet(&["transcript", "--format", "json", &example(name)]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stdout(&out));
        let report: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        let file = &report["files"][0];
        assert_eq!(file["input_format"]["name"], "har", "{name}");
        assert_eq!(file["findings"].as_array().map(Vec::len), Some(0), "{name}");
    }
}

#[test]
fn a_har_is_read_whole_with_a_note_under_stream() {
    let path = example("legacy-2025-11-25.har");
    let streamed = mcpvet(&["transcript", "--stream", "--format", "json", &path]);
    let err = String::from_utf8_lossy(&streamed.stderr);
    assert!(err.contains("is read whole"), "{err}");
    let whole = mcpvet(&["transcript", "--format", "json", &path]);
    assert_eq!(stdout(&streamed), stdout(&whole));
    // `check` detects it as a session and reads it the same way.
    let check = mcpvet(&["check", "--format", "json", &path]);
    let report: Value = serde_json::from_str(&stdout(&check)).expect("JSON");
    assert_eq!(report["files"][0]["input_format"]["name"], "har");
}

#[test]
fn forced_and_dumped() {
    let path = example("modern-2026-07-28.har");
    let forced = mcpvet(&[
        "transcript",
        "--input-format",
        "har",
        "--format",
        "json",
        &path,
    ]);
    let report: Value = serde_json::from_str(&stdout(&forced)).expect("JSON");
    assert_eq!(report["files"][0]["input_format"]["name"], "har");
    let dump = stdout(&mcpvet(&["dump", "--transcript", &path]));
    assert!(dump.starts_with("format: har ("), "{dump}");
    assert!(
        dump.contains(r#"http request POST "https://mcp.example.test/mcp" exchange=2 body=json"#),
        "{dump}"
    );
    assert!(
        dump.contains(r#"mcp-name="execute_sql" mcp-param-region="eu-west1""#),
        "{dump}"
    );
    assert!(dump.contains("http response status=405"), "{dump}");
}

#[test]
fn secrets_of_a_har_are_masked_everywhere() {
    let path = scratch("secrets.har", SECRETS);
    let mut outputs = Vec::new();
    for format in ["text", "json", "sarif", "github"] {
        let out = mcpvet(&["transcript", "--messages", "--format", format, &path]);
        outputs.push((format.to_owned(), stdout(&out)));
    }
    outputs.push((
        "dump".to_owned(),
        stdout(&mcpvet(&["dump", "--transcript", &path])),
    ));
    let text = &outputs[0].1;
    assert_eq!(text.matches("MCP308").count(), 3, "{text}");
    for (what, output) in &outputs {
        for secret in SECRET_VALUES {
            assert!(!output.contains(secret), "{what} shows {secret}:\n{output}");
            // The random tail (the rule's documentation names other synthetic secrets).
            let tail = &secret[secret.len() - 8..];
            assert!(
                !output.contains(tail),
                "{what} shows part of {secret}:\n{output}"
            );
        }
    }
    if let Some(dir) = std::path::Path::new(&path).parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}
