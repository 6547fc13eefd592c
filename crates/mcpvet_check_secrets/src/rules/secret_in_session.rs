use std::collections::HashSet;

use mcpvet_ast::transcript::{Entry, EntryKind, Message, MessageRef, RecordBody, Transcript};
use mcpvet_diagnostics::{JsonPath, Reporter, Severity, Site, declare_rule};
use mcpvet_json::{NodeId, ValueKind};
use mcpvet_text::Span;

use crate::tokens::{self, Found};
use crate::walk;
use mcpvet_diagnostics::redact;

declare_rule! {
    /// A captured session carries a credential in a known token format (in tool arguments, results, log messages or log text).
    ///
    /// ## What it checks
    ///
    /// Every string value of every message of the capture (`tools/call` arguments, results,
    /// `notifications/message` log data, error data, trace envelopes with HTTP headers,
    /// recorded SDK calls) and the text around them (log prefixes, lines that are not
    /// protocol messages), for the token formats of `known-token-format` (GitHub, GitLab,
    /// AWS, Slack, OpenAI, Anthropic, Stripe, Google, JWTs, PEM private keys...) with the
    /// same guards. Each string value (or each line of log text) is reported once, at its
    /// first token; every token in it is masked in all output. Token-shaped placeholders are
    /// ignored here.
    ///
    /// The scan is built for captures of gigabytes: a message is only looked at when its raw
    /// bytes contain a known prefix (found with SIMD byte searches for `_`, `-`, `.` and
    /// `A`), and strings shorter than the shortest token are skipped without decoding.
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
    /// ### Accepted
    ///
    /// ```jsonl file=session.jsonl
    /// {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"clone_repo","arguments":{"url":"https://github.com/example/app","token":"${GITHUB_TOKEN}"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Security Best Practices: token passthrough and logging
    /// - MCP specification, Utilities: Logging ("Log messages MUST NOT contain credentials
    ///   or secrets")
    pub(crate) static SECRET_IN_SESSION = {
        code: "MCP308",
        name: "secret-in-session",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The shortest token of any supported format (an AWS access key ID): shorter strings are
/// skipped without a look.
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
        (EntryKind::Lifecycle { .. } | EntryKind::Http { .. }, _) => "the trace event".to_owned(),
    }
}

struct Report {
    span: Span,
    first: Found,
    secret: String,
    count: usize,
    path: Option<JsonPath>,
}

fn severity(found: &Found) -> Severity {
    if found.kind.test_mode {
        Severity::Info
    } else {
        SECRET_IN_SESSION.default_severity
    }
}

pub(crate) fn check(transcript: &Transcript<'_>, report: &mut Reporter<'_>) {
    let doc = transcript.document();
    let source = transcript.text();
    let mut seen: HashSet<u32> = HashSet::new();
    // The pre-filter, in one pass over the whole capture: the offsets of known prefixes and
    // of `\u` escapes (which could hide one). Only the entries that hold one are looked at,
    // found by binary search: the other entries are never touched.
    let entries = transcript.entries();
    let mut todo: Vec<usize> = Vec::new();
    // Offsets in `source` are relative to the document's text, which may be a piece of the
    // file (a chunk of a streamed capture): entry spans are offsets in the file.
    let base = doc.base();
    let anchors: Vec<u32> = tokens::anchors(source.as_bytes())
        .into_iter()
        .map(|a| a as u32 + base)
        .collect();
    for &at in &anchors {
        let after = entries.partition_point(|e| e.span.start <= at);
        // Entries may nest (an Inspector response inside its request): look back a little.
        if let Some(k) = (after.saturating_sub(NEST_LOOKBACK)..after)
            .rev()
            .find(|&k| entries[k].span.contains(at))
            && todo.last() != Some(&k)
        {
            todo.push(k);
        }
    }
    todo.sort_unstable();
    todo.dedup();
    for index in todo {
        let entry = &entries[index];
        let Some(raw) = doc.slice(entry.span) else {
            continue;
        };
        let mut reports: Vec<Report> = Vec::new();
        let mut handled: Vec<Span> = Vec::new();
        let entry_roots = roots(entry);
        for v in entry_roots
            .iter()
            .flat_map(|&root| doc.value(root).strings())
        {
            let Some(content) = v.content_span() else {
                continue;
            };
            if (content.len() as usize) < MIN_TOKEN_LEN || !seen.insert(content.start) {
                continue;
            }
            handled.push(content);
            // A token lies inside one string, with an anchor (its prefix's separator, or
            // an escape that may hide one) inside it: a string without one is not decoded.
            let first_anchor = anchors.partition_point(|&a| a < content.start);
            if anchors.get(first_anchor).is_none_or(|&a| a >= content.end) {
                continue;
            }
            let Some(text) = v.decoded() else {
                continue;
            };
            let found: Vec<Found> = tokens::find(text.text())
                .into_iter()
                .filter(|f| !f.placeholder)
                .collect();
            let Some(&first) = found.first() else {
                continue;
            };
            for f in &found {
                report.redact(text.span(f.start..f.end));
            }
            reports.push(Report {
                span: text.span(first.start..first.end),
                first,
                secret: text.text()[first.start..first.end].to_owned(),
                count: found.len(),
                path: Some(v.path()),
            });
        }
        // Text outside the string values: log prefixes, lines that are not messages,
        // unreadable JSON.
        let base = entry.span.start;
        let loose: Vec<Found> = tokens::find(raw)
            .into_iter()
            .filter(|f| {
                let at = base + f.start as u32;
                let in_string = entry_roots.iter().any(|&r| {
                    walk::descend(doc.value(r), at)
                        .is_some_and(|(n, _)| n.kind() == ValueKind::String)
                });
                !f.placeholder
                    && !handled.iter().any(|h| h.contains(at))
                    && !in_string
                    && seen.insert(at)
            })
            .collect();
        if let Some(&first) = loose.first() {
            for f in &loose {
                report.redact(Span::new(base + f.start as u32, base + f.end as u32));
            }
            reports.push(Report {
                span: Span::new(base + first.start as u32, base + first.end as u32),
                first,
                secret: raw[first.start..first.end].to_owned(),
                count: loose.len(),
                path: None,
            });
        }
        if reports.is_empty() {
            continue;
        }
        let what = describe(transcript, index, entry);
        let mut report = report.message(entry.index);
        for r in reports {
            let place = match &r.path {
                Some(p) => format!(" in `{p}`"),
                None => " in its text".to_owned(),
            };
            let more = match r.count {
                1 => String::new(),
                2 => " and one more token".to_owned(),
                n => format!(" and {} more tokens", n - 1),
            };
            report.report_as(
                &SECRET_IN_SESSION,
                severity(&r.first),
                Site::new(r.span, r.path),
                format!(
                    "{what} carries {} (`{}`){place}{more}",
                    r.first.kind.with_article(),
                    redact::describe(&r.secret)
                ),
                "a capture that holds a live credential is a secret itself: revoke the \
                 credential and redact the capture before sharing it",
            );
        }
    }
}
