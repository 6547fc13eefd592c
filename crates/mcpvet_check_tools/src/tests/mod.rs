//! End-to-end tests of the checker on small sessions, including the tricky cases of the
//! protocol notes (§14: 11 tool lists, 12 input schemas, 13 structured output, 14 error
//! classification, 18 prompt arguments, 23 icon URLs), one module per concept; this module
//! holds what they share: running a session through the checker and writing tool lists.
use mcpvet_ast::transcript::{ProtocolVersion, detect_version, read_transcript};
use mcpvet_diagnostics::{Diagnostic, Findings, Severity};

use super::*;

mod calls;
mod captures;
mod lists;
mod prompts;
mod schemas;
mod tools;

const V2024: ProtocolVersion = ProtocolVersion::V2024_11_05;
const V2025_03: ProtocolVersion = ProtocolVersion::V2025_03_26;
const V2025_06: ProtocolVersion = ProtocolVersion::V2025_06_18;
const V2025_11: ProtocolVersion = ProtocolVersion::V2025_11_25;
const V2026: ProtocolVersion = ProtocolVersion::V2026_07_28;

struct Run {
    text: String,
    diagnostics: Vec<Diagnostic>,
    summary: ToolsSummary,
}

impl Run {
    /// `(code, severity, spanned text)` of every finding, in source order.
    fn found(&self) -> Vec<(&'static str, Severity, &str)> {
        self.diagnostics
            .iter()
            .map(|d| {
                (
                    d.code().as_str(),
                    d.severity(),
                    &self.text[d.span().range()],
                )
            })
            .collect()
    }

    /// Without the findings of `code` (the 2026 cache members in tests about something else).
    fn without(mut self, code: &str) -> Run {
        self.diagnostics.retain(|d| d.code().as_str() != code);
        self
    }

    fn codes(&self) -> Vec<&'static str> {
        self.diagnostics.iter().map(|d| d.code().as_str()).collect()
    }

    fn messages(&self) -> Vec<&str> {
        self.diagnostics.iter().map(Diagnostic::message).collect()
    }
}

fn run_as(lines: &[&str], name: &str, protocol: Option<ProtocolVersion>) -> Run {
    let mut text = lines.join("\n");
    text.push('\n');
    let transcript = read_transcript(&text, Some(name), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), protocol);
    let mut checker = ToolsChecker::new(&version);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    let (mut diagnostics, _) = findings.into_parts();
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    for d in &diagnostics {
        assert!(d.message_index().is_some(), "{d:?}");
        assert!(d.help().is_some(), "{d:?}");
    }
    drop(transcript);
    Run {
        text,
        diagnostics,
        summary,
    }
}

fn run(lines: &[&str], protocol: ProtocolVersion) -> Run {
    run_as(lines, "session.jsonl", Some(protocol))
}

const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;

/// A `tools/list` response with id 1 and the given tools.
fn tools(tools: &str) -> String {
    format!(r#"{{"jsonrpc":"2.0","id":1,"result":{{"tools":[{tools}]}}}}"#)
}

fn tool(name: &str, schema: &str) -> String {
    format!(r#"{{"name":"{name}","description":"Does {name}.","inputSchema":{schema}}}"#)
}
