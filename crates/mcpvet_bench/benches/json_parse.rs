//! Throughput of the span-preserving JSON parser as a ratio to
//! `serde_json::from_str::<serde_json::Value>` measured in the same process, in interleaved
//! rounds. Run with `cargo bench -p mcpvet_bench --bench json_parse`.
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a benchmark reports on the terminal"
)]

use std::hint::black_box;

use mcpvet_bench::{Variant, measure, shared_dir, table_rows};
use mcpvet_json::{JsonOptions, JsonParser};

fn main() {
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
