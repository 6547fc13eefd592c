//! Reads a YAML document as the JSON text it denotes, with a [`SourceMap`] back to the YAML.
//!
//! Position in the pipeline: above `mcpvet_text`, `mcpvet_diagnostics` and `mcpvet_json`
//! (whose string escaping it writes with). Every reader and check of mcpvet works on JSON documents; a YAML
//! input (a recorder cassette, a Continue or Goose configuration) is turned into the JSON
//! text it denotes, parsed and checked as JSON, and every finding's span is mapped back to
//! the YAML with the [`SourceMap`], so findings point at the YAML scalar they are about.
//!
//! The JSON text is written so that positions stay easy to trust:
//!
//! - every node starts on the line it has in the YAML (newlines are added before it), so the
//!   line numbers that messages quote are the YAML's;
//! - a scalar whose JSON text is byte for byte its YAML text (most plain scalars, quoted ones
//!   without escapes that differ) maps byte for byte, so a secret inside a value is masked
//!   exactly; others (folded blocks, escapes) map as a whole;
//! - scalars resolve by the YAML 1.2 core schema (`null`, `~`, `true`, `0x1F`, `.5`; `yes` is a
//!   string), keys are always strings, aliases are expanded (up to 16 times the document's
//!   size), and `<<` merge keys are kept as plain `<<` keys (YAML 1.2 has no merge).
//!
//! What has no JSON form is a warning (`MCP014`) and is read as close as JSON allows; a
//! syntax error (`MCP013`) stops the reading, and no JSON comes back. The first document of a
//! stream is read.
//!
//! ```
//! use mcpvet_text::Span;
//!
//! let yaml = "servers:\n  docs:\n    url: http://example.com/mcp\n";
//! let out = mcpvet_yaml::to_json(yaml);
//! let doc = out.value.unwrap();
//! assert_eq!(doc.json, "{\"servers\":\n{\"docs\":\n{\"url\":\"http://example.com/mcp\"}}}");
//! let url = doc.json.find("http").unwrap() as u32;
//! let span = doc.map.span(Span::new(url, url + 4));
//! assert_eq!(&yaml[span.start as usize..span.end as usize], "http");
//! ```
#![warn(missing_docs)]

pub mod codes;
pub mod rules;
mod scalar;
#[cfg(test)]
mod tests;
mod transcode;

use mcpvet_diagnostics::Diagnostic;
pub use mcpvet_text::SourceMap;

/// The JSON text of a YAML document and the map from it back to the YAML.
#[derive(Debug, Clone)]
pub struct Transcoded {
    /// The JSON text: one value, strict JSON, each node on the line it has in the YAML.
    pub json: String,
    /// Spans of [`json`](Self::json) to spans of the YAML.
    pub map: SourceMap,
}

/// What [`to_json`] read.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The JSON text, unless the YAML has a syntax error (or expands without bound).
    pub value: Option<Transcoded>,
    /// `MCP013` and `MCP014` findings, with spans in the YAML.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads the first document of `yaml` as JSON (see the [crate docs](crate)). An empty
/// document is `null`.
pub fn to_json(yaml: &str) -> Outcome {
    let mut outcome = transcode::Writer::new(yaml).run();
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
