//! No output ever contains a secret.
//!
//! A few hundred synthetic secrets (every token format the secret checks know, several times
//! over, plus made-up generic credentials) are written into configurations in every place a
//! secret can be: `env` values (also with a JSON escape inside), headers (`Bearer …`, API-key
//! headers, cookies), arguments (`--api-key=…`, `--token …`, docker `-e NAME=…`,
//! `--header "Authorization: …"`), URL query parameters and userinfo, `oauth` secrets and
//! stored tokens, a VS Code password input's default, a JSONC comment, and unquoted in broken
//! JSON; and into captured sessions (tool arguments, results, log messages, log text). Each
//! file is inspected and rendered in every output format; neither a secret nor any
//! 8-character piece of its random part may appear in any rendering, nor in any diagnostic's
//! message, help, path or fix.
//!
//! Every format masks alike: none shows more of a secret than the one masking policy keeps
//! (`mcpvet_diagnostics::redact::keep_chars` leading characters), be it a message that
//! describes the secret, a source snippet, or the line of a streamed capture.
//!
//! Credentials that no provider format names, recognised by their shape (`Authorization:
//! Bearer …`, `token=…`, cookies, signed URLs: every shape of
//! `mcpvet_check_secrets::synthetic::shapes`), are written into every kind of captured text
//! (a server's stderr line, a Claude Desktop log line, tool call arguments and results, a log
//! notification, the HTTP headers of a trace envelope, the headers, cookies and query string of
//! a HAR file) and checked the same way, the
//! `--messages` listing and a real streamed inspection (`mcpvet_linter::stream`) included;
//! a property test embeds them in random text.
//!
//! Server definitions are checked the same way: every synthetic secret is written into a
//! definition's basic-authentication password and API-key value, a registry `server.json`
//! environment variable's `value` (declared `isSecret` and not, with a credential name), a
//! registry header value, and an MCPB manifest's sensitive `user_config` default, one place
//! a file: each must be found by a secret rule, its span redacted, and absent from every
//! output; a property test places random credentials there.
//!
//! Adding an output format is one line in [`renderings`].
use std::collections::HashSet;

use mcpvet_check_secrets::guards::{Strength, Verdict, judge};
use mcpvet_check_secrets::synthetic::{self, SyntheticShape, SyntheticToken};
use mcpvet_diagnostics::redact::keep_chars;
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::render_report;
use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
use mcpvet_linter::render::text::{TextOptions, render_diagnostics};
use mcpvet_linter::{
    ConfigOptions, FileReport, ServerOptions, TranscriptOptions, lint_config, lint_server,
    lint_transcript,
};
use mcpvet_text::{Encoding, LineIndex, Positions, SourceFile};

/// `report` as a streamed inspection gives it: the source not held, only the positions and
/// the lines its findings point at.
fn streamed(report: &FileReport) -> FileReport {
    let mut out = report.clone();
    out.source = positioned(report.source.name(), report.source.text(), report);
    out
}

/// The source a streamed inspection of `text` holds for `report`: the positions of the
/// offsets its findings use and the lines they are on.
fn positioned(name: &str, text: &str, report: &FileReport) -> SourceFile {
    let index = LineIndex::new(text);
    let len = u32::try_from(text.len()).unwrap();
    let mut positions = Positions::new(len);
    for d in &report.diagnostics {
        for at in [d.span().start, d.span().end] {
            let at = at.min(len);
            positions.insert(
                at,
                index.line_col(at, Encoding::CodePoint),
                index.line_col(at, Encoding::Utf16),
            );
            let line = index.line_of(at);
            let start = index.line_start(line).unwrap_or(0);
            let end = index.line_start(line + 1).unwrap_or(len);
            let line_text = text[start as usize..end as usize].trim_end_matches(['\n', '\r']);
            positions.insert_line(start, line, line_text.to_owned());
        }
    }
    for at in mcpvet_linter::stream::offsets(report) {
        let at = at.min(len);
        positions.insert(
            at,
            index.line_col(at, Encoding::CodePoint),
            index.line_col(at, Encoding::Utf16),
        );
    }
    SourceFile::positioned(name, positions)
}

