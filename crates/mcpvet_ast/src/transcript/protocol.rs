//! MCP protocol versions and how a capture's version is decided.
use std::fmt;

use mcpvet_json::{JsonDocument, ValueKind};
use mcpvet_text::Span;

use super::{Entry, EntryKind, IdValue, Message, RecordBody, RecordRole};

/// A revision of the MCP specification that mcpvet knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// 2024-11-05 (legacy era).
    V2024_11_05,
    /// 2025-03-26 (legacy era; the only revision with JSON-RPC batches).
    V2025_03_26,
    /// 2025-06-18 (legacy era).
    V2025_06_18,
    /// 2025-11-25 (legacy era; the last with the `initialize` handshake).
    V2025_11_25,
    /// 2026-07-28 (modern era: stateless, per-request `_meta`, `server/discover`).
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every version, oldest first.
    pub const ALL: [ProtocolVersion; 5] = [
        ProtocolVersion::V2024_11_05,
        ProtocolVersion::V2025_03_26,
        ProtocolVersion::V2025_06_18,
        ProtocolVersion::V2025_11_25,
        ProtocolVersion::V2026_07_28,
    ];

    /// The newest legacy version, assumed when a capture shows no version at all.
    pub const LATEST_LEGACY: ProtocolVersion = ProtocolVersion::V2025_11_25;

    /// The version string, e.g. `2025-11-25`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V2024_11_05 => "2024-11-05",
            ProtocolVersion::V2025_03_26 => "2025-03-26",
            ProtocolVersion::V2025_06_18 => "2025-06-18",
            ProtocolVersion::V2025_11_25 => "2025-11-25",
            ProtocolVersion::V2026_07_28 => "2026-07-28",
        }
    }

    /// Parses a version string (`draft` reads as 2026-07-28, identical at this time).
    pub fn parse(text: &str) -> Option<ProtocolVersion> {
        match text {
            "2024-11-05" => Some(ProtocolVersion::V2024_11_05),
            "2025-03-26" => Some(ProtocolVersion::V2025_03_26),
            "2025-06-18" => Some(ProtocolVersion::V2025_06_18),
            "2025-11-25" => Some(ProtocolVersion::V2025_11_25),
            "2026-07-28" | "draft" => Some(ProtocolVersion::V2026_07_28),
            _ => None,
        }
    }

    /// Whether this is the modern era (no `initialize`; `_meta` on every request).
    pub const fn is_modern(self) -> bool {
        matches!(self, ProtocolVersion::V2026_07_28)
    }
}

/// A version string [`ProtocolVersion::parse`] does not know; its message lists the known
/// ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProtocolVersion(pub String);

impl fmt::Display for UnknownProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown protocol version `{}`; known: ", self.0)?;
        for (i, version) in ProtocolVersion::ALL.iter().enumerate() {
            f.write_str(if i == 0 { "" } else { ", " })?;
            f.write_str(version.as_str())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownProtocolVersion {}

impl std::str::FromStr for ProtocolVersion {
    type Err = UnknownProtocolVersion;

    /// [`ProtocolVersion::parse`], with an error that names the known versions.
    ///
    /// ```
    /// use mcpvet_ast::transcript::ProtocolVersion;
    ///
    /// assert_eq!("2025-06-18".parse(), Ok(ProtocolVersion::V2025_06_18));
    /// let err = "2025-13-01".parse::<ProtocolVersion>().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "unknown protocol version `2025-13-01`; known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ProtocolVersion::parse(text).ok_or_else(|| UnknownProtocolVersion(text.to_owned()))
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a capture's protocol version was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum VersionSource {
    /// Given by the user (`--protocol`).
    Forced,
    /// The `protocolVersion` of the `initialize` result (the negotiated version).
    InitializeResult,
    /// The `protocolVersion` of the `initialize` request (no result seen).
    InitializeRequest,
    /// `_meta["io.modelcontextprotocol/protocolVersion"]` of a request.
    RequestMeta,
    /// A `server/discover` request without a later `initialize`.
    ServerDiscover,
    /// Nothing in the capture says: the newest legacy version is assumed.
    Assumed,
    /// The `protocolVersion` of the `initialize` result of a dual-era client that first
    /// probed with `server/discover` and fell back to `initialize` when the server refused
    /// the probe (the 2026-07-28 fallback: the session is legacy from there on).
    DiscoverFallback,
    /// The `protocolVersion` of an `initialize` request that the server refused with an
    /// error (no version was negotiated; the checks follow the client's request).
    InitializeRefused,
    /// A request whose `_meta` carries keys only 2026-07-28 defines
    /// (`io.modelcontextprotocol/clientCapabilities`, `clientInfo`, `logLevel`) but no
    /// protocol version, in a capture without `initialize`.
    ModernMeta,
    /// A result carrying `resultType`, which only 2026-07-28 defines (every result of that
    /// version has it), in a capture without `initialize` and without a modern request: a
    /// capture of the server's side alone.
    ModernResult,
}

impl VersionSource {
    /// A few words for reports.
    pub const fn describe(self) -> &'static str {
        match self {
            VersionSource::Forced => "forced",
            VersionSource::InitializeResult => "initialize result",
            VersionSource::InitializeRequest => "initialize request, not answered in the capture",
            VersionSource::RequestMeta => "request _meta protocolVersion",
            VersionSource::ServerDiscover => "server/discover request, no initialize",
            VersionSource::Assumed => "assumed: nothing in the capture names a version",
            VersionSource::DiscoverFallback => {
                "initialize result after a refused server/discover probe: the dual-era fallback"
            }
            VersionSource::InitializeRefused => "initialize request, refused by the server",
            VersionSource::ModernMeta => "2026-07-28 request _meta keys, no version field",
            VersionSource::ModernResult => "a result with resultType, no initialize",
        }
    }
}

