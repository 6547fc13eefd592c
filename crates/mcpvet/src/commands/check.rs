//! `mcpvet check` (and `mcpvet PATH...`): inspect each file as what its content shows, a
//! configuration or a captured session, with the decision the web page makes.
use mcpvet_linter::{ConfigOptions, InspectOptions, ServerOptions};

use super::emit::Emitter;
use super::{Given, Plan, Status};
use crate::cli::{CheckArgs, Format};
use crate::output::Output;
use crate::project::Project;

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
    let Some(project) = Project::new(&args.project) else {
        return Status::Failure;
    };
    let plan = Plan {
        kind: None,
        options: &options,
        stream: Some(&args.stream),
        text: args.output.format == Format::Text || project.uses_baseline(),
        lock: None,
        project: Some(&project),
        given: Given {
            dialect: args.dialect.is_some(),
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