/// Every output format, rendering one report. Add a format here.
fn renderings(report: &FileReport) -> Vec<(&'static str, String)> {
    let one = std::slice::from_ref(report);
    let text = TextOptions {
        color: false,
        redactions: report.redactions.clone(),
    };
    let colored = TextOptions {
        color: true,
        ..text.clone()
    };
    vec![
        (
            "text",
            render_diagnostics(&report.source, &report.diagnostics, &text),
        ),
        (
            "text (color)",
            render_diagnostics(&report.source, &report.diagnostics, &colored),
        ),
        ("overview", render_report(report, &text)),
        ("streamed text", render_report(&streamed(report), &text)),
        ("json", render_json(one, &JsonReportOptions::default())),
        ("sarif", render_sarif(one, &SarifOptions::default())),
        ("github", render_github(one)),
    ]
}

/// A secret and the part of it no output may show.
#[derive(Debug, Clone)]
struct Secret {
    kind: String,
    whole: String,
    random: String,
}

impl From<SyntheticToken> for Secret {
    fn from(t: SyntheticToken) -> Self {
        Secret {
            kind: t.kind.to_owned(),
            whole: t.token,
            random: t.random,
        }
    }
}

/// Made-up generic credentials (no provider format): 24 letters and digits that the
/// checks' guards accept as secrets.
fn generic_secrets(count: usize) -> Vec<Secret> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut out = Vec::new();
    while out.len() < count {
        let s: String = (0..24)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                char::from(ALPHABET[(state % ALPHABET.len() as u64) as usize])
            })
            .collect();
        let mixed = s.bytes().any(|b| b.is_ascii_uppercase())
            && s.bytes().any(|b| b.is_ascii_lowercase())
            && s.bytes().any(|b| b.is_ascii_digit());
        if mixed && judge(&s, Strength::QUERY) == Verdict::Secret {
            out.push(Secret {
                kind: "generic credential".to_owned(),
                whole: s.clone(),
                random: s,
            });
        }
    }
    out
}

/// The text of a JSON string holding `s`, without the quotes.
fn esc(s: &str) -> String {
    let quoted = serde_json::to_string(s).unwrap();
    quoted[1..quoted.len() - 1].to_owned()
}

/// `s` with its first character written as a `\u` escape.
fn esc_first(s: &str) -> String {
    let mut chars = s.chars();
    let first = chars.next().unwrap();
    format!("\\u{:04x}{}", u32::from(first), esc(chars.as_str()))
}

/// Configuration files holding `s` in every place: (file name, text). Formats only: places
/// where a secret can only be recognised by its shape (comments, unquoted text).
fn configs(s: &Secret, format: bool) -> Vec<(&'static str, String)> {
    let e = esc(&s.whole);
    let mut out = vec![
        (
            "claude_desktop_config.json",
            format!(
                r#"{{"mcpServers": {{"local": {{"command": "npx", "args": [
  "-y", "some-mcp", "--api-key={e}", "--token", "{e}", "-e", "API_TOKEN={e}",
  "--header", "Authorization: Bearer {e}", "https://h.example.invalid/sse?token={e}",
  "postgres://app:{e}@db.example.invalid/main"],
  "env": {{"API_TOKEN": "{e}", "DB_PASSWORD": "{e}", "ESCAPED_TOKEN": "{}"}}}}}}}}"#,
                esc_first(&s.whole)
            ),
        ),
        (
            ".mcp.json",
            format!(
                r#"{{"mcpServers": {{"remote": {{"type": "http", "url": "https://h.example.invalid/mcp?api_key={e}",
  "headers": {{"Authorization": "Bearer {e}", "X-API-Key": "{e}", "Cookie": "theme=dark; session={e}"}}}},
  "userinfo": {{"type": "http", "url": "https://app:{e}@h.example.invalid/mcp"}}}}}}"#
            ),
        ),
        (
            ".gemini/settings.json",
            format!(
                r#"{{"mcpServers": {{"g": {{"httpUrl": "https://g.example.invalid/mcp", "oauth": {{"clientId": "c", "clientSecret": "{e}"}}}}}}}}"#
            ),
        ),
        (
            "cline_mcp_settings.json",
            format!(
                r#"{{"mcpServers": {{"c": {{"type": "streamableHttp", "url": "https://c.example.invalid/mcp", "oauth": {{"tokens": {{"access_token": "{e}"}}}}}}}}}}"#
            ),
        ),
        (
            ".vscode/mcp.json",
            format!(
                r#"{{"servers": {{"v": {{"type": "stdio", "command": "npx", "env": {{"PW": "${{input:pw}}"}}}}}},
  "inputs": [{{"type": "promptString", "id": "pw", "description": "Password", "password": true, "default": "{e}"}}]}}"#
            ),
        ),
    ];
    if format {
        out.push((
            ".vscode/mcp.json",
            format!(
                "{{\n  /* old token: {} */\n  \"servers\": {{\"v\": {{\"type\": \"stdio\", \"command\": \"npx\"}}}}\n}}\n",
                s.whole
            ),
        ));
    }
    // Unquoted in broken JSON (a multi-line private key: see `fragments_quoted_elsewhere`).
    if format && !s.whole.contains('\n') {
        out.push((
            ".mcp.json",
            format!(
                "{{\"mcpServers\": {{\"broken\": {{\"command\": \"npx\", \"env\": {{\"API_TOKEN\": {} }}}}}}}}\n",
                s.whole
            ),
        ));
    }
    out
}

