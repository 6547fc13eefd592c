//! Rule tests on whole configurations (sessions in [`sessions`]). Tokens come from the synthetic generator
//! at run time; generic secrets are obviously made-up strings that pass the guards.
use mcpvet_ast::config::read_config;
use mcpvet_ast::transcript::read_transcript;
use mcpvet_diagnostics::{Findings, Severity};

use crate::synthetic::{self, SyntheticToken};

/// One finding: code, severity, the source text of its span, message.
type Row = (&'static str, Severity, String, String);

struct Outcome {
    rows: Vec<Row>,
    redacted: Vec<String>,
    help: Vec<String>,
}

fn lint(file: &str, text: &str) -> Outcome {
    let config = read_config(text, Some(file), None).value;
    let mut findings = Findings::new();
    crate::check_config(&config, &mut findings);
    outcome(text, &findings)
}

fn outcome(text: &str, findings: &Findings) -> Outcome {
    let mut diagnostics = findings.diagnostics().to_vec();
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
    let rows = diagnostics
        .iter()
        .map(|d| {
            (
                d.code().as_str(),
                d.severity(),
                text[d.span().range()].to_owned(),
                d.message().to_owned(),
            )
        })
        .collect();
    let help = diagnostics
        .iter()
        .filter_map(|d| d.help().map(str::to_owned))
        .collect();
    Outcome {
        rows,
        redacted: findings
            .redactions()
            .iter()
            .map(|s| text[s.range()].to_owned())
            .collect(),
        help,
    }
}

fn codes(o: &Outcome) -> Vec<&'static str> {
    o.rows.iter().map(|r| r.0).collect()
}

fn token(kind: &str) -> SyntheticToken {
    synthetic::tokens(21)
        .into_iter()
        .find(|t| t.kind == kind)
        .unwrap()
}

/// A made-up generic secret: 23 characters, letters and digits.
const GENERIC: &str = "mcpvetSynthetic7Qx2Lm9R";
/// A made-up password.
const PASSWORD: &str = "mcpvet-synthetic-pw-7Qx";

#[track_caller]
fn assert_clean_output(o: &Outcome, secret: &str) {
    for (_, _, _, message) in &o.rows {
        assert!(!message.contains(secret), "{message}");
        assert!(!message.contains(&secret[secret.len() - 8..]), "{message}");
    }
    for help in &o.help {
        assert!(!help.contains(secret), "{help}");
    }
}

#[test]
fn catalog_is_sorted_and_complete() {
    let codes: Vec<&str> = crate::rules().iter().map(|r| r.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "MCP301", "MCP302", "MCP303", "MCP304", "MCP305", "MCP306", "MCP307", "MCP308"
        ]
    );
    for r in crate::rules() {
        assert_eq!(r.family.digit(), 3);
        assert!(r.docs().contains("### Flagged"), "{}", r.code);
    }
}

#[test]
fn known_token_in_env_is_reported_once_and_redacted() {
    let t = token("GitHub personal access token");
    let text = format!(
        r#"{{"mcpServers": {{"gh": {{"command": "npx", "env": {{"GITHUB_TOKEN": "{}"}}}}}}}}"#,
        t.token
    );
    let o = lint(".mcp.json", &text);
    assert_eq!(codes(&o), ["MCP302"], "{:?}", o.rows);
    assert_eq!(o.rows[0].1, Severity::Error);
    assert_eq!(o.rows[0].2, t.token);
    assert_eq!(
        o.rows[0].3,
        "`env.GITHUB_TOKEN` holds a GitHub personal access token (`ghp_… (40 chars)`)"
    );
    assert_eq!(o.redacted, std::slice::from_ref(&t.token));
    assert!(o.help[0].contains("`${GITHUB_TOKEN}`"), "{}", o.help[0]);
    assert_clean_output(&o, &t.token);
    // The fix writes a reference, never the token.
    let config = read_config(&text, Some(".mcp.json"), None).value;
    let mut findings = Findings::new();
    crate::check_config(&config, &mut findings);
    let fix = findings.diagnostics()[0].fix().unwrap();
    assert_eq!(fix.edits()[0].replacement(), "${GITHUB_TOKEN}");
}

