//! Configurations written in TOML and YAML, read through the JSON text they denote.
//!
//! - A property test writes generated servers as JSON, YAML and TOML (Codex's
//!   `[mcp_servers.NAME]`), lowers each, and checks that the span of every lowered value
//!   (command, arguments, `env` and header values, URL, server names), mapped back, slices
//!   exactly the text written for it in the file, and that the three files lower to the same
//!   values.
//! - The TOML and YAML variants of the transport and secret conformance cases
//!   (`tests/conformance/*/*/flagged_variant_{json,yaml,toml}`) give the same findings as the
//!   JSON one: the same codes, on the same values (the text at each finding's span, quotes
//!   aside), with the same masks.
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_ast::config::{StringValue, Transport, read_config};
use mcpvet_linter::{ConfigOptions, FileReport, lint_config};
use mcpvet_text::{SourceFile, Span};
use proptest::prelude::*;

/// One generated server.
#[derive(Debug, Clone)]
struct Gen {
    name: String,
    remote: bool,
    command: String,
    args: Vec<String>,
    env: Vec<(String, String)>,
    url: String,
    headers: Vec<(String, String)>,
}

fn text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-zA-Z0-9 ./:=@'\"\\\\é€${}-]{0,16}").unwrap()
}

fn gen_server() -> impl Strategy<Value = Gen> {
    (
        "[a-z][a-z0-9_-]{0,8}",
        any::<bool>(),
        "[a-z][a-z0-9./-]{0,12}",
        proptest::collection::vec(text(), 0..4),
        proptest::collection::vec(("[A-Z][A-Z0-9_]{0,8}", text()), 0..3),
        "https://[a-z]{1,8}\\.example/[a-z]{0,6}",
        proptest::collection::vec(("X-[A-Z][a-z]{0,6}", text()), 0..3),
    )
        .prop_map(|(name, remote, command, args, env, url, headers)| Gen {
            name,
            remote,
            command,
            args,
            env: dedup(env),
            url,
            headers: dedup(headers),
        })
}

fn dedup(pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (k, v) in pairs {
        if !out.iter().any(|(seen, _)| *seen == k) {
            out.push((k, v));
        }
    }
    out
}

/// A file being written, with the span of every value literal in order of writing.
#[derive(Default)]
struct Out {
    text: String,
    spans: Vec<(String, Span)>,
}

impl Out {
    fn at(&self) -> u32 {
        self.text.len() as u32
    }

    /// Writes `literal` (the written form of `value`) and records where it went.
    fn literal(&mut self, value: &str, literal: &str) {
        let start = self.at();
        self.text.push_str(literal);
        self.spans
            .push((value.to_owned(), Span::new(start, self.at())));
    }
}