/// Captured sessions holding `s`: (file name, text).
fn sessions(s: &Secret) -> Vec<(&'static str, String)> {
    let e = esc(&s.whole);
    vec![
        (
            "session.jsonl",
            format!(
                concat!(
                    r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x","arguments":{{"token":"{e}"}}}}}}"#,
                    "\n",
                    r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"echo: {e}"}}]}}}}"#,
                    "\n",
                    r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"info","data":"got {e}"}}}}"#,
                    "\n",
                ),
                e = e
            ),
        ),
        (
            "mcp-server-x.log",
            format!(
                "2025-06-27T07:58:07.774Z [x] [info] Message from client: {{\"method\":\"tools/call\",\"params\":{{\"name\":\"x\",\"arguments\":{{\"key\":\"{e}\"}}}},\"jsonrpc\":\"2.0\",\"id\":3}}\n\
                 2025-06-27T07:58:07.775Z [x] [error] failed with {e}\n"
            ),
        ),
        // Run logs: the secret in `argv`, in `stderr` (the run summary quotes its first
        // line) and in a header, as JSON lines and as `key=value` lines.
        (
            "run.jsonl",
            format!(
                concat!(
                    r#"{{"run_id":"r1","server_name":"x","phase":"launch","event":"spawn_requested","argv":["--token","{e}"]}}"#,
                    "\n",
                    r#"{{"run_id":"r1","phase":"execution","event":"external_attempt","action_id":"a1","host":"api.example.test","headers":{{"Authorization":"Bearer {e}"}}}}"#,
                    "\n",
                    r#"{{"run_id":"r1","phase":"launch","event":"exited","exit_code":1,"stderr":"auth failed for {e}\nat main.js:3"}}"#,
                    "\n",
                ),
                e = e
            ),
        ),
        (
            "run.log",
            format!(
                "phase=launch event=spawn_requested run_id=r1 argv=[\"--token\",\"{e}\"]\n\
                 phase=execution event=external_attempt run_id=r1 host=api.example.test authorization=\"Bearer {e}\"\n\
                 phase=launch event=exited run_id=r1 exit_code=1 stderr=\"auth failed for {e}\"\n"
            ),
        ),
        ("session.har", har_holding(&e)),
    ]
}

/// A HAR file (as a browser's developer tools export it, one member a line) of a
/// Streamable HTTP exchange holding the secret `e` (the text of a JSON string) in a query
/// string, in the `Authorization`, `X-Api-Key`, `Cookie` and `Set-Cookie` headers, in the
/// request's `cookies` and `queryString`, and in a tool argument of the body.
fn har_holding(e: &str) -> String {
    // The body is a JSON string inside the HAR: the secret is escaped twice there.
    let body = esc(&format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x","arguments":{{"token":"{e}"}}}}}}"#
    ));
    format!(
        r#"{{
  "log": {{
    "version": "1.2",
    "creator": {{"name": "test", "version": "1"}},
    "entries": [
      {{
        "startedDateTime": "2025-12-01T09:00:00.000Z",
        "request": {{
          "method": "POST",
          "url": "https://mcp.example.test/mcp?access_token={e}",
          "headers": [
            {{"name": "Accept", "value": "application/json, text/event-stream"}},
            {{"name": "Authorization", "value": "Bearer {e}"}},
            {{"name": "X-Api-Key", "value": "{e}"}},
            {{"name": "Cookie", "value": "theme=dark; session={e}"}}
          ],
          "cookies": [{{"name": "session", "value": "{e}"}}],
          "queryString": [{{"name": "access_token", "value": "{e}"}}],
          "postData": {{"mimeType": "application/json", "text": "{body}"}}
        }},
        "response": {{
          "status": 200,
          "headers": [
            {{"name": "Content-Type", "value": "application/json"}},
            {{"name": "Set-Cookie", "value": "session={e}; HttpOnly"}}
          ],
          "content": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"content\":[]}}}}"}}
        }}
      }}
    ]
  }}
}}
"#
    )
}

