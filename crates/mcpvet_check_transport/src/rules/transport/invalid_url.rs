use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::input::ConfigInput;
use crate::placeholder::{self, Scope};
use crate::url::UrlVerdict;

declare_rule! {
    /// A remote server's URL is not an absolute `http` or `https` URL.
    ///
    /// ## What it checks
    ///
    /// The URL member (`url`, Windsurf `serverUrl`, Gemini CLI `httpUrl`) must parse (WHATWG
    /// rules, the `url` crate) as an absolute URL starting with `http://` or `https://`; VS
    /// Code also reads `unix:///path/to.sock` and `pipe:///name`. A URL that holds variable
    /// references is judged with each reference replaced by a neutral value, so
    /// `https://${input:host}/mcp` passes; a URL whose scheme comes from a reference
    /// (`${SERVER_URL}`, `${BASE}/mcp`) is not judged. Surrounding whitespace is a warning.
    /// A URL that still holds a placeholder (`https://<your-host>/mcp`) is left to
    /// `unfilled-url-or-path` (MCP216). Nothing is resolved or fetched.
    ///
    /// ## Why it matters
    ///
    /// MCP's remote transports (Streamable HTTP, and the legacy HTTP+SSE) are HTTP; the
    /// authorization spec requires the canonical server URI to be absolute with a scheme.
    /// `mcp.example.com/mcp` without a scheme, `ws://` from another protocol, or a typo in
    /// the port makes the client reject the entry (VS Code's schema requires the pattern
    /// `^https?://`) or fail at connection time with an unhelpful error.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"url": "docs.example.com/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, Transports: Streamable HTTP (<https://modelcontextprotocol.io/specification/2025-11-25/basic/transports>)
    /// - Model Context Protocol, Authorization: canonical server URI (<https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization>)
    /// - VS Code MCP configuration reference: `url`, `unix://` and `pipe://` (<https://code.visualstudio.com/docs/copilot/reference/mcp-configuration>)
    pub(crate) static INVALID_URL = {
        code: "MCP204",
        name: "invalid-url",
        severity: Error,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for remote in &input.urls {
        let UrlVerdict::Invalid { reason, tolerated } = &remote.verdict else {
            continue;
        };
        let url = remote.url;
        // `https://<your-host>/mcp`: `unfilled-url-or-path` says what to fill in.
        if placeholder::in_value(url, Scope::Location, input.document().text()).is_some() {
            continue;
        }
        let mut d = INVALID_URL
            .diagnostic(
                url.span,
                format!("`{}` {reason}", remote.http.url_key.value.name()),
            )
            .with_path(input.value(url.node).path());
        if *tolerated {
            d = d.with_severity(Severity::Warning);
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::INVALID_URL as R;
    use crate::testing::{messages, run};
    use mcpvet_diagnostics::Severity;

    #[track_caller]
    fn t(url: &str, file: &str, expected: Option<&str>) {
        let text = format!(
            r#"{{"mcpServers": {{"a": {{"url": {url:?}}}}}, "servers": {{"a": {{"type": "http", "url": {url:?}}}}}}}"#
        );
        let m = messages(&R, file, &text);
        match expected {
            None => assert!(m.is_empty(), "{url}: {m:?}"),
            Some(e) => assert!(m.len() == 1 && m[0].contains(e), "{url}: {m:?}"),
        }
    }

    #[test]
    fn urls() {
        let cursor = ".cursor/mcp.json";
        t("https://docs.example.com/mcp", cursor, None);
        t("http://localhost:3111/mcp", cursor, None);
        t("https://${input:host}/mcp", cursor, None);
        t("http://localhost:${PORT}/mcp", cursor, None);
        t("${SERVER_URL}", cursor, None);
        t("${BASE}/mcp", cursor, None);
        t("docs.example.com/mcp", cursor, Some("has no scheme"));
        t("localhost:3000/mcp", cursor, Some("has no scheme"));
        t("wss://x.example/mcp", cursor, Some("uses the `wss` scheme"));
        t(
            "https:x.example/mcp",
            cursor,
            Some("must start with `https://`"),
        );
        t(
            "http://x.example:99999/mcp",
            cursor,
            Some("invalid port number"),
        );
        t("http://", cursor, Some("is not a valid URL"));
        t("", cursor, Some("is empty"));
        t("unix:///run/mcp.sock", cursor, Some("only VS Code reads"));
        t("unix:///run/mcp.sock", ".vscode/mcp.json", None);
        t("pipe:///mcp", ".vscode/mcp.json", None);
        t(
            "javascript:alert(1)",
            ".vscode/mcp.json",
            Some("`javascript` scheme"),
        );
    }

    #[test]
    fn whitespace_is_a_warning() {
        let text = r#"{"mcpServers": {"a": {"url": " https://x.example/mcp"}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert_eq!(found[0].severity(), Severity::Warning);
        assert!(run(&R, "claude_desktop_config.json", text).is_empty());
    }
}
