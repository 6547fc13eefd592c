//! Renderers: turn findings into text for people or tools.
//!
//! Each renderer takes the [`FileReport`](crate::FileReport)s (or, for single findings, the
//! [`SourceFile`](mcpvet_text::SourceFile) they are about) and returns a `String`; none
//! writes anywhere, so they run unchanged in the command line and in the browser.
//!
//! - [`text`]: one finding rustc-style, with a snippet of the source;
//! - [`overview`]: the human-readable report of a file (what it is, its servers, the counts),
//!   followed by its findings;
//! - [`json`]: the versioned JSON report (`docs/report.schema.json`);
//! - [`sarif`]: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers;
//! - [`github`]: GitHub Actions workflow commands (annotations);
//! - [`diff`]: the outputs of `mcpvet diff` (text, JSON, SARIF, GitHub annotations).
//!
//! Every renderer masks secrets: the text of each span in
//! [`FileReport::redactions`](crate::FileReport::redactions) is masked wherever it appears,
//! in source snippets as in messages, labels, JSON paths and fixes.

pub(crate) mod common;
pub mod diff;
pub mod github;
pub mod json;
pub mod overview;
pub mod sarif;
pub mod text;

/// The tool's name in machine-readable reports.
pub const TOOL_NAME: &str = "mcpvet";

/// The tool's version in machine-readable reports (the workspace version).
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where to learn about the tool (SARIF `informationUri`).
pub const INFORMATION_URI: &str = env!("CARGO_PKG_REPOSITORY");

/// `text` with every secret of `report` masked wherever it occurs (as written, without its
/// quotes, or decoded): its first four characters kept (a quarter of a short secret), the
/// others replaced by `*`. For output a renderer does not produce, such as an AST dump.
///
/// ```
/// use mcpvet_linter::render::mask_secrets;
/// use mcpvet_linter::{ConfigOptions, lint_config};
/// use mcpvet_text::{SourceFile, Span};
///
/// let file = SourceFile::new("x.json", "{\"k\": \"hunter22\"}").unwrap();
/// let mut report = lint_config(&file, &ConfigOptions::default());
/// report.redactions.push(Span::new(6, 16));
/// assert_eq!(mask_secrets(&report, "password hunter22"), "password hu******");
/// ```
pub fn mask_secrets(report: &crate::FileReport, text: &str) -> String {
    report.redactor().clean(text)
}
