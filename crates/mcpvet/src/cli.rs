//! The command line: what `mcpvet --help` shows.
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use mcpvet_ast::InputFormat;
use mcpvet_ast::config::Dialect;
use mcpvet_ast::definition::DefinitionFormat;
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::Severity;

const ABOUT: &str =
    "Inspect Model Context Protocol (MCP) client configurations and captured sessions";

const LONG_ABOUT: &str = "\
Inspect Model Context Protocol (MCP) client configurations and captured sessions.

mcpvet reads text and never runs it: it starts no server, opens no connection and follows no \
URL. Findings are printed to standard output with the file, line and column, the rule code and \
a snippet of the source. No output ever shows the value of a secret.

Start with `mcpvet config`, which finds and inspects the MCP configurations of the clients \
installed on this machine and of the current project.";

const EXIT_STATUS: &str = "\
Exit status:
  0  nothing at or above the failing severity (`config --fail-on`, default: error)
  1  findings at or above it
  2  usage error, or an input could not be read (wins over 1)";

const EXIT_STATUS_JSON: &str = "\
Exit status:
  0  every input is well-formed: nothing at or above --fail-on (default: error; warnings
     allowed)
  1  findings at or above --fail-on
  2  usage error, or an input could not be read (wins over 1)

Examples:
  mcpvet json settings.json                     strict JSON
  mcpvet json --jsonc .vscode/mcp.json          JSON with comments and trailing commas
  mcpvet json --jsonl --format sarif s.jsonl    JSON Lines, SARIF for code scanning";

const EXIT_STATUS_TRANSCRIPT: &str = "\
Exit status:
  0  nothing at or above --fail-on
  1  findings at or above --fail-on
  2  usage error, or an input could not be read (wins over 1); a syntax error in an input is a
     finding, not an error

Examples:
  mcpvet transcript session.jsonl                  inspect a captured session
  mcpvet transcript --messages session.jsonl       with every message and its pair
  mcpvet transcript mcp-server-docs.log            a Claude Desktop log
  mcpvet transcript --protocol 2025-06-18 s.json   against a forced protocol version
  mcpvet transcript --jobs 2 -q big.jsonl          stream on 2 threads, no progress bar";

const EXIT_STATUS_CONFIG: &str = "\
Exit status:
  0  nothing at or above --fail-on (also when no configuration was found)
  1  findings at or above --fail-on
  2  usage error, or an input could not be read (wins over 1); a syntax error in an input is a
     finding, not an error

With --diff, the exit status is 0 when no file would change, 1 when one would, 2 on errors.

Examples:
  mcpvet config                                inspect every configuration found
  mcpvet config .vscode/mcp.json               inspect one file
  mcpvet config --dialect cursor - < mcp.json  read standard input as a Cursor file
  mcpvet config --format sarif > mcp.sarif     for GitHub code scanning
  mcpvet config --fail-on warning              fail on warnings too
  mcpvet config --fix --diff .mcp.json         show what the safe fixes would change
  mcpvet config --fix .mcp.json                apply them (docs/fixes.md lists every fix)
  mcpvet config --fix-suggested .mcp.json      apply the suggested fixes too";

const CONFIG_ABOUT: &str = "\
Inspect MCP client configurations: syntax, shape, transports and secrets.

Each file is parsed (JSON or JSONC; TOML for Codex; YAML for Continue and Goose), its client \
dialect detected from the file name and the content (Claude Desktop, Claude Code, Cursor, \
Windsurf, Gemini CLI, VS Code, Zed, Cline, Roo Code, Kiro, Amazon Q, opencode, Copilot CLI, \
Visual Studio, Junie, LM Studio, Codex, Continue, Goose...), and every configuration rule run. \
The text output shows, per file, the dialect and how it was detected, each server with its \
transport and command or URL, the counts, then each finding with a snippet of the source. \
Secrets are masked everywhere.

