use mcpvet_ast::config::url::{HostClass, ServerUrl};
use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};

use super::invalid_endpoint::scheme_range;
use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A tool's or resource's `endpoint` calls its backend over plain `http` on a host that is not loopback.
    ///
    /// ## What it checks
    ///
    /// The `endpoint` of each tool and resource of a server definition, when it is an
    /// `http://` URL whose host is not a loopback host (`localhost`, `127.0.0.0/8`, `::1`),
    /// by the same host policy as the client configuration rule `insecure-http-url`
    /// (MCP205): private addresses and single-label names are flagged too, since traffic to
    /// them crosses a network. A host that comes from a reference (`http://{{ host }}/`) is
    /// not judged. The finding points at the scheme and offers `https` as a fix to review.
    ///
    /// ## Why it matters
    ///
    /// Every call carries the tool's arguments and often the backend credentials
    /// (`authentication`); over plain http anyone on the path can read and change the
    /// request and the response the model then trusts.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by id.", "type": "http",
    ///    "method": "GET", "endpoint": "http://crm.example.com/api", "path": "/customers/{id}",
    ///    "requestSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by id.", "type": "http",
    ///    "method": "GET", "endpoint": "http://localhost:8080/api", "path": "/customers/{id}",
    ///    "requestSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 9110, HTTP Semantics, section 4.2.2 (`https` URI scheme)
    /// - OWASP API Security Top 10 (API8:2023, security misconfiguration: transport)
    pub(crate) static PLAIN_HTTP_ENDPOINT = {
        code: "MCP632",
        name: "plain-http-endpoint",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges the scheme and host of the parsed endpoint `url`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    endpoint: &Text<'_>,
    url: &::url::Url,
    read: &ServerUrl,
    report: &mut Reporter<'_>,
) {
    if url.scheme() != "http" || read.host_class().is_none_or(|c| c == HostClass::Loopback) {
        return;
    }
    let host = url.host_str().unwrap_or_default();
    let shown = match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    };
    let Some(scheme) = scheme_range(endpoint.text()) else {
        return;
    };
    let at = endpoint.span(scheme.clone());
    let d = PLAIN_HTTP_ENDPOINT
        .diagnostic_at(
            endpoint.site(scheme),
            format!(
                "the `endpoint` of {} calls `{}` over plain http, and it is not a loopback host",
                subject(cx, item),
                short(&shown, 60)
            ),
        )
        .with_help("use `https://`: over plain http the requests, their credentials and the responses can be read and changed on the way")
        .with_fix(Fix::new(
            "use `https`",
            vec![Edit::new(at, "https")],
            Applicability::Unsafe,
        ));
    report.push(d);
}
