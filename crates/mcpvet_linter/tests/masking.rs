//! Masking changes the secret and nothing else.
//!
//! Generated configurations, sessions and server definitions hold secrets (a token in a
//! known format, a long generic credential, a short password) next to names that share
//! pieces with them: a server, a tool, a definition and an environment variable named after
//! eight or more characters of a secret, and JSON paths through `mcp_config`-like members.
//! Each input is inspected twice, with masking on (as always) and off
//! (`mcpvet_linter::fuzzing::without_masking`), and the two reports must agree:
//!
//! - the same findings: codes, severities, spans, and JSON paths and pointers to the byte;
//! - every text (message, labels, help, fix message) the same, except at characters that
//!   hold a secret there (the secret's text whole, or its head cut short by `…`), which are
//!   `*` in the masked text, beyond what the policy keeps;
//! - the server summaries the same (names to the byte);
//! - and no output format of the masked report contains a secret of eight characters or
//!   more.
#![cfg(feature = "fuzzing")]

use mcpvet_diagnostics::Diagnostic;
use mcpvet_diagnostics::redact::keep_chars;
use mcpvet_linter::fuzzing::without_masking;
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::render_report;
use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
use mcpvet_linter::render::text::TextOptions;
use mcpvet_linter::{FileReport, InspectOptions, inspect};
use proptest::prelude::*;

/// What a generated case is made of.
#[derive(Debug, Clone)]
struct Case {
    /// A long random credential (a `ghp_` token or a generic one).
    token: String,
    /// A short password (not searched for in free text: masked at its span only).
    password: String,
    /// Where the decoy names start in `token`, and how long they are.
    decoy_at: usize,
    decoy_len: usize,
}

impl Case {
    /// A name made of a piece of the token (never the whole token).
    fn decoy(&self) -> String {
        let chars: Vec<char> = self.token.chars().collect();
        let len = self.decoy_len.min(chars.len() - 1);
        let at = self.decoy_at % (chars.len() - len);
        chars[at..at + len].iter().collect()
    }

    fn secrets(&self) -> [&str; 2] {
        [&self.token, &self.password]
    }
}

fn arb_case() -> impl Strategy<Value = Case> {
    (
        prop_oneof!["ghp_[A-Za-z0-9]{36}", "[A-Za-z][A-Za-z0-9]{15,30}[0-9]",],
        "[a-z][a-z0-9]{5,6}",
        0usize..40,
        8usize..14,
    )
        .prop_map(|(token, password, decoy_at, decoy_len)| Case {
            token,
            password,
            decoy_at,
            decoy_len,
        })
}

/// The inputs of a case: a Claude Desktop configuration, a captured session, a definition
/// file and a registry `server.json`.
fn inputs(case: &Case) -> Vec<(&'static str, String)> {
    let (token, password, decoy) = (&case.token, &case.password, case.decoy());
    vec![
        (
            "claude_desktop_config.json",
            format!(
                r#"{{"mcpServers": {{"{decoy}": {{"command": "npx",
  "args": ["-y", "docs-mcp", "--token={token}"],
  "env": {{"DB_PASSWORD": "{password}", "{decoy}_HOME": "/srv/{decoy}"}}}},
  "mcp_config": {{"command": "node", "args": ["${{user_config.{decoy}}}"]}}}}}}"#
            ),
        ),
        (
            "session.jsonl",
            [
                r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#.to_owned(),
                r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#.to_owned(),
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
                format!("request headers: Authorization: Bearer {token}"),
                r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.to_owned(),
                format!(
                    r#"{{"jsonrpc":"2.0","id":2,"result":{{"tools":[{{"name":"{decoy}","inputSchema":{{"type":"object"}}}}]}}}}"#
                ),
                format!(
                    r#"{{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{{"name":"{decoy}","arguments":{{"password":"{password}","api_key":"{token}"}}}}}}"#
                ),
            ]
            .join("\n"),
        ),
        (
            "definition.json",
            format!(
                r#"{{"name": "{decoy}", "tools": [{{"name": "{decoy}", "description": "Find.",
  "type": "http", "method": "GET", "endpoint": "https://api.example.com", "path": "/{decoy}",
  "authentication": {{"type": "basic", "username": "svc", "password": "{password}"}},
  "requestSchema": {{"{decoy}": "x"}}}},
  {{"name": "other", "description": "Key.", "type": "http", "method": "GET",
  "endpoint": "https://api.example.com", "path": "/k",
  "authentication": {{"type": "apiKey", "key": "X-Api-Key", "value": "{token}"}}}}],
  "publish": {{"version": "1.0.0"}}}}"#
            ),
        ),
        (
            "server.json",
            format!(
                r#"{{"name": "io.github.acme/{decoy}", "description": "d", "version": "1.0.0",
  "packages": [{{"registryType": "npm", "identifier": "@acme/{decoy}", "version": "1.0.0",
    "transport": {{"type": "stdio"}},
    "environmentVariables": [{{"name": "API_KEY", "isSecret": true, "value": "{token}"}}]}}]}}"#
            ),
        ),
    ]
}