Without PATH, mcpvet looks where the clients keep their configurations on this system: the \
user files under the home folder (HOME; USERPROFILE on Windows), the application-data folder \
(APPDATA on Windows, ~/Library/Application Support on macOS, XDG_CONFIG_HOME or ~/.config \
elsewhere), Codex's folder (CODEX_HOME, or ~/.codex) and the project files in the current \
folder (.mcp.json, .vscode/mcp.json, .cursor/mcp.json, opencode.json, .codex/config.toml...). It lists the files it found on \
standard error and inspects them; a shared settings file (Zed, Gemini CLI, opencode, \
~/.claude.json) that holds no MCP server is skipped. Finding none is not an error. \
`--list-locations` prints every place it looks, and whether a file is there, without \
inspecting anything (docs/dialects.md describes each client).";

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

    /// The language of rule titles and help sentences: `en` (default) or `es` (also a tag
    /// such as `es-ES`); without it, the `MCPVET_LANG` environment variable. Messages, codes
    /// and JSON field names stay as they are
    #[arg(long, value_name = "LANG", value_parser = parse_lang, global = true)]
    pub(crate) lang: Option<mcpvet_linter::i18n::Lang>,

    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Inspect files of any kind: each is read as a configuration or a captured session, as
    /// its content shows (also: `mcpvet PATH...`)
    #[command(long_about = CHECK_ABOUT, after_help = EXIT_STATUS_CHECK)]
    Check(CheckArgs),
    /// Inspect MCP client configurations (without PATH: those found on this machine)
    #[command(long_about = CONFIG_ABOUT, after_help = EXIT_STATUS_CONFIG)]
    Config(ConfigArgs),
    /// Inspect captured MCP sessions: JSON-RPC, lifecycle, ids, tools and schemas
    #[command(long_about = TRANSCRIPT_ABOUT, after_help = EXIT_STATUS_TRANSCRIPT)]
    Transcript(TranscriptArgs),
    /// Inspect server definitions: tool listings, registry server.json, MCPB manifests,
    /// definition files (without PATH: server.json and manifest.json here)
    #[command(long_about = SERVER_ABOUT, after_help = EXIT_STATUS_SERVER)]
    Server(ServerArgs),
    /// Compare what two sessions, listings or server definitions advertise: changes
    /// classified as breaking or compatible
    #[command(long_about = DIFF_ABOUT, after_help = EXIT_STATUS_DIFF)]
    Diff(DiffArgs),
    /// Write the tools lock file (`mcp-tools.lock`): a digest of every advertised tool,
    /// prompt and resource, for `--lock`
    #[command(long_about = LOCK_ABOUT, after_help = EXIT_STATUS_LOCK)]
    Lock(LockArgs),
    /// Work with JSON Schemas (`mcpvet schema infer EXAMPLE.json`)
    #[command(subcommand)]
    Schema(SchemaCommand),
    /// Check that files are well-formed JSON, JSONC or JSON Lines
    #[command(
        long_about = "\
Check that files are well-formed JSON, JSONC or JSON Lines.

Reports syntax errors, duplicate keys, comments and trailing commas where they are not \
allowed, nesting beyond the limit, invalid UTF-8 and byte order marks, each with its exact \
line and column. Parsing goes on after an error, so one run shows every problem.",
        after_help = EXIT_STATUS_JSON
    )]
    Json(JsonArgs),
    /// List every rule: code, name, default severity, family and summary
    #[command(long_about = RULES_ABOUT, after_help = RULES_AFTER)]
    Rules(RulesArgs),
    /// Show the documentation of a rule
    #[command(
        long_about = "\
Show the documentation of a rule: what it checks, why it matters, flagged and accepted \
examples and references.",
        after_help = "Exit status: 0, or 2 when no rule has that code or name."
    )]
    Explain(ExplainArgs),
    /// Print the lowered AST of a configuration or a captured session (for bug reports)
    #[command(
        long_about = "\
Print the lowered AST of a configuration or a captured session, one item per line with byte \
spans (`start..end`): what mcpvet understood of the file. Meant for bug reports; the format \
may change between versions. Secrets found in the file are masked.",
        after_help = "\
Exit status: 0, or 2 when the file cannot be read or the options are wrong.

Examples:
  mcpvet dump --config .vscode/mcp.json
  mcpvet dump --config mcp.json --dialect cursor
  mcpvet dump --transcript session.jsonl --input-format json-lines"
    )]
    Dump(DumpArgs),
    /// Run the language server: findings in the editor as you type (docs/editors.md)
    #[command(long_about = LSP_ABOUT, after_help = LSP_AFTER)]
    Lsp(LspArgs),
    /// Write a copy of a file with every secret replaced by a placeholder of the same
    /// shape, to share it in a bug report (`--check`: say whether any is left)
    #[command(long_about = REDACT_ABOUT, after_help = EXIT_STATUS_REDACT)]
    Redact(RedactArgs),
}

const LSP_ABOUT: &str = "\
Run the mcpvet language server, for editors: the Language Server Protocol over standard input \
and output. An editor starts it and sends the files you open; it is not meant to be run by hand.

It shows mcpvet's findings as diagnostics while you type (each with its rule code linked to the \
rule's page), offers each finding's fix as a quick fix, and shows a server's transport and \
command or URL when you hover its name. It reads the files `mcpvet config`, `mcpvet server` \
and `mcpvet check` read, chosen by name: client configurations (`.vscode/mcp.json`, \
`.cursor/mcp.json`, `.mcp.json`, `claude_desktop_config.json`, `.codex/config.toml`, \
Continue's and Goose's YAML...), `server.json` and `manifest.json`, and captured sessions and \
run logs (`.jsonl`, `.ndjson`, `.har`, `.log`). Other files get no diagnostics. Secrets are \
masked everywhere.

docs/editors.md has the settings for VS Code, Neovim, Helix and Zed.";

