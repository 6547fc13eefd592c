//! The rule catalog's documentation: the generated pages in `docs/rules/` match the code
//! (`MCPVET_BLESS=1` rewrites them), every page follows the documentation contract, and every
//! documented example behaves as documented (a flagged example produces exactly one finding
//! of its rule, an accepted one none).
use std::path::PathBuf;

use mcpvet_linter::docs::{Example, examples, generated_files};
use mcpvet_linter::{
    ConfigOptions, ServerOptions, TranscriptOptions, lint_config, lint_server, lint_transcript,
    rules,
};
use mcpvet_text::SourceFile;

fn docs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules")
}

#[test]
fn generated_pages_are_up_to_date() {
    let bless = mcpvet_testkit::bless();
    let drift = mcpvet_testkit::sync_generated(&docs_dir(), &generated_files(), bless).unwrap();
    let mut stale = if bless { Vec::new() } else { drift.changed };
    for name in drift.extra {
        stale.push(format!("{name} (no longer generated)"));
    }
    assert!(
        stale.is_empty(),
        "docs/rules is out of date: {stale:?}; run `cargo run -p mcpvet_dev -- generate-docs`"
    );
}

#[test]
fn every_page_follows_the_contract() {
    let mut problems = Vec::new();
    for rule in rules() {
        let docs = rule.docs();
        let first = docs.split("\n\n").next().unwrap_or("");
        if first.starts_with('#') || !first.trim_end().ends_with('.') {
            problems.push(format!(
                "{}: the first paragraph must be one sentence",
                rule.code
            ));
        }
        let mut at = 0;
        for heading in [
            "## What it checks",
            "## Why it matters",
            "## Examples",
            "### Flagged",
            "### Accepted",
            "## References",
        ] {
            match docs[at..].find(heading) {
                Some(i) => at += i + heading.len(),
                None => problems.push(format!("{}: missing or misplaced `{heading}`", rule.code)),
            }
        }
        let ex = examples(&docs);
        let flagged = ex.iter().filter(|e| e.flagged).count();
        let accepted = ex.len() - flagged;
        // A finding that cannot be shown in a text page says so in its Examples section.
        if (flagged == 0 && !docs.contains("cannot appear in this page")) || accepted == 0 {
            problems.push(format!(
                "{}: needs a flagged and an accepted example",
                rule.code
            ));
        }
        for e in &ex {
            if !matches!(
                e.language.as_str(),
                "json" | "jsonc" | "jsonl" | "toml" | "yaml"
            ) {
                problems.push(format!(
                    "{}: example fence `{}` is not json, jsonc, jsonl, toml or yaml",
                    rule.code, e.language
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Runs one example; returns how many findings of `code` it produced, and all of them for
/// the failure message.
fn run(example: &Example, code: &str) -> (usize, Vec<String>) {
    let server_rule =
        mcpvet_linter::rule(code).is_some_and(|r| r.target == mcpvet_diagnostics::Target::Server);
    let name = example
        .file
        .clone()
        .unwrap_or_else(|| match example.language.as_str() {
            "jsonl" => "session.jsonl".to_owned(),
            _ => "mcp.json".to_owned(),
        });
    let source = SourceFile::new(name.clone(), example.text.clone()).unwrap();
    // A `protocol=<version>` attribute on a session example forces the protocol version.
    let protocol = example
        .attributes
        .iter()
        .find_map(|a| a.strip_prefix("protocol="))
        .and_then(mcpvet_ast::transcript::ProtocolVersion::parse);
    // A `.log` or `.har` file is a captured session.
    let is_log = std::path::Path::new(&name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("log") || e.eq_ignore_ascii_case("har"));
    // A `transcript` attribute reads the example as a captured session (a YAML cassette).
    let transcript = example.attributes.iter().any(|a| a == "transcript");
    // A rule of server definitions (or a `server` attribute) reads the example as one.
    let server = server_rule || example.attributes.iter().any(|a| a == "server");
    let report = if server {
        lint_server(
            &source,
            &ServerOptions {
                file_name: Some(name),
                protocol,
                ..ServerOptions::default()
            },
        )
    } else if example.language == "jsonl" || is_log || transcript {
        lint_transcript(
            &source,
            &TranscriptOptions {
                file_name: Some(name),
                protocol,
                ..TranscriptOptions::default()
            },
        )
    } else {
        lint_config(
            &source,
            &ConfigOptions {
                file_name: Some(name),
                ..ConfigOptions::default()
            },
        )
    };
    let all: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect();
    (
        report
            .diagnostics
            .iter()
            .filter(|d| d.code().as_str() == code)
            .count(),
        all,
    )
}

#[test]
fn documented_examples_behave_as_documented() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for rule in rules() {
        for example in examples(&rule.docs()) {
            let (count, all) = run(&example, rule.code.as_str());
            checked += 1;
            let want = usize::from(example.flagged);
            if count != want {
                problems.push(format!(
                    "{} {} example produced {count} finding(s) of the rule, expected {want}: {all:?}\n{}",
                    rule.code,
                    if example.flagged { "flagged" } else { "accepted" },
                    example.text
                ));
            }
        }
    }
    assert!(checked > 0);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