/// The version a capture is checked against, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionDetection {
    /// The version.
    pub version: ProtocolVersion,
    /// How it was decided.
    pub source: VersionSource,
    /// Where the deciding value is (`None` when forced or assumed).
    pub span: Option<Span>,
    /// A version string the capture names that mcpvet does not know, if any.
    pub unknown: Option<String>,
}

/// Decides the protocol version of a capture from its messages: the negotiated version of
/// the `initialize` handshake when there is one (a dual-era client may probe with
/// `server/discover` first and fall back to `initialize` when the server refuses the probe:
/// the handshake wins, and the source says it was a fallback), else the version of the
/// `initialize` request (answered with an error, or not answered), else the `_meta` version
/// of a modern request, else a request whose `_meta` has keys only 2026-07-28 defines, else
/// `server/discover`, else a result with `resultType` (only 2026-07-28 has it), else the
/// newest legacy version is assumed.
///
/// ```
/// use mcpvet_ast::transcript::{detect_version, read_transcript, ProtocolVersion, VersionSource};
///
/// // A short capture: no `initialize`, no version field, but 2026-07-28 request `_meta`.
/// let text = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","_meta":{"io.modelcontextprotocol/clientCapabilities":{}}}}"#;
/// let t = read_transcript(text, None, None).value;
/// let v = detect_version(t.entries(), t.document(), None);
/// assert_eq!((v.version, v.source), (ProtocolVersion::V2026_07_28, VersionSource::ModernMeta));
/// ```
pub fn detect_version(
    entries: &[Entry],
    document: &JsonDocument<'_>,
    forced: Option<ProtocolVersion>,
) -> VersionDetection {
    let mut scan = VersionScan::default();
    if forced.is_none() {
        scan.feed(entries, document);
    }
    scan.decide(forced)
}

/// What a capture says about its protocol version so far, gathered piece by piece (a capture
/// read as a stream): [`detect_version`] over several transcripts read in file order.
#[derive(Debug, Clone, Default)]
pub struct VersionScan {
    init_request: Option<(String, Span)>,
    init_result: Option<(String, Span)>,
    meta: Option<(String, Span)>,
    modern_meta: Option<Span>,
    discover: Option<Span>,
    /// The `resultType` of the first result that has one.
    modern_result: Option<Span>,
    discover_id: Option<IdValue>,
    /// The `server/discover` probe was answered with an error.
    discover_refused: bool,
    init_id: Option<IdValue>,
    /// The `initialize` request was answered with an error.
    init_refused: bool,
    reconstructed: Option<(String, Span)>,
}

/// `_meta` keys of a request that only 2026-07-28 defines (besides the protocol version).
const MODERN_META_KEYS: [&str; 3] = [
    "io.modelcontextprotocol/clientCapabilities",
    "io.modelcontextprotocol/clientInfo",
    "io.modelcontextprotocol/logLevel",
];

impl VersionScan {
    /// Whether the decision can no longer change: the `initialize` result was seen.
    pub fn settled(&self) -> bool {
        self.init_result.is_some() || self.reconstructed.is_some()
    }

