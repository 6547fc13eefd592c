//! Fuzz-target bodies (feature `fuzzing`): the cargo-fuzz targets in `fuzz/` call these, and a
//! stable test replays the committed seeds and regressions through them on every run.
//!
//! Every body takes the input and a [`Checks`]: the replay tests pass [`Checks::All`] (every
//! property on every input), the cargo-fuzz targets [`Checks::Sampled`] (the cheap properties
//! on every input, the expensive ones, such as every renderer and a second run for
//! determinism, on one input in 32 chosen by a hash of the input).
mod session;

use mcpvet_json::decode_utf8;
pub use mcpvet_json::testing::Checks;
use mcpvet_text::SourceFile;
pub use session::{
    Id, Layout, METHODS, Method, Msg, Payload, Session, TYPES, Tool, VERSIONS, Version, WORDS,
    Word, session_arb,
};

use crate::render::github::render_github;
use crate::render::json::{JsonReportOptions, render_json};
use crate::render::overview::render_report;
use crate::render::sarif::{SarifOptions, render_sarif};
use crate::render::text::TextOptions;
use crate::{
    ConfigOptions, FileReport, ServerOptions, TranscriptOptions, lint_config, lint_server,
    lint_transcript,
};

/// Runs `f` with the masking of findings' texts and paths off on this thread, so a test can
/// compare a report with its unmasked twin (renderers still mask what they print).
pub fn without_masking<T>(f: impl FnOnce() -> T) -> T {
    crate::finish::without_masking(f)
}

/// Config lowering as every dialect, with its invariants
/// (`mcpvet_ast::config::fuzz_config_with`).
pub fn config_lower(data: &[u8], checks: Checks) {
    mcpvet_ast::config::fuzz_config_with(data, checks);
}

/// Transcript reading in every format, with its invariants
/// (`mcpvet_ast::transcript::fuzz_transcript_with`).
pub fn transcript(data: &[u8], checks: Checks) {
    mcpvet_ast::transcript::fuzz_transcript_with(data, checks);
}

/// HAR files and event-stream bodies (`mcpvet_ast::transcript::fuzz_http_capture`).
pub fn http_capture(data: &[u8], checks: Checks) {
    mcpvet_ast::transcript::fuzz_http_capture(data, checks);
}

/// Client logs: Claude Desktop, VS Code and Cursor (`mcpvet_ast::transcript::fuzz_client_log`).
pub fn client_log(data: &[u8], checks: Checks) {
    mcpvet_ast::transcript::fuzz_client_log(data, checks);
}

/// A run-phase event log: `data` read as a run log (forced, and detected under a run log's
/// name), and every line of `data` after `event=spawned phase=launch ` (so random bytes reach
/// the `key=value` reader's values), each reading keeping the capture invariants
/// (`check_reading`); the run checks (`mcpvet_check_runlog`) over each reading's entries,
/// every finding mapped into its file on character boundaries. With [`Checks::All`], or on
/// the inputs [`Checks::Sampled`] picks, the whole pipeline too (every span of the report in
/// the input).
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn runlog(data: &[u8], checks: Checks) {
    use mcpvet_ast::transcript::{InputFormat, check_reading, read_transcript};
    let decoded = decode_utf8(data);
    let text = decoded.text.as_ref();
    let mut keyed = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        keyed.push_str("event=spawned phase=launch ");
        keyed.push_str(line);
    }
    for (file, format, name) in [
        (text, Some(InputFormat::RunLog), "run-events.log"),
        (text, None, "run-events.jsonl"),
        (keyed.as_str(), Some(InputFormat::RunLog), "run-events.log"),
    ] {
        let outcome = read_transcript(file, Some(name), format);
        if let Err(problem) = check_reading(file, &outcome) {
            panic!("{problem} ({format:?}, {name})");
        }
        let transcript = &outcome.value;
        let mut findings = mcpvet_diagnostics::Findings::new();
        let mut checker = mcpvet_check_runlog::RunChecker::new();
        for entry in transcript.entries() {
            checker.entry(entry, transcript.document(), &mut findings);
        }
        let runs = checker.finish(&mut findings);
        assert!(
            runs.len() <= transcript.entries().len(),
            "more runs than entries"
        );
        let map = |s| transcript.derivation().map_or(s, |d| d.map.span(s));
        for d in findings.diagnostics() {
            assert!(
                in_text(file, map(d.span())),
                "{}: span {:?} off the log",
                d.code(),
                d.span()
            );
        }
    }
    if checks.expensive(data) {
        let Ok(source) = SourceFile::new("run-events.log", text.to_owned()) else {
            return;
        };
        check_spans(&lint_transcript(
            &source,
            &TranscriptOptions {
                input_format: Some(InputFormat::RunLog),
                ..TranscriptOptions::default()
            },
        ));
    }
}

