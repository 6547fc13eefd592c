//! Rule tests on server definitions: the credential fields of each format, references,
//! placeholders, token formats and URLs.
use mcpvet_ast::definition::read_definition;
use mcpvet_diagnostics::Findings;

use super::{GENERIC, Outcome, PASSWORD, assert_clean_output, codes, outcome, token};

fn lint(file: &str, text: &str) -> Outcome {
    let definition = read_definition(text, Some(file), None).value;
    let mut findings = Findings::new();
    crate::check_definition(&definition, &mut findings);
    outcome(text, &findings)
}

fn tool(auth: &str) -> String {
    format!(
        r#"{{"name": "crm", "description": "Customer records.",
  "tools": [{{"name": "find_customer", "description": "Find a customer.", "type": "http",
    "method": "GET", "endpoint": "https://api.example.invalid", "path": "/customers",
    "authentication": {auth}}}],
  "publish": {{"version": "1.0.0"}}}}"#
    )
}

fn registry(members: &str) -> String {
    format!(
        r#"{{"name": "io.github.acme/weather", "description": "Weather.", "version": "1.0.0", {members}}}"#
    )
}

fn package(inputs: &str) -> String {
    registry(&format!(
        r#""packages": [{{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    "transport": {{"type": "stdio"}}, {inputs}}}]"#
    ))
}

fn manifest(server: &str, settings: &str) -> String {
    format!(
        r#"{{"manifest_version": "0.3", "name": "weather", "version": "1.0.0", "description": "Weather.",
  "author": {{"name": "Acme"}},
  "server": {{"type": "node", "entry_point": "server/index.js", "mcp_config": {server}}},
  "user_config": {settings}}}"#
    )
}

#[test]
fn definition_password_and_api_key() {
    let text = tool(&format!(
        r#"{{"type": "basic", "username": "svc", "password": "{PASSWORD}"}}"#
    ));
    let o = lint("definition.json", &text);
    assert_eq!(codes(&o), ["MCP301"], "{:#?}", o.rows);
    assert_eq!(o.rows[0].2, PASSWORD);
    assert_eq!(
        o.rows[0].3,
        "`authentication.password` of tool `find_customer` holds a plaintext password (`mcpv… (23 chars)`)"
    );
    assert!(o.help[0].starts_with("definitions are exported, published or committed"));
    assert_eq!(o.redacted, [PASSWORD]);
    assert_clean_output(&o, PASSWORD);

    let text = tool(&format!(
        r#"{{"type": "apiKey", "key": "X-Api-Key", "value": "{GENERIC}"}}"#
    ));
    let o = lint("definition.json", &text);
    assert_eq!(codes(&o), ["MCP301"], "{:#?}", o.rows);
    assert_eq!(
        o.rows[0].3,
        "`authentication.value` of tool `find_customer` holds a plaintext API key (`mcpv… (23 chars)`)"
    );
    assert_eq!(o.redacted, [GENERIC]);

    // A short declared key is still a secret; references and empty values are not.
    let o = lint(
        "definition.json",
        &tool(r#"{"type": "apiKey", "key": "X-Api-Key", "value": "k3y-Q7v9"}"#),
    );
    assert_eq!(codes(&o), ["MCP301"]);
    for value in ["{{ secret }}", "${API_KEY}", "", "  "] {
        let o = lint(
            "definition.json",
            &tool(&format!(
                r#"{{"type": "apiKey", "key": "X-Api-Key", "value": "{value}"}}"#
            )),
        );
        assert!(o.rows.is_empty(), "{value}: {:#?}", o.rows);
    }
    let o = lint(
        "definition.json",
        &tool(r#"{"type": "apiKey", "key": "X-Api-Key", "value": "YOUR_API_KEY"}"#),
    );
    assert_eq!(codes(&o), ["MCP307"]);
    assert_eq!(
        o.rows[0].3,
        "`authentication.value` of tool `find_customer` still holds the placeholder `YOUR_API_KEY` where an API key belongs"
    );
}

#[test]
fn definition_tokens_and_urls() {
    let t = token("GitHub personal access token");
    let text = tool(&format!(
        r#"{{"type": "apiKey", "key": "Authorization", "value": "Bearer {}"}}"#,
        t.token
    ));
    let o = lint("definition.json", &text);
    assert_eq!(codes(&o), ["MCP302"], "{:#?}", o.rows);
    assert_eq!(o.rows[0].2, t.token);
    assert!(o.help[0].starts_with("revoke this credential and issue a new one; definitions"));

    let text = format!(
        r#"{{"name": "crm", "tools": [{{"name": "find", "type": "http", "method": "GET",
  "endpoint": "https://svc:{PASSWORD}@api.example.invalid/v1?api_key={GENERIC}&lang=en", "path": "/x"}}]}}"#
    );
    let o = lint("definition.json", &text);
    assert_eq!(codes(&o), ["MCP306", "MCP305"], "{:#?}", o.rows);
    assert_eq!(o.rows[0].2, PASSWORD);
    assert_eq!(o.rows[1].2, GENERIC);
    assert!(
        o.rows[0]
            .3
            .starts_with("the URL in `endpoint` of tool `find` embeds a password")
    );
    assert_eq!(o.redacted.len(), 2);
}

