//! Applying fixes never breaks a file: for generated configurations with defects, every
//! configuration of the conformance suite, the dialect files of `tests/dialects/`, the
//! examples and the shared corpus (`<shared>/corpus/configs/`), applying every safe fix
//! ([`fix_text`])
//!
//! - never makes the file unreadable (no syntax error it did not have),
//! - never adds a finding: for each rule code and JSON path, no more findings than before
//!   (array indexes are left out of the path: a fix that inserts `"-y"` into `args` moves
//!   the finding of `args[0]` to `args[1]`, the same finding),
//! - and is idempotent: fixing the fixed text changes nothing.
//!
//! Suggested fixes are also applied to every file, which must stay readable.
use std::collections::BTreeMap;
use std::path::Path;

use mcpvet_linter::fix::{FixLevel, FixOptions, fix_text};
use mcpvet_linter::{FileReport, InspectOptions, inspect};
use mcpvet_testkit::{entries, file_name, files_below, repo_root, shared_dir};
use proptest::prelude::*;

/// Syntax errors: what "unreadable" counts.
fn syntax_errors(report: &FileReport) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| matches!(d.code().as_str(), "MCP001" | "MCP013" | "MCP015"))
        .count()
}

/// Findings counted by code and JSON path without array indexes.
fn keys(report: &FileReport) -> BTreeMap<(String, String), usize> {
    let mut out = BTreeMap::new();
    for d in &report.diagnostics {
        let path = d.path().map(ToString::to_string).unwrap_or_default();
        let mut plain = String::new();
        let mut in_index = false;
        for c in path.chars() {
            match c {
                '[' => {
                    in_index = true;
                    plain.push('[');
                }
                ']' => {
                    in_index = false;
                    plain.push(']');
                }
                c if in_index && c.is_ascii_digit() => {}
                c => plain.push(c),
            }
        }
        *out.entry((d.code().to_string(), plain)).or_insert(0) += 1;
    }
    out
}

/// Checks the properties of the module page on `text` named `name`; the number of safe
/// fixes applied.
fn check(name: &str, text: &str) -> Result<usize, String> {
    let options = InspectOptions::default();
    let before = inspect(None, name, text.as_bytes(), &options).map_err(|e| e.to_string())?;
    let fixed =
        fix_text(None, name, text, &options, &FixOptions::default()).map_err(|e| e.to_string())?;
    if syntax_errors(&fixed.report) > syntax_errors(&before) || fixed.undone {
        return Err(format!(
            "{name}: the fixes made the file unreadable\n--- before\n{text}\n--- after\n{}",
            fixed.text
        ));
    }
    let old = keys(&before);
    for (key, count) in keys(&fixed.report) {
        let had = old.get(&key).copied().unwrap_or(0);
        if count > had {
            return Err(format!(
                "{name}: the fixes added a finding {key:?} ({had} before, {count} after)\n--- before\n{text}\n--- after\n{}",
                fixed.text
            ));
        }
    }
    let again = fix_text(None, name, &fixed.text, &options, &FixOptions::default())
        .map_err(|e| e.to_string())?;
    if again.changed() {
        return Err(format!(
            "{name}: fixing is not idempotent: a second run applied {:?}\n--- after the first run\n{}",
            again.applied, fixed.text
        ));
    }
    let suggested = fix_text(
        None,
        name,
        text,
        &options,
        &FixOptions {
            level: FixLevel::Suggested,
            ..FixOptions::default()
        },
    )
    .map_err(|e| e.to_string())?;
    if syntax_errors(&suggested.report) > syntax_errors(&before) || suggested.undone {
        return Err(format!(
            "{name}: the suggested fixes made the file unreadable\n--- after\n{}",
            suggested.text
        ));
    }
    Ok(fixed.applied.len())
}

/// The inputs of the configuration families of the conformance suite, each named by its
/// path inside its case folder.
fn conformance_inputs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let root = repo_root().join("tests/conformance");
    for family in ["config", "transport", "secrets", "syntax"] {
        let Ok(files) = files_below(&root.join(family)) else {
            continue;
        };
        for path in files {
            let name = file_name(&path);
            if name.starts_with("expected.") {
                continue;
            }
            // `<family>/<rule>/<case>/<input path>`.
            let relative = path.strip_prefix(root.join(family)).unwrap_or(&path);
            let input: Vec<String> = relative
                .components()
                .skip(2)
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((input.join("/"), text));
            }
        }
    }
    out
}

