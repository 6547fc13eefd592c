//! Runs the built `mcpvet` binary on inputs written to a scratch folder and compares what it
//! prints with the snapshots in `tests/snapshots/<test>.txt`: the command line, the exit
//! status, standard output and standard error, exactly (trailing blanks of lines aside; the
//! scratch folder's path reads `[CASE]`).
//!
//! Every run is hermetic: `HOME`, `USERPROFILE`, `APPDATA`, `LOCALAPPDATA` and
//! `XDG_CONFIG_HOME` point into the scratch folder, so `mcpvet config` without a PATH only
//! ever sees the fake files a test writes there.
//!
//! `MCPVET_BLESS=1 cargo test -p mcpvet_cli` rewrites the snapshots; review the diff.
use std::fs;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mcpvet_testkit::{check_file_with, entry_names};

const BIN: &str = env!("CARGO_BIN_EXE_mcpvet");

/// Every snapshot, so that one left behind by a renamed or deleted test is noticed.
const SNAPSHOTS: &[&str] = &[
    "byte_order_mark",
    "check",
    "config_discovery",
    "config_errors",
    "config_fail_on",
    "config_formats",
    "config_inputs",
    "config_nothing_found",
    "config_stdin",
    "config_text",
    "dump",
    "errors",
    "explain",
    "help_and_version",
    "invalid_utf8",
    "json_formats",
    "jsonc",
    "jsonl",
    "max_depth",
    "multiple_files",
    "stdin",
    "unreadable_inputs",
    "usage_errors",
    "well_formed",
];

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

#[test]
fn no_stale_snapshots() {
    let found: Vec<String> = entry_names(&snapshot_dir())
        .unwrap()
        .into_iter()
        .filter(|name| !name.starts_with('.'))
        .collect();
    let expected: Vec<String> = SNAPSHOTS.iter().map(|name| format!("{name}.txt")).collect();
    assert_eq!(
        found, expected,
        "update SNAPSHOTS or delete the stale files"
    );
}

/// A scratch folder holding the inputs of one test; the binary runs inside it, so findings
/// name the inputs by their relative paths.
struct Case {
    name: &'static str,
    dir: PathBuf,
    runs: Vec<Run>,
}

/// What one invocation did.
struct Run {
    args: Vec<String>,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Case {
    fn new(name: &'static str) -> Self {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("cli")
            .join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("work")).unwrap();
        Case {
            name,
            dir,
            runs: Vec::new(),
        }
    }

    /// Writes `contents` to `name` (a path relative to the scratch folder; folders are
    /// created).
    fn file(self, name: &str, contents: impl AsRef<[u8]>) -> Self {
        let path = self.dir.join("work").join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
        self
    }

    /// Writes `contents` to `name`, relative to the scratch folder itself (`home/...`,
    /// `xdg/...`).
    fn outside(self, name: &str, contents: impl AsRef<[u8]>) -> Self {
        let path = self.dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, contents).unwrap();
        self
    }

    /// The fake home folder (`HOME`, `USERPROFILE`): `home/` in the scratch folder.
    fn home(&self) -> PathBuf {
        self.dir.join("home")
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .current_dir(self.dir.join("work"))
            .env_remove("NO_COLOR")
            .env("COLUMNS", "100")
            .env("HOME", self.home())
            .env("USERPROFILE", self.home())
            .env("APPDATA", self.dir.join("appdata"))
            .env("LOCALAPPDATA", self.dir.join("localappdata"))
            .env("XDG_CONFIG_HOME", self.dir.join("xdg"))
            .stdin(Stdio::null());
        command
    }

    /// Runs `mcpvet args...` and records the run for the snapshot.
    fn run(&mut self, args: &[&str]) -> &Run {
        self.run_with(args, None)
    }

    /// Runs `mcpvet args...` with `stdin` as standard input.
    fn run_with(&mut self, args: &[&str], stdin: Option<&[u8]>) -> &Run {
        let mut command = self.command(args);
        if stdin.is_some() {
            command.stdin(Stdio::piped());
        }
        command.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        if let Some(bytes) = stdin {
            child.stdin.take().unwrap().write_all(bytes).unwrap();
        }
        let output = child.wait_with_output().unwrap();
        self.runs.push(Run {
            args: args.iter().map(|&a| a.to_owned()).collect(),
            code: output.status.code(),
            stdout: String::from_utf8(output.stdout).unwrap(),
            stderr: String::from_utf8(output.stderr).unwrap(),
        });
        self.runs.last().unwrap()
    }

    /// Compares every run of this case with `tests/snapshots/<name>.txt`.
    #[track_caller]
    fn snapshot(self) {
        let mut actual = String::new();
        for (i, run) in self.runs.iter().enumerate() {
            if i > 0 {
                actual.push('\n');
            }
            actual.push_str(&run.render());
        }
        let actual = trim_line_ends(&actual.replace(self.dir.to_string_lossy().as_ref(), "[CASE]"));
        assert!(
            SNAPSHOTS.contains(&self.name),
            "add {} to SNAPSHOTS",
            self.name
        );
        let path = snapshot_dir().join(format!("{}.txt", self.name));
        // The committed file is read with `\n` line ends and without trailing blanks.
        let normalize = |expected: &str| trim_line_ends(&expected.replace("\r\n", "\n"));
        if let Err(message) = check_file_with(&path, &actual, normalize) {
            panic!("{message}");
        }
        let _ = fs::remove_dir_all(&self.dir);
    }
}

