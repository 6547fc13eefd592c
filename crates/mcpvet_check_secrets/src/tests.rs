//! Rule tests on whole configurations and sessions. Tokens come from the synthetic generator
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
    assert_eq!(fix.edits()[0].replacement(), "\"${GITHUB_TOKEN}\"");
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

#[test]
fn session_tokens() {
    let gh = token("GitHub personal access token");
    let jwt = token("JSON Web Token");
    let text = format!(
        concat!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x","arguments":{{"token":"{gh}","other":"{jwt}","n":"short"}}}}}}"#,
            "\n",
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"got {gh} and {jwt}"}}]}}}}"#,
            "\n",
            "stderr: leaked {gh}\n",
            r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"info","data":"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}}}"#,
            "\n"
        ),
        gh = gh.token,
        jwt = jwt.token
    );
    let transcript = read_transcript(&text, Some("session.jsonl"), None).value;
    let mut findings = Findings::new();
    crate::check_transcript(&transcript, &mut findings);
    let o = outcome(&text, &findings);
    let rows: Vec<(&str, &str)> = o.rows.iter().map(|r| (r.0, r.3.as_str())).collect();
    let jwt_message = format!(
        "the `tools/call` request carries a JSON Web Token (`eyJh… ({} chars)`) in `$.params.arguments.other`",
        jwt.token.len()
    );
    assert_eq!(
        rows,
        [
            (
                "MCP308",
                "the `tools/call` request carries a GitHub personal access token (`ghp_… (40 chars)`) in `$.params.arguments.token`"
            ),
            ("MCP308", jwt_message.as_str()),
            (
                "MCP308",
                "the response to `tools/call` carries a GitHub personal access token (`ghp_… (40 chars)`) in `$.result.content[0].text` and one more token"
            ),
            (
                "MCP308",
                "the log line carries a GitHub personal access token (`ghp_… (40 chars)`) in its text"
            ),
        ],
        "{:#?}",
        o.rows
    );
    assert_eq!(o.redacted.len(), 5);
    let indices: Vec<Option<u32>> = findings
        .diagnostics()
        .iter()
        .map(mcpvet_diagnostics::Diagnostic::message_index)
        .collect();
    assert_eq!(indices, [Some(0), Some(0), Some(1), Some(2)]);
}

#[test]
fn session_without_tokens_is_quiet() {
    let text = concat!(
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1.0.0"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"sha da39a3ee5e6b4b0d3255bfef95601890afd80709 uuid 550e8400-e29b-41d4-a716-446655440000 \u0041KIA"}]}}"#,
        "\n"
    );
    let transcript = read_transcript(text, Some("session.jsonl"), None).value;
    let mut findings = Findings::new();
    crate::check_transcript(&transcript, &mut findings);
    assert!(
        findings.diagnostics().is_empty(),
        "{:?}",
        findings.diagnostics()
    );
}

fn session(file: &str, text: &str) -> (Outcome, Vec<Option<String>>) {
    let transcript = read_transcript(text, Some(file), None).value;
    let mut findings = Findings::new();
    crate::check_transcript(&transcript, &mut findings);
    let paths = findings
        .diagnostics()
        .iter()
        .map(|d| d.path().map(ToString::to_string))
        .collect();
    (outcome(text, &findings), paths)
}

#[test]
fn session_formats() {
    let t = token("Anthropic API key");
    let s = &t.token;
    // Claude Desktop log: the prefix is text, the message is JSON.
    let log = format!(
        "2025-05-23T10:16:48.596Z [srv] [info] Message from client: {{\"method\":\"tools/call\",\"params\":{{\"name\":\"x\",\"arguments\":{{\"key\":\"{s}\"}}}},\"jsonrpc\":\"2.0\",\"id\":7}}\n\
         2025-05-23T10:16:48.597Z [srv] [error] spawn failed with ANTHROPIC_API_KEY={s}\n"
    );
    let (o, paths) = session("mcp-server-srv.log", &log);
    assert_eq!(o.rows.len(), 2, "{:#?}", o.rows);
    assert!(o.rows.iter().all(|r| r.2 == *s));
    assert_eq!(paths[0].as_deref(), Some("$.params.arguments.key"));
    assert_eq!(o.redacted.len(), 2);
    // A JSON array of messages: the path goes through the array.
    let array = format!(
        r#"[{{"jsonrpc":"2.0","id":1,"method":"tools/list"}},{{"jsonrpc":"2.0","id":1,"result":{{"tools":[{{"name":"t","description":"use {s}","inputSchema":{{"type":"object"}}}}]}}}}]"#
    );
    let (o, paths) = session("session.json", &array);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert_eq!(
        paths[0].as_deref(),
        Some("$[1].result.tools[0].description")
    );
    assert!(
        o.rows[0]
            .3
            .starts_with("the response to `tools/list` carries an Anthropic API key"),
        "{}",
        o.rows[0].3
    );
    // Trace envelopes: HTTP headers in the envelope are scanned too.
    let trace = format!(
        concat!(
            r#"{{"seq":0,"direction":"client-to-server","transport":"streamable-http","kind":"http","status":200,"headers":{{"authorization":"Bearer {s}"}}}}"#,
            "\n",
            r#"{{"seq":1,"direction":"client-to-server","transport":"stdio","kind":"message","payload":{{"jsonrpc":"2.0","id":1,"method":"ping"}}}}"#,
            "\n"
        ),
        s = s
    );
    let (o, _) = session("trace.jsonl", &trace);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert_eq!(o.redacted, std::slice::from_ref(s));
}

