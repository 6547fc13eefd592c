use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

declare_rule! {
    /// A `notifications/elicitation/complete` does not name a URL-mode elicitation of this
    /// session.
    ///
    /// ## What it checks
    ///
    /// `notifications/elicitation/complete` (2025-11-25) must carry an `elicitationId`
    /// string: an **error** otherwise. When the capture holds the session from its start
    /// (its `initialize`, or the launch of the server), the id must be that of a URL-mode
    /// `elicitation/create` the server sent in this session: an **error** otherwise, since
    /// the notification went to a client that did not initiate the elicitation. In a capture
    /// that starts mid-session the elicitation may predate it, so an unknown id is not
    /// reported there.
    ///
    /// ## Why it matters
    ///
    /// The client matches the notification to the elicitation it is showing by
    /// `elicitationId`, to retry the request that needed it or close its prompt. The
    /// specification says the server MUST send it only to the client that initiated the
    /// elicitation and MUST include its `elicitationId`; sent elsewhere it tells another
    /// client (and possibly another user) about an interaction that is not theirs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"el-1"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Elicitation (`client/elicitation.mdx`), Completion
    ///   notifications for URL mode elicitation
    pub(crate) static INVALID_ELICITATION_COMPLETE = {
        code: "MCP485",
        name: "invalid-elicitation-complete",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a `notifications/elicitation/complete` (its `params`, its method at `method`)
/// against the `known` elicitation ids of the session; `whole` when the capture holds the
/// session from its start.
pub(crate) fn check(
    params: Option<Value<'_>>,
    method: Span,
    known: &[Box<str>],
    whole: bool,
    report: &mut Reporter<'_>,
) {
    let Some(id) = params.and_then(|p| p.get("elicitationId")) else {
        report.report(
            &INVALID_ELICITATION_COMPLETE,
            method,
            "`notifications/elicitation/complete` has no `elicitationId`",
            "send the `elicitationId` of the URL-mode elicitation that completed",
        );
        return;
    };
    let Some(text) = id.as_str().filter(|_| id.kind() == ValueKind::String) else {
        report.report(
            &INVALID_ELICITATION_COMPLETE,
            id,
            format!(
                "`elicitationId` is {}, not a string",
                id.kind().with_article()
            ),
            "send the `elicitationId` string of the URL-mode elicitation that completed",
        );
        return;
    };
    if whole && !known.iter().any(|k| **k == *text) {
        report.report(
            &INVALID_ELICITATION_COMPLETE,
            id,
            format!(
                "`elicitationId` `{}` names no URL-mode `elicitation/create` of this session",
                crate::rules::invalid_meta_key::short(&text)
            ),
            "send the completion only to the client that was asked, with that elicitation's id",
        );
    }
}
