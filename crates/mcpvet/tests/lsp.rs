//! `mcpvet lsp` end to end: the built binary is started and spoken to over its standard
//! input and output with the protocol's framing (`Content-Length` headers), as an editor
//! does.
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_mcpvet");

struct Editor {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Editor {
    fn start() -> Editor {
        let mut child = Command::new(BIN)
            .args(["lsp", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mcpvet starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Editor {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).expect("JSON");
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The next message, read by its `Content-Length` header.
    fn receive(&mut self) -> Value {
        let mut length = None;
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("a header line");
            assert!(n > 0, "the server closed its output");
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(value) = line.strip_prefix("Content-Length: ") {
                length = Some(value.parse::<usize>().expect("a length"));
            }
        }
        let mut body = vec![0; length.expect("a Content-Length header")];
        self.stdout.read_exact(&mut body).expect("the body");
        serde_json::from_slice(&body).expect("a JSON message")
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        let mut message = json!({"jsonrpc": "2.0", "id": id, "method": method});
        message["params"] = params;
        self.send(&message);
        loop {
            let message = self.receive();
            if message["id"] == id {
                assert_eq!(message["jsonrpc"], "2.0");
                return message;
            }
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        let mut message = json!({"jsonrpc": "2.0", "method": method});
        message["params"] = params;
        self.send(&message);
    }

    fn diagnostics(&mut self, uri: &str) -> Value {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"].clone();
            }
        }
    }
}

#[test]
fn an_editor_gets_diagnostics_and_a_fix_over_stdio() {
    let mut editor = Editor::start();
    let init = editor.request(
        1,
        "initialize",
        json!({"processId": null, "capabilities": {}}),
    );
    assert_eq!(
        init["result"]["capabilities"]["textDocumentSync"]["change"],
        2
    );
    assert_eq!(init["result"]["serverInfo"]["name"], "mcpvet");
    editor.notify("initialized", json!({}));

    let uri = "file:///home/me/app/.cursor/mcp.json";
    let text =
        "{\n  \"mcpServers\": {\n    \"docs\": {\"command\": \"npx -y @acme/docs-mcp\"}\n  }\n}\n";
    editor.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
    );
    let published = editor.diagnostics(uri);
    assert_eq!(published["version"], 1);
    let diagnostics = published["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0]["code"], "MCP209");
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 2, "character": 24}, "end": {"line": 2, "character": 47}})
    );

    let actions = editor.request(
        2,
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": diagnostics[0]["range"],
            "context": {"diagnostics": diagnostics},
        }),
    );
    let edits = &actions["result"][0]["edit"]["changes"][uri];
    assert_eq!(
        edits,
        &json!([
            {"range": {"start": {"line": 2, "character": 24}, "end": {"line": 2, "character": 47}},
             "newText": "\"npx\""},
            {"range": {"start": {"line": 2, "character": 47}, "end": {"line": 2, "character": 47}},
             "newText": ", \"args\": [\"-y\", \"@acme/docs-mcp\"]"}
        ])
    );

    // The fix applied, as incremental changes (the later edit first).
    editor.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": edits[1]["range"], "text": edits[1]["newText"]},
            {"range": edits[0]["range"], "text": edits[0]["newText"]},
        ]}),
    );
    let published = editor.diagnostics(uri);
    assert_eq!(published["version"], 2);
    assert_eq!(published["diagnostics"], json!([]));

    let shutdown = editor.request(3, "shutdown", json!(null));
    assert_eq!(shutdown["result"], Value::Null);
    assert!(shutdown.get("error").is_none());
    editor.notify("exit", json!(null));
    drop(editor.stdin);
    let output = editor.child.wait_with_output().expect("mcpvet ends");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

#[test]
fn exit_without_shutdown_is_status_1() {
    let mut editor = Editor::start();
    editor.request(1, "initialize", json!({"capabilities": {}}));
    editor.notify("exit", json!(null));
    drop(editor.stdin);
    let status = editor.child.wait().expect("mcpvet ends");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn help_points_to_the_editor_settings() {
    let output = Command::new(BIN)
        .args(["lsp", "--help"])
        .output()
        .expect("mcpvet runs");
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(help.contains("Language Server Protocol"), "{help}");
    assert!(help.contains("docs/editors.md"), "{help}");
}
