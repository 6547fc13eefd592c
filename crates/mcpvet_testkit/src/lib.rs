//! Test helpers shared by mcpvet's crates (`publish = false`): where the shared test data
//! lives, the `MCPVET_BLESS` switch, comparing output with an expected file (or rewriting it),
//! sorted folder listings, the replay of committed fuzz inputs, and keeping a folder of
//! generated files in step with its generator.
//!
//! Position in the project: a leaf crate without dependencies. Tests and benchmarks use it as
//! a dev-dependency and the `mcpvet_dev` tool as a dependency; no library crate does.
//!
//! Unlike the library crates, this one does not opt in to `clippy::disallowed_methods` (the
//! list in `clippy.toml`): reading the environment and the file system is what it is for, and
//! nothing that ships (the CLI, the WebAssembly module) depends on it.
//!
//! ```no_run
//! use mcpvet_testkit::{check_file, entries, shared_dir};
//!
//! let dir = shared_dir().join("corpus/configs");
//! let Ok(files) = entries(&dir) else {
//!     eprintln!("skipping: no corpus at {}", dir.display());
//!     return;
//! };
//! let listing: String = files.iter().map(|p| format!("{}\n", p.display())).collect();
//! if let Err(message) = check_file("tests/listing.txt".as_ref(), &listing) {
//!     panic!("{message}");
//! }
//! ```
#![warn(missing_docs)]

use std::io;
use std::path::{Path, PathBuf};

/// The repository root (the workspace folder).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The folder with the shared test data (JSONTestSuite, the official schemas, the benchmark
/// documents, the corpus): `$MCPVET_SHARED` when it is set, else `shared` beside the
/// repository. It may be absent; the tests that need it then say that they skip.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("MCPVET_SHARED").map_or_else(|| repo_root().join("../shared"), PathBuf::from)
}

/// `shared_dir().join(relative)` when that is a folder.
pub fn shared_subdir(relative: &str) -> Option<PathBuf> {
    let dir = shared_dir().join(relative);
    dir.is_dir().then_some(dir)
}

/// Whether `MCPVET_BLESS=1` asks to rewrite the expected files instead of comparing.
pub fn bless() -> bool {
    std::env::var_os("MCPVET_BLESS").is_some_and(|v| v == "1")
}

/// Compares `actual` with the expected file at `path`. Equal: `Ok`. Missing or different:
/// under [`bless`] the file is written (with its folder) and the result is `Ok`.
///
/// # Errors
///
/// Without [`bless`], a message that names the missing or different file and shows the
/// [`difference`]; under it, the message of a failed write.
pub fn check_file(path: &Path, actual: &str) -> Result<(), String> {
    check_file_with(path, actual, str::to_owned)
}

/// [`check_file`], with the expected text passed through `normalize` before it is compared
/// (such as `|s| s.replace("\r\n", "\n")` for a checkout with CRLF line ends).
///
/// # Errors
///
/// As [`check_file`].
pub fn check_file_with(
    path: &Path,
    actual: &str,
    normalize: impl Fn(&str) -> String,
) -> Result<(), String> {
    let expected = std::fs::read_to_string(path).ok().map(|e| normalize(&e));
    if expected.as_deref() == Some(actual) {
        return Ok(());
    }
    if bless() {
        return write_file(path, actual);
    }
    Err(match expected {
        Some(expected) => format!(
            "{} differs (MCPVET_BLESS=1 rewrites it); {}",
            path.display(),
            difference(&expected, actual)
        ),
        None => format!(
            "{} is missing (MCPVET_BLESS=1 writes it)\n--- actual\n{actual}",
            path.display()
        ),
    })
}

/// [`check_file`] that panics instead of returning an error.
///
/// # Panics
///
/// With the message of [`check_file`]'s error.
#[track_caller]
pub fn assert_file(path: &Path, actual: &str) {
    if let Err(message) = check_file(path, actual) {
        panic!("{message}");
    }
}

