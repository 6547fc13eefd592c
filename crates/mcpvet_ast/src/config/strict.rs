//! MCP003 and MCP004 for configurations: the parser records every comment and trailing
//! comma in any case (it reads configurations as JSONC); whether they are a problem depends
//! on the client, which lowering knows (JSONC readers accept them).
use mcpvet_diagnostics::{Diagnostic, Severity};

use super::{ConfigFile, Dialect, Support};

/// A finding for each comment and each trailing comma of `config`, unless its client reads
/// JSONC: an error where the client reads strict JSON, a warning where it is not known.
pub(super) fn check(config: &ConfigFile<'_>, out: &mut Vec<Diagnostic>) {
    let severity = match config.dialect.reads_jsonc() {
        Support::Yes => return,
        Support::No => Severity::Error,
        Support::Unknown => Severity::Warning,
    };
    // "in a Claude Desktop configuration, which reads strict JSON"; for files whose client is
    // unknown, "in a configuration that may be read as strict JSON".
    let (what, reads) = match config.dialect {
        Dialect::Generic | Dialect::SingleServer => (
            "a configuration".to_owned(),
            " that may be read as strict JSON",
        ),
        dialect if severity == Severity::Error => (
            format!("a {} configuration", dialect.client_name()),
            ", which reads strict JSON",
        ),
        dialect => (
            format!("a {} configuration", dialect.client_name()),
            ", which may read strict JSON",
        ),
    };
    crate::lower::strict_json(config.document(), &format!("{what}{reads}"), severity, out);
}
