//! The packaging faces, exercised as far as they run offline: the GitHub Action
//! (`action.yml`, whose work is `scripts/github-action`), the pre-commit hooks
//! (`.pre-commit-hooks.yaml`, whose entry is `scripts/pre-commit`) and the package that
//! `cargo install mcpvet` installs.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_mcpvet");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A YAML file of the repository, as JSON (through mcpvet's own YAML reader).
fn yaml(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join(name)).unwrap();
    let outcome = mcpvet_yaml::to_json(&text);
    assert!(
        outcome.diagnostics.is_empty(),
        "{name}: {:?}",
        outcome.diagnostics
    );
    serde_json::from_str(&outcome.value.unwrap().json).unwrap()
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs scripts/github-action in the repository's root; returns its exit status, standard
/// output, and the `name=value` lines it wrote to `GITHUB_OUTPUT`.
fn action(name: &str, env: &[(&str, &str)]) -> (i32, String, Vec<(String, String)>) {
    let dir = scratch(name);
    let outputs = dir.join("github-output");
    let mut command = Command::new(root().join("scripts/github-action"));
    command
        .current_dir(root())
        .env("MCPVET_BIN", BIN)
        .env("MCPVET_SARIF", dir.join("mcpvet.sarif"))
        .env("GITHUB_OUTPUT", &outputs)
        .env_remove("MCPVET_PATHS")
        .env_remove("MCPVET_ARGS")
        .env_remove("MCPVET_COMMAND");
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().unwrap();
    let lines = std::fs::read_to_string(&outputs).unwrap_or_default();
    let pairs = lines
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        pairs,
    )
}

fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[test]
fn the_action_declares_its_inputs_and_runs_the_script() {
    let action = yaml("action.yml");
    for input in [
        "paths",
        "command",
        "args",
        "sarif-file",
        "upload-sarif",
        "fail",
    ] {
        assert!(action["inputs"][input].is_object(), "input {input}");
    }
    assert_eq!(action["runs"]["using"], "composite");
    let steps = action["runs"]["steps"].as_array().unwrap();
    let run = steps.iter().find(|s| s["id"] == "run").unwrap();
    assert!(
        run["run"]
            .as_str()
            .unwrap()
            .contains("scripts/github-action")
    );
    let upload = steps
        .iter()
        .find(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.starts_with("github/codeql-action/upload-sarif@"))
        })
        .unwrap();
    assert_eq!(upload["with"]["category"], "mcpvet");
    let install = steps[0]["run"].as_str().unwrap();
    assert!(install.contains("crates/mcpvet"), "{install}");
    assert!(root().join("crates/mcpvet/Cargo.toml").is_file());
}