/// The schema properties of a parsed input: the schema inferred from it (when it parsed
/// without error) is valid and validates it (`mcpvet_schema::testing::check_inference`), and
/// validating the input and its members, damaged or not, against the schema inferred from it
/// over parsed nodes finds what validation over `serde_json` values found
/// (`mcpvet_schema::testing::check_validation`).
///
/// # Panics
///
/// When one of these properties does not hold.
fn check_schemas(parsed: &mcpvet_json::ParseOutcome<mcpvet_json::JsonDocument<'_>>) {
    let Some(root) = parsed.value.root() else {
        return;
    };
    if !parsed.has_errors()
        && let Err(problem) = mcpvet_schema::testing::check_inference(root)
    {
        panic!("{problem}");
    }
    let schema = mcpvet_schema::infer::infer(root, mcpvet_schema::infer::InferOptions::default())
        .to_document(&mcpvet_schema::infer::Layout::Compact);
    if let Ok(schema) = serde_json::from_str::<serde_json::Value>(&schema) {
        let members = root.members().map(|m| m.value).chain(root.items());
        for node in std::iter::once(root).chain(members) {
            if let Err(problem) =
                mcpvet_schema::testing::check_validation(&schema, Some(node), node)
            {
                panic!("{problem}");
            }
        }
    }
}

/// `schema infer` on any input that is one JSON value: the inferred schema is a valid JSON
/// Schema 2020-12 that validates its example, in both layouts, deterministically
/// (`mcpvet_schema::testing::check_inference`); validating the input and its members
/// against that schema over parsed nodes finds what validation over `serde_json` values
/// found (`mcpvet_schema::testing::check_validation`); and the command's entry point
/// ([`crate::infer_schema`]) never panics. Inputs that are not JSON are read as JSONC, so
/// comments and trailing commas still reach inference.
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn schema_infer(data: &[u8], _checks: Checks) {
    let decoded = decode_utf8(data);
    let text = decoded.text.as_ref();
    let parsed = mcpvet_json::parse(text, &mcpvet_json::JsonOptions::jsonc());
    check_schemas(&parsed);
    match crate::infer_schema(text, mcpvet_schema::infer::InferOptions::default()) {
        Ok(schema) => assert!(
            serde_json::from_str::<serde_json::Value>(&schema).is_ok(),
            "the inferred schema is not JSON: {schema}"
        ),
        Err(e) => assert!(
            parsed.has_errors() || parsed.value.root().is_none(),
            "{e:?}"
        ),
    }
}

/// A YAML input read as a recorder cassette: the YAML reader gives JSON that parses without
/// error (or a finding), every string of that JSON maps back inside the input on character
/// boundaries, the transcript keeps its invariants, and the whole report's spans (mapped
/// back from the derived text) lie in the input. The same text read as a configuration keeps
/// the AST's invariants (see `derived_config`). With [`Checks::All`], or on the inputs
/// [`Checks::Sampled`] picks, the whole pipeline runs too (every span of the reports, mapped
/// back, in the input).
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn yaml(data: &[u8], checks: Checks) {
    let decoded = decode_utf8(data);
    let text = decoded.text.as_ref();
    let in_text = |s| in_text(text, s);
    let read = mcpvet_yaml::to_json(text);
    match &read.value {
        Some(doc) => {
            let parsed = mcpvet_json::parse(&doc.json, &mcpvet_json::JsonOptions::strict());
            assert!(
                !parsed.has_errors(),
                "YAML read as invalid JSON: {}",
                doc.json
            );
            if let Some(root) = parsed.value.root() {
                for s in root.strings() {
                    let span = doc.map.span(s.span());
                    assert!(in_text(span), "string mapped to {span:?}");
                }
            }
        }
        None => assert!(
            !read.diagnostics.is_empty(),
            "YAML refused without a finding"
        ),
    }
    assert!(read.diagnostics.iter().all(|d| in_text(d.span())));
    let outcome = mcpvet_ast::transcript::read_transcript(text, Some("cassette.yaml"), None);
    if let Err(problem) = mcpvet_ast::transcript::check_reading(text, &outcome) {
        panic!("{problem}");
    }
    let every = checks.expensive(data);
    if every && let Ok(source) = SourceFile::new("cassette.yaml", text.to_owned()) {
        check_spans(&lint_transcript(&source, &TranscriptOptions::default()));
    }
    // The same text as a YAML configuration, read through the same derived text.
    derived_config(text, "mcp.yaml", every);
}

