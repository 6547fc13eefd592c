//! One module per subcommand; [`run`] dispatches.
use std::io::IsTerminal as _;

use crate::cli::{Cli, Command};
use crate::output::Output;

mod config;
mod dump;
mod json;
mod rules;
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

/// The bytes of `input`, or `None` after reporting why it could not be read (and marking the
/// run as failed): the other inputs are still inspected.
fn read_or_report(input: &crate::io::Input, status: &mut Status) -> Option<Vec<u8>> {
    match input.read() {
        Ok(bytes) => Some(bytes),
        Err(err) => {
            crate::output::error(&err.to_string());
            *status = (*status).max(Status::Failure);
            None
        }
    }
}

/// Runs the subcommand `cli` names.
pub(crate) fn run(cli: &Cli) -> Status {
    let color = cli.color.enabled(
        std::io::stdout().is_terminal(),
        std::env::var_os("NO_COLOR"),
    );
    let mut out = Output::new(color);
    let status = match &cli.command {
        Command::Config(args) => config::run(args, color, &mut out),
        Command::Transcript(args) => transcript::run(args, color, &mut out),
        Command::Json(args) => json::run(args, color, &mut out),
        Command::Rules => rules::list(&mut out),
        Command::Explain(args) => rules::explain(args, &mut out),
        Command::Dump(args) => dump::run(args, &mut out),
    };
    if out.finish() {
        status
    } else {
        Status::Failure
    }
}
