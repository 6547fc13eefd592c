//! What every list result shares: the items array, `nextCursor`, and the items of the
//! resource template and prompt lists.
use super::*;

#[test]
fn list_results() {
    let r = run(
        &[
            LIST,
            r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":null}}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"resources/templates/list"}"#,
            r#"{"jsonrpc":"2.0","id":2,"result":{"resourceTemplates":[{"uriTemplate":"file:///{path","name":"f"},{"uriTemplate":"db://{a-b}"},"x"]}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"prompts/list"}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":{"prompts":{}}}"#,
        ],
        V2025_11,
    );
    assert_eq!(
        r.found(),
        [
            ("MCP514", Severity::Info, "[]"),
            ("MCP501", Severity::Error, "null"),
            ("MCP540", Severity::Error, "{"),
            ("MCP501", Severity::Error, r#"{"uriTemplate":"db://{a-b}"}"#),
            ("MCP540", Severity::Error, "-"),
            ("MCP501", Severity::Error, "\"x\""),
            ("MCP501", Severity::Error, "{}"),
        ]
    );
}