const LSP_AFTER: &str = "\
Exit status:
  0  the editor sent `shutdown`, then `exit` or closed the connection
  1  the editor sent `exit` without `shutdown`, or closed the connection without either
  2  usage error, or standard input or output failed

Example (Helix, languages.toml):
  [language-server.mcpvet]
  command = \"mcpvet\"
  args = [\"lsp\"]";

/// Arguments of `mcpvet lsp`.
#[derive(Debug, Args)]
pub(crate) struct LspArgs {
    /// Talk over standard input and output: the only transport, and the default (accepted
    /// because some editors pass it)
    #[arg(long)]
    pub(crate) stdio: bool,
}

const REDACT_ABOUT: &str = "\
Write a copy of a configuration, a captured session (JSON, JSON Lines, a client log), a HAR \
file or a run log with every secret replaced by a placeholder of the same shape, to share it \
in a bug report or an issue.

Replaced: every secret the inspection finds (the MCP3xx rules: provider tokens, credentials \
in env, arguments, headers and URLs, secrets in captured traffic), and, however short or \
plain, the values of `Authorization`, `Cookie`, `Set-Cookie` and API-key headers, values \
named like credentials, URL passwords (`user:pass@`) and credential query parameters. A \
placeholder has as many bytes as the secret and keeps a prefix that says what it was (`ghp_`, \
`sk-ant-api03-`; `Bearer ` is never part of the secret): `ghp_Rxxxxxxxx…`. Every other byte, \
and every line break, stays where it was, so the line and column of each finding in the copy \
are those of the original (a multi-byte character of a secret becomes as many ASCII letters). \
The file is read as `mcpvet check` reads it; nothing is run or fetched.

The copy goes to standard output, or to the file of -o. Review it before sharing: a secret no \
rule recognises (a password in free text) is not replaced. docs/redact.md has the details.";

const EXIT_STATUS_REDACT: &str = "\
Exit status:
  0  the copy was written; with --check: the file holds no secret
  1  with --check: the file still holds a secret (each is listed, masked)
  2  usage error, or the input could not be read or the copy written

Examples:
  mcpvet redact session.jsonl -o session.shared.jsonl
  mcpvet redact capture.har > capture.shared.har
  mcpvet redact --check session.shared.jsonl   before attaching it to an issue";

/// Arguments of `mcpvet redact`.
#[derive(Debug, Args)]
pub(crate) struct RedactArgs {
    /// Where to write the copy (default: standard output); never the input itself
    #[arg(short, long, value_name = "PATH", conflicts_with = "check")]
    pub(crate) output: Option<PathBuf>,

    /// Write nothing; list the secrets the file still holds (masked) and exit with 1 if
    /// there is any
    #[arg(long)]
    pub(crate) check: bool,

    /// The file; `-` reads standard input
    #[arg(value_name = "FILE")]
    pub(crate) file: PathBuf,
}

const RULES_ABOUT: &str = "\
List every rule: code, name, default severity, family and summary.

With `--coverage`, print instead how much of the MCP specification the rules check: every \
normative sentence (MUST, MUST NOT, SHOULD, SHOULD NOT) of the registry, counted per section and \
level as covered / checkable / total, then the checkable requirements that no rule with flagged \
and accepted conformance cases covers yet (docs/coverage.md has the full list).";

const RULES_AFTER: &str = "\
`mcpvet explain <CODE>` shows a rule's documentation.

Examples:
  mcpvet rules
  mcpvet rules --coverage
  mcpvet rules --coverage --protocol 2026-07-28
  mcpvet rules --format json
  mcpvet rules --coverage --format json";

/// Arguments of `mcpvet rules`.
#[derive(Debug, Args)]
pub(crate) struct RulesArgs {
    /// Print the protocol requirements the rules cover instead of the rule table
    #[arg(long)]
    pub(crate) coverage: bool,

    /// With --coverage, count only the requirements of this protocol version: 2024-11-05,
    /// 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28
    #[arg(long, value_name = "VERSION", value_parser = parse_protocol, requires = "coverage")]
    pub(crate) protocol: Option<ProtocolVersion>,

    /// The output format: the table (or the coverage figures) for people, or JSON (every rule
    /// with its code, name, default severity, family and summary; with --coverage, every
    /// requirement with its status)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = RulesFormat::Text)]
    pub(crate) format: RulesFormat,
}

/// The `--format` values of `mcpvet rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RulesFormat {
    /// The rule table, or the figures per section and the list of gaps, for people
    Text,
    /// Every rule, or every requirement with its status and the figures
    Json,
}

const SERVER_ABOUT: &str = "\
Inspect MCP server definitions: what a server advertises, before anyone connects.

Reads a captured `tools/list`, `prompts/list`, `resources/list` or `resources/templates/list` \
result (the JSON-RPC response, its `result` object, or a JSON array of several), the MCP \
registry's `server.json`, a desktop extension manifest (MCPB `manifest.json`), or a server \
definition file of the neutral format (docs/server-definition.md), detected from the content.