/// `client__repo__dot-mcp.json` stands for `.mcp.json`; `dot-vscode+mcp.json` for
/// `.vscode/mcp.json`.
fn real_name(file: &str) -> String {
    let real = file.rsplit("__").next().unwrap_or(file);
    real.split('+')
        .map(|c| match c.strip_prefix("dot-") {
            Some(rest) => format!(".{rest}"),
            None => c.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn folder_inputs(dir: &Path) -> Vec<(String, String)> {
    entries(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let name = file_name(&p);
            let text = std::fs::read_to_string(&p).ok()?;
            (name != "README.md").then(|| (real_name(&name), text))
        })
        .collect()
}

#[test]
fn safe_fixes_keep_every_fixture_readable_and_add_no_finding() {
    let mut inputs = conformance_inputs();
    inputs.extend(folder_inputs(&repo_root().join("tests/dialects")));
    inputs.extend(folder_inputs(&repo_root().join("examples")));
    inputs.extend(folder_inputs(&repo_root().join("examples/vscode")));
    let corpus = folder_inputs(&shared_dir().join("corpus/configs"));
    let corpus_files = corpus.len();
    inputs.extend(corpus);
    assert!(inputs.len() > 100, "only {} inputs", inputs.len());
    let mut failures = Vec::new();
    let mut applied = 0;
    for (name, text) in &inputs {
        match check(name, text) {
            Ok(n) => applied += n,
            Err(message) => failures.push(message),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The fixtures hold trailing commas, comments, `npx` without `-y`...: fixes did apply.
    assert!(applied > 20, "only {applied} safe fixes applied");
    // The shared corpus is read when it is there (it is outside the repository).
    if shared_dir().join("corpus/configs").is_dir() {
        assert!(corpus_files > 10);
    }
}

/// Every fix, safe or suggested, is in the JSON report (`fix`, with its applicability) and
/// in SARIF (`fixes`), for every configuration of the conformance suite.
#[test]
fn every_fix_is_in_the_json_report_and_in_sarif() {
    use mcpvet_linter::render::json::{JsonReportOptions, render_json};
    use mcpvet_linter::render::sarif::{SarifOptions, render_sarif};
    let (mut safe, mut suggested) = (0, 0);
    for (name, text) in conformance_inputs() {
        let report = inspect(None, &name, text.as_bytes(), &InspectOptions::default()).unwrap();
        let expected: Vec<&str> = report
            .diagnostics
            .iter()
            .map(
                |d| match d.fix().map(mcpvet_diagnostics::Fix::applicability) {
                    Some(mcpvet_diagnostics::Applicability::Safe) => "safe",
                    Some(_) => "unsafe",
                    None => "none",
                },
            )
            .collect();
        safe += expected.iter().filter(|a| **a == "safe").count();
        suggested += expected.iter().filter(|a| **a == "unsafe").count();
        let json: serde_json::Value = serde_json::from_str(&render_json(
            std::slice::from_ref(&report),
            &JsonReportOptions::new(),
        ))
        .unwrap();
        let in_json: Vec<&str> = json["files"][0]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["fix"]["applicability"].as_str().unwrap_or("none"))
            .collect();
        assert_eq!(in_json, expected, "{name}");
        let sarif: serde_json::Value = serde_json::from_str(&render_sarif(
            std::slice::from_ref(&report),
            &SarifOptions::new(),
        ))
        .unwrap();
        let with_fixes = sarif["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["fixes"].as_array().is_some_and(|f| f.len() == 1))
            .count();
        assert_eq!(
            with_fixes,
            expected.iter().filter(|a| **a != "none").count(),
            "{name}"
        );
    }
    assert!(
        safe > 10 && suggested > 10,
        "{safe} safe, {suggested} suggested"
    );
}

/// A generated server entry: its JSON members (key, value as JSON text).
fn arb_server() -> impl Strategy<Value = Vec<(String, String)>> {
    let package = prop::sample::select(vec!["docs-mcp", "@acme/search-mcp@1.2.0", "x"]);
    let stdio = (any::<bool>(), package, any::<bool>(), any::<bool>()).prop_map(
        |(yes, package, cmd, env)| {
            let mut args: Vec<String> = Vec::new();
            let command = if cmd { "\"cmd\"" } else { "\"npx\"" }.to_owned();
            if cmd {
                args.extend(["\"/c\"".to_owned(), "\"npx\"".to_owned()]);
            }
            if yes {
                args.push("\"-y\"".to_owned());
            }
            args.push(format!("\"{package}\""));
            let mut members = vec![
                ("command".to_owned(), command),
                ("args".to_owned(), format!("[{}]", args.join(", "))),
            ];
            if env {
                members.push((
                    "env".to_owned(),
                    r#"{"API_KEY": "mcpvetSynthetic7Qx2Lm9R", "MODE": "fast"}"#.to_owned(),
                ));
            }
            members
        },
    );
    let url = prop::sample::select(vec![
        "https://api.example.com/mcp",
        "https://api.example.com/sse",
        "https://api.example.com/v1",
        "http://127.0.0.1:3000/mcp",
    ]);
    let remote = (
        url,
        prop::option::of(prop::sample::select(vec!["http", "sse"])),
    )
        .prop_map(|(url, ty)| {
            let mut members = Vec::new();
            if let Some(ty) = ty {
                members.push(("type".to_owned(), format!("\"{ty}\"")));
            }
            members.push(("url".to_owned(), format!("\"{url}\"")));
            members
        });
    prop_oneof![3 => stdio, 1 => remote]
}

/// How a generated file is written.
#[derive(Debug, Clone, Copy)]
struct Layout {
    pretty: bool,
    trailing_commas: bool,
    comments: bool,
}

fn object(members: &[(String, String)], layout: Layout, depth: usize, out: &mut String) {
    let indent = |d: usize| "  ".repeat(d);
    out.push('{');
    for (i, (key, value)) in members.iter().enumerate() {
        if layout.pretty {
            out.push('\n');
            out.push_str(&indent(depth + 1));
            if layout.comments && i == 0 {
                out.push_str("// the first member\n");
                out.push_str(&indent(depth + 1));
            }
        } else if i > 0 {
            out.push(' ');
        }
        out.push('"');
        out.push_str(key);
        out.push_str("\": ");
        out.push_str(value);
        let last = i + 1 == members.len();
        if !last || layout.trailing_commas {
            out.push(',');
        }
        if layout.comments && layout.pretty && last {
            out.push_str(" /* end */");
        }
    }
    if layout.pretty && !members.is_empty() {
        out.push('\n');
        out.push_str(&indent(depth));
    }
    out.push('}');
}

/// A configuration file: its name and text.
fn arb_config() -> impl Strategy<Value = (String, String)> {
    let file = prop::sample::select(vec![
        ("claude_desktop_config.json", "mcpServers"),
        (".mcp.json", "mcpServers"),
        (".cursor/mcp.json", "mcpServers"),
        ("cline_mcp_settings.json", "mcpServers"),
        (".vscode/mcp.json", "servers"),
        (".amazonq/mcp.json", "mcpServers"),
    ]);
    let layout = (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(pretty, trailing_commas, comments)| Layout {
            pretty,
            trailing_commas,
            comments,
        },
    );
    (file, prop::collection::vec(arb_server(), 1..4), layout).prop_map(
        |((name, root), servers, layout)| {
            let mut text = String::new();
            let mut map = String::new();
            let named: Vec<(String, String)> = servers
                .iter()
                .enumerate()
                .map(|(i, members)| {
                    let mut server = String::new();
                    object(members, layout, 2, &mut server);
                    (format!("server{i}"), server)
                })
                .collect();
            object(&named, layout, 1, &mut map);
            object(&[(root.to_owned(), map)], layout, 0, &mut text);
            text.push('\n');
            (name.to_owned(), text)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn safe_fixes_of_generated_configs_keep_them_readable((name, text) in arb_config()) {
        check(&name, &text).map_err(TestCaseError::fail)?;
    }
}
