//! Desktop extension manifests (MCPB) through `lint_server`: the two example manifests of
//! the shared data (`<shared>/spec/mcpb/example-*.manifest.json`, where `<shared>` is
//! `$MCPVET_SHARED` or the `shared` folder next to the repository; the test skips when they
//! are absent, and they are never copied into the repository) get no warning or error; and
//! `server.mcp_config`, read as a configuration of the `mcpb` dialect, gets the transport
//! and secret rules with exact spans and nothing from the configuration reader.
use mcpvet_diagnostics::Severity;
use mcpvet_linter::{FileReport, ServerOptions, lint_server};
use mcpvet_testkit::{entries, file_name, shared_dir};
use mcpvet_text::SourceFile;

fn lint(name: &str, text: &str) -> FileReport {
    let source = SourceFile::new(name, text.to_owned()).unwrap();
    lint_server(&source, &ServerOptions::default())
}

/// `CODE text-at-span` of every finding.
fn findings(report: &FileReport) -> Vec<String> {
    let text = report.source.text();
    report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code(), &text[d.span().range()]))
        .collect()
}

#[test]
#[expect(clippy::print_stderr, reason = "say why the test is skipped")]
fn shared_example_manifests_have_no_warning_or_error() {
    let dir = shared_dir().join("spec").join("mcpb");
    let Ok(paths) = entries(&dir) else {
        eprintln!("skipping: no MCPB examples at {}", dir.display());
        return;
    };
    let examples: Vec<_> = paths
        .iter()
        .filter(|p| file_name(p).ends_with(".manifest.json"))
        .collect();
    if examples.is_empty() {
        eprintln!("skipping: no MCPB examples at {}", dir.display());
        return;
    }
    for path in examples {
        let text = std::fs::read_to_string(path).unwrap();
        let report = lint(&file_name(path), &text);
        let info = report.definition.as_ref().unwrap();
        assert_eq!(info.format, "mcpb-manifest", "{}", path.display());
        assert!(!info.items.is_empty(), "{}", path.display());
        let serious: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity() >= Severity::Warning)
            .map(|d| format!("{} {}", d.code(), d.message()))
            .collect();
        assert!(serious.is_empty(), "{}: {serious:?}", path.display());
    }
}

/// A manifest whose `server.mcp_config` is `config` (a JSON object's text).
fn manifest(name: &str, config: &str) -> String {
    format!(
        r#"{{"manifest_version": "0.3", "name": "{name}", "version": "1.0.0", "description": "Airtable bases.",
  "author": {{"name": "Ada"}},
  "server": {{"type": "node", "entry_point": "server/index.js", "mcp_config": {config}}},
  "tools": [{{"name": "list_bases", "description": "List the bases."}}],
  "user_config": {{"airtable_api_key": {{"type": "string", "title": "API key",
    "description": "Your Airtable key.", "sensitive": true, "required": true}}}}}}"#
    )
}

#[test]
fn mcpb_variables_are_references_the_client_expands() {
    let text = manifest(
        "Airtable Tools",
        r#"{"command": "node", "args": ["${__dirname}/server/index.js", "--home=${HOME}${/}airtable"],
           "env": {"AIRTABLE_API_KEY": "${user_config.airtable_api_key}", "CACHE": "${DOWNLOADS}/cache"}}"#,
    );
    let report = lint("manifest.json", &text);
    // Not a plaintext credential, not a relative path, not an unexpanded variable; and the
    // manifest's name (a space) is no server-map key.
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn mcp_config_gets_the_transport_and_secret_rules_with_exact_spans() {
    let text = manifest(
        "airtable",
        r#"{"command": "node", "args": ["${__dirname}/server/index.js"],
           "env": {"AIRTABLE_API_KEY": "${user_config.airtable_api_key}", "OTHER": "${env:OTHER_TOKEN}",
                   "SERVICE_PASSWORD": "Tr0ub4dor-and-3-horses"},
           "platform_overrides": {"win32": {"args": ["${__dirname}/server/index.js"]},
                                  "linux": {"command": "npx", "args": ["-y", "airtable-mcp@latest"]}}}"#,
    );
    let report = lint("manifest.json", &text);
    let found = findings(&report);
    // `${env:…}` is not an MCPB variable: sent as written.
    assert!(
        found.contains(&"MCP105 ${env:OTHER_TOKEN}".to_owned()),
        "{found:?}"
    );
    let unexpanded = report
        .diagnostics
        .iter()
        .find(|d| d.code().as_str() == "MCP105")
        .unwrap();
    assert_eq!(
        unexpanded.path().unwrap().to_string(),
        "$.server.mcp_config.env.OTHER"
    );
    assert!(unexpanded.message().contains("`${user_config.key}`"));
    // The literal password is reported once, and masked.
    let secrets: Vec<&String> = found.iter().filter(|f| f.starts_with("MCP3")).collect();
    assert_eq!(secrets.len(), 1, "{found:?}");
    assert!(secrets[0].ends_with("Tr0ub4dor-and-3-horses"));
    assert!(
        report
            .redactions
            .iter()
            .any(|r| &text[r.range()] == "Tr0ub4dor-and-3-horses")
    );
    // A platform override is judged as a server of its own.
    assert!(
        report.diagnostics.iter().any(|d| d.code().family() == 2
            && d.path().is_some_and(|p| p
                .to_string()
                .starts_with("$.server.mcp_config.platform_overrides.linux"))),
        "{found:?}"
    );
    // Nothing from the configuration reader (`unknown-field`, `not-an-mcp-file`,
    // `missing-field`), and every finding of the configuration rules lies in `mcp_config`.
    let config_start = text.find(r#""mcp_config""#).unwrap();
    for d in &report.diagnostics {
        let family = d.code().family();
        assert!(
            !matches!(d.code().as_str(), "MCP010" | "MCP011" | "MCP012" | "MCP101"),
            "{found:?}"
        );
        if (1..=3).contains(&family) {
            assert!(d.span().start as usize > config_start, "{found:?}");
        }
    }
}

#[test]
fn a_remote_mcp_config_is_not_read_by_the_client() {
    let text = manifest(
        "airtable",
        r#"{"command": "node", "args": ["${__dirname}/server/index.js"], "url": "https://airtable.example.com/mcp"}"#,
    );
    let found = findings(&lint("manifest.json", &text));
    assert!(
        found.contains(&"MCP203 \"https://airtable.example.com/mcp\"".to_owned()),
        "{found:?}"
    );
}
