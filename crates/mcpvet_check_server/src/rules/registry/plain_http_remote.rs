use mcpvet_ast::config::url::HostClass;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};

use super::{ServerJson, TemplateUrl};
use crate::context::short;

declare_rule! {
    /// A `server.json` remote is reached over plain `http://` on a host that is not this machine.
    ///
    /// ## What it checks
    ///
    /// The `url` of each remote whose scheme is `http` and whose host is on the network (any
    /// host but a loopback one, hosts given by a `{variable}` included). A remote on this
    /// machine (`localhost`) is `invalid-transport-url` (MCP647): no user can reach it. The
    /// host policy is the one every mcpvet transport rule uses (`insecure-http-url` for
    /// configured servers). The fix changes the scheme to `https`.
    ///
    /// ## Why it matters
    ///
    /// Everything a client sends to the remote crosses the network in clear text: the
    /// headers the entry declares (API keys, tokens), the tool arguments and the results.
    /// Anyone on the path can read or change them. The official registry accepts only
    /// `https` remotes.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "http://mcp.acme.example/search"}]}
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
    /// - MCP specification, Basic: Transports (Streamable HTTP) and Authorization
    ///   (communication over HTTPS)
    /// - MCP registry, publish validation of remote URLs (`https` only)
    pub(crate) static PLAIN_HTTP_REMOTE = {
        code: "MCP648",
        name: "plain-http-remote",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports remotes reached over plain HTTP.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for remote in file.remotes() {
        let Some(url) = remote.get("url") else {
            continue;
        };
        let Some(decoded) = url.decoded() else {
            continue;
        };
        let text = decoded.text();
        if text.chars().any(char::is_whitespace) {
            continue; // invalid-transport-url
        }
        let read = TemplateUrl::read(text);
        if read.url().is_none_or(|u| u.scheme() != "http") {
            continue;
        }
        let class = read.host_class();
        if class.is_some_and(HostClass::is_this_machine) {
            continue; // invalid-transport-url
        }
        let Some(scheme) = text.find(':').filter(|&i| i == 4) else {
            continue;
        };
        let host = match read.host() {
            Some(h) => format!("`{}`", short(h, 60)),
            None => "a host given by a variable".to_owned(),
        };
        let span = decoded.span(0..scheme);
        let d = PLAIN_HTTP_REMOTE
            .diagnostic(
                span,
                format!(
                    "the remote's `url` is plain `http` to {host}: headers, tool arguments and results cross the network unencrypted"
                ),
            )
            .with_path(url.path())
            .with_help("serve the remote over `https` and publish its `https://` URL")
            .with_fix(Fix::new(
                "use `https`",
                vec![Edit::new(span, "https")],
                Applicability::Unsafe,
            ));
        report.push(d);
    }
}
