//! Deterministic generator of large, realistic and valid MCP stdio sessions.
//!
//! A session is written as JSON Lines: one compact JSON-RPC message per line, client and server
//! traffic interleaved the way a stdio capture shows it. It is meant as test and benchmark input
//! for mcpvet: a parser benchmark needs a big MCP-like JSON Lines file, the transcript checks
//! need a big session that must produce no finding, and defect-injection tests need a session
//! with known irregularities at known positions.
//!
//! Characteristics:
//!
//! - **Valid.** Every message validates against the official schema definition for its method
//!   (requests and notifications by `method`, results by the method of the request they
//!   answer), for protocol `2025-11-25` (legacy: `initialize` handshake) and `2026-07-28`
//!   (modern: `server/discover`, per-request `_meta`, `resultType`, cacheable list results).
//!   Every request is answered exactly once; `tools/call` arguments validate against the tool's
//!   `inputSchema`; `structuredContent` against its `outputSchema`; progress notifications
//!   reference in-flight requests and strictly increase. See the crate README for the full list.
//! - **Realistic.** Tools with varied schemas (required properties, enums, nested objects,
//!   arrays, bounded numbers, string formats), out-of-order responses with up to four requests
//!   in flight, progress, logging and pings (legacy), `isError` results, and text payloads that
//!   are escape-dense with about 5 % non-ASCII characters; most are small, about 1 % are large
//!   (20 KB to 1 MB).
//! - **Deterministic.** The same [`Options`] give byte-identical output on every platform (an
//!   own `SplitMix64` PRNG, integer-only derivations, no hash-map iteration).
//! - **Streaming.** Output goes through any [`std::io::Write`]; memory stays bounded by the
//!   largest message. Over 1 GB/s in release builds (into `/dev/null`).
//! - **Defects on demand.** [`Defect`]s can be injected at chosen positions; the [`Report`]
//!   says exactly where each one landed (line, byte offset, message index), and each one is the
//!   only irregularity it causes.
//!
//! ```
//! use mcpvet_sessiongen::{generate, Defect, Options, Position, Protocol};
//!
//! let options = Options::new(Protocol::V2025_11_25, 64 * 1024, 7)
//!     .with_defect(Defect::NonJsonStdoutLine, Position::Message(40));
//! let mut out = Vec::new();
//! let report = generate(&options, &mut out).unwrap();
//! assert!(report.bytes >= 64 * 1024);
//! let defect = &report.defects[0];
//! let text = String::from_utf8(out).unwrap();
//! let line = text.lines().nth(defect.line as usize - 1).unwrap();
//! assert!(serde_json::from_str::<serde_json::Value>(line).is_err());
//! assert_eq!(defect.message_index, 40);
//! ```
//!
//! # Positions
//!
//! - *line*: 1-based line number in the output.
//! - *offset*: byte offset of the start of that line.
//! - *message index*: 0-based index among the JSON messages (non-JSON lines are not counted).
//!   A non-JSON line gets the number of JSON messages before it, i.e. the index of the message
//!   on the next line.
//!
//! A defect requested at [`Position::Message`]`(n)` lands at the first point at or after
//! message index `n` where it can be placed: never inside the handshake and discovery phase,
//! never directly after another defect (at least one ordinary message separates two defects),
//! and, for a duplicate id in `2026-07-28`, only while a request to duplicate is in flight. The
//! session is extended past the size target if needed so that every requested defect is
//! injected.
//!
//! # Ids
//!
//! Client requests use integer ids from 1, never reused (except by
//! [`Defect::DuplicateRequestId`]); the server's pings (2025-11-25) use string ids `"srv-N"`,
//! so ids are also unique across directions and a reader that must infer directions from a
//! bare capture can pair every response. Progress tokens are the request id (2025-11-25) or
//! `"progress-<id>"` (2026-07-28).
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod catalog;
mod engine;
mod json;
mod report;
mod rng;
mod schema;
mod text;