#[test]
fn session_escaped_and_repeated() {
    let t = token("GitHub personal access token");
    let escaped = format!("\\u0067{}", &t.token[1..]);
    let text = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"info\",\"data\":\"a\\n{escaped} b {tok} c {tok}\"}}}}\n",
        tok = t.token
    );
    let (o, _) = session("s.jsonl", &text);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert!(
        o.rows[0].3.ends_with("and 2 more tokens"),
        "{}",
        o.rows[0].3
    );
    assert_eq!(o.redacted, [escaped, t.token.clone(), t.token.clone()]);
}

#[test]
fn token_as_a_member_name_is_not_in_the_path() {
    let t = token("npm access token");
    let text = format!(
        r#"{{"mcpServers": {{"a": {{"command": "x", "env": {{"{}": "1"}}}}}}}}"#,
        t.token
    );
    let config = read_config(&text, Some(".mcp.json"), None).value;
    let mut findings = Findings::new();
    crate::check_config(&config, &mut findings);
    let d = &findings.diagnostics()[0];
    assert_eq!(d.code().as_str(), "MCP302");
    assert!(
        d.message()
            .starts_with("a member name in `env` holds an npm access token"),
        "{}",
        d.message()
    );
    assert_eq!(d.path().unwrap().to_string(), "$.mcpServers.a.env");
}

/// The session rule's documented examples (the linter's documentation test runs only the
/// configuration examples): a flagged example gives exactly one finding, an accepted none.
#[test]
fn documented_session_examples() {
    let docs = crate::rules::secret_in_session::SECRET_IN_SESSION.docs();
    let mut flagged = None;
    let mut block: Option<String> = None;
    let mut checked = 0;
    for line in docs.lines() {
        if line.starts_with("### Flagged") {
            flagged = Some(true);
        } else if line.starts_with("### Accepted") {
            flagged = Some(false);
        } else if line.starts_with("## ") {
            flagged = None;
        }
        match (&mut block, line.starts_with("```")) {
            (None, true) if line.starts_with("```jsonl") => block = Some(String::new()),
            (Some(text), true) => {
                let (o, _) = session("session.jsonl", text);
                let want = usize::from(flagged.unwrap());
                assert_eq!(o.rows.len(), want, "{text}\n{:#?}", o.rows);
                checked += 1;
                block = None;
            }
            (Some(text), false) => {
                text.push_str(line);
                text.push('\n');
            }
            _ => {}
        }
    }
    assert_eq!(checked, 4);
}

/// `s` as the text of a JSON string (without the quotes).
fn json_text(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// Every synthetic shape in every place of a capture: found once per place, the credential
/// exactly redacted, and the messages never quoting it.
#[test]
fn session_shapes_in_every_place() {
    for seed in [0, 1] {
        for s in synthetic::shapes(seed) {
            let t = json_text(&s.text);
            let mut places = vec![
                (
                    "stderr line",
                    "session.jsonl",
                    format!("[server] {}\n", s.text),
                ),
                (
                    "Claude Desktop log text",
                    "mcp-server-x.log",
                    format!("2025-05-23T10:16:48.596Z [x] [error] {}\n", s.text),
                ),
                (
                    "tool call argument",
                    "session.jsonl",
                    format!(
                        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"run","arguments":{{"cmd":"{t}"}}}}}}"#
                    ),
                ),
                (
                    "tool result text",
                    "session.jsonl",
                    format!(
                        r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"{t}"}}]}}}}"#
                    ),
                ),
                (
                    "log notification",
                    "session.jsonl",
                    format!(
                        r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"debug","data":"{t}"}}}}"#
                    ),
                ),
            ];
            if let Some((name, value)) = &s.header {
                places.push((
                    "trace HTTP header",
                    "trace.jsonl",
                    format!(
                        r#"{{"seq":1,"direction":"client-to-server","transport":"streamable-http","kind":"http","headers":{{"{}":"{}"}}}}"#,
                        json_text(name),
                        json_text(value)
                    ),
                ));
            }
            for (place, file, text) in places {
                let (o, _) = session(file, &text);
                assert_eq!(
                    o.rows.len(),
                    1,
                    "{} in {place}: {text}\n{:#?}",
                    s.label,
                    o.rows
                );
                let (code, severity, at, message) = &o.rows[0];
                assert_eq!((*code, *severity), ("MCP308", Severity::Warning), "{place}");
                assert_eq!(at, &s.secret, "{} in {place}", s.label);
                assert!(
                    o.redacted.contains(&s.secret),
                    "{} in {place}: {:?}",
                    s.label,
                    o.redacted
                );
                assert!(!message.contains(&s.secret), "{message}");
                assert!(
                    !message.contains(&s.secret[s.secret.len() - 8..]),
                    "{message}"
                );
            }
        }
    }
}

