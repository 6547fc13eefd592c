//! The one door: the bytes of one input in, its [`FileReport`] out. The command line (every
//! subcommand that inspects files), the web page and library users go through it, so they
//! decode, detect and inspect alike.
use mcpvet_ast::kind::detect;
use mcpvet_json::decode_utf8;
use mcpvet_text::{SourceFile, TextError};

use crate::json::{self, JsonCheckOptions};
use crate::report::{FileReport, InputKind};
use crate::{
    ConfigOptions, ServerOptions, TranscriptOptions, lint_config, lint_server, lint_transcript,
};

/// The options of every kind of inspection; [`inspect`] uses those of the kind it runs.
#[derive(Debug, Clone, Default)]
pub struct InspectOptions {
    /// For configurations.
    pub config: ConfigOptions,
    /// For captured sessions.
    pub transcript: TranscriptOptions,
    /// For server definitions.
    pub server: ServerOptions,
    /// For well-formedness checks.
    pub json: JsonCheckOptions,
}

/// Inspects the input `bytes` named `name` (a path, `-` for standard input, or any label; a
/// path helps detect a configuration's client) as `kind`, or, with `None`, as what
/// [`mcpvet_ast::kind::detect`] decides from the content (the decision is kept in
/// [`FileReport::detection`]).
///
/// Invalid UTF-8 is a finding (MCP008), read as `?`; so is every syntax error. The report's
/// findings are sorted by position.
///
/// # Errors
///
/// [`TextError::InputTooLarge`] when the input is longer than `u32::MAX` bytes.
///
/// ```
/// use mcpvet_linter::{InputKind, InspectOptions, inspect};
///
/// let session = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
/// let report = inspect(None, "capture.jsonl", session, &InspectOptions::default()).unwrap();
/// assert_eq!(report.kind, InputKind::Transcript);
/// let config = br#"{"mcpServers": {"docs": {"command": "npx"}}}"#;
/// let report = inspect(None, "-", config, &InspectOptions::default()).unwrap();
/// assert_eq!(report.kind, InputKind::Config);
/// ```
pub fn inspect(
    kind: Option<InputKind>,
    name: &str,
    bytes: &[u8],
    options: &InspectOptions,
) -> Result<FileReport, TextError> {
    let decoded = decode_utf8(bytes);
    let detection = kind.is_none().then(|| detect(&decoded.text));
    let kind = kind
        .or(detection.map(|d| d.kind))
        .unwrap_or(InputKind::Config);
    let mut report = match kind {
        InputKind::Json => {
            return json::check(name, &decoded.text, decoded.diagnostics, &options.json);
        }
        InputKind::Transcript => {
            lint_transcript(&SourceFile::new(name, decoded.text)?, &options.transcript)
        }
        InputKind::Server => lint_server(&SourceFile::new(name, decoded.text)?, &options.server),
        _ => lint_config(&SourceFile::new(name, decoded.text)?, &options.config),
    };
    if !decoded.diagnostics.is_empty() {
        report.merge(decoded.diagnostics);
    }
    report.detection = detection;
    Ok(report)
}
