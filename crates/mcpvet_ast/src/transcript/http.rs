//! What a capture says about the HTTP messages that carried a Streamable HTTP session: the
//! method, URL, status and headers of each request and response, what its body held, and
//! the Server-Sent Events of an event-stream body. Read from HAR files (one
//! [`HttpFacts`] per request and per response of an exchange with the MCP endpoint) and
//! from trace envelopes of kind `http` (one per event), so the same rules judge both.
use super::JsonLeaf;
use super::message::string_leaf;
use mcpvet_json::{NodeId, Value, ValueKind};

/// The HTTP facts of an [`EntryKind::Http`](super::EntryKind::Http) entry.
#[derive(Debug, Clone)]
pub struct HttpFacts {
    /// Where the facts were read.
    pub source: HttpSource,
    /// The request (client to server) or the response (server to client).
    pub side: HttpSide,
    /// The exchange this side belongs to (a HAR file's entry index): the request and the
    /// response of one exchange share it. `None` for a trace event, which does not say.
    pub exchange: Option<u32>,
    /// Whether the exchange is with the MCP endpoint: a HAR file also records the page's
    /// other traffic (scripts, OAuth metadata, `OPTIONS` preflights), which carries no
    /// session and is kept only so that its headers are scanned for secrets.
    pub endpoint: bool,
    /// The request method (`POST`, `GET`, `DELETE`), as written.
    pub method: Option<JsonLeaf<String>>,
    /// The request URL.
    pub url: Option<JsonLeaf<String>>,
    /// The headers, in order, as the capture records them (names as written; compare them
    /// with [`HttpFacts::header`], which ignores case).
    pub headers: Vec<HttpHeader>,
    /// The MIME type the capture gives the body (a HAR's `postData.mimeType` or
    /// `content.mimeType`), when it gives one.
    pub mime_type: Option<JsonLeaf<String>>,
    /// What the body held.
    pub body: Body,
    /// The events of an event-stream body, in order.
    pub events: Vec<SseEvent>,
}

/// Where [`HttpFacts`] were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HttpSource {
    /// A HAR file (`log.entries[]`).
    Har,
    /// A trace event of kind `http`.
    Trace,
}

/// Which HTTP message of an exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HttpSide {
    /// The client's request.
    Request,
    /// The server's response.
    Response,
}

impl HttpSide {
    /// `request` or `response`.
    pub const fn name(self) -> &'static str {
        match self {
            HttpSide::Request => "request",
            HttpSide::Response => "response",
        }
    }
}

/// One header: its name and value, each read from its node.
#[derive(Debug, Clone)]
pub struct HttpHeader {
    /// The name as written (a HAR header's `name`, a trace's member name).
    pub name: JsonLeaf<String>,
    /// The value.
    pub value: JsonLeaf<String>,
}

/// What an HTTP body held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Body {
    /// The capture does not record the body (a trace event; a HAR response whose content
    /// the browser did not keep, as for a stream still open when the file was saved).
    NotRecorded,
    /// No body.
    Empty,
    /// A JSON value (read as the message or batch it holds).
    Json,
    /// A `text/event-stream` body (read as its events, see [`HttpFacts::events`]).
    EventStream,
    /// Something else (HTML, plain text, base64-encoded content).
    Other,
}

impl Body {
    /// `not-recorded`, `empty`, `json`, `event-stream` or `other`.
    pub const fn name(self) -> &'static str {
        match self {
            Body::NotRecorded => "not-recorded",
            Body::Empty => "empty",
            Body::Json => "json",
            Body::EventStream => "event-stream",
            Body::Other => "other",
        }
    }

    /// Whether the body held something (JSON, events or other text).
    pub const fn is_present(self) -> bool {
        matches!(self, Body::Json | Body::EventStream | Body::Other)
    }
}

/// One Server-Sent Event of an event-stream body.
#[derive(Debug, Clone)]
pub struct SseEvent {
    /// The event, read as an object (`{"id", "event", "data"}`) in the text the transcript
    /// points into.
    pub node: NodeId,
    /// Its `id:` field.
    pub id: Option<JsonLeaf<String>>,
    /// Its `event:` field (`message` when absent, for the reader of the stream).
    pub event: Option<JsonLeaf<String>>,
    /// The JSON-RPC message (or batch) its `data:` holds: the node of a message entry that
    /// follows the response's entry.
    pub message: Option<NodeId>,
    /// Its `data:` is text that is not a JSON-RPC message (the legacy transport's `endpoint`
    /// event, a keep-alive word).
    pub text: bool,
}

impl HttpFacts {
    /// Facts with nothing recorded yet.
    pub(crate) fn new(source: HttpSource, side: HttpSide) -> Self {
        HttpFacts {
            source,
            side,
            exchange: None,
            endpoint: true,
            method: None,
            url: None,
            headers: Vec::new(),
            mime_type: None,
            body: Body::NotRecorded,
            events: Vec::new(),
        }
    }

    /// The first header named `name` (ignoring ASCII case).
    pub fn header(&self, name: &str) -> Option<&HttpHeader> {
        self.headers
            .iter()
            .find(|h| h.name.value.eq_ignore_ascii_case(name))
    }

    /// The value of the first header named `name` (ignoring ASCII case).
    pub fn header_value(&self, name: &str) -> Option<&str> {
        self.header(name).map(|h| h.value.value.as_str())
    }

    /// Whether the request method is `method` (ignoring ASCII case).
    pub fn is_method(&self, method: &str) -> bool {
        self.method
            .as_ref()
            .is_some_and(|m| m.value.eq_ignore_ascii_case(method))
    }

