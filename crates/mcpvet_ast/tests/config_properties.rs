//! Property tests of config lowering and variable references (proptest).
//!
//! 1. Lowering any generated JSON value, shaped like a configuration or not, printed with any
//!    layout (whitespace, comments, trailing commas, escapes), as every dialect and with
//!    several file names, never panics, and `check_config` holds: every diagnostic span lies
//!    inside the input on char boundaries, every leaf points at its node, string parts cover
//!    their string exactly.
//! 2. Any text at all (including broken JSON): the same.
//! 3. Variable references in a JSON string with arbitrary characters escaped (`\u0024` for
//!    `$`...): each part's source slice decodes to exactly that part, the parts concatenate to
//!    the decoded value, and the references found are those found in the decoded text.
//!
//! Case counts are kept small so the suite stays fast; raise them with `PROPTEST_CASES`.
use mcpvet_ast::config::{Dialect, check_config, read_config};
use mcpvet_ast::vars::{self, Part};
use mcpvet_json::arbitrary::{arb_json, arb_layout, print};
use mcpvet_json::testing::OwnedValue;
use mcpvet_json::{JsonOptions, parse};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// `cases` unless `PROPTEST_CASES` asks for another number.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

/// Pieces strings are made of: reference syntax, names, and awkward characters.
const PIECES: [&str; 30] = [
    "${",
    "}",
    "$",
    "{",
    "%",
    "env:",
    "input:",
    "file:",
    "VAR",
    "A_1",
    ":-",
    "dflt",
    "{{",
    "}}",
    " ",
    "secrets.X",
    "é",
    "😀",
    "\\",
    "\"",
    "/",
    "workspaceFolder",
    "x",
    "$$",
    "%%",
    "1",
    ".",
    "\n",
    "-",
    ":",
];

fn arb_varish() -> impl Strategy<Value = String> {
    vec(select(PIECES.to_vec()), 0..10).prop_map(|p| p.concat())
}

fn arb_leaf() -> impl Strategy<Value = OwnedValue> {
    prop_oneof![
        4 => arb_varish().prop_map(OwnedValue::String),
        1 => Just(OwnedValue::Null),
        1 => any::<bool>().prop_map(OwnedValue::Bool),
        1 => (0u32..100_000).prop_map(|n| OwnedValue::Number(n.to_string())),
        1 => arb_json(),
    ]
}

const SERVER_KEYS: [&str; 34] = [
    "command",
    "args",
    "env",
    "url",
    "serverUrl",
    "httpUrl",
    "type",
    "transportType",
    "headers",
    "cwd",
    "envFile",
    "disabled",
    "enabled",
    "autoApprove",
    "alwaysAllow",
    "disabledTools",
    "timeout",
    "trust",
    "includeTools",
    "excludeTools",
    "settings",
    "source",
    "transport",
    "oauth",
    "description",
    "executable",
    "path",
    "id",
    "_comment",
    "$schema",
    "remote",
    "dev",
    "comand",
    "zzz",
];

fn arb_field_value() -> impl Strategy<Value = OwnedValue> {
    let obj = vec((arb_varish(), arb_leaf()), 0..4).prop_map(OwnedValue::Object);
    let arr = vec(arb_leaf(), 0..4).prop_map(OwnedValue::Array);
    let typ = select(vec![
        "stdio",
        "http",
        "sse",
        "streamableHttp",
        "streamable-http",
        "x",
    ])
    .prop_map(|s| OwnedValue::String(s.to_owned()));
    prop_oneof![3 => arb_leaf(), 2 => obj, 2 => arr, 1 => typ]
}

fn arb_server() -> impl Strategy<Value = OwnedValue> {
    vec(
        (
            select(SERVER_KEYS.to_vec()).prop_map(str::to_owned),
            arb_field_value(),
        ),
        0..7,
    )
    .prop_map(OwnedValue::Object)
}

fn arb_server_map() -> impl Strategy<Value = OwnedValue> {
    let entry = prop_oneof![4 => arb_server(), 1 => arb_leaf()];
    prop_oneof![
        5 => vec((arb_varish(), entry), 0..4).prop_map(OwnedValue::Object),
        1 => vec(arb_server(), 0..3).prop_map(OwnedValue::Array),
        1 => arb_leaf(),
    ]
}

const ROOT_KEYS: [&str; 14] = [
    "mcpServers",
    "servers",
    "context_servers",
    "mcp",
    "projects",
    "experimental",
    "experimental.context_servers",
    "inputs",
    "command",
    "url",
    "$schema",
    "agent",
    "theme",
    "ui_font_size",
];

