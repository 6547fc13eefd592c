//! One module per subcommand; [`run`] dispatches. Every subcommand that inspects files reads
//! them with [`inspect_input`] (through the linter's one door, [`mcpvet_linter::inspect`])
//! and writes them with one [`emit::Emitter`].
use std::io::IsTerminal as _;

use mcpvet_linter::{FileReport, InputKind, InspectOptions};

use crate::cli::{Cli, Command, SchemaCommand, StreamArgs};
use crate::io::Input;
use crate::output::{self, Output};
use crate::project::{self, Lookup, Project};
use crate::{progress, stream};

mod check;
mod config;
mod diff;
mod dump;
mod emit;
mod fix;
mod json;
mod lsp;
mod redact;
mod rules;
mod server;
mod transcript;

/// How a run ended. Ordered: a later variant wins when several inputs end differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// Nothing at or above the failing severity.
    Clean,
    /// Findings at or above the failing severity.
    Findings,
    /// A usage error or an input that could not be read.
    Failure,
}

impl Status {
    /// The process exit status.
    pub(crate) fn code(self) -> u8 {
        match self {
            Status::Clean => 0,
            Status::Findings => 1,
            Status::Failure => 2,
        }
    }
}

/// The bytes of `input`, or `None` after reporting why it could not be read: the other
/// inputs are still inspected.
fn read_or_report(input: &Input) -> Option<Vec<u8>> {
    match input.read() {
        Ok(bytes) => Some(bytes),
        Err(err) => {
            output::error(&err.to_string());
            None
        }
    }
}

/// How one subcommand inspects its inputs.
#[derive(Clone, Copy)]
struct Plan<'a> {
    /// What to read each input as; `None` decides per file from the content.
    kind: Option<InputKind>,
    options: &'a InspectOptions,
    /// Captures may be streamed (`transcript`, `check`), with these settings.
    stream: Option<&'a StreamArgs>,
    /// The text format will render the report (a streamed capture then keeps the text of
    /// the lines its findings point at).
    text: bool,
    /// `--lock`: the lock file and its name; each report gets its findings against it.
    lock: Option<(&'a mcpvet_linter::drift::Lock, &'a str)>,
    /// The settings files and baselines (`None`: commands without them).
    project: Option<&'a Project>,
    /// The options the command line gave, which the settings file does not change.
    given: Given,
    /// Compare the files with one another (shadowed tools, names of other files' tools:
    /// [`mcpvet_linter::CrossFiles`]); off with `--no-cross-file`.
    cross_file: bool,
}

/// Which options of a settings file the command line gave (`--dialect`, `--target`).
#[derive(Debug, Clone, Copy, Default)]
struct Given {
    dialect: bool,
    target: bool,
}

/// What became of one input.
enum Outcome {
    /// Its report, and the `fail-on` of the settings file that applies to it.
    Report(Box<FileReport>, Option<mcpvet_linter::settings::FailOn>),
    /// Not inspected: an `ignore` pattern of its settings file matches it (said).
    Ignored,
    /// It could not be read or inspected, or its settings file is not valid (said).
    Failed,
}

/// Inspects `input` as `plan` says, within its project: with the options its settings file
/// gives (the command line's first), then its lock findings, the settings' rule levels and
/// the baseline applied.
fn inspect_in_project(input: &Input, plan: &Plan<'_>) -> Outcome {
    let (found, options) = match plan.project {
        Some(p) => match p.lookup(input) {
            Lookup::Use(found) => {
                let options = project::options_for(
                    plan.options,
                    found.as_deref(),
                    input,
                    plan.given.dialect,
                    plan.given.target,
                );
                (found, options)
            }
            Lookup::Ignored => return Outcome::Ignored,
            Lookup::Failed => return Outcome::Failed,
        },
        None => (None, None),
    };
    let local = Plan {
        options: options.as_ref().unwrap_or(plan.options),
        ..*plan
    };
    let Some(mut report) = inspect_input(input, &local) else {
        return Outcome::Failed;
    };
    if let Some((lock, name)) = plan.lock {
        mcpvet_linter::drift::check_lock(&mut report, lock, name);
    }
    if let Some(p) = plan.project {
        p.settle(input, found.as_deref(), &mut report);
    }
    Outcome::Report(Box::new(report), found.and_then(|f| f.settings.fail_on))
}