/// Server definitions holding `v` (the text of a JSON string, without the quotes) in one
/// credential field each: (what, file name, text).
fn definitions(v: &str) -> Vec<(&'static str, &'static str, String)> {
    let tool = |auth: &str| {
        format!(
            r#"{{"name": "crm", "description": "Customer records.",
  "tools": [{{"name": "find_customer", "description": "Find a customer by name.", "type": "http",
    "method": "GET", "endpoint": "https://api.example.invalid", "path": "/customers",
    "authentication": {auth}}}],
  "publish": {{"version": "1.0.0"}}}}"#
        )
    };
    let registry = |input: &str| {
        format!(
            r#"{{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json",
  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
  {input}}}"#
        )
    };
    let package = |env: &str| {
        registry(&format!(
            r#""packages": [{{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    "transport": {{"type": "stdio"}}, "environmentVariables": [{env}]}}]"#
        ))
    };
    vec![
        (
            "a basic-authentication password",
            "definition.json",
            tool(&format!(
                r#"{{"type": "basic", "username": "svc", "password": "{v}"}}"#
            )),
        ),
        (
            "an API-key value",
            "definition.json",
            tool(&format!(
                r#"{{"type": "apiKey", "key": "X-Api-Key", "value": "{v}"}}"#
            )),
        ),
        (
            "an environment variable declared secret",
            "server.json",
            package(&format!(
                r#"{{"name": "WEATHER_API_KEY", "isSecret": true, "value": "{v}"}}"#
            )),
        ),
        (
            "an environment variable named like a credential",
            "server.json",
            package(&format!(
                r#"{{"name": "WEATHER_API_KEY", "isSecret": false, "value": "{v}"}}"#
            )),
        ),
        (
            "a header value",
            "server.json",
            registry(&format!(
                r#""remotes": [{{"type": "streamable-http", "url": "https://weather.example.invalid/mcp",
    "headers": [{{"name": "X-API-Key", "value": "{v}"}}]}}]"#
            )),
        ),
        (
            "a sensitive setting's default",
            "manifest.json",
            format!(
                r#"{{"manifest_version": "0.3", "name": "weather", "version": "1.0.0",
  "description": "Weather forecasts.", "author": {{"name": "Acme"}},
  "server": {{"type": "node", "entry_point": "server/index.js",
    "mcp_config": {{"command": "node", "args": ["${{__dirname}}/server/index.js"],
      "env": {{"WEATHER_API_KEY": "${{user_config.api_key}}"}}}}}},
  "user_config": {{"api_key": {{"type": "string", "title": "API key",
    "description": "Your weather API key.", "sensitive": true, "required": true, "default": "{v}"}}}}}}"#
            ),
        ),
    ]
}

/// Inspects a server definition, `file` its name.
fn lint_definition(file: &str, text: String) -> FileReport {
    lint_server(
        &SourceFile::new(file, text).unwrap(),
        &ServerOptions::default(),
    )
}

/// Checks a definition holding `s` in one place: a secret rule found it, redacted (part
/// of) the place where it is written, and no output shows it.
fn check_definition(s: &Secret, what: &str, file: &str, text: String, failures: &mut Vec<String>) {
    let e = esc(&s.whole);
    let at = text.find(&e).expect("the secret is in the text");
    let report = lint_definition(file, text);
    let label = format!("{file} ({what})");
    // The redaction may be part of the secret (a Slack webhook URL: its path).
    let end = at + e.len();
    let redacted = report
        .redactions
        .iter()
        .any(|r| (r.start as usize) < end && at < r.end as usize);
    if !redacted {
        let codes: Vec<&str> = report
            .diagnostics
            .iter()
            .map(|d| d.code().as_str())
            .collect();
        failures.push(format!(
            "{} not redacted in {label}; findings: {codes:?}",
            s.kind
        ));
    }
    check_report(s, &label, &report, failures);
}