/// Each fix of `text` read as `file`, applied alone: `(code, fix message, fixed text)`.
fn fixes(file: &str, text: &str) -> Vec<(&'static str, String, String)> {
    let config = read_config(text, Some(file), None).value;
    let mut findings = Findings::new();
    crate::check_config(&config, &mut findings);
    findings
        .diagnostics()
        .iter()
        .filter_map(|d| {
            let fix = d.fix()?;
            let applied = mcpvet_diagnostics::apply::apply_fixes(text, [fix]);
            assert_eq!(applied.applied, [0], "{fix:?}");
            Some((d.code().as_str(), fix.message().to_owned(), applied.text))
        })
        .collect()
}

#[test]
fn fixes_move_secrets_into_the_clients_reference_syntax() {
    let t = token("GitHub personal access token");
    let s = &t.token;
    // Claude Code: `${NAME}` in `env`, headers and arguments.
    let text = format!(
        r#"{{"mcpServers": {{
  "gh": {{"command": "npx", "args": ["-y", "gh-mcp", "--api-key={GENERIC}"], "env": {{"GITHUB_TOKEN": "{s}"}}}},
  "api": {{"type": "http", "url": "https://api.example.com/mcp", "headers": {{"Authorization": "Bearer {GENERIC}"}}}}
}}}}"#
    );
    let found = fixes(".mcp.json", &text);
    assert_eq!(found.len(), 3, "{found:?}");
    for (_, message, _) in &found {
        assert!(
            !message.contains(s.as_str()) && !message.contains(GENERIC),
            "{message}"
        );
    }
    let by_code = |code: &str| found.iter().find(|f| f.0 == code).unwrap();
    let args = by_code("MCP304");
    assert!(
        args.2.contains(r#""--api-key=${GH_API_KEY}""#),
        "{}",
        args.2
    );
    assert!(
        args.1.contains("set `GH_API_KEY` in the environment"),
        "{}",
        args.1
    );
    let env = by_code("MCP302");
    assert!(
        env.2.contains(r#""GITHUB_TOKEN": "${GITHUB_TOKEN}""#),
        "{}",
        env.2
    );
    let header = by_code("MCP303");
    assert!(
        header
            .2
            .contains(r#""Authorization": "Bearer ${API_TOKEN}""#),
        "{}",
        header.2
    );
    // Cursor: `${env:NAME}`.
    let cursor = format!(
        r#"{{"mcpServers": {{"gh": {{"command": "npx", "env": {{"GITHUB_TOKEN": "{s}"}}}}}}}}"#
    );
    let found = fixes(".cursor/mcp.json", &cursor);
    assert!(found[0].2.contains(r#""${env:GITHUB_TOKEN}""#), "{found:?}");
    // Claude Desktop and Codex expand nothing: no fix, the help says why.
    let desktop = fixes("claude_desktop_config.json", &cursor);
    assert!(desktop.is_empty(), "{desktop:?}");
    let o = lint("claude_desktop_config.json", &cursor);
    assert!(o.help[0].contains("expands no variables"), "{}", o.help[0]);
    let codex =
        format!("[mcp_servers.gh]\ncommand = \"npx\"\nenv = {{ GITHUB_TOKEN = \"{s}\" }}\n");
    assert!(fixes("config.toml", &codex).is_empty());
}

#[test]
fn vscode_fix_declares_a_password_input() {
    let text = format!(
        "{{\n  \"servers\": {{\n    \"gh\": {{\"command\": \"npx\", \"env\": {{\"GITHUB_TOKEN\": \"{GENERIC}\"}}}}\n  }}\n}}"
    );
    let found = fixes(".vscode/mcp.json", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].2,
        "{\n  \"inputs\": [{\"type\": \"promptString\", \"id\": \"github-token\", \"description\": \"GITHUB_TOKEN of the server gh\", \"password\": true}],\n  \"servers\": {\n    \"gh\": {\"command\": \"npx\", \"env\": {\"GITHUB_TOKEN\": \"${input:github-token}\"}}\n  }\n}"
    );
    // An id already taken gets a number; the entry goes after the last input.
    let taken = format!(
        r#"{{"inputs": [{{"type": "promptString", "id": "github-token"}}], "servers": {{"gh": {{"command": "npx", "env": {{"GITHUB_TOKEN": "{GENERIC}"}}}}}}}}"#
    );
    let found = fixes(".vscode/mcp.json", &taken);
    assert!(
        found[0]
            .2
            .contains(r#""id": "github-token"}, {"type": "promptString", "id": "github-token-2""#),
        "{}",
        found[0].2
    );
    assert!(
        found[0].2.contains(r#""${input:github-token-2}""#),
        "{}",
        found[0].2
    );
}

#[test]
fn known_tokens_everywhere() {
    let t = token("Slack token");
    let s = &t.token;
    let text = format!(
        r#"{{
  // a comment with {s}
  "mcpServers": {{
    "a": {{"command": "x", "args": ["--token={s}", "{s}"], "env": {{"K": {s}}}}},
    "b": {{"type": "http", "url": "https://h.example.invalid/?q={s}",
           "headers": {{"Authorization": "Bearer {s}"}},
           "oauth": {{"clientSecret": "{s}", "tokens": {{"access_token": "{s}"}}}}}}
  }}
}}"#
    );
    let o = lint(".mcp.json", &text);
    let known: Vec<&Row> = o.rows.iter().filter(|r| r.0 == "MCP302").collect();
    assert_eq!(known.len(), 8, "{:#?}", o.rows);
    assert!(known.iter().all(|r| r.2 == *s));
    assert!(o.rows.iter().all(|r| r.0 == "MCP302"), "{:#?}", o.rows);
    assert_eq!(o.redacted.len(), 8);
    let messages: Vec<&str> = known.iter().map(|r| r.3.as_str()).collect();
    assert!(
        messages[0].starts_with("a comment holds a Slack token"),
        "{messages:?}"
    );
    assert!(messages[1].starts_with("`args[0]` holds"), "{messages:?}");
    assert!(
        messages[3].starts_with("the unreadable text at `env.K` holds"),
        "{messages:?}"
    );
    assert!(messages[4].starts_with("`url` holds"), "{messages:?}");
    assert!(
        messages[6].starts_with("`oauth.clientSecret` holds"),
        "{messages:?}"
    );
    assert!(
        messages[7].starts_with("`oauth.tokens.access_token` holds"),
        "{messages:?}"
    );
    assert_clean_output(&o, s);
}

#[test]
fn escaped_tokens_map_to_their_source() {
    let t = token("GitHub personal access token");
    let escaped = format!("\\u0067{}", &t.token[1..]);
    let text = format!(
        r#"{{"mcpServers": {{"a": {{"command": "x", "env": {{"T": "line\n{escaped}\tend"}}}}}}}}"#
    );
    let o = lint("mcp.json", &text);
    assert_eq!(codes(&o), ["MCP302"]);
    assert_eq!(o.redacted, [escaped]);
}

#[test]
fn placeholders_are_not_secrets() {
    let text = r#"{"mcpServers": {
      "brave": {"command": "npx", "env": {"BRAVE_API_KEY": "YOUR_BRAVE_API_KEY"}},
      "kali": {"command": "python3", "env": {"KALI_API_KEY": "[REDACTED_API_KEY]"}},
      "gh": {"command": "npx", "env": {"GITHUB_TOKEN": "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}},
      "aws": {"command": "npx", "env": {"AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}},
      "remote": {"command": "npx", "args": ["mcp-remote", "https://x.example.invalid", "--header", "Authorization: Bearer <token>"]},
      "db": {"command": "npx", "args": ["postgres://u:****@db.example.invalid/x"]}
    }}"#;
    let o = lint("claude_desktop_config.json", text);
    assert!(o.rows.iter().all(|r| r.0 == "MCP307"), "{:#?}", o.rows);
    let spans: Vec<&str> = o.rows.iter().map(|r| r.2.as_str()).collect();
    assert_eq!(
        spans,
        [
            "YOUR_BRAVE_API_KEY",
            "[REDACTED_API_KEY]",
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "AKIAIOSFODNN7EXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "<token>",
            "****"
        ]
    );
    assert_eq!(
        o.rows[0].3,
        "`env.BRAVE_API_KEY` still holds the placeholder `YOUR_BRAVE_API_KEY` where a credential belongs"
    );
    assert!(o.rows.iter().all(|r| r.1 == Severity::Warning));
}

#[test]
fn references_are_never_secrets() {
    let text = r#"{"servers": {
      "a": {"type": "stdio", "command": "npx", "args": ["--api-key", "${env:CONTEXT7_API_KEY}", "--token=${input:tok}", "-e", "GITHUB_TOKEN=${env:GH}"],
            "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}", "API_KEY": "${input:api-key}", "OTHER_TOKEN": "$TOKEN", "WIN_TOKEN": "%TOKEN%"}},
      "b": {"type": "http", "url": "https://u:${input:pw}@h.example.invalid/?token=${env:T}",
            "headers": {"Authorization": "Bearer ${input:home-assistant-token}", "X-API-Key": "{{ secret \"k\" }}", "Cookie": "s=${env:S}"}}
    }}"#;
    let o = lint(".vscode/mcp.json", text);
    assert!(o.rows.is_empty(), "{:#?}", o.rows);
}

#[test]
fn plaintext_credentials_in_env_and_fields() {
    let text = format!(
        r#"{{"mcpServers": {{
      "db": {{"command": "x", "env": {{"DB_PASSWORD": "{PASSWORD}", "PGHOST": "db.example.invalid", "API_KEY": "{GENERIC}",
               "MAX_TOKENS": "4096", "GITHUB_CLIENT_ID": "{GENERIC}", "TOKEN_URL": "https://x.example.invalid/t",
               "GOOGLE_APPLICATION_CREDENTIALS": "/home/me/creds.json", "SECRET_MANAGER": "aws-secrets-manager", "EMPTY_TOKEN": ""}}}},
      "gem": {{"httpUrl": "https://g.example.invalid", "oauth": {{"clientId": "abc", "clientSecret": "{GENERIC}"}}}}
    }}}}"#
    );
    let o = lint(".gemini/settings.json", &text);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.2.as_str())).collect();
    assert_eq!(
        rows,
        [
            ("MCP301", PASSWORD),
            ("MCP301", GENERIC),
            ("MCP301", GENERIC)
        ],
        "{:#?}",
        o.rows
    );
    assert_eq!(
        o.rows[0].3,
        "`env.DB_PASSWORD` holds a plaintext password (`mcpv… (23 chars)`)"
    );
    assert_eq!(
        o.rows[2].3,
        "`oauth.clientSecret` holds a plaintext credential (`mcpv… (23 chars)`)"
    );
    assert_eq!(o.redacted, [PASSWORD, GENERIC, GENERIC]);
    assert_clean_output(&o, GENERIC);
    assert_clean_output(&o, PASSWORD);
}

