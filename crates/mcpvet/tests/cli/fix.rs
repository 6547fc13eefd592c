//! `--fix`, `--fix --diff` and `--fix-suggested` of `mcpvet config` and `mcpvet server`, on
//! copies of fixtures in the scratch folder.
use super::*;

/// A Claude Desktop file with a safe fix of each kind (a comment, trailing commas, `npx`
/// without `-y`) and a suggested one (a remote server bridged with `mcp-remote`).
const TO_FIX: &str = r#"{
  // servers for the desktop app
  "mcpServers": {
    "docs": {
      "command": "npx",
      "args": [
        "@acme/docs-mcp"
      ],
    },
    "search": {"url": "https://search.example.com/mcp"},
  }
}
"#;

const SAFE_FIXED: &str = r#"{
  "mcpServers": {
    "docs": {
      "command": "npx",
      "args": [
        "-y",
        "@acme/docs-mcp"
      ]
    },
    "search": {"url": "https://search.example.com/mcp"}
  }
}
"#;

#[test]
fn config_fix() {
    let mut case = Case::new("config_fix").file("claude_desktop_config.json", TO_FIX);
    let file = case.dir.join("cwd/claude_desktop_config.json");
    // The diff of the safe fixes; nothing written, exit status 1 (a file would change).
    let run = case.run(&["config", "--fix", "--diff", "claude_desktop_config.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with("--- a/claude_desktop_config.json\n"));
    assert!(
        run.stderr
            .contains("would apply 4 fixes (MCP003, MCP004 ×2, MCP217)")
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), TO_FIX);
    // `--diff` alone is the same preview.
    let run = case.run(&["config", "--diff", "claude_desktop_config.json"]);
    assert_eq!(run.code, Some(1));
    // Applied: comments and layout kept, the suggested fix left.
    let run = case.run(&["config", "--fix", "claude_desktop_config.json"]);
    assert_eq!(run.code, Some(1), "the remote server is still an error");
    assert!(run.stdout.contains("error[MCP203]"));
    assert!(
        run.stderr
            .contains("1 has a suggested fix (--fix-suggested")
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), SAFE_FIXED);
    // Nothing left to do: idempotent.
    let run = case.run(&["config", "--fix", "--diff", "claude_desktop_config.json"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty());
    // The suggested fix, previewed then applied.
    let run = case.run(&[
        "config",
        "--fix-suggested",
        "--diff",
        "claude_desktop_config.json",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.contains("+    \"search\": {\"command\": \"npx\", \"args\": [\"-y\", \"mcp-remote\", \"https://search.example.com/mcp\"]}"));
    let run = case.run(&["config", "--fix-suggested", "claude_desktop_config.json"]);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stderr
            .contains("applied 1 fix (MCP203); 0 findings remain")
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        SAFE_FIXED.replace(
            r#"{"url": "https://search.example.com/mcp"}"#,
            r#"{"command": "npx", "args": ["-y", "mcp-remote", "https://search.example.com/mcp"]}"#
        )
    );
    case.snapshot();
}

#[test]
fn config_fix_formats_and_errors() {
    let secret = "ghp_mcpvetCliFixSecret0aB1cD2eF3gH4iJ5kL";
    let cursor = format!(
        "{{\"mcpServers\": {{\"gh\": {{\"command\": \"npx\", \"args\": [\"gh-mcp\"], \"env\": {{\"GITHUB_TOKEN\": \"{secret}\"}}}}}}}}\n"
    );
    let mut case = Case::new("config_fix_formats")
        .file(".cursor/mcp.json", &cursor)
        .file("broken.json", b"{\"mcpServers\": \xff}");
    let file = case.dir.join("cwd/.cursor/mcp.json");
    // The report of what remains, in JSON; the secret never shows, in the diff neither.
    let run = case.run(&["config", "--fix", "--format", "json", ".cursor/mcp.json"]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let findings = report["files"][0]["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["code"], "MCP302");
    assert_eq!(findings[0]["fix"]["applicability"], "unsafe");
    assert!(!run.stdout.contains(&secret[8..]));
    let run = case.run(&["config", "--fix-suggested", "--diff", ".cursor/mcp.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.contains("${env:GITHUB_TOKEN}"), "{}", run.stdout);
    assert!(!run.stdout.contains(&secret[8..]), "{}", run.stdout);
    assert!(fs::read_to_string(&file).unwrap().contains(secret));
    // Standard input is never fixed in place; a file that is not UTF-8 is not fixed.
    let run = case.run(&["config", "--fix", "-"]);
    assert_eq!(run.code, Some(2));
    let run = case.run(&["config", "--fix", "broken.json"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        fs::read(case.dir.join("cwd/broken.json")).unwrap(),
        b"{\"mcpServers\": \xff}"
    );
    // --diff prints a diff, not a report.
    let run = case.run(&["config", "--diff", "--format", "json", ".cursor/mcp.json"]);
    assert_eq!(run.code, Some(2));
    case.snapshot();
}

#[test]
fn server_fix() {
    let manifest = r#"{
  "dxt_version": "0.1",
  "name": "weather",
  "version": "1.0.0",
  "description": "Weather forecasts",
  "author": {"name": "Acme"},
  "server": {"type": "node", "entry_point": "server/index.js",
    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}}
}
"#;
    let mut case = Case::new("server_fix").file("manifest.json", manifest);
    let run = case.run(&["server", "--fix", "manifest.json"]);
    assert!(
        run.stderr.contains("applied 1 fix (MCP661)"),
        "{}",
        run.stderr
    );
    let fixed = fs::read_to_string(case.dir.join("cwd/manifest.json")).unwrap();
    assert!(
        fixed.starts_with("{\n  \"manifest_version\": \"0.1\",\n"),
        "{fixed}"
    );
    case.snapshot();
}
