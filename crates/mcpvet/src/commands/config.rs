//! `mcpvet config`: inspect client configurations, named or found on this machine.
use std::fmt::Write as _;

use mcpvet_linter::{ConfigOptions, InputKind, InspectOptions};

use super::emit::Emitter;
use super::{Given, Outcome, Plan, Status};
use crate::project::Project;
use mcpvet_ast::config::locations::Os;

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
    if args.list_locations {
        return list_locations(args.output.format == Format::Json, out);
    }
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
    let Some(project) = Project::new(&args.project) else {
        return Status::Failure;
    };
    if args.fix.any() {
        let run = super::fix::FixRun {
            kind: InputKind::Config,
            options: &options,
            args: &args.fix,
            output: &args.output,
            color,
        };
        return super::fix::run(jobs.into_iter().map(|j| j.input).collect(), &run, out);
    }
    let plan = Plan {
        kind: Some(InputKind::Config),
        options: &options,
        stream: None,
        text: args.output.format == Format::Text,
        lock: None,
        project: Some(&project),
        given: Given {
            dialect: args.dialect.is_some(),
            target: false,
        },
        cross_file: false,
    };
    let mut emitter =
        Emitter::new(out, &args.output, color).with_findings_failing(project.findings_fail());
    for job in jobs {
        let (report, fail_on) = match super::inspect_in_project(&job.input, &plan) {
            Outcome::Report(report, fail_on) => (*report, fail_on),
            Outcome::Ignored => continue,
            Outcome::Failed => {
                emitter.failed();
                continue;
            }
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
        emitter.emit_under(report, fail_on);
    }
    let status = emitter.finish();
    super::finish_project(project, status)
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

/// The name of an operating system in listings.
fn os_name(os: Os) -> &'static str {
    match os {
        Os::Linux => "Linux",
        Os::Macos => "macOS",
        Os::Windows => "Windows",
    }
}

/// `mcpvet config --list-locations`: every place of the clients on this system, and the
/// files found there (a pattern `folder/*.yaml` is one line per file it matches), without
/// reading them.
fn list_locations(json: bool, out: &mut Output) -> Status {
    let os = discover::current_os();
    let mut rows: Vec<(String, bool, &Candidate, Option<String>)> = Vec::new();
    let candidates = discover::candidates(os, &Env::from_process(os));
    for c in &candidates {
        let found = discover::look(c);
        if found.is_empty() {
            rows.push((discover::display(&c.path), false, c, None));
        }
        let pattern = (found.len() != 1 || found[0] != c.path).then(|| discover::display(&c.path));
        for path in found {
            rows.push((discover::display(&path), true, c, pattern.clone()));
        }
    }
    let found = rows.iter().filter(|r| r.1).count();
    if json {
        let string = |text: &str| {
            let mut s = String::new();
            mcpvet_json::push_string(&mut s, text);
            s
        };
        let mut doc = format!(
            "{{\n  \"os\": {},\n  \"found\": {found},\n  \"locations\": [",
            string(os_name(os))
        );
        for (i, (path, exists, c, pattern)) in rows.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            let pattern = pattern
                .as_ref()
                .map(|p| format!(", \"pattern\": {}", string(p)))
                .unwrap_or_default();
            let _ = write!(
                doc,
                "{sep}\n    {{\"path\": {}, \"client\": {}, \"scope\": {}, \"exists\": {exists}{pattern}}}",
                string(path),
                string(c.client),
                string(c.scope.name())
            );
        }
        doc.push_str("\n  ]\n}\n");
        out.print(&doc);
    } else {
        let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        let mut text = format!(
            "Where `mcpvet config` looks on {} (user files, then the current folder):\n",
            os_name(os)
        );
        for (path, exists, c, pattern) in &rows {
            let mark = if *exists { "found " } else { "absent" };
            let from = pattern
                .as_ref()
                .map(|p| format!(", matches {p}"))
                .unwrap_or_default();
            let _ = writeln!(
                text,
                "  {mark}  {path:<width$}  {}, {}{from}",
                c.client,
                c.scope.name()
            );
        }
        let files = if found == 1 { "file" } else { "files" };
        let _ = writeln!(
            text,
            "{found} {files} found; `mcpvet config` inspects them."
        );
        out.print(&text);
    }
    Status::Clean
}