    /// Reads the next piece of the capture.
    pub fn feed(&mut self, entries: &[Entry], document: &JsonDocument<'_>) {
        let VersionScan {
            init_request,
            init_result,
            meta,
            modern_meta,
            discover,
            modern_result,
            discover_id,
            discover_refused,
            init_id,
            init_refused,
            reconstructed,
        } = self;
        for entry in entries {
            // SDK captures and server signatures record the initialize result without the
            // wire envelope; its protocolVersion still tells the version.
            if let EntryKind::Reconstructed(r) = &entry.kind
                && reconstructed.is_none()
                && r.method == Some("initialize")
                && r.role == RecordRole::Response
                && let Some(RecordBody::Result(result)) = r.body
                && let Some(v) = document.value(result).get("protocolVersion")
                && let Some(s) = v.as_str()
            {
                *reconstructed = Some((s.into_owned(), v.span()));
            }
        }
        for message in entries.iter().filter_map(Entry::message) {
            if modern_result.is_none()
                && let Message::Response { result, .. } = message
                && let Some(kind) = document.value(*result).get("resultType")
                && kind.kind() == ValueKind::String
            {
                *modern_result = Some(kind.span());
            }
            match message {
                Message::Request {
                    id, method, params, ..
                } => {
                    let params = params.map(|p| document.value(p));
                    if method.value == "initialize" && init_request.is_none() {
                        *init_id = Some(id.value.clone());
                        if let Some(v) = params
                            .and_then(|p| p.get("protocolVersion"))
                            .filter(|v| v.kind() == ValueKind::String)
                        {
                            *init_request = v.as_str().map(|s| (s.into_owned(), v.span()));
                        }
                    } else if method.value == "server/discover" && discover.is_none() {
                        *discover = Some(method.span(document));
                        *discover_id = Some(id.value.clone());
                    }
                    let request_meta = params.and_then(|p| p.get("_meta"));
                    if meta.is_none()
                        && let Some(v) = request_meta
                            .and_then(|m| m.get("io.modelcontextprotocol/protocolVersion"))
                        && let Some(s) = v.as_str()
                    {
                        *meta = Some((s.into_owned(), v.span()));
                    }
                    if modern_meta.is_none()
                        && let Some(m) = request_meta
                        && let Some(v) = MODERN_META_KEYS.iter().find_map(|k| m.get(k))
                    {
                        *modern_meta = Some(v.span());
                    }
                }
                Message::ErrorResponse { id: Some(id), .. } => {
                    if discover_id.as_ref() == Some(&id.value) && init_id.is_none() {
                        *discover_refused = true;
                    } else if init_id.as_ref() == Some(&id.value) && init_result.is_none() {
                        *init_refused = true;
                    }
                }
                // The answer to the `initialize` request; or, in a capture that starts
                // after the request was sent, a result shaped like one.
                Message::Response { id, result, .. }
                    if init_result.is_none()
                        && (init_id.as_ref() == Some(&id.value)
                            || (init_id.is_none()
                                && looks_like_initialize_result(document.value(*result)))) =>
                {
                    if let Some(v) = document.value(*result).get("protocolVersion")
                        && let Some(s) = v.as_str()
                    {
                        *init_result = Some((s.into_owned(), v.span()));
                    }
                }
                _ => {}
            }
        }
    }

    /// The version the capture read so far is in (or `forced`).
    pub fn decide(&self, forced: Option<ProtocolVersion>) -> VersionDetection {
        if let Some(version) = forced {
            return VersionDetection {
                version,
                source: VersionSource::Forced,
                span: None,
                unknown: None,
            };
        }
        let VersionScan {
            init_request,
            init_result,
            meta,
            modern_meta,
            discover,
            modern_result,
            discover_refused,
            init_refused,
            reconstructed,
            ..
        } = self.clone();
        let negotiated = if discover_refused && init_result.is_some() {
            VersionSource::DiscoverFallback
        } else {
            VersionSource::InitializeResult
        };
        let requested = if init_refused {
            VersionSource::InitializeRefused
        } else {
            VersionSource::InitializeRequest
        };
        let candidates = [
            (init_result.or(reconstructed), negotiated),
            (init_request, requested),
            (meta, VersionSource::RequestMeta),
        ];
        let mut unknown = None;
        for (found, source) in candidates {
            if let Some((text, span)) = found {
                match ProtocolVersion::parse(&text) {
                    // `2026-07-28` inside an initialize handshake is inconsistent (the check says
                    // so); the handshake itself is legacy.
                    Some(ProtocolVersion::V2026_07_28) if source != VersionSource::RequestMeta => {}
                    Some(version) => {
                        return VersionDetection {
                            version,
                            source,
                            span: Some(span),
                            unknown,
                        };
                    }
                    None => {
                        unknown.get_or_insert(text);
                    }
                }
            }
        }
        if let Some(span) = modern_meta.filter(|_| self.init_id.is_none()) {
            return VersionDetection {
                version: ProtocolVersion::V2026_07_28,
                source: VersionSource::ModernMeta,
                span: Some(span),
                unknown,
            };
        }
        if let Some(span) = discover {
            return VersionDetection {
                version: ProtocolVersion::V2026_07_28,
                source: VersionSource::ServerDiscover,
                span: Some(span),
                unknown,
            };
        }
        if let Some(span) = modern_result.filter(|_| self.init_id.is_none()) {
            return VersionDetection {
                version: ProtocolVersion::V2026_07_28,
                source: VersionSource::ModernResult,
                span: Some(span),
                unknown,
            };
        }
        VersionDetection {
            version: ProtocolVersion::LATEST_LEGACY,
            source: VersionSource::Assumed,
            span: None,
            unknown,
        }
    }
}

