//! `mcpvet dump`: the lowered AST of a configuration or a captured session.
use mcpvet_ast::config::read_config;
use mcpvet_ast::read_transcript;
use mcpvet_json::decode_utf8;
use mcpvet_linter::render::mask_secrets;
use mcpvet_linter::{ConfigOptions, TranscriptOptions, lint_config, lint_transcript};
use mcpvet_text::SourceFile;

use super::Status;
use crate::cli::DumpArgs;
use crate::io::Input;
use crate::output::{self, Output};

pub(super) fn run(args: &DumpArgs, out: &mut Output) -> Status {
    let (path, is_config) = match (&args.config, &args.transcript) {
        (Some(path), _) => (path, true),
        (None, Some(path)) => (path, false),
        // clap requires one of the two.
        (None, None) => return Status::Failure,
    };
    let input = Input::new(path);
    let name = input.name();
    let bytes = match input.read() {
        Ok(bytes) => bytes,
        Err(err) => {
            output::error(&err.to_string());
            return Status::Failure;
        }
    };
    let decoded = decode_utf8(&bytes);
    let source = match SourceFile::new(name.clone(), decoded.text.into_owned()) {
        Ok(source) => source,
        Err(err) => {
            output::error(&format!("cannot inspect `{name}`: {err}"));
            return Status::Failure;
        }
    };
    let text = source.text();
    // The checks find the secrets; the dump masks them like every other output.
    let (dump, report) = if is_config {
        let dump = read_config(text, Some(&name), args.dialect).value.dump();
        let options = ConfigOptions {
            dialect: args.dialect,
            ..ConfigOptions::default()
        };
        (dump, lint_config(&source, &options))
    } else {
        let dump = read_transcript(text, Some(&name), args.input_format)
            .value
            .dump();
        let options = TranscriptOptions {
            input_format: args.input_format,
            ..TranscriptOptions::default()
        };
        (dump, lint_transcript(&source, &options))
    };
    out.print(&mask_secrets(&report, &dump));
    Status::Clean
}
