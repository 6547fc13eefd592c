//! The machine-readable renderers (JSON report, SARIF, GitHub annotations) and the text
//! report: one multi-finding run snapshotted per renderer (`tests/snapshots/`, rewritten by
//! `MCPVET_BLESS=1`), the JSON report validated against `docs/report.schema.json`, the SARIF
//! log parsed back and checked against what GitHub code scanning requires, and no secret in
//! any output.
//!
//! When `MCPVET_SARIF_SCHEMA` names a copy of the official SARIF 2.1.0 JSON schema
//! (`sarif-schema-2.1.0.json`, not committed here), the SARIF logs are also validated
//! against it.
use std::path::{Path, PathBuf};

use mcpvet_diagnostics::{
    Applicability, Diagnostic, Edit, Fix, JsonPath, Label, RuleCode, Severity,
};
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::render_report;
use mcpvet_linter::render::sarif::{FINGERPRINT_KEY, SarifOptions, render_sarif};
use mcpvet_linter::render::text::TextOptions;
use mcpvet_linter::{
    ConfigOptions, FileReport, JsonCheckOptions, ServerOptions, TranscriptOptions, lint_config,
    lint_json, lint_server, lint_transcript, rules,
};
use mcpvet_testkit::{check_file_with, entry_names};
use mcpvet_text::{SourceFile, Span};
use proptest::prelude::*;
use serde_json::Value;

/// The secret planted in the fixtures; no output may contain it.
const SECRET: &str = "sk-live-8Zq3Xv7Lm2Pw9Rt4Ny6Kb1Hd";

const CLAUDE_DESKTOP: &str = r#"{
  // personal servers
  "mcpServers": {
    "docs": {
      "command": "npx",
      "args": ["-y", "@acme/docs-mcp"],
      "cwd": "/srv/docs",
    },
    "docs": {"command": "uvx", "args": ["docs-mcp"]},
    "remote": {"url": "https://mcp.example.com/mcp", "disabled": true}
  }
}
"#;

const VSCODE: &str = r#"{
  "servers": {
    "café": {
      "type": "stdio",
      "command": "node",
      "args": ["server.js"],
      "env": {"TOKEN_😀": "sk-live-8Zq3Xv7Lm2Pw9Rt4Ny6Kb1Hd"}
    }
  }
}
"#;

const SESSION: &str = concat!(
    r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
    "\n",
);

fn offset(text: &str, needle: &str) -> u32 {
    u32::try_from(text.find(needle).expect("needle in text")).unwrap()
}

/// The VS Code file with a planted finding that has everything: a secret in its message
/// (masked by the redaction), a label, a secondary label, help and a fix.
fn vscode_report(name: &str) -> FileReport {
    let source = SourceFile::new(name, VSCODE).unwrap();
    let mut report = lint_config(&source, &ConfigOptions::default());
    let at = offset(VSCODE, "\"sk-live");
    let value = Span::new(at, at + u32::try_from(SECRET.len()).unwrap() + 2);
    let key_at = offset(VSCODE, "\"TOKEN_");
    let key = Span::new(key_at, key_at + "\"TOKEN_😀\"".len() as u32);
    report.redactions.push(value);
    let planted = Diagnostic::new(
        RuleCode::new("MCP011"),
        Severity::Warning,
        value,
        format!("`TOKEN_😀` holds `{SECRET}` in plain text"),
    )
    .with_label(format!("the value `{SECRET}`"))
    .with_secondary(Label::with_message(key, "set here"))
    .with_path(
        JsonPath::root()
            .key("servers")
            .key("café")
            .key("env")
            .key("TOKEN_😀"),
    )
    .with_help("reference an environment variable: `${env:TOKEN}`")
    .with_fix(Fix::new(
        "replace the value with a reference",
        vec![Edit::new(value, "\"${env:TOKEN}\"")],
        Applicability::Unsafe,
    ));
    report.merge([planted]);
    report
}

/// One run over two configurations (a Claude Desktop file with syntax and shape findings, a
/// VS Code file with a planted secret finding).
///
/// Only the findings of the parser and the lowering (`MCP0xx`, `MCP101`) and the planted one
/// are kept, and only the planted redaction: the snapshots show what the renderers do, and do
/// not change when a check crate gains a rule.
fn run() -> Vec<FileReport> {
    let claude = SourceFile::new("claude_desktop_config.json", CLAUDE_DESKTOP).unwrap();
    vec![
        settled(lint_config(&claude, &ConfigOptions::default())),
        settled(vscode_report(".vscode/mcp.json")),
    ]
}

