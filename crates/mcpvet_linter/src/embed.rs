//! The engine as a function of text: one request in, the JSON report of the command line out.
//!
//! Embedders that are not Rust (the npm package of the WebAssembly build, the Python package)
//! pass their options as a small JSON object and get back exactly the document that
//! `mcpvet config|transcript|server|check --format json` prints for the same file, so that
//! a Node or Python tool and the command line never disagree:
//!
//! ```
//! use mcpvet_linter::embed::{LintRequest, lint_to_json};
//!
//! let request = LintRequest::from_json(r#"{"kind": "config", "fileName": ".vscode/mcp.json"}"#).unwrap();
//! let report = lint_to_json(&request, br#"{"servers": {"docs": {"command": "npx"}}}"#).unwrap();
//! assert!(report.starts_with("{\n  \"version\": 1,"));
//! assert!(report.contains("\"path\": \".vscode/mcp.json\""));
//! assert!(LintRequest::from_json(r#"{"kind": "yaml"}"#).is_err());
//! ```
//!
//! The request's members, all optional:
//!
//! | member | values | as on the command line |
//! |---|---|---|
//! | `kind` | `auto` (default), `config`, `transcript` (or `session`), `server` (or `definition`) | `check`, `config`, `transcript`, `server` |
//! | `fileName` | the file's path or name; `-` or absent for none | the path argument |
//! | `dialect` | a client dialect name (`vscode`, `claude-desktop`, `codex`…) | `config --dialect` |
//! | `protocol` | `2024-11-05` … `2026-07-28` | `--protocol` |
//! | `inputFormat` | a session format (`jsonl`, `har`…) or a definition format (`listing`…) | `--input-format` |
//! | `target` | `openai,gemini`…, or `all` | `--target` |
//! | `utf16Columns` | `true` adds `column_utf16`/`end_column_utf16` (for browsers and editors) | – |
//! | `compact` | `true`: one line, no indentation | – |
//! | `lang` | `en` (default), `es`, or a tag such as `es-ES` (any other language is English) | `--lang` |
//!
//! Unknown members are an error, so that a misspelt option is never silently ignored.
use std::fmt;

use mcpvet_ast::config::Dialect;
use mcpvet_ast::definition::DefinitionFormat;
use mcpvet_ast::transcript::{InputFormat, ProtocolVersion};
use mcpvet_check_risks::Clients;
use serde::Deserialize;

use crate::i18n::Lang;
use crate::render::json::{JsonReportOptions, render_json};
use crate::{InputKind, InspectOptions, inspect};

/// What to inspect and how: the parsed form of the request object (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct LintRequest {
    /// The kind to read the input as; `None` decides from the content.
    pub kind: Option<InputKind>,
    /// The file's name, which helps detect a configuration's client and syntax.
    pub file_name: Option<String>,
    /// The options passed to [`inspect`].
    pub options: InspectOptions,
    /// The options of the JSON rendering.
    pub render: JsonReportOptions,
    /// The language of the report's help sentences ([`crate::i18n::localize`]).
    pub lang: Lang,
}

/// Why a request could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestError(String);

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RawRequest {
    kind: Option<String>,
    file_name: Option<String>,
    dialect: Option<String>,
    protocol: Option<String>,
    input_format: Option<String>,
    target: Option<String>,
    #[serde(default)]
    utf16_columns: bool,
    #[serde(default)]
    compact: bool,
    lang: Option<String>,
}

impl LintRequest {
    /// Reads a request object (an empty text reads as `{}`).
    ///
    /// # Errors
    ///
    /// Malformed JSON, an unknown member, or a value no option takes, with a message that
    /// names the values it takes.
    pub fn from_json(text: &str) -> Result<LintRequest, RequestError> {
        let raw: RawRequest = if text.trim().is_empty() {
            RawRequest::default()
        } else {
            serde_json::from_str(text).map_err(|e| RequestError(format!("invalid request: {e}")))?
        };
        LintRequest::from_raw(raw)
    }

    fn from_raw(raw: RawRequest) -> Result<LintRequest, RequestError> {
        let kind = match raw.kind.as_deref() {
            None | Some("auto") => None,
            Some("config" | "configuration") => Some(InputKind::Config),
            Some("transcript" | "session") => Some(InputKind::Transcript),
            Some("server" | "definition") => Some(InputKind::Server),
            Some(other) => {
                return Err(RequestError(format!(
                    "unknown kind `{other}`; expected `auto`, `config`, `transcript` or `server`"
                )));
            }
        };
        let file_name = raw.file_name.filter(|n| !n.is_empty() && n != "-");
        let mut options = InspectOptions::default();
        if let Some(dialect) = raw.dialect.as_deref() {
            let dialect = Dialect::parse(dialect).map_err(|e| RequestError(e.to_string()))?;
            options.config.dialect = Some(dialect);
        }
        if let Some(protocol) = raw.protocol.as_deref() {
            let version = protocol
                .parse::<ProtocolVersion>()
                .map_err(|e| RequestError(e.to_string()))?;
            options.transcript.protocol = Some(version);
            options.server.protocol = Some(version);
        }
        if let Some(format) = raw.input_format.as_deref() {
            // One name space for both kinds, as `--input-format` of `transcript` and
            // `server`: a definition format is tried first when the kind is `server`.
            let definition = DefinitionFormat::parse(format);
            let session = format.parse::<InputFormat>().ok();
            match (kind, definition, session) {
                (Some(InputKind::Server), Some(d), _) | (None, Some(d), None) => {
                    options.server.format = Some(d);
                }
                (_, _, Some(s)) => options.transcript.input_format = Some(s),
                (_, Some(d), None) => options.server.format = Some(d),
                (_, None, None) => {
                    return Err(RequestError(format!(
                        "unknown input format `{format}`; see `mcpvet transcript --help` and \
                         `mcpvet server --help`"
                    )));
                }
            }
        }
        if let Some(target) = raw.target.as_deref() {
            let clients = Clients::parse(target).map_err(RequestError)?;
            options.transcript.targets = clients;
            options.server.targets = clients;
        }
        let render = JsonReportOptions::new()
            .with_utf16_columns(raw.utf16_columns)
            .with_compact(raw.compact);
        let lang = raw.lang.as_deref().map_or(Lang::En, Lang::from_tag);
        Ok(LintRequest {
            kind,
            file_name,
            options,
            render,
            lang,
        })
    }
}