fn json_literal(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// A YAML scalar: plain when it is a plain word, double-quoted (JSON) otherwise.
fn yaml_literal(s: &str) -> String {
    let keyword = matches!(s.to_ascii_lowercase().as_str(), "true" | "false" | "null");
    if s.starts_with(|c: char| c.is_ascii_alphabetic())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !keyword
    {
        s.to_owned()
    } else {
        json_literal(s)
    }
}

/// A TOML string: literal (`'...'`) when it can be, basic otherwise.
fn toml_literal(s: &str) -> String {
    if !s.contains(['\'', '\n', '\r'])
        && !s.chars().any(char::is_control)
        && s.len().is_multiple_of(2)
    {
        format!("'{s}'")
    } else {
        json_literal(s)
    }
}

fn write_json(servers: &[Gen]) -> Out {
    let mut out = Out::default();
    out.text.push_str("{\"mcpServers\": {\n");
    for (i, s) in servers.iter().enumerate() {
        if i > 0 {
            out.text.push_str(",\n");
        }
        out.literal(&s.name, &json_literal(&s.name));
        out.text.push_str(": {");
        if s.remote {
            out.text.push_str("\"url\": ");
            out.literal(&s.url, &json_literal(&s.url));
            if !s.headers.is_empty() {
                out.text.push_str(", \"headers\": {");
                for (k, (name, v)) in s.headers.iter().enumerate() {
                    if k > 0 {
                        out.text.push_str(", ");
                    }
                    let _ = write!(out.text, "{}: ", json_literal(name));
                    out.literal(v, &json_literal(v));
                }
                out.text.push('}');
            }
        } else {
            out.text.push_str("\"command\": ");
            out.literal(&s.command, &json_literal(&s.command));
            out.text.push_str(", \"args\": [");
            for (k, a) in s.args.iter().enumerate() {
                if k > 0 {
                    out.text.push_str(", ");
                }
                out.literal(a, &json_literal(a));
            }
            out.text.push(']');
            if !s.env.is_empty() {
                out.text.push_str(", \"env\": {");
                for (k, (name, v)) in s.env.iter().enumerate() {
                    if k > 0 {
                        out.text.push_str(", ");
                    }
                    let _ = write!(out.text, "{}: ", json_literal(name));
                    out.literal(v, &json_literal(v));
                }
                out.text.push('}');
            }
        }
        out.text.push('}');
    }
    out.text.push_str("\n}}\n");
    out
}

fn write_yaml(servers: &[Gen]) -> Out {
    let mut out = Out::default();
    out.text.push_str("mcpServers:\n");
    for s in servers {
        out.text.push_str("  ");
        out.literal(&s.name, &yaml_literal(&s.name));
        out.text.push_str(":\n");
        if s.remote {
            out.text.push_str("    url: ");
            out.literal(&s.url, &yaml_literal(&s.url));
            out.text.push('\n');
            if !s.headers.is_empty() {
                out.text.push_str("    headers:\n");
                for (name, v) in &s.headers {
                    let _ = write!(out.text, "      {name}: ");
                    out.literal(v, &yaml_literal(v));
                    out.text.push('\n');
                }
            }
        } else {
            out.text.push_str("    command: ");
            out.literal(&s.command, &yaml_literal(&s.command));
            out.text.push_str("\n    args:");
            if s.args.is_empty() {
                out.text.push_str(" []");
            }
            out.text.push('\n');
            for a in &s.args {
                out.text.push_str("      - ");
                out.literal(a, &yaml_literal(a));
                out.text.push('\n');
            }
            if !s.env.is_empty() {
                out.text.push_str("    env: {");
                for (k, (name, v)) in s.env.iter().enumerate() {
                    if k > 0 {
                        out.text.push_str(", ");
                    }
                    let _ = write!(out.text, "{name}: ");
                    out.literal(v, &json_literal(v));
                }
                out.text.push_str("}\n");
            }
        }
    }
    out
}

/// A Continue block: a list of servers named by `name`, headers in `requestOptions`.
fn write_continue(servers: &[Gen]) -> Out {
    let mut out = Out::default();
    out.text
        .push_str("name: Generated\nversion: 0.0.1\nschema: v1\nmcpServers:\n");
    for s in servers {
        out.text.push_str("  - name: ");
        out.literal(&s.name, &yaml_literal(&s.name));
        out.text.push('\n');
        if s.remote {
            out.text.push_str("    url: ");
            out.literal(&s.url, &yaml_literal(&s.url));
            out.text.push('\n');
            if !s.headers.is_empty() {
                out.text.push_str("    requestOptions:\n      headers:\n");
                for (name, v) in &s.headers {
                    let _ = write!(out.text, "        {name}: ");
                    out.literal(v, &yaml_literal(v));
                    out.text.push('\n');
                }
            }
        } else {
            out.text.push_str("    command: ");
            out.literal(&s.command, &yaml_literal(&s.command));
            out.text.push('\n');
            if !s.args.is_empty() {
                out.text.push_str("    args:\n");
            }
            for a in &s.args {
                out.text.push_str("      - ");
                out.literal(a, &yaml_literal(a));
                out.text.push('\n');
            }
            if !s.env.is_empty() {
                out.text.push_str("    env:\n");
                for (name, v) in &s.env {
                    let _ = write!(out.text, "      {name}: ");
                    out.literal(v, &yaml_literal(v));
                    out.text.push('\n');
                }
            }
        }
    }
    out
}

/// Goose's `extensions` map: `cmd`, `envs`, `uri`, and the members Goose requires.
fn write_goose(servers: &[Gen]) -> Out {
    let mut out = Out::default();
    out.text.push_str("GOOSE_PROVIDER: openai\nextensions:\n");
    for s in servers {
        out.text.push_str("  ");
        out.literal(&s.name, &yaml_literal(&s.name));
        out.text.push_str(":\n    enabled: true\n    name: ");
        out.text.push_str(&yaml_literal(&s.name));
        out.text.push('\n');
        if s.remote {
            out.text.push_str("    type: streamable_http\n    uri: ");
            out.literal(&s.url, &yaml_literal(&s.url));
            out.text.push('\n');
            if !s.headers.is_empty() {
                out.text.push_str("    headers:\n");
                for (name, v) in &s.headers {
                    let _ = write!(out.text, "      {name}: ");
                    out.literal(v, &yaml_literal(v));
                    out.text.push('\n');
                }
            }
        } else {
            out.text.push_str("    type: stdio\n    cmd: ");
            out.literal(&s.command, &yaml_literal(&s.command));
            out.text.push_str("\n    args:");
            if s.args.is_empty() {
                out.text.push_str(" []");
            }
            out.text.push('\n');
            for a in &s.args {
                out.text.push_str("    - ");
                out.literal(a, &yaml_literal(a));
                out.text.push('\n');
            }
            if !s.env.is_empty() {
                out.text.push_str("    envs:\n");
                for (name, v) in &s.env {
                    let _ = write!(out.text, "      {name}: ");
                    out.literal(v, &yaml_literal(v));
                    out.text.push('\n');
                }
            }
        }
    }
    out
}

fn write_toml(servers: &[Gen]) -> Out {
    let mut out = Out::default();
    out.text.push_str("model = \"o3\"\n");
    for s in servers {
        out.text.push_str("\n[mcp_servers.");
        out.literal(&s.name, &s.name);
        out.text.push_str("]\n");
        if s.remote {
            out.text.push_str("url = ");
            out.literal(&s.url, &toml_literal(&s.url));
            out.text.push('\n');
            if !s.headers.is_empty() {
                out.text.push_str("http_headers = { ");
                for (k, (name, v)) in s.headers.iter().enumerate() {
                    if k > 0 {
                        out.text.push_str(", ");
                    }
                    let _ = write!(out.text, "{} = ", json_literal(name));
                    out.literal(v, &toml_literal(v));
                }
                out.text.push_str(" }\n");
            }
        } else {
            out.text.push_str("command = ");
            out.literal(&s.command, &toml_literal(&s.command));
            out.text.push_str("\nargs = [\n");
            for a in &s.args {
                out.text.push_str("  ");
                out.literal(a, &toml_literal(a));
                out.text.push_str(",\n");
            }
            out.text.push_str("]\n");
            if !s.env.is_empty() {
                let _ = write!(out.text, "\n[mcp_servers.{}.env]\n", s.name);
                for (name, v) in &s.env {
                    let _ = write!(out.text, "{name} = ");
                    out.literal(v, &toml_literal(v));
                    out.text.push('\n');
                }
            }
        }
    }
    out
}

/// Every lowered value of the file in reading order: (decoded value, span in the file).
fn lowered(text: &str, file: &str) -> Result<Vec<(String, Span)>, String> {
    let outcome = read_config(text, Some(file), None);
    if !outcome.diagnostics.iter().all(|d| !d.is_error()) {
        return Err(format!("{file}: {:?}", outcome.diagnostics));
    }
    let config = &outcome.value;
    let mut out = Vec::new();
    let mut push = |s: &StringValue| out.push((s.value.clone(), config.file_span(s.span)));
    for server in &config.servers {
        let name = StringValue {
            value: server.name.value.clone(),
            node: server.node,
            span: server.name.span,
            parts: Vec::new(),
        };
        push(&name);
        match &server.transport {
            Transport::Stdio(stdio) => {
                stdio.command.iter().for_each(&mut push);
                stdio.args.iter().for_each(&mut push);
            }
            Transport::Http(http) => http.url.iter().for_each(&mut push),
            other => return Err(format!("{file}: transport {}", other.name())),
        }
        for map in [&server.headers, &server.env].into_iter().flatten() {
            map.entries
                .iter()
                .filter_map(|e| e.string.as_ref())
                .for_each(&mut push);
        }
    }
    Ok(out)
}

fn servers() -> impl Strategy<Value = Vec<Gen>> {
    proptest::collection::vec(gen_server(), 1..4).prop_map(|servers| {
        let mut seen = Vec::new();
        servers
            .into_iter()
            .filter(|s| {
                let new = !seen.contains(&s.name);
                seen.push(s.name.clone());
                new
            })
            .collect()
    })
}

proptest! {
    /// The span of every lowered value of a TOML or YAML file slices, in the file, exactly
    /// the literal written for it (quotes included, as written); the JSON, YAML and TOML
    /// files, a Continue block and a Goose `config.yaml` lower to the same values.
    #[test]
    fn lowered_spans_slice_back_to_the_written_values(servers in servers()) {
        let mut all = Vec::new();
        for (out, name) in [
            (write_json(&servers), "mcp.json"),
            (write_yaml(&servers), "mcp.yaml"),
            (write_toml(&servers), ".codex/config.toml"),
            (write_continue(&servers), ".continue/mcpServers/generated.yaml"),
            (write_goose(&servers), "/home/me/.config/goose/config.yaml"),
        ] {
            let values = lowered(&out.text, name).map_err(|e| TestCaseError::fail(format!("{e}\n{}", out.text)))?;
            let mut written = out.spans.clone();
            written.sort_by_key(|(_, s)| (s.start, s.end));
            let mut read = values.clone();
            read.sort_by_key(|(_, s)| (s.start, s.end));
            prop_assert_eq!(&read, &written, "{}", out.text);
            for (value, span) in &read {
                let literal = &out.text[span.start as usize..span.end as usize];
                prop_assert!(literal.contains(value.as_str()) || literal.contains('\\') || literal.starts_with('"'), "{:?} at {:?}", value, literal);
            }
            let mut values: Vec<String> = values.into_iter().map(|(v, _)| v).collect();
            values.sort();
            all.push(values);
        }
        prop_assert_eq!(&all[0], &all[1]);
        for other in &all[2..] {
            prop_assert_eq!(&all[0], other);
        }
    }
}

fn conformance() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

fn inspect(case: &std::path::Path) -> FileReport {
    let entry = std::fs::read_dir(case)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            !n.starts_with("expected")
        })
        .expect("an input file");
    let name = entry.file_name().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(entry.path()).unwrap();
    lint_config(
        &SourceFile::new(name, text).unwrap(),
        &ConfigOptions::default(),
    )
}

