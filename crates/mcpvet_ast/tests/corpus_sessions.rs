//! Every real session capture in the shared corpus, read and compared with the hand-checked
//! table `corpus_sessions.table` (format and how it was detected, message count, other
//! entries, request/response pairs, the direction of each message). Every file must read
//! without diagnostics and keep the reader's invariants.
//!
//! The corpus lives outside the repository: `<repo>/../shared/corpus/sessions`, or
//! `$MCPVET_SHARED/corpus/sessions`. When it is absent the test says so and passes. The table
//! must list exactly the files of the folder.
use std::collections::BTreeSet;
use std::path::PathBuf;

use mcpvet_ast::transcript::{Direction, Entry, Transcript, check_invariants, read_transcript};
use mcpvet_testkit::{entry_names, shared_subdir};

#[path = "support/direction.rs"]
mod direction;

#[derive(Debug)]
struct Row {
    file: String,
    format: String,
    messages: usize,
    other: usize,
    pairs: usize,
    directions: String,
}

fn parse_table(text: &str) -> Vec<Row> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(cols.len(), 6, "a row has six columns: {line:?}");
            let number = |s: &str| {
                s.parse::<usize>()
                    .unwrap_or_else(|_| panic!("not a number: {s:?} in {line:?}"))
            };
            Row {
                file: cols[0].to_owned(),
                format: cols[1].to_owned(),
                messages: number(cols[2]),
                other: number(cols[3]),
                pairs: number(cols[4]),
                directions: cols[5].to_owned(),
            }
        })
        .collect()
}

/// The real-world part of a corpus file name (`<source>__<origin>__<file>` or
/// `<source>__<file>`): detection never sees the corpus prefix.
fn real_name(corpus_name: &str) -> &str {
    corpus_name.rsplit("__").next().unwrap_or(corpus_name)
}

fn directions(t: &Transcript<'_>) -> String {
    let s: String = t.messages().map(direction::letter).collect();
    if s.is_empty() { "-".to_owned() } else { s }
}

#[test]
fn corpus_sessions_match_the_table() {
    let Some(dir) = shared_subdir("corpus/sessions") else {
        #[expect(clippy::print_stderr, reason = "tell why the test did nothing")]
        {
            eprintln!("shared corpus not found (set MCPVET_SHARED); skipping the session table");
        }
        return;
    };
    let table_path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus_sessions.table");
    let rows = parse_table(&std::fs::read_to_string(&table_path).expect("the table is readable"));
    let on_disk: BTreeSet<String> = entry_names(&dir)
        .expect("the corpus folder is readable")
        .into_iter()
        .collect();
    let in_table: BTreeSet<String> = rows.iter().map(|r| r.file.clone()).collect();
    let mut problems = Vec::new();
    for missing in on_disk.difference(&in_table) {
        problems.push(format!("{missing}: in the corpus but not in the table"));
    }
    for extra in in_table.difference(&on_disk) {
        problems.push(format!("{extra}: in the table but not in the corpus"));
    }
    for row in rows.iter().filter(|r| on_disk.contains(&r.file)) {
        let text = std::fs::read_to_string(dir.join(&row.file)).expect("corpus files are UTF-8");
        let outcome = read_transcript(&text, Some(real_name(&row.file)), None);
        if let Err(e) = check_invariants(&outcome) {
            problems.push(format!("{}: invariant broken: {e}", row.file));
        }
        let t = &outcome.value;
        let format = format!("{} {}", t.format(), t.detection().by.name());
        let messages = t.message_count();
        let other = t.entries().len() - messages;
        let got = (
            format.as_str(),
            messages,
            other,
            t.links().len(),
            directions(t),
        );
        let want = (
            row.format.as_str(),
            row.messages,
            row.other,
            row.pairs,
            row.directions.clone(),
        );
        if got != want {
            problems.push(format!(
                "{}:\n  table: {want:?}\n  read:  {got:?}\n{}",
                row.file,
                t.dump()
            ));
        }
        for d in &outcome.diagnostics {
            problems.push(format!(
                "{}: unexpected diagnostic {} at {}: {}",
                row.file,
                d.code(),
                d.span(),
                d.message()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
