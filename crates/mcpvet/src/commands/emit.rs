//! Writing reports: one emitter for every subcommand that inspects files, so thresholds,
//! counts and formats behave alike in `config`, `transcript`, `check` and `json`.
use mcpvet_diagnostics::Severity;
use mcpvet_linter::render::github::render_github;
use mcpvet_linter::render::json::{JsonReportOptions, render_json};
use mcpvet_linter::render::overview::{counts_line, left_out, render_messages, render_report};
use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
use mcpvet_linter::render::text::{TextOptions, render_diagnostic};
use mcpvet_linter::settings::FailOn as SettingsFailOn;
use mcpvet_linter::{Counts, FileReport, InputKind};

use super::Status;
use crate::cli::{FailOn, Format, OutputArgs};
use crate::output::{self, Output};

/// Collects the reports of one run and writes them in the chosen format: text and GitHub
/// annotations file by file as they come, JSON and SARIF as one document at the end.
pub(super) struct Emitter<'o> {
    out: &'o mut Output,
    format: Format,
    threshold: Option<Severity>,
    /// `--fail-on` was given: it beats the `fail-on` of a settings file.
    fail_on_given: bool,
    /// Findings fail the run (not while a baseline is written).
    findings_fail: bool,
    text: TextOptions,
    /// List the messages of each session first (text format).
    messages: bool,
    /// Kept for the formats that print one document for the whole run.
    reports: Vec<FileReport>,
    total: Counts,
    /// Findings suppressed and baselined, over every file.
    left_out: (usize, usize),
    /// Files shown with an overview in the text format.
    printed: usize,
    status: Status,
}

impl<'o> Emitter<'o> {
    /// An emitter writing to `out` as `args` say, colored or not.
    pub(super) fn new(out: &'o mut Output, args: &OutputArgs, color: bool) -> Self {
        Emitter {
            out,
            format: args.format,
            threshold: args.fail_on.unwrap_or(FailOn::Error).threshold(),
            fail_on_given: args.fail_on.is_some(),
            findings_fail: true,
            text: TextOptions {
                color,
                redactions: Vec::new(),
            },
            messages: false,
            reports: Vec::new(),
            total: Counts::default(),
            left_out: (0, 0),
            printed: 0,
            status: Status::Clean,
        }
    }

    /// Lists the messages of each session before its overview (text format).
    pub(super) fn with_messages(mut self, messages: bool) -> Self {
        self.messages = messages;
        self
    }

    /// Whether findings fail the run (they do not while a baseline is written).
    pub(super) fn with_findings_failing(mut self, yes: bool) -> Self {
        self.findings_fail = yes;
        self
    }

    /// Marks the run as failed: an input could not be read or inspected (already said).
    pub(super) fn failed(&mut self) {
        self.status = self.status.max(Status::Failure);
    }

    /// Writes (or keeps) the report of one file and counts its findings, failing the run
    /// at `fail_on`, the `fail-on` of the settings file that applies to the file, when
    /// `--fail-on` was not given.
    pub(super) fn emit_under(&mut self, mut report: FileReport, fail_on: Option<SettingsFailOn>) {
        mcpvet_linter::i18n::localize(&mut report, self.out.lang());
        let threshold = match fail_on {
            Some(f) if !self.fail_on_given => f.threshold(),
            _ => self.threshold,
        };
        if let Some(threshold) = threshold
            && self.findings_fail
            && report.max_severity().is_some_and(|s| s >= threshold)
        {
            self.status = self.status.max(Status::Findings);
        }
        self.total += report.counts();
        self.left_out.0 += report.suppressed;
        self.left_out.1 += report.baselined;
        match self.format {
            Format::Text if report.kind == InputKind::Json => self.well_formedness(&report),
            Format::Text => {
                if self.out.is_open() {
                    if self.printed > 0 {
                        self.out.print("\n");
                    }
                    if self.messages && report.transcript.is_some() {
                        self.out.print(&format!("{}\n", report.source.name()));
                        self.out.print(&render_messages(&report));
                        self.out.print("\n");
                    }
                    self.out.print(&render_report(&report, &self.text));
                }
                self.printed += 1;
            }
            Format::Github => {
                if self.out.is_open() {
                    self.out
                        .print(&render_github(std::slice::from_ref(&report)));
                }
            }
            Format::Json | Format::Sarif => self.reports.push(report),
        }
    }

    /// The text of a well-formedness check: each finding with its snippet on standard
    /// output, and `name: well-formed` (or the counts) on standard error.
    fn well_formedness(&mut self, report: &FileReport) {
        for d in &report.diagnostics {
            if !self.out.is_open() {
                break;
            }
            self.out
                .print(&render_diagnostic(&report.source, d, &self.text));
            self.out.print("\n");
        }
        output::status(&format!(
            "{}: {}",
            report.source.name(),
            well_formed(report.counts())
        ));
    }

    /// Writes what is written once per run (the JSON or SARIF document, the text total) and
    /// returns how the run ended.
    pub(super) fn finish(self) -> Status {
        match self.format {
            Format::Text if self.printed > 1 => {
                self.out.print(&format!(
                    "\n{} files: {}{}\n",
                    self.printed,
                    counts_line(self.total),
                    left_out(self.left_out.0, self.left_out.1)
                ));
            }
            Format::Json => self
                .out
                .print(&render_json(&self.reports, &JsonReportOptions::new())),
            Format::Sarif => self.out.print(&render_sarif(
                &self.reports,
                &SarifOptions::new().with_lang(self.out.lang()),
            )),
            _ => {}
        }
        self.status
    }
}

/// `well-formed`, `well-formed, 1 warning`, `2 errors, 1 warning`...
fn well_formed(counts: Counts) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut parts = Vec::new();
    if counts.errors == 0 {
        parts.push("well-formed".to_owned());
    } else {
        parts.push(plural(counts.errors, "error", "errors"));
    }
    if counts.warnings > 0 {
        parts.push(plural(counts.warnings, "warning", "warnings"));
    }
    if counts.infos > 0 {
        parts.push(plural(counts.infos, "info", "info"));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(errors: usize, warnings: usize, infos: usize) -> Counts {
        Counts {
            errors,
            warnings,
            infos,
        }
    }

    #[test]
    fn well_formedness_summaries() {
        assert_eq!(well_formed(counts(0, 0, 0)), "well-formed");
        assert_eq!(well_formed(counts(0, 1, 0)), "well-formed, 1 warning");
        assert_eq!(well_formed(counts(2, 1, 0)), "2 errors, 1 warning");
        assert_eq!(well_formed(counts(1, 0, 2)), "1 error, 2 info");
    }
}