fn settled(mut report: FileReport) -> FileReport {
    report
        .diagnostics
        .retain(|d| d.code().family() == 0 || d.code().as_str() == "MCP101");
    let planted: Vec<Span> = report
        .diagnostics
        .iter()
        .filter(|d| d.code().as_str() == "MCP011")
        .map(Diagnostic::span)
        .collect();
    report.redactions = planted;
    report
}

fn transcript_report() -> FileReport {
    let source = SourceFile::new("session.jsonl", SESSION).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

fn snapshot_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name)
}

/// Compares `actual` with `tests/snapshots/<name>`; `MCPVET_BLESS=1` rewrites it.
/// (Line ends of the committed file are read as `\n`.)
#[track_caller]
fn snapshot(name: &str, actual: &str) {
    let crlf_as_lf = |s: &str| s.replace("\r\n", "\n");
    if let Err(message) = check_file_with(&snapshot_path(name), actual, crlf_as_lf) {
        panic!("{message}");
    }
}

#[test]
fn no_stale_snapshots() {
    let found = entry_names(&snapshot_path("")).unwrap();
    assert_eq!(
        found,
        [
            "report.github.txt",
            "report.json",
            "report.sarif",
            "report.txt"
        ],
        "delete snapshots no test writes"
    );
}

// ----- snapshots ----------------------------------------------------------------------------

#[test]
fn json_snapshot() {
    snapshot(
        "report.json",
        &render_json(&run(), &JsonReportOptions::new()),
    );
}

#[test]
fn github_snapshot() {
    snapshot("report.github.txt", &render_github(&run()));
}

#[test]
fn text_snapshot() {
    let reports = run();
    let out: Vec<String> = reports
        .iter()
        .map(|r| render_report(r, &TextOptions::default()))
        .collect();
    snapshot("report.txt", &out.join("\n"));
}

/// The SARIF snapshot, with the rule texts taken from the catalog (checked to be so)
/// replaced by a placeholder, so that editing a rule's documentation does not touch it.
#[test]
fn sarif_snapshot() {
    let mut text = render_sarif(&run(), &SarifOptions::new());
    let log: Value = serde_json::from_str(&text).unwrap();
    let mut literals = Vec::new();
    for rule in log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
    {
        let meta = mcpvet_linter::rule(rule["id"].as_str().unwrap()).unwrap();
        assert_eq!(
            rule["help"]["markdown"],
            mcpvet_linter::docs::rule_page(meta)
        );
        assert_eq!(rule["shortDescription"]["text"], meta.summary());
        for (key, inner) in [
            ("shortDescription", "text"),
            ("fullDescription", "text"),
            ("help", "text"),
            ("help", "markdown"),
        ] {
            literals.push(serde_json::to_string(&rule[key][inner]).unwrap());
        }
    }
    literals.sort_by_key(|l| std::cmp::Reverse(l.len()));
    for literal in literals {
        text = text.replace(&literal, "\"<from the rule catalog>\"");
    }
    snapshot("report.sarif", &text);
}

// ----- the JSON report ----------------------------------------------------------------------

