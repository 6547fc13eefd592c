use mcpvet_ast::definition::ItemKind;
use mcpvet_diagnostics::{Label, Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use super::{Seen, Twin};
use crate::context::{Cx, name};

declare_rule! {
    /// Two tools, two resources or two prompts of a server definition have the same name, or names that differ only in letter case.
    ///
    /// ## What it checks
    ///
    /// The names of the tools, of the resources and of the prompts of a definition file, each
    /// list on its own (a tool and a prompt may share a name). The same name twice is an
    /// error; two names that differ only in letter case (`find_customer`, `Find_Customer`)
    /// are a warning. The finding is at the later name, with a label at the first.
    ///
    /// ## Why it matters
    ///
    /// Clients call a tool, read a resource or get a prompt by its name: of two items with
    /// the same name, clients keep one and the other can never be used (which one depends
    /// on the client), and platforms refuse to publish such a server. Names that differ
    /// only in case collide on platforms and clients that compare names without case, and
    /// confuse the models that choose between them.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [
    ///   {"name": "summarise", "description": "Summarise a text.", "template": "Summarise: {{ text }}",
    ///    "arguments": [{"name": "text", "required": true}]},
    ///   {"name": "summarise", "description": "Summarise briefly.", "template": "In one line: {{ text }}",
    ///    "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "prompts": [
    ///   {"name": "summarise", "description": "Summarise a text.", "template": "Summarise: {{ text }}",
    ///    "arguments": [{"name": "text", "required": true}]},
    ///   {"name": "summarise_briefly", "description": "Summarise briefly.", "template": "In one line: {{ text }}",
    ///    "arguments": [{"name": "text", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Tools, Resources and Prompts
    /// - `docs/server-definition.md`
    pub(crate) static DUPLICATE_ITEM_NAME = {
        code: "MCP611",
        name: "duplicate-item-name",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports every item of `kind` whose name an earlier item of that kind has, exactly or but
/// for letter case.
pub(crate) fn check(cx: Cx<'_, '_>, kind: ItemKind, report: &mut Reporter<'_>) {
    let mut seen = Seen::default();
    let what = kind.name();
    for item in cx.file.items_of(kind) {
        let Some(item_name) = &item.name else {
            continue;
        };
        let value: Value<'_> = cx.value(item_name.node);
        let text = item_name.value.as_str();
        let (severity, message, first, label, help) = match seen.add(text, value.span()) {
            None => continue,
            Some(Twin::Same(first)) => (
                Severity::Error,
                format!("the definition has two {what}s named `{}`", name(text)),
                first,
                "first defined here",
                format!("give each {what} a unique name; clients keep only one of the two"),
            ),
            Some(Twin::Case(spelling, first)) => (
                Severity::Warning,
                format!(
                    "{what} names `{}` and `{}` differ only in letter case",
                    name(&spelling),
                    name(text)
                ),
                first,
                "the other spelling",
                format!("rename one of the {what}s so that the names differ in more than case"),
            ),
        };
        report.push(
            DUPLICATE_ITEM_NAME
                .diagnostic_at(value, message)
                .with_severity(severity)
                .with_secondary(Label::with_message(first, label))
                .with_help(help),
        );
    }
}
