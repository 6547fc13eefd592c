//! `mcpvet server`: inspect server definitions; `mcpvet schema infer`: the schema of an
//! example.
use std::path::PathBuf;

use mcpvet_json::decode_utf8;
use mcpvet_linter::render::text::{TextOptions, render_diagnostic};
use mcpvet_linter::{InputKind, InspectOptions, ServerOptions, infer_schema};
use mcpvet_schema::infer::{InferOptions, Required};
use mcpvet_text::SourceFile;

use super::emit::Emitter;
use super::{Given, Plan, Status};
use crate::cli::{Format, InferArgs, RequiredArg, ServerArgs};
use crate::io::Input;
use crate::output::{self, Output};
use crate::project::Project;

/// The files `mcpvet server` inspects when given no path, in this order.
const DEFAULT_FILES: &[&str] = &["server.json", "manifest.json"];

pub(super) fn run(args: &ServerArgs, color: bool, out: &mut Output) -> Status {
    let paths: Vec<PathBuf> = if args.paths.is_empty() {
        let found: Vec<PathBuf> = DEFAULT_FILES
            .iter()
            .map(PathBuf::from)
            .filter(|p| p.is_file())
            .collect();
        if found.is_empty() {
            output::error(
                "no PATH given, and there is no server.json or manifest.json in the current \
                 folder; pass the definitions to inspect, as in `mcpvet server tools.json`",
            );
            return Status::Failure;
        }
        found
    } else {
        args.paths.clone()
    };
    let lock = match &args.lock {
        Some(path) => match super::read_lock(path) {
            Some(lock) => Some(lock),
            None => return Status::Failure,
        },
        None => None,
    };
    let options = InspectOptions {
        server: ServerOptions {
            format: args.input_format,
            protocol: args.protocol,
            targets: args.target.unwrap_or_default(),
            ..ServerOptions::default()
        },
        ..InspectOptions::default()
    };
    let Some(project) = Project::new(&args.project) else {
        return Status::Failure;
    };
    if args.fix.any() {
        let run = super::fix::FixRun {
            kind: InputKind::Server,
            options: &options,
            args: &args.fix,
            output: &args.output,
            color,
        };
        let inputs = paths.iter().map(|p| Input::new(p)).collect();
        return super::fix::run(inputs, &run, out);
    }
    let plan = Plan {
        kind: Some(InputKind::Server),
        options: &options,
        stream: None,
        text: args.output.format == Format::Text,
        lock: lock.as_ref().map(|(l, n)| (l, n.as_str())),
        project: Some(&project),
        given: Given {
            dialect: false,
            target: args.target.is_some(),
        },
        cross_file: !args.no_cross_file,
    };
    let emitter =
        Emitter::new(out, &args.output, color).with_findings_failing(project.findings_fail());
    let status = super::inspect_each(&paths, &plan, emitter);
    super::finish_project(project, status)
}

pub(super) fn infer(args: &InferArgs, color: bool, out: &mut Output) -> Status {
    let input = Input::new(&args.example);
    let name = input.name();
    let Some(bytes) = super::read_or_report(&input) else {
        return Status::Failure;
    };
    let decoded = decode_utf8(&bytes);
    let options = InferOptions {
        required: match args.required {
            RequiredArg::Present => Required::Present,
            RequiredArg::None => Required::None,
        },
    };
    let result = if decoded.diagnostics.is_empty() {
        infer_schema(&decoded.text, options).map_err(|e| e.diagnostics)
    } else {
        Err(decoded.diagnostics.clone())
    };
    match result {
        Ok(schema) => {
            out.print(&schema);
            out.print("\n");
            Status::Clean
        }
        Err(diagnostics) => {
            output::error(&format!(
                "cannot infer a schema: `{name}` is not one well-formed JSON value"
            ));
            if let Ok(source) = SourceFile::new(name, decoded.text.into_owned()) {
                let text = TextOptions {
                    color,
                    redactions: Vec::new(),
                };
                for d in &diagnostics {
                    output::status(render_diagnostic(&source, d, &text).trim_end());
                }
            }
            Status::Failure
        }
    }
}
