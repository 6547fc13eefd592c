//! The page's "Compare" panel: `mcpvet diff` of two inputs, the tools lock file of an input
//! (`mcpvet lock`), and an input checked against a lock file (`--lock`), each in one JSON
//! object, on the engine of the command line ([`mcpvet_linter::drift`]):
//!
//! ```json
//! {"text": "old (listing) -> new (listing)\n...", "diff": {"diff_version": 1, "...": "..."}}
//! {"lock": "{\n  \"lock_version\": 1, ...}\n", "servers": 1, "tools": 2}
//! {"text": "new:1:12: error[MCP560]: ...\n", "findings": [{"code": "MCP560", "...": "..."}]}
//! {"error": "cannot compare `old`: this is a client configuration, not ..."}
//! ```
//!
//! - [`diff`]: `text` is what `mcpvet diff` prints (changes with their level, `breaking*`
//!   for a risk, the property a breaking change is about, the place in both inputs, the
//!   counts); `diff` is the document of `mcpvet diff --format json`
//!   (`docs/diff.schema.json`), whose locations carry byte spans to select.
//! - [`lock`]: `lock` is the text `mcpvet lock` writes (`mcp-tools.lock`), with the number
//!   of servers and tools it pins.
//! - [`check_lock`]: the findings of the input against the lock (`MCP560`–`MCP564`, what
//!   `mcpvet server --lock` and `mcpvet transcript --lock` add), each with its byte span,
//!   line and column in the input, as `text` lines (`name:line:col: severity[code]:
//!   message`) and as `findings`.
//!
//! An input that gives no interface (a configuration, a session without list results, a
//! definition with a syntax error) or a malformed lock file gives `{"error": "..."}`, with
//! the line and column where one place shows it. Every message is masked with the secrets
//! the inspection of its input finds, as on the command line.
use std::fmt::Write as _;

use mcpvet_json::decode_utf8;
use mcpvet_linter::drift::{self, DriftError};
use mcpvet_linter::render::diff::{render_diff_json, render_diff_text};
use mcpvet_text::{Encoding, SourceFile};
use serde_json::{Value, json};

use crate::InspectError;

/// The name of the old input when the caller gives none.
pub const OLD: &str = "old";
/// The name of the new input when the caller gives none.
pub const NEW: &str = "new";
/// The name of a lock file in messages: the file `mcpvet lock` writes.
pub const LOCK_FILE: &str = "mcp-tools.lock";

/// `bytes` (UTF-8, invalid bytes read as `?`) as a source named `name`, or `default`.
fn source(name: Option<&str>, default: &str, bytes: &[u8]) -> Result<SourceFile, InspectError> {
    let name = name.filter(|n| !n.is_empty()).unwrap_or(default);
    SourceFile::new(name, decode_utf8(bytes).text.into_owned()).map_err(InspectError::TooLarge)
}

fn error(what: &str, err: &DriftError) -> String {
    json!({ "error": format!("cannot {what} {err}") }).to_string()
}

/// The diff object of `old` and `new` (see the [module documentation](self)).
///
/// # Errors
///
/// [`InspectError::TooLarge`] when an input is longer than `u32::MAX` bytes.
///
/// ```
/// let old = br#"{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}"#;
/// let new = br#"{"tools": []}"#;
/// let out: serde_json::Value =
///     serde_json::from_str(&mcpvet_wasm::compare::diff(None, old, None, new).unwrap()).unwrap();
/// assert_eq!(out["diff"]["summary"]["breaking"], 1);
/// assert!(out["text"].as_str().unwrap().contains("breaking    tool `a` removed\n"));
/// ```
pub fn diff(
    old_name: Option<&str>,
    old: &[u8],
    new_name: Option<&str>,
    new: &[u8],
) -> Result<String, InspectError> {
    let old = source(old_name, OLD, old)?;
    let new = source(new_name, NEW, new)?;
    Ok(match drift::diff_files(&old, &new) {
        Ok(report) => {
            let doc: Value = serde_json::from_str(&render_diff_json(&report)).unwrap_or_default();
            json!({ "text": render_diff_text(&report), "diff": doc }).to_string()
        }
        Err(err) => error("compare", &err),
    })
}

/// The lock object of the input `bytes` (see the [module documentation](self)).
///
/// # Errors
///
/// [`InspectError::TooLarge`] when the input is longer than `u32::MAX` bytes.
pub fn lock(name: Option<&str>, bytes: &[u8]) -> Result<String, InspectError> {
    let source = source(name, NEW, bytes)?;
    Ok(match drift::lock_files(std::slice::from_ref(&source)) {
        Ok(lock) => {
            let tools = lock.tool_count();
            json!({
                "lock": lock.to_text(),
                "servers": lock.servers.len(),
                "tools": tools,
            })
            .to_string()
        }
        Err(err) => error("lock", &err),
    })
}

