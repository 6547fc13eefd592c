//! mcpvet in the browser: the inspector compiled to WebAssembly.
//!
//! Position in the pipeline: a thin layer over [`mcpvet_linter`], like the command line. It
//! takes the bytes of one input, inspects it as a client configuration, a captured session or
//! a server definition (or decides which it is), and returns text: the versioned JSON report
//! of `mcpvet --format json`, with UTF-16 columns for the browser.
//!
//! - [`inspect`] returns the JSON report (`{"version": 1, "tool": …, "files": [ … ]}`).
//! - [`inspect_page`] returns what the page needs in one call: the report, how the kind was
//!   decided, the byte spans of the server names and of a server definition's items, the
//!   list of messages of a session, and the spans of the events each run of a run log names.
//! - [`infer_schema`] returns the JSON Schema an example payload implies, or its syntax errors
//!   (what `mcpvet schema infer` prints; the page's "Infer schema" action).
//! - [`compare`] diffs two inputs (`mcpvet diff`), writes the tools lock file of an input
//!   (`mcpvet lock`) and checks an input against a lock file (`--lock`): the page's
//!   "Compare" panel.
//! - [`ffi`] exports them to JavaScript under fixed names, through handles to byte buffers
//!   (see `docs/web.md`); [`site`] builds the static page's generated files.
//!
//! Like the library crates it does no I/O and never reads the clock.
//!
//! ```
//! let json = mcpvet_wasm::inspect("auto", br#"{"mcpServers": {"docs": {"command": "npx"}}}"#).unwrap();
//! assert!(json.starts_with("{\"version\":1,"));
//! assert!(json.contains("\"kind\":\"config\""));
//! assert!(mcpvet_wasm::inspect("yaml", b"").is_err());
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

pub mod compare;
pub mod ffi;
pub mod infer;
pub mod page;
pub mod site;

use std::fmt;

use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::{FileReport, InspectOptions};
use mcpvet_schema::infer::Required;
use mcpvet_text::TextError;

pub use mcpvet_linter::i18n::Lang;
pub use mcpvet_linter::{Detection, InputKind, detect};

/// The name the input gets in the report when the caller gives none: `-`, as for standard
/// input, so that neither reader guesses anything from a file name.
pub const UNNAMED: &str = "-";

/// How to read an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Decide from the content ([`detect`]).
    Auto,
    /// A client configuration.
    Config,
    /// A captured session.
    Transcript,
    /// A server definition: a captured listing (`tools/list`… results), a registry
    /// `server.json`, an MCPB manifest or a definition file.
    Server,
}

impl Mode {
    /// `auto`, `config` or `transcript` (also `session`), `server` (also `definition`).
    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "auto" => Some(Mode::Auto),
            "config" | "configuration" => Some(Mode::Config),
            "transcript" | "session" => Some(Mode::Transcript),
            "server" | "definition" => Some(Mode::Server),
            _ => None,
        }
    }

    /// The kind of input the mode forces, `None` for [`Mode::Auto`].
    pub fn kind(self) -> Option<InputKind> {
        match self {
            Mode::Auto => None,
            Mode::Config => Some(InputKind::Config),
            Mode::Transcript => Some(InputKind::Transcript),
            Mode::Server => Some(InputKind::Server),
        }
    }
}

/// Why an input could not be inspected.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InspectError {
    /// The mode is not `auto`, `config`, `transcript` or `server`.
    UnknownMode(String),
    /// The `required` choice of schema inference is not `present` or `none`.
    UnknownRequired(String),
    /// The input is longer than `u32` offsets address.
    TooLarge(TextError),
}

