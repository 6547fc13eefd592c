//! The tricky cases of the protocol notes (§14) that concern JSON-RPC and the lifecycle, one
//! test per case, named after it. Each runs the lifecycle checker alone on a small session.
use mcpvet_ast::transcript::{ProtocolVersion, detect_version, read_transcript};
use mcpvet_check_lifecycle::{LifecycleChecker, LifecycleSummary, Pair};
use mcpvet_diagnostics::{Findings, Severity};

mod framing;
mod ids;
mod lifecycle;
mod modern;
mod utilities;

/// One finding: code, severity, 1-based line, message.
#[derive(Debug, Clone)]
struct F {
    code: &'static str,
    severity: Severity,
    line: u32,
    message: String,
}

struct Run {
    findings: Vec<F>,
    summary: LifecycleSummary,
}

impl Run {
    fn codes(&self) -> Vec<&'static str> {
        self.findings.iter().map(|f| f.code).collect()
    }

    /// The findings of `code`, as (line, severity).
    fn of(&self, code: &str) -> Vec<(u32, Severity)> {
        self.findings
            .iter()
            .filter(|f| f.code == code)
            .map(|f| (f.line, f.severity))
            .collect()
    }

    /// Drops the findings of `code` (for sessions that skip the handshake on purpose).
    fn without(mut self, code: &str) -> Run {
        self.findings.retain(|f| f.code != code);
        self
    }

    #[track_caller]
    fn assert_none(&self) {
        assert!(self.findings.is_empty(), "{:#?}", self.findings);
    }

    #[track_caller]
    fn assert_codes(&self, expected: &[&str]) {
        let mut got = self.codes();
        got.sort_unstable();
        let mut want = expected.to_vec();
        want.sort_unstable();
        assert_eq!(got, want, "{:#?}", self.findings);
    }
}

fn run_with(text: &str, name: &str, protocol: Option<ProtocolVersion>) -> Run {
    let transcript = read_transcript(text, Some(name), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), protocol);
    let mut checker = LifecycleChecker::new(&version)
        .with_input_format(transcript.format())
        .with_messages(true);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    let index = mcpvet_text::LineIndex::new(text);
    let mut out: Vec<F> = findings
        .diagnostics()
        .iter()
        .map(|d| F {
            code: d.code().as_str(),
            severity: d.severity(),
            line: index.line_of(d.span().start),
            message: d.message().to_owned(),
        })
        .collect();
    out.sort_by_key(|f| (f.line, f.code));
    Run {
        findings: out,
        summary,
    }
}

fn run(lines: &[&str], protocol: Option<ProtocolVersion>) -> Run {
    run_with(&(lines.join("\n") + "\n"), "session.jsonl", protocol)
}

const V2024: Option<ProtocolVersion> = Some(ProtocolVersion::V2024_11_05);
const V2025_03: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_03_26);
const V2025_06: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_06_18);
const V2025_11: Option<ProtocolVersion> = Some(ProtocolVersion::V2025_11_25);
const V2026: Option<ProtocolVersion> = Some(ProtocolVersion::V2026_07_28);

fn init(version: &str, client_caps: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{version}","capabilities":{client_caps},"clientInfo":{{"name":"c","version":"1"}}}}}}"#
    )
}

fn init_result(version: &str, server_caps: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{version}","capabilities":{server_caps},"serverInfo":{{"name":"s","version":"1"}}}}}}"#
    )
}

const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// A trace event line.
fn trace(seq: u32, direction: &str, payload: &str) -> String {
    format!(
        r#"{{"seq":{seq},"direction":"{direction}","transport":"stdio","kind":"message","payload":{payload}}}"#
    )
}

/// The `_meta` of a 2026 request, with `caps` as the client capabilities.
fn meta(caps: &str) -> String {
    format!(
        r#""_meta":{{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{caps}}}"#
    )
}
