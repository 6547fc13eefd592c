use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::Client;
use crate::items::Label;

declare_rule! {
    /// A tool's name or input schema is outside what a target model API accepts.
    ///
    /// ## What it checks
    ///
    /// For each target of `--target` (every target by default), what MCP accepts but the
    /// target does not, beyond what `tool-name-client-incompatible` (MCP504) already
    /// reports about names (characters outside `a-z A-Z 0-9 _ -`, more than 64
    /// characters):
    ///
    /// | target | checked |
    /// |---|---|
    /// | `openai` | strict mode (`strict: true`) of function calling, only when `--target` names `openai` or `all` (hosts opt into strict mode tool by tool, and most send MCP tools without it): every object schema of `inputSchema` has `additionalProperties: false` and lists every property in `required`; no `oneOf` |
    /// | `gemini` | the function name starts with a letter or `_`; the `parameters` schema (an OpenAPI 3.0 subset) has no `$ref`, `oneOf`, `allOf` or list of types (`"type": ["string", "null"]`) |
    /// | `anthropic` | nothing beyond MCP504: the Claude API takes the input schema as JSON Schema |
    /// | `vscode`, `cursor` | nothing per tool; tool counts are MCP808 |
    ///
    /// One finding per tool and target, at the first value that breaks the limit, with the
    /// count of the others. The finding is informational: a host may convert the schema
    /// (inline `$ref`, add `additionalProperties`) or not use strict mode.
    ///
    /// ## Why it matters
    ///
    /// A host passes every enabled tool to the model API in one request. A tool the API
    /// rejects fails the whole request (Gemini validates every declaration first), or the
    /// host drops or rewrites the tool, so the model sees something else than the server
    /// advertises.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"3d_render","description":"Render a scene.","inputSchema":{"type":"object","properties":{"scene":{"type":"string"}},"required":["scene"],"additionalProperties":false}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"render_3d","description":"Render a scene.","inputSchema":{"type":"object","properties":{"scene":{"type":"string"}},"required":["scene"],"additionalProperties":false}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// Read on 2026-12-05:
    ///
    /// - OpenAI strict mode: `additionalProperties: false` and every property in
    ///   `required` (OpenAI Structured Outputs guide, as quoted in
    ///   <https://community.openai.com/t/official-documentation-for-supported-schemas-for-response-format-parameter-in-calls-to-client-beta-chats-completions-parse/932422>
    ///   and <https://dev.to/dev_in_the_fog/why-llm-structured-output-strict-mode-rejects-valid-json-schema-additionalproperties-required-o54>);
    ///   `oneOf` rejected with "'oneOf' is not permitted" (the same community thread).
    ///   Whether `allOf` and `not` are rejected is unconfirmed; they are not checked.
    /// - Gemini function names: "Must start with a letter or an underscore. Must be a-z,
    ///   A-Z, 0-9, or contain underscores and dashes, with a max length of 64"
    ///   (<https://cloud.google.com/vertex-ai/generative-ai/docs/reference/nodejs/latest/vertexai/functiondeclaration>,
    ///   <https://firebase.google.com/docs/reference/js/ai.functiondeclaration.md>).
    /// - Gemini `parameters` is an OpenAPI 3.0 subset: `$ref` in MCP tool schemas fails
    ///   with HTTP 400 (<https://github.com/DEEIX-AI/DEEIX-Chat/issues/546>); unions,
    ///   `$ref` and type lists need `parametersJsonSchema` instead
    ///   (<https://github.com/vercel/ai/pull/19000>,
    ///   <https://github.com/NousResearch/hermes-agent/pull/98928>,
    ///   <https://github.com/zavora-ai/adk-rust/pull/548>). Hosts that send
    ///   `parametersJsonSchema` accept full JSON Schema; the subset is a limit of the
    ///   `parameters` field only.
    pub(crate) static TOOL_INCOMPATIBLE_WITH_TARGET = {
        code: "MCP807",
        name: "tool-incompatible-with-target",
        severity: Info,
        target: TranscriptAndServer,
        since: "0.1.0",
    }
}

/// A value that breaks a limit, and why.
struct Problem<'d> {
    at: Value<'d>,
    what: String,
}

/// The subschemas of `schema`, with their relative paths.
fn subschemas<'d>(schema: Value<'d>, path: &str) -> Vec<(String, Value<'d>)> {
    let mut out = Vec::new();
    let join = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    for key in ["items", "additionalProperties", "not", "contains"] {
        if let Some(v) = schema.get(key).filter(|v| v.kind() == ValueKind::Object) {
            out.push((join(key), v));
        }
    }
    for key in ["anyOf", "oneOf", "allOf", "prefixItems"] {
        if let Some(v) = schema.get(key).filter(|v| v.kind() == ValueKind::Array) {
            for (i, element) in v.items().enumerate() {
                if element.kind() == ValueKind::Object {
                    out.push((format!("{}[{i}]", join(key)), element));
                }
            }
        }
    }
    for key in ["properties", "$defs", "definitions", "patternProperties"] {
        if let Some(v) = schema.get(key).filter(|v| v.kind() == ValueKind::Object) {
            for member in v.members() {
                if member.value.kind() == ValueKind::Object {
                    out.push((format!("{}.{}", join(key), member.key_str()), member.value));
                }
            }
        }
    }
    out
}

