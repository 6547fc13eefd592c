//! A scripted client talks to the server in process over `Connection::memory()`: the
//! handshake, diagnostics on open and on change, quick fixes, hovers, closing, shutdown and
//! exit, for a JSONC configuration, a TOML (Codex) configuration and a captured session,
//! with positions in UTF-16 code units.
use std::thread::JoinHandle;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, Response};
use mcpvet_lsp::Ending;
use serde_json::{Value, json};

/// How long a test waits for one message before it fails.
const TIMEOUT: Duration = Duration::from_mins(1);

/// The client end of a server running on its own thread.
struct Client {
    connection: Connection,
    server: Option<JoinHandle<Ending>>,
    next_id: i32,
    /// Notifications received while waiting for something else.
    pending: Vec<Notification>,
}

impl Client {
    /// Starts a server and initializes it with `capabilities`.
    fn start_with(capabilities: &Value) -> (Client, Value) {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || mcpvet_lsp::run(&server));
        let mut client = Client {
            connection: client,
            server: Some(handle),
            next_id: 1,
            pending: Vec::new(),
        };
        let init = ok(client.request("initialize", json!({ "capabilities": capabilities })));
        client.notify("initialized", json!({}));
        (client, init)
    }

    fn start() -> Client {
        Client::start_with(&json!({})).0
    }

    fn notify(&self, method: &str, params: Value) {
        self.connection
            .sender
            .send(Notification::new(method.to_owned(), params).into())
            .expect("the server is listening");
    }

    fn request(&mut self, method: &str, params: Value) -> Response {
        let id = self.next_id;
        self.next_id += 1;
        self.connection
            .sender
            .send(Request::new(id.into(), method.to_owned(), params).into())
            .expect("the server is listening");
        loop {
            match self.receive() {
                Message::Response(response) => {
                    assert_eq!(response.id, id.into());
                    return response;
                }
                Message::Notification(n) => self.pending.push(n),
                Message::Request(r) => panic!("unexpected request from the server: {r:?}"),
            }
        }
    }

    fn receive(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(TIMEOUT)
            .expect("the server answers in time")
    }

    /// The next diagnostics published for `uri`: `(version, diagnostics)`.
    fn diagnostics(&mut self, uri: &str) -> (Value, Vec<Value>) {
        let is_for = |n: &Notification| {
            n.method == "textDocument/publishDiagnostics" && n.params["uri"] == uri
        };
        let found = if let Some(i) = self.pending.iter().position(is_for) {
            self.pending.remove(i)
        } else {
            loop {
                match self.receive() {
                    Message::Notification(n) if is_for(&n) => break n,
                    Message::Notification(n) => self.pending.push(n),
                    other => panic!("unexpected message: {other:?}"),
                }
            }
        };
        let diagnostics = found.params["diagnostics"]
            .as_array()
            .expect("a list of diagnostics")
            .clone();
        (found.params["version"].clone(), diagnostics)
    }

    fn open(&self, uri: &str, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
        );
    }

    /// `shutdown` then `exit`; how the server ended.
    fn finish(mut self) -> Ending {
        let response = self.request("shutdown", json!(null));
        assert_eq!(ok(response), json!(null));
        self.notify("exit", json!(null));
        self.server
            .take()
            .expect("the server thread")
            .join()
            .expect("the server does not panic")
    }
}

/// The result of a successful response.
fn ok(response: Response) -> Value {
    match response.response_result {
        Ok(result) => result,
        Err(err) => panic!("an error: {err:?}"),
    }
}

/// The error code of a failed response.
fn err_code(response: Response) -> i32 {
    match response.response_result {
        Ok(result) => panic!("a result: {result}"),
        Err(err) => err.code,
    }
}

/// The `(line, character)` of a protocol position.
fn at(position: &Value) -> (u64, u64) {
    (
        position["line"].as_u64().expect("a line"),
        position["character"].as_u64().expect("a character"),
    )
}

/// The position (0-based line, UTF-16 column) of byte `offset` of `text`, computed apart
/// from the server.
fn position_of(text: &str, offset: usize) -> (u64, u64) {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        line as u64,
        before[line_start..].encode_utf16().count() as u64,
    )
}