fn report_schema() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/report.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The schema with `unevaluatedProperties: false` on every object that lists properties
/// (except the shared `positioned` part, which others extend): the renderer writes no field
/// the schema does not document.
fn strict(schema: &Value) -> Value {
    fn walk(v: &mut Value, name: Option<&str>) {
        match v {
            Value::Object(map) => {
                if map.contains_key("properties") && name != Some("positioned") {
                    map.insert("unevaluatedProperties".to_owned(), Value::Bool(false));
                }
                for (k, child) in map.iter_mut() {
                    walk(child, Some(k));
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|c| walk(c, None)),
            _ => {}
        }
    }
    let mut s = schema.clone();
    walk(&mut s, None);
    s
}

#[track_caller]
fn assert_valid(schema: &Value, instance: &Value) {
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn json_report_follows_its_schema() {
    let schema = report_schema();
    let strict = strict(&schema);
    let mut reports = run();
    reports.push(transcript_report());
    // A well-formedness check (`mcpvet json`), with a finding and clean.
    let json = JsonCheckOptions::default();
    reports.push(lint_json("broken.json", "{\"a\": [1, 2,]}", &json).unwrap());
    reports.push(lint_json("clean.json", "{}", &json).unwrap());
    assert_eq!(reports[reports.len() - 2].diagnostics.len(), 1);
    // A failed launch with the exit code of its process (`phase.exit_code`).
    let log = "2025-06-13 16:50:52.670 [info] Starting server ado\n\
               2025-06-13 16:51:00.111 [info] Connection state: Error Process exited with code 243\n";
    let source = SourceFile::new("vscode-mcp-ado.log", log).unwrap();
    reports.push(lint_transcript(&source, &TranscriptOptions::default()));
    let last: Value = serde_json::from_str(&render_json(
        &reports[reports.len() - 1..],
        &JsonReportOptions::new(),
    ))
    .unwrap();
    assert_eq!(last["files"][0]["phase"]["exit_code"], 243);
    // Run logs: every run with its four answers (an exit code and stderr line, a timeout and
    // its owner, the phase of the run's messages, unknown events, key=value lines).
    for name in [
        "exits-before-reading-input.jsonl",
        "writes-hello-to-stdout.log",
        "lists-an-invalid-schema.jsonl",
        "tool-handler-reaches-external.jsonl",
        "whoami-before-initialize.jsonl",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/runs")
            .join(name);
        let source = SourceFile::new(name, std::fs::read_to_string(path).unwrap()).unwrap();
        reports.push(lint_transcript(&source, &TranscriptOptions::default()));
    }
    let runs: Value = serde_json::from_str(&render_json(
        &reports[reports.len() - 5..],
        &JsonReportOptions::new(),
    ))
    .unwrap();
    assert_eq!(runs["files"][0]["runs"][0]["started"]["exit_code"], 1);
    assert_eq!(
        runs["files"][4]["runs"][0]["timeout"]["owner"],
        "server/transport"
    );
    assert!(runs["files"][2]["runs"][0]["phase"].is_object());
    // Server definitions: a captured listing (protocol and digest) and a definition file
    // (with a fix), each with its `definition` entry.
    let listing = r#"{"tools": [{"name": "read", "inputSchema": {"path": "/srv"}}, {"name": "ok", "description": "d", "inputSchema": {"type": "object"}}]}"#;
    let definition = "{\"name\": \"w\", \"tools\": [{\"name\": \"f\", \"requestSchema\": {\"city\": \"Oslo\"}}]}";
    for (name, text) in [("tools.json", listing), ("definition.json", definition)] {
        let source = SourceFile::new(name, text).unwrap();
        reports.push(lint_server(&source, &ServerOptions::default()));
    }
    let servers: Value = serde_json::from_str(&render_json(
        &reports[reports.len() - 2..],
        &JsonReportOptions::new(),
    ))
    .unwrap();
    assert_eq!(servers["files"][0]["kind"], "server");
    assert_eq!(
        servers["files"][0]["definition"]["items"][0]["schemas"][0]["state"],
        "incomplete"
    );
    assert!(servers["files"][0]["tools_digest"].is_string());
    assert_eq!(servers["files"][1]["input_format"]["name"], "definition");
    for options in [
        JsonReportOptions::new(),
        JsonReportOptions::new()
            .with_utf16_columns(true)
            .with_compact(true),
    ] {
        let out = render_json(&reports, &options);
        let value: Value = serde_json::from_str(&out).unwrap();
        assert_valid(&schema, &value);
        assert_valid(&strict, &value);
    }
    // The strict check does catch an undocumented field.
    let mut value: Value =
        serde_json::from_str(&render_json(&reports, &JsonReportOptions::new())).unwrap();
    value["files"][0]["findings"][0]["surprise"] = Value::Bool(true);
    let validator = jsonschema::validator_for(&strict).unwrap();
    assert!(!validator.is_valid(&value));
}

#[test]
fn json_report_positions() {
    let out = render_json(&run(), &JsonReportOptions::new().with_utf16_columns(true));
    let value: Value = serde_json::from_str(&out).unwrap();
    let vscode = &value["files"][1];
    assert_eq!(vscode["kind"], "config");
    assert_eq!(vscode["dialect"]["name"], "vscode");
    assert_eq!(vscode["dialect"]["detected_by"], "file-name");
    assert_eq!(vscode["protocol"], Value::Null);
    let planted = vscode["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "MCP011")
        .unwrap();
    // `      "env": {"TOKEN_😀": "sk-live-…` : the value starts at code point column 26 and
    // UTF-16 column 27 (the emoji is two UTF-16 units).
    assert_eq!(planted["line"], 7);
    assert_eq!(planted["column"], 26);
    assert_eq!(planted["column_utf16"], 27);
    assert_eq!(planted["end_column"], 26 + SECRET.len() + 2);
    let start = offset(VSCODE, "\"sk-live");
    assert_eq!(planted["span"]["start"], start);
    assert_eq!(planted["path"], "$.servers[\"café\"].env[\"TOKEN_😀\"]");
    assert_eq!(planted["pointer"], "/servers/café/env/TOKEN_😀");
    assert_eq!(planted["rule"], "wrong-type");
    assert_eq!(planted["secondary"][0]["message"], "set here");
    assert_eq!(planted["fix"]["applicability"], "unsafe");
    assert_eq!(
        planted["fix"]["edits"][0]["replacement"],
        "\"${env:TOKEN}\""
    );
    assert_eq!(vscode["servers"][0]["name"], "café");
    assert_eq!(vscode["servers"][0]["transport"], "stdio");
    assert_eq!(vscode["servers"][0]["target"], "node server.js");
    assert_eq!(vscode["summary"]["servers"], 1);
    // Transcripts: the protocol, counts and message indices.
    let out = render_json(&[transcript_report()], &JsonReportOptions::new());
    let value: Value = serde_json::from_str(&out).unwrap();
    let file = &value["files"][0];
    assert_eq!(file["kind"], "transcript");
    assert_eq!(file["dialect"], Value::Null);
    assert!(file["protocol"]["version"].is_string());
    assert_eq!(file["summary"]["messages"], 2);
    assert!(file["summary"].get("servers").is_none());
    for finding in file["findings"].as_array().unwrap() {
        assert!(finding["message_index"].is_u64(), "{finding}");
    }
}

#[test]
fn overview_of_a_transcript() {
    let report = transcript_report();
    let text = render_report(&report, &TextOptions::default());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "session.jsonl", "{text}");
    assert!(lines[1].starts_with("  format    json-lines ("), "{text}");
    assert!(lines[2].starts_with("  protocol  "), "{text}");
    assert!(lines[3].starts_with("  messages  2 ("), "{text}");
    assert!(lines[3].ends_with(" unpaired"), "{text}");
    assert!(
        lines[4].starts_with("  phase     ") && lines[4].contains("(last event: "),
        "{text}"
    );
    assert!(lines[5].starts_with("  tools     "), "{text}");
    assert!(lines[6].starts_with("  findings  "), "{text}");
}

// ----- SARIF --------------------------------------------------------------------------------

#[test]
fn sarif_has_what_github_code_scanning_requires() {
    let reports = run();
    let log: Value = serde_json::from_str(&render_sarif(&reports, &SarifOptions::new())).unwrap();
    assert_eq!(
        log["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    assert_eq!(log["version"], "2.1.0");
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "mcpvet");
    assert_eq!(driver["semanticVersion"], env!("CARGO_PKG_VERSION"));
    assert!(
        driver["informationUri"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );
    let rules = driver["rules"].as_array().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let sorted = {
        let mut s = ids.clone();
        s.sort_unstable();
        s.dedup();
        s
    };
    assert_eq!(ids, sorted, "rules sorted by code, each once");
    for rule in rules {
        let meta = mcpvet_linter::rule(rule["id"].as_str().unwrap()).unwrap();
        assert_eq!(rule["name"], meta.name);
        assert!(rule["name"].as_str().unwrap().chars().count() <= 255);
        for key in ["shortDescription", "fullDescription"] {
            let text = rule[key]["text"].as_str().unwrap();
            assert!(!text.is_empty() && text.chars().count() <= 1024, "{key}");
        }
        assert!(!rule["help"]["text"].as_str().unwrap().is_empty());
        assert_eq!(
            rule["helpUri"],
            mcpvet_linter::docs::rule_url(meta).as_str()
        );
        assert!(matches!(
            rule["defaultConfiguration"]["level"].as_str().unwrap(),
            "error" | "warning" | "note"
        ));
        assert!(rule["properties"]["tags"].as_array().unwrap().len() <= 10);
    }
    let results = run["results"].as_array().unwrap();
    let total: usize = reports.iter().map(|r| r.diagnostics.len()).sum();
    assert_eq!(results.len(), total);
    let mut fingerprints = Vec::new();
    let findings = reports
        .iter()
        .flat_map(|r| r.diagnostics.iter().map(move |d| (r, d)));
    for (result, (report, d)) in results.iter().zip(findings) {
        let index = usize::try_from(result["ruleIndex"].as_u64().unwrap()).unwrap();
        assert_eq!(rules[index]["id"], result["ruleId"]);
        assert_eq!(result["ruleId"], d.code().as_str());
        let level = match d.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "note",
        };
        assert_eq!(result["level"], level);
        assert!(!result["message"]["text"].as_str().unwrap().is_empty());
        let locations = result["locations"].as_array().unwrap();
        assert_eq!(locations.len(), 1);
        let physical = &locations[0]["physicalLocation"];
        let uri = physical["artifactLocation"]["uri"].as_str().unwrap();
        assert_eq!(uri, report.source.name());
        assert_eq!(physical["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        let region = &physical["region"];
        // Byte region = the span; line/column region = its code point positions.
        assert_eq!(region["byteOffset"], d.span().start);
        assert_eq!(region["byteLength"], d.span().len());
        let index = report.source.line_index();
        let start = index.line_col(d.span().start, mcpvet_text::Encoding::CodePoint);
        let end = index.line_col(d.span().end, mcpvet_text::Encoding::CodePoint);
        assert_eq!(
            (region["startLine"].clone(), region["startColumn"].clone()),
            (start.line.into(), start.column.into())
        );
        assert_eq!(
            (region["endLine"].clone(), region["endColumn"].clone()),
            (end.line.into(), end.column.into())
        );
        assert_eq!(
            result["relatedLocations"].as_array().map_or(0, Vec::len),
            d.secondary().len()
        );
        let fingerprint = result["partialFingerprints"][FINGERPRINT_KEY]
            .as_str()
            .unwrap()
            .to_owned();
        fingerprints.push(fingerprint);
    }
    let mut unique = fingerprints.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), fingerprints.len(), "fingerprints are unique");
}

/// Fingerprints follow a finding when lines move: the same file shifted down by two lines
/// has the same fingerprints, and they do not depend on the secret's value.
#[test]
fn sarif_fingerprints_are_stable() {
    let fingerprints = |reports: &[FileReport]| -> Vec<(String, String)> {
        let log: Value =
            serde_json::from_str(&render_sarif(reports, &SarifOptions::new())).unwrap();
        log["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["ruleId"].as_str().unwrap().to_owned(),
                    r["partialFingerprints"][FINGERPRINT_KEY]
                        .as_str()
                        .unwrap()
                        .to_owned(),
                )
            })
            .collect()
    };
    let base = fingerprints(&run());
    let shifted_text = format!("\n\n{CLAUDE_DESKTOP}");
    let shifted = SourceFile::new("claude_desktop_config.json", shifted_text).unwrap();
    let moved = fingerprints(&[
        settled(lint_config(&shifted, &ConfigOptions::default())),
        settled(vscode_report(".vscode/mcp.json")),
    ]);
    assert_eq!(base, moved);
    // Another file name, other fingerprints.
    let renamed = fingerprints(&[settled(vscode_report("other/mcp.json"))]);
    assert!(renamed.iter().all(|f| !base.contains(f)));
}

#[test]
fn sarif_lists_every_rule_when_asked() {
    let log: Value = serde_json::from_str(&render_sarif(
        &run(),
        &SarifOptions::new().with_all_rules(true),
    ))
    .unwrap();
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), mcpvet_linter::rules().len());
    for result in log["runs"][0]["results"].as_array().unwrap() {
        let index = usize::try_from(result["ruleIndex"].as_u64().unwrap()).unwrap();
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
}

