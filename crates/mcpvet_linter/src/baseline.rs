//! Baselines: the findings a project has accepted for now, so that a run reports only new
//! ones (`--write-baseline`, `--baseline`; `docs/configuration.md`).
//!
//! A baseline file (`mcpvet-baseline.json`) is versioned JSON, sorted, with one entry per
//! finding: its rule code, the file (a path relative to the baseline's folder, given by the
//! caller), the finding's JSON path and a fingerprint. The fingerprint is a SHA-256 (cut to
//! 32 hex digits) of the code, the JSON path and the normalised text of the primary span:
//! the span's first line (at most 4 KiB of it) without blanks, with the characters of every
//! secret masked as every output masks them. No line or column is kept, so an entry still
//! matches after the finding's line moves; the file holds no secret, not even a hash of one.
//! A finding matches an entry of the same file, code and fingerprint; an entry matches one
//! finding (two identical findings need two entries).
//!
//! ```
//! use mcpvet_linter::baseline::Baseline;
//! use mcpvet_linter::{ConfigOptions, lint_config};
//! use mcpvet_text::SourceFile;
//!
//! let text = "{\"mcpServers\": {\"docs\": {\"command\": \"./docs-mcp\"}}}";
//! let report = lint_config(&SourceFile::new("claude_desktop_config.json", text).unwrap(), &ConfigOptions::default());
//! assert!(!report.diagnostics.is_empty());
//! let mut baseline = Baseline::new();
//! baseline.add("claude_desktop_config.json", &report);
//! let written = baseline.to_json();
//! // Later: the same finding, two lines further down, is in the baseline.
//! let moved = format!("\n\n{text}");
//! let mut later = lint_config(&SourceFile::new("claude_desktop_config.json", moved).unwrap(), &ConfigOptions::default());
//! Baseline::parse(&written).unwrap().apply("claude_desktop_config.json", &mut later);
//! assert!(later.diagnostics.is_empty());
//! assert_eq!(later.baselined, report.diagnostics.len());
//! ```
use std::collections::HashMap;
use std::fmt;
use std::fmt::Write as _;

use mcpvet_diagnostics::Diagnostic;
use mcpvet_diagnostics::redact::SpanMask;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use crate::report::FileReport;

/// The usual name of a baseline file.
pub const FILE_NAME: &str = "mcpvet-baseline.json";

/// The version of the baseline format this mcpvet writes and reads.
pub const VERSION: u32 = 1;

/// The bytes of a span's first line that its fingerprint reads.
const MAX_TEXT: usize = 4096;

/// One accepted finding.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The file, relative to the baseline's folder, `/` between folders.
    pub file: String,
    /// The rule code (`MCP210`).
    pub code: String,
    /// The finding's JSON path (empty when it has none).
    pub path: String,
    /// See the module documentation.
    pub fingerprint: String,
}

/// The accepted findings of a project.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Baseline {
    entries: Vec<Entry>,
}

/// The file's layout.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    version: u32,
    #[serde(default)]
    tool: Option<String>,
    findings: Vec<Entry>,
}

/// A baseline file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselineError {
    /// 1-based line (0 when the problem has no position).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for BaselineError {}

impl Baseline {
    /// An empty baseline.
    pub fn new() -> Self {
        Baseline::default()
    }

    /// Adds every finding of `report`, the report of `file` (relative to the baseline's
    /// folder).
    pub fn add(&mut self, file: &str, report: &FileReport) {
        for d in &report.diagnostics {
            self.entries.push(Entry {
                file: file.to_owned(),
                code: d.code().as_str().to_owned(),
                path: d.path().map(ToString::to_string).unwrap_or_default(),
                fingerprint: fingerprint(report, d),
            });
        }
    }

    /// The entries, in the order they were added or read.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The baseline file: indented JSON, entries sorted by file, code, path and fingerprint;
    /// ends with a line break.
    pub fn to_json(&self) -> String {
        let mut findings = self.entries.clone();
        findings.sort();
        let document = Document {
            version: VERSION,
            tool: Some(crate::render::TOOL_NAME.to_owned()),
            findings,
        };
        // Plain structs with string keys always serialize.
        let mut out = serde_json::to_string_pretty(&document).unwrap_or_default();
        out.push('\n');
        out
    }

    /// Reads a baseline file.
    ///
    /// # Errors
    ///
    /// Text that is not a baseline of a version this mcpvet reads, with the position of the
    /// problem.
    pub fn parse(text: &str) -> Result<Baseline, BaselineError> {
        let document: Document = serde_json::from_str(text).map_err(|e| BaselineError {
            line: e.line(),
            column: e.column(),
            message: e
                .to_string()
                .split(" at line ")
                .next()
                .unwrap_or("")
                .to_owned(),
        })?;
        if document.version != VERSION {
            return Err(BaselineError {
                line: 0,
                column: 0,
                message: format!(
                    "baseline version {} is not supported (this mcpvet reads version {VERSION})",
                    document.version
                ),
            });
        }
        Ok(Baseline {
            entries: document.findings,
        })
    }

