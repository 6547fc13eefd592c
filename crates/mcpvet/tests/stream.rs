//! `mcpvet transcript` on captures inspected as a stream: the same report as a whole-file
//! read (JSON and SARIF, byte for byte), every defect the generator injected found at its
//! recorded position and nothing else, JSON arrays streamed element by element, and the
//! formats that do not stream read whole.
use std::fmt::Write as _;
use std::num::NonZeroU64;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use mcpvet_sessiongen::{Defect, Framing, Options, Protocol, Report, generate};
use serde_json::Value;

fn mcpvet(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcpvet"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// A scratch file for this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stream-tests");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir.join(name)
}

fn write_session(name: &str, options: &Options) -> (PathBuf, Report) {
    let mut bytes = Vec::new();
    let report = generate(options, &mut bytes).expect("generated");
    let path = scratch(name);
    std::fs::write(&path, bytes).expect("written");
    (path, report)
}

/// The report of `path` in `format`, read whole and as a stream (with `jobs` threads).
fn both(path: &Path, format: &str, jobs: &str) -> (String, String) {
    let path = path.to_str().expect("UTF-8 path");
    let whole = mcpvet(&["transcript", "--format", format, path]);
    let streamed = mcpvet(&[
        "transcript",
        "--format",
        format,
        "--stream",
        "--jobs",
        jobs,
        path,
    ]);
    assert_eq!(whole.status.code(), streamed.status.code(), "{path}");
    (stdout(&whole), stdout(&streamed))
}

#[track_caller]
fn assert_same_reports(path: &Path) {
    for format in ["json", "sarif"] {
        for jobs in ["1", "3"] {
            let (whole, streamed) = both(path, format, jobs);
            assert!(!whole.is_empty());
            assert!(
                whole == streamed,
                "{} ({format}, {jobs} jobs): the streamed report differs\n--- whole\n{whole}\n--- streamed\n{streamed}",
                path.display()
            );
        }
    }
}

fn findings(json: &str) -> Vec<Value> {
    let report: Value = serde_json::from_str(json).expect("a JSON report");
    report["files"][0]["findings"]
        .as_array()
        .expect("findings")
        .clone()
}

fn code_of(kind: Defect) -> &'static str {
    match kind {
        Defect::DuplicateRequestId => "MCP442",
        Defect::ResponseToUnknownId => "MCP440",
        Defect::CallUnknownTool => "MCP521",
        Defect::ArgumentsViolateSchema => "MCP522",
        Defect::NonJsonStdoutLine => "MCP412",
        Defect::PlaintextTokenInArguments => "MCP308",
    }
}

fn every_kind(protocol: Protocol, size: u64, seed: u64, every: u64) -> Options {
    Options::new(protocol, size, seed).with_defect_every(NonZeroU64::new(every).expect("nonzero"))
}