#[test]
fn vscode_password_input_default() {
    let text = format!(
        r#"{{"servers": {{}}, "inputs": [{{"type": "promptString", "id": "pw", "password": true, "default": "{PASSWORD}"}}]}}"#
    );
    let o = lint(".vscode/mcp.json", &text);
    assert_eq!(codes(&o), ["MCP301"], "{:#?}", o.rows);
    assert!(
        o.rows[0]
            .3
            .starts_with("`$.inputs[0].default` holds a plaintext password")
    );
}

#[test]
fn headers() {
    let text = format!(
        r#"{{"mcpServers": {{"r": {{"type": "http", "url": "https://r.example.invalid/mcp", "headers": {{
      "Authorization": "Bearer {GENERIC}",
      "X-API-Key": "{GENERIC}",
      "Cookie": "session={GENERIC}; theme=dark; csrf=Zx81Lm0QpRw3",
      "Accept": "application/json",
      "X-Request-Id": "{GENERIC}",
      "Proxy-Authorization": "Digest username=\"u\", response=\"{GENERIC}\""
    }}}}}}}}"#
    );
    let o = lint(".mcp.json", &text);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.2.as_str())).collect();
    assert_eq!(
        rows,
        [
            ("MCP303", GENERIC),
            ("MCP303", GENERIC),
            ("MCP303", GENERIC)
        ],
        "{:#?}",
        o.rows
    );
    assert_eq!(
        o.rows[0].3,
        "header `Authorization` sends a literal Bearer credential (`mcpv… (23 chars)`)"
    );
    assert!(
        o.help[0].contains("`Bearer ${MCP_R_TOKEN}`") || o.help[0].contains("Bearer ${R_TOKEN}"),
        "{}",
        o.help[0]
    );
    // Both cookie values are redacted, the harmless one is not.
    assert_eq!(o.redacted, [GENERIC, GENERIC, GENERIC, "Zx81Lm0QpRw3"]);
}