/// Inspects `bytes` as the request says and returns the JSON report (ending in a newline
/// unless `compact`).
///
/// # Errors
///
/// An input longer than `u32::MAX` bytes (every other problem is a finding in the report).
pub fn lint_to_json(request: &LintRequest, bytes: &[u8]) -> Result<String, RequestError> {
    let name = request.file_name.as_deref().unwrap_or("-");
    let mut report = inspect(request.kind, name, bytes, &request.options)
        .map_err(|e| RequestError(e.to_string()))?;
    crate::i18n::localize(&mut report, request.lang);
    let mut json = render_json(&[report], &request.render);
    if request.render.compact && json.ends_with('\n') {
        json.pop();
    }
    Ok(json)
}

/// The rule catalog as JSON: `{"version": 1, "rules": [{"code", "name", "severity",
/// "family", "summary"}…]}`, in code order, as `mcpvet rules --format json` prints it.
pub fn rules_json() -> String {
    rules_json_in(Lang::En)
}

/// [`rules_json`] with each `summary` (the rule's title) in `lang`, as `mcpvet rules --format
/// json --lang es` prints it.
pub fn rules_json_in(lang: Lang) -> String {
    let rules: Vec<serde_json::Value> = crate::rules()
        .iter()
        .map(|r| {
            serde_json::json!({
                "code": r.code.as_str(),
                "name": r.name,
                "severity": r.default_severity.as_str(),
                "family": r.family.name(),
                "summary": crate::i18n::rule_title(r, lang),
            })
        })
        .collect();
    let doc = serde_json::json!({ "version": 1, "rules": rules });
    format!("{doc:#}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_their_errors() {
        let r = LintRequest::from_json("").unwrap();
        assert!(r.kind.is_none() && r.file_name.is_none());
        let r = LintRequest::from_json(
            r#"{"kind":"session","fileName":"-","protocol":"draft","target":"openai"}"#,
        )
        .unwrap();
        assert_eq!(r.kind, Some(InputKind::Transcript));
        assert!(r.file_name.is_none());
        assert_eq!(
            r.options.transcript.protocol,
            Some(ProtocolVersion::V2026_07_28)
        );
        let err = LintRequest::from_json(r#"{"kinds":"config"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `kinds`"), "{err}");
        let err = LintRequest::from_json(r#"{"protocol":"2023-01-01"}"#).unwrap_err();
        assert!(err.to_string().contains("2023-01-01"), "{err}");
        let err = LintRequest::from_json(r#"{"dialect":"notepad"}"#).unwrap_err();
        assert!(err.to_string().contains("notepad"), "{err}");
        let err = LintRequest::from_json(r#"{"target":"clippy"}"#).unwrap_err();
        assert!(err.to_string().contains("clippy"), "{err}");
        assert!(LintRequest::from_json("[").is_err());
    }

    #[test]
    fn reports_are_the_cli_document() {
        let request = LintRequest::from_json(r#"{"kind":"config","compact":true}"#).unwrap();
        let json = lint_to_json(&request, br#"{"mcpServers":{"a":{"command":"npx"}}}"#).unwrap();
        assert!(!json.ends_with('\n'));
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(doc["files"][0]["kind"], "config");
        assert_eq!(doc["files"][0]["path"], "-");
        let rules: serde_json::Value = serde_json::from_str(&rules_json()).unwrap();
        let list = rules["rules"].as_array().unwrap();
        assert_eq!(list.len(), crate::rules().len());
        assert!(list.iter().any(|r| r["code"] == "MCP001"));
    }

    #[test]
    fn requests_in_spanish() {
        let r = LintRequest::from_json(r#"{"lang":"es-419"}"#).unwrap();
        assert_eq!(r.lang, Lang::Es);
        assert_eq!(
            LintRequest::from_json(r#"{"lang":"fr"}"#).unwrap().lang,
            Lang::En
        );
        assert_eq!(LintRequest::from_json("{}").unwrap().lang, Lang::En);
        let rules: serde_json::Value = serde_json::from_str(&rules_json_in(Lang::Es)).unwrap();
        assert_eq!(
            rules["rules"][0]["summary"],
            "La entrada no es JSON bien formado."
        );
    }
}
