//! Reads a TOML document as the JSON text it denotes, with a [`SourceMap`] back to the TOML.
//!
//! Position in the pipeline: above `mcpvet_text`, `mcpvet_diagnostics` and `mcpvet_json`
//! (whose string escaping it writes with), beside `mcpvet_yaml`. Every reader and check of
//! mcpvet works on JSON documents; a TOML input (the `config.toml` of `OpenAI` Codex) is turned into
//! the JSON text it denotes, parsed and checked as JSON, and every finding's span is mapped
//! back to the TOML with the [`SourceMap`], so findings point at the key or value they are
//! about.
//!
//! The JSON text is written so that positions stay easy to trust:
//!
//! - every key starts on the line it has in the TOML (newlines are added before it), where
//!   the nesting allows: a table's members are written together, so a table continued after
//!   other tables (`[a]`, `[b]`, then `[a.c]`) stays on the line reached;
//! - a string whose text aligns with its value (bare and quoted keys, literal strings, basic
//!   strings whose escapes have known lengths, multi-line strings without a line-ending
//!   backslash) maps character by character, so a secret inside a value is masked exactly;
//!   other strings map as a whole; a table's `{` maps to its `[header]` (or to its key, for
//!   an implicit or dotted table), an array's and an inline table's brackets to theirs;
//! - integers are written in decimal (`0x1F` → `31`, `60_000` → `60000`), floats as written
//!   without `_` and a leading `+`, datetimes as the string written (`1979-05-27T07:32:00Z`).
//!
//! `nan` and `inf` have no JSON form: a warning (`MCP016`), read as the string written. A
//! syntax or semantic error (a duplicate key, a table defined twice) is `MCP015` at its exact
//! position, and no JSON comes back.
//!
//! ```
//! use mcpvet_text::Span;
//!
//! let toml = "[mcp_servers.docs]\nurl = \"http://example.com/mcp\"\n";
//! let out = mcpvet_toml::to_json(toml);
//! let doc = out.value.unwrap();
//! assert_eq!(doc.json, "{\"mcp_servers\":{\"docs\":{\n\"url\":\"http://example.com/mcp\"}}}");
//! let url = doc.json.find("http").unwrap() as u32;
//! let span = doc.map.span(Span::new(url, url + 4));
//! assert_eq!(&toml[span.start as usize..span.end as usize], "http");
//! ```
#![warn(missing_docs)]

pub mod codes;
pub mod rules;
#[cfg(test)]
mod tests;
mod transcode;

use mcpvet_diagnostics::Diagnostic;
pub use mcpvet_text::SourceMap;

/// The JSON text of a TOML document and the map from it back to the TOML.
#[derive(Debug, Clone)]
pub struct Transcoded {
    /// The JSON text: one object, strict JSON, each key on the line it has in the TOML where
    /// the nesting allows.
    pub json: String,
    /// Spans of [`json`](Self::json) to spans of the TOML.
    pub map: SourceMap,
}

/// What [`to_json`] read.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The JSON text, unless the TOML has an error.
    pub value: Option<Transcoded>,
    /// `MCP015` and `MCP016` findings, with spans in the TOML.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `toml` as JSON (see the [crate docs](crate)). An empty document is `{}`.
pub fn to_json(toml: &str) -> Outcome {
    let mut outcome = transcode::Writer::new(toml).run();
    // A document without a node (an empty file, only comments or markers) maps nowhere:
    // its whole JSON text stands for the start of the file, so no span leaves the input.
    if let Some(doc) = outcome.value.as_mut()
        && doc.map.is_empty()
    {
        let len = u32::try_from(doc.json.len()).unwrap_or(u32::MAX);
        doc.map
            .push(mcpvet_text::Span::new(0, len), mcpvet_text::Span::empty(0));
    }
    outcome
}
