//! The neutral definition format as documented: the complete example of
//! `docs/server-definition.md` is accepted without any finding, by mcpvet and by the
//! published JSON Schema; what the schema requires whatever the type is reported once, by
//! `definition-structure` (MCP600), and what depends on the type by the definition rules.
use mcpvet_ast::definition::{DefinitionFormat, read_definition};
use mcpvet_check_server::SchemaState;
use mcpvet_diagnostics::Findings;

const DOC: &str = include_str!("../../../docs/server-definition.md");
const SCHEMA: &str = include_str!("../../../docs/server-definition.schema.json");

/// The fenced block under the heading "A complete example".
fn example() -> &'static str {
    let section = DOC
        .split("\n## A complete example\n")
        .nth(1)
        .expect("the page has a section \"A complete example\"");
    let open = "```json file=definition.json\n";
    let start = section.find(open).expect("the section has a JSON block") + open.len();
    let end = start + section[start..].find("\n```").expect("the block is closed");
    &section[start..=end]
}

#[test]
fn the_documented_example_has_no_finding() {
    let text = example();
    let outcome = read_definition(text, Some("definition.json"), None);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    let file = outcome.value;
    assert_eq!(file.format, DefinitionFormat::Definition);
    let mut findings = Findings::new();
    let summary = mcpvet_check_server::check(&file, &mut findings);
    let all: Vec<String> = findings
        .diagnostics()
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect();
    assert!(all.is_empty(), "{all:#?}");
    // Three tools, three resources, one prompt; every schema field valid.
    assert_eq!(summary.items.len(), 7);
    for item in &summary.items {
        for (role, state) in &item.schemas {
            assert_eq!(*state, SchemaState::Valid, "{:?} {role:?}", item.name);
        }
    }
}

#[test]
fn the_documented_example_validates_against_the_published_schema() {
    let schema: serde_json::Value = serde_json::from_str(SCHEMA).unwrap();
    let instance: serde_json::Value = serde_json::from_str(example()).unwrap();
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .offline()
        .build(&schema)
        .unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(
        schema["$id"],
        "https://mcpvet.dev/schemas/server-definition.schema.json"
    );
}

/// `(code, path, message)` of every finding of `text`, read as a definition.
fn findings(text: &str) -> Vec<(String, String, String)> {
    let outcome = read_definition(text, Some("definition.json"), None);
    let mut findings = Findings::new();
    findings.extend(outcome.diagnostics);
    mcpvet_check_server::check(&outcome.value, &mut findings);
    findings
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.code().as_str().to_owned(),
                d.path().map(ToString::to_string).unwrap_or_default(),
                d.message().to_owned(),
            )
        })
        .collect()
}

#[test]
fn structure_violations_are_reported_once_by_the_schema() {
    let text = r#"{"environment": "Production",
      "tools": [{"name": "find", "description": "Find.", "type": "ftp", "timeoutMs": "5000",
                 "requestSchema": {"type": "object"}, "responseSchema": {"type": "object"}},
                {"name": "sync", "description": "Sync.", "type": "operation", "project": "P",
                 "operation": "O", "responseType": "none", "async": "no",
                 "authentication": {"type": "basic", "username": "u", "password": "${P}"},
                 "requestSchema": {"type": "object"}, "responseSchema": {"type": "object"}}],
      "resources": [{"name": "r", "contentSource": "s3"}],
      "prompts": [{"name": "p", "arguments": [{"name": "a", "required": "yes"}]}],
      "publish": {"version": 1, "labels": "x"}}"#;
    let mut got = findings(text);
    got.sort();
    let want: Vec<(&str, &str, &str)> = vec![
        (
            "MCP600",
            "$",
            "the definition: missing required property `name`",
        ),
        (
            "MCP600",
            "$.prompts[0]",
            "`prompts[0]`: missing required property `template`",
        ),
        (
            "MCP600",
            "$.prompts[0].arguments[0].required",
            "`prompts[0].arguments[0].required`: expected boolean, found string",
        ),
        (
            "MCP600",
            "$.publish.labels",
            "`publish` has a member `labels` that a server definition does not define",
        ),
        (
            "MCP600",
            "$.publish.version",
            "`publish.version`: expected string, found number",
        ),
        (
            "MCP600",
            "$.resources[0].contentSource",
            "`resources[0].contentSource`: must be one of `direct`, `http`, `api`, `file`",
        ),
        (
            "MCP600",
            "$.tools[0].timeoutMs",
            "`tools[0].timeoutMs`: expected integer, found string",
        ),
        (
            "MCP600",
            "$.tools[0].type",
            "`tools[0].type`: must be one of `http`, `api`, `operation`",
        ),
        (
            "MCP600",
            "$.tools[1].async",
            "`tools[1].async`: expected boolean, found string",
        ),
        (
            "MCP600",
            "$.tools[1].responseType",
            "`tools[1].responseType`: must be one of `finalTarget`, `systemVariable`, `noResponse`",
        ),
    ];
    let got: Vec<(&str, &str, &str)> = got
        .iter()
        .map(|(c, p, m)| (c.as_str(), p.as_str(), m.as_str()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn requirements_of_a_type_are_the_rules() {
    let text = r#"{"name": "s", "tools": [{"name": "find", "description": "Find.", "type": "http",
      "path": "customers", "project": "P",
      "requestSchema": {"type": "object"}, "responseSchema": {"type": "object"}}],
      "publish": {"version": "1.0.0"}}"#;
    let codes: Vec<String> = findings(text).into_iter().map(|f| f.0).collect();
    assert_eq!(codes, ["MCP614", "MCP615", "MCP619"]);
}