/// The byte offset of a position of `text` (lines end at `\n` in these tests).
fn offset_of(text: &str, (line, character): (u64, u64)) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize)
        .map(str::len)
        .sum();
    let mut units = 0;
    for (i, c) in text[start..].char_indices() {
        if units == character as usize {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// Applies the text edits of a workspace edit for `uri` to `text`, as an editor would.
fn apply(text: &str, edit: &Value, uri: &str) -> (String, Vec<Value>) {
    let edits = edit["changes"][uri]
        .as_array()
        .expect("edits for the document");
    let mut sorted = edits.clone();
    sorted.sort_by_key(|e| std::cmp::Reverse(at(&e["range"]["start"])));
    let mut out = text.to_owned();
    for e in &sorted {
        let start = offset_of(text, at(&e["range"]["start"]));
        let end = offset_of(text, at(&e["range"]["end"]));
        out.replace_range(start..end, e["newText"].as_str().expect("new text"));
    }
    // The same edits as incremental changes, last first, so that each range is still right.
    let changes = sorted
        .iter()
        .map(|e| json!({"range": e["range"], "text": e["newText"]}))
        .collect();
    (out, changes)
}

const VSCODE_URI: &str = "file:///home/me/app/.vscode/mcp.json";

/// A VS Code file (JSONC: a comment and a trailing comma) whose server's `command` holds its
/// arguments (MCP209, a safe fix), after non-ASCII characters on the same line.
const VSCODE: &str = r#"{
  // The servers of this project.
  "servers": {
    "docs": {"type": "stdio", "cwd": "/srv/josé😀", "command": "npx -y @acme/docs-mcp"},
  }
}
"#;

#[test]
fn a_jsonc_configuration_gets_diagnostics_a_fix_and_a_hover() {
    let (mut client, init) = Client::start_with(&json!({
        "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}
    }));
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    assert_eq!(caps["textDocumentSync"]["openClose"], true);
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );
    assert_eq!(init["serverInfo"]["name"], "mcpvet");

    client.open(VSCODE_URI, "jsonc", VSCODE);
    let (version, diagnostics) = client.diagnostics(VSCODE_URI);
    assert_eq!(version, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "MCP209");
    assert_eq!(
        d["codeDescription"]["href"],
        "https://github.com/mcpvet/mcpvet/blob/main/docs/rules/MCP209.md"
    );
    assert_eq!(d["severity"], 2, "a warning");
    assert_eq!(d["source"], "mcpvet");
    let message = d["message"].as_str().expect("a message");
    assert!(
        message.starts_with("`command` holds a program and its arguments"),
        "{message}"
    );
    assert!(
        message.contains("\nhelp: write `\"command\": \"npx\""),
        "{message}"
    );
    // The range is in UTF-16 code units: `é` is one unit (two bytes), `😀` two (four bytes).
    let start = VSCODE.find("\"npx -y").expect("the command");
    let end = start + "\"npx -y @acme/docs-mcp\"".len();
    assert_eq!(at(&d["range"]["start"]), position_of(VSCODE, start));
    assert_eq!(at(&d["range"]["end"]), position_of(VSCODE, end));
    // 62 characters, 63 UTF-16 code units, 66 bytes before it on its line.
    assert_eq!(position_of(VSCODE, start), (3, 63));
    assert_eq!(VSCODE[..start].rsplit('\n').next().map(str::len), Some(66));

    // The quick fix, asked for at the cursor inside the finding.
    let response = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": VSCODE_URI},
            "range": {"start": {"line": 3, "character": 70}, "end": {"line": 3, "character": 70}},
            "context": {"diagnostics": [d]},
        }),
    );
    let actions = ok(response);
    let actions = actions.as_array().expect("a list");
    assert_eq!(actions.len(), 1, "{actions:#?}");
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(action["isPreferred"], true, "a safe fix is preferred");
    assert_eq!(
        action["title"],
        "set `command` to `npx` and move the rest to `args` (MCP209)"
    );
    assert_eq!(action["diagnostics"][0]["code"], "MCP209");
    let (fixed, changes) = apply(VSCODE, &action["edit"], VSCODE_URI);
    assert!(
        fixed.contains(r#""command": "npx", "args": ["-y", "@acme/docs-mcp"]}"#),
        "{fixed}"
    );

    // Nothing to fix elsewhere in the file.
    let response = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": VSCODE_URI},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}},
            "context": {"diagnostics": []},
        }),
    );
    assert_eq!(ok(response), json!([]));

    // Hover on the server's name.
    let name = VSCODE.find("docs\"").expect("the name");
    let (line, character) = position_of(VSCODE, name + 2);
    let response = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": VSCODE_URI}, "position": {"line": line, "character": character}}),
    );
    let hover = ok(response);
    assert_eq!(hover["contents"]["kind"], "markdown");
    let value = hover["contents"]["value"].as_str().expect("hover text");
    assert!(
        value.starts_with("**`docs`** MCP server (VS Code)  \n"),
        "{value}"
    );
    assert!(value.contains("transport: `stdio`"), "{value}");
    assert!(
        value.contains("command: `\"npx -y @acme/docs-mcp\"`"),
        "{value}"
    );
    let name_start = VSCODE.find("\"docs").expect("the name");
    assert_eq!(
        at(&hover["range"]["start"]),
        position_of(VSCODE, name_start)
    );
    // No hover off the names.
    let response = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": VSCODE_URI}, "position": {"line": 1, "character": 4}}),
    );
    assert_eq!(ok(response), json!(null));

    // The fix, applied as the editor sends it: incremental changes.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": VSCODE_URI, "version": 2}, "contentChanges": changes}),
    );
    let (version, diagnostics) = client.diagnostics(VSCODE_URI);
    assert_eq!(version, 2);
    assert_eq!(diagnostics, Vec::<Value>::new());

    // Breaking the file again, then closing it: its diagnostics are cleared.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": VSCODE_URI, "version": 3}, "contentChanges": [
            {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "text": ""}
        ]}),
    );
    let (_, diagnostics) = client.diagnostics(VSCODE_URI);
    assert!(!diagnostics.is_empty());
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": VSCODE_URI}}),
    );
    let (version, diagnostics) = client.diagnostics(VSCODE_URI);
    assert_eq!((version, diagnostics), (Value::Null, Vec::new()));
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn a_codex_toml_configuration_masks_its_secrets() {
    let tokens = mcpvet_check_secrets::synthetic::tokens(7);
    let token = tokens
        .iter()
        .find(|t| t.kind.starts_with("GitHub personal access token"))
        .expect("a GitHub token");
    let uri = "file:///home/me/.codex/config.toml";
    let text = format!(
        "model = \"o3\"\n\n# Documentation search\n[mcp_servers.docs]\ncommand = \"npx\"\n\
         args = [\"-y\", \"@acme/docs-mcp@1.2.0\", \"--token\", \"{}\"]\n",
        token.token
    );
    let (mut client, _) = Client::start_with(&json!({
        "textDocument": {"hover": {"contentFormat": ["plaintext"]}}
    }));
    client.open(uri, "toml", &text);
    let (_, diagnostics) = client.diagnostics(uri);
    let secret = diagnostics
        .iter()
        .find(|d| d["code"].as_str().is_some_and(|c| c.starts_with("MCP3")))
        .unwrap_or_else(|| panic!("a secret finding: {diagnostics:#?}"));
    assert_eq!(secret["severity"], 1, "an error");
    // The token's position in the TOML file (line 6), not in the JSON text it denotes.
    let start = text.find(&token.token).expect("the token");
    let (line, _) = at(&secret["range"]["start"]);
    assert_eq!(line, 5);
    assert!(
        [position_of(&text, start), position_of(&text, start - 1)]
            .contains(&at(&secret["range"]["start"])),
        "{secret:#?}"
    );
    let all = serde_json::to_string(&diagnostics).expect("JSON");
    assert!(
        !all.contains(&token.random),
        "a diagnostic shows the token: {all}"
    );

    // The hover on `docs` of `[mcp_servers.docs]`, in plain text, masks the token too.
    let name = text.find("docs]").expect("the table header");
    let (line, character) = position_of(&text, name + 1);
    let response = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
    );
    let hover = ok(response);
    assert_eq!(hover["contents"]["kind"], "plaintext");
    let value = hover["contents"]["value"].as_str().expect("hover text");
    assert!(
        value.starts_with("docs MCP server (Codex)\ntransport: stdio\ncommand: npx -y"),
        "{value}"
    );
    assert!(
        !value.contains(&token.random),
        "the hover shows the token: {value}"
    );
    assert!(
        !value.contains(&token.token[..token.token.len() / 2]),
        "{value}"
    );
    assert_eq!(client.finish(), Ending::Exit);
}

