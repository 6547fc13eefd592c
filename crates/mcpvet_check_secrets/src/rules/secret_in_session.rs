use std::collections::HashSet;
use std::ops::Range;

use mcpvet_ast::transcript::{
    Entry, EntryKind, HttpSource, Message, MessageRef, RecordBody, Transcript,
};
use mcpvet_diagnostics::{JsonPath, Reporter, Severity, Site, declare_rule};
use mcpvet_json::{DecodedStr, NodeId, Value, ValueKind};
use mcpvet_text::Span;

use crate::anchors;
use crate::shapes::{self, Shape};
use crate::tokens::{self, Found};
use crate::walk;
use mcpvet_diagnostics::redact;

declare_rule! {
    /// A captured session carries a credential (a known token format, or a bearer token, `token=…` pair, cookie or signed URL recognised by its shape) in tool arguments, results, log messages or log text.
    ///
    /// ## What it checks
    ///
    /// Every string value of every message of the capture (`tools/call` arguments, results,
    /// `notifications/message` log data, error data, trace envelopes with HTTP headers,
    /// the requests and responses of HAR files (URLs, headers, cookies),
    /// recorded SDK calls, every field of a run log's events such as `argv`, `stderr` and
    /// `headers`), their member names, and the text around them (log prefixes,
    /// abbreviated log lines, lines that are not protocol messages such as a server's
    /// stderr), for:
    ///
    /// - the token formats of `known-token-format` (GitHub, GitLab, AWS, Slack, OpenAI,
    ///   Anthropic, Stripe, Google, JWTs, PEM private keys...), with the same guards;
    /// - credentials recognised by their shape: `Authorization: Bearer …` and `Bearer …`
    ///   alone; `Basic …` (base64 of `user:password`); other `Authorization` values
    ///   (`token …`); values after a name that says token, key, secret or password
    ///   (`token=…`, `api_key: …`, `"client_secret": "…"`, `'password': '…'`,
    ///   `--api-key=…`, `X-Api-Key: …`); `Cookie` and `Set-Cookie` values and session
    ///   cookies (`JSESSIONID=…`, `connect.sid=…`); URL query parameters named like a
    ///   secret (`?access_token=…`); signed URLs (`X-Amz-Signature`, `X-Amz-Credential`,
    ///   `X-Goog-Signature`, `Signature`, an Azure SAS `sig`); URL passwords
    ///   (`postgres://app:…@db`). A member of a message named like a credential is read the
    ///   same way (`"password": "…"` in tool arguments), each member of a `headers`
    ///   object (a trace's HTTP headers) as a header value, and each `{"name", "value"}`
    ///   pair of a HAR file's `headers`, `cookies` and `queryString` by its name
    ///   (`{"name": "X-Api-Key", "value": "…"}`).
    ///
    /// A value found by its shape must look like a credential: a password six characters or
    /// more, a header or cookie value 8 characters with 2.75 bits of entropy per character, a
    /// named value 12 characters with 3.0 bits, a query parameter 16 with 3.0; and it is
    /// never prose (`the token= parameter`), a placeholder (`Bearer ${TOKEN}`,
    /// `Bearer <token>`, `token=xxx`, `api_key=YOUR_KEY`, `[REDACTED]`), a reference, a
    /// format string (`%s`) or code (`settings.API_KEY`, `self.token`); pagination and
    /// protocol tokens (`progressToken`, `nextPageToken`) are not credentials. Where a shape
    /// holds a known token format (`Authorization: Bearer ghp_…`), the token is reported.
    ///
    /// Each string value (or each line of log text) is reported once, at its first secret,
    /// named by what it is ("the log line carries a bearer token (`mcpv… (23 chars)`) in its
    /// text"); every secret in it is masked in all output. Token-shaped placeholders are
    /// ignored here.
    ///
    /// The scan is built for captures of gigabytes: one pass over the capture with SIMD byte
    /// compares finds where a token or a shape may be (`_`, `-`, `.` or `A` after a known
    /// prefix; `=` or `:` after a name ending with a credential word, `Bearer`, `Basic`, the
    /// `@` of a URL's userinfo), a message is only looked at when it holds one, and strings
    /// without one are not decoded.
    ///
    /// ## Why it matters
    ///
    /// Captures are attached to bug reports and shared with tool vendors. A token that a
    /// server echoed in a result, or that a model passed as a tool argument, is as exposed as
    /// one committed to a repository; the capture must be redacted and the token revoked.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=session.jsonl
    /// {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"clone_repo","arguments":{"url":"https://github.com/example/app","token":"ghp_mcpvetSyntheticDocToken0aB1cD2eF3gH4"}}}
    /// ```
    ///
    /// ```jsonl file=session.jsonl
    /// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"debug","logger":"http","data":"POST https://api.example.invalid/v1/search Authorization: Bearer mcpvetSynth3tic0Bearer9"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=session.jsonl
    /// {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"clone_repo","arguments":{"url":"https://github.com/example/app","token":"${GITHUB_TOKEN}"}}}
    /// ```
    ///
    /// ```jsonl file=session.jsonl
    /// {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"debug","logger":"http","data":"POST https://api.example.invalid/v1/search Authorization: Bearer [REDACTED]"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Security Best Practices: token passthrough and logging
    /// - MCP specification, Utilities: Logging ("Log messages MUST NOT contain credentials
    ///   or secrets")
    /// - RFC 6750 (bearer tokens), RFC 7617 (`Basic`), RFC 6265 (cookies); AWS Signature
    ///   Version 4 and Azure SAS query parameters
    pub(crate) static SECRET_IN_SESSION = {
        code: "MCP308",
        name: "secret-in-session",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The shortest token of any supported format (an AWS access key ID): shorter strings are
/// only looked at for shapes.
const MIN_TOKEN_LEN: usize = 20;

/// How many entries before the one found by binary search may still contain an offset
/// (nested entries).
const NEST_LOOKBACK: usize = 64;

/// The JSON roots of an entry: its envelope, or its message, or a recorded call's parts.
fn roots(entry: &Entry) -> Vec<NodeId> {
    if let Some(envelope) = entry.envelope {
        return vec![envelope];
    }
    match &entry.kind {
        EntryKind::Message(m) => vec![m.node()],
        EntryKind::Reconstructed(r) => {
            let body = r.body.map(|b| match b {
                RecordBody::Result(n) | RecordBody::Items(n) | RecordBody::Error(n) => n,
            });
            [r.params, r.kwargs, body].into_iter().flatten().collect()
        }
        _ => Vec::new(),
    }
}

/// What the entry is, for a message: `the `tools/call` request`.
fn describe(transcript: &Transcript<'_>, index: usize, entry: &Entry) -> String {
    let method = transcript.method_of(MessageRef::entry(index));
    match (&entry.kind, method) {
        (EntryKind::Message(Message::Request { .. }), Some(m)) => format!("the `{m}` request"),
        (EntryKind::Message(Message::Notification { .. }), Some(m)) => {
            format!("the `{m}` notification")
        }
        (EntryKind::Message(Message::Response { .. }), Some(m)) => {
            format!("the response to `{m}`")
        }
        (EntryKind::Message(Message::ErrorResponse { .. }), Some(m)) => {
            format!("the error response to `{m}`")
        }
        (EntryKind::Message(m), _) => format!("the {} message", m.kind_name()),
        (EntryKind::Reconstructed(r), _) => match &r.recorded_method {
            Some(m) => format!("the recorded `{}` {}", m.value, r.role.name()),
            None => format!("the recorded {}", r.role.name()),
        },
        (EntryKind::Abbreviated(_) | EntryKind::NonProtocol { .. }, _) => "the log line".to_owned(),
        (EntryKind::Http { http: Some(h), .. }, _) if h.source == HttpSource::Har => {
            format!("the HTTP {}", h.side.name())
        }
        (EntryKind::Lifecycle { .. } | EntryKind::Http { .. }, _) => "the trace event".to_owned(),
        (EntryKind::RunEvent(r), _) => match r.name() {
            Some(name) => format!("the `{name}` run event"),
            None => "the run event".to_owned(),
        },
    }
}

/// One secret found in a text: a provider token or a credential shape.
#[derive(Debug, Clone)]
enum Hit {
    Token(Found),
    Shape(Shape),
}

impl Hit {
    fn range(&self) -> Range<usize> {
        match self {
            Hit::Token(f) => f.start..f.end,
            Hit::Shape(s) => s.range(),
        }
    }

    /// What it is, with its article: `a GitHub personal access token`, `a bearer token`.
    fn what(&self) -> String {
        match self {
            Hit::Token(f) => f.kind.with_article(),
            Hit::Shape(s) => s.describe(),
        }
    }

    fn severity(&self) -> Severity {
        match self {
            Hit::Token(f) if f.kind.test_mode => Severity::Info,
            _ => SECRET_IN_SESSION.default_severity,
        }
    }
}

/// The secrets of one text, sorted and without overlaps: where a shape and a provider token
/// overlap (`Authorization: Bearer ghp_…`), the token is kept, the more precise of the two.
fn merge(mut hits: Vec<Hit>) -> Vec<Hit> {
    let tokens: Vec<Range<usize>> = hits
        .iter()
        .filter(|h| matches!(h, Hit::Token(_)))
        .map(Hit::range)
        .collect();
    hits.retain(|h| {
        let r = h.range();
        matches!(h, Hit::Token(_)) || !tokens.iter().any(|t| t.start < r.end && r.start < t.end)
    });
    hits.sort_by_key(|h| (h.range().start, std::cmp::Reverse(h.range().end)));
    let mut kept: Vec<Hit> = Vec::with_capacity(hits.len());
    for h in hits {
        if kept.last().is_none_or(|k| h.range().start >= k.range().end) {
            kept.push(h);
        }
    }
    kept
}

/// A string of an entry that holds an anchor (a value, or a member name), and what was found
/// in it.
struct Scanned<'d> {
    value: Value<'d>,
    /// For a member name: the object it names a member of (the path points there, not at a
    /// path that spells the name).
    object: Option<Value<'d>>,
    text: DecodedStr<'d>,
    hits: Vec<Hit>,
}

/// The provider tokens (in a string of at least [`MIN_TOKEN_LEN`] bytes) and shapes that
/// `text` holds, for the kinds of anchor its string holds.
fn scan(text: &str, token: bool, shape: bool) -> Vec<Hit> {
    let mut hits: Vec<Hit> = Vec::new();
    if token {
        hits.extend(
            tokens::find(text)
                .into_iter()
                .filter(|f| !f.placeholder)
                .map(Hit::Token),
        );
    }
    if shape {
        hits.extend(shapes::find(text).into_iter().map(Hit::Shape));
    }
    hits
}

/// One finding to report: the first secret of a text, and how many it holds.
struct Report {
    span: Span,
    first: Hit,
    secret: String,
    count: usize,
    tokens_only: bool,
    path: Option<JsonPath>,
    /// In a member name of the object at `path`.
    name: bool,
}

impl Report {
    /// The finding for `hits` (merged, not empty) of a text, or `None`.
    fn of(hits: &[Hit], span: impl Fn(Range<usize>) -> Span, text: &str) -> Option<Report> {
        let first = hits.first()?.clone();
        Some(Report {
            span: span(first.range()),
            secret: text[first.range()].to_owned(),
            first,
            count: hits.len(),
            tokens_only: hits.iter().all(|h| matches!(h, Hit::Token(_))),
            path: None,
            name: false,
        })
    }
}

/// Whether an object stored under `key` holds HTTP headers (`headers`, `requestHeaders`,
/// `http_headers`, `responseHeaders`...).
fn holds_headers(key: Option<&str>) -> bool {
    key.is_some_and(|k| {
        k.len() >= 7
            && k.get(k.len() - 7..)
                .is_some_and(|end| end.eq_ignore_ascii_case("headers"))
    })
}

/// Whether an entry is a HAR request or response: its headers, cookies and query
/// parameters are `{"name", "value"}` pairs, whose name says credential without an anchor
/// (`{"name": "X-Api-Key", "value": "…"}`), so the entry is always read.
fn har_pairs(entry: &Entry) -> bool {
    matches!(&entry.kind, EntryKind::Http { http: Some(h), .. } if h.source == HttpSource::Har)
}

/// What a `{"name", "value"}` pair of an HTTP message is (a HAR file's `headers`, `cookies`
/// and `queryString` elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pair {
    Header,
    Cookie,
    Query,
}