/// Whether the characters of `plain` that `masked` changed are all `*` in `masked` and lie
/// inside a secret held there: a secret's text whole, or its head cut short (followed by
/// `…` or `...`, or at the end).
fn changes_only_secrets(plain: &str, masked: &str, secrets: &[&str]) -> Result<(), String> {
    let p: Vec<char> = plain.chars().collect();
    let m: Vec<char> = masked.chars().collect();
    if p.len() != m.len() {
        return Err(format!("length changed:\n{plain}\n{masked}"));
    }
    let mut allowed = vec![false; p.len()];
    for secret in secrets {
        let s: Vec<char> = secret.chars().collect();
        let keep = keep_chars(s.len());
        for start in 0..p.len() {
            let mut len = 0;
            while len < s.len() && start + len < p.len() && p[start + len] == s[len] {
                len += 1;
            }
            let rest: String = p[start + len..].iter().collect();
            let cut = rest.is_empty() || rest.starts_with('…') || rest.starts_with("...");
            if len == s.len() || (len > keep && cut) {
                for flag in &mut allowed[start + keep..start + len] {
                    *flag = true;
                }
            }
        }
    }
    for (i, (a, b)) in p.iter().zip(&m).enumerate() {
        if a != b && (*b != '*' || !allowed[i]) {
            return Err(format!(
                "character {i} changed outside a secret:\n  plain:  {plain}\n  masked: {masked}"
            ));
        }
    }
    Ok(())
}

fn texts(d: &Diagnostic) -> Vec<String> {
    let mut out = vec![d.message().to_owned()];
    out.extend(d.help().map(str::to_owned));
    out.extend(d.primary().message().map(str::to_owned));
    out.extend(
        d.secondary()
            .iter()
            .filter_map(|l| l.message().map(str::to_owned)),
    );
    out.extend(d.fix().map(|f| f.message().to_owned()));
    out
}

fn compare(name: &str, masked: &FileReport, plain: &FileReport, case: &Case) -> Result<(), String> {
    let secrets = case.secrets();
    if masked.diagnostics.len() != plain.diagnostics.len() {
        return Err(format!("{name}: the findings differ in number"));
    }
    for (m, p) in masked.diagnostics.iter().zip(&plain.diagnostics) {
        let same = m.code() == p.code()
            && m.severity() == p.severity()
            && m.span() == p.span()
            && m.path() == p.path();
        if !same {
            return Err(format!(
                "{name}: {} at {:?} path {:?} became {} at {:?} path {:?}",
                p.code(),
                p.span(),
                p.path().map(ToString::to_string),
                m.code(),
                m.span(),
                m.path().map(ToString::to_string)
            ));
        }
        for (mt, pt) in texts(m).iter().zip(texts(p).iter()) {
            changes_only_secrets(pt, mt, &secrets)
                .map_err(|e| format!("{name} {}: {e}", m.code()))?;
        }
    }
    for (m, p) in masked.servers.iter().zip(&plain.servers) {
        if (m.name.as_str(), m.path.as_str()) != (p.name.as_str(), p.path.as_str()) {
            return Err(format!("{name}: server {} became {}", p.name, m.name));
        }
    }
    // No secret of eight characters or more in any rendering of the masked report.
    let reports = std::slice::from_ref(masked);
    let outputs = [
        render_json(reports, &JsonReportOptions::new()),
        render_sarif(reports, &SarifOptions::new()),
        render_github(reports),
        render_report(masked, &TextOptions::default()),
    ];
    for output in &outputs {
        for secret in secrets.iter().filter(|s| s.chars().count() >= 8) {
            if output.contains(secret) {
                return Err(format!("{name}: an output shows a secret:\n{output}"));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn masking_changes_the_secret_and_nothing_else(case in arb_case()) {
        for (name, text) in inputs(&case) {
            let options = InspectOptions::default();
            let masked = inspect(None, name, text.as_bytes(), &options).unwrap();
            let plain = without_masking(|| inspect(None, name, text.as_bytes(), &options).unwrap());
            prop_assert!(!masked.redactions.is_empty(), "{name}: no secret found in\n{text}");
            compare(name, &masked, &plain, &case).map_err(TestCaseError::fail)?;
        }
    }
}

/// The reported case: an MCPB-style value that is a secret, under `mcp_config`.
#[test]
fn the_path_of_a_finding_under_mcp_config_is_kept() {
    let text = r#"{"mcpServers": {"files": {"command": "node", "env": {"AIRTABLE_API_KEY": "user_config.airtable_api_key_Q7vKmXpL"}}},
 "server": {"mcp_config": {"env": {"AIRTABLE_API_KEY": "user_config.airtable_api_key_Q7vKmXpL"}}}}"#;
    let report = inspect(
        None,
        "claude_desktop_config.json",
        text.as_bytes(),
        &InspectOptions::default(),
    )
    .unwrap();
    let paths: Vec<String> = report
        .diagnostics
        .iter()
        .filter_map(|d| d.path().map(ToString::to_string))
        .collect();
    assert!(
        paths
            .iter()
            .any(|p| p == "$.mcpServers.files.env.AIRTABLE_API_KEY"),
        "{paths:?}"
    );
    assert!(paths.iter().all(|p| !p.contains('*')), "{paths:?}");
}
