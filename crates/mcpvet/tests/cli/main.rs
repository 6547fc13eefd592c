//! Runs the built `mcpvet` binary on inputs written to a scratch folder and compares what it
//! prints with the snapshots in `tests/snapshots/<test>.txt`: the command line, the exit
//! status, standard output and standard error, exactly (trailing blanks of lines aside; the
//! scratch folder's path reads `[CASE]`).
//!
//! Every run is hermetic: `HOME`, `USERPROFILE`, `APPDATA`, `LOCALAPPDATA` and
//! `XDG_CONFIG_HOME` point into the scratch folder and `CODEX_HOME` is unset, so `mcpvet config`
//! without a PATH only
//! ever sees the fake files a test writes there.
//!
//! `MCPVET_BLESS=1 cargo test -p mcpvet` rewrites the snapshots; review the diff.
use std::fs;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use mcpvet_testkit::{check_file_with, entry_names};

mod check;
mod config;
mod cross_file;
mod diff;
mod fix;
mod json;
mod lang;
mod other;
mod project;
mod redact;
mod runlog;
mod server;

const BIN: &str = env!("CARGO_BIN_EXE_mcpvet");

/// Every snapshot, so that one left behind by a renamed or deleted test is noticed.
const SNAPSHOTS: &[&str] = &[
    "byte_order_mark",
    "check",
    "config_discovery",
    "config_errors",
    "config_fail_on",
    "config_fix",
    "config_fix_formats",
    "config_formats",
    "config_inputs",
    "config_list_locations",
    "config_nothing_found",
    "config_stdin",
    "config_text",
    "cross_file",
    "diff_and_lock",
    "dump",
    "errors",
    "explain",
    "help_and_version",
    "invalid_utf8",
    "json_formats",
    "jsonc",
    "jsonl",
    "lang",
    "max_depth",
    "multiple_files",
    "project_baseline",
    "project_settings",
    "project_suppressions",
    "redact",
    "rules_coverage",
    "run_logs",
    "schema_infer",
    "server_fix",
    "server_inputs",
    "server_nothing_found",
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
        fs::create_dir_all(dir.join("cwd")).unwrap();
        Case {
            name,
            dir,
            runs: Vec::new(),
        }
    }

    /// Writes `contents` to `name` (a path relative to the scratch folder; folders are
    /// created).
    fn file(self, name: &str, contents: impl AsRef<[u8]>) -> Self {
        let path = self.dir.join("cwd").join(name);
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
            .current_dir(self.dir.join("cwd"))
            .env_remove("NO_COLOR")
            .env("COLUMNS", "100")
            .env("HOME", self.home())
            .env("USERPROFILE", self.home())
            .env("APPDATA", self.dir.join("appdata"))
            .env("LOCALAPPDATA", self.dir.join("localappdata"))
            .env("XDG_CONFIG_HOME", self.dir.join("xdg"))
            .env_remove("CODEX_HOME")
            .env_remove("MCPVET_LANG")
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

    /// Compares every run of this case with `tests/snapshots/<name>.txt` (see
    /// [`unpad_locations`] for the one column that depends on the scratch folder's path).
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
        let actual = unpad_locations(&actual);
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

// ----- shared inputs ------------------------------------------------------------------------

const TWO_ERRORS: &str = "{\n  \"a\": 1,\n  \"b\": [1 2, tru]\n}\n";

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

/// The table of `mcpvet config --list-locations` pads every path to the longest one, whose
/// length depends on where the scratch folder is: the padding after a path is written as two
/// spaces, so the snapshot holds in any checkout.
fn unpad_locations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let is_row = line.starts_with("  absent  ") || line.starts_with("  found   ");
        match line.rfind("  ").filter(|_| is_row) {
            Some(at) if at > 10 => {
                out.push_str(line[..at].trim_end());
                out.push_str("  ");
                out.push_str(&line[at + 2..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}
