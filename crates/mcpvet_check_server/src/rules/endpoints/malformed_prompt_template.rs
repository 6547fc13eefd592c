use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_text::Span;

use super::placeholders::{Scan, Unbalanced};
use super::{Text, subject};
use crate::context::{Cx, name};

declare_rule! {
    /// A prompt's `template` has braces that form no placeholder: `{{ name }`, `{ name }}`, a `{{` never closed, or an empty `{{ }}`.
    ///
    /// ## What it checks
    ///
    /// The placeholders of a prompt template are `{{ name }}`. Reported at their exact place
    /// in the template: two opening braces closed by one (`{{ name }`), one opening brace
    /// around a bare name closed by two (`{ name }}`), `{{` with no `}}` after it on its
    /// line, and a placeholder with no name (`{{ }}`). Single braces elsewhere are ordinary
    /// text (a JSON example in a prompt is fine), and a run of three braces
    /// (`{{{ name }}}`) is read as a placeholder. The first two come with a fix that adds
    /// the missing brace.
    ///
    /// ## Why it matters
    ///
    /// The platform fills only well-formed placeholders: the rest reaches the model as
    /// literal braces and names, and the argument meant to go there is silently dropped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "travel", "description": "Travel helpers.",
    ///  "prompts": [{"name": "plan_trip", "description": "Plan a trip.",
    ///    "template": "Plan a trip to {{ city }.",
    ///    "arguments": [{"name": "city", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "travel", "description": "Travel helpers.",
    ///  "prompts": [{"name": "plan_trip", "description": "Plan a trip.",
    ///    "template": "Plan a trip to {{ city }}. Answer as {\"days\": [...]}.",
    ///    "arguments": [{"name": "city", "required": true}]}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (prompts)
    /// - Mustache and Handlebars templates (`{{ name }}` placeholders)
    pub(crate) static MALFORMED_PROMPT_TEMPLATE = {
        code: "MCP627",
        name: "malformed-prompt-template",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports the brace problems and empty placeholders of `scan`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    template: &Text<'_>,
    scan: &Scan,
    report: &mut Reporter<'_>,
) {
    let of = format!("the template of {}", subject(cx, item));
    for problem in &scan.problems {
        let at = template.span(problem.range.clone());
        let written = name(&template.text()[problem.range.clone()]);
        let wanted = problem.name.as_deref().map_or_else(
            || "{{ name }}".to_owned(),
            |n| format!("{{{{ {} }}}}", name(n)),
        );
        let (message, fix) = match problem.kind {
            Unbalanced::Unclosed => (
                format!("`{{{{` in {of} opens a placeholder that is never closed on its line"),
                None,
            ),
            Unbalanced::OneClosing => (
                format!(
                    "`{written}` in {of} opens a placeholder with `{{{{` but closes it with one `}}`"
                ),
                Some(Edit::new(Span::empty(at.end), "}")),
            ),
            Unbalanced::OneOpening => (
                format!(
                    "`{written}` in {of} closes a placeholder with `}}}}` but opens it with one `{{`"
                ),
                Some(Edit::new(Span::empty(at.start), "{")),
            ),
        };
        let mut d = MALFORMED_PROMPT_TEMPLATE
            .diagnostic_at(template.site(problem.range.clone()), message)
            .with_help(format!("write the placeholder as `{wanted}`"));
        if let Some(edit) = fix {
            d = d.with_fix(Fix::new(
                format!("write `{wanted}`"),
                vec![edit],
                Applicability::Safe,
            ));
        }
        report.push(d);
    }
    for placeholder in scan.placeholders.iter().filter(|p| p.name.is_empty()) {
        let written = name(&template.text()[placeholder.range.clone()]);
        report.report(
            &MALFORMED_PROMPT_TEMPLATE,
            template.site(placeholder.range.clone()),
            format!("the placeholder `{written}` in {of} has no name"),
            "write an argument's name between the braces, or remove them",
        );
    }
}
