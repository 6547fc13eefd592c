//! The human-readable report of one file: an overview (what the file is, its servers, the
//! counts), then every finding as a rustc-style snippet ([`text`](super::text)).
//!
//! ```text
//! .vscode/mcp.json
//!   dialect   vscode (VS Code), by file name: path `.vscode/mcp.json`
//!   servers   2
//!     docs    stdio            npx -y docs-mcp
//!     remote  streamable-http  https://example.com/mcp (disabled)
//!   findings  1 error, 0 warnings, 0 infos
//! ```
//!
//! A file that could not be read as a configuration says so in a `status` line: empty, not
//! valid JSON, valid JSON but not an MCP configuration, or a format mcpvet does not read.
use std::fmt::Write as _;

use annotate_snippets::renderer::DEFAULT_EMPHASIS_STYLE;
use mcpvet_ast::config::DetectionMethod;
use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::Severity;

use super::text::{TextOptions, one_line, render_diagnostics};
use crate::report::{Counts, DefinitionInfo, FileReport, InputKind};

/// Server names wider than this do not widen the table further.
const MAX_NAME_WIDTH: usize = 32;

/// The overview of one file, ending with a line break; no findings.
pub fn render_overview(report: &FileReport, options: &TextOptions) -> String {
    let redactor = crate::redact::redactor(report.source.text(), &all_redactions(report, options));
    let clean = |s: &str| one_line(&redactor.scrub(s));
    let mut out = String::new();
    let name = one_line(report.source.name());
    if options.color {
        let bold = DEFAULT_EMPHASIS_STYLE;
        let _ = writeln!(out, "{bold}{name}{bold:#}");
    } else {
        let _ = writeln!(out, "{name}");
    }
    if let Some(d) = &report.detection {
        let _ = writeln!(out, "  read as   {} ({})", d.kind.name(), d.reason);
    }
    if let Some(status) = status(report) {
        let _ = writeln!(out, "  status    {status}");
    }
    if let Some(d) = &report.dialect {
        let how = match d.method {
            DetectionMethod::Forced => "forced by the caller".to_owned(),
            DetectionMethod::FileName => format!("by file name: {}", clean(&d.reason)),
            DetectionMethod::Content => format!("by content: {}", clean(&d.reason)),
            DetectionMethod::Default => format!("by default: {}", clean(&d.reason)),
        };
        let _ = writeln!(out, "  dialect   {} ({}), {how}", d.name, d.client);
    }
    if let Some(t) = &report.transcript {
        let _ = writeln!(
            out,
            "  format    {} ({})",
            t.format,
            clean(&t.format_reason)
        );
        let _ = writeln!(out, "  protocol  {} ({})", t.protocol, t.protocol_source);
        let _ = writeln!(
            out,
            "  messages  {} ({}, {}, {}), {} unpaired",
            t.messages,
            plural(t.requests, "request", "requests"),
            plural(t.responses, "response", "responses"),
            plural(t.notifications, "notification", "notifications"),
            t.unpaired_ids,
        );
        let exit = t
            .exit_code
            .map(|code| format!(", exit code {code}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  phase     {} (last event: {}{exit})",
            t.phase_reached, t.last_event
        );
        match &t.tools_digest {
            Some(digest) => {
                let _ = writeln!(
                    out,
                    "  tools     {}, {} failed, digest sha256:{digest}",
                    plural(t.tools, "tool", "tools"),
                    plural(t.failed_calls, "call", "calls"),
                );
            }
            None => {
                let _ = writeln!(out, "  tools     none listed");
            }
        }
        if let Some(runs) = &t.runs {
            run_lines(&mut out, runs, &clean);
        }
    }
    if let Some(d) = &report.definition {
        definition_lines(&mut out, d, &clean);
    }
    if report.kind == InputKind::Config {
        let _ = writeln!(out, "  servers   {}", report.servers.len());
        let rows: Vec<(String, &str, String)> = report
            .servers
            .iter()
            .map(|s| {
                let mut target = s.target.as_deref().map_or_else(|| "-".to_owned(), &clean);
                if s.disabled {
                    target.push_str(" (disabled)");
                }
                (one_line(&s.name), s.transport, target)
            })
            .collect();
        let name_width = rows
            .iter()
            .map(|r| r.0.chars().count())
            .max()
            .unwrap_or(0)
            .min(MAX_NAME_WIDTH);
        let transport_width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
        for (name, transport, target) in rows {
            let _ = writeln!(
                out,
                "    {name:<name_width$}  {transport:<transport_width$}  {target}"
            );
        }
    }
    let _ = writeln!(
        out,
        "  findings  {}{}",
        counts_line(report.counts()),
        left_out(report.suppressed, report.baselined)
    );
    out
}

/// The overview, then (after an empty line) every finding; ends with a line break.
pub fn render_report(report: &FileReport, options: &TextOptions) -> String {
    let mut out = render_overview(report, options);
    if !report.diagnostics.is_empty() {
        let options = TextOptions {
            color: options.color,
            redactions: all_redactions(report, options),
        };
        out.push('\n');
        out.push_str(&render_diagnostics(
            &report.source,
            &report.diagnostics,
            &options,
        ));
    }
    out
}

/// The runs of a run-phase event log, each with its four answers:
///
/// ```text
///   runs      1
///     run_01JX (acme, pid 84217), line 1: 3 events, 1 message
///       started      yes, exit code 1: Error: Cannot find module '/srv/index.js'
///       initialized  no
///       tools        no
///       external     yes: api.example.test
///       last event   exited (line 3)
///       phase        handshake (last event: initialize_sent_no_response)
/// ```
fn run_lines(out: &mut String, runs: &[crate::report::RunInfo], clean: &dyn Fn(&str) -> String) {
    let _ = writeln!(out, "  runs      {}", runs.len());
    for run in runs {
        let s = &run.summary;
        let mut who: Vec<String> = Vec::new();
        if let Some(server) = &s.server_name {
            who.push(clean(server));
        }
        match s.pids.as_slice() {
            [] => {}
            [pid] => who.push(format!("pid {}", clean(pid))),
            pids => who.push(format!(
                "pids {}",
                pids.iter().map(|p| clean(p)).collect::<Vec<_>>().join(", ")
            )),
        }
        let id = s
            .run_id
            .as_deref()
            .map_or_else(|| "(no run_id)".to_owned(), clean);
        let who = if who.is_empty() {
            String::new()
        } else {
            format!(" ({})", who.join(", "))
        };
        let _ = writeln!(
            out,
            "    {id}{who}, line {}: {}, {}",
            s.line,
            plural(s.events, "event", "events"),
            plural(s.messages, "message", "messages"),
        );
        let mut started = s.started.as_str().to_owned();
        if let Some(code) = s.exit_code {
            let _ = write!(started, ", exit code {code}");
        }
        if let Some(signal) = &s.signal {
            let _ = write!(started, ", signal {}", clean(signal));
        }
        if let Some(stderr) = &s.stderr {
            let _ = write!(started, ": {}", clean(stderr));
        }
        let _ = writeln!(out, "      started      {started}");
        let _ = writeln!(out, "      initialized  {}", s.initialized);
        let mut tools = s.tools.as_str().to_owned();
        if let Some(n) = s.tool_count {
            let _ = write!(
                tools,
                ", {}",
                plural(usize::try_from(n).unwrap_or(usize::MAX), "tool", "tools")
            );
        }
        if let Some(digest) = &s.tools_digest {
            let _ = write!(tools, ", digest {}", clean(digest));
        }
        if let Some(reason) = &s.tools_reason {
            let _ = write!(tools, " ({})", clean(reason));
        }
        let _ = writeln!(out, "      tools        {tools}");
        let mut external = s.external.as_str().to_owned();
        if !s.hosts.is_empty() {
            let hosts: Vec<String> = s.hosts.iter().map(|h| clean(h)).collect();
            let _ = write!(external, ": {}", hosts.join(", "));
        }
        let _ = writeln!(out, "      external     {external}");
        if let Some(session) = &run.session {
            let _ = writeln!(out, "      session      {} (joined)", one_line(session));
        }
        if let Some(last) = &s.last_event {
            let line = s
                .last_event_line
                .map(|l| format!(" (line {l})"))
                .unwrap_or_default();
            let _ = writeln!(out, "      last event   {}{line}", clean(last));
        }
        if let Some(t) = &s.timeout {
            let owner = t
                .owner
                .map_or_else(|| "owner unknown".to_owned(), |o| format!("owned by {o}"));
            let last = t
                .last_event
                .as_deref()
                .map(|l| format!(" (last event: {})", clean(l)))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "      timeout      {} at line {}, {owner}{last}",
                clean(&t.event),
                t.line
            );
        }
        if let Some(p) = &run.phase {
            let _ = writeln!(
                out,
                "      phase        {} (last event: {})",
                p.reached, p.last_event
            );
        }
        if !s.unknown_events.is_empty() {
            let names: Vec<String> = s.unknown_events.iter().map(|n| clean(n)).collect();
            let _ = writeln!(out, "      unknown      {}", names.join(", "));
        }
    }
}

