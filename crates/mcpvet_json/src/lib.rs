//! A strict, error-tolerant, position-preserving JSON parser.
//!
//! Position in the pipeline: above [`mcpvet_text`] and [`mcpvet_diagnostics`]; the typed ASTs
//! of `mcpvet_ast` are lowered from the [`JsonDocument`] built here.
//!
//! Characteristics:
//!
//! - **Exact spans.** Every value, key and member has its byte span in the original input
//!   (also for the lines of a JSON Lines file).
//! - **Strict by default** (RFC 8259); [`JsonOptions::jsonc`] accepts `//` and `/* */` comments
//!   and trailing commas, and the document records where each one is either way.
//! - **Lossless.** Objects keep members in source order, duplicates included; numbers keep
//!   their lexeme; strings are decoded on demand (borrowed when they hold no escape).
//! - **Error-tolerant.** Parsing never stops at the first error: each problem becomes a
//!   [`Diagnostic`](mcpvet_diagnostics::Diagnostic) with an "expected ..." message, and a
//!   partial document is returned with `Error` nodes where values could not be read.
//! - **Bounded.** The parser is iterative (no recursion, any input depth is safe); nesting
//!   beyond [`JsonOptions::max_depth`] is reported and skipped.
//! - **Fast.** Nodes live in one flat arena (16 bytes each); a container records where its
//!   subtree ends, so skipping a subtree is O(1).
//!
//! ```
//! use mcpvet_json::{parse, JsonOptions, ValueKind};
//!
//! let text = r#"{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}"#;
//! let outcome = parse(text, &JsonOptions::strict());
//! assert!(!outcome.has_errors());
//! let doc = &outcome.value;
//! let args = doc.root().unwrap().get("mcpServers").unwrap().get("docs").unwrap().get("args").unwrap();
//! assert_eq!(args.kind(), ValueKind::Array);
//! let second = args.items().nth(1).unwrap();
//! assert_eq!(second.as_str().as_deref(), Some("docs-mcp"));
//! assert_eq!(&text[second.span().range()], "\"docs-mcp\"");
//! assert_eq!(second.path().to_string(), "$.mcpServers.docs.args[1]");
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

pub mod codes;
mod decode;
mod document;
mod elements;
mod escape;
mod lines;
mod options;
mod parser;
pub mod rules;
mod scan;
mod utf8;

#[cfg(feature = "proptest")]
pub mod arbitrary;
#[cfg(feature = "testing")]
pub mod testing;

pub use document::{
    DecodedStr, Items, JsonDocument, Member, Members, NodeId, Number, Strings, Value, ValueKind,
};
pub use elements::ArrayElements;
pub use escape::{push_escaped_char, push_string};
pub use lines::{line_ranges, parse_lines, parse_lines_bytes, parse_ranges};
pub use options::JsonOptions;
pub use parser::{JsonParser, ParseOutcome, parse, parse_bytes};
pub use utf8::{DecodedText, decode_utf8};