use std::fmt;
use std::io;
use std::num::NonZeroU64;
use std::str::FromStr;

pub use report::{InjectedDefect, Report};

/// MCP protocol version of the generated session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// `2025-11-25`, the last legacy version: `initialize` / `notifications/initialized`
    /// handshake, `ping` in both directions, `logging`.
    V2025_11_25,
    /// `2026-07-28`, the first modern version: no handshake, `server/discover` first, per-request
    /// `_meta`, `resultType` on every result, server sends no requests.
    V2026_07_28,
}

impl Protocol {
    /// Both versions, oldest first.
    pub const ALL: [Protocol; 2] = [Protocol::V2025_11_25, Protocol::V2026_07_28];

    /// The version string, e.g. `"2025-11-25"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::V2025_11_25 => "2025-11-25",
            Protocol::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether this is a modern (stateless) version.
    pub fn is_modern(self) -> bool {
        self == Protocol::V2026_07_28
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Protocol {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Protocol::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| {
                ParseError(format!(
                    "unknown protocol version `{s}` (expected 2025-11-25 or 2026-07-28)"
                ))
            })
    }
}

/// A deliberate irregularity to inject into the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Defect {
    /// A client request that reuses an id. `2025-11-25`: the id of an earlier request that has
    /// already been answered (ids must never be reused in a session). `2026-07-28`: the id of a
    /// request still in flight (the only reuse that version forbids); the duplicate repeats the
    /// original's method and params (without its progress token) and is answered after it, so
    /// both are answered and either pairing of the two responses is consistent.
    DuplicateRequestId,
    /// A server result whose id matches no request (an integer id from 900000001 up, never used
    /// by the client).
    ResponseToUnknownId,
    /// A `tools/call` naming a tool that `tools/list` did not return; the server answers with a
    /// JSON-RPC error -32602 `Unknown tool: <name>`.
    CallUnknownTool,
    /// A `tools/call` whose `arguments` violate the tool's `inputSchema` in exactly one place
    /// (missing required property, wrong type, value out of range or not in the enum, or an
    /// undeclared property when `additionalProperties` is false); the server answers with an
    /// `isError: true` result.
    ArgumentsViolateSchema,
    /// A line on stdout that is not JSON (a start-up banner or a stray log line).
    NonJsonStdoutLine,
    /// A `tools/call` whose arguments contain a plaintext GitHub token (`ghp_` + 36
    /// alphanumerics from the PRNG) as the whole value of a free-text string property that the
    /// schema allows; arguments stay schema-valid and the result does not echo it.
    PlaintextTokenInArguments,
}

impl Defect {
    /// Every defect kind, in declaration order (the order `defect_every` cycles through).
    pub const ALL: [Defect; 6] = [
        Defect::DuplicateRequestId,
        Defect::ResponseToUnknownId,
        Defect::CallUnknownTool,
        Defect::ArgumentsViolateSchema,
        Defect::NonJsonStdoutLine,
        Defect::PlaintextTokenInArguments,
    ];

    /// The kebab-case name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Defect::DuplicateRequestId => "duplicate-request-id",
            Defect::ResponseToUnknownId => "response-to-unknown-id",
            Defect::CallUnknownTool => "call-unknown-tool",
            Defect::ArgumentsViolateSchema => "arguments-violate-schema",
            Defect::NonJsonStdoutLine => "non-json-line",
            Defect::PlaintextTokenInArguments => "plaintext-token",
        }
    }
}

impl fmt::Display for Defect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Defect {
    type Err = ParseError;

    /// Accepts the [`Defect::name`]s and a few long forms (`non-json-stdout-line`,
    /// `plaintext-token-in-arguments`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let alias = match s {
            "non-json-stdout-line" => Some(Defect::NonJsonStdoutLine),
            "plaintext-token-in-arguments" => Some(Defect::PlaintextTokenInArguments),
            _ => None,
        };
        alias
            .or_else(|| Defect::ALL.into_iter().find(|d| d.name() == s))
            .ok_or_else(|| {
                let names: Vec<&str> = Defect::ALL.iter().map(|d| d.name()).collect();
                ParseError(format!(
                    "unknown defect `{s}` (expected one of: {})",
                    names.join(", ")
                ))
            })
    }
}