/// The 8-character pieces of the secret's random part (those without a line break: a
/// rendering may escape line breaks, and every line's own pieces are checked).
fn pieces(s: &Secret) -> Vec<&str> {
    let r = s.random.as_str();
    let mut out: Vec<&str> = (0..r.len().saturating_sub(7))
        .filter(|&i| r.is_char_boundary(i) && r.is_char_boundary(i + 8))
        .map(|i| &r[i..i + 8])
        .filter(|p| !p.contains('\n'))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[track_caller]
fn assert_hidden(s: &Secret, file: &str, what: &str, output: &str, failures: &mut Vec<String>) {
    let lines: HashSet<&str> = s.whole.lines().filter(|l| l.len() >= 8).collect();
    // One character more than the policy keeps (for a secret long enough to keep some),
    // unless those characters are a provider's fixed prefix (`github_pat_`, `sk-admin-`)
    // that the rule documentation in SARIF names anyway.
    let keep = keep_chars(s.whole.chars().count());
    let beyond: String = s.whole.chars().take(keep + 1).collect();
    let documented = mcpvet_linter::rules()
        .iter()
        .any(|r| r.docs.contains(&beyond));
    let too_much = keep > 0 && !documented && output.contains(&beyond);
    if too_much {
        let shown: Vec<&str> = output.lines().filter(|l| l.contains(&beyond)).collect();
        failures.push(format!(
            "{} shown beyond its {keep} kept characters in {what} of {file}:\n{}",
            s.kind,
            shown.join("\n")
        ));
    }
    let leaked = output.contains(&s.whole)
        || lines.iter().any(|l| output.contains(l))
        || pieces(s).iter().any(|p| output.contains(p));
    if leaked {
        let piece = pieces(s)
            .into_iter()
            .find(|p| output.contains(p))
            .unwrap_or(&s.whole);
        // The lines of the output that show it.
        let shown: Vec<&str> = output
            .lines()
            .filter(|l| l.contains(piece) || l.contains(&s.whole))
            .collect();
        failures.push(format!(
            "{} leaked in {what} of {file} (piece {piece:?}):\n{}",
            s.kind,
            shown.join("\n")
        ));
    }
}

fn check_report(s: &Secret, file: &str, report: &FileReport, failures: &mut Vec<String>) {
    let secrets_found = report
        .diagnostics
        .iter()
        .filter(|d| d.code().family() == 3)
        .count();
    if secrets_found == 0 {
        failures.push(format!("{}: no secret finding in {file}", s.kind));
    }
    for d in &report.diagnostics {
        assert_hidden(s, file, "a message", d.message(), failures);
        if let Some(help) = d.help() {
            assert_hidden(s, file, "a help", help, failures);
        }
        if let Some(path) = d.path() {
            assert_hidden(s, file, "a path", &path.to_string(), failures);
        }
        if let Some(fix) = d.fix() {
            assert_hidden(s, file, "a fix", fix.message(), failures);
            for edit in fix.edits() {
                assert_hidden(s, file, "a fix", edit.replacement(), failures);
            }
        }
        for label in d.secondary() {
            assert_hidden(s, file, "a label", label.message().unwrap_or(""), failures);
        }
    }
    for server in &report.servers {
        assert_hidden(
            s,
            file,
            "a server summary",
            server.target.as_deref().unwrap_or(""),
            failures,
        );
    }
    for (format, output) in renderings(report) {
        assert_hidden(s, file, format, &output, failures);
    }
}

fn lint(file: &str, text: String) -> FileReport {
    let source = SourceFile::new(file, text).unwrap();
    let transcript = std::path::Path::new(file).extension().is_some_and(|e| {
        e.eq_ignore_ascii_case("jsonl")
            || e.eq_ignore_ascii_case("log")
            || e.eq_ignore_ascii_case("har")
    });
    if transcript {
        lint_transcript(&source, &TranscriptOptions::default())
    } else {
        lint_config(&source, &ConfigOptions::default())
    }
}

#[test]
fn no_secret_reaches_any_output() {
    let mut secrets: Vec<(Secret, bool)> = Vec::new();
    for seed in 0..5 {
        secrets.extend(
            synthetic::tokens(seed)
                .into_iter()
                .map(|t| (Secret::from(t), true)),
        );
    }
    let formats = secrets.len();
    secrets.extend(generic_secrets(60).into_iter().map(|s| (s, false)));
    assert!(formats >= 190 && secrets.len() >= 250, "{}", secrets.len());
    let first_seed: HashSet<String> = synthetic::tokens(0).into_iter().map(|t| t.token).collect();
    let mut failures = Vec::new();
    let mut files = 0;
    for (secret, format) in &secrets {
        let mut inputs = configs(secret, *format);
        if *format {
            inputs.extend(sessions(secret));
        }
        for (file, text) in inputs {
            let report = lint(file, text);
            check_report(secret, file, &report, &mut failures);
            files += 1;
        }
        // Definitions: every format once (the first seed) and every generic credential.
        if !*format || first_seed.contains(&secret.whole) {
            for (what, file, text) in definitions(&esc(&secret.whole)) {
                check_definition(secret, what, file, text, &mut failures);
                files += 1;
            }
        }
    }
    assert!(files > 2000, "{files}");
    // A summary by output and file, then the first failures in full.
    let mut summary: Vec<String> = failures
        .iter()
        .filter_map(|f| f.lines().next()?.split(" leaked in ").nth(1))
        .map(|where_| where_.split(" (piece").next().unwrap_or(where_).to_owned())
        .collect();
    summary.sort();
    summary.dedup();
    assert!(
        failures.is_empty(),
        "{} failure(s) in: {summary:#?}\n\nthe first ones:\n\n{}",
        failures.len(),
        firsts(&failures).join("\n\n")
    );
}

/// Places where another part of mcpvet quotes pieces of a secret that the secret checks found
/// and redacted: the renderers mask any fragment of eight characters or more, and a JSON path
/// never echoes an unreadable key.
///
/// - MCP412 `stdout-pollution` quotes the polluting line cut to a length.
/// - A multi-line private key written without quotes is split by the parser's recovery into
///   words and member names; messages ("found …") and JSON paths quote those pieces.
#[test]
fn fragments_quoted_elsewhere() {
    let mut failures = Vec::new();
    for t in synthetic::tokens(0) {
        let s = Secret::from(t);
        let e = esc(&s.whole);
        let mut inputs = vec![("session.jsonl", format!("stderr: token={e}\n"))];
        if s.whole.contains('\n') {
            inputs.push((
                ".mcp.json",
                format!(
                    "{{\"mcpServers\": {{\"broken\": {{\"command\": \"npx\", \"env\": {{\"API_TOKEN\": {} }}}}}}}}\n",
                    s.whole
                ),
            ));
        }
        for (file, text) in inputs {
            let report = lint(file, text);
            check_report(&s, file, &report, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", firsts(&failures).join("\n\n"));
}

/// The first failure of each kind of output and file.
fn firsts(failures: &[String]) -> Vec<String> {
    let mut seen = HashSet::new();
    failures
        .iter()
        .filter(|f| {
            let head = f.lines().next().unwrap_or("");
            let key = head.split(" leaked in ").nth(1).unwrap_or(head);
            seen.insert(key.split(" (piece").next().unwrap_or(key).to_owned())
        })
        .cloned()
        .collect()
}

#[test]
fn every_format_is_covered() {
    let kinds: HashSet<&str> = synthetic::tokens(0).iter().map(|t| t.kind).collect();
    for kind in [
        "GitHub personal access token",
        "GitHub fine-grained personal access token",
        "GitLab personal access token",
        "AWS access key ID",
        "Slack token",
        "OpenAI API key",
        "Anthropic API key",
        "Stripe secret key",
        "Google API key",
        "JSON Web Token",
        "Hugging Face access token",
        "npm access token",
        "PEM private key",
    ] {
        assert!(kinds.contains(kind), "{kind}");
    }
}

impl From<&SyntheticShape> for Secret {
    fn from(s: &SyntheticShape) -> Self {
        Secret {
            kind: s.label.to_owned(),
            whole: s.secret.clone(),
            random: s.random.clone(),
        }
    }
}

/// The first lines of a session, so that every capture reads as one.
const HANDSHAKE: &str = concat!(
    r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
    "\n",
);

/// Captured sessions holding the shaped credential `s` in every kind of captured text:
/// (what, file name, text).
fn shaped_sessions(s: &SyntheticShape) -> Vec<(&'static str, &'static str, String)> {
    let t = esc(&s.text);
    let mut out = vec![
        (
            "a stderr line",
            "session.jsonl",
            format!("{HANDSHAKE}[server stderr] {}\n", s.text),
        ),
        (
            "a Claude Desktop log line",
            "mcp-server-x.log",
            format!(
                "2025-05-23T10:16:48.596Z [x] [info] Message from client: {{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{{}},\"clientInfo\":{{\"name\":\"c\",\"version\":\"1\"}}}}}}\n\
                 2025-05-23T10:16:48.597Z [x] [error] {}\n",
                s.text
            ),
        ),
        (
            "a Claude Desktop log message",
            "mcp-server-x.log",
            format!(
                "2025-05-23T10:16:48.596Z [x] [info] Message from client: {{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{{\"name\":\"run\",\"arguments\":{{\"cmd\":\"{t}\"}}}}}}\n"
            ),
        ),
        (
            "tool call arguments and result",
            "session.jsonl",
            format!(
                concat!(
                    "{}",
                    r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"run","arguments":{{"cmd":"{t}"}}}}}}"#,
                    "\n",
                    r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"ran: {t}"}}]}}}}"#,
                    "\n",
                ),
                HANDSHAKE,
                t = t
            ),
        ),
        (
            "a log notification",
            "session.jsonl",
            format!(
                concat!(
                    "{}",
                    r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"debug","logger":"http","data":"{t}"}}}}"#,
                    "\n",
                ),
                HANDSHAKE,
                t = t
            ),
        ),
    ];
    // A vcrpy cassette in YAML: the body a JSON string in a YAML double-quoted scalar (each
    // character escaped twice), the header a list item.
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"run","arguments":{{"cmd":"{t}"}}}}}}"#
    );
    let header = s.header.as_ref().map_or(String::new(), |(name, value)| {
        format!("    headers:\n      {name}:\n      - \"{}\"\n", esc(value))
    });
    out.push((
        "a YAML HTTP cassette's body and headers",
        "cassette.yaml",
        format!(
            "interactions:\n- request:\n    body: \"{}\"\n{header}    method: POST\n    uri: http://localhost/mcp\n  response:\n    body:\n      string: '{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"content\":[]}}}}'\n    status:\n      code: 200\nversion: 1\n",
            esc(&body)
        ),
    ));
    // A run log: the credential in `argv`, in `stderr` (quoted by the run summary) and, when
    // it is a header, in the event's `headers`.
    let header = s.header.as_ref().map_or(String::new(), |(name, value)| {
        format!(r#","headers":{{"{}":"{}"}}"#, esc(name), esc(value))
    });
    out.push((
        "a run log's argv, stderr and headers",
        "run.jsonl",
        format!(
            concat!(
                r#"{{"run_id":"r1","server_name":"x","phase":"launch","event":"spawn_requested","argv":["node","main.js","{t}"]}}"#,
                "\n",
                r#"{{"run_id":"r1","phase":"execution","event":"external_attempt","action_id":"a1","host":"api.example.test"{h}}}"#,
                "\n",
                r#"{{"run_id":"r1","phase":"launch","event":"exited","exit_code":1,"stderr":"{t}"}}"#,
                "\n",
            ),
            t = t,
            h = header
        ),
    ));
    if let Some((name, value)) = &s.header {
        out.push((
            "an HTTP header of a HAR file",
            "session.har",
            format!(
                r#"{{"log": {{"version": "1.2", "entries": [{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{{"name": "{}", "value": "{}"}}, {{"name": "Accept", "value": "application/json, text/event-stream"}}], "postData": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}}"}}}}, "response": {{"status": 200, "headers": [], "content": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{{}}}}"}}}}}}]}}}}"#,
                esc(name),
                esc(value)
            ),
        ));
        out.push((
            "an HTTP header of a trace",
            "trace.jsonl",
            format!(
                concat!(
                    r#"{{"seq":0,"direction":"client-to-server","transport":"streamable-http","kind":"message","payload":{{"jsonrpc":"2.0","id":0,"method":"ping"}}}}"#,
                    "\n",
                    r#"{{"seq":1,"direction":"client-to-server","transport":"streamable-http","kind":"http","headers":{{"{}":"{}","Accept":"application/json"}}}}"#,
                    "\n",
                ),
                esc(name),
                esc(value)
            ),
        ));
    }
    out
}

