//! Throughput of the span-preserving JSON parser as a ratio to
//! `serde_json::from_str::<serde_json::Value>` measured in the same process, in interleaved
//! rounds. Run with `cargo bench -p mcpvet_bench --bench json_parse`.
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark reports on the terminal"
)]

use std::hint::black_box;

use mcpvet_bench::{Variant, measure, table_rows};
use mcpvet_json::{JsonOptions, JsonParser};
use mcpvet_sessiongen::{Options, Protocol};
use mcpvet_testkit::shared_dir;

fn main() {
    documents();
    session();
}

/// The three standard documents.
fn documents() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(41);
    println!("| input | parser | MB/s | × serde_json Value (min–max) |");
    println!("|---|---|---|---|");
    for name in ["canada", "citm_catalog", "twitter"] {
        let path = shared_dir().join("bench-data").join(format!("{name}.json"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped {name}: {} not found", path.display());
            continue;
        };
        let text = text.as_str();
        let mut reused = JsonParser::new(JsonOptions::strict());
        let mut variants = [
            Variant {
                name: "serde_json::from_str::<Value>",
                run: Box::new(|| {
                    black_box(serde_json::from_str::<serde_json::Value>(text).expect("valid JSON"));
                }),
            },
            Variant {
                name: "mcpvet_json::parse (fresh arena)",
                run: Box::new(|| {
                    black_box(mcpvet_json::parse(text, &JsonOptions::strict()));
                }),
            },
            Variant {
                name: "JsonParser, arena reused",
                run: Box::new(move || {
                    let outcome = reused.parse(text);
                    black_box(&outcome);
                    reused.recycle(outcome.value);
                }),
            },
            Variant {
                name: "parse without duplicate-key check",
                run: Box::new(|| {
                    black_box(mcpvet_json::parse(
                        text,
                        &JsonOptions::strict().with_duplicate_key_check(false),
                    ));
                }),
            },
        ];
        let results = measure(text.len(), rounds, &mut variants);
        print!("{}", table_rows(name, &results));
    }
}

fn rounds(default: usize) -> usize {
    std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// A generated 100 MB JSON Lines session of MCP messages (2025-11-25, seed 1), parsed line by
/// line: `serde_json` parses each line into a `Value`; mcpvet parses each line into a reused
/// arena (the shape of the streaming transcript pipeline), and the whole file into one
/// document with `parse_lines`.
fn session() {
    let mb: u64 = std::env::var("SESSION_MB")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(100);
    let mut bytes = Vec::new();
    mcpvet_sessiongen::generate(
        &Options::new(Protocol::V2025_11_25, mb * 1_000_000, 1),
        &mut bytes,
    )
    .expect("writing to memory cannot fail");
    let text = String::from_utf8(bytes).expect("the generator writes UTF-8");
    let text = text.as_str();
    let lines: Vec<&str> = text.lines().collect();
    let lines = lines.as_slice();
    let mut reused = JsonParser::new(JsonOptions::strict());
    let mut variants = [
        Variant {
            name: "serde_json::from_str::<Value> per line",
            run: Box::new(|| {
                for line in lines {
                    black_box(serde_json::from_str::<serde_json::Value>(line).expect("valid JSON"));
                }
            }),
        },
        Variant {
            name: "JsonParser per line, arena reused",
            run: Box::new(move || {
                for line in lines {
                    let outcome = reused.parse(line);
                    black_box(&outcome);
                    reused.recycle(outcome.value);
                }
            }),
        },
        Variant {
            name: "mcpvet_json::parse_lines (one document)",
            run: Box::new(|| {
                black_box(mcpvet_json::parse_lines(text, &JsonOptions::strict()));
            }),
        },
    ];
    let results = measure(text.len(), rounds(7), &mut variants);
    print!(
        "{}",
        table_rows(&format!("session {mb} MB (JSON Lines)"), &results)
    );
}
