//! `mcpvet rules`, `explain` and `dump`.
use super::*;

/// The table lists every rule of the catalog, one line each (compared with the catalog
/// rather than a snapshot, as rules are added often).
#[test]
fn rules() {
    let case = Case::new("rules");
    let output = case.command(&["rules"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut lines = stdout.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("code    name "), "{header}");
    assert!(
        header.ends_with("  severity  family     summary"),
        "{header}"
    );
    let catalog = mcpvet_linter::rules();
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), catalog.len());
    for (row, rule) in rows.iter().zip(&catalog) {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words[0], rule.code.as_str());
        assert_eq!(words[1], rule.name);
        assert_eq!(words[2], rule.default_severity.as_str());
        assert_eq!(words[3], rule.family.name());
        assert!(row.ends_with(&rule.summary()), "{row}");
    }
}

/// `rules --coverage`: the figures of every version, one version's figures and gaps
/// (snapshot), the JSON form, and the usage errors.
#[test]
fn rules_coverage() {
    use mcpvet_ast::transcript::ProtocolVersion;
    use mcpvet_linter::requirements::{coverage, coverage_text};

    let mut case = Case::new("rules_coverage");
    let all = case.command(&["rules", "--coverage"]).output().unwrap();
    assert_eq!(all.status.code(), Some(0));
    assert_eq!(String::from_utf8(all.stdout).unwrap(), coverage_text(None));

    let json = case
        .command(&[
            "rules",
            "--coverage",
            "--format",
            "json",
            "--protocol",
            "2025-06-18",
        ])
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(0));
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let figures = coverage(Some(ProtocolVersion::V2025_06_18)).total;
    assert_eq!(report["protocol"], "2025-06-18");
    assert_eq!(report["total"]["covered"], figures.covered);
    assert_eq!(report["total"]["checkable"], figures.checkable);
    assert_eq!(report["total"]["total"], figures.total);
    let requirements = report["requirements"].as_array().unwrap();
    assert_eq!(requirements.len(), figures.total);
    assert!(requirements.iter().all(|r| {
        r["versions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v == "2025-06-18")
    }));

    case.run(&["rules", "--coverage", "--protocol", "2024-11-05"]);
    case.run(&["rules", "--protocol", "2024-11-05"]);
    case.run(&["rules", "--coverage", "--protocol", "2099-01-01"]);
    case.snapshot();
}

#[test]
fn explain() {
    let mut case = Case::new("explain");
    let page = mcpvet_linter::docs::rule_page(mcpvet_linter::rule("MCP002").unwrap());
    for wanted in ["MCP002", "mcp002", "duplicate-key"] {
        let output = case.command(&["explain", wanted]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8(output.stdout).unwrap(), page);
    }
    assert_eq!(case.run(&["explain", "MCP999"]).code, Some(2));
    assert_eq!(case.run(&["explain", "no-such-rule"]).code, Some(2));
    assert_eq!(case.run(&["explain"]).code, Some(2));
    case.snapshot();
}

#[test]
fn dump() {
    let session = concat!(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n",
        "Starting server...\n",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n",
    );
    let mut case = Case::new("dump")
        .file(".vscode/mcp.json", VSCODE)
        .file(
            "mcp.json",
            "{\"mcpServers\": {\"a\": {\"url\": \"https://x.example/mcp\"}}}\n",
        )
        .file("session.jsonl", session);
    assert_eq!(
        case.run(&["dump", "--config", ".vscode/mcp.json"]).code,
        Some(0)
    );
    let run = case.run(&["dump", "--config", "mcp.json", "--dialect", "cursor"]);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stdout
            .starts_with("config format=json dialect=cursor by=forced")
    );
    assert_eq!(
        case.run(&["dump", "--transcript", "session.jsonl"]).code,
        Some(0)
    );
    let run = case.run(&[
        "dump",
        "--transcript",
        "session.jsonl",
        "--input-format",
        "json-lines",
    ]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.starts_with("format: json-lines (forced"));
    // Usage errors.
    assert_eq!(case.run(&["dump"]).code, Some(2));
    assert_eq!(
        case.run(&[
            "dump",
            "--config",
            "mcp.json",
            "--transcript",
            "session.jsonl"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&[
            "dump",
            "--transcript",
            "session.jsonl",
            "--dialect",
            "cursor"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&[
            "dump",
            "--transcript",
            "session.jsonl",
            "--input-format",
            "csv"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&["dump", "--config", "missing.json"]).code,
        Some(2)
    );
    case.snapshot();
}

/// A dump shows no secret the checks find (the same masking as every other output).
#[test]
fn dump_masks_secrets() {
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let text = format!(
        "{{\"mcpServers\": {{\"gh\": {{\"command\": \"npx\", \"env\": {{\"GITHUB_TOKEN\": \"{token}\"}}}}}}}}\n"
    );
    let case = Case::new("dump_masks_secrets").file(".mcp.json", text);
    let output = case
        .command(&["config", "--format", "json", ".mcp.json"])
        .output()
        .unwrap();
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(!report.contains(token), "{report}");
    let output = case
        .command(&["dump", "--config", ".mcp.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let dump = String::from_utf8(output.stdout).unwrap();
    if report.contains("\"code\": \"MCP3") {
        // The secret checks flagged (and so redacted) the token.
        assert!(!dump.contains(token), "{dump}");
        assert!(dump.contains("ghp_****"), "{dump}");
    } else {
        assert!(dump.contains("GITHUB_TOKEN"), "{dump}");
    }
}
