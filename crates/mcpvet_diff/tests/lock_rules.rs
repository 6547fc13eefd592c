//! Each rule of the lock check (MCP560–MCP564) flags what it documents and accepts the file
//! the lock was made from (the conformance suite cannot hold a lock beside its input).
use mcpvet_diagnostics::Findings;
use mcpvet_diff::{Lock, check_lock, read_interface};

const LOCKED: &str = r#"[
  {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "docs", "version": "1.0.0"}}},
  {"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "search", "description": "Search."}, {"name": "fetch"}]}},
  {"jsonrpc": "2.0", "id": 2, "result": {"prompts": [{"name": "summarize"}]}}
]"#;

/// The codes `text` (a session) gets against the lock of [`LOCKED`].
fn codes(text: &str) -> Vec<String> {
    let locked = read_interface(LOCKED, Some("session.json"), None).unwrap();
    let lock = Lock::parse(&Lock::build([&locked]).to_text()).unwrap();
    let interface = read_interface(text, Some("session.json"), None).unwrap();
    let mut findings = Findings::new();
    check_lock(&interface, &lock, "mcp-tools.lock", &mut findings);
    let mut codes: Vec<String> = findings
        .diagnostics()
        .iter()
        .map(|d| d.code().as_str().to_owned())
        .collect();
    codes.sort();
    codes
}

#[test]
fn accepted_the_locked_file() {
    assert!(codes(LOCKED).is_empty());
}

#[test]
fn flagged_each_drift() {
    // MCP560: a description changed.
    assert_eq!(
        codes(&LOCKED.replace("Search.", "Search. <IMPORTANT>")),
        ["MCP560"]
    );
    // MCP561: a new tool.
    assert_eq!(
        codes(&LOCKED.replace(
            r#"{"name": "fetch"}"#,
            r#"{"name": "fetch"}, {"name": "exec"}"#
        )),
        ["MCP561"]
    );
    // MCP562: a tool gone.
    assert_eq!(
        codes(&LOCKED.replace(r#", {"name": "fetch"}"#, "")),
        ["MCP562"]
    );
    // MCP564: a prompt changed.
    assert_eq!(
        codes(&LOCKED.replace(
            r#"{"name": "summarize"}"#,
            r#"{"name": "summarize", "description": "x"}"#
        )),
        ["MCP564"]
    );
}

#[test]
fn flagged_a_server_not_in_the_lock() {
    // Two servers in the input, one in the lock: the other pairs with nothing.
    let log = concat!(
        "2025-01-01T00:00:00.000Z [docs] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"search\",\"description\":\"Search.\"},{\"name\":\"fetch\"}]}}\n",
        "2025-01-01T00:00:00.000Z [web] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"get\"}]}}\n",
    );
    let locked = read_interface(LOCKED, Some("session.json"), None).unwrap();
    let lock = Lock::build([&locked]);
    let interface = read_interface(log, Some("mcp.log"), None).unwrap();
    let mut findings = Findings::new();
    check_lock(&interface, &lock, "mcp-tools.lock", &mut findings);
    let codes: Vec<&str> = findings
        .diagnostics()
        .iter()
        .map(|d| d.code().as_str())
        .collect();
    assert_eq!(codes, ["MCP563"]);
    assert_eq!(
        findings.diagnostics()[0].message(),
        "server `web` is not in the lock file `mcp-tools.lock`"
    );
}
