use mcpvet_ast::config::url::HostClass;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::input::ConfigInput;
use crate::url::UrlVerdict;

declare_rule! {
    /// A remote server is reached over plain `http` on a host that is not loopback.
    ///
    /// ## What it checks
    ///
    /// A valid `http://` URL whose host is not `localhost` (or a `*.localhost` name),
    /// `127.0.0.0/8` or `[::1]`. Private addresses and single-label names (`http://jenkins`)
    /// are reported too: traffic to them still crosses a network. A host that comes from a
    /// variable reference (`http://${HOST}/mcp`) is not judged. Host names are never resolved.
    ///
    /// ## Why it matters
    ///
    /// MCP traffic carries tool calls, their results and usually a bearer token or API key in
    /// a header; over plain HTTP anyone on the path can read or change them. The MCP security
    /// guidance says clients SHOULD require HTTPS except for loopback, and the authorization
    /// spec requires HTTPS for every authorization endpoint.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"jenkins": {"type": "http", "url": "http://jenkins.internal:8080/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"local": {"type": "http", "url": "http://localhost:3111/mcp"},
    ///   "jenkins": {"type": "http", "url": "https://jenkins.internal/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, Authorization: communication security (<https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization>)
    /// - Model Context Protocol, Security best practices (<https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices>)
    pub(crate) static INSECURE_HTTP_URL = {
        code: "MCP205",
        name: "insecure-http-url",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for remote in &input.urls {
        let UrlVerdict::Valid(parsed) = remote.verdict else {
            continue;
        };
        let (server, http, url) = (remote.server, remote.http, remote.url);
        if parsed.scheme() != "http"
            || remote
                .read
                .host_class()
                .is_none_or(|c| c == HostClass::Loopback)
        {
            continue;
        }
        let host_text = parsed.host_str().unwrap_or_default();
        let shown = match parsed.port() {
            Some(port) => format!("{host_text}:{port}"),
            None => host_text.to_owned(),
        };
        let key = http.url_key.value.name();
        let mut d = INSECURE_HTTP_URL
            .diagnostic(
                url.span,
                format!(
                    "`{key}` sends MCP traffic over plain http to `{shown}`, which is not a loopback host; use `https://`"
                ),
            )
            .with_path(input.value(url.node).path());
        let credentials = server.headers.as_ref().and_then(|h| {
            h.entries.iter().find(|e| {
                let k = e.key.value.to_ascii_lowercase();
                k == "authorization" || k.contains("key") || k.contains("token")
            })
        });
        if let Some(header) = credentials {
            d = d.with_help(format!(
                "the `{}` header travels in clear text with every request",
                header.key.value
            ));
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::INSECURE_HTTP_URL as R;
    use crate::testing::{messages, run};

    #[track_caller]
    fn t(url: &str, flagged: bool) {
        let text = format!(r#"{{"mcpServers": {{"a": {{"type": "http", "url": {url:?}}}}}}}"#);
        assert_eq!(
            !messages(&R, ".mcp.json", &text).is_empty(),
            flagged,
            "{url}"
        );
    }

    #[test]
    fn loopback_or_not() {
        t("http://localhost:3111/mcp", false);
        t("http://LOCALHOST/mcp", false);
        t("http://app.localhost/mcp", false);
        t("http://127.0.0.1:8000/mcp", false);
        t("http://127.1.2.3/mcp", false);
        t("http://[::1]:8000/mcp", false);
        t("https://example.com/mcp", false);
        t("http://${HOST}:8080/mcp", false);
        t("http://jenkins:8080/mcp-server/stateless", true);
        t("http://192.168.1.10/mcp", true);
        t("http://0.0.0.0:8000/mcp", true);
        t("http://example.com/mcp", true);
        t("http://[::ffff:127.0.0.1]/mcp", false);
    }

    #[test]
    fn message_hides_userinfo_and_query() {
        let text = r#"{"mcpServers": {"a": {"type": "http", "url": "http://user:pw@jenkins:8080/mcp?token=abc", "headers": {"Authorization": "Basic x"}}}}"#;
        let found = run(&R, ".mcp.json", text);
        let m = found[0].message();
        assert!(
            m.contains("`jenkins:8080`") && !m.contains("pw") && !m.contains("abc"),
            "{m}"
        );
        assert!(found[0].help().unwrap().contains("`Authorization`"));
    }
}