impl Run {
    fn render(&self) -> String {
        let code = self
            .code
            .map_or_else(|| "killed by a signal".to_owned(), |c| c.to_string());
        format!(
            "$ mcpvet {}\nexit status: {code}\n--- stdout\n{}--- stderr\n{}",
            self.args.join(" "),
            self.stdout,
            self.stderr
        )
    }
}

/// clap pads some blank help lines with spaces; snapshots do not keep trailing blanks.
fn trim_line_ends(text: &str) -> String {
    let mut out: String = text
        .lines()
        .map(|line| line.trim_end_matches([' ', '\t']))
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    out
}

const TWO_ERRORS: &str = "{\n  \"a\": 1,\n  \"b\": [1 2, tru]\n}\n";

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
    fs::create_dir(case.dir.join("work/folder")).unwrap();
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
    let path = case.dir.join("work/huge.json");
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

// ----- mcpvet config ------------------------------------------------------------------------

const CLAUDE_DESKTOP: &str = r#"{
  // personal servers
  "mcpServers": {
    "docs": {
      "command": "npx",
      "args": ["-y", "@acme/docs-mcp"],
      "cwd": "/srv/docs",
    },
    "docs": {"command": "uvx", "args": ["docs-mcp"]},
    "remote": {"command": "uvx", "args": ["remote-mcp"], "disabled": true}
  }
}
"#;

const VSCODE: &str = r#"{
  "servers": {
    "search": {"type": "http", "url": "https://search.example.com/mcp"},
    "files": {"type": "stdio", "command": "node", "args": ["files.js"], "colour": "blue"}
  }
}
"#;

fn two_configs(name: &'static str) -> Case {
    Case::new(name)
        .file("claude_desktop_config.json", CLAUDE_DESKTOP)
        .file(".vscode/mcp.json", VSCODE)
}

#[test]
fn config_text() {
    let mut case = two_configs("config_text");
    let run = case.run(&["config", "claude_desktop_config.json", ".vscode/mcp.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with(
        "claude_desktop_config.json\n  dialect   claude-desktop (Claude Desktop), by file name:"
    ));
    assert!(run.stdout.contains("\n2 files: "));
    assert!(run.stderr.is_empty());
    // One file: no total line.
    let run = case.run(&["config", ".vscode/mcp.json"]);
    assert_eq!(run.code, Some(1));
    assert!(!run.stdout.contains(" files: "));
    case.snapshot();
}

#[test]
fn config_formats() {
    let mut case = two_configs("config_formats");
    let args = ["claude_desktop_config.json", ".vscode/mcp.json"];
    let run = case.run(&["config", "--format", "json", args[0], args[1]]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["version"], 1);
    assert_eq!(report["files"].as_array().unwrap().len(), 2);
    let run = case.run(&["config", "--format", "github", args[0], args[1]]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.lines().all(|l| l.starts_with("::")));
    case.snapshot();
}

