//! Unit tests of config lowering: every dialect's transport rules and shapes.
use mcpvet_diagnostics::Severity;

use super::*;
use crate::vars::VarSyntax;

fn read<'a>(text: &'a str, name: Option<&str>) -> LowerOutcome<ConfigFile<'a>> {
    read_config(text, name, None)
}

fn read_as(text: &str, dialect: Dialect) -> LowerOutcome<ConfigFile<'_>> {
    read_config(text, None, Some(dialect))
}

/// `CODE severity path` of every diagnostic.
fn diags(outcome: &LowerOutcome<ConfigFile<'_>>) -> Vec<String> {
    outcome
        .diagnostics
        .iter()
        .map(|d| {
            let path = d.path().map_or_else(|| "-".to_owned(), ToString::to_string);
            format!("{} {} {path}", d.code(), d.severity())
        })
        .collect()
}

#[track_caller]
fn stdio(server: &Server) -> &Stdio {
    match &server.transport {
        Transport::Stdio(s) => s,
        other => panic!("expected stdio, got {other:?}"),
    }
}

#[track_caller]
fn http(server: &Server) -> &Http {
    match &server.transport {
        Transport::Http(h) => h,
        other => panic!("expected http, got {other:?}"),
    }
}

fn text_at(text: &str, span: Span) -> &str {
    &text[span.range()]
}

