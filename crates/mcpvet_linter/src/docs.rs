//! Rule documentation pages, generated from the catalog (`docs/rules/`, `mcpvet explain`).
use std::fmt::Write as _;

use mcpvet_diagnostics::{Family, RuleMeta};

use crate::registry::rules;

/// The repository URL that rule pages live under (for SARIF `helpUri` and links).
pub const DOCS_BASE_URL: &str = "https://github.com/mcpvet/mcpvet/blob/main/docs/rules/";

/// The URL of a rule's page.
pub fn rule_url(rule: &RuleMeta) -> String {
    format!("{DOCS_BASE_URL}{}.md", rule.code)
}

/// The Markdown page of one rule: title, status line, then the documentation.
pub fn rule_page(rule: &RuleMeta) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {} {}", rule.code, rule.name);
    out.push('\n');
    let _ = writeln!(
        out,
        "Family: {} · Default severity: {} · Applies to: {} · Status: {} · Source: `{}`",
        rule.family.title(),
        rule.default_severity,
        rule.target.name(),
        rule.status,
        rule.source
    );
    out.push('\n');
    out.push_str(&rule.docs());
    out.push_str(&crate::requirements::rule_section(rule.code.as_str()));
    out
}

/// The index page: every rule by family, with its summary.
pub fn index_page() -> String {
    let mut out = String::from(
        "# Rules\n\nEvery finding mcpvet reports has a stable code (`MCP` + three digits, the hundreds \
         digit is the family), a kebab-case name and a default severity. Codes are never \
         reused. This page and the rule pages are generated from the code \
         (`cargo run -p mcpvet_dev -- generate-docs`); a test fails when they drift. The \
         protocol requirements each rule enforces, and those no rule checks yet, are in \
         [coverage.md](https://github.com/mcpvet/mcpvet/blob/main/docs/coverage.md).\n",
    );
    let all = rules();
    for family in Family::ALL {
        let in_family: Vec<&&RuleMeta> = all.iter().filter(|r| r.family == family).collect();
        if in_family.is_empty() {
            continue;
        }
        let _ = write!(out, "\n## {} (MCP{}xx)\n\n", family.title(), family.digit());
        out.push_str("| code | name | severity | applies to | summary |\n|---|---|---|---|---|\n");
        for r in in_family {
            let _ = writeln!(
                out,
                "| [{code}]({code}.md) | `{}` | {} | {} | {} |",
                r.name,
                r.default_severity,
                r.target.name(),
                r.summary().replace('|', "\\|"),
                code = r.code,
            );
        }
    }
    out
}

/// Every generated file under `docs/rules/`: (file name, contents).
pub fn generated_files() -> Vec<(String, String)> {
    let mut files = vec![("index.md".to_owned(), index_page())];
    files.extend(
        rules()
            .into_iter()
            .map(|r| (format!("{}.md", r.code), rule_page(r))),
    );
    files
}

/// A fenced example in a rule page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// `true` under `### Flagged`, `false` under `### Accepted`.
    pub flagged: bool,
    /// The fence language: `json`, `jsonc`, `jsonl`, `toml`...
    pub language: String,
    /// The `file=` attribute (the file name the example stands for).
    pub file: Option<String>,
    /// Every attribute after the language (`file=...`, `protocol=2025-03-26`...).
    pub attributes: Vec<String>,
    /// The example text.
    pub text: String,
}

/// The examples of a rule page, from its `### Flagged` and `### Accepted` sections.
pub fn examples(docs: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut section: Option<bool> = None;
    let mut lines = docs.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_prefix("### ") {
            section = match heading.trim() {
                "Flagged" => Some(true),
                "Accepted" => Some(false),
                _ => None,
            };
        } else if trimmed.starts_with("## ") {
            section = None;
        } else if let (Some(flagged), Some(info)) = (section, trimmed.strip_prefix("```")) {
            let mut words = info.split_whitespace();
            let language = words.next().unwrap_or("").to_owned();
            let attributes: Vec<String> = words.map(str::to_owned).collect();
            let file = attributes
                .iter()
                .find_map(|w| w.strip_prefix("file="))
                .map(str::to_owned);
            let mut text = String::new();
            for body in lines.by_ref() {
                if body.trim() == "```" {
                    break;
                }
                text.push_str(body);
                text.push('\n');
            }
            out.push(Example {
                flagged,
                language,
                file,
                attributes,
                text,
            });
        }
    }
    out
}
