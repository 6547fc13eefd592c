//! The language-neutral conformance suite in `tests/conformance/`: input files plus the
//! expected findings as plain JSON, so other tools can reuse them.
//!
//! Layout: `tests/conformance/<family>/<CODE>-<rule-name>/<case>/` holds one input file
//! (its path inside the case folder is the file name the client would use, such as
//! `claude_desktop_config.json` or `.vscode/mcp.json`), `expected.json` and `expected.txt`
//! (the text renderer's output). Case folders are named `flagged_*` (at least one finding
//! of the rule) or `accepted_*` (none of the rule). `MCPVET_BLESS=1` rewrites the expected
//! files; `MCPVET_CONFORMANCE=<substring>` runs only matching cases.
use std::path::{Path, PathBuf};

use mcpvet_linter::render::text::{TextOptions, render_diagnostics};
use mcpvet_linter::{
    ConfigOptions, FileReport, ServerOptions, TranscriptOptions, lint_config, lint_server,
    lint_transcript, rules,
};
use mcpvet_testkit::{check_file, files_below};
use mcpvet_text::{Encoding, SourceFile};
use serde_json::{Value, json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> Vec<PathBuf> {
    files_below(dir)
        .unwrap()
        .iter()
        .map(|p| p.strip_prefix(dir).unwrap().to_path_buf())
        .collect()
}

/// The case folders: `(family, rule folder, case folder path)`.
fn cases() -> Vec<(String, String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(families) = std::fs::read_dir(root()) else {
        return out;
    };
    for family in families
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
    {
        for rule in std::fs::read_dir(family.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.path().is_dir())
        {
            for case in std::fs::read_dir(rule.path())
                .unwrap()
                .filter_map(Result::ok)
                .filter(|e| e.path().is_dir())
            {
                out.push((
                    family.file_name().to_string_lossy().into_owned(),
                    rule.file_name().to_string_lossy().into_owned(),
                    case.path(),
                ));
            }
        }
    }
    out.sort_by(|a, b| a.2.cmp(&b.2));
    out
}

/// Inspects the case's input the way the CLI does (bytes decoded as UTF-8, invalid bytes
/// reported): as a server definition under `server/` and wherever the content is one (a
/// secret in a `server.json`); as a captured session under
/// `lifecycle/`, `tools/` and `runs/`, for `.jsonl`, `.log`,
/// `.vcr`, `.har`, `.md`, `.txt`, `.html` and `.csv` inputs, YAML cassettes and in case folders whose
/// name contains `transcript`; as a configuration otherwise. A case folder whose name contains
/// `protocol-<version>` forces that protocol version.
fn inspect(family: &str, case: &Path, input: &Path) -> FileReport {
    let bytes = std::fs::read(case.join(input)).unwrap();
    let decoded = mcpvet_json::decode_utf8(&bytes);
    let name = input.to_string_lossy().replace('\\', "/");
    let source = SourceFile::new(name.clone(), decoded.text.into_owned()).unwrap();
    let extension = input
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let case_name = case.file_name().unwrap().to_string_lossy().into_owned();
    let transcript = matches!(family, "lifecycle" | "tools" | "runs")
        || matches!(
            extension.as_str(),
            "jsonl" | "log" | "vcr" | "har" | "md" | "txt" | "html" | "csv"
        )
        || case_name.contains("transcript")
        || (matches!(extension.as_str(), "yaml" | "yml")
            && mcpvet_ast::kind::detect(source.text()).kind
                == mcpvet_linter::InputKind::Transcript);
    let protocol = case_name.split("protocol-").nth(1).and_then(|rest| {
        mcpvet_ast::transcript::ProtocolVersion::parse(rest.get(..10).unwrap_or(""))
    });
    let server = family == "server"
        || (!transcript
            && mcpvet_ast::kind::detect(source.text()).kind == mcpvet_linter::InputKind::Server);
    let mut report = if server {
        lint_server(
            &source,
            &ServerOptions {
                protocol,
                ..ServerOptions::default()
            },
        )
    } else if transcript {
        lint_transcript(
            &source,
            &TranscriptOptions {
                protocol,
                ..TranscriptOptions::default()
            },
        )
    } else {
        lint_config(&source, &ConfigOptions::default())
    };
    report.merge(decoded.diagnostics);
    report
}

fn expected_json(report: &FileReport) -> Value {
    let line_index = report.source.line_index();
    let findings: Vec<Value> = report
        .diagnostics
        .iter()
        .map(|d| {
            let start = line_index.line_col(d.span().start, Encoding::CodePoint);
            let end = line_index.line_col(d.span().end, Encoding::CodePoint);
            let mut finding = json!({
                "code": d.code().as_str(),
                "rule": mcpvet_linter::rule(d.code().as_str()).map(|r| r.name),
                "severity": d.severity().as_str(),
                "path": d.path().map(ToString::to_string),
                "span": {"start": d.span().start, "end": d.span().end},
                "line": start.line,
                "column": start.column,
                "end_line": end.line,
                "end_column": end.column,
                "message": d.message(),
            });
            if report.transcript.is_some() {
                finding["message_index"] = json!(d.message_index());
            }
            finding
        })
        .collect();
    if let Some(d) = &report.definition {
        return json!({
            "kind": report.kind.name(),
            "format": d.format,
            "findings": findings,
        });
    }
    match &report.transcript {
        Some(t) => {
            let mut expected = json!({
                "kind": report.kind.name(),
                "protocol": t.protocol,
                "phase": {"reached": t.phase_reached.as_str(), "last_event": t.last_event.as_str()},
                "findings": findings,
            });
            // A run log: the four answers of each run are part of the contract.
            if let Some(runs) = &t.runs {
                expected["runs"] = runs
                    .iter()
                    .map(|r| {
                        let s = &r.summary;
                        json!({
                            "run_id": s.run_id,
                            "started": s.started.as_str(),
                            "initialized": s.initialized.as_str(),
                            "tools": s.tools.as_str(),
                            "external": s.external.as_str(),
                            "last_event": s.last_event,
                        })
                    })
                    .collect();
            }
            expected
        }
        None => json!({
            "kind": report.kind.name(),
            "dialect": report.dialect.as_ref().map(|d| d.name),
            "findings": findings,
        }),
    }
}

#[test]
fn conformance_suite() {
    let filter = std::env::var("MCPVET_CONFORMANCE").unwrap_or_default();
    let mut failures = Vec::new();
    let mut ran = 0;
    for (family, rule, case) in cases() {
        let name = case
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if !name.contains(&filter) {
            continue;
        }
        let all = files(&case);
        let inputs: Vec<&PathBuf> = all
            .iter()
            .filter(|p| !matches!(p.to_str(), Some("expected.json" | "expected.txt")))
            .collect();
        let [input] = inputs.as_slice() else {
            failures.push(format!(
                "{name}: needs exactly one input file, found {}",
                inputs.len()
            ));
            continue;
        };
        let report = inspect(&family, &case, input);
        let code = rule.split('-').next().unwrap_or("");
        let of_rule = report
            .diagnostics
            .iter()
            .filter(|d| d.code().as_str() == code)
            .count();
        let case_name = case.file_name().unwrap().to_string_lossy().into_owned();
        if case_name.starts_with("flagged") && of_rule == 0 {
            failures.push(format!(
                "{name}: a flagged case must produce a finding of {code}"
            ));
        }
        if case_name.starts_with("accepted") && of_rule != 0 {
            failures.push(format!(
                "{name}: an accepted case must produce no finding of {code}"
            ));
        }
        let json = serde_json::to_string_pretty(&expected_json(&report)).unwrap() + "\n";
        let text = render_diagnostics(
            &report.source,
            &report.diagnostics,
            &TextOptions {
                color: false,
                redactions: report.redactions.clone(),
            },
        );
        for (file, actual) in [("expected.json", &json), ("expected.txt", &text)] {
            if let Err(message) = check_file(&case.join(file), actual) {
                failures.push(message);
            }
        }
        ran += 1;
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(ran > 0 || !filter.is_empty(), "no conformance case found");
}

/// The rules of `--lock` (see [`every_rule_has_a_flagged_and_an_accepted_case`]).
const LOCK_RULES: [&str; 5] = ["MCP560", "MCP561", "MCP562", "MCP563", "MCP564"];

#[test]
fn every_rule_has_a_flagged_and_an_accepted_case() {
    let cases = cases();
    let mut missing = Vec::new();
    for rule in rules() {
        // The lock rules need a lock file beside the input, which a case folder of one input
        // cannot express: `crates/mcpvet_diff/tests/lock_rules.rs` and the CLI test
        // `diff_and_lock` flag and accept each.
        if LOCK_RULES.contains(&rule.code.as_str()) {
            continue;
        }
        let folder = format!("{}-{}", rule.code, rule.name);
        let of_rule: Vec<String> = cases
            .iter()
            .filter(|(_, r, _)| *r == folder)
            .map(|(_, _, c)| c.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        for prefix in ["flagged", "accepted"] {
            if !of_rule.iter().any(|c| c.starts_with(prefix)) {
                missing.push(format!("{folder}: no {prefix}_* case"));
            }
        }
    }
    for (family, rule, _) in &cases {
        let known = rules()
            .into_iter()
            .find(|r| rule == &format!("{}-{}", r.code, r.name));
        match known {
            None => missing.push(format!("{family}/{rule}: no such rule")),
            Some(r) if r.family.name() != family => {
                missing.push(format!("{family}/{rule}: belongs in {}/", r.family.name()));
            }
            Some(_) => {}
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