/// A session whose listed tool has an array input schema (MCP507), after a description with
/// non-ASCII characters on the same line.
fn session(schema_type: &str) -> String {
    [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.to_owned(),
        format!(
            r#"{{"jsonrpc":"2.0","id":2,"result":{{"tools":[{{"name":"search","description":"Búsqueda rápida 🔎","inputSchema":{{"type":"{schema_type}"}}}}]}}}}"#
        ),
        String::new(),
    ]
    .join("\n")
}

#[test]
fn a_session_gets_diagnostics_until_it_is_fixed() {
    let uri = "file:///captures/session.jsonl";
    let text = session("array");
    let mut client = Client::start();
    client.open(uri, "jsonl", &text);
    let (_, diagnostics) = client.diagnostics(uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "MCP507");
    assert_eq!(d["severity"], 1);
    let start = text.find("\"array\"").expect("the type");
    assert_eq!(at(&d["range"]["start"]), position_of(&text, start));
    assert_eq!(
        at(&d["range"]["end"]),
        position_of(&text, start + "\"array\"".len())
    );
    // No hover outside a configuration.
    let response = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 4, "character": 50}}),
    );
    assert_eq!(ok(response), json!(null));
    // A whole-text change (no range) that fixes it.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": session("object")}]}),
    );
    let (version, diagnostics) = client.diagnostics(uri);
    assert_eq!(version, 2);
    assert_eq!(diagnostics, Vec::<Value>::new());
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn a_suggested_fix_says_so_and_is_not_preferred() {
    let uri = "file:///p/.mcp.json";
    let text = "{\"mcpServers\": {\"docs\": {\"url\": \"https://docs.example.com/api\"}}}\n";
    let mut client = Client::start();
    client.open(uri, "json", text);
    let (_, diagnostics) = client.diagnostics(uri);
    // Claude Code requires `type` for a remote server (MCP012); for a URL that does not end
    // in `/mcp` the transport is a guess, so the fix is suggested.
    let missing = diagnostics
        .iter()
        .find(|d| d["code"] == "MCP012")
        .unwrap_or_else(|| panic!("a missing field: {diagnostics:#?}"));
    let actions = ok(client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": missing["range"], "context": {"diagnostics": [missing]}}),
    ));
    let action = actions
        .as_array()
        .and_then(|a| a.iter().find(|a| a["diagnostics"][0]["code"] == "MCP012"))
        .unwrap_or_else(|| panic!("a fix: {actions:#?}"));
    assert_eq!(action["isPreferred"], false);
    assert_eq!(
        action["title"],
        "add `\"type\": \"http\"` (MCP012, suggested: review before applying)"
    );
    let (fixed, _) = apply(text, &action["edit"], uri);
    assert!(fixed.contains("{\"type\": \"http\", \"url\""), "{fixed}");
    // Asked only for refactorings: no quick fix.
    let actions = ok(client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": missing["range"],
               "context": {"diagnostics": [], "only": ["refactor"]}}),
    ));
    assert_eq!(actions, json!([]));
    assert_eq!(client.finish(), Ending::Exit);
}