fn drop_language_patterns(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Object(language)) = map.get_mut("language") {
                language.remove("pattern");
            }
            map.values_mut().for_each(drop_language_patterns);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_language_patterns),
        _ => {}
    }
}

/// Validates against the official SARIF 2.1.0 schema when `MCPVET_SARIF_SCHEMA` names a copy.
#[test]
#[expect(clippy::print_stderr, reason = "says why the check was skipped")]
fn sarif_follows_the_official_schema_when_available() {
    let Some(path) = std::env::var_os("MCPVET_SARIF_SCHEMA") else {
        eprintln!("MCPVET_SARIF_SCHEMA is not set: skipping the official schema check");
        return;
    };
    let mut schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // The official schema's `language` patterns (of `run` and `toolComponent`) have a stray
    // `]`, which the validator's meta-schema check refuses as a regex; mcpvet never writes
    // `language`.
    drop_language_patterns(&mut schema);
    let mut reports = run();
    reports.push(transcript_report());
    for options in [
        SarifOptions::new(),
        SarifOptions::new().with_all_rules(true),
    ] {
        let log: Value = serde_json::from_str(&render_sarif(&reports, &options)).unwrap();
        assert_valid(&schema, &log);
    }
    // The check has teeth: a level SARIF does not define is refused.
    let mut log: Value =
        serde_json::from_str(&render_sarif(&reports, &SarifOptions::new())).unwrap();
    log["runs"][0]["results"][0]["level"] = Value::String("fatal".to_owned());
    assert!(!jsonschema::validator_for(&schema).unwrap().is_valid(&log));
}

