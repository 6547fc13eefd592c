//! Developer tasks:
//!
//! - `cargo run -p mcpvet_dev -- generate-docs [--check]`: writes `docs/rules/` from the rule
//!   catalog and `docs/coverage.md` from the requirement registry (or, with `--check`, fails
//!   when the committed pages differ);
//! - `cargo run -p mcpvet_dev -- new-rule CODE name`: the files of a new rule (see
//!   [`new_rule`](mod@new_rule) and `docs/adding-a-rule.md`).
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a developer tool reports on the terminal"
)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod new_rule;

const USAGE: &str = "usage: cargo run -p mcpvet_dev -- generate-docs [--check]\n       cargo run -p mcpvet_dev -- new-rule CODE name   (e.g. new-rule MCP216 missing-server-version)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["generate-docs"] => generate(false),
        ["generate-docs", "--check"] => generate(true),
        ["new-rule", code, name] => new_rule(code, name),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Writes the files of a new rule (refusing to overwrite any) and says what comes next.
fn new_rule(code: &str, name: &str) -> ExitCode {
    let rule = match new_rule::NewRule::new(code, name, &mcpvet_linter::rules()) {
        Ok(rule) => rule,
        Err(message) => {
            eprintln!("new-rule: {message}");
            return ExitCode::from(2);
        }
    };
    let read = |path: &str| std::fs::read_to_string(root().join(path)).ok();
    let edits = match rule.plan(&read) {
        Ok(edits) => edits,
        Err(message) => {
            eprintln!("new-rule: {message}");
            return ExitCode::from(2);
        }
    };
    for edit in &edits {
        let path = root().join(&edit.path);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &edit.contents));
        if let Err(err) = written {
            eprintln!("new-rule: cannot write {}: {err}", edit.path);
            return ExitCode::FAILURE;
        }
        let verb = if edit.create { "created" } else { "updated" };
        // A closed pipe (`| head`) is no reason to stop half way.
        let _ = writeln!(std::io::stdout(), "{verb} {}", edit.path);
    }
    let _ = writeln!(std::io::stdout(), "\n{}", rule.next_steps());
    ExitCode::SUCCESS
}

fn generate(check: bool) -> ExitCode {
    let dir = root().join("docs/rules");
    let files = mcpvet_linter::docs::generated_files();
    let drift = match mcpvet_testkit::sync_generated(&dir, &files, !check) {
        Ok(drift) => drift,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = Vec::new();
    for name in &drift.changed {
        if check {
            stale.push(name.clone());
        } else {
            println!("wrote docs/rules/{name}");
        }
    }
    // Pages that the catalog no longer generates.
    let extra = drift.extra.iter().filter(|n| {
        Path::new(n)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("md"))
    });
    for name in extra {
        if check {
            stale.push(name.clone());
        } else if std::fs::remove_file(dir.join(name)).is_ok() {
            println!("removed docs/rules/{name}");
        }
    }
    let coverage = root().join("docs/coverage.md");
    let page = mcpvet_linter::requirements::coverage_page();
    if std::fs::read_to_string(&coverage).ok().as_deref() != Some(page.as_str()) {
        if check {
            stale.push("../coverage.md".to_owned());
        } else if let Err(err) = std::fs::write(&coverage, page) {
            eprintln!("cannot write docs/coverage.md: {err}");
            return ExitCode::FAILURE;
        } else {
            println!("wrote docs/coverage.md");
        }
    }
    if check && !stale.is_empty() {
        eprintln!(
            "docs/rules is out of date ({}); run `cargo run -p mcpvet_dev -- generate-docs`",
            stale.join(", ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
