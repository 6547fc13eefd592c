//! The language server's answer to one keystroke, with divan:
//! `cargo bench -p mcpvet_bench --bench lsp`.
//!
//! `did_change` times what the server does between receiving a `textDocument/didChange`
//! (one character inserted or deleted in the middle of the document) and handing the
//! `textDocument/publishDiagnostics` notification, serialized to JSON, to the connection's
//! writer: applying the change, inspecting the whole text, converting every finding. The
//! target is 50 ms for a 100 KB file, so that no debounce is needed. `inspect` times the
//! inspection alone on the same texts, for comparison.
//!
//! Inputs (about 100 KB each): a Claude Code `.mcp.json` of 400 servers, one in ten with its
//! arguments in `command` (MCP209) and one in seven on plain HTTP (MCP205); a generated JSON
//! Lines session (2025-11-25, seed 1) with a defect every 50 messages.
use std::hint::black_box;
use std::num::NonZeroU64;
use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::BytesCount;
use lsp_server::{Message, Notification, Request};
use mcpvet_lsp::Server;
use serde_json::json;

fn main() {
    divan::main();
}

/// The size of each input.
const SIZE: usize = 100_000;

/// A Claude Code configuration of about [`SIZE`] bytes.
fn config() -> &'static str {
    static CONFIG: OnceLock<String> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let mut servers = Vec::new();
        let mut len = 0;
        let mut i = 0;
        while len < SIZE {
            let server = if i % 10 == 3 {
                format!(
                    "    \"tool-{i}\": {{\"command\": \"npx -y @acme/tool-{i}@1.{i}.0\", \"env\": {{\"LOG_LEVEL\": \"info\"}}}}"
                )
            } else if i % 7 == 5 {
                format!(
                    "    \"remote-{i}\": {{\"type\": \"http\", \"url\": \"http://mcp{i}.example.com/mcp\", \"headers\": {{\"Authorization\": \"Bearer ${{TOKEN_{i}}}\"}}}}"
                )
            } else {
                format!(
                    "    \"server-{i}\": {{\"command\": \"uvx\", \"args\": [\"mcp-server-{i}==0.{i}.1\", \"--root\", \"./data/{i}\"], \"env\": {{\"LOG_LEVEL\": \"info\", \"CACHE_DIR\": \"./cache-{i}\"}}}}"
                )
            };
            len += server.len() + 2;
            servers.push(server);
            i += 1;
        }
        format!("{{\n  \"mcpServers\": {{\n{}\n  }}\n}}\n", servers.join(",\n"))
    })
}

/// A generated session of about [`SIZE`] bytes.
fn session() -> &'static str {
    static SESSION: OnceLock<String> = OnceLock::new();
    SESSION.get_or_init(|| {
        let mut bytes = Vec::new();
        let every = NonZeroU64::new(50).expect("not zero");
        mcpvet_sessiongen::generate(
            &mcpvet_sessiongen::Options::new(
                mcpvet_sessiongen::Protocol::V2025_11_25,
                SIZE as u64,
                1,
            )
            .with_defect_every(every),
            &mut bytes,
        )
        .expect("writing to memory cannot fail");
        String::from_utf8(bytes).expect("the generator writes UTF-8")
    })
}

const INPUTS: [&str; 2] = [".mcp.json", "session.jsonl"];

fn text(name: &str) -> &'static str {
    if name == ".mcp.json" {
        config()
    } else {
        session()
    }
}

fn notification(method: &str, params: serde_json::Value) -> Message {
    Message::Notification(Notification::new(method.to_owned(), params))
}

/// An initialized server with `name` open.
fn open(name: &str) -> (Server, String) {
    let uri = format!("file:///project/{name}");
    let mut server = Server::new();
    server.handle(Message::Request(Request::new(
        1.into(),
        "initialize".to_owned(),
        json!({"capabilities": {}}),
    )));
    server.handle(notification("initialized", json!({})));
    server.handle(notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text(name)}}),
    ));
    let published = server.flush();
    assert_eq!(published.len(), 1);
    (server, uri)
}

/// One `didChange` (a character inserted in the middle of a string, or removed again) and
/// the diagnostics it makes, serialized.
#[divan::bench(args = INPUTS)]
fn did_change(bencher: Bencher<'_, '_>, name: &str) {
    let (mut server, uri) = open(name);
    let text = text(name);
    // The middle line, inside its first string after `"`.
    let middle = text.lines().count() / 2;
    let column = text
        .lines()
        .nth(middle)
        .and_then(|l| l.find('"'))
        .map_or(0, |c| c + 1);
    let mut version = 1;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench_local(move || {
            version += 1;
            let (end, insert) = if version % 2 == 0 {
                (column, "x")
            } else {
                (column + 1, "")
            };
            server.handle(notification(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{
                    "range": {"start": {"line": middle, "character": column},
                              "end": {"line": middle, "character": end}},
                    "text": insert,
                }]}),
            ));
            let published = server.flush();
            let Some(Message::Notification(n)) = published.first() else {
                unreachable!("one publication per change")
            };
            black_box(serde_json::to_string(n).expect("JSON"))
        });
}

/// The inspection alone (`mcpvet_linter::inspect`), on the same texts.
#[divan::bench(args = INPUTS)]
fn inspect(bencher: Bencher<'_, '_>, name: &str) {
    let text = text(name);
    let kind = if name == ".mcp.json" {
        Some(mcpvet_linter::InputKind::Config)
    } else {
        None
    };
    let options = mcpvet_linter::InspectOptions::default();
    bencher.counter(BytesCount::new(text.len())).bench(|| {
        black_box(mcpvet_linter::inspect(
            kind,
            name,
            text.as_bytes(),
            &options,
        ))
    });
}