Each schema field (`inputSchema`, `outputSchema`, `requestSchema`, `responseSchema`) is \
valid, incomplete (an example payload, bare property schemas, a string: the finding's fix is \
the schema `mcpvet schema infer` generates), default (left out) or missing. The text output \
lists the server's tools, resources and prompts with the state of their schemas, then the \
findings: names, prompt placeholders, URI templates, endpoints, settings, registry and \
manifest rules, tool schemas (the rules of `mcpvet transcript` for list results), and \
secrets (masked everywhere).

Without PATH, `server.json` and `manifest.json` in the current folder are inspected.";

const EXIT_STATUS_SERVER: &str = "\
Exit status:
  0  nothing at or above --fail-on
  1  findings at or above --fail-on
  2  usage error, no input, or an input could not be read (wins over 1); a syntax error in an
     input is a finding, not an error

Examples:
  mcpvet server tools.json                      a captured tools/list result
  mcpvet server server.json --format sarif      a registry entry, for code scanning
  mcpvet server manifest.json                   a desktop extension manifest
  mcpvet server --input-format definition x.json
  mcpvet server --protocol 2026-07-28 tools.json";

const SCHEMA_INFER_ABOUT: &str = "\
Print the JSON Schema (draft 2020-12, with `$schema`) that an example payload implies.

Each value gets its type (`integer` for numbers written without a fraction or exponent, \
`number` otherwise, `string`, `boolean`, `null`); an array gets `items`, the schemas of all \
its elements merged; an object gets `properties` in the order its keys appear and `required` \
listing every key present (`--required none` leaves it out). The output is deterministic: the \
same example always gives the same schema. It is the schema the fix of an incomplete schema \
field carries (`mcpvet server`).";

const EXIT_STATUS_SCHEMA_INFER: &str = "\
Exit status: 0, or 2 when the example cannot be read or is not one well-formed JSON value (its
syntax errors are printed).

Examples:
  mcpvet schema infer response.json > response.schema.json
  mcpvet schema infer --required none - < payload.json";

/// The `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Overview and rustc-style snippets, for people
    Text,
    /// The versioned JSON report (docs/report.schema.json)
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers
    Sarif,
    /// GitHub Actions annotations (workflow commands)
    Github,
}

/// The `--fail-on` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FailOn {
    /// Fail on errors
    Error,
    /// Fail on warnings and errors
    Warning,
    /// Fail on any finding
    Info,
    /// Never fail because of findings
    Never,
}

impl FailOn {
    /// The least severity that fails the run, if any does.
    pub(crate) fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::Never => None,
        }
    }
}

/// How findings are written and when they fail the run (every inspecting subcommand).
#[derive(Debug, Args)]
pub(crate) struct OutputArgs {
    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub(crate) format: Format,

    /// The least severity that makes the exit status 1 [default: error, or the `fail-on` of
    /// mcpvet.toml]
    #[arg(long, value_enum, value_name = "SEVERITY")]
    pub(crate) fail_on: Option<FailOn>,
}

/// The project settings file and the baseline (`config`, `transcript`, `server`, `check`;
/// docs/configuration.md).
#[derive(Debug, Args)]
pub(crate) struct ProjectArgs {
    /// Read the project settings from this file instead of the `mcpvet.toml` found by
    /// walking up from each input's folder (up to the root of its repository)
    #[arg(long, value_name = "FILE", conflicts_with = "no_settings")]
    pub(crate) settings: Option<PathBuf>,

    /// Read no `mcpvet.toml`
    #[arg(long)]
    pub(crate) no_settings: bool,

    /// Report only the findings that this baseline file (`--write-baseline`) does not hold;
    /// the exit status comes from those
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    pub(crate) baseline: Option<PathBuf>,

    /// Write every finding of this run to this baseline file (mcpvet-baseline.json); the
    /// findings are reported as usual, and do not fail the run
    #[arg(long, value_name = "FILE")]
    pub(crate) write_baseline: Option<PathBuf>,
}

/// How `--fix` rewrites files (`config`, `server`).
#[derive(Debug, Args)]
pub(crate) struct FixArgs {
    /// Apply the safe fixes of the findings to each file, in place (comments and layout
    /// kept), then report what remains; a summary of the fixes goes to standard error
    #[arg(long)]
    pub(crate) fix: bool,

    /// With --fix, apply the suggested fixes too: they change what the client does (a
    /// secret moved into a variable the user must set, a remote server started through a
    /// bridge), so review them
    #[arg(long)]
    pub(crate) fix_suggested: bool,

    /// Print a unified diff of what --fix (or --fix-suggested) would change, and write
    /// nothing; the exit status is 1 when a file would change
    #[arg(long, conflicts_with_all = ["format", "fail_on"])]
    pub(crate) diff: bool,
}

impl FixArgs {
    /// Whether files are fixed (or a diff of the fixes is shown) instead of only inspected.
    pub(crate) fn any(&self) -> bool {
        self.fix || self.fix_suggested || self.diff
    }
}