#[test]
fn claude_desktop_stdio_and_url_entries() {
    let text = r#"{
  "mcpServers": {
    "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/srv/data"],
           "env": {"TOKEN": "YOUR_TOKEN"}},
    "remote": {"url": "https://example.invalid/mcp"}
  },
  "globalShortcut": "Ctrl+Space"
}"#;
    let o = read(text, Some("claude_desktop_config.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::ClaudeDesktop);
    let fs = c.server("fs").unwrap();
    assert_eq!(text_at(text, fs.name.span), "\"fs\"");
    let s = stdio(fs);
    assert_eq!(s.command.as_ref().unwrap().value, "npx");
    assert_eq!(s.args.len(), 3);
    assert_eq!(text_at(text, s.args[2].span), "\"/srv/data\"");
    assert_eq!(
        fs.env
            .as_ref()
            .unwrap()
            .get("TOKEN")
            .unwrap()
            .string
            .as_ref()
            .unwrap()
            .value,
        "YOUR_TOKEN"
    );
    // Claude Desktop skips `url` entries; the lowering keeps them for the stdio-only check.
    let remote = c.server("remote").unwrap();
    assert_eq!(http(remote).kind, HttpKind::StreamableHttp);
    assert!(Dialect::ClaudeDesktop.stdio_only());
    // `globalShortcut` is a Claude Desktop setting: the root is shared, nothing reported.
    assert_eq!(c.root_members[1].status, KeyStatus::Known);
}

#[test]
fn claude_code_types_defaults_and_projects() {
    let text = r#"{
  "mcpServers": {
    "api": {"type": "http", "url": "${API_BASE_URL:-https://api.example.invalid}/mcp",
            "headers": {"Authorization": "Bearer ${API_KEY}"}},
    "old": {"type": "sse", "url": "https://example.invalid/sse"},
    "local": {"type": "stdio", "command": "node", "args": ["server.js"]}
  },
  "projects": {
    "/home/me/app": {"allowedTools": [], "mcpServers": {"x": {"command": "uvx", "args": ["x-mcp"]}}},
    "/home/me/other": {"history": []}
  }
}"#;
    let o = read(text, Some("/home/me/.claude.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::ClaudeCode);
    let names: Vec<&str> = c.servers.iter().map(|s| s.name.value.as_str()).collect();
    assert_eq!(names, ["api", "old", "local", "x"]);
    let api = c.server("api").unwrap();
    let api_http = http(api);
    assert_eq!(
        (api_http.kind, api_http.kind_source),
        (HttpKind::StreamableHttp, KindSource::Type)
    );
    let url = api_http.url.as_ref().unwrap();
    let r = url.refs().next().unwrap();
    assert_eq!(r.syntax, VarSyntax::BracedDefault);
    assert_eq!(r.default.as_deref(), Some("https://api.example.invalid"));
    assert_eq!(
        text_at(text, r.default_span.unwrap()),
        "https://api.example.invalid"
    );
    let auth = api.headers.as_ref().unwrap().get("Authorization").unwrap();
    assert!(!auth.string.as_ref().unwrap().is_only_ref());
    assert_eq!(http(c.server("old").unwrap()).kind, HttpKind::Sse);
    assert_eq!(
        c.server("local")
            .unwrap()
            .declared_type
            .as_ref()
            .unwrap()
            .kind,
        Some(TransportKind::Stdio)
    );
    let x = c.server("x").unwrap();
    assert_eq!(
        x.path.to_string(),
        r#"$.projects["/home/me/app"].mcpServers.x"#
    );
    let map = &c.server_maps[x.map];
    assert_eq!(map.kind, MapKind::ProjectMcpServers);
    assert_eq!(map.project.as_ref().unwrap().value, "/home/me/app");
    assert_eq!(c.server_maps.len(), 2);
}

#[test]
fn claude_code_plugin_flat_file() {
    let text = r#"{"docs": {"command": "npx", "args": ["docs-mcp"]}, "_comment": "plugin"}"#;
    let o = read(text, Some("plugins/x/.mcp.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    assert_eq!(o.value.server_maps[0].kind, MapKind::Flat);
    assert_eq!(o.value.servers[0].path.to_string(), "$.docs");
}

#[test]
fn cursor_reads_url_not_server_url() {
    let text = r#"{"mcpServers": {"a": {"url": "http://localhost:3111/mcp"}, "b": {"serverUrl": "https://x.invalid"}}}"#;
    let o = read(text, Some(".cursor/mcp.json"));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::Cursor);
    let a = http(c.server("a").unwrap());
    assert_eq!(
        (a.kind, a.kind_source, a.url_key.value),
        (HttpKind::StreamableHttp, KindSource::Default, UrlKey::Url)
    );
    assert_eq!(c.server("b").unwrap().transport, Transport::Missing);
    assert_eq!(
        diags(&o),
        [
            "MCP012 error $.mcpServers.b",
            "MCP101 info $.mcpServers.b.serverUrl"
        ]
    );
    let missing = &o.diagnostics[0];
    assert!(
        missing.message().contains("neither `command` nor `url`"),
        "{}",
        missing.message()
    );
    assert!(
        missing
            .help()
            .unwrap()
            .contains("does not read `serverUrl`")
    );
    assert!(o.diagnostics[1].help().unwrap().contains("Windsurf"));
}

#[test]
fn windsurf_server_url_and_env_file_references() {
    let text = r#"{"mcpServers": {
      "r": {"serverUrl": "https://mcp.example.invalid/mcp", "url": "https://other.invalid",
            "headers": {"X-Key": "${file:/run/secrets/key}"}},
      "l": {"command": "npx", "env": {"TOKEN": "${env:TOKEN}"}}
    }}"#;
    let o = read(text, Some("/home/me/.codeium/windsurf/mcp_config.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let r = o.value.server("r").unwrap();
    let h = http(r);
    assert_eq!(h.url_key.value, UrlKey::ServerUrl);
    assert_eq!(text_at(text, h.url_key.span), "\"serverUrl\"");
    let key = r.headers.as_ref().unwrap().entries[0]
        .string
        .as_ref()
        .unwrap();
    assert_eq!(key.refs().next().unwrap().syntax, VarSyntax::File);
    let l = o.value.server("l").unwrap();
    let token = l.env.as_ref().unwrap().entries[0].string.as_ref().unwrap();
    let r = token.refs().next().unwrap();
    assert_eq!(
        Dialect::Windsurf.expands_in(r, "env"),
        expansion::Expansion::Expanded
    );
}

#[test]
fn gemini_transports_and_fields() {
    let text = r#"{
  "theme": "GitHub",
  "mcpServers": {
    "a": {"httpUrl": "https://a.invalid/mcp", "headers": {"Authorization": "Bearer $TOKEN"}, "trust": true},
    "b": {"url": "https://b.invalid/sse", "timeout": 30000},
    "c": {"command": "python", "args": ["-m", "srv"], "cwd": "./srv", "env": {"K": "$HOME/k"},
          "includeTools": ["read"], "excludeTools": ["write"], "description": "d",
          "oauth": {"enabled": true, "clientSecret": "x"}}
  },
  "mcp": {"allowed": ["a"]}
}"#;
    let o = read(text, Some(".gemini/settings.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    let streamable = c.server("a").unwrap();
    assert_eq!(
        (http(streamable).kind, http(streamable).kind_source),
        (HttpKind::StreamableHttp, KindSource::UrlKey)
    );
    assert_eq!(streamable.trust.as_ref().map(|t| t.value), Some(true));
    let sse = c.server("b").unwrap();
    assert_eq!(
        (http(sse).kind, http(sse).url_key.value),
        (HttpKind::Sse, UrlKey::Url)
    );
    assert_eq!(sse.timeout.as_ref().unwrap().lexeme, "30000");
    assert!((sse.timeout.as_ref().unwrap().as_f64() - 30000.0).abs() < f64::EPSILON);
    let cs = c.server("c").unwrap();
    assert_eq!(stdio(cs).cwd.as_ref().unwrap().value, "./srv");
    assert_eq!(cs.include_tools.as_ref().unwrap().items[0].value, "read");
    assert_eq!(cs.exclude_tools.as_ref().unwrap().key.value, "excludeTools");
    assert!(cs.oauth.is_some());
    assert_eq!(cs.description.as_ref().unwrap().value, "d");
    let k = cs.env.as_ref().unwrap().entries[0].string.as_ref().unwrap();
    assert_eq!(k.refs().next().unwrap().syntax, VarSyntax::Dollar);
}

#[test]
fn vscode_servers_inputs_and_strictness() {
    let text = r#"{
  // JSONC: comments and trailing commas are recorded, not reported here
  "inputs": [
    {"type": "promptString", "id": "token", "description": "Token", "password": true},
    {"type": "promptString", "description": "no id", "secret": 1},
  ],
  "servers": {
    "gh": {"type": "http", "url": "https://api.example.invalid/mcp/",
           "headers": {"Authorization": "Bearer ${input:token}"}},
    "local": {"command": "node", "args": ["a.js", 3], "env": {"N": 1, "Z": null, "B": true},
              "envFile": "${workspaceFolder}/.env", "cwd": "${workspaceFolder}", "_comment": "x",
              "disabled": false},
  },
  "$schema": "x"
}"#;
    let o = read(text, Some(".vscode/mcp.json"));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::VsCode);
    assert_eq!(c.document().comments().len(), 1);
    assert_eq!(c.document().trailing_commas().len(), 2);
    assert_eq!(
        diags(&o),
        [
            "MCP012 error $.inputs[1]",
            "MCP101 error $.inputs[1].secret",
            "MCP011 error $.servers.local.args[1]",
            "MCP011 error $.servers.local.env.B",
            "MCP101 error $.servers.local._comment",
            "MCP101 error $.servers.local.disabled",
            "MCP101 error $.$schema",
        ]
    );
    assert_eq!(c.inputs.len(), 2);
    assert_eq!(c.inputs[0].id.as_ref().unwrap().value, "token");
    assert_eq!(c.inputs[0].password.as_ref().map(|p| p.value), Some(true));
    let local = c.server("local").unwrap();
    let s = stdio(local);
    assert_eq!(s.args.len(), 1);
    assert_eq!(
        s.env_file.as_ref().unwrap().refs().next().unwrap().syntax,
        VarSyntax::Predefined
    );
    // Numbers and null are allowed in VS Code `env`.
    let env = local.env.as_ref().unwrap();
    assert_eq!(env.get("N").unwrap().value_kind, ValueKind::Number);
    assert!(env.get("N").unwrap().string.is_none());
    assert_eq!(local.unknown_members().count(), 2);
    assert_eq!(http(c.server("gh").unwrap()).kind, HttpKind::StreamableHttp);
}

#[test]
fn vscode_file_with_a_stray_mcp_servers_map() {
    let text = r#"{"servers": {"a": {"command": "x"}}, "mcpServers": {"b": {"command": "y"}}}"#;
    let o = read(text, Some(".vscode/mcp.json"));
    assert_eq!(diags(&o), ["MCP101 error $.mcpServers"]);
    assert_eq!(o.value.servers.len(), 1);
}

#[test]
fn vscode_settings_file() {
    let text = r#"{"editor.fontSize": 14, "mcp": {"servers": {"s": {"type": "sse", "url": "http://localhost:8123/sse"}}, "inputs": []}}"#;
    let o = read(text, Some("settings.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::VsCode);
    assert_eq!(c.server_maps[0].kind, MapKind::VsCodeSettings);
    assert_eq!(c.servers[0].path.to_string(), "$.mcp.servers.s");
    assert!(c.inputs_node.is_some());
}

#[test]
fn zed_shapes() {
    let text = r#"{
  "experimental": {"context_servers": {"servers": [
    {"id": "py", "executable": "python", "args": ["-m", "ctx"]},
    {"executable": "noid"}
  ]}},
  "context_servers": {
    "obj": {"command": {"path": "/usr/bin/pg", "args": ["--db"], "env": {"PGUSER": "me"}}, "settings": {}},
    "custom": {"source": "custom", "command": "uvx", "args": ["mcp-x"], "env": {}},
    "ext": {"settings": {"token": "${TOKEN}"}},
    "ext2": {"source": "extension", "settings": {}, "enabled": false},
    "cur": {"command": "node", "args": ["a.js"], "timeout": 60},
    "remote": {"url": "https://r.invalid/mcp", "headers": {"Authorization": "Bearer x"}},
    "bad": {"command": {"args": []}}
  },
  "agent": {"profiles": {"write": {"context_servers": {"obj": {"tools": {"x": true}}}}}}
}"#;
    let o = read(text, Some("/home/me/.config/zed/settings.json"));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::Zed);
    let shape = |n: &str| c.server(n).unwrap().zed.as_ref().unwrap().shape;
    assert_eq!(shape("py"), ZedShape::ExperimentalArray);
    assert_eq!(shape("obj"), ZedShape::CommandObject);
    assert_eq!(shape("custom"), ZedShape::SourceCustom);
    assert_eq!(shape("ext"), ZedShape::Extension);
    assert_eq!(shape("ext2"), ZedShape::Extension);
    assert_eq!(shape("cur"), ZedShape::Current);
    assert_eq!(shape("remote"), ZedShape::Current);
    let names: Vec<&str> = c.servers.iter().map(|s| s.name.value.as_str()).collect();
    // The agent profile's `context_servers` is a permission map: not servers.
    assert_eq!(
        names,
        [
            "py", "#1", "obj", "custom", "ext", "ext2", "cur", "remote", "bad"
        ]
    );
    assert_eq!(
        c.server("py").unwrap().path.to_string(),
        "$.experimental.context_servers.servers[0]"
    );
    assert_eq!(
        stdio(c.server("py").unwrap())
            .command
            .as_ref()
            .unwrap()
            .value,
        "python"
    );
    let obj = c.server("obj").unwrap();
    assert_eq!(stdio(obj).command.as_ref().unwrap().value, "/usr/bin/pg");
    assert_eq!(stdio(obj).args[0].value, "--db");
    assert_eq!(obj.env.as_ref().unwrap().entries[0].key.value, "PGUSER");
    assert_eq!(c.server("ext").unwrap().transport, Transport::Extension);
    assert_eq!(
        c.server("ext2").unwrap().enabled.as_ref().map(|e| e.value),
        Some(false)
    );
    assert_eq!(
        http(c.server("remote").unwrap()).kind,
        HttpKind::StreamableHttp
    );
    assert_eq!(
        diags(&o),
        [
            "MCP012 error $.experimental.context_servers.servers[1]",
            "MCP012 error $.context_servers.bad.command",
        ]
    );
}

#[test]
fn zed_profile_map_alone_is_not_a_server_list() {
    let text =
        r#"{"ui_font_size": 14, "agent": {"profiles": {"a": {"context_servers": {"x": {}}}}}}"#;
    let o = read(text, Some("settings.json"));
    assert_eq!(o.value.dialect, Dialect::Zed);
    assert!(o.value.servers.is_empty());
    assert_eq!(diags(&o), ["MCP010 info $"]);
}

#[test]
fn cline_transports() {
    let text = r#"{"mcpServers": {
      "sh": {"type": "streamableHttp", "url": "https://a.invalid/mcp", "autoApprove": ["read"], "timeout": 60},
      "legacy": {"transportType": "sse", "url": "https://b.invalid/sse"},
      "bare": {"url": "https://c.invalid/events"},
      "nested": {"transport": {"type": "stdio", "command": "npx", "args": ["x"]}, "disabled": true}
    }}"#;
    let o = read(text, Some("cline_mcp_settings.json"));
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    let sh = c.server("sh").unwrap();
    assert_eq!(http(sh).kind, HttpKind::StreamableHttp);
    assert_eq!(sh.auto_approve.as_ref().unwrap().key.value, "autoApprove");
    let legacy = c.server("legacy").unwrap();
    assert_eq!(
        legacy.declared_type.as_ref().unwrap().key.value,
        "transportType"
    );
    assert_eq!(http(legacy).kind, HttpKind::Sse);
    // Without `type`, Cline reads a `url` as SSE.
    let bare = http(c.server("bare").unwrap());
    assert_eq!(
        (bare.kind, bare.kind_source),
        (HttpKind::Sse, KindSource::Default)
    );
    let nested = c.server("nested").unwrap();
    assert_eq!(stdio(nested).command.as_ref().unwrap().value, "npx");
    assert_eq!(nested.disabled.as_ref().map(|d| d.value), Some(true));
}

