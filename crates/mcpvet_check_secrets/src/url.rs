//! URLs inside text, split by hand so every part keeps its exact offsets (a URL library would
//! normalise the text and lose them): `scheme://user:password@host/path?name=value#fragment`.
use std::ops::Range;

use mcpvet_json::{DecodedStr, JsonDocument, Value};

/// One URL found in a text; every range indexes that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UrlParts {
    /// The scheme (`https`, `postgres`, `mongodb+srv`).
    pub(crate) scheme: Range<usize>,
    /// The user name of the userinfo, when there is one.
    pub(crate) user: Option<Range<usize>>,
    /// The password of the userinfo (after the first `:`), when there is one.
    pub(crate) password: Option<Range<usize>>,
    /// The host (and port).
    pub(crate) host: Range<usize>,
    /// Query parameters: name and value (the value may be empty).
    pub(crate) query: Vec<(Range<usize>, Range<usize>)>,
}

/// Bytes that end a URL written inside text.
fn ends_url(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b'<' | b'>' | b'`')
}

/// Every `scheme://…` URL in `text`.
pub(crate) fn find_urls(text: &str) -> Vec<UrlParts> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find("://") {
        let sep = from + k;
        from = sep + 3;
        let mut s = sep;
        while s > 0 && (b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'+' | b'.' | b'-'))
        {
            s -= 1;
        }
        while s < sep && !b[s].is_ascii_alphabetic() {
            s += 1;
        }
        if sep - s < 2 {
            continue;
        }
        let auth_start = sep + 3;
        let mut auth_end = auth_start;
        while auth_end < b.len()
            && !matches!(b[auth_end], b'/' | b'?' | b'#')
            && !ends_url(b[auth_end])
        {
            auth_end += 1;
        }
        let authority = &text[auth_start..auth_end];
        let (user, password, host) = match authority.rfind('@') {
            Some(at) => {
                let info = auth_start..auth_start + at;
                let host = auth_start + at + 1..auth_end;
                match text[info.clone()].find(':') {
                    Some(c) => (
                        Some(info.start..info.start + c),
                        Some(info.start + c + 1..info.end),
                        host,
                    ),
                    None => (Some(info), None, host),
                }
            }
            None => (None, None, auth_start..auth_end),
        };
        let mut end = auth_end;
        while end < b.len() && !ends_url(b[end]) {
            end += 1;
        }
        let query = text[auth_end..end]
            .find('?')
            .map(|q| query_params(text, auth_end + q + 1, end))
            .unwrap_or_default();
        out.push(UrlParts {
            scheme: s..sep,
            user,
            password,
            host,
            query,
        });
        from = end.max(from);
    }
    out
}

/// The parameters of the query that starts at `q_start` (after the `?`) and ends at `end` or
/// at a `#` before it: name and value ranges (the value may be empty).
fn query_params(text: &str, q_start: usize, end: usize) -> Vec<(Range<usize>, Range<usize>)> {
    let mut query = Vec::new();
    let q_end = text[q_start..end].find('#').map_or(end, |h| q_start + h);
    let mut p = q_start;
    for piece in text[q_start..q_end].split(['&', ';']) {
        let range = p..p + piece.len();
        p = range.end + 1;
        if piece.is_empty() {
            continue;
        }
        match piece.find('=') {
            Some(eq) => query.push((
                range.start..range.start + eq,
                range.start + eq + 1..range.end,
            )),
            None => query.push((range.clone(), range.end..range.end)),
        }
    }
    query
}

/// A URL path with a query but no scheme or host (`/search?api_key=…`, the `path` a
/// definition joins to its `endpoint`): its query parameters, as the parts of a URL with
/// empty scheme and host. `None` for a text that holds a whole URL, or no query.
pub(crate) fn path_query(text: &str) -> Option<UrlParts> {
    if text.contains("://") || text.contains(char::is_whitespace) {
        return None;
    }
    let q = text.find('?')?;
    let query = query_params(text, q + 1, text.len());
    (!query.is_empty()).then_some(UrlParts {
        scheme: 0..0,
        user: None,
        password: None,
        host: 0..0,
        query,
    })
}

/// Percent-decodes `text` (invalid sequences are kept as written).
pub(crate) fn percent_decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (
                char::from(b[i + 1]).to_digit(16),
                char::from(b[i + 2]).to_digit(16),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A string value that holds URLs: the value, its decoded text, the variable references in
/// it and its URLs (every range indexes the decoded text).
pub(crate) struct UrlString<'d> {
    pub(crate) value: Value<'d>,
    pub(crate) text: DecodedStr<'d>,
    pub(crate) refs: Vec<Range<usize>>,
    pub(crate) urls: Vec<UrlParts>,
}

/// Every string value of `doc` that holds a URL, in source order, with the references that
/// `refs` finds in it.
pub(crate) fn string_urls<'d>(
    doc: &'d JsonDocument<'d>,
    refs: fn(&str) -> Vec<Range<usize>>,
) -> Vec<UrlString<'d>> {
    let mut out = Vec::new();
    for value in doc.roots().flat_map(Value::strings) {
        if !value
            .raw_str()
            .is_some_and(|r| r.contains("://") || r.contains(":\\/\\/"))
        {
            continue;
        }
        if let Some(text) = value.decoded() {
            let urls = find_urls(text.text());
            if !urls.is_empty() {
                let refs = refs(text.text());
                out.push(UrlString {
                    value,
                    text,
                    refs,
                    urls,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_and_query() {
        let text =
            "--db=postgres://app:pa%40ss@db.internal:5432/main?sslmode=require&password=x#f next";
        let urls = find_urls(text);
        assert_eq!(urls.len(), 1);
        let u = &urls[0];
        assert_eq!(&text[u.scheme.clone()], "postgres");
        assert_eq!(&text[u.user.clone().unwrap()], "app");
        assert_eq!(&text[u.password.clone().unwrap()], "pa%40ss");
        assert_eq!(&text[u.host.clone()], "db.internal:5432");
        let q: Vec<(&str, &str)> = u
            .query
            .iter()
            .map(|(n, v)| (&text[n.clone()], &text[v.clone()]))
            .collect();
        assert_eq!(q, [("sslmode", "require"), ("password", "x")]);
        assert_eq!(percent_decode("pa%40ss%zz%4"), "pa@ss%zz%4");
    }

    #[test]
    fn several_and_odd_urls() {
        let text = "a https://h/x?key=1&&flag b mongodb+srv://u@c.net x://y ://z";
        let urls = find_urls(text);
        assert_eq!(urls.len(), 2);
        assert_eq!(&text[urls[0].host.clone()], "h");
        assert_eq!(urls[0].query.len(), 2);
        assert_eq!(&text[urls[1].scheme.clone()], "mongodb+srv");
        assert_eq!(&text[urls[1].user.clone().unwrap()], "u");
        assert!(urls[1].password.is_none());
        assert!(find_urls("").is_empty());
        assert!(find_urls("://").is_empty());
    }

    #[test]
    fn queries_of_paths() {
        let text = "/v1/search?q=x&api_key=abc#top";
        let parts = path_query(text).unwrap();
        let q: Vec<(&str, &str)> = parts
            .query
            .iter()
            .map(|(n, v)| (&text[n.clone()], &text[v.clone()]))
            .collect();
        assert_eq!(q, [("q", "x"), ("api_key", "abc")]);
        assert!(parts.user.is_none() && parts.password.is_none());
        assert!(path_query("/v1/search").is_none());
        assert!(path_query("/v1/search?").is_none());
        assert!(path_query("https://h/x?key=1").is_none());
    }
}