/// Arguments of `mcpvet config`.
#[derive(Debug, Args)]
pub(crate) struct ConfigArgs {
    /// Read every file as this client's configuration instead of detecting it: claude-desktop,
    /// claude-code, cursor, windsurf, gemini, vscode, zed, cline, roo, kiro, amazon-q,
    /// opencode, copilot-cli, visual-studio, junie, lm-studio, codex, continue, goose,
    /// single-server, generic or mcpb
    #[arg(long, value_name = "NAME", value_parser = parse_dialect)]
    pub(crate) dialect: Option<Dialect>,

    /// Print where the clients keep their configurations on this machine and in the current
    /// folder, and which of those files exist, without inspecting them (`--format json` for
    /// a JSON list)
    #[arg(long, conflicts_with_all = ["paths", "dialect", "fix", "fix_suggested", "diff"])]
    pub(crate) list_locations: bool,

    #[command(flatten)]
    pub(crate) output: OutputArgs,

    #[command(flatten)]
    pub(crate) project: ProjectArgs,

    #[command(flatten)]
    pub(crate) fix: FixArgs,

    /// Configuration files to inspect; `-` reads standard input. Without PATH, the files of
    /// every client found on this machine and in the current folder
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
}

const TRANSCRIPT_ABOUT: &str = "\
Inspect captured MCP sessions: JSON-RPC message shape, the lifecycle of the protocol version,
request/response id pairing, capability gating, stdout pollution, tool schemas and tool-call
arguments, and secrets in messages.

Reads every capture format mcpvet knows (a JSON array of messages, JSON Lines of raw
messages, trace envelopes, Claude Desktop `mcp*.log` lines in both forms, MCP Inspector
history exports, SDK-level captures, server signatures, logging proxies' logs, streams of
concatenated JSON messages, recorder cassettes, HAR files of Streamable HTTP sessions), detected
from the content; a file that is
not a capture (prose, Markdown, an HTML page) gets one finding saying so. The
protocol version comes from the `initialize` handshake or the requests' `_meta`; `--protocol`
forces it.

The text output shows, per file, the format, the protocol version, the message counts, the
phase the session reached (launch, handshake, discovery, execution) with the last confirmed
event, the tools and the digest of their interface, then every finding with a snippet.
With `--messages`, each message is listed first: index, line, direction (`?` when inferred),
kind, method, id, and the line of its pair or `unpaired`.

Examples:
  mcpvet transcript session.jsonl
  mcpvet transcript --messages ~/Library/Logs/Claude/mcp-server-docs.log
  mcpvet transcript --protocol 2025-03-26 --format sarif capture.jsonl > mcpvet.sarif";

/// How captured sessions are read (`transcript`, `check`).
#[derive(Debug, Args)]
pub(crate) struct SessionArgs {
    /// Read every file in this format instead of detecting it: json-array, json-lines, trace,
    /// claude-desktop-log, vscode-log, cursor-log, inspector-export, sdk-capture,
    /// server-signature, proxy-log, json-stream, cassette, runlog or har
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format)]
    pub(crate) input_format: Option<InputFormat>,

    /// Check against this protocol version instead of the one the session shows:
    /// 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28
    #[arg(long, value_name = "VERSION", value_parser = parse_protocol)]
    pub(crate) protocol: Option<ProtocolVersion>,

    /// List every message first (index, line, direction, kind, method, id, pair)
    #[arg(long)]
    pub(crate) messages: bool,

    /// The clients and model APIs whose limits the compatibility rules (MCP807, MCP808)
    /// check, comma-separated: openai, anthropic, gemini, vscode, cursor or all (default:
    /// every one; the strict mode of openai only when openai or all is named)
    #[arg(long, value_name = "TARGETS", value_parser = parse_targets)]
    pub(crate) target: Option<mcpvet_linter::Clients>,

    /// Do not compare the files with one another: by default a tool name that servers of two
    /// files advertise (MCP805), and a description naming another file's tool (MCP806), are
    /// found in the later file
    #[arg(long)]
    pub(crate) no_cross_file: bool,

    /// A captured session of the same server, joined to the runs of a run-phase event log
    /// among the inputs: its messages answer "initialization completed" and "tools
    /// discoverable" where the log's events do not (the log's only run; with several, the
    /// one whose server the session's file name names, else the last). The session is also
    /// inspected and reported on its own
    #[arg(long, value_name = "SESSION")]
    pub(crate) with: Option<PathBuf>,
}

/// How large captures are streamed (`transcript`, `check`).
#[derive(Debug, Args)]
pub(crate) struct StreamArgs {
    /// Inspect every file as a stream, with memory bounded by the largest message (files of
    /// 8 MiB or more always are; standard input never is). Streams JSON Lines, trace
    /// envelopes, Claude Desktop logs and JSON arrays; other formats (exports, proxy logs and
    /// JSON streams, whose messages span lines, cassettes, HAR files) are read whole, with a
    /// note
    #[arg(long)]
    pub(crate) stream: bool,

