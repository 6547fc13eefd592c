//! The `mcpvet-sessiongen` binary.

use std::process::{Command, Output};

use mcpvet_sessiongen::{Defect, Options, Position, Protocol};
use serde_json::Value;

use crate::gen_text;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcpvet-sessiongen"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn help_lists_the_options_and_defects() {
    let out = run(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "--protocol",
        "--size",
        "--seed",
        "--inject",
        "--inject-every",
        "--report",
        "duplicate-request-id",
        "plaintext-token",
        "100MB",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
}

#[test]
fn stdout_matches_the_library() {
    let out = run(&[
        "--protocol",
        "2026-07-28",
        "--size",
        "64KB",
        "--seed",
        "5",
        "--inject",
        "non-json-line@30,call-unknown-tool@60",
        "--quiet",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stderr.is_empty());
    let options = Options::new(Protocol::V2026_07_28, 64_000, 5)
        .with_defect(Defect::NonJsonStdoutLine, Position::Message(30))
        .with_defect(Defect::CallUnknownTool, Position::Message(60));
    let (text, _) = gen_text(&options);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), text);
}

#[test]
fn writes_session_and_report_files() {
    let dir = std::env::temp_dir().join(format!("mcpvet-sessiongen-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let session = dir.join("s.jsonl");
    let report = dir.join("r.json");
    let out = run(&[
        "--size",
        "100KiB",
        "--seed",
        "3",
        "--inject",
        "all",
        "--framing",
        "trace",
        "-o",
        session.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("MB/s"));
    let text = std::fs::read_to_string(&session).unwrap();
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["bytes"], text.len());
    assert_eq!(report["protocol"], "2025-11-25");
    assert_eq!(report["framing"], "trace");
    let defects = report["defects"].as_array().unwrap();
    assert_eq!(defects.len(), 6);
    for d in defects {
        let offset = usize::try_from(d["offset"].as_u64().unwrap()).unwrap();
        let line_no = usize::try_from(d["line"].as_u64().unwrap()).unwrap();
        assert_eq!(
            text.lines().nth(line_no - 1).unwrap(),
            &text[offset..offset + text[offset..].find('\n').unwrap()]
        );
        assert_eq!(d["requested"], "spread");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_gives_clear_errors_not_panics() {
    let cases: &[(&[&str], &str)] = &[
        (&["--protocol", "2024-01-01"], "unknown protocol version"),
        (&["--size", "12XB"], "unknown unit"),
        (&["--size", "MB"], "invalid size"),
        (&["--size", "99999999999999999999"], "too large"),
        (&["--size", "20000000000GB"], "too large"),
        (&["--inject", "nonsense@3"], "unknown defect"),
        (&["--inject", "non-json-line@-1"], "invalid position"),
        (&["--inject", "non-json-line,,"], "empty item"),
        (&["--inject-every", "0"], "--inject-every"),
        (&["--seed", "abc"], "--seed"),
        (&["--bogus"], "--bogus"),
    ];
    for (args, needle) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let out = run(&["--size", "1KB", "-o", "/nonexistent-dir/x/y.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("cannot create"), "{err}");
    assert!(!err.contains("panicked"));
}