#[test]
fn every_injected_defect_is_found_where_it_was_put_and_nothing_else() {
    for (protocol, seed) in [(Protocol::V2025_11_25, 21), (Protocol::V2026_07_28, 22)] {
        // Over the streaming threshold, so no flag is needed: many pieces, all six kinds.
        let (path, generated) = write_session(
            "defects.jsonl",
            &every_kind(protocol, 12_000_000, seed, 300),
        );
        let text = std::fs::read_to_string(&path).expect("readable");
        let out = mcpvet(&[
            "transcript",
            "--format",
            "json",
            path.to_str().expect("UTF-8"),
        ]);
        assert_eq!(out.status.code(), Some(1), "defects are errors");
        let found = findings(&stdout(&out));
        let mut expected: Vec<(String, u64, u64)> = generated
            .defects
            .iter()
            .map(|d| (code_of(d.kind).to_owned(), d.line, d.message_index))
            .collect();
        expected.sort();
        for kind in Defect::ALL {
            assert!(
                generated.defects.iter().any(|d| d.kind == kind),
                "{protocol:?}: no {kind:?} injected"
            );
        }
        let mut got: Vec<(String, u64, u64)> = found
            .iter()
            .map(|f| {
                (
                    f["code"].as_str().expect("code").to_owned(),
                    f["line"].as_u64().expect("line"),
                    f["message_index"].as_u64().expect("index"),
                )
            })
            .collect();
        got.sort();
        assert_eq!(got, expected, "{protocol:?}");
        // Each finding points into the defective line.
        for d in &generated.defects {
            let line_end = text[d.offset as usize..]
                .find('\n')
                .map_or(text.len(), |e| d.offset as usize + e) as u64;
            let f = found
                .iter()
                .find(|f| f["line"].as_u64() == Some(d.line))
                .expect("a finding on the line");
            let start = f["span"]["start"].as_u64().expect("start");
            let end = f["span"]["end"].as_u64().expect("end");
            assert!(
                d.offset <= start && start < end && end <= line_end,
                "{protocol:?} {:?}: {start}..{end} outside {}..{line_end}",
                d.kind,
                d.offset
            );
        }
        // The token is masked in every output.
        let text_report = stdout(&mcpvet(&["transcript", path.to_str().expect("UTF-8")]));
        for d in generated
            .defects
            .iter()
            .filter(|d| d.kind == Defect::PlaintextTokenInArguments)
        {
            let line = &text[d.offset as usize..];
            let at = line.find("ghp_").expect("the token");
            let token = &line[at..at + 40];
            assert!(!text_report.contains(token), "{token} printed");
        }
    }
}

#[test]
fn streamed_reports_equal_whole_file_reports() {
    let cases = [
        (
            "legacy.jsonl",
            every_kind(Protocol::V2025_11_25, 3_000_000, 31, 250),
        ),
        (
            "modern.jsonl",
            every_kind(Protocol::V2026_07_28, 3_000_000, 32, 250),
        ),
        ("trace.jsonl", {
            let mut o = every_kind(Protocol::V2025_11_25, 2_000_000, 33, 250);
            o.framing = Framing::TraceEnvelope;
            o
        }),
    ];
    for (name, options) in &cases {
        let (path, _) = write_session(name, options);
        assert_same_reports(&path);
    }
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/sessions");
    let mut seen = 0;
    for entry in std::fs::read_dir(&examples).expect("examples") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            assert_same_reports(&path);
            seen += 1;
        }
    }
    assert!(seen >= 4, "{seen} example sessions");
}

#[test]
fn check_streams_what_it_detects_as_a_capture() {
    let (path, _) = write_session(
        "check.jsonl",
        &every_kind(Protocol::V2025_11_25, 2_000_000, 34, 250),
    );
    let path = path.to_str().expect("UTF-8 path");
    for format in ["json", "sarif"] {
        let transcript = mcpvet(&["transcript", "--stream", "--format", format, path]);
        let check = mcpvet(&["check", "--stream", "--format", format, path]);
        assert_eq!(transcript.status.code(), check.status.code());
        assert!(!transcript.stdout.is_empty());
        assert!(
            transcript.stdout == check.stdout,
            "{format}: `check` and `transcript` differ"
        );
    }
    // The text report says what the file was read as.
    let text = stdout(&mcpvet(&["check", "--stream", "-q", path]));
    assert!(
        text.contains("\n  read as   transcript (JSON Lines)\n")
            || text.contains("\n  read as   transcript (JSON-RPC messages or capture records)\n"),
        "{}",
        &text[..text.len().min(400)]
    );
}

/// The generated session as a JSON array (one element per line, pretty or not), without
/// its non-JSON lines.
fn as_array(jsonl: &str, pretty: bool) -> String {
    let elements: Vec<String> = jsonl
        .lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .map(|l| {
            if pretty {
                serde_json::to_string_pretty(&serde_json::from_str::<Value>(l).expect("JSON"))
                    .expect("serialized")
            } else {
                l.to_owned()
            }
        })
        .collect();
    format!("[\n{}\n]\n", elements.join(",\n"))
}

