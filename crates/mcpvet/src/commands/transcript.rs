//! `mcpvet transcript`: inspect captured sessions.
use mcpvet_linter::{InputKind, InspectOptions, TranscriptOptions};

use super::emit::Emitter;
use super::{Plan, Status};
use crate::cli::{Format, SessionArgs, TranscriptArgs};
use crate::output::Output;

pub(super) fn run(args: &TranscriptArgs, color: bool, out: &mut Output) -> Status {
    let lock = match &args.lock {
        Some(path) => match super::read_lock(path) {
            Some(lock) => Some(lock),
            None => return Status::Failure,
        },
        None => None,
    };
    let options = InspectOptions {
        transcript: transcript_options(&args.session),
        ..InspectOptions::default()
    };
    let plan = Plan {
        kind: Some(InputKind::Transcript),
        options: &options,
        // A capture checked against a lock is read whole: the lock check reads its text.
        stream: lock.is_none().then_some(&args.stream),
        text: args.output.format == Format::Text,
        lock: lock.as_ref().map(|(l, n)| (l, n.as_str())),
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
        targets: args.target.unwrap_or_default(),
        ..TranscriptOptions::default()
    }
}