    /// The facts of a trace envelope of kind `http`: `method`, `url`, `status` (kept by the
    /// entry), `headers` (an object; a value may be a string or an array of strings, one
    /// header each) and, for the side, `direction`.
    pub(crate) fn of_trace(envelope: Value<'_>, side: HttpSide) -> Self {
        let mut facts = HttpFacts::new(HttpSource::Trace, side);
        facts.method = envelope.get("method").and_then(string_leaf);
        facts.url = envelope
            .get("url")
            .or_else(|| envelope.get("uri"))
            .and_then(string_leaf);
        if let Some(headers) = envelope
            .get("headers")
            .filter(|h| h.kind() == ValueKind::Object)
        {
            for member in headers.members() {
                let Some(name) = string_leaf(member.key) else {
                    continue;
                };
                let values: Vec<Value<'_>> = match member.value.kind() {
                    ValueKind::Array => member.value.items().collect(),
                    _ => vec![member.value],
                };
                for value in values {
                    if let Some(value) = string_leaf(value) {
                        facts.headers.push(HttpHeader {
                            name: name.clone(),
                            value,
                        });
                    }
                }
            }
        }
        facts
    }

    /// The nodes of the facts (for invariant checks).
    #[cfg(feature = "testing")]
    pub(crate) fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let leaves = [&self.method, &self.url, &self.mime_type]
            .into_iter()
            .flatten()
            .map(|l| l.node);
        let headers = self
            .headers
            .iter()
            .flat_map(|h| [h.name.node, h.value.node]);
        let events = self.events.iter().flat_map(|e| {
            [
                Some(e.node),
                e.id.as_ref().map(|l| l.node),
                e.event.as_ref().map(|l| l.node),
                e.message,
            ]
            .into_iter()
            .flatten()
        });
        leaves.chain(headers).chain(events)
    }
}

/// The headers whose values the dump shows (the others are counted): the ones the
/// transport's rules read. `Mcp-Session-Id` is shown described, never whole.
const SHOWN: &[&str] = &[
    "accept",
    "content-type",
    "mcp-protocol-version",
    "mcp-method",
    "mcp-name",
    "last-event-id",
];

impl HttpFacts {
    /// The dump's words for these facts (after `http`): the side, the method and URL (query
    /// values elided), the status, the body, the headers the rules read, the events.
    pub(crate) fn dump(&self, out: &mut String, status: Option<i64>) {
        use std::fmt::Write as _;
        let _ = write!(out, " {}", self.side.name());
        if let Some(m) = &self.method {
            let _ = write!(out, " {}", m.value);
        }
        if let Some(u) = &self.url {
            let _ = write!(out, " {:?}", elide_query(&u.value));
        }
        if !self.endpoint {
            out.push_str(" off-endpoint");
        }
        if let Some(status) = status {
            let _ = write!(out, " status={status}");
        }
        if let Some(k) = self.exchange {
            let _ = write!(out, " exchange={k}");
        }
        if self.endpoint {
            let _ = write!(out, " body={}", self.body.name());
        }
        let mut others = 0usize;
        for h in &self.headers {
            let name = h.name.value.to_ascii_lowercase();
            if SHOWN.contains(&name.as_str()) || name.starts_with("mcp-param-") {
                let _ = write!(out, " {name}={:?}", h.value.value);
            } else if name == "mcp-session-id" {
                let _ = write!(
                    out,
                    " {name}=`{}`",
                    mcpvet_diagnostics::redact::describe(&h.value.value)
                );
            } else {
                others += 1;
            }
        }
        if others > 0 {
            let _ = write!(out, " +{others} headers");
        }
        if !self.events.is_empty() {
            out.push_str(" events=[");
            for (k, e) in self.events.iter().enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                match &e.id {
                    Some(id) => {
                        let _ = write!(out, "id={:?}", id.value);
                    }
                    None => out.push('-'),
                }
                if let Some(name) = &e.event {
                    let _ = write!(out, ",event={:?}", name.value);
                }
                if e.message.is_some() {
                    out.push_str(",message");
                } else if e.text {
                    out.push_str(",text");
                }
            }
            out.push(']');
        }
    }
}

/// `url` with the value of each query parameter replaced by `…` (a query may carry a
/// credential: the dump shows which parameters were sent, not what they held).
pub(crate) fn elide_query(url: &str) -> String {
    let Some((base, rest)) = url.split_once('?') else {
        return url.to_owned();
    };
    let (query, fragment) = match rest.split_once('#') {
        Some((q, f)) => (q, Some(f)),
        None => (rest, None),
    };
    let mut out = format!("{base}?");
    for (k, pair) in query.split('&').enumerate() {
        if k > 0 {
            out.push('&');
        }
        match pair.split_once('=') {
            Some((name, _)) => {
                out.push_str(name);
                out.push_str("=…");
            }
            None => out.push_str(pair),
        }
    }
    if fragment.is_some() {
        out.push_str("#…");
    }
    out
}

/// The media type of a `Content-Type` or `Accept` element: before any `;`, trimmed, in
/// lowercase (`Application/JSON; charset=utf-8` is `application/json`).
pub fn media_type(value: &str) -> String {
    value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// The URL without its query and fragment: the MCP endpoint a request goes to.
pub fn endpoint_of(url: &str) -> &str {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_types_and_endpoints() {
        assert_eq!(
            media_type(" Application/JSON; charset=utf-8"),
            "application/json"
        );
        assert_eq!(media_type("text/event-stream"), "text/event-stream");
        assert_eq!(
            endpoint_of("https://h.example/mcp?token=x#f"),
            "https://h.example/mcp"
        );
        assert_eq!(endpoint_of("/mcp"), "/mcp");
        assert_eq!(
            elide_query("https://h.example/mcp?token=abc&x=1&flag#frag"),
            "https://h.example/mcp?token=…&x=…&flag#…"
        );
        assert_eq!(elide_query("/mcp"), "/mcp");
    }
}
