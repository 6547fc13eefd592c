use mcpvet_ast::config::{Dialect, UrlKey};
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};

use crate::input::ConfigInput;

declare_rule! {
    /// A Windsurf remote server gives its address in `url` instead of the documented `serverUrl`.
    ///
    /// ## What it checks
    ///
    /// In a Windsurf configuration, a remote server should give its address in `serverUrl`.
    /// Windsurf's current documentation also mentions `url`, but vendor guides report that a
    /// `url` copied from a Cursor or Claude Code file does not connect, so `url` is a warning
    /// there.
    ///
    /// ## Why it matters
    ///
    /// Every client names the URL member differently (`url`, `serverUrl`, `httpUrl`), and a
    /// configuration copied from another client silently keeps the wrong name: the server
    /// never appears and nothing says why.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.codeium/windsurf/mcp_config.json
    /// {"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.codeium/windsurf/mcp_config.json
    /// {"mcpServers": {"docs": {"serverUrl": "https://docs.example.com/mcp"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Windsurf, Cascade MCP integration: remote servers use `serverUrl` (<https://docs.windsurf.com/windsurf/cascade/mcp>)
    pub(crate) static NON_CANONICAL_URL_KEY = {
        code: "MCP108",
        name: "non-canonical-url-key",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    if input.dialect != Dialect::Windsurf {
        return;
    }
    let source = input.document().text();
    for server in &input.servers {
        let Some(http) = server.transport.http() else {
            continue;
        };
        if http.url_key.value != UrlKey::Url {
            continue;
        }
        let Some(member) = server.member("url") else {
            continue;
        };
        let mut d = NON_CANONICAL_URL_KEY
            .diagnostic(
                http.url_key.span,
                "Windsurf documents `serverUrl` for remote servers and `url` may not connect; rename `url` to `serverUrl`",
            )
            .with_path(input.value(member.value).path());
        if source.get(http.url_key.span.range()) == Some("\"url\"") {
            d = d.with_fix(Fix::new(
                "rename `url` to `serverUrl`",
                vec![Edit::new(http.url_key.span, "\"serverUrl\"")],
                Applicability::Safe,
            ));
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::NON_CANONICAL_URL_KEY as R;
    use crate::testing::{run, spans};

    #[test]
    fn windsurf_url() {
        let text = r#"{"mcpServers": {"a": {"url": "https://x.example/mcp"}, "b": {"serverUrl": "https://x.example/mcp"}}}"#;
        let found = run(&R, ".codeium/windsurf/mcp_config.json", text);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].span().range()], "\"url\"");
        assert_eq!(
            found[0].fix().unwrap().edits()[0].replacement(),
            "\"serverUrl\""
        );
        assert!(spans(&R, ".cursor/mcp.json", text).is_empty());
    }
}
