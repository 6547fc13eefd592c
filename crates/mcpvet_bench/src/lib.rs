//! Shared helpers for mcpvet's benchmarks: measuring variants in interleaved rounds so that
//! each ratio compares runs made at the same time. (The shared benchmark data is located by
//! `mcpvet_testkit::shared_dir`.)
//!
//! The machines these run on are shared and noisy; a ratio is therefore computed per round
//! (baseline time / variant time, both measured in that round, in rotating order) and the
//! median over rounds is reported, next to the median throughput of each variant.
#![warn(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use mcpvet_json::{JsonOptions, JsonParser};
use mcpvet_sessiongen::{Options, Protocol};

/// One measured variant: a name and a closure run once per round.
pub struct Variant<'a> {
    /// Name shown in the table.
    pub name: &'static str,
    /// The work; its result is passed to `black_box` and dropped inside the timing.
    pub run: Box<dyn FnMut() + 'a>,
}

impl std::fmt::Debug for Variant<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Results of one variant.
#[derive(Debug, Clone)]
pub struct Measured {
    /// Variant name.
    pub name: &'static str,
    /// Median throughput in MB/s (10^6 bytes per second).
    pub mb_per_s: f64,
    /// Median over rounds of baseline time / this variant's time (1.0 for the baseline).
    pub ratio: f64,
    /// Smallest and largest per-round ratio.
    pub ratio_range: (f64, f64),
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        f64::midpoint(values[n / 2 - 1], values[n / 2])
    }
}

/// Runs every variant once per round, in an order that rotates each round; the first variant
/// is the baseline. Returns one [`Measured`] per variant.
pub fn measure(bytes: usize, rounds: usize, variants: &mut [Variant<'_>]) -> Vec<Measured> {
    let n = variants.len();
    let mut times: Vec<Vec<Duration>> = vec![Vec::with_capacity(rounds); n];
    // One warm-up run of each.
    for v in variants.iter_mut() {
        (v.run)();
    }
    for round in 0..rounds {
        for k in 0..n {
            let which = (k + round) % n;
            let start = Instant::now();
            (variants[which].run)();
            times[which].push(start.elapsed());
        }
    }
    #[expect(clippy::cast_precision_loss, reason = "sizes far below 2^52")]
    let mb = bytes as f64 / 1e6;
    (0..n)
        .map(|i| {
            let mut rates: Vec<f64> = times[i].iter().map(|t| mb / t.as_secs_f64()).collect();
            let mut ratios: Vec<f64> = (0..rounds)
                .map(|r| times[0][r].as_secs_f64() / times[i][r].as_secs_f64())
                .collect();
            let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = ratios.iter().copied().fold(0.0, f64::max);
            Measured {
                name: variants[i].name,
                mb_per_s: median(&mut rates),
                ratio: median(&mut ratios),
                ratio_range: (lo, hi),
            }
        })
        .collect()
}

/// Formats results as Markdown table rows: `| input | variant | MB/s | ratio (range) |`.
pub fn table_rows(input: &str, results: &[Measured]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for m in results {
        let _ = writeln!(
            out,
            "| {input} | {} | {:.0} | {:.2} ({:.2}–{:.2}) |",
            m.name, m.mb_per_s, m.ratio, m.ratio_range.0, m.ratio_range.1
        );
    }
    out
}

/// The number in the environment variable `name` (`ROUNDS`, `SESSION_MB`), or `default` when
/// it is unset or not a number.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The generated JSON Lines session of the benchmarks: about `mb` MB of MCP messages
/// (2025-11-25, seed 1), tool calls and results that embed JSON text.
///
/// # Panics
///
/// Never: the generator writes valid UTF-8 to memory.
pub fn generated_session(mb: u64) -> String {
    let mut bytes = Vec::new();
    mcpvet_sessiongen::generate(
        &Options::new(Protocol::V2025_11_25, mb * 1_000_000, 1),
        &mut bytes,
    )
    .expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the generator writes UTF-8")
}

/// The baseline of the session benchmarks: `serde_json::from_str::<serde_json::Value>` on
/// each of `lines`.
///
/// # Panics
///
/// When a line is not valid JSON.
pub fn serde_json_per_line<'a>(lines: &'a [&'a str]) -> Variant<'a> {
    Variant {
        name: "serde_json::from_str::<Value> per line",
        run: Box::new(move || {
            for line in lines {
                black_box(serde_json::from_str::<serde_json::Value>(line).expect("valid JSON"));
            }
        }),
    }
}

/// `mcpvet_json`'s parser on each of `lines`, its arena reused from line to line (the shape
/// of the streaming transcript pipeline).
pub fn parser_per_line<'a>(name: &'static str, lines: &'a [&'a str]) -> Variant<'a> {
    let mut parser = JsonParser::new(JsonOptions::strict());
    Variant {
        name,
        run: Box::new(move || {
            for line in lines {
                let outcome = parser.parse(line);
                black_box(&outcome);
                parser.recycle(outcome.value);
            }
        }),
    }
}
