//! `mcpvet`: inspects Model Context Protocol (MCP) client configurations and captured sessions.
//!
//! The only crate of the workspace that touches files, the environment and the terminal: it
//! reads inputs, hands text to the libraries and writes what they return.
//!
//! Exit status: 0 nothing to report, 1 findings at or above the failing severity, 2 usage
//! error or unreadable input (2 wins over 1).
use std::process::ExitCode;

use clap::Parser as _;

mod cli;
mod commands;
mod discover;
mod io;
mod output;
mod progress;
mod project;
mod stream;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse_from(cli::with_default_command(std::env::args_os())) {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to stdout with status 0, usage errors to stderr with 2. A
            // closed pipe is not worth a message.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    let status = commands::run(&cli);
    ExitCode::from(status.code())
}