#[test]
fn json_arrays_stream_element_by_element() {
    let options = Options::new(Protocol::V2025_11_25, 2_500_000, 41)
        .with_defect_every(NonZeroU64::new(200).expect("nonzero"));
    let mut bytes = Vec::new();
    generate(&options, &mut bytes).expect("generated");
    let jsonl = String::from_utf8(bytes).expect("UTF-8");
    for pretty in [false, true] {
        let path = scratch(if pretty { "pretty.json" } else { "array.json" });
        std::fs::write(&path, as_array(&jsonl, pretty)).expect("written");
        assert_same_reports(&path);
        let (_, streamed) = both(&path, "json", "2");
        let found = findings(&streamed);
        assert!(found.len() >= 5, "{found:#?}");
        // Paths name the element, as in the whole array.
        assert!(
            found
                .iter()
                .all(|f| f["path"].as_str().is_some_and(|p| p.starts_with("$["))),
            "{found:#?}"
        );
        let report: Value = serde_json::from_str(&streamed).expect("JSON");
        assert_eq!(report["files"][0]["input_format"]["name"], "json-array");
    }
}

/// Requests left unanswered all through the file are reported at its end, when the pieces
/// that held them are gone: with the JSON path each had in its piece, as read whole.
#[test]
fn unanswered_requests_keep_their_paths_to_the_end_of_a_stream() {
    let mut bytes = Vec::new();
    generate(
        &Options::new(Protocol::V2025_11_25, 3_000_000, 43),
        &mut bytes,
    )
    .expect("generated");
    let jsonl = String::from_utf8(bytes).expect("UTF-8");
    // Every 97th response is dropped: its request stays pending to the end.
    let mut responses = 0;
    let kept: String = jsonl
        .split_inclusive('\n')
        .filter(|line| {
            let response = line.contains("\"result\"") && !line.contains("\"method\"");
            responses += usize::from(response);
            !(response && responses % 97 == 0)
        })
        .collect();
    // An array with 300 elements to a line: each piece starts inside a line that an
    // earlier piece starts, and the second read must start where that line does.
    let rows: Vec<String> = kept
        .lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .collect::<Vec<_>>()
        .chunks(300)
        .map(|row| row.join(", "))
        .collect();
    let dense = format!("[\n{}\n]\n", rows.join(",\n"));
    for (name, text) in [
        ("unanswered.jsonl", kept.clone()),
        ("unanswered.json", as_array(&kept, false)),
        ("unanswered-rows.json", dense),
    ] {
        let path = scratch(name);
        std::fs::write(&path, text).expect("written");
        assert_same_reports(&path);
        let (_, streamed) = both(&path, "json", "2");
        let unanswered: Vec<Value> = findings(&streamed)
            .into_iter()
            .filter(|f| f["code"] == "MCP441")
            .collect();
        assert!(unanswered.len() >= 10, "{name}: {}", unanswered.len());
        assert!(
            unanswered
                .iter()
                .all(|f| f["path"].as_str().is_some_and(|p| p.ends_with(".method"))),
            "{name}: {unanswered:#?}"
        );
    }
}

#[test]
fn a_batch_on_the_first_line_is_json_lines_not_an_array() {
    let path = scratch("batch-first.jsonl");
    std::fs::write(
        &path,
        concat!(
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#,
            "\n",
            r#"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]"#,
            "\n",
        ),
    )
    .expect("written");
    assert_same_reports(&path);
    let (_, streamed) = both(&path, "json", "1");
    let report: Value = serde_json::from_str(&streamed).expect("JSON");
    assert_eq!(report["files"][0]["input_format"]["name"], "json-lines");
}

#[test]
fn captures_that_do_not_stream_are_read_whole_with_a_note() {
    let path = scratch("inspector.json");
    std::fs::write(
        &path,
        r#"[{"direction":"request","origin":"client","timestamp":1,"message":{"jsonrpc":"2.0","id":1,"method":"ping"},"response":{"jsonrpc":"2.0","id":1,"result":{}},"duration":3}]"#,
    )
    .expect("written");
    let streamed = mcpvet(&["transcript", "--stream", path.to_str().expect("UTF-8")]);
    let err = String::from_utf8_lossy(&streamed.stderr);
    assert!(err.contains("is read whole"), "{err}");
    assert_same_reports(&path);
    let notes = mcpvet(&[
        "transcript",
        "--stream",
        "--format",
        "json",
        path.to_str().expect("UTF-8"),
    ]);
    let report: Value = serde_json::from_str(&stdout(&notes)).expect("JSON");
    assert_eq!(
        report["files"][0]["input_format"]["name"],
        "inspector-export"
    );
}

