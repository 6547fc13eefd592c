//! `mcpvet json` and what every subcommand shares: reading files and standard input,
//! errors, color, help, usage errors, closed and failing standard output.
use super::*;

#[test]
fn well_formed() {
    let mut case = Case::new("well_formed").file(
        "ok.json",
        "{\"mcpServers\": {\"docs\": {\"command\": \"npx\"}}}\n",
    );
    let run = case.run(&["json", "ok.json"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty());
    case.snapshot();
}

#[test]
fn errors() {
    let mut case = Case::new("errors").file("config.json", TWO_ERRORS);
    let run = case.run(&["json", "config.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.contains("config.json:3:11: error[MCP001]"));
    assert!(run.stdout.contains("  |           ^\n"));
    case.snapshot();
}

#[test]
fn multiple_files() {
    let mut case = Case::new("multiple_files")
        .file("ok.json", "[]")
        .file("bad.json", TWO_ERRORS)
        .file("dup.json", "{\"a\": 1, \"a\": 2}")
        .file("also-ok.json", "{}");
    let run = case.run(&["json", "ok.json", "bad.json", "dup.json", "also-ok.json"]);
    assert_eq!(run.code, Some(1));
    case.snapshot();
}

#[test]
fn stdin() {
    let mut case = Case::new("stdin").file("ok.json", "{}");
    let run = case.run_with(&["json", "-"], Some(b"{\"a\": }"));
    assert_eq!(run.code, Some(1));
    let run = case.run_with(&["json", "ok.json", "-"], Some(b"[1, 2]\n"));
    assert_eq!(run.code, Some(0));
    case.snapshot();
}

// The snapshot holds the operating system's wording of the errors.
#[cfg(unix)]
#[test]
fn unreadable_inputs() {
    let mut case = Case::new("unreadable_inputs")
        .file("bad.json", TWO_ERRORS)
        .file("ok.json", "{}");
    fs::create_dir(case.dir.join("cwd/folder")).unwrap();
    // Exit status 2 wins over 1, and the other files are still checked.
    let run = case.run(&["json", "missing.json", "bad.json", "folder", "ok.json"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("error: cannot read `missing.json`: "));
    assert!(run.stderr.contains("error: cannot read `folder`: "));
    let run = case.run(&["json", "folder"]);
    assert_eq!(run.code, Some(2));
    case.snapshot();
}

#[test]
fn too_large_for_u32_offsets() {
    let case = Case::new("too_large");
    let path = case.dir.join("cwd/huge.json");
    // A sparse file: no disk space used, and mcpvet refuses it before reading a byte.
    let file = fs::File::create(&path).unwrap();
    file.set_len(u64::from(u32::MAX) + 1).unwrap();
    drop(file);
    let output = case.command(&["json", "huge.json"]).output().unwrap();
    let _ = fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: cannot inspect `huge.json`: it is 4294967296 bytes; at most 4294967295 bytes can be inspected as one file\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn jsonc() {
    let text = "{\n  // the servers\n  \"servers\": {\"a\": 1,},\n  /* done */\n}\n";
    let mut case = Case::new("jsonc").file("mcp.json", text);
    let run = case.run(&["json", "mcp.json"]);
    assert_eq!(run.code, Some(1));
    let run = case.run(&["json", "--jsonc", "mcp.json"]);
    assert_eq!(run.code, Some(0));
    case.snapshot();
}

#[test]
fn jsonl() {
    let text = concat!(
        "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}\n",
        "{\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {}\n",
        "\n",
        "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}\r\n",
        "[1 2]\n",
    );
    let mut case = Case::new("jsonl").file("session.jsonl", text);
    let run = case.run(&["json", "--jsonl", "session.jsonl"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with("session.jsonl:2:"));
    assert!(run.stdout.contains("session.jsonl:5:4: error[MCP001]"));
    // Read as one JSON text, the same file is one value followed by garbage.
    case.run(&["json", "session.jsonl"]);
    case.snapshot();
}

#[test]
fn invalid_utf8() {
    let mut case = Case::new("invalid_utf8")
        .file("latin1.json", b"{\"name\": \"caf\xe9\"}\n")
        .file("lines.jsonl", b"[\"ok\"]\n[\"\xff\xfe\"]\n[\"ok\"]\n");
    let run = case.run(&["json", "latin1.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.contains("invalid UTF-8 at offset 13"));
    case.run(&["json", "--jsonl", "lines.jsonl"]);
    case.snapshot();
}

#[test]
fn byte_order_mark() {
    let mut case = Case::new("byte_order_mark").file("bom.json", "\u{feff}{\"a\": 1}\n");
    let run = case.run(&["json", "bom.json"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.contains("warning[MCP007]"));
    case.snapshot();
}

#[test]
fn max_depth() {
    let mut case = Case::new("max_depth").file("deep.json", "[[[[1]]]]");
    assert_eq!(case.run(&["json", "deep.json"]).code, Some(0));
    assert_eq!(
        case.run(&["json", "--max-depth", "2", "deep.json"]).code,
        Some(1)
    );
    case.snapshot();
}

#[test]
fn color() {
    let case = Case::new("color").file("config.json", TWO_ERRORS);
    let run = |args: &[&str], no_color: Option<&str>| {
        let mut command = case.command(args);
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        String::from_utf8(output.stdout).unwrap()
    };
    let never = run(&["json", "--color", "never", "config.json"], None);
    assert!(!never.contains('\u{1b}'), "{never:?}");
    assert!(never.starts_with("config.json:3:11: error[MCP001]"));
    // Not a terminal: auto means no color.
    assert_eq!(run(&["json", "config.json"], None), never);
    assert_eq!(
        run(&["--color", "auto", "json", "config.json"], None),
        never
    );
    let always = run(&["json", "--color=always", "config.json"], Some("1"));
    assert!(
        always.starts_with("\u{1b}[1mconfig.json:3:11:\u{1b}[0m \u{1b}[1m\u{1b}[91merror[MCP001]")
    );
    // The global option works before the subcommand too.
    assert_eq!(
        run(&["--color", "always", "json", "config.json"], None),
        always
    );
}

#[test]
fn help_and_version() {
    let mut case = Case::new("help_and_version");
    assert_eq!(case.run(&["--help"]).code, Some(0));
    assert_eq!(case.run(&["config", "--help"]).code, Some(0));
    assert_eq!(case.run(&["config", "-h"]).code, Some(0));
    assert_eq!(case.run(&["json", "--help"]).code, Some(0));
    assert_eq!(case.run(&["json", "-h"]).code, Some(0));
    assert_eq!(case.run(&["rules", "--help"]).code, Some(0));
    assert_eq!(case.run(&["explain", "--help"]).code, Some(0));
    assert_eq!(case.run(&["dump", "--help"]).code, Some(0));
    let run = case.run(&["--version"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(
        run.stdout,
        format!("mcpvet {}\n", env!("CARGO_PKG_VERSION"))
    );
    case.snapshot();
}

#[test]
fn usage_errors() {
    let mut case = Case::new("usage_errors").file("ok.json", "{}");
    assert_eq!(case.run(&["json", "--frobnicate", "ok.json"]).code, Some(2));
    assert_eq!(case.run(&["json"]).code, Some(2));
    assert_eq!(
        case.run(&["json", "--color", "sometimes", "ok.json"]).code,
        Some(2)
    );
    assert_eq!(
        case.run(&["json", "--max-depth", "-1", "ok.json"]).code,
        Some(2)
    );
    assert_eq!(case.run(&["yaml", "ok.json"]).code, Some(2));
    let run = case.run(&[]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("Usage: mcpvet [OPTIONS] <COMMAND>"));
    case.snapshot();
}

/// `mcpvet json many.json | head -1`: the reader goes away; no panic message, and the exit
/// status still tells about the findings.
#[test]
fn closed_stdout_pipe() {
    let text = format!("[{}]", "x,".repeat(5_000));
    let case = Case::new("closed_stdout_pipe").file("many.json", text);
    let mut child = case
        .command(&["json", "many.json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        first,
        "many.json:1:2: error[MCP001]: expected a value, found `x`\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr, "many.json: 5001 errors\n");
    assert_eq!(output.status.code(), Some(1));
}

/// A full disk is an error worth a message and exit status 2.
#[cfg(target_os = "linux")]
#[test]
fn failing_stdout() {
    let case = Case::new("failing_stdout").file("config.json", TWO_ERRORS);
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = case
        .command(&["json", "config.json"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write to standard output: "),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn json_formats() {
    let mut case = Case::new("json_formats")
        .file("broken.json", TWO_ERRORS)
        .file("clean.json", "{}\n");
    let run = case.run(&["json", "--format", "json", "broken.json", "clean.json"]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let files = report["files"].as_array().unwrap();
    assert_eq!(
        (files[0]["kind"].as_str(), files[1]["kind"].as_str()),
        (Some("json"), Some("json"))
    );
    assert_eq!(files[0]["findings"].as_array().unwrap().len(), 2);
    assert!(files[1]["findings"].as_array().unwrap().is_empty());
    let run = case.run(&["json", "--format", "sarif", "broken.json"]);
    let sarif: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 2);
    let run = case.run(&["json", "--format", "github", "broken.json"]);
    assert!(
        run.stdout.lines().all(|l| l.starts_with("::error ")),
        "{}",
        run.stdout
    );
    // --fail-on applies as elsewhere.
    let run = case.run(&["json", "--fail-on", "never", "broken.json"]);
    assert_eq!(run.code, Some(0));
    case.snapshot();
}
