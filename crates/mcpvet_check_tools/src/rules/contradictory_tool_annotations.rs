use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::{Cx, is_true, name};

declare_rule! {
    /// A tool is annotated both read-only and destructive.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-03-26 (where tool annotations appear): a tool whose `annotations`
    /// have `readOnlyHint: true` and `destructiveHint: true`. The `destructiveHint` member is
    /// reported, with a label on `readOnlyHint`.
    ///
    /// ## Why it matters
    ///
    /// `destructiveHint` (and `idempotentHint`) are "meaningful only when `readOnlyHint ==
    /// false`": a read-only tool changes nothing, so it cannot destroy anything. Hosts use
    /// these hints to decide whether to ask the user before a call; contradictory hints make
    /// one host skip the confirmation and another insist on it, and show that at least one
    /// hint is wrong.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"delete_branch","description":"Delete a git branch.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true,"destructiveHint":true}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"delete_branch","description":"Delete a git branch.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false,"destructiveHint":true}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 and later, schema `ToolAnnotations`
    pub(crate) static CONTRADICTORY_TOOL_ANNOTATIONS = {
        code: "MCP512",
        name: "contradictory-tool-annotations",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the annotations of the tool object `item`.
pub(crate) fn check(item: Value<'_>, tool: &str, cx: Cx, report: &mut Reporter<'_>) {
    if !cx.at_least(ProtocolVersion::V2025_03_26) {
        return;
    }
    let Some(annotations) = cx.get(item, "annotations") else {
        return;
    };
    let (Some(read_only), Some(destructive)) = (
        annotations.member("readOnlyHint"),
        annotations.member("destructiveHint"),
    ) else {
        return;
    };
    if is_true(Some(read_only.value)) && is_true(Some(destructive.value)) {
        report.push(
            CONTRADICTORY_TOOL_ANNOTATIONS
                .diagnostic(
                    destructive.span(),
                    format!(
                        "tool `{}` is annotated both `readOnlyHint: true` and \
                         `destructiveHint: true`",
                        name(tool)
                    ),
                )
                .with_secondary(Label::with_message(read_only.span(), "read-only here"))
                .with_help(
                    "drop `destructiveHint` (it only applies when `readOnlyHint` is false), or \
                     set `readOnlyHint` to false if the tool changes things",
                ),
        );
    }
}
