//! `prompts/get`: arguments against the declared ones, and the prompt messages.
use super::*;

// §14.18: prompts/get arguments and messages.
#[test]
fn case_18_prompts() {
    let list = r#"{"jsonrpc":"2.0","id":1,"result":{"prompts":[{"name":"translate","arguments":[{"name":"text","required":true},{"name":"lang","required":true},{"name":"tone"}]}]}}"#;
    let r = run(
        &[
            r#"{"jsonrpc":"2.0","id":1,"method":"prompts/list"}"#,
            list,
            r#"{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"translate","arguments":{"text":42,"tonne":"dry"}}}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"messages":[{"role":"user","content":[{"type":"text","text":"x"}]},{"role":"system","content":{"type":"text","text":"y"}}]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"summarize"}}"#,
            r#"{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"translate","arguments":{"text":"a","lang":"b"}}}"#,
            r#"{"jsonrpc":"2.0","id":4,"result":{"messages":[{"role":"assistant","content":{"type":"text","text":"ok"}}]}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP532", Severity::Warning, r#"{"text":42,"tonne":"dry"}"#),
            ("MCP531", Severity::Error, "42"),
            ("MCP532", Severity::Warning, "\"tonne\""),
            // The server renders the prompt anyway instead of answering -32602.
            ("MCP534", Severity::Warning, "{"),
            ("MCP533", Severity::Error, r#"[{"type":"text","text":"x"}]"#),
            ("MCP533", Severity::Error, "\"system\""),
            ("MCP530", Severity::Error, "\"summarize\""),
        ]
    );
    assert!(r.messages()[0].contains("lacks the required argument `lang`"));
}