/// Inspects `input` as `plan` says: a large capture as a stream (bounded memory, progress
/// bar), anything else read whole. `None` after reporting why it could not be read or
/// inspected: the run fails, the other inputs are still inspected.
fn inspect_input(input: &Input, plan: &Plan<'_>) -> Option<FileReport> {
    let name = input.name();
    if let (Some(args), Input::File(path)) = (plan.stream, input)
        && let Some(size) = std::fs::metadata(path)
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len())
        && (args.stream || size >= stream::STREAM_THRESHOLD)
    {
        let detection = match plan.kind {
            Some(_) => None,
            None => match stream::detect_head(path) {
                Ok(detection) => Some(detection),
                Err(err) => {
                    output::error(&format!("cannot read `{name}`: {err}"));
                    return None;
                }
            },
        };
        let kind = plan.kind.or(detection.map(|d| d.kind));
        if kind == Some(InputKind::Transcript) {
            let workers = args.jobs.map_or_else(
                || std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
                usize::from,
            );
            let mut bar = progress::Bar::new(size, !args.quiet);
            let streamed = stream::inspect(
                path,
                &name,
                &plan.options.transcript,
                workers,
                plan.text,
                &mut bar,
            );
            bar.finish();
            match streamed {
                Ok(Some(mut report)) => {
                    report.detection = detection;
                    return Some(report);
                }
                // Not a format that streams: read whole below.
                Ok(None) if args.stream => output::note(&format!(
                    "`{name}` is read whole: only JSON Lines, trace, client log, run log (JSON \
                     lines) and JSON array captures are streamed"
                )),
                Ok(None) => {}
                Err(err) => {
                    output::error(&format!("cannot read `{name}`: {err}"));
                    return None;
                }
            }
        }
    }
    if let Some(report) = json_lines_streamed(input, plan) {
        return Some(report);
    }
    let bytes = read_or_report(input)?;
    match mcpvet_linter::inspect(plan.kind, &name, &bytes, plan.options) {
        Ok(report) => Some(report),
        Err(err) => {
            // Input::read refuses such inputs already.
            output::error(&format!("cannot inspect `{name}`: {err}"));
            None
        }
    }
}

/// `mcpvet json --jsonl` on a large file: checked as a stream on every core, without holding
/// the file; `None` when the input is not such a file, or has a finding (it is then read
/// whole, for a report with positions and snippets), or could not be read (the whole read
/// reports why).
fn json_lines_streamed(input: &Input, plan: &Plan<'_>) -> Option<FileReport> {
    let Input::File(path) = input else {
        return None;
    };
    if plan.kind != Some(InputKind::Json) || !plan.options.json.lines {
        return None;
    }
    let size = std::fs::metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file)?
        .len();
    // Too large for one report: the whole read says so.
    if size < stream::STREAM_THRESHOLD || size > u64::from(u32::MAX) {
        return None;
    }
    let workers = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    stream::json_lines(path, &input.name(), &plan.options.json, workers)
        .ok()
        .flatten()
}

/// Inspects every input of `paths` as `plan` says and writes each report through `emitter`;
/// the run's status.
fn inspect_each(
    paths: &[std::path::PathBuf],
    plan: &Plan<'_>,
    emitter: emit::Emitter<'_>,
) -> Status {
    inspect_each_with(paths, plan, emitter, None)
}

