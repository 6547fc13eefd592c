//! `mcpvet diff`: compare two files' advertised interfaces; `mcpvet lock`: write the tools
//! lock file.
use mcpvet_diagnostics::Severity;
use mcpvet_linter::drift::{self, Level};
use mcpvet_linter::render::diff::{
    render_diff_github, render_diff_json, render_diff_sarif, render_diff_text,
};
use mcpvet_text::SourceFile;

use super::Status;
use crate::cli::{DiffArgs, DiffFailOn, Format, LockArgs};
use crate::io::Input;
use crate::output::{self, Output};

/// The file at `path` (or standard input), decoded; `None` after saying why not.
fn source(path: &std::path::Path) -> Option<SourceFile> {
    let input = Input::new(path);
    let bytes = super::read_or_report(&input)?;
    let text = mcpvet_json::decode_utf8(&bytes).text.into_owned();
    match SourceFile::new(input.name(), text) {
        Ok(source) => Some(source),
        Err(err) => {
            output::error(&format!("cannot read `{}`: {err}", input.name()));
            None
        }
    }
}

pub(super) fn run(args: &DiffArgs, out: &mut Output) -> Status {
    let lock = match &args.lock {
        Some(path) => match super::read_lock(path) {
            Some(lock) => Some(lock),
            None => return Status::Failure,
        },
        None => None,
    };
    let (Some(old), Some(new)) = (source(&args.old), source(&args.new)) else {
        return Status::Failure;
    };
    let mut report = match drift::diff_files(&old, &new) {
        Ok(report) => report,
        Err(err) => {
            output::error(&format!("cannot compare {err}"));
            return Status::Failure;
        }
    };
    if let Some((lock, name)) = &lock {
        report.lock_findings = Some(drift::lock_report(&report.new, lock, name));
    }
    out.print(&match args.format {
        Format::Text => render_diff_text(&report),
        Format::Json => render_diff_json(&report),
        Format::Sarif => render_diff_sarif(&report),
        Format::Github => render_diff_github(&report),
    });
    // Lock findings count as changes: an error as breaking, anything else as compatible.
    let lock_level = report.lock_findings.as_ref().and_then(|r| {
        r.max_severity().map(|s| {
            if s == Severity::Error {
                Level::Breaking
            } else {
                Level::Compatible
            }
        })
    });
    let found = report.diff.max_level().max(lock_level);
    let fails = match args.fail_on {
        DiffFailOn::Breaking => found == Some(Level::Breaking),
        DiffFailOn::Any => found.is_some(),
        DiffFailOn::Never => false,
    };
    if fails {
        Status::Findings
    } else {
        Status::Clean
    }
}

pub(super) fn lock(args: &LockArgs, out: &mut Output) -> Status {
    let mut sources = Vec::new();
    for path in &args.paths {
        match source(path) {
            Some(s) => sources.push(s),
            None => return Status::Failure,
        }
    }
    let lock = match drift::lock_files(&sources) {
        Ok(lock) => lock,
        Err(err) => {
            output::error(&format!("cannot lock {err}"));
            return Status::Failure;
        }
    };
    let text = lock.to_text();
    if args.output.as_os_str() == "-" {
        out.print(&text);
        return Status::Clean;
    }
    match std::fs::write(&args.output, text) {
        Ok(()) => {
            let tools = lock.tool_count();
            output::status(&format!(
                "wrote {}: {} server{}, {tools} tool{}",
                args.output.display(),
                lock.servers.len(),
                if lock.servers.len() == 1 { "" } else { "s" },
                if tools == 1 { "" } else { "s" },
            ));
            Status::Clean
        }
        Err(err) => {
            output::error(&format!("cannot write `{}`: {err}", args.output.display()));
            Status::Failure
        }
    }
}