#[test]
fn roo_kiro_amazon_q() {
    let text = r#"{"mcpServers": {"a": {"command": "C:\\MCP\\a.bat", "args": [], "alwaysAllow": ["x"], "disabled": false, "type": "streamable-http"}}}"#;
    let o = read(text, Some(".roo/mcp.json"));
    assert_eq!(o.value.dialect, Dialect::Roo);
    let a = o.value.server("a").unwrap();
    assert_eq!(a.auto_approve.as_ref().unwrap().key.value, "alwaysAllow");
    // `type` says streamable HTTP but only `command` is there.
    assert!(matches!(a.transport, Transport::Stdio(_)));
    assert_eq!(diags(&o), ["MCP012 error $.mcpServers.a"]);
    let cmd = stdio(a).command.as_ref().unwrap();
    assert_eq!(cmd.value, "C:\\MCP\\a.bat");
    assert_eq!(text_at(text, cmd.span), r#""C:\\MCP\\a.bat""#);

    let text = r#"{"mcpServers": {"f": {"command": "uvx", "args": ["mcp-server-fetch"], "autoApprove": ["fetch"], "disabledTools": ["x"]}}}"#;
    let o = read(text, Some(".kiro/settings/mcp.json"));
    assert!(o.diagnostics.is_empty());
    assert_eq!(
        o.value
            .server("f")
            .unwrap()
            .disabled_tools
            .as_ref()
            .unwrap()
            .items
            .len(),
        1
    );

    let text = r#"{"mcpServers": {"q": {"command": "uv", "timeout": 60000, "autoApprove": []}}}"#;
    let o = read(text, Some(".amazonq/mcp.json"));
    assert_eq!(o.value.dialect, Dialect::AmazonQ);
    assert_eq!(diags(&o), ["MCP101 info $.mcpServers.q.autoApprove"]);
}

#[test]
fn ambiguous_and_missing_transports() {
    let text = r#"{"mcpServers": {"both": {"command": "npx", "url": "https://x.invalid"}, "none": {"env": {}}, "ty": {"type": "http"}}}"#;
    let o = read(text, None);
    let c = &o.value;
    assert!(matches!(
        c.server("both").unwrap().transport,
        Transport::Ambiguous { .. }
    ));
    assert_eq!(
        c.server("both")
            .unwrap()
            .transport
            .stdio()
            .unwrap()
            .command
            .as_ref()
            .unwrap()
            .value,
        "npx"
    );
    assert_eq!(c.server("none").unwrap().transport, Transport::Missing);
    assert_eq!(
        diags(&o),
        [
            "MCP012 error $.mcpServers.none",
            "MCP012 error $.mcpServers.ty"
        ]
    );
    assert!(o.diagnostics[1].help().unwrap().contains("`url`"));
}

#[test]
fn wrong_types() {
    let text = r#"{"mcpServers": {
      "a": {"command": ["npx"], "args": "-y x", "env": ["A=1"]},
      "b": {"command": "npx", "args": ["-y", {"x": 1}], "env": {"PORT": 8080, "OBJ": {}}, "headers": {"H": 1}},
      "c": "npx x",
      "d": {"command": "x", "disabled": "no", "timeout": "60s", "autoApprove": "all"}
    }}"#;
    let o = read(text, None);
    assert_eq!(
        diags(&o),
        [
            "MCP011 error $.mcpServers.a.command",
            "MCP011 error $.mcpServers.a.args",
            "MCP011 error $.mcpServers.a.env",
            "MCP011 error $.mcpServers.b.args[1]",
            "MCP011 warning $.mcpServers.b.env.PORT",
            "MCP011 error $.mcpServers.b.env.OBJ",
            "MCP011 error $.mcpServers.b.headers.H",
            "MCP011 error $.mcpServers.c",
            "MCP011 error $.mcpServers.d.disabled",
            "MCP011 error $.mcpServers.d.timeout",
            "MCP011 error $.mcpServers.d.autoApprove",
        ]
    );
    assert_eq!(o.value.servers.len(), 3);
    let a = o.value.server("a").unwrap();
    assert!(stdio(a).command.is_none());
    assert!(
        o.diagnostics[0]
            .message()
            .contains("`command` must be a string, found array")
    );
    assert_eq!(
        o.diagnostics[4].help(),
        Some("write the value as a string, in quotes")
    );
}

