//! Checks of MCP client configurations: shape and client dialect (`MCP1xx`) and transport
//! (`MCP2xx`).
//!
//! Position in the pipeline: reads a lowered [`ConfigFile`] from `mcpvet_ast`; the facade
//! (`mcpvet_linter`) runs [`check_config`] and registers [`rules()`].
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

use mcpvet_ast::config::ConfigFile;
use mcpvet_diagnostics::{Findings, RuleMeta};

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    &[]
}

/// Runs every rule of this crate on `config`.
pub fn check_config(config: &ConfigFile<'_>, findings: &mut Findings) {
    let _ = (config, findings);
}
