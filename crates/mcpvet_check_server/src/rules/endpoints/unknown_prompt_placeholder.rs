use std::collections::HashSet;

use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::placeholders::Scan;
use super::{Argument, Text, subject};
use crate::context::{Cx, name};

declare_rule! {
    /// A placeholder `{{ name }}` in a prompt's `template` names no argument the prompt declares.
    ///
    /// ## What it checks
    ///
    /// Each `{{ name }}` in the `template` of a prompt of a server definition (whitespace
    /// inside the braces is allowed: `{{name}}` and `{{ name }}` are the same placeholder)
    /// against the `name`s of the prompt's `arguments`. A placeholder that matches none is
    /// reported at its place in the template; the help names the argument it probably means
    /// when one differs only in case or by a letter or two. Empty placeholders and braces
    /// that do not close are `malformed-prompt-template` (MCP627); prompts whose
    /// `arguments` is not a list are left to the structure rule (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Clients ask users (or models) only for the declared arguments, so nothing ever fills
    /// an undeclared placeholder: the model receives the literal `{{ name }}`, or the
    /// platform rejects the call.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "travel", "description": "Travel helpers.",
    ///  "prompts": [{"name": "plan_trip", "description": "Plan a trip.",
    ///    "template": "Plan {{ days }} days in {{ city }} for {{ travellers }} people.",
    ///    "arguments": [{"name": "city", "required": true}, {"name": "days", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "travel", "description": "Travel helpers.",
    ///  "prompts": [{"name": "plan_trip", "description": "Plan a trip.",
    ///    "template": "Plan {{days}} days in {{ city }}.",
    ///    "arguments": [{"name": "city", "required": true}, {"name": "days", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts (`arguments`, `prompts/get`)
    /// - `docs/server-definition.md` (prompts)
    pub(crate) static UNKNOWN_PROMPT_PLACEHOLDER = {
        code: "MCP625",
        name: "unknown-prompt-placeholder",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports each placeholder of `scan` that names none of `arguments`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    template: &Text<'_>,
    scan: &Scan,
    arguments: &[Argument<'_>],
    report: &mut Reporter<'_>,
) {
    let declared: HashSet<&str> = arguments.iter().map(|a| a.name.as_str()).collect();
    for placeholder in &scan.placeholders {
        let wanted = placeholder.name.as_str();
        if wanted.is_empty() || declared.contains(wanted) {
            continue;
        }
        let shown = name(wanted);
        let help = match near(wanted, arguments) {
            Some(other) => format!(
                "write `{{{{ {} }}}}` if you meant the argument `{}`, or declare `{shown}` in `arguments`",
                name(other),
                name(other)
            ),
            None if arguments.is_empty() => format!(
                "declare it: `\"arguments\": [{{\"name\": \"{shown}\", \"required\": true}}]`"
            ),
            None => format!(
                "declare `{shown}` in `arguments`, or use one of the declared arguments ({})",
                list(arguments)
            ),
        };
        report.report(
            &UNKNOWN_PROMPT_PLACEHOLDER,
            template.site(placeholder.range.clone()),
            format!(
                "the placeholder `{{{{ {shown} }}}}` in the template of {} names no declared argument",
                subject(cx, item)
            ),
            help,
        );
    }
}

/// The declared names, for a help text: `` `city`, `days` `` (at most five).
fn list(arguments: &[Argument<'_>]) -> String {
    let mut names: Vec<String> = arguments
        .iter()
        .take(5)
        .map(|a| format!("`{}`", name(&a.name)))
        .collect();
    if arguments.len() > 5 {
        names.push("…".to_owned());
    }
    names.join(", ")
}

/// The argument `wanted` probably means: the same name in another case, or one at most two
/// edits away (one for short names). Not looked for among more than 50 arguments.
fn near<'a>(wanted: &str, arguments: &'a [Argument<'_>]) -> Option<&'a str> {
    if arguments.len() > 50 {
        return None;
    }
    let budget = if wanted.chars().count() < 5 { 1 } else { 2 };
    mcpvet_ast::names::did_you_mean(wanted, arguments.iter().map(|a| a.name.as_str()), budget)
}