fn arb_root_value(key: &'static str) -> BoxedStrategy<OwnedValue> {
    match key {
        "mcp" | "experimental" => prop_oneof![
            arb_server_map().prop_map(|m| OwnedValue::Object(vec![
                ("servers".into(), m.clone()),
                ("context_servers".into(), m)
            ])),
            arb_leaf(),
        ]
        .boxed(),
        "projects" => vec((arb_varish(), arb_server_map()), 0..3)
            .prop_map(|ps| {
                OwnedValue::Object(
                    ps.into_iter()
                        .map(|(p, m)| (p, OwnedValue::Object(vec![("mcpServers".into(), m)])))
                        .collect(),
                )
            })
            .boxed(),
        "inputs" => vec(arb_server(), 0..3).prop_map(OwnedValue::Array).boxed(),
        _ => arb_server_map().boxed(),
    }
}

fn arb_config() -> impl Strategy<Value = OwnedValue> {
    let member = select(ROOT_KEYS.to_vec())
        .prop_flat_map(|k| arb_root_value(k).prop_map(move |v| (k.to_owned(), v)));
    prop_oneof![
        6 => vec(member, 0..4).prop_map(OwnedValue::Object),
        1 => arb_server(),
        1 => arb_json(),
    ]
}

const NAMES: [Option<&str>; 9] = [
    None,
    Some(".mcp.json"),
    Some("claude_desktop_config.json"),
    Some(".vscode/mcp.json"),
    Some("settings.json"),
    Some("mcp.json"),
    Some(".zed/settings.json"),
    Some("/home/me/.claude.json"),
    Some("mcp_config.json"),
];

fn check_all(text: &str) -> Result<(), TestCaseError> {
    for dialect in Dialect::ALL.iter().copied().map(Some).chain([None]) {
        let outcome = read_config(text, None, dialect);
        check_config(text, &outcome)
            .map_err(|e| TestCaseError::fail(format!("{dialect:?}: {e}")))?;
    }
    for name in NAMES {
        let outcome = read_config(text, name, None);
        check_config(text, &outcome).map_err(|e| TestCaseError::fail(format!("{name:?}: {e}")))?;
    }
    Ok(())
}

/// `s` as a JSON string literal, escaping the characters `escape` selects as `\uXXXX`
/// (and always what JSON requires).
fn escaped_literal(s: &str, escape: &[bool]) -> String {
    use std::fmt::Write as _;
    let mut out = String::from("\"");
    for (i, c) in s.chars().enumerate() {
        let force = escape
            .get(i % escape.len().max(1))
            .copied()
            .unwrap_or(false);
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' if force => out.push_str("\\/"),
            c if force || (c as u32) < 0x20 => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The decoded text of a slice of a JSON string's contents.
fn decode(contents: &str) -> String {
    let json = format!("\"{contents}\"");
    let outcome = parse(&json, &JsonOptions::strict());
    outcome
        .value
        .root()
        .and_then(|r| r.as_str().map(std::borrow::Cow::into_owned))
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn lowering_generated_configs_keeps_invariants(value in arb_config(), layout in arb_layout()) {
        let printed = print(&value, &layout);
        check_all(&printed.text)?;
    }

    #[test]
    fn lowering_any_text_keeps_invariants(
        pieces in vec(select(vec![
            "{", "}", "[", "]", ",", ":", "\"mcpServers\"", "\"servers\"", "\"command\"",
            "\"url\"", "\"args\"", "\"env\"", "\"context_servers\"", "\"${A}\"", "\"\\u0024{B}\"",
            "1", "true", "null", "//c\n", "\"x\"", " ", "\n", "é", "\"", "\\",
        ]), 0..40),
    ) {
        check_all(&pieces.concat())?;
    }

    #[test]
    fn reference_spans_survive_escapes(s in arb_varish(), escape in vec(any::<bool>(), 1..8)) {
        let json = escaped_literal(&s, &escape);
        let outcome = parse(&json, &JsonOptions::strict());
        let root = outcome.value.root().unwrap();
        let (value, parts) = vars::parse_string(root).unwrap();
        prop_assert_eq!(&value, &s);
        let mut rebuilt = String::new();
        for part in &parts {
            let slice = &json[part.span().range()];
            let decoded = decode(slice);
            if let Part::Literal { text, .. } = part {
                prop_assert_eq!(&decoded, text);
            }
            rebuilt.push_str(&decoded);
        }
        prop_assert_eq!(&rebuilt, &s);
        // The same references as in the decoded text, in the same order.
        let plain: Vec<(vars::VarSyntax, String)> = vars::parse(&s)
            .iter()
            .filter_map(Part::as_ref)
            .map(|r| (r.syntax, r.name.clone()))
            .collect();
        let mapped: Vec<(vars::VarSyntax, String)> = parts
            .iter()
            .filter_map(Part::as_ref)
            .map(|r| (r.syntax, r.name.clone()))
            .collect();
        prop_assert_eq!(plain, mapped);
        for r in parts.iter().filter_map(Part::as_ref) {
            prop_assert_eq!(decode(&json[r.name_span.range()]), r.name.clone());
        }
    }
}
