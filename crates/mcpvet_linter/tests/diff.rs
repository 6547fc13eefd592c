//! `mcpvet diff` and `mcpvet lock` on the fixture pairs of `tests/diff/<case>/` (`old.*` and
//! `new.*`: sessions, listings, server definitions): the text and JSON outputs
//! (`expected.txt`, `expected.json`), the lock of the old file (`expected.lock`) and the new
//! file's findings against it (at the end of `expected.txt`). `MCPVET_BLESS=1` rewrites the
//! expected files. The JSON outputs are validated against `docs/diff.schema.json`, and the
//! SARIF and GitHub outputs checked for their shape.
use std::path::{Path, PathBuf};

use mcpvet_linter::drift::{self, DiffReport, Level, Lock};
use mcpvet_linter::render::diff::{
    render_diff_github, render_diff_json, render_diff_sarif, render_diff_text,
};
use mcpvet_testkit::{assert_file, entries};
use mcpvet_text::SourceFile;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/diff")
}

fn source(case: &Path, stem: &str) -> SourceFile {
    let path = entries(case)
        .unwrap()
        .into_iter()
        .find(|p| {
            p.file_stem().is_some_and(|s| s == stem) && !p.to_string_lossy().contains("expected")
        })
        .unwrap_or_else(|| panic!("{}: no {stem}.*", case.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    SourceFile::new(name, std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn schema() -> Value {
    let path = root().join("../../docs/diff.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn cases() -> Vec<PathBuf> {
    let cases: Vec<PathBuf> = entries(&root())
        .unwrap()
        .into_iter()
        .filter(|p| p.is_dir())
        .collect();
    assert!(cases.len() >= 7, "{cases:?}");
    cases
}

fn diff_case(case: &Path) -> (DiffReport, Lock) {
    let old = source(case, "old");
    let new = source(case, "new");
    let mut report = drift::diff_files(&old, &new).unwrap();
    let lock = drift::lock_files(std::slice::from_ref(&old)).unwrap();
    report.lock_findings = Some(drift::lock_report(&report.new, &lock, "mcp-tools.lock"));
    (report, lock)
}

#[test]
fn fixtures_match_their_expected_outputs() {
    let validator = jsonschema::validator_for(&schema()).expect("a valid schema");
    for case in cases() {
        let (report, lock) = diff_case(&case);
        assert_file(&case.join("expected.txt"), &render_diff_text(&report));
        let json = render_diff_json(&report);
        assert_file(&case.join("expected.json"), &json);
        let value: Value = serde_json::from_str(&json).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", case.display());
        assert_eq!(value["diff_version"], 1);
        assert_file(&case.join("expected.lock"), &lock.to_text());
        // The lock reads back as written.
        assert_eq!(
            Lock::parse(&lock.to_text()).unwrap().to_text(),
            lock.to_text()
        );
        // SARIF: a result per located change; GitHub: a line per change.
        let sarif: Value = serde_json::from_str(&render_diff_sarif(&report)).unwrap();
        let results = sarif["runs"][0]["results"].as_array().unwrap();
        assert_eq!(
            results.len(),
            report.diff.changes.len(),
            "{}",
            case.display()
        );
        for (r, c) in results.iter().zip(&report.diff.changes) {
            assert_eq!(
                r["level"],
                if c.level == Level::Breaking {
                    "error"
                } else {
                    "note"
                }
            );
            if c.old.is_some() && c.new.is_some() {
                assert!(r["relatedLocations"][0]["physicalLocation"].is_object());
            }
        }
        let github = render_diff_github(&report);
        let lock_lines = report
            .lock_findings
            .as_ref()
            .map_or(0, |r| r.diagnostics.len());
        assert_eq!(
            github.lines().count(),
            report.diff.changes.len() + lock_lines
        );
    }
}

#[test]
fn identical_files_have_no_change_and_match_their_lock() {
    for case in cases() {
        for stem in ["old", "new"] {
            let file = source(&case, stem);
            let report = drift::diff_files(&file, &file).unwrap();
            assert!(
                report.diff.changes.is_empty(),
                "{}: {:?}",
                case.display(),
                report.diff.changes
            );
            let lock = drift::lock_files(std::slice::from_ref(&file)).unwrap();
            let side = drift::read_side(&file).unwrap();
            let findings = drift::lock_report(&side, &lock, "mcp-tools.lock");
            assert!(
                findings.diagnostics.is_empty(),
                "{:?}",
                findings.diagnostics
            );
        }
    }
}

#[test]
fn every_change_kind_appears_in_a_fixture() {
    let mut seen = std::collections::BTreeSet::new();
    for case in cases() {
        for c in diff_case(&case).0.diff.changes {
            seen.insert(c.kind.as_str());
        }
    }
    // Server-level changes need files of several servers: the crate's unit tests cover them.
    let schema = schema();
    let missing: Vec<&str> = schema["$defs"]["change"]["properties"]["kind"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|k| !seen.contains(k) && !k.starts_with("server-"))
        .collect();
    assert!(missing.is_empty(), "no fixture shows {missing:?}");
}

#[test]
fn secrets_in_changed_values_are_masked() {
    let token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    let old = SourceFile::new(
        "old.json",
        format!(r#"{{"tools": [{{"name": "t", "inputSchema": {{"type": "object", "properties": {{"k": {{"const": "{token}"}}}}}}}}]}}"#),
    )
    .unwrap();
    let new = SourceFile::new(
        "new.json",
        r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"k": {"const": "x"}}}}]}"#,
    )
    .unwrap();
    let report = drift::diff_files(&old, &new).unwrap();
    assert!(!report.diff.changes.is_empty());
    for out in [
        render_diff_text(&report),
        render_diff_json(&report),
        render_diff_sarif(&report),
        render_diff_github(&report),
    ] {
        assert!(!out.contains(token), "{out}");
    }
}

#[test]
fn unreadable_inputs_are_errors_with_their_name() {
    let config = SourceFile::new("mcp.json", r#"{"mcpServers": {"a": {"command": "x"}}}"#).unwrap();
    let listing = SourceFile::new("tools.json", r#"{"tools": []}"#).unwrap();
    let err = drift::diff_files(&config, &listing).unwrap_err();
    assert_eq!(err.name, "mcp.json");
    assert!(err.message.contains("client configuration"), "{err}");
    let broken = SourceFile::new("tools.json", "{\"tools\": [}").unwrap();
    let err = drift::diff_files(&listing, &broken).unwrap_err();
    assert!(err.message.contains("(line 1, column"), "{err}");
    let lock =
        SourceFile::new("mcp-tools.lock", "{\"lock_version\": 1,\n \"servers\": 3}").unwrap();
    let err = drift::read_lock(&lock).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`mcp-tools.lock`: `servers` must be an array (line 2, column 13)"
    );
}
