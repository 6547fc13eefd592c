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
    let mut stale = Vec::new();
    for (name, contents) in &files {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() == Some(contents.as_str()) {
            continue;
        }
        if check {
            stale.push(name.clone());
        } else if let Err(e) =
            std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, contents))
        {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        } else {
            println!("wrote docs/rules/{name}");
        }
    }
    let extra = extra_pages(&dir, &files);
    for name in &extra {
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

/// Pages in `dir` that the catalog no longer generates.
fn extra_pages(dir: &Path, files: &[(String, String)]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("md"))
                && !files.iter().any(|(f, _)| f == n)
        })
        .collect()
}
