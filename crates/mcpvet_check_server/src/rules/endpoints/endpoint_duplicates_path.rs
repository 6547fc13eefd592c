use std::collections::HashSet;
use std::ops::Range;

use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Text, subject};
use crate::context::{Cx, short};

declare_rule! {
    /// The path or query of a tool's or resource's `endpoint` is repeated in its `path`, so the call goes to a doubled URL.
    ///
    /// ## What it checks
    ///
    /// The platform calls `endpoint` followed by `path`. Flagged, as an information: an
    /// endpoint whose path ends with the segments its `path` starts with (endpoint
    /// `https://api.example.com/v1/users`, path `/v1/users/{id}`: the call goes to
    /// `/v1/users/v1/users/{id}`), and an endpoint with a query whose parameters the
    /// query of `path` sets again. The finding points at the repeated part of the endpoint.
    /// An endpoint with only a base path (`https://api.example.com/v1`, path `/users`) is
    /// the expected form.
    ///
    /// ## Why it matters
    ///
    /// A repeated path segment usually comes from pasting a full URL into `endpoint`; the
    /// backend then answers `404 Not Found` to every call, which only shows once the server
    /// is published. A parameter set twice reaches the backend twice, and which one wins
    /// depends on the backend.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by id.", "type": "http",
    ///    "method": "GET", "endpoint": "https://crm.example.com/v1/customers", "path": "/v1/customers/{id}",
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
    ///    "method": "GET", "endpoint": "https://crm.example.com/v1", "path": "/customers/{id}",
    ///    "requestSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
    ///    "responseSchema": {"type": "object"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 3986, Uniform Resource Identifier: Generic Syntax, section 5.2 (references
    ///   resolved against a base)
    /// - `docs/server-definition.md` (tools, resources)
    pub(crate) static ENDPOINT_DUPLICATES_PATH = {
        code: "MCP633",
        name: "endpoint-duplicates-path",
        severity: Info,
        target: Server,
        since: "0.1.0",
    }
}

/// The parts of a URL or path written in a text: byte ranges of its path and query (the
/// query without its `?`).
#[derive(Debug, PartialEq, Eq)]
struct Parts {
    path: Range<usize>,
    query: Option<Range<usize>>,
}

/// The path and query of `text`, an absolute URL (`absolute`) or a path.
fn parts(text: &str, absolute: bool) -> Option<Parts> {
    let lead = text.len() - text.trim_start().len();
    let end = lead + text.trim().len();
    let from = if absolute {
        let authority = lead + text[lead..end].find("://")? + 3;
        text[authority..end]
            .find(['/', '?', '#'])
            .map_or(end, |i| authority + i)
    } else {
        lead
    };
    let path_end = text[from..end].find(['?', '#']).map_or(end, |i| from + i);
    let query = (text.as_bytes().get(path_end) == Some(&b'?')).then(|| {
        let q = path_end + 1;
        q..text[q..end].find('#').map_or(end, |i| q + i)
    });
    Some(Parts {
        path: from..path_end,
        query: query.filter(|q| !q.is_empty()),
    })
}

/// The non-empty segments of a path, with their ranges.
fn segments(text: &str, range: Range<usize>) -> Vec<(&str, Range<usize>)> {
    let mut out = Vec::new();
    let mut at = range.start;
    for segment in text[range.clone()].split('/') {
        if !segment.is_empty() {
            out.push((segment, at..at + segment.len()));
        }
        at += segment.len() + 1;
    }
    out
}

/// The range of the endpoint's path that `path` repeats: its last segments that are the
/// first segments of `path`, as many as match (up to 32).
fn repeated(endpoint: &str, ep: &Parts, path: &str, p: &Parts) -> Option<Range<usize>> {
    const MAX: usize = 32;
    let mut tail = segments(endpoint, ep.path.clone());
    tail.drain(..tail.len().saturating_sub(MAX));
    let mut head = segments(path, p.path.clone());
    head.truncate(MAX);
    let k = (1..=tail.len().min(head.len())).rev().find(|&k| {
        tail[tail.len() - k..]
            .iter()
            .zip(&head[..k])
            .all(|(a, b)| a.0 == b.0)
    })?;
    let first = &tail[tail.len() - k].1;
    let last = &tail[tail.len() - 1].1;
    Some(first.start - 1..last.end)
}