/// Whether `result` is shaped like an `initialize` result: a `protocolVersion` string and a
/// `serverInfo` or `capabilities` object (how a response is recognised as one when the
/// capture starts after the request was sent).
pub fn looks_like_initialize_result(result: mcpvet_json::Value<'_>) -> bool {
    result
        .get("protocolVersion")
        .is_some_and(|v| v.kind() == ValueKind::String)
        && ["serverInfo", "capabilities"]
            .iter()
            .any(|k| result.get(k).is_some_and(|v| v.kind() == ValueKind::Object))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transcript::read_transcript;

    fn detect(text: &str) -> (ProtocolVersion, VersionSource) {
        let t = read_transcript(text, None, None).value;
        let v = detect_version(t.entries(), t.document(), None);
        (v.version, v.source)
    }

    const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#;
    const DISCOVER: &str = r#"{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#;

    #[test]
    fn modern_meta_keys_without_a_version_are_2026() {
        let call = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"a","_meta":{"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}}}}"#;
        assert_eq!(
            detect(call),
            (ProtocolVersion::V2026_07_28, VersionSource::ModernMeta)
        );
        // Extra `_meta` in a legacy session: the handshake decides.
        assert_eq!(
            detect(&format!("{INIT}\n{call}\n")),
            (
                ProtocolVersion::V2025_06_18,
                VersionSource::InitializeRequest
            )
        );
        // A key 2025-11-25 has too is no sign of 2026.
        let task = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"a","_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t"}}}}"#;
        assert_eq!(detect(task).1, VersionSource::Assumed);
    }

    #[test]
    fn a_refused_probe_then_initialize_is_the_fallback() {
        let refused =
            r#"{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"Method not found"}}"#;
        let result = r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#;
        assert_eq!(
            detect(&format!("{DISCOVER}\n{refused}\n{INIT}\n{result}\n")),
            (
                ProtocolVersion::V2025_06_18,
                VersionSource::DiscoverFallback
            )
        );
        assert_eq!(
            detect(&format!("{DISCOVER}\n{refused}\n")),
            (ProtocolVersion::V2026_07_28, VersionSource::RequestMeta)
        );
        assert_eq!(
            detect(&format!("{INIT}\n{result}\n")).1,
            VersionSource::InitializeResult
        );
    }

    #[test]
    fn a_result_with_result_type_is_2026_without_a_handshake() {
        let result = r#"{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[]}}"#;
        assert_eq!(
            detect(result),
            (ProtocolVersion::V2026_07_28, VersionSource::ModernResult)
        );
        // A handshake decides over it.
        assert_eq!(
            detect(&format!("{INIT}\n{result}\n")).1,
            VersionSource::InitializeRequest
        );
        // A result without it says nothing.
        assert_eq!(
            detect(r#"{"jsonrpc":"2.0","id":7,"result":{"content":[]}}"#).1,
            VersionSource::Assumed
        );
    }

    #[test]
    fn a_refused_initialize_says_so() {
        let error = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version"}}"#;
        assert_eq!(
            detect(&format!("{INIT}\n{error}\n")),
            (
                ProtocolVersion::V2025_06_18,
                VersionSource::InitializeRefused
            )
        );
        assert_eq!(detect(INIT).1, VersionSource::InitializeRequest);
        for source in [
            VersionSource::DiscoverFallback,
            VersionSource::InitializeRefused,
            VersionSource::ModernMeta,
            VersionSource::Assumed,
        ] {
            assert!(!source.describe().is_empty());
        }
    }
}
