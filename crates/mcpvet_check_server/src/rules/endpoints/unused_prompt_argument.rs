use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Label, Reporter, declare_rule};

use super::placeholders::Scan;
use super::{Argument, Text, subject};
use crate::context::{Cx, name};

declare_rule! {
    /// A prompt declares an argument that its `template` never uses.
    ///
    /// ## What it checks
    ///
    /// Each `name` of a prompt's `arguments` against the placeholders `{{ name }}` of its
    /// `template`. An argument that no placeholder uses is reported at its name. An argument
    /// written inside braces that do not close (`{{ name }`) counts as used: those braces are
    /// `malformed-prompt-template` (MCP627). When the template holds the name in single
    /// braces (`{name}`), which the platform leaves as text, the help says so.
    ///
    /// ## Why it matters
    ///
    /// Clients ask for every declared argument (a required one must be given), and the value
    /// is then dropped: users type something that changes nothing, and the prompt usually
    /// lacks what the author meant to put there.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "support", "description": "Support helpers.",
    ///  "prompts": [{"name": "reply", "description": "Draft a reply.",
    ///    "template": "Draft a polite reply to this message: {{ message }}",
    ///    "arguments": [{"name": "message", "required": true}, {"name": "tone", "required": false}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "support", "description": "Support helpers.",
    ///  "prompts": [{"name": "reply", "description": "Draft a reply.",
    ///    "template": "Draft a {{ tone }} reply to this message: {{ message }}",
    ///    "arguments": [{"name": "message", "required": true}, {"name": "tone", "required": false}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Prompts (`arguments`)
    /// - `docs/server-definition.md` (prompts)
    pub(crate) static UNUSED_PROMPT_ARGUMENT = {
        code: "MCP626",
        name: "unused-prompt-argument",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports each of `arguments` that `scan` does not mention.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    template: &Text<'_>,
    scan: &Scan,
    arguments: &[Argument<'_>],
    report: &mut Reporter<'_>,
) {
    let mentioned = scan.mentioned();
    for argument in arguments {
        if mentioned.contains(argument.name.as_str()) {
            continue;
        }
        let shown = name(&argument.name);
        let mut d = UNUSED_PROMPT_ARGUMENT.diagnostic_at(
            argument.value,
            format!(
                "the argument `{shown}` of {} is never used in its `template`",
                subject(cx, item)
            ),
        );
        match scan.single.iter().find(|s| s.name == argument.name) {
            Some(single) => {
                d = d
                    .with_help(format!(
                        "the template writes `{{{shown}}}` with single braces, which stay text: write `{{{{ {shown} }}}}`"
                    ))
                    .with_secondary(Label::with_message(
                        template.span(single.range.clone()),
                        "single braces",
                    ));
            }
            None => {
                d = d.with_help(format!(
                    "put `{{{{ {shown} }}}}` in the template where its value belongs, or remove the argument"
                ));
            }
        }
        report.push(d);
    }
}