#[test]
fn foreign_maps_are_reported_and_lowered() {
    let text = r#"{"servers": {"gh": {"type": "http", "url": "https://x.invalid"}}}"#;
    let o = read(text, Some(".cursor/mcp.json"));
    assert_eq!(o.value.dialect, Dialect::Cursor);
    // The foreign map's key is not reported a second time as an unknown field.
    assert_eq!(diags(&o), ["MCP012 error $.servers"]);
    assert!(
        o.diagnostics[0]
            .message()
            .contains("Cursor reads servers from `mcpServers`")
    );
    assert!(!o.value.server_maps[0].expected);
    assert_eq!(o.value.servers.len(), 1);
    // A bare server where a map is expected.
    let o = read(r#"{"command": "npx", "args": ["x"]}"#, Some(".mcp.json"));
    assert_eq!(o.value.servers.len(), 1);
    assert_eq!(o.value.server_maps[0].kind, MapKind::Root);
    assert_eq!(diags(&o)[0], "MCP012 error $");
}

#[test]
fn single_server() {
    let text = r#"{"command": "npx", "args": ["-y", "@x/mcp"], "env": {"K": "%APPDATA%"}}"#;
    let o = read(text, None);
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::SingleServer);
    assert_eq!(c.servers[0].path.to_string(), "$");
    assert_eq!(c.servers[0].name.value, "");
    let k = c.servers[0].env.as_ref().unwrap().entries[0]
        .string
        .as_ref()
        .unwrap();
    assert_eq!(k.refs().next().unwrap().syntax, VarSyntax::Percent);
}

