use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, short, site};

declare_rule! {
    /// An icon of a tool, prompt, resource or resource template has a `src` that is not an `https:` or `data:` URI.
    ///
    /// ## What it checks
    ///
    /// From protocol 2025-11-25 (where `icons` appear), each item of the `icons` array of a
    /// tool, prompt, resource or resource template in a list result needs a string `src`
    /// with the scheme `https` or `data`. `javascript:`, `vbscript:` and `file:` URIs are
    /// errors; other schemes (`http:`, `ftp:`, `ws:`…) and relative references are
    /// warnings. (Icons of `serverInfo` are checked with the lifecycle rules.)
    ///
    /// ## Why it matters
    ///
    /// Hosts render icons in their UI: the specification allows `https:` and `data:` URIs
    /// and tells clients to reject `javascript:`, `file:` and similar schemes, which run
    /// script in the host or read local files. Plain `http:` exposes the user to tampering
    /// and leaks which tools they use.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"ping_host","description":"Ping a host.","inputSchema":{"type":"object"},"icons":[{"src":"javascript:alert(1)","mimeType":"image/svg+xml"}]}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"ping_host","description":"Ping a host.","inputSchema":{"type":"object"},"icons":[{"src":"https://example.com/ping.svg","mimeType":"image/svg+xml"}]}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Basic: "Icons" (security considerations)
    pub(crate) static UNSAFE_ICON_URL = {
        code: "MCP551",
        name: "unsafe-icon-url",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The scheme of `uri`, lower-cased, when it has one.
fn scheme(uri: &str) -> Option<String> {
    let colon = uri.find(':')?;
    let scheme = &uri[..colon];
    let valid = scheme
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then(|| scheme.to_ascii_lowercase())
}

/// Checks the `icons` of the list item `item`.
pub(crate) fn check(item: Value<'_>, cx: Cx, report: &mut Reporter<'_>) {
    if !cx.at_least(ProtocolVersion::V2025_11_25) {
        return;
    }
    let Some(icons) = cx.get(item, "icons") else {
        return;
    };
    for icon in icons.items() {
        if icon.kind() != ValueKind::Object {
            continue;
        }
        let Some(src) = icon.get("src") else {
            report.report(
                &UNSAFE_ICON_URL,
                icon,
                "the icon has no `src`",
                "give the icon an `https:` or `data:` URI in `src`",
            );
            continue;
        };
        let Some(uri) = src.as_str() else {
            report.report(
                &UNSAFE_ICON_URL,
                site(src),
                format!(
                    "the icon `src` must be a string, found {}",
                    src.kind().with_article()
                ),
                "give the icon an `https:` or `data:` URI in `src`",
            );
            continue;
        };
        let uri = uri.trim();
        let shown = short(uri, 60);
        let (severity, message) = match scheme(uri).as_deref() {
            Some("https" | "data") => continue,
            Some(s @ ("javascript" | "vbscript" | "file")) => (
                Severity::Error,
                format!("icon `src` `{shown}` uses the `{s}:` scheme, which clients must reject"),
            ),
            Some("http") => (
                Severity::Warning,
                format!("icon `src` `{shown}` uses plain `http:`"),
            ),
            Some(s) => (
                Severity::Warning,
                format!(
                    "icon `src` `{shown}` uses the `{s}:` scheme; icons are `https:` or `data:`"
                ),
            ),
            None => (
                Severity::Warning,
                format!("icon `src` `{shown}` is not an absolute URI"),
            ),
        };
        report.report_as(
            &UNSAFE_ICON_URL,
            severity,
            src,
            message,
            "serve the icon from an `https:` URL or embed it as a `data:` URI",
        );
    }
}
