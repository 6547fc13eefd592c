use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Severity, declare_rule};

use super::invalid_mime_type::tchar;
use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A tool's or resource's `method` is not an HTTP method: not a token, spelt in lower case, or not one an API call uses.
    ///
    /// ## What it checks
    ///
    /// The `method` of each tool and resource of a server definition. An error when it is
    /// empty or holds a character an HTTP method cannot have (RFC 9110 `tchar`: letters,
    /// digits and ``! # $ % & ' * + - . ^ _ ` | ~``; a space in `GET /users` is the usual
    /// case). For `http` and `api` tools and resources, a warning when it is not one of
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` and `OPTIONS`, and a warning with a
    /// fix when it is one of them spelt in lower or mixed case (`get`). An empty `method` is
    /// a missing one (MCP614, MCP618); `operation` tools and `direct` and `file` resources
    /// call no URL and are not judged.
    ///
    /// ## Why it matters
    ///
    /// Methods are case-sensitive: `get` is not `GET`, and servers answer an unknown method
    /// with `501 Not Implemented` or `405 Method Not Allowed`. A method that is not a token
    /// cannot be sent at all, so every call fails.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by id.", "type": "http",
    ///    "method": "get", "endpoint": "https://crm.example.com/api", "path": "/customers/{id}",
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
    ///    "method": "GET", "endpoint": "https://crm.example.com/api", "path": "/customers/{id}",
    ///    "requestSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 9110, HTTP Semantics, section 9 (Methods: case-sensitive tokens) and 5.6.2
    ///   (`tchar`)
    /// - RFC 5789, PATCH Method for HTTP
    pub(crate) static INVALID_HTTP_METHOD = {
        code: "MCP634",
        name: "invalid-http-method",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The methods an API call usually uses.
const USUAL: [&str; 7] = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/// Judges the `method` `method` (of an http tool or resource when `http`).
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    method: &Text<'_>,
    http: bool,
    report: &mut Reporter<'_>,
) {
    let text = method.text();
    let of = subject(cx, item);
    // An empty method is a missing one (`missing-tool-member`, `missing-resource-member`).
    if text.trim().is_empty() {
        return;
    }
    if let Some(at) = text.bytes().position(|b| !tchar(b)) {
        let c = text[at..].chars().next().unwrap_or(' ');
        let what = match c {
            ' ' => "a space".to_owned(),
            c if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
            '`' => "a backquote".to_owned(),
            c => format!("`{c}`"),
        };
        let help = match text.split_whitespace().next() {
            Some(first) if USUAL.contains(&first.to_ascii_uppercase().as_str()) && c == ' ' => {
                format!(
                    "write only the method, `{}`, and put the rest in `path`",
                    first.to_ascii_uppercase()
                )
            }
            _ => "write an HTTP method such as `GET` or `POST`".to_owned(),
        };
        report.report(
            &INVALID_HTTP_METHOD,
            method.site(at..at + c.len_utf8()),
            format!(
                "the `method` `{}` of {of} is not an HTTP method: it holds {what}",
                short(text, 40)
            ),
            help,
        );
        return;
    }
    if !http || USUAL.contains(&text) {
        return;
    }
    let upper = text.to_ascii_uppercase();
    if USUAL.contains(&upper.as_str()) {
        let d = INVALID_HTTP_METHOD
            .diagnostic_at(
                method.value,
                format!(
                    "the `method` `{text}` of {of} is not spelt in capitals: methods are case-sensitive, and servers expect `{upper}`"
                ),
            )
            .with_severity(Severity::Warning)
            .with_help(format!("write `{upper}`"))
            .with_fix(Fix::new(
                format!("write `{upper}`"),
                vec![Edit::new(
                    method.value.content_span().unwrap_or(method.value.span()),
                    upper.clone(),
                )],
                Applicability::Safe,
            ));
        report.push(d);
    } else {
        report.report_as(
            &INVALID_HTTP_METHOD,
            Severity::Warning,
            method.value,
            format!(
                "the `method` `{}` of {of} is not a method an API call usually uses",
                short(text, 40)
            ),
            "use `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` or `OPTIONS`",
        );
    }
}