/// The example files of the repository, one of each kind the server reads by name.
const EXAMPLES: &[&str] = &[
    "claude_desktop_config.json",
    "codex/config.toml",
    "vscode/.vscode/mcp.json",
    "sessions/tool-with-invalid-schema.jsonl",
    "sessions/server-exits-before-initialize.trace.jsonl",
    "http/modern-2026-07-28.har",
    "runs/whoami-before-initialize.jsonl",
    "runs/writes-hello-to-stdout.log",
];

#[test]
fn every_kind_of_file_gets_the_findings_of_the_one_door() {
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut client = Client::start();
    let mut total = 0;
    for name in EXAMPLES {
        let path = examples.join(name);
        let text = std::fs::read_to_string(&path).expect("the example");
        let path = path.to_string_lossy().replace('\\', "/");
        let uri = if path.starts_with('/') {
            format!("file://{path}")
        } else {
            format!("file:///{path}")
        };
        let attachment = mcpvet_lsp::attach(&path).unwrap_or_else(|| panic!("{name} is read"));
        let report = mcpvet_linter::inspect(
            attachment.kind,
            &path,
            text.as_bytes(),
            &mcpvet_linter::InspectOptions::default(),
        )
        .expect("inspected");
        let expected: Vec<(String, (u64, u64))> = report
            .diagnostics
            .iter()
            .map(|d| {
                let at = report
                    .source
                    .line_col(d.span().start, mcpvet_text::Encoding::Utf16);
                (
                    d.code().to_string(),
                    (u64::from(at.line) - 1, u64::from(at.column) - 1),
                )
            })
            .collect();
        client.open(&uri, "json", &text);
        let (_, diagnostics) = client.diagnostics(&uri);
        let got: Vec<(String, (u64, u64))> = diagnostics
            .iter()
            .map(|d| {
                (
                    d["code"].as_str().expect("a code").to_owned(),
                    at(&d["range"]["start"]),
                )
            })
            .collect();
        assert_eq!(got, expected, "{name}");
        total += got.len();
    }
    assert!(total > 20, "the examples have findings: {total}");
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn secondary_spans_are_related_information() {
    let uri = "file:///p/.cursor/mcp.json";
    let text =
        "{\"mcpServers\": {\"a\": {\"command\": \"node\"}, \"a\": {\"command\": \"uvx\"}}}\n";
    let mut client = Client::start();
    client.open(uri, "json", text);
    let (_, diagnostics) = client.diagnostics(uri);
    let duplicate = diagnostics
        .iter()
        .find(|d| d["code"] == "MCP002")
        .unwrap_or_else(|| panic!("a duplicate key: {diagnostics:#?}"));
    let related = duplicate["relatedInformation"]
        .as_array()
        .expect("related information");
    assert_eq!(related.len(), 1);
    assert_eq!(related[0]["message"], "first defined here");
    assert_eq!(related[0]["location"]["uri"], uri);
    assert_eq!(at(&related[0]["location"]["range"]["start"]), (0, 16));
    assert_eq!(at(&related[0]["location"]["range"]["end"]), (0, 19));
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn files_mcpvet_does_not_read_get_no_diagnostics() {
    let mut client = Client::start();
    // Not a name mcpvet reads: never published.
    client.open("file:///p/package.json", "json", "{\"name\": \"x\",}");
    // A capture name holding no session, a settings file without servers, a browser
    // extension's manifest: published empty.
    client.open("file:///p/data.jsonl", "jsonl", "{\"a\":1}\n{\"a\":2}\n");
    client.open(
        "file:///p/.vscode/settings.json",
        "jsonc",
        "{\"editor.fontSize\": 12}",
    );
    client.open(
        "file:///p/ext/manifest.json",
        "json",
        "{\"manifest_version\": 3, \"name\": \"ext\", \"version\": \"1.0\"}",
    );
    client.open("file:///p/.cursor/mcp.json", "json", "{\"mcpServers\": {}");
    for uri in [
        "file:///p/data.jsonl",
        "file:///p/.vscode/settings.json",
        "file:///p/ext/manifest.json",
    ] {
        let (_, diagnostics) = client.diagnostics(uri);
        assert_eq!(diagnostics, Vec::<Value>::new(), "{uri}");
    }
    let (_, diagnostics) = client.diagnostics("file:///p/.cursor/mcp.json");
    assert!(
        diagnostics.iter().any(|d| d["code"] == "MCP001"),
        "a syntax error: {diagnostics:#?}"
    );
    assert!(
        client
            .pending
            .iter()
            .all(|n| n.params["uri"] != "file:///p/package.json"),
        "{:#?}",
        client.pending
    );
    // A hover or a code action there answers nothing.
    let response = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": "file:///p/package.json"},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 3}},
            "context": {"diagnostics": []},
        }),
    );
    assert_eq!(ok(response), json!([]));
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn a_burst_of_changes_ends_with_the_last_version() {
    let uri = "file:///p/.mcp.json";
    let mut client = Client::start();
    client.open(uri, "json", "");
    let (_, diagnostics) = client.diagnostics(uri);
    assert_eq!(diagnostics[0]["code"], "MCP001", "an empty file");
    // Typed one character at a time.
    let text =
        r#"{"mcpServers": {"docs": {"type": "http", "url": "http://docs.example.com/mcp"}}}"#;
    let mut typed = String::new();
    for (i, c) in text.chars().enumerate() {
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{
                "range": {"start": {"line": 0, "character": i}, "end": {"line": 0, "character": i}},
                "text": c.to_string(),
            }]}),
        );
        typed.push(c);
    }
    let last = json!(text.chars().count() + 1);
    let diagnostics = loop {
        let (version, diagnostics) = client.diagnostics(uri);
        if version == last {
            break diagnostics;
        }
    };
    // Plain HTTP to a remote host: the same finding as for the text opened whole.
    let codes: Vec<&Value> = diagnostics.iter().map(|d| &d["code"]).collect();
    assert!(codes.contains(&&json!("MCP205")), "{diagnostics:#?}");
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let (version, cleared) = client.diagnostics(uri);
    assert_eq!((version, cleared), (Value::Null, Vec::new()));
    client.open(uri, "json", &typed);
    let (version, whole) = client.diagnostics(uri);
    assert_eq!(version, 1);
    assert_eq!(whole, diagnostics);
    assert_eq!(client.finish(), Ending::Exit);
}

