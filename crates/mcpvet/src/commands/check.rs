//! `mcpvet check` (and `mcpvet PATH...`): inspect each file as what its content shows, a
//! configuration or a captured session, with the decision the web page makes.
use mcpvet_linter::{ConfigOptions, InspectOptions, ServerOptions};

use super::emit::Emitter;
use super::{Plan, Status};
use crate::cli::{CheckArgs, Format};
use crate::output::Output;

pub(super) fn run(args: &CheckArgs, color: bool, out: &mut Output) -> Status {
    let options = InspectOptions {
        config: ConfigOptions {
            dialect: args.dialect,
            ..ConfigOptions::default()
        },
        transcript: super::transcript::transcript_options(&args.session),
        server: ServerOptions {
            targets: args.session.target.unwrap_or_default(),
            ..ServerOptions::default()
        },
        ..InspectOptions::default()
    };
    let plan = Plan {
        kind: None,
        options: &options,
        stream: Some(&args.stream),
        text: args.output.format == Format::Text,
        lock: None,
    };
    let emitter = Emitter::new(out, &args.output, color).with_messages(args.session.messages);
    super::inspect_each_with(&args.paths, &plan, emitter, args.session.with.as_deref())
}