fn transcript_options() -> TranscriptOptions {
    TranscriptOptions {
        messages: true,
        ..TranscriptOptions::default()
    }
}

/// `text` inspected as the streaming pipeline inspects a large capture (cut in two pieces of
/// whole lines), with the source a streamed report holds.
fn stream(file: &str, text: &str) -> FileReport {
    use mcpvet_linter::stream::{PiecePlace, TranscriptStream, detect_format, read_piece};
    let (format, reason) = detect_format(text, Some(file), None).expect("a capture");
    let mut stream = TranscriptStream::new(&transcript_options(), format, reason);
    let cut = text[..text.len() / 2].rfind('\n').map_or(0, |i| i + 1);
    let mut first_line = 1;
    for (base, piece) in [(0, &text[..cut]), (cut, &text[cut..])] {
        if piece.is_empty() {
            continue;
        }
        let place = PiecePlace {
            base: u32::try_from(base).unwrap(),
            first_line,
            first_element: 0,
        };
        stream.consume(read_piece(piece.as_bytes().to_vec(), place, format, None));
        first_line += u32::try_from(piece.matches('\n').count()).unwrap();
    }
    let mut report = stream.finish(file);
    report.source = positioned(file, text, &report);
    report
}

#[test]
fn no_shaped_secret_reaches_any_output() {
    let mut failures = Vec::new();
    let mut files = 0;
    for seed in 0..3 {
        for shape in synthetic::shapes(seed) {
            let secret = Secret::from(&shape);
            for (what, file, text) in shaped_sessions(&shape) {
                let source = SourceFile::new(file, text.clone()).unwrap();
                let whole = lint_transcript(&source, &transcript_options());
                assert!(
                    whole
                        .transcript
                        .as_ref()
                        .is_some_and(|t| t.message_rows.is_some()),
                    "{what}: no message listing"
                );
                let label = format!("{file} ({what}, {})", shape.label);
                check_report(&secret, &label, &whole, &mut failures);
                files += 1;
                // Cassettes and HAR files are one document, never streamed (the CLI reads
                // them whole); run logs of JSON lines are streamed like any other.
                if file == "cassette.yaml" || file == "session.har" {
                    continue;
                }
                let streamed = stream(file, &text);
                check_report(
                    &secret,
                    &format!("{label}, streamed"),
                    &streamed,
                    &mut failures,
                );
                // The streamed report finds what the whole-file one finds.
                let codes = |r: &FileReport| {
                    r.diagnostics
                        .iter()
                        .filter(|d| d.code().family() == 3)
                        .map(|d| (d.code(), d.span()))
                        .collect::<Vec<_>>()
                };
                assert_eq!(codes(&whole), codes(&streamed), "{label}");
            }
        }
    }
    assert!(files >= 3 * 25 * 6, "{files}");
    assert!(
        failures.is_empty(),
        "{} failure(s); the first ones:\n\n{}",
        failures.len(),
        firsts(&failures).join("\n\n")
    );
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(64))]

    /// A random credential in any credential field of a server definition is found and
    /// never reaches an output.
    #[test]
    fn a_secret_in_a_definition_never_leaks(
        secret in "[A-Za-z0-9]{8}[A-Za-z0-9_.~-]{8,40}",
        pick in 0usize..6,
    ) {
        let mixed = secret.bytes().any(|b| b.is_ascii_uppercase())
            && secret.bytes().any(|b| b.is_ascii_lowercase())
            && secret.bytes().any(|b| b.is_ascii_digit());
        proptest::prop_assume!(mixed && judge(&secret, Strength::QUERY) == Verdict::Secret);
        let s = Secret {
            kind: "generic credential".to_owned(),
            whole: secret.clone(),
            random: secret.clone(),
        };
        let places = definitions(&secret);
        let (what, file, text) = places[pick % places.len()].clone();
        let mut failures = Vec::new();
        check_definition(&s, what, file, text, &mut failures);
        proptest::prop_assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }

    /// A shaped credential in random log text, on a stderr line or in a tool result, never
    /// reaches an output.
    #[test]
    fn a_shaped_secret_in_random_text_never_leaks(
        before in "[ -~]{0,40}",
        after in "[ -~]{0,40}",
        pick in 0usize..25,
        seed in 0u64..4,
        in_result: bool,
    ) {
        let shapes = synthetic::shapes(seed);
        let shape = &shapes[pick % shapes.len()];
        let line = format!("{before} {} {after}", shape.text);
        let text = if in_result {
            format!(
                "{HANDSHAKE}{{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{{\"content\":[{{\"type\":\"text\",\"text\":\"{}\"}}]}}}}\n",
                esc(&line)
            )
        } else {
            format!("{HANDSHAKE}{line}\n")
        };
        let report = lint("session.jsonl", text);
        let mut failures = Vec::new();
        check_report(&Secret::from(shape), "session.jsonl", &report, &mut failures);
        proptest::prop_assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}