    /// Threads that parse a streamed capture (default: the number of CPUs)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) jobs: Option<u16>,

    /// No progress bar (it is shown only on a terminal, for captures of 8 MiB or more)
    #[arg(long, short = 'q')]
    pub(crate) quiet: bool,
}

/// Arguments of `mcpvet transcript`.
#[derive(Debug, Args)]
pub(crate) struct TranscriptArgs {
    #[command(flatten)]
    pub(crate) session: SessionArgs,

    #[command(flatten)]
    pub(crate) output: OutputArgs,

    #[command(flatten)]
    pub(crate) stream: StreamArgs,

    #[command(flatten)]
    pub(crate) project: ProjectArgs,

    /// Check the advertised tools against this lock file (`mcpvet lock`): changed, new and
    /// removed tools are findings (MCP560-MCP564). Captures are then read whole
    #[arg(long, value_name = "LOCKFILE")]
    pub(crate) lock: Option<PathBuf>,

    /// Captured sessions to inspect; `-` reads standard input
    #[arg(value_name = "PATH", required = true)]
    pub(crate) paths: Vec<PathBuf>,
}

const CHECK_ABOUT: &str = "\
Inspect files of any kind: each is read as a client configuration or a captured session, as \
its content shows, and gets the inspection `mcpvet config` or `mcpvet transcript` would give \
it. `mcpvet PATH...` is the same as `mcpvet check PATH...`.

The decision looks at the start of each file: an object with a server map (`mcpServers`, \
`servers`, `context_servers`...) or no session member is a configuration; JSON-RPC messages, \
capture records, a JSON array of messages and log lines are a session. The web page decides \
the same way. The text output says, per file, what it was read as and why.";

const EXIT_STATUS_CHECK: &str = "\
Exit status:
  0  nothing at or above --fail-on
  1  findings at or above --fail-on
  2  usage error, or an input could not be read (wins over 1); a syntax error in an input is a
     finding, not an error

