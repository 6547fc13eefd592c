//! Interface drift, offline: the advertised interface of a captured session, a listing or a
//! server definition ([`read_interface`]), the difference between two of them ([`diff`]),
//! classified as breaking or compatible, and the tools lock file ([`Lock`]), which keeps
//! nothing but digests, with the check of an input against it ([`check_lock`]).
//!
//! Position in the pipeline: beside the check crates, above `mcpvet_ast` (and
//! `mcpvet_json`, `mcpvet_diagnostics`, `mcpvet_text`, plus `sha2`); `mcpvet_linter` renders
//! its results and the command line (`mcpvet diff`, `mcpvet lock`, `--lock`) and the web page
//! use it through the linter. It does no I/O.
//!
//! ```
//! use mcpvet_diff::{Level, diff, read_interface};
//!
//! let old = r#"{"tools": [{"name": "get_weather", "inputSchema": {"type": "object", "properties": {"units": {"enum": ["c", "f"]}}}}]}"#;
//! let new = r#"{"tools": [{"name": "get_weather", "inputSchema": {"type": "object", "properties": {"units": {"enum": ["c"]}}}}]}"#;
//! let d = diff(&read_interface(old, None, None).unwrap(), &read_interface(new, None, None).unwrap());
//! assert_eq!(d.max_level(), Some(Level::Breaking));
//! assert_eq!(d.changes[0].message, "tool `get_weather`: enum value `\"f\"` removed from input property `units`");
//! assert_eq!(&old[d.changes[0].old.unwrap().range()], "\"f\"");
//! ```
//!
//! # Interfaces
//!
//! Per server: its tools (`name`, `title`, `description`, `inputSchema`, `outputSchema`,
//! `annotations`), prompts (`name`, `description`, `arguments`), resources (keyed by
//! `uri`) and resource templates (keyed by `uriTemplate`), each kept whole as an owned
//! [`Node`] with the span of every value in the file (a capture read through a derived text,
//! YAML or HAR, is mapped back to the file). A session gives, per server (the name a client
//! log gives each line, else `serverInfo.name`), the last listing of each kind, every page of
//! it (a page whose predecessor had a `nextCursor` continues the listing; any other page
//! starts a new one). In SDK captures a member whose value is `null` is absent.
//!
//! # Canonical form
//!
//! The canonical JSON of a value is the one of the tools digest
//! (`mcpvet_check_tools`, section "Tool digest"): object members sorted by key (UTF-8
//! bytes; with duplicate keys the last wins), no whitespace, numbers exactly as written,
//! strings minimally escaped ([`mcpvet_json::push_string`]). An item's canonical text
//! ([`canonical_item`]) is the canonical JSON of an object of some of its members:
//!
//! | item | members |
//! |---|---|
//! | tool | `description`, `inputSchema`, `name`, `outputSchema` (a neutral definition's `requestSchema` and `responseSchema` as `inputSchema` and `outputSchema`) |
//! | prompt | `arguments`, `description`, `name` |
//! | resource | `description`, `mimeType`, `name`, `uri` |
//! | resource template | `description`, `mimeType`, `name`, `uriTemplate` |
//!
//! Members the item does not have are left out. A tool's canonical text is therefore the
//! tools digest's canonical tool object with `description` added: without a description the
//! two are the same text. An item's digest ([`item_digest`]) is the SHA-256, lowercase hex,
//! of its canonical text.
//!
//! # Lock file
//!
//! JSON (the parser every other input goes through, with exact positions for errors, and no
//! new dependency for the web page): two-space indentation, every object's keys sorted,
//! servers sorted by name (an unnamed server first), a final line break.
//!
//! ```json
//! {
//!   "lock_version": 1,
//!   "servers": [
//!     {
//!       "name": "weather",
//!       "tools": {
//!         "get_weather": "<64 hex digits>"
//!       },
//!       "version": "1.0.2"
//!     }
//!   ]
//! }
//! ```
//!
//! A server has `name` and `version` when the input gives them, and one object per kind of
//! item the input lists (`tools`, `prompts`, `resources`, `resource_templates`), even an
//! empty one, from key to digest. No description, schema or other text of an item is kept.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod change;
mod compare;
mod interface;
mod lock;
pub mod node;
mod rules;
mod schema;

pub use change::{Change, ChangeKind, Level};
pub use compare::{Diff, Pairing, ServerPair, diff};
pub use interface::{
    ITEM_KINDS, Interface, Item, ItemKind, ReadError, Server, SourceKind, read_interface,
};
pub use lock::{
    LOCK_FILE, LOCK_VERSION, Lock, LockError, LockServer, canonical_item, check_lock, item_digest,
    lock_member, sha256_hex,
};
pub use node::Node;

/// The rules of the lock check (`MCP560`–`MCP564`), sorted by code.
pub fn rules() -> &'static [&'static mcpvet_diagnostics::RuleMeta] {
    rules::RULES
}
