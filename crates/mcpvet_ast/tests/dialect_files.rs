//! The real configurations of `tests/dialects/` (opencode, Copilot CLI, Visual Studio,
//! Junie, LM Studio, and the Claude Code and VS Code precision cases), each lowered and
//! compared with the reviewed snapshot `tests/dialect_files.snap`: the dialect and how it was
//! decided, every server with its transport, and every diagnostic of the lowering.
//!
//! A file is named `<client>__<source>__<real name>` (`+` for `/`, a leading `dot-` in a
//! component for `.`); `read_config` only receives the real name. The client prefix is the
//! oracle: the test fails when the detected dialect is another. `MCPVET_BLESS=1` rewrites the
//! snapshot (then review the diff).
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcpvet_ast::config::{check_config, fuzz_config, read_config};
use mcpvet_testkit::{check_file, entry_names, repo_root};

fn dir() -> PathBuf {
    repo_root().join("tests/dialects")
}

/// The real-world path a fixture stands for.
fn real_name(file: &str) -> String {
    let real = file.splitn(3, "__").nth(2).unwrap_or(file);
    real.split('+')
        .map(|c| match c.strip_prefix("dot-") {
            Some(rest) => format!(".{rest}"),
            None => c.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn describe(file: &str, text: &str, out: &mut String) -> Option<String> {
    let name = real_name(file);
    let outcome = read_config(text, Some(&name), None);
    if let Err(e) = check_config(text, &outcome) {
        panic!("{file}: invariant broken: {e}");
    }
    fuzz_config(text.as_bytes());
    let config = &outcome.value;
    let _ = writeln!(out, "## {file}\nread as {name}");
    let _ = writeln!(
        out,
        "dialect {} ({}: {})",
        config.dialect,
        config.detection.method.name(),
        config.detection.reason
    );
    for s in &config.servers {
        let _ = writeln!(out, "server {} {}", s.name.value, s.transport.name());
    }
    for d in &outcome.diagnostics {
        let path = d.path().map_or_else(|| "-".to_owned(), ToString::to_string);
        let _ = writeln!(
            out,
            "diag {} {} {path}: {}",
            d.code(),
            d.severity(),
            d.message()
        );
    }
    out.push('\n');
    let client = file.split("__").next().unwrap_or_default();
    (config.dialect.name() != client)
        .then(|| format!("{file}: read as `{}`, not `{client}`", config.dialect))
}

#[test]
fn dialect_files_match_the_snapshot() {
    let names: Vec<String> = entry_names(&dir())
        .expect("tests/dialects")
        .into_iter()
        .filter(|n| {
            Path::new(n).extension().is_some_and(|e| {
                ["json", "jsonc", "yaml", "yml", "toml"]
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(x))
            })
        })
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    let mut actual = String::from("# tests/dialects/ lowered (reviewed snapshot)\n\n");
    let mut wrong = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(dir().join(name)).expect("UTF-8 fixture");
        wrong.extend(describe(name, &text, &mut actual));
    }
    assert!(wrong.is_empty(), "detected as another client: {wrong:#?}");
    let snapshot = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dialect_files.snap");
    if let Err(message) = check_file(&snapshot, &actual) {
        panic!("{message}");
    }
}

#[test]
fn real_names() {
    assert_eq!(
        real_name("junie__a-b__dot-junie+mcp+mcp.json"),
        ".junie/mcp/mcp.json"
    );
    assert_eq!(real_name("opencode__x__opencode.jsonc"), "opencode.jsonc");
}
