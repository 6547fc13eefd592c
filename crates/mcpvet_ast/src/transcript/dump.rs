//! A readable, stable, line-per-entry dump of a transcript.
use std::collections::HashMap;
use std::fmt::Write as _;

use super::{
    Direction, Entry, EntryKind, Message, MessageRef, RecordBody, ServerEvent, Transcript,
};

const TEXT_LIMIT: usize = 60;

impl Transcript<'_> {
    /// A readable dump, one line per entry (batch elements on indented lines below their
    /// batch), for bug reports and snapshot tests:
    ///
    /// ```text
    /// format: json-lines (content: raw JSON-RPC messages)
    /// #0    L1    0..46        c->s method-table  request id=1 method="tools/list"
    /// (1)   L2    47..65       -    unknown       non-protocol "Starting server..."
    /// #1    L3    66..124      s->c pairing       response id=1 answers=#0
    /// ```
    ///
    /// Spans are byte offsets in the file, also for a capture read through a derived text
    /// (a YAML cassette, inlined bodies), whose lines are the file's too.
    ///
    /// Columns: the message index (`#n` for a message, `(n)` for another entry, which carries
    /// the index of the next message), the line, the byte span, the direction (`c->s`, `s->c`
    /// or `-`) and how it is known, then the kind and its details. Timestamps, servers and
    /// levels follow in `key=value` form.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        let d = self.detection();
        let _ = write!(out, "format: {} ({}: {}", d.format, d.by.name(), d.reason);
        let _ = match self.derivation() {
            Some(derivation) => writeln!(out, ", {})", derivation.from),
            None => writeln!(out, ")"),
        };
        // Spans in the file, also for a capture read through a derived text.
        let span = |s| self.derivation().map_or(s, |d| d.map.span(s));
        let answers: HashMap<MessageRef, MessageRef> = self
            .links()
            .iter()
            .map(|l| (l.response, l.request))
            .collect();
        let label = |at: MessageRef| {
            let index = self.entries().get(at.entry).map_or(0, |e| e.index);
            match at.item {
                Some(i) => format!("#{index}[{i}]"),
                None => format!("#{index}"),
            }
        };
        for (i, entry) in self.entries().iter().enumerate() {
            let index = if entry.is_message() {
                format!("#{}", entry.index)
            } else {
                format!("({})", entry.index)
            };
            let dir = match entry.direction {
                Some(Direction::ClientToServer) => "c->s",
                Some(Direction::ServerToClient) => "s->c",
                None => "-",
            };
            let _ = write!(
                out,
                "{index:<5} L{:<4} {:<12} {dir:<4} {:<13} ",
                entry.line,
                span(entry.span).to_string(),
                entry.direction_source.name()
            );
            let at = MessageRef::entry(i);
            match &entry.kind {
                EntryKind::Message(Message::Batch { items, .. }) => {
                    let _ = write!(out, "batch len={}", items.len());
                    extras(&mut out, entry);
                    for (j, item) in items.iter().enumerate() {
                        let at = MessageRef {
                            entry: i,
                            item: Some(j),
                        };
                        let _ = write!(out, "\n      [{j}] ");
                        describe(&mut out, item);
                        if let Some(request) = answers.get(&at) {
                            let _ = write!(out, " answers={}", label(*request));
                        }
                    }
                }
                EntryKind::Message(message) => {
                    describe(&mut out, message);
                    if let Some(request) = answers.get(&at) {
                        let _ = write!(out, " answers={}", label(*request));
                    }
                    extras(&mut out, entry);
                }
                EntryKind::Abbreviated(a) => {
                    let _ = write!(out, "abbreviated {}", a.kind.name());
                    if let Some(id) = &a.id {
                        let _ = write!(out, " id={id}");
                    }
                    if let Some(method) = &a.method {
                        let _ = write!(out, " method={:?}", method.value);
                    }
                    for word in &a.words {
                        let _ = write!(out, " +{}", word.value);
                    }
                    if let Some(request) = answers.get(&at) {
                        let _ = write!(out, " answers={}", label(*request));
                    }
                    extras(&mut out, entry);
                }
                EntryKind::Reconstructed(r) => {
                    let _ = write!(out, "reconstructed {}", r.role.name());
                    match r.method {
                        Some(m) => {
                            let _ = write!(out, " method={m:?}");
                        }
                        None => out.push_str(" method=?"),
                    }
                    if let Some(recorded) = &r.recorded_method {
                        let _ = write!(out, " recorded={:?}", recorded.value);
                    }
                    if let Some(c) = &r.correlation {
                        let _ = write!(out, " count={}", c.value);
                    }
                    if r.params.is_some() {
                        out.push_str(" args");
                    }
                    match r.body {
                        Some(RecordBody::Result(_)) => out.push_str(" result"),
                        Some(RecordBody::Items(node)) => {
                            let _ = write!(out, " items={}", self.value(node).len());
                        }
                        Some(RecordBody::Error(_)) => out.push_str(" error"),
                        None => {}
                    }
                    if let Some(request) = answers.get(&at) {
                        let _ = write!(out, " answers={}", label(*request));
                    }
                    extras(&mut out, entry);
                }
                EntryKind::NonProtocol { text } => {
                    let _ = write!(
                        out,
                        "non-protocol {}",
                        quote(self.document().slice(*text).unwrap_or_default())
                    );
                    extras(&mut out, entry);
                }
                EntryKind::Lifecycle {
                    event,
                    server_event,
                } => {
                    out.push_str("lifecycle");
                    if let Some(what) = server_event {
                        let _ = write!(out, " {}", what.name());
                        match what {
                            ServerEvent::ToolsListed { count: Some(n) } => {
                                let _ = write!(out, " tools={n}");
                            }
                            ServerEvent::Exited { code: Some(code) } => {
                                let _ = write!(out, " code={code}");
                            }
                            _ => {}
                        }
                    }
                    if let Some(event) = event {
                        let _ = write!(out, " event={:?}", event.value);
                    }
                    extras(&mut out, entry);
                }
                EntryKind::Http { status, http } => {
                    out.push_str("http");
                    if let Some(http) = http {
                        http.dump(&mut out, status.as_ref().map(|s| s.value));
                    } else if let Some(status) = status {
                        let _ = write!(out, " status={}", status.value);
                    }
                    extras(&mut out, entry);
                }
                EntryKind::RunEvent(r) => {
                    self.dump_run_event(&mut out, r);
                    extras(&mut out, entry);
                }
            }
            out.push('\n');
        }
        out
    }
}

