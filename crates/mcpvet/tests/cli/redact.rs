//! `mcpvet redact`: the copy on standard output and in a file, `--check` on the original
//! and on the copy, and the errors.
use super::*;

const SESSION: &str = concat!(
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"token":"ghp_mcpvetCliRedactTok0aB1cD2eF3gH4iJ5kL"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Authorization: Bearer Zq8xW2vN5mK9pR3t, https://app:hunter2@db.example.com/x"}]}}"#,
    "\n",
);

#[test]
fn redact() {
    let mut case = Case::new("redact").file("session.jsonl", SESSION);
    let run = case.run(&["redact", "session.jsonl"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout.len(), SESSION.len());
    assert!(!run.stdout.contains("mcpvetCliRedactTok") && !run.stdout.contains("hunter2"));
    assert!(run.stdout.contains(r#""token":"ghp_Rxxxx"#));
    let run = case.run(&["redact", "session.jsonl", "-o", "shared.jsonl"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty());
    let copy = fs::read_to_string(case.dir.join("cwd/shared.jsonl")).unwrap();
    assert_eq!(copy.lines().count(), SESSION.lines().count());
    // The original holds secrets (listed masked), the copy none.
    let run = case.run(&["redact", "--check", "session.jsonl"]);
    assert_eq!(run.code, Some(1));
    assert!(!run.stdout.contains("mcpvetCliRedactTok"));
    let run = case.run(&["redact", "--check", "shared.jsonl"]);
    assert_eq!(run.code, Some(0));
    // The findings of the copy are where they were in the original.
    let original = case
        .run(&["transcript", "--format", "github", "session.jsonl"])
        .stdout
        .clone();
    let shared = case
        .run(&["transcript", "--format", "github", "shared.jsonl"])
        .stdout
        .clone();
    let positions = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.contains("MCP3"))
            .map(|l| {
                l.split("::")
                    .nth(1)
                    .unwrap_or("")
                    .replace("shared.jsonl", "session.jsonl")
            })
            .collect()
    };
    assert_eq!(positions(&original), positions(&shared));
    // Errors: a missing file, the copy over its own input, --check with -o.
    assert_eq!(case.run(&["redact", "missing.jsonl"]).code, Some(2));
    assert_eq!(
        case.run(&["redact", "session.jsonl", "-o", "session.jsonl"])
            .code,
        Some(2)
    );
    assert_eq!(
        case.run(&["redact", "--check", "session.jsonl", "-o", "x"])
            .code,
        Some(2)
    );
    let run = case.run_with(&["redact", "-"], Some(b"{\"Cookie\": \"sid=k3Jd9q\"}"));
    assert_eq!(run.stdout, "{\"Cookie\": \"sid=Rxxxxx\"}");
    case.snapshot();
}
