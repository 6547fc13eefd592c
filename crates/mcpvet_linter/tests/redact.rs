//! The redacted copy of a file (`mcpvet redact`, [`mcpvet_linter::share`]): for every
//! fixture that holds a secret (the conformance suite's configurations, sessions, HAR files,
//! run logs and server definitions, the examples) and for the synthetic secrets of
//! `mcpvet_check_secrets::synthetic` written into configurations, sessions, HAR files and run
//! logs, the copy
//!
//! - has the length and the lines of the original (every line break where it was),
//! - shows none of the secrets,
//! - has the same findings (code, JSON path, line, column), the secret ones (`MCP3xx`) aside,
//! - and holds no secret left: [`leftovers`] (`mcpvet redact --check`) finds some in the
//!   original and none in the copy.
//!
//! A property test checks length and line breaks on arbitrary input.
use std::collections::BTreeSet;

use mcpvet_check_secrets::synthetic;
use mcpvet_linter::share::{leftovers, redact};
use mcpvet_linter::{FileReport, InspectOptions};
use mcpvet_testkit::{file_name, files_below, repo_root};
use mcpvet_text::Encoding;
use proptest::prelude::*;

/// The findings of a report that are not about secrets: code, path, line, column.
fn findings(report: &FileReport) -> BTreeSet<(String, String, u32, u32)> {
    let index = report.source.line_index();
    report
        .diagnostics
        .iter()
        .filter(|d| d.code().family() != 3)
        .map(|d| {
            let at = index.line_col(d.span().start, Encoding::CodePoint);
            (
                d.code().to_string(),
                d.path().map(ToString::to_string).unwrap_or_default(),
                at.line,
                at.column,
            )
        })
        .collect()
}

fn line_breaks(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b, b'\n' | b'\r'))
        .map(|(i, _)| i)
        .collect()
}

/// Checks the copy of `text` named `name`; `secrets` must not show in it. `Ok(false)` when
/// the text holds no secret at all.
fn check(name: &str, text: &[u8], secrets: &[String]) -> Result<bool, String> {
    let options = InspectOptions::default();
    let before = leftovers(None, name, text, &options).unwrap();
    let copy = redact(None, name, text, &options).unwrap();
    if before.is_empty() && copy.secrets.is_empty() {
        return Ok(false);
    }
    let fail = |what: &str| {
        Err(format!(
            "{name}: {what}\n--- original\n{}\n--- copy\n{}",
            String::from_utf8_lossy(text),
            String::from_utf8_lossy(&copy.bytes)
        ))
    };
    if copy.bytes.len() != text.len() || line_breaks(&copy.bytes) != line_breaks(text) {
        return fail("the copy's length or lines differ");
    }
    let shown = String::from_utf8_lossy(&copy.bytes);
    if let Some(s) = secrets.iter().find(|s| shown.contains(s.as_str())) {
        return fail(&format!("the copy shows the secret `{s}`"));
    }
    // Every secret span of the original is gone from the copy (long enough to be sure).
    let original = String::from_utf8_lossy(text);
    for s in &copy.secrets {
        let secret = &original[s.span.range()];
        if secret.len() >= 12 && shown.contains(secret) {
            return fail(&format!("the copy still holds `{secret}`"));
        }
    }
    let after = redact(None, name, &copy.bytes, &options).unwrap();
    let (old, new) = (findings(&copy.report), findings(&after.report));
    if old != new {
        let lost: Vec<_> = old.difference(&new).collect();
        let added: Vec<_> = new.difference(&old).collect();
        return fail(&format!(
            "the findings differ: lost {lost:?}, added {added:?}"
        ));
    }
    if before.is_empty() {
        return fail("`--check` finds no secret in the original");
    }
    let left = leftovers(None, name, &copy.bytes, &options).unwrap();
    if !left.is_empty() {
        let spans: Vec<&str> = left.iter().map(|s| &shown[s.span.range()]).collect();
        return fail(&format!("`--check` finds secrets in the copy: {spans:?}"));
    }
    if after.bytes != copy.bytes {
        return fail("redacting the copy again changes it");
    }
    Ok(true)
}

/// Every input file of the conformance suite and the examples, named by its path inside
/// its case folder (or its file name).
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let conformance = repo_root().join("tests/conformance");
    for path in files_below(&conformance).unwrap() {
        if file_name(&path).starts_with("expected.") {
            continue;
        }
        let relative = path.strip_prefix(&conformance).unwrap();
        let name: Vec<String> = relative
            .components()
            .skip(3)
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        out.push((name.join("/"), std::fs::read(&path).unwrap()));
    }
    for path in files_below(&repo_root().join("examples")).unwrap() {
        out.push((file_name(&path), std::fs::read(&path).unwrap()));
    }
    out
}

