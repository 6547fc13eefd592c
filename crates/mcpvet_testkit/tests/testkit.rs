//! The helpers on small folders written below Cargo's scratch folder for integration tests.
use std::path::{Path, PathBuf};

use mcpvet_testkit::{
    Drift, bless, check_file, difference, entry_names, files_below, sync_generated,
};

/// An empty scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn difference_names_the_first_differing_line() {
    let message = difference("a\nb\n", "a\nb");
    assert!(
        message
            .starts_with("first difference at line 2:\n  expected: \"b\\n\"\n  actual:   \"b\"\n")
    );
    assert!(message.ends_with("--- expected\na\nb\n--- actual\na\nb\n"));
    let message = difference("a\n", "a\nb\n");
    assert!(message.starts_with("first difference at line 2:\n  expected: (end of text)\n"));
}

#[test]
fn listings_are_sorted() {
    let dir = scratch("listings");
    for file in ["b/z", "b/a", "c", "a/y/x"] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    assert_eq!(entry_names(&dir).unwrap(), ["a", "b", "c"]);
    let below: Vec<_> = files_below(&dir)
        .unwrap()
        .into_iter()
        .map(|p| p.strip_prefix(&dir).unwrap().to_path_buf())
        .collect();
    let want: Vec<PathBuf> = ["a/y/x", "b/a", "b/z", "c"]
        .iter()
        .map(PathBuf::from)
        .collect();
    assert_eq!(below, want);
    assert!(entry_names(&dir.join("missing")).is_err());
}

#[test]
fn check_file_accepts_equal_text() {
    let dir = scratch("check_file");
    let path = dir.join("expected.txt");
    std::fs::write(&path, "same\n").unwrap();
    assert_eq!(check_file(&path, "same\n"), Ok(()));
    if !bless() {
        let message = check_file(&path, "other\n").unwrap_err();
        assert!(
            message.contains("differs (MCPVET_BLESS=1 rewrites it); first difference at line 1")
        );
        assert!(
            check_file(&dir.join("missing.txt"), "x")
                .unwrap_err()
                .contains("is missing")
        );
    }
}

#[test]
fn sync_generated_reports_then_writes() {
    let dir = scratch("sync_generated");
    std::fs::write(dir.join("old.md"), "gone").unwrap();
    std::fs::write(dir.join("same.md"), "same").unwrap();
    let files = [("same.md", "same"), ("new.md", "new")].map(|(n, c)| (n.to_owned(), c.to_owned()));
    let drift = Drift {
        changed: vec!["new.md".to_owned()],
        extra: vec!["old.md".to_owned()],
    };
    assert_eq!(sync_generated(&dir, &files, false).unwrap(), drift);
    assert!(!dir.join("new.md").exists());
    assert_eq!(sync_generated(&dir, &files, true).unwrap(), drift);
    assert_eq!(std::fs::read_to_string(dir.join("new.md")).unwrap(), "new");
    assert_eq!(
        sync_generated(&dir, &files, false).unwrap().changed,
        Vec::<String>::new()
    );
}
