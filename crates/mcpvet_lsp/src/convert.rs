//! A [`FileReport`] in the protocol's terms: diagnostics, quick fixes and hovers. Every text
//! goes through the report's [`Redactor`](mcpvet_diagnostics::redact::Redactor), as the
//! command line's renderers do, so no secret shows beyond what the masking policy keeps.
use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeDescription, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, Hover, HoverContents, Location, MarkupContent, MarkupKind, NumberOrString,
    TextEdit, Uri, WorkspaceEdit,
};
use mcpvet_diagnostics::redact::Redactor;
use mcpvet_diagnostics::{Applicability, Severity};
use mcpvet_linter::FileReport;
use mcpvet_text::Span;

use crate::position::range;

/// The `source` of every diagnostic.
pub(crate) const SOURCE: &str = "mcpvet";

/// The page of every rule, by code (`https://…/docs/rules/MCP203.md`).
pub(crate) fn rule_urls() -> HashMap<&'static str, Uri> {
    mcpvet_linter::rules()
        .into_iter()
        .filter_map(|rule| {
            let url = mcpvet_linter::docs::rule_url(rule).parse().ok()?;
            Some((rule.code.as_str(), url))
        })
        .collect()
}

/// The diagnostics of `report` (of the document `uri`), one per finding, in the report's
/// order.
pub(crate) fn diagnostics(
    report: &FileReport,
    uri: &Uri,
    urls: &HashMap<&'static str, Uri>,
    redactor: &Redactor,
) -> Vec<Diagnostic> {
    let source = &report.source;
    report
        .diagnostics
        .iter()
        .map(|d| {
            let code = d.code().as_str();
            let mut message = redactor.clean(d.message());
            if let Some(help) = d.help() {
                message.push_str("\nhelp: ");
                message.push_str(&redactor.scrub(help));
            }
            let related: Vec<DiagnosticRelatedInformation> = d
                .secondary()
                .iter()
                .map(|label| DiagnosticRelatedInformation {
                    location: Location {
                        uri: uri.clone(),
                        range: range(source, label.span()),
                    },
                    message: label.message().map_or_else(
                        || format!("{code}: related position"),
                        |m| redactor.clean(m),
                    ),
                })
                .collect();
            Diagnostic {
                range: range(source, d.span()),
                severity: Some(severity(d.severity())),
                code: Some(NumberOrString::String(code.to_owned())),
                code_description: urls
                    .get(code)
                    .map(|href| CodeDescription { href: href.clone() }),
                source: Some(SOURCE.to_owned()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                tags: None,
                data: None,
            }
        })
        .collect()
}

/// The protocol's severity of a finding's.
fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        _ => DiagnosticSeverity::INFORMATION,
    }
}

/// Whether `span` touches the byte range `from..=to` (a cursor at either end of a span is on
/// it).
fn touches(span: Span, from: u32, to: u32) -> bool {
    span.start <= to && from <= span.end
}

