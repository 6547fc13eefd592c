use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::context::{Cx, Field, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::names::{NameClass, classify_query};
use crate::source::touches_ref;
use crate::url::percent_decode;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// A URL carries a secret in a query parameter (`?api_key=…`, `?token=…`, `?sig=…`).
    ///
    /// ## What it checks
    ///
    /// The query string of every URL in every string of the file (`url`, `serverUrl`,
    /// `httpUrl`, arguments, `env` values; in a server definition, a tool's `endpoint`, a
    /// remote's `url`, any other string): a parameter named like a credential (`token`,
    /// `access_token`, `api_key`, `apikey`, `key`, `secret`, `client_secret`, `auth`, `sig`,
    /// `signature`, `jwt`, `password`...; not `token_type` or `key_id`) with a literal value
    /// of at least 16 characters and 3.0 bits of entropy per character (after
    /// percent-decoding; a password parameter: any literal of six or more characters). The
    /// finding points at the value. `?api_key=${API_KEY}` is fine; `?token=YOUR_TOKEN` is an
    /// `unfilled-placeholder`; a token in a known format (`?key=AIza…`) is reported by
    /// `known-token-format`.
    ///
    /// ## Why it matters
    ///
    /// Query strings are written to access logs, proxy logs and browser histories, and are
    /// sent again on every request. Hosted MCP servers that accept `?api_key=` usually also
    /// accept an `Authorization` header, which clients can fill from a reference. In a
    /// server definition the URL is also published with it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"search": {"type": "http", "url": "https://search.example.invalid/mcp?api_key=mcpvetSynthetic7Qx2Lm9R&lang=en"}}}
    /// ```
    ///
    /// ```json file=server.json server
    /// {"name": "io.github.acme/search", "description": "Web search.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://search.example.invalid/mcp?api_key=mcpvetSynthetic7Qx2Lm9R"}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"search": {"type": "http", "url": "https://search.example.invalid/mcp?lang=en",
    ///   "headers": {"X-API-Key": "${input:search-key}"}}},
    ///  "inputs": [{"type": "promptString", "id": "search-key", "description": "Search API key", "password": true}]}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 6750 §2.3 and §5.3: access tokens in URI query parameters are logged and should
    ///   not be used
    /// - OWASP: "Information exposure through query strings in URL"
    pub(crate) static SECRET_IN_URL_QUERY = {
        code: "MCP305",
        name: "secret-in-url-query",
        severity: Warning,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    for string in &cx.urls {
        let text = &string.text;
        for url in &string.urls {
            for (name, value) in &url.query {
                let name = &text.text()[name.clone()];
                let strength = match classify_query(name) {
                    NameClass::Password => Strength::Password,
                    NameClass::Token => Strength::QUERY,
                    NameClass::Other => continue,
                };
                if value.is_empty() || touches_ref(&string.refs, value) {
                    continue;
                }
                let raw = &text.text()[value.clone()];
                let span = text.span(value.clone());
                let location = cx.location(string.value);
                match judge(&percent_decode(raw), strength) {
                    Verdict::Clean => {}
                    Verdict::Placeholder => cx.once.placeholder(
                        report,
                        within(string.value, span),
                        raw,
                        &format!("the query parameter `{name}` of the URL in {location}"),
                        "a credential",
                    ),
                    Verdict::Secret => {
                        let server = cx.server_name(string.value).unwrap_or("mcp");
                        let var = variable_for(server, "TOKEN");
                        let d = SECRET_IN_URL_QUERY
                            .diagnostic(
                                span,
                                format!(
                                    "the URL in {location} carries a secret in the query \
                                     parameter `{name}` (`{}`)",
                                    describe(raw)
                                ),
                            )
                            .with_help(format!(
                                "send it in a header if the server accepts one, since query \
                                 strings end up in logs; {}",
                                cx.advice(Field::Url, &var, "")
                            ))
                            .with_path(string.value.path());
                        cx.once.secret(report, d);
                    }
                }
            }
        }
    }
}