// ----- GitHub annotations -------------------------------------------------------------------

#[test]
fn github_annotations_escape_properties() {
    let source = SourceFile::new("dir,with:odd%chars/.mcp.json", "{\"mcpServers\": [}").unwrap();
    let report = lint_config(&source, &ConfigOptions::default());
    let out = render_github(&[report]);
    for line in out.lines() {
        assert!(
            line.starts_with("::error file=dir%2Cwith%3Aodd%25chars/.mcp.json,line=1,"),
            "{line}"
        );
        // One command per line: the help's line break is escaped.
        assert_eq!(line.matches("::").count(), 2, "{line}");
    }
}

// ----- secrets ------------------------------------------------------------------------------

#[test]
fn no_output_contains_the_secret() {
    let mut reports = run();
    reports.push(vscode_report("<stdin>"));
    let outputs = [
        render_json(&reports, &JsonReportOptions::new().with_utf16_columns(true)),
        render_sarif(&reports, &SarifOptions::new().with_all_rules(true)),
        render_github(&reports),
        reports
            .iter()
            .map(|r| render_report(r, &TextOptions::default()))
            .collect::<String>(),
    ];
    for out in &outputs {
        assert!(!out.contains(SECRET), "{out}");
        assert!(!out.contains("Xv7Lm2Pw9Rt4"), "{out}");
        assert!(
            out.contains("sk-l"),
            "the masked secret keeps its first characters"
        );
    }
}

