use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use super::{ServerJson, TemplateUrl, Transport};
use crate::context::short;

declare_rule! {
    /// The `url` of a `server.json` remote or package transport is not an absolute `http` or `https` URL, or a remote points at the user's own machine.
    ///
    /// ## What it checks
    ///
    /// Each `url` of a remote and of a package's `streamable-http` or `sse` transport, read
    /// with its `{variables}` standing in for values (a URL that starts with a variable is
    /// not judged): whitespace in it, no scheme (`mcp.example.com/mcp`, a relative URL), a
    /// URL that does not parse, and a scheme other than `http` and `https` (`ws:`,
    /// `file:`). For a remote, also a host that is this machine (`localhost`, `127.0.0.1`,
    /// `::1`, `0.0.0.0`, `host.docker.internal`): a remote is reached over the network by
    /// every user, and on their machines these names are their own computer. A `url` on a
    /// `stdio` transport or a missing one is `transport-url-mismatch` (MCP649).
    ///
    /// ## Why it matters
    ///
    /// The registry rejects these URLs at publish time; a client given one cannot connect.
    /// A package's local endpoint (`http://localhost:{port}/mcp`) is fine: the package runs
    /// on the user's machine.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "mcp.acme.example/search"}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://mcp.acme.example/search"}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`StreamableHttpTransport.url`, `SseTransport.url`)
    /// - MCP registry, publish validation of remote URLs (absolute, `https`, not `localhost`)
    pub(crate) static INVALID_TRANSPORT_URL = {
        code: "MCP647",
        name: "invalid-transport-url",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges the URL of every transport that has one.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for transport in file.transports() {
        if transport.kind().as_deref() == Some("stdio") {
            continue;
        }
        let Some(url) = transport.url() else {
            continue;
        };
        judge(transport, url, report);
    }
}

fn judge(transport: Transport<'_>, url: Value<'_>, report: &mut Reporter<'_>) {
    let Some(decoded) = url.decoded() else {
        return;
    };
    let text = decoded.text();
    if text.trim().is_empty() {
        return; // transport-url-mismatch
    }
    let subject = format!("the `url` of {}", transport.subject());
    if let Some((i, c)) = text.char_indices().find(|(_, c)| c.is_whitespace()) {
        report.report(
            &INVALID_TRANSPORT_URL,
            decoded.span(i..i + c.len_utf8()),
            format!("{subject} contains whitespace, which a URL cannot"),
            "remove it, or percent-encode it (`%20`) where it belongs to a path",
        );
        return;
    }
    let read = TemplateUrl::read(text);
    let TemplateUrl::Masked { parsed } = &read else {
        return;
    };
    match parsed {
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            let mut d = INVALID_TRANSPORT_URL
                .diagnostic_at(
                    url,
                    format!("{subject} has no scheme: it must be an absolute `https://` or `http://` URL"),
                )
                .with_help("write the whole URL, starting with `https://`");
            if let Some(content) = url.content_span() {
                d = d.with_fix(Fix::new(
                    "start it with `https://`",
                    vec![Edit::new(Span::empty(content.start), "https://")],
                    Applicability::Unsafe,
                ));
            }
            report.push(d);
        }
        Err(e) => report.report(
            &INVALID_TRANSPORT_URL,
            url,
            format!("{subject} is not a valid URL ({e})"),
            "write an absolute `https://` URL",
        ),
        Ok(parsed) if !matches!(parsed.scheme(), "http" | "https") => {
            let scheme = parsed.scheme();
            let scheme_span = decoded.span(0..scheme.len().min(text.len()));
            report.report(
                &INVALID_TRANSPORT_URL,
                scheme_span,
                format!(
                    "{subject} uses the scheme `{}`: MCP transports are reached over `http` or `https`",
                    short(scheme, 20)
                ),
                "use the `https://` URL of the server's MCP endpoint",
            );
        }
        Ok(_) => {
            if transport.package.is_some() {
                return;
            }
            if !read
                .host_class()
                .is_some_and(mcpvet_ast::config::url::HostClass::is_this_machine)
            {
                return;
            }
            let host = read.host().unwrap_or_default();
            let host_span = text
                .find(host)
                .filter(|_| !host.is_empty())
                .map_or_else(|| url.span(), |i| decoded.span(i..i + host.len()));
            report.report(
                &INVALID_TRANSPORT_URL,
                host_span,
                format!(
                    "{subject} points at `{}`, which on each user's machine is that machine itself: a remote is reached over the network",
                    short(host, 60)
                ),
                "publish the public URL of the server; a server that runs locally is a package with a `streamable-http` transport",
            );
        }
    }
}