/// The first line where two texts differ (line ends included), then both texts.
///
/// ```
/// let message = mcpvet_testkit::difference("a\nb\n", "a\nc\n");
/// assert!(message.starts_with("first difference at line 2:\n  expected: \"b\\n\"\n  actual:   \"c\\n\"\n"));
/// ```
pub fn difference(expected: &str, actual: &str) -> String {
    let (mut e, mut a) = (expected.split_inclusive('\n'), actual.split_inclusive('\n'));
    let mut line = 1;
    let (want, got) = loop {
        match (e.next(), a.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            other => break other,
        }
    };
    let show = |l: Option<&str>| l.map_or_else(|| "(end of text)".to_owned(), |l| format!("{l:?}"));
    let newline = |t: &str| if t.ends_with('\n') { "" } else { "\n" };
    format!(
        "first difference at line {line}:\n  expected: {}\n  actual:   {}\n--- expected\n{expected}{}--- actual\n{actual}{}",
        show(want),
        show(got),
        newline(expected),
        newline(actual)
    )
}

fn write_file(path: &Path, contents: &str) -> Result<(), String> {
    path.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, contents))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The entries (files and folders) of `dir`, sorted by path.
///
/// # Errors
///
/// When `dir` (or an entry of it) cannot be read, such as a folder that does not exist.
pub fn entries(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut paths = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<Vec<_>>>()?;
    paths.sort();
    Ok(paths)
}

/// The names of the entries of `dir`, sorted.
///
/// # Errors
///
/// As [`entries`].
pub fn entry_names(dir: &Path) -> io::Result<Vec<String>> {
    Ok(entries(dir)?.iter().map(|p| file_name(p)).collect())
}

/// The last component of `path` as a string (lossy), or `""`.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Every file below `dir`, in all its subfolders, sorted by path.
///
/// # Errors
///
/// As [`entries`], for `dir` or any folder below it.
pub fn files_below(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for path in entries(&folder)? {
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Runs `body` on every committed input of the fuzz target `target`, as the cargo-fuzz target
/// does: the files of `fuzz/seeds/<target>/` and then those of `fuzz/regressions/<target>/`,
/// each sorted, without `.gitkeep` (a missing folder has none).
///
/// # Panics
///
/// When the target has fewer than five seeds, when an input cannot be read, and, naming the
/// input and repeating its message, when `body` panics.
pub fn replay_fuzz_target(target: &str, body: fn(&[u8])) {
    let inputs = |kind: &str| -> Vec<PathBuf> {
        let dir = repo_root().join("fuzz").join(kind).join(target);
        let files = entries(&dir).unwrap_or_default().into_iter();
        files
            .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"))
            .collect()
    };
    let seeds = inputs("seeds");
    assert!(
        seeds.len() >= 5,
        "fuzz/seeds/{target} holds {} inputs; expected a few dozen",
        seeds.len()
    );
    for path in seeds.iter().chain(&inputs("regressions")) {
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

/// How a folder of generated files differs from what its generator produces.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Drift {
    /// Generated files that were missing from the folder or different there (in the order
    /// given; written when [`sync_generated`] was asked to write).
    pub changed: Vec<String>,
    /// Entries of the folder that the generator does not produce, sorted.
    pub extra: Vec<String>,
}

/// Compares the generated `files` (name, contents) with the folder `dir`. With `write`, the
/// missing and different ones are written (the folder created if need be); extra entries are
/// only reported, never removed.
///
/// # Errors
///
/// The message of a failed write, naming the file; the files before it have been written.
pub fn sync_generated(
    dir: &Path,
    files: &[(String, String)],
    write: bool,
) -> Result<Drift, String> {
    let mut drift = Drift::default();
    for (name, contents) in files {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(contents.as_str()) {
            if write {
                write_file(&path, contents)?;
            }
            drift.changed.push(name.clone());
        }
    }
    drift.extra = entry_names(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|n| !files.iter().any(|(f, _)| f == n))
        .collect();
    Ok(drift)
}