Examples:
  mcpvet check .vscode/mcp.json session.jsonl    a configuration and a session
  mcpvet claude_desktop_config.json              the same as `mcpvet check ...`
  mcpvet check --format sarif mcp.json logs/*.log > mcpvet.sarif";

/// Arguments of `mcpvet check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// Read every configuration as this client's instead of detecting it (see `mcpvet
    /// config --help`)
    #[arg(long, value_name = "NAME", value_parser = parse_dialect)]
    pub(crate) dialect: Option<Dialect>,

    #[command(flatten)]
    pub(crate) session: SessionArgs,

    #[command(flatten)]
    pub(crate) output: OutputArgs,

    #[command(flatten)]
    pub(crate) stream: StreamArgs,

    #[command(flatten)]
    pub(crate) project: ProjectArgs,

    /// Files to inspect; `-` reads standard input
    #[arg(value_name = "PATH", required = true)]
    pub(crate) paths: Vec<PathBuf>,
}

fn parse_targets(text: &str) -> Result<mcpvet_linter::Clients, String> {
    mcpvet_linter::Clients::parse(text)
}

fn parse_protocol(text: &str) -> Result<ProtocolVersion, String> {
    text.parse()
        .map_err(|e: mcpvet_ast::transcript::UnknownProtocolVersion| e.to_string())
}

/// Arguments of `mcpvet server`.
#[derive(Debug, Args)]
pub(crate) struct ServerArgs {
    /// Read every file in this format instead of detecting it: listing, server-json,
    /// mcpb-manifest or definition
    #[arg(long, value_name = "FORMAT", value_parser = parse_definition_format)]
    pub(crate) input_format: Option<DefinitionFormat>,

    /// Check list results against this protocol version instead of the one they show:
    /// 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 or 2026-07-28
    #[arg(long, value_name = "VERSION", value_parser = parse_protocol)]
    pub(crate) protocol: Option<ProtocolVersion>,

    /// The clients and model APIs whose limits the compatibility rules (MCP807, MCP808)
    /// check, comma-separated: openai, anthropic, gemini, vscode, cursor or all (default:
    /// every one; the strict mode of openai only when openai or all is named)
    #[arg(long, value_name = "TARGETS", value_parser = parse_targets)]
    pub(crate) target: Option<mcpvet_linter::Clients>,

    /// Do not compare the files with one another: by default a tool name that servers of two
    /// files advertise (MCP805), and a description naming another file's tool (MCP806), are
    /// found in the later file
    #[arg(long)]
    pub(crate) no_cross_file: bool,

    #[command(flatten)]
    pub(crate) output: OutputArgs,

    #[command(flatten)]
    pub(crate) project: ProjectArgs,

    #[command(flatten)]
    pub(crate) fix: FixArgs,

    /// Check the advertised tools against this lock file (`mcpvet lock`): changed, new and
    /// removed tools are findings (MCP560-MCP564)
    #[arg(long, value_name = "LOCKFILE", conflicts_with_all = ["fix", "fix_suggested", "diff"])]
    pub(crate) lock: Option<PathBuf>,

    /// Server definitions to inspect; `-` reads standard input. Without PATH, `server.json`
    /// and `manifest.json` in the current folder
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
}

fn parse_definition_format(text: &str) -> Result<DefinitionFormat, String> {
    DefinitionFormat::parse(text).ok_or_else(|| {
        format!(
            "unknown server definition format `{text}`; known: listing, server-json, \
             mcpb-manifest, definition"
        )
    })
}

const DIFF_ABOUT: &str = "\
Compare what two files advertise: captured sessions (the last tools/list, prompts/list, \
resources/list and resources/templates/list results of each server, every page), captured \
listings, registry server.json files, MCPB manifests and server definitions, in any \
combination.

Servers are paired by name; when each file holds exactly one server, they are paired whatever \
their names (the output says so). Tools, prompts, resources and templates are matched by name \
(resources by URI); an item under a new name with the same description and schemas is a \
rename. Each change is breaking (required property added, property removed, type narrowed, \
enum value removed, additionalProperties closed, output field removed, new required prompt \
argument, item removed or renamed, readOnlyHint turned off, destructiveHint or openWorldHint \
turned on) or compatible, with the place in both files. docs/diff.md has the whole table. No \
description or default value is printed, and secrets are masked.";

const EXIT_STATUS_DIFF: &str = "\
Exit status:
  0  no change at or above --fail-on (default: breaking)
  1  a change at or above --fail-on (with --lock: a lock finding too, an error counting as
     breaking)
  2  usage error, or an input that cannot be read or gives no interface (a configuration, a
     file with a syntax error, a session without list results), or a malformed lock file

Examples:
  mcpvet diff approved/tools.json tools.json
  mcpvet diff --fail-on any yesterday.jsonl today.jsonl
  mcpvet diff --format sarif old.json new.json > diff.sarif";

const LOCK_ABOUT: &str = "\
Write the tools lock file: for every server of the inputs (sessions, listings, server \
definitions), its name and version and, per kind of item it lists, the SHA-256 of each \
tool, prompt, resource and resource template (name, description and schemas, in a canonical \
form: docs/diff.md). Nothing but digests is kept. The file is JSON with sorted keys, so it \
diffs well under version control.

`mcpvet transcript --lock`, `mcpvet server --lock` and `mcpvet diff --lock` then report every \
tool that changed, appeared or went away since.";

const EXIT_STATUS_LOCK: &str = "\
Exit status: 0, or 2 when an input cannot be read or gives no interface, or the lock file
cannot be written.

Examples:
  mcpvet lock tools.json                      writes mcp-tools.lock
  mcpvet lock -o - session.jsonl              prints it
  mcpvet server --lock mcp-tools.lock tools.json";

/// The `--fail-on` values of `mcpvet diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DiffFailOn {
    /// Fail on breaking changes (risk changes of annotations included)
    Breaking,
    /// Fail on any change
    Any,
    /// Never fail because of changes
    Never,
}

/// Arguments of `mcpvet diff`.
#[derive(Debug, Args)]
pub(crate) struct DiffArgs {
    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub(crate) format: Format,

    /// The least level of change that fails the run
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = DiffFailOn::Breaking)]
    pub(crate) fail_on: DiffFailOn,

    /// Also check NEW against this lock file (`mcpvet lock`)
    #[arg(long, value_name = "LOCKFILE")]
    pub(crate) lock: Option<PathBuf>,

    /// The file as approved (a session, listing or definition); `-` reads standard input
    #[arg(value_name = "OLD")]
    pub(crate) old: PathBuf,

    /// The file now
    #[arg(value_name = "NEW")]
    pub(crate) new: PathBuf,
}

/// Arguments of `mcpvet lock`.
#[derive(Debug, Args)]
pub(crate) struct LockArgs {
    /// Where to write the lock file; `-` prints it
    #[arg(short, long, value_name = "PATH", default_value = "mcp-tools.lock")]
    pub(crate) output: PathBuf,

    /// Sessions, listings or server definitions; `-` reads standard input
    #[arg(value_name = "PATH", required = true)]
    pub(crate) paths: Vec<PathBuf>,
}

/// The subcommands of `mcpvet schema`.
#[derive(Debug, Subcommand)]
pub(crate) enum SchemaCommand {
    /// Print the JSON Schema an example payload implies
    #[command(long_about = SCHEMA_INFER_ABOUT, after_help = EXIT_STATUS_SCHEMA_INFER)]
    Infer(InferArgs),
}

/// Arguments of `mcpvet schema infer`.
#[derive(Debug, Args)]
pub(crate) struct InferArgs {
    /// Which keys each object schema requires: every key present in the example, or none
    #[arg(long, value_enum, value_name = "WHICH", default_value_t = RequiredArg::Present)]
    pub(crate) required: RequiredArg,

    /// The example payload (JSON; comments allowed); `-` reads standard input
    #[arg(value_name = "EXAMPLE")]
    pub(crate) example: PathBuf,
}

/// The `--required` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RequiredArg {
    /// Every key present in the example (in every object, for arrays of objects)
    Present,
    /// No `required` keyword
    None,
}

/// Arguments of `mcpvet explain`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// A rule code (`MCP002`) or name (`duplicate-key`)
    #[arg(value_name = "RULE")]
    pub(crate) rule: String,
}

/// Arguments of `mcpvet dump`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("input").required(true).args(["config", "transcript"])))]
pub(crate) struct DumpArgs {
    /// A client configuration to dump; `-` reads standard input
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,

    /// A captured session to dump; `-` reads standard input
    #[arg(long, value_name = "FILE")]
    pub(crate) transcript: Option<PathBuf>,

    /// With --config: read it as this client's configuration instead of detecting it
    #[arg(long, value_name = "NAME", value_parser = parse_dialect, conflicts_with = "transcript")]
    pub(crate) dialect: Option<Dialect>,

    /// With --transcript: read it in this format instead of detecting it: json-array,
    /// json-lines, trace, claude-desktop-log, vscode-log, cursor-log, inspector-export,
    /// sdk-capture, server-signature, proxy-log, json-stream, cassette, runlog or har
    #[arg(long, value_name = "FORMAT", value_parser = parse_input_format, conflicts_with = "config")]
    pub(crate) input_format: Option<InputFormat>,
}

fn parse_lang(text: &str) -> Result<mcpvet_linter::i18n::Lang, String> {
    mcpvet_linter::i18n::Lang::parse(text)
        .ok_or_else(|| format!("unknown language `{text}`; known: en, es"))
}

fn parse_dialect(text: &str) -> Result<Dialect, String> {
    Dialect::parse(text).map_err(|e| e.to_string())
}

fn parse_input_format(text: &str) -> Result<InputFormat, String> {
    text.parse::<InputFormat>().map_err(|e| e.to_string())
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

    #[command(flatten)]
    pub(crate) output: OutputArgs,

    /// Files to check; `-` reads standard input
    #[arg(value_name = "FILE", required = true)]
    pub(crate) files: Vec<PathBuf>,
}

/// The command line `args` (program name first), with `check` inserted before the first
/// argument when it is a path rather than a subcommand or an option (`-`, a name with a dot
/// or a slash, or an existing file): `mcpvet a.json b.log` runs `mcpvet check a.json b.log`.
/// Global options (`--color WHEN`, `--lang LANG`) may come first.
pub(crate) fn with_default_command(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    use clap::CommandFactory as _;
    let mut args: Vec<OsString> = args.into_iter().collect();
    let command = Cli::command();
    let mut i = 1;
    while let Some(arg) = args.get(i) {
        let text = arg.to_string_lossy();
        if text == "--color" || text == "--lang" {
            i += 2;
        } else if text.starts_with("--color=") || text.starts_with("--lang=") {
            i += 1;
        } else {
            let is_subcommand = text == "help"
                || command
                    .get_subcommands()
                    .any(|c| c.get_name() == text || c.get_all_aliases().any(|a| a == text));
            // A mistyped subcommand (`mcpvet confg`) still gets clap's "did you mean".
            let is_path = text == "-"
                || (!text.starts_with('-')
                    && (text.contains(['.', '/', '\\']) || Path::new(arg).exists()));
            if !is_subcommand && is_path {
                args.insert(i, OsString::from("check"));
            }
            break;
        }
    }
    args
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
    fn paths_alone_mean_check() {
        let with = |args: &[&str]| -> Vec<String> {
            with_default_command(args.iter().map(OsString::from))
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect()
        };
        assert_eq!(with(&["mcpvet", "a.json"]), ["mcpvet", "check", "a.json"]);
        assert_eq!(
            with(&["mcpvet", "--color", "never", "-"]),
            ["mcpvet", "--color", "never", "check", "-"]
        );
        assert_eq!(
            with(&["mcpvet", "config", "a.json"]),
            ["mcpvet", "config", "a.json"]
        );
        assert_eq!(
            with(&["mcpvet", "--lang", "es", "a.json"]),
            ["mcpvet", "--lang", "es", "check", "a.json"]
        );
        assert_eq!(with(&["mcpvet", "--help"]), ["mcpvet", "--help"]);
        assert_eq!(
            with(&["mcpvet", "help", "check"]),
            ["mcpvet", "help", "check"]
        );
        assert_eq!(with(&["mcpvet"]), ["mcpvet"]);
        assert_eq!(
            with(&["mcpvet", "confg", "a.json"]),
            ["mcpvet", "confg", "a.json"]
        );
        let parsed = Cli::try_parse_from(with(&["mcpvet", "x.jsonl", "--format", "json"])).unwrap();
        assert!(matches!(parsed.command, Command::Check(_)));
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
