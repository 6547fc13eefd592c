//! The command line: what `mcpvet --help` shows.
use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

const ABOUT: &str =
    "Inspect Model Context Protocol (MCP) client configurations and captured sessions";

const LONG_ABOUT: &str = "\
Inspect Model Context Protocol (MCP) client configurations and captured sessions.

mcpvet reads text and never runs it: it starts no server, opens no connection and follows no \
URL. Findings are printed to standard output with the file, line and column, the rule code and \
a snippet of the source; a one-line summary per file goes to standard error.";

const EXIT_STATUS: &str = "\
Exit status:
  0  every input is clean (warnings allowed)
  1  at least one input has an error
  2  usage error, or an input could not be read (wins over 1)";

/// `mcpvet [OPTIONS] <COMMAND>`.
#[derive(Debug, Parser)]
#[command(
    name = "mcpvet",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXIT_STATUS,
    propagate_version = true,
    arg_required_else_help = true
)]
pub(crate) struct Cli {
    /// When to color the output: `auto` colors when standard output is a terminal and
    /// `NO_COLOR` is not set
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        default_value_t = ColorChoice::Auto,
        global = true
    )]
    pub(crate) color: ColorChoice,

    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Check that files are well-formed JSON, JSONC or JSON Lines
    #[command(
        long_about = "\
Check that files are well-formed JSON, JSONC or JSON Lines.

Reports syntax errors, duplicate keys, comments and trailing commas where they are not \
allowed, nesting beyond the limit, invalid UTF-8 and byte order marks, each with its exact \
line and column. Parsing goes on after an error, so one run shows every problem.",
        after_help = EXIT_STATUS
    )]
    Json(JsonArgs),
}

/// Arguments of `mcpvet json`.
#[derive(Debug, Args)]
pub(crate) struct JsonArgs {
    /// Accept `//` and `/* */` comments and trailing commas (JSON with comments, as VS Code
    /// and Zed read it)
    #[arg(long)]
    pub(crate) jsonc: bool,

    /// Read JSON Lines: each non-blank line is one JSON value
    #[arg(long)]
    pub(crate) jsonl: bool,

    /// Deepest nesting of arrays and objects accepted
    #[arg(long, value_name = "N", default_value_t = mcpvet_json::JsonOptions::DEFAULT_MAX_DEPTH)]
    pub(crate) max_depth: u32,

    /// Files to check; `-` reads standard input
    #[arg(value_name = "FILE", required = true)]
    pub(crate) files: Vec<PathBuf>,
}

/// The `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    // No doc comments on the variants: clap then lists the values on one line.
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to color, given whether standard output is a terminal and the value of
    /// `NO_COLOR` (<https://no-color.org>: set and not empty turns color off).
    pub(crate) fn enabled(self, stdout_is_terminal: bool, no_color: Option<OsString>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => stdout_is_terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    use super::*;

    #[test]
    fn command_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn auto_color() {
        let auto = ColorChoice::Auto;
        assert!(auto.enabled(true, None));
        assert!(auto.enabled(true, Some(OsString::new())));
        assert!(!auto.enabled(true, Some(OsString::from("1"))));
        assert!(!auto.enabled(false, None));
        assert!(ColorChoice::Always.enabled(false, Some(OsString::from("1"))));
        assert!(!ColorChoice::Never.enabled(true, None));
    }
}
