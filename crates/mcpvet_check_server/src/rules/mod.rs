//! One rule per file, in a folder per part of the family; each folder's `mod.rs` lists its
//! rules in code order (`RULES`) and runs them (`check`):
//!
//! | codes | folder | what |
//! |---|---|---|
//! | MCP600 | `definition_structure.rs` | every format: the document against its format's structure |
//! | MCP601–MCP609 | `schemas/` | schema fields of a definition: incomplete, default, not object-rooted, invalid |
//! | MCP610–MCP624 | `definition/` | the neutral definition format: names, required fields per type, descriptions, publishing, tool options |
//! | MCP625–MCP639 | `endpoints/` | the neutral definition format: prompt templates, resource templates, endpoints, timeouts, settings |
//! | MCP640–MCP659 | `registry/` | the registry's `server.json` |
//! | MCP660–MCP679 | `manifest/` | desktop extension manifests (MCPB) |
//!
//! A rule's check takes the [`Cx`](crate::context::Cx) first and the shared
//! [`Reporter`](mcpvet_diagnostics::Reporter) last, and decides itself whether to report.
use std::sync::LazyLock;

use mcpvet_diagnostics::RuleMeta;

pub(crate) mod definition;
pub(crate) mod definition_structure;
pub(crate) mod endpoints;
pub(crate) mod manifest;
pub(crate) mod registry;
pub(crate) mod schemas;

static ALL: LazyLock<Vec<&'static RuleMeta>> = LazyLock::new(|| {
    let mut all: Vec<&'static RuleMeta> =
        std::iter::once(&definition_structure::DEFINITION_STRUCTURE as &'static RuleMeta)
            .chain(schemas::RULES.iter().copied())
            .chain(definition::RULES.iter().copied())
            .chain(endpoints::RULES.iter().copied())
            .chain(registry::RULES.iter().copied())
            .chain(manifest::RULES.iter().copied())
            .collect();
    all.sort_by_key(|r| r.code);
    all
});

/// Every rule of the crate, sorted by code.
pub(crate) fn rules() -> &'static [&'static RuleMeta] {
    &ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_unique_sorted_and_in_their_ranges() {
        let all = rules();
        assert!(all.windows(2).all(|w| w[0].code < w[1].code));
        let in_range = |list: &[&RuleMeta], from: &str, to: &str| {
            list.iter().all(|r| (from..=to).contains(&r.code.as_str()))
        };
        assert!(in_range(schemas::RULES, "MCP601", "MCP609"));
        assert!(in_range(definition::RULES, "MCP610", "MCP624"));
        assert!(in_range(endpoints::RULES, "MCP625", "MCP639"));
        assert!(in_range(registry::RULES, "MCP640", "MCP659"));
        assert!(in_range(manifest::RULES, "MCP660", "MCP679"));
        for list in [
            schemas::RULES,
            definition::RULES,
            endpoints::RULES,
            registry::RULES,
            manifest::RULES,
        ] {
            assert!(list.windows(2).all(|w| w[0].code < w[1].code));
        }
        for rule in all {
            assert_eq!(rule.family, mcpvet_diagnostics::Family::Server);
        }
    }
}
