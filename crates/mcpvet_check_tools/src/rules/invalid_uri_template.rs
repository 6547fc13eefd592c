use mcpvet_ast::uri_template::parse;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::context::short;

declare_rule! {
    /// A resource template's `uriTemplate` is not a valid RFC 6570 URI Template.
    ///
    /// ## What it checks
    ///
    /// The `uriTemplate` of each item of a `resources/templates/list` result, parsed as an
    /// RFC 6570 template of any level (1 to 4): literals (no spaces, quotes, angle brackets,
    /// backslash, caret, backquote, vertical bar or stray `%`), expressions `{…}` that are
    /// closed and not nested, the operators `+ # . / ; ? &` (the reserved `= , ! @ |` are
    /// errors), comma-separated variable names made of
    /// letters, digits, `_`, percent-encodings and inner dots, and the modifiers `:1` to
    /// `:9999` and `*`. The first problem is reported at its place inside the string.
    ///
    /// ## Why it matters
    ///
    /// The schema gives `uriTemplate` the format `uri-template` (RFC 6570). Clients expand
    /// templates to build `resources/read` URIs and match URIs back to templates for
    /// completion; a malformed template expands to a wrong URI or makes the client drop the
    /// template.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"resources/templates/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"resourceTemplates":[{"uriTemplate":"file:///{path","name":"Project files"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"resources/templates/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"resourceTemplates":[{"uriTemplate":"file:///{+path}","name":"Project files"}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 6570, URI Template
    /// - MCP specification, Server features: Resources, "Resource Templates"
    pub(crate) static INVALID_URI_TEMPLATE = {
        code: "MCP540",
        name: "invalid-uri-template",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Parses the `uriTemplate` `template` (decoded from the string node `value`).
pub(crate) fn check(template: &str, value: Value<'_>, report: &mut Reporter<'_>) {
    let Err(error) = parse(template) else {
        return;
    };
    // Point inside the string when the source has no escapes (offsets then match).
    let span = match value.content_span() {
        Some(content) if !value.has_escapes() => Span::new(
            content.start + error.range.start as u32,
            content.start + error.range.end as u32,
        ),
        _ => value.span(),
    };
    report.report(
        &INVALID_URI_TEMPLATE,
        Site::new(span, Some(value.path())),
        format!(
            "`uriTemplate` `{}` is not a valid URI template: {}",
            short(template, 60),
            error.message
        ),
        "write the template as RFC 6570 defines it, e.g. `file:///{+path}`",
    );
}
