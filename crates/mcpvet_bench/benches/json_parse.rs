//! Throughput of the span-preserving JSON parser as a ratio to
//! `serde_json::from_str::<serde_json::Value>` measured in the same process, in interleaved
//! rounds. Run with `cargo bench -p mcpvet_bench --bench json_parse`.
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark reports on the terminal"
)]

use std::hint::black_box;

use mcpvet_bench::{
    Variant, env_number, generated_session, measure, parser_per_line, serde_json_per_line,
    table_rows,
};
use mcpvet_json::{JsonOptions, JsonParser};
use mcpvet_testkit::shared_dir;

fn main() {
    documents();
    session();
}

/// The three standard documents.
fn documents() {
    let rounds = rounds(41);
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

fn rounds(default: u64) -> usize {
    usize::try_from(env_number("ROUNDS", default)).unwrap_or(usize::MAX)
}

/// A generated 100 MB JSON Lines session of MCP messages (2025-11-25, seed 1), parsed line by
/// line: `serde_json` parses each line into a `Value`; mcpvet parses each line into a reused
/// arena (the shape of the streaming transcript pipeline), and the whole file into one
/// document with `parse_lines`.
fn session() {
    let mb = env_number("SESSION_MB", 100);
    let text = generated_session(mb);
    let text = text.as_str();
    let lines: Vec<&str> = text.lines().collect();
    let lines = lines.as_slice();
    let mut variants = [
        serde_json_per_line(lines),
        parser_per_line("JsonParser per line, arena reused", lines),
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
