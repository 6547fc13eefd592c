//! `mcpvet json`: is each input well-formed JSON, JSONC or JSON Lines?
use std::borrow::Cow;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{DecodedText, JsonOptions, decode_utf8, parse_bytes, parse_lines};
use mcpvet_linter::render::text::{TextOptions, render_diagnostic};
use mcpvet_text::{SourceFile, TextError};

use super::Status;
use crate::cli::JsonArgs;
use crate::io::Input;
use crate::output::{self, Output};

pub(super) fn run(args: &JsonArgs, color: bool, out: &mut Output) -> Status {
    let base = if args.jsonc {
        JsonOptions::jsonc()
    } else {
        JsonOptions::strict()
    };
    let options = base.with_max_depth(args.max_depth);
    let text_options = TextOptions {
        color,
        redactions: Vec::new(),
    };
    let mut status = Status::Clean;
    for arg in &args.files {
        let input = Input::new(arg);
        let Some(bytes) = super::read_or_report(&input, &mut status) else {
            continue;
        };
        let name = input.name();
        let (text, diagnostics) = check(&bytes, args.jsonl, &options);
        if let Err(err) = print_findings(out, &name, text, &diagnostics, &text_options) {
            // Input::read refuses such inputs already.
            output::error(&format!("cannot inspect `{name}`: {err}"));
            status = status.max(Status::Failure);
            continue;
        }
        output::status(&format!("{name}: {}", summary(&diagnostics)));
        if diagnostics.iter().any(Diagnostic::is_error) {
            status = status.max(Status::Findings);
        }
    }
    status
}

/// Renders each finding to standard output, followed by an empty line.
fn print_findings(
    out: &mut Output,
    name: &str,
    text: Cow<'_, str>,
    diagnostics: &[Diagnostic],
    options: &TextOptions,
) -> Result<(), TextError> {
    if diagnostics.is_empty() || !out.is_open() {
        return Ok(());
    }
    let file = SourceFile::new(name, text)?;
    for diagnostic in diagnostics {
        if !out.is_open() {
            break;
        }
        out.print(&render_diagnostic(&file, diagnostic, options));
        out.print("\n");
    }
    Ok(())
}

/// Parses `bytes`; returns the findings sorted by position and, when there are any, the text
/// their spans refer to (invalid UTF-8 read as `?`).
fn check<'a>(
    bytes: &'a [u8],
    jsonl: bool,
    options: &JsonOptions,
) -> (Cow<'a, str>, Vec<Diagnostic>) {
    if jsonl {
        // parse_lines takes text: decode first, then merge the two lists of findings.
        let DecodedText {
            text,
            mut diagnostics,
        } = decode_utf8(bytes);
        let parsed = parse_lines(&text, options).diagnostics;
        diagnostics.extend(parsed);
        diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
        (text, diagnostics)
    } else {
        let outcome = parse_bytes(bytes, options);
        // The text is only needed to show findings; a clean file is not copied.
        let text = if outcome.diagnostics.is_empty() {
            String::new()
        } else {
            outcome.value.text().to_owned()
        };
        (Cow::Owned(text), outcome.diagnostics)
    }
}

/// `well-formed`, `well-formed, 1 warning`, `2 errors, 1 warning`...
fn summary(diagnostics: &[Diagnostic]) -> String {
    let count = |severity: Severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity() == severity)
            .count()
    };
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    let mut parts = Vec::new();
    if errors == 0 {
        parts.push("well-formed".to_owned());
    } else {
        parts.push(plural(errors, "error", "errors"));
    }
    if warnings > 0 {
        parts.push(plural(warnings, "warning", "warnings"));
    }
    if infos > 0 {
        parts.push(plural(infos, "info", "info"));
    }
    parts.join(", ")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use mcpvet_diagnostics::RuleCode;
    use mcpvet_text::Span;

    use super::*;

    fn d(severity: Severity) -> Diagnostic {
        Diagnostic::new(RuleCode::new("MCP001"), severity, Span::empty(0), "m")
    }

    #[test]
    fn summaries() {
        assert_eq!(summary(&[]), "well-formed");
        assert_eq!(summary(&[d(Severity::Warning)]), "well-formed, 1 warning");
        assert_eq!(
            summary(&[d(Severity::Error), d(Severity::Error), d(Severity::Warning)]),
            "2 errors, 1 warning"
        );
        assert_eq!(
            summary(&[d(Severity::Error), d(Severity::Info), d(Severity::Info)]),
            "1 error, 2 info"
        );
    }

    #[test]
    fn json_lines_keep_file_offsets() {
        let (text, diagnostics) = check(b"{}\n{\"a\" 1}\n\xff\n", true, &JsonOptions::strict());
        assert_eq!(text, "{}\n{\"a\" 1}\n?\n");
        let spans: Vec<_> = diagnostics.iter().map(|d| d.span().start).collect();
        assert!(spans.windows(2).all(|w| w[0] <= w[1]));
        assert!(diagnostics.iter().any(|d| d.code().as_str() == "MCP008"));
    }
}