#[test]
fn short_or_placeholder_header_values() {
    let text = r#"{"mcpServers": {"r": {"type": "http", "url": "https://r.example.invalid/mcp",
      "headers": {"Authorization": "Bearer XYZ", "X-API-Key": "abc"}}}}"#;
    let o = lint(".mcp.json", text);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.2.as_str())).collect();
    assert_eq!(
        rows,
        [("MCP307", "XYZ"), ("MCP307", "abc")],
        "{:#?}",
        o.rows
    );
}

#[test]
fn args() {
    let text = format!(
        r#"{{"mcpServers": {{"a": {{"command": "npx", "args": [
      "-y", "pkg", "--api-key", "{GENERIC}", "--token={GENERIC}", "--password", "{PASSWORD}",
      "--header", "Authorization: Bearer {GENERIC}", "-H", "X-Api-Key:{GENERIC}",
      "-e", "SERVICE_TOKEN={GENERIC}", "-e", "GITHUB_TOKEN", "OPENAI_API_KEY={GENERIC}",
      "--token-file", "/run/secrets/t", "--port", "8080", "--key", "/home/me/key.pem", "--verbose"
    ]}}}}}}"#
    );
    let o = lint("claude_desktop_config.json", &text);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.2.as_str())).collect();
    assert_eq!(
        rows,
        [
            ("MCP304", GENERIC),
            ("MCP304", GENERIC),
            ("MCP304", PASSWORD),
            ("MCP304", GENERIC),
            ("MCP304", GENERIC),
            ("MCP304", GENERIC),
            ("MCP304", GENERIC),
        ],
        "{:#?}",
        o.rows
    );
    let messages: Vec<&str> = o.rows.iter().map(|r| r.3.as_str()).collect();
    assert_eq!(
        messages[0],
        "`args[3]` passes a secret to `--api-key` on the command line (`mcpv… (23 chars)`)"
    );
    assert_eq!(
        messages[3],
        "`args[8]` passes a literal `Authorization` header through `--header` (`mcpv… (23 chars)`)"
    );
    assert_eq!(
        messages[5],
        "`args[12]` sets `SERVICE_TOKEN` to a literal secret on the command line with `-e` (`mcpv… (23 chars)`)"
    );
    assert_clean_output(&o, GENERIC);
}

