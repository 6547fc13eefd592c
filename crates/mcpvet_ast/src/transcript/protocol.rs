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
}

impl VersionSource {
    /// A few words for reports.
    pub const fn describe(self) -> &'static str {
        match self {
            VersionSource::Forced => "forced",
            VersionSource::InitializeResult => "initialize result",
            VersionSource::InitializeRequest => "initialize request",
            VersionSource::RequestMeta => "request _meta",
            VersionSource::ServerDiscover => "server/discover",
            VersionSource::Assumed => "assumed",
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
/// `server/discover` first and fall back to `initialize`: the handshake wins), else the
/// `_meta` version of a modern request, else `server/discover`, else the newest legacy
/// version is assumed.
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
    discover: Option<Span>,
    init_id: Option<IdValue>,
    reconstructed: Option<(String, Span)>,
}

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
            discover,
            init_id,
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
                    }
                    if meta.is_none()
                        && let Some(v) = params
                            .and_then(|p| p.get("_meta"))
                            .and_then(|m| m.get("io.modelcontextprotocol/protocolVersion"))
                        && let Some(s) = v.as_str()
                    {
                        *meta = Some((s.into_owned(), v.span()));
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
            discover,
            reconstructed,
            ..
        } = self.clone();
        let candidates = [
            (
                init_result.or(reconstructed),
                VersionSource::InitializeResult,
            ),
            (init_request, VersionSource::InitializeRequest),
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
        if let Some(span) = discover {
            return VersionDetection {
                version: ProtocolVersion::V2026_07_28,
                source: VersionSource::ServerDiscover,
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
