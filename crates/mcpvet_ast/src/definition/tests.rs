use super::*;

fn read<'a>(text: &'a str, name: Option<&str>) -> LowerOutcome<DefinitionFile<'a>> {
    read_definition(text, name, None)
}

fn format(text: &str, name: Option<&str>) -> Option<DefinitionFormat> {
    let doc = mcpvet_json::parse(text, &JsonOptions::jsonc()).value;
    detect_format(doc.root()?, name).map(|d| d.0)
}

#[test]
fn formats_are_told_by_their_content() {
    use DefinitionFormat::{Definition, Listing, Manifest, Registry};
    assert_eq!(format(r#"{"tools": []}"#, None), Some(Listing));
    assert_eq!(
        format(r#"{"resourceTemplates": [], "nextCursor": "x"}"#, None),
        Some(Listing)
    );
    assert_eq!(
        format(r#"{"jsonrpc":"2.0","id":1,"result":{"prompts":[]}}"#, None),
        Some(Listing)
    );
    assert_eq!(
        format(
            r#"[{"tools": []}, {"jsonrpc":"2.0","id":2,"result":{"resources":[]}}]"#,
            None
        ),
        Some(Listing)
    );
    assert_eq!(
        format(r#"{"tools": [], "prompts": []}"#, None),
        Some(Listing)
    );
    assert_eq!(
        format(r#"{"name": "io.github.a/b", "packages": []}"#, None),
        Some(Registry)
    );
    assert_eq!(
        format(
            r#"{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"}"#,
            None
        ),
        Some(Registry)
    );
    assert_eq!(
        format(
            r#"{"name": "a", "version": "1.0.0"}"#,
            Some("x/server.json")
        ),
        Some(Registry)
    );
    assert_eq!(
        format(r#"{"manifest_version": "0.3", "name": "x"}"#, None),
        Some(Manifest)
    );
    assert_eq!(
        format(r#"{"name": "x", "server": {"mcp_config": {}}}"#, None),
        Some(Manifest)
    );
    assert_eq!(
        format(r#"{"name": "weather", "tools": [{"name": "t"}]}"#, None),
        Some(Definition)
    );
    assert_eq!(
        format(r#"{"tools": [{"name": "t", "requestSchema": {}}]}"#, None),
        Some(Definition)
    );
    assert_eq!(format(r#"{"settings": {}}"#, None), Some(Definition));
    // Not definitions.
    assert_eq!(format(r#"{"mcpServers": {}}"#, None), None);
    assert_eq!(format(r#"{"tools": {}}"#, None), None);
    assert_eq!(format(r#"{"tools": [], "theme": "dark"}"#, None), None);
    assert_eq!(format("[]", None), None);
    assert_eq!(
        format(r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#, None),
        None
    );
    assert_eq!(
        format(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#, None),
        None
    );
}

#[test]
fn listing_items_and_schemas() {
    let text = r#"[
  {"jsonrpc": "2.0", "id": 1, "result": {"tools": [
    {"name": "read", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}},
    {"name": 7}
  ]}},
  {"prompts": [{"name": "greet"}]}
]"#;
    let outcome = read(text, None);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    let file = outcome.value;
    assert_eq!(file.format, DefinitionFormat::Listing);
    assert_eq!(file.listings.len(), 2);
    assert!(file.listings[0].response.is_some());
    assert_eq!(file.listings[1].kind, ItemKind::Prompt);
    let names: Vec<(ItemKind, Option<&str>, String)> = file
        .items
        .iter()
        .map(|i| {
            (
                i.kind,
                i.name.as_ref().map(|n| n.value.as_str()),
                i.path.to_string(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            (
                ItemKind::Tool,
                Some("read"),
                "$[0].result.tools[0]".to_owned()
            ),
            (ItemKind::Tool, None, "$[0].result.tools[1]".to_owned()),
            (
                ItemKind::Prompt,
                Some("greet"),
                "$[1].prompts[0]".to_owned()
            ),
        ]
    );
    let read_tool = &file.items[0];
    assert_eq!(read_tool.schemas.len(), 2);
    let output = read_tool.schemas[1].node.unwrap();
    assert_eq!(
        file.value(output).path().to_string(),
        "$[0].result.tools[0].outputSchema"
    );
}

#[test]
fn definition_credentials_and_schemas() {
    let text = r#"{
  "name": "crm",
  "publish": {"version": "3"},
  "tools": [
    {"name": "find", "type": "http", "requestSchema": {"q": "x"},
     "authentication": {"type": "basic", "username": "svc", "password": "hunter2-hunter2"}},
    {"name": "key", "authentication": {"type": "apiKey", "key": "X-Api-Key", "value": "{{ secret }}"}}
  ],
  "resources": [{"name": "doc"}],
  "prompts": [{"name": "p"}]
}"#;
    let file = read(text, None).value;
    assert_eq!(file.format, DefinitionFormat::Definition);
    assert_eq!(file.name.as_ref().unwrap().value, "crm");
    assert_eq!(file.version.as_ref().unwrap().value, "3");
    let kinds: Vec<ItemKind> = file.items.iter().map(|i| i.kind).collect();
    assert_eq!(
        kinds,
        [
            ItemKind::Tool,
            ItemKind::Tool,
            ItemKind::Resource,
            ItemKind::Prompt
        ]
    );
    let slots = &file.items[0].schemas;
    assert_eq!(slots[0].role, SchemaRole::Request);
    assert!(slots[0].node.is_some());
    assert_eq!(slots[1].role, SchemaRole::Response);
    assert!(slots[1].node.is_none());
    let creds: Vec<(CredentialKind, Option<&str>, &str)> = file
        .credentials
        .iter()
        .map(|c| (c.kind, c.name.as_deref(), c.value.value.as_str()))
        .collect();
    assert_eq!(
        creds,
        [
            (CredentialKind::Password, None, "hunter2-hunter2"),
            (CredentialKind::ApiKey, Some("X-Api-Key"), "{{ secret }}"),
        ]
    );
    assert!(file.credentials[1].value.has_refs());
}

#[test]
fn registry_inputs() {
    let text = r#"{"name": "io.github.a/b", "version": "1.0.0",
  "packages": [{"registryType": "npm", "identifier": "b", "version": "1.0.0",
    "transport": {"type": "stdio"},
    "environmentVariables": [{"name": "API_KEY", "isSecret": true, "value": "{key}",
      "variables": {"key": {"isSecret": true, "default": "abc"}}}],
    "packageArguments": [{"type": "named", "name": "--token", "value": "t0k"}]}],
  "remotes": [{"type": "streamable-http", "url": "https://x.example/mcp",
    "headers": [{"name": "Authorization", "value": "Bearer {token}"}]}]}"#;
    let file = read(text, None).value;
    assert_eq!(file.format, DefinitionFormat::Registry);
    let creds: Vec<(CredentialKind, Option<&str>, &str, bool)> = file
        .credentials
        .iter()
        .map(|c| {
            (
                c.kind,
                c.name.as_deref(),
                c.value.value.as_str(),
                c.declared_secret,
            )
        })
        .collect();
    assert_eq!(
        creds,
        [
            (CredentialKind::Env, Some("API_KEY"), "{key}", true),
            (CredentialKind::Env, Some("key"), "abc", true),
            (CredentialKind::Argument, Some("--token"), "t0k", false),
            (
                CredentialKind::Header,
                Some("Authorization"),
                "Bearer {token}",
                false
            ),
        ]
    );
}

#[test]
fn manifest_items_and_sensitive_settings() {
    let text = r#"{"manifest_version": "0.3", "name": "files", "version": "1.0.0",
  "tools": [{"name": "read_file", "description": "Read"}],
  "prompts": [{"name": "summary", "text": "Summarize ${arguments.path}"}],
  "server": {"type": "node", "entry_point": "index.js", "mcp_config": {"command": "node"}},
  "user_config": {"token": {"type": "string", "title": "T", "description": "d", "sensitive": true, "default": "abc"},
                  "dir": {"type": "directory", "title": "D", "description": "d", "default": "~/x"}}}"#;
    let file = read(text, None).value;
    assert_eq!(file.format, DefinitionFormat::Manifest);
    assert_eq!(file.items.len(), 2);
    assert!(file.items.iter().all(|i| i.schemas.is_empty()));
    let settings: Vec<(Option<&str>, bool)> = file
        .credentials
        .iter()
        .map(|c| (c.name.as_deref(), c.declared_secret))
        .collect();
    assert_eq!(settings, [(Some("token"), true), (Some("dir"), false)]);
}

#[test]
fn strict_json_and_unknown_documents() {
    let outcome = read("{\"tools\": [], // note\n}", None);
    let codes: Vec<&str> = outcome
        .diagnostics
        .iter()
        .map(|d| d.code().as_str())
        .collect();
    assert_eq!(codes, ["MCP003", "MCP004"]);
    let outcome = read(r#"{"theme": "dark"}"#, None);
    assert_eq!(outcome.diagnostics.len(), 1);
    assert_eq!(outcome.diagnostics[0].code().as_str(), "MCP010");
    assert_eq!(outcome.value.format, DefinitionFormat::Definition);
    // Forced: no MCP010.
    let outcome = read_definition(
        r#"{"theme": "dark"}"#,
        None,
        Some(DefinitionFormat::Registry),
    );
    assert!(outcome.diagnostics.is_empty());
    assert_eq!(outcome.value.reason, "forced");
    // Broken JSON: the parser's findings only.
    let outcome = read(r#"{"tools": [}"#, None);
    assert!(
        outcome
            .diagnostics
            .iter()
            .all(|d| d.code().as_str() == "MCP001")
    );
}
