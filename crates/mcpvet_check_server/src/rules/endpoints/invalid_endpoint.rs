use std::ops::Range;

use mcpvet_ast::config::url::ServerUrl;
use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// A tool's or resource's `endpoint` is not an absolute `http(s)` URL, or its `path` holds a scheme and host.
    ///
    /// ## What it checks
    ///
    /// The `endpoint` of each tool and resource of a server definition is the base URL of
    /// the backend call, and `path` is appended to it. Flagged: an `endpoint` that is
    /// relative (`api.example.com/v1`, no scheme), not a valid URL (a space in the host, a
    /// port out of range), or of another scheme than `https` or `http` (`ftp://`,
    /// `file://`); and a `path` that starts with `//host`, or, for a resource, with a scheme
    /// and host (`https://api.example.com/prices`; a tool's is `relative-tool-path`,
    /// MCP615). An empty `endpoint` is a missing one (`missing-tool-member`, MCP614;
    /// `missing-resource-member`, MCP618). An endpoint whose scheme or host comes from a
    /// reference (`{{ baseUrl }}/v1`, `${API_URL}`) is not judged, nor are the members of
    /// items that call no URL (`operation` tools, `direct` and `file` resources). Plain
    /// `http` is `plain-http-endpoint` (MCP632).
    ///
    /// ## Why it matters
    ///
    /// The platform cannot call a relative or malformed URL: the tool or resource fails on
    /// every call, or publishing fails. A scheme and host written in `path` are appended to
    /// the endpoint's host and produce a URL that goes nowhere.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by id.", "type": "http",
    ///    "method": "GET", "endpoint": "crm.example.com/api", "path": "/customers/{id}",
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
    /// - RFC 3986, Uniform Resource Identifier: Generic Syntax (absolute URIs)
    /// - WHATWG URL Standard (how URLs are parsed)
    /// - `docs/server-definition.md` (tools, resources)
    pub(crate) static INVALID_ENDPOINT = {
        code: "MCP631",
        name: "invalid-endpoint",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// A URL for a message, when it can be shown: not when it holds userinfo, a query or a
/// fragment (where credentials are written), nor when it is long.
pub(crate) fn shown(url: &str) -> Option<String> {
    let url = url.trim();
    (!url.contains(['@', '?', '#']) && url.chars().count() <= 80).then(|| short(url, 80))
}

/// The range of the scheme (`https`) of a URL written in `text`, whitespace skipped.
pub(crate) fn scheme_range(text: &str) -> Option<Range<usize>> {
    let lead = text.len() - text.trim_start().len();
    let end = text[lead..].find(':')?;
    let scheme = &text[lead..lead + end];
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    valid.then_some(lead..lead + end)
}

/// Judges the `endpoint` `endpoint`, read as `read`; returns the URL when it is an
/// absolute `http` or `https` one.
pub(crate) fn check<'r>(
    cx: Cx<'_, '_>,
    item: &Item,
    endpoint: &Text<'_>,
    read: &'r ServerUrl,
    report: &mut Reporter<'_>,
) -> Option<&'r ::url::Url> {
    let ServerUrl::Masked { parsed, .. } = read else {
        return None;
    };
    let of = subject(cx, item);
    let text = endpoint.text();
    let named = shown(text).map_or_else(
        || "the `endpoint`".to_owned(),
        |u| format!("the `endpoint` `{u}`"),
    );
    // `api.example.com:8443/v1` parses as the scheme `api.example.com`: a host, really.
    let hostlike = matches!(parsed, Ok(url) if url.cannot_be_a_base());
    match parsed {
        Ok(url) if matches!(url.scheme(), "https" | "http") => Some(url),
        Ok(url) if !hostlike => {
            let at = scheme_range(text).map_or_else(|| endpoint.value.into(), |r| endpoint.site(r));
            report.report(
                &INVALID_ENDPOINT,
                at,
                format!(
                    "{named} of {of} uses the `{}` scheme, but the backend is called over HTTP",
                    short(url.scheme(), 20)
                ),
                "write the backend's base URL as `https://host/base-path`",
            );
            None
        }
        // An empty endpoint is a missing one (`missing-tool-member`, `missing-resource-member`).
        Err(_) if text.trim().is_empty() => None,
        Err(::url::ParseError::RelativeUrlWithoutBase) | Ok(_) => {
            let help = match shown(text) {
                Some(u) if !u.contains(' ') && !u.starts_with('/') => {
                    format!(
                        "write it with its scheme: `https://{}`",
                        u.trim_start_matches("//")
                    )
                }
                _ => "write the backend's absolute base URL, e.g. `https://api.example.com`"
                    .to_owned(),
            };
            report.report(
                &INVALID_ENDPOINT,
                endpoint.value,
                format!("{named} of {of} is not an absolute URL: it has no scheme"),
                help,
            );
            None
        }
        Err(error) => {
            report.report(
                &INVALID_ENDPOINT,
                endpoint.value,
                format!("{named} of {of} is not a valid URL ({error})"),
                "write the backend's base URL as `https://host/base-path`",
            );
            None
        }
    }
}

/// Judges the `path` `path`: a scheme and host do not belong there (only `//host` is
/// judged when `whole_url_reported`: another rule reports a path that is a whole URL).
pub(crate) fn check_path(
    cx: Cx<'_, '_>,
    item: &Item,
    path: &Text<'_>,
    whole_url_reported: bool,
    report: &mut Reporter<'_>,
) {
    let text = path.text();
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    let authority_from = if rest.starts_with("//") {
        lead + 2
    } else if whole_url_reported {
        return;
    } else {
        match scheme_range(text) {
            Some(scheme) if text[scheme.end..].starts_with("://") => scheme.end + 3,
            _ => return,
        }
    };
    let authority_end = text[authority_from..]
        .find(['/', '?', '#'])
        .map_or(text.len(), |i| authority_from + i);
    let origin = lead..authority_end;
    let written = &text[origin.clone()];
    let what = if rest.starts_with("//") {
        "a host"
    } else {
        "a scheme and host"
    };
    let (message, help) = match shown(written) {
        Some(o) => {
            let base = if rest.starts_with("//") {
                format!("https:{o}")
            } else {
                o.clone()
            };
            let remaining = &text[authority_end..];
            let keep = match remaining.find(['?', '#']) {
                Some(i) => &remaining[..i],
                None => remaining,
            };
            let keep = if keep.is_empty() { "/" } else { keep };
            (
                format!(
                    "the `path` of {} starts with {what}, `{o}`",
                    subject(cx, item)
                ),
                format!(
                    "put `{base}` in `endpoint` and keep only the path (`{}`) here",
                    short(keep, 60)
                ),
            )
        }
        None => (
            format!("the `path` of {} starts with {what}", subject(cx, item)),
            "put the scheme and host in `endpoint` and keep only the path here".to_owned(),
        ),
    };
    report.report(&INVALID_ENDPOINT, path.site(origin), message, help);
}

#[cfg(test)]
mod tests {
    use super::{scheme_range, shown};

    #[test]
    fn schemes_and_shown_urls() {
        assert_eq!(scheme_range(" https://x"), Some(1..6));
        assert_eq!(scheme_range("HTTP://x"), Some(0..4));
        assert_eq!(scheme_range("/a:b"), None);
        assert_eq!(scheme_range("localhost:8080"), Some(0..9));
        assert_eq!(
            shown("https://api.example.com/v1").as_deref(),
            Some("https://api.example.com/v1")
        );
        assert_eq!(shown("https://user:pw@api.example.com"), None);
        assert_eq!(shown("https://api.example.com/?key=1"), None);
    }
}
