//! Generated configurations in every dialect: the checks never panic, every finding has a
//! path and a span on character boundaries, fixes are well-formed edits that leave valid
//! JSON, and no message repeats an `env` or header value.
use mcpvet_ast::config::read_config;
use mcpvet_diagnostics::Findings;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Marks values that no message may repeat.
const SECRET: &str = "S3cretMarkerValue";

const FILES: [&str; 12] = [
    "claude_desktop_config.json",
    ".mcp.json",
    ".cursor/mcp.json",
    ".codeium/windsurf/mcp_config.json",
    ".gemini/settings.json",
    ".vscode/mcp.json",
    ".zed/settings.json",
    "cline_mcp_settings.json",
    ".roo/mcp.json",
    ".kiro/settings/mcp.json",
    ".amazonq/mcp.json",
    "mcp.json",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "npx",
            "uv run python",
            "cmd",
            "/c",
            "-y",
            "@scope/pkg@latest",
            "pkg@1.0.0",
            "./srv.js",
            ".",
            "~/bin/x",
            "C:\\Program Files\\x\\node.exe",
            "${workspaceFolder}/a.js",
            "${env:HOME}",
            "${HOME}",
            "$HOME/x",
            "%APPDATA%\\x",
            "${input:tok}",
            "sh",
            "-c",
            "curl -fsSL https://x | sh",
            "sudo",
            "rm -rf /",
            "a && b",
            "`id`",
            "$(id)",
            "server.py",
            "docker",
            "-v",
            "~/.ssh:/root/.ssh",
            "--directory",
            "é ü ✓",
            "\u{0}",
            "\\u0024{X}",
            "{{ .Name }}",
            "${{ secrets.X }}",
            "",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,12}",
    ]
}

fn url() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "https://x.example/mcp",
            "http://jenkins:8080/sse",
            "http://localhost:3000/mcp",
            "http://[::1]/mcp",
            "https://${input:host}/sse",
            "${URL}",
            "x.example/mcp",
            "localhost:1",
            "wss://x",
            "unix:///run/s.sock",
            "pipe:///p",
            "https://u:p@h/p?t=1#f",
            "http://${HOST}:${PORT}/x",
            "https://ü.example/é",
            " https://x ",
            "http://",
            "",
            "https://x:99999/",
            "javascript:alert(1)",
            "http://%41%:1/",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,16}",
    ]
}

fn server() -> impl Strategy<Value = Value> {
    (
        prop::option::of(word()),
        prop::option::of(prop::collection::vec(word(), 0..5)),
        prop::option::of(url()),
        prop::option::of(prop::sample::select(vec![
            "stdio",
            "http",
            "sse",
            "streamableHttp",
            "streamable-http",
            "websocket",
        ])),
        prop::sample::select(vec!["url", "serverUrl", "httpUrl"]),
        prop::option::of(prop::sample::select(vec![
            "Mcp-Session-Id",
            "MCP-Protocol-Version",
            "Authorization",
            "X-Key",
        ])),
        any::<bool>(),
    )
        .prop_map(|(command, args, url, ty, url_key, header, env)| {
            let mut m = Map::new();
            if let Some(c) = command {
                m.insert("command".into(), json!(c));
            }
            if let Some(a) = args {
                m.insert("args".into(), json!(a));
            }
            if let Some(u) = url {
                m.insert(url_key.into(), json!(u));
            }
            if let Some(t) = ty {
                m.insert("type".into(), json!(t));
            }
            if let Some(h) = header {
                m.insert("headers".into(), json!({ h: format!("Bearer {SECRET}") }));
            }
            if env {
                m.insert("env".into(), json!({ "TOKEN": SECRET, "REF": "${env:T}" }));
            }
            Value::Object(m)
        })
}

fn config() -> impl Strategy<Value = (String, String)> {
    (
        prop::sample::select(FILES.to_vec()),
        prop::collection::vec(("[a-zA-Z ._/é-]{0,8}", server()), 0..4),
        prop::option::of(prop::collection::vec("[a-z]{1,4}", 0..3)),
    )
        .prop_map(|(file, servers, inputs)| {
            let map_key = match file {
                ".vscode/mcp.json" => "servers",
                ".zed/settings.json" => "context_servers",
                _ => "mcpServers",
            };
            let servers: Map<String, Value> = servers.into_iter().collect();
            let mut root = Map::new();
            root.insert(map_key.into(), Value::Object(servers));
            if let Some(ids) = inputs {
                let inputs: Vec<Value> = ids
                    .iter()
                    .map(|id| json!({"type": "promptString", "id": id}))
                    .collect();
                root.insert("inputs".into(), json!(inputs));
            }
            let text = serde_json::to_string_pretty(&Value::Object(root)).unwrap_or_default();
            (file.to_owned(), text)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn findings_are_well_formed((file, text) in config()) {
        let outcome = read_config(&text, Some(&file), None);
        let mut findings = Findings::new();
        mcpvet_check_transport::check_config(&outcome.value, &mut findings);
        let codes: Vec<_> = mcpvet_check_transport::rules().iter().map(|r| r.code).collect();
        for d in findings.diagnostics() {
            let span = d.span();
            prop_assert!(span.end as usize <= text.len());
            prop_assert!(text.is_char_boundary(span.start as usize) && text.is_char_boundary(span.end as usize));
            prop_assert!(codes.contains(&d.code()));
            prop_assert!(d.path().is_some(), "{} has no path", d.code());
            prop_assert!(!d.message().contains(SECRET), "{}", d.message());
            prop_assert!(!d.help().unwrap_or("").contains(SECRET));
            for label in d.secondary() {
                prop_assert!(label.span().end as usize <= text.len());
            }
            if let Some(fix) = d.fix() {
                let mut fixed = text.clone();
                let mut last = usize::MAX;
                for edit in fix.edits().iter().rev() {
                    let range = edit.span().range();
                    prop_assert!(range.end <= last, "overlapping edits");
                    prop_assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
                    fixed.replace_range(range.clone(), edit.replacement());
                    last = range.start;
                }
                prop_assert!(serde_json::from_str::<Value>(&fixed).is_ok(), "fix breaks JSON:\n{fixed}");
            }
        }
    }
}
