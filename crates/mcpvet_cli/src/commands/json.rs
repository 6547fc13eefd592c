//! `mcpvet json`: is each input well-formed JSON, JSONC or JSON Lines?
use mcpvet_json::JsonOptions;
use mcpvet_linter::{InputKind, InspectOptions, JsonCheckOptions};

use super::emit::Emitter;
use super::{Plan, Status};
use crate::cli::{Format, JsonArgs};
use crate::io::Input;
use crate::output::Output;

pub(super) fn run(args: &JsonArgs, color: bool, out: &mut Output) -> Status {
    let grammar = if args.jsonc {
        JsonOptions::jsonc()
    } else {
        JsonOptions::strict()
    };
    let options = InspectOptions {
        json: JsonCheckOptions {
            json: grammar.with_max_depth(args.max_depth),
            lines: args.jsonl,
        },
        ..InspectOptions::default()
    };
    let plan = Plan {
        kind: Some(InputKind::Json),
        options: &options,
        stream: None,
        text: args.output.format == Format::Text,
    };
    let mut emitter = Emitter::new(out, &args.output, color);
    for file in &args.files {
        match super::inspect_input(&Input::new(file), &plan) {
            Some(report) => emitter.emit(report),
            None => emitter.failed(),
        }
    }
    emitter.finish()
}
