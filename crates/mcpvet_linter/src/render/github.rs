//! GitHub Actions workflow commands (`mcpvet config --format github`): one annotation per
//! finding, shown on the pull request's changed files and in the run summary.
//!
//! ```text
//! ::error file=.vscode/mcp.json,line=4,col=16,endLine=4,endColumn=20,title=MCP001 json-syntax-error::expected a value, found `tru`%0Ahelp: ...
//! ```
//!
//! Errors become `::error`, warnings `::warning`, infos `::notice`. Lines and columns are
//! 1-based, columns in code points; `endColumn` is the column just after the last character.
//! Values are escaped as GitHub's toolkit does: `%`, CR and LF in the message; also `:` and
//! `,` in properties. Other control characters (and bidirectional overrides) become U+FFFD,
//! so an input cannot smuggle a workflow command or terminal escape into the log. The help
//! follows the message on a second line, after one line per secondary label (`line 3: the
//! request it answers`). Secrets are masked as everywhere.
//!
//! GitHub shows at most 10 annotations of each level per step and 50 per job; the rest are
//! in the log only.
use std::fmt::Write as _;

use mcpvet_diagnostics::Severity;

use super::common::place;
use crate::report::FileReport;

/// Renders every finding of the reports as a workflow command, one per line.
///
/// ```
/// use mcpvet_linter::render::github::render_github;
/// use mcpvet_linter::{ConfigOptions, lint_config};
/// use mcpvet_text::SourceFile;
///
/// let file = SourceFile::new("claude_desktop_config.json", "{\"mcpServers\": {\"a\": tru}}").unwrap();
/// let report = lint_config(&file, &ConfigOptions::default());
/// let out = render_github(&[report]);
/// assert!(out.starts_with("::error file=claude_desktop_config.json,line=1,col=22,"));
/// ```
pub fn render_github(reports: &[FileReport]) -> String {
    let catalog = crate::registry::rules();
    let mut out = String::new();
    for report in reports {
        let redactor = report.redactor();
        let file = property(&report.source.name().replace('\\', "/"));
        for d in &report.diagnostics {
            let command = match d.severity() {
                Severity::Error => "error",
                Severity::Warning => "warning",
                _ => "notice",
            };
            let at = place(&report.source, d.span());
            let code = d.code().as_str();
            let title = match catalog.iter().find(|r| r.code == d.code()) {
                Some(rule) => format!("{code} {}", rule.name),
                None => code.to_owned(),
            };
            let mut message = redactor.clean(d.message());
            // Secondary labels (the other side of an exchange: the request a response
            // answers) as notes with their line, since an annotation has one position.
            for label in d.secondary() {
                let line = place(&report.source, label.span()).line;
                match label.message() {
                    Some(note) => {
                        let _ = write!(message, "\nline {line}: {}", redactor.clean(note));
                    }
                    None => {
                        let _ = write!(message, "\nsee line {line}");
                    }
                }
            }
            if let Some(help) = d.help() {
                let _ = write!(message, "\nhelp: {}", redactor.scrub(help));
            }
            let _ = writeln!(
                out,
                "::{command} file={file},line={},col={},endLine={},endColumn={},title={}::{}",
                at.line,
                at.column,
                at.end_line,
                at.end_column,
                property(&title),
                data(&message),
            );
        }
    }
    out
}

/// Escapes a command's message.
pub(crate) fn data(text: &str) -> String {
    escape(text, false)
}

/// Escapes a property value.
pub(crate) fn property(text: &str) -> String {
    escape(text, true)
}

fn escape(text: &str, property: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c if c.is_control()
                || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') =>
            {
                out.push('\u{FFFD}');
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(data("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
        assert_eq!(property("50% a:b,c\nd"), "50%25 a%3Ab%2Cc%0Ad");
        assert_eq!(data("x\u{1b}[31m\u{202E}y"), "x\u{FFFD}[31m\u{FFFD}y");
        // A message cannot end the command and start another.
        assert_eq!(data("a\n::error::b"), "a%0A::error::b");
    }
}
