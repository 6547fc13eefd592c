//! The rule catalog: every rule of every crate, by code and by name.
use mcpvet_diagnostics::RuleMeta;

/// Every rule, sorted by code.
pub fn rules() -> Vec<&'static RuleMeta> {
    sorted().to_vec()
}

/// Every rule, sorted by code, gathered once: renderers look a rule up for every finding.
fn sorted() -> &'static [&'static RuleMeta] {
    static RULES: std::sync::OnceLock<Vec<&'static RuleMeta>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let mut all: Vec<&'static RuleMeta> = mcpvet_json::rules::rules()
            .iter()
            .chain(mcpvet_yaml::rules::rules())
            .chain(mcpvet_toml::rules::rules())
            .chain(mcpvet_ast::rules::rules())
            .chain(mcpvet_check_transport::rules())
            .chain(mcpvet_check_secrets::rules())
            .chain(mcpvet_check_lifecycle::rules())
            .chain(mcpvet_check_tools::rules())
            .chain(mcpvet_check_server::rules())
            .chain(mcpvet_check_runlog::rules())
            .chain(mcpvet_diff::rules())
            .chain(mcpvet_check_risks::rules())
            .chain(crate::suppress::rules::RULES)
            .copied()
            .collect();
        all.sort_by_key(|r| r.code);
        all
    })
}

/// The rule with this code (`MCP203`, case-insensitive) or name (`insecure-http-url`).
pub fn rule(code_or_name: &str) -> Option<&'static RuleMeta> {
    sorted()
        .iter()
        .copied()
        .find(|r| r.code.as_str().eq_ignore_ascii_case(code_or_name) || r.name == code_or_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_families_match() {
        let all = rules();
        assert!(!all.is_empty());
        for pair in all.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "duplicate or unsorted code {}",
                pair[1].code
            );
        }
        let mut names: Vec<&str> = all.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "rule names must be unique");
        for r in &all {
            assert_eq!(
                r.family.digit(),
                r.code.family(),
                "{} is in the wrong family",
                r.code
            );
            assert!(
                r.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{} is not kebab-case",
                r.name
            );
        }
        assert_eq!(rule("mcp001").map(|r| r.name), Some("json-syntax-error"));
        assert_eq!(
            rule("duplicate-key").map(|r| r.code.as_str()),
            Some("MCP002")
        );
    }
}
