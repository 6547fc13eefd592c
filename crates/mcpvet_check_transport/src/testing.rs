//! Running this crate's checks on a text, for the rules' unit tests.
use mcpvet_ast::config::read_config;
use mcpvet_diagnostics::{Diagnostic, Findings, RuleMeta};

/// The findings of `rule` on `text` read as `file_name`.
#[track_caller]
pub(crate) fn run(rule: &RuleMeta, file_name: &str, text: &str) -> Vec<Diagnostic> {
    let outcome = read_config(text, Some(file_name), None);
    let mut findings = Findings::new();
    crate::check_config(&outcome.value, &mut findings);
    findings
        .into_parts()
        .0
        .into_iter()
        .filter(|d| d.code() == rule.code)
        .collect()
}

/// The messages of `rule` on `text`.
#[track_caller]
pub(crate) fn messages(rule: &RuleMeta, file_name: &str, text: &str) -> Vec<String> {
    run(rule, file_name, text)
        .iter()
        .map(|d| d.message().to_owned())
        .collect()
}

/// The text under the primary span of each finding of `rule`.
#[track_caller]
pub(crate) fn spans<'t>(rule: &RuleMeta, file_name: &str, text: &'t str) -> Vec<&'t str> {
    run(rule, file_name, text)
        .iter()
        .map(|d| &text[d.span().range()])
        .collect()
}