/// A TOML input: the TOML reader gives JSON that parses without error (or a finding), every
/// string and key of that JSON maps back inside the input on character boundaries, and read
/// as a Codex configuration (and as every dialect) the AST keeps its invariants (its spans
/// map into the input), and the whole report's spans, mapped back, lie in the input (every
/// dialect and the whole pipeline with [`Checks::All`], or on the inputs [`Checks::Sampled`]
/// picks; see `derived_config`).
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn toml(data: &[u8], checks: Checks) {
    let decoded = decode_utf8(data);
    let text = decoded.text.as_ref();
    let in_text = |s| in_text(text, s);
    let read = mcpvet_toml::to_json(text);
    match &read.value {
        Some(doc) => {
            let parsed = mcpvet_json::parse(&doc.json, &mcpvet_json::JsonOptions::strict());
            assert!(
                !parsed.has_errors(),
                "TOML read as invalid JSON: {}",
                doc.json
            );
            if let Some(root) = parsed.value.root() {
                let mut stack = vec![root];
                while let Some(v) = stack.pop() {
                    let span = doc.map.span(v.span());
                    assert!(in_text(span), "value mapped to {span:?}");
                    for m in v.members() {
                        let key = doc.map.span(m.key.span());
                        assert!(in_text(key), "key mapped to {key:?}");
                        stack.push(m.value);
                    }
                    stack.extend(v.items());
                }
            }
        }
        None => assert!(
            !read.diagnostics.is_empty(),
            "TOML refused without a finding"
        ),
    }
    assert!(read.diagnostics.iter().all(|d| in_text(d.span())));
    derived_config(text, ".codex/config.toml", checks.expensive(data));
}

/// `text` read as a configuration named `name` (TOML or YAML): the AST's invariants with
/// detection and as Codex's, and with `every`, as every dialect and the whole report's spans
/// in the input.
fn derived_config(text: &str, name: &str, every: bool) {
    let all = mcpvet_ast::config::Dialect::ALL.iter().map(|d| Some(*d));
    for dialect in [None, Some(mcpvet_ast::config::Dialect::Codex)]
        .into_iter()
        .chain(all.filter(|_| every))
    {
        let outcome = mcpvet_ast::config::read_config(text, Some(name), dialect);
        if let Err(problem) = mcpvet_ast::config::check_config(text, &outcome) {
            panic!("{problem} ({dialect:?})");
        }
    }
    if every && let Ok(source) = SourceFile::new(name, text.to_owned()) {
        check_spans(&lint_config(&source, &ConfigOptions::default()));
    }
}

/// The whole pipeline on any input, as a configuration and as a session: nothing panics and
/// every span lies in the input on character boundaries. With [`Checks::All`], or on the
/// inputs [`Checks::Sampled`] picks: under a third file name too, through every renderer
/// (the JSON and SARIF outputs parse as JSON), and a second run gives the same findings; on
/// the other inputs, one client file name chosen by the input's length.
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn lint_all(data: &[u8], checks: Checks) {
    let decoded = decode_utf8(data);
    let text = decoded.text.into_owned();
    let every = checks.expensive(data);
    let configs = ["claude_desktop_config.json", ".vscode/mcp.json"];
    let names: &[&str] = if every {
        &[
            "claude_desktop_config.json",
            ".vscode/mcp.json",
            "session.jsonl",
        ]
    } else {
        &[configs[data.len() % 2], "session.jsonl"]
    };
    for &name in names {
        let Ok(source) = SourceFile::new(name, text.clone()) else {
            return;
        };
        let run = || {
            let transcript = std::path::Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"));
            let mut report = if transcript {
                lint_transcript(
                    &source,
                    &TranscriptOptions {
                        messages: true,
                        ..TranscriptOptions::default()
                    },
                )
            } else {
                lint_config(&source, &ConfigOptions::default())
            };
            report.merge(decoded.diagnostics.clone());
            report
        };
        let report = run();
        check_spans(&report);
        if !every {
            continue;
        }
        let again = run();
        assert_eq!(
            report.diagnostics, again.diagnostics,
            "{name}: findings differ between two runs"
        );
        let reports = std::slice::from_ref(&report);
        let json = render_json(reports, &JsonReportOptions::new().with_utf16_columns(true));
        serde_json::from_str::<serde_json::Value>(&json).expect("the JSON report parses");
        let sarif = render_sarif(reports, &SarifOptions::new());
        serde_json::from_str::<serde_json::Value>(&sarif).expect("the SARIF report parses");
        let _ = render_github(reports);
        let _ = render_report(
            &report,
            &TextOptions {
                color: true,
                redactions: Vec::new(),
            },
        );
    }
}

