//! Checks of MCP client configurations: shape and client dialect (`MCP1xx`) and transport
//! (`MCP2xx`).
//!
//! Position in the pipeline: reads a lowered [`ConfigFile`] from `mcpvet_ast`; the facade
//! (`mcpvet_linter`) runs [`check_config`] and registers [`rules()`].
//!
//! The checks only read text: no command is run, no host name is resolved, no URL is
//! fetched. Structural problems found while lowering (wrong types, a server with neither
//! `command` nor URL, a `type` whose member is missing, unknown fields) are reported by
//! `mcpvet_ast` and not repeated here. Messages never quote a whole `env` or header value;
//! URLs are shown without userinfo, query or fragment, and references by name only.
//!
//! Layout: one rule per file, `rules/config/` for `MCP1xx` and `rules/transport/` for
//! `MCP2xx` (as in the conformance corpus). Every rule is `check(input, report)`: it reads a
//! `ConfigInput` built once per file (the configuration, and each remote server's URL judged
//! once) and reports through the shared [`Reporter`]. The helpers are named by concept:
//! `url` (URL verdicts and display), `command` (program names and paths), `strings` (the
//! strings of a server entry and how messages name them).
//!
//! ```
//! use mcpvet_ast::config::read_config;
//! use mcpvet_diagnostics::Findings;
//!
//! let text = r#"{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}"#;
//! let config = read_config(text, Some("claude_desktop_config.json"), None).value;
//! let mut findings = Findings::new();
//! mcpvet_check_transport::check_config(&config, &mut findings);
//! let codes: Vec<_> = findings.diagnostics().iter().map(|d| d.code().as_str()).collect();
//! assert_eq!(codes, ["MCP203"]); // Claude Desktop reads only stdio servers
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod command;
mod input;
mod placeholder;
mod rules;
mod strings;
#[cfg(test)]
mod testing;
mod url;

use mcpvet_ast::config::ConfigFile;
use mcpvet_diagnostics::{Findings, Reporter, RuleMeta};

use crate::input::ConfigInput;

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::RULES
}

/// Runs every rule of this crate on `config`.
pub fn check_config(config: &ConfigFile<'_>, findings: &mut Findings) {
    let input = ConfigInput::new(config);
    let mut report = Reporter::new(findings);
    for check in rules::CHECKS {
        check(&input, &mut report);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rules_are_sorted_unique_and_in_their_family() {
        let rules = super::rules();
        assert_eq!(rules.len(), super::rules::CHECKS.len());
        for pair in rules.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "{} is out of order",
                pair[1].code
            );
        }
        for r in rules {
            assert!(matches!(r.code.family(), 1 | 2), "{}", r.code);
            assert_eq!(r.family.digit(), r.code.family(), "{}", r.code);
            // `rules/config/` holds MCP1xx, `rules/transport/` MCP2xx, as the corpus does.
            let folder = if r.code.family() == 1 {
                "config"
            } else {
                "transport"
            };
            let file = format!("rules/{folder}/{}.rs", r.name.replace('-', "_"));
            assert!(
                r.source.replace('\\', "/").ends_with(&file),
                "{} is declared in {}",
                r.code,
                r.source
            );
        }
    }
}
