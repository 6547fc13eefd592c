//! Typed ASTs of MCP artifacts, every leaf with its span, lowered from a
//! [`JsonDocument`](mcpvet_json::JsonDocument) without ever aborting.
//!
//! Position in the pipeline: above `mcpvet_json`; the check crates read these ASTs.
//!
//! - [`config`]: client configurations in every dialect (Claude Desktop, Claude Code, Cursor,
//!   Windsurf, Gemini CLI, VS Code, Zed, Cline, Roo, Kiro, Amazon Q, a bare server object,
//!   generic `mcpServers` files): servers, transports, variable references.
//! - [`transcript`]: captured sessions in every supported format (JSON array, JSON Lines,
//!   trace envelopes, Claude Desktop, VS Code and Cursor logs, Inspector exports, SDK
//!   captures, server signatures, proxy logs, JSON streams, recorder cassettes): entries
//!   with direction,
//!   position and the JSON-RPC message they hold.
//! - [`definition`]: server definitions (a captured `tools/list` or other list result, the
//!   registry's `server.json`, an MCPB manifest, the neutral definition format): the items
//!   a server advertises with their schema fields, and the fields that may hold a secret.
//! - [`kind`]: whether a text is a configuration, a session or a server definition
//!   ([`kind::detect`], the one decision every face makes).
//! - [`names`]: the characters and length allowed in tool, prompt and resource names, and
//!   the closest known name to a misspelt one.
//! - [`uri_template`]: RFC 6570 URI Templates, parsed with the place of every variable and
//!   of the first problem.
//! - [`vars`]: variable references (`${VAR}`, `${env:X}`, `${input:id}`, `%VAR%`, ...) inside
//!   strings, split into literal and reference parts with spans.
//!
//! The ASTs own their [`JsonDocument`](mcpvet_json::JsonDocument) and refer to JSON nodes by
//! [`NodeId`](mcpvet_json::NodeId), so checks can point inside `params`, `inputSchema` or any
//! unknown member without a second parse. Lowering reports structural problems (wrong type,
//! missing field, unsupported format, not an MCP file) as diagnostics and keeps going;
//! protocol and policy rules are left to the check crates.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

pub mod codes;
pub mod config;
pub mod definition;
pub mod edits;
pub mod kind;
mod lower;
pub mod names;
pub mod rules;
pub mod transcript;
pub mod uri_template;
pub mod vars;

pub use kind::InputKind;
pub use lower::{LowerCx, LowerOutcome};
pub use transcript::{InputFormat, Transcript, read_transcript};
