//! Secret checks of MCP client configurations (`MCP3xx`): plaintext credentials, known
//! token formats, secrets in arguments, URLs and headers, unfilled placeholders. No output
//! ever contains a secret: findings describe it by kind, first four characters and length,
//! and its span is marked for redaction.
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
