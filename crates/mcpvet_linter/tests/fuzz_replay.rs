//! Replays the committed inputs of the fuzz targets whose bodies live in this crate
//! (`fuzz/seeds/<target>/*` and `fuzz/regressions/<target>/*`) through the same functions,
//! on every `cargo test`, on stable, without libFuzzer.
#![cfg(feature = "fuzzing")]

use std::path::{Path, PathBuf};

use mcpvet_linter::fuzzing::{config_lower, lint_all, transcript};

type Body = fn(&[u8]);

const TARGETS: [(&str, Body); 3] = [
    ("config_lower", config_lower),
    ("transcript", transcript),
    ("lint_all", lint_all),
];

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"))
        .collect();
    files.sort();
    files
}

#[test]
fn replay_seeds_and_regressions() {
    let fuzz = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    for (target, body) in TARGETS {
        let seeds = inputs(&fuzz.join("seeds").join(target));
        assert!(
            seeds.len() >= 5,
            "fuzz/seeds/{target} holds only {} inputs",
            seeds.len()
        );
        for path in seeds
            .iter()
            .chain(&inputs(&fuzz.join("regressions").join(target)))
        {
            let data = std::fs::read(path).expect("input is readable");
            if let Err(panic) = std::panic::catch_unwind(|| body(&data)) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                panic!("{target} fails on {}:\n{message}", path.display());
            }
        }
    }
}