    /// Removes from `report` (the report of `file`, relative to the baseline's folder) the
    /// findings the baseline holds, and counts them in [`FileReport::baselined`].
    pub fn apply(&self, file: &str, report: &mut FileReport) {
        let mut left: HashMap<(&str, String), usize> = HashMap::new();
        for e in self.entries.iter().filter(|e| e.file == file) {
            *left.entry((&e.code, e.fingerprint.clone())).or_default() += 1;
        }
        if left.is_empty() {
            return;
        }
        let diagnostics = std::mem::take(&mut report.diagnostics);
        let mut kept = Vec::with_capacity(diagnostics.len());
        let mut baselined = 0;
        for d in diagnostics {
            match left.get_mut(&(d.code().as_str(), fingerprint(report, &d))) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    baselined += 1;
                }
                _ => kept.push(d),
            }
        }
        report.diagnostics = kept;
        report.baselined += baselined;
    }
}

/// The fingerprint of finding `d` of `report`; see the module documentation.
pub fn fingerprint(report: &FileReport, d: &Diagnostic) -> String {
    let span = d.span();
    let source = &report.source;
    let (line_text, line_start) = if source.has_text() {
        let text = source.text();
        let start = (span.start as usize).min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        (&text[line_start..line_end], line_start as u32)
    } else {
        match source.excerpt(span.start) {
            Some(excerpt) => (excerpt.text, excerpt.start),
            None => ("", span.start),
        }
    };
    // The span's part of its first line.
    let from = clamp(line_text, span.start.saturating_sub(line_start) as usize);
    let to = clamp(line_text, span.end.saturating_sub(line_start) as usize).max(from);
    let to = clamp(line_text, to.min(from + MAX_TEXT)).max(from);
    let part = &line_text[from..to];
    let masked = SpanMask::new(line_text, line_start, &report.redactions)
        .apply(part.trim_end_matches('\r'), line_start + from as u32);
    let normalised: String = masked.chars().filter(|c| !c.is_whitespace()).collect();
    let mut hasher = Sha256::new();
    hasher.update(d.code().as_str().as_bytes());
    hasher.update([0]);
    if let Some(path) = d.path() {
        hasher.update(path.to_string().as_bytes());
    }
    hasher.update([0]);
    hasher.update(normalised.as_bytes());
    let digest = hasher.finalize();
    let mut out = String::with_capacity(32);
    for byte in &digest[..16] {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// `at`, or the closest character boundary of `text` before it.
fn clamp(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use mcpvet_text::SourceFile;

    use super::*;
    use crate::{ConfigOptions, lint_config};

    fn lint(text: &str) -> FileReport {
        lint_config(
            &SourceFile::new("claude_desktop_config.json", text).unwrap(),
            &ConfigOptions::default(),
        )
    }

    const CONFIG: &str = "{\"mcpServers\": {\n  \"docs\": {\"command\": \"./docs-mcp\"},\n  \"api\": {\"command\": \"x\", \"env\": {\"API_KEY\": \"sk-live-0123456789abcdefABCDEF\"}}\n}}\n";

    #[test]
    fn survives_moves_and_reformatting_not_changes() {
        let report = lint(CONFIG);
        assert!(report.diagnostics.len() >= 2, "{:?}", report.diagnostics);
        let mut baseline = Baseline::new();
        baseline.add("a.json", &report);
        let json = baseline.to_json();
        assert!(!json.contains("0123456789abcdef"), "{json}");
        let read = Baseline::parse(&json).unwrap();
        assert_eq!(read.entries().len(), report.diagnostics.len());
        // Moved down and indented differently: all baselined.
        let moved = CONFIG.replace("{\n  \"docs\"", "{\n\n\n    \"docs\"");
        let mut later = lint(&moved);
        read.apply("a.json", &mut later);
        assert!(later.diagnostics.is_empty(), "{:?}", later.diagnostics);
        assert_eq!(later.baselined, report.diagnostics.len());
        // Another file: nothing matches.
        let mut other = lint(CONFIG);
        read.apply("b.json", &mut other);
        assert_eq!(
            (other.baselined, other.diagnostics.len()),
            (0, report.diagnostics.len())
        );
        // A new finding is reported, the old ones are not.
        let added = CONFIG.replace(
            "\"docs\"",
            "\"tools\": {\"command\": \"./tools-mcp\"},\n  \"docs\"",
        );
        let mut later = lint(&added);
        read.apply("a.json", &mut later);
        assert_eq!(later.baselined, report.diagnostics.len());
        assert!(!later.diagnostics.is_empty());
        assert!(
            later
                .diagnostics
                .iter()
                .all(|d| d.path().unwrap().to_string().contains("tools"))
        );
    }

    #[test]
    fn sorted_versioned_and_checked() {
        let mut baseline = Baseline::new();
        baseline.add("z.json", &lint(CONFIG));
        baseline.add("a.json", &lint(CONFIG));
        let json = baseline.to_json();
        assert!(
            json.starts_with("{\n  \"version\": 1,\n  \"tool\": \"mcpvet\",\n  \"findings\": [")
        );
        let read = Baseline::parse(&json).unwrap();
        let files: Vec<&str> = read.entries.iter().map(|e| e.file.as_str()).collect();
        assert!(files.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(json, Baseline::parse(&json).unwrap().to_json());
        assert_eq!(
            Baseline::parse("{\"version\": 2, \"findings\": []}")
                .unwrap_err()
                .to_string(),
            "baseline version 2 is not supported (this mcpvet reads version 1)"
        );
        assert!(
            Baseline::parse("{\"version\": 1,\n \"findings\": [1]}")
                .unwrap_err()
                .to_string()
                .starts_with("2:")
        );
    }
}
