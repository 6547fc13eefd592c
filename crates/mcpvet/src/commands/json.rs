//! `mcpvet json`: is each input well-formed JSON, JSONC or JSON Lines?
use mcpvet_json::JsonOptions;
use mcpvet_linter::{InputKind, InspectOptions, JsonCheckOptions};

use super::emit::Emitter;
use super::{Given, Plan, Status};
use crate::cli::{Format, JsonArgs};
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
        lock: None,
        project: None,
        given: Given::default(),
        cross_file: false,
    };
    let emitter = Emitter::new(out, &args.output, color);
    super::inspect_each(&args.files, &plan, emitter)
}
