//! The description and name risks (`MCP8xx`) on published tool-poisoning techniques
//! reproduced as fixtures (`tests/risks-poisoning/`), and on the tool listings of public
//! servers (`tests/risks-corpus/`, compared with a reviewed `expected.txt`, each file on its
//! own, and with `expected-across.txt`, all of them inspected together as one set).
use std::path::Path;

use mcpvet_linter::{CrossFiles, FileReport, InputKind, InspectOptions, inspect};
use mcpvet_testkit::{assert_file, entries, file_name, repo_root};

/// The `MCP8xx` findings of the file at `path`, one line each.
fn findings(path: &Path, options: &InspectOptions) -> Vec<(String, String)> {
    let bytes = std::fs::read(path).unwrap();
    let name = file_name(path);
    let report = inspect(None, &name, &bytes, options).unwrap();
    let index = report.source.line_index();
    report
        .diagnostics
        .iter()
        .filter(|d| d.code().family() == 8)
        .map(|d| {
            let line = index.line_of(d.span().start);
            (
                d.code().as_str().to_owned(),
                format!("{name}:{line}: {} {}", d.code(), d.message()),
            )
        })
        .collect()
}

#[test]
fn poisoning_examples_are_found() {
    let dir = repo_root().join("tests/risks-poisoning");
    let expected: &[(&str, &[&str])] = &[
        ("ansi-escape-hidden-line.jsonl", &["MCP801"]),
        ("homoglyph-tool-name.json", &["MCP802"]),
        ("line-jumping-preamble.jsonl", &["MCP803"]),
        ("rug-pull-messaging.log", &["MCP803", "MCP806"]),
        ("shadowing-send-email.log", &["MCP803", "MCP806"]),
        ("tag-character-smuggling.jsonl", &["MCP801"]),
        ("tool-poisoning-add.json", &["MCP803"]),
    ];
    let files: Vec<String> = entries(&dir)
        .unwrap()
        .iter()
        .map(|p| file_name(p))
        .filter(|n| n != "README.md")
        .collect();
    let listed: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(files, listed, "every fixture has its expected codes");
    for (file, codes) in expected {
        let found = findings(&dir.join(file), &InspectOptions::default());
        let mut got: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        got.sort_unstable();
        got.dedup();
        assert_eq!(&got, codes, "{file}: {found:#?}");
    }
}

/// The listings of the corpus, in file-name order.
fn corpus() -> Vec<std::path::PathBuf> {
    let dir = repo_root().join("tests/risks-corpus");
    entries(&dir)
        .unwrap()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect()
}

#[test]
fn public_listings_match_the_reviewed_findings() {
    let dir = repo_root().join("tests/risks-corpus");
    let mut lines = Vec::new();
    let listings = corpus();
    let mut tools = 0;
    for path in &listings {
        let text = std::fs::read_to_string(path).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        tools += value["tools"].as_array().map_or(0, Vec::len);
        lines.extend(
            findings(path, &InspectOptions::default())
                .into_iter()
                .map(|f| f.1),
        );
    }
    assert!(listings.len() >= 50, "{} listings", listings.len());
    assert!(tools >= 500, "{tools} tools");
    let mut text = lines.join("\n");
    text.push('\n');
    assert_file(&dir.join("expected.txt"), &text);
}

/// Every listing of the corpus in one set, as in one client's configuration: the tool names
/// that two servers share (MCP805) and the descriptions that name another server's tool
/// (MCP806), each in the later file (`mcpvet server tests/risks-corpus/*.json`).
#[test]
fn public_listings_together_match_the_reviewed_findings() {
    let dir = repo_root().join("tests/risks-corpus");
    let mut across = CrossFiles::new();
    let mut lines = Vec::new();
    for path in corpus() {
        let bytes = std::fs::read(&path).unwrap();
        let name = file_name(&path);
        let mut report: FileReport = inspect(
            Some(InputKind::Server),
            &name,
            &bytes,
            &InspectOptions::default(),
        )
        .unwrap();
        let before: Vec<_> = report.diagnostics.clone();
        across.add(&mut report);
        let index = report.source.line_index();
        lines.extend(
            report
                .diagnostics
                .iter()
                .filter(|d| !before.contains(d))
                .map(|d| {
                    let line = index.line_of(d.span().start);
                    format!("{name}:{line}: {} {}", d.code(), d.message())
                }),
        );
    }
    let mut text = lines.join("\n");
    text.push('\n');
    assert_file(&dir.join("expected-across.txt"), &text);
}

#[test]
fn every_phrase_is_documented() {
    let doc = std::fs::read_to_string(repo_root().join("docs/risks.md")).unwrap();
    for phrase in mcpvet_check_risks::phrases::phrases() {
        assert!(
            doc.contains(&format!("| `{}` |", phrase.id)),
            "docs/risks.md does not list phrase `{}`",
            phrase.id
        );
    }
}
