//! `mcpvet redact`: a copy of a file with its secrets replaced
//! ([`mcpvet_linter::share`]); this module only reads the input and writes the copy.
use std::fmt::Write as _;
use std::io::Write as _;

use mcpvet_diagnostics::redact::describe;
use mcpvet_linter::InspectOptions;
use mcpvet_linter::share::{leftovers, redact};
use mcpvet_text::{Encoding, LineIndex};

use super::Status;
use crate::cli::RedactArgs;
use crate::io::Input;
use crate::output::{self, Output};

pub(super) fn run(args: &RedactArgs, out: &mut Output) -> Status {
    let input = Input::new(&args.file);
    let name = input.name();
    if let (Some(to), Input::File(from)) = (&args.output, &input)
        && same_file(from, to)
    {
        output::error(&format!(
            "`-o {}` is the input itself; write the copy to another file",
            to.display()
        ));
        return Status::Failure;
    }
    let Some(bytes) = super::read_or_report(&input) else {
        return Status::Failure;
    };
    let options = InspectOptions::default();
    if args.check {
        let left = match leftovers(None, &name, &bytes, &options) {
            Ok(left) => left,
            Err(err) => {
                output::error(&format!("cannot read `{name}`: {err}"));
                return Status::Failure;
            }
        };
        let text = mcpvet_json::decode_utf8(&bytes).text.into_owned();
        let index = LineIndex::new(&text);
        let mut listing = String::new();
        for s in &left {
            let at = index.line_col(s.span.start, Encoding::CodePoint);
            let _ = writeln!(
                listing,
                "{name}:{}:{}: secret not redacted (`{}`)",
                at.line,
                at.column,
                describe(&text[s.span.range()])
            );
        }
        out.print(&listing);
        return if left.is_empty() {
            output::status(&format!("{name}: no secret found"));
            Status::Clean
        } else {
            let what = if left.len() == 1 { "secret" } else { "secrets" };
            output::status(&format!(
                "{name}: {} {what} not redacted; `mcpvet redact {name} -o COPY` writes a copy \
                 without them",
                left.len()
            ));
            Status::Findings
        };
    }
    let copy = match redact(None, &name, &bytes, &options) {
        Ok(copy) => copy,
        Err(err) => {
            output::error(&format!("cannot read `{name}`: {err}"));
            return Status::Failure;
        }
    };
    let what = if copy.secrets.len() == 1 {
        "secret"
    } else {
        "secrets"
    };
    let written = match &args.output {
        Some(path) if path.as_os_str() != "-" => std::fs::write(path, &copy.bytes)
            .map_err(|e| format!("cannot write `{}`: {e}", path.display())),
        // Standard output, byte for byte (the copy is not text to color or strip).
        _ => {
            let _ = out.finish();
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(&copy.bytes).and_then(|()| stdout.flush()) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(format!("cannot write to standard output: {e}")),
            }
        }
    };
    match written {
        Ok(()) => {
            output::status(&format!(
                "{name}: {} {what} replaced; review the copy before sharing it",
                copy.secrets.len()
            ));
            Status::Clean
        }
        Err(message) => {
            output::error(&message);
            Status::Failure
        }
    }
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