/// [`inspect_each`], joining the captured session `with` (`--with SESSION`) to the runs of
/// every run-phase event log among the inputs ([`mcpvet_linter::join_session`]); the session
/// is inspected once and its own report written after the others.
fn inspect_each_with(
    paths: &[std::path::PathBuf],
    plan: &Plan<'_>,
    mut emitter: emit::Emitter<'_>,
    with: Option<&std::path::Path>,
) -> Status {
    // `None`: not inspected yet; `Some(None)`: could not be read.
    let mut session: Option<Option<(Box<FileReport>, Option<mcpvet_linter::settings::FailOn>)>> =
        None;
    // Each report gets its findings against the files before it, then is written.
    let mut across = plan.cross_file.then(mcpvet_linter::CrossFiles::new);
    for path in paths {
        match inspect_in_project(&Input::new(path), plan) {
            Outcome::Report(mut report, fail_on) => {
                if let Some(across) = across.as_mut() {
                    across.add(&mut report);
                }
                let has_runs = report.transcript.as_ref().is_some_and(|t| t.runs.is_some());
                if let (Some(with), true) = (with, has_runs) {
                    let joined = session.get_or_insert_with(|| {
                        let session_plan = Plan {
                            kind: Some(InputKind::Transcript),
                            stream: None,
                            // The session of a run log's own server: not another server.
                            cross_file: false,
                            ..*plan
                        };
                        match inspect_in_project(&Input::new(with), &session_plan) {
                            Outcome::Report(report, fail_on) => Some((report, fail_on)),
                            Outcome::Ignored | Outcome::Failed => None,
                        }
                    });
                    if let Some((s, _)) = joined.as_ref() {
                        mcpvet_linter::join_session(&mut report, s);
                    }
                }
                emitter.emit_under(*report, fail_on);
            }
            Outcome::Ignored => {}
            Outcome::Failed => emitter.failed(),
        }
    }
    match (with, session) {
        (Some(_), Some(Some((report, fail_on)))) => emitter.emit_under(*report, fail_on),
        (Some(_), Some(None)) => emitter.failed(),
        (Some(with), None) => output::note(&format!(
            "`--with {}` joins a captured session to the runs of a run-phase event log, and \
             none of the inputs is one: the session was not read",
            with.display()
        )),
        (None, _) => {}
    }
    emitter.finish()
}

/// The status of a run whose inspections ended with `status`, once `project` has written
/// its baseline (a baseline that cannot be written fails the run).
fn finish_project(project: Project, status: Status) -> Status {
    if project.finish() {
        status
    } else {
        status.max(Status::Failure)
    }
}

/// Reads the lock file of `--lock`, or says why it cannot be read.
fn read_lock(path: &std::path::Path) -> Option<(mcpvet_linter::drift::Lock, String)> {
    let input = Input::new(path);
    let bytes = read_or_report(&input)?;
    let name = input.name();
    let text = mcpvet_json::decode_utf8(&bytes).text.into_owned();
    let source = match mcpvet_text::SourceFile::new(name.clone(), text) {
        Ok(source) => source,
        Err(err) => {
            output::error(&format!("cannot read the lock file `{name}`: {err}"));
            return None;
        }
    };
    match mcpvet_linter::drift::read_lock(&source) {
        Ok(lock) => Some((lock, name)),
        Err(err) => {
            output::error(&format!("malformed lock file {err}"));
            None
        }
    }
}

/// The language of rule titles and help sentences: `--lang`, else `MCPVET_LANG` (a tag such
/// as `es` or `es_ES.UTF-8`; another language, or an empty value, is English), else English.
fn lang(
    flag: Option<mcpvet_linter::i18n::Lang>,
    env: Option<std::ffi::OsString>,
) -> mcpvet_linter::i18n::Lang {
    flag.unwrap_or_else(|| {
        env.map_or(mcpvet_linter::i18n::Lang::En, |v| {
            mcpvet_linter::i18n::Lang::from_tag(&v.to_string_lossy())
        })
    })
}

/// Runs the subcommand `cli` names.
pub(crate) fn run(cli: &Cli) -> Status {
    // The language server owns standard input and output: nothing else may lock them.
    if let Command::Lsp(args) = &cli.command {
        return lsp::run(args);
    }
    let color = cli.color.enabled(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR"),
    );
    let mut out = Output::new(color).with_lang(lang(cli.lang, std::env::var_os("MCPVET_LANG")));
    let status = match &cli.command {
        Command::Check(args) => check::run(args, color, &mut out),
        Command::Config(args) => config::run(args, color, &mut out),
        Command::Transcript(args) => transcript::run(args, color, &mut out),
        Command::Server(args) => server::run(args, color, &mut out),
        Command::Diff(args) => diff::run(args, &mut out),
        Command::Lock(args) => diff::lock(args, &mut out),
        Command::Schema(SchemaCommand::Infer(args)) => server::infer(args, color, &mut out),
        Command::Json(args) => json::run(args, color, &mut out),
        Command::Rules(args) => rules::list(args, &mut out),
        Command::Explain(args) => rules::explain(args, &mut out),
        Command::Dump(args) => dump::run(args, &mut out),
        // Served above, before standard output is locked.
        Command::Lsp(_) => Status::Failure,
        Command::Redact(args) => redact::run(args, &mut out),
    };
    if out.finish() {
        status
    } else {
        Status::Failure
    }
}