/// A server definition, read as what its content shows and as a format forced, under the
/// file names that help detection: nothing panics, every span (findings, labels, fix edits,
/// redactions) lies in the input on character boundaries. With [`Checks::All`], or on the
/// inputs [`Checks::Sampled`] picks: as each of the four formats, two runs give the same
/// findings, the JSON and SARIF reports parse, and when the input is one JSON value, the
/// schema inferred from it validates it (`mcpvet_schema::testing::check_inference`, also
/// the `schema_infer` target's); on the other inputs, one format chosen by the input's
/// length.
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn server_definition(data: &[u8], checks: Checks) {
    use mcpvet_ast::definition::DefinitionFormat;
    let decoded = decode_utf8(data);
    let text = decoded.text.into_owned();
    let every = checks.expensive(data);
    let formats = std::iter::once(None).chain(DefinitionFormat::ALL.map(Some));
    let names = [
        "tools.json",
        "listing.json",
        "server.json",
        "manifest.json",
        "definition.json",
    ];
    let forced = 1 + data.len() % DefinitionFormat::ALL.len();
    let runs = formats
        .zip(names)
        .enumerate()
        .filter(|(i, _)| every || *i == 0 || *i == forced)
        .map(|(_, run)| run);
    for (format, name) in runs {
        let Ok(source) = SourceFile::new(name, text.clone()) else {
            return;
        };
        let options = ServerOptions {
            format,
            ..ServerOptions::default()
        };
        let report = lint_server(&source, &options);
        check_spans(&report);
        for d in &report.diagnostics {
            for edit in d
                .fix()
                .map(mcpvet_diagnostics::Fix::edits)
                .unwrap_or_default()
            {
                assert!(
                    in_text(&text, edit.span()),
                    "{}: fix edit {:?} off the input",
                    d.code(),
                    edit.span()
                );
            }
        }
        if !every {
            continue;
        }
        let again = lint_server(&source, &options);
        assert_eq!(
            report.diagnostics, again.diagnostics,
            "{name}: findings differ between two runs"
        );
        let reports = std::slice::from_ref(&report);
        let json = render_json(reports, &JsonReportOptions::new());
        serde_json::from_str::<serde_json::Value>(&json).expect("the JSON report parses");
        let sarif = render_sarif(reports, &SarifOptions::new());
        serde_json::from_str::<serde_json::Value>(&sarif).expect("the SARIF report parses");
    }
    if !every {
        return;
    }
    let parsed = mcpvet_json::parse(&text, &mcpvet_json::JsonOptions::strict());
    check_schemas(&parsed);
}

/// Whether `span` lies in `text` on character boundaries.
fn in_text(text: &str, span: mcpvet_text::Span) -> bool {
    span.start <= span.end
        && (span.end as usize) <= text.len()
        && text.is_char_boundary(span.start as usize)
        && text.is_char_boundary(span.end as usize)
}

/// Every span of the report (findings, their secondary labels, redactions) lies in its
/// source's text.
fn check_spans(report: &FileReport) {
    let text = report.source.text();
    let ok = |s| in_text(text, s);
    for d in &report.diagnostics {
        assert!(
            ok(d.span()),
            "{}: span {:?} off the input",
            d.code(),
            d.span()
        );
        for l in d.secondary() {
            assert!(
                ok(l.span()),
                "{}: secondary span {:?} off the input",
                d.code(),
                l.span()
            );
        }
    }
    for &r in &report.redactions {
        assert!(ok(r), "redaction {r:?} off the input");
    }
}

