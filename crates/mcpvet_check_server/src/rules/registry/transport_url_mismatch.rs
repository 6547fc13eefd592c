use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::ValueKind;

use super::{ServerJson, Transport};
use crate::context::opening;

declare_rule! {
    /// A `server.json` transport and its `type` disagree: a `stdio` transport with a `url`, or a `streamable-http` or `sse` transport without one.
    ///
    /// ## What it checks
    ///
    /// A package's `stdio` transport is the package's standard input and output: it has no
    /// `url` (an error: the registry rejects it) and sends no HTTP `headers` (a warning:
    /// they are ignored). A `streamable-http` or `sse` transport, of a package or a remote,
    /// needs the `url` it is reached at (an error when missing or empty).
    ///
    /// ## Why it matters
    ///
    /// The registry rejects both at publish time. A `url` on a `stdio` transport usually
    /// means the `type` is wrong (the package serves HTTP) or the URL belongs in `remotes`;
    /// an HTTP transport without a URL cannot be connected to.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/notes", "description": "Note taking.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/notes-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio", "url": "http://localhost:3000/mcp"}}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/notes", "description": "Note taking.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/notes-mcp", "version": "1.0.0",
    ///    "transport": {"type": "streamable-http", "url": "http://localhost:3000/mcp"}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`StdioTransport`, `StreamableHttpTransport`,
    ///   `SseTransport`)
    /// - MCP registry, publish validation of package transports
    pub(crate) static TRANSPORT_URL_MISMATCH = {
        code: "MCP649",
        name: "transport-url-mismatch",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges each transport's members against its type.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for transport in file.transports() {
        match transport.kind().as_deref() {
            // A remote of type `stdio` is the structure rule's (not one of the remote types).
            Some("stdio") if transport.package.is_some() => stdio(transport, report),
            Some(kind @ ("streamable-http" | "sse")) => http(transport, kind, report),
            _ => {} // The structure rule reports other types.
        }
    }
}

fn stdio(transport: Transport<'_>, report: &mut Reporter<'_>) {
    let subject = transport.subject();
    if let Some(member) = transport.value.member("url")
        && member.value.as_str().is_none_or(|u| !u.is_empty())
    {
        report.report(
            &TRANSPORT_URL_MISMATCH,
            member.key,
            format!("{subject} is `stdio` but has a `url`: a stdio server is reached through its standard input and output"),
            "if the package serves HTTP, set `type` to `streamable-http`; otherwise remove `url`",
        );
    }
    if let Some(member) = transport.value.member("headers")
        && member.value.kind() == ValueKind::Array
        && !member.value.is_empty()
    {
        report.report_as(
            &TRANSPORT_URL_MISMATCH,
            Severity::Warning,
            member.key,
            format!("{subject} is `stdio` but has `headers`: no HTTP request carries them"),
            "pass these values as `environmentVariables` or arguments of the package, or remove `headers`",
        );
    }
}

fn http(transport: Transport<'_>, kind: &str, report: &mut Reporter<'_>) {
    let subject = transport.subject();
    match transport.value.get("url") {
        None => report.report(
            &TRANSPORT_URL_MISMATCH,
            opening(transport.value),
            format!("{subject} is `{kind}` but has no `url`: there is nothing to connect to"),
            if transport.package.is_some() {
                "add the `url` the package serves at, such as `http://localhost:{--port}/mcp`"
            } else {
                "add the `url` of the remote server"
            },
        ),
        Some(url) if url.as_str().is_some_and(|u| u.trim().is_empty()) => report.report(
            &TRANSPORT_URL_MISMATCH,
            url,
            format!("{subject} is `{kind}` but its `url` is empty: there is nothing to connect to"),
            "write the URL the server is reached at",
        ),
        Some(_) => {}
    }
}
