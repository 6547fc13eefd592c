//! `--fix`, `--fix-suggested` and `--diff` of `mcpvet config` and `mcpvet server`: the
//! linter fixes each file's text ([`mcpvet_linter::fix::fix_text`]); this module reads the
//! file, writes it back (or prints the diff) and says what was done.
use std::fmt::Write as _;

use mcpvet_linter::fix::{FixLevel, FixOptions, Fixed, fix_text, unified_diff};
use mcpvet_linter::{InputKind, InspectOptions};

use super::Status;
use super::emit::Emitter;
use crate::cli::{FixArgs, OutputArgs};
use crate::io::Input;
use crate::output::{self, Output};

/// What `--fix` was asked to do.
pub(super) struct FixRun<'a> {
    /// What every input is read as.
    pub(super) kind: InputKind,
    /// The inspection's options.
    pub(super) options: &'a InspectOptions,
    /// `--fix`, `--fix-suggested`, `--diff`.
    pub(super) args: &'a FixArgs,
    /// `--format`, `--fail-on` (for the report of what remains).
    pub(super) output: &'a OutputArgs,
    /// Color the report.
    pub(super) color: bool,
}

/// `12 fixes (MCP004 ×2, MCP217)`.
fn what_was_applied(fixed: &Fixed) -> String {
    let n = fixed.applied.len();
    let codes: Vec<String> = fixed
        .counts_by_code()
        .iter()
        .map(|(code, count)| {
            if *count == 1 {
                code.to_string()
            } else {
                format!("{code} ×{count}")
            }
        })
        .collect();
    let noun = if n == 1 { "fix" } else { "fixes" };
    format!("{n} {noun} ({})", codes.join(", "))
}

/// The summary line of one file, for standard error.
fn summary(name: &str, fixed: &Fixed, level: FixLevel, diff: bool) -> String {
    let mut line = if fixed.changed() {
        let verb = if diff { "would apply" } else { "applied" };
        format!("{name}: {verb} {}", what_was_applied(fixed))
    } else {
        format!("{name}: no fix to apply")
    };
    let remaining = fixed.report.diagnostics.len();
    let (held, other) = fixed.remaining_fixes(level);
    let findings = if remaining == 1 {
        "finding"
    } else {
        "findings"
    };
    if fixed.changed() && diff {
        let _ = write!(line, "; {remaining} {findings} would remain");
    } else {
        let verb = if remaining == 1 { "remains" } else { "remain" };
        let _ = write!(line, "; {remaining} {findings} {verb}");
    }
    if held > 0 {
        let _ = write!(
            line,
            ", {held} with a fix held back by another fix's edit (run again)"
        );
    }
    if other > 0 && level == FixLevel::Safe {
        let with = if other == 1 { "has a" } else { "have a" };
        let _ = write!(
            line,
            ", {other} {with} suggested fix (--fix-suggested applies it after review)"
        );
    }
    if fixed.undone {
        line.push_str("; a round of fixes was undone because the file read worse after it");
    }
    line
}

/// Fixes every input, writes each file that changed (or prints the diff with `--diff`), and
/// reports what remains in the format asked for; the run's status.
pub(super) fn run(inputs: Vec<Input>, run: &FixRun<'_>, out: &mut Output) -> Status {
    let level = if run.args.fix_suggested {
        FixLevel::Suggested
    } else {
        FixLevel::Safe
    };
    let options = FixOptions {
        level,
        ..FixOptions::default()
    };
    let diff = run.args.diff;
    let mut emitter = Emitter::new(out, run.output, run.color);
    let mut diff_status = Status::Clean;
    let mut diffs = String::new();
    for input in inputs {
        let name = input.name();
        if matches!(input, Input::Stdin) && !diff {
            output::error(
                "standard input cannot be fixed in place: pass a file, or add --diff to see \
                 what the fixes would change",
            );
            emitter.failed();
            continue;
        }
        let Some(bytes) = super::read_or_report(&input) else {
            emitter.failed();
            continue;
        };
        let Ok(text) = std::str::from_utf8(&bytes) else {
            output::error(&format!(
                "cannot fix `{name}`: it is not valid UTF-8 (`mcpvet` without --fix shows where)"
            ));
            emitter.failed();
            continue;
        };
        let fixed = match fix_text(Some(run.kind), &name, text, run.options, &options) {
            Ok(fixed) => fixed,
            Err(err) => {
                output::error(&format!("cannot fix `{name}`: {err}"));
                emitter.failed();
                continue;
            }
        };
        output::status(&summary(&name, &fixed, level, diff));
        if diff {
            if fixed.changed() {
                diff_status = Status::Findings;
                diffs.push_str(&unified_diff(
                    text,
                    &fixed.original_redactions,
                    &fixed.text,
                    &fixed.report.redactions,
                    &name,
                ));
            }
            continue;
        }
        if fixed.changed()
            && let Input::File(path) = &input
            && let Err(err) = std::fs::write(path, fixed.text.as_bytes())
        {
            output::error(&format!("cannot write `{name}`: {err}"));
            emitter.failed();
            continue;
        }
        emitter.emit_under(fixed.report, None);
    }
    if diff {
        // Nothing was emitted: the diff is the output, the status says whether it is empty.
        let failed = emitter.finish() == Status::Failure;
        out.print(&diffs);
        return if failed { Status::Failure } else { diff_status };
    }
    emitter.finish()
}
