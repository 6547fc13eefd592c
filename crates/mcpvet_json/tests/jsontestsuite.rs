//! JSONTestSuite (`test_parsing/`): every `y_` file accepted, every `n_` file rejected, no
//! crash, no hang, and each `i_` verdict equal to the one written down in `docs/json.md`.
//!
//! The suite is read from `../shared/jsontestsuite/test_parsing/` beside the repository (or
//! from `$MCPVET_SHARED/jsontestsuite/test_parsing/`); the test is skipped when it is absent.
#![expect(clippy::print_stderr, reason = "the test reports what it measured")]

use std::collections::BTreeMap;

use mcpvet_json::{JsonOptions, parse_bytes, testing::validate};
use mcpvet_testkit::{entries, file_name, repo_root, shared_dir};

/// The `i_` verdicts recorded in docs/json.md: rows `| i_name.json | accepted | ... |`.
fn documented_verdicts() -> BTreeMap<String, bool> {
    let doc =
        std::fs::read_to_string(repo_root().join("docs/json.md")).expect("docs/json.md exists");
    doc.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() < 4 || !cells[1].starts_with("`i_") {
                return None;
            }
            let name = cells[1].trim_matches('`').to_owned();
            let accepted = match cells[2] {
                "accepted" => true,
                "rejected" => false,
                other => panic!("unknown verdict {other:?} for {name} in docs/json.md"),
            };
            Some((name, accepted))
        })
        .collect()
}

#[test]
fn jsontestsuite_parsing() {
    let dir = shared_dir().join("jsontestsuite/test_parsing");
    let Ok(files) = entries(&dir) else {
        eprintln!("skipped: {} not found", dir.display());
        return;
    };
    let documented = documented_verdicts();
    let (mut y_ok, mut y_all, mut n_ok, mut n_all) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut i_seen = BTreeMap::new();
    for path in &files {
        let name = file_name(path);
        let bytes = std::fs::read(path).unwrap();
        let outcome = parse_bytes(&bytes, &JsonOptions::strict());
        if let Err(e) = validate(&outcome) {
            failures.push(format!("{name}: invariant broken: {e}"));
        }
        let accepted = !outcome.has_errors();
        match name.as_bytes()[0] {
            b'y' => {
                y_all += 1;
                if accepted {
                    y_ok += 1;
                } else {
                    failures.push(format!(
                        "{name}: rejected: {:?}",
                        outcome
                            .diagnostics
                            .first()
                            .map(mcpvet_diagnostics::Diagnostic::message)
                    ));
                }
            }
            b'n' => {
                n_all += 1;
                if accepted {
                    failures.push(format!("{name}: accepted"));
                } else {
                    n_ok += 1;
                }
            }
            b'i' => {
                i_seen.insert(name.clone(), accepted);
                match documented.get(&name) {
                    Some(&want) if want == accepted => {}
                    Some(&want) => failures.push(format!(
                        "{name}: docs/json.md says accepted={want}, parser says {accepted}"
                    )),
                    None => failures.push(format!(
                        "{name}: verdict ({accepted}) not written down in docs/json.md"
                    )),
                }
            }
            _ => {}
        }
    }
    for name in documented.keys() {
        if !i_seen.contains_key(name) {
            failures.push(format!(
                "{name}: listed in docs/json.md but not in the suite"
            ));
        }
    }
    eprintln!(
        "JSONTestSuite: y {y_ok}/{y_all} accepted, n {n_ok}/{n_all} rejected, i {} documented",
        i_seen.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((y_ok, n_ok), (95, 188), "expected the full suite");
}