/// The name of a `{"name", "value"}` pair of an HTTP message, and what the pair is; `None`
/// for another object.
fn pair_name(array_key: Option<&str>, object: Value<'_>) -> Option<(String, Pair)> {
    let key = array_key?;
    let pair = if holds_headers(Some(key)) {
        Pair::Header
    } else if key.eq_ignore_ascii_case("cookies") {
        Pair::Cookie
    } else if key.eq_ignore_ascii_case("queryString") {
        Pair::Query
    } else {
        return None;
    };
    let name = object.get("name")?.as_str()?;
    Some((name.into_owned(), pair))
}

/// The credentials in the value of a pair named `name` (ranges index `value`): a cookie is
/// read as the `name=value` of a `Cookie` header (a session cookie is a credential whatever
/// its value looks like, another cookie is not), a header or query parameter as a member
/// named `name`.
fn in_pair(name: &str, pair: Pair, value: &str) -> Vec<Shape> {
    match pair {
        Pair::Cookie => {
            let skip = name.len() + 1;
            shapes::in_member("Cookie", true, &format!("{name}={value}"))
                .into_iter()
                .filter(|s| s.start >= skip)
                .map(|mut s| {
                    s.start -= skip;
                    s.end -= skip;
                    s
                })
                .collect()
        }
        Pair::Header => shapes::in_member(name, true, value),
        Pair::Query => shapes::in_member(name, false, value),
    }
}

