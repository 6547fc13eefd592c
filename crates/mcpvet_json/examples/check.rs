//! Prints the diagnostics of each file given on the command line (a debugging aid).
#![allow(clippy::print_stdout)]
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable file");
        let outcome = mcpvet_json::parse_bytes(&bytes, &mcpvet_json::JsonOptions::strict());
        let verdict = if outcome.has_errors() {
            "rejected"
        } else {
            "accepted"
        };
        let first: Vec<String> = outcome
            .diagnostics
            .iter()
            .take(2)
            .map(|d| format!("{} {}", d.code(), d.message()))
            .collect();
        println!("{path}\t{verdict}\t{}", first.join("; "));
    }
}