/// `mcpvet diff` and the lock on two inputs (the bytes before the first NUL byte are the old
/// file, the rest the new one; without a NUL byte, the input against itself): reading never
/// panics; a side diffed with itself has no change and matches its own lock; every change's
/// spans lie in their files; every output renders and the JSON and SARIF parse; the lock's
/// text reads back to the same lock; the new side checked against the old side's lock has
/// findings within its text. The renderers run with [`Checks::All`], or on the inputs
/// [`Checks::Sampled`] picks.
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn diff(data: &[u8], checks: Checks) {
    use crate::drift;
    use crate::render::diff::{
        render_diff_github, render_diff_json, render_diff_sarif, render_diff_text,
    };
    let (old, new) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, data),
    };
    let source = |name: &str, bytes: &[u8]| {
        SourceFile::new(name.to_owned(), decode_utf8(bytes).text.into_owned()).ok()
    };
    let (Some(old), Some(new)) = (source("old.json", old), source("new.json", new)) else {
        return;
    };
    for file in [&old, &new] {
        let Ok(side) = drift::read_side(file) else {
            continue;
        };
        let same = mcpvet_diff::diff(&side.interface, &side.interface);
        assert!(
            same.changes.is_empty(),
            "a file differs from itself: {same:?}"
        );
        let lock = mcpvet_diff::Lock::build([&side.interface]);
        let text = lock.to_text();
        let read = mcpvet_diff::Lock::parse(&text).expect("a written lock reads back");
        assert_eq!(read.to_text(), text, "the lock changed on a round trip");
        let findings = drift::lock_report(&side, &read, "mcp-tools.lock");
        assert!(
            findings.diagnostics.is_empty(),
            "{:?}",
            findings.diagnostics
        );
    }
    let Ok(report) = drift::diff_files(&old, &new) else {
        return;
    };
    for c in &report.diff.changes {
        for (span, file) in [(c.old, &old), (c.new, &new)] {
            if let Some(span) = span {
                assert!(in_text(file.text(), span), "{c:?}: span off its file");
            }
        }
    }
    if checks.expensive(data) {
        let _ = render_diff_text(&report);
        let _ = render_diff_github(&report);
        let json: Result<serde_json::Value, _> = serde_json::from_str(&render_diff_json(&report));
        assert!(json.is_ok(), "the diff JSON does not parse");
        let sarif: Result<serde_json::Value, _> = serde_json::from_str(&render_diff_sarif(&report));
        assert!(sarif.is_ok(), "the diff SARIF does not parse");
    }
    let lock = mcpvet_diff::Lock::build([&report.old.interface]);
    let checked = drift::lock_report(&report.new, &lock, "mcp-tools.lock");
    check_spans(&checked);
}

/// A redacted copy of any input (`mcpvet redact`, [`crate::share`]), read as what its
/// content shows and as a configuration under a client's file name: nothing panics, the
/// copy has as many bytes as the input with every line break in its place, every byte
/// outside the replaced spans is the input's, every replaced span reads as a filler, and a
/// copy of valid UTF-8 is valid UTF-8. Read as a configuration with [`Checks::All`], or on
/// the inputs [`Checks::Sampled`] picks.
///
/// # Panics
///
/// When one of these properties does not hold.
pub fn redact(data: &[u8], checks: Checks) {
    let options = crate::InspectOptions::default();
    let every = checks.expensive(data);
    for (kind, name) in [
        (None, "input"),
        (Some(crate::InputKind::Config), ".mcp.json"),
    ]
    .into_iter()
    .filter(|(kind, _)| every || kind.is_none())
    {
        let Ok(copy) = crate::share::redact(kind, name, data, &options) else {
            return;
        };
        assert_eq!(
            copy.bytes.len(),
            data.len(),
            "{name}: the copy's length differs"
        );
        let mut at = 0;
        for s in &copy.secrets {
            let range = s.span.range();
            assert!(
                at <= range.start,
                "{name}: spans overlap or are out of order"
            );
            assert_eq!(
                copy.bytes[at..range.start],
                data[at..range.start],
                "{name}: a byte outside the secrets changed"
            );
            let replaced =
                std::str::from_utf8(&copy.bytes[range.clone()]).expect("fillers are ASCII");
            assert!(
                mcpvet_diagnostics::redact::is_filled(replaced),
                "{name}: `{replaced}` is no filler"
            );
            for i in range.clone() {
                let newline = |b: u8| b == b'\n' || b == b'\r';
                assert_eq!(
                    newline(copy.bytes[i]),
                    newline(data[i]),
                    "{name}: a line break moved"
                );
            }
            at = range.end;
        }
        assert_eq!(
            copy.bytes[at..],
            data[at..],
            "{name}: a byte after the secrets changed"
        );
        if std::str::from_utf8(data).is_ok() {
            assert!(
                std::str::from_utf8(&copy.bytes).is_ok(),
                "{name}: the copy is not UTF-8"
            );
        }
    }
}
