//! The protocol requirement registry (`crates/mcpvet_linter/requirements.toml`): its ids,
//! the rules it names, the conformance cases behind them, the session rules it must account
//! for, and the generated files built from it (`conformance.txt`, `docs/coverage.md`;
//! `MCPVET_BLESS=1` rewrites both).
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use mcpvet_diagnostics::Family;
use mcpvet_linter::requirements::{
    Fixtures, REGISTRY_TOML, Status, coverage_page, parse, parse_conformance_index, registry,
    render_conformance_index, status,
};
use mcpvet_linter::{rule, rules};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_registry_parses() {
    let parsed = parse(REGISTRY_TOML);
    assert!(parsed.is_ok(), "{:?}", parsed.err());
    assert_eq!(parsed.ok().as_ref(), Some(registry()));
}

#[test]
fn ids_are_unique_and_well_formed() {
    let mut seen = BTreeSet::new();
    let mut problems = Vec::new();
    for r in &registry().requirements {
        if !seen.insert(r.id.as_str()) {
            problems.push(format!("{}: used twice", r.id));
        }
        let well_formed = r.id.split_once('.').is_some_and(|(a, b)| {
            [a, b].iter().all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            })
        });
        if !well_formed {
            problems.push(format!("{}: not `<section>.<name>` in lower case", r.id));
        }
        if r.text.trim().is_empty() || r.spec.trim().is_empty() {
            problems.push(format!("{}: empty text or spec", r.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_rule_named_exists() {
    let mut problems = Vec::new();
    for r in &registry().requirements {
        for code in &r.rules {
            if rule(code).is_none_or(|m| m.code.as_str() != code) {
                problems.push(format!("{}: no rule has the code `{code}`", r.id));
            }
        }
    }
    for (code, reason) in &registry().allow {
        if rule(code).is_none() {
            problems.push(format!("allow-list: no rule has the code `{code}`"));
        }
        if reason.trim().is_empty() {
            problems.push(format!("allow-list: {code} has no reason"));
        }
        if registry()
            .requirements
            .iter()
            .any(|r| r.rules.contains(code))
        {
            problems.push(format!(
                "allow-list: {code} checks a requirement, so it is not hygiene"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every rule of the session families (`MCP4xx` lifecycle, `MCP5xx` tools) checks a requirement
/// of the registry or is allow-listed with a reason.
#[test]
fn every_protocol_rule_is_accounted_for() {
    let named: BTreeSet<&str> = registry()
        .requirements
        .iter()
        .flat_map(|r| r.rules.iter().map(String::as_str))
        .collect();
    let missing: Vec<String> = rules()
        .into_iter()
        .filter(|m| matches!(m.family, Family::Lifecycle | Family::Tools))
        .map(|m| m.code.as_str())
        .filter(|code| !named.contains(code) && !registry().allow.iter().any(|(c, _)| c == code))
        .map(str::to_owned)
        .collect();
    assert!(
        missing.is_empty(),
        "protocol rules that no requirement names and the allow-list does not excuse: {missing:?}; \
         add them to the `rules` of the requirements they check in requirements.toml, or to \
         its `[allow]` table with the reason"
    );
}

/// The conformance cases of every rule folder of the suite.
fn suite() -> BTreeMap<String, Fixtures> {
    let root = crate_dir().join("../../tests/conformance");
    let mut out: BTreeMap<String, Fixtures> = BTreeMap::new();
    for family in mcpvet_testkit::entries(&root).unwrap() {
        if !family.is_dir() {
            continue;
        }
        for folder in mcpvet_testkit::entries(&family).unwrap() {
            let name = mcpvet_testkit::file_name(&folder);
            let Some(code) = name.split('-').next().filter(|c| c.starts_with("MCP")) else {
                continue;
            };
            let entry = out.entry(code.to_owned()).or_default();
            for case in mcpvet_testkit::entries(&folder).unwrap() {
                if !case.is_dir() {
                    continue;
                }
                let case = mcpvet_testkit::file_name(&case);
                // `flagged_*` and `accepted_*` folders (a lone case may be `accepted`).
                if case == "flagged" || case.starts_with("flagged_") {
                    entry.flagged += 1;
                } else if case == "accepted" || case.starts_with("accepted_") {
                    entry.accepted += 1;
                }
            }
        }
    }
    out
}

#[test]
fn conformance_index_is_up_to_date() {
    let index = render_conformance_index(&suite());
    mcpvet_testkit::assert_file(&crate_dir().join("conformance.txt"), &index);
    assert_eq!(
        parse_conformance_index(&index).len(),
        index.lines().filter(|l| !l.starts_with('#')).count()
    );
}

/// A checkable requirement with a rule counts as covered only when the rule has flagged and
/// accepted conformance cases; every rule the registry names must have both.
#[test]
fn every_rule_named_has_flagged_and_accepted_cases() {
    let suite = suite();
    let mut gaps = Vec::new();
    for r in &registry().requirements {
        for code in &r.rules {
            if !suite.get(code).copied().unwrap_or_default().complete() {
                gaps.push(format!("{}: rule without fixtures: {code}", r.id));
            }
        }
        if status(r) == Status::RuleWithoutFixtures {
            gaps.push(format!(
                "{}: rule without fixtures in the embedded conformance.txt (after \
                 MCPVET_BLESS=1 rewrote it, run the test again: it is embedded at build time)",
                r.id
            ));
        }
    }
    gaps.dedup();
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
}

#[test]
fn coverage_page_is_up_to_date() {
    mcpvet_testkit::assert_file(
        &crate_dir().join("../../docs/coverage.md"),
        &coverage_page(),
    );
}
