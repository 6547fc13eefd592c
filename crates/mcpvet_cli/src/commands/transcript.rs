//! `mcpvet transcript`: inspect captured sessions.
use mcpvet_linter::{InputKind, InspectOptions, TranscriptOptions};

use super::emit::Emitter;
use super::{Plan, Status};
use crate::cli::{Format, SessionArgs, TranscriptArgs};
use crate::output::Output;

pub(super) fn run(args: &TranscriptArgs, color: bool, out: &mut Output) -> Status {
    let options = InspectOptions {
        transcript: transcript_options(&args.session),
        ..InspectOptions::default()
    };
    let plan = Plan {
        kind: Some(InputKind::Transcript),
        options: &options,
        stream: Some(&args.stream),
        text: args.output.format == Format::Text,
    };
    let emitter = Emitter::new(out, &args.output, color).with_messages(args.session.messages);
    super::inspect_each_with(&args.paths, &plan, emitter, args.session.with.as_deref())
}

/// The options of a session inspection that `args` give.
pub(super) fn transcript_options(args: &SessionArgs) -> TranscriptOptions {
    TranscriptOptions {
        input_format: args.input_format,
        protocol: args.protocol,
        messages: args.messages,
        ..TranscriptOptions::default()
    }
}