/// The findings of the input `bytes` against the lock file `lock` (see the
/// [module documentation](self)).
///
/// # Errors
///
/// [`InspectError::TooLarge`] when an input is longer than `u32::MAX` bytes.
///
/// ```
/// use mcpvet_wasm::compare::{check_lock, lock};
///
/// let listing = br#"{"tools": [{"name": "a", "description": "A."}]}"#;
/// let made: serde_json::Value = serde_json::from_str(&lock(None, listing).unwrap()).unwrap();
/// let locked = made["lock"].as_str().unwrap().as_bytes();
/// let same: serde_json::Value =
///     serde_json::from_str(&check_lock(locked, None, listing).unwrap()).unwrap();
/// assert_eq!(same["findings"].as_array().unwrap().len(), 0);
/// let changed = br#"{"tools": [{"name": "a", "description": "B."}]}"#;
/// let out: serde_json::Value =
///     serde_json::from_str(&check_lock(locked, None, changed).unwrap()).unwrap();
/// assert_eq!(out["findings"][0]["code"], "MCP560");
/// ```
pub fn check_lock(lock: &[u8], name: Option<&str>, bytes: &[u8]) -> Result<String, InspectError> {
    let lock_source = source(None, LOCK_FILE, lock)?;
    let source = source(name, NEW, bytes)?;
    let lock = match drift::read_lock(&lock_source) {
        Ok(lock) => lock,
        Err(err) => return Ok(error("read the lock file", &err)),
    };
    let side = match drift::read_side(&source) {
        Ok(side) => side,
        Err(err) => return Ok(error("check", &err)),
    };
    let report = drift::lock_report(&side, &lock, LOCK_FILE);
    let redactor = report.redactor();
    let mut text = String::new();
    let mut findings = Vec::new();
    for d in &report.diagnostics {
        let span = d.span();
        let at = source.line_col(span.start, Encoding::CodePoint);
        let end = source.line_col(span.end, Encoding::CodePoint);
        let message = redactor.clean(d.message());
        let _ = writeln!(
            text,
            "{}:{}:{}: {}[{}]: {message}",
            source.name(),
            at.line,
            at.column,
            d.severity().as_str(),
            d.code()
        );
        findings.push(json!({
            "code": d.code().as_str(),
            "severity": d.severity().as_str(),
            "message": message,
            "help": d.help().map(|h| redactor.clean(h)),
            "start": span.start,
            "end": span.end,
            "line": at.line,
            "column": at.column,
            "end_line": end.line,
            "end_column": end.column,
        }));
    }
    if findings.is_empty() {
        text.push_str("no change against the lock file\n");
    }
    Ok(json!({ "text": text, "findings": findings }).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(json: &str) -> Value {
        serde_json::from_str(json).unwrap()
    }

    const OLD_LISTING: &[u8] = br#"{"tools": [
  {"name": "search", "description": "Search.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
  {"name": "fetch", "description": "Fetch.", "inputSchema": {"type": "object"}}
]}"#;

    const NEW_LISTING: &[u8] = br#"{"tools": [
  {"name": "search", "description": "Search.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["limit"]}},
  {"name": "fetch", "description": "Fetch.", "inputSchema": {"type": "object"}}
]}"#;

    #[test]
    fn the_diff_is_the_command_lines() {
        let out =
            object(&diff(Some("old.json"), OLD_LISTING, Some("new.json"), NEW_LISTING).unwrap());
        let old = SourceFile::new("old.json", std::str::from_utf8(OLD_LISTING).unwrap()).unwrap();
        let new = SourceFile::new("new.json", std::str::from_utf8(NEW_LISTING).unwrap()).unwrap();
        let report = drift::diff_files(&old, &new).unwrap();
        assert_eq!(out["text"], render_diff_text(&report));
        assert_eq!(out["diff"], object(&render_diff_json(&report)));
        assert_eq!(out["diff"]["summary"]["breaking"], 1);
        let change = &out["diff"]["changes"][0];
        assert_eq!(change["subject"], "limit");
        let span = &change["new"]["span"];
        let (start, end) = (
            span["start"].as_u64().unwrap() as usize,
            span["end"].as_u64().unwrap() as usize,
        );
        assert!(!NEW_LISTING[start..end].is_empty());
        // A file compared with itself: no change.
        let same = object(&diff(None, OLD_LISTING, None, OLD_LISTING).unwrap());
        assert_eq!(same["diff"]["changes"].as_array().unwrap().len(), 0);
        assert!(
            same["text"]
                .as_str()
                .unwrap()
                .ends_with("no change to the advertised interface\n")
        );
        // An input without an interface.
        let bad = object(&diff(None, br#"{"mcpServers": {}}"#, None, OLD_LISTING).unwrap());
        assert!(
            bad["error"]
                .as_str()
                .unwrap()
                .starts_with("cannot compare `old`: this is a client configuration")
        );
    }

    #[test]
    fn lock_then_check_shows_exactly_the_change() {
        let made = object(&lock(Some("tools.json"), OLD_LISTING).unwrap());
        assert_eq!(
            (made["servers"].as_u64(), made["tools"].as_u64()),
            (Some(1), Some(2))
        );
        let text = made["lock"].as_str().unwrap();
        assert!(text.starts_with("{\n  \"lock_version\": 1,"));
        let checked =
            object(&check_lock(text.as_bytes(), Some("tools.json"), NEW_LISTING).unwrap());
        let findings = checked["findings"].as_array().unwrap();
        assert_eq!(findings.len(), 1, "{checked}");
        assert_eq!(findings[0]["code"], "MCP560");
        assert!(
            findings[0]["message"]
                .as_str()
                .unwrap()
                .contains("`search`")
        );
        let (start, end) = (
            findings[0]["start"].as_u64().unwrap() as usize,
            findings[0]["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(&NEW_LISTING[start..end], b"\"search\"");
        assert!(
            checked["text"]
                .as_str()
                .unwrap()
                .starts_with("tools.json:2:12: error[MCP560]: ")
        );
        let same = object(&check_lock(text.as_bytes(), None, OLD_LISTING).unwrap());
        assert_eq!(same["text"], "no change against the lock file\n");
        let broken = object(&check_lock(b"{\"lock_version\": ", None, OLD_LISTING).unwrap());
        assert!(
            broken["error"]
                .as_str()
                .unwrap()
                .starts_with("cannot read the lock file `mcp-tools.lock`: ")
        );
    }
}