/// Every schema node of `root`, depth first, with its path.
fn nodes(root: Value<'_>) -> Vec<(String, Value<'_>)> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), root)];
    while let Some((path, node)) = stack.pop() {
        let mut children = subschemas(node, &path);
        children.reverse();
        stack.extend(children);
        out.push((path, node));
    }
    out
}

fn show(path: &str) -> String {
    if path.is_empty() {
        "the schema root".to_owned()
    } else {
        format!("`{path}`")
    }
}

/// What the `OpenAI` API's strict mode rejects in `schema`.
fn openai_strict(schema: Value<'_>) -> Vec<Problem<'_>> {
    let mut out = Vec::new();
    for (path, node) in nodes(schema) {
        if let Some(one_of) = node.get("oneOf") {
            out.push(Problem {
                at: one_of,
                what: format!("{} uses `oneOf`", show(&path)),
            });
        }
        let properties = node
            .get("properties")
            .filter(|p| p.kind() == ValueKind::Object);
        let is_object = properties.is_some()
            || node.get("type").and_then(Value::as_str).as_deref() == Some("object");
        if !is_object {
            continue;
        }
        match node.get("additionalProperties") {
            Some(v) if v.as_bool() == Some(false) => {}
            Some(v) => out.push(Problem {
                at: v,
                what: format!("{} allows additional properties", show(&path)),
            }),
            None => out.push(Problem {
                at: node,
                what: format!("{} has no `additionalProperties: false`", show(&path)),
            }),
        }
        let required: Vec<String> = node
            .get("required")
            .filter(|r| r.kind() == ValueKind::Array)
            .map(|r| {
                r.items()
                    .filter_map(|i| i.as_str().map(std::borrow::Cow::into_owned))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(properties) = properties {
            for member in properties.members() {
                let key = member.key_str();
                if !required.iter().any(|r| *r == key) {
                    out.push(Problem {
                        at: member.key,
                        what: format!("property `{key}` of {} is not in `required`", show(&path)),
                    });
                }
            }
        }
    }
    out
}

/// What Gemini's `parameters` subset rejects in `schema`.
fn gemini_subset(schema: Value<'_>) -> Vec<Problem<'_>> {
    let mut out = Vec::new();
    for (path, node) in nodes(schema) {
        for key in ["$ref", "oneOf", "allOf"] {
            if let Some(v) = node.get(key) {
                out.push(Problem {
                    at: v,
                    what: format!("{} uses `{key}`", show(&path)),
                });
            }
        }
        if let Some(types) = node.get("type").filter(|t| t.kind() == ValueKind::Array) {
            out.push(Problem {
                at: types,
                what: format!("{} lists several types", show(&path)),
            });
        }
    }
    out
}

/// Checks one tool (`label` names the item, as in ``tool `x` ``) against `client`.
pub(crate) fn check(
    client: Client,
    strict: bool,
    item: Value<'_>,
    label: &Label<'_>,
    report: &mut Reporter<'_>,
) {
    let schema = item
        .get("inputSchema")
        .or_else(|| item.get("requestSchema"))
        .filter(|s| s.kind() == ValueKind::Object);
    let mut problems: Vec<Problem<'_>> = Vec::new();
    let mode = match client {
        Client::OpenAi if strict => {
            problems.extend(schema.map(openai_strict).unwrap_or_default());
            "OpenAI strict mode"
        }
        Client::Gemini => {
            if let Some(name_value) = item.get("name")
                && let Some(name) = name_value.as_str()
                && let Some(first) = name.chars().next()
                && !(first.is_ascii_alphabetic() || first == '_')
            {
                problems.push(Problem {
                    at: name_value,
                    what: "the name does not start with an ASCII letter or `_`".to_owned(),
                });
            }
            problems.extend(schema.map(gemini_subset).unwrap_or_default());
            "Gemini function declarations"
        }
        Client::OpenAi | Client::Anthropic | Client::VsCode | Client::Cursor => return,
    };
    let Some(first) = problems.first() else {
        return;
    };
    let others = match problems.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more problem)".to_owned(),
        n => format!(" (and {n} more problems)"),
    };
    report.report(
        &TOOL_INCOMPATIBLE_WITH_TARGET,
        first.at,
        format!("{label} does not fit {mode}: {}{others}", first.what),
        match client {
            Client::OpenAi => {
                "close every object schema with `additionalProperties: false` and list every property in `required` (optional ones as nullable), if the server targets OpenAI strict mode"
            }
            _ => {
                "start the name with a letter and keep the schema to the OpenAPI subset (inline `$ref`, no `oneOf`/`allOf`, one type per schema), if the server targets Gemini"
            }
        },
    );
}
