//! Inspecting a client configuration.
use mcpvet_ast::config::{Dialect, Format, Server, StringValue, Transport, read_config};
use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_text::{SourceFile, Span};

use mcpvet_diagnostics::redact;

use crate::finish::finish;
use crate::report::{DialectInfo, FileReport, InputKind, ServerSummary};
use crate::suppress::Comments;

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
/// commas; a TOML or YAML file through the JSON text it denotes), detects the client dialect,
/// lowers it, and runs every configuration check.
///
/// A TOML or YAML file's checks run on its derived JSON text; every finding, redaction,
/// server name span and fix edit is then mapped back to the file
/// ([`mcpvet_ast::config::ConfigDerivation::map_diagnostic`]: a fix whose edits are not plain
/// string replacements is dropped, its description kept as the help), so reports, snippets
/// and masks point into the file as for JSON.
pub fn lint_config(source: &SourceFile, options: &ConfigOptions) -> FileReport {
    let file_name = options
        .file_name
        .as_deref()
        .or(Some(source.name()))
        .filter(|n| *n != "-");
    let outcome = read_config(source.text(), file_name, options.dialect);
    let config = outcome.value;
    let mut findings = Findings::new();
    // A TOML or YAML file: the reading's findings are in the file's offsets already, the
    // checks' (made on the derived text) are mapped below.
    let derivation = config.derivation();
    let read_findings = point_to_server(source.text(), outcome.diagnostics);
    let mut read_findings = if derivation.is_none() {
        findings.extend(read_findings);
        Vec::new()
    } else {
        read_findings
    };
    // A file that was not read (unsupported, or a syntax error in TOML or YAML) has no
    // document to check.
    if derivation.is_none() || !config.text().is_empty() {
        mcpvet_check_transport::check_config(&config, &mut findings);
        mcpvet_check_secrets::check_config(&config, &mut findings);
    }
    let (mut diagnostics, mut redactions) = findings.into_parts();
    finish(config.document(), &redactions, &mut diagnostics);
    let mut servers: Vec<ServerSummary> = config
        .servers
        .iter()
        .map(|s| summarize(s, &redactions))
        .collect();
    if let Some(derivation) = derivation {
        for d in &mut diagnostics {
            derivation.map_diagnostic(config.document(), source.text(), d);
        }
        for r in &mut redactions {
            *r = derivation.span(*r);
        }
        for s in &mut servers {
            s.name_span = derivation.span(s.name_span);
        }
        diagnostics.append(&mut read_findings);
        diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
    }
    let comments = match derivation.map(|d| d.format) {
        Some(Format::Toml) => Comments::Toml,
        Some(Format::Yaml) => Comments::Yaml,
        _ => Comments::Json(config.document().comments()),
    };
    let suppressed = crate::suppress::apply(source, comments, &mut diagnostics);
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
        suppressed,
        baselined: 0,
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
    // The name is shown as it is, unless it is itself a secret (a key the checks found to be
    // one): then it is masked, in the path too.
    let secret_name = redactions
        .iter()
        .any(|r| r.start < server.name.span.end && server.name.span.start < r.end);
    let (name, path) = if secret_name {
        let masked = redact::mask(&server.name.value);
        let segments = server
            .path
            .segments()
            .iter()
            .map(|s| match s {
                mcpvet_diagnostics::PathSegment::Key(k) if *k == server.name.value => {
                    mcpvet_diagnostics::PathSegment::Key(masked.clone())
                }
                other => other.clone(),
            })
            .collect();
        (
            masked,
            mcpvet_diagnostics::JsonPath::from_segments(segments).to_string(),
        )
    } else {
        (server.name.value.clone(), server.path.to_string())
    };
    ServerSummary {
        name,
        name_span: server.name.span,
        path,
        transport,
        target,
        disabled: server.disabled.is_some_and(|d| d.value)
            || server.enabled.is_some_and(|e| !e.value),
    }
}