/// The quick fixes of the findings of `report` that touch the byte range `from..=to`: one
/// per finding with a fix, whose edits become a [`WorkspaceEdit`] of the document `uri`. A
/// safe fix is the preferred action; a suggested one (it may change behaviour) says so in
/// its title. `diagnostics` are the findings' diagnostics, in the report's order.
///
/// A fix whose new text would hold a secret of the document is not offered: its masked
/// form would corrupt the file, and its plain form would show the secret.
pub(crate) fn code_actions(
    report: &FileReport,
    diagnostics: &[Diagnostic],
    uri: &Uri,
    (from, to): (u32, u32),
    redactor: &Redactor,
) -> Vec<CodeAction> {
    let source = &report.source;
    let mut actions = Vec::new();
    for (finding, diagnostic) in report.diagnostics.iter().zip(diagnostics) {
        let Some(fix) = finding.fix() else {
            continue;
        };
        if !touches(finding.span(), from, to) || fix.edits().is_empty() {
            continue;
        }
        if fix
            .edits()
            .iter()
            .any(|e| redactor.scrub(e.replacement()) != e.replacement())
        {
            continue;
        }
        let edits: Vec<TextEdit> = fix
            .edits()
            .iter()
            .map(|e| TextEdit {
                range: range(source, e.span()),
                new_text: e.replacement().to_owned(),
            })
            .collect();
        let safe = fix.applicability() == Applicability::Safe;
        let message = redactor.clean(fix.message());
        let title = if safe {
            format!("{message} ({})", finding.code())
        } else {
            format!(
                "{message} ({}, suggested: review before applying)",
                finding.code()
            )
        };
        actions.push(CodeAction {
            title,
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic.clone()]),
            edit: Some(WorkspaceEdit {
                changes: Some(HashMap::from([(uri.clone(), edits)])),
                document_changes: None,
                change_annotations: None,
            }),
            command: None,
            is_preferred: Some(safe),
            disabled: None,
            data: None,
        });
    }
    actions
}

/// The hover of the server whose name is at byte `offset` of a configuration's `report`:
/// its transport and command or URL (masked as the command line's summary masks them), the
/// client, and whether it is disabled.
pub(crate) fn hover(
    report: &FileReport,
    offset: u32,
    markdown: bool,
    redactor: &Redactor,
) -> Option<Hover> {
    let server = report
        .servers
        .iter()
        .find(|s| !s.name_span.is_empty() && touches(s.name_span, offset, offset))?;
    let target = server.target.as_deref().map(|t| redactor.clean(t));
    let what = match server.transport {
        "stdio" => "command",
        "stdio+http" => "command | url",
        _ => "url",
    };
    // Markdown shows names, transports and commands as code; plain text as they are.
    let code = |text: &str| {
        if markdown {
            code_span(text)
        } else {
            text.to_owned()
        }
    };
    let name = if markdown {
        format!("**{}**", code(&server.name))
    } else {
        server.name.clone()
    };
    let client = report
        .dialect
        .as_ref()
        .map(|d| format!(" ({})", d.client))
        .unwrap_or_default();
    let disabled = if server.disabled { ", disabled" } else { "" };
    let mut lines = vec![
        format!("{name} MCP server{client}{disabled}"),
        format!("transport: {}", code(server.transport)),
    ];
    if let Some(target) = &target {
        lines.push(format!("{what}: {}", code(target)));
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: if markdown {
                MarkupKind::Markdown
            } else {
                MarkupKind::PlainText
            },
            // Two spaces end a Markdown line without starting a paragraph.
            value: lines.join(if markdown { "  \n" } else { "\n" }),
        }),
        range: Some(range(&report.source, server.name_span)),
    })
}

/// `text` as a Markdown code span: fenced by one backtick more than its longest run of
/// backticks, padded when it starts or ends with one, line breaks read as spaces.
fn code_span(text: &str) -> String {
    let text = text.replace(['\r', '\n'], " ");
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    if text.starts_with('`') || text.ends_with('`') {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_hold_any_text() {
        assert_eq!(code_span("npx -y x"), "`npx -y x`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("`x``"), "``` `x`` ```");
        assert_eq!(code_span("a\nb"), "`a b`");
    }

    #[test]
    fn every_rule_has_a_page() {
        let urls = rule_urls();
        assert_eq!(urls.len(), mcpvet_linter::rules().len());
        assert_eq!(
            urls["MCP001"].as_str(),
            "https://github.com/mcpvet/mcpvet/blob/main/docs/rules/MCP001.md"
        );
    }

    #[test]
    fn spans_touch_at_both_ends() {
        let span = Span::new(4, 8);
        assert!(touches(span, 4, 4));
        assert!(touches(span, 8, 8));
        assert!(touches(span, 0, 20));
        assert!(!touches(span, 9, 12));
        assert!(!touches(span, 0, 3));
    }
}