fn describe(out: &mut String, message: &Message) {
    match message {
        Message::Request {
            id, method, params, ..
        } => {
            let _ = write!(out, "request id={id} method={:?}", method.value);
            if params.is_some() {
                out.push_str(" params");
            }
        }
        Message::Notification { method, params, .. } => {
            let _ = write!(out, "notification method={:?}", method.value);
            if params.is_some() {
                out.push_str(" params");
            }
        }
        Message::Response { id, .. } => {
            let _ = write!(out, "response id={id}");
        }
        Message::ErrorResponse { id, error, .. } => {
            out.push_str("error");
            if let Some(id) = id {
                let _ = write!(out, " id={id}");
            }
            if let Some(code) = error.code {
                match code.value {
                    Some(v) => {
                        let _ = write!(out, " code={v}");
                    }
                    None => out.push_str(" code=?"),
                }
            }
        }
        Message::Batch { items, .. } => {
            let _ = write!(out, "batch len={}", items.len());
        }
        Message::Invalid {
            reason, id, method, ..
        } => {
            let _ = write!(out, "invalid {}", reason.name());
            if let Some(id) = id {
                let _ = write!(out, " id={id}");
            }
            if let Some(method) = method {
                let _ = write!(out, " method={:?}", method.value);
            }
        }
    }
}

fn extras(out: &mut String, entry: &Entry) {
    if entry.multi_line {
        out.push_str(" multi-line");
    }
    if let Some(ts) = &entry.timestamp {
        let _ = write!(out, " ts={}", ts.value);
    }
    if let Some(level) = &entry.level {
        let _ = write!(out, " level={}", level.value);
    }
    if let Some(server) = &entry.server {
        let _ = write!(out, " server={:?}", server.value);
    }
}

/// `text` quoted, cut after [`TEXT_LIMIT`] characters.
fn quote(text: &str) -> String {
    match text.char_indices().nth(TEXT_LIMIT) {
        Some((cut, _)) => format!("{:?}...", &text[..cut]),
        None => format!("{text:?}"),
    }
}
