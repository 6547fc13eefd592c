use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A `completion/complete` result has no `completion.values` array of at most 100
    /// strings.
    ///
    /// ## What it checks
    ///
    /// The result with which a server answers `completion/complete`: `completion` is an
    /// object whose `values` is an array of strings, at most 100 of them; `total`, when
    /// present, is an integer and `hasMore` a boolean. Anything else is an **error**.
    ///
    /// ## Why it matters
    ///
    /// The client shows these values as suggestions while the user types an argument. The
    /// schema requires `completion.values` and caps it at 100 items (a server with more says
    /// so with `total` and `hasMore`); a client that meets a missing array, a number among
    /// the values or a thousand of them breaks its completion menu or drops the answer.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"language","value":"py"}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"completion":{"values":["python",3]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"review"},"argument":{"name":"language","value":"py"}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"completion":{"values":["python","pytorch"],"hasMore":false}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Completion (`server/utilities/completion.mdx`); schema
    ///   `CompleteResult`
    pub(crate) static INVALID_COMPLETION_RESULT = {
        code: "MCP484",
        name: "invalid-completion-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The most values a completion result may hold.
const MAX_VALUES: usize = 100;

/// Checks the `result` of a `completion/complete` request.
pub(crate) fn check(result: Value<'_>, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object {
        return;
    }
    let Some(completion) = result
        .get("completion")
        .filter(|c| c.kind() == ValueKind::Object)
    else {
        report.report(
            &INVALID_COMPLETION_RESULT,
            result.get("completion").unwrap_or(result),
            "the `completion/complete` result has no `completion` object",
            "answer with `{\"completion\": {\"values\": [...]}}`",
        );
        return;
    };
    match completion.get("values") {
        None => report.report(
            &INVALID_COMPLETION_RESULT,
            completion,
            "`completion` has no `values`",
            "send `values`, an array of at most 100 strings (empty when nothing matches)",
        ),
        Some(values) if values.kind() != ValueKind::Array => report.report(
            &INVALID_COMPLETION_RESULT,
            values,
            format!(
                "`completion.values` is {}, not an array",
                values.kind().with_article()
            ),
            "send `values`, an array of at most 100 strings",
        ),
        Some(values) => {
            if let Some(item) = values.items().find(|i| i.kind() != ValueKind::String) {
                report.report(
                    &INVALID_COMPLETION_RESULT,
                    item,
                    format!(
                        "a completion value is {}, not a string",
                        item.kind().with_article()
                    ),
                    "send every completion value as a string",
                );
            }
            let count = values.len();
            if count > MAX_VALUES {
                report.report(
                    &INVALID_COMPLETION_RESULT,
                    values,
                    format!("`completion.values` holds {count} values, more than 100"),
                    "send at most 100 values, with `total` and `hasMore: true` for the rest",
                );
            }
        }
    }
    if let Some(total) = completion.get("total")
        && !crate::rules::is_integer(total)
    {
        report.report(
            &INVALID_COMPLETION_RESULT,
            total,
            format!(
                "`completion.total` is {}, not an integer",
                total.kind().with_article()
            ),
            "send `total` as the integer count of all matches",
        );
    }
    if let Some(more) = completion.get("hasMore")
        && more.kind() != ValueKind::Bool
    {
        report.report(
            &INVALID_COMPLETION_RESULT,
            more,
            format!(
                "`completion.hasMore` is {}, not a boolean",
                more.kind().with_article()
            ),
            "send `hasMore` as `true` or `false`",
        );
    }
}
