use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Label, Reporter, Severity, declare_rule};
use mcpvet_json::ValueKind;

use super::{Seen, Twin, named};
use crate::context::{Cx, name};

declare_rule! {
    /// A prompt of a server definition declares two arguments with the same name, or with names that differ only in letter case.
    ///
    /// ## What it checks
    ///
    /// The `name` of each argument in a prompt's `arguments`. The same name twice is an
    /// error; two names that differ only in letter case (`topic`, `Topic`) are a warning. The
    /// finding is at the later argument's name, with a label at the first.
    ///
    /// ## Why it matters
    ///
    /// Clients send a prompt's arguments as an object keyed by name, so two arguments with
    /// one name cannot both be given: one of them is always missing, and when it is
    /// required, the prompt cannot be used at all. Names that differ only in case fill
    /// the same `{{ placeholder }}` on platforms that compare names without case.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "translate", "description": "Translate a text.",
    ///   "template": "Translate into {{ language }}: {{ text }}",
    ///   "arguments": [{"name": "text", "required": true}, {"name": "language"}, {"name": "text"}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [{"name": "translate", "description": "Translate a text.",
    ///   "template": "Translate into {{ language }}: {{ text }}",
    ///   "arguments": [{"name": "text", "required": true}, {"name": "language"}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Prompts (`PromptArgument`)
    /// - `docs/server-definition.md`
    pub(crate) static DUPLICATE_PROMPT_ARGUMENT = {
        code: "MCP612",
        name: "duplicate-prompt-argument",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports every argument of `prompt` whose name an earlier argument has, exactly or but
/// for letter case.
pub(crate) fn check(cx: Cx<'_, '_>, prompt: &Item, report: &mut Reporter<'_>) {
    let Some(arguments) = cx
        .value(prompt.node)
        .get("arguments")
        .filter(|a| a.kind() == ValueKind::Array)
    else {
        return;
    };
    let mut seen = Seen::default();
    let of = named(cx, prompt);
    for argument in arguments.items() {
        let Some(value) = argument
            .get("name")
            .filter(|n| n.kind() == ValueKind::String)
        else {
            continue;
        };
        let text = value.as_str().unwrap_or_default();
        let (severity, message, first, label) = match seen.add(&text, value.span()) {
            None => continue,
            Some(Twin::Same(first)) => (
                Severity::Error,
                format!("{of} has two arguments named `{}`", name(&text)),
                first,
                "first declared here",
            ),
            Some(Twin::Case(spelling, first)) => (
                Severity::Warning,
                format!(
                    "the arguments `{}` and `{}` of {of} differ only in letter case",
                    name(&spelling),
                    name(&text)
                ),
                first,
                "the other spelling",
            ),
        };
        report.push(
            DUPLICATE_PROMPT_ARGUMENT
                .diagnostic_at(value, message)
                .with_severity(severity)
                .with_secondary(Label::with_message(first, label))
                .with_help(
                    "give each argument of the prompt a unique name, or remove the repeated one",
                ),
        );
    }
}