#[test]
fn not_mcp_empty_and_unsupported() {
    let o = read("[1, 2]", None);
    assert_eq!(diags(&o), ["MCP010 error $"]);
    let o = read(r#"{"name": "x", "version": "1"}"#, Some("package.json"));
    assert_eq!(diags(&o), ["MCP010 error $"]);
    let o = read(r#"{"mcpservers": {}}"#, None);
    assert_eq!(
        o.diagnostics[0].help(),
        Some("did you mean `mcpServers` instead of `mcpservers`?")
    );
    for empty in ["", "  \n", "\u{feff}"] {
        let o = read(empty, Some(".mcp.json"));
        assert_eq!(diags(&o), ["MCP001 error $"], "{empty:?}");
        assert!(o.diagnostics[0].message().contains("empty"));
    }
    let o = read("// nothing yet\n", Some(".vscode/mcp.json"));
    assert_eq!(diags(&o), ["MCP001 error $"]);
    assert!(o.diagnostics[0].message().contains("only comments"));
    // TOML and YAML are read through the JSON they denote (named so, or sniffed).
    let toml = "[mcp_servers.x]\ncommand = \"npx\"\n";
    for name in [Some("config.toml"), None] {
        let o = read(toml, name);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        assert_eq!(o.value.format, Format::Toml);
        assert_eq!(o.value.dialect, Dialect::Codex);
        assert_eq!(o.value.servers.len(), 1);
    }
    // A Continue list is read: its items are servers named by `name`.
    let o = read("mcpServers:\n  - name: x\n    command: npx\n", None);
    assert_eq!(o.value.format, Format::Yaml);
    assert_eq!(o.value.dialect, Dialect::Continue);
    assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
    assert_eq!(o.value.servers[0].name.value, "x");
    let o = read("name: x\n", Some("block.yml"));
    assert_eq!(o.value.format, Format::Yaml);
    // A broken JSON file named `.json` is not sniffed: its syntax errors are reported.
    let o = read("[mcp]\n", Some("x.json"));
    assert_eq!(o.value.format, Format::Json);
    assert!(o.has_errors());
}

#[test]
fn string_leaves_map_escapes_to_source() {
    let text = r#"{"mcpServers": {"s": {"command": "C:\\Tools\\srv.exe", "args": ["--token=\u0024{API_TOKEN}", "\"${env:X}\""]}}}"#;
    let o = read(text, Some(".mcp.json"));
    let s = stdio(&o.value.servers[0]);
    let a0 = &s.args[0];
    assert_eq!(a0.value, "--token=${API_TOKEN}");
    let r = a0.refs().next().unwrap();
    assert_eq!(text_at(text, r.span), r"\u0024{API_TOKEN}");
    assert_eq!(text_at(text, r.name_span), "API_TOKEN");
    let r = s.args[1].refs().next().unwrap();
    assert_eq!(text_at(text, r.span), "${env:X}");
    assert_eq!(
        Dialect::ClaudeCode.expands_in(r, "args"),
        expansion::Expansion::Literal
    );
    assert_eq!(check_config(text, &o), Ok(()));
}

#[test]
fn duplicates_are_kept_in_order() {
    let text = r#"{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}"#;
    let o = read(text, None);
    assert_eq!(o.value.servers.len(), 2);
    assert_eq!(
        stdio(&o.value.servers[1]).command.as_ref().unwrap().value,
        "y"
    );
    assert_eq!(o.diagnostics[0].code(), mcpvet_json::codes::DUPLICATE_KEY);
}

#[test]
fn forced_dialect_wins() {
    let text = r#"{"mcpServers": {"a": {"command": "x", "trust": true}}}"#;
    let o = read_config(text, Some(".mcp.json"), Some(Dialect::Gemini));
    assert_eq!(o.value.dialect, Dialect::Gemini);
    assert_eq!(o.value.detection.method, DetectionMethod::Forced);
    assert!(o.diagnostics.is_empty());
    let o = read_as(text, Dialect::VsCode);
    assert_eq!(diags(&o)[0], "MCP012 error $.mcpServers");
    assert_eq!(
        o.diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count(),
        2
    );
}

#[test]
fn mcpb_manifest_server_and_platform_overrides() {
    let text = r#"{"manifest_version": "0.3", "name": "files", "version": "1.0.0",
      "server": {"type": "binary", "entry_point": "server/files",
        "mcp_config": {"command": "${__dirname}/server/files", "args": ["${user_config.root}"],
          "env": {"TOKEN": "${user_config.token}"},
          "platform_overrides": {"win32": {"command": "${__dirname}/server/files.exe"},
            "darwin": {"env": {"DYLD_LIBRARY_PATH": "${__dirname}/lib"}}}}},
      "user_config": {"root": {"type": "directory", "title": "Root", "description": "Root."}}}"#;
    let o = read_config(text, Some("manifest.json"), Some(Dialect::Mcpb));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::Mcpb);
    assert!(o.diagnostics.is_empty(), "{:?}", diags(&o));
    assert_eq!(c.server_maps.len(), 1);
    assert_eq!(c.server_maps[0].kind, MapKind::Manifest);
    assert_eq!(c.server_maps[0].path.to_string(), "$.server.mcp_config");
    let names: Vec<(&str, String)> = c
        .servers
        .iter()
        .map(|s| (s.name.value.as_str(), s.path.to_string()))
        .collect();
    assert_eq!(
        names,
        [
            ("files", "$.server.mcp_config".to_owned()),
            (
                "platform_overrides.win32",
                "$.server.mcp_config.platform_overrides.win32".to_owned()
            ),
            (
                "platform_overrides.darwin",
                "$.server.mcp_config.platform_overrides.darwin".to_owned()
            ),
        ]
    );
    assert_eq!(&text[c.servers[0].name.span.range()], "\"files\"");
    let main = stdio(&c.servers[0]);
    assert!(main.command.as_ref().unwrap().has_refs());
    let setting = main.args[0].refs().next().unwrap();
    assert_eq!(
        (setting.syntax, setting.name.as_str()),
        (VarSyntax::UserConfig, "root")
    );
    assert!(
        c.servers[0].env.as_ref().unwrap().entries[0]
            .string
            .as_ref()
            .unwrap()
            .is_only_ref()
    );
    // An override without `command` keeps the one of `mcp_config`: stdio, no command.
    assert!(stdio(&c.servers[1]).command.is_some());
    assert!(stdio(&c.servers[2]).command.is_none());
    assert!(c.servers[2].env.is_some());
    // Every other member of the manifest describes the extension.
    assert!(c.root_members.iter().all(|m| m.status == KeyStatus::Known));
    // Detected from its content, or read as another client's file, a manifest is not a
    // configuration (`mcpvet server` reads it).
    let o = read(text, Some("manifest.json"));
    assert_eq!(o.value.dialect, Dialect::Generic);
    assert!(o.value.servers.is_empty());
    assert_eq!(diags(&o), ["MCP010 error $"]);
    let o = read_as(text, Dialect::ClaudeDesktop);
    assert!(o.value.servers.is_empty());
    // A manifest without `mcp_config`.
    let o = read_as(r#"{"name": "x", "server": {"type": "uv"}}"#, Dialect::Mcpb);
    assert!(o.value.servers.is_empty());
    assert_eq!(diags(&o), ["MCP010 info $"]);
}

#[test]
fn every_dialect_lowers_every_example_without_breaking_invariants() {
    let examples = [
        r#"{"mcpServers": {"a": {"command": "npx", "args": ["${X}"], "env": {"A": "$B"}}}}"#,
        r#"{"name": "x", "server": {"mcp_config": {"command": "node", "platform_overrides": {"win32": {"args": ["a"]}, "linux": 3}}}}"#,
        r#"{"server": {"mcp_config": []}}"#,
        r#"{"servers": {"a": {"type": "http", "url": "https://${input:h}/mcp"}}, "inputs": [{"id": "h", "type": "promptString"}]}"#,
        r#"{"context_servers": {"a": {"command": {"path": "x"}}, "b": {"settings": {}}}}"#,
        r#"{"experimental.context_servers": [{"id": "a", "executable": "x"}]}"#,
        r#"{"command": "x"}"#,
        r#"{"a": {"url": "https://x.invalid"}}"#,
        "[]",
        "\"x\"",
        "{\"mcpServers\": {\"a\": {\"command\": \"x\"",
    ];
    for text in examples {
        for d in Dialect::ALL {
            let o = read_as(text, d);
            assert_eq!(check_config(text, &o), Ok(()), "{text} as {d}");
        }
        let o = read(text, None);
        assert_eq!(check_config(text, &o), Ok(()), "{text}");
    }
}

#[test]
fn continue_lists() {
    let text = "name: GitHub\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: GitHub\n    type: stdio\n    command: npx\n    args: [\"-y\", \"@modelcontextprotocol/server-github\"]\n    env:\n      TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  - name: remote\n    type: streamable-http\n    url: https://mcp.example.com/mcp\n    requestOptions:\n      headers:\n        Authorization: Bearer ${{ secrets.TOKEN }}\n      verifySsl: true\n  - command: uvx\n";
    let o = read(text, Some(".continue/mcpServers/github.yaml"));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::Continue);
    assert_eq!(c.detection.method, DetectionMethod::FileName);
    assert_eq!(c.server_maps[0].kind, MapKind::ContinueBlock);
    let names: Vec<&str> = c.servers.iter().map(|s| s.name.value.as_str()).collect();
    assert_eq!(names, ["GitHub", "remote", "#2"]);
    assert_eq!(c.servers[0].path.to_string(), "$.mcpServers[0]");
    // The name's span is the `name` value's, in the file.
    assert_eq!(text_at(text, c.file_span(c.servers[0].name.span)), "GitHub");
    let env = c.servers[0].env.as_ref().unwrap();
    assert!(env.entries[0].string.as_ref().unwrap().is_only_ref());
    let headers = c.servers[1].headers.as_ref().unwrap();
    assert_eq!(headers.entries[0].key.value, "Authorization");
    assert_eq!(
        c.servers[1].transport.http().unwrap().kind,
        HttpKind::StreamableHttp
    );
    assert_eq!(diags(&o), ["MCP012 error $.mcpServers[2]"]);
    assert_eq!(check_config(text, &o), Ok(()));
    // `config.yaml`: a list with `uses:` entries, which are not servers.
    let config = "name: Local\nversion: 1.0.0\nschema: v1\nmodels: []\nmcpServers:\n  - uses: anthropic/github-mcp\n    with:\n      GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  - name: sqlite\n    command: uvx\n    args: [mcp-server-sqlite]\n";
    let o = read(config, Some("/home/me/.continue/config.yaml"));
    assert_eq!(o.value.server_maps[0].kind, MapKind::ContinueConfig);
    assert_eq!(o.value.servers.len(), 1);
    assert_eq!(o.value.servers[0].path.to_string(), "$.mcpServers[1]");
    assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
    // A JSON server file dropped in `.continue/mcpServers/`: Claude Desktop's shape.
    let json =
        r#"{"mcpServers": {"ctx": {"command": "npx", "args": ["-y", "ctx"], "envFile": ".env"}}}"#;
    let o = read(json, Some(".continue/mcpServers/mcp.json"));
    assert_eq!(o.value.dialect, Dialect::Continue);
    assert_eq!(o.value.servers[0].name.value, "ctx");
    assert_eq!(diags(&o), ["MCP101 info $.mcpServers.ctx.envFile"]);
}