/// What a finding is about: its code and the text at its span, without quotes.
fn about(report: &FileReport) -> Vec<(String, String)> {
    let text = report.source.text();
    let mut out: Vec<(String, String)> = report
        .diagnostics
        .iter()
        .map(|d| {
            let at = text[d.span().range()].trim_matches(['"', '\'']).to_owned();
            (d.code().as_str().to_owned(), at)
        })
        .collect();
    out.sort();
    out
}

/// The masked text of every redaction.
fn masked(report: &FileReport) -> Vec<String> {
    let text = report.source.text();
    let mut out: Vec<String> = report
        .redactions
        .iter()
        .map(|r| text[r.range()].to_owned())
        .collect();
    out.sort();
    out
}

#[test]
fn toml_and_yaml_variants_give_the_same_findings() {
    let mut compared = 0;
    for family in ["transport", "secrets", "config"] {
        let Ok(rules) = std::fs::read_dir(conformance().join(family)) else {
            continue;
        };
        for rule in rules.filter_map(Result::ok) {
            let json = rule.path().join("flagged_variant_json");
            if !json.is_dir() {
                continue;
            }
            let reference = inspect(&json);
            assert!(
                !reference.diagnostics.is_empty(),
                "{}: no finding",
                json.display()
            );
            for variant in ["flagged_variant_yaml", "flagged_variant_toml"] {
                let case = rule.path().join(variant);
                let report = inspect(&case);
                assert_eq!(about(&report), about(&reference), "{}", case.display());
                assert_eq!(masked(&report), masked(&reference), "{}", case.display());
                compared += 1;
            }
        }
    }
    assert!(compared >= 10, "only {compared} variants compared");
}
