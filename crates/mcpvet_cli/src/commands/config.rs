//! `mcpvet config`: inspect client configurations, named or found on this machine.
use mcpvet_linter::{ConfigOptions, InputKind, InspectOptions};

use super::emit::Emitter;
use super::{Plan, Status};
use crate::cli::{ConfigArgs, Format};
use crate::discover::{self, Candidate, Env};
use crate::io::Input;
use crate::output::{self, Output};

/// One input to inspect and, when it was found rather than named, where it came from.
struct Job {
    input: Input,
    found: Option<Candidate>,
}

pub(super) fn run(args: &ConfigArgs, color: bool, out: &mut Output) -> Status {
    let jobs = if args.paths.is_empty() {
        discovered()
    } else {
        args.paths
            .iter()
            .map(|p| Job {
                input: Input::new(p),
                found: None,
            })
            .collect()
    };
    let options = InspectOptions {
        config: ConfigOptions {
            dialect: args.dialect,
            ..ConfigOptions::default()
        },
        ..InspectOptions::default()
    };
    let plan = Plan {
        kind: Some(InputKind::Config),
        options: &options,
        stream: None,
        text: args.output.format == Format::Text,
    };
    let mut emitter = Emitter::new(out, &args.output, color);
    for job in jobs {
        let Some(report) = super::inspect_input(&job.input, &plan) else {
            emitter.failed();
            continue;
        };
        if let Some(found) = &job.found
            && found.shared
            && report.servers.is_empty()
            && report
                .diagnostics
                .iter()
                .any(|d| d.code().as_str() == "MCP010")
        {
            output::status(&format!(
                "{}: no MCP servers in this {} settings file; skipped",
                job.input.name(),
                found.client
            ));
            continue;
        }
        emitter.emit(report);
    }
    emitter.finish()
}

/// The configurations found in the usual places, announced on standard error.
fn discovered() -> Vec<Job> {
    let os = discover::current_os();
    let candidates = discover::candidates(os, &Env::from_process(os));
    let found = discover::existing(candidates.clone());
    if found.is_empty() {
        output::status(
            "mcpvet: no PATH given, and no MCP client configuration was found in the usual places:",
        );
        for c in &candidates {
            output::status(&format!(
                "  {} ({}, {})",
                discover::display(&c.path),
                c.client,
                c.scope.name()
            ));
        }
        output::status("Pass the files to inspect, as in `mcpvet config path/to/mcp.json`.");
        return Vec::new();
    }
    let what = if found.len() == 1 {
        "configuration"
    } else {
        "configurations"
    };
    output::status(&format!(
        "mcpvet: no PATH given; found {} MCP client {what}:",
        found.len()
    ));
    for c in &found {
        output::status(&format!(
            "  {} ({}, {})",
            discover::display(&c.path),
            c.client,
            c.scope.name()
        ));
    }
    found
        .into_iter()
        .map(|c| Job {
            input: Input::File(c.path.clone()),
            found: Some(c),
        })
        .collect()
}