#[test]
fn command_with_spaces() {
    let text =
        format!(r#"{{"mcpServers": {{"a": {{"command": "npx -y pkg --api-key {GENERIC}"}}}}}}"#);
    let o = lint("claude_desktop_config.json", &text);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.2.as_str())).collect();
    assert_eq!(rows, [("MCP304", GENERIC)], "{:#?}", o.rows);
}

#[test]
fn urls() {
    let text = format!(
        r#"{{"mcpServers": {{
      "pg": {{"command": "npx", "args": ["postgresql://app:{PASSWORD}@db.example.invalid:5432/main"]}},
      "local": {{"command": "npx", "args": ["postgres://postgres:postgres@localhost/dev"]}},
      "user": {{"command": "npx", "env": {{"DATABASE_URL": "mongodb+srv://{GENERIC}@c.example.invalid/db"}}}},
      "q": {{"url": "https://s.example.invalid/mcp?api_key={GENERIC}&lang=en&token_type=bearer&page=2"}},
      "sig": {{"url": "https://blob.example.invalid/x?sv=2024&sig=Zm9vOm1jcHZldC1zeW50aGV0aWM%3D"}},
      "plain": {{"url": "https://u@s.example.invalid/mcp?key=short"}}
    }}}}"#
    );
    let o = lint(".cursor/mcp.json", &text);
    let rows: Vec<(&str, Severity, &str)> =
        o.rows.iter().map(|r| (r.0, r.1, r.2.as_str())).collect();
    assert_eq!(
        rows,
        [
            ("MCP306", Severity::Error, PASSWORD),
            ("MCP306", Severity::Warning, "postgres"),
            ("MCP306", Severity::Error, GENERIC),
            ("MCP305", Severity::Warning, GENERIC),
            (
                "MCP305",
                Severity::Warning,
                "Zm9vOm1jcHZldC1zeW50aGV0aWM%3D"
            ),
        ],
        "{:#?}",
        o.rows
    );
    assert_eq!(
        o.rows[0].3,
        "the URL in `args[0]` embeds a password (`mcpv… (23 chars)`)"
    );
    assert_eq!(
        o.rows[3].3,
        "the URL in `url` carries a secret in the query parameter `api_key` (`mcpv… (23 chars)`)"
    );
}