#[test]
fn every_fixture_with_a_secret_has_a_clean_copy() {
    let mut with_secrets = 0;
    let mut failures = Vec::new();
    let inputs = fixtures();
    for (name, text) in &inputs {
        match check(name, text, &[]) {
            Ok(true) => with_secrets += 1,
            Ok(false) => {}
            Err(message) => failures.push(message),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n\n")
    );
    assert!(
        with_secrets > 60,
        "only {with_secrets} fixtures hold a secret"
    );
}

/// The text of a JSON string holding `s`, without the quotes.
fn esc(s: &str) -> String {
    let quoted = serde_json::to_string(s).unwrap();
    quoted[1..quoted.len() - 1].to_owned()
}

/// Files of every kind holding the token `e` (the text of a JSON string).
fn files_holding(e: &str) -> Vec<(&'static str, String)> {
    vec![
        (
            ".mcp.json",
            format!(
                r#"{{"mcpServers": {{
  "local": {{"command": "npx", "args": ["-y", "some-mcp", "--api-key={e}"], "env": {{"API_TOKEN": "{e}"}}}},
  "remote": {{"type": "http", "url": "https://h.example.invalid/mcp?api_key={e}",
    "headers": {{"Authorization": "Bearer {e}", "Cookie": "theme=dark; session={e}"}}}}
}}}}
"#
            ),
        ),
        (
            "session.jsonl",
            format!(
                concat!(
                    r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"x","arguments":{{"token":"{e}"}}}}}}"#,
                    "\n",
                    r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[{{"type":"text","text":"echo: {e}"}}]}}}}"#,
                    "\n",
                ),
                e = e
            ),
        ),
        (
            "run.jsonl",
            format!(
                concat!(
                    r#"{{"run_id":"r1","server_name":"x","phase":"launch","event":"spawn_requested","argv":["--token","{e}"]}}"#,
                    "\n",
                    r#"{{"run_id":"r1","phase":"execution","event":"external_attempt","action_id":"a1","host":"api.example.test","headers":{{"Authorization":"Bearer {e}"}}}}"#,
                    "\n",
                ),
                e = e
            ),
        ),
        (
            "session.har",
            format!(
                r#"{{"log": {{"version": "1.2", "entries": [{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp?access_token={e}",
  "headers": [{{"name": "Authorization", "value": "Bearer {e}"}}, {{"name": "Accept", "value": "application/json, text/event-stream"}}],
  "postData": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}}"}}}},
  "response": {{"status": 200, "headers": [{{"name": "Set-Cookie", "value": "session={e}; HttpOnly"}}], "content": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{{}}}}"}}}}}}]}}}}
"#
            ),
        ),
    ]
}

/// Files holding the shaped credential `s` (in the text around it that makes it one): a
/// session's stderr line and tool call, a run log's argv, and, for a header, a HAR file's
/// and a trace's headers.
fn shaped_files(s: &synthetic::SyntheticShape) -> Vec<(&'static str, String)> {
    let t = esc(&s.text);
    let mut out = vec![
        (
            "session.jsonl",
            format!(
                "{{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}}\n[server stderr] {}\n",
                s.text
            ),
        ),
        (
            "session.jsonl",
            format!(
                concat!(
                    r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"run","arguments":{{"cmd":"{t}"}}}}}}"#,
                    "\n"
                ),
                t = t
            ),
        ),
        (
            "run.jsonl",
            format!(
                concat!(
                    r#"{{"run_id":"r1","server_name":"x","phase":"launch","event":"spawn_requested","argv":["node","main.js","{t}"]}}"#,
                    "\n"
                ),
                t = t
            ),
        ),
    ];
    if let Some((name, value)) = &s.header {
        out.push((
            "session.har",
            format!(
                r#"{{"log": {{"version": "1.2", "entries": [{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{{"name": "{}", "value": "{}"}}], "postData": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}}"}}}}, "response": {{"status": 200, "headers": [], "content": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{{}}}}"}}}}}}]}}}}"#,
                esc(name),
                esc(value)
            ),
        ));
        out.push((
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

#[test]
fn synthetic_secrets_never_survive() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for t in synthetic::tokens(0) {
        // A private key's lines are checked piece by piece: its random part is what counts.
        let secrets = vec![t.random.clone()];
        for (name, text) in files_holding(&esc(&t.token)) {
            match check(name, text.as_bytes(), &secrets) {
                Ok(_) => checked += 1,
                Err(message) => failures.push(message),
            }
        }
    }
    for s in synthetic::shapes(0) {
        for (name, text) in shaped_files(&s) {
            match check(name, text.as_bytes(), std::slice::from_ref(&s.random)) {
                Ok(_) => checked += 1,
                Err(message) => failures.push(message),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(checked > 200, "{checked}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn redaction_keeps_length_and_line_breaks(text in "(\\PC|[\\n\\r\"\\\\]){0,200}", seed in any::<u8>()) {
        // Arbitrary text, and the same with credentials spliced in.
        let spliced = format!("{text} Authorization: Bearer Zq8xW2vN5mK9pR3t{seed}\ntoken={text}\n");
        for input in [text.as_str(), spliced.as_str()] {
            let copy = redact(None, "input.txt", input.as_bytes(), &InspectOptions::default()).unwrap();
            prop_assert_eq!(copy.bytes.len(), input.len());
            prop_assert_eq!(line_breaks(&copy.bytes), line_breaks(input.as_bytes()));
            prop_assert!(std::str::from_utf8(&copy.bytes).is_ok());
        }
    }

    #[test]
    fn redaction_keeps_invalid_bytes_and_length(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let copy = redact(None, "input.bin", &bytes, &InspectOptions::default()).unwrap();
        prop_assert_eq!(copy.bytes.len(), bytes.len());
        prop_assert_eq!(line_breaks(&copy.bytes), line_breaks(&bytes));
    }
}
