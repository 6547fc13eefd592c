//! `mcpvet-sessiongen`: writes a deterministic, valid MCP stdio session as JSON Lines.

use std::fs::File;
use std::io::{self, Write};
use std::num::NonZeroU64;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{ArgAction, Parser, ValueEnum};
use mcpvet_sessiongen::{Defect, Framing, Options, Position, Protocol, Report, generate};

const AFTER_HELP: &str = "\
SIZES:
  A number with an optional unit: B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of
  1024), case-insensitive: 100MB, 512KiB, 2GB, 65536.

DEFECTS (--inject):
  duplicate-request-id      a request id reused (legacy: an answered one; 2026: one in flight)
  response-to-unknown-id    a server result whose id no request used
  call-unknown-tool         tools/call of a tool that tools/list did not return (error -32602)
  arguments-violate-schema  tools/call arguments breaking the inputSchema (isError result)
  non-json-line             a line on stdout that is not JSON
  plaintext-token           a ghp_ GitHub token inside a string argument
  all                       the six kinds above

  Each item is KIND, KIND@INDEX or KIND@spread: INDEX is the 0-based message index at (or just
  after) which the defect goes; without a position, or with `spread`, defects are spread evenly
  over the target size. Where each defect landed (line, byte offset, message index) is written
  to the --report file.

EXAMPLES:
  mcpvet-sessiongen --protocol 2025-11-25 --size 100MB --seed 1 -o session.jsonl
  mcpvet-sessiongen --protocol 2026-07-28 --size 5MB --inject duplicate-request-id@1000,non-json-line@5000 \\
      -o broken.jsonl --report broken.report.json
  mcpvet-sessiongen --size 1MB --inject-every 500 --framing trace | head";

/// Generate a deterministic, valid MCP stdio session (JSON Lines), optionally with defects.
///
/// The same options always produce byte-identical output.
#[derive(Debug, Parser)]
#[command(name = "mcpvet-sessiongen", version, after_help = AFTER_HELP)]
struct Cli {
    /// Protocol version of the session.
    #[arg(long, value_name = "VERSION", default_value = "2025-11-25", value_parser = parse_protocol)]
    protocol: Protocol,

    /// Approximate size of the session; pending requests are answered after it is reached.
    #[arg(long, value_name = "SIZE", default_value = "10MB", value_parser = parse_size)]
    size: u64,

    /// Seed of the pseudo-random generator.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,

    /// Inject defects: a comma-separated list of KIND[@INDEX|@spread] (repeatable; see below).
    #[arg(long, value_name = "LIST", value_parser = parse_inject, action = ArgAction::Append)]
    inject: Vec<InjectList>,

    /// Also inject a defect every N messages, cycling through all kinds.
    #[arg(long, value_name = "N")]
    inject_every: Option<NonZeroU64>,

    /// Line framing: bare JSON-RPC messages, or trace envelopes with a direction.
    #[arg(long, value_enum, default_value_t = FramingArg::Jsonl)]
    framing: FramingArg,

    /// Write the session to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,

    /// Write a JSON report (counts, injected defects and their positions) to FILE.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    /// Do not print the summary line on standard error.
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FramingArg {
    /// One JSON-RPC message per line, as on the wire.
    Jsonl,
    /// `{"seq","direction","transport","kind","payload"}` envelopes.
    Trace,
}

#[derive(Debug, Clone)]
struct InjectList(Vec<(Defect, Position)>);

fn parse_protocol(s: &str) -> Result<Protocol, String> {
    s.parse().map_err(|e| format!("{e}"))
}

fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    if digits.is_empty() {
        return Err(format!(
            "invalid size `{s}`: expected a number with an optional unit, such as 100MB"
        ));
    }
    let value: u64 = digits
        .parse()
        .map_err(|_| format!("invalid size `{s}`: number too large"))?;
    let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" => 1_000,
        "m" | "mb" => 1_000_000,
        "g" | "gb" => 1_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        other => {
            return Err(format!(
                "invalid size `{s}`: unknown unit `{other}` (use B, KB, MB, GB, KiB, MiB or GiB)"
            ));
        }
    };
    value
        .checked_mul(factor)
        .ok_or_else(|| format!("invalid size `{s}`: too large"))
}

fn parse_inject(s: &str) -> Result<InjectList, String> {
    let mut out = Vec::new();
    for item in s.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(format!("invalid --inject `{s}`: empty item"));
        }
        let (kind, position) = match item.split_once('@') {
            Some((k, p)) => (k, p.parse::<Position>().map_err(|e| e.to_string())?),
            None => (item, Position::Spread),
        };
        if kind == "all" {
            out.extend(Defect::ALL.iter().map(|&d| (d, position)));
        } else {
            out.push((kind.parse::<Defect>().map_err(|e| e.to_string())?, position));
        }
    }
    Ok(InjectList(out))
}

fn io_context(e: &io::Error, what: &str, path: Option<&Path>) -> String {
    match (e.kind(), path) {
        (_, Some(p)) => format!("cannot {what} `{}`: {e}", p.display()),
        (_, None) => format!("cannot {what}: {e}"),
    }
}

/// Marks a closed standard output (`... | head`): not an error for the user.
const BROKEN_PIPE: &str = "";

fn run(cli: &Cli) -> Result<Report, String> {
    let mut options = Options::new(cli.protocol, cli.size, cli.seed);
    options.defects = cli
        .inject
        .iter()
        .flat_map(|l| l.0.iter().copied())
        .collect();
    options.defect_every = cli.inject_every;
    options.framing = match cli.framing {
        FramingArg::Jsonl => Framing::JsonLines,
        FramingArg::Trace => Framing::TraceEnvelope,
    };
    let report = match &cli.output {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::create(path).map_err(|e| io_context(&e, "create", Some(path)))?;
            generate(&options, file).map_err(|e| io_context(&e, "write", Some(path)))?
        }
        _ => {
            let stdout = io::stdout();
            generate(&options, stdout.lock()).map_err(|e| {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    BROKEN_PIPE.to_owned()
                } else {
                    io_context(&e, "write to standard output", None)
                }
            })?
        }
    };
    if let Some(path) = &cli.report {
        let mut json = report.to_json();
        json.push('\n');
        std::fs::write(path, json).map_err(|e| io_context(&e, "write", Some(path)))?;
    }
    Ok(report)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let started = Instant::now();
    let result = run(&cli);
    let elapsed = started.elapsed().as_secs_f64();
    let mut stderr = io::stderr();
    match result {
        Ok(report) => {
            if !cli.quiet {
                #[expect(
                    clippy::cast_precision_loss,
                    reason = "a rate for humans; sizes are far below 2^52 bytes"
                )]
                let mb = report.bytes as f64 / 1e6;
                let _ = writeln!(
                    stderr,
                    "mcpvet-sessiongen: {} {} bytes, {} messages ({} requests, {} responses, {} notifications), {} defects, {:.2} s, {:.0} MB/s",
                    report.protocol,
                    report.bytes,
                    report.messages,
                    report.requests,
                    report.responses,
                    report.notifications,
                    report.defects.len(),
                    elapsed,
                    if elapsed > 0.0 { mb / elapsed } else { 0.0 },
                );
            }
            ExitCode::SUCCESS
        }
        // The reader stopped early, as `head` does: stop quietly, without a report.
        Err(message) if message == BROKEN_PIPE => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(stderr, "mcpvet-sessiongen: error: {message}");
            ExitCode::FAILURE
        }
    }
}