#[test]
fn session_shape_messages() {
    let bearer = &synthetic::shapes(4)[1];
    assert_eq!(bearer.label, "Bearer alone");
    let n = bearer.secret.chars().count();
    let head: String = bearer.secret.chars().take(4).collect();
    let text = format!("stderr: {}\n", bearer.text);
    let (o, paths) = session("session.jsonl", &text);
    assert_eq!(
        o.rows[0].3,
        format!("the log line carries a bearer token (`{head}… ({n} chars)`) in its text")
    );
    assert_eq!(paths, [None]);
    // In a trace's HTTP headers: the path names the header.
    let value = format!("Bearer {}", bearer.secret);
    let trace = format!(
        r#"{{"seq":1,"direction":"client-to-server","transport":"streamable-http","kind":"http","headers":{{"Authorization":"{value}"}}}}"#
    );
    let (o, paths) = session("trace.jsonl", &trace);
    assert_eq!(
        o.rows[0].3,
        format!(
            "the trace event carries a bearer token (`{head}… ({n} chars)`) in `$.headers.Authorization`"
        )
    );
    assert_eq!(paths, [Some("$.headers.Authorization".to_owned())]);
    // A password member of tool arguments.
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"login","arguments":{{"user":"app","password":"{}"}}}}}}"#,
        bearer.secret
    );
    let (o, _) = session("session.jsonl", &call);
    assert_eq!(
        o.rows[0].3,
        format!(
            "the `tools/call` request carries a password named `password` (`{head}… ({n} chars)`) in `$.params.arguments.password`"
        )
    );
    // Shapes and tokens in one text: one finding, at the first, counting both.
    let gh = token("GitHub personal access token");
    let text = format!(
        "stderr: api_key={} then Authorization: Bearer {}\n",
        bearer.secret, gh.token
    );
    let (o, _) = session("session.jsonl", &text);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert_eq!(
        o.rows[0].3,
        format!(
            "the log line carries a secret named `api_key` (`{head}… ({n} chars)`) in its text and one more secret"
        )
    );
    assert_eq!(o.redacted, [bearer.secret.clone(), gh.token.clone()]);
}

/// Placeholders, references, prose and protocol bookkeeping in a session are not secrets.
#[test]
fn session_without_shaped_secrets_is_quiet() {
    let text = concat!(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"url":"https://api.example.invalid/v1?page=2","headers":{"Authorization":"Bearer ${API_TOKEN}","X-Api-Key":"<your-key>"}},"_meta":{"progressToken":"9f1c2a9e7b2d4c1e9a8b5d6e"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Pass api_key=YOUR_KEY or token=xxx; the token= parameter is deprecated. password: must be set"}],"nextPageToken":"CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA0"}}"#,
        "\n",
        "[server] Authorization: Bearer <token> rejected; retry with Basic auth\n",
        "[server] connecting to postgres://app:${DB_PASSWORD}@db.example.invalid/main\n",
        r#"{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":401,"headers":{"WWW-Authenticate":"Bearer realm=\"mcp\"","Mcp-Session-Id":"3f1c2a9e-7b2d-4c1e-9a8b-5d6e7f8a9b0c"}}"#,
        "\n",
    );
    let (o, _) = session("session.jsonl", text);
    assert!(o.rows.is_empty(), "{:#?}", o.rows);
}

#[test]
fn secrets_in_member_names_of_a_session() {
    let gh = token("GitHub personal access token");
    let text = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"info\",\"data\":{{\"{}\":1}}}}}}\n",
        gh.token
    );
    let (o, paths) = session("session.jsonl", &text);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert_eq!(o.rows[0].2, gh.token);
    assert!(
        o.rows[0].3.ends_with("in a member name of `$.params.data`"),
        "{}",
        o.rows[0].3
    );
    assert_eq!(paths, [Some("$.params.data".to_owned())]);
    // A line that starts like JSON and reads as one long member name.
    let bearer = &synthetic::shapes(4)[0];
    let text = format!("{{\" {}\n", bearer.text);
    let (o, paths) = session("session.jsonl", &text);
    assert_eq!(o.rows.len(), 1, "{:#?}", o.rows);
    assert_eq!(o.rows[0].2, bearer.secret);
    assert_eq!(paths, [Some("$".to_owned())]);
}
