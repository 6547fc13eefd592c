use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::ValueKind;
use mcpvet_text::Span;

use super::{ToolType, is_blank};
use crate::context::{Cx, short};

declare_rule! {
    /// The `path` of an `http` or `api` tool of a server definition does not start with `/`.
    ///
    /// ## What it checks
    ///
    /// The `path` of every `http` and `api` tool, which the platform appends to the tool's
    /// `endpoint`, must start with `/` (`/customers`, not `customers`). The fix inserts the
    /// `/`. A path that starts with a scheme and host (`https://…`) is `invalid-endpoint`
    /// (MCP631); an empty `path` is `missing-tool-member` (MCP614).
    ///
    /// ## Why it matters
    ///
    /// Joined to `https://crm.example.com`, the path `customers` gives
    /// `https://crm.example.comcustomers`: another host, or no host at all. Platforms refuse
    /// such a path when the server is published, or every call of the tool fails.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "customers",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "tools": [{"name": "find_customer", "description": "Find a customer by e-mail address.",
    ///   "type": "http", "method": "GET", "endpoint": "https://crm.example.com", "path": "/customers",
    ///   "requestSchema": {"type": "object", "properties": {"email": {"type": "string"}}},
    ///   "responseSchema": {"type": "object", "properties": {}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 3986, section 3.3 (Path)
    /// - `docs/server-definition.md` (tools)
    pub(crate) static RELATIVE_TOOL_PATH = {
        code: "MCP615",
        name: "relative-tool-path",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports the `path` of an `http` or `api` tool that does not start with `/`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    tool: &Item,
    ty: ToolType,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    if !ty.calls_url() {
        return;
    }
    let Some(path) = cx
        .value(tool.node)
        .get("path")
        .filter(|p| p.kind() == ValueKind::String && !is_blank(*p))
    else {
        return;
    };
    let text = path.as_str().unwrap_or_default();
    if text.starts_with('/') || has_scheme(&text) {
        return;
    }
    let shown = short(&text, 60);
    let mut diagnostic = RELATIVE_TOOL_PATH.diagnostic_at(
        path,
        format!("the `path` of {subject} is `{shown}`, which does not start with `/`"),
    );
    if text.starts_with(char::is_whitespace) {
        diagnostic = diagnostic.with_help("remove the white space: the path starts with `/`");
    } else {
        diagnostic = diagnostic.with_help("start the path with `/`");
        if let Some(content) = path.content_span() {
            diagnostic = diagnostic.with_fix(Fix::new(
                "insert `/` at the start of the path",
                vec![Edit::new(Span::empty(content.start), "/")],
                Applicability::Safe,
            ));
        }
    }
    report.push(diagnostic);
}

/// Whether `text` starts with a URL scheme and `://` (`https://host/…`): `invalid-endpoint`
/// (MCP631) reports such a path.
fn has_scheme(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        let mut chars = scheme.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

#[cfg(test)]
mod tests {
    use super::has_scheme;

    #[test]
    fn schemes() {
        assert!(has_scheme("https://crm.example.com/customers"));
        assert!(has_scheme("svn+ssh://host"));
        assert!(!has_scheme("customers"));
        assert!(!has_scheme("customers?next=https://x"));
        assert!(!has_scheme("://x"));
    }
}