// ----- totality -----------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any text: no panic, and the JSON and SARIF outputs parse.
    #[test]
    fn renderers_are_total(text in "[{}\\[\\]\":,a-z0-9 \n\u{e9}\u{1F600}/*]{0,80}") {
        let source = SourceFile::new("claude_desktop_config.json", text).unwrap();
        let mut report = lint_config(&source, &ConfigOptions::default());
        // A redaction that may split characters or run past the end.
        report.redactions.push(Span::new(1, 200));
        let reports = [report];
        let json = render_json(&reports, &JsonReportOptions::new().with_utf16_columns(true));
        prop_assert!(serde_json::from_str::<Value>(&json).is_ok());
        let sarif = render_sarif(&reports, &SarifOptions::new());
        prop_assert!(serde_json::from_str::<Value>(&sarif).is_ok());
        let _ = render_github(&reports);
        let _ = render_report(&reports[0], &TextOptions::default());
    }
}

#[test]
fn every_rule_renders() {
    // A finding of every rule in the catalog, plus one with a code the catalog lacks.
    let text = "{\"mcpServers\": {}}\n";
    let source = SourceFile::new("x.json", text).unwrap();
    let mut report = lint_config(&source, &ConfigOptions::default());
    report.merge(
        rules()
            .iter()
            .map(|r| r.diagnostic(Span::new(1, 13), format!("about {}", r.name))),
    );
    report.merge([Diagnostic::new(
        RuleCode::new("MCP999"),
        Severity::Info,
        Span::empty(0),
        "a code outside the catalog",
    )]);
    let reports = [report];
    let json: Value =
        serde_json::from_str(&render_json(&reports, &JsonReportOptions::new())).unwrap();
    assert_valid(&strict(&report_schema()), &json);
    let unknown = json["files"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "MCP999")
        .unwrap();
    assert_eq!(unknown["rule"], Value::Null);
    let sarif: Value = serde_json::from_str(&render_sarif(&reports, &SarifOptions::new())).unwrap();
    let rules_out = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules_out.len(), rules().len() + 1);
    assert!(rules_out.iter().any(|r| r["id"] == "MCP999"));
}
