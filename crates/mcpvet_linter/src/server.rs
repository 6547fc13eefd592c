//! Inspecting a server definition, and inferring a schema from an example.
use mcpvet_ast::config::{Dialect, MapKind, read_config};
use mcpvet_ast::definition::{DefinitionFile, DefinitionFormat, read_definition};
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_check_server::DefinitionSummary;
use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_json::{JsonOptions, parse};
use mcpvet_schema::infer::{InferOptions, Layout, infer};
use mcpvet_text::{SourceFile, Span};

use crate::finish::finish;
use crate::report::{DefinitionInfo, FileReport, InputKind, ItemRow};

/// Options for [`lint_server`].
#[derive(Debug, Clone, Default)]
pub struct ServerOptions {
    /// Force the format instead of detecting it.
    pub format: Option<DefinitionFormat>,
    /// For captured listings: check against this protocol version instead of the one the
    /// list results show.
    pub protocol: Option<ProtocolVersion>,
    /// The file name used for format detection (`server.json`, `manifest.json`), when the
    /// source's name is not the real one.
    pub file_name: Option<String>,
    /// The clients and model APIs whose limits the compatibility rules check (`--target`).
    pub targets: mcpvet_check_risks::Clients,
}

/// Inspects a server definition: reads it (a captured listing, a registry `server.json`, an
/// MCPB manifest or a definition file), runs the server-definition rules (`MCP6xx`), the
/// tools rules (`MCP5xx`) on every list result of a listing, the description and name risks
/// (`MCP8xx`) on every advertised item, and the secret rules (`MCP3xx`) on every field that
/// may hold a secret.
///
/// ```
/// use mcpvet_linter::{InputKind, ServerOptions, lint_server};
/// use mcpvet_text::SourceFile;
///
/// let text = r#"{"tools": [{"name": "read file", "description": "Read.", "inputSchema": {"path": "/srv"}}]}"#;
/// let report = lint_server(&SourceFile::new("tools.json", text).unwrap(), &ServerOptions::default());
/// assert_eq!(report.kind, InputKind::Server);
/// let info = report.definition.as_ref().unwrap();
/// assert_eq!(info.format, "listing");
/// assert_eq!(info.items[0].schemas, [("inputSchema", "incomplete"), ("outputSchema", "default")]);
/// let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code().as_str()).collect();
/// assert_eq!(codes, ["MCP503", "MCP508"]);
/// ```
pub fn lint_server(source: &SourceFile, options: &ServerOptions) -> FileReport {
    let file_name = options
        .file_name
        .as_deref()
        .or(Some(source.name()))
        .filter(|n| *n != "-");
    let outcome = read_definition(source.text(), file_name, options.format);
    let file = outcome.value;
    let mut findings = Findings::new();
    findings.extend(outcome.diagnostics);
    let (protocol, tools_digest) = if file.format == DefinitionFormat::Listing {
        let (version, how) = listing_version(&file, options.protocol);
        let listings = file
            .listings
            .iter()
            .map(|l| (l.kind.list_member(), file.value(l.result)));
        let summary = mcpvet_check_tools::check_listings(listings, version, &mut findings);
        (Some((version.as_str(), how)), summary.digest)
    } else {
        (None, None)
    };
    let summary = mcpvet_check_server::check(&file, &mut findings);
    let advertised = mcpvet_check_risks::check_definition(
        &file,
        &crate::risks::options(options.targets),
        &mut findings,
    );
    mcpvet_check_secrets::check_definition(&file, &mut findings);
    if file.format == DefinitionFormat::Manifest {
        manifest_config(source.text(), &mut findings);
    }
    let (mut diagnostics, redactions) = findings.into_parts();
    finish(file.document(), &redactions, &mut diagnostics);
    let suppressed = crate::suppress::apply(
        source,
        crate::suppress::Comments::Json(file.document().comments()),
        &mut diagnostics,
    );
    let mut definition = info(&file, &summary, protocol, tools_digest);
    definition.advertised = advertised;
    FileReport {
        source: source.clone(),
        kind: InputKind::Server,
        detection: None,
        dialect: None,
        servers: Vec::new(),
        transcript: None,
        definition: Some(definition),
        diagnostics,
        redactions,
        suppressed,
        baselined: 0,
    }
}

