//! Rule tests on whole captured sessions.
use super::*;

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
