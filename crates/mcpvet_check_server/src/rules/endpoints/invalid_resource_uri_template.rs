use mcpvet_ast::definition::Item;
use mcpvet_ast::uri_template::TemplateError;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A resource's `uriTemplate` in a server definition is not a valid RFC 6570 URI Template.
    ///
    /// ## What it checks
    ///
    /// The `uriTemplate` of each resource of a server definition, parsed as an RFC 6570
    /// template of any level (1 to 4): literals without spaces, quotes, angle brackets,
    /// backslash, caret, backquote, vertical bar or stray `%`; expressions `{…}` that are
    /// closed and not nested; the operators `+ # . / ; ? &`; variable names of letters,
    /// digits, `_`, percent-encodings and inner dots; the modifiers `:1` to `:9999` and `*`.
    /// The first problem is reported at its place inside the string (through escapes). The
    /// same parser judges captured `resources/templates/list` results
    /// (`invalid-uri-template`, MCP540).
    ///
    /// ## Why it matters
    ///
    /// The platform publishes the template in `resources/templates/list`, where clients
    /// expand it to build `resources/read` URIs and match URIs back to it. A malformed
    /// template is rejected when the server is published, or expands to wrong URIs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "files", "description": "Project files.",
    ///  "resources": [{"name": "file", "description": "A file of the project.",
    ///    "contentSource": "http", "mimeType": "text/plain",
    ///    "uriTemplate": "files://project/{path", "method": "GET", "timeoutSeconds": 30,
    ///    "endpoint": "https://files.example.com", "path": "/files/{path}"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "files", "description": "Project files.",
    ///  "resources": [{"name": "file", "description": "A file of the project.",
    ///    "contentSource": "http", "mimeType": "text/plain",
    ///    "uriTemplate": "files://project/{path}", "method": "GET", "timeoutSeconds": 30,
    ///    "endpoint": "https://files.example.com", "path": "/files/{path}"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 6570, URI Template
    /// - MCP specification, Server features: Resources, "Resource Templates"
    pub(crate) static INVALID_RESOURCE_URI_TEMPLATE = {
        code: "MCP629",
        name: "invalid-resource-uri-template",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports the first problem `error` of the `uriTemplate` `template`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    template: &Text<'_>,
    error: &TemplateError,
    report: &mut Reporter<'_>,
) {
    report.report(
        &INVALID_RESOURCE_URI_TEMPLATE,
        template.site(error.range.clone()),
        format!(
            "the `uriTemplate` `{}` of {} is not a valid URI template: {}",
            short(template.text(), 60),
            subject(cx, item),
            error.message
        ),
        "write the template as RFC 6570 defines it, e.g. `files://project/{+path}`",
    );
}
