use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::content::{Problem, resource_contents};
use crate::context::{Cx, site};

declare_rule! {
    /// A `resources/read` result's `contents` are missing, malformed, or (2026-07-28) empty.
    ///
    /// ## What it checks
    ///
    /// The result of each `resources/read` (not an `input_required` result) has a
    /// `contents` array; each item is an object with a string `uri` and exactly one of
    /// `text` (a string) or `blob` (base64). The schema cannot express "exactly one", so a
    /// schema validator misses both-or-neither. In 2026-07-28 an empty `contents` array is
    /// reported too: that version forbids answering a read of a missing resource with an
    /// empty list (it is a -32602 error).
    ///
    /// ## Why it matters
    ///
    /// Clients decide how to show or pass on a resource by whether it is text or binary;
    /// contents with both, or neither, are read arbitrarily or dropped. An empty list hides
    /// a missing resource as an empty one.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///notes.txt"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"file:///notes.txt","mimeType":"text/plain"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///notes.txt"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"contents":[{"uri":"file:///notes.txt","mimeType":"text/plain","text":"Buy milk."}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Resources, "Reading Resources" and "Error
    ///   Handling"
    /// - MCP schema, `TextResourceContents` and `BlobResourceContents`
    pub(crate) static MALFORMED_RESOURCE_CONTENTS = {
        code: "MCP541",
        name: "malformed-resource-contents",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `resources/read` result `result`.
pub(crate) fn check(result: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    let mut problems = Vec::new();
    match cx.get(result, "contents") {
        Some(c) if c.kind() == ValueKind::Array => {
            if c.is_empty() && cx.at_least(ProtocolVersion::V2026_07_28) {
                let version = cx.version;
                problems.push(Problem {
                    at: c.into(),
                    message: format!(
                        "`contents` is empty; in {version} a missing resource is a -32602 error, \
                         not an empty result"
                    ),
                    help: "return the resource's contents, or a JSON-RPC error -32602 when it \
                           does not exist"
                        .to_owned(),
                });
            }
            for item in c.items() {
                if item.kind() == ValueKind::Object {
                    resource_contents(item, cx, &mut problems);
                } else if item.kind() != ValueKind::Error {
                    problems.push(Problem {
                        at: item.into(),
                        message: format!(
                            "each item of `contents` must be an object, found {}",
                            item.kind().with_article()
                        ),
                        help: "describe each part as `{\"uri\": …, \"text\": …}` or with `blob`"
                            .to_owned(),
                    });
                }
            }
        }
        Some(c) if c.kind() == ValueKind::Error => {}
        Some(c) => problems.push(Problem {
            at: c.into(),
            message: format!(
                "`contents` must be an array, found {}",
                c.kind().with_article()
            ),
            help: "return the contents as an array, even a single item".to_owned(),
        }),
        None => problems.push(Problem {
            at: site(result),
            message: "the `resources/read` result has no `contents` array".to_owned(),
            help: "return the resource in `contents`".to_owned(),
        }),
    }
    for Problem { at, message, help } in problems {
        report.report(&MALFORMED_RESOURCE_CONTENTS, at, message, help);
    }
}