#[test]
fn the_action_writes_sarif_and_annotations_and_reports_the_status() {
    let (status, stdout, outputs) = action(
        "action-findings",
        &[
            ("MCPVET_COMMAND", "config"),
            (
                "MCPVET_PATHS",
                "examples/claude_desktop_config.json\nexamples/**/mcp.json",
            ),
        ],
    );
    assert_eq!(status, 0, "{stdout}");
    assert_eq!(get(&outputs, "exit-code"), Some("1"), "{outputs:?}");
    assert_eq!(get(&outputs, "files"), Some("2"), "{outputs:?}");
    let sarif_path = get(&outputs, "sarif-file").unwrap();
    let sarif: Value = serde_json::from_str(&std::fs::read_to_string(sarif_path).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    assert!(
        stdout.contains("::error file=examples/claude_desktop_config.json"),
        "{stdout}"
    );
    assert!(
        stdout.contains("examples/vscode/.vscode/mcp.json"),
        "{stdout}"
    );
}

#[test]
fn the_action_with_clean_files_passes_and_with_no_match_says_so() {
    let (status, stdout, outputs) = action(
        "action-nothing",
        &[("MCPVET_PATHS", "no/such/**/file.json")],
    );
    assert_eq!(status, 0);
    assert_eq!(get(&outputs, "exit-code"), Some("0"));
    assert!(
        stdout.contains("::warning title=mcpvet::no file matches 'no/such/**/file.json'"),
        "{stdout}"
    );
    let (status, stdout, _) = action("action-bad-command", &[("MCPVET_COMMAND", "lint")]);
    assert_eq!(status, 2);
    assert!(stdout.contains("unknown command 'lint'"), "{stdout}");
    let (status, _, outputs) = action(
        "action-fail-on",
        &[
            ("MCPVET_COMMAND", "config"),
            ("MCPVET_PATHS", "examples/codex/config.toml"),
            ("MCPVET_ARGS", "--fail-on never"),
        ],
    );
    assert_eq!(status, 0);
    assert_eq!(get(&outputs, "exit-code"), Some("0"), "{outputs:?}");
}

#[test]
fn the_pre_commit_hooks_select_mcp_files_and_run_mcpvet() {
    let hooks = yaml(".pre-commit-hooks.yaml");
    let hooks = hooks.as_array().unwrap();
    let hook = |id: &str| hooks.iter().find(|h| h["id"] == id).unwrap();
    for h in hooks {
        assert_eq!(h["language"], "script", "{h}");
        assert!(
            h["entry"]
                .as_str()
                .unwrap()
                .starts_with("scripts/pre-commit ")
        );
    }
    let config = regex::Regex::new(hook("mcpvet-config")["files"].as_str().unwrap()).unwrap();
    for name in [
        ".mcp.json",
        "sub/.vscode/mcp.json",
        ".cursor/mcp.json",
        "claude_desktop_config.json",
        ".codex/config.toml",
        ".continue/mcpServers/github.yaml",
        "opencode.jsonc",
        ".kiro/settings/mcp.json",
    ] {
        assert!(config.is_match(name), "{name}");
    }
    for name in [
        "package.json",
        "mcp.json.bak",
        "config.toml",
        ".vscode/settings.json",
    ] {
        assert!(!config.is_match(name), "{name}");
    }
    let server = regex::Regex::new(hook("mcpvet-server")["files"].as_str().unwrap()).unwrap();
    assert!(server.is_match("registry/server.json") && !server.is_match("my-server.json"));

    // The entry as pre-commit runs it: the hook's arguments, then the staged files.
    let entry = hook("mcpvet-config")["entry"].as_str().unwrap();
    let mut words = entry.split_whitespace();
    let script = root().join(words.next().unwrap());
    let run = |files: &[&str]| {
        Command::new(&script)
            .args(words.clone())
            .args(files)
            .current_dir(root())
            .env("MCPVET_BIN", BIN)
            .output()
            .unwrap()
    };
    let out = run(&["examples/claude_desktop_config.json"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("error[MCP"), "{stdout}");
    let clean = scratch("pre-commit-clean").join(".mcp.json");
    std::fs::write(
        &clean,
        "{\"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\", \"args\": [\"--stdio\"]}}}\n",
    )
    .unwrap();
    let out = run(&[clean.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn cargo_install_mcpvet_installs_the_mcpvet_binary() {
    let manifest = std::fs::read_to_string(root().join("crates/mcpvet/Cargo.toml")).unwrap();
    assert!(
        manifest.starts_with("[package]\nname = \"mcpvet\"\n"),
        "{manifest}"
    );
    assert!(manifest.contains("[[bin]]\nname = \"mcpvet\"\n"));
    assert!(
        Path::new(BIN)
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("mcpvet")
    );
    // Every normal dependency is published with a version (cargo publish refuses a
    // path-only one), so `cargo install mcpvet` can resolve the package from the registry.
    let workspace = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    for line in workspace
        .lines()
        .filter(|l| l.starts_with("mcpvet_") && l.contains("path ="))
    {
        if line.starts_with("mcpvet_testkit") {
            continue; // a dev-dependency only; publishing drops it
        }
        assert!(line.contains("version ="), "{line}");
    }
}
