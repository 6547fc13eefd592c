//! Checks of the tools, prompts and resources a captured MCP session advertises and uses
//! (`MCP5xx`): `tools/list` results and their JSON Schemas, `tools/call` arguments against
//! those schemas, structured output, prompts and resource templates; and a digest of the
//! advertised tool interface.
//!
//! Position in the pipeline: reads the entries of a `mcpvet_ast` transcript one by one
//! ([`ToolsChecker::entry`]), keeping only compact state (pending requests, the tools seen),
//! so the same checker serves whole files and the streaming pipeline.
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

use mcpvet_ast::transcript::{Entry, VersionDetection};
use mcpvet_diagnostics::{Findings, RuleMeta};
use mcpvet_json::JsonDocument;

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    &[]
}

/// What the tools checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolsSummary {
    /// Tool definitions seen in `tools/list` results.
    pub tools: usize,
    /// SHA-256 (hex) over a canonical JSON of each tool's name, `inputSchema` and
    /// `outputSchema`, sorted by name; `None` when no tool list was seen.
    pub digest: Option<String>,
    /// `tools/call` results with `isError: true`.
    pub failed_calls: usize,
}

/// The tools checker: feed it every entry in order, then call [`finish`](Self::finish).
#[derive(Debug)]
pub struct ToolsChecker {
    version: VersionDetection,
}

impl ToolsChecker {
    /// A checker for a session of the given version.
    pub fn new(version: &VersionDetection) -> Self {
        ToolsChecker { version: version.clone() }
    }

    /// Checks one entry; `document` holds the entry's JSON nodes.
    pub fn entry(&mut self, entry: &Entry, document: &JsonDocument<'_>, findings: &mut Findings) {
        let _ = (entry, document, findings, &self.version);
    }

    /// Reports what only the end of the capture shows and summarises.
    pub fn finish(self, findings: &mut Findings) -> ToolsSummary {
        let _ = findings;
        ToolsSummary { tools: 0, digest: None, failed_calls: 0 }
    }
}
