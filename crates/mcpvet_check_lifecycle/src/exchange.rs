//! The vocabulary of the Streamable HTTP rules (`MCP460`–`MCP468`): one HTTP exchange as
//! the checker assembles it from a capture (a HAR file's request and response, or a trace's
//! `http` events and the messages around them), owned, compact and free of document nodes
//! (findings point at the [`Site`]s kept here), so that it can be judged once complete.
use mcpvet_ast::transcript::{Body, HttpSource, ProtocolVersion};
use mcpvet_diagnostics::Site;

use crate::flow::Kind;
use crate::key::Key;

/// One header of a request or a response.
#[derive(Debug, Clone)]
pub(crate) struct Header {
    /// The name, in lowercase.
    pub(crate) name: Box<str>,
    /// The value as written.
    pub(crate) value: Box<str>,
    /// The value's place.
    pub(crate) site: Site,
}

/// The headers of one side as the capture records them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Headers {
    pub(crate) list: Vec<Header>,
    /// The capture records every header of the message (a HAR file that records any), so
    /// a header it lacks was not sent. A trace event's `headers` may hold only the ones its
    /// writer cared about: there, only the headers present are judged.
    pub(crate) complete: bool,
}

impl Headers {
    /// Whether the capture records the headers of this side.
    pub(crate) fn recorded(&self) -> bool {
        !self.list.is_empty()
    }

    /// The first header named `name` (lowercase).
    pub(crate) fn get(&self, name: &str) -> Option<&Header> {
        self.list.iter().find(|h| &*h.name == name)
    }

    /// Whether a header named `name` (lowercase) is known to be absent.
    pub(crate) fn lacks(&self, name: &str) -> bool {
        self.complete && self.get(name).is_none()
    }
}

/// The client's HTTP request.
#[derive(Debug, Clone)]
pub(crate) struct Request {
    /// Message index for findings about it.
    pub(crate) index: u32,
    /// Where findings about the request as a whole point (its method).
    pub(crate) site: Site,
    /// The method, in uppercase.
    pub(crate) method: Option<Box<str>>,
    pub(crate) headers: Headers,
    pub(crate) source: HttpSource,
}

impl Request {
    /// Whether the method is `method` (uppercase).
    pub(crate) fn is(&self, method: &str) -> bool {
        self.method.as_deref() == Some(method)
    }

    /// The method as messages name it (`POST`, or `request` when unknown).
    pub(crate) fn name(&self) -> &str {
        self.method.as_deref().unwrap_or("request")
    }
}

/// The server's HTTP response.
#[derive(Debug, Clone)]
pub(crate) struct Response {
    pub(crate) index: u32,
    /// The line of the response (where the answer of its requests is).
    pub(crate) line: u32,
    /// Where findings about the response as a whole point (its status).
    pub(crate) site: Site,
    pub(crate) status: Option<i64>,
    pub(crate) headers: Headers,
    pub(crate) body: Body,
    /// The body's place (the response, when the body is not known apart).
    pub(crate) body_site: Site,
    /// The MIME type the capture gives the body (a HAR's `content.mimeType`).
    pub(crate) mime_type: Option<Box<str>>,
    /// The events of an event-stream body.
    pub(crate) events: Vec<Event>,
}

impl Response {
    /// The `Content-Type` of the response: its header, or, when the capture records no
    /// header, the MIME type it gives the body.
    pub(crate) fn content_type(&self) -> Option<(&str, &Site)> {
        if let Some(h) = self.headers.get("content-type") {
            return Some((&h.value, &h.site));
        }
        if self.headers.recorded() {
            return None;
        }
        self.mime_type.as_deref().map(|m| (m, &self.body_site))
    }
}

/// One Server-Sent Event of a response.
#[derive(Debug, Clone)]
pub(crate) struct Event {
    /// Its `id:`, with its place.
    pub(crate) id: Option<(Box<str>, Site)>,
    /// Its `event:` name (`None`: absent, a `message` event), and the event's place.
    pub(crate) name: Option<Box<str>>,
    pub(crate) site: Site,
}

/// A message the client sent in the exchange.
#[derive(Debug, Clone)]
pub(crate) struct ClientMessage {
    pub(crate) index: u32,
    pub(crate) kind: Kind,
    pub(crate) method: Option<Box<str>>,
    /// The message's method (or the message), for findings about it.
    pub(crate) site: Site,
    /// `params.name` (`tools/call`, `prompts/get`) or `params.uri` (`resources/read`).
    pub(crate) name: Option<Box<str>>,
    /// 2026: the `Mcp-Param-*` headers the tool's schema asks for, with the argument each
    /// mirrors (`None`: the argument is absent or `null`).
    pub(crate) params: Vec<(Box<str>, Option<ArgValue>)>,
    /// A request's id, as the session files it.
    pub(crate) key: Option<Key>,
}

/// A tool argument as a header mirrors it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ArgValue {
    Str(Box<str>),
    Int(f64),
    Bool(bool),
    /// Another type (a number with a fraction, an object): no header can mirror it.
    Other,
}