/// The transport and secret findings (`MCP1xx`, `MCP2xx`, `MCP3xx`) of an MCPB manifest's
/// `server.mcp_config` (and its `platform_overrides`), read as a client configuration of the
/// `mcpb` dialect: only the checks' findings inside `mcp_config` are kept (the definition
/// reader and `MCP600` already judge the document's syntax and structure; the manifest's
/// `name` is not a server-map key), and none about a secret already reported.
fn manifest_config(text: &str, findings: &mut Findings) {
    let config = read_config(text, None, Some(Dialect::Mcpb)).value;
    let Some(map) = config
        .server_maps
        .iter()
        .find(|m| m.kind == MapKind::Manifest)
    else {
        return;
    };
    let inside = config.value(map.node).span();
    let mut found = Findings::new();
    mcpvet_check_transport::check_config(&config, &mut found);
    mcpvet_check_secrets::check_config(&config, &mut found);
    let (diagnostics, redactions) = found.into_parts();
    let overlaps = |a: Span, b: Span| a.start < b.end && b.start < a.end;
    for d in diagnostics {
        let span = d.span();
        let known_secret =
            d.code().family() == 3 && findings.redactions().iter().any(|&r| overlaps(r, span));
        let repeated = findings
            .diagnostics()
            .iter()
            .any(|e| e.code() == d.code() && e.span() == span);
        if inside.contains_span(span) && !known_secret && !repeated {
            findings.push(d);
        }
    }
    for span in redactions {
        findings.redact(span);
    }
}

/// The version a listing is checked against, and how it was decided: forced, or 2026-07-28
/// when a result has that version's members (`resultType`, `ttlMs`, `cacheScope`), else
/// assumed to be 2025-11-25.
fn listing_version(
    file: &DefinitionFile<'_>,
    forced: Option<ProtocolVersion>,
) -> (ProtocolVersion, &'static str) {
    if let Some(version) = forced {
        return (version, "forced");
    }
    let modern = file.listings.iter().any(|l| {
        let result = file.value(l.result);
        ["resultType", "ttlMs", "cacheScope"]
            .iter()
            .any(|k| result.get(k).is_some())
    });
    if modern {
        (ProtocolVersion::V2026_07_28, "result members of 2026-07-28")
    } else {
        (ProtocolVersion::V2025_11_25, "assumed")
    }
}

fn info(
    file: &DefinitionFile<'_>,
    summary: &DefinitionSummary,
    protocol: Option<(&'static str, &'static str)>,
    tools_digest: Option<String>,
) -> DefinitionInfo {
    DefinitionInfo {
        format: file.format.name(),
        format_reason: file.reason.clone(),
        name: file.name.as_ref().map(|n| n.value.clone()),
        version: file.version.as_ref().map(|v| v.value.clone()),
        protocol: protocol.map(|p| p.0),
        protocol_source: protocol.map(|p| p.1),
        items: summary
            .items
            .iter()
            .map(|i| ItemRow {
                kind: i.kind.name(),
                name: i.name.clone(),
                path: i.path.clone(),
                span: i.span,
                schemas: i
                    .schemas
                    .iter()
                    .map(|(role, state)| (role.member(), state.name()))
                    .collect(),
            })
            .collect(),
        tools_digest,
        advertised: mcpvet_check_risks::Advertised::default(),
    }
}

/// Why [`infer_schema`] could not infer a schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InferError {
    /// The syntax errors of the example (never empty).
    pub diagnostics: Vec<Diagnostic>,
}

/// The JSON Schema (draft 2020-12, with `$schema`, two-space indentation, no final line
/// break) that the example payload `text` implies: what `mcpvet schema infer` prints and
/// the web page's "Infer schema" shows. Deterministic. The example may be JSON with
/// comments.
///
/// # Errors
///
/// [`InferError`] with the syntax errors when `text` is not one well-formed JSON value.
///
/// ```
/// use mcpvet_linter::infer_schema;
/// use mcpvet_schema::infer::{InferOptions, Required};
///
/// let schema = infer_schema(r#"{"id": 7}"#, InferOptions { required: Required::None }).unwrap();
/// assert_eq!(schema, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"type\": \"object\",\n  \"properties\": {\n    \"id\": {\n      \"type\": \"integer\"\n    }\n  }\n}");
/// assert!(infer_schema("{\"id\": }", InferOptions::default()).is_err());
/// ```
pub fn infer_schema(text: &str, options: InferOptions) -> Result<String, InferError> {
    let outcome = parse(text, &JsonOptions::jsonc());
    if outcome.has_errors() {
        return Err(InferError {
            diagnostics: outcome.diagnostics,
        });
    }
    match outcome.value.root() {
        Some(root) => Ok(infer(root, options).to_document(&Layout::standard())),
        None => Err(InferError {
            diagnostics: vec![Diagnostic::new(
                mcpvet_json::codes::SYNTAX,
                mcpvet_diagnostics::Severity::Error,
                Span::empty(0),
                "the example is empty: expected a JSON value",
            )],
        }),
    }
}
