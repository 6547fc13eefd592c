//! Moving a transcript read from a piece of a file to its place.
use mcpvet_text::Span;

use super::read;
use crate::transcript::testing::leaf_spans;

/// Moving a transcript read from a piece to its place moves every leaf by the piece's
/// offset: those read from text by their own span, those read from JSON with the document.
#[test]
fn rebase_moves_every_leaf() {
    let pieces = [
        concat!(
            "2025-05-23T10:16:48.596Z [a] [info] Message from client: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}\n",
            "20:23:53.331Z [vault] Message from client: method=\"initialize\" id=0 params\n",
            "20:23:53.332Z [vault] Message from client: method=tools/list id=\"a\" params\n",
            "2025-05-23T10:16:48.599Z [error] [a] Unexpected token 'i'\n",
            "    at Object.<anonymous> (index.js:1:1)\n",
        ),
        concat!(
            r#"{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-open","ts":1}"#,
            "\n",
            r#"{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{}}"#,
            "\n",
            r#"{"seq":3,"direction":"server-to-client","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}},"ts":"t"}"#,
            "\n",
        ),
        concat!(
            r#"{"type": "request", "timestamp": "t1", "count": 1, "method": "list_tools", "args": [], "kwargs": {}}"#,
            "\n",
            r#"{"type": "response", "timestamp": "t2", "count": 1, "method": "list_tools", "result": {"tools": []}}"#,
            "\n",
        ),
        r#"{"metadata": {"serverInfo": {"name": "Math"}}, "tools": [{"name": "add"}]}"#,
        concat!(
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}]"#,
            "\nStarting server...\n",
            r#"{"id":2,"method":7}"#,
            "\n",
        ),
    ];
    let (base, first_line, first_index) = (1000, 7, 3);
    for text in pieces {
        let before = read(text).value;
        let mut after = read(text).value;
        after.rebase(base, first_line, first_index);
        assert_eq!(before.entries().len(), after.entries().len());
        for (b, a) in before.entries().iter().zip(after.entries()) {
            assert_eq!(a.line, b.line + first_line - 1);
            assert_eq!(a.index, b.index + first_index);
            let was = leaf_spans(b, before.document());
            let now = leaf_spans(a, after.document());
            assert!(was.len() > 1, "{text}: {b:?}");
            let moved: Vec<Span> = was.iter().map(|s| s.shift(base)).collect();
            assert_eq!(now, moved, "{text}: {b:?}");
            for (w, n) in was.iter().zip(&now) {
                assert_eq!(
                    before.document().slice(*w),
                    after.document().slice(*n),
                    "{text}"
                );
            }
        }
    }
}