/// A message the server sent in the exchange.
#[derive(Debug, Clone)]
pub(crate) struct ServerMessage {
    pub(crate) index: u32,
    pub(crate) site: Site,
    pub(crate) kind: Kind,
    /// An `initialize` result.
    pub(crate) initialize_result: bool,
}

/// What the session's state was when the exchange began.
#[derive(Debug, Clone)]
pub(crate) struct Before {
    /// The version the session was checked against.
    pub(crate) version: ProtocolVersion,
    /// `initialize` had succeeded.
    pub(crate) initialized: bool,
    /// The capture shows this session's `initialize` exchange.
    pub(crate) handshake_seen: bool,
    /// The session id the server assigned, if any.
    pub(crate) session_id: Option<Box<str>>,
    /// A `404` answered the previous request that carried the session id: the session
    /// expired.
    pub(crate) expired: bool,
}

/// One HTTP exchange: the client's request and messages, the server's response and
/// messages.
#[derive(Debug, Clone)]
pub(crate) struct Exchange {
    pub(crate) before: Before,
    pub(crate) request: Option<Request>,
    pub(crate) client: Vec<ClientMessage>,
    pub(crate) response: Option<Response>,
    pub(crate) server: Vec<ServerMessage>,
}

impl Exchange {
    /// The message index of the exchange's first item (where findings about the exchange
    /// go when nothing more precise is known).
    pub(crate) fn index(&self) -> Option<u32> {
        self.request
            .as_ref()
            .map(|r| r.index)
            .or_else(|| self.client.first().map(|c| c.index))
            .or_else(|| self.response.as_ref().map(|r| r.index))
    }

    /// Whether the client's body holds a request.
    pub(crate) fn has_request(&self) -> bool {
        self.client.iter().any(|c| c.kind == Kind::Request)
    }

    /// The client's `initialize` request, if the exchange carries one.
    pub(crate) fn initialize(&self) -> Option<&ClientMessage> {
        self.client
            .iter()
            .find(|c| c.kind == Kind::Request && c.method.as_deref() == Some("initialize"))
    }

    /// Whether the server's messages hold an `initialize` result.
    pub(crate) fn initialize_result(&self) -> bool {
        self.server.iter().any(|s| s.initialize_result)
    }
}

/// Whether a version has the Streamable HTTP transport (2025-03-26 and later; 2024-11-05
/// has HTTP+SSE, whose rules differ).
pub(crate) fn streamable(version: ProtocolVersion) -> bool {
    version >= ProtocolVersion::V2025_03_26
}

/// The media types an `Accept` or `Content-Type` value lists, in lowercase, without their
/// parameters.
pub(crate) fn media_types(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(mcpvet_ast::transcript::media_type)
        .filter(|m| !m.is_empty())
        .collect()
}

/// A header value as a client writes a tool argument into it: plain, or the base64 of its
/// UTF-8 between `=?base64?` and `?=` (2026-07-28). `None` when the encoding is broken.
pub(crate) fn decode_header(value: &str) -> Option<String> {
    let Some(inner) = value
        .strip_prefix("=?base64?")
        .and_then(|v| v.strip_suffix("?="))
    else {
        return Some(value.to_owned());
    };
    let bytes = base64(inner)?;
    String::from_utf8(bytes).ok()
}

/// Decodes standard base64 (padding optional).
fn base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0u32;
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(u8::try_from((acc >> bits) & 0xff).unwrap_or(0));
        }
    }
    Some(out)
}

/// Whether `value` mirrors the argument `arg` (strings exactly, integers numerically,
/// booleans as `true`/`false`).
pub(crate) fn mirrors(value: &str, arg: &ArgValue) -> bool {
    let Some(decoded) = decode_header(value) else {
        return false;
    };
    match arg {
        ArgValue::Str(s) => decoded == **s,
        // Integers of the safe range are exact in an `f64`.
        ArgValue::Int(n) => decoded
            .trim()
            .parse::<f64>()
            .is_ok_and(|h| (h - *n).abs() < f64::EPSILON),
        ArgValue::Bool(b) => decoded == if *b { "true" } else { "false" },
        ArgValue::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_values_decode() {
        assert_eq!(decode_header("us-west1").as_deref(), Some("us-west1"));
        assert_eq!(
            decode_header("=?base64?SGVsbG8sIOS4lueVjA==?=").as_deref(),
            Some("Hello, 世界")
        );
        assert_eq!(
            decode_header("=?base64?IHBhZGRlZCA=?=").as_deref(),
            Some(" padded ")
        );
        assert_eq!(decode_header("=?base64?!!?="), None);
        assert!(mirrors("42.0", &ArgValue::Int(42.0)));
        assert!(mirrors("true", &ArgValue::Bool(true)));
        assert!(!mirrors("True", &ArgValue::Bool(true)));
        assert!(mirrors(
            "=?base64?dXMtd2VzdDE=?=",
            &ArgValue::Str("us-west1".into())
        ));
        assert_eq!(
            media_types("application/json, text/event-stream;q=0.9"),
            ["application/json", "text/event-stream"]
        );
    }
}
