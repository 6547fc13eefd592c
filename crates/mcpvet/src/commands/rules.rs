//! `mcpvet rules` and `mcpvet explain`: the rule catalog.
use std::fmt::Write as _;

use mcpvet_linter::docs::rule_page;
use mcpvet_linter::i18n::{Lang, rule_title};
use mcpvet_linter::requirements::{coverage_json, coverage_text};
use mcpvet_linter::{rule, rules};

use super::Status;
use crate::cli::{ExplainArgs, RulesArgs, RulesFormat};
use crate::output::{self, Output};

/// Prints the catalog as a table: code, name, default severity, family, summary; or, with
/// `--coverage`, the protocol requirements the rules cover.
pub(super) fn list(args: &RulesArgs, out: &mut Output) -> Status {
    if args.coverage {
        let text = match args.format {
            RulesFormat::Text => coverage_text(args.protocol),
            RulesFormat::Json => format!("{:#}\n", coverage_json(args.protocol)),
        };
        out.print(&text);
        return Status::Clean;
    }
    if matches!(args.format, RulesFormat::Json) {
        out.print(&mcpvet_linter::embed::rules_json_in(out.lang()));
        return Status::Clean;
    }
    let all = rules();
    let name_width = all.iter().map(|r| r.name.len()).max().unwrap_or(4).max(4);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{:<6}  {:<name_width$}  {:<8}  {:<9}  summary",
        "code", "name", "severity", "family"
    );
    for r in &all {
        let _ = writeln!(
            text,
            "{:<6}  {:<name_width$}  {:<8}  {:<9}  {}",
            r.code.as_str(),
            r.name,
            r.default_severity.as_str(),
            r.family.name(),
            rule_title(r, out.lang())
        );
    }
    out.print(&text);
    Status::Clean
}

/// Prints one rule's page.
pub(super) fn explain(args: &ExplainArgs, out: &mut Output) -> Status {
    let wanted = args.rule.trim();
    if let Some(meta) = rule(wanted) {
        let page = rule_page(meta);
        let lang = out.lang();
        if lang == Lang::En {
            out.print(&page);
        } else {
            // The title in the reader's language under the heading, then the page as written.
            let (heading, rest) = page.split_once('\n').unwrap_or((&page, ""));
            out.print(&format!(
                "{heading}\n\n{}\n\n{}\n{rest}",
                rule_title(meta, lang),
                mcpvet_linter::i18n::text(lang, "cli.explain.untranslated"),
            ));
        }
        Status::Clean
    } else {
        let shown: String = wanted
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        output::error(&format!(
            "no rule has the code or name `{shown}`; `mcpvet rules` lists them all"
        ));
        Status::Failure
    }
}