/// Whether one of the sorted `anchors` lies in `span`.
fn any_in(anchors: &[u32], span: Span) -> bool {
    let first = anchors.partition_point(|&a| a < span.start);
    anchors.get(first).is_some_and(|&a| a < span.end)
}

pub(crate) fn check(transcript: &Transcript<'_>, report: &mut Reporter<'_>) {
    let doc = transcript.document();
    let source = transcript.text();
    let mut seen: HashSet<u32> = HashSet::new();
    // The pre-filter, in one pass over the whole capture: the offsets where a provider token
    // (a known prefix, or a `\u` escape that could hide one) or a credential shape (a
    // credential name before `=` or `:`, `Bearer`, `Basic`, a URL's userinfo) may be. Only
    // the entries that hold one are looked at, found by binary search: the other entries are
    // never touched.
    let entries = transcript.entries();
    // Offsets in `source` are relative to the document's text, which may be a piece of the
    // file (a chunk of a streamed capture): entry spans are offsets in the file.
    let base = doc.base();
    let found = anchors::find(source.as_bytes());
    let offsets =
        |list: Vec<usize>| -> Vec<u32> { list.into_iter().map(|a| a as u32 + base).collect() };
    let token_anchors = offsets(found.tokens);
    let shape_anchors = offsets(found.shapes);
    let mut todo: Vec<usize> = Vec::new();
    for &at in token_anchors.iter().chain(&shape_anchors) {
        let after = entries.partition_point(|e| e.span.start <= at);
        // Entries may nest (an Inspector response inside its request), and an entry's
        // envelope may hold more than its message (a cassette interaction's HTTP headers):
        // look back a little.
        let holds = |k: usize| {
            let entry = &entries[k];
            entry.span.contains(at)
                || entry
                    .envelope
                    .is_some_and(|e| doc.value(e).span().contains(at))
        };
        if let Some(k) = (after.saturating_sub(NEST_LOOKBACK)..after)
            .rev()
            .find(|&k| holds(k))
            && todo.last() != Some(&k)
        {
            todo.push(k);
        }
    }
    // HAR requests and responses: their `{"name", "value"}` pairs hold no anchor.
    let forced: Vec<usize> = (0..entries.len())
        .filter(|&k| har_pairs(&entries[k]))
        .collect();
    todo.extend(&forced);
    todo.sort_unstable();
    todo.dedup();
    for index in todo {
        let entry = &entries[index];
        let Some(raw) = doc.slice(entry.span) else {
            continue;
        };
        let scope = entry
            .envelope
            .map_or(entry.span, |e| doc.value(e).span().cover(entry.span));
        let shapes_here = any_in(&shape_anchors, scope) || forced.binary_search(&index).is_ok();
        let mut reports: Vec<Report> = Vec::new();
        let mut handled: Vec<Span> = Vec::new();
        let entry_roots = roots(entry);
        // The string values that hold an anchor, scanned decoded.
        let mut scanned: Vec<Scanned<'_>> = Vec::new();
        for v in entry_roots
            .iter()
            .flat_map(|&root| doc.value(root).strings())
        {
            let Some(content) = v.content_span() else {
                continue;
            };
            // A token or shape lies inside one string, with an anchor (its prefix's
            // separator, an escape that may hide one, its name's `=`) inside it: a string
            // without one is not decoded.
            let token = content.len() as usize >= MIN_TOKEN_LEN && any_in(&token_anchors, content);
            let shape = shapes_here && any_in(&shape_anchors, content);
            if !(token || shape) || !seen.insert(content.start) {
                continue;
            }
            handled.push(content);
            let Some(text) = v.decoded() else {
                continue;
            };
            let hits = scan(text.text(), token, shape);
            scanned.push(Scanned {
                value: v,
                object: None,
                text,
                hits,
            });
        }
        // Member names that hold an anchor (a broken line such as `{" … Bearer …` reads as
        // one long name), and members whose name says credential (`"Authorization":
        // "Bearer …"` in a trace's headers, `"password": "…"` in tool arguments): there the
        // anchor is the name's `:`, between the two strings.
        {
            let start = scanned.len();
            walk::members_under(entry_roots.iter().map(|&r| doc.value(r)), |m| {
                let name = m.member.key;
                if let Some(content) = name.content_span() {
                    let token =
                        content.len() as usize >= MIN_TOKEN_LEN && any_in(&token_anchors, content);
                    let shape = shapes_here && any_in(&shape_anchors, content);
                    if (token || shape)
                        && seen.insert(content.start)
                        && let Some(text) = name.decoded()
                    {
                        handled.push(content);
                        let hits = scan(text.text(), token, shape);
                        scanned.push(Scanned {
                            value: name,
                            object: Some(m.object),
                            text,
                            hits,
                        });
                    }
                }
                if !shapes_here {
                    return;
                }
                // A HAR header, cookie or query parameter: the pair's `name` names the
                // `value`.
                let pair = (m.member.key_str() == "value")
                    .then(|| pair_name(m.array_key, m.object))
                    .flatten();
                let key = match &pair {
                    Some((name, _)) => std::borrow::Cow::Owned(name.clone()),
                    None => m.member.key_str(),
                };
                let cookie = matches!(pair, Some((_, Pair::Cookie)));
                if !cookie && !shapes::may_name_credential(&key) {
                    return;
                }
                let values: Vec<Value<'_>> = match m.member.value.kind() {
                    ValueKind::String => vec![m.member.value],
                    ValueKind::Array => m
                        .member
                        .value
                        .items()
                        .filter(|v| v.kind() == ValueKind::String)
                        .collect(),
                    _ => Vec::new(),
                };
                let in_headers = holds_headers(m.parent_key);
                for v in values {
                    let Some(content) = v.content_span() else {
                        continue;
                    };
                    let at = match scanned.iter().position(|s| s.value.id() == v.id()) {
                        Some(at) => at,
                        None if seen.insert(content.start) => {
                            let Some(text) = v.decoded() else {
                                continue;
                            };
                            handled.push(content);
                            scanned.push(Scanned {
                                value: v,
                                object: None,
                                text,
                                hits: Vec::new(),
                            });
                            scanned.len() - 1
                        }
                        // Looked at by an entry around this one.
                        None => continue,
                    };
                    let s = &mut scanned[at];
                    let found = match &pair {
                        Some((name, what)) => in_pair(name, *what, s.text.text()),
                        None => shapes::in_member(&key, in_headers, s.text.text()),
                    };
                    s.hits.extend(found.into_iter().map(Hit::Shape));
                }
            });
            if scanned.len() > start {
                scanned.sort_by_key(|s| s.value.span().start);
            }
        }
        for s in scanned {
            let hits = merge(s.hits);
            for h in &hits {
                report.redact(s.text.span(h.range()));
            }
            if let Some(mut r) = Report::of(&hits, |range| s.text.span(range), s.text.text()) {
                r.path = Some(s.object.unwrap_or(s.value).path());
                r.name = s.object.is_some();
                reports.push(r);
            }
        }
        // Text outside the string values: log prefixes, lines that are not messages,
        // unreadable JSON.
        let base = entry.span.start;
        let outside = |start: usize| {
            let at = base + start as u32;
            let in_string = entry_roots.iter().any(|&r| {
                walk::descend(doc.value(r), at).is_some_and(|(n, _)| n.kind() == ValueKind::String)
            });
            !handled.iter().any(|h| h.contains(at)) && !in_string
        };
        let mut loose: Vec<Hit> = tokens::find(raw)
            .into_iter()
            .filter(|f| !f.placeholder && outside(f.start))
            .map(Hit::Token)
            .collect();
        if shapes_here {
            loose.extend(
                shapes::find(raw)
                    .into_iter()
                    .filter(|s| outside(s.start))
                    .map(Hit::Shape),
            );
        }
        let loose: Vec<Hit> = merge(loose)
            .into_iter()
            .filter(|h| seen.insert(base + h.range().start as u32))
            .collect();
        let span = |r: Range<usize>| Span::new(base + r.start as u32, base + r.end as u32);
        for h in &loose {
            report.redact(span(h.range()));
        }
        reports.extend(Report::of(&loose, span, raw));
        if reports.is_empty() {
            continue;
        }
        let what = describe(transcript, index, entry);
        let mut report = report.message(entry.index);
        for r in reports {
            let place = match &r.path {
                Some(p) if r.name => format!(" in a member name of `{p}`"),
                Some(p) => format!(" in `{p}`"),
                None => " in its text".to_owned(),
            };
            let unit = if r.tokens_only { "token" } else { "secret" };
            let more = match r.count {
                1 => String::new(),
                2 => format!(" and one more {unit}"),
                n => format!(" and {} more {unit}s", n - 1),
            };
            report.report_as(
                &SECRET_IN_SESSION,
                r.first.severity(),
                Site::new(r.span, r.path),
                format!(
                    "{what} carries {} (`{}`){place}{more}",
                    r.first.what(),
                    redact::describe(&r.secret)
                ),
                "a capture that holds a live credential is a secret itself: revoke the \
                 credential and redact the capture before sharing it",
            );
        }
    }
}