/// The lines of a server definition: format, protocol (listings), name and version, then one
/// line per advertised item with the state of each schema field.
fn definition_lines(out: &mut String, d: &DefinitionInfo, clean: &dyn Fn(&str) -> String) {
    let _ = writeln!(
        out,
        "  format    {} ({})",
        d.format,
        clean(&d.format_reason)
    );
    if let Some(protocol) = d.protocol {
        let _ = writeln!(
            out,
            "  protocol  {protocol} ({})",
            d.protocol_source.unwrap_or("assumed")
        );
    }
    match (&d.name, &d.version) {
        (Some(name), Some(version)) => {
            let _ = writeln!(out, "  server    {} {}", one_line(name), one_line(version));
        }
        (Some(name), None) => {
            let _ = writeln!(out, "  server    {}", one_line(name));
        }
        _ => {}
    }
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for item in &d.items {
        match counts.iter_mut().find(|(k, _)| *k == item.kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((item.kind, 1)),
        }
    }
    let mut line = if counts.is_empty() {
        "none advertised".to_owned()
    } else {
        counts
            .iter()
            .map(|(kind, n)| match (*kind, *n) {
                (kind, 1) => format!("1 {kind}"),
                ("resource template", n) => format!("{n} resource templates"),
                (kind, n) => format!("{n} {kind}s"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(digest) = &d.tools_digest {
        let _ = write!(line, ", tools digest sha256:{digest}");
    }
    let _ = writeln!(out, "  items     {line}");
    let rows: Vec<(&str, String, String)> = d
        .items
        .iter()
        .map(|i| {
            let name = i.name.as_deref().map_or_else(|| "-".to_owned(), one_line);
            let schemas = i
                .schemas
                .iter()
                .map(|(field, state)| format!("{field} {state}"))
                .collect::<Vec<_>>()
                .join(", ");
            (i.kind, name, schemas)
        })
        .collect();
    let kind_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let name_width = rows
        .iter()
        .map(|r| r.1.chars().count())
        .max()
        .unwrap_or(0)
        .min(MAX_NAME_WIDTH);
    for (kind, name, schemas) in rows {
        let line = format!("    {kind:<kind_width$}  {name:<name_width$}  {schemas}");
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// `1 error, 0 warnings, 2 infos`.
pub fn counts_line(counts: Counts) -> String {
    format!(
        "{}, {}, {}",
        plural(counts.errors, "error", "errors"),
        plural(counts.warnings, "warning", "warnings"),
        plural(counts.infos, "info", "infos"),
    )
}

/// The findings left out of a report, for the end of its counts line: empty when none,
/// else ` (2 suppressed, 5 baselined)`.
pub fn left_out(suppressed: usize, baselined: usize) -> String {
    let mut parts = Vec::new();
    if suppressed > 0 {
        parts.push(format!("{suppressed} suppressed"));
    }
    if baselined > 0 {
        parts.push(format!("{baselined} baselined"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn all_redactions(report: &FileReport, options: &TextOptions) -> Vec<mcpvet_text::Span> {
    let mut all = report.redactions.clone();
    all.extend(options.redactions.iter().copied());
    all
}

/// Why the file could not be read as a configuration or a session, if it could not.
fn status(report: &FileReport) -> Option<&'static str> {
    let text = report.source.text();
    if report.source.has_text()
        && text
            .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
            .is_empty()
    {
        return Some("empty: there is nothing to inspect");
    }
    let has = |code: &str| report.diagnostics.iter().any(|d| d.code().as_str() == code);
    let has_error = |code: &str| {
        report
            .diagnostics
            .iter()
            .any(|d| d.code().as_str() == code && d.severity() == Severity::Error)
    };
    let session = report.kind == InputKind::Transcript;
    if session
        && (has("MCP009") || has("MCP010"))
        && report.transcript.as_ref().is_some_and(|t| t.messages == 0)
    {
        return Some(if has("MCP009") {
            "a capture format mcpvet does not read: only secrets were looked for (see below)"
        } else {
            "not a captured MCP session: only secrets were looked for (see below)"
        });
    }
    if has("MCP009") {
        return Some(
            "a format or client mcpvet does not read yet: nothing was inspected (see below)",
        );
    }
    // A TOML or YAML file that does not parse is not read at all.
    if has_error("MCP015") {
        return Some("not well-formed TOML: nothing could be read (see the error below)");
    }
    if has_error("MCP013") {
        return Some("not well-formed YAML: nothing could be read (see the error below)");
    }
    let malformed = has_error("MCP001") || has_error("MCP005") || has_error("MCP008");
    if malformed && !text.contains(['{', '[']) {
        return Some("no JSON object or array: there is nothing to inspect");
    }
    if malformed {
        if report.kind == InputKind::Server {
            return Some(
                "not well-formed: what could be read was inspected (see the errors below)",
            );
        }
        return Some(if report.servers.is_empty() {
            "not well-formed: no server could be read (see the errors below)"
        } else {
            "not well-formed: the servers that could be read were inspected (see the errors below)"
        });
    }
    if has("MCP010") {
        let extension = std::path::Path::new(report.source.name())
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        return Some(match (report.kind, extension.as_deref()) {
            (InputKind::Config, Some("toml")) => {
                "valid TOML, but not an MCP configuration: no server table such as `mcp_servers`"
            }
            (InputKind::Config, Some("yaml" | "yml")) => {
                "valid YAML, but not an MCP configuration: no server map such as `mcpServers`"
            }
            (InputKind::Config, _) => {
                "valid JSON, but not an MCP configuration: no server map such as `mcpServers`"
            }
            (InputKind::Server, _) => {
                "valid JSON, but not a server definition: no list result, server.json, manifest \
                 or definition"
            }
            _ => "valid JSON, but not a captured MCP session",
        });
    }
    None
}

/// The `--messages` listing of a session: one line per message with its index, line,
/// direction (`?` when inferred), kind, method, id and the line of its pair; empty when the
/// report has no listing.
pub fn render_messages(report: &FileReport) -> String {
    let Some(rows) = report
        .transcript
        .as_ref()
        .and_then(|t| t.message_rows.as_ref())
    else {
        return String::new();
    };
    let redactor = report.redactor();
    let mut out = String::from(
        "  #     line   direction  kind           method                          id         pair\n",
    );
    for m in rows {
        let direction = match (m.direction, m.inferred) {
            (Some(Direction::ClientToServer), false) => "C→S",
            (Some(Direction::ClientToServer), true) => "C→S?",
            (Some(Direction::ServerToClient), false) => "S→C",
            (Some(Direction::ServerToClient), true) => "S→C?",
            (None, _) => "?",
        };
        let pair = m
            .pair_line
            .map_or_else(|| "unpaired".to_owned(), |l| format!("line {l}"));
        let pair = if matches!(m.kind, "notification" | "batch" | "invalid" | "other")
            && m.pair_line.is_none()
        {
            "-".to_owned()
        } else {
            pair
        };
        let _ = writeln!(
            out,
            "  {:<5} {:<6} {:<10} {:<14} {:<31} {:<10} {}",
            m.index,
            m.line,
            direction,
            m.kind,
            one_line(&redactor.scrub(m.method.as_deref().unwrap_or("-"))),
            one_line(&redactor.scrub(m.id.as_deref().unwrap_or("-"))),
            pair
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(
            counts_line(Counts {
                errors: 1,
                warnings: 0,
                infos: 2
            }),
            "1 error, 0 warnings, 2 infos"
        );
        assert_eq!(left_out(0, 0), "");
        assert_eq!(left_out(2, 0), " (2 suppressed)");
        assert_eq!(left_out(1, 5), " (1 suppressed, 5 baselined)");
    }
}