#[test]
fn the_text_report_of_a_stream_shows_each_finding_on_its_line() {
    let (path, generated) = write_session(
        "text.jsonl",
        &every_kind(Protocol::V2025_11_25, 9_000_000, 51, 2_000),
    );
    let out = mcpvet(&["transcript", "--quiet", path.to_str().expect("UTF-8")]);
    // No progress bar when standard error is not a terminal.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    for d in &generated.defects {
        let header = format!("{}:{}:", path.display(), d.line);
        assert!(text.contains(&header), "{header} missing:\n{text}");
        assert!(
            text.contains(&format!("\n{} | ", d.line)),
            "line {} not shown",
            d.line
        );
    }
    assert!(text.contains("error[MCP442]"), "{text}");
}

#[test]
fn control_characters_of_the_capture_never_reach_the_terminal() {
    // A server that printed colored text on stdout: its escape sequences are quoted by the
    // finding, and must be shown as symbols (as the whole-file renderer does), never sent to
    // the terminal, with or without color.
    let path = scratch("escapes.jsonl");
    std::fs::write(
        &path,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\
         hello \u{1b}[31mRED\u{1b}[0m \u{7}bell \u{9b}2J\n",
    )
    .expect("written");
    let file = path.to_str().expect("UTF-8");
    for color in ["never", "always"] {
        for stream in [true, false] {
            let mut args = vec!["transcript", "--quiet", "--color", color];
            if stream {
                args.push("--stream");
            }
            args.push(file);
            let text = stdout(&mcpvet(&args));
            assert!(text.contains("MCP412"), "{text}");
            assert!(
                text.contains("\u{241b}[31mRED"),
                "ESC not shown as a symbol:\n{text}"
            );
            assert!(
                !text.contains("\u{1b}[31mRED"),
                "raw escape sequence:\n{text}"
            );
            assert!(!text.contains('\u{7}'), "raw BEL:\n{text}");
            if color == "never" {
                assert!(
                    !text.chars().any(|c| c != '\n' && c.is_control()),
                    "a control character in plain output:\n{text:?}"
                );
            }
        }
    }
}

#[test]
fn an_unreadable_capture_is_an_error_and_the_others_are_still_inspected() {
    let (path, _) = write_session(
        "ok.jsonl",
        &Options::new(Protocol::V2025_11_25, 100_000, 61),
    );
    let out = mcpvet(&[
        "transcript",
        "--stream",
        "missing-file.jsonl",
        path.to_str().expect("UTF-8"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("missing-file.jsonl"), "{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(stdout(&out).contains("ok.jsonl"));
}

#[test]
fn shaped_secrets_are_masked_in_every_format_streamed_or_not() {
    // Every synthetic credential shape on a server's stderr line (which stdout-pollution
    // quotes), in a tool call and in a log notification: each found, and no output of the
    // binary shows one.
    let shapes = mcpvet_check_secrets::synthetic::shapes(5);
    let json = |s: &str| serde_json::to_string(s).expect("a JSON string");
    let mut text = String::from(concat!(
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
        "\n",
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        "\n",
    ));
    // Clean traffic first, so that the shapes are in a later piece of the stream (pieces
    // are 1 MiB): findings there are masked with spans relative to their piece.
    let mut ping = 100_000;
    while text.len() < 1_200_000 {
        let _ = writeln!(
            text,
            "{{\"jsonrpc\":\"2.0\",\"id\":{ping},\"method\":\"ping\"}}\n{{\"jsonrpc\":\"2.0\",\"id\":{ping},\"result\":{{}}}}"
        );
        ping += 1;
    }
    for (i, s) in shapes.iter().enumerate() {
        let id = i + 1;
        let _ = writeln!(text, "[server] {}", s.text);
        let _ = writeln!(
            text,
            "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"tools/call\",\"params\":{{\"name\":\"run\",\"arguments\":{{\"cmd\":{}}}}}}}",
            json(&s.text)
        );
        let _ = writeln!(
            text,
            "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{{\"content\":[{{\"type\":\"text\",\"text\":\"ok\"}}]}}}}"
        );
        let _ = writeln!(
            text,
            "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"debug\",\"data\":{}}}}}",
            json(&s.text)
        );
    }
    let path = scratch("shaped-secrets.jsonl");
    std::fs::write(&path, &text).expect("written");
    assert_same_reports(&path);
    let file = path.to_str().expect("UTF-8 path");
    let mut outputs = Vec::new();
    for stream in [true, false] {
        for format in ["text", "json", "sarif", "github"] {
            let mut args = vec!["transcript", "--format", format];
            if stream {
                args.push("--stream");
            }
            args.push(file);
            outputs.push((format!("{format}, stream {stream}"), stdout(&mcpvet(&args))));
        }
        let mut args = vec!["transcript", "--messages"];
        if stream {
            args.push("--stream");
        }
        args.push(file);
        outputs.push((format!("messages, stream {stream}"), stdout(&mcpvet(&args))));
    }
    for s in &shapes {
        let windows: Vec<&str> = (0..s.random.len().saturating_sub(7))
            .filter_map(|i| s.random.get(i..i + 8))
            .collect();
        for (what, out) in &outputs {
            assert!(!out.contains(&s.secret), "{}: shown in {what}", s.label);
            let shown = windows.iter().find(|w| out.contains(*w));
            assert!(shown.is_none(), "{}: {shown:?} shown in {what}", s.label);
        }
    }
    let (_, json_report) = &outputs[1];
    let secret_findings = findings(json_report)
        .iter()
        .filter(|f| f["code"] == "MCP308")
        .count();
    assert_eq!(secret_findings, 3 * shapes.len(), "{json_report}");
}

/// `mcpvet json --jsonl` on `path` and on the same bytes from standard input (always read
/// whole): status, standard output and standard error, the input's name made alike.
fn json_lines_both(path: &Path, format: &str) -> [(Option<i32>, String, String); 2] {
    let file = path.to_str().expect("UTF-8 path");
    let run = |stdin: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mcpvet"));
        command.args(["json", "--jsonl", "--format", format]);
        if stdin {
            command
                .arg("-")
                .stdin(std::fs::File::open(path).expect("readable"));
        } else {
            command.arg(file);
        }
        let out = command
            .env("NO_COLOR", "1")
            .output()
            .expect("the binary runs");
        let named = |bytes: &[u8]| {
            String::from_utf8_lossy(bytes)
                .replace(file, "INPUT")
                .replace("<stdin>", "INPUT")
        };
        (out.status.code(), named(&out.stdout), named(&out.stderr))
    };
    [run(false), run(true)]
}

#[test]
fn json_lines_checked_as_a_stream_report_as_when_read_whole() {
    let (path, _) = write_session(
        "json-lines.jsonl",
        &Options::new(Protocol::V2025_11_25, 12_000_000, 31),
    );
    let mut clean = std::fs::read(&path).expect("readable");
    // A line longer than a piece, blank and CRLF lines, no line break at the end.
    clean.extend_from_slice(b"\n  \r\n{\"long\": \"");
    clean.extend(std::iter::repeat_n(b'x', 3 << 20));
    clean.extend_from_slice(b"\"}\r\n[1, 2]");
    let cases: Vec<(&str, Vec<u8>, Option<i32>)> = vec![
        ("clean", clean.clone(), Some(0)),
        (
            "syntax error late",
            {
                let mut bytes = clean.clone();
                bytes.extend_from_slice(b"\n{\"a\": 1,}\n");
                bytes
            },
            Some(1),
        ),
        (
            "invalid UTF-8 late",
            {
                let mut bytes = clean.clone();
                bytes.extend_from_slice(b"\n[\"\xff\"]\n");
                bytes
            },
            Some(1),
        ),
        (
            "byte order mark",
            {
                let mut bytes = b"\xef\xbb\xbf".to_vec();
                bytes.extend_from_slice(&clean);
                bytes
            },
            Some(0),
        ),
        (
            "byte order mark on a later line",
            {
                let mut bytes = clean.clone();
                bytes.extend_from_slice(b"\n\xef\xbb\xbf{}\n");
                bytes
            },
            Some(1),
        ),
        (
            "duplicate key late",
            {
                let mut bytes = clean.clone();
                bytes.extend_from_slice(b"\n{\"a\": 1, \"a\": 2}\n");
                bytes
            },
            Some(0),
        ),
    ];
    let big = scratch("json-lines-case.jsonl");
    for (what, bytes, status) in cases {
        std::fs::write(&big, &bytes).expect("written");
        for format in ["json", "text"] {
            let [file, stdin] = json_lines_both(&big, format);
            assert_eq!(file.0, status, "{what} ({format}): {}", file.2);
            assert!(
                file == stdin,
                "{what} ({format}): the file's report differs from the whole read\n--- file\n{file:?}\n--- whole\n{stdin:?}"
            );
            if format == "json" {
                let report: Value = serde_json::from_str(&file.1).expect("a JSON report");
                let findings = report["files"][0]["findings"].as_array().expect("findings");
                assert_eq!(findings.is_empty(), what == "clean", "{what}: {}", file.1);
            }
        }
    }
}

/// The files given together are compared (MCP805, MCP806 across files) from what the checks
/// keep of each capture: a streamed capture gives the same findings as one read whole, as
/// the earlier file (its names and positions kept) and as the later one (findings at its
/// spans, whose lines and columns the second read of the file records).
#[test]
fn files_are_compared_with_a_streamed_capture_as_with_a_whole_one() {
    let (big, _) = write_session(
        "cross-big.jsonl",
        &Options::new(Protocol::V2025_11_25, 2_000_000, 5),
    );
    // Two tools of the generated capture's first list.
    let text = std::fs::read_to_string(&big).expect("readable");
    let listed: Vec<String> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find_map(|m| m["result"]["tools"].as_array().cloned())
        .expect("a tools/list result")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    assert!(listed.len() >= 2, "{listed:?}");
    let other = scratch("cross-other.jsonl");
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"other-server","version":"1"}}}"#.to_owned(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_owned(),
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.to_owned(),
        format!(
            r#"{{"jsonrpc":"2.0","id":2,"result":{{"tools":[{{"name":"{}","description":"Query. Afterwards call {}.","inputSchema":{{"type":"object"}}}}]}}}}"#,
            listed[0], listed[1]
        ),
    ];
    std::fs::write(&other, lines.join("\n") + "\n").expect("written");
    for (first, second) in [(&big, &other), (&other, &big)] {
        let paths = [
            first.to_str().expect("UTF-8"),
            second.to_str().expect("UTF-8"),
        ];
        let whole = mcpvet(&["transcript", "--format", "json", paths[0], paths[1]]);
        let streamed = mcpvet(&[
            "transcript",
            "--format",
            "json",
            "--stream",
            "--jobs",
            "2",
            paths[0],
            paths[1],
        ]);
        let (whole, streamed) = (stdout(&whole), stdout(&streamed));
        assert!(whole == streamed, "{paths:?}: the streamed report differs");
        let report: Value = serde_json::from_str(&whole).expect("a JSON report");
        let across: Vec<(String, String)> = report["files"][1]["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["message"].as_str().is_some_and(|m| m.contains(".jsonl:")))
            .map(|f| {
                (
                    f["code"].as_str().expect("code").to_owned(),
                    f["message"].as_str().expect("message").to_owned(),
                )
            })
            .collect();
        let codes: Vec<&str> = across.iter().map(|a| a.0.as_str()).collect();
        // The first tool in both, and the second named by the small capture's description.
        assert_eq!(codes, ["MCP805", "MCP806"], "{across:#?}");
        assert!(
            report["files"][0]["findings"]
                .as_array()
                .expect("findings")
                .iter()
                .all(|f| !f["message"].as_str().is_some_and(|m| m.contains(".jsonl:")))
        );
    }
}