impl fmt::Display for InspectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InspectError::UnknownMode(mode) => write!(
                f,
                "unknown mode `{mode}`; expected `auto`, `config`, `transcript` or `server`"
            ),
            InspectError::UnknownRequired(required) => write!(
                f,
                "unknown `required` choice `{required}`; expected `present` or `none`"
            ),
            InspectError::TooLarge(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for InspectError {}

/// Inspects `bytes` (UTF-8; invalid bytes are reported and read as `?`) in `mode`, under the
/// name `file_name` (which helps detect a configuration's client, as `.vscode/mcp.json` and
/// `.codex/config.toml` do, and its syntax: a `.toml`, `.yaml` or `.yml` file is read through
/// the JSON text it denotes, every position mapped back to the file), or [`UNNAMED`], through
/// the same door as the command line
/// ([`mcpvet_linter::inspect`]). In auto mode the report's `detection` says how the kind
/// was decided.
///
/// # Errors
///
/// [`InspectError::TooLarge`] when the input is longer than `u32::MAX` bytes.
pub fn analyze(
    mode: Mode,
    file_name: Option<&str>,
    bytes: &[u8],
) -> Result<FileReport, InspectError> {
    let name = file_name.filter(|n| !n.is_empty()).unwrap_or(UNNAMED);
    mcpvet_linter::inspect(mode.kind(), name, bytes, &InspectOptions::default())
        .map_err(InspectError::TooLarge)
}

/// The JSON report of one inspected input: the document of `mcpvet --format json`, on one
/// line, with `column_utf16` and `end_column_utf16` beside every column.
pub fn report_json(report: FileReport) -> String {
    let options = JsonReportOptions::new()
        .with_utf16_columns(true)
        .with_compact(true);
    let mut json = render_json(&[report], &options);
    if json.ends_with('\n') {
        json.pop();
    }
    json
}

/// Inspects `bytes` in `mode` (`auto`, `config`, `transcript` or `server`) and returns the
/// JSON report.
///
/// # Errors
///
/// An unknown mode, or an input longer than `u32::MAX` bytes.
pub fn inspect(mode: &str, bytes: &[u8]) -> Result<String, InspectError> {
    inspect_named(mode, None, bytes)
}

/// [`inspect`] with a file name (see [`analyze`]).
///
/// # Errors
///
/// An unknown mode, or an input longer than `u32::MAX` bytes.
pub fn inspect_named(
    mode: &str,
    file_name: Option<&str>,
    bytes: &[u8],
) -> Result<String, InspectError> {
    let mode = Mode::parse(mode).ok_or_else(|| InspectError::UnknownMode(mode.to_owned()))?;
    analyze(mode, file_name, bytes).map(report_json)
}

/// Inspects `bytes` and returns what the page shows (see [`page::render`]).
///
/// # Errors
///
/// An unknown mode, or an input longer than `u32::MAX` bytes.
pub fn inspect_page(
    mode: &str,
    file_name: Option<&str>,
    bytes: &[u8],
) -> Result<String, InspectError> {
    inspect_page_in(mode, file_name, bytes, Lang::En)
}

/// [`inspect_page`] with the report's help sentences in `lang`
/// ([`mcpvet_linter::i18n::localize`], what `--lang` does on the command line).
///
/// ```
/// use mcpvet_wasm::Lang;
///
/// let text = br#"{"mcpServers": {"a": {"command": "x"},}}"#;
/// let es = mcpvet_wasm::inspect_page_in("config", Some("claude_desktop_config.json"), text, Lang::Es).unwrap();
/// assert!(es.contains("quite la coma"), "{es}");
/// let en = mcpvet_wasm::inspect_page("config", Some("claude_desktop_config.json"), text).unwrap();
/// assert!(en.contains("remove the comma"));
/// ```
///
/// # Errors
///
/// An unknown mode, or an input longer than `u32::MAX` bytes.
pub fn inspect_page_in(
    mode: &str,
    file_name: Option<&str>,
    bytes: &[u8],
    lang: Lang,
) -> Result<String, InspectError> {
    let mode = Mode::parse(mode).ok_or_else(|| InspectError::UnknownMode(mode.to_owned()))?;
    analyze(mode, file_name, bytes).map(|mut report| {
        mcpvet_linter::i18n::localize(&mut report, lang);
        page::render(report)
    })
}

/// The page's message catalogue in `lang` (see [`mcpvet_linter::i18n::messages_json`]): every
/// string of the page by key, and the title of every rule.
pub fn messages(lang: Lang) -> String {
    mcpvet_linter::i18n::messages_json(lang)
}

/// A copy of `bytes` to share, with every secret replaced by a same-shape placeholder
/// ([`mcpvet_linter::share::redact`], what `mcpvet redact` writes): as many bytes, the same
/// lines, every other byte kept. `mode` and `file_name` are those of [`inspect_named`].
///
/// ```
/// let text = br#"{"mcpServers": {"a": {"command": "x", "env": {"API_KEY": "Zq8xW2vN5mK9pR3tLb7c"}}}}"#;
/// let copy = mcpvet_wasm::redact("auto", None, text).unwrap();
/// assert_eq!(copy.len(), text.len());
/// assert!(std::str::from_utf8(&copy).unwrap().contains(r#""API_KEY": "Rxxxxxxxxxxxxxxxxxxx""#));
/// ```
///
/// # Errors
///
/// An unknown mode, or an input longer than `u32::MAX` bytes.
pub fn redact(mode: &str, file_name: Option<&str>, bytes: &[u8]) -> Result<Vec<u8>, InspectError> {
    let mode = Mode::parse(mode).ok_or_else(|| InspectError::UnknownMode(mode.to_owned()))?;
    mcpvet_linter::share::redact(
        mode.kind(),
        file_name.unwrap_or(UNNAMED),
        bytes,
        &InspectOptions::default(),
    )
    .map(|copy| copy.bytes)
    .map_err(InspectError::TooLarge)
}

/// The JSON Schema (draft 2020-12) that the example payload `bytes` implies, or its syntax
/// errors, as one JSON object (see [`infer::render`]). `required` is `present` (every key
/// present in the example is required) or `none` (`required` is left out), as
/// `mcpvet schema infer --required` takes.
///
/// ```
/// let out = mcpvet_wasm::infer_schema("none", br#"{"id": 7}"#).unwrap();
/// assert!(out.starts_with(r#"{"schema":"{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\","#));
/// assert!(out.ends_with(r#""errors":[]}"#));
/// let broken = mcpvet_wasm::infer_schema("present", b"{\"id\": }").unwrap();
/// assert!(broken.starts_with(r#"{"schema":null,"errors":[{"code":"MCP001","#));
/// assert!(mcpvet_wasm::infer_schema("all", b"{}").is_err());
/// ```
///
/// # Errors
///
/// An unknown `required` choice, or an example longer than `u32::MAX` bytes.
pub fn infer_schema(required: &str, bytes: &[u8]) -> Result<String, InspectError> {
    let required = Required::parse(required)
        .ok_or_else(|| InspectError::UnknownRequired(required.to_owned()))?;
    infer::render(bytes, required).map_err(InspectError::TooLarge)
}

/// The error object the exported functions return instead of a report:
/// `{"error": "message"}`.
pub fn error_json(err: &InspectError) -> String {
    serde_json::json!({ "error": err.to_string() }).to_string()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn report(mode: &str, name: Option<&str>, bytes: &[u8]) -> Value {
        serde_json::from_str(&inspect_named(mode, name, bytes).unwrap()).unwrap()
    }

    #[test]
    fn modes_and_errors() {
        assert_eq!(Mode::parse("session"), Some(Mode::Transcript));
        assert_eq!(Mode::parse("Config"), None);
        let err = inspect("yaml", b"{}").unwrap_err();
        assert_eq!(
            error_json(&err),
            r#"{"error":"unknown mode `yaml`; expected `auto`, `config`, `transcript` or `server`"}"#
        );
        assert_eq!(Mode::parse("definition"), Some(Mode::Server));
        assert_eq!(Mode::Server.kind(), Some(InputKind::Server));
        assert_eq!(
            error_json(&infer_schema("all", b"{}").unwrap_err()),
            r#"{"error":"unknown `required` choice `all`; expected `present` or `none`"}"#
        );
        let session = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
        assert_eq!(
            report("auto", None, session)["files"][0]["kind"],
            "transcript"
        );
        assert_eq!(
            report("config", None, session)["files"][0]["kind"],
            "config"
        );
    }

    #[test]
    fn invalid_utf8_is_a_finding_and_offsets_are_kept() {
        let r = report(
            "config",
            None,
            b"{\"mcpServers\": {\"a\xff\": {\"command\": \"/bin/x\"}}}",
        );
        let findings = r["files"][0]["findings"].as_array().unwrap();
        let bad = findings.iter().find(|f| f["code"] == "MCP008").unwrap();
        assert_eq!(bad["span"]["start"], 18);
        assert_eq!(r["files"][0]["path"], UNNAMED);
    }

    #[test]
    fn the_file_name_decides_the_client() {
        let text = br#"{"servers": {"docs": {"type": "stdio", "command": "npx", "arg": []}}}"#;
        let vscode = report("config", Some(".vscode/mcp.json"), text);
        assert_eq!(vscode["files"][0]["dialect"]["name"], "vscode");
        assert_eq!(vscode["files"][0]["path"], ".vscode/mcp.json");
        // UTF-16 columns are there for the browser.
        assert!(vscode["files"][0]["findings"][0]["column_utf16"].is_u64());
    }

    /// The text of `bytes` at a report's `{"start", "end"}` span.
    fn at<'t>(text: &'t str, span: &Value) -> &'t str {
        let start = usize::try_from(span["start"].as_u64().unwrap()).unwrap();
        let end = usize::try_from(span["end"].as_u64().unwrap()).unwrap();
        &text[start..end]
    }

    /// The 1-based line of byte `offset` of `text`.
    fn line_of(text: &str, offset: &Value) -> u64 {
        let offset = usize::try_from(offset.as_u64().unwrap()).unwrap();
        text[..offset].matches('\n').count() as u64 + 1
    }

    #[test]
    fn codex_toml_is_a_configuration_with_positions_in_the_toml() {
        let text = "# Codex, with a comment: réunion\nmodel = \"gpt-5-codex\"\n\n[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", \"${HOME}/docs\"]\n\n[mcp_servers.\"remote-api\"]\nurl = \"https://mcp.example.com/mcp\"\nstartup_timeout = 30\n";
        for (mode, name, detected_by) in [
            ("auto", None, "content"),
            ("config", None, "content"),
            ("auto", Some("config.toml"), "content"),
            ("auto", Some(".codex/config.toml"), "file-name"),
            ("config", Some("/home/me/.codex/config.toml"), "file-name"),
        ] {
            let page: Value =
                serde_json::from_str(&inspect_page(mode, name, text.as_bytes()).unwrap()).unwrap();
            let file = &page["report"]["files"][0];
            assert_eq!(file["kind"], "config", "{mode} {name:?}");
            assert_eq!(file["dialect"]["name"], "codex", "{mode} {name:?}");
            assert_eq!(
                file["dialect"]["detected_by"], detected_by,
                "{mode} {name:?}"
            );
            if mode == "auto" {
                assert_eq!(page["detected"]["kind"], "config");
            }
            // The server names are spans of the TOML file, not of the derived JSON text.
            let names: Vec<&str> = page["servers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| at(text, s))
                .collect();
            assert_eq!(names, ["docs", "\"remote-api\""]);
            assert_eq!(file["servers"][0]["line"], 4);
            assert_eq!(file["servers"][1]["line"], 8);
            let findings: Vec<(&str, &str, u64, u64)> = file["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    assert_eq!(f["line"].as_u64(), Some(line_of(text, &f["span"]["start"])));
                    (
                        f["code"].as_str().unwrap(),
                        at(text, &f["span"]),
                        f["line"].as_u64().unwrap(),
                        f["column_utf16"].as_u64().unwrap(),
                    )
                })
                .collect();
            assert_eq!(
                findings,
                [
                    ("MCP105", "${HOME}", 6, 16),
                    ("MCP101", "startup_timeout", 10, 1)
                ],
                "{mode} {name:?}"
            );
        }
    }

    #[test]
    fn a_yaml_server_map_is_a_configuration_with_positions_in_the_yaml() {
        let text = "# servers, café\nmcpServers:\n  docs:\n    command: npx\n    args: [\"-y\", \"docs-mcp\"]\n  \"remote\":\n    url: http://mcp.example.com/mcp\n";
        for (mode, name) in [
            ("auto", None),
            ("config", None),
            ("auto", Some("mcp.yaml")),
            ("auto", Some("servers.yml")),
        ] {
            let page: Value =
                serde_json::from_str(&inspect_page(mode, name, text.as_bytes()).unwrap()).unwrap();
            let file = &page["report"]["files"][0];
            assert_eq!(file["kind"], "config", "{mode} {name:?}");
            assert_eq!(file["summary"]["servers"], 2);
            let names: Vec<&str> = page["servers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| at(text, s))
                .collect();
            assert_eq!(names, ["docs", "\"remote\""]);
            let f = &file["findings"][0];
            assert_eq!(f["code"], "MCP205");
            assert_eq!(at(text, &f["span"]), "http://mcp.example.com/mcp");
            assert_eq!(
                (f["line"].as_u64(), f["column"].as_u64()),
                (Some(7), Some(10))
            );
        }
    }

    #[test]
    fn continue_and_goose_files_are_read_by_their_names() {
        let block = "name: Docs\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: docs\n    command: npx\n";
        let goose = "GOOSE_PROVIDER: openai\nextensions:\n  docs:\n    name: docs\n    type: stdio\n    cmd: npx\n    enabled: true\n";
        for (name, text, client) in [
            (".continue/mcpServers/docs.yaml", block, "continue"),
            ("goose/config.yaml", goose, "goose"),
        ] {
            let page: Value =
                serde_json::from_str(&inspect_page("auto", Some(name), text.as_bytes()).unwrap())
                    .unwrap();
            let file = &page["report"]["files"][0];
            assert_eq!(page["detected"]["kind"], "config", "{name}");
            assert_eq!(file["dialect"]["name"], client, "{name}");
            assert_eq!(file["dialect"]["detected_by"], "file-name", "{name}");
            assert_eq!(file["summary"]["servers"], 1, "{name}: {file}");
            let span = &page["servers"][0];
            assert_eq!(at(text, span), "docs", "{name}");
            assert_eq!(
                file["servers"][0]["line"].as_u64(),
                Some(line_of(text, &span["start"])),
                "{name}"
            );
        }
    }

    #[test]
    fn toml_and_yaml_syntax_errors_are_at_their_place_in_the_file() {
        let toml = report(
            "auto",
            Some("config.toml"),
            b"[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", \"x\"\n",
        );
        let file = &toml["files"][0];
        assert_eq!(file["kind"], "config");
        assert_eq!(file["findings"][0]["code"], "MCP015");
        assert_eq!(file["findings"][0]["line"], 3);
        let yaml = report(
            "config",
            Some("mcp.yaml"),
            b"mcpServers:\n  docs:\n    command: \"npx\n",
        );
        let file = &yaml["files"][0];
        assert_eq!(file["findings"][0]["code"], "MCP013");
        assert_eq!(file["findings"][0]["severity"], "error");
    }

    #[test]
    fn the_page_never_shows_a_shaped_secret() {
        for s in mcpvet_check_secrets::synthetic::shapes(2) {
            let json = serde_json::to_string(&s.text).unwrap();
            let session = format!(
                "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{{\"name\":\"run\",\"arguments\":{{\"cmd\":{json}}}}}}}\n[server] {}\n",
                s.text
            );
            let page = inspect_page("auto", Some("session.jsonl"), session.as_bytes()).unwrap();
            assert!(page.contains("MCP308"), "{}: {page}", s.label);
            let windows: Vec<&str> = (0..s.random.len().saturating_sub(7))
                .filter_map(|i| s.random.get(i..i + 8))
                .collect();
            assert!(!page.contains(&s.secret), "{}: {page}", s.label);
            assert!(
                windows.iter().all(|w| !page.contains(w)),
                "{}: {page}",
                s.label
            );
        }
    }
}
