//! `cargo run -p mcpvet_dev -- generate-docs [--check]`: writes `docs/rules/` from the rule
//! catalog (or, with `--check`, fails when the committed pages differ).
#![expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a developer tool reports on the terminal"
)]

use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
        _ => {
            eprintln!("usage: cargo run -p mcpvet_dev -- generate-docs [--check]");
            ExitCode::from(2)
        }
    }
}

fn generate(check: bool) -> ExitCode {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
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
    if check && !stale.is_empty() {
        eprintln!(
            "docs/rules is out of date ({}); run `cargo run -p mcpvet_dev -- generate-docs`",
            stale.join(", ")
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