/// SARIF is checked for its structure here (its exact form is snapshotted in
/// `mcpvet_linter`, where the rule texts can be set aside).
#[test]
fn config_sarif() {
    let case = two_configs("config_sarif");
    let output = case
        .command(&[
            "config",
            "--format=sarif",
            "claude_desktop_config.json",
            ".vscode/mcp.json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(run["tool"]["driver"]["name"], "mcpvet");
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    let uris: Vec<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(uris.contains(&"claude_desktop_config.json"));
    assert!(uris.contains(&".vscode/mcp.json"));
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for r in results {
        let index = usize::try_from(r["ruleIndex"].as_u64().unwrap()).unwrap();
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
    // Nothing found: still a valid log, with no results.
    let ok = Case::new("config_sarif_clean").file(
        ".mcp.json",
        "{\"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\"}}}",
    );
    let output = ok
        .command(&["config", "--format", "sarif", ".mcp.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn config_fail_on() {
    let mut case = Case::new("config_fail_on")
        .file(
            "dup.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}}}\n",
        )
        .file(
            "claude_desktop_config.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"cwd\": \"/srv/app\"}}}\n",
        )
        .file("broken.json", "{\"mcpServers\": {\"a\": }}\n");
    let github = |extra: &[&'static str], file: &'static str| {
        let mut args = vec!["config", "--format", "github"];
        args.extend_from_slice(extra);
        args.push(file);
        args
    };
    // A warning: fails only from --fail-on warning.
    assert_eq!(case.run(&github(&[], "dup.json")).code, Some(0));
    assert_eq!(
        case.run(&github(&["--fail-on", "error"], "dup.json")).code,
        Some(0)
    );
    assert_eq!(
        case.run(&github(&["--fail-on", "warning"], "dup.json"))
            .code,
        Some(1)
    );
    // An info: fails only with --fail-on info.
    let info = "claude_desktop_config.json";
    assert_eq!(
        case.run(&github(&["--fail-on", "warning"], info)).code,
        Some(0)
    );
    assert_eq!(case.run(&github(&["--fail-on=info"], info)).code, Some(1));
    // Errors: fail unless --fail-on never.
    assert_eq!(case.run(&github(&[], "broken.json")).code, Some(1));
    assert_eq!(
        case.run(&github(&["--fail-on", "never"], "broken.json"))
            .code,
        Some(0)
    );
    case.snapshot();
}

#[test]
fn config_inputs() {
    let mut case = Case::new("config_inputs")
        .file("empty.json", "")
        .file("comments.json", "// nothing here yet\n")
        .file("word.json", "tru\n")
        .file(
            "package.json",
            "{\"name\": \"app\", \"version\": \"1.0.0\"}\n",
        )
        .file("config.toml", "[mcp_servers.docs]\ncommand = \"npx\"\n")
        .file(
            "latin1.json",
            b"{\"mcpServers\": {\"cafe\": {\"command\": \"npx\", \"args\": [\"caf\xe9\"]}}}\n",
        )
        .file(
            "bom.json",
            "\u{feff}{\"mcpServers\": {\"a\": {\"command\": \"npx\"}}}\n",
        )
        .file(
            "truncated.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"npx\"}, \"b\": {",
        );
    let run = case.run(&[
        "config",
        "empty.json",
        "comments.json",
        "word.json",
        "package.json",
        "config.toml",
        "latin1.json",
        "bom.json",
        "truncated.json",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .contains("empty.json\n  status    empty: there is nothing to inspect\n")
    );
    assert!(
        run.stdout
            .contains("package.json\n  status    valid JSON, but not an MCP configuration")
    );
    assert!(
        run.stdout
            .contains("error[MCP008]: invalid UTF-8 at offset 56")
    );
    case.snapshot();
}

#[test]
fn config_stdin() {
    let mut case = Case::new("config_stdin");
    let run = case.run_with(
        &["config", "-"],
        Some(b"{\"mcpServers\": {\"a\": {\"command\": \"npx\",}}}\n"),
    );
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.starts_with("<stdin>\n"));
    let run = case.run_with(
        &["config", "--dialect", "claude-desktop", "-"],
        Some(b"{\"mcpServers\": {\"a\": {\"command\": \"npx\",}}}\n"),
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .contains("dialect   claude-desktop (Claude Desktop), forced")
    );
    case.snapshot();
}

// The snapshot holds the operating system's wording of the errors.
#[cfg(unix)]
#[test]
fn config_errors() {
    let mut case = Case::new("config_errors").file(
        ".mcp.json",
        "{\"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\"}}}\n",
    );
    fs::create_dir(case.dir.join("work/folder")).unwrap();
    let run = case.run(&["config", "missing.json", ".mcp.json", "folder"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.starts_with(".mcp.json\n"));
    assert_eq!(
        case.run(&["config", "--dialect", "emacs", ".mcp.json"])
            .code,
        Some(2)
    );
    assert_eq!(
        case.run(&["config", "--format", "yaml", ".mcp.json"]).code,
        Some(2)
    );
    assert_eq!(
        case.run(&["config", "--fail-on", "sometimes", ".mcp.json"])
            .code,
        Some(2)
    );
    case.snapshot();
}

/// Without PATH: the fake home and application-data folders, and the current folder.
#[cfg(target_os = "linux")]
#[test]
fn config_discovery() {
    let mut case = Case::new("config_discovery")
        .outside("home/.cursor/mcp.json", "{\"mcpServers\": {\"notes\": {\"command\": \"notes-mcp\"}}}\n")
        // A Claude Code user file without servers: skipped.
        .outside("home/.claude.json", "{\"numStartups\": 3, \"theme\": \"dark\"}\n")
        .outside(
            "xdg/Claude/claude_desktop_config.json",
            "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"],}}}\n",
        )
        .outside(
            "xdg/zed/settings.json",
            "{\n  // Zed\n  \"theme\": \"One Dark\",\n  \"context_servers\": {\"git\": {\"command\": \"git-mcp\"}}\n}\n",
        )
        .file(".mcp.json", "{\"mcpServers\": {\"local\": {\"command\": \"local-mcp\"}}}\n")
        .file(".vscode/mcp.json", VSCODE);
    let run = case.run(&["config"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .starts_with("mcpvet: no PATH given; found 6 MCP client configurations:\n")
    );
    assert!(
        run.stderr.contains(
            "/home/.claude.json: no MCP servers in this Claude Code settings file; skipped"
        )
    );
    let run = case.run(&["config", "--format", "json"]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let dialects: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["dialect"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        dialects,
        ["claude-desktop", "cursor", "zed", "claude-code", "vscode"]
    );
    case.snapshot();
}

#[test]
fn config_nothing_found() {
    let mut case = Case::new("config_nothing_found");
    let run = case.run(&["config"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("no MCP client configuration was found"));
    let run = case.run(&["config", "--format", "json"]);
    assert_eq!(run.code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["files"], serde_json::json!([]));
    case.snapshot();
}

#[test]
fn config_color() {
    let case = two_configs("config_color");
    let output = case
        .command(&["config", "--color", "always", ".vscode/mcp.json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("\u{1b}[1m.vscode/mcp.json\u{1b}[0m\n"),
        "{stdout:?}"
    );
    let output = case
        .command(&["config", ".vscode/mcp.json"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(output.stdout).unwrap().contains('\u{1b}'));
}

/// `mcpvet config many.json | head -1`: no panic, and the exit status still tells.
#[test]
fn config_closed_stdout_pipe() {
    let text = format!("{{\"mcpServers\": [{}]}}", "x,".repeat(5_000));
    let case = Case::new("config_closed_stdout_pipe").file("many.json", text);
    let mut child = case
        .command(&["config", "many.json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(first, "many.json\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
}

// ----- mcpvet rules, explain, dump ----------------------------------------------------------

/// The table lists every rule of the catalog, one line each (compared with the catalog
/// rather than a snapshot, as rules are added often).
#[test]
fn rules() {
    let case = Case::new("rules");
    let output = case.command(&["rules"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut lines = stdout.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("code    name "), "{header}");
    assert!(
        header.ends_with("  severity  family     summary"),
        "{header}"
    );
    let catalog = mcpvet_linter::rules();
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), catalog.len());
    for (row, rule) in rows.iter().zip(&catalog) {
        let words: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(words[0], rule.code.as_str());
        assert_eq!(words[1], rule.name);
        assert_eq!(words[2], rule.default_severity.as_str());
        assert_eq!(words[3], rule.family.name());
        assert!(row.ends_with(&rule.summary()), "{row}");
    }
}

#[test]
fn explain() {
    let mut case = Case::new("explain");
    let page = mcpvet_linter::docs::rule_page(mcpvet_linter::rule("MCP002").unwrap());
    for wanted in ["MCP002", "mcp002", "duplicate-key"] {
        let output = case.command(&["explain", wanted]).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8(output.stdout).unwrap(), page);
    }
    assert_eq!(case.run(&["explain", "MCP999"]).code, Some(2));
    assert_eq!(case.run(&["explain", "no-such-rule"]).code, Some(2));
    assert_eq!(case.run(&["explain"]).code, Some(2));
    case.snapshot();
}

#[test]
fn dump() {
    let session = concat!(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n",
        "Starting server...\n",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n",
    );
    let mut case = Case::new("dump")
        .file(".vscode/mcp.json", VSCODE)
        .file(
            "mcp.json",
            "{\"mcpServers\": {\"a\": {\"url\": \"https://x.example/mcp\"}}}\n",
        )
        .file("session.jsonl", session);
    assert_eq!(
        case.run(&["dump", "--config", ".vscode/mcp.json"]).code,
        Some(0)
    );
    let run = case.run(&["dump", "--config", "mcp.json", "--dialect", "cursor"]);
    assert_eq!(run.code, Some(0));
    assert!(
        run.stdout
            .starts_with("config format=json dialect=cursor by=forced")
    );
    assert_eq!(
        case.run(&["dump", "--transcript", "session.jsonl"]).code,
        Some(0)
    );
    let run = case.run(&[
        "dump",
        "--transcript",
        "session.jsonl",
        "--input-format",
        "json-lines",
    ]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.starts_with("format: json-lines (forced"));
    // Usage errors.
    assert_eq!(case.run(&["dump"]).code, Some(2));
    assert_eq!(
        case.run(&[
            "dump",
            "--config",
            "mcp.json",
            "--transcript",
            "session.jsonl"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&[
            "dump",
            "--transcript",
            "session.jsonl",
            "--dialect",
            "cursor"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&[
            "dump",
            "--transcript",
            "session.jsonl",
            "--input-format",
            "csv"
        ])
        .code,
        Some(2)
    );
    assert_eq!(
        case.run(&["dump", "--config", "missing.json"]).code,
        Some(2)
    );
    case.snapshot();
}

/// A dump shows no secret the checks find (the same masking as every other output).
#[test]
fn dump_masks_secrets() {
    let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    let text = format!(
        "{{\"mcpServers\": {{\"gh\": {{\"command\": \"npx\", \"env\": {{\"GITHUB_TOKEN\": \"{token}\"}}}}}}}}\n"
    );
    let case = Case::new("dump_masks_secrets").file(".mcp.json", text);
    let output = case
        .command(&["config", "--format", "json", ".mcp.json"])
        .output()
        .unwrap();
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(!report.contains(token), "{report}");
    let output = case
        .command(&["dump", "--config", ".mcp.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let dump = String::from_utf8(output.stdout).unwrap();
    if report.contains("\"code\": \"MCP3") {
        // The secret checks flagged (and so redacted) the token.
        assert!(!dump.contains(token), "{dump}");
        assert!(dump.contains("ghp_****"), "{dump}");
    } else {
        assert!(dump.contains("GITHUB_TOKEN"), "{dump}");
    }
}

/// A short session whose only finding is an unanswered request.
const SESSION: &str = concat!(
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
    "\n",
    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    "\n",
    r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
    "\n",
);

#[test]
fn check() {
    let mut case = two_configs("check").file("capture.jsonl", SESSION);
    // Each file is read as what its content shows, and the text says so.
    let run = case.run(&["check", "claude_desktop_config.json", "capture.jsonl"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with(
        "claude_desktop_config.json\n  read as   config (a JSON object with a server map)\n"
    ));
    assert!(run.stdout.contains(
        "capture.jsonl\n  read as   transcript (JSON-RPC messages or capture records)\n"
    ));
    assert!(run.stdout.contains("\n2 files: "));
    // The same inspections `config` and `transcript` give.
    let config = case
        .run(&["--color", "never", "config", "claude_desktop_config.json"])
        .stdout
        .clone();
    let transcript = case.run(&["transcript", "capture.jsonl"]).stdout.clone();
    let run = case.run(&[
        "check",
        "--format",
        "json",
        "claude_desktop_config.json",
        "capture.jsonl",
    ]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let kinds: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["config", "transcript"]);
    let strip = |text: &str| {
        text.lines()
            .filter(|l| !l.starts_with("  read as "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let run = case.run(&["check", "claude_desktop_config.json"]);
    assert_eq!(strip(&run.stdout), strip(&config));
    let run = case.run(&["check", "capture.jsonl"]);
    assert_eq!(strip(&run.stdout), strip(&transcript));
    // Paths alone mean `check`; a mistyped subcommand is still a usage error.
    let bare = case
        .run(&["capture.jsonl", "--format", "github"])
        .stdout
        .clone();
    assert!(bare.starts_with("::warning file=capture.jsonl"), "{bare}");
    let run = case.run(&["chek", "capture.jsonl"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("unrecognized subcommand"));
    case.snapshot();
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
