//! Every real configuration in the shared corpus, lowered and compared with the hand-written
//! table `corpus_configs.table` (dialect and how it was decided, servers in order, VS Code
//! inputs, every diagnostic).
//!
//! The corpus lives outside the repository: `<repo>/../shared/corpus/configs`, or
//! `$MCPVET_SHARED/corpus/configs`. When it is absent the test says so and passes. Corpus
//! file names carry a `client__repo__` prefix that real files do not have: detection only
//! sees the real-world part (`dot-mcp.json` read as `.mcp.json`) and the content; the prefix
//! is printed in the table as `client` for the reader and never given to the code.
use std::fmt::Write as _;

use mcpvet_ast::config::{self, Format, read_config};
use mcpvet_testkit::{entry_names, shared_subdir};

/// One record of the table.
#[derive(Debug, Default)]
struct Expected {
    file: String,
    name: String,
    client: String,
    dialect: Option<(String, String)>,
    servers: Vec<String>,
    inputs: Vec<String>,
    diags: Vec<String>,
    unsupported: Option<String>,
}

fn parse_table(text: &str) -> Vec<Expected> {
    let mut records = Vec::new();
    let mut current: Option<Expected> = None;
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            records.extend(current.take());
            continue;
        }
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rec = current.get_or_insert_with(Expected::default);
        match tag {
            "file" => rest.clone_into(&mut rec.file),
            "name" => rest.clone_into(&mut rec.name),
            "client" => rest.clone_into(&mut rec.client),
            "dialect" => {
                let (d, how) = rest.split_once(' ').expect("dialect <name> <method>");
                rec.dialect = Some((d.to_owned(), how.to_owned()));
            }
            "server" => rec.servers.push(rest.to_owned()),
            "input" => rec.inputs.push(rest.to_owned()),
            "diag" => rec.diags.push(rest.to_owned()),
            "unsupported" => rec.unsupported = Some(rest.to_owned()),
            "note" => {}
            other => panic!("unknown table tag `{other}` in line {line:?}"),
        }
    }
    records.extend(current);
    records
}

/// The real-world file name a corpus file stands for.
fn real_name(corpus_name: &str) -> String {
    let real = corpus_name.splitn(3, "__").nth(2).unwrap_or(corpus_name);
    match real {
        "dot-mcp.json" => ".mcp.json".to_owned(),
        other => other.to_owned(),
    }
}

fn is_config_file(name: &str) -> bool {
    [".json", ".jsonc", ".toml", ".yaml", ".yml"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

fn check(rec: &Expected, text: &str, errors: &mut String) {
    let mut fail = |what: &str, expected: &dyn std::fmt::Debug, actual: &dyn std::fmt::Debug| {
        let _ = writeln!(
            errors,
            "{}: {what}: expected {expected:?}, got {actual:?}",
            rec.file
        );
    };
    let name = real_name(&rec.file);
    if name != rec.name {
        fail("real-world name", &rec.name, &name);
    }
    let outcome = read_config(text, Some(&name), None);
    if let Err(e) = config::check_config(text, &outcome) {
        fail("invariants", &"none broken", &e);
    }
    let file = &outcome.value;
    let diags: Vec<String> = outcome
        .diagnostics
        .iter()
        .map(|d| {
            let path = d.path().map_or_else(|| "-".to_owned(), ToString::to_string);
            format!("{} {} {path}", d.code(), d.severity())
        })
        .collect();
    if let Some(format) = &rec.unsupported {
        let actual = match file.format {
            Format::Toml => "toml",
            Format::Yaml => "yaml",
            Format::Json => "json",
        };
        if actual != format {
            fail("format", format, &actual);
        }
        // A file not read yet: one info, never an error that fails a valid run.
        let expected = vec!["MCP009 info -".to_owned()];
        if diags != expected {
            fail("diagnostics", &expected, &diags);
        }
        return;
    }
    let actual_dialect = (
        file.dialect.to_string(),
        file.detection.method.name().to_owned(),
    );
    match &rec.dialect {
        Some(d) if *d == actual_dialect => {}
        expected => fail(
            "dialect",
            expected,
            &format!("{actual_dialect:?} ({})", file.detection.reason),
        ),
    }
    let servers: Vec<&str> = file.servers.iter().map(|s| s.name.value.as_str()).collect();
    if servers != rec.servers {
        fail("servers", &rec.servers, &servers);
    }
    let inputs: Vec<&str> = file
        .inputs
        .iter()
        .filter_map(|i| i.id.as_ref().map(|s| s.value.as_str()))
        .collect();
    if inputs != rec.inputs {
        fail("inputs", &rec.inputs, &inputs);
    }
    if diags != rec.diags {
        fail("diagnostics", &rec.diags, &diags);
    }
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "a test reports a skipped corpus and a summary"
)]
fn corpus_configs_match_the_table() {
    let table = parse_table(include_str!("corpus_configs.table"));
    assert!(!table.is_empty());
    for rec in &table {
        assert!(
            !rec.file.is_empty() && !rec.client.is_empty(),
            "incomplete record {rec:?}"
        );
        assert!(
            rec.dialect.is_some() != rec.unsupported.is_some(),
            "{}: give exactly one of `dialect` and `unsupported`",
            rec.file
        );
    }
    let Some(dir) = shared_subdir("corpus/configs") else {
        eprintln!("shared corpus not found (set MCPVET_SHARED); skipping the corpus table");
        return;
    };
    let on_disk: Vec<String> = entry_names(&dir)
        .expect("corpus directory")
        .into_iter()
        .filter(|n| is_config_file(n))
        .collect();
    let mut errors = String::new();
    for name in &on_disk {
        if !table.iter().any(|r| &r.file == name) {
            let _ = writeln!(errors, "{name}: in the corpus but not in the table");
        }
    }
    let mut ambiguous = 0;
    for rec in &table {
        let path = dir.join(&rec.file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            let _ = writeln!(errors, "{}: in the table but not in the corpus", rec.file);
            continue;
        };
        if rec.dialect.as_ref().is_some_and(|(d, _)| *d != rec.client) {
            ambiguous += 1;
        }
        check(rec, &text, &mut errors);
        config::fuzz_config(text.as_bytes());
    }
    assert!(errors.is_empty(), "corpus mismatches:\n{errors}");
    eprintln!(
        "{} corpus configs checked ({} JSON, {} unsupported; {ambiguous} detected as another dialect than the prefix names)",
        table.len(),
        table.iter().filter(|r| r.dialect.is_some()).count(),
        table.iter().filter(|r| r.unsupported.is_some()).count(),
    );
}

#[test]
fn real_names() {
    assert_eq!(real_name("claudecode__x__dot-mcp.json"), ".mcp.json");
    assert_eq!(real_name("cursor__a-b__mcp.json"), "mcp.json");
    assert_eq!(
        real_name("cline__cline__cli-test-default_cline_mcp_settings.json"),
        "cli-test-default_cline_mcp_settings.json"
    );
}