/// The names of the parameters of a query.
fn names(query: &str) -> Vec<&str> {
    query
        .split('&')
        .filter_map(|kv| kv.split('=').next())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Compares the path and query of `endpoint` with those of `path`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    endpoint: &Text<'_>,
    path: &Text<'_>,
    report: &mut Reporter<'_>,
) {
    let (e, p) = (endpoint.text(), path.text());
    let (Some(ep), Some(pp)) = (parts(e, true), parts(p, false)) else {
        return;
    };
    let of = subject(cx, item);
    if let Some(range) = repeated(e, &ep, p, &pp) {
        let repeated = short(&e[range.clone()], 60);
        let path_only = &p[pp.path.clone()];
        let joined = format!(
            "{}/{}",
            &e[ep.path.clone()].trim_end_matches('/'),
            path_only.trim_start_matches('/')
        );
        report.report(
            &ENDPOINT_DUPLICATES_PATH,
            endpoint.site(range),
            format!(
                "the `endpoint` of {of} ends with `{repeated}`, which its `path` `{}` repeats, so calls go to `{}`",
                short(path_only, 60),
                short(&joined, 80)
            ),
            format!("keep only the base URL in `endpoint` (remove `{repeated}`), or remove it from `path`"),
        );
    }
    if let (Some(eq), Some(pq)) = (ep.query, pp.query) {
        let theirs: HashSet<&str> = names(&p[pq]).into_iter().collect();
        let shared: Vec<&str> = names(&e[eq.clone()])
            .into_iter()
            .filter(|n| theirs.contains(n))
            .collect();
        if let Some(first) = shared.first() {
            report.report(
                &ENDPOINT_DUPLICATES_PATH,
                endpoint.site(eq),
                format!(
                    "the query of the `endpoint` of {of} and the query of its `path` both set `{}`",
                    short(first, 40)
                ),
                "set each query parameter in one place, `endpoint` or `path`",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rep(endpoint: &str, path: &str) -> Option<String> {
        let ep = parts(endpoint, true)?;
        let p = parts(path, false)?;
        repeated(endpoint, &ep, path, &p).map(|r| endpoint[r].to_owned())
    }

    #[test]
    fn parts_of_urls_and_paths() {
        let u = "https://h.example/v1/x?a=1&b#f";
        let ps = parts(u, true).unwrap();
        assert_eq!((&u[ps.path], &u[ps.query.unwrap()]), ("/v1/x", "a=1&b"));
        let ps = parts("https://h.example", true).unwrap();
        assert!(ps.path.is_empty() && ps.query.is_none());
        let ps = parts("https://h.example?", true).unwrap();
        assert!(ps.query.is_none());
        let p = " /users/{id}?q=1 ";
        let ps = parts(p, false).unwrap();
        assert_eq!((&p[ps.path], &p[ps.query.unwrap()]), ("/users/{id}", "q=1"));
    }

    #[test]
    fn repeated_segments() {
        assert_eq!(
            rep("https://a.example/v1/users", "/v1/users/{id}").as_deref(),
            Some("/v1/users")
        );
        assert_eq!(
            rep("https://a.example/v1/users/", "/v1/users").as_deref(),
            Some("/v1/users")
        );
        assert_eq!(
            rep("https://a.example/api/v1", "/v1/users").as_deref(),
            Some("/v1")
        );
        assert_eq!(
            rep("https://a.example/api/v1", "v1/users").as_deref(),
            Some("/v1")
        );
        assert_eq!(rep("https://a.example/v1", "/users/{id}"), None);
        assert_eq!(rep("https://a.example", "/users"), None);
        assert_eq!(rep("https://a.example/", "/users"), None);
        assert_eq!(rep("https://a.example/users", "/users2"), None);
    }

    #[test]
    fn query_names() {
        assert_eq!(names("a=1&b&=x&c=2=3"), ["a", "b", "c"]);
    }
}
