//! The description and name risks (`MCP8xx`) on published tool-poisoning techniques
//! reproduced as fixtures (`tests/risks-poisoning/`), and on the tool listings of public
//! servers (`tests/risks-corpus/`, compared with a reviewed `expected.txt`).
use std::path::Path;

use mcpvet_linter::{InspectOptions, inspect};
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

#[test]
fn public_listings_match_the_reviewed_findings() {
    let dir = repo_root().join("tests/risks-corpus");
    let mut lines = Vec::new();
    let mut listings = 0;
    for path in entries(&dir).unwrap() {
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        listings += 1;
        lines.extend(
            findings(&path, &InspectOptions::default())
                .into_iter()
                .map(|f| f.1),
        );
    }
    assert!(listings >= 20, "{listings} listings");
    let mut text = lines.join("\n");
    text.push('\n');
    assert_file(&dir.join("expected.txt"), &text);
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
