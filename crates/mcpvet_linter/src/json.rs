//! Checking that a text is well-formed JSON, JSONC or JSON Lines (`mcpvet json`).
use mcpvet_diagnostics::Diagnostic;
use mcpvet_json::{JsonOptions, parse, parse_lines};
use mcpvet_text::{Positions, SourceFile, TextError};

use crate::report::{FileReport, InputKind};

/// Options for [`lint_json`].
#[derive(Debug, Clone, Default)]
pub struct JsonCheckOptions {
    /// The grammar: strict JSON ([`JsonOptions::strict`], the default), or JSONC; and the
    /// deepest nesting accepted.
    pub json: JsonOptions,
    /// Read JSON Lines: each non-blank line is one JSON value.
    pub lines: bool,
}

/// Checks that `text` is well-formed under `options`: every syntax finding of the parser
/// (MCP001–MCP008), sorted by position. The report holds the text only when there is a
/// finding to show in it, so a clean multi-gigabyte file is not copied.
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when `text` is longer than `u32::MAX` bytes.
///
/// ```
/// use mcpvet_linter::{JsonCheckOptions, lint_json};
///
/// let report = lint_json("a.json", "{\"a\": 1,}", &JsonCheckOptions::default()).unwrap();
/// assert_eq!(report.diagnostics[0].code().as_str(), "MCP004");
/// ```
pub fn lint_json(
    name: &str,
    text: &str,
    options: &JsonCheckOptions,
) -> Result<FileReport, TextError> {
    check(name, text, Vec::new(), options)
}

/// [`lint_json`] with findings made before parsing (invalid UTF-8 in the bytes `text` was
/// decoded from).
pub(crate) fn check(
    name: &str,
    text: &str,
    mut diagnostics: Vec<Diagnostic>,
    options: &JsonCheckOptions,
) -> Result<FileReport, TextError> {
    let len = mcpvet_text::check_len(text.len())?;
    diagnostics.extend(if options.lines {
        parse_lines(text, &options.json).diagnostics
    } else {
        parse(text, &options.json).diagnostics
    });
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    if diagnostics.is_empty() {
        return Ok(clean_report(name, len));
    }
    Ok(report(SourceFile::new(name, text)?, diagnostics))
}

/// The report of a well-formed text of `len` bytes named `name`: no finding, no text held.
pub(crate) fn clean_report(name: &str, len: u32) -> FileReport {
    report(
        SourceFile::positioned(name, Positions::new(len)),
        Vec::new(),
    )
}

fn report(source: SourceFile, diagnostics: Vec<Diagnostic>) -> FileReport {
    FileReport {
        source,
        kind: InputKind::Json,
        detection: None,
        dialect: None,
        servers: Vec::new(),
        transcript: None,
        definition: None,
        diagnostics,
        redactions: Vec::new(),
        suppressed: 0,
        baselined: 0,
    }
}
