//! The outputs of `mcpvet diff`: text for people, the versioned JSON document
//! (`docs/diff.schema.json`, `"diff_version": 1`), SARIF 2.1.0 (each change a result located
//! in the new file, with the old file's place as a related location) and GitHub annotations.
//! Messages were masked when the diff was made ([`crate::drift::diff_files`]); nothing else
//! of either file (no description, no default value) is printed.
use std::fmt::Write as _;

use mcpvet_text::{SourceFile, Span};
use serde_json::{Value, json};

use super::common::place;
use super::github::{data, property};
use super::sarif::{SARIF_SCHEMA_URI, artifact_location};
use super::{INFORMATION_URI, TOOL_NAME, TOOL_VERSION};
use crate::drift::{Change, DiffReport, Level, Pairing};

/// The version of the JSON document.
pub const DIFF_VERSION: u32 = 1;

/// `file:line:col`.
fn at(file: &SourceFile, span: Span) -> String {
    let p = place(file, span);
    format!("{}:{}:{}", file.name(), p.line, p.column)
}

fn name(n: Option<&String>) -> String {
    n.map_or_else(|| "(unnamed)".to_owned(), |n| format!("`{n}`"))
}

/// The text output: what was compared, how the servers were paired, each change with the
/// place of both sides, the counts.
///
/// ```
/// use mcpvet_linter::drift::diff_files;
/// use mcpvet_linter::render::diff::render_diff_text;
/// use mcpvet_text::SourceFile;
///
/// let old = SourceFile::new("old.json", "{\"tools\": [{\"name\": \"a\"}]}").unwrap();
/// let new = SourceFile::new("new.json", "{\"tools\": []}").unwrap();
/// let text = render_diff_text(&diff_files(&old, &new).unwrap());
/// assert!(text.contains("breaking    tool `a` removed\n            old: old.json:1:12\n"));
/// ```
pub fn render_diff_text(report: &DiffReport) -> String {
    let mut out = String::new();
    let (old, new) = (&report.old, &report.new);
    let _ = writeln!(
        out,
        "{} ({}) -> {} ({})",
        old.source.name(),
        old.interface.source.name(),
        new.source.name(),
        new.interface.source.name()
    );
    for pair in &report.diff.servers {
        let line = match pair.pairing {
            Pairing::Name => format!("server {}: compared", name(pair.new.as_ref())),
            Pairing::OnlyServer => format!(
                "server {} (old) and {} (new): the only server of each file, compared whatever \
                 their names",
                name(pair.old.as_ref()),
                name(pair.new.as_ref())
            ),
            Pairing::OldOnly => format!("server {}: only in the old file", name(pair.old.as_ref())),
            Pairing::NewOnly => format!("server {}: only in the new file", name(pair.new.as_ref())),
        };
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
    for change in &report.diff.changes {
        let level = if change.risk {
            "breaking*"
        } else {
            change.level.as_str()
        };
        let _ = writeln!(out, "{level:<11} {}", change.message);
        if let Some(span) = change.old {
            let _ = writeln!(out, "            old: {}", at(&old.source, span));
        }
        if let Some(span) = change.new {
            let _ = writeln!(out, "            new: {}", at(&new.source, span));
        }
    }
    if let Some(lock) = &report.lock_findings {
        for d in &lock.diagnostics {
            let _ = writeln!(
                out,
                "{}: {}[{}]: {}",
                at(&lock.source, d.span()),
                d.severity().as_str(),
                d.code(),
                lock.redactor().clean(d.message())
            );
        }
    }
    let breaking = report.diff.count(Level::Breaking);
    let compatible = report.diff.count(Level::Compatible);
    let risk = report.diff.changes.iter().filter(|c| c.risk).count();
    if report.diff.changes.is_empty() {
        out.push_str("no change to the advertised interface\n");
    } else {
        let risk = if risk > 0 {
            format!(" ({risk} risk, marked *)")
        } else {
            String::new()
        };
        let _ = writeln!(out, "\n{breaking} breaking{risk}, {compatible} compatible");
    }
    out
}

fn location_json(file: &SourceFile, span: Option<Span>) -> Value {
    match span {
        None => Value::Null,
        Some(span) => {
            let p = place(file, span);
            json!({
                "line": p.line,
                "column": p.column,
                "end_line": p.end_line,
                "end_column": p.end_column,
                "span": {"start": p.start, "end": p.end},
            })
        }
    }
}

fn change_json(report: &DiffReport, c: &Change) -> Value {
    json!({
        "level": c.level.as_str(),
        "kind": c.kind.as_str(),
        "risk": c.risk,
        "server": c.server,
        "item_kind": c.item_kind.map(mcpvet_diff::ItemKind::name),
        "item": c.item,
        "old_item": c.old_item,
        "pointer": c.pointer,
        "subject": c.subject,
        "message": c.message,
        "old": location_json(&report.old.source, c.old),
        "new": location_json(&report.new.source, c.new),
    })
}

/// The JSON document (`docs/diff.schema.json`), indented, ending with a line break.
pub fn render_diff_json(report: &DiffReport) -> String {
    let servers: Vec<Value> = report
        .diff
        .servers
        .iter()
        .map(|s| json!({"old": s.old, "new": s.new, "pairing": s.pairing.as_str()}))
        .collect();
    let changes: Vec<Value> = report
        .diff
        .changes
        .iter()
        .map(|c| change_json(report, c))
        .collect();
    let mut doc = json!({
        "diff_version": DIFF_VERSION,
        "tool": {"name": TOOL_NAME, "version": TOOL_VERSION},
        "old": {"path": report.old.source.name(), "read_as": report.old.interface.source.name()},
        "new": {"path": report.new.source.name(), "read_as": report.new.interface.source.name()},
        "servers": servers,
        "summary": {
            "breaking": report.diff.count(Level::Breaking),
            "compatible": report.diff.count(Level::Compatible),
            "risk": report.diff.changes.iter().filter(|c| c.risk).count(),
        },
        "changes": changes,
    });
    if let (Some(lock), Some(obj)) = (&report.lock_findings, doc.as_object_mut()) {
        let redactor = lock.redactor();
        let findings: Vec<Value> = lock
            .diagnostics
            .iter()
            .map(|d| {
                let mut f = location_json(&lock.source, Some(d.span()));
                if let Some(o) = f.as_object_mut() {
                    o.insert("code".into(), json!(d.code().as_str()));
                    o.insert("severity".into(), json!(d.severity().as_str()));
                    o.insert("message".into(), json!(redactor.clean(d.message())));
                    o.insert("help".into(), json!(d.help().map(|h| redactor.clean(h))));
                }
                f
            })
            .collect();
        obj.insert("lock_findings".into(), Value::Array(findings));
    }
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    out
}

fn sarif_location(file: &SourceFile, span: Span) -> Value {
    let p = place(file, span);
    json!({
        "physicalLocation": {
            "artifactLocation": artifact_location(file.name()),
            "region": {
                "startLine": p.line,
                "startColumn": p.column,
                "endLine": p.end_line,
                "endColumn": p.end_column,
                "byteOffset": p.start,
                "byteLength": p.end - p.start,
            }
        }
    })
}

/// SARIF 2.1.0: one run, a rule per kind of change (`diff/<kind>`), each change a result
/// located in the new file (in the old file for what only it has), the old file's place as
/// a related location. Breaking changes are errors, compatible ones notes.
pub fn render_diff_sarif(report: &DiffReport) -> String {
    let mut kinds: Vec<&str> = report
        .diff
        .changes
        .iter()
        .map(|c| c.kind.as_str())
        .collect();
    kinds.sort_unstable();
    kinds.dedup();
    let rules: Vec<Value> = kinds
        .iter()
        .map(|k| {
            json!({
                "id": format!("diff/{k}"),
                "name": k,
                "shortDescription": {"text": format!("Interface change: {k}")},
                "helpUri": format!("{INFORMATION_URI}/blob/main/docs/diff.md"),
            })
        })
        .collect();
    let mut results = Vec::new();
    for c in &report.diff.changes {
        let id = format!("diff/{}", c.kind.as_str());
        let index = kinds
            .iter()
            .position(|k| *k == c.kind.as_str())
            .unwrap_or(0);
        let (primary, related) = match (c.new, c.old) {
            (Some(n), old) => (
                sarif_location(&report.new.source, n),
                old.map(|o| sarif_location(&report.old.source, o)),
            ),
            (None, Some(o)) => (sarif_location(&report.old.source, o), None),
            (None, None) => continue,
        };
        let mut result = json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": if c.level == Level::Breaking { "error" } else { "note" },
            "message": {"text": c.message},
            "locations": [primary],
            "properties": {
                "level": c.level.as_str(),
                "risk": c.risk,
                "pointer": c.pointer,
            },
        });
        if let (Some(mut related), Some(obj)) = (related, result.as_object_mut()) {
            if let Some(r) = related.as_object_mut() {
                r.insert("id".into(), json!(0));
                r.insert("message".into(), json!({"text": "before"}));
            }
            obj.insert("relatedLocations".into(), json!([related]));
        }
        results.push(result);
    }
    let doc = json!({
        "$schema": SARIF_SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": TOOL_NAME,
                "version": TOOL_VERSION,
                "semanticVersion": TOOL_VERSION,
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    out
}

/// GitHub annotations: a breaking change is an `error`, a compatible one a `notice`, on the
/// new file (the old file for what only it has), with the old place in the message.
pub fn render_diff_github(report: &DiffReport) -> String {
    let mut out = String::new();
    for c in &report.diff.changes {
        let (file, span, other) = match (c.new, c.old) {
            (Some(n), o) => (&report.new.source, n, o.map(|o| at(&report.old.source, o))),
            (None, Some(o)) => (&report.old.source, o, None),
            (None, None) => continue,
        };
        let p = place(file, span);
        let command = if c.level == Level::Breaking {
            "error"
        } else {
            "notice"
        };
        let mut message = c.message.clone();
        if let Some(other) = other {
            let _ = write!(message, "\nbefore: {other}");
        }
        let _ = writeln!(
            out,
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            property(&file.name().replace('\\', "/")),
            p.line,
            p.column,
            p.end_line,
            p.end_column,
            property(&format!(
                "mcpvet diff: {} {}",
                c.level.as_str(),
                c.kind.as_str()
            )),
            data(&message)
        );
    }
    if let Some(lock) = &report.lock_findings {
        out.push_str(&super::github::render_github(std::slice::from_ref(lock)));
    }
    out
}
