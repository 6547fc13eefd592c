//! Run-phase event logs: detected by `check` and `transcript`, forced with `--input-format
//! runlog`, their runs in the text overview and the JSON report, their events in the dump.
use super::Case;

fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/runs")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn run_logs() {
    let mut case = Case::new("run_logs")
        .file("whoami.jsonl", example("whoami-before-initialize.jsonl"))
        .file("hello.log", example("writes-hello-to-stdout.log"))
        .file("exits.jsonl", example("exits-before-reading-input.jsonl"));
    // Detected from the content; the three "who am I" calls are errors.
    assert_eq!(case.run(&["check", "whoami.jsonl"]).code, Some(1));
    // `key=value` lines, read through their derived text.
    assert_eq!(case.run(&["transcript", "hello.log"]).code, Some(0));
    assert_eq!(
        case.run(&[
            "transcript",
            "--input-format",
            "runlog",
            "--fail-on",
            "never",
            "exits.jsonl"
        ])
        .code,
        Some(0)
    );
    assert_eq!(
        case.run(&["transcript", "--format", "json", "exits.jsonl"])
            .code,
        Some(0)
    );
    assert_eq!(
        case.run(&["dump", "--transcript", "hello.log"]).code,
        Some(0)
    );
    case.snapshot();
}
