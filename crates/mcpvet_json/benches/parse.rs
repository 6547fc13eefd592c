//! Parser throughput with divan: `cargo bench -p mcpvet_json --bench parse`.
//!
//! Each group measures mcpvet's parser and `serde_json::from_str::<Value>` on the same input,
//! so divan prints both throughputs side by side. (Here `serde_json` has the `float_roundtrip`
//! feature that the differential tests need; the ratio table of docs/performance.md comes
//! from `cargo bench -p mcpvet_bench --bench json_parse`, which measures `serde_json` with its
//! default features, as users run it, in interleaved rounds.)
//!
//! Inputs: the standard documents of `../shared/bench-data/` (or `$MCPVET_SHARED`; a missing
//! document is skipped with a warning) and a generated 10 MB JSON Lines session.
#![expect(
    clippy::print_stderr,
    reason = "a benchmark reports missing data on the terminal"
)]

use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use mcpvet_json::{JsonOptions, JsonParser};
use mcpvet_testkit::shared_dir;

fn main() {
    divan::main();
}

const DOCUMENTS: [&str; 3] = ["canada", "citm_catalog", "twitter"];

fn document(name: &str) -> Option<String> {
    let path = shared_dir().join("bench-data").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path);
    if text.is_err() {
        eprintln!("skipped {name}: {} not found", path.display());
    }
    text.ok()
}

fn session() -> &'static str {
    static SESSION: OnceLock<String> = OnceLock::new();
    SESSION.get_or_init(|| {
        let mut bytes = Vec::new();
        mcpvet_sessiongen::generate(
            &mcpvet_sessiongen::Options::new(
                mcpvet_sessiongen::Protocol::V2025_11_25,
                10_000_000,
                1,
            ),
            &mut bytes,
        )
        .expect("writing to memory cannot fail");
        String::from_utf8(bytes).expect("the generator writes UTF-8")
    })
}

mod documents {
    use super::{Bencher, BytesCount, DOCUMENTS, JsonOptions, JsonParser, black_box, document};

    #[divan::bench(args = DOCUMENTS)]
    fn serde_json_value(bencher: Bencher<'_, '_>, name: &str) {
        let Some(text) = document(name) else { return };
        bencher.counter(BytesCount::of_str(&text)).bench(|| {
            serde_json::from_str::<serde_json::Value>(black_box(&text)).expect("valid JSON")
        });
    }

    #[divan::bench(args = DOCUMENTS)]
    fn mcpvet_parse(bencher: Bencher<'_, '_>, name: &str) {
        let Some(text) = document(name) else { return };
        bencher
            .counter(BytesCount::of_str(&text))
            .bench(|| mcpvet_json::parse(black_box(&text), &JsonOptions::strict()));
    }

    #[divan::bench(args = DOCUMENTS)]
    fn mcpvet_arena_reused(bencher: Bencher<'_, '_>, name: &str) {
        let Some(text) = document(name) else { return };
        let mut parser = JsonParser::new(JsonOptions::strict());
        bencher.counter(BytesCount::of_str(&text)).bench_local(|| {
            let outcome = parser.parse(black_box(&text));
            let errors = outcome.diagnostics.len();
            parser.recycle(outcome.value);
            errors
        });
    }
}

mod session_10mb {
    use super::{Bencher, BytesCount, JsonOptions, JsonParser, black_box, session};

    #[divan::bench]
    fn serde_json_value_per_line(bencher: Bencher<'_, '_>) {
        let text = session();
        bencher.counter(BytesCount::of_str(text)).bench(|| {
            for line in black_box(text).lines() {
                black_box(serde_json::from_str::<serde_json::Value>(line).expect("valid JSON"));
            }
        });
    }

    #[divan::bench]
    fn mcpvet_per_line_arena_reused(bencher: Bencher<'_, '_>) {
        let text = session();
        let mut parser = JsonParser::new(JsonOptions::strict());
        bencher.counter(BytesCount::of_str(text)).bench_local(|| {
            for line in black_box(text).lines() {
                let outcome = parser.parse(line);
                black_box(outcome.diagnostics.len());
                parser.recycle(outcome.value);
            }
        });
    }

    #[divan::bench]
    fn mcpvet_parse_lines(bencher: Bencher<'_, '_>) {
        let text = session();
        bencher
            .counter(BytesCount::of_str(text))
            .bench(|| mcpvet_json::parse_lines(black_box(text), &JsonOptions::strict()));
    }
}