#[test]
fn registry_inputs() {
    // Declared secret: any literal; named like a credential: a random-looking literal.
    let text = package(&format!(
        r#""environmentVariables": [
      {{"name": "WEATHER_REGION", "isSecret": true, "value": "{PASSWORD}"}},
      {{"name": "WEATHER_API_KEY", "value": "{GENERIC}"}},
      {{"name": "WEATHER_TOKEN", "isSecret": true, "value": "{{token}}",
        "variables": {{"token": {{"isSecret": true}}}}}},
      {{"name": "WEATHER_KEY2", "isSecret": true}},
      {{"name": "LOG_LEVEL", "value": "debug"}},
      {{"name": "WEATHER_SECRET", "isSecret": true, "default": "<your-secret>"}}]"#
    ));
    let o = lint("server.json", &text);
    assert_eq!(codes(&o), ["MCP301", "MCP301", "MCP307"], "{:#?}", o.rows);
    assert_eq!(
        o.rows[0].3,
        "`environmentVariables[0].value` of package `@acme/weather-mcp` (environment variable `WEATHER_REGION`) holds a plaintext secret (`mcpv… (23 chars)`)"
    );
    assert!(o.rows[1].3.contains("holds a plaintext credential"));
    assert!(o.help[0].contains("`\"isSecret\": true` without `value` or `default`"));
    assert_eq!(o.redacted, [PASSWORD, GENERIC]);

    // A secret variable of a header given a default.
    let text = registry(&format!(
        r#""remotes": [{{"type": "streamable-http", "url": "https://w.example.invalid/mcp",
    "headers": [{{"name": "Authorization", "value": "Bearer {{token}}",
      "variables": {{"token": {{"isSecret": true, "default": "{GENERIC}"}}}}}},
      {{"name": "X-API-Key", "value": "{GENERIC}"}},
      {{"name": "X-Tenant", "isSecret": true, "value": "{PASSWORD}"}},
      {{"name": "Accept", "value": "application/json"}}]}}]"#
    ));
    let o = lint("server.json", &text);
    assert_eq!(codes(&o), ["MCP303", "MCP303", "MCP303"], "{:#?}", o.rows);
    assert!(
        o.rows[1].3.starts_with(
            "header `X-API-Key` at `$.remotes[0].headers[1].value` sends a literal credential"
        ),
        "{}",
        o.rows[1].3
    );
    assert_eq!(o.redacted, [GENERIC, GENERIC, PASSWORD]);

    // Arguments: a credential flag, a declared positional value, a reference.
    let text = package(&format!(
        r#""packageArguments": [
      {{"type": "named", "name": "--api-key", "value": "{GENERIC}"}},
      {{"type": "positional", "valueHint": "tenant", "isSecret": true, "value": "{PASSWORD}"}},
      {{"type": "named", "name": "--token", "value": "{{token}}"}},
      {{"type": "named", "name": "--port", "value": "8080"}}]"#
    ));
    let o = lint("server.json", &text);
    assert_eq!(codes(&o), ["MCP304", "MCP304"], "{:#?}", o.rows);
    assert!(
        o.rows[0]
            .3
            .contains("passes a secret to `--api-key` on the command line")
    );
    assert!(
        o.rows[1]
            .3
            .contains("passes a secret as `tenant` on the command line")
    );
    assert_eq!(o.redacted, [GENERIC, PASSWORD]);
}

#[test]
fn manifest_settings_and_command() {
    let server = r#"{"command": "node", "args": ["${__dirname}/server/index.js", "--api-key=${user_config.api_key}"],
      "env": {"WEATHER_API_KEY": "${user_config.api_key}"}}"#;
    let text = manifest(
        server,
        &format!(
            r#"{{"api_key": {{"type": "string", "title": "API key", "description": "Key.", "sensitive": true, "default": "{GENERIC}"}},
  "units": {{"type": "string", "title": "Units", "description": "Units.", "default": "metric"}},
  "token": {{"type": "string", "title": "Token", "description": "Token.", "sensitive": true}}}}"#
        ),
    );
    let o = lint("manifest.json", &text);
    assert_eq!(codes(&o), ["MCP301"], "{:#?}", o.rows);
    assert_eq!(
        o.rows[0].3,
        "`$.user_config.api_key.default` holds a plaintext credential (`mcpv… (23 chars)`)"
    );
    assert!(
        o.help[0].starts_with("the manifest is published with the extension: remove `default`")
    );

    // Literals in `mcp_config`: an `env` value and an argument.
    let server = format!(
        r#"{{"command": "node", "args": ["server/index.js", "--token", "{GENERIC}"],
      "env": {{"WEATHER_PASSWORD": "{PASSWORD}"}}}}"#
    );
    let o = lint("manifest.json", &manifest(&server, "{}"));
    assert_eq!(codes(&o), ["MCP304", "MCP301"], "{:#?}", o.rows);
    // Redacted in the order the rules ran.
    assert_eq!(o.redacted, [PASSWORD, GENERIC]);
    assert!(
        o.help
            .iter()
            .all(|h| h.contains("the manifest is published")),
        "{:#?}",
        o.help
    );
}

#[test]
fn listing_token_in_a_description() {
    let t = token("Slack token");
    let text = format!(
        r#"{{"tools": [{{"name": "post", "description": "Posts with {}.", "inputSchema": {{"type": "object"}}}}]}}"#,
        t.token
    );
    let o = lint("tools.json", &text);
    assert_eq!(codes(&o), ["MCP302"], "{:#?}", o.rows);
    assert!(
        o.rows[0]
            .3
            .starts_with("`description` of tool `post` holds a Slack"),
        "{}",
        o.rows[0].3
    );
}