#[test]
fn unquoted_and_broken_json() {
    let t = token("AWS access key ID");
    let text = format!(
        "{{\"mcpServers\": {{\"a\": {{\"command\": \"x\", \"env\": {{\"AWS_ACCESS_KEY_ID\": {} }}}}}} trailing {}",
        t.token, t.token
    );
    let o = lint("mcp.json", &text);
    let known: Vec<&Row> = o.rows.iter().filter(|r| r.0 == "MCP302").collect();
    assert_eq!(known.len(), 2, "{:#?}", o.rows);
    assert_eq!(o.redacted, [t.token.clone(), t.token.clone()]);
}

#[test]
fn stripe_test_keys_are_warnings() {
    let t = token("Stripe test-mode secret key");
    let text = format!(
        r#"{{"mcpServers": {{"s": {{"command": "x", "env": {{"STRIPE_SECRET_KEY": "{}"}}}}}}}}"#,
        t.token
    );
    let o = lint("mcp.json", &text);
    assert_eq!(codes(&o), ["MCP302"]);
    assert_eq!(o.rows[0].1, Severity::Warning);
}

#[test]
fn every_format_in_every_position_is_redacted() {
    for t in synthetic::tokens(33) {
        let s = t.token.replace('\n', "\\n");
        let text = format!(
            r#"{{"mcpServers": {{"a": {{"command": "npx", "args": ["--api-key={s}", "--token", "{s}", "--header", "Authorization: Bearer {s}", "-e", "API_TOKEN={s}"],
              "env": {{"TOKEN": "{s}"}}}},
              "b": {{"type": "http", "url": "https://h.example.invalid/mcp?token={s}", "headers": {{"Authorization": "Bearer {s}", "X-API-Key": "{s}"}}}}}}}}"#
        );
        let o = lint(".mcp.json", &text);
        assert_eq!(o.rows.len(), 8, "{}: {:#?}", t.kind, o.rows);
        assert!(
            o.rows.iter().all(|r| r.0 == "MCP302"),
            "{}: {:#?}",
            t.kind,
            o.rows
        );
        // Each redaction is the token (a webhook: its path), as written in the file.
        let written = t.token.replace('\n', "\\n");
        for r in &o.redacted {
            assert!(
                written.ends_with(r.as_str()) && r.len() >= 20,
                "{}: {r}",
                t.kind
            );
        }
        for row in &o.rows {
            assert!(row.3.contains(&format!("{} (", t.kind)), "{}", row.3);
        }
        for (_, _, _, m) in &o.rows {
            for w in t.random.as_bytes().windows(8) {
                assert!(!m.contains(std::str::from_utf8(w).unwrap()), "{m}");
            }
        }
    }
}

mod definitions;
mod sessions;
