use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A `roots/list` result lists a root whose `uri` is not a `file://` URI.
    ///
    /// ## What it checks
    ///
    /// The result with which a client answers `roots/list`: `roots` is an array, and each
    /// root is an object whose `uri` is a string starting with `file://`. Anything else is an
    /// **error**, on the root or its `uri`.
    ///
    /// ## Why it matters
    ///
    /// Roots tell the server which directories and files it may work in. The specification
    /// says a root's `uri` MUST be a `file://` URI in the current version; a server given
    /// `https://…` or a bare path cannot map it to the file system and either ignores it or
    /// guesses, working outside the boundary the user meant.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"roots/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"roots":[{"uri":"/home/user/projects/app","name":"app"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"roots/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"roots":[{"uri":"file:///home/user/projects/app","name":"app"}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Roots (`client/roots.mdx`), Root; schema `Root`
    pub(crate) static INVALID_ROOTS_RESULT = {
        code: "MCP483",
        name: "invalid-roots-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `result` of a `roots/list` request.
pub(crate) fn check(result: Value<'_>, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object {
        return;
    }
    let Some(roots) = result.get("roots") else {
        report.report(
            &INVALID_ROOTS_RESULT,
            result,
            "the `roots/list` result has no `roots`",
            "answer `roots/list` with `{\"roots\": [...]}` (an empty array when there is none)",
        );
        return;
    };
    if roots.kind() != ValueKind::Array {
        report.report(
            &INVALID_ROOTS_RESULT,
            roots,
            format!("`roots` is {}, not an array", roots.kind().with_article()),
            "answer `roots/list` with `{\"roots\": [...]}`",
        );
        return;
    }
    for root in roots.items() {
        let Some(uri) = root.get("uri") else {
            report.report(
                &INVALID_ROOTS_RESULT,
                root,
                "a root has no `uri`",
                "give each root its `file://` URI",
            );
            continue;
        };
        let text = uri.as_str();
        if text.as_deref().is_some_and(|t| {
            t.get(..7)
                .is_some_and(|s| s.eq_ignore_ascii_case("file://"))
        }) {
            continue;
        }
        let found = text.map_or_else(
            || uri.kind().with_article().to_owned(),
            |t| format!("`{}`", crate::rules::invalid_meta_key::short(&t)),
        );
        report.report(
            &INVALID_ROOTS_RESULT,
            uri,
            format!("a root's `uri` is {found}, not a `file://` URI"),
            "send each root as a `file://` URI (`file:///home/user/project`)",
        );
    }
}
