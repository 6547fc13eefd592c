//! `mcpvet transcript`: inspect captured sessions.
use mcpvet_linter::{InputKind, InspectOptions, TranscriptOptions};

use super::emit::Emitter;
use super::{Given, Plan, Status};
use crate::cli::{Format, SessionArgs, TranscriptArgs};
use crate::output::Output;
use crate::project::Project;

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
    let Some(project) = Project::new(&args.project) else {
        return Status::Failure;
    };
    let plan = Plan {
        kind: Some(InputKind::Transcript),
        options: &options,
        // A capture checked against a lock is read whole: the lock check reads its text.
        stream: lock.is_none().then_some(&args.stream),
        text: args.output.format == Format::Text || project.uses_baseline(),
        lock: lock.as_ref().map(|(l, n)| (l, n.as_str())),
        project: Some(&project),
        given: Given {
            dialect: false,
            target: args.session.target.is_some(),
        },
        cross_file: !args.session.no_cross_file,
    };
    let emitter = Emitter::new(out, &args.output, color)
        .with_messages(args.session.messages)
        .with_findings_failing(project.findings_fail());
    let status =
        super::inspect_each_with(&args.paths, &plan, emitter, args.session.with.as_deref());
    super::finish_project(project, status)
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
