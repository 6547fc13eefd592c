//! Inspecting a client configuration.
use mcpvet_ast::config::{Dialect, Format, Server, StringValue, Transport, read_config};
use mcpvet_diagnostics::{Diagnostic, Findings, JsonPath, PathSegment};
use mcpvet_text::{SourceFile, Span};

use mcpvet_diagnostics::redact;

use crate::report::{DialectInfo, FileReport, InputKind, ServerSummary};

/// Options for [`lint_config`].
#[derive(Debug, Clone, Default)]
pub struct ConfigOptions {
    /// Force the dialect instead of detecting it.
    pub dialect: Option<Dialect>,
    /// The file name used for dialect detection, when the source's name is not the real one
    /// (stdin, an editor buffer).
    pub file_name: Option<String>,
}

/// Inspects a client configuration: parses it (as JSONC, recording comments and trailing
/// commas), detects the client dialect, lowers it, and runs every configuration check.
pub fn lint_config(source: &SourceFile, options: &ConfigOptions) -> FileReport {
    let file_name = options
        .file_name
        .as_deref()
        .or(Some(source.name()))
        .filter(|n| *n != "-");
    let outcome = read_config(source.text(), file_name, options.dialect);
    let config = outcome.value;
    let mut findings = Findings::new();
    findings.extend(point_to_server(source.text(), outcome.diagnostics));
    if config.format == Format::Json {
        mcpvet_check_transport::check_config(&config, &mut findings);
        mcpvet_check_secrets::check_config(&config, &mut findings);
    }
    let (mut diagnostics, redactions) = findings.into_parts();
    finish(config.document(), &redactions, &mut diagnostics);
    let servers = config
        .servers
        .iter()
        .map(|s| summarize(s, &redactions))
        .collect();
    FileReport {
        source: source.clone(),
        kind: InputKind::Config,
        detection: None,
        dialect: Some(DialectInfo {
            name: config.dialect.name(),
            client: config.dialect.client_name(),
            method: config.detection.method,
            reason: config.detection.reason.clone(),
        }),
        servers,
        transcript: None,
        definition: None,
        diagnostics,
        redactions,
    }
}

/// The lowering's findings, where a `not-an-mcp-file` (MCP010) about a server definition
/// (a registry `server.json`, an MCPB manifest, a tool listing) says how to inspect it.
fn point_to_server(text: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let not_mcp = |d: &Diagnostic| d.code() == mcpvet_ast::codes::NOT_MCP;
    if !diagnostics.iter().any(not_mcp) {
        return diagnostics;
    }
    let detection = mcpvet_ast::kind::detect(text);
    if detection.kind != InputKind::Server {
        return diagnostics;
    }
    diagnostics
        .into_iter()
        .map(|d| {
            if not_mcp(&d) {
                d.with_help(format!(
                    "this is {}, not a client configuration: inspect it with `mcpvet server` \
                     (or `mcpvet check`, which decides from the content)",
                    detection.reason
                ))
            } else {
                d
            }
        })
        .collect()
}

/// Fills missing JSON paths from the node at each finding's position, masks any secret a
/// finding's texts quote (a check may quote a line or a value that another check found to
/// hold a secret), cuts a path that would spell a secret (one that runs through a member
/// name made of text that holds a secret) back to the object that holds it, and sorts.
pub(crate) fn finish(
    doc: &mcpvet_json::JsonDocument<'_>,
    redactions: &[Span],
    diagnostics: &mut [Diagnostic],
) {
    for d in diagnostics.iter_mut() {
        let at = d.span().start;
        d.set_path_if_missing(|| doc.node_at(at).map(mcpvet_json::Value::path));
    }
    if !redactions.is_empty() {
        // Spans are offsets in the file; the document's text may be a piece of it (a chunk of
        // a streamed capture) that starts at `base`.
        let base = doc.base();
        let local: Vec<Span> = redactions
            .iter()
            .map(|s| Span::new(s.start.saturating_sub(base), s.end.saturating_sub(base)))
            .collect();
        let redactor = crate::redact::redactor(doc.text(), &local);
        // A member name that holds a secret and is no plain name: text that the parser's
        // recovery read as a name (a log line that starts with `{"`).
        let spells = |segment: &PathSegment| match segment {
            PathSegment::Key(k) => {
                !k.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                    && matches!(redactor.scrub(k), std::borrow::Cow::Owned(_))
            }
            PathSegment::Index(_) => false,
        };
        for d in diagnostics.iter_mut() {
            d.rewrite_texts(|t| match redactor.scrub(t) {
                std::borrow::Cow::Owned(masked) => Some(masked),
                std::borrow::Cow::Borrowed(_) => None,
            });
            let kept = d.path().and_then(|p| {
                let cut = p.segments().iter().position(spells)?;
                Some(p.segments()[..cut].to_vec())
            });
            if let Some(kept) = kept {
                d.set_path(JsonPath::from_segments(kept));
            }
        }
    }
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
}

fn summarize(server: &Server, redactions: &[Span]) -> ServerSummary {
    let show = |s: &StringValue| {
        if redactions
            .iter()
            .any(|r| r.start < s.span.end && s.span.start < r.end)
        {
            redact::describe(&s.value)
        } else if s.value.contains(char::is_whitespace) || s.value.is_empty() {
            format!("{:?}", s.value)
        } else {
            s.value.clone()
        }
    };
    let (transport, target) = match &server.transport {
        Transport::Stdio(stdio) => {
            let words: Vec<String> = stdio
                .command
                .iter()
                .chain(stdio.args.iter())
                .map(show)
                .collect();
            ("stdio", (!words.is_empty()).then(|| words.join(" ")))
        }
        Transport::Http(http) => (http.kind.name(), http.url.as_ref().map(show)),
        Transport::Ambiguous { stdio, http } => {
            let command = stdio.command.as_ref().map(show).unwrap_or_default();
            let url = http.url.as_ref().map(show).unwrap_or_default();
            ("stdio+http", Some(format!("{command} | {url}")))
        }
        Transport::Extension => ("extension", None),
        Transport::Missing => ("missing", None),
    };
    ServerSummary {
        name: server.name.value.clone(),
        name_span: server.name.span,
        path: server.path.to_string(),
        transport,
        target,
        disabled: server.disabled.is_some_and(|d| d.value)
            || server.enabled.is_some_and(|e| !e.value),
    }
}