#[test]
fn the_lifecycle_is_followed() {
    let (server, client) = Connection::memory();
    let handle = std::thread::spawn(move || mcpvet_lsp::run(&server));
    let send = |m: Message| client.sender.send(m).expect("the server is listening");
    let receive = || client.receiver.recv_timeout(TIMEOUT).expect("an answer");
    // A request before `initialize` is refused.
    send(Request::new(1.into(), "textDocument/hover".into(), json!({})).into());
    let Message::Response(r) = receive() else {
        panic!("a response")
    };
    assert_eq!(err_code(r), -32002);
    send(Request::new(2.into(), "initialize".into(), json!({"capabilities": {}})).into());
    assert!(matches!(receive(), Message::Response(r) if r.response_result.is_ok()));
    send(Notification::new("initialized".into(), json!({})).into());
    // Malformed parameters and unknown methods are errors, not the end of the server.
    send(Request::new(3.into(), "textDocument/hover".into(), json!({"x": 1})).into());
    let Message::Response(r) = receive() else {
        panic!("a response")
    };
    assert_eq!(err_code(r), -32602);
    send(Request::new(4.into(), "textDocument/definition".into(), json!({})).into());
    let Message::Response(r) = receive() else {
        panic!("a response")
    };
    assert_eq!(err_code(r), -32601);
    // `exit` without `shutdown`: status 1.
    send(Notification::new("exit".into(), json!(null)).into());
    let ending = handle.join().expect("no panic");
    assert_eq!(ending, Ending::ExitWithoutShutdown);
    assert_eq!(ending.status(), 1);

    // After `shutdown`, requests are refused until `exit`.
    let (mut client, _) = Client::start_with(&json!({}));
    let r = client.request("shutdown", json!(null));
    assert!(r.response_result.is_ok());
    let r = client.request("textDocument/hover", json!({}));
    assert_eq!(err_code(r), -32600);
    client.notify("exit", json!(null));
    let ending = client
        .server
        .take()
        .expect("a thread")
        .join()
        .expect("no panic");
    assert_eq!((ending, ending.status()), (Ending::Exit, 0));

    // A client that goes away without `exit`.
    let (server, client) = Connection::memory();
    let handle = std::thread::spawn(move || mcpvet_lsp::run(&server));
    drop(client);
    let ending = handle.join().expect("no panic");
    assert_eq!(ending, Ending::Disconnected { shut_down: false });
    assert_eq!(ending.status(), 1);
}