/// Where a requested defect goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Position {
    /// At (or, when it cannot be placed there, right after) this 0-based message index.
    Message(u64),
    /// Spread evenly by size: the i-th of the k `Spread` defects goes at the first message
    /// boundary past `target_bytes * i / (k + 1)` (i from 1), subject to the same placement
    /// rules as [`Position::Message`].
    Spread,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Message(n) => write!(f, "{n}"),
            Position::Spread => f.write_str("spread"),
        }
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// A message index (`5000`) or `spread`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "spread" {
            return Ok(Position::Spread);
        }
        s.parse::<u64>().map(Position::Message).map_err(|_| {
            ParseError(format!(
                "invalid position `{s}` (expected a message index such as 1000, or `spread`)"
            ))
        })
    }
}

/// How each message is framed on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Framing {
    /// The bare JSON-RPC message, as on the stdio wire.
    #[default]
    JsonLines,
    /// A trace envelope per line, as recorded by MCP trace tools:
    /// `{"seq":N,"direction":"client-to-server"|"server-to-client","transport":"stdio",
    /// "kind":"message","payload":<message>}` where `seq` is the message index. The messages
    /// are exactly those of [`Framing::JsonLines`] for the same options (the size target counts
    /// message bytes, not envelope bytes); a non-JSON line is written as is.
    TraceEnvelope,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Protocol version.
    pub protocol: Protocol,
    /// Approximate size: no new exchange starts once this many bytes of messages (each line
    /// with its newline) have been written; pending requests are then answered. Expect an
    /// overshoot of up to a few large messages. With [`Framing::JsonLines`] this is the output
    /// size.
    pub target_bytes: u64,
    /// PRNG seed.
    pub seed: u64,
    /// Defects to inject, each at a requested position.
    pub defects: Vec<(Defect, Position)>,
    /// Additionally inject a defect every this many messages (at indices n, 2n, 3n, ...),
    /// cycling through [`Defect::ALL`], until the session ends (does not extend the session).
    pub defect_every: Option<NonZeroU64>,
    /// Line framing.
    pub framing: Framing,
}

impl Options {
    /// A clean session of `target_bytes` for `protocol` and `seed`.
    pub fn new(protocol: Protocol, target_bytes: u64, seed: u64) -> Options {
        Options {
            protocol,
            target_bytes,
            seed,
            defects: Vec::new(),
            defect_every: None,
            framing: Framing::JsonLines,
        }
    }

    /// Adds one defect.
    #[must_use]
    pub fn with_defect(mut self, defect: Defect, position: Position) -> Options {
        self.defects.push((defect, position));
        self
    }

    /// Injects a defect every `n` messages (see [`Options::defect_every`]).
    #[must_use]
    pub fn with_defect_every(mut self, n: NonZeroU64) -> Options {
        self.defect_every = Some(n);
        self
    }

    /// Sets the framing.
    #[must_use]
    pub fn with_framing(mut self, framing: Framing) -> Options {
        self.framing = framing;
        self
    }
}

/// A value that could not be parsed from text (protocol, defect or position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Generates a session into `out` and reports what was written.
///
/// Output is buffered internally (and flushed before returning), so `out` may be an
/// unbuffered file or stdout handle.
///
/// # Errors
///
/// Any error of `out`; also an error of kind [`io::ErrorKind::Other`] if a requested defect
/// could not be placed within a million messages of its position (not expected to happen: the
/// preconditions recur constantly).
pub fn generate<W: io::Write>(options: &Options, out: W) -> io::Result<Report> {
    engine::run(options, out)
}
