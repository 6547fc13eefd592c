//! `mcpvet config`: inspect client configurations, named or found on this machine.
use mcpvet_json::decode_utf8;
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::{counts_line, render_report};
use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
use mcpvet_linter::render::text::TextOptions;
use mcpvet_linter::{ConfigOptions, Counts, FileReport, lint_config};
use mcpvet_text::{SourceFile, TextError};

use super::Status;
use crate::cli::{ConfigArgs, Format};
use crate::discover::{self, Candidate, Env, Os};
use crate::io::Input;
use crate::output::{self, Output};

/// One input to inspect and, when it was found rather than named, where it came from.
struct Job {
    input: Input,
    found: Option<Candidate>,
}

pub(super) fn run(args: &ConfigArgs, color: bool, out: &mut Output) -> Status {
    let jobs = if args.paths.is_empty() {
        discovered()
    } else {
        args.paths
            .iter()
            .map(|p| Job {
                input: Input::new(p),
                found: None,
            })
            .collect()
    };
    let options = ConfigOptions {
        dialect: args.dialect,
        ..ConfigOptions::default()
    };
    let text_options = TextOptions {
        color,
        redactions: Vec::new(),
    };
    let threshold = args.fail_on.threshold();
    let mut status = Status::Clean;
    // Kept for the formats that print one document for the whole run.
    let mut reports: Vec<FileReport> = Vec::new();
    let mut total = Counts::default();
    let mut printed = 0usize;
    for job in jobs {
        let name = job.input.name();
        let Some(bytes) = super::read_or_report(&job.input, &mut status) else {
            continue;
        };
        let report = match inspect(name.clone(), &bytes, &options) {
            Ok(report) => report,
            Err(err) => {
                // Input::read refuses such inputs already.
                output::error(&format!("cannot inspect `{name}`: {err}"));
                status = status.max(Status::Failure);
                continue;
            }
        };
        if let Some(found) = &job.found
            && found.shared
            && report.servers.is_empty()
            && report
                .diagnostics
                .iter()
                .any(|d| d.code().as_str() == "MCP010")
        {
            output::status(&format!(
                "{name}: no MCP servers in this {} settings file; skipped",
                found.client
            ));
            continue;
        }
        if let Some(threshold) = threshold
            && report.max_severity().is_some_and(|s| s >= threshold)
        {
            status = status.max(Status::Findings);
        }
        let counts = report.counts();
        total.errors += counts.errors;
        total.warnings += counts.warnings;
        total.infos += counts.infos;
        match args.format {
            Format::Text => {
                if out.is_open() {
                    if printed > 0 {
                        out.print("\n");
                    }
                    out.print(&render_report(&report, &text_options));
                }
                printed += 1;
            }
            Format::Github => {
                if out.is_open() {
                    out.print(&render_github(std::slice::from_ref(&report)));
                }
            }
            Format::Json | Format::Sarif => reports.push(report),
        }
    }
    match args.format {
        Format::Text if printed > 1 => {
            out.print(&format!("\n{printed} files: {}\n", counts_line(total)));
        }
        Format::Json => out.print(&render_json(&reports, &JsonReportOptions::new())),
        Format::Sarif => out.print(&render_sarif(&reports, &SarifOptions::new())),
        _ => {}
    }
    status
}

/// Parses and lints one input read as bytes: invalid UTF-8 is a finding, not an error.
fn inspect(name: String, bytes: &[u8], options: &ConfigOptions) -> Result<FileReport, TextError> {
    let decoded = decode_utf8(bytes);
    let source = SourceFile::new(name, decoded.text.into_owned())?;
    let mut report = lint_config(&source, options);
    report.merge(decoded.diagnostics);
    Ok(report)
}

/// The configurations found in the usual places, announced on standard error.
fn discovered() -> Vec<Job> {
    let os = Os::current();
    let candidates = discover::candidates(os, &Env::from_process(os));
    let found = discover::existing(candidates.clone());
    if found.is_empty() {
        output::status(
            "mcpvet: no PATH given, and no MCP client configuration was found in the usual places:",
        );
        for c in &candidates {
            output::status(&format!(
                "  {} ({}, {})",
                discover::display(&c.path),
                c.client,
                c.scope.name()
            ));
        }
        output::status("Pass the files to inspect, as in `mcpvet config path/to/mcp.json`.");
        return Vec::new();
    }
    let what = if found.len() == 1 {
        "configuration"
    } else {
        "configurations"
    };
    output::status(&format!(
        "mcpvet: no PATH given; found {} MCP client {what}:",
        found.len()
    ));
    for c in &found {
        output::status(&format!(
            "  {} ({}, {})",
            discover::display(&c.path),
            c.client,
            c.scope.name()
        ));
    }
    found
        .into_iter()
        .map(|c| Job {
            input: Input::File(c.path.clone()),
            found: Some(c),
        })
        .collect()
}