#[test]
fn goose_extensions() {
    let text = "GOOSE_PROVIDER: anthropic\nextensions:\n  developer:\n    enabled: true\n    name: developer\n    type: builtin\n    timeout: 300\n  github:\n    enabled: true\n    name: github\n    type: stdio\n    cmd: npx\n    args: [-y, \"@modelcontextprotocol/server-github\"]\n    envs: {}\n    env_keys: [GITHUB_PERSONAL_ACCESS_TOKEN]\n  remote:\n    enabled: false\n    name: remote\n    type: streamable_http\n    uri: https://mcp.example.com/mcp\n    headers:\n      Authorization: Bearer ${API_TOKEN}\n  broken:\n    type: stdio\n    cmd: uvx\n";
    let o = read(text, Some("/home/me/.config/goose/config.yaml"));
    let c = &o.value;
    assert_eq!(c.dialect, Dialect::Goose);
    assert_eq!(c.server_maps[0].kind, MapKind::GooseExtensions);
    let names: Vec<&str> = c.servers.iter().map(|s| s.name.value.as_str()).collect();
    assert_eq!(names, ["developer", "github", "remote", "broken"]);
    assert_eq!(c.servers[0].transport, Transport::Extension);
    assert_eq!(stdio(&c.servers[1]).command.as_ref().unwrap().value, "npx");
    let http = c.servers[2].transport.http().unwrap();
    assert_eq!(http.url_key.value, UrlKey::Uri);
    assert_eq!(c.servers[2].enabled.as_ref().map(|e| e.value), Some(false));
    assert_eq!(
        diags(&o),
        [
            "MCP012 error $.extensions.broken",
            "MCP012 error $.extensions.broken",
            "MCP012 error $.extensions.broken",
        ]
    );
    assert_eq!(check_config(text, &o), Ok(()));
    // By content, without the path.
    let o = read(text, Some("goose.yaml"));
    assert_eq!(o.value.dialect, Dialect::Goose);
    assert_eq!(o.value.detection.method, DetectionMethod::Content);
}
