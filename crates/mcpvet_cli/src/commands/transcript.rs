//! `mcpvet transcript`: inspect captured sessions.
use mcpvet_json::decode_utf8;
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::{counts_line, render_messages, render_report};
use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
use mcpvet_linter::render::text::TextOptions;
use mcpvet_linter::{Counts, FileReport, TranscriptOptions, lint_transcript};
use mcpvet_text::{SourceFile, TextError};

use super::Status;
use crate::cli::{Format, TranscriptArgs};
use crate::io::Input;
use crate::output::{self, Output};
use crate::{progress, stream};

pub(super) fn run(args: &TranscriptArgs, color: bool, out: &mut Output) -> Status {
    let options = TranscriptOptions {
        input_format: args.input_format,
        protocol: args.protocol,
        messages: args.messages,
        ..TranscriptOptions::default()
    };
    let text_options = TextOptions {
        color,
        redactions: Vec::new(),
    };
    let threshold = args.fail_on.threshold();
    let mut status = Status::Clean;
    let mut reports: Vec<FileReport> = Vec::new();
    let mut total = Counts::default();
    let mut printed = 0usize;
    for path in &args.paths {
        let input = Input::new(path);
        let name = input.name();
        // A large file is inspected as a stream (bounded memory, progress bar); standard
        // input and small files are read whole.
        let size = match &input {
            Input::File(p) => std::fs::metadata(p)
                .ok()
                .filter(std::fs::Metadata::is_file)
                .map(|m| m.len()),
            Input::Stdin => None,
        };
        let streamed = match (&input, size) {
            (Input::File(p), Some(size)) if args.stream || size >= stream::STREAM_THRESHOLD => {
                let workers = args.jobs.map_or_else(
                    || std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
                    usize::from,
                );
                let mut bar = progress::Bar::new(size, !args.quiet);
                match stream::inspect(
                    p,
                    &name,
                    &options,
                    workers,
                    args.format == Format::Text,
                    &mut bar,
                ) {
                    Ok(Some(report)) => {
                        bar.finish();
                        Some(report)
                    }
                    // Not a format that streams: read whole below.
                    Ok(None) => {
                        bar.finish();
                        if args.stream {
                            output::note(&format!(
                                "`{name}` is read whole: only JSON Lines, trace, Claude Desktop \
                                 log and JSON array captures are streamed"
                            ));
                        }
                        None
                    }
                    Err(err) => {
                        bar.finish();
                        output::error(&format!("cannot read `{name}`: {err}"));
                        status = status.max(Status::Failure);
                        continue;
                    }
                }
            }
            _ => None,
        };
        let report = if let Some(report) = streamed {
            report
        } else {
            let Some(bytes) = super::read_or_report(&input, &mut status) else {
                continue;
            };
            match inspect(name.clone(), &bytes, &options) {
                Ok(report) => report,
                Err(err) => {
                    output::error(&format!("cannot inspect `{name}`: {err}"));
                    status = status.max(Status::Failure);
                    continue;
                }
            }
        };
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
                    if args.messages {
                        out.print(&format!("{}\n", report.source.name()));
                        out.print(&render_messages(&report));
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

/// Reads and lints one capture given as bytes: invalid UTF-8 is a finding, not an error.
fn inspect(
    name: String,
    bytes: &[u8],
    options: &TranscriptOptions,
) -> Result<FileReport, TextError> {
    let decoded = decode_utf8(bytes);
    let source = SourceFile::new(name, decoded.text.into_owned())?;
    let mut report = lint_transcript(&source, options);
    report.merge(decoded.diagnostics);
    Ok(report)
}
